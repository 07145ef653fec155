/* fxrt_matmul.c: matrix products (torch.nn.functional.linear, torch.matmul).
 *
 * Both run on one cache-blocked GEMM, C[m, n] = A[m, k] B[k, n], whose inner loop is fxrt_gemm.h's register-blocked
 * micro-kernel of MR x NR outputs written in plain C: per step p of the reduction it broadcasts MR values of A's column
 * p and multiplies them with one row of NR contiguous values of B. The row is read in place when B's rows are
 * contiguous and otherwise packed (a KC x NR panel on the stack, reused by every row of A); A is read in place with any
 * strides. NR is two vectors of the widest SIMD unit the compiler targets, so that each accumulator row lives in two
 * registers. linear with fewer than GEMV_MAX_M rows skips the packing of weight^T and takes dot products along the
 * contiguous rows of x and weight instead. Sums run over k in f32 (fused multiply-adds where the target has them): in
 * order in the GEMM, in VW interleaved partial sums in the dot products.
 */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_linear_f32 FXRT_ISA_NAME(fxrt_linear_f32)
#define fxrt_linear_t_f32 FXRT_ISA_NAME(fxrt_linear_t_f32)
#define fxrt_linear_p_f32 FXRT_ISA_NAME(fxrt_linear_p_f32)
#define fxrt_linear_packed_numel FXRT_ISA_COPY(fxrt_linear_packed_numel)
#define fxrt_linear_pack_f32 FXRT_ISA_COPY(fxrt_linear_pack_f32)
#define fxrt_matmul_f32 FXRT_ISA_NAME(fxrt_matmul_f32)
#define fxrt_attention_f32 FXRT_ISA_NAME(fxrt_attention_f32)
#define fxrt_attention_workspace_size FXRT_ISA_COPY(fxrt_attention_workspace_size)
#include "fxrt.h"
#include "fxrt_check.h"
#include "fxrt_gemm.h"
#include "fxrt_par.h"
#include "fxrt_softmax.h"

#include <math.h>
#include <string.h>

/* ---- tuning (shared with the other GEMM kernels: fxrt_gemm.h) --------------------------------------------------- */

#define GEMV_MAX_M FXRT_LINEAR_DOT_ROWS /* linear with fewer rows than this takes dot products (no packing) */

/* ---- argument checks ---------------------------------------------------------------------------------------- */

#define SIZE_LIMIT ((int64_t)1 << 40)   /* larger sizes would overflow index arithmetic */
#define OFFSET_LIMIT ((int64_t)1 << 62) /* strides and offsets of views */

static bool epilogue_ok(const fxrt_epilogue *ep) { return !ep || (unsigned)ep->act < (unsigned)FXRT_NUM_ACTS; }

/* ---- the micro-kernel (fxrt_gemm.h) ------------------------------------------------------------------------ */

/* c[r*ldc + j] (+)= sum_{p < kc} a[r*ar + p*ap] * b[p*ldb + j] for r < MR, j < NR. */
static void micro_kernel(int64_t kc, const float *restrict a, int64_t ar, int64_t ap, const float *restrict b,
                         int64_t ldb, float *restrict c, int64_t ldc, bool accumulate) {
  gemm_micro(2, kc, 0, a, ar, ap, b, b + VW, ldb, c, ldc, accumulate, NULL);
}

/* The same for the first VW columns only (c[r*ldc + j], j < VW): for a last panel of at most VW columns. */
static void micro_kernel_half(int64_t kc, const float *restrict a, int64_t ar, int64_t ap, const float *restrict b,
                              int64_t ldb, float *restrict c, int64_t ldc, bool accumulate) {
  gemm_micro(1, kc, 0, a, ar, ap, b, b, ldb, c, ldc, accumulate, NULL);
}

/* ---- epilogue ----------------------------------------------------------------------------------------------- */

/* y[j] += b[j] for j < n (in chunks of VW, for the vectorizer). */
static void add_row(float *restrict y, const float *restrict b, int64_t n) {
  int64_t j = 0;
  CHUNK_LOOP
  for (; j + VW <= n; j += VW)
    LANES(l) y[j + l] += b[j + l];
  for (; j < n; j++) y[j] += b[j];
}

/* Finishes rows x cols outputs at c (strides crs, ccs): + col_bias[j], + residual (row stride res_rs), then the
 * activation. */
static void finish(float *c, int64_t crs, int64_t ccs, int64_t rows, int64_t cols, const float *col_bias,
                   const float *res, int64_t res_rs, const fxrt_epilogue *ep) {
  for (int64_t i = 0; i < rows; i++) {
    float *ci = c + i * crs;
    const float *ri = res ? res + i * res_rs : NULL;
    if (ccs == 1) {
      if (col_bias) add_row(ci, col_bias, cols);
      if (ri) add_row(ci, ri, cols);
      if (ep) act_row(ci, cols, ep);
    } else {
      for (int64_t j = 0; j < cols; j++) {
        float v = ci[j * ccs];
        if (col_bias) v += col_bias[j];
        if (ri) v += ri[j];
        ci[j * ccs] = ep ? fxrt_act_apply(ep->act, v, ep->alpha, ep->lo, ep->hi) : v;
      }
    }
  }
}

/* ---- the GEMM ----------------------------------------------------------------------------------------------- */

/* A strided matrix: element (i, j) at p[i*rs + j*cs]. */
typedef struct matrix {
  const float *p;
  int64_t rs, cs;
} matrix;

/* C[m, n] = A[m, k] B[k, n] (+ col_bias[n]) (+ res[m, n], row stride res_rs), then ep's activation. C's element
 * (i, j) is at c[i*crs + j*ccs]. k may be 0 (C = 0 before the epilogue). Block by block of KC rows of B, each panel
 * of NR columns is a piece for the pool's threads. */
typedef struct gemm_job {
  int64_t m, n, k, crs, ccs, res_rs, pc, kc;
  matrix A, B;
  float *c;
  const float *col_bias, *res, *abuf;
  const fxrt_epilogue *ep;
  bool first, last, bpanels;
} gemm_job;

static void gemm_task(void *ctx, int64_t i, int32_t worker) {
  const gemm_job *J = (const gemm_job *)ctx;
  float bbuf[KC * NR]; /* a packed panel of B */
  float tile[MR * NR]; /* an edge tile, or any tile when C's columns are not contiguous */
  (void)worker;
  const int64_t m = J->m, n = J->n, pc = J->pc, kc = J->kc, crs = J->crs, ccs = J->ccs, jr = i * NR;
  const matrix A = J->A, B = J->B;
  const bool first = J->first, last = J->last;
  const int64_t nr = n - jr < NR ? n - jr : NR;
  const float *bp;
  int64_t ldb;
  if (J->bpanels) { /* packed at compile time (fxrt_linear_pack_f32): NR divides FXRT_LINEAR_PANEL */
    bp = B.p + (jr / FXRT_LINEAR_PANEL) * J->k * FXRT_LINEAR_PANEL + pc * FXRT_LINEAR_PANEL + jr % FXRT_LINEAR_PANEL;
    ldb = FXRT_LINEAR_PANEL;
  } else if (B.cs == 1 && nr == NR && m <= 2 * MR) { /* a few rows: the panel read in place */
    bp = B.p + pc * B.rs + jr;
    ldb = B.rs;
  } else if (B.cs == 1) { /* packed: rows of B a multiple of 4 KiB apart fall in one set of the L1 cache (197 x 768
                             x 3072 ran at 89 GFLOP/s in place) */
    gemm_pack_rows(bbuf, B.p + pc * B.rs + jr, B.rs, kc, nr);
    bp = bbuf;
    ldb = NR;
  } else {
    for (int64_t p = 0; p < kc; p++) {
      const float *src = B.p + (pc + p) * B.rs + jr * B.cs;
      float *dst = bbuf + p * NR;
      for (int64_t j = 0; j < nr; j++) dst[j] = src[j * B.cs];
      for (int64_t j = nr; j < NR; j++) dst[j] = 0.0f;
    }
    bp = bbuf;
    ldb = NR;
  }
  for (int64_t ir = 0; ir < m; ir += MR) {
    const int64_t mr = m - ir < MR ? m - ir : MR;
    const float *ap = mr == MR ? A.p + ir * A.rs + pc * A.cs : J->abuf;
    const int64_t ar = mr == MR ? A.rs : KC, acs = mr == MR ? A.cs : 1;
    float *ct = J->c + ir * crs + jr * ccs;
    if (mr == MR && nr == NR && ccs == 1) {
      micro_kernel(kc, ap, ar, acs, bp, ldb, ct, crs, !first);
    } else if (mr == MR && nr == VW && ccs == 1) {
      micro_kernel_half(kc, ap, ar, acs, bp, ldb, ct, crs, !first);
    } else {
      if (nr <= VW)
        micro_kernel_half(kc, ap, ar, acs, bp, ldb, tile, NR, false);
      else
        micro_kernel(kc, ap, ar, acs, bp, ldb, tile, NR, false);
      gemm_store_edge(tile, mr, nr, ct, crs, ccs, first);
    }
    if (last)
      finish(ct, crs, ccs, mr, nr, J->col_bias ? J->col_bias + jr : NULL, J->res ? J->res + ir * J->res_rs + jr : NULL,
             J->res_rs, J->ep);
  }
}

static void gemm(int64_t m, int64_t n, int64_t k, matrix A, matrix B, bool bpanels, float *c, int64_t crs,
                 int64_t ccs, const float *col_bias, const float *res, int64_t res_rs, const fxrt_epilogue *ep,
                 const fxrt_threadpool *threads) {
  float abuf[MR * KC]; /* A's last rows when m is not a multiple of MR, zero-padded */
  const int64_t m_full = m - m % MR;
  if (k == 0) { /* empty sums */
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) c[i * crs + j * ccs] = 0.0f;
    finish(c, crs, ccs, m, n, col_bias, res, res_rs, ep);
    return;
  }
  gemm_job J = {m, n, k, crs, ccs, res_rs, 0, 0, A, B, c, col_bias, res, abuf, ep, false, false, bpanels};
  for (J.pc = 0; J.pc < k; J.pc += KC) {
    J.kc = k - J.pc < KC ? k - J.pc : KC;
    J.first = J.pc == 0, J.last = J.pc + J.kc == k;
    if (m_full < m) {
      memset(abuf, 0, sizeof abuf);
      for (int64_t i = m_full; i < m; i++)
        for (int64_t p = 0; p < J.kc; p++) abuf[(i - m_full) * KC + p] = A.p[i * A.rs + (J.pc + p) * A.cs];
    }
    par_run(threads, (n + NR - 1) / NR, gemm_task, &J);
  }
}

/* Sums the VW lanes of a partial-sum vector. */
static float lane_sum(const float *s) {
  float t = 0.0f;
  LANES(l) t += s[l];
  return t;
}

/* y[i, j] = dot(x[i, :], w[j, :]) for a few rows of x (linear with few rows, where packing the weight would cost more
 * than it saves): the dot products run over contiguous k, for two rows of x and four rows of w at a time (the rows of
 * w stay in cache while every row of x uses them), each in VW partial sums (lane l sums the products p = l mod VW),
 * added at the end. */
static void gemv_rows(const float *restrict x, int64_t m, int64_t k, const float *restrict w, int64_t n,
                      float *restrict y, int64_t ldy) {
  const int64_t k_main = k - k % VW;
  int64_t j = 0;
  for (; j + 4 <= n; j += 4) {
    const float *restrict w0 = w + j * k, *restrict w1 = w0 + k, *restrict w2 = w1 + k, *restrict w3 = w2 + k;
    int64_t i = 0;
    for (; i + 2 <= m; i += 2) {
      const float *restrict xa = x + i * k, *restrict xb = xa + k;
      float a0[VW], a1[VW], a2[VW], a3[VW], b0[VW], b1[VW], b2[VW], b3[VW];
      LANES(l) a0[l] = a1[l] = a2[l] = a3[l] = b0[l] = b1[l] = b2[l] = b3[l] = 0.0f;
      CHUNK_LOOP
      for (int64_t p = 0; p < k_main; p += VW) {
        LANES(l) {
          const float va = xa[p + l], vb = xb[p + l];
          const float v0 = w0[p + l], v1 = w1[p + l], v2 = w2[p + l], v3 = w3[p + l];
          a0[l] = MADD(a0[l], va, v0);
          a1[l] = MADD(a1[l], va, v1);
          a2[l] = MADD(a2[l], va, v2);
          a3[l] = MADD(a3[l], va, v3);
          b0[l] = MADD(b0[l], vb, v0);
          b1[l] = MADD(b1[l], vb, v1);
          b2[l] = MADD(b2[l], vb, v2);
          b3[l] = MADD(b3[l], vb, v3);
        }
      }
      float ta[4] = {lane_sum(a0), lane_sum(a1), lane_sum(a2), lane_sum(a3)};
      float tb[4] = {lane_sum(b0), lane_sum(b1), lane_sum(b2), lane_sum(b3)};
      for (int64_t p = k_main; p < k; p++) {
        const float v[4] = {w0[p], w1[p], w2[p], w3[p]};
        for (int r = 0; r < 4; r++) {
          ta[r] = MADD(ta[r], xa[p], v[r]);
          tb[r] = MADD(tb[r], xb[p], v[r]);
        }
      }
      for (int r = 0; r < 4; r++) {
        y[i * ldy + j + r] = ta[r];
        y[(i + 1) * ldy + j + r] = tb[r];
      }
    }
    for (; i < m; i++) {
      const float *restrict xa = x + i * k;
      float a0[VW], a1[VW], a2[VW], a3[VW];
      LANES(l) a0[l] = a1[l] = a2[l] = a3[l] = 0.0f;
      CHUNK_LOOP
      for (int64_t p = 0; p < k_main; p += VW) {
        LANES(l) {
          const float va = xa[p + l];
          a0[l] = MADD(a0[l], va, w0[p + l]);
          a1[l] = MADD(a1[l], va, w1[p + l]);
          a2[l] = MADD(a2[l], va, w2[p + l]);
          a3[l] = MADD(a3[l], va, w3[p + l]);
        }
      }
      float ta[4] = {lane_sum(a0), lane_sum(a1), lane_sum(a2), lane_sum(a3)};
      for (int64_t p = k_main; p < k; p++) {
        ta[0] = MADD(ta[0], xa[p], w0[p]);
        ta[1] = MADD(ta[1], xa[p], w1[p]);
        ta[2] = MADD(ta[2], xa[p], w2[p]);
        ta[3] = MADD(ta[3], xa[p], w3[p]);
      }
      for (int r = 0; r < 4; r++) y[i * ldy + j + r] = ta[r];
    }
  }
  for (; j < n; j++) {
    const float *restrict wj = w + j * k;
    for (int64_t i = 0; i < m; i++) {
      const float *restrict xa = x + i * k;
      float a0[VW];
      LANES(l) a0[l] = 0.0f;
      CHUNK_LOOP
      for (int64_t p = 0; p < k_main; p += VW)
        LANES(l) a0[l] = MADD(a0[l], xa[p + l], wj[p + l]);
      float t = lane_sum(a0);
      for (int64_t p = k_main; p < k; p++) t = MADD(t, xa[p], wj[p]);
      y[i * ldy + j] = t;
    }
  }
}

/* linear's dot products in pieces of `per` columns (a multiple of 4), each finished (bias, residual, activation). */
#define GEMV_COLS 64 /* columns per piece at least, when there are threads */
typedef struct gemv_job {
  const float *x, *w, *bias, *res;
  float *y;
  const fxrt_epilogue *ep;
  int64_t m, k, n, per;
} gemv_job;

static void gemv_task(void *ctx, int64_t i, int32_t worker) {
  const gemv_job *J = (const gemv_job *)ctx;
  (void)worker;
  const int64_t j0 = i * J->per, nj = min64(J->per, J->n - j0);
  gemv_rows(J->x, J->m, J->k, J->w + j0 * J->k, nj, J->y + j0, J->n);
  finish(J->y + j0, J->n, 1, J->m, nj, J->bias ? J->bias + j0 : NULL, J->res ? J->res + j0 : NULL, J->n, J->ep);
}

/* ---- torch.nn.functional.linear ----------------------------------------------------------------------------- */

/* The checks the linears share: FXRT_EINVAL, or FXRT_OK with *done set when y is empty. */
static fxrt_status linear_check(const float *x, int64_t m, int64_t k, const float *w, int64_t n, const float *y,
                                const fxrt_epilogue *ep, bool *done) {
  int64_t mk, nk, mn;
  *done = false;
  if (m < 0 || k < 0 || n < 0 || m > SIZE_LIMIT || k > SIZE_LIMIT || n > SIZE_LIMIT) return FXRT_EINVAL;
  if (!mul_ok(m, k, &mk) || !mul_ok(n, k, &nk) || !mul_ok(m, n, &mn)) return FXRT_EINVAL;
  if (!epilogue_ok(ep)) return FXRT_EINVAL;
  if (mn == 0) {
    *done = true;
    return FXRT_OK;
  }
  return !y || (k > 0 && (!x || !w)) ? FXRT_EINVAL : FXRT_OK;
}

/* torch.nn.functional.linear(x, weight, bias): y[i, j] = sum_p x[i, p] * weight[j, p] + bias[j], then the
 * epilogue. */
fxrt_status fxrt_linear_f32(const float *x, int64_t m, int64_t k, const float *weight, int64_t n, const float *bias,
                            float *y, const fxrt_epilogue *ep, const fxrt_threadpool *threads) {
  bool done;
  const fxrt_status st = linear_check(x, m, k, weight, n, y, ep, &done);
  if (st != FXRT_OK || done) return st;
  const int64_t mn = m * n;
  const float *res = ep ? ep->residual : NULL;
  if (m < GEMV_MAX_M) { /* a few rows: dot products straight from the weight rows (no packing to amortise) */
    if (k == 0) { /* empty sums: the operands may be NULL, so no pointer arithmetic on them */
      for (int64_t i = 0; i < mn; i++) y[i] = 0.0f;
      finish(y, n, 1, m, n, bias, res, n, ep);
      return FXRT_OK;
    }
    gemv_job J = {x, weight, bias, res, y, ep, m, k, n, 0};
    J.per = par_piece(n, min64((n + GEMV_COLS - 1) / GEMV_COLS, 4 * (int64_t)par_threads(threads)), 4);
    par_run(threads, (n + J.per - 1) / J.per, gemv_task, &J);
    return FXRT_OK;
  }
  const matrix A = {x, k, 1}, B = {weight, 1, k}; /* B = weight^T */
  gemm(m, n, k, A, B, false, y, n, 1, bias, res, n, ep, threads);
  return FXRT_OK;
}

fxrt_status fxrt_linear_t_f32(const float *x, int64_t m, int64_t k, const float *weight_t, int64_t n, const float *bias,
                              float *y, const fxrt_epilogue *ep, const fxrt_threadpool *threads) {
  bool done;
  const fxrt_status st = linear_check(x, m, k, weight_t, n, y, ep, &done);
  if (st != FXRT_OK || done) return st;
  const matrix A = {x, k, 1}, B = {weight_t, n, 1};
  gemm(m, n, k, A, B, false, y, n, 1, bias, ep ? ep->residual : NULL, n, ep, threads);
  return FXRT_OK;
}

#if FXRT_LINEAR_PANEL % NR != 0
#error "the micro-kernel's panels must divide FXRT_LINEAR_PANEL"
#endif

#define PANEL FXRT_LINEAR_PANEL

/* dst[(j / PANEL)*kk*PANEL + p*PANEL + j % PANEL] = src[p*rs + j*cs] for p < kk, j < nn, zeros for the last panel's
 * columns past nn: a [kk, nn] matrix B in the panels that gemm(..., bpanels = true, ...) reads. */
static void pack_panels(const float *src, int64_t rs, int64_t cs, int64_t kk, int64_t nn, float *dst) {
  for (int64_t j0 = 0; j0 < nn; j0 += PANEL) {
    const int64_t w = min64(PANEL, nn - j0);
    float *panel = dst + j0 * kk;
    for (int64_t p = 0; p < kk; p++) {
      float *row = panel + p * PANEL;
      const float *in = src + p * rs + j0 * cs;
      for (int64_t j = 0; j < w; j++) row[j] = in[j * cs];
      for (int64_t j = w; j < PANEL; j++) row[j] = 0.0f;
    }
  }
}

int64_t fxrt_linear_packed_numel(int64_t n, int64_t k) {
  int64_t e;
  if (n < 0 || k < 0 || n > SIZE_LIMIT || k > SIZE_LIMIT) return 0;
  const int64_t np = (n + FXRT_LINEAR_PANEL - 1) / FXRT_LINEAR_PANEL * FXRT_LINEAR_PANEL;
  return mul_ok(np, k, &e) ? e : 0;
}

fxrt_status fxrt_linear_pack_f32(const float *weight, int64_t n, int64_t k, float *weight_p) {
  const int64_t numel = fxrt_linear_packed_numel(n, k);
  if (numel == 0 && n > 0 && k > 0) return FXRT_EINVAL;
  if (numel > 0 && (!weight || !weight_p)) return FXRT_EINVAL;
  if (numel > 0) pack_panels(weight, 1, k, k, n, weight_p); /* weight^T [k, n] */
  return FXRT_OK;
}

fxrt_status fxrt_linear_p_f32(const float *x, int64_t m, int64_t k, const float *weight_p, int64_t n, const float *bias,
                              float *y, const fxrt_epilogue *ep, const fxrt_threadpool *threads) {
  bool done;
  const fxrt_status st = linear_check(x, m, k, weight_p, n, y, ep, &done);
  if (st != FXRT_OK || done) return st;
  if (k > 0 && fxrt_linear_packed_numel(n, k) == 0) return FXRT_EINVAL;
  const matrix A = {x, k, 1}, B = {weight_p, FXRT_LINEAR_PANEL, 1};
  gemm(m, n, k, A, B, true, y, n, 1, bias, ep ? ep->residual : NULL, n, ep, threads);
  return FXRT_OK;
}

/* ---- torch.matmul ------------------------------------------------------------------------------------------- */

/* Whether every element of a view has an offset that fits in int64 (so index arithmetic cannot overflow). */
static bool view_ok(const fxrt_view *v) {
  if (v->offset <= -OFFSET_LIMIT || v->offset >= OFFSET_LIMIT) return false;
  int64_t reach = v->offset < 0 ? -v->offset : v->offset;
  for (int32_t d = 0; d < v->ndim; d++) {
    int64_t span;
    if (v->shape[d] == 0) continue;
    if (v->stride[d] <= -OFFSET_LIMIT || v->stride[d] >= OFFSET_LIMIT) return false;
    if (!mul_ok(v->shape[d] - 1, v->stride[d] < 0 ? -v->stride[d] : v->stride[d], &span)) return false;
    if (span > INT64_MAX - reach) return false;
    reach += span;
  }
  return true;
}

/* Product t of matmul's batch (batch dimensions in row-major order), with its panels on J->threads. */
typedef struct matmul_job {
  const float *a, *b;
  float *y;
  const fxrt_view *av, *bv, *yv;
  const fxrt_epilogue *ep;
  int64_t m, n, k;
  const fxrt_threadpool *threads;
} matmul_job;

static void matmul_task(void *ctx, int64_t t, int32_t worker) {
  const matmul_job *J = (const matmul_job *)ctx;
  const fxrt_view *av = J->av, *bv = J->bv, *yv = J->yv;
  const int32_t nd = yv->ndim;
  const int64_t m = J->m, n = J->n, k = J->k;
  const float *res = J->ep ? J->ep->residual : NULL;
  (void)worker;
  int64_t ao = av->offset, bo = bv->offset, yo = yv->offset, rest = t;
  for (int32_t d = nd - 3; d >= 0; d--) { /* t's batch index, last dimension fastest */
    const int64_t idx = rest % yv->shape[d];
    rest /= yv->shape[d];
    ao += av->shape[d] == 1 ? 0 : idx * av->stride[d];
    bo += bv->shape[d] == 1 ? 0 : idx * bv->stride[d];
    yo += idx * yv->stride[d];
  }
  const matrix A = {k > 0 ? J->a + ao : NULL, av->stride[nd - 2], av->stride[nd - 1]};
  const matrix B = {k > 0 ? J->b + bo : NULL, bv->stride[nd - 2], bv->stride[nd - 1]};
  gemm(m, n, k, A, B, false, J->y + yo, yv->stride[nd - 2], yv->stride[nd - 1], NULL, res ? res + t * m * n : NULL, n, J->ep,
       J->threads);
}

/* torch.matmul(a, b) for a [..., m, k], b [..., k, n] with batch dimensions broadcast to y's (a batch dimension of
 * size 1 also broadcasts), then the epilogue (its residual is a contiguous [..., m, n]). */
fxrt_status fxrt_matmul_f32(const float *a, const fxrt_view *av, const float *b, const fxrt_view *bv, float *y,
                            const fxrt_view *yv, const fxrt_epilogue *ep, const fxrt_threadpool *threads) {
  if (!av || !bv || !yv || !epilogue_ok(ep)) return FXRT_EINVAL;
  const int32_t nd = yv->ndim;
  if (nd < 2 || nd > FXRT_MAX_DIMS || av->ndim != nd || bv->ndim != nd) return FXRT_EINVAL;
  const int64_t m = yv->shape[nd - 2], n = yv->shape[nd - 1], k = av->shape[nd - 1];
  if (av->shape[nd - 2] != m || bv->shape[nd - 2] != k || bv->shape[nd - 1] != n) return FXRT_EINVAL;
  int64_t batch = 1, mn;
  for (int32_t d = 0; d < nd; d++) {
    if (av->shape[d] < 0 || bv->shape[d] < 0 || yv->shape[d] < 0) return FXRT_EINVAL;
    if (av->shape[d] > SIZE_LIMIT || bv->shape[d] > SIZE_LIMIT || yv->shape[d] > SIZE_LIMIT) return FXRT_EINVAL;
    if (d < nd - 2) {
      if ((av->shape[d] != yv->shape[d] && av->shape[d] != 1) || (bv->shape[d] != yv->shape[d] && bv->shape[d] != 1))
        return FXRT_EINVAL;
      if (!mul_ok(batch, yv->shape[d], &batch)) return FXRT_EINVAL;
    }
  }
  if (!view_ok(av) || !view_ok(bv) || !view_ok(yv)) return FXRT_EINVAL;
  if (!mul_ok(m, n, &mn) || !mul_ok(batch, mn, &mn)) return FXRT_EINVAL;
  if (mn == 0) return FXRT_OK;
  if (!y || (k > 0 && (!a || !b))) return FXRT_EINVAL;

  /* the products of the batch as pieces when there are enough of them, else each product's panels */
  matmul_job J = {a, b, y, av, bv, yv, ep, m, n, k, NULL};
  if (batch >= 2 * par_threads(threads) || par_threads(threads) == 1) {
    par_run(threads, batch, matmul_task, &J);
  } else {
    J.threads = threads;
    for (int64_t t = 0; t < batch; t++) matmul_task(&J, t, 0);
  }
  return FXRT_OK;
}

/* ---- attention ------------------------------------------------------------------------------------------------ */

#define ATT_ROWS FXRT_ATTENTION_ROWS /* query rows per block (a multiple of MR): their scores stay in cache */
#define ATT_ALIGN 64                 /* bytes: each worker's region starts on a cache line */

#if ATT_ROWS % MR != 0
#error "FXRT_ATTENTION_ROWS must be a multiple of the micro-kernel's rows"
#endif

/* One worker's region, in floats: k^T and v in panels (kp = ceil(s/PANEL)*PANEL*d, vp = ceil(d/PANEL)*PANEL*s) and
 * a block's scores (ATT_ROWS*s), each a multiple of 16 floats; false if it overflows. */
static bool att_region(int64_t s, int64_t d, int64_t *kp, int64_t *vp, int64_t *total) {
  int64_t sc;
  if (s < 0 || d < 0 || s > SIZE_LIMIT || d > SIZE_LIMIT) return false;
  if (!mul_ok((s + PANEL - 1) / PANEL * PANEL, d, kp) || !mul_ok((d + PANEL - 1) / PANEL * PANEL, s, vp) ||
      !mul_ok(ATT_ROWS, s, &sc))
    return false;
  *kp = (*kp + 15) / 16 * 16, *vp = (*vp + 15) / 16 * 16, sc = (sc + 15) / 16 * 16;
  *total = *kp + *vp + sc;
  return *total <= SIZE_LIMIT;
}

size_t fxrt_attention_workspace_size(int64_t l, int64_t s, int64_t d, int64_t workers) {
  int64_t kp, vp, region;
  (void)l;
  if (!att_region(s, d, &kp, &vp, &region)) return 0;
  if (workers < 1) workers = 1;
  if (workers > FXRT_WS_WORKERS) workers = FXRT_WS_WORKERS;
  return (size_t)workers * (size_t)region * sizeof(float) + ATT_ALIGN;
}

typedef struct att_job {
  const float *q, *k, *v;
  float *y, *ws0;
  const fxrt_view *qv, *kv, *vv, *yv;
  int64_t h, l, s, d, groups, kp, vp, region, items, pieces; /* groups: items per (batch, head), each of whole
                                                                    blocks of rows */
  float scale;
} att_job;

/* Item t: (batch, head) t / groups, its group t % groups of row blocks, in the region at kpan. */
static void att_item(const att_job *J, int64_t t, float *kpan) {
  const int64_t bh = t / J->groups, g = t % J->groups, b = bh / J->h, hd = bh % J->h, s = J->s, d = J->d;
  const fxrt_view *qv = J->qv, *kv = J->kv, *vv = J->vv, *yv = J->yv;
  const float *q = J->q + qv->offset + b * qv->stride[0] + hd * qv->stride[1];
  const float *k = J->k + kv->offset + b * kv->stride[0] + hd * kv->stride[1];
  const float *v = J->v + vv->offset + b * vv->stride[0] + hd * vv->stride[1];
  float *y = J->y + yv->offset + b * yv->stride[0] + hd * yv->stride[1];
  float *vpan = kpan + J->kp, *scores = vpan + J->vp;
  pack_panels(k, kv->stride[3], kv->stride[2], d, s, kpan); /* k^T [d, s] */
  pack_panels(v, vv->stride[2], vv->stride[3], s, d, vpan); /* v [s, d] */
  int64_t lo, hi;
  par_part(J->l, ATT_ROWS, J->groups, g, &lo, &hi);
  for (int64_t r0 = lo; r0 < hi; r0 += ATT_ROWS) {
    const int64_t rows = min64(ATT_ROWS, hi - r0);
    const matrix Q = {q + r0 * qv->stride[2], qv->stride[2], qv->stride[3]}, K = {kpan, PANEL, 1};
    gemm(rows, s, d, Q, K, true, scores, s, 1, NULL, NULL, 0, NULL, NULL);
    for (int64_t i = 0; i < rows; i++) {
      float *row = scores + i * s;
      int64_t j = 0;
      CHUNK_LOOP
      for (; j + VW <= s; j += VW)
        LANES(c) row[j + c] *= J->scale;
      for (; j < s; j++) row[j] *= J->scale;
      softmax_row_store(row, s, softmax_row_max(row, s), row);
    }
    const matrix P = {scores, s, 1}, V = {vpan, PANEL, 1};
    gemm(rows, d, s, P, V, true, y + r0 * yv->stride[2], yv->stride[2], yv->stride[3], NULL, NULL, 0, NULL, NULL);
  }
}

/* Piece i of J->pieces: items i, i + pieces, ... in region i (the pieces, not the pool's workers, own the regions,
 * so that a pool with more threads than the workspace has regions uses as many as it has). */
static void att_task(void *ctx, int64_t i, int32_t worker) {
  const att_job *J = (const att_job *)ctx;
  (void)worker;
  for (int64_t t = i; t < J->items; t += J->pieces) att_item(J, t, J->ws0 + i * J->region);
}

fxrt_status fxrt_attention_f32(const float *q, const fxrt_view *qv, const float *k, const fxrt_view *kv, const float *v,
                               const fxrt_view *vv, float *y, const fxrt_view *yv, float scale, void *ws,
                               size_t ws_bytes, const fxrt_threadpool *threads) {
  if (!qv || !kv || !vv || !yv || qv->ndim != 4 || kv->ndim != 4 || vv->ndim != 4 || yv->ndim != 4) return FXRT_EINVAL;
  const int64_t B = qv->shape[0], H = qv->shape[1], L = qv->shape[2], D = qv->shape[3], S = kv->shape[2];
  for (int32_t i = 0; i < 4; i++) {
    const int64_t want_k = i == 2 ? S : qv->shape[i];
    if (qv->shape[i] < 0 || qv->shape[i] > SIZE_LIMIT || kv->shape[i] != want_k || vv->shape[i] != want_k ||
        yv->shape[i] != qv->shape[i])
      return FXRT_EINVAL;
  }
  if (!view_ok(qv) || !view_ok(kv) || !view_ok(vv) || !view_ok(yv)) return FXRT_EINVAL;
  int64_t bh, rows, kp, vp, region;
  if (!mul_ok(B, H, &bh) || !mul_ok(bh, L, &rows) || !att_region(S, D, &kp, &vp, &region)) return FXRT_EINVAL;
  if (rows == 0 || D == 0) return FXRT_OK; /* nothing to write */
  if (!q || !k || !v || !y) return FXRT_EINVAL;
  if (S == 0) return FXRT_EINVAL; /* no keys: not self-attention's case (it has as many keys as queries) */
  if (!ws || ws_bytes < (size_t)region * sizeof(float) + ATT_ALIGN) return FXRT_EWORKSPACE;
  const int64_t regions = (int64_t)((ws_bytes - ATT_ALIGN) / ((size_t)region * sizeof(float)));
  const int64_t pieces = min64(par_threads(threads), regions), blocks = (L + ATT_ROWS - 1) / ATT_ROWS;
  int64_t groups = 1; /* blocks of rows apart when there are fewer (batch, head) pairs than twice the pieces */
  if (pieces > 1 && bh < 2 * pieces) groups = min64(blocks, (2 * pieces + bh - 1) / bh);
  att_job J = {q, k, v, y, NULL, qv, kv, vv, yv, H, L, S, D, groups, kp, vp, region, bh * groups, 0, scale};
  J.pieces = min64(pieces, J.items);
  J.ws0 = (float *)(void *)(((uintptr_t)ws + (ATT_ALIGN - 1)) & ~(uintptr_t)(ATT_ALIGN - 1));
  par_run(threads, J.pieces, att_task, &J);
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_linear_f32
#undef fxrt_linear_t_f32
#undef fxrt_linear_p_f32
FXRT_DISPATCHER(fxrt_status, fxrt_linear_p_f32,
                (const float *x, int64_t m, int64_t k, const float *weight_p, int64_t n, const float *bias, float *y,
                 const fxrt_epilogue *ep, const fxrt_threadpool *threads),
                (x, m, k, weight_p, n, bias, y, ep, threads))
#undef fxrt_matmul_f32
FXRT_DISPATCHER(fxrt_status, fxrt_linear_t_f32,
                (const float *x, int64_t m, int64_t k, const float *weight_t, int64_t n, const float *bias, float *y,
                 const fxrt_epilogue *ep, const fxrt_threadpool *threads),
                (x, m, k, weight_t, n, bias, y, ep, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_linear_f32,
                (const float *x, int64_t m, int64_t k, const float *weight, int64_t n, const float *bias, float *y,
                 const fxrt_epilogue *ep, const fxrt_threadpool *threads),
                (x, m, k, weight, n, bias, y, ep, threads))
#undef fxrt_attention_f32
FXRT_DISPATCHER(fxrt_status, fxrt_attention_f32,
                (const float *q, const fxrt_view *qv, const float *k, const fxrt_view *kv, const float *v,
                 const fxrt_view *vv, float *y, const fxrt_view *yv, float scale, void *ws, size_t ws_bytes,
                 const fxrt_threadpool *threads),
                (q, qv, k, kv, v, vv, y, yv, scale, ws, ws_bytes, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_matmul_f32,
                (const float *a, const fxrt_view *av, const float *b, const fxrt_view *bv, float *y,
                 const fxrt_view *yv, const fxrt_epilogue *ep, const fxrt_threadpool *threads),
                (a, av, b, bv, y, yv, ep, threads))
