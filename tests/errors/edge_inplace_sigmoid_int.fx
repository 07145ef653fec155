graph():
    %i : [#users=1] = placeholder[target=i]
    %clone : [#users=1] = call_method[target=clone](args = (%i,), kwargs = {})
    %sigmoid_ : [#users=1] = call_method[target=sigmoid_](args = (%clone,), kwargs = {})
    return sigmoid_
