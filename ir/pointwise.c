/* pointwise.c: fx2c.pointwise expressions (pointwise.h). */
#include "pointwise.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name;
  uint8_t kind;    /* FXRT_PW_UNARY or FXRT_PW_BINARY */
  uint8_t op;      /* fxrt_unary_op or fxrt_binary_op */
  uint8_t nparams; /* numbers after the operand (unary) */
} pw_fn;

static const pw_fn fns[] = {
    {"relu", FXRT_PW_UNARY, FXRT_U_RELU, 0},
    {"relu6", FXRT_PW_UNARY, FXRT_U_RELU6, 0},
    {"leaky_relu", FXRT_PW_UNARY, FXRT_U_LEAKY_RELU, 1},
    {"elu", FXRT_PW_UNARY, FXRT_U_ELU, 3},
    {"gelu", FXRT_PW_UNARY, FXRT_U_GELU, 0},
    {"gelu_tanh", FXRT_PW_UNARY, FXRT_U_GELU_TANH, 0},
    {"silu", FXRT_PW_UNARY, FXRT_U_SILU, 0},
    {"sigmoid", FXRT_PW_UNARY, FXRT_U_SIGMOID, 0},
    {"tanh", FXRT_PW_UNARY, FXRT_U_TANH, 0},
    {"hardswish", FXRT_PW_UNARY, FXRT_U_HARDSWISH, 0},
    {"hardsigmoid", FXRT_PW_UNARY, FXRT_U_HARDSIGMOID, 0},
    {"clamp", FXRT_PW_UNARY, FXRT_U_CLAMP, 2},
    {"mish", FXRT_PW_UNARY, FXRT_U_MISH, 0},
    {"softplus", FXRT_PW_UNARY, FXRT_U_SOFTPLUS, 2},
    {"exp", FXRT_PW_UNARY, FXRT_U_EXP, 0},
    {"log", FXRT_PW_UNARY, FXRT_U_LOG, 0},
    {"sqrt", FXRT_PW_UNARY, FXRT_U_SQRT, 0},
    {"rsqrt", FXRT_PW_UNARY, FXRT_U_RSQRT, 0},
    {"neg", FXRT_PW_UNARY, FXRT_U_NEG, 0},
    {"abs", FXRT_PW_UNARY, FXRT_U_ABS, 0},
    {"reciprocal", FXRT_PW_UNARY, FXRT_U_RECIPROCAL, 0},
    {"erf", FXRT_PW_UNARY, FXRT_U_ERF, 0},
    {"sin", FXRT_PW_UNARY, FXRT_U_SIN, 0},
    {"cos", FXRT_PW_UNARY, FXRT_U_COS, 0},
    {"floor", FXRT_PW_UNARY, FXRT_U_FLOOR, 0},
    {"ceil", FXRT_PW_UNARY, FXRT_U_CEIL, 0},
    {"round", FXRT_PW_UNARY, FXRT_U_ROUND, 0},
    {"sign", FXRT_PW_UNARY, FXRT_U_SIGN, 0},
    {"nan_to_num", FXRT_PW_UNARY, FXRT_U_NAN_TO_NUM, 3},
    {"add", FXRT_PW_BINARY, FXRT_B_ADD, 0},
    {"sub", FXRT_PW_BINARY, FXRT_B_SUB, 0},
    {"mul", FXRT_PW_BINARY, FXRT_B_MUL, 0},
    {"div", FXRT_PW_BINARY, FXRT_B_DIV, 0},
    {"pow", FXRT_PW_BINARY, FXRT_B_POW, 0},
    {"maximum", FXRT_PW_BINARY, FXRT_B_MAX, 0},
    {"minimum", FXRT_PW_BINARY, FXRT_B_MIN, 0},
};

static const pw_fn *find_fn(const fx_value *callee) {
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (fx_value_str_is(callee, fns[i].name)) return &fns[i];
  return NULL;
}

const char *fx_pw_insn_name(const fxrt_pw_insn *c) {
  if (c->kind == FXRT_PW_LOAD) return "load";
  if (c->kind == FXRT_PW_CONST) return "const";
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (fns[i].kind == c->kind && fns[i].op == c->op) return fns[i].name;
  return "?";
}

static bool is_number(const fx_value *v) { return v->kind == FX_V_INT || v->kind == FX_V_FLOAT || v->kind == FX_V_BOOL; }
static double number(const fx_value *v) { return v->kind == FX_V_FLOAT ? v->v.f : (double)v->v.i; }
static bool is_leaf(const fx_value *v) { return v->kind == FX_V_TENSOR || v->kind == FX_V_NODE; }

typedef struct {
  fx_pw_program *pr;
  int32_t load_reg[FXRT_PW_MAX_INPUTS]; /* the register holding input i, once loaded */
  char *msg;
  size_t cap;
} cctx;

static int fail(cctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int fail(cctx *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->msg, c->cap, fmt, ap);
  va_end(ap);
  return -1;
}

static int emit(cctx *c, fxrt_pw_insn in) {
  if (c->pr->ncode >= FXRT_PW_MAX_INSNS) return fail(c, "more than %d operations in one expression", FXRT_PW_MAX_INSNS);
  c->pr->code[c->pr->ncode] = in;
  return c->pr->ncode++;
}

/* The register holding the value of v, or -1. */
static int compile(cctx *c, const fx_value *v, int depth) {
  if (depth > FXRT_PW_MAX_INSNS) return fail(c, "the expression is nested too deeply");
  if (v->kind == FX_V_TENSOR) {
    fx_pw_program *pr = c->pr;
    int32_t i = 0;
    while (i < pr->ninputs && pr->inputs[i] != v->v.node) i++;
    if (i == pr->ninputs) {
      if (pr->ninputs >= FXRT_PW_MAX_INPUTS) return fail(c, "more than %d tensors in one expression", FXRT_PW_MAX_INPUTS);
      pr->inputs[pr->ninputs++] = v->v.node;
      c->load_reg[i] = -1;
    }
    if (c->load_reg[i] < 0) c->load_reg[i] = emit(c, (fxrt_pw_insn){FXRT_PW_LOAD, 0, (uint8_t)i, 0, {0, 0, 0}});
    return c->load_reg[i];
  }
  if (is_number(v)) return emit(c, (fxrt_pw_insn){FXRT_PW_CONST, 0, 0, 0, {(float)number(v), 0, 0}});
  if (v->kind != FX_V_CALL || v->n < 1) return fail(c, "an expression is a call, a tensor or a number");
  const pw_fn *f = find_fn(&v->u.items[0]);
  if (!f) return fail(c, "unknown function '%.*s'", v->u.items[0].kind == FX_V_WORD ? (int)v->u.items[0].n : 1,
                      v->u.items[0].kind == FX_V_WORD ? v->u.items[0].u.text : "?");
  uint32_t want = f->kind == FXRT_PW_BINARY ? 2 : 1u + f->nparams;
  if (v->n - 1 != want) return fail(c, "%s takes %u arguments, not %u", f->name, want, v->n - 1);
  if (f->kind == FXRT_PW_BINARY) {
    const fx_value *x = &v->u.items[1], *y = &v->u.items[2];
    if (is_number(x) && is_number(y)) return fail(c, "%s of two numbers", f->name);
    int a = compile(c, x, depth + 1);
    if (a < 0) return -1;
    int b = compile(c, y, depth + 1);
    if (b < 0) return -1;
    return emit(c, (fxrt_pw_insn){FXRT_PW_BINARY, f->op, (uint8_t)a, (uint8_t)b, {0, 0, 0}});
  }
  const fx_value *x = &v->u.items[1];
  if (is_number(x)) return fail(c, "%s of a number", f->name);
  float p[3] = {0, 0, 0};
  for (uint32_t k = 0; k < f->nparams; k++) {
    const fx_value *q = &v->u.items[2 + k];
    if (q->kind == FX_V_NONE && f->op == FXRT_U_CLAMP) p[k] = NAN; /* no bound */
    else if (is_number(q)) p[k] = (float)number(q);
    else return fail(c, "the parameters of %s must be numbers", f->name);
  }
  int a = compile(c, x, depth + 1);
  if (a < 0) return -1;
  return emit(c, (fxrt_pw_insn){FXRT_PW_UNARY, f->op, (uint8_t)a, 0, {p[0], p[1], p[2]}});
}

bool fx_pw_compile(const fx_value *expr, fx_pw_program *out, char *msg, size_t cap) {
  memset(out, 0, sizeof *out);
  cctx c = {out, {0}, msg, cap};
  if (msg && cap) msg[0] = 0;
  if (!(expr->kind == FX_V_CALL)) {
    fail(&c, "the expression must be a call such as relu(add(%%x, %%y))");
    return false;
  }
  return compile(&c, expr, 0) >= 0;
}

static void measure(const fx_value *v, int32_t *n, uint32_t *leaves, int32_t *nleaves, int32_t max) {
  if (is_leaf(v)) {
    for (int32_t i = 0; i < *nleaves; i++)
      if (leaves[i] == v->v.node) return;
    if (*nleaves < max) leaves[*nleaves] = v->v.node;
    ++*nleaves;
    ++*n;
    return;
  }
  if (is_number(v)) {
    ++*n;
    return;
  }
  if (v->kind != FX_V_CALL || v->n < 1) return;
  const pw_fn *f = find_fn(&v->u.items[0]);
  uint32_t operands = f && f->kind == FXRT_PW_BINARY ? 2 : 1;
  for (uint32_t i = 1; i <= operands && i < v->n; i++) measure(&v->u.items[i], n, leaves, nleaves, max);
  ++*n;
}

void fx_pw_measure(const fx_value *expr, int32_t *ninsns, uint32_t *leaves, int32_t *nleaves, int32_t max_leaves) {
  *ninsns = 0;
  *nleaves = 0;
  measure(expr, ninsns, leaves, nleaves, max_leaves);
}
