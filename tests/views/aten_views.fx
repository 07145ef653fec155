graph():
    %t_1 : [#users=1] = placeholder[target=t_1]
    %add : [#users=4] = call_function[target=torch.ops.aten.add.Tensor](args = (%t_1, 0), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%add, 0, 0, 9223372036854775807), kwargs = {})
    %slice_2 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_1, 1, 1, 9223372036854775807), kwargs = {})
    %mul_ : [#users=0] = call_function[target=torch.ops.aten.mul_.Tensor](args = (%slice_2, 2), kwargs = {})
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%add,), kwargs = {})
    %select : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%t, 0, 0), kwargs = {})
    %add_ : [#users=0] = call_function[target=torch.ops.aten.add_.Tensor](args = (%select, 1), kwargs = {})
    %select_1 : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%add, 0, 2), kwargs = {})
    %relu_ : [#users=0] = call_function[target=torch.ops.aten.relu_.default](args = (%select_1,), kwargs = {})
    return add
