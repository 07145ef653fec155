/* model_weights.h: the weights of model_run: 2 tensors, 100 bytes. Included by model.c only.
 * Each is its little-endian bytes, exactly as in the weights file (this code is for little-endian targets). */
#ifndef MODEL_WEIGHTS_H
#define MODEL_WEIGHTS_H

#include <stdint.h>

/* FX2C_WEIGHT(NAME): each weight in a section of its own, .rodata.model.NAME on ELF targets (a linker
 * script can place it, a map file and `size -A` show it), 64-byte aligned */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
#define FX2C_WEIGHT(name) __attribute__((section(".rodata.model." #name), aligned(64)))
#elif defined(__GNUC__) || defined(__clang__)
#define FX2C_WEIGHT(name) __attribute__((aligned(64)))
#else
#define FX2C_WEIGHT(name)
#endif

/* linear.weight: f32[5, 4] */
static const union { struct { unsigned char t[80]; } c; float v[20]; } w_linear_weight FX2C_WEIGHT(w_linear_weight) = {{
"\270\221\364\276R\213\251\276\350\16S\276\0\273\227<`iJ>\30\233\231>\214\215\255\276\374\364^\276\230\3679>N\224\324>H\275\322\275\\\221\277>@\15\245\275\20\265X=J\315\347>\316{\355\276f)\241\276\340\236\1\276\334\223G\276(/\335>"
}};

/* linear.bias: f32[5] */
static const union { struct { unsigned char t[20]; } c; float v[5]; } w_linear_bias FX2C_WEIGHT(w_linear_bias) = {{
"\32\357\245\276\300\260k\276\32\332\262\276v\302\357\276\4p\225\276"
}};

#endif
