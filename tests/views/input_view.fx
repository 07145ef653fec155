graph():
    %x : [#users=2] = placeholder[target=x]
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%x, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    return x
