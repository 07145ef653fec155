/* test_norm.c: fxrt_batch_norm_f32, fxrt_layer_norm_f32 and fxrt_group_norm_f32 against their definitions in
 * double (torch.nn.functional.batch_norm in eval mode, layer_norm and group_norm, all with the biased variance),
 * with and without weight and bias, in place and not, over odd sizes (rows shorter than a vector, longer than a
 * summation block), plus the error statuses.
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

#define RT_SEED 4242u
#include "rt_random.h"

/* Random values with an offset and a scale, so that the statistics matter. */
static float *rand_scaled(int64_t n, float offset, float scale) {
  float *p = malloc(sizeof(float) * (size_t)(n > 0 ? n : 1));
  assert_non_null(p);
  for (int64_t i = 0; i < n; i++) p[i] = offset + scale * frand();
  return p;
}

static void check_close(const char *what, const float *got, const double *want, int64_t count, double rtol) {
  for (int64_t i = 0; i < count; i++) {
    const double tol = rtol * (fabs(want[i]) + 1.0);
    if (!(fabs((double)got[i] - want[i]) <= tol))
      fail_msg("%s: element %lld: got %.9g, want %.9g", what, (long long)i, (double)got[i], want[i]);
  }
}

/* ---- batch_norm ------------------------------------------------------------------------------------------------ */

static void run_batch_norm(int64_t n, int64_t c, int64_t inner, bool affine, bool in_place) {
  const int64_t total = n * c * inner;
  float *x = rand_scaled(total, 0.5f, 3.0f), *mean = rand_scaled(c, 0.0f, 1.0f), *var = rand_scaled(c, 1.5f, 1.0f);
  float *w = affine ? rand_scaled(c, 0.0f, 2.0f) : NULL, *b = affine ? rand_scaled(c, 0.0f, 1.0f) : NULL;
  float *y = in_place ? x : rand_scaled(total, 0, 1);
  double *want = malloc(sizeof(double) * (size_t)(total > 0 ? total : 1));
  const float eps = 1e-3f;
  for (int64_t i = 0; i < total; i++) {
    const int64_t ch = i / inner % c;
    want[i] = ((double)x[i] - mean[ch]) / sqrt((double)var[ch] + eps) * (w ? w[ch] : 1.0) + (b ? b[ch] : 0.0);
  }
  assert_int_equal(fxrt_batch_norm_f32(x, n, c, inner, mean, var, w, b, eps, y), FXRT_OK);
  char what[100];
  snprintf(what, sizeof what, "batch_norm n%lld c%lld inner%lld affine%d in_place%d", (long long)n, (long long)c,
           (long long)inner, affine, in_place);
  check_close(what, y, want, total, 2e-6);
  free(x);
  if (!in_place) free(y);
  free(mean);
  free(var);
  free(w);
  free(b);
  free(want);
}

static void batch_norm_cases(void **state) {
  (void)state;
  run_batch_norm(2, 3, 17, true, false);
  run_batch_norm(1, 5, 1, false, false);
  run_batch_norm(3, 4, 33, true, true);
  run_batch_norm(1, 64, 56, false, true);
  run_batch_norm(2, 1, 100, true, false);
}

static void batch_norm_errors(void **state) {
  (void)state;
  float x[6] = {0}, m[2] = {0}, v[2] = {1, 1}, y[6];
  assert_int_equal(fxrt_batch_norm_f32(x, 1, 2, 3, m, v, NULL, NULL, 1e-5f, y), FXRT_OK);
  assert_int_equal(fxrt_batch_norm_f32(NULL, 1, 2, 3, m, v, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, 1, 2, 3, NULL, v, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, 1, 2, 3, m, NULL, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, 1, 2, 3, m, v, NULL, NULL, 1e-5f, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, -1, 2, 3, m, v, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, 1, -2, 3, m, v, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, 1, 2, -3, m, v, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(x, 1 << 30, 1 << 30, 1 << 30, m, v, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_batch_norm_f32(NULL, 0, 2, 3, m, v, NULL, NULL, 1e-5f, NULL), FXRT_OK);
}

/* ---- layer_norm ------------------------------------------------------------------------------------------------ */

static void run_layer_norm(int64_t rows, int64_t cols, bool weight, bool bias, bool in_place, bool stats) {
  const int64_t total = rows * cols;
  float *x = rand_scaled(total, 2.0f, 1.5f), *w = weight ? rand_scaled(cols, 1.0f, 0.5f) : NULL;
  float *b = bias ? rand_scaled(cols, 0.0f, 1.0f) : NULL, *y = in_place ? x : rand_scaled(total, 0, 1);
  float *mean = stats ? rand_scaled(rows, 0, 1) : NULL, *rstd = stats ? rand_scaled(rows, 0, 1) : NULL;
  double *want = malloc(sizeof(double) * (size_t)total), *wmean = malloc(sizeof(double) * (size_t)rows);
  double *wrstd = malloc(sizeof(double) * (size_t)rows);
  const float eps = 1e-5f;
  for (int64_t r = 0; r < rows; r++) {
    double s = 0.0, ss = 0.0;
    for (int64_t j = 0; j < cols; j++) s += x[r * cols + j];
    const double mu = s / (double)cols;
    for (int64_t j = 0; j < cols; j++) ss += (x[r * cols + j] - mu) * (x[r * cols + j] - mu);
    const double rs = 1.0 / sqrt(ss / (double)cols + eps); /* biased variance */
    wmean[r] = mu;
    wrstd[r] = rs;
    for (int64_t j = 0; j < cols; j++)
      want[r * cols + j] = (x[r * cols + j] - mu) * rs * (w ? w[j] : 1.0) + (b ? b[j] : 0.0);
  }
  assert_int_equal(fxrt_layer_norm_f32(x, rows, cols, w, b, eps, y, mean, rstd), FXRT_OK);
  char what[100];
  snprintf(what, sizeof what, "layer_norm %lldx%lld w%d b%d in_place%d", (long long)rows, (long long)cols, weight, bias,
           in_place);
  check_close(what, y, want, total, 1e-5);
  if (stats) {
    check_close("layer_norm mean", mean, wmean, rows, 1e-6);
    check_close("layer_norm rstd", rstd, wrstd, rows, 1e-5);
  }
  free(x);
  if (!in_place) free(y);
  free(w);
  free(b);
  free(mean);
  free(rstd);
  free(want);
  free(wmean);
  free(wrstd);
}

static void layer_norm_cases(void **state) {
  (void)state;
  run_layer_norm(4, 768, true, true, false, true);
  run_layer_norm(3, 1, true, true, false, true);
  run_layer_norm(5, 7, false, false, true, true);
  run_layer_norm(2, 13, true, false, false, false);
  run_layer_norm(2, 13, false, true, true, false);
  run_layer_norm(3, 5000, true, true, true, true); /* several summation blocks */
  run_layer_norm(197, 96, true, true, false, true);
}

static void layer_norm_edges(void **state) {
  (void)state;
  /* a constant row: variance 0, rstd = 1/sqrt(eps) */
  float x[4] = {3, 3, 3, 3}, y[4], mean, rstd;
  assert_int_equal(fxrt_layer_norm_f32(x, 1, 4, NULL, NULL, 0.25f, y, &mean, &rstd), FXRT_OK);
  assert_true(mean == 3.0f && rstd == 2.0f);
  for (int i = 0; i < 4; i++) assert_true(y[i] == 0.0f);
  /* cols == 0: torch.ops.aten.native_layer_norm(torch.zeros(2, 0), [0], None, None, 1e-5) gives mean 0, rstd nan */
  float m2[2] = {5, 5}, r2[2] = {5, 5};
  assert_int_equal(fxrt_layer_norm_f32(NULL, 2, 0, NULL, NULL, 1e-5f, NULL, m2, r2), FXRT_OK);
  assert_true(m2[0] == 0.0f && m2[1] == 0.0f && isnan(r2[0]) && isnan(r2[1]));
  /* errors */
  assert_int_equal(fxrt_layer_norm_f32(NULL, 1, 4, NULL, NULL, 1e-5f, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_layer_norm_f32(x, 1, 4, NULL, NULL, 1e-5f, NULL, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_layer_norm_f32(x, -1, 4, NULL, NULL, 1e-5f, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_layer_norm_f32(x, 1, -4, NULL, NULL, 1e-5f, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_layer_norm_f32(x, INT64_MAX, 4, NULL, NULL, 1e-5f, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_layer_norm_f32(NULL, 0, 4, NULL, NULL, 1e-5f, NULL, NULL, NULL), FXRT_OK);
}

/* ---- group_norm ------------------------------------------------------------------------------------------------ */

static void run_group_norm(int64_t n, int64_t c, int64_t inner, int64_t groups, bool affine, bool in_place) {
  const int64_t total = n * c * inner, cg = c / groups;
  float *x = rand_scaled(total, -1.0f, 2.0f), *w = affine ? rand_scaled(c, 1.0f, 0.5f) : NULL;
  float *b = affine ? rand_scaled(c, 0.0f, 1.0f) : NULL, *y = in_place ? x : rand_scaled(total, 0, 1);
  double *want = malloc(sizeof(double) * (size_t)total);
  const float eps = 1e-5f;
  for (int64_t bi = 0; bi < n; bi++)
    for (int64_t g = 0; g < groups; g++) {
      const float *xg = x + (bi * c + g * cg) * inner;
      double s = 0.0, ss = 0.0;
      for (int64_t i = 0; i < cg * inner; i++) s += xg[i];
      const double mu = s / (double)(cg * inner);
      for (int64_t i = 0; i < cg * inner; i++) ss += (xg[i] - mu) * (xg[i] - mu);
      const double rs = 1.0 / sqrt(ss / (double)(cg * inner) + eps);
      for (int64_t i = 0; i < cg * inner; i++) {
        const int64_t ch = g * cg + i / inner;
        want[(bi * c + g * cg) * inner + i] = (xg[i] - mu) * rs * (w ? w[ch] : 1.0) + (b ? b[ch] : 0.0);
      }
    }
  assert_int_equal(fxrt_group_norm_f32(x, n, c, inner, groups, w, b, eps, y), FXRT_OK);
  char what[100];
  snprintf(what, sizeof what, "group_norm n%lld c%lld inner%lld groups%lld", (long long)n, (long long)c,
           (long long)inner, (long long)groups);
  check_close(what, y, want, total, 1e-5);
  free(x);
  if (!in_place) free(y);
  free(w);
  free(b);
  free(want);
}

static void group_norm_cases(void **state) {
  (void)state;
  run_group_norm(2, 6, 10, 3, true, false);
  run_group_norm(1, 6, 10, 1, false, false); /* one group: layer norm over c*inner */
  run_group_norm(2, 6, 10, 6, true, true);   /* instance norm */
  run_group_norm(1, 32, 49, 8, true, true);
  run_group_norm(1, 4, 3000, 2, false, false); /* several summation blocks */
}

static void group_norm_errors(void **state) {
  (void)state;
  float x[12] = {0}, y[12];
  assert_int_equal(fxrt_group_norm_f32(x, 1, 4, 3, 2, NULL, NULL, 1e-5f, y), FXRT_OK);
  assert_int_equal(fxrt_group_norm_f32(x, 1, 4, 3, 3, NULL, NULL, 1e-5f, y), FXRT_EINVAL); /* 3 does not divide 4 */
  assert_int_equal(fxrt_group_norm_f32(x, 1, 4, 3, 0, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_group_norm_f32(x, 1, 4, 3, -2, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_group_norm_f32(NULL, 1, 4, 3, 2, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_group_norm_f32(x, 1, 4, 3, 2, NULL, NULL, 1e-5f, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_group_norm_f32(x, 1, -4, 3, 2, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_group_norm_f32(x, INT64_MAX, 4, 3, 2, NULL, NULL, 1e-5f, y), FXRT_EINVAL);
  assert_int_equal(fxrt_group_norm_f32(NULL, 0, 4, 3, 2, NULL, NULL, 1e-5f, NULL), FXRT_OK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(batch_norm_cases), cmocka_unit_test(batch_norm_errors), cmocka_unit_test(layer_norm_cases),
      cmocka_unit_test(layer_norm_edges), cmocka_unit_test(group_norm_cases),  cmocka_unit_test(group_norm_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
