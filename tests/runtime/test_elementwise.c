/* test_elementwise.c: fxrt_elementwise.c: fxrt_unary_f32, fxrt_binary, fxrt_where, fxrt_copy, fxrt_fill,
 * fxrt_arange.
 *
 * Every strided kernel is run over a set of shapes (ndim 0, 1, 2, 3, 4 and 8, a size-0 dimension, broadcast
 * dimensions given either as size 1 or as stride 0) and layouts (contiguous, transposed, flipped with negative
 * strides, padded slices) and compared with a naive N-d loop written here; the elements of the output buffer that
 * the output view does not cover must be left untouched. PyTorch's non-obvious cases (floor_divide and remainder
 * signs, -0.0, NaN in maximum and comparisons, integer pow with negative exponents, wrap-around, dtype conversions
 * of out-of-range values, fill's range checks, arange of integer dtypes) are tables produced by torch 1.13; each
 * names the torch expression that produced it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"
#include "fxrt_scalar.h"
#include "fxrt_special2.h"

/* ---- helpers --------------------------------------------------------------------------------------------------- */

static uint64_t rng = 0x243f6a8885a308d3u;
static uint64_t rnd64(void) { /* xorshift64* */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 2685821657736338717u;
}
static double rnd_uniform(double lo, double hi) {
  return lo + (hi - lo) * (double)(rnd64() >> 11) / 9007199254740992.0;
}
static int64_t rnd_int(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1)); }

static bool same_float(double got, double want) { /* equal, both NaN, and zeros of the same sign */
  if (want != want) return got != got;
  return got == want && signbit(got) == signbit(want);
}

static bool close_to(double got, double want, double rtol, double atol) {
  if (want != want) return got != got;
  if (isinf(want)) return got == want;
  return fabs(got - want) <= atol + rtol * fabs(want);
}

static bool is_float_dtype(fxrt_dtype dt) {
  return dt == FXRT_F32 || dt == FXRT_F64 || dt == FXRT_F16 || dt == FXRT_BF16;
}

/* Element idx of a buffer of dtype dt, as a double (floating types) or an int64 (the others). */
static double get_f(fxrt_dtype dt, const void *p, int64_t i) {
  switch (dt) {
  case FXRT_F32: return ((const float *)p)[i];
  case FXRT_F64: return ((const double *)p)[i];
  case FXRT_F16: return fxrt_f16_to_f32(((const uint16_t *)p)[i]);
  case FXRT_BF16: return fxrt_bf16_to_f32(((const uint16_t *)p)[i]);
  default: return NAN;
  }
}

static int64_t get_i(fxrt_dtype dt, const void *p, int64_t i) {
  switch (dt) {
  case FXRT_I64: return ((const int64_t *)p)[i];
  case FXRT_I32: return ((const int32_t *)p)[i];
  case FXRT_I16: return ((const int16_t *)p)[i];
  case FXRT_I8: return ((const int8_t *)p)[i];
  case FXRT_U8: case FXRT_BOOL: return ((const uint8_t *)p)[i];
  default: return 0;
  }
}

static void put_f(fxrt_dtype dt, void *p, int64_t i, double v) {
  switch (dt) {
  case FXRT_F32: ((float *)p)[i] = (float)v; break;
  case FXRT_F64: ((double *)p)[i] = v; break;
  case FXRT_F16: ((uint16_t *)p)[i] = fxrt_f32_to_f16((float)v); break;
  case FXRT_BF16: ((uint16_t *)p)[i] = fxrt_f32_to_bf16((float)v); break;
  default: break;
  }
}

static void put_i(fxrt_dtype dt, void *p, int64_t i, int64_t v) {
  switch (dt) {
  case FXRT_I64: ((int64_t *)p)[i] = v; break;
  case FXRT_I32: ((int32_t *)p)[i] = (int32_t)v; break;
  case FXRT_I16: ((int16_t *)p)[i] = (int16_t)v; break;
  case FXRT_I8: ((int8_t *)p)[i] = (int8_t)v; break;
  case FXRT_U8: case FXRT_BOOL: ((uint8_t *)p)[i] = (uint8_t)v; break;
  default: break;
  }
}

/* Raw bits of element i (zero-extended), and the reverse. */
static uint64_t get_raw(fxrt_dtype dt, const void *p, int64_t i) {
  const size_t size = fxrt_dtype_size(dt);
  uint64_t u = 0;
  if (size == 8) memcpy(&u, (const char *)p + i * 8, 8);
  else if (size == 4) { uint32_t w; memcpy(&w, (const char *)p + i * 4, 4); u = w; }
  else if (size == 2) { uint16_t w; memcpy(&w, (const char *)p + i * 2, 2); u = w; }
  else u = ((const uint8_t *)p)[i];
  return u;
}

static void put_raw(fxrt_dtype dt, void *p, int64_t i, uint64_t u) {
  const size_t size = fxrt_dtype_size(dt);
  if (size == 8) memcpy((char *)p + i * 8, &u, 8);
  else if (size == 4) { uint32_t w = (uint32_t)u; memcpy((char *)p + i * 4, &w, 4); }
  else if (size == 2) { uint16_t w = (uint16_t)u; memcpy((char *)p + i * 2, &w, 2); }
  else ((uint8_t *)p)[i] = (uint8_t)u;
}

/* ---- views for the tests --------------------------------------------------------------------------------------- */

typedef enum layout { CONTIG, TRANSPOSED, FLIPPED, PADDED, NUM_LAYOUTS } layout;

static int64_t numel_of(int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < nd; d++) n *= shape[d];
  return n;
}

/* A view of `shape` in the given layout; *span is the buffer length (in elements) it needs. TRANSPOSED stores the
 * first dimension fastest; FLIPPED walks every other dimension (the innermost included) backwards; PADDED is a
 * slice [1:] ... of a buffer one larger in every dimension, starting at offset 1. */
static fxrt_view make_view(int nd, const int64_t *shape, layout kind, int64_t *span) {
  fxrt_view v;
  memset(&v, 0, sizeof v);
  v.ndim = nd;
  int64_t s = 1;
  for (int k = 0; k < nd; k++) {
    const int d = kind == TRANSPOSED ? k : nd - 1 - k;
    const int64_t ext = shape[d] + (kind == PADDED ? 1 : 0);
    v.shape[d] = shape[d];
    v.stride[d] = s;
    s *= ext > 0 ? ext : 1;
  }
  v.offset = kind == PADDED ? 1 : 0;
  if (kind == FLIPPED) {
    for (int d = nd - 1; d >= 0; d -= 2) {
      if (shape[d] > 0) v.offset += (shape[d] - 1) * v.stride[d];
      v.stride[d] = -v.stride[d];
    }
  }
  int64_t hi = v.offset;
  for (int d = 0; d < nd; d++) {
    if (shape[d] > 0 && v.stride[d] > 0) hi += (shape[d] - 1) * v.stride[d];
  }
  *span = hi + 1 + (kind == PADDED ? 2 : 0);
  return v;
}

/* An input view broadcast against `shape`: dimensions in `mask` have size 1, or (expanded) the full size with
 * stride 0. The stride of a size-1 dimension is set to garbage on purpose: it must not matter. */
static fxrt_view make_input_view(int nd, const int64_t *shape, unsigned mask, bool expanded, layout kind,
                                 int64_t *span) {
  int64_t in_shape[FXRT_MAX_DIMS] = {0};
  for (int d = 0; d < nd; d++) in_shape[d] = (mask >> d) & 1 ? 1 : shape[d];
  fxrt_view v = make_view(nd, in_shape, kind, span);
  for (int d = 0; d < nd; d++) {
    if (!((mask >> d) & 1)) continue;
    if (expanded) {
      v.shape[d] = shape[d];
      v.stride[d] = 0;
    } else {
      v.stride[d] = 1000003;
    }
  }
  return v;
}

/* The buffer index of element idx of v (dimensions of size 1 read index 0). */
static int64_t at(const fxrt_view *v, const int64_t *idx) {
  int64_t i = v->offset;
  for (int d = 0; d < v->ndim; d++) i += (v->shape[d] == 1 ? 0 : idx[d]) * v->stride[d];
  return i;
}

static bool next_index(int64_t *idx, int nd, const int64_t *shape) {
  for (int d = nd - 1; d >= 0; d--) {
    if (++idx[d] < shape[d]) return true;
    idx[d] = 0;
  }
  return false;
}

/* Output buffers start as 0xA5 bytes; after a kernel every byte outside the view must still be 0xA5. */
static void check_untouched(const void *buf, int64_t span, size_t esize, const bool *covered) {
  const unsigned char *b = (const unsigned char *)buf;
  for (int64_t i = 0; i < span; i++) {
    if (covered[i]) continue;
    for (size_t k = 0; k < esize; k++) {
      if (b[i * (int64_t)esize + (int64_t)k] != 0xA5)
        fail_msg("element %lld outside the output view was written", (long long)i);
    }
  }
}

/* ---- unary ----------------------------------------------------------------------------------------------------- */

typedef struct unary_case {
  fxrt_unary_op op;
  fxrt_unary_params p;
  int n;
  float x[13], y[13];
} unary_case;

/* Generated with torch 1.13: x = torch.tensor(X, dtype=torch.float32), y = the expression in each comment. */
static const unary_case unary_cases[] = {
    /* torch.relu(x) */
    {FXRT_U_RELU, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.0f, 0.0f, 0.0f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN}},
    /* F.relu6(x) */
    {FXRT_U_RELU6, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.0f, 0.0f, 0.0f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 6.0f, NAN}},
    /* F.leaky_relu(x, 0.1) */
    {FXRT_U_LEAKY_RELU, {0.1f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.600000024f, -0.349999994f, -0.100000001f, -0.0250000004f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f,
      NAN}},
    /* torch.ops.aten.elu(x, 1.5, 1.2, 0.7) */
    {FXRT_U_ELU, {1.5f, 1.2f, 0.7f}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-1.77300799f, -1.64467168f, -0.906146467f, -0.288977355f, 0.0f, 0.0f, 0.360000014f, 1.20000005f, 3.0f,
      4.80000019f, 8.40000057f, NAN}},
    /* F.gelu(x) */
    {FXRT_U_GELU, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, -0.000814333558f, -0.158655286f, -0.100323431f, 0.0f, 0.0f, 0.185373425f, 0.841344714f, 2.48447585f,
      3.99987316f, 7.0f, NAN}},
    /* F.gelu(x, approximate='tanh') */
    {FXRT_U_GELU_TANH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.0f, -0.000616148114f, -0.158807993f, -0.100324646f, -0.0f, 0.0f, 0.185370937f, 0.841192007f, 2.48491573f,
      3.9999299f, 7.0f, NAN}},
    /* F.silu(x) */
    {FXRT_U_SILU, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.0148357386f, -0.102592811f, -0.268941432f, -0.109455876f, -0.0f, 0.0f, 0.172332764f, 0.731058598f,
      2.31035447f, 3.92805505f, 6.99362278f, NAN}},
    /* torch.sigmoid(x) */
    {FXRT_U_SIGMOID, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.00247262302f, 0.0293122306f, 0.268941432f, 0.437823504f, 0.5f, 0.5f, 0.574442506f, 0.731058598f, 0.924141824f,
      0.982013762f, 0.999089003f, NAN}},
    /* torch.tanh(x) */
    {FXRT_U_TANH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.999987721f, -0.998177886f, -0.761594176f, -0.244918659f, -0.0f, 0.0f, 0.291312635f, 0.761594176f,
      0.986614287f, 0.999329329f, 0.999998331f, NAN}},
    /* F.hardswish(x) */
    {FXRT_U_HARDSWISH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.0f, -0.0f, -0.333333343f, -0.114583336f, -0.0f, 0.0f, 0.165000007f, 0.666666687f, 2.29166675f, 4.0f, 7.0f,
      NAN}},
    /* F.hardsigmoid(x) */
    {FXRT_U_HARDSIGMOID, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.0f, 0.333333343f, 0.458333343f, 0.5f, 0.5f, 0.550000012f, 0.666666687f, 0.916666687f, 1.0f, 1.0f, NAN}},
    /* torch.clamp(x, -1, 2) */
    {FXRT_U_CLAMP, {-1.0f, 2.0f, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-1.0f, -1.0f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.0f, 2.0f, 2.0f, NAN}},
    /* torch.clamp(x, max=2) */
    {FXRT_U_CLAMP, {NAN, 2.0f, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.0f, 2.0f, 2.0f, NAN}},
    /* torch.clamp(x, 3, 1) */
    {FXRT_U_CLAMP, {3.0f, 1.0f, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, NAN}},
    /* F.mish(x)  (torch's vectorised path differs in the last bits) */
    {FXRT_U_MISH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.014854081f, -0.10409575f, -0.30340144f, -0.129926965f, -0.0f, 0.0f, 0.20800139f, 0.865098357f, 2.47139239f,
      3.99741292f, 6.99998856f, NAN}},
    /* F.softplus(x, beta=2, threshold=5)  (torch's vectorised path differs in the last bits) */
    {FXRT_U_SOFTPLUS, {2.0f, 5.0f, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {3.07209666e-06f, 0.000455733243f, 0.0634640008f, 0.237038493f, 0.346573591f, 0.346573591f, 0.518743992f,
      1.06346405f, 2.50335765f, 4.0f, 7.0f, NAN}},
    /* torch.exp(x) */
    {FXRT_U_EXP, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.00247875229f, 0.0301973838f, 0.36787945f, 0.778800786f, 1.0f, 1.0f, 1.34985876f, 2.71828175f, 12.1824942f,
      54.5981522f, 1096.63318f, NAN}},
    /* torch.log(x) */
    {FXRT_U_LOG, {0, 0, 0}, 12,
     {0.00100000005f, 0.25f, 0.5f, 1.0f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {-6.90775537f, -1.38629436f, -0.693147182f, 0.0f, 0.693147182f, 1.3083328f, 2.30258512f, 4.60517025f, -INFINITY,
      INFINITY, NAN, NAN}},
    /* torch.sqrt(x) */
    {FXRT_U_SQRT, {0, 0, 0}, 12,
     {0.00100000005f, 0.25f, 0.5f, 1.0f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {0.0316227786f, 0.5f, 0.707106769f, 1.0f, 1.41421354f, 1.92353845f, 3.1622777f, 10.0f, 0.0f, INFINITY, NAN, NAN}},
    /* torch.rsqrt(x) */
    {FXRT_U_RSQRT, {0, 0, 0}, 12,
     {0.00100000005f, 0.25f, 0.5f, 1.0f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {31.6227741f, 2.0f, 1.41421354f, 1.0f, 0.707106769f, 0.519875228f, 0.316227764f, 0.100000001f, INFINITY, 0.0f,
      NAN, NAN}},
    /* torch.neg(x) */
    {FXRT_U_NEG, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {6.0f, 3.5f, 1.0f, 0.25f, 0.0f, -0.0f, -0.300000012f, -1.0f, -2.5f, -4.0f, -7.0f, NAN}},
    /* torch.abs(x) */
    {FXRT_U_ABS, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {6.0f, 3.5f, 1.0f, 0.25f, 0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN}},
    /* torch.reciprocal(x) */
    {FXRT_U_RECIPROCAL, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.166666672f, -0.285714298f, -1.0f, -4.0f, -INFINITY, INFINITY, 3.33333325f, 1.0f, 0.400000006f, 0.25f,
      0.142857149f, NAN}},
    /* torch.erf(x) */
    {FXRT_U_ERF, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-1.0f, -0.999999285f, -0.842700779f, -0.276326388f, -0.0f, 0.0f, 0.328626782f, 0.842700779f, 0.999593019f, 1.0f,
      1.0f, NAN}},
    /* torch.sin(x) */
    {FXRT_U_SIN, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.279415488f, 0.350783229f, -0.841470957f, -0.247403964f, -0.0f, 0.0f, 0.295520216f, 0.841470957f, 0.598472118f,
      -0.756802499f, 0.656986594f, NAN}},
    /* torch.cos(x) */
    {FXRT_U_COS, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.960170269f, -0.93645668f, 0.540302336f, 0.968912423f, 1.0f, 1.0f, 0.955336511f, 0.540302336f, -0.801143587f,
      -0.653643608f, 0.753902256f, NAN}},
    /* torch.floor(x) */
    {FXRT_U_FLOOR, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.0f, -4.0f, -1.0f, -1.0f, -0.0f, 0.0f, 0.0f, 1.0f, 2.0f, 4.0f, 7.0f, NAN}},
    /* torch.ceil(x) */
    {FXRT_U_CEIL, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.0f, -3.0f, -1.0f, -0.0f, -0.0f, 0.0f, 1.0f, 1.0f, 3.0f, 4.0f, 7.0f, NAN}},
    /* torch.round(x) */
    {FXRT_U_ROUND, {0, 0, 0}, 12,
     {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.49999976f, -0.0f, 3.70000005f, -3.70000005f, 1.00000002e+20f, NAN},
     {0.0f, 2.0f, 2.0f, -0.0f, -2.0f, -2.0f, 2.0f, -0.0f, 4.0f, -4.0f, 1.00000002e+20f, NAN}},
    /* torch.sign(x) */
    {FXRT_U_SIGN, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-1.0f, -1.0f, -1.0f, -1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 0.0f}},
    /* torch.pow(x, 2.5) */
    {FXRT_U_POW_SCALAR, {2.5f, 0, 0}, 12,
     {0.00100000005f, 0.25f, 0.5f, 1.0f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {3.16227791e-08f, 0.03125f, 0.176776692f, 1.0f, 5.65685415f, 26.3332424f, 316.227753f, 100000.0f, 0.0f, INFINITY,
      NAN, NAN}},
    /* torch.pow(x, 3) */
    {FXRT_U_POW_SCALAR, {3.0f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-216.0f, -42.875f, -1.0f, -0.015625f, -0.0f, 0.0f, 0.0270000026f, 1.0f, 15.625f, 64.0f, 343.0f, NAN}},
    /* torch.pow(x, 0.5) */
    {FXRT_U_POW_SCALAR, {0.5f, 0, 0}, 13,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN, -INFINITY},
     {NAN, NAN, NAN, NAN, -0.0f, 0.0f, 0.547722578f, 1.0f, 1.58113885f, 2.0f, 2.64575124f, NAN, NAN}},
    /* torch.pow(x, -2) */
    {FXRT_U_POW_SCALAR, {-2.0f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.027777778f, 0.0816326514f, 1.0f, 16.0f, INFINITY, INFINITY, 11.1111107f, 1.0f, 0.159999996f, 0.0625f,
      0.0204081628f, NAN}},
    /* torch.pow(x, 0) */
    {FXRT_U_POW_SCALAR, {0.0f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f}},
    /* torch.pow(x, -0.5) */
    {FXRT_U_POW_SCALAR, {-0.5f, 0, 0}, 12,
     {0.00100000005f, 0.25f, 0.5f, 1.0f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {31.6227741f, 2.0f, 1.41421354f, 1.0f, 0.707106769f, 0.519875228f, 0.316227764f, 0.100000001f, INFINITY, 0.0f,
      NAN, NAN}},
    /* torch.pow(x, -1) */
    {FXRT_U_POW_SCALAR, {-1.0f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.166666672f, -0.285714298f, -1.0f, -4.0f, -INFINITY, INFINITY, 3.33333325f, 1.0f, 0.400000006f, 0.25f,
      0.142857149f, NAN}},
    /* torch.nan_to_num(x) */
    {FXRT_U_NAN_TO_NUM, {0.0f, FLT_MAX, -FLT_MAX}, 6,
     {NAN, INFINITY, -INFINITY, 1.5f, -0.0f, -2.0f},
     {0.0f, 3.40282347e+38f, -3.40282347e+38f, 1.5f, -0.0f, -2.0f}},
    /* torch.nan_to_num(x, 1, 2, -3) */
    {FXRT_U_NAN_TO_NUM, {1.0f, 2.0f, -3.0f}, 6,
     {NAN, INFINITY, -INFINITY, 1.5f, -0.0f, -2.0f},
     {1.0f, 2.0f, -3.0f, 1.5f, -0.0f, -2.0f}},
    /* the functions of issue 16: PyTorch 1.13's values (F is torch.nn.functional) */
    /* torch.acos(x) */
    {FXRT_U_ACOS, {0, 0, 0}, 12,
     {-1.5f, -1.0f, -0.899999976f, -0.5f, -0.25f, -0.0f, 0.0f, 0.300000012f, 0.5f, 0.99000001f, 1.0f, NAN},
     {NAN, 3.14159274f, 2.69056582f, 2.09439516f, 1.82347655f, 1.57079637f, 1.57079637f, 1.26610363f, 1.04719758f,
      0.14153941f, 0.0f, NAN}},
    /* torch.asin(x) */
    {FXRT_U_ASIN, {0, 0, 0}, 12,
     {-1.5f, -1.0f, -0.899999976f, -0.5f, -0.25f, -0.0f, 0.0f, 0.300000012f, 0.5f, 0.99000001f, 1.0f, NAN},
     {NAN, -1.57079637f, -1.11976945f, -0.52359879f, -0.252680242f, -0.0f, 0.0f, 0.304692656f, 0.52359879f,
      1.42925692f, 1.57079637f, NAN}},
    /* torch.atan(x) */
    {FXRT_U_ATAN, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-1.40564764f, -1.29249668f, -0.785398126f, -0.244978666f, -0.0f, 0.0f, 0.291456819f, 0.785398126f, 1.19028997f,
      1.3258177f, 1.42889929f, NAN}},
    /* torch.acosh(x) */
    {FXRT_U_ACOSH, {0, 0, 0}, 12,
     {0.5f, 1.0f, 1.00100005f, 1.5f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {NAN, 0.0f, 0.044718679f, 0.962423682f, 1.31695795f, 1.98269701f, 2.99322295f, 5.29829216f, NAN, INFINITY, NAN,
      NAN}},
    /* torch.asinh(x) */
    {FXRT_U_ASINH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-2.4917798f, -1.96572053f, -0.881373584f, -0.247466475f, -0.0f, 0.0f, 0.295673072f, 0.881373584f, 1.64723122f,
      2.0947125f, 2.64412069f, NAN}},
    /* torch.atanh(x) */
    {FXRT_U_ATANH, {0, 0, 0}, 12,
     {-1.5f, -1.0f, -0.899999976f, -0.5f, -0.25f, -0.0f, 0.0f, 0.300000012f, 0.5f, 0.99000001f, 1.0f, NAN},
     {NAN, -INFINITY, -1.47221935f, -0.549306154f, -0.255412817f, -0.0f, 0.0f, 0.309519619f, 0.549306154f,
      2.64665294f, INFINITY, NAN}},
    /* torch.cosh(x) */
    {FXRT_U_COSH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {201.715637f, 16.5728245f, 1.54308057f, 1.03141308f, 1.0f, 1.0f, 1.04533851f, 1.54308057f, 6.13228941f,
      27.3082314f, 548.317017f, NAN}},
    /* torch.sinh(x) */
    {FXRT_U_SINH, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-201.713165f, -16.5426273f, -1.17520118f, -0.252612323f, -0.0f, 0.0f, 0.304520309f, 1.17520118f, 6.05020475f,
      27.2899189f, 548.316162f, NAN}},
    /* torch.tan(x) */
    {FXRT_U_TAN, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.291006207f, -0.374585629f, -1.55740774f, -0.255341917f, -0.0f, 0.0f, 0.309336275f, 1.55740774f, -0.747022331f,
      1.1578213f, 0.87144798f, NAN}},
    /* torch.trunc(x) */
    {FXRT_U_TRUNC, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.0f, -3.0f, -1.0f, -0.0f, -0.0f, 0.0f, 0.0f, 1.0f, 2.0f, 4.0f, 7.0f, NAN}},
    /* torch.frac(x) */
    {FXRT_U_FRAC, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, -0.5f, 0.0f, -0.25f, 0.0f, 0.0f, 0.300000012f, 0.0f, 0.5f, 0.0f, 0.0f, NAN}},
    /* torch.log10(x) */
    {FXRT_U_LOG10, {0, 0, 0}, 12,
     {0.5f, 1.0f, 1.00100005f, 1.5f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {-0.30103001f, 0.0f, 0.000434097747f, 0.176091254f, 0.30103001f, 0.568201721f, 1.0f, 2.0f, -INFINITY, INFINITY,
      NAN, NAN}},
    /* torch.log2(x) */
    {FXRT_U_LOG2, {0, 0, 0}, 12,
     {0.5f, 1.0f, 1.00100005f, 1.5f, 2.0f, 3.70000005f, 10.0f, 100.0f, 0.0f, INFINITY, -1.0f, NAN},
     {-1.0f, 0.0f, 0.00144204148f, 0.584962487f, 1.0f, 1.88752532f, 3.32192802f, 6.64385605f, -INFINITY, INFINITY,
      NAN, NAN}},
    /* torch.log1p(x) */
    {FXRT_U_LOG1P, {0, 0, 0}, 12,
     {-1.5f, -1.0f, -0.899999976f, -0.5f, -0.25f, -0.0f, 0.0f, 0.300000012f, 0.5f, 0.99000001f, 1.0f, NAN},
     {NAN, -INFINITY, -2.30258489f, -0.693147182f, -0.287682086f, -0.0f, 0.0f, 0.262364268f, 0.405465096f,
      0.68813467f, 0.693147182f, NAN}},
    /* torch.expm1(x) */
    {FXRT_U_EXPM1, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.997521222f, -0.969802618f, -0.63212055f, -0.221199214f, -0.0f, 0.0f, 0.34985882f, 1.71828187f, 11.1824942f,
      53.5981483f, 1095.63318f, NAN}},
    /* torch.exp2(x) */
    {FXRT_U_EXP2, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.015625f, 0.0883883461f, 0.5f, 0.840896428f, 1.0f, 1.0f, 1.23114443f, 2.0f, 5.65685415f, 16.0f, 128.0f, NAN}},
    /* torch.erfc(x) */
    {FXRT_U_ERFC, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {2.0f, 1.99999928f, 1.84270084f, 1.27632642f, 1.0f, 1.0f, 0.671373248f, 0.157299206f, 0.000406952022f,
      1.54172586e-08f, 4.18382573e-23f, NAN}},
    /* torch.lgamma(x) */
    {FXRT_U_LGAMMA, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {INFINITY, -1.30900669f, INFINITY, 1.58957529f, INFINITY, INFINITY, 1.0957979f, 0.0f, 0.28468287f, 1.79175949f,
      6.57925129f, NAN}},
    /* torch.sinc(x) */
    {FXRT_U_SINC, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {2.53053822e-09f, -0.090945676f, -2.78275341e-08f, 0.900316298f, 1.0f, 1.0f, 0.858393669f, -2.78275341e-08f,
      0.127323955f, 2.78275341e-08f, -6.03522423e-08f, NAN}},
    /* torch.deg2rad(x) */
    {FXRT_U_DEG2RAD, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.104719758f, -0.0610865243f, -0.0174532924f, -0.0043633231f, -0.0f, 0.0f, 0.00523598772f, 0.0174532924f,
      0.04363323f, 0.0698131695f, 0.122173049f, NAN}},
    /* torch.rad2deg(x) */
    {FXRT_U_RAD2DEG, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-343.774689f, -200.535233f, -57.2957802f, -14.323945f, -0.0f, 0.0f, 17.1887341f, 57.2957802f, 143.239456f,
      229.183121f, 401.070465f, NAN}},
    /* F.logsigmoid(x) */
    {FXRT_U_LOG_SIGMOID, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.00247574f, -3.52975035f, -1.31326175f, -0.825939417f, -0.693147182f, -0.693147182f, -0.554355204f,
      -0.313261688f, -0.078889735f, -0.0181499291f, -0.000911466486f, NAN}},
    /* F.softsign(x) */
    {FXRT_U_SOFTSIGN, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.857142866f, -0.777777791f, -0.5f, -0.200000003f, -0.0f, 0.0f, 0.230769247f, 0.5f, 0.714285731f, 0.800000012f,
      0.875f, NAN}},
    /* F.tanhshrink(x) */
    {FXRT_U_TANHSHRINK, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-5.0000124f, -2.50182199f, -0.238405824f, -0.00508134067f, 0.0f, 0.0f, 0.00868737698f, 0.238405824f,
      1.51338577f, 3.00067067f, 6.00000191f, NAN}},
    /* F.hardshrink(x, 0.3) */
    {FXRT_U_HARDSHRINK, {0.3f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.0f, -3.5f, -1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 2.5f, 4.0f, 7.0f, NAN}},
    /* F.softshrink(x, 0.3) */
    {FXRT_U_SOFTSHRINK, {0.3f, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-5.69999981f, -3.20000005f, -0.699999988f, 0.0f, 0.0f, 0.0f, 0.0f, 0.699999988f, 2.20000005f, 3.70000005f,
      6.69999981f, 0.0f}},
    /* F.threshold(x, 0.3, -2) */
    {FXRT_U_THRESHOLD, {0.3f, -2.0f, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-2.0f, -2.0f, -2.0f, -2.0f, -2.0f, -2.0f, -2.0f, 1.0f, 2.5f, 4.0f, 7.0f, NAN}},
    /* torch.logit(x) */
    {FXRT_U_LOGIT, {NAN, 0, 0}, 12,
     {-0.5f, 0.0f, 0.00100000005f, 0.100000001f, 0.25f, 0.5f, 0.75f, 0.899999976f, 0.999000013f, 1.0f, 1.5f, NAN},
     {NAN, -INFINITY, -6.90675497f, -2.19722462f, -1.09861231f, 0.0f, 1.09861231f, 2.19722438f, 6.90676785f, INFINITY,
      NAN, NAN}},
    /* torch.logit(x, eps=0.2) */
    {FXRT_U_LOGIT, {0.2f, 0, 0}, 12,
     {-0.5f, 0.0f, 0.00100000005f, 0.100000001f, 0.25f, 0.5f, 0.75f, 0.899999976f, 0.999000013f, 1.0f, 1.5f, NAN},
     {-1.38629436f, -1.38629436f, -1.38629436f, -1.38629436f, -1.09861231f, 0.0f, 1.09861231f, 1.38629448f,
      1.38629448f, 1.38629448f, 1.38629448f, NAN}},
    /* torch.special.entr(x) */
    {FXRT_U_ENTR, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-INFINITY, -INFINITY, -INFINITY, -INFINITY, 0.0f, 0.0f, 0.361191869f, -0.0f, -2.2907269f, -5.54517746f,
      -13.6213703f, NAN}},
    /* torch.special.ndtr(x) */
    {FXRT_U_NDTR, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.000232636929f, 0.158655256f, 0.401293665f, 0.5f, 0.5f, 0.617911398f, 0.841344714f, 0.993790329f,
      0.99996829f, 1.0f, NAN}},
    /* torch.special.erfcx(x) */
    {FXRT_U_ERFCX, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {8.62246306e+15f, 417962.438f, 5.00898027f, 1.35864246f, 1.0f, 1.0f, 0.734599292f, 0.427583575f, 0.210806355f,
      0.136999458f, 0.0798000544f, NAN}},
    /* torch.special.log_ndtr(x) */
    {FXRT_U_LOG_NDTR, {0, 0, 0}, 13,
     {-40.0f, -10.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 9.0f, NAN},
     {-804.608459f, -53.2312851f, -8.36606503f, -1.84102142f, -0.913061738f, -0.693147182f, -0.693147182f,
      -0.481410146f, -0.172753781f, -0.00622902578f, -3.16717524e-05f, -1.12858571e-19f, NAN}},
    /* torch.digamma(x) */
    {FXRT_U_DIGAMMA, {0, 0, 0}, 12,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {NAN, 1.38887095f, NAN, 2.91413903f, INFINITY, -INFINITY, -3.5025239f, -0.57721591f, 0.703156769f, 1.2561177f,
      1.87278438f, NAN}},
    /* torch.erfinv(x) */
    {FXRT_U_ERFINV, {0, 0, 0}, 12,
     {-1.5f, -1.0f, -0.899999976f, -0.5f, -0.25f, -0.0f, 0.0f, 0.300000012f, 0.5f, 0.99000001f, 1.0f, NAN},
     {NAN, -INFINITY, -1.16308701f, -0.476936281f, -0.225312054f, -0.0f, 0.0f, 0.272462726f, 0.476936281f,
      1.82138669f, INFINITY, NAN}},
    /* torch.i0(x), float64 where finite and nonzero */
    {FXRT_U_I0, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {7.81672317e+11f, 67.2344055f, 1.64672315f, 1.0f, 1.0f, 1.02262688f, 1.26606584f, 3.28983903f, 168.593903f,
      2.16861901e+09f, 5.89407715e+24f, NAN, NAN}},
    /* torch.special.i0e(x), float64 where finite and nonzero */
    {FXRT_U_I0E, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {0.0731459484f, 0.166657433f, 0.367433608f, 1.0f, 1.0f, 0.757580638f, 0.465759605f, 0.270046443f, 0.153737739f,
      0.0818682909f, 0.0516115502f, 0.0f, NAN}},
    /* torch.special.i1(x), float64 where finite and nonzero */
    {FXRT_U_I1, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {-7.68532021e+11f, -61.341938f, -0.981666446f, 0.0f, 0.0f, 0.151693851f, 0.565159082f, 2.51671624f, 156.039093f,
      2.12294784e+09f, 5.84475171e+24f, NAN, NAN}},
    /* torch.special.i1e(x), float64 where finite and nonzero */
    {FXRT_U_I1E, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {-0.0719163269f, -0.152051464f, -0.219039381f, 0.0f, 0.0f, 0.112377562f, 0.207910419f, 0.206584647f, 0.142289236f,
      0.0801441371f, 0.0511796288f, 0.0f, NAN}},
    /* torch.special.modified_bessel_k0(x), float64 where finite and nonzero */
    {FXRT_U_MODIFIED_BESSEL_K0, {0, 0, 0}, 13,
     {-1.0f, 0.0f, 9.99999968e-21f, 0.300000012f, 1.0f, 2.5f, 7.0f, 18.0f, 30.0f, 90.0f, 700.0f, INFINITY, NAN},
     {NAN, INFINITY, 46.1676331f, 1.37246001f, 0.421024442f, 0.0623475537f, 0.000424795755f, 4.46875337e-09f,
      2.13247744e-14f, 1.08101769e-40f, 0.0f, 0.0f, NAN}},
    /* torch.special.modified_bessel_k1(x), float64 where finite and nonzero */
    {FXRT_U_MODIFIED_BESSEL_K1, {0, 0, 0}, 13,
     {-1.0f, 0.0f, 9.99999968e-21f, 0.300000012f, 1.0f, 2.5f, 7.0f, 18.0f, 30.0f, 90.0f, 700.0f, INFINITY, NAN},
     {NAN, INFINITY, 1.00000002e+20f, 3.05599189f, 0.601907253f, 0.0738908127f, 0.000454182475f, 4.5912496e-09f,
      2.16773197e-14f, 1.08701524e-40f, 0.0f, 0.0f, NAN}},
    /* torch.special.scaled_modified_bessel_k0(x), float64 where finite and nonzero */
    {FXRT_U_SCALED_MODIFIED_BESSEL_K0, {0, 0, 0}, 13,
     {-1.0f, 0.0f, 9.99999968e-21f, 0.300000012f, 1.0f, 2.5f, 7.0f, 18.0f, 30.0f, 90.0f, 700.0f, INFINITY, NAN},
     {NAN, INFINITY, 46.1676331f, 1.85262728f, 1.14446306f, 0.759548664f, 0.465845108f, 0.293418199f, 0.227886662f,
      0.131928563f, 0.0473623686f, 0.0f, NAN}},
    /* torch.special.scaled_modified_bessel_k1(x), float64 where finite and nonzero */
    {FXRT_U_SCALED_MODIFIED_BESSEL_K1, {0, 0, 0}, 13,
     {-1.0f, 0.0f, 9.99999968e-21f, 0.300000012f, 1.0f, 2.5f, 7.0f, 18.0f, 30.0f, 90.0f, 700.0f, INFINITY, NAN},
     {NAN, INFINITY, 1.00000002e+20f, 4.12515783f, 1.63615346f, 0.900174439f, 0.498071581f, 0.301461309f, 0.231654122f,
      0.13265948f, 0.0473961867f, 0.0f, NAN}},
    /* torch.special.bessel_j0(x), float64 where finite and nonzero */
    {FXRT_U_BESSEL_J0, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {-0.0863679871f, 0.150645196f, 0.511827648f, 1.0f, 1.0f, 0.977626264f, 0.765197694f, -0.0483837761f, 0.300079256f,
      -0.0562302731f, -0.0914718062f, NAN, NAN}},
    /* torch.special.bessel_j1(x), float64 where finite and nonzero */
    {FXRT_U_BESSEL_J1, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {0.118751064f, 0.276683778f, -0.55793649f, -0.0f, 0.0f, 0.148318827f, 0.440050572f, 0.497094095f, -0.00468279747f,
      -0.154038072f, 0.0465983823f, NAN, NAN}},
    /* torch.special.bessel_y0(x), float64 where finite and nonzero */
    {FXRT_U_BESSEL_Y0, {0, 0, 0}, 13,
     {-1.0f, 0.0f, 9.99999968e-21f, 0.300000012f, 1.0f, 2.5f, 7.0f, 18.0f, 30.0f, 90.0f, 700.0f, INFINITY, NAN},
     {NAN, -INFINITY, -29.3912277f, -0.807273567f, 0.0882569626f, 0.498070359f, -0.0259497557f, -0.187552154f,
      -0.117295735f, 0.0797764733f, 0.0294943079f, NAN, NAN}},
    /* torch.special.bessel_y1(x), float64 where finite and nonzero */
    {FXRT_U_BESSEL_Y1, {0, 0, 0}, 13,
     {-1.0f, 0.0f, 9.99999968e-21f, 0.300000012f, 1.0f, 2.5f, 7.0f, 18.0f, 30.0f, 90.0f, 700.0f, INFINITY, NAN},
     {NAN, -INFINITY, -6.36619783e+19f, -2.29310513f, -0.781212807f, 0.145918131f, -0.30266723f, 0.00815513264f,
      0.0844255686f, -0.0261872392f, 0.00630934164f, NAN, NAN}},
    /* torch.special.spherical_bessel_j0(x), float64 where finite and nonzero */
    {FXRT_U_SPHERICAL_BESSEL_J0, {0, 0, 0}, 13,
     {-30.0f, -6.0f, -1.5f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 24.0f, 60.0f, INFINITY, NAN},
     {-0.0329343863f, -0.0465692505f, 0.664996684f, 1.0f, 1.0f, 0.985067368f, 0.841470957f, 0.239388853f, 0.093855232f,
      -0.0377324335f, -0.00508017698f, 0.0f, NAN}},
    /* torch.special.airy_ai(x), float64 where finite and nonzero */
    {FXRT_U_AIRY_AI, {0, 0, 0}, 13,
     {-10000.0f, -30.0f, -6.0f, -1.5f, -0.5f, 0.0f, 0.300000012f, 1.0f, 2.5f, 7.0f, 20.0f, INFINITY, NAN},
     {0.0270573832f, -0.0879681855f, -0.329145163f, 0.464256585f, 0.475728095f, 0.355028063f, 0.278806478f,
      0.135292411f, 0.0157259237f, 7.49212859e-07f, 1.69167292e-27f, NAN, NAN}},
    /* torch.special.ndtri(x), float64 where finite and nonzero */
    {FXRT_U_NDTRI, {0, 0, 0}, 13,
     {-0.5f, 0.0f, 9.9999461e-41f, 9.99999968e-21f, 0.00100000005f, 0.25f, 0.5f, 0.699999988f, 0.975000024f,
      0.999989986f, 1.0f, 1.5f, NAN},
     {NAN, -INFINITY, -13.3109217f, -9.26234055f, -3.09023237f, -0.674489737f, 0.0f, 0.524400473f, 1.95996439f,
      4.26458788f, INFINITY, NAN, NAN}},

};

/* Ops whose zeros come out of exact algebra, so the sign of a zero result must be torch's too (relu(-0.0) is -0.0,
 * sign(-0.0) is 0.0, round(-0.5) is -0.0). Elsewhere a zero is the end of a rounding (gelu(-6) is 0.0 in torch's
 * vectorised erf and -0.0 = -3 * (1 + erff(-4.24)) here; torch's elu(-0.0) computes exp(x) - 1 = +0.0 where the
 * more accurate expm1 gives -0.0), and only its value counts. */
static bool exact_zero_sign(fxrt_unary_op op) {
  switch (op) {
  case FXRT_U_RELU: case FXRT_U_RELU6: case FXRT_U_LEAKY_RELU: case FXRT_U_CLAMP: case FXRT_U_NEG: case FXRT_U_ABS:
  case FXRT_U_FLOOR: case FXRT_U_CEIL: case FXRT_U_ROUND: case FXRT_U_SIGN: case FXRT_U_HARDSWISH:
  case FXRT_U_HARDSIGMOID: case FXRT_U_NAN_TO_NUM: case FXRT_U_POW_SCALAR: case FXRT_U_SQRT:
    return true;
  default: return false;
  }
}

/* Within 1e-6 relative, or 1e-7 * max(1, |x|) absolute (GELU's tail cancels in float, see test_core.c). */
static void unary_matches_torch(void **state) {
  (void)state;
  bool seen[FXRT_NUM_UNARY_OPS] = {false};
  for (size_t k = 0; k < sizeof unary_cases / sizeof unary_cases[0]; k++) {
    const unary_case *c = &unary_cases[k];
    float y[13];
    assert_int_equal(fxrt_unary_f32(c->op, c->x, y, c->n, &c->p), FXRT_OK);
    seen[c->op] = true;
    for (int i = 0; i < c->n; i++) {
      const double ax = fabs((double)c->x[i]);
      bool ok = close_to(y[i], c->y[i], 1e-6, 1e-7 * (ax > 1 ? ax : 1));
      if (ok && y[i] == 0 && exact_zero_sign(c->op)) ok = signbit(y[i]) == signbit(c->y[i]);
      if (!ok)
        fail_msg("case %zu (op %d) of %.9g: want %.9g, got %.9g", k, (int)c->op, (double)c->x[i], (double)c->y[i],
                 (double)y[i]);
    }
  }
  for (int op = 0; op < FXRT_NUM_UNARY_OPS; op++) {
    if (!seen[op]) fail_msg("unary op %d has no torch case", op);
  }
}

/* The math in double, as a second, dense check. */
static double unary_reference(fxrt_unary_op op, double x, const fxrt_unary_params *p) {
  const double r6 = fmin(fmax(x + 3, 0), 6);
  switch (op) {
  case FXRT_U_RELU: return x < 0 ? 0 : x;
  case FXRT_U_RELU6: return fmin(fmax(x, 0), 6);
  case FXRT_U_LEAKY_RELU: return x > 0 ? x : x * (double)p->a;
  case FXRT_U_ELU: return x > 0 ? x * (double)p->b : expm1(x * (double)p->c) * (double)p->a * (double)p->b;
  case FXRT_U_GELU: return 0.5 * x * erfc(-x / sqrt(2.0));
  case FXRT_U_GELU_TANH: return 0.5 * x * (1 + tanh(sqrt(2 / 3.14159265358979323846) * (x + 0.044715 * x * x * x)));
  case FXRT_U_SILU: return x / (1 + exp(-x));
  case FXRT_U_SIGMOID: return 1 / (1 + exp(-x));
  case FXRT_U_TANH: return tanh(x);
  case FXRT_U_HARDSWISH: return x * r6 / 6;
  case FXRT_U_HARDSIGMOID: return r6 / 6;
  case FXRT_U_CLAMP: return fmin(fmax(x, (double)p->a), (double)p->b);
  case FXRT_U_MISH: return x * tanh(log1p(exp(x)));
  case FXRT_U_SOFTPLUS: return x * p->a > p->b ? x : log1p(exp(x * (double)p->a)) / (double)p->a;
  case FXRT_U_EXP: return exp(x);
  case FXRT_U_LOG: return log(x);
  case FXRT_U_SQRT: return sqrt(x);
  case FXRT_U_RSQRT: return 1 / sqrt(x);
  case FXRT_U_NEG: return -x;
  case FXRT_U_ABS: return fabs(x);
  case FXRT_U_RECIPROCAL: return 1 / x;
  case FXRT_U_ERF: return erf(x);
  case FXRT_U_SIN: return sin(x);
  case FXRT_U_COS: return cos(x);
  case FXRT_U_FLOOR: return floor(x);
  case FXRT_U_CEIL: return ceil(x);
  case FXRT_U_ROUND: return nearbyint(x);
  case FXRT_U_SIGN: return x > 0 ? 1 : x < 0 ? -1 : 0;
  case FXRT_U_POW_SCALAR: return pow(x, (double)p->a);
  case FXRT_U_NAN_TO_NUM: return x;
  case FXRT_U_ACOS: return acos(x);
  case FXRT_U_ASIN: return asin(x);
  case FXRT_U_ATAN: return atan(x);
  case FXRT_U_ACOSH: return acosh(x);
  case FXRT_U_ASINH: return asinh(x);
  case FXRT_U_ATANH: return atanh(x);
  case FXRT_U_COSH: return cosh(x);
  case FXRT_U_SINH: return sinh(x);
  case FXRT_U_TAN: return tan(x);
  case FXRT_U_TRUNC: return trunc(x);
  case FXRT_U_FRAC: return x - trunc(x);
  case FXRT_U_LOG10: return log10(x);
  case FXRT_U_LOG2: return log2(x);
  case FXRT_U_LOG1P: return log1p(x);
  case FXRT_U_EXPM1: return expm1(x);
  case FXRT_U_EXP2: return exp2(x);
  case FXRT_U_ERFC: return erfc(x);
  case FXRT_U_LGAMMA: return lgamma(x);
  case FXRT_U_SINC: return x == 0 ? 1 : sin(3.14159265358979323846 * x) / (3.14159265358979323846 * x);
  case FXRT_U_DEG2RAD: return x * 3.14159265358979323846 / 180;
  case FXRT_U_RAD2DEG: return x * 180 / 3.14159265358979323846;
  case FXRT_U_LOG_SIGMOID: return -log1p(exp(-x));
  case FXRT_U_SOFTSIGN: return x / (1 + fabs(x));
  case FXRT_U_TANHSHRINK: return x - tanh(x);
  case FXRT_U_HARDSHRINK: return fabs(x) <= (double)p->a ? 0 : x;
  case FXRT_U_SOFTSHRINK: return x > (double)p->a ? x - (double)p->a : x < -(double)p->a ? x + (double)p->a : 0;
  case FXRT_U_THRESHOLD: return x <= (double)p->a ? (double)p->b : x;
  case FXRT_U_LOGIT: return log(x / (1 - x));
  case FXRT_U_ENTR: return x > 0 ? -x * log(x) : x == 0 ? 0 : -INFINITY;
  case FXRT_U_NDTR: return 0.5 * erfc(-x / sqrt(2.0));
  case FXRT_U_ERFCX: return exp(x * x) * erfc(x);
  case FXRT_U_LOG_NDTR: return log(0.5 * erfc(-x / sqrt(2.0)));
  default: return NAN; /* digamma and erfinv: checked by their identities */
  }
}

/* The Bessel, Airy and inverse normal functions (runtime/fxrt_special.h): libm's C99 has no reference for them, so
 * the dense check is by identities (special_identities) and tests/runtime/special_check.py compares them with
 * PyTorch on 2e5 points. */
static bool special_op(fxrt_unary_op op) {
  switch (op) {
  case FXRT_U_I0: case FXRT_U_I0E: case FXRT_U_I1: case FXRT_U_I1E: case FXRT_U_MODIFIED_BESSEL_K0:
  case FXRT_U_MODIFIED_BESSEL_K1: case FXRT_U_SCALED_MODIFIED_BESSEL_K0: case FXRT_U_SCALED_MODIFIED_BESSEL_K1:
  case FXRT_U_BESSEL_J0: case FXRT_U_BESSEL_J1: case FXRT_U_BESSEL_Y0: case FXRT_U_BESSEL_Y1:
  case FXRT_U_SPHERICAL_BESSEL_J0: case FXRT_U_AIRY_AI: case FXRT_U_NDTRI:
    return true;
  default: return false;
  }
}

static float unary1(fxrt_unary_op op, float x) {
  const fxrt_unary_params p = {0, 0, 0};
  float y;
  assert_int_equal(fxrt_unary_f32(op, &x, &y, 1, &p), FXRT_OK);
  return y;
}

/* The Wronskians I0 K1 + I1 K0 = 1/x (scaled: i0e sk1 + i1e sk0) and J1 Y0 - J0 Y1 = 2/(pi x), the scalings
 * i0e = e^-|x| i0, e^x K = scaled K, sin(x)/x, and ndtr(ndtri(p)) = p, on random points. */
static void special_identities(void **state) {
  (void)state;
  const double pi = 3.14159265358979323846;
  for (int i = 0; i < 20000; i++) {
    const float x = (float)rnd_uniform(0.05, i < 10000 ? 30 : 80), p = (float)rnd_uniform(0.01, 0.99);
    const double xd = x, i0e = unary1(FXRT_U_I0E, x), i1e = unary1(FXRT_U_I1E, x);
    const double k0s = unary1(FXRT_U_SCALED_MODIFIED_BESSEL_K0, x), k1s = unary1(FXRT_U_SCALED_MODIFIED_BESSEL_K1, x);
    const double j0 = unary1(FXRT_U_BESSEL_J0, x), j1 = unary1(FXRT_U_BESSEL_J1, x);
    const double y0 = unary1(FXRT_U_BESSEL_Y0, x), y1 = unary1(FXRT_U_BESSEL_Y1, x);
    if (!close_to(i0e * k1s + i1e * k0s, 1 / xd, 1e-5, 0))
      fail_msg("I0 K1 + I1 K0 of %.9g: %.9g, not 1/x", xd, i0e * k1s + i1e * k0s);
    if (!close_to(j1 * y0 - j0 * y1, 2 / (pi * xd), 0, 3e-7 * (fabs(j1 * y0) + fabs(j0 * y1))))
      fail_msg("J1 Y0 - J0 Y1 of %.9g: %.9g, not 2/(pi x)", xd, j1 * y0 - j0 * y1);
    if (!close_to(unary1(FXRT_U_I0E, -x), i0e, 0, 0) || !close_to(unary1(FXRT_U_I1E, -x), -i1e, 0, 0) ||
        !close_to(unary1(FXRT_U_BESSEL_J1, -x), -j1, 0, 0) ||
        !close_to(unary1(FXRT_U_I1, -x), -unary1(FXRT_U_I1, x), 0, 0))
      fail_msg("parity at %.9g", xd);
    if (xd < 80 && (!close_to(exp(-xd) * unary1(FXRT_U_I0, x), i0e, 1e-6, 0) ||
                    !close_to(exp(-xd) * unary1(FXRT_U_I1, x), i1e, 1e-6, 0) ||
                    !close_to(exp(xd) * unary1(FXRT_U_MODIFIED_BESSEL_K0, x), k0s, 1e-6, 1e-30) ||
                    !close_to(exp(xd) * unary1(FXRT_U_MODIFIED_BESSEL_K1, x), k1s, 1e-6, 1e-30)))
      fail_msg("scaled and unscaled disagree at %.9g", xd);
    if (!close_to(unary1(FXRT_U_SPHERICAL_BESSEL_J0, x), sin(xd) / xd, 1e-6, 1e-7))
      fail_msg("spherical_bessel_j0 of %.9g", xd);
    const double q = unary1(FXRT_U_NDTRI, p);
    if (!close_to(0.5 * erfc(-q / sqrt(2.0)), p, 0, 2e-7))
      fail_msg("ndtr(ndtri(%.9g)) = %.9g", (double)p, 0.5 * erfc(-q / sqrt(2.0)));
  }
}

static void unary_dense_against_double(void **state) {
  (void)state;
  enum { N = 4099 };
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  assert_non_null(x);
  assert_non_null(y);
  for (int op = 0; op < FXRT_NUM_UNARY_OPS; op++) {
    fxrt_unary_params p = {0.2f, 3.0f, 0.5f};
    if (op == FXRT_U_ELU) p = (fxrt_unary_params){1.5f, 1.2f, 0.7f};
    if (op == FXRT_U_CLAMP) p = (fxrt_unary_params){-1.5f, 2.25f, 0};
    if (op == FXRT_U_SOFTPLUS) p = (fxrt_unary_params){1.5f, 10.0f, 0};
    if (op == FXRT_U_POW_SCALAR) p = (fxrt_unary_params){2.5f, 0, 0};
    const bool positive = op == FXRT_U_LOG || op == FXRT_U_SQRT || op == FXRT_U_RSQRT || op == FXRT_U_POW_SCALAR;
    for (int i = 0; i < N; i++) x[i] = (float)(positive ? rnd_uniform(1e-3, 30) : rnd_uniform(-12, 12));
    if (op == FXRT_U_LOGIT) p.a = NAN; /* no eps: the reference has none */
    if (op == FXRT_U_ACOS || op == FXRT_U_ASIN || op == FXRT_U_ATANH || op == FXRT_U_ERFINV || op == FXRT_U_LOGIT)
      for (int i = 0; i < N; i++) x[i] = (float)rnd_uniform(op == FXRT_U_LOGIT ? 0 : -1, 1);
    if (op == FXRT_U_ACOSH)
      for (int i = 0; i < N; i++) x[i] = (float)rnd_uniform(1, 30);
    if (op == FXRT_U_DIGAMMA) /* on a grid of 1/1024 off the integers, so that x + 1 is exact in float */
      for (int i = 0; i < N; i++) {
        int64_t k = rnd_int(-12 * 1024, 12 * 1024);
        if (k % 1024 == 0) k += 3;
        x[i] = (float)k / 1024.0f;
      }
    if (op == FXRT_U_ERFCX) /* below -9.4 the result is beyond float's range */
      for (int i = 0; i < N; i++) x[i] = (float)rnd_uniform(-9, 12);
    assert_int_equal(fxrt_unary_f32((fxrt_unary_op)op, x, y, N, &p), FXRT_OK);
    if (op == FXRT_U_ERFINV || op == FXRT_U_DIGAMMA) { /* erf(erfinv(x)) = x; digamma(x + 1) - digamma(x) = 1/x */
      for (int i = 0; i < N; i++) {
        double got, want, scale = 1; /* the float results' rounding: relative to their size */
        if (op == FXRT_U_ERFINV) {
          got = erf((double)y[i]), want = x[i];
        } else {
          const float x1 = x[i] + 1.0f;
          float y1;
          assert_int_equal(fxrt_unary_f32(FXRT_U_DIGAMMA, &x1, &y1, 1, &p), FXRT_OK);
          got = (double)y1 - (double)y[i], want = 1.0 / ((double)x1 - 1.0);
          scale = fmax(scale, fmax(fabs((double)y[i]), fabs((double)y1)));
        }
        if (!close_to(got, want, 1e-5, 1e-6 * scale))
          fail_msg("op %d of %.9g: identity wants %.12g, got %.12g", op, (double)x[i], want, got);
      }
      continue;
    }
    for (int i = 0; i < N && !special_op((fxrt_unary_op)op); i++) {
      const double want = unary_reference((fxrt_unary_op)op, x[i], &p), ax = fabs((double)x[i]);
      if (!close_to(y[i], want, 2e-6, 2e-7 * (ax > 1 ? ax : 1)))
        fail_msg("op %d of %.9g: want %.12g, got %.9g", op, (double)x[i], want, (double)y[i]);
    }
    /* In place (y is x) gives the same values. */
    float *copy = malloc(N * sizeof *copy);
    assert_non_null(copy);
    memcpy(copy, x, N * sizeof *x);
    assert_int_equal(fxrt_unary_f32((fxrt_unary_op)op, copy, copy, N, &p), FXRT_OK);
    for (int i = 0; i < N; i++) {
      if (!same_float(copy[i], y[i])) fail_msg("op %d in place differs at %d", op, i);
    }
    free(copy);
  }
  free(x);
  free(y);
}

/* fxrt_s_expf, the exp behind exp, silu and sigmoid: within 2 ulp of exp in double on 2e6 points of [-87, 88.7]
 * and powers of two near 0, subnormal results within 4 units of the least subnormal, overflow to
 * infinity beyond log(FLT_MAX), 0 below log(FLT_TRUE_MIN / 2), NaN to NaN, as libm's expf. */
static void expf_against_double(void **state) {
  (void)state;
  double worst = 0;
  for (long k = 0; k <= 2000000 + 2000; k++) { /* 2e6 points evenly over the range, then 2000 near 0 */
    const float x = k <= 2000000 ? (float)(-87.0 + 175.7 * (double)k / 2000000) : ldexpf(1.0f, -(int)(k % 120)) *
                                                                                     (k % 2 ? 1.3f : -1.7f);
    const double want = exp((double)x);
    const float wf = (float)want;
    const double ulp = (double)nextafterf(wf, INFINITY) - (double)wf;
    const double e = fabs((double)fxrt_s_expf(x) - want) / ulp;
    if (e > worst) worst = e;
    if (e > 2.0) fail_msg("fxrt_s_expf(%.9g) = %.9g, exp = %.12g: %.2f ulp", (double)x, (double)fxrt_s_expf(x), want, e);
  }
  assert_true(worst > 0.0 && worst <= 2.0);
  for (float x = -103.9f; x < -87.0f; x += 0.0173f) {
    const double want = exp((double)x);
    if (fabs((double)fxrt_s_expf(x) - want) > 4.0 * 1.40129846e-45 + 4e-7 * want)
      fail_msg("fxrt_s_expf(%.9g) = %.9g, exp = %.12g", (double)x, (double)fxrt_s_expf(x), want);
  }
  const float big[] = {88.73f, 89.0f, 1000.0f, INFINITY};
  for (int i = 0; i < 4; i++) assert_true(isinf(fxrt_s_expf(big[i])) && fxrt_s_expf(big[i]) > 0);
  const float small[] = {-104.0f, -200.0f, -INFINITY};
  for (int i = 0; i < 3; i++) assert_true(fxrt_s_expf(small[i]) == 0.0f);
  assert_true(fxrt_s_expf(0.0f) == 1.0f && fxrt_s_expf(-0.0f) == 1.0f);
  assert_true(isnan(fxrt_s_expf(NAN)));
  assert_true(fxrt_s_expf(88.72f) == expf(88.72f) || fabsf(fxrt_s_expf(88.72f) / expf(88.72f) - 1) < 3e-7f);
}

/* fxrt_s_erff, the erf behind erf and gelu: within 1.5 ulp of erf in double on 4e6 points of [-5, 5] (both of its
 * halves, the switch at |x| = 1 and the clamp at 4) and on powers of two down to the subnormals; odd, so -0.0 stays
 * -0.0; +-1 at the infinities; NaN to NaN. */
static void erff_against_double(void **state) {
  (void)state;
  double worst = 0;
  for (long k = 0; k <= 4000000 + 300; k++) {
    const float x = k <= 4000000 ? (float)(-5.0 + 10.0 * (double)k / 4000000)
                                 : ldexpf(k % 2 ? 1.3f : -1.7f, -(int)(k % 150));
    const double want = erf((double)x);
    const float wf = fabsf((float)want);
    const double ulp = (double)nextafterf(wf, INFINITY) - (double)wf;
    const double e = fabs((double)fxrt_s_erff(x) - want) / ulp;
    if (e > worst) worst = e;
    if (e > 1.5) fail_msg("fxrt_s_erff(%.9g) = %.9g, erf = %.12g: %.2f ulp", (double)x, (double)fxrt_s_erff(x), want, e);
  }
  assert_true(worst > 0.0);
  assert_true(fxrt_s_erff(0.0f) == 0.0f && !signbit(fxrt_s_erff(0.0f)) && signbit(fxrt_s_erff(-0.0f)));
  assert_true(fxrt_s_erff(INFINITY) == 1.0f && fxrt_s_erff(-INFINITY) == -1.0f && fxrt_s_erff(1e30f) == 1.0f);
  assert_true(isnan(fxrt_s_erff(NAN)));
}

/* torch.round(torch.tensor([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999998])) = [0, 2, 2, -0, -2, -2, 2];
 * torch.sign(nan) = 0, torch.sign(-0.0) = 0.0; torch.relu(-0.0) = -0.0; torch.nan_to_num(x) defaults are
 * nan -> 0, inf -> FLT_MAX, -inf -> -FLT_MAX (also in the table; spelled out here). */
static void unary_edge_cases(void **state) {
  (void)state;
  const float r_in[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.4999998f};
  const float r_want[] = {0.0f, 2.0f, 2.0f, -0.0f, -2.0f, -2.0f, 2.0f};
  float y[8];
  assert_int_equal(fxrt_unary_f32(FXRT_U_ROUND, r_in, y, 7, NULL), FXRT_OK);
  for (int i = 0; i < 7; i++) assert_true(same_float(y[i], r_want[i]));
  const float s_in[] = {NAN, -0.0f, 0.0f, -3.0f, INFINITY};
  const float s_want[] = {0.0f, 0.0f, 0.0f, -1.0f, 1.0f};
  assert_int_equal(fxrt_unary_f32(FXRT_U_SIGN, s_in, y, 5, NULL), FXRT_OK);
  for (int i = 0; i < 5; i++) assert_true(same_float(y[i], s_want[i]));
  const float n_in[] = {NAN, INFINITY, -INFINITY, 1.5f};
  const fxrt_unary_params defaults = {0.0f, FLT_MAX, -FLT_MAX};
  assert_int_equal(fxrt_unary_f32(FXRT_U_NAN_TO_NUM, n_in, y, 4, &defaults), FXRT_OK);
  assert_true(y[0] == 0.0f && y[1] == FLT_MAX && y[2] == -FLT_MAX && y[3] == 1.5f);
}

static void unary_errors(void **state) {
  (void)state;
  float x[4] = {1, 2, 3, 4}, y[4];
  const fxrt_unary_params p = {0.1f, 0, 0};
  assert_int_equal(fxrt_unary_f32(FXRT_NUM_UNARY_OPS, x, y, 4, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_unary_f32((fxrt_unary_op)-1, x, y, 4, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_unary_f32(FXRT_U_RELU, x, y, -1, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_unary_f32(FXRT_U_RELU, NULL, y, 4, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_unary_f32(FXRT_U_RELU, x, NULL, 4, NULL), FXRT_EINVAL);
  const fxrt_unary_op need_params[] = {FXRT_U_LEAKY_RELU, FXRT_U_ELU,        FXRT_U_CLAMP,     FXRT_U_SOFTPLUS,
                                       FXRT_U_POW_SCALAR, FXRT_U_NAN_TO_NUM, FXRT_U_HARDSHRINK, FXRT_U_SOFTSHRINK,
                                       FXRT_U_THRESHOLD,  FXRT_U_LOGIT};
  for (size_t i = 0; i < sizeof need_params / sizeof need_params[0]; i++)
    assert_int_equal(fxrt_unary_f32(need_params[i], x, y, 4, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_unary_f32(FXRT_U_RELU, x, y, 4, NULL), FXRT_OK); /* relu takes no parameters */
  assert_int_equal(fxrt_unary_f32(FXRT_U_EXP, NULL, NULL, 0, NULL), FXRT_OK); /* empty: nothing to touch */
}

/* ---- binary ---------------------------------------------------------------------------------------------------- */

static bool binary_supported(fxrt_binary_op op, fxrt_dtype dt) {
  const bool logical = op == FXRT_B_AND || op == FXRT_B_OR || op == FXRT_B_XOR;
  switch (dt) {
  case FXRT_F32: case FXRT_F64: return !logical;
  case FXRT_I64: case FXRT_I32: return op != FXRT_B_DIV && !(op >= FXRT_B_ATAN2); /* atan2 on: floats only */
  case FXRT_BOOL: return logical || op == FXRT_B_EQ || op == FXRT_B_NE;
  default: return false;
  }
}

static bool is_cmp(fxrt_binary_op op) { return op >= FXRT_B_EQ && op <= FXRT_B_GE; }

static double ref_binary_float(fxrt_binary_op op, fxrt_dtype dt, double a, double b, double alpha) {
  const bool f32 = dt == FXRT_F32;
  switch (op) {
  case FXRT_B_ADD:
  case FXRT_B_SUB: {
    const double s = op == FXRT_B_ADD ? 1 : -1;
    if (f32) return (double)((float)a + s * (double)((float)alpha * (float)b)); /* torch: alpha cast to float */
    return a + s * (alpha * b);
  }
  case FXRT_B_MUL: return a * b;
  case FXRT_B_DIV: return a / b;
  case FXRT_B_FLOOR_DIV: return floor(a / b);
  case FXRT_B_REM: return a - b * floor(a / b);
  case FXRT_B_POW: return pow(a, b);
  case FXRT_B_MAX: return a != a || b != b ? NAN : a < b ? b : a;
  case FXRT_B_MIN: return a != a || b != b ? NAN : b < a ? b : a;
  case FXRT_B_EQ: return a == b;
  case FXRT_B_NE: return a != b;
  case FXRT_B_LT: return a < b;
  case FXRT_B_LE: return a <= b;
  case FXRT_B_GT: return a > b;
  case FXRT_B_GE: return a >= b;
  /* issue 16's ops: the C library's functions of the dtype (the loop and its layouts are what is checked) */
  case FXRT_B_TRUNC_DIV: return f32 ? truncf((float)a / (float)b) : trunc(a / b);
  case FXRT_B_FMOD: return fmod(a, b);
  case FXRT_B_FMAX: return fmax(a, b);
  case FXRT_B_FMIN: return fmin(a, b);
  case FXRT_B_HEAVISIDE: return a == 0 ? b : a > 0;
  case FXRT_B_ATAN2: return f32 ? atan2f((float)a, (float)b) : atan2(a, b);
  case FXRT_B_COPYSIGN: return copysign(a, b);
  case FXRT_B_HYPOT: return f32 ? hypotf((float)a, (float)b) : hypot(a, b);
  case FXRT_B_NEXTAFTER: return f32 ? nextafterf((float)a, (float)b) : nextafter(a, b);
  case FXRT_B_XLOGY: return b != b ? b : a == 0 ? 0 : f32 ? (float)a * logf((float)b) : a * log(b);
  case FXRT_B_XLOG1PY: return b != b ? b : a == 0 ? 0 : f32 ? (float)a * log1pf((float)b) : a * log1p(b);
  case FXRT_B_LOGADDEXP:
    return f32 ? (a < b ? (float)b : (float)a) + log1pf(expf(-fabsf((float)a - (float)b))) : fmax(a, b) + log1p(exp(-fabs(a - b)));
  case FXRT_B_LOGADDEXP2:
    return f32 ? (a < b ? (float)b : (float)a) + log1pf(exp2f(-fabsf((float)a - (float)b))) * 1.44269504088896341f
               : fmax(a, b) + log1p(exp2(-fabs(a - b))) * 1.4426950408889634074;
  /* the special functions of two arguments: fxrt_special2.h's, in double (checked against PyTorch by
   * tests/runtime/special2_check.py; here the loop and its layouts are what is checked) */
  case FXRT_B_ZETA: return fxrt_sp2_zeta(a, b);
  case FXRT_B_POLYGAMMA: return fxrt_sp2_polygamma(a, b);
  case FXRT_B_IGAMMA: return fxrt_sp2_igamma(a, b, 0);
  case FXRT_B_IGAMMAC: return fxrt_sp2_igamma(a, b, 1);
  case FXRT_B_CHEBYSHEV_T: return fxrt_sp2_chebyshev_t(a, b);
  case FXRT_B_CHEBYSHEV_U: return fxrt_sp2_chebyshev_u(a, b);
  case FXRT_B_CHEBYSHEV_V: return fxrt_sp2_chebyshev_v(a, b);
  case FXRT_B_CHEBYSHEV_W: return fxrt_sp2_chebyshev_w(a, b);
  case FXRT_B_SHIFTED_CHEBYSHEV_T: return fxrt_sp2_shifted_chebyshev(a, b, 't');
  case FXRT_B_SHIFTED_CHEBYSHEV_U: return fxrt_sp2_shifted_chebyshev(a, b, 'u');
  case FXRT_B_SHIFTED_CHEBYSHEV_V: return fxrt_sp2_shifted_chebyshev(a, b, 'v');
  case FXRT_B_SHIFTED_CHEBYSHEV_W: return fxrt_sp2_shifted_chebyshev(a, b, 'w');
  case FXRT_B_HERMITE_H: return fxrt_sp2_hermite_h(a, b);
  case FXRT_B_HERMITE_HE: return fxrt_sp2_hermite_he(a, b);
  case FXRT_B_LAGUERRE_L: return fxrt_sp2_laguerre_l(a, b);
  case FXRT_B_LEGENDRE_P: return fxrt_sp2_legendre_p(a, b);
  default: return NAN;
  }
}

static int64_t ipow(int64_t a, int64_t b) {
  if (b < 0) return a == 1 ? 1 : a == -1 ? (b % 2 ? -1 : 1) : 0;
  int64_t r = 1;
  while (b-- > 0) r *= a;
  return r;
}

static int64_t ref_binary_int(fxrt_binary_op op, fxrt_dtype dt, int64_t a, int64_t b, int64_t alpha) {
  if (dt == FXRT_BOOL) {
    a = a != 0;
    b = b != 0;
  }
  switch (op) {
  case FXRT_B_ADD: return a + alpha * b;
  case FXRT_B_SUB: return a - alpha * b;
  case FXRT_B_MUL: return a * b;
  case FXRT_B_FLOOR_DIV: return (int64_t)floor((double)a / (double)b);
  case FXRT_B_REM: return a - b * (int64_t)floor((double)a / (double)b);
  case FXRT_B_POW: return ipow(a, b);
  case FXRT_B_MAX: return a > b ? a : b;
  case FXRT_B_MIN: return a < b ? a : b;
  case FXRT_B_EQ: return a == b;
  case FXRT_B_NE: return a != b;
  case FXRT_B_LT: return a < b;
  case FXRT_B_LE: return a <= b;
  case FXRT_B_GT: return a > b;
  case FXRT_B_GE: return a >= b;
  case FXRT_B_AND: return dt == FXRT_BOOL ? (a && b) : (a & b);
  case FXRT_B_OR: return dt == FXRT_BOOL ? (a || b) : (a | b);
  case FXRT_B_XOR: return dt == FXRT_BOOL ? (a != b) : (a ^ b);
  case FXRT_B_TRUNC_DIV: return a / b;
  case FXRT_B_FMOD: return a % b;
  case FXRT_B_FMAX: return a > b ? a : b;
  case FXRT_B_FMIN: return a < b ? a : b;
  case FXRT_B_HEAVISIDE: return a == 0 ? b : a > 0;
  default: return 0;
  }
}

/* Random operands suited to the op: no zero divisors, positive bases for fractional powers, small integers for
 * comparisons (ties) and a sprinkling of NaN, inf and signed zeros where the reference covers them. */
static void fill_operand(fxrt_binary_op op, fxrt_dtype dt, void *buf, int64_t n, bool divisor) {
  for (int64_t i = 0; i < n; i++) {
    if (dt == FXRT_BOOL) {
      put_i(dt, buf, i, rnd_int(0, 1));
    } else if (is_float_dtype(dt)) {
      double v;
      if (is_cmp(op) || op == FXRT_B_MAX || op == FXRT_B_MIN) {
        v = (double)rnd_int(-3, 3);
        const int64_t r = rnd_int(0, 19);
        if (r == 0) v = NAN;
        if (r == 1) v = -0.0;
        if (r == 2) v = INFINITY;
      } else if (op == FXRT_B_POW) {
        v = divisor ? rnd_uniform(-3, 3) : rnd_uniform(0.1, 10);
      } else {
        v = rnd_uniform(-10, 10);
        const bool ieee = op == FXRT_B_ADD || op == FXRT_B_SUB || op == FXRT_B_MUL || op == FXRT_B_DIV;
        if (ieee && rnd_int(0, 29) == 0) v = rnd_int(0, 2) == 0 ? NAN : rnd_int(0, 1) ? INFINITY : -INFINITY;
        if (divisor && (op == FXRT_B_FLOOR_DIV || op == FXRT_B_REM || op == FXRT_B_TRUNC_DIV || op == FXRT_B_FMOD) &&
            fabs(v) < 0.01)
          v = 1.5;
      }
      put_f(dt, buf, i, v);
    } else {
      int64_t v = op == FXRT_B_POW ? (divisor ? rnd_int(-2, 12) : rnd_int(-5, 5)) : rnd_int(-50, 50);
      if (divisor && (op == FXRT_B_FLOOR_DIV || op == FXRT_B_REM || op == FXRT_B_TRUNC_DIV || op == FXRT_B_FMOD) &&
          v == 0)
        v = 7;
      put_i(dt, buf, i, v);
    }
  }
}

typedef struct shape_case {
  int nd;
  int64_t shape[FXRT_MAX_DIMS];
  unsigned mask_a, mask_b; /* broadcast dimensions of a and b */
} shape_case;

static const shape_case shape_cases[] = {
    {3, {2, 3, 4}, 0, 0},
    {3, {4, 3, 5}, 0, 5},           /* b [1, 3, 1] */
    {4, {2, 3, 4, 5}, 8, 1},        /* a [2, 3, 4, 1], b [1, 3, 4, 5] */
    {2, {7, 9}, 0, 3},              /* b a scalar */
    {2, {7, 9}, 3, 0},              /* a a scalar */
    {0, {0}, 0, 0},                 /* ndim 0 */
    {3, {3, 0, 4}, 0, 0},           /* empty */
    {3, {3, 0, 4}, 0, 2},           /* empty, broadcast */
    {8, {2, 1, 3, 1, 2, 2, 1, 3}, 0x20, 0x81},
    {1, {1000}, 0, 0},              /* a long contiguous row */
    {1, {1000}, 0, 1},
    {2, {64, 33}, 1, 2},            /* a [1, 33] row, b [64, 1] column */
};

/* Runs one binary case and checks it against the naive loop. */
static void binary_case(fxrt_binary_op op, fxrt_dtype dt, const shape_case *sc, layout la, layout lb, layout ly,
                        bool expanded, double alpha) {
  const int nd = sc->nd;
  int64_t span_a, span_b, span_y;
  const fxrt_view av = make_input_view(nd, sc->shape, sc->mask_a, expanded, la, &span_a);
  const fxrt_view bv = make_input_view(nd, sc->shape, sc->mask_b, expanded, lb, &span_b);
  const fxrt_view yv = make_view(nd, sc->shape, ly, &span_y);
  const fxrt_dtype ydt = is_cmp(op) ? FXRT_BOOL : dt;
  const size_t size = fxrt_dtype_size(dt), ysize = fxrt_dtype_size(ydt);
  void *a = malloc((size_t)span_a * size), *b = malloc((size_t)span_b * size), *y = malloc((size_t)span_y * ysize);
  bool *covered = calloc((size_t)span_y, 1);
  assert_true(a && b && y && covered);
  fill_operand(op, dt, a, span_a, false);
  fill_operand(op, dt, b, span_b, true);
  memset(y, 0xA5, (size_t)span_y * ysize);
  const fxrt_status s = fxrt_binary(op, dt, a, &av, b, &bv, y, &yv, alpha);
  if (s != FXRT_OK) fail_msg("op %d dtype %d: status %d", (int)op, (int)dt, (int)s);
  int64_t idx[FXRT_MAX_DIMS] = {0};
  if (numel_of(nd, sc->shape) > 0) {
    do {
      const int64_t ia = at(&av, idx), ib = at(&bv, idx), iy = at(&yv, idx);
      covered[iy] = true;
      bool ok;
      double want, got;
      if (is_float_dtype(dt)) {
        want = ref_binary_float(op, dt, get_f(dt, a, ia), get_f(dt, b, ib), alpha);
        if (dt == FXRT_F32 && !is_cmp(op)) want = (double)(float)want;
        got = is_cmp(op) ? (double)get_i(FXRT_BOOL, y, iy) : get_f(dt, y, iy);
        if (op == FXRT_B_POW) ok = close_to(got, want, 2e-6, 0);
        else if (op == FXRT_B_REM && dt == FXRT_F64) ok = close_to(got, want, 0, 1e-13);
        else ok = same_float(got, want) || (want == 0 && got == 0);
      } else {
        const int64_t w = ref_binary_int(op, dt, get_i(dt, a, ia), get_i(dt, b, ib), (int64_t)alpha);
        const int64_t g = get_i(ydt, y, iy);
        ok = w == g;
        want = (double)w;
        got = (double)g;
      }
      if (!ok) {
        fail_msg("op %d dtype %d layouts %d/%d/%d expanded %d ndim %d: at a[%lld] b[%lld] want %.17g got %.17g",
                 (int)op, (int)dt, (int)la, (int)lb, (int)ly, (int)expanded, nd, (long long)ia, (long long)ib, want,
                 got);
      }
    } while (next_index(idx, nd, sc->shape));
  }
  check_untouched(y, span_y, ysize, covered);
  free(a);
  free(b);
  free(y);
  free(covered);
}

static void binary_against_naive_loop(void **state) {
  (void)state;
  const fxrt_dtype dts[] = {FXRT_F32, FXRT_F64, FXRT_I64, FXRT_I32, FXRT_BOOL};
  for (size_t t = 0; t < sizeof dts / sizeof dts[0]; t++) {
    for (int op = 0; op < FXRT_NUM_BINARY_OPS; op++) {
      if (!binary_supported((fxrt_binary_op)op, dts[t])) continue;
      for (size_t c = 0; c < sizeof shape_cases / sizeof shape_cases[0]; c++) {
        const layout la = (layout)(c % NUM_LAYOUTS), lb = (layout)((c + 2) % NUM_LAYOUTS);
        const layout ly = (layout)((c / 2) % NUM_LAYOUTS);
        binary_case((fxrt_binary_op)op, dts[t], &shape_cases[c], CONTIG, CONTIG, CONTIG, false, 1.0);
        binary_case((fxrt_binary_op)op, dts[t], &shape_cases[c], la, lb, ly, c % 2 == 1, 1.0);
        if (op == FXRT_B_ADD || op == FXRT_B_SUB) {
          const double alpha = is_float_dtype(dts[t]) ? 2.5 : 3.0;
          if (dts[t] != FXRT_BOOL) binary_case((fxrt_binary_op)op, dts[t], &shape_cases[c], la, lb, ly, false, alpha);
        }
      }
    }
  }
}

/* The output may be one of the inputs when it has exactly its layout (x += y; x = x * 2). */
static void binary_in_place(void **state) {
  (void)state;
  const int64_t shape[2] = {5, 7};
  const fxrt_view v = fxrt_view_contiguous(2, shape);
  fxrt_view flipped = v;
  flipped.stride[1] = -1;
  flipped.offset = 6;
  float a[35], b[35], want[35];
  for (int i = 0; i < 35; i++) {
    a[i] = (float)rnd_uniform(-5, 5);
    b[i] = (float)rnd_uniform(-5, 5);
    want[i] = a[i] * b[i];
  }
  assert_int_equal(fxrt_binary(FXRT_B_MUL, FXRT_F32, a, &v, b, &v, a, &v, 1), FXRT_OK);
  for (int i = 0; i < 35; i++) assert_true(a[i] == want[i]);
  for (int i = 0; i < 35; i++) want[i] = a[i] - b[i];
  assert_int_equal(fxrt_binary(FXRT_B_SUB, FXRT_F32, a, &flipped, b, &flipped, b, &flipped, 1), FXRT_OK);
  for (int i = 0; i < 35; i++) assert_true(b[i] == want[i]);
  /* a squeeze-and-excitation scale, x = s[c] * x: rows of 37 (chunks of every vector width and a remainder), in
   * place; then x = x + s[c] and x = s[c] - x, the scalar on either side */
  enum { C = 3, HW = 37 };
  const int64_t xshape[2] = {C, HW}, sshape[2] = {C, 1};
  const fxrt_view xv = fxrt_view_contiguous(2, xshape), sv = fxrt_view_contiguous(2, sshape);
  float x[C * HW], s[C], w[C * HW];
  for (int c = 0; c < C; c++) s[c] = (float)rnd_uniform(-2, 2);
  for (int i = 0; i < C * HW; i++) x[i] = (float)rnd_uniform(-5, 5);
  for (int i = 0; i < C * HW; i++) w[i] = s[i / HW] * x[i];
  assert_int_equal(fxrt_binary(FXRT_B_MUL, FXRT_F32, s, &sv, x, &xv, x, &xv, 1), FXRT_OK);
  for (int i = 0; i < C * HW; i++) assert_true(x[i] == w[i]);
  for (int i = 0; i < C * HW; i++) w[i] = x[i] + s[i / HW];
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, x, &xv, s, &sv, x, &xv, 1), FXRT_OK);
  for (int i = 0; i < C * HW; i++) assert_true(x[i] == w[i]);
  for (int i = 0; i < C * HW; i++) w[i] = s[i / HW] - x[i];
  assert_int_equal(fxrt_binary(FXRT_B_SUB, FXRT_F32, s, &sv, x, &xv, x, &xv, 1), FXRT_OK);
  for (int i = 0; i < C * HW; i++) assert_true(x[i] == w[i]);
}

/* floor_divide (a // b) and torch.remainder(a, b) on float32 and float64 in torch 1.13, for
 * a = [7, -7, 7, -7, 5, -5, 0, -0.0, inf, 1, -1, 5.3, 0.0, 1e-30, -1e-30, -7.5, -inf]
 * b = [2, 2, -2, -2, 0, 0, 0, 1, 2, inf, inf, 1.1, -3, 1, 1, 2, 3]. */
static void binary_float_floor_div_and_remainder(void **state) {
  (void)state;
  const double a[17] = {7, -7, 7, -7, 5, -5, 0, -0.0, INFINITY, 1, -1, 5.3, 0.0, 1e-30, -1e-30, -7.5, -INFINITY};
  const double b[17] = {2, 2, -2, -2, 0, 0, 0, 1, 2, INFINITY, INFINITY, 1.1, -3, 1, 1, 2, 3};
  const double fd[17] = {3, -4, -4, 3, INFINITY, -INFINITY, NAN, -0.0, NAN, 0.0, -1, 4, -0.0, 0.0, -1, -4, NAN};
  const double rem32[17] = {1,   1,   -1,  -1,        NAN, NAN, NAN, -0.0, NAN, 1, INFINITY, 0.9000000953674316, 0.0,
                            1.0000000031710769e-30, 1.0, 0.5, NAN};
  const double rem64[17] = {1, 1, -1, -1, NAN, NAN, NAN, -0.0, NAN, 1, INFINITY, 0.8999999999999995, 0.0, 1e-30,
                            1.0, 0.5, NAN};
  const int64_t n = 17;
  const fxrt_view v = fxrt_view_contiguous(1, &n);
  float af[17], bf[17], yf[17];
  double y[17];
  for (int i = 0; i < 17; i++) {
    af[i] = (float)a[i];
    bf[i] = (float)b[i];
  }
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_F32, af, &v, bf, &v, yf, &v, 1), FXRT_OK);
  for (int i = 0; i < 17; i++) {
    if (!same_float(yf[i], fd[i])) fail_msg("f32 %g // %g: want %g, got %g", a[i], b[i], fd[i], (double)yf[i]);
  }
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_F32, af, &v, bf, &v, yf, &v, 1), FXRT_OK);
  for (int i = 0; i < 17; i++) {
    if (!same_float(yf[i], rem32[i]))
      fail_msg("f32 %g %% %g: want %.17g, got %.17g", a[i], b[i], rem32[i], (double)yf[i]);
  }
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_F64, a, &v, b, &v, y, &v, 1), FXRT_OK);
  for (int i = 0; i < 17; i++) {
    if (!same_float(y[i], fd[i])) fail_msg("f64 %g // %g: want %g, got %g", a[i], b[i], fd[i], y[i]);
  }
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_F64, a, &v, b, &v, y, &v, 1), FXRT_OK);
  for (int i = 0; i < 17; i++) {
    if (!same_float(y[i], rem64[i])) fail_msg("f64 %g %% %g: want %.17g, got %.17g", a[i], b[i], rem64[i], y[i]);
  }
}

/* torch.maximum/minimum([-0.0, 0.0, nan, 1], [0.0, -0.0, 1, nan]) = [-0.0, 0.0, nan, nan] (both);
 * comparisons with NaN are false except ne (torch.tensor([nan]) != nan is True);
 * torch.pow([2., -2., -8., 0.], [0.5, 3., 1/3, -1.]) = [1.4142135381698608, -8, nan, inf];
 * torch.add([1.], [3.], alpha=0.1) = [1.2999999523162842], torch.sub(...) = [0.699999988079071]. */
static void binary_float_edge_cases(void **state) {
  (void)state;
  const int64_t n = 4;
  const fxrt_view v = fxrt_view_contiguous(1, &n);
  const float a[4] = {-0.0f, 0.0f, NAN, 1}, b[4] = {0.0f, -0.0f, 1, NAN};
  const float mm[4] = {-0.0f, 0.0f, NAN, NAN};
  float y[4];
  uint8_t c[4];
  assert_int_equal(fxrt_binary(FXRT_B_MAX, FXRT_F32, a, &v, b, &v, y, &v, 1), FXRT_OK);
  for (int i = 0; i < 4; i++) assert_true(same_float(y[i], mm[i]));
  assert_int_equal(fxrt_binary(FXRT_B_MIN, FXRT_F32, a, &v, b, &v, y, &v, 1), FXRT_OK);
  for (int i = 0; i < 4; i++) assert_true(same_float(y[i], mm[i]));
  const float na[4] = {NAN, NAN, 1, NAN}, nb[4] = {NAN, 1, NAN, 0};
  const fxrt_binary_op cmps[6] = {FXRT_B_EQ, FXRT_B_NE, FXRT_B_LT, FXRT_B_LE, FXRT_B_GT, FXRT_B_GE};
  for (int k = 0; k < 6; k++) {
    assert_int_equal(fxrt_binary(cmps[k], FXRT_F32, na, &v, nb, &v, c, &v, 1), FXRT_OK);
    for (int i = 0; i < 4; i++) assert_int_equal(c[i], cmps[k] == FXRT_B_NE ? 1 : 0);
  }
  const float pa[4] = {2, -2, -8, 0}, pb[4] = {0.5f, 3, 1.0f / 3, -1};
  assert_int_equal(fxrt_binary(FXRT_B_POW, FXRT_F32, pa, &v, pb, &v, y, &v, 1), FXRT_OK);
  assert_true(close_to(y[0], 1.4142135381698608, 1e-7, 0));
  assert_true(y[1] == -8 && y[2] != y[2] && y[3] == INFINITY);
  const int64_t one = 1;
  const fxrt_view v1 = fxrt_view_contiguous(1, &one);
  const float x1 = 1, x3 = 3;
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, &x1, &v1, &x3, &v1, y, &v1, 0.1), FXRT_OK);
  assert_true(y[0] == 1.2999999523162842f);
  assert_int_equal(fxrt_binary(FXRT_B_SUB, FXRT_F32, &x1, &v1, &x3, &v1, y, &v1, 0.1), FXRT_OK);
  assert_true(y[0] == 0.699999988079071f);
}

/* Integer edge cases in torch 1.13 (int64 and int32):
 *   [7, -7, 7, -7, 0, -1] // [2, 2, -2, -2, 3, 3] = [3, -4, -4, 3, 0, -1]
 *   torch.remainder(same) = [1, 1, -1, -1, 0, 2]
 *   torch.pow([2, -2, 1, -1, -1, 0, 3, 0], [-1, -3, -5, -3, -4, -1, 40, 0]) = [0, 0, 1, -1, 1, 0,
 *     -6289078614652622815, 1]  (3**40 wraps)
 *   [2**62] * [4] = [0];  [2**63 - 1] + [1] = [-2**63]
 *   [6, -6, 5] & | ^ [3, 3, -2] = [2, 2, 4], [7, -5, -1], [5, -7, -5]
 *   torch.add([1, 2], [3, 4], alpha=3) = [10, 14];  torch.sub(same) = [-8, -10]
 *   int32: [2**31-1] + [1] = [-2**31]; [65536] * [65536] = [0]; pow(3, 21) = 1870418611;
 *          [-2**31, 2**31-1] // [1, -2**31] = [-2**31, -1], remainder = [0, -1];
 *          torch.add([1], [2**30], alpha=4) = [1]
 *   INT64_MIN // -1 kills torch 1.13 with SIGFPE; fxrt wraps to INT64_MIN (and remainder gives 0). */
static void binary_int_edge_cases(void **state) {
  (void)state;
  const int64_t n6 = 6, n8 = 8, n3 = 3, n2 = 2;
  const fxrt_view v6 = fxrt_view_contiguous(1, &n6), v8 = fxrt_view_contiguous(1, &n8);
  const fxrt_view v3 = fxrt_view_contiguous(1, &n3), v2 = fxrt_view_contiguous(1, &n2);
  int64_t y[8];
  const int64_t da[6] = {7, -7, 7, -7, 0, -1}, db[6] = {2, 2, -2, -2, 3, 3};
  const int64_t fd[6] = {3, -4, -4, 3, 0, -1}, rm[6] = {1, 1, -1, -1, 0, 2};
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I64, da, &v6, db, &v6, y, &v6, 1), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_int_equal(y[i], fd[i]);
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_I64, da, &v6, db, &v6, y, &v6, 1), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_int_equal(y[i], rm[i]);
  int32_t da32[6], db32[6], y32[8];
  for (int i = 0; i < 6; i++) {
    da32[i] = (int32_t)da[i];
    db32[i] = (int32_t)db[i];
  }
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I32, da32, &v6, db32, &v6, y32, &v6, 1), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_int_equal(y32[i], fd[i]);
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_I32, da32, &v6, db32, &v6, y32, &v6, 1), FXRT_OK);
  for (int i = 0; i < 6; i++) assert_int_equal(y32[i], rm[i]);

  const int64_t pa[8] = {2, -2, 1, -1, -1, 0, 3, 0}, pb[8] = {-1, -3, -5, -3, -4, -1, 40, 0};
  const int64_t pw[8] = {0, 0, 1, -1, 1, 0, -6289078614652622815, 1};
  assert_int_equal(fxrt_binary(FXRT_B_POW, FXRT_I64, pa, &v8, pb, &v8, y, &v8, 1), FXRT_OK);
  for (int i = 0; i < 8; i++) assert_int_equal(y[i], pw[i]);

  const int64_t big[2] = {INT64_C(1) << 62, INT64_MAX}, small[2] = {4, 1};
  assert_int_equal(fxrt_binary(FXRT_B_MUL, FXRT_I64, big, &v2, small, &v2, y, &v2, 1), FXRT_OK);
  assert_int_equal(y[0], 0);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_I64, big, &v2, small, &v2, y, &v2, 1), FXRT_OK);
  assert_true(y[1] == INT64_MIN);

  const int64_t ba[3] = {6, -6, 5}, bb[3] = {3, 3, -2};
  const int64_t band[3] = {2, 2, 4}, bor[3] = {7, -5, -1}, bxor[3] = {5, -7, -5};
  assert_int_equal(fxrt_binary(FXRT_B_AND, FXRT_I64, ba, &v3, bb, &v3, y, &v3, 1), FXRT_OK);
  for (int i = 0; i < 3; i++) assert_int_equal(y[i], band[i]);
  assert_int_equal(fxrt_binary(FXRT_B_OR, FXRT_I64, ba, &v3, bb, &v3, y, &v3, 1), FXRT_OK);
  for (int i = 0; i < 3; i++) assert_int_equal(y[i], bor[i]);
  assert_int_equal(fxrt_binary(FXRT_B_XOR, FXRT_I64, ba, &v3, bb, &v3, y, &v3, 1), FXRT_OK);
  for (int i = 0; i < 3; i++) assert_int_equal(y[i], bxor[i]);

  const int64_t aa[2] = {1, 2}, ab[2] = {3, 4};
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_I64, aa, &v2, ab, &v2, y, &v2, 3), FXRT_OK);
  assert_true(y[0] == 10 && y[1] == 14);
  assert_int_equal(fxrt_binary(FXRT_B_SUB, FXRT_I64, aa, &v2, ab, &v2, y, &v2, 3), FXRT_OK);
  assert_true(y[0] == -8 && y[1] == -10);
  /* torch: "For integral input tensors, argument alpha must not be a floating point number." */
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_I64, aa, &v2, ab, &v2, y, &v2, 2.5), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_SUB, FXRT_I32, aa, &v2, ab, &v2, y, &v2, NAN), FXRT_EINVAL);

  const int32_t wa[2] = {INT32_MAX, 65536}, wb[2] = {1, 65536};
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_I32, wa, &v2, wb, &v2, y32, &v2, 1), FXRT_OK);
  assert_true(y32[0] == INT32_MIN);
  assert_int_equal(fxrt_binary(FXRT_B_MUL, FXRT_I32, wa, &v2, wb, &v2, y32, &v2, 1), FXRT_OK);
  assert_int_equal(y32[1], 0);
  const int32_t p3[2] = {3, 3}, p21[2] = {21, 0};
  assert_int_equal(fxrt_binary(FXRT_B_POW, FXRT_I32, p3, &v2, p21, &v2, y32, &v2, 1), FXRT_OK);
  assert_true(y32[0] == 1870418611 && y32[1] == 1);
  const int32_t ma[2] = {INT32_MIN, INT32_MAX}, mb[2] = {1, INT32_MIN};
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I32, ma, &v2, mb, &v2, y32, &v2, 1), FXRT_OK);
  assert_true(y32[0] == INT32_MIN && y32[1] == -1);
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_I32, ma, &v2, mb, &v2, y32, &v2, 1), FXRT_OK);
  assert_true(y32[0] == 0 && y32[1] == -1);
  const int32_t one32 = 1, big32 = 1 << 30;
  const int64_t one = 1;
  const fxrt_view v1 = fxrt_view_contiguous(1, &one);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_I32, &one32, &v1, &big32, &v1, y32, &v1, 4), FXRT_OK);
  assert_int_equal(y32[0], 1);

  const int64_t mn[2] = {INT64_MIN, INT64_MIN}, m1[2] = {-1, -1};
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I64, mn, &v2, m1, &v2, y, &v2, 1), FXRT_OK);
  assert_true(y[0] == INT64_MIN);
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_I64, mn, &v2, m1, &v2, y, &v2, 1), FXRT_OK);
  assert_int_equal(y[0], 0);
  const int32_t mn32[2] = {INT32_MIN, 5}, m132[2] = {-1, -1};
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I32, mn32, &v2, m132, &v2, y32, &v2, 1), FXRT_OK);
  assert_true(y32[0] == INT32_MIN && y32[1] == -5);
}

/* Integer floor_divide and remainder by zero raise ZeroDivisionError in torch: FXRT_EINVAL. */
static void binary_int_division_by_zero(void **state) {
  (void)state;
  const int64_t n = 3;
  const fxrt_view v = fxrt_view_contiguous(1, &n);
  const int64_t a[3] = {1, 2, 3}, b[3] = {1, 0, 1};
  int64_t y[3];
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I64, a, &v, b, &v, y, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_I64, a, &v, b, &v, y, &v, 1), FXRT_EINVAL);
  const int32_t a32[3] = {1, 2, 3}, b32[3] = {0, 1, 1};
  int32_t y32[3];
  assert_int_equal(fxrt_binary(FXRT_B_FLOOR_DIV, FXRT_I32, a32, &v, b32, &v, y32, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_REM, FXRT_I32, a32, &v, b32, &v, y32, &v, 1), FXRT_EINVAL);
  /* float division by zero is IEEE: no error */
  const float af[3] = {1, -1, 0}, bf[3] = {0, 0, 0};
  float yf[3];
  assert_int_equal(fxrt_binary(FXRT_B_DIV, FXRT_F32, af, &v, bf, &v, yf, &v, 1), FXRT_OK);
  assert_true(yf[0] == INFINITY && yf[1] == -INFINITY && yf[2] != yf[2]);
}

/* bool: logical ops and (in)equality treat any nonzero byte as true and write 0/1. */
static void binary_bool(void **state) {
  (void)state;
  const int64_t n = 4;
  const fxrt_view v = fxrt_view_contiguous(1, &n);
  const uint8_t a[4] = {0, 0, 1, 2}, b[4] = {0, 1, 0, 1};
  uint8_t y[4];
  const uint8_t want_and[4] = {0, 0, 0, 1}, want_or[4] = {0, 1, 1, 1}, want_xor[4] = {0, 1, 1, 0};
  const uint8_t want_eq[4] = {1, 0, 0, 1};
  assert_int_equal(fxrt_binary(FXRT_B_AND, FXRT_BOOL, a, &v, b, &v, y, &v, 1), FXRT_OK);
  assert_memory_equal(y, want_and, 4);
  assert_int_equal(fxrt_binary(FXRT_B_OR, FXRT_BOOL, a, &v, b, &v, y, &v, 1), FXRT_OK);
  assert_memory_equal(y, want_or, 4);
  assert_int_equal(fxrt_binary(FXRT_B_XOR, FXRT_BOOL, a, &v, b, &v, y, &v, 1), FXRT_OK);
  assert_memory_equal(y, want_xor, 4);
  assert_int_equal(fxrt_binary(FXRT_B_EQ, FXRT_BOOL, a, &v, b, &v, y, &v, 1), FXRT_OK);
  assert_memory_equal(y, want_eq, 4);
}

static void binary_errors(void **state) {
  (void)state;
  const int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s3[1] = {3};
  const fxrt_view v = fxrt_view_contiguous(2, s23), w = fxrt_view_contiguous(2, s32), u = fxrt_view_contiguous(1, s3);
  float a[6] = {0}, b[6] = {0}, y[6];
  /* unsupported dtype/op pairs */
  for (int dt = 0; dt < FXRT_NUM_DTYPES; dt++) {
    for (int op = 0; op < FXRT_NUM_BINARY_OPS; op++) {
      if (binary_supported((fxrt_binary_op)op, (fxrt_dtype)dt)) continue;
      int64_t buf_a[6] = {1, 1, 1, 1, 1, 1}, buf_b[6] = {1, 1, 1, 1, 1, 1}, buf_y[6];
      const fxrt_status s = fxrt_binary((fxrt_binary_op)op, (fxrt_dtype)dt, buf_a, &v, buf_b, &v, buf_y, &v, 1);
      if (s != FXRT_EDTYPE) fail_msg("op %d dtype %d: want FXRT_EDTYPE, got %d", op, dt, (int)s);
    }
  }
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_NUM_DTYPES, a, &v, b, &v, y, &v, 1), FXRT_EDTYPE);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, (fxrt_dtype)-3, a, &v, b, &v, y, &v, 1), FXRT_EDTYPE);
  assert_int_equal(fxrt_binary(FXRT_NUM_BINARY_OPS, FXRT_F32, a, &v, b, &v, y, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary((fxrt_binary_op)-1, FXRT_F32, a, &v, b, &v, y, &v, 1), FXRT_EINVAL);
  /* views */
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, NULL, b, &v, y, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, b, NULL, y, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, b, &v, y, NULL, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &w, b, &v, y, &v, 1), FXRT_EINVAL); /* shapes differ */
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, b, &v, y, &w, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &u, b, &v, y, &v, 1), FXRT_EINVAL); /* ndim differs */
  fxrt_view bad = v;
  bad.ndim = FXRT_MAX_DIMS + 1;
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &bad, b, &bad, y, &bad, 1), FXRT_EINVAL);
  bad.ndim = -1;
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &bad, b, &bad, y, &bad, 1), FXRT_EINVAL);
  bad = v;
  bad.shape[0] = -2;
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &bad, b, &bad, y, &bad, 1), FXRT_EINVAL);
  bad = v;
  bad.stride[1] = -1; /* a flipped view whose offset was not moved to the end reaches before the buffer */
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &bad, b, &v, y, &v, 1), FXRT_EINVAL);
  bad = v;
  bad.offset = -1;
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, b, &v, y, &bad, 1), FXRT_EINVAL);
  bad = v;
  bad.stride[0] = INT64_MAX / 2; /* element indices overflow */
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &bad, b, &v, y, &v, 1), FXRT_EINVAL);
  fxrt_view h; /* 2^100 elements (built by hand: fxrt_view_contiguous's strides would overflow) */
  memset(&h, 0, sizeof h);
  h.ndim = 3;
  h.shape[0] = h.shape[1] = INT64_C(1) << 40;
  h.shape[2] = 1 << 20;
  h.stride[2] = 1;
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &h, b, &h, y, &h, 1), FXRT_EINVAL);
  /* data */
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, NULL, &v, b, &v, y, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, NULL, &v, y, &v, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, b, &v, NULL, &v, 1), FXRT_EINVAL);
  /* an empty tensor needs no memory */
  const int64_t s0[2] = {0, 3};
  const fxrt_view e = fxrt_view_contiguous(2, s0);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, NULL, &e, NULL, &e, NULL, &e, 1), FXRT_OK);
  /* an input dimension of size 1 broadcasts; an output dimension of size 1 against a larger input does not */
  const int64_t s13[2] = {1, 3};
  const fxrt_view r = fxrt_view_contiguous(2, s13);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &r, b, &v, y, &v, 1), FXRT_OK);
  assert_int_equal(fxrt_binary(FXRT_B_ADD, FXRT_F32, a, &v, b, &v, y, &r, 1), FXRT_EINVAL);
}

/* ---- where ----------------------------------------------------------------------------------------------------- */

static void where_against_naive_loop(void **state) {
  (void)state;
  for (int dt = 0; dt < FXRT_NUM_DTYPES; dt++) {
    const size_t size = fxrt_dtype_size((fxrt_dtype)dt);
    for (size_t c = 0; c < sizeof shape_cases / sizeof shape_cases[0]; c++) {
      const shape_case *sc = &shape_cases[c];
      for (int variant = 0; variant < 3; variant++) {
        const layout lc = variant == 0 ? CONTIG : (layout)((c + 1) % NUM_LAYOUTS);
        const layout la = variant == 0 ? CONTIG : (layout)(c % NUM_LAYOUTS);
        const layout lb = variant == 0 ? CONTIG : (layout)((c + 3) % NUM_LAYOUTS);
        const layout ly = variant == 0 ? CONTIG : (layout)((c + 2) % NUM_LAYOUTS);
        const unsigned mask_c = variant == 2 ? sc->mask_a | sc->mask_b : 0;
        int64_t span_c, span_a, span_b, span_y;
        const fxrt_view cv = make_input_view(sc->nd, sc->shape, mask_c, variant == 1, lc, &span_c);
        const fxrt_view av = make_input_view(sc->nd, sc->shape, sc->mask_a, variant == 1, la, &span_a);
        const fxrt_view bv = make_input_view(sc->nd, sc->shape, sc->mask_b, variant == 2, lb, &span_b);
        const fxrt_view yv = make_view(sc->nd, sc->shape, ly, &span_y);
        uint8_t *cond = malloc((size_t)span_c);
        char *a = malloc((size_t)span_a * size), *b = malloc((size_t)span_b * size), *y = malloc((size_t)span_y * size);
        bool *covered = calloc((size_t)span_y, 1);
        assert_true(cond && a && b && y && covered);
        for (int64_t i = 0; i < span_c; i++) cond[i] = (uint8_t)(rnd_int(0, 3) == 0 ? 0 : rnd_int(1, 2));
        for (int64_t i = 0; i < span_a * (int64_t)size; i++) a[i] = (char)rnd_int(0, 255);
        for (int64_t i = 0; i < span_b * (int64_t)size; i++) b[i] = (char)rnd_int(0, 255);
        memset(y, 0xA5, (size_t)span_y * size);
        assert_int_equal(fxrt_where((fxrt_dtype)dt, cond, &cv, a, &av, b, &bv, y, &yv), FXRT_OK);
        int64_t idx[FXRT_MAX_DIMS] = {0};
        if (numel_of(sc->nd, sc->shape) > 0) {
          do {
            const int64_t iy = at(&yv, idx);
            const bool take_a = cond[at(&cv, idx)] != 0;
            const char *src = take_a ? a + at(&av, idx) * (int64_t)size : b + at(&bv, idx) * (int64_t)size;
            covered[iy] = true;
            if (memcmp(y + iy * (int64_t)size, src, size) != 0)
              fail_msg("where dtype %d case %zu variant %d: wrong element at %lld", dt, c, variant, (long long)iy);
          } while (next_index(idx, sc->nd, sc->shape));
        }
        check_untouched(y, span_y, size, covered);
        free(cond);
        free(a);
        free(b);
        free(y);
        free(covered);
      }
    }
  }
}

/* torch.where(torch.tensor([True, False]), torch.tensor([1., 2.]), torch.tensor([3., 4.])) = [1., 4.] */
static void where_errors_and_torch_case(void **state) {
  (void)state;
  const int64_t n = 2;
  const fxrt_view v = fxrt_view_contiguous(1, &n);
  const uint8_t c[2] = {1, 0};
  const float a[2] = {1, 2}, b[2] = {3, 4};
  float y[2];
  assert_int_equal(fxrt_where(FXRT_F32, c, &v, a, &v, b, &v, y, &v), FXRT_OK);
  assert_true(y[0] == 1 && y[1] == 4);
  assert_int_equal(fxrt_where(FXRT_NUM_DTYPES, c, &v, a, &v, b, &v, y, &v), FXRT_EDTYPE);
  assert_int_equal(fxrt_where(FXRT_F32, NULL, &v, a, &v, b, &v, y, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_where(FXRT_F32, c, NULL, a, &v, b, &v, y, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_where(FXRT_F32, c, &v, NULL, &v, b, &v, y, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_where(FXRT_F32, c, &v, a, &v, b, &v, NULL, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_where(FXRT_F32, c, &v, a, &v, b, &v, y, NULL), FXRT_EINVAL);
  const int64_t three = 3;
  const fxrt_view w = fxrt_view_contiguous(1, &three);
  assert_int_equal(fxrt_where(FXRT_F32, c, &w, a, &v, b, &v, y, &v), FXRT_EINVAL);
  const fxrt_view s = fxrt_view_contiguous(0, &n);
  assert_int_equal(fxrt_where(FXRT_F32, c, &s, a, &v, b, &v, y, &v), FXRT_EINVAL); /* ndim differs */
}

/* ---- copy ------------------------------------------------------------------------------------------------------ */

#define COPY_MAXV 25
static const int copy_nvals[FXRT_NUM_DTYPES] = {22, 25, 17, 21, 17, 14, 11, 6, 5, 2};
/* The conversion matrix of Tensor.to, from torch 1.13 on x86-64 (its out-of-range float-to-int results are the
 * x86 conversion instructions'; torch gives the same for 1-element and 1000-element tensors). Generated with
 *   fl = [0, -0.0, 1, -1, 2.7, -2.7, 0.5, -0.5, 127.9, 300.5, -129.5, 65504, 65520, 70000.7, 1e10, -1e10, nan, inf,
 *         -inf]
 *   values = {float32: fl + [3e38, 1e-40, 2**31 - 0.5],
 *             float64: fl + [1e300, 1e-320, 2**31 - 0.5, 5e9 + 7, 4294967553.0, 2.0**63],
 *             float16: [0, -0.0, 1, -1, 2.7, -2.7, 0.5, -0.5, 127.9, 300.5, -129.5, 65504, 6e-8, 1e-4, nan, inf, -inf],
 *             bfloat16: fl + [3e38, 1e-40],
 *             int64: [0, 1, -1, 127, 128, 255, 256, -129, 300, 70000, 2**31, -2**31 - 1, 2**53 + 1, 2**63 - 1,
 *                     -2**63, 16777217, 65520],
 *             int32: [0, 1, -1, 127, 128, 255, 256, -129, 300, 70000, 2**31 - 1, -2**31, 16777217, 65520],
 *             int16: [0, 1, -1, 127, 128, 255, 256, -129, 300, 32767, -32768], int8: [0, 1, -1, 127, -128, 5],
 *             uint8: [0, 1, 127, 128, 255], bool: [False, True]}
 *   src = torch.tensor(values[s], dtype=s); expected = raw bits of src.to(d) for every pair (s, d).
 * copy_src holds the raw bits of each src, copy_expect[s][d] those of src.to(d). */
static const uint64_t copy_src[FXRT_NUM_DTYPES][COPY_MAXV] = {
    /* FXRT_F32 */
    {0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x402ccccd, 0xc02ccccd, 0x3f000000, 0xbf000000, 0x42ffcccd, 0x43964000,
     0xc3018000, 0x477fe000, 0x477ff000, 0x4788b85a, 0x501502f9, 0xd01502f9, 0x7fc00000, 0x7f800000, 0xff800000,
     0x7f61b1e6, 0x116c2, 0x4f000000},
    /* FXRT_F64 */
    {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x400599999999999a, 0xc00599999999999a,
     0x3fe0000000000000, 0xbfe0000000000000, 0x405ff9999999999a, 0x4072c80000000000, 0xc060300000000000,
     0x40effc0000000000, 0x40effe0000000000, 0x40f1170b33333333, 0x4202a05f20000000, 0xc202a05f20000000,
     0x7ff8000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7e37e43c8800759c, 0x7e8, 0x41dfffffffe00000,
     0x41f2a05f20700000, 0x41f0000010100000, 0x43e0000000000000},
    /* FXRT_F16 */
    {0x0, 0x8000, 0x3c00, 0xbc00, 0x4166, 0xc166, 0x3800, 0xb800, 0x57fe, 0x5cb2, 0xd80c, 0x7bff, 0x1, 0x68e, 0x7e00,
     0x7c00, 0xfc00},
    /* FXRT_BF16 */
    {0x0, 0x8000, 0x3f80, 0xbf80, 0x402d, 0xc02d, 0x3f00, 0xbf00, 0x4300, 0x4396, 0xc302, 0x4780, 0x4780, 0x4789,
     0x5015, 0xd015, 0x7fc0, 0x7f80, 0xff80, 0x7f62, 0x1},
    /* FXRT_I64 */
    {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x11170, 0x80000000,
     0xffffffff7fffffff, 0x20000000000001, 0x7fffffffffffffff, 0x8000000000000000, 0x1000001, 0xfff0},
    /* FXRT_I32 */
    {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x11170, 0x7fffffff,
     0xffffffff80000000, 0x1000001, 0xfff0},
    /* FXRT_I16 */
    {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x7fff, 0xffffffffffff8000},
    /* FXRT_I8 */ {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0x5},
    /* FXRT_U8 */ {0x0, 0x1, 0x7f, 0x80, 0xff},
    /* FXRT_BOOL */ {0x0, 0x1},
};
static const uint64_t copy_expect[FXRT_NUM_DTYPES][FXRT_NUM_DTYPES][COPY_MAXV] = {
    { /* from FXRT_F32 */
        /* to FXRT_F32 */
        {0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x402ccccd, 0xc02ccccd, 0x3f000000, 0xbf000000, 0x42ffcccd,
         0x43964000, 0xc3018000, 0x477fe000, 0x477ff000, 0x4788b85a, 0x501502f9, 0xd01502f9, 0x7fc00000, 0x7f800000,
         0xff800000, 0x7f61b1e6, 0x116c2, 0x4f000000},
        /* to FXRT_F64 */
        {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x40059999a0000000, 0xc0059999a0000000,
         0x3fe0000000000000, 0xbfe0000000000000, 0x405ff999a0000000, 0x4072c80000000000, 0xc060300000000000,
         0x40effc0000000000, 0x40effe0000000000, 0x40f1170b40000000, 0x4202a05f20000000, 0xc202a05f20000000,
         0x7ff8000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x47ec363cc0000000, 0x37a16c2000000000,
         0x41e0000000000000},
        /* to FXRT_F16 */
        {0x0, 0x8000, 0x3c00, 0xbc00, 0x4166, 0xc166, 0x3800, 0xb800, 0x57fe, 0x5cb2, 0xd80c, 0x7bff, 0x7c00, 0x7c00,
         0x7c00, 0xfc00, 0x7e00, 0x7c00, 0xfc00, 0x7c00, 0x0, 0x7c00},
        /* to FXRT_BF16 */
        {0x0, 0x8000, 0x3f80, 0xbf80, 0x402d, 0xc02d, 0x3f00, 0xbf00, 0x4300, 0x4396, 0xc302, 0x4780, 0x4780, 0x4789,
         0x5015, 0xd015, 0xffff, 0x7f80, 0xff80, 0x7f62, 0x1, 0x4f00},
        /* to FXRT_I64 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffe0, 0xfff0, 0x11170, 0x2540be400, 0xfffffffdabf41c00, 0x8000000000000000, 0x8000000000000000,
         0x8000000000000000, 0x8000000000000000, 0x0, 0x80000000},
        /* to FXRT_I32 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffe0, 0xfff0, 0x11170, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000,
         0xffffffff80000000, 0xffffffff80000000, 0x0, 0xffffffff80000000},
        /* to FXRT_I16 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffffffffffffffe0, 0xfffffffffffffff0, 0x1170, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_I8 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x2c, 0x7f, 0xffffffffffffffe0,
         0xfffffffffffffff0, 0x70, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_U8 */
        {0x0, 0x0, 0x1, 0xff, 0x2, 0xfe, 0x0, 0x0, 0x7f, 0x2c, 0x7f, 0xe0, 0xf0, 0x70, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
         0x0, 0x0},
        /* to FXRT_BOOL */
        {0x0, 0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_F64 */
        /* to FXRT_F32 */
        {0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x402ccccd, 0xc02ccccd, 0x3f000000, 0xbf000000, 0x42ffcccd,
         0x43964000, 0xc3018000, 0x477fe000, 0x477ff000, 0x4788b85a, 0x501502f9, 0xd01502f9, 0x7fc00000, 0x7f800000,
         0xff800000, 0x7f800000, 0x0, 0x4f000000, 0x4f9502f9, 0x4f800001, 0x5f000000},
        /* to FXRT_F64 */
        {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x400599999999999a, 0xc00599999999999a,
         0x3fe0000000000000, 0xbfe0000000000000, 0x405ff9999999999a, 0x4072c80000000000, 0xc060300000000000,
         0x40effc0000000000, 0x40effe0000000000, 0x40f1170b33333333, 0x4202a05f20000000, 0xc202a05f20000000,
         0x7ff8000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7e37e43c8800759c, 0x7e8, 0x41dfffffffe00000,
         0x41f2a05f20700000, 0x41f0000010100000, 0x43e0000000000000},
        /* to FXRT_F16 */
        {0x0, 0x8000, 0x3c00, 0xbc00, 0x4166, 0xc166, 0x3800, 0xb800, 0x57fe, 0x5cb2, 0xd80c, 0x7bff, 0x7c00, 0x7c00,
         0x7c00, 0xfc00, 0x7e00, 0x7c00, 0xfc00, 0x7c00, 0x0, 0x7c00, 0x7c00, 0x7c00, 0x7c00},
        /* to FXRT_BF16 */
        {0x0, 0x8000, 0x3f80, 0xbf80, 0x402d, 0xc02d, 0x3f00, 0xbf00, 0x4300, 0x4396, 0xc302, 0x4780, 0x4780, 0x4789,
         0x5015, 0xd015, 0x7fc0, 0x7f80, 0xff80, 0x7f80, 0x0, 0x4f00, 0x4f95, 0x4f80, 0x5f00},
        /* to FXRT_I64 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffe0, 0xfff0, 0x11170, 0x2540be400, 0xfffffffdabf41c00, 0x8000000000000000, 0x8000000000000000,
         0x8000000000000000, 0x8000000000000000, 0x0, 0x7fffffff, 0x12a05f207, 0x100000101, 0x8000000000000000},
        /* to FXRT_I32 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffe0, 0xfff0, 0x11170, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000,
         0xffffffff80000000, 0xffffffff80000000, 0x0, 0x7fffffff, 0xffffffff80000000, 0xffffffff80000000,
         0xffffffff80000000},
        /* to FXRT_I16 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffffffffffffffe0, 0xfffffffffffffff0, 0x1170, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0xffffffffffffffff, 0x0,
         0x0, 0x0},
        /* to FXRT_I8 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x2c, 0x7f, 0xffffffffffffffe0,
         0xfffffffffffffff0, 0x70, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0xffffffffffffffff, 0x0, 0x0, 0x0},
        /* to FXRT_U8 */
        {0x0, 0x0, 0x1, 0xff, 0x2, 0xfe, 0x0, 0x0, 0x7f, 0x2c, 0x7f, 0xe0, 0xf0, 0x70, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
         0x0, 0xff, 0x7, 0x1, 0x0},
        /* to FXRT_BOOL */
        {0x0, 0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1,
         0x1, 0x1, 0x1},
    },
    { /* from FXRT_F16 */
        /* to FXRT_F32 */
        {0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x402cc000, 0xc02cc000, 0x3f000000, 0xbf000000, 0x42ffc000,
         0x43964000, 0xc3018000, 0x477fe000, 0x33800000, 0x38d1c000, 0x7fc00000, 0x7f800000, 0xff800000},
        /* to FXRT_F64 */
        {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x4005980000000000, 0xc005980000000000,
         0x3fe0000000000000, 0xbfe0000000000000, 0x405ff80000000000, 0x4072c80000000000, 0xc060300000000000,
         0x40effc0000000000, 0x3e70000000000000, 0x3f1a380000000000, 0x7ff8000000000000, 0x7ff0000000000000,
         0xfff0000000000000},
        /* to FXRT_F16 */
        {0x0, 0x8000, 0x3c00, 0xbc00, 0x4166, 0xc166, 0x3800, 0xb800, 0x57fe, 0x5cb2, 0xd80c, 0x7bff, 0x1, 0x68e,
         0x7e00, 0x7c00, 0xfc00},
        /* to FXRT_BF16 */
        {0x0, 0x8000, 0x3f80, 0xbf80, 0x402d, 0xc02d, 0x3f00, 0xbf00, 0x4300, 0x4396, 0xc302, 0x4780, 0x3380, 0x38d2,
         0x7fc0, 0x7f80, 0xff80},
        /* to FXRT_I64 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffe0, 0x0, 0x0, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000},
        /* to FXRT_I32 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffe0, 0x0, 0x0, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000},
        /* to FXRT_I16 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x12c, 0xffffffffffffff7f,
         0xffffffffffffffe0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_I8 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x7f, 0x2c, 0x7f, 0xffffffffffffffe0,
         0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_U8 */ {0x0, 0x0, 0x1, 0xff, 0x2, 0xfe, 0x0, 0x0, 0x7f, 0x2c, 0x7f, 0xe0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_BOOL */ {0x0, 0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_BF16 */
        /* to FXRT_F32 */
        {0x0, 0x80000000, 0x3f800000, 0xbf800000, 0x402d0000, 0xc02d0000, 0x3f000000, 0xbf000000, 0x43000000,
         0x43960000, 0xc3020000, 0x47800000, 0x47800000, 0x47890000, 0x50150000, 0xd0150000, 0x7fc00000, 0x7f800000,
         0xff800000, 0x7f620000, 0x10000},
        /* to FXRT_F64 */
        {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x4005a00000000000, 0xc005a00000000000,
         0x3fe0000000000000, 0xbfe0000000000000, 0x4060000000000000, 0x4072c00000000000, 0xc060400000000000,
         0x40f0000000000000, 0x40f0000000000000, 0x40f1200000000000, 0x4202a00000000000, 0xc202a00000000000,
         0x7ff8000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x47ec400000000000, 0x37a0000000000000},
        /* to FXRT_F16 */
        {0x0, 0x8000, 0x3c00, 0xbc00, 0x4168, 0xc168, 0x3800, 0xb800, 0x5800, 0x5cb0, 0xd810, 0x7c00, 0x7c00, 0x7c00,
         0x7c00, 0xfc00, 0x7e00, 0x7c00, 0xfc00, 0x7c00, 0x0},
        /* to FXRT_BF16 */
        {0x0, 0x8000, 0x3f80, 0xbf80, 0x402d, 0xc02d, 0x3f00, 0xbf00, 0x4300, 0x4396, 0xc302, 0x4780, 0x4780, 0x4789,
         0x5015, 0xd015, 0x7fc0, 0x7f80, 0xff80, 0x7f62, 0x1},
        /* to FXRT_I64 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x80, 0x12c, 0xffffffffffffff7e,
         0x10000, 0x10000, 0x11200, 0x254000000, 0xfffffffdac000000, 0x8000000000000000, 0x8000000000000000,
         0x8000000000000000, 0x8000000000000000, 0x0},
        /* to FXRT_I32 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x80, 0x12c, 0xffffffffffffff7e,
         0x10000, 0x10000, 0x11200, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000, 0xffffffff80000000,
         0xffffffff80000000, 0xffffffff80000000, 0x0},
        /* to FXRT_I16 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0x80, 0x12c, 0xffffffffffffff7e, 0x0,
         0x0, 0x1200, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_I8 */
        {0x0, 0x0, 0x1, 0xffffffffffffffff, 0x2, 0xfffffffffffffffe, 0x0, 0x0, 0xffffffffffffff80, 0x2c, 0x7e, 0x0,
         0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_U8 */
        {0x0, 0x0, 0x1, 0xff, 0x2, 0xfe, 0x0, 0x0, 0x80, 0x2c, 0x7e, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0},
        /* to FXRT_BOOL */
        {0x0, 0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_I64 */
        /* to FXRT_F32 */
        {0x0, 0x3f800000, 0xbf800000, 0x42fe0000, 0x43000000, 0x437f0000, 0x43800000, 0xc3010000, 0x43960000,
         0x4788b800, 0x4f000000, 0xcf000000, 0x5a000000, 0x5f000000, 0xdf000000, 0x4b800000, 0x477ff000},
        /* to FXRT_F64 */
        {0x0, 0x3ff0000000000000, 0xbff0000000000000, 0x405fc00000000000, 0x4060000000000000, 0x406fe00000000000,
         0x4070000000000000, 0xc060200000000000, 0x4072c00000000000, 0x40f1170000000000, 0x41e0000000000000,
         0xc1e0000000200000, 0x4340000000000000, 0x43e0000000000000, 0xc3e0000000000000, 0x4170000010000000,
         0x40effe0000000000},
        /* to FXRT_F16 */
        {0x0, 0x3c00, 0xbc00, 0x57f0, 0x5800, 0x5bf8, 0x5c00, 0xd808, 0x5cb0, 0x7c00, 0x7c00, 0xfc00, 0x7c00, 0x7c00,
         0xfc00, 0x7c00, 0x7c00},
        /* to FXRT_BF16 */
        {0x0, 0x3f80, 0xbf80, 0x42fe, 0x4300, 0x437f, 0x4380, 0xc301, 0x4396, 0x4789, 0x4f00, 0xcf00, 0x5a00, 0x5f00,
         0xdf00, 0x4b80, 0x4780},
        /* to FXRT_I64 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x11170, 0x80000000,
         0xffffffff7fffffff, 0x20000000000001, 0x7fffffffffffffff, 0x8000000000000000, 0x1000001, 0xfff0},
        /* to FXRT_I32 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x11170,
         0xffffffff80000000, 0x7fffffff, 0x1, 0xffffffffffffffff, 0x0, 0x1000001, 0xfff0},
        /* to FXRT_I16 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x1170, 0x0,
         0xffffffffffffffff, 0x1, 0xffffffffffffffff, 0x0, 0x1, 0xfffffffffffffff0},
        /* to FXRT_I8 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0xffffffffffffffff, 0x0, 0x7f, 0x2c, 0x70, 0x0,
         0xffffffffffffffff, 0x1, 0xffffffffffffffff, 0x0, 0x1, 0xfffffffffffffff0},
        /* to FXRT_U8 */
        {0x0, 0x1, 0xff, 0x7f, 0x80, 0xff, 0x0, 0x7f, 0x2c, 0x70, 0x0, 0xff, 0x1, 0xff, 0x0, 0x1, 0xf0},
        /* to FXRT_BOOL */ {0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_I32 */
        /* to FXRT_F32 */
        {0x0, 0x3f800000, 0xbf800000, 0x42fe0000, 0x43000000, 0x437f0000, 0x43800000, 0xc3010000, 0x43960000,
         0x4788b800, 0x4f000000, 0xcf000000, 0x4b800000, 0x477ff000},
        /* to FXRT_F64 */
        {0x0, 0x3ff0000000000000, 0xbff0000000000000, 0x405fc00000000000, 0x4060000000000000, 0x406fe00000000000,
         0x4070000000000000, 0xc060200000000000, 0x4072c00000000000, 0x40f1170000000000, 0x41dfffffffc00000,
         0xc1e0000000000000, 0x4170000010000000, 0x40effe0000000000},
        /* to FXRT_F16 */
        {0x0, 0x3c00, 0xbc00, 0x57f0, 0x5800, 0x5bf8, 0x5c00, 0xd808, 0x5cb0, 0x7c00, 0x7c00, 0xfc00, 0x7c00, 0x7c00},
        /* to FXRT_BF16 */
        {0x0, 0x3f80, 0xbf80, 0x42fe, 0x4300, 0x437f, 0x4380, 0xc301, 0x4396, 0x4789, 0x4f00, 0xcf00, 0x4b80, 0x4780},
        /* to FXRT_I64 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x11170, 0x7fffffff,
         0xffffffff80000000, 0x1000001, 0xfff0},
        /* to FXRT_I32 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x11170, 0x7fffffff,
         0xffffffff80000000, 0x1000001, 0xfff0},
        /* to FXRT_I16 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x1170, 0xffffffffffffffff,
         0x0, 0x1, 0xfffffffffffffff0},
        /* to FXRT_I8 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0xffffffffffffffff, 0x0, 0x7f, 0x2c, 0x70,
         0xffffffffffffffff, 0x0, 0x1, 0xfffffffffffffff0},
        /* to FXRT_U8 */ {0x0, 0x1, 0xff, 0x7f, 0x80, 0xff, 0x0, 0x7f, 0x2c, 0x70, 0xff, 0x0, 0x1, 0xf0},
        /* to FXRT_BOOL */ {0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_I16 */
        /* to FXRT_F32 */
        {0x0, 0x3f800000, 0xbf800000, 0x42fe0000, 0x43000000, 0x437f0000, 0x43800000, 0xc3010000, 0x43960000,
         0x46fffe00, 0xc7000000},
        /* to FXRT_F64 */
        {0x0, 0x3ff0000000000000, 0xbff0000000000000, 0x405fc00000000000, 0x4060000000000000, 0x406fe00000000000,
         0x4070000000000000, 0xc060200000000000, 0x4072c00000000000, 0x40dfffc000000000, 0xc0e0000000000000},
        /* to FXRT_F16 */ {0x0, 0x3c00, 0xbc00, 0x57f0, 0x5800, 0x5bf8, 0x5c00, 0xd808, 0x5cb0, 0x7800, 0xf800},
        /* to FXRT_BF16 */ {0x0, 0x3f80, 0xbf80, 0x42fe, 0x4300, 0x437f, 0x4380, 0xc301, 0x4396, 0x4700, 0xc700},
        /* to FXRT_I64 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x7fff, 0xffffffffffff8000},
        /* to FXRT_I32 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x7fff, 0xffffffffffff8000},
        /* to FXRT_I16 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0x80, 0xff, 0x100, 0xffffffffffffff7f, 0x12c, 0x7fff, 0xffffffffffff8000},
        /* to FXRT_I8 */
        {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0xffffffffffffffff, 0x0, 0x7f, 0x2c,
         0xffffffffffffffff, 0x0},
        /* to FXRT_U8 */ {0x0, 0x1, 0xff, 0x7f, 0x80, 0xff, 0x0, 0x7f, 0x2c, 0xff, 0x0},
        /* to FXRT_BOOL */ {0x0, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_I8 */
        /* to FXRT_F32 */ {0x0, 0x3f800000, 0xbf800000, 0x42fe0000, 0xc3000000, 0x40a00000},
        /* to FXRT_F64 */
        {0x0, 0x3ff0000000000000, 0xbff0000000000000, 0x405fc00000000000, 0xc060000000000000, 0x4014000000000000},
        /* to FXRT_F16 */ {0x0, 0x3c00, 0xbc00, 0x57f0, 0xd800, 0x4500},
        /* to FXRT_BF16 */ {0x0, 0x3f80, 0xbf80, 0x42fe, 0xc300, 0x40a0},
        /* to FXRT_I64 */ {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0x5},
        /* to FXRT_I32 */ {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0x5},
        /* to FXRT_I16 */ {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0x5},
        /* to FXRT_I8 */ {0x0, 0x1, 0xffffffffffffffff, 0x7f, 0xffffffffffffff80, 0x5},
        /* to FXRT_U8 */ {0x0, 0x1, 0xff, 0x7f, 0x80, 0x5},
        /* to FXRT_BOOL */ {0x0, 0x1, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_U8 */
        /* to FXRT_F32 */ {0x0, 0x3f800000, 0x42fe0000, 0x43000000, 0x437f0000},
        /* to FXRT_F64 */ {0x0, 0x3ff0000000000000, 0x405fc00000000000, 0x4060000000000000, 0x406fe00000000000},
        /* to FXRT_F16 */ {0x0, 0x3c00, 0x57f0, 0x5800, 0x5bf8},
        /* to FXRT_BF16 */ {0x0, 0x3f80, 0x42fe, 0x4300, 0x437f},
        /* to FXRT_I64 */ {0x0, 0x1, 0x7f, 0x80, 0xff},
        /* to FXRT_I32 */ {0x0, 0x1, 0x7f, 0x80, 0xff},
        /* to FXRT_I16 */ {0x0, 0x1, 0x7f, 0x80, 0xff},
        /* to FXRT_I8 */ {0x0, 0x1, 0x7f, 0xffffffffffffff80, 0xffffffffffffffff},
        /* to FXRT_U8 */ {0x0, 0x1, 0x7f, 0x80, 0xff},
        /* to FXRT_BOOL */ {0x0, 0x1, 0x1, 0x1, 0x1},
    },
    { /* from FXRT_BOOL */
        /* to FXRT_F32 */ {0x0, 0x3f800000},
        /* to FXRT_F64 */ {0x0, 0x3ff0000000000000},
        /* to FXRT_F16 */ {0x0, 0x3c00},
        /* to FXRT_BF16 */ {0x0, 0x3f80},
        /* to FXRT_I64 */ {0x0, 0x1},
        /* to FXRT_I32 */ {0x0, 0x1},
        /* to FXRT_I16 */ {0x0, 0x1},
        /* to FXRT_I8 */ {0x0, 0x1},
        /* to FXRT_U8 */ {0x0, 0x1},
        /* to FXRT_BOOL */ {0x0, 0x1},
    },
};

static bool raw_is_nan(fxrt_dtype dt, uint64_t u) {
  switch (dt) {
  case FXRT_F32: return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu) != 0;
  case FXRT_F64: return (u & 0x7ff0000000000000u) == 0x7ff0000000000000u && (u & 0xfffffffffffffu) != 0;
  case FXRT_F16: return (u & 0x7c00u) == 0x7c00u && (u & 0x3ffu) != 0;
  case FXRT_BF16: return (u & 0x7f80u) == 0x7f80u && (u & 0x7fu) != 0;
  default: return false;
  }
}

static uint64_t raw_mask(fxrt_dtype dt) {
  const size_t size = fxrt_dtype_size(dt);
  return size == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (size * 8)) - 1);
}

static void check_converted(fxrt_dtype s, fxrt_dtype d, int k, uint64_t got) {
  const uint64_t want = copy_expect[s][d][k] & raw_mask(d);
  got &= raw_mask(d);
  if (raw_is_nan(d, want) ? !raw_is_nan(d, got) : got != want)
    fail_msg("%s -> %s of value %d (0x%llx): want 0x%llx, got 0x%llx", fxrt_dtype_name(s), fxrt_dtype_name(d), k,
             (unsigned long long)copy_src[s][k], (unsigned long long)want, (unsigned long long)got);
}

/* src.to(dst) for all 100 dtype pairs against torch, contiguous, and again through a flipped source and a padded,
 * transposed destination with the values repeated past the kernel's conversion chunk. */
static void copy_every_dtype_pair_matches_torch(void **state) {
  (void)state;
  for (int s = 0; s < FXRT_NUM_DTYPES; s++) {
    for (int d = 0; d < FXRT_NUM_DTYPES; d++) {
      const int n = copy_nvals[s];
      const int64_t n64 = n;
      unsigned char src[COPY_MAXV * 8], dst[COPY_MAXV * 8];
      for (int k = 0; k < n; k++) put_raw((fxrt_dtype)s, src, k, copy_src[s][k]);
      const fxrt_view v = fxrt_view_contiguous(1, &n64);
      assert_int_equal(fxrt_copy((fxrt_dtype)s, src, &v, (fxrt_dtype)d, dst, &v), FXRT_OK);
      for (int k = 0; k < n; k++) check_converted((fxrt_dtype)s, (fxrt_dtype)d, k, get_raw((fxrt_dtype)d, dst, k));

      const int64_t shape[2] = {37, n};
      int64_t span_s, span_d, span_t;
      const fxrt_view sv = make_view(2, shape, FLIPPED, &span_s), dv = make_view(2, shape, PADDED, &span_d);
      const fxrt_view dvt = make_view(2, shape, TRANSPOSED, &span_t);
      void *sbuf = malloc((size_t)span_s * 8), *dbuf = malloc((size_t)(span_d > span_t ? span_d : span_t) * 8);
      assert_true(sbuf && dbuf);
      int64_t idx[2] = {0, 0};
      do put_raw((fxrt_dtype)s, sbuf, at(&sv, idx), copy_src[s][idx[1]]);
      while (next_index(idx, 2, shape));
      const fxrt_view *dsts[2] = {&dv, &dvt};
      for (int t = 0; t < 2; t++) {
        assert_int_equal(fxrt_copy((fxrt_dtype)s, sbuf, &sv, (fxrt_dtype)d, dbuf, dsts[t]), FXRT_OK);
        do check_converted((fxrt_dtype)s, (fxrt_dtype)d, (int)idx[1], get_raw((fxrt_dtype)d, dbuf, at(dsts[t], idx)));
        while (next_index(idx, 2, shape));
      }
      free(sbuf);
      free(dbuf);
    }
  }
}

/* Same-dtype copies (permute, expand, flip, slices) over every shape and layout pair, exact and leaving the rest of
 * the destination alone; and a dtype change (f32 -> f16 and i64 -> f32) through the same views. */
static void copy_layouts(void **state) {
  (void)state;
  const fxrt_dtype pairs[][2] = {{FXRT_F32, FXRT_F32}, {FXRT_I8, FXRT_I8}, {FXRT_F16, FXRT_F16}, {FXRT_F64, FXRT_F64},
                                 {FXRT_F32, FXRT_F16}, {FXRT_I64, FXRT_F32}, {FXRT_BOOL, FXRT_I32}};
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
    const fxrt_dtype sdt = pairs[p][0], ddt = pairs[p][1];
    for (size_t c = 0; c < sizeof shape_cases / sizeof shape_cases[0]; c++) {
      const shape_case *sc = &shape_cases[c];
      for (int ls = 0; ls < NUM_LAYOUTS; ls++) {
        for (int ld = 0; ld < NUM_LAYOUTS; ld++) {
          int64_t span_s, span_d;
          /* the source may be an expand (stride 0 in mask_b's dimensions) */
          const fxrt_view sv = make_input_view(sc->nd, sc->shape, ls == ld ? sc->mask_b : 0, true, (layout)ls, &span_s);
          const fxrt_view dv = make_view(sc->nd, sc->shape, (layout)ld, &span_d);
          void *src = malloc((size_t)span_s * 8), *dst = malloc((size_t)span_d * 8);
          bool *covered = calloc((size_t)span_d, 1);
          assert_true(src && dst && covered);
          for (int64_t i = 0; i < span_s; i++) {
            if (is_float_dtype(sdt)) put_f(sdt, src, i, rnd_uniform(-100, 100));
            else put_i(sdt, src, i, sdt == FXRT_BOOL ? rnd_int(0, 1) : rnd_int(-100, 100));
          }
          memset(dst, 0xA5, (size_t)span_d * fxrt_dtype_size(ddt));
          assert_int_equal(fxrt_copy(sdt, src, &sv, ddt, dst, &dv), FXRT_OK);
          int64_t idx[FXRT_MAX_DIMS] = {0};
          if (numel_of(sc->nd, sc->shape) > 0) {
            do {
              const int64_t is = at(&sv, idx), id = at(&dv, idx);
              covered[id] = true;
              bool ok;
              if (sdt == ddt) ok = get_raw(sdt, src, is) == get_raw(ddt, dst, id);
              else if (ddt == FXRT_F16) ok = get_raw(ddt, dst, id) == fxrt_f32_to_f16((float)get_f(sdt, src, is));
              else if (ddt == FXRT_F32) ok = get_f(ddt, dst, id) == (double)(float)get_i(sdt, src, is);
              else ok = get_i(ddt, dst, id) == get_i(sdt, src, is);
              if (!ok) fail_msg("copy %d->%d case %zu layouts %d/%d: wrong element", (int)sdt, (int)ddt, c, ls, ld);
            } while (next_index(idx, sc->nd, sc->shape));
          }
          check_untouched(dst, span_d, fxrt_dtype_size(ddt), covered);
          free(src);
          free(dst);
          free(covered);
        }
      }
    }
  }
}

/* torch.cat([x, y], dim=1) as two copies into slices of the output. */
static void copy_cat_into_slices(void **state) {
  (void)state;
  const int64_t xs[2] = {3, 2}, ys[2] = {3, 4}, out_shape[2] = {3, 6};
  const float x[6] = {1, 2, 3, 4, 5, 6}, y[12] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21};
  float out[18];
  const fxrt_view xv = fxrt_view_contiguous(2, xs), yv = fxrt_view_contiguous(2, ys);
  fxrt_view slice = fxrt_view_contiguous(2, out_shape);
  slice.shape[1] = 2;
  assert_int_equal(fxrt_copy(FXRT_F32, x, &xv, FXRT_F32, out, &slice), FXRT_OK);
  slice.shape[1] = 4;
  slice.offset = 2;
  assert_int_equal(fxrt_copy(FXRT_F32, y, &yv, FXRT_F32, out, &slice), FXRT_OK);
  const float want[18] = {1, 2, 10, 11, 12, 13, 3, 4, 14, 15, 16, 17, 5, 6, 18, 19, 20, 21};
  for (int i = 0; i < 18; i++) assert_true(out[i] == want[i]);
}

static void copy_errors(void **state) {
  (void)state;
  const int64_t s23[2] = {2, 3}, s13[2] = {1, 3}, s6[1] = {6};
  const fxrt_view v = fxrt_view_contiguous(2, s23), r = fxrt_view_contiguous(2, s13), f = fxrt_view_contiguous(1, s6);
  float a[6] = {0}, y[6];
  assert_int_equal(fxrt_copy(FXRT_NUM_DTYPES, a, &v, FXRT_F32, y, &v), FXRT_EDTYPE);
  assert_int_equal(fxrt_copy(FXRT_F32, a, &v, (fxrt_dtype)-1, y, &v), FXRT_EDTYPE);
  assert_int_equal(fxrt_copy(FXRT_F32, a, &r, FXRT_F32, y, &v), FXRT_EINVAL); /* copy does not broadcast */
  assert_int_equal(fxrt_copy(FXRT_F32, a, &f, FXRT_F32, y, &v), FXRT_EINVAL); /* ndim differs */
  assert_int_equal(fxrt_copy(FXRT_F32, a, NULL, FXRT_F32, y, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_copy(FXRT_F32, a, &v, FXRT_F32, y, NULL), FXRT_EINVAL);
  assert_int_equal(fxrt_copy(FXRT_F32, NULL, &v, FXRT_F32, y, &v), FXRT_EINVAL);
  assert_int_equal(fxrt_copy(FXRT_F32, a, &v, FXRT_F32, NULL, &v), FXRT_EINVAL);
  fxrt_view bad = v;
  bad.stride[0] = -3;
  assert_int_equal(fxrt_copy(FXRT_F32, a, &bad, FXRT_F32, y, &v), FXRT_EINVAL);
  bad = v;
  bad.ndim = 9;
  assert_int_equal(fxrt_copy(FXRT_F32, a, &bad, FXRT_F32, y, &bad), FXRT_EINVAL);
  const int64_t s0[3] = {2, 0, 5};
  const fxrt_view e = fxrt_view_contiguous(3, s0);
  assert_int_equal(fxrt_copy(FXRT_F32, NULL, &e, FXRT_I8, NULL, &e), FXRT_OK);
  /* ndim 0 */
  const fxrt_view sc = fxrt_view_contiguous(0, s0);
  const double d = -2.7;
  int8_t i8 = 0;
  assert_int_equal(fxrt_copy(FXRT_F64, &d, &sc, FXRT_I8, &i8, &sc), FXRT_OK);
  assert_int_equal(i8, -2);
}

/* ---- fill and arange ------------------------------------------------------------------------------------------- */

/* torch.empty(3, dtype=...).fill_(v) in torch 1.13: int64 2.7 -> 2, -2.7 -> -2; bool 0.5 -> True, nan -> True;
 * uint8 -1 -> 255, -129 -> 127; and "value cannot be converted to type ... without overflow" for int8 200, -129,
 * 127.9; uint8 300, 255.5; int32 3e9; int64 nan, 1e30; int16 -32768.9; float16 1e6; float32 1e300. */
static void fill_matches_torch(void **state) {
  (void)state;
  int64_t i64[100];
  assert_int_equal(fxrt_fill(FXRT_I64, i64, 100, 2.7), FXRT_OK);
  for (int i = 0; i < 100; i++) assert_int_equal(i64[i], 2);
  assert_int_equal(fxrt_fill(FXRT_I64, i64, 3, -2.7), FXRT_OK);
  assert_true(i64[0] == -2 && i64[2] == -2 && i64[3] == 2);
  uint8_t u8[5];
  assert_int_equal(fxrt_fill(FXRT_BOOL, u8, 5, 0.5), FXRT_OK);
  for (int i = 0; i < 5; i++) assert_int_equal(u8[i], 1);
  assert_int_equal(fxrt_fill(FXRT_BOOL, u8, 5, NAN), FXRT_OK);
  assert_int_equal(u8[4], 1);
  assert_int_equal(fxrt_fill(FXRT_BOOL, u8, 5, -0.0), FXRT_OK);
  assert_int_equal(u8[4], 0);
  assert_int_equal(fxrt_fill(FXRT_U8, u8, 5, -1), FXRT_OK);
  assert_int_equal(u8[0], 255);
  assert_int_equal(fxrt_fill(FXRT_U8, u8, 5, -129), FXRT_OK);
  assert_int_equal(u8[0], 127);
  const struct { fxrt_dtype dt; double v; } refused[] = {
      {FXRT_I8, 200},      {FXRT_I8, -129},  {FXRT_I8, 127.9},      {FXRT_U8, 300},   {FXRT_U8, 255.5},
      {FXRT_I32, 3e9},     {FXRT_I64, NAN},  {FXRT_I64, 1e30},      {FXRT_I64, INFINITY}, {FXRT_I16, -32768.9},
      {FXRT_F16, 1e6},     {FXRT_F32, 1e300}, {FXRT_BF16, 1e39},
  };
  int64_t buf[4];
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    if (fxrt_fill(refused[i].dt, buf, 4, refused[i].v) != FXRT_EINVAL)
      fail_msg("fill %s with %g: want FXRT_EINVAL", fxrt_dtype_name(refused[i].dt), refused[i].v);
  }
  float f[7];
  assert_int_equal(fxrt_fill(FXRT_F32, f, 7, INFINITY), FXRT_OK);
  assert_true(f[6] == INFINITY);
  assert_int_equal(fxrt_fill(FXRT_F32, f, 7, 0.1), FXRT_OK);
  assert_true(f[0] == 0.1f && f[6] == 0.1f);
  uint16_t h[3];
  assert_int_equal(fxrt_fill(FXRT_F16, h, 3, 0.1), FXRT_OK); /* torch.tensor(0.1).half() is 0x2e66 */
  assert_int_equal(h[2], 0x2e66);
  assert_int_equal(fxrt_fill(FXRT_BF16, h, 3, -1.0), FXRT_OK);
  assert_int_equal(h[1], 0xbf80);
  double d[2];
  assert_int_equal(fxrt_fill(FXRT_F64, d, 2, 1e300), FXRT_OK);
  assert_true(d[1] == 1e300);
  int32_t i32[2];
  assert_int_equal(fxrt_fill(FXRT_I32, i32, 2, -2147483648.0), FXRT_OK);
  assert_true(i32[1] == INT32_MIN);
  int16_t i16[2];
  assert_int_equal(fxrt_fill(FXRT_I16, i16, 2, -32768.5 + 0.5), FXRT_OK);
  assert_int_equal(i16[0], -32768);
  int8_t i8[2];
  assert_int_equal(fxrt_fill(FXRT_I8, i8, 2, -127.9), FXRT_OK);
  assert_int_equal(i8[1], -127);
  /* errors */
  assert_int_equal(fxrt_fill(FXRT_NUM_DTYPES, f, 7, 0), FXRT_EDTYPE);
  assert_int_equal(fxrt_fill(FXRT_F32, f, -1, 0), FXRT_EINVAL);
  assert_int_equal(fxrt_fill(FXRT_F32, NULL, 7, 0), FXRT_EINVAL);
  assert_int_equal(fxrt_fill(FXRT_F32, NULL, 0, 0), FXRT_OK);
}

/* torch.arange in torch 1.13:
 *   arange(0, 1, 0.1, dtype=float32) = [0, 0.100000001, 0.200000003, 0.300000012, 0.400000006, 0.5, 0.600000024,
 *                                        0.699999988, 0.800000012, 0.899999976]
 *   arange(0.5, 4, 1.5, dtype=int64) = [0, 1, 2, 3]   (start and step truncated to int64 first)
 *   arange(-2.5, 3, 1.7, dtype=int64) = [-2, -1, 0, 1, 2]
 *   arange(5, 0, -2, dtype=int32) = [5, 3, 1];  arange(-2.5, 3, 1.7, dtype=int32) = [-2, -1, 0, 1]
 *   arange(250, 260, 3, dtype=uint8) = [250, 253, 0, 3];  arange(-2.5, 3, 1.7, dtype=uint8) = [254, 255, 0, 1]
 *   arange(-2.5, 3, 1.7, dtype=float16) = [-2.5, -0.7998046875, 0.89990234375, 2.599609375]
 * (the element count is the caller's: torch computes it from the end) */
static void arange_matches_torch(void **state) {
  (void)state;
  float f[10];
  const float fw[10] = {0.0f, 0.100000001f, 0.200000003f, 0.300000012f, 0.400000006f,
                        0.5f, 0.600000024f, 0.699999988f, 0.800000012f, 0.899999976f};
  assert_int_equal(fxrt_arange(FXRT_F32, f, 10, 0, 0.1), FXRT_OK);
  for (int i = 0; i < 10; i++) assert_true(f[i] == fw[i]);
  int64_t i64[5];
  assert_int_equal(fxrt_arange(FXRT_I64, i64, 4, 0.5, 1.5), FXRT_OK);
  for (int i = 0; i < 4; i++) assert_int_equal(i64[i], i);
  assert_int_equal(fxrt_arange(FXRT_I64, i64, 5, -2.5, 1.7), FXRT_OK);
  for (int i = 0; i < 5; i++) assert_int_equal(i64[i], i - 2);
  int32_t i32[4];
  assert_int_equal(fxrt_arange(FXRT_I32, i32, 3, 5, -2), FXRT_OK);
  assert_true(i32[0] == 5 && i32[1] == 3 && i32[2] == 1);
  assert_int_equal(fxrt_arange(FXRT_I32, i32, 4, -2.5, 1.7), FXRT_OK);
  assert_true(i32[0] == -2 && i32[1] == -1 && i32[2] == 0 && i32[3] == 1);
  uint8_t u8[4];
  assert_int_equal(fxrt_arange(FXRT_U8, u8, 4, 250, 3), FXRT_OK);
  assert_true(u8[0] == 250 && u8[1] == 253 && u8[2] == 0 && u8[3] == 3);
  assert_int_equal(fxrt_arange(FXRT_U8, u8, 4, -2.5, 1.7), FXRT_OK);
  assert_true(u8[0] == 254 && u8[1] == 255 && u8[2] == 0 && u8[3] == 1);
  uint16_t h[4];
  const double hw[4] = {-2.5, -0.7998046875, 0.89990234375, 2.599609375};
  assert_int_equal(fxrt_arange(FXRT_F16, h, 4, -2.5, 1.7), FXRT_OK);
  for (int i = 0; i < 4; i++) assert_true(fxrt_f16_to_f32(h[i]) == hw[i]);
  double d[1000];
  assert_int_equal(fxrt_arange(FXRT_F64, d, 1000, -3, 0.25), FXRT_OK);
  for (int i = 0; i < 1000; i++) assert_true(d[i] == -3 + 0.25 * i);
  int8_t i8[3];
  assert_int_equal(fxrt_arange(FXRT_I8, i8, 3, 126, 1), FXRT_OK);
  assert_true(i8[0] == 126 && i8[1] == 127 && i8[2] == -128);
  /* errors: bool has no arange in torch; step 0 and non-finite bounds are refused */
  assert_int_equal(fxrt_arange(FXRT_BOOL, u8, 2, 0, 1), FXRT_EDTYPE);
  assert_int_equal(fxrt_arange(FXRT_NUM_DTYPES, u8, 2, 0, 1), FXRT_EDTYPE);
  assert_int_equal(fxrt_arange(FXRT_F32, f, 2, 0, 0), FXRT_EINVAL);
  assert_int_equal(fxrt_arange(FXRT_F32, f, 2, NAN, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_arange(FXRT_F32, f, 2, 0, INFINITY), FXRT_EINVAL);
  assert_int_equal(fxrt_arange(FXRT_I64, i64, 2, 1e20, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_arange(FXRT_F32, f, -1, 0, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_arange(FXRT_F32, NULL, 2, 0, 1), FXRT_EINVAL);
  assert_int_equal(fxrt_arange(FXRT_F32, NULL, 0, 0, 1), FXRT_OK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(unary_matches_torch),
      cmocka_unit_test(unary_dense_against_double),
      cmocka_unit_test(special_identities),
      cmocka_unit_test(unary_edge_cases),
      cmocka_unit_test(expf_against_double),
      cmocka_unit_test(erff_against_double),
      cmocka_unit_test(unary_errors),
      cmocka_unit_test(binary_against_naive_loop),
      cmocka_unit_test(binary_in_place),
      cmocka_unit_test(binary_float_floor_div_and_remainder),
      cmocka_unit_test(binary_float_edge_cases),
      cmocka_unit_test(binary_int_edge_cases),
      cmocka_unit_test(binary_int_division_by_zero),
      cmocka_unit_test(binary_bool),
      cmocka_unit_test(binary_errors),
      cmocka_unit_test(where_against_naive_loop),
      cmocka_unit_test(where_errors_and_torch_case),
      cmocka_unit_test(copy_every_dtype_pair_matches_torch),
      cmocka_unit_test(copy_layouts),
      cmocka_unit_test(copy_cat_into_slices),
      cmocka_unit_test(copy_errors),
      cmocka_unit_test(fill_matches_torch),
      cmocka_unit_test(arange_matches_torch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
