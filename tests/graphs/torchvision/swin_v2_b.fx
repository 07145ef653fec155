graph():
    %x : [#users=1] = placeholder[target=x]
    %features_0_0 : [#users=1] = call_module[target=features.0.0](args = (%x,), kwargs = {})
    %permute : [#users=1] = call_function[target=torch.permute](args = (%features_0_0, [0, 2, 3, 1]), kwargs = {})
    %features_0_2 : [#users=2] = call_module[target=features.0.2](args = (%permute,), kwargs = {})
    %features_1_0_attn_relative_coords_table : [#users=1] = get_attr[target=features.1.0.attn.relative_coords_table]
    %features_1_0_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.1.0.attn.cpb_mlp.0](args = (%features_1_0_attn_relative_coords_table,), kwargs = {})
    %features_1_0_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.1.0.attn.cpb_mlp.1](args = (%features_1_0_attn_cpb_mlp_0,), kwargs = {})
    %features_1_0_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.1.0.attn.cpb_mlp.2](args = (%features_1_0_attn_cpb_mlp_1,), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%features_1_0_attn_cpb_mlp_2, -1, 4), kwargs = {})
    %features_1_0_attn_relative_position_index : [#users=1] = get_attr[target=features.1.0.attn.relative_position_index]
    %_get_relative_position_bias : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view, %features_1_0_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias,), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid), kwargs = {})
    %features_1_0_attn_qkv_weight : [#users=1] = get_attr[target=features.1.0.attn.qkv.weight]
    %features_1_0_attn_proj_weight : [#users=1] = get_attr[target=features.1.0.attn.proj.weight]
    %features_1_0_attn_qkv_bias : [#users=1] = get_attr[target=features.1.0.attn.qkv.bias]
    %features_1_0_attn_proj_bias : [#users=1] = get_attr[target=features.1.0.attn.proj.bias]
    %features_1_0_attn_logit_scale : [#users=1] = get_attr[target=features.1.0.attn.logit_scale]
    %shifted_window_attention : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_0_2, %features_1_0_attn_qkv_weight, %features_1_0_attn_proj_weight, %mul, [8, 8], 4), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_1_0_attn_qkv_bias, proj_bias: %features_1_0_attn_proj_bias, logit_scale: %features_1_0_attn_logit_scale})
    %features_1_0_norm1 : [#users=1] = call_module[target=features.1.0.norm1](args = (%shifted_window_attention,), kwargs = {})
    %stochastic_depth : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_1_0_norm1, 0.0, row, False), kwargs = {})
    %add : [#users=2] = call_function[target=operator.add](args = (%features_0_2, %stochastic_depth), kwargs = {})
    %features_1_0_mlp_0 : [#users=1] = call_module[target=features.1.0.mlp.0](args = (%add,), kwargs = {})
    %features_1_0_mlp_1 : [#users=1] = call_module[target=features.1.0.mlp.1](args = (%features_1_0_mlp_0,), kwargs = {})
    %features_1_0_mlp_2 : [#users=1] = call_module[target=features.1.0.mlp.2](args = (%features_1_0_mlp_1,), kwargs = {})
    %features_1_0_mlp_3 : [#users=1] = call_module[target=features.1.0.mlp.3](args = (%features_1_0_mlp_2,), kwargs = {})
    %features_1_0_mlp_4 : [#users=1] = call_module[target=features.1.0.mlp.4](args = (%features_1_0_mlp_3,), kwargs = {})
    %features_1_0_norm2 : [#users=1] = call_module[target=features.1.0.norm2](args = (%features_1_0_mlp_4,), kwargs = {})
    %stochastic_depth_1 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_1_0_norm2, 0.0, row, False), kwargs = {})
    %add_1 : [#users=2] = call_function[target=operator.add](args = (%add, %stochastic_depth_1), kwargs = {})
    %features_1_1_attn_relative_coords_table : [#users=1] = get_attr[target=features.1.1.attn.relative_coords_table]
    %features_1_1_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.1.1.attn.cpb_mlp.0](args = (%features_1_1_attn_relative_coords_table,), kwargs = {})
    %features_1_1_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.1.1.attn.cpb_mlp.1](args = (%features_1_1_attn_cpb_mlp_0,), kwargs = {})
    %features_1_1_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.1.1.attn.cpb_mlp.2](args = (%features_1_1_attn_cpb_mlp_1,), kwargs = {})
    %view_1 : [#users=1] = call_method[target=view](args = (%features_1_1_attn_cpb_mlp_2, -1, 4), kwargs = {})
    %features_1_1_attn_relative_position_index : [#users=1] = get_attr[target=features.1.1.attn.relative_position_index]
    %_get_relative_position_bias_1 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_1, %features_1_1_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_1 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_1,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_1), kwargs = {})
    %features_1_1_attn_qkv_weight : [#users=1] = get_attr[target=features.1.1.attn.qkv.weight]
    %features_1_1_attn_proj_weight : [#users=1] = get_attr[target=features.1.1.attn.proj.weight]
    %features_1_1_attn_qkv_bias : [#users=1] = get_attr[target=features.1.1.attn.qkv.bias]
    %features_1_1_attn_proj_bias : [#users=1] = get_attr[target=features.1.1.attn.proj.bias]
    %features_1_1_attn_logit_scale : [#users=1] = get_attr[target=features.1.1.attn.logit_scale]
    %shifted_window_attention_1 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_1, %features_1_1_attn_qkv_weight, %features_1_1_attn_proj_weight, %mul_1, [8, 8], 4), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_1_1_attn_qkv_bias, proj_bias: %features_1_1_attn_proj_bias, logit_scale: %features_1_1_attn_logit_scale})
    %features_1_1_norm1 : [#users=1] = call_module[target=features.1.1.norm1](args = (%shifted_window_attention_1,), kwargs = {})
    %stochastic_depth_2 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_1_1_norm1, 0.021739130434782608, row, False), kwargs = {})
    %add_2 : [#users=2] = call_function[target=operator.add](args = (%add_1, %stochastic_depth_2), kwargs = {})
    %features_1_1_mlp_0 : [#users=1] = call_module[target=features.1.1.mlp.0](args = (%add_2,), kwargs = {})
    %features_1_1_mlp_1 : [#users=1] = call_module[target=features.1.1.mlp.1](args = (%features_1_1_mlp_0,), kwargs = {})
    %features_1_1_mlp_2 : [#users=1] = call_module[target=features.1.1.mlp.2](args = (%features_1_1_mlp_1,), kwargs = {})
    %features_1_1_mlp_3 : [#users=1] = call_module[target=features.1.1.mlp.3](args = (%features_1_1_mlp_2,), kwargs = {})
    %features_1_1_mlp_4 : [#users=1] = call_module[target=features.1.1.mlp.4](args = (%features_1_1_mlp_3,), kwargs = {})
    %features_1_1_norm2 : [#users=1] = call_module[target=features.1.1.norm2](args = (%features_1_1_mlp_4,), kwargs = {})
    %stochastic_depth_3 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_1_1_norm2, 0.021739130434782608, row, False), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_2, %stochastic_depth_3), kwargs = {})
    %_patch_merging_pad : [#users=1] = call_function[target=torchvision.models.swin_transformer._patch_merging_pad](args = (%add_3,), kwargs = {})
    %features_2_reduction : [#users=1] = call_module[target=features.2.reduction](args = (%_patch_merging_pad,), kwargs = {})
    %features_2_norm : [#users=2] = call_module[target=features.2.norm](args = (%features_2_reduction,), kwargs = {})
    %features_3_0_attn_relative_coords_table : [#users=1] = get_attr[target=features.3.0.attn.relative_coords_table]
    %features_3_0_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.3.0.attn.cpb_mlp.0](args = (%features_3_0_attn_relative_coords_table,), kwargs = {})
    %features_3_0_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.3.0.attn.cpb_mlp.1](args = (%features_3_0_attn_cpb_mlp_0,), kwargs = {})
    %features_3_0_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.3.0.attn.cpb_mlp.2](args = (%features_3_0_attn_cpb_mlp_1,), kwargs = {})
    %view_2 : [#users=1] = call_method[target=view](args = (%features_3_0_attn_cpb_mlp_2, -1, 8), kwargs = {})
    %features_3_0_attn_relative_position_index : [#users=1] = get_attr[target=features.3.0.attn.relative_position_index]
    %_get_relative_position_bias_2 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_2, %features_3_0_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_2 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_2,), kwargs = {})
    %mul_2 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_2), kwargs = {})
    %features_3_0_attn_qkv_weight : [#users=1] = get_attr[target=features.3.0.attn.qkv.weight]
    %features_3_0_attn_proj_weight : [#users=1] = get_attr[target=features.3.0.attn.proj.weight]
    %features_3_0_attn_qkv_bias : [#users=1] = get_attr[target=features.3.0.attn.qkv.bias]
    %features_3_0_attn_proj_bias : [#users=1] = get_attr[target=features.3.0.attn.proj.bias]
    %features_3_0_attn_logit_scale : [#users=1] = get_attr[target=features.3.0.attn.logit_scale]
    %shifted_window_attention_2 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_2_norm, %features_3_0_attn_qkv_weight, %features_3_0_attn_proj_weight, %mul_2, [8, 8], 8), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_3_0_attn_qkv_bias, proj_bias: %features_3_0_attn_proj_bias, logit_scale: %features_3_0_attn_logit_scale})
    %features_3_0_norm1 : [#users=1] = call_module[target=features.3.0.norm1](args = (%shifted_window_attention_2,), kwargs = {})
    %stochastic_depth_4 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_3_0_norm1, 0.043478260869565216, row, False), kwargs = {})
    %add_4 : [#users=2] = call_function[target=operator.add](args = (%features_2_norm, %stochastic_depth_4), kwargs = {})
    %features_3_0_mlp_0 : [#users=1] = call_module[target=features.3.0.mlp.0](args = (%add_4,), kwargs = {})
    %features_3_0_mlp_1 : [#users=1] = call_module[target=features.3.0.mlp.1](args = (%features_3_0_mlp_0,), kwargs = {})
    %features_3_0_mlp_2 : [#users=1] = call_module[target=features.3.0.mlp.2](args = (%features_3_0_mlp_1,), kwargs = {})
    %features_3_0_mlp_3 : [#users=1] = call_module[target=features.3.0.mlp.3](args = (%features_3_0_mlp_2,), kwargs = {})
    %features_3_0_mlp_4 : [#users=1] = call_module[target=features.3.0.mlp.4](args = (%features_3_0_mlp_3,), kwargs = {})
    %features_3_0_norm2 : [#users=1] = call_module[target=features.3.0.norm2](args = (%features_3_0_mlp_4,), kwargs = {})
    %stochastic_depth_5 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_3_0_norm2, 0.043478260869565216, row, False), kwargs = {})
    %add_5 : [#users=2] = call_function[target=operator.add](args = (%add_4, %stochastic_depth_5), kwargs = {})
    %features_3_1_attn_relative_coords_table : [#users=1] = get_attr[target=features.3.1.attn.relative_coords_table]
    %features_3_1_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.3.1.attn.cpb_mlp.0](args = (%features_3_1_attn_relative_coords_table,), kwargs = {})
    %features_3_1_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.3.1.attn.cpb_mlp.1](args = (%features_3_1_attn_cpb_mlp_0,), kwargs = {})
    %features_3_1_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.3.1.attn.cpb_mlp.2](args = (%features_3_1_attn_cpb_mlp_1,), kwargs = {})
    %view_3 : [#users=1] = call_method[target=view](args = (%features_3_1_attn_cpb_mlp_2, -1, 8), kwargs = {})
    %features_3_1_attn_relative_position_index : [#users=1] = get_attr[target=features.3.1.attn.relative_position_index]
    %_get_relative_position_bias_3 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_3, %features_3_1_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_3 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_3,), kwargs = {})
    %mul_3 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_3), kwargs = {})
    %features_3_1_attn_qkv_weight : [#users=1] = get_attr[target=features.3.1.attn.qkv.weight]
    %features_3_1_attn_proj_weight : [#users=1] = get_attr[target=features.3.1.attn.proj.weight]
    %features_3_1_attn_qkv_bias : [#users=1] = get_attr[target=features.3.1.attn.qkv.bias]
    %features_3_1_attn_proj_bias : [#users=1] = get_attr[target=features.3.1.attn.proj.bias]
    %features_3_1_attn_logit_scale : [#users=1] = get_attr[target=features.3.1.attn.logit_scale]
    %shifted_window_attention_3 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_5, %features_3_1_attn_qkv_weight, %features_3_1_attn_proj_weight, %mul_3, [8, 8], 8), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_3_1_attn_qkv_bias, proj_bias: %features_3_1_attn_proj_bias, logit_scale: %features_3_1_attn_logit_scale})
    %features_3_1_norm1 : [#users=1] = call_module[target=features.3.1.norm1](args = (%shifted_window_attention_3,), kwargs = {})
    %stochastic_depth_6 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_3_1_norm1, 0.06521739130434782, row, False), kwargs = {})
    %add_6 : [#users=2] = call_function[target=operator.add](args = (%add_5, %stochastic_depth_6), kwargs = {})
    %features_3_1_mlp_0 : [#users=1] = call_module[target=features.3.1.mlp.0](args = (%add_6,), kwargs = {})
    %features_3_1_mlp_1 : [#users=1] = call_module[target=features.3.1.mlp.1](args = (%features_3_1_mlp_0,), kwargs = {})
    %features_3_1_mlp_2 : [#users=1] = call_module[target=features.3.1.mlp.2](args = (%features_3_1_mlp_1,), kwargs = {})
    %features_3_1_mlp_3 : [#users=1] = call_module[target=features.3.1.mlp.3](args = (%features_3_1_mlp_2,), kwargs = {})
    %features_3_1_mlp_4 : [#users=1] = call_module[target=features.3.1.mlp.4](args = (%features_3_1_mlp_3,), kwargs = {})
    %features_3_1_norm2 : [#users=1] = call_module[target=features.3.1.norm2](args = (%features_3_1_mlp_4,), kwargs = {})
    %stochastic_depth_7 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_3_1_norm2, 0.06521739130434782, row, False), kwargs = {})
    %add_7 : [#users=1] = call_function[target=operator.add](args = (%add_6, %stochastic_depth_7), kwargs = {})
    %_patch_merging_pad_1 : [#users=1] = call_function[target=torchvision.models.swin_transformer._patch_merging_pad](args = (%add_7,), kwargs = {})
    %features_4_reduction : [#users=1] = call_module[target=features.4.reduction](args = (%_patch_merging_pad_1,), kwargs = {})
    %features_4_norm : [#users=2] = call_module[target=features.4.norm](args = (%features_4_reduction,), kwargs = {})
    %features_5_0_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.0.attn.relative_coords_table]
    %features_5_0_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.0.attn.cpb_mlp.0](args = (%features_5_0_attn_relative_coords_table,), kwargs = {})
    %features_5_0_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.0.attn.cpb_mlp.1](args = (%features_5_0_attn_cpb_mlp_0,), kwargs = {})
    %features_5_0_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.0.attn.cpb_mlp.2](args = (%features_5_0_attn_cpb_mlp_1,), kwargs = {})
    %view_4 : [#users=1] = call_method[target=view](args = (%features_5_0_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_0_attn_relative_position_index : [#users=1] = get_attr[target=features.5.0.attn.relative_position_index]
    %_get_relative_position_bias_4 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_4, %features_5_0_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_4 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_4,), kwargs = {})
    %mul_4 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_4), kwargs = {})
    %features_5_0_attn_qkv_weight : [#users=1] = get_attr[target=features.5.0.attn.qkv.weight]
    %features_5_0_attn_proj_weight : [#users=1] = get_attr[target=features.5.0.attn.proj.weight]
    %features_5_0_attn_qkv_bias : [#users=1] = get_attr[target=features.5.0.attn.qkv.bias]
    %features_5_0_attn_proj_bias : [#users=1] = get_attr[target=features.5.0.attn.proj.bias]
    %features_5_0_attn_logit_scale : [#users=1] = get_attr[target=features.5.0.attn.logit_scale]
    %shifted_window_attention_4 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_4_norm, %features_5_0_attn_qkv_weight, %features_5_0_attn_proj_weight, %mul_4, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_0_attn_qkv_bias, proj_bias: %features_5_0_attn_proj_bias, logit_scale: %features_5_0_attn_logit_scale})
    %features_5_0_norm1 : [#users=1] = call_module[target=features.5.0.norm1](args = (%shifted_window_attention_4,), kwargs = {})
    %stochastic_depth_8 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_0_norm1, 0.08695652173913043, row, False), kwargs = {})
    %add_8 : [#users=2] = call_function[target=operator.add](args = (%features_4_norm, %stochastic_depth_8), kwargs = {})
    %features_5_0_mlp_0 : [#users=1] = call_module[target=features.5.0.mlp.0](args = (%add_8,), kwargs = {})
    %features_5_0_mlp_1 : [#users=1] = call_module[target=features.5.0.mlp.1](args = (%features_5_0_mlp_0,), kwargs = {})
    %features_5_0_mlp_2 : [#users=1] = call_module[target=features.5.0.mlp.2](args = (%features_5_0_mlp_1,), kwargs = {})
    %features_5_0_mlp_3 : [#users=1] = call_module[target=features.5.0.mlp.3](args = (%features_5_0_mlp_2,), kwargs = {})
    %features_5_0_mlp_4 : [#users=1] = call_module[target=features.5.0.mlp.4](args = (%features_5_0_mlp_3,), kwargs = {})
    %features_5_0_norm2 : [#users=1] = call_module[target=features.5.0.norm2](args = (%features_5_0_mlp_4,), kwargs = {})
    %stochastic_depth_9 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_0_norm2, 0.08695652173913043, row, False), kwargs = {})
    %add_9 : [#users=2] = call_function[target=operator.add](args = (%add_8, %stochastic_depth_9), kwargs = {})
    %features_5_1_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.1.attn.relative_coords_table]
    %features_5_1_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.1.attn.cpb_mlp.0](args = (%features_5_1_attn_relative_coords_table,), kwargs = {})
    %features_5_1_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.1.attn.cpb_mlp.1](args = (%features_5_1_attn_cpb_mlp_0,), kwargs = {})
    %features_5_1_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.1.attn.cpb_mlp.2](args = (%features_5_1_attn_cpb_mlp_1,), kwargs = {})
    %view_5 : [#users=1] = call_method[target=view](args = (%features_5_1_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_1_attn_relative_position_index : [#users=1] = get_attr[target=features.5.1.attn.relative_position_index]
    %_get_relative_position_bias_5 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_5, %features_5_1_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_5 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_5,), kwargs = {})
    %mul_5 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_5), kwargs = {})
    %features_5_1_attn_qkv_weight : [#users=1] = get_attr[target=features.5.1.attn.qkv.weight]
    %features_5_1_attn_proj_weight : [#users=1] = get_attr[target=features.5.1.attn.proj.weight]
    %features_5_1_attn_qkv_bias : [#users=1] = get_attr[target=features.5.1.attn.qkv.bias]
    %features_5_1_attn_proj_bias : [#users=1] = get_attr[target=features.5.1.attn.proj.bias]
    %features_5_1_attn_logit_scale : [#users=1] = get_attr[target=features.5.1.attn.logit_scale]
    %shifted_window_attention_5 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_9, %features_5_1_attn_qkv_weight, %features_5_1_attn_proj_weight, %mul_5, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_1_attn_qkv_bias, proj_bias: %features_5_1_attn_proj_bias, logit_scale: %features_5_1_attn_logit_scale})
    %features_5_1_norm1 : [#users=1] = call_module[target=features.5.1.norm1](args = (%shifted_window_attention_5,), kwargs = {})
    %stochastic_depth_10 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_1_norm1, 0.10869565217391304, row, False), kwargs = {})
    %add_10 : [#users=2] = call_function[target=operator.add](args = (%add_9, %stochastic_depth_10), kwargs = {})
    %features_5_1_mlp_0 : [#users=1] = call_module[target=features.5.1.mlp.0](args = (%add_10,), kwargs = {})
    %features_5_1_mlp_1 : [#users=1] = call_module[target=features.5.1.mlp.1](args = (%features_5_1_mlp_0,), kwargs = {})
    %features_5_1_mlp_2 : [#users=1] = call_module[target=features.5.1.mlp.2](args = (%features_5_1_mlp_1,), kwargs = {})
    %features_5_1_mlp_3 : [#users=1] = call_module[target=features.5.1.mlp.3](args = (%features_5_1_mlp_2,), kwargs = {})
    %features_5_1_mlp_4 : [#users=1] = call_module[target=features.5.1.mlp.4](args = (%features_5_1_mlp_3,), kwargs = {})
    %features_5_1_norm2 : [#users=1] = call_module[target=features.5.1.norm2](args = (%features_5_1_mlp_4,), kwargs = {})
    %stochastic_depth_11 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_1_norm2, 0.10869565217391304, row, False), kwargs = {})
    %add_11 : [#users=2] = call_function[target=operator.add](args = (%add_10, %stochastic_depth_11), kwargs = {})
    %features_5_2_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.2.attn.relative_coords_table]
    %features_5_2_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.2.attn.cpb_mlp.0](args = (%features_5_2_attn_relative_coords_table,), kwargs = {})
    %features_5_2_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.2.attn.cpb_mlp.1](args = (%features_5_2_attn_cpb_mlp_0,), kwargs = {})
    %features_5_2_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.2.attn.cpb_mlp.2](args = (%features_5_2_attn_cpb_mlp_1,), kwargs = {})
    %view_6 : [#users=1] = call_method[target=view](args = (%features_5_2_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_2_attn_relative_position_index : [#users=1] = get_attr[target=features.5.2.attn.relative_position_index]
    %_get_relative_position_bias_6 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_6, %features_5_2_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_6 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_6,), kwargs = {})
    %mul_6 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_6), kwargs = {})
    %features_5_2_attn_qkv_weight : [#users=1] = get_attr[target=features.5.2.attn.qkv.weight]
    %features_5_2_attn_proj_weight : [#users=1] = get_attr[target=features.5.2.attn.proj.weight]
    %features_5_2_attn_qkv_bias : [#users=1] = get_attr[target=features.5.2.attn.qkv.bias]
    %features_5_2_attn_proj_bias : [#users=1] = get_attr[target=features.5.2.attn.proj.bias]
    %features_5_2_attn_logit_scale : [#users=1] = get_attr[target=features.5.2.attn.logit_scale]
    %shifted_window_attention_6 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_11, %features_5_2_attn_qkv_weight, %features_5_2_attn_proj_weight, %mul_6, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_2_attn_qkv_bias, proj_bias: %features_5_2_attn_proj_bias, logit_scale: %features_5_2_attn_logit_scale})
    %features_5_2_norm1 : [#users=1] = call_module[target=features.5.2.norm1](args = (%shifted_window_attention_6,), kwargs = {})
    %stochastic_depth_12 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_2_norm1, 0.13043478260869565, row, False), kwargs = {})
    %add_12 : [#users=2] = call_function[target=operator.add](args = (%add_11, %stochastic_depth_12), kwargs = {})
    %features_5_2_mlp_0 : [#users=1] = call_module[target=features.5.2.mlp.0](args = (%add_12,), kwargs = {})
    %features_5_2_mlp_1 : [#users=1] = call_module[target=features.5.2.mlp.1](args = (%features_5_2_mlp_0,), kwargs = {})
    %features_5_2_mlp_2 : [#users=1] = call_module[target=features.5.2.mlp.2](args = (%features_5_2_mlp_1,), kwargs = {})
    %features_5_2_mlp_3 : [#users=1] = call_module[target=features.5.2.mlp.3](args = (%features_5_2_mlp_2,), kwargs = {})
    %features_5_2_mlp_4 : [#users=1] = call_module[target=features.5.2.mlp.4](args = (%features_5_2_mlp_3,), kwargs = {})
    %features_5_2_norm2 : [#users=1] = call_module[target=features.5.2.norm2](args = (%features_5_2_mlp_4,), kwargs = {})
    %stochastic_depth_13 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_2_norm2, 0.13043478260869565, row, False), kwargs = {})
    %add_13 : [#users=2] = call_function[target=operator.add](args = (%add_12, %stochastic_depth_13), kwargs = {})
    %features_5_3_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.3.attn.relative_coords_table]
    %features_5_3_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.3.attn.cpb_mlp.0](args = (%features_5_3_attn_relative_coords_table,), kwargs = {})
    %features_5_3_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.3.attn.cpb_mlp.1](args = (%features_5_3_attn_cpb_mlp_0,), kwargs = {})
    %features_5_3_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.3.attn.cpb_mlp.2](args = (%features_5_3_attn_cpb_mlp_1,), kwargs = {})
    %view_7 : [#users=1] = call_method[target=view](args = (%features_5_3_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_3_attn_relative_position_index : [#users=1] = get_attr[target=features.5.3.attn.relative_position_index]
    %_get_relative_position_bias_7 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_7, %features_5_3_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_7 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_7,), kwargs = {})
    %mul_7 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_7), kwargs = {})
    %features_5_3_attn_qkv_weight : [#users=1] = get_attr[target=features.5.3.attn.qkv.weight]
    %features_5_3_attn_proj_weight : [#users=1] = get_attr[target=features.5.3.attn.proj.weight]
    %features_5_3_attn_qkv_bias : [#users=1] = get_attr[target=features.5.3.attn.qkv.bias]
    %features_5_3_attn_proj_bias : [#users=1] = get_attr[target=features.5.3.attn.proj.bias]
    %features_5_3_attn_logit_scale : [#users=1] = get_attr[target=features.5.3.attn.logit_scale]
    %shifted_window_attention_7 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_13, %features_5_3_attn_qkv_weight, %features_5_3_attn_proj_weight, %mul_7, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_3_attn_qkv_bias, proj_bias: %features_5_3_attn_proj_bias, logit_scale: %features_5_3_attn_logit_scale})
    %features_5_3_norm1 : [#users=1] = call_module[target=features.5.3.norm1](args = (%shifted_window_attention_7,), kwargs = {})
    %stochastic_depth_14 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_3_norm1, 0.15217391304347827, row, False), kwargs = {})
    %add_14 : [#users=2] = call_function[target=operator.add](args = (%add_13, %stochastic_depth_14), kwargs = {})
    %features_5_3_mlp_0 : [#users=1] = call_module[target=features.5.3.mlp.0](args = (%add_14,), kwargs = {})
    %features_5_3_mlp_1 : [#users=1] = call_module[target=features.5.3.mlp.1](args = (%features_5_3_mlp_0,), kwargs = {})
    %features_5_3_mlp_2 : [#users=1] = call_module[target=features.5.3.mlp.2](args = (%features_5_3_mlp_1,), kwargs = {})
    %features_5_3_mlp_3 : [#users=1] = call_module[target=features.5.3.mlp.3](args = (%features_5_3_mlp_2,), kwargs = {})
    %features_5_3_mlp_4 : [#users=1] = call_module[target=features.5.3.mlp.4](args = (%features_5_3_mlp_3,), kwargs = {})
    %features_5_3_norm2 : [#users=1] = call_module[target=features.5.3.norm2](args = (%features_5_3_mlp_4,), kwargs = {})
    %stochastic_depth_15 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_3_norm2, 0.15217391304347827, row, False), kwargs = {})
    %add_15 : [#users=2] = call_function[target=operator.add](args = (%add_14, %stochastic_depth_15), kwargs = {})
    %features_5_4_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.4.attn.relative_coords_table]
    %features_5_4_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.4.attn.cpb_mlp.0](args = (%features_5_4_attn_relative_coords_table,), kwargs = {})
    %features_5_4_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.4.attn.cpb_mlp.1](args = (%features_5_4_attn_cpb_mlp_0,), kwargs = {})
    %features_5_4_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.4.attn.cpb_mlp.2](args = (%features_5_4_attn_cpb_mlp_1,), kwargs = {})
    %view_8 : [#users=1] = call_method[target=view](args = (%features_5_4_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_4_attn_relative_position_index : [#users=1] = get_attr[target=features.5.4.attn.relative_position_index]
    %_get_relative_position_bias_8 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_8, %features_5_4_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_8 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_8,), kwargs = {})
    %mul_8 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_8), kwargs = {})
    %features_5_4_attn_qkv_weight : [#users=1] = get_attr[target=features.5.4.attn.qkv.weight]
    %features_5_4_attn_proj_weight : [#users=1] = get_attr[target=features.5.4.attn.proj.weight]
    %features_5_4_attn_qkv_bias : [#users=1] = get_attr[target=features.5.4.attn.qkv.bias]
    %features_5_4_attn_proj_bias : [#users=1] = get_attr[target=features.5.4.attn.proj.bias]
    %features_5_4_attn_logit_scale : [#users=1] = get_attr[target=features.5.4.attn.logit_scale]
    %shifted_window_attention_8 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_15, %features_5_4_attn_qkv_weight, %features_5_4_attn_proj_weight, %mul_8, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_4_attn_qkv_bias, proj_bias: %features_5_4_attn_proj_bias, logit_scale: %features_5_4_attn_logit_scale})
    %features_5_4_norm1 : [#users=1] = call_module[target=features.5.4.norm1](args = (%shifted_window_attention_8,), kwargs = {})
    %stochastic_depth_16 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_4_norm1, 0.17391304347826086, row, False), kwargs = {})
    %add_16 : [#users=2] = call_function[target=operator.add](args = (%add_15, %stochastic_depth_16), kwargs = {})
    %features_5_4_mlp_0 : [#users=1] = call_module[target=features.5.4.mlp.0](args = (%add_16,), kwargs = {})
    %features_5_4_mlp_1 : [#users=1] = call_module[target=features.5.4.mlp.1](args = (%features_5_4_mlp_0,), kwargs = {})
    %features_5_4_mlp_2 : [#users=1] = call_module[target=features.5.4.mlp.2](args = (%features_5_4_mlp_1,), kwargs = {})
    %features_5_4_mlp_3 : [#users=1] = call_module[target=features.5.4.mlp.3](args = (%features_5_4_mlp_2,), kwargs = {})
    %features_5_4_mlp_4 : [#users=1] = call_module[target=features.5.4.mlp.4](args = (%features_5_4_mlp_3,), kwargs = {})
    %features_5_4_norm2 : [#users=1] = call_module[target=features.5.4.norm2](args = (%features_5_4_mlp_4,), kwargs = {})
    %stochastic_depth_17 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_4_norm2, 0.17391304347826086, row, False), kwargs = {})
    %add_17 : [#users=2] = call_function[target=operator.add](args = (%add_16, %stochastic_depth_17), kwargs = {})
    %features_5_5_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.5.attn.relative_coords_table]
    %features_5_5_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.5.attn.cpb_mlp.0](args = (%features_5_5_attn_relative_coords_table,), kwargs = {})
    %features_5_5_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.5.attn.cpb_mlp.1](args = (%features_5_5_attn_cpb_mlp_0,), kwargs = {})
    %features_5_5_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.5.attn.cpb_mlp.2](args = (%features_5_5_attn_cpb_mlp_1,), kwargs = {})
    %view_9 : [#users=1] = call_method[target=view](args = (%features_5_5_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_5_attn_relative_position_index : [#users=1] = get_attr[target=features.5.5.attn.relative_position_index]
    %_get_relative_position_bias_9 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_9, %features_5_5_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_9 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_9,), kwargs = {})
    %mul_9 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_9), kwargs = {})
    %features_5_5_attn_qkv_weight : [#users=1] = get_attr[target=features.5.5.attn.qkv.weight]
    %features_5_5_attn_proj_weight : [#users=1] = get_attr[target=features.5.5.attn.proj.weight]
    %features_5_5_attn_qkv_bias : [#users=1] = get_attr[target=features.5.5.attn.qkv.bias]
    %features_5_5_attn_proj_bias : [#users=1] = get_attr[target=features.5.5.attn.proj.bias]
    %features_5_5_attn_logit_scale : [#users=1] = get_attr[target=features.5.5.attn.logit_scale]
    %shifted_window_attention_9 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_17, %features_5_5_attn_qkv_weight, %features_5_5_attn_proj_weight, %mul_9, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_5_attn_qkv_bias, proj_bias: %features_5_5_attn_proj_bias, logit_scale: %features_5_5_attn_logit_scale})
    %features_5_5_norm1 : [#users=1] = call_module[target=features.5.5.norm1](args = (%shifted_window_attention_9,), kwargs = {})
    %stochastic_depth_18 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_5_norm1, 0.1956521739130435, row, False), kwargs = {})
    %add_18 : [#users=2] = call_function[target=operator.add](args = (%add_17, %stochastic_depth_18), kwargs = {})
    %features_5_5_mlp_0 : [#users=1] = call_module[target=features.5.5.mlp.0](args = (%add_18,), kwargs = {})
    %features_5_5_mlp_1 : [#users=1] = call_module[target=features.5.5.mlp.1](args = (%features_5_5_mlp_0,), kwargs = {})
    %features_5_5_mlp_2 : [#users=1] = call_module[target=features.5.5.mlp.2](args = (%features_5_5_mlp_1,), kwargs = {})
    %features_5_5_mlp_3 : [#users=1] = call_module[target=features.5.5.mlp.3](args = (%features_5_5_mlp_2,), kwargs = {})
    %features_5_5_mlp_4 : [#users=1] = call_module[target=features.5.5.mlp.4](args = (%features_5_5_mlp_3,), kwargs = {})
    %features_5_5_norm2 : [#users=1] = call_module[target=features.5.5.norm2](args = (%features_5_5_mlp_4,), kwargs = {})
    %stochastic_depth_19 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_5_norm2, 0.1956521739130435, row, False), kwargs = {})
    %add_19 : [#users=2] = call_function[target=operator.add](args = (%add_18, %stochastic_depth_19), kwargs = {})
    %features_5_6_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.6.attn.relative_coords_table]
    %features_5_6_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.6.attn.cpb_mlp.0](args = (%features_5_6_attn_relative_coords_table,), kwargs = {})
    %features_5_6_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.6.attn.cpb_mlp.1](args = (%features_5_6_attn_cpb_mlp_0,), kwargs = {})
    %features_5_6_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.6.attn.cpb_mlp.2](args = (%features_5_6_attn_cpb_mlp_1,), kwargs = {})
    %view_10 : [#users=1] = call_method[target=view](args = (%features_5_6_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_6_attn_relative_position_index : [#users=1] = get_attr[target=features.5.6.attn.relative_position_index]
    %_get_relative_position_bias_10 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_10, %features_5_6_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_10 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_10,), kwargs = {})
    %mul_10 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_10), kwargs = {})
    %features_5_6_attn_qkv_weight : [#users=1] = get_attr[target=features.5.6.attn.qkv.weight]
    %features_5_6_attn_proj_weight : [#users=1] = get_attr[target=features.5.6.attn.proj.weight]
    %features_5_6_attn_qkv_bias : [#users=1] = get_attr[target=features.5.6.attn.qkv.bias]
    %features_5_6_attn_proj_bias : [#users=1] = get_attr[target=features.5.6.attn.proj.bias]
    %features_5_6_attn_logit_scale : [#users=1] = get_attr[target=features.5.6.attn.logit_scale]
    %shifted_window_attention_10 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_19, %features_5_6_attn_qkv_weight, %features_5_6_attn_proj_weight, %mul_10, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_6_attn_qkv_bias, proj_bias: %features_5_6_attn_proj_bias, logit_scale: %features_5_6_attn_logit_scale})
    %features_5_6_norm1 : [#users=1] = call_module[target=features.5.6.norm1](args = (%shifted_window_attention_10,), kwargs = {})
    %stochastic_depth_20 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_6_norm1, 0.21739130434782608, row, False), kwargs = {})
    %add_20 : [#users=2] = call_function[target=operator.add](args = (%add_19, %stochastic_depth_20), kwargs = {})
    %features_5_6_mlp_0 : [#users=1] = call_module[target=features.5.6.mlp.0](args = (%add_20,), kwargs = {})
    %features_5_6_mlp_1 : [#users=1] = call_module[target=features.5.6.mlp.1](args = (%features_5_6_mlp_0,), kwargs = {})
    %features_5_6_mlp_2 : [#users=1] = call_module[target=features.5.6.mlp.2](args = (%features_5_6_mlp_1,), kwargs = {})
    %features_5_6_mlp_3 : [#users=1] = call_module[target=features.5.6.mlp.3](args = (%features_5_6_mlp_2,), kwargs = {})
    %features_5_6_mlp_4 : [#users=1] = call_module[target=features.5.6.mlp.4](args = (%features_5_6_mlp_3,), kwargs = {})
    %features_5_6_norm2 : [#users=1] = call_module[target=features.5.6.norm2](args = (%features_5_6_mlp_4,), kwargs = {})
    %stochastic_depth_21 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_6_norm2, 0.21739130434782608, row, False), kwargs = {})
    %add_21 : [#users=2] = call_function[target=operator.add](args = (%add_20, %stochastic_depth_21), kwargs = {})
    %features_5_7_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.7.attn.relative_coords_table]
    %features_5_7_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.7.attn.cpb_mlp.0](args = (%features_5_7_attn_relative_coords_table,), kwargs = {})
    %features_5_7_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.7.attn.cpb_mlp.1](args = (%features_5_7_attn_cpb_mlp_0,), kwargs = {})
    %features_5_7_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.7.attn.cpb_mlp.2](args = (%features_5_7_attn_cpb_mlp_1,), kwargs = {})
    %view_11 : [#users=1] = call_method[target=view](args = (%features_5_7_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_7_attn_relative_position_index : [#users=1] = get_attr[target=features.5.7.attn.relative_position_index]
    %_get_relative_position_bias_11 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_11, %features_5_7_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_11 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_11,), kwargs = {})
    %mul_11 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_11), kwargs = {})
    %features_5_7_attn_qkv_weight : [#users=1] = get_attr[target=features.5.7.attn.qkv.weight]
    %features_5_7_attn_proj_weight : [#users=1] = get_attr[target=features.5.7.attn.proj.weight]
    %features_5_7_attn_qkv_bias : [#users=1] = get_attr[target=features.5.7.attn.qkv.bias]
    %features_5_7_attn_proj_bias : [#users=1] = get_attr[target=features.5.7.attn.proj.bias]
    %features_5_7_attn_logit_scale : [#users=1] = get_attr[target=features.5.7.attn.logit_scale]
    %shifted_window_attention_11 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_21, %features_5_7_attn_qkv_weight, %features_5_7_attn_proj_weight, %mul_11, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_7_attn_qkv_bias, proj_bias: %features_5_7_attn_proj_bias, logit_scale: %features_5_7_attn_logit_scale})
    %features_5_7_norm1 : [#users=1] = call_module[target=features.5.7.norm1](args = (%shifted_window_attention_11,), kwargs = {})
    %stochastic_depth_22 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_7_norm1, 0.2391304347826087, row, False), kwargs = {})
    %add_22 : [#users=2] = call_function[target=operator.add](args = (%add_21, %stochastic_depth_22), kwargs = {})
    %features_5_7_mlp_0 : [#users=1] = call_module[target=features.5.7.mlp.0](args = (%add_22,), kwargs = {})
    %features_5_7_mlp_1 : [#users=1] = call_module[target=features.5.7.mlp.1](args = (%features_5_7_mlp_0,), kwargs = {})
    %features_5_7_mlp_2 : [#users=1] = call_module[target=features.5.7.mlp.2](args = (%features_5_7_mlp_1,), kwargs = {})
    %features_5_7_mlp_3 : [#users=1] = call_module[target=features.5.7.mlp.3](args = (%features_5_7_mlp_2,), kwargs = {})
    %features_5_7_mlp_4 : [#users=1] = call_module[target=features.5.7.mlp.4](args = (%features_5_7_mlp_3,), kwargs = {})
    %features_5_7_norm2 : [#users=1] = call_module[target=features.5.7.norm2](args = (%features_5_7_mlp_4,), kwargs = {})
    %stochastic_depth_23 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_7_norm2, 0.2391304347826087, row, False), kwargs = {})
    %add_23 : [#users=2] = call_function[target=operator.add](args = (%add_22, %stochastic_depth_23), kwargs = {})
    %features_5_8_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.8.attn.relative_coords_table]
    %features_5_8_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.8.attn.cpb_mlp.0](args = (%features_5_8_attn_relative_coords_table,), kwargs = {})
    %features_5_8_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.8.attn.cpb_mlp.1](args = (%features_5_8_attn_cpb_mlp_0,), kwargs = {})
    %features_5_8_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.8.attn.cpb_mlp.2](args = (%features_5_8_attn_cpb_mlp_1,), kwargs = {})
    %view_12 : [#users=1] = call_method[target=view](args = (%features_5_8_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_8_attn_relative_position_index : [#users=1] = get_attr[target=features.5.8.attn.relative_position_index]
    %_get_relative_position_bias_12 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_12, %features_5_8_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_12 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_12,), kwargs = {})
    %mul_12 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_12), kwargs = {})
    %features_5_8_attn_qkv_weight : [#users=1] = get_attr[target=features.5.8.attn.qkv.weight]
    %features_5_8_attn_proj_weight : [#users=1] = get_attr[target=features.5.8.attn.proj.weight]
    %features_5_8_attn_qkv_bias : [#users=1] = get_attr[target=features.5.8.attn.qkv.bias]
    %features_5_8_attn_proj_bias : [#users=1] = get_attr[target=features.5.8.attn.proj.bias]
    %features_5_8_attn_logit_scale : [#users=1] = get_attr[target=features.5.8.attn.logit_scale]
    %shifted_window_attention_12 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_23, %features_5_8_attn_qkv_weight, %features_5_8_attn_proj_weight, %mul_12, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_8_attn_qkv_bias, proj_bias: %features_5_8_attn_proj_bias, logit_scale: %features_5_8_attn_logit_scale})
    %features_5_8_norm1 : [#users=1] = call_module[target=features.5.8.norm1](args = (%shifted_window_attention_12,), kwargs = {})
    %stochastic_depth_24 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_8_norm1, 0.2608695652173913, row, False), kwargs = {})
    %add_24 : [#users=2] = call_function[target=operator.add](args = (%add_23, %stochastic_depth_24), kwargs = {})
    %features_5_8_mlp_0 : [#users=1] = call_module[target=features.5.8.mlp.0](args = (%add_24,), kwargs = {})
    %features_5_8_mlp_1 : [#users=1] = call_module[target=features.5.8.mlp.1](args = (%features_5_8_mlp_0,), kwargs = {})
    %features_5_8_mlp_2 : [#users=1] = call_module[target=features.5.8.mlp.2](args = (%features_5_8_mlp_1,), kwargs = {})
    %features_5_8_mlp_3 : [#users=1] = call_module[target=features.5.8.mlp.3](args = (%features_5_8_mlp_2,), kwargs = {})
    %features_5_8_mlp_4 : [#users=1] = call_module[target=features.5.8.mlp.4](args = (%features_5_8_mlp_3,), kwargs = {})
    %features_5_8_norm2 : [#users=1] = call_module[target=features.5.8.norm2](args = (%features_5_8_mlp_4,), kwargs = {})
    %stochastic_depth_25 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_8_norm2, 0.2608695652173913, row, False), kwargs = {})
    %add_25 : [#users=2] = call_function[target=operator.add](args = (%add_24, %stochastic_depth_25), kwargs = {})
    %features_5_9_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.9.attn.relative_coords_table]
    %features_5_9_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.9.attn.cpb_mlp.0](args = (%features_5_9_attn_relative_coords_table,), kwargs = {})
    %features_5_9_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.9.attn.cpb_mlp.1](args = (%features_5_9_attn_cpb_mlp_0,), kwargs = {})
    %features_5_9_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.9.attn.cpb_mlp.2](args = (%features_5_9_attn_cpb_mlp_1,), kwargs = {})
    %view_13 : [#users=1] = call_method[target=view](args = (%features_5_9_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_9_attn_relative_position_index : [#users=1] = get_attr[target=features.5.9.attn.relative_position_index]
    %_get_relative_position_bias_13 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_13, %features_5_9_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_13 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_13,), kwargs = {})
    %mul_13 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_13), kwargs = {})
    %features_5_9_attn_qkv_weight : [#users=1] = get_attr[target=features.5.9.attn.qkv.weight]
    %features_5_9_attn_proj_weight : [#users=1] = get_attr[target=features.5.9.attn.proj.weight]
    %features_5_9_attn_qkv_bias : [#users=1] = get_attr[target=features.5.9.attn.qkv.bias]
    %features_5_9_attn_proj_bias : [#users=1] = get_attr[target=features.5.9.attn.proj.bias]
    %features_5_9_attn_logit_scale : [#users=1] = get_attr[target=features.5.9.attn.logit_scale]
    %shifted_window_attention_13 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_25, %features_5_9_attn_qkv_weight, %features_5_9_attn_proj_weight, %mul_13, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_9_attn_qkv_bias, proj_bias: %features_5_9_attn_proj_bias, logit_scale: %features_5_9_attn_logit_scale})
    %features_5_9_norm1 : [#users=1] = call_module[target=features.5.9.norm1](args = (%shifted_window_attention_13,), kwargs = {})
    %stochastic_depth_26 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_9_norm1, 0.2826086956521739, row, False), kwargs = {})
    %add_26 : [#users=2] = call_function[target=operator.add](args = (%add_25, %stochastic_depth_26), kwargs = {})
    %features_5_9_mlp_0 : [#users=1] = call_module[target=features.5.9.mlp.0](args = (%add_26,), kwargs = {})
    %features_5_9_mlp_1 : [#users=1] = call_module[target=features.5.9.mlp.1](args = (%features_5_9_mlp_0,), kwargs = {})
    %features_5_9_mlp_2 : [#users=1] = call_module[target=features.5.9.mlp.2](args = (%features_5_9_mlp_1,), kwargs = {})
    %features_5_9_mlp_3 : [#users=1] = call_module[target=features.5.9.mlp.3](args = (%features_5_9_mlp_2,), kwargs = {})
    %features_5_9_mlp_4 : [#users=1] = call_module[target=features.5.9.mlp.4](args = (%features_5_9_mlp_3,), kwargs = {})
    %features_5_9_norm2 : [#users=1] = call_module[target=features.5.9.norm2](args = (%features_5_9_mlp_4,), kwargs = {})
    %stochastic_depth_27 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_9_norm2, 0.2826086956521739, row, False), kwargs = {})
    %add_27 : [#users=2] = call_function[target=operator.add](args = (%add_26, %stochastic_depth_27), kwargs = {})
    %features_5_10_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.10.attn.relative_coords_table]
    %features_5_10_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.10.attn.cpb_mlp.0](args = (%features_5_10_attn_relative_coords_table,), kwargs = {})
    %features_5_10_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.10.attn.cpb_mlp.1](args = (%features_5_10_attn_cpb_mlp_0,), kwargs = {})
    %features_5_10_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.10.attn.cpb_mlp.2](args = (%features_5_10_attn_cpb_mlp_1,), kwargs = {})
    %view_14 : [#users=1] = call_method[target=view](args = (%features_5_10_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_10_attn_relative_position_index : [#users=1] = get_attr[target=features.5.10.attn.relative_position_index]
    %_get_relative_position_bias_14 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_14, %features_5_10_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_14 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_14,), kwargs = {})
    %mul_14 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_14), kwargs = {})
    %features_5_10_attn_qkv_weight : [#users=1] = get_attr[target=features.5.10.attn.qkv.weight]
    %features_5_10_attn_proj_weight : [#users=1] = get_attr[target=features.5.10.attn.proj.weight]
    %features_5_10_attn_qkv_bias : [#users=1] = get_attr[target=features.5.10.attn.qkv.bias]
    %features_5_10_attn_proj_bias : [#users=1] = get_attr[target=features.5.10.attn.proj.bias]
    %features_5_10_attn_logit_scale : [#users=1] = get_attr[target=features.5.10.attn.logit_scale]
    %shifted_window_attention_14 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_27, %features_5_10_attn_qkv_weight, %features_5_10_attn_proj_weight, %mul_14, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_10_attn_qkv_bias, proj_bias: %features_5_10_attn_proj_bias, logit_scale: %features_5_10_attn_logit_scale})
    %features_5_10_norm1 : [#users=1] = call_module[target=features.5.10.norm1](args = (%shifted_window_attention_14,), kwargs = {})
    %stochastic_depth_28 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_10_norm1, 0.30434782608695654, row, False), kwargs = {})
    %add_28 : [#users=2] = call_function[target=operator.add](args = (%add_27, %stochastic_depth_28), kwargs = {})
    %features_5_10_mlp_0 : [#users=1] = call_module[target=features.5.10.mlp.0](args = (%add_28,), kwargs = {})
    %features_5_10_mlp_1 : [#users=1] = call_module[target=features.5.10.mlp.1](args = (%features_5_10_mlp_0,), kwargs = {})
    %features_5_10_mlp_2 : [#users=1] = call_module[target=features.5.10.mlp.2](args = (%features_5_10_mlp_1,), kwargs = {})
    %features_5_10_mlp_3 : [#users=1] = call_module[target=features.5.10.mlp.3](args = (%features_5_10_mlp_2,), kwargs = {})
    %features_5_10_mlp_4 : [#users=1] = call_module[target=features.5.10.mlp.4](args = (%features_5_10_mlp_3,), kwargs = {})
    %features_5_10_norm2 : [#users=1] = call_module[target=features.5.10.norm2](args = (%features_5_10_mlp_4,), kwargs = {})
    %stochastic_depth_29 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_10_norm2, 0.30434782608695654, row, False), kwargs = {})
    %add_29 : [#users=2] = call_function[target=operator.add](args = (%add_28, %stochastic_depth_29), kwargs = {})
    %features_5_11_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.11.attn.relative_coords_table]
    %features_5_11_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.11.attn.cpb_mlp.0](args = (%features_5_11_attn_relative_coords_table,), kwargs = {})
    %features_5_11_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.11.attn.cpb_mlp.1](args = (%features_5_11_attn_cpb_mlp_0,), kwargs = {})
    %features_5_11_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.11.attn.cpb_mlp.2](args = (%features_5_11_attn_cpb_mlp_1,), kwargs = {})
    %view_15 : [#users=1] = call_method[target=view](args = (%features_5_11_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_11_attn_relative_position_index : [#users=1] = get_attr[target=features.5.11.attn.relative_position_index]
    %_get_relative_position_bias_15 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_15, %features_5_11_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_15 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_15,), kwargs = {})
    %mul_15 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_15), kwargs = {})
    %features_5_11_attn_qkv_weight : [#users=1] = get_attr[target=features.5.11.attn.qkv.weight]
    %features_5_11_attn_proj_weight : [#users=1] = get_attr[target=features.5.11.attn.proj.weight]
    %features_5_11_attn_qkv_bias : [#users=1] = get_attr[target=features.5.11.attn.qkv.bias]
    %features_5_11_attn_proj_bias : [#users=1] = get_attr[target=features.5.11.attn.proj.bias]
    %features_5_11_attn_logit_scale : [#users=1] = get_attr[target=features.5.11.attn.logit_scale]
    %shifted_window_attention_15 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_29, %features_5_11_attn_qkv_weight, %features_5_11_attn_proj_weight, %mul_15, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_11_attn_qkv_bias, proj_bias: %features_5_11_attn_proj_bias, logit_scale: %features_5_11_attn_logit_scale})
    %features_5_11_norm1 : [#users=1] = call_module[target=features.5.11.norm1](args = (%shifted_window_attention_15,), kwargs = {})
    %stochastic_depth_30 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_11_norm1, 0.32608695652173914, row, False), kwargs = {})
    %add_30 : [#users=2] = call_function[target=operator.add](args = (%add_29, %stochastic_depth_30), kwargs = {})
    %features_5_11_mlp_0 : [#users=1] = call_module[target=features.5.11.mlp.0](args = (%add_30,), kwargs = {})
    %features_5_11_mlp_1 : [#users=1] = call_module[target=features.5.11.mlp.1](args = (%features_5_11_mlp_0,), kwargs = {})
    %features_5_11_mlp_2 : [#users=1] = call_module[target=features.5.11.mlp.2](args = (%features_5_11_mlp_1,), kwargs = {})
    %features_5_11_mlp_3 : [#users=1] = call_module[target=features.5.11.mlp.3](args = (%features_5_11_mlp_2,), kwargs = {})
    %features_5_11_mlp_4 : [#users=1] = call_module[target=features.5.11.mlp.4](args = (%features_5_11_mlp_3,), kwargs = {})
    %features_5_11_norm2 : [#users=1] = call_module[target=features.5.11.norm2](args = (%features_5_11_mlp_4,), kwargs = {})
    %stochastic_depth_31 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_11_norm2, 0.32608695652173914, row, False), kwargs = {})
    %add_31 : [#users=2] = call_function[target=operator.add](args = (%add_30, %stochastic_depth_31), kwargs = {})
    %features_5_12_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.12.attn.relative_coords_table]
    %features_5_12_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.12.attn.cpb_mlp.0](args = (%features_5_12_attn_relative_coords_table,), kwargs = {})
    %features_5_12_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.12.attn.cpb_mlp.1](args = (%features_5_12_attn_cpb_mlp_0,), kwargs = {})
    %features_5_12_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.12.attn.cpb_mlp.2](args = (%features_5_12_attn_cpb_mlp_1,), kwargs = {})
    %view_16 : [#users=1] = call_method[target=view](args = (%features_5_12_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_12_attn_relative_position_index : [#users=1] = get_attr[target=features.5.12.attn.relative_position_index]
    %_get_relative_position_bias_16 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_16, %features_5_12_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_16 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_16,), kwargs = {})
    %mul_16 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_16), kwargs = {})
    %features_5_12_attn_qkv_weight : [#users=1] = get_attr[target=features.5.12.attn.qkv.weight]
    %features_5_12_attn_proj_weight : [#users=1] = get_attr[target=features.5.12.attn.proj.weight]
    %features_5_12_attn_qkv_bias : [#users=1] = get_attr[target=features.5.12.attn.qkv.bias]
    %features_5_12_attn_proj_bias : [#users=1] = get_attr[target=features.5.12.attn.proj.bias]
    %features_5_12_attn_logit_scale : [#users=1] = get_attr[target=features.5.12.attn.logit_scale]
    %shifted_window_attention_16 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_31, %features_5_12_attn_qkv_weight, %features_5_12_attn_proj_weight, %mul_16, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_12_attn_qkv_bias, proj_bias: %features_5_12_attn_proj_bias, logit_scale: %features_5_12_attn_logit_scale})
    %features_5_12_norm1 : [#users=1] = call_module[target=features.5.12.norm1](args = (%shifted_window_attention_16,), kwargs = {})
    %stochastic_depth_32 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_12_norm1, 0.34782608695652173, row, False), kwargs = {})
    %add_32 : [#users=2] = call_function[target=operator.add](args = (%add_31, %stochastic_depth_32), kwargs = {})
    %features_5_12_mlp_0 : [#users=1] = call_module[target=features.5.12.mlp.0](args = (%add_32,), kwargs = {})
    %features_5_12_mlp_1 : [#users=1] = call_module[target=features.5.12.mlp.1](args = (%features_5_12_mlp_0,), kwargs = {})
    %features_5_12_mlp_2 : [#users=1] = call_module[target=features.5.12.mlp.2](args = (%features_5_12_mlp_1,), kwargs = {})
    %features_5_12_mlp_3 : [#users=1] = call_module[target=features.5.12.mlp.3](args = (%features_5_12_mlp_2,), kwargs = {})
    %features_5_12_mlp_4 : [#users=1] = call_module[target=features.5.12.mlp.4](args = (%features_5_12_mlp_3,), kwargs = {})
    %features_5_12_norm2 : [#users=1] = call_module[target=features.5.12.norm2](args = (%features_5_12_mlp_4,), kwargs = {})
    %stochastic_depth_33 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_12_norm2, 0.34782608695652173, row, False), kwargs = {})
    %add_33 : [#users=2] = call_function[target=operator.add](args = (%add_32, %stochastic_depth_33), kwargs = {})
    %features_5_13_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.13.attn.relative_coords_table]
    %features_5_13_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.13.attn.cpb_mlp.0](args = (%features_5_13_attn_relative_coords_table,), kwargs = {})
    %features_5_13_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.13.attn.cpb_mlp.1](args = (%features_5_13_attn_cpb_mlp_0,), kwargs = {})
    %features_5_13_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.13.attn.cpb_mlp.2](args = (%features_5_13_attn_cpb_mlp_1,), kwargs = {})
    %view_17 : [#users=1] = call_method[target=view](args = (%features_5_13_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_13_attn_relative_position_index : [#users=1] = get_attr[target=features.5.13.attn.relative_position_index]
    %_get_relative_position_bias_17 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_17, %features_5_13_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_17 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_17,), kwargs = {})
    %mul_17 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_17), kwargs = {})
    %features_5_13_attn_qkv_weight : [#users=1] = get_attr[target=features.5.13.attn.qkv.weight]
    %features_5_13_attn_proj_weight : [#users=1] = get_attr[target=features.5.13.attn.proj.weight]
    %features_5_13_attn_qkv_bias : [#users=1] = get_attr[target=features.5.13.attn.qkv.bias]
    %features_5_13_attn_proj_bias : [#users=1] = get_attr[target=features.5.13.attn.proj.bias]
    %features_5_13_attn_logit_scale : [#users=1] = get_attr[target=features.5.13.attn.logit_scale]
    %shifted_window_attention_17 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_33, %features_5_13_attn_qkv_weight, %features_5_13_attn_proj_weight, %mul_17, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_13_attn_qkv_bias, proj_bias: %features_5_13_attn_proj_bias, logit_scale: %features_5_13_attn_logit_scale})
    %features_5_13_norm1 : [#users=1] = call_module[target=features.5.13.norm1](args = (%shifted_window_attention_17,), kwargs = {})
    %stochastic_depth_34 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_13_norm1, 0.3695652173913043, row, False), kwargs = {})
    %add_34 : [#users=2] = call_function[target=operator.add](args = (%add_33, %stochastic_depth_34), kwargs = {})
    %features_5_13_mlp_0 : [#users=1] = call_module[target=features.5.13.mlp.0](args = (%add_34,), kwargs = {})
    %features_5_13_mlp_1 : [#users=1] = call_module[target=features.5.13.mlp.1](args = (%features_5_13_mlp_0,), kwargs = {})
    %features_5_13_mlp_2 : [#users=1] = call_module[target=features.5.13.mlp.2](args = (%features_5_13_mlp_1,), kwargs = {})
    %features_5_13_mlp_3 : [#users=1] = call_module[target=features.5.13.mlp.3](args = (%features_5_13_mlp_2,), kwargs = {})
    %features_5_13_mlp_4 : [#users=1] = call_module[target=features.5.13.mlp.4](args = (%features_5_13_mlp_3,), kwargs = {})
    %features_5_13_norm2 : [#users=1] = call_module[target=features.5.13.norm2](args = (%features_5_13_mlp_4,), kwargs = {})
    %stochastic_depth_35 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_13_norm2, 0.3695652173913043, row, False), kwargs = {})
    %add_35 : [#users=2] = call_function[target=operator.add](args = (%add_34, %stochastic_depth_35), kwargs = {})
    %features_5_14_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.14.attn.relative_coords_table]
    %features_5_14_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.14.attn.cpb_mlp.0](args = (%features_5_14_attn_relative_coords_table,), kwargs = {})
    %features_5_14_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.14.attn.cpb_mlp.1](args = (%features_5_14_attn_cpb_mlp_0,), kwargs = {})
    %features_5_14_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.14.attn.cpb_mlp.2](args = (%features_5_14_attn_cpb_mlp_1,), kwargs = {})
    %view_18 : [#users=1] = call_method[target=view](args = (%features_5_14_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_14_attn_relative_position_index : [#users=1] = get_attr[target=features.5.14.attn.relative_position_index]
    %_get_relative_position_bias_18 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_18, %features_5_14_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_18 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_18,), kwargs = {})
    %mul_18 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_18), kwargs = {})
    %features_5_14_attn_qkv_weight : [#users=1] = get_attr[target=features.5.14.attn.qkv.weight]
    %features_5_14_attn_proj_weight : [#users=1] = get_attr[target=features.5.14.attn.proj.weight]
    %features_5_14_attn_qkv_bias : [#users=1] = get_attr[target=features.5.14.attn.qkv.bias]
    %features_5_14_attn_proj_bias : [#users=1] = get_attr[target=features.5.14.attn.proj.bias]
    %features_5_14_attn_logit_scale : [#users=1] = get_attr[target=features.5.14.attn.logit_scale]
    %shifted_window_attention_18 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_35, %features_5_14_attn_qkv_weight, %features_5_14_attn_proj_weight, %mul_18, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_14_attn_qkv_bias, proj_bias: %features_5_14_attn_proj_bias, logit_scale: %features_5_14_attn_logit_scale})
    %features_5_14_norm1 : [#users=1] = call_module[target=features.5.14.norm1](args = (%shifted_window_attention_18,), kwargs = {})
    %stochastic_depth_36 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_14_norm1, 0.391304347826087, row, False), kwargs = {})
    %add_36 : [#users=2] = call_function[target=operator.add](args = (%add_35, %stochastic_depth_36), kwargs = {})
    %features_5_14_mlp_0 : [#users=1] = call_module[target=features.5.14.mlp.0](args = (%add_36,), kwargs = {})
    %features_5_14_mlp_1 : [#users=1] = call_module[target=features.5.14.mlp.1](args = (%features_5_14_mlp_0,), kwargs = {})
    %features_5_14_mlp_2 : [#users=1] = call_module[target=features.5.14.mlp.2](args = (%features_5_14_mlp_1,), kwargs = {})
    %features_5_14_mlp_3 : [#users=1] = call_module[target=features.5.14.mlp.3](args = (%features_5_14_mlp_2,), kwargs = {})
    %features_5_14_mlp_4 : [#users=1] = call_module[target=features.5.14.mlp.4](args = (%features_5_14_mlp_3,), kwargs = {})
    %features_5_14_norm2 : [#users=1] = call_module[target=features.5.14.norm2](args = (%features_5_14_mlp_4,), kwargs = {})
    %stochastic_depth_37 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_14_norm2, 0.391304347826087, row, False), kwargs = {})
    %add_37 : [#users=2] = call_function[target=operator.add](args = (%add_36, %stochastic_depth_37), kwargs = {})
    %features_5_15_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.15.attn.relative_coords_table]
    %features_5_15_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.15.attn.cpb_mlp.0](args = (%features_5_15_attn_relative_coords_table,), kwargs = {})
    %features_5_15_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.15.attn.cpb_mlp.1](args = (%features_5_15_attn_cpb_mlp_0,), kwargs = {})
    %features_5_15_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.15.attn.cpb_mlp.2](args = (%features_5_15_attn_cpb_mlp_1,), kwargs = {})
    %view_19 : [#users=1] = call_method[target=view](args = (%features_5_15_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_15_attn_relative_position_index : [#users=1] = get_attr[target=features.5.15.attn.relative_position_index]
    %_get_relative_position_bias_19 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_19, %features_5_15_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_19 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_19,), kwargs = {})
    %mul_19 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_19), kwargs = {})
    %features_5_15_attn_qkv_weight : [#users=1] = get_attr[target=features.5.15.attn.qkv.weight]
    %features_5_15_attn_proj_weight : [#users=1] = get_attr[target=features.5.15.attn.proj.weight]
    %features_5_15_attn_qkv_bias : [#users=1] = get_attr[target=features.5.15.attn.qkv.bias]
    %features_5_15_attn_proj_bias : [#users=1] = get_attr[target=features.5.15.attn.proj.bias]
    %features_5_15_attn_logit_scale : [#users=1] = get_attr[target=features.5.15.attn.logit_scale]
    %shifted_window_attention_19 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_37, %features_5_15_attn_qkv_weight, %features_5_15_attn_proj_weight, %mul_19, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_15_attn_qkv_bias, proj_bias: %features_5_15_attn_proj_bias, logit_scale: %features_5_15_attn_logit_scale})
    %features_5_15_norm1 : [#users=1] = call_module[target=features.5.15.norm1](args = (%shifted_window_attention_19,), kwargs = {})
    %stochastic_depth_38 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_15_norm1, 0.41304347826086957, row, False), kwargs = {})
    %add_38 : [#users=2] = call_function[target=operator.add](args = (%add_37, %stochastic_depth_38), kwargs = {})
    %features_5_15_mlp_0 : [#users=1] = call_module[target=features.5.15.mlp.0](args = (%add_38,), kwargs = {})
    %features_5_15_mlp_1 : [#users=1] = call_module[target=features.5.15.mlp.1](args = (%features_5_15_mlp_0,), kwargs = {})
    %features_5_15_mlp_2 : [#users=1] = call_module[target=features.5.15.mlp.2](args = (%features_5_15_mlp_1,), kwargs = {})
    %features_5_15_mlp_3 : [#users=1] = call_module[target=features.5.15.mlp.3](args = (%features_5_15_mlp_2,), kwargs = {})
    %features_5_15_mlp_4 : [#users=1] = call_module[target=features.5.15.mlp.4](args = (%features_5_15_mlp_3,), kwargs = {})
    %features_5_15_norm2 : [#users=1] = call_module[target=features.5.15.norm2](args = (%features_5_15_mlp_4,), kwargs = {})
    %stochastic_depth_39 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_15_norm2, 0.41304347826086957, row, False), kwargs = {})
    %add_39 : [#users=2] = call_function[target=operator.add](args = (%add_38, %stochastic_depth_39), kwargs = {})
    %features_5_16_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.16.attn.relative_coords_table]
    %features_5_16_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.16.attn.cpb_mlp.0](args = (%features_5_16_attn_relative_coords_table,), kwargs = {})
    %features_5_16_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.16.attn.cpb_mlp.1](args = (%features_5_16_attn_cpb_mlp_0,), kwargs = {})
    %features_5_16_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.16.attn.cpb_mlp.2](args = (%features_5_16_attn_cpb_mlp_1,), kwargs = {})
    %view_20 : [#users=1] = call_method[target=view](args = (%features_5_16_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_16_attn_relative_position_index : [#users=1] = get_attr[target=features.5.16.attn.relative_position_index]
    %_get_relative_position_bias_20 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_20, %features_5_16_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_20 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_20,), kwargs = {})
    %mul_20 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_20), kwargs = {})
    %features_5_16_attn_qkv_weight : [#users=1] = get_attr[target=features.5.16.attn.qkv.weight]
    %features_5_16_attn_proj_weight : [#users=1] = get_attr[target=features.5.16.attn.proj.weight]
    %features_5_16_attn_qkv_bias : [#users=1] = get_attr[target=features.5.16.attn.qkv.bias]
    %features_5_16_attn_proj_bias : [#users=1] = get_attr[target=features.5.16.attn.proj.bias]
    %features_5_16_attn_logit_scale : [#users=1] = get_attr[target=features.5.16.attn.logit_scale]
    %shifted_window_attention_20 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_39, %features_5_16_attn_qkv_weight, %features_5_16_attn_proj_weight, %mul_20, [8, 8], 16), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_16_attn_qkv_bias, proj_bias: %features_5_16_attn_proj_bias, logit_scale: %features_5_16_attn_logit_scale})
    %features_5_16_norm1 : [#users=1] = call_module[target=features.5.16.norm1](args = (%shifted_window_attention_20,), kwargs = {})
    %stochastic_depth_40 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_16_norm1, 0.43478260869565216, row, False), kwargs = {})
    %add_40 : [#users=2] = call_function[target=operator.add](args = (%add_39, %stochastic_depth_40), kwargs = {})
    %features_5_16_mlp_0 : [#users=1] = call_module[target=features.5.16.mlp.0](args = (%add_40,), kwargs = {})
    %features_5_16_mlp_1 : [#users=1] = call_module[target=features.5.16.mlp.1](args = (%features_5_16_mlp_0,), kwargs = {})
    %features_5_16_mlp_2 : [#users=1] = call_module[target=features.5.16.mlp.2](args = (%features_5_16_mlp_1,), kwargs = {})
    %features_5_16_mlp_3 : [#users=1] = call_module[target=features.5.16.mlp.3](args = (%features_5_16_mlp_2,), kwargs = {})
    %features_5_16_mlp_4 : [#users=1] = call_module[target=features.5.16.mlp.4](args = (%features_5_16_mlp_3,), kwargs = {})
    %features_5_16_norm2 : [#users=1] = call_module[target=features.5.16.norm2](args = (%features_5_16_mlp_4,), kwargs = {})
    %stochastic_depth_41 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_16_norm2, 0.43478260869565216, row, False), kwargs = {})
    %add_41 : [#users=2] = call_function[target=operator.add](args = (%add_40, %stochastic_depth_41), kwargs = {})
    %features_5_17_attn_relative_coords_table : [#users=1] = get_attr[target=features.5.17.attn.relative_coords_table]
    %features_5_17_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.5.17.attn.cpb_mlp.0](args = (%features_5_17_attn_relative_coords_table,), kwargs = {})
    %features_5_17_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.5.17.attn.cpb_mlp.1](args = (%features_5_17_attn_cpb_mlp_0,), kwargs = {})
    %features_5_17_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.5.17.attn.cpb_mlp.2](args = (%features_5_17_attn_cpb_mlp_1,), kwargs = {})
    %view_21 : [#users=1] = call_method[target=view](args = (%features_5_17_attn_cpb_mlp_2, -1, 16), kwargs = {})
    %features_5_17_attn_relative_position_index : [#users=1] = get_attr[target=features.5.17.attn.relative_position_index]
    %_get_relative_position_bias_21 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_21, %features_5_17_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_21 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_21,), kwargs = {})
    %mul_21 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_21), kwargs = {})
    %features_5_17_attn_qkv_weight : [#users=1] = get_attr[target=features.5.17.attn.qkv.weight]
    %features_5_17_attn_proj_weight : [#users=1] = get_attr[target=features.5.17.attn.proj.weight]
    %features_5_17_attn_qkv_bias : [#users=1] = get_attr[target=features.5.17.attn.qkv.bias]
    %features_5_17_attn_proj_bias : [#users=1] = get_attr[target=features.5.17.attn.proj.bias]
    %features_5_17_attn_logit_scale : [#users=1] = get_attr[target=features.5.17.attn.logit_scale]
    %shifted_window_attention_21 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_41, %features_5_17_attn_qkv_weight, %features_5_17_attn_proj_weight, %mul_21, [8, 8], 16), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_17_attn_qkv_bias, proj_bias: %features_5_17_attn_proj_bias, logit_scale: %features_5_17_attn_logit_scale})
    %features_5_17_norm1 : [#users=1] = call_module[target=features.5.17.norm1](args = (%shifted_window_attention_21,), kwargs = {})
    %stochastic_depth_42 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_17_norm1, 0.45652173913043476, row, False), kwargs = {})
    %add_42 : [#users=2] = call_function[target=operator.add](args = (%add_41, %stochastic_depth_42), kwargs = {})
    %features_5_17_mlp_0 : [#users=1] = call_module[target=features.5.17.mlp.0](args = (%add_42,), kwargs = {})
    %features_5_17_mlp_1 : [#users=1] = call_module[target=features.5.17.mlp.1](args = (%features_5_17_mlp_0,), kwargs = {})
    %features_5_17_mlp_2 : [#users=1] = call_module[target=features.5.17.mlp.2](args = (%features_5_17_mlp_1,), kwargs = {})
    %features_5_17_mlp_3 : [#users=1] = call_module[target=features.5.17.mlp.3](args = (%features_5_17_mlp_2,), kwargs = {})
    %features_5_17_mlp_4 : [#users=1] = call_module[target=features.5.17.mlp.4](args = (%features_5_17_mlp_3,), kwargs = {})
    %features_5_17_norm2 : [#users=1] = call_module[target=features.5.17.norm2](args = (%features_5_17_mlp_4,), kwargs = {})
    %stochastic_depth_43 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_17_norm2, 0.45652173913043476, row, False), kwargs = {})
    %add_43 : [#users=1] = call_function[target=operator.add](args = (%add_42, %stochastic_depth_43), kwargs = {})
    %_patch_merging_pad_2 : [#users=1] = call_function[target=torchvision.models.swin_transformer._patch_merging_pad](args = (%add_43,), kwargs = {})
    %features_6_reduction : [#users=1] = call_module[target=features.6.reduction](args = (%_patch_merging_pad_2,), kwargs = {})
    %features_6_norm : [#users=2] = call_module[target=features.6.norm](args = (%features_6_reduction,), kwargs = {})
    %features_7_0_attn_relative_coords_table : [#users=1] = get_attr[target=features.7.0.attn.relative_coords_table]
    %features_7_0_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.7.0.attn.cpb_mlp.0](args = (%features_7_0_attn_relative_coords_table,), kwargs = {})
    %features_7_0_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.7.0.attn.cpb_mlp.1](args = (%features_7_0_attn_cpb_mlp_0,), kwargs = {})
    %features_7_0_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.7.0.attn.cpb_mlp.2](args = (%features_7_0_attn_cpb_mlp_1,), kwargs = {})
    %view_22 : [#users=1] = call_method[target=view](args = (%features_7_0_attn_cpb_mlp_2, -1, 32), kwargs = {})
    %features_7_0_attn_relative_position_index : [#users=1] = get_attr[target=features.7.0.attn.relative_position_index]
    %_get_relative_position_bias_22 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_22, %features_7_0_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_22 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_22,), kwargs = {})
    %mul_22 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_22), kwargs = {})
    %features_7_0_attn_qkv_weight : [#users=1] = get_attr[target=features.7.0.attn.qkv.weight]
    %features_7_0_attn_proj_weight : [#users=1] = get_attr[target=features.7.0.attn.proj.weight]
    %features_7_0_attn_qkv_bias : [#users=1] = get_attr[target=features.7.0.attn.qkv.bias]
    %features_7_0_attn_proj_bias : [#users=1] = get_attr[target=features.7.0.attn.proj.bias]
    %features_7_0_attn_logit_scale : [#users=1] = get_attr[target=features.7.0.attn.logit_scale]
    %shifted_window_attention_22 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_6_norm, %features_7_0_attn_qkv_weight, %features_7_0_attn_proj_weight, %mul_22, [8, 8], 32), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_7_0_attn_qkv_bias, proj_bias: %features_7_0_attn_proj_bias, logit_scale: %features_7_0_attn_logit_scale})
    %features_7_0_norm1 : [#users=1] = call_module[target=features.7.0.norm1](args = (%shifted_window_attention_22,), kwargs = {})
    %stochastic_depth_44 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_7_0_norm1, 0.4782608695652174, row, False), kwargs = {})
    %add_44 : [#users=2] = call_function[target=operator.add](args = (%features_6_norm, %stochastic_depth_44), kwargs = {})
    %features_7_0_mlp_0 : [#users=1] = call_module[target=features.7.0.mlp.0](args = (%add_44,), kwargs = {})
    %features_7_0_mlp_1 : [#users=1] = call_module[target=features.7.0.mlp.1](args = (%features_7_0_mlp_0,), kwargs = {})
    %features_7_0_mlp_2 : [#users=1] = call_module[target=features.7.0.mlp.2](args = (%features_7_0_mlp_1,), kwargs = {})
    %features_7_0_mlp_3 : [#users=1] = call_module[target=features.7.0.mlp.3](args = (%features_7_0_mlp_2,), kwargs = {})
    %features_7_0_mlp_4 : [#users=1] = call_module[target=features.7.0.mlp.4](args = (%features_7_0_mlp_3,), kwargs = {})
    %features_7_0_norm2 : [#users=1] = call_module[target=features.7.0.norm2](args = (%features_7_0_mlp_4,), kwargs = {})
    %stochastic_depth_45 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_7_0_norm2, 0.4782608695652174, row, False), kwargs = {})
    %add_45 : [#users=2] = call_function[target=operator.add](args = (%add_44, %stochastic_depth_45), kwargs = {})
    %features_7_1_attn_relative_coords_table : [#users=1] = get_attr[target=features.7.1.attn.relative_coords_table]
    %features_7_1_attn_cpb_mlp_0 : [#users=1] = call_module[target=features.7.1.attn.cpb_mlp.0](args = (%features_7_1_attn_relative_coords_table,), kwargs = {})
    %features_7_1_attn_cpb_mlp_1 : [#users=1] = call_module[target=features.7.1.attn.cpb_mlp.1](args = (%features_7_1_attn_cpb_mlp_0,), kwargs = {})
    %features_7_1_attn_cpb_mlp_2 : [#users=1] = call_module[target=features.7.1.attn.cpb_mlp.2](args = (%features_7_1_attn_cpb_mlp_1,), kwargs = {})
    %view_23 : [#users=1] = call_method[target=view](args = (%features_7_1_attn_cpb_mlp_2, -1, 32), kwargs = {})
    %features_7_1_attn_relative_position_index : [#users=1] = get_attr[target=features.7.1.attn.relative_position_index]
    %_get_relative_position_bias_23 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%view_23, %features_7_1_attn_relative_position_index, [8, 8]), kwargs = {})
    %sigmoid_23 : [#users=1] = call_function[target=torch.sigmoid](args = (%_get_relative_position_bias_23,), kwargs = {})
    %mul_23 : [#users=1] = call_function[target=operator.mul](args = (16, %sigmoid_23), kwargs = {})
    %features_7_1_attn_qkv_weight : [#users=1] = get_attr[target=features.7.1.attn.qkv.weight]
    %features_7_1_attn_proj_weight : [#users=1] = get_attr[target=features.7.1.attn.proj.weight]
    %features_7_1_attn_qkv_bias : [#users=1] = get_attr[target=features.7.1.attn.qkv.bias]
    %features_7_1_attn_proj_bias : [#users=1] = get_attr[target=features.7.1.attn.proj.bias]
    %features_7_1_attn_logit_scale : [#users=1] = get_attr[target=features.7.1.attn.logit_scale]
    %shifted_window_attention_23 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%add_45, %features_7_1_attn_qkv_weight, %features_7_1_attn_proj_weight, %mul_23, [8, 8], 32), kwargs = {shift_size: [4, 4], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_7_1_attn_qkv_bias, proj_bias: %features_7_1_attn_proj_bias, logit_scale: %features_7_1_attn_logit_scale})
    %features_7_1_norm1 : [#users=1] = call_module[target=features.7.1.norm1](args = (%shifted_window_attention_23,), kwargs = {})
    %stochastic_depth_46 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_7_1_norm1, 0.5, row, False), kwargs = {})
    %add_46 : [#users=2] = call_function[target=operator.add](args = (%add_45, %stochastic_depth_46), kwargs = {})
    %features_7_1_mlp_0 : [#users=1] = call_module[target=features.7.1.mlp.0](args = (%add_46,), kwargs = {})
    %features_7_1_mlp_1 : [#users=1] = call_module[target=features.7.1.mlp.1](args = (%features_7_1_mlp_0,), kwargs = {})
    %features_7_1_mlp_2 : [#users=1] = call_module[target=features.7.1.mlp.2](args = (%features_7_1_mlp_1,), kwargs = {})
    %features_7_1_mlp_3 : [#users=1] = call_module[target=features.7.1.mlp.3](args = (%features_7_1_mlp_2,), kwargs = {})
    %features_7_1_mlp_4 : [#users=1] = call_module[target=features.7.1.mlp.4](args = (%features_7_1_mlp_3,), kwargs = {})
    %features_7_1_norm2 : [#users=1] = call_module[target=features.7.1.norm2](args = (%features_7_1_mlp_4,), kwargs = {})
    %stochastic_depth_47 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_7_1_norm2, 0.5, row, False), kwargs = {})
    %add_47 : [#users=1] = call_function[target=operator.add](args = (%add_46, %stochastic_depth_47), kwargs = {})
    %norm : [#users=1] = call_module[target=norm](args = (%add_47,), kwargs = {})
    %permute_1 : [#users=1] = call_function[target=torch.permute](args = (%norm, [0, 3, 1, 2]), kwargs = {})
    %avgpool : [#users=1] = call_module[target=avgpool](args = (%permute_1,), kwargs = {})
    %flatten : [#users=1] = call_module[target=flatten](args = (%avgpool,), kwargs = {})
    %head : [#users=1] = call_module[target=head](args = (%flatten,), kwargs = {})
    return head
