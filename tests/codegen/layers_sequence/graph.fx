graph():
    %x : [#users=1] = placeholder[target=x]
    %idx : [#users=1] = placeholder[target=idx]
    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})
    %bn : [#users=1] = call_module[target=bn](args = (%conv,), kwargs = {})
    %pool_max : [#users=1] = call_module[target=pool_max](args = (%bn,), kwargs = {})
    %pool_avg : [#users=1] = call_module[target=pool_avg](args = (%pool_max,), kwargs = {})
    %pad : [#users=1] = call_module[target=pad](args = (%pool_avg,), kwargs = {})
    %pool_adaptive : [#users=1] = call_module[target=pool_adaptive](args = (%pad,), kwargs = {})
    %emb : [#users=2] = call_module[target=emb](args = (%idx,), kwargs = {})
    %mean : [#users=1] = call_method[target=mean](args = (%emb, 1), kwargs = {})
    %mean_1 : [#users=1] = call_method[target=mean](args = (%pool_adaptive, 2), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%mean, %mean_1), kwargs = {})
    %fc : [#users=1] = call_module[target=fc](args = (%add,), kwargs = {})
    %bn_fc : [#users=1] = call_module[target=bn_fc](args = (%fc,), kwargs = {})
    return (bn_fc, emb)
