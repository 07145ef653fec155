graph():
    %l_x_ : torch.Tensor [num_users=4] = placeholder[target=L_x_]
    %getattr_1 : [num_users=1] = call_function[target=builtins.getattr](args = (%l_x_, ndim), kwargs = {})
    %eq : [num_users=2] = call_function[target=operator.eq](args = (%getattr_1, 3), kwargs = {})
    %_assert : [num_users=0] = call_function[target=torch._assert](args = (%eq, expected 3D input (got Proxy(getattr_1)D input)), kwargs = {})
    %_assert_1 : [num_users=0] = call_function[target=torch._assert](args = (%eq, ), kwargs = {})
    %l__self___layer1_0_conv1 : [num_users=1] = call_module[target=L__self___layer1_0_conv1](args = (%l_x_,), kwargs = {})
    %l__self___pos : [num_users=1] = get_attr[target=L__self___pos]
    %self_1 : [num_users=0] = get_attr[target=]
    %size : [num_users=1] = call_method[target=size](args = (%l_x_, 2), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%l__self___pos, (slice(None, None, None), slice(None, size, None))), kwargs = {})
    %add : [num_users=1] = call_function[target=operator.add](args = (%l__self___layer1_0_conv1, %getitem), kwargs = {})
    %split : [num_users=2] = call_function[target=torch.functional.split](args = (%add, 2), kwargs = {dim: 1})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%getitem_1, %getitem_2), kwargs = {})
    %zeros_like : [num_users=1] = call_function[target=torch.ops.aten.zeros_like.default](args = (%l_x_,), kwargs = {pin_memory: False})
    %add_1 : [num_users=1] = call_function[target=operator.add](args = (%zeros_like, 1.0), kwargs = {})
    return (mul, add_1)
