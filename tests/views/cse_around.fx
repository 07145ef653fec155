graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=5] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %sum_1 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    %sum_2 : [#users=1] = call_method[target=sum](args = (%add,), kwargs = {})
    %clone : [#users=2] = call_method[target=clone](args = (%add,), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%clone, 0), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem_1, 1), kwargs = {})
    return (sum_1, sum_2, clone, add)
