graph():
    %x : [#users=1] = placeholder[target=x]
    %linear_weight : [#users=1] = get_attr[target=linear.weight]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %linear_weight), kwargs = {})
    %linear : [#users=1] = call_module[target=linear](args = (%add,), kwargs = {})
    %relu : [#users=1] = call_method[target=relu](args = (%linear,), kwargs = {})
    %sum_1 : [#users=1] = call_function[target=torch.sum](args = (%relu,), kwargs = {dim: -1})
    %topk : [#users=1] = call_function[target=torch.topk](args = (%sum_1, 3), kwargs = {})
    return topk
