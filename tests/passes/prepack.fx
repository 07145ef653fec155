graph():
    %x : [#users=2] = placeholder[target=x]
    %fc1 : [#users=1] = call_module[target=fc1](args = (%x,), kwargs = {})
    %gelu : [#users=1] = call_function[target=torch._C._nn.gelu](args = (%fc1,), kwargs = {})
    %fc2 : [#users=1] = call_module[target=fc2](args = (%gelu,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%x, %fc2), kwargs = {})
    %fc3 : [#users=2] = call_module[target=fc3](args = (%add,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%fc3, (slice(None, None, None), 0)), kwargs = {})
    %head : [#users=1] = call_module[target=head](args = (%getitem,), kwargs = {})
    return (head, fc3)
