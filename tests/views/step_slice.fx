graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, 2), slice(1, None, 2))), kwargs = {})
    %sub_ : [#users=0] = call_method[target=sub_](args = (%getitem, 1), kwargs = {})
    return add
