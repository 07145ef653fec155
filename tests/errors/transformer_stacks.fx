graph():
    %x : [#users=5] = placeholder[target=x]
    %t : [#users=1] = placeholder[target=t]
    %pad : [#users=1] = placeholder[target=pad]
    %ipad : [#users=1] = placeholder[target=ipad]
    %enc : [#users=1] = call_module[target=enc](args = (%x,), kwargs = {src_key_padding_mask: %pad})
    %enc_1 : [#users=1] = call_module[target=enc](args = (%x,), kwargs = {src_key_padding_mask: %ipad})
    %tr : [#users=1] = call_module[target=tr](args = (%x, %t), kwargs = {})
    %tr_1 : [#users=1] = call_module[target=tr](args = (%x, %x), kwargs = {})
    return (enc, enc_1, tr, tr_1)
