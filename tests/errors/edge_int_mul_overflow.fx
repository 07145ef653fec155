graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%size, 4611686018427387904), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%x, %mul, -1), kwargs = {})
    return view
