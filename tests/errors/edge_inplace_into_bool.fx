graph():
    %b : [#users=1] = placeholder[target=b]
    %clone : [#users=1] = call_method[target=clone](args = (%b,), kwargs = {})
    %add_ : [#users=1] = call_method[target=add_](args = (%clone, 1), kwargs = {})
    return add_
