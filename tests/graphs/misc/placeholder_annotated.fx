graph():
    %x : torch.Tensor [#users=1] = placeholder[target=x]
    %n : int [#users=1] = placeholder[target=n](default=3)
    %mask : typing.Optional[torch.Tensor] [#users=0] = placeholder[target=mask](default=None)
    %sum_1 : [#users=1] = call_method[target=sum](args = (%x,), kwargs = {dim: -1})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%sum_1, %n), kwargs = {})
    return mul
