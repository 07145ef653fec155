/* fxrt_core.c: statuses, dtypes, views, half-precision conversions and the activation reference. */
#include "fxrt.h"
#include "fxrt_isa.h"
#include "fxrt_scalar.h"

#include <math.h>
#include <string.h>

const char *fxrt_isa_name(void) {
#if FXRT_DISPATCH
  switch (fxrt_isa()) {
  case FXRT_ISA_AVX512: return "avx512";
  case FXRT_ISA_AVX2: return "avx2";
  default: return "baseline";
  }
#elif defined(__AVX512F__)
  return "avx512 (compile time)";
#elif defined(__AVX2__) && defined(__FMA__)
  return "avx2 (compile time)";
#else
  return "baseline (compile time)";
#endif
}

const char *fxrt_status_str(fxrt_status s) {
  switch (s) {
  case FXRT_OK: return "ok";
  case FXRT_EINVAL: return "invalid argument or shape";
  case FXRT_EDTYPE: return "unsupported dtype";
  case FXRT_ERANGE: return "index out of range";
  case FXRT_ENOTSUP: return "unsupported mode";
  case FXRT_EWORKSPACE: return "workspace too small";
  case FXRT_EASSERT: return "the model's assertion (torch._assert) failed";
  case FXRT_ECUSTOM: return "a user-defined op (--custom-ops) returned an error";
  }
  return "unknown status";
}

fxrt_status fxrt_assert(fxrt_dtype dt, const void *cond) {
  double v;
  switch (dt) {
  case FXRT_F32: v = *(const float *)cond; break;
  case FXRT_F64: v = *(const double *)cond; break;
  case FXRT_I64: v = *(const int64_t *)cond != 0; break;
  case FXRT_I32: v = *(const int32_t *)cond != 0; break;
  case FXRT_I16: v = *(const int16_t *)cond != 0; break;
  case FXRT_I8: v = *(const int8_t *)cond != 0; break;
  case FXRT_U8:
  case FXRT_BOOL: v = *(const uint8_t *)cond != 0; break;
  case FXRT_F16:
  case FXRT_BF16: v = (*(const uint16_t *)cond & 0x7fff) != 0; break; /* +0 and -0 are false */
  default: return FXRT_EDTYPE;
  }
  return v != 0 ? FXRT_OK : FXRT_EASSERT; /* NaN != 0 */
}

size_t fxrt_dtype_size(fxrt_dtype dt) {
  static const unsigned char sizes[FXRT_NUM_DTYPES] = {4, 8, 2, 2, 8, 4, 2, 1, 1, 1};
  return (unsigned)dt < FXRT_NUM_DTYPES ? sizes[dt] : 0;
}

const char *fxrt_dtype_name(fxrt_dtype dt) {
  static const char *const names[FXRT_NUM_DTYPES] = {"f32", "f64", "f16", "bf16", "i64",
                                                     "i32", "i16", "i8",  "u8",   "bool"};
  return (unsigned)dt < FXRT_NUM_DTYPES ? names[dt] : "?";
}

fxrt_view fxrt_view_contiguous(int32_t ndim, const int64_t *shape) {
  fxrt_view v;
  memset(&v, 0, sizeof v);
  v.ndim = ndim;
  int64_t stride = 1;
  for (int32_t i = ndim - 1; i >= 0; i--) {
    v.shape[i] = shape[i];
    v.stride[i] = stride;
    stride *= shape[i];
  }
  return v;
}

int64_t fxrt_view_numel(const fxrt_view *v) {
  int64_t n = 1;
  for (int32_t i = 0; i < v->ndim; i++) n *= v->shape[i];
  return n;
}

static float f32_of_bits(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static uint32_t bits_of_f32(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return bits;
}

/* IEEE half: 1 sign, 5 exponent, 10 mantissa bits. */
float fxrt_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff, bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13); /* inf, nan */
  } else if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else { /* subnormal: normalise */
      exp = 127 - 15 + 1;
      while (!(mant & 0x400)) {
        mant <<= 1;
        exp--;
      }
      bits = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else {
    bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  return f32_of_bits(bits);
}

uint16_t fxrt_f32_to_f16(float f) {
  const uint32_t bits = bits_of_f32(f);
  uint32_t sign = (bits >> 16) & 0x8000, exp = (bits >> 23) & 0xff, mant = bits & 0x7fffff;
  if (exp == 0xff) return (uint16_t)(sign | 0x7c00 | (mant ? 0x200 : 0)); /* inf, nan */
  int32_t e = (int32_t)exp - 127 + 15;
  if (e >= 0x1f) return (uint16_t)(sign | 0x7c00); /* overflow to inf */
  if (e <= 0) {                                     /* subnormal or zero */
    if (e < -10) return (uint16_t)sign;
    mant |= 0x800000;
    uint32_t shift = (uint32_t)(14 - e);
    uint32_t half = mant >> shift, rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) half++;
    return (uint16_t)(sign | half);
  }
  uint32_t half = sign | ((uint32_t)e << 10) | (mant >> 13), rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1))) half++; /* may carry into the exponent: still right */
  return (uint16_t)half;
}

float fxrt_bf16_to_f32(uint16_t h) { return f32_of_bits((uint32_t)h << 16); }

uint16_t fxrt_f32_to_bf16(float f) {
  uint32_t bits = bits_of_f32(f);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((bits >> 16) | 0x40); /* keep nan a nan */
  bits += 0x7fff + ((bits >> 16) & 1);                                               /* round to nearest even */
  return (uint16_t)(bits >> 16);
}

/* As torch: relu(-0.0) is -0.0 and NaN passes through (x < 0 is false for both). */
float fxrt_act_apply(fxrt_act act, float x, float alpha, float lo, float hi) {
  switch (act) {
  case FXRT_ACT_NONE: return x;
  case FXRT_ACT_RELU: return fxrt_s_relu(x);
  case FXRT_ACT_RELU6: return fxrt_s_relu6(x);
  case FXRT_ACT_CLAMP: { /* torch.clamp: min first, then max (so hi wins when lo > hi); NaN passes through */
    float t = x < lo ? lo : x;
    return t > hi ? hi : t;
  }
  case FXRT_ACT_LEAKY_RELU: return fxrt_s_leaky_relu(x, alpha);
  case FXRT_ACT_SIGMOID: return fxrt_s_sigmoid(x);
  case FXRT_ACT_TANH: return fxrt_s_tanh(x);
  case FXRT_ACT_SILU: return fxrt_s_silu(x);
  case FXRT_ACT_HARDSWISH: return fxrt_s_hardswish(x);
  case FXRT_ACT_HARDSIGMOID: return fxrt_s_hardsigmoid(x);
  case FXRT_ACT_GELU: return fxrt_s_gelu(x);
  case FXRT_ACT_GELU_TANH: return fxrt_s_gelu_tanh(x);
  case FXRT_NUM_ACTS: break;
  }
  return x;
}
