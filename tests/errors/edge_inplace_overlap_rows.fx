graph():
    %x : [#users=1] = placeholder[target=x]
    %clone : [#users=3] = call_method[target=clone](args = (%x,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%clone, slice(1, None, None)), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%clone, slice(None, -1, None)), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem, %getitem_1), kwargs = {})
    return clone
