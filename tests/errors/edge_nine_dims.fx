graph():
    %x : [#users=2] = placeholder[target=x]
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%x, (None, Ellipsis)), kwargs = {})
    %stack : [#users=1] = call_function[target=torch.stack](args = ([%x, %x],), kwargs = {})
    return (getitem, stack)
