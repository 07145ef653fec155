graph():
    %x : [#users=3] = placeholder[target=x]
    %split : [#users=3] = call_method[target=split](args = (%x, 1), kwargs = {dim: 1})
    %chunk : [#users=2] = call_method[target=chunk](args = (%x, 300), kwargs = {dim: 1})
    %unbind : [#users=2] = call_method[target=unbind](args = (%x, 1), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%split, 299), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%split, -1), kwargs = {})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%chunk, 150), kwargs = {})
    %getitem_4 : [#users=1] = call_function[target=operator.getitem](args = (%chunk, -1), kwargs = {})
    %getitem_5 : [#users=1] = call_function[target=operator.getitem](args = (%unbind, 298), kwargs = {})
    %getitem_6 : [#users=1] = call_function[target=operator.getitem](args = (%unbind, -1), kwargs = {})
    return (getitem, getitem_1, getitem_2, getitem_3, getitem_4, getitem_5, getitem_6)
