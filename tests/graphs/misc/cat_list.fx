graph():
    %x : [#users=2] = placeholder[target=x]
    %y : [#users=2] = placeholder[target=y]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, %y), kwargs = {})
    %cat : [#users=1] = call_function[target=torch.cat](args = ([%x, %y, %mul],), kwargs = {dim: 1})
    return cat
