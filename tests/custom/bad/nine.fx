graph():
    %x : [#users=1] = placeholder[target=x]
    %nine : [#users=1] = call_function[target=mylib.nine](args = (%x, %x, %x, %x, %x, %x, %x, %x), kwargs = {})
    return nine
