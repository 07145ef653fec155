/* fxrt_special.h: the f32 Bessel, Airy and inverse normal functions of torch.special (torch.i0, special.i0e, i1,
 * i1e, modified_bessel_i0/i1/k0/k1, scaled_modified_bessel_k0/k1, bessel_j0/j1/y0/y1, spherical_bessel_j0, airy_ai,
 * ndtri), one value at a time, for the unary kernel (fxrt_elementwise.c). Each is computed in double from its
 * mathematics (power series near 0, integrals by the trapezoidal rule, Miller's backward recurrence, asymptotic
 * expansions far out, Halley's steps) and rounded to float once, so that the result is within an ulp or so of the
 * true value; the edges (NaN, infinities, 0, negative arguments, the ends of the float range) are PyTorch 1.13's
 * float32 answers. These loops are not fused (optimizer/ewfuse.c), so no generated code repeats them.
 * (static inline, header-only) */
#ifndef FXRT_SPECIAL_H
#define FXRT_SPECIAL_H

#include <math.h>

#define FXRT_SP_PI 3.14159265358979323846
#define FXRT_SP_EULER 0.57721566490153286061 /* Euler's gamma */

/* double to float, rounding to nearest, infinity beyond the float range (FLT_MAX plus half an ulp) */
static inline float fxrt_sp_f32(double d) {
  return d >= 3.4028235677973366e38 ? INFINITY : d <= -3.4028235677973366e38 ? -INFINITY : (float)d;
}

/* I_n(x) for n = 0, 1 and 0 <= x <= 20: (x/2)^n sum_k (x^2/4)^k / (k! (k+n)!), every term positive */
static inline double fxrt_sp_i_series(double x, int n) {
  const double q = 0.25 * x * x;
  double t = n ? 0.5 * x : 1.0, s = t;
  for (int k = 1; k < 200 && t > 1e-18 * s; k++) {
    t *= q / ((double)k * (double)(k + n));
    s += t;
  }
  return s;
}

/* e^-x I_n(x) for x >= 20: the asymptotic expansion 1/sqrt(2 pi x) sum_k (-1)^k a_k(n) / x^k with
 * a_k(n) = (4n^2 - 1)(4n^2 - 9)...(4n^2 - (2k-1)^2) / (k! 8^k), summed while its terms decrease (the smallest is
 * about e^-2x) */
static inline double fxrt_sp_i_asym_scaled(double x, int n) {
  const double mu = 4.0 * n * n;
  double t = 1.0, s = 1.0;
  for (int k = 1; k < 100; k++) {
    const double r = 2.0 * k - 1.0, u = -t * (mu - r * r) / (8.0 * k * x);
    if (fabs(u) >= fabs(t) || fabs(u) < 1e-18 * fabs(s)) break;
    t = u;
    s += t;
  }
  return s / sqrt(2.0 * FXRT_SP_PI * x);
}

/* PyTorch's float32 I0 and I1 take e^|x| in float: infinite above 88.7228317 (the largest float whose expf is finite),
 * although I0 and I1 there are still below FLT_MAX */
#define FXRT_SP_EXPF_MAX 88.72283172607421875

/* torch.i0, torch.special.modified_bessel_i0: the modified Bessel function I0 (even; NaN at +-inf, as PyTorch) */
static inline float fxrt_s_i0(float v) {
  const double x = fabs((double)v);
  if (v != v || isinf(v)) return NAN;
  if (x > FXRT_SP_EXPF_MAX) return INFINITY;
  return fxrt_sp_f32(x <= 20.0 ? fxrt_sp_i_series(x, 0) : exp(x) * fxrt_sp_i_asym_scaled(x, 0));
}
/* torch.special.i0e: e^-|x| I0(x), 0 at +-inf */
static inline float fxrt_s_i0e(float v) {
  const double x = fabs((double)v);
  if (v != v) return v;
  if (isinf(v)) return 0.0f;
  return (float)(x <= 20.0 ? exp(-x) * fxrt_sp_i_series(x, 0) : fxrt_sp_i_asym_scaled(x, 0));
}
/* torch.special.i1, torch.special.modified_bessel_i1: I1 (odd, I1(-0) = +0; NaN at +-inf, as PyTorch) */
static inline float fxrt_s_i1(float v) {
  const double x = fabs((double)v);
  if (v != v || isinf(v)) return NAN;
  const float r = x > FXRT_SP_EXPF_MAX
                      ? INFINITY
                      : fxrt_sp_f32(x <= 20.0 ? fxrt_sp_i_series(x, 1) : exp(x) * fxrt_sp_i_asym_scaled(x, 1));
  return v < 0.0f ? -r : r;
}
/* torch.special.i1e: e^-|x| I1(x), +-0 at +-inf */
static inline float fxrt_s_i1e(float v) {
  const double x = fabs((double)v);
  if (v != v) return v;
  const float r = isinf(v) ? 0.0f : (float)(x <= 20.0 ? exp(-x) * fxrt_sp_i_series(x, 1) : fxrt_sp_i_asym_scaled(x, 1));
  return v < 0.0f ? -r : r;
}

/* The sums of the series with the logarithm that K0, K1 (q = x^2/4) and Y0, Y1 (q = -x^2/4) share, with
 * t0_k = q^k / (k!)^2, t1_k = q^k / (k! (k+1)!) and H_k the harmonic numbers:
 * r[0] = sum t0_k, r[1] = sum t1_k, r[2] = sum H_k t0_k, r[3] = sum (2 H_k + 1/(k+1) - 2 gamma) t1_k,
 * until k = kmax or t0_k is below 1e-18 (times r[0] when relative). */
static inline void fxrt_sp_log_series(double q, int kmax, int relative, double r[4]) {
  double t0 = 1.0, t1 = 1.0, h = 0.0, a0 = 1.0, a1 = 1.0, s0 = 0.0, s1 = 1.0 - 2.0 * FXRT_SP_EULER;
  for (int k = 1; k < kmax && fabs(t0) > 1e-18 * (relative ? a0 : 1.0); k++) {
    t0 *= q / ((double)k * k);
    t1 *= q / ((double)k * (k + 1));
    h += 1.0 / k;
    a0 += t0;
    a1 += t1;
    s0 += h * t0;
    s1 += (2.0 * h + 1.0 / (k + 1) - 2.0 * FXRT_SP_EULER) * t1;
  }
  r[0] = a0, r[1] = a1, r[2] = s0, r[3] = s1;
}

/* K0(x) and K1(x) for 0 < x <= 2 from their series with the logarithm (Abramowitz and Stegun 9.6.13, 9.6.11):
 * K0 = -(log(x/2) + gamma) I0(x) + sum_k H_k (x^2/4)^k / (k!)^2,
 * K1 = 1/x + log(x/2) I1(x) - x/4 sum_k (psi(k+1) + psi(k+2)) (x^2/4)^k / (k! (k+1)!),
 * with H_k the harmonic numbers and psi(k+1) = H_k - gamma */
static inline void fxrt_sp_k_series(double x, double *k0, double *k1) {
  const double l = log(0.5 * x);
  double sums[4]; /* I0, I1 / (x/2), and the two harmonic sums */
  fxrt_sp_log_series(0.25 * x * x, 100, 1, sums);
  const double i0 = sums[0], i1 = sums[1], s0 = sums[2], s1 = sums[3];
  *k0 = s0 - (l + FXRT_SP_EULER) * i0;
  *k1 = 1.0 / x + l * 0.5 * x * i1 - 0.25 * x * s1;
}

/* e^x K_nu(x) for x >= 2/3: below 25 the integral int_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt by the trapezoidal
 * rule with step 1/8 (its integrand is even and entire, so the rule converges geometrically: the error is below
 * exp(x (1 - cos 1.2) - 2 pi 1.2 * 8), about e^-44 at x = 25); from 25 the asymptotic expansion
 * sqrt(pi / (2x)) sum_k a_k(nu) / x^k, a_k as for I, summed while its terms decrease */
static inline double fxrt_sp_k_scaled(double x, double nu) {
  double s = 0.5, t = 1.0;
  if (x < 25.0) {
    for (int k = 1; k < 1000; k++) {
      const double sh = sinh(0.0625 * k), f = exp(-2.0 * x * sh * sh) * cosh(nu * 0.125 * k);
      s += f;
      if (f < 1e-18 * s) break;
    }
    return 0.125 * s;
  }
  const double mu = 4.0 * nu * nu;
  s = 1.0;
  for (int k = 1; k < 100; k++) {
    const double r = 2.0 * k - 1.0, u = t * (mu - r * r) / (8.0 * k * x);
    if (fabs(u) >= fabs(t) || fabs(u) < 1e-18 * fabs(s)) break;
    t = u;
    s += t;
  }
  return s * sqrt(FXRT_SP_PI / (2.0 * x));
}

/* K0 (scaled: e^x K0) of x > 0; NaN below 0 and at -inf, +inf at +-0, 0 at +inf */
static inline float fxrt_sp_k(float v, int n, int scaled) {
  const double x = (double)v;
  double k[2];
  if (v != v || v < 0.0f) return NAN;
  if (v == 0.0f) return INFINITY;
  if (isinf(v)) return 0.0f;
  /* PyTorch takes log(x / 2) in float, which is log(0) at the smallest subnormal: K1 = NaN there, and e^x K0 = inf */
  if (0.5f * v == 0.0f && (n || scaled)) return n ? NAN : INFINITY;
  if (x <= 2.0) {
    fxrt_sp_k_series(x, &k[0], &k[1]);
    return fxrt_sp_f32(scaled ? exp(x) * k[n] : k[n]);
  }
  const double r = fxrt_sp_k_scaled(x, (double)n);
  return (float)(scaled ? r : exp(-x) * r);
}
/* torch.special.modified_bessel_k0 */
static inline float fxrt_s_modified_bessel_k0(float v) { return fxrt_sp_k(v, 0, 0); }
/* torch.special.modified_bessel_k1 */
static inline float fxrt_s_modified_bessel_k1(float v) { return fxrt_sp_k(v, 1, 0); }
/* torch.special.scaled_modified_bessel_k0: e^x K0(x) */
static inline float fxrt_s_scaled_modified_bessel_k0(float v) { return fxrt_sp_k(v, 0, 1); }
/* torch.special.scaled_modified_bessel_k1: e^x K1(x) */
static inline float fxrt_s_scaled_modified_bessel_k1(float v) { return fxrt_sp_k(v, 1, 1); }

/* J0, J1, Y0, Y1 of x > 0 (r[0..3]).
 * x < 2: their power series, J_n = (x/2)^n sum_k (-x^2/4)^k / (k! (k+n)!),
 *   Y0 = 2/pi (log(x/2) + gamma) J0 - 2/pi sum_k H_k (-x^2/4)^k / (k!)^2,
 *   Y1 = -2/(pi x) + 2/pi log(x/2) J1 - x/(2 pi) sum_k (psi(k+1) + psi(k+2)) (-x^2/4)^k / (k! (k+1)!);
 * 2 <= x < 25: Miller's backward recurrence J_{n-1} = 2n/x J_n - J_{n+1} from n = x + 44 (where J_n(x) is below
 *   1e-18), normalized by J0 + 2 J2 + 2 J4 + ... = 1, and Neumann's series
 *   Y0 = 2/pi (log(x/2) + gamma) J0 - 4/pi sum_k (-1)^k J_2k / k,
 *   Y1 = -2/(pi x) J0 + 2/pi (log(x/2) + gamma) J1 + 2/pi sum_k (-1)^k (J_2k-1 - J_2k+1) / k (its derivative),
 *   whose terms are all below 1, so the error is absolute, about 1e-16;
 * x >= 25: Hankel's asymptotic expansions J_n = sqrt(2/(pi x)) (P cos c - Q sin c), Y_n = sqrt(2/(pi x))
 *   (P sin c + Q cos c), c = x - (2n + 1) pi/4, P = u0 - u2 + u4 ..., Q = u1 - u3 ...,
 *   u_k = a_k(n) / x^k, summed while the terms decrease (the smallest is about e^-2x). */
static inline void fxrt_sp_jy(double x, double r[4]) {
  const double l = log(0.5 * x);
  if (x < 2.0) {
    double sums[4]; /* J0, J1 / (x/2), and the two harmonic sums */
    fxrt_sp_log_series(-0.25 * x * x, 60, 0, sums);
    const double j0 = sums[0], j1 = sums[1] * 0.5 * x, s0 = sums[2], s1 = sums[3];
    r[0] = j0;
    r[1] = j1;
    r[2] = 2.0 / FXRT_SP_PI * ((l + FXRT_SP_EULER) * j0 - s0);
    r[3] = -2.0 / (FXRT_SP_PI * x) + 2.0 / FXRT_SP_PI * l * j1 - x / (2.0 * FXRT_SP_PI) * s1;
  } else if (x < 25.0) {
    double f[80];
    const int top = 2 * ((int)x / 2) + 44;
    f[top + 1] = 0.0;
    f[top] = 1.0;
    for (int n = top; n > 0; n--) f[n - 1] = 2.0 * n / x * f[n] - f[n + 1];
    double norm = f[0], y0 = 0.0, y1 = 0.0;
    for (int k = 1; 2 * k <= top; k++) {
      const double sg = k & 1 ? -1.0 : 1.0;
      norm += 2.0 * f[2 * k];
      y0 += sg * f[2 * k] / k;
      y1 += sg * (f[2 * k - 1] - f[2 * k + 1]) / k;
    }
    const double j0 = f[0] / norm, j1 = f[1] / norm;
    r[0] = j0;
    r[1] = j1;
    r[2] = 2.0 / FXRT_SP_PI * (l + FXRT_SP_EULER) * j0 - 4.0 / FXRT_SP_PI * y0 / norm;
    r[3] = -2.0 / (FXRT_SP_PI * x) * j0 + 2.0 / FXRT_SP_PI * (l + FXRT_SP_EULER) * j1 + 2.0 / FXRT_SP_PI * y1 / norm;
  } else {
    const double a = sqrt(2.0 / (FXRT_SP_PI * x));
    for (int n = 0; n < 2; n++) {
      const double mu = 4.0 * n * n;
      double p = 1.0, q = 0.0, t = 1.0;
      for (int k = 1; k < 100; k++) {
        const double e = 2.0 * k - 1.0, u = t * (mu - e * e) / (8.0 * k * x);
        if (fabs(u) >= fabs(t) || fabs(u) < 1e-18) break;
        t = u;
        if (k & 1) q += (k & 2) ? -t : t;
        else p += (k & 2) ? -t : t;
      }
      /* cos and sin of c by the angle sum, from libm's exactly reduced cos x and sin x */
      const double cx = cos(x), sx = sin(x), h = 0.70710678118654752440;
      const double cc = n ? h * (sx - cx) : h * (cx + sx), sc = n ? -h * (sx + cx) : h * (sx - cx);
      r[n] = a * (p * cc - q * sc);
      r[2 + n] = a * (p * sc + q * cc);
    }
  }
}
/* torch.special.bessel_j0: even; NaN at +-inf, as PyTorch */
static inline float fxrt_s_bessel_j0(float v) {
  double r[4];
  if (v != v || isinf(v)) return NAN;
  if (v == 0.0f) return 1.0f;
  fxrt_sp_jy(fabs((double)v), r);
  return (float)r[0];
}
/* torch.special.bessel_j1: odd (J1(-0) = -0); NaN at +-inf, as PyTorch */
static inline float fxrt_s_bessel_j1(float v) {
  double r[4];
  if (v != v || isinf(v)) return NAN;
  if (v == 0.0f) return v;
  fxrt_sp_jy(fabs((double)v), r);
  return v < 0.0f ? (float)-r[1] : (float)r[1];
}
/* torch.special.bessel_y0: -inf at +-0, NaN below 0 and at +-inf, as PyTorch */
static inline float fxrt_s_bessel_y0(float v) {
  double r[4];
  if (v != v || v < 0.0f || isinf(v)) return NAN;
  if (v == 0.0f) return -INFINITY;
  fxrt_sp_jy((double)v, r);
  return (float)r[2];
}
/* torch.special.bessel_y1: -inf at +-0, NaN below 0 and at +-inf, as PyTorch; about -2/(pi x) near 0, and -inf
 * where PyTorch's float 1/x overflows (below 2.938736e-39) */
static inline float fxrt_s_bessel_y1(float v) {
  double r[4];
  if (v != v || v < 0.0f || isinf(v)) return NAN;
  if (v == 0.0f || isinf(1.0f / v)) return -INFINITY;
  fxrt_sp_jy((double)v, r);
  return fxrt_sp_f32(r[3]);
}

/* torch.special.spherical_bessel_j0: sin(x) / x, 1 at 0, 0 at +-inf */
static inline float fxrt_s_spherical_bessel_j0(float v) {
  const double x = (double)v;
  if (v != v) return v;
  if (isinf(v)) return 0.0f;
  return v == 0.0f ? 1.0f : (float)(sin(x) / x);
}

/* torch.special.airy_ai: the Airy function Ai, with z = 2/3 |x|^(3/2):
 * -7 <= x < 1: its Maclaurin series Ai(0) f(x) + Ai'(0) g(x), f = 1 + x^3/3! + 1*4 x^6/6! + ...,
 *   g = x + 2 x^4/4! + 2*5 x^7/7! + ...;
 * x >= 1: Ai(x) = sqrt(x/3) / pi K_1/3(z) (fxrt_sp_k_scaled);
 * x < -7: the asymptotic expansion Ai(x) = (sin(z + pi/4) P - cos(z + pi/4) Q) / (sqrt(pi) |x|^(1/4)), P = u0 - u2
 *   z^-2 + ..., Q = u1 z^-1 - u3 z^-3 + ..., u_k = (2k+1)(2k+3)...(6k-1) / (216^k k!), summed while its terms
 *   decrease.
 * Edges as PyTorch's float32: NaN at +-inf, 0 above 25.77 (its cut), NaN once 2 |x|^(3/2) overflows float (below
 * about -3.07e25). Below about -1e5, z's rounding in double (like PyTorch's) moves the phase by more than the
 * result's precision: there it is noise, as PyTorch's is. (PyTorch's own values between -3 and -2.09 are off by up to
 * 3e-6; these follow the mathematics.) */
static inline float fxrt_s_airy_ai(float v) {
  const double x = (double)v;
  if (v != v || isinf(v)) return NAN;
  if (v > 25.77f) return 0.0f;
  if (x >= 1.0) {
    const double z = 2.0 / 3.0 * x * sqrt(x);
    return (float)(sqrt(x / 3.0) / FXRT_SP_PI * exp(-z) * fxrt_sp_k_scaled(z, 1.0 / 3.0));
  }
  if (x >= -7.0) {
    const double c = x * x * x;
    double tf = 1.0, tg = x, f = 1.0, g = x;
    for (int k = 1; k < 100 && fabs(tf) + fabs(tg) > 1e-18; k++) {
      tf *= c / ((3.0 * k - 1.0) * (3.0 * k));
      tg *= c / ((3.0 * k) * (3.0 * k + 1.0));
      f += tf;
      g += tg;
    }
    return (float)(0.35502805388781723926 * f - 0.25881940379280679840 * g);
  }
  const float sf = sqrtf(-v);
  if (-2.0 * x * (double)sf >= 3.4028235677973366e38) return NAN;
  const double z = -2.0 / 3.0 * x * sqrt(-x);
  double p = 1.0, q = 0.0, t = 1.0;
  for (int k = 1; k < 100; k++) {
    const double u = t * (6.0 * k - 5.0) * (6.0 * k - 3.0) * (6.0 * k - 1.0) / ((2.0 * k - 1.0) * 216.0 * k * z);
    if (fabs(u) >= fabs(t) || fabs(u) < 1e-18) break;
    t = u;
    if (k & 1) q += (k & 2) ? -t : t;
    else p += (k & 2) ? -t : t;
  }
  const double th = z + 0.25 * FXRT_SP_PI;
  return (float)((sin(th) * p - cos(th) * q) / (sqrt(FXRT_SP_PI) * sqrt(sqrt(-x))));
}

/* torch.special.ndtri: the inverse of the standard normal distribution function on [0, 1] (-inf at 0, +inf at 1,
 * NaN outside). For p <= 1/2 (else -ndtri(1 - p), exact in double): the first guess of Abramowitz and Stegun
 * 26.2.23 (t - (c0 + c1 t + c2 t^2) / (1 + d1 t + d2 t^2 + d3 t^3) with t = sqrt(-2 log p), within 4.5e-4), then
 * Halley's steps on ndtr(z) - p, ndtr(z) = erfc(-z / sqrt 2) / 2, in double, until they stop moving z. */
static inline float fxrt_s_ndtri(float v) {
  if (!(v >= 0.0f && v <= 1.0f)) return NAN;
  if (v == 0.0f) return -INFINITY;
  if (v == 1.0f) return INFINITY;
  if (v == 0.5f) return 0.0f;
  const double p = v < 0.5f ? (double)v : 1.0 - (double)v, t = sqrt(-2.0 * log(p));
  double z = -(t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
  for (int i = 0; i < 8; i++) {
    const double e = 0.5 * erfc(-z * 0.70710678118654752440) - p;
    const double u = e / (0.39894228040143267794 * exp(-0.5 * z * z)), dz = u / (1.0 + 0.5 * z * u);
    z -= dz;
    if (fabs(dz) <= 1e-15 * fabs(z)) break;
  }
  return v < 0.5f ? (float)z : (float)-z;
}

#endif
