/* test_index.c: fxrt_gather and fxrt_scatter against naive loops written here for 3-d tensors (every dimension as
 * dim, a strided and a broadcast index view, f32 and i64), PyTorch's rules at the edges (the last write wins,
 * include_self=False starts from the first value written, mean of untouched elements keeps them, integer mean
 * floors, NaN propagates through amax and amin), and the errors (an index out of range writes nothing).
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

enum { A = 3, B = 4, C = 5 }; /* the input's shape */

static int64_t idx_at(const int64_t *idx, const fxrt_view *iv, int64_t i, int64_t j, int64_t k) {
  return idx[iv->offset + i * iv->stride[0] + j * iv->stride[1] + k * iv->stride[2]];
}

/* Every dimension as dim, index views of shape (A-1, B-1, C-1) along the others and up to 7 along dim. */
static void gather_matches_loop(void **state) {
  (void)state;
  float *x = rand_buf(A * B * C);
  const fxrt_view xv = fxrt_view_contiguous(3, (const int64_t[]){A, B, C});
  for (int dim = 0; dim < 3; dim++) {
    const int64_t size = xv.shape[dim];
    int64_t ishape[3] = {A - 1, B - 1, C - 1};
    ishape[dim] = 7;
    /* a transposed (strided) index: stored as [k][j][i] */
    int64_t idx[7 * 7 * 7];
    fxrt_view iv = {3, {ishape[0], ishape[1], ishape[2]}, {1, ishape[0], ishape[0] * ishape[1]}, 0};
    for (int64_t q = 0; q < ishape[0] * ishape[1] * ishape[2]; q++) idx[q] = (q * 5 + 3) % size;
    float y[7 * 7 * 7], want[7 * 7 * 7];
    assert_int_equal(fxrt_gather(FXRT_F32, x, &xv, dim, idx, &iv, 0, y), FXRT_OK);
    int64_t q = 0;
    for (int64_t i = 0; i < ishape[0]; i++)
      for (int64_t j = 0; j < ishape[1]; j++)
        for (int64_t k = 0; k < ishape[2]; k++, q++) {
          int64_t p[3] = {i, j, k};
          p[dim] = idx_at(idx, &iv, i, j, k);
          want[q] = x[(p[0] * B + p[1]) * C + p[2]];
        }
    assert_memory_equal(y, want, (size_t)q * sizeof *y);
  }
  free(x);
}

static float combine(fxrt_scatter_op op, float a, float b) {
  switch (op) {
  case FXRT_SCATTER_SUM:
  case FXRT_SCATTER_MEAN: return a + b;
  case FXRT_SCATTER_PROD: return a * b;
  case FXRT_SCATTER_AMAX: return isnan(b) ? b : isnan(a) ? a : fmaxf(a, b);
  case FXRT_SCATTER_AMIN: return isnan(b) ? b : isnan(a) ? a : fminf(a, b);
  default: return b;
  }
}

/* Every op, dim and include_self on f32, with duplicate indices, against the loop PyTorch's documentation gives. */
static void scatter_matches_loop(void **state) {
  (void)state;
  float *x = rand_buf(A * B * C), *src = rand_buf(A * B * C);
  const int64_t shape[3] = {A, B, C};
  const fxrt_view yv = fxrt_view_contiguous(3, shape), sv = yv;
  int64_t count[A * B * C];
  for (int op = FXRT_SCATTER_SET; op <= FXRT_SCATTER_AMIN; op++)
    for (int dim = 0; dim < 3; dim++)
      for (int self = 0; self < 2; self++) {
        int64_t ishape[3] = {A, B - 1, C - 2};
        ishape[dim] = shape[dim];
        const fxrt_view iv = fxrt_view_contiguous(3, ishape);
        int64_t idx[A * B * C];
        const int64_t ni = fxrt_view_numel(&iv);
        for (int64_t q = 0; q < ni; q++) idx[q] = (q * 7 + 1) % (shape[dim] - 1); /* duplicates, one never hit */
        float y[A * B * C], want[A * B * C];
        int64_t n[A * B * C] = {0};
        bool hit[A * B * C] = {false};
        memcpy(y, x, sizeof y);
        memcpy(want, x, sizeof want);
        for (int64_t i = 0, q = 0; i < ishape[0]; i++)
          for (int64_t j = 0; j < ishape[1]; j++)
            for (int64_t k = 0; k < ishape[2]; k++, q++) {
              int64_t p[3] = {i, j, k};
              p[dim] = idx[q];
              const int64_t t = (p[0] * B + p[1]) * C + p[2];
              const float s = src[(i * B + j) * C + k];
              if (!self && op != FXRT_SCATTER_SET && !hit[t]) want[t] = s;
              else want[t] = op == FXRT_SCATTER_SET ? s : combine((fxrt_scatter_op)op, want[t], s);
              hit[t] = true;
              n[t]++;
            }
        if (op == FXRT_SCATTER_MEAN)
          for (int t = 0; t < A * B * C; t++)
            if (hit[t]) want[t] /= (float)(n[t] + self);
        assert_int_equal(fxrt_scatter(op, FXRT_F32, y, &yv, dim, idx, &iv, 0, src, &sv, self, count), FXRT_OK);
        for (int t = 0; t < A * B * C; t++)
          if (!(y[t] == want[t] || fabsf(y[t] - want[t]) <= 1e-6f * fabsf(want[t])))
            fail_msg("op %d dim %d include_self %d: element %d: got %.9g, want %.9g", op, dim, self, t, (double)y[t],
                     (double)want[t]);
      }
  free(x);
  free(src);
}

/* A value through a broadcast (stride 0) view, integer sums that wrap, integer mean floors, NaN in amax. */
static void scatter_edges(void **state) {
  (void)state;
  const int64_t n5 = 5, n4 = 4;
  const fxrt_view yv = fxrt_view_contiguous(1, &n5), iv = fxrt_view_contiguous(1, &n4);
  const int64_t idx[4] = {1, 3, 1, 4};
  /* scatter(x, 0, idx, 2.5): a scalar read through a stride-0 view */
  float y[5] = {0, 1, 2, 3, 4};
  const float v = 2.5f;
  fxrt_view sv = {1, {4}, {0}, 0};
  assert_int_equal(fxrt_scatter(FXRT_SCATTER_SET, FXRT_F32, y, &yv, 0, idx, &iv, 0, &v, &sv, 1, NULL), FXRT_OK);
  assert_memory_equal(y, ((const float[]){0, 2.5f, 2, 2.5f, 2.5f}), sizeof y);
  /* int64 sum wraps; mean floors toward negative infinity */
  int64_t yi[5] = {INT64_MAX, -7, 0, 0, 0}, si[4] = {1, -2, 0, 5}, cnt[5];
  sv = iv;
  const int64_t i0[4] = {0, 1, 1, 1};
  assert_int_equal(fxrt_scatter(FXRT_SCATTER_SUM, FXRT_I64, yi, &yv, 0, i0, &iv, 0, si, &sv, 1, NULL), FXRT_OK);
  assert_true(yi[0] == INT64_MIN && yi[1] == -4);
  int64_t ym[5] = {0, -8, 0, 0, 0};
  assert_int_equal(fxrt_scatter(FXRT_SCATTER_MEAN, FXRT_I64, ym, &yv, 0, i0, &iv, 0, si, &sv, 1, cnt), FXRT_OK);
  assert_true(ym[0] == 0 && ym[1] == -2); /* (0 + 1) / 2 floors to 0; (-8 - 2 + 0 + 5) / 4 = -1.25 floors to -2 */
  /* NaN from src or self wins amax */
  float ya[5] = {NAN, 0, 0, 0, 0}, sa[4] = {1, NAN, 2, 3};
  assert_int_equal(fxrt_scatter(FXRT_SCATTER_AMAX, FXRT_F32, ya, &yv, 0, i0, &iv, 0, sa, &sv, 1, NULL), FXRT_OK);
  assert_true(isnan(ya[0]) && isnan(ya[1]));
}

/* An index out of range is FXRT_ERANGE and nothing is written; wrap accepts [-size, size). */
static void index_errors(void **state) {
  (void)state;
  const int64_t n3 = 3, n2 = 2;
  const fxrt_view xv = fxrt_view_contiguous(1, &n3), iv = fxrt_view_contiguous(1, &n2);
  float x[3] = {1, 2, 3}, y[2] = {0, 0};
  assert_int_equal(fxrt_gather(FXRT_F32, x, &xv, 0, (const int64_t[]){0, 3}, &iv, 0, y), FXRT_ERANGE);
  assert_int_equal(fxrt_gather(FXRT_F32, x, &xv, 0, (const int64_t[]){0, -1}, &iv, 0, y), FXRT_ERANGE);
  assert_int_equal(fxrt_gather(FXRT_F32, x, &xv, 0, (const int64_t[]){-3, -1}, &iv, 1, y), FXRT_OK);
  assert_true(y[0] == 1 && y[1] == 3);
  assert_int_equal(fxrt_gather(FXRT_F32, x, &xv, 0, (const int64_t[]){-4, 0}, &iv, 1, y), FXRT_ERANGE);
  const float s[2] = {9, 9};
  assert_int_equal(
      fxrt_scatter(FXRT_SCATTER_SET, FXRT_F32, x, &xv, 0, (const int64_t[]){1, 5}, &iv, 0, s, &iv, 1, NULL),
      FXRT_ERANGE);
  assert_true(x[0] == 1 && x[1] == 2 && x[2] == 3);
  /* a reduction without self needs the count scratch; a bad op or dim is refused */
  assert_int_equal(
      fxrt_scatter(FXRT_SCATTER_SUM, FXRT_F32, x, &xv, 0, (const int64_t[]){1, 1}, &iv, 0, s, &iv, 0, NULL),
      FXRT_EINVAL);
  assert_int_equal(fxrt_scatter(9, FXRT_F32, x, &xv, 0, (const int64_t[]){1, 1}, &iv, 0, s, &iv, 1, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_gather(FXRT_F32, x, &xv, 1, (const int64_t[]){0, 0}, &iv, 0, y), FXRT_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(gather_matches_loop),
      cmocka_unit_test(scatter_matches_loop),
      cmocka_unit_test(scatter_edges),
      cmocka_unit_test(index_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
