/* test_nchwc.c: the NCHW16c kernels (fxrt_nchwc.c): the reorders both ways, the weight packing, and
 * fxrt_conv2d_nchwc_f32 against the direct convolution loops of the definition in double, over pointwise and
 * depthwise shapes that reach every edge of its tiles, dense ones (one group, any kernel) of a blocked input, and
 * fxrt_conv2d_nchw_nchwc_f32 (dense, from NCHW) likewise (channels that are not a multiple of 16, pixels left over from
 * the pointwise tiles, planes with no inner columns, strides, dilation, asymmetric padding, batches), with bias or
 * none, a residual and each kind of activation; the channels beyond k must come out as zeros (also for an activation
 * that is not 0 at 0), and pools of 2, 3 and 5 threads must give the same bits as none. Squeeze-and-excitation's
 * global mean and per-channel scale in NCHW16c likewise, and max pooling against the NCHW kernel bit for bit. Plus the
 * error statuses.
 *
 * A value passes when |got - want| <= 1e-5 * (sum of the magnitudes of its terms) + 1e-6 (the error bound of an f32
 * sum), as in test_conv.c. */
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
#include "fxrt_threads.h"

#define RT_SEED 777u
#include "rt_random.h"

#define BLK FXRT_NCHWC_BLOCK

static int64_t blocks(int64_t c) { return (c + BLK - 1) / BLK; }

/* ---- reorders --------------------------------------------------------------------------------------------------- */

static void reorders_round_trip(void **state) {
  (void)state;
  static const int64_t cases[][3] = {{1, 3, 5}, {2, 16, 49}, {1, 17, 33}, {3, 40, 1}, {1, 33, 256}, {1, 1, 17}};
  for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
    const int64_t n = cases[t][0], c = cases[t][1], hw = cases[t][2], nb = n * blocks(c) * BLK * hw;
    float *x = rand_buf(n * c * hw), *yb = rand_buf(nb), *back = rand_buf(n * c * hw);
    assert_int_equal(fxrt_to_nchwc_f32(x, n, c, hw, yb), FXRT_OK);
    for (int64_t b = 0; b < n; b++)
      for (int64_t ch = 0; ch < blocks(c) * BLK; ch++)
        for (int64_t p = 0; p < hw; p++) {
          const float got = yb[((b * blocks(c) + ch / BLK) * hw + p) * BLK + ch % BLK];
          const float want = ch < c ? x[(b * c + ch) * hw + p] : 0.0f;
          if (memcmp(&got, &want, sizeof got) != 0)
            fail_msg("to_nchwc n%lld c%lld hw%lld: image %lld channel %lld pixel %lld is %g, want %g", (long long)n,
                     (long long)c, (long long)hw, (long long)b, (long long)ch, (long long)p, (double)got, (double)want);
        }
    assert_int_equal(fxrt_from_nchwc_f32(yb, n, c, hw, back), FXRT_OK);
    assert_memory_equal(back, x, sizeof(float) * (size_t)(n * c * hw));
    free(x);
    free(yb);
    free(back);
  }
  float v = 0.0f;
  assert_int_equal(fxrt_to_nchwc_f32(&v, 1, 0, 1, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_from_nchwc_f32(NULL, 1, 3, 4, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_to_nchwc_f32(NULL, 0, 3, 4, NULL), FXRT_OK);
}

/* ---- convolutions --------------------------------------------------------------------------------------------- */

typedef struct nc_case {
  int64_t n, c, h, w, k, kh, kw, s, pad, extra, d, groups;
  int64_t nchw_in; /* 1: fxrt_conv2d_nchw_nchwc_f32, x in NCHW (a dense stem) */
} nc_case;

static const nc_case cases[] = {
    /* pointwise: k and c not multiples of 16, pixels left over from tiles of 6, one pixel, several pixel chunks */
    {1, 3, 5, 5, 8, 1, 1, 1, 0, 0, 1, 1, 0},
    {2, 16, 7, 7, 24, 1, 1, 1, 0, 0, 1, 1, 0},
    {1, 24, 10, 7, 96, 1, 1, 1, 0, 0, 1, 1, 0},
    {1, 40, 1, 1, 20, 1, 1, 1, 0, 0, 1, 1, 0},
    {1, 17, 3, 13, 33, 1, 1, 1, 0, 0, 1, 1, 0},
    {1, 160, 7, 7, 80, 1, 1, 1, 0, 0, 1, 1, 0},
    {1, 300, 30, 31, 70, 1, 1, 1, 0, 0, 1, 1, 0},
    /* depthwise: 3x3 and 5x5, strides 1 and 2, dilation, asymmetric padding, planes without inner columns */
    {1, 16, 8, 8, 16, 3, 3, 1, 1, 0, 1, 16, 0},
    {2, 24, 9, 11, 24, 3, 3, 2, 1, 0, 1, 24, 0},
    {1, 40, 7, 7, 40, 5, 5, 1, 2, 0, 1, 40, 0},
    {1, 40, 14, 14, 40, 5, 5, 2, 2, 0, 1, 40, 0},
    {1, 20, 13, 19, 20, 3, 3, 1, 2, 0, 2, 20, 0},
    {1, 8, 3, 3, 8, 3, 3, 1, 1, 0, 1, 8, 0},
    {1, 33, 2, 2, 33, 3, 3, 1, 1, 0, 1, 33, 0},
    {1, 16, 8, 9, 16, 3, 3, 2, 0, 1, 1, 16, 0},
    {1, 18, 30, 29, 18, 3, 3, 1, 1, 0, 1, 18, 0},
    {1, 5, 6, 40, 5, 1, 7, 1, 0, 0, 1, 5, 0},
    /* dense from NCHW: a stem (3x3 stride 2), k not a multiple of 16, 7x7 stride 2 of one channel, asymmetric
     * padding, dilation with 64 outputs (4 vectors of AVX-512), planes without inner columns, 1x1 */
    {1, 3, 17, 19, 32, 3, 3, 2, 1, 0, 1, 1, 1},
    {2, 3, 9, 11, 24, 3, 3, 1, 1, 0, 1, 1, 1},
    {1, 1, 6, 40, 8, 7, 7, 2, 3, 0, 1, 1, 1},
    {1, 4, 13, 12, 40, 3, 3, 2, 0, 1, 1, 1, 1},
    {1, 3, 11, 9, 64, 5, 5, 1, 2, 0, 2, 1, 1},
    {1, 2, 2, 3, 16, 3, 3, 1, 1, 0, 1, 1, 1},
    {1, 3, 5, 5, 20, 1, 1, 1, 0, 0, 1, 1, 1},
    /* dense from NCHW16c: squeezenet's 3x3 expand (c 16 -> 64), c and k not multiples of 16 with dilation and
     * asymmetric padding, 1x1 stride 2 (a downsample), 7x7 stride 2 with padding 3, 5x5 on planes without inner
     * columns, a batch of 2 with 2 input blocks, 3x1 */
    {1, 16, 13, 13, 64, 3, 3, 1, 1, 0, 1, 1, 0},
    {1, 20, 11, 9, 40, 3, 3, 1, 2, 0, 2, 1, 0},
    {1, 33, 9, 8, 24, 3, 3, 2, 0, 1, 1, 1, 0},
    {1, 32, 14, 14, 48, 1, 1, 2, 0, 0, 1, 1, 0},
    {1, 8, 15, 17, 16, 7, 7, 2, 3, 0, 1, 1, 0},
    {1, 17, 3, 4, 20, 5, 5, 1, 2, 0, 1, 1, 0},
    {2, 32, 6, 7, 33, 3, 3, 1, 1, 0, 1, 1, 0},
    {1, 24, 9, 10, 16, 3, 1, 1, 1, 0, 1, 1, 0},
    /* full-width groups (64 outputs per group on AVX-512, 32 on AVX2): rows split in tiles of 6, 5, 4, 3, 2 and 1
     * pixels with edge columns on either side or on both (7x7 stride 2: two on the left), every column an edge one
     * (dilation wider than the input, some columns without any tap inside) */
    {1, 16, 8, 23, 64, 3, 3, 1, 1, 0, 1, 1, 0},
    {1, 16, 5, 7, 128, 3, 3, 1, 1, 0, 1, 1, 0},
    {1, 8, 15, 17, 64, 7, 7, 2, 3, 0, 1, 1, 0},
    {1, 1, 6, 40, 64, 7, 7, 2, 3, 0, 1, 1, 1},
    {1, 16, 3, 2, 64, 3, 3, 1, 1, 0, 1, 1, 0},
    {2, 16, 4, 1, 64, 3, 3, 1, 1, 0, 1, 1, 0},
    {1, 16, 5, 6, 64, 3, 3, 1, 4, 0, 3, 1, 0},
};

static const fxrt_act acts[] = {FXRT_ACT_NONE, FXRT_ACT_RELU6, FXRT_ACT_SILU,   FXRT_ACT_HARDSWISH,
                                FXRT_ACT_RELU, FXRT_ACT_CLAMP, FXRT_ACT_SIGMOID};

static int64_t out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t extra, int64_t d) {
  return (in + 2 * p + extra - d * (k - 1) - 1) / s + 1;
}

/* The definition in double: y[b, o, oy, ox] = bias[o] + sum x * w (+ residual), then the activation. */
static void ref_conv(const nc_case *t, const float *x, const float *wt, const float *bias, const float *res,
                     fxrt_act act, int64_t oh, int64_t ow, double *want, double *mag) {
  const int64_t cg = t->c / t->groups, kg = t->k / t->groups;
  for (int64_t b = 0; b < t->n; b++)
    for (int64_t o = 0; o < t->k; o++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          double s = bias ? bias[o] : 0.0, m = bias ? fabs(bias[o]) : 0.0;
          for (int64_t ci = 0; ci < cg; ci++)
            for (int64_t i = 0; i < t->kh; i++)
              for (int64_t j = 0; j < t->kw; j++) {
                const int64_t iy = oy * t->s - t->pad + i * t->d, ix = ox * t->s - t->pad + j * t->d;
                if (iy < 0 || iy >= t->h || ix < 0 || ix >= t->w) continue;
                const double v = (double)x[((b * t->c + o / kg * cg + ci) * t->h + iy) * t->w + ix] *
                                 wt[((o * cg + ci) * t->kh + i) * t->kw + j];
                s += v;
                m += fabs(v);
              }
          const int64_t idx = ((b * t->k + o) * oh + oy) * ow + ox;
          if (res) {
            s += res[idx];
            m += fabs(res[idx]);
          }
          want[idx] = act == FXRT_ACT_NONE ? s : (double)fxrt_act_apply(act, (float)s, 0.1f, -0.5f, 0.75f);
          mag[idx] = m;
        }
}

static fxrt_threads *pools[3];
static const int pool_sizes[3] = {2, 3, 5};

static int setup(void **state) {
  (void)state;
  for (int i = 0; i < 3; i++)
    if (!(pools[i] = fxrt_threads_start(pool_sizes[i]))) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  for (int i = 0; i < 3; i++) fxrt_threads_stop(pools[i]);
  return 0;
}

/* The case's kernel: on x in NCHW (nchw_in) or on xb, x in NCHW16c. */
static fxrt_status conv(const nc_case *t, const float *x, const float *xb, const float *wp, const float *bias,
                        float *y, int64_t oh, int64_t ow, const fxrt_conv2d_params *p, const fxrt_epilogue *ep,
                        const fxrt_threadpool *threads) {
  if (t->nchw_in)
    return fxrt_conv2d_nchw_nchwc_f32(x, t->n, t->c, t->h, t->w, wp, t->k, t->kh, t->kw, bias, y, oh, ow, p, ep,
                                      threads);
  return fxrt_conv2d_nchwc_f32(xb, t->n, t->c, t->h, t->w, wp, t->k, t->kh, t->kw, bias, y, oh, ow, p, ep, threads);
}

static void run_case(const nc_case *t, fxrt_act act, bool with_bias, bool with_res) {
  const int64_t oh = out_size(t->h, t->kh, t->s, t->pad, t->extra, t->d),
                ow = out_size(t->w, t->kw, t->s, t->pad, t->extra, t->d);
  const fxrt_conv2d_params p = {{t->s, t->s}, {t->pad, t->pad}, {t->d, t->d}, t->groups, {t->extra, t->extra}};
  if (t->nchw_in)
    assert_true(fxrt_conv2d_nchw_nchwc_supported(t->c, t->k, t->kh, t->kw, &p));
  else
    assert_true(fxrt_conv2d_nchwc_supported(t->c, t->k, t->kh, t->kw, &p));
  const int64_t nx = t->n * t->c * t->h * t->w, ny = t->n * t->k * oh * ow;
  const int64_t nxb = t->n * blocks(t->c) * BLK * t->h * t->w, nyb = t->n * blocks(t->k) * BLK * oh * ow;
  const int64_t nw = t->k * (t->c / t->groups) * t->kh * t->kw;
  const int64_t nwp = fxrt_nchwc_weight_numel(t->c, t->k, t->kh, t->kw, &p);
  assert_true(nwp > 0);
  float *x = rand_buf(nx), *wt = rand_buf(nw), *bias = with_bias ? rand_buf(t->k) : NULL;
  float *res = with_res ? rand_buf(ny) : NULL, *y = rand_buf(ny);
  float *xb = rand_buf(nxb), *wp = rand_buf(nwp), *resb = rand_buf(nyb), *yb = rand_buf(nyb), *yt = rand_buf(nyb);
  double *want = malloc(sizeof(double) * (size_t)ny), *mag = malloc(sizeof(double) * (size_t)ny);
  assert_int_equal(fxrt_to_nchwc_f32(x, t->n, t->c, t->h * t->w, xb), FXRT_OK);
  if (res) assert_int_equal(fxrt_to_nchwc_f32(res, t->n, t->k, oh * ow, resb), FXRT_OK);
  assert_int_equal(fxrt_nchwc_pack_weight_f32(wt, t->c, t->k, t->kh, t->kw, &p, wp), FXRT_OK);
  const fxrt_epilogue ep = {act, 0.1f, -0.5f, 0.75f, res ? resb : NULL};
  const bool use_ep = res || act != FXRT_ACT_NONE;
  assert_int_equal(conv(t, x, xb, wp, bias, yb, oh, ow, &p, use_ep ? &ep : NULL, NULL), FXRT_OK);
  char what[200];
  snprintf(what, sizeof what, "%s n%lld c%lld %lldx%lld k%lld %lldx%lld s%lld p%lld+%lld d%lld g%lld act%d%s%s",
           t->nchw_in ? "nchw -> nchwc conv" : "nchwc conv", (long long)t->n, (long long)t->c, (long long)t->h,
           (long long)t->w, (long long)t->k, (long long)t->kh,
           (long long)t->kw, (long long)t->s, (long long)t->pad, (long long)t->extra, (long long)t->d,
           (long long)t->groups, (int)act, with_bias ? " bias" : "", with_res ? " residual" : "");
  /* the channels beyond k are zeros */
  for (int64_t b = 0; b < t->n; b++)
    for (int64_t ch = t->k; ch < blocks(t->k) * BLK; ch++)
      for (int64_t q = 0; q < oh * ow; q++) {
        const float v = yb[((b * blocks(t->k) + ch / BLK) * oh * ow + q) * BLK + ch % BLK];
        if (v != 0.0f || signbit(v)) fail_msg("%s: padding channel %lld is %g", what, (long long)ch, (double)v);
      }
  assert_int_equal(fxrt_from_nchwc_f32(yb, t->n, t->k, oh * ow, y), FXRT_OK);
  ref_conv(t, x, wt, bias, res, act, oh, ow, want, mag);
  for (int64_t i = 0; i < ny; i++) {
    const double tol = 1e-5 * mag[i] + 1e-6;
    if (!(fabs((double)y[i] - want[i]) <= tol))
      fail_msg("%s: element %lld: got %.9g, want %.9g (tolerance %.3g)", what, (long long)i, (double)y[i], want[i],
               tol);
  }
  /* the same bits on pools of threads */
  for (int pi = 0; pi < 3; pi++) {
    memset(yt, 0xff, sizeof(float) * (size_t)nyb);
    assert_int_equal(conv(t, x, xb, wp, bias, yt, oh, ow, &p, use_ep ? &ep : NULL, fxrt_threads_pool(pools[pi])),
                     FXRT_OK);
    if (memcmp(yt, yb, sizeof(float) * (size_t)nyb) != 0)
      fail_msg("%s: %d threads give other bits than none", what, pool_sizes[pi]);
  }
  free(x), free(wt), free(bias), free(res), free(y), free(xb), free(wp), free(resb), free(yb), free(yt);
  free(want), free(mag);
}

static void conv_matches_definition(void **state) {
  (void)state;
  const size_t nacts = sizeof acts / sizeof acts[0];
  for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
    run_case(&cases[t], acts[t % nacts], t % 2 == 0, false);
    run_case(&cases[t], acts[(t + 3) % nacts], t % 2 == 1, true);
  }
}

/* A residual that is y itself (the buffer updated in place). */
static void conv_residual_in_place(void **state) {
  (void)state;
  const fxrt_conv2d_params pw = {{1, 1}, {0, 0}, {1, 1}, 1, {0, 0}}, dw = {{1, 1}, {1, 1}, {1, 1}, 24, {0, 0}};
  const int64_t c = 24, hw = 7 * 7, nb = blocks(c) * BLK * hw;
  for (int route = 0; route < 2; route++) {
    const fxrt_conv2d_params *p = route ? &dw : &pw;
    const int64_t kh = route ? 3 : 1;
    float *x = rand_buf(nb), *wt = rand_buf(c * c * kh * kh), *wp = rand_buf(fxrt_nchwc_weight_numel(c, c, kh, kh, p));
    float *y = rand_buf(nb), *r = rand_buf(nb), *want = rand_buf(nb);
    assert_int_equal(fxrt_nchwc_pack_weight_f32(wt, c, c, kh, kh, p, wp), FXRT_OK);
    memcpy(y, r, sizeof(float) * (size_t)nb);
    fxrt_epilogue ep = {FXRT_ACT_RELU, 0.0f, 0.0f, 0.0f, r};
    assert_int_equal(fxrt_conv2d_nchwc_f32(x, 1, c, 7, 7, wp, c, kh, kh, NULL, want, 7, 7, p, &ep, NULL), FXRT_OK);
    ep.residual = y;
    assert_int_equal(fxrt_conv2d_nchwc_f32(x, 1, c, 7, 7, wp, c, kh, kh, NULL, y, 7, 7, p, &ep, NULL), FXRT_OK);
    assert_memory_equal(y, want, sizeof(float) * (size_t)nb);
    free(x), free(wt), free(wp), free(y), free(r), free(want);
  }
}

static void conv_refuses(void **state) {
  (void)state;
  float v[4096] = {0};
  const fxrt_conv2d_params g2 = {{1, 1}, {0, 0}, {1, 1}, 2, {0, 0}}, s2 = {{2, 2}, {0, 0}, {1, 1}, 1, {0, 0}},
                           pw = {{1, 1}, {0, 0}, {1, 1}, 1, {0, 0}}, k3 = {{1, 1}, {1, 1}, {1, 1}, 1, {0, 0}};
  assert_false(fxrt_conv2d_nchwc_supported(4, 4, 1, 1, &g2)); /* grouped, not depthwise */
  assert_true(fxrt_conv2d_nchwc_supported(4, 4, 1, 1, &s2)); /* 1x1 with a stride: dense */
  assert_true(fxrt_conv2d_nchwc_supported(4, 8, 3, 3, &k3));  /* a dense 3x3 of a blocked input */
  assert_true(fxrt_conv2d_nchw_nchwc_supported(4, 8, 3, 3, &k3)); /* of an NCHW one of up to 4 channels */
  assert_false(fxrt_conv2d_nchw_nchwc_supported(5, 8, 3, 3, &k3));
  assert_false(fxrt_conv2d_nchw_nchwc_supported(4, 4, 3, 3, &g2)); /* grouped */
  assert_int_equal(fxrt_nchwc_weight_numel(4, 8, 3, 3, &k3), 16 * 4 * 9);
  assert_int_equal(fxrt_nchwc_weight_numel(4, 4, 1, 1, &g2), 0); /* grouped, not depthwise: no packing */
  assert_int_equal(fxrt_nchwc_pack_weight_f32(v, 4, 4, 1, 1, &g2, v), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchw_nchwc_f32(v, 1, 4, 4, 4, v, 8, 3, 3, NULL, v, 4, 3, &k3, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchw_nchwc_f32(v, 1, 5, 4, 4, v, 8, 3, 3, NULL, v, 4, 4, &k3, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchw_nchwc_f32(v, 0, 4, 4, 4, v, 8, 3, 3, NULL, v, 4, 4, &k3, NULL, NULL), FXRT_OK);
  assert_int_equal(fxrt_conv2d_nchwc_f32(v, 1, 4, 4, 4, v, 4, 1, 1, NULL, v, 2, 3, &s2, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchwc_f32(v, 1, 4, 4, 4, v, 4, 1, 1, NULL, v, 4, 4, &g2, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchwc_f32(v, 1, 4, 4, 4, v, 4, 1, 1, NULL, v, 4, 5, &pw, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchwc_f32(NULL, 1, 4, 4, 4, v, 4, 1, 1, NULL, v, 4, 4, &pw, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_conv2d_nchwc_f32(v, 0, 4, 4, 4, v, 4, 1, 1, NULL, v, 4, 4, &pw, NULL, NULL), FXRT_OK);
}

/* ---- squeeze-and-excitation's mean and scale ------------------------------------------------------------------ */

/* The global mean of each channel against the definition in double (within the f32 sum's bound), and the scale
 * exactly (one product per value); the channels beyond c of the scale's result zero; the same bits on pools; the
 * scale in place; s shared by the images or one row per image. */
static void channelwise_matches_definition(void **state) {
  (void)state;
  static const int64_t shapes[][4] = {{1, 3, 5, 5}, {2, 16, 7, 7}, {1, 17, 1, 3}, {3, 40, 3, 1}, {1, 33, 16, 16},
                                      {2, 1, 2, 9}};
  for (size_t t = 0; t < sizeof shapes / sizeof shapes[0]; t++) {
    const int64_t n = shapes[t][0], c = shapes[t][1], h = shapes[t][2], w = shapes[t][3], hw = h * w;
    const int64_t nb = n * blocks(c) * BLK * hw;
    float *x = rand_buf(n * c * hw), *xb = rand_buf(nb), *mean = rand_buf(n * c), *s = rand_buf(n * c);
    float *y = rand_buf(nb), *y2 = rand_buf(nb), *m2 = rand_buf(n * c);
    assert_int_equal(fxrt_to_nchwc_f32(x, n, c, hw, xb), FXRT_OK);
    assert_int_equal(fxrt_nchwc_global_avg_pool_f32(xb, n, c, h, w, mean, NULL), FXRT_OK);
    for (int64_t i = 0; i < n * c; i++) {
      double sum = 0.0, mag = 0.0;
      for (int64_t p = 0; p < hw; p++) sum += x[i * hw + p], mag += fabs(x[i * hw + p]);
      if (fabs(mean[i] - sum / (double)hw) > (1e-5 * mag + 1e-6) / (double)hw)
        fail_msg("nchwc mean n%lld c%lld %lldx%lld: plane %lld is %.9g, want %.9g", (long long)n, (long long)c,
                 (long long)h, (long long)w, (long long)i, (double)mean[i], sum / (double)hw);
    }
    for (int batched = 0; batched < 2; batched++) {
      assert_int_equal(fxrt_nchwc_scale_f32(xb, n, c, hw, s, batched, y, NULL), FXRT_OK);
      for (int64_t b = 0; b < n; b++)
        for (int64_t ch = 0; ch < blocks(c) * BLK; ch++)
          for (int64_t p = 0; p < hw; p++) {
            const float got = y[((b * blocks(c) + ch / BLK) * hw + p) * BLK + ch % BLK];
            const float want = ch < c ? x[(b * c + ch) * hw + p] * s[(batched ? b * c : 0) + ch] : 0.0f;
            if (memcmp(&got, &want, sizeof got) != 0)
              fail_msg("nchwc scale n%lld c%lld hw%lld batched %d: image %lld channel %lld pixel %lld is %g, want %g",
                       (long long)n, (long long)c, (long long)hw, batched, (long long)b, (long long)ch, (long long)p,
                       (double)got, (double)want);
          }
      for (int pi = 0; pi < 3; pi++) { /* the same bits on pools of threads */
        assert_int_equal(fxrt_nchwc_scale_f32(xb, n, c, hw, s, batched, y2, fxrt_threads_pool(pools[pi])), FXRT_OK);
        assert_memory_equal(y2, y, sizeof(float) * (size_t)nb);
        assert_int_equal(fxrt_nchwc_global_avg_pool_f32(xb, n, c, h, w, m2, fxrt_threads_pool(pools[pi])), FXRT_OK);
        assert_memory_equal(m2, mean, sizeof(float) * (size_t)(n * c));
      }
      memcpy(y2, xb, sizeof(float) * (size_t)nb); /* in place */
      assert_int_equal(fxrt_nchwc_scale_f32(y2, n, c, hw, s, batched, y2, NULL), FXRT_OK);
      assert_memory_equal(y2, y, sizeof(float) * (size_t)nb);
    }
    free(x), free(xb), free(mean), free(s), free(y), free(y2), free(m2);
  }
  float v[64] = {0};
  assert_int_equal(fxrt_nchwc_global_avg_pool_f32(v, 1, 0, 2, 2, v, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_nchwc_global_avg_pool_f32(v, 1, 3, 0, 2, v, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_nchwc_global_avg_pool_f32(NULL, 1, 3, 2, 2, v, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_nchwc_global_avg_pool_f32(NULL, 0, 3, 2, 2, NULL, NULL), FXRT_OK);
  assert_int_equal(fxrt_nchwc_scale_f32(v, 1, 3, 2, NULL, false, v, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_nchwc_scale_f32(v, -1, 3, 2, v, false, v, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_nchwc_scale_f32(NULL, 1, 3, 0, NULL, false, NULL, NULL), FXRT_OK);
}

/* ---- max pooling ------------------------------------------------------------------------------------------------ */

/* fxrt_nchwc_max_pool2d_f32 against the NCHW kernel, fxrt_max_pool2d_f32, bit for bit: windows with padding, ceil_mode,
 * dilation and strides, channels not a multiple of 16, a batch, NaNs and ties of -0.0 and 0.0 (the first largest
 * wins, and NaN); the channels beyond c zero; pools give the same bits. */
static void max_pool_matches_nchw(void **state) {
  (void)state;
  static const int64_t mp_cases[][10] = {/* n, c, h, w, k, s, pad, dil, ceil, ties */
                                      {1, 64, 111, 111, 3, 2, 0, 1, 1, 0}, {2, 20, 9, 10, 3, 2, 1, 1, 0, 1},
                                      {1, 17, 13, 13, 3, 2, 0, 1, 1, 1},   {1, 32, 8, 7, 2, 2, 0, 1, 0, 0},
                                      {1, 5, 11, 12, 3, 1, 1, 2, 0, 1},    {1, 16, 6, 9, 5, 3, 2, 1, 1, 1}};
  for (size_t q = 0; q < sizeof mp_cases / sizeof mp_cases[0]; q++) {
    const int64_t *t = mp_cases[q], n = t[0], c = t[1], h = t[2], w = t[3];
    const fxrt_pool2d_params p = {{t[4], t[4]}, {t[5], t[5]}, {t[6], t[6]}, {t[7], t[7]}, t[8] != 0, true, 0};
    int64_t o[2];
    for (int d = 0; d < 2; d++) { /* PyTorch's output size */
      const int64_t in = d ? w : h, num = in + 2 * t[6] - t[7] * (t[4] - 1) - 1 + (t[8] ? t[5] - 1 : 0);
      o[d] = num / t[5] + 1;
      if (t[8] && (o[d] - 1) * t[5] >= in + t[6]) o[d]--;
    }
    const int64_t oh = o[0], ow = o[1], nx = n * c * h * w, ny = n * c * oh * ow;
    const int64_t nxb = n * blocks(c) * BLK * h * w, nyb = n * blocks(c) * BLK * oh * ow;
    float *x = rand_buf(nx), *xb = rand_buf(nxb), *want = rand_buf(ny), *yb = rand_buf(nyb), *y = rand_buf(ny);
    float *yt = rand_buf(nyb);
    for (int64_t i = 0; i < nx; i++) {
      if (t[9]) x[i] = (float)(int)(x[i] * 2.0f); /* values -1, 0, 1: many ties, -0.0 among them */
      if (t[9] && i % 7 == 3) x[i] = -0.0f;
      if (i % 97 == 5) x[i] = NAN;
    }
    assert_int_equal(fxrt_to_nchwc_f32(x, n, c, h * w, xb), FXRT_OK);
    assert_int_equal(fxrt_max_pool2d_f32(x, n, c, h, w, want, oh, ow, &p, NULL, NULL), FXRT_OK);
    assert_int_equal(fxrt_nchwc_max_pool2d_f32(xb, n, c, h, w, yb, oh, ow, &p, NULL), FXRT_OK);
    for (int64_t b = 0; b < n; b++)
      for (int64_t ch = c; ch < blocks(c) * BLK; ch++)
        for (int64_t i = 0; i < oh * ow; i++) {
          const float v = yb[((b * blocks(c) + ch / BLK) * oh * ow + i) * BLK + ch % BLK];
          if (v != 0.0f || signbit(v))
            fail_msg("max pool case %zu: padding channel %lld is %g", q, (long long)ch, (double)v);
        }
    assert_int_equal(fxrt_from_nchwc_f32(yb, n, c, oh * ow, y), FXRT_OK);
    for (int64_t i = 0; i < ny; i++)
      if (memcmp(&y[i], &want[i], sizeof(float)) != 0)
        fail_msg("max pool case %zu: output %lld is %g, the NCHW kernel's %g", q, (long long)i, (double)y[i],
                 (double)want[i]);
    for (int k = 0; k < 3; k++) {
      assert_int_equal(fxrt_nchwc_max_pool2d_f32(xb, n, c, h, w, yt, oh, ow, &p, fxrt_threads_pool(pools[k])),
                       FXRT_OK);
      assert_memory_equal(yt, yb, sizeof(float) * (size_t)nyb);
    }
    assert_int_equal(fxrt_nchwc_max_pool2d_f32(xb, n, c, h, w, yb, oh + 1, ow, &p, NULL), FXRT_EINVAL);
    free(x), free(xb), free(want), free(yb), free(y), free(yt);
  }
  const fxrt_pool2d_params wide = {{3, 3}, {1, 1}, {2, 2}, {1, 1}, false, true, 0}; /* padding over half the window */
  float v[64] = {0};
  assert_int_equal(fxrt_nchwc_max_pool2d_f32(v, 1, 1, 2, 2, v, 4, 4, &wide, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_nchwc_max_pool2d_f32(v, 1, 1, 2, 2, v, 1, 1, NULL, NULL), FXRT_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reorders_round_trip),
      cmocka_unit_test(conv_matches_definition),
      cmocka_unit_test(conv_residual_in_place),
      cmocka_unit_test(conv_refuses),
      cmocka_unit_test(channelwise_matches_definition),
      cmocka_unit_test(max_pool_matches_nchw),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
