graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %constant_pad_nd : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%arg0_1, [0, 1, 0, 1], 0.0), kwargs = {})
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd, %_param_constant0, %_param_constant1, [2, 2], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %constant_pad_nd_1 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convolution, [1, 0, 2, 1], 0.0), kwargs = {})
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %convolution_1 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd_1, %_param_constant2, %_param_constant3, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_1,), kwargs = {})
    %constant_pad_nd_2 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%relu, [1, 1, 2, 0], 0.0), kwargs = {})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %convolution_2 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd_2, %_param_constant4, %_param_constant5, [1, 1], [0, 0], [1, 1], False, [0, 0], 8), kwargs = {})
    %constant_pad_nd_3 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convolution_2, [1, 1, 1, 1], -inf), kwargs = {})
    %max_pool2d_with_indices : [#users=2] = call_function[target=torch.ops.aten.max_pool2d_with_indices.default](args = (%constant_pad_nd_3, [3, 3], [2, 2]), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices, 1), kwargs = {})
    %constant_pad_nd_4 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%getitem, [1, 1, 1, 1], 0.0), kwargs = {})
    %avg_pool2d : [#users=1] = call_function[target=torch.ops.aten.avg_pool2d.default](args = (%constant_pad_nd_4, [3, 3], [1, 1]), kwargs = {})
    %constant_pad_nd_5 : [#users=2] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%avg_pool2d, [1, 1, 1, 1], 0.0), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %convolution_3 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd_5, %_param_constant6, %_param_constant7, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %add : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%convolution_3, %constant_pad_nd_5), kwargs = {})
    %reflection_pad2d : [#users=1] = call_function[target=torch.ops.aten.reflection_pad2d.default](args = (%add, [1, 1, 1, 1]), kwargs = {})
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_4 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%reflection_pad2d, %_param_constant8, %_param_constant9, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %constant_pad_nd_6 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convolution_4, [1, 1, 1, 1], 0.5), kwargs = {})
    %_param_constant8_1 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9_1 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_5 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd_6, %_param_constant8_1, %_param_constant9_1, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %constant_pad_nd_7 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convolution_5, [0, 1, 0, 1], -inf), kwargs = {})
    %max_pool2d_with_indices_1 : [#users=2] = call_function[target=torch.ops.aten.max_pool2d_with_indices.default](args = (%constant_pad_nd_7, [2, 2]), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices_1, 0), kwargs = {})
    %getitem_3 : [#users=0] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices_1, 1), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%getitem_2, [2]), kwargs = {})
    %constant_pad_nd_8 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%mean, [2, 0], 0.0), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %convolution_6 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd_8, %_param_constant10, %_param_constant11, [1], [0], [1], False, [0], 1), kwargs = {})
    return convolution_6
