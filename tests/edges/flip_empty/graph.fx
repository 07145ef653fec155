graph():
    %x : [#users=2] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %flip : [#users=1] = call_method[target=flip](args = (%x, 0), kwargs = {})
    %flip_1 : [#users=1] = call_method[target=flip](args = (%x, (0, 1)), kwargs = {})
    %flip_2 : [#users=1] = call_method[target=flip](args = (%y, 2), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%flip_2, 1), kwargs = {})
    return (flip, flip_1, add)
