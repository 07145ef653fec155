/* test_requant.c: fixed-point requantization (fx2c compile --requantize fixed): fxrt_q8_requantize_fixed and the
 * multipliers (fxrt_q8_fixed_multiplier, fxrt_q8_fixed_from_f32) against an exact reference in long double (whose
 * 64-bit significand holds every product of an int32 and a 31-bit multiplier, and of an int32 and a float, exactly),
 * over the edge cases: INT32_MIN and INT32_MAX sums, shifts 0 to 62, exact halves (ties to even), scales from 2^31 up
 * (saturating) and below 2^-32 (zero), a mantissa that rounds up to 2^31, subnormal floats. Then the kernels that use
 * it: the compact fxrt_small_q8_conv2d_fx, _linear_fx and _pool2d_fx against int32 sums computed here and requantized
 * by the reference, the -O2 fxrt_q8_conv2d_rec_fx and fxrt_q8_linear_rec_fx against the compact ones bit for bit
 * (fx2c run and the -O2 executables compute what -Os computes), and the records that the kernels refuse.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"
#include "fxrt_small.h"

/* reproducible random bits (xorshift64*) and a uniform double in [0, 1) */
static uint64_t rt_state = 0x9E3779B97F4A7C15ull;
static uint32_t rt_u32(void) {
  rt_state ^= rt_state >> 12, rt_state ^= rt_state << 25, rt_state ^= rt_state >> 27;
  return (uint32_t)((rt_state * 0x2545F4914F6CDD1Dull) >> 32);
}
static double rt_uniform(void) { return (double)(rt_u32() >> 8) / 16777216.0; }

/* round half to even of the exact real v (a long double that holds it exactly) */
static long double round_even(long double v) {
  const long double f = floorl(v), d = v - f;
  if (d > 0.5L) return f + 1;
  if (d < 0.5L) return f;
  return fmodl(f, 2.0L) == 0 ? f : f + 1;
}

static int64_t clamp64(long double r, int32_t lo, int32_t hi) { return r < lo ? lo : r > hi ? hi : (int64_t)r; }

/* the definition: acc * mult * 2^-shift, rounded half to even, clamped */
static int32_t ref_fixed(int32_t acc, int32_t mult, int32_t shift, int32_t lo, int32_t hi) {
  return (int32_t)clamp64(round_even(ldexpl((long double)acc * (long double)mult, -shift)), lo, hi);
}

/* the real result of a scale: acc * scale rounded half to even, clamped (exact for a float scale) */
static int32_t ref_scale(int32_t acc, long double scale, int32_t lo, int32_t hi) {
  return (int32_t)clamp64(round_even((long double)acc * scale), lo, hi);
}

static void test_requantize_fixed(void **state) {
  (void)state;
  static const int32_t accs[] = {
      INT32_MIN, INT32_MIN + 1, -1073741824, -65537,     -255,          -3,       -2, -1, 0, 1, 2, 3,
      5,         255,           65535,       1073741823, INT32_MAX - 1, INT32_MAX};
  static const int32_t mults[] = {0, 1, 1073741824, 1073741825, 1431655765, 1610612736, 2147483520, INT32_MAX};
  static const int32_t bounds[][2] = {{-128, 127}, {0, 255}, {-255, 0}, {INT32_MIN, INT32_MAX}};
  long checked = 0;
  for (int32_t shift = 0; shift <= 62; shift++)
    for (size_t a = 0; a < sizeof accs / sizeof *accs; a++)
      for (size_t m = 0; m < sizeof mults / sizeof *mults; m++)
        for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++, checked++) {
          const int32_t got = fxrt_q8_requantize_fixed(accs[a], mults[m], shift, bounds[b][0], bounds[b][1]);
          const int32_t want = ref_fixed(accs[a], mults[m], shift, bounds[b][0], bounds[b][1]);
          if (got != want) fail_msg("acc %d mult %d shift %d: %d, want %d", accs[a], mults[m], shift, got, want);
        }
  /* exact halves: mult 2^30, shift 31 is acc / 2; shift 33 is acc / 8 */
  for (int32_t acc = -40; acc <= 40; acc++) {
    assert_int_equal(fxrt_q8_requantize_fixed(acc, 1073741824, 31, INT32_MIN, INT32_MAX),
                     (int32_t)round_even((long double)acc / 2));
    assert_int_equal(fxrt_q8_requantize_fixed(acc, 1073741824, 33, INT32_MIN, INT32_MAX),
                     (int32_t)round_even((long double)acc / 8));
  }
  assert_int_equal(fxrt_q8_requantize_fixed(5, 1073741824, 31, -255, 255), 2);   /* 2.5 -> 2 */
  assert_int_equal(fxrt_q8_requantize_fixed(7, 1073741824, 31, -255, 255), 4);   /* 3.5 -> 4 */
  assert_int_equal(fxrt_q8_requantize_fixed(-5, 1073741824, 31, -255, 255), -2); /* -2.5 -> -2 */
  assert_int_equal(fxrt_q8_requantize_fixed(-7, 1073741824, 31, -255, 255), -4); /* -3.5 -> -4 */
  for (int i = 0; i < 200000; i++, checked++) {
    const int32_t acc = (int32_t)rt_u32(), mult = (int32_t)(rt_u32() >> 1), shift = (int32_t)(rt_u32() % 63);
    const int32_t lo = -(int32_t)(rt_u32() % 256), hi = lo + 255;
    const int32_t got = fxrt_q8_requantize_fixed(acc, mult, shift, lo, hi);
    const int32_t want = ref_fixed(acc, mult, shift, lo, hi);
    if (got != want) fail_msg("acc %d mult %d shift %d: %d, want %d", acc, mult, shift, got, want);
  }
  printf("requantize_fixed: %ld cases equal to the reference\n", checked);
}

/* mult * 2^-shift against the scale: mult in [2^30, 2^31) (or 0), the nearest such, ties to even */
static void check_multiplier(double scale) {
  int32_t mult = -1, shift = -1;
  assert_int_equal(fxrt_q8_fixed_multiplier(scale, &mult, &shift), FXRT_OK);
  assert_true(shift >= 0 && shift <= 62);
  if (scale < ldexp(1.0, -32) - ldexp(1.0, -64)) { /* rounds below 2^-32: |acc * scale| < 1/2 for every acc */
    assert_int_equal(mult, 0);
    return;
  }
  assert_true(mult >= 1073741824);
  if (scale >= 2147483647.5) { /* rounds to 2^31 or more, saturating: the exact result and the fixed one clamp */
    assert_int_equal(shift, 0);
    assert_int_equal(fxrt_q8_requantize_fixed(1, mult, shift, -255, 255), 255);
    assert_int_equal(fxrt_q8_requantize_fixed(-1, mult, shift, -255, 255), -255);
    assert_int_equal(fxrt_q8_requantize_fixed(0, mult, shift, -255, 255), 0);
    return;
  }
  const long double exact = ldexpl((long double)scale, shift); /* the scale in units of the multiplier */
  const long double err = fabsl(exact - (long double)mult);
  if (!(err < 0.5L || (err == 0.5L && mult % 2 == 0)) &&
      !(mult == 1073741824 && fabsl(2 * exact - 2147483648.0L) <= 1)) /* 2^31 - 1/2 and above: 2^30, one shift less */
    fail_msg("scale %.17g: mult %d shift %d", scale, mult, shift);
}

static void test_multiplier(void **state) {
  (void)state;
  static const double scales[] = {1.0,      0.5,          0.25,          2.0,         255.0,  0.00390625,
                                  1.0 / 3,  0.1,          1e-3,          1e-5,        3.0e38, 1.7976931348623157e308,
                                  4.9e-324, 2147483648.0, 2147483647.99, 2147483647.0};
  for (size_t i = 0; i < sizeof scales / sizeof *scales; i++) check_multiplier(scales[i]);
  for (int e = -80; e <= 40; e++) { /* powers of two and their neighbours, around 2^-32 and 2^31 too */
    check_multiplier(ldexp(1.0, e));
    check_multiplier(nextafter(ldexp(1.0, e), 0.0));
    check_multiplier(nextafter(ldexp(1.0, e), INFINITY));
    check_multiplier(ldexp(1.0 - ldexp(1.0, -40), e));
  }
  /* a mantissa that rounds up to 2^31 becomes 2^30 with one shift less: 1 - 2^-40 is 1.0 */
  int32_t mult, shift;
  assert_int_equal(fxrt_q8_fixed_multiplier(1.0 - ldexp(1.0, -40), &mult, &shift), FXRT_OK);
  assert_int_equal(mult, 1073741824);
  assert_int_equal(shift, 30);
  /* ... and 2^-32 (1 - 2^-40), which rounds to 2^-32, keeps shift 62 */
  assert_int_equal(fxrt_q8_fixed_multiplier(ldexp(1.0 - ldexp(1.0, -40), -32), &mult, &shift), FXRT_OK);
  assert_int_equal(mult, 1073741824);
  assert_int_equal(shift, 62);
  assert_int_equal(fxrt_q8_fixed_multiplier(ldexp(1.0, -33), &mult, &shift), FXRT_OK);
  assert_int_equal(mult, 0);
  assert_int_equal(fxrt_q8_fixed_multiplier(0.0, &mult, &shift), FXRT_EINVAL);
  assert_int_equal(fxrt_q8_fixed_multiplier(-1.0, &mult, &shift), FXRT_EINVAL);
  assert_int_equal(fxrt_q8_fixed_multiplier(INFINITY, &mult, &shift), FXRT_EINVAL);
  assert_int_equal(fxrt_q8_fixed_multiplier(NAN, &mult, &shift), FXRT_EINVAL);
  for (int i = 0; i < 100000; i++) check_multiplier(ldexp(0.5 + rt_uniform() * 0.5, (int)(rt_u32() % 120) - 80));
}

/* A float scale: fxrt_q8_fixed_from_f32's bits are fxrt_q8_fixed_multiplier's, and requantizing with them is the
 * real product rounded (the float path's result but for the float product's own rounding). */
static void check_f32(float s) {
  int32_t m1, s1, m2, s2;
  assert_int_equal(fxrt_q8_fixed_multiplier(s, &m1, &s1), FXRT_OK);
  fxrt_q8_fixed_from_f32(s, &m2, &s2);
  if (m1 != m2 || s1 != s2) fail_msg("float %a: from_f32 %d %d, multiplier %d %d", (double)s, m2, s2, m1, s1);
  static const int32_t accs[] = {INT32_MIN, -1000001, -7, -1, 0, 1, 3, 99999, INT32_MAX};
  for (size_t a = 0; a < sizeof accs / sizeof *accs; a++) {
    const int32_t got = fxrt_q8_requantize_fixed(accs[a], m1, s1, -128, 127);
    const int32_t want = ref_scale(accs[a], (long double)s, -128, 127);
    if (got != want) fail_msg("float scale %a, acc %d: %d, want %d", (double)s, accs[a], got, want);
  }
}

static void test_from_f32(void **state) {
  (void)state;
  static const float fs[] = {1.0f,
                             0.5f,
                             3.0e38f,
                             FLT_MAX,
                             FLT_MIN,
                             1e-45f,
                             1e-40f,
                             0.1f,
                             0.0009765625f,
                             2147483648.0f,
                             2147483520.0f,
                             4294967296.0f,
                             2.3283064365386963e-10f /* 2^-32 */,
                             2.3283062e-10f /* just below */};
  for (size_t i = 0; i < sizeof fs / sizeof *fs; i++) check_f32(fs[i]);
  for (int i = 0; i < 200000; i++) {
    uint32_t u = rt_u32() % 0x7f800000u; /* every positive finite float, subnormals included */
    float f;
    if (!u) u = 1;
    memcpy(&f, &u, sizeof f);
    check_f32(f);
  }
}

static fxrt_small_params conv_params(int32_t n, int32_t c, int32_t hw, int32_t k, int32_t kk, int32_t stride,
                                     int32_t pad, int32_t groups, int32_t x_zp, int32_t y_zp, bool per_channel) {
  fxrt_small_params p;
  memset(&p, 0, sizeof p);
  p.n = n, p.c = c, p.h = p.w = hw, p.k = k, p.kh = p.kw = kk;
  p.oh = p.ow = (hw + 2 * pad - kk) / stride + 1;
  p.stride[0] = p.stride[1] = stride, p.pad[0] = p.pad[1] = pad, p.dilation[0] = p.dilation[1] = 1;
  p.groups = groups, p.x_zp = x_zp, p.y_zp = y_zp, p.per_channel = per_channel;
  p.lo = (float)-y_zp, p.hi = (float)(255 - y_zp);
  return p;
}

/* A conv2d (and a linear as a 1x1 conv of a 1x1 image) through the compact fixed kernel, against the sums computed
 * here requantized by the reference; then the -O2 kernel with the same float scales, bit for bit. */
static void check_conv(int32_t n, int32_t c, int32_t hw, int32_t k, int32_t kk, int32_t stride, int32_t pad,
                       int32_t groups, bool per_channel, bool relu, bool linear) {
  const int32_t x_zp = (int32_t)(rt_u32() % 256), y_zp = (int32_t)(rt_u32() % 256);
  fxrt_small_params p = conv_params(n, c, hw, k, kk, stride, pad, groups, x_zp, y_zp, per_channel);
  const int32_t cg = c / groups, kg = k / groups, taps = cg * kk * kk, nw = per_channel ? k : 1;
  const int32_t nx = n * c * hw * hw, ny = n * k * p.oh * p.ow;
  uint8_t *x = malloc((size_t)nx), *y = malloc((size_t)ny), *y2 = malloc((size_t)ny);
  int8_t *wt = malloc((size_t)(k * taps));
  int32_t *bias_q = malloc((size_t)k * sizeof *bias_q), *wzp = malloc((size_t)nw * sizeof *wzp);
  int32_t *rq = malloc((size_t)(2 + 2 * nw) * sizeof *rq);
  float *bias = malloc((size_t)k * sizeof *bias);
  double *w_scale = malloc((size_t)nw * sizeof *w_scale);
  int64_t *wzp64 = malloc((size_t)nw * sizeof *wzp64);
  for (int32_t i = 0; i < nx; i++) x[i] = (uint8_t)rt_u32();
  for (int32_t i = 0; i < k * taps; i++) wt[i] = (int8_t)(uint8_t)rt_u32();
  for (int32_t i = 0; i < k; i++) bias[i] = (float)(rt_uniform() * 4 - 2);
  for (int32_t i = 0; i < nw; i++)
    wzp64[i] = wzp[i] = (int32_t)(rt_u32() % 9) - 4, w_scale[i] = 0.001 + rt_uniform() * 0.02;
  const double x_scale = 0.01 + rt_uniform() * 0.05, y_scale = 0.02 + rt_uniform() * 0.2;
  float *scale = malloc((size_t)nw * sizeof *scale);
  assert_int_equal(fxrt_q8_gemm_prepare(x_scale, w_scale, nw, y_scale, bias, k, scale, bias_q), FXRT_OK);
  rq[0] = relu ? 0 : -y_zp, rq[1] = 255 - y_zp;
  for (int32_t i = 0; i < nw; i++)
    assert_int_equal(fxrt_q8_fixed_multiplier(scale[i], &rq[2 + 2 * i], &rq[3 + 2 * i]), FXRT_OK);
  /* the general path (divisor 0), then, when every shift allows it, the 32-bit path alone (divisor 1): the same */
  bool all_high = true;
  for (int32_t i = 0; i < nw; i++) all_high &= rq[3 + 2 * i] >= 33;
  assert_true(all_high);                  /* these scales are below 2^-2 */
  if (linear) p.n = n * hw * hw, p.c = c; /* rows of c */
  for (int32_t high = 0; high <= 1; high++) {
    p.divisor = high;
    uint8_t *out = high ? y2 : y;
    if (linear) assert_int_equal(fxrt_small_q8_linear_fx(x, wt, bias_q, out, rq, wzp, &p), FXRT_OK);
    else assert_int_equal(fxrt_small_q8_conv2d_fx(x, wt, bias_q, out, NULL, rq, wzp, &p), FXRT_OK);
  }
  assert_memory_equal(y, y2, (size_t)ny);
  memset(y2, 0, (size_t)ny);
  /* the reference */
  int64_t at = 0, bad = 0;
  const int32_t rows = linear ? n * hw * hw : n, oh = linear ? 1 : p.oh, ow = linear ? 1 : p.ow;
  for (int32_t b = 0; b < rows; b++)
    for (int32_t o = 0; o < k; o++)
      for (int32_t oy = 0; oy < oh; oy++)
        for (int32_t ox = 0; ox < ow; ox++, at++) {
          const int32_t pc = per_channel ? o : 0, g = linear ? 0 : o / kg;
          int64_t acc = bias_q[o];
          for (int32_t ci = 0; ci < (linear ? c : cg); ci++)
            for (int32_t ky = 0; ky < (linear ? 1 : kk); ky++)
              for (int32_t kx = 0; kx < (linear ? 1 : kk); kx++) {
                const int32_t iy = oy * stride - pad + ky, ix = ox * stride - pad + kx;
                if (!linear && (iy < 0 || iy >= hw || ix < 0 || ix >= hw)) continue;
                const int32_t xv = linear ? x[b * c + ci] : x[((b * c) + g * cg + ci) * hw * hw + iy * hw + ix];
                const int32_t wv = linear ? wt[o * c + ci] : wt[(o * cg + ci) * kk * kk + ky * kk + kx];
                acc += (int64_t)(xv - x_zp) * (wv - wzp[pc]);
              }
          const int32_t want = ref_scale((int32_t)acc, (long double)scale[pc], rq[0], rq[1]) + y_zp;
          bad += y[at] != want;
        }
  assert_int_equal(at, ny);
  if (bad)
    fail_msg("conv %d %d %d %d %d: %lld of %d results differ from the reference", n, c, hw, k, kk, (long long)bad, ny);
  /* -O2's kernels: the record (float scale[k], w_zero_point[k], bias_q[k]) of the same scales, the same bits */
  void *rec = malloc((size_t)k * 12);
  assert_int_equal(fxrt_q8_gemm_record(x_scale, w_scale, wzp64, nw, y_scale, bias, k, rec), FXRT_OK);
  if (linear) {
    const size_t ws_bytes = fxrt_q8_linear_workspace_size(c);
    void *ws = malloc(ws_bytes);
    assert_int_equal(
        fxrt_q8_linear_rec_fx(x, rows, c, wt, k, y2, rec, nw, 1, x_zp, y_zp, relu ? y_zp : 0, ws, ws_bytes), FXRT_OK);
    free(ws);
  } else {
    const fxrt_conv2d_params cp = {{stride, stride}, {pad, pad}, {1, 1}, groups, {0, 0}};
    const size_t ws_bytes = fxrt_q8_conv2d_workspace_size(c, kk, kk, &cp);
    void *ws = malloc(ws_bytes);
    assert_int_equal(fxrt_q8_conv2d_rec_fx(x, n, c, hw, hw, wt, k, kk, kk, y2, p.oh, p.ow, &cp, rec, nw, 1, x_zp, y_zp,
                                           relu ? y_zp : 0, ws, ws_bytes),
                     FXRT_OK);
    free(ws);
  }
  assert_memory_equal(y, y2, (size_t)ny);
  free(rec), free(x), free(y), free(y2), free(wt), free(bias_q), free(wzp), free(rq), free(bias), free(w_scale);
  free(wzp64), free(scale);
}

static void test_kernels(void **state) {
  (void)state;
  check_conv(1, 8, 7, 16, 3, 1, 1, 1, true, false, false);
  check_conv(2, 6, 9, 6, 3, 2, 1, 6, true, true, false); /* depthwise */
  check_conv(1, 12, 5, 20, 1, 1, 0, 1, false, true, false);
  check_conv(1, 16, 6, 8, 3, 1, 0, 4, false, false, false);
  check_conv(3, 40, 1, 10, 1, 1, 0, 1, true, false, true); /* linear */
  check_conv(1, 33, 2, 7, 1, 1, 0, 1, false, true, true);
}

static void test_pool(void **state) {
  (void)state;
  /* average pools of windows 2x2 (exact quarters: ties to even, as qnnpack's float path), 3x3, 5x5 */
  static const int32_t windows[] = {2, 3, 5};
  for (size_t wi = 0; wi < sizeof windows / sizeof *windows; wi++) {
    const int32_t kk = windows[wi], hw = 10, c = 3, zp = (int32_t)(rt_u32() % 256);
    fxrt_small_params p = conv_params(1, c, hw, c, kk, kk, 0, 1, zp, zp, false);
    p.groups = FXRT_SMALL_AVG;
    const float sc = 0.0173f;
    p.mult = sc / (sc * (float)(kk * kk));
    int32_t rq[4] = {-zp, 255 - zp, 0, 0};
    assert_int_equal(fxrt_q8_fixed_multiplier(p.mult, &rq[2], &rq[3]), FXRT_OK);
    uint8_t x[300], y[300], yf[300];
    for (int i = 0; i < c * hw * hw; i++) x[i] = (uint8_t)rt_u32();
    p.divisor = rq[3] >= 33; /* as lowering sets it */
    assert_int_equal(fxrt_small_q8_pool2d_fx(x, y, rq, &p), FXRT_OK);
    p.divisor = 0;
    assert_int_equal(fxrt_small_q8_pool2d(x, yf, &p), FXRT_OK);
    int at = 0;
    for (int32_t ch = 0; ch < c; ch++)
      for (int32_t oy = 0; oy < p.oh; oy++)
        for (int32_t ox = 0; ox < p.ow; ox++, at++) {
          int32_t acc = 0;
          for (int32_t ky = 0; ky < kk; ky++)
            for (int32_t kx = 0; kx < kk; kx++) acc += x[ch * hw * hw + (oy * kk + ky) * hw + ox * kk + kx] - zp;
          assert_int_equal(y[at], ref_scale(acc, (long double)p.mult, -zp, 255 - zp) + zp);
        }
    /* the float path: acc * mult is exact in float here, so both give the same bits */
    assert_memory_equal(y, yf, (size_t)at);
  }
}

static void test_refused(void **state) {
  (void)state;
  fxrt_small_params p = conv_params(1, 2, 3, 2, 1, 1, 0, 1, 10, 20, false);
  uint8_t x[18] = {0}, y[18];
  int8_t w[4] = {1, 2, 3, 4};
  int32_t wzp[1] = {0}, ok[4] = {-20, 235, 1073741824, 31}, bad_shift[4] = {-20, 235, 1073741824, 63},
          bad_mult[4] = {-20, 235, -5, 31}, bad_lo[4] = {-21, 235, 1073741824, 31},
          bad_hi[4] = {-20, 236, 1073741824, 31};
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, ok, wzp, &p), FXRT_OK);
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, NULL, wzp, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, bad_shift, wzp, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, bad_mult, wzp, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_small_q8_linear_fx(x, w, NULL, y, bad_lo, wzp, &p), FXRT_EINVAL);
  assert_int_equal(fxrt_small_q8_linear_fx(x, w, NULL, y, bad_hi, wzp, &p), FXRT_EINVAL);
  p.divisor = 1; /* the 32-bit path alone needs shifts >= 33 */
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, ok, wzp, &p), FXRT_EINVAL);
  ok[3] = 33;
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, ok, wzp, &p), FXRT_OK);
  p.divisor = 2;
  assert_int_equal(fxrt_small_q8_conv2d_fx(x, w, NULL, y, NULL, ok, wzp, &p), FXRT_EINVAL);
  p.divisor = 0;
  p.groups = FXRT_SMALL_MAX; /* a max pool does not requantize */
  assert_int_equal(fxrt_small_q8_pool2d_fx(x, y, ok, &p), FXRT_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_requantize_fixed), cmocka_unit_test(test_multiplier), cmocka_unit_test(test_from_f32),
      cmocka_unit_test(test_kernels),          cmocka_unit_test(test_pool),       cmocka_unit_test(test_refused)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
