graph():
    %x : [#users=1] = placeholder[target=x]
    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})
    %bn : [#users=1] = call_module[target=bn](args = (%conv,), kwargs = {})
    %conv_shared : [#users=2] = call_module[target=conv_shared](args = (%bn,), kwargs = {})
    %bn_shared : [#users=1] = call_module[target=bn_shared](args = (%conv_shared,), kwargs = {})
    %add : [#users=2] = call_function[target=operator.add](args = (%bn_shared, %conv_shared), kwargs = {})
    %conv_twice : [#users=1] = call_module[target=conv_twice](args = (%add,), kwargs = {})
    %bn_twice : [#users=1] = call_module[target=bn_twice](args = (%conv_twice,), kwargs = {})
    %mul : [#users=1] = call_function[target=operator.mul](args = (%add, 2), kwargs = {})
    %conv_twice_1 : [#users=1] = call_module[target=conv_twice](args = (%mul,), kwargs = {})
    %add_1 : [#users=1] = call_function[target=operator.add](args = (%bn_twice, %conv_twice_1), kwargs = {})
    %mean : [#users=1] = call_method[target=mean](args = (%add_1, 3), kwargs = {})
    %conv1d : [#users=1] = call_module[target=conv1d](args = (%mean,), kwargs = {})
    %bn1d : [#users=1] = call_module[target=bn1d](args = (%conv1d,), kwargs = {})
    %mean_1 : [#users=1] = call_method[target=mean](args = (%bn1d, 2), kwargs = {})
    %fc : [#users=1] = call_module[target=fc](args = (%mean_1,), kwargs = {})
    %bn_fc : [#users=1] = call_module[target=bn_fc](args = (%fc,), kwargs = {})
    return bn_fc
