graph():
    %x : [#users=2] = placeholder[target=x]
    %fc1_weight : [#users=0] = get_attr[target=fc1.weight]
    %fc1_bias : [#users=1] = get_attr[target=fc1.bias]
    %fc1_weight_packed : [#users=1] = get_attr[target=fc1.weight_packed]
    %fc1_fused_packed : [#users=1] = call_function[target=fx2c.fused_linear](args = (%x, %fc1_weight_packed, %fc1_bias), kwargs = {activation: gelu, weight_layout: panels, out_features: 48})
    %fc2_weight : [#users=0] = get_attr[target=fc2.weight]
    %fc2_bias : [#users=1] = get_attr[target=fc2.bias]
    %fc2_weight_packed : [#users=1] = get_attr[target=fc2.weight_packed]
    %fc2_fused_packed : [#users=1] = call_function[target=fx2c.fused_linear](args = (%fc1_fused_packed, %fc2_weight_packed, %fc2_bias), kwargs = {residual: %x, weight_layout: panels, out_features: 32})
    %fc3_weight_packed : [#users=1] = get_attr[target=fc3.weight_packed]
    %fc3_bias : [#users=1] = get_attr[target=fc3.bias]
    %fc3_packed : [#users=2] = call_function[target=fx2c.fused_linear](args = (%fc2_fused_packed, %fc3_weight_packed, %fc3_bias), kwargs = {weight_layout: panels, out_features: 40})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%fc3_packed, (slice(None, None, None), 0)), kwargs = {})
    %head : [#users=1] = call_module[target=head](args = (%getitem,), kwargs = {})
    return (head, fc3_packed)
