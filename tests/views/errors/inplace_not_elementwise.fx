graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=7] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %gt : [#users=1] = call_function[target=operator.gt](args = (%add, 0), kwargs = {})
    %masked_fill_ : [#users=0] = call_method[target=masked_fill_](args = (%add, %gt, 0), kwargs = {})
    %t_ : [#users=0] = call_method[target=t_](args = (%add,), kwargs = {})
    %unsqueeze_ : [#users=0] = call_method[target=unsqueeze_](args = (%add, 0), kwargs = {})
    %cumsum_ : [#users=0] = call_method[target=cumsum_](args = (%add, 0), kwargs = {})
    %addmm_ : [#users=0] = call_function[target=torch.ops.aten.addmm_.default](args = (%add, %add, %add), kwargs = {})
    return add
