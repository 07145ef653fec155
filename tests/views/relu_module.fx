graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=3] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(None, 2, None))), kwargs = {})
    %act : [#users=0] = call_module[target=act](args = (%getitem,), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%t, 3), kwargs = {})
    %hard : [#users=0] = call_module[target=hard](args = (%getitem_1,), kwargs = {})
    return add
