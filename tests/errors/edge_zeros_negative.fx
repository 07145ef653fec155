graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %sub : [#users=1] = call_function[target=operator.sub](args = (%size, 7), kwargs = {})
    %new_zeros : [#users=1] = call_method[target=new_zeros](args = (%x, (%sub,)), kwargs = {})
    return new_zeros
