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

/* The functions of an expression: every unary op of the runtime and its fused binary ops (fxrt.h's lists). */
static const pw_fn fns[] = {
#define UNARY(id, name, nparams) {#name, FXRT_PW_UNARY, FXRT_U_##id, nparams},
    FXRT_UNARY_OPS(UNARY)
#undef UNARY
#define BINARY(id, name, fused) {fused ? #name : NULL, FXRT_PW_BINARY, FXRT_B_##id, 0},
    FXRT_BINARY_OPS(BINARY)
#undef BINARY
};

static const pw_fn *find_fn(const fx_value *callee) {
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (fns[i].name && fx_value_str_is(callee, fns[i].name)) return &fns[i];
  return NULL;
}

const char *fx_pw_insn_name(const fxrt_pw_insn *c) {
  if (c->kind == FXRT_PW_LOAD) return "load";
  if (c->kind == FXRT_PW_CONST) return "const";
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (fns[i].name && fns[i].kind == c->kind && fns[i].op == c->op) return fns[i].name;
  return "?";
}

static const char *const unary_names[] = {
#define NAME(id, name, nparams) #name,
    FXRT_UNARY_OPS(NAME)
#undef NAME
};
static const struct {
  const char *name;
  bool fused;
} binary_ops[] = {
#define NAME(id, name, fused) {#name, fused},
    FXRT_BINARY_OPS(NAME)
#undef NAME
};

const char *fx_unary_op_name(fxrt_unary_op u) { return (unsigned)u < FXRT_NUM_UNARY_OPS ? unary_names[u] : "?"; }
const char *fx_binary_op_name(fxrt_binary_op b) { return (unsigned)b < FXRT_NUM_BINARY_OPS ? binary_ops[b].name : "?"; }
bool fx_binary_op_fused(fxrt_binary_op b) { return (unsigned)b < FXRT_NUM_BINARY_OPS && binary_ops[b].fused; }

/* The core ops that another op's kernel computes. */
static const char *kernel_name(fx_op op) {
  switch (op) {
  case FX_OP_HARDTANH: return "clamp";
  case FX_OP_CELU: return "elu";
  case FX_OP_FLOAT_POWER: return "pow";
  case FX_OP_RSUB: return "sub";
  case FX_OP_BITWISE_AND: return "logical_and";
  case FX_OP_BITWISE_OR: return "logical_or";
  case FX_OP_BITWISE_XOR: return "logical_xor";
  default: return fx_op_name(op);
  }
}

bool fx_op_unary_kernel(fx_op op, fxrt_unary_op *u) {
  if (!(fx_op_flags(op) & FX_OPF_UNARY)) return false;
  for (int i = 0; i < FXRT_NUM_UNARY_OPS; i++)
    if (strcmp(unary_names[i], kernel_name(op)) == 0) {
      *u = (fxrt_unary_op)i;
      return true;
    }
  return false;
}

bool fx_op_binary_kernel(fx_op op, fxrt_binary_op *b) {
  if (!(fx_op_flags(op) & FX_OPF_BINARY)) return false;
  for (int i = 0; i < FXRT_NUM_BINARY_OPS; i++)
    if (strcmp(binary_ops[i].name, kernel_name(op)) == 0) {
      *b = (fxrt_binary_op)i;
      return true;
    }
  return false;
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

static int fail(cctx *c, const char *fmt, ...) FX_PRINTF(2, 3);
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
    if (q->kind == FX_V_NONE && (f->op == FXRT_U_CLAMP || f->op == FXRT_U_LOGIT)) p[k] = NAN; /* no bound, no eps */
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
