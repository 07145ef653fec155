/* fxrt_gemm.h: the register-blocked micro-kernel that the GEMM-based kernels (fxrt_conv.c, fxrt_matmul.c,
 * fxrt_winograd.c) share, with its tuning. Internal to the runtime.
 *
 * Loops are written as fxrt_vec.h describes. The micro-kernel computes MR x NR outputs, NR being two vectors, so that
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

#if defined(FP_FAST_FMAF) || defined(FXRT_VARIANT) /* both variants of fxrt_isa.h have FMA */
#define MADD(acc, a, b) fmaf((a), (b), (acc))
#else
#define MADD(acc, a, b) ((acc) + (a) * (b))
#endif

#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) /* MR of them */

/* Applies ep's activation to rows rows of n values (y[i*ldy + j], j < n) with fxrt_act_apply's semantics: its
 * formulas are repeated here for the cheap, common activations, in chunks of VW so that the compiler vectorizes them
 * (the tests compare every activation with fxrt_act_apply); the others call it. All the rows in one call, so that a
 * tile's rows share the setup of the activation's constants (exp's polynomial: a dozen vector registers). */
static inline void act_rows(float *restrict y, int64_t ldy, int64_t rows, int64_t n, const fxrt_epilogue *ep) {
  const float alpha = ep->alpha, lo = ep->lo, hi = ep->hi;
#define ACT_LOOP(expr)                                                                                                 \
  for (int64_t i = 0; i < rows; i++) {                                                                                 \
    float *restrict yi = y + i * ldy;                                                                                  \
    int64_t j = 0;                                                                                                     \
    CHUNK_LOOP                                                                                                         \
    for (; j + VW <= n; j += VW)                                                                                       \
      LANES(l) {                                                                                                       \
        const float v = yi[j + l];                                                                                     \
        yi[j + l] = (expr);                                                                                            \
      }                                                                                                                \
    for (; j < n; j++) {                                                                                               \
      const float v = yi[j];                                                                                           \
      yi[j] = (expr);                                                                                                  \
    }                                                                                                                  \
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

/* The same for one row of n values. */
static inline void act_row(float *restrict y, int64_t n, const fxrt_epilogue *ep) { act_rows(y, n, 1, n, ep); }

/* ---- the micro-kernel --------------------------------------------------------------------------------------- */

/* What the micro-kernel applies to a finished tile as it stores it (the last panel of K), so that the tile is not read
 * again: + bias[r], + res[r*ldr + j], then min(max(v, lo), hi) written as fxrt_s_relu/relu6 write it (NaN stays NaN;
 * -0.0 stays -0.0), which is no activation, ReLU or ReLU6; or SiLU (fxrt_s_silu). The same operations in the same
 * order as the row epilogue of fxrt_conv.c (finish), so the bits do not depend on which applies them. */
typedef struct tile_ep {
  const float *bias, *res;
  int64_t ldr;
  float lo, hi;
  bool silu;
} tile_ep;

/* The tile epilogue for ep's activation (bias and residual left as they are), or false when the activation is not
 * one the micro-kernel applies. */
static inline bool tile_ep_for(const fxrt_epilogue *ep, tile_ep *t) {
  const fxrt_act act = ep ? ep->act : FXRT_ACT_NONE;
  if (act != FXRT_ACT_NONE && act != FXRT_ACT_RELU && act != FXRT_ACT_RELU6 && act != FXRT_ACT_SILU) return false;
  t->lo = act == FXRT_ACT_NONE || act == FXRT_ACT_SILU ? -INFINITY : 0.0f;
  t->hi = act == FXRT_ACT_RELU6 ? 6.0f : INFINITY;
  t->silu = act == FXRT_ACT_SILU;
  return true;
}

#if defined(__GNUC__)
#define GEMM_INLINE static inline __attribute__((always_inline))
#else
#define GEMM_INLINE static inline
#endif

/* The micro-kernel: c[r*ldc + j] (+)= sum_{p < kc} a[r*ars + p*aps] * B[p, j] for r < MR and j < nv*VW (nv = 2: the
 * NR columns; nv = 1: the first VW only), B's row p having its columns [0, VW) at b0 + p*ldb and [VW, NR) at
 * b1 + p*ldb; then te's epilogue, if te is set. The sum runs over p in order, in f32 (MADD); with part > 0, in blocks
 * of part steps, each summed from zero and then added to the running total. Each kernel wraps it in functions of
 * its own (micro_kernel, micro_kernel_half) with constant nv, part and te-or-NULL, so that each copy is one loop over
 * p with 2*MR vector accumulators: per step MR broadcasts of A and nv*MR vector multiply-adds. */
GEMM_INLINE void gemm_micro(int nv, int64_t kc, int64_t part, const float *restrict a, int64_t ars, int64_t aps,
                            const float *restrict b0, const float *restrict b1, int64_t ldb, float *restrict c,
                            int64_t ldc, bool accumulate, const tile_ep *te) {
#define DECL(r) float c##r##x[VW], c##r##y[VW], t##r##x[VW], t##r##y[VW];
#define ZERO(r)                                                                                                        \
  LANES(j) c##r##x[j] = c##r##y[j] = 0.0f;
#define STEP(r)                                                                                                        \
  {                                                                                                                    \
    const float ar_ = a[(r)*ars + p * aps];                                                                            \
    LANES(j) {                                                                                                         \
      c##r##x[j] = MADD(c##r##x[j], ar_, bp0[j]);                                                                      \
      if (nv == 2) c##r##y[j] = MADD(c##r##y[j], ar_, bp1[j]);                                                         \
    }                                                                                                                  \
  }
#define STEPS(p_begin, p_end)                                                                                          \
  CHUNK_LOOP                                                                                                           \
  for (int64_t p = (p_begin); p < (p_end); p++) {                                                                      \
    const float *restrict bp0 = b0 + p * ldb, *restrict bp1 = b1 + p * ldb;                                            \
    ROWS(STEP)                                                                                                         \
  }
#define ZERO_TOTAL(r)                                                                                                  \
  LANES(j) t##r##x[j] = t##r##y[j] = 0.0f;
#define ADD_TOTAL(r)                                                                                                   \
  LANES(j) {                                                                                                           \
    t##r##x[j] += c##r##x[j];                                                                                          \
    t##r##y[j] += c##r##y[j];                                                                                          \
  }
#define MOVE_TOTAL(r)                                                                                                  \
  LANES(j) {                                                                                                           \
    c##r##x[j] = t##r##x[j];                                                                                           \
    c##r##y[j] = t##r##y[j];                                                                                           \
  }
#define STORE(r)                                                                                                       \
  LANES(j) {                                                                                                           \
    float *restrict cr_ = c + (r)*ldc;                                                                                 \
    cr_[j] = accumulate ? cr_[j] + c##r##x[j] : c##r##x[j];                                                            \
    if (nv == 2) cr_[VW + j] = accumulate ? cr_[VW + j] + c##r##y[j] : c##r##y[j];                                     \
  }
/* The epilogue: with a residual (v + b) + r, b being 0 without a bias; else v + b when there is a bias. MODE is 2
 * (residual), 1 (bias only) or 0, and SILU 1 for SiLU, else the clamp: constants in each expansion, so that the lane
 * loops have no branch to vectorize. */
#define TILE_EP(v, r, j, MODE, SILU)                                                                                   \
  do {                                                                                                                 \
    if ((MODE) == 2) v = v + b##r##_ + eres[(r)*eldr + (j)];                                                           \
    if ((MODE) == 1) v = v + b##r##_;                                                                                  \
    if (SILU) {                                                                                                        \
      v = fxrt_s_silu(v);                                                                                              \
    } else {                                                                                                           \
      v = v < elo ? elo : v;                                                                                           \
      v = v > ehi ? ehi : v;                                                                                           \
    }                                                                                                                  \
  } while (0)
#define STORE_EPM(r, MODE, SILU)                                                                                       \
  {                                                                                                                    \
    const float b##r##_ = ebias ? ebias[r] : 0.0f;                                                                     \
    float *restrict cr_ = c + (r)*ldc;                                                                                 \
    LANES(j) {                                                                                                         \
      float u = accumulate ? cr_[j] + c##r##x[j] : c##r##x[j], w = 0.0f;                                               \
      if (nv == 2) w = accumulate ? cr_[VW + j] + c##r##y[j] : c##r##y[j];                                             \
      TILE_EP(u, r, j, MODE, SILU);                                                                                    \
      if (nv == 2) TILE_EP(w, r, VW + j, MODE, SILU);                                                                  \
      cr_[j] = u;                                                                                                      \
      if (nv == 2) cr_[VW + j] = w;                                                                                    \
    }                                                                                                                  \
  }
/* ROWS takes one-argument macros: STORE_EPM for each MODE and SILU. */
#define STORE_EP0(r) STORE_EPM(r, 0, 0)
#define STORE_EP1(r) STORE_EPM(r, 1, 0)
#define STORE_EP2(r) STORE_EPM(r, 2, 0)
#define STORE_EP0S(r) STORE_EPM(r, 0, 1)
#define STORE_EP1S(r) STORE_EPM(r, 1, 1)
#define STORE_EP2S(r) STORE_EPM(r, 2, 1)
  ROWS(DECL)
  if (part == 0) {
    ROWS(ZERO)
    STEPS(0, kc)
  } else { /* for accuracy (fxrt_winograd.c): the blocks' sums in c, their total in t */
    ROWS(ZERO_TOTAL)
    for (int64_t p0 = 0; p0 < kc; p0 += part) {
      ROWS(ZERO)
      STEPS(p0, p0 + part < kc ? p0 + part : kc)
      ROWS(ADD_TOTAL)
    }
    ROWS(MOVE_TOTAL)
  }
  if (te) { /* MODE and SILU chosen once per tile */
    const float *ebias = te->bias, *eres = te->res;
    const int64_t eldr = te->ldr;
    const float elo = te->lo, ehi = te->hi;
    if (te->silu) {
      if (eres) {
        ROWS(STORE_EP2S)
      } else if (ebias) {
        ROWS(STORE_EP1S)
      } else {
        ROWS(STORE_EP0S)
      }
    } else if (eres) {
      ROWS(STORE_EP2)
    } else if (ebias) {
      ROWS(STORE_EP1)
    } else {
      ROWS(STORE_EP0)
    }
  } else {
    ROWS(STORE)
  }
#undef DECL
#undef ZERO
#undef STEP
#undef STEPS
#undef ZERO_TOTAL
#undef ADD_TOTAL
#undef MOVE_TOTAL
#undef STORE
#undef TILE_EP
#undef STORE_EPM
#undef STORE_EP0
#undef STORE_EP1
#undef STORE_EP2
#undef STORE_EP0S
#undef STORE_EP1S
#undef STORE_EP2S
}

/* dst[p*NR + j] = src[p*ld + j] for p < kc and j < nr, and 0 for nr <= j < NR: kc rows of a panel of B whose rows
 * are contiguous, packed for the micro-kernel. Zeros first, then the nr columns over them, all in vector stores (a
 * select per column was 14% of a 1152 -> 192 1x1 convolution on 7x7). */
static inline void gemm_pack_rows(float *restrict dst, const float *restrict src, int64_t ld, int64_t kc, int64_t nr) {
  if (nr == NR) { /* a whole panel: rows of a constant size, vector moves */
    for (int64_t p = 0; p < kc; p++) memcpy(dst + p * NR, src + p * ld, NR * sizeof(float));
    return;
  }
  for (int64_t p = 0; p < kc; p++) {
    memset(dst + p * NR, 0, NR * sizeof(float));
    copy_row(dst + p * NR, src + p * ld, nr);
  }
}

/* c[i*crs + j*ccs] = (first panel) or += tile[i*NR + j] for i < mr, j < nr: an edge tile, which the micro-kernel
 * computed into a buffer of MR x NR. */
static inline void gemm_store_edge(const float *restrict tile, int64_t mr, int64_t nr, float *c, int64_t crs,
                                   int64_t ccs, bool first) {
  for (int64_t i = 0; i < mr; i++)
    for (int64_t j = 0; j < nr; j++)
      c[i * crs + j * ccs] = first ? tile[i * NR + j] : c[i * crs + j * ccs] + tile[i * NR + j];
}

#endif
