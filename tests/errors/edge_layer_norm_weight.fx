graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=1] = placeholder[target=w]
    %layer_norm : [#users=1] = call_function[target=torch.nn.functional.layer_norm](args = (%x, (5,)), kwargs = {weight: %w, bias: None, eps: 1e-05})
    return layer_norm
