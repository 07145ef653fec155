graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=1] = get_attr[target=w]
    %b : [#users=1] = get_attr[target=b]
    %linear : [#users=1] = call_function[target=torch._C._nn.linear](args = (%x, %w, %b), kwargs = {})
    %big : [#users=1] = get_attr[target=big]
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%big, slice(None, 2, None)), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%linear, %getitem), kwargs = {})
    return add
