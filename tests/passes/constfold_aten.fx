graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %mm : [#users=1] = call_function[target=torch.ops.aten.mm.default](args = (%arg0_1, %_param_constant0), kwargs = {})
    %_param_constant1 : [#users=1] = get_attr[target=_param_constant1]
    %mul : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%_param_constant1, 2.0), kwargs = {})
    %add : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul, 1.0), kwargs = {})
    %sqrt : [#users=1] = call_function[target=torch.ops.aten.sqrt.default](args = (%add,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mm, %sqrt), kwargs = {})
    %_param_constant2 : [#users=1] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=1] = get_attr[target=_param_constant3]
    %mm_1 : [#users=1] = call_function[target=torch.ops.aten.mm.default](args = (%_param_constant2, %_param_constant3), kwargs = {})
    %mm_2 : [#users=1] = call_function[target=torch.ops.aten.mm.default](args = (%mul_1, %mm_1), kwargs = {})
    %arange : [#users=1] = call_function[target=torch.ops.aten.arange.default](args = (8,), kwargs = {dtype: torch.float32, device: cpu, pin_memory: False})
    %mul_2 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%arange, 0.1), kwargs = {})
    %add_1 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mm_2, %mul_2), kwargs = {})
    %zeros : [#users=1] = call_function[target=torch.ops.aten.zeros.default](args = ([300, 300],), kwargs = {device: cpu, pin_memory: False})
    %_param_constant1_1 : [#users=1] = get_attr[target=_param_constant1]
    %expand : [#users=1] = call_function[target=torch.ops.aten.expand.default](args = (%_param_constant1_1, [4096, 8]), kwargs = {})
    %select : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%zeros, 0, 0), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%select, 0, 0, 8), kwargs = {})
    %add_2 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_1, %slice_1), kwargs = {})
    %slice_2 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%expand, 0, 0, 1), kwargs = {})
    %add_3 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_2, %slice_2), kwargs = {})
    %_param_constant0_1 : [#users=1] = get_attr[target=_param_constant0]
    %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant0_1,), kwargs = {})
    %slice_3 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%t, 0, 0, 9223372036854775807), kwargs = {})
    %select_1 : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%slice_3, 1, 0), kwargs = {})
    %add_4 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_3, %select_1), kwargs = {})
    return add_4
