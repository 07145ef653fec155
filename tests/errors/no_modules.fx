graph():
    %x : [#users=1] = placeholder[target=x]
    %c1 : [#users=1] = call_module[target=c1](args = (%x,), kwargs = {})
    %b1 : [#users=1] = call_module[target=b1](args = (%c1,), kwargs = {})
    %r1 : [#users=1] = call_module[target=r1](args = (%b1,), kwargs = {})
    %c2 : [#users=1] = call_module[target=c2](args = (%r1,), kwargs = {})
    %b2 : [#users=1] = call_module[target=b2](args = (%c2,), kwargs = {})
    %r2 : [#users=1] = call_module[target=r2](args = (%b2,), kwargs = {})
    %p : [#users=1] = call_module[target=p](args = (%r2,), kwargs = {})
    %c3 : [#users=1] = call_module[target=c3](args = (%p,), kwargs = {})
    %r3 : [#users=1] = call_module[target=r3](args = (%c3,), kwargs = {})
    %ap : [#users=1] = call_module[target=ap](args = (%r3,), kwargs = {})
    %fl : [#users=1] = call_module[target=fl](args = (%ap,), kwargs = {})
    %fc : [#users=1] = call_module[target=fc](args = (%fl,), kwargs = {})
    return fc
