graph():
    %x : [#users=1] = placeholder[target=x]
    %broken : [#users=1] = call_function[target=torch.ops.mylib.broken.default](args = (%x,), kwargs = {})
    return broken
