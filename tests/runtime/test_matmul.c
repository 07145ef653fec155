/* test_matmul.c: fxrt_linear_f32, fxrt_linear_t_f32, fxrt_linear_p_f32 and fxrt_matmul_f32 against dot products evaluated in double (the definitions of
 * torch.nn.functional.linear and torch.matmul), over sizes that reach every path (the few-rows dot-product path,
 * partial micro-tiles in both directions, several KC blocks, k = 0) and every operand layout matmul accepts
 * (transposed operands through strides, broadcast batch dimensions with stride 0 or size 1, flipped views, offsets,
 * a strided output), with bias, residual and each activation. Plus the error statuses.
 *
 * A value passes when |got - want| <= 1e-5 * (sum of the magnitudes of its terms) + 1e-6.
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

#define RT_SEED 777u
#include "rt_random.h"

static void check_one(const char *what, int64_t i, float got, double want, double mag) {
  const double tol = 1e-5 * mag + 1e-6;
  if (!(fabs((double)got - want) <= tol))
    fail_msg("%s: element %lld: got %.9g, want %.9g (tolerance %.3g)", what, (long long)i, (double)got, want, tol);
}

static double act_ref(fxrt_act act, double v) {
  return act == FXRT_ACT_NONE ? v : (double)fxrt_act_apply(act, (float)v, 0.2f, -0.25f, 0.5f);
}

/* ---- linear --------------------------------------------------------------------------------------------------- */

static void run_linear(int64_t m, int64_t k, int64_t n, bool bias, bool residual, fxrt_act act) {
  float *x = rand_buf(m * k), *w = rand_buf(n * k), *b = bias ? rand_buf(n) : NULL;
  float *res = residual ? rand_buf(m * n) : NULL, *y = rand_buf(m * n);
  fxrt_epilogue ep = {act, 0.2f, -0.25f, 0.5f, res};
  const bool use_ep = residual || act != FXRT_ACT_NONE;
  assert_int_equal(fxrt_linear_f32(x, m, k, w, n, b, y, use_ep ? &ep : NULL, NULL), FXRT_OK);
  /* fxrt_linear_t_f32 on the transposed weight: the same values, and the same bits from FXRT_LINEAR_DOT_ROWS rows
   * on (the prepack pass relies on it) */
  float *wt = rand_buf(n * k), *yt = rand_buf(m * n);
  for (int64_t j = 0; j < n; j++)
    for (int64_t p = 0; p < k; p++) wt[p * n + j] = w[j * k + p];
  assert_int_equal(fxrt_linear_t_f32(x, m, k, wt, n, b, yt, use_ep ? &ep : NULL, NULL), FXRT_OK);
  if (m >= FXRT_LINEAR_DOT_ROWS) assert_memory_equal(y, yt, (size_t)(m * n) * sizeof(float));
  /* and fxrt_linear_p_f32 on the packed weight: the bits of fxrt_linear_t_f32, for any m */
  float *wp = rand_buf(fxrt_linear_packed_numel(n, k) + 1), *yp = rand_buf(m * n);
  assert_int_equal(fxrt_linear_pack_f32(w, n, k, wp), FXRT_OK);
  for (int64_t j = n; j < (n + FXRT_LINEAR_PANEL - 1) / FXRT_LINEAR_PANEL * FXRT_LINEAR_PANEL; j++)
    for (int64_t p = 0; p < k; p++) /* the padding is zeros */
      assert_true(wp[(j / FXRT_LINEAR_PANEL * k + p) * FXRT_LINEAR_PANEL + j % FXRT_LINEAR_PANEL] == 0.0f);
  assert_int_equal(fxrt_linear_p_f32(x, m, k, wp, n, b, yp, use_ep ? &ep : NULL, NULL), FXRT_OK);
  assert_memory_equal(yt, yp, (size_t)(m * n) * sizeof(float));
  free(wp);
  free(yp);
  const float *got[2] = {y, yt};
  const char *name[2] = {"linear", "linear_t"};
  for (int v = 0; v < 2; v++) {
    char what[120];
    snprintf(what, sizeof what, "%s m%lld k%lld n%lld bias%d res%d act%d", name[v], (long long)m, (long long)k,
             (long long)n, bias, residual, (int)act);
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        double s = b ? b[j] : 0.0, mag = b ? fabs(b[j]) : 0.0;
        for (int64_t p = 0; p < k; p++) {
          s += (double)x[i * k + p] * w[j * k + p];
          mag += fabs((double)x[i * k + p] * w[j * k + p]);
        }
        if (res) {
          s += res[i * n + j];
          mag += fabs(res[i * n + j]);
        }
        check_one(what, i * n + j, got[v][i * n + j], act_ref(act, s), mag);
      }
  }
  free(wt);
  free(yt);
  free(x);
  free(w);
  free(b);
  free(res);
  free(y);
}

static void linear_shapes(void **state) {
  (void)state;
  const int64_t ms[] = {1, 2, 5, 6, 7, 13, 24, 64};
  const int64_t ks[] = {1, 3, 17, 64, 300, 513};
  const int64_t ns[] = {1, 5, 16, 33, 100};
  for (size_t a = 0; a < sizeof ms / sizeof ms[0]; a++)
    for (size_t c = 0; c < sizeof ks / sizeof ks[0]; c++)
      for (size_t d = 0; d < sizeof ns / sizeof ns[0]; d++)
        run_linear(ms[a], ks[c], ns[d], (a + c + d) % 2 == 0, false, FXRT_ACT_NONE);
}

static void linear_epilogues(void **state) {
  (void)state;
  for (int a = 0; a < FXRT_NUM_ACTS; a++) {
    run_linear(3, 20, 9, true, true, (fxrt_act)a); /* dot-product path */
    run_linear(6, 21, 6, true, true, (fxrt_act)a);
    run_linear(30, 20, 37, true, true, (fxrt_act)a); /* GEMM path */
    run_linear(8, 7, 16, false, a % 2 == 0, (fxrt_act)a);
  }
}

static void linear_k_zero(void **state) {
  (void)state;
  /* an empty sum: y = bias (+ residual), then the activation */
  float b[3] = {1.0f, -2.0f, 0.5f}, y[7 * 3], res[7 * 3];
  for (int i = 0; i < 21; i++) res[i] = (float)i;
  fxrt_epilogue ep = {FXRT_ACT_RELU, 0, 0, 0, res};
  for (int64_t m = 1; m <= 7; m += 6) {
    assert_int_equal(fxrt_linear_f32(NULL, m, 0, NULL, 3, b, y, &ep, NULL), FXRT_OK);
    for (int64_t i = 0; i < m * 3; i++) {
      const float v = b[i % 3] + res[i];
      assert_true(y[i] == (v > 0 ? v : 0.0f));
    }
  }
}

static void linear_errors(void **state) {
  (void)state;
  float x[6], w[6], y[4];
  memset(x, 0, sizeof x);
  memset(w, 0, sizeof w);
  assert_int_equal(fxrt_linear_f32(x, 2, 3, w, 2, NULL, y, NULL, NULL), FXRT_OK);
  assert_int_equal(fxrt_linear_f32(NULL, 2, 3, w, 2, NULL, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, 2, 3, NULL, 2, NULL, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, 2, 3, w, 2, NULL, NULL, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, -1, 3, w, 2, NULL, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, 2, -3, w, 2, NULL, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, 2, 3, w, -2, NULL, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, INT64_MAX, INT64_MAX, w, 2, NULL, y, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_linear_f32(x, (int64_t)1 << 39, (int64_t)1 << 39, w, 2, NULL, y, NULL, NULL), FXRT_EINVAL);
  fxrt_epilogue ep = {(fxrt_act)-1, 0, 0, 0, NULL};
  assert_int_equal(fxrt_linear_f32(x, 2, 3, w, 2, NULL, y, &ep, NULL), FXRT_EINVAL);
  /* nothing to compute */
  assert_int_equal(fxrt_linear_f32(NULL, 0, 3, NULL, 2, NULL, NULL, NULL, NULL), FXRT_OK);
  assert_int_equal(fxrt_linear_f32(NULL, 2, 3, NULL, 0, NULL, NULL, NULL, NULL), FXRT_OK);
}

/* ---- matmul --------------------------------------------------------------------------------------------------- */

/* The element of view v at a multi-index. */
static int64_t at(const fxrt_view *v, const int64_t *idx) {
  int64_t o = v->offset;
  for (int32_t d = 0; d < v->ndim; d++) o += idx[d] * v->stride[d];
  return o;
}

/* Checks y = a @ b (+ residual, activation) element by element; the views' batch dimensions are yv's (a size 1
 * broadcasts). */
static void check_matmul(const char *what, const float *a, const fxrt_view *av, const float *b, const fxrt_view *bv,
                         const float *y, const fxrt_view *yv, const float *res, fxrt_act act) {
  const int32_t nd = yv->ndim;
  const int64_t m = yv->shape[nd - 2], n = yv->shape[nd - 1], k = av->shape[nd - 1];
  const int64_t total = fxrt_view_numel(yv);
  for (int64_t lin = 0; lin < total; lin++) {
    int64_t idx[FXRT_MAX_DIMS], rem = lin;
    for (int32_t d = nd - 1; d >= 0; d--) {
      idx[d] = rem % yv->shape[d];
      rem /= yv->shape[d];
    }
    int64_t ai[FXRT_MAX_DIMS], bi[FXRT_MAX_DIMS];
    for (int32_t d = 0; d < nd - 2; d++) {
      ai[d] = av->shape[d] == 1 ? 0 : idx[d];
      bi[d] = bv->shape[d] == 1 ? 0 : idx[d];
    }
    ai[nd - 2] = idx[nd - 2];
    bi[nd - 1] = idx[nd - 1];
    double s = 0.0, mag = 0.0;
    for (int64_t p = 0; p < k; p++) {
      ai[nd - 1] = p;
      bi[nd - 2] = p;
      const double v = (double)a[at(av, ai)] * b[at(bv, bi)];
      s += v;
      mag += fabs(v);
    }
    if (res) {
      s += res[lin];
      mag += fabs(res[lin]);
    }
    (void)m;
    (void)n;
    check_one(what, lin, y[at(yv, idx)], act_ref(act, s), mag);
  }
}

static fxrt_view view3(int64_t d0, int64_t d1, int64_t d2, int64_t s0, int64_t s1, int64_t s2, int64_t off) {
  fxrt_view v;
  memset(&v, 0, sizeof v);
  v.ndim = 3;
  v.shape[0] = d0;
  v.shape[1] = d1;
  v.shape[2] = d2;
  v.stride[0] = s0;
  v.stride[1] = s1;
  v.stride[2] = s2;
  v.offset = off;
  return v;
}

static void matmul_layouts(void **state) {
  (void)state;
  /* {1, 20, 300, 70}: enough rows that B's whole panels are packed, two blocks of KC, an edge panel */
  const int64_t sizes[][4] = {{1, 1, 1, 1},    {2, 7, 5, 9},  {3, 13, 33, 17},
                              {1, 6, 300, 32}, {2, 1, 8, 40}, {1, 64, 3, 1}, {1, 20, 300, 70}};
  for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
    const int64_t B = sizes[t][0], m = sizes[t][1], k = sizes[t][2], n = sizes[t][3];
    float *a = rand_buf(B * m * k + 5), *b = rand_buf(B * k * n + 5), *y = rand_buf(B * m * n * 2 + 5);
    float *res = rand_buf(B * m * n);
    for (int layout = 0; layout < 8; layout++) {
      /* bit 0: a transposed in memory; bit 1: b transposed; bit 2: y transposed */
      const fxrt_view av = layout & 1 ? view3(B, m, k, m * k, 1, m, 0) : view3(B, m, k, m * k, k, 1, 0);
      const fxrt_view bv = layout & 2 ? view3(B, k, n, k * n, 1, k, 0) : view3(B, k, n, k * n, n, 1, 0);
      const fxrt_view yv = layout & 4 ? view3(B, m, n, m * n, 1, m, 0) : view3(B, m, n, m * n, n, 1, 0);
      for (int use_ep = 0; use_ep < 2; use_ep++) {
        fxrt_epilogue ep = {FXRT_ACT_LEAKY_RELU, 0.2f, 0, 0, res};
        char what[100];
        snprintf(what, sizeof what, "matmul B%lld m%lld k%lld n%lld layout %d ep %d", (long long)B, (long long)m,
                 (long long)k, (long long)n, layout, use_ep);
        assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, use_ep ? &ep : NULL, NULL), FXRT_OK);
        check_matmul(what, a, &av, b, &bv, y, &yv, use_ep ? res : NULL, use_ep ? FXRT_ACT_LEAKY_RELU : FXRT_ACT_NONE);
      }
    }
    free(a);
    free(b);
    free(y);
    free(res);
  }
}

static void matmul_broadcast(void **state) {
  (void)state;
  /* a [4, 5, 7] broadcast over batch (stride 0) times b [4, 7, 6] */
  float *a = rand_buf(5 * 7), *b = rand_buf(4 * 7 * 6), *y = rand_buf(4 * 5 * 6);
  fxrt_view av = view3(4, 5, 7, 0, 7, 1, 0), bv = view3(4, 7, 6, 42, 6, 1, 0), yv = view3(4, 5, 6, 30, 6, 1, 0);
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, NULL, NULL), FXRT_OK);
  check_matmul("matmul a broadcast (stride 0)", a, &av, b, &bv, y, &yv, NULL, FXRT_ACT_NONE);
  /* the same with a's batch dimension of size 1 */
  av.shape[0] = 1;
  av.stride[0] = 35;
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, NULL, NULL), FXRT_OK);
  check_matmul("matmul a broadcast (size 1)", a, &av, b, &bv, y, &yv, NULL, FXRT_ACT_NONE);
  free(a);
  free(b);
  free(y);

  /* 4-d: a [2, 1, 3, 4] with b [1, 3, 4, 5] -> y [2, 3, 3, 5], batch dims broadcast both ways, residual + GELU */
  a = rand_buf(2 * 3 * 4);
  b = rand_buf(3 * 4 * 5);
  y = rand_buf(2 * 3 * 3 * 5);
  float *res = rand_buf(2 * 3 * 3 * 5);
  const int64_t ash[4] = {2, 1, 3, 4}, bsh[4] = {1, 3, 4, 5}, ysh[4] = {2, 3, 3, 5};
  fxrt_view a4 = fxrt_view_contiguous(4, ash), b4 = fxrt_view_contiguous(4, bsh), y4 = fxrt_view_contiguous(4, ysh);
  fxrt_epilogue ep = {FXRT_ACT_GELU, 0, 0, 0, res};
  assert_int_equal(fxrt_matmul_f32(a, &a4, b, &b4, y, &y4, &ep, NULL), FXRT_OK);
  check_matmul("matmul 4-d broadcast", a, &a4, b, &b4, y, &y4, res, FXRT_ACT_GELU);
  free(a);
  free(b);
  free(y);
  free(res);
}

static void matmul_flipped_and_offset(void **state) {
  (void)state;
  /* a is a [9, 8] buffer seen flipped in both dims and sliced: rows 7..1, columns 6..0 */
  float *a = rand_buf(9 * 8), *b = rand_buf(7 * 20), *y = rand_buf(3 * 7 * 11);
  fxrt_view av, bv, yv;
  memset(&av, 0, sizeof av);
  av.ndim = 2;
  av.shape[0] = 7;
  av.shape[1] = 7;
  av.stride[0] = -8;
  av.stride[1] = -1;
  av.offset = 7 * 8 + 6;
  /* b: every other column of a [7, 20] buffer, starting at column 1 */
  memset(&bv, 0, sizeof bv);
  bv.ndim = 2;
  bv.shape[0] = 7;
  bv.shape[1] = 9;
  bv.stride[0] = 20;
  bv.stride[1] = 2;
  bv.offset = 1;
  /* y: a strided slice of a bigger buffer */
  memset(&yv, 0, sizeof yv);
  yv.ndim = 2;
  yv.shape[0] = 7;
  yv.shape[1] = 9;
  yv.stride[0] = 33;
  yv.stride[1] = 3;
  yv.offset = 2;
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, NULL, NULL), FXRT_OK);
  check_matmul("matmul flipped/offset", a, &av, b, &bv, y, &yv, NULL, FXRT_ACT_NONE);
  free(a);
  free(b);
  free(y);
}

static void matmul_k_zero(void **state) {
  (void)state;
  float y[2 * 3 * 4], res[2 * 3 * 4];
  for (int i = 0; i < 24; i++) res[i] = (float)(i - 12);
  fxrt_view av = view3(2, 3, 0, 0, 0, 1, 0), bv = view3(2, 0, 4, 0, 4, 1, 0), yv = view3(2, 3, 4, 12, 4, 1, 0);
  fxrt_epilogue ep = {FXRT_ACT_RELU, 0, 0, 0, res};
  assert_int_equal(fxrt_matmul_f32(NULL, &av, NULL, &bv, y, &yv, &ep, NULL), FXRT_OK);
  for (int i = 0; i < 24; i++) assert_true(y[i] == (res[i] > 0 ? res[i] : 0.0f));
  assert_int_equal(fxrt_matmul_f32(NULL, &av, NULL, &bv, y, &yv, NULL, NULL), FXRT_OK);
  for (int i = 0; i < 24; i++) assert_true(y[i] == 0.0f);
}

static void matmul_errors(void **state) {
  (void)state;
  float a[12], b[12], y[12];
  memset(a, 0, sizeof a);
  memset(b, 0, sizeof b);
  fxrt_view av = view3(1, 3, 4, 12, 4, 1, 0), bv = view3(1, 4, 3, 12, 3, 1, 0), yv = view3(1, 3, 3, 9, 3, 1, 0);
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, NULL, NULL), FXRT_OK);
  assert_int_equal(fxrt_matmul_f32(NULL, &av, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_matmul_f32(a, &av, NULL, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, NULL, &yv, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_matmul_f32(a, NULL, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_matmul_f32(a, &av, b, NULL, y, &yv, NULL, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, NULL, NULL, NULL), FXRT_EINVAL);
  fxrt_view bad = av; /* inner dimensions differ */
  bad.shape[2] = 3;
  assert_int_equal(fxrt_matmul_f32(a, &bad, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  bad = yv; /* output shape */
  bad.shape[1] = 4;
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &bad, NULL, NULL), FXRT_EINVAL);
  bad = av; /* batch dimension neither equal nor 1 */
  bad.shape[0] = 2;
  assert_int_equal(fxrt_matmul_f32(a, &bad, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  bad = av; /* ndim mismatch, too small, too large */
  bad.ndim = 2;
  assert_int_equal(fxrt_matmul_f32(a, &bad, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  fxrt_view a1 = av, b1 = bv, y1 = yv;
  a1.ndim = b1.ndim = y1.ndim = 1;
  assert_int_equal(fxrt_matmul_f32(a, &a1, b, &b1, y, &y1, NULL, NULL), FXRT_EINVAL);
  a1.ndim = b1.ndim = y1.ndim = FXRT_MAX_DIMS + 1;
  assert_int_equal(fxrt_matmul_f32(a, &a1, b, &b1, y, &y1, NULL, NULL), FXRT_EINVAL);
  bad = av; /* negative size */
  bad.shape[1] = -3;
  assert_int_equal(fxrt_matmul_f32(a, &bad, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  bad = av; /* strides that overflow index arithmetic */
  bad.stride[1] = INT64_MAX / 2;
  assert_int_equal(fxrt_matmul_f32(a, &bad, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  bad = av;
  bad.offset = INT64_MIN;
  assert_int_equal(fxrt_matmul_f32(a, &bad, b, &bv, y, &yv, NULL, NULL), FXRT_EINVAL);
  fxrt_epilogue ep = {FXRT_NUM_ACTS, 0, 0, 0, NULL};
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, &ep, NULL), FXRT_EINVAL);
  /* empty output: nothing to do */
  fxrt_view e = yv, ea = av;
  e.shape[1] = 0;
  ea.shape[1] = 0;
  assert_int_equal(fxrt_matmul_f32(NULL, &ea, NULL, &bv, NULL, &e, NULL, NULL), FXRT_OK);
}

/* ---- attention ------------------------------------------------------------------------------------------------ */

static fxrt_view view4(const int64_t *shape, const int64_t *stride, int64_t off) {
  fxrt_view v = {4, {shape[0], shape[1], shape[2], shape[3]}, {stride[0], stride[1], stride[2], stride[3]}, off};
  return v;
}

/* Self-attention as multi-head attention lays it out: q, k, v slices of one [B, L, 3, H, D] projection, y written as
 * [B, L, H, D]. Checked against a reference in double and, bit for bit, against matmul, the scale and softmax in
 * sequence (the unfused route that lowering took before, and that it takes when the weights are wanted). */
static void attention_case(int64_t B, int64_t H, int64_t L, int64_t D, float big) {
  const int64_t E = H * D, S = L;
  float *qkv = rand_buf(B * L * 3 * E), *y = rand_buf(B * L * E), *y2 = rand_buf(B * L * E);
  float *scores = malloc((size_t)(B * H * L * S) * sizeof(float));
  for (int64_t i = 0; i < B * L * 3 * E; i += 7) qkv[i] *= big; /* some large scores: softmax's max matters */
  const int64_t qs[4] = {L * 3 * E, D, 3 * E, 1}, sh[4] = {B, H, L, D}, ys[4] = {L * E, D, E, 1};
  const fxrt_view qv = view4(sh, qs, 0), kv = view4(sh, qs, E), vv = view4(sh, qs, 2 * E), yv = view4(sh, ys, 0);
  const float scale = 1.0f / sqrtf((float)D);
  const size_t ws_bytes = fxrt_attention_workspace_size(L, S, D, 1);
  assert_true(ws_bytes > 0);
  void *ws = malloc(ws_bytes);
  assert_int_equal(fxrt_attention_f32(qkv, &qv, qkv, &kv, qkv, &vv, y, &yv, scale, ws, ws_bytes, NULL), FXRT_OK);
  char what[96];
  snprintf(what, sizeof what, "attention B=%lld H=%lld L=%lld D=%lld", (long long)B, (long long)H, (long long)L,
           (long long)D);
  double *p = malloc((size_t)S * sizeof(double));
  for (int64_t b = 0; b < B; b++)
    for (int64_t h = 0; h < H; h++)
      for (int64_t i = 0; i < L; i++) {
        const float *qi = qkv + b * L * 3 * E + i * 3 * E + h * D;
        double max = -INFINITY, sum = 0.0;
        for (int64_t j = 0; j < S; j++) {
          const float *kj = qkv + b * L * 3 * E + j * 3 * E + E + h * D;
          double dot = 0.0;
          for (int64_t c = 0; c < D; c++) dot += (double)qi[c] * kj[c];
          p[j] = dot * scale;
          max = p[j] > max ? p[j] : max;
        }
        for (int64_t j = 0; j < S; j++) sum += p[j] = exp(p[j] - max);
        for (int64_t c = 0; c < D; c++) {
          double o = 0.0;
          for (int64_t j = 0; j < S; j++) o += p[j] / sum * qkv[b * L * 3 * E + j * 3 * E + 2 * E + h * D + c];
          check_one(what, ((b * L + i) * H + h) * D + c, y[b * L * E + i * E + h * D + c], o, 2.0);
        }
      }
  /* the unfused route: the same bits */
  const int64_t kts[4] = {L * 3 * E, D, 1, 3 * E}, ksh[4] = {B, H, D, S}, ssh[4] = {B, H, L, S},
                ss[4] = {H * L * S, L * S, S, 1};
  const fxrt_view ktv = view4(ksh, kts, E), sv = view4(ssh, ss, 0);
  assert_int_equal(fxrt_matmul_f32(qkv, &qv, qkv, &ktv, scores, &sv, NULL, NULL), FXRT_OK);
  for (int64_t i = 0; i < B * H * L * S; i++) scores[i] *= scale;
  assert_int_equal(fxrt_softmax_f32(scores, B * H * L, S, 1, scores, false), FXRT_OK);
  assert_int_equal(fxrt_matmul_f32(scores, &sv, qkv, &vv, y2, &yv, NULL, NULL), FXRT_OK);
  for (int64_t i = 0; i < B * L * E; i++)
    if (memcmp(&y[i], &y2[i], sizeof(float)) != 0)
      fail_msg("%s: element %lld is %.9g, the unfused route's %.9g", what, (long long)i, (double)y[i], (double)y2[i]);
  free(p);
  free(ws);
  free(scores);
  free(qkv);
  free(y);
  free(y2);
}

static void attention_shapes(void **state) {
  (void)state;
  attention_case(1, 1, 1, 1, 1.0f);
  attention_case(1, 2, 5, 3, 1.0f);      /* fewer rows than the micro-kernel's */
  attention_case(2, 3, 49, 8, 4.0f);     /* an edge block of rows, short panels */
  attention_case(1, 2, 97, 40, 1.0f);    /* d over one panel, three blocks with an edge */
  attention_case(1, 1, 300, 16, 3.0f);   /* s over the GEMM's panel depth: scores @ v in two depths */
}

/* softmax's edge cases: a NaN makes its row NaN; scores near FLT_MAX (a large scale) give the best key's v alone. */
static void attention_special_values(void **state) {
  (void)state;
  const int64_t L = 4, D = 2, E = D, sh[4] = {1, 1, L, D}, qs[4] = {L * 3 * E, D, 3 * E, 1}, ys[4] = {L * E, D, E, 1};
  float qkv[4 * 3 * 2], y[4 * 2];
  for (int64_t i = 0; i < L; i++) { /* q = (1, 0), k_i = (0.5 i, 1), v_i = (i, -i) */
    float *row = qkv + i * 3 * E;
    row[0] = 1.0f, row[1] = 0.0f, row[2] = 0.5f * (float)i, row[3] = 1.0f, row[4] = (float)i, row[5] = -(float)i;
  }
  const fxrt_view qv = view4(sh, qs, 0), kv = view4(sh, qs, E), vv = view4(sh, qs, 2 * E), yv = view4(sh, ys, 0);
  const size_t ws_bytes = fxrt_attention_workspace_size(L, L, D, 1);
  void *ws = malloc(ws_bytes);
  assert_int_equal(fxrt_attention_f32(qkv, &qv, qkv, &kv, qkv, &vv, y, &yv, 1e37f, ws, ws_bytes, NULL), FXRT_OK);
  for (int64_t i = 0; i < L; i++) { /* the last key's scores are the largest: its v, exactly */
    assert_true(y[i * D] == (float)(L - 1));
    assert_true(y[i * D + 1] == -(float)(L - 1));
  }
  qkv[1 * 3 * E + 2] = NAN; /* key 1: every query's score with it is NaN, so every row is NaN */
  assert_int_equal(fxrt_attention_f32(qkv, &qv, qkv, &kv, qkv, &vv, y, &yv, 1.0f, ws, ws_bytes, NULL), FXRT_OK);
  for (int i = 0; i < 8; i++) assert_true(isnan(y[i]));
  free(ws);
}

static void attention_errors(void **state) {
  (void)state;
  const int64_t sh[4] = {1, 2, 3, 4}, st[4] = {24, 12, 4, 1};
  float q[24], y[24];
  memset(q, 0, sizeof q);
  fxrt_view v = view4(sh, st, 0);
  const size_t ws_bytes = fxrt_attention_workspace_size(3, 3, 4, 1);
  void *ws = malloc(ws_bytes);
  assert_int_equal(fxrt_attention_f32(q, &v, q, &v, q, &v, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_OK);
  assert_int_equal(fxrt_attention_f32(q, &v, q, &v, q, &v, y, &v, 0.5f, ws, ws_bytes - 1, NULL), FXRT_EWORKSPACE);
  assert_int_equal(fxrt_attention_f32(q, &v, q, &v, q, &v, y, &v, 0.5f, NULL, ws_bytes, NULL), FXRT_EWORKSPACE);
  assert_int_equal(fxrt_attention_f32(NULL, &v, q, &v, q, &v, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_attention_f32(q, &v, q, &v, q, &v, NULL, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_attention_f32(q, NULL, q, &v, q, &v, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  fxrt_view bad = v; /* v's length differs from k's */
  bad.shape[2] = 2;
  assert_int_equal(fxrt_attention_f32(q, &v, q, &v, q, &bad, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  bad = v; /* y's head size differs */
  bad.shape[3] = 3;
  assert_int_equal(fxrt_attention_f32(q, &v, q, &v, q, &v, y, &bad, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  bad = v;
  bad.ndim = 3;
  assert_int_equal(fxrt_attention_f32(q, &bad, q, &v, q, &v, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  bad = v; /* offsets that overflow index arithmetic */
  bad.offset = INT64_MIN;
  assert_int_equal(fxrt_attention_f32(q, &bad, q, &v, q, &v, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  bad = v; /* no keys */
  bad.shape[2] = 0;
  assert_int_equal(fxrt_attention_f32(q, &v, q, &bad, q, &bad, y, &v, 0.5f, ws, ws_bytes, NULL), FXRT_EINVAL);
  bad = v; /* no queries: nothing to do */
  bad.shape[2] = 0;
  assert_int_equal(fxrt_attention_f32(NULL, &bad, NULL, &v, NULL, &v, NULL, &bad, 0.5f, NULL, 0, NULL), FXRT_OK);
  assert_int_equal(fxrt_attention_workspace_size(3, INT64_MAX / 2, 4, 1), 0);
  assert_true(fxrt_attention_workspace_size(3, 3, 4, 2) > fxrt_attention_workspace_size(3, 3, 4, 1));
  free(ws);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(linear_shapes),
      cmocka_unit_test(linear_epilogues),
      cmocka_unit_test(linear_k_zero),
      cmocka_unit_test(linear_errors),
      cmocka_unit_test(matmul_layouts),
      cmocka_unit_test(matmul_broadcast),
      cmocka_unit_test(matmul_flipped_and_offset),
      cmocka_unit_test(matmul_k_zero),
      cmocka_unit_test(matmul_errors),
      cmocka_unit_test(attention_shapes),
      cmocka_unit_test(attention_special_values),
      cmocka_unit_test(attention_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
