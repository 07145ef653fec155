graph():
    %x : [#users=2] = placeholder[target=x]
    %y : [#users=1] = placeholder[target=y]
    %tensordot : [#users=1] = call_function[target=torch.functional.tensordot](args = (%x, %y), kwargs = {dims: ([1, 2], [0, 1]), out: None})
    %pad : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%x, (1, 1, 2, 2)), kwargs = {mode: constant, value: 0.0})
    return (tensordot, pad)
