graph():
    %x : [#users=1] = placeholder[target=x]
    %add : [#users=5] = call_function[target=operator.add](args = (%x, 0), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%add, (slice(None, None, None), slice(1, None, None))), kwargs = {})
    %relu_ : [#users=0] = call_method[target=relu_](args = (%getitem,), kwargs = {})
    %t : [#users=1] = call_method[target=t](args = (%add,), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%t, 0), kwargs = {})
    %clamp_ : [#users=0] = call_method[target=clamp_](args = (%getitem_1,), kwargs = {min: -0.25, max: 0.25})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%add, 0), kwargs = {})
    %relu : [#users=0] = call_function[target=torch.nn.functional.relu](args = (%getitem_2,), kwargs = {inplace: True})
    %getitem_3 : [#users=1] = call_function[target=operator.getitem](args = (%add, 2), kwargs = {})
    %sigmoid_ : [#users=0] = call_function[target=torch.sigmoid_](args = (%getitem_3,), kwargs = {})
    return add
