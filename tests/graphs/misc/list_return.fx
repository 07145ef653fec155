graph():
    %x : [#users=3] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2.5), kwargs = {})
    %neg : [#users=1] = call_function[target=operator.neg](args = (%x,), kwargs = {})
    return [add, mul, neg]
