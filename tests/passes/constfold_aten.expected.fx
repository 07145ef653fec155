graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %_param_constant0 : [#users=1] = get_attr[target=_param_constant0]
    %mm : [#users=1] = call_function[target=torch.ops.aten.mm.default](args = (%arg0_1, %_param_constant0), kwargs = {})
    %_param_constant1 : [#users=0] = get_attr[target=_param_constant1]
    %sqrt_folded : [#users=1] = get_attr[target=sqrt_folded]
    %mul_1 : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mm, %sqrt_folded), kwargs = {})
    %_param_constant2 : [#users=0] = get_attr[target=_param_constant2]
    %_param_constant3 : [#users=0] = get_attr[target=_param_constant3]
    %mm_1_folded : [#users=1] = get_attr[target=mm_1_folded]
    %mm_2 : [#users=1] = call_function[target=torch.ops.aten.mm.default](args = (%mul_1, %mm_1_folded), kwargs = {})
    %mul_2_folded : [#users=1] = get_attr[target=mul_2_folded]
    %add_1 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mm_2, %mul_2_folded), kwargs = {})
    %zeros : [#users=1] = call_function[target=torch.ops.aten.zeros.default](args = ([300, 300],), kwargs = {device: cpu, pin_memory: False})
    %_param_constant1_1 : [#users=1] = get_attr[target=_param_constant1]
    %expand : [#users=1] = call_function[target=torch.ops.aten.expand.default](args = (%_param_constant1_1, [4096, 8]), kwargs = {})
    %select : [#users=1] = call_function[target=torch.ops.aten.select.int](args = (%zeros, 0, 0), kwargs = {})
    %slice_1 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%select, 0, 0, 8), kwargs = {})
    %add_2 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_1, %slice_1), kwargs = {})
    %slice_2 : [#users=1] = call_function[target=torch.ops.aten.slice.Tensor](args = (%expand, 0, 0, 1), kwargs = {})
    %add_3 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_2, %slice_2), kwargs = {})
    %_param_constant0_1 : [#users=0] = get_attr[target=_param_constant0]
    %select_1_folded : [#users=1] = get_attr[target=select_1_folded]
    %add_4 : [#users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_3, %select_1_folded), kwargs = {})
    return add_4
