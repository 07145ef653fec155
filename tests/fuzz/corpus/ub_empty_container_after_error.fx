graph():
    %x : [#users=1] = placeholder[target=x]
    %relu : [#users=1] = call_function[target=torch.relu](args = %x, kwargs = {})
    %sig : [#users=1] = call_function[target=torch.sigmoid](args = (%relu,), kwargs = [])
    return sig
