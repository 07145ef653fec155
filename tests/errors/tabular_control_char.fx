opcode         name    target                               args     kwargs
-------------  ------  -----------------------------------  -------  ------
placeholder    x       x                                    ()       {}
call_function  relu    <function relu at 0x7f5e0dd2b60>    (x,)     {}
call_function  h       <function helper at :x7f5e50dd2b60>  (relu,)  {}
output         output  output                               (h,)     {}
