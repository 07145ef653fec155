graph():
    %q : [#users=1] = placeholder[target=q]
    %k : [#users=1] = placeholder[target=k]
    %q4 : [#users=3] = placeholder[target=q4]
    %w : [#users=1] = call_function[target=torch.ones](args = ((48, 16),), kwargs = {})
    %b : [#users=1] = call_function[target=torch.ones](args = ((48,),), kwargs = {})
    %pw : [#users=1] = call_function[target=torch.ones](args = ((16, 16),), kwargs = {})
    %pb : [#users=1] = call_function[target=torch.ones](args = ((16,),), kwargs = {})
    %m : [#users=2] = call_function[target=torch.ones](args = ((5, 7),), kwargs = {dtype: torch.bool})
    %mha : [#users=1] = call_function[target=torch.ops.aten._native_multi_head_attention.default](args = (%q, %k, %k, 16, 4, %w, %b, %pw, %pb, %m, True, True), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%mha, 0), kwargs = {})
    %sdpa : [#users=1] = call_function[target=torch.nn.functional.scaled_dot_product_attention](args = (%q4, %q4, %q4), kwargs = {dropout_p: 0.1})
    %sdpa_1 : [#users=1] = call_function[target=torch.nn.functional.scaled_dot_product_attention](args = (%q4, %q4, %q4), kwargs = {attn_mask: %m, is_causal: True})
    %sdpa_2 : [#users=1] = call_function[target=torch._C._nn._scaled_dot_product_attention](args = (%q4, %q4, %q4, None, 0.0, False, False), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%sdpa_2, 1), kwargs = {})
    return (getitem, sdpa, sdpa_1, getitem_1)
