graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.iadd](args = (%getitem, 1), kwargs = {})
    %mul : [#users=0] = call_function[target=operator.imul](args = (%add_1, 2), kwargs = {})
    return add
