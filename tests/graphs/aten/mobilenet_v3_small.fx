graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %_tensor_constant1 : [#users=1] = get_attr[target=_tensor_constant1]
    %native_batch_norm : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution, %_param_constant1, %_param_constant2, %_tensor_constant0, %_tensor_constant1, False, 0.01, 0.001), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm, 1), kwargs = {})
    %getitem_2 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm, 2), kwargs = {})
    %hardswish_ : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem,), kwargs = {})
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %convolution_1 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish_, %_param_constant3, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 16), kwargs = {})
    %empty_1 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %_tensor_constant2 : [#users=1] = get_attr[target=_tensor_constant2]
    %_tensor_constant3 : [#users=1] = get_attr[target=_tensor_constant3]
    %native_batch_norm_1 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_1, %_param_constant4, %_param_constant5, %_tensor_constant2, %_tensor_constant3, False, 0.01, 0.001), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 0), kwargs = {})
    %getitem_4 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 1), kwargs = {})
    %getitem_5 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 2), kwargs = {})
    %relu_ : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_3,), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%relu_, [-1, -2], True), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %convolution_2 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean, %_param_constant6, %_param_constant7, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_2,), kwargs = {})
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_3 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu, %_param_constant8, %_param_constant9, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_3,), kwargs = {})
    %mul : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid, %relu_), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %convolution_4 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul, %_param_constant10, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_2 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %_param_constant12 : [#users=1] = get_attr[target=_param_constant12]
    %_tensor_constant4 : [#users=1] = get_attr[target=_tensor_constant4]
    %_tensor_constant5 : [#users=1] = get_attr[target=_tensor_constant5]
    %native_batch_norm_2 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_4, %_param_constant11, %_param_constant12, %_tensor_constant4, %_tensor_constant5, False, 0.01, 0.001), kwargs = {})
    %getitem_6 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 0), kwargs = {})
    %getitem_7 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 1), kwargs = {})
    %getitem_8 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 2), kwargs = {})
    %_param_constant13 : [#users=1] = get_attr[target=_param_constant13]
    %convolution_5 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_6, %_param_constant13, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_3 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant14 : [#users=1] = get_attr[target=_param_constant14]
    %_param_constant15 : [#users=1] = get_attr[target=_param_constant15]
    %_tensor_constant6 : [#users=1] = get_attr[target=_tensor_constant6]
    %_tensor_constant7 : [#users=1] = get_attr[target=_tensor_constant7]
    %native_batch_norm_3 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_5, %_param_constant14, %_param_constant15, %_tensor_constant6, %_tensor_constant7, False, 0.01, 0.001), kwargs = {})
    %getitem_9 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 0), kwargs = {})
    %getitem_10 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 1), kwargs = {})
    %getitem_11 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 2), kwargs = {})
    %relu__1 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_9,), kwargs = {})
    %_param_constant16 : [#users=1] = get_attr[target=_param_constant16]
    %convolution_6 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__1, %_param_constant16, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 72), kwargs = {})
    %empty_4 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant17 : [#users=1] = get_attr[target=_param_constant17]
    %_param_constant18 : [#users=1] = get_attr[target=_param_constant18]
    %_tensor_constant8 : [#users=1] = get_attr[target=_tensor_constant8]
    %_tensor_constant9 : [#users=1] = get_attr[target=_tensor_constant9]
    %native_batch_norm_4 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_6, %_param_constant17, %_param_constant18, %_tensor_constant8, %_tensor_constant9, False, 0.01, 0.001), kwargs = {})
    %getitem_12 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 0), kwargs = {})
    %getitem_13 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 1), kwargs = {})
    %getitem_14 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 2), kwargs = {})
    %relu__2 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_12,), kwargs = {})
    %_param_constant19 : [#users=1] = get_attr[target=_param_constant19]
    %convolution_7 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__2, %_param_constant19, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_5 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant20 : [#users=1] = get_attr[target=_param_constant20]
    %_param_constant21 : [#users=1] = get_attr[target=_param_constant21]
    %_tensor_constant10 : [#users=1] = get_attr[target=_tensor_constant10]
    %_tensor_constant11 : [#users=1] = get_attr[target=_tensor_constant11]
    %native_batch_norm_5 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_7, %_param_constant20, %_param_constant21, %_tensor_constant10, %_tensor_constant11, False, 0.01, 0.001), kwargs = {})
    %getitem_15 : [#users=2] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 0), kwargs = {})
    %getitem_16 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 1), kwargs = {})
    %getitem_17 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 2), kwargs = {})
    %_param_constant22 : [#users=1] = get_attr[target=_param_constant22]
    %convolution_8 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_15, %_param_constant22, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_6 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant23 : [#users=1] = get_attr[target=_param_constant23]
    %_param_constant24 : [#users=1] = get_attr[target=_param_constant24]
    %_tensor_constant12 : [#users=1] = get_attr[target=_tensor_constant12]
    %_tensor_constant13 : [#users=1] = get_attr[target=_tensor_constant13]
    %native_batch_norm_6 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_8, %_param_constant23, %_param_constant24, %_tensor_constant12, %_tensor_constant13, False, 0.01, 0.001), kwargs = {})
    %getitem_18 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 0), kwargs = {})
    %getitem_19 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 1), kwargs = {})
    %getitem_20 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 2), kwargs = {})
    %relu__3 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_18,), kwargs = {})
    %_param_constant25 : [#users=1] = get_attr[target=_param_constant25]
    %convolution_9 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__3, %_param_constant25, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 88), kwargs = {})
    %empty_7 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant26 : [#users=1] = get_attr[target=_param_constant26]
    %_param_constant27 : [#users=1] = get_attr[target=_param_constant27]
    %_tensor_constant14 : [#users=1] = get_attr[target=_tensor_constant14]
    %_tensor_constant15 : [#users=1] = get_attr[target=_tensor_constant15]
    %native_batch_norm_7 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_9, %_param_constant26, %_param_constant27, %_tensor_constant14, %_tensor_constant15, False, 0.01, 0.001), kwargs = {})
    %getitem_21 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 0), kwargs = {})
    %getitem_22 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 1), kwargs = {})
    %getitem_23 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 2), kwargs = {})
    %relu__4 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_21,), kwargs = {})
    %_param_constant28 : [#users=1] = get_attr[target=_param_constant28]
    %convolution_10 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__4, %_param_constant28, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_8 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant29 : [#users=1] = get_attr[target=_param_constant29]
    %_param_constant30 : [#users=1] = get_attr[target=_param_constant30]
    %_tensor_constant16 : [#users=1] = get_attr[target=_tensor_constant16]
    %_tensor_constant17 : [#users=1] = get_attr[target=_tensor_constant17]
    %native_batch_norm_8 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_10, %_param_constant29, %_param_constant30, %_tensor_constant16, %_tensor_constant17, False, 0.01, 0.001), kwargs = {})
    %getitem_24 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 0), kwargs = {})
    %getitem_25 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 1), kwargs = {})
    %getitem_26 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 2), kwargs = {})
    %add_ : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_24, %getitem_15), kwargs = {})
    %_param_constant31 : [#users=1] = get_attr[target=_param_constant31]
    %convolution_11 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add_, %_param_constant31, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_9 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant32 : [#users=1] = get_attr[target=_param_constant32]
    %_param_constant33 : [#users=1] = get_attr[target=_param_constant33]
    %_tensor_constant18 : [#users=1] = get_attr[target=_tensor_constant18]
    %_tensor_constant19 : [#users=1] = get_attr[target=_tensor_constant19]
    %native_batch_norm_9 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_11, %_param_constant32, %_param_constant33, %_tensor_constant18, %_tensor_constant19, False, 0.01, 0.001), kwargs = {})
    %getitem_27 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 0), kwargs = {})
    %getitem_28 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 1), kwargs = {})
    %getitem_29 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 2), kwargs = {})
    %hardswish__1 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_27,), kwargs = {})
    %_param_constant34 : [#users=1] = get_attr[target=_param_constant34]
    %convolution_12 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__1, %_param_constant34, None, [2, 2], [2, 2], [1, 1], False, [0, 0], 96), kwargs = {})
    %empty_10 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant35 : [#users=1] = get_attr[target=_param_constant35]
    %_param_constant36 : [#users=1] = get_attr[target=_param_constant36]
    %_tensor_constant20 : [#users=1] = get_attr[target=_tensor_constant20]
    %_tensor_constant21 : [#users=1] = get_attr[target=_tensor_constant21]
    %native_batch_norm_10 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_12, %_param_constant35, %_param_constant36, %_tensor_constant20, %_tensor_constant21, False, 0.01, 0.001), kwargs = {})
    %getitem_30 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 0), kwargs = {})
    %getitem_31 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 1), kwargs = {})
    %getitem_32 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 2), kwargs = {})
    %hardswish__2 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_30,), kwargs = {})
    %mean_1 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__2, [-1, -2], True), kwargs = {})
    %_param_constant37 : [#users=1] = get_attr[target=_param_constant37]
    %_param_constant38 : [#users=1] = get_attr[target=_param_constant38]
    %convolution_13 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_1, %_param_constant37, %_param_constant38, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_1 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_13,), kwargs = {})
    %_param_constant39 : [#users=1] = get_attr[target=_param_constant39]
    %_param_constant40 : [#users=1] = get_attr[target=_param_constant40]
    %convolution_14 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_1, %_param_constant39, %_param_constant40, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_1 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_14,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_1, %hardswish__2), kwargs = {})
    %_param_constant41 : [#users=1] = get_attr[target=_param_constant41]
    %convolution_15 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_1, %_param_constant41, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_11 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant42 : [#users=1] = get_attr[target=_param_constant42]
    %_param_constant43 : [#users=1] = get_attr[target=_param_constant43]
    %_tensor_constant22 : [#users=1] = get_attr[target=_tensor_constant22]
    %_tensor_constant23 : [#users=1] = get_attr[target=_tensor_constant23]
    %native_batch_norm_11 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_15, %_param_constant42, %_param_constant43, %_tensor_constant22, %_tensor_constant23, False, 0.01, 0.001), kwargs = {})
    %getitem_33 : [#users=2] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 0), kwargs = {})
    %getitem_34 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 1), kwargs = {})
    %getitem_35 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 2), kwargs = {})
    %_param_constant44 : [#users=1] = get_attr[target=_param_constant44]
    %convolution_16 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_33, %_param_constant44, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_12 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant45 : [#users=1] = get_attr[target=_param_constant45]
    %_param_constant46 : [#users=1] = get_attr[target=_param_constant46]
    %_tensor_constant24 : [#users=1] = get_attr[target=_tensor_constant24]
    %_tensor_constant25 : [#users=1] = get_attr[target=_tensor_constant25]
    %native_batch_norm_12 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_16, %_param_constant45, %_param_constant46, %_tensor_constant24, %_tensor_constant25, False, 0.01, 0.001), kwargs = {})
    %getitem_36 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 0), kwargs = {})
    %getitem_37 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 1), kwargs = {})
    %getitem_38 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 2), kwargs = {})
    %hardswish__3 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_36,), kwargs = {})
    %_param_constant47 : [#users=1] = get_attr[target=_param_constant47]
    %convolution_17 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__3, %_param_constant47, None, [1, 1], [2, 2], [1, 1], False, [0, 0], 240), kwargs = {})
    %empty_13 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant48 : [#users=1] = get_attr[target=_param_constant48]
    %_param_constant49 : [#users=1] = get_attr[target=_param_constant49]
    %_tensor_constant26 : [#users=1] = get_attr[target=_tensor_constant26]
    %_tensor_constant27 : [#users=1] = get_attr[target=_tensor_constant27]
    %native_batch_norm_13 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_17, %_param_constant48, %_param_constant49, %_tensor_constant26, %_tensor_constant27, False, 0.01, 0.001), kwargs = {})
    %getitem_39 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 0), kwargs = {})
    %getitem_40 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 1), kwargs = {})
    %getitem_41 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 2), kwargs = {})
    %hardswish__4 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_39,), kwargs = {})
    %mean_2 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__4, [-1, -2], True), kwargs = {})
    %_param_constant50 : [#users=1] = get_attr[target=_param_constant50]
    %_param_constant51 : [#users=1] = get_attr[target=_param_constant51]
    %convolution_18 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_2, %_param_constant50, %_param_constant51, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_2 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_18,), kwargs = {})
    %_param_constant52 : [#users=1] = get_attr[target=_param_constant52]
    %_param_constant53 : [#users=1] = get_attr[target=_param_constant53]
    %convolution_19 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_2, %_param_constant52, %_param_constant53, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_2 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_19,), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_2, %hardswish__4), kwargs = {})
    %_param_constant54 : [#users=1] = get_attr[target=_param_constant54]
    %convolution_20 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_2, %_param_constant54, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_14 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant55 : [#users=1] = get_attr[target=_param_constant55]
    %_param_constant56 : [#users=1] = get_attr[target=_param_constant56]
    %_tensor_constant28 : [#users=1] = get_attr[target=_tensor_constant28]
    %_tensor_constant29 : [#users=1] = get_attr[target=_tensor_constant29]
    %native_batch_norm_14 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_20, %_param_constant55, %_param_constant56, %_tensor_constant28, %_tensor_constant29, False, 0.01, 0.001), kwargs = {})
    %getitem_42 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 0), kwargs = {})
    %getitem_43 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 1), kwargs = {})
    %getitem_44 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 2), kwargs = {})
    %add__1 : [#users=2] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_42, %getitem_33), kwargs = {})
    %_param_constant57 : [#users=1] = get_attr[target=_param_constant57]
    %convolution_21 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add__1, %_param_constant57, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_15 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant58 : [#users=1] = get_attr[target=_param_constant58]
    %_param_constant59 : [#users=1] = get_attr[target=_param_constant59]
    %_tensor_constant30 : [#users=1] = get_attr[target=_tensor_constant30]
    %_tensor_constant31 : [#users=1] = get_attr[target=_tensor_constant31]
    %native_batch_norm_15 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_21, %_param_constant58, %_param_constant59, %_tensor_constant30, %_tensor_constant31, False, 0.01, 0.001), kwargs = {})
    %getitem_45 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 0), kwargs = {})
    %getitem_46 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 1), kwargs = {})
    %getitem_47 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 2), kwargs = {})
    %hardswish__5 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_45,), kwargs = {})
    %_param_constant60 : [#users=1] = get_attr[target=_param_constant60]
    %convolution_22 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__5, %_param_constant60, None, [1, 1], [2, 2], [1, 1], False, [0, 0], 240), kwargs = {})
    %empty_16 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant61 : [#users=1] = get_attr[target=_param_constant61]
    %_param_constant62 : [#users=1] = get_attr[target=_param_constant62]
    %_tensor_constant32 : [#users=1] = get_attr[target=_tensor_constant32]
    %_tensor_constant33 : [#users=1] = get_attr[target=_tensor_constant33]
    %native_batch_norm_16 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_22, %_param_constant61, %_param_constant62, %_tensor_constant32, %_tensor_constant33, False, 0.01, 0.001), kwargs = {})
    %getitem_48 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 0), kwargs = {})
    %getitem_49 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 1), kwargs = {})
    %getitem_50 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 2), kwargs = {})
    %hardswish__6 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_48,), kwargs = {})
    %mean_3 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__6, [-1, -2], True), kwargs = {})
    %_param_constant63 : [#users=1] = get_attr[target=_param_constant63]
    %_param_constant64 : [#users=1] = get_attr[target=_param_constant64]
    %convolution_23 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_3, %_param_constant63, %_param_constant64, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_3 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_23,), kwargs = {})
    %_param_constant65 : [#users=1] = get_attr[target=_param_constant65]
    %_param_constant66 : [#users=1] = get_attr[target=_param_constant66]
    %convolution_24 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_3, %_param_constant65, %_param_constant66, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_3 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_24,), kwargs = {})
    %mul_3 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_3, %hardswish__6), kwargs = {})
    %_param_constant67 : [#users=1] = get_attr[target=_param_constant67]
    %convolution_25 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_3, %_param_constant67, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_17 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant68 : [#users=1] = get_attr[target=_param_constant68]
    %_param_constant69 : [#users=1] = get_attr[target=_param_constant69]
    %_tensor_constant34 : [#users=1] = get_attr[target=_tensor_constant34]
    %_tensor_constant35 : [#users=1] = get_attr[target=_tensor_constant35]
    %native_batch_norm_17 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_25, %_param_constant68, %_param_constant69, %_tensor_constant34, %_tensor_constant35, False, 0.01, 0.001), kwargs = {})
    %getitem_51 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 0), kwargs = {})
    %getitem_52 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 1), kwargs = {})
    %getitem_53 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 2), kwargs = {})
    %add__2 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_51, %add__1), kwargs = {})
    %_param_constant70 : [#users=1] = get_attr[target=_param_constant70]
    %convolution_26 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add__2, %_param_constant70, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_18 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant71 : [#users=1] = get_attr[target=_param_constant71]
    %_param_constant72 : [#users=1] = get_attr[target=_param_constant72]
    %_tensor_constant36 : [#users=1] = get_attr[target=_tensor_constant36]
    %_tensor_constant37 : [#users=1] = get_attr[target=_tensor_constant37]
    %native_batch_norm_18 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_26, %_param_constant71, %_param_constant72, %_tensor_constant36, %_tensor_constant37, False, 0.01, 0.001), kwargs = {})
    %getitem_54 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 0), kwargs = {})
    %getitem_55 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 1), kwargs = {})
    %getitem_56 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 2), kwargs = {})
    %hardswish__7 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_54,), kwargs = {})
    %_param_constant73 : [#users=1] = get_attr[target=_param_constant73]
    %convolution_27 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__7, %_param_constant73, None, [1, 1], [2, 2], [1, 1], False, [0, 0], 120), kwargs = {})
    %empty_19 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant74 : [#users=1] = get_attr[target=_param_constant74]
    %_param_constant75 : [#users=1] = get_attr[target=_param_constant75]
    %_tensor_constant38 : [#users=1] = get_attr[target=_tensor_constant38]
    %_tensor_constant39 : [#users=1] = get_attr[target=_tensor_constant39]
    %native_batch_norm_19 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_27, %_param_constant74, %_param_constant75, %_tensor_constant38, %_tensor_constant39, False, 0.01, 0.001), kwargs = {})
    %getitem_57 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 0), kwargs = {})
    %getitem_58 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 1), kwargs = {})
    %getitem_59 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 2), kwargs = {})
    %hardswish__8 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_57,), kwargs = {})
    %mean_4 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__8, [-1, -2], True), kwargs = {})
    %_param_constant76 : [#users=1] = get_attr[target=_param_constant76]
    %_param_constant77 : [#users=1] = get_attr[target=_param_constant77]
    %convolution_28 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_4, %_param_constant76, %_param_constant77, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_4 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_28,), kwargs = {})
    %_param_constant78 : [#users=1] = get_attr[target=_param_constant78]
    %_param_constant79 : [#users=1] = get_attr[target=_param_constant79]
    %convolution_29 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_4, %_param_constant78, %_param_constant79, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_4 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_29,), kwargs = {})
    %mul_4 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_4, %hardswish__8), kwargs = {})
    %_param_constant80 : [#users=1] = get_attr[target=_param_constant80]
    %convolution_30 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_4, %_param_constant80, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_20 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant81 : [#users=1] = get_attr[target=_param_constant81]
    %_param_constant82 : [#users=1] = get_attr[target=_param_constant82]
    %_tensor_constant40 : [#users=1] = get_attr[target=_tensor_constant40]
    %_tensor_constant41 : [#users=1] = get_attr[target=_tensor_constant41]
    %native_batch_norm_20 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_30, %_param_constant81, %_param_constant82, %_tensor_constant40, %_tensor_constant41, False, 0.01, 0.001), kwargs = {})
    %getitem_60 : [#users=2] = call_function[target=operator.getitem](args = (%native_batch_norm_20, 0), kwargs = {})
    %getitem_61 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_20, 1), kwargs = {})
    %getitem_62 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_20, 2), kwargs = {})
    %_param_constant83 : [#users=1] = get_attr[target=_param_constant83]
    %convolution_31 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_60, %_param_constant83, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_21 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant84 : [#users=1] = get_attr[target=_param_constant84]
    %_param_constant85 : [#users=1] = get_attr[target=_param_constant85]
    %_tensor_constant42 : [#users=1] = get_attr[target=_tensor_constant42]
    %_tensor_constant43 : [#users=1] = get_attr[target=_tensor_constant43]
    %native_batch_norm_21 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_31, %_param_constant84, %_param_constant85, %_tensor_constant42, %_tensor_constant43, False, 0.01, 0.001), kwargs = {})
    %getitem_63 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_21, 0), kwargs = {})
    %getitem_64 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_21, 1), kwargs = {})
    %getitem_65 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_21, 2), kwargs = {})
    %hardswish__9 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_63,), kwargs = {})
    %_param_constant86 : [#users=1] = get_attr[target=_param_constant86]
    %convolution_32 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__9, %_param_constant86, None, [1, 1], [2, 2], [1, 1], False, [0, 0], 144), kwargs = {})
    %empty_22 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant87 : [#users=1] = get_attr[target=_param_constant87]
    %_param_constant88 : [#users=1] = get_attr[target=_param_constant88]
    %_tensor_constant44 : [#users=1] = get_attr[target=_tensor_constant44]
    %_tensor_constant45 : [#users=1] = get_attr[target=_tensor_constant45]
    %native_batch_norm_22 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_32, %_param_constant87, %_param_constant88, %_tensor_constant44, %_tensor_constant45, False, 0.01, 0.001), kwargs = {})
    %getitem_66 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_22, 0), kwargs = {})
    %getitem_67 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_22, 1), kwargs = {})
    %getitem_68 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_22, 2), kwargs = {})
    %hardswish__10 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_66,), kwargs = {})
    %mean_5 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__10, [-1, -2], True), kwargs = {})
    %_param_constant89 : [#users=1] = get_attr[target=_param_constant89]
    %_param_constant90 : [#users=1] = get_attr[target=_param_constant90]
    %convolution_33 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_5, %_param_constant89, %_param_constant90, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_5 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_33,), kwargs = {})
    %_param_constant91 : [#users=1] = get_attr[target=_param_constant91]
    %_param_constant92 : [#users=1] = get_attr[target=_param_constant92]
    %convolution_34 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_5, %_param_constant91, %_param_constant92, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_5 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_34,), kwargs = {})
    %mul_5 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_5, %hardswish__10), kwargs = {})
    %_param_constant93 : [#users=1] = get_attr[target=_param_constant93]
    %convolution_35 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_5, %_param_constant93, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_23 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant94 : [#users=1] = get_attr[target=_param_constant94]
    %_param_constant95 : [#users=1] = get_attr[target=_param_constant95]
    %_tensor_constant46 : [#users=1] = get_attr[target=_tensor_constant46]
    %_tensor_constant47 : [#users=1] = get_attr[target=_tensor_constant47]
    %native_batch_norm_23 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_35, %_param_constant94, %_param_constant95, %_tensor_constant46, %_tensor_constant47, False, 0.01, 0.001), kwargs = {})
    %getitem_69 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_23, 0), kwargs = {})
    %getitem_70 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_23, 1), kwargs = {})
    %getitem_71 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_23, 2), kwargs = {})
    %add__3 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_69, %getitem_60), kwargs = {})
    %_param_constant96 : [#users=1] = get_attr[target=_param_constant96]
    %convolution_36 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add__3, %_param_constant96, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_24 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant97 : [#users=1] = get_attr[target=_param_constant97]
    %_param_constant98 : [#users=1] = get_attr[target=_param_constant98]
    %_tensor_constant48 : [#users=1] = get_attr[target=_tensor_constant48]
    %_tensor_constant49 : [#users=1] = get_attr[target=_tensor_constant49]
    %native_batch_norm_24 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_36, %_param_constant97, %_param_constant98, %_tensor_constant48, %_tensor_constant49, False, 0.01, 0.001), kwargs = {})
    %getitem_72 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_24, 0), kwargs = {})
    %getitem_73 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_24, 1), kwargs = {})
    %getitem_74 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_24, 2), kwargs = {})
    %hardswish__11 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_72,), kwargs = {})
    %_param_constant99 : [#users=1] = get_attr[target=_param_constant99]
    %convolution_37 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__11, %_param_constant99, None, [2, 2], [2, 2], [1, 1], False, [0, 0], 288), kwargs = {})
    %empty_25 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant100 : [#users=1] = get_attr[target=_param_constant100]
    %_param_constant101 : [#users=1] = get_attr[target=_param_constant101]
    %_tensor_constant50 : [#users=1] = get_attr[target=_tensor_constant50]
    %_tensor_constant51 : [#users=1] = get_attr[target=_tensor_constant51]
    %native_batch_norm_25 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_37, %_param_constant100, %_param_constant101, %_tensor_constant50, %_tensor_constant51, False, 0.01, 0.001), kwargs = {})
    %getitem_75 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_25, 0), kwargs = {})
    %getitem_76 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_25, 1), kwargs = {})
    %getitem_77 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_25, 2), kwargs = {})
    %hardswish__12 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_75,), kwargs = {})
    %mean_6 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__12, [-1, -2], True), kwargs = {})
    %_param_constant102 : [#users=1] = get_attr[target=_param_constant102]
    %_param_constant103 : [#users=1] = get_attr[target=_param_constant103]
    %convolution_38 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_6, %_param_constant102, %_param_constant103, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_6 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_38,), kwargs = {})
    %_param_constant104 : [#users=1] = get_attr[target=_param_constant104]
    %_param_constant105 : [#users=1] = get_attr[target=_param_constant105]
    %convolution_39 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_6, %_param_constant104, %_param_constant105, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_6 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_39,), kwargs = {})
    %mul_6 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_6, %hardswish__12), kwargs = {})
    %_param_constant106 : [#users=1] = get_attr[target=_param_constant106]
    %convolution_40 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_6, %_param_constant106, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_26 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant107 : [#users=1] = get_attr[target=_param_constant107]
    %_param_constant108 : [#users=1] = get_attr[target=_param_constant108]
    %_tensor_constant52 : [#users=1] = get_attr[target=_tensor_constant52]
    %_tensor_constant53 : [#users=1] = get_attr[target=_tensor_constant53]
    %native_batch_norm_26 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_40, %_param_constant107, %_param_constant108, %_tensor_constant52, %_tensor_constant53, False, 0.01, 0.001), kwargs = {})
    %getitem_78 : [#users=2] = call_function[target=operator.getitem](args = (%native_batch_norm_26, 0), kwargs = {})
    %getitem_79 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_26, 1), kwargs = {})
    %getitem_80 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_26, 2), kwargs = {})
    %_param_constant109 : [#users=1] = get_attr[target=_param_constant109]
    %convolution_41 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_78, %_param_constant109, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_27 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant110 : [#users=1] = get_attr[target=_param_constant110]
    %_param_constant111 : [#users=1] = get_attr[target=_param_constant111]
    %_tensor_constant54 : [#users=1] = get_attr[target=_tensor_constant54]
    %_tensor_constant55 : [#users=1] = get_attr[target=_tensor_constant55]
    %native_batch_norm_27 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_41, %_param_constant110, %_param_constant111, %_tensor_constant54, %_tensor_constant55, False, 0.01, 0.001), kwargs = {})
    %getitem_81 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_27, 0), kwargs = {})
    %getitem_82 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_27, 1), kwargs = {})
    %getitem_83 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_27, 2), kwargs = {})
    %hardswish__13 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_81,), kwargs = {})
    %_param_constant112 : [#users=1] = get_attr[target=_param_constant112]
    %convolution_42 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__13, %_param_constant112, None, [1, 1], [2, 2], [1, 1], False, [0, 0], 576), kwargs = {})
    %empty_28 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant113 : [#users=1] = get_attr[target=_param_constant113]
    %_param_constant114 : [#users=1] = get_attr[target=_param_constant114]
    %_tensor_constant56 : [#users=1] = get_attr[target=_tensor_constant56]
    %_tensor_constant57 : [#users=1] = get_attr[target=_tensor_constant57]
    %native_batch_norm_28 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_42, %_param_constant113, %_param_constant114, %_tensor_constant56, %_tensor_constant57, False, 0.01, 0.001), kwargs = {})
    %getitem_84 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_28, 0), kwargs = {})
    %getitem_85 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_28, 1), kwargs = {})
    %getitem_86 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_28, 2), kwargs = {})
    %hardswish__14 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_84,), kwargs = {})
    %mean_7 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__14, [-1, -2], True), kwargs = {})
    %_param_constant115 : [#users=1] = get_attr[target=_param_constant115]
    %_param_constant116 : [#users=1] = get_attr[target=_param_constant116]
    %convolution_43 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_7, %_param_constant115, %_param_constant116, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_7 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_43,), kwargs = {})
    %_param_constant117 : [#users=1] = get_attr[target=_param_constant117]
    %_param_constant118 : [#users=1] = get_attr[target=_param_constant118]
    %convolution_44 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_7, %_param_constant117, %_param_constant118, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_7 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_44,), kwargs = {})
    %mul_7 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_7, %hardswish__14), kwargs = {})
    %_param_constant119 : [#users=1] = get_attr[target=_param_constant119]
    %convolution_45 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_7, %_param_constant119, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_29 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant120 : [#users=1] = get_attr[target=_param_constant120]
    %_param_constant121 : [#users=1] = get_attr[target=_param_constant121]
    %_tensor_constant58 : [#users=1] = get_attr[target=_tensor_constant58]
    %_tensor_constant59 : [#users=1] = get_attr[target=_tensor_constant59]
    %native_batch_norm_29 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_45, %_param_constant120, %_param_constant121, %_tensor_constant58, %_tensor_constant59, False, 0.01, 0.001), kwargs = {})
    %getitem_87 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_29, 0), kwargs = {})
    %getitem_88 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_29, 1), kwargs = {})
    %getitem_89 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_29, 2), kwargs = {})
    %add__4 : [#users=2] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_87, %getitem_78), kwargs = {})
    %_param_constant122 : [#users=1] = get_attr[target=_param_constant122]
    %convolution_46 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add__4, %_param_constant122, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_30 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant123 : [#users=1] = get_attr[target=_param_constant123]
    %_param_constant124 : [#users=1] = get_attr[target=_param_constant124]
    %_tensor_constant60 : [#users=1] = get_attr[target=_tensor_constant60]
    %_tensor_constant61 : [#users=1] = get_attr[target=_tensor_constant61]
    %native_batch_norm_30 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_46, %_param_constant123, %_param_constant124, %_tensor_constant60, %_tensor_constant61, False, 0.01, 0.001), kwargs = {})
    %getitem_90 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_30, 0), kwargs = {})
    %getitem_91 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_30, 1), kwargs = {})
    %getitem_92 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_30, 2), kwargs = {})
    %hardswish__15 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_90,), kwargs = {})
    %_param_constant125 : [#users=1] = get_attr[target=_param_constant125]
    %convolution_47 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%hardswish__15, %_param_constant125, None, [1, 1], [2, 2], [1, 1], False, [0, 0], 576), kwargs = {})
    %empty_31 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant126 : [#users=1] = get_attr[target=_param_constant126]
    %_param_constant127 : [#users=1] = get_attr[target=_param_constant127]
    %_tensor_constant62 : [#users=1] = get_attr[target=_tensor_constant62]
    %_tensor_constant63 : [#users=1] = get_attr[target=_tensor_constant63]
    %native_batch_norm_31 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_47, %_param_constant126, %_param_constant127, %_tensor_constant62, %_tensor_constant63, False, 0.01, 0.001), kwargs = {})
    %getitem_93 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_31, 0), kwargs = {})
    %getitem_94 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_31, 1), kwargs = {})
    %getitem_95 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_31, 2), kwargs = {})
    %hardswish__16 : [#users=2] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_93,), kwargs = {})
    %mean_8 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__16, [-1, -2], True), kwargs = {})
    %_param_constant128 : [#users=1] = get_attr[target=_param_constant128]
    %_param_constant129 : [#users=1] = get_attr[target=_param_constant129]
    %convolution_48 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mean_8, %_param_constant128, %_param_constant129, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %relu_8 : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%convolution_48,), kwargs = {})
    %_param_constant130 : [#users=1] = get_attr[target=_param_constant130]
    %_param_constant131 : [#users=1] = get_attr[target=_param_constant131]
    %convolution_49 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu_8, %_param_constant130, %_param_constant131, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %hardsigmoid_8 : [#users=1] = call_function[target=torch.ops.aten.hardsigmoid.default](args = (%convolution_49,), kwargs = {})
    %mul_8 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%hardsigmoid_8, %hardswish__16), kwargs = {})
    %_param_constant132 : [#users=1] = get_attr[target=_param_constant132]
    %convolution_50 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%mul_8, %_param_constant132, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_32 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant133 : [#users=1] = get_attr[target=_param_constant133]
    %_param_constant134 : [#users=1] = get_attr[target=_param_constant134]
    %_tensor_constant64 : [#users=1] = get_attr[target=_tensor_constant64]
    %_tensor_constant65 : [#users=1] = get_attr[target=_tensor_constant65]
    %native_batch_norm_32 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_50, %_param_constant133, %_param_constant134, %_tensor_constant64, %_tensor_constant65, False, 0.01, 0.001), kwargs = {})
    %getitem_96 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_32, 0), kwargs = {})
    %getitem_97 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_32, 1), kwargs = {})
    %getitem_98 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_32, 2), kwargs = {})
    %add__5 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_96, %add__4), kwargs = {})
    %_param_constant135 : [#users=1] = get_attr[target=_param_constant135]
    %convolution_51 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%add__5, %_param_constant135, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_33 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant136 : [#users=1] = get_attr[target=_param_constant136]
    %_param_constant137 : [#users=1] = get_attr[target=_param_constant137]
    %_tensor_constant66 : [#users=1] = get_attr[target=_tensor_constant66]
    %_tensor_constant67 : [#users=1] = get_attr[target=_tensor_constant67]
    %native_batch_norm_33 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_51, %_param_constant136, %_param_constant137, %_tensor_constant66, %_tensor_constant67, False, 0.01, 0.001), kwargs = {})
    %getitem_99 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_33, 0), kwargs = {})
    %getitem_100 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_33, 1), kwargs = {})
    %getitem_101 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_33, 2), kwargs = {})
    %hardswish__17 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%getitem_99,), kwargs = {})
    %mean_9 : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%hardswish__17, [-1, -2], True), kwargs = {})
    %_reshape_alias : [#users=1] = call_function[target=torch.ops.aten._reshape_alias.default](args = (%mean_9, [1, 576], [576, 1]), kwargs = {})
    %_param_constant138 : [#users=1] = get_attr[target=_param_constant138]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant138,), kwargs = {})
    %_param_constant139 : [#users=1] = get_attr[target=_param_constant139]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant139, %_reshape_alias, %t), kwargs = {})
    %hardswish__18 : [#users=1] = call_function[target=torch.ops.aten.hardswish_.default](args = (%addmm,), kwargs = {})
    %_param_constant140 : [#users=1] = get_attr[target=_param_constant140]
    %t_1 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant140,), kwargs = {})
    %_param_constant141 : [#users=1] = get_attr[target=_param_constant141]
    %addmm_1 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant141, %hardswish__18, %t_1), kwargs = {})
    return addmm_1
