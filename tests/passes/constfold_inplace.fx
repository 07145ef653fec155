graph():
    %x : [#users=1] = placeholder[target=x]
    %count : [#users=2] = get_attr[target=count]
    %add_ : [#users=0] = call_method[target=add_](args = (%count, 1.0), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%count, 2.0), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%x, %mul), kwargs = {})
    %w : [#users=1] = get_attr[target=w]
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%w, 3.0), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul_1, %mul_2), kwargs = {})
    return add
