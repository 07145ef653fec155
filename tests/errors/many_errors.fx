graph():
    %x : [#users=1] = placeholder[target=x]
    %a : [#users=1] = call_fn[target=torch.relu](args = (%x,), kwargs = {})
    %b : [#users=1] = call_function[target=torch.relu](args = (%x,) kwargs = {})
    %c : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {dim: })
    %d : [#users=1] = call_function[target=torch.relu](args = (%nowhere,), kwargs = {})
    %e : [#users=1] = call_module[target=foo]
    %f : [#users=1] = get_attr[target=w](args = (), kwargs = {})
    %g : [#users=one] = call_function[target=torch.relu](args = (%x,), kwargs = {})
    %h : [#users=1] = call_function[target=torch.relu](args = (%x,), kwargs = {}) $
    return h
