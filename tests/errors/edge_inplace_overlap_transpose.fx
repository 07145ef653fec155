graph():
    %x : [#users=1] = placeholder[target=x]
    %clone : [#users=3] = call_method[target=clone](args = (%x,), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%clone,), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%clone, %t), kwargs = {})
    return clone
