opcode         name       target                              args                  kwargs
-------------  ---------  ----------------------------------  --------------------  ------------------
placeholder    x          x                                   ()                    {}
call_function  relu       <function relu at 0x7f3a1c2e5f70>   (x,)                  {'inplace': False}
call_function  split      <function split at 0x7f3a1c3b9ee0>  (relu, 3)             {'dim': 1}
call_function  getitem    <built-in function getitem>         (split, 0)            {}
call_function  getitem_1  <built-in function getitem>         (split, 1)            {}
call_function  sub        <built-in function sub>             (getitem, getitem_1)  {}
output         output     output                              (sub,)                {}
