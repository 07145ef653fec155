graph():
    %arg0_1 : [#users=1] = placeholder[target=arg0_1]
    %relu : [#users=1] = call_function[target=torch.ops.aten.relu.default](args = (%arg0_1,), kwargs = {})
    return relu
