graph():
    %x : [#users=1] = placeholder[target=x]
    %scale : [#users=1] = get_attr[target=scale]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %scale), kwargs = {})
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %_tensor_constant0), kwargs = {})
    %bias : [#users=1] = get_attr[target=bias]
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, %bias), kwargs = {})
    return add_1
