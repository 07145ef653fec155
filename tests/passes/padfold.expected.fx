graph():
    %x : [#users=1] = placeholder[target=x]
    %c1_weight : [#users=1] = get_attr[target=c1.weight]
    %c1_bias : [#users=1] = get_attr[target=c1.bias]
    %c1_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%x, %c1_weight, %c1_bias), kwargs = {padding: (0, 0), stride: (2, 2), dilation: 1, groups: 1, padding_end: (1, 1)})
    %c2_weight : [#users=1] = get_attr[target=c2.weight]
    %c2_bias : [#users=1] = get_attr[target=c2.bias]
    %c2_fused_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%c1_padded, %c2_weight, %c2_bias), kwargs = {padding: (3, 2), stride: (1, 1), dilation: 1, groups: 1, activation: relu, negative_slope: 0.01, min: None, max: None, padding_end: (2, 1)})
    %dw_weight : [#users=1] = get_attr[target=dw.weight]
    %dw_bias : [#users=1] = get_attr[target=dw.bias]
    %dw_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%c2_fused_padded, %dw_weight, %dw_bias), kwargs = {padding: (2, 1), stride: (1, 1), dilation: 1, groups: 8, padding_end: (0, 1)})
    %pool_padded : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%dw_padded,), kwargs = {kernel_size: (3, 3), stride: (2, 2), padding: (1, 1), dilation: 1, ceil_mode: False})
    %avg_pool2d_padded : [#users=1] = call_function[target=torch.nn.functional.avg_pool2d](args = (%pool_padded,), kwargs = {kernel_size: (3, 3), stride: (1, 1), padding: (1, 1), ceil_mode: False, count_include_pad: True})
    %pad_4 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%avg_pool2d_padded, (1, 1, 1, 1)), kwargs = {})
    %c3_weight : [#users=1] = get_attr[target=c3.weight]
    %c3_bias : [#users=1] = get_attr[target=c3.bias]
    %c3_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%pad_4, %c3_weight, %c3_bias), kwargs = {stride: (1, 1), padding: 0, dilation: 1, groups: 1, residual: %pad_4, activation: none})
    %pad_5 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%c3_fused, (1, 1, 1, 1)), kwargs = {mode: reflect})
    %c4 : [#users=1] = call_module[target=c4](args = (%pad_5,), kwargs = {})
    %pad_6 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%c4, (1, 1, 1, 1)), kwargs = {value: 0.5})
    %c4_1 : [#users=1] = call_module[target=c4](args = (%pad_6,), kwargs = {})
    %pad_7 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%c4_1, (0, 1, 0, 1)), kwargs = {value: -inf})
    %max_pool2d : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%pad_7, 2), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %mean : [#users=1] = call_method[target=mean](args = (%max_pool2d, 2), kwargs = {})
    %c1d_weight : [#users=1] = get_attr[target=c1d.weight]
    %c1d_bias : [#users=1] = get_attr[target=c1d.bias]
    %c1d_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%mean, %c1d_weight, %c1d_bias), kwargs = {padding: (2,), stride: (1,), dilation: 1, groups: 1, padding_end: (0,)})
    return c1d_padded
