graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%arg0_1, %_param_constant0, %_param_constant1, [16, 16], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %_reshape_alias : [#users=1] = call_function[target=torch.ops.aten._reshape_alias.default](args = (%convolution, [1, 768, 196], [150528, 196, 1]), kwargs = {})
    %permute : [#users=1] = call_function[target=torch.ops.aten.permute.default](args = (%_reshape_alias, [0, 2, 1]), kwargs = {})
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %expand : [#users=1] = call_function[target=torch.ops.aten.expand.default](args = (%_param_constant2, [1, -1, -1]), kwargs = {})
    %cat : [#users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%expand, %permute], 1), kwargs = {})
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %add : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%cat, %_param_constant3), kwargs = {})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %native_layer_norm : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add, [768], %_param_constant4, %_param_constant5, 1e-06), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm, 1), kwargs = {})
    %getitem_2 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm, 2), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %_native_multi_head_attention : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem, %getitem, %getitem, 768, 12, %_param_constant6, %_param_constant7, %_param_constant8, %_param_constant9, None, False), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention, 0), kwargs = {})
    %getitem_4 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention, 1), kwargs = {})
    %add_1 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_3, %add), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %native_layer_norm_1 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_1, [768], %_param_constant10, %_param_constant11, 1e-06), kwargs = {})
    %getitem_5 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_1, 0), kwargs = {})
    %getitem_6 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_1, 1), kwargs = {})
    %getitem_7 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_1, 2), kwargs = {})
    %_param_constant12 : [#users=1] = get_attr[target=_param_constant12]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant12,), kwargs = {})
    %view : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_5, [197, 768]), kwargs = {})
    %_param_constant13 : [#users=1] = get_attr[target=_param_constant13]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant13, %view, %t), kwargs = {})
    %view_1 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm, [1, 197, 3072]), kwargs = {})
    %gelu : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_1,), kwargs = {})
    %_param_constant14 : [#users=1] = get_attr[target=_param_constant14]
    %t_1 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant14,), kwargs = {})
    %view_2 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu, [197, 3072]), kwargs = {})
    %_param_constant15 : [#users=1] = get_attr[target=_param_constant15]
    %addmm_1 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant15, %view_2, %t_1), kwargs = {})
    %view_3 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_1, [1, 197, 768]), kwargs = {})
    %add_2 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_1, %view_3), kwargs = {})
    %_param_constant16 : [#users=1] = get_attr[target=_param_constant16]
    %_param_constant17 : [#users=1] = get_attr[target=_param_constant17]
    %native_layer_norm_2 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_2, [768], %_param_constant16, %_param_constant17, 1e-06), kwargs = {})
    %getitem_8 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_2, 0), kwargs = {})
    %getitem_9 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_2, 1), kwargs = {})
    %getitem_10 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_2, 2), kwargs = {})
    %_param_constant18 : [#users=1] = get_attr[target=_param_constant18]
    %_param_constant19 : [#users=1] = get_attr[target=_param_constant19]
    %_param_constant20 : [#users=1] = get_attr[target=_param_constant20]
    %_param_constant21 : [#users=1] = get_attr[target=_param_constant21]
    %_native_multi_head_attention_1 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_8, %getitem_8, %getitem_8, 768, 12, %_param_constant18, %_param_constant19, %_param_constant20, %_param_constant21, None, False), kwargs = {})
    %getitem_11 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_1, 0), kwargs = {})
    %getitem_12 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_1, 1), kwargs = {})
    %add_3 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_11, %add_2), kwargs = {})
    %_param_constant22 : [#users=1] = get_attr[target=_param_constant22]
    %_param_constant23 : [#users=1] = get_attr[target=_param_constant23]
    %native_layer_norm_3 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_3, [768], %_param_constant22, %_param_constant23, 1e-06), kwargs = {})
    %getitem_13 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_3, 0), kwargs = {})
    %getitem_14 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_3, 1), kwargs = {})
    %getitem_15 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_3, 2), kwargs = {})
    %_param_constant24 : [#users=1] = get_attr[target=_param_constant24]
    %t_2 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant24,), kwargs = {})
    %view_4 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_13, [197, 768]), kwargs = {})
    %_param_constant25 : [#users=1] = get_attr[target=_param_constant25]
    %addmm_2 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant25, %view_4, %t_2), kwargs = {})
    %view_5 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_2, [1, 197, 3072]), kwargs = {})
    %gelu_1 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_5,), kwargs = {})
    %_param_constant26 : [#users=1] = get_attr[target=_param_constant26]
    %t_3 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant26,), kwargs = {})
    %view_6 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_1, [197, 3072]), kwargs = {})
    %_param_constant27 : [#users=1] = get_attr[target=_param_constant27]
    %addmm_3 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant27, %view_6, %t_3), kwargs = {})
    %view_7 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_3, [1, 197, 768]), kwargs = {})
    %add_4 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_3, %view_7), kwargs = {})
    %_param_constant28 : [#users=1] = get_attr[target=_param_constant28]
    %_param_constant29 : [#users=1] = get_attr[target=_param_constant29]
    %native_layer_norm_4 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_4, [768], %_param_constant28, %_param_constant29, 1e-06), kwargs = {})
    %getitem_16 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_4, 0), kwargs = {})
    %getitem_17 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_4, 1), kwargs = {})
    %getitem_18 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_4, 2), kwargs = {})
    %_param_constant30 : [#users=1] = get_attr[target=_param_constant30]
    %_param_constant31 : [#users=1] = get_attr[target=_param_constant31]
    %_param_constant32 : [#users=1] = get_attr[target=_param_constant32]
    %_param_constant33 : [#users=1] = get_attr[target=_param_constant33]
    %_native_multi_head_attention_2 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_16, %getitem_16, %getitem_16, 768, 12, %_param_constant30, %_param_constant31, %_param_constant32, %_param_constant33, None, False), kwargs = {})
    %getitem_19 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_2, 0), kwargs = {})
    %getitem_20 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_2, 1), kwargs = {})
    %add_5 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_19, %add_4), kwargs = {})
    %_param_constant34 : [#users=1] = get_attr[target=_param_constant34]
    %_param_constant35 : [#users=1] = get_attr[target=_param_constant35]
    %native_layer_norm_5 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_5, [768], %_param_constant34, %_param_constant35, 1e-06), kwargs = {})
    %getitem_21 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_5, 0), kwargs = {})
    %getitem_22 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_5, 1), kwargs = {})
    %getitem_23 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_5, 2), kwargs = {})
    %_param_constant36 : [#users=1] = get_attr[target=_param_constant36]
    %t_4 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant36,), kwargs = {})
    %view_8 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_21, [197, 768]), kwargs = {})
    %_param_constant37 : [#users=1] = get_attr[target=_param_constant37]
    %addmm_4 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant37, %view_8, %t_4), kwargs = {})
    %view_9 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_4, [1, 197, 3072]), kwargs = {})
    %gelu_2 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_9,), kwargs = {})
    %_param_constant38 : [#users=1] = get_attr[target=_param_constant38]
    %t_5 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant38,), kwargs = {})
    %view_10 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_2, [197, 3072]), kwargs = {})
    %_param_constant39 : [#users=1] = get_attr[target=_param_constant39]
    %addmm_5 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant39, %view_10, %t_5), kwargs = {})
    %view_11 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_5, [1, 197, 768]), kwargs = {})
    %add_6 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_5, %view_11), kwargs = {})
    %_param_constant40 : [#users=1] = get_attr[target=_param_constant40]
    %_param_constant41 : [#users=1] = get_attr[target=_param_constant41]
    %native_layer_norm_6 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_6, [768], %_param_constant40, %_param_constant41, 1e-06), kwargs = {})
    %getitem_24 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_6, 0), kwargs = {})
    %getitem_25 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_6, 1), kwargs = {})
    %getitem_26 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_6, 2), kwargs = {})
    %_param_constant42 : [#users=1] = get_attr[target=_param_constant42]
    %_param_constant43 : [#users=1] = get_attr[target=_param_constant43]
    %_param_constant44 : [#users=1] = get_attr[target=_param_constant44]
    %_param_constant45 : [#users=1] = get_attr[target=_param_constant45]
    %_native_multi_head_attention_3 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_24, %getitem_24, %getitem_24, 768, 12, %_param_constant42, %_param_constant43, %_param_constant44, %_param_constant45, None, False), kwargs = {})
    %getitem_27 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_3, 0), kwargs = {})
    %getitem_28 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_3, 1), kwargs = {})
    %add_7 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_27, %add_6), kwargs = {})
    %_param_constant46 : [#users=1] = get_attr[target=_param_constant46]
    %_param_constant47 : [#users=1] = get_attr[target=_param_constant47]
    %native_layer_norm_7 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_7, [768], %_param_constant46, %_param_constant47, 1e-06), kwargs = {})
    %getitem_29 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_7, 0), kwargs = {})
    %getitem_30 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_7, 1), kwargs = {})
    %getitem_31 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_7, 2), kwargs = {})
    %_param_constant48 : [#users=1] = get_attr[target=_param_constant48]
    %t_6 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant48,), kwargs = {})
    %view_12 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_29, [197, 768]), kwargs = {})
    %_param_constant49 : [#users=1] = get_attr[target=_param_constant49]
    %addmm_6 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant49, %view_12, %t_6), kwargs = {})
    %view_13 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_6, [1, 197, 3072]), kwargs = {})
    %gelu_3 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_13,), kwargs = {})
    %_param_constant50 : [#users=1] = get_attr[target=_param_constant50]
    %t_7 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant50,), kwargs = {})
    %view_14 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_3, [197, 3072]), kwargs = {})
    %_param_constant51 : [#users=1] = get_attr[target=_param_constant51]
    %addmm_7 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant51, %view_14, %t_7), kwargs = {})
    %view_15 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_7, [1, 197, 768]), kwargs = {})
    %add_8 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_7, %view_15), kwargs = {})
    %_param_constant52 : [#users=1] = get_attr[target=_param_constant52]
    %_param_constant53 : [#users=1] = get_attr[target=_param_constant53]
    %native_layer_norm_8 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_8, [768], %_param_constant52, %_param_constant53, 1e-06), kwargs = {})
    %getitem_32 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_8, 0), kwargs = {})
    %getitem_33 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_8, 1), kwargs = {})
    %getitem_34 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_8, 2), kwargs = {})
    %_param_constant54 : [#users=1] = get_attr[target=_param_constant54]
    %_param_constant55 : [#users=1] = get_attr[target=_param_constant55]
    %_param_constant56 : [#users=1] = get_attr[target=_param_constant56]
    %_param_constant57 : [#users=1] = get_attr[target=_param_constant57]
    %_native_multi_head_attention_4 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_32, %getitem_32, %getitem_32, 768, 12, %_param_constant54, %_param_constant55, %_param_constant56, %_param_constant57, None, False), kwargs = {})
    %getitem_35 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_4, 0), kwargs = {})
    %getitem_36 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_4, 1), kwargs = {})
    %add_9 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_35, %add_8), kwargs = {})
    %_param_constant58 : [#users=1] = get_attr[target=_param_constant58]
    %_param_constant59 : [#users=1] = get_attr[target=_param_constant59]
    %native_layer_norm_9 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_9, [768], %_param_constant58, %_param_constant59, 1e-06), kwargs = {})
    %getitem_37 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_9, 0), kwargs = {})
    %getitem_38 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_9, 1), kwargs = {})
    %getitem_39 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_9, 2), kwargs = {})
    %_param_constant60 : [#users=1] = get_attr[target=_param_constant60]
    %t_8 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant60,), kwargs = {})
    %view_16 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_37, [197, 768]), kwargs = {})
    %_param_constant61 : [#users=1] = get_attr[target=_param_constant61]
    %addmm_8 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant61, %view_16, %t_8), kwargs = {})
    %view_17 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_8, [1, 197, 3072]), kwargs = {})
    %gelu_4 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_17,), kwargs = {})
    %_param_constant62 : [#users=1] = get_attr[target=_param_constant62]
    %t_9 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant62,), kwargs = {})
    %view_18 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_4, [197, 3072]), kwargs = {})
    %_param_constant63 : [#users=1] = get_attr[target=_param_constant63]
    %addmm_9 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant63, %view_18, %t_9), kwargs = {})
    %view_19 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_9, [1, 197, 768]), kwargs = {})
    %add_10 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_9, %view_19), kwargs = {})
    %_param_constant64 : [#users=1] = get_attr[target=_param_constant64]
    %_param_constant65 : [#users=1] = get_attr[target=_param_constant65]
    %native_layer_norm_10 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_10, [768], %_param_constant64, %_param_constant65, 1e-06), kwargs = {})
    %getitem_40 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_10, 0), kwargs = {})
    %getitem_41 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_10, 1), kwargs = {})
    %getitem_42 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_10, 2), kwargs = {})
    %_param_constant66 : [#users=1] = get_attr[target=_param_constant66]
    %_param_constant67 : [#users=1] = get_attr[target=_param_constant67]
    %_param_constant68 : [#users=1] = get_attr[target=_param_constant68]
    %_param_constant69 : [#users=1] = get_attr[target=_param_constant69]
    %_native_multi_head_attention_5 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_40, %getitem_40, %getitem_40, 768, 12, %_param_constant66, %_param_constant67, %_param_constant68, %_param_constant69, None, False), kwargs = {})
    %getitem_43 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_5, 0), kwargs = {})
    %getitem_44 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_5, 1), kwargs = {})
    %add_11 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_43, %add_10), kwargs = {})
    %_param_constant70 : [#users=1] = get_attr[target=_param_constant70]
    %_param_constant71 : [#users=1] = get_attr[target=_param_constant71]
    %native_layer_norm_11 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_11, [768], %_param_constant70, %_param_constant71, 1e-06), kwargs = {})
    %getitem_45 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_11, 0), kwargs = {})
    %getitem_46 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_11, 1), kwargs = {})
    %getitem_47 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_11, 2), kwargs = {})
    %_param_constant72 : [#users=1] = get_attr[target=_param_constant72]
    %t_10 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant72,), kwargs = {})
    %view_20 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_45, [197, 768]), kwargs = {})
    %_param_constant73 : [#users=1] = get_attr[target=_param_constant73]
    %addmm_10 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant73, %view_20, %t_10), kwargs = {})
    %view_21 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_10, [1, 197, 3072]), kwargs = {})
    %gelu_5 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_21,), kwargs = {})
    %_param_constant74 : [#users=1] = get_attr[target=_param_constant74]
    %t_11 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant74,), kwargs = {})
    %view_22 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_5, [197, 3072]), kwargs = {})
    %_param_constant75 : [#users=1] = get_attr[target=_param_constant75]
    %addmm_11 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant75, %view_22, %t_11), kwargs = {})
    %view_23 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_11, [1, 197, 768]), kwargs = {})
    %add_12 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_11, %view_23), kwargs = {})
    %_param_constant76 : [#users=1] = get_attr[target=_param_constant76]
    %_param_constant77 : [#users=1] = get_attr[target=_param_constant77]
    %native_layer_norm_12 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_12, [768], %_param_constant76, %_param_constant77, 1e-06), kwargs = {})
    %getitem_48 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_12, 0), kwargs = {})
    %getitem_49 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_12, 1), kwargs = {})
    %getitem_50 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_12, 2), kwargs = {})
    %_param_constant78 : [#users=1] = get_attr[target=_param_constant78]
    %_param_constant79 : [#users=1] = get_attr[target=_param_constant79]
    %_param_constant80 : [#users=1] = get_attr[target=_param_constant80]
    %_param_constant81 : [#users=1] = get_attr[target=_param_constant81]
    %_native_multi_head_attention_6 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_48, %getitem_48, %getitem_48, 768, 12, %_param_constant78, %_param_constant79, %_param_constant80, %_param_constant81, None, False), kwargs = {})
    %getitem_51 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_6, 0), kwargs = {})
    %getitem_52 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_6, 1), kwargs = {})
    %add_13 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_51, %add_12), kwargs = {})
    %_param_constant82 : [#users=1] = get_attr[target=_param_constant82]
    %_param_constant83 : [#users=1] = get_attr[target=_param_constant83]
    %native_layer_norm_13 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_13, [768], %_param_constant82, %_param_constant83, 1e-06), kwargs = {})
    %getitem_53 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_13, 0), kwargs = {})
    %getitem_54 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_13, 1), kwargs = {})
    %getitem_55 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_13, 2), kwargs = {})
    %_param_constant84 : [#users=1] = get_attr[target=_param_constant84]
    %t_12 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant84,), kwargs = {})
    %view_24 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_53, [197, 768]), kwargs = {})
    %_param_constant85 : [#users=1] = get_attr[target=_param_constant85]
    %addmm_12 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant85, %view_24, %t_12), kwargs = {})
    %view_25 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_12, [1, 197, 3072]), kwargs = {})
    %gelu_6 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_25,), kwargs = {})
    %_param_constant86 : [#users=1] = get_attr[target=_param_constant86]
    %t_13 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant86,), kwargs = {})
    %view_26 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_6, [197, 3072]), kwargs = {})
    %_param_constant87 : [#users=1] = get_attr[target=_param_constant87]
    %addmm_13 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant87, %view_26, %t_13), kwargs = {})
    %view_27 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_13, [1, 197, 768]), kwargs = {})
    %add_14 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_13, %view_27), kwargs = {})
    %_param_constant88 : [#users=1] = get_attr[target=_param_constant88]
    %_param_constant89 : [#users=1] = get_attr[target=_param_constant89]
    %native_layer_norm_14 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_14, [768], %_param_constant88, %_param_constant89, 1e-06), kwargs = {})
    %getitem_56 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_14, 0), kwargs = {})
    %getitem_57 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_14, 1), kwargs = {})
    %getitem_58 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_14, 2), kwargs = {})
    %_param_constant90 : [#users=1] = get_attr[target=_param_constant90]
    %_param_constant91 : [#users=1] = get_attr[target=_param_constant91]
    %_param_constant92 : [#users=1] = get_attr[target=_param_constant92]
    %_param_constant93 : [#users=1] = get_attr[target=_param_constant93]
    %_native_multi_head_attention_7 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_56, %getitem_56, %getitem_56, 768, 12, %_param_constant90, %_param_constant91, %_param_constant92, %_param_constant93, None, False), kwargs = {})
    %getitem_59 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_7, 0), kwargs = {})
    %getitem_60 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_7, 1), kwargs = {})
    %add_15 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_59, %add_14), kwargs = {})
    %_param_constant94 : [#users=1] = get_attr[target=_param_constant94]
    %_param_constant95 : [#users=1] = get_attr[target=_param_constant95]
    %native_layer_norm_15 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_15, [768], %_param_constant94, %_param_constant95, 1e-06), kwargs = {})
    %getitem_61 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_15, 0), kwargs = {})
    %getitem_62 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_15, 1), kwargs = {})
    %getitem_63 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_15, 2), kwargs = {})
    %_param_constant96 : [#users=1] = get_attr[target=_param_constant96]
    %t_14 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant96,), kwargs = {})
    %view_28 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_61, [197, 768]), kwargs = {})
    %_param_constant97 : [#users=1] = get_attr[target=_param_constant97]
    %addmm_14 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant97, %view_28, %t_14), kwargs = {})
    %view_29 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_14, [1, 197, 3072]), kwargs = {})
    %gelu_7 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_29,), kwargs = {})
    %_param_constant98 : [#users=1] = get_attr[target=_param_constant98]
    %t_15 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant98,), kwargs = {})
    %view_30 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_7, [197, 3072]), kwargs = {})
    %_param_constant99 : [#users=1] = get_attr[target=_param_constant99]
    %addmm_15 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant99, %view_30, %t_15), kwargs = {})
    %view_31 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_15, [1, 197, 768]), kwargs = {})
    %add_16 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_15, %view_31), kwargs = {})
    %_param_constant100 : [#users=1] = get_attr[target=_param_constant100]
    %_param_constant101 : [#users=1] = get_attr[target=_param_constant101]
    %native_layer_norm_16 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_16, [768], %_param_constant100, %_param_constant101, 1e-06), kwargs = {})
    %getitem_64 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_16, 0), kwargs = {})
    %getitem_65 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_16, 1), kwargs = {})
    %getitem_66 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_16, 2), kwargs = {})
    %_param_constant102 : [#users=1] = get_attr[target=_param_constant102]
    %_param_constant103 : [#users=1] = get_attr[target=_param_constant103]
    %_param_constant104 : [#users=1] = get_attr[target=_param_constant104]
    %_param_constant105 : [#users=1] = get_attr[target=_param_constant105]
    %_native_multi_head_attention_8 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_64, %getitem_64, %getitem_64, 768, 12, %_param_constant102, %_param_constant103, %_param_constant104, %_param_constant105, None, False), kwargs = {})
    %getitem_67 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_8, 0), kwargs = {})
    %getitem_68 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_8, 1), kwargs = {})
    %add_17 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_67, %add_16), kwargs = {})
    %_param_constant106 : [#users=1] = get_attr[target=_param_constant106]
    %_param_constant107 : [#users=1] = get_attr[target=_param_constant107]
    %native_layer_norm_17 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_17, [768], %_param_constant106, %_param_constant107, 1e-06), kwargs = {})
    %getitem_69 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_17, 0), kwargs = {})
    %getitem_70 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_17, 1), kwargs = {})
    %getitem_71 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_17, 2), kwargs = {})
    %_param_constant108 : [#users=1] = get_attr[target=_param_constant108]
    %t_16 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant108,), kwargs = {})
    %view_32 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_69, [197, 768]), kwargs = {})
    %_param_constant109 : [#users=1] = get_attr[target=_param_constant109]
    %addmm_16 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant109, %view_32, %t_16), kwargs = {})
    %view_33 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_16, [1, 197, 3072]), kwargs = {})
    %gelu_8 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_33,), kwargs = {})
    %_param_constant110 : [#users=1] = get_attr[target=_param_constant110]
    %t_17 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant110,), kwargs = {})
    %view_34 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_8, [197, 3072]), kwargs = {})
    %_param_constant111 : [#users=1] = get_attr[target=_param_constant111]
    %addmm_17 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant111, %view_34, %t_17), kwargs = {})
    %view_35 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_17, [1, 197, 768]), kwargs = {})
    %add_18 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_17, %view_35), kwargs = {})
    %_param_constant112 : [#users=1] = get_attr[target=_param_constant112]
    %_param_constant113 : [#users=1] = get_attr[target=_param_constant113]
    %native_layer_norm_18 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_18, [768], %_param_constant112, %_param_constant113, 1e-06), kwargs = {})
    %getitem_72 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_18, 0), kwargs = {})
    %getitem_73 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_18, 1), kwargs = {})
    %getitem_74 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_18, 2), kwargs = {})
    %_param_constant114 : [#users=1] = get_attr[target=_param_constant114]
    %_param_constant115 : [#users=1] = get_attr[target=_param_constant115]
    %_param_constant116 : [#users=1] = get_attr[target=_param_constant116]
    %_param_constant117 : [#users=1] = get_attr[target=_param_constant117]
    %_native_multi_head_attention_9 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_72, %getitem_72, %getitem_72, 768, 12, %_param_constant114, %_param_constant115, %_param_constant116, %_param_constant117, None, False), kwargs = {})
    %getitem_75 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_9, 0), kwargs = {})
    %getitem_76 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_9, 1), kwargs = {})
    %add_19 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_75, %add_18), kwargs = {})
    %_param_constant118 : [#users=1] = get_attr[target=_param_constant118]
    %_param_constant119 : [#users=1] = get_attr[target=_param_constant119]
    %native_layer_norm_19 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_19, [768], %_param_constant118, %_param_constant119, 1e-06), kwargs = {})
    %getitem_77 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_19, 0), kwargs = {})
    %getitem_78 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_19, 1), kwargs = {})
    %getitem_79 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_19, 2), kwargs = {})
    %_param_constant120 : [#users=1] = get_attr[target=_param_constant120]
    %t_18 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant120,), kwargs = {})
    %view_36 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_77, [197, 768]), kwargs = {})
    %_param_constant121 : [#users=1] = get_attr[target=_param_constant121]
    %addmm_18 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant121, %view_36, %t_18), kwargs = {})
    %view_37 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_18, [1, 197, 3072]), kwargs = {})
    %gelu_9 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_37,), kwargs = {})
    %_param_constant122 : [#users=1] = get_attr[target=_param_constant122]
    %t_19 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant122,), kwargs = {})
    %view_38 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_9, [197, 3072]), kwargs = {})
    %_param_constant123 : [#users=1] = get_attr[target=_param_constant123]
    %addmm_19 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant123, %view_38, %t_19), kwargs = {})
    %view_39 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_19, [1, 197, 768]), kwargs = {})
    %add_20 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_19, %view_39), kwargs = {})
    %_param_constant124 : [#users=1] = get_attr[target=_param_constant124]
    %_param_constant125 : [#users=1] = get_attr[target=_param_constant125]
    %native_layer_norm_20 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_20, [768], %_param_constant124, %_param_constant125, 1e-06), kwargs = {})
    %getitem_80 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_20, 0), kwargs = {})
    %getitem_81 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_20, 1), kwargs = {})
    %getitem_82 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_20, 2), kwargs = {})
    %_param_constant126 : [#users=1] = get_attr[target=_param_constant126]
    %_param_constant127 : [#users=1] = get_attr[target=_param_constant127]
    %_param_constant128 : [#users=1] = get_attr[target=_param_constant128]
    %_param_constant129 : [#users=1] = get_attr[target=_param_constant129]
    %_native_multi_head_attention_10 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_80, %getitem_80, %getitem_80, 768, 12, %_param_constant126, %_param_constant127, %_param_constant128, %_param_constant129, None, False), kwargs = {})
    %getitem_83 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_10, 0), kwargs = {})
    %getitem_84 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_10, 1), kwargs = {})
    %add_21 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_83, %add_20), kwargs = {})
    %_param_constant130 : [#users=1] = get_attr[target=_param_constant130]
    %_param_constant131 : [#users=1] = get_attr[target=_param_constant131]
    %native_layer_norm_21 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_21, [768], %_param_constant130, %_param_constant131, 1e-06), kwargs = {})
    %getitem_85 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_21, 0), kwargs = {})
    %getitem_86 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_21, 1), kwargs = {})
    %getitem_87 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_21, 2), kwargs = {})
    %_param_constant132 : [#users=1] = get_attr[target=_param_constant132]
    %t_20 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant132,), kwargs = {})
    %view_40 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_85, [197, 768]), kwargs = {})
    %_param_constant133 : [#users=1] = get_attr[target=_param_constant133]
    %addmm_20 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant133, %view_40, %t_20), kwargs = {})
    %view_41 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_20, [1, 197, 3072]), kwargs = {})
    %gelu_10 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_41,), kwargs = {})
    %_param_constant134 : [#users=1] = get_attr[target=_param_constant134]
    %t_21 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant134,), kwargs = {})
    %view_42 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_10, [197, 3072]), kwargs = {})
    %_param_constant135 : [#users=1] = get_attr[target=_param_constant135]
    %addmm_21 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant135, %view_42, %t_21), kwargs = {})
    %view_43 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_21, [1, 197, 768]), kwargs = {})
    %add_22 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_21, %view_43), kwargs = {})
    %_param_constant136 : [#users=1] = get_attr[target=_param_constant136]
    %_param_constant137 : [#users=1] = get_attr[target=_param_constant137]
    %native_layer_norm_22 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_22, [768], %_param_constant136, %_param_constant137, 1e-06), kwargs = {})
    %getitem_88 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_22, 0), kwargs = {})
    %getitem_89 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_22, 1), kwargs = {})
    %getitem_90 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_22, 2), kwargs = {})
    %_param_constant138 : [#users=1] = get_attr[target=_param_constant138]
    %_param_constant139 : [#users=1] = get_attr[target=_param_constant139]
    %_param_constant140 : [#users=1] = get_attr[target=_param_constant140]
    %_param_constant141 : [#users=1] = get_attr[target=_param_constant141]
    %_native_multi_head_attention_11 : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%getitem_88, %getitem_88, %getitem_88, 768, 12, %_param_constant138, %_param_constant139, %_param_constant140, %_param_constant141, None, False), kwargs = {})
    %getitem_91 : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_11, 0), kwargs = {})
    %getitem_92 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention_11, 1), kwargs = {})
    %add_23 : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem_91, %add_22), kwargs = {})
    %_param_constant142 : [#users=1] = get_attr[target=_param_constant142]
    %_param_constant143 : [#users=1] = get_attr[target=_param_constant143]
    %native_layer_norm_23 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_23, [768], %_param_constant142, %_param_constant143, 1e-06), kwargs = {})
    %getitem_93 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_23, 0), kwargs = {})
    %getitem_94 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_23, 1), kwargs = {})
    %getitem_95 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_23, 2), kwargs = {})
    %_param_constant144 : [#users=1] = get_attr[target=_param_constant144]
    %t_22 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant144,), kwargs = {})
    %view_44 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_93, [197, 768]), kwargs = {})
    %_param_constant145 : [#users=1] = get_attr[target=_param_constant145]
    %addmm_22 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant145, %view_44, %t_22), kwargs = {})
    %view_45 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_22, [1, 197, 3072]), kwargs = {})
    %gelu_11 : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_45,), kwargs = {})
    %_param_constant146 : [#users=1] = get_attr[target=_param_constant146]
    %t_23 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant146,), kwargs = {})
    %view_46 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu_11, [197, 3072]), kwargs = {})
    %_param_constant147 : [#users=1] = get_attr[target=_param_constant147]
    %addmm_23 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant147, %view_46, %t_23), kwargs = {})
    %view_47 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_23, [1, 197, 768]), kwargs = {})
    %add_24 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_23, %view_47), kwargs = {})
    %_param_constant148 : [#users=1] = get_attr[target=_param_constant148]
    %_param_constant149 : [#users=1] = get_attr[target=_param_constant149]
    %native_layer_norm_24 : [#users=3] = call_function[target=torch.ops.aten.native_layer_norm.default](args = (%add_24, [768], %_param_constant148, %_param_constant149, 1e-06), kwargs = {})
    %getitem_96 : [#users=1] = call_function[target=operator.getitem](args = (%native_layer_norm_24, 0), kwargs = {})
    %getitem_97 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_24, 1), kwargs = {})
    %getitem_98 : [#users=0] = call_function[target=operator.getitem](args = (%native_layer_norm_24, 2), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%getitem_96, 0, 0, 9223372036854775807), kwargs = {})
    %select : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%slice_1, 1, 0), kwargs = {})
    %_param_constant150 : [#users=1] = get_attr[target=_param_constant150]
    %t_24 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant150,), kwargs = {})
    %_param_constant151 : [#users=1] = get_attr[target=_param_constant151]
    %addmm_24 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant151, %select, %t_24), kwargs = {})
    return addmm_24
