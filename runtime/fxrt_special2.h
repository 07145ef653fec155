/* fxrt_special2.h: PyTorch's special functions of two arguments on one pair of values, in double (static inline):
 * torch.special.zeta (Hurwitz), torch.polygamma, torch.igamma and torch.igammac (regularized incomplete gamma)
 * and the orthogonal polynomials of torch.special (Chebyshev T, U, V, W and their shifted forms, Hermite H and He,
 * Laguerre L, Legendre P). The binary kernel (fxrt_elementwise.c) runs them for f32 (rounding the double result
 * once) and f64. Where an argument is NaN, infinite or outside the domain the result is PyTorch 1.13's own, found
 * by running torch (its float64 kernel: torch's float32 kernel computes in float, and differs from its float64
 * one where float overflows first, e.g. polygamma(1, -2) or polynomials of large degree). */
#ifndef FXRT_SPECIAL2_H
#define FXRT_SPECIAL2_H

#include "fxrt_scalar.h"

#include <float.h>
#include <math.h>
#include <stdint.h>

#define FXRT_SP2_PI 3.14159265358979323846

/* ---- Hurwitz zeta ---------------------------------------------------------------------------------------------- */

/* B_2j / (2j)! for j = 1..12 (Bernoulli numbers over factorials: 1/12, -1/720, 1/30240, ...) */
static const double fxrt_sp2_bern[12] = {
    8.3333333333333333333e-02, -1.3888888888888888889e-03, 3.3068783068783068783e-05, -8.2671957671957671958e-07,
    2.0876756987868098979e-08, -5.2841901386874931848e-10, 1.3382536530684678833e-11, -3.3896802963225828668e-13,
    8.5860620562778445641e-15, -2.1748686985580618730e-16, 5.5090028283602295151e-18, -1.3954464685812523341e-19};

/* torch.special.zeta(x, q) = sum over k >= 0 of (q + k)^-x. PyTorch: x == 1 is +inf (whatever q), x < 1 NaN; q <= 0
 * an integer (or -inf) is +inf, q < 0 not an integer needs an integer x (else NaN); q = +inf is NaN; x = +inf
 * leaves the terms with |q + k| < 1 (+inf), == 1 (1) or none (NaN: its sum of zeros meets inf / inf).
 * Computed by Euler-Maclaurin summation: the first N terms directly (at least 9, and until q + N > 9), stopping
 * early once a term no longer changes the sum; then, with w = q + N, the tail
 *   w^(1-x) / (x-1) - w^-x / 2 (the last direct term counted half) + sum_j B_2j/(2j)! x(x+1)..(x+2j-2) w^(-x-2j+1)
 * for j up to 12, stopping once a correction no longer changes the sum. */
static inline double fxrt_sp2_zeta(double x, double q) {
  if (x == 1.0) return INFINITY;
  if (x < 1.0) return NAN;
  if (q <= 0.0) {
    if (q == floor(q)) return INFINITY;
    if (x != floor(x)) return NAN; /* a negative base to a non-integer power */
  }
  if (x != x || q != q || q == INFINITY) return NAN;
  if (x == INFINITY) {
    if (q < 0.0 || q < 1.0) return INFINITY;
    return q == 1.0 ? 1.0 : NAN;
  }
  double s = pow(q, -x), w = q, b = 0.0;
  for (int k = 1; k <= 9 || w <= 9.0; k++) {
    w += 1.0;
    b = pow(w, -x);
    s += b;
    if (fabs(b) < DBL_EPSILON / 2 * fabs(s)) return s;
  }
  /* the sum so far includes b = w^-x in full */
  s += b * w / (x - 1.0) - 0.5 * b;
  double poch = 1.0; /* x (x+1) ... (x+2j-2) */
  double wp = b;     /* w^(-x-2j+1) */
  for (int j = 0; j < 12; j++) {
    poch *= x + 2.0 * j;
    wp /= w;
    const double t = fxrt_sp2_bern[j] * poch * wp;
    s += t;
    if (fabs(t) < DBL_EPSILON / 2 * fabs(s)) break;
    poch *= x + 2.0 * j + 1.0;
    wp /= w;
  }
  return s;
}

/* ---- polygamma ------------------------------------------------------------------------------------------------- */

/* torch.polygamma(n, x), n >= 0 (an integer, checked by the compiler), the n-th derivative of digamma.
 * n = 0: digamma. n = 1 (PyTorch's trigamma): zeta(2, x) from x >= 1/2, below by the reflection
 * psi1(x) = pi^2 / sin^2(pi x) - psi1(1 - x), as PyTorch computes it, so that a negative integer gives the huge
 * finite value of sin(pi x) rounded in double (polygamma(1, -2.) = 1.6e32), 0 gives +inf, +inf gives 0 and -inf
 * NaN. n >= 2: (-1)^(n+1) n! zeta(n + 1, x) (so +-inf at the poles x = 0, -1, ..., NaN at +-inf). */
static inline double fxrt_sp2_polygamma(double n, double x) {
  if (n == 0.0) return fxrt_s_digamma_d(x);
  if (n == 1.0) {
    if (x == INFINITY) return 0.0;
    if (x >= 0.5) return fxrt_sp2_zeta(2.0, x);
    const double s = sin(FXRT_SP2_PI * x);
    return FXRT_SP2_PI * FXRT_SP2_PI / (s * s) - fxrt_sp2_zeta(2.0, 1.0 - x);
  }
  double fact = 1.0; /* n! (the sign (-1)^(n+1) folded in) */
  for (double k = 2.0; k <= n; k += 1.0) fact *= k;
  return (fmod(n, 2.0) == 0.0 ? -fact : fact) * fxrt_sp2_zeta(n + 1.0, x);
}

/* ---- regularized incomplete gamma ---------------------------------------------------------------------------- */

/* P(a, x) for x < a + 1 by the series x^a e^-x / Gamma(a + 1) * sum_k x^k / ((a+1)...(a+k)). */
static inline double fxrt_sp2_gamma_series(double a, double x) {
  const double lead = a * log(x) - x - lgamma(a + 1.0);
  if (lead < -745.2) return 0.0;
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 100000; k++) {
    term *= x / (a + k);
    sum += term;
    if (term < sum * DBL_EPSILON / 2) break;
  }
  return exp(lead) * sum;
}

/* log Gamma(1 + a) for 0 < a < 1, accurate also where 1 + a rounds to 1: below 1e-5 its Taylor series
 * -gamma a + zeta(2) a^2 / 2 - zeta(3) a^3 / 3 + zeta(4) a^4 / 4. */
static inline double fxrt_sp2_lgamma1p(double a) {
  if (a >= 1e-5) return lgamma(1.0 + a);
  return a * (-0.57721566490153286061 +
              a * (0.82246703342411321824 - a * (0.40068563438653142847 - a * 0.27058080842778454788)));
}

/* Q(a, x) for a < 1 and x < a + 1, where 1 - P would cancel (Q -> 0 as a -> 0): from
 * gamma(a, x) = sum_k (-1)^k x^(a+k) / (k! (a+k)), Q = 1 - x^a / Gamma(a+1) - x^a / Gamma(a) * sum_k>=1 (-x)^k /
 * (k! (a+k)), with 1 - x^a / Gamma(a+1) as -expm1(a log x - log Gamma(1+a)). */
static inline double fxrt_sp2_gammac_small(double a, double x) {
  const double u = a * log(x) - fxrt_sp2_lgamma1p(a);
  double term = 1.0, sum = 0.0;
  for (int k = 1; k < 200; k++) {
    term *= -x / k;
    const double t = term / (a + k);
    sum += t;
    if (fabs(t) < fabs(sum) * DBL_EPSILON / 2) break;
  }
  return -expm1(u) - a * exp(u) * sum;
}

/* Q(a, x) for x >= a + 1 by the continued fraction x^a e^-x / Gamma(a) * 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...)))
 * evaluated forwards (modified Lentz). */
static inline double fxrt_sp2_gamma_cfrac(double a, double x) {
  const double lead = a * log(x) - x - lgamma(a);
  if (lead < -745.2) return 0.0;
  const double tiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 100000; i++) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double del = d * c;
    h *= del;
    if (fabs(del - 1.0) < DBL_EPSILON) break;
  }
  return exp(lead) * h;
}

/* Q(a, x) (upper = 1) or P(a, x) (upper = 0) for large a by Temme's uniform expansion: with lambda = x/a and
 * eta = sign(lambda - 1) sqrt(2 (lambda - 1 - log lambda)),
 *   Q = erfc(eta sqrt(a/2)) / 2 + e^(-a eta^2 / 2) / sqrt(2 pi a) (1/(lambda - 1) - 1/eta + O(1/a)),
 * P = 1 - Q the same way with erfc(-eta sqrt(a/2)); 1/(lambda-1) - 1/eta by its Taylor series near lambda = 1. */
static inline double fxrt_sp2_gamma_temme(double a, double x, int upper) {
  const double mu = (x - a) / a, lam = x / a;
  double eta2 = 2.0 * (mu - log1p(mu)); /* 2 (lambda - 1 - log lambda) */
  if (fabs(mu) < 1e-3) eta2 = mu * mu * (1.0 - mu * (2.0 / 3.0 - mu * (1.0 / 2.0 - mu * 2.0 / 5.0)));
  const double eta = copysign(sqrt(eta2 > 0.0 ? eta2 : 0.0), mu);
  double c0;
  if (fabs(mu) < 1e-3) c0 = -1.0 / 3.0 + mu * (1.0 / 12.0 - mu * (23.0 / 540.0 - mu * 1.0 / 48.0));
  else c0 = 1.0 / (lam - 1.0) - 1.0 / eta;
  const double r = exp(-a * eta2 / 2.0) / sqrt(2.0 * FXRT_SP2_PI * a) * c0;
  return upper ? erfc(eta * sqrt(a / 2.0)) / 2.0 + r : erfc(-eta * sqrt(a / 2.0)) / 2.0 - r;
}

/* torch.igamma(a, x) (upper = 0: P, the regularized lower incomplete gamma) and torch.igammac (upper = 1: Q = 1 - P).
 * PyTorch: a < 0 or x < 0 (or -inf) is NaN; a == 0 is P = 1, Q = 0 for x > 0 (NaN for x == 0 or NaN); x == 0 is
 * P = 0, Q = 1 (even for a NaN); a = +inf is P = 0, Q = 1 (even for x NaN) except x = +inf (NaN); x = +inf is
 * P = 1, Q = 0 (even for a NaN). Elsewhere the series for x < a + 1 (for Q with a < 1 its own series), the continued
 * fraction above, each giving P or Q directly (the other as 1 minus it), and Temme's expansion for a > 1e6 near
 * x = a. */
static inline double fxrt_sp2_igamma(double a, double x, int upper) {
  if (x < 0.0 || a < 0.0) return NAN;
  if (a == 0.0) return x > 0.0 ? (upper ? 0.0 : 1.0) : NAN;
  if (x == 0.0) return upper ? 1.0 : 0.0;
  if (a == INFINITY) return x == INFINITY ? NAN : (upper ? 1.0 : 0.0);
  if (x == INFINITY) return upper ? 0.0 : 1.0;
  if (a != a || x != x) return NAN;
  if (a > 1e6 && fabs(x - a) < 0.3 * a) return fxrt_sp2_gamma_temme(a, x, upper);
  if (upper && a < 1.0 && x < a + 1.0) return fxrt_sp2_gammac_small(a, x);
  if (x < a + 1.0) {
    const double p = fxrt_sp2_gamma_series(a, x);
    return upper ? 1.0 - p : p;
  }
  const double q = fxrt_sp2_gamma_cfrac(a, x);
  return upper ? q : 1.0 - q;
}

/* ---- orthogonal polynomials ------------------------------------------------------------------------------------ */

/* The degree n as PyTorch takes it: converted to int64 (toward zero) as x86 does it, so NaN and anything out of the
 * int64 range become INT64_MIN, a negative degree (whose polynomial PyTorch defines as 0). */
static inline int64_t fxrt_sp2_degree(double n) {
  if (!(n > -9223372036854775808.0 && n < 9223372036854775808.0)) return INT64_MIN;
  return (int64_t)n;
}

/* The four kinds of Chebyshev polynomials share P_k+1 = 2x P_k - P_k-1 from P_0 = 1 and their own P_1: P_n for
 * n >= 0. The recurrence ends early once NaN, which it then stays (|x| > 1 of large degree overflows to inf, then
 * inf - inf). */
static inline double fxrt_sp2_chebyshev_recurrence(double x, double p1, int64_t n) {
  if (n == 0) return 1.0;
  double p = 1.0, q = p1;
  for (int64_t k = 2; k <= n && q == q; k++) {
    const double r = (x + x) * q - p;
    p = q;
    q = r;
  }
  return q;
}

/* torch.special.chebyshev_polynomial_t(x, n): T_0 = 1, T_1 = x, T_k+1 = 2x T_k - T_k-1 (PyTorch: 0 for n < 0;
 * at |x| = 1 exactly 1 or (-1)^n; for n > 6 and |x| < 1 cos(n acos x)). */
static inline double fxrt_sp2_chebyshev_t(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (fabs(x) == 1.0) return x > 0.0 || n % 2 == 0 ? 1.0 : -1.0;
  if (n > 6 && fabs(x) < 1.0) return cos((double)n * acos(x));
  return fxrt_sp2_chebyshev_recurrence(x, x, n);
}

/* Chebyshev U: U_0 = 1, U_1 = 2x, same recurrence (PyTorch: 0 for n < 0; at |x| = 1 (n+1) or (-1)^n (n+1); for
 * n > 8 and |x| < 1 sin((n+1) t) / sin t with t = acos x). */
static inline double fxrt_sp2_chebyshev_u(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (fabs(x) == 1.0) return x > 0.0 || n % 2 == 0 ? ((double)n + 1.0) : -((double)n + 1.0);
  if (n > 8 && fabs(x) < 1.0) {
    const double t = acos(x);
    if (sin(t) != 0.0) return sin(((double)n + 1.0) * t) / sin(t);
    return ((double)n + 1.0) * cos(((double)n + 1.0) * t) / x;
  }
  return fxrt_sp2_chebyshev_recurrence(x, x + x, n);
}

/* Chebyshev V (third kind): V_0 = 1, V_1 = 2x - 1, same recurrence (PyTorch: 0 for n < 0; V_n(1) = 1,
 * V_n(-1) = (-1)^n (2n+1); for n > 8 and |x| < 1 cos((n + 1/2) t) / cos(t/2), t = acos x). */
static inline double fxrt_sp2_chebyshev_v(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (fabs(x) == 1.0) {
    if (x > 0.0) return 1.0;
    return n % 2 == 0 ? (2.0 * (double)n + 1.0) : -(2.0 * (double)n + 1.0);
  }
  if (n > 8 && fabs(x) < 1.0) {
    const double t = acos(x);
    if (sin(t / 2.0) != 1.0) return cos(((double)n + 0.5) * t) / cos(t / 2.0);
    return n % 2 == 0 ? (2.0 * (double)n + 1.0) : -(2.0 * (double)n + 1.0);
  }
  return fxrt_sp2_chebyshev_recurrence(x, x + x - 1.0, n);
}

/* Chebyshev W (fourth kind): W_0 = 1, W_1 = 2x + 1, same recurrence (PyTorch: 0 for n < 0; W_n(1) = 2n+1,
 * W_n(-1) = (-1)^n; for n > 8 and |x| < 1 sin((n + 1/2) t) / sin(t/2), t = acos x). */
static inline double fxrt_sp2_chebyshev_w(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (fabs(x) == 1.0) {
    if (x > 0.0) return (2.0 * (double)n + 1.0);
    return n % 2 == 0 ? 1.0 : -1.0;
  }
  if (n > 8 && fabs(x) < 1.0) {
    const double t = acos(x);
    if (cos(t / 2.0) != 1.0) return sin(((double)n + 0.5) * t) / sin(t / 2.0);
    return x > 0.0 ? (2.0 * (double)n + 1.0) : n % 2 == 0 ? 1.0 : -1.0;
  }
  return fxrt_sp2_chebyshev_recurrence(x, x + x + 1.0, n);
}

/* The shifted Chebyshev polynomials on [0, 1]: T*_n(x) = T_n(2x - 1) and so on, with PyTorch's values at the ends
 * x = 1 and x = 0 taken exactly (kind: 't', 'u', 'v', 'w'). */
static inline double fxrt_sp2_shifted_chebyshev(double x, double nf, char kind) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  const double odd = n % 2 == 0 ? 1.0 : -1.0; /* (-1)^n */
  if (x == 1.0) return kind == 't' || kind == 'v' ? 1.0 : kind == 'u' ? ((double)n + 1.0) : (2.0 * (double)n + 1.0);
  if (x == 0.0)
    return kind == 't' || kind == 'w' ? odd : kind == 'u' ? odd * ((double)n + 1.0) : odd * (2.0 * (double)n + 1.0);
  const double y = x + x - 1.0;
  switch (kind) {
  case 't': return fxrt_sp2_chebyshev_t(y, nf);
  case 'u': return fxrt_sp2_chebyshev_u(y, nf);
  case 'v': return fxrt_sp2_chebyshev_v(y, nf);
  default: return fxrt_sp2_chebyshev_w(y, nf);
  }
}

/* torch.special.hermite_polynomial_h (physicists'): H_0 = 1, H_1 = 2x, H_k+1 = 2x H_k - 2k H_k-1; 0 for n < 0. */
static inline double fxrt_sp2_hermite_h(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (n == 0) return 1.0;
  double p = 1.0, q = x + x;
  for (int64_t k = 1; k < n && q == q; k++) {
    const double r = (x + x) * q - (2.0 * (double)k) * p;
    p = q;
    q = r;
  }
  return q;
}

/* torch.special.hermite_polynomial_he (probabilists'): He_0 = 1, He_1 = x, He_k+1 = x He_k - k He_k-1. */
static inline double fxrt_sp2_hermite_he(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (n == 0) return 1.0;
  double p = 1.0, q = x;
  for (int64_t k = 1; k < n && q == q; k++) {
    const double r = x * q - (double)k * p;
    p = q;
    q = r;
  }
  return q;
}

/* torch.special.laguerre_polynomial_l: L_0 = 1, L_1 = 1 - x, (k+1) L_k+1 = (2k + 1 - x) L_k - k L_k-1; 0 for n < 0,
 * 1 at x = 0. */
static inline double fxrt_sp2_laguerre_l(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (x == 0.0 || n == 0) return 1.0;
  double p = 1.0, q = 1.0 - x;
  for (int64_t k = 1; k < n && q == q; k++) {
    const double r = (((2.0 * (double)k + 1.0) - x) * q - (double)k * p) / ((double)k + 1.0);
    p = q;
    q = r;
  }
  return q;
}

/* torch.special.legendre_polynomial_p: P_0 = 1, P_1 = x, (k+1) P_k+1 = (2k+1) x P_k - k P_k-1; 0 for n < 0, 1 or
 * (-1)^n at |x| = 1 exactly. */
static inline double fxrt_sp2_legendre_p(double x, double nf) {
  const int64_t n = fxrt_sp2_degree(nf);
  if (n < 0) return 0.0;
  if (fabs(x) == 1.0) return x > 0.0 || n % 2 == 0 ? 1.0 : -1.0;
  if (n == 0) return 1.0;
  double p = 1.0, q = x;
  for (int64_t k = 1; k < n && q == q; k++) {
    const double r = ((2.0 * (double)k + 1.0) * x * q - (double)k * p) / ((double)k + 1.0);
    p = q;
    q = r;
  }
  return q;
}

#endif
