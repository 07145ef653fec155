graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 1), kwargs = {})
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
    %convolution_1 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_3, %_param_constant3, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 24), kwargs = {})
    %empty_1 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %_tensor_constant2 : [#users=1] = get_attr[target=_tensor_constant2]
    %_tensor_constant3 : [#users=1] = get_attr[target=_tensor_constant3]
    %native_batch_norm_1 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_1, %_param_constant4, %_param_constant5, %_tensor_constant2, %_tensor_constant3, False, 0.1, 1e-05), kwargs = {})
    %getitem_5 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 0), kwargs = {})
    %getitem_6 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 1), kwargs = {})
    %getitem_7 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_1, 2), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %convolution_2 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_5, %_param_constant6, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_2 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_tensor_constant4 : [#users=1] = get_attr[target=_tensor_constant4]
    %_tensor_constant5 : [#users=1] = get_attr[target=_tensor_constant5]
    %native_batch_norm_2 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_2, %_param_constant7, %_param_constant8, %_tensor_constant4, %_tensor_constant5, False, 0.1, 1e-05), kwargs = {})
    %getitem_8 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 0), kwargs = {})
    %getitem_9 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 1), kwargs = {})
    %getitem_10 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_2, 2), kwargs = {})
    %relu__1 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_8,), kwargs = {})
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %convolution_3 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_3, %_param_constant9, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_3 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %_tensor_constant6 : [#users=1] = get_attr[target=_tensor_constant6]
    %_tensor_constant7 : [#users=1] = get_attr[target=_tensor_constant7]
    %native_batch_norm_3 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_3, %_param_constant10, %_param_constant11, %_tensor_constant6, %_tensor_constant7, False, 0.1, 1e-05), kwargs = {})
    %getitem_11 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 0), kwargs = {})
    %getitem_12 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 1), kwargs = {})
    %getitem_13 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_3, 2), kwargs = {})
    %relu__2 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_11,), kwargs = {})
    %_param_constant12 : [#users=1] = get_attr[target=_param_constant12]
    %convolution_4 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__2, %_param_constant12, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 24), kwargs = {})
    %empty_4 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant13 : [#users=1] = get_attr[target=_param_constant13]
    %_param_constant14 : [#users=1] = get_attr[target=_param_constant14]
    %_tensor_constant8 : [#users=1] = get_attr[target=_tensor_constant8]
    %_tensor_constant9 : [#users=1] = get_attr[target=_tensor_constant9]
    %native_batch_norm_4 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_4, %_param_constant13, %_param_constant14, %_tensor_constant8, %_tensor_constant9, False, 0.1, 1e-05), kwargs = {})
    %getitem_14 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 0), kwargs = {})
    %getitem_15 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 1), kwargs = {})
    %getitem_16 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_4, 2), kwargs = {})
    %_param_constant15 : [#users=1] = get_attr[target=_param_constant15]
    %convolution_5 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_14, %_param_constant15, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_5 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant16 : [#users=1] = get_attr[target=_param_constant16]
    %_param_constant17 : [#users=1] = get_attr[target=_param_constant17]
    %_tensor_constant10 : [#users=1] = get_attr[target=_tensor_constant10]
    %_tensor_constant11 : [#users=1] = get_attr[target=_tensor_constant11]
    %native_batch_norm_5 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_5, %_param_constant16, %_param_constant17, %_tensor_constant10, %_tensor_constant11, False, 0.1, 1e-05), kwargs = {})
    %getitem_17 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 0), kwargs = {})
    %getitem_18 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 1), kwargs = {})
    %getitem_19 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_5, 2), kwargs = {})
    %relu__3 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_17,), kwargs = {})
    %cat : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%relu__1, %relu__3], 1), kwargs = {})
    %view : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat, [1, 2, 24, 28, 28]), kwargs = {})
    %transpose : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view, 1, 2), kwargs = {})
    %clone : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose,), kwargs = {memory_format: torch.contiguous_format})
    %view_1 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone, [1, -1, 28, 28]), kwargs = {})
    %split : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_1, 24, 1), kwargs = {})
    %getitem_20 : [#users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_21 : [#users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %_param_constant18 : [#users=1] = get_attr[target=_param_constant18]
    %convolution_6 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_21, %_param_constant18, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_6 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant19 : [#users=1] = get_attr[target=_param_constant19]
    %_param_constant20 : [#users=1] = get_attr[target=_param_constant20]
    %_tensor_constant12 : [#users=1] = get_attr[target=_tensor_constant12]
    %_tensor_constant13 : [#users=1] = get_attr[target=_tensor_constant13]
    %native_batch_norm_6 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_6, %_param_constant19, %_param_constant20, %_tensor_constant12, %_tensor_constant13, False, 0.1, 1e-05), kwargs = {})
    %getitem_22 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 0), kwargs = {})
    %getitem_23 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 1), kwargs = {})
    %getitem_24 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_6, 2), kwargs = {})
    %relu__4 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_22,), kwargs = {})
    %_param_constant21 : [#users=1] = get_attr[target=_param_constant21]
    %convolution_7 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__4, %_param_constant21, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 24), kwargs = {})
    %empty_7 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant22 : [#users=1] = get_attr[target=_param_constant22]
    %_param_constant23 : [#users=1] = get_attr[target=_param_constant23]
    %_tensor_constant14 : [#users=1] = get_attr[target=_tensor_constant14]
    %_tensor_constant15 : [#users=1] = get_attr[target=_tensor_constant15]
    %native_batch_norm_7 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_7, %_param_constant22, %_param_constant23, %_tensor_constant14, %_tensor_constant15, False, 0.1, 1e-05), kwargs = {})
    %getitem_25 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 0), kwargs = {})
    %getitem_26 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 1), kwargs = {})
    %getitem_27 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_7, 2), kwargs = {})
    %_param_constant24 : [#users=1] = get_attr[target=_param_constant24]
    %convolution_8 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_25, %_param_constant24, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_8 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant25 : [#users=1] = get_attr[target=_param_constant25]
    %_param_constant26 : [#users=1] = get_attr[target=_param_constant26]
    %_tensor_constant16 : [#users=1] = get_attr[target=_tensor_constant16]
    %_tensor_constant17 : [#users=1] = get_attr[target=_tensor_constant17]
    %native_batch_norm_8 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_8, %_param_constant25, %_param_constant26, %_tensor_constant16, %_tensor_constant17, False, 0.1, 1e-05), kwargs = {})
    %getitem_28 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 0), kwargs = {})
    %getitem_29 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 1), kwargs = {})
    %getitem_30 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_8, 2), kwargs = {})
    %relu__5 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_28,), kwargs = {})
    %cat_1 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_20, %relu__5], 1), kwargs = {})
    %view_2 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_1, [1, 2, 24, 28, 28]), kwargs = {})
    %transpose_1 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_2, 1, 2), kwargs = {})
    %clone_1 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_1,), kwargs = {memory_format: torch.contiguous_format})
    %view_3 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_1, [1, -1, 28, 28]), kwargs = {})
    %split_1 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_3, 24, 1), kwargs = {})
    %getitem_31 : [#users=1] = call_function[target=operator.getitem](args = (%split_1, 0), kwargs = {})
    %getitem_32 : [#users=1] = call_function[target=operator.getitem](args = (%split_1, 1), kwargs = {})
    %_param_constant27 : [#users=1] = get_attr[target=_param_constant27]
    %convolution_9 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_32, %_param_constant27, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_9 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant28 : [#users=1] = get_attr[target=_param_constant28]
    %_param_constant29 : [#users=1] = get_attr[target=_param_constant29]
    %_tensor_constant18 : [#users=1] = get_attr[target=_tensor_constant18]
    %_tensor_constant19 : [#users=1] = get_attr[target=_tensor_constant19]
    %native_batch_norm_9 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_9, %_param_constant28, %_param_constant29, %_tensor_constant18, %_tensor_constant19, False, 0.1, 1e-05), kwargs = {})
    %getitem_33 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 0), kwargs = {})
    %getitem_34 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 1), kwargs = {})
    %getitem_35 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_9, 2), kwargs = {})
    %relu__6 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_33,), kwargs = {})
    %_param_constant30 : [#users=1] = get_attr[target=_param_constant30]
    %convolution_10 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__6, %_param_constant30, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 24), kwargs = {})
    %empty_10 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant31 : [#users=1] = get_attr[target=_param_constant31]
    %_param_constant32 : [#users=1] = get_attr[target=_param_constant32]
    %_tensor_constant20 : [#users=1] = get_attr[target=_tensor_constant20]
    %_tensor_constant21 : [#users=1] = get_attr[target=_tensor_constant21]
    %native_batch_norm_10 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_10, %_param_constant31, %_param_constant32, %_tensor_constant20, %_tensor_constant21, False, 0.1, 1e-05), kwargs = {})
    %getitem_36 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 0), kwargs = {})
    %getitem_37 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 1), kwargs = {})
    %getitem_38 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_10, 2), kwargs = {})
    %_param_constant33 : [#users=1] = get_attr[target=_param_constant33]
    %convolution_11 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_36, %_param_constant33, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_11 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant34 : [#users=1] = get_attr[target=_param_constant34]
    %_param_constant35 : [#users=1] = get_attr[target=_param_constant35]
    %_tensor_constant22 : [#users=1] = get_attr[target=_tensor_constant22]
    %_tensor_constant23 : [#users=1] = get_attr[target=_tensor_constant23]
    %native_batch_norm_11 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_11, %_param_constant34, %_param_constant35, %_tensor_constant22, %_tensor_constant23, False, 0.1, 1e-05), kwargs = {})
    %getitem_39 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 0), kwargs = {})
    %getitem_40 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 1), kwargs = {})
    %getitem_41 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_11, 2), kwargs = {})
    %relu__7 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_39,), kwargs = {})
    %cat_2 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_31, %relu__7], 1), kwargs = {})
    %view_4 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_2, [1, 2, 24, 28, 28]), kwargs = {})
    %transpose_2 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_4, 1, 2), kwargs = {})
    %clone_2 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_2,), kwargs = {memory_format: torch.contiguous_format})
    %view_5 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_2, [1, -1, 28, 28]), kwargs = {})
    %split_2 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_5, 24, 1), kwargs = {})
    %getitem_42 : [#users=1] = call_function[target=operator.getitem](args = (%split_2, 0), kwargs = {})
    %getitem_43 : [#users=1] = call_function[target=operator.getitem](args = (%split_2, 1), kwargs = {})
    %_param_constant36 : [#users=1] = get_attr[target=_param_constant36]
    %convolution_12 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_43, %_param_constant36, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_12 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant37 : [#users=1] = get_attr[target=_param_constant37]
    %_param_constant38 : [#users=1] = get_attr[target=_param_constant38]
    %_tensor_constant24 : [#users=1] = get_attr[target=_tensor_constant24]
    %_tensor_constant25 : [#users=1] = get_attr[target=_tensor_constant25]
    %native_batch_norm_12 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_12, %_param_constant37, %_param_constant38, %_tensor_constant24, %_tensor_constant25, False, 0.1, 1e-05), kwargs = {})
    %getitem_44 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 0), kwargs = {})
    %getitem_45 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 1), kwargs = {})
    %getitem_46 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_12, 2), kwargs = {})
    %relu__8 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_44,), kwargs = {})
    %_param_constant39 : [#users=1] = get_attr[target=_param_constant39]
    %convolution_13 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__8, %_param_constant39, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 24), kwargs = {})
    %empty_13 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant40 : [#users=1] = get_attr[target=_param_constant40]
    %_param_constant41 : [#users=1] = get_attr[target=_param_constant41]
    %_tensor_constant26 : [#users=1] = get_attr[target=_tensor_constant26]
    %_tensor_constant27 : [#users=1] = get_attr[target=_tensor_constant27]
    %native_batch_norm_13 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_13, %_param_constant40, %_param_constant41, %_tensor_constant26, %_tensor_constant27, False, 0.1, 1e-05), kwargs = {})
    %getitem_47 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 0), kwargs = {})
    %getitem_48 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 1), kwargs = {})
    %getitem_49 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_13, 2), kwargs = {})
    %_param_constant42 : [#users=1] = get_attr[target=_param_constant42]
    %convolution_14 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_47, %_param_constant42, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_14 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant43 : [#users=1] = get_attr[target=_param_constant43]
    %_param_constant44 : [#users=1] = get_attr[target=_param_constant44]
    %_tensor_constant28 : [#users=1] = get_attr[target=_tensor_constant28]
    %_tensor_constant29 : [#users=1] = get_attr[target=_tensor_constant29]
    %native_batch_norm_14 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_14, %_param_constant43, %_param_constant44, %_tensor_constant28, %_tensor_constant29, False, 0.1, 1e-05), kwargs = {})
    %getitem_50 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 0), kwargs = {})
    %getitem_51 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 1), kwargs = {})
    %getitem_52 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_14, 2), kwargs = {})
    %relu__9 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_50,), kwargs = {})
    %cat_3 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_42, %relu__9], 1), kwargs = {})
    %view_6 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_3, [1, 2, 24, 28, 28]), kwargs = {})
    %transpose_3 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_6, 1, 2), kwargs = {})
    %clone_3 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_3,), kwargs = {memory_format: torch.contiguous_format})
    %view_7 : [#users=2] = call_function[target=torch.ops.aten.view.default](args = (%clone_3, [1, -1, 28, 28]), kwargs = {})
    %_param_constant45 : [#users=1] = get_attr[target=_param_constant45]
    %convolution_15 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%view_7, %_param_constant45, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_15 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant46 : [#users=1] = get_attr[target=_param_constant46]
    %_param_constant47 : [#users=1] = get_attr[target=_param_constant47]
    %_tensor_constant30 : [#users=1] = get_attr[target=_tensor_constant30]
    %_tensor_constant31 : [#users=1] = get_attr[target=_tensor_constant31]
    %native_batch_norm_15 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_15, %_param_constant46, %_param_constant47, %_tensor_constant30, %_tensor_constant31, False, 0.1, 1e-05), kwargs = {})
    %getitem_53 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 0), kwargs = {})
    %getitem_54 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 1), kwargs = {})
    %getitem_55 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_15, 2), kwargs = {})
    %_param_constant48 : [#users=1] = get_attr[target=_param_constant48]
    %convolution_16 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_53, %_param_constant48, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_16 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant49 : [#users=1] = get_attr[target=_param_constant49]
    %_param_constant50 : [#users=1] = get_attr[target=_param_constant50]
    %_tensor_constant32 : [#users=1] = get_attr[target=_tensor_constant32]
    %_tensor_constant33 : [#users=1] = get_attr[target=_tensor_constant33]
    %native_batch_norm_16 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_16, %_param_constant49, %_param_constant50, %_tensor_constant32, %_tensor_constant33, False, 0.1, 1e-05), kwargs = {})
    %getitem_56 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 0), kwargs = {})
    %getitem_57 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 1), kwargs = {})
    %getitem_58 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_16, 2), kwargs = {})
    %relu__10 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_56,), kwargs = {})
    %_param_constant51 : [#users=1] = get_attr[target=_param_constant51]
    %convolution_17 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%view_7, %_param_constant51, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_17 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant52 : [#users=1] = get_attr[target=_param_constant52]
    %_param_constant53 : [#users=1] = get_attr[target=_param_constant53]
    %_tensor_constant34 : [#users=1] = get_attr[target=_tensor_constant34]
    %_tensor_constant35 : [#users=1] = get_attr[target=_tensor_constant35]
    %native_batch_norm_17 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_17, %_param_constant52, %_param_constant53, %_tensor_constant34, %_tensor_constant35, False, 0.1, 1e-05), kwargs = {})
    %getitem_59 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 0), kwargs = {})
    %getitem_60 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 1), kwargs = {})
    %getitem_61 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_17, 2), kwargs = {})
    %relu__11 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_59,), kwargs = {})
    %_param_constant54 : [#users=1] = get_attr[target=_param_constant54]
    %convolution_18 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__11, %_param_constant54, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_18 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant55 : [#users=1] = get_attr[target=_param_constant55]
    %_param_constant56 : [#users=1] = get_attr[target=_param_constant56]
    %_tensor_constant36 : [#users=1] = get_attr[target=_tensor_constant36]
    %_tensor_constant37 : [#users=1] = get_attr[target=_tensor_constant37]
    %native_batch_norm_18 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_18, %_param_constant55, %_param_constant56, %_tensor_constant36, %_tensor_constant37, False, 0.1, 1e-05), kwargs = {})
    %getitem_62 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 0), kwargs = {})
    %getitem_63 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 1), kwargs = {})
    %getitem_64 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_18, 2), kwargs = {})
    %_param_constant57 : [#users=1] = get_attr[target=_param_constant57]
    %convolution_19 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_62, %_param_constant57, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_19 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant58 : [#users=1] = get_attr[target=_param_constant58]
    %_param_constant59 : [#users=1] = get_attr[target=_param_constant59]
    %_tensor_constant38 : [#users=1] = get_attr[target=_tensor_constant38]
    %_tensor_constant39 : [#users=1] = get_attr[target=_tensor_constant39]
    %native_batch_norm_19 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_19, %_param_constant58, %_param_constant59, %_tensor_constant38, %_tensor_constant39, False, 0.1, 1e-05), kwargs = {})
    %getitem_65 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 0), kwargs = {})
    %getitem_66 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 1), kwargs = {})
    %getitem_67 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_19, 2), kwargs = {})
    %relu__12 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_65,), kwargs = {})
    %cat_4 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%relu__10, %relu__12], 1), kwargs = {})
    %view_8 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_4, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_4 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_8, 1, 2), kwargs = {})
    %clone_4 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_4,), kwargs = {memory_format: torch.contiguous_format})
    %view_9 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_4, [1, -1, 14, 14]), kwargs = {})
    %split_3 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_9, 48, 1), kwargs = {})
    %getitem_68 : [#users=1] = call_function[target=operator.getitem](args = (%split_3, 0), kwargs = {})
    %getitem_69 : [#users=1] = call_function[target=operator.getitem](args = (%split_3, 1), kwargs = {})
    %_param_constant60 : [#users=1] = get_attr[target=_param_constant60]
    %convolution_20 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_69, %_param_constant60, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_20 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant61 : [#users=1] = get_attr[target=_param_constant61]
    %_param_constant62 : [#users=1] = get_attr[target=_param_constant62]
    %_tensor_constant40 : [#users=1] = get_attr[target=_tensor_constant40]
    %_tensor_constant41 : [#users=1] = get_attr[target=_tensor_constant41]
    %native_batch_norm_20 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_20, %_param_constant61, %_param_constant62, %_tensor_constant40, %_tensor_constant41, False, 0.1, 1e-05), kwargs = {})
    %getitem_70 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_20, 0), kwargs = {})
    %getitem_71 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_20, 1), kwargs = {})
    %getitem_72 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_20, 2), kwargs = {})
    %relu__13 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_70,), kwargs = {})
    %_param_constant63 : [#users=1] = get_attr[target=_param_constant63]
    %convolution_21 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__13, %_param_constant63, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_21 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant64 : [#users=1] = get_attr[target=_param_constant64]
    %_param_constant65 : [#users=1] = get_attr[target=_param_constant65]
    %_tensor_constant42 : [#users=1] = get_attr[target=_tensor_constant42]
    %_tensor_constant43 : [#users=1] = get_attr[target=_tensor_constant43]
    %native_batch_norm_21 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_21, %_param_constant64, %_param_constant65, %_tensor_constant42, %_tensor_constant43, False, 0.1, 1e-05), kwargs = {})
    %getitem_73 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_21, 0), kwargs = {})
    %getitem_74 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_21, 1), kwargs = {})
    %getitem_75 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_21, 2), kwargs = {})
    %_param_constant66 : [#users=1] = get_attr[target=_param_constant66]
    %convolution_22 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_73, %_param_constant66, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_22 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant67 : [#users=1] = get_attr[target=_param_constant67]
    %_param_constant68 : [#users=1] = get_attr[target=_param_constant68]
    %_tensor_constant44 : [#users=1] = get_attr[target=_tensor_constant44]
    %_tensor_constant45 : [#users=1] = get_attr[target=_tensor_constant45]
    %native_batch_norm_22 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_22, %_param_constant67, %_param_constant68, %_tensor_constant44, %_tensor_constant45, False, 0.1, 1e-05), kwargs = {})
    %getitem_76 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_22, 0), kwargs = {})
    %getitem_77 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_22, 1), kwargs = {})
    %getitem_78 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_22, 2), kwargs = {})
    %relu__14 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_76,), kwargs = {})
    %cat_5 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_68, %relu__14], 1), kwargs = {})
    %view_10 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_5, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_5 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_10, 1, 2), kwargs = {})
    %clone_5 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_5,), kwargs = {memory_format: torch.contiguous_format})
    %view_11 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_5, [1, -1, 14, 14]), kwargs = {})
    %split_4 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_11, 48, 1), kwargs = {})
    %getitem_79 : [#users=1] = call_function[target=operator.getitem](args = (%split_4, 0), kwargs = {})
    %getitem_80 : [#users=1] = call_function[target=operator.getitem](args = (%split_4, 1), kwargs = {})
    %_param_constant69 : [#users=1] = get_attr[target=_param_constant69]
    %convolution_23 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_80, %_param_constant69, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_23 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant70 : [#users=1] = get_attr[target=_param_constant70]
    %_param_constant71 : [#users=1] = get_attr[target=_param_constant71]
    %_tensor_constant46 : [#users=1] = get_attr[target=_tensor_constant46]
    %_tensor_constant47 : [#users=1] = get_attr[target=_tensor_constant47]
    %native_batch_norm_23 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_23, %_param_constant70, %_param_constant71, %_tensor_constant46, %_tensor_constant47, False, 0.1, 1e-05), kwargs = {})
    %getitem_81 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_23, 0), kwargs = {})
    %getitem_82 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_23, 1), kwargs = {})
    %getitem_83 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_23, 2), kwargs = {})
    %relu__15 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_81,), kwargs = {})
    %_param_constant72 : [#users=1] = get_attr[target=_param_constant72]
    %convolution_24 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__15, %_param_constant72, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_24 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant73 : [#users=1] = get_attr[target=_param_constant73]
    %_param_constant74 : [#users=1] = get_attr[target=_param_constant74]
    %_tensor_constant48 : [#users=1] = get_attr[target=_tensor_constant48]
    %_tensor_constant49 : [#users=1] = get_attr[target=_tensor_constant49]
    %native_batch_norm_24 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_24, %_param_constant73, %_param_constant74, %_tensor_constant48, %_tensor_constant49, False, 0.1, 1e-05), kwargs = {})
    %getitem_84 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_24, 0), kwargs = {})
    %getitem_85 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_24, 1), kwargs = {})
    %getitem_86 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_24, 2), kwargs = {})
    %_param_constant75 : [#users=1] = get_attr[target=_param_constant75]
    %convolution_25 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_84, %_param_constant75, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_25 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant76 : [#users=1] = get_attr[target=_param_constant76]
    %_param_constant77 : [#users=1] = get_attr[target=_param_constant77]
    %_tensor_constant50 : [#users=1] = get_attr[target=_tensor_constant50]
    %_tensor_constant51 : [#users=1] = get_attr[target=_tensor_constant51]
    %native_batch_norm_25 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_25, %_param_constant76, %_param_constant77, %_tensor_constant50, %_tensor_constant51, False, 0.1, 1e-05), kwargs = {})
    %getitem_87 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_25, 0), kwargs = {})
    %getitem_88 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_25, 1), kwargs = {})
    %getitem_89 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_25, 2), kwargs = {})
    %relu__16 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_87,), kwargs = {})
    %cat_6 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_79, %relu__16], 1), kwargs = {})
    %view_12 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_6, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_6 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_12, 1, 2), kwargs = {})
    %clone_6 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_6,), kwargs = {memory_format: torch.contiguous_format})
    %view_13 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_6, [1, -1, 14, 14]), kwargs = {})
    %split_5 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_13, 48, 1), kwargs = {})
    %getitem_90 : [#users=1] = call_function[target=operator.getitem](args = (%split_5, 0), kwargs = {})
    %getitem_91 : [#users=1] = call_function[target=operator.getitem](args = (%split_5, 1), kwargs = {})
    %_param_constant78 : [#users=1] = get_attr[target=_param_constant78]
    %convolution_26 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_91, %_param_constant78, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_26 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant79 : [#users=1] = get_attr[target=_param_constant79]
    %_param_constant80 : [#users=1] = get_attr[target=_param_constant80]
    %_tensor_constant52 : [#users=1] = get_attr[target=_tensor_constant52]
    %_tensor_constant53 : [#users=1] = get_attr[target=_tensor_constant53]
    %native_batch_norm_26 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_26, %_param_constant79, %_param_constant80, %_tensor_constant52, %_tensor_constant53, False, 0.1, 1e-05), kwargs = {})
    %getitem_92 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_26, 0), kwargs = {})
    %getitem_93 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_26, 1), kwargs = {})
    %getitem_94 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_26, 2), kwargs = {})
    %relu__17 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_92,), kwargs = {})
    %_param_constant81 : [#users=1] = get_attr[target=_param_constant81]
    %convolution_27 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__17, %_param_constant81, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_27 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant82 : [#users=1] = get_attr[target=_param_constant82]
    %_param_constant83 : [#users=1] = get_attr[target=_param_constant83]
    %_tensor_constant54 : [#users=1] = get_attr[target=_tensor_constant54]
    %_tensor_constant55 : [#users=1] = get_attr[target=_tensor_constant55]
    %native_batch_norm_27 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_27, %_param_constant82, %_param_constant83, %_tensor_constant54, %_tensor_constant55, False, 0.1, 1e-05), kwargs = {})
    %getitem_95 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_27, 0), kwargs = {})
    %getitem_96 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_27, 1), kwargs = {})
    %getitem_97 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_27, 2), kwargs = {})
    %_param_constant84 : [#users=1] = get_attr[target=_param_constant84]
    %convolution_28 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_95, %_param_constant84, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_28 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant85 : [#users=1] = get_attr[target=_param_constant85]
    %_param_constant86 : [#users=1] = get_attr[target=_param_constant86]
    %_tensor_constant56 : [#users=1] = get_attr[target=_tensor_constant56]
    %_tensor_constant57 : [#users=1] = get_attr[target=_tensor_constant57]
    %native_batch_norm_28 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_28, %_param_constant85, %_param_constant86, %_tensor_constant56, %_tensor_constant57, False, 0.1, 1e-05), kwargs = {})
    %getitem_98 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_28, 0), kwargs = {})
    %getitem_99 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_28, 1), kwargs = {})
    %getitem_100 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_28, 2), kwargs = {})
    %relu__18 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_98,), kwargs = {})
    %cat_7 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_90, %relu__18], 1), kwargs = {})
    %view_14 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_7, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_7 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_14, 1, 2), kwargs = {})
    %clone_7 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_7,), kwargs = {memory_format: torch.contiguous_format})
    %view_15 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_7, [1, -1, 14, 14]), kwargs = {})
    %split_6 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_15, 48, 1), kwargs = {})
    %getitem_101 : [#users=1] = call_function[target=operator.getitem](args = (%split_6, 0), kwargs = {})
    %getitem_102 : [#users=1] = call_function[target=operator.getitem](args = (%split_6, 1), kwargs = {})
    %_param_constant87 : [#users=1] = get_attr[target=_param_constant87]
    %convolution_29 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_102, %_param_constant87, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_29 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant88 : [#users=1] = get_attr[target=_param_constant88]
    %_param_constant89 : [#users=1] = get_attr[target=_param_constant89]
    %_tensor_constant58 : [#users=1] = get_attr[target=_tensor_constant58]
    %_tensor_constant59 : [#users=1] = get_attr[target=_tensor_constant59]
    %native_batch_norm_29 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_29, %_param_constant88, %_param_constant89, %_tensor_constant58, %_tensor_constant59, False, 0.1, 1e-05), kwargs = {})
    %getitem_103 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_29, 0), kwargs = {})
    %getitem_104 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_29, 1), kwargs = {})
    %getitem_105 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_29, 2), kwargs = {})
    %relu__19 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_103,), kwargs = {})
    %_param_constant90 : [#users=1] = get_attr[target=_param_constant90]
    %convolution_30 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__19, %_param_constant90, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_30 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant91 : [#users=1] = get_attr[target=_param_constant91]
    %_param_constant92 : [#users=1] = get_attr[target=_param_constant92]
    %_tensor_constant60 : [#users=1] = get_attr[target=_tensor_constant60]
    %_tensor_constant61 : [#users=1] = get_attr[target=_tensor_constant61]
    %native_batch_norm_30 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_30, %_param_constant91, %_param_constant92, %_tensor_constant60, %_tensor_constant61, False, 0.1, 1e-05), kwargs = {})
    %getitem_106 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_30, 0), kwargs = {})
    %getitem_107 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_30, 1), kwargs = {})
    %getitem_108 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_30, 2), kwargs = {})
    %_param_constant93 : [#users=1] = get_attr[target=_param_constant93]
    %convolution_31 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_106, %_param_constant93, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_31 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant94 : [#users=1] = get_attr[target=_param_constant94]
    %_param_constant95 : [#users=1] = get_attr[target=_param_constant95]
    %_tensor_constant62 : [#users=1] = get_attr[target=_tensor_constant62]
    %_tensor_constant63 : [#users=1] = get_attr[target=_tensor_constant63]
    %native_batch_norm_31 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_31, %_param_constant94, %_param_constant95, %_tensor_constant62, %_tensor_constant63, False, 0.1, 1e-05), kwargs = {})
    %getitem_109 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_31, 0), kwargs = {})
    %getitem_110 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_31, 1), kwargs = {})
    %getitem_111 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_31, 2), kwargs = {})
    %relu__20 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_109,), kwargs = {})
    %cat_8 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_101, %relu__20], 1), kwargs = {})
    %view_16 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_8, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_8 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_16, 1, 2), kwargs = {})
    %clone_8 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_8,), kwargs = {memory_format: torch.contiguous_format})
    %view_17 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_8, [1, -1, 14, 14]), kwargs = {})
    %split_7 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_17, 48, 1), kwargs = {})
    %getitem_112 : [#users=1] = call_function[target=operator.getitem](args = (%split_7, 0), kwargs = {})
    %getitem_113 : [#users=1] = call_function[target=operator.getitem](args = (%split_7, 1), kwargs = {})
    %_param_constant96 : [#users=1] = get_attr[target=_param_constant96]
    %convolution_32 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_113, %_param_constant96, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_32 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant97 : [#users=1] = get_attr[target=_param_constant97]
    %_param_constant98 : [#users=1] = get_attr[target=_param_constant98]
    %_tensor_constant64 : [#users=1] = get_attr[target=_tensor_constant64]
    %_tensor_constant65 : [#users=1] = get_attr[target=_tensor_constant65]
    %native_batch_norm_32 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_32, %_param_constant97, %_param_constant98, %_tensor_constant64, %_tensor_constant65, False, 0.1, 1e-05), kwargs = {})
    %getitem_114 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_32, 0), kwargs = {})
    %getitem_115 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_32, 1), kwargs = {})
    %getitem_116 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_32, 2), kwargs = {})
    %relu__21 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_114,), kwargs = {})
    %_param_constant99 : [#users=1] = get_attr[target=_param_constant99]
    %convolution_33 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__21, %_param_constant99, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_33 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant100 : [#users=1] = get_attr[target=_param_constant100]
    %_param_constant101 : [#users=1] = get_attr[target=_param_constant101]
    %_tensor_constant66 : [#users=1] = get_attr[target=_tensor_constant66]
    %_tensor_constant67 : [#users=1] = get_attr[target=_tensor_constant67]
    %native_batch_norm_33 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_33, %_param_constant100, %_param_constant101, %_tensor_constant66, %_tensor_constant67, False, 0.1, 1e-05), kwargs = {})
    %getitem_117 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_33, 0), kwargs = {})
    %getitem_118 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_33, 1), kwargs = {})
    %getitem_119 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_33, 2), kwargs = {})
    %_param_constant102 : [#users=1] = get_attr[target=_param_constant102]
    %convolution_34 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_117, %_param_constant102, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_34 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant103 : [#users=1] = get_attr[target=_param_constant103]
    %_param_constant104 : [#users=1] = get_attr[target=_param_constant104]
    %_tensor_constant68 : [#users=1] = get_attr[target=_tensor_constant68]
    %_tensor_constant69 : [#users=1] = get_attr[target=_tensor_constant69]
    %native_batch_norm_34 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_34, %_param_constant103, %_param_constant104, %_tensor_constant68, %_tensor_constant69, False, 0.1, 1e-05), kwargs = {})
    %getitem_120 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_34, 0), kwargs = {})
    %getitem_121 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_34, 1), kwargs = {})
    %getitem_122 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_34, 2), kwargs = {})
    %relu__22 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_120,), kwargs = {})
    %cat_9 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_112, %relu__22], 1), kwargs = {})
    %view_18 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_9, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_9 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_18, 1, 2), kwargs = {})
    %clone_9 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_9,), kwargs = {memory_format: torch.contiguous_format})
    %view_19 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_9, [1, -1, 14, 14]), kwargs = {})
    %split_8 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_19, 48, 1), kwargs = {})
    %getitem_123 : [#users=1] = call_function[target=operator.getitem](args = (%split_8, 0), kwargs = {})
    %getitem_124 : [#users=1] = call_function[target=operator.getitem](args = (%split_8, 1), kwargs = {})
    %_param_constant105 : [#users=1] = get_attr[target=_param_constant105]
    %convolution_35 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_124, %_param_constant105, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_35 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant106 : [#users=1] = get_attr[target=_param_constant106]
    %_param_constant107 : [#users=1] = get_attr[target=_param_constant107]
    %_tensor_constant70 : [#users=1] = get_attr[target=_tensor_constant70]
    %_tensor_constant71 : [#users=1] = get_attr[target=_tensor_constant71]
    %native_batch_norm_35 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_35, %_param_constant106, %_param_constant107, %_tensor_constant70, %_tensor_constant71, False, 0.1, 1e-05), kwargs = {})
    %getitem_125 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_35, 0), kwargs = {})
    %getitem_126 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_35, 1), kwargs = {})
    %getitem_127 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_35, 2), kwargs = {})
    %relu__23 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_125,), kwargs = {})
    %_param_constant108 : [#users=1] = get_attr[target=_param_constant108]
    %convolution_36 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__23, %_param_constant108, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_36 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant109 : [#users=1] = get_attr[target=_param_constant109]
    %_param_constant110 : [#users=1] = get_attr[target=_param_constant110]
    %_tensor_constant72 : [#users=1] = get_attr[target=_tensor_constant72]
    %_tensor_constant73 : [#users=1] = get_attr[target=_tensor_constant73]
    %native_batch_norm_36 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_36, %_param_constant109, %_param_constant110, %_tensor_constant72, %_tensor_constant73, False, 0.1, 1e-05), kwargs = {})
    %getitem_128 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_36, 0), kwargs = {})
    %getitem_129 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_36, 1), kwargs = {})
    %getitem_130 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_36, 2), kwargs = {})
    %_param_constant111 : [#users=1] = get_attr[target=_param_constant111]
    %convolution_37 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_128, %_param_constant111, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_37 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant112 : [#users=1] = get_attr[target=_param_constant112]
    %_param_constant113 : [#users=1] = get_attr[target=_param_constant113]
    %_tensor_constant74 : [#users=1] = get_attr[target=_tensor_constant74]
    %_tensor_constant75 : [#users=1] = get_attr[target=_tensor_constant75]
    %native_batch_norm_37 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_37, %_param_constant112, %_param_constant113, %_tensor_constant74, %_tensor_constant75, False, 0.1, 1e-05), kwargs = {})
    %getitem_131 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_37, 0), kwargs = {})
    %getitem_132 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_37, 1), kwargs = {})
    %getitem_133 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_37, 2), kwargs = {})
    %relu__24 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_131,), kwargs = {})
    %cat_10 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_123, %relu__24], 1), kwargs = {})
    %view_20 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_10, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_10 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_20, 1, 2), kwargs = {})
    %clone_10 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_10,), kwargs = {memory_format: torch.contiguous_format})
    %view_21 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_10, [1, -1, 14, 14]), kwargs = {})
    %split_9 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_21, 48, 1), kwargs = {})
    %getitem_134 : [#users=1] = call_function[target=operator.getitem](args = (%split_9, 0), kwargs = {})
    %getitem_135 : [#users=1] = call_function[target=operator.getitem](args = (%split_9, 1), kwargs = {})
    %_param_constant114 : [#users=1] = get_attr[target=_param_constant114]
    %convolution_38 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_135, %_param_constant114, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_38 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant115 : [#users=1] = get_attr[target=_param_constant115]
    %_param_constant116 : [#users=1] = get_attr[target=_param_constant116]
    %_tensor_constant76 : [#users=1] = get_attr[target=_tensor_constant76]
    %_tensor_constant77 : [#users=1] = get_attr[target=_tensor_constant77]
    %native_batch_norm_38 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_38, %_param_constant115, %_param_constant116, %_tensor_constant76, %_tensor_constant77, False, 0.1, 1e-05), kwargs = {})
    %getitem_136 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_38, 0), kwargs = {})
    %getitem_137 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_38, 1), kwargs = {})
    %getitem_138 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_38, 2), kwargs = {})
    %relu__25 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_136,), kwargs = {})
    %_param_constant117 : [#users=1] = get_attr[target=_param_constant117]
    %convolution_39 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__25, %_param_constant117, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 48), kwargs = {})
    %empty_39 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant118 : [#users=1] = get_attr[target=_param_constant118]
    %_param_constant119 : [#users=1] = get_attr[target=_param_constant119]
    %_tensor_constant78 : [#users=1] = get_attr[target=_tensor_constant78]
    %_tensor_constant79 : [#users=1] = get_attr[target=_tensor_constant79]
    %native_batch_norm_39 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_39, %_param_constant118, %_param_constant119, %_tensor_constant78, %_tensor_constant79, False, 0.1, 1e-05), kwargs = {})
    %getitem_139 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_39, 0), kwargs = {})
    %getitem_140 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_39, 1), kwargs = {})
    %getitem_141 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_39, 2), kwargs = {})
    %_param_constant120 : [#users=1] = get_attr[target=_param_constant120]
    %convolution_40 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_139, %_param_constant120, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_40 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant121 : [#users=1] = get_attr[target=_param_constant121]
    %_param_constant122 : [#users=1] = get_attr[target=_param_constant122]
    %_tensor_constant80 : [#users=1] = get_attr[target=_tensor_constant80]
    %_tensor_constant81 : [#users=1] = get_attr[target=_tensor_constant81]
    %native_batch_norm_40 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_40, %_param_constant121, %_param_constant122, %_tensor_constant80, %_tensor_constant81, False, 0.1, 1e-05), kwargs = {})
    %getitem_142 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_40, 0), kwargs = {})
    %getitem_143 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_40, 1), kwargs = {})
    %getitem_144 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_40, 2), kwargs = {})
    %relu__26 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_142,), kwargs = {})
    %cat_11 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_134, %relu__26], 1), kwargs = {})
    %view_22 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_11, [1, 2, 48, 14, 14]), kwargs = {})
    %transpose_11 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_22, 1, 2), kwargs = {})
    %clone_11 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_11,), kwargs = {memory_format: torch.contiguous_format})
    %view_23 : [#users=2] = call_function[target=torch.ops.aten.view.default](args = (%clone_11, [1, -1, 14, 14]), kwargs = {})
    %_param_constant123 : [#users=1] = get_attr[target=_param_constant123]
    %convolution_41 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%view_23, %_param_constant123, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 96), kwargs = {})
    %empty_41 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant124 : [#users=1] = get_attr[target=_param_constant124]
    %_param_constant125 : [#users=1] = get_attr[target=_param_constant125]
    %_tensor_constant82 : [#users=1] = get_attr[target=_tensor_constant82]
    %_tensor_constant83 : [#users=1] = get_attr[target=_tensor_constant83]
    %native_batch_norm_41 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_41, %_param_constant124, %_param_constant125, %_tensor_constant82, %_tensor_constant83, False, 0.1, 1e-05), kwargs = {})
    %getitem_145 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_41, 0), kwargs = {})
    %getitem_146 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_41, 1), kwargs = {})
    %getitem_147 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_41, 2), kwargs = {})
    %_param_constant126 : [#users=1] = get_attr[target=_param_constant126]
    %convolution_42 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_145, %_param_constant126, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_42 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant127 : [#users=1] = get_attr[target=_param_constant127]
    %_param_constant128 : [#users=1] = get_attr[target=_param_constant128]
    %_tensor_constant84 : [#users=1] = get_attr[target=_tensor_constant84]
    %_tensor_constant85 : [#users=1] = get_attr[target=_tensor_constant85]
    %native_batch_norm_42 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_42, %_param_constant127, %_param_constant128, %_tensor_constant84, %_tensor_constant85, False, 0.1, 1e-05), kwargs = {})
    %getitem_148 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_42, 0), kwargs = {})
    %getitem_149 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_42, 1), kwargs = {})
    %getitem_150 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_42, 2), kwargs = {})
    %relu__27 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_148,), kwargs = {})
    %_param_constant129 : [#users=1] = get_attr[target=_param_constant129]
    %convolution_43 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%view_23, %_param_constant129, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_43 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant130 : [#users=1] = get_attr[target=_param_constant130]
    %_param_constant131 : [#users=1] = get_attr[target=_param_constant131]
    %_tensor_constant86 : [#users=1] = get_attr[target=_tensor_constant86]
    %_tensor_constant87 : [#users=1] = get_attr[target=_tensor_constant87]
    %native_batch_norm_43 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_43, %_param_constant130, %_param_constant131, %_tensor_constant86, %_tensor_constant87, False, 0.1, 1e-05), kwargs = {})
    %getitem_151 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_43, 0), kwargs = {})
    %getitem_152 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_43, 1), kwargs = {})
    %getitem_153 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_43, 2), kwargs = {})
    %relu__28 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_151,), kwargs = {})
    %_param_constant132 : [#users=1] = get_attr[target=_param_constant132]
    %convolution_44 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__28, %_param_constant132, None, [2, 2], [1, 1], [1, 1], False, [0, 0], 96), kwargs = {})
    %empty_44 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant133 : [#users=1] = get_attr[target=_param_constant133]
    %_param_constant134 : [#users=1] = get_attr[target=_param_constant134]
    %_tensor_constant88 : [#users=1] = get_attr[target=_tensor_constant88]
    %_tensor_constant89 : [#users=1] = get_attr[target=_tensor_constant89]
    %native_batch_norm_44 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_44, %_param_constant133, %_param_constant134, %_tensor_constant88, %_tensor_constant89, False, 0.1, 1e-05), kwargs = {})
    %getitem_154 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_44, 0), kwargs = {})
    %getitem_155 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_44, 1), kwargs = {})
    %getitem_156 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_44, 2), kwargs = {})
    %_param_constant135 : [#users=1] = get_attr[target=_param_constant135]
    %convolution_45 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_154, %_param_constant135, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_45 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant136 : [#users=1] = get_attr[target=_param_constant136]
    %_param_constant137 : [#users=1] = get_attr[target=_param_constant137]
    %_tensor_constant90 : [#users=1] = get_attr[target=_tensor_constant90]
    %_tensor_constant91 : [#users=1] = get_attr[target=_tensor_constant91]
    %native_batch_norm_45 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_45, %_param_constant136, %_param_constant137, %_tensor_constant90, %_tensor_constant91, False, 0.1, 1e-05), kwargs = {})
    %getitem_157 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_45, 0), kwargs = {})
    %getitem_158 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_45, 1), kwargs = {})
    %getitem_159 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_45, 2), kwargs = {})
    %relu__29 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_157,), kwargs = {})
    %cat_12 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%relu__27, %relu__29], 1), kwargs = {})
    %view_24 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_12, [1, 2, 96, 7, 7]), kwargs = {})
    %transpose_12 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_24, 1, 2), kwargs = {})
    %clone_12 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_12,), kwargs = {memory_format: torch.contiguous_format})
    %view_25 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_12, [1, -1, 7, 7]), kwargs = {})
    %split_10 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_25, 96, 1), kwargs = {})
    %getitem_160 : [#users=1] = call_function[target=operator.getitem](args = (%split_10, 0), kwargs = {})
    %getitem_161 : [#users=1] = call_function[target=operator.getitem](args = (%split_10, 1), kwargs = {})
    %_param_constant138 : [#users=1] = get_attr[target=_param_constant138]
    %convolution_46 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_161, %_param_constant138, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_46 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant139 : [#users=1] = get_attr[target=_param_constant139]
    %_param_constant140 : [#users=1] = get_attr[target=_param_constant140]
    %_tensor_constant92 : [#users=1] = get_attr[target=_tensor_constant92]
    %_tensor_constant93 : [#users=1] = get_attr[target=_tensor_constant93]
    %native_batch_norm_46 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_46, %_param_constant139, %_param_constant140, %_tensor_constant92, %_tensor_constant93, False, 0.1, 1e-05), kwargs = {})
    %getitem_162 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_46, 0), kwargs = {})
    %getitem_163 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_46, 1), kwargs = {})
    %getitem_164 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_46, 2), kwargs = {})
    %relu__30 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_162,), kwargs = {})
    %_param_constant141 : [#users=1] = get_attr[target=_param_constant141]
    %convolution_47 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__30, %_param_constant141, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 96), kwargs = {})
    %empty_47 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant142 : [#users=1] = get_attr[target=_param_constant142]
    %_param_constant143 : [#users=1] = get_attr[target=_param_constant143]
    %_tensor_constant94 : [#users=1] = get_attr[target=_tensor_constant94]
    %_tensor_constant95 : [#users=1] = get_attr[target=_tensor_constant95]
    %native_batch_norm_47 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_47, %_param_constant142, %_param_constant143, %_tensor_constant94, %_tensor_constant95, False, 0.1, 1e-05), kwargs = {})
    %getitem_165 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_47, 0), kwargs = {})
    %getitem_166 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_47, 1), kwargs = {})
    %getitem_167 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_47, 2), kwargs = {})
    %_param_constant144 : [#users=1] = get_attr[target=_param_constant144]
    %convolution_48 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_165, %_param_constant144, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_48 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant145 : [#users=1] = get_attr[target=_param_constant145]
    %_param_constant146 : [#users=1] = get_attr[target=_param_constant146]
    %_tensor_constant96 : [#users=1] = get_attr[target=_tensor_constant96]
    %_tensor_constant97 : [#users=1] = get_attr[target=_tensor_constant97]
    %native_batch_norm_48 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_48, %_param_constant145, %_param_constant146, %_tensor_constant96, %_tensor_constant97, False, 0.1, 1e-05), kwargs = {})
    %getitem_168 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_48, 0), kwargs = {})
    %getitem_169 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_48, 1), kwargs = {})
    %getitem_170 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_48, 2), kwargs = {})
    %relu__31 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_168,), kwargs = {})
    %cat_13 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_160, %relu__31], 1), kwargs = {})
    %view_26 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_13, [1, 2, 96, 7, 7]), kwargs = {})
    %transpose_13 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_26, 1, 2), kwargs = {})
    %clone_13 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_13,), kwargs = {memory_format: torch.contiguous_format})
    %view_27 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_13, [1, -1, 7, 7]), kwargs = {})
    %split_11 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_27, 96, 1), kwargs = {})
    %getitem_171 : [#users=1] = call_function[target=operator.getitem](args = (%split_11, 0), kwargs = {})
    %getitem_172 : [#users=1] = call_function[target=operator.getitem](args = (%split_11, 1), kwargs = {})
    %_param_constant147 : [#users=1] = get_attr[target=_param_constant147]
    %convolution_49 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_172, %_param_constant147, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_49 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant148 : [#users=1] = get_attr[target=_param_constant148]
    %_param_constant149 : [#users=1] = get_attr[target=_param_constant149]
    %_tensor_constant98 : [#users=1] = get_attr[target=_tensor_constant98]
    %_tensor_constant99 : [#users=1] = get_attr[target=_tensor_constant99]
    %native_batch_norm_49 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_49, %_param_constant148, %_param_constant149, %_tensor_constant98, %_tensor_constant99, False, 0.1, 1e-05), kwargs = {})
    %getitem_173 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_49, 0), kwargs = {})
    %getitem_174 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_49, 1), kwargs = {})
    %getitem_175 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_49, 2), kwargs = {})
    %relu__32 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_173,), kwargs = {})
    %_param_constant150 : [#users=1] = get_attr[target=_param_constant150]
    %convolution_50 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__32, %_param_constant150, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 96), kwargs = {})
    %empty_50 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant151 : [#users=1] = get_attr[target=_param_constant151]
    %_param_constant152 : [#users=1] = get_attr[target=_param_constant152]
    %_tensor_constant100 : [#users=1] = get_attr[target=_tensor_constant100]
    %_tensor_constant101 : [#users=1] = get_attr[target=_tensor_constant101]
    %native_batch_norm_50 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_50, %_param_constant151, %_param_constant152, %_tensor_constant100, %_tensor_constant101, False, 0.1, 1e-05), kwargs = {})
    %getitem_176 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_50, 0), kwargs = {})
    %getitem_177 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_50, 1), kwargs = {})
    %getitem_178 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_50, 2), kwargs = {})
    %_param_constant153 : [#users=1] = get_attr[target=_param_constant153]
    %convolution_51 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_176, %_param_constant153, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_51 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant154 : [#users=1] = get_attr[target=_param_constant154]
    %_param_constant155 : [#users=1] = get_attr[target=_param_constant155]
    %_tensor_constant102 : [#users=1] = get_attr[target=_tensor_constant102]
    %_tensor_constant103 : [#users=1] = get_attr[target=_tensor_constant103]
    %native_batch_norm_51 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_51, %_param_constant154, %_param_constant155, %_tensor_constant102, %_tensor_constant103, False, 0.1, 1e-05), kwargs = {})
    %getitem_179 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_51, 0), kwargs = {})
    %getitem_180 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_51, 1), kwargs = {})
    %getitem_181 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_51, 2), kwargs = {})
    %relu__33 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_179,), kwargs = {})
    %cat_14 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_171, %relu__33], 1), kwargs = {})
    %view_28 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_14, [1, 2, 96, 7, 7]), kwargs = {})
    %transpose_14 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_28, 1, 2), kwargs = {})
    %clone_14 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_14,), kwargs = {memory_format: torch.contiguous_format})
    %view_29 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_14, [1, -1, 7, 7]), kwargs = {})
    %split_12 : [#users=2] = call_function[target=torch.ops.aten.split.Tensor](args = (%view_29, 96, 1), kwargs = {})
    %getitem_182 : [#users=1] = call_function[target=operator.getitem](args = (%split_12, 0), kwargs = {})
    %getitem_183 : [#users=1] = call_function[target=operator.getitem](args = (%split_12, 1), kwargs = {})
    %_param_constant156 : [#users=1] = get_attr[target=_param_constant156]
    %convolution_52 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_183, %_param_constant156, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_52 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant157 : [#users=1] = get_attr[target=_param_constant157]
    %_param_constant158 : [#users=1] = get_attr[target=_param_constant158]
    %_tensor_constant104 : [#users=1] = get_attr[target=_tensor_constant104]
    %_tensor_constant105 : [#users=1] = get_attr[target=_tensor_constant105]
    %native_batch_norm_52 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_52, %_param_constant157, %_param_constant158, %_tensor_constant104, %_tensor_constant105, False, 0.1, 1e-05), kwargs = {})
    %getitem_184 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_52, 0), kwargs = {})
    %getitem_185 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_52, 1), kwargs = {})
    %getitem_186 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_52, 2), kwargs = {})
    %relu__34 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_184,), kwargs = {})
    %_param_constant159 : [#users=1] = get_attr[target=_param_constant159]
    %convolution_53 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%relu__34, %_param_constant159, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 96), kwargs = {})
    %empty_53 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant160 : [#users=1] = get_attr[target=_param_constant160]
    %_param_constant161 : [#users=1] = get_attr[target=_param_constant161]
    %_tensor_constant106 : [#users=1] = get_attr[target=_tensor_constant106]
    %_tensor_constant107 : [#users=1] = get_attr[target=_tensor_constant107]
    %native_batch_norm_53 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_53, %_param_constant160, %_param_constant161, %_tensor_constant106, %_tensor_constant107, False, 0.1, 1e-05), kwargs = {})
    %getitem_187 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_53, 0), kwargs = {})
    %getitem_188 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_53, 1), kwargs = {})
    %getitem_189 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_53, 2), kwargs = {})
    %_param_constant162 : [#users=1] = get_attr[target=_param_constant162]
    %convolution_54 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%getitem_187, %_param_constant162, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_54 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant163 : [#users=1] = get_attr[target=_param_constant163]
    %_param_constant164 : [#users=1] = get_attr[target=_param_constant164]
    %_tensor_constant108 : [#users=1] = get_attr[target=_tensor_constant108]
    %_tensor_constant109 : [#users=1] = get_attr[target=_tensor_constant109]
    %native_batch_norm_54 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_54, %_param_constant163, %_param_constant164, %_tensor_constant108, %_tensor_constant109, False, 0.1, 1e-05), kwargs = {})
    %getitem_190 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_54, 0), kwargs = {})
    %getitem_191 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_54, 1), kwargs = {})
    %getitem_192 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_54, 2), kwargs = {})
    %relu__35 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_190,), kwargs = {})
    %cat_15 : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%getitem_182, %relu__35], 1), kwargs = {})
    %view_30 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%cat_15, [1, 2, 96, 7, 7]), kwargs = {})
    %transpose_15 : [#users=1] = call_function[target=torch.ops.aten.transpose.int](args = (%view_30, 1, 2), kwargs = {})
    %clone_15 : [#users=1] = call_function[target=torch.ops.aten.clone.default](args = (%transpose_15,), kwargs = {memory_format: torch.contiguous_format})
    %view_31 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%clone_15, [1, -1, 7, 7]), kwargs = {})
    %_param_constant165 : [#users=1] = get_attr[target=_param_constant165]
    %convolution_55 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%view_31, %_param_constant165, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %empty_55 : [#users=0] = call_function[target=torch.ops.aten.empty.memory_format](args = ([0],), kwargs = {dtype: torch.uint8, layout: torch.strided, device: cpu})
    %_param_constant166 : [#users=1] = get_attr[target=_param_constant166]
    %_param_constant167 : [#users=1] = get_attr[target=_param_constant167]
    %_tensor_constant110 : [#users=1] = get_attr[target=_tensor_constant110]
    %_tensor_constant111 : [#users=1] = get_attr[target=_tensor_constant111]
    %native_batch_norm_55 : [#users=3] = call_function[target=torch.ops.aten.native_batch_norm.default](args = (%convolution_55, %_param_constant166, %_param_constant167, %_tensor_constant110, %_tensor_constant111, False, 0.1, 1e-05), kwargs = {})
    %getitem_193 : [#users=1] = call_function[target=operator.getitem](args = (%native_batch_norm_55, 0), kwargs = {})
    %getitem_194 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_55, 1), kwargs = {})
    %getitem_195 : [#users=0] = call_function[target=operator.getitem](args = (%native_batch_norm_55, 2), kwargs = {})
    %relu__36 : [#users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%getitem_193,), kwargs = {})
    %mean : [#users=1] = call_function[target=torch.ops.aten.mean.dim](args = (%relu__36, [2, 3]), kwargs = {})
    %_param_constant168 : [#users=1] = get_attr[target=_param_constant168]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant168,), kwargs = {})
    %_param_constant169 : [#users=1] = get_attr[target=_param_constant169]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant169, %mean, %t), kwargs = {})
    return addmm
