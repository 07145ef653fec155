graph():
    %x : [#users=1] = placeholder[target=x]
    %flip : [#users=1] = call_method[target=flip](args = (%x, (1, 1)), kwargs = {})
    return flip
