/* test_reduce.c: fxrt_reduce.c: fxrt_reduce, fxrt_softmax_f32, fxrt_topk_f32, fxrt_scan
 * (cumsum, cumprod, cummax, cummin, logcumsumexp).
 *
 * Each kernel runs over a set of [outer, len, inner] shapes (inner 1 and > 1, sizes that do not divide the
 * kernel's lanes and blocks, empty dimensions) against a naive loop written here in double or int64, and over
 * torch 1.13's results for the non-obvious cases (argmax ties and NaN, reductions over empty dimensions,
 * softmax of infinite and NaN rows, topk order, integer wrap-around, cummax's NaN and ties, logcumsumexp of
 * infinities), each naming the torch expression.
 * Output buffers carry guard elements after the last output that must stay untouched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"

static uint64_t rng = 0x13198a2e03707344u;
static uint64_t rnd64(void) { /* xorshift64* */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 2685821657736338717u;
}
static double rnd_uniform(double lo, double hi) {
  return lo + (hi - lo) * (double)(rnd64() >> 11) / 9007199254740992.0;
}
static int64_t rnd_int(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1)); }

static bool same_float(double got, double want) {
  if (want != want) return got != got;
  return got == want && signbit(got) == signbit(want);
}

static bool close_to(double got, double want, double rtol, double atol) {
  if (want != want) return got != got;
  if (isinf(want)) return got == want;
  return fabs(got - want) <= atol + rtol * fabs(want);
}

typedef struct rshape {
  int64_t outer, len, inner;
} rshape;

/* inner 1 (contiguous rows) and > 1 (strided), lengths around the kernel's 8 lanes, inner sizes around its 64-wide
 * blocks, and empty dimensions. */
static const rshape shapes[] = {
    {1, 1, 1}, {3, 5, 1}, {2, 17, 1}, {4, 64, 1}, {1, 1000, 1}, {2, 7, 3},  {3, 10, 64}, {2, 5, 70},
    {1, 3, 129}, {5, 1, 9}, {0, 4, 3},  {3, 4, 0},  {2, 0, 3},   {2, 0, 1}, {1, 9, 2},   {2, 33, 65},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])
#define GUARD 4

/* ---- fxrt_reduce ----------------------------------------------------------------------------------------------- */

static double ref_reduce_f32(fxrt_reduce_op op, const float *x, int64_t len, int64_t inner) {
  double acc = op == FXRT_R_PROD ? 1 : op == FXRT_R_MAX ? -INFINITY : op == FXRT_R_MIN ? INFINITY : 0;
  int64_t best = 0;
  bool any = false, all = true;
  for (int64_t r = 0; r < len; r++) {
    const double v = x[r * inner];
    switch (op) {
    case FXRT_R_SUM: case FXRT_R_MEAN: acc += v; break;
    case FXRT_R_PROD: acc *= v; break;
    case FXRT_R_MAX: acc = acc != acc || v != v ? NAN : v > acc ? v : acc; break;
    case FXRT_R_MIN: acc = acc != acc || v != v ? NAN : v < acc ? v : acc; break;
    case FXRT_R_ARGMAX: /* the first NaN, else the first maximum */
    case FXRT_R_ARGMIN: {
      const double b = x[best * inner];
      if (b != b) break;
      if (v != v || (op == FXRT_R_ARGMAX ? v > b : v < b)) best = r;
      break;
    }
    case FXRT_R_ANY: any = any || v != 0; break;
    case FXRT_R_ALL: all = all && v != 0; break;
    default: break;
    }
  }
  switch (op) {
  case FXRT_R_MEAN: return acc / (double)len;
  case FXRT_R_ARGMAX: case FXRT_R_ARGMIN: return (double)best;
  case FXRT_R_ANY: return any;
  case FXRT_R_ALL: return all;
  default: return acc;
  }
}

static float value_for(fxrt_reduce_op op) {
  switch (op) {
  case FXRT_R_PROD: return (float)rnd_uniform(0.7, 1.4);
  case FXRT_R_MAX: case FXRT_R_MIN: case FXRT_R_ARGMAX: case FXRT_R_ARGMIN: {
    const int64_t r = rnd_int(0, 60);
    return r == 0 ? NAN : (float)rnd_int(-4, 4); /* ties and the odd NaN */
  }
  case FXRT_R_ANY: case FXRT_R_ALL: {
    const int64_t r = rnd_int(0, 9);
    return r == 0 ? 0.0f : r == 1 ? -0.0f : r == 2 ? NAN : 1.0f + (float)r;
  }
  default: return (float)rnd_uniform(-2, 2);
  }
}

static void reduce_f32_against_naive_loop(void **state) {
  (void)state;
  for (int op = 0; op < FXRT_NUM_REDUCE_OPS; op++) {
    for (size_t k = 0; k < NSHAPES; k++) {
      const rshape s = shapes[k];
      const int64_t total = s.outer * s.len * s.inner, outputs = s.outer * s.inner;
      float *x = malloc((size_t)(total + 1) * sizeof *x);
      int64_t *y = malloc((size_t)(outputs + GUARD) * sizeof *y); /* 8 bytes per output covers every y dtype */
      assert_true(x && y);
      for (int64_t i = 0; i < total; i++) x[i] = value_for((fxrt_reduce_op)op);
      memset(y, 0xA5, (size_t)(outputs + GUARD) * sizeof *y);
      const fxrt_status st = fxrt_reduce((fxrt_reduce_op)op, FXRT_F32, x, s.outer, s.len, s.inner, y);
      const bool no_identity = op == FXRT_R_MAX || op == FXRT_R_MIN || op == FXRT_R_ARGMAX || op == FXRT_R_ARGMIN;
      if (s.len == 0 && no_identity) {
        assert_int_equal(st, FXRT_EINVAL);
      } else {
        assert_int_equal(st, FXRT_OK);
        for (int64_t o = 0; o < s.outer; o++) {
          for (int64_t j = 0; j < s.inner; j++) {
            const float *slice = x + o * s.len * s.inner + j;
            const double want = ref_reduce_f32((fxrt_reduce_op)op, slice, s.len, s.inner);
            const int64_t i = o * s.inner + j;
            double got;
            bool ok;
            if (op == FXRT_R_ARGMAX || op == FXRT_R_ARGMIN) {
              got = (double)y[i];
              ok = got == want;
            } else if (op == FXRT_R_ANY || op == FXRT_R_ALL) {
              got = ((const uint8_t *)y)[i];
              ok = got == want;
            } else {
              got = ((const float *)y)[i];
              double scale = 0; /* cancellation in a sum is measured against the sum of magnitudes */
              for (int64_t r = 0; r < s.len; r++) scale += fabs((double)slice[r * s.inner]);
              if (op == FXRT_R_MEAN && s.len > 0) scale /= (double)s.len;
              ok = op == FXRT_R_MAX || op == FXRT_R_MIN ? same_float(got, want) || (got == 0 && want == 0)
                                                        : close_to(got, want, 1e-6, 1e-7 * scale);
            }
            if (!ok)
              fail_msg("op %d shape [%lld, %lld, %lld] output %lld: want %.9g, got %.9g", op, (long long)s.outer,
                       (long long)s.len, (long long)s.inner, (long long)i, want, got);
          }
        }
        const bool arg = op == FXRT_R_ARGMAX || op == FXRT_R_ARGMIN, logical = op == FXRT_R_ANY || op == FXRT_R_ALL;
        const size_t ysize = arg ? 8 : logical ? 1 : 4;
        const unsigned char *bytes = (const unsigned char *)y;
        for (size_t b = (size_t)outputs * ysize; b < (size_t)(outputs + GUARD) * 8; b++) {
          if (bytes[b] != 0xA5) fail_msg("op %d wrote past its outputs", op);
        }
      }
      free(x);
      free(y);
    }
  }
}

static void reduce_i64_and_bool_against_naive_loop(void **state) {
  (void)state;
  for (int op = 0; op < FXRT_NUM_REDUCE_OPS; op++) {
    if (op == FXRT_R_MEAN) continue;
    for (size_t k = 0; k < NSHAPES; k++) {
      const rshape s = shapes[k];
      if (s.len > 40 && op == FXRT_R_PROD) continue; /* keep products exact */
      const int64_t total = s.outer * s.len * s.inner, outputs = s.outer * s.inner;
      int64_t *x = malloc((size_t)(total + 1) * sizeof *x), *y = malloc((size_t)(outputs + GUARD) * sizeof *y);
      uint8_t *xb = malloc((size_t)total + 1), *yb = malloc((size_t)outputs + GUARD);
      assert_true(x && y && xb && yb);
      for (int64_t i = 0; i < total; i++) {
        x[i] = op == FXRT_R_PROD ? rnd_int(-2, 2) : op == FXRT_R_SUM ? rnd_int(-1000000, 1000000) : rnd_int(-3, 3);
        if ((op == FXRT_R_ALL || op == FXRT_R_PROD) && x[i] == 0 && rnd_int(0, 3)) x[i] = 1;
        xb[i] = (uint8_t)(x[i] == 0 ? 0 : x[i] > 0 ? 1 : 2); /* any nonzero byte is true */
      }
      const bool no_identity = op == FXRT_R_MAX || op == FXRT_R_MIN || op == FXRT_R_ARGMAX || op == FXRT_R_ARGMIN;
      const fxrt_status st = fxrt_reduce((fxrt_reduce_op)op, FXRT_I64, x, s.outer, s.len, s.inner, y);
      assert_int_equal(st, s.len == 0 && no_identity ? FXRT_EINVAL : FXRT_OK);
      const bool logical = op == FXRT_R_ANY || op == FXRT_R_ALL;
      if (logical)
        assert_int_equal(fxrt_reduce((fxrt_reduce_op)op, FXRT_BOOL, xb, s.outer, s.len, s.inner, yb), FXRT_OK);
      for (int64_t o = 0; st == FXRT_OK && o < s.outer; o++) {
        for (int64_t j = 0; j < s.inner; j++) {
          int64_t acc = op == FXRT_R_PROD ? 1 : op == FXRT_R_ALL ? 1 : 0, best = 0;
          for (int64_t r = 0; r < s.len; r++) {
            const int64_t v = x[o * s.len * s.inner + r * s.inner + j];
            const int64_t b = x[o * s.len * s.inner + best * s.inner + j];
            if (r == 0 && (op == FXRT_R_MAX || op == FXRT_R_MIN)) acc = v;
            switch (op) {
            case FXRT_R_SUM: acc += v; break;
            case FXRT_R_PROD: acc *= v; break;
            case FXRT_R_MAX: acc = v > acc ? v : acc; break;
            case FXRT_R_MIN: acc = v < acc ? v : acc; break;
            case FXRT_R_ARGMAX: if (v > b) best = r; break;
            case FXRT_R_ARGMIN: if (v < b) best = r; break;
            case FXRT_R_ANY: acc = acc || v != 0; break;
            case FXRT_R_ALL: acc = acc && v != 0; break;
            default: break;
            }
          }
          if (op == FXRT_R_ARGMAX || op == FXRT_R_ARGMIN) acc = best;
          const int64_t i = o * s.inner + j;
          const int64_t got = logical ? ((const uint8_t *)y)[i] : y[i];
          if (got != acc || (logical && yb[i] != acc))
            fail_msg("op %d shape %zu output %lld: want %lld, got %lld (bool: %d)", op, k, (long long)i, (long long)acc,
                     (long long)got, logical ? yb[i] : -1);
        }
      }
      free(x);
      free(y);
      free(xb);
      free(yb);
    }
  }
}

/* torch 1.13:
 *   torch.tensor([1., 3, 3, 2]).argmax() = 1 (first maximum); torch.tensor([1., nan, 3, nan]).argmax() = 1 and
 *   torch.tensor([1., nan, 0, nan]).argmin() = 1 (the first NaN); torch.tensor([2., 1, 1]).argmin() = 1
 *   x = [[1, 5], [3, 5], [3, nan], [0, nan]]: x.argmax(0) = [1, 2], x.argmin(0) = [3, 2], x.amax(0) = [3, nan],
 *   x.amin(0) = [0, nan]
 *   torch.tensor([3, 7, 7, 1]).argmax() = 1; torch.tensor([3, 1, 7, 1]).argmin() = 1
 *   torch.tensor([2**63-1, 1]).sum() = -2**63; torch.tensor([2**32, 2**32]).prod() = 0
 *   torch.zeros(0).sum() = 0, .prod() = 1, .mean() = nan; torch.zeros(0, dtype=bool).any() = False, .all() = True
 *   torch.tensor([0., nan]).any() = True; torch.tensor([1., nan]).all() = True; torch.tensor([0., -0.]).any() = False
 *   torch.tensor([inf, -inf]).prod() = -inf; torch.tensor([1e30, 1e30, -1e30]).sum() = 1e30 */
static void reduce_torch_cases(void **state) {
  (void)state;
  int64_t idx[2];
  float f[2];
  uint8_t b;
  const float t1[4] = {1, 3, 3, 2}, t2[4] = {1, NAN, 3, NAN}, t3[4] = {1, NAN, 0, NAN}, t4[3] = {2, 1, 1};
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMAX, FXRT_F32, t1, 1, 4, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMAX, FXRT_F32, t2, 1, 4, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMIN, FXRT_F32, t3, 1, 4, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMIN, FXRT_F32, t4, 1, 3, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  const float m[8] = {1, 5, 3, 5, 3, NAN, 0, NAN};
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMAX, FXRT_F32, m, 1, 4, 2, idx), FXRT_OK);
  assert_true(idx[0] == 1 && idx[1] == 2);
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMIN, FXRT_F32, m, 1, 4, 2, idx), FXRT_OK);
  assert_true(idx[0] == 3 && idx[1] == 2);
  assert_int_equal(fxrt_reduce(FXRT_R_MAX, FXRT_F32, m, 1, 4, 2, f), FXRT_OK);
  assert_true(f[0] == 3 && f[1] != f[1]);
  assert_int_equal(fxrt_reduce(FXRT_R_MIN, FXRT_F32, m, 1, 4, 2, f), FXRT_OK);
  assert_true(f[0] == 0 && f[1] != f[1]);
  const int64_t i1[4] = {3, 7, 7, 1}, i2[4] = {3, 1, 7, 1};
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMAX, FXRT_I64, i1, 1, 4, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  assert_int_equal(fxrt_reduce(FXRT_R_ARGMIN, FXRT_I64, i2, 1, 4, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  const int64_t w1[2] = {INT64_MAX, 1}, w2[2] = {INT64_C(1) << 32, INT64_C(1) << 32};
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_I64, w1, 1, 2, 1, idx), FXRT_OK);
  assert_true(idx[0] == INT64_MIN);
  assert_int_equal(fxrt_reduce(FXRT_R_PROD, FXRT_I64, w2, 1, 2, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 0);
  /* empty reduction dimension */
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, NULL, 2, 0, 1, f), FXRT_OK);
  assert_true(same_float(f[0], 0.0) && same_float(f[1], 0.0));
  assert_int_equal(fxrt_reduce(FXRT_R_PROD, FXRT_F32, NULL, 1, 0, 1, f), FXRT_OK);
  assert_true(f[0] == 1);
  assert_int_equal(fxrt_reduce(FXRT_R_MEAN, FXRT_F32, NULL, 1, 0, 1, f), FXRT_OK);
  assert_true(f[0] != f[0]);
  assert_int_equal(fxrt_reduce(FXRT_R_ANY, FXRT_BOOL, NULL, 1, 0, 1, &b), FXRT_OK);
  assert_int_equal(b, 0);
  assert_int_equal(fxrt_reduce(FXRT_R_ALL, FXRT_BOOL, NULL, 1, 0, 1, &b), FXRT_OK);
  assert_int_equal(b, 1);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_I64, NULL, 1, 0, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 0);
  assert_int_equal(fxrt_reduce(FXRT_R_PROD, FXRT_I64, NULL, 1, 0, 1, idx), FXRT_OK);
  assert_int_equal(idx[0], 1);
  const float a1[2] = {0, NAN}, a2[2] = {1, NAN}, a3[2] = {0.0f, -0.0f};
  assert_int_equal(fxrt_reduce(FXRT_R_ANY, FXRT_F32, a1, 1, 2, 1, &b), FXRT_OK);
  assert_int_equal(b, 1);
  assert_int_equal(fxrt_reduce(FXRT_R_ALL, FXRT_F32, a2, 1, 2, 1, &b), FXRT_OK);
  assert_int_equal(b, 1);
  assert_int_equal(fxrt_reduce(FXRT_R_ANY, FXRT_F32, a3, 1, 2, 1, &b), FXRT_OK);
  assert_int_equal(b, 0);
  const float p[2] = {INFINITY, -INFINITY}, s3[3] = {1e30f, 1e30f, -1e30f};
  assert_int_equal(fxrt_reduce(FXRT_R_PROD, FXRT_F32, p, 1, 2, 1, f), FXRT_OK);
  assert_true(f[0] == -INFINITY);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, s3, 1, 3, 1, f), FXRT_OK);
  assert_true(f[0] == 1e30f);
}

/* A sum of 1e6 f32 values stays within 1e-6 of the exact sum (float accumulation of 0.1f a million times is off by
 * ~1%); along the last dimension and along a middle one. */
static void reduce_sum_of_a_million(void **state) {
  (void)state;
  enum { N = 1000000 };
  float *x = malloc(N * sizeof *x);
  assert_non_null(x);
  const float cases[2] = {0.1f, 0.0f};
  for (int c = 0; c < 2; c++) {
    long double exact = 0;
    for (int i = 0; i < N; i++) {
      x[i] = c == 0 ? cases[0] : (float)rnd_uniform(0, 1);
      exact += x[i];
    }
    float sum, mean, cols[8];
    assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, 1, N, 1, &sum), FXRT_OK);
    assert_int_equal(fxrt_reduce(FXRT_R_MEAN, FXRT_F32, x, 1, N, 1, &mean), FXRT_OK);
    if (!close_to(sum, (double)exact, 1e-6, 0)) fail_msg("sum %.9g, exact %.9Lg", (double)sum, exact);
    assert_true(close_to(mean, (double)(exact / N), 1e-6, 0));
    assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, 1, N / 8, 8, cols), FXRT_OK);
    double total = 0;
    for (int j = 0; j < 8; j++) total += cols[j];
    assert_true(close_to(total, (double)exact, 1e-6, 0));
  }
  free(x);
}

static void reduce_errors(void **state) {
  (void)state;
  const float x[6] = {1, 2, 3, 4, 5, 6};
  float y[6];
  assert_int_equal(fxrt_reduce(FXRT_NUM_REDUCE_OPS, FXRT_F32, x, 2, 3, 1, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce((fxrt_reduce_op)-1, FXRT_F32, x, 2, 3, 1, y), FXRT_EINVAL);
  const fxrt_dtype refused[] = {FXRT_F64, FXRT_F16, FXRT_BF16, FXRT_I32, FXRT_I16, FXRT_I8, FXRT_U8, FXRT_NUM_DTYPES};
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    assert_int_equal(fxrt_reduce(FXRT_R_SUM, refused[i], x, 2, 3, 1, y), FXRT_EDTYPE);
  for (int op = 0; op < FXRT_NUM_REDUCE_OPS; op++) { /* bool: any/all only (torch's sum of bool is i64) */
    const fxrt_status s = fxrt_reduce((fxrt_reduce_op)op, FXRT_BOOL, x, 2, 3, 1, y);
    assert_int_equal(s, op == FXRT_R_ANY || op == FXRT_R_ALL ? FXRT_OK : FXRT_EDTYPE);
  }
  /* torch: "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype" */
  assert_int_equal(fxrt_reduce(FXRT_R_MEAN, FXRT_I64, x, 1, 3, 1, y), FXRT_EDTYPE);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, -1, 3, 1, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, 1, -3, 1, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, 1, 3, -1, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, INT64_C(1) << 40, INT64_C(1) << 40, 1, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, INT64_C(1) << 40, 1, INT64_C(1) << 40, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, NULL, 2, 3, 1, y), FXRT_EINVAL);
  assert_int_equal(fxrt_reduce(FXRT_R_SUM, FXRT_F32, x, 2, 3, 1, NULL), FXRT_EINVAL);
  /* max over an empty dimension has no value: torch raises */
  const fxrt_reduce_op no_identity[] = {FXRT_R_MAX, FXRT_R_MIN, FXRT_R_ARGMAX, FXRT_R_ARGMIN};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(fxrt_reduce(no_identity[i], FXRT_F32, x, 2, 0, 1, y), FXRT_EINVAL);
    assert_int_equal(fxrt_reduce(no_identity[i], FXRT_I64, x, 0, 0, 1, y), FXRT_EINVAL);
  }
  assert_int_equal(fxrt_reduce(FXRT_R_MAX, FXRT_F32, NULL, 0, 3, 1, NULL), FXRT_OK); /* no outputs */
}

/* ---- softmax --------------------------------------------------------------------------------------------------- */

static void softmax_against_naive_loop(void **state) {
  (void)state;
  for (int lg = 0; lg < 2; lg++) {
    for (size_t k = 0; k < NSHAPES; k++) {
      const rshape s = shapes[k];
      const int64_t total = s.outer * s.len * s.inner;
      float *x = malloc((size_t)(total + 1) * sizeof *x), *y = malloc((size_t)(total + GUARD) * sizeof *y);
      assert_true(x && y);
      for (int64_t i = 0; i < total; i++) x[i] = (float)rnd_uniform(-6, 6) + (k % 3 == 0 ? 500.0f : 0.0f);
      memset(y, 0xA5, (size_t)(total + GUARD) * sizeof *y);
      assert_int_equal(fxrt_softmax_f32(x, s.outer, s.len, s.inner, y, lg), FXRT_OK);
      for (int64_t o = 0; o < s.outer; o++) {
        for (int64_t j = 0; j < s.inner; j++) {
          const float *xs = x + o * s.len * s.inner + j;
          double max = -INFINITY, sum = 0, ysum = 0;
          for (int64_t r = 0; r < s.len; r++) max = fmax(max, xs[r * s.inner]);
          for (int64_t r = 0; r < s.len; r++) sum += exp(xs[r * s.inner] - max);
          for (int64_t r = 0; r < s.len; r++) {
            const double d = xs[r * s.inner] - max;
            const double want = lg ? d - log(sum) : exp(d) / sum;
            const float got = y[o * s.len * s.inner + r * s.inner + j];
            ysum += got;
            /* the float difference x - max carries a relative 6e-8 into exp: 1e-7 * |x - max| */
            if (!close_to(got, want, lg ? 1e-6 : 1e-6 + 1e-7 * fabs(d), lg ? 1e-6 : 0))
              fail_msg("log %d shape %zu: x %.9g want %.9g got %.9g", lg, k, (double)xs[r * s.inner], want,
                       (double)got);
          }
          if (!lg && s.len > 0) assert_true(close_to(ysum, 1.0, 1e-5, 0));
        }
      }
      for (int g = 0; g < GUARD; g++) assert_true(((const uint32_t *)(const void *)y)[total + g] == 0xA5A5A5A5u);
      /* in place */
      assert_int_equal(fxrt_softmax_f32(x, s.outer, s.len, s.inner, x, lg), FXRT_OK);
      assert_memory_equal(x, y, (size_t)total * sizeof *x);
      free(x);
      free(y);
    }
  }
}

/* torch 1.13:
 *   torch.softmax(torch.tensor([-inf, -inf]), 0) = [nan, nan]; softmax([1, nan]) = [nan, nan];
 *   softmax([1, inf]) = [nan, nan]; torch.log_softmax(torch.tensor([1, -inf]), 0) = [0, -inf]
 *   softmax([1000, 1001]) = [0.268941432, 0.731058598]; log_softmax = [-1.31326163, -0.313261658]
 *   torch.softmax(torch.tensor([[1, 2], [3, -inf]]), 1) = [[0.268941432, 0.731058598], [1, 0]]
 *   x = [[0.5, -1, 2], [3, 0, -2]]: torch.softmax(x, 0) = [[0.0758581758, 0.268941432, 0.982013762],
 *   [0.924141824, 0.731058598, 0.0179862101]]; torch.log_softmax(x, 0) = [[-2.57888985, -1.31326163,
 *   -0.0181499608], [-0.0788897499, -0.313261658, -4.01814985]] */
static void softmax_torch_cases(void **state) {
  (void)state;
  float y[6];
  const float a[2] = {-INFINITY, -INFINITY}, b[2] = {1, NAN}, c[2] = {1, INFINITY}, d[2] = {1, -INFINITY};
  assert_int_equal(fxrt_softmax_f32(a, 1, 2, 1, y, false), FXRT_OK);
  assert_true(y[0] != y[0] && y[1] != y[1]);
  assert_int_equal(fxrt_softmax_f32(b, 1, 2, 1, y, false), FXRT_OK);
  assert_true(y[0] != y[0] && y[1] != y[1]);
  assert_int_equal(fxrt_softmax_f32(c, 1, 2, 1, y, false), FXRT_OK);
  assert_true(y[0] != y[0] && y[1] != y[1]);
  assert_int_equal(fxrt_softmax_f32(d, 1, 2, 1, y, true), FXRT_OK);
  assert_true(y[0] == 0 && y[1] == -INFINITY);
  const float big[2] = {1000, 1001};
  assert_int_equal(fxrt_softmax_f32(big, 1, 2, 1, y, false), FXRT_OK);
  assert_true(close_to(y[0], 0.268941432, 1e-7, 0) && close_to(y[1], 0.731058598, 1e-7, 0));
  assert_int_equal(fxrt_softmax_f32(big, 1, 2, 1, y, true), FXRT_OK);
  assert_true(close_to(y[0], -1.31326163, 1e-7, 0) && close_to(y[1], -0.313261658, 1e-7, 0));
  const float rows[4] = {1, 2, 3, -INFINITY};
  assert_int_equal(fxrt_softmax_f32(rows, 2, 2, 1, y, false), FXRT_OK);
  assert_true(close_to(y[0], 0.268941432, 1e-7, 0) && close_to(y[1], 0.731058598, 1e-7, 0));
  assert_true(y[2] == 1 && y[3] == 0);
  const float x[6] = {0.5f, -1, 2, 3, 0, -2};
  const double sm[6] = {0.0758581758, 0.268941432, 0.982013762, 0.924141824, 0.731058598, 0.0179862101};
  const double lsm[6] = {-2.57888985, -1.31326163, -0.0181499608, -0.0788897499, -0.313261658, -4.01814985};
  assert_int_equal(fxrt_softmax_f32(x, 1, 2, 3, y, false), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_true(close_to(y[i], sm[i], 1e-6, 0));
  /* log_softmax within 2e-7 absolute: torch rounds max + log(sum) to float, ~1 ulp of |x|: for the column
   * [2, -2] the exact -log(1 + e^-4) is -0.0181499279, torch gives -0.0181499608 and fxrt -0.0181499291 */
  assert_int_equal(fxrt_softmax_f32(x, 1, 2, 3, y, true), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_true(close_to(y[i], lsm[i], 1e-6, 2e-7));
  /* the same cases in rows of 37, which run in whole vectors plus a remainder: a NaN, an inf or all -inf (placed in
   * a vector, then in the remainder) make the row NaN; a -inf alone gives 0 (log_softmax: -inf) */
  for (int at = 3; at < 37; at += 33) {
    float r[37], o[37];
    for (int kind = 0; kind < 4; kind++) {
      for (int i = 0; i < 37; i++) r[i] = kind == 2 ? -INFINITY : (float)(i % 5) * 0.25f;
      r[at] = kind == 0 ? NAN : kind == 1 ? INFINITY : -INFINITY;
      for (int lg = 0; lg < 2; lg++) {
        assert_int_equal(fxrt_softmax_f32(r, 1, 37, 1, o, lg), FXRT_OK);
        for (int i = 0; i < 37; i++) {
          if (kind < 3) assert_true(o[i] != o[i]);
          else if (i == at) assert_true(lg ? o[i] == -INFINITY : o[i] == 0.0f);
          else assert_true(o[i] == o[i] && o[i] != 0.0f && !isinf(o[i]));
        }
      }
    }
  }
  /* errors */
  assert_int_equal(fxrt_softmax_f32(x, -1, 2, 3, y, false), FXRT_EINVAL);
  assert_int_equal(fxrt_softmax_f32(x, 1, -2, 3, y, false), FXRT_EINVAL);
  assert_int_equal(fxrt_softmax_f32(x, 1, 2, -3, y, false), FXRT_EINVAL);
  assert_int_equal(fxrt_softmax_f32(NULL, 1, 2, 3, y, false), FXRT_EINVAL);
  assert_int_equal(fxrt_softmax_f32(x, 1, 2, 3, NULL, true), FXRT_EINVAL);
  assert_int_equal(fxrt_softmax_f32(x, INT64_C(1) << 62, 4, 1, y, true), FXRT_EINVAL);
  assert_int_equal(fxrt_softmax_f32(NULL, 3, 0, 2, NULL, false), FXRT_OK); /* empty */
}

/* ---- topk ------------------------------------------------------------------------------------------------------ */

/* torch.topk's order: NaN is the largest value; equal values by index (the header's rule). */
static bool before(float a, int64_t ia, float b, int64_t ib, bool largest) {
  const int ra = a != a ? 1 : 0, rb = b != b ? 1 : 0;
  if (ra != rb) return largest ? ra > rb : ra < rb;
  if (!ra && a != b) return largest ? a > b : a < b;
  return ia < ib;
}

static void topk_against_naive_loop(void **state) {
  (void)state;
  for (int largest = 0; largest < 2; largest++) {
    for (size_t k = 0; k < NSHAPES; k++) {
      const rshape s = shapes[k];
      const int64_t ks[4] = {0, 1, s.len / 2, s.len};
      for (int q = 0; q < 4; q++) {
        const int64_t kk = ks[q], total = s.outer * s.len * s.inner, outputs = s.outer * kk * s.inner;
        float *x = malloc((size_t)(total + 1) * sizeof *x), *v = malloc((size_t)(outputs + GUARD) * sizeof *v);
        int64_t *ix = malloc((size_t)(outputs + GUARD) * sizeof *ix);
        int64_t *order = malloc((size_t)(s.len + 1) * sizeof *order);
        assert_true(x && v && ix && order);
        for (int64_t i = 0; i < total; i++) x[i] = rnd_int(0, 25) == 0 ? NAN : (float)rnd_int(-5, 5);
        memset(v, 0xA5, (size_t)(outputs + GUARD) * sizeof *v);
        memset(ix, 0xA5, (size_t)(outputs + GUARD) * sizeof *ix);
        const fxrt_status st = fxrt_topk_f32(x, s.outer, s.len, s.inner, kk, largest, v, ix);
        assert_int_equal(st, kk > s.len ? FXRT_EINVAL : FXRT_OK);
        for (int64_t o = 0; st == FXRT_OK && o < s.outer; o++) {
          for (int64_t j = 0; j < s.inner; j++) {
            const float *xs = x + o * s.len * s.inner + j;
            for (int64_t r = 0; r < s.len; r++) { /* insertion sort of the indices */
              int64_t p = r;
              while (p > 0 && before(xs[r * s.inner], r, xs[order[p - 1] * s.inner], order[p - 1], largest)) {
                order[p] = order[p - 1];
                p--;
              }
              order[p] = r;
            }
            for (int64_t p = 0; p < kk; p++) {
              const int64_t at = o * kk * s.inner + p * s.inner + j;
              if (ix[at] != order[p] || !same_float(v[at], xs[order[p] * s.inner]))
                fail_msg("largest %d shape %zu k %lld slot %lld: want %g@%lld, got %g@%lld", largest, k, (long long)kk,
                         (long long)p, (double)xs[order[p] * s.inner], (long long)order[p], (double)v[at],
                         (long long)ix[at]);
            }
          }
        }
        for (int g = 0; g < GUARD; g++) assert_true(ix[outputs + g] == (int64_t)0xA5A5A5A5A5A5A5A5u);
        free(x);
        free(v);
        free(ix);
        free(order);
      }
    }
  }
}

/* torch 1.13:
 *   torch.topk(torch.tensor([1., 3, 3, 2, 3, nan, 0]), 4) = values [nan, 3, 3, 3], indices [5, 2, 4, 1]
 *   torch.topk(torch.tensor([1., 3, 1, 2, 3, nan, 1]), 4, largest=False) = values [1, 1, 1, 2], indices [2, 0, 6, 3]
 *   torch.topk(same, 7, largest=False).values = [1, 1, 1, 2, 3, 3, nan]
 *   torch.topk(torch.tensor([[1., 4], [3, 2], [5, 0]]), 2, dim=0) = values [[5, 4], [3, 2]], indices [[2, 0], [1, 1]]
 *   torch.topk(torch.tensor([0., -0., 0.]), 2) = values [0, -0], indices [0, 1]
 * The values are torch's; torch 1.13 orders equal values arbitrarily (indices [5, 2, 4, 1] above), where fxrt.h
 * fixes the lower index first: [5, 1, 2, 4] and [0, 2, 6, 3]. */
static void topk_torch_cases(void **state) {
  (void)state;
  float v[8];
  int64_t ix[8];
  const float a[7] = {1, 3, 3, 2, 3, NAN, 0};
  assert_int_equal(fxrt_topk_f32(a, 1, 7, 1, 4, true, v, ix), FXRT_OK);
  assert_true(v[0] != v[0] && v[1] == 3 && v[2] == 3 && v[3] == 3);
  assert_true(ix[0] == 5 && ix[1] == 1 && ix[2] == 2 && ix[3] == 4);
  const float b[7] = {1, 3, 1, 2, 3, NAN, 1};
  assert_int_equal(fxrt_topk_f32(b, 1, 7, 1, 4, false, v, ix), FXRT_OK);
  assert_true(v[0] == 1 && v[1] == 1 && v[2] == 1 && v[3] == 2);
  assert_true(ix[0] == 0 && ix[1] == 2 && ix[2] == 6 && ix[3] == 3);
  assert_int_equal(fxrt_topk_f32(b, 1, 7, 1, 7, false, v, ix), FXRT_OK);
  const float all[7] = {1, 1, 1, 2, 3, 3, NAN};
  for (int i = 0; i < 7; i++) assert_true(same_float(v[i], all[i]));
  const float c[6] = {1, 4, 3, 2, 5, 0};
  assert_int_equal(fxrt_topk_f32(c, 1, 3, 2, 2, true, v, ix), FXRT_OK);
  assert_true(v[0] == 5 && v[1] == 4 && v[2] == 3 && v[3] == 2);
  assert_true(ix[0] == 2 && ix[1] == 0 && ix[2] == 1 && ix[3] == 1);
  const float z[3] = {0.0f, -0.0f, 0.0f};
  assert_int_equal(fxrt_topk_f32(z, 1, 3, 1, 2, true, v, ix), FXRT_OK);
  assert_true(same_float(v[0], 0.0) && same_float(v[1], -0.0) && ix[0] == 0 && ix[1] == 1);
  /* errors */
  assert_int_equal(fxrt_topk_f32(a, 1, 7, 1, 8, true, v, ix), FXRT_EINVAL); /* k > len */
  assert_int_equal(fxrt_topk_f32(a, 1, 7, 1, -1, true, v, ix), FXRT_EINVAL);
  assert_int_equal(fxrt_topk_f32(a, -1, 7, 1, 1, true, v, ix), FXRT_EINVAL);
  assert_int_equal(fxrt_topk_f32(a, 1, 7, -1, 1, true, v, ix), FXRT_EINVAL);
  assert_int_equal(fxrt_topk_f32(NULL, 1, 7, 1, 1, true, v, ix), FXRT_EINVAL);
  assert_int_equal(fxrt_topk_f32(a, 1, 7, 1, 1, true, NULL, ix), FXRT_EINVAL);
  assert_int_equal(fxrt_topk_f32(a, 1, 7, 1, 1, true, v, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_topk_f32(a, 1, 7, 1, 0, true, NULL, NULL), FXRT_OK); /* k = 0: nothing to write */
}

/* ---- scans ----------------------------------------------------------------------------------------------------- */

/* The naive scans, in the order torch's CPU kernels combine (sequentially along the dimension; f32 in double). */
static double ref_step(fxrt_scan_op op, double acc, double v) {
  switch (op) {
  case FXRT_SCAN_SUM: return acc + v;
  case FXRT_SCAN_PROD: return acc * v;
  default: { /* LOGSUMEXP: log(exp(acc) + exp(v)), stable, NaN through, equal infinities kept */
    if (acc != acc || v != v) return NAN;
    const double mx = acc > v ? acc : v, mn = acc > v ? v : acc;
    if (mx == mn && isinf(mx)) return mx;
    return mx + log1p(exp(mn - mx));
  }
  }
}

static void scan_f32_against_naive_loop(void **state) {
  (void)state;
  const fxrt_scan_op ops[] = {FXRT_SCAN_SUM, FXRT_SCAN_PROD, FXRT_SCAN_LOGSUMEXP};
  for (size_t k = 0; k < NSHAPES; k++) {
    const rshape s = shapes[k];
    const int64_t total = s.outer * s.len * s.inner;
    float *x = malloc((size_t)(total + 1) * sizeof *x), *y = malloc((size_t)(total + GUARD) * sizeof *y);
    double *xd = malloc((size_t)(total + 1) * sizeof *xd), *yd = malloc((size_t)(total + GUARD) * sizeof *yd);
    assert_true(x && y && xd && yd);
    for (size_t q = 0; q < sizeof ops / sizeof ops[0]; q++) {
      const fxrt_scan_op op = ops[q];
      for (int64_t i = 0; i < total; i++) {
        /* products of values around 1 stay in range over 1000 rows */
        x[i] = (float)(op == FXRT_SCAN_PROD ? rnd_uniform(0.9, 1.1) * (rnd64() & 1 ? 1 : -1) : rnd_uniform(-3, 3));
        xd[i] = x[i];
      }
      memset(y, 0xA5, (size_t)(total + GUARD) * sizeof *y);
      memset(yd, 0xA5, (size_t)(total + GUARD) * sizeof *yd);
      assert_int_equal(fxrt_scan(op, FXRT_F32, x, s.outer, s.len, s.inner, y, NULL), FXRT_OK);
      assert_int_equal(fxrt_scan(op, FXRT_F64, xd, s.outer, s.len, s.inner, yd, NULL), FXRT_OK);
      for (int64_t o = 0; o < s.outer; o++) {
        for (int64_t j = 0; j < s.inner; j++) {
          double acc = op == FXRT_SCAN_PROD ? 1 : op == FXRT_SCAN_SUM ? 0 : -INFINITY;
          for (int64_t r = 0; r < s.len; r++) {
            const int64_t i = o * s.len * s.inner + r * s.inner + j;
            acc = ref_step(op, acc, x[i]);
            /* the same double operations in the same order: f32 is the double result rounded, f64 exactly it */
            if (!same_float(y[i], (float)acc)) fail_msg("scan %d f32 shape %zu at %lld", (int)op, k, (long long)i);
            if (!same_float(yd[i], acc)) fail_msg("scan %d f64 shape %zu at %lld", (int)op, k, (long long)i);
          }
        }
      }
      for (int g = 0; g < GUARD; g++) {
        uint64_t bits;
        memcpy(&bits, &yd[total + g], sizeof bits);
        assert_true(bits == 0xA5A5A5A5A5A5A5A5u);
      }
      /* in place */
      assert_int_equal(fxrt_scan(op, FXRT_F32, x, s.outer, s.len, s.inner, x, NULL), FXRT_OK);
      assert_memory_equal(x, y, (size_t)total * sizeof *x);
    }
    free(x);
    free(y);
    free(xd);
    free(yd);
  }
}

/* Integer sums and products wrap around in the element type (torch: int64; with dtype=, the narrower type). */
static void scan_int_against_naive_loop(void **state) {
  (void)state;
  for (size_t k = 0; k < NSHAPES; k++) {
    const rshape s = shapes[k];
    const int64_t total = s.outer * s.len * s.inner;
    int64_t *xi = malloc((size_t)(total + 1) * sizeof *xi), *yi = malloc((size_t)(total + GUARD) * sizeof *yi);
    int32_t *x32 = malloc((size_t)(total + 1) * sizeof *x32), *y32 = malloc((size_t)(total + GUARD) * sizeof *y32);
    assert_true(xi && yi && x32 && y32);
    for (int op = FXRT_SCAN_SUM; op <= FXRT_SCAN_PROD; op++) {
      for (int64_t i = 0; i < total; i++) {
        xi[i] = rnd_int(-1000000000, 1000000000);
        x32[i] = (int32_t)rnd_int(-100000, 100000);
      }
      memset(yi, 0xA5, (size_t)(total + GUARD) * sizeof *yi);
      assert_int_equal(fxrt_scan((fxrt_scan_op)op, FXRT_I64, xi, s.outer, s.len, s.inner, yi, NULL), FXRT_OK);
      assert_int_equal(fxrt_scan((fxrt_scan_op)op, FXRT_I32, x32, s.outer, s.len, s.inner, y32, NULL), FXRT_OK);
      for (int64_t o = 0; o < s.outer; o++) {
        for (int64_t j = 0; j < s.inner; j++) {
          uint64_t acc = op == FXRT_SCAN_SUM ? 0 : 1;
          uint32_t acc32 = op == FXRT_SCAN_SUM ? 0 : 1;
          for (int64_t r = 0; r < s.len; r++) {
            const int64_t i = o * s.len * s.inner + r * s.inner + j;
            acc = op == FXRT_SCAN_SUM ? acc + (uint64_t)xi[i] : acc * (uint64_t)xi[i];
            acc32 = op == FXRT_SCAN_SUM ? acc32 + (uint32_t)x32[i] : acc32 * (uint32_t)x32[i];
            if (yi[i] != (int64_t)acc) fail_msg("scan %d i64 shape %zu at %lld", op, k, (long long)i);
            if (y32[i] != (int32_t)acc32) fail_msg("scan %d i32 shape %zu at %lld", op, k, (long long)i);
          }
        }
      }
      for (int g = 0; g < GUARD; g++) assert_true(yi[total + g] == (int64_t)0xA5A5A5A5A5A5A5A5u);
    }
    free(xi);
    free(yi);
    free(x32);
    free(y32);
  }
}

/* cummax / cummin against ATen's rule written plainly: take element r when r == 0, when it is NaN, or when the
 * running value is not NaN and element r is >= (max) / <= (min) it. Values from a few levels (many ties) and NaNs. */
static void scan_extremes_against_naive_loop(void **state) {
  (void)state;
  for (size_t k = 0; k < NSHAPES; k++) {
    const rshape s = shapes[k];
    const int64_t total = s.outer * s.len * s.inner;
    float *x = malloc((size_t)(total + 1) * sizeof *x), *y = malloc((size_t)(total + GUARD) * sizeof *y);
    int64_t *xi = malloc((size_t)(total + 1) * sizeof *xi), *yi = malloc((size_t)(total + GUARD) * sizeof *yi);
    int64_t *ix = malloc((size_t)(total + GUARD) * sizeof *ix), *ixi = malloc((size_t)(total + GUARD) * sizeof *ixi);
    bool *xb = malloc((size_t)(total + 1)), *yb = malloc((size_t)(total + GUARD));
    int64_t *ixb = malloc((size_t)(total + GUARD) * sizeof *ixb);
    assert_true(x && y && xi && yi && ix && ixi && xb && yb && ixb);
    for (int op = FXRT_SCAN_MAX; op <= FXRT_SCAN_MIN; op++) {
      for (int64_t i = 0; i < total; i++) {
        const int64_t level = rnd_int(-3, 3);
        x[i] = rnd_int(0, 40) == 0 ? NAN : rnd_int(0, 40) == 0 ? -INFINITY : (float)level;
        xi[i] = level;
        xb[i] = level > 0;
      }
      memset(ix, 0xA5, (size_t)(total + GUARD) * sizeof *ix);
      assert_int_equal(fxrt_scan((fxrt_scan_op)op, FXRT_F32, x, s.outer, s.len, s.inner, y, ix), FXRT_OK);
      assert_int_equal(fxrt_scan((fxrt_scan_op)op, FXRT_I64, xi, s.outer, s.len, s.inner, yi, ixi), FXRT_OK);
      assert_int_equal(fxrt_scan((fxrt_scan_op)op, FXRT_BOOL, xb, s.outer, s.len, s.inner, yb, ixb), FXRT_OK);
      for (int64_t o = 0; o < s.outer; o++) {
        for (int64_t j = 0; j < s.inner; j++) {
          double v = 0;
          int64_t vi = 0, at = 0, ati = 0, atb = 0;
          bool vb = false;
          for (int64_t r = 0; r < s.len; r++) {
            const int64_t i = o * s.len * s.inner + r * s.inner + j;
            const double e = x[i];
            const bool take = r == 0 || e != e || (v == v && (op == FXRT_SCAN_MAX ? e >= v : e <= v));
            if (take) v = e, at = r;
            if (r == 0 || (op == FXRT_SCAN_MAX ? xi[i] >= vi : xi[i] <= vi)) vi = xi[i], ati = r;
            if (r == 0 || (op == FXRT_SCAN_MAX ? xb[i] >= vb : xb[i] <= vb)) vb = xb[i], atb = r;
            if (!same_float(y[i], v) || ix[i] != at) fail_msg("scan %d f32 shape %zu at %lld", op, k, (long long)i);
            if (yi[i] != vi || ixi[i] != ati) fail_msg("scan %d i64 shape %zu at %lld", op, k, (long long)i);
            if (yb[i] != vb || ixb[i] != atb) fail_msg("scan %d bool shape %zu at %lld", op, k, (long long)i);
          }
        }
      }
      for (int g = 0; g < GUARD; g++) assert_true(ix[total + g] == (int64_t)0xA5A5A5A5A5A5A5A5u);
    }
    free(x);
    free(y);
    free(xi);
    free(yi);
    free(ix);
    free(ixi);
    free(xb);
    free(yb);
    free(ixb);
  }
}

/* torch 1.13:
 *   torch.cumsum(torch.tensor([1., nan, 2]), 0) = [1, nan, nan]; torch.cumsum(torch.tensor([1., inf, -inf]), 0) =
 *   [1, inf, nan]; torch.cumsum(torch.tensor([2**63-1, 1]), 0) = [2**63-1, -2**63]; a running sum of a million
 *   0.1f stays exact to 1e-6 (ATen accumulates in double);
 *   torch.cumprod(torch.tensor([1., inf, 0., 2]), 0) = [1, inf, nan, nan];
 *   torch.cummax(torch.tensor([1., 3, 3, 2, nan, 5, nan, 7]), 0) = ([1, 3, 3, 3, nan, nan, nan, nan],
 *   [0, 1, 2, 2, 4, 4, 6, 6]); torch.cummin of it = ([1, 1, 1, 1, nan, nan, nan, nan], [0, 0, 0, 0, 4, 4, 6, 6]);
 *   torch.cummax(torch.tensor([1., 1, 0, 1]), 0).indices = [0, 1, 1, 3]; torch.cummin(torch.tensor([False, True,
 *   True, False]), 0) = ([False] * 4, [0, 0, 0, 3]);
 *   torch.logcumsumexp(torch.tensor([-inf, -inf, 1., inf, inf, 2.]), 0) = [-inf, -inf, 1, inf, inf, inf];
 *   torch.logcumsumexp(torch.tensor([-inf, nan, 1.]), 0) = [-inf, nan, nan];
 *   torch.logcumsumexp(torch.tensor([1., -inf, inf, -inf]), 0) = [1, 1, inf, inf];
 *   torch.logcumsumexp(torch.tensor([1., 2., 3.]), 0) = [1, 2.3133, 3.4076]. */
static void scan_torch_cases_and_errors(void **state) {
  (void)state;
  float y[8];
  int64_t ix[8];
  const float a[3] = {1, NAN, 2}, b[3] = {1, INFINITY, -INFINITY};
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, a, 1, 3, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == 1 && y[1] != y[1] && y[2] != y[2]);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, b, 1, 3, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == 1 && y[1] == INFINITY && y[2] != y[2]);
  const int64_t w[2] = {INT64_MAX, 1};
  int64_t yi[2];
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_I64, w, 1, 2, 1, yi, NULL), FXRT_OK);
  assert_true(yi[0] == INT64_MAX && yi[1] == INT64_MIN);
  const float p[4] = {1, INFINITY, 0, 2};
  assert_int_equal(fxrt_scan(FXRT_SCAN_PROD, FXRT_F32, p, 1, 4, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == 1 && y[1] == INFINITY && y[2] != y[2] && y[3] != y[3]);
  const float m[8] = {1, 3, 3, 2, NAN, 5, NAN, 7};
  assert_int_equal(fxrt_scan(FXRT_SCAN_MAX, FXRT_F32, m, 1, 8, 1, y, ix), FXRT_OK);
  const int64_t max_ix[8] = {0, 1, 2, 2, 4, 4, 6, 6};
  assert_true(y[0] == 1 && y[1] == 3 && y[2] == 3 && y[3] == 3 && y[4] != y[4] && y[7] != y[7]);
  assert_memory_equal(ix, max_ix, sizeof max_ix);
  assert_int_equal(fxrt_scan(FXRT_SCAN_MIN, FXRT_F32, m, 1, 8, 1, y, ix), FXRT_OK);
  const int64_t min_ix[8] = {0, 0, 0, 0, 4, 4, 6, 6};
  assert_true(y[0] == 1 && y[3] == 1 && y[4] != y[4] && y[7] != y[7]);
  assert_memory_equal(ix, min_ix, sizeof min_ix);
  const float t[4] = {1, 1, 0, 1};
  assert_int_equal(fxrt_scan(FXRT_SCAN_MAX, FXRT_F32, t, 1, 4, 1, y, ix), FXRT_OK);
  assert_true(ix[0] == 0 && ix[1] == 1 && ix[2] == 1 && ix[3] == 3);
  const bool tb[4] = {false, true, true, false};
  bool yb[4];
  assert_int_equal(fxrt_scan(FXRT_SCAN_MIN, FXRT_BOOL, tb, 1, 4, 1, yb, ix), FXRT_OK);
  assert_true(!yb[0] && !yb[1] && !yb[2] && !yb[3] && ix[0] == 0 && ix[1] == 0 && ix[2] == 0 && ix[3] == 3);
  const float l1[6] = {-INFINITY, -INFINITY, 1, INFINITY, INFINITY, 2};
  assert_int_equal(fxrt_scan(FXRT_SCAN_LOGSUMEXP, FXRT_F32, l1, 1, 6, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == -INFINITY && y[1] == -INFINITY && y[2] == 1 && y[3] == INFINITY && y[4] == INFINITY &&
              y[5] == INFINITY);
  const float l2[3] = {-INFINITY, NAN, 1};
  assert_int_equal(fxrt_scan(FXRT_SCAN_LOGSUMEXP, FXRT_F32, l2, 1, 3, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == -INFINITY && y[1] != y[1] && y[2] != y[2]);
  const float l3[4] = {1, -INFINITY, INFINITY, -INFINITY};
  assert_int_equal(fxrt_scan(FXRT_SCAN_LOGSUMEXP, FXRT_F32, l3, 1, 4, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == 1 && y[1] == 1 && y[2] == INFINITY && y[3] == INFINITY);
  const float l4[3] = {1, 2, 3};
  assert_int_equal(fxrt_scan(FXRT_SCAN_LOGSUMEXP, FXRT_F32, l4, 1, 3, 1, y, NULL), FXRT_OK);
  assert_true(y[0] == 1 && close_to(y[1], 2.3132617, 1e-6, 0) && close_to(y[2], 3.4076059, 1e-6, 0));
  enum { N = 1000000 };
  float *x = malloc(N * sizeof *x), *c = malloc(N * sizeof *c);
  assert_true(x && c);
  for (int i = 0; i < N; i++) x[i] = 0.1f;
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, x, 1, N, 1, c, NULL), FXRT_OK);
  assert_true(close_to(c[N - 1], 1e6 * (double)0.1f, 1e-6, 0));
  free(x);
  free(c);
  /* errors: dtypes without the op, sizes, NULL pointers (cummax needs its indices), unknown ops */
  const fxrt_dtype refused[] = {FXRT_F16, FXRT_BF16, FXRT_NUM_DTYPES};
  for (int op = 0; op < FXRT_NUM_SCAN_OPS; op++)
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
      assert_int_equal(fxrt_scan((fxrt_scan_op)op, refused[i], a, 1, 3, 1, y, ix), FXRT_EDTYPE);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_BOOL, a, 1, 3, 1, y, NULL), FXRT_EDTYPE);
  assert_int_equal(fxrt_scan(FXRT_SCAN_LOGSUMEXP, FXRT_I64, w, 1, 2, 1, yi, NULL), FXRT_EDTYPE);
  assert_int_equal(fxrt_scan((fxrt_scan_op)-1, FXRT_F32, a, 1, 3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_NUM_SCAN_OPS, FXRT_F32, a, 1, 3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, a, -1, 3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, a, 1, -3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, a, 1, 3, -1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, NULL, 1, 3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_I64, w, 1, 2, 1, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_MAX, FXRT_F32, a, 1, 3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, a, INT64_C(1) << 62, 3, 1, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_scan(FXRT_SCAN_SUM, FXRT_F32, NULL, 0, 3, 1, NULL, NULL), FXRT_OK);
  assert_int_equal(fxrt_scan(FXRT_SCAN_MIN, FXRT_F32, NULL, 2, 0, 1, NULL, NULL), FXRT_OK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reduce_f32_against_naive_loop),
      cmocka_unit_test(reduce_i64_and_bool_against_naive_loop),
      cmocka_unit_test(reduce_torch_cases),
      cmocka_unit_test(reduce_sum_of_a_million),
      cmocka_unit_test(reduce_errors),
      cmocka_unit_test(softmax_against_naive_loop),
      cmocka_unit_test(softmax_torch_cases),
      cmocka_unit_test(topk_against_naive_loop),
      cmocka_unit_test(topk_torch_cases),
      cmocka_unit_test(scan_f32_against_naive_loop),
      cmocka_unit_test(scan_int_against_naive_loop),
      cmocka_unit_test(scan_extremes_against_naive_loop),
      cmocka_unit_test(scan_torch_cases_and_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
