graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=4] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%t, slice(1, None, None)), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%add, slice(1, None, None)), kwargs = {})
    %t_1 : [#users=1] = call_method[target=t](args = (%getitem_1,), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%t_1, 0), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem_2, 5), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %unsqueeze : [#users=1] = call_method[target=unsqueeze](args = (%getitem_3, 0), kwargs = {})
    %getitem_4 : [#users=1] = call_function[target=operator.getitem](args = (%unsqueeze, (0, 0)), kwargs = {})
    %add__1 : [#users=0] = call_method[target=add_](args = (%getitem_4, 1), kwargs = {})
    return add
