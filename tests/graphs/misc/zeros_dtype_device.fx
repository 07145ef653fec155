graph():
    %x : [#users=5] = placeholder[target=x]
    %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %zeros : [#users=1] = call_function[target=torch.zeros](args = (%size, 3), kwargs = {dtype: torch.float32, device: cpu})
    %ones_like : [#users=1] = call_function[target=torch.ones_like](args = (%x,), kwargs = {dtype: torch.float16, device: cpu})
    %to : [#users=1] = call_method[target=to](args = (%x, torch.float64), kwargs = {})
    %new_full : [#users=1] = call_method[target=new_full](args = (%x, (2, 2), 1.5), kwargs = {dtype: torch.int64})
    %getattr_1 : [#users=1] = call_function[target=builtins.getattr](args = (%x, dtype), kwargs = {})
    return (zeros, ones_like, to, new_full, getattr_1)
