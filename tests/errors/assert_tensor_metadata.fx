graph():
    %x : [num_users=3] = placeholder[target=x]
    %m : [num_users=0] = call_function[target=torch.ops.aten._assert_tensor_metadata.default](args = (%x,), kwargs = {dtype: torch.float32})
    %m2 : [num_users=0] = call_function[target=torch.ops.aten._assert_tensor_metadata.default](args = (%x, [2, 4]), kwargs = {dtype: torch.float32, device: cpu, layout: torch.strided})
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return (relu,)
