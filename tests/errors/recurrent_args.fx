graph():
    %x : [#users=4] = placeholder[target=x]
    %h : [#users=4] = placeholder[target=h]
    %w_ih : [#users=1] = call_function[target=torch.ones](args = ((8, 3),), kwargs = {})
    %w_hh : [#users=1] = call_function[target=torch.ones](args = ((8, 2),), kwargs = {})
    %r_ih : [#users=2] = call_function[target=torch.ones](args = ((2, 3),), kwargs = {})
    %r_hh : [#users=3] = call_function[target=torch.ones](args = ((2, 2),), kwargs = {})
    %g_ih : [#users=1] = call_function[target=torch.ones](args = ((6, 3),), kwargs = {})
    %g_hh : [#users=1] = call_function[target=torch.ones](args = ((6, 2),), kwargs = {})
    %v : [#users=1] = call_function[target=torch.ones](args = ((3,),), kwargs = {})
    %train : [#users=1] = call_function[target=torch.ops.aten.lstm.input](args = (%x, [%h, %h], [%w_ih, %w_hh, %w_hh, %w_hh], False, 2, 0.5, True, False, False), kwargs = {})
    %count : [#users=1] = call_function[target=torch.ops.aten.rnn_tanh.input](args = (%x, %h, [%r_ih, %r_hh, %r_ih], True, 1, 0.0, False, False, False), kwargs = {})
    %shape : [#users=1] = call_function[target=torch.ops.aten.rnn_tanh.input](args = (%x, %h, [%r_hh, %r_hh], False, 1, 0.0, False, False, False), kwargs = {})
    %hx : [#users=1] = call_function[target=torch.ops.aten.gru.input](args = (%x, %x, [%g_ih, %g_hh], False, 1, 0.0, False, False, False), kwargs = {})
    %rank : [#users=1] = call_function[target=torch.ops.aten.rnn_relu.input](args = (%v, %h, [%r_ih, %r_hh], False, 1, 0.0, False, False, False), kwargs = {})
    return (train, count, shape, hx, rank)
