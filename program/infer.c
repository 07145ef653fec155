/* infer.c: each node's result from its bound arguments: a tensor's dtype and shape (with broadcasting and PyTorch's
 * type promotion), or a Python value computed now (x.size(0), getattr(x, 'shape'), n * 2, shape[1:]).
 *
 * Node references in the arguments are first replaced by the nodes' results, so that an op sees tensors
 * (FX_V_TENSOR) and constants only. Shape errors are reported at the node that causes them.
 */
#include "../ir/pointwise.h"
#include "program.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  fx_program *p;
  uint32_t node;
  fx_diag *d;
} ictx;

static bool err(ictx *c, const char *fmt, ...) FX_PRINTF(2, 3);

static bool err(ictx *c, const char *fmt, ...) {
  const fx_node *n = &c->p->g->nodes[c->node];
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fx_diag_error(c->d, n->loc.line ? c->p->g->src : NULL, n->loc, "%s: %s", fx_op_name((fx_op)c->p->inst[c->node].op), msg);
  return false;
}

/* ---- reading constants ---- */

static bool is_tensor(const fx_value *v) { return v->kind == FX_V_TENSOR; }
static const fx_tinfo *tinfo(ictx *c, const fx_value *v) { return &c->p->tensors[v->v.node]; }

static bool as_int(const fx_value *v, int64_t *out) {
  if (v->kind == FX_V_INT || v->kind == FX_V_BOOL) {
    *out = v->v.i;
    return true;
  }
  return false;
}

static bool as_float(const fx_value *v, double *out) {
  if (v->kind == FX_V_FLOAT) *out = v->v.f;
  else if (v->kind == FX_V_INT || v->kind == FX_V_BOOL) *out = (double)v->v.i;
  else return false;
  return true;
}

static bool as_bool(const fx_value *v, bool *out) {
  if (v->kind != FX_V_BOOL && v->kind != FX_V_INT) return false;
  *out = v->v.i != 0;
  return true;
}

/* An int, or a tuple or list of ints, as at most max ints. */
static int as_ints(const fx_value *v, int64_t *out, int max) {
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
static bool expand_ints(const fx_value *v, int n, int64_t *out) {
  int64_t tmp[FXRT_MAX_DIMS];
  int k = as_ints(v, tmp, FXRT_MAX_DIMS);
  if (k == 1) {
    for (int i = 0; i < n; i++) out[i] = tmp[0];
    return true;
  }
  if (k != n) return false;
  memcpy(out, tmp, (size_t)n * sizeof *tmp);
  return true;
}

static bool dtype_of_word(const fx_value *v, fxrt_dtype *out) {
  static const struct {
    const char *name;
    fxrt_dtype dt;
  } names[] = {{"torch.float32", FXRT_F32}, {"torch.float", FXRT_F32},   {"torch.float64", FXRT_F64},
               {"torch.double", FXRT_F64},  {"torch.float16", FXRT_F16}, {"torch.half", FXRT_F16},
               {"torch.bfloat16", FXRT_BF16}, {"torch.int64", FXRT_I64}, {"torch.long", FXRT_I64},
               {"torch.int32", FXRT_I32},   {"torch.int", FXRT_I32},     {"torch.int16", FXRT_I16},
               {"torch.short", FXRT_I16},   {"torch.int8", FXRT_I8},     {"torch.uint8", FXRT_U8},
               {"torch.bool", FXRT_BOOL}};
  if (v->kind != FX_V_WORD) return false;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (fx_str_eqz(fx_str_make(v->u.text, v->n), names[i].name)) {
      *out = names[i].dt;
      return true;
    }
  return false;
}

static const char *dtype_word(fxrt_dtype dt) {
  static const char *const w[FXRT_NUM_DTYPES] = {"torch.float32", "torch.float64", "torch.float16", "torch.bfloat16",
                                                  "torch.int64",   "torch.int32",   "torch.int16",   "torch.int8",
                                                  "torch.uint8",   "torch.bool"};
  return w[dt];
}

static bool is_float_dt(fxrt_dtype dt) { return dt == FXRT_F32 || dt == FXRT_F64 || dt == FXRT_F16 || dt == FXRT_BF16; }
static int category(fxrt_dtype dt) { return dt == FXRT_BOOL ? 0 : is_float_dt(dt) ? 2 : 1; }

/* torch.promote_types for the dtypes fx2c has. */
static fxrt_dtype promote(fxrt_dtype a, fxrt_dtype b) {
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
    static const int rank[FXRT_NUM_DTYPES] = {[FXRT_U8] = 1, [FXRT_I8] = 1, [FXRT_I16] = 2, [FXRT_I32] = 3,
                                              [FXRT_I64] = 4};
    return rank[a] >= rank[b] ? a : b;
  }
  return a;
}

/* torch.result_type: tensors with dimensions, then zero-dim tensors, then Python numbers, each only able to raise
 * the category of what came before (c10/core/ScalarType.h, ATen/native/TypeProperties.cpp). */
typedef struct {
  int have[3];
  fxrt_dtype dt[3];
} promo_state;

static void promo_add(ictx *c, promo_state *s, const fx_value *v) {
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
  s->dt[cls] = s->have[cls] ? promote(s->dt[cls], dt) : dt;
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
    *out = category(lower) > category(higher) ? lower : promote(higher, lower);
    return true;
  }
  *out = higher;
  return true;
}

static fxrt_dtype promo_result(const promo_state *s) {
  fxrt_dtype zw, r;
  bool h = combine(s->dt[1], s->have[1], s->dt[2], s->have[2], &zw);
  combine(s->dt[0], s->have[0], zw, h, &r);
  return r;
}

/* ---- results ---- */

static fx_value new_tensor(ictx *c, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  uint32_t id = fx_program_new_tensor(c->p, dt, ndim, shape, FX_T_ACT, c->node);
  return fx_tensor_value(c->p, id);
}

static fx_value alias_tensor(ictx *c, const fx_value *of, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  fx_value r = new_tensor(c, dt, ndim, shape);
  c->p->tensors[r.v.node].alias = c->p->tensors[of->v.node].alias;
  return r;
}

static fx_value tuple_of(ictx *c, const fx_value *items, uint32_t n) {
  return fx_value_container_in(&c->p->arena, FX_V_TUPLE, items, n);
}

static fx_value int_value(ictx *c, int64_t i) { return fx_value_int(c->p->g, i); }

static fx_value shape_value(ictx *c, const fx_tinfo *t) {
  fx_value items[FXRT_MAX_DIMS];
  for (int32_t i = 0; i < t->ndim; i++) items[i] = int_value(c, t->shape[i]);
  return tuple_of(c, items, (uint32_t)t->ndim);
}

static bool norm_dim(ictx *c, int64_t dim, int32_t ndim, int32_t *out) {
  int32_t n = ndim > 0 ? ndim : 1;
  if (dim < -n || dim >= n) return err(c, "dimension %lld is out of range for a tensor of %d dimensions", (long long)dim, ndim);
  *out = (int32_t)(dim < 0 ? dim + n : dim);
  return true;
}

static bool broadcast(ictx *c, const fx_tinfo *a, const fx_tinfo *b, int32_t *ndim, int64_t *shape) {
  int32_t n = a->ndim > b->ndim ? a->ndim : b->ndim;
  for (int32_t i = 0; i < n; i++) {
    int32_t ia = i - (n - a->ndim), ib = i - (n - b->ndim);
    int64_t da = ia >= 0 ? a->shape[ia] : 1, db = ib >= 0 ? b->shape[ib] : 1;
    if (da != db && da != 1 && db != 1)
      return err(c, "shapes cannot be broadcast together: size %lld against %lld in dimension %d", (long long)da,
                 (long long)db, i);
    shape[i] = da == 1 ? db : da;
  }
  *ndim = n;
  return true;
}

/* ---- Python values computed now ---- */

static bool py_number(const fx_value *v) { return v->kind == FX_V_INT || v->kind == FX_V_FLOAT || v->kind == FX_V_BOOL; }

static int64_t floordiv_i(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static bool fold_py(ictx *c, fx_op op, const fx_value *a, const fx_value *b, fx_value *out) {
  fx_graph *g = c->p->g;
  if (op == FX_OP_NEG) {
    if (a->kind == FX_V_FLOAT) *out = fx_value_float(g, -a->v.f);
    else *out = int_value(c, -a->v.i);
    return true;
  }
  /* sequences: tuple + tuple, list + list, tuple * int */
  if ((a->kind == FX_V_TUPLE || a->kind == FX_V_LIST) && op == FX_OP_ADD && b->kind == a->kind) {
    fx_value items[64];
    if (a->n + b->n > 64) return err(c, "sequence too long");
    memcpy(items, a->u.items, a->n * sizeof *items);
    memcpy(items + a->n, b->u.items, b->n * sizeof *items);
    *out = fx_value_container_in(&c->p->arena, (fx_vkind)a->kind, items, a->n + b->n);
    return true;
  }
  if (!py_number(a) || !py_number(b)) return err(c, "cannot compute this on the values given");
  bool fl = a->kind == FX_V_FLOAT || b->kind == FX_V_FLOAT;
  double x, y;
  as_float(a, &x);
  as_float(b, &y);
  int64_t i = a->v.i, j = b->v.i;
  switch (op) {
  case FX_OP_ADD: *out = fl ? fx_value_float(g, x + y) : int_value(c, i + j); return true;
  case FX_OP_SUB: *out = fl ? fx_value_float(g, x - y) : int_value(c, i - j); return true;
  case FX_OP_RSUB: *out = fl ? fx_value_float(g, y - x) : int_value(c, j - i); return true;
  case FX_OP_MUL: *out = fl ? fx_value_float(g, x * y) : int_value(c, i * j); return true;
  case FX_OP_DIV:
    if (y == 0) return err(c, "division by zero");
    *out = fx_value_float(g, x / y);
    return true;
  case FX_OP_FLOOR_DIVIDE:
    if (y == 0) return err(c, "division by zero");
    *out = fl ? fx_value_float(g, floor(x / y)) : int_value(c, floordiv_i(i, j));
    return true;
  case FX_OP_REMAINDER:
    if (y == 0) return err(c, "modulo by zero");
    if (fl) {
      double r = fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      *out = fx_value_float(g, r);
    } else {
      *out = int_value(c, i - floordiv_i(i, j) * j);
    }
    return true;
  case FX_OP_POW:
    if (!fl && j >= 0) {
      int64_t r = 1;
      for (int64_t k = 0; k < j; k++) r *= i;
      *out = int_value(c, r);
    } else {
      *out = fx_value_float(g, pow(x, y));
    }
    return true;
  case FX_OP_EQ: *out = fx_value_bool(x == y); return true;
  case FX_OP_NE: *out = fx_value_bool(x != y); return true;
  case FX_OP_LT: *out = fx_value_bool(x < y); return true;
  case FX_OP_LE: *out = fx_value_bool(x <= y); return true;
  case FX_OP_GT: *out = fx_value_bool(x > y); return true;
  case FX_OP_GE: *out = fx_value_bool(x >= y); return true;
  case FX_OP_BITWISE_AND: *out = int_value(c, i & j); return true;
  case FX_OP_BITWISE_OR: *out = int_value(c, i | j); return true;
  case FX_OP_BITWISE_XOR: *out = int_value(c, i ^ j); return true;
  default: return err(c, "cannot compute this on Python values");
  }
}

/* shape[1:], shape[-1], (a, b)[0] */
static bool getitem_py(ictx *c, const fx_value *seq, const fx_value *idx, fx_value *out) {
  int64_t n = seq->n, i;
  if (as_int(idx, &i)) {
    if (i < -n || i >= n) return err(c, "index %lld is out of range for a sequence of %lld", (long long)i, (long long)n);
    *out = seq->u.items[i < 0 ? i + n : i];
    return true;
  }
  if (idx->kind == FX_V_CALL && idx->n == 4) { /* slice(start, stop, step) */
    int64_t start = 0, stop = n, step = 1;
    as_int(&idx->u.items[3], &step);
    if (step == 0) return err(c, "slice step cannot be zero");
    if (step < 0) {
      start = n - 1;
      stop = -n - 1;
    }
    if (as_int(&idx->u.items[1], &start) && start < 0) start += n;
    if (as_int(&idx->u.items[2], &stop) && stop < 0) stop += n;
    fx_value items[64];
    uint32_t k = 0;
    for (int64_t j = start; step > 0 ? j < stop && j < n : j > stop && j >= 0; j += step)
      if (j >= 0 && j < n && k < 64) items[k++] = seq->u.items[j];
    *out = fx_value_container_in(&c->p->arena, (fx_vkind)seq->kind, items, k);
    return true;
  }
  return err(c, "unsupported index on a sequence");
}

/* ---- replacing node references by the nodes' results ---- */

static fx_value resolve(ictx *c, const fx_value *v, bool *ok) {
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

/* ---- per op ---- */

/* The node's attribute record (program.h), zeroed, in the program's arena. */
static fx_attrs *new_attrs(ictx *c, fx_inst *in) {
  fx_attrs *a = fx_arena_alloc(&c->p->arena, sizeof *a);
  in->attrs = a;
  return a;
}

#define ARG(name) (&in->args[fx_sig_find(fx_op_sig(op), name)])
#define NEED_TENSOR(v, what)                                                      \
  do {                                                                           \
    if (!is_tensor(v)) return err(c, "%s must be a tensor", what);               \
  } while (0)

static bool infer_pool_size(ictx *c, int64_t in, int64_t k, int64_t s, int64_t pad, int64_t dil, bool ceil_mode,
                            int64_t *out) {
  if (k <= 0 || s <= 0 || dil <= 0 || pad < 0) return err(c, "kernel, stride and dilation must be positive");
  if (pad * 2 > k) return err(c, "padding %lld is more than half the kernel size %lld", (long long)pad, (long long)k);
  int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? s - 1 : 0);
  int64_t o = (num >= 0 ? num / s : -1) + 1;
  if (ceil_mode && (o - 1) * s >= in + pad) o--; /* the last window must start inside the input or left padding */
  if (o < 1) return err(c, "the input (size %lld) is too small for the window", (long long)in);
  *out = o;
  return true;
}

/* A pooling result of the input's dtype and the given shape, and with indices, its i64 indices (a tuple). */
static bool pool_result(ictx *c, fx_inst *in, const fx_tinfo *t, const int64_t *shape, bool indices) {
  fx_value y = new_tensor(c, t->dtype, t->ndim, shape);
  if (!indices) {
    in->result = y;
    return true;
  }
  fx_value items[2] = {y, new_tensor(c, FXRT_I64, t->ndim, shape)};
  in->result = tuple_of(c, items, 2);
  return true;
}

static bool infer_reduce(ictx *c, fx_inst *in, fx_op op, const fx_tinfo *t, fxrt_dtype dt, int nout) {
  bool keep = false;
  const fx_value *dimv = ARG("dim");
  int kk = fx_sig_find(fx_op_sig(op), "keepdim");
  if (kk >= 0) as_bool(&in->args[kk], &keep);
  bool reduce[FXRT_MAX_DIMS] = {false};
  int64_t dims[FXRT_MAX_DIMS];
  int nd = dimv->kind == FX_V_NONE ? -2 : as_ints(dimv, dims, FXRT_MAX_DIMS);
  if (nd == -1) return err(c, "dim must be an int or a list of ints");
  if (nd == -2 || nd == 0) {
    for (int32_t i = 0; i < t->ndim; i++) reduce[i] = true;
    if (nd == -2 && op != FX_OP_SUM && op != FX_OP_MEAN && op != FX_OP_PROD && op != FX_OP_AMAX && op != FX_OP_AMIN)
      keep = false;
  } else {
    for (int i = 0; i < nd; i++) {
      int32_t dd = 0;
      if (!norm_dim(c, dims[i], t->ndim, &dd)) return false;
      reduce[dd] = true;
    }
  }
  int64_t shape[FXRT_MAX_DIMS];
  int32_t n = 0;
  for (int32_t i = 0; i < t->ndim; i++) {
    if (!reduce[i]) shape[n++] = t->shape[i];
    else if (keep) shape[n++] = 1;
    else if (t->shape[i] == 0 && (op == FX_OP_AMAX || op == FX_OP_AMIN || op == FX_OP_ARGMAX || op == FX_OP_MAX_DIM))
      return err(c, "cannot reduce an empty dimension");
  }
  if (nout == 2) {
    fx_value items[2] = {new_tensor(c, dt, n, shape), new_tensor(c, FXRT_I64, n, shape)};
    in->result = tuple_of(c, items, 2);
  } else {
    in->result = new_tensor(c, dt, n, shape);
  }
  return true;
}

/* x[index] for a tensor: ints, slices, None, Ellipsis and tuples of them. */
static bool infer_tensor_index(ictx *c, fx_inst *in, const fx_tinfo *t, const fx_value *idx) {
  const fx_value *items = idx->kind == FX_V_TUPLE ? idx->u.items : idx;
  uint32_t n = idx->kind == FX_V_TUPLE ? idx->n : 1;
  int consumed = 0, ellipsis = -1;
  for (uint32_t i = 0; i < n; i++) {
    if (items[i].kind == FX_V_ELLIPSIS) ellipsis = (int)i;
    else if (items[i].kind == FX_V_INT || items[i].kind == FX_V_CALL) consumed++;
    else if (items[i].kind == FX_V_TENSOR) return err(c, "indexing with a tensor is not supported");
    else if (items[i].kind != FX_V_NONE) return err(c, "unsupported index");
  }
  if (consumed > t->ndim) return err(c, "too many indices for a tensor of %d dimensions", t->ndim);
  int64_t shape[FXRT_MAX_DIMS];
  int32_t out = 0, dim = 0;
  for (uint32_t i = 0; i < n; i++) {
    const fx_value *it = &items[i];
    if (it->kind == FX_V_ELLIPSIS) {
      int skip = t->ndim - consumed;
      for (int k = 0; k < skip; k++) shape[out++] = t->shape[dim++];
    } else if (it->kind == FX_V_NONE) {
      if (out >= FXRT_MAX_DIMS) return err(c, "too many dimensions");
      shape[out++] = 1;
    } else if (it->kind == FX_V_INT) {
      int64_t k = it->v.i, sz = t->shape[dim];
      if (k < -sz || k >= sz) return err(c, "index %lld is out of range for size %lld", (long long)k, (long long)sz);
      dim++;
    } else { /* slice */
      int64_t sz = t->shape[dim], start = 0, stop = sz, step = 1;
      as_int(&it->u.items[3], &step);
      if (step <= 0) return err(c, "slice step must be positive");
      if (as_int(&it->u.items[1], &start) && start < 0) start += sz;
      if (as_int(&it->u.items[2], &stop) && stop < 0) stop += sz;
      if (start < 0) start = 0;
      if (stop > sz) stop = sz;
      shape[out++] = stop > start ? (stop - start + step - 1) / step : 0;
      dim++;
    }
  }
  (void)ellipsis;
  while (dim < t->ndim) shape[out++] = t->shape[dim++];
  in->result = new_tensor(c, t->dtype, out, shape);
  return true;
}

static bool infer_view(ictx *c, fx_inst *in, const fx_value *x, const fx_value *sizev) {
  const fx_tinfo *t = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  int n = as_ints(sizev, shape, FXRT_MAX_DIMS);
  if (n < 0) return err(c, "the new shape must be ints");
  int64_t numel = fx_tinfo_numel(t), known = 1;
  int infer_at = -1;
  for (int i = 0; i < n; i++) {
    if (shape[i] == -1) {
      if (infer_at >= 0) return err(c, "only one dimension can be -1");
      infer_at = i;
    } else if (shape[i] < 0) {
      return err(c, "invalid size %lld", (long long)shape[i]);
    } else {
      known *= shape[i];
    }
  }
  if (infer_at >= 0) {
    if (known == 0 || numel % known) return err(c, "shape is invalid for an input of %lld elements", (long long)numel);
    shape[infer_at] = numel / known;
  } else if (known != numel) {
    return err(c, "shape has %lld elements but the input has %lld", (long long)known, (long long)numel);
  }
  in->result = alias_tensor(c, x, t->dtype, n, shape);
  return true;
}

/* fused_conv, fused_linear: f32; the residual a tensor of the result's dtype and shape; a known activation with
 * numbers for its parameters. */
static bool check_epilogue(ictx *c, fx_op op, fx_inst *in) {
  const fx_tinfo *ty = tinfo(c, &in->result);
  if (ty->dtype != FXRT_F32) return err(c, "an epilogue runs on f32 results only");
  const fx_value *res = ARG("residual");
  if (is_tensor(res)) {
    const fx_tinfo *tr = tinfo(c, res);
    if (tr->dtype != ty->dtype || tr->ndim != ty->ndim || memcmp(tr->shape, ty->shape, (size_t)ty->ndim * sizeof *ty->shape))
      return err(c, "the residual must have the result's dtype and shape");
  } else if (res->kind != FX_V_NONE) {
    return err(c, "the residual must be a tensor or None");
  }
  if (fx_epilogue_act(ARG("activation")) < 0) return err(c, "unknown activation for the epilogue");
  const char *num[] = {"negative_slope", "min", "max"};
  for (int i = 0; i < 3; i++) {
    const fx_value *v = ARG(num[i]);
    if (!(v->kind == FX_V_INT || v->kind == FX_V_FLOAT || (i && v->kind == FX_V_NONE)))
      return err(c, "%s must be a number", num[i]);
  }
  return true;
}

static bool infer_op(ictx *c, fx_inst *in) {
  fx_op op = (fx_op)in->op;
  unsigned flags = fx_op_flags(op);
  const fx_value *x = &in->args[0];
  in->work = true;

  if (flags & FX_OPF_UNARY) {
    if (!is_tensor(x)) {
      if ((flags & FX_OPF_PY) && py_number(x)) {
        in->work = false;
        return fold_py(c, op, x, x, &in->result);
      }
      return err(c, "input must be a tensor");
    }
    const fx_tinfo *t = tinfo(c, x);
    fxrt_dtype dt = t->dtype;
    if (op == FX_OP_LOGICAL_NOT) dt = FXRT_BOOL;
    else if (!is_float_dt(dt) && op != FX_OP_NEG && op != FX_OP_ABS && op != FX_OP_SIGN && op != FX_OP_CLAMP &&
             op != FX_OP_RELU && op != FX_OP_FLOOR && op != FX_OP_CEIL && op != FX_OP_ROUND)
      dt = FXRT_F32;
    in->result = in->inplace ? alias_tensor(c, x, dt, t->ndim, t->shape) : new_tensor(c, dt, t->ndim, t->shape);
    return true;
  }
  if (flags & FX_OPF_BINARY) {
    const fx_value *y = &in->args[1];
    if (!is_tensor(x) && !is_tensor(y)) {
      in->work = false;
      return fold_py(c, op, x, y, &in->result);
    }
    if ((!is_tensor(x) && !py_number(x)) || (!is_tensor(y) && !py_number(y)))
      return err(c, "operands must be tensors or numbers");
    promo_state s = {{0}, {FXRT_F32}};
    promo_add(c, &s, x);
    promo_add(c, &s, y);
    fxrt_dtype dt = promo_result(&s);
    if (op == FX_OP_DIV && !is_float_dt(dt) && ARG("rounding_mode")->kind == FX_V_NONE) dt = FXRT_F32;
    if (op >= FX_OP_EQ && op <= FX_OP_GE) dt = FXRT_BOOL;
    if (op >= FX_OP_LOGICAL_AND && op <= FX_OP_LOGICAL_XOR) dt = FXRT_BOOL;
    fx_tinfo scalar = {0};
    const fx_tinfo *a = is_tensor(x) ? tinfo(c, x) : &scalar, *b = is_tensor(y) ? tinfo(c, y) : &scalar;
    int64_t shape[FXRT_MAX_DIMS];
    int32_t nd = 0;
    if (!broadcast(c, a, b, &nd, shape)) return false;
    if (in->inplace) {
      if (!is_tensor(x) || nd != a->ndim || memcmp(shape, a->shape, (size_t)nd * sizeof *shape))
        return err(c, "an in-place result must have the shape of its input");
      in->result = alias_tensor(c, x, a->dtype, nd, shape);
    } else {
      in->result = new_tensor(c, dt, nd, shape);
    }
    return true;
  }

  switch (op) {
  case FX_OP_WHERE:
  case FX_OP_MASKED_FILL: {
    const fx_value *cond = op == FX_OP_WHERE ? x : ARG("mask");
    const fx_value *a = op == FX_OP_WHERE ? ARG("input") : x, *b = op == FX_OP_WHERE ? ARG("other") : ARG("value");
    NEED_TENSOR(cond, "the condition");
    fx_tinfo scalar = {0};
    const fx_tinfo *ta = is_tensor(a) ? tinfo(c, a) : &scalar, *tb = is_tensor(b) ? tinfo(c, b) : &scalar;
    int64_t s1[FXRT_MAX_DIMS], s2[FXRT_MAX_DIMS];
    int32_t n1 = 0, n2 = 0;
    if (!broadcast(c, ta, tb, &n1, s1)) return false;
    fx_tinfo tmp = {0};
    tmp.ndim = n1;
    memcpy(tmp.shape, s1, sizeof s1);
    if (!broadcast(c, tinfo(c, cond), &tmp, &n2, s2)) return false;
    fxrt_dtype dt;
    if (op == FX_OP_MASKED_FILL) {
      dt = ta->dtype;
    } else {
      promo_state s = {{0}, {FXRT_F32}};
      promo_add(c, &s, a);
      promo_add(c, &s, b);
      dt = promo_result(&s);
    }
    in->result = new_tensor(c, dt, n2, s2);
    return true;
  }
  case FX_OP_LINEAR:
  case FX_OP_FUSED_LINEAR: {
    NEED_TENSOR(x, "input");
    const fx_value *w = ARG("weight");
    NEED_TENSOR(w, "weight");
    const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
    if (tw->ndim != 2 || t->ndim < 1 || t->shape[t->ndim - 1] != tw->shape[1])
      return err(c, "input [..., %lld] does not match a weight of shape [%lld, %lld]",
                 (long long)(t->ndim ? t->shape[t->ndim - 1] : 0), (long long)tw->shape[0],
                 (long long)(tw->ndim > 1 ? tw->shape[1] : 0));
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    shape[t->ndim - 1] = tw->shape[0];
    in->result = new_tensor(c, t->dtype, t->ndim, shape);
    return op == FX_OP_LINEAR || check_epilogue(c, op, in);
  }
  case FX_OP_MATMUL: {
    const fx_value *y = ARG("other");
    NEED_TENSOR(x, "input");
    NEED_TENSOR(y, "other");
    const fx_tinfo *a = tinfo(c, x), *b = tinfo(c, y);
    if (a->ndim < 1 || b->ndim < 1) return err(c, "both operands need at least one dimension");
    int64_t k1 = a->shape[a->ndim - 1], k2 = b->ndim == 1 ? b->shape[0] : b->shape[b->ndim - 2];
    if (k1 != k2) return err(c, "inner dimensions differ: %lld and %lld", (long long)k1, (long long)k2);
    fx_tinfo ba = *a, bb = *b;
    ba.ndim = a->ndim > 2 ? a->ndim - 2 : 0;
    bb.ndim = b->ndim > 2 ? b->ndim - 2 : 0;
    int64_t shape[FXRT_MAX_DIMS];
    int32_t n = 0;
    if (!broadcast(c, &ba, &bb, &n, shape)) return false;
    if (a->ndim >= 2) shape[n++] = a->shape[a->ndim - 2];
    if (b->ndim >= 2) shape[n++] = b->shape[b->ndim - 1];
    in->result = new_tensor(c, promote(a->dtype, b->dtype), n, shape);
    return true;
  }
  case FX_OP_ADDMM:
  case FX_OP_BADDBMM: {
    const fx_value *m1 = &in->args[1], *m2 = &in->args[2];
    NEED_TENSOR(m1, "the first matrix");
    NEED_TENSOR(m2, "the second matrix");
    const fx_tinfo *a = tinfo(c, m1), *b = tinfo(c, m2);
    int nd = op == FX_OP_ADDMM ? 2 : 3;
    if (a->ndim != nd || b->ndim != nd || a->shape[nd - 1] != b->shape[nd - 2])
      return err(c, "operand shapes do not multiply");
    int64_t shape[3] = {a->shape[0], nd == 2 ? b->shape[1] : a->shape[1], nd == 3 ? b->shape[2] : 0};
    in->result = new_tensor(c, a->dtype, nd, shape);
    return true;
  }
  case FX_OP_CONVOLUTION:
  case FX_OP_FUSED_CONV: {
    NEED_TENSOR(x, "input");
    const fx_value *w = ARG("weight");
    NEED_TENSOR(w, "weight");
    const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
    int sp = tw->ndim - 2;
    if (sp < 1 || sp > 2) return err(c, "only 1-d and 2-d convolutions are supported (weight has %d dimensions)", tw->ndim);
    bool batched = t->ndim == sp + 2;
    if (!batched && t->ndim != sp + 1) return err(c, "a %d-d convolution needs a %d-d or %d-d input", sp, sp + 1, sp + 2);
    int64_t groups = 1, stride[2] = {1, 1}, pad[2] = {0, 0}, dil[2] = {1, 1}, opad[2] = {0, 0};
    bool transposed = false;
    as_int(ARG("groups"), &groups);
    as_bool(ARG("transposed"), &transposed);
    if (!expand_ints(ARG("stride"), sp, stride) || !expand_ints(ARG("dilation"), sp, dil))
      return err(c, "stride and dilation must be ints");
    const fx_value *pv = ARG("padding");
    int64_t n = batched ? t->shape[0] : 1, cin = t->shape[batched ? 1 : 0];
    const int64_t *sz = t->shape + (batched ? 2 : 1);
    if (fx_value_str_is(pv, "valid")) {
      pad[0] = pad[1] = 0;
    } else if (fx_value_str_is(pv, "same")) {
      for (int i = 0; i < sp; i++) {
        int64_t total = dil[i] * (tw->shape[2 + i] - 1);
        if (total % 2) return err(c, "padding='same' with an even kernel is not supported");
        pad[i] = total / 2;
      }
    } else if (!expand_ints(pv, sp, pad)) {
      return err(c, "padding must be ints, 'same' or 'valid'");
    }
    if (transposed && !expand_ints(ARG("output_padding"), sp, opad)) return err(c, "output_padding must be ints");
    int64_t pad_end[2] = {0, 0};
    for (int i = 0; i < sp; i++) pad_end[i] = pad[i];
    if (op == FX_OP_FUSED_CONV && ARG("padding_end")->kind != FX_V_NONE) {
      if (!expand_ints(ARG("padding_end"), sp, pad_end) || transposed)
        return err(c, "padding_end must be ints, of a convolution that is not transposed");
      for (int i = 0; i < sp; i++)
        if (pad_end[i] < 0) return err(c, "padding_end must not be negative");
    }
    if (groups < 1 || cin % groups) return err(c, "groups=%lld does not divide the %lld input channels", (long long)groups, (long long)cin);
    int64_t kout = transposed ? tw->shape[1] * groups : tw->shape[0];
    int64_t wcin = transposed ? tw->shape[0] : tw->shape[1] * groups;
    if (wcin != cin)
      return err(c, "the input has %lld channels but the weight expects %lld", (long long)cin, (long long)wcin);
    const fx_value *bv = ARG("bias");
    if (is_tensor(bv) && (tinfo(c, bv)->ndim != 1 || tinfo(c, bv)->shape[0] != kout))
      return err(c, "bias must have %lld elements", (long long)kout);
    int64_t shape[FXRT_MAX_DIMS];
    int32_t k = 0;
    if (batched) shape[k++] = n;
    shape[k++] = kout;
    for (int i = 0; i < sp; i++) {
      int64_t ks = tw->shape[2 + i], o;
      if (transposed) o = (sz[i] - 1) * stride[i] - 2 * pad[i] + dil[i] * (ks - 1) + opad[i] + 1;
      else o = (sz[i] + pad[i] + pad_end[i] - dil[i] * (ks - 1) - 1) / stride[i] + 1;
      if (o < 1) return err(c, "the input (size %lld) is smaller than the kernel", (long long)sz[i]);
      shape[k++] = o;
    }
    in->result = new_tensor(c, t->dtype, k, shape);
    fx_conv_attrs *a = &new_attrs(c, in)->conv;
    *a = (fx_conv_attrs){sp, batched, transposed, {stride[0], stride[1]}, {dil[0], dil[1]}, groups, {pad[0], pad[1]},
                         {pad_end[0], pad_end[1]}, {opad[0], opad[1]}, 0};
    if (op == FX_OP_FUSED_CONV && transposed) return err(c, "a transposed convolution takes no epilogue");
    return op == FX_OP_CONVOLUTION || check_epilogue(c, op, in);
  }
  case FX_OP_WINOGRAD_CONV: {
    NEED_TENSOR(x, "input");
    const fx_value *w = ARG("weight"), *bv = ARG("bias");
    NEED_TENSOR(w, "weight");
    const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
    int64_t k = 0, pad[2] = {0, 0}, tile = 0;
    if (t->ndim != 4 || t->dtype != FXRT_F32) return err(c, "the input must be an f32 tensor [n, c, h, w]");
    if (!as_int(ARG("out_channels"), &k) || k < 1 || k > INT32_MAX) return err(c, "out_channels must be a positive int");
    if (!as_int(ARG("tile"), &tile) || (tile != 2 && tile != 4)) return err(c, "tile must be 2 or 4");
    if (tw->ndim != 4 || tw->dtype != FXRT_F32 || tw->shape[0] != (tile + 2) * (tile + 2) || tw->shape[1] != (k + 15) / 16 ||
        tw->shape[2] != t->shape[1] || tw->shape[3] != 16)
      return err(c, "the weight must be the f32 Winograd transform [%lld, %lld, %lld, 16] of %lld output channels",
                 (long long)((tile + 2) * (tile + 2)), (long long)((k + 15) / 16), (long long)t->shape[1], (long long)k);
    if (!expand_ints(ARG("padding"), 2, pad) || pad[0] < 0 || pad[1] < 0 || pad[0] > INT32_MAX || pad[1] > INT32_MAX)
      return err(c, "padding must be one or two non-negative ints");
    int64_t end[2] = {pad[0], pad[1]};
    if (ARG("padding_end")->kind != FX_V_NONE &&
        (!expand_ints(ARG("padding_end"), 2, end) || end[0] < 0 || end[1] < 0 || end[0] > INT32_MAX || end[1] > INT32_MAX))
      return err(c, "padding_end must be one or two non-negative ints");
    if (is_tensor(bv) && (tinfo(c, bv)->ndim != 1 || tinfo(c, bv)->shape[0] != k || tinfo(c, bv)->dtype != FXRT_F32))
      return err(c, "bias must be an f32 tensor of %lld elements", (long long)k);
    if (!is_tensor(bv) && bv->kind != FX_V_NONE) return err(c, "bias must be a tensor or None");
    int64_t shape[4] = {t->shape[0], k, t->shape[2] + pad[0] + end[0] - 2, t->shape[3] + pad[1] + end[1] - 2};
    if (shape[2] < 1 || shape[3] < 1) return err(c, "the input is smaller than the kernel");
    in->result = new_tensor(c, FXRT_F32, 4, shape);
    new_attrs(c, in)->conv = (fx_conv_attrs){2, true, false, {1, 1}, {1, 1}, 1, {pad[0], pad[1]}, {end[0], end[1]},
                                             {0, 0}, tile};
    return check_epilogue(c, op, in);
  }
  case FX_OP_POINTWISE: {
    fx_pw_program pr;
    char msg[160];
    if (!fx_pw_compile(x, &pr, msg, sizeof msg)) return err(c, "%s", msg);
    fx_tinfo shape = {0};
    for (int32_t i = 0; i < pr.ninputs; i++) {
      const fx_tinfo *t = &c->p->tensors[pr.inputs[i]];
      if (t->dtype != FXRT_F32) return err(c, "the tensors of a pointwise expression must be f32, not %s", fxrt_dtype_name(t->dtype));
      int32_t n = 0;
      int64_t sh[FXRT_MAX_DIMS];
      if (!broadcast(c, &shape, t, &n, sh)) return false;
      shape.ndim = n;
      memcpy(shape.shape, sh, sizeof sh);
    }
    in->result = new_tensor(c, FXRT_F32, shape.ndim, shape.shape);
    return true;
  }
  case FX_OP_MHA: {
    NEED_TENSOR(x, "query");
    const fx_tinfo *t = tinfo(c, x);
    if (t->ndim != 3) return err(c, "the query must be [batch, length, embed]");
    int64_t wshape[3] = {t->shape[0], t->shape[1], t->shape[1]}, empty[1] = {0};
    bool need = true;
    as_bool(ARG("need_weights"), &need);
    fx_value items[2] = {new_tensor(c, t->dtype, 3, t->shape),
                         need ? new_tensor(c, t->dtype, 3, wshape) : new_tensor(c, t->dtype, 1, empty)};
    in->result = tuple_of(c, items, 2);
    return true;
  }
  case FX_OP_BATCH_NORM:
  case FX_OP_NATIVE_BATCH_NORM:
  case FX_OP_LAYER_NORM:
  case FX_OP_NATIVE_LAYER_NORM:
  case FX_OP_GROUP_NORM: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    if (op == FX_OP_BATCH_NORM || op == FX_OP_NATIVE_BATCH_NORM) {
      bool training = false;
      as_bool(ARG("training"), &training);
      if (training) return err(c, "batch_norm in training mode is not supported (export the model in eval mode)");
      if (t->ndim < 2) return err(c, "input needs a channel dimension");
    }
    if (op == FX_OP_LAYER_NORM || op == FX_OP_NATIVE_LAYER_NORM) {
      int64_t ns[FXRT_MAX_DIMS];
      int k = as_ints(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
      if (k < 0 || k > t->ndim) return err(c, "normalized_shape must be ints");
      for (int i = 0; i < k; i++)
        if (t->shape[t->ndim - k + i] != ns[i]) return err(c, "the input's last dimensions do not match normalized_shape");
    }
    if (op == FX_OP_GROUP_NORM) {
      int64_t g;
      if (!as_int(ARG("num_groups"), &g) || g < 1 || t->ndim < 2 || t->shape[1] % g)
        return err(c, "num_groups must divide the channels");
    }
    fx_value out = new_tensor(c, t->dtype, t->ndim, t->shape);
    if (op == FX_OP_NATIVE_BATCH_NORM) {
      int64_t empty[1] = {0};
      fx_value items[3] = {out, new_tensor(c, t->dtype, 1, empty), new_tensor(c, t->dtype, 1, empty)};
      in->result = tuple_of(c, items, 3);
    } else if (op == FX_OP_NATIVE_LAYER_NORM) {
      int64_t ns[FXRT_MAX_DIMS], st[FXRT_MAX_DIMS];
      int k = as_ints(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
      memcpy(st, t->shape, sizeof st);
      for (int i = 0; i < k; i++) st[t->ndim - k + i] = 1;
      fx_value items[3] = {out, new_tensor(c, FXRT_F32, t->ndim, st), new_tensor(c, FXRT_F32, t->ndim, st)};
      in->result = tuple_of(c, items, 3);
    } else {
      in->result = out;
    }
    return true;
  }
  case FX_OP_MAX_POOL:
  case FX_OP_MAX_POOL_WITH_INDICES:
  case FX_OP_AVG_POOL: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t ks[2] = {1, 1}, st[2] = {1, 1}, pd[2] = {0, 0}, dl[2] = {1, 1};
    const fx_value *kv = ARG("kernel_size");
    int sp = kv->kind == FX_V_INT ? (t->ndim >= 4 ? 2 : t->ndim == 3 ? 1 : 2) : (int)kv->n;
    if (sp != 1 && sp != 2) return err(c, "only 1-d and 2-d pooling are supported");
    if (t->ndim < sp + 1 || t->ndim > sp + 2) return err(c, "the input has the wrong number of dimensions");
    if (!expand_ints(kv, sp, ks)) return err(c, "kernel_size must be ints");
    const fx_value *sv = ARG("stride");
    if (sv->kind == FX_V_NONE || ((sv->kind == FX_V_TUPLE || sv->kind == FX_V_LIST) && sv->n == 0)) memcpy(st, ks, sizeof st);
    else if (!expand_ints(sv, sp, st)) return err(c, "stride must be ints");
    if (!expand_ints(ARG("padding"), sp, pd)) return err(c, "padding must be ints");
    int kd = fx_sig_find(fx_op_sig(op), "dilation");
    if (kd >= 0 && !expand_ints(&in->args[kd], sp, dl)) return err(c, "dilation must be ints");
    bool ceil_mode = false;
    as_bool(ARG("ceil_mode"), &ceil_mode);
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    for (int i = 0; i < sp; i++)
      if (!infer_pool_size(c, t->shape[t->ndim - sp + i], ks[i], st[i], pd[i], dl[i], ceil_mode, &shape[t->ndim - sp + i]))
        return false;
    bool indices = op == FX_OP_MAX_POOL_WITH_INDICES;
    int kr = fx_sig_find(fx_op_sig(op), "return_indices");
    if (kr >= 0) as_bool(&in->args[kr], &indices);
    bool count_pad = true;
    int64_t divisor = 0;
    if (op == FX_OP_AVG_POOL) {
      as_bool(ARG("count_include_pad"), &count_pad);
      as_int(ARG("divisor_override"), &divisor);
    }
    new_attrs(c, in)->pool = (fx_pool_attrs){sp, {ks[0], ks[1]}, {st[0], st[1]}, {pd[0], pd[1]}, {dl[0], dl[1]},
                                             ceil_mode, indices, count_pad, divisor};
    return pool_result(c, in, t, shape, indices);
  }
  case FX_OP_ADAPTIVE_AVG_POOL:
  case FX_OP_ADAPTIVE_MAX_POOL: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    const fx_value *ov = ARG("output_size");
    int sp = ov->kind == FX_V_INT ? (t->ndim >= 4 ? 2 : 1) : (int)ov->n;
    if (sp < 1 || sp > 2 || t->ndim < sp + 1) return err(c, "only 1-d and 2-d adaptive pooling are supported");
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    for (int i = 0; i < sp; i++) {
      const fx_value *e = ov->kind == FX_V_INT ? ov : &ov->u.items[i];
      int64_t o;
      if (e->kind == FX_V_NONE) continue; /* None keeps the input's size */
      if (!as_int(e, &o) || o < 1) return err(c, "output_size must be positive ints");
      shape[t->ndim - sp + i] = o;
    }
    bool indices = false;
    if (op == FX_OP_ADAPTIVE_MAX_POOL) as_bool(ARG("return_indices"), &indices);
    return pool_result(c, in, t, shape, indices);
  }
  case FX_OP_SUM:
  case FX_OP_MEAN:
  case FX_OP_PROD:
  case FX_OP_AMAX:
  case FX_OP_AMIN:
  case FX_OP_ARGMAX:
  case FX_OP_ARGMIN:
  case FX_OP_ANY:
  case FX_OP_ALL:
  case FX_OP_MAX_DIM:
  case FX_OP_MIN_DIM: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    fxrt_dtype dt = t->dtype;
    int kdt = fx_sig_find(fx_op_sig(op), "dtype");
    if (kdt >= 0 && in->args[kdt].kind != FX_V_NONE && !dtype_of_word(&in->args[kdt], &dt)) return err(c, "unknown dtype");
    if ((op == FX_OP_SUM || op == FX_OP_PROD) && !is_float_dt(dt)) dt = FXRT_I64;
    if (op == FX_OP_MEAN && !is_float_dt(dt)) return err(c, "mean needs a floating point input (or dtype=)");
    if (op == FX_OP_ARGMAX || op == FX_OP_ARGMIN) dt = FXRT_I64;
    if (op == FX_OP_ANY || op == FX_OP_ALL) dt = FXRT_BOOL;
    return infer_reduce(c, in, op, t, dt, fx_op_outputs(op));
  }
  case FX_OP_SOFTMAX:
  case FX_OP_LOG_SOFTMAX:
  case FX_OP_CUMSUM: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t dim;
    const fx_value *dv = ARG("dim");
    if (dv->kind == FX_V_NONE) dim = (t->ndim == 0 || t->ndim == 1 || t->ndim == 3) ? 0 : 1; /* _get_softmax_dim */
    else if (!as_int(dv, &dim)) return err(c, "dim must be an int");
    int32_t dd = 0;
    if (!norm_dim(c, dim, t->ndim, &dd)) return false;
    fxrt_dtype dt = t->dtype;
    if (ARG("dtype")->kind != FX_V_NONE && !dtype_of_word(ARG("dtype"), &dt)) return err(c, "unknown dtype");
    if (op == FX_OP_CUMSUM && !is_float_dt(dt)) dt = FXRT_I64;
    else if (op != FX_OP_CUMSUM && !is_float_dt(dt)) return err(c, "softmax needs a floating point input");
    in->result = new_tensor(c, dt, t->ndim, t->shape);
    return true;
  }
  case FX_OP_TOPK: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t k, dim = -1;
    if (!as_int(ARG("k"), &k) || !as_int(ARG("dim"), &dim)) return err(c, "k and dim must be ints");
    int32_t dd = 0;
    if (!norm_dim(c, dim, t->ndim, &dd)) return false;
    int64_t len = t->ndim ? t->shape[dd] : 1;
    if (k < 0 || k > len) return err(c, "k=%lld is out of range for a dimension of size %lld", (long long)k, (long long)len);
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    if (t->ndim) shape[dd] = k;
    fx_value items[2] = {new_tensor(c, t->dtype, t->ndim, shape), new_tensor(c, FXRT_I64, t->ndim, shape)};
    in->result = tuple_of(c, items, 2);
    return true;
  }
  case FX_OP_VIEW:
    NEED_TENSOR(x, "input");
    return infer_view(c, in, x, ARG("size"));
  case FX_OP_VIEW_AS: {
    NEED_TENSOR(x, "input");
    NEED_TENSOR(ARG("other"), "other");
    fx_value sv = shape_value(c, tinfo(c, ARG("other")));
    return infer_view(c, in, x, &sv);
  }
  case FX_OP_FLATTEN:
  case FX_OP_UNFLATTEN:
  case FX_OP_SQUEEZE:
  case FX_OP_UNSQUEEZE: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t shape[FXRT_MAX_DIMS];
    int32_t n = 0;
    if (op == FX_OP_FLATTEN) {
      int64_t s0, s1;
      int32_t a = 0, b = 0;
      if (!as_int(ARG("start_dim"), &s0) || !as_int(ARG("end_dim"), &s1)) return err(c, "start_dim and end_dim must be ints");
      if (t->ndim == 0) {
        shape[n++] = 1;
      } else {
        if (!norm_dim(c, s0, t->ndim, &a) || !norm_dim(c, s1, t->ndim, &b)) return false;
        if (a > b) return err(c, "start_dim comes after end_dim");
        for (int32_t i = 0; i < a; i++) shape[n++] = t->shape[i];
        int64_t m = 1;
        for (int32_t i = a; i <= b; i++) m *= t->shape[i];
        shape[n++] = m;
        for (int32_t i = b + 1; i < t->ndim; i++) shape[n++] = t->shape[i];
      }
    } else if (op == FX_OP_UNFLATTEN) {
      int64_t dim, sizes[FXRT_MAX_DIMS];
      int32_t dd = 0;
      int k = as_ints(ARG("sizes"), sizes, FXRT_MAX_DIMS);
      if (!as_int(ARG("dim"), &dim) || k < 1 || !norm_dim(c, dim, t->ndim, &dd)) return err(c, "bad unflatten arguments");
      if (t->ndim - 1 + k > FXRT_MAX_DIMS) return err(c, "too many dimensions");
      int64_t prod = 1;
      int neg = -1;
      for (int i = 0; i < k; i++) {
        if (sizes[i] == -1) neg = i;
        else prod *= sizes[i];
      }
      if (neg >= 0 && prod) sizes[neg] = t->shape[dd] / prod, prod *= sizes[neg];
      if (prod != t->shape[dd]) return err(c, "sizes do not multiply to the dimension's size %lld", (long long)t->shape[dd]);
      for (int32_t i = 0; i < t->ndim; i++) {
        if (i == dd)
          for (int j = 0; j < k; j++) shape[n++] = sizes[j];
        else
          shape[n++] = t->shape[i];
      }
    } else if (op == FX_OP_SQUEEZE) {
      const fx_value *dv = ARG("dim");
      int64_t dims[FXRT_MAX_DIMS];
      bool sq[FXRT_MAX_DIMS] = {false};
      int k = dv->kind == FX_V_NONE ? -2 : as_ints(dv, dims, FXRT_MAX_DIMS);
      if (k == -1) return err(c, "dim must be ints");
      for (int32_t i = 0; i < t->ndim; i++) sq[i] = k == -2;
      for (int i = 0; i < k; i++) {
        int32_t dd = 0;
        if (!norm_dim(c, dims[i], t->ndim, &dd)) return false;
        sq[dd] = true;
      }
      for (int32_t i = 0; i < t->ndim; i++)
        if (!(sq[i] && t->shape[i] == 1)) shape[n++] = t->shape[i];
    } else {
      int64_t dim;
      int32_t dd = 0;
      if (!as_int(ARG("dim"), &dim)) return err(c, "dim must be an int");
      if (t->ndim + 1 > FXRT_MAX_DIMS) return err(c, "too many dimensions");
      if (!norm_dim(c, dim, t->ndim + 1, &dd)) return false;
      for (int32_t i = 0; i <= t->ndim; i++) shape[n++] = i == dd ? 1 : t->shape[i < dd ? i : i - 1];
    }
    in->result = alias_tensor(c, x, t->dtype, n, shape);
    return true;
  }
  case FX_OP_PERMUTE:
  case FX_OP_TRANSPOSE:
  case FX_OP_T: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t perm[FXRT_MAX_DIMS], shape[FXRT_MAX_DIMS];
    for (int32_t i = 0; i < t->ndim; i++) perm[i] = i;
    if (op == FX_OP_PERMUTE) {
      int k = as_ints(ARG("dims"), perm, FXRT_MAX_DIMS);
      if (k != t->ndim) return err(c, "permute needs %d dimensions", t->ndim);
      bool seen[FXRT_MAX_DIMS] = {false};
      for (int i = 0; i < k; i++) {
        int32_t dd = 0;
        if (!norm_dim(c, perm[i], t->ndim, &dd)) return false;
        if (seen[dd]) return err(c, "permute repeats dimension %d", dd);
        seen[dd] = true;
        perm[i] = dd;
      }
    } else if (op == FX_OP_TRANSPOSE || t->ndim == 2) {
      int64_t d0 = 0, d1 = 1;
      int32_t a = 0, b = 0;
      if (op == FX_OP_TRANSPOSE && (!as_int(ARG("dim0"), &d0) || !as_int(ARG("dim1"), &d1))) return err(c, "dims must be ints");
      if (!norm_dim(c, d0, t->ndim, &a) || !norm_dim(c, d1, t->ndim, &b)) return false;
      perm[a] = b;
      perm[b] = a;
    } else if (t->ndim > 2) {
      return err(c, "t() needs a tensor of at most 2 dimensions");
    }
    for (int32_t i = 0; i < t->ndim; i++) shape[i] = t->shape[perm[i]];
    in->result = new_tensor(c, t->dtype, t->ndim, shape);
    return true;
  }
  case FX_OP_EXPAND:
  case FX_OP_EXPAND_AS: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t shape[FXRT_MAX_DIMS];
    int k;
    if (op == FX_OP_EXPAND) {
      k = as_ints(ARG("size"), shape, FXRT_MAX_DIMS);
      if (k < t->ndim) return err(c, "expand needs at least %d sizes", t->ndim);
    } else {
      NEED_TENSOR(ARG("other"), "other");
      const fx_tinfo *o = tinfo(c, ARG("other"));
      k = o->ndim;
      memcpy(shape, o->shape, sizeof shape);
    }
    for (int i = 0; i < k; i++) {
      int ti = i - (k - t->ndim);
      int64_t have = ti >= 0 ? t->shape[ti] : 1;
      if (shape[i] == -1) {
        if (ti < 0) return err(c, "-1 is not allowed for a new leading dimension");
        shape[i] = have;
      } else if (have != 1 && have != shape[i]) {
        return err(c, "cannot expand size %lld to %lld", (long long)have, (long long)shape[i]);
      }
    }
    in->result = new_tensor(c, t->dtype, k, shape);
    return true;
  }
  case FX_OP_CONTIGUOUS:
  case FX_OP_CLONE:
  case FX_OP_DETACH:
  case FX_OP_DROPOUT:
  case FX_OP_IDENTITY:
  case FX_OP_STOCHASTIC_DEPTH: {
    if (op == FX_OP_DROPOUT || op == FX_OP_STOCHASTIC_DEPTH) {
      bool training = false;
      as_bool(ARG("training"), &training);
      double pr = 0;
      as_float(ARG("p"), &pr);
      if (training && pr > 0) return err(c, "training=True makes the result random; export the model in eval mode");
    }
    if (!is_tensor(x)) {
      in->result = *x;
      in->work = false;
      return true;
    }
    const fx_tinfo *t = tinfo(c, x);
    if (op == FX_OP_CLONE) { /* a copy of its own: an in-place op on it must not change the input */
      in->result = new_tensor(c, t->dtype, t->ndim, t->shape);
      return true;
    }
    in->result = alias_tensor(c, x, t->dtype, t->ndim, t->shape);
    in->work = false;
    return true;
  }
  case FX_OP_GETITEM: {
    const fx_value *idx = ARG("index");
    in->work = false;
    if (x->kind == FX_V_TUPLE || x->kind == FX_V_LIST) return getitem_py(c, x, idx, &in->result);
    if (!is_tensor(x)) return err(c, "cannot index this value");
    in->work = true;
    return infer_tensor_index(c, in, tinfo(c, x), idx);
  }
  case FX_OP_SLICE:
  case FX_OP_SELECT:
  case FX_OP_NARROW: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t dim;
    int32_t dd = 0;
    if (!as_int(ARG("dim"), &dim) || !norm_dim(c, dim, t->ndim, &dd)) return err(c, "dim must be an int");
    int64_t shape[FXRT_MAX_DIMS], sz = t->shape[dd];
    memcpy(shape, t->shape, sizeof shape);
    int32_t n = t->ndim;
    if (op == FX_OP_SELECT) {
      int64_t i;
      if (!as_int(ARG("index"), &i) || i < -sz || i >= sz) return err(c, "index out of range");
      for (int32_t k = dd; k + 1 < n; k++) shape[k] = shape[k + 1];
      n--;
    } else if (op == FX_OP_NARROW) {
      int64_t s, l;
      if (!as_int(ARG("start"), &s) || !as_int(ARG("length"), &l)) return err(c, "start and length must be ints");
      if (s < 0) s += sz;
      if (s < 0 || l < 0 || s + l > sz) return err(c, "narrow goes past the end of the dimension");
      shape[dd] = l;
    } else {
      int64_t start = 0, end = sz, step = 1;
      as_int(ARG("start"), &start);
      as_int(ARG("end"), &end);
      as_int(ARG("step"), &step);
      if (step <= 0) return err(c, "slice step must be positive");
      if (start < 0) start += sz;
      if (end < 0) end += sz;
      if (start < 0) start = 0;
      if (end > sz) end = sz;
      shape[dd] = end > start ? (end - start + step - 1) / step : 0;
    }
    in->result = new_tensor(c, t->dtype, n, shape);
    return true;
  }
  case FX_OP_CHUNK:
  case FX_OP_SPLIT:
  case FX_OP_UNBIND: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t dim;
    int32_t dd = 0;
    if (!as_int(ARG("dim"), &dim) || !norm_dim(c, dim, t->ndim, &dd)) return err(c, "dim must be an int");
    int64_t sz = t->shape[dd], sizes[256];
    int count = 0;
    if (op == FX_OP_UNBIND) {
      if (sz > 256) return err(c, "too many pieces");
      for (int64_t i = 0; i < sz; i++) sizes[count++] = 1;
    } else if (op == FX_OP_CHUNK) {
      int64_t chunks;
      if (!as_int(ARG("chunks"), &chunks) || chunks < 1) return err(c, "chunks must be a positive int");
      int64_t each = (sz + chunks - 1) / chunks;
      for (int64_t off = 0; off < sz && count < 256; off += each) sizes[count++] = off + each <= sz ? each : sz - off;
      if (sz == 0) sizes[count++] = 0;
    } else {
      const fx_value *sv = ARG("split_size_or_sections");
      int64_t each;
      if (as_int(sv, &each)) {
        if (each < 1) return err(c, "split size must be positive");
        for (int64_t off = 0; off < sz && count < 256; off += each) sizes[count++] = off + each <= sz ? each : sz - off;
      } else {
        count = as_ints(sv, sizes, 256);
        int64_t total = 0;
        for (int i = 0; i < count; i++) total += sizes[i];
        if (count < 0 || total != sz) return err(c, "split sizes must add up to %lld", (long long)sz);
      }
    }
    fx_value items[256];
    for (int i = 0; i < count; i++) {
      int64_t shape[FXRT_MAX_DIMS];
      memcpy(shape, t->shape, sizeof shape);
      int32_t n = t->ndim;
      if (op == FX_OP_UNBIND) {
        for (int32_t k = dd; k + 1 < n; k++) shape[k] = shape[k + 1];
        n--;
      } else {
        shape[dd] = sizes[i];
      }
      items[i] = new_tensor(c, t->dtype, n, shape);
    }
    in->result = tuple_of(c, items, (uint32_t)count);
    return true;
  }
  case FX_OP_CAT:
  case FX_OP_STACK: {
    if (x->kind != FX_V_TUPLE && x->kind != FX_V_LIST) return err(c, "tensors must be a list of tensors");
    if (x->n == 0) return err(c, "needs at least one tensor");
    for (uint32_t i = 0; i < x->n; i++) NEED_TENSOR(&x->u.items[i], "every item");
    const fx_tinfo *t0 = tinfo(c, &x->u.items[0]);
    int64_t dim;
    if (!as_int(ARG("dim"), &dim)) return err(c, "dim must be an int");
    int32_t nd = op == FX_OP_STACK ? t0->ndim + 1 : t0->ndim, dd = 0;
    if (!norm_dim(c, dim, nd, &dd)) return false;
    int64_t shape[FXRT_MAX_DIMS];
    fxrt_dtype dt = t0->dtype;
    int64_t total = 0;
    for (uint32_t i = 0; i < x->n; i++) {
      const fx_tinfo *ti = tinfo(c, &x->u.items[i]);
      dt = promote(dt, ti->dtype);
      if (op == FX_OP_CAT && ti->ndim == 1 && ti->shape[0] == 0) continue; /* legacy: empty 1-d tensors are skipped */
      if (ti->ndim != t0->ndim) return err(c, "tensors have different numbers of dimensions");
      for (int32_t k = 0; k < t0->ndim; k++)
        if ((op == FX_OP_STACK || k != dd) && ti->shape[k] != t0->shape[k])
          return err(c, "tensor %u has size %lld in dimension %d, expected %lld", i, (long long)ti->shape[k], k,
                     (long long)t0->shape[k]);
      if (op == FX_OP_CAT) total += ti->shape[dd];
    }
    for (int32_t k = 0, j = 0; k < nd; k++) {
      if (op == FX_OP_STACK) shape[k] = k == dd ? (int64_t)x->n : t0->shape[j++];
      else shape[k] = k == dd ? total : t0->shape[k];
    }
    in->result = new_tensor(c, dt, nd, shape);
    return true;
  }
  case FX_OP_PAD: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t pad[2 * FXRT_MAX_DIMS];
    int k = as_ints(ARG("pad"), pad, 2 * FXRT_MAX_DIMS);
    if (k < 0 || k % 2 || k / 2 > t->ndim) return err(c, "pad must be an even number of ints");
    const fx_value *mode = ARG("mode");
    bool constant = mode->kind == FX_V_NONE || fx_value_str_is(mode, "constant");
    if (!constant && !fx_value_str_is(mode, "reflect") && !fx_value_str_is(mode, "replicate") && !fx_value_str_is(mode, "circular"))
      return err(c, "unknown padding mode");
    if (!constant && k > 4) return err(c, "only the last two dimensions can be padded with this mode");
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    for (int i = 0; i < k / 2; i++) {
      int32_t d = t->ndim - 1 - i;
      shape[d] += pad[2 * i] + pad[2 * i + 1];
      if (shape[d] < 0) return err(c, "negative padding removes more than the dimension holds");
      if (fx_value_str_is(mode, "reflect") && (pad[2 * i] >= t->shape[d] || pad[2 * i + 1] >= t->shape[d]))
        return err(c, "reflect padding must be smaller than the dimension");
    }
    in->result = new_tensor(c, t->dtype, t->ndim, shape);
    return true;
  }
  case FX_OP_FLIP:
  case FX_OP_ROLL: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    in->result = new_tensor(c, t->dtype, t->ndim, t->shape);
    return true;
  }
  case FX_OP_REPEAT: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t rep[FXRT_MAX_DIMS], shape[FXRT_MAX_DIMS];
    int k = as_ints(ARG("repeats"), rep, FXRT_MAX_DIMS);
    if (k < t->ndim) return err(c, "repeat needs at least %d counts", t->ndim);
    for (int i = 0; i < k; i++) {
      int ti = i - (k - t->ndim);
      shape[i] = rep[i] * (ti >= 0 ? t->shape[ti] : 1);
    }
    in->result = new_tensor(c, t->dtype, k, shape);
    return true;
  }
  case FX_OP_PIXEL_SHUFFLE: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    int64_t r;
    if (!as_int(ARG("upscale_factor"), &r) || r < 1 || t->ndim < 3 || t->shape[t->ndim - 3] % (r * r))
      return err(c, "channels must be divisible by upscale_factor squared");
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    shape[t->ndim - 3] /= r * r;
    shape[t->ndim - 2] *= r;
    shape[t->ndim - 1] *= r;
    in->result = new_tensor(c, t->dtype, t->ndim, shape);
    return true;
  }
  case FX_OP_INTERPOLATE: {
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    if (t->ndim != 4) return err(c, "only 4-d inputs (N, C, H, W) are supported");
    const fx_value *mode = ARG("mode");
    if (!fx_value_str_is(mode, "nearest") && !fx_value_str_is(mode, "bilinear")) return err(c, "only modes nearest and bilinear are supported");
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    const fx_value *sv = ARG("size"), *fv = ARG("scale_factor");
    if (sv->kind != FX_V_NONE) {
      if (!expand_ints(sv, 2, shape + 2)) return err(c, "size must be ints");
    } else if (fv->kind != FX_V_NONE) {
      for (int i = 0; i < 2; i++) {
        double f;
        const fx_value *e = (fv->kind == FX_V_TUPLE || fv->kind == FX_V_LIST) ? &fv->u.items[fv->n > 1 ? i : 0] : fv;
        if (!as_float(e, &f) || f <= 0) return err(c, "scale_factor must be positive numbers");
        shape[2 + i] = (int64_t)floor((double)t->shape[2 + i] * f);
      }
    } else {
      return err(c, "either size or scale_factor must be given");
    }
    in->result = new_tensor(c, t->dtype, t->ndim, shape);
    return true;
  }
  case FX_OP_EMBEDDING:
  case FX_OP_INDEX_SELECT: {
    const fx_value *idx = op == FX_OP_EMBEDDING ? x : ARG("index"), *w = op == FX_OP_EMBEDDING ? ARG("weight") : x;
    NEED_TENSOR(idx, "the indices");
    NEED_TENSOR(w, "the table");
    const fx_tinfo *ti = tinfo(c, idx), *tw = tinfo(c, w);
    if (ti->dtype != FXRT_I64 && ti->dtype != FXRT_I32) return err(c, "indices must be integers");
    int64_t shape[FXRT_MAX_DIMS];
    int32_t n = 0;
    if (op == FX_OP_EMBEDDING) {
      if (tw->ndim != 2 || ti->ndim + 1 > FXRT_MAX_DIMS) return err(c, "the weight must be 2-d");
      for (int32_t i = 0; i < ti->ndim; i++) shape[n++] = ti->shape[i];
      shape[n++] = tw->shape[1];
    } else {
      int64_t dim;
      int32_t dd = 0;
      if (!as_int(ARG("dim"), &dim) || !norm_dim(c, dim, tw->ndim, &dd) || ti->ndim > 1) return err(c, "bad index_select");
      memcpy(shape, tw->shape, sizeof shape);
      shape[dd] = ti->ndim ? ti->shape[0] : 1;
      n = tw->ndim;
    }
    in->result = new_tensor(c, tw->dtype, n, shape);
    return true;
  }
  case FX_OP_TO: {
    const fx_value *dv = ARG("dtype");
    if (!is_tensor(x)) return err(c, "input must be a tensor");
    const fx_tinfo *t = tinfo(c, x);
    fxrt_dtype dt = t->dtype;
    if (is_tensor(dv)) dt = tinfo(c, dv)->dtype;
    else if (dv->kind != FX_V_NONE && !dtype_of_word(dv, &dt)) return err(c, "unknown dtype");
    if (dt == t->dtype) {
      in->result = alias_tensor(c, x, dt, t->ndim, t->shape);
      in->work = false;
    } else {
      in->result = new_tensor(c, dt, t->ndim, t->shape);
    }
    return true;
  }
  case FX_OP_FULL:
  case FX_OP_FULL_LIKE:
  case FX_OP_ARANGE: {
    const fx_value *dv = ARG("dtype");
    fxrt_dtype dt = FXRT_F32;
    int64_t shape[FXRT_MAX_DIMS];
    int32_t n = 0;
    const fx_value *fill = op == FX_OP_ARANGE ? NULL : ARG("fill_value");
    if (op == FX_OP_FULL) {
      n = as_ints(ARG("size"), shape, FXRT_MAX_DIMS);
      if (n < 0) return err(c, "size must be ints");
      dt = fill->kind == FX_V_BOOL ? FXRT_BOOL : fill->kind == FX_V_INT ? FXRT_I64 : FXRT_F32;
    } else if (op == FX_OP_FULL_LIKE) {
      NEED_TENSOR(x, "input");
      const fx_tinfo *t = tinfo(c, x);
      n = t->ndim;
      memcpy(shape, t->shape, sizeof shape);
      dt = t->dtype;
    } else {
      double start = 0, end, step = 1;
      const fx_value *sv = ARG("start"), *ev = ARG("end"), *tv = ARG("step");
      bool fl = sv->kind == FX_V_FLOAT || ev->kind == FX_V_FLOAT || tv->kind == FX_V_FLOAT;
      if (ev->kind == FX_V_NONE) {
        if (!as_float(sv, &end)) return err(c, "arange needs numbers");
      } else if (!as_float(sv, &start) || !as_float(ev, &end)) {
        return err(c, "arange needs numbers");
      }
      as_float(tv, &step);
      if (step == 0) return err(c, "step must not be zero");
      shape[0] = (int64_t)ceil((end - start) / step);
      if (shape[0] < 0) shape[0] = 0;
      n = 1;
      dt = fl ? FXRT_F32 : FXRT_I64;
    }
    if (is_tensor(dv)) dt = tinfo(c, dv)->dtype; /* x.new_zeros(...): x's dtype */
    else if (dv->kind != FX_V_NONE && !dtype_of_word(dv, &dt)) return err(c, "unknown dtype");
    in->result = new_tensor(c, dt, n, shape);
    return true;
  }
  case FX_OP_SIZE:
  case FX_OP_DIM:
  case FX_OP_NUMEL:
  case FX_OP_GETATTR: {
    in->work = false;
    NEED_TENSOR(x, "input");
    const fx_tinfo *t = tinfo(c, x);
    if (op == FX_OP_DIM) in->result = int_value(c, t->ndim);
    else if (op == FX_OP_NUMEL) in->result = int_value(c, fx_tinfo_numel(t));
    else if (op == FX_OP_SIZE) {
      const fx_value *dv = ARG("dim");
      int64_t dim;
      int32_t dd = 0;
      if (dv->kind == FX_V_NONE) in->result = shape_value(c, t);
      else if (as_int(dv, &dim) && norm_dim(c, dim, t->ndim, &dd)) in->result = int_value(c, t->shape[dd]);
      else return false;
    } else {
      const fx_value *name = ARG("name");
      if (fx_value_str_is(name, "shape")) in->result = shape_value(c, t);
      else if (fx_value_str_is(name, "ndim")) in->result = int_value(c, t->ndim);
      else if (fx_value_str_is(name, "dtype")) in->result = fx_value_word(c->p->g, fx_str_make(dtype_word(t->dtype), strlen(dtype_word(t->dtype))));
      else if (fx_value_str_is(name, "device")) in->result = fx_value_word(c->p->g, FX_STR_LIT("cpu"));
      else if (fx_value_str_is(name, "is_cuda")) in->result = fx_value_bool(false);
      else return err(c, "unsupported attribute '%.*s'", (int)name->n, name->u.text);
    }
    return true;
  }
  case FX_OP_ASSERT:
    in->work = false;
    in->result = fx_value_none();
    return true;
  default:
    return err(c, "no shape rule");
  }
}

bool fx_infer_node(fx_program *p, uint32_t node, fx_diag *d) {
  ictx c = {p, node, d};
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
  if (!infer_op(&c, in)) {
    in->failed = true;
    return false;
  }
  return true;
}
