graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %expand : [#users=1] = call_method[target=expand](args = (%add, 3, 4), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%expand, 1), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, 1), kwargs = {})
    return add
