graph():
    %x : [#users=2] = placeholder[target=x]
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%x, 1, 2, 10), kwargs = {})
    %as_strided : [#users=1] = call_function[target=torch.ops.aten.as_strided.default](args = (%slice_1, [2, 4], [10, 1]), kwargs = {})
    %as_strided_1 : [#users=1] = call_function[target=torch.ops.aten.as_strided.default](args = (%x, [3, 4], [8, 2], 1), kwargs = {})
    return (as_strided, as_strided_1)
