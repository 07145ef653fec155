graph():
    %x2 : [#users=4] = placeholder[target=x2]
    %x3 : [#users=6] = placeholder[target=x3]
    %x4 : [#users=2] = placeholder[target=x4]
    %w3 : [#users=2] = call_function[target=torch.ones](args = ((5, 8, 3),), kwargs = {})
    %w4 : [#users=3] = call_function[target=torch.ones](args = ((5, 8, 3, 3),), kwargs = {})
    %max_pool2d : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x2, 2), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %max_pool1d : [#users=1] = call_function[target=torch.nn.functional.max_pool1d](args = (%x4, 2), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %max_pool1d_1 : [#users=1] = call_function[target=torch.nn.functional.max_pool1d](args = (%x3, (2, 2)), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %avg_pool2d : [#users=1] = call_function[target=torch._C._nn.avg_pool2d](args = (%x2, 2), kwargs = {})
    %adaptive_avg_pool2d : [#users=1] = call_function[target=torch.nn.functional.adaptive_avg_pool2d](args = (%x2, 5), kwargs = {})
    %adaptive_avg_pool1d : [#users=1] = call_function[target=torch.adaptive_avg_pool1d](args = (%x3, (5, 5)), kwargs = {})
    %adaptive_max_pool2d : [#users=1] = call_function[target=torch.ops.aten.adaptive_max_pool2d.default](args = (%x3, [5]), kwargs = {})
    %conv2d : [#users=1] = call_function[target=torch.conv2d](args = (%x3, %w3), kwargs = {})
    %conv1d : [#users=1] = call_function[target=torch.conv1d](args = (%x3, %w4), kwargs = {})
    %conv2d_1 : [#users=1] = call_function[target=torch.conv2d](args = (%x2, %w4), kwargs = {})
    %convolution : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%x3, %w4, None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1), kwargs = {})
    %convolution_1 : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%x4, %w3, None, [1], [0], [1], False, [0], 1), kwargs = {})
    return (max_pool2d, max_pool1d, max_pool1d_1, avg_pool2d, adaptive_avg_pool2d, adaptive_avg_pool1d, adaptive_max_pool2d, conv2d, conv1d, conv2d_1, convolution, convolution_1)
