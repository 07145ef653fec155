graph():
    %x : [#users=2] = placeholder[target=x]
    %rnn : [#users=1] = call_module[target=rnn](args = (%x,), kwargs = {})
    %gru : [#users=1] = call_module[target=gru](args = (%x, %x, %x), kwargs = {})
    return (rnn, gru)
