graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=2] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %mul_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (mul(add(%relu, 0.8100000619888306), 1.5),), kwargs = {})
    %sub : [#users=1] = call_function[target=torch.sub](args = (%relu, 0.1), kwargs = {alpha: 3})
    return (mul_fused, sub)
