graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%t, 1), kwargs = {})
    return add
