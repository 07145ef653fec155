graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, %_param_constant1, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %_tensor_constant1 : [#users=1] = get_attr[target=_tensor_constant1]
    %native_batch_norm : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution, %_param_constant2, %_param_constant3, %_tensor_constant0, %_tensor_constant1, False, 0.1, 1e-05), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm, 1), kwargs = {})
    %getitem_2 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm, 2), kwargs = {})
    %relu : [#users=2] = call_function[target=torch.ops.aten.relu.default](args = (%getitem,), kwargs = {})
    %detach : [#users=0] = call_function[target=torch.ops.aten.detach.default](args = (%relu,), kwargs = {})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %convolution_1 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu, %_param_constant4, %_param_constant5, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_1 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %_tensor_constant2 : [#users=1] = get_attr[target=_tensor_constant2]
    %_tensor_constant3 : [#users=1] = get_attr[target=_tensor_constant3]
    %native_batch_norm_1 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_1, %_param_constant6, %_param_constant7, %_tensor_constant2, %_tensor_constant3, False, 0.1, 1e-05), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 0), kwargs = {})
    %getitem_4 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 1), kwargs = {})
    %getitem_5 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 2), kwargs = {})
    %relu_1 : [#users=2] = call_function[target=torch.ops.aten.relu.default](args = (%getitem_3,), kwargs = {})
    %detach_1 : [#users=0] = call_function[target=torch.ops.aten.detach.default](args = (%relu_1,), kwargs = {})
    %max_pool2d_with_indices : [#users=2] = call_function[target=torch.ops.aten.max_pool2d_with_indices.default](args = (%relu_1, [2, 2], [2, 2]), kwargs = {})
    %getitem_6 : [#users=1] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices, 0), kwargs = {})
    %getitem_7 : [#users=0] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices, 1), kwargs = {})
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_2 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_6, %_param_constant8, %_param_constant9, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_2 : [#users=2] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_2,), kwargs = {})
    %detach_2 : [#users=0] = call_function[target=torch.ops.aten.detach.default](args = (%relu_2,), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%relu_2, [-1, -2], True), kwargs = {})
    %_reshape_alias : [#users=1] = call_function[target=torch.ops.aten._reshape_alias.default](args = (%mean, [1, 16], [16, 1]), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant10,), kwargs = {})
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant11, %_reshape_alias, %t), kwargs = {})
    return addmm
