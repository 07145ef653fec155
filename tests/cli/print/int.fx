graph():
    %x : [#users=2] = placeholder[target=x]
    %mul : [#users=1] = call_function[target=torch.mul](args = (%x, -3), kwargs = {})
    %gt : [#users=1] = call_function[target=torch.gt](args = (%x, 0), kwargs = {})
    return (mul, gt)
