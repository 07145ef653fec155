graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, None, [2, 2], [3, 3], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %_tensor_constant1 : [#users=1] = get_attr[target=_tensor_constant1]
    %native_batch_norm : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution, %_param_constant1, %_param_constant2, %_tensor_constant0, %_tensor_constant1, False, 0.1, 1e-05), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm, 1), kwargs = {})
    %getitem_2 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm, 2), kwargs = {})
    %relu_ : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem,), kwargs = {})
    %max_pool2d_with_indices : [#users=2] = call_function[target=torch.ops.aten.max_pool2d_with_indices.default](args = (%relu_, [3, 3], [2, 2], [1, 1]), kwargs = {})
    %getitem_3 : [#users=2] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices, 0), kwargs = {})
    %getitem_4 : [#users=0] = call_function[target=operator.getitem](args = (%max_pool2d_with_indices, 1), kwargs = {})
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %convolution_1 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_3, %_param_constant3, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_1 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %_tensor_constant2 : [#users=1] = get_attr[target=_tensor_constant2]
    %_tensor_constant3 : [#users=1] = get_attr[target=_tensor_constant3]
    %native_batch_norm_1 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_1, %_param_constant4, %_param_constant5, %_tensor_constant2, %_tensor_constant3, False, 0.1, 1e-05), kwargs = {})
    %getitem_5 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 0), kwargs = {})
    %getitem_6 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 1), kwargs = {})
    %getitem_7 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 2), kwargs = {})
    %relu__1 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_5,), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %convolution_2 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__1, %_param_constant6, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_2 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_tensor_constant4 : [#users=1] = get_attr[target=_tensor_constant4]
    %_tensor_constant5 : [#users=1] = get_attr[target=_tensor_constant5]
    %native_batch_norm_2 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_2, %_param_constant7, %_param_constant8, %_tensor_constant4, %_tensor_constant5, False, 0.1, 1e-05), kwargs = {})
    %getitem_8 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 0), kwargs = {})
    %getitem_9 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 1), kwargs = {})
    %getitem_10 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 2), kwargs = {})
    %add_ : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_8, %getitem_3), kwargs = {})
    %relu__2 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add_,), kwargs = {})
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_3 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__2, %_param_constant9, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_3 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %_tensor_constant6 : [#users=1] = get_attr[target=_tensor_constant6]
    %_tensor_constant7 : [#users=1] = get_attr[target=_tensor_constant7]
    %native_batch_norm_3 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_3, %_param_constant10, %_param_constant11, %_tensor_constant6, %_tensor_constant7, False, 0.1, 1e-05), kwargs = {})
    %getitem_11 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 0), kwargs = {})
    %getitem_12 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 1), kwargs = {})
    %getitem_13 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 2), kwargs = {})
    %relu__3 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_11,), kwargs = {})
    %_param_constant12 : [#users=1] = get_attr[target=_param_constant12]
    %convolution_4 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__3, %_param_constant12, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_4 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant13 : [#users=1] = get_attr[target=_param_constant13]
    %_param_constant14 : [#users=1] = get_attr[target=_param_constant14]
    %_tensor_constant8 : [#users=1] = get_attr[target=_tensor_constant8]
    %_tensor_constant9 : [#users=1] = get_attr[target=_tensor_constant9]
    %native_batch_norm_4 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_4, %_param_constant13, %_param_constant14, %_tensor_constant8, %_tensor_constant9, False, 0.1, 1e-05), kwargs = {})
    %getitem_14 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 0), kwargs = {})
    %getitem_15 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 1), kwargs = {})
    %getitem_16 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 2), kwargs = {})
    %add__1 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_14, %relu__2), kwargs = {})
    %relu__4 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add__1,), kwargs = {})
    %_param_constant15 : [#users=1] = get_attr[target=_param_constant15]
    %convolution_5 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__4, %_param_constant15, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_5 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant16 : [#users=1] = get_attr[target=_param_constant16]
    %_param_constant17 : [#users=1] = get_attr[target=_param_constant17]
    %_tensor_constant10 : [#users=1] = get_attr[target=_tensor_constant10]
    %_tensor_constant11 : [#users=1] = get_attr[target=_tensor_constant11]
    %native_batch_norm_5 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_5, %_param_constant16, %_param_constant17, %_tensor_constant10, %_tensor_constant11, False, 0.1, 1e-05), kwargs = {})
    %getitem_17 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 0), kwargs = {})
    %getitem_18 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 1), kwargs = {})
    %getitem_19 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 2), kwargs = {})
    %relu__5 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_17,), kwargs = {})
    %_param_constant18 : [#users=1] = get_attr[target=_param_constant18]
    %convolution_6 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__5, %_param_constant18, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_6 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant19 : [#users=1] = get_attr[target=_param_constant19]
    %_param_constant20 : [#users=1] = get_attr[target=_param_constant20]
    %_tensor_constant12 : [#users=1] = get_attr[target=_tensor_constant12]
    %_tensor_constant13 : [#users=1] = get_attr[target=_tensor_constant13]
    %native_batch_norm_6 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_6, %_param_constant19, %_param_constant20, %_tensor_constant12, %_tensor_constant13, False, 0.1, 1e-05), kwargs = {})
    %getitem_20 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 0), kwargs = {})
    %getitem_21 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 1), kwargs = {})
    %getitem_22 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 2), kwargs = {})
    %_param_constant21 : [#users=1] = get_attr[target=_param_constant21]
    %convolution_7 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__4, %_param_constant21, None, [2, 2], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_7 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant22 : [#users=1] = get_attr[target=_param_constant22]
    %_param_constant23 : [#users=1] = get_attr[target=_param_constant23]
    %_tensor_constant14 : [#users=1] = get_attr[target=_tensor_constant14]
    %_tensor_constant15 : [#users=1] = get_attr[target=_tensor_constant15]
    %native_batch_norm_7 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_7, %_param_constant22, %_param_constant23, %_tensor_constant14, %_tensor_constant15, False, 0.1, 1e-05), kwargs = {})
    %getitem_23 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 0), kwargs = {})
    %getitem_24 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 1), kwargs = {})
    %getitem_25 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 2), kwargs = {})
    %add__2 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_20, %getitem_23), kwargs = {})
    %relu__6 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add__2,), kwargs = {})
    %_param_constant24 : [#users=1] = get_attr[target=_param_constant24]
    %convolution_8 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__6, %_param_constant24, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_8 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant25 : [#users=1] = get_attr[target=_param_constant25]
    %_param_constant26 : [#users=1] = get_attr[target=_param_constant26]
    %_tensor_constant16 : [#users=1] = get_attr[target=_tensor_constant16]
    %_tensor_constant17 : [#users=1] = get_attr[target=_tensor_constant17]
    %native_batch_norm_8 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_8, %_param_constant25, %_param_constant26, %_tensor_constant16, %_tensor_constant17, False, 0.1, 1e-05), kwargs = {})
    %getitem_26 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 0), kwargs = {})
    %getitem_27 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 1), kwargs = {})
    %getitem_28 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 2), kwargs = {})
    %relu__7 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_26,), kwargs = {})
    %_param_constant27 : [#users=1] = get_attr[target=_param_constant27]
    %convolution_9 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__7, %_param_constant27, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_9 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant28 : [#users=1] = get_attr[target=_param_constant28]
    %_param_constant29 : [#users=1] = get_attr[target=_param_constant29]
    %_tensor_constant18 : [#users=1] = get_attr[target=_tensor_constant18]
    %_tensor_constant19 : [#users=1] = get_attr[target=_tensor_constant19]
    %native_batch_norm_9 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_9, %_param_constant28, %_param_constant29, %_tensor_constant18, %_tensor_constant19, False, 0.1, 1e-05), kwargs = {})
    %getitem_29 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 0), kwargs = {})
    %getitem_30 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 1), kwargs = {})
    %getitem_31 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 2), kwargs = {})
    %add__3 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_29, %relu__6), kwargs = {})
    %relu__8 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add__3,), kwargs = {})
    %_param_constant30 : [#users=1] = get_attr[target=_param_constant30]
    %convolution_10 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__8, %_param_constant30, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_10 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant31 : [#users=1] = get_attr[target=_param_constant31]
    %_param_constant32 : [#users=1] = get_attr[target=_param_constant32]
    %_tensor_constant20 : [#users=1] = get_attr[target=_tensor_constant20]
    %_tensor_constant21 : [#users=1] = get_attr[target=_tensor_constant21]
    %native_batch_norm_10 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_10, %_param_constant31, %_param_constant32, %_tensor_constant20, %_tensor_constant21, False, 0.1, 1e-05), kwargs = {})
    %getitem_32 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 0), kwargs = {})
    %getitem_33 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 1), kwargs = {})
    %getitem_34 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 2), kwargs = {})
    %relu__9 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_32,), kwargs = {})
    %_param_constant33 : [#users=1] = get_attr[target=_param_constant33]
    %convolution_11 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__9, %_param_constant33, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_11 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant34 : [#users=1] = get_attr[target=_param_constant34]
    %_param_constant35 : [#users=1] = get_attr[target=_param_constant35]
    %_tensor_constant22 : [#users=1] = get_attr[target=_tensor_constant22]
    %_tensor_constant23 : [#users=1] = get_attr[target=_tensor_constant23]
    %native_batch_norm_11 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_11, %_param_constant34, %_param_constant35, %_tensor_constant22, %_tensor_constant23, False, 0.1, 1e-05), kwargs = {})
    %getitem_35 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 0), kwargs = {})
    %getitem_36 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 1), kwargs = {})
    %getitem_37 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 2), kwargs = {})
    %_param_constant36 : [#users=1] = get_attr[target=_param_constant36]
    %convolution_12 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__8, %_param_constant36, None, [2, 2], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_12 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant37 : [#users=1] = get_attr[target=_param_constant37]
    %_param_constant38 : [#users=1] = get_attr[target=_param_constant38]
    %_tensor_constant24 : [#users=1] = get_attr[target=_tensor_constant24]
    %_tensor_constant25 : [#users=1] = get_attr[target=_tensor_constant25]
    %native_batch_norm_12 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_12, %_param_constant37, %_param_constant38, %_tensor_constant24, %_tensor_constant25, False, 0.1, 1e-05), kwargs = {})
    %getitem_38 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 0), kwargs = {})
    %getitem_39 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 1), kwargs = {})
    %getitem_40 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 2), kwargs = {})
    %add__4 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_35, %getitem_38), kwargs = {})
    %relu__10 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add__4,), kwargs = {})
    %_param_constant39 : [#users=1] = get_attr[target=_param_constant39]
    %convolution_13 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__10, %_param_constant39, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_13 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant40 : [#users=1] = get_attr[target=_param_constant40]
    %_param_constant41 : [#users=1] = get_attr[target=_param_constant41]
    %_tensor_constant26 : [#users=1] = get_attr[target=_tensor_constant26]
    %_tensor_constant27 : [#users=1] = get_attr[target=_tensor_constant27]
    %native_batch_norm_13 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_13, %_param_constant40, %_param_constant41, %_tensor_constant26, %_tensor_constant27, False, 0.1, 1e-05), kwargs = {})
    %getitem_41 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 0), kwargs = {})
    %getitem_42 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 1), kwargs = {})
    %getitem_43 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 2), kwargs = {})
    %relu__11 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_41,), kwargs = {})
    %_param_constant42 : [#users=1] = get_attr[target=_param_constant42]
    %convolution_14 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__11, %_param_constant42, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_14 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant43 : [#users=1] = get_attr[target=_param_constant43]
    %_param_constant44 : [#users=1] = get_attr[target=_param_constant44]
    %_tensor_constant28 : [#users=1] = get_attr[target=_tensor_constant28]
    %_tensor_constant29 : [#users=1] = get_attr[target=_tensor_constant29]
    %native_batch_norm_14 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_14, %_param_constant43, %_param_constant44, %_tensor_constant28, %_tensor_constant29, False, 0.1, 1e-05), kwargs = {})
    %getitem_44 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 0), kwargs = {})
    %getitem_45 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 1), kwargs = {})
    %getitem_46 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 2), kwargs = {})
    %add__5 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_44, %relu__10), kwargs = {})
    %relu__12 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add__5,), kwargs = {})
    %_param_constant45 : [#users=1] = get_attr[target=_param_constant45]
    %convolution_15 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__12, %_param_constant45, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_15 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant46 : [#users=1] = get_attr[target=_param_constant46]
    %_param_constant47 : [#users=1] = get_attr[target=_param_constant47]
    %_tensor_constant30 : [#users=1] = get_attr[target=_tensor_constant30]
    %_tensor_constant31 : [#users=1] = get_attr[target=_tensor_constant31]
    %native_batch_norm_15 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_15, %_param_constant46, %_param_constant47, %_tensor_constant30, %_tensor_constant31, False, 0.1, 1e-05), kwargs = {})
    %getitem_47 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 0), kwargs = {})
    %getitem_48 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 1), kwargs = {})
    %getitem_49 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 2), kwargs = {})
    %relu__13 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_47,), kwargs = {})
    %_param_constant48 : [#users=1] = get_attr[target=_param_constant48]
    %convolution_16 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__13, %_param_constant48, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_16 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant49 : [#users=1] = get_attr[target=_param_constant49]
    %_param_constant50 : [#users=1] = get_attr[target=_param_constant50]
    %_tensor_constant32 : [#users=1] = get_attr[target=_tensor_constant32]
    %_tensor_constant33 : [#users=1] = get_attr[target=_tensor_constant33]
    %native_batch_norm_16 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_16, %_param_constant49, %_param_constant50, %_tensor_constant32, %_tensor_constant33, False, 0.1, 1e-05), kwargs = {})
    %getitem_50 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 0), kwargs = {})
    %getitem_51 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 1), kwargs = {})
    %getitem_52 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 2), kwargs = {})
    %_param_constant51 : [#users=1] = get_attr[target=_param_constant51]
    %convolution_17 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__12, %_param_constant51, None, [2, 2], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_17 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant52 : [#users=1] = get_attr[target=_param_constant52]
    %_param_constant53 : [#users=1] = get_attr[target=_param_constant53]
    %_tensor_constant34 : [#users=1] = get_attr[target=_tensor_constant34]
    %_tensor_constant35 : [#users=1] = get_attr[target=_tensor_constant35]
    %native_batch_norm_17 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_17, %_param_constant52, %_param_constant53, %_tensor_constant34, %_tensor_constant35, False, 0.1, 1e-05), kwargs = {})
    %getitem_53 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 0), kwargs = {})
    %getitem_54 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 1), kwargs = {})
    %getitem_55 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 2), kwargs = {})
    %add__6 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_50, %getitem_53), kwargs = {})
    %relu__14 : [#users=2] = call_function[target=torch.ops.aten.relu_.default](args = (%add__6,), kwargs = {})
    %_param_constant54 : [#users=1] = get_attr[target=_param_constant54]
    %convolution_18 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__14, %_param_constant54, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_18 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant55 : [#users=1] = get_attr[target=_param_constant55]
    %_param_constant56 : [#users=1] = get_attr[target=_param_constant56]
    %_tensor_constant36 : [#users=1] = get_attr[target=_tensor_constant36]
    %_tensor_constant37 : [#users=1] = get_attr[target=_tensor_constant37]
    %native_batch_norm_18 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_18, %_param_constant55, %_param_constant56, %_tensor_constant36, %_tensor_constant37, False, 0.1, 1e-05), kwargs = {})
    %getitem_56 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 0), kwargs = {})
    %getitem_57 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 1), kwargs = {})
    %getitem_58 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 2), kwargs = {})
    %relu__15 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_56,), kwargs = {})
    %_param_constant57 : [#users=1] = get_attr[target=_param_constant57]
    %convolution_19 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__15, %_param_constant57, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_19 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant58 : [#users=1] = get_attr[target=_param_constant58]
    %_param_constant59 : [#users=1] = get_attr[target=_param_constant59]
    %_tensor_constant38 : [#users=1] = get_attr[target=_tensor_constant38]
    %_tensor_constant39 : [#users=1] = get_attr[target=_tensor_constant39]
    %native_batch_norm_19 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_19, %_param_constant58, %_param_constant59, %_tensor_constant38, %_tensor_constant39, False, 0.1, 1e-05), kwargs = {})
    %getitem_59 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 0), kwargs = {})
    %getitem_60 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 1), kwargs = {})
    %getitem_61 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 2), kwargs = {})
    %add__7 : [#users=1] = call_function[target=torch.ops.aten.add_.Tensor](args = (%getitem_59, %relu__14), kwargs = {})
    %relu__16 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%add__7,), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%relu__16, [-1, -2], True), kwargs = {})
    %_reshape_alias : [#users=1] = call_function[target=torch.ops.aten._reshape_alias.default](args = (%mean, [1, 512], [512, 1]), kwargs = {})
    %_param_constant60 : [#users=1] = get_attr[target=_param_constant60]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant60,), kwargs = {})
    %_param_constant61 : [#users=1] = get_attr[target=_param_constant61]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant61, %_reshape_alias, %t), kwargs = {})
    return addmm
