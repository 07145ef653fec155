/* fxrt_scalar.h: the f32 elementwise operations on one value, as torch computes them. The unary kernel
 * (fxrt_unary_f32), the fused elementwise kernel (fxrt_pointwise_f32) and the loops that fx2c's C backend writes
 * for fused elementwise nodes all use these functions, so a chain of ops gives the same bits fused and unfused.
 *
 *     float y = fxrt_s_hardswish(fxrt_s_add(x, b));   // torch.nn.functional.hardswish(x + b)
 *
 * Every function is static inline and needs only <math.h>. NaN propagates through relu, relu6 and clamp as in torch
 * (relu(-0.0) is -0.0); the parameter names are torch's. */
#ifndef FXRT_SCALAR_H
#define FXRT_SCALAR_H

#include <math.h>
#include <stdint.h>

/* FXRT_S_INLINE, and fxrt_s_expf, which the compact softmax (fxrt_small.h) shares */
#include "fxrt_expf.h"

/* torch.relu */
static inline float fxrt_s_relu(float v) { return v < 0.0f ? 0.0f : v; }
/* torch.nn.functional.relu6 = hardtanh(0, 6) */
static inline float fxrt_s_relu6(float v) { return v < 0.0f ? 0.0f : v > 6.0f ? 6.0f : v; }
/* torch.nn.functional.leaky_relu(negative_slope) */
static inline float fxrt_s_leaky_relu(float v, float negative_slope) { return v > 0.0f ? v : v * negative_slope; }
/* torch.nn.functional.elu(alpha, scale, input_scale): x > 0 ? scale*x : alpha*scale*(exp(input_scale*x) - 1) */
static inline float fxrt_s_elu(float v, float alpha, float scale, float input_scale) {
  return v > 0.0f ? v * scale : expm1f(v * input_scale) * (alpha * scale);
}
/* gelu(approximate='tanh') */
static inline float fxrt_s_gelu_tanh(float v) {
  const float k = 0.79788456080286536f; /* sqrt(2/pi) */
  return 0.5f * v * (1.0f + tanhf(k * (v + 0.044715f * v * v * v)));
}
/* erf(x) without a call or a branch, so that a loop of it vectorizes (libm's erff does not: gelu took 4.7 ns per
 * element, a tenth of vit_b_16's time). Both halves are computed and one chosen:
 *   |x| < 1:  x + x P(x^2), P of degree 6 fitted to erf(x)/x - 1 (relative error 1.2e-9);
 *   |x| >= 1: sign(x) (1 - e^(-x^2) R(t)), t = 1/(1 + |x|/2), R of degree 7 fitted to erfc(x) e^(x^2) on [1, 4]
 *             (relative error 4.5e-10), |x| clamped to 4 (erf is 1 in f32 beyond 3.92). e^(-x^2) is
 *             e^(-h^2) e^(-(2h + l) l) with h = |x| to 12 bits, so that h^2 is exact, and the small second factor by
 *             its series to the cube: rounding x^2 first would cost erf up to 3 ulp near 1.
 * Within 1.5 ulp of erf in double (tests/runtime test_elementwise checks it); NaN stays NaN; erf(-0.0) is -0.0.
 * backend/emit_llvm.c builds the same operations, in the same order, for fused loops. */
FXRT_S_INLINE float fxrt_s_erff(float x) {
  union {
    float f;
    uint32_t u;
  } a, h, r;
  a.f = x;
  const uint32_t sign = a.u & 0x80000000u;
  a.u ^= sign; /* |x| */
  const float ax = a.f > 4.0f ? 4.0f : a.f;
  const float s = x * x;
  float p = 7.847259258e-05f;
  p = p * s + -8.008189034e-04f;
  p = p * s + 5.188099109e-03f;
  p = p * s + -2.685369179e-02f;
  p = p * s + 1.128358245e-01f;
  p = p * s + -3.761262596e-01f;
  p = p * s + 1.283791661e-01f;
  const float near0 = x + x * p; /* x (1 + p): the 1 exact, the rounding only in the small part */
  const float t = 1.0f / (1.0f + 0.5f * ax);
  float q = 1.195409447e-01f;
  q = q * t + -4.719487429e-01f;
  q = q * t + 5.644844770e-01f;
  q = q * t + -1.046802700e-01f;
  q = q * t + 3.483526409e-01f;
  q = q * t + 2.595218718e-01f;
  q = q * t + 2.849396765e-01f;
  q = q * t + -1.560491219e-04f;
  h.f = ax;
  h.u &= 0xfffff000u;
  const float l = ax - h.f, b = (2.0f * h.f + l) * l; /* x^2 = h^2 + b, b < 2^-7 */
  const float eb = 1.0f - b * (1.0f - b * (0.5f - b * 0.16666667f));
  r.f = 1.0f - fxrt_s_expf(-(h.f * h.f)) * eb * q;
  r.u |= sign;
  return a.f < 1.0f ? near0 : r.f;
}
/* torch.nn.functional.gelu: x * Phi(x), the same expression as fxrt_act_apply so fused and unfused graphs agree */
FXRT_S_INLINE float fxrt_s_gelu(float v) { return 0.5f * v * (1.0f + fxrt_s_erff(v * 0.70710678118654752f)); }
FXRT_S_INLINE float fxrt_s_silu(float v) { return v / (1.0f + fxrt_s_expf(-v)); }
FXRT_S_INLINE float fxrt_s_sigmoid(float v) { return 1.0f / (1.0f + fxrt_s_expf(-v)); }
static inline float fxrt_s_tanh(float v) { return tanhf(v); }
/* x * relu6(x + 3) / 6 */
static inline float fxrt_s_hardswish(float v) { return v * fxrt_s_relu6(v + 3.0f) / 6.0f; }
/* relu6(x + 3) / 6 */
static inline float fxrt_s_hardsigmoid(float v) { return fxrt_s_relu6(v + 3.0f) / 6.0f; }
/* torch.clamp: min(max(x, lo), hi), so hi wins when lo > hi; a NaN x stays NaN; NaN bounds mean no bound */
static inline float fxrt_s_clamp(float v, float lo, float hi) {
  const float l = lo != lo ? -INFINITY : lo, h = hi != hi ? INFINITY : hi;
  const float t = v < l ? l : v;
  return t > h ? h : t;
}
static inline float fxrt_s_mish(float v) { return v * tanhf(log1pf(expf(v))); }
/* torch.nn.functional.softplus(beta, threshold): linear above threshold, log(1 + exp(beta x)) / beta below */
static inline float fxrt_s_softplus(float v, float beta, float threshold) {
  return v * beta > threshold ? v : log1pf(expf(v * beta)) / beta;
}
FXRT_S_INLINE float fxrt_s_exp(float v) { return fxrt_s_expf(v); }
static inline float fxrt_s_log(float v) { return logf(v); }
static inline float fxrt_s_sqrt(float v) { return sqrtf(v); }
static inline float fxrt_s_rsqrt(float v) { return 1.0f / sqrtf(v); }
static inline float fxrt_s_neg(float v) { return -v; }
static inline float fxrt_s_abs(float v) { return fabsf(v); }
static inline float fxrt_s_reciprocal(float v) { return 1.0f / v; }
FXRT_S_INLINE float fxrt_s_erf(float v) { return fxrt_s_erff(v); }
static inline float fxrt_s_sin(float v) { return sinf(v); }
static inline float fxrt_s_cos(float v) { return cosf(v); }
static inline float fxrt_s_floor(float v) { return floorf(v); }
static inline float fxrt_s_ceil(float v) { return ceilf(v); }
/* torch.round: half to even (nearbyint in the default rounding mode) */
static inline float fxrt_s_round(float v) { return nearbyintf(v); }
/* torch.sign: -1, 0 or 1; sign(nan) is 0 in torch 1.13 */
static inline float fxrt_s_sign(float v) { return (float)((0.0f < v) - (v < 0.0f)); }
/* torch.pow(x, e) for a number e, with torch's special exponents (pow(x, 0.5) is sqrt, pow(x, 2) is x*x, ...) */
static inline float fxrt_s_pow_scalar(float v, float e) {
  if (e == 0.0f) return 1.0f;
  if (e == 1.0f) return v;
  if (e == 0.5f) return sqrtf(v);
  if (e == 2.0f) return v * v;
  if (e == 3.0f) return v * v * v;
  if (e == -0.5f) return 1.0f / sqrtf(v);
  if (e == -1.0f) return 1.0f / v;
  if (e == -2.0f) return 1.0f / (v * v);
  return powf(v, e);
}
/* torch.nan_to_num(nan, posinf, neginf) */
static inline float fxrt_s_nan_to_num(float v, float nan, float posinf, float neginf) {
  return v != v ? nan : v == INFINITY ? posinf : v == -INFINITY ? neginf : v;
}

/* Trigonometric, hyperbolic and exponential functions as the C library computes them (torch calls the same ones). */
static inline float fxrt_s_acos(float v) { return acosf(v); }
static inline float fxrt_s_asin(float v) { return asinf(v); }
static inline float fxrt_s_atan(float v) { return atanf(v); }
static inline float fxrt_s_acosh(float v) { return acoshf(v); }
static inline float fxrt_s_asinh(float v) { return asinhf(v); }
static inline float fxrt_s_atanh(float v) { return atanhf(v); }
static inline float fxrt_s_cosh(float v) { return coshf(v); }
static inline float fxrt_s_sinh(float v) { return sinhf(v); }
static inline float fxrt_s_tan(float v) { return tanf(v); }
static inline float fxrt_s_trunc(float v) { return truncf(v); }
/* torch.frac: x - trunc(x) */
static inline float fxrt_s_frac(float v) { return v - truncf(v); }
static inline float fxrt_s_log10(float v) { return log10f(v); }
static inline float fxrt_s_log2(float v) { return log2f(v); }
static inline float fxrt_s_log1p(float v) { return log1pf(v); }
static inline float fxrt_s_expm1(float v) { return expm1f(v); }
static inline float fxrt_s_exp2(float v) { return exp2f(v); }
static inline float fxrt_s_erfc(float v) { return erfcf(v); }
static inline float fxrt_s_lgamma(float v) { return lgammaf(v); }
/* torch.sinc: sin(pi x) / (pi x), 1 at 0 */
static inline float fxrt_s_sinc(float v) {
  const float p = 3.14159265358979323846f * v;
  return v == 0.0f ? 1.0f : sinf(p) / p;
}
/* torch.deg2rad, torch.rad2deg: a product with the constant in f32, as torch multiplies */
static inline float fxrt_s_deg2rad(float v) { return v * 0.017453292519943295f; }
static inline float fxrt_s_rad2deg(float v) { return v * 57.295779513082323f; }
/* torch.nn.functional.logsigmoid: min(x, 0) - log1p(exp(-|x|)) */
static inline float fxrt_s_log_sigmoid(float v) { return (v < 0.0f ? v : 0.0f) - log1pf(expf(-fabsf(v))); }
/* torch.nn.functional.softsign: x / (1 + |x|) */
static inline float fxrt_s_softsign(float v) { return v / (1.0f + fabsf(v)); }
/* torch.nn.functional.tanhshrink: x - tanh(x) */
static inline float fxrt_s_tanhshrink(float v) { return v - tanhf(v); }
/* torch.nn.functional.hardshrink(lambd): 0 on [-lambd, lambd], x elsewhere (NaN stays NaN) */
static inline float fxrt_s_hardshrink(float v, float lambd) { return v >= -lambd && v <= lambd ? 0.0f : v; }
/* torch.nn.functional.softshrink(lambd): x moved toward 0 by lambd, 0 between (and for NaN, as torch 1.13) */
static inline float fxrt_s_softshrink(float v, float lambd) { return v > lambd ? v - lambd : v < -lambd ? v + lambd : 0.0f; }
/* torch.nn.functional.threshold(threshold, value): value where x <= threshold, else x */
static inline float fxrt_s_threshold(float v, float threshold, float value) { return v <= threshold ? value : v; }
/* torch.logit(eps): log(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps is given (NaN: None) */
static inline float fxrt_s_logit(float v, float eps) {
  if (eps == eps) v = v < eps ? eps : v > 1.0f - eps ? 1.0f - eps : v;
  return logf(v / (1.0f - v));
}
/* torch.special.entr: -x log x; 0 at 0, -inf below */
static inline float fxrt_s_entr(float v) { return v != v ? v : v > 0.0f ? -v * logf(v) : v == 0.0f ? 0.0f : -INFINITY; }
/* torch.special.ndtr: the standard normal distribution function, (1 + erf(x / sqrt 2)) / 2, from erfc away from 0 */
static inline float fxrt_s_ndtr(float v) {
  const float x = v * 0.70710678118654752f, z = fabsf(x);
  if (z < 0.70710678118654752f) return 0.5f + 0.5f * erff(x);
  const float y = 0.5f * erfcf(z);
  return x > 0.0f ? 1.0f - y : y;
}
/* exp(x^2) erfc(x) in double: directly while exp(x^2) is finite, else by its asymptotic series */
static inline double fxrt_s_erfcx_d(double x) {
  if (x < 26.0) return exp(x * x) * erfc(x);
  const double r = 1.0 / (x * x);
  return (1.0 - r * (0.5 - r * (0.75 - r * 1.875))) / (x * 1.7724538509055160273);
}
/* torch.special.erfcx: exp(x^2) erfc(x) */
static inline float fxrt_s_erfcx(float v) { return v != v ? v : (float)fxrt_s_erfcx_d((double)v); }
/* torch.special.log_ndtr: log of ndtr, from erfcx below -1 so that the far tail does not underflow */
static inline float fxrt_s_log_ndtr(float v) {
  const double x = (double)v, t = x * 0.70710678118654752;
  if (x < -1.0) return (float)(log(fxrt_s_erfcx_d(-t) / 2.0) - t * t);
  return (float)log1p(-erfc(t) / 2.0);
}
/* torch.digamma in double: 0 -> -inf (+inf at -0), the negative integers and -inf -> NaN, NaN and +inf as they are;
 * below 0 by the reflection psi(x) = psi(1 - x) - pi / tan(pi x); then up to 10 by psi(x) = psi(x + 1) - 1/x, and
 * the asymptotic series log x - 1/(2x) - sum B_2k / (2k x^2k) there. (polygamma(0, x) of fxrt_special2.h too.) */
static inline double fxrt_s_digamma_d(double x) {
  double r = 0.0;
  if (x == 0.0) return copysign(INFINITY, -x);
  if (x != x || x == INFINITY) return x;
  if (x < 0.0) {
    if (x == floor(x)) return NAN; /* -inf too */
    r = -3.14159265358979323846 / tan(3.14159265358979323846 * (x - floor(x)));
    x = 1.0 - x;
  }
  while (x < 10.0) {
    r -= 1.0 / x;
    x += 1.0;
  }
  const double y = 1.0 / (x * x);
  const double series = y * (1.0 / 12 - y * (1.0 / 120 - y * (1.0 / 252 - y * (1.0 / 240 - y * (1.0 / 132)))));
  return r + log(x) - 0.5 / x - series;
}
static inline float fxrt_s_digamma(float v) { return (float)fxrt_s_digamma_d((double)v); }
/* torch.erfinv: the inverse of erf on [-1, 1] (+-inf at +-1, NaN outside): Winitzki's closed form as the first
 * guess, then Newton's steps on erf(y) - x in double */
static inline float fxrt_s_erfinv(float v) {
  if (!(v >= -1.0f && v <= 1.0f)) return NAN;
  if (v == 1.0f || v == -1.0f) return v * INFINITY;
  if (v == 0.0f) return v;
  const double x = (double)v, l = log((1.0 - x) * (1.0 + x)), a = 0.147;
  const double t = 2.0 / (3.14159265358979323846 * a) + l / 2.0;
  double y = copysign(sqrt(sqrt(t * t - l / a) - t), x);
  for (int i = 0; i < 4; i++) y -= (erf(y) - x) / (1.1283791670955126 * exp(-y * y));
  return (float)y;
}

/* Two operands (torch.add, sub, mul, div, pow, maximum, minimum on f32 tensors). maximum and minimum propagate NaN
 * and otherwise are std::max and std::min (maximum(-0.0, 0.0) is -0.0). */
static inline float fxrt_s_add(float a, float b) { return a + b; }
static inline float fxrt_s_sub(float a, float b) { return a - b; }
static inline float fxrt_s_mul(float a, float b) { return a * b; }
static inline float fxrt_s_div(float a, float b) { return a / b; }
static inline float fxrt_s_pow(float a, float b) { return powf(a, b); }
static inline float fxrt_s_maximum(float a, float b) { return a != a ? a : b != b ? b : a < b ? b : a; }
static inline float fxrt_s_minimum(float a, float b) { return a != a ? a : b != b ? b : b < a ? b : a; }

#endif
