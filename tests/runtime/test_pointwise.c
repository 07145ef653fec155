/* test_pointwise.c: fxrt_pointwise.c: fxrt_pointwise_f32, the fused elementwise kernel.
 *
 * The fused kernel must give exactly the bits of the unfused kernels it replaces: every unary op (with its
 * parameters) and every binary op is run fused and through fxrt_unary_f32 / fxrt_binary on the same values,
 * special values included (NaN, infinities, -0.0, huge and tiny numbers); then random expressions over broadcast,
 * transposed, flipped and offset views, of every rank up to 5 and of lengths around the kernel's tile, are
 * compared with the same ops run one kernel at a time into temporaries. Also: the result written over an input,
 * empty tensors, and every malformed program or view refused with FXRT_EINVAL.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxrt.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd64(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 2685821657736338717u;
}
static float rnd_uniform(float lo, float hi) { return lo + (hi - lo) * (float)((double)(rnd64() >> 11) / 9007199254740992.0); }
static int rnd_int(int lo, int hi) { return lo + (int)(rnd64() % (uint64_t)(hi - lo + 1)); }

/* Values that stress the ops: specials, then random ones in several ranges. */
static void fill_values(float *x, int64_t n) {
  static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 3.0f, -3.0f, 6.0f, 20.0f, -20.0f,
                                  88.0f, -88.0f, 1e-30f, -1e-30f, 1e30f, -1e30f, INFINITY, -INFINITY, NAN};
  for (int64_t i = 0; i < n; i++) {
    if (i < (int64_t)(sizeof special / sizeof *special)) x[i] = special[i];
    else if (i % 3 == 0) x[i] = rnd_uniform(-8, 8);
    else if (i % 3 == 1) x[i] = rnd_uniform(-0.1f, 2.5f);
    else x[i] = rnd_uniform(-100, 100);
  }
}

static bool same_bits(float a, float b) {
  if (a != a) return b != b; /* NaN payloads may differ */
  return memcmp(&a, &b, sizeof a) == 0;
}

static void assert_same(const float *got, const float *want, int64_t n, const char *what) {
  for (int64_t i = 0; i < n; i++)
    if (!same_bits(got[i], want[i])) fail_msg("%s: element %lld is %.9g, the unfused kernels give %.9g", what, (long long)i, got[i], want[i]);
}

static fxrt_pw_insn load(int input) { return (fxrt_pw_insn){FXRT_PW_LOAD, 0, (uint8_t)input, 0, {0, 0, 0}}; }
static fxrt_pw_insn cnst(float v) { return (fxrt_pw_insn){FXRT_PW_CONST, 0, 0, 0, {v, 0, 0}}; }
static fxrt_pw_insn un(fxrt_unary_op op, int a, float p0, float p1, float p2) {
  return (fxrt_pw_insn){FXRT_PW_UNARY, (uint8_t)op, (uint8_t)a, 0, {p0, p1, p2}};
}
static fxrt_pw_insn bin(fxrt_binary_op op, int a, int b) { return (fxrt_pw_insn){FXRT_PW_BINARY, (uint8_t)op, (uint8_t)a, (uint8_t)b, {0, 0, 0}}; }

static const fxrt_binary_op binary_ops[] = {FXRT_B_ADD, FXRT_B_SUB, FXRT_B_MUL, FXRT_B_DIV,
                                            FXRT_B_POW, FXRT_B_MAX, FXRT_B_MIN};

/* Parameters for each unary op (two sets), as lowering would pass them. */
static fxrt_unary_params params_for(fxrt_unary_op op, int set) {
  switch (op) {
  case FXRT_U_LEAKY_RELU: return (fxrt_unary_params){set ? 0.2f : 0.01f, 0, 0};
  case FXRT_U_ELU: return (fxrt_unary_params){set ? 0.7f : 1.0f, set ? 1.5f : 1.0f, set ? 0.5f : 1.0f};
  case FXRT_U_CLAMP: return set ? (fxrt_unary_params){-0.5f, 0.75f, 0} : (fxrt_unary_params){NAN, 6.0f, 0};
  case FXRT_U_SOFTPLUS: return (fxrt_unary_params){set ? 2.0f : 1.0f, set ? 5.0f : 20.0f, 0};
  case FXRT_U_POW_SCALAR: return (fxrt_unary_params){set ? 2.0f : 1.7f, 0, 0};
  case FXRT_U_NAN_TO_NUM: return (fxrt_unary_params){set ? 1.0f : 0.0f, 3.4028235e38f, -3.4028235e38f};
  default: return (fxrt_unary_params){0, 0, 0};
  }
}

#define N 300

static void every_unary_op_matches_the_unary_kernel(void **state) {
  (void)state;
  float x[N], want[N], got[N];
  fill_values(x, N);
  const int64_t shape[1] = {N};
  const fxrt_view v = fxrt_view_contiguous(1, shape);
  const float *in[1] = {x};
  for (int op = 0; op < FXRT_NUM_UNARY_OPS; op++)
    for (int set = 0; set < 2; set++) {
      fxrt_unary_params p = params_for((fxrt_unary_op)op, set);
      assert_int_equal(fxrt_unary_f32((fxrt_unary_op)op, x, want, N, &p), FXRT_OK);
      fxrt_pw_insn code[2] = {load(0), un((fxrt_unary_op)op, 0, p.a, p.b, p.c)};
      assert_int_equal(fxrt_pointwise_f32(code, 2, in, &v, 1, got, 1, shape), FXRT_OK);
      char what[64];
      snprintf(what, sizeof what, "unary op %d, parameter set %d", op, set);
      assert_same(got, want, N, what);
    }
}

static void out_of_line_scalars_match_the_kernels(void **state) {
  (void)state;
  float x[N], y[N], want[N];
  fill_values(x, N);
  fill_values(y, N);
  for (int op = 0; op < FXRT_NUM_UNARY_OPS; op++) {
    fxrt_unary_params p = params_for((fxrt_unary_op)op, 1);
    assert_int_equal(fxrt_unary_f32((fxrt_unary_op)op, x, want, N, &p), FXRT_OK);
    for (int i = 0; i < N; i++)
      if (!same_bits(fxrt_pw_unary_scalar(op, x[i], p.a, p.b, p.c), want[i])) fail_msg("unary op %d at %d", op, i);
  }
  const int64_t shape[1] = {N};
  const fxrt_view v = fxrt_view_contiguous(1, shape);
  for (size_t o = 0; o < sizeof binary_ops / sizeof *binary_ops; o++) {
    assert_int_equal(fxrt_binary(binary_ops[o], FXRT_F32, x, &v, y, &v, want, &v, 1.0), FXRT_OK);
    for (int i = 0; i < N; i++)
      if (!same_bits(fxrt_pw_binary_scalar(binary_ops[o], x[i], y[i]), want[i])) fail_msg("binary op %d at %d", (int)binary_ops[o], i);
  }
  assert_true(isnan(fxrt_pw_unary_scalar(FXRT_NUM_UNARY_OPS, 1.0f, 0, 0, 0)));
  assert_true(isnan(fxrt_pw_binary_scalar(FXRT_B_EQ, 1.0f, 1.0f)));
  assert_true(isnan(fxrt_pw_binary_scalar(-1, 1.0f, 1.0f)));
}

static void every_binary_op_matches_the_binary_kernel(void **state) {
  (void)state;
  float a[N], b[N], want[N], got[N];
  fill_values(a, N);
  fill_values(b, N);
  for (int i = 0; i < N; i++) { /* pair every special with every other */
    float t = b[i];
    b[i] = b[(i * 7) % N];
    b[(i * 7) % N] = t;
  }
  const int64_t shape[1] = {N};
  const fxrt_view v[2] = {fxrt_view_contiguous(1, shape), fxrt_view_contiguous(1, shape)};
  const float *in[2] = {a, b};
  for (size_t o = 0; o < sizeof binary_ops / sizeof *binary_ops; o++) {
    assert_int_equal(fxrt_binary(binary_ops[o], FXRT_F32, a, &v[0], b, &v[1], want, &v[0], 1.0), FXRT_OK);
    fxrt_pw_insn code[3] = {load(0), load(1), bin(binary_ops[o], 0, 1)};
    assert_int_equal(fxrt_pointwise_f32(code, 3, in, v, 2, got, 1, shape), FXRT_OK);
    char what[64];
    snprintf(what, sizeof what, "binary op %d", (int)binary_ops[o]);
    assert_same(got, want, N, what);
    /* a constant operand, as a Python number gives it */
    const float c = 2.5f;
    const fxrt_view sv = {1, {N}, {0}, 0};
    assert_int_equal(fxrt_binary(binary_ops[o], FXRT_F32, a, &v[0], &c, &sv, want, &v[0], 1.0), FXRT_OK);
    fxrt_pw_insn code2[3] = {load(0), cnst(c), bin(binary_ops[o], 0, 1)};
    assert_int_equal(fxrt_pointwise_f32(code2, 3, in, v, 1, got, 1, shape), FXRT_OK);
    assert_same(got, want, N, "binary op with a constant");
  }
}

/* ---- random expressions over random views ---- */

typedef struct {
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
} shp;

static int64_t numel_of(const shp *s) {
  int64_t n = 1;
  for (int32_t d = 0; d < s->ndim; d++) n *= s->shape[d];
  return n;
}

/* An input's storage and its view onto the output shape y: broadcast (stride 0) on some dimensions, and its own
 * dimensions laid out contiguously, transposed (reversed order), or flipped (negative stride), at an offset. */
typedef struct {
  float *data;
  int64_t len;
  fxrt_view view;
} operand;

static void make_operand(operand *o, const shp *y) {
  int64_t size[FXRT_MAX_DIMS];
  for (int32_t d = 0; d < y->ndim; d++) size[d] = rnd_int(0, 3) == 0 ? 1 : y->shape[d];
  const int layout = rnd_int(0, 2);
  int64_t stride[FXRT_MAX_DIMS], n = 1;
  if (layout == 1) { /* transposed: the first dimension moves fastest */
    for (int32_t d = 0; d < y->ndim; d++) {
      stride[d] = n;
      n *= size[d];
    }
  } else {
    for (int32_t d = y->ndim - 1; d >= 0; d--) {
      stride[d] = n;
      n *= size[d];
    }
  }
  const int64_t pad = rnd_int(0, 5);
  o->len = n + pad;
  o->data = malloc((size_t)o->len * sizeof *o->data);
  fill_values(o->data, o->len);
  o->view.ndim = y->ndim;
  o->view.offset = pad;
  for (int32_t d = 0; d < y->ndim; d++) {
    o->view.shape[d] = y->shape[d];
    o->view.stride[d] = size[d] == 1 ? 0 : stride[d];
  }
  if (layout == 2 && y->ndim > 0 && size[0] > 1) { /* flipped along the first dimension */
    o->view.offset += (size[0] - 1) * stride[0];
    o->view.stride[0] = -stride[0];
  }
}

/* The reference: each instruction through the unfused kernels, into a temporary of the output's shape. */
static float *reference(const fxrt_pw_insn *code, int ncode, const operand *ops, const shp *y) {
  const int64_t n = numel_of(y);
  const fxrt_view cv = fxrt_view_contiguous(y->ndim, y->shape);
  float *reg[FXRT_PW_MAX_INSNS];
  for (int k = 0; k < ncode; k++) {
    reg[k] = malloc((size_t)(n ? n : 1) * sizeof(float));
    const fxrt_pw_insn *c = &code[k];
    switch (c->kind) {
    case FXRT_PW_LOAD:
      assert_int_equal(fxrt_copy(FXRT_F32, ops[c->a].data, &ops[c->a].view, FXRT_F32, reg[k], &cv), FXRT_OK);
      break;
    case FXRT_PW_CONST:
      for (int64_t i = 0; i < n; i++) reg[k][i] = c->p[0];
      break;
    case FXRT_PW_UNARY: {
      fxrt_unary_params p = {c->p[0], c->p[1], c->p[2]};
      assert_int_equal(fxrt_unary_f32((fxrt_unary_op)c->op, reg[c->a], reg[k], n, &p), FXRT_OK);
      break;
    }
    default:
      assert_int_equal(fxrt_binary((fxrt_binary_op)c->op, FXRT_F32, reg[c->a], &cv, reg[c->b], &cv, reg[k], &cv, 1.0), FXRT_OK);
    }
  }
  for (int k = 0; k < ncode - 1; k++) free(reg[k]);
  return reg[ncode - 1];
}

/* A random program over nin inputs: every input loaded, then a mix of ops on earlier registers. */
static int random_program(fxrt_pw_insn *code, int nin) {
  int n = 0;
  for (int i = 0; i < nin; i++) code[n++] = load(i);
  if (rnd_int(0, 1)) code[n++] = cnst(rnd_uniform(-2, 2));
  const int extra = rnd_int(1, FXRT_PW_MAX_INSNS - n);
  for (int k = 0; k < extra; k++) {
    if (rnd_int(0, 1)) {
      fxrt_unary_op op = (fxrt_unary_op)rnd_int(0, FXRT_NUM_UNARY_OPS - 1);
      fxrt_unary_params p = params_for(op, rnd_int(0, 1));
      code[n] = un(op, rnd_int(0, n - 1), p.a, p.b, p.c);
    } else {
      code[n] = bin(binary_ops[rnd_int(0, (int)(sizeof binary_ops / sizeof *binary_ops) - 1)], rnd_int(0, n - 1),
                    rnd_int(0, n - 1));
    }
    n++;
  }
  return n;
}

static void random_expressions_match_the_unfused_kernels(void **state) {
  (void)state;
  static const int64_t lengths[] = {1, 2, 3, 5, 15, 16, 17, 31, 33, 64};
  for (int trial = 0; trial < 400; trial++) {
    shp y;
    y.ndim = rnd_int(0, 5);
    for (int32_t d = 0; d < y.ndim; d++) y.shape[d] = lengths[rnd_int(0, (int)(sizeof lengths / sizeof *lengths) - 1)];
    while (numel_of(&y) > 20000) y.shape[rnd_int(0, y.ndim - 1)] = 1;
    const int nin = rnd_int(1, FXRT_PW_MAX_INPUTS);
    operand ops[FXRT_PW_MAX_INPUTS];
    const float *in[FXRT_PW_MAX_INPUTS];
    fxrt_view views[FXRT_PW_MAX_INPUTS];
    for (int i = 0; i < nin; i++) {
      make_operand(&ops[i], &y);
      in[i] = ops[i].data;
      views[i] = ops[i].view;
    }
    fxrt_pw_insn code[FXRT_PW_MAX_INSNS];
    const int ncode = random_program(code, nin);
    const int64_t n = numel_of(&y);
    float *want = reference(code, ncode, ops, &y);
    float *got = malloc((size_t)(n + 1) * sizeof *got);
    got[n] = 12345.0f; /* past the end: untouched */
    assert_int_equal(fxrt_pointwise_f32(code, ncode, in, views, nin, got, y.ndim, y.shape), FXRT_OK);
    char what[80];
    snprintf(what, sizeof what, "trial %d (rank %d, %d inputs, %d instructions)", trial, (int)y.ndim, nin, ncode);
    assert_same(got, want, n, what);
    assert_true(got[n] == 12345.0f);
    free(got);
    free(want);
    for (int i = 0; i < nin; i++) free(ops[i].data);
  }
}

static void result_over_an_input(void **state) {
  (void)state;
  enum { R = 7, C = 37 };
  float x[R * C], bias[C], want[R * C];
  fill_values(x, R * C);
  fill_values(bias, C);
  const int64_t shape[2] = {R, C};
  const fxrt_view v[2] = {fxrt_view_contiguous(2, shape), {2, {R, C}, {0, 1}, 0}};
  /* hardswish(x * 0.5 + bias), written over x */
  fxrt_pw_insn code[6] = {load(0), cnst(0.5f), bin(FXRT_B_MUL, 0, 1), load(1), bin(FXRT_B_ADD, 2, 3),
                          un(FXRT_U_HARDSWISH, 4, 0, 0, 0)};
  const float *in[2] = {x, bias};
  for (int i = 0; i < R * C; i++) {
    const float t = x[i] * 0.5f;
    want[i] = t + bias[i % C];
  }
  assert_int_equal(fxrt_unary_f32(FXRT_U_HARDSWISH, want, want, R * C, NULL), FXRT_OK);
  assert_int_equal(fxrt_pointwise_f32(code, 6, in, v, 2, x, 2, shape), FXRT_OK);
  assert_same(x, want, R * C, "in place");
}

static void empty_and_scalar_shapes(void **state) {
  (void)state;
  const int64_t empty[2] = {4, 0};
  const fxrt_view ev = fxrt_view_contiguous(2, empty);
  const float *in[1] = {NULL};
  fxrt_pw_insn code[2] = {load(0), un(FXRT_U_EXP, 0, 0, 0, 0)};
  assert_int_equal(fxrt_pointwise_f32(code, 2, in, &ev, 1, NULL, 2, empty), FXRT_OK);
  /* a 0-dimensional result */
  float x = 2.0f, y = 0;
  const float *in1[1] = {&x};
  const fxrt_view sv = {0, {0}, {0}, 0};
  assert_int_equal(fxrt_pointwise_f32(code, 2, in1, &sv, 1, &y, 0, NULL), FXRT_OK);
  assert_true(y == expf(2.0f));
  /* no inputs at all: a constant fill */
  fxrt_pw_insn c[2] = {cnst(-3.0f), un(FXRT_U_ABS, 0, 0, 0, 0)};
  float z[5];
  const int64_t five[1] = {5};
  assert_int_equal(fxrt_pointwise_f32(c, 2, NULL, NULL, 0, z, 1, five), FXRT_OK);
  for (int i = 0; i < 5; i++) assert_true(z[i] == 3.0f);
}

static void malformed_programs_are_refused(void **state) {
  (void)state;
  float x[4] = {1, 2, 3, 4}, y[4];
  const int64_t shape[1] = {4}, other[1] = {5};
  const fxrt_view v = fxrt_view_contiguous(1, shape), bad_view = fxrt_view_contiguous(1, other);
  const float *in[1] = {x};
  fxrt_pw_insn ok[2] = {load(0), un(FXRT_U_RELU, 0, 0, 0, 0)};
  assert_int_equal(fxrt_pointwise_f32(ok, 2, in, &v, 1, y, 1, shape), FXRT_OK);
  fxrt_pw_insn forward[2] = {load(0), un(FXRT_U_RELU, 1, 0, 0, 0)};          /* reads its own register */
  fxrt_pw_insn bad_input[2] = {load(1), un(FXRT_U_RELU, 0, 0, 0, 0)};        /* input 1 of 1 */
  fxrt_pw_insn bad_unary[2] = {load(0), un(FXRT_NUM_UNARY_OPS, 0, 0, 0, 0)}; /* no such op */
  fxrt_pw_insn bad_binary[2] = {load(0), bin(FXRT_B_EQ, 0, 0)};              /* comparisons are not f32 */
  fxrt_pw_insn bad_kind[2] = {load(0), {9, 0, 0, 0, {0, 0, 0}}};
  assert_int_equal(fxrt_pointwise_f32(forward, 2, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(bad_input, 2, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(bad_unary, 2, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(bad_binary, 2, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(bad_kind, 2, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(ok, 0, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(ok, FXRT_PW_MAX_INSNS + 1, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(ok, 2, in, &v, FXRT_PW_MAX_INPUTS + 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(ok, 2, in, &bad_view, 1, y, 1, shape), FXRT_EINVAL); /* view of another shape */
  assert_int_equal(fxrt_pointwise_f32(ok, 2, in, &v, 1, NULL, 1, shape), FXRT_EINVAL);
  const float *none[1] = {NULL};
  assert_int_equal(fxrt_pointwise_f32(ok, 2, none, &v, 1, y, 1, shape), FXRT_EINVAL);
  assert_int_equal(fxrt_pointwise_f32(NULL, 2, in, &v, 1, y, 1, shape), FXRT_EINVAL);
  const int64_t negative[1] = {-1};
  assert_int_equal(fxrt_pointwise_f32(ok, 2, in, &v, 1, y, 1, negative), FXRT_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_unary_op_matches_the_unary_kernel),
      cmocka_unit_test(every_binary_op_matches_the_binary_kernel),
      cmocka_unit_test(out_of_line_scalars_match_the_kernels),
      cmocka_unit_test(random_expressions_match_the_unfused_kernels),
      cmocka_unit_test(result_over_an_input),
      cmocka_unit_test(empty_and_scalar_shapes),
      cmocka_unit_test(malformed_programs_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
