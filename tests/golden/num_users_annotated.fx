graph():
    %x : torch.Tensor [num_users=2] = placeholder[target=x]
    %n : typing.List[int] [num_users=1] = placeholder[target=n](default=[1, 2])
    %size : [num_users=1] = call_method[target=size](args = (%x, 0), kwargs = {})
    %view : [num_users=1] = call_method[target=view](args = (%x, %size, -1), kwargs = {})
    %zeros : [num_users=1] = call_function[target=torch.zeros](args = (2, 3), kwargs = {dtype: torch.float32, device: cuda:0, layout: torch.strided, memory_format: torch.contiguous_format})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%view, (slice(None, None, None), None, Ellipsis, slice(1, 3, None))), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, %zeros), kwargs = {alpha: 1e-05, beta: -inf, gamma: nan, s: 'two words', t: "it's"})
    %sum_1 : [num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add, [%n]), kwargs = {})
    return sum_1
