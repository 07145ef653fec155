graph():
    %x : [#users=2] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %view : [#users=1] = call_method[target=view](args = (%x, %size, -1), kwargs = {})
    %fc : [#users=1] = call_module[target=fc](args = (%view,), kwargs = {})
    return fc
