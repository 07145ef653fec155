/* fxrt_small.h: the bodies of the compact kernels of builds for size (fxrt.h: fxrt_small_conv2d_f32,
 * fxrt_small_linear_f32, fxrt_small_pool2d_f32, fxrt_small_reduce_f32, fxrt_small_argreduce_f32, fxrt_small_copy,
 * fxrt_small_layer_norm_f32 and the int8 fxrt_small_q8_*; fx2c compile -Os). Each is one loop
 * nest with 32-bit indices, no workspace (a convolution in place: one unit of results, or an int8 pointwise one's
 * column), no stack buffers and no library calls: what fits a microcontroller's flash and RAM, at the cost of speed
 * on large layers. fxrt_small.c defines the kernels with them. A translation unit that defines FXRT_SMALL_INLINE
 * before including this header calls them inline instead (as the C files of fx2c compile -Os do): each call then
 * becomes a loop nest specialized by the C compiler to the call's constant shapes and parameters, with no parameter
 * record left in flash. The pointers are not checked here (the kernels in fxrt_small.c check them). */
#ifndef FXRT_SMALL_H
#define FXRT_SMALL_H

#include "fxrt.h"
#include "fxrt_expf.h"

#include <math.h>
#include <string.h>

#if defined(FXRT_SMALL_INLINE) && (defined(__GNUC__) || defined(__clang__))
#define FXRT_SMALL_FN static inline __attribute__((always_inline))
#else
#define FXRT_SMALL_FN static inline
#endif
#if defined(__GNUC__) || defined(__clang__)
#define FXRT_SMALL_ALWAYS static inline __attribute__((always_inline))
#else
#define FXRT_SMALL_ALWAYS static inline
#endif

/* torch.clamp: min first, then max; NaN passes */
FXRT_SMALL_FN float fxrt_small_clamp(float v, float lo, float hi) {
  if (lo > -INFINITY) v = v < lo ? lo : v; /* the tests fold away when the bounds are constants */
  if (hi < INFINITY) v = v > hi ? hi : v;
  return v;
}

/* A pointwise convolution: 1x1, stride 1, no padding, one group (its in-place unit is a pixel). */
FXRT_SMALL_FN int fxrt_small_pointwise(const fxrt_small_params *p) {
  return p->groups == 1 && p->kh == 1 && p->kw == 1 && p->stride[0] == 1 && p->stride[1] == 1 && p->pad[0] == 0 &&
         p->pad[1] == 0 && p->oh == p->h && p->ow == p->w;
}

FXRT_SMALL_FN fxrt_status fxrt_small_conv2d_body(const float *x, const float *weight, const float *bias,
                                                 const float *residual, float *y, float *scratch,
                                                 const fxrt_small_params *p) {
  if (p->groups < 1 || p->c % p->groups || p->k % p->groups) return FXRT_EINVAL;
  const int32_t cg = p->c / p->groups, kg = p->k / p->groups, hw = p->h * p->w, taps = cg * p->kh * p->kw;
  if (scratch && fxrt_small_pointwise(p)) { /* pixel by pixel: its k results overwrite only its own c inputs */
    for (int32_t b = 0; b < p->n; b++)
      for (int32_t px = 0; px < hw; px++) {
        const float *xp = x + b * p->c * hw + px;
        float *yp = y + b * p->k * hw + px;
        for (int32_t o = 0; o < p->k; o++) {
          const float *wo = weight + o * p->c;
          float acc = bias ? bias[o] : 0.0f;
          for (int32_t ci = 0; ci < p->c; ci++) acc += xp[ci * hw] * wo[ci];
          if (residual) acc += residual[yp - y + o * hw];
          scratch[o] = fxrt_small_clamp(acc, p->lo, p->hi);
        }
        for (int32_t o = 0; o < p->k; o++) yp[o * hw] = scratch[o];
      }
    return FXRT_OK;
  }
  /* group by group (with a scratch: each group's results overwrite only its own inputs) */
  const int32_t unit = kg * p->oh * p->ow;
  float *out = y, *dst = scratch ? scratch : y;
  for (int32_t b = 0; b < p->n; b++)
    for (int32_t o = 0; o < p->k; o++) {
      const float *xg = x + (b * p->c + o / kg * cg) * hw, *wo = weight + o * taps;
      for (int32_t oy = 0; oy < p->oh; oy++)
        for (int32_t ox = 0; ox < p->ow; ox++) {
          float acc = bias ? bias[o] : 0.0f;
          const float *wp = wo;
          for (int32_t ci = 0; ci < cg; ci++)
            for (int32_t ky = 0; ky < p->kh; ky++) {
              const int32_t iy = oy * p->stride[0] - p->pad[0] + ky * p->dilation[0];
              for (int32_t kx = 0; kx < p->kw; kx++, wp++) {
                const int32_t ix = ox * p->stride[1] - p->pad[1] + kx * p->dilation[1];
                if (iy >= 0 && iy < p->h && ix >= 0 && ix < p->w) acc += xg[ci * hw + iy * p->w + ix] * *wp;
              }
            }
          if (residual) acc += residual[out - y];
          *dst++ = fxrt_small_clamp(acc, p->lo, p->hi);
          out++;
        }
      if (scratch && o % kg == kg - 1) { /* the group is done: its results to y */
        for (int32_t i = 0; i < unit; i++) out[i - unit] = scratch[i];
        dst = scratch;
      }
    }
  return FXRT_OK;
}

FXRT_SMALL_FN fxrt_status fxrt_small_linear_body(const float *x, const float *weight, const float *bias,
                                                 const float *residual, float *y, const fxrt_small_params *p) {
  float *out = y;
  for (int32_t i = 0; i < p->n; i++)
    for (int32_t j = 0; j < p->k; j++) {
      const float *xr = x + i * p->c, *wr = weight + j * p->c;
      float acc = bias ? bias[j] : 0.0f;
      for (int32_t t = 0; t < p->c; t++) acc += xr[t] * wr[t];
      if (residual) acc += residual[out - y];
      *out++ = fxrt_small_clamp(acc, p->lo, p->hi);
    }
  return FXRT_OK;
}

FXRT_SMALL_FN fxrt_status fxrt_small_pool2d_body(const float *x, float *y, const fxrt_small_params *p) {
  const int32_t hw = p->h * p->w;
  for (int32_t plane = 0; plane < p->n * p->c; plane++, x += hw)
    for (int32_t oy = 0; oy < p->oh; oy++)
      for (int32_t ox = 0; ox < p->ow; ox++) {
        const int32_t y0 = oy * p->stride[0] - p->pad[0], x0 = ox * p->stride[1] - p->pad[1];
        if (p->groups == FXRT_SMALL_MAX) { /* the first largest, padding -inf, NaN wins */
          float m = -INFINITY;
          for (int32_t ky = 0; ky < p->kh; ky++)
            for (int32_t kx = 0; kx < p->kw; kx++) {
              const int32_t iy = y0 + ky * p->dilation[0], ix = x0 + kx * p->dilation[1];
              if (iy < 0 || iy >= p->h || ix < 0 || ix >= p->w) continue;
              const float v = x[iy * p->w + ix];
              if (v > m || v != v) m = v;
            }
          *y++ = m;
          continue;
        }
        /* avg_pool2d: the window clipped to the padded input gives the divisor with count_include_pad, the window
         * clipped to the input the one without (and the elements summed: row sums, then their sum) */
        int32_t y1 = y0 + p->kh, x1 = x0 + p->kw;
        y1 = y1 < p->h + p->pad[0] ? y1 : p->h + p->pad[0];
        x1 = x1 < p->w + p->pad[1] ? x1 : p->w + p->pad[1];
        int32_t div = (y1 - y0) * (x1 - x0);
        const int32_t ya = y0 < 0 ? 0 : y0, xa = x0 < 0 ? 0 : x0;
        const int32_t yb = y1 < p->h ? y1 : p->h, xb = x1 < p->w ? x1 : p->w;
        if (ya >= yb || xa >= xb) {
          *y++ = 0.0f;
          continue;
        }
        float sum = 0.0f;
        for (int32_t iy = ya; iy < yb; iy++) {
          float row = 0.0f;
          for (int32_t ix = xa; ix < xb; ix++) row += x[iy * p->w + ix];
          sum += row;
        }
        if (p->divisor) div = p->divisor;
        else if (p->groups == FXRT_SMALL_AVG_EXCLUDE_PAD) div = (yb - ya) * (xb - xa);
        *y++ = sum / (float)div;
      }
  return FXRT_OK;
}

/* sum of x[i * stride], i < n (square: of (x - shift)^2) in float, in order, in blocks of 64 terms whose sums are
 * then added: the error grows with n / 64, not n */
FXRT_SMALL_FN float fxrt_small_sum(const float *x, int32_t n, int32_t stride, float shift, int square) {
  float acc = 0.0f;
  for (int32_t i0 = 0; i0 < n; i0 += 64) {
    float part = 0.0f;
    for (int32_t i = i0; i < i0 + 64 && i < n; i++) {
      const float d = x[i * stride] - shift;
      part += square ? d * d : x[i * stride];
    }
    acc += part;
  }
  return acc;
}

/* sum, mean, amax, amin over the middle dimension of [n, c, w] (fxrt.h: fxrt_small_reduce_f32) */
FXRT_SMALL_FN fxrt_status fxrt_small_reduce_body(const float *x, float *y, const fxrt_small_params *p) {
  const int32_t op = p->groups;
  for (int32_t o = 0; o < p->n; o++)
    for (int32_t j = 0; j < p->w; j++, y++) {
      const float *xp = p->c ? x + o * p->c * p->w + j : x; /* nothing to reduce: x may be NULL */
      if (op == FXRT_SMALL_AMAX || op == FXRT_SMALL_AMIN) {
        float m = xp[0];
        for (int32_t r = 1; r < p->c; r++) {
          const float v = xp[r * p->w];
          if (v != v || (op == FXRT_SMALL_AMAX ? v > m : v < m)) m = v;
          if (m != m) break; /* NaN wins */
        }
        *y = m;
        continue;
      }
      const float acc = fxrt_small_sum(xp, p->c, p->w, 0.0f, 0);
      *y = op == FXRT_SMALL_MEAN ? acc / (float)p->c : acc;
    }
  return FXRT_OK;
}

/* log(v) for the sum of a softmax row (v >= 1, or +inf or NaN, which it returns), without libm: v = m 2^e with m in
 * [sqrt(1/2), sqrt(2)), log(m) = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.172, by its series to s^9 (the next
 * term is below 1e-9 of the result) */
FXRT_SMALL_FN float fxrt_small_log_sum(float v) {
  if (!(v < INFINITY)) return v;
  union {
    float f;
    uint32_t u;
  } b;
  b.f = v;
  int32_t e = (int32_t)(b.u >> 23) - 127;
  b.u = (b.u & 0x7FFFFFu) | 0x3F800000u;
  if (b.f > 1.41421356f) b.f *= 0.5f, e++;
  const float s = (b.f - 1.0f) / (b.f + 1.0f), s2 = s * s;
  const float t = s * (2.0f + s2 * (0.666666667f + s2 * (0.4f + s2 * (0.285714286f + s2 * 0.222222222f))));
  return (float)e * 0.693147181f + t;
}

/* softmax (groups 0) or log_softmax (groups 1) over the middle dimension of [n, c, w] (fxrt.h:
 * fxrt_small_softmax_f32): per row, its maximum (NaN if any), e^(x - max) by fxrt_s_expf into y, their sum in float
 * in blocks of 64, then y * (1 / sum) or x - max - log(sum) (fxrt_small_log_sum), as PyTorch's vectorized kernel
 * computes them in float */
FXRT_SMALL_FN fxrt_status fxrt_small_softmax_body(const float *x, float *y, const fxrt_small_params *p) {
  const int32_t w = p->w;
  for (int32_t o = 0; o < p->n; o++)
    for (int32_t j = 0; j < w; j++) {
      const float *xp = x + o * p->c * w + j;
      float *yp = y + o * p->c * w + j;
      float m = xp[0];
      for (int32_t r = 1; r < p->c && m == m; r++) m = xp[r * w] > m || xp[r * w] != xp[r * w] ? xp[r * w] : m;
      float sum = 0.0f;
      for (int32_t r0 = 0; r0 < p->c; r0 += 64) {
        float part = 0.0f;
        for (int32_t r = r0; r < r0 + 64 && r < p->c; r++) {
          const float e = fxrt_s_expf(xp[r * w] - m);
          if (!p->groups) yp[r * w] = e; /* y may be x: x[r] is not read again */
          part += e;
        }
        sum += part;
      }
      if (p->groups) {
        const float ls = fxrt_small_log_sum(sum);
        for (int32_t r = 0; r < p->c; r++) yp[r * w] = (xp[r * w] - m) - ls;
      } else {
        const float inv = 1.0f / sum;
        for (int32_t r = 0; r < p->c; r++) yp[r * w] *= inv;
      }
    }
  return FXRT_OK;
}

/* layer_norm over the last c elements of each of n rows (fxrt.h: fxrt_small_layer_norm_f32) */
FXRT_SMALL_FN fxrt_status fxrt_small_layer_norm_body(const float *x, const float *weight, const float *bias, float *y,
                                                     const fxrt_small_params *p) {
  for (int32_t r = 0; r < p->n; r++, x += p->c, y += p->c) {
    const float m = fxrt_small_sum(x, p->c, 1, 0.0f, 0) / (float)p->c;
    const float v = fxrt_small_sum(x, p->c, 1, m, 1) / (float)p->c;
    const float rs = 1.0f / sqrtf(v + p->mult);
    for (int32_t j = 0; j < p->c; j++) {
      float t = (x[j] - m) * rs;
      if (weight && bias) t = t * weight[j] + bias[j];
      else if (weight) t *= weight[j];
      else if (bias) t += bias[j];
      y[j] = t;
    }
  }
  return FXRT_OK;
}

/* argmax, argmin over the middle dimension of [n, c, w]: the first index of the extreme, NaN first of all */
FXRT_SMALL_FN fxrt_status fxrt_small_argreduce_body(const float *x, int64_t *y, const fxrt_small_params *p) {
  for (int32_t o = 0; o < p->n; o++)
    for (int32_t j = 0; j < p->w; j++) {
      const float *xp = x + o * p->c * p->w + j;
      float best = xp[0];
      int32_t at = 0;
      for (int32_t r = 1; r < p->c && best == best; r++) {
        const float v = xp[r * p->w];
        if (v != v || (p->groups == FXRT_SMALL_ARGMAX ? v > best : v < best)) best = v, at = r;
      }
      *y++ = at;
    }
  return FXRT_OK;
}

/* one dtype's bytes per element */
FXRT_SMALL_FN int32_t fxrt_small_elem_bytes(fxrt_dtype dt) {
  switch (dt) {
  case FXRT_F64:
  case FXRT_I64: return 8;
  case FXRT_F32:
  case FXRT_I32: return 4;
  case FXRT_F16:
  case FXRT_BF16:
  case FXRT_I16: return 2;
  default: return 1;
  }
}

/* copies between views of one dtype (fxrt.h: fxrt_small_copy): element by element in the order of the views'
 * dimensions, the two offsets stepped as an odometer (no division) */
#define FXRT_SMALL_COPY_LOOP(T)                                                                                       \
  do {                                                                                                                \
    const T *s_ = (const T *)src;                                                                                     \
    T *d_ = (T *)dst;                                                                                                 \
    for (int32_t i = 0; i < n; i++) {                                                                                 \
      d_[dof] = s_[sof];                                                                                              \
      for (int32_t a = nd - 1; a >= 0; a--) {                                                                         \
        sof += (int32_t)sv->stride[a], dof += (int32_t)dv->stride[a];                                                 \
        if (++idx[a] < (int32_t)sv->shape[a]) break;                                                                  \
        sof -= (int32_t)(sv->stride[a] * sv->shape[a]), dof -= (int32_t)(dv->stride[a] * dv->shape[a]);               \
        idx[a] = 0;                                                                                                   \
      }                                                                                                               \
    }                                                                                                                 \
  } while (0)

FXRT_SMALL_FN fxrt_status fxrt_small_copy_body(fxrt_dtype dt, const void *src, const fxrt_view *sv, void *dst,
                                               const fxrt_view *dv) {
  const int32_t nd = sv->ndim;
  int32_t idx[FXRT_MAX_DIMS], n = 1, sof = (int32_t)sv->offset, dof = (int32_t)dv->offset;
  for (int32_t a = 0; a < nd; a++) n *= (int32_t)sv->shape[a], idx[a] = 0;
  switch (fxrt_small_elem_bytes(dt)) {
  case 8: FXRT_SMALL_COPY_LOOP(uint64_t); break;
  case 4: FXRT_SMALL_COPY_LOOP(uint32_t); break;
  case 2: FXRT_SMALL_COPY_LOOP(uint16_t); break;
  default: FXRT_SMALL_COPY_LOOP(uint8_t); break;
  }
  return FXRT_OK;
}
#undef FXRT_SMALL_COPY_LOOP

/* ---- int8 (fxrt.h: fxrt_small_q8_*; the arithmetic of fxrt_quant.c, bit for bit) ---- */

/* The dot product of int16 (x - x_zero_point) values with int8 weights, int32 sums (fxrt_quant.c's conv2d and linear,
 * the compact pointwise convolution): on Cortex-M with the DSP extension two 16-bit products per SMLAD, the weights'
 * bytes sign-extended in pairs by SXTB16 (as CMSIS-NN does), else plain C; the sums are exact integers either way,
 * so both give the same bits. FXRT_Q8_EMULATE_DSP runs the same instructions in plain C (a host test of the path). */
#if defined(__ARM_FEATURE_DSP) && !defined(__ARM_BIG_ENDIAN) && !defined(FXRT_Q8_NO_DSP)
#include <arm_acle.h>
#define FXRT_Q8_DSP 1
FXRT_SMALL_FN uint32_t fxrt_q8_sxtb16(uint32_t v) { return (uint32_t)__sxtb16(v); }
FXRT_SMALL_FN int32_t fxrt_q8_smlad(uint32_t a, uint32_t b, int32_t acc) { return __smlad(a, b, acc); }
#elif defined(FXRT_Q8_EMULATE_DSP)
#define FXRT_Q8_DSP 1
FXRT_SMALL_FN uint32_t fxrt_q8_sxtb16(uint32_t v) {
  const int32_t lo = (int32_t)(int8_t)(uint8_t)(v & 0xffu), hi = (int32_t)(int8_t)(uint8_t)((v >> 16) & 0xffu);
  return ((uint32_t)lo & 0xffffu) | ((uint32_t)hi << 16);
}
FXRT_SMALL_FN int32_t fxrt_q8_smlad(uint32_t a, uint32_t b, int32_t acc) {
  const int32_t alo = (int16_t)(uint16_t)(a & 0xffffu), ahi = (int16_t)(uint16_t)(a >> 16);
  const int32_t blo = (int16_t)(uint16_t)(b & 0xffffu), bhi = (int16_t)(uint16_t)(b >> 16);
  return (int32_t)((uint32_t)acc + (uint32_t)(alo * blo) + (uint32_t)(ahi * bhi));
}
#else
#define FXRT_Q8_DSP 0
#endif

/* sum of xc[i] * w[i], i < len (xc: room for len rounded up to 4) */
FXRT_SMALL_FN int32_t fxrt_small_q8_dot(const int16_t *xc, const int8_t *w, int32_t len) {
  int32_t acc = 0, i = 0;
#if FXRT_Q8_DSP
  for (; i + 4 <= len; i += 4) {
    uint32_t w4, x01, x23;
    memcpy(&w4, w + i, 4);
    memcpy(&x01, xc + i, 4);
    memcpy(&x23, xc + i + 2, 4);
    const uint32_t x02 = (x01 & 0xffffu) | (x23 << 16), x13 = (x23 & 0xffff0000u) | (x01 >> 16); /* PKHBT, PKHTB */
    acc = fxrt_q8_smlad(x02, fxrt_q8_sxtb16(w4), acc);
    acc = fxrt_q8_smlad(x13, fxrt_q8_sxtb16((w4 >> 8) | (w4 << 24)), acc); /* ROR 8 */
  }
#endif
  for (; i < len; i++) acc += (int32_t)xc[i] * (int32_t)w[i];
  return acc;
}

/* round to nearest even of |v| < 2^22: v + 1.5 * 2^23 rounds in the addition itself (fxrt_quant.c) */
FXRT_SMALL_FN int32_t fxrt_small_q8_round(float v) {
  union {
    float f;
    uint32_t u;
  } b;
  b.f = v + 12582912.0f;
  return (int32_t)b.u - (int32_t)0x4B400000;
}

/* the uint8 result of an int32 sum: acc * scale clamped to [lo, hi], rounded, plus the zero point */
FXRT_SMALL_FN uint8_t fxrt_small_q8_out(int32_t acc, float scale, const fxrt_small_params *p) {
  float v = (float)acc * scale;
  v = v < p->lo ? p->lo : v;
  v = v > p->hi ? p->hi : v;
  return (uint8_t)(fxrt_small_q8_round(v) + p->y_zp);
}

/* Fixed-point requantization (fx2c compile --requantize fixed; fxrt.h: fxrt_small_q8_conv2d_fx, and
 * fxrt_q8_fixed_multiplier): the integer nearest to acc * mult * 2^-shift, ties to even (the rounding of the float
 * path, so that a product that is exactly a half rounds as qnnpack rounds it), clamped to [lo, hi]. One 64-bit
 * product (SMULL on Cortex-M3/M4; libgcc's integer __aeabi_lmul on M0/M0+, which have no long multiply) and a
 * rounding right shift, no float. With p = acc * mult (int64: |acc| <= 2^31, 0 <= mult < 2^31, so |p| < 2^62) and
 * n = shift:
 *   n >= 33 (every scale below 2^-2, what int8 layers have): only p's high word ph = p >> 32 (|ph| <= 2^30) and
 *     whether its low word pl is 0 matter: t = ph + 2^(n-33) (no overflow), r = t >> (n - 32) is floor(p / 2^n + 1/2)
 *     (the low word cannot carry into the rounding), and when p was exactly a half (t's low n - 32 bits and pl all 0)
 *     r & ~1 is the even neighbour: SMULL, ADD, ASR, and the tie's test, all 32-bit;
 *   1 <= n <= 32: r = (p + 2^(n-1) - 1 + ((p >> n) & 1)) >> n in int64 (the addend is at most 2^61, so the sum stays
 *     below 2^63), the same rounding;
 *   n = 0: r = p;
 * then r clamped to [lo, hi] (in int64 when n <= 32). >> of a negative integer is arithmetic, as every compiler fxrt
 * supports has it.
 * No left shift is needed: fxrt_q8_fixed_multiplier gives mult in [2^30, 2^31) and shift in [0, 62] for every
 * positive scale. A scale from 2^31 - 1/2 on saturates: shift 0, and |p| >= 2^30 > |lo|, |hi| whenever acc != 0,
 * as the exact product would, with lo and hi within +-2^30, as uint8 results are. A scale so small that
 * |acc * scale| < 1/2 for every int32 acc is mult 0: the result 0. */
FXRT_SMALL_FN int32_t fxrt_q8_requantize_fixed_hi(int32_t acc, int32_t mult, int32_t shift, int32_t lo, int32_t hi) {
  const int64_t p = (int64_t)acc * (int64_t)mult; /* shift >= 33: the 32-bit path only */
  const int32_t k = shift - 32, t = (int32_t)(p >> 32) + (int32_t)(1u << (k - 1));
  int32_t r = t >> k;
  if (!(((uint32_t)t << (32 - k)) | (uint32_t)p)) r &= ~(int32_t)1; /* an exact half: to even */
  return r < lo ? lo : r > hi ? hi : r;
}

FXRT_SMALL_FN int32_t fxrt_q8_requantize_fixed(int32_t acc, int32_t mult, int32_t shift, int32_t lo, int32_t hi) {
  if (shift >= 33) return fxrt_q8_requantize_fixed_hi(acc, mult, shift, lo, hi);
  const int64_t p = (int64_t)acc * (int64_t)mult;
  int64_t r = p;
  if (shift > 0) r = (p + ((((int64_t)1) << (shift - 1)) - 1) + ((p >> shift) & 1)) >> shift;
  return r < lo ? lo : r > hi ? hi : (int32_t)r;
}

/* A float scale (positive, finite) as fxrt_q8_requantize_fixed's mult and shift, from its bits (integer operations
 * only; what fxrt_q8_fixed_multiplier gives for it: a float has 24 significant bits, so mult * 2^-shift is the float
 * exactly). The -O2 kernels' fixed requantization derives it from the record's float scale per output. */
FXRT_SMALL_FN void fxrt_q8_fixed_from_f32(float scale, int32_t *mult, int32_t *shift) {
  uint32_t u;
  memcpy(&u, &scale, sizeof u);
  const int32_t e = (int32_t)((u >> 23) & 0xffu); /* scale = 1.m * 2^(e - 127) = (2^23 + m) * 2^(e - 150) */
  int32_t sh = 150 - e + 7;                       /* mult = (2^23 + m) << 7, in [2^30, 2^31) */
  if (e == 0 || sh > 62) {                        /* below 2^-32 (subnormals included): |acc * scale| < 1/2 */
    *mult = 0, *shift = 0;
    return;
  }
  *mult = (int32_t)(((u & 0x7fffffu) | 0x800000u) << 7);
  *shift = sh < 0 ? 0 : sh;
}

/* The uint8 result of an int32 sum, requantized in float (fixed 0: scale[pc]) or in fixed point (fixed 1: rq, the
 * record fxrt.h describes, {lo, hi, then mult, shift per channel}; p->divisor 1: every shift >= 33, the 32-bit path
 * only, which the C compiler then keeps alone even when the shifts are read from the record at run time). fixed is
 * a constant of each kernel, so that a kernel keeps one of the two. */
FXRT_SMALL_ALWAYS uint8_t fxrt_small_q8_req(int32_t acc, const float *scale, const int32_t *rq, int fixed, int32_t pc,
                                            const fxrt_small_params *p) {
  if (fixed && p->divisor)
    return (uint8_t)(fxrt_q8_requantize_fixed_hi(acc, rq[2 + 2 * pc], rq[3 + 2 * pc], rq[0], rq[1]) + p->y_zp);
  if (fixed) return (uint8_t)(fxrt_q8_requantize_fixed(acc, rq[2 + 2 * pc], rq[3 + 2 * pc], rq[0], rq[1]) + p->y_zp);
  return fxrt_small_q8_out(acc, scale[pc], p);
}

/* The scratch of an int8 pointwise convolution in place: a column of c int16 values, rounded up to 4 of them. */
FXRT_SMALL_FN int32_t fxrt_small_q8_column_bytes(int32_t c) { return (c + 3) / 4 * 4 * 2; }

/* The int8 bodies take either requantization (fixed 0: scale; 1: rq) and are always inline, so that each kernel
 * below keeps only its own: the fixed-point ones no float arithmetic. */
FXRT_SMALL_ALWAYS fxrt_status fxrt_small_q8_conv2d_any(const uint8_t *x, const int8_t *weight, const int32_t *bias,
                                                       uint8_t *y, uint8_t *scratch, const float *scale,
                                                       const int32_t *rq, int fixed, const int32_t *wzp,
                                                       const fxrt_small_params *p) {
  if (p->groups < 1 || p->c % p->groups || p->k % p->groups) return FXRT_EINVAL;
  const int32_t cg = p->c / p->groups, kg = p->k / p->groups, hw = p->h * p->w, taps = cg * p->kh * p->kw;
  if (scratch && fxrt_small_pointwise(p)) {
    /* pixel by pixel: its c inputs, less the zero point, into the scratch as int16 (fxrt_small_q8_column_bytes), then
     * its k results over them; the sums as fxrt_quant.c's: the dot product less w_zp * the inputs' sum */
    int16_t *col = (int16_t *)(void *)scratch;
    for (int32_t b = 0; b < p->n; b++)
      for (int32_t px = 0; px < hw; px++) {
        const uint8_t *xp = x + b * p->c * hw + px;
        uint8_t *yp = y + b * p->k * hw + px;
        int32_t sum = 0;
        for (int32_t ci = 0; ci < p->c; ci++) sum += col[ci] = (int16_t)((int32_t)xp[ci * hw] - p->x_zp);
        for (int32_t o = 0; o < p->k; o++) {
          const int32_t pc = p->per_channel ? o : 0;
          uint32_t acc = (uint32_t)fxrt_small_q8_dot(col, weight + o * p->c, p->c) - (uint32_t)(wzp[pc] * sum);
          if (bias) acc += (uint32_t)bias[o];
          yp[o * hw] = fxrt_small_q8_req((int32_t)acc, scale, rq, fixed, pc, p);
        }
      }
    return FXRT_OK;
  }
  /* group by group (with a scratch: each group's results overwrite only its own inputs) */
  const int32_t unit = kg * p->oh * p->ow;
  uint8_t *out = y, *dst = scratch ? scratch : y;
  for (int32_t b = 0; b < p->n; b++)
    for (int32_t o = 0; o < p->k; o++) {
      const uint8_t *xg = x + (b * p->c + o / kg * cg) * hw;
      const int8_t *wo = weight + o * taps;
      const int32_t pc = p->per_channel ? o : 0, wz = wzp[pc];
      for (int32_t oy = 0; oy < p->oh; oy++)
        for (int32_t ox = 0; ox < p->ow; ox++) {
          uint32_t acc = bias ? (uint32_t)bias[o] : 0u;
          const int8_t *wp = wo;
          for (int32_t ci = 0; ci < cg; ci++)
            for (int32_t ky = 0; ky < p->kh; ky++) {
              const int32_t iy = oy * p->stride[0] - p->pad[0] + ky * p->dilation[0];
              for (int32_t kx = 0; kx < p->kw; kx++, wp++) {
                const int32_t ix = ox * p->stride[1] - p->pad[1] + kx * p->dilation[1];
                if (iy >= 0 && iy < p->h && ix >= 0 && ix < p->w) /* padding is the zero point: adds 0 */
                  acc += (uint32_t)(((int32_t)xg[ci * hw + iy * p->w + ix] - p->x_zp) * ((int32_t)*wp - wz));
              }
            }
          *dst++ = fxrt_small_q8_req((int32_t)acc, scale, rq, fixed, pc, p);
          out++;
        }
      if (scratch && o % kg == kg - 1) { /* the group is done: its results to y */
        for (int32_t i = 0; i < unit; i++) out[i - unit] = scratch[i];
        dst = scratch;
      }
    }
  return FXRT_OK;
}

FXRT_SMALL_ALWAYS fxrt_status fxrt_small_q8_linear_any(const uint8_t *x, const int8_t *weight, const int32_t *bias,
                                                       uint8_t *y, const float *scale, const int32_t *rq, int fixed,
                                                       const int32_t *wzp, const fxrt_small_params *p) {
  for (int32_t i = 0; i < p->n; i++)
    for (int32_t j = 0; j < p->k; j++) {
      const uint8_t *xr = x + i * p->c;
      const int8_t *wr = weight + j * p->c;
      const int32_t pc = p->per_channel ? j : 0, wz = wzp[pc];
      uint32_t acc = bias ? (uint32_t)bias[j] : 0u;
      for (int32_t t = 0; t < p->c; t++) acc += (uint32_t)(((int32_t)xr[t] - p->x_zp) * ((int32_t)wr[t] - wz));
      *y++ = fxrt_small_q8_req((int32_t)acc, scale, rq, fixed, pc, p);
    }
  return FXRT_OK;
}

/* max: qnnpack's, each tap's row and column clamped into the plane; average: qnnpack's, padding adds 0 (fixed 0:
 * times p->mult in float; 1: the fixed-point record rq, {lo, hi, mult, shift}) */
FXRT_SMALL_ALWAYS fxrt_status fxrt_small_q8_pool2d_any(const uint8_t *x, uint8_t *y, const int32_t *rq, int fixed,
                                                       const fxrt_small_params *p) {
  const int32_t hw = p->h * p->w;
  for (int32_t plane = 0; plane < p->n * p->c; plane++, x += hw)
    for (int32_t oy = 0; oy < p->oh; oy++)
      for (int32_t ox = 0; ox < p->ow; ox++) {
        const int32_t y0 = oy * p->stride[0] - p->pad[0], x0 = ox * p->stride[1] - p->pad[1];
        if (p->groups == FXRT_SMALL_MAX) {
          uint8_t m = 0;
          for (int32_t ky = 0; ky < p->kh; ky++) {
            int32_t iy = y0 + ky * p->dilation[0];
            iy = iy < 0 ? 0 : iy >= p->h ? p->h - 1 : iy;
            for (int32_t kx = 0; kx < p->kw; kx++) {
              int32_t ix = x0 + kx * p->dilation[1];
              ix = ix < 0 ? 0 : ix >= p->w ? p->w - 1 : ix;
              m = x[iy * p->w + ix] > m ? x[iy * p->w + ix] : m;
            }
          }
          *y++ = m;
          continue;
        }
        const int32_t ya = y0 > 0 ? y0 : 0, xa = x0 > 0 ? x0 : 0;
        const int32_t yb = y0 + p->kh < p->h ? y0 + p->kh : p->h, xb = x0 + p->kw < p->w ? x0 + p->kw : p->w;
        int32_t acc = 0;
        for (int32_t iy = ya; iy < yb; iy++)
          for (int32_t ix = xa; ix < xb; ix++) acc += (int32_t)x[iy * p->w + ix] - p->y_zp;
        *y++ = fixed ? fxrt_small_q8_req(acc, NULL, rq, 1, 0, p) : fxrt_small_q8_out(acc, p->mult, p);
      }
  return FXRT_OK;
}

FXRT_SMALL_FN fxrt_status fxrt_small_q8_conv2d_body(const uint8_t *x, const int8_t *weight, const int32_t *bias,
                                                    uint8_t *y, uint8_t *scratch, const float *scale,
                                                    const int32_t *wzp, const fxrt_small_params *p) {
  return fxrt_small_q8_conv2d_any(x, weight, bias, y, scratch, scale, NULL, 0, wzp, p);
}
FXRT_SMALL_FN fxrt_status fxrt_small_q8_conv2d_fx_body(const uint8_t *x, const int8_t *weight, const int32_t *bias,
                                                       uint8_t *y, uint8_t *scratch, const int32_t *rq,
                                                       const int32_t *wzp, const fxrt_small_params *p) {
  return fxrt_small_q8_conv2d_any(x, weight, bias, y, scratch, NULL, rq, 1, wzp, p);
}
FXRT_SMALL_FN fxrt_status fxrt_small_q8_linear_body(const uint8_t *x, const int8_t *weight, const int32_t *bias,
                                                    uint8_t *y, const float *scale, const int32_t *wzp,
                                                    const fxrt_small_params *p) {
  return fxrt_small_q8_linear_any(x, weight, bias, y, scale, NULL, 0, wzp, p);
}
FXRT_SMALL_FN fxrt_status fxrt_small_q8_linear_fx_body(const uint8_t *x, const int8_t *weight, const int32_t *bias,
                                                       uint8_t *y, const int32_t *rq, const int32_t *wzp,
                                                       const fxrt_small_params *p) {
  return fxrt_small_q8_linear_any(x, weight, bias, y, NULL, rq, 1, wzp, p);
}
FXRT_SMALL_FN fxrt_status fxrt_small_q8_pool2d_body(const uint8_t *x, uint8_t *y, const fxrt_small_params *p) {
  return fxrt_small_q8_pool2d_any(x, y, NULL, 0, p);
}
FXRT_SMALL_FN fxrt_status fxrt_small_q8_pool2d_fx_body(const uint8_t *x, uint8_t *y, const int32_t *rq,
                                                       const fxrt_small_params *p) {
  return fxrt_small_q8_pool2d_any(x, y, rq, 1, p);
}

FXRT_SMALL_FN fxrt_status fxrt_small_q8_quantize_body(const float *x, uint8_t *y, const fxrt_small_params *p) {
  for (int32_t i = 0; i < p->n; i++) {
    float v = x[i] * p->mult;
    /* PyTorch converts the rounded value to int64: from 2^63 on (and NaN) that gives INT64_MIN, which clamps to 0 */
    if (!(v < 9223372036854775808.0f && v > -9223372036854775808.0f)) v = p->lo;
    v = v < p->lo ? p->lo : v;
    v = v > p->hi ? p->hi : v;
    y[i] = (uint8_t)(fxrt_small_q8_round(v) + p->y_zp);
  }
  return FXRT_OK;
}

FXRT_SMALL_FN fxrt_status fxrt_small_q8_dequantize_body(const uint8_t *x, float *y, const fxrt_small_params *p) {
  for (int32_t i = 0; i < p->n; i++) y[i] = (float)((int32_t)x[i] - p->x_zp) * p->mult;
  return FXRT_OK;
}

#ifdef FXRT_SMALL_INLINE
#define fxrt_small_q8_conv2d fxrt_small_q8_conv2d_body
#define fxrt_small_q8_linear fxrt_small_q8_linear_body
#define fxrt_small_q8_pool2d fxrt_small_q8_pool2d_body
#define fxrt_small_q8_conv2d_fx fxrt_small_q8_conv2d_fx_body
#define fxrt_small_q8_linear_fx fxrt_small_q8_linear_fx_body
#define fxrt_small_q8_pool2d_fx fxrt_small_q8_pool2d_fx_body
#define fxrt_small_q8_quantize fxrt_small_q8_quantize_body
#define fxrt_small_q8_dequantize fxrt_small_q8_dequantize_body
#define fxrt_small_conv2d_f32 fxrt_small_conv2d_body
#define fxrt_small_linear_f32 fxrt_small_linear_body
#define fxrt_small_pool2d_f32 fxrt_small_pool2d_body
#define fxrt_small_reduce_f32 fxrt_small_reduce_body
#define fxrt_small_argreduce_f32 fxrt_small_argreduce_body
#define fxrt_small_copy fxrt_small_copy_body
#define fxrt_small_layer_norm_f32 fxrt_small_layer_norm_body
#define fxrt_small_softmax_f32 fxrt_small_softmax_body
#endif

#endif
