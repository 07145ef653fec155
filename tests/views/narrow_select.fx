graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %narrow : [#users=1] = call_method[target=narrow](args = (%add, 1, 1, 2), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%narrow, 1), kwargs = {})
    %select : [#users=1] = call_method[target=select](args = (%add, 0, 2), kwargs = {})
    %neg_ : [#users=0] = call_method[target=neg_](args = (%select,), kwargs = {})
    return add
