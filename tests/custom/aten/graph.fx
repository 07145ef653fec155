graph():
    %x_1 : [#users=1] = placeholder[target=x_1]
    %w1_1 : [#users=1] = placeholder[target=w1_1]
    %b1_1 : [#users=1] = placeholder[target=b1_1]
    %w_1 : [#users=1] = placeholder[target=w_1]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%w1_1,), kwargs = {})
    %addmm : [#users=2] = call_function[target=torch.ops.aten.addmm.default](args = (%b1_1, %x_1, %t), kwargs = {})
    %mul : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%addmm, 0.25), kwargs = {})
    %sigmoid : [#users=2] = call_function[target=torch.ops.aten.sigmoid.default](args = (%mul,), kwargs = {})
    %detach : [#users=0] = call_function[target=torch.ops.aten.detach.default](args = (%sigmoid,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%addmm, %sigmoid), kwargs = {})
    %rms : [#users=2] = call_function[target=torch.ops.mylib.rms.default](args = (%mul_1, %w_1), kwargs = {})
    %row_stats : [#users=2] = call_function[target=torch.ops.mylib.row_stats.default](args = (%rms,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%row_stats, 0), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%row_stats, 1), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%rms, 0, 0, 9223372036854775807), kwargs = {})
    %slice_2 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%slice_1, 1, 0, 4), kwargs = {})
    %repeat_rows : [#users=1] = call_function[target=torch.ops.mylib.repeat_rows.default](args = (%slice_2, 3, True), kwargs = {})
    %shift : [#users=1] = call_function[target=torch.ops.mylib.shift.default](args = (%repeat_rows, [1, 2, 3, 4]), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%getitem,), kwargs = {})
    %add : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%relu, %getitem_1), kwargs = {})
    return (add, shift)
