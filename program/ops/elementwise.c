/* elementwise.c: the elementwise ops: one input (relu, exp, ...), two inputs with broadcasting and PyTorch's
 * type promotion (add, eq, ...), where and masked_fill, and fx2c.pointwise (a fused expression). On Python numbers
 * the ops that allow it are computed at compile time.
 */
#include "family.h"

#include "../../ir/pointwise.h"

#include <math.h>

/* ---- inference ---- */

static bool py_number(const fx_value *v) {
  return v->kind == FX_V_INT || v->kind == FX_V_FLOAT || v->kind == FX_V_BOOL;
}

/* Python's a // b for b != 0 and not (a == INT64_MIN and b == -1): rounded towards negative infinity. */
static int64_t floordiv_i(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

/* Python's a ** b for b >= 0, by squaring (at most 63 squarings): false when the result does not fit in 64 bits. */
static bool pow_i(int64_t a, int64_t b, int64_t *out) {
  int64_t r = 1;
  while (b) {
    if ((b & 1) && !fx_mul_i64(r, a, &r)) return false;
    b >>= 1;
    /* the base is squared only while bits remain: then |result| >= |a|^2, so an overflow here is the result's */
    if (b && !fx_mul_i64(a, a, &a)) return false;
  }
  *out = r;
  return true;
}

/* The longest sequence that Python-value arithmetic makes (tuple + tuple, tuple * n). */
#define MAX_SEQ (1 << 20)

/* tuple * n, list * n (n <= 0: empty), as Python. */
static bool repeat_seq(fx_ictx *c, const fx_value *seq, int64_t times, fx_value *out) {
  int64_t n = 0;
  if (times > 0 && (!fx_mul_i64((int64_t)seq->n, times, &n) || n > MAX_SEQ))
    return fx_ierr(c, "a sequence of %u items repeated %lld times is longer than fx2c's limit of %d items", seq->n,
                   (long long)times, MAX_SEQ);
  fx_value *items = n ? fx_arena_alloc(&c->p->arena, (size_t)n * sizeof *items) : NULL;
  for (int64_t k = 0; k < n; k++) items[k] = seq->u.items[k % seq->n];
  *out = fx_value_container_in(&c->p->arena, (fx_vkind)seq->kind, items, (uint32_t)n);
  return true;
}

/* An op on Python values, computed now as Python would: ints never wrap around (a result that does not fit in 64
 * bits is an error), floats are IEEE doubles, sequences concatenate and repeat. */
static bool fold_py(fx_ictx *c, fx_op op, const fx_value *a, const fx_value *b, fx_value *out) {
  fx_graph *g = c->p->g;
  if (op == FX_OP_NEG) {
    if (a->kind == FX_V_FLOAT) *out = fx_value_float(g, -a->v.f);
    else if (a->v.i == INT64_MIN) return fx_ierr_overflow(c, "-(%lld)", (long long)a->v.i);
    else *out = int_value(c, -a->v.i);
    return true;
  }
  /* sequences: tuple + tuple, list + list, tuple * int, int * tuple */
  bool seq_a = a->kind == FX_V_TUPLE || a->kind == FX_V_LIST, seq_b = b->kind == FX_V_TUPLE || b->kind == FX_V_LIST;
  if (seq_a && op == FX_OP_ADD && b->kind == a->kind) {
    uint32_t n = a->n + b->n;
    if (n > MAX_SEQ) return fx_ierr(c, "a sequence of %u items is longer than fx2c's limit of %d items", n, MAX_SEQ);
    fx_value *items = n ? fx_arena_alloc(&c->p->arena, (size_t)n * sizeof *items) : NULL;
    if (a->n) memcpy(items, a->u.items, a->n * sizeof *items);
    if (b->n) memcpy(items + a->n, b->u.items, b->n * sizeof *items);
    *out = fx_value_container_in(&c->p->arena, (fx_vkind)a->kind, items, n);
    return true;
  }
  if (op == FX_OP_MUL && seq_a && (b->kind == FX_V_INT || b->kind == FX_V_BOOL)) return repeat_seq(c, a, b->v.i, out);
  if (op == FX_OP_MUL && seq_b && (a->kind == FX_V_INT || a->kind == FX_V_BOOL)) return repeat_seq(c, b, a->v.i, out);
  if (!py_number(a) || !py_number(b)) return fx_ierr(c, "cannot compute this on the values given");
  bool fl = a->kind == FX_V_FLOAT || b->kind == FX_V_FLOAT;
  double x, y;
  as_float(a, &x);
  as_float(b, &y);
  int64_t i = fl ? 0 : a->v.i, j = fl ? 0 : b->v.i, k;
  switch (op) {
  case FX_OP_ADD:
    if (fl) *out = fx_value_float(g, x + y);
    else if (!fx_add_i64(i, j, &k)) return fx_ierr_overflow(c, "%lld + %lld", (long long)i, (long long)j);
    else *out = int_value(c, k);
    return true;
  case FX_OP_SUB:
  case FX_OP_RSUB:
    if (op == FX_OP_RSUB) {
      double t = x;
      int64_t u = i;
      x = y, y = t, i = j, j = u;
    }
    if (fl) *out = fx_value_float(g, x - y);
    else if (!fx_sub_i64(i, j, &k)) return fx_ierr_overflow(c, "%lld - %lld", (long long)i, (long long)j);
    else *out = int_value(c, k);
    return true;
  case FX_OP_MUL:
    if (fl) *out = fx_value_float(g, x * y);
    else if (!fx_mul_i64(i, j, &k)) return fx_ierr_overflow(c, "%lld * %lld", (long long)i, (long long)j);
    else *out = int_value(c, k);
    return true;
  case FX_OP_DIV:
    if (y == 0) return fx_ierr(c, "division by zero");
    *out = fx_value_float(g, x / y);
    return true;
  case FX_OP_FLOOR_DIVIDE:
    if (y == 0) return fx_ierr(c, "division by zero");
    if (fl) *out = fx_value_float(g, floor(x / y));
    else if (i == INT64_MIN && j == -1) return fx_ierr_overflow(c, "%lld // -1", (long long)i);
    else *out = int_value(c, floordiv_i(i, j));
    return true;
  case FX_OP_REMAINDER:
    if (y == 0) return fx_ierr(c, "modulo by zero");
    if (fl) {
      double r = fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      *out = fx_value_float(g, r);
    } else {
      *out = int_value(c, j == -1 ? 0 : i - floordiv_i(i, j) * j); /* |a % b| < |b|: no overflow */
    }
    return true;
  case FX_OP_POW:
    if (!fl && j >= 0) {
      if (!pow_i(i, j, &k)) return fx_ierr_overflow(c, "%lld ** %lld", (long long)i, (long long)j);
      *out = int_value(c, k);
    } else {
      if (x == 0 && y < 0) return fx_ierr(c, "0 cannot be raised to a negative power");
      double r = pow(x, y);
      if (isinf(r) && isfinite(x) && isfinite(y)) return fx_ierr(c, "%g ** %g is too large for a float", x, y);
      *out = fx_value_float(g, r);
    }
    return true;
  /* ints compare as ints: as doubles, 2**53 + 1 == 2**53 */
  case FX_OP_EQ: *out = fx_value_bool(fl ? x == y : i == j); return true;
  case FX_OP_NE: *out = fx_value_bool(fl ? x != y : i != j); return true;
  case FX_OP_LT: *out = fx_value_bool(fl ? x < y : i < j); return true;
  case FX_OP_LE: *out = fx_value_bool(fl ? x <= y : i <= j); return true;
  case FX_OP_GT: *out = fx_value_bool(fl ? x > y : i > j); return true;
  case FX_OP_GE: *out = fx_value_bool(fl ? x >= y : i >= j); return true;
  case FX_OP_BITWISE_AND:
  case FX_OP_BITWISE_OR:
  case FX_OP_BITWISE_XOR:
    if (fl) return fx_ierr(c, "bitwise operations need ints");
    *out = int_value(c, op == FX_OP_BITWISE_AND ? i & j : op == FX_OP_BITWISE_OR ? i | j : i ^ j);
    return true;
  default: return fx_ierr(c, "cannot compute this on Python values");
  }
}

/* torch.clamp with a tensor bound: maximum(x, min), then minimum(that, max), broadcast and promoted together (NaN in
 * any operand propagates, as PyTorch's clamp does then). */
static bool infer_clamp_tensors(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0], *b[2] = {ARG("min"), ARG("max")};
  fx_promo s = {{0}, {FXRT_F32}};
  fx_promo_add(c, &s, x);
  fx_tinfo acc = *tinfo(c, x);
  for (int i = 0; i < 2; i++) {
    if (b[i]->kind == FX_V_NONE) continue;
    if (!is_tensor(b[i]) && !py_number(b[i])) return fx_ierr(c, "clamp: the bounds must be tensors or numbers");
    fx_promo_add(c, &s, b[i]);
    if (!is_tensor(b[i])) continue;
    int64_t shape[FXRT_MAX_DIMS];
    int32_t nd = 0;
    if (!fx_broadcast(c, &acc, tinfo(c, b[i]), &nd, shape)) return false;
    acc.ndim = nd;
    memcpy(acc.shape, shape, (size_t)nd * sizeof *shape);
  }
  fxrt_dtype dt = fx_promo_result(&s);
  if (dt == FXRT_BOOL) return fx_ierr(c, "clamp of bool tensors is not defined in PyTorch");
  if (in->inplace) {
    const fx_tinfo *t = tinfo(c, x);
    if (acc.ndim != t->ndim || memcmp(acc.shape, t->shape, (size_t)t->ndim * sizeof *t->shape))
      return fx_ierr(c, "an in-place result must have the shape of its input");
    if (!fx_check_inplace_cast(c, dt, t->dtype)) return false;
    in->result = alias_tensor(c, x, t->dtype, t->ndim, t->shape);
  } else {
    in->result = new_tensor(c, dt, acc.ndim, acc.shape);
  }
  return true;
}

bool fx_infer_unary(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  unsigned flags = fx_op_flags(op);
  if (op == FX_OP_CLAMP && is_tensor(x) && (is_tensor(ARG("min")) || is_tensor(ARG("max"))))
    return infer_clamp_tensors(c, op, in);
  if (!is_tensor(x)) {
    if ((flags & FX_OPF_PY) && py_number(x)) {
      in->work = false;
      return fold_py(c, op, x, x, &in->result);
    }
    return fx_ierr(c, "input must be a tensor");
  }
  const fx_tinfo *t = tinfo(c, x);
  fxrt_dtype dt = t->dtype;
  if (!is_float_dt(dt) && (op == FX_OP_FRAC || op == FX_OP_HARDSHRINK || op == FX_OP_SOFTSHRINK ||
                           op == FX_OP_LOG_SIGMOID || op == FX_OP_CELU || op == FX_OP_ELU))
    return fx_ierr(c, "%s of %s tensors is not defined in PyTorch", fx_op_name(op), fxrt_dtype_name(dt));
  if (op == FX_OP_LOGICAL_NOT) dt = FXRT_BOOL;
  else if (!is_float_dt(dt) && op != FX_OP_NEG && op != FX_OP_TRUNC && op != FX_OP_THRESHOLD && op != FX_OP_ABS &&
           op != FX_OP_SIGN && op != FX_OP_CLAMP && op != FX_OP_RELU && op != FX_OP_FLOOR && op != FX_OP_CEIL &&
           op != FX_OP_ROUND)
    dt = FXRT_F32;
  if (in->inplace && !fx_check_inplace_cast(c, dt, t->dtype)) return false;
  in->result = in->inplace ? alias_tensor(c, x, t->dtype, t->ndim, t->shape) : new_tensor(c, dt, t->ndim, t->shape);
  return true;
}

bool fx_infer_binary(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *y = &in->args[1];
  if (!is_tensor(x) && !is_tensor(y)) {
    in->work = false;
    return fold_py(c, op, x, y, &in->result);
  }
  if ((!is_tensor(x) && !py_number(x)) || (!is_tensor(y) && !py_number(y)))
    return fx_ierr(c, "operands must be tensors or numbers");
  fx_promo s = {{0}, {FXRT_F32}};
  fx_promo_add(c, &s, x);
  fx_promo_add(c, &s, y);
  fxrt_dtype dt = fx_promo_result(&s);
  if (op == FX_OP_DIV && !is_float_dt(dt) && ARG("rounding_mode")->kind == FX_V_NONE) dt = FXRT_F32;
  if (op >= FX_OP_EQ && op <= FX_OP_GE) dt = FXRT_BOOL;
  if (op >= FX_OP_LOGICAL_AND && op <= FX_OP_LOGICAL_XOR) dt = FXRT_BOOL;
  switch (op) { /* what PyTorch computes these in (the runtime's kernels are those of f32, f64, i64 and i32) */
  case FX_OP_ATAN2:
  case FX_OP_COPYSIGN:
  case FX_OP_XLOGY:
  case FX_OP_XLOG1PY:
    if (!is_float_dt(dt)) dt = FXRT_F32;
    break;
  case FX_OP_HYPOT:
  case FX_OP_NEXTAFTER:
  case FX_OP_LOGADDEXP:
  case FX_OP_LOGADDEXP2:
    if (!is_float_dt(dt)) return fx_ierr(c, "%s of integer or bool tensors is not defined in PyTorch", fx_op_name(op));
    break;
  case FX_OP_FMOD:
  case FX_OP_FMAX:
  case FX_OP_FMIN:
  case FX_OP_HEAVISIDE:
    if (dt == FXRT_BOOL) return fx_ierr(c, "%s of bool tensors is not supported", fx_op_name(op));
    break;
  case FX_OP_FLOAT_POWER: dt = FXRT_F64; break;
  case FX_OP_SPECIAL_ZETA:
  case FX_OP_CHEBYSHEV_T:
  case FX_OP_CHEBYSHEV_U:
  case FX_OP_CHEBYSHEV_V:
  case FX_OP_CHEBYSHEV_W:
  case FX_OP_SHIFTED_CHEBYSHEV_T:
  case FX_OP_SHIFTED_CHEBYSHEV_U:
  case FX_OP_SHIFTED_CHEBYSHEV_V:
  case FX_OP_SHIFTED_CHEBYSHEV_W:
  case FX_OP_HERMITE_H:
  case FX_OP_HERMITE_HE:
  case FX_OP_LAGUERRE_L:
  case FX_OP_LEGENDRE_P:
    if (!is_float_dt(dt)) dt = FXRT_F32;
    break;
  case FX_OP_IGAMMA: /* torch.igamma(input, other): float tensors only */
  case FX_OP_IGAMMAC:
    if (!is_tensor(x) || !is_tensor(y)) return fx_ierr(c, "%s takes two tensors", fx_op_name(op));
    if (!is_float_dt(dt)) return fx_ierr(c, "%s of integer or bool tensors is not defined in PyTorch", fx_op_name(op));
    break;
  case FX_OP_POLYGAMMA: /* torch.polygamma(n, input): n an int >= 0, input a tensor (integers computed in float32) */
    if (x->kind != FX_V_INT || !is_tensor(y)) return fx_ierr(c, "polygamma(n, input) takes an int n and a tensor");
    if (x->v.i < 0) return fx_ierr(c, "polygamma(n, x) does not support negative n");
    if (x->v.i > 1000000)
      return fx_ierr(c, "polygamma: n = %lld is more than float32 holds exactly", (long long)x->v.i);
    dt = tinfo(c, y)->dtype;
    if (!is_float_dt(dt)) dt = FXRT_F32;
    break;
  default: break;
  }
  fx_tinfo scalar = {0};
  const fx_tinfo *a = is_tensor(x) ? tinfo(c, x) : &scalar, *b = is_tensor(y) ? tinfo(c, y) : &scalar;
  int64_t shape[FXRT_MAX_DIMS];
  int32_t nd = 0;
  if (!fx_broadcast(c, a, b, &nd, shape)) return false;
  if (in->inplace) {
    if (!is_tensor(x) || nd != a->ndim || memcmp(shape, a->shape, (size_t)nd * sizeof *shape))
      return fx_ierr(c, "an in-place result must have the shape of its input");
    if (!fx_check_inplace_cast(c, dt, a->dtype)) return false;
    in->result = alias_tensor(c, x, a->dtype, nd, shape);
  } else {
    in->result = new_tensor(c, dt, nd, shape);
  }
  return true;
}

bool fx_infer_where(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *cond = op == FX_OP_WHERE ? x : ARG("mask");
  const fx_value *a = op == FX_OP_WHERE ? ARG("input") : x, *b = op == FX_OP_WHERE ? ARG("other") : ARG("value");
  NEED_TENSOR(cond, "the condition");
  fx_tinfo scalar = {0};
  const fx_tinfo *ta = is_tensor(a) ? tinfo(c, a) : &scalar, *tb = is_tensor(b) ? tinfo(c, b) : &scalar;
  int64_t s1[FXRT_MAX_DIMS], s2[FXRT_MAX_DIMS];
  int32_t n1 = 0, n2 = 0;
  if (!fx_broadcast(c, ta, tb, &n1, s1)) return false;
  fx_tinfo tmp = {0};
  tmp.ndim = n1;
  memcpy(tmp.shape, s1, sizeof s1);
  if (!fx_broadcast(c, tinfo(c, cond), &tmp, &n2, s2)) return false;
  fxrt_dtype dt;
  if (op == FX_OP_MASKED_FILL && in->inplace) { /* masked_fill_ (make_fx's MultiheadAttention): into its input */
    if (!is_tensor(a) || n2 != ta->ndim || memcmp(s2, ta->shape, (size_t)n2 * sizeof *s2))
      return fx_ierr(c, "an in-place result must have the shape of its input");
    in->result = alias_tensor(c, a, ta->dtype, n2, s2);
    return true;
  }
  if (op == FX_OP_MASKED_FILL) {
    dt = ta->dtype;
  } else {
    fx_promo s = {{0}, {FXRT_F32}};
    fx_promo_add(c, &s, a);
    fx_promo_add(c, &s, b);
    dt = fx_promo_result(&s);
  }
  return result_tensor(c, in, dt, n2, s2);
}

bool fx_infer_pointwise(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  fx_pw_program pr;
  char msg[160];
  if (!fx_pw_compile(x, &pr, msg, sizeof msg)) return fx_ierr(c, "%s", msg);
  fx_tinfo shape = {0};
  for (int32_t i = 0; i < pr.ninputs; i++) {
    const fx_tinfo *t = &c->p->tensors[pr.inputs[i]];
    if (t->dtype != FXRT_F32)
      return fx_ierr(c, "the tensors of a pointwise expression must be f32, not %s", fxrt_dtype_name(t->dtype));
    int32_t n = 0;
    int64_t sh[FXRT_MAX_DIMS];
    if (!fx_broadcast(c, &shape, t, &n, sh)) return false;
    shape.ndim = n;
    memcpy(shape.shape, sh, sizeof sh);
  }
  return result_tensor(c, in, FXRT_F32, shape.ndim, shape.shape);
}

/* torch.square: x * x in x's dtype, bool squared to int64; square_ keeps x's dtype (bool refused, as torch does). */
bool fx_infer_square(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  if (!in->inplace) return result_tensor(c, in, t->dtype == FXRT_BOOL ? FXRT_I64 : t->dtype, t->ndim, t->shape);
  if (t->dtype == FXRT_BOOL) return fx_ierr(c, "the int64 square of a bool tensor cannot be written into it");
  in->result = alias_tensor(c, x, t->dtype, t->ndim, t->shape);
  return true;
}

/* ---- lowering ---- */

/* An operand of an elementwise op in the compute dtype, broadcast to (ndim, shape): a tensor (converted if needed)
 * or a Python number (in scalar slot `slot` of the call k, which the caller creates afterwards: the slot value is
 * kept in *sval). */
typedef struct {
  fx_ref ref;
  fxrt_view view;
  bool is_scalar;
  double sval;
  int64_t ival;
} operand;

static bool make_operand(fx_lctx *r, const fx_value *v, fxrt_dtype dt, int32_t ndim, const int64_t *shape, operand *o) {
  memset(o, 0, sizeof *o);
  if (!is_tensor(v)) {
    double x = farg(v, 0);
    const bool fits = x >= -9223372036854775808.0 && x < 9223372036854775808.0; /* not NaN, not infinite */
    int64_t i = v->kind == FX_V_FLOAT ? (fits ? (int64_t)x : 0) : iarg(v, 0);
    switch (dt) {
    case FXRT_F32: x = (double)(float)x; break;
    case FXRT_F64: break;
    case FXRT_I64: break;
    case FXRT_I32: i = (int32_t)i; break;
    case FXRT_BOOL: i = x != 0; break;
    default: return fx_lerr(r, "no kernel for %s", fxrt_dtype_name(dt));
    }
    o->is_scalar = true;
    o->sval = x;
    o->ival = i;
    o->ref.dtype = (uint8_t)dt;
    o->view = fx_scalar_view(ndim, shape);
    return true;
  }
  o->view = fx_bview(ti(r, v), ndim, shape);
  o->ref = fx_as_dtype(r, v, dt);
  return true;
}

/* Operand o as ref and view i of k (a number in k's scalar slot i). */
static void set_operand(fx_kcall *k, int i, operand *o) {
  k->ref[i] = o->is_scalar ? scalar_ref_i(k, i, (fxrt_dtype)o->ref.dtype, o->sval, o->ival) : o->ref;
  k->view[i] = o->view;
}

bool fx_lower_unary(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t n = fx_tinfo_numel(ty);
  if (op == FX_OP_LOGICAL_NOT) { /* y = (bool(x) == false); x.logical_not_() of a non-bool x: into a bool scratch first */
    fxrt_view v = cview(tx);
    const fx_ref out = tref(r, y);
    fx_ref yr = ty->dtype == FXRT_BOOL ? out : fx_new_scratch(r, FXRT_BOOL, n);
    fx_copy_call(r, tref(r, x), &v, yr, &v);
    fx_kcall *k = fx_call(r, FX_K_BINARY);
    k->sub = FXRT_B_EQ;
    k->dt = FXRT_BOOL;
    k->ref[0] = yr;
    k->view[0] = v;
    k->ref[1] = scalar_ref(k, 0, FXRT_BOOL, 0);
    k->view[1] = fx_scalar_view(v.ndim, v.shape);
    k->ref[2] = yr;
    k->view[2] = v;
    k->f[0] = 1;
    if (yr.kind != out.kind || yr.id != out.id) fx_copy_call(r, yr, &v, out, &v);
    return true;
  }
  if (op == FX_OP_CLAMP && (is_tensor(ARG("min")) || is_tensor(ARG("max")))) { /* maximum, then minimum */
    const fx_value *bound[2] = {ARG("min"), ARG("max")};
    const fxrt_binary_op bops[2] = {FXRT_B_MAX, FXRT_B_MIN};
    const fxrt_view yv = cview(ty);
    const fxrt_dtype dt = ty->dtype;
    switch (dt) {
    case FXRT_F32: case FXRT_F64: case FXRT_I64: case FXRT_I32: break;
    default: return fx_lerr(r, "clamp on %s tensors is not supported", fxrt_dtype_name(dt));
    }
    const fx_value *src = x;
    for (int i = 0; i < 2; i++) {
      if (bound[i]->kind == FX_V_NONE) continue;
      operand oa, ob;
      if (src == x) {
        if (!make_operand(r, x, dt, ty->ndim, ty->shape, &oa)) return false;
      } else {
        memset(&oa, 0, sizeof oa);
        oa.ref = tref(r, y);
        oa.view = yv;
      }
      if (!make_operand(r, bound[i], dt, ty->ndim, ty->shape, &ob)) return false;
      fx_kcall *k = fx_call(r, FX_K_BINARY);
      k->sub = bops[i];
      k->dt = dt;
      set_operand(k, 0, &oa);
      set_operand(k, 1, &ob);
      k->ref[2] = tref(r, y);
      k->view[2] = yv;
      k->f[0] = 1;
      src = y;
    }
    return true;
  }
  if (ty->dtype != FXRT_F32)
    return fx_lerr(r, "%s on %s tensors is not supported yet", fx_op_name(op), fxrt_dtype_name(ty->dtype));
  fxrt_unary_op u;
  if (!fx_op_unary_kernel(op, &u)) return fx_lerr(r, "%s has no kernel", fx_op_name(op));
  fxrt_unary_params prm = {0, 0, 0};
  switch (op) {
  case FX_OP_LEAKY_RELU: prm.a = (float)farg(ARG("negative_slope"), 0.01); break;
  case FX_OP_ELU:
    prm.a = (float)farg(ARG("alpha"), 1);
    prm.b = (float)farg(ARG("scale"), 1);
    prm.c = (float)farg(ARG("input_scale"), 1);
    break;
  case FX_OP_GELU:
    if (fx_value_str_is(ARG("approximate"), "tanh")) u = FXRT_U_GELU_TANH;
    break;
  case FX_OP_HARDTANH:
    prm.a = (float)farg(ARG("min_val"), -1);
    prm.b = (float)farg(ARG("max_val"), 1);
    break;
  case FX_OP_CLAMP:
    prm.a = (float)farg(ARG("min"), NAN);
    prm.b = (float)farg(ARG("max"), NAN);
    break;
  case FX_OP_SOFTPLUS:
    prm.a = (float)farg(ARG("beta"), 1);
    prm.b = (float)farg(ARG("threshold"), 20);
    break;
  case FX_OP_HARDSHRINK:
  case FX_OP_SOFTSHRINK: prm.a = (float)farg(ARG("lambd"), 0.5); break;
  case FX_OP_THRESHOLD:
    prm.a = (float)farg(ARG("threshold"), 0);
    prm.b = (float)farg(ARG("value"), 0);
    break;
  case FX_OP_LOGIT: prm.a = (float)farg(ARG("eps"), NAN); break;
  case FX_OP_CELU: /* elu(alpha, scale 1, input_scale 1/alpha) */
    prm.a = (float)farg(ARG("alpha"), 1);
    prm.b = 1;
    prm.c = (float)(1 / farg(ARG("alpha"), 1));
    break;
  case FX_OP_NAN_TO_NUM:
    prm.a = (float)farg(ARG("nan"), 0);
    prm.b = (float)farg(ARG("posinf"), 3.4028234663852886e38);
    prm.c = (float)farg(ARG("neginf"), -3.4028234663852886e38);
    break;
  default: break;
  }
  fx_ref xs = fx_as_dtype(r, x, FXRT_F32);
  fx_kcall *k = fx_call(r, FX_K_UNARY);
  k->sub = u;
  k->ref[0] = xs;
  k->ref[1] = tref(r, y);
  k->i[0] = n;
  k->p.un = prm;
  return true;
}

static fxrt_dtype compute_dtype(fx_lctx *r, fx_op op, const fx_value *a, const fx_value *b, const fx_tinfo *ty) {
  if (!(op >= FX_OP_EQ && op <= FX_OP_LOGICAL_XOR)) return ty->dtype;
  /* comparisons: the operands' promoted dtype */
  fxrt_dtype da = is_tensor(a) ? ti(r, a)->dtype : FXRT_NUM_DTYPES,
             db = is_tensor(b) ? ti(r, b)->dtype : FXRT_NUM_DTYPES;
  if (op >= FX_OP_LOGICAL_AND) return FXRT_BOOL;
  if (da == FXRT_NUM_DTYPES) da = db;
  if (db == FXRT_NUM_DTYPES) db = da;
  if (da == db) {
    if (da == FXRT_I64 && ((!is_tensor(a) && a->kind == FX_V_FLOAT) || (!is_tensor(b) && b->kind == FX_V_FLOAT)))
      return FXRT_F32;
    return da;
  }
  if (da == FXRT_F64 || db == FXRT_F64) return FXRT_F64;
  if (da == FXRT_F32 || db == FXRT_F32) return FXRT_F32;
  return FXRT_I64;
}

bool fx_lower_binary(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *a = &in->args[0], *b = &in->args[1], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_binary_op bop;
  if (!fx_op_binary_kernel(op, &bop)) return fx_lerr(r, "%s has no kernel", fx_op_name(op));
  double alpha = 1;
  if (op == FX_OP_ADD || op == FX_OP_SUB || op == FX_OP_RSUB) alpha = farg(ARG("alpha"), 1);
  if (op == FX_OP_DIV) {
    const fx_value *rm = ARG("rounding_mode");
    if (fx_value_str_is(rm, "floor")) bop = FXRT_B_FLOOR_DIV;
    else if (fx_value_str_is(rm, "trunc")) bop = FXRT_B_TRUNC_DIV;
    else if (rm->kind != FX_V_NONE) return fx_lerr(r, "div: rounding_mode must be None, 'trunc' or 'floor'");
  }
  if (op == FX_OP_RSUB) {
    const fx_value *t = a;
    a = b;
    b = t;
  }
  fxrt_dtype dt = compute_dtype(r, op, a, b, ty);
  switch (dt) {
  case FXRT_F32:
  case FXRT_F64:
  case FXRT_I64:
  case FXRT_I32:
  case FXRT_BOOL: break;
  default: return fx_lerr(r, "no kernel for %s", fxrt_dtype_name(dt));
  }
  operand oa, ob;
  if (!make_operand(r, a, dt, ty->ndim, ty->shape, &oa) || !make_operand(r, b, dt, ty->ndim, ty->shape, &ob))
    return false;
  fx_kcall *k = fx_call(r, FX_K_BINARY);
  k->sub = bop;
  k->dt = dt;
  set_operand(k, 0, &oa);
  set_operand(k, 1, &ob);
  /* the kernel writes dt, or bool for comparisons; an in-place comparison into a tensor of another dtype (x.lt_(0)
   * on f32) computes into a scratch buffer and converts */
  const fxrt_dtype kout = bop >= FXRT_B_EQ && bop <= FXRT_B_GE ? FXRT_BOOL : dt;
  const fxrt_view yv = cview(ty);
  k->ref[2] = kout == ty->dtype ? tref(r, y) : fx_new_scratch(r, kout, fx_tinfo_numel(ty));
  k->view[2] = yv;
  k->f[0] = alpha;
  if (kout != ty->dtype) fx_copy_call(r, k->ref[2], &yv, tref(r, y), &yv);
  return true;
}

/* isnan, isinf, isposinf, isneginf, isfinite, isreal, signbit: a bool per element, from comparisons:
 * isnan x != x; isposinf x == inf; isneginf x == -inf; isinf both or'ed; isfinite (x - x) == 0 (NaN for infinities
 * and NaN); signbit copysign(1, x) < 0 (-0.0 and -NaN too); on integers and bool, constants but for signbit, x < 0;
 * isreal is true for every real tensor. */
bool fx_infer_classify(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  (void)op;
  in->result = new_tensor(c, FXRT_BOOL, t->ndim, t->shape);
  return true;
}

bool fx_lower_classify(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fxrt_view v = cview(tx);
  const fx_ref out = tref(r, y), xr = tref(r, x);
  const int64_t n = fx_tinfo_numel(ty);
  const fxrt_dtype dt = tx->dtype;
  const bool flt = dt == FXRT_F32 || dt == FXRT_F64;
  if (!flt && dt != FXRT_I64 && dt != FXRT_I32 && dt != FXRT_BOOL && op != FX_OP_ISREAL)
    return fx_lerr(r, "%s on %s tensors is not supported", fx_op_name(op), fxrt_dtype_name(dt));
  if (op == FX_OP_ISREAL || (!flt && op != FX_OP_SIGNBIT) || (dt == FXRT_BOOL && op == FX_OP_SIGNBIT)) {
    fx_kcall *k = fx_call(r, FX_K_FILL);
    k->dt = FXRT_BOOL;
    k->ref[0] = out;
    k->i[0] = n;
    k->f[0] = op == FX_OP_ISREAL || op == FX_OP_ISFINITE;
    return true;
  }
  switch (op) {
  case FX_OP_ISNAN: fx_binary_call(r, FXRT_B_NE, dt, xr, &v, xr, &v, out, &v); break;
  case FX_OP_ISPOSINF: fx_binary_scalar_call(r, FXRT_B_EQ, dt, xr, &v, INFINITY, out); break;
  case FX_OP_ISNEGINF: fx_binary_scalar_call(r, FXRT_B_EQ, dt, xr, &v, -INFINITY, out); break;
  case FX_OP_ISINF: {
    const fx_ref neg = fx_new_scratch(r, FXRT_BOOL, n);
    fx_binary_scalar_call(r, FXRT_B_EQ, dt, xr, &v, INFINITY, out);
    fx_binary_scalar_call(r, FXRT_B_EQ, dt, xr, &v, -INFINITY, neg);
    fx_binary_call(r, FXRT_B_OR, FXRT_BOOL, out, &v, neg, &v, out, &v);
    break;
  }
  case FX_OP_ISFINITE: {
    const fx_ref d = fx_new_scratch(r, dt, n);
    fx_binary_call(r, FXRT_B_SUB, dt, xr, &v, xr, &v, d, &v);
    fx_binary_scalar_call(r, FXRT_B_EQ, dt, d, &v, 0, out);
    break;
  }
  default: /* signbit */
    if (!flt) {
      fx_binary_scalar_call(r, FXRT_B_LT, dt, xr, &v, 0, out);
    } else {
      const fx_ref s = fx_new_scratch(r, dt, n);
      fx_kcall *k = fx_call(r, FX_K_BINARY);
      k->sub = FXRT_B_COPYSIGN;
      k->dt = dt;
      k->ref[0] = scalar_ref(k, 0, dt, 1.0);
      k->view[0] = fx_scalar_view(v.ndim, v.shape);
      k->ref[1] = xr;
      k->view[1] = v;
      k->ref[2] = s;
      k->view[2] = v;
      k->f[0] = 1;
      fx_binary_scalar_call(r, FXRT_B_LT, dt, s, &v, 0, out);
    }
    break;
  }
  return true;
}

bool fx_lower_where(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  const fx_value *cond = op == FX_OP_WHERE ? &in->args[0] : ARG("mask");
  const fx_value *a = op == FX_OP_WHERE ? ARG("input") : &in->args[0],
                 *b = op == FX_OP_WHERE ? ARG("other") : ARG("value");
  if (op == FX_OP_MASKED_FILL) { /* masked_fill(x, mask, v) is where(mask, v, x) */
    const fx_value *t = a;
    a = b;
    b = t;
  }
  operand oc, oa, ob;
  if (!make_operand(r, cond, FXRT_BOOL, ty->ndim, ty->shape, &oc) ||
      !make_operand(r, a, ty->dtype, ty->ndim, ty->shape, &oa) ||
      !make_operand(r, b, ty->dtype, ty->ndim, ty->shape, &ob))
    return false;
  fx_kcall *k = fx_call(r, FX_K_WHERE);
  k->dt = ty->dtype;
  set_operand(k, 0, &oc);
  set_operand(k, 1, &oa);
  set_operand(k, 2, &ob);
  k->ref[3] = tref(r, y);
  k->view[3] = cview(ty);
  return true;
}

/* A fused elementwise expression (fx2c.pointwise): one call, the tensors broadcast to the result's shape. */
bool fx_lower_pointwise(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fx_pw_program pr;
  char msg[160];
  if (!fx_pw_compile(&in->args[0], &pr, msg, sizeof msg)) return fx_lerr(r, "%s", msg);
  fx_kcall *k = fx_call(r, FX_K_POINTWISE);
  k->ref[0] = tref(r, y);
  k->view[0] = cview(ty);
  for (int32_t i = 0; i < pr.ninputs; i++) {
    const fx_tinfo *t = &r->p->tensors[pr.inputs[i]];
    k->ref[1 + i] = (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, pr.inputs[i], 0};
    k->view[1 + i] = fx_bview(t, ty->ndim, ty->shape);
  }
  k->i[0] = pr.ninputs;
  k->i[1] = pr.ncode;
  memcpy(k->p.pw, pr.code, (size_t)pr.ncode * sizeof *pr.code);
  return true;
}

bool fx_lower_square(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  switch (ty->dtype) {
  case FXRT_F32:
  case FXRT_F64:
  case FXRT_I64:
  case FXRT_I32: break;
  default: return fx_lerr(r, "no kernel for %s", fxrt_dtype_name(ty->dtype));
  }
  fx_ref x = fx_as_dtype(r, &in->args[0], ty->dtype);
  fxrt_view v = cview(ty);
  fx_kcall *k = fx_call(r, FX_K_BINARY);
  k->sub = FXRT_B_MUL;
  k->dt = ty->dtype;
  k->ref[0] = x;
  k->view[0] = v;
  k->ref[1] = x;
  k->view[1] = v;
  k->ref[2] = tref(r, y);
  k->view[2] = v;
  k->f[0] = 1;
  return true;
}
