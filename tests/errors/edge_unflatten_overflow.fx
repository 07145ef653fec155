graph():
    %x : [#users=1] = placeholder[target=x]
    %unflatten : [#users=1] = call_method[target=unflatten](args = (%x, 1, (4611686018427387904, 4, -1)), kwargs = {})
    return unflatten
