graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=3] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%getitem, 1), kwargs = {})
    return (add, getitem, sum_1, mul)
