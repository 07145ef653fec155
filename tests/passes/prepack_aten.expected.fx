graph():
    %arg0_1 : [#users=2] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=0] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %_param_constant2 : [#users=0] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %_param_constant0_packed : [#users=1] = get_attr[target=_param_constant0_packed]
    %_param_constant2_packed : [#users=1] = get_attr[target=_param_constant2_packed]
    %_native_multi_head_attention : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%arg0_1, %arg0_1, %arg0_1, 32, 4, %_param_constant0_packed, %_param_constant1, %_param_constant2_packed, %_param_constant3, None, False), kwargs = {packed_weights: True})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention, 1), kwargs = {})
    %add : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%arg0_1, %getitem), kwargs = {})
    %_param_constant4 : [#users=0] = get_attr[target=_param_constant4]
    %t_folded : [#users=0] = get_attr[target=t_folded]
    %view : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%add, [32, 32]), kwargs = {})
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %t_folded_packed : [#users=1] = get_attr[target=t_folded_packed]
    %addmm_fused_packed : [#users=1] = call_function[target=fx2c.fused_linear](args = (%view, %t_folded_packed, %_param_constant5), kwargs = {activation: gelu, weight_layout: panels, out_features: 48})
    %view_1 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_fused_packed, [2, 16, 48]), kwargs = {})
    %_param_constant6 : [#users=0] = get_attr[target=_param_constant6]
    %t_1_folded : [#users=0] = get_attr[target=t_1_folded]
    %view_2 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%view_1, [32, 48]), kwargs = {})
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %t_1_folded_packed : [#users=1] = get_attr[target=t_1_folded_packed]
    %addmm_1_fused_packed : [#users=1] = call_function[target=fx2c.fused_linear](args = (%view_2, %t_1_folded_packed, %_param_constant7), kwargs = {weight_layout: panels, out_features: 32})
    %view_3 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_1_fused_packed, [2, 16, 32]), kwargs = {})
    %add_1 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %view_3), kwargs = {})
    %_param_constant8 : [#users=0] = get_attr[target=_param_constant8]
    %t_2_folded : [#users=0] = get_attr[target=t_2_folded]
    %view_4 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%add_1, [32, 32]), kwargs = {})
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %t_2_folded_packed : [#users=1] = get_attr[target=t_2_folded_packed]
    %addmm_2_fused_packed : [#users=1] = call_function[target=fx2c.fused_linear](args = (%view_4, %t_2_folded_packed, %_param_constant9), kwargs = {weight_layout: panels, out_features: 40})
    %view_5 : [#users=2] = call_function[target=torch.ops.aten.view.default](args = (%addmm_2_fused_packed, [2, 16, 40]), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%view_5, 0, 0, 9223372036854775807), kwargs = {})
    %select : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%slice_1, 1, 0), kwargs = {})
    %_param_constant10 : [#users=0] = get_attr[target=_param_constant10]
    %t_3_folded : [#users=1] = get_attr[target=t_3_folded]
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %addmm_3_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%select, %t_3_folded, %_param_constant11), kwargs = {activation: none, weight_layout: kn})
    return (addmm_3_fused, view_5)
