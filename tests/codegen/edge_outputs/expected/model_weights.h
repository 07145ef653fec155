/* model_weights.h: the weights of model_run: 1 tensors, 16 bytes. Included by model.c only.
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

/* scale: f32[4] */
static const union { struct { unsigned char t[16]; } c; float v[4]; } w_scale FX2C_WEIGHT(w_scale) = {{
"X\25\376>/\252D\?\2503\265=\0003\7>"
}};

#endif
