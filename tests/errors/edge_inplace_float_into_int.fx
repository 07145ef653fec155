graph():
    %i : [#users=1] = placeholder[target=i]
    %clone : [#users=1] = call_method[target=clone](args = (%i,), kwargs = {})
    %mul_ : [#users=1] = call_method[target=mul_](args = (%clone, 0.5), kwargs = {})
    return mul_
