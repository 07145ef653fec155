graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %eq : [#users=1] = call_function[target=operator.eq](args = (%size, 3), kwargs = {})
    %_assert : [#users=0] = call_function[target=torch._assert](args = (%eq, the batch must be 3), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%x, 1), kwargs = {})
    return add
