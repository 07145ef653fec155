graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=1] = get_attr[target=w]
    %b : [#users=1] = get_attr[target=b]
    %linear : [#users=1] = call_function[target=torch._C._nn.linear](args = (%x, %w, %b), kwargs = {})
    return linear
