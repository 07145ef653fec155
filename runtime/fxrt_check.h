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

#endif
