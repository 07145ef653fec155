/* fxrt_nchwc.c: convolutions in the blocked channel layout NCHW16c (fxrt.h), and the reorders into and out of it.
 *
 * A block of 16 channels of one pixel is BV = 16/VW vectors (one with AVX-512, two with AVX2, four with SSE or NEON).
 *   - Pointwise (1x1, stride 1, no padding, one group): the plane is a row of h*w pixels. A tile of nv vectors of
 *     output channels by np pixels (4 x 6, 3 x 8, 2 x 12 ... : 24 accumulators with AVX-512's 32 registers, 12 with
 *     16) is accumulated in registers: per input channel ci, nv vector loads of the packed weight ([kb][c][16]: the
 *     16 output channels of block kb for input channel ci are contiguous), np broadcasts of x's channel ci at the
 *     tile's pixels and nv*np multiply-adds. Pixels left over go in tiles of 4 and 1, so a plane costs what it
 *     computes (7x7 = 49 pixels; the NCHW GEMM pads them to 64 lanes). Output vectors are shared out in groups of
 *     as equal sizes as can be, pixels in chunks whose x fits in L2.
 *   - Dense (one group, any kernel, stride, padding and dilation; from an NCHW16c input, or from an NCHW one of up to
 *     FXRT_NCHWC_DENSE_MAX_C channels: a stem): per output row, tiles as the pointwise kernel's whose taps (input
 *     channel, kernel row, kernel column) are each nv weight vectors and np broadcasts of the input under the tap;
 *     border columns one pixel at a time with their taps inside the input: no im2col, no padding buffer.
 *   - Depthwise (groups = c = k): per output row, the columns whose taps all fall inside the input go in tiles of
 *     8 vectors (8/BV pixels), then 4, 2, 1: per tap one vector multiply-add per vector of the tile, with no copy of
 *     the input, no padding buffer and no phase split (a stride only changes the step between the tile's pixels);
 *     the columns at the borders, and the rows at the top and bottom, skip the taps that fall outside.
 * Max pooling likewise takes 16 channels per step.
 * Bias, residual and a clamp activation (none, ReLU, ReLU6, hardtanh) are applied in registers as a tile is stored;
 * other activations over the stored tile.
 * Sums run over the taps in order (input channels; kernel rows; kernel columns), in f32 (fused multiply-adds where
 * the target has them), then + bias, + residual and the activation, the same operations whichever tile or thread
 * computes an output: results do not depend on the cut. Loops are written as fxrt_vec.h describes.
 */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_conv2d_nchwc_supported FXRT_ISA_COPY(fxrt_conv2d_nchwc_supported)
#define fxrt_nchwc_weight_numel FXRT_ISA_COPY(fxrt_nchwc_weight_numel)
#define fxrt_nchwc_pack_weight_f32 FXRT_ISA_COPY(fxrt_nchwc_pack_weight_f32)
#define fxrt_to_nchwc_f32 FXRT_ISA_NAME(fxrt_to_nchwc_f32)
#define fxrt_from_nchwc_f32 FXRT_ISA_NAME(fxrt_from_nchwc_f32)
#define fxrt_conv2d_nchwc_f32 FXRT_ISA_NAME(fxrt_conv2d_nchwc_f32)
#define fxrt_conv2d_nchw_nchwc_supported FXRT_ISA_COPY(fxrt_conv2d_nchw_nchwc_supported)
#define fxrt_conv2d_nchw_nchwc_f32 FXRT_ISA_NAME(fxrt_conv2d_nchw_nchwc_f32)
#define fxrt_nchwc_global_avg_pool_f32 FXRT_ISA_NAME(fxrt_nchwc_global_avg_pool_f32)
#define fxrt_nchwc_scale_f32 FXRT_ISA_NAME(fxrt_nchwc_scale_f32)
#define fxrt_nchwc_max_pool2d_f32 FXRT_ISA_NAME(fxrt_nchwc_max_pool2d_f32)
#include "fxrt.h"
#include "fxrt_check.h"
#include "fxrt_gemm.h"
#include "fxrt_par.h"

#include <string.h>

/* GCC's -O2 (as executables and C folders are built) vectorizes only loops whose cost it need not weigh: the tiles'
 * epilogues, which read the accumulators lane by lane, would stay scalar (3-4x slower kernels). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("vect-cost-model=dynamic")
#endif

#define B FXRT_NCHWC_BLOCK
#define BV (B / VW) /* vectors per block */

/* The pointwise tiles: at most PW_NV vectors of output channels (24 accumulators of AVX-512's 32 registers, 12 of the
 * 16 AVX2 or SSE ones: pw_main_pixels), at most PW_NP pixels. */
#if VW >= 16
#define PW_NV 4
#else
#define PW_NV 2
#endif
#define PW_NP 12 /* pixel chunks are multiples of the widest tile */


static int64_t blocks(int64_t c) { return (c + B - 1) / B; }

static bool is_pointwise(int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  return kh == 1 && kw == 1 && p->groups == 1 && p->stride[0] == 1 && p->stride[1] == 1 && p->padding[0] == 0 &&
         p->padding[1] == 0 && p->pad_extra[0] == 0 && p->pad_extra[1] == 0;
}

static bool is_depthwise(int64_t c, int64_t k, const fxrt_conv2d_params *p) { return p->groups == c && k == c; }

bool fxrt_conv2d_nchwc_supported(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  if (!p || !conv_params_ok(p) || !in_range(c, 1) || !in_range(k, 1) || !in_range(kh, 1) || !in_range(kw, 1))
    return false;
  return p->groups == 1 || is_depthwise(c, k, p);
}

bool fxrt_conv2d_nchw_nchwc_supported(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  if (!p || !conv_params_ok(p) || !in_range(c, 1) || !in_range(k, 1) || !in_range(kh, 1) || !in_range(kw, 1))
    return false;
  return p->groups == 1 && c <= FXRT_NCHWC_DENSE_MAX_C;
}

/* Whether the weight packs: one group (pointwise, or dense: [kb][c*kh*kw][16]) or depthwise. */
static bool packable(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  if (!p || !conv_params_ok(p) || !in_range(c, 1) || !in_range(k, 1) || !in_range(kh, 1) || !in_range(kw, 1))
    return false;
  return p->groups == 1 || is_depthwise(c, k, p);
}

int64_t fxrt_nchwc_weight_numel(int64_t c, int64_t k, int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  if (!packable(c, k, kh, kw, p)) return 0;
  int64_t t;
  if (p->groups == 1) return mul_ok(c, kh * kw, &t) && mul_ok(blocks(k) * B, t, &t) ? t : 0;
  return mul_ok(blocks(c) * B, kh * kw, &t) ? t : 0;
}

fxrt_status fxrt_nchwc_pack_weight_f32(const float *weight, int64_t c, int64_t k, int64_t kh, int64_t kw,
                                       const fxrt_conv2d_params *p, float *wp) {
  const int64_t numel = fxrt_nchwc_weight_numel(c, k, kh, kw, p);
  if (numel == 0 || !weight || !wp) return FXRT_EINVAL;
  memset(wp, 0, (size_t)numel * sizeof(float));
  if (p->groups == 1) { /* the taps (input channel, kernel row, kernel column) of output channel o */
    const int64_t taps = c * kh * kw;
    for (int64_t o = 0; o < k; o++)
      for (int64_t t = 0; t < taps; t++) wp[((o / B) * taps + t) * B + o % B] = weight[o * taps + t];
  } else {
    for (int64_t ch = 0; ch < c; ch++)
      for (int64_t t = 0; t < kh * kw; t++) wp[((ch / B) * kh * kw + t) * B + ch % B] = weight[ch * kh * kw + t];
  }
  return FXRT_OK;
}

/* ---- reorders ----------------------------------------------------------------------------------------------- */

/* Pixels are moved in squares of B channels by B pixels. */
/* The reorders' arguments: FXRT_EINVAL for sizes out of range or a missing buffer, FXRT_OK with *empty when there is
 * nothing to move. */
static fxrt_status reorder_args(const float *x, int64_t n, int64_t c, int64_t hw, const float *y, bool *empty) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 1) || !in_range(hw, 0) || !mul_ok(n * blocks(c) * B, hw, &t))
    return FXRT_EINVAL;
  *empty = n == 0 || hw == 0;
  return *empty || (x && y) ? FXRT_OK : FXRT_EINVAL;
}

fxrt_status fxrt_to_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t hw, float *y) {
  bool empty;
  const fxrt_status st = reorder_args(x, n, c, hw, y, &empty);
  if (st != FXRT_OK || empty) return st;
  const int64_t cb = blocks(c);
  for (int64_t b = 0; b < n; b++)
    for (int64_t kb = 0; kb < cb; kb++) {
      const int64_t lanes = min64(B, c - kb * B);
      const float *restrict xb = x + (b * c + kb * B) * hw;
      float *restrict yb = y + (b * cb + kb) * hw * B;
      for (int64_t p0 = 0; p0 < hw; p0 += B) {
        const int64_t np = min64(B, hw - p0);
        float *restrict yp = yb + p0 * B;
        if (lanes == B && np == B) { /* a whole square: loops of constant length, no conditions */
          for (int l = 0; l < B; l++)
            for (int p = 0; p < B; p++) yp[p * B + l] = xb[l * hw + p0 + p];
          continue;
        }
        for (int64_t p = 0; p < np; p++)
          for (int64_t l = 0; l < B; l++) yp[p * B + l] = l < lanes ? xb[l * hw + p0 + p] : 0.0f;
      }
    }
  return FXRT_OK;
}

fxrt_status fxrt_from_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t hw, float *y) {
  bool empty;
  const fxrt_status st = reorder_args(x, n, c, hw, y, &empty);
  if (st != FXRT_OK || empty) return st;
  const int64_t cb = blocks(c);
  for (int64_t b = 0; b < n; b++)
    for (int64_t kb = 0; kb < cb; kb++) {
      const int64_t lanes = min64(B, c - kb * B);
      const float *restrict xb = x + (b * cb + kb) * hw * B;
      float *restrict yb = y + (b * c + kb * B) * hw;
      for (int64_t p0 = 0; p0 < hw; p0 += B) {
        const int64_t np = min64(B, hw - p0);
        const float *restrict xp = xb + p0 * B;
        if (lanes == B && np == B) { /* a whole square: loops of constant length, no conditions */
          for (int l = 0; l < B; l++)
            for (int p = 0; p < B; p++) yb[l * hw + p0 + p] = xp[p * B + l];
          continue;
        }
        for (int64_t l = 0; l < lanes; l++)
          for (int64_t p = 0; p < np; p++) yb[l * hw + p0 + p] = xp[p * B + l];
      }
    }
  return FXRT_OK;
}

/* ---- per-channel operations: squeeze-and-excitation's mean and scale ----------------------------------------- */

typedef struct chan_job {
  const float *x, *s;
  float *y;
  int64_t c, cb, h, w;
  int64_t s_step; /* s's stride between images: c, or 0 for one row that all share */
  int64_t chunk;  /* pixels per piece (scale) */
  int64_t chunks; /* pieces per plane */
} chan_job;

/* One block of channels of one image: four sums of a vector each over the pixels p = 0, 1, 2, 3 (mod 4) in order
 * (the pixels beyond a multiple of 4 into the first), then (s0 + s1) + (s2 + s3), / h, / w. */
static void mean_task(void *ctx, int64_t i, int32_t worker) {
  const chan_job *J = (const chan_job *)ctx;
  (void)worker;
  const int64_t b = i / J->cb, kb = i % J->cb, hw = J->h * J->w;
  const float *restrict x = J->x + i * hw * B;
  float a0[B], a1[B], a2[B], a3[B];
  for (int l = 0; l < B; l++) a0[l] = a1[l] = a2[l] = a3[l] = 0.0f;
  int64_t p = 0;
  for (; p + 4 <= hw; p += 4) {
    const float *restrict xp = x + p * B;
    for (int l = 0; l < B; l++) {
      a0[l] += xp[l];
      a1[l] += xp[B + l];
      a2[l] += xp[2 * B + l];
      a3[l] += xp[3 * B + l];
    }
  }
  for (; p < hw; p++)
    for (int l = 0; l < B; l++) a0[l] += x[p * B + l];
  const int64_t lanes = min64(B, J->c - kb * B);
  float *y = J->y + b * J->c + kb * B;
  for (int64_t l = 0; l < lanes; l++) y[l] = ((a0[l] + a1[l]) + (a2[l] + a3[l])) / (float)J->h / (float)J->w;
}

fxrt_status fxrt_nchwc_global_avg_pool_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                           const fxrt_threadpool *threads) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 1) || !in_range(h, 1) || !in_range(w, 1) || !mul_ok(h, w, &t) ||
      !mul_ok(n * blocks(c) * B, t, &t))
    return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const chan_job J = {.x = x, .s = NULL, .y = y, .c = c, .cb = blocks(c), .h = h, .w = w, .s_step = 0, .chunk = 0,
                      .chunks = 0};
  par_run(threads, n * J.cb, mean_task, (void *)&J);
  return FXRT_OK;
}

/* Pixels [piece*chunk, +chunk) of one block of channels of one image: y = x * s (zeros beyond c). */
static void scale_task(void *ctx, int64_t i, int32_t worker) {
  const chan_job *J = (const chan_job *)ctx;
  (void)worker;
  const int64_t plane = i / J->chunks, b = plane / J->cb, kb = plane % J->cb, hw = J->h * J->w;
  const int64_t p0 = i % J->chunks * J->chunk, p1 = min64(p0 + J->chunk, hw);
  float sv[B];
  for (int64_t l = 0; l < B; l++) sv[l] = kb * B + l < J->c ? J->s[b * J->s_step + kb * B + l] : 0.0f;
  const float *x = J->x + (plane * hw + p0) * B; /* y may be x: each lane reads before it writes */
  float *y = J->y + (plane * hw + p0) * B;
  for (int64_t p = 0; p < p1 - p0; p++)
    for (int l = 0; l < B; l++) y[p * B + l] = x[p * B + l] * sv[l];
}

fxrt_status fxrt_nchwc_scale_f32(const float *x, int64_t n, int64_t c, int64_t hw, const float *s, bool s_batched,
                                 float *y, const fxrt_threadpool *threads) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 1) || !in_range(hw, 0) || !mul_ok(n * blocks(c) * B, hw, &t))
    return FXRT_EINVAL;
  if (n == 0 || hw == 0) return FXRT_OK;
  if (!x || !s || !y) return FXRT_EINVAL;
  const int64_t planes = n * blocks(c), want = 4 * (int64_t)par_threads(threads);
  /* enough pieces for the pool, none shorter than 64 pixels (4 KiB) */
  int64_t chunk = planes >= want ? hw : par_piece(hw, (want + planes - 1) / planes, 1);
  if (chunk < 64) chunk = min64(64, hw);
  const chan_job J = {.x = x, .s = s, .y = y, .c = c, .cb = blocks(c), .h = 1, .w = hw,
                      .s_step = s_batched ? c : 0, .chunk = chunk, .chunks = (hw + chunk - 1) / chunk};
  par_run(threads, planes * J.chunks, scale_task, (void *)&J);
  return FXRT_OK;
}

/* ---- the epilogue of a stretch of blocked outputs -------------------------------------------------------------- */

/* The activation on rows x lanes values of y (row stride B) from lane l0 of a block, then zeros in the lanes of
 * channels >= k (ch0: the channel of lane 0 of the block). */
static void finish_rows(float *y, int64_t rows, int64_t l0, int64_t lanes, int64_t ch0, int64_t k,
                        const fxrt_epilogue *ep) {
  if (ep && ep->act != FXRT_ACT_NONE) {
    if (lanes == B) { /* whole blocks: one contiguous row */
      int64_t n = rows * B;
      OPAQUE_PTR(n); /* GCC would warn of the remainder loop, dead for a multiple of 16 (-Waggressive-loop-...) */
      act_rows(y, n, 1, n, ep);
    } else
      act_rows(y + l0, B, rows, lanes, ep);
  }
  if (ch0 + l0 + lanes > k)
    for (int64_t r = 0; r < rows; r++)
      for (int64_t l = max64(l0, k - ch0); l < l0 + lanes; l++) y[r * B + l] = 0.0f;
}

/* The residual of an epilogue without one (+ 0.0f changes no value but a -0.0f sum). */
static const float zeros[B] = {0.0f};

/* The bias of the vector at channel ch (zeros beyond k). */
static void bias_vec(float *bv, const float *bias, int64_t ch, int64_t k) {
  for (int l = 0; l < VW; l++) bv[l] = bias && ch + l < k ? bias[ch + l] : 0.0f;
}

/* ---- pointwise ---------------------------------------------------------------------------------------------- */

typedef struct pw_job {
  const float *x, *wp, *bias, *res;
  float *y;
  const fxrt_epilogue *ep;
  int64_t c, k, hw, cb, kb;
  int64_t groups;  /* tiles of PW_NV vectors over the ceil(k/16)*BV output vectors */
  int64_t chunk;   /* pixels per piece */
  int64_t chunks;  /* pieces per plane and group */
} pw_job;

/* Vector v of the output channels: its block and its lane offset in it. */
#define VBLK(v) ((v) / BV)
#define VOFF(v) ((v) % BV * VW)

/* The activations that the tiles apply in registers, as min(max(v, lo), hi) in fxrt_s_relu/relu6's way (NaN stays
 * NaN): none, ReLU, ReLU6, clamp. The others are applied to the stored tile (finish_rows). */
static bool clamp_act(const fxrt_epilogue *ep, float *lo, float *hi) {
  const fxrt_act act = ep ? ep->act : FXRT_ACT_NONE;
  *lo = act == FXRT_ACT_RELU || act == FXRT_ACT_RELU6 ? 0.0f : act == FXRT_ACT_CLAMP ? ep->lo : -INFINITY;
  *hi = act == FXRT_ACT_RELU6 ? 6.0f : act == FXRT_ACT_CLAMP ? ep->hi : INFINITY;
  return act == FXRT_ACT_NONE || act == FXRT_ACT_RELU || act == FXRT_ACT_RELU6 || act == FXRT_ACT_CLAMP;
}

/* What a piece's tiles add and apply: the bias of its (up to 4) output vectors, the clamp (clamp_act). */
typedef struct pw_ep {
  float bv[4][VW];
  float lo, hi;
  bool in_regs;
} pw_ep;

/* The register tiles' pieces, shared by pw_micro and dn_micro. Accumulators a0_P .. a3_P (output vectors 0 to 3 at
 * tile pixel P): declared (TILE_DECL) and zeroed (TILE_ZERO); one multiply-add step (TILE_STEP) of the x value the
 * kernel's TILE_X(P) names against the weight vectors w0 .. w3 at offset wo; stored (TILE_STORE_ALL: + bias, +
 * residual, the clamp) at the output offsets the kernel's TILE_O(J, P) names; TILE_ON(P), the kernel's too, says
 * whether pixel P takes the step. Constant nv and np in each copy of a kernel, so that the accumulators are
 * registers and the conditions fold. */
#define PW_PIX(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define TILE_DECL(p) float a0_##p[VW], a1_##p[VW], a2_##p[VW], a3_##p[VW];
#define TILE_ZERO(p)                                                                                                   \
  if ((p) < np) LANES(l) a0_##p[l] = a1_##p[l] = a2_##p[l] = a3_##p[l] = 0.0f;
#define TILE_STEP(p)                                                                                                   \
  if ((p) < np && TILE_ON(p)) {                                                                                        \
    const float xp = TILE_X(p);                                                                                        \
    LANES(l) {                                                                                                         \
      a0_##p[l] = MADD(a0_##p[l], xp, w0[wo + l]);                                                                     \
      if (nv > 1) a1_##p[l] = MADD(a1_##p[l], xp, w1[wo + l]);                                                         \
      if (nv > 2) a2_##p[l] = MADD(a2_##p[l], xp, w2[wo + l]);                                                         \
      if (nv > 3) a3_##p[l] = MADD(a3_##p[l], xp, w3[wo + l]);                                                         \
    }                                                                                                                  \
  }
#define TILE_OUT(j, p)                                                                                                 \
  if ((j) < nv && (p) < np) {                                                                                          \
    const int64_t o_ = TILE_O(j, p);                                                                                   \
    float *restrict yo_ = y_ + o_;                                                                                     \
    const float *restrict ro_ = res_ ? res_ + o_ : zeros; /* (y itself, maybe: each lane reads before it writes) */    \
    LANES(l) {                                                                                                         \
      const float s_ = a##j##_##p[l] + bv##j[l] + ro_[l], v_ = s_ < lo_ ? lo_ : s_;                                    \
      yo_[l] = v_ > hi_ ? hi_ : v_;                                                                                    \
    }                                                                                                                  \
  }
#define TILE_STORE(p) TILE_OUT(0, p) TILE_OUT(1, p) TILE_OUT(2, p) TILE_OUT(3, p)
/* the bias in locals: the stores cannot change them (vectorized at -O2) */
#define TILE_STORE_ALL(E, y, res)                                                                                      \
  {                                                                                                                    \
    float *const y_ = (y);                                                                                             \
    const float lo_ = (E)->lo, hi_ = (E)->hi, *const res_ = (res);                                                     \
    float bv0[VW], bv1[VW], bv2[VW], bv3[VW];                                                                          \
    LANES(l) bv0[l] = (E)->bv[0][l], bv1[l] = (E)->bv[1][l], bv2[l] = (E)->bv[2][l], bv3[l] = (E)->bv[3][l];           \
    PW_PIX(TILE_STORE)                                                                                                 \
  }

/* After a tile's store: the activations it did not apply and the zeros beyond k, block by block of its nv vectors
 * from v0; y at the tile's first pixel in the image's first block of outputs, plane the floats from block to block. */
static void finish_tile(const fxrt_epilogue *ep, const pw_ep *E, float *y, int64_t plane, int64_t v0, int64_t nv,
                        int64_t np, int64_t k) {
  if (E->in_regs && (VBLK(v0 + nv - 1) + 1) * B <= k) return;
  for (int64_t v = v0; v < v0 + nv;) {
    const int64_t blk = VBLK(v), first = v;
    while (v < v0 + nv && VBLK(v) == blk) v++;
    finish_rows(y + blk * plane, np, VOFF(first), (v - first) * VW, blk * B, k, E->in_regs ? NULL : ep);
  }
}

/* The tile of nv vectors (from output vector v0) by np pixels (from pixel p0) of image b (pw_tile_NV_NP below). */
GEMM_INLINE void pw_micro(const pw_job *J, int nv, int np, int64_t b, int64_t v0, int64_t p0, const pw_ep *E) {
  const int64_t c = J->c, hw = J->hw;
  const float *restrict x = J->x + b * J->cb * hw * B + p0 * B;
  const float *restrict w0 = J->wp + VBLK(v0) * c * B + VOFF(v0);
  const float *restrict w1 = nv > 1 ? J->wp + VBLK(v0 + 1) * c * B + VOFF(v0 + 1) : w0;
  const float *restrict w2 = nv > 2 ? J->wp + VBLK(v0 + 2) * c * B + VOFF(v0 + 2) : w0;
  const float *restrict w3 = nv > 3 ? J->wp + VBLK(v0 + 3) * c * B + VOFF(v0 + 3) : w0;
  PW_PIX(TILE_DECL)
  PW_PIX(TILE_ZERO)
  for (int64_t ib = 0; ib * B < c; ib++) {
    const float *restrict xb = x + ib * hw * B;
    const int64_t lanes = min64(B, c - ib * B);
    for (int64_t li = 0; li < lanes; li++) {
      const int64_t wo = (ib * B + li) * B;
#define TILE_X(p) xb[(p)*B + li]
#define TILE_ON(p) 1
      PW_PIX(TILE_STEP)
#undef TILE_ON
#undef TILE_X
    }
  }
  const int64_t yb = b * J->kb * hw * B + p0 * B;
#define TILE_O(j, p) (yb + VBLK(v0 + (j)) * hw * B + (p)*B + VOFF(v0 + (j)))
  TILE_STORE_ALL(E, J->y, J->res)
#undef TILE_O
  finish_tile(J->ep, E, J->y + yb, hw * B, v0, nv, np, J->k);
}

/* The tiles: (vectors, pixels) with at most 24 accumulators (12 with 16 vector registers), and the narrower ones
 * for the pixels left over. */
#define PW_TILE(nv, np)                                                                                                \
  static void pw_tile_##nv##_##np(const pw_job *J, int64_t b, int64_t v0, int64_t p0, const pw_ep *E) {              \
    pw_micro(J, nv, np, b, v0, p0, E);                                                                                 \
  }
#define PW_TILES_1(X) X(1, 12) X(1, 4) X(1, 1)
#define PW_TILES_2(X) X(2, 6) X(2, 4) X(2, 1)
#if PW_NV > 2
#define PW_TILES_MORE(X) X(2, 12) X(3, 8) X(3, 4) X(3, 1) X(4, 6) X(4, 4) X(4, 1)
#else
#define PW_TILES_MORE(X)
#endif
PW_TILES_1(PW_TILE)
PW_TILES_2(PW_TILE)
PW_TILES_MORE(PW_TILE)

/* The widest tile of nv vectors: its pixels. */
static int64_t pw_main_pixels(int64_t nv) { return nv == 1 || (PW_NV > 2 && nv == 2) ? 12 : nv == 3 ? 8 : 6; }

/* Pixels [p, p1) of nv vectors from v0: tiles of the main width, then of 4, then single pixels. */
static void pw_run(const pw_job *J, int64_t nv, int64_t b, int64_t v0, int64_t p, int64_t p1) {
  const int64_t main = pw_main_pixels(nv);
  pw_ep E;
  E.in_regs = clamp_act(J->ep, &E.lo, &E.hi);
  for (int64_t j = 0; j < nv; j++) bias_vec(E.bv[j], J->bias, VBLK(v0 + j) * B + VOFF(v0 + j), J->k);
  for (; p < p1;) {
    const int64_t np = p1 - p >= main ? main : p1 - p >= 4 ? 4 : 1;
#define PW_CASE(nv_, np_)                                                                                              \
  case nv_ * 16 + np_: pw_tile_##nv_##_##np_(J, b, v0, p, &E); break;
    switch (nv * 16 + np) {
      PW_TILES_1(PW_CASE)
      PW_TILES_2(PW_CASE)
      PW_TILES_MORE(PW_CASE)
    default: break;
    }
#undef PW_CASE
    p += np;
  }
}

/* Piece i: image b, one group of output vectors, one chunk of pixels. */
static void pw_task(void *ctx, int64_t i, int32_t worker) {
  const pw_job *J = (const pw_job *)ctx;
  (void)worker;
  const int64_t chunk_i = i % J->chunks, g = i / J->chunks % J->groups, b = i / J->chunks / J->groups;
  const int64_t nvec = J->kb * BV, per = (nvec + J->groups - 1) / J->groups, v0 = g * per;
  const int64_t nv = min64(per, nvec - v0);
  const int64_t p0 = chunk_i * J->chunk, p1 = min64(p0 + J->chunk, J->hw);
  if (nv > 0) pw_run(J, nv, b, v0, p0, p1);
}

static void conv_pointwise(const pw_job *J0, int64_t n, const fxrt_threadpool *threads) {
  pw_job J = *J0;
  J.groups = (J.kb * BV + PW_NV - 1) / PW_NV; /* of as equal sizes as can be (6 vectors: 3 + 3, not 4 + 2) */
  /* pixels per piece: x's rows of them (c values each) within ~256 KiB, read once per group from L2 */
  int64_t chunk = max64(PW_NP, (256 * 1024 / 4) / J.c / PW_NP * PW_NP);
  const int64_t want = 4 * (int64_t)par_threads(threads);
  if (par_threads(threads) > 1)
    while (chunk > PW_NP && n * J.groups * ((J.hw + chunk - 1) / chunk) < want)
      chunk = max64(PW_NP, chunk / 2 / PW_NP * PW_NP);
  J.chunk = min64(chunk, J.hw);
  J.chunks = (J.hw + J.chunk - 1) / J.chunk;
  par_run(threads, n * J.groups * J.chunks, pw_task, &J);
}

/* ---- depthwise ---------------------------------------------------------------------------------------------- */

typedef struct dw_job {
  const float *x, *wp, *bias, *res;
  float *y;
  const fxrt_epilogue *ep;
  int64_t c, cb, h, w, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw;
  int64_t rows; /* output rows per piece */
} dw_job;

/* The indices t in [0, n) with 0 <= t*s + off < lim (s >= 1) form [*lo, *hi). */
static void valid_range(int64_t s, int64_t off, int64_t lim, int64_t n, int64_t *lo, int64_t *hi) {
  int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
  int64_t h = lim - 1 - off < 0 ? 0 : (lim - 1 - off) / s + 1;
  if (h > n) h = n;
  if (l > h) l = h;
  *lo = l;
  *hi = h;
}

/* nq vectors (nq / BV pixels from ox) of one output row, the taps of kernel rows [ky0, ky1) and columns [kx0, kx1)
 * (all inside the input), + bias, + residual, the activation if it is a clamp, stored at y (the residual at res, or
 * NULL; it may be y). Vector q is pixel q / BV, lanes (q % BV)*VW of it. Constant nq in each copy. */
GEMM_INLINE void dw_micro(const dw_job *J, int nq, const float *restrict xb, const float *restrict wb, int64_t iy0,
                          int64_t ky0, int64_t ky1, int64_t kx0, int64_t kx1, int64_t ox, const float *restrict bv,
                          float lo, float hi, float *y, const float *res) {
  const int64_t step = J->sw * B;
#define DW_Q(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define DW_DECL(q) float a##q[VW];
  DW_Q(DW_DECL)
#define DW_ZERO(q)                                                                                                     \
  if ((q) < nq) LANES(l) a##q[l] = 0.0f;
  DW_Q(DW_ZERO)
  float bl[B]; /* a local copy: the stores below cannot change it (vectorized at -O2) */
  for (int l = 0; l < B; l++) bl[l] = bv[l];
  for (int64_t ky = ky0; ky < ky1; ky++) {
    const float *restrict xr = xb + ((iy0 + ky * J->dh) * J->w + ox * J->sw - J->pw) * B;
    for (int64_t kx = kx0; kx < kx1; kx++) {
      const float *restrict xt = xr + kx * J->dw * B, *restrict wt = wb + (ky * J->kw + kx) * B;
#define DW_TAP(q)                                                                                                      \
  if ((q) < nq) LANES(l) a##q[l] = MADD(a##q[l], xt[(q) / BV * step + (q) % BV * VW + l], wt[(q) % BV * VW + l]);
      DW_Q(DW_TAP)
    }
  }
#define DW_OUT(q)                                                                                                      \
  if ((q) < nq) {                                                                                                      \
    const int64_t o_ = (q) / BV * B + (q) % BV * VW;                                                                   \
    float *restrict yo_ = y + o_;                                                                                      \
    const float *restrict ro_ = res ? res + o_ : zeros; /* (y itself, maybe: each lane reads before it writes) */      \
    LANES(l) {                                                                                                         \
      const float s_ = a##q[l] + bl[(q) % BV * VW + l] + ro_[l], v_ = s_ < lo ? lo : s_;                               \
      yo_[l] = v_ > hi ? hi : v_;                                                                                      \
    }                                                                                                                  \
  }
  DW_Q(DW_OUT)
#undef DW_DECL
#undef DW_ZERO
#undef DW_TAP
#undef DW_OUT
}

/* The tiles: 8, 4, 2 and 1 vectors (those that are whole pixels: multiples of BV); DW_ONE is one pixel. */
#if VW >= 16
#define DW_ONE 1
#elif VW == 8
#define DW_ONE 2
#else
#define DW_ONE 4
#endif
#define DW_TILE(nq)                                                                                                    \
  static void dw_tile_##nq(const dw_job *J, const float *xb, const float *wb, int64_t iy0, int64_t ky0, int64_t ky1,   \
                           int64_t kx0, int64_t kx1, int64_t ox, const float *bv, float lo, float hi, float *y,       \
                           const float *res) {                                                                         \
    dw_micro(J, nq, xb, wb, iy0, ky0, ky1, kx0, kx1, ox, bv, lo, hi, y, res);                                          \
  }
DW_TILE(8)
#if BV <= 4
DW_TILE(4)
#endif
#if BV <= 2
DW_TILE(2)
#endif
#if BV <= 1
DW_TILE(1)
#endif

static void dw_task(void *ctx, int64_t i, int32_t worker) {
  const dw_job *J = (const dw_job *)ctx;
  (void)worker;
  const int64_t total = J->cb * J->oh; /* rows of blocks per image; pieces do not cross images */
  const int64_t per_image = (total + J->rows - 1) / J->rows, b = i / per_image;
  const int64_t r0 = i % per_image * J->rows, r1 = min64(r0 + J->rows, total);
  float lo, hi;
  const bool in_regs = clamp_act(J->ep, &lo, &hi);
  /* the columns whose taps are all inside the input */
  int64_t ox0, ox1;
  valid_range(J->sw, -J->pw, J->w - (J->kw - 1) * J->dw, J->ow, &ox0, &ox1);
  if (J->w - (J->kw - 1) * J->dw <= 0) ox0 = ox1 = 0;
  for (int64_t r = r0; r < r1; r++) {
    const int64_t blk = r / J->oh, oy = r % J->oh, iy0 = oy * J->sh - J->ph;
    const float *xb = J->x + (b * J->cb + blk) * J->h * J->w * B;
    const float *wb = J->wp + blk * J->kh * J->kw * B;
    const int64_t yo = ((b * J->cb + blk) * J->oh + oy) * J->ow * B;
    float *y = J->y + yo;
    const float *res = J->res ? J->res + yo : NULL;
    float bv[B];
    for (int64_t s = 0; s < BV; s++) bias_vec(bv + s * VW, J->bias, blk * B + s * VW, J->c);
    int64_t ky0, ky1;
    valid_range(J->dh, iy0, J->h, J->kh, &ky0, &ky1);
    int64_t ox = 0;
#define DW_AT(nq, kx0, kx1) DW_AT_(nq, kx0, kx1)
#define DW_AT_(nq, kx0, kx1)                                                                                           \
  dw_tile_##nq(J, xb, wb, iy0, ky0, ky1, kx0, kx1, ox, bv, lo, hi, y + ox * B, res ? res + ox * B : NULL)
    for (; ox < J->ow; ox++) { /* the left border, then the right one: the taps inside the input */
      if (ox == ox0) ox = max64(ox, ox1);
      if (ox >= J->ow) break;
      int64_t kx0, kx1;
      valid_range(J->dw, ox * J->sw - J->pw, J->w, J->kw, &kx0, &kx1);
      DW_AT(DW_ONE, kx0, kx1);
    }
    for (ox = ox0; ox + 8 / BV <= ox1; ox += 8 / BV) DW_AT(8, 0, J->kw);
#if BV <= 2
    if (ox + 4 / BV <= ox1) DW_AT(4, 0, J->kw), ox += 4 / BV;
#endif
#if BV <= 1
    if (ox + 2 / BV <= ox1) DW_AT(2, 0, J->kw), ox += 2 / BV;
#endif
    for (; ox < ox1; ox++) DW_AT(DW_ONE, 0, J->kw);
#undef DW_AT
#undef DW_AT_
    finish_rows(y, J->ow, 0, B, blk * B, J->c, in_regs ? NULL : J->ep);
  }
}

static void conv_depthwise(const dw_job *J0, int64_t n, const fxrt_threadpool *threads) {
  dw_job J = *J0;
  const int64_t total = J.cb * J.oh;
  J.rows = par_piece(total, 4 * (int64_t)par_threads(threads), 1);
  par_run(threads, n * ((total + J.rows - 1) / J.rows), dw_task, &J);
}

/* ---- max pooling ---------------------------------------------------------------------------------------------- */

typedef struct mp_job {
  const float *x;
  float *y;
  const fxrt_pool2d_params *p;
  int64_t c, cb, h, w, oh, ow;
} mp_job;

/* The running maxima m (np pixels, B lanes each) over the taps of output pixels ox0 .. ox0 + np - 1, whose taps all
 * lie in kernel columns [kx0, kx1) and rows [ky0, ky1): row-major order, each value replacing the maximum when it is
 * larger or NaN (fxrt_max_pool2d_f32's first largest and last NaN; the padding is -inf). Several pixels at once keep
 * several compare chains in flight. */
GEMM_INLINE void mp_pixels(const mp_job *J, const float *restrict x, float *restrict y, int np, int64_t iy0,
                           int64_t ox0, int64_t ky0, int64_t ky1, int64_t kx0, int64_t kx1, int64_t lanes) {
  const fxrt_pool2d_params *p = J->p;
  const int64_t dh = p->dilation[0], dw = p->dilation[1], sw = p->stride[1], ix0 = ox0 * sw - p->padding[1];
  const int64_t ps = sw * B; /* from one pixel's window to the next one's */
  float m0[B], m1[B], m2[B], m3[B]; /* the maxima of pixels 0 .. 3 (np is 1 or 4: named arrays stay registers) */
  for (int l = 0; l < B; l++) m0[l] = m1[l] = m2[l] = m3[l] = -INFINITY;
#define MP_STEP(mq, e)                                                                                                 \
  for (int j = 0; j < BV; j++) LANES(l) {                                                                             \
      const float e_ = (e)[j * VW + l];                                                                                \
      mq[j * VW + l] = e_ > mq[j * VW + l] || e_ != e_ ? e_ : mq[j * VW + l];                                          \
    }
  for (int64_t ky = ky0; ky < ky1; ky++) {
    const int64_t row = (iy0 + ky * dh) * J->w;
    for (int64_t kx = kx0; kx < kx1; kx++) {
      const float *restrict v = x + (row + ix0 + kx * dw) * B; /* inside the row for each of the np pixels */
      MP_STEP(m0, v)
      if (np > 1) {
        MP_STEP(m1, v + ps)
        MP_STEP(m2, v + 2 * ps)
        MP_STEP(m3, v + 3 * ps)
      }
    }
  }
#undef MP_STEP
  float *const mq[4] = {m0, m1, m2, m3};
  for (int q = 0; q < np; q++)
    for (int j = 0; j < BV; j++) {
      float *restrict yq = y + (ox0 + q) * B + j * VW;
      LANES(l) yq[l] = j * VW + l < lanes ? mq[q][j * VW + l] : 0.0f;
    }
}

static void mp_4(const mp_job *J, const float *x, float *y, int64_t iy0, int64_t ox0, int64_t ky0, int64_t ky1,
                 int64_t kx0, int64_t kx1, int64_t lanes) {
  mp_pixels(J, x, y, 4, iy0, ox0, ky0, ky1, kx0, kx1, lanes);
}

static void mp_1(const mp_job *J, const float *x, float *y, int64_t iy0, int64_t ox0, int64_t ky0, int64_t ky1,
                 int64_t kx0, int64_t kx1, int64_t lanes) {
  mp_pixels(J, x, y, 1, iy0, ox0, ky0, ky1, kx0, kx1, lanes);
}

/* Output row oy of one block of channels of one image (piece i = (b*cb + kb)*oh + oy), 16 channels at a time, zeros
 * beyond c: the columns whose windows lie inside the input four pixels at a time, the others one at a time with the
 * taps inside. */
static void mp_task(void *ctx, int64_t i, int32_t worker) {
  const mp_job *J = (const mp_job *)ctx;
  (void)worker;
  const fxrt_pool2d_params *p = J->p;
  const int64_t oy = i % J->oh, plane = i / J->oh, kb = plane % J->cb, dw = p->dilation[1], kw = p->kernel[1];
  const float *x = J->x + plane * J->h * J->w * B;
  float *y = J->y + (plane * J->oh + oy) * J->ow * B;
  const int64_t iy0 = oy * p->stride[0] - p->padding[0], lanes = min64(B, J->c - kb * B);
  int64_t ky0, ky1, ox0, ox1; /* ox0 .. ox1: the columns whose taps are all inside the input */
  valid_range(p->dilation[0], iy0, J->h, p->kernel[0], &ky0, &ky1);
  valid_range(p->stride[1], -p->padding[1], J->w - (kw - 1) * dw, J->ow, &ox0, &ox1);
  if (J->w - (kw - 1) * dw <= 0) ox0 = ox1 = 0;
  for (int64_t ox = 0; ox < J->ow; ox++) {
    if (ox == ox0) ox = max64(ox, ox1);
    if (ox >= J->ow) break;
    int64_t kx0, kx1;
    valid_range(dw, ox * p->stride[1] - p->padding[1], J->w, kw, &kx0, &kx1);
    mp_1(J, x, y, iy0, ox, ky0, ky1, kx0, kx1, lanes);
  }
  int64_t ox = ox0;
  for (; ox + 4 <= ox1; ox += 4) mp_4(J, x, y, iy0, ox, ky0, ky1, 0, kw, lanes);
  for (; ox < ox1; ox++) mp_1(J, x, y, iy0, ox, ky0, ky1, 0, kw, lanes);
}

fxrt_status fxrt_nchwc_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                      int64_t oh, int64_t ow, const fxrt_pool2d_params *p,
                                      const fxrt_threadpool *threads) {
  if (!p || !in_range(c, 1) || !pool_shape_ok(n, blocks(c) * B, h, w, oh, ow, p, p->dilation[0], p->dilation[1]))
    return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const mp_job J = {.x = x, .y = y, .p = p, .c = c, .cb = blocks(c), .h = h, .w = w, .oh = oh, .ow = ow};
  par_run(threads, n * J.cb * oh, mp_task, (void *)&J);
  return FXRT_OK;
}

/* ---- dense convolutions (of an NCHW16c input; of an NCHW one: stems) ------------------------------------------ */

typedef struct dn_job {
  const float *x, *wp, *bias, *res;
  float *y;
  const fxrt_epilogue *ep;
  int64_t c, k, h, w, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw;
  int64_t kb, taps; /* ceil(k/16); c*kh*kw, the taps of an output */
  int64_t groups;   /* of output vectors, as pw_job's */
  bool blocked;     /* x in NCHW16c (else NCHW) */
} dn_job;

/* The tile of nv vectors (from output vector v0) by np output pixels (from column ox0) of output row oy of image b:
 * per tap (input channel; kernel row inside the input; kernel column in [kx0, kx1), all inside for each pixel), nv
 * weight vectors and np broadcasts of x's value under the tap, nv*np multiply-adds (the pieces of pw_micro). An edge
 * tile's pixels are the columns oxs[0 .. np) (border ones: their taps not all inside the input), each with its own
 * kernel columns inside the input, taken from the union of theirs: each pixel sums its taps in the same order in any
 * tile. */
GEMM_INLINE void dn_micro(const dn_job *J, int nv, int np, bool edge, int64_t b, int64_t v0, int64_t oy, int64_t ox0,
                          const int64_t *oxs, int64_t kx0, int64_t kx1, const pw_ep *E) {
  const int64_t T = J->taps, sw = J->sw;
  const float *restrict w0 = J->wp + VBLK(v0) * T * B + VOFF(v0);
  const float *restrict w1 = nv > 1 ? J->wp + VBLK(v0 + 1) * T * B + VOFF(v0 + 1) : w0;
  const float *restrict w2 = nv > 2 ? J->wp + VBLK(v0 + 2) * T * B + VOFF(v0 + 2) : w0;
  const float *restrict w3 = nv > 3 ? J->wp + VBLK(v0 + 3) * T * B + VOFF(v0 + 3) : w0;
  PW_PIX(TILE_DECL)
  PW_PIX(TILE_ZERO)
  const int64_t iy0 = oy * J->sh - J->ph, ix0 = ox0 * sw - J->pw;
  int64_t ky0, ky1;
  valid_range(J->dh, iy0, J->h, J->kh, &ky0, &ky1);
  /* x's value (ci, iy, ix) is at xc(ci) + (iy * w + ix) * ps: NCHW16c, ps = B; NCHW, ps = 1 */
  const int64_t ps = J->blocked ? B : 1, step = sw * ps, hw = J->h * J->w;
  const float *restrict xi = J->x + (J->blocked ? b * blocks(J->c) * B * hw : b * J->c * hw);
  /* an edge tile's pixels: their kernel columns inside the input, their offsets in x's row and in y */
  int64_t klo[PW_NP], khi[PW_NP], xof[PW_NP], yof[PW_NP];
  if (edge) {
    kx0 = J->kw, kx1 = 0;
    for (int p = 0; p < np; p++) {
      const int64_t ix = oxs[p] * sw - J->pw;
      valid_range(J->dw, ix, J->w, J->kw, &klo[p], &khi[p]);
      if (klo[p] < khi[p]) kx0 = min64(kx0, klo[p]), kx1 = max64(kx1, khi[p]);
      xof[p] = (ix - ix0) * ps, yof[p] = (oxs[p] - ox0) * B;
    }
  }
  for (int64_t ci = 0; ci < J->c; ci++) {
    const float *restrict xc = xi + (J->blocked ? ci / B * hw * B + ci % B : ci * hw);
    for (int64_t ky = ky0; ky < ky1; ky++) {
      const int64_t row = (iy0 + ky * J->dh) * J->w;
      for (int64_t kx = kx0; kx < kx1; kx++) {
        const int64_t xo = (row + ix0 + kx * J->dw) * ps; /* x's offset under pixel 0, which an edge tile may lack */
        const int64_t wo = ((ci * J->kh + ky) * J->kw + kx) * B;
#define TILE_X(p) xc[xo + (edge ? xof[p] : (p)*step)]
#define TILE_ON(p) (!edge || (kx >= klo[p] && kx < khi[p]))
        PW_PIX(TILE_STEP)
#undef TILE_ON
#undef TILE_X
      }
    }
  }
  const int64_t plane = J->oh * J->ow * B, yb = b * J->kb * plane + (oy * J->ow + ox0) * B;
#define TILE_O(j, p) (yb + VBLK(v0 + (j)) * plane + (edge ? yof[p] : (p)*B) + VOFF(v0 + (j)))
  TILE_STORE_ALL(E, J->y, J->res)
#undef TILE_O
  if (!edge)
    finish_tile(J->ep, E, J->y + yb, plane, v0, nv, np, J->k);
  else
    for (int p = 0; p < np; p++) finish_tile(J->ep, E, J->y + yb + yof[p], plane, v0, nv, 1, J->k);
}

#define DN_TILE(nv, np)                                                                                                \
  static void dn_tile_##nv##_##np(const dn_job *J, int64_t b, int64_t v0, int64_t oy, int64_t ox0, int64_t kx0,      \
                                  int64_t kx1, const pw_ep *E) {                                                       \
    dn_micro(J, nv, np, false, b, v0, oy, ox0, NULL, kx0, kx1, E);                                                     \
  }
PW_TILES_1(DN_TILE)
PW_TILES_2(DN_TILE)
PW_TILES_MORE(DN_TILE)

/* The full-width tiles (PW_NV vectors) of every width up to 6 pixels, inner and edge ones: dn_task splits a row's
 * inner columns into tiles of near-equal widths and takes its border columns together in edge tiles. */
#define DN_ROW_TILES(X) X(1) X(2) X(3) X(4) X(5) X(6)
#define DN_ROW_TILE(np)                                                                                                \
  static void dn_row_##np(const dn_job *J, const int64_t *oxs, int64_t b, int64_t v0, int64_t oy, int64_t ox0,       \
                          const pw_ep *E) {                                                                            \
    if (oxs)                                                                                                           \
      dn_micro(J, PW_NV, np, true, b, v0, oy, oxs[0], oxs, 0, 0, E);                                                   \
    else                                                                                                               \
      dn_micro(J, PW_NV, np, false, b, v0, oy, ox0, NULL, 0, J->kw, E);                                                \
  }
DN_ROW_TILES(DN_ROW_TILE)

static void dn_row(const dn_job *J, const int64_t *oxs, int64_t np, int64_t b, int64_t v0, int64_t oy, int64_t ox0,
                   const pw_ep *E) {
#define DN_ROW_CASE(np_)                                                                                               \
  case np_: dn_row_##np_(J, oxs, b, v0, oy, ox0, E); break;
  switch (np) {
    DN_ROW_TILES(DN_ROW_CASE)
  default: break;
  }
#undef DN_ROW_CASE
}

static void dn_at(const dn_job *J, int64_t nv, int64_t np, int64_t b, int64_t v0, int64_t oy, int64_t ox0,
                  int64_t kx0, int64_t kx1, const pw_ep *E) {
#define DN_CASE(nv_, np_)                                                                                              \
  case nv_ * 16 + np_: dn_tile_##nv_##_##np_(J, b, v0, oy, ox0, kx0, kx1, E); break;
  switch (nv * 16 + np) {
    PW_TILES_1(DN_CASE)
    PW_TILES_2(DN_CASE)
    PW_TILES_MORE(DN_CASE)
  default: break;
  }
#undef DN_CASE
}

/* Piece i: image b, one group of output vectors, one output row. A group of full width (PW_NV vectors) takes the
 * border columns together in edge tiles of up to 6 and the inner ones in tiles of near-equal widths, at most 6; a
 * narrower one the border columns one pixel at a time with the kernel columns inside the input, the inner ones in
 * tiles of the main width, 4 and 1. */
static void dn_task(void *ctx, int64_t i, int32_t worker) {
  const dn_job *J = (const dn_job *)ctx;
  (void)worker;
  const int64_t oy = i % J->oh, g = i / J->oh % J->groups, b = i / J->oh / J->groups;
  const int64_t nvec = J->kb * BV, per = (nvec + J->groups - 1) / J->groups, v0 = g * per;
  const int64_t nv = min64(per, nvec - v0);
  if (nv <= 0) return;
  pw_ep E;
  E.in_regs = clamp_act(J->ep, &E.lo, &E.hi);
  for (int64_t j = 0; j < nv; j++) bias_vec(E.bv[j], J->bias, VBLK(v0 + j) * B + VOFF(v0 + j), J->k);
  int64_t ox0, ox1; /* the columns whose taps are all inside the input */
  valid_range(J->sw, -J->pw, J->w - (J->kw - 1) * J->dw, J->ow, &ox0, &ox1);
  if (J->w - (J->kw - 1) * J->dw <= 0) ox0 = ox1 = 0;
  if (nv == PW_NV) {
    /* the border columns together, up to 6 in an edge tile (single pixels are latency-bound) */
    int64_t oxs[6], nb = 0;
    for (int64_t ox = 0; ox < J->ow; ox++) {
      if (ox == ox0) ox = max64(ox, ox1);
      if (ox >= J->ow) break;
      oxs[nb++] = ox;
      if (nb == 6) dn_row(J, oxs, nb, b, v0, oy, 0, &E), nb = 0;
    }
    if (nb) dn_row(J, oxs, nb, b, v0, oy, 0, &E);
    /* the inner ones in t tiles of near-equal widths, at most 6 */
    const int64_t t = (ox1 - ox0 + 5) / 6;
    for (int64_t j = 0, ox = ox0; j < t; j++) {
      const int64_t np = (ox1 - ox + (t - j) - 1) / (t - j);
      dn_row(J, NULL, np, b, v0, oy, ox, &E);
      ox += np;
    }
    return;
  }
  for (int64_t ox = 0; ox < J->ow; ox++) {
    if (ox == ox0) ox = max64(ox, ox1);
    if (ox >= J->ow) break;
    int64_t kx0, kx1;
    valid_range(J->dw, ox * J->sw - J->pw, J->w, J->kw, &kx0, &kx1);
    dn_at(J, nv, 1, b, v0, oy, ox, kx0, kx1, &E);
  }
  const int64_t main = pw_main_pixels(nv);
  for (int64_t ox = ox0; ox < ox1;) {
    const int64_t np = ox1 - ox >= main ? main : ox1 - ox >= 4 ? 4 : 1;
    dn_at(J, nv, np, b, v0, oy, ox, 0, J->kw, &E);
    ox += np;
  }
}

/* The dense kernel on x in NCHW16c (blocked) or NCHW. */
static void conv_dense(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp, int64_t k,
                       int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow,
                       const fxrt_conv2d_params *p, const fxrt_epilogue *ep, bool blocked,
                       const fxrt_threadpool *threads) {
  dn_job J = {.x = x, .wp = wp, .bias = bias, .res = ep ? ep->residual : NULL, .y = y, .ep = ep, .c = c, .k = k,
              .h = h, .w = w, .kh = kh, .kw = kw, .oh = oh, .ow = ow, .sh = p->stride[0], .sw = p->stride[1],
              .ph = p->padding[0], .pw = p->padding[1], .dh = p->dilation[0], .dw = p->dilation[1],
              .kb = blocks(k), .taps = c * kh * kw, .groups = 0, .blocked = blocked};
  J.groups = (J.kb * BV + PW_NV - 1) / PW_NV;
  par_run(threads, n * J.groups * oh, dn_task, &J);
}

/* The checks the entry points share, past the kernel's own: sizes in range, a known activation, oh and ow as the
 * convolution computes them, no overflow of x (xc channels stored per image) or y. */
static bool conv_args_ok(int64_t n, int64_t xc, int64_t h, int64_t w, int64_t k, int64_t kh, int64_t kw, int64_t oh,
                         int64_t ow, const fxrt_conv2d_params *p, const fxrt_epilogue *ep) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(h, 1) || !in_range(w, 1)) return false;
  if (ep && (unsigned)ep->act >= (unsigned)FXRT_NUM_ACTS) return false;
  for (int d = 0; d < 2; d++) {
    const int64_t in = d ? w : h, ker = d ? kw : kh, out = d ? ow : oh;
    const int64_t span = in + 2 * p->padding[d] + p->pad_extra[d] - p->dilation[d] * (ker - 1) - 1;
    if (span < 0 || out != span / p->stride[d] + 1) return false;
  }
  return mul_ok(n * xc, h * w, &t) && mul_ok(n * blocks(k) * B, oh * ow, &t);
}

fxrt_status fxrt_conv2d_nchw_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp,
                                       int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh,
                                       int64_t ow, const fxrt_conv2d_params *p, const fxrt_epilogue *ep,
                                       const fxrt_threadpool *threads) {
  if (!fxrt_conv2d_nchw_nchwc_supported(c, k, kh, kw, p) || !conv_args_ok(n, c, h, w, k, kh, kw, oh, ow, p, ep))
    return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !wp || !y) return FXRT_EINVAL;
  conv_dense(x, n, c, h, w, wp, k, kh, kw, bias, y, oh, ow, p, ep, false, threads);
  return FXRT_OK;
}

/* ---- the entry point ---------------------------------------------------------------------------------------- */

fxrt_status fxrt_conv2d_nchwc_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp,
                                  int64_t k, int64_t kh, int64_t kw, const float *bias, float *y, int64_t oh,
                                  int64_t ow, const fxrt_conv2d_params *p, const fxrt_epilogue *ep,
                                  const fxrt_threadpool *threads) {
  if (!fxrt_conv2d_nchwc_supported(c, k, kh, kw, p) ||
      !conv_args_ok(n, blocks(c) * B, h, w, k, kh, kw, oh, ow, p, ep))
    return FXRT_EINVAL;
  if (n == 0) return FXRT_OK;
  if (!x || !wp || !y) return FXRT_EINVAL;
  const float *res = ep ? ep->residual : NULL;
  if (is_pointwise(kh, kw, p)) {
    const pw_job J = {.x = x, .wp = wp, .bias = bias, .res = res, .y = y, .ep = ep, .c = c, .k = k, .hw = h * w,
                      .cb = blocks(c), .kb = blocks(k), .groups = 0, .chunk = 0, .chunks = 0};
    conv_pointwise(&J, n, threads);
  } else if (p->groups == 1) {
    conv_dense(x, n, c, h, w, wp, k, kh, kw, bias, y, oh, ow, p, ep, true, threads);
  } else {
    const dw_job J = {.x = x, .wp = wp, .bias = bias, .res = res, .y = y, .ep = ep, .c = c, .cb = blocks(c),
                      .h = h, .w = w, .kh = kh, .kw = kw, .oh = oh, .ow = ow, .sh = p->stride[0],
                      .sw = p->stride[1], .ph = p->padding[0], .pw = p->padding[1], .dh = p->dilation[0],
                      .dw = p->dilation[1], .rows = 0};
    conv_depthwise(&J, n, threads);
  }
  return FXRT_OK;
}

#undef fxrt_to_nchwc_f32
#undef fxrt_from_nchwc_f32
#undef fxrt_conv2d_nchwc_f32
#undef fxrt_nchwc_global_avg_pool_f32
#undef fxrt_conv2d_nchw_nchwc_f32
#undef fxrt_nchwc_scale_f32
#undef fxrt_nchwc_max_pool2d_f32
FXRT_DISPATCHER(fxrt_status, fxrt_to_nchwc_f32, (const float *x, int64_t n, int64_t c, int64_t hw, float *y),
                (x, n, c, hw, y))
FXRT_DISPATCHER(fxrt_status, fxrt_from_nchwc_f32, (const float *x, int64_t n, int64_t c, int64_t hw, float *y),
                (x, n, c, hw, y))
FXRT_DISPATCHER(fxrt_status, fxrt_conv2d_nchwc_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp, int64_t k, int64_t kh,
                 int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow, const fxrt_conv2d_params *p,
                 const fxrt_epilogue *ep, const fxrt_threadpool *threads),
                (x, n, c, h, w, wp, k, kh, kw, bias, y, oh, ow, p, ep, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_nchwc_global_avg_pool_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                 const fxrt_threadpool *threads),
                (x, n, c, h, w, y, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_nchwc_scale_f32,
                (const float *x, int64_t n, int64_t c, int64_t hw, const float *s, bool s_batched, float *y,
                 const fxrt_threadpool *threads),
                (x, n, c, hw, s, s_batched, y, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_conv2d_nchw_nchwc_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, const float *wp, int64_t k, int64_t kh,
                 int64_t kw, const float *bias, float *y, int64_t oh, int64_t ow, const fxrt_conv2d_params *p,
                 const fxrt_epilogue *ep, const fxrt_threadpool *threads),
                (x, n, c, h, w, wp, k, kh, kw, bias, y, oh, ow, p, ep, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_nchwc_max_pool2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow,
                 const fxrt_pool2d_params *p, const fxrt_threadpool *threads),
                (x, n, c, h, w, y, oh, ow, p, threads))
