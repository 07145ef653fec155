graph():
    %x : [#users=4] = placeholder[target=x]
    %mask : [#users=1] = placeholder[target=mask]
    %layer_norm : [#users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x, (4,)), kwargs = {weight: None, bias: None, eps: 1e-05})
    %masked_fill : [#users=1] = call_method[target=masked_fill](args = (%layer_norm, %mask, -inf), kwargs = {})
    %softmax : [#users=1] = call_method[target=softmax](args = (%masked_fill,), kwargs = {dim: -1})
    %clamp : [#users=1] = call_method[target=clamp](args = (%x,), kwargs = {min: -inf, max: inf})
    %nan_to_num : [#users=1] = call_function[target=torch.nan_to_num](args = (%x,), kwargs = {nan: 0.0, posinf: 1e+30, neginf: -1e+30})
    %full_like : [#users=1] = call_function[target=torch.full_like](args = (%x, nan), kwargs = {})
    return (softmax, clamp, nan_to_num, full_like)
