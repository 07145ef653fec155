graph():
    %arg0_1 : [#users=2] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %_native_multi_head_attention : [#users=2] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%arg0_1, %arg0_1, %arg0_1, 32, 4, %_param_constant0, %_param_constant1, %_param_constant2, %_param_constant3, None, False), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%_native_multi_head_attention, 0), kwargs = {})
    %getitem_1 : [#users=0] = call_function[target=operator.getitem](args = (%_native_multi_head_attention, 1), kwargs = {})
    %add : [#users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%arg0_1, %getitem), kwargs = {})
    %_param_constant4 : [#users=1] = get_attr[target=_param_constant4]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant4,), kwargs = {})
    %view : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%add, [32, 32]), kwargs = {})
    %_param_constant5 : [#users=1] = get_attr[target=_param_constant5]
    %addmm : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant5, %view, %t), kwargs = {})
    %view_1 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm, [2, 16, 48]), kwargs = {})
    %gelu : [#users=1] = call_function[target=torch.ops.aten.gelu.default](args = (%view_1,), kwargs = {})
    %_param_constant6 : [#users=1] = get_attr[target=_param_constant6]
    %t_1 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant6,), kwargs = {})
    %view_2 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%gelu, [32, 48]), kwargs = {})
    %_param_constant7 : [#users=1] = get_attr[target=_param_constant7]
    %addmm_1 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant7, %view_2, %t_1), kwargs = {})
    %view_3 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%addmm_1, [2, 16, 32]), kwargs = {})
    %add_1 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add, %view_3), kwargs = {})
    %_param_constant8 : [#users=1] = get_attr[target=_param_constant8]
    %t_2 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant8,), kwargs = {})
    %view_4 : [#users=1] = call_function[target=torch.ops.aten.view.default](args = (%add_1, [32, 32]), kwargs = {})
    %_param_constant9 : [#users=1] = get_attr[target=_param_constant9]
    %addmm_2 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant9, %view_4, %t_2), kwargs = {})
    %view_5 : [#users=2] = call_function[target=torch.ops.aten.view.default](args = (%addmm_2, [2, 16, 40]), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%view_5, 0, 0, 9223372036854775807), kwargs = {})
    %select : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%slice_1, 1, 0), kwargs = {})
    %_param_constant10 : [#users=1] = get_attr[target=_param_constant10]
    %t_3 : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant10,), kwargs = {})
    %_param_constant11 : [#users=1] = get_attr[target=_param_constant11]
    %addmm_3 : [#users=1] = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant11, %select, %t_3), kwargs = {})
    return (addmm_3, view_5)
