graph():
    %x : [#users=2] = placeholder[target=x]
    %stft : [#users=2] = call_function[target=torch.functional.stft](args = (%x, 64), kwargs = {hop_length: 16, win_length: None, window: None, center: True, pad_mode: reflect, normalized: False, onesided: None, return_complex: True})
    %abs_1 : [#users=1] = call_method[target=abs](args = (%stft,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%stft, 1.0), kwargs = {})
    %_fft_r2c : [#users=1] = call_function[target=torch.ops.aten._fft_r2c.default](args = (%x, [1], 0, True), kwargs = {})
    %neg : [#users=1] = call_function[target=torch.ops.aten.neg.default](args = (%_fft_r2c,), kwargs = {})
    return (abs_1, add, neg)
