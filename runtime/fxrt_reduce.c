/* fxrt_reduce.c: reductions, softmax, topk and the scans (cumsum, cumprod, cummax, cummin, logcumsumexp) along the
 * middle dimension of a contiguous [outer, len, inner].
 *
 * When inner is 1 each output reduces one contiguous row; the row is split over a few independent accumulators so
 * the loop pipelines (and vectorises where the operation allows it). When inner > 1 a block of up to BLOCK
 * adjacent outputs is reduced together: for each of the len slices the block's inputs are contiguous, so the
 * inner loop runs along memory. f32 sums accumulate in double, so a sum of 1e6 floats is exact to ~1e-10. */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_reduce FXRT_ISA_NAME(fxrt_reduce)
#define fxrt_softmax_f32 FXRT_ISA_NAME(fxrt_softmax_f32)
#define fxrt_topk_f32 FXRT_ISA_COPY(fxrt_topk_f32)
#define fxrt_scan FXRT_ISA_COPY(fxrt_scan)
#include "fxrt.h"
#include "fxrt_scalar.h"
#include "fxrt_softmax.h"
#include "fxrt_vec.h"

#include <math.h>

#define NACC 8 /* independent accumulators of a reduction along a row */
#define BLOCK 64

/* double to float, rounding to nearest; beyond the float range is infinity (an out-of-range conversion is
 * undefined in C). */
static inline float f64_to_f32(double d) {
  const double limit = 0x1.ffffffp127; /* FLT_MAX plus half an ulp */
  return d >= limit ? INFINITY : d <= -limit ? -INFINITY : (float)d;
}

/* Checks the [outer, len, inner] sizes; *total = outer*len*inner and *outputs = outer*inner. */
static fxrt_status check_sizes(int64_t outer, int64_t len, int64_t inner, int64_t *total, int64_t *outputs) {
  if (outer < 0 || len < 0 || inner < 0) return FXRT_EINVAL;
  int64_t t = outer;
  if (len != 0 && t > INT64_MAX / len) return FXRT_EINVAL;
  t *= len;
  if (inner != 0 && t > INT64_MAX / inner) return FXRT_EINVAL;
  *total = t * inner;
  if (inner != 0 && outer > INT64_MAX / inner) return FXRT_EINVAL;
  *outputs = outer * inner;
  return FXRT_OK;
}

/* ---- sum, mean, prod, max, min, any, all ---------------------------------------------------------------------- */

/* A reduction from T to TY through an accumulator ACC: acc = INIT, STEP(acc, v) for each v, y = FINAL(acc).
 * STEP must also combine two accumulators (it does for +, *, NaN-propagating max/min, |, &). */
#define DEFINE_REDUCE(name, T, ACC, TY, INIT, STEP, FINAL)                                                            \
  static void name(const T *x, int64_t outer, int64_t len, int64_t inner, TY *y) {                                    \
    if (inner == 1) {                                                                                                 \
      for (int64_t o = 0; o < outer; o++) {                                                                           \
        const T *row = x + o * len;                                                                                   \
        ACC acc[NACC];                                                                                                \
        for (int k = 0; k < NACC; k++) acc[k] = INIT;                                                                 \
        int64_t i = 0;                                                                                                \
        for (; i + NACC <= len; i += NACC)                                                                            \
          for (int k = 0; k < NACC; k++) STEP(acc[k], row[i + k]);                                                    \
        for (; i < len; i++) STEP(acc[0], row[i]);                                                                    \
        for (int k = 1; k < NACC; k++) STEP(acc[0], acc[k]);                                                          \
        y[o] = FINAL(acc[0]);                                                                                         \
      }                                                                                                               \
      return;                                                                                                         \
    }                                                                                                                 \
    for (int64_t o = 0; o < outer; o++) {                                                                             \
      const T *xo = x + o * len * inner;                                                                              \
      for (int64_t j0 = 0; j0 < inner; j0 += BLOCK) {                                                                 \
        const int64_t m = inner - j0 < BLOCK ? inner - j0 : BLOCK;                                                    \
        ACC acc[BLOCK];                                                                                               \
        for (int64_t j = 0; j < m; j++) acc[j] = INIT;                                                                \
        for (int64_t r = 0; r < len; r++) {                                                                           \
          const T *slice = xo + r * inner + j0;                                                                       \
          for (int64_t j = 0; j < m; j++) STEP(acc[j], slice[j]);                                                     \
        }                                                                                                             \
        for (int64_t j = 0; j < m; j++) y[o * inner + j0 + j] = FINAL(acc[j]);                                        \
      }                                                                                                               \
    }                                                                                                                 \
  }

#define STEP_SUM(acc, v) ((acc) += (v))
#define STEP_PROD(acc, v) ((acc) *= (v))
/* torch.amax/amin: NaN wins (once acc is NaN nothing replaces it). */
#define STEP_MAX_F(acc, v) ((acc) = ((v) > (acc) || (v) != (v)) ? (v) : (acc))
#define STEP_MIN_F(acc, v) ((acc) = ((v) < (acc) || (v) != (v)) ? (v) : (acc))
#define STEP_MAX_I(acc, v) ((acc) = (v) > (acc) ? (v) : (acc))
#define STEP_MIN_I(acc, v) ((acc) = (v) < (acc) ? (v) : (acc))
#define STEP_ANY(acc, v) ((acc) |= ((v) != 0))
#define STEP_ALL(acc, v) ((acc) &= ((v) != 0))

#define FINAL_F32(acc) f64_to_f32(acc)
#define FINAL_MEAN_F32(acc) f64_to_f32((acc) / (double)len)
#define FINAL_I64(acc) ((int64_t)(acc))
#define FINAL_SAME(acc) (acc)

/* torch.sum, mean, prod (accumulated in double), amax, amin, any, all over f32. */
DEFINE_REDUCE(sum_f32, float, double, float, 0.0, STEP_SUM, FINAL_F32)
DEFINE_REDUCE(mean_f32, float, double, float, 0.0, STEP_SUM, FINAL_MEAN_F32)
DEFINE_REDUCE(prod_f32, float, double, float, 1.0, STEP_PROD, FINAL_F32)
DEFINE_REDUCE(max_f32, float, float, float, -INFINITY, STEP_MAX_F, FINAL_SAME)
DEFINE_REDUCE(min_f32, float, float, float, INFINITY, STEP_MIN_F, FINAL_SAME)
DEFINE_REDUCE(any_f32, float, uint8_t, uint8_t, 0, STEP_ANY, FINAL_SAME)
DEFINE_REDUCE(all_f32, float, uint8_t, uint8_t, 1, STEP_ALL, FINAL_SAME)
/* The same over i64; sum and prod wrap around on overflow as torch's do (accumulated unsigned). */
DEFINE_REDUCE(sum_i64, int64_t, uint64_t, int64_t, 0, STEP_SUM, FINAL_I64)
DEFINE_REDUCE(prod_i64, int64_t, uint64_t, int64_t, 1, STEP_PROD, FINAL_I64)
DEFINE_REDUCE(max_i64, int64_t, int64_t, int64_t, INT64_MIN, STEP_MAX_I, FINAL_SAME)
DEFINE_REDUCE(min_i64, int64_t, int64_t, int64_t, INT64_MAX, STEP_MIN_I, FINAL_SAME)
DEFINE_REDUCE(any_i64, int64_t, uint8_t, uint8_t, 0, STEP_ANY, FINAL_SAME)
DEFINE_REDUCE(all_i64, int64_t, uint8_t, uint8_t, 1, STEP_ALL, FINAL_SAME)
/* torch.any / torch.all over bool. */
DEFINE_REDUCE(any_b8, uint8_t, uint8_t, uint8_t, 0, STEP_ANY, FINAL_SAME)
DEFINE_REDUCE(all_b8, uint8_t, uint8_t, uint8_t, 1, STEP_ALL, FINAL_SAME)

/* ---- argmax, argmin -------------------------------------------------------------------------------------------- */

/* torch.argmax / argmin: the first index of the extreme value; for floats NaN is the extreme (the first NaN wins,
 * as torch.argmax([1, nan, 3, nan]) = 1 and torch.argmin([1, nan, 0, nan]) = 1). BETTER(v, best) says v replaces
 * the current best; a NaN best is final. len >= 1. */
#define DEFINE_ARG(name, T, BETTER)                                                                                   \
  static void name(const T *x, int64_t outer, int64_t len, int64_t inner, int64_t *y) {                               \
    for (int64_t o = 0; o < outer; o++) {                                                                             \
      const T *xo = x + o * len * inner;                                                                              \
      for (int64_t j0 = 0; j0 < inner; j0 += BLOCK) {                                                                 \
        const int64_t m = inner - j0 < BLOCK ? inner - j0 : BLOCK;                                                    \
        T best[BLOCK];                                                                                                \
        int64_t at[BLOCK];                                                                                            \
        for (int64_t j = 0; j < m; j++) {                                                                             \
          best[j] = xo[j0 + j];                                                                                       \
          at[j] = 0;                                                                                                  \
        }                                                                                                             \
        for (int64_t r = 1; r < len; r++) {                                                                           \
          const T *slice = xo + r * inner + j0;                                                                       \
          for (int64_t j = 0; j < m; j++) {                                                                           \
            const T v = slice[j], b = best[j];                                                                        \
            if (BETTER(v, b)) {                                                                                       \
              best[j] = v;                                                                                            \
              at[j] = r;                                                                                              \
            }                                                                                                         \
          }                                                                                                           \
        }                                                                                                             \
        for (int64_t j = 0; j < m; j++) y[o * inner + j0 + j] = at[j];                                                \
      }                                                                                                               \
    }                                                                                                                 \
  }

#define BETTER_MAX_F(v, b) ((b) == (b) && ((v) > (b) || (v) != (v)))
#define BETTER_MIN_F(v, b) ((b) == (b) && ((v) < (b) || (v) != (v)))
#define BETTER_MAX_I(v, b) ((v) > (b))
#define BETTER_MIN_I(v, b) ((v) < (b))

DEFINE_ARG(argmax_f32, float, BETTER_MAX_F)
DEFINE_ARG(argmin_f32, float, BETTER_MIN_F)
DEFINE_ARG(argmax_i64, int64_t, BETTER_MAX_I)
DEFINE_ARG(argmin_i64, int64_t, BETTER_MIN_I)

/* The value of a reduction over nothing: the operation's identity (MEAN is 0/0). */
static fxrt_status reduce_empty(fxrt_reduce_op op, fxrt_dtype dt, int64_t outputs, void *y) {
  for (int64_t i = 0; i < outputs; i++) {
    if (op == FXRT_R_ANY || op == FXRT_R_ALL) ((uint8_t *)y)[i] = op == FXRT_R_ALL;
    else if (dt == FXRT_I64) ((int64_t *)y)[i] = op == FXRT_R_PROD;
    else ((float *)y)[i] = op == FXRT_R_PROD ? 1.0f : op == FXRT_R_MEAN ? NAN : 0.0f;
  }
  return FXRT_OK;
}

/* The cases of fxrt_reduce that f32 and i64 (T) both have: sum, prod, amax and amin give a T, argmax and argmin an
 * i64, any and all a bool. */
#define COMMON_CASES(sfx, T)                                                                                          \
  case FXRT_R_SUM: sum_##sfx((const T *)x, outer, len, inner, (T *)y); break;                                         \
  case FXRT_R_PROD: prod_##sfx((const T *)x, outer, len, inner, (T *)y); break;                                       \
  case FXRT_R_MAX: max_##sfx((const T *)x, outer, len, inner, (T *)y); break;                                         \
  case FXRT_R_MIN: min_##sfx((const T *)x, outer, len, inner, (T *)y); break;                                         \
  case FXRT_R_ARGMAX: argmax_##sfx((const T *)x, outer, len, inner, (int64_t *)y); break;                             \
  case FXRT_R_ARGMIN: argmin_##sfx((const T *)x, outer, len, inner, (int64_t *)y); break;                             \
  case FXRT_R_ANY: any_##sfx((const T *)x, outer, len, inner, (uint8_t *)y); break;                                   \
  case FXRT_R_ALL: all_##sfx((const T *)x, outer, len, inner, (uint8_t *)y); break;

/* torch.sum / mean / prod / amax / amin / argmax / argmin / any / all along the middle dimension of
 * [outer, len, inner]. f32: all; i64: all but MEAN (torch refuses mean of integers: FXRT_EDTYPE); bool: ANY and
 * ALL (torch's sum of bool is i64: the caller converts). Over an empty dimension (len 0) SUM gives 0, PROD 1, MEAN
 * NaN, ANY false and ALL true; MAX/MIN/ARGMAX/ARGMIN have no identity and are FXRT_EINVAL, as in torch. */
fxrt_status fxrt_reduce(fxrt_reduce_op op, fxrt_dtype dt, const void *x, int64_t outer, int64_t len, int64_t inner,
                        void *y) {
  if ((unsigned)op >= FXRT_NUM_REDUCE_OPS) return FXRT_EINVAL;
  if (dt != FXRT_F32 && dt != FXRT_I64 && dt != FXRT_BOOL) return FXRT_EDTYPE;
  if (dt == FXRT_BOOL && op != FXRT_R_ANY && op != FXRT_R_ALL) return FXRT_EDTYPE;
  if (dt == FXRT_I64 && op == FXRT_R_MEAN) return FXRT_EDTYPE;
  int64_t total, outputs;
  fxrt_status s = check_sizes(outer, len, inner, &total, &outputs);
  if (s != FXRT_OK) return s;
  const bool no_identity = op == FXRT_R_MAX || op == FXRT_R_MIN || op == FXRT_R_ARGMAX || op == FXRT_R_ARGMIN;
  if (len == 0 && no_identity) return FXRT_EINVAL;
  if (outputs == 0) return FXRT_OK;
  if ((total > 0 && !x) || !y) return FXRT_EINVAL;
  if (len == 0) return reduce_empty(op, dt, outputs, y);
  if (dt == FXRT_F32) {
    switch (op) {
      COMMON_CASES(f32, float)
    case FXRT_R_MEAN: mean_f32((const float *)x, outer, len, inner, (float *)y); break;
    case FXRT_NUM_REDUCE_OPS: break;
    }
  } else if (dt == FXRT_I64) {
    switch (op) {
      COMMON_CASES(i64, int64_t)
    case FXRT_R_MEAN: case FXRT_NUM_REDUCE_OPS: break;
    }
  } else if (op == FXRT_R_ANY) {
    any_b8((const uint8_t *)x, outer, len, inner, (uint8_t *)y);
  } else {
    all_b8((const uint8_t *)x, outer, len, inner, (uint8_t *)y);
  }
  return FXRT_OK;
}

/* ---- softmax --------------------------------------------------------------------------------------------------- */

/* torch.softmax / torch.log_softmax along the middle dimension:
 *   softmax(x)_i     = exp(x_i - max) / sum_j exp(x_j - max)
 *   log_softmax(x)_i = x_i - max - log(sum_j exp(x_j - max))
 * The sum accumulates in double. A NaN, or an infinite maximum, makes its whole slice NaN as in torch (a slice of
 * -inf's too; log_softmax([1, -inf]) is [0, -inf]). y may be x. */
fxrt_status fxrt_softmax_f32(const float *x, int64_t outer, int64_t len, int64_t inner, float *y, bool log_softmax) {
  int64_t total, outputs;
  fxrt_status s = check_sizes(outer, len, inner, &total, &outputs);
  if (s != FXRT_OK) return s;
  if (total == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  if (inner == 1) { /* the usual case (softmax over the last dimension): contiguous rows, in vectors */
    for (int64_t o = 0; o < outer; o++) {
      const float *row = x + o * len;
      float *out = y + o * len;
      const float max = softmax_row_max(row, len);
      if (log_softmax) {
        const double shift = (double)max + log(softmax_row_exp(row, len, max, NULL, false));
        for (int64_t i = 0; i < len; i++) out[i] = (float)((double)row[i] - shift);
      } else {
        softmax_row_store(row, len, max, out);
      }
    }
    return FXRT_OK;
  }
  for (int64_t o = 0; o < outer; o++) {
    const float *xo = x + o * len * inner;
    float *yo = y + o * len * inner;
    for (int64_t j0 = 0; j0 < inner; j0 += BLOCK) {
      const int64_t m = inner - j0 < BLOCK ? inner - j0 : BLOCK;
      float max[BLOCK];
      double sum[BLOCK];
      for (int64_t j = 0; j < m; j++) {
        max[j] = -INFINITY;
        sum[j] = 0.0;
      }
      for (int64_t r = 0; r < len; r++) {
        const float *slice = xo + r * inner + j0;
        for (int64_t j = 0; j < m; j++) STEP_MAX_F(max[j], slice[j]);
      }
      if (log_softmax) {
        for (int64_t r = 0; r < len; r++) {
          const float *slice = xo + r * inner + j0;
          for (int64_t j = 0; j < m; j++) sum[j] += fxrt_s_expf(slice[j] - max[j]);
        }
        double shift[BLOCK];
        for (int64_t j = 0; j < m; j++) shift[j] = (double)max[j] + log(sum[j]);
        for (int64_t r = 0; r < len; r++) {
          const float *slice = xo + r * inner + j0;
          float *out = yo + r * inner + j0;
          for (int64_t j = 0; j < m; j++) out[j] = (float)((double)slice[j] - shift[j]);
        }
      } else {
        for (int64_t r = 0; r < len; r++) {
          const float *slice = xo + r * inner + j0;
          float *out = yo + r * inner + j0;
          for (int64_t j = 0; j < m; j++) {
            const float e = fxrt_s_expf(slice[j] - max[j]);
            out[j] = e;
            sum[j] += e;
          }
        }
        double scale[BLOCK];
        for (int64_t j = 0; j < m; j++) scale[j] = 1.0 / sum[j];
        for (int64_t r = 0; r < len; r++) {
          float *out = yo + r * inner + j0;
          for (int64_t j = 0; j < m; j++) out[j] = (float)((double)out[j] * scale[j]);
        }
      }
    }
  }
  return FXRT_OK;
}

/* ---- topk ------------------------------------------------------------------------------------------------------ */

/* The order of torch.topk: with largest, bigger values first and NaN above everything; otherwise smaller values
 * first and NaN below everything (torch counts NaN as the largest value either way). Equal values: lower index
 * first. */
static bool ranks_before(float va, int64_t ia, float vb, int64_t ib, bool largest) {
  const bool na = va != va, nb = vb != vb;
  if (na || nb) {
    if (na && nb) return ia < ib;
    return largest ? na : nb;
  }
  if (va != vb) return largest ? va > vb : va < vb;
  return ia < ib;
}

/* A binary heap of k (value, index) pairs kept in the output slots of one slice (stride `st`), with the pair that
 * ranks last at the root, so a new element only has to beat the root. */
typedef struct topk_heap {
  float *v;
  int64_t *ix;
  int64_t st;
  bool largest;
} topk_heap;

/* True when slot a ranks after slot b (a belongs nearer the root). */
static bool heap_after(const topk_heap *h, int64_t a, int64_t b) {
  return ranks_before(h->v[b * h->st], h->ix[b * h->st], h->v[a * h->st], h->ix[a * h->st], h->largest);
}

static void heap_swap(const topk_heap *h, int64_t a, int64_t b) {
  const float tv = h->v[a * h->st];
  const int64_t ti = h->ix[a * h->st];
  h->v[a * h->st] = h->v[b * h->st];
  h->ix[a * h->st] = h->ix[b * h->st];
  h->v[b * h->st] = tv;
  h->ix[b * h->st] = ti;
}

static void heap_sift_up(const topk_heap *h, int64_t i) {
  while (i > 0) {
    const int64_t parent = (i - 1) / 2;
    if (!heap_after(h, i, parent)) break;
    heap_swap(h, i, parent);
    i = parent;
  }
}

static void heap_sift_down(const topk_heap *h, int64_t i, int64_t size) {
  for (;;) {
    const int64_t l = 2 * i + 1, r = l + 1;
    int64_t top = i;
    if (l < size && heap_after(h, l, top)) top = l;
    if (r < size && heap_after(h, r, top)) top = r;
    if (top == i) return;
    heap_swap(h, i, top);
    i = top;
  }
}

/* torch.topk(x, k, dim, largest, sorted=True) along the middle dimension: values and indices are
 * [outer, k, inner], best first. O(len log k) per slice, no memory beyond the outputs. Equal values keep the lower
 * index first (the header's contract; torch 1.13 itself orders ties arbitrarily). */
fxrt_status fxrt_topk_f32(const float *x, int64_t outer, int64_t len, int64_t inner, int64_t k, bool largest,
                          float *values, int64_t *indices) {
  int64_t total, outputs;
  fxrt_status s = check_sizes(outer, len, inner, &total, &outputs);
  if (s != FXRT_OK) return s;
  if (k < 0 || k > len) return FXRT_EINVAL;
  if (outputs == 0 || k == 0) return FXRT_OK;
  if (!x || !values || !indices) return FXRT_EINVAL;
  for (int64_t o = 0; o < outer; o++) {
    for (int64_t j = 0; j < inner; j++) {
      const float *slice = x + o * len * inner + j;
      topk_heap h = {values + o * k * inner + j, indices + o * k * inner + j, inner, largest};
      for (int64_t i = 0; i < k; i++) {
        h.v[i * inner] = slice[i * inner];
        h.ix[i * inner] = i;
        heap_sift_up(&h, i);
      }
      for (int64_t i = k; i < len; i++) {
        const float v = slice[i * inner];
        if (ranks_before(v, i, h.v[0], h.ix[0], largest)) {
          h.v[0] = v;
          h.ix[0] = i;
          heap_sift_down(&h, 0, k);
        }
      }
      /* Heap sort: moving the last-ranked pair to the end each time leaves the slots in rank order. */
      for (int64_t end = k - 1; end > 0; end--) {
        heap_swap(&h, 0, end);
        heap_sift_down(&h, 0, end);
      }
    }
  }
  return FXRT_OK;
}

/* ---- scans: cumsum, cumprod, cummax, cummin, logcumsumexp -------------------------------------------------- */

/* One scan over [outer, len, inner]: a block of up to BLOCK adjacent columns at a time, each with its accumulator
 * acc (type A, from INIT) and index, strictly in order along the dimension as ATen's CPU kernels
 * (cpu_cum_base_kernel) so that the roundings are the same. STEP(acc, idx, v, r) takes element r (as A), OUT(acc)
 * is the value written. T is the element type; indices is written when not NULL. */
#define SCAN_LOOP(T, A, INIT, STEP, OUT)                                                                               \
  for (int64_t o = 0; o < outer; o++) {                                                                                \
    for (int64_t j0 = 0; j0 < inner; j0 += BLOCK) {                                                                    \
      const int64_t m = inner - j0 < BLOCK ? inner - j0 : BLOCK, base = o * len * inner + j0;                          \
      const T *xs = (const T *)x + base;                                                                               \
      T *ys = (T *)y + base;                                                                                           \
      int64_t *is = indices ? indices + base : NULL;                                                                   \
      A acc[BLOCK];                                                                                                    \
      int64_t idx[BLOCK];                                                                                              \
      for (int64_t j = 0; j < m; j++) acc[j] = INIT, idx[j] = 0;                                                       \
      for (int64_t r = 0; r < len; r++) {                                                                              \
        for (int64_t j = 0; j < m; j++) {                                                                              \
          const A v = (A)xs[r * inner + j];                                                                            \
          STEP(acc[j], idx[j], v, r);                                                                                  \
          ys[r * inner + j] = OUT(acc[j]);                                                                             \
          if (is) is[r * inner + j] = idx[j];                                                                          \
        }                                                                                                              \
      }                                                                                                                \
    }                                                                                                                  \
  }

/* the steps: integers wrap around (unsigned arithmetic); a + b, a * b */
#define CUM_SUM(acc, idx, v, r) ((acc) += (v))
#define CUM_PROD(acc, idx, v, r) ((acc) *= (v))
/* ATen's cummax_cummin_helper: a NaN is taken whenever it comes (so the index of the last NaN so far), otherwise
 * a value >= (cummax) or <= (cummin) the running one, so that ties give the last index. Row 0 is always taken. */
#define CUM_MAX(acc, idx, v, r)                                                                                        \
  if ((r) == 0 || (v) != (v) || ((acc) == (acc) && (v) >= (acc))) (acc) = (v), (idx) = (r)
#define CUM_MIN(acc, idx, v, r)                                                                                        \
  if ((r) == 0 || (v) != (v) || ((acc) == (acc) && (v) <= (acc))) (acc) = (v), (idx) = (r)
#define CUM_MAX_INT(acc, idx, v, r)                                                                                    \
  if ((r) == 0 || (v) >= (acc)) (acc) = (v), (idx) = (r)
#define CUM_MIN_INT(acc, idx, v, r)                                                                                    \
  if ((r) == 0 || (v) <= (acc)) (acc) = (v), (idx) = (r)
#define CUM_LSE(acc, idx, v, r) ((acc) = log_add_exp((v), (acc)))
#define OUT_SAME(acc) (acc)
#define OUT_F32(acc) f64_to_f32(acc)

/* logcumsumexp's step, ATen's log_add_exp(x, y) of the new element x and the running value y (in double for f32):
 * log1p(exp(min - max)) + max, which propagates NaN (std::min/std::max return x when y is not NaN but x is),
 * except that two equal infinities give x (inf + inf = inf, -inf + -inf = -inf). */
static inline double log_add_exp(double x, double y) {
  const double mn = y != y ? y : (y < x ? y : x), mx = y != y ? y : (x < y ? y : x);
  if (mn != mx || isfinite(mn)) return log1p(exp(mn - mx)) + mx;
  return x;
}

/* torch.cumsum, cumprod, cummax, cummin, logcumsumexp along the middle dimension (see fxrt.h). */
fxrt_status fxrt_scan(fxrt_scan_op op, fxrt_dtype dt, const void *x, int64_t outer, int64_t len, int64_t inner, void *y,
                      int64_t *indices) {
  if ((unsigned)op >= FXRT_NUM_SCAN_OPS) return FXRT_EINVAL;
  const bool extreme = op == FXRT_SCAN_MAX || op == FXRT_SCAN_MIN;
  bool ok;
  switch (dt) {
  case FXRT_F32:
  case FXRT_F64: ok = true; break;
  case FXRT_I64:
  case FXRT_I32:
  case FXRT_I16:
  case FXRT_I8:
  case FXRT_U8: ok = op != FXRT_SCAN_LOGSUMEXP; break;
  case FXRT_BOOL: ok = extreme; break;
  default: ok = false;
  }
  if (!ok) return FXRT_EDTYPE;
  int64_t total, outputs;
  fxrt_status s = check_sizes(outer, len, inner, &total, &outputs);
  if (s != FXRT_OK) return s;
  if (total == 0) return FXRT_OK;
  if (!x || !y || (extreme && !indices)) return FXRT_EINVAL;
  if (!extreme) indices = NULL;
  /* sums and products: f32 in double (ATen's acc_type), integers in uint64 wrapping around, written in their type */
#define SCAN_ARITH(STEP, INIT)                                                                                         \
  do {                                                                                                                 \
    if (dt == FXRT_F32) SCAN_LOOP(float, double, INIT, STEP, OUT_F32)                                                  \
    else if (dt == FXRT_F64) SCAN_LOOP(double, double, INIT, STEP, OUT_SAME)                                           \
    else if (dt == FXRT_I64) SCAN_LOOP(int64_t, uint64_t, INIT, STEP, (int64_t))                                       \
    else if (dt == FXRT_I32) SCAN_LOOP(int32_t, uint64_t, INIT, STEP, (int32_t))                                       \
    else if (dt == FXRT_I16) SCAN_LOOP(int16_t, uint64_t, INIT, STEP, (int16_t))                                       \
    else if (dt == FXRT_I8) SCAN_LOOP(int8_t, uint64_t, INIT, STEP, (int8_t))                                          \
    else SCAN_LOOP(uint8_t, uint64_t, INIT, STEP, (uint8_t))                                                           \
  } while (0)
  /* cummax / cummin: the values in their own type */
#define SCAN_EXTREME(STEP, STEP_INT)                                                                                   \
  do {                                                                                                                 \
    if (dt == FXRT_F32) SCAN_LOOP(float, float, 0, STEP, OUT_SAME)                                                     \
    else if (dt == FXRT_F64) SCAN_LOOP(double, double, 0, STEP, OUT_SAME)                                              \
    else if (dt == FXRT_I64) SCAN_LOOP(int64_t, int64_t, 0, STEP_INT, OUT_SAME)                                        \
    else if (dt == FXRT_I32) SCAN_LOOP(int32_t, int32_t, 0, STEP_INT, OUT_SAME)                                        \
    else if (dt == FXRT_I16) SCAN_LOOP(int16_t, int16_t, 0, STEP_INT, OUT_SAME)                                        \
    else if (dt == FXRT_I8) SCAN_LOOP(int8_t, int8_t, 0, STEP_INT, OUT_SAME)                                           \
    else SCAN_LOOP(uint8_t, uint8_t, 0, STEP_INT, OUT_SAME) /* u8 and bool (0 or 1) */                                 \
  } while (0)
  switch (op) {
  case FXRT_SCAN_SUM: SCAN_ARITH(CUM_SUM, 0); break;
  case FXRT_SCAN_PROD: SCAN_ARITH(CUM_PROD, 1); break;
  case FXRT_SCAN_MAX: SCAN_EXTREME(CUM_MAX, CUM_MAX_INT); break;
  case FXRT_SCAN_MIN: SCAN_EXTREME(CUM_MIN, CUM_MIN_INT); break;
  case FXRT_SCAN_LOGSUMEXP:
    if (dt == FXRT_F32) SCAN_LOOP(float, double, -INFINITY, CUM_LSE, OUT_F32)
    else SCAN_LOOP(double, double, -INFINITY, CUM_LSE, OUT_SAME)
    break;
  default: return FXRT_EINVAL;
  }
#undef SCAN_ARITH
#undef SCAN_EXTREME
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_reduce
#undef fxrt_softmax_f32
FXRT_DISPATCHER(fxrt_status, fxrt_reduce,
                (fxrt_reduce_op op, fxrt_dtype dt, const void *x, int64_t outer, int64_t len, int64_t inner, void *y),
                (op, dt, x, outer, len, inner, y))
FXRT_DISPATCHER(fxrt_status, fxrt_softmax_f32,
                (const float *x, int64_t outer, int64_t len, int64_t inner, float *y, bool log_softmax),
                (x, outer, len, inner, y, log_softmax))
