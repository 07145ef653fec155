/* test_conv3d.c: the 3-D kernels: fxrt_conv3d_f32 (with its epilogue), fxrt_conv_transpose3d_f32,
 * fxrt_max_pool3d_f32, fxrt_avg_pool3d_f32 and fxrt_adaptive_max_pool3d_f32, each against a naive loop over every
 * tap of the window (in-bounds taps tested one by one, divisors counted), on random inputs over shapes with groups,
 * depthwise, strides, padding, dilation, ceil_mode, count_include_pad and divisor_override; then the errors.
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

#define RT_SEED 313u
#include "rt_random.h"

static void check_close(const char *what, const float *got, const float *want, int64_t count, float tol) {
  for (int64_t i = 0; i < count; i++)
    if (!(fabsf(got[i] - want[i]) <= tol * (1.0f + fabsf(want[i]))))
      fail_msg("%s: element %lld: got %.9g, want %.9g", what, (long long)i, (double)got[i], (double)want[i]);
}

typedef struct conv3_case {
  int64_t n, c, d, h, w, k, kd, kh, kw;
  int64_t stride[3], pad[3], dil[3], groups, opad[3];
} conv3_case;

static int64_t conv_o(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d) { return (in + 2 * p - d * (k - 1) - 1) / s + 1; }

/* y[b, o, z, y, x] = bias[o] + sum over (ci, a, i, j) of x[b, g*cg + ci, z*s - p + a*d, ...] * w[o, ci, a, i, j] */
static void naive_conv3d(const conv3_case *t, const float *x, const float *w, const float *bias, float *y,
                         const int64_t *o) {
  const int64_t cg = t->c / t->groups, kg = t->k / t->groups;
  for (int64_t b = 0; b < t->n; b++)
    for (int64_t oc = 0; oc < t->k; oc++)
      for (int64_t z = 0; z < o[0]; z++)
        for (int64_t yy = 0; yy < o[1]; yy++)
          for (int64_t xx = 0; xx < o[2]; xx++) {
            double s = bias ? bias[oc] : 0.0;
            for (int64_t ci = 0; ci < cg; ci++)
              for (int64_t a = 0; a < t->kd; a++)
                for (int64_t i = 0; i < t->kh; i++)
                  for (int64_t j = 0; j < t->kw; j++) {
                    const int64_t iz = z * t->stride[0] - t->pad[0] + a * t->dil[0];
                    const int64_t iy = yy * t->stride[1] - t->pad[1] + i * t->dil[1];
                    const int64_t ix = xx * t->stride[2] - t->pad[2] + j * t->dil[2];
                    if (iz < 0 || iz >= t->d || iy < 0 || iy >= t->h || ix < 0 || ix >= t->w) continue;
                    const int64_t cin = oc / kg * cg + ci;
                    s += (double)x[(((b * t->c + cin) * t->d + iz) * t->h + iy) * t->w + ix] *
                         w[(((oc * cg + ci) * t->kd + a) * t->kh + i) * t->kw + j];
                  }
            y[(((b * t->k + oc) * o[0] + z) * o[1] + yy) * o[2] + xx] = (float)s;
          }
}

static void conv3d_random(void **state) {
  (void)state;
  static const conv3_case cases[] = {
      {2, 3, 4, 6, 5, 4, 3, 3, 3, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, {0, 0, 0}},
      {1, 4, 5, 7, 6, 6, 2, 3, 1, {2, 1, 2}, {0, 1, 0}, {1, 2, 1}, 2, {0, 0, 0}},
      {1, 6, 4, 5, 5, 6, 3, 3, 3, {1, 2, 2}, {1, 1, 1}, {1, 1, 1}, 6, {0, 0, 0}},   /* depthwise */
      {2, 8, 3, 4, 4, 16, 1, 1, 1, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 1, {0, 0, 0}},  /* 1x1x1 */
      {1, 3, 8, 12, 12, 24, 3, 7, 7, {1, 2, 2}, {1, 3, 3}, {1, 1, 1}, 1, {0, 0, 0}}, /* a video stem */
      {1, 2, 3, 3, 3, 4, 3, 3, 3, {1, 1, 1}, {2, 2, 2}, {2, 1, 1}, 1, {0, 0, 0}},   /* taps all in padding */
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    const conv3_case *t = &cases[ci];
    const int64_t o[3] = {conv_o(t->d, t->kd, t->stride[0], t->pad[0], t->dil[0]),
                          conv_o(t->h, t->kh, t->stride[1], t->pad[1], t->dil[1]),
                          conv_o(t->w, t->kw, t->stride[2], t->pad[2], t->dil[2])};
    const int64_t nx = t->n * t->c * t->d * t->h * t->w, nw = t->k * t->c / t->groups * t->kd * t->kh * t->kw;
    const int64_t ny = t->n * t->k * o[0] * o[1] * o[2];
    float *x = rand_buf(nx), *w = rand_buf(nw), *bias = rand_buf(t->k), *res = rand_buf(ny);
    float *y = rand_buf(ny), *want = rand_buf(ny);
    fxrt_conv3d_params p = {{t->stride[0], t->stride[1], t->stride[2]},
                            {t->pad[0], t->pad[1], t->pad[2]},
                            {t->dil[0], t->dil[1], t->dil[2]},
                            t->groups,
                            {0, 0, 0}};
    const size_t ws_bytes = fxrt_conv3d_workspace_size(t->n, t->c, t->d, t->h, t->w, t->k, t->kd, t->kh, t->kw, o[0],
                                                       o[1], o[2], &p);
    assert_true(ws_bytes > 0);
    void *ws = malloc(ws_bytes);
    char what[64];
    snprintf(what, sizeof what, "conv3d case %d", (int)ci);
    naive_conv3d(t, x, w, bias, want, o);
    assert_int_equal(fxrt_conv3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, bias, y, o[0],
                                     o[1], o[2], &p, NULL, ws, ws_bytes, NULL),
                     FXRT_OK);
    check_close(what, y, want, ny, 1e-4f);
    /* the epilogue: + residual, then relu; and without a bias */
    fxrt_epilogue ep = {FXRT_ACT_RELU, 0.0f, 0.0f, 0.0f, res};
    for (int64_t e = 0; e < ny; e++) want[e] = fmaxf(want[e] + res[e], 0.0f);
    assert_int_equal(fxrt_conv3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, bias, y, o[0],
                                     o[1], o[2], &p, &ep, ws, ws_bytes, NULL),
                     FXRT_OK);
    check_close(what, y, want, ny, 1e-4f);
    naive_conv3d(t, x, w, NULL, want, o);
    assert_int_equal(fxrt_conv3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, NULL, y, o[0],
                                     o[1], o[2], &p, NULL, ws, ws_bytes, NULL),
                     FXRT_OK);
    check_close(what, y, want, ny, 1e-4f);
    /* errors: a short workspace, a wrong output size */
    assert_int_equal(fxrt_conv3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, NULL, y, o[0],
                                     o[1], o[2], &p, NULL, ws, ws_bytes - 1, NULL),
                     FXRT_EWORKSPACE);
    assert_int_equal(fxrt_conv3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, NULL, y,
                                     o[0] + 1, o[1], o[2], &p, NULL, ws, ws_bytes, NULL),
                     FXRT_EINVAL);
    free(ws), free(x), free(w), free(bias), free(res), free(y), free(want);
  }
}

static void conv_transpose3d_random(void **state) {
  (void)state;
  static const conv3_case cases[] = {
      {2, 3, 3, 4, 5, 4, 3, 3, 3, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, {0, 0, 0}},
      {1, 4, 2, 3, 3, 6, 2, 3, 2, {2, 2, 1}, {0, 1, 0}, {1, 1, 2}, 2, {1, 1, 0}},
      {1, 4, 3, 3, 4, 4, 3, 2, 3, {2, 3, 2}, {1, 0, 2}, {2, 1, 1}, 4, {1, 2, 0}},
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    const conv3_case *t = &cases[ci];
    const int64_t in[3] = {t->d, t->h, t->w}, ks[3] = {t->kd, t->kh, t->kw};
    int64_t o[3];
    for (int e = 0; e < 3; e++)
      o[e] = (in[e] - 1) * t->stride[e] - 2 * t->pad[e] + t->dil[e] * (ks[e] - 1) + t->opad[e] + 1;
    const int64_t cg = t->c / t->groups, kg = t->k / t->groups;
    const int64_t nx = t->n * t->c * t->d * t->h * t->w, nw = t->c * kg * t->kd * t->kh * t->kw;
    const int64_t ny = t->n * t->k * o[0] * o[1] * o[2];
    float *x = rand_buf(nx), *w = rand_buf(nw), *bias = rand_buf(t->k), *y = rand_buf(ny);
    double *want = calloc((size_t)ny, sizeof(double));
    float *wantf = rand_buf(ny);
    for (int64_t b = 0; b < t->n; b++)
      for (int64_t oc = 0; oc < t->k; oc++)
        for (int64_t e = 0; e < o[0] * o[1] * o[2]; e++) want[(b * t->k + oc) * o[0] * o[1] * o[2] + e] = bias[oc];
    for (int64_t b = 0; b < t->n; b++)
      for (int64_t cin = 0; cin < t->c; cin++)
        for (int64_t z = 0; z < t->d; z++)
          for (int64_t yy = 0; yy < t->h; yy++)
            for (int64_t xx = 0; xx < t->w; xx++)
              for (int64_t oo = 0; oo < kg; oo++)
                for (int64_t a = 0; a < t->kd; a++)
                  for (int64_t i = 0; i < t->kh; i++)
                    for (int64_t j = 0; j < t->kw; j++) {
                      const int64_t oz = z * t->stride[0] - t->pad[0] + a * t->dil[0];
                      const int64_t oy = yy * t->stride[1] - t->pad[1] + i * t->dil[1];
                      const int64_t ox = xx * t->stride[2] - t->pad[2] + j * t->dil[2];
                      if (oz < 0 || oz >= o[0] || oy < 0 || oy >= o[1] || ox < 0 || ox >= o[2]) continue;
                      const int64_t oc = cin / cg * kg + oo;
                      want[(((b * t->k + oc) * o[0] + oz) * o[1] + oy) * o[2] + ox] +=
                          (double)x[(((b * t->c + cin) * t->d + z) * t->h + yy) * t->w + xx] *
                          w[(((cin * kg + oo) * t->kd + a) * t->kh + i) * t->kw + j];
                    }
    for (int64_t e = 0; e < ny; e++) wantf[e] = (float)want[e];
    fxrt_conv3d_params p = {{t->stride[0], t->stride[1], t->stride[2]},
                            {t->pad[0], t->pad[1], t->pad[2]},
                            {t->dil[0], t->dil[1], t->dil[2]},
                            t->groups,
                            {t->opad[0], t->opad[1], t->opad[2]}};
    assert_int_equal(fxrt_conv_transpose3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, bias, y,
                                               o[0], o[1], o[2], &p),
                     FXRT_OK);
    check_close("conv_transpose3d", y, wantf, ny, 1e-4f);
    assert_int_equal(fxrt_conv_transpose3d_f32(x, t->n, t->c, t->d, t->h, t->w, w, t->k, t->kd, t->kh, t->kw, bias, y,
                                               o[0] + 1, o[1], o[2], &p),
                     FXRT_EINVAL);
    free(x), free(w), free(bias), free(y), free(want), free(wantf);
  }
}

typedef struct pool3_case {
  int64_t n, c, d, h, w;
  int64_t k[3], s[3], p[3], dil[3];
  bool ceil_mode, count_include_pad;
  int64_t divisor;
} pool3_case;

static int64_t pool_o(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  const int64_t num = in + 2 * p - d * (k - 1) - 1;
  int64_t o = (ceil_mode ? (num + s - 1) / s : num / s) + 1;
  if (ceil_mode && (o - 1) * s >= in + p) o--;
  return o;
}

static void pool3d_random(void **state) {
  (void)state;
  static const pool3_case cases[] = {
      {2, 3, 4, 6, 5, {2, 2, 2}, {2, 2, 2}, {0, 0, 0}, {1, 1, 1}, false, true, 0},
      {1, 2, 5, 7, 6, {3, 3, 2}, {2, 2, 1}, {1, 1, 1}, {1, 1, 1}, true, true, 0},
      {1, 2, 5, 7, 6, {3, 3, 2}, {2, 2, 1}, {1, 1, 1}, {1, 1, 1}, true, false, 0},
      {1, 2, 5, 7, 6, {3, 2, 3}, {2, 3, 2}, {1, 1, 0}, {1, 1, 1}, false, true, 5},
      {2, 2, 6, 6, 7, {2, 3, 2}, {1, 2, 2}, {1, 1, 0}, {2, 1, 2}, true, true, 0}, /* dilated (max only) */
  };
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    const pool3_case *t = &cases[ci];
    const int64_t in[3] = {t->d, t->h, t->w};
    const bool dilated = t->dil[0] != 1 || t->dil[1] != 1 || t->dil[2] != 1;
    int64_t o[3];
    for (int e = 0; e < 3; e++) o[e] = pool_o(in[e], t->k[e], t->s[e], t->p[e], t->dil[e], t->ceil_mode);
    const int64_t planes = t->n * t->c, vol = t->d * t->h * t->w, ovol = o[0] * o[1] * o[2];
    float *x = rand_buf(planes * vol), *y = rand_buf(planes * ovol), *wmax = rand_buf(planes * ovol);
    float *wavg = rand_buf(planes * ovol);
    int64_t *idx = malloc(sizeof(int64_t) * (size_t)(planes * ovol)), *widx = malloc(sizeof(int64_t) * (size_t)(planes * ovol));
    x[3] = NAN; /* NaN wins the max */
    for (int64_t pl = 0; pl < planes; pl++)
      for (int64_t oz = 0; oz < o[0]; oz++)
        for (int64_t oy = 0; oy < o[1]; oy++)
          for (int64_t ox = 0; ox < o[2]; ox++) {
            const int64_t oi[3] = {oz, oy, ox}, out = pl * ovol + (oz * o[1] + oy) * o[2] + ox;
            float m = -INFINITY;
            int64_t best = -1, inside = 0, padded = 1;
            double sum = 0;
            for (int e = 0; e < 3; e++) { /* the window within the padded input, PyTorch's count_include_pad count */
              const int64_t st = oi[e] * t->s[e] - t->p[e];
              int64_t en = st + t->k[e];
              if (en > in[e] + t->p[e]) en = in[e] + t->p[e];
              padded *= en - st;
            }
            for (int64_t a = 0; a < t->k[0]; a++)
              for (int64_t i = 0; i < t->k[1]; i++)
                for (int64_t j = 0; j < t->k[2]; j++) {
                  const int64_t z = oz * t->s[0] - t->p[0] + a * t->dil[0], yy = oy * t->s[1] - t->p[1] + i * t->dil[1];
                  const int64_t xx = ox * t->s[2] - t->p[2] + j * t->dil[2];
                  if (z < 0 || z >= t->d || yy < 0 || yy >= t->h || xx < 0 || xx >= t->w) continue;
                  const int64_t f = (z * t->h + yy) * t->w + xx;
                  const float v = x[pl * vol + f];
                  if (best < 0) best = f;
                  if (v > m || isnan(v)) m = v, best = f;
                  sum += v, inside++;
                }
            wmax[out] = m, widx[out] = best;
            const int64_t div = t->divisor ? t->divisor : t->count_include_pad ? padded : inside;
            wavg[out] = inside ? (float)(sum / (double)div) : 0.0f;
          }
    fxrt_pool3d_params p = {{t->k[0], t->k[1], t->k[2]}, {t->s[0], t->s[1], t->s[2]}, {t->p[0], t->p[1], t->p[2]},
                            {t->dil[0], t->dil[1], t->dil[2]}, t->ceil_mode, t->count_include_pad, t->divisor};
    assert_int_equal(fxrt_max_pool3d_f32(x, t->n, t->c, t->d, t->h, t->w, y, o[0], o[1], o[2], &p, idx), FXRT_OK);
    for (int64_t e = 0; e < planes * ovol; e++) {
      if (!(y[e] == wmax[e] || (isnan(y[e]) && isnan(wmax[e]))))
        fail_msg("max_pool3d case %d: element %lld: got %g, want %g", (int)ci, (long long)e, (double)y[e],
                 (double)wmax[e]);
      if (idx[e] != widx[e])
        fail_msg("max_pool3d case %d: index %lld: got %lld, want %lld", (int)ci, (long long)e, (long long)idx[e],
                 (long long)widx[e]);
    }
    if (!dilated) {
      x[3] = 0.5f; /* the averages without the NaN */
      free(wavg);
      wavg = rand_buf(planes * ovol);
      for (int64_t pl = 0; pl < planes; pl++)
        for (int64_t e = 0; e < ovol; e++) {
          const int64_t oi[3] = {e / (o[1] * o[2]), e / o[2] % o[1], e % o[2]};
          double sum = 0;
          int64_t inside = 0, padded = 1;
          for (int d = 0; d < 3; d++) {
            const int64_t st = oi[d] * t->s[d] - t->p[d];
            int64_t en = st + t->k[d];
            if (en > in[d] + t->p[d]) en = in[d] + t->p[d];
            padded *= en - st;
          }
          for (int64_t a = 0; a < t->k[0]; a++)
            for (int64_t i = 0; i < t->k[1]; i++)
              for (int64_t j = 0; j < t->k[2]; j++) {
                const int64_t z = oi[0] * t->s[0] - t->p[0] + a, yy = oi[1] * t->s[1] - t->p[1] + i;
                const int64_t xx = oi[2] * t->s[2] - t->p[2] + j;
                if (z < 0 || z >= t->d || yy < 0 || yy >= t->h || xx < 0 || xx >= t->w) continue;
                sum += x[pl * vol + (z * t->h + yy) * t->w + xx], inside++;
              }
          const int64_t div = t->divisor ? t->divisor : t->count_include_pad ? padded : inside;
          wavg[pl * ovol + e] = inside ? (float)(sum / (double)div) : 0.0f;
        }
      assert_int_equal(fxrt_avg_pool3d_f32(x, t->n, t->c, t->d, t->h, t->w, y, o[0], o[1], o[2], &p), FXRT_OK);
      check_close("avg_pool3d", y, wavg, planes * ovol, 1e-5f);
    }
    assert_int_equal(fxrt_max_pool3d_f32(x, t->n, t->c, t->d, t->h, t->w, y, o[0] + 1, o[1], o[2], &p, idx),
                     FXRT_EINVAL);
    free(x), free(y), free(wmax), free(wavg), free(idx), free(widx);
  }
}

static void adaptive_max_pool3d_random(void **state) {
  (void)state;
  const int64_t n = 2, c = 3, d = 5, h = 7, w = 6, od = 3, oh = 4, ow = 6;
  float *x = rand_buf(n * c * d * h * w), *y = rand_buf(n * c * od * oh * ow);
  int64_t *idx = malloc(sizeof(int64_t) * (size_t)(n * c * od * oh * ow));
  assert_int_equal(fxrt_adaptive_max_pool3d_f32(x, n, c, d, h, w, y, od, oh, ow, idx), FXRT_OK);
  for (int64_t pl = 0; pl < n * c; pl++)
    for (int64_t e = 0; e < od * oh * ow; e++) {
      const int64_t oi[3] = {e / (oh * ow), e / ow % oh, e % ow}, in[3] = {d, h, w}, out[3] = {od, oh, ow};
      int64_t lo[3], hi[3];
      for (int k = 0; k < 3; k++) {
        lo[k] = (int64_t)floor((double)(oi[k] * in[k]) / (double)out[k]);
        hi[k] = (int64_t)ceil((double)((oi[k] + 1) * in[k]) / (double)out[k]);
      }
      float m = -INFINITY;
      int64_t best = -1;
      for (int64_t z = lo[0]; z < hi[0]; z++)
        for (int64_t yy = lo[1]; yy < hi[1]; yy++)
          for (int64_t xx = lo[2]; xx < hi[2]; xx++) {
            const int64_t f = (z * h + yy) * w + xx;
            if (x[pl * d * h * w + f] > m) m = x[pl * d * h * w + f], best = f;
          }
      assert_true(y[pl * od * oh * ow + e] == m);
      assert_int_equal(idx[pl * od * oh * ow + e], best);
    }
  free(x), free(y), free(idx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(conv3d_random),
      cmocka_unit_test(conv_transpose3d_random),
      cmocka_unit_test(pool3d_random),
      cmocka_unit_test(adaptive_max_pool3d_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
