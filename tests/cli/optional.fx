graph():
    %x : [#users=1] = placeholder[target=x]
    %scale : [#users=1] = placeholder[target=scale](default=2.0)
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %scale), kwargs = {})
    return mul
