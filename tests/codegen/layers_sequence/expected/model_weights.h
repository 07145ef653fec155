/* model_weights.h: the weights of model_run: 13 tensors, 972 bytes. Included by model.c only.
 * Each is its little-endian bytes, exactly as in the weights file (this code is for little-endian targets). */
#ifndef MODEL_WEIGHTS_H
#define MODEL_WEIGHTS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define FX2C_ALIGNED __attribute__((aligned(64)))
#else
#define FX2C_ALIGNED
#endif

/* conv.weight: f32[6, 4, 5] */
static const union { unsigned char c[1][480]; float v[120]; } FX2C_ALIGNED w_conv_weight = {{
"\233m\333\272\237\251\365=\226t<\276\254\202(\276Sa\260\275\203\232u=\221,\221\273\362\2145>h\217\242\274^[r=\302e\212\275o\0104\275\326\277Z\276\34\245\27\276\266\306\274\275<\266\7<\336\12\265=\245c\11>\377:\33\2765k\307\275\207U\246=\0#>>\264}<\275\355W+>u\240\23\2751\324\301<vTO>liT\276\275%\20\276U\337g\275\363\201\262\275J\325E>wj\24\276\324\316\322\275U\370\37\276\220rV\2768\251\5\2766\323D> X\314=G\364\335=N\254@<\37\310\352\275\204\364\32=\215\312U\276\314r%\276\324\25\354\275\315w\20>\177@\6>\333\30\313\275\3040\4\274\?q\22>H\241c>:\300\265=\31v\367<\5\206\31>\357\321\6\276\330\253*=9\2061\276\301\262\36\276X\221\354\275c5\317=\4+\270=\11\242\7\276UY\212=bf\373=\0144\347\274\203\341\13<\2027T=\272\14\16>\337\333[>\310s0\276\330\322\247\275D\372\263=:\267=>\31AG>D\11J>\257F6=|\34G\276\272\202\250<9\?\17\276\206dU\276\354pK>%\32.>Ghd\276\376m+=\232J\32\275q\270\26\275\326\240\321\2752\33\260=)\237\7\276\32\341\247=]\226\347=_\352#><;\253=}\237b\276\310\210\24\276\340\250\344=\237\262\?=S\2362\276\352\330\3\276\22hW>NI\32>!\255\307\2756\204f\275\235\36Z\276\374\262\203\2731n,\276\301\2360\276\211\334I\274R\204\11=\5\213\273\275\37\336\7>\331V\13\276z\303O>Y\352\34>\336\26A\276\226\363c\275`O%<=\241\5=\3639Y=",
}};

/* conv.bias: f32[6] */
static const union { unsigned char c[1][24]; float v[6]; } FX2C_ALIGNED w_conv_bias = {{
"\24\266\263=\334r[<\4r\337\275\2\262\330=w\244[\276\313\266\7\276",
}};

/* bn.running_mean: f32[6] */
static const union { unsigned char c[1][24]; float v[6]; } FX2C_ALIGNED w_bn_running_mean = {{
"\272\316\15=\272\353\350<^5\226\276\227\267\313\274\250&\207\276D\340Q\276",
}};

/* bn.running_var: f32[6] */
static const union { unsigned char c[1][24]; float v[6]; } FX2C_ALIGNED w_bn_running_var = {{
"]\0000>BO\272>\0162\300>\301\370\23\?\331hD>\236a\267>",
}};

/* bn.weight: f32[6] */
static const union { unsigned char c[1][24]; float v[6]; } FX2C_ALIGNED w_bn_weight = {{
"Y\362\267\?\212\352\223\?\376TP\?e\2612\?\222\213j\?\324\311H\?",
}};

/* bn.bias: f32[6] */
static const union { unsigned char c[1][24]; float v[6]; } FX2C_ALIGNED w_bn_bias = {{
"U)\240\274#\303\305\275u\5-=p\374\332<\203\205,\275\307.Q\275",
}};

/* emb.weight: f32[10, 6] */
static const union { unsigned char c[1][240]; float v[60]; } FX2C_ALIGNED w_emb_weight = {{
"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\333@\34\?\\\13\357>\31<A\277\243.z>\367\\\236\275jb\356=\310\17\30\277\129\237\277\361\25\321\275PK\204\277\253\14*@\3110|\?\275\357\204\276\262Z\362=t\320y>\242\21\225\?A\300\223>$\360\305>\345\366\12\?(\211\6\?\324\317D>\23\254E\277\204>\363\277O\320\5>\234L4\277\33#\241>\236\312\22\276qt\242\276\334\226w\?\231\267}\277\7l\232>\372\310\333\275\332\232\177\?\213W\377\276C\265}\?\237\31G\277\371\312\240>\367sZ>&1\26\?.\30\">\226\310\341=\252\235Q\277\365\374!\?P\\\365\277\353C\17\277\234\221\10\?\213\37H\?~\\}\?OU\324>N%\301\277nN\2@\246\277\6>]\\\230\275\374\315\213\277",
}};

/* fc.weight: f32[3, 6] */
static const union { unsigned char c[1][72]; float v[18]; } FX2C_ALIGNED w_fc_weight = {{
"9\1\236\2767\177\217\276O\276r\276bM\222>\343E\26\276\4O\260>/+\27>\374\275S=!*G\273\262G\245\275\216\315Q=\323\352\276\275\361\375;\273\363[U=\274\177\243\276v\34[\276\340\310\250>\315\241\251\276",
}};

/* fc.bias: f32[3] */
static const union { unsigned char c[1][12]; float v[3]; } FX2C_ALIGNED w_fc_bias = {{
"\200%\360\274\26\306\316>\210\3\27>",
}};

/* bn_fc.running_mean: f32[3] */
static const union { unsigned char c[1][12]; float v[3]; } FX2C_ALIGNED w_bn_fc_running_mean = {{
"m,\10\277\27\227\21\?P\25s>",
}};

/* bn_fc.running_var: f32[3] */
static const union { unsigned char c[1][12]; float v[3]; } FX2C_ALIGNED w_bn_fc_running_var = {{
"\344\4U:\267pE9g=v=",
}};

/* bn_fc.weight: f32[3] */
static const union { unsigned char c[1][12]; float v[3]; } FX2C_ALIGNED w_bn_fc_weight = {{
"\234\322\222\?\1\12[\?\200\367q\?",
}};

/* bn_fc.bias: f32[3] */
static const union { unsigned char c[1][12]; float v[3]; } FX2C_ALIGNED w_bn_fc_bias = {{
",\206;\276\271\201\15=\327\254N=",
}};

#endif
