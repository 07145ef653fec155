graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    return add
