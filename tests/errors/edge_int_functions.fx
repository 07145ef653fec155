graph():
    %x : [#users=4] = placeholder[target=x]
    %frac : [#users=1] = call_function[target=torch.frac](args = (%x,), kwargs = {})
    %hardshrink : [#users=1] = call_function[target=torch.hardshrink](args = (%x, 0.5), kwargs = {})
    %hypot : [#users=1] = call_function[target=torch.hypot](args = (%x, %x), kwargs = {})
    %trunc : [#users=1] = call_function[target=torch.trunc](args = (%x,), kwargs = {})
    return (frac, hardshrink, hypot, trunc)
