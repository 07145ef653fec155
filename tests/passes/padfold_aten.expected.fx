graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %convolution_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%arg0_1, %_param_constant0, %_param_constant1), kwargs = {padding: (0, 0), stride: [2, 2], dilation: [1, 1], groups: 1, padding_end: (1, 1)})
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %convolution_1_fused_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%convolution_padded, %_param_constant2, %_param_constant3), kwargs = {padding: (3, 2), stride: [1, 1], dilation: [1, 1], groups: 1, activation: relu, negative_slope: 0.01, min: None, max: None, padding_end: (2, 1)})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %convolution_2_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%convolution_1_fused_padded, %_param_constant4, %_param_constant5), kwargs = {padding: (2, 1), stride: [1, 1], dilation: [1, 1], groups: 8, padding_end: (0, 1)})
    %max_pool2d_with_indices_padded : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%convolution_2_padded,), kwargs = {kernel_size: (3, 3), stride: (2, 2), padding: (1, 1), dilation: 1, ceil_mode: False})
    %avg_pool2d_padded : [#users=1] = call_function[target=torch.nn.functional.avg_pool2d](args = (%max_pool2d_with_indices_padded,), kwargs = {kernel_size: (3, 3), stride: (1, 1), padding: (1, 1), ceil_mode: False, count_include_pad: True})
    %constant_pad_nd_5 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%avg_pool2d_padded, [1, 1, 1, 1], 0.0), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %convolution_3_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%constant_pad_nd_5, %_param_constant6, %_param_constant7), kwargs = {stride: [1, 1], padding: [0, 0], dilation: [1, 1], groups: 1, residual: %constant_pad_nd_5, activation: none})
    %reflection_pad2d : [#users=1] = call_function[target=torch.ops.aten.reflection_pad2d.default](args = (%convolution_3_fused, [1, 1, 1, 1]), kwargs = {})
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_4 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%reflection_pad2d, %_param_constant8, %_param_constant9, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %constant_pad_nd_6 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convolution_4, [1, 1, 1, 1], 0.5), kwargs = {})
    %_param_constant8_1 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9_1 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_5 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%constant_pad_nd_6, %_param_constant8_1, %_param_constant9_1, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %constant_pad_nd_7 : [#users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%convolution_5, [0, 1, 0, 1], -inf), kwargs = {})
    %max_pool2d_with_indices_1 : [#users=1] = call_function[target=torch.ops.aten.max_pool2d.default](args = (%constant_pad_nd_7, [2, 2]), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%max_pool2d_with_indices_1, [2]), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %convolution_6_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%mean, %_param_constant10, %_param_constant11), kwargs = {padding: (2,), stride: [1], dilation: [1], groups: 1, padding_end: (0,)})
    return convolution_6_padded
