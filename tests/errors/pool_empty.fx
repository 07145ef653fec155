graph():
    %x : [#users=3] = placeholder[target=x]
    %adaptive_avg_pool2d : [#users=1] = call_function[target=torch.nn.functional.adaptive_avg_pool2d](args = (%x, 2), kwargs = {})
    %max_pool2d : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x, 2), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %avg_pool1d : [#users=1] = call_function[target=torch.avg_pool1d](args = (%x, 2), kwargs = {})
    return (adaptive_avg_pool2d, max_pool2d, avg_pool1d)
