graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=1] = get_attr[target=w]
    %matmul : [#users=1] = call_function[target=operator.matmul](args = (%x, %w), kwargs = {})
    %scale : [#users=1] = get_attr[target=scale]
    %sqrt_folded : [#users=1] = get_attr[target=sqrt_folded]
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%matmul, %sqrt_folded), kwargs = {})
    %a : [#users=0] = get_attr[target=a]
    %b : [#users=0] = get_attr[target=b]
    %matmul_1_folded : [#users=1] = get_attr[target=matmul_1_folded]
    %matmul_2 : [#users=1] = call_function[target=operator.matmul](args = (%mul_1, %matmul_1_folded), kwargs = {})
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%matmul_2, %_tensor_constant0), kwargs = {})
    %expand : [#users=1] = call_method[target=expand](args = (%scale, 4096, 8), kwargs = {})
    %_tensor_constant1 : [#users=1] = get_attr[target=_tensor_constant1]
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%add_1, %_tensor_constant1), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%expand, slice(None, 1, None)), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_2, %getitem), kwargs = {})
    %getitem_1_folded : [#users=1] = get_attr[target=getitem_1_folded]
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %getitem_1_folded), kwargs = {})
    return add_4
