graph(x, y : torch.Tensor):
    %linear_weight : [#users=1] = self.linear.weight
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%x, %linear_weight), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add_1, %y), kwargs = {})
    %linear_1 : [#users=1] = call_module[target=linear](args = (%mul,), kwargs = {})
    return (linear_1, [x, {'k': y}])
