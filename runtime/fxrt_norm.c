/* fxrt_norm.c: normalization (torch.nn.functional.batch_norm in eval mode, layer_norm, group_norm).
 *
 * Statistics are two-pass (mean, then the mean of squared deviations: the biased variance, as PyTorch's forward
 * uses), summed in f32 over VW interleaved lanes within blocks of SUM_BLOCK elements and in double across blocks,
 * so that the rounding error stays small for long rows (about SUM_BLOCK/VW + n/SUM_BLOCK roundings instead of n). Loops
 * over elements run in chunks of VW with a constant inner trip count so that the compiler vectorizes them. y may be x:
 * every kernel has an in-place variant of its writing loop.
 */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_batch_norm_f32 FXRT_ISA_NAME(fxrt_batch_norm_f32)
#define fxrt_layer_norm_f32 FXRT_ISA_NAME(fxrt_layer_norm_f32)
#define fxrt_group_norm_f32 FXRT_ISA_NAME(fxrt_group_norm_f32)
#include "fxrt.h"
#include "fxrt_check.h"
#include "fxrt_vec.h"

#include <math.h>

#define SUM_BLOCK 1024

/* sum_j x[j], or sum_j (x[j] - shift)^2 if square: blocks of SUM_BLOCK summed in VW f32 lanes, blocks in double. */
static double sum_block(const float *restrict x, int64_t n, float shift, bool square) {
  double total = 0.0;
  for (int64_t b0 = 0; b0 < n; b0 += SUM_BLOCK) {
    const int64_t len = n - b0 < SUM_BLOCK ? n - b0 : SUM_BLOCK;
    const float *restrict xb = x + b0;
    float acc[VW];
    LANES(l) acc[l] = 0.0f;
    int64_t j = 0;
    if (square) {
      CHUNK_LOOP
      for (; j + VW <= len; j += VW)
        LANES(l) {
          const float d = xb[j + l] - shift;
          acc[l] += d * d;
        }
    } else {
      CHUNK_LOOP
      for (; j + VW <= len; j += VW)
        LANES(l) acc[l] += xb[j + l];
    }
    float s = 0.0f;
    LANES(l) s += acc[l];
    for (; j < len; j++) {
      const float d = xb[j] - shift;
      s += square ? d * d : xb[j];
    }
    total += s;
  }
  return total;
}

/* The mean and biased variance of x[0..n), n > 0. */
static void moments(const float *x, int64_t n, float *mean, float *var) {
  const float m = (float)(sum_block(x, n, 0.0f, false) / (double)n);
  *mean = m;
  *var = (float)(sum_block(x, n, m, true) / (double)n);
}

/* y[j] = x[j]*a + b for j < n; y may be x. */
static void affine_copy(const float *restrict x, float *restrict y, int64_t n, float a, float b) {
  int64_t j = 0;
  CHUNK_LOOP
  for (; j + VW <= n; j += VW)
    LANES(l) y[j + l] = x[j + l] * a + b;
  for (; j < n; j++) y[j] = x[j] * a + b;
}
static void affine_inplace(float *restrict y, int64_t n, float a, float b) {
  int64_t j = 0;
  CHUNK_LOOP
  for (; j + VW <= n; j += VW)
    LANES(l) y[j + l] = y[j + l] * a + b;
  for (; j < n; j++) y[j] = y[j] * a + b;
}
static void affine(const float *x, float *y, int64_t n, float a, float b) {
  if (x == y)
    affine_inplace(y, n, a, b);
  else
    affine_copy(x, y, n, a, b);
}

/* torch.nn.functional.batch_norm(x, running_mean, running_var, weight, bias, training=False, eps=eps): as PyTorch
 * computes it, y = x * alpha[c] + beta[c] with alpha = weight / sqrt(var + eps), beta = bias - mean * alpha. */
fxrt_status fxrt_batch_norm_f32(const float *x, int64_t n, int64_t c, int64_t inner, const float *mean,
                                const float *var, const float *weight, const float *bias, float eps, float *y) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 0) || !in_range(inner, 0)) return FXRT_EINVAL;
  if (!mul_ok(n, c, &t) || !mul_ok(t, inner, &t)) return FXRT_EINVAL;
  if (c > 0 && (!mean || !var)) return FXRT_EINVAL;
  if (t == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  for (int64_t b = 0; b < n; b++) {
    for (int64_t ch = 0; ch < c; ch++) {
      const float invstd = 1.0f / sqrtf(var[ch] + eps);
      const float wv = weight ? weight[ch] : 1.0f, bv = bias ? bias[ch] : 0.0f;
      const float alpha = invstd * wv, beta = bv - mean[ch] * invstd * wv;
      const int64_t off = (b * c + ch) * inner;
      affine(x + off, y + off, inner, alpha, beta);
    }
  }
  return FXRT_OK;
}

/* y[j] = (x[j] - mean) * rstd (* w[j]) (+ b[j]) for j < n; y may be x. */
static void normalize_copy(const float *restrict x, float *restrict y, int64_t n, float mean, float rstd) {
  int64_t j = 0;
  CHUNK_LOOP
  for (; j + VW <= n; j += VW)
    LANES(l) y[j + l] = (x[j + l] - mean) * rstd;
  for (; j < n; j++) y[j] = (x[j] - mean) * rstd;
}
static void normalize_inplace(float *restrict y, int64_t n, float mean, float rstd) {
  int64_t j = 0;
  CHUNK_LOOP
  for (; j + VW <= n; j += VW)
    LANES(l) y[j + l] = (y[j + l] - mean) * rstd;
  for (; j < n; j++) y[j] = (y[j] - mean) * rstd;
}
static void scale_shift(float *restrict y, int64_t n, const float *restrict w, const float *restrict b) {
  int64_t j = 0;
  if (w && b) {
    CHUNK_LOOP
    for (; j + VW <= n; j += VW)
      LANES(l) y[j + l] = y[j + l] * w[j + l] + b[j + l];
    for (; j < n; j++) y[j] = y[j] * w[j] + b[j];
  } else if (w) {
    CHUNK_LOOP
    for (; j + VW <= n; j += VW)
      LANES(l) y[j + l] *= w[j + l];
    for (; j < n; j++) y[j] *= w[j];
  } else if (b) {
    CHUNK_LOOP
    for (; j + VW <= n; j += VW)
      LANES(l) y[j + l] += b[j + l];
    for (; j < n; j++) y[j] += b[j];
  }
}

/* torch.nn.functional.layer_norm(x, [cols], weight, bias, eps) over rows of cols elements:
 * y = (x - mean) / sqrt(var + eps) * weight + bias with the biased variance; mean and rstd = 1/sqrt(var + eps) as
 * aten.native_layer_norm returns them (for cols == 0: mean 0 and rstd NaN, as PyTorch gives). */
fxrt_status fxrt_layer_norm_f32(const float *x, int64_t rows, int64_t cols, const float *weight, const float *bias,
                                float eps, float *y, float *mean, float *rstd) {
  int64_t t;
  if (!in_range(rows, 0) || !in_range(cols, 0) || !mul_ok(rows, cols, &t)) return FXRT_EINVAL;
  if (rows == 0) return FXRT_OK;
  if (t > 0 && (!x || !y)) return FXRT_EINVAL;
  for (int64_t r = 0; r < rows; r++) {
    if (cols == 0) {
      if (mean) mean[r] = 0.0f;
      if (rstd) rstd[r] = NAN;
      continue;
    }
    const float *xr = x + r * cols;
    float *yr = y + r * cols;
    float m, v;
    moments(xr, cols, &m, &v);
    const float rs = 1.0f / sqrtf(v + eps);
    if (xr == yr)
      normalize_inplace(yr, cols, m, rs);
    else
      normalize_copy(xr, yr, cols, m, rs);
    scale_shift(yr, cols, weight, bias);
    if (mean) mean[r] = m;
    if (rstd) rstd[r] = rs;
  }
  return FXRT_OK;
}

/* torch.nn.functional.group_norm(x, groups, weight, bias, eps): statistics over each group's c/groups * inner
 * elements (biased variance), then per channel y = x * scale + shift with scale = rstd * weight[c] and
 * shift = bias[c] - mean * scale, as PyTorch computes it. */
fxrt_status fxrt_group_norm_f32(const float *x, int64_t n, int64_t c, int64_t inner, int64_t groups,
                                const float *weight, const float *bias, float eps, float *y) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 0) || !in_range(inner, 0) || !in_range(groups, 1)) return FXRT_EINVAL;
  if (c % groups != 0 || !mul_ok(n, c, &t) || !mul_ok(t, inner, &t)) return FXRT_EINVAL;
  if (t == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const int64_t cg = c / groups;
  for (int64_t b = 0; b < n; b++) {
    for (int64_t g = 0; g < groups; g++) {
      const int64_t off = (b * c + g * cg) * inner;
      float m, v;
      moments(x + off, cg * inner, &m, &v);
      const float rs = 1.0f / sqrtf(v + eps);
      for (int64_t ch = g * cg; ch < (g + 1) * cg; ch++) {
        const float scale = rs * (weight ? weight[ch] : 1.0f);
        const float shift = (bias ? bias[ch] : 0.0f) - m * scale;
        const int64_t co = (b * c + ch) * inner;
        affine(x + co, y + co, inner, scale, shift);
      }
    }
  }
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_batch_norm_f32
#undef fxrt_layer_norm_f32
#undef fxrt_group_norm_f32
FXRT_DISPATCHER(fxrt_status, fxrt_batch_norm_f32,
                (const float *x, int64_t n, int64_t c, int64_t inner, const float *mean, const float *var,
                 const float *weight, const float *bias, float eps, float *y),
                (x, n, c, inner, mean, var, weight, bias, eps, y))
FXRT_DISPATCHER(fxrt_status, fxrt_layer_norm_f32,
                (const float *x, int64_t rows, int64_t cols, const float *weight, const float *bias, float eps,
                 float *y, float *mean, float *rstd),
                (x, rows, cols, weight, bias, eps, y, mean, rstd))
FXRT_DISPATCHER(fxrt_status, fxrt_group_norm_f32,
                (const float *x, int64_t n, int64_t c, int64_t inner, int64_t groups, const float *weight,
                 const float *bias, float eps, float *y),
                (x, n, c, inner, groups, weight, bias, eps, y))
