graph():
    %x : [#users=4] = placeholder[target=x]
    %sin : [#users=2] = call_function[target=torch.sin](args = (%x,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%sin, 1), kwargs = {})
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%sin, 2), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add, %add), kwargs = {})
    %clone : [#users=3] = call_function[target=torch.clone](args = (%x,), kwargs = {})
    %exp : [#users=1] = call_function[target=torch.exp](args = (%clone,), kwargs = {})
    %add__1 : [#users=0] = call_method[target=add_](args = (%clone, 1), kwargs = {})
    %exp_1 : [#users=1] = call_function[target=torch.exp](args = (%clone,), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%x,), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%x,), kwargs = {dim: 0})
    return (mul, add_2, exp, exp_1, sum_1, sum_2)
