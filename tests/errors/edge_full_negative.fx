graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %sub : [#users=1] = call_function[target=operator.sub](args = (%size, 3), kwargs = {})
    %new_full : [#users=1] = call_method[target=new_full](args = (%x, (2, %sub), 1.0), kwargs = {})
    return new_full
