graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %convolution : [#users=12] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, %_param_constant1, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %relu_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (relu(add(mul(%convolution, 2.0), %_param_constant2)),), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%convolution, [2, 3], True), kwargs = {})
    %sigmoid_1 : [#users=1] = call_function[target=torch.ops.aten.sigmoid.default](args = (%mean,), kwargs = {})
    %tanh_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (tanh(mul(pow(maximum(div(leaky_relu(sub(1.0, sigmoid(clamp(sub(%relu_fused, mul(%convolution, 0.5)), None, 1.0))), 0.1), add(abs(%convolution), 0.001)), %relu_fused), 2.0), %sigmoid_1)),), kwargs = {})
    %add_2_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (add(mul(%tanh_fused, %tanh_fused), clamp(%tanh_fused, -0.5, 0.5)),), kwargs = {})
    %clone : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%add_2_fused,), kwargs = {})
    %add_ : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%clone, 1.0), kwargs = {})
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %view : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%_param_constant3, [1, 8, 1, 1]), kwargs = {})
    %roll : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [0], [3]), kwargs = {})
    %roll_1 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [1], [3]), kwargs = {})
    %roll_2 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [2], [3]), kwargs = {})
    %roll_3 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [3], [3]), kwargs = {})
    %roll_4 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [4], [3]), kwargs = {})
    %roll_5 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [5], [3]), kwargs = {})
    %roll_6 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [6], [3]), kwargs = {})
    %roll_7 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [7], [3]), kwargs = {})
    %roll_8 : [#users=1] = call_function[target=torch.ops.aten.roll.default](args = (%convolution, [8], [3]), kwargs = {})
    %add_4_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (add(add(%roll, %roll_1), %roll_2),), kwargs = {})
    %add_10_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (add(add(add(add(add(add(%add_4_fused, %roll_3), %roll_4), %roll_5), %roll_6), %roll_7), %roll_8),), kwargs = {})
    %mul_11_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (mul(add(mul(add(mul(add(mul(add(mul(add(mul(add(mul(add(mul(elu(%add_10_fused, 0.5, 1.0, 1.0), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9),), kwargs = {})
    %add_25_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (add(mul(add(mul(add(mul(add(mul(add(mul(add(mul(add(mul(add(%mul_11_fused, 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05),), kwargs = {})
    %sub_1_fused : [#users=2] = call_function[target=fx2c.pointwise](args = (sub(softplus(add(mul(add(mul(add(mul(add(mul(add(mul(%add_25_fused, 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 0.9), 0.05), 2.0, 20.0), nan_to_num(rsqrt(hardswish(mul(neg(exp(gelu_tanh(%add_))), %view))), 0.0, 10.0, -10.0)),), kwargs = {})
    %gt : [#users=1] = call_function[target=torch.ops.aten.gt.Scalar](args = (%sub_1_fused, 0), kwargs = {})
    %sum_1 : [#users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%gt, [1]), kwargs = {})
    return (sub_1_fused, sum_1)
