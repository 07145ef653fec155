graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=0] = call_function[target=torch.relu](args = (%x,), kwargs = {})
