graph():
    %x : [#users=1] = placeholder[target=x]
    %lin : [#users=1] = call_module[target=lin](args = (%x,), kwargs = {})
    %fancy_act : [#users=1] = call_function[target=__main__.fancy_act](args = (%lin, 0.25), kwargs = {})
    %w : [#users=1] = get_attr[target=w]
    %rms : [#users=2] = call_function[target=torch.ops.mylib.rms](args = (%fancy_act, %w), kwargs = {})
    %row_stats : [#users=2] = call_function[target=torch.ops.mylib.row_stats](args = (%rms,), kwargs = {})
    %getitem : [#users=1] = call_function[target=operator.getitem](args = (%row_stats, 0), kwargs = {})
    %getitem_1 : [#users=1] = call_function[target=operator.getitem](args = (%row_stats, 1), kwargs = {})
    %getitem_2 : [#users=1] = call_function[target=operator.getitem](args = (%rms, (slice(None, None, None), slice(None, 4, None))), kwargs = {})
    %repeat_rows : [#users=1] = call_function[target=torch.ops.mylib.repeat_rows](args = (%getitem_2, 3), kwargs = {negate: True})
    %shift : [#users=1] = call_function[target=torch.ops.mylib.shift](args = (%repeat_rows, [1, 2, 3, 4]), kwargs = {})
    %relu : [#users=1] = call_function[target=torch.relu](args = (%getitem,), kwargs = {})
    %add : [#users=1] = call_function[target=operator.add](args = (%relu, %getitem_1), kwargs = {})
    return (add, shift)
