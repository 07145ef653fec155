graph():
    %x : [#users=2] = placeholder[target=x]
    %relu_ : [#users=0] = call_function[target=torch.relu_](args = (%x,), kwargs = {})
    %exp : [#users=1] = call_function[target=torch.exp](args = (%x,), kwargs = {})
    return exp
