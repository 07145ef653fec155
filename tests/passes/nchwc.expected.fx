graph():
    %x : [#users=1] = placeholder[target=x]
    %stem_bias : [#users=1] = get_attr[target=stem.bias]
    %stem_weight_nchwc : [#users=1] = get_attr[target=stem.weight_nchwc]
    %stem_fused_nchwc : [#users=3] = call_function[target=fx2c.nchwc_conv](args = (%x, %stem_weight_nchwc, %stem_bias, (2, 2), (1, 1), (1, 1), 1), kwargs = {in_channels: 3, out_channels: 24, kernel_size: (3, 3), activation: relu})
    %stem_fused_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%stem_fused_nchwc,), kwargs = {channels: 24})
    %expand_bias : [#users=1] = get_attr[target=expand.bias]
    %expand_weight_nchwc : [#users=1] = get_attr[target=expand.weight_nchwc]
    %expand_fused_nchwc : [#users=2] = call_function[target=fx2c.nchwc_conv](args = (%stem_fused_nchwc, %expand_weight_nchwc, %expand_bias, (1, 1), (0, 0), (1, 1), 1), kwargs = {in_channels: 24, out_channels: 40, kernel_size: (1, 1), activation: relu6})
    %expand_fused_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%expand_fused_nchwc,), kwargs = {channels: 40})
    %dw_bias : [#users=1] = get_attr[target=dw.bias]
    %dw_weight_nchwc : [#users=1] = get_attr[target=dw.weight_nchwc]
    %dw_fused_nchwc : [#users=3] = call_function[target=fx2c.nchwc_conv](args = (%expand_fused_nchwc, %dw_weight_nchwc, %dw_bias, (1, 1), (1, 1), (1, 1), 40), kwargs = {in_channels: 40, out_channels: 40, kernel_size: (3, 3), activation: relu6})
    %adaptive_avg_pool2d_nchwc : [#users=1] = call_function[target=fx2c.nchwc_global_avg_pool](args = (%dw_fused_nchwc,), kwargs = {channels: 40})
    %se1_weight : [#users=1] = get_attr[target=se1.weight]
    %se1_bias : [#users=1] = get_attr[target=se1.bias]
    %se1_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%adaptive_avg_pool2d_nchwc, %se1_weight, %se1_bias), kwargs = {stride: (1, 1), padding: 0, dilation: 1, groups: 1, activation: relu})
    %se2_weight : [#users=1] = get_attr[target=se2.weight]
    %se2_bias : [#users=1] = get_attr[target=se2.bias]
    %se2_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%se1_fused, %se2_weight, %se2_bias), kwargs = {stride: (1, 1), padding: 0, dilation: 1, groups: 1, activation: sigmoid})
    %mul_nchwc : [#users=1] = call_function[target=fx2c.nchwc_scale](args = (%dw_fused_nchwc, %se2_fused), kwargs = {channels: 40})
    %project_bias : [#users=1] = get_attr[target=project.bias]
    %project_weight_nchwc : [#users=1] = get_attr[target=project.weight_nchwc]
    %project_fused_nchwc : [#users=3] = call_function[target=fx2c.nchwc_conv](args = (%mul_nchwc, %project_weight_nchwc, %project_bias, (1, 1), (0, 0), (1, 1), 1), kwargs = {in_channels: 40, out_channels: 24, kernel_size: (1, 1), residual: %stem_fused_nchwc})
    %dw5_bias : [#users=1] = get_attr[target=dw5.bias]
    %dw5_weight_nchwc : [#users=1] = get_attr[target=dw5.weight_nchwc]
    %dw5_fused_nchwc : [#users=2] = call_function[target=fx2c.nchwc_conv](args = (%project_fused_nchwc, %dw5_weight_nchwc, %dw5_bias, (2, 2), (2, 2), (1, 1), 24), kwargs = {in_channels: 24, out_channels: 24, kernel_size: (5, 5), activation: hardswish})
    %dw5_fused_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%dw5_fused_nchwc,), kwargs = {channels: 24})
    %dwpad_weight_nchwc : [#users=1] = get_attr[target=dwpad.weight_nchwc]
    %dwpad_padded_nchwc : [#users=1] = call_function[target=fx2c.nchwc_conv](args = (%dw_fused_nchwc, %dwpad_weight_nchwc, None, (2, 2), (0, 0), (1, 1), 40), kwargs = {in_channels: 40, out_channels: 40, kernel_size: (3, 3), padding_end: (1, 1)})
    %dwpad_padded_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%dwpad_padded_nchwc,), kwargs = {channels: 40})
    %gain : [#users=1] = get_attr[target=gain]
    %mul_1_nchwc : [#users=1] = call_function[target=fx2c.nchwc_scale](args = (%project_fused_nchwc, %gain), kwargs = {channels: 24})
    %dwdil_weight_nchwc : [#users=1] = get_attr[target=dwdil.weight_nchwc]
    %dwdil_bias : [#users=1] = get_attr[target=dwdil.bias]
    %dwdil_nchwc : [#users=1] = call_function[target=fx2c.nchwc_conv](args = (%mul_1_nchwc, %dwdil_weight_nchwc, %dwdil_bias, (1, 1), (2, 2), (2, 2), 24), kwargs = {in_channels: 24, out_channels: 24, kernel_size: (3, 3)})
    %dwdil_nchw : [#users=2] = call_function[target=fx2c.from_nchwc](args = (%dwdil_nchwc,), kwargs = {channels: 24})
    %adaptive_avg_pool2d_1_nchwc : [#users=1] = call_function[target=fx2c.nchwc_global_avg_pool](args = (%dw5_fused_nchwc,), kwargs = {channels: 24})
    %fc : [#users=1] = call_module[target=fc](args = (%adaptive_avg_pool2d_1_nchwc,), kwargs = {})
    %pw : [#users=3] = call_module[target=pw](args = (%dwdil_nchw,), kwargs = {})
    %pw2 : [#users=1] = call_module[target=pw2](args = (%pw,), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%pw, 0.5), kwargs = {})
    %max_pool2d_nchwc : [#users=1] = call_function[target=fx2c.nchwc_max_pool](args = (%project_fused_nchwc, (3, 3), (2, 2), (0, 0), (1, 1), True), kwargs = {channels: 24})
    %squeeze_bias : [#users=1] = get_attr[target=squeeze.bias]
    %squeeze_weight_nchwc : [#users=1] = get_attr[target=squeeze.weight_nchwc]
    %squeeze_fused_nchwc : [#users=4] = call_function[target=fx2c.nchwc_conv](args = (%max_pool2d_nchwc, %squeeze_weight_nchwc, %squeeze_bias, (1, 1), (0, 0), (1, 1), 1), kwargs = {in_channels: 24, out_channels: 16, kernel_size: (1, 1), activation: relu})
    %squeeze_fused_nchw : [#users=2] = call_function[target=fx2c.from_nchwc](args = (%squeeze_fused_nchwc,), kwargs = {channels: 16})
    %ex1_bias : [#users=1] = get_attr[target=ex1.bias]
    %ex1_weight_nchwc : [#users=1] = get_attr[target=ex1.weight_nchwc]
    %ex1_fused_nchwc : [#users=1] = call_function[target=fx2c.nchwc_conv](args = (%squeeze_fused_nchwc, %ex1_weight_nchwc, %ex1_bias, (1, 1), (0, 0), (1, 1), 1), kwargs = {in_channels: 16, out_channels: 16, kernel_size: (1, 1), activation: relu})
    %ex3_bias : [#users=1] = get_attr[target=ex3.bias]
    %ex3_weight_nchwc : [#users=1] = get_attr[target=ex3.weight_nchwc]
    %ex3_fused_nchwc : [#users=1] = call_function[target=fx2c.nchwc_conv](args = (%squeeze_fused_nchwc, %ex3_weight_nchwc, %ex3_bias, (1, 1), (1, 1), (1, 1), 1), kwargs = {in_channels: 16, out_channels: 20, kernel_size: (3, 3), activation: relu})
    %cat_nchwc : [#users=2] = call_function[target=torch.cat](args = ([%ex1_fused_nchwc, %ex3_fused_nchwc], 1), kwargs = {})
    %cat_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%cat_nchwc,), kwargs = {channels: 36})
    %ex3_weight_nchwc_1 : [#users=1] = get_attr[target=ex3.weight_nchwc]
    %ex3_bias_1 : [#users=1] = get_attr[target=ex3.bias]
    %ex3_1_nchwc : [#users=1] = call_function[target=fx2c.nchwc_conv](args = (%squeeze_fused_nchwc, %ex3_weight_nchwc_1, %ex3_bias_1, (1, 1), (1, 1), (1, 1), 1), kwargs = {in_channels: 16, out_channels: 20, kernel_size: (3, 3)})
    %ex3_1_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%ex3_1_nchwc,), kwargs = {channels: 20})
    %cat_1 : [#users=1] = call_function[target=torch.cat](args = ([%ex3_1_nchw, %squeeze_fused_nchw], 1), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%stem_fused_nchw, 0.5), kwargs = {})
    %lone : [#users=1] = call_module[target=lone](args = (%mul_2,), kwargs = {})
    %sigmoid_1 : [#users=1] = call_function[target=torch.sigmoid](args = (%expand_fused_nchw,), kwargs = {})
    %pw2_1 : [#users=1] = call_module[target=pw2](args = (%pw,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%squeeze_fused_nchw, (slice(None, None, None), slice(None, 0, None))), kwargs = {})
    %cat_2 : [#users=1] = call_function[target=torch.cat](args = ([%cat_nchw, %getitem], 1), kwargs = {})
    %down : [#users=1] = call_module[target=down](args = (%cat_2,), kwargs = {})
    %max_pool2d_1_nchwc : [#users=1] = call_function[target=fx2c.nchwc_max_pool](args = (%cat_nchwc, (2, 2), (1, 1), (1, 1), (1, 1), False), kwargs = {channels: 36})
    %max_pool2d_1_nchw : [#users=1] = call_function[target=fx2c.from_nchwc](args = (%max_pool2d_1_nchwc,), kwargs = {channels: 36})
    %sigmoid_2 : [#users=1] = call_function[target=torch.sigmoid](args = (%cat_1,), kwargs = {})
    return (dw5_fused_nchw, dwpad_padded_nchw, dwdil_nchw, lone, sigmoid_1, fc, pw2, pw2_1, down, max_pool2d_1_nchw, sigmoid_2)
