graph():
    %x : [#users=1] = placeholder[target=x]
    %m : [#users=1] = placeholder[target=m]
    %v : [#users=1] = placeholder[target=v]
    %batch_norm : [#users=1] = call_function[target=torch.nn.functional.batch_norm](args = (%x, %m, %v), kwargs = {weight: None, bias: None, training: False, momentum: 0.1, eps: 1e-05})
    return batch_norm
