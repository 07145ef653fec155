graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %transpose : [#users=1] = call_method[target=transpose](args = (%add, 0, 2), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%transpose, 2), kwargs = {})
    %permute : [#users=1] = call_method[target=permute](args = (%add, 2, 0, 1), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%permute, 1), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, 100), kwargs = {})
    return add
