graph():
    %x : [#users=1] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y](default=None)
    %scale : [#users=1] = placeholder[target=scale](default=2.0)
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %scale), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %y), kwargs = {})
    return add
