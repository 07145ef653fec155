graph():
    %x : [#users=4] = placeholder[target=x]
    %mul_ : [#users=0] = call_method[target=mul_](args = (%x, 2.0), kwargs = {})
    %scale : [#users=2] = get_attr[target=scale]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %scale), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%add,), kwargs = {})
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    return (relu, x, relu, scale, size)
