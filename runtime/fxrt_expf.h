/* fxrt_expf.h: fxrt_s_expf, e^x in float without libm, on its own so that the compact kernels (fxrt_small.h) share
 * it with the elementwise ones (fxrt_scalar.h includes it) without the rest of fxrt_scalar.h's libm functions. */
#ifndef FXRT_EXPF_H
#define FXRT_EXPF_H

#include <stdint.h>

/* The longer functions of fxrt_expf.h and fxrt_scalar.h must be inlined for a loop of them to vectorize, and GCC's
 * -O2 does not always inline a static inline function of their size (an erf loop made calls: 7 ns per element). */
#if defined(__GNUC__)
#define FXRT_S_INLINE static inline __attribute__((always_inline))
#else
#define FXRT_S_INLINE static inline
#endif

/* e^x without a call or a branch, so that a loop of it vectorizes (libm's expf does not: it was a third of
 * efficientnet_b0's time). x = n ln2 + r with |r| <= ln2/2 (ln2 in two parts, the first exact times n), e^r by
 * the classic degree-7 polynomial 1 + r + r^2 (1/2 + r/6 + ...), then times 2^n as 2^a 2^b with a + b = n, which
 * covers the subnormal results and overflows to infinity. Within 2 ulp of e^x on [-87, 88.7] (tests/runtime
 * test_unary checks it against exp in double); subnormal results within a few units of the least subnormal; NaN
 * stays NaN.
 * backend/emit_llvm.c builds the same operations, in the same order, for fused loops. */
FXRT_S_INLINE float fxrt_s_expf(float x) {
  const float shift = 12582912.0f; /* 1.5 * 2^23: t = y + shift leaves round(y) in t's low mantissa bits */
  union {
    float f;
    uint32_t u;
  } t, sh, s1, s2;
  /* Both tests on x itself, so a NaN x fails both and stays NaN. The other order, testing the first result, let GCC
   * thread each clamped path into a constant e^x: a vectorized sigmoid or SiLU then had three divisions per vector,
   * one per path, and ran 1.15x slower. */
  float xc = x < -104.0f ? -104.0f : x;
  xc = x > 88.8f ? 88.8f : xc;
  t.f = xc * 1.44269504088896341f + shift;
  const float n = t.f - shift;
  const float r = (xc - n * 0.693359375f) - n * -2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  const float y = p * r * r + r + 1.0f;
  sh.f = shift;
  const uint32_t m = t.u - sh.u + 150u; /* n + 150, in [0, 279] */
  const uint32_t a = m >> 1, b = m - a;  /* 2^(a-75) 2^(b-75) = 2^n, both normal */
  s1.u = (a + 52u) << 23;
  s2.u = (b + 52u) << 23;
  return y * s1.f * s2.f;
}
#endif
