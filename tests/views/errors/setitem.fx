graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=2] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %setitem : [#users=0] = call_function[target=operator.setitem](args = (%add, 0, 5.0), kwargs = {})
    return add
