graph():
    %idx : [#users=1] = placeholder[target=idx]
    %w : [#users=1] = placeholder[target=w]
    %embedding : [#users=1] = call_function[target=torch.nn.functional.embedding](args = (%idx, %w), kwargs = {padding_idx: None, max_norm: 1.0, norm_type: 2.0, scale_grad_by_freq: False, sparse: False})
    return embedding
