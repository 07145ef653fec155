graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=2] = call_function[target=operator.getitem](args = (%add, 0), kwargs = {})
    %getitem_1 : [#users=2] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), 0)), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%getitem_1, 1), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem_1, 10), kwargs = {})
    return (getitem, mul, add)
