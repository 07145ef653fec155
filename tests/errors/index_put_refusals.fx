graph():
    %x : [#users=3] = placeholder[target=x]
    %i : [#users=2] = placeholder[target=i]
    %m : [#users=1] = placeholder[target=m]
    %v : [#users=3] = placeholder[target=v]
    %a : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 2), kwargs = {})
    %put_int : [#users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%a, [%i], %v), kwargs = {})
    %b : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 3), kwargs = {})
    %put_two : [#users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%b, [%i, %i], %v), kwargs = {})
    %c : [#users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%x, 4), kwargs = {})
    %put_rows : [#users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%c, [%m], %v), kwargs = {})
    return (put_int, put_two, put_rows)
