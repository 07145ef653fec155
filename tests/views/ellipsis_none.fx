graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (Ellipsis, 1)), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%getitem, None), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem_1, -1), kwargs = {})
    return add
