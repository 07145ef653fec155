/* test_small.c: the compact convolution of builds for size (fxrt_small_conv2d_f32, fx2c compile -Os) against a
 * direct convolution loop evaluated in double, and its two scratch modes: with a scratch, the results pass through it
 * one unit at a time (a pixel for a pointwise convolution, a group otherwise), which lets y be x itself. Both modes,
 * in place or not, with the residual read from the input's own storage too, must give the bits of the plain call.
 *
 * A value passes the reference check when |got - want| <= 1e-5 * (sum of the magnitudes of its terms) + 1e-6.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"
#include "fxrt_small.h" /* fxrt_small_log_sum */

#define RT_SEED 4242u
#include "rt_random.h"

typedef struct small_case {
  int32_t n, c, h, w, k, kh, kw, stride, pad, dilation, groups;
  bool bias, residual;
  float lo, hi;
} small_case;

static fxrt_small_params params_of(const small_case *t) {
  fxrt_small_params p;
  memset(&p, 0, sizeof p);
  p.n = t->n, p.c = t->c, p.h = t->h, p.w = t->w, p.k = t->k, p.kh = t->kh, p.kw = t->kw;
  p.oh = (t->h + 2 * t->pad - t->dilation * (t->kh - 1) - 1) / t->stride + 1;
  p.ow = (t->w + 2 * t->pad - t->dilation * (t->kw - 1) - 1) / t->stride + 1;
  for (int i = 0; i < 2; i++) p.stride[i] = t->stride, p.pad[i] = t->pad, p.dilation[i] = t->dilation;
  p.groups = t->groups, p.divisor = 0, p.lo = t->lo, p.hi = t->hi;
  return p;
}

/* The definition of conv2d in double, then + residual and the clamp. */
static void ref_conv(const fxrt_small_params *p, const float *x, const float *wt, const float *b, const float *res,
                     double *want, double *mag) {
  const int32_t cg = p->c / p->groups, kg = p->k / p->groups;
  int64_t at = 0;
  for (int32_t n = 0; n < p->n; n++)
    for (int32_t o = 0; o < p->k; o++)
      for (int32_t oy = 0; oy < p->oh; oy++)
        for (int32_t ox = 0; ox < p->ow; ox++, at++) {
          double s = b ? b[o] : 0.0, m = b ? fabs(b[o]) : 0.0;
          for (int32_t ci = 0; ci < cg; ci++)
            for (int32_t i = 0; i < p->kh; i++)
              for (int32_t j = 0; j < p->kw; j++) {
                const int32_t iy = oy * p->stride[0] - p->pad[0] + i * p->dilation[0];
                const int32_t ix = ox * p->stride[1] - p->pad[1] + j * p->dilation[1];
                if (iy < 0 || iy >= p->h || ix < 0 || ix >= p->w) continue;
                const double v = (double)x[((n * p->c + o / kg * cg + ci) * p->h + iy) * p->w + ix] *
                                 wt[((o * cg + ci) * p->kh + i) * p->kw + j];
                s += v, m += fabs(v);
              }
          if (res) s += res[at], m += fabs(res[at]);
          if (s < p->lo) s = p->lo;
          if (s > p->hi) s = p->hi;
          want[at] = s, mag[at] = m;
        }
}

static void run_case(const small_case *t) {
  const fxrt_small_params p = params_of(t);
  const int32_t cg = t->c / t->groups;
  const size_t nx = (size_t)t->n * t->c * t->h * t->w, ny = (size_t)t->n * t->k * p.oh * p.ow;
  const size_t nw = (size_t)t->k * cg * t->kh * t->kw;
  float *x = rand_buf((int64_t)nx), *wt = rand_buf((int64_t)nw), *b = rand_buf(t->k), *res = rand_buf((int64_t)ny);
  float *y = rand_buf((int64_t)ny), *y2 = rand_buf((int64_t)ny), *io = rand_buf((int64_t)(nx > ny ? nx : ny));
  const size_t unit = t->kh == 1 && t->kw == 1 && t->stride == 1 && t->pad == 0 && t->groups == 1
                          ? (size_t)t->k
                          : (size_t)(t->k / t->groups) * p.oh * p.ow;
  float *scratch = rand_buf((int64_t)unit);
  double *want = malloc(ny * sizeof *want), *mag = malloc(ny * sizeof *mag);
  assert_non_null(want);
  assert_non_null(mag);
  const float *bias = t->bias ? b : NULL, *r = t->residual ? res : NULL;
  char what[160];
  snprintf(what, sizeof what, "n%d c%d %dx%d k%d %dx%d s%d p%d d%d g%d%s%s", t->n, t->c, t->h, t->w, t->k, t->kh,
           t->kw, t->stride, t->pad, t->dilation, t->groups, t->bias ? " bias" : "", t->residual ? " residual" : "");

  /* the plain call against the definition */
  assert_int_equal(fxrt_small_conv2d_f32(x, wt, bias, r, y, NULL, &p), FXRT_OK);
  ref_conv(&p, x, wt, bias, r, want, mag);
  for (size_t i = 0; i < ny; i++)
    if (!(fabs((double)y[i] - want[i]) <= 1e-5 * mag[i] + 1e-6))
      fail_msg("%s: element %zu: got %.9g, want %.9g", what, i, (double)y[i], want[i]);

  /* through the scratch, into another buffer: the same bits */
  assert_int_equal(fxrt_small_conv2d_f32(x, wt, bias, r, y2, scratch, &p), FXRT_OK);
  if (memcmp(y, y2, ny * sizeof *y) != 0) fail_msg("%s: through the scratch: other bits", what);

  if (nx == ny) {
    /* in place: y is x's storage */
    memcpy(io, x, nx * sizeof *x);
    assert_int_equal(fxrt_small_conv2d_f32(io, wt, bias, r, io, scratch, &p), FXRT_OK);
    if (memcmp(y, io, ny * sizeof *y) != 0) fail_msg("%s: in place: other bits", what);
    /* in place with the input as the residual too (conv(x) + x where x dies) */
    assert_int_equal(fxrt_small_conv2d_f32(x, wt, bias, x, y2, NULL, &p), FXRT_OK);
    memcpy(io, x, nx * sizeof *x);
    assert_int_equal(fxrt_small_conv2d_f32(io, wt, bias, io, io, scratch, &p), FXRT_OK);
    if (memcmp(y2, io, ny * sizeof *y) != 0) fail_msg("%s: in place, residual = input: other bits", what);
  }
  free(x), free(wt), free(b), free(res), free(y), free(y2), free(io), free(scratch), free(want), free(mag);
}

static void test_in_place(void **state) {
  (void)state;
  static const small_case cases[] = {
      /* depthwise 3x3 as DS-CNN's: group by group */
      {1, 64, 25, 5, 64, 3, 3, 1, 1, 1, 64, true, false, 0.0f, INFINITY},
      /* pointwise with c == k: pixel by pixel */
      {1, 64, 25, 5, 64, 1, 1, 1, 0, 1, 1, true, false, 0.0f, INFINITY},
      /* batches, residuals, no bias, relu6, dilation */
      {2, 6, 7, 5, 6, 3, 3, 1, 2, 2, 3, false, true, 0.0f, 6.0f},
      {3, 5, 4, 6, 5, 1, 1, 1, 0, 1, 1, true, true, -INFINITY, INFINITY},
      /* a grouped conv whose groups have two channels in and out */
      {1, 8, 6, 6, 8, 3, 3, 1, 1, 1, 4, true, true, -0.5f, 0.5f},
      /* not the input's size (the scratch modes still give the same bits) */
      {1, 4, 9, 9, 8, 3, 3, 2, 1, 1, 4, true, false, -INFINITY, INFINITY},
      {2, 3, 5, 5, 7, 1, 1, 1, 0, 1, 1, false, false, 0.0f, INFINITY},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) run_case(&cases[i]);
}

static void test_errors(void **state) {
  (void)state;
  const small_case t = {1, 6, 4, 4, 6, 3, 3, 1, 1, 1, 4, false, false, -INFINITY, INFINITY}; /* 6 % 4 != 0 */
  const fxrt_small_params p = params_of(&t);
  float x[96] = {0}, w[96] = {0}, y[96];
  assert_int_equal(fxrt_small_conv2d_f32(x, w, NULL, NULL, y, NULL, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_small_conv2d_f32(NULL, w, NULL, NULL, y, NULL, &p), FXRT_EINVAL);
}

/* The compact reductions against fxrt_reduce (which adds in double): sum and mean within 1e-6 of the terms'
 * magnitudes, amax, amin, argmax and argmin exactly, NaN included (it wins, and its first index is the answer). */
static void test_reduce(void **state) {
  (void)state;
  static const int32_t shapes[][3] = {{1, 5, 1}, {3, 7, 4}, {2, 200, 3}, {1, 1, 6}, {4, 130, 1}};
  static const struct {
    int small;
    fxrt_reduce_op op;
  } ops[] = {{FXRT_SMALL_SUM, FXRT_R_SUM},   {FXRT_SMALL_MEAN, FXRT_R_MEAN},     {FXRT_SMALL_AMAX, FXRT_R_MAX},
             {FXRT_SMALL_AMIN, FXRT_R_MIN},  {FXRT_SMALL_ARGMAX, FXRT_R_ARGMAX}, {FXRT_SMALL_ARGMIN, FXRT_R_ARGMIN}};
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (int nan = 0; nan < 2; nan++)
      for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
        const int32_t n = shapes[s][0], c = shapes[s][1], w = shapes[s][2];
        float *x = rand_buf((int64_t)n * c * w);
        if (nan) x[(n * c * w) / 2] = NAN, x[(n * c * w) / 3] = NAN;
        fxrt_small_params p;
        memset(&p, 0, sizeof p);
        p.n = n, p.c = c, p.w = w, p.groups = ops[o].small;
        float yf[32], wantf[32];
        int64_t yi[32], wanti[32];
        const bool arg = ops[o].small >= FXRT_SMALL_ARGMAX;
        if (arg) {
          assert_int_equal(fxrt_small_argreduce_f32(x, yi, &p), FXRT_OK);
          assert_int_equal(fxrt_reduce(ops[o].op, FXRT_F32, x, n, c, w, wanti), FXRT_OK);
          for (int32_t i = 0; i < n * w; i++)
            if (yi[i] != wanti[i]) fail_msg("arg op %d [%d, %d, %d] nan %d: %lld, want %lld", ops[o].small, n, c, w, nan,
                                            (long long)yi[i], (long long)wanti[i]);
        } else {
          assert_int_equal(fxrt_small_reduce_f32(x, yf, &p), FXRT_OK);
          assert_int_equal(fxrt_reduce(ops[o].op, FXRT_F32, x, n, c, w, wantf), FXRT_OK);
          for (int32_t i = 0; i < n * w; i++) {
            const bool exact = ops[o].small == FXRT_SMALL_AMAX || ops[o].small == FXRT_SMALL_AMIN;
            if (isnan(wantf[i]) || isnan(yf[i])) {
              if (!(isnan(wantf[i]) && isnan(yf[i]))) fail_msg("op %d: NaN in one only", ops[o].small);
            } else if (exact ? yf[i] != wantf[i] : fabsf(yf[i] - wantf[i]) > 1e-6f * (float)c) {
              fail_msg("op %d [%d, %d, %d]: %g, want %g", ops[o].small, n, c, w, yf[i], wantf[i]);
            }
          }
        }
        free(x);
      }
  /* ties: the first index of the extreme, as torch.argmax */
  const float tied[6] = {1, 3, 3, -2, 3, -2};
  int64_t at;
  fxrt_small_params q;
  memset(&q, 0, sizeof q);
  q.n = 1, q.c = 6, q.w = 1, q.groups = FXRT_SMALL_ARGMAX;
  assert_int_equal(fxrt_small_argreduce_f32(tied, &at, &q), FXRT_OK);
  assert_int_equal(at, 1);
  q.groups = FXRT_SMALL_ARGMIN;
  assert_int_equal(fxrt_small_argreduce_f32(tied, &at, &q), FXRT_OK);
  assert_int_equal(at, 3);
  /* sum and mean of nothing: 0 and NaN; amax of nothing is refused */
  fxrt_small_params p;
  memset(&p, 0, sizeof p);
  p.n = 2, p.c = 0, p.w = 1, p.groups = FXRT_SMALL_SUM;
  float y[2] = {1, 1}, x0 = 0;
  assert_int_equal(fxrt_small_reduce_f32(NULL, y, &p), FXRT_OK); /* an empty input may have no storage */
  assert_true(y[0] == 0.0f && y[1] == 0.0f);
  assert_int_equal(fxrt_small_reduce_f32(&x0, NULL, &p), FXRT_EINVAL); /* two results need storage */
  p.groups = FXRT_SMALL_MEAN;
  assert_int_equal(fxrt_small_reduce_f32(&x0, y, &p), FXRT_OK);
  assert_true(isnan(y[0]) && isnan(y[1]));
  p.groups = FXRT_SMALL_AMAX;
  assert_int_equal(fxrt_small_reduce_f32(&x0, y, &p), FXRT_EINVAL);
  p.groups = FXRT_SMALL_ARGMAX;
  assert_int_equal(fxrt_small_reduce_f32(&x0, y, &p), FXRT_EINVAL);
}

/* The compact copy against fxrt_copy: a permute with an offset, a slice with a negative stride (flip), a broadcast
 * (stride 0), a scalar; each dtype size (8, 4, 2 and 1 bytes); the destination a slice of a larger buffer. */
static void test_copy(void **state) {
  (void)state;
  static const fxrt_dtype dts[] = {FXRT_I64, FXRT_F32, FXRT_I16, FXRT_U8};
  uint8_t src[8 * 256], got[8 * 256], want[8 * 256];
  for (size_t i = 0; i < sizeof src; i++) src[i] = (uint8_t)(i * 37u + 11u);
  const fxrt_view svs[] = {
      {3, {2, 4, 3}, {1, 6, 2}, 5},   /* permuted, from element 5 */
      {2, {4, 5}, {-10, 1}, 40},      /* rows flipped */
      {3, {2, 3, 4}, {4, 0, 1}, 0},   /* broadcast along the middle */
      {0, {0}, {0}, 7},               /* a scalar */
  };
  const fxrt_view dvs[] = {
      {3, {2, 4, 3}, {12, 3, 1}, 0},
      {2, {4, 5}, {7, 1}, 3},              /* into columns 3..7 of rows of 7 */
      {3, {2, 3, 4}, {12, 4, 1}, 0},
      {0, {0}, {0}, 2},
  };
  for (size_t d = 0; d < sizeof dts / sizeof *dts; d++)
    for (size_t v = 0; v < sizeof svs / sizeof *svs; v++) {
      memset(got, 0xA5, sizeof got), memset(want, 0xA5, sizeof want);
      assert_int_equal(fxrt_small_copy(dts[d], src, &svs[v], got, &dvs[v]), FXRT_OK);
      assert_int_equal(fxrt_copy(dts[d], src, &svs[v], dts[d], want, &dvs[v]), FXRT_OK);
      if (memcmp(got, want, sizeof got) != 0) fail_msg("copy %zu of dtype %d: other bytes", v, (int)dts[d]);
    }
  const fxrt_view bad = {2, {4, 4}, {4, 1}, 0};
  assert_int_equal(fxrt_small_copy(FXRT_F32, src, &svs[1], got, &bad), FXRT_EINVAL); /* shapes differ */
}

/* The compact layer norm against fxrt_layer_norm_f32: with and without weight and bias, in place, a row longer than
 * a block of 64; within 1e-5 of the normalized values' scale. */
static void test_layer_norm(void **state) {
  (void)state;
  static const int32_t shapes[][2] = {{1, 16}, {8, 16}, {3, 200}, {2, 1}};
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (int affine = 0; affine < 4; affine++) {
      const int32_t n = shapes[s][0], c = shapes[s][1];
      float *x = rand_buf((int64_t)n * c), *wt = rand_buf(c), *b = rand_buf(c);
      float *y = malloc((size_t)n * c * sizeof *y), *want = malloc((size_t)n * c * sizeof *want);
      for (int32_t i = 0; i < n * c; i++) x[i] = x[i] * 3.0f + 1.5f; /* a mean and a spread to take out */
      const float *w = affine & 1 ? wt : NULL, *bb = affine & 2 ? b : NULL;
      fxrt_small_params p;
      memset(&p, 0, sizeof p);
      p.n = n, p.c = c, p.mult = 1e-5f;
      assert_int_equal(fxrt_small_layer_norm_f32(x, w, bb, y, &p), FXRT_OK);
      assert_int_equal(fxrt_layer_norm_f32(x, n, c, w, bb, 1e-5f, want, NULL, NULL), FXRT_OK);
      for (int32_t i = 0; i < n * c; i++)
        if (fabsf(y[i] - want[i]) > 1e-5f * (1.0f + fabsf(want[i])))
          fail_msg("layer norm [%d, %d] affine %d at %d: %g, want %g", n, c, affine, i, y[i], want[i]);
      assert_int_equal(fxrt_small_layer_norm_f32(x, w, bb, x, &p), FXRT_OK); /* in place: the same bits */
      if (memcmp(x, y, (size_t)n * c * sizeof *y) != 0) fail_msg("layer norm in place: other bits");
      free(x), free(wt), free(b), free(y), free(want);
    }
  fxrt_small_params p;
  memset(&p, 0, sizeof p);
  p.n = 1, p.c = 0;
  float v = 0;
  assert_int_equal(fxrt_small_layer_norm_f32(&v, NULL, NULL, &v, &p), FXRT_EINVAL);
}

/* The compact softmax and log_softmax against fxrt_softmax_f32: rows along the last and a middle dimension, longer than
 * a block of 64, in place (the same bits), a NaN row, a row of -inf but one, large values (no overflow: the maximum
 * is taken out); within 2e-6 relative (softmax) or absolute (log_softmax, of values near 0 or of order 10). */
static void test_softmax(void **state) {
  (void)state;
  static const int32_t shapes[][3] = {{1, 10, 1}, {4, 200, 1}, {2, 7, 5}, {3, 1, 4}, {1, 65, 3}};
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (int lg = 0; lg < 2; lg++) {
      const int32_t n = shapes[s][0], c = shapes[s][1], w = shapes[s][2], total = n * c * w;
      float *x = rand_buf(total), *y = malloc((size_t)total * sizeof *y), *want = malloc((size_t)total * sizeof *y);
      for (int32_t i = 0; i < total; i++) x[i] = x[i] * 8.0f + (i % 3 ? 0.0f : 80.0f); /* e^88 would overflow */
      if (s == 1) {
        x[200] = NAN;                                                   /* row 1: NaN everywhere */
        for (int32_t i = 400; i < 600; i++) x[i] = i == 450 ? 2.0f : -INFINITY; /* row 2: one finite value */
      }
      fxrt_small_params p;
      memset(&p, 0, sizeof p);
      p.n = n, p.c = c, p.w = w, p.groups = lg;
      assert_int_equal(fxrt_small_softmax_f32(x, y, &p), FXRT_OK);
      assert_int_equal(fxrt_softmax_f32(x, n, c, w, want, lg), FXRT_OK);
      for (int32_t i = 0; i < total; i++) {
        const float tol = lg ? 2e-6f * (1.0f + fabsf(want[i])) : 2e-6f * fabsf(want[i]) + 1e-12f;
        const bool same = (isnan(y[i]) && isnan(want[i])) || y[i] == want[i] || fabsf(y[i] - want[i]) <= tol;
        if (!same) fail_msg("%ssoftmax [%d, %d, %d] at %d: %g, want %g", lg ? "log_" : "", n, c, w, i, y[i], want[i]);
      }
      assert_int_equal(fxrt_small_softmax_f32(x, x, &p), FXRT_OK); /* in place: the same bits */
      if (memcmp(x, y, (size_t)total * sizeof *y) != 0) fail_msg("softmax in place: other bits");
      free(x), free(y), free(want);
    }
  fxrt_small_params p;
  memset(&p, 0, sizeof p);
  p.n = 1, p.c = 0, p.w = 1;
  float v = 0;
  assert_int_equal(fxrt_small_softmax_f32(&v, &v, &p), FXRT_EINVAL); /* nothing to normalize over */
  p.c = 1, p.groups = 2;
  assert_int_equal(fxrt_small_softmax_f32(&v, &v, &p), FXRT_EINVAL);
  p.groups = 0, p.n = 0;
  assert_int_equal(fxrt_small_softmax_f32(NULL, NULL, &p), FXRT_OK); /* an empty tensor without storage */
}

/* log_softmax's logarithm of a row's sum (v >= 1) against log in double: within 1.5 float ulp of the result (or 2e-8
 * absolute near 0) over [1, 2^40], exact at 1, and +inf and NaN pass through. */
static void test_log_sum(void **state) {
  (void)state;
  for (double v = 1.0; v < 1.1e12; v *= 1.000123) {
    const float f = (float)v, got = fxrt_small_log_sum(f);
    const double want = log((double)f);
    if (fabs((double)got - want) > 1.5 * ldexp(1.0, -23) * fabs(want) + 2e-8)
      fail_msg("log_sum(%.9g) = %.9g, want %.9g", (double)f, (double)got, want);
  }
  assert_true(fxrt_small_log_sum(1.0f) == 0.0f);
  assert_true(isinf(fxrt_small_log_sum(INFINITY)) && fxrt_small_log_sum(INFINITY) > 0);
  assert_true(isnan(fxrt_small_log_sum(NAN)));
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_in_place), cmocka_unit_test(test_errors),
                                     cmocka_unit_test(test_reduce), cmocka_unit_test(test_copy),
                                     cmocka_unit_test(test_layer_norm), cmocka_unit_test(test_softmax),
                                     cmocka_unit_test(test_log_sum)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
