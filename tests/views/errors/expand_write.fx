graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %expand : [#users=1] = call_method[target=expand](args = (%add, 3, 4), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%expand, 1), kwargs = {})
    %expand_1 : [#users=1] = call_method[target=expand](args = (%add, 2, 3, 4), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%expand_1, (slice(None, None, None), 0)), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    return add
