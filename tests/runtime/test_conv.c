/* test_conv.c: fxrt_conv2d_f32, fxrt_conv2d_workspace_size and fxrt_conv_transpose2d_f32 against direct
 * convolution loops evaluated in double (the definition of torch.nn.functional.conv2d / conv_transpose2d), over
 * shapes that reach every route of the kernel (depthwise, 1x1 read in place, im2col) and every edge of its blocking
 * (partial micro-tiles in both directions, several KC, MC and NC blocks), with strides, padding, dilation, groups,
 * batches, bias or none, and epilogues (residual, each activation). Plus the error statuses.
 *
 * A value passes when |got - want| <= 1e-5 * (sum of the magnitudes of its terms) + 1e-6: the error bound of an
 * f32 sum, so a wrong tap, a missing bias or a misplaced pixel fails.
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

#define RT_SEED 12345u
#include "rt_random.h"

typedef struct conv_case {
  int64_t n, c, h, w, k, kh, kw;
  int64_t sh, sw, ph, pw, dh, dw, groups;
  bool bias, residual;
  fxrt_act act;
} conv_case;

static int64_t out_size_asym(int64_t in, int64_t k, int64_t s, int64_t p, int64_t extra, int64_t d) {
  return (in + 2 * p + extra - d * (k - 1) - 1) / s + 1;
}

/* Checks got against want within the tolerance; reports the first mismatch. */
static void check_close(const char *what, const float *got, const double *want, const double *mag, int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    const double tol = 1e-5 * mag[i] + 1e-6;
    if (!(fabs((double)got[i] - want[i]) <= tol) && !(isnan(got[i]) && isnan(want[i]))) {
      fail_msg("%s: element %lld: got %.9g, want %.9g (tolerance %.3g)", what, (long long)i, (double)got[i], want[i],
               tol);
    }
  }
}

/* Reference conv2d: the 7 nested loops of the definition, in double; then residual and activation. */
static void ref_conv2d(const conv_case *t, const float *x, const float *wt, const float *b, const float *res,
                       int64_t oh, int64_t ow, double *want, double *mag) {
  const int64_t cg = t->c / t->groups, kg = t->k / t->groups;
  for (int64_t n = 0; n < t->n; n++)
    for (int64_t o = 0; o < t->k; o++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          const int64_t g = o / kg;
          double s = b ? b[o] : 0.0, m = b ? fabs(b[o]) : 0.0;
          for (int64_t ci = 0; ci < cg; ci++)
            for (int64_t i = 0; i < t->kh; i++)
              for (int64_t j = 0; j < t->kw; j++) {
                const int64_t iy = oy * t->sh - t->ph + i * t->dh, ix = ox * t->sw - t->pw + j * t->dw;
                if (iy < 0 || iy >= t->h || ix < 0 || ix >= t->w) continue;
                const double xv = x[((n * t->c + g * cg + ci) * t->h + iy) * t->w + ix];
                const double wv = wt[((o * cg + ci) * t->kh + i) * t->kw + j];
                s += xv * wv;
                m += fabs(xv * wv);
              }
          const int64_t idx = ((n * t->k + o) * oh + oy) * ow + ox;
          if (res) {
            s += res[idx];
            m += fabs(res[idx]);
          }
          want[idx] = t->act == FXRT_ACT_NONE ? s : (double)fxrt_act_apply(t->act, (float)s, 0.1f, -0.5f, 0.75f);
          mag[idx] = m;
        }
}

/* eh, ew: pad_extra, the end padding beyond the start padding (asymmetric padding); the reference reads zeros for
 * every index outside the input, so it needs no change. */
static void run_conv_case_asym(const conv_case *t, int64_t eh, int64_t ew) {
  const int64_t oh = out_size_asym(t->h, t->kh, t->sh, t->ph, eh, t->dh),
                ow = out_size_asym(t->w, t->kw, t->sw, t->pw, ew, t->dw);
  const int64_t nx = t->n * t->c * t->h * t->w, nw = t->k * (t->c / t->groups) * t->kh * t->kw;
  const int64_t ny = t->n * t->k * oh * ow;
  float *x = rand_buf(nx), *wt = rand_buf(nw), *b = t->bias ? rand_buf(t->k) : NULL;
  float *res = t->residual ? rand_buf(ny) : NULL, *y = rand_buf(ny);
  double *want = malloc(sizeof(double) * (size_t)ny), *mag = malloc(sizeof(double) * (size_t)ny);
  fxrt_conv2d_params p = {{t->sh, t->sw}, {t->ph, t->pw}, {t->dh, t->dw}, t->groups, {eh, ew}};
  fxrt_epilogue ep = {t->act, 0.1f, -0.5f, 0.75f, res};
  const bool use_ep = t->residual || t->act != FXRT_ACT_NONE;
  const size_t wsb = fxrt_conv2d_workspace_size(t->n, t->c, t->h, t->w, t->k, t->kh, t->kw, oh, ow, &p);
  unsigned char *ws = malloc(wsb + 1);
  /* an odd workspace address: the kernel aligns it itself */
  assert_int_equal(fxrt_conv2d_f32(x, t->n, t->c, t->h, t->w, wt, t->k, t->kh, t->kw, b, y, oh, ow, &p,
                                   use_ep ? &ep : NULL, wsb ? ws + 1 : NULL, wsb, NULL),
                   FXRT_OK);
  ref_conv2d(t, x, wt, b, res, oh, ow, want, mag);
  char what[200];
  snprintf(what, sizeof what,
           "conv2d n%lld c%lld %lldx%lld k%lld %lldx%lld s%lld,%lld p%lld,%lld+%lld,%lld d%lld,%lld g%lld act%d", (long long)t->n,
           (long long)t->c, (long long)t->h, (long long)t->w, (long long)t->k, (long long)t->kh, (long long)t->kw,
           (long long)t->sh, (long long)t->sw, (long long)t->ph, (long long)t->pw, (long long)eh, (long long)ew,
           (long long)t->dh, (long long)t->dw,
           (long long)t->groups, (int)t->act);
  check_close(what, y, want, mag, ny);
  free(x);
  free(wt);
  free(b);
  free(res);
  free(y);
  free(want);
  free(mag);
  free(ws);
}

static void run_conv_case(const conv_case *t) { run_conv_case_asym(t, 0, 0); }

/* Asymmetric padding (F.pad folded into the conv: pad_extra), on every route: the GEMM on im2col blocks, a 1x1
 * convolution (which then cannot read x in place), depthwise and small-group direct planes (stride 1 and 2, the
 * flattened-plane route), with end padding larger and smaller than the start padding. */
static void conv_asymmetric_padding(void **state) {
  (void)state;
  static const struct {
    conv_case t;
    int64_t eh, ew;
  } cases[] = {
      {{1, 8, 9, 11, 16, 3, 3, 2, 2, 0, 0, 1, 1, 1, true, false, FXRT_ACT_NONE}, 1, 1},     /* TF "same", stride 2 */
      {{2, 5, 8, 8, 7, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, true, FXRT_ACT_RELU}, -1, 1},       /* end < start, end > start */
      {{1, 6, 7, 9, 6, 1, 1, 1, 1, 0, 0, 1, 1, 1, false, false, FXRT_ACT_NONE}, 2, 1},      /* 1x1: no longer in place */
      {{1, 8, 12, 13, 8, 3, 3, 1, 1, 0, 1, 1, 1, 8, true, false, FXRT_ACT_RELU6}, 2, 0},    /* depthwise, stride 1 */
      {{1, 8, 12, 13, 8, 5, 5, 2, 2, 1, 2, 1, 1, 8, false, false, FXRT_ACT_NONE}, 2, -1},   /* depthwise, stride 2 */
      {{1, 8, 10, 10, 16, 3, 3, 1, 1, 0, 0, 2, 2, 4, true, false, FXRT_ACT_SILU}, 3, 2},    /* small groups, dilated */
      {{1, 3, 1, 17, 4, 1, 5, 1, 2, 0, 0, 1, 1, 1, true, false, FXRT_ACT_NONE}, 0, 3},      /* conv1d as conv2d */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) run_conv_case_asym(&cases[i].t, cases[i].eh, cases[i].ew);
  /* a negative end padding is refused */
  float x[16] = {0}, w[9] = {0}, y[16];
  fxrt_conv2d_params bad = {{1, 1}, {1, 1}, {1, 1}, 1, {-2, 0}};
  assert_int_equal(fxrt_conv2d_f32(x, 1, 1, 4, 4, w, 1, 3, 3, NULL, y, 1, 4, &bad, NULL, NULL, 0, NULL), FXRT_EINVAL);
}

/* 1x1 stride-1 convolutions (the GEMM reads x in place) */
static void conv_pointwise(void **state) {
  (void)state;
  const conv_case cases[] = {
      {2, 13, 7, 9, 20, 1, 1, 1, 1, 0, 0, 1, 1, 1, true, true, FXRT_ACT_RELU},
      {1, 1, 5, 5, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, false, false, FXRT_ACT_NONE},
      {1, 300, 15, 20, 100, 1, 1, 1, 1, 0, 0, 1, 1, 1, true, false, FXRT_ACT_NONE}, /* KC, MC, NC blocks */
      {3, 8, 1, 33, 7, 1, 1, 1, 1, 0, 0, 1, 1, 1, true, false, FXRT_ACT_NONE},      /* conv1d */
      {1, 12, 6, 6, 18, 1, 1, 1, 1, 0, 0, 1, 1, 3, true, true, FXRT_ACT_NONE},      /* grouped pointwise */
      {1, 64, 16, 16, 64, 1, 1, 1, 1, 0, 0, 1, 1, 1, false, false, FXRT_ACT_NONE},  /* full tiles only */
      /* one pixel in and out (linear's dot products: squeeze-and-excitation), a remainder of the lanes and of
       * four output channels; strided; and a padded one, which is not one pixel in */
      {1, 1152, 1, 1, 48, 1, 1, 1, 1, 0, 0, 1, 1, 1, true, false, FXRT_ACT_SILU},
      {3, 37, 1, 1, 23, 1, 1, 2, 2, 0, 0, 1, 1, 1, true, true, FXRT_ACT_SIGMOID},
      {1, 5, 1, 1, 7, 1, 1, 3, 3, 1, 1, 1, 1, 1, true, false, FXRT_ACT_NONE},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_conv_case(&cases[i]);
}

/* im2col route: kernels > 1, strides, padding, dilation, groups */
static void conv_general(void **state) {
  (void)state;
  const conv_case cases[] = {
      {2, 5, 9, 11, 7, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, false, FXRT_ACT_NONE},
      {1, 8, 9, 8, 6, 1, 1, 2, 2, 0, 0, 1, 1, 1, true, false, FXRT_ACT_NONE}, /* strided 1x1 */
      {1, 4, 15, 10, 16, 3, 3, 2, 2, 1, 1, 1, 1, 1, false, false, FXRT_ACT_NONE},
      {1, 6, 12, 13, 6, 3, 3, 1, 1, 2, 2, 2, 2, 1, true, false, FXRT_ACT_NONE},    /* dilation */
      {2, 6, 7, 9, 10, 3, 3, 1, 1, 1, 1, 1, 1, 2, true, true, FXRT_ACT_RELU},      /* groups */
      {1, 9, 11, 8, 6, 5, 3, 2, 1, 2, 1, 1, 2, 3, true, false, FXRT_ACT_NONE},     /* non-square everything */
      {1, 32, 18, 17, 100, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, true, FXRT_ACT_RELU6}, /* KC, MC, NC blocks */
      {1, 3, 23, 21, 8, 7, 7, 2, 2, 3, 3, 1, 1, 1, true, false, FXRT_ACT_NONE},    /* a stem */
      {2, 4, 1, 20, 5, 1, 5, 1, 2, 0, 2, 1, 1, 1, true, false, FXRT_ACT_NONE},     /* conv1d, stride 2 */
      {1, 2, 2, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, false, FXRT_ACT_NONE},      /* kernel larger than input */
      {1, 5, 4, 6, 3, 2, 4, 3, 3, 0, 1, 3, 1, 1, false, false, FXRT_ACT_NONE},     /* dilated, stride > kernel */
      {1, 64, 9, 9, 64, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, false, FXRT_ACT_NONE},
      {1, 8, 8, 8, 12, 3, 3, 1, 1, 0, 0, 1, 1, 4, true, false, FXRT_ACT_NONE}, /* resnext-style groups */
      /* the panels' packing: outputs one column wide (a panel over 32 output rows), a kernel wider than the taps
       * whose columns are kept per panel, stride 2 and 3 over rows of several vectors */
      {1, 3, 40, 3, 5, 3, 3, 1, 1, 0, 0, 1, 1, 1, true, false, FXRT_ACT_NONE},
      {1, 2, 1, 80, 4, 1, 33, 1, 1, 0, 16, 1, 1, 1, true, false, FXRT_ACT_NONE},
      {1, 3, 9, 70, 8, 3, 3, 2, 2, 1, 1, 1, 1, 1, true, false, FXRT_ACT_RELU},
      {1, 3, 9, 50, 4, 3, 3, 3, 3, 1, 1, 1, 1, 1, true, false, FXRT_ACT_NONE},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_conv_case(&cases[i]);
}

/* one input channel per group: depthwise and channel multipliers */
static void conv_depthwise(void **state) {
  (void)state;
  const conv_case cases[] = {
      {1, 8, 9, 10, 8, 3, 3, 1, 1, 1, 1, 1, 1, 8, true, true, FXRT_ACT_RELU6},
      {2, 5, 13, 11, 5, 5, 5, 2, 2, 2, 2, 1, 1, 5, true, false, FXRT_ACT_NONE},
      {1, 4, 8, 7, 8, 3, 3, 1, 1, 1, 1, 1, 1, 4, false, false, FXRT_ACT_NONE},  /* multiplier 2 */
      {1, 3, 12, 12, 3, 3, 3, 1, 1, 2, 2, 2, 2, 3, true, true, FXRT_ACT_SILU},  /* dilated */
      {1, 6, 17, 19, 6, 7, 7, 1, 1, 3, 3, 1, 1, 6, true, false, FXRT_ACT_NONE}, /* convnext */
      {1, 2, 5, 6, 2, 3, 2, 2, 3, 0, 1, 1, 1, 2, true, false, FXRT_ACT_NONE},
      {1, 1, 4, 4, 1, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, false, FXRT_ACT_NONE},   /* c == groups == 1 */
      {2, 4, 9, 8, 4, 3, 3, 1, 1, 0, 1, 1, 1, 4, true, true, FXRT_ACT_NONE},    /* rows of equal length, oh < h */
      {1, 3, 7, 21, 3, 1, 5, 1, 1, 0, 2, 1, 1, 3, true, false, FXRT_ACT_NONE},  /* 1x5 */
      {1, 3, 11, 6, 3, 5, 1, 1, 1, 2, 0, 1, 1, 3, false, false, FXRT_ACT_NONE}, /* 5x1 */
      {1, 3, 6, 2, 3, 5, 5, 1, 1, 2, 2, 1, 1, 3, true, false, FXRT_ACT_NONE},   /* narrower than the kernel */
      {1, 2, 5, 40, 2, 3, 17, 1, 1, 1, 8, 1, 1, 2, true, false, FXRT_ACT_NONE}, /* a kernel wider than DW_TAPS */
      {1, 2, 8, 9, 2, 3, 3, 2, 1, 1, 1, 1, 1, 2, true, false, FXRT_ACT_NONE},   /* stride (2, 1) */
      {1, 2, 9, 23, 2, 3, 3, 1, 3, 1, 1, 1, 1, 2, true, false, FXRT_ACT_NONE},  /* stride 3 */
      /* planes in several blocks of rows (the phased path), an activation applied after the sums */
      {1, 3, 70, 60, 3, 3, 3, 1, 1, 1, 1, 1, 1, 3, true, false, FXRT_ACT_HARDSWISH},
      {1, 2, 41, 90, 4, 3, 3, 2, 2, 1, 1, 1, 1, 2, true, true, FXRT_ACT_RELU},   /* stride 2, multiplier, residual */
      {1, 2, 40, 91, 2, 5, 5, 2, 2, 2, 2, 2, 2, 2, false, false, FXRT_ACT_RELU6}, /* stride 2, dilated, odd width */
      {2, 3, 9, 9, 3, 3, 3, 1, 1, 0, 0, 1, 1, 3, false, false, FXRT_ACT_RELU},   /* no padding, no bias */
      {1, 2, 3, 1100, 2, 3, 3, 1, 1, 1, 1, 1, 1, 2, true, false, FXRT_ACT_RELU}, /* rows wider than a block */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_conv_case(&cases[i]);
}

/* residual + every activation, through each route */
static void conv_epilogues(void **state) {
  (void)state;
  for (int a = 0; a < FXRT_NUM_ACTS; a++) {
    const conv_case cases[] = {
        {1, 6, 5, 7, 9, 3, 3, 1, 1, 1, 1, 1, 1, 1, true, true, (fxrt_act)a},
        {1, 6, 5, 7, 9, 1, 1, 1, 1, 0, 0, 1, 1, 1, true, a % 2 == 0, (fxrt_act)a},
        {1, 6, 5, 7, 6, 3, 3, 1, 1, 1, 1, 1, 1, 6, true, true, (fxrt_act)a},
        {2, 20, 1, 1, 9, 1, 1, 1, 1, 0, 0, 1, 1, 1, a % 3 != 0, true, (fxrt_act)a}, /* one pixel: linear */
        {1, 6, 9, 7, 6, 3, 3, 1, 1, 1, 1, 1, 1, 6, a % 2 == 1, false, (fxrt_act)a}, /* depthwise, as stored */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_conv_case(&cases[i]);
  }
}

static void conv_workspace_size(void **state) {
  (void)state;
  fxrt_conv2d_params p = {{1, 1}, {1, 1}, {1, 1}, 1, {0, 0}};
  assert_true(fxrt_conv2d_workspace_size(1, 8, 10, 10, 8, 3, 3, 10, 10, &p) > 0); /* im2col */
  p.groups = 8;                                                                   /* depthwise: none */
  assert_int_equal(fxrt_conv2d_workspace_size(1, 8, 10, 10, 8, 3, 3, 10, 10, &p), 0);
  fxrt_conv2d_params q = {{1, 1}, {0, 0}, {1, 1}, 1, {0, 0}}; /* 1x1 stride 1: none */
  assert_int_equal(fxrt_conv2d_workspace_size(2, 8, 10, 10, 16, 1, 1, 10, 10, &q), 0);
  assert_int_equal(fxrt_conv2d_workspace_size(1, 8, 10, 10, 8, 3, 3, 11, 10, &p), 0); /* invalid */
  assert_int_equal(fxrt_conv2d_workspace_size(1, 8, 10, 10, 8, 3, 3, 10, 10, NULL), 0);
  /* independent of the batch size */
  p.groups = 1;
  assert_int_equal(fxrt_conv2d_workspace_size(1, 8, 10, 10, 8, 3, 3, 10, 10, &p),
                   fxrt_conv2d_workspace_size(7, 8, 10, 10, 8, 3, 3, 10, 10, &p));
}

static void conv_errors(void **state) {
  (void)state;
  float x[2 * 4 * 6 * 6], wt[8 * 4 * 9], b[8], y[2 * 8 * 6 * 6];
  unsigned char ws[1 << 16];
  memset(x, 0, sizeof x);
  memset(wt, 0, sizeof wt);
  memset(b, 0, sizeof b);
  fxrt_conv2d_params p = {{1, 1}, {1, 1}, {1, 1}, 1, {0, 0}};
  const size_t need = fxrt_conv2d_workspace_size(2, 4, 6, 6, 8, 3, 3, 6, 6, &p);
  assert_true(need > 0 && need <= sizeof ws);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_OK);
  assert_int_equal(fxrt_conv2d_f32(NULL, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, NULL, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, NULL, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, NULL, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* output size inconsistent with the formula */
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 5, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 7, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* workspace */
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, need - 1, NULL), FXRT_EWORKSPACE);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, NULL, 0, NULL), FXRT_EWORKSPACE);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, need, NULL), FXRT_OK);
  /* groups that do not divide c or k */
  fxrt_conv2d_params g = p;
  g.groups = 3;
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 6, 3, 3, b, y, 6, 6, &g, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  g.groups = 4;
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 6, 3, 3, b, y, 6, 6, &g, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  g.groups = 0;
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &g, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* bad parameters */
  fxrt_conv2d_params q = p;
  q.stride[0] = 0;
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &q, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  q = p;
  q.dilation[1] = 0;
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &q, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  q = p;
  q.padding[0] = -1;
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 4, 6, &q, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* non-positive sizes */
  assert_int_equal(fxrt_conv2d_f32(x, 2, 0, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 0, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 0, 3, b, y, 8, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, -1, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* a kernel larger than the padded input: no output size is valid */
  fxrt_conv2d_params z = {{1, 1}, {0, 0}, {1, 1}, 1, {0, 0}};
  assert_int_equal(fxrt_conv2d_f32(x, 1, 4, 2, 2, wt, 8, 3, 3, b, y, 0, 0, &z, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 1, 4, 2, 2, wt, 8, 3, 3, b, y, 1, 1, &z, NULL, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* absurd sizes are refused, not overflowed */
  assert_int_equal(fxrt_conv2d_f32(x, 1, INT64_MAX, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_f32(x, 1 << 30, 1 << 30, 1 << 30, 1 << 30, wt, 8, 1, 1, b, y, 1 << 30, 1 << 30, &z, NULL,
                                   ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_workspace_size(1, INT64_MAX, 6, 6, 8, 3, 3, 6, 6, &p), 0);
  /* an activation that does not exist */
  fxrt_epilogue ep = {FXRT_NUM_ACTS, 0, 0, 0, NULL};
  assert_int_equal(fxrt_conv2d_f32(x, 2, 4, 6, 6, wt, 8, 3, 3, b, y, 6, 6, &p, &ep, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* an empty batch is fine */
  assert_int_equal(fxrt_conv2d_f32(NULL, 0, 4, 6, 6, NULL, 8, 3, 3, NULL, NULL, 6, 6, &p, NULL, NULL, 0, NULL), FXRT_OK);
}

/* ---- conv_transpose2d ---------------------------------------------------------------------------------------- */

typedef struct convt_case {
  int64_t n, c, h, w, k, kh, kw;
  int64_t sh, sw, ph, pw, oph, opw, dh, dw, groups;
  bool bias;
} convt_case;

static void run_convt_case(const convt_case *t) {
  const int64_t oh = (t->h - 1) * t->sh - 2 * t->ph + t->dh * (t->kh - 1) + t->oph + 1;
  const int64_t ow = (t->w - 1) * t->sw - 2 * t->pw + t->dw * (t->kw - 1) + t->opw + 1;
  const int64_t cg = t->c / t->groups, kg = t->k / t->groups;
  const int64_t nx = t->n * t->c * t->h * t->w, nw = t->c * kg * t->kh * t->kw, ny = t->n * t->k * oh * ow;
  float *x = rand_buf(nx), *wt = rand_buf(nw), *b = t->bias ? rand_buf(t->k) : NULL, *y = rand_buf(ny);
  double *want = calloc((size_t)ny, sizeof(double)), *mag = calloc((size_t)ny, sizeof(double));
  fxrt_conv_transpose2d_params p = {{t->sh, t->sw}, {t->ph, t->pw}, {t->oph, t->opw}, {t->dh, t->dw}, t->groups};
  assert_int_equal(fxrt_conv_transpose2d_f32(x, t->n, t->c, t->h, t->w, wt, t->k, t->kh, t->kw, b, y, oh, ow, &p),
                   FXRT_OK);
  /* the definition: every input pixel scatters weight * x into the output */
  for (int64_t n = 0; n < t->n; n++) {
    for (int64_t o = 0; o < t->k; o++)
      for (int64_t e = 0; e < oh * ow; e++) {
        want[(n * t->k + o) * oh * ow + e] = b ? b[o] : 0.0;
        mag[(n * t->k + o) * oh * ow + e] = b ? fabs(b[o]) : 0.0;
      }
    for (int64_t ci = 0; ci < t->c; ci++)
      for (int64_t iy = 0; iy < t->h; iy++)
        for (int64_t ix = 0; ix < t->w; ix++)
          for (int64_t o = 0; o < kg; o++)
            for (int64_t i = 0; i < t->kh; i++)
              for (int64_t j = 0; j < t->kw; j++) {
                const int64_t oy = iy * t->sh - t->ph + i * t->dh, ox = ix * t->sw - t->pw + j * t->dw;
                if (oy < 0 || oy >= oh || ox < 0 || ox >= ow) continue;
                const int64_t oc = ci / cg * kg + o, idx = ((n * t->k + oc) * oh + oy) * ow + ox;
                const double v =
                    (double)x[((n * t->c + ci) * t->h + iy) * t->w + ix] * wt[((ci * kg + o) * t->kh + i) * t->kw + j];
                want[idx] += v;
                mag[idx] += fabs(v);
              }
  }
  check_close("conv_transpose2d", y, want, mag, ny);
  free(x);
  free(wt);
  free(b);
  free(y);
  free(want);
  free(mag);
}

static void conv_transpose(void **state) {
  (void)state;
  const convt_case cases[] = {
      {1, 3, 4, 5, 2, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, true},
      {2, 4, 5, 3, 6, 3, 3, 1, 1, 0, 0, 0, 0, 1, 1, 2, true},  /* groups */
      {1, 2, 4, 4, 3, 3, 3, 2, 2, 1, 1, 0, 1, 2, 2, 1, false}, /* dilation, output_padding < dilation */
      {1, 5, 3, 6, 4, 4, 2, 2, 3, 1, 0, 1, 2, 1, 1, 1, true},  /* non-square; output_padding < stride */
      {1, 6, 7, 7, 6, 3, 3, 1, 1, 1, 1, 0, 0, 1, 1, 6, true},  /* depthwise */
      {1, 2, 1, 9, 3, 1, 4, 1, 4, 0, 1, 0, 3, 1, 1, 1, true},  /* 1-d */
      {2, 8, 6, 5, 16, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, true}, /* 2x2 stride 2 upsampling */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_convt_case(&cases[i]);
}

static void conv_transpose_errors(void **state) {
  (void)state;
  float x[3 * 4 * 5], wt[3 * 2 * 9], b[2] = {0, 0}, y[2 * 9 * 11];
  memset(x, 0, sizeof x);
  memset(wt, 0, sizeof wt);
  fxrt_conv_transpose2d_params p = {{2, 2}, {1, 1}, {1, 1}, {1, 1}, 1};
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 8, 10, &p), FXRT_OK);
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 7, 10, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 8, 10, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv_transpose2d_f32(NULL, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 8, 10, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, NULL, 8, 10, &p), FXRT_EINVAL);
  fxrt_conv_transpose2d_params q = p; /* output_padding must be < stride or < dilation */
  q.output_padding[0] = 2;
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 9, 10, &q), FXRT_EINVAL);
  q = p;
  q.groups = 2; /* does not divide c = 3 */
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 8, 10, &q), FXRT_EINVAL);
  q = p;
  q.stride[1] = 0;
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, 8, 1, &q), FXRT_EINVAL);
  q = p; /* too much padding: the output would be empty */
  q.padding[0] = 9;
  q.output_padding[0] = 0;
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, 4, 5, wt, 2, 3, 3, b, y, -11, 10, &q), FXRT_EINVAL);
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, INT64_MAX, 4, 5, wt, 2, 3, 3, b, y, 8, 10, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_conv_transpose2d_f32(NULL, 0, 3, 4, 5, NULL, 2, 3, 3, NULL, NULL, 8, 10, &p), FXRT_OK);
  /* parameters at the limits: refused without overflowing */
  const int64_t big = INT32_MAX;
  fxrt_conv_transpose2d_params huge = {{big, big}, {0, 0}, {0, 0}, {big, big}, 1};
  assert_int_equal(fxrt_conv_transpose2d_f32(x, 1, 3, big, big, wt, 2, big, big, b, y, 8, 10, &huge), FXRT_EINVAL);
  fxrt_conv2d_params hc = {{big, big}, {big, big}, {big, big}, 1, {0, 0}};
  assert_int_equal(fxrt_conv2d_f32(x, 1, 3, big, big, wt, 2, big, big, b, y, 1, 1, &hc, NULL, NULL, 0, NULL), FXRT_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(conv_asymmetric_padding),
      cmocka_unit_test(conv_pointwise), cmocka_unit_test(conv_general),          cmocka_unit_test(conv_depthwise),
      cmocka_unit_test(conv_epilogues), cmocka_unit_test(conv_workspace_size),   cmocka_unit_test(conv_errors),
      cmocka_unit_test(conv_transpose), cmocka_unit_test(conv_transpose_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
