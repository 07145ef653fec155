graph():
    %x : [#users=2] = placeholder[target=x]
    %relu : [#users=2] = call_method[target=target=relu](args = (%x,), kwargs = {})
    %sigmoid : [#users=1] = call_function[target=torch.sigmoid](args = (%x,), kwargs = {})
    return (relu,d)
