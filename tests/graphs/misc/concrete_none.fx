graph():
    %x : [#users=1] = placeholder[target=x]
    %y_1 : [#users=1] = placeholder[target=y_1](default=None)
    %_assert_is_none : [#users=0] = call_function[target=torch.fx._symbolic_trace._assert_is_none](args = (%y_1, y has been specialized to have value None but got another value), kwargs = {})
    %relu : [#users=1] = call_method[target=relu](args = (%x,), kwargs = {})
    return relu
