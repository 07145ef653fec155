graph():
    %x : [#users=6] = placeholder[target=x]
    %fft : [#users=1] = call_function[target=torch.fft.fft](args = (%x,), kwargs = {})
    %abs_1 : [#users=1] = call_function[target=torch.abs](args = (%fft,), kwargs = {})
    %frob : [#users=1] = call_method[target=frobnicate](args = (%x, 3), kwargs = {})
    %attn : [#users=1] = call_module[target=attn](args = (%x,), kwargs = {})
    %act : [#users=1] = call_module[target=act](args = (%attn,), kwargs = {})
    %svd : [#users=1] = call_function[target=torch.linalg.svd](args = (%x,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%svd, 0), kwargs = {})
    %dropout : [#users=1] = call_function[target=torch.nn.functional.dropout](args = (%x,), kwargs = {p: 0.5, training: True})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%abs_1, %frob), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add, %act), kwargs = {})
    %matmul : [#users=1] = call_function[target=torch.matmul](args = (%getitem, %dropout), kwargs = {})
    %cat : [#users=1] = call_function[target=torch.cat](args = ([%mul, %matmul, %relu],), kwargs = {dim: 0})
    return cat
