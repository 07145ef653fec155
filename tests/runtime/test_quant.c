/* test_quant.c: the int8 kernels of fxrt_quant.c against PyTorch 1.13's quantized operators (qnnpack engine).
 *
 * quant/cases.bin holds each case's inputs, parameters and PyTorch's output (int_repr(), or the floats of
 * dequantize()), written by gen_quant.py (its docstring has the format). Every case runs through the kernel with the
 * parameters derived by the fxrt_q8_*_prepare functions from PyTorch's scales, and must give the same bytes: the
 * test counts the elements that differ over all cases of an op and fails if any does. Then the errors.
 *
 * Built twice: against the runtime, and (fxrt_test_quant_dsp) with fxrt_quant.c compiled with FXRT_Q8_EMULATE_DSP,
 * which runs the Cortex-M dual 16-bit MAC path (SMLAD, SXTB16) through plain C versions of the instructions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"

enum {
  OP_QUANTIZE = 1,
  OP_DEQUANTIZE,
  OP_CONV2D,
  OP_LINEAR,
  OP_ADD,
  OP_MUL,
  OP_CAT,
  OP_HARDSWISH,
  OP_MAX_POOL2D,
  OP_AVG_POOL2D,
  OP_ADAPTIVE_AVG_POOL2D,
  OP_COUNT
};
static const char *const op_names[OP_COUNT] = {"",          "quantize",   "dequantize", "conv2d",
                                               "linear",    "add",        "mul",        "cat",
                                               "hardswish", "max_pool2d", "avg_pool2d", "adaptive_avg_pool2d"};

#define MAX_TENSORS 8

typedef struct tensor {
  uint32_t dtype, count; /* 0 u8, 1 i8, 2 f32, 3 i32 */
  const void *data;
} tensor;

typedef struct qcase {
  uint32_t op, nint, ndbl, ntensor;
  const unsigned char *ints, *dbls; /* unaligned: read with I() and D() */
  tensor t[MAX_TENSORS];
} qcase;

static unsigned char *g_file;
static qcase *g_cases;
static uint32_t g_ncases;

static uint32_t rd32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static int64_t I(const qcase *c, uint32_t i) {
  int64_t v;
  assert_true(i < c->nint);
  memcpy(&v, c->ints + 8 * i, 8);
  return v;
}
static double D(const qcase *c, uint32_t i) {
  double v;
  assert_true(i < c->ndbl);
  memcpy(&v, c->dbls + 8 * i, 8);
  return v;
}
/* A copy of tensor i (the file's data is not aligned for its type), which the caller frees. */
static void *T(const qcase *c, uint32_t i, uint32_t dtype) {
  static const size_t size[] = {1, 1, 4, 4};
  assert_true(i < c->ntensor);
  assert_int_equal(c->t[i].dtype, dtype);
  void *p = malloc(c->t[i].count * size[dtype] + 4);
  assert_non_null(p);
  memcpy(p, c->t[i].data, c->t[i].count * size[dtype]);
  return p;
}

static int load(void **state) {
  (void)state;
  char path[4096];
  const char *src = __FILE__, *slash = strrchr(src, '/');
  snprintf(path, sizeof path, "%.*squant/cases.bin", slash ? (int)(slash - src + 1) : 0, src);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    return -1;
  }
  fseek(f, 0, SEEK_END);
  const long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  g_file = malloc((size_t)size);
  if (!g_file || fread(g_file, 1, (size_t)size, f) != (size_t)size || size < 8 || memcmp(g_file, "FXQ8", 4)) {
    fclose(f);
    return -1;
  }
  fclose(f);
  g_ncases = rd32(g_file + 4);
  g_cases = calloc(g_ncases, sizeof *g_cases);
  const unsigned char *p = g_file + 8, *end = g_file + size;
  for (uint32_t i = 0; i < g_ncases; i++) {
    qcase *c = &g_cases[i];
    if (end - p < 16) return -1;
    c->op = rd32(p), c->nint = rd32(p + 4), c->ndbl = rd32(p + 8), c->ntensor = rd32(p + 12);
    p += 16;
    if (c->ntensor > MAX_TENSORS || c->op == 0 || c->op >= OP_COUNT) return -1;
    c->ints = p;
    p += 8 * c->nint;
    c->dbls = p;
    p += 8 * c->ndbl;
    for (uint32_t t = 0; t < c->ntensor; t++) {
      if (end - p < 8) return -1;
      c->t[t].dtype = rd32(p), c->t[t].count = rd32(p + 4);
      const size_t bytes = c->t[t].count * (c->t[t].dtype >= 2 ? 4u : 1u);
      c->t[t].data = p + 8;
      p += 8 + (bytes + 3) / 4 * 4;
      if (p > end) return -1;
    }
  }
  return p == end ? 0 : -1;
}

static int unload(void **state) {
  (void)state;
  free(g_cases);
  free(g_file);
  return 0;
}

/* The elements of got that differ from the case's last tensor (the expected bytes); n must match its count. */
static int64_t diff_u8(const qcase *c, const uint8_t *got, int64_t n, uint32_t icase) {
  const tensor *want = &c->t[c->ntensor - 1];
  assert_int_equal(want->dtype, 0);
  assert_int_equal(want->count, n);
  const uint8_t *w = want->data;
  int64_t bad = 0;
  for (int64_t i = 0; i < n; i++)
    if (got[i] != w[i]) {
      if (bad < 3)
        print_message("case %u (%s): element %lld: got %d, want %d\n", icase, op_names[c->op], (long long)i, got[i],
                      w[i]);
      bad++;
    }
  return bad;
}

static void gemm_params(const qcase *c, int64_t k, uint32_t idbl, uint32_t ix_zp, uint32_t iy_zp, uint32_t irelu,
                        uint32_t iper, const qcase *cc, float **scale, int32_t **bias_q, int32_t **wzp,
                        fxrt_q8_gemm_params *q) {
  (void)cc;
  const int64_t nw = (int64_t)c->ndbl - idbl;
  assert_true(nw == 1 || nw == k);
  double *ws = malloc((size_t)nw * sizeof *ws);
  for (int64_t i = 0; i < nw; i++) ws[i] = D(c, idbl + (uint32_t)i);
  *scale = malloc((size_t)nw * sizeof **scale);
  *bias_q = malloc((size_t)k * sizeof **bias_q);
  *wzp = T(c, 2, 3);
  assert_int_equal(c->t[2].count, nw);
  float *bias = c->t[3].count ? T(c, 3, 2) : NULL;
  assert_int_equal(fxrt_q8_gemm_prepare(D(c, 0), ws, nw, D(c, 1), bias, k, *scale, *bias_q), FXRT_OK);
  const bool relu = I(c, irelu) != 0;
  q->x_zero_point = (int32_t)I(c, ix_zp);
  q->per_channel = I(c, iper) != 0 && nw == k;
  q->w_zero_point = *wzp;
  q->scale = *scale;
  q->bias = bias ? *bias_q : NULL;
  q->y_zero_point = (int32_t)I(c, iy_zp);
  q->y_min = relu ? q->y_zero_point : 0;
  q->y_max = 255;
  q->fixed = false;
  free(bias);
  free(ws);
}

static int64_t run_case(const qcase *c, uint32_t icase, int64_t *elements) {
  int64_t bad = 0;
  switch (c->op) {
  case OP_QUANTIZE: {
    float *x = T(c, 0, 2);
    const int64_t n = c->t[0].count;
    uint8_t *y = malloc((size_t)n);
    assert_int_equal(fxrt_q8_quantize(x, n, D(c, 0), (int32_t)I(c, 0), y), FXRT_OK);
    bad = diff_u8(c, y, n, icase), *elements += n;
    free(x), free(y);
    break;
  }
  case OP_DEQUANTIZE: {
    uint8_t *x = T(c, 0, 0);
    float *want = T(c, 1, 2);
    const int64_t n = c->t[0].count;
    float *y = malloc((size_t)n * sizeof *y);
    assert_int_equal(fxrt_q8_dequantize(x, n, D(c, 0), (int32_t)I(c, 0), y), FXRT_OK);
    for (int64_t i = 0; i < n; i++) bad += memcmp(&y[i], &want[i], sizeof(float)) != 0;
    *elements += n;
    free(x), free(y), free(want);
    break;
  }
  case OP_CONV2D: {
    const int64_t n = I(c, 0), ch = I(c, 1), h = I(c, 2), w = I(c, 3), k = I(c, 4), kh = I(c, 5), kw = I(c, 6);
    const fxrt_conv2d_params p = {{I(c, 7), I(c, 8)}, {I(c, 9), I(c, 10)}, {I(c, 11), I(c, 12)}, I(c, 13), {0, 0}};
    const int64_t oh = (h + 2 * p.padding[0] - p.dilation[0] * (kh - 1) - 1) / p.stride[0] + 1;
    const int64_t ow = (w + 2 * p.padding[1] - p.dilation[1] * (kw - 1) - 1) / p.stride[1] + 1;
    float *scale;
    int32_t *bias_q, *wzp;
    fxrt_q8_gemm_params q;
    gemm_params(c, k, 2, 14, 15, 16, 17, c, &scale, &bias_q, &wzp, &q);
    uint8_t *x = T(c, 0, 0), *y = malloc((size_t)(n * k * oh * ow));
    int8_t *wt = T(c, 1, 1);
    const size_t ws_bytes = fxrt_q8_conv2d_workspace_size(ch, kh, kw, &p);
    void *ws = malloc(ws_bytes);
    assert_int_equal(fxrt_q8_conv2d(x, n, ch, h, w, wt, k, kh, kw, y, oh, ow, &p, &q, ws, ws_bytes), FXRT_OK);
    bad = diff_u8(c, y, n * k * oh * ow, icase), *elements += n * k * oh * ow;
    free(ws), free(x), free(y), free(wt), free(scale), free(bias_q), free(wzp);
    break;
  }
  case OP_LINEAR: {
    const int64_t m = I(c, 0), in = I(c, 1), out = I(c, 2);
    float *scale;
    int32_t *bias_q, *wzp;
    fxrt_q8_gemm_params q;
    gemm_params(c, out, 2, 3, 4, 5, 6, c, &scale, &bias_q, &wzp, &q);
    uint8_t *x = T(c, 0, 0), *y = malloc((size_t)(m * out));
    int8_t *wt = T(c, 1, 1);
    const size_t ws_bytes = fxrt_q8_linear_workspace_size(in);
    void *ws = malloc(ws_bytes);
    assert_int_equal(fxrt_q8_linear(x, m, in, wt, out, y, &q, ws, ws_bytes), FXRT_OK);
    bad = diff_u8(c, y, m * out, icase), *elements += m * out;
    free(ws), free(x), free(y), free(wt), free(scale), free(bias_q), free(wzp);
    break;
  }
  case OP_ADD:
  case OP_MUL: {
    const int64_t n = I(c, 0);
    uint8_t *a = T(c, 0, 0), *b = T(c, 1, 0), *y = malloc((size_t)n);
    const int32_t azp = (int32_t)I(c, 1), bzp = (int32_t)I(c, 2), yzp = (int32_t)I(c, 3);
    const bool relu = I(c, 4) != 0;
    if (c->op == OP_ADD) {
      fxrt_q8_add_params p;
      assert_int_equal(fxrt_q8_add_prepare(D(c, 0), azp, D(c, 1), bzp, D(c, 2), yzp, relu, &p), FXRT_OK);
      assert_int_equal(fxrt_q8_add(a, b, n, y, &p), FXRT_OK);
    } else {
      fxrt_q8_mul_params p;
      assert_int_equal(fxrt_q8_mul_prepare(D(c, 0), azp, D(c, 1), bzp, D(c, 2), yzp, relu, &p), FXRT_OK);
      assert_int_equal(fxrt_q8_mul(a, b, n, y, &p), FXRT_OK);
    }
    bad = diff_u8(c, y, n, icase), *elements += n;
    free(a), free(b), free(y);
    break;
  }
  case OP_CAT: {
    const uint32_t ninputs = (uint32_t)I(c, 0);
    const int64_t outer = I(c, 1);
    const int32_t yzp = (int32_t)I(c, 2);
    int64_t total = 0;
    for (uint32_t i = 0; i < ninputs; i++) total += I(c, 3 + i);
    uint8_t *y = malloc((size_t)(outer * total));
    int64_t offset = 0;
    for (uint32_t i = 0; i < ninputs; i++) {
      uint8_t *x = T(c, i, 0);
      const int64_t len = I(c, 3 + i);
      assert_int_equal(fxrt_q8_requantize_rows(x, outer, len, D(c, 1 + i), (int32_t)I(c, 3 + ninputs + i), y + offset,
                                               total, D(c, 0), yzp),
                       FXRT_OK);
      offset += len;
      free(x);
    }
    bad = diff_u8(c, y, outer * total, icase), *elements += outer * total;
    free(y);
    break;
  }
  case OP_HARDSWISH: {
    const int64_t n = I(c, 0);
    uint8_t lut[256], *x = T(c, 0, 0), *y = malloc((size_t)n);
    assert_int_equal(fxrt_q8_hardswish_lut(D(c, 0), (int32_t)I(c, 1), D(c, 1), (int32_t)I(c, 2), lut), FXRT_OK);
    assert_int_equal(fxrt_q8_lut(x, n, lut, y), FXRT_OK);
    bad = diff_u8(c, y, n, icase), *elements += n;
    free(x), free(y);
    break;
  }
  case OP_MAX_POOL2D:
  case OP_AVG_POOL2D:
  case OP_ADAPTIVE_AVG_POOL2D: {
    const int64_t n = I(c, 0), ch = I(c, 1), h = I(c, 2), w = I(c, 3), oh = I(c, 4), ow = I(c, 5);
    uint8_t *x = T(c, 0, 0), *y = malloc((size_t)(n * ch * oh * ow));
    if (c->op == OP_MAX_POOL2D) {
      const fxrt_pool2d_params p = {
          {I(c, 6), I(c, 7)}, {I(c, 8), I(c, 9)}, {I(c, 10), I(c, 11)}, {I(c, 12), I(c, 13)}, I(c, 14) != 0, false, 0};
      assert_int_equal(fxrt_q8_max_pool2d(x, n, ch, h, w, y, oh, ow, &p), FXRT_OK);
    } else if (c->op == OP_AVG_POOL2D) {
      const fxrt_pool2d_params p = {
          {I(c, 6), I(c, 7)}, {I(c, 8), I(c, 9)}, {I(c, 10), I(c, 11)}, {1, 1}, I(c, 12) != 0, I(c, 13) != 0, I(c, 14)};
      assert_int_equal(fxrt_q8_avg_pool2d(x, n, ch, h, w, y, oh, ow, &p, D(c, 0), (int32_t)I(c, 15)), FXRT_OK);
    } else {
      assert_int_equal(fxrt_q8_adaptive_avg_pool2d(x, n, ch, h, w, y, oh, ow, D(c, 0), (int32_t)I(c, 6)), FXRT_OK);
    }
    bad = diff_u8(c, y, n * ch * oh * ow, icase), *elements += n * ch * oh * ow;
    free(x), free(y);
    break;
  }
  default: fail_msg("case %u: unknown op %u", icase, c->op);
  }
  return bad;
}

/* Every case of one op: exact equality with PyTorch on every element. */
static void run_op(uint32_t op) {
  int64_t bad = 0, elements = 0, ncases = 0;
  for (uint32_t i = 0; i < g_ncases; i++)
    if (g_cases[i].op == op) bad += run_case(&g_cases[i], i, &elements), ncases++;
  print_message("%s: %lld cases, %lld elements, %lld differ from PyTorch\n", op_names[op], (long long)ncases,
                (long long)elements, (long long)bad);
  assert_true(ncases > 0);
  assert_int_equal(bad, 0);
}

static void test_quantize(void **state) { (void)state, run_op(OP_QUANTIZE); }
static void test_dequantize(void **state) { (void)state, run_op(OP_DEQUANTIZE); }
static void test_conv2d(void **state) { (void)state, run_op(OP_CONV2D); }
static void test_linear(void **state) { (void)state, run_op(OP_LINEAR); }
static void test_add(void **state) { (void)state, run_op(OP_ADD); }
static void test_mul(void **state) { (void)state, run_op(OP_MUL); }
static void test_cat(void **state) { (void)state, run_op(OP_CAT); }
static void test_hardswish(void **state) { (void)state, run_op(OP_HARDSWISH); }
static void test_max_pool2d(void **state) { (void)state, run_op(OP_MAX_POOL2D); }
static void test_avg_pool2d(void **state) { (void)state, run_op(OP_AVG_POOL2D); }
static void test_adaptive_avg_pool2d(void **state) { (void)state, run_op(OP_ADAPTIVE_AVG_POOL2D); }

static void test_errors(void **state) {
  (void)state;
  uint8_t x[2 * 5 * 5] = {0}, y[4 * 5 * 5];
  int8_t w[4 * 2 * 3 * 3] = {0};
  const int32_t wzp = 0;
  const float scale = 0.5f;
  const fxrt_q8_gemm_params q = {3, false, &wzp, &scale, NULL, 10, 0, 255, false};
  fxrt_conv2d_params p = {{1, 1}, {1, 1}, {1, 1}, 1, {0, 0}};
  int16_t ws[32];
  const size_t need = fxrt_q8_conv2d_workspace_size(2, 3, 3, &p);
  assert_int_equal(need, 20 * sizeof(int16_t)); /* 18 values rounded up to 4 */
  assert_int_equal(fxrt_q8_conv2d(x, 1, 2, 5, 5, w, 4, 3, 3, y, 5, 5, &p, &q, ws, need), FXRT_OK);
  for (int i = 0; i < 4 * 25; i++) assert_int_equal(y[i], 10); /* weights 0: every output is y_zero_point */
  assert_int_equal(fxrt_q8_conv2d(x, 1, 2, 5, 5, w, 4, 3, 3, y, 5, 5, &p, &q, ws, need - 1), FXRT_EWORKSPACE);
  assert_int_equal(fxrt_q8_conv2d(x, 1, 2, 5, 5, w, 4, 3, 3, y, 4, 5, &p, &q, ws, need), FXRT_EINVAL);
  p.groups = 3;
  assert_int_equal(fxrt_q8_conv2d(x, 1, 2, 5, 5, w, 4, 3, 3, y, 5, 5, &p, &q, ws, need), FXRT_EINVAL);
  fxrt_q8_add_params ap;
  /* PyTorch (qnnpack) refuses input-to-output scale ratios from 2^8 on */
  assert_int_equal(fxrt_q8_add_prepare(1.0, 0, 0.1, 0, 1.0 / 512, 0, false, &ap), FXRT_EINVAL);
  assert_int_equal(fxrt_q8_add_prepare(1.0, 0, 0.1, 0, 0.5, 0, false, &ap), FXRT_OK);
  assert_int_equal(fxrt_q8_quantize(NULL, 1, 0.1, 0, y), FXRT_EINVAL);
  assert_int_equal(fxrt_q8_quantize((const float[]){1.0f}, 1, 0.0, 0, y), FXRT_EINVAL);
  float s1;
  int32_t b1;
  const double w1 = 0.01;
  /* a bias beyond int32 saturates as quantize_per_tensor(..., torch.qint32) does */
  assert_int_equal(fxrt_q8_gemm_prepare(0.01, &w1, 1, 0.1, (const float[]){1e9f}, 1, &s1, &b1), FXRT_OK);
  assert_int_equal(b1, INT32_MAX);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_quantize),
      cmocka_unit_test(test_dequantize),
      cmocka_unit_test(test_conv2d),
      cmocka_unit_test(test_linear),
      cmocka_unit_test(test_add),
      cmocka_unit_test(test_mul),
      cmocka_unit_test(test_cat),
      cmocka_unit_test(test_hardswish),
      cmocka_unit_test(test_max_pool2d),
      cmocka_unit_test(test_avg_pool2d),
      cmocka_unit_test(test_adaptive_avg_pool2d),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, load, unload);
}
