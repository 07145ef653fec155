graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=4] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %reshape : [#users=2] = call_method[target=reshape](args = (%t, -1), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%reshape, 1), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, slice(1, None, None)), kwargs = {})
    %flatten : [#users=2] = call_method[target=flatten](args = (%getitem,), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%flatten, 2), kwargs = {})
    %t_1 : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %contiguous : [#users=2] = call_method[target=contiguous](args = (%t_1,), kwargs = {})
    %sub_ : [#users=0] = call_method[target=sub_](args = (%contiguous, 100), kwargs = {})
    return (add, reshape, flatten, contiguous)
