/* fxrt_pool.c: 2-D pooling (torch.nn.functional.max_pool2d, avg_pool2d, adaptive_avg_pool2d, adaptive_max_pool2d)
 * and 3-D pooling (max_pool3d, avg_pool3d, adaptive_max_pool3d: direct loops over each window).
 *
 * The window arithmetic follows PyTorch's CPU kernels (aten/src/ATen/native/cpu/MaxPoolKernel.cpp,
 * AvgPoolKernel.cpp, AdaptiveMaxPoolKernel.cpp, AdaptiveAvgPoolKernel.cpp) line for line, including which index a
 * max reports when values tie or are NaN, and the divisor of an average over a window that overlaps padding or, with
 * ceil_mode, runs past the padded input.
 */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_max_pool2d_f32 FXRT_ISA_NAME(fxrt_max_pool2d_f32)
#define fxrt_avg_pool2d_f32 FXRT_ISA_NAME(fxrt_avg_pool2d_f32)
#define fxrt_adaptive_avg_pool2d_f32 FXRT_ISA_NAME(fxrt_adaptive_avg_pool2d_f32)
#define fxrt_adaptive_max_pool2d_f32 FXRT_ISA_NAME(fxrt_adaptive_max_pool2d_f32)
#define fxrt_max_pool3d_f32 FXRT_ISA_NAME(fxrt_max_pool3d_f32)
#define fxrt_avg_pool3d_f32 FXRT_ISA_NAME(fxrt_avg_pool3d_f32)
#define fxrt_adaptive_max_pool3d_f32 FXRT_ISA_NAME(fxrt_adaptive_max_pool3d_f32)
#include "fxrt.h"
#include "fxrt_check.h"
#include "fxrt_par.h"
#include "fxrt_vec.h"

#include <math.h>
#include <string.h>


/* The indices t in [0, n) with 0 <= t*s + off < lim (s >= 1) form [*lo, *hi). */
static void valid_range(int64_t s, int64_t off, int64_t lim, int64_t n, int64_t *lo, int64_t *hi) {
  int64_t l = off >= 0 ? 0 : (-off + s - 1) / s;
  int64_t h = lim - 1 - off < 0 ? 0 : (lim - 1 - off) / s + 1;
  if (h > n) h = n;
  if (l > h) l = h;
  *lo = l;
  *hi = h;
}

/* The first of start, start + d, start + 2d, ... that is >= 0 (PyTorch's `while (i0 < 0) i0 += d`). */
static int64_t first_nonneg(int64_t start, int64_t d) { return start >= 0 ? start : start + (-start + d - 1) / d * d; }

/* max(m, v) with NaN winning: PyTorch's `if (v > m || isnan(v)) m = v`, written as two selects (a max instruction and
 * a conditional move, no branches). */
static float max_nan(float m, float v) {
  const float r = v > m ? v : m;
  return v != v ? v : r;
}

/* y[e] = max_nan(y[e], x[e*s]) for e < n, in chunks of VW. */
static void max_row(float *restrict y, const float *restrict x, int64_t n, int64_t s) {
  int64_t e = 0;
  if (s == 1) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] = max_nan(y[e + l], x[e + l]);
  } else if (s == 2) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] = max_nan(y[e + l], x[2 * (e + l)]);
  }
  for (; e < n; e++) y[e] = max_nan(y[e], x[e * s]);
}

/* The same, also moving the flat index of each new maximum (x[e*s] is input pixel first + e*s) into idx. */
static void max_row_indices(float *restrict y, int64_t *restrict idx, const float *restrict x, int64_t n, int64_t s,
                            int64_t first) {
  for (int64_t e = 0; e < n; e++) {
    const float v = x[e * s], m = y[e];
    const int take = (v > m) | (v != v);
    y[e] = take ? v : m;
    idx[e] = take ? first + e * s : idx[e];
  }
}

/* y[e] += x[e*s] for e < n, in chunks of VW. */
static void add_row(float *restrict y, const float *restrict x, int64_t n, int64_t s) {
  int64_t e = 0;
  if (s == 1) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] += x[e + l];
  } else if (s == 2) {
    CHUNK_LOOP
    for (; e + VW <= n; e += VW)
      LANES(l) y[e + l] += x[2 * (e + l)];
  }
  for (; e < n; e++) y[e] += x[e * s];
}

/* The pieces of a pooling: ranges of `per` planes of the n*c, a few per thread (one range without threads). */
typedef struct pool_job {
  const float *x;
  float *y;
  int64_t *indices;
  const fxrt_pool2d_params *p;
  int64_t h, w, oh, ow, planes, per;
} pool_job;

static void pool_run(pool_job *J, const fxrt_threadpool *threads, fxrt_task task) {
  J->per = par_piece(J->planes, 4 * (int64_t)par_threads(threads), 1);
  par_run(threads, (J->planes + J->per - 1) / J->per, task, J);
}

/* torch.nn.functional.max_pool2d(x, kernel, stride, padding, dilation, ceil_mode, return_indices): the window of
 * output (oy, ox) is rows oy*sh - ph + i*dh (i < kh) and columns likewise, clipped to the input (padding is -inf);
 * the max is the first largest value in row-major window order, except that a NaN replaces it (the last NaN wins),
 * and indices[] is its flat index iy*w + ix (PyTorch's cpu_max_pool, including the index it reports for a window of
 * -inf). Computed a row of outputs at a time: each tap (i, j) updates the row from a shifted input row, taps in
 * row-major order, so every output sees its window in PyTorch's order. This is the general path, for indices and
 * for the shapes max_planes_fast does not take. */
static void max_planes_general(const pool_job *J, int64_t p0, int64_t p1) {
  const float *x = J->x;
  float *y = J->y;
  int64_t *indices = J->indices;
  const fxrt_pool2d_params *p = J->p;
  const int64_t h = J->h, w = J->w, oh = J->oh, ow = J->ow;
  const int64_t kh = p->kernel[0], kw = p->kernel[1], sh = p->stride[0], sw = p->stride[1];
  const int64_t ph = p->padding[0], pw = p->padding[1], dh = p->dilation[0], dw = p->dilation[1];
  for (int64_t plane = p0; plane < p1; plane++) {
    const float *xp = x + plane * h * w;
    for (int64_t oy = 0; oy < oh; oy++) {
      float *yr = y + (plane * oh + oy) * ow;
      int64_t *ir = indices ? indices + (plane * oh + oy) * ow : NULL;
      const int64_t ih0 = first_nonneg(oy * sh - ph, dh);
      for (int64_t ox = 0; ox < ow; ox++) {
        yr[ox] = -INFINITY;
        if (ir) ir[ox] = ih0 * w + first_nonneg(ox * sw - pw, dw);
      }
      for (int64_t i = 0; i < kh; i++) {
        const int64_t iy = oy * sh - ph + i * dh;
        if (iy < 0 || iy >= h) continue;
        for (int64_t j = 0; j < kw; j++) {
          const int64_t off = j * dw - pw; /* input column ox*sw + off */
          int64_t lo, hi;
          valid_range(sw, off, w, ow, &lo, &hi);
          if (lo >= hi) continue;
          const int64_t first = iy * w + lo * sw + off;
          if (ir)
            max_row_indices(yr + lo, ir + lo, xp + first, hi - lo, sw, first);
          else
            max_row(yr + lo, xp + first, hi - lo, sw);
        }
      }
    }
  }
}

#define POOL_BUF 1024 /* floats in each buffer of max_planes_fast (three on the stack: 12 KiB) */
#define POOL_SLACK 64 /* floats past the rows of a phase buffer that a tap may read, at most */

/* The row pitch of max_planes_fast's buffers for this pooling (a multiple of VW, so that each row is whole vectors),
 * or 0 when max_planes_fast does not compute it: with indices, a column stride other than 1 and 2, a window wider
 * than POOL_SLACK phase columns, or a window whose rows do not fit in a buffer. The pitch holds every column of an
 * input row's phases, its left padding and its outputs' reach. */
static int64_t max_fast_pitch(const pool_job *J) {
  const fxrt_pool2d_params *p = J->p;
  const int64_t sw = p->stride[1], pw = p->padding[1], kw = p->kernel[1], dw = p->dilation[1];
  if (J->indices || (sw != 1 && sw != 2) || (kw - 1) * dw / sw + VW > POOL_SLACK) return 0;
  if (J->w > POOL_BUF || J->ow > POOL_BUF) return 0;
  int64_t r = J->ow + (kw - 1) * dw / sw;
  const int64_t in = sw == 1 ? pw + J->w : (pw + 1) / 2 + (J->w + 1) / 2; /* the last written phase column, + 1 */
  if (in > r) r = in;
  r = (r + VW - 1) / VW * VW;
  return r * ((p->kernel[0] - 1) * p->dilation[0] + 1) <= POOL_BUF ? r : 0;
}

/* max_pool2d without indices, for column strides of 1 and 2, on blocks of output rows: each input row of the block
 * is copied into sw phase rows of pitch r (phase q's column t is input column t*sw + q - pw, with -inf for the
 * padding and past the row), then every row's maxima over the window's columns are taken (H, the taps j in order,
 * each a shifted read of a phase, over the whole block at once), then each output row is the max of its window's H
 * rows (i in order). A window's first largest value in row-major order is the first largest of its rows' first
 * largest values, and its last NaN is the last NaN of the last row with one, so this is exactly the value
 * max_planes_general computes (-inf, the padding, changes no maximum). Whole vectors only: the columns past ow in
 * each row are computed and dropped. */
static void max_planes_fast(const pool_job *J, int64_t p0, int64_t p1, int64_t r) {
  const fxrt_pool2d_params *p = J->p;
  const int64_t h = J->h, w = J->w, oh = J->oh, ow = J->ow;
  const int64_t kh = p->kernel[0], kw = p->kernel[1], sh = p->stride[0], sw = p->stride[1];
  const int64_t ph = p->padding[0], pw = p->padding[1], dh = p->dilation[0], dw = p->dilation[1];
  const int sh1 = sw == 2; /* sw = 1 << sh1: the taps' phase and offset are a mask and a shift */
  const int64_t span = (kh - 1) * dh + 1, nin_max = POOL_BUF / r, nout = 1 + (nin_max - span) / sh;
  /* the phase that input column 2k lands in (the other one gets 2k + 1), and where k lands in each */
  const int64_t qe = pw & 1, qo = 1 - qe, te = pw / 2, to = (pw + 1) / 2;
  float P[2][POOL_BUF + POOL_SLACK], H[POOL_BUF];
  for (int64_t plane = p0; plane < p1; plane++) {
    const float *xp = J->x + plane * h * w;
    for (int64_t oy0 = 0; oy0 < oh; oy0 += nout) {
      const int64_t oy1 = min64(oh, oy0 + nout), r0 = oy0 * sh - ph, nin = (oy1 - 1 - oy0) * sh + span;
      for (int64_t q = 0; q <= sh1; q++) /* -inf everywhere first: the padding, and rows outside the input */
        CHUNK_LOOP
        for (int64_t e = 0; e < nin * r + POOL_SLACK; e += VW)
          LANES(l) P[q][e + l] = -INFINITY;
      for (int64_t k = 0; k < nin; k++) {
        const int64_t iy = r0 + k;
        if (iy < 0 || iy >= h) continue;
        if (sw == 1)
          memcpy(P[0] + k * r + pw, xp + iy * w, sizeof(float) * (size_t)w);
        else /* input column 2k is phase qe's column k + te, 2k + 1 is phase qo's column k + to */
          deinterleave(P[qe] + k * r + te, P[qo] + k * r + to, xp + iy * w, w);
      }
      CHUNK_LOOP
      for (int64_t e = 0; e < nin * r; e += VW) { /* H[e] takes padded column e*sw + j*dw, j in order */
        float v[VW];
        LANES(l) v[l] = -INFINITY;
        for (int64_t at = 0; at < kw * dw; at += dw) { /* phase at & sh1, column e + (at >> sh1) */
          const float *restrict src = P[at & sh1] + (at >> sh1) + e;
          LANES(l) v[l] = max_nan(v[l], src[l]);
        }
        LANES(l) H[e + l] = v[l];
      }
      for (int64_t oy = oy0; oy < oy1; oy++) {
        float *restrict yr = J->y + (plane * oh + oy) * ow;
        CHUNK_LOOP
        for (int64_t e = 0; e < ow; e += VW) { /* the max of the window's H rows, i in order */
          float v[VW];
          LANES(l) v[l] = -INFINITY;
          for (int64_t i = 0; i < kh; i++) {
            const int64_t iy = oy * sh - ph + i * dh;
            if (iy < 0 || iy >= h) continue;
            const float *restrict hr = H + (iy - r0) * r + e;
            LANES(l) v[l] = max_nan(v[l], hr[l]);
          }
          if (e + VW <= ow) {
            LANES(l) yr[e + l] = v[l];
          } else {
            for (int64_t l = 0; l < ow - e; l++) yr[e + l] = v[l];
          }
        }
      }
    }
  }
}

static void max_planes(const pool_job *J, int64_t p0, int64_t p1) {
  const int64_t r = max_fast_pitch(J);
  if (r > 0)
    max_planes_fast(J, p0, p1, r);
  else
    max_planes_general(J, p0, p1);
}

static void max_task(void *ctx, int64_t i, int32_t worker) {
  const pool_job *J = (const pool_job *)ctx;
  (void)worker;
  max_planes(J, i * J->per, min64((i + 1) * J->per, J->planes));
}

fxrt_status fxrt_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                int64_t ow, const fxrt_pool2d_params *p, int64_t *indices,
                                const fxrt_threadpool *threads) {
  if (!p || !pool_shape_ok(n, c, h, w, oh, ow, p, p->dilation[0], p->dilation[1])) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  pool_job J = {x, y, indices, p, h, w, oh, ow, n * c, 0};
  pool_run(&J, threads, max_task);
  return FXRT_OK;
}

/* torch.nn.functional.avg_pool2d(x, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override), as
 * cpu_avg_pool computes it: the window [oy*sh - ph, +kh) is first clipped to the padded input [-ph, h + ph) (its
 * size is the count_include_pad divisor), then to the input [0, h) (the other divisor, and the summed elements); an
 * empty window gives 0. The sums add the window in row-major order, as PyTorch does, a row of outputs at a time.
 * Dilation must be 1 (or 0, unset): avg_pool2d has none. */
static void avg_planes(const pool_job *J, int64_t p0, int64_t p1) {
  const float *x = J->x;
  float *y = J->y;
  const fxrt_pool2d_params *p = J->p;
  const int64_t h = J->h, w = J->w, oh = J->oh, ow = J->ow;
  const int64_t kh = p->kernel[0], kw = p->kernel[1], sh = p->stride[0], sw = p->stride[1];
  const int64_t ph = p->padding[0], pw = p->padding[1];
  for (int64_t plane = p0; plane < p1; plane++) {
    const float *xp = x + plane * h * w;
    for (int64_t oy = 0; oy < oh; oy++) {
      float *yr = y + (plane * oh + oy) * ow;
      const int64_t ih0p = oy * sh - ph, ih1p = min64(ih0p + kh, h + ph);
      const int64_t ih0 = max64(ih0p, 0), ih1 = min64(ih1p, h);
      for (int64_t ox = 0; ox < ow; ox++) yr[ox] = 0.0f;
      if (ih0 >= ih1) continue; /* empty windows */
      for (int64_t iy = ih0; iy < ih1; iy++) {
        for (int64_t j = 0; j < kw; j++) {
          int64_t lo, hi;
          valid_range(sw, j - pw, w, ow, &lo, &hi);
          if (lo < hi) add_row(yr + lo, xp + iy * w + lo * sw + j - pw, hi - lo, sw);
        }
      }
      for (int64_t ox = 0; ox < ow; ox++) {
        const int64_t iw0p = ox * sw - pw, iw1p = min64(iw0p + kw, w + pw);
        const int64_t iw0 = max64(iw0p, 0), iw1 = min64(iw1p, w);
        if (iw0 >= iw1) {
          yr[ox] = 0.0f;
          continue;
        }
        int64_t divisor;
        if (p->divisor_override != 0)
          divisor = p->divisor_override;
        else if (p->count_include_pad)
          divisor = (ih1p - ih0p) * (iw1p - iw0p);
        else
          divisor = (ih1 - ih0) * (iw1 - iw0);
        yr[ox] = yr[ox] / (float)divisor;
      }
    }
  }
}

static void avg_task(void *ctx, int64_t i, int32_t worker) {
  const pool_job *J = (const pool_job *)ctx;
  (void)worker;
  avg_planes(J, i * J->per, min64((i + 1) * J->per, J->planes));
}

fxrt_status fxrt_avg_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                int64_t ow, const fxrt_pool2d_params *p, const fxrt_threadpool *threads) {
  if (!p) return FXRT_EINVAL;
  for (int d = 0; d < 2; d++)
    if (p->dilation[d] != 0 && p->dilation[d] != 1) return FXRT_ENOTSUP;
  if (!pool_shape_ok(n, c, h, w, oh, ow, p, 1, 1)) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  pool_job J = {x, y, NULL, p, h, w, oh, ow, n * c, 0};
  pool_run(&J, threads, avg_task);
  return FXRT_OK;
}

/* Adaptive windows: output i of out covers [floor(i*in/out), ceil((i+1)*in/out)). */
static int64_t window_start(int64_t i, int64_t out, int64_t in) { return i * in / out; }
static int64_t window_end(int64_t i, int64_t out, int64_t in) { return ((i + 1) * in + out - 1) / out; }

static bool adaptive_ok(int64_t n, int64_t c, int64_t h, int64_t w, int64_t oh, int64_t ow) {
  int64_t t;
  if (!in_range(n, 0) || !in_range(c, 0) || !in_range(h, 1) || !in_range(w, 1) || !in_range(oh, 1) || !in_range(ow, 1))
    return false;
  return mul_ok(n, c, &t) && mul_ok(t, h, &t) && mul_ok(t, w, &t) && mul_ok(n * c, oh, &t) && mul_ok(t, ow, &t);
}

/* The sum of p[0..n), n >= VW: VW partial sums (lane l takes the elements l, l + VW, ...), then the lanes and the
 * remainder added in order. Its rounding depends on VW (as any vector kernel's does), not on the data's place. */
static float flat_sum(const float *restrict p, int64_t n) {
  float acc[VW];
  LANES(l) acc[l] = p[l]; /* not zeros and a first add: GCC makes such zeroing a memset, and acc memory */
  int64_t e = VW;
  CHUNK_LOOP
  for (; e + VW <= n; e += VW)
    LANES(l) acc[l] += p[e + l];
  float sum = acc[0];
  for (int l = 1; l < VW; l++) sum += acc[l];
  for (; e < n; e++) sum += p[e];
  return sum;
}

/* The mean of the window [iy0, iy1) x [ix0, ix1) of a plane of row length w, divided as PyTorch does, sum / kh / kw.
 * A window of whole rows (a global average pool) is contiguous, and summed as one vector reduction (flat_sum: 2.4x
 * faster than one add after another on 7x7 planes, 10x on 112x112, with AVX-512; efficientnet_b0's squeeze-and-
 * excitation blocks pool 17 times); others row by row (the row sums in order, then added). */
static float window_mean(const float *xp, int64_t w, int64_t iy0, int64_t iy1, int64_t ix0, int64_t ix1) {
  if (ix0 == 0 && ix1 == w && (iy1 - iy0) * w >= VW)
    return flat_sum(xp + iy0 * w, (iy1 - iy0) * w) / (float)(iy1 - iy0) / (float)w;
  float sum = 0.0f;
  for (int64_t iy = iy0; iy < iy1; iy++) {
    float row = 0.0f;
    for (int64_t ix = ix0; ix < ix1; ix++) row += xp[iy * w + ix];
    sum += row;
  }
  return sum / (float)(iy1 - iy0) / (float)(ix1 - ix0);
}

/* The max of the window, ties and NaN as max_pool2d, and at *at its flat index iy*w + ix. */
static float window_max(const float *xp, int64_t w, int64_t iy0, int64_t iy1, int64_t ix0, int64_t ix1, int64_t *at) {
  int64_t best = iy0 * w + ix0;
  float m = -INFINITY;
  for (int64_t iy = iy0; iy < iy1; iy++) {
    for (int64_t ix = ix0; ix < ix1; ix++) {
      const float v = xp[iy * w + ix];
      if (v > m || v != v) {
        m = v;
        best = iy * w + ix;
      }
    }
  }
  *at = best;
  return m;
}

/* adaptive_avg_pool2d (max false) or adaptive_max_pool2d (indices: NULL, or [n, c, oh, ow]) over each window. */
static fxrt_status adaptive_pool(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh,
                                 int64_t ow, bool max, int64_t *indices) {
  if (!adaptive_ok(n, c, h, w, oh, ow)) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  for (int64_t plane = 0; plane < n * c; plane++) {
    const float *xp = x + plane * h * w;
    float *yp = y + plane * oh * ow;
    int64_t *ip = indices ? indices + plane * oh * ow : NULL;
    for (int64_t oy = 0; oy < oh; oy++) {
      const int64_t ih0 = window_start(oy, oh, h), ih1 = window_end(oy, oh, h);
      for (int64_t ox = 0; ox < ow; ox++) {
        const int64_t iw0 = window_start(ox, ow, w), iw1 = window_end(ox, ow, w), o = oy * ow + ox;
        if (max) {
          int64_t at;
          yp[o] = window_max(xp, w, ih0, ih1, iw0, iw1, &at);
          if (ip) ip[o] = at;
        } else {
          yp[o] = window_mean(xp, w, ih0, ih1, iw0, iw1);
        }
      }
    }
  }
  return FXRT_OK;
}

/* torch.nn.functional.adaptive_avg_pool2d(x, (oh, ow)): the mean of each window. */
fxrt_status fxrt_adaptive_avg_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow) {
  return adaptive_pool(x, n, c, h, w, y, oh, ow, false, NULL);
}

/* torch.nn.functional.adaptive_max_pool2d(x, (oh, ow), return_indices): the max of each window, ties and NaN as
 * max_pool2d; indices (NULL, or [n, c, oh, ow]) get the flat index iy*w + ix. */
fxrt_status fxrt_adaptive_max_pool2d_f32(const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y,
                                         int64_t oh, int64_t ow, int64_t *indices) {
  return adaptive_pool(x, n, c, h, w, y, oh, ow, true, indices);
}

/* ---- 3-D pooling ---------------------------------------------------------------------------------------------- */

/* The output size of one dimension of a 3-d pool as PyTorch's pooling_output_shape computes it, or -1. */
static int64_t pool3_out(int64_t in, int64_t k, int64_t s, int64_t pad, int64_t dil, bool ceil_mode) {
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? s - 1 : 0);
  if (num < 0) return -1;
  int64_t o = num / s + 1;
  if (ceil_mode && (o - 1) * s >= in + pad) o--;
  return o;
}

static bool pool3_shape_ok(int64_t n, int64_t c, const int64_t *in, const int64_t *out, const fxrt_pool3d_params *p,
                           bool dilated) {
  int64_t t = 1;
  if (!p || !in_range(n, 0) || !in_range(c, 0) || !mul_ok(n, c, &t)) return false;
  int64_t ti = t, to = t;
  for (int d = 0; d < 3; d++) {
    const int64_t dil = dilated ? p->dilation[d] : 1;
    if (!in_range(in[d], 1) || !in_range(out[d], 1) || !in_range(p->kernel[d], 1) || !in_range(p->stride[d], 1) ||
        !in_range(p->padding[d], 0) || !in_range(dil, 1) || p->padding[d] * 2 > p->kernel[d])
      return false;
    if (out[d] != pool3_out(in[d], p->kernel[d], p->stride[d], p->padding[d], dil, p->ceil_mode)) return false;
    if (!mul_ok(ti, in[d], &ti) || !mul_ok(to, out[d], &to)) return false;
  }
  return true;
}

/* The largest element of the box [lo, hi) of a d x h x w volume, every step-th along each axis (NaN wins, then the
 * first of equal ones, as PyTorch's 3-d max pools), and in *best its index in the volume. */
static float box_max3(const float *xp, int64_t h, int64_t w, const int64_t *lo, const int64_t *hi, const int64_t *step,
                      int64_t *best) {
  float m = -INFINITY;
  *best = (lo[0] * h + lo[1]) * w + lo[2];
  for (int64_t z = lo[0]; z < hi[0]; z += step[0])
    for (int64_t yy = lo[1]; yy < hi[1]; yy += step[1])
      for (int64_t xx = lo[2]; xx < hi[2]; xx += step[2]) {
        const int64_t idx = (z * h + yy) * w + xx;
        const float v = xp[idx];
        if (v > m || v != v) m = v, *best = idx;
      }
  return m;
}

/* torch.nn.functional.max_pool3d(x, kernel, stride, padding, dilation, ceil_mode, return_indices), as PyTorch's
 * max_pool3d_with_indices computes it: per output, the window's taps in row-major order, `v > max || isnan(v)`
 * replacing the maximum and its index (so the first largest, and the last NaN, wins); the index starts at the
 * window's first tap inside the input. */
fxrt_status fxrt_max_pool3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y,
                                int64_t od, int64_t oh, int64_t ow, const fxrt_pool3d_params *p, int64_t *indices) {
  const int64_t in[3] = {d, h, w}, out[3] = {od, oh, ow};
  if (!pool3_shape_ok(n, c, in, out, p, true)) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const int64_t dhw = d * h * w, ovol = od * oh * ow;
  for (int64_t plane = 0; plane < n * c; plane++) {
    const float *xp = x + plane * dhw;
    for (int64_t o = 0; o < ovol; o++) {
      const int64_t oi[3] = {o / (oh * ow), o / ow % oh, o % ow};
      int64_t lo[3], hi[3];
      for (int e = 0; e < 3; e++) {
        const int64_t start = oi[e] * p->stride[e] - p->padding[e];
        hi[e] = min64(start + (p->kernel[e] - 1) * p->dilation[e] + 1, in[e]);
        lo[e] = first_nonneg(start, p->dilation[e]);
      }
      int64_t best;
      y[plane * ovol + o] = box_max3(xp, h, w, lo, hi, p->dilation, &best);
      if (indices) indices[plane * ovol + o] = best;
    }
  }
  return FXRT_OK;
}

/* torch.nn.functional.avg_pool3d(x, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override), as
 * PyTorch's avg_pool3d computes it: the window clipped to the padded input (the count_include_pad divisor), then to
 * the input (the summed taps, in row-major order, and the other divisor); an empty window gives 0. */
fxrt_status fxrt_avg_pool3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y,
                                int64_t od, int64_t oh, int64_t ow, const fxrt_pool3d_params *p) {
  const int64_t in[3] = {d, h, w}, out[3] = {od, oh, ow};
  if (!pool3_shape_ok(n, c, in, out, p, false)) return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const int64_t dhw = d * h * w, ovol = od * oh * ow;
  for (int64_t plane = 0; plane < n * c; plane++) {
    const float *xp = x + plane * dhw;
    for (int64_t o = 0; o < ovol; o++) {
      const int64_t oi[3] = {o / (oh * ow), o / ow % oh, o % ow};
      int64_t lo[3], hi[3], padded = 1, inside = 1;
      for (int e = 0; e < 3; e++) {
        const int64_t start = oi[e] * p->stride[e] - p->padding[e];
        const int64_t end = min64(start + p->kernel[e], in[e] + p->padding[e]);
        padded *= end - start;
        lo[e] = max64(start, 0), hi[e] = min64(end, in[e]);
        inside *= hi[e] > lo[e] ? hi[e] - lo[e] : 0;
      }
      if (inside == 0) {
        y[plane * ovol + o] = 0.0f;
        continue;
      }
      float sum = 0.0f;
      for (int64_t z = lo[0]; z < hi[0]; z++)
        for (int64_t yy = lo[1]; yy < hi[1]; yy++)
          for (int64_t xx = lo[2]; xx < hi[2]; xx++) sum += xp[(z * h + yy) * w + xx];
      const int64_t divisor = p->divisor_override != 0 ? p->divisor_override : p->count_include_pad ? padded : inside;
      y[plane * ovol + o] = sum / (float)divisor;
    }
  }
  return FXRT_OK;
}

/* torch.nn.functional.adaptive_max_pool3d(x, (od, oh, ow), return_indices): the max of each adaptive window, ties
 * and NaN as max_pool3d's. */
fxrt_status fxrt_adaptive_max_pool3d_f32(const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w,
                                         float *y, int64_t od, int64_t oh, int64_t ow, int64_t *indices) {
  int64_t t;
  if (!adaptive_ok(n, c, h, w, oh, ow) || !in_range(d, 1) || !in_range(od, 1) || !mul_ok(n * c * h * w, d, &t) ||
      !mul_ok(n * c * oh * ow, od, &t))
    return FXRT_EINVAL;
  if (n * c == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const int64_t dhw = d * h * w, ovol = od * oh * ow;
  for (int64_t plane = 0; plane < n * c; plane++) {
    const float *xp = x + plane * dhw;
    for (int64_t o = 0; o < ovol; o++) {
      const int64_t oz = o / (oh * ow), oy = o / ow % oh, ox = o % ow;
      const int64_t z0 = window_start(oz, od, d), z1 = window_end(oz, od, d);
      const int64_t y0 = window_start(oy, oh, h), y1 = window_end(oy, oh, h);
      const int64_t x0 = window_start(ox, ow, w), x1 = window_end(ox, ow, w);
      const int64_t lo[3] = {z0, y0, x0}, hi[3] = {z1, y1, x1}, step[3] = {1, 1, 1};
      int64_t best;
      y[plane * ovol + o] = box_max3(xp, h, w, lo, hi, step, &best);
      if (indices) indices[plane * ovol + o] = best;
    }
  }
  return FXRT_OK;
}

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_max_pool2d_f32
#undef fxrt_avg_pool2d_f32
#undef fxrt_adaptive_avg_pool2d_f32
#undef fxrt_adaptive_max_pool2d_f32
#undef fxrt_max_pool3d_f32
#undef fxrt_avg_pool3d_f32
#undef fxrt_adaptive_max_pool3d_f32
FXRT_DISPATCHER(fxrt_status, fxrt_max_pool2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow,
                 const fxrt_pool2d_params *p, int64_t *indices, const fxrt_threadpool *threads),
                (x, n, c, h, w, y, oh, ow, p, indices, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_avg_pool2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow,
                 const fxrt_pool2d_params *p, const fxrt_threadpool *threads),
                (x, n, c, h, w, y, oh, ow, p, threads))
FXRT_DISPATCHER(fxrt_status, fxrt_adaptive_avg_pool2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow),
                (x, n, c, h, w, y, oh, ow))
FXRT_DISPATCHER(fxrt_status, fxrt_adaptive_max_pool2d_f32,
                (const float *x, int64_t n, int64_t c, int64_t h, int64_t w, float *y, int64_t oh, int64_t ow,
                 int64_t *indices),
                (x, n, c, h, w, y, oh, ow, indices))
FXRT_DISPATCHER(fxrt_status, fxrt_max_pool3d_f32,
                (const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y, int64_t od, int64_t oh,
                 int64_t ow, const fxrt_pool3d_params *p, int64_t *indices),
                (x, n, c, d, h, w, y, od, oh, ow, p, indices))
FXRT_DISPATCHER(fxrt_status, fxrt_avg_pool3d_f32,
                (const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y, int64_t od, int64_t oh,
                 int64_t ow, const fxrt_pool3d_params *p),
                (x, n, c, d, h, w, y, od, oh, ow, p))
FXRT_DISPATCHER(fxrt_status, fxrt_adaptive_max_pool3d_f32,
                (const float *x, int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, float *y, int64_t od, int64_t oh,
                 int64_t ow, int64_t *indices),
                (x, n, c, d, h, w, y, od, oh, ow, indices))
