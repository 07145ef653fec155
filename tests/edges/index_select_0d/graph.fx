graph():
    %x : [#users=3] = placeholder[target=x]
    %i : [#users=2] = placeholder[target=i]
    %j : [#users=1] = placeholder[target=j]
    %index_select : [#users=1] = call_method[target=index_select](args = (%x, 0, %i), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%x, 0), kwargs = {})
    %index_select_1 : [#users=1] = call_method[target=index_select](args = (%getitem, 0, %i), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%x, (0, 0)), kwargs = {})
    %index_select_2 : [#users=1] = call_method[target=index_select](args = (%getitem_1, 0, %j), kwargs = {})
    return (index_select, index_select_1, index_select_2)
