/* test_spectral.c: fxrt_rdft_f32 against the definition of the DFT evaluated naively here (each term's angle
 * computed directly, in long double) for lengths odd, even, prime and a few hundred (more rows than a block), both
 * outputs (re/im pairs and magnitudes) and scales; the transforms of known signals (an impulse, a constant, a cosine
 * on a bin); and the errors.
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

#define RT_SEED 9191u
#include "rt_random.h"

static const long double pi_l = 3.141592653589793238462643383279502884L;

/* the DFT of one row by its definition */
static void naive_rdft(const float *x, int64_t n, long double *re, long double *im) {
  for (int64_t k = 0; k <= n / 2; k++) {
    long double a = 0.0L, b = 0.0L;
    for (int64_t t = 0; t < n; t++) {
      const long double th = 2.0L * pi_l * (long double)((k * t) % n) / (long double)n;
      a += (long double)x[t] * cosl(th);
      b -= (long double)x[t] * sinl(th);
    }
    re[k] = a, im[k] = b;
  }
}

static void rdft_matches_definition(void **state) {
  (void)state;
  static const int64_t lens[] = {1, 2, 3, 7, 16, 31, 64, 100, 257, 400};
  static const float scales[] = {1.0f, 0.05f, -2.0f};
  for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
    const int64_t n = lens[li], nf = n / 2 + 1, rows = n > 100 ? 19 : 37; /* 19, 37: more than one block of 16 */
    float *x = rand_buf(rows * n);
    float *y = malloc(sizeof(float) * (size_t)(rows * nf * 2)), *m = malloc(sizeof(float) * (size_t)(rows * nf));
    long double *re = malloc(sizeof(long double) * (size_t)nf), *im = malloc(sizeof(long double) * (size_t)nf);
    assert_non_null(y), assert_non_null(m), assert_non_null(re), assert_non_null(im);
    for (size_t si = 0; si < sizeof scales / sizeof *scales; si++) {
      const float sc = scales[si];
      assert_int_equal(fxrt_rdft_f32(x, rows, n, sc, false, y), FXRT_OK);
      assert_int_equal(fxrt_rdft_f32(x, rows, n, sc, true, m), FXRT_OK);
      for (int64_t r = 0; r < rows; r++) {
        naive_rdft(x + r * n, n, re, im);
        for (int64_t k = 0; k < nf; k++) {
          /* the sum of n terms of |x| <= 1: float32 rounding of the result, relative to the sum's scale */
          const double tol = 4e-7 * sqrt((double)n) * fabs((double)sc) * 4.0 + 1e-30;
          const double wr = (double)(re[k] * sc), wi = (double)(im[k] * sc);
          const double wm = (double)(sqrtl(re[k] * re[k] + im[k] * im[k]) * fabsl((long double)sc));
          if (fabs(y[(r * nf + k) * 2] - wr) > tol || fabs(y[(r * nf + k) * 2 + 1] - wi) > tol ||
              fabs(m[r * nf + k] - wm) > tol)
            fail_msg("n %lld row %lld bin %lld scale %g: got (%g, %g) |%g|, want (%g, %g) |%g|", (long long)n,
                     (long long)r, (long long)k, (double)sc, (double)y[(r * nf + k) * 2],
                     (double)y[(r * nf + k) * 2 + 1], (double)m[r * nf + k], wr, wi, wm);
        }
      }
    }
    free(x), free(y), free(m), free(re), free(im);
  }
}

static void rdft_known_signals(void **state) {
  (void)state;
  enum { N = 12 };
  float x[3][N], y[3][N / 2 + 1][2];
  for (int t = 0; t < N; t++) {
    x[0][t] = t == 0 ? 1.0f : 0.0f;                                 /* impulse: every bin 1 */
    x[1][t] = 0.5f;                                                 /* constant: bin 0 only */
    x[2][t] = (float)cos(2.0 * 3.14159265358979323846 * 3 * t / N); /* cosine on bin 3: N / 2 there */
  }
  assert_int_equal(fxrt_rdft_f32(&x[0][0], 3, N, 1.0f, false, &y[0][0][0]), FXRT_OK);
  for (int k = 0; k <= N / 2; k++) {
    assert_float_equal(y[0][k][0], 1.0f, 1e-6f);
    assert_float_equal(y[0][k][1], 0.0f, 1e-6f);
    assert_float_equal(y[1][k][0], k == 0 ? 6.0f : 0.0f, 1e-6f);
    assert_float_equal(y[1][k][1], 0.0f, 1e-6f);
    assert_float_equal(y[2][k][0], k == 3 ? 6.0f : 0.0f, 1e-5f);
    assert_float_equal(y[2][k][1], 0.0f, 1e-5f);
  }
}

static void rdft_errors(void **state) {
  (void)state;
  float x[4] = {0}, y[6] = {0};
  assert_int_equal(fxrt_rdft_f32(x, 1, 0, 1.0f, false, y), FXRT_EINVAL);  /* no values */
  assert_int_equal(fxrt_rdft_f32(x, -1, 4, 1.0f, false, y), FXRT_EINVAL); /* negative rows */
  assert_int_equal(fxrt_rdft_f32(NULL, 1, 4, 1.0f, false, y), FXRT_EINVAL);
  assert_int_equal(fxrt_rdft_f32(x, 1, 4, 1.0f, true, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_rdft_f32(NULL, 0, 4, 1.0f, true, NULL), FXRT_OK); /* no rows: nothing to do */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(rdft_matches_definition),
      cmocka_unit_test(rdft_known_signals),
      cmocka_unit_test(rdft_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
