graph():
    %x : [#users=1] = placeholder[target=x]
    %c1_weight : [#users=1] = get_attr[target=c1.weight]
    %c1_bias : [#users=1] = get_attr[target=c1.bias]
    %c1_fused : [#users=11] = call_function[target=fx2c.fused_conv](args = (%x, %c1_weight, %c1_bias), kwargs = {stride: (1, 1), padding: (1, 1), dilation: 1, groups: 1, activation: relu})
    %p1 : [#users=1] = call_module[target=p1](args = (%c1_fused,), kwargs = {})
    %c2_weight_winograd4 : [#users=1] = get_attr[target=c2.weight_winograd4]
    %c2_fused_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c1_fused, %c2_weight_winograd4, None), kwargs = {padding: (1, 1), out_channels: 16, tile: 4, residual: %p1, activation: relu})
    %c3_weight_winograd4 : [#users=1] = get_attr[target=c3.weight_winograd4]
    %c3_bias : [#users=1] = get_attr[target=c3.bias]
    %c3_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c1_fused, %c3_weight_winograd4, %c3_bias), kwargs = {padding: (0, 0), out_channels: 20, tile: 4})
    %c5_bias : [#users=1] = get_attr[target=c5.bias]
    %c5_weight_winograd4 : [#users=1] = get_attr[target=c5.weight_winograd4]
    %c5_padded_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c1_fused, %c5_weight_winograd4, %c5_bias), kwargs = {padding: (1, 1), out_channels: 16, tile: 4, padding_end: (2, 2)})
    %w_winograd4 : [#users=2] = get_attr[target=w_winograd4]
    %conv2d_fused_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c1_fused, %w_winograd4, None), kwargs = {padding: (1, 1), out_channels: 16, tile: 4, activation: sigmoid})
    %neg : [#users=1] = call_function[target=operator.neg](args = (%c1_fused,), kwargs = {})
    %avg_pool2d : [#users=1] = call_function[target=torch._C._nn.avg_pool2d](args = (%c1_fused, 2), kwargs = {})
    %small_weight_winograd2 : [#users=1] = get_attr[target=small.weight_winograd2]
    %small_bias : [#users=1] = get_attr[target=small.bias]
    %small_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%avg_pool2d, %small_weight_winograd2, %small_bias), kwargs = {padding: (1, 1), out_channels: 113, tile: 2})
    %c4_weight : [#users=1] = get_attr[target=c4.weight]
    %c4_bias : [#users=1] = get_attr[target=c4.bias]
    %c4_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%c3_winograd, %c4_weight, %c4_bias), kwargs = {stride: (1, 1), padding: (2, 2), dilation: 1, groups: 1, residual: %c2_fused_winograd, activation: none})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%c4_fused, %conv2d_fused_winograd), kwargs = {})
    %conv2d_1_fused_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%neg, %w_winograd4, None), kwargs = {padding: (1, 1), out_channels: 16, tile: 4, residual: %add_2})
    %s2 : [#users=1] = call_module[target=s2](args = (%c1_fused,), kwargs = {})
    %g2 : [#users=1] = call_module[target=g2](args = (%c1_fused,), kwargs = {})
    %d2_weight : [#users=1] = get_attr[target=d2.weight]
    %d2_bias : [#users=1] = get_attr[target=d2.bias]
    %d2_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%c1_fused, %d2_weight, %d2_bias), kwargs = {stride: (1, 1), padding: (2, 2), dilation: (2, 2), groups: 1, residual: %g2, activation: none})
    %k5 : [#users=1] = call_module[target=k5](args = (%c1_fused,), kwargs = {})
    %add_5 : [#users=1] = call_function[target=operator.add](args = (%d2_fused, %k5), kwargs = {})
    return (conv2d_1_fused_winograd, c5_padded_winograd, s2, add_5, small_winograd)
