graph():
    %x : [#users=2] = placeholder[target=x]
    %relu : [#users=1] = call_method[target=relu](args = (%x,), kwargs = {})
    %tanh : [#users=1] = call_method[target=tanh](args = (%x,), kwargs = {})
    return {'out': relu, 'aux': tanh}
