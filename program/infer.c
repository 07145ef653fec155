/* infer.c: each node's result from its bound arguments: a tensor's dtype and shape (with broadcasting and PyTorch's
 * type promotion), or a Python value computed now (x.size(0), getattr(x, 'shape'), n * 2, shape[1:]).
 *
 * Node references in the arguments are first replaced by the nodes' results, so that an op sees tensors
 * (FX_V_TENSOR) and constants only; then the op's rule (ops.def), in its family's file program/ops/FAMILY.c,
 * infers the result. Shape errors are reported at the node that causes them. This file holds what the families
 * share (ops/family.h).
 */
#include "ops/family.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void fx_node_verror(const fx_program *p, uint32_t node, fx_diag *d, const char *prefix, const char *fmt, va_list ap) {
  const fx_node *n = &p->g->nodes[node];
  char msg[400];
  vsnprintf(msg, sizeof msg, fmt, ap);
  fx_diag_error(d, n->loc.line ? p->g->src : NULL, n->loc, "%s: %s", prefix, msg);
}

bool fx_ierr(fx_ictx *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fx_node_verror(c->p, c->node, c->d, fx_op_name((fx_op)c->p->inst[c->node].op), fmt, ap);
  va_end(ap);
  return false;
}

bool fx_ierr_overflow(fx_ictx *c, const char *fmt, ...) {
  char what[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return fx_ierr(c, "integer overflow: %s does not fit in 64 bits", what);
}

/* ---- checked sizes ---- */

bool fx_prod_i64(int n, const int64_t *sizes, int64_t *r) {
  int64_t p = 1;
  bool ovf = false;
  for (int i = 0; i < n; i++) {
    if (sizes[i] == 0) {
      *r = 0;
      return true;
    }
    ovf |= !fx_mul_i64(p, sizes[i], &p);
  }
  *r = p;
  return !ovf;
}

const char *fx_shape_str(int32_t ndim, const int64_t *shape, char *buf, size_t cap) {
  size_t k = (size_t)snprintf(buf, cap, "[");
  for (int32_t i = 0; i < ndim && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)shape[i]);
  if (k < cap) snprintf(buf + k, cap - k, "]");
  return buf;
}

bool fx_check_shape(fx_ictx *c, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  char s[200];
  for (int32_t i = 0; i < ndim; i++)
    if (shape[i] < 0)
      return fx_ierr(c, "cannot create a tensor with negative dimension %lld: %s", (long long)shape[i],
                     fx_shape_str(ndim, shape, s, sizeof s));
  int64_t numel, bytes;
  if (!fx_prod_i64(ndim, shape, &numel))
    return fx_ierr_overflow(c, "the element count of a tensor of shape %s", fx_shape_str(ndim, shape, s, sizeof s));
  if (!fx_mul_i64(numel, (int64_t)fxrt_dtype_size(dt), &bytes))
    return fx_ierr_overflow(c, "the size in bytes of a %s tensor of shape %s", fxrt_dtype_name(dt),
                            fx_shape_str(ndim, shape, s, sizeof s));
  return true;
}

/* ---- reading constants ---- */

/* An int, or a tuple or list of ints, as at most max ints. */
int fx_as_ints(const fx_value *v, int64_t *out, int max) {
  if (v->kind == FX_V_INT) {
    out[0] = v->v.i;
    return 1;
  }
  if (v->kind != FX_V_TUPLE && v->kind != FX_V_LIST) return -1;
  if ((int)v->n > max) return -1;
  for (uint32_t i = 0; i < v->n; i++)
    if (!as_int(&v->u.items[i], &out[i])) return -1;
  return (int)v->n;
}

/* n ints from an int (repeated) or a tuple of 1 or n ints, as PyTorch's _pair / _single do. */
bool fx_expand_ints(const fx_value *v, int n, int64_t *out) {
  int64_t tmp[FXRT_MAX_DIMS];
  int k = fx_as_ints(v, tmp, FXRT_MAX_DIMS);
  if (k == 1) {
    for (int i = 0; i < n; i++) out[i] = tmp[0];
    return true;
  }
  if (k != n) return false;
  memcpy(out, tmp, (size_t)n * sizeof *tmp);
  return true;
}

bool fx_dtype_of_word(const fx_value *v, fxrt_dtype *out) {
  static const struct {
    const char *name;
    fxrt_dtype dt;
  } names[] = {
      {"torch.float32", FXRT_F32}, {"torch.float", FXRT_F32}, {"torch.float64", FXRT_F64},   {"torch.double", FXRT_F64},
      {"torch.float16", FXRT_F16}, {"torch.half", FXRT_F16},  {"torch.bfloat16", FXRT_BF16}, {"torch.int64", FXRT_I64},
      {"torch.long", FXRT_I64},    {"torch.int32", FXRT_I32}, {"torch.int", FXRT_I32},       {"torch.int16", FXRT_I16},
      {"torch.short", FXRT_I16},   {"torch.int8", FXRT_I8},   {"torch.uint8", FXRT_U8},      {"torch.bool", FXRT_BOOL}};
  if (v->kind != FX_V_WORD) return false;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (fx_str_eqz(fx_str_make(v->u.text, v->n), names[i].name)) {
      *out = names[i].dt;
      return true;
    }
  return false;
}

/* ---- dtypes ---- */

static int category(fxrt_dtype dt) { return dt == FXRT_BOOL ? 0 : is_float_dt(dt) ? 2 : 1; }

/* The name torch's messages give a dtype (c10's ScalarType names). */
static const char *scalar_type_name(fxrt_dtype dt) {
  static const char *const n[FXRT_NUM_DTYPES] = {[FXRT_F32] = "Float", [FXRT_F64] = "Double", [FXRT_F16] = "Half",
                                                 [FXRT_BF16] = "BFloat16", [FXRT_I64] = "Long", [FXRT_I32] = "Int",
                                                 [FXRT_I16] = "Short", [FXRT_I8] = "Char", [FXRT_U8] = "Byte",
                                                 [FXRT_BOOL] = "Bool"};
  return (unsigned)dt < FXRT_NUM_DTYPES && n[dt] ? n[dt] : "?";
}

bool fx_check_inplace_cast(fx_ictx *c, fxrt_dtype result, fxrt_dtype out) {
  /* c10::canCast: no float into an integral type, nothing but bool into bool */
  if ((is_float_dt(result) && !is_float_dt(out)) || (result != FXRT_BOOL && out == FXRT_BOOL))
    return fx_ierr(c, "result type %s can't be cast to the desired output type %s (PyTorch refuses this in-place op "
                      "too); use the out-of-place form",
                   scalar_type_name(result), scalar_type_name(out));
  return true;
}

/* torch.promote_types for the dtypes fx2c has. */
fxrt_dtype fx_promote(fxrt_dtype a, fxrt_dtype b) {
  if (a == b) return a;
  int ca = category(a), cb = category(b);
  if (ca != cb) return ca > cb ? a : b;
  if (ca == 2) {
    if ((a == FXRT_F16 && b == FXRT_BF16) || (a == FXRT_BF16 && b == FXRT_F16)) return FXRT_F32;
    static const int rank[FXRT_NUM_DTYPES] = {[FXRT_F16] = 1, [FXRT_BF16] = 1, [FXRT_F32] = 2, [FXRT_F64] = 3};
    return rank[a] >= rank[b] ? a : b;
  }
  if (ca == 1) {
    if ((a == FXRT_U8 && b == FXRT_I8) || (a == FXRT_I8 && b == FXRT_U8)) return FXRT_I16;
    static const int rank[FXRT_NUM_DTYPES] = {
        [FXRT_U8] = 1, [FXRT_I8] = 1, [FXRT_I16] = 2, [FXRT_I32] = 3, [FXRT_I64] = 4};
    return rank[a] >= rank[b] ? a : b;
  }
  return a;
}

void fx_promo_add(fx_ictx *c, fx_promo *s, const fx_value *v) {
  int cls;
  fxrt_dtype dt;
  if (is_tensor(v)) {
    const fx_tinfo *t = tinfo(c, v);
    cls = t->ndim > 0 ? 0 : 1;
    dt = t->dtype;
  } else {
    cls = 2;
    dt = v->kind == FX_V_BOOL ? FXRT_BOOL : v->kind == FX_V_INT ? FXRT_I64 : FXRT_F32; /* default dtype */
  }
  s->dt[cls] = s->have[cls] ? fx_promote(s->dt[cls], dt) : dt;
  s->have[cls] = 1;
}

static bool combine(fxrt_dtype higher, bool hh, fxrt_dtype lower, bool hl, fxrt_dtype *out) {
  if (!hh) {
    *out = lower;
    return hl;
  }
  if (!hl || is_float_dt(higher)) {
    *out = higher;
    return true;
  }
  if (higher == FXRT_BOOL || category(lower) > category(higher)) {
    *out = category(lower) > category(higher) ? lower : fx_promote(higher, lower);
    return true;
  }
  *out = higher;
  return true;
}

fxrt_dtype fx_promo_result(const fx_promo *s) {
  fxrt_dtype zw, r;
  bool h = combine(s->dt[1], s->have[1], s->dt[2], s->have[2], &zw);
  combine(s->dt[0], s->have[0], zw, h, &r);
  return r;
}

/* ---- shapes ---- */

bool fx_norm_dim(fx_ictx *c, int64_t dim, int32_t ndim, int32_t *out) {
  int32_t n = ndim > 0 ? ndim : 1;
  if (dim < -n || dim >= n)
    return fx_ierr(c, "dimension %lld is out of range for a tensor of %d dimensions", (long long)dim, ndim);
  *out = (int32_t)(dim < 0 ? dim + n : dim);
  return true;
}

bool fx_broadcast(fx_ictx *c, const fx_tinfo *a, const fx_tinfo *b, int32_t *ndim, int64_t *shape) {
  int32_t n = a->ndim > b->ndim ? a->ndim : b->ndim;
  for (int32_t i = 0; i < n; i++) {
    int32_t ia = i - (n - a->ndim), ib = i - (n - b->ndim);
    int64_t da = ia >= 0 ? a->shape[ia] : 1, db = ib >= 0 ? b->shape[ib] : 1;
    if (da != db && da != 1 && db != 1)
      return fx_ierr(c, "shapes cannot be broadcast together: size %lld against %lld in dimension %d", (long long)da,
                     (long long)db, i);
    shape[i] = da == 1 ? db : da;
  }
  *ndim = n;
  return true;
}

bool fx_dim_arg(fx_ictx *c, const fx_value *v, int32_t ndim, int32_t *out) {
  int64_t dim;
  if (!as_int(v, &dim)) return fx_ierr(c, "dim must be an int");
  return fx_norm_dim(c, dim, ndim, out);
}

/* ---- arguments shared by families ---- */

/* fused_conv, fused_linear: f32; the residual a tensor of the result's dtype and shape; a known activation with
 * numbers for its parameters. */
bool fx_check_epilogue(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_tinfo *ty = tinfo(c, &in->result);
  if (ty->dtype != FXRT_F32) return fx_ierr(c, "an epilogue runs on f32 results only");
  const fx_value *res = ARG("residual");
  if (is_tensor(res)) {
    const fx_tinfo *tr = tinfo(c, res);
    if (tr->dtype != ty->dtype || tr->ndim != ty->ndim ||
        memcmp(tr->shape, ty->shape, (size_t)ty->ndim * sizeof *ty->shape))
      return fx_ierr(c, "the residual must have the result's dtype and shape");
  } else if (res->kind != FX_V_NONE) {
    return fx_ierr(c, "the residual must be a tensor or None");
  }
  if (fx_epilogue_act(ARG("activation")) < 0) return fx_ierr(c, "unknown activation for the epilogue");
  const char *num[] = {"negative_slope", "min", "max"};
  for (int i = 0; i < 3; i++) {
    const fx_value *v = ARG(num[i]);
    if (!(v->kind == FX_V_INT || v->kind == FX_V_FLOAT || (i && v->kind == FX_V_NONE)))
      return fx_ierr(c, "%s must be a number", num[i]);
  }
  return true;
}

/* ---- replacing node references by the nodes' results ---- */

static fx_value resolve(fx_ictx *c, const fx_value *v, bool *ok) {
  if (v->kind == FX_V_NODE) {
    if (v->v.node >= c->p->g->nnodes) {
      *ok = false;
      return *v;
    }
    if (c->p->inst[v->v.node].failed) *ok = false;
    return c->p->inst[v->v.node].result;
  }
  if (!fx_value_is_container(v) || v->n == 0) return *v;
  fx_value r = *v;
  r.u.items = fx_arena_alloc(&c->p->arena, (size_t)v->n * sizeof *v);
  for (uint32_t i = 0; i < v->n; i++) r.u.items[i] = resolve(c, &v->u.items[i], ok);
  return r;
}

/* ---- each op's rule (ops.def) ---- */

typedef bool (*infer_fn)(fx_ictx *c, fx_op op, fx_inst *in);
static const infer_fn infer_of[FX_NUM_OPS] = {
#define FX_OP(id, name, sig, nout, flags, rule) [FX_OP_##id] = fx_infer_##rule,
#include "../ir/ops.def"
#undef FX_OP
};

bool fx_infer_node(fx_program *p, uint32_t node, fx_diag *d) {
  fx_ictx c = {p, node, d};
  fx_inst *in = &p->inst[node];
  const fx_node *n = &p->g->nodes[node];
  if (in->op < 0) {
    if (n->opcode == FX_OUTPUT) {
      bool ok = true;
      p->output = n->args.n ? resolve(&c, &n->args.u.items[0], &ok) : fx_value_none();
      in->result = fx_value_none();
      return true; /* a failed input has been reported already */
    }
    return true; /* placeholders and get_attr: set by fx_program_build */
  }
  const fx_sig *sig = fx_op_sig((fx_op)in->op);
  bool ok = true;
  for (int k = 0; k < sig->n; k++) in->args[k] = resolve(&c, &in->args[k], &ok);
  if (!ok) { /* an input failed: that error has been reported */
    in->failed = true;
    return false;
  }
  in->work = true;
  /* a rule may hold pointers to its inputs' fx_tinfo while it makes up to this many results (split, which makes
   * more, copies its input's) */
  fx_program_reserve_tensors(p, FX_RULE_TENSORS);
  uint32_t first = p->ntensors;
  bool done = infer_of[in->op](&c, (fx_op)in->op, in) && fx_quant_check(&c, (fx_op)in->op, in);
  /* every tensor the rule made has a shape a tensor can have (the rules compute sizes with checked arithmetic, so
   * that a size that does not fit is reported where it arises; this catches the rest, once, at the node) */
  for (uint32_t t = first; done && t < p->ntensors; t++)
    done = fx_check_shape(&c, p->tensors[t].dtype, p->tensors[t].ndim, p->tensors[t].shape);
  if (!done) {
    in->failed = true;
    return false;
  }
  return true;
}
