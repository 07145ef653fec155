graph():
    %x : [#users=1] = placeholder[target=x]
    %c1_weight : [#users=1] = get_attr[target=c1.weight]
    %c1_bias : [#users=1] = get_attr[target=c1.bias]
    %c1_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%x, %c1_weight, %c1_bias), kwargs = {stride: (1, 1), padding: (1, 1), dilation: 1, groups: 1, activation: relu})
    %c2_weight_winograd : [#users=1] = get_attr[target=c2.weight_winograd]
    %c2_fused_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c1_fused, %c2_weight_winograd, None), kwargs = {padding: (1, 1), out_channels: 16, residual: %c1_fused, activation: relu})
    %c3_weight_winograd : [#users=1] = get_attr[target=c3.weight_winograd]
    %c3_bias : [#users=1] = get_attr[target=c3.bias]
    %c3_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c2_fused_winograd, %c3_weight_winograd, %c3_bias), kwargs = {padding: (0, 0), out_channels: 20})
    %c4_weight_winograd : [#users=1] = get_attr[target=c4.weight_winograd]
    %c4_bias : [#users=1] = get_attr[target=c4.bias]
    %c4_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c3_winograd, %c4_weight_winograd, %c4_bias), kwargs = {padding: (2, 2), out_channels: 16})
    %c5_bias : [#users=1] = get_attr[target=c5.bias]
    %c5_weight_winograd : [#users=1] = get_attr[target=c5.weight_winograd]
    %c5_padded_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c4_winograd, %c5_weight_winograd, %c5_bias), kwargs = {padding: (1, 1), out_channels: 16, padding_end: (2, 2)})
    %w_winograd : [#users=2] = get_attr[target=w_winograd]
    %conv2d_fused_winograd : [#users=1] = call_function[target=fx2c.winograd_conv](args = (%c5_padded_winograd, %w_winograd, None), kwargs = {padding: (1, 1), out_channels: 16, activation: sigmoid})
    %conv2d_1_winograd : [#users=6] = call_function[target=fx2c.winograd_conv](args = (%conv2d_fused_winograd, %w_winograd, None), kwargs = {padding: (1, 1), out_channels: 16})
    %g2 : [#users=1] = call_module[target=g2](args = (%conv2d_1_winograd,), kwargs = {})
    %d2_weight : [#users=1] = get_attr[target=d2.weight]
    %d2_bias : [#users=1] = get_attr[target=d2.bias]
    %d2_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%conv2d_1_winograd, %d2_weight, %d2_bias), kwargs = {stride: (1, 1), padding: (2, 2), dilation: (2, 2), groups: 1, residual: %g2, activation: none})
    %p1_weight : [#users=1] = get_attr[target=p1.weight]
    %p1_bias : [#users=1] = get_attr[target=p1.bias]
    %p1_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%conv2d_1_winograd, %p1_weight, %p1_bias), kwargs = {stride: (1, 1), padding: 0, dilation: 1, groups: 1, residual: %d2_fused, activation: none})
    %k5_weight : [#users=1] = get_attr[target=k5.weight]
    %k5_bias : [#users=1] = get_attr[target=k5.bias]
    %k5_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%conv2d_1_winograd, %k5_weight, %k5_bias), kwargs = {stride: (1, 1), padding: (2, 2), dilation: 1, groups: 1, residual: %p1_fused, activation: none})
    %s2 : [#users=1] = call_module[target=s2](args = (%conv2d_1_winograd,), kwargs = {})
    %wide : [#users=1] = call_module[target=wide](args = (%conv2d_1_winograd,), kwargs = {})
    %mean : [#users=1] = call_method[target=mean](args = (%wide, (2, 3)), kwargs = {})
    return (k5_fused, s2, mean)
