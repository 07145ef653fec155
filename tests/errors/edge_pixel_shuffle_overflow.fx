graph():
    %x : [#users=1] = placeholder[target=x]
    %pixel_shuffle : [#users=1] = call_function[target=torch.pixel_shuffle](args = (%x, 4294967296), kwargs = {})
    return pixel_shuffle
