graph():
    %x : [#users=3] = placeholder[target=x]
    %w : [#users=1] = call_function[target=torch.ones](args = ((4, 3, 3, 3),), kwargs = {})
    %w1 : [#users=1] = call_function[target=torch.ones](args = ((2, 3, 3),), kwargs = {})
    %conv2d_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%x, %w, None), kwargs = {padding: (0, 0), stride: 2, dilation: 1, groups: 1, padding_end: (1, 1)})
    %max_pool2d_padded : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x,), kwargs = {kernel_size: (3, 3), stride: (2, 2), padding: (1, 1), dilation: 1, ceil_mode: False})
    %avg_pool2d_padded : [#users=1] = call_function[target=torch.nn.functional.avg_pool2d](args = (%x,), kwargs = {kernel_size: (3, 3), stride: (1, 1), padding: (1, 1), ceil_mode: False, count_include_pad: True})
    %flatten : [#users=2] = call_function[target=torch.flatten](args = (%avg_pool2d_padded, 1), kwargs = {})
    %conv1d_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%flatten, %w1, None), kwargs = {padding: (2,), stride: 1, dilation: 1, groups: 1, padding_end: (0,)})
    %pad_4 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%flatten, (1, 1)), kwargs = {value: -inf})
    %max_pool1d : [#users=1] = call_function[target=torch.nn.functional.max_pool1d](args = (%pad_4, 3), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    return (conv2d_padded, max_pool2d_padded, conv1d_padded, max_pool1d)
