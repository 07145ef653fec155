graph():
    %x : [#users=3] = placeholder[target=x]
    %sum_1 : [#users=1] = call_method[target=sum](args = (%x,), kwargs = {})
    %ne : [#users=1] = call_function[target=operator.ne](args = (%sum_1, 0), kwargs = {})
    %_assert : [#users=0] = call_function[target=torch._assert](args = (%ne, the sum must not be zero), kwargs = {})
    %gt : [#users=1] = call_function[target=operator.gt](args = (%x, -100), kwargs = {})
    %all_1 : [#users=1] = call_method[target=all](args = (%gt,), kwargs = {})
    %_assert_1 : [#users=0] = call_function[target=torch._assert](args = (%all_1, no value below -100), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    return mul
