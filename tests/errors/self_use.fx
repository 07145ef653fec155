graph():
    %x : [#users=1] = placeholder[target=x]
    %acc : [#users=1] = call_function[target=operator.add](args = (%x, %acc), kwargs = {})
    return acc
