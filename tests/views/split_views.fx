graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=4] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %chunk : [#users=2] = call_method[target=chunk](args = (%add, 2), kwargs = {dim: 1})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%chunk, 0), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%chunk, 1), kwargs = {})
    %mul_ : [#users=0] = call_method[target=mul_](args = (%getitem, 2), kwargs = {})
    %split : [#users=1] = call_method[target=split](args = (%add, [1, 2, 1]), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
    %add_ : [#users=0] = call_method[target=add_](args = (%getitem_2, 1), kwargs = {})
    %unbind : [#users=1] = call_method[target=unbind](args = (%add, 1), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%unbind, 5), kwargs = {})
    %neg_ : [#users=0] = call_method[target=neg_](args = (%getitem_3,), kwargs = {})
    return (add, getitem_1)
