/* fxrt_gemm.h: the tuning that the GEMM-based kernels (fxrt_conv.c, fxrt_matmul.c) share. Internal to the runtime.
 *
 * Loops are written as fxrt_vec.h describes. The micro-kernels compute MR x NR outputs, NR being two vectors, so that
 * each accumulator row lives in two registers; KC is the depth of a packed panel. act_row is the epilogue's activation.
 */
#ifndef FXRT_GEMM_H
#define FXRT_GEMM_H

#include "fxrt.h"
#include "fxrt_scalar.h"
#include "fxrt_vec.h"

#include <math.h>

#define MR 6        /* rows of the micro-kernel (output channels in a convolution) */
#define NR (2 * VW) /* columns of the micro-kernel (output pixels in a convolution) */
#ifndef FXRT_GEMM_KC /* depth of a packed panel: KC*NR floats of stack (16 KiB with AVX) */
#define FXRT_GEMM_KC 256
#endif
#define KC FXRT_GEMM_KC

#ifdef FP_FAST_FMAF
#define MADD(acc, a, b) fmaf((a), (b), (acc))
#else
#define MADD(acc, a, b) ((acc) + (a) * (b))
#endif

#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) /* MR of them */

/* Applies ep's activation to y[0..n) with fxrt_act_apply's semantics: its formulas are repeated here for the cheap,
 * common activations, in chunks of VW so that the compiler vectorizes them (the tests compare every activation
 * with fxrt_act_apply); the others call it. */
static inline void act_row(float *restrict y, int64_t n, const fxrt_epilogue *ep) {
  const float alpha = ep->alpha, lo = ep->lo, hi = ep->hi;
  int64_t j = 0;
#define ACT_LOOP(expr)                                                                                                 \
  CHUNK_LOOP                                                                                                           \
  for (; j + VW <= n; j += VW)                                                                                         \
    LANES(l) {                                                                                                         \
      const float v = y[j + l];                                                                                        \
      y[j + l] = (expr);                                                                                               \
    }                                                                                                                  \
  for (; j < n; j++) {                                                                                                 \
    const float v = y[j];                                                                                              \
    y[j] = (expr);                                                                                                     \
  }
  switch (ep->act) {
  case FXRT_ACT_NONE: break;
  case FXRT_ACT_RELU: ACT_LOOP(fxrt_s_relu(v)) break;
  case FXRT_ACT_RELU6: ACT_LOOP(fxrt_s_relu6(v)) break;
  case FXRT_ACT_LEAKY_RELU: ACT_LOOP(fxrt_s_leaky_relu(v, alpha)) break;
  case FXRT_ACT_HARDSWISH: ACT_LOOP(fxrt_s_hardswish(v)) break;
  case FXRT_ACT_HARDSIGMOID: ACT_LOOP(fxrt_s_hardsigmoid(v)) break;
  case FXRT_ACT_CLAMP: ACT_LOOP((v < lo ? lo : v) > hi ? hi : (v < lo ? lo : v)) break;
  case FXRT_ACT_SILU: ACT_LOOP(fxrt_s_silu(v)) break;
  case FXRT_ACT_SIGMOID: ACT_LOOP(fxrt_s_sigmoid(v)) break;
  case FXRT_ACT_GELU: ACT_LOOP(fxrt_s_gelu(v)) break;
  default: ACT_LOOP(fxrt_act_apply(ep->act, v, alpha, lo, hi)) break;
  }
#undef ACT_LOOP
}

#endif
