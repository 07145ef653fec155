graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, %_param_constant1, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %convolution_1 : [#users=2] = call_function[target=torch.ops.aten.convolution.default](args = (%convolution, %_param_constant4, %_param_constant5, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %_tensor_constant2 : [#users=1] = get_attr[target=_tensor_constant2]
    %_tensor_constant3 : [#users=1] = get_attr[target=_tensor_constant3]
    %native_batch_norm_1 : [#users=1] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_1, %_param_constant6, %_param_constant7, %_tensor_constant2, %_tensor_constant3, False, 0.1, 1e-05), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 0), kwargs = {})
    %add : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_3, %convolution_1), kwargs = {})
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_2 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add, %_param_constant8, %_param_constant9, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %_tensor_constant4 : [#users=1] = get_attr[target=_tensor_constant4]
    %_tensor_constant5 : [#users=1] = get_attr[target=_tensor_constant5]
    %native_batch_norm_2 : [#users=1] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_2, %_param_constant10, %_param_constant11, %_tensor_constant4, %_tensor_constant5, False, 0.1, 1e-05), kwargs = {})
    %getitem_6 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 0), kwargs = {})
    %mul : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add, 2), kwargs = {})
    %_param_constant8_1 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9_1 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_3 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul, %_param_constant8_1, %_param_constant9_1, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_6, %convolution_3), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%add_1, [3]), kwargs = {})
    %_param_constant12 : [#users=1] = get_attr[target=_param_constant12]
    %_param_constant12_bias : [#users=1] = get_attr[target=_param_constant12_bias]
    %convolution_4 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean, %_param_constant12, %_param_constant12_bias, [1], [0], [1], False, [0], 1), kwargs = {})
    %mean_1 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%convolution_4, [2]), kwargs = {})
    %_param_constant15 : [#users=1] = get_attr[target=_param_constant15]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant15,), kwargs = {})
    %_param_constant16 : [#users=1] = get_attr[target=_param_constant16]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant16, %mean_1, %t), kwargs = {})
    %_param_constant17 : [#users=1] = get_attr[target=_param_constant17]
    %_param_constant18 : [#users=1] = get_attr[target=_param_constant18]
    %_tensor_constant8 : [#users=1] = get_attr[target=_tensor_constant8]
    %_tensor_constant9 : [#users=1] = get_attr[target=_tensor_constant9]
    %native_batch_norm_4 : [#users=1] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%addmm, %_param_constant17, %_param_constant18, %_tensor_constant8, %_tensor_constant9, False, 0.1, 1e-05), kwargs = {})
    %getitem_12 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 0), kwargs = {})
    return getitem_12
