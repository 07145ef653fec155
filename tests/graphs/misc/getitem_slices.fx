graph():
    %x : [#users=3] = placeholder[target=x]
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%x, (slice(None, None, None), None, Ellipsis, slice(1, 3, None))), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%x, (-1, slice(None, None, 2))), kwargs = {})
    %getattr_1 : [#users=1] = call_function[target=builtins.getattr](args = (%x, shape), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%getattr_1, slice(2, None, None)), kwargs = {})
    return (getitem, getitem_1, getitem_2)
