graph():
    %x : [#users=2] = placeholder[target=x]
    %att : [#users=1] = call_module[target=att](args = (%x, %x, %x), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%att, 0), kwargs = {})
    %enc : [#users=1] = call_module[target=enc](args = (%x,), kwargs = {})
    return (getitem, enc)
