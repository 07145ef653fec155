graph():
    %x : [#users=1] = placeholder[target=x]
    %interpolate : [#users=1] = call_function[target=torch.nn.functional.interpolate](args = (%x,), kwargs = {size: None, scale_factor: 2, mode: nearest, align_corners: None, recompute_scale_factor: None, antialias: False})
    return interpolate
