graph():
    %x : [#users=2] = placeholder[target=x]
    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%conv,), kwargs = {})
    %act : [#users=1] = call_module[target=act](args = (%x,), kwargs = {})
    %fft : [#users=1] = call_function[target=torch.fft.fft](args = (%act,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%relu, %fft), kwargs = {})
    return add
