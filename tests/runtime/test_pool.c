/* test_pool.c: fxrt_max_pool2d_f32, fxrt_avg_pool2d_f32, fxrt_adaptive_avg_pool2d_f32 and
 * fxrt_adaptive_max_pool2d_f32.
 *
 * The window rules that are easy to get wrong (ceil_mode windows that run past the input, the avg_pool2d divisor
 * with and without count_include_pad or a divisor_override, dilation, max ties and NaN, adaptive windows when the
 * output does not divide the input) are checked against outputs of PyTorch 1.13 itself, generated with
 *
 *   import torch, torch.nn.functional as F
 *   def src(shape): n = prod(shape); return ((torch.arange(n) * 7 % 11) - 5).float().reshape(shape)
 *
 * and the expression quoted above each expectation (the same input is built here by src()). Random inputs are then
 * checked against naive loops written from the rules, over more shapes, batches and channels; then the errors.
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

#define RT_SEED 99u
#include "rt_random.h"

/* The generator's input: x[i] = (i*7 % 11) - 5. */
static void src(float *x, int64_t n) {
  for (int64_t i = 0; i < n; i++) x[i] = (float)((i * 7) % 11) - 5.0f;
}

static void check_exact(const char *what, const float *got, const float *want, int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    const bool same = got[i] == want[i] || (isnan(got[i]) && isnan(want[i])) ||
                      fabsf(got[i] - want[i]) <= 1e-6f * (1.0f + fabsf(want[i]));
    if (!same) fail_msg("%s: element %lld: got %.9g, want %.9g", what, (long long)i, (double)got[i], (double)want[i]);
  }
}

/* The same bits (the sign of a zero included): the maxima are copies of inputs, chosen in PyTorch's order. */
static void check_bits(const char *what, const float *got, const float *want, int64_t count) {
  for (int64_t i = 0; i < count; i++)
    if (memcmp(&got[i], &want[i], sizeof(float)) != 0)
      fail_msg("%s: element %lld: got %.9g, want %.9g (bits differ)", what, (long long)i, (double)got[i],
               (double)want[i]);
}

static void check_indices(const char *what, const int64_t *got, const int64_t *want, int64_t count) {
  for (int64_t i = 0; i < count; i++)
    if (got[i] != want[i])
      fail_msg("%s: index %lld: got %lld, want %lld", what, (long long)i, (long long)got[i], (long long)want[i]);
}

/* ---- expectations from PyTorch (x = src((1, 2, 5, 7))) ---------------------------------------------------------- */

typedef struct avg_expect {
  struct {
    int64_t kh, kw, sh, sw, ph, pw;
    bool ceil_mode, count_include_pad;
    int64_t divisor_override, oh, ow;
  } p;
  float y[2 * 3 * 4];
} avg_expect;

static const avg_expect avg_torch[] = {
    /* F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=True) */
    {{3, 3, 2, 2, 1, 1, true, true, 0, 3, 4},
     {
         -0.777777791f, 0.333333343f,  -0.111111112f, 0.111111112f,  -0.444444448f, -0.555555582f,
         0.0f,          -0.333333343f, -0.222222224f, -0.666666687f, 0.111111112f,  -0.555555582f,
         0.555555582f,  -0.111111112f, 0.666666687f,  0.222222224f,  0.333333343f,  0.0f,
         0.555555582f,  0.444444448f,  -0.111111112f, 0.111111112f,  -0.333333343f, 0.777777791f,
     }},
    /* F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False) */
    {{3, 3, 2, 2, 1, 1, true, false, 0, 3, 4},
     {
         -1.75f, 0.5f,  -0.166666672f, 0.25f,        -0.666666687f, -0.555555582f, 0.0f,  -0.5f,
         -0.5f,  -1.0f, 0.166666672f,  -1.25f,       1.25f,         -0.166666672f, 1.0f,  0.5f,
         0.5f,   0.0f,  0.555555582f,  0.666666687f, -0.25f,        0.166666672f,  -0.5f, 1.75f,
     }},
    /* F.avg_pool2d(x, kernel_size=(3, 2), stride=(2, 3), padding=(1, 1), ceil_mode=True, count_include_pad=True) */
    {{3, 2, 2, 3, 1, 1, true, true, 0, 3, 3},
     {
         -0.833333313f,
         0.833333313f,
         0.166666672f,
         0.666666687f,
         0.5f,
         -0.5f,
         0.5f,
         -0.166666672f,
         -0.833333313f,
         0.166666672f,
         -0.833333313f,
         0.333333343f,
         0.333333343f,
         -0.166666672f,
         0.666666687f,
         -0.333333343f,
         0.0f,
         1.16666663f,
     }},
    /* F.avg_pool2d(x, kernel_size=2, stride=2, padding=0, ceil_mode=True, count_include_pad=True) */
    {{2, 2, 2, 2, 0, 0, true, true, 0, 3, 4},
     {
         -1.75f, 1.25f,  -1.25f, 1.0f,  0.0f,  0.25f, 0.5f,  0.0f,  2.0f,  -0.5f, -3.0f, 2.0f,
         1.25f,  -1.25f, 1.75f,  -1.5f, 0.25f, 0.5f,  0.75f, -2.5f, -0.5f, -3.0f, 0.0f,  5.0f,
     }},
    /* F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=False, count_include_pad=True, divisor_override=5)
     */
    {{3, 3, 2, 2, 1, 1, false, true, 5, 3, 4},
     {
         -1.39999998f, 0.600000024f,  -0.200000003f, 0.200000003f, -0.800000012f, -1.0f,
         0.0f,         -0.600000024f, -0.400000006f, -1.20000005f, 0.200000003f,  -1.0f,
         1.0f,         -0.200000003f, 1.20000005f,   0.400000006f, 0.600000024f,  0.0f,
         1.0f,         0.800000012f,  -0.200000003f, 0.200000003f, -0.600000024f, 1.39999998f,
     }},
    /* F.avg_pool2d(x, kernel_size=4, stride=3, padding=2, ceil_mode=True, count_include_pad=True) */
    {{4, 4, 3, 3, 2, 2, true, true, 0, 3, 3},
     {
         -0.4375f,
         -0.0625f,
         -0.1875f,
         0.0f,
         -0.4375f,
         -0.4375f,
         0.333333343f,
         -0.166666672f,
         -0.333333343f,
         0.3125f,
         0.0625f,
         0.25f,
         0.125f,
         -0.1875f,
         0.4375f,
         -0.0833333358f,
         -0.0833333358f,
         0.416666657f,
     }},
    /* F.avg_pool2d(x, kernel_size=4, stride=3, padding=2, ceil_mode=True, count_include_pad=False) */
    {{4, 4, 3, 3, 2, 2, true, false, 0, 3, 3},
     {
         -1.75f,
         -0.125f,
         -0.5f,
         0.0f,
         -0.4375f,
         -0.583333313f,
         2.0f,
         -0.5f,
         -1.33333337f,
         1.25f,
         0.125f,
         0.666666687f,
         0.25f,
         -0.1875f,
         0.583333313f,
         -0.5f,
         -0.25f,
         1.66666663f,
     }},
    /* F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False, divisor_override=2)
     */
    {{3, 3, 2, 2, 1, 1, true, false, 2, 3, 4},
     {
         -3.5f, 1.5f,  -0.5f, 0.5f, -2.0f, -2.5f, 0.0f, -1.5f, -1.0f, -3.0f, 0.5f,  -2.5f,
         2.5f,  -0.5f, 3.0f,  1.0f, 1.5f,  0.0f,  2.5f, 2.0f,  -0.5f, 0.5f,  -1.5f, 3.5f,
     }},
};

typedef struct max_expect {
  struct {
    int64_t kh, kw, sh, sw, ph, pw, dh, dw;
    bool ceil_mode;
    int64_t oh, ow;
  } p;
  float y[2 * 3 * 4];
  int64_t idx[2 * 3 * 4];
} max_expect;

static const max_expect max_torch[] = {
    /* F.max_pool2d(x, kernel_size=3, stride=2, padding=1, dilation=1, ceil_mode=True, return_indices=True) */
    {{3, 3, 2, 2, 1, 1, 1, 1, true, 3, 4},
     {
         2.0f, 5.0f, 5.0f, 4.0f, 5.0f, 4.0f, 5.0f, 3.0f, 4.0f, 3.0f, 5.0f, 2.0f,
         5.0f, 5.0f, 5.0f, 5.0f, 4.0f, 5.0f, 5.0f, 5.0f, 3.0f, 5.0f, 4.0f, 5.0f,
     },
     {
         1, 3, 3, 6, 14, 17, 25, 20, 28, 31, 25, 34, 1, 1, 12, 12, 15, 23, 12, 12, 29, 23, 26, 34,
     }},
    /* F.max_pool2d(x, kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=False, return_indices=True) */
    {{3, 3, 2, 2, 1, 1, 2, 2, false, 2, 3},
     {
         -1.0f,
         2.0f,
         2.0f,
         -1.0f,
         2.0f,
         2.0f,
         2.0f,
         5.0f,
         5.0f,
         2.0f,
         5.0f,
         5.0f,
     },
     {
         10,
         12,
         12,
         10,
         12,
         12,
         10,
         12,
         12,
         10,
         12,
         12,
     }},
    /* F.max_pool2d(x, kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=True, return_indices=True) */
    {{2, 2, 2, 2, 0, 0, 1, 1, true, 3, 4},
     {
         2.0f, 5.0f, 2.0f, 4.0f, 5.0f, 4.0f, 5.0f, 3.0f, 4.0f, 3.0f,  -1.0f, 2.0f,
         5.0f, 2.0f, 5.0f, 1.0f, 4.0f, 5.0f, 4.0f, 0.0f, 3.0f, -1.0f, 2.0f,  5.0f,
     },
     {
         1, 3, 12, 6, 14, 17, 25, 20, 28, 31, 32, 34, 1, 10, 12, 13, 15, 23, 26, 27, 29, 30, 32, 34,
     }},
    /* F.max_pool2d(x, kernel_size=(3, 2), stride=(1, 3), padding=(1, 1), dilation=(2, 1), ceil_mode=True,
       return_indices=True) */
    {{3, 2, 1, 3, 1, 1, 2, 1, true, 3, 3},
     {
         0.0f,
         3.0f,
         2.0f,
         5.0f,
         5.0f,
         4.0f,
         0.0f,
         3.0f,
         2.0f,
         3.0f,
         5.0f,
         5.0f,
         -2.0f,
         1.0f,
         5.0f,
         3.0f,
         5.0f,
         5.0f,
     },
     {
         7,
         9,
         12,
         14,
         3,
         6,
         7,
         9,
         12,
         7,
         23,
         12,
         0,
         2,
         34,
         7,
         23,
         12,
     }},
    /* F.max_pool2d(x, kernel_size=4, stride=3, padding=2, dilation=1, ceil_mode=True, return_indices=True) */
    {{4, 4, 3, 3, 2, 2, 1, 1, true, 3, 3},
     {
         2.0f,
         5.0f,
         4.0f,
         5.0f,
         5.0f,
         5.0f,
         4.0f,
         3.0f,
         2.0f,
         5.0f,
         5.0f,
         5.0f,
         4.0f,
         5.0f,
         5.0f,
         3.0f,
         3.0f,
         5.0f,
     },
     {
         1,
         3,
         6,
         14,
         25,
         25,
         28,
         31,
         34,
         1,
         1,
         12,
         15,
         23,
         12,
         29,
         29,
         34,
     }},
};

static void avg_pool_torch(void **state) {
  (void)state;
  float x[2 * 5 * 7], y[2 * 3 * 4];
  src(x, 70);
  for (size_t t = 0; t < sizeof avg_torch / sizeof avg_torch[0]; t++) {
    const avg_expect *e = &avg_torch[t];
    fxrt_pool2d_params p = {{e->p.kh, e->p.kw}, {e->p.sh, e->p.sw},     {e->p.ph, e->p.pw},   {1, 1},
                            e->p.ceil_mode,     e->p.count_include_pad, e->p.divisor_override};
    memset(y, 0xff, sizeof y);
    assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, e->p.oh, e->p.ow, &p, NULL), FXRT_OK);
    char what[60];
    snprintf(what, sizeof what, "avg_pool2d torch case %zu", t);
    check_exact(what, y, e->y, 2 * e->p.oh * e->p.ow);
  }
}

static void max_pool_torch(void **state) {
  (void)state;
  float x[2 * 5 * 7], y[2 * 3 * 4];
  int64_t idx[2 * 3 * 4];
  src(x, 70);
  for (size_t t = 0; t < sizeof max_torch / sizeof max_torch[0]; t++) {
    const max_expect *e = &max_torch[t];
    fxrt_pool2d_params p = {
        {e->p.kh, e->p.kw}, {e->p.sh, e->p.sw}, {e->p.ph, e->p.pw}, {e->p.dh, e->p.dw}, e->p.ceil_mode, false, 0};
    assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, e->p.oh, e->p.ow, &p, idx, NULL), FXRT_OK);
    char what[60];
    snprintf(what, sizeof what, "max_pool2d torch case %zu", t);
    check_exact(what, y, e->y, 2 * e->p.oh * e->p.ow);
    check_indices(what, idx, e->idx, 2 * e->p.oh * e->p.ow);
    /* without indices: the same values */
    memset(y, 0, sizeof y);
    assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, e->p.oh, e->p.ow, &p, NULL, NULL), FXRT_OK);
    check_exact(what, y, e->y, 2 * e->p.oh * e->p.ow);
  }
}

/* NaN wins (the last NaN of a window gives the index), -inf is an ordinary value:
 * x = src((1, 1, 4, 4)); x[0,0,0,1] = x[0,0,1,0] = x[0,0,2,2] = nan; x[0,0,3,3] = -inf */
static void max_pool_nan_torch(void **state) {
  (void)state;
  float x[16], y[16];
  int64_t idx[16];
  src(x, 16);
  x[1] = x[4] = x[10] = NAN;
  x[15] = -INFINITY;
  /* F.max_pool2d(x, 2, 2, return_indices=True) */
  const float y1[] = {NAN, 5.0f, 3.0f, NAN};
  const int64_t i1[] = {4, 3, 9, 10};
  fxrt_pool2d_params p1 = {{2, 2}, {2, 2}, {0, 0}, {1, 1}, false, false, 0};
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 1, 4, 4, y, 2, 2, &p1, idx, NULL), FXRT_OK);
  check_exact("max_pool2d nan 2x2", y, y1, 4);
  check_indices("max_pool2d nan 2x2", idx, i1, 4);
  /* F.max_pool2d(x, 3, 1, 1, return_indices=True) */
  const float y2[] = {NAN, NAN, NAN, 5.0f, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 3.0f, NAN, NAN, NAN};
  const int64_t i2[] = {4, 4, 1, 3, 4, 10, 10, 10, 4, 10, 10, 10, 9, 10, 10, 10};
  fxrt_pool2d_params p2 = {{3, 3}, {1, 1}, {1, 1}, {1, 1}, false, false, 0};
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 1, 4, 4, y, 4, 4, &p2, idx, NULL), FXRT_OK);
  check_exact("max_pool2d nan 3x3", y, y2, 16);
  check_indices("max_pool2d nan 3x3", idx, i2, 16);
  /* the same values without indices (the vectorized path) */
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 1, 4, 4, y, 2, 2, &p1, NULL, NULL), FXRT_OK);
  check_exact("max_pool2d nan 2x2, no indices", y, y1, 4);
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 1, 4, 4, y, 4, 4, &p2, NULL, NULL), FXRT_OK);
  check_exact("max_pool2d nan 3x3, no indices", y, y2, 16);
  /* F.adaptive_max_pool2d(x, (3, 3), return_indices=True) */
  const float y3[] = {NAN, NAN, 5.0f, NAN, NAN, NAN, 3.0f, NAN, NAN};
  const int64_t i3[] = {4, 1, 3, 4, 10, 10, 9, 10, 10};
  assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, 1, 1, 4, 4, y, 3, 3, idx), FXRT_OK);
  check_exact("adaptive_max_pool2d nan", y, y3, 9);
  check_indices("adaptive_max_pool2d nan", idx, i3, 9);
}

/* Windows of -inf only report the first position of the clipped window, as PyTorch's loop starts there:
 * x = torch.full((1, 1, 5, 7), float('-inf')); x[0, 0, 4, 6] = 1.0 */
static void max_pool_minus_inf_torch(void **state) {
  (void)state;
  float x[35], y[9];
  int64_t idx[9];
  for (int i = 0; i < 35; i++) x[i] = -INFINITY;
  x[34] = 1.0f;
  /* F.max_pool2d(x, 3, 2, 1, dilation=2, return_indices=True) */
  const int64_t i1[] = {8, 8, 10, 8, 8, 10};
  fxrt_pool2d_params p1 = {{3, 3}, {2, 2}, {1, 1}, {2, 2}, false, false, 0};
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 1, 5, 7, y, 2, 3, &p1, idx, NULL), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_true(y[i] == -INFINITY);
  check_indices("max_pool2d -inf", idx, i1, 6);
  /* F.max_pool2d(x, (3, 2), (1, 3), (1, 1), dilation=(2, 1), ceil_mode=True, return_indices=True) */
  const float y2[] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, 1.0f, -INFINITY, -INFINITY, -INFINITY};
  const int64_t i2[] = {7, 9, 12, 0, 2, 34, 7, 9, 12};
  fxrt_pool2d_params p2 = {{3, 2}, {1, 3}, {1, 1}, {2, 1}, true, false, 0};
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 1, 5, 7, y, 3, 3, &p2, idx, NULL), FXRT_OK);
  check_exact("max_pool2d -inf (2)", y, y2, 9);
  check_indices("max_pool2d -inf (2)", idx, i2, 9);
}

/* x = src((1, 2, 7, 10)) */
typedef struct adaptive_expect {
  int64_t oh, ow;
  float avg[2 * 9 * 13];
  float max[2 * 9 * 13];
  int64_t idx[2 * 9 * 13];
} adaptive_expect;

static const adaptive_expect adaptive_torch[] = {
    /* F.adaptive_avg_pool2d(x, (3, 4)); F.adaptive_max_pool2d(x, (3, 4), return_indices=True) */
    {3,
     4,
     {
         -1.33333337f, 0.444444448f,  0.666666687f,  0.0f,          -0.666666687f, -1.33333337f,
         1.33333337f,  0.666666687f,  0.0f,          -0.666666687f, -0.444444448f, 1.33333337f,
         1.0f,         0.333333343f,  -0.666666687f, -1.33333337f,  0.444444448f,  1.0f,
         0.0f,         -0.666666687f, -1.33333337f,  0.444444448f,  0.666666687f,  0.0f,
     },
     {
         3.0f, 5.0f, 5.0f, 4.0f, 3.0f, 3.0f, 5.0f, 5.0f, 4.0f, 3.0f, 5.0f, 5.0f,
         5.0f, 4.0f, 3.0f, 3.0f, 5.0f, 5.0f, 4.0f, 3.0f, 3.0f, 5.0f, 5.0f, 4.0f,
     },
     {
         20, 3, 25, 17, 20, 42, 25, 47, 50, 42, 47, 47, 10, 2, 5, 27, 21, 32, 35, 27, 60, 43, 65, 57,
     }},
    /* F.adaptive_avg_pool2d(x, (5, 3)); F.adaptive_max_pool2d(x, (5, 3), return_indices=True) */
    {5,
     3,
     {
         -0.75f,  1.0f,         0.0f, -0.875f, 0.875f, -0.125f, -0.833333313f, 0.0f,    0.833333313f, 0.125f,
         -0.875f, 0.875f,       0.0f, -1.0f,   0.75f,  1.125f,  0.125f,        -0.875f, 1.0f,         0.0f,
         -1.0f,   0.583333313f, 0.5f, -0.5f,   -0.75f, 1.0f,    0.0f,          -0.875f, 0.875f,       -0.125f,
     },
     {
         5.0f, 5.0f, 4.0f, 3.0f, 5.0f, 4.0f, 3.0f, 5.0f, 5.0f, 4.0f, 3.0f, 5.0f, 4.0f, 3.0f, 5.0f,
         5.0f, 4.0f, 3.0f, 5.0f, 4.0f, 3.0f, 5.0f, 5.0f, 4.0f, 5.0f, 5.0f, 4.0f, 3.0f, 5.0f, 4.0f,
     },
     {
         3,  3,  6,  20, 14, 17, 20, 25, 36, 50, 53, 47, 50, 53, 58,
         10, 13, 16, 10, 13, 16, 21, 43, 46, 43, 43, 46, 60, 54, 57,
     }},
    /* F.adaptive_avg_pool2d(x, (9, 13)); F.adaptive_max_pool2d(x, (9, 13), return_indices=True) */
    {9,
     13,
     {
         -5.0f,  -1.5f,  0.0f,   1.5f,  5.0f,  3.0f, -1.0f,  0.5f,   4.0f,  2.0f,  -2.0f,  -0.5f,  3.0f,  -3.0f,
         -2.25f, -0.75f, 0.75f,  1.5f,  2.25f, 1.0f, -0.25f, 0.5f,   1.25f, 0.0f,  -1.25f, -0.5f,  1.0f,  -1.0f,
         -2.25f, -0.75f, 0.0f,   0.75f, 2.25f, 1.0f, -1.0f,  -0.25f, 1.25f, 0.0f,  -2.0f,  -0.5f,  0.25f, -1.0f,
         -2.25f, -1.5f,  -0.75f, 0.75f, 2.25f, 3.0f, 1.0f,   -0.25f, 1.25f, 2.0f,  -4.0f,  -0.5f,  1.0f,  -3.0f,
         -5.0f,  -1.5f,  0.0f,   1.5f,  5.0f,  3.0f, -1.0f,  0.5f,   4.0f,  -2.0f, -1.25f, 0.25f,  -1.0f, -3.0f,
         -2.25f, -0.75f, 0.75f,  1.5f,  2.25f, 1.0f, -0.25f, 0.5f,   2.0f,  0.0f,  -1.25f, 0.25f,  1.0f,  -1.0f,
         -2.25f, -0.75f, 0.0f,   0.75f, 2.25f, 1.0f, -1.0f,  0.5f,   1.25f, 0.0f,  -1.25f, -0.5f,  0.25f, -1.0f,
         -2.25f, -1.5f,  -0.75f, 0.75f, 2.25f, 3.0f, -3.0f,  0.5f,   2.0f,  -2.0f, -4.0f,  -0.5f,  1.0f,  -3.0f,
         -5.0f,  -1.5f,  0.0f,   1.5f,  5.0f,  1.0f, -1.0f,  0.5f,   2.0f,  0.0f,  -2.0f,  -0.5f,  1.0f,  -1.0f,
         -3.0f,  -1.5f,  0.0f,   -2.0f, 3.0f,  1.0f, -0.25f, 1.25f,  2.0f,  0.0f,  -1.25f, 0.25f,  1.0f,  -1.0f,
         -2.25f, -0.75f, 0.0f,   1.5f,  2.25f, 1.0f, -0.25f, 0.5f,   1.25f, 0.0f,  -1.25f, -0.5f,  0.25f, -1.0f,
         -2.25f, -1.5f,  0.0f,   0.75f, 2.25f, 1.0f, -1.0f,  -0.25f, 1.25f, 0.0f,  -2.0f,  -1.25f, 0.25f, -1.0f,
         -3.0f,  2.0f,   0.0f,   1.5f,  3.0f,  1.0f, -1.0f,  0.5f,   2.0f,  0.0f,  -2.0f,  -0.5f,  1.0f,  -1.0f,
         -1.5f,  -0.75f, 0.75f,  2.25f, 3.0f,  1.0f, -0.25f, 1.25f,  2.0f,  0.0f,  -1.25f, 0.25f,  1.0f,  -3.0f,
         -2.25f, -0.75f, 0.75f,  1.5f,  2.25f, 1.0f, -0.25f, 0.5f,   1.25f, 0.0f,  -1.25f, -0.5f,  1.0f,  -1.0f,
         -2.25f, -0.75f, 0.0f,   0.75f, 2.25f, 1.0f, -1.0f,  -0.25f, 1.25f, 0.0f,  -2.0f,  3.0f,   1.0f,  -3.0f,
         -1.5f,  2.0f,   0.0f,   1.5f,  3.0f,  1.0f, -1.0f,  0.5f,   2.0f,  0.0f,
     },
     {
         -5.0f, 2.0f,  2.0f, 5.0f,  5.0f,  5.0f,  1.0f, 4.0f,  4.0f,  4.0f, 0.0f, 3.0f, 3.0f,  -1.0f, 2.0f,  2.0f,
         5.0f,  5.0f,  5.0f, 5.0f,  4.0f,  4.0f,  4.0f, 4.0f,  3.0f,  3.0f, 3.0f, 3.0f, 2.0f,  2.0f,  2.0f,  5.0f,
         5.0f,  5.0f,  1.0f, 4.0f,  4.0f,  4.0f,  0.0f, 3.0f,  3.0f,  3.0f, 2.0f, 2.0f, 2.0f,  5.0f,  5.0f,  5.0f,
         5.0f,  4.0f,  4.0f, 4.0f,  -4.0f, 3.0f,  3.0f, -1.0f, -5.0f, 2.0f, 2.0f, 5.0f, 5.0f,  5.0f,  1.0f,  4.0f,
         4.0f,  0.0f,  3.0f, 3.0f,  3.0f,  -1.0f, 2.0f, 2.0f,  5.0f,  5.0f, 5.0f, 5.0f, 4.0f,  4.0f,  4.0f,  4.0f,
         3.0f,  3.0f,  3.0f, 3.0f,  2.0f,  2.0f,  2.0f, 5.0f,  5.0f,  5.0f, 1.0f, 4.0f, 4.0f,  4.0f,  3.0f,  3.0f,
         3.0f,  3.0f,  2.0f, 2.0f,  2.0f,  5.0f,  5.0f, 5.0f,  -3.0f, 4.0f, 4.0f, 0.0f, -4.0f, 3.0f,  3.0f,  -1.0f,
         -5.0f, 2.0f,  2.0f, 5.0f,  5.0f,  1.0f,  1.0f, 4.0f,  4.0f,  0.0f, 0.0f, 3.0f, 3.0f,  -1.0f, -1.0f, 2.0f,
         2.0f,  -2.0f, 5.0f, 5.0f,  4.0f,  4.0f,  4.0f, 4.0f,  3.0f,  3.0f, 3.0f, 3.0f, 2.0f,  2.0f,  2.0f,  5.0f,
         5.0f,  5.0f,  4.0f, 4.0f,  4.0f,  4.0f,  3.0f, 3.0f,  3.0f,  3.0f, 2.0f, 2.0f, 2.0f,  5.0f,  5.0f,  5.0f,
         1.0f,  4.0f,  4.0f, 4.0f,  0.0f,  3.0f,  3.0f, 3.0f,  -1.0f, 2.0f, 2.0f, 5.0f, 5.0f,  1.0f,  1.0f,  4.0f,
         4.0f,  0.0f,  0.0f, 3.0f,  3.0f,  -1.0f, 2.0f, 2.0f,  5.0f,  5.0f, 5.0f, 5.0f, 4.0f,  4.0f,  4.0f,  4.0f,
         3.0f,  3.0f,  3.0f, -1.0f, 2.0f,  2.0f,  5.0f, 5.0f,  5.0f,  5.0f, 4.0f, 4.0f, 4.0f,  4.0f,  3.0f,  3.0f,
         3.0f,  3.0f,  2.0f, 2.0f,  2.0f,  5.0f,  5.0f, 5.0f,  1.0f,  4.0f, 4.0f, 4.0f, 0.0f,  3.0f,  3.0f,  -1.0f,
         2.0f,  2.0f,  2.0f, 5.0f,  5.0f,  1.0f,  1.0f, 4.0f,  4.0f,  0.0f,
     },
     {
         0,  1,  1,  3,  3,  3,  4,  6,  6,  6,  7,  9,  9,  10, 1,  1,  3,  3,  3,  14, 6,  6,  6,  17, 9,  9,
         20, 20, 12, 12, 23, 14, 14, 25, 26, 17, 17, 28, 29, 20, 20, 31, 23, 23, 23, 25, 25, 36, 36, 28, 28, 39,
         30, 31, 31, 32, 33, 34, 34, 36, 36, 36, 37, 39, 39, 40, 31, 31, 42, 43, 34, 34, 36, 36, 36, 47, 39, 39,
         50, 50, 42, 42, 53, 53, 45, 45, 56, 47, 47, 58, 59, 50, 50, 61, 53, 53, 53, 64, 56, 56, 56, 58, 58, 69,
         60, 61, 61, 62, 63, 64, 64, 65, 66, 67, 67, 69, 69, 0,  0,  2,  2,  3,  3,  5,  5,  6,  6,  8,  8,  9,
         10, 10, 2,  2,  13, 13, 5,  5,  16, 16, 8,  8,  19, 10, 10, 21, 13, 13, 13, 24, 16, 16, 16, 27, 19, 19,
         30, 21, 21, 32, 33, 24, 24, 35, 36, 27, 27, 38, 39, 30, 30, 32, 32, 33, 33, 35, 35, 36, 36, 38, 38, 39,
         30, 30, 32, 32, 43, 43, 35, 35, 46, 46, 38, 38, 49, 50, 41, 41, 43, 43, 43, 54, 46, 46, 46, 57, 49, 49,
         60, 60, 52, 52, 63, 54, 54, 65, 66, 57, 57, 68, 69, 60, 60, 61, 63, 63, 63, 65, 65, 66, 66, 68, 68, 69,
     }},
    /* F.adaptive_avg_pool2d(x, (1, 1)); F.adaptive_max_pool2d(x, (1, 1), return_indices=True) */
    {1,
     1,
     {
         0.0f,
         0.0285714287f,
     },
     {
         5.0f,
         5.0f,
     },
     {
         3,
         10,
     }},
    /* F.adaptive_avg_pool2d(x, (4, 6)); F.adaptive_max_pool2d(x, (4, 6), return_indices=True) */
    {4,
     6,
     {
         -2.25f,       0.0f,   2.25f,        -0.25f,       0.166666672f, -1.25f,        -0.833333313f,
         -1.33333337f, 0.0f,   1.16666663f,  0.666666687f, 0.166666672f, -0.166666672f, -0.666666687f,
         -1.16666663f, 0.0f,   1.33333337f,  0.833333313f, 1.25f,        -0.166666672f, 0.25f,
         -2.25f,       0.0f,   2.25f,        1.0f,         0.5f,         0.0f,          0.25f,
         -1.16666663f, -0.75f, 1.5f,         1.0f,         0.5f,         -0.166666672f, -0.666666687f,
         -1.16666663f, -1.5f,  0.444444448f, 1.16666663f,  0.5f,         0.0f,          -0.5f,
         -1.0f,        -1.5f,  0.75f,        1.0f,         0.5f,         0.0f,
     },
     {
         2.0f, 5.0f, 5.0f, 4.0f, 4.0f, 3.0f, 3.0f, 3.0f, 5.0f, 5.0f, 5.0f, 4.0f, 4.0f, 3.0f, 3.0f, 5.0f,
         5.0f, 5.0f, 4.0f, 4.0f, 3.0f, 2.0f, 5.0f, 5.0f, 5.0f, 4.0f, 4.0f, 3.0f, 3.0f, 2.0f, 5.0f, 5.0f,
         4.0f, 4.0f, 3.0f, 3.0f, 2.0f, 5.0f, 5.0f, 4.0f, 4.0f, 3.0f, 3.0f, 2.0f, 5.0f, 5.0f, 4.0f, 4.0f,
     },
     {
         1,  3, 3,  6, 6,  9, 20, 31, 14, 25, 36, 28, 50, 31, 53, 36, 36, 58, 50, 61, 53, 56, 58, 58,
         10, 2, 13, 5, 16, 8, 10, 21, 13, 35, 16, 38, 30, 32, 43, 35, 46, 38, 60, 52, 54, 65, 57, 68,
     }},
};

static void adaptive_torch_cases(void **state) {
  (void)state;
  float x[2 * 7 * 10], y[2 * 9 * 13];
  int64_t idx[2 * 9 * 13];
  src(x, 140);
  for (size_t t = 0; t < sizeof adaptive_torch / sizeof adaptive_torch[0]; t++) {
    const adaptive_expect *e = &adaptive_torch[t];
    char what[60];
    snprintf(what, sizeof what, "adaptive pools torch case %zu (%lldx%lld)", t, (long long)e->oh, (long long)e->ow);
    assert_int_equal(fxrt_adaptive_avg_pool2d_f32(x, 1, 2, 7, 10, y, e->oh, e->ow), FXRT_OK);
    check_exact(what, y, e->avg, 2 * e->oh * e->ow);
    assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, 1, 2, 7, 10, y, e->oh, e->ow, idx), FXRT_OK);
    check_exact(what, y, e->max, 2 * e->oh * e->ow);
    check_indices(what, idx, e->idx, 2 * e->oh * e->ow);
  }
}

/* ---- random inputs against naive loops ---------------------------------------------------------------------- */

static int64_t pool_out(int64_t in, int64_t k, int64_t pad, int64_t s, int64_t d, bool ceil_mode) {
  const int64_t num = in + 2 * pad - d * (k - 1) - 1 + (ceil_mode ? s - 1 : 0);
  int64_t out = num / s + 1; /* num >= 0 here */
  if (ceil_mode && (out - 1) * s >= in + pad) out--;
  return out;
}

typedef struct pool_case {
  int64_t n, c, h, w, kh, kw, sh, sw, ph, pw, dh, dw;
  bool ceil_mode;
} pool_case;

static const pool_case pool_cases[] = {
    {2, 3, 9, 11, 3, 3, 2, 2, 1, 1, 1, 1, true},  {1, 2, 10, 10, 2, 2, 2, 2, 0, 0, 1, 1, false},
    {1, 4, 8, 13, 3, 2, 3, 2, 1, 1, 2, 1, true},  {2, 1, 7, 7, 5, 5, 2, 2, 2, 2, 1, 1, true},
    {1, 2, 12, 9, 4, 3, 3, 3, 2, 1, 1, 2, false}, {1, 3, 1, 17, 1, 3, 1, 2, 0, 1, 1, 1, true},
    {1, 1, 6, 6, 6, 6, 1, 1, 3, 3, 1, 1, false},  {3, 2, 14, 15, 3, 3, 3, 3, 1, 0, 1, 1, true},
    {1, 2, 5, 40, 3, 3, 1, 1, 1, 1, 1, 1, false}, {1, 2, 6, 41, 3, 3, 2, 2, 1, 1, 1, 1, true}, /* long rows */
    /* max_pool2d's blocked path: blocks of several output rows, rows of many vectors, a dilated or even padding */
    {1, 2, 23, 300, 3, 3, 2, 2, 1, 1, 1, 1, false}, {2, 3, 19, 33, 3, 5, 1, 2, 1, 2, 2, 2, true},
    {1, 2, 12, 20, 2, 4, 2, 2, 1, 2, 3, 1, false},  {1, 1, 30, 14, 7, 3, 1, 1, 3, 1, 1, 3, true},
    {1, 1, 6, 1100, 3, 3, 2, 1, 1, 1, 1, 1, false}, /* rows wider than its buffers: the general path */
};

static void max_pool_random(void **state) {
  (void)state;
  for (size_t t = 0; t < sizeof pool_cases / sizeof pool_cases[0]; t++) {
    const pool_case *pc = &pool_cases[t];
    const int64_t oh = pool_out(pc->h, pc->kh, pc->ph, pc->sh, pc->dh, pc->ceil_mode);
    const int64_t ow = pool_out(pc->w, pc->kw, pc->pw, pc->sw, pc->dw, pc->ceil_mode);
    const int64_t nx = pc->n * pc->c * pc->h * pc->w, ny = pc->n * pc->c * oh * ow;
    float *x = malloc(sizeof(float) * (size_t)nx), *y = malloc(sizeof(float) * (size_t)ny);
    float *want = malloc(sizeof(float) * (size_t)ny);
    int64_t *idx = malloc(sizeof(int64_t) * (size_t)ny), *widx = malloc(sizeof(int64_t) * (size_t)ny);
    for (int64_t i = 0; i < nx; i++) { /* small integers (many ties), and a few NaN in the odd cases */
      x[i] = (t % 2 == 1 && i % 29 == 5) ? NAN : (float)(int)(frand() * 4);
      if (t % 3 == 2 && !isnan(x[i])) /* every third case: 0.0, -0.0 and -1, whose ties only the sign tells apart */
        x[i] = x[i] > 1.0f ? 0.0f : x[i] > 0.0f ? -0.0f : -1.0f;
    }
    fxrt_pool2d_params p = {
        {pc->kh, pc->kw}, {pc->sh, pc->sw}, {pc->ph, pc->pw}, {pc->dh, pc->dw}, pc->ceil_mode, false, 0};
    assert_int_equal(fxrt_max_pool2d_f32(x, pc->n, pc->c, pc->h, pc->w, y, oh, ow, &p, idx, NULL), FXRT_OK);
    for (int64_t plane = 0; plane < pc->n * pc->c; plane++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          float m = -INFINITY;
          int64_t best = -1;
          for (int64_t i = 0; i < pc->kh; i++)
            for (int64_t j = 0; j < pc->kw; j++) {
              const int64_t iy = oy * pc->sh - pc->ph + i * pc->dh, ix = ox * pc->sw - pc->pw + j * pc->dw;
              if (iy < 0 || iy >= pc->h || ix < 0 || ix >= pc->w) continue;
              const float v = x[plane * pc->h * pc->w + iy * pc->w + ix];
              if (best < 0 || v > m || isnan(v)) { /* the first largest, or the last NaN */
                m = v;
                best = iy * pc->w + ix;
              }
            }
          want[(plane * oh + oy) * ow + ox] = m;
          widx[(plane * oh + oy) * ow + ox] = best;
        }
    char what[60];
    snprintf(what, sizeof what, "max_pool2d random case %zu", t);
    check_bits(what, y, want, ny);
    check_indices(what, idx, widx, ny);
    assert_int_equal(fxrt_max_pool2d_f32(x, pc->n, pc->c, pc->h, pc->w, y, oh, ow, &p, NULL, NULL), FXRT_OK);
    check_bits(what, y, want, ny);
    free(x);
    free(y);
    free(want);
    free(idx);
    free(widx);
  }
}

static void avg_pool_random(void **state) {
  (void)state;
  for (size_t t = 0; t < sizeof pool_cases / sizeof pool_cases[0]; t++) {
    const pool_case *pc = &pool_cases[t];
    if (pc->dh != 1 || pc->dw != 1) continue; /* avg_pool2d has no dilation */
    const int64_t oh = pool_out(pc->h, pc->kh, pc->ph, pc->sh, 1, pc->ceil_mode);
    const int64_t ow = pool_out(pc->w, pc->kw, pc->pw, pc->sw, 1, pc->ceil_mode);
    const int64_t nx = pc->n * pc->c * pc->h * pc->w, ny = pc->n * pc->c * oh * ow;
    float *x = malloc(sizeof(float) * (size_t)nx), *y = malloc(sizeof(float) * (size_t)ny);
    float *want = malloc(sizeof(float) * (size_t)ny);
    for (int64_t i = 0; i < nx; i++) x[i] = frand();
    for (int variant = 0; variant < 3; variant++) {
      const bool cip = variant != 1;
      const int64_t over = variant == 2 ? 3 : 0;
      fxrt_pool2d_params p = {{pc->kh, pc->kw}, {pc->sh, pc->sw}, {pc->ph, pc->pw}, {0, 0}, pc->ceil_mode, cip, over};
      assert_int_equal(fxrt_avg_pool2d_f32(x, pc->n, pc->c, pc->h, pc->w, y, oh, ow, &p, NULL), FXRT_OK);
      for (int64_t plane = 0; plane < pc->n * pc->c; plane++)
        for (int64_t oy = 0; oy < oh; oy++)
          for (int64_t ox = 0; ox < ow; ox++) {
            /* the rule: the window, clipped to [-pad, in + pad) for count_include_pad's divisor, to [0, in) for the
             * other one and for the sum */
            double s = 0.0;
            int64_t inside = 0, padded = 0;
            for (int64_t i = 0; i < pc->kh; i++)
              for (int64_t j = 0; j < pc->kw; j++) {
                const int64_t iy = oy * pc->sh - pc->ph + i, ix = ox * pc->sw - pc->pw + j;
                if (iy < pc->h + pc->ph && ix < pc->w + pc->pw) padded++;
                if (iy < 0 || iy >= pc->h || ix < 0 || ix >= pc->w) continue;
                inside++;
                s += x[plane * pc->h * pc->w + iy * pc->w + ix];
              }
            const int64_t divisor = over ? over : cip ? padded : inside;
            want[(plane * oh + oy) * ow + ox] = inside ? (float)(s / (double)divisor) : 0.0f;
          }
      char what[60];
      snprintf(what, sizeof what, "avg_pool2d random case %zu variant %d", t, variant);
      for (int64_t i = 0; i < ny; i++)
        if (fabsf(y[i] - want[i]) > 2e-6f)
          fail_msg("%s: element %lld: got %.9g, want %.9g", what, (long long)i, (double)y[i], (double)want[i]);
    }
    free(x);
    free(y);
    free(want);
  }
}

static void adaptive_random(void **state) {
  (void)state;
  const int64_t shapes[][4] = {{7, 10, 3, 4}, {13, 5, 4, 5},  {6, 6, 6, 6}, {5, 7, 11, 9},
                               {1, 9, 1, 4},  {56, 56, 1, 1}, {9, 14, 7, 7}};
  for (size_t t = 0; t < sizeof shapes / sizeof shapes[0]; t++) {
    const int64_t h = shapes[t][0], w = shapes[t][1], oh = shapes[t][2], ow = shapes[t][3], n = 2, c = 3;
    float *x = malloc(sizeof(float) * (size_t)(n * c * h * w)), *y = malloc(sizeof(float) * (size_t)(n * c * oh * ow));
    int64_t *idx = malloc(sizeof(int64_t) * (size_t)(n * c * oh * ow));
    for (int64_t i = 0; i < n * c * h * w; i++) x[i] = frand();
    assert_int_equal(fxrt_adaptive_avg_pool2d_f32(x, n, c, h, w, y, oh, ow), FXRT_OK);
    char what[60];
    snprintf(what, sizeof what, "adaptive random case %zu", t);
    for (int64_t plane = 0; plane < n * c; plane++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          const int64_t y0 = (int64_t)floor((double)(oy * h) / (double)oh),
                        y1 = (int64_t)ceil((double)((oy + 1) * h) / (double)oh);
          const int64_t x0 = (int64_t)floor((double)(ox * w) / (double)ow),
                        x1 = (int64_t)ceil((double)((ox + 1) * w) / (double)ow);
          double s = 0.0;
          float m = -INFINITY;
          int64_t best = -1;
          for (int64_t iy = y0; iy < y1; iy++)
            for (int64_t ix = x0; ix < x1; ix++) {
              const float v = x[plane * h * w + iy * w + ix];
              s += v;
              if (best < 0 || v > m) {
                m = v;
                best = iy * w + ix;
              }
            }
          const int64_t o = (plane * oh + oy) * ow + ox;
          if (fabs(y[o] - s / (double)((y1 - y0) * (x1 - x0))) > 2e-6)
            fail_msg("%s: avg %lld: got %.9g, want %.9g", what, (long long)o, (double)y[o],
                     s / (double)((y1 - y0) * (x1 - x0)));
          (void)m;
          idx[o] = best; /* stash the expected index */
        }
    int64_t *got = malloc(sizeof(int64_t) * (size_t)(n * c * oh * ow));
    assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, n, c, h, w, y, oh, ow, got), FXRT_OK);
    check_indices(what, got, idx, n * c * oh * ow);
    for (int64_t o = 0; o < n * c * oh * ow; o++)
      if (y[o] != x[o / (oh * ow) * h * w + idx[o]]) fail_msg("%s: max %lld", what, (long long)o);
    free(x);
    free(y);
    free(idx);
    free(got);
  }
}

/* ---- errors --------------------------------------------------------------------------------------------------- */

static void pool_errors(void **state) {
  (void)state;
  float x[2 * 6 * 7] = {0}, y[2 * 6 * 7];
  int64_t idx[2 * 6 * 7];
  const fxrt_pool2d_params ok = {{3, 3}, {2, 2}, {1, 1}, {1, 1}, true, true, 0};
  fxrt_pool2d_params p = ok;
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, &p, idx, NULL), FXRT_OK);
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, &p, NULL), FXRT_OK);
  /* output sizes that do not follow pooling_output_shape: 6 rows give 4 windows with ceil_mode, 3 without */
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 6, 7, y, 4, 4, &p, idx, NULL), FXRT_OK);
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 6, 7, y, 3, 4, &p, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 6, 7, y, 3, 4, &p, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, 2, 4, &p, NULL), FXRT_EINVAL);
  p.ceil_mode = false;
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 6, 7, y, 4, 4, &p, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 6, 7, y, 3, 4, &p, idx, NULL), FXRT_OK);
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 6, 7, y, 3, 4, &p, NULL), FXRT_OK);
  /* padding larger than half the kernel */
  p = ok;
  p.padding[0] = 2;
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, 4, 4, &p, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, 4, 4, &p, NULL), FXRT_EINVAL);
  /* zero or negative parameters */
  p = ok;
  p.stride[1] = 0;
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, &p, idx, NULL), FXRT_EINVAL);
  p = ok;
  p.kernel[0] = 0;
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, &p, NULL), FXRT_EINVAL);
  p = ok;
  p.dilation[0] = 0;
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, &p, idx, NULL), FXRT_EINVAL);
  p = ok;
  p.padding[1] = -1;
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, 3, &p, idx, NULL), FXRT_EINVAL);
  /* avg_pool2d has no dilation */
  p = ok;
  p.dilation[1] = 2;
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, &p, NULL), FXRT_ENOTSUP);
  /* NULL buffers and parameters */
  assert_int_equal(fxrt_max_pool2d_f32(NULL, 1, 2, 5, 7, y, 3, 4, &ok, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, NULL, 3, 4, &ok, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, NULL, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_avg_pool2d_f32(NULL, 1, 2, 5, 7, y, 3, 4, &ok, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_avg_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, NULL, NULL), FXRT_EINVAL);
  /* sizes */
  assert_int_equal(fxrt_max_pool2d_f32(x, 1, 2, 0, 7, y, 3, 4, &ok, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_max_pool2d_f32(x, -1, 2, 5, 7, y, 3, 4, &ok, idx, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_avg_pool2d_f32(x, INT64_MAX, 2, 5, 7, y, 3, 4, &ok, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_max_pool2d_f32(NULL, 0, 2, 5, 7, NULL, 3, 4, &ok, NULL, NULL), FXRT_OK);
  /* adaptive */
  assert_int_equal(fxrt_adaptive_avg_pool2d_f32(x, 1, 2, 5, 7, y, 0, 4), FXRT_EINVAL);
  assert_int_equal(fxrt_adaptive_avg_pool2d_f32(x, 1, 2, 0, 7, y, 3, 4), FXRT_EINVAL);
  assert_int_equal(fxrt_adaptive_avg_pool2d_f32(NULL, 1, 2, 5, 7, y, 3, 4), FXRT_EINVAL);
  assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, -4, idx), FXRT_EINVAL);
  assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, 1, 2, 5, 7, NULL, 3, 4, idx), FXRT_EINVAL);
  assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, 1, 2, 5, 7, y, 3, 4, NULL), FXRT_OK);
  assert_int_equal(fxrt_adaptive_max_pool2d_f32(x, 1 << 30, 1 << 30, 1 << 30, 7, y, 3, 4, NULL), FXRT_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(avg_pool_torch),       cmocka_unit_test(max_pool_torch),
      cmocka_unit_test(max_pool_nan_torch),   cmocka_unit_test(max_pool_minus_inf_torch),
      cmocka_unit_test(adaptive_torch_cases), cmocka_unit_test(max_pool_random),
      cmocka_unit_test(avg_pool_random),      cmocka_unit_test(adaptive_random),
      cmocka_unit_test(pool_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
