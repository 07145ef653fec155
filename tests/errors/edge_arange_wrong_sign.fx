graph():
    %x : [#users=1] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %arange : [#users=1] = call_function[target=torch.arange](args = (0, %size, -1), kwargs = {})
    return arange
