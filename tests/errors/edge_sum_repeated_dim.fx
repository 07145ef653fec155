graph():
    %x : [#users=1] = placeholder[target=x]
    %sum_1 : [#users=1] = call_method[target=sum](args = (%x, (1, -2)), kwargs = {})
    return sum_1
