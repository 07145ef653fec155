graph():
    %x : [#users=1] = placeholder[target=x]
    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})
    %bn : [#users=1] = call_module[target=bn](args = (%conv,), kwargs = {})
    %mean : [#users=1] = call_method[target=mean](args = (%bn, (2, 3)), kwargs = {})
    %fc : [#users=1] = call_module[target=fc](args = (%mean,), kwargs = {})
    return fc
