graph():
    %x : [#users=1] = placeholder[target=x]
    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})
    %bn : [#users=1] = call_module[target=bn](args = (%conv,), kwargs = {})
    %shift : [#users=1] = get_attr[target=shift]
    %view : [#users=1] = call_method[target=view](args = (%shift, 1, 4, 1, 1), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%bn, %view), kwargs = {})
    return add
