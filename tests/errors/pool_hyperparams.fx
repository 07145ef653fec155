graph():
    %x : [#users=7] = placeholder[target=x]
    %stride0 : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x, 2, 0), kwargs = {padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %padding_neg : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x, 2, 1, -1), kwargs = {dilation: 1, ceil_mode: False, return_indices: False})
    %padding_big : [#users=1] = call_function[target=torch._C._nn.avg_pool2d](args = (%x, 2, 1, 2), kwargs = {})
    %dilation0 : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x, 2, 1, 0, 0), kwargs = {ceil_mode: False, return_indices: False})
    %divisor0 : [#users=1] = call_function[target=torch._C._nn.avg_pool2d](args = (%x, 2), kwargs = {divisor_override: 0})
    %kernel3 : [#users=1] = call_function[target=torch.nn.functional.max_pool2d](args = (%x, (2, 2, 2)), kwargs = {stride: None, padding: 0, dilation: 1, ceil_mode: False, return_indices: False})
    %output_neg : [#users=1] = call_function[target=torch.nn.functional.adaptive_avg_pool2d](args = (%x, -1), kwargs = {})
    return (stride0, padding_neg, padding_big, dilation0, divisor0, kernel3, output_neg)
