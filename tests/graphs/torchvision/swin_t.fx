graph():
    %x : [#users=1] = placeholder[target=x]
    %features_0_0 : [#users=1] = call_module[target=features.0.0](args = (%x,), kwargs = {})
    %permute : [#users=1] = call_function[target=torch.permute](args = (%features_0_0, [0, 2, 3, 1]), kwargs = {})
    %features_0_2 : [#users=2] = call_module[target=features.0.2](args = (%permute,), kwargs = {})
    %features_1_0_norm1 : [#users=1] = call_module[target=features.1.0.norm1](args = (%features_0_2,), kwargs = {})
    %features_1_0_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.1.0.attn.relative_position_bias_table]
    %features_1_0_attn_relative_position_index : [#users=1] = get_attr[target=features.1.0.attn.relative_position_index]
    %_get_relative_position_bias : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_1_0_attn_relative_position_bias_table, %features_1_0_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_1_0_attn_qkv_weight : [#users=1] = get_attr[target=features.1.0.attn.qkv.weight]
    %features_1_0_attn_proj_weight : [#users=1] = get_attr[target=features.1.0.attn.proj.weight]
    %features_1_0_attn_qkv_bias : [#users=1] = get_attr[target=features.1.0.attn.qkv.bias]
    %features_1_0_attn_proj_bias : [#users=1] = get_attr[target=features.1.0.attn.proj.bias]
    %shifted_window_attention : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_1_0_norm1, %features_1_0_attn_qkv_weight, %features_1_0_attn_proj_weight, %_get_relative_position_bias, [7, 7], 3), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_1_0_attn_qkv_bias, proj_bias: %features_1_0_attn_proj_bias})
    %stochastic_depth : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention, 0.0, row, False), kwargs = {})
    %add : [#users=2] = call_function[target=operator.add](args = (%features_0_2, %stochastic_depth), kwargs = {})
    %features_1_0_norm2 : [#users=1] = call_module[target=features.1.0.norm2](args = (%add,), kwargs = {})
    %features_1_0_mlp_0 : [#users=1] = call_module[target=features.1.0.mlp.0](args = (%features_1_0_norm2,), kwargs = {})
    %features_1_0_mlp_1 : [#users=1] = call_module[target=features.1.0.mlp.1](args = (%features_1_0_mlp_0,), kwargs = {})
    %features_1_0_mlp_2 : [#users=1] = call_module[target=features.1.0.mlp.2](args = (%features_1_0_mlp_1,), kwargs = {})
    %features_1_0_mlp_3 : [#users=1] = call_module[target=features.1.0.mlp.3](args = (%features_1_0_mlp_2,), kwargs = {})
    %features_1_0_mlp_4 : [#users=1] = call_module[target=features.1.0.mlp.4](args = (%features_1_0_mlp_3,), kwargs = {})
    %stochastic_depth_1 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_1_0_mlp_4, 0.0, row, False), kwargs = {})
    %add_1 : [#users=2] = call_function[target=operator.add](args = (%add, %stochastic_depth_1), kwargs = {})
    %features_1_1_norm1 : [#users=1] = call_module[target=features.1.1.norm1](args = (%add_1,), kwargs = {})
    %features_1_1_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.1.1.attn.relative_position_bias_table]
    %features_1_1_attn_relative_position_index : [#users=1] = get_attr[target=features.1.1.attn.relative_position_index]
    %_get_relative_position_bias_1 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_1_1_attn_relative_position_bias_table, %features_1_1_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_1_1_attn_qkv_weight : [#users=1] = get_attr[target=features.1.1.attn.qkv.weight]
    %features_1_1_attn_proj_weight : [#users=1] = get_attr[target=features.1.1.attn.proj.weight]
    %features_1_1_attn_qkv_bias : [#users=1] = get_attr[target=features.1.1.attn.qkv.bias]
    %features_1_1_attn_proj_bias : [#users=1] = get_attr[target=features.1.1.attn.proj.bias]
    %shifted_window_attention_1 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_1_1_norm1, %features_1_1_attn_qkv_weight, %features_1_1_attn_proj_weight, %_get_relative_position_bias_1, [7, 7], 3), kwargs = {shift_size: [3, 3], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_1_1_attn_qkv_bias, proj_bias: %features_1_1_attn_proj_bias})
    %stochastic_depth_2 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_1, 0.018181818181818184, row, False), kwargs = {})
    %add_2 : [#users=2] = call_function[target=operator.add](args = (%add_1, %stochastic_depth_2), kwargs = {})
    %features_1_1_norm2 : [#users=1] = call_module[target=features.1.1.norm2](args = (%add_2,), kwargs = {})
    %features_1_1_mlp_0 : [#users=1] = call_module[target=features.1.1.mlp.0](args = (%features_1_1_norm2,), kwargs = {})
    %features_1_1_mlp_1 : [#users=1] = call_module[target=features.1.1.mlp.1](args = (%features_1_1_mlp_0,), kwargs = {})
    %features_1_1_mlp_2 : [#users=1] = call_module[target=features.1.1.mlp.2](args = (%features_1_1_mlp_1,), kwargs = {})
    %features_1_1_mlp_3 : [#users=1] = call_module[target=features.1.1.mlp.3](args = (%features_1_1_mlp_2,), kwargs = {})
    %features_1_1_mlp_4 : [#users=1] = call_module[target=features.1.1.mlp.4](args = (%features_1_1_mlp_3,), kwargs = {})
    %stochastic_depth_3 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_1_1_mlp_4, 0.018181818181818184, row, False), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_2, %stochastic_depth_3), kwargs = {})
    %_patch_merging_pad : [#users=1] = call_function[target=torchvision.models.swin_transformer._patch_merging_pad](args = (%add_3,), kwargs = {})
    %features_2_norm : [#users=1] = call_module[target=features.2.norm](args = (%_patch_merging_pad,), kwargs = {})
    %features_2_reduction : [#users=2] = call_module[target=features.2.reduction](args = (%features_2_norm,), kwargs = {})
    %features_3_0_norm1 : [#users=1] = call_module[target=features.3.0.norm1](args = (%features_2_reduction,), kwargs = {})
    %features_3_0_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.3.0.attn.relative_position_bias_table]
    %features_3_0_attn_relative_position_index : [#users=1] = get_attr[target=features.3.0.attn.relative_position_index]
    %_get_relative_position_bias_2 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_3_0_attn_relative_position_bias_table, %features_3_0_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_3_0_attn_qkv_weight : [#users=1] = get_attr[target=features.3.0.attn.qkv.weight]
    %features_3_0_attn_proj_weight : [#users=1] = get_attr[target=features.3.0.attn.proj.weight]
    %features_3_0_attn_qkv_bias : [#users=1] = get_attr[target=features.3.0.attn.qkv.bias]
    %features_3_0_attn_proj_bias : [#users=1] = get_attr[target=features.3.0.attn.proj.bias]
    %shifted_window_attention_2 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_3_0_norm1, %features_3_0_attn_qkv_weight, %features_3_0_attn_proj_weight, %_get_relative_position_bias_2, [7, 7], 6), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_3_0_attn_qkv_bias, proj_bias: %features_3_0_attn_proj_bias})
    %stochastic_depth_4 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_2, 0.03636363636363637, row, False), kwargs = {})
    %add_4 : [#users=2] = call_function[target=operator.add](args = (%features_2_reduction, %stochastic_depth_4), kwargs = {})
    %features_3_0_norm2 : [#users=1] = call_module[target=features.3.0.norm2](args = (%add_4,), kwargs = {})
    %features_3_0_mlp_0 : [#users=1] = call_module[target=features.3.0.mlp.0](args = (%features_3_0_norm2,), kwargs = {})
    %features_3_0_mlp_1 : [#users=1] = call_module[target=features.3.0.mlp.1](args = (%features_3_0_mlp_0,), kwargs = {})
    %features_3_0_mlp_2 : [#users=1] = call_module[target=features.3.0.mlp.2](args = (%features_3_0_mlp_1,), kwargs = {})
    %features_3_0_mlp_3 : [#users=1] = call_module[target=features.3.0.mlp.3](args = (%features_3_0_mlp_2,), kwargs = {})
    %features_3_0_mlp_4 : [#users=1] = call_module[target=features.3.0.mlp.4](args = (%features_3_0_mlp_3,), kwargs = {})
    %stochastic_depth_5 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_3_0_mlp_4, 0.03636363636363637, row, False), kwargs = {})
    %add_5 : [#users=2] = call_function[target=operator.add](args = (%add_4, %stochastic_depth_5), kwargs = {})
    %features_3_1_norm1 : [#users=1] = call_module[target=features.3.1.norm1](args = (%add_5,), kwargs = {})
    %features_3_1_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.3.1.attn.relative_position_bias_table]
    %features_3_1_attn_relative_position_index : [#users=1] = get_attr[target=features.3.1.attn.relative_position_index]
    %_get_relative_position_bias_3 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_3_1_attn_relative_position_bias_table, %features_3_1_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_3_1_attn_qkv_weight : [#users=1] = get_attr[target=features.3.1.attn.qkv.weight]
    %features_3_1_attn_proj_weight : [#users=1] = get_attr[target=features.3.1.attn.proj.weight]
    %features_3_1_attn_qkv_bias : [#users=1] = get_attr[target=features.3.1.attn.qkv.bias]
    %features_3_1_attn_proj_bias : [#users=1] = get_attr[target=features.3.1.attn.proj.bias]
    %shifted_window_attention_3 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_3_1_norm1, %features_3_1_attn_qkv_weight, %features_3_1_attn_proj_weight, %_get_relative_position_bias_3, [7, 7], 6), kwargs = {shift_size: [3, 3], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_3_1_attn_qkv_bias, proj_bias: %features_3_1_attn_proj_bias})
    %stochastic_depth_6 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_3, 0.05454545454545456, row, False), kwargs = {})
    %add_6 : [#users=2] = call_function[target=operator.add](args = (%add_5, %stochastic_depth_6), kwargs = {})
    %features_3_1_norm2 : [#users=1] = call_module[target=features.3.1.norm2](args = (%add_6,), kwargs = {})
    %features_3_1_mlp_0 : [#users=1] = call_module[target=features.3.1.mlp.0](args = (%features_3_1_norm2,), kwargs = {})
    %features_3_1_mlp_1 : [#users=1] = call_module[target=features.3.1.mlp.1](args = (%features_3_1_mlp_0,), kwargs = {})
    %features_3_1_mlp_2 : [#users=1] = call_module[target=features.3.1.mlp.2](args = (%features_3_1_mlp_1,), kwargs = {})
    %features_3_1_mlp_3 : [#users=1] = call_module[target=features.3.1.mlp.3](args = (%features_3_1_mlp_2,), kwargs = {})
    %features_3_1_mlp_4 : [#users=1] = call_module[target=features.3.1.mlp.4](args = (%features_3_1_mlp_3,), kwargs = {})
    %stochastic_depth_7 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_3_1_mlp_4, 0.05454545454545456, row, False), kwargs = {})
    %add_7 : [#users=1] = call_function[target=operator.add](args = (%add_6, %stochastic_depth_7), kwargs = {})
    %_patch_merging_pad_1 : [#users=1] = call_function[target=torchvision.models.swin_transformer._patch_merging_pad](args = (%add_7,), kwargs = {})
    %features_4_norm : [#users=1] = call_module[target=features.4.norm](args = (%_patch_merging_pad_1,), kwargs = {})
    %features_4_reduction : [#users=2] = call_module[target=features.4.reduction](args = (%features_4_norm,), kwargs = {})
    %features_5_0_norm1 : [#users=1] = call_module[target=features.5.0.norm1](args = (%features_4_reduction,), kwargs = {})
    %features_5_0_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.5.0.attn.relative_position_bias_table]
    %features_5_0_attn_relative_position_index : [#users=1] = get_attr[target=features.5.0.attn.relative_position_index]
    %_get_relative_position_bias_4 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_5_0_attn_relative_position_bias_table, %features_5_0_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_5_0_attn_qkv_weight : [#users=1] = get_attr[target=features.5.0.attn.qkv.weight]
    %features_5_0_attn_proj_weight : [#users=1] = get_attr[target=features.5.0.attn.proj.weight]
    %features_5_0_attn_qkv_bias : [#users=1] = get_attr[target=features.5.0.attn.qkv.bias]
    %features_5_0_attn_proj_bias : [#users=1] = get_attr[target=features.5.0.attn.proj.bias]
    %shifted_window_attention_4 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_5_0_norm1, %features_5_0_attn_qkv_weight, %features_5_0_attn_proj_weight, %_get_relative_position_bias_4, [7, 7], 12), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_0_attn_qkv_bias, proj_bias: %features_5_0_attn_proj_bias})
    %stochastic_depth_8 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_4, 0.07272727272727274, row, False), kwargs = {})
    %add_8 : [#users=2] = call_function[target=operator.add](args = (%features_4_reduction, %stochastic_depth_8), kwargs = {})
    %features_5_0_norm2 : [#users=1] = call_module[target=features.5.0.norm2](args = (%add_8,), kwargs = {})
    %features_5_0_mlp_0 : [#users=1] = call_module[target=features.5.0.mlp.0](args = (%features_5_0_norm2,), kwargs = {})
    %features_5_0_mlp_1 : [#users=1] = call_module[target=features.5.0.mlp.1](args = (%features_5_0_mlp_0,), kwargs = {})
    %features_5_0_mlp_2 : [#users=1] = call_module[target=features.5.0.mlp.2](args = (%features_5_0_mlp_1,), kwargs = {})
    %features_5_0_mlp_3 : [#users=1] = call_module[target=features.5.0.mlp.3](args = (%features_5_0_mlp_2,), kwargs = {})
    %features_5_0_mlp_4 : [#users=1] = call_module[target=features.5.0.mlp.4](args = (%features_5_0_mlp_3,), kwargs = {})
    %stochastic_depth_9 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_0_mlp_4, 0.07272727272727274, row, False), kwargs = {})
    %add_9 : [#users=2] = call_function[target=operator.add](args = (%add_8, %stochastic_depth_9), kwargs = {})
    %features_5_1_norm1 : [#users=1] = call_module[target=features.5.1.norm1](args = (%add_9,), kwargs = {})
    %features_5_1_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.5.1.attn.relative_position_bias_table]
    %features_5_1_attn_relative_position_index : [#users=1] = get_attr[target=features.5.1.attn.relative_position_index]
    %_get_relative_position_bias_5 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_5_1_attn_relative_position_bias_table, %features_5_1_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_5_1_attn_qkv_weight : [#users=1] = get_attr[target=features.5.1.attn.qkv.weight]
    %features_5_1_attn_proj_weight : [#users=1] = get_attr[target=features.5.1.attn.proj.weight]
    %features_5_1_attn_qkv_bias : [#users=1] = get_attr[target=features.5.1.attn.qkv.bias]
    %features_5_1_attn_proj_bias : [#users=1] = get_attr[target=features.5.1.attn.proj.bias]
    %shifted_window_attention_5 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_5_1_norm1, %features_5_1_attn_qkv_weight, %features_5_1_attn_proj_weight, %_get_relative_position_bias_5, [7, 7], 12), kwargs = {shift_size: [3, 3], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_1_attn_qkv_bias, proj_bias: %features_5_1_attn_proj_bias})
    %stochastic_depth_10 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_5, 0.09090909090909091, row, False), kwargs = {})
    %add_10 : [#users=2] = call_function[target=operator.add](args = (%add_9, %stochastic_depth_10), kwargs = {})
    %features_5_1_norm2 : [#users=1] = call_module[target=features.5.1.norm2](args = (%add_10,), kwargs = {})
    %features_5_1_mlp_0 : [#users=1] = call_module[target=features.5.1.mlp.0](args = (%features_5_1_norm2,), kwargs = {})
    %features_5_1_mlp_1 : [#users=1] = call_module[target=features.5.1.mlp.1](args = (%features_5_1_mlp_0,), kwargs = {})
    %features_5_1_mlp_2 : [#users=1] = call_module[target=features.5.1.mlp.2](args = (%features_5_1_mlp_1,), kwargs = {})
    %features_5_1_mlp_3 : [#users=1] = call_module[target=features.5.1.mlp.3](args = (%features_5_1_mlp_2,), kwargs = {})
    %features_5_1_mlp_4 : [#users=1] = call_module[target=features.5.1.mlp.4](args = (%features_5_1_mlp_3,), kwargs = {})
    %stochastic_depth_11 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_1_mlp_4, 0.09090909090909091, row, False), kwargs = {})
    %add_11 : [#users=2] = call_function[target=operator.add](args = (%add_10, %stochastic_depth_11), kwargs = {})
    %features_5_2_norm1 : [#users=1] = call_module[target=features.5.2.norm1](args = (%add_11,), kwargs = {})
    %features_5_2_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.5.2.attn.relative_position_bias_table]
    %features_5_2_attn_relative_position_index : [#users=1] = get_attr[target=features.5.2.attn.relative_position_index]
    %_get_relative_position_bias_6 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_5_2_attn_relative_position_bias_table, %features_5_2_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_5_2_attn_qkv_weight : [#users=1] = get_attr[target=features.5.2.attn.qkv.weight]
    %features_5_2_attn_proj_weight : [#users=1] = get_attr[target=features.5.2.attn.proj.weight]
    %features_5_2_attn_qkv_bias : [#users=1] = get_attr[target=features.5.2.attn.qkv.bias]
    %features_5_2_attn_proj_bias : [#users=1] = get_attr[target=features.5.2.attn.proj.bias]
    %shifted_window_attention_6 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_5_2_norm1, %features_5_2_attn_qkv_weight, %features_5_2_attn_proj_weight, %_get_relative_position_bias_6, [7, 7], 12), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_2_attn_qkv_bias, proj_bias: %features_5_2_attn_proj_bias})
    %stochastic_depth_12 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_6, 0.10909090909090911, row, False), kwargs = {})
    %add_12 : [#users=2] = call_function[target=operator.add](args = (%add_11, %stochastic_depth_12), kwargs = {})
    %features_5_2_norm2 : [#users=1] = call_module[target=features.5.2.norm2](args = (%add_12,), kwargs = {})
    %features_5_2_mlp_0 : [#users=1] = call_module[target=features.5.2.mlp.0](args = (%features_5_2_norm2,), kwargs = {})
    %features_5_2_mlp_1 : [#users=1] = call_module[target=features.5.2.mlp.1](args = (%features_5_2_mlp_0,), kwargs = {})
    %features_5_2_mlp_2 : [#users=1] = call_module[target=features.5.2.mlp.2](args = (%features_5_2_mlp_1,), kwargs = {})
    %features_5_2_mlp_3 : [#users=1] = call_module[target=features.5.2.mlp.3](args = (%features_5_2_mlp_2,), kwargs = {})
    %features_5_2_mlp_4 : [#users=1] = call_module[target=features.5.2.mlp.4](args = (%features_5_2_mlp_3,), kwargs = {})
    %stochastic_depth_13 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_2_mlp_4, 0.10909090909090911, row, False), kwargs = {})
    %add_13 : [#users=2] = call_function[target=operator.add](args = (%add_12, %stochastic_depth_13), kwargs = {})
    %features_5_3_norm1 : [#users=1] = call_module[target=features.5.3.norm1](args = (%add_13,), kwargs = {})
    %features_5_3_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.5.3.attn.relative_position_bias_table]
    %features_5_3_attn_relative_position_index : [#users=1] = get_attr[target=features.5.3.attn.relative_position_index]
    %_get_relative_position_bias_7 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_5_3_attn_relative_position_bias_table, %features_5_3_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_5_3_attn_qkv_weight : [#users=1] = get_attr[target=features.5.3.attn.qkv.weight]
    %features_5_3_attn_proj_weight : [#users=1] = get_attr[target=features.5.3.attn.proj.weight]
    %features_5_3_attn_qkv_bias : [#users=1] = get_attr[target=features.5.3.attn.qkv.bias]
    %features_5_3_attn_proj_bias : [#users=1] = get_attr[target=features.5.3.attn.proj.bias]
    %shifted_window_attention_7 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_5_3_norm1, %features_5_3_attn_qkv_weight, %features_5_3_attn_proj_weight, %_get_relative_position_bias_7, [7, 7], 12), kwargs = {shift_size: [3, 3], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_3_attn_qkv_bias, proj_bias: %features_5_3_attn_proj_bias})
    %stochastic_depth_14 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_7, 0.1272727272727273, row, False), kwargs = {})
    %add_14 : [#users=2] = call_function[target=operator.add](args = (%add_13, %stochastic_depth_14), kwargs = {})
    %features_5_3_norm2 : [#users=1] = call_module[target=features.5.3.norm2](args = (%add_14,), kwargs = {})
    %features_5_3_mlp_0 : [#users=1] = call_module[target=features.5.3.mlp.0](args = (%features_5_3_norm2,), kwargs = {})
    %features_5_3_mlp_1 : [#users=1] = call_module[target=features.5.3.mlp.1](args = (%features_5_3_mlp_0,), kwargs = {})
    %features_5_3_mlp_2 : [#users=1] = call_module[target=features.5.3.mlp.2](args = (%features_5_3_mlp_1,), kwargs = {})
    %features_5_3_mlp_3 : [#users=1] = call_module[target=features.5.3.mlp.3](args = (%features_5_3_mlp_2,), kwargs = {})
    %features_5_3_mlp_4 : [#users=1] = call_module[target=features.5.3.mlp.4](args = (%features_5_3_mlp_3,), kwargs = {})
    %stochastic_depth_15 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_3_mlp_4, 0.1272727272727273, row, False), kwargs = {})
    %add_15 : [#users=2] = call_function[target=operator.add](args = (%add_14, %stochastic_depth_15), kwargs = {})
    %features_5_4_norm1 : [#users=1] = call_module[target=features.5.4.norm1](args = (%add_15,), kwargs = {})
    %features_5_4_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.5.4.attn.relative_position_bias_table]
    %features_5_4_attn_relative_position_index : [#users=1] = get_attr[target=features.5.4.attn.relative_position_index]
    %_get_relative_position_bias_8 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_5_4_attn_relative_position_bias_table, %features_5_4_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_5_4_attn_qkv_weight : [#users=1] = get_attr[target=features.5.4.attn.qkv.weight]
    %features_5_4_attn_proj_weight : [#users=1] = get_attr[target=features.5.4.attn.proj.weight]
    %features_5_4_attn_qkv_bias : [#users=1] = get_attr[target=features.5.4.attn.qkv.bias]
    %features_5_4_attn_proj_bias : [#users=1] = get_attr[target=features.5.4.attn.proj.bias]
    %shifted_window_attention_8 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_5_4_norm1, %features_5_4_attn_qkv_weight, %features_5_4_attn_proj_weight, %_get_relative_position_bias_8, [7, 7], 12), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_4_attn_qkv_bias, proj_bias: %features_5_4_attn_proj_bias})
    %stochastic_depth_16 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_8, 0.14545454545454548, row, False), kwargs = {})
    %add_16 : [#users=2] = call_function[target=operator.add](args = (%add_15, %stochastic_depth_16), kwargs = {})
    %features_5_4_norm2 : [#users=1] = call_module[target=features.5.4.norm2](args = (%add_16,), kwargs = {})
    %features_5_4_mlp_0 : [#users=1] = call_module[target=features.5.4.mlp.0](args = (%features_5_4_norm2,), kwargs = {})
    %features_5_4_mlp_1 : [#users=1] = call_module[target=features.5.4.mlp.1](args = (%features_5_4_mlp_0,), kwargs = {})
    %features_5_4_mlp_2 : [#users=1] = call_module[target=features.5.4.mlp.2](args = (%features_5_4_mlp_1,), kwargs = {})
    %features_5_4_mlp_3 : [#users=1] = call_module[target=features.5.4.mlp.3](args = (%features_5_4_mlp_2,), kwargs = {})
    %features_5_4_mlp_4 : [#users=1] = call_module[target=features.5.4.mlp.4](args = (%features_5_4_mlp_3,), kwargs = {})
    %stochastic_depth_17 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_4_mlp_4, 0.14545454545454548, row, False), kwargs = {})
    %add_17 : [#users=2] = call_function[target=operator.add](args = (%add_16, %stochastic_depth_17), kwargs = {})
    %features_5_5_norm1 : [#users=1] = call_module[target=features.5.5.norm1](args = (%add_17,), kwargs = {})
    %features_5_5_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.5.5.attn.relative_position_bias_table]
    %features_5_5_attn_relative_position_index : [#users=1] = get_attr[target=features.5.5.attn.relative_position_index]
    %_get_relative_position_bias_9 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_5_5_attn_relative_position_bias_table, %features_5_5_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_5_5_attn_qkv_weight : [#users=1] = get_attr[target=features.5.5.attn.qkv.weight]
    %features_5_5_attn_proj_weight : [#users=1] = get_attr[target=features.5.5.attn.proj.weight]
    %features_5_5_attn_qkv_bias : [#users=1] = get_attr[target=features.5.5.attn.qkv.bias]
    %features_5_5_attn_proj_bias : [#users=1] = get_attr[target=features.5.5.attn.proj.bias]
    %shifted_window_attention_9 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_5_5_norm1, %features_5_5_attn_qkv_weight, %features_5_5_attn_proj_weight, %_get_relative_position_bias_9, [7, 7], 12), kwargs = {shift_size: [3, 3], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_5_5_attn_qkv_bias, proj_bias: %features_5_5_attn_proj_bias})
    %stochastic_depth_18 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_9, 0.16363636363636364, row, False), kwargs = {})
    %add_18 : [#users=2] = call_function[target=operator.add](args = (%add_17, %stochastic_depth_18), kwargs = {})
    %features_5_5_norm2 : [#users=1] = call_module[target=features.5.5.norm2](args = (%add_18,), kwargs = {})
    %features_5_5_mlp_0 : [#users=1] = call_module[target=features.5.5.mlp.0](args = (%features_5_5_norm2,), kwargs = {})
    %features_5_5_mlp_1 : [#users=1] = call_module[target=features.5.5.mlp.1](args = (%features_5_5_mlp_0,), kwargs = {})
    %features_5_5_mlp_2 : [#users=1] = call_module[target=features.5.5.mlp.2](args = (%features_5_5_mlp_1,), kwargs = {})
    %features_5_5_mlp_3 : [#users=1] = call_module[target=features.5.5.mlp.3](args = (%features_5_5_mlp_2,), kwargs = {})
    %features_5_5_mlp_4 : [#users=1] = call_module[target=features.5.5.mlp.4](args = (%features_5_5_mlp_3,), kwargs = {})
    %stochastic_depth_19 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_5_5_mlp_4, 0.16363636363636364, row, False), kwargs = {})
    %add_19 : [#users=1] = call_function[target=operator.add](args = (%add_18, %stochastic_depth_19), kwargs = {})
    %_patch_merging_pad_2 : [#users=1] = call_function[target=torchvision.models.swin_transformer._patch_merging_pad](args = (%add_19,), kwargs = {})
    %features_6_norm : [#users=1] = call_module[target=features.6.norm](args = (%_patch_merging_pad_2,), kwargs = {})
    %features_6_reduction : [#users=2] = call_module[target=features.6.reduction](args = (%features_6_norm,), kwargs = {})
    %features_7_0_norm1 : [#users=1] = call_module[target=features.7.0.norm1](args = (%features_6_reduction,), kwargs = {})
    %features_7_0_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.7.0.attn.relative_position_bias_table]
    %features_7_0_attn_relative_position_index : [#users=1] = get_attr[target=features.7.0.attn.relative_position_index]
    %_get_relative_position_bias_10 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_7_0_attn_relative_position_bias_table, %features_7_0_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_7_0_attn_qkv_weight : [#users=1] = get_attr[target=features.7.0.attn.qkv.weight]
    %features_7_0_attn_proj_weight : [#users=1] = get_attr[target=features.7.0.attn.proj.weight]
    %features_7_0_attn_qkv_bias : [#users=1] = get_attr[target=features.7.0.attn.qkv.bias]
    %features_7_0_attn_proj_bias : [#users=1] = get_attr[target=features.7.0.attn.proj.bias]
    %shifted_window_attention_10 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_7_0_norm1, %features_7_0_attn_qkv_weight, %features_7_0_attn_proj_weight, %_get_relative_position_bias_10, [7, 7], 24), kwargs = {shift_size: [0, 0], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_7_0_attn_qkv_bias, proj_bias: %features_7_0_attn_proj_bias})
    %stochastic_depth_20 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_10, 0.18181818181818182, row, False), kwargs = {})
    %add_20 : [#users=2] = call_function[target=operator.add](args = (%features_6_reduction, %stochastic_depth_20), kwargs = {})
    %features_7_0_norm2 : [#users=1] = call_module[target=features.7.0.norm2](args = (%add_20,), kwargs = {})
    %features_7_0_mlp_0 : [#users=1] = call_module[target=features.7.0.mlp.0](args = (%features_7_0_norm2,), kwargs = {})
    %features_7_0_mlp_1 : [#users=1] = call_module[target=features.7.0.mlp.1](args = (%features_7_0_mlp_0,), kwargs = {})
    %features_7_0_mlp_2 : [#users=1] = call_module[target=features.7.0.mlp.2](args = (%features_7_0_mlp_1,), kwargs = {})
    %features_7_0_mlp_3 : [#users=1] = call_module[target=features.7.0.mlp.3](args = (%features_7_0_mlp_2,), kwargs = {})
    %features_7_0_mlp_4 : [#users=1] = call_module[target=features.7.0.mlp.4](args = (%features_7_0_mlp_3,), kwargs = {})
    %stochastic_depth_21 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_7_0_mlp_4, 0.18181818181818182, row, False), kwargs = {})
    %add_21 : [#users=2] = call_function[target=operator.add](args = (%add_20, %stochastic_depth_21), kwargs = {})
    %features_7_1_norm1 : [#users=1] = call_module[target=features.7.1.norm1](args = (%add_21,), kwargs = {})
    %features_7_1_attn_relative_position_bias_table : [#users=1] = get_attr[target=features.7.1.attn.relative_position_bias_table]
    %features_7_1_attn_relative_position_index : [#users=1] = get_attr[target=features.7.1.attn.relative_position_index]
    %_get_relative_position_bias_11 : [#users=1] = call_function[target=torchvision.models.swin_transformer._get_relative_position_bias](args = (%features_7_1_attn_relative_position_bias_table, %features_7_1_attn_relative_position_index, [7, 7]), kwargs = {})
    %features_7_1_attn_qkv_weight : [#users=1] = get_attr[target=features.7.1.attn.qkv.weight]
    %features_7_1_attn_proj_weight : [#users=1] = get_attr[target=features.7.1.attn.proj.weight]
    %features_7_1_attn_qkv_bias : [#users=1] = get_attr[target=features.7.1.attn.qkv.bias]
    %features_7_1_attn_proj_bias : [#users=1] = get_attr[target=features.7.1.attn.proj.bias]
    %shifted_window_attention_11 : [#users=1] = call_function[target=torchvision.models.swin_transformer.shifted_window_attention](args = (%features_7_1_norm1, %features_7_1_attn_qkv_weight, %features_7_1_attn_proj_weight, %_get_relative_position_bias_11, [7, 7], 24), kwargs = {shift_size: [3, 3], attention_dropout: 0.0, dropout: 0.0, qkv_bias: %features_7_1_attn_qkv_bias, proj_bias: %features_7_1_attn_proj_bias})
    %stochastic_depth_22 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%shifted_window_attention_11, 0.2, row, False), kwargs = {})
    %add_22 : [#users=2] = call_function[target=operator.add](args = (%add_21, %stochastic_depth_22), kwargs = {})
    %features_7_1_norm2 : [#users=1] = call_module[target=features.7.1.norm2](args = (%add_22,), kwargs = {})
    %features_7_1_mlp_0 : [#users=1] = call_module[target=features.7.1.mlp.0](args = (%features_7_1_norm2,), kwargs = {})
    %features_7_1_mlp_1 : [#users=1] = call_module[target=features.7.1.mlp.1](args = (%features_7_1_mlp_0,), kwargs = {})
    %features_7_1_mlp_2 : [#users=1] = call_module[target=features.7.1.mlp.2](args = (%features_7_1_mlp_1,), kwargs = {})
    %features_7_1_mlp_3 : [#users=1] = call_module[target=features.7.1.mlp.3](args = (%features_7_1_mlp_2,), kwargs = {})
    %features_7_1_mlp_4 : [#users=1] = call_module[target=features.7.1.mlp.4](args = (%features_7_1_mlp_3,), kwargs = {})
    %stochastic_depth_23 : [#users=1] = call_function[target=torchvision.ops.stochastic_depth.stochastic_depth](args = (%features_7_1_mlp_4, 0.2, row, False), kwargs = {})
    %add_23 : [#users=1] = call_function[target=operator.add](args = (%add_22, %stochastic_depth_23), kwargs = {})
    %norm : [#users=1] = call_module[target=norm](args = (%add_23,), kwargs = {})
    %permute_1 : [#users=1] = call_function[target=torch.permute](args = (%norm, [0, 3, 1, 2]), kwargs = {})
    %avgpool : [#users=1] = call_module[target=avgpool](args = (%permute_1,), kwargs = {})
    %flatten : [#users=1] = call_module[target=flatten](args = (%avgpool,), kwargs = {})
    %head : [#users=1] = call_module[target=head](args = (%flatten,), kwargs = {})
    return head
