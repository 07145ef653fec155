/* fxrt_quant.c: int8 kernels that give PyTorch 1.13's quantized operators with the qnnpack engine bit for bit (see
 * fxrt.h, "int8 quantized kernels"; tests/runtime/test_quant.c checks them on PyTorch's own outputs).
 *
 * Every float operation is the one PyTorch or qnnpack performs, in the same order, in float32. Rounding to nearest
 * even is done without libm: for |v| < 2^22, v + 1.5*2^23 lands in [2^23, 2^24), where the float's unit is 1, so
 * the addition itself rounds (to even, the default mode) and the low bits of the sum are the integer. The few places
 * where a compiler allowed to contract a*b+c into a fused multiply-add (Cortex-M4F has VFMA) would change the bits
 * round the product through a volatile (mul_rounded).
 *
 * conv2d and linear share one dot product of int16 (x - x_zero_point) values with int8 weights, int32 sums: on
 * Cortex-M with the DSP extension two 16-bit products per SMLAD, the weights' bytes sign-extended in pairs by SXTB16
 * (as CMSIS-NN does), else plain C; the sums are exact integers either way, so both give the same bits.
 */
#include <string.h>

#include "fxrt.h"
#include "fxrt_small.h" /* fxrt_small_q8_dot: the dot product (with the DSP extension's SMLAD), shared */

/* ---- rounding --------------------------------------------------------------------------------------------------- */

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static float f32_from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

/* round-to-nearest-even of v, |v| < 2^22, as an int32 (qnnpack's "magic" fp32 requantization, lrintf): the compact
 * kernels' rounding, fxrt_small.h */
#define round_small fxrt_small_q8_round

/* round-to-nearest-even of any finite float, as a float (std::nearbyint). */
static float round_any(float v) {
  if (v >= 8388608.0f || v <= -8388608.0f || v != v) return v;
  return v >= 0.0f ? (v + 8388608.0f) - 8388608.0f : (v - 8388608.0f) + 8388608.0f;
}

/* a * b rounded to float, never fused with a following addition. */
static float mul_rounded(float a, float b) {
  volatile float p = a * b;
  return p;
}

static inline float clampf(float v, float lo, float hi) {
  v = v < lo ? lo : v;
  return v > hi ? hi : v;
}

static bool scale_ok(double s) { return s > 0.0 && s < 3.0e38 && (float)s > 0.0f; }

/* A quint8 tensor's quantization: a scale as above and a zero point in [0, 255]. */
static bool qparams_ok(double scale, int32_t zero_point) {
  return scale_ok(scale) && zero_point >= 0 && zero_point <= 255;
}

/* ---- conv2d and linear ------------------------------------------------------------------------------------------ */

fxrt_status fxrt_q8_gemm_prepare(double x_scale, const double *w_scale, int64_t nw, double y_scale, const float *bias,
                                 int64_t k, float *scale, int32_t *bias_q) {
  if (!w_scale || !scale || k <= 0 || (nw != 1 && nw != k) || !scale_ok(x_scale) || !scale_ok(y_scale))
    return FXRT_EINVAL;
  if (bias && !bias_q) return FXRT_EINVAL;
  const float xs = (float)x_scale, inv_ys = 1.0f / (float)y_scale;
  for (int64_t i = 0; i < nw; i++) {
    if (!scale_ok(w_scale[i])) return FXRT_EINVAL;
    scale[i] = ((float)w_scale[i] * xs) * inv_ys; /* qnnpack_utils.h generate_requantization_scales */
  }
  if (bias)
    for (int64_t i = 0; i < k; i++) {
      /* quantize_per_tensor(bias, w_scale * x_scale, 0, qint32): value * (1.0f / (float)scale), nearbyint, clamp */
      const double bs = w_scale[nw == 1 ? 0 : i] * x_scale; /* in double, as PyTorch's q_scale()s */
      const float r = round_any(bias[i] * (1.0f / (float)bs));
      if (r != r) return FXRT_EINVAL;
      bias_q[i] = r >= 2147483648.0f ? INT32_MAX : r <= -2147483648.0f ? INT32_MIN : (int32_t)r;
    }
  return FXRT_OK;
}

fxrt_status fxrt_q8_fixed_multiplier(double scale, int32_t *mult, int32_t *shift) {
  if (!mult || !shift || !(scale > 0.0 && scale <= 1.7976931348623157e308)) return FXRT_EINVAL;
  /* scale = m * 2^e with m in [0.5, 1): halvings and doublings are exact */
  double m = scale;
  int32_t e = 0;
  while (m >= 1.0) m *= 0.5, e++;
  while (m < 0.5) m *= 2.0, e--;
  const double t = m * 2147483648.0; /* in [2^30, 2^31): its integer part and fraction are exact */
  int64_t mi = (int64_t)t;
  const double frac = t - (double)mi;
  if (frac > 0.5 || (frac == 0.5 && (mi & 1))) mi++;
  if (mi == ((int64_t)1 << 31)) mi >>= 1, e++; /* rounded up to 2^31: 2^30, one shift less */
  int64_t sh = 31 - (int64_t)e;                /* scale ~ mi * 2^-sh */
  if (sh > 62) mi = 0, sh = 0;                 /* below 2^-32: |acc| * scale < 1/2 */
  if (sh < 0) sh = 0;                          /* rounded to 2^31 or more: saturates (fxrt.h) */
  *mult = (int32_t)mi, *shift = (int32_t)sh;
  return FXRT_OK;
}

static bool gemm_params_ok(const fxrt_q8_gemm_params *q) {
  return q && q->w_zero_point && q->scale && q->x_zero_point >= 0 && q->x_zero_point <= 255 && q->y_min >= 0 &&
         q->y_min <= q->y_max && q->y_max <= 255 && q->y_zero_point >= 0 && q->y_zero_point <= 255;
}

/* The outputs of one column xc[len] (sum: its sum) for output channels [k0, k1), written at y + (ch - k0) * ystride. */
static void q8_outputs(const int16_t *xc, int32_t sum, int32_t len, const int8_t *weight, int64_t k0, int64_t k1,
                       uint8_t *y, int64_t ystride, const fxrt_q8_gemm_params *q) {
  const float lo = (float)(q->y_min - q->y_zero_point), hi = (float)(q->y_max - q->y_zero_point);
  for (int64_t ch = k0; ch < k1; ch++) {
    const int64_t pc = q->per_channel ? ch : 0;
    /* dot and w_zp * sum stay below 2^30 (len <= 32768); the bias wraps around as qnnpack's int32 sums do */
    uint32_t u = (uint32_t)fxrt_small_q8_dot(xc, weight + ch * len, len) - (uint32_t)(q->w_zero_point[pc] * sum);
    if (q->bias) u += (uint32_t)q->bias[ch];
    const int32_t acc = (int32_t)u;
    if (q->fixed) { /* --requantize fixed: integer operations only (the scale's bits as mult and shift) */
      int32_t mult, shift;
      fxrt_q8_fixed_from_f32(q->scale[pc], &mult, &shift);
      y[(ch - k0) * ystride] =
          (uint8_t)(fxrt_q8_requantize_fixed(acc, mult, shift, q->y_min - q->y_zero_point, q->y_max - q->y_zero_point) +
                    q->y_zero_point);
      continue;
    }
    const float v = clampf((float)acc * q->scale[pc], lo, hi);
    y[(ch - k0) * ystride] = (uint8_t)(round_small(v) + q->y_zero_point);
  }
}

/* Room for a column of len int16 values, rounded up to 4 for the DSP loop's reads. */
static size_t column_bytes(int64_t len) { return (size_t)((len + 3) / 4 * 4) * sizeof(int16_t); }

size_t fxrt_q8_conv2d_workspace_size(int64_t c, int64_t kh, int64_t kw, const fxrt_conv2d_params *p) {
  const int64_t groups = p && p->groups > 0 ? p->groups : 1;
  if (c <= 0 || kh <= 0 || kw <= 0) return 0;
  return column_bytes(c / groups * kh * kw);
}

fxrt_status fxrt_q8_conv2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const int8_t *weight,
                           int64_t k, int64_t kh, int64_t kw, uint8_t *y, int64_t oh, int64_t ow,
                           const fxrt_conv2d_params *p, const fxrt_q8_gemm_params *q, void *ws, size_t ws_bytes) {
  if (!x || !weight || !y || !p || !gemm_params_ok(q)) return FXRT_EINVAL;
  const int64_t g = p->groups;
  if (n < 0 || c <= 0 || h <= 0 || w <= 0 || k <= 0 || kh <= 0 || kw <= 0 || g <= 0 || c % g || k % g)
    return FXRT_EINVAL;
  if (p->stride[0] <= 0 || p->stride[1] <= 0 || p->dilation[0] <= 0 || p->dilation[1] <= 0 || p->padding[0] < 0 ||
      p->padding[1] < 0 || p->pad_extra[0] != 0 || p->pad_extra[1] != 0)
    return FXRT_EINVAL;
  if (oh != (h + 2 * p->padding[0] - p->dilation[0] * (kh - 1) - 1) / p->stride[0] + 1 ||
      ow != (w + 2 * p->padding[1] - p->dilation[1] * (kw - 1) - 1) / p->stride[1] + 1 || oh <= 0 || ow <= 0)
    return FXRT_EINVAL;
  const int64_t cg = c / g, kg = k / g, len = cg * kh * kw;
  if (len > 32768) return FXRT_EINVAL; /* 255 * 255 * len stays in int32 */
  if (!ws || ws_bytes < column_bytes(len)) return FXRT_EWORKSPACE;
  int16_t *col = (int16_t *)ws;
  const int16_t xzp = (int16_t)q->x_zero_point;
  for (int64_t b = 0; b < n; b++)
    for (int64_t gi = 0; gi < g; gi++)
      for (int64_t oy = 0; oy < oh; oy++)
        for (int64_t ox = 0; ox < ow; ox++) {
          int32_t sum = 0, i = 0;
          for (int64_t ci = 0; ci < cg; ci++) {
            const uint8_t *plane = x + ((b * c) + gi * cg + ci) * h * w;
            for (int64_t ky = 0; ky < kh; ky++) {
              const int64_t iy = oy * p->stride[0] - p->padding[0] + ky * p->dilation[0];
              for (int64_t kx = 0; kx < kw; kx++) {
                const int64_t ix = ox * p->stride[1] - p->padding[1] + kx * p->dilation[1];
                const int16_t v = (iy >= 0 && iy < h && ix >= 0 && ix < w) ? (int16_t)(plane[iy * w + ix] - xzp) : 0;
                col[i++] = v;
                sum += v;
              }
            }
          }
          q8_outputs(col, sum, (int32_t)len, weight, gi * kg, (gi + 1) * kg,
                     y + ((b * k + gi * kg) * oh + oy) * ow + ox, oh * ow, q);
        }
  return FXRT_OK;
}

size_t fxrt_q8_linear_workspace_size(int64_t in) { return in > 0 ? column_bytes(in) : 0; }

fxrt_status fxrt_q8_linear(const uint8_t *x, int64_t m, int64_t in, const int8_t *weight, int64_t out, uint8_t *y,
                           const fxrt_q8_gemm_params *q, void *ws, size_t ws_bytes) {
  if (!x || !weight || !y || !gemm_params_ok(q) || m < 0 || in <= 0 || out <= 0 || in > 32768) return FXRT_EINVAL;
  if (!ws || ws_bytes < column_bytes(in)) return FXRT_EWORKSPACE;
  int16_t *row = (int16_t *)ws;
  for (int64_t r = 0; r < m; r++) {
    int32_t sum = 0;
    for (int64_t i = 0; i < in; i++) {
      row[i] = (int16_t)(x[r * in + i] - q->x_zero_point);
      sum += row[i];
    }
    q8_outputs(row, sum, (int32_t)in, weight, 0, out, y + r * out, 1, q);
  }
  return FXRT_OK;
}

/* ---- quantize, dequantize, requantize --------------------------------------------------------------------------- */

fxrt_status fxrt_q8_quantize(const float *x, int64_t n, double scale, int32_t zero_point, uint8_t *y) {
  if ((!x || !y) && n > 0) return FXRT_EINVAL;
  if (n < 0 || !qparams_ok(scale, zero_point)) return FXRT_EINVAL;
  const float inv = 1.0f / (float)scale, lo = (float)-zero_point, hi = (float)(255 - zero_point);
  for (int64_t i = 0; i < n; i++) {
    float v = x[i] * inv;
    /* PyTorch converts the rounded value to int64: from 2^63 on (and NaN) that gives INT64_MIN, which clamps to 0 */
    if (!(v < 9223372036854775808.0f && v > -9223372036854775808.0f)) v = lo;
    v = clampf(v, lo, hi);
    y[i] = (uint8_t)(round_small(v) + zero_point);
  }
  return FXRT_OK;
}

fxrt_status fxrt_q8_dequantize(const uint8_t *x, int64_t n, double scale, int32_t zero_point, float *y) {
  if ((!x || !y) && n > 0) return FXRT_EINVAL;
  if (n < 0 || !qparams_ok(scale, zero_point)) return FXRT_EINVAL;
  const float s = (float)scale;
  for (int64_t i = 0; i < n; i++) y[i] = (float)((int32_t)x[i] - zero_point) * s;
  return FXRT_OK;
}

fxrt_status fxrt_q8_requantize_rows(const uint8_t *x, int64_t outer, int64_t len, double x_scale, int32_t x_zero_point,
                                    uint8_t *y, int64_t y_stride, double y_scale, int32_t y_zero_point) {
  if (outer < 0 || len < 0 || y_stride < len || !qparams_ok(x_scale, x_zero_point) ||
      !qparams_ok(y_scale, y_zero_point))
    return FXRT_EINVAL;
  if (outer == 0 || len == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;
  const float xs = (float)x_scale, inv = 1.0f / (float)y_scale;
  const float lo = (float)-y_zero_point, hi = (float)(255 - y_zero_point);
  const bool same = xs == (float)y_scale && x_zero_point == y_zero_point;
  for (int64_t r = 0; r < outer; r++) {
    const uint8_t *src = x + r * len;
    uint8_t *dst = y + r * y_stride;
    if (same) {
      memmove(dst, src, (size_t)len);
      continue;
    }
    for (int64_t i = 0; i < len; i++) {
      const float v = clampf(((float)((int32_t)src[i] - x_zero_point) * xs) * inv, lo, hi);
      dst[i] = (uint8_t)(round_small(v) + y_zero_point);
    }
  }
  return FXRT_OK;
}

/* ---- add, mul --------------------------------------------------------------------------------------------------- */

fxrt_status fxrt_q8_add_prepare(double a_scale, int32_t a_zero_point, double b_scale, int32_t b_zero_point,
                                double y_scale, int32_t y_zero_point, bool relu, fxrt_q8_add_params *p) {
  if (!p || !qparams_ok(a_scale, a_zero_point) || !qparams_ok(b_scale, b_zero_point) ||
      !qparams_ok(y_scale, y_zero_point))
    return FXRT_EINVAL;
  /* pytorch_qnnp_create_add_nc_q8 and pytorch_qnnp_compute_add_quantization_params */
  const float a_os = (float)a_scale / (float)y_scale, b_os = (float)b_scale / (float)y_scale;
  const float lo = 6.103515625e-05f /* 2^-14 */, hi = 256.0f;
  if (!(a_os >= lo && a_os < hi && b_os >= lo && b_os < hi)) return FXRT_EINVAL;
  const float mx = a_os > b_os ? a_os : b_os;
  const int32_t e = (int32_t)(f32_bits(mx) >> 23) - 127, shift = 21 - e;
  const float sm = f32_from_bits((uint32_t)(21 - e + 127) << 23);
  p->a_multiplier = round_small(a_os * sm);
  p->b_multiplier = round_small(b_os * sm);
  p->zero_point_product = -(p->a_multiplier * a_zero_point + p->b_multiplier * b_zero_point);
  p->shift = shift;
  p->y_zero_point = y_zero_point;
  p->y_min = relu ? y_zero_point : 0;
  p->y_max = 255;
  return FXRT_OK;
}

/* v >> s rounded down, for any sign (an arithmetic shift). */
static inline int32_t asr(int32_t v, int32_t s) { return v >= 0 ? v >> s : -1 - ((-1 - v) >> s); }

fxrt_status fxrt_q8_add(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, const fxrt_q8_add_params *p) {
  if (!p || n < 0 || p->shift < 1 || p->shift > 31) return FXRT_EINVAL;
  if (n > 0 && (!a || !b || !y)) return FXRT_EINVAL;
  const uint32_t mask = (UINT32_C(1) << p->shift) - 1u, threshold = mask >> 1;
  for (int64_t i = 0; i < n; i++) {
    /* the terms are below 2^30 in magnitude and zero_point_product in (-2^31, 0]: no overflow */
    const int32_t acc = p->zero_point_product + (int32_t)a[i] * p->a_multiplier + (int32_t)b[i] * p->b_multiplier;
    const int32_t rem = (int32_t)((uint32_t)acc & mask) - (int32_t)(acc < 0);
    int32_t v = asr(acc, p->shift) + (int32_t)(rem > (int32_t)threshold) + p->y_zero_point;
    v = v < p->y_min ? p->y_min : v;
    y[i] = (uint8_t)(v > p->y_max ? p->y_max : v);
  }
  return FXRT_OK;
}

fxrt_status fxrt_q8_mul_prepare(double a_scale, int32_t a_zero_point, double b_scale, int32_t b_zero_point,
                                double y_scale, int32_t y_zero_point, bool relu, fxrt_q8_mul_params *p) {
  if (!p || !qparams_ok(a_scale, a_zero_point) || !qparams_ok(b_scale, b_zero_point) ||
      !qparams_ok(y_scale, y_zero_point))
    return FXRT_EINVAL;
  /* qmul_kernel: float multiplier = self_scale * other_scale * inv_scale */
  p->multiplier = ((float)a_scale * (float)b_scale) * (1.0f / (float)y_scale);
  p->a_zero_point = a_zero_point;
  p->b_zero_point = b_zero_point;
  p->y_zero_point = y_zero_point;
  p->y_min = relu ? y_zero_point : 0;
  p->y_max = 255;
  return FXRT_OK;
}

fxrt_status fxrt_q8_mul(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, const fxrt_q8_mul_params *p) {
  if (!p || n < 0 || p->y_min < 0 || p->y_min > p->y_max || p->y_max > 255) return FXRT_EINVAL;
  if (n > 0 && (!a || !b || !y)) return FXRT_EINVAL;
  const float lo = (float)(p->y_min - p->y_zero_point), hi = (float)(p->y_max - p->y_zero_point);
  for (int64_t i = 0; i < n; i++) {
    const int32_t prod = ((int32_t)a[i] - p->a_zero_point) * ((int32_t)b[i] - p->b_zero_point);
    const float v = clampf((float)prod * p->multiplier, lo, hi);
    y[i] = (uint8_t)(round_small(v) + p->y_zero_point);
  }
  return FXRT_OK;
}

/* ---- lookup tables ---------------------------------------------------------------------------------------------- */

fxrt_status fxrt_q8_hardswish_lut(double x_scale, int32_t x_zero_point, double y_scale, int32_t y_zero_point,
                                  uint8_t lut[256]) {
  if (!lut || !qparams_ok(x_scale, x_zero_point) || !qparams_ok(y_scale, y_zero_point)) return FXRT_EINVAL;
  /* pytorch_qnnp_create_hardswish_nc_q8 */
  const float xs = (float)x_scale, inv = 1.0f / (float)y_scale;
  for (int32_t i = 0; i < 256; i++) {
    const float v = mul_rounded(xs, (float)(i - x_zero_point));
    float t = v + 3.0f;
    t = t > 0.0f ? t : 0.0f;
    t = t < 6.0f ? t : 6.0f;
    t = v * t / 6.0f;
    const float r = clampf(mul_rounded(inv, t) + (float)y_zero_point, 0.0f, 255.0f);
    lut[i] = (uint8_t)round_small(r);
  }
  return FXRT_OK;
}

fxrt_status fxrt_q8_lut(const uint8_t *x, int64_t n, const uint8_t lut[256], uint8_t *y) {
  if (n < 0 || (n > 0 && (!x || !y || !lut))) return FXRT_EINVAL;
  for (int64_t i = 0; i < n; i++) y[i] = lut[x[i]];
  return FXRT_OK;
}

/* ---- pooling ---------------------------------------------------------------------------------------------------- */

static bool pool_ok(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const uint8_t *y, int64_t oh,
                    int64_t ow) {
  return x && y && n >= 0 && c > 0 && h > 0 && w > 0 && oh > 0 && ow > 0;
}

fxrt_status fxrt_q8_max_pool2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, uint8_t *y, int64_t oh,
                               int64_t ow, const fxrt_pool2d_params *p) {
  if (!p || !pool_ok(x, n, c, h, w, y, oh, ow)) return FXRT_EINVAL;
  for (int d = 0; d < 2; d++)
    if (p->kernel[d] <= 0 || p->stride[d] <= 0 || p->dilation[d] <= 0 || p->padding[d] < 0) return FXRT_EINVAL;
  /* Without ceil_mode, qnnpack's max pooling, which clamps each tap's row and column into the input (with dilation
   * a window past the edge then takes the edge's row or column, which PyTorch's float kernel does not); with it,
   * PyTorch's generic kernel, which skips the taps outside. */
  const bool clamp = !p->ceil_mode;
  for (int64_t pl = 0; pl < n * c; pl++)
    for (int64_t oy = 0; oy < oh; oy++)
      for (int64_t ox = 0; ox < ow; ox++) {
        uint8_t m = 0;
        for (int64_t ky = 0; ky < p->kernel[0]; ky++) {
          int64_t iy = oy * p->stride[0] - p->padding[0] + ky * p->dilation[0];
          if (clamp) iy = iy < 0 ? 0 : iy >= h ? h - 1 : iy;
          if (iy < 0 || iy >= h) continue;
          for (int64_t kx = 0; kx < p->kernel[1]; kx++) {
            int64_t ix = ox * p->stride[1] - p->padding[1] + kx * p->dilation[1];
            if (clamp) ix = ix < 0 ? 0 : ix >= w ? w - 1 : ix;
            if (ix >= 0 && ix < w && x[(pl * h + iy) * w + ix] > m) m = x[(pl * h + iy) * w + ix];
          }
        }
        y[(pl * oh + oy) * ow + ox] = m;
      }
  return FXRT_OK;
}

/* The sum of x - zp over rows [y0, y1) and columns [x0, x1) of a plane (clipped by the caller). */
static int32_t window_sum(const uint8_t *plane, int64_t w, int64_t y0, int64_t y1, int64_t x0, int64_t x1, int32_t zp) {
  int32_t s = 0;
  for (int64_t iy = y0; iy < y1; iy++)
    for (int64_t ix = x0; ix < x1; ix++) s += (int32_t)plane[iy * w + ix] - zp;
  return s;
}

/* qnnpack's average pooling: windows kh x kw at the strides, padding adds 0, acc * s rounded, s = scale / (scale *
 * kh * kw) in float. */
static void qnnp_avg_pool(const uint8_t *x, int64_t planes, int64_t h, int64_t w, uint8_t *y, int64_t oh, int64_t ow,
                          int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t ph, int64_t pw, float scale,
                          int32_t zp) {
  const float s = scale / (scale * (float)(kh * kw)), lo = (float)-zp, hi = (float)(255 - zp);
  for (int64_t pl = 0; pl < planes; pl++)
    for (int64_t oy = 0; oy < oh; oy++)
      for (int64_t ox = 0; ox < ow; ox++) {
        const int64_t y0 = oy * sh - ph, x0 = ox * sw - pw;
        const int64_t y1 = y0 + kh < h ? y0 + kh : h, x1 = x0 + kw < w ? x0 + kw : w;
        const int32_t acc = window_sum(x + pl * h * w, w, y0 > 0 ? y0 : 0, y1, x0 > 0 ? x0 : 0, x1, zp);
        y[(pl * oh + oy) * ow + ox] = (uint8_t)(round_small(clampf((float)acc * s, lo, hi)) + zp);
      }
}

fxrt_status fxrt_q8_avg_pool2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, uint8_t *y, int64_t oh,
                               int64_t ow, const fxrt_pool2d_params *p, double scale, int32_t zero_point) {
  if (!p || !pool_ok(x, n, c, h, w, y, oh, ow) || !qparams_ok(scale, zero_point)) return FXRT_EINVAL;
  for (int d = 0; d < 2; d++)
    if (p->kernel[d] <= 0 || p->stride[d] <= 0 || p->dilation[d] != 1 || p->padding[d] < 0) return FXRT_EINVAL;
  if (p->kernel[0] * p->kernel[1] > 65536) return FXRT_EINVAL;
  if (!p->ceil_mode) {
    qnnp_avg_pool(x, n * c, h, w, y, oh, ow, p->kernel[0], p->kernel[1], p->stride[0], p->stride[1], p->padding[0],
                  p->padding[1], (float)scale, zero_point);
    return FXRT_OK;
  }
  /* PyTorch's avg_pool2d_out_frame (quantized/cpu/AveragePool2d.cpp) */
  for (int64_t pl = 0; pl < n * c; pl++)
    for (int64_t oy = 0; oy < oh; oy++)
      for (int64_t ox = 0; ox < ow; ox++) {
        int64_t y0 = oy * p->stride[0] - p->padding[0], x0 = ox * p->stride[1] - p->padding[1];
        int64_t y1 = y0 + p->kernel[0] < h + p->padding[0] ? y0 + p->kernel[0] : h + p->padding[0];
        int64_t x1 = x0 + p->kernel[1] < w + p->padding[1] ? x0 + p->kernel[1] : w + p->padding[1];
        const int64_t pool_size = (y1 - y0) * (x1 - x0);
        y0 = y0 > 0 ? y0 : 0;
        x0 = x0 > 0 ? x0 : 0;
        y1 = y1 < h ? y1 : h;
        x1 = x1 < w ? x1 : w;
        const int64_t d = p->divisor_override    ? p->divisor_override
                          : p->count_include_pad ? pool_size
                                                 : (y1 - y0) * (x1 - x0);
        if (d == 0) return FXRT_EINVAL;
        const float mult = (float)(1.0 / (double)d);
        const int32_t acc = window_sum(x + pl * h * w, w, y0, y1, x0, x1, zero_point);
        const float v = clampf(mul_rounded((float)acc, mult) + (float)zero_point, 0.0f, 255.0f);
        y[(pl * oh + oy) * ow + ox] = (uint8_t)round_small(v);
      }
  return FXRT_OK;
}

fxrt_status fxrt_q8_adaptive_avg_pool2d(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, uint8_t *y,
                                        int64_t oh, int64_t ow, double scale, int32_t zero_point) {
  if (!pool_ok(x, n, c, h, w, y, oh, ow) || !qparams_ok(scale, zero_point)) return FXRT_EINVAL;
  if (h * w > 65536) return FXRT_EINVAL;
  if (h % oh == 0 && w % ow == 0 && !(h == oh && w == ow)) {
    qnnp_avg_pool(x, n * c, h, w, y, oh, ow, h / oh, w / ow, h / oh, w / ow, 0, 0, (float)scale, zero_point);
    return FXRT_OK;
  }
  /* adaptive_avg_pool_single_out_frame (quantized/cpu/AdaptiveAveragePooling.cpp): raw values, no zero point */
  for (int64_t pl = 0; pl < n * c; pl++)
    for (int64_t oy = 0; oy < oh; oy++) {
      const int64_t y0 = oy * h / oh, y1 = ((oy + 1) * h + oh - 1) / oh;
      const float khr = 1.0f / (float)(y1 - y0);
      for (int64_t ox = 0; ox < ow; ox++) {
        const int64_t x0 = ox * w / ow, x1 = ((ox + 1) * w + ow - 1) / ow;
        const int32_t sum = window_sum(x + pl * h * w, w, y0, y1, x0, x1, 0);
        const float v = clampf((float)sum * (khr / (float)(x1 - x0)), 0.0f, 255.0f);
        y[(pl * oh + oy) * ow + ox] = (uint8_t)round_small(v);
      }
    }
  return FXRT_OK;
}

/* ---- the calls that compiled models make (program/kernels.def): plain operands, the parameter records built here
 * ---- */

fxrt_status fxrt_q8_gemm_record(double x_scale, const double *w_scale, const int64_t *w_zero_point, int64_t nw,
                                double y_scale, const float *bias, int64_t k, void *rec) {
  if (!w_scale || !w_zero_point || !rec || k <= 0 || (nw != 1 && nw != k)) return FXRT_EINVAL;
  float *scale = (float *)rec;
  int32_t *wzp = (int32_t *)(scale + k), *bias_q = wzp + k;
  for (int64_t i = 0; i < nw; i++) {
    if (w_zero_point[i] < -128 || w_zero_point[i] > 127) return FXRT_EINVAL;
    wzp[i] = (int32_t)w_zero_point[i];
  }
  return fxrt_q8_gemm_prepare(x_scale, w_scale, nw, y_scale, bias, k, scale, bias ? bias_q : NULL);
}

/* The record of fxrt_q8_gemm_record as fxrt_q8_gemm_params (fixed: requantized in fixed point), after checking the
 * zero points. */
static fxrt_status gemm_params(const void *rec, int64_t k, int64_t nw, int64_t has_bias, int64_t x_zp, int64_t y_zp,
                               int64_t y_min, bool fixed, fxrt_q8_gemm_params *q) {
  if (!rec || x_zp < 0 || x_zp > 255 || y_zp < 0 || y_zp > 255) return FXRT_EINVAL;
  const float *scale = (const float *)rec;
  const int32_t *wzp = (const int32_t *)(scale + k);
  *q = (fxrt_q8_gemm_params){(int32_t)x_zp, nw != 1,        wzp, scale, has_bias ? wzp + k : NULL,
                             (int32_t)y_zp, (int32_t)y_min, 255, fixed};
  return FXRT_OK;
}

fxrt_status fxrt_q8_conv2d_rec(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const int8_t *weight,
                               int64_t k, int64_t kh, int64_t kw, uint8_t *y, int64_t oh, int64_t ow,
                               const fxrt_conv2d_params *p, const void *rec, int64_t nw, int64_t has_bias,
                               int64_t x_zp, int64_t y_zp, int64_t y_min, void *ws, size_t ws_bytes) {
  fxrt_q8_gemm_params q;
  const fxrt_status s = gemm_params(rec, k, nw, has_bias, x_zp, y_zp, y_min, false, &q);
  return s != FXRT_OK ? s : fxrt_q8_conv2d(x, n, c, h, w, weight, k, kh, kw, y, oh, ow, p, &q, ws, ws_bytes);
}

fxrt_status fxrt_q8_linear_rec(const uint8_t *x, int64_t m, int64_t in, const int8_t *weight, int64_t out, uint8_t *y,
                               const void *rec, int64_t nw, int64_t has_bias, int64_t x_zp, int64_t y_zp,
                               int64_t y_min, void *ws, size_t ws_bytes) {
  fxrt_q8_gemm_params q;
  const fxrt_status s = gemm_params(rec, out, nw, has_bias, x_zp, y_zp, y_min, false, &q);
  return s != FXRT_OK ? s : fxrt_q8_linear(x, m, in, weight, out, y, &q, ws, ws_bytes);
}

fxrt_status fxrt_q8_conv2d_rec_fx(const uint8_t *x, int64_t n, int64_t c, int64_t h, int64_t w, const int8_t *weight,
                                  int64_t k, int64_t kh, int64_t kw, uint8_t *y, int64_t oh, int64_t ow,
                                  const fxrt_conv2d_params *p, const void *rec, int64_t nw, int64_t has_bias,
                                  int64_t x_zp, int64_t y_zp, int64_t y_min, void *ws, size_t ws_bytes) {
  fxrt_q8_gemm_params q;
  const fxrt_status s = gemm_params(rec, k, nw, has_bias, x_zp, y_zp, y_min, true, &q);
  return s != FXRT_OK ? s : fxrt_q8_conv2d(x, n, c, h, w, weight, k, kh, kw, y, oh, ow, p, &q, ws, ws_bytes);
}

fxrt_status fxrt_q8_linear_rec_fx(const uint8_t *x, int64_t m, int64_t in, const int8_t *weight, int64_t out,
                                  uint8_t *y, const void *rec, int64_t nw, int64_t has_bias, int64_t x_zp, int64_t y_zp,
                                  int64_t y_min, void *ws, size_t ws_bytes) {
  fxrt_q8_gemm_params q;
  const fxrt_status s = gemm_params(rec, out, nw, has_bias, x_zp, y_zp, y_min, true, &q);
  return s != FXRT_OK ? s : fxrt_q8_linear(x, m, in, weight, out, y, &q, ws, ws_bytes);
}

fxrt_status fxrt_q8_add_i(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, int64_t a_multiplier,
                          int64_t b_multiplier, int64_t zero_point_product, int64_t shift, int64_t y_zero_point,
                          int64_t y_min, int64_t y_max) {
  fxrt_q8_add_params p = {(int32_t)a_multiplier, (int32_t)b_multiplier, (int32_t)zero_point_product, (int32_t)shift,
                          (int32_t)y_zero_point, (int32_t)y_min, (int32_t)y_max};
  return fxrt_q8_add(a, b, n, y, &p);
}

fxrt_status fxrt_q8_mul_f(const uint8_t *a, const uint8_t *b, int64_t n, uint8_t *y, double multiplier,
                          int64_t a_zero_point, int64_t b_zero_point, int64_t y_zero_point, int64_t y_min,
                          int64_t y_max) {
  fxrt_q8_mul_params p = {(float)multiplier,     (int32_t)a_zero_point, (int32_t)b_zero_point,
                          (int32_t)y_zero_point, (int32_t)y_min,        (int32_t)y_max};
  return fxrt_q8_mul(a, b, n, y, &p);
}

fxrt_status fxrt_q8_hardswish(const uint8_t *x, int64_t n, uint8_t *y, double x_scale, int64_t x_zero_point,
                              double y_scale, int64_t y_zero_point) {
  uint8_t lut[256];
  fxrt_status s = fxrt_q8_hardswish_lut(x_scale, (int32_t)x_zero_point, y_scale, (int32_t)y_zero_point, lut);
  return s != FXRT_OK ? s : fxrt_q8_lut(x, n, lut, y);
}

fxrt_status fxrt_q8_relu(const uint8_t *x, int64_t n, uint8_t *y, int64_t zero_point) {
  if (n < 0 || (n && (!x || !y)) || zero_point < 0 || zero_point > 255) return FXRT_EINVAL;
  for (int64_t i = 0; i < n; i++) y[i] = x[i] > zero_point ? x[i] : (uint8_t)zero_point;
  return FXRT_OK;
}
