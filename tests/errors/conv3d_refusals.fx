graph():
    %x : [#users=6] = placeholder[target=x]
    %w : [#users=2] = call_function[target=torch.ones](args = ((4, 3, 3, 3, 3),), kwargs = {})
    %w4 : [#users=1] = call_function[target=torch.ones](args = ((4, 3, 1, 1, 1, 1),), kwargs = {})
    %small : [#users=1] = call_function[target=torch.ones](args = ((3, 5, 6),), kwargs = {})
    %rank : [#users=1] = call_function[target=torch.conv3d](args = (%small, %w), kwargs = {})
    %conv4d : [#users=1] = call_function[target=torch.ops.aten.convolution.default](args = (%x, %w4, None, [1, 1, 1, 1], [0, 0, 0, 0], [1, 1, 1, 1], False, [0, 0, 0, 0], 1), kwargs = {})
    %same_strided : [#users=1] = call_function[target=torch.nn.functional.conv3d](args = (%x, %w), kwargs = {stride: (1, 2, 1), padding: 'same'})
    %pool_pad : [#users=1] = call_function[target=torch.nn.functional.max_pool3d](args = (%x, 2), kwargs = {padding: (0, 2, 0)})
    %avg_div0 : [#users=1] = call_function[target=torch.nn.functional.avg_pool3d](args = (%x, 2), kwargs = {divisor_override: 0})
    %pool_small : [#users=1] = call_function[target=torch.nn.functional.avg_pool3d](args = (%x, (9, 1, 1)), kwargs = {})
    %pool_kernel : [#users=1] = call_function[target=torch.nn.functional.max_pool3d](args = (%x, (2, 2)), kwargs = {})
    return (rank, conv4d, same_strided, pool_pad, avg_div0, pool_small, pool_kernel)
