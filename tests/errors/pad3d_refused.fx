graph():
    %x : [#users=3] = placeholder[target=x]
    %w : [#users=1] = placeholder[target=w]
    %pad : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%x, (1, -1, 0, 0, 1, 1)), kwargs = {mode: reflect})
    %pad_1 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%x, (6, 0, 0, 0, 0, 0)), kwargs = {mode: circular})
    %pad_2 : [#users=1] = call_function[target=torch.nn.functional.pad](args = (%x, (1, 1, 4, 1, 1, 1)), kwargs = {mode: reflect})
    %stft : [#users=1] = call_function[target=torch.functional.stft](args = (%w, 4), kwargs = {onesided: False, return_complex: False})
    return (pad, pad_1, pad_2, stft)
