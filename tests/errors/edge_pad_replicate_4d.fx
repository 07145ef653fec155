graph():
    %x : [#users=1] = placeholder[target=x]
    %pad : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%x, (1, 1)), kwargs = {mode: replicate})
    return pad
