/* test_core.c: fxrt_core.c: statuses, dtype sizes and names, views, f16/bf16 conversions and fxrt_act_apply.
 *
 * The half-precision conversions are checked exhaustively where that is cheap (all 65536 bit patterns decoded
 * against an ldexp-based reference; every finite half round-tripped; the midpoint between every pair of adjacent
 * halves must round to the even one, and a float either side of it to the nearer one), against an independent
 * rounding reference on random floats, and against values torch 1.13 gives (torch.tensor(v).half(),
 * .bfloat16()). fxrt_act_apply is checked against torch 1.13's activations on a grid including -0.0 and NaN.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fxrt.h"

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static float bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t rnd32(void) { /* xorshift64* */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return (uint32_t)((rng * 2685821657736338717u) >> 32);
}

/* ---- statuses, dtypes, views ----------------------------------------------------------------------------------- */

static void status_strings(void **state) {
  (void)state;
  const fxrt_status all[] = {FXRT_OK, FXRT_EINVAL, FXRT_EDTYPE, FXRT_ERANGE, FXRT_ENOTSUP, FXRT_EWORKSPACE};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    const char *s = fxrt_status_str(all[i]);
    assert_non_null(s);
    assert_true(strlen(s) > 0);
    for (size_t j = 0; j < i; j++) assert_string_not_equal(s, fxrt_status_str(all[j]));
  }
  assert_string_equal(fxrt_status_str(FXRT_OK), "ok");
  assert_non_null(fxrt_status_str((fxrt_status)99)); /* unknown: still a string */
}

static void dtype_sizes_and_names(void **state) {
  (void)state;
  const size_t sizes[FXRT_NUM_DTYPES] = {4, 8, 2, 2, 8, 4, 2, 1, 1, 1};
  const char *names[FXRT_NUM_DTYPES] = {"f32", "f64", "f16", "bf16", "i64", "i32", "i16", "i8", "u8", "bool"};
  for (int d = 0; d < FXRT_NUM_DTYPES; d++) {
    assert_int_equal(fxrt_dtype_size((fxrt_dtype)d), sizes[d]);
    assert_string_equal(fxrt_dtype_name((fxrt_dtype)d), names[d]);
  }
  assert_int_equal(fxrt_dtype_size(FXRT_NUM_DTYPES), 0);
  assert_int_equal(fxrt_dtype_size((fxrt_dtype)-1), 0);
  assert_string_equal(fxrt_dtype_name(FXRT_NUM_DTYPES), "?");
  assert_string_equal(fxrt_dtype_name((fxrt_dtype)1000), "?");
}

static void views(void **state) {
  (void)state;
  const int64_t shape[3] = {2, 3, 4};
  fxrt_view v = fxrt_view_contiguous(3, shape);
  assert_int_equal(v.ndim, 3);
  assert_int_equal(v.offset, 0);
  assert_int_equal(v.stride[0], 12);
  assert_int_equal(v.stride[1], 4);
  assert_int_equal(v.stride[2], 1);
  for (int d = 0; d < 3; d++) assert_int_equal(v.shape[d], shape[d]);
  assert_int_equal(fxrt_view_numel(&v), 24);

  const int64_t empty[3] = {3, 0, 2};
  fxrt_view e = fxrt_view_contiguous(3, empty);
  assert_int_equal(fxrt_view_numel(&e), 0);
  assert_int_equal(e.stride[2], 1);
  assert_int_equal(e.stride[1], 2);

  fxrt_view s = fxrt_view_contiguous(0, shape); /* a scalar: one element */
  assert_int_equal(s.ndim, 0);
  assert_int_equal(fxrt_view_numel(&s), 1);

  const int64_t big[FXRT_MAX_DIMS] = {2, 1, 3, 1, 2, 2, 1, 5};
  fxrt_view b = fxrt_view_contiguous(FXRT_MAX_DIMS, big);
  assert_int_equal(fxrt_view_numel(&b), 120);
  assert_int_equal(b.stride[7], 1);
  assert_int_equal(b.stride[0], 60);
  assert_int_equal(b.stride[2], 20);
  /* Unused trailing slots are zero, so views compare and hash predictably. */
  assert_int_equal(v.shape[5], 0);
  assert_int_equal(v.stride[5], 0);
}

/* ---- f16 ------------------------------------------------------------------------------------------------------- */

/* IEEE binary16 decoded with ldexp: an independent reference. */
static double f16_reference(uint16_t h) {
  const int sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v;
  if (exp == 0x1f) v = mant ? NAN : INFINITY;
  else if (exp == 0) v = ldexp(mant, -24);
  else v = ldexp(1024 + mant, exp - 25);
  return sign ? -v : v;
}

static void f16_to_f32_every_pattern(void **state) {
  (void)state;
  for (uint32_t h = 0; h < 0x10000; h++) {
    const float got = fxrt_f16_to_f32((uint16_t)h);
    const double want = f16_reference((uint16_t)h);
    if (want != want) {
      if (got == got) fail_msg("f16 0x%04x: want NaN, got %g", h, got);
      continue;
    }
    if ((double)got != want || (signbit(got) != 0) != ((h & 0x8000) != 0))
      fail_msg("f16 0x%04x: want %.17g, got %.17g", h, want, (double)got);
  }
  assert_true(fxrt_f16_to_f32(0x7c00) == INFINITY);
  assert_true(fxrt_f16_to_f32(0xfc00) == -INFINITY);
  assert_true(fxrt_f16_to_f32(0x0001) == 5.9604644775390625e-08f); /* smallest subnormal, 2^-24 */
  assert_true(fxrt_f16_to_f32(0x03ff) == 6.097555160522461e-05f);  /* largest subnormal */
  assert_true(fxrt_f16_to_f32(0x7bff) == 65504.0f);
}

static bool f16_is_nan(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0; }

static void f16_round_trip(void **state) {
  (void)state;
  for (uint32_t h = 0; h < 0x10000; h++) {
    const uint16_t back = fxrt_f32_to_f16(fxrt_f16_to_f32((uint16_t)h));
    if (f16_is_nan((uint16_t)h)) {
      if (!f16_is_nan(back)) fail_msg("NaN 0x%04x came back as 0x%04x", h, back);
    } else if (back != h) {
      fail_msg("f16 0x%04x came back as 0x%04x", h, back);
    }
  }
}

/* Between adjacent halves a and a+1 (same sign), the exact midpoint goes to the one with an even mantissa and
 * the floats either side of it to the nearer one. The midpoint of 65504 and 65536 (65520) is the overflow
 * threshold: it rounds to the "even" 0x7c00 = inf. */
static void f16_ties_to_even(void **state) {
  (void)state;
  for (uint32_t sign = 0; sign <= 0x8000; sign += 0x8000) {
    for (uint32_t a = 0; a < 0x7c00; a++) {
      const uint16_t lo = (uint16_t)(sign | a), hi = (uint16_t)(sign | (a + 1));
      const double vlo = f16_reference(lo), vhi = a + 1 == 0x7c00 ? (sign ? -65536.0 : 65536.0) : f16_reference(hi);
      const float mid = (float)((vlo + vhi) / 2); /* exact: 12 significant bits */
      assert_true((double)mid == (vlo + vhi) / 2);
      const uint16_t even = (a & 1) ? hi : lo;
      const uint16_t got = fxrt_f32_to_f16(mid);
      if (got != even) fail_msg("midpoint %.17g of 0x%04x/0x%04x: got 0x%04x", (double)mid, lo, hi, got);
      const float below = nextafterf(mid, (float)vlo), above = nextafterf(mid, (float)vhi);
      if (fxrt_f32_to_f16(below) != lo) fail_msg("below midpoint of 0x%04x: 0x%04x", lo, fxrt_f32_to_f16(below));
      if (fxrt_f32_to_f16(above) != hi) fail_msg("above midpoint of 0x%04x: 0x%04x", lo, fxrt_f32_to_f16(above));
    }
  }
}

/* Round-to-nearest-even of a float to binary16 computed in double: the quantum is 2^(e-10) with e the binade's
 * exponent (at least -14, the subnormal quantum 2^-24); nearbyint breaks ties to even. */
static double f16_round_reference(float f) {
  const double x = f;
  if (x == 0) return x;
  int e;
  frexp(x, &e); /* |x| in [2^(e-1), 2^e) */
  e = e - 1 < -14 ? -14 : e - 1;
  const double q = ldexp(1.0, e - 10);
  const double r = nearbyint(x / q) * q;
  return fabs(r) >= 65536.0 ? copysign(INFINITY, x) : r;
}

static void f16_random_against_reference(void **state) {
  (void)state;
  for (int i = 0; i < 200000; i++) {
    /* Floats spread over the half range and around it: exponents 2^-30 .. 2^17. */
    const uint32_t bits = (rnd32() & 0x807fffffu) | ((uint32_t)(97 + rnd32() % 48) << 23);
    const float f = bits_f32(bits);
    const double want = f16_round_reference(f);
    const uint16_t h = fxrt_f32_to_f16(f);
    const float got = fxrt_f16_to_f32(h);
    if ((double)got != want || signbit(got) != signbit(f))
      fail_msg("f32 %.9g (0x%08x) -> 0x%04x = %.9g, want %.9g", (double)f, bits, h, (double)got, want);
  }
}

/* torch.tensor(values, dtype=torch.float32).half().view(torch.int16) in torch 1.13. */
static void f16_torch_values(void **state) {
  (void)state;
  const float in[] = {65504.0f,    65520.0f,      65519.9883f,     9.99999994e-09f, 2.98023224e-08f, 2.99000007e-08f,
                      5.96000014e-08f, 8.93999967e-08f, 5.99999985e-05f, 1.00048828f, 1.00146484f, -0.0f,
                      6.09755516e-05f, 6.10351562e-05f, 1.00000002e+30f, -1e-30f,        -65520.0f,       0.100000001f};
  const uint16_t want[] = {0x7bff, 0x7c00, 0x7bff, 0x0,   0x0,    0x1,    0x1,    0x1,    0x3ef,
                           0x3c00, 0x3c02, 0x8000, 0x3ff, 0x400, 0x7c00, 0x8000, 0xfc00, 0x2e66};
  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
    if (fxrt_f32_to_f16(in[i]) != want[i])
      fail_msg("half(%.9g): want 0x%04x, got 0x%04x", (double)in[i], want[i], fxrt_f32_to_f16(in[i]));
  }
  assert_true(f16_is_nan(fxrt_f32_to_f16(NAN)));
  assert_true(f16_is_nan(fxrt_f32_to_f16(-NAN)));
  assert_true(f16_is_nan(fxrt_f32_to_f16(bits_f32(0x7f800001u)))); /* a NaN whose payload is in the low bits */
  assert_int_equal(fxrt_f32_to_f16(INFINITY), 0x7c00);
  assert_int_equal(fxrt_f32_to_f16(-INFINITY), 0xfc00);
  assert_int_equal(fxrt_f32_to_f16(FLT_MAX), 0x7c00);
  assert_int_equal(fxrt_f32_to_f16(bits_f32(1)), 0); /* the smallest float subnormal */
}

/* ---- bf16 ------------------------------------------------------------------------------------------------------ */

static double bf16_reference(uint16_t h) {
  const int sign = h >> 15, exp = (h >> 7) & 0xff, mant = h & 0x7f;
  double v;
  if (exp == 0xff) v = mant ? NAN : INFINITY;
  else if (exp == 0) v = ldexp(mant, -133);
  else v = ldexp(128 + mant, exp - 134);
  return sign ? -v : v;
}

static bool bf16_is_nan(uint16_t h) { return (h & 0x7f80) == 0x7f80 && (h & 0x7f) != 0; }

static void bf16_every_pattern_and_round_trip(void **state) {
  (void)state;
  for (uint32_t h = 0; h < 0x10000; h++) {
    const float got = fxrt_bf16_to_f32((uint16_t)h);
    const double want = bf16_reference((uint16_t)h);
    if (want != want) {
      if (got == got) fail_msg("bf16 0x%04x: want NaN, got %g", h, (double)got);
      if (!bf16_is_nan(fxrt_f32_to_bf16(got))) fail_msg("bf16 NaN 0x%04x did not come back a NaN", h);
      continue;
    }
    if ((double)got != want || (signbit(got) != 0) != ((h & 0x8000) != 0))
      fail_msg("bf16 0x%04x: want %.17g, got %.17g", h, want, (double)got);
    if (fxrt_f32_to_bf16(got) != h) fail_msg("bf16 0x%04x came back as 0x%04x", h, fxrt_f32_to_bf16(got));
  }
}

static void bf16_ties_to_even(void **state) {
  (void)state;
  for (uint32_t sign = 0; sign <= 0x8000; sign += 0x8000) {
    for (uint32_t a = 0; a < 0x7f80; a++) {
      const uint16_t lo = (uint16_t)(sign | a), hi = (uint16_t)(sign | (a + 1));
      /* The float halfway between: the bf16 pattern followed by 0x8000 (exact by construction). */
      const float mid = bits_f32(((uint32_t)lo << 16) | 0x8000u);
      const uint16_t even = (a & 1) ? hi : lo;
      if (fxrt_f32_to_bf16(mid) != even) fail_msg("midpoint after 0x%04x: got 0x%04x", lo, fxrt_f32_to_bf16(mid));
      const float below = bits_f32(((uint32_t)lo << 16) | 0x7fffu), above = bits_f32(((uint32_t)lo << 16) | 0x8001u);
      if (fxrt_f32_to_bf16(below) != lo) fail_msg("below midpoint after 0x%04x: 0x%04x", lo, fxrt_f32_to_bf16(below));
      if (fxrt_f32_to_bf16(above) != hi) fail_msg("above midpoint after 0x%04x: 0x%04x", lo, fxrt_f32_to_bf16(above));
    }
  }
}

/* torch.tensor(values, dtype=torch.float32).bfloat16().view(torch.int16) in torch 1.13. 1.9999999 (0x3fffffff)
 * rounds up into the next binade (2.0); FLT_MAX-ish values beyond the largest bf16 round to inf. */
static void bf16_torch_values(void **state) {
  (void)state;
  const float in[] = {1.00390625f, 1.01171875f, 1.00390625f, 3.39999995e+38f, 3.39617753e+38f, -0.0f,
                      9.9999461e-41f, 1.99999988f, 3.38953139e+38f, 0.100000001f, -1.40129846e-45f};
  const uint16_t want[] = {0x3f80, 0x3f82, 0x3f80, 0x7f80, 0x7f80, 0x8000, 0x1, 0x4000, 0x7f7f, 0x3dcd, 0x8000};
  for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
    if (fxrt_f32_to_bf16(in[i]) != want[i])
      fail_msg("bfloat16(%.9g): want 0x%04x, got 0x%04x", (double)in[i], want[i], fxrt_f32_to_bf16(in[i]));
  }
  assert_int_equal(f32_bits(1.99999988f), 0x3fffffffu);
  assert_true(bf16_is_nan(fxrt_f32_to_bf16(NAN)));
  assert_true(bf16_is_nan(fxrt_f32_to_bf16(bits_f32(0x7f800001u)))); /* must not round to inf */
  assert_true(bf16_is_nan(fxrt_f32_to_bf16(bits_f32(0xffffffffu)))); /* must not carry out */
  assert_int_equal(fxrt_f32_to_bf16(INFINITY), 0x7f80);
  assert_int_equal(fxrt_f32_to_bf16(-INFINITY), 0xff80);
  assert_int_equal(fxrt_f32_to_bf16(FLT_MAX), 0x7f80);
}

/* ---- activations ----------------------------------------------------------------------------------------------- */

typedef struct act_case {
  fxrt_act act;
  float alpha, lo, hi;
  float x[12], y[12];
} act_case;

/* Generated with torch 1.13: x = torch.tensor(X) (float32), y = the expression named in each comment. */
static const act_case act_cases[] = {
    /* x */
    {FXRT_ACT_NONE, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN}},
    /* F.relu(x) */
    {FXRT_ACT_RELU, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.0f, 0.0f, 0.0f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN}},
    /* F.relu6(x) */
    {FXRT_ACT_RELU6, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.0f, 0.0f, 0.0f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 6.0f, NAN}},
    /* F.hardtanh(x, -1, 2) */
    {FXRT_ACT_CLAMP, 0, -1.0f, 2.0f,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-1.0f, -1.0f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.0f, 2.0f, 2.0f, NAN}},
    /* F.leaky_relu(x, 0.1) */
    {FXRT_ACT_LEAKY_RELU, 0.1f, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.600000024f, -0.349999994f, -0.100000001f, -0.0250000004f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f,
      NAN}},
    /* torch.sigmoid(x) */
    {FXRT_ACT_SIGMOID, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.00247262302f, 0.0293122306f, 0.268941432f, 0.437823504f, 0.5f, 0.5f, 0.574442506f, 0.731058598f, 0.924141824f,
      0.982013762f, 0.999089003f, NAN}},
    /* torch.tanh(x) */
    {FXRT_ACT_TANH, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.999987721f, -0.998177886f, -0.761594176f, -0.244918659f, -0.0f, 0.0f, 0.291312635f, 0.761594176f,
      0.986614287f, 0.999329329f, 0.999998331f, NAN}},
    /* F.silu(x) */
    {FXRT_ACT_SILU, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.0148357386f, -0.102592811f, -0.268941432f, -0.109455876f, -0.0f, 0.0f, 0.172332764f, 0.731058598f,
      2.31035447f, 3.92805505f, 6.99362278f, NAN}},
    /* F.hardswish(x) */
    {FXRT_ACT_HARDSWISH, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.0f, -0.0f, -0.333333343f, -0.114583336f, -0.0f, 0.0f, 0.165000007f, 0.666666687f, 2.29166675f, 4.0f, 7.0f,
      NAN}},
    /* F.hardsigmoid(x) */
    {FXRT_ACT_HARDSIGMOID, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, 0.0f, 0.333333343f, 0.458333343f, 0.5f, 0.5f, 0.550000012f, 0.666666687f, 0.916666687f, 1.0f, 1.0f, NAN}},
    /* F.gelu(x) */
    {FXRT_ACT_GELU, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {0.0f, -0.000814333558f, -0.158655286f, -0.100323431f, 0.0f, 0.0f, 0.185373425f, 0.841344714f, 2.48447585f,
      3.99987316f, 7.0f, NAN}},
    /* F.gelu(x, approximate='tanh') */
    {FXRT_ACT_GELU_TANH, 0, 0, 0,
     {-6.0f, -3.5f, -1.0f, -0.25f, -0.0f, 0.0f, 0.300000012f, 1.0f, 2.5f, 4.0f, 7.0f, NAN},
     {-0.0f, -0.000616148114f, -0.158807993f, -0.100324646f, -0.0f, 0.0f, 0.185370937f, 0.841192007f, 2.48491573f,
      3.9999299f, 7.0f, NAN}},
};

static bool close_enough(float got, float want, double rtol, double atol) {
  if (want != want) return got != got;
  if (isinf(want)) return got == want;
  return fabs((double)got - (double)want) <= atol + rtol * fabs((double)want);
}

/* Within 1e-6 relative, or an absolute 1e-7 * max(1, |x|): GELU's tail computes 1 + erf(x / sqrt 2) in float, which
 * cancels (gelu(-3.5) is -0.000814333558 in torch and -0.00081422925 here, against an exact -0.000814202), so one
 * ulp of difference between two erf implementations shows at the scale of x, not of the result. */
static void check_act_case(const act_case *c) {
  for (int i = 0; i < 12; i++) {
    const float got = fxrt_act_apply(c->act, c->x[i], c->alpha, c->lo, c->hi);
    const double ax = fabs((double)c->x[i]);
    if (!close_enough(got, c->y[i], 1e-6, 1e-7 * (ax > 1 ? ax : 1)))
      fail_msg("act %d (alpha %g, lo %g, hi %g) of %.9g: want %.9g, got %.9g", (int)c->act, (double)c->alpha,
               (double)c->lo, (double)c->hi, (double)c->x[i], (double)c->y[i], (double)got);
  }
}

static void act_apply_matches_torch(void **state) {
  (void)state;
  bool seen[FXRT_NUM_ACTS] = {false};
  for (size_t k = 0; k < sizeof act_cases / sizeof act_cases[0]; k++) {
    check_act_case(&act_cases[k]);
    seen[act_cases[k].act] = true;
  }
  for (int a = 0; a < FXRT_NUM_ACTS; a++) {
    if (!seen[a]) fail_msg("activation %d has no test case", a);
  }
}

/* F.hardtanh(x, 3, 1) / torch.clamp(x, 3, 1) in torch 1.13: with min above max every (non-NaN) element becomes
 * max (clamp is min(max(x, lo), hi)); [5, -5, nan] -> [1, 1, nan]. */
static void act_clamp_min_above_max(void **state) {
  (void)state;
  assert_true(fxrt_act_apply(FXRT_ACT_CLAMP, 5.0f, 0, 3.0f, 1.0f) == 1.0f);
  assert_true(fxrt_act_apply(FXRT_ACT_CLAMP, -5.0f, 0, 3.0f, 1.0f) == 1.0f);
  assert_true(fxrt_act_apply(FXRT_ACT_CLAMP, 2.0f, 0, 3.0f, 1.0f) == 1.0f);
  const float n = fxrt_act_apply(FXRT_ACT_CLAMP, NAN, 0, 3.0f, 1.0f);
  assert_true(n != n);
}

/* Out-of-range activation codes do not crash (the value passes through). */
static void act_apply_unknown_code(void **state) {
  (void)state;
  assert_true(fxrt_act_apply(FXRT_NUM_ACTS, 1.5f, 0, 0, 0) == 1.5f);
  assert_true(fxrt_act_apply((fxrt_act)77, -2.0f, 0, 0, 0) == -2.0f);
}

/* The instruction set the dispatchers choose (runtime/fxrt_isa.h): the one the test is told (FXRT_EXPECT_ISA, for the
 * runtimes built with -DFXRT_FORCE_ISA); else on x86-64 AVX-512 when /proc/cpuinfo lists avx512f, avx512bw, avx512dq,
 * avx512vl, avx2 and fma, AVX2 when it lists avx2 and fma, the baseline otherwise; a build that fixed it at compile
 * time says so. */
#if !defined(FXRT_EXPECT_ISA) && defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX512F__)
static bool cpu_flag(const char *flags, const char *name) {
  size_t n = strlen(name);
  for (const char *p = flags; (p = strstr(p, name)) != NULL; p += n)
    if (p[-1] == ' ' && (p[n] == ' ' || p[n] == '\n' || p[n] == 0)) return true;
  return false;
}
#endif

static void isa_chosen(void **state) {
  (void)state;
  const char *got = fxrt_isa_name();
#if defined(FXRT_EXPECT_ISA)
  assert_string_equal(got, FXRT_EXPECT_ISA);
#elif defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX512F__)
  static char info[1 << 16];
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) skip();
  size_t len = fread(info, 1, sizeof info - 1, f);
  fclose(f);
  info[len] = 0;
  char *flags = strstr(info, "\nflags");
  assert_non_null(flags);
  char *eol = strchr(flags + 1, '\n');
  if (eol) eol[1] = 0;
  const bool avx2 = cpu_flag(flags, "avx2") && cpu_flag(flags, "fma");
  const bool avx512 = avx2 && cpu_flag(flags, "avx512f") && cpu_flag(flags, "avx512bw") &&
                      cpu_flag(flags, "avx512dq") && cpu_flag(flags, "avx512vl");
  assert_string_equal(got, avx512 ? "avx512" : avx2 ? "avx2" : "baseline");
#else
  assert_non_null(strstr(got, "(compile time)"));
#endif
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(status_strings),
      cmocka_unit_test(dtype_sizes_and_names),
      cmocka_unit_test(views),
      cmocka_unit_test(f16_to_f32_every_pattern),
      cmocka_unit_test(f16_round_trip),
      cmocka_unit_test(f16_ties_to_even),
      cmocka_unit_test(f16_random_against_reference),
      cmocka_unit_test(f16_torch_values),
      cmocka_unit_test(bf16_every_pattern_and_round_trip),
      cmocka_unit_test(bf16_ties_to_even),
      cmocka_unit_test(bf16_torch_values),
      cmocka_unit_test(act_apply_matches_torch),
      cmocka_unit_test(act_clamp_min_above_max),
      cmocka_unit_test(act_apply_unknown_code),
      cmocka_unit_test(isa_chosen),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
