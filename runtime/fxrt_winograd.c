/* fxrt_winograd.c: 3x3 stride-1 convolution by Winograd's minimal filtering algorithm F(m x m, 3x3) for output tiles of
 * m = 4 or m = 2 (Lavin and Gray, "Fast Algorithms for Convolutional Neural Networks", 2016), as cuDNN, oneDNN and
 * NNPACK compute these layers.
 *
 * The output is cut into m x m tiles. Tile t reads the a x a input patch d (a = m + 2) at rows m*ty - ph ..,
 * columns m*tx - pw .. (zeros outside the input) and
 *     Y[k, t] = A^T ( sum_c U[k, c] . V[c, t] ) A,   U[k, c] = G g[k, c] G^T,   V[c, t] = B^T d[c, t] B
 * where g[k, c] is the 3x3 kernel and `.` multiplies the a*a points xi of the transforms elementwise: the 9*m*m
 * multiplications per output tile and channel pair become a*a (144 -> 36 for m = 4, 36 -> 16 for m = 2), done as a*a
 * independent matrix products
 *     M_xi[t, k] = sum_c V_xi[t, c] U_xi[c, k].
 * U is computed once, at compile time (fxrt_winograd_weight_f32, in double precision: fx2c's winograd pass stores it as
 * the node's weight). At run time, for each chunk of tiles:
 *   1. the input transform V = B^T d B, VW tiles at a time (their patches gathered into the lanes of vectors);
 *   2. the GEMMs, on fxrt_gemm.h's MR x NR register-blocked micro-kernel: rows are tiles, columns output
 *      channels, which U stores in panels of 16 so that each step reads NR contiguous weights; one panel of output
 *      channels and SUB_ROWS tiles at a time, so that their products M stay in cache for
 *   3. the output transform Y = A^T M A, VW output channels at a time, then + bias, + residual and the activation (the
 *      epilogue) on the m*m values of each tile before they are written (clipped at the output's edge).
 * Chunks bound the workspace (V of one chunk: under WS_BUDGET bytes, whatever the image size, and M, tp x SUB_ROWS x
 * MAX_NR floats: a region per worker). With a thread pool and a region per thread, many tiles make whole chunks the
 * pieces of work, each in its thread's region; few tiles make the lane groups of step 1 and the (panel, SUB_ROWS
 * tiles) blocks of steps 2 and 3 the pieces (fxrt_winograd_conv2d_f32): every output is computed the same way for any
 * split.
 *
 * Rounding. The transforms' coefficients make the result's rounding error larger than the direct sum's, and a deep
 * sum over the input channels makes it worse (the output transform amplifies M's error). F(4x4, 3x3) uses the
 * interpolation points 0, 1, -1, 1/2, -2 (and infinity) rather than Lavin's 0, 1, -1, 2, -2, which halves its error
 * (simulated in f32 against a double reference), and the micro-kernel sums PARTIAL input channels at a time before
 * adding them up, which halves it again for 256 channels; F(2x2, 3x3) (points 0, 1, -1) is nearly as accurate as the
 * direct sum. tests/runtime/test_winograd.c checks the bound. */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_winograd_workspace_size FXRT_ISA_COPY(fxrt_winograd_workspace_size)
#define fxrt_winograd_weight_numel FXRT_ISA_COPY(fxrt_winograd_weight_numel)
#define fxrt_winograd_weight_f32 FXRT_ISA_COPY(fxrt_winograd_weight_f32)
#define fxrt_winograd_conv2d_f32 FXRT_ISA_NAME(fxrt_winograd_conv2d_f32)
#include "fxrt.h"
#include "fxrt_check.h"
#include "fxrt_gemm.h"
#include "fxrt_par.h"

#include <math.h>
#include <string.h>

#define TP_MAX 36                  /* points of the largest transform (6x6) */
#define PANEL FXRT_WINOGRAD_PANEL  /* output channels per panel of U */
#define WS_ALIGN 64
#ifndef FXRT_WINOGRAD_BUDGET
#define FXRT_WINOGRAD_BUDGET (1 << 20)
#endif
#define WS_BUDGET ((int64_t)FXRT_WINOGRAD_BUDGET) /* bytes of V and M per chunk of tiles (at least MR tiles) */
#define MAX_CHUNK (MR * 40)          /* tiles per chunk at most */
#define MAX_NR 32                    /* the widest NR (AVX-512's): M's row length in the workspace */
#define SUB_ROWS (4 * MR)         /* rows (tiles) of M: the products of a panel are computed for this many at once */
#define CACHED_U ((int64_t)1 << 20) /* a transformed weight this small stays in cache from one chunk to the next */
#ifndef FXRT_WINOGRAD_PARTIAL
#define FXRT_WINOGRAD_PARTIAL 32
#endif
#define PARTIAL FXRT_WINOGRAD_PARTIAL /* input channels per partial sum of the micro-kernel (accuracy) */

static int64_t round_up(int64_t a, int64_t m) { return (a + m - 1) / m * m; }

/* ---- geometry ----------------------------------------------------------------------------------------------- */

typedef struct wino_geom {
  int m, a, tp;              /* output tile m x m, input patch a x a (a = m + 2), tp = a*a transform points */
  int64_t n, c, h, w, k, kp; /* kp: k rounded up to PANEL */
  int64_t oh, ow, ph, pw;
  int64_t th, tw, tiles;     /* tiles per column and row of an image, and in all */
  int64_t chunk;             /* tiles per chunk (a multiple of MR) */
  int64_t ldv;               /* chunk rounded up to 16 (the widest VW): V_xi is [c][ldv] */
} wino_geom;

/* The geometry of a call whose sizes are consistent and within limits (oh = h + ph + ph_end - 2 with the end padding
 * ph_end >= 0, the same for ow). Only sizes and constants go into it, so the workspace it implies is the same for
 * every instruction set. */
static bool geom_of(int64_t tile, int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t oh, int64_t ow,
                    int64_t ph, int64_t pw, wino_geom *g) {
  int64_t t;
  if (tile != 2 && tile != 4) return false;
  g->m = (int)tile, g->a = g->m + 2, g->tp = g->a * g->a;
  if (!in_range(n, 0) || !in_range(c, 1) || !in_range(h, 1) || !in_range(w, 1) || !in_range(k, 1) || !in_range(ph, 0) ||
      !in_range(pw, 0))
    return false;
  if (!in_range(oh, 1) || !in_range(ow, 1) || oh + 2 - h - ph < 0 || ow + 2 - w - pw < 0) return false;
  g->n = n, g->c = c, g->h = h, g->w = w, g->k = k, g->kp = round_up(k, PANEL);
  g->oh = oh, g->ow = ow, g->ph = ph, g->pw = pw;
  g->th = (oh + g->m - 1) / g->m, g->tw = (ow + g->m - 1) / g->m;
  if (!mul_ok(g->th, g->tw, &t) || !mul_ok(t, n, &g->tiles) || !mul_ok(h, w, &t) || !mul_ok(t, c, &t) ||
      !mul_ok(t, n, &t) || !mul_ok(oh, ow, &t) || !mul_ok(t, k, &t) || !mul_ok(t, n, &t) || !mul_ok(g->kp, c, &t) ||
      !mul_ok(t, g->tp, &t))
    return false;
  const int64_t per_tile = g->tp * (int64_t)sizeof(float) * (c + MAX_NR);
  int64_t chunk = WS_BUDGET / per_tile / MR * MR;
  if (chunk < MR) chunk = MR;
  if (chunk > MAX_CHUNK) chunk = MAX_CHUNK;
  g->chunk = min64(chunk, round_up(g->tiles > 0 ? g->tiles : 1, MR));
  g->ldv = round_up(g->chunk, 16);
  return true;
}

/* The workspace: a region per worker, each V (the transformed inputs of a chunk) and M (the products of SUB_ROWS
 * tiles and a panel: [tp][SUB_ROWS][MAX_NR]), 64-byte aligned. */
static size_t v_floats(const wino_geom *g) { return (size_t)(g->tp * g->ldv * g->c); }
static size_t region_bytes(const wino_geom *g) {
  return (v_floats(g) + (size_t)(g->tp * SUB_ROWS * MAX_NR)) * sizeof(float);
}

size_t fxrt_winograd_workspace_size(int64_t tile, int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t oh,
                                    int64_t ow, int64_t ph, int64_t pw, int64_t workers) {
  wino_geom g;
  if (!geom_of(tile, n, c, h, w, k, oh, ow, ph, pw, &g)) return 0; /* the convolution itself will refuse */
  if (workers < 1) workers = 1;
  if (workers > FXRT_WS_WORKERS) workers = FXRT_WS_WORKERS;
  return (size_t)workers * region_bytes(&g) + WS_ALIGN;
}

/* ---- the weight transform (at compile time) ---------------------------------------------------------------- */

int64_t fxrt_winograd_weight_numel(int64_t tile, int64_t k, int64_t c) {
  int64_t t;
  if ((tile != 2 && tile != 4) || !in_range(k, 1) || !in_range(c, 1) || !mul_ok(round_up(k, PANEL), c, &t) ||
      !mul_ok(t, (tile + 2) * (tile + 2), &t))
    return 0;
  return t;
}

fxrt_status fxrt_winograd_weight_f32(int64_t tile, const float *weight, int64_t k, int64_t c, float *u) {
  /* G of F(4x4, 3x3) for the points 0, 1, -1, 1/2, -2, infinity, and of F(2x2, 3x3) for 0, 1, -1, infinity */
  static const double G4[6][3] = {{1, 0, 0},
                                  {1.0 / 3, 1.0 / 3, 1.0 / 3},
                                  {-1.0 / 3, 1.0 / 3, -1.0 / 3},
                                  {-16.0 / 15, -8.0 / 15, -4.0 / 15},
                                  {1.0 / 15, -2.0 / 15, 4.0 / 15},
                                  {0, 0, 1}};
  static const double G2[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  if (fxrt_winograd_weight_numel(tile, k, c) == 0) return FXRT_EINVAL;
  if (!weight || !u) return FXRT_EINVAL;
  const int a = (int)tile + 2;
  const double(*G)[3] = tile == 4 ? G4 : G2;
  const int64_t kp = round_up(k, PANEL), np = kp / PANEL;
  for (int64_t o = 0; o < kp; o++) {
    for (int64_t ci = 0; ci < c; ci++) {
      double gg[6][3], uu[6][6]; /* G g, then (G g) G^T */
      const float *g = weight + (o * c + ci) * 9;
      for (int i = 0; i < a; i++)
        for (int j = 0; j < 3; j++)
          gg[i][j] = o < k ? G[i][0] * g[j] + G[i][1] * g[3 + j] + G[i][2] * g[6 + j] : 0.0;
      for (int i = 0; i < a; i++)
        for (int j = 0; j < a; j++) uu[i][j] = gg[i][0] * G[j][0] + gg[i][1] * G[j][1] + gg[i][2] * G[j][2];
      for (int xi = 0; xi < a * a; xi++)
        u[((xi * np + o / PANEL) * c + ci) * PANEL + o % PANEL] = (float)uu[xi / a][xi % a];
    }
  }
  return FXRT_OK;
}

/* ---- the transforms' two passes ----------------------------------------------------------------------------- */

/* y = T x T^T for VW patches at once, x being n x n and y k x k (x[(r*n + s)*VW + lane], y likewise), by vector
 * arithmetic over the lanes: first the columns, e = T x (k x n), then the rows, y = e T^T. T is a macro
 * T(o, x0, .., x{n-1}) that writes the k values of T (x0 .. x{n-1}) to o(0) .. o(k-1); PTS(F) lists F(0) .. F(n-1).
 * x and y are the names of the enclosing function's arrays. */
#define TRANSFORM(T, n, k, PTS)                                                                                        \
  do {                                                                                                                 \
    const int n_ = (n), k_ = (k);                                                                                      \
    float e_[(k) * (n) * VW];                                                                                          \
    for (int j_ = 0; j_ < n_; j_++) /* columns */                                                                      \
      LANES(l) APPLY(T, TR_E, PTS(TR_X))                                                                               \
    for (int i_ = 0; i_ < k_; i_++) /* rows */                                                                         \
      LANES(l) APPLY(T, TR_Y, PTS(TR_S))                                                                               \
  } while (0)
#define APPLY(T, ...) T(__VA_ARGS__)
#define TR_X(r) x[((r)*n_ + j_) * VW + l]
#define TR_E(i) e_[((i)*n_ + j_) * VW + l]
#define TR_S(s) e_[(i_ * n_ + (s)) * VW + l]
#define TR_Y(j) y[(i_ * k_ + (j)) * VW + l]
#define PTS4(F) F(0), F(1), F(2), F(3)
#define PTS6(F) F(0), F(1), F(2), F(3), F(4), F(5)

/* ---- 1. the input transform -------------------------------------------------------------------------------- */

/* The six values o0..o5 = B^T (d0..d5) for the points 0, 1, -1, 1/2, -2 and infinity,
 *     B^T = [1 -3/2 -2 3/2 1 0; 0 -1 1/2 5/2 1 0; 0 1 -5/2 1/2 1 0; 0 -2 -1 2 1 0; 0 1/2 -1 -1/2 1 0;
 *            0 1 -3/2 -2 3/2 1],
 * written to o(0) .. o(5). */
#define BT(o, d0, d1, d2, d3, d4, d5)                                                                                  \
  {                                                                                                                    \
    const float p_ = d4 - d2, q_ = d3 - d1;                                                                            \
    o(0) = (d0 - d2) + p_ + 1.5f * q_;                                                                                 \
    o(1) = (d4 - d1) + 0.5f * d2 + 2.5f * d3;                                                                          \
    o(2) = (d4 + d1) - 2.5f * d2 + 0.5f * d3;                                                                          \
    o(3) = p_ + 2.0f * q_;                                                                                             \
    o(4) = p_ - 0.5f * q_;                                                                                             \
    o(5) = (d5 + d1) + 1.5f * p_ - 2.0f * d3;                                                                          \
  }

/* y = B^T x B for VW 6x6 patches x at once. */
static void input_transform4(const float *restrict x, float *restrict y) { TRANSFORM(BT, 6, 6, PTS6); }

/* The four values o0..o3 = B^T (d0..d3) of F(2x2, 3x3), B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1]. */
#define BT2(o, d0, d1, d2, d3)                                                                                         \
  {                                                                                                                    \
    o(0) = d0 - d2;                                                                                                    \
    o(1) = d1 + d2;                                                                                                    \
    o(2) = d2 - d1;                                                                                                    \
    o(3) = d1 - d3;                                                                                                    \
  }

/* y = B^T x B for VW 4x4 patches x at once. */
static void input_transform2(const float *restrict x, float *restrict y) { TRANSFORM(BT2, 4, 4, PTS4); }

/* Where lane l of a group gathers its patch from: rows [i0, i1) and columns [j0, j1) of the a x a patch are inside
 * the input (the rest is padding, zeros); patch element (i, j) is x[off + ci*h*w + i*w + j] for input channel ci. */
typedef struct patch {
  int64_t off;
  int i0, i1, j0, j1;
} patch;

/* d[(i*a + j)*VW + l] = the patch's inside elements for input channel plane xc (the others are left as they are:
 * zeros, set once per lane group). */
static void gather_patch(float *restrict d, int l, const float *restrict xc, int64_t w, int a, const patch *pt) {
  const float *restrict p = xc + pt->off;
  if (pt->j0 == 0 && pt->j1 == a) { /* whole rows (all of them, but at the top and bottom edges) */
    for (int i = pt->i0; i < pt->i1; i++) {
      const float *restrict pr = p + i * w;
      float *restrict dr = d + i * a * VW + l;
      dr[0] = pr[0], dr[VW] = pr[1], dr[2 * VW] = pr[2], dr[3 * VW] = pr[3];
      if (a == 6) dr[4 * VW] = pr[4], dr[5 * VW] = pr[5];
    }
    return;
  }
  for (int i = pt->i0; i < pt->i1; i++)
    for (int j = pt->j0; j < pt->j1; j++) d[(i * a + j) * VW + l] = p[i * w + j];
}

/* V_xi[ci][tt] for the lane group of the chunk's tiles t0 + tt .. t0 + tt + VW - 1 (tt a multiple of VW; the chunk
 * has nt tiles). V is [tp][c][ldv]; the group writes VW lanes (zeros past the chunk's last tile). */
static void transform_inputs(const float *x, const wino_geom *g, int64_t t0, int64_t nt, int64_t tt,
                             float *restrict V) {
  const int64_t hw = g->h * g->w, per_img = g->th * g->tw, ld = g->ldv;
  const int a = g->a, m = g->m, tp = g->tp;
  const int lanes = (int)min64(VW, nt - tt);
  patch pt[VW];
  for (int l = 0; l < lanes; l++) {
    const int64_t t = t0 + tt + l, r = t % per_img, iy = r / g->tw * m - g->ph, ix = r % g->tw * m - g->pw;
    pt[l].i0 = (int)(iy < 0 ? min64(-iy, a) : 0);
    pt[l].i1 = (int)(g->h - iy < a ? (g->h - iy > pt[l].i0 ? g->h - iy : pt[l].i0) : a);
    pt[l].j0 = (int)(ix < 0 ? min64(-ix, a) : 0);
    pt[l].j1 = (int)(g->w - ix < a ? (g->w - ix > pt[l].j0 ? g->w - ix : pt[l].j0) : a);
    pt[l].off = t / per_img * g->c * hw + iy * g->w + ix; /* may point before the plane; only inside read */
  }
  float d[TP_MAX * VW], v[TP_MAX * VW];
  memset(d, 0, sizeof d); /* padding, and lanes past the chunk's last tile */
  for (int64_t ci = 0; ci < g->c; ci++) {
    for (int l = 0; l < lanes; l++) gather_patch(d, l, x + ci * hw, g->w, a, &pt[l]);
    if (m == 4) input_transform4(d, v);
    else input_transform2(d, v);
    float *restrict dst = V + ci * ld + tt; /* tt + VW <= ldv */
    for (int xi = 0; xi < tp; xi++) LANES(l) dst[xi * g->c * ld + l] = v[xi * VW + l];
  }
}

/* Zeros in V's rows from the last lane group's end up to the chunk's rows (a multiple of MR). */
static void pad_inputs(const wino_geom *g, int64_t nt, float *restrict V) {
  const int64_t rows = round_up(nt, MR), written = round_up(nt, VW);
  if (rows > written)
    for (int64_t r = 0; r < g->tp * g->c; r++)
      memset(V + r * g->ldv + written, 0, (size_t)(rows - written) * sizeof(float));
}

/* ---- 2. the GEMMs ------------------------------------------------------------------------------------------ */

/* c[r*ldc + j] (+)= sum_{p < kc} a[r + p*lda] * b0[p*PANEL + j] for r < MR, j < VW, and the same with b1 for columns
 * VW + j: an MR x NR tile (tiles by output channels) of one transform point's product. The sum runs in blocks of
 * PARTIAL input channels, each summed in registers from zero and then added to the total (also in registers): that
 * halves the rounding error of deep sums (the output transform amplifies it), for a few adds. */
static void micro_kernel(int64_t kc, const float *restrict a, int64_t lda, const float *restrict b0,
                         const float *restrict b1, float *restrict c, int64_t ldc, bool accumulate) {
  gemm_micro(2, kc, PARTIAL, a, 1, lda, b0, b1, PANEL, c, ldc, accumulate, NULL);
}

/* The same for the first VW columns only (the last columns when kp is not a multiple of NR). */
static void micro_kernel_half(int64_t kc, const float *restrict a, int64_t lda, const float *restrict b0,
                              float *restrict c, int64_t ldc, bool accumulate) {
  gemm_micro(1, kc, PARTIAL, a, 1, lda, b0, b0, PANEL, c, ldc, accumulate, NULL);
}

/* M_xi[tt - r0][j] = sum_ci V_xi[ci][tt] U_xi[ci][jr + j] for the chunk's rows tt in [r0, r1) (multiples of MR) and
 * the nr (NR or VW) output channels of the panel at jr. U is [tp][kp/PANEL][c][PANEL]: column o of U_xi lives in panel
 * o/PANEL, lane o%PANEL. M is [tp][SUB_ROWS][NR]: the products of a few rows and one panel, which the output
 * transform reads while they are in cache. */
static void products(const float *u, const wino_geom *g, int64_t r0, int64_t r1, const float *V, int64_t jr, int64_t nr,
                     float *M) {
  const int64_t c = g->c, kp = g->kp, ld = g->ldv;
  for (int xi = 0; xi < g->tp; xi++) {
    const float *Vx = V + xi * c * ld, *Ux = u + xi * kp * c;
    float *Mx = M + (xi * SUB_ROWS - r0) * NR;
    const float *b0 = Ux + jr / PANEL * c * PANEL + jr % PANEL;
    const float *b1 = nr == NR ? Ux + (jr + VW) / PANEL * c * PANEL + (jr + VW) % PANEL : b0;
    for (int64_t pc = 0; pc < c; pc += KC) {
      const int64_t kc = min64(KC, c - pc);
      for (int64_t ir = r0; ir < r1; ir += MR) {
        if (nr == NR)
          micro_kernel(kc, Vx + pc * ld + ir, ld, b0 + pc * PANEL, b1 + pc * PANEL, Mx + ir * NR, NR, pc > 0);
        else /* VW columns left (kp is a multiple of PANEL, which VW divides) */
          micro_kernel_half(kc, Vx + pc * ld + ir, ld, b0 + pc * PANEL, Mx + ir * NR, NR, pc > 0);
      }
    }
  }
}

/* ---- 3. the output transform and the epilogue --------------------------------------------------------------- */

/* The four values A^T (m0..m5) for the points of BT, written to o(0) .. o(3),
 *     A^T = [1 1 1 1 1 0; 0 1 -1 1/2 -2 0; 0 1 1 1/4 4 0; 0 1 -1 1/8 -8 1]. */
#define AT(o, m0, m1, m2, m3, m4, m5)                                                                                  \
  {                                                                                                                    \
    const float a_ = m1 + m2, b_ = m1 - m2;                                                                            \
    o(0) = (m0 + a_) + (m3 + m4);                                                                                      \
    o(1) = b_ + 0.5f * m3 - 2.0f * m4;                                                                                 \
    o(2) = a_ + 0.25f * m3 + 4.0f * m4;                                                                                \
    o(3) = (b_ + m5) + 0.125f * m3 - 8.0f * m4;                                                                        \
  }

/* y = A^T x A for VW tiles of 6x6 transform points x at once (y: 4x4). */
static void output_transform4(const float *restrict x, float *restrict y) { TRANSFORM(AT, 6, 4, PTS6); }

/* The two values A^T (m0..m3) of F(2x2, 3x3), written to o(0) and o(1), A^T = [1 1 1 0; 0 1 -1 -1]. */
#define AT2(o, m0, m1, m2, m3)                                                                                         \
  {                                                                                                                    \
    o(0) = (m0 + m1) + m2;                                                                                             \
    o(1) = (m1 - m2) - m3;                                                                                             \
  }

/* y = A^T x A for VW tiles of 4x4 transform points x at once (F(2x2, 3x3); y: 2x2). */
static void output_transform2(const float *restrict x, float *restrict y) { TRANSFORM(AT2, 4, 2, PTS4); }

/* The output tiles t0 + tt, tt in [r0, r1), for the output channels [jr, jr + nr) from M (products of rows r0 ..):
 * y = A^T M A + bias, + residual, activation, clipped at the output's edge. */
static void transform_outputs(const wino_geom *g, int64_t t0, int64_t r0, int64_t r1, const float *M, int64_t jr,
                              int64_t nr, const float *bias, float *y, const fxrt_epilogue *ep) {
  const int64_t per_img = g->th * g->tw, ohw = g->oh * g->ow, kend = min64(jr + nr, g->k);
  const int m = g->m, mm = m * m;
  const float *res = ep ? ep->residual : NULL;
  const bool act = ep && ep->act != FXRT_ACT_NONE;
  for (int64_t tt = r0; tt < r1; tt++) {
    const int64_t t = t0 + tt, b = t / per_img, r = t % per_img, oy = r / g->tw * m, ox = r % g->tw * m;
    const int64_t ni = min64(m, g->oh - oy), nj = min64(m, g->ow - ox);
    for (int64_t k0 = jr; k0 < kend; k0 += VW) {
      const int64_t lanes = min64(VW, g->k - k0);
      float pm[TP_MAX * VW], o[16 * VW]; /* pm[xi*VW + lane], o[(i*m + j)*VW + lane] */
      for (int xi = 0; xi < g->tp; xi++) {
        const float *restrict src = M + (xi * SUB_ROWS + tt - r0) * NR + (k0 - jr); /* k0 + VW <= jr + nr */
        LANES(l) pm[xi * VW + l] = src[l];
      }
      if (m == 4) output_transform4(pm, o);
      else output_transform2(pm, o);
      if (bias) {
        float bv[VW];
        for (int64_t l = 0; l < VW; l++) bv[l] = l < lanes ? bias[k0 + l] : 0.0f;
        for (int e = 0; e < mm; e++) LANES(l) o[e * VW + l] += bv[l];
      }
      const int64_t base = (b * g->k + k0) * ohw + oy * g->ow + ox; /* lane l, position (i, j): + l*ohw + i*ow + j */
      if (ni == 4 && nj == 4) { /* a whole 4x4 tile: rows of four, unrolled */
        if (res)
          for (int64_t l = 0; l < lanes; l++)
            for (int i = 0; i < 4; i++) {
              const float *restrict rr = res + base + l * ohw + i * g->ow;
              float *restrict oi = o + i * 4 * VW + l;
              oi[0] += rr[0], oi[VW] += rr[1], oi[2 * VW] += rr[2], oi[3 * VW] += rr[3];
            }
        if (act)
          for (int e = 0; e < 16; e++) act_row(o + e * VW, VW, ep);
        for (int64_t l = 0; l < lanes; l++)
          for (int i = 0; i < 4; i++) {
            float *restrict yr = y + base + l * ohw + i * g->ow;
            const float *restrict oi = o + i * 4 * VW + l;
            yr[0] = oi[0], yr[1] = oi[VW], yr[2] = oi[2 * VW], yr[3] = oi[3 * VW];
          }
        continue;
      }
      if (res) /* a 2x2 tile, or a tile at the bottom or right edge: the part inside the output */
        for (int64_t l = 0; l < lanes; l++)
          for (int64_t i = 0; i < ni; i++)
            for (int64_t j = 0; j < nj; j++) o[(i * m + j) * VW + l] += res[base + l * ohw + i * g->ow + j];
      if (act)
        for (int e = 0; e < mm; e++) act_row(o + e * VW, VW, ep);
      for (int64_t l = 0; l < lanes; l++)
        for (int64_t i = 0; i < ni; i++)
          for (int64_t j = 0; j < nj; j++) y[base + l * ohw + i * g->ow + j] = o[(i * m + j) * VW + l];
    }
  }
}

/* ---- the convolution ---------------------------------------------------------------------------------------- */

/* With a thread pool, the work is cut one of two ways, each computing every output the same way as without one:
 *   - by chunks (many tiles, a region of the workspace per thread): a piece is a whole chunk, in the region of the
 *     worker that runs it, so that its V and M stay in that thread's cache (chunks of `chunk` tiles, at most g's);
 *   - within each chunk (few tiles): its lane groups (the input transform), then its panels of output channels times
 *     its blocks of SUB_ROWS rows (the products and the output transform), each with the M of the worker that runs
 *     it when every thread has a region, else `pieces` ranges of panels, one per region. */
typedef struct wino_job {
  const wino_geom *g;
  const float *x, *u, *bias;
  float *y, *V, *ws0; /* V: the chunk's (region 0's); ws0: region 0 */
  const fxrt_epilogue *ep;
  int64_t t0, nt, pieces, blocks, chunk; /* blocks: of SUB_ROWS rows in the chunk */
  size_t region;                        /* floats per region */
  bool region_per_worker;
} wino_job;

static float *region_m(const wino_job *J, int64_t r) {
  return J->ws0 + r * (int64_t)J->region + (int64_t)v_floats(J->g);
}

static void inputs_task(void *ctx, int64_t i, int32_t worker) {
  const wino_job *J = (const wino_job *)ctx;
  (void)worker;
  transform_inputs(J->x, J->g, J->t0, J->nt, i * VW, J->V);
}

/* Rows [r0, r1) of the chunk for the panel at jr, in M. */
static void panel_rows(const wino_job *J, int64_t jr, int64_t r0, int64_t r1, float *M) {
  const int64_t nr = min64(NR, J->g->kp - jr);
  products(J->u, J->g, r0, r1, J->V, jr, nr, M);
  transform_outputs(J->g, J->t0, r0, min64(r1, J->nt), M, jr, nr, J->bias, J->y, J->ep);
}

/* The panels at [lo, hi) for all the chunk's rows, a panel of output channels at a time, in M. */
static void panels_all_rows(const wino_job *J, int64_t lo, int64_t hi, float *M) {
  const int64_t rows = round_up(J->nt, MR);
  for (int64_t jr = lo; jr < hi; jr += NR)
    for (int64_t r0 = 0; r0 < rows; r0 += SUB_ROWS) panel_rows(J, jr, r0, min64(r0 + SUB_ROWS, rows), M);
}

/* The whole chunk at J->t0 with V and M at the given places. */
static void whole_chunk(wino_job *J, float *M) {
  for (int64_t tt = 0; tt < J->nt; tt += VW) transform_inputs(J->x, J->g, J->t0, J->nt, tt, J->V);
  pad_inputs(J->g, J->nt, J->V);
  panels_all_rows(J, 0, J->g->kp, M);
}

static void chunk_task(void *ctx, int64_t i, int32_t worker) {
  wino_job J = *(const wino_job *)ctx;
  J.V = J.ws0 + worker * (int64_t)J.region;
  J.t0 = i * J.chunk;
  J.nt = min64(J.chunk, J.g->tiles - J.t0);
  whole_chunk(&J, region_m(&J, worker));
}

static void outputs_task(void *ctx, int64_t i, int32_t worker) {
  const wino_job *J = (const wino_job *)ctx;
  if (J->region_per_worker) { /* piece i: panel i / blocks, rows block i % blocks */
    const int64_t r0 = i % J->blocks * SUB_ROWS;
    panel_rows(J, i / J->blocks * NR, r0, min64(r0 + SUB_ROWS, round_up(J->nt, MR)), region_m(J, worker));
    return;
  }
  int64_t lo, hi;
  par_part(J->g->kp, NR, J->pieces, i, &lo, &hi);
  panels_all_rows(J, lo, hi, region_m(J, i));
}

fxrt_status fxrt_winograd_conv2d_f32(int64_t tile, const float *x, int64_t n, int64_t c, int64_t h, int64_t w,
                                     const float *u, int64_t k, const float *bias, float *y, int64_t oh, int64_t ow,
                                     int64_t ph, int64_t pw, const fxrt_epilogue *ep, void *ws, size_t ws_bytes,
                                     const fxrt_threadpool *threads) {
  wino_geom g;
  if (!geom_of(tile, n, c, h, w, k, oh, ow, ph, pw, &g)) return FXRT_EINVAL;
  if (ep && (unsigned)ep->act >= (unsigned)FXRT_NUM_ACTS) return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !u || !y) return FXRT_EINVAL;
  if (!ws || ws_bytes < region_bytes(&g) + WS_ALIGN) return FXRT_EWORKSPACE;
  const int64_t regions = (int64_t)((ws_bytes - WS_ALIGN) / region_bytes(&g)), panels = (g.kp + NR - 1) / NR;
  const int64_t nthreads = par_threads(threads);
  wino_job J = {&g, x, u, bias, y, NULL, NULL, ep, 0, 0, 0, 0, g.chunk, region_bytes(&g) / sizeof(float),
                nthreads > 1 && nthreads <= regions};
  J.ws0 = (float *)(void *)(((uintptr_t)ws + (WS_ALIGN - 1)) & ~(uintptr_t)(WS_ALIGN - 1));
  J.V = J.ws0;
  if (J.region_per_worker) {
    /* by chunks of at most g.chunk tiles, when there are at least as many as threads: the size (1, 2 or 3 chunks
     * per thread) whose busiest thread has the fewest tiles. Each chunk reads all of U: more chunks than g.chunk's
     * only while U stays in cache (CACHED_U bytes). */
    const int64_t serial_chunks = (g.tiles + g.chunk - 1) / g.chunk;
    const bool u_cached = g.tp * g.kp * g.c * (int64_t)sizeof(float) <= CACHED_U;
    int64_t best = 0, best_span = INT64_MAX;
    for (int64_t per_thread = 1; per_thread <= 3; per_thread++) {
      const int64_t want = (g.tiles + per_thread * nthreads - 1) / (per_thread * nthreads);
      const int64_t size = min64(g.chunk, round_up(want, MR)), chunks = (g.tiles + size - 1) / size;
      const int64_t span = (chunks + nthreads - 1) / nthreads * size;
      if (chunks >= nthreads && (u_cached || chunks <= serial_chunks) && span < best_span) {
        best = size;
        best_span = span;
      }
    }
    if (best > 0) {
      J.chunk = best;
      par_run(threads, (g.tiles + best - 1) / best, chunk_task, &J);
      return FXRT_OK;
    }
  }
  J.pieces = min64(min64(nthreads, regions), panels);
  for (J.t0 = 0; J.t0 < g.tiles; J.t0 += g.chunk) {
    J.nt = min64(g.chunk, g.tiles - J.t0);
    if (nthreads == 1) { /* in order, on this thread */
      whole_chunk(&J, region_m(&J, 0));
      continue;
    }
    par_run(threads, (J.nt + VW - 1) / VW, inputs_task, &J);
    pad_inputs(&g, J.nt, J.V);
    J.blocks = (round_up(J.nt, MR) + SUB_ROWS - 1) / SUB_ROWS;
    par_run(threads, J.region_per_worker ? panels * J.blocks : J.pieces, outputs_task, &J);
  }
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_winograd_conv2d_f32
FXRT_DISPATCHER(fxrt_status, fxrt_winograd_conv2d_f32,
                (int64_t tile, const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *u, int64_t k,
                 const float *bias, float *y, int64_t oh, int64_t ow, int64_t ph, int64_t pw, const fxrt_epilogue *ep,
                 void *ws, size_t ws_bytes, const fxrt_threadpool *threads),
                (tile, x, n, c, h, w, u, k, bias, y, oh, ow, ph, pw, ep, ws, ws_bytes, threads))
