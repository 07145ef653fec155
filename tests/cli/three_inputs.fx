graph():
    %image : [#users=1] = placeholder[target=image]
    %mask : [#users=1] = placeholder[target=mask]
    %bias : [#users=1] = placeholder[target=bias]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%image, %mask), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, %bias), kwargs = {})
    return add
