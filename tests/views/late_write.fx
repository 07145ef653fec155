graph():
    %x : [#users=2] = placeholder[target=x]
    %mul : [#users=2] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%mul, (slice(2, 6, None), slice(2, 6, None))), kwargs = {})
    %tanh : [#users=1] = call_function[target=torch.tanh](args = (%x,), kwargs = {})
    %add : [#users=2] = call_function[target=operator.add](args = (%tanh, 1), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%add, %add), kwargs = {})
    %exp : [#users=1] = call_method[target=exp](args = (%mul_1,), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%exp, 1), kwargs = {keepdim: True})
    %add_1 : [#users=2] = call_function[target=operator.add](args = (%sum_1, %add), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%add_1, (slice(None, 4, None), slice(None, 4, None))), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, %getitem_1), kwargs = {})
    return (mul, add_1)
