graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, 1), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 3), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%add, (0, 2)), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem_1, 10), kwargs = {})
    return add
