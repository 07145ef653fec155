graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %squeeze : [#users=1] = call_method[target=squeeze](args = (%add, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%squeeze, (slice(None, None, None), 2)), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, 7), kwargs = {})
    return add
