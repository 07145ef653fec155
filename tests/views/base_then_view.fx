graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=4] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=2] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%add, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%getitem, 1), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%add, 2), kwargs = {})
    return (mul, t, getitem)
