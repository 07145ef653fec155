graph():
    %x : [#users=2] = placeholder[target=x]
    %c2_weight : [#users=2] = get_attr[target=c2.weight]
    %mul_ : [#users=0] = call_method[target=mul_](args = (%c2_weight, 2.0), kwargs = {})
    %conv2d : [#users=1] = call_function[target=torch.conv2d](args = (%x, %c2_weight), kwargs = {padding: 1})
    %c3_weight : [#users=1] = get_attr[target=c3.weight]
    %conv2d_1 : [#users=1] = call_function[target=torch.conv2d](args = (%x, %c3_weight), kwargs = {padding: 1})
    return (conv2d, conv2d_1)
