graph():
    %x : [#users=1] = placeholder[target=x]
    %dropout : [#users=1] = call_function[target=torch.nn.functional.dropout](args = (%x,), kwargs = {p: 0.5, training: False})
    %contiguous : [#users=1] = call_method[target=contiguous](args = (%dropout,), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%contiguous, 2, 12), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%view,), kwargs = {})
    %detach : [#users=1] = call_method[target=detach](args = (%relu,), kwargs = {})
    %stochastic_depth : [#users=2] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%detach, 0.2, row, False), kwargs = {})
    %clone : [#users=1] = call_function[target=torch.clone](args = (%stochastic_depth,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%clone, 1), kwargs = {})
    %view_1 : [#users=1] = call_method[target=view](args = (%clone, 24), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%view_1, 2), kwargs = {})
    return (mul, stochastic_depth)
