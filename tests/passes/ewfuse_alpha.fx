graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=2] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %add : [#users=1] = call_function[target=torch.add](args = (%relu, 0.3), kwargs = {alpha: 2.7})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add, 1.5), kwargs = {})
    %sub : [#users=1] = call_function[target=torch.sub](args = (%relu, 0.1), kwargs = {alpha: 3})
    return (mul, sub)
