graph():
    %x : [#users=3] = placeholder[target=x]
    %unused_sin : [#users=1] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %unused_cos : [#users=0] = call_function[target=torch.cos](args = (%unused_sin,), kwargs = {})
    %relu_ : [#users=0] = call_function[target=torch.relu_](args = (%x,), kwargs = {})
    %exp : [#users=1] = call_function[target=torch.exp](args = (%x,), kwargs = {})
    %size : [#users=0] = call_method[target=size](args = (%exp,), kwargs = {})
    return exp
