graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %pow_1 : [#users=1] = call_function[target=operator.pow](args = (%size, 9223372036854775807), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%x, %pow_1), kwargs = {})
    return view
