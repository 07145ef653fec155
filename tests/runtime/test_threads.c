/* test_threads.c: the thread pool of fxrt_threads.h, and the kernels that take one (conv2d on each of its routes,
 * Winograd, linear, matmul, attention, max and average pooling): each must give the same bits with pools of 2, 3 and 5 threads as without one, over
 * sizes that cut their work into uneven pieces (partial micro-tiles, several column blocks and KC blocks, Winograd
 * chunks and panels, a few-rows linear, batched and single matmuls) and with their epilogues. The values themselves
 * are checked against reference loops by test_conv.c, test_winograd.c and test_matmul.c. */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"
#include "fxrt_threads.h"

#define RT_SEED 4242u
#include "rt_random.h"

static void *ws_buf(size_t n) {
  void *p = NULL;
  assert_int_equal(posix_memalign(&p, 64, n ? n : 64), 0);
  return p;
}

#define NPOOLS 3
static const int pool_sizes[NPOOLS] = {2, 3, 5};
static fxrt_threads *pools[NPOOLS];

static int setup(void **state) {
  (void)state;
  for (int i = 0; i < NPOOLS; i++)
    if (!(pools[i] = fxrt_threads_start(pool_sizes[i]))) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  for (int i = 0; i < NPOOLS; i++) fxrt_threads_stop(pools[i]);
  return 0;
}

static void same_bits(const char *what, int pool, const float *a, const float *b, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (memcmp(&a[i], &b[i], sizeof(float)) != 0)
      fail_msg("%s with %d threads: element %lld is %.9g, %.9g without a pool", what, pool_sizes[pool], (long long)i,
               (double)b[i], (double)a[i]);
}

/* ---- the pool -------------------------------------------------------------------------------------------------- */

typedef struct count_ctx {
  int64_t *seen;
  int32_t *worker;
  int32_t nthreads;
} count_ctx;

static void count_task(void *ctx, int64_t i, int32_t worker) {
  count_ctx *c = ctx;
  __atomic_add_fetch(&c->seen[i], 1, __ATOMIC_RELAXED);
  c->worker[i] = worker;
}

/* Every index exactly once, with worker numbers below nthreads, for counts below, at and above the thread count,
 * many times over (a job must not leak into the next). */
static void pool_runs_each_index_once(void **state) {
  (void)state;
  for (int p = 0; p < NPOOLS; p++) {
    const fxrt_threadpool *tp = fxrt_threads_pool(pools[p]);
    assert_int_equal(tp->nthreads, pool_sizes[p]);
    for (int64_t n = 1; n <= 40; n += 3)
      for (int rep = 0; rep < 50; rep++) {
        int64_t seen[40] = {0};
        int32_t worker[40];
        count_ctx c = {seen, worker, tp->nthreads};
        tp->run(tp->self, n, count_task, &c);
        for (int64_t i = 0; i < n; i++) {
          assert_int_equal(seen[i], 1);
          assert_true(worker[i] >= 0 && worker[i] < tp->nthreads);
        }
      }
  }
  assert_null(fxrt_threads_pool(NULL));
  fxrt_threads_stop(NULL);
  assert_true(fxrt_threads_available() >= 1);
  fxrt_threads *one = fxrt_threads_start(1); /* the caller alone */
  assert_non_null(one);
  assert_int_equal(fxrt_threads_pool(one)->nthreads, 1);
  fxrt_threads_stop(one);
}

/* ---- convolution ----------------------------------------------------------------------------------------------- */

static void conv_case(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t kh, int64_t kw, int64_t s,
                      int64_t pad, int64_t groups, fxrt_act act, bool residual) {
  const fxrt_conv2d_params p = {{s, s}, {pad, pad}, {1, 1}, groups, {0, 0}};
  const int64_t oh = (h + 2 * pad - kh) / s + 1, ow = (w + 2 * pad - kw) / s + 1, ny = n * k * oh * ow;
  float *x = rand_buf(n * c * h * w), *wt = rand_buf(k * (c / groups) * kh * kw), *b = rand_buf(k);
  float *res = residual ? rand_buf(ny) : NULL, *ref = rand_buf(ny), *y = rand_buf(ny);
  const fxrt_epilogue ep = {act, 0.1f, -1.0f, 1.0f, res};
  const size_t wsb = fxrt_conv2d_workspace_size(n, c, h, w, k, kh, kw, oh, ow, &p);
  void *ws = ws_buf(wsb);
  const fxrt_status s0 = fxrt_conv2d_f32(x, n, c, h, w, wt, k, kh, kw, b, ref, oh, ow, &p, &ep, ws, wsb, NULL);
  if (s0 != FXRT_OK)
    fail_msg("conv2d c%lld k%lld groups %lld: %s", (long long)c, (long long)k, (long long)groups, fxrt_status_str(s0));
  char what[160];
  snprintf(what, sizeof what, "conv2d n%lld c%lld %lldx%lld k%lld %lldx%lld s%lld g%lld", (long long)n, (long long)c,
           (long long)h, (long long)w, (long long)k, (long long)kh, (long long)kw, (long long)s, (long long)groups);
  for (int q = 0; q < NPOOLS; q++) {
    memset(y, 0xff, (size_t)ny * sizeof *y);
    assert_int_equal(fxrt_conv2d_f32(x, n, c, h, w, wt, k, kh, kw, b, y, oh, ow, &p, &ep, ws, wsb,
                                     fxrt_threads_pool(pools[q])),
                     FXRT_OK);
    same_bits(what, q, ref, y, ny);
  }
  free(x), free(wt), free(b), free(res), free(ref), free(y), free(ws);
}

static void conv_any_threads(void **state) {
  (void)state;
  conv_case(1, 16, 13, 11, 16, 3, 3, 1, 1, 16, FXRT_ACT_RELU6, false); /* depthwise: direct */
  conv_case(2, 24, 9, 9, 48, 3, 3, 2, 1, 24, FXRT_ACT_NONE, true);     /* depthwise x2, stride 2 */
  conv_case(1, 8, 12, 12, 12, 3, 3, 1, 1, 4, FXRT_ACT_SILU, false);    /* small groups: direct */
  conv_case(2, 40, 17, 19, 23, 1, 1, 1, 0, 1, FXRT_ACT_RELU, true);    /* 1x1: GEMM in place, partial tiles */
  conv_case(1, 300, 6, 7, 13, 1, 1, 1, 0, 1, FXRT_ACT_NONE, false);    /* 1x1, two KC blocks */
  conv_case(1, 16, 70, 70, 20, 1, 1, 1, 0, 1, FXRT_ACT_RELU6, true);   /* 1x1: two spans of columns */
  conv_case(1, 40, 23, 21, 37, 3, 3, 1, 1, 1, FXRT_ACT_SILU, true);    /* im2col: kd 360, two column blocks */
  conv_case(1, 3, 40, 40, 16, 7, 7, 2, 3, 1, FXRT_ACT_RELU, false);    /* a stem */
  conv_case(1, 3, 66, 66, 16, 3, 3, 2, 1, 1, FXRT_ACT_RELU, true);     /* im2col: 35 panels, groups of pg and less */
  conv_case(1, 64, 7, 7, 130, 3, 3, 2, 1, 1, FXRT_ACT_NONE, true);     /* few columns, many rows */
  conv_case(2, 12, 8, 8, 12, 3, 3, 1, 1, 2, FXRT_ACT_GELU, false);     /* grouped GEMM */
}

/* ---- Winograd -------------------------------------------------------------------------------------------------- */

static void winograd_case(int64_t tile, int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, fxrt_act act,
                          bool residual) {
  const int64_t ny = n * k * h * w;
  float *x = rand_buf(n * c * h * w), *wt = rand_buf(k * c * 9), *b = rand_buf(k);
  float *u = rand_buf(fxrt_winograd_weight_numel(tile, k, c));
  assert_int_equal(fxrt_winograd_weight_f32(tile, wt, k, c, u), FXRT_OK);
  float *res = residual ? rand_buf(ny) : NULL, *ref = rand_buf(ny), *y = rand_buf(ny);
  const fxrt_epilogue ep = {act, 0.1f, -1.0f, 1.0f, res};
  const size_t ws1 = fxrt_winograd_workspace_size(tile, n, c, h, w, k, h, w, 1, 1, 1);
  const size_t wsb = fxrt_winograd_workspace_size(tile, n, c, h, w, k, h, w, 1, 1, FXRT_WS_WORKERS);
  assert_true(wsb > ws1);
  assert_int_equal(fxrt_winograd_workspace_size(tile, n, c, h, w, k, h, w, 1, 1, 1000), wsb);
  void *ws = ws_buf(wsb);
  assert_int_equal(fxrt_winograd_conv2d_f32(tile, x, n, c, h, w, u, k, b, ref, h, w, 1, 1, &ep, ws, ws1, NULL),
                   FXRT_OK);
  char what[160];
  snprintf(what, sizeof what, "winograd F(%lld) n%lld c%lld %lldx%lld k%lld", (long long)tile, (long long)n,
           (long long)c, (long long)h, (long long)w, (long long)k);
  for (int q = 0; q < NPOOLS; q++)
    for (int room = 0; room < 2; room++) { /* room for one worker (the others wait), and for all */
      memset(y, 0xff, (size_t)ny * sizeof *y);
      assert_int_equal(fxrt_winograd_conv2d_f32(tile, x, n, c, h, w, u, k, b, y, h, w, 1, 1, &ep, ws, room ? wsb : ws1,
                                                fxrt_threads_pool(pools[q])),
                       FXRT_OK);
      same_bits(what, q, ref, y, ny);
    }
  free(x), free(wt), free(b), free(u), free(res), free(ref), free(y), free(ws);
}

static void winograd_any_threads(void **state) {
  (void)state;
  winograd_case(4, 1, 64, 30, 29, 72, FXRT_ACT_RELU, true);   /* several chunks, partial panel */
  winograd_case(4, 2, 20, 9, 11, 40, FXRT_ACT_SILU, false);   /* two images, k not a multiple of 16 */
  winograd_case(2, 1, 70, 7, 7, 140, FXRT_ACT_NONE, true);    /* small image, many panels */
  winograd_case(4, 1, 300, 8, 8, 24, FXRT_ACT_RELU6, false);  /* deep: KC blocks */
}

/* ---- linear and matmul ----------------------------------------------------------------------------------------- */

static void linear_case(int64_t m, int64_t k, int64_t n, fxrt_act act, bool residual) {
  float *x = rand_buf(m * k), *w = rand_buf(n * k), *b = rand_buf(n), *res = residual ? rand_buf(m * n) : NULL;
  float *ref = rand_buf(m * n), *y = rand_buf(m * n);
  const fxrt_epilogue ep = {act, 0.1f, -1.0f, 1.0f, res};
  assert_int_equal(fxrt_linear_f32(x, m, k, w, n, b, ref, &ep, NULL), FXRT_OK);
  char what[120];
  snprintf(what, sizeof what, "linear m%lld k%lld n%lld", (long long)m, (long long)k, (long long)n);
  for (int q = 0; q < NPOOLS; q++) {
    memset(y, 0xff, (size_t)(m * n) * sizeof *y);
    assert_int_equal(fxrt_linear_f32(x, m, k, w, n, b, y, &ep, fxrt_threads_pool(pools[q])), FXRT_OK);
    same_bits(what, q, ref, y, m * n);
  }
  free(x), free(w), free(b), free(res), free(ref), free(y);
}

static void matmul_case(int64_t batch, int64_t m, int64_t k, int64_t n, bool transposed_b) {
  float *a = rand_buf(batch * m * k), *b = rand_buf(batch * k * n), *ref = rand_buf(batch * m * n);
  float *y = rand_buf(batch * m * n);
  const fxrt_view av = {3, {batch, m, k}, {m * k, k, 1}, 0};
  const fxrt_view bv = transposed_b ? (fxrt_view){3, {batch, k, n}, {k * n, 1, k}, 0}
                                    : (fxrt_view){3, {batch, k, n}, {k * n, n, 1}, 0};
  const fxrt_view yv = {3, {batch, m, n}, {m * n, n, 1}, 0};
  const fxrt_epilogue ep = {FXRT_ACT_GELU, 0.0f, 0.0f, 0.0f, NULL};
  assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, ref, &yv, &ep, NULL), FXRT_OK);
  char what[120];
  snprintf(what, sizeof what, "matmul %lld x [%lld, %lld] @ [%lld, %lld]", (long long)batch, (long long)m, (long long)k,
           (long long)k, (long long)n);
  for (int q = 0; q < NPOOLS; q++) {
    memset(y, 0xff, (size_t)(batch * m * n) * sizeof *y);
    assert_int_equal(fxrt_matmul_f32(a, &av, b, &bv, y, &yv, &ep, fxrt_threads_pool(pools[q])), FXRT_OK);
    same_bits(what, q, ref, y, batch * m * n);
  }
  free(a), free(b), free(ref), free(y);
}

/* attention on [b, h, l, d] views of one [b, l, 3, h, d] projection, a workspace for `workers` workers (fewer than a
 * pool's threads: as many pieces as the workspace has regions). */
static void attention_case(int64_t b, int64_t h, int64_t l, int64_t d, int64_t workers) {
  const int64_t e = h * d;
  float *qkv = rand_buf(b * l * 3 * e), *ref = rand_buf(b * l * e), *y = rand_buf(b * l * e);
  const fxrt_view qv = {4, {b, h, l, d}, {l * 3 * e, d, 3 * e, 1}, 0};
  const fxrt_view kv = {4, {b, h, l, d}, {l * 3 * e, d, 3 * e, 1}, e};
  const fxrt_view vv = {4, {b, h, l, d}, {l * 3 * e, d, 3 * e, 1}, 2 * e};
  const fxrt_view yv = {4, {b, h, l, d}, {l * e, d, e, 1}, 0};
  const size_t ws_bytes = fxrt_attention_workspace_size(l, l, d, workers);
  void *ws = malloc(ws_bytes);
  assert_int_equal(fxrt_attention_f32(qkv, &qv, qkv, &kv, qkv, &vv, ref, &yv, 0.125f, ws, ws_bytes, NULL), FXRT_OK);
  char what[120];
  snprintf(what, sizeof what, "attention [%lld, %lld, %lld, %lld], %lld workers", (long long)b, (long long)h,
           (long long)l, (long long)d, (long long)workers);
  for (int q = 0; q < NPOOLS; q++) {
    memset(y, 0xff, (size_t)(b * l * e) * sizeof *y);
    assert_int_equal(fxrt_attention_f32(qkv, &qv, qkv, &kv, qkv, &vv, y, &yv, 0.125f, ws, ws_bytes,
                                        fxrt_threads_pool(pools[q])),
                     FXRT_OK);
    same_bits(what, q, ref, y, b * l * e);
  }
  free(qkv), free(ref), free(y), free(ws);
}

static void products_any_threads(void **state) {
  (void)state;
  linear_case(1, 300, 1000, FXRT_ACT_NONE, false); /* dot products, pieces of columns */
  linear_case(5, 77, 203, FXRT_ACT_RELU, true);
  linear_case(50, 300, 70, FXRT_ACT_SILU, true);   /* GEMM: KC blocks, partial panels */
  linear_case(197, 64, 300, FXRT_ACT_GELU, false);
  matmul_case(12, 17, 64, 19, true);  /* the batch in pieces */
  matmul_case(1, 40, 33, 100, false); /* one product: its panels */
  matmul_case(1, 197, 300, 70, false); /* one product, many rows: KC blocks, an edge row tile */
  matmul_case(3, 30, 300, 50, true);  /* fewer than twice the threads: panels */
  attention_case(2, 6, 61, 16, 4);    /* the heads in pieces */
  attention_case(1, 1, 197, 64, 4);   /* one head: its blocks of rows */
  attention_case(1, 3, 100, 8, 2);    /* room for two workers */
}

/* ---- pooling -------------------------------------------------------------------------------------------------- */

static void pool_case(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t s, int64_t pad, bool avg) {
  const fxrt_pool2d_params p = {{k, k}, {s, s}, {pad, pad}, {1, 1}, false, true, 0};
  const int64_t oh = (h + 2 * pad - k) / s + 1, ow = (w + 2 * pad - k) / s + 1, ny = n * c * oh * ow;
  float *x = rand_buf(n * c * h * w), *ref = rand_buf(ny), *y = rand_buf(ny);
  int64_t *iref = malloc((size_t)ny * sizeof *iref), *iy = malloc((size_t)ny * sizeof *iy);
  assert_non_null(iref), assert_non_null(iy);
  if (avg) assert_int_equal(fxrt_avg_pool2d_f32(x, n, c, h, w, ref, oh, ow, &p, NULL), FXRT_OK);
  else assert_int_equal(fxrt_max_pool2d_f32(x, n, c, h, w, ref, oh, ow, &p, iref, NULL), FXRT_OK);
  for (int q = 0; q < NPOOLS; q++) {
    const fxrt_threadpool *tp = fxrt_threads_pool(pools[q]);
    memset(y, 0xff, (size_t)ny * sizeof *y);
    memset(iy, 0xff, (size_t)ny * sizeof *iy);
    if (avg) assert_int_equal(fxrt_avg_pool2d_f32(x, n, c, h, w, y, oh, ow, &p, tp), FXRT_OK);
    else assert_int_equal(fxrt_max_pool2d_f32(x, n, c, h, w, y, oh, ow, &p, iy, tp), FXRT_OK);
    same_bits(avg ? "avg_pool2d" : "max_pool2d", q, ref, y, ny);
    if (!avg) assert_memory_equal(iref, iy, (size_t)ny * sizeof *iy);
  }
  free(x), free(ref), free(y), free(iref), free(iy);
}

static void pooling_any_threads(void **state) {
  (void)state;
  pool_case(1, 13, 21, 19, 3, 2, 1, false);
  pool_case(2, 5, 9, 9, 2, 2, 0, false);
  pool_case(1, 30, 11, 12, 3, 1, 1, true);
  pool_case(1, 1, 7, 7, 3, 2, 1, true); /* one plane */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(pool_runs_each_index_once),
      cmocka_unit_test(conv_any_threads),
      cmocka_unit_test(winograd_any_threads),
      cmocka_unit_test(products_any_threads),
      cmocka_unit_test(pooling_any_threads),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
