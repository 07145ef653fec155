graph():
    %x : [#users=1] = placeholder[target=x]
    %repeat : [#users=1] = call_method[target=repeat](args = (%x, 4611686018427387904, 4), kwargs = {})
    return repeat
