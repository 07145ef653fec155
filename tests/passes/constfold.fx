graph():
    %x : [#users=1] = placeholder[target=x]
    %w : [#users=2] = get_attr[target=w]
    %matmul : [#users=1] = call_function[target=operator.matmul](args = (%x, %w), kwargs = {})
    %scale : [#users=2] = get_attr[target=scale]
    %mul : [#users=1] = call_function[target=operator.mul](args = (%scale, 2.0), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mul, 1.0), kwargs = {})
    %sqrt : [#users=1] = call_method[target=sqrt](args = (%add,), kwargs = {})
    %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%matmul, %sqrt), kwargs = {})
    %a : [#users=1] = get_attr[target=a]
    %b : [#users=1] = get_attr[target=b]
    %matmul_1 : [#users=1] = call_function[target=operator.matmul](args = (%a, %b), kwargs = {})
    %matmul_2 : [#users=1] = call_function[target=operator.matmul](args = (%mul_1, %matmul_1), kwargs = {})
    %_tensor_constant0 : [#users=1] = get_attr[target=_tensor_constant0]
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%matmul_2, %_tensor_constant0), kwargs = {})
    %expand : [#users=1] = call_method[target=expand](args = (%scale, 4096, 8), kwargs = {})
    %_tensor_constant1 : [#users=1] = get_attr[target=_tensor_constant1]
    %add_2 : [#users=1] = call_function[target=operator.add](args = (%add_1, %_tensor_constant1), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%expand, slice(None, 1, None)), kwargs = {})
    %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_2, %getitem), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%w,), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%t, (slice(None, None, None), 0)), kwargs = {})
    %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %getitem_1), kwargs = {})
    return add_4
