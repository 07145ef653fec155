/* test_winograd.c: fxrt_winograd_weight_f32, fxrt_winograd_workspace_size and fxrt_winograd_conv2d_f32, with 4x4 and
 * 2x2 output tiles, against the direct convolution loops evaluated in double (torch.nn.functional.conv2d with a 3x3
 * kernel, stride 1), over shapes that reach every edge of the kernel: output sizes that are not multiples of the tile,
 * padding 0, 1 and 2 and asymmetric padding, batches, several chunks of tiles, channel counts above the GEMM's depth
 * block, output channels that are not a multiple of the weight's panel (16) nor of the micro-kernel's width, bias or
 * none, and epilogues (residual, each activation). Plus the weight transform's layout and the error statuses.
 *
 * A value passes when |got - want| <= TOL * (the largest sum of term magnitudes in its output tile) + 1e-6, TOL being
 * twice the direct kernel's bound (test_conv.c): the transforms scale values by up to 5/2 (B^T) and 8 (A^T), G's
 * thirds and fifteenths are not exact in f32, and each output mixes the whole tile's products, so the rounding error
 * can exceed the direct sum's and an element inherits its neighbours' (the largest seen here, printed at the end, is
 * about 1e-6). A wrong tap, a misplaced tile or a missing bias is off by far more (a whole term's magnitude). */
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

#define TOL 2e-5

#define RT_SEED 12345u
#include "rt_random.h"

typedef struct wino_case {
  int64_t n, c, h, w, k, ph, pw;
  bool bias, residual;
  fxrt_act act;
  bool asym;      /* rows and columns of zeros after the input: eh and ew (else ph and pw, as torch pads) */
  int64_t eh, ew;
} wino_case;

static double worst; /* the largest |got - want| / (magnitude + 1e-6 / TOL) seen, printed at the end */

static void run_case(const wino_case *t, int64_t tile) {
  const int64_t oh = t->h + t->ph + (t->asym ? t->eh : t->ph) - 2, ow = t->w + t->pw + (t->asym ? t->ew : t->pw) - 2;
  const int64_t nx = t->n * t->c * t->h * t->w, nw = t->k * t->c * 9, ny = t->n * t->k * oh * ow;
  float *x = rand_buf(nx), *wt = rand_buf(nw), *b = t->bias ? rand_buf(t->k) : NULL;
  float *res = t->residual ? rand_buf(ny) : NULL, *y = rand_buf(ny);
  const int64_t nu = fxrt_winograd_weight_numel(tile, t->k, t->c);
  assert_int_equal(nu, (tile + 2) * (tile + 2) * ((t->k + 15) / 16 * 16) * t->c);
  float *u = malloc(sizeof(float) * (size_t)nu);
  assert_int_equal(fxrt_winograd_weight_f32(tile, wt, t->k, t->c, u), FXRT_OK);
  fxrt_epilogue ep = {t->act, 0.1f, -0.5f, 0.75f, res};
  const bool use_ep = t->residual || t->act != FXRT_ACT_NONE;
  const size_t wsb = fxrt_winograd_workspace_size(tile, t->n, t->c, t->h, t->w, t->k, oh, ow, t->ph, t->pw, 1);
  assert_true(wsb > 0);
  unsigned char *ws = malloc(wsb + 1);
  /* an odd workspace address: the kernel aligns it itself */
  assert_int_equal(fxrt_winograd_conv2d_f32(tile, x, t->n, t->c, t->h, t->w, u, t->k, b, y, oh, ow, t->ph, t->pw,
                                            use_ep ? &ep : NULL, ws + 1, wsb, NULL),
                   FXRT_OK);
  char what[160];
  snprintf(what, sizeof what, "winograd F(%lld) n%lld c%lld %lldx%lld k%lld p%lld,%lld act%d", (long long)tile,
           (long long)t->n,
           (long long)t->c, (long long)t->h, (long long)t->w, (long long)t->k, (long long)t->ph, (long long)t->pw,
           (int)t->act);
  double *want = malloc(sizeof(double) * (size_t)ny), *mag = malloc(sizeof(double) * (size_t)ny);
  for (int64_t n = 0; n < t->n; n++)
    for (int64_t o = 0; o < t->k; o++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          double s = b ? b[o] : 0.0, m = b ? fabs(b[o]) : 0.0;
          for (int64_t ci = 0; ci < t->c; ci++)
            for (int64_t i = 0; i < 3; i++)
              for (int64_t j = 0; j < 3; j++) {
                const int64_t iy = oy - t->ph + i, ix = ox - t->pw + j;
                if (iy < 0 || iy >= t->h || ix < 0 || ix >= t->w) continue;
                const double v =
                    (double)x[((n * t->c + ci) * t->h + iy) * t->w + ix] * wt[((o * t->c + ci) * 3 + i) * 3 + j];
                s += v;
                m += fabs(v);
              }
          const int64_t idx = ((n * t->k + o) * oh + oy) * ow + ox;
          if (res) {
            s += res[idx];
            m += fabs(res[idx]);
          }
          want[idx] = t->act == FXRT_ACT_NONE ? s : (double)fxrt_act_apply(t->act, (float)s, 0.1f, -0.5f, 0.75f);
          mag[idx] = m;
        }
  /* the scale of an element's rounding error: the largest magnitude in its output tile (the transforms mix the
   * tile's values, so an element whose own terms are small, or all padding, inherits its neighbours' error) */
  for (int64_t p = 0; p < t->n * t->k; p++)
    for (int64_t oy = 0; oy < oh; oy++)
      for (int64_t ox = 0; ox < ow; ox++) {
        const int64_t idx = p * oh * ow + oy * ow + ox;
        double scale = 0;
        for (int64_t ty = oy / tile * tile; ty < oy / tile * tile + tile && ty < oh; ty++)
          for (int64_t tx = ox / tile * tile; tx < ox / tile * tile + tile && tx < ow; tx++)
            scale = fmax(scale, mag[p * oh * ow + ty * ow + tx]);
        const double tol = TOL * scale + 1e-6, err = fabs((double)y[idx] - want[idx]);
        if (err / (scale + 1e-6 / TOL) > worst) worst = err / (scale + 1e-6 / TOL);
        if (!(err <= tol))
          fail_msg("%s: element %lld: got %.9g, want %.9g (tolerance %.3g)", what, (long long)idx, (double)y[idx],
                   want[idx], tol);
      }
  free(want);
  free(mag);
  free(x);
  free(wt);
  free(b);
  free(res);
  free(y);
  free(u);
  free(ws);
}

/* output sizes around the 4x4 tile, padding 0, 1 and 2, batches */
static void wino_shapes(void **state) {
  (void)state;
  const wino_case cases[] = {
      {1, 3, 6, 6, 4, 0, 0, true, false, FXRT_ACT_NONE, false, 0, 0},   /* one tile exactly */
      {1, 5, 3, 3, 7, 0, 0, true, false, FXRT_ACT_NONE, false, 0, 0},   /* a 1x1 output */
      {1, 4, 1, 1, 3, 1, 1, false, false, FXRT_ACT_NONE, false, 0, 0},  /* a 1x1 input, padding 1: the centre tap */
      {2, 6, 9, 11, 10, 1, 1, true, false, FXRT_ACT_NONE, false, 0, 0}, /* 9x11: partial tiles both ways; batch 2 */
      {3, 7, 13, 5, 9, 0, 1, true, true, FXRT_ACT_NONE, false, 0, 0},   /* 11x5, mixed padding */
      {1, 8, 7, 8, 16, 2, 2, false, false, FXRT_ACT_NONE, false, 0, 0}, /* padding 2 (tiles entirely in the padding) */
      {1, 2, 17, 30, 5, 1, 0, true, false, FXRT_ACT_NONE, false, 0, 0}, /* wide */
      {1, 3, 9, 10, 4, 0, 1, true, true, FXRT_ACT_RELU, true, 1, 2}, /* asymmetric: (0, 1) before, (1, 2) after */
      {2, 4, 7, 7, 6, 2, 0, false, false, FXRT_ACT_NONE, true, 0, 3},  /* more before than after, and the reverse */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i], 4), run_case(&cases[i], 2);
}

/* blocking: several chunks of tiles, channels beyond the GEMM's depth block (256), output channels that fill whole
 * micro-kernels, half ones and partial panels */
static void wino_blocking(void **state) {
  (void)state;
  const wino_case cases[] = {
      {1, 64, 56, 56, 64, 1, 1, true, true, FXRT_ACT_RELU, false, 0, 0},   /* resnet's layer1: 196 tiles in 4 chunks */
      {2, 16, 30, 31, 48, 1, 1, true, false, FXRT_ACT_NONE, false, 0, 0}, /* batch 2 across chunks; 48: 1.5 NR */
      {1, 300, 6, 7, 33, 1, 1, true, false, FXRT_ACT_NONE, false, 0, 0},  /* c > KC; k = 33: three panels */
      {1, 9, 10, 10, 1, 1, 1, false, false, FXRT_ACT_NONE, false, 0, 0},   /* one output channel */
      {1, 40, 14, 14, 200, 1, 1, true, true, FXRT_ACT_RELU6, false, 0, 0}, /* many columns */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i], 4), run_case(&cases[i], 2);
}

/* residual + every activation */
static void wino_epilogues(void **state) {
  (void)state;
  for (int a = 0; a < FXRT_NUM_ACTS; a++) {
    const wino_case cases[] = {
        {1, 6, 9, 7, 9, 1, 1, true, true, (fxrt_act)a, false, 0, 0},
        {2, 5, 5, 6, 20, 0, 1, a % 2 == 0, a % 3 == 0, (fxrt_act)a, false, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i], 4), run_case(&cases[i], 2);
  }
}

/* U[tp][kp/16][c][16] is G g G^T: for a kernel with a single 1 at (i, j), U's point (r, s) is G[r][i] * G[s][j] */
static void wino_weight_layout(void **state) {
  (void)state;
  static const double G4[6][3] = {{1, 0, 0}, {1.0 / 3, 1.0 / 3, 1.0 / 3}, {-1.0 / 3, 1.0 / 3, -1.0 / 3},
                                  {-16.0 / 15, -8.0 / 15, -4.0 / 15}, {1.0 / 15, -2.0 / 15, 4.0 / 15}, {0, 0, 1}};
  static const double G2[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  const int64_t k = 20, c = 3, kp = 32;
  float wt[20 * 3 * 9];
  float *u = malloc(sizeof(float) * 36 * kp * c);
  memset(wt, 0, sizeof wt);
  for (int64_t o = 0; o < k; o++) wt[(o * c + o % c) * 9 + o % 9] = (float)(o + 1); /* tap o%9 of channel o%c */
  for (int64_t tile = 2; tile <= 4; tile += 2) {
    const int64_t a = tile + 2;
    const double(*G)[3] = tile == 4 ? G4 : G2;
    assert_int_equal(fxrt_winograd_weight_f32(tile, wt, k, c, u), FXRT_OK);
    for (int64_t xi = 0; xi < a * a; xi++)
      for (int64_t o = 0; o < kp; o++)
        for (int64_t ci = 0; ci < c; ci++) {
          const double want = o < k && ci == o % c ? (o + 1) * G[xi / a][o % 9 / 3] * G[xi % a][o % 9 % 3] : 0.0;
          const float got = u[((xi * (kp / 16) + o / 16) * c + ci) * 16 + o % 16];
          assert_true(fabs(got - want) <= 1e-6 * fabs(want));
        }
  }
  free(u);
}

static void wino_errors(void **state) {
  (void)state;
  float x[2 * 4 * 6 * 6], wt[8 * 4 * 9], u[36 * 16 * 4], b[8], y[2 * 8 * 6 * 6];
  unsigned char ws[1 << 17];
  memset(x, 0, sizeof x);
  memset(wt, 0, sizeof wt);
  memset(b, 0, sizeof b);
  assert_int_equal(fxrt_winograd_weight_f32(4, wt, 8, 4, u), FXRT_OK);
  const size_t need = fxrt_winograd_workspace_size(4, 2, 4, 6, 6, 8, 6, 6, 1, 1, 1);
  assert_true(need > 0 && need <= sizeof ws);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL), FXRT_OK);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, NULL, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, NULL, 8, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, NULL, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  /* output sizes that would need a negative padding after the input */
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 4, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 6, 3, 1, 0, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 4, 4, -1, -1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  /* an input smaller than the kernel without padding */
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 1, 4, 2, 2, u, 8, b, y, 0, 0, 0, 0, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  /* non-positive sizes, absurd sizes */
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 0, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 0, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, -1, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 1 << 30, 1 << 30, 1 << 30, 1 << 30, u, 8, b, y, 1 << 30, 1 << 30, 1, 1,
                                            NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_workspace_size(4, 1, INT64_MAX, 6, 6, 8, 6, 6, 1, 1, 1), 0);
  assert_int_equal(fxrt_winograd_workspace_size(4, 1, 4, 6, 6, 8, 4, 6, 1, 1, 1), 0);
  assert_int_equal(fxrt_winograd_weight_numel(4, 0, 4), 0);
  assert_int_equal(fxrt_winograd_weight_numel(4, 8, INT64_MAX), 0);
  assert_int_equal(fxrt_winograd_weight_f32(4, wt, 0, 4, u), FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_weight_f32(4, NULL, 8, 4, u), FXRT_EINVAL);
  /* workspace */
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, need - 1, NULL),
                   FXRT_EWORKSPACE);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, NULL, 0, NULL), FXRT_EWORKSPACE);
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, need, NULL), FXRT_OK);
  /* tiles other than 2 and 4 */
  assert_int_equal(fxrt_winograd_conv2d_f32(3, x, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, NULL, ws, sizeof ws, NULL),
                   FXRT_EINVAL);
  assert_int_equal(fxrt_winograd_workspace_size(6, 2, 4, 6, 6, 8, 6, 6, 1, 1, 1), 0);
  assert_int_equal(fxrt_winograd_weight_numel(0, 8, 4), 0);
  assert_int_equal(fxrt_winograd_weight_f32(1, wt, 8, 4, u), FXRT_EINVAL);
  /* an activation that does not exist */
  fxrt_epilogue ep = {FXRT_NUM_ACTS, 0, 0, 0, NULL};
  assert_int_equal(fxrt_winograd_conv2d_f32(4, x, 2, 4, 6, 6, u, 8, b, y, 6, 6, 1, 1, &ep, ws, sizeof ws, NULL), FXRT_EINVAL);
  /* an empty batch is fine */
  assert_int_equal(fxrt_winograd_conv2d_f32(4, NULL, 0, 4, 6, 6, NULL, 8, NULL, NULL, 6, 6, 1, 1, NULL, NULL, 0, NULL),
                   FXRT_OK);
}

/* the workspace does not grow with the image: tiles go in chunks */
static void wino_workspace_size(void **state) {
  (void)state;
  const size_t small = fxrt_winograd_workspace_size(4, 1, 64, 56, 56, 64, 56, 56, 1, 1, 1);
  assert_true(small > 0);
  assert_int_equal(fxrt_winograd_workspace_size(4, 8, 64, 224, 224, 64, 224, 224, 1, 1, 1), small);
  assert_true(small <= (1u << 20) + (1u << 16));
}

static int report(void **state) {
  (void)state;
  printf("largest error: %.3g of the magnitude scale (tolerance %.3g)\n", worst, TOL);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(wino_shapes),       cmocka_unit_test(wino_blocking),       cmocka_unit_test(wino_epilogues),
      cmocka_unit_test(wino_weight_layout), cmocka_unit_test(wino_errors),        cmocka_unit_test(wino_workspace_size),
  };
  return cmocka_run_group_tests(tests, NULL, report);
}
