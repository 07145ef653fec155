/* fxrt_conv.c: 2-D and 3-D convolution (torch.nn.functional.conv2d, conv_transpose2d, conv3d, conv_transpose3d).
 *
 * conv3d is a sum of conv2d calls, one per depth tap of the kernel, on input depth slices gathered into the
 * workspace (fxrt_conv3d_f32); conv_transpose3d is a direct loop as conv_transpose2d.
 *
 * conv2d computes y[k, oh*ow] = W[k, c/groups*kh*kw] X[c/groups*kh*kw, oh*ow] per image and group, X being the im2col
 * matrix X[(ci, i, j), (oy, ox)] = x[ci, oy*sh - ph + i*dh, ox*sw - pw + j*dw] (0 outside the input), by one of three
 * routes:
 *   - Direct, for one input channel per group (depthwise, also with a channel multiplier) and for stride-1 groups too
 *     small for the GEMM's tiles. Depthwise with strides 1 and 2 (dw_plane_phased): block by block of output rows, the
 *     input rows split into their stride phases with the padding as zeros (on the stack), and every output of the
 *     block summed in whole vectors at the phases' row pitch. Otherwise each output row accumulates kh*kw shifted
 *     input rows, vectorized along the row (for stride 1 and rows of equal length, along the whole flattened plane;
 *     for stride 2, along the even and odd columns of each input row). No workspace.
 *   - GEMM reading x in place, for 1x1 convolutions with stride 1 and no padding (X is x, [c, h*w] row-major). No
 *     workspace. One pixel in and one out (the fc layers of squeeze-and-excitation) is linear on x [n, c]
 *     (fxrt_linear_f32's dot products): a one-column GEMM used one lane of the micro-kernel's 2*VW and padded every
 *     panel, 1152 -> 48 channels took 55 us where the dot products take 2.
 *   - GEMM on X built block by block (KC rows x NC columns) in the workspace, already packed in NR-column panels,
 *     one panel at a time (pack_panel).
 * The GEMM is cache-blocked (KC deep, MC rows of W, NC columns) around fxrt_gemm.h's register-blocked MR x NR
 * micro-kernel in plain C that the compiler vectorizes: per step p of the reduction it broadcasts MR weights and
 * multiplies them with NR contiguous values of X's row p, accumulating in 2*MR vector registers. Sums run over
 * (ci, i, j) in order, in f32 (fused multiply-adds where the target has them). Bias, residual and activation are
 * applied to each finished tile while it is in cache. Loops over runtime lengths are written in chunks of VW with a
 * constant inner trip count, the form that GCC's -O2 vectorizer accepts.
 */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_conv2d_workspace_size FXRT_ISA_COPY(fxrt_conv2d_workspace_size)
#define fxrt_conv2d_f32 FXRT_ISA_NAME(fxrt_conv2d_f32)
#define fxrt_conv_transpose2d_f32 FXRT_ISA_NAME(fxrt_conv_transpose2d_f32)
#define fxrt_conv3d_workspace_size FXRT_ISA_COPY(fxrt_conv3d_workspace_size)
#define fxrt_conv3d_f32 FXRT_ISA_NAME(fxrt_conv3d_f32)
#define fxrt_conv_transpose3d_f32 FXRT_ISA_NAME(fxrt_conv_transpose3d_f32)
#include "fxrt.h"
#include "fxrt_check.h"
#include "fxrt_gemm.h"
#include "fxrt_par.h"

#include <math.h>
#include <string.h>

/* ---- tuning (shared with the other GEMM kernels: fxrt_gemm.h) --------------------------------------------------- */

#define NC 256          /* columns of an im2col block (a multiple of NR) */
#define MC (MR * 16)    /* rows of W per block */

/* ---- helpers ------------------------------------------------------------------------------------------------ */

/* The indices t in [0, n) with 0 <= t*s + off < lim (s >= 1) form [*lo, *hi). */
static void valid_range(int64_t s, int64_t off, int64_t lim, int64_t n, int64_t *lo, int64_t *hi) {
  int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
  int64_t h = lim - 1 - off < 0 ? 0 : (lim - 1 - off) / s + 1;
  if (h > n) h = n;
  if (l > h) l = h;
  *lo = l;
  *hi = h;
}

/* Finishes rows x cols outputs at c (row stride ldc): + row_bias[i], + res (same layout as c), activation; in
 * chunks of VW, for the vectorizer. */
static void finish(float *c, int64_t ldc, int64_t rows, int64_t cols, const float *row_bias, const float *res,
                   const fxrt_epilogue *ep) {
  for (int64_t i = 0; i < rows; i++) {
    float *restrict ci = c + i * ldc;
    const float b = row_bias ? row_bias[i] : 0.0f;
    int64_t j = 0;
    if (res) {
      const float *restrict ri = res + i * ldc;
      CHUNK_LOOP
      for (; j + VW <= cols; j += VW)
        LANES(l) ci[j + l] = ci[j + l] + b + ri[j + l];
      for (; j < cols; j++) ci[j] = ci[j] + b + ri[j];
    } else if (row_bias) {
      CHUNK_LOOP
      for (; j + VW <= cols; j += VW)
        LANES(l) ci[j + l] += b;
      for (; j < cols; j++) ci[j] += b;
    }
  }
  if (ep) act_rows(c, ldc, rows, cols, ep);
}

/* ---- argument checks ---------------------------------------------------------------------------------------- */

/* Output size of one spatial dimension, or -1 when the input is too small. */
static int64_t conv_out(int64_t in, int64_t kernel, int64_t stride, int64_t pad, int64_t pad_end, int64_t dil) {
  const int64_t span = in + pad + pad_end - dil * (kernel - 1) - 1;
  return span < 0 ? -1 : span / stride + 1;
}

/* Shapes and parameters as torch.nn.functional.conv2d accepts them, oh/ow as the header's formula gives them, and
 * every tensor's element count within int64. */
static bool conv_shape_ok(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t kh, int64_t kw, int64_t oh,
                          int64_t ow, const fxrt_conv2d_params *p) {
  int64_t t;
  if (!p || !conv_params_ok(p)) return false;
  if (!in_range(n, 0) || !in_range(c, 1) || !in_range(h, 1) || !in_range(w, 1) || !in_range(k, 1) || !in_range(kh, 1) ||
      !in_range(kw, 1))
    return false;
  if (c % p->groups || k % p->groups) return false;
  if (oh != conv_out(h, kh, p->stride[0], p->padding[0], p->padding[0] + p->pad_extra[0], p->dilation[0]) ||
      ow != conv_out(w, kw, p->stride[1], p->padding[1], p->padding[1] + p->pad_extra[1], p->dilation[1]))
    return false;
  return mul_ok(h, w, &t) && mul_ok(t, c, &t) && mul_ok(t, n, &t) && mul_ok(oh, ow, &t) && mul_ok(t, k, &t) &&
         mul_ok(t, n, &t) && mul_ok(kh, kw, &t) && mul_ok(t, c, &t) && mul_ok(t, k, &t);
}

enum conv_route { ROUTE_DIRECT, ROUTE_GEMM_DIRECT, ROUTE_GEMM_IM2COL };

#ifndef FXRT_CONV_DIRECT_CG
#define FXRT_CONV_DIRECT_CG 4 /* grouped convolutions with at most this many channels per group go direct */
#endif

/* Direct for depthwise convolutions, and for stride-1 grouped ones whose groups are too small for the GEMM's tiles
 * (measured: ResNeXt's 4 channels per group run 1.2x-3x faster direct); then GEMM on x in place for 1x1 stride 1
 * without padding; else GEMM on im2col blocks. */
static enum conv_route conv_route_of(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  const int64_t cg = c / p->groups, kg = k / p->groups;
  if (cg == 1) return ROUTE_DIRECT;
  if (kg < MR && cg <= FXRT_CONV_DIRECT_CG && kh * kw > 1 && p->stride[0] == 1 && p->stride[1] == 1)
    return ROUTE_DIRECT;
  if (kh == 1 && kw == 1 && p->stride[0] == 1 && p->stride[1] == 1 && p->padding[0] == 0 && p->padding[1] == 0 &&
      p->pad_extra[0] == 0 && p->pad_extra[1] == 0)
    return ROUTE_GEMM_DIRECT;
  return ROUTE_GEMM_IM2COL;
}

#define WS_ALIGN 64

/* The columns of im2col panels that the workspace holds (each KC rows deep, or kd when it is less): the columns
 * rounded up to 32 (the widest NR, AVX-512's) rather than to this build's NR, at most NC. The size must not depend
 * on the instruction set, because fx2c plans workspaces with its own build of the runtime. */
static int64_t ws_columns(int64_t cols) { return min64((cols + 31) / 32 * 32, NC); }

size_t fxrt_conv2d_workspace_size(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t kh, int64_t kw,
                                  int64_t oh, int64_t ow, const fxrt_conv2d_params *p) {
  if (!conv_shape_ok(n, c, h, w, k, kh, kw, oh, ow, p)) return 0; /* the convolution itself will refuse */
  if (conv_route_of(c, k, kh, kw, p) != ROUTE_GEMM_IM2COL) return 0;
  const int64_t kd = c / p->groups * kh * kw;
  return (size_t)(min64(kd, KC) * ws_columns(oh * ow)) * sizeof(float) + WS_ALIGN;
}

/* ---- the micro-kernel (fxrt_gemm.h) ------------------------------------------------------------------------ */

/* c[r*ldc + j] (+)= sum_{p < kc} a[r*lda + p] * b[p*ldb + j] for r < MR, j < NR; then te's epilogue, if te is set. */
static void micro_kernel(int64_t kc, const float *restrict a, int64_t lda, const float *restrict b, int64_t ldb,
                         float *restrict c, int64_t ldc, bool accumulate, const tile_ep *te) {
  gemm_micro(2, kc, 0, a, lda, 1, b, b + VW, ldb, c, ldc, accumulate, te);
}

/* The same for the first VW columns only (c[r*ldc + j], j < VW): for a last panel of at most VW columns. */
static void micro_kernel_half(int64_t kc, const float *restrict a, int64_t lda, const float *restrict b, int64_t ldb,
                              float *restrict c, int64_t ldc, bool accumulate, const tile_ep *te) {
  gemm_micro(1, kc, 0, a, lda, 1, b, b, ldb, c, ldc, accumulate, te);
}

/* ---- im2col ------------------------------------------------------------------------------------------------- */

typedef struct conv_geom {
  int64_t h, w, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw;
} conv_geom;

#define PACK_TAPS 32 /* kernel columns whose valid output columns pack_panel computes once per panel */

#define PACK_SPAN 256 /* input columns of one phase that pack_s2 splits at a time */

/* pack_panel for column stride 2, when each segment's input columns (for every kernel column) span at most
 * 2*PACK_SPAN: segment by segment, each input row a segment reads is split into its even and odd columns once (for
 * all kw taps of a kernel row, instead of once per tap), and each tap copies from one of them with stride 1. The
 * rows start at input channel ci0, kernel row i0, kernel column j0. False (nothing written) when a span is wider. */
static bool pack_s2(const float *x, const conv_geom *g, int64_t kc, const int64_t *seg_q, const int64_t *seg_oy,
                    const int64_t *seg_ox, const int64_t *seg_len, int64_t nseg, const int64_t *lo, const int64_t *hi,
                    int64_t ci0, int64_t i0, int64_t j0, float *restrict ws) {
  int64_t cs[NR], cn[NR]; /* each segment's first input column (even) and the number of columns from it */
  for (int64_t s = 0; s < nseg; s++) {
    const int64_t c_lo = max64(0, 2 * seg_ox[s] - g->pw);
    const int64_t c_hi = min64(g->w - 1, 2 * (seg_ox[s] + seg_len[s] - 1) - g->pw + (g->kw - 1) * g->dw);
    cs[s] = c_lo & ~(int64_t)1;
    cn[s] = c_hi - cs[s] + 1;
    if (cn[s] > 2 * PACK_SPAN) return false;
  }
  float ph[2][PACK_SPAN]; /* the span's even and odd columns */
  for (int64_t pp = 0; pp < kc; pp++) {
    LANES(l) ws[pp * NR + l] = 0.0f;
    LANES(l) ws[pp * NR + VW + l] = 0.0f;
  }
  for (int64_t s = 0; s < nseg; s++) {
    int64_t ci = ci0, i = i0, j = j0, split_ci = -1, split_i = -1; /* the row in ph */
    for (int64_t pp = 0; pp < kc; pp++) {
      const int64_t iy = seg_oy[s] * g->sh - g->ph + i * g->dh;
      const int64_t a = max64(seg_ox[s], lo[j]), b = min64(seg_ox[s] + seg_len[s], hi[j]); /* [a, b): inside */
      if (iy >= 0 && iy < g->h && a < b && cn[s] > 0) {
        if (ci != split_ci || i != split_i) {
          deinterleave(ph[0], ph[1], x + (ci * g->h + iy) * g->w + cs[s], cn[s]);
          split_ci = ci, split_i = i;
        }
        /* output column a reads input column 2a + offx = cs + 2t + parity: phase parity, column t */
        const int64_t offx = j * g->dw - g->pw, par = offx & 1, t = (2 * a + offx - cs[s] - par) / 2;
        copy_row(ws + pp * NR + seg_q[s] + a - seg_ox[s], ph[par] + t, b - a);
      }
      if (++j == g->kw) {
        j = 0;
        if (++i == g->kh) i = 0, ci++;
      }
    }
  }
  return true;
}

/* Packs rows [pc, pc+kc) x columns [jc, jc+nc) (nc <= NR: one panel) of one image-group's im2col matrix into a
 * panel of kc rows: element (p, q) goes to ws[(p-pc)*NR + (q-jc)]; the columns from nc to NR are zeros. The
 * panel's columns are output pixels in one or more output rows (segments); each im2col row copies, per segment,
 * the inside of one input row (with stride sw), the rest being the padding's zeros. */
static void pack_panel(const float *x, const conv_geom *g, int64_t pc, int64_t kc, int64_t jc, int64_t nc,
                       float *restrict ws) {
  const int64_t taps = g->kh * g->kw;
  int64_t seg_q[NR], seg_oy[NR], seg_ox[NR], seg_len[NR], nseg = 0; /* each segment has a column at least */
  for (int64_t q = 0, oy = jc / g->ow, ox = jc % g->ow; q < nc; q += seg_len[nseg++], oy++, ox = 0) {
    seg_q[nseg] = q, seg_oy[nseg] = oy, seg_ox[nseg] = ox, seg_len[nseg] = min64(g->ow - ox, nc - q);
  }
  int64_t lo[PACK_TAPS], hi[PACK_TAPS]; /* the output columns whose input column for tap column j is inside */
  const bool cached = g->kw <= PACK_TAPS;
  for (int64_t j = 0; cached && j < g->kw; j++) valid_range(g->sw, j * g->dw - g->pw, g->w, g->ow, &lo[j], &hi[j]);
  /* row pc + pp of the im2col matrix is tap (i, j) of input channel ci: counted, not divided, row by row */
  const int64_t ci0 = pc / taps, i0 = pc % taps / g->kw, j0 = pc % g->kw;
  if (g->sw == 2 && cached && pack_s2(x, g, kc, seg_q, seg_oy, seg_ox, seg_len, nseg, lo, hi, ci0, i0, j0, ws)) return;
  float junk[NR]; /* the odd columns of a stride-2 copy */
  int64_t ci = ci0, i = i0, j = j0;
  for (int64_t pp = 0; pp < kc; pp++) {
    float *restrict row = ws + pp * NR;
    LANES(l) row[l] = 0.0f;
    LANES(l) row[VW + l] = 0.0f;
    const float *xc = x + ci * g->h * g->w;
    const int64_t offx = j * g->dw - g->pw; /* ix = ox*sw + offx */
    int64_t lj, hj;
    if (cached)
      lj = lo[j], hj = hi[j];
    else
      valid_range(g->sw, offx, g->w, g->ow, &lj, &hj);
    for (int64_t s = 0; s < nseg; s++) {
      const int64_t iy = seg_oy[s] * g->sh - g->ph + i * g->dh;
      if (iy < 0 || iy >= g->h) continue;
      const int64_t a = max64(seg_ox[s], lj), b = min64(seg_ox[s] + seg_len[s], hj); /* [a, b): inside */
      if (a >= b) continue;
      float *restrict d = row + seg_q[s] + a - seg_ox[s];
      const float *src = xc + iy * g->w + a * g->sw + offx;
      if (g->sw == 1)
        copy_row(d, src, b - a);
      else if (g->sw == 2) /* the even columns of 2(b - a) - 1 input columns (none past the last one read) */
        deinterleave(d, junk, src, 2 * (b - a) - 1);
      else
        for (int64_t e = 0; e < b - a; e++) d[e] = src[e * g->sw];
    }
    if (++j == g->kw) {
      j = 0;
      if (++i == g->kh) i = 0, ci++;
    }
  }
}

/* ---- GEMM routes -------------------------------------------------------------------------------------------- */

/* y[m, cols] = W[m, kd] X[kd, cols] + bias, + residual, activation, for one image and group. X is x itself
 * ([kd, cols], im2col false) or the im2col matrix of x (built in ws). Block by block of NC columns and KC rows of X:
 * the block's panels are packed (one piece per panel), then its products computed (one piece per group of rows of W
 * and panel of X), each piece on the pool's threads. */
typedef struct gemm_job {
  const float *x, *wt, *bias, *res;
  const conv_geom *g;
  const fxrt_epilogue *ep;
  float *y, *ws;
  bool im2col, first, last;
  int64_t m, kd, cols, jc, nc, pc, kc, rg, npanels; /* rg: rows of W per piece (a multiple of MR) */
  int64_t pg;                                        /* gemm_task: panels per piece */
  int64_t pp;                                        /* panel_task: panels per piece */
  int64_t span;                                      /* inplace_task: columns per piece (a multiple of NR) */
} gemm_job;

static void pack_task(void *ctx, int64_t i, int32_t worker) {
  const gemm_job *J = (const gemm_job *)ctx;
  (void)worker;
  pack_panel(J->x, J->g, J->pc, J->kc, J->jc + i * NR, min64(NR, J->nc - i * NR), J->ws + i * J->kc * NR);
}

/* Rows [ic, mc_end) of W times the panels at columns [jr0, jr1) of the block (jr0 a multiple of NR), tile row by
 * tile row (each row of tiles across the panels, so that the stores go to MR rows of y at a time, in runs of
 * jr1 - jr0 columns: a tile order down the rows had MR * (rows) rows of y written 32 columns at a time, which the
 * memory side follows badly once y is larger than the cache: 16 -> 96 channels 1x1 at 112x112 ran 2x slower in
 * a model than alone). The im2col panels are at packed, one after the other (kc*NR floats each). */
static void gemm_rows(const gemm_job *J, int64_t ic, int64_t mc_end, int64_t jr0, int64_t jr1, const float *packed) {
  float bbuf[KC * NR]; /* the last, partial panel of X when it is read in place */
  float abuf[MR * KC]; /* W's last rows when m is not a multiple of MR, zero-padded */
  float tile[MR * NR]; /* an edge tile */
  const int64_t cols = J->cols, m = J->m, kd = J->kd, jc = J->jc, pc = J->pc, kc = J->kc, m_full = m - m % MR;
  const float *bias = J->bias, *res = J->res, *x = J->x, *wt = J->wt;
  const fxrt_epilogue *ep = J->ep;
  const bool first = J->first, last = J->last;
  if (mc_end > m_full) { /* the rows and columns the micro-kernel reads: W's last rows, then zeros up to MR */
    for (int64_t r = 0; r < MR; r++) {
      if (m_full + r < m)
        memcpy(abuf + r * KC, wt + (m_full + r) * kd + pc, (size_t)kc * sizeof(float));
      else
        memset(abuf + r * KC, 0, (size_t)kc * sizeof(float));
    }
  }
  const int64_t jl = jr0 + (jr1 - jr0 - 1) / NR * NR, nl = min64(NR, J->nc - jl); /* the last panel */
  if (!J->im2col && nl < NR) gemm_pack_rows(bbuf, x + pc * cols + jc + jl, cols, kc, nl);
  for (int64_t ir = ic; ir < mc_end; ir += MR) {
    const int64_t mr = min64(MR, m - ir);
    const float *at = mr == MR ? wt + ir * kd + pc : abuf;
    const int64_t lda = mr == MR ? kd : KC;
    for (int64_t jr = jr0; jr < jr1; jr += NR) {
      const int64_t nr = min64(NR, J->nc - jr);
      const float *bp;
      int64_t ldb;
      if (J->im2col) {
        bp = packed + (jr - jr0) / NR * kc * NR;
        ldb = NR;
      } else if (nr == NR) {
        bp = x + pc * cols + jc + jr;
        ldb = cols;
      } else {
        bp = bbuf;
        ldb = NR;
      }
      float *ct = J->y + ir * cols + jc + jr;
      const float *rt = res ? res + ir * cols + jc + jr : NULL;
      if (mr == MR && (nr == NR || nr == VW)) { /* a whole tile: the epilogue as it is stored, if it can */
        tile_ep te = {bias ? bias + ir : NULL, rt, cols, 0.0f, 0.0f, false};
        const bool in_kernel = last && tile_ep_for(ep, &te);
        if (nr == NR)
          micro_kernel(kc, at, lda, bp, ldb, ct, cols, !first, in_kernel ? &te : NULL);
        else
          micro_kernel_half(kc, at, lda, bp, ldb, ct, cols, !first, in_kernel ? &te : NULL);
        if (last && !in_kernel) finish(ct, cols, mr, nr, bias ? bias + ir : NULL, rt, ep);
      } else {
        if (nr <= VW)
          micro_kernel_half(kc, at, lda, bp, ldb, tile, NR, false, NULL);
        else
          micro_kernel(kc, at, lda, bp, ldb, tile, NR, false, NULL);
        gemm_store_edge(tile, mr, nr, ct, cols, 1, first);
        if (last) finish(ct, cols, mr, nr, bias ? bias + ir : NULL, rt, ep);
      }
    }
  }
}

/* Two phases per block of KC rows (few panels: the rows are cut too): piece i of the second is rows
 * [i / groups * rg, + rg) of W times panels [i % groups * pg, + pg), packed by the first. */
static void gemm_task(void *ctx, int64_t i, int32_t worker) {
  const gemm_job *J = (const gemm_job *)ctx;
  (void)worker;
  const int64_t groups = (J->npanels + J->pg - 1) / J->pg, ic = i / groups * J->rg, p0 = i % groups * J->pg;
  gemm_rows(J, ic, min64(ic + J->rg, J->m), p0 * NR, min64((p0 + J->pg) * NR, J->nc),
            J->ws ? J->ws + p0 * J->kc * NR : NULL);
}

/* One phase for all the columns (many panels): piece i is panels [i*pp, (i+1)*pp) of the whole matrix, contiguous
 * columns, so that each thread streams through its own part of x and y (pieces of one panel, handed out in turn,
 * had the two threads' accesses interleaved: 16 -> 96 channels 1x1 on 112x112 ran 1.7x slower on two threads than
 * on one). pg panels at a time are packed, KC rows at a time, in the worker's share of the workspace, and all of W
 * multiplied by them (gemm_rows), so that the panels and their outputs stay with the thread that has them in cache. */
static void panel_task(void *ctx, int64_t i, int32_t worker) {
  gemm_job J = *(const gemm_job *)ctx;
  float *slot = J.ws + worker * J.pg * min64(J.kd, KC) * NR; /* the workspace has min(kd, KC) rows per panel */
  const int64_t panels = (J.nc + NR - 1) / NR, end = min64((i + 1) * J.pp, panels);
  for (int64_t pn = i * J.pp; pn < end; pn += J.pg) {
    const int64_t np = min64(J.pg, end - pn);
    for (J.pc = 0; J.pc < J.kd; J.pc += KC) {
      J.kc = min64(KC, J.kd - J.pc);
      J.first = J.pc == 0, J.last = J.pc + J.kc == J.kd;
      for (int64_t q = 0; q < np; q++)
        pack_panel(J.x, J.g, J.pc, J.kc, (pn + q) * NR, min64(NR, J.nc - (pn + q) * NR), slot + q * J.kc * NR);
      gemm_rows(&J, 0, J.m, pn * NR, min64((pn + np) * NR, J.nc), slot);
    }
  }
}

/* X read in place (1x1, stride 1, no padding): piece i is rows [i / spans * rg, + rg) of W times columns
 * [i % spans * span, + span) of X, KC rows of X at a time, tile row by tile row (gemm_rows). A span's KC rows of X
 * (about 256 KiB) stay in the cache while every row of W passes over them. */
static void inplace_task(void *ctx, int64_t i, int32_t worker) {
  gemm_job J = *(const gemm_job *)ctx;
  (void)worker;
  const int64_t spans = (J.cols + J.span - 1) / J.span, ic = i / spans * J.rg;
  J.jc = i % spans * J.span, J.nc = min64(J.span, J.cols - J.jc);
  for (J.pc = 0; J.pc < J.kd; J.pc += KC) {
    J.kc = min64(KC, J.kd - J.pc);
    J.first = J.pc == 0, J.last = J.pc + J.kc == J.kd;
    gemm_rows(&J, ic, min64(ic + J.rg, J.m), 0, J.nc, NULL);
  }
}

static void conv_gemm(const float *x, const conv_geom *g, const float *wt, int64_t m, int64_t kd, const float *bias,
                      float *y, const float *res, const fxrt_epilogue *ep, bool im2col, float *ws,
                      const fxrt_threadpool *threads) {
  gemm_job J = {x, wt, bias, res, g, ep, y, ws, im2col, false, false, m, kd, g->oh * g->ow, 0, 0, 0, 0, MC, 0, 0, 0, 0};
  const int64_t nthreads = par_threads(threads), panels = (J.cols + NR - 1) / NR;
  const int64_t ws_panels = ws_columns(J.cols) / NR; /* the workspace's panels, shared out in panel_task */
  if (!im2col) { /* spans of columns whose KC rows of X take about 256 KiB; rows of W cut until there are pieces */
    J.span = max64(NR, 65536 / min64(kd, KC) / NR * NR);
    const int64_t spans = (J.cols + J.span - 1) / J.span;
    J.rg = (m + MR - 1) / MR * MR;
    while (J.rg > MR && (m + J.rg - 1) / J.rg * spans < 4 * nthreads) J.rg = (J.rg / 2 + MR - 1) / MR * MR;
    par_run(threads, (m + J.rg - 1) / J.rg * spans, inplace_task, &J);
    return;
  }
  if (nthreads > 1 && panels >= 2 * nthreads && nthreads <= ws_panels) {
    J.jc = 0, J.nc = J.cols;
    J.pp = par_piece(panels, 4 * nthreads, 1);
    J.pg = ws_panels / nthreads; /* panels per worker in the workspace */
    par_run(threads, (panels + J.pp - 1) / J.pp, panel_task, &J);
    return;
  }
  for (J.jc = 0; J.jc < J.cols; J.jc += NC) {
    J.nc = min64(NC, J.cols - J.jc);
    J.npanels = (J.nc + NR - 1) / NR;
    /* on one thread, all the block's panels per piece (gemm_rows: stores in runs of the block's columns); on more,
     * one, and rows per piece MC or fewer (whole tiles) until each thread has a few pieces */
    J.pg = nthreads > 1 ? 1 : J.npanels;
    J.rg = MC;
    while (J.rg > MR && (m + J.rg - 1) / J.rg * J.npanels < 4 * nthreads) J.rg = (J.rg / 2 + MR - 1) / MR * MR;
    for (J.pc = 0; J.pc < kd; J.pc += KC) {
      J.kc = min64(KC, kd - J.pc);
      J.first = J.pc == 0, J.last = J.pc + J.kc == kd;
      if (im2col) par_run(threads, J.npanels, pack_task, &J);
      par_run(threads, (m + J.rg - 1) / J.rg * ((J.npanels + J.pg - 1) / J.pg), gemm_task, &J);
    }
  }
}

/* ---- direct route ------------------------------------------------------------------------------------------- */

#define DW_TAPS 16 /* kernels up to this wide get their column ranges computed once per plane */

/* y[e] += w * x[e*s] for e < n, in chunks of VW for the vectorizer. */
static void tap_row(float *restrict y, const float *restrict x, float w, int64_t n, int64_t s) {
  int64_t e = 0;
  if (s == 1) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] = MADD(y[e + l], w, x[e + l]);
  } else if (s == 2) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] = MADD(y[e + l], w, x[2 * (e + l)]);
  }
  for (; e < n; e++) y[e] = MADD(y[e], w, x[e * s]);
}

/* y[e] += w0*x[e*s] + w1*x[e*s + d] + w2*x[e*s + 2d] for e < n: three taps of a kernel row in one pass. */
static void taps3_row(float *restrict y, const float *restrict x, const float *restrict w, int64_t d, int64_t n,
                      int64_t s) {
  const float w0 = w[0], w1 = w[1], w2 = w[2];
  const float *restrict x1 = x + d, *restrict x2 = x + 2 * d;
  int64_t e = 0;
  if (s == 1) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] = MADD(MADD(MADD(y[e + l], w0, x[e + l]), w1, x1[e + l]), w2, x2[e + l]);
  } else if (s == 2) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) {
        const int64_t t = 2 * (e + l);
        y[e + l] = MADD(MADD(MADD(y[e + l], w0, x[t]), w1, x1[t]), w2, x2[t]);
      }
  }
  for (; e < n; e++) y[e] = MADD(MADD(MADD(y[e], w0, x[e * s]), w1, x1[e * s]), w2, x2[e * s]);
}

/* y[e] += sum_{j < kw} w[j] * x[e*s + j*d] for e < n: the taps of a kernel row, three per pass over the row (for
 * the columns where every tap is inside the input). */
static void taps_row(float *restrict y, const float *restrict x, const float *restrict w, int64_t kw, int64_t d,
                     int64_t n, int64_t s) {
  int64_t j = 0;
  for (; j + 3 <= kw; j += 3) taps3_row(y, x + j * d, w + j, d, n, s);
  for (; j < kw; j++) tap_row(y, x + j * d, w[j], n, s);
}

/* The sums of conv_plane for stride 1 when output and input rows have the same length: then output pixel q of the
 * flattened plane reads input pixel q + (i*dh - ph)*w + j*dw - pw for tap (i, j), so each kernel row of each input
 * channel is one long pass over the whole plane (three taps at a time). That is right for the columns
 * [lo_all, hi_all) where every tap is inside the input; the few border columns, which the passes mix with the
 * neighbouring rows, are then recomputed directly. */
static void conv_plane_flat(const float *restrict x, int64_t cg, const conv_geom *g, const float *restrict wt,
                            int64_t lo_all, int64_t hi_all, float *restrict y) {
  const int64_t hw = g->h * g->w, ohw = g->oh * g->ow, taps = g->kh * g->kw;
  memset(y, 0, (size_t)ohw * sizeof(float));
  for (int64_t ci = 0; ci < cg; ci++) {
    for (int64_t i = 0; i < g->kh; i++) {
      int64_t ylo, yhi; /* output rows whose input row oy - ph + i*dh is inside */
      valid_range(1, i * g->dh - g->ph, g->h, g->oh, &ylo, &yhi);
      const int64_t off = (i * g->dh - g->ph) * g->w - g->pw; /* input pixel q + off + j*dw */
      int64_t q0 = ylo * g->ow, q1 = yhi * g->ow;
      if (q0 < -off) q0 = -off; /* (only border columns are clipped, and those are recomputed) */
      if (q1 > hw - off - (g->kw - 1) * g->dw) q1 = hw - off - (g->kw - 1) * g->dw;
      if (q0 < q1) taps_row(y + q0, x + ci * hw + q0 + off, wt + ci * taps + i * g->kw, g->kw, g->dw, q1 - q0, 1);
    }
  }
  for (int64_t oy = 0; oy < g->oh; oy++) {
    for (int64_t ox = 0; ox < g->ow; ox++) {
      if (ox == lo_all) ox = hi_all; /* skip the interior */
      if (ox >= g->ow) break;
      float sum = 0.0f;
      for (int64_t ci = 0; ci < cg; ci++)
        for (int64_t i = 0; i < g->kh; i++) {
          const int64_t iy = oy - g->ph + i * g->dh;
          if (iy < 0 || iy >= g->h) continue;
          for (int64_t j = 0; j < g->kw; j++) {
            const int64_t ix = ox - g->pw + j * g->dw;
            if (ix >= 0 && ix < g->w) sum = MADD(sum, wt[ci * taps + i * g->kw + j], x[ci * hw + iy * g->w + ix]);
          }
        }
      y[oy * g->ow + ox] = sum;
    }
  }
}

#define DW_ROW 1024 /* stride-2 rows up to 2*DW_ROW wide are split into even and odd columns (on the stack) */

/* conv_plane for column stride 2: each input row is split into its even and odd columns, so that every tap reads
 * one of them with stride 1 (which vectorizes); lo_c/hi_c are the taps' output column ranges. */
static void conv_plane_s2(const float *restrict x, int64_t cg, const conv_geom *g, const float *restrict wt,
                          const int64_t *lo_c, const int64_t *hi_c, const float *bias, float *restrict y,
                          const float *res, const fxrt_epilogue *ep) {
  float half[2][DW_ROW]; /* the even and the odd columns of an input row */
  const int64_t hw = g->h * g->w, taps = g->kh * g->kw;
  for (int64_t oy = 0; oy < g->oh; oy++) {
    float *restrict yr = y + oy * g->ow;
    memset(yr, 0, (size_t)g->ow * sizeof(float));
    for (int64_t ci = 0; ci < cg; ci++) {
      for (int64_t i = 0; i < g->kh; i++) {
        const int64_t iy = oy * g->sh - g->ph + i * g->dh;
        if (iy < 0 || iy >= g->h) continue;
        const float *restrict xr = x + ci * hw + iy * g->w;
        deinterleave(half[0], half[1], xr, g->w);
        for (int64_t j = 0; j < g->kw; j++) {
          if (lo_c[j] >= hi_c[j]) continue;
          const int64_t col = 2 * lo_c[j] + j * g->dw - g->pw; /* the input column of output column lo (>= 0) */
          tap_row(yr + lo_c[j], half[col % 2] + col / 2, wt[ci * taps + i * g->kw + j], hi_c[j] - lo_c[j], 1);
        }
      }
    }
  }
  finish(y, g->oh * g->ow, 1, g->oh * g->ow, bias, res, ep); /* the whole plane, as in conv_plane */
}

/* One output channel plane from the cg input channel planes of its group (x, at stride h*w; wt [cg, kh, kw]):
 * y[oy, ox] = sum_{ci, i, j} w[ci, i, j] x[ci, oy*sh - ph + i*dh, ox*sw - pw + j*dw] + bias, then residual and
 * activation over the whole plane (rows are often shorter than a vector). Each tap adds a shifted input row to the
 * output row over the columns where it is inside the input (no per-pixel bounds checks). */
static void conv_plane(const float *restrict x, int64_t cg, const conv_geom *g, const float *restrict wt,
                       const float *bias, float *restrict y, const float *res, const fxrt_epilogue *ep) {
  const int64_t hw = g->h * g->w, taps = g->kh * g->kw;
  int64_t lo_c[DW_TAPS], hi_c[DW_TAPS], lo_all = 0, hi_all = g->ow; /* [lo_all, hi_all): every tap inside */
  const bool cached = g->kw <= DW_TAPS;
  if (cached) {
    for (int64_t j = 0; j < g->kw; j++) {
      valid_range(g->sw, j * g->dw - g->pw, g->w, g->ow, &lo_c[j], &hi_c[j]);
      if (lo_c[j] > lo_all) lo_all = lo_c[j];
      if (hi_c[j] < hi_all) hi_all = hi_c[j];
    }
  }
  if (!cached || lo_all >= hi_all) lo_all = hi_all = 0;
  if (g->sh == 1 && g->sw == 1 && g->ow == g->w && lo_all < hi_all) {
    conv_plane_flat(x, cg, g, wt, lo_all, hi_all, y);
    finish(y, g->oh * g->ow, 1, g->oh * g->ow, bias, res, ep);
    return;
  }
  if (g->sw == 2 && cached && g->w <= 2 * DW_ROW) {
    conv_plane_s2(x, cg, g, wt, lo_c, hi_c, bias, y, res, ep);
    return;
  }
  for (int64_t oy = 0; oy < g->oh; oy++) {
    float *restrict yr = y + oy * g->ow;
    memset(yr, 0, (size_t)g->ow * sizeof(float));
    for (int64_t ci = 0; ci < cg; ci++) {
      const float *wc = wt + ci * taps;
      for (int64_t i = 0; i < g->kh; i++) {
        const int64_t iy = oy * g->sh - g->ph + i * g->dh;
        if (iy < 0 || iy >= g->h) continue;
        const float *xr = x + ci * hw + iy * g->w;
        for (int64_t j = 0; j < g->kw; j++) {     /* the columns outside [lo_all, hi_all), tap by tap */
          const int64_t offx = j * g->dw - g->pw; /* input column ox*sw + offx */
          int64_t lo, hi;
          if (cached) {
            lo = lo_c[j];
            hi = hi_c[j];
          } else {
            valid_range(g->sw, offx, g->w, g->ow, &lo, &hi);
          }
          const float wv = wc[i * g->kw + j];
          const int64_t a = hi < lo_all ? hi : lo_all, b = lo > hi_all ? lo : hi_all;
          if (lo < a) tap_row(yr + lo, xr + lo * g->sw + offx, wv, a - lo, g->sw);
          if (b < hi) tap_row(yr + b, xr + b * g->sw + offx, wv, hi - b, g->sw);
        }
        if (lo_all < hi_all) /* the columns where every tap is inside: all taps in one pass */
          taps_row(yr + lo_all, xr + lo_all * g->sw - g->pw, wc + i * g->kw, g->kw, g->dw, hi_all - lo_all, g->sw);
      }
    }
  }
  finish(y, g->oh * g->ow, 1, g->oh * g->ow, bias, res, ep);
}

/* ---- depthwise planes on padded phases ---------------------------------------------------------------------- */

#define DW_BUF 2048 /* floats of input phases per block of output rows (on the stack, 8 KiB) */
#define DW_OUT 1024 /* floats of a block's outputs, at the phases' row pitch (4 KiB) */
#define DW_MAX_TAPS 64
#define DW_STEP (4 * VW) /* outputs per step of the sums */

/* How dw_plane_phased cuts a plane: output rows per block, the phases' row pitch (columns), rows per phase, and each
 * tap's offset into the block's phases. */
typedef struct dw_plan {
  int64_t nout, pitch, rows, ntaps, off[DW_MAX_TAPS];
} dw_plan;

/* The plan for one input channel per output plane (cg == 1), strides of 1 or 2 and at most DW_MAX_TAPS taps, or
 * false. Phase (a, b) of a block holds padded input rows oy0*sh + a + r*sh and columns t*sw + b (input row and
 * column less the padding; zero outside the input), r < rows and t < pitch, so that tap (i, j) of output (oy, ox)
 * is phase ((i*dh) % sh, (j*dw) % sw) at row oy - oy0 + (i*dh)/sh, column ox + (j*dw)/sw: at flat index
 * (oy - oy0)*pitch + ox + off[tap]. */
static bool dw_plan_for(const conv_geom *g, dw_plan *pl) {
  const int64_t sh = g->sh, sw = g->sw, taps = g->kh * g->kw;
  if ((sh != 1 && sh != 2) || (sw != 1 && sw != 2) || taps > DW_MAX_TAPS) return false;
  const int64_t reach_r = (g->kh - 1) * g->dh / sh, reach_c = (g->kw - 1) * g->dw / sw;
  int64_t pitch = g->ow + reach_c; /* the columns the outputs read, and those the copies write */
  const int64_t copied = sw == 1 ? g->pw + g->w : (g->pw + 1) / 2 + (g->w + 1) / 2;
  if (copied > pitch) pitch = copied;
  if (pitch + DW_STEP > DW_OUT) return false;
  int64_t nout = min64(g->oh, (DW_OUT - DW_STEP) / pitch);
  while (nout > 0 && sh * sw * (nout + reach_r) * pitch + pitch + DW_STEP > DW_BUF) nout--;
  if (nout < 1) return false;
  pl->nout = nout, pl->pitch = pitch, pl->rows = nout + reach_r, pl->ntaps = taps;
  for (int64_t i = 0; i < g->kh; i++)
    for (int64_t j = 0; j < g->kw; j++) {
      const int64_t a = i * g->dh % sh, b = j * g->dw % sw;
      pl->off[i * g->kw + j] = (a * sw + b) * pl->rows * pitch + i * g->dh / sh * pitch + j * g->dw / sw;
    }
  return true;
}

/* The sums of dw_plane_phased's block: Y[f] for f < flat (rounded up to DW_STEP) from the phases X, then + b and
 * SiLU (silu, a constant in each copy) or min(max(v, lo), hi): TILE_EP's operations (fxrt_gemm.h), in its order, as
 * the sums are stored. */
GEMM_INLINE void dw_block_sums(const float *restrict X, const dw_plan *pl, const float *restrict wt, int64_t flat,
                               bool add_b, float b, float lo, float hi, bool silu, float *restrict Y) {
  const int64_t ntaps = pl->ntaps;
  CHUNK_LOOP
  for (int64_t f = 0; f < flat; f += DW_STEP) { /* DW_STEP outputs: 4 vectors, 4 independent chains of taps */
    float v0[VW], v1[VW], v2[VW], v3[VW];
    const float w0 = wt[0], *restrict s0 = X + pl->off[0] + f;
    /* v = w0*x first, not 0 and a multiply-add: GCC turns the zeroing into a memset, and v into memory */
    LANES(l) {
      v0[l] = w0 * s0[l];
      v1[l] = w0 * s0[VW + l];
      v2[l] = w0 * s0[2 * VW + l];
      v3[l] = w0 * s0[3 * VW + l];
    }
    for (int64_t t = 1; t < ntaps; t++) {
      const float wv = wt[t], *restrict src = X + pl->off[t] + f;
      LANES(l) v0[l] = MADD(v0[l], wv, src[l]);
      LANES(l) v1[l] = MADD(v1[l], wv, src[VW + l]);
      LANES(l) v2[l] = MADD(v2[l], wv, src[2 * VW + l]);
      LANES(l) v3[l] = MADD(v3[l], wv, src[3 * VW + l]);
    }
    LANES(l) {
      float u0 = v0[l], u1 = v1[l], u2 = v2[l], u3 = v3[l];
      u0 = add_b ? u0 + b : u0, u1 = add_b ? u1 + b : u1, u2 = add_b ? u2 + b : u2, u3 = add_b ? u3 + b : u3;
      if (silu) {
        u0 = fxrt_s_silu(u0), u1 = fxrt_s_silu(u1), u2 = fxrt_s_silu(u2), u3 = fxrt_s_silu(u3);
      } else {
        u0 = u0 < lo ? lo : u0, u1 = u1 < lo ? lo : u1, u2 = u2 < lo ? lo : u2, u3 = u3 < lo ? lo : u3;
        u0 = u0 > hi ? hi : u0, u1 = u1 > hi ? hi : u1, u2 = u2 > hi ? hi : u2, u3 = u3 > hi ? hi : u3;
      }
      Y[f + l] = u0;
      Y[f + VW + l] = u1;
      Y[f + 2 * VW + l] = u2;
      Y[f + 3 * VW + l] = u3;
    }
  }
}

/* One output plane of a depthwise convolution (its one input plane x, weight wt [kh, kw]): block by block of
 * pl->nout output rows, the input rows the block reads are split into their sh*sw phases with the padding as
 * zeros, then every output of the block (at the phases' pitch, the columns past ow computed and dropped) sums its
 * taps in order, (i, j) row-major, in whole vectors over the block, and gets the bias and the activation as it is
 * stored (with a residual, finish adds all three over the plane at the end). X is the caller's buffer of DW_BUF
 * floats, zeros wherever the copies of input rows do not write (the padding's columns and what follows the phases):
 * those places are the same in every block of every plane of the convolution, so they are zeroed once per piece of
 * planes (direct_task), and here only the rows of padding above and below the input (zeroing the whole buffer per
 * block was a call of memset per block: 6% of 960 depthwise 3x3 planes of 7x7, alone). */
static void dw_plane_phased(const float *restrict x, const conv_geom *g, const dw_plan *pl, const float *restrict wt,
                            const float *bias, float *restrict y, const float *res, const fxrt_epilogue *ep,
                            float *restrict X) {
  float Y[DW_OUT];
  const int64_t sh = g->sh, sw = g->sw, pitch = pl->pitch, rows = pl->rows;
  const int64_t qe = g->pw & 1, te = g->pw / 2, to = (g->pw + 1) / 2;     /* column phases for sw == 2 */
  /* the epilogue as the sums are stored, unless there is a residual (then finish, over the plane): the bias and a
   * clamp (no activation, ReLU, ReLU6) or SiLU there, other activations over the block's outputs */
  tile_ep te_ = {NULL, NULL, 0, -INFINITY, INFINITY, false};
  const bool in_store = !res && tile_ep_for(ep, &te_), add_b = !res && bias != NULL;
  const bool act_after = !res && !in_store && ep && ep->act != FXRT_ACT_NONE;
  if (!in_store) te_.silu = false, te_.lo = -INFINITY, te_.hi = INFINITY;
  const float b = add_b ? *bias : 0.0f, lo = te_.lo, hi = te_.hi;
  for (int64_t oy0 = 0; oy0 < g->oh; oy0 += pl->nout) {
    const int64_t nout = min64(pl->nout, g->oh - oy0), flat = nout * pitch;
    for (int64_t a = 0; a < sh; a++)
      for (int64_t r = 0; r < rows; r++) {
        const int64_t iy = (oy0 + r) * sh + a - g->ph;
        float *row = X + a * sw * rows * pitch + r * pitch; /* phase (a, 0); phase (a, 1) is rows*pitch further */
        if (iy < 0 || iy >= g->h) { /* padding, or rows past the input that only dropped outputs read */
          zero_row(row, pitch);
          if (sw == 2) zero_row(row + rows * pitch, pitch);
          continue;
        }
        if (sw == 1)
          copy_row(row + g->pw, x + iy * g->w, g->w);
        else /* input column 2k is phase qe's column k + te, 2k + 1 is phase 1 - qe's column k + to */
          deinterleave(row + qe * rows * pitch + te, row + (1 - qe) * rows * pitch + to, x + iy * g->w, g->w);
      }
    if (te_.silu)
      dw_block_sums(X, pl, wt, flat, add_b, b, lo, hi, true, Y);
    else
      dw_block_sums(X, pl, wt, flat, add_b, b, lo, hi, false, Y);
    if (act_after) act_row(Y, (flat + DW_STEP - 1) / DW_STEP * DW_STEP, ep);
    for (int64_t r = 0; r < nout; r++) copy_row(y + (oy0 + r) * g->ow, Y + r * pitch, g->ow);
  }
  if (res) finish(y, g->oh * g->ow, 1, g->oh * g->ow, bias, res, ep);
}

/* ---- torch.nn.functional.conv2d ----------------------------------------------------------------------------- */

/* The direct route's pieces: planes [i*per, (i+1)*per) of the n*k output planes. */
typedef struct direct_job {
  const float *x, *weight, *bias, *res;
  const conv_geom *g;
  const fxrt_epilogue *ep;
  float *y;
  int64_t c, k, groups, per, planes;
} direct_job;

static void direct_task(void *ctx, int64_t i, int32_t worker) {
  const direct_job *J = (const direct_job *)ctx;
  (void)worker;
  const conv_geom *g = J->g;
  const int64_t cg = J->c / J->groups, kg = J->k / J->groups, kd = cg * g->kh * g->kw, hw = g->h * g->w,
                ohw = g->oh * g->ow;
  dw_plan pl = {0, 0, 0, 0, {0}}; /* (set by dw_plan_for when phased; GCC cannot tell) */
  const bool phased = cg == 1 && dw_plan_for(g, &pl);
  float X[DW_BUF]; /* dw_plane_phased's phases: zeros but for the copies of input rows */
  if (phased) zero_row(X, DW_BUF);
  const int64_t p0 = i * J->per;
  int64_t b = p0 / J->k, oc = p0 % J->k, gi = oc / kg, o = oc % kg; /* counted from here on, not divided */
  for (int64_t plane = p0; plane < min64(p0 + J->per, J->planes); plane++) {
    if (phased)
      dw_plane_phased(J->x + (b * J->c + gi) * hw, g, &pl, J->weight + oc * kd, J->bias ? J->bias + oc : NULL,
                      J->y + plane * ohw, J->res ? J->res + plane * ohw : NULL, J->ep, X);
    else
      conv_plane(J->x + (b * J->c + gi * cg) * hw, cg, g, J->weight + oc * kd, J->bias ? J->bias + oc : NULL,
                 J->y + plane * ohw, J->res ? J->res + plane * ohw : NULL, J->ep);
    if (++o == kg) o = 0, gi++;
    if (++oc == J->k) oc = 0, gi = 0, b++;
  }
}

/* torch.nn.functional.conv2d(x, weight, bias, stride, padding, dilation, groups), then the epilogue. */
fxrt_status fxrt_conv2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *weight, int64_t k,
                            int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow,
                            const fxrt_conv2d_params *p, const fxrt_epilogue *ep, void *ws, size_t ws_bytes,
                            const fxrt_threadpool *threads) {
  if (!conv_shape_ok(n, c, h, w, k, kh, kw, oh, ow, p)) return FXRT_EINVAL;
  if (ep && (unsigned)ep->act >= (unsigned)FXRT_NUM_ACTS) return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !weight || !y) return FXRT_EINVAL;
  const enum conv_route route = conv_route_of(c, k, kh, kw, p);
  const size_t need = fxrt_conv2d_workspace_size(n, c, h, w, k, kh, kw, oh, ow, p);
  float *wsf = NULL;
  if (need > 0) {
    if (!ws || ws_bytes < need) return FXRT_EWORKSPACE;
    wsf = (float *)(void *)(((uintptr_t)ws + (WS_ALIGN - 1)) & ~(uintptr_t)(WS_ALIGN - 1));
  }
  const conv_geom g = {
      h, w, kh, kw, oh, ow, p->stride[0], p->stride[1], p->padding[0], p->padding[1], p->dilation[0], p->dilation[1]};
  const int64_t groups = p->groups, cg = c / groups, kg = k / groups, kd = cg * kh * kw, hw = h * w, ohw = oh * ow;
  const float *res = ep ? ep->residual : NULL;
  if (kh == 1 && kw == 1 && h == 1 && w == 1 && oh == 1 && ow == 1 && groups == 1 && p->padding[0] == 0 &&
      p->padding[1] == 0) /* one pixel in, one out: linear on x [n, c] (the fc layers of squeeze-and-excitation) */
    return fxrt_linear_f32(x, n, c, weight, k, bias, y, ep, threads);
  if (route == ROUTE_DIRECT) { /* planes in pieces: a few per thread, or one piece without threads */
    direct_job J = {x, weight, bias, res, &g, ep, y, c, k, groups, 0, n * k};
    J.per = par_piece(J.planes, 4 * (int64_t)par_threads(threads), 1);
    par_run(threads, (J.planes + J.per - 1) / J.per, direct_task, &J);
    return FXRT_OK;
  }
  for (int64_t b = 0; b < n; b++) {
    for (int64_t gi = 0; gi < groups; gi++) {
      const int64_t yoff = (b * k + gi * kg) * ohw;
      conv_gemm(x + (b * c + gi * cg) * hw, &g, weight + gi * kg * kd, kg, kd, bias ? bias + gi * kg : NULL,
                y + yoff, res ? res + yoff : NULL, ep, route == ROUTE_GEMM_IM2COL, wsf, threads);
    }
  }
  return FXRT_OK;
}

/* ---- torch.nn.functional.conv_transpose2d ------------------------------------------------------------------- */

/* The output size (in-1)*stride - 2*pad + dil*(kernel-1) + out_pad + 1 of conv_transpose2d, or -1 when it is not
 * positive or too large (all arguments within DIM_LIMIT, so nothing below overflows). */
static int64_t convt_out(int64_t in, int64_t kernel, int64_t stride, int64_t pad, int64_t out_pad, int64_t dil) {
  const int64_t size = (in - 1) * stride + dil * (kernel - 1) - 2 * pad + out_pad + 1;
  return size < 1 || size > DIM_LIMIT ? -1 : size;
}

/* torch.nn.functional.conv_transpose2d(x, weight, bias, stride, padding, output_padding, groups, dilation): each
 * input pixel x[ci, iy, ix] adds weight[ci, o, i, j] * x to y[g*k/groups + o, iy*sh - ph + i*dh, ix*sw - pw + j*dw].
 * Computed per output plane (bias, then input channels in order, then taps), so no workspace is needed. */
fxrt_status fxrt_conv_transpose2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *weight,
                                      int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh,
                                      int64_t ow, const fxrt_conv_transpose2d_params *p) {
  int64_t t;
  if (!p) return FXRT_EINVAL;
  for (int d = 0; d < 2; d++) {
    if (!in_range(p->stride[d], 1) || !in_range(p->padding[d], 0) || !in_range(p->dilation[d], 1) ||
        !in_range(p->output_padding[d], 0))
      return FXRT_EINVAL;
    /* PyTorch: output padding must be smaller than either stride or dilation */
    if (p->output_padding[d] >= p->stride[d] && p->output_padding[d] >= p->dilation[d]) return FXRT_EINVAL;
  }
  if (!in_range(p->groups, 1) || !in_range(n, 0) || !in_range(c, 1) || !in_range(h, 1) || !in_range(w, 1) ||
      !in_range(k, 1) || !in_range(kh, 1) || !in_range(kw, 1))
    return FXRT_EINVAL;
  if (c % p->groups || k % p->groups) return FXRT_EINVAL;
  const int64_t eh = convt_out(h, kh, p->stride[0], p->padding[0], p->output_padding[0], p->dilation[0]);
  const int64_t ew = convt_out(w, kw, p->stride[1], p->padding[1], p->output_padding[1], p->dilation[1]);
  if (eh < 1 || ew < 1 || oh != eh || ow != ew) return FXRT_EINVAL;
  if (!mul_ok(h, w, &t) || !mul_ok(t, c, &t) || !mul_ok(t, n, &t) || !mul_ok(oh, ow, &t) || !mul_ok(t, k, &t) ||
      !mul_ok(t, n, &t) || !mul_ok(kh, kw, &t) || !mul_ok(t, c, &t) || !mul_ok(t, k, &t))
    return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !weight || !y) return FXRT_EINVAL;

  const int64_t groups = p->groups, cg = c / groups, kg = k / groups, hw = h * w, ohw = oh * ow;
  const int64_t sh = p->stride[0], sw = p->stride[1], ph = p->padding[0], pw = p->padding[1];
  const int64_t dh = p->dilation[0], dw = p->dilation[1];
  for (int64_t b = 0; b < n; b++) {
    for (int64_t oc = 0; oc < k; oc++) {
      const int64_t gi = oc / kg, o = oc % kg;
      float *restrict yp = y + (b * k + oc) * ohw;
      const float bv = bias ? bias[oc] : 0.0f;
      for (int64_t e = 0; e < ohw; e++) yp[e] = bv;
      for (int64_t ci = gi * cg; ci < (gi + 1) * cg; ci++) {
        const float *restrict xp = x + (b * c + ci) * hw;
        const float *wp = weight + (ci * kg + o) * kh * kw;
        for (int64_t i = 0; i < kh; i++) {
          int64_t ylo, yhi; /* input rows iy whose output row iy*sh - ph + i*dh is inside */
          valid_range(sh, i * dh - ph, oh, h, &ylo, &yhi);
          for (int64_t j = 0; j < kw; j++) {
            const float wv = wp[i * kw + j];
            const int64_t offx = j * dw - pw;
            int64_t xlo, xhi;
            valid_range(sw, offx, ow, w, &xlo, &xhi);
            const int64_t len = xhi - xlo;
            for (int64_t iy = ylo; iy < yhi && len > 0; iy++) {
              /* y[iy*sh - ph + i*dh, ix*sw + offx] for ix = xlo, ... */
              float *restrict ys = yp + (iy * sh - ph + i * dh) * ow + xlo * sw + offx;
              const float *restrict xs = xp + iy * w + xlo;
              if (sw == 1)
                for (int64_t e = 0; e < len; e++) ys[e] = MADD(ys[e], wv, xs[e]);
              else
                for (int64_t e = 0; e < len; e++) ys[e * sw] = MADD(ys[e * sw], wv, xs[e]);
            }
          }
        }
      }
    }
  }
  return FXRT_OK;
}

/* ---- torch.nn.functional.conv3d and conv_transpose3d --------------------------------------------------------- */

/* The 2-d convolution of one depth slice: conv3d's height and width parameters. */
static fxrt_conv2d_params conv3d_plane_params(const fxrt_conv3d_params *p) {
  fxrt_conv2d_params q = {{p->stride[1], p->stride[2]}, {p->padding[1], p->padding[2]}, {p->dilation[1], p->dilation[2]},
                          p->groups, {0, 0}};
  return q;
}

static bool conv3d_shape_ok(int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, int64_t k, int64_t kd, int64_t kh,
                            int64_t kw, int64_t od, int64_t oh, int64_t ow, const fxrt_conv3d_params *p) {
  int64_t t;
  if (!p || !in_range(d, 1) || !in_range(kd, 1) || !in_range(p->stride[0], 1) || !in_range(p->padding[0], 0) ||
      !in_range(p->dilation[0], 1))
    return false;
  const fxrt_conv2d_params q = conv3d_plane_params(p);
  if (!conv_shape_ok(n, c, h, w, k, kh, kw, oh, ow, &q)) return false;
  if (od != conv_out(d, kd, p->stride[0], p->padding[0], p->padding[0], p->dilation[0])) return false;
  return mul_ok(n * c * h * w, d, &t) && mul_ok(n * k * oh * ow, od, &t) && mul_ok(k * c * kh * kw, kd, &t);
}

/* Bytes of each piece of conv3d's workspace, rounded up to WS_ALIGN: the 2-d convolution's, one input slice
 * [c, h, w], the weight by depth tap [kd, k, c/groups, kh, kw], a slice's sum and one tap's product [k, oh, ow]. */
static size_t ws_round(size_t b) { return (b + WS_ALIGN - 1) / WS_ALIGN * WS_ALIGN; }

size_t fxrt_conv3d_workspace_size(int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, int64_t k, int64_t kd,
                                  int64_t kh, int64_t kw, int64_t od, int64_t oh, int64_t ow,
                                  const fxrt_conv3d_params *p) {
  if (!conv3d_shape_ok(n, c, d, h, w, k, kd, kh, kw, od, oh, ow, p)) return 0; /* the convolution will refuse */
  const fxrt_conv2d_params q = conv3d_plane_params(p);
  const size_t f = sizeof(float);
  return ws_round(fxrt_conv2d_workspace_size(1, c, h, w, k, kh, kw, oh, ow, &q)) + ws_round((size_t)(c * h * w) * f) +
         ws_round((size_t)(kd * k * (c / p->groups) * kh * kw) * f) + 2 * ws_round((size_t)(k * oh * ow) * f) + WS_ALIGN;
}

/* conv3d(x, weight, bias, stride, padding, dilation, groups), then the epilogue: per image and output depth oz, the
 * sum over the depth taps i whose input slice iz = oz*sd - pd + i*dd is inside of conv2d(x[b, :, iz], weight[:, :, i])
 * (taps in order, each a sum over (ci, kh, kw) as conv2d's), then + bias, + residual, the activation. */
fxrt_status fxrt_conv3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, const float *weight,
                            int64_t k, int64_t kd, int64_t kh, int64_t kw, const float *bias, float *y, int64_t od,
                            int64_t oh, int64_t ow, const fxrt_conv3d_params *p, const fxrt_epilogue *ep, void *ws,
                            size_t ws_bytes, const fxrt_threadpool *threads) {
  if (!conv3d_shape_ok(n, c, d, h, w, k, kd, kh, kw, od, oh, ow, p)) return FXRT_EINVAL;
  if (ep && (unsigned)ep->act >= (unsigned)FXRT_NUM_ACTS) return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !weight || !y || !ws) return FXRT_EINVAL;
  const size_t need = fxrt_conv3d_workspace_size(n, c, d, h, w, k, kd, kh, kw, od, oh, ow, p);
  if (ws_bytes < need) return FXRT_EWORKSPACE;
  const fxrt_conv2d_params q = conv3d_plane_params(p);
  const int64_t cg = c / p->groups, hw = h * w, ohw = oh * ow, tap = k * cg * kh * kw, khw = kh * kw;
  const size_t f = sizeof(float), ws2 = ws_round(fxrt_conv2d_workspace_size(1, c, h, w, k, kh, kw, oh, ow, &q));
  unsigned char *base = (unsigned char *)(((uintptr_t)ws + (WS_ALIGN - 1)) & ~(uintptr_t)(WS_ALIGN - 1));
  unsigned char *ws_conv = base;
  float *slice = (float *)(void *)(base + ws2);
  float *wt = (float *)(void *)(base + ws2 + ws_round((size_t)(c * hw) * f));
  float *acc = (float *)(void *)((unsigned char *)wt + ws_round((size_t)(kd * tap) * f));
  float *prod = (float *)(void *)((unsigned char *)acc + ws_round((size_t)(k * ohw) * f));
  /* the weight by depth tap: wt[i][o][ci][a][b] = weight[o][ci][i][a][b] */
  for (int64_t o = 0; o < k * cg; o++)
    for (int64_t i = 0; i < kd; i++) memcpy(wt + i * tap + o * khw, weight + (o * kd + i) * khw, (size_t)khw * f);
  const float *res = ep ? ep->residual : NULL;
  for (int64_t b = 0; b < n; b++) {
    for (int64_t oz = 0; oz < od; oz++) {
      bool first = true;
      for (int64_t i = 0; i < kd; i++) {
        const int64_t iz = oz * p->stride[0] - p->padding[0] + i * p->dilation[0];
        if (iz < 0 || iz >= d) continue;
        for (int64_t ci = 0; ci < c; ci++) memcpy(slice + ci * hw, x + ((b * c + ci) * d + iz) * hw, (size_t)hw * f);
        fxrt_status s = fxrt_conv2d_f32(slice, 1, c, h, w, wt + i * tap, k, kh, kw, NULL, first ? acc : prod, oh, ow,
                                        &q, NULL, ws2 ? ws_conv : NULL, ws2, threads);
        if (s != FXRT_OK) return s;
        if (!first)
          for (int64_t e = 0; e < k * ohw; e++) acc[e] += prod[e];
        first = false;
      }
      if (first) memset(acc, 0, (size_t)(k * ohw) * f); /* every tap in the padding */
      /* y[b, o, oz] = acc[o] (+ bias, + residual, the activation) */
      float *yz = y + (b * k * od + oz) * ohw;
      for (int64_t o = 0; o < k; o++) memcpy(yz + o * od * ohw, acc + o * ohw, (size_t)ohw * f);
      finish(yz, od * ohw, k, ohw, bias, res ? res + (b * k * od + oz) * ohw : NULL, ep);
    }
  }
  return FXRT_OK;
}

/* conv_transpose3d(x, weight, bias, stride, padding, output_padding, groups, dilation): each input element
 * x[ci, iz, iy, ix] adds weight[ci, o, a, i, j] * x to y[g*k/groups + o, iz*sd - pd + a*dd, iy*sh - ph + i*dh,
 * ix*sw - pw + j*dw]; per output channel: the bias, then input channels in order, then taps. No workspace. */
fxrt_status fxrt_conv_transpose3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w,
                                      const float *weight, int64_t k, int64_t kd, int64_t kh, int64_t kw,
                                      const float *bias, float *y, int64_t od, int64_t oh, int64_t ow,
                                      const fxrt_conv3d_params *p) {
  int64_t t;
  if (!p) return FXRT_EINVAL;
  const int64_t in[3] = {d, h, w}, ks[3] = {kd, kh, kw}, out[3] = {od, oh, ow};
  for (int e = 0; e < 3; e++) {
    if (!in_range(p->stride[e], 1) || !in_range(p->padding[e], 0) || !in_range(p->dilation[e], 1) ||
        !in_range(p->output_padding[e], 0) || !in_range(in[e], 1) || !in_range(ks[e], 1))
      return FXRT_EINVAL;
    if (p->output_padding[e] >= p->stride[e] && p->output_padding[e] >= p->dilation[e]) return FXRT_EINVAL;
    if (out[e] < 1 ||
        out[e] != convt_out(in[e], ks[e], p->stride[e], p->padding[e], p->output_padding[e], p->dilation[e]))
      return FXRT_EINVAL;
  }
  if (!in_range(p->groups, 1) || !in_range(n, 0) || !in_range(c, 1) || !in_range(k, 1)) return FXRT_EINVAL;
  if (c % p->groups || k % p->groups) return FXRT_EINVAL;
  if (!mul_ok(d * h, w, &t) || !mul_ok(t, c, &t) || !mul_ok(t, n, &t) || !mul_ok(od * oh, ow, &t) ||
      !mul_ok(t, k, &t) || !mul_ok(t, n, &t) || !mul_ok(kd * kh, kw, &t) || !mul_ok(t, c, &t) || !mul_ok(t, k, &t))
    return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !weight || !y) return FXRT_EINVAL;
  const int64_t groups = p->groups, cg = c / groups, kg = k / groups, vol = d * h * w, ovol = od * oh * ow;
  for (int64_t b = 0; b < n; b++) {
    for (int64_t oc = 0; oc < k; oc++) {
      const int64_t gi = oc / kg, o = oc % kg;
      float *restrict yp = y + (b * k + oc) * ovol;
      const float bv = bias ? bias[oc] : 0.0f;
      for (int64_t e = 0; e < ovol; e++) yp[e] = bv;
      for (int64_t ci = gi * cg; ci < (gi + 1) * cg; ci++) {
        const float *restrict xp = x + (b * c + ci) * vol;
        const float *wp = weight + (ci * kg + o) * kd * kh * kw;
        for (int64_t a = 0; a < kd; a++) {
          int64_t zlo, zhi;
          valid_range(p->stride[0], a * p->dilation[0] - p->padding[0], od, d, &zlo, &zhi);
          for (int64_t i = 0; i < kh; i++) {
            int64_t ylo, yhi;
            valid_range(p->stride[1], i * p->dilation[1] - p->padding[1], oh, h, &ylo, &yhi);
            for (int64_t j = 0; j < kw; j++) {
              const float wv = wp[(a * kh + i) * kw + j];
              const int64_t offx = j * p->dilation[2] - p->padding[2];
              int64_t xlo, xhi;
              valid_range(p->stride[2], offx, ow, w, &xlo, &xhi);
              for (int64_t iz = zlo; iz < zhi; iz++) {
                const int64_t z = iz * p->stride[0] - p->padding[0] + a * p->dilation[0];
                for (int64_t iy = ylo; iy < yhi; iy++) {
                  const int64_t yy = iy * p->stride[1] - p->padding[1] + i * p->dilation[1];
                  float *restrict ys = yp + (z * oh + yy) * ow;
                  const float *restrict xs = xp + (iz * h + iy) * w;
                  for (int64_t ix = xlo; ix < xhi; ix++) {
                    const int64_t e = ix * p->stride[2] + offx;
                    ys[e] = MADD(ys[e], wv, xs[ix]);
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_conv2d_f32
#undef fxrt_conv_transpose2d_f32
#undef fxrt_conv3d_f32
#undef fxrt_conv_transpose3d_f32
FXRT_DISPATCHER(fxrt_status, fxrt_conv2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *weight, int64_t k, int64_t kh,
                 int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow, const fxrt_conv2d_params *p,
                 const fxrt_epilogue *ep, void *ws, size_t ws_bytes, const fxrt_threadpool *threads),
                (x, n, c, h, w, weight, k, kh, kw, bias, y, oh, ow, p, ep, ws, ws_bytes, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_conv_transpose2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *weight, int64_t k, int64_t kh,
                 int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow,
                 const fxrt_conv_transpose2d_params *p),
                (x, n, c, h, w, weight, k, kh, kw, bias, y, oh, ow, p))
FXRT_DISPATCHER(fxrt_status, fxrt_conv3d_f32,
                (const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, const float *weight, int64_t k,
                 int64_t kd, int64_t kh, int64_t kw, const float *bias, float *y, int64_t od, int64_t oh, int64_t ow,
                 const fxrt_conv3d_params *p, const fxrt_epilogue *ep, void *ws, size_t ws_bytes,
                 const fxrt_threadpool *threads),
                (x, n, c, d, h, w, weight, k, kd, kh, kw, bias, y, od, oh, ow, p, ep, ws, ws_bytes, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_conv_transpose3d_f32,
                (const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, const float *weight, int64_t k,
                 int64_t kd, int64_t kh, int64_t kw, const float *bias, float *y, int64_t od, int64_t oh, int64_t ow,
                 const fxrt_conv3d_params *p),
                (x, n, c, d, h, w, weight, k, kd, kh, kw, bias, y, od, oh, ow, p))
