    %x : [#users=1] = placeholder[target=x]
    return x
