graph():
    %x : [#users=1] = placeholder[target=x]
    %view : [#users=1] = call_method[target=view](args = (%x, 4611686018427387904, 4), kwargs = {})
    return view
