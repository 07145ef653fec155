/* fxrt_elementwise.c: elementwise kernels: unary math and activations, broadcasting binary ops, where, dtype
 * conversion with strided copy, fill and arange.
 *
 * The strided kernels (binary, where, copy) walk their views as an N-d loop. The views are first simplified:
 * dimensions of size 1 are dropped and adjacent dimensions that are contiguous in every operand are merged, so a
 * contiguous add of two [1, 64, 56, 56] tensors becomes one row of 200704 elements. The innermost remaining
 * dimension is a row: one function per (op, dtype), chosen once per call, runs a tight loop over it, with fast
 * paths for unit strides and for a broadcast scalar operand (stride 0), which the compiler vectorises.
 *
 * An empty tensor (a dimension of size 0) needs no memory: its data pointers may be NULL. */
/* the names this file defines, per instruction set (fxrt_isa.h) */
#include "fxrt_isa.h"
#define fxrt_unary_f32 FXRT_ISA_NAME(fxrt_unary_f32)
#define fxrt_binary FXRT_ISA_NAME(fxrt_binary)
#define fxrt_where FXRT_ISA_NAME(fxrt_where)
#define fxrt_copy FXRT_ISA_NAME(fxrt_copy)
#define fxrt_fill FXRT_ISA_NAME(fxrt_fill)
#define fxrt_arange FXRT_ISA_COPY(fxrt_arange)
#include "fxrt.h"
#include "fxrt_scalar.h"
#include "fxrt_special.h"
#include "fxrt_special2.h"
#include "fxrt_vec.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* ---- checked arithmetic and views ------------------------------------------------------------------------------ */

/* *r = a * b for a, b >= 0; false on overflow. */
static bool mul_nonneg(int64_t a, int64_t b, int64_t *r) {
  if (a != 0 && b > INT64_MAX / a) return false;
  *r = a * b;
  return true;
}

/* *r = a + b; false on overflow. */
static bool add_checked(int64_t a, int64_t b, int64_t *r) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return false;
  *r = a + b;
  return true;
}

/* A view is usable if its rank and sizes are sane, its element count fits in int64, and every element it reaches
 * has an index in [0, INT64_MAX/8] (so index * element size cannot overflow, and a flipped view whose offset was
 * forgotten is caught instead of reading before the buffer). */
static fxrt_status check_view(const fxrt_view *v, int64_t *numel) {
  if (!v || v->ndim < 0 || v->ndim > FXRT_MAX_DIMS || v->offset < 0) return FXRT_EINVAL;
  int64_t n = 1;
  for (int32_t d = 0; d < v->ndim; d++) {
    if (v->shape[d] < 0 || !mul_nonneg(n, v->shape[d], &n)) return FXRT_EINVAL;
  }
  *numel = n;
  if (n == 0) return FXRT_OK;
  int64_t lo = v->offset, hi = v->offset;
  for (int32_t d = 0; d < v->ndim; d++) {
    const int64_t extent = v->shape[d] - 1, s = v->stride[d];
    if (extent == 0) continue;
    if (s == INT64_MIN || (s < 0 ? -s : s) > INT64_MAX / extent) return FXRT_EINVAL;
    if (!add_checked(s < 0 ? lo : hi, s * extent, s < 0 ? &lo : &hi)) return FXRT_EINVAL;
  }
  return lo >= 0 && hi <= INT64_MAX / 8 ? FXRT_OK : FXRT_EINVAL;
}

#define MAX_OPERANDS 4

/* The iteration space of a strided kernel: operand 0 is the output, whose shape is iterated. */
typedef struct walk {
  int nops;
  int32_t ndim; /* >= 1 once simplified (a scalar is one row of one element) */
  int64_t numel;
  int64_t shape[FXRT_MAX_DIMS];
  int64_t stride[MAX_OPERANDS][FXRT_MAX_DIMS];
  int64_t offset[MAX_OPERANDS];
} walk;

/* Checks the views against the output's (views[0]) and simplifies them. With `broadcast`, an input dimension of
 * size 1 against a larger output dimension is read with stride 0. */
static fxrt_status walk_init(walk *w, int nops, const fxrt_view *const views[], bool broadcast) {
  int64_t numel[MAX_OPERANDS];
  for (int k = 0; k < nops; k++) {
    fxrt_status s = check_view(views[k], &numel[k]);
    if (s != FXRT_OK) return s;
  }
  const fxrt_view *out = views[0];
  for (int k = 1; k < nops; k++) {
    if (views[k]->ndim != out->ndim) return FXRT_EINVAL;
    for (int32_t d = 0; d < out->ndim; d++) {
      const int64_t n = views[k]->shape[d];
      if (n != out->shape[d] && !(broadcast && n == 1)) return FXRT_EINVAL;
    }
  }
  w->nops = nops;
  w->numel = numel[0];
  for (int k = 0; k < nops; k++) w->offset[k] = views[k]->offset;
  /* Drop size-1 dimensions, then merge a dimension into the next one when every operand is contiguous across them. */
  int32_t nd = 0;
  for (int32_t d = 0; d < out->ndim; d++) {
    if (out->shape[d] == 1) continue;
    w->shape[nd] = out->shape[d];
    for (int k = 0; k < nops; k++) w->stride[k][nd] = views[k]->shape[d] == 1 ? 0 : views[k]->stride[d];
    nd++;
  }
  if (nd == 0) {
    w->shape[0] = 1;
    for (int k = 0; k < nops; k++) w->stride[k][0] = 0;
    nd = 1;
  }
  int32_t j = 0;
  for (int32_t d = 1; d < nd; d++) {
    bool mergeable = true;
    for (int k = 0; k < nops; k++) mergeable = mergeable && w->stride[k][j] == w->stride[k][d] * w->shape[d];
    if (mergeable) {
      w->shape[j] *= w->shape[d];
      for (int k = 0; k < nops; k++) w->stride[k][j] = w->stride[k][d];
    } else {
      j++;
      w->shape[j] = w->shape[d];
      for (int k = 0; k < nops; k++) w->stride[k][j] = w->stride[k][d];
    }
  }
  w->ndim = j + 1;
  return FXRT_OK;
}

/* One row of a strided kernel: n elements, p[k] the first element of operand k, s[k] its stride in elements. */
typedef void (*row_fn)(int64_t n, char *const p[], const int64_t s[], void *ctx);

/* Calls `row` for every innermost row of the walk, stepping the outer indices like an odometer. */
static void walk_run(const walk *w, char *const base[], const size_t esize[], row_fn row, void *ctx) {
  const int32_t inner = w->ndim - 1;
  const int64_t n = w->shape[inner];
  int64_t s[MAX_OPERANDS], off[MAX_OPERANDS], idx[FXRT_MAX_DIMS] = {0};
  char *p[MAX_OPERANDS];
  for (int k = 0; k < w->nops; k++) {
    s[k] = w->stride[k][inner];
    off[k] = w->offset[k];
  }
  for (int64_t rows = w->numel / n; rows > 0; rows--) {
    for (int k = 0; k < w->nops; k++) p[k] = base[k] + off[k] * (int64_t)esize[k];
    row(n, p, s, ctx);
    for (int32_t d = inner - 1; d >= 0; d--) {
      for (int k = 0; k < w->nops; k++) off[k] += w->stride[k][d];
      if (++idx[d] < w->shape[d]) break;
      for (int k = 0; k < w->nops; k++) off[k] -= w->stride[k][d] * w->shape[d];
      idx[d] = 0;
    }
  }
}

/* ---- unary ----------------------------------------------------------------------------------------------------- */

/* y[i] = op(x[i]): torch.relu, relu6, leaky_relu, elu, gelu, silu, sigmoid, tanh, hardswish, hardsigmoid, clamp,
 * mish, softplus, exp, log, sqrt, rsqrt, neg, abs, reciprocal, erf, sin, cos, floor, ceil, round, sign, pow(x, a),
 * nan_to_num, the trigonometric, hyperbolic, exponential and special functions, the shrinks and thresholds (the
 * list is FXRT_UNARY_OPS), each as fxrt_scalar.h computes one value. */
fxrt_status fxrt_unary_f32(fxrt_unary_op op, const float *x, float *y, int64_t n, const fxrt_unary_params *p) {
  if ((unsigned)op >= FXRT_NUM_UNARY_OPS || n < 0) return FXRT_EINVAL;
  switch (op) {
  case FXRT_U_LEAKY_RELU: case FXRT_U_ELU: case FXRT_U_CLAMP: case FXRT_U_SOFTPLUS: case FXRT_U_POW_SCALAR:
  case FXRT_U_NAN_TO_NUM: case FXRT_U_HARDSHRINK: case FXRT_U_SOFTSHRINK: case FXRT_U_THRESHOLD: case FXRT_U_LOGIT:
    if (!p) return FXRT_EINVAL;
    break;
  default: break;
  }
  if (n == 0) return FXRT_OK;
  if (!x || !y) return FXRT_EINVAL;

/* In chunks of VW through a local array (fxrt_vec.h), so that the loop vectorizes even when y is x. */
#define MAP(expr)                                                                                                      \
  do {                                                                                                                 \
    int64_t i = 0;                                                                                                     \
    CHUNK_LOOP                                                                                                         \
    for (; i + VW <= n; i += VW) {                                                                                     \
      float t[VW];                                                                                                     \
      LANES(l) {                                                                                                       \
        const float v = x[i + l];                                                                                      \
        t[l] = (expr);                                                                                                 \
      }                                                                                                                \
      LANES(l) y[i + l] = t[l];                                                                                        \
    }                                                                                                                  \
    for (; i < n; i++) {                                                                                               \
      const float v = x[i];                                                                                            \
      y[i] = (expr);                                                                                                   \
    }                                                                                                                  \
    return FXRT_OK;                                                                                                    \
  } while (0)

  switch (op) {
  case FXRT_U_RELU: MAP(fxrt_s_relu(v));
  case FXRT_U_RELU6: MAP(fxrt_s_relu6(v));
  case FXRT_U_LEAKY_RELU: {
    const float a = p->a;
    MAP(fxrt_s_leaky_relu(v, a));
  }
  case FXRT_U_ELU: {
    const float a = p->a, b = p->b, c = p->c;
    MAP(fxrt_s_elu(v, a, b, c));
  }
  case FXRT_U_GELU: MAP(fxrt_s_gelu(v));
  case FXRT_U_GELU_TANH: MAP(fxrt_s_gelu_tanh(v));
  case FXRT_U_SILU: MAP(fxrt_s_silu(v));
  case FXRT_U_SIGMOID: MAP(fxrt_s_sigmoid(v));
  case FXRT_U_TANH: MAP(fxrt_s_tanh(v));
  case FXRT_U_HARDSWISH: MAP(fxrt_s_hardswish(v));
  case FXRT_U_HARDSIGMOID: MAP(fxrt_s_hardsigmoid(v));
  case FXRT_U_CLAMP: {
    const float lo = p->a, hi = p->b;
    MAP(fxrt_s_clamp(v, lo, hi));
  }
  case FXRT_U_MISH: MAP(fxrt_s_mish(v));
  case FXRT_U_SOFTPLUS: {
    const float beta = p->a, threshold = p->b;
    MAP(fxrt_s_softplus(v, beta, threshold));
  }
  case FXRT_U_EXP: MAP(fxrt_s_exp(v));
  case FXRT_U_LOG: MAP(fxrt_s_log(v));
  case FXRT_U_SQRT: MAP(fxrt_s_sqrt(v));
  case FXRT_U_RSQRT: MAP(fxrt_s_rsqrt(v));
  case FXRT_U_NEG: MAP(fxrt_s_neg(v));
  case FXRT_U_ABS: MAP(fxrt_s_abs(v));
  case FXRT_U_RECIPROCAL: MAP(fxrt_s_reciprocal(v));
  case FXRT_U_ERF: MAP(fxrt_s_erf(v));
  case FXRT_U_SIN: MAP(fxrt_s_sin(v));
  case FXRT_U_COS: MAP(fxrt_s_cos(v));
  case FXRT_U_FLOOR: MAP(fxrt_s_floor(v));
  case FXRT_U_CEIL: MAP(fxrt_s_ceil(v));
  case FXRT_U_ROUND: MAP(fxrt_s_round(v));
  case FXRT_U_SIGN: MAP(fxrt_s_sign(v));
  case FXRT_U_POW_SCALAR: {
    const float e = p->a;
    MAP(fxrt_s_pow_scalar(v, e));
  }
  case FXRT_U_NAN_TO_NUM: {
    const float a = p->a, b = p->b, c = p->c;
    MAP(fxrt_s_nan_to_num(v, a, b, c));
  }
  case FXRT_U_ACOS: MAP(fxrt_s_acos(v));
  case FXRT_U_ASIN: MAP(fxrt_s_asin(v));
  case FXRT_U_ATAN: MAP(fxrt_s_atan(v));
  case FXRT_U_ACOSH: MAP(fxrt_s_acosh(v));
  case FXRT_U_ASINH: MAP(fxrt_s_asinh(v));
  case FXRT_U_ATANH: MAP(fxrt_s_atanh(v));
  case FXRT_U_COSH: MAP(fxrt_s_cosh(v));
  case FXRT_U_SINH: MAP(fxrt_s_sinh(v));
  case FXRT_U_TAN: MAP(fxrt_s_tan(v));
  case FXRT_U_TRUNC: MAP(fxrt_s_trunc(v));
  case FXRT_U_FRAC: MAP(fxrt_s_frac(v));
  case FXRT_U_LOG10: MAP(fxrt_s_log10(v));
  case FXRT_U_LOG2: MAP(fxrt_s_log2(v));
  case FXRT_U_LOG1P: MAP(fxrt_s_log1p(v));
  case FXRT_U_EXPM1: MAP(fxrt_s_expm1(v));
  case FXRT_U_EXP2: MAP(fxrt_s_exp2(v));
  case FXRT_U_ERFC: MAP(fxrt_s_erfc(v));
  case FXRT_U_LGAMMA: MAP(fxrt_s_lgamma(v));
  case FXRT_U_SINC: MAP(fxrt_s_sinc(v));
  case FXRT_U_DEG2RAD: MAP(fxrt_s_deg2rad(v));
  case FXRT_U_RAD2DEG: MAP(fxrt_s_rad2deg(v));
  case FXRT_U_LOG_SIGMOID: MAP(fxrt_s_log_sigmoid(v));
  case FXRT_U_SOFTSIGN: MAP(fxrt_s_softsign(v));
  case FXRT_U_TANHSHRINK: MAP(fxrt_s_tanhshrink(v));
  case FXRT_U_HARDSHRINK: {
    const float a = p->a;
    MAP(fxrt_s_hardshrink(v, a));
  }
  case FXRT_U_SOFTSHRINK: {
    const float a = p->a;
    MAP(fxrt_s_softshrink(v, a));
  }
  case FXRT_U_THRESHOLD: {
    const float a = p->a, b = p->b;
    MAP(fxrt_s_threshold(v, a, b));
  }
  case FXRT_U_LOGIT: {
    const float a = p->a;
    MAP(fxrt_s_logit(v, a));
  }
  case FXRT_U_ENTR: MAP(fxrt_s_entr(v));
  case FXRT_U_NDTR: MAP(fxrt_s_ndtr(v));
  case FXRT_U_ERFCX: MAP(fxrt_s_erfcx(v));
  case FXRT_U_LOG_NDTR: MAP(fxrt_s_log_ndtr(v));
  case FXRT_U_DIGAMMA: MAP(fxrt_s_digamma(v));
  case FXRT_U_ERFINV: MAP(fxrt_s_erfinv(v));
  case FXRT_U_I0: MAP(fxrt_s_i0(v));
  case FXRT_U_I0E: MAP(fxrt_s_i0e(v));
  case FXRT_U_I1: MAP(fxrt_s_i1(v));
  case FXRT_U_I1E: MAP(fxrt_s_i1e(v));
  case FXRT_U_MODIFIED_BESSEL_K0: MAP(fxrt_s_modified_bessel_k0(v));
  case FXRT_U_MODIFIED_BESSEL_K1: MAP(fxrt_s_modified_bessel_k1(v));
  case FXRT_U_SCALED_MODIFIED_BESSEL_K0: MAP(fxrt_s_scaled_modified_bessel_k0(v));
  case FXRT_U_SCALED_MODIFIED_BESSEL_K1: MAP(fxrt_s_scaled_modified_bessel_k1(v));
  case FXRT_U_BESSEL_J0: MAP(fxrt_s_bessel_j0(v));
  case FXRT_U_BESSEL_J1: MAP(fxrt_s_bessel_j1(v));
  case FXRT_U_BESSEL_Y0: MAP(fxrt_s_bessel_y0(v));
  case FXRT_U_BESSEL_Y1: MAP(fxrt_s_bessel_y1(v));
  case FXRT_U_SPHERICAL_BESSEL_J0: MAP(fxrt_s_spherical_bessel_j0(v));
  case FXRT_U_AIRY_AI: MAP(fxrt_s_airy_ai(v));
  case FXRT_U_NDTRI: MAP(fxrt_s_ndtri(v));
  case FXRT_NUM_UNARY_OPS: break;
  }
#undef MAP
  return FXRT_EINVAL;
}

/* ---- conversions ---------------------------------------------------------------------------------------------- */

/* Float to integer as torch 1.13 does on x86-64 (Tensor.to): truncation toward zero for values in range. Out of
 * range (and NaN) is undefined behaviour in C and C++; torch gets the x86 answer, which we reproduce so the
 * interpreter agrees with it bit for bit: i64 gets INT64_MIN; i32, i16 and i8 go through a 32-bit conversion
 * (INT32_MIN out of range) and keep the low bits; u8 goes through a 64-bit one. */
static inline int64_t f64_to_i64(double d) {
  return d >= -9223372036854775808.0 && d < 9223372036854775808.0 ? (int64_t)d : INT64_MIN;
}
/* double to float, rounding to nearest; beyond the float range (FLT_MAX plus half an ulp) is infinity, written out
 * because an out-of-range conversion is undefined in C. */
static inline float f64_to_f32(double d) {
  const double limit = 0x1.ffffffp127;
  return d >= limit ? INFINITY : d <= -limit ? -INFINITY : (float)d;
}
static inline int32_t f64_to_i32(double d) { return d > -2147483649.0 && d < 2147483648.0 ? (int32_t)d : INT32_MIN; }

/* Integer narrowing keeps the low bits (two's complement), computed on unsigned values. */
static inline int32_t wrap_i32(uint64_t u) { return (int32_t)(uint32_t)u; }
static inline int16_t wrap_i16(uint64_t u) { return (int16_t)(uint16_t)u; }
static inline int8_t wrap_i8(uint64_t u) { return (int8_t)(uint8_t)u; }

/* ---- binary ---------------------------------------------------------------------------------------------------- */

typedef struct binary_ctx {
  float alpha_f32;
  double alpha_f64;
  int64_t alpha_i64;
  int32_t alpha_i32;
  int zero_division; /* set by an integer floor_divide or remainder by zero */
} binary_ctx;

/* One row of y = expr(a, b), where a and b are the row's elements; fast paths for contiguous rows and for a
 * broadcast scalar on either side (a residual add, x * 0.5, a squeeze-and-excitation scale). The fast paths run in
 * chunks of VW through a local array (fxrt_vec.h): GCC's -O2 vectorizes no loop that would need a scalar remainder
 * or a check that y does not overlap a or b, and y is often one of them (in place). As plain loops they ran scalar:
 * a 96x56x56 multiply by a per-channel scale took 0.30 ns per element. */
#define BINARY_CHUNKS(T, TY, LOAD_A, LOAD_B, expr)                                                                     \
  do {                                                                                                                 \
    int64_t i = 0;                                                                                                     \
    CHUNK_LOOP                                                                                                         \
    for (; i + VW <= n; i += VW) {                                                                                     \
      TY t_[VW];                                                                                                       \
      LANES(l) {                                                                                                       \
        const T a = LOAD_A(i + l), b = LOAD_B(i + l);                                                                  \
        t_[l] = (TY)(expr);                                                                                            \
      }                                                                                                                \
      LANES(l) y[i + l] = t_[l];                                                                                       \
    }                                                                                                                  \
    for (; i < n; i++) {                                                                                               \
      const T a = LOAD_A(i), b = LOAD_B(i);                                                                            \
      y[i] = (TY)(expr);                                                                                               \
    }                                                                                                                  \
  } while (0)
#define ROW_AT_A(i) pa[i]
#define ROW_AT_B(i) pb[i]
#define ROW_SCALAR_A(i) sa_
#define ROW_SCALAR_B(i) sb_
#define BINARY_ROW(name, T, TY, expr)                                                                                  \
  static void name(int64_t n, char *const p[], const int64_t s[], void *vctx) {                                        \
    binary_ctx *ctx = (binary_ctx *)vctx;                                                                              \
    TY *y = (TY *)(void *)p[0];                                                                                        \
    const T *pa = (const T *)(const void *)p[1], *pb = (const T *)(const void *)p[2];                                  \
    const int64_t sy = s[0], sa = s[1], sb = s[2];                                                                     \
    (void)ctx;                                                                                                         \
    if (sy == 1 && sa == 1 && sb == 1) {                                                                               \
      BINARY_CHUNKS(T, TY, ROW_AT_A, ROW_AT_B, expr);                                                                  \
    } else if (sy == 1 && sa == 1 && sb == 0) {                                                                        \
      const T sb_ = *pb;                                                                                               \
      BINARY_CHUNKS(T, TY, ROW_AT_A, ROW_SCALAR_B, expr);                                                              \
    } else if (sy == 1 && sa == 0 && sb == 1) {                                                                        \
      const T sa_ = *pa;                                                                                               \
      BINARY_CHUNKS(T, TY, ROW_SCALAR_A, ROW_AT_B, expr);                                                              \
    } else {                                                                                                           \
      for (int64_t i = 0; i < n; i++) {                                                                                \
        const T a = pa[i * sa], b = pb[i * sb];                                                                        \
        y[i * sy] = (TY)(expr);                                                                                        \
      }                                                                                                                \
    }                                                                                                                  \
  }

/* Floating point: torch.floor_divide (div_floor_floating) and torch.remainder, as ATen computes them, so that
 * -0.0, infinities and division by zero come out as in torch: 5 // 0 = inf, inf // 2 = nan, -1 // inf = -1,
 * remainder(-0.0, 1) = -0.0, remainder(-1, inf) = inf. torch.maximum/minimum propagate NaN and otherwise are
 * std::max/std::min (maximum(-0.0, 0.0) is -0.0). torch.xlogy(x, y) is x log y, 0 where x is 0 (NaN where y is);
 * xlog1py the same with log1p. torch.logaddexp(2): log(e^a + e^b) (base 2) as max + log1p(e^-|a - b|), a when both
 * are the same infinity. */
#define FLOAT_HELPERS(sfx, T, FMOD, FLOOR, COPYSIGN, LOG, LOG1P, EXP, EXP2, FABS)                                      \
  static inline T floordiv_##sfx(T a, T b) {                                                                           \
    if (b == 0) return a / b;                                                                                          \
    const T mod = FMOD(a, b);                                                                                          \
    T div = (a - mod) / b;                                                                                             \
    if (mod != 0 && (b < 0) != (mod < 0)) div -= 1;                                                                    \
    if (div == 0) return COPYSIGN((T)0, a / b);                                                                        \
    T floordiv = FLOOR(div);                                                                                           \
    if (div - floordiv > (T)0.5) floordiv += 1;                                                                        \
    return floordiv;                                                                                                   \
  }                                                                                                                    \
  static inline T rem_##sfx(T a, T b) {                                                                                \
    T mod = FMOD(a, b);                                                                                                \
    if (mod != 0 && (b < 0) != (mod < 0)) mod += b;                                                                    \
    return mod;                                                                                                        \
  }                                                                                                                    \
  static inline T max_##sfx(T a, T b) { return a != a ? a : b != b ? b : a < b ? b : a; }                              \
  static inline T min_##sfx(T a, T b) { return a != a ? a : b != b ? b : b < a ? b : a; }                              \
  static inline T xlogy_##sfx(T x, T y) { return y != y ? y : x == 0 ? (T)0 : x * LOG(y); }                            \
  static inline T xlog1py_##sfx(T x, T y) { return y != y ? y : x == 0 ? (T)0 : x * LOG1P(y); }                        \
  static inline T logaddexp_##sfx(T a, T b) {                                                                          \
    if (isinf(a) && a == b) return a;                                                                                  \
    const T m = a < b ? b : a;                                                                                         \
    return m + LOG1P(EXP(-FABS(a - b)));                                                                               \
  }                                                                                                                    \
  static inline T logaddexp2_##sfx(T a, T b) {                                                                         \
    if (isinf(a) && a == b) return a;                                                                                  \
    const T m = a < b ? b : a;                                                                                         \
    return m + LOG1P(EXP2(-FABS(a - b))) * (T)1.4426950408889634074; /* 1 / ln 2 */                                    \
  }                                                                                                                    \
  static inline T heaviside_##sfx(T a, T b) { return a == 0 ? b : (T)(a > 0); }

FLOAT_HELPERS(f32, float, fmodf, floorf, copysignf, logf, log1pf, expf, exp2f, fabsf)
FLOAT_HELPERS(f64, double, fmod, floor, copysign, log, log1p, exp, exp2, fabs)

/* Integers wrap around on overflow as in torch (computed unsigned, so there is no undefined behaviour).
 * floor_divide floors (torch 1.13: 7 // -2 = -4) and remainder takes the divisor's sign (remainder(-7, 2) = 1);
 * a zero divisor is flagged. pow follows ATen's powi: a negative exponent gives 0 except for bases 1 and -1. */
#define INT_HELPERS(sfx, T, U)                                                                                         \
  static inline T add_##sfx(T a, T b) { return (T)((U)a + (U)b); }                                                     \
  static inline T sub_##sfx(T a, T b) { return (T)((U)a - (U)b); }                                                     \
  static inline T mul_##sfx(T a, T b) { return (T)((U)a * (U)b); }                                                     \
  static inline T floordiv_##sfx(T a, T b, int *zero_division) {                                                       \
    if (b == 0) {                                                                                                      \
      *zero_division = 1;                                                                                              \
      return 0;                                                                                                        \
    }                                                                                                                  \
    if (b == -1) return (T)(0 - (U)a); /* the minimum value divided by -1 wraps */                                     \
    const T q = a / b;                                                                                                 \
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;                                                             \
  }                                                                                                                    \
  static inline T rem_##sfx(T a, T b, int *zero_division) {                                                            \
    if (b == 0) {                                                                                                      \
      *zero_division = 1;                                                                                              \
      return 0;                                                                                                        \
    }                                                                                                                  \
    if (b == -1) return 0;                                                                                             \
    const T r = a % b;                                                                                                 \
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;                                                                 \
  }                                                                                                                    \
  static inline T pow_##sfx(T a, T b) {                                                                                \
    if (b < 0) return a == 1 ? 1 : a == -1 ? ((b & 1) ? -1 : 1) : 0;                                                   \
    U result = 1, base = (U)a;                                                                                         \
    for (; b != 0; b >>= 1) {                                                                                          \
      if (b & 1) result *= base;                                                                                       \
      base *= base;                                                                                                    \
    }                                                                                                                  \
    return (T)result;                                                                                                  \
  }                                                                                                                    \
  static inline T max_##sfx(T a, T b) { return a < b ? b : a; }                                                        \
  static inline T min_##sfx(T a, T b) { return b < a ? b : a; }                                                        \
  static inline T truncdiv_##sfx(T a, T b, int *zero_division) {                                                       \
    if (b == 0) {                                                                                                      \
      *zero_division = 1;                                                                                              \
      return 0;                                                                                                        \
    }                                                                                                                  \
    return b == -1 ? (T)(0 - (U)a) : a / b;                                                                            \
  }                                                                                                                    \
  static inline T fmod_##sfx(T a, T b, int *zero_division) {                                                           \
    if (b == 0) {                                                                                                      \
      *zero_division = 1;                                                                                              \
      return 0;                                                                                                        \
    }                                                                                                                  \
    return b == -1 ? 0 : a % b;                                                                                        \
  }                                                                                                                    \
  static inline T heaviside_##sfx(T a, T b) { return a == 0 ? b : (T)(a > 0); }

INT_HELPERS(i64, int64_t, uint64_t)
INT_HELPERS(i32, int32_t, uint32_t)

#define COMPARISON_ROWS(sfx, T)                                                                                        \
  BINARY_ROW(row_eq_##sfx, T, uint8_t, a == b)                                                                         \
  BINARY_ROW(row_ne_##sfx, T, uint8_t, a != b)                                                                         \
  BINARY_ROW(row_lt_##sfx, T, uint8_t, a < b)                                                                          \
  BINARY_ROW(row_le_##sfx, T, uint8_t, a <= b)                                                                         \
  BINARY_ROW(row_gt_##sfx, T, uint8_t, a > b)                                                                          \
  BINARY_ROW(row_ge_##sfx, T, uint8_t, a >= b)

/* torch.add(a, b, alpha), sub, mul, div, floor_divide, remainder, pow, maximum, minimum and the comparisons. */
#define FLOAT_ROWS(sfx, T, POW, TRUNC, FMOD, FMAX, FMIN, ATAN2, COPYSIGN, HYPOT, NEXTAFTER)                            \
  BINARY_ROW(row_add_##sfx, T, T, a + b)                                                                               \
  BINARY_ROW(row_add_alpha_##sfx, T, T, a + ctx->alpha_##sfx * b)                                                      \
  BINARY_ROW(row_sub_##sfx, T, T, a - b)                                                                               \
  BINARY_ROW(row_sub_alpha_##sfx, T, T, a - ctx->alpha_##sfx * b)                                                      \
  BINARY_ROW(row_mul_##sfx, T, T, a * b)                                                                               \
  BINARY_ROW(row_div_##sfx, T, T, a / b)                                                                               \
  BINARY_ROW(row_floordiv_##sfx, T, T, floordiv_##sfx(a, b))                                                           \
  BINARY_ROW(row_rem_##sfx, T, T, rem_##sfx(a, b))                                                                     \
  BINARY_ROW(row_pow_##sfx, T, T, POW(a, b))                                                                           \
  BINARY_ROW(row_max_##sfx, T, T, max_##sfx(a, b))                                                                     \
  BINARY_ROW(row_min_##sfx, T, T, min_##sfx(a, b))                                                                     \
  BINARY_ROW(row_truncdiv_##sfx, T, T, TRUNC(a / b))                                                                   \
  BINARY_ROW(row_fmod_##sfx, T, T, FMOD(a, b))                                                                         \
  BINARY_ROW(row_fmax_##sfx, T, T, FMAX(a, b))                                                                         \
  BINARY_ROW(row_fmin_##sfx, T, T, FMIN(a, b))                                                                         \
  BINARY_ROW(row_heaviside_##sfx, T, T, heaviside_##sfx(a, b))                                                         \
  BINARY_ROW(row_atan2_##sfx, T, T, ATAN2(a, b))                                                                       \
  BINARY_ROW(row_copysign_##sfx, T, T, COPYSIGN(a, b))                                                                 \
  BINARY_ROW(row_hypot_##sfx, T, T, HYPOT(a, b))                                                                       \
  BINARY_ROW(row_nextafter_##sfx, T, T, NEXTAFTER(a, b))                                                               \
  BINARY_ROW(row_xlogy_##sfx, T, T, xlogy_##sfx(a, b))                                                                 \
  BINARY_ROW(row_xlog1py_##sfx, T, T, xlog1py_##sfx(a, b))                                                             \
  BINARY_ROW(row_logaddexp_##sfx, T, T, logaddexp_##sfx(a, b))                                                         \
  BINARY_ROW(row_logaddexp2_##sfx, T, T, logaddexp2_##sfx(a, b))                                                       \
  COMPARISON_ROWS(sfx, T)

/* The same for integers (no true division: its result is floating point), plus bitwise and/or/xor. */
#define INT_ROWS(sfx, T)                                                                                               \
  BINARY_ROW(row_add_##sfx, T, T, add_##sfx(a, b))                                                                     \
  BINARY_ROW(row_add_alpha_##sfx, T, T, add_##sfx(a, mul_##sfx(ctx->alpha_##sfx, b)))                                  \
  BINARY_ROW(row_sub_##sfx, T, T, sub_##sfx(a, b))                                                                     \
  BINARY_ROW(row_sub_alpha_##sfx, T, T, sub_##sfx(a, mul_##sfx(ctx->alpha_##sfx, b)))                                  \
  BINARY_ROW(row_mul_##sfx, T, T, mul_##sfx(a, b))                                                                     \
  BINARY_ROW(row_floordiv_##sfx, T, T, floordiv_##sfx(a, b, &ctx->zero_division))                                      \
  BINARY_ROW(row_rem_##sfx, T, T, rem_##sfx(a, b, &ctx->zero_division))                                                \
  BINARY_ROW(row_pow_##sfx, T, T, pow_##sfx(a, b))                                                                     \
  BINARY_ROW(row_max_##sfx, T, T, max_##sfx(a, b))                                                                     \
  BINARY_ROW(row_min_##sfx, T, T, min_##sfx(a, b))                                                                     \
  BINARY_ROW(row_and_##sfx, T, T, a & b)                                                                               \
  BINARY_ROW(row_or_##sfx, T, T, a | b)                                                                                \
  BINARY_ROW(row_xor_##sfx, T, T, a ^ b)                                                                               \
  BINARY_ROW(row_truncdiv_##sfx, T, T, truncdiv_##sfx(a, b, &ctx->zero_division))                                      \
  BINARY_ROW(row_fmod_##sfx, T, T, fmod_##sfx(a, b, &ctx->zero_division))                                              \
  BINARY_ROW(row_fmax_##sfx, T, T, max_##sfx(a, b))                                                                    \
  BINARY_ROW(row_fmin_##sfx, T, T, min_##sfx(a, b))                                                                    \
  BINARY_ROW(row_heaviside_##sfx, T, T, heaviside_##sfx(a, b))                                                         \
  COMPARISON_ROWS(sfx, T)

FLOAT_ROWS(f32, float, powf, truncf, fmodf, fmaxf, fminf, atan2f, copysignf, hypotf, nextafterf)
FLOAT_ROWS(f64, double, pow, trunc, fmod, fmax, fmin, atan2, copysign, hypot, nextafter)
INT_ROWS(i64, int64_t)
INT_ROWS(i32, int32_t)

/* torch.special.zeta, polygamma, igamma/igammac and the orthogonal polynomials (fxrt_special2.h): computed in
 * double, rounded once to T (f64_to_f32: a result beyond float's range is an infinity). A plain strided loop, one call
 * site per function: these are compute bound, and the fast paths of BINARY_ROW would inline each function's loops
 * seven times over. */
#define SPECIAL2_ROW(name, T, OUT, expr)                                                                               \
  static void name(int64_t n, char *const p[], const int64_t s[], void *vctx) {                                        \
    T *y = (T *)(void *)p[0];                                                                                          \
    const T *pa = (const T *)(const void *)p[1], *pb = (const T *)(const void *)p[2];                                  \
    (void)vctx;                                                                                                        \
    for (int64_t i = 0; i < n; i++) {                                                                                  \
      const double a = (double)pa[i * s[1]], b = (double)pb[i * s[2]];                                                 \
      y[i * s[0]] = OUT(expr);                                                                                         \
    }                                                                                                                  \
  }
#define SPECIAL2_ROWS(sfx, T, OUT)                                                                                     \
  SPECIAL2_ROW(row_zeta_##sfx, T, OUT, fxrt_sp2_zeta(a, b))                                                            \
  SPECIAL2_ROW(row_polygamma_##sfx, T, OUT, fxrt_sp2_polygamma(a, b))                                                  \
  SPECIAL2_ROW(row_igamma_##sfx, T, OUT, fxrt_sp2_igamma(a, b, 0))                                                     \
  SPECIAL2_ROW(row_igammac_##sfx, T, OUT, fxrt_sp2_igamma(a, b, 1))                                                    \
  SPECIAL2_ROW(row_chebyshev_t_##sfx, T, OUT, fxrt_sp2_chebyshev_t(a, b))                                              \
  SPECIAL2_ROW(row_chebyshev_u_##sfx, T, OUT, fxrt_sp2_chebyshev_u(a, b))                                              \
  SPECIAL2_ROW(row_chebyshev_v_##sfx, T, OUT, fxrt_sp2_chebyshev_v(a, b))                                              \
  SPECIAL2_ROW(row_chebyshev_w_##sfx, T, OUT, fxrt_sp2_chebyshev_w(a, b))                                              \
  SPECIAL2_ROW(row_shifted_chebyshev_t_##sfx, T, OUT, fxrt_sp2_shifted_chebyshev(a, b, 't'))                           \
  SPECIAL2_ROW(row_shifted_chebyshev_u_##sfx, T, OUT, fxrt_sp2_shifted_chebyshev(a, b, 'u'))                           \
  SPECIAL2_ROW(row_shifted_chebyshev_v_##sfx, T, OUT, fxrt_sp2_shifted_chebyshev(a, b, 'v'))                           \
  SPECIAL2_ROW(row_shifted_chebyshev_w_##sfx, T, OUT, fxrt_sp2_shifted_chebyshev(a, b, 'w'))                           \
  SPECIAL2_ROW(row_hermite_h_##sfx, T, OUT, fxrt_sp2_hermite_h(a, b))                                                  \
  SPECIAL2_ROW(row_hermite_he_##sfx, T, OUT, fxrt_sp2_hermite_he(a, b))                                                \
  SPECIAL2_ROW(row_laguerre_l_##sfx, T, OUT, fxrt_sp2_laguerre_l(a, b))                                                \
  SPECIAL2_ROW(row_legendre_p_##sfx, T, OUT, fxrt_sp2_legendre_p(a, b))
#define SPECIAL2_F64(d) (d)

SPECIAL2_ROWS(f32, float, f64_to_f32)
SPECIAL2_ROWS(f64, double, SPECIAL2_F64)

/* bool: logical_and/or/xor and (in)equality, on any nonzero byte as true. */
BINARY_ROW(row_and_b8, uint8_t, uint8_t, (a != 0) & (b != 0))
BINARY_ROW(row_or_b8, uint8_t, uint8_t, (a != 0) | (b != 0))
BINARY_ROW(row_xor_b8, uint8_t, uint8_t, (a != 0) ^ (b != 0))
BINARY_ROW(row_eq_b8, uint8_t, uint8_t, (a != 0) == (b != 0))
BINARY_ROW(row_ne_b8, uint8_t, uint8_t, (a != 0) != (b != 0))

/* The operations of every dtype but bool; the tables add true division for floating point, the bitwise ones for
 * integers. */
#define COMMON_CASES(sfx)                                                                                              \
  case FXRT_B_ADD: return alpha_one ? row_add_##sfx : row_add_alpha_##sfx;                                             \
  case FXRT_B_SUB: return alpha_one ? row_sub_##sfx : row_sub_alpha_##sfx;                                             \
  case FXRT_B_MUL: return row_mul_##sfx;                                                                               \
  case FXRT_B_FLOOR_DIV: return row_floordiv_##sfx;                                                                    \
  case FXRT_B_REM: return row_rem_##sfx;                                                                               \
  case FXRT_B_POW: return row_pow_##sfx;                                                                               \
  case FXRT_B_MAX: return row_max_##sfx;                                                                               \
  case FXRT_B_MIN: return row_min_##sfx;                                                                               \
  case FXRT_B_EQ: return row_eq_##sfx;                                                                                 \
  case FXRT_B_NE: return row_ne_##sfx;                                                                                 \
  case FXRT_B_LT: return row_lt_##sfx;                                                                                 \
  case FXRT_B_LE: return row_le_##sfx;                                                                                 \
  case FXRT_B_GT: return row_gt_##sfx;                                                                                 \
  case FXRT_B_GE: return row_ge_##sfx;                                                                                 \
  case FXRT_B_TRUNC_DIV: return row_truncdiv_##sfx;                                                                    \
  case FXRT_B_FMOD: return row_fmod_##sfx;                                                                             \
  case FXRT_B_FMAX: return row_fmax_##sfx;                                                                             \
  case FXRT_B_FMIN: return row_fmin_##sfx;                                                                             \
  case FXRT_B_HEAVISIDE: return row_heaviside_##sfx;

#define FLOAT_TABLE(sfx)                                                                                               \
  switch (op) {                                                                                                        \
    COMMON_CASES(sfx)                                                                                                  \
  case FXRT_B_DIV: return row_div_##sfx;                                                                               \
  case FXRT_B_ATAN2: return row_atan2_##sfx;                                                                           \
  case FXRT_B_COPYSIGN: return row_copysign_##sfx;                                                                     \
  case FXRT_B_HYPOT: return row_hypot_##sfx;                                                                           \
  case FXRT_B_NEXTAFTER: return row_nextafter_##sfx;                                                                   \
  case FXRT_B_XLOGY: return row_xlogy_##sfx;                                                                           \
  case FXRT_B_XLOG1PY: return row_xlog1py_##sfx;                                                                       \
  case FXRT_B_LOGADDEXP: return row_logaddexp_##sfx;                                                                   \
  case FXRT_B_LOGADDEXP2: return row_logaddexp2_##sfx;                                                                 \
  case FXRT_B_ZETA: return row_zeta_##sfx;                                                                             \
  case FXRT_B_POLYGAMMA: return row_polygamma_##sfx;                                                                   \
  case FXRT_B_IGAMMA: return row_igamma_##sfx;                                                                         \
  case FXRT_B_IGAMMAC: return row_igammac_##sfx;                                                                       \
  case FXRT_B_CHEBYSHEV_T: return row_chebyshev_t_##sfx;                                                               \
  case FXRT_B_CHEBYSHEV_U: return row_chebyshev_u_##sfx;                                                               \
  case FXRT_B_CHEBYSHEV_V: return row_chebyshev_v_##sfx;                                                               \
  case FXRT_B_CHEBYSHEV_W: return row_chebyshev_w_##sfx;                                                               \
  case FXRT_B_SHIFTED_CHEBYSHEV_T: return row_shifted_chebyshev_t_##sfx;                                               \
  case FXRT_B_SHIFTED_CHEBYSHEV_U: return row_shifted_chebyshev_u_##sfx;                                               \
  case FXRT_B_SHIFTED_CHEBYSHEV_V: return row_shifted_chebyshev_v_##sfx;                                               \
  case FXRT_B_SHIFTED_CHEBYSHEV_W: return row_shifted_chebyshev_w_##sfx;                                               \
  case FXRT_B_HERMITE_H: return row_hermite_h_##sfx;                                                                   \
  case FXRT_B_HERMITE_HE: return row_hermite_he_##sfx;                                                                 \
  case FXRT_B_LAGUERRE_L: return row_laguerre_l_##sfx;                                                                 \
  case FXRT_B_LEGENDRE_P: return row_legendre_p_##sfx;                                                                 \
  default: return NULL;                                                                                                \
  }

#define INT_TABLE(sfx)                                                                                                 \
  switch (op) {                                                                                                        \
    COMMON_CASES(sfx)                                                                                                  \
  case FXRT_B_AND: return row_and_##sfx;                                                                               \
  case FXRT_B_OR: return row_or_##sfx;                                                                                 \
  case FXRT_B_XOR: return row_xor_##sfx;                                                                               \
  default: return NULL; /* DIV: true division of integers is floating point */                                         \
  }

/* The row function of (op, dt), or NULL when torch has no such operation for the dtype. */
static row_fn binary_row(fxrt_binary_op op, fxrt_dtype dt, bool alpha_one) {
  switch (dt) {
  case FXRT_F32: FLOAT_TABLE(f32)
  case FXRT_F64: FLOAT_TABLE(f64)
  case FXRT_I64: INT_TABLE(i64)
  case FXRT_I32: INT_TABLE(i32)
  case FXRT_BOOL:
    switch (op) {
    case FXRT_B_AND: return row_and_b8;
    case FXRT_B_OR: return row_or_b8;
    case FXRT_B_XOR: return row_xor_b8;
    case FXRT_B_EQ: return row_eq_b8;
    case FXRT_B_NE: return row_ne_b8;
    default: return NULL;
    }
  default: return NULL;
  }
}

static bool is_comparison(fxrt_binary_op op) { return op >= FXRT_B_EQ && op <= FXRT_B_GE; }

/* y = a op b with broadcasting (torch.add/sub with alpha, mul, div, floor_divide, remainder, pow, maximum, minimum,
 * eq/ne/lt/le/gt/ge, bitwise_and/or/xor and logical_and/or/xor for bool). */
fxrt_status fxrt_binary(fxrt_binary_op op, fxrt_dtype dt, const void *a, const fxrt_view *av, const void *b,
                        const fxrt_view *bv, void *y, const fxrt_view *yv, double alpha) {
  if ((unsigned)op >= FXRT_NUM_BINARY_OPS) return FXRT_EINVAL;
  if ((unsigned)dt >= FXRT_NUM_DTYPES) return FXRT_EDTYPE;
  const bool has_alpha = op == FXRT_B_ADD || op == FXRT_B_SUB;
  const bool alpha_one = !has_alpha || alpha == 1.0;
  const row_fn row = binary_row(op, dt, alpha_one);
  if (!row) return FXRT_EDTYPE;
  binary_ctx ctx = {f64_to_f32(alpha), alpha, 0, 0, 0};
  if (!alpha_one && (dt == FXRT_I64 || dt == FXRT_I32)) {
    /* torch: "For integral input tensors, argument alpha must not be a floating point number." */
    if (!(alpha == floor(alpha) && alpha >= -9223372036854775808.0 && alpha < 9223372036854775808.0))
      return FXRT_EINVAL;
    ctx.alpha_i64 = (int64_t)alpha;
    ctx.alpha_i32 = (int32_t)(uint32_t)(uint64_t)ctx.alpha_i64; /* torch casts alpha to the dtype */
  }
  const fxrt_view *views[3] = {yv, av, bv};
  walk w;
  fxrt_status s = walk_init(&w, 3, views, true);
  if (s != FXRT_OK) return s;
  if (w.numel == 0) return FXRT_OK;
  if (!a || !b || !y) return FXRT_EINVAL;
  const size_t size = fxrt_dtype_size(dt);
  char *base[3] = {(char *)y, (char *)a, (char *)b};
  const size_t esize[3] = {is_comparison(op) ? 1 : size, size, size};
  walk_run(&w, base, esize, row, &ctx);
  return ctx.zero_division ? FXRT_EINVAL : FXRT_OK;
}

/* ---- where ----------------------------------------------------------------------------------------------------- */

/* torch.where moves elements without looking at them, so rows work on raw bits of the element's size. */
#define WHERE_ROW(name, T)                                                                                             \
  static void name(int64_t n, char *const p[], const int64_t s[], void *ctx) {                                         \
    T *y = (T *)(void *)p[0];                                                                                          \
    const uint8_t *c = (const uint8_t *)p[1];                                                                          \
    const T *a = (const T *)(const void *)p[2], *b = (const T *)(const void *)p[3];                                    \
    const int64_t sy = s[0], sc = s[1], sa = s[2], sb = s[3];                                                          \
    (void)ctx;                                                                                                         \
    if (sy == 1 && sc == 1 && sa == 1 && sb == 1) {                                                                    \
      for (int64_t i = 0; i < n; i++) y[i] = c[i] ? a[i] : b[i];                                                       \
    } else if (sy == 1 && sc == 1 && sa == 1 && sb == 0) { /* masked_fill-like: where(mask, x, scalar) */              \
      const T bs = *b;                                                                                                 \
      for (int64_t i = 0; i < n; i++) y[i] = c[i] ? a[i] : bs;                                                         \
    } else {                                                                                                           \
      for (int64_t i = 0; i < n; i++) y[i * sy] = c[i * sc] ? a[i * sa] : b[i * sb];                                   \
    }                                                                                                                  \
  }

WHERE_ROW(where_8, uint8_t)
WHERE_ROW(where_16, uint16_t)
WHERE_ROW(where_32, uint32_t)
WHERE_ROW(where_64, uint64_t)

/* torch.where(cond, a, b), any dtype; a nonzero cond byte selects a. */
fxrt_status fxrt_where(fxrt_dtype dt, const uint8_t *cond, const fxrt_view *cv, const void *a, const fxrt_view *av,
                       const void *b, const fxrt_view *bv, void *y, const fxrt_view *yv) {
  if ((unsigned)dt >= FXRT_NUM_DTYPES) return FXRT_EDTYPE;
  const fxrt_view *views[4] = {yv, cv, av, bv};
  walk w;
  fxrt_status s = walk_init(&w, 4, views, true);
  if (s != FXRT_OK) return s;
  if (w.numel == 0) return FXRT_OK;
  if (!cond || !a || !b || !y) return FXRT_EINVAL;
  const size_t size = fxrt_dtype_size(dt);
  char *base[4] = {(char *)y, (char *)cond, (char *)a, (char *)b};
  const size_t esize[4] = {size, 1, size, size};
  row_fn row = size == 1 ? where_8 : size == 2 ? where_16 : size == 4 ? where_32 : where_64;
  walk_run(&w, base, esize, row, NULL);
  return FXRT_OK;
}

/* ---- dtype conversion and copy --------------------------------------------------------------------------------- */

#define CONVERT_CHUNK 256

/* A chunk of converted elements: floating point sources are exact in double, integer (and bool) sources in
 * int64, so every conversion is a single rounding from the source value, as in torch. */
typedef struct convert_buf {
  bool is_float;
  union {
    double f[CONVERT_CHUNK];
    int64_t i[CONVERT_CHUNK];
  } v;
} convert_buf;

#define LOAD(T, field, expr)                                                                                           \
  do {                                                                                                                 \
    const T *x = (const T *)src;                                                                                       \
    for (int64_t i = 0; i < m; i++) {                                                                                  \
      const T v = x[i * ss];                                                                                           \
      buf->v.field[i] = (expr);                                                                                        \
    }                                                                                                                  \
  } while (0)

/* Reads m elements of dtype dt at stride ss into buf. */
static void load_chunk(fxrt_dtype dt, const void *src, int64_t ss, int64_t m, convert_buf *buf) {
  buf->is_float = dt == FXRT_F32 || dt == FXRT_F64 || dt == FXRT_F16 || dt == FXRT_BF16;
  switch (dt) {
  case FXRT_F32: LOAD(float, f, (double)v); break;
  case FXRT_F64: LOAD(double, f, v); break;
  case FXRT_F16: LOAD(uint16_t, f, (double)fxrt_f16_to_f32(v)); break;
  case FXRT_BF16: LOAD(uint16_t, f, (double)fxrt_bf16_to_f32(v)); break;
  case FXRT_I64: LOAD(int64_t, i, v); break;
  case FXRT_I32: LOAD(int32_t, i, v); break;
  case FXRT_I16: LOAD(int16_t, i, v); break;
  case FXRT_I8: LOAD(int8_t, i, v); break;
  case FXRT_U8: LOAD(uint8_t, i, v); break;
  case FXRT_BOOL: LOAD(uint8_t, i, v != 0); break;
  case FXRT_NUM_DTYPES: break;
  }
}
#undef LOAD

#define STORE(T, field, expr)                                                                                          \
  do {                                                                                                                 \
    T *y = (T *)dst;                                                                                                   \
    for (int64_t i = 0; i < m; i++) {                                                                                  \
      const field##_t v = buf->v.field[i];                                                                             \
      y[i * sd] = (expr);                                                                                              \
    }                                                                                                                  \
  } while (0)
typedef double f_t;
typedef int64_t i_t;

/* Writes the m elements of buf to dst (dtype dt, stride sd). */
static void store_chunk(fxrt_dtype dt, void *dst, int64_t sd, int64_t m, const convert_buf *buf) {
  if (buf->is_float) {
    switch (dt) {
    case FXRT_F32: STORE(float, f, f64_to_f32(v)); break;
    case FXRT_F64: STORE(double, f, v); break;
    case FXRT_F16: STORE(uint16_t, f, fxrt_f32_to_f16(f64_to_f32(v))); break;
    case FXRT_BF16: STORE(uint16_t, f, fxrt_f32_to_bf16(f64_to_f32(v))); break;
    case FXRT_I64: STORE(int64_t, f, f64_to_i64(v)); break;
    case FXRT_I32: STORE(int32_t, f, f64_to_i32(v)); break;
    case FXRT_I16: STORE(int16_t, f, wrap_i16((uint64_t)(int64_t)f64_to_i32(v))); break;
    case FXRT_I8: STORE(int8_t, f, wrap_i8((uint64_t)(int64_t)f64_to_i32(v))); break;
    case FXRT_U8: STORE(uint8_t, f, (uint8_t)(uint64_t)f64_to_i64(v)); break;
    case FXRT_BOOL: STORE(uint8_t, f, v != 0); break;
    case FXRT_NUM_DTYPES: break;
    }
  } else {
    switch (dt) {
    case FXRT_F32: STORE(float, i, (float)v); break;
    case FXRT_F64: STORE(double, i, (double)v); break;
    case FXRT_F16: STORE(uint16_t, i, fxrt_f32_to_f16((float)v)); break;
    case FXRT_BF16: STORE(uint16_t, i, fxrt_f32_to_bf16((float)v)); break;
    case FXRT_I64: STORE(int64_t, i, v); break;
    case FXRT_I32: STORE(int32_t, i, wrap_i32((uint64_t)v)); break;
    case FXRT_I16: STORE(int16_t, i, wrap_i16((uint64_t)v)); break;
    case FXRT_I8: STORE(int8_t, i, wrap_i8((uint64_t)v)); break;
    case FXRT_U8: STORE(uint8_t, i, (uint8_t)(uint64_t)v); break;
    case FXRT_BOOL: STORE(uint8_t, i, v != 0); break;
    case FXRT_NUM_DTYPES: break;
    }
  }
}
#undef STORE

typedef struct convert_ctx {
  fxrt_dtype sdt, ddt;
  size_t ssize, dsize;
} convert_ctx;

/* A row with a dtype change: converted a chunk at a time (one switch per chunk, tight loops inside). */
static void convert_row(int64_t n, char *const p[], const int64_t s[], void *vctx) {
  const convert_ctx *ctx = (const convert_ctx *)vctx;
  convert_buf buf;
  for (int64_t i0 = 0; i0 < n; i0 += CONVERT_CHUNK) {
    const int64_t m = n - i0 < CONVERT_CHUNK ? n - i0 : CONVERT_CHUNK;
    load_chunk(ctx->sdt, p[1] + i0 * s[1] * (int64_t)ctx->ssize, s[1], m, &buf);
    store_chunk(ctx->ddt, p[0] + i0 * s[0] * (int64_t)ctx->dsize, s[0], m, &buf);
  }
}

/* A row without a dtype change: raw elements; memmove when both sides are contiguous. */
#define COPY_ROW(name, T)                                                                                              \
  static void name(int64_t n, char *const p[], const int64_t s[], void *ctx) {                                         \
    T *y = (T *)(void *)p[0];                                                                                          \
    const T *x = (const T *)(const void *)p[1];                                                                        \
    const int64_t sy = s[0], sx = s[1];                                                                                \
    (void)ctx;                                                                                                         \
    if (sy == 1 && sx == 1) {                                                                                          \
      memmove(y, x, (size_t)n * sizeof(T));                                                                            \
    } else if (sy == 1 && sx == 0) { /* expand */                                                                      \
      const T v = *x;                                                                                                  \
      for (int64_t i = 0; i < n; i++) y[i] = v;                                                                        \
    } else {                                                                                                           \
      for (int64_t i = 0; i < n; i++) y[i * sy] = x[i * sx];                                                           \
    }                                                                                                                  \
  }

COPY_ROW(copy_8, uint8_t)
COPY_ROW(copy_16, uint16_t)
COPY_ROW(copy_32, uint32_t)
COPY_ROW(copy_64, uint64_t)

/* Tensor.copy_ / Tensor.to(dtype) through views: dst[i] = convert(src[i]) for every index of the common shape. */
fxrt_status fxrt_copy(fxrt_dtype sdt, const void *src, const fxrt_view *sv, fxrt_dtype ddt, void *dst,
                      const fxrt_view *dv) {
  if ((unsigned)sdt >= FXRT_NUM_DTYPES || (unsigned)ddt >= FXRT_NUM_DTYPES) return FXRT_EDTYPE;
  const fxrt_view *views[2] = {dv, sv};
  walk w;
  fxrt_status s = walk_init(&w, 2, views, false);
  if (s != FXRT_OK) return s;
  if (w.numel == 0) return FXRT_OK;
  if (!src || !dst) return FXRT_EINVAL;
  convert_ctx ctx = {sdt, ddt, fxrt_dtype_size(sdt), fxrt_dtype_size(ddt)};
  char *base[2] = {(char *)dst, (char *)src};
  const size_t esize[2] = {ctx.dsize, ctx.ssize};
  row_fn row = convert_row;
  if (sdt == ddt) row = ctx.ssize == 1 ? copy_8 : ctx.ssize == 2 ? copy_16 : ctx.ssize == 4 ? copy_32 : copy_64;
  walk_run(&w, base, esize, row, &ctx);
  return FXRT_OK;
}

/* ---- fill and arange ------------------------------------------------------------------------------------------- */

#define FILL(T, value)                                                                                                 \
  do {                                                                                                                 \
    T *out = (T *)y, v = (value);                                                                                      \
    for (int64_t i = 0; i < n; i++) out[i] = v;                                                                        \
  } while (0)

/* Tensor.fill_(value): the value is converted as torch's checked Scalar conversion does, which refuses a value the
 * dtype cannot hold (FXRT_EINVAL): a finite value beyond a float type's largest, a NaN/inf or out-of-range value for
 * an integer type (u8 also takes -255..-1, wrapping as torch does). Integers truncate toward zero; bool is != 0. */
fxrt_status fxrt_fill(fxrt_dtype dt, void *y, int64_t n, double value) {
  if ((unsigned)dt >= FXRT_NUM_DTYPES) return FXRT_EDTYPE;
  if (n < 0 || (n > 0 && !y)) return FXRT_EINVAL;
  const bool finite = isfinite(value);
  switch (dt) {
  case FXRT_F32:
    if (finite && fabs(value) > FLT_MAX) return FXRT_EINVAL;
    FILL(float, f64_to_f32(value));
    break;
  case FXRT_F64: FILL(double, value); break;
  case FXRT_F16:
    if (finite && fabs(value) > 65504.0) return FXRT_EINVAL;
    FILL(uint16_t, fxrt_f32_to_f16(f64_to_f32(value)));
    break;
  case FXRT_BF16:
    if (finite && fabs(value) > 3.3895313892515355e38) return FXRT_EINVAL;
    FILL(uint16_t, fxrt_f32_to_bf16(f64_to_f32(value)));
    break;
  case FXRT_I64:
    if (!(value >= -9223372036854775808.0 && value < 9223372036854775808.0)) return FXRT_EINVAL;
    FILL(int64_t, (int64_t)value);
    break;
  case FXRT_I32:
    if (!(value >= -2147483648.0 && value <= 2147483647.0)) return FXRT_EINVAL;
    FILL(int32_t, (int32_t)value);
    break;
  case FXRT_I16:
    if (!(value >= -32768.0 && value <= 32767.0)) return FXRT_EINVAL;
    FILL(int16_t, (int16_t)value);
    break;
  case FXRT_I8:
    if (!(value >= -128.0 && value <= 127.0)) return FXRT_EINVAL;
    FILL(int8_t, (int8_t)value);
    break;
  case FXRT_U8:
    if (!(value >= -255.0 && value <= 255.0)) return FXRT_EINVAL;
    FILL(uint8_t, (uint8_t)(uint64_t)(int64_t)value);
    break;
  case FXRT_BOOL: FILL(uint8_t, value != 0); break;
  case FXRT_NUM_DTYPES: break;
  }
  return FXRT_OK;
}
#undef FILL

#define RANGE(T, expr)                                                                                                 \
  do {                                                                                                                 \
    T *out = (T *)y;                                                                                                   \
    for (int64_t i = 0; i < n; i++) out[i] = (expr);                                                                   \
  } while (0)

/* torch.arange: y[i] = start + i*step, computed in double for floating types (ATen's accumulate type). For
 * integer types ATen first converts start and step to int64 (truncating: arange(-2.5, 3, 1.7, dtype=int64) is
 * [-2, -1, 0, 1, 2]) and wraps into narrower types (uint8 arange(250, 260, 3) is [250, 253, 0, 3]). start and step
 * must be finite and step nonzero (torch refuses the others); bool is FXRT_EDTYPE. */
fxrt_status fxrt_arange(fxrt_dtype dt, void *y, int64_t n, double start, double step) {
  if ((unsigned)dt >= FXRT_NUM_DTYPES || dt == FXRT_BOOL) return FXRT_EDTYPE;
  if (n < 0 || (n > 0 && !y) || !isfinite(start) || !isfinite(step) || step == 0) return FXRT_EINVAL;
  uint64_t is = 0, ist = 0;
  if (dt != FXRT_F32 && dt != FXRT_F64 && dt != FXRT_F16 && dt != FXRT_BF16) {
    if (!(fabs(start) < 9223372036854775808.0 && fabs(step) < 9223372036854775808.0)) return FXRT_EINVAL;
    is = (uint64_t)(int64_t)start;
    ist = (uint64_t)(int64_t)step;
  }
  switch (dt) {
  case FXRT_F32: RANGE(float, f64_to_f32(start + (double)i * step)); break;
  case FXRT_F64: RANGE(double, start + (double)i * step); break;
  case FXRT_F16: RANGE(uint16_t, fxrt_f32_to_f16(f64_to_f32(start + (double)i * step))); break;
  case FXRT_BF16: RANGE(uint16_t, fxrt_f32_to_bf16(f64_to_f32(start + (double)i * step))); break;
  case FXRT_I64: RANGE(int64_t, (int64_t)(is + (uint64_t)i * ist)); break;
  case FXRT_I32: RANGE(int32_t, wrap_i32(is + (uint64_t)i * ist)); break;
  case FXRT_I16: RANGE(int16_t, wrap_i16(is + (uint64_t)i * ist)); break;
  case FXRT_I8: RANGE(int8_t, wrap_i8(is + (uint64_t)i * ist)); break;
  case FXRT_U8: RANGE(uint8_t, (uint8_t)(is + (uint64_t)i * ist)); break;
  case FXRT_BOOL: case FXRT_NUM_DTYPES: break;
  }
  return FXRT_OK;
}
#undef RANGE

/* ---- the dispatchers (fxrt_isa.h) ---------------------------------------------------------------------------- */

#undef fxrt_unary_f32
#undef fxrt_binary
#undef fxrt_where
#undef fxrt_copy
#undef fxrt_fill
FXRT_DISPATCHER(fxrt_status, fxrt_unary_f32,
                (fxrt_unary_op op, const float *x, float *y, int64_t n, const fxrt_unary_params *p), (op, x, y, n, p))
FXRT_DISPATCHER(fxrt_status, fxrt_binary,
                (fxrt_binary_op op, fxrt_dtype dt, const void *a, const fxrt_view *av, const void *b,
                 const fxrt_view *bv, void *y, const fxrt_view *yv, double alpha),
                (op, dt, a, av, b, bv, y, yv, alpha))
FXRT_DISPATCHER(fxrt_status, fxrt_where,
                (fxrt_dtype dt, const uint8_t *cond, const fxrt_view *cv, const void *a, const fxrt_view *av,
                 const void *b, const fxrt_view *bv, void *y, const fxrt_view *yv),
                (dt, cond, cv, a, av, b, bv, y, yv))
FXRT_DISPATCHER(fxrt_status, fxrt_copy,
                (fxrt_dtype sdt, const void *src, const fxrt_view *sv, fxrt_dtype ddt, void *dst, const fxrt_view *dv),
                (sdt, src, sv, ddt, dst, dv))
FXRT_DISPATCHER(fxrt_status, fxrt_fill, (fxrt_dtype dt, void *y, int64_t n, double value), (dt, y, n, value))
