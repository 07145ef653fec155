graph():
    %x : [#users=1] = placeholder[target=x]
    %t : [#users=1] = call_method[target=t](args = (%x,), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%t, 6), kwargs = {})
    return view
