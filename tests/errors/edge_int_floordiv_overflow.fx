graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %neg : [#users=1] = call_function[target=operator.neg](args = (%size,), kwargs = {})
    %sub : [#users=1] = call_function[target=operator.sub](args = (%neg, 9223372036854775807), kwargs = {})
    %floordiv : [#users=1] = call_function[target=operator.floordiv](args = (%sub, -1), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%x, %floordiv), kwargs = {})
    return view
