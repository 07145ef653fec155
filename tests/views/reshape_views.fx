graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=5] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%add, -1), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%view, slice(1, 3, None)), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, 1), kwargs = {})
    %flatten : [#users=1] = call_method[target=flatten](args = (%add,), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%flatten, 2), kwargs = {})
    %unsqueeze : [#users=1] = call_method[target=unsqueeze](args = (%add, 0), kwargs = {})
    %sub_ : [#users=0] = call_method[target=sub_](args = (%unsqueeze, 0.5), kwargs = {})
    %reshape : [#users=1] = call_method[target=reshape](args = (%add, 4, 3), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%reshape, 0), kwargs = {})
    %mul__1 : [#users=0] = call_method[target=mul_](args = (%getitem_1, 10), kwargs = {})
    return add
