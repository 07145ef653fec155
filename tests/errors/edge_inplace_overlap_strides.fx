graph():
    %x : [#users=2] = placeholder[target=x]
    %view : [#users=1] = call_method[target=view](args = (%x, 4), kwargs = {})
    %add_ : [#users=1] = call_method[target=add_](args = (%x, %view), kwargs = {})
    return add_
