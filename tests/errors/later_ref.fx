graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %relu), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    return add
