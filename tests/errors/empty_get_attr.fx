graph():
    %x : [num_users=1] = placeholder[target=x]
    %self_1 : [num_users=1] = get_attr[target=]
    %eq : [num_users=1] = call_function[target=operator.eq](args = (2, 2), kwargs = {})
    %_assert : [num_users=0] = call_function[target=torch._assert](args = (%eq, %self_1), kwargs = {})
    %relu : [num_users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    return relu
