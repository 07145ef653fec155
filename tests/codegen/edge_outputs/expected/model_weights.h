/* model_weights.h: the weights of model_run: 1 tensors, 16 bytes. Included by model.c only.
 * Each is its little-endian bytes, exactly as in the weights file (this code is for little-endian targets). */
#ifndef MODEL_WEIGHTS_H
#define MODEL_WEIGHTS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define FX2C_ALIGNED __attribute__((aligned(64)))
#else
#define FX2C_ALIGNED
#endif

/* scale: f32[4] */
static const union { unsigned char c[1][16]; float v[4]; } FX2C_ALIGNED w_scale = {{
"X\25\376>/\252D\?\2503\265=\0003\7>",
}};

#endif
