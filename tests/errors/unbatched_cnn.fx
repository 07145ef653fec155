graph():
    %x : [#users=1] = placeholder[target=x]
    %w1 : [#users=1] = call_function[target=torch.ones](args = ((6, 3, 5, 5),), kwargs = {})
    %w2 : [#users=1] = call_function[target=torch.ones](args = ((16, 6, 5, 5),), kwargs = {})
    %w3 : [#users=1] = call_function[target=torch.ones](args = ((10, 120),), kwargs = {})
    %conv2d : [#users=1] = call_function[target=torch.conv2d](args = (%x, %w1), kwargs = {})
    %max_pool2d : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%conv2d, 2, 2), kwargs = {padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %conv2d_1 : [#users=1] = call_function[target=torch.conv2d](args = (%max_pool2d, %w2), kwargs = {})
    %max_pool2d_1 : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%conv2d_1, 2, 2), kwargs = {padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %flatten : [#users=1] = call_function[target=torch.flatten](args = (%max_pool2d_1, 1), kwargs = {})
    %linear : [#users=1] = call_function[target=torch._C._nn.linear](args = (%flatten, %w3), kwargs = {})
    return linear
