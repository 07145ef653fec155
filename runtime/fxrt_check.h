/* fxrt_check.h: the size checks that the kernels share. Internal to the runtime.
 *
 * The kernels on images (conv, winograd, norm, pool, resize) refuse sizes and parameters above DIM_LIMIT, so that
 * nothing below it overflows their index arithmetic, and check every product of sizes with mul_ok.
 */
#ifndef FXRT_CHECK_H
#define FXRT_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "fxrt.h"

#define DIM_LIMIT ((int64_t)INT32_MAX)

/* *r = a*b for 0 <= a, b; false on overflow. */
static inline bool mul_ok(int64_t a, int64_t b, int64_t *r) {
  if (a != 0 && b > INT64_MAX / a) return false;
  *r = a * b;
  return true;
}

/* lo <= v <= DIM_LIMIT. */
static inline bool in_range(int64_t v, int64_t lo) { return v >= lo && v <= DIM_LIMIT; }

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* A conv2d's strides, padding (the end padding included), dilation and groups in range (fxrt_conv.c, fxrt_nchwc.c). */
static inline bool conv_params_ok(const fxrt_conv2d_params *p) {
  for (int d = 0; d < 2; d++)
    if (!in_range(p->stride[d], 1) || !in_range(p->padding[d], 0) || !in_range(p->dilation[d], 1) ||
        p->pad_extra[d] < -DIM_LIMIT || p->pad_extra[d] > DIM_LIMIT || !in_range(p->padding[d] + p->pad_extra[d], 0))
      return false;
  return in_range(p->groups, 1);
}

/* floor(a / b) for b > 0 (PyTorch's div_rtn). */
static inline int64_t floor_div(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* PyTorch's pooling_output_shape: the number of windows, the last one starting inside the input or left padding. */
static inline int64_t pool_out(int64_t in, int64_t kernel, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode) {
  int64_t out = floor_div(in + 2 * pad - dil * (kernel - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) out--;
  return out;
}

/* The checks of PyTorch's pool2d_shape_check, plus oh/ow as pooling_output_shape gives them (fxrt_pool.c,
 * fxrt_nchwc.c: c the channels stored per image). */
static inline bool pool_shape_ok(int64_t n, int64_t c, int64_t h, int64_t w, int64_t oh, int64_t ow,
                          const fxrt_pool2d_params *p, int64_t dh, int64_t dw) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 0) || !in_range(h, 1) || !in_range(w, 1)) return false;
  const int64_t dil[2] = {dh, dw};
  for (int d = 0; d < 2; d++) {
    if (!in_range(p->kernel[d], 1) || !in_range(p->stride[d], 1) || !in_range(p->padding[d], 0) || !in_range(dil[d], 1))
      return false;
    if (p->padding[d] > p->kernel[d] / 2) return false; /* "pad should be at most half of kernel size" */
  }
  if (oh < 1 || ow < 1 || oh != pool_out(h, p->kernel[0], p->padding[0], p->stride[0], dh, p->ceil_mode) ||
      ow != pool_out(w, p->kernel[1], p->padding[1], p->stride[1], dw, p->ceil_mode))
    return false;
  return mul_ok(n, c, &t) && mul_ok(t, h, &t) && mul_ok(t, w, &t) && mul_ok(n * c, oh, &t) && mul_ok(t, ow, &t);
}

#endif
