graph():
    %x : [#users=1] = placeholder[target=x]
    %c1_weight : [#users=1] = get_attr[target=c1.weight]
    %c1_bias : [#users=1] = get_attr[target=c1.bias]
    %c1_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%x, %c1_weight, %c1_bias), kwargs = {stride: (1, 1), padding: (1, 1), dilation: 1, groups: 1, activation: relu})
    %c2_weight : [#users=1] = get_attr[target=c2.weight]
    %c2_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%c1_fused, %c2_weight, None), kwargs = {stride: (1, 1), padding: (1, 1), dilation: 1, groups: 1, residual: %c1_fused, activation: relu})
    %c3_weight : [#users=1] = get_attr[target=c3.weight]
    %c3_bias : [#users=1] = get_attr[target=c3.bias]
    %c3_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%c2_fused, %c3_weight, %c3_bias), kwargs = {stride: (1, 1), padding: 0, dilation: 1, groups: 1, activation: clamp, min: -0.5, max: 0.5})
    %c4_weight : [#users=1] = get_attr[target=c4.weight]
    %c4_bias : [#users=1] = get_attr[target=c4.bias]
    %c4_fused : [#users=2] = call_function[target=fx2c.fused_conv](args = (%c3_fused, %c4_weight, %c4_bias), kwargs = {stride: (1, 1), padding: 0, dilation: 1, groups: 1, activation: leaky_relu, negative_slope: 0.2})
    %c5 : [#users=2] = call_module[target=c5](args = (%c4_fused,), kwargs = {})
    %sigmoid : [#users=1] = call_function[target=torch.sigmoid](args = (%c5,), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%sigmoid, %c5), kwargs = {})
    %clone : [#users=2] = call_method[target=clone](args = (%c4_fused,), kwargs = {})
    %c6 : [#users=1] = call_module[target=c6](args = (%mul,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%clone, %c6), kwargs = {})
    %ct : [#users=1] = call_module[target=ct](args = (%clone,), kwargs = {})
    %relu_2 : [#users=1] = call_function[target=torch.relu](args = (%ct,), kwargs = {})
    %mean : [#users=2] = call_method[target=mean](args = (%relu_2, (2, 3)), kwargs = {})
    %fc1_weight : [#users=1] = get_attr[target=fc1.weight]
    %fc1_bias : [#users=1] = get_attr[target=fc1.bias]
    %fc1_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%mean, %fc1_weight, %fc1_bias), kwargs = {activation: gelu})
    %fc2_weight : [#users=1] = get_attr[target=fc2.weight]
    %fc2_bias : [#users=1] = get_attr[target=fc2.bias]
    %fc2_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%fc1_fused, %fc2_weight, %fc2_bias), kwargs = {residual: %mean, activation: none})
    return fc2_fused
