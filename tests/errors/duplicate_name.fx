graph():
    %x : [#users=2] = placeholder[target=x]
    %relu : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.sigmoid](args = (%x,), kwargs = {})
    return relu
