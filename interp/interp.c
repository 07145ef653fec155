/* interp.c: running a program with the runtime's kernels. */
#include "interp.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  fx_program *p;
  fx_diag *d;
  uint32_t node;
  void **data;        /* by tensor id */
  uint32_t *last_use; /* by storage root: the last node (in list order) that touches it */
  uint32_t *order;    /* node index -> position in the list */
  bool *owned;        /* by root: the buffer was allocated here */
  size_t live, peak;
} rt;

static bool fail(rt *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool fail(rt *r, const char *fmt, ...) {
  const fx_node *n = &r->p->g->nodes[r->node];
  char msg[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fx_diag_error(r->d, n->loc.line ? r->p->g->src : NULL, n->loc, "running '%.*s': %s", (int)n->name.n, n->name.p, msg);
  return false;
}

static bool check(rt *r, fxrt_status s) {
  if (s == FXRT_OK) return true;
  return fail(r, "the kernel failed: %s", fxrt_status_str(s));
}

static const fx_tinfo *ti(rt *r, const fx_value *v) { return &r->p->tensors[v->v.node]; }
static bool is_t(const fx_value *v) { return v->kind == FX_V_TENSOR; }
static uint32_t root(rt *r, uint32_t t) { return r->p->tensors[t].alias; }
static size_t tbytes(const fx_tinfo *t) { return (size_t)fx_tinfo_numel(t) * fxrt_dtype_size(t->dtype); }
static void *dp(rt *r, const fx_value *v) { return r->data[v->v.node]; }
static float *fp(rt *r, const fx_value *v) { return v && is_t(v) ? (float *)r->data[v->v.node] : NULL; }

#define ARG(name) (&in->args[fx_sig_find(fx_op_sig(op), name)])

static int64_t iarg(const fx_value *v, int64_t dflt) {
  return v->kind == FX_V_INT || v->kind == FX_V_BOOL ? v->v.i : dflt;
}
static double farg(const fx_value *v, double dflt) {
  return v->kind == FX_V_FLOAT ? v->v.f : v->kind == FX_V_INT || v->kind == FX_V_BOOL ? (double)v->v.i : dflt;
}
static int ints(const fx_value *v, int64_t *out, int max) {
  if (v->kind == FX_V_INT) {
    out[0] = v->v.i;
    return 1;
  }
  if ((v->kind != FX_V_TUPLE && v->kind != FX_V_LIST) || (int)v->n > max) return -1;
  for (uint32_t i = 0; i < v->n; i++) out[i] = iarg(&v->u.items[i], 0);
  return (int)v->n;
}
static void expand(const fx_value *v, int n, int64_t *out, int64_t dflt) {
  int64_t tmp[FXRT_MAX_DIMS];
  int k = ints(v, tmp, FXRT_MAX_DIMS);
  for (int i = 0; i < n; i++) out[i] = k == 1 ? tmp[0] : k == n ? tmp[i] : dflt;
}
static int32_t ndim_norm(int64_t d, int32_t n) { return (int32_t)(d < 0 ? d + (n ? n : 1) : d); }

static fxrt_view cview(const fx_tinfo *t) { return fxrt_view_contiguous(t->ndim, t->shape); }

/* The view of t broadcast to ndim dimensions of `shape` (stride 0 where t has size 1 or no dimension). */
static fxrt_view bview(const fx_tinfo *t, int32_t ndim, const int64_t *shape) {
  fxrt_view c = cview(t), v;
  memset(&v, 0, sizeof v);
  v.ndim = ndim;
  for (int32_t i = 0; i < ndim; i++) {
    int32_t k = i - (ndim - t->ndim);
    v.shape[i] = shape[i];
    v.stride[i] = k >= 0 && t->shape[k] != 1 ? c.stride[k] : 0;
  }
  return v;
}

/* ---- storage ---- */

static bool alloc_result(rt *r, uint32_t t) {
  if (r->data[t]) return true;
  uint32_t rt_ = root(r, t);
  if (rt_ != t) {
    r->data[t] = r->data[rt_];
    return true;
  }
  size_t n = tbytes(&r->p->tensors[t]);
  r->data[t] = fx_tensor_alloc(n ? n : 1);
  r->owned[t] = true;
  r->live += n;
  if (r->live > r->peak) r->peak = r->live;
  return true;
}

static void alloc_results(rt *r, const fx_value *v) {
  if (is_t(v)) alloc_result(r, v->v.node);
  else if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++) alloc_results(r, &v->u.items[i]);
}

static void *tmp_alloc(rt *r, size_t n) {
  r->live += n;
  if (r->live > r->peak) r->peak = r->live;
  return fx_tensor_alloc(n ? n : 1);
}
static void tmp_free(rt *r, void *p, size_t n) {
  r->live -= n;
  fx_tensor_free(p);
}

/* A float32 copy of a tensor of another dtype (or the tensor itself). */
static const float *as_f32(rt *r, const fx_value *v, void **tmp, size_t *tmpn) {
  const fx_tinfo *t = ti(r, v);
  *tmp = NULL;
  if (t->dtype == FXRT_F32) return dp(r, v);
  *tmpn = (size_t)fx_tinfo_numel(t) * 4;
  *tmp = tmp_alloc(r, *tmpn);
  fxrt_view sv = cview(t);
  if (fxrt_copy(t->dtype, dp(r, v), &sv, FXRT_F32, *tmp, &sv) != FXRT_OK) return NULL;
  return *tmp;
}

/* ---- elementwise ---- */

static bool unary_op(fx_op op, fxrt_unary_op *u) {
  static const struct {
    fx_op op;
    fxrt_unary_op u;
  } map[] = {{FX_OP_RELU, FXRT_U_RELU},       {FX_OP_RELU6, FXRT_U_RELU6},
             {FX_OP_LEAKY_RELU, FXRT_U_LEAKY_RELU}, {FX_OP_ELU, FXRT_U_ELU},
             {FX_OP_GELU, FXRT_U_GELU},       {FX_OP_SILU, FXRT_U_SILU},
             {FX_OP_SIGMOID, FXRT_U_SIGMOID}, {FX_OP_TANH, FXRT_U_TANH},
             {FX_OP_HARDSWISH, FXRT_U_HARDSWISH}, {FX_OP_HARDSIGMOID, FXRT_U_HARDSIGMOID},
             {FX_OP_HARDTANH, FXRT_U_CLAMP},  {FX_OP_CLAMP, FXRT_U_CLAMP},
             {FX_OP_MISH, FXRT_U_MISH},       {FX_OP_SOFTPLUS, FXRT_U_SOFTPLUS},
             {FX_OP_EXP, FXRT_U_EXP},         {FX_OP_LOG, FXRT_U_LOG},
             {FX_OP_SQRT, FXRT_U_SQRT},       {FX_OP_RSQRT, FXRT_U_RSQRT},
             {FX_OP_NEG, FXRT_U_NEG},         {FX_OP_ABS, FXRT_U_ABS},
             {FX_OP_RECIPROCAL, FXRT_U_RECIPROCAL}, {FX_OP_ERF, FXRT_U_ERF},
             {FX_OP_SIN, FXRT_U_SIN},         {FX_OP_COS, FXRT_U_COS},
             {FX_OP_FLOOR, FXRT_U_FLOOR},     {FX_OP_CEIL, FXRT_U_CEIL},
             {FX_OP_ROUND, FXRT_U_ROUND},     {FX_OP_SIGN, FXRT_U_SIGN},
             {FX_OP_NAN_TO_NUM, FXRT_U_NAN_TO_NUM}};
  for (size_t i = 0; i < sizeof map / sizeof *map; i++)
    if (map[i].op == op) {
      *u = map[i].u;
      return true;
    }
  return false;
}

static bool run_unary(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t n = fx_tinfo_numel(ty);
  if (op == FX_OP_LOGICAL_NOT) {
    fxrt_view v = cview(tx);
    uint8_t zero = 0;
    fxrt_view z = bview(&(fx_tinfo){.dtype = FXRT_BOOL}, v.ndim, v.shape);
    if (!check(r, fxrt_copy(tx->dtype, dp(r, x), &v, FXRT_BOOL, dp(r, y), &v))) return false;
    return check(r, fxrt_binary(FXRT_B_EQ, FXRT_BOOL, dp(r, y), &v, &zero, &z, dp(r, y), &v, 1));
  }
  if (ty->dtype != FXRT_F32) {
    if (op == FX_OP_RELU || op == FX_OP_NEG || op == FX_OP_ABS) { /* integers: through f64 is exact enough below 2^53 */
      return fail(r, "%s on %s tensors is not supported yet", fx_op_name(op), fxrt_dtype_name(tx->dtype));
    }
    return fail(r, "%s on %s tensors is not supported yet", fx_op_name(op), fxrt_dtype_name(ty->dtype));
  }
  void *tmp;
  size_t tmpn = 0;
  const float *xs = as_f32(r, x, &tmp, &tmpn);
  fxrt_unary_op u;
  if (!xs || !unary_op(op, &u)) return fail(r, "no kernel");
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
    if (is_t(ARG("min")) || is_t(ARG("max"))) return fail(r, "clamp with tensor bounds is not supported");
    break;
  case FX_OP_SOFTPLUS:
    prm.a = (float)farg(ARG("beta"), 1);
    prm.b = (float)farg(ARG("threshold"), 20);
    break;
  case FX_OP_NAN_TO_NUM:
    prm.a = (float)farg(ARG("nan"), 0);
    prm.b = (float)farg(ARG("posinf"), 3.4028234663852886e38);
    prm.c = (float)farg(ARG("neginf"), -3.4028234663852886e38);
    break;
  default: break;
  }
  bool ok = check(r, fxrt_unary_f32(u, xs, dp(r, y), n, &prm));
  if (tmp) tmp_free(r, tmp, tmpn);
  return ok;
}

static bool binary_op(fx_op op, fxrt_binary_op *b) {
  static const struct {
    fx_op op;
    fxrt_binary_op b;
  } map[] = {{FX_OP_ADD, FXRT_B_ADD},           {FX_OP_SUB, FXRT_B_SUB},         {FX_OP_RSUB, FXRT_B_SUB},
             {FX_OP_MUL, FXRT_B_MUL},           {FX_OP_DIV, FXRT_B_DIV},         {FX_OP_FLOOR_DIVIDE, FXRT_B_FLOOR_DIV},
             {FX_OP_REMAINDER, FXRT_B_REM},     {FX_OP_POW, FXRT_B_POW},         {FX_OP_MAXIMUM, FXRT_B_MAX},
             {FX_OP_MINIMUM, FXRT_B_MIN},       {FX_OP_EQ, FXRT_B_EQ},           {FX_OP_NE, FXRT_B_NE},
             {FX_OP_LT, FXRT_B_LT},             {FX_OP_LE, FXRT_B_LE},           {FX_OP_GT, FXRT_B_GT},
             {FX_OP_GE, FXRT_B_GE},             {FX_OP_LOGICAL_AND, FXRT_B_AND}, {FX_OP_LOGICAL_OR, FXRT_B_OR},
             {FX_OP_LOGICAL_XOR, FXRT_B_XOR},   {FX_OP_BITWISE_AND, FXRT_B_AND}, {FX_OP_BITWISE_OR, FXRT_B_OR},
             {FX_OP_BITWISE_XOR, FXRT_B_XOR}};
  for (size_t i = 0; i < sizeof map / sizeof *map; i++)
    if (map[i].op == op) {
      *b = map[i].b;
      return true;
    }
  return false;
}

/* An operand of an elementwise op in the compute dtype: a tensor (converted if needed) or a Python number. */
typedef struct {
  const void *data;
  fxrt_view view;
  void *tmp;
  size_t tmpn;
  union {
    float f;
    double d;
    int64_t i;
    int32_t i32;
    uint8_t b;
  } scalar;
} operand;

static bool make_operand(rt *r, const fx_value *v, fxrt_dtype dt, int32_t ndim, const int64_t *shape, operand *o) {
  memset(o, 0, sizeof *o);
  if (!is_t(v)) {
    double x = farg(v, 0);
    switch (dt) {
    case FXRT_F32: o->scalar.f = (float)x; break;
    case FXRT_F64: o->scalar.d = x; break;
    case FXRT_I64: o->scalar.i = v->kind == FX_V_FLOAT ? (int64_t)x : v->v.i; break;
    case FXRT_I32: o->scalar.i32 = (int32_t)v->v.i; break;
    case FXRT_BOOL: o->scalar.b = x != 0; break;
    default: return fail(r, "no kernel for %s", fxrt_dtype_name(dt));
    }
    o->data = &o->scalar;
    fx_tinfo none = {0};
    o->view = bview(&none, ndim, shape);
    return true;
  }
  const fx_tinfo *t = ti(r, v);
  o->view = bview(t, ndim, shape);
  if (t->dtype == dt) {
    o->data = dp(r, v);
    return true;
  }
  o->tmpn = (size_t)fx_tinfo_numel(t) * fxrt_dtype_size(dt);
  o->tmp = tmp_alloc(r, o->tmpn);
  fxrt_view cv = cview(t);
  if (!check(r, fxrt_copy(t->dtype, dp(r, v), &cv, dt, o->tmp, &cv))) return false;
  o->data = o->tmp;
  return true;
}

static void drop_operand(rt *r, operand *o) {
  if (o->tmp) tmp_free(r, o->tmp, o->tmpn);
}

static fxrt_dtype compute_dtype(rt *r, fx_op op, const fx_value *a, const fx_value *b, const fx_tinfo *ty) {
  if (!(op >= FX_OP_EQ && op <= FX_OP_LOGICAL_XOR)) return ty->dtype;
  /* comparisons: the operands' promoted dtype */
  fxrt_dtype da = is_t(a) ? ti(r, a)->dtype : FXRT_NUM_DTYPES, db = is_t(b) ? ti(r, b)->dtype : FXRT_NUM_DTYPES;
  if (op >= FX_OP_LOGICAL_AND) return FXRT_BOOL;
  if (da == FXRT_NUM_DTYPES) da = db;
  if (db == FXRT_NUM_DTYPES) db = da;
  if (da == db) {
    if (da == FXRT_I64 && ((!is_t(a) && a->kind == FX_V_FLOAT) || (!is_t(b) && b->kind == FX_V_FLOAT))) return FXRT_F32;
    return da;
  }
  if (da == FXRT_F64 || db == FXRT_F64) return FXRT_F64;
  if (da == FXRT_F32 || db == FXRT_F32) return FXRT_F32;
  return FXRT_I64;
}

static bool run_binary(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *a = &in->args[0], *b = &in->args[1], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_binary_op bop;
  if (!binary_op(op, &bop)) return fail(r, "no kernel");
  double alpha = 1;
  if (op == FX_OP_ADD || op == FX_OP_SUB || op == FX_OP_RSUB) alpha = farg(ARG("alpha"), 1);
  if (op == FX_OP_DIV) {
    const fx_value *rm = ARG("rounding_mode");
    if (fx_value_str_is(rm, "floor")) bop = FXRT_B_FLOOR_DIV;
    else if (rm->kind != FX_V_NONE) return fail(r, "div with rounding_mode other than floor is not supported");
  }
  if (op == FX_OP_RSUB) {
    const fx_value *t = a;
    a = b;
    b = t;
  }
  fxrt_dtype dt = compute_dtype(r, op, a, b, ty);
  operand oa, ob;
  if (!make_operand(r, a, dt, ty->ndim, ty->shape, &oa)) return false;
  if (!make_operand(r, b, dt, ty->ndim, ty->shape, &ob)) {
    drop_operand(r, &oa);
    return false;
  }
  fxrt_view yv = cview(ty);
  bool ok = check(r, fxrt_binary(bop, dt, oa.data, &oa.view, ob.data, &ob.view, dp(r, y), &yv, alpha));
  drop_operand(r, &oa);
  drop_operand(r, &ob);
  return ok;
}

static bool run_where(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  const fx_value *cond = op == FX_OP_WHERE ? &in->args[0] : ARG("mask");
  const fx_value *a = op == FX_OP_WHERE ? ARG("input") : &in->args[0], *b = op == FX_OP_WHERE ? ARG("other") : ARG("value");
  operand oc, oa, ob;
  if (!make_operand(r, cond, FXRT_BOOL, ty->ndim, ty->shape, &oc)) return false;
  if (!make_operand(r, a, ty->dtype, ty->ndim, ty->shape, &oa) || !make_operand(r, b, ty->dtype, ty->ndim, ty->shape, &ob))
    return false;
  fxrt_view yv = cview(ty);
  /* masked_fill(x, mask, v) is where(mask, v, x) */
  bool ok = op == FX_OP_WHERE
                ? check(r, fxrt_where(ty->dtype, oc.data, &oc.view, oa.data, &oa.view, ob.data, &ob.view, dp(r, y), &yv))
                : check(r, fxrt_where(ty->dtype, oc.data, &oc.view, ob.data, &ob.view, oa.data, &oa.view, dp(r, y), &yv));
  drop_operand(r, &oc);
  drop_operand(r, &oa);
  drop_operand(r, &ob);
  return ok;
}

/* ---- products ---- */

static bool run_conv(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, w), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32 || tw->dtype != FXRT_F32) return fail(r, "convolution runs on f32 tensors only");
  int sp = tw->ndim - 2;
  bool batched = tx->ndim == sp + 2;
  int64_t n = batched ? tx->shape[0] : 1, c = tx->shape[batched ? 1 : 0];
  int64_t h = sp == 2 ? tx->shape[tx->ndim - 2] : 1, wd = tx->shape[tx->ndim - 1];
  int64_t k = ty->shape[batched ? 1 : 0], oh = sp == 2 ? ty->shape[ty->ndim - 2] : 1, ow = ty->shape[ty->ndim - 1];
  int64_t kh = sp == 2 ? tw->shape[2] : 1, kw = tw->shape[tw->ndim - 1];
  int64_t stride[2] = {1, 1}, pad[2] = {0, 0}, dil[2] = {1, 1}, opad[2] = {0, 0};
  expand(ARG("stride"), sp, stride, 1);
  expand(ARG("dilation"), sp, dil, 1);
  const fx_value *pv = ARG("padding");
  if (fx_value_str_is(pv, "valid")) pad[0] = pad[1] = 0;
  else if (fx_value_str_is(pv, "same"))
    for (int i = 0; i < sp; i++) pad[i] = dil[i] * (tw->shape[2 + i] - 1) / 2;
  else expand(pv, sp, pad, 0);
  if (sp == 1) { /* conv1d as conv2d over a height of 1 */
    stride[1] = stride[0], pad[1] = pad[0], dil[1] = dil[0];
    stride[0] = 1, pad[0] = 0, dil[0] = 1;
  }
  int64_t groups = iarg(ARG("groups"), 1);
  bool transposed = iarg(ARG("transposed"), 0) != 0;
  const float *bias = is_t(bv) ? fp(r, bv) : NULL;
  if (transposed) {
    expand(ARG("output_padding"), sp, opad, 0);
    if (sp == 1) opad[1] = opad[0], opad[0] = 0;
    fxrt_conv_transpose2d_params p = {{stride[0], stride[1]}, {pad[0], pad[1]}, {opad[0], opad[1]},
                                      {dil[0], dil[1]}, groups};
    return check(r, fxrt_conv_transpose2d_f32(fp(r, x), n, c, h, wd, fp(r, w), k, kh, kw, bias, fp(r, y), oh, ow, &p));
  }
  fxrt_conv2d_params p = {{stride[0], stride[1]}, {pad[0], pad[1]}, {dil[0], dil[1]}, groups};
  size_t ws = fxrt_conv2d_workspace_size(n, c, h, wd, k, kh, kw, oh, ow, &p);
  void *wsp = ws ? tmp_alloc(r, ws) : NULL;
  bool ok = check(r, fxrt_conv2d_f32(fp(r, x), n, c, h, wd, fp(r, w), k, kh, kw, bias, fp(r, y), oh, ow, &p, NULL, wsp, ws));
  if (wsp) tmp_free(r, wsp, ws);
  return ok;
}

static bool run_linear(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, w);
  if (tx->dtype != FXRT_F32 || tw->dtype != FXRT_F32) return fail(r, "linear runs on f32 tensors only");
  int64_t k = tw->shape[1], n = tw->shape[0], m = fx_tinfo_numel(tx) / (k ? k : 1);
  return check(r, fxrt_linear_f32(fp(r, x), m, k, fp(r, w), n, is_t(bv) ? fp(r, bv) : NULL, fp(r, y), NULL));
}

/* torch.matmul for any ranks >= 1, through fxrt_matmul_f32 on views. */
static bool matmul_views(rt *r, const float *a, const fx_tinfo *ta, const float *b, const fx_tinfo *tb, float *y,
                         const fx_tinfo *ty) {
  fx_tinfo A = *ta, B = *tb;
  if (A.ndim == 1) { /* [k] -> [1, k] */
    A.shape[1] = A.shape[0];
    A.shape[0] = 1;
    A.ndim = 2;
  }
  if (B.ndim == 1) { /* [k] -> [k, 1] */
    B.shape[1] = 1;
    B.ndim = 2;
  }
  int32_t nb = ty->ndim - (ta->ndim >= 2) - (tb->ndim >= 2);
  if (nb < 0) nb = 0;
  int64_t m = A.shape[A.ndim - 2], kk = A.shape[A.ndim - 1], n = B.shape[B.ndim - 1];
  int64_t bshape[FXRT_MAX_DIMS] = {0};
  for (int32_t i = 0; i < nb; i++) bshape[i] = ty->shape[i];
  /* batch views with stride 0 where an operand repeats */
  fxrt_view av, bv, yv;
  memset(&av, 0, sizeof av);
  memset(&bv, 0, sizeof bv);
  fx_tinfo Ab = A, Bb = B;
  Ab.ndim = A.ndim - 2;
  Bb.ndim = B.ndim - 2;
  fxrt_view ab = bview(&Ab, nb, bshape), bb = bview(&Bb, nb, bshape);
  av.ndim = bv.ndim = nb + 2;
  for (int32_t i = 0; i < nb; i++) {
    av.shape[i] = bv.shape[i] = bshape[i];
    av.stride[i] = ab.stride[i] * m * kk;
    bv.stride[i] = bb.stride[i] * kk * n;
  }
  av.shape[nb] = m, av.shape[nb + 1] = kk, av.stride[nb] = kk, av.stride[nb + 1] = 1;
  bv.shape[nb] = kk, bv.shape[nb + 1] = n, bv.stride[nb] = n, bv.stride[nb + 1] = 1;
  int64_t yshape[FXRT_MAX_DIMS];
  memcpy(yshape, bshape, sizeof bshape);
  yshape[nb] = m, yshape[nb + 1] = n;
  yv = fxrt_view_contiguous(nb + 2, yshape);
  return fxrt_matmul_f32(a, &av, b, &bv, y, &yv, NULL) == FXRT_OK;
}

static bool run_matmul(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *a = &in->args[0], *b = &in->args[1], *y = &in->result;
  if (ti(r, a)->dtype != FXRT_F32 || ti(r, b)->dtype != FXRT_F32) return fail(r, "matmul runs on f32 tensors only");
  if (op == FX_OP_MATMUL) {
    if (!matmul_views(r, fp(r, a), ti(r, a), fp(r, b), ti(r, b), fp(r, y), ti(r, y))) return fail(r, "the kernel failed");
    return true;
  }
  /* addmm / baddbmm: y = beta * input + alpha * (m1 @ m2) */
  const fx_value *m1 = &in->args[1], *m2 = &in->args[2];
  double beta = farg(ARG("beta"), 1), alpha = farg(ARG("alpha"), 1);
  if (!matmul_views(r, fp(r, m1), ti(r, m1), fp(r, m2), ti(r, m2), fp(r, y), ti(r, y))) return fail(r, "the kernel failed");
  const fx_tinfo *ty = ti(r, y);
  fxrt_view yv = cview(ty);
  if (alpha != 1) {
    float s = (float)alpha;
    fx_tinfo none = {0};
    fxrt_view sv = bview(&none, ty->ndim, ty->shape);
    if (!check(r, fxrt_binary(FXRT_B_MUL, FXRT_F32, fp(r, y), &yv, &s, &sv, fp(r, y), &yv, 1))) return false;
  }
  if (beta != 0 && is_t(a)) {
    fxrt_view iv = bview(ti(r, a), ty->ndim, ty->shape);
    if (!check(r, fxrt_binary(FXRT_B_ADD, FXRT_F32, fp(r, y), &yv, fp(r, a), &iv, fp(r, y), &yv, beta))) return false;
  }
  return true;
}

/* aten._native_multi_head_attention for self-attention without a mask, as torch's fast path computes it. */
static bool run_mha(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *q = ARG("query"), *kk = ARG("key"), *vv = ARG("value");
  if (q->v.node != kk->v.node || q->v.node != vv->v.node) return fail(r, "only self-attention (query is key is value) is supported");
  if (ARG("mask")->kind != FX_V_NONE) return fail(r, "attention masks are not supported yet");
  const fx_tinfo *tq = ti(r, q);
  int64_t B = tq->shape[0], L = tq->shape[1], E = tq->shape[2], H = iarg(ARG("num_head"), 1), D = E / H;
  const fx_value *y = &in->result.u.items[0], *wout = &in->result.u.items[1];
  size_t qkvn = (size_t)(B * L * 3 * E) * 4, sn = (size_t)(B * H * L * L) * 4, an = (size_t)(B * L * E) * 4;
  float *qkv = tmp_alloc(r, qkvn), *scores = tmp_alloc(r, sn), *att = tmp_alloc(r, an);
  bool ok = check(r, fxrt_linear_f32(fp(r, q), B * L, E, fp(r, ARG("qkv_weight")), 3 * E, fp(r, ARG("qkv_bias")), qkv, NULL));
  if (ok) {
    /* q, k, v as [B, H, L, D] views into qkv [B, L, 3, H, D]; k read transposed as [B, H, D, L] */
    const fxrt_view qv = {4, {B, H, L, D}, {L * 3 * E, D, 3 * E, 1}, 0};
    const fxrt_view kt = {4, {B, H, D, L}, {L * 3 * E, D, 1, 3 * E}, 0};
    const fxrt_view sv = fxrt_view_contiguous(4, (int64_t[]){B, H, L, L});
    ok = check(r, fxrt_matmul_f32(qkv, &qv, qkv + E, &kt, scores, &sv, NULL));
    float scale = 1.0f / sqrtf((float)D);
    for (size_t i = 0; ok && i < sn / 4; i++) scores[i] *= scale;
    if (ok) ok = check(r, fxrt_softmax_f32(scores, B * H * L, L, 1, scores, false));
    /* attention [B, H, L, D] written as [B, L, H, D] = [B, L, E] */
    const fxrt_view ov = {4, {B, H, L, D}, {L * E, D, E, 1}, 0};
    if (ok) ok = check(r, fxrt_matmul_f32(scores, &sv, qkv + 2 * E, &qv, att, &ov, NULL));
    if (ok) ok = check(r, fxrt_linear_f32(att, B * L, E, fp(r, ARG("proj_weight")), E, fp(r, ARG("proj_bias")), fp(r, y), NULL));
    const fx_tinfo *tw = ti(r, wout);
    if (ok && tw->ndim == 3 && fx_tinfo_numel(tw) > 0) { /* need_weights: the heads' average */
      bool avg = iarg(ARG("average_attn_weights"), 1) != 0;
      if (!avg) ok = fail(r, "per-head attention weights are not supported");
      float *w = fp(r, wout);
      for (int64_t b = 0; ok && b < B; b++)
        for (int64_t i = 0; i < L * L; i++) {
          float s = 0;
          for (int64_t h = 0; h < H; h++) s += scores[(b * H + h) * L * L + i];
          w[b * L * L + i] = s / (float)H;
        }
    }
  }
  tmp_free(r, qkv, qkvn);
  tmp_free(r, scores, sn);
  tmp_free(r, att, an);
  return ok;
}

/* ---- normalization and pooling ---- */

static bool run_norm(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *y = in->result.kind == FX_V_TUPLE ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x);
  if (tx->dtype != FXRT_F32) return fail(r, "normalization runs on f32 tensors only");
  const fx_value *w = ARG("weight"), *b = ARG("bias");
  float eps = (float)farg(ARG("eps"), 1e-5);
  int64_t numel = fx_tinfo_numel(tx);
  if (op == FX_OP_BATCH_NORM || op == FX_OP_NATIVE_BATCH_NORM) {
    int64_t n = tx->shape[0], c = tx->shape[1];
    int64_t inner = (n * c) != 0 ? numel / (n * c) : 0;
    return check(r, fxrt_batch_norm_f32(fp(r, x), n, c, inner, fp(r, ARG("running_mean")), fp(r, ARG("running_var")),
                                        fp(r, w), fp(r, b), eps, fp(r, y)));
  }
  if (op == FX_OP_GROUP_NORM) {
    int64_t n = tx->shape[0], c = tx->shape[1];
    return check(r, fxrt_group_norm_f32(fp(r, x), n, c, (n * c) != 0 ? numel / (n * c) : 0, iarg(ARG("num_groups"), 1), fp(r, w),
                                        fp(r, b), eps, fp(r, y)));
  }
  int64_t ns[FXRT_MAX_DIMS];
  int k = ints(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
  int64_t cols = 1;
  for (int i = 0; i < k; i++) cols *= ns[i];
  float *mean = NULL, *rstd = NULL;
  if (op == FX_OP_NATIVE_LAYER_NORM) {
    mean = fp(r, &in->result.u.items[1]);
    rstd = fp(r, &in->result.u.items[2]);
  }
  return check(r, fxrt_layer_norm_f32(fp(r, x), cols ? numel / cols : 0, cols, fp(r, w), fp(r, b), eps, fp(r, y), mean, rstd));
}

static bool run_pool(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  int64_t *indices = multi ? (int64_t *)dp(r, &in->result.u.items[1]) : NULL;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32) return fail(r, "pooling runs on f32 tensors only");
  bool two = op == FX_OP_ADAPTIVE_AVG_POOL || op == FX_OP_ADAPTIVE_MAX_POOL
                 ? (ARG("output_size")->kind == FX_V_INT ? tx->ndim >= 4 : ARG("output_size")->n == 2)
                 : (ARG("kernel_size")->kind == FX_V_INT ? tx->ndim >= 4 : ARG("kernel_size")->n == 2);
  int sp = two ? 2 : 1;
  int64_t lead = 1;
  for (int32_t i = 0; i < tx->ndim - sp; i++) lead *= tx->shape[i];
  int64_t h = sp == 2 ? tx->shape[tx->ndim - 2] : 1, w = tx->shape[tx->ndim - 1];
  int64_t oh = sp == 2 ? ty->shape[ty->ndim - 2] : 1, ow = ty->shape[ty->ndim - 1];
  if (op == FX_OP_ADAPTIVE_AVG_POOL) return check(r, fxrt_adaptive_avg_pool2d_f32(fp(r, x), 1, lead, h, w, fp(r, y), oh, ow));
  if (op == FX_OP_ADAPTIVE_MAX_POOL)
    return check(r, fxrt_adaptive_max_pool2d_f32(fp(r, x), 1, lead, h, w, fp(r, y), oh, ow, indices));
  int64_t ks[2], st[2], pd[2], dl[2] = {1, 1};
  expand(ARG("kernel_size"), sp, ks, 1);
  const fx_value *sv = ARG("stride");
  if (sv->kind == FX_V_NONE || ((sv->kind == FX_V_TUPLE || sv->kind == FX_V_LIST) && sv->n == 0)) memcpy(st, ks, sizeof st);
  else expand(sv, sp, st, 1);
  expand(ARG("padding"), sp, pd, 0);
  int kd = fx_sig_find(fx_op_sig(op), "dilation");
  if (kd >= 0) expand(&in->args[kd], sp, dl, 1);
  if (sp == 1) {
    ks[1] = ks[0], st[1] = st[0], pd[1] = pd[0], dl[1] = dl[0];
    ks[0] = 1, st[0] = 1, pd[0] = 0, dl[0] = 1;
  }
  fxrt_pool2d_params p = {{ks[0], ks[1]}, {st[0], st[1]}, {pd[0], pd[1]}, {dl[0], dl[1]}, iarg(ARG("ceil_mode"), 0) != 0,
                          true, 0};
  if (op == FX_OP_AVG_POOL) {
    p.count_include_pad = iarg(ARG("count_include_pad"), 1) != 0;
    p.divisor_override = iarg(ARG("divisor_override"), 0);
    return check(r, fxrt_avg_pool2d_f32(fp(r, x), 1, lead, h, w, fp(r, y), oh, ow, &p));
  }
  return check(r, fxrt_max_pool2d_f32(fp(r, x), 1, lead, h, w, fp(r, y), oh, ow, &p, indices));
}

/* ---- reductions ---- */

static bool run_reduce(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  bool red[FXRT_MAX_DIMS] = {false};
  int64_t dims[FXRT_MAX_DIMS];
  const fx_value *dv = ARG("dim");
  int k = dv->kind == FX_V_NONE ? 0 : ints(dv, dims, FXRT_MAX_DIMS);
  if (k == 0)
    for (int32_t i = 0; i < tx->ndim; i++) red[i] = true;
  for (int i = 0; i < k; i++) red[ndim_norm(dims[i], tx->ndim)] = true;
  /* the reduced dimensions must be one block: [outer, len, inner] */
  int32_t first = -1, last = -1;
  for (int32_t i = 0; i < tx->ndim; i++)
    if (red[i]) {
      if (first < 0) first = i;
      last = i;
    }
  int64_t outer = 1, len = 1, inner = 1;
  for (int32_t i = 0; i < tx->ndim; i++) {
    if (first >= 0 && i >= first && i <= last && !red[i]) return fail(r, "reducing non-adjacent dimensions is not supported");
    if (first < 0 || i < first) outer *= tx->shape[i];
    else if (i > last) inner *= tx->shape[i];
    else len *= tx->shape[i];
  }
  static const struct {
    fx_op op;
    fxrt_reduce_op r;
  } map[] = {{FX_OP_SUM, FXRT_R_SUM},       {FX_OP_MEAN, FXRT_R_MEAN},     {FX_OP_PROD, FXRT_R_PROD},
             {FX_OP_AMAX, FXRT_R_MAX},      {FX_OP_AMIN, FXRT_R_MIN},      {FX_OP_ARGMAX, FXRT_R_ARGMAX},
             {FX_OP_ARGMIN, FXRT_R_ARGMIN}, {FX_OP_ANY, FXRT_R_ANY},       {FX_OP_ALL, FXRT_R_ALL},
             {FX_OP_MAX_DIM, FXRT_R_MAX},   {FX_OP_MIN_DIM, FXRT_R_MIN}};
  fxrt_reduce_op rop = FXRT_R_SUM;
  for (size_t i = 0; i < sizeof map / sizeof *map; i++)
    if (map[i].op == op) rop = map[i].r;
  /* the input in the dtype the reduction computes in */
  fxrt_dtype dt = rop == FXRT_R_ARGMAX || rop == FXRT_R_ARGMIN || rop == FXRT_R_ANY || rop == FXRT_R_ALL ? tx->dtype : ty->dtype;
  if (rop == FXRT_R_ANY || rop == FXRT_R_ALL) dt = FXRT_BOOL;
  operand o;
  if (!make_operand(r, x, dt, tx->ndim, tx->shape, &o)) return false;
  bool ok = check(r, fxrt_reduce(rop, dt, o.data, outer, len, inner, dp(r, y)));
  if (ok && multi) {
    const fx_value *yi = &in->result.u.items[1];
    ok = check(r, fxrt_reduce(rop == FXRT_R_MAX ? FXRT_R_ARGMAX : FXRT_R_ARGMIN, dt, o.data, outer, len, inner, dp(r, yi)));
  }
  drop_operand(r, &o);
  return ok;
}

static bool dim_split(const fx_tinfo *t, int64_t dim, int64_t *outer, int64_t *len, int64_t *inner) {
  int32_t d = ndim_norm(dim, t->ndim);
  *outer = *inner = 1;
  *len = t->ndim ? t->shape[d] : 1;
  for (int32_t i = 0; i < t->ndim; i++) {
    if (i < d) *outer *= t->shape[i];
    if (i > d) *inner *= t->shape[i];
  }
  return true;
}

static bool run_softmax(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_value *dv = ARG("dim");
  int64_t dim = dv->kind == FX_V_NONE ? ((tx->ndim == 0 || tx->ndim == 1 || tx->ndim == 3) ? 0 : 1) : dv->v.i;
  int64_t outer, len, inner;
  dim_split(tx, dim, &outer, &len, &inner);
  operand o;
  if (!make_operand(r, x, ty->dtype, tx->ndim, tx->shape, &o)) return false;
  bool ok;
  if (op == FX_OP_CUMSUM) ok = check(r, fxrt_cumsum(ty->dtype, o.data, outer, len, inner, dp(r, y)));
  else if (ty->dtype != FXRT_F32) ok = fail(r, "softmax runs on f32 only");
  else ok = check(r, fxrt_softmax_f32(o.data, outer, len, inner, fp(r, y), op == FX_OP_LOG_SOFTMAX));
  drop_operand(r, &o);
  return ok;
}

static bool run_topk(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  if (tx->dtype != FXRT_F32) return fail(r, "topk runs on f32 only");
  int64_t outer, len, inner;
  dim_split(tx, iarg(ARG("dim"), -1), &outer, &len, &inner);
  return check(r, fxrt_topk_f32(fp(r, x), outer, len, inner, iarg(ARG("k"), 1), iarg(ARG("largest"), 1) != 0,
                                fp(r, &in->result.u.items[0]), dp(r, &in->result.u.items[1])));
}

/* ---- data movement: everything is a strided copy ---- */

static bool copy_view(rt *r, const fx_value *x, const fxrt_view *sv, const fx_value *y) {
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  fxrt_view yv = cview(ty);
  return check(r, fxrt_copy(tx->dtype, dp(r, x), sv, ty->dtype, dp(r, y), &yv));
}

static bool run_permute(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx), v = c;
  int64_t perm[FXRT_MAX_DIMS];
  for (int32_t i = 0; i < tx->ndim; i++) perm[i] = i;
  if (op == FX_OP_PERMUTE) {
    ints(ARG("dims"), perm, FXRT_MAX_DIMS);
    for (int32_t i = 0; i < tx->ndim; i++) perm[i] = ndim_norm(perm[i], tx->ndim);
  } else if (tx->ndim >= 2) {
    int32_t a = op == FX_OP_T ? 0 : ndim_norm(iarg(ARG("dim0"), 0), tx->ndim);
    int32_t b = op == FX_OP_T ? 1 : ndim_norm(iarg(ARG("dim1"), 1), tx->ndim);
    perm[a] = b;
    perm[b] = a;
  }
  for (int32_t i = 0; i < tx->ndim; i++) {
    v.shape[i] = c.shape[perm[i]];
    v.stride[i] = c.stride[perm[i]];
  }
  return copy_view(r, x, &v, y);
}

static bool run_expand(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_view v = bview(ti(r, x), ty->ndim, ty->shape);
  return copy_view(r, x, &v, y);
}

/* x[index] with ints, slices, None and Ellipsis, as a view of x. */
static bool run_index(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result, *idx = ARG("index");
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx), v;
  memset(&v, 0, sizeof v);
  const fx_value *items = idx->kind == FX_V_TUPLE ? idx->u.items : idx;
  uint32_t n = idx->kind == FX_V_TUPLE ? idx->n : 1;
  int consumed = 0;
  for (uint32_t i = 0; i < n; i++)
    if (items[i].kind == FX_V_INT || items[i].kind == FX_V_CALL) consumed++;
  int32_t dim = 0;
  for (uint32_t i = 0; i < n; i++) {
    const fx_value *it = &items[i];
    if (it->kind == FX_V_ELLIPSIS) {
      for (int k = 0; k < tx->ndim - consumed; k++, dim++) {
        v.shape[v.ndim] = c.shape[dim];
        v.stride[v.ndim++] = c.stride[dim];
      }
    } else if (it->kind == FX_V_NONE) {
      v.shape[v.ndim] = 1;
      v.stride[v.ndim++] = 0;
    } else if (it->kind == FX_V_INT) {
      int64_t k = it->v.i < 0 ? it->v.i + c.shape[dim] : it->v.i;
      v.offset += k * c.stride[dim];
      dim++;
    } else {
      int64_t sz = c.shape[dim], start = 0, stop = sz, step = iarg(&it->u.items[3], 1);
      if (it->u.items[1].kind == FX_V_INT) start = it->u.items[1].v.i < 0 ? it->u.items[1].v.i + sz : it->u.items[1].v.i;
      if (it->u.items[2].kind == FX_V_INT) stop = it->u.items[2].v.i < 0 ? it->u.items[2].v.i + sz : it->u.items[2].v.i;
      if (start < 0) start = 0;
      if (stop > sz) stop = sz;
      v.offset += start * c.stride[dim];
      v.shape[v.ndim] = stop > start ? (stop - start + step - 1) / step : 0;
      v.stride[v.ndim++] = c.stride[dim] * step;
      dim++;
    }
  }
  for (; dim < tx->ndim; dim++) {
    v.shape[v.ndim] = c.shape[dim];
    v.stride[v.ndim++] = c.stride[dim];
  }
  return copy_view(r, x, &v, y);
}

static bool run_slice(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx), v = c;
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), tx->ndim);
  int64_t sz = c.shape[d];
  if (op == FX_OP_SELECT) {
    int64_t i = iarg(ARG("index"), 0);
    if (i < 0) i += sz;
    v.offset = i * c.stride[d];
    for (int32_t k = d; k + 1 < v.ndim; k++) v.shape[k] = c.shape[k + 1], v.stride[k] = c.stride[k + 1];
    v.ndim--;
  } else if (op == FX_OP_NARROW) {
    int64_t s = iarg(ARG("start"), 0);
    if (s < 0) s += sz;
    v.offset = s * c.stride[d];
    v.shape[d] = iarg(ARG("length"), 0);
  } else {
    int64_t start = iarg(ARG("start"), 0), end = iarg(ARG("end"), sz), step = iarg(ARG("step"), 1);
    if (start < 0) start += sz;
    if (end < 0) end += sz;
    if (start < 0) start = 0;
    if (end > sz) end = sz;
    v.offset = start * c.stride[d];
    v.shape[d] = end > start ? (end - start + step - 1) / step : 0;
    v.stride[d] = c.stride[d] * step;
  }
  return copy_view(r, x, &v, y);
}

static bool run_split(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx);
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), tx->ndim);
  int64_t off = 0;
  for (uint32_t i = 0; i < in->result.n; i++) {
    const fx_value *y = &in->result.u.items[i];
    const fx_tinfo *ty = ti(r, y);
    fxrt_view v = c;
    v.offset = off * c.stride[d];
    if (op == FX_OP_UNBIND) {
      for (int32_t k = d; k + 1 < v.ndim; k++) v.shape[k] = c.shape[k + 1], v.stride[k] = c.stride[k + 1];
      v.ndim--;
      off++;
    } else {
      v.shape[d] = ty->shape[d];
      off += ty->shape[d];
    }
    if (!copy_view(r, x, &v, y)) return false;
  }
  return true;
}

static bool run_cat(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *list = &in->args[0], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_view yc = cview(ty);
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), op == FX_OP_STACK ? ty->ndim : ty->ndim);
  int64_t off = 0;
  for (uint32_t i = 0; i < list->n; i++) {
    const fx_value *x = &list->u.items[i];
    const fx_tinfo *tx = ti(r, x);
    if (op == FX_OP_CAT && tx->ndim == 1 && tx->shape[0] == 0 && ty->ndim != 1) continue;
    fxrt_view xv = cview(tx), yv = yc;
    yv.offset = off * yc.stride[d];
    if (op == FX_OP_STACK) {
      for (int32_t k = d; k + 1 < yv.ndim; k++) yv.shape[k] = yc.shape[k + 1], yv.stride[k] = yc.stride[k + 1];
      yv.ndim--;
      off++;
    } else {
      yv.shape[d] = tx->shape[d];
      off += tx->shape[d];
    }
    if (!check(r, fxrt_copy(tx->dtype, dp(r, x), &xv, ty->dtype, dp(r, y), &yv))) return false;
  }
  return true;
}

static bool run_pad(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result, *mode = ARG("mode");
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t pad[2 * FXRT_MAX_DIMS] = {0};
  int k = ints(ARG("pad"), pad, 2 * FXRT_MAX_DIMS);
  if (mode->kind == FX_V_NONE || fx_value_str_is(mode, "constant")) {
    if (!check(r, fxrt_fill(ty->dtype, dp(r, y), fx_tinfo_numel(ty), farg(ARG("value"), 0)))) return false;
    /* the overlap of x and y: negative pads crop x */
    fxrt_view xv = cview(tx), yv = cview(ty);
    for (int i = 0; i < k / 2; i++) {
      int32_t dd = tx->ndim - 1 - i;
      int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
      if (lo >= 0) yv.offset += lo * yv.stride[dd];
      else xv.offset += -lo * xv.stride[dd];
      int64_t len = tx->shape[dd] + (lo < 0 ? lo : 0) + (hi < 0 ? hi : 0);
      xv.shape[dd] = yv.shape[dd] = len > 0 ? len : 0;
    }
    return check(r, fxrt_copy(tx->dtype, dp(r, x), &xv, ty->dtype, dp(r, y), &yv));
  }
  if (tx->dtype != FXRT_F32 || tx->ndim < 3) return fail(r, "this padding mode needs an f32 tensor of 3 or 4 dimensions");
  fxrt_pad_mode m = fx_value_str_is(mode, "reflect") ? FXRT_PAD_REFLECT : fx_value_str_is(mode, "replicate") ? FXRT_PAD_REPLICATE : FXRT_PAD_CIRCULAR;
  int64_t pads[4] = {pad[0], pad[1], k > 2 ? pad[2] : 0, k > 2 ? pad[3] : 0};
  int64_t h = tx->ndim >= 4 || k > 2 ? tx->shape[tx->ndim - 2] : 1, w = tx->shape[tx->ndim - 1];
  int64_t lead = fx_tinfo_numel(tx) / ((h * w) != 0 ? h * w : 1);
  if (k <= 2) { /* 1-d padding of the last dimension: every row is an image of height 1 */
    h = 1;
    lead = fx_tinfo_numel(tx) / (w ? w : 1);
  }
  return check(r, fxrt_pad2d_f32(m, fp(r, x), 1, lead, h, w, pads, fp(r, y)));
}

static bool run_flip_roll(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx);
  if (op == FX_OP_FLIP) {
    int64_t dims[FXRT_MAX_DIMS];
    int k = ints(ARG("dims"), dims, FXRT_MAX_DIMS);
    fxrt_view v = c;
    for (int i = 0; i < k; i++) {
      int32_t d = ndim_norm(dims[i], tx->ndim);
      v.offset += (c.shape[d] - 1) * c.stride[d];
      v.stride[d] = -c.stride[d];
    }
    return copy_view(r, x, &v, y);
  }
  /* roll: each rolled dimension is two copies; dims=None rolls the flattened tensor */
  int64_t shifts[FXRT_MAX_DIMS], dims[FXRT_MAX_DIMS];
  int ks = ints(ARG("shifts"), shifts, FXRT_MAX_DIMS), kd = ARG("dims")->kind == FX_V_NONE ? 0 : ints(ARG("dims"), dims, FXRT_MAX_DIMS);
  if (kd == 0) {
    fx_tinfo flat = *tx;
    flat.ndim = 1;
    flat.shape[0] = fx_tinfo_numel(tx);
    c = cview(&flat);
    dims[0] = 0;
    kd = 1;
  }
  if (ks != kd) return fail(r, "shifts and dims differ in length");
  const fx_tinfo *ty = ti(r, y);
  size_t nb = tbytes(ty);
  void *tmp = tmp_alloc(r, nb);
  memcpy(dp(r, y), dp(r, x), nb);
  bool ok = true;
  for (int i = 0; ok && i < kd; i++) {
    memcpy(tmp, dp(r, y), nb);
    int32_t d = ndim_norm(dims[i], c.ndim);
    int64_t sz = c.shape[d], s = sz ? ((shifts[i] % sz) + sz) % sz : 0;
    if (!s) continue;
    fxrt_view a = c, b = c;
    a.shape[d] = b.shape[d] = sz - s; /* y[s:] = x[:sz-s] */
    b.offset = s * c.stride[d];
    ok = check(r, fxrt_copy(tx->dtype, tmp, &a, tx->dtype, dp(r, y), &b));
    a.shape[d] = b.shape[d] = s; /* y[:s] = x[sz-s:] */
    a.offset = (sz - s) * c.stride[d];
    b.offset = 0;
    if (ok) ok = check(r, fxrt_copy(tx->dtype, tmp, &a, tx->dtype, dp(r, y), &b));
  }
  tmp_free(r, tmp, nb);
  return ok;
}

static bool run_repeat(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t rep[FXRT_MAX_DIMS];
  int k = ints(ARG("repeats"), rep, FXRT_MAX_DIMS);
  if (2 * k > FXRT_MAX_DIMS) return fail(r, "too many dimensions to repeat");
  /* y viewed as [r0, s0, r1, s1, ...]; x broadcast along the r dimensions */
  fxrt_view yv, xv;
  memset(&yv, 0, sizeof yv);
  memset(&xv, 0, sizeof xv);
  fxrt_view yc = cview(ty), xc = cview(tx);
  yv.ndim = xv.ndim = 2 * k;
  for (int i = 0; i < k; i++) {
    int ti_ = i - (k - tx->ndim);
    int64_t s = ti_ >= 0 ? tx->shape[ti_] : 1;
    yv.shape[2 * i] = xv.shape[2 * i] = rep[i];
    yv.shape[2 * i + 1] = xv.shape[2 * i + 1] = s;
    yv.stride[2 * i] = yc.stride[i] * s;
    yv.stride[2 * i + 1] = yc.stride[i];
    xv.stride[2 * i] = 0;
    xv.stride[2 * i + 1] = ti_ >= 0 ? xc.stride[ti_] : 0;
  }
  return check(r, fxrt_copy(tx->dtype, dp(r, x), &xv, ty->dtype, dp(r, y), &yv));
}

static bool run_pixel_shuffle(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  int64_t f = iarg(ARG("upscale_factor"), 1), c = tx->shape[tx->ndim - 3] / (f * f), h = tx->shape[tx->ndim - 2],
          w = tx->shape[tx->ndim - 1], lead = fx_tinfo_numel(tx) / (c * f * f * h * w);
  /* x [lead, c, f, f, h, w] read as [lead, c, h, f, w, f] */
  fxrt_view v = {6, {lead, c, h, f, w, f}, {c * f * f * h * w, f * f * h * w, w, f * h * w, 1, h * w}, 0};
  fxrt_view yv = fxrt_view_contiguous(6, v.shape); /* y [lead, c, h*f, w*f] is [lead, c, h, f, w, f] */
  return check(r, fxrt_copy(tx->dtype, dp(r, x), &v, ti(r, y)->dtype, dp(r, y), &yv));
}

static bool run_interpolate(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32) return fail(r, "interpolate runs on f32 only");
  double sh = 0, sw = 0;
  const fx_value *fv = ARG("scale_factor"), *rv = ARG("recompute_scale_factor");
  if (fv->kind != FX_V_NONE && !(rv->kind == FX_V_BOOL && rv->v.i)) {
    bool seq = fv->kind == FX_V_TUPLE || fv->kind == FX_V_LIST;
    sh = farg(seq ? &fv->u.items[0] : fv, 0);
    sw = farg(seq ? &fv->u.items[fv->n > 1 ? 1 : 0] : fv, 0);
  }
  int64_t n = tx->shape[0], c = tx->shape[1], h = tx->shape[2], w = tx->shape[3], oh = ty->shape[2], ow = ty->shape[3];
  if (fx_value_str_is(ARG("mode"), "nearest")) return check(r, fxrt_upsample_nearest2d_f32(fp(r, x), n, c, h, w, fp(r, y), oh, ow, sh, sw));
  return check(r, fxrt_upsample_bilinear2d_f32(fp(r, x), n, c, h, w, fp(r, y), oh, ow, iarg(ARG("align_corners"), 0) != 0, sh, sw));
}

static bool run_gather(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *idx = op == FX_OP_EMBEDDING ? &in->args[0] : ARG("index");
  const fx_value *w = op == FX_OP_EMBEDDING ? ARG("weight") : &in->args[0], *y = &in->result;
  const fx_tinfo *tw = ti(r, w), *tin = ti(r, idx);
  operand oi;
  if (!make_operand(r, idx, FXRT_I64, tin->ndim, tin->shape, &oi)) return false;
  bool ok;
  if (op == FX_OP_EMBEDDING || ndim_norm(iarg(ARG("dim"), 0), tw->ndim) == 0) {
    if (tw->dtype != FXRT_F32) ok = fail(r, "lookups run on f32 tables only");
    else ok = check(r, fxrt_embedding_f32(fp(r, w), tw->shape[0], fx_tinfo_numel(tw) / (tw->shape[0] ? tw->shape[0] : 1),
                                          oi.data, fx_tinfo_numel(tin), fp(r, y)));
  } else {
    ok = fail(r, "index_select along a dimension other than 0 is not supported");
  }
  drop_operand(r, &oi);
  return ok;
}

static bool run_create(rt *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  int64_t n = fx_tinfo_numel(ty);
  if (op == FX_OP_ARANGE) {
    const fx_value *sv = ARG("start"), *ev = ARG("end");
    double start = ev->kind == FX_V_NONE ? 0 : farg(sv, 0);
    return check(r, fxrt_arange(ty->dtype, dp(r, y), n, start, farg(ARG("step"), 1)));
  }
  const fx_value *fill = ARG("fill_value");
  if (is_t(fill)) return fail(r, "a tensor fill value is not supported");
  return check(r, fxrt_fill(ty->dtype, dp(r, y), n, farg(fill, 0)));
}

/* ---- the loop ---- */

static bool run_node(rt *r, const fx_inst *in) {
  fx_op op = (fx_op)in->op;
  unsigned flags = fx_op_flags(op);
  if (flags & FX_OPF_UNARY) return run_unary(r, op, in);
  if (flags & FX_OPF_BINARY) return run_binary(r, op, in);
  switch (op) {
  case FX_OP_WHERE:
  case FX_OP_MASKED_FILL: return run_where(r, op, in);
  case FX_OP_LINEAR: return run_linear(r, op, in);
  case FX_OP_MATMUL:
  case FX_OP_ADDMM:
  case FX_OP_BADDBMM: return run_matmul(r, op, in);
  case FX_OP_CONVOLUTION: return run_conv(r, op, in);
  case FX_OP_MHA: return run_mha(r, op, in);
  case FX_OP_BATCH_NORM:
  case FX_OP_NATIVE_BATCH_NORM:
  case FX_OP_LAYER_NORM:
  case FX_OP_NATIVE_LAYER_NORM:
  case FX_OP_GROUP_NORM: return run_norm(r, op, in);
  case FX_OP_MAX_POOL:
  case FX_OP_MAX_POOL_WITH_INDICES:
  case FX_OP_AVG_POOL:
  case FX_OP_ADAPTIVE_AVG_POOL:
  case FX_OP_ADAPTIVE_MAX_POOL: return run_pool(r, op, in);
  case FX_OP_SUM:
  case FX_OP_MEAN:
  case FX_OP_PROD:
  case FX_OP_AMAX:
  case FX_OP_AMIN:
  case FX_OP_MAX_DIM:
  case FX_OP_MIN_DIM:
  case FX_OP_ARGMAX:
  case FX_OP_ARGMIN:
  case FX_OP_ANY:
  case FX_OP_ALL: return run_reduce(r, op, in);
  case FX_OP_SOFTMAX:
  case FX_OP_LOG_SOFTMAX:
  case FX_OP_CUMSUM: return run_softmax(r, op, in);
  case FX_OP_TOPK: return run_topk(r, op, in);
  case FX_OP_PERMUTE:
  case FX_OP_TRANSPOSE:
  case FX_OP_T: return run_permute(r, op, in);
  case FX_OP_EXPAND:
  case FX_OP_EXPAND_AS: return run_expand(r, op, in);
  case FX_OP_GETITEM: return run_index(r, op, in);
  case FX_OP_SLICE:
  case FX_OP_SELECT:
  case FX_OP_NARROW: return run_slice(r, op, in);
  case FX_OP_CHUNK:
  case FX_OP_SPLIT:
  case FX_OP_UNBIND: return run_split(r, op, in);
  case FX_OP_CAT:
  case FX_OP_STACK: return run_cat(r, op, in);
  case FX_OP_PAD: return run_pad(r, op, in);
  case FX_OP_FLIP:
  case FX_OP_ROLL: return run_flip_roll(r, op, in);
  case FX_OP_REPEAT: return run_repeat(r, op, in);
  case FX_OP_PIXEL_SHUFFLE: return run_pixel_shuffle(r, op, in);
  case FX_OP_INTERPOLATE: return run_interpolate(r, op, in);
  case FX_OP_EMBEDDING:
  case FX_OP_INDEX_SELECT: return run_gather(r, op, in);
  case FX_OP_TO: {
    const fx_value *x = &in->args[0];
    fxrt_view v = cview(ti(r, x));
    return copy_view(r, x, &v, &in->result);
  }
  case FX_OP_FULL:
  case FX_OP_FULL_LIKE:
  case FX_OP_ARANGE: return run_create(r, op, in);
  default: return fail(r, "%s has no kernel", fx_op_name(op));
  }
}

/* The last node that touches each storage root, so that it can be freed right after. */
static void mark_uses(rt *r, const fx_value *v, uint32_t pos) {
  if (v->kind == FX_V_TENSOR) {
    uint32_t rt_ = root(r, v->v.node);
    if (r->last_use[rt_] == FX_NONE_IDX || r->last_use[rt_] < pos) r->last_use[rt_] = pos;
  } else if (fx_value_is_container(v)) {
    for (uint32_t i = 0; i < v->n; i++) mark_uses(r, &v->u.items[i], pos);
  }
}

static void flatten_outputs(rt *r, const fx_value *v, fx_run_result *res) {
  if (v->kind == FX_V_TUPLE || v->kind == FX_V_LIST) {
    for (uint32_t i = 0; i < v->n; i++) flatten_outputs(r, &v->u.items[i], res);
    return;
  }
  if (v->kind == FX_V_DICT) {
    for (uint32_t i = 1; i < v->n; i += 2) flatten_outputs(r, &v->u.items[i], res);
    return;
  }
  fx_tensor *o = &res->outputs[res->noutputs++];
  memset(o, 0, sizeof *o);
  if (v->kind == FX_V_TENSOR) {
    const fx_tinfo *t = &r->p->tensors[v->v.node];
    o->dtype = t->dtype;
    o->ndim = t->ndim;
    memcpy(o->shape, t->shape, sizeof o->shape);
    o->nbytes = tbytes(t);
    o->data = fx_tensor_alloc(o->nbytes ? o->nbytes : 1);
    if (o->nbytes) memcpy(o->data, r->data[v->v.node], o->nbytes);
    return;
  }
  /* a Python value: a 0-dim array */
  o->ndim = 0;
  if (v->kind == FX_V_FLOAT) {
    o->dtype = FXRT_F64;
    o->nbytes = 8;
    o->data = fx_tensor_alloc(8);
    memcpy(o->data, &v->v.f, 8);
  } else {
    o->dtype = v->kind == FX_V_BOOL ? FXRT_BOOL : FXRT_I64;
    o->nbytes = fxrt_dtype_size(o->dtype);
    o->data = fx_tensor_alloc(8);
    if (o->dtype == FXRT_BOOL) *(uint8_t *)o->data = (uint8_t)(v->v.i != 0);
    else memcpy(o->data, &v->v.i, 8);
  }
}

static uint32_t count_outputs(const fx_value *v) {
  if (v->kind == FX_V_TUPLE || v->kind == FX_V_LIST) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < v->n; i++) n += count_outputs(&v->u.items[i]);
    return n;
  }
  if (v->kind == FX_V_DICT) {
    uint32_t n = 0;
    for (uint32_t i = 1; i < v->n; i += 2) n += count_outputs(&v->u.items[i]);
    return n;
  }
  return 1;
}

bool fx_interp_run(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *res, fx_diag *d) {
  memset(res, 0, sizeof *res);
  fx_graph *g = p->g;
  if (ninputs != p->nplaceholders) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "the graph has %u inputs but %u were given", p->nplaceholders, ninputs);
    return false;
  }
  rt r = {p, d, 0, NULL, NULL, NULL, NULL, 0, 0};
  r.data = fx_xcalloc(p->ntensors + 1, sizeof *r.data);
  r.last_use = fx_xmalloc((p->ntensors + 1) * sizeof *r.last_use);
  r.owned = fx_xcalloc(p->ntensors + 1, sizeof *r.owned);
  for (uint32_t t = 0; t < p->ntensors; t++) {
    r.last_use[t] = FX_NONE_IDX;
    if (p->tensors[t].kind == FX_T_WEIGHT) r.data[t] = p->tensors[t].data->data;
  }
  for (uint32_t i = 0; i < ninputs; i++) {
    const fx_value *pv = &p->inst[p->placeholders[i]].result;
    if (pv->kind != FX_V_TENSOR) continue;
    const fx_tinfo *t = &p->tensors[pv->v.node];
    if (inputs[i].dtype != t->dtype || inputs[i].ndim != t->ndim ||
        memcmp(inputs[i].shape, t->shape, (size_t)t->ndim * sizeof *t->shape)) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "input %u does not have the dtype and shape the program was built for", i);
      goto fail;
    }
    r.data[pv->v.node] = inputs[i].data;
  }
  /* last uses, by list position */
  uint32_t pos = 0, end = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next, pos++) {
    const fx_inst *in = &p->inst[i];
    if (in->op < 0 || !in->work) continue;
    const fx_sig *sig = fx_op_sig((fx_op)in->op);
    for (int k = 0; k < sig->n; k++) mark_uses(&r, &in->args[k], pos);
    mark_uses(&r, &in->result, pos);
  }
  end = pos;
  mark_uses(&r, &p->output, end); /* outputs live to the end */
  /* views and no-ops read their input when used: a use of a view is a use of its root (mark_uses maps to roots) */
  pos = 0;
  bool ok = true;
  for (uint32_t i = g->first; i != FX_NONE_IDX && ok; i = g->nodes[i].next, pos++) {
    fx_inst *in = &p->inst[i];
    r.node = i;
    if (in->op < 0) continue;
    alloc_results(&r, &in->result);
    if (in->work && !(fx_op_flags((fx_op)in->op) & (FX_OPF_VIEW | FX_OPF_NOOP))) ok = run_node(&r, in);
    /* free the roots whose last use this was */
    for (uint32_t t = 0; t < p->ntensors; t++)
      if (r.owned[t] && r.last_use[t] == pos) {
        fx_tensor_free(r.data[t]);
        r.live -= tbytes(&p->tensors[t]);
        r.owned[t] = false;
        r.data[t] = NULL;
      }
  }
  if (ok) {
    uint32_t n = count_outputs(&p->output);
    res->outputs = fx_xcalloc(n + 1, sizeof *res->outputs);
    flatten_outputs(&r, &p->output, res);
    res->peak_bytes = r.peak;
  }
  for (uint32_t t = 0; t < p->ntensors; t++)
    if (r.owned[t]) fx_tensor_free(r.data[t]);
  fx_xfree(r.data);
  fx_xfree(r.last_use);
  fx_xfree(r.owned);
  return ok;
fail:
  fx_xfree(r.data);
  fx_xfree(r.last_use);
  fx_xfree(r.owned);
  return false;
}

void fx_run_result_free(fx_run_result *r) {
  for (uint32_t i = 0; i < r->noutputs; i++) fx_tensor_free(r->outputs[i].data);
  fx_xfree(r->outputs);
  memset(r, 0, sizeof *r);
}
