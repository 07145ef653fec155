graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=2] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %clone : [#users=2] = call_function[target=torch.clone](args = (%relu,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%clone, 1), kwargs = {})
    %view_1 : [#users=1] = call_method[target=view](args = (%clone, 24), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%view_1, 2), kwargs = {})
    %view_2 : [#users=1] = call_method[target=view](args = (%mul, 1, 2, 2, 6), kwargs = {})
    %max_pool2d_with_indices : [#users=1] = call_function[target=torch.ops.aten.max_pool2d.default](args = (%view_2, [2, 2], [2, 2]), kwargs = {})
    return (max_pool2d_with_indices, relu)
