graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=1] = placeholder[target=w]
    %group_norm : [#users=1] = call_function[target=torch.nn.functional.group_norm](args = (%x, 2), kwargs = {weight: %w, bias: None, eps: 1e-05})
    return group_norm
