/* lower.c: every node with work becomes one or more runtime kernel calls (lower.h). */
#include "lower.h"

#include "../ir/pointwise.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int fx_kcall_refs(const fx_kcall *k, uint8_t slots[FX_KCALL_REFS], bool written[FX_KCALL_REFS]) {
  const fx_kernel *d = fx_kernel_desc((fx_kind)k->kind);
  int n = 0;
  for (int a = 0; d && a < d->nargs && n < FX_KCALL_REFS; a++) {
    const fx_karg *g = &d->args[a];
    if (g->type == FX_ARG_IN || g->type == FX_ARG_OUT || (g->type == FX_ARG_EPILOGUE && k->has_ep)) {
      slots[n] = g->slot;
      written[n++] = g->type == FX_ARG_OUT;
    } else if (g->type == FX_ARG_POINTWISE) { /* the result ref[0], inputs ref[1..i0] */
      for (int64_t i = 0; i <= k->i[0] && n < FX_KCALL_REFS; i++) {
        slots[n] = (uint8_t)i;
        written[n++] = i == 0;
      }
    }
  }
  return n;
}

/* Whether every ref that k sets is one its kernel takes (a call that sets another is a bug of lowering). */
static bool refs_described(const fx_kcall *k) {
  uint8_t slots[FX_KCALL_REFS];
  bool written[FX_KCALL_REFS], used[FX_KCALL_REFS] = {false};
  int n = fx_kcall_refs(k, slots, written);
  for (int j = 0; j < n; j++) used[slots[j]] = true;
  for (int i = 0; i < FX_KCALL_REFS; i++)
    if (!used[i] && k->ref[i].kind != FX_REF_NULL) return false;
  return true;
}

size_t fx_tinfo_bytes(const fx_tinfo *t) { return (size_t)fx_tinfo_numel(t) * fxrt_dtype_size(t->dtype); }

int32_t fx_pointwise_loops(const fx_kcall *k, int64_t sh[FXRT_MAX_DIMS], int64_t st[FXRT_PW_MAX_INPUTS][FXRT_MAX_DIMS],
                           int64_t ys[FXRT_MAX_DIMS]) {
  const int32_t nin = (int32_t)k->i[0];
  const fxrt_view *yv = &k->view[0];
  int32_t nd = 0;
  for (int32_t d = 0; d < yv->ndim; d++) {
    if (yv->shape[d] == 1) continue;
    bool merge = nd > 0;
    for (int32_t i = 0; i < nin && merge; i++) merge = st[i][nd - 1] == k->view[1 + i].stride[d] * yv->shape[d];
    if (merge) {
      sh[nd - 1] *= yv->shape[d];
      for (int32_t i = 0; i < nin; i++) st[i][nd - 1] = k->view[1 + i].stride[d];
      continue;
    }
    sh[nd] = yv->shape[d];
    for (int32_t i = 0; i < nin; i++) st[i][nd] = k->view[1 + i].stride[d];
    nd++;
  }
  for (int32_t d = nd - 1; d >= 0; d--) ys[d] = d == nd - 1 ? 1 : ys[d + 1] * sh[d + 1];
  return nd;
}

typedef struct {
  const fx_program *p;
  fx_lowered *L;
  fx_diag *d;
  uint32_t node;
} lw;

static bool fail(lw *r, const char *fmt, ...) FX_PRINTF(2, 3);

static bool fail(lw *r, const char *fmt, ...) {
  const fx_node *n = &r->p->g->nodes[r->node];
  char msg[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fx_diag_error(r->d, n->loc.line ? r->p->g->src : NULL, n->loc, "cannot compile '%.*s': %s", (int)n->name.n,
                n->name.p, msg);
  return false;
}

static const fx_tinfo *ti(lw *r, const fx_value *v) { return &r->p->tensors[v->v.node]; }
static bool is_t(const fx_value *v) { return v->kind == FX_V_TENSOR; }

static fx_ref tref(lw *r, const fx_value *v) {
  fx_ref x = {FX_REF_NULL, FXRT_F32, 0, 0};
  if (v && is_t(v)) {
    x.kind = FX_REF_TENSOR;
    x.id = v->v.node;
    x.dtype = (uint8_t)ti(r, v)->dtype;
  }
  return x;
}
static fx_ref null_ref(void) { return (fx_ref){FX_REF_NULL, FXRT_F32, 0, 0}; }
static fx_ref at(fx_ref x, int64_t off) {
  x.off += off;
  return x;
}

static fx_kcall *call(lw *r, fx_kind kind) {
  fx_lowered *L = r->L;
  if (L->ncalls == L->capcalls) {
    L->capcalls = L->capcalls ? 2 * L->capcalls : 64;
    L->calls = fx_xrealloc(L->calls, L->capcalls * sizeof *L->calls);
  }
  fx_kcall *k = &L->calls[L->ncalls++];
  memset(k, 0, sizeof *k);
  k->kind = (uint8_t)kind;
  k->node = r->node;
  for (int i = 0; i < FX_KCALL_REFS; i++) k->ref[i] = null_ref();
  return k;
}

static fx_ref scratch(lw *r, fxrt_dtype dt, int64_t numel) {
  fx_lowered *L = r->L;
  if (L->nscratch == L->capscratch) {
    L->capscratch = L->capscratch ? 2 * L->capscratch : 16;
    L->scratch = fx_xrealloc(L->scratch, L->capscratch * sizeof *L->scratch);
  }
  L->scratch[L->nscratch] = (fx_scratch){dt, numel};
  return (fx_ref){FX_REF_SCRATCH, (uint8_t)dt, L->nscratch++, 0};
}

static bool is_float_dtype(fxrt_dtype dt) { return dt == FXRT_F32 || dt == FXRT_F64 || dt == FXRT_F16 || dt == FXRT_BF16; }

/* A one-element operand of dtype dt holding x, or i for integer and bool dtypes (in the call's scalar slot). */
static fx_ref scalar_ref_i(fx_kcall *k, int slot, fxrt_dtype dt, double x, int64_t i) {
  k->scalar[slot] = x;
  k->iscalar[slot] = is_float_dtype(dt) ? 0 : dt == FXRT_BOOL ? i != 0 : i;
  return (fx_ref){FX_REF_SCALAR, (uint8_t)dt, (uint32_t)slot, 0};
}
static fx_ref scalar_ref(fx_kcall *k, int slot, fxrt_dtype dt, double x) { return scalar_ref_i(k, slot, dt, x, (int64_t)x); }

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
static fxrt_view scalar_view(int32_t ndim, const int64_t *shape) {
  fx_tinfo none;
  memset(&none, 0, sizeof none);
  return bview(&none, ndim, shape);
}

/* ---- helpers that emit calls ---- */

static void copy_call(lw *r, fx_ref src, const fxrt_view *sv, fx_ref dst, const fxrt_view *dv) {
  fx_kcall *k = call(r, FX_K_COPY);
  k->dt = (fxrt_dtype)src.dtype;
  k->dt2 = (fxrt_dtype)dst.dtype;
  k->ref[0] = src;
  k->view[0] = *sv;
  k->ref[1] = dst;
  k->view[1] = *dv;
}

/* A tensor as a contiguous operand of dtype dt: itself, or a converted copy in scratch. */
static fx_ref as_dtype(lw *r, const fx_value *v, fxrt_dtype dt) {
  const fx_tinfo *t = ti(r, v);
  if (t->dtype == dt) return tref(r, v);
  fx_ref s = scratch(r, dt, fx_tinfo_numel(t));
  fxrt_view cv = cview(t);
  copy_call(r, tref(r, v), &cv, s, &cv);
  return s;
}

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

static bool make_operand(lw *r, const fx_value *v, fxrt_dtype dt, int32_t ndim, const int64_t *shape, operand *o) {
  memset(o, 0, sizeof *o);
  if (!is_t(v)) {
    double x = farg(v, 0);
    int64_t i = v->kind == FX_V_FLOAT ? (int64_t)x : iarg(v, 0);
    switch (dt) {
    case FXRT_F32: x = (double)(float)x; break;
    case FXRT_F64: break;
    case FXRT_I64: break;
    case FXRT_I32: i = (int32_t)i; break;
    case FXRT_BOOL: i = x != 0; break;
    default: return fail(r, "no kernel for %s", fxrt_dtype_name(dt));
    }
    o->is_scalar = true;
    o->sval = x;
    o->ival = i;
    o->ref.dtype = (uint8_t)dt;
    o->view = scalar_view(ndim, shape);
    return true;
  }
  o->view = bview(ti(r, v), ndim, shape);
  o->ref = as_dtype(r, v, dt);
  return true;
}
/* Operand o as ref and view i of k (a number in k's scalar slot i). */
static void set_operand(fx_kcall *k, int i, operand *o) {
  k->ref[i] = o->is_scalar ? scalar_ref_i(k, i, (fxrt_dtype)o->ref.dtype, o->sval, o->ival) : o->ref;
  k->view[i] = o->view;
}

/* ---- elementwise ---- */

static bool lower_unary(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t n = fx_tinfo_numel(ty);
  if (op == FX_OP_LOGICAL_NOT) { /* y = (bool(x) == false) */
    fxrt_view v = cview(tx);
    fx_ref yr = tref(r, y);
    copy_call(r, tref(r, x), &v, yr, &v);
    fx_kcall *k = call(r, FX_K_BINARY);
    k->sub = FXRT_B_EQ;
    k->dt = FXRT_BOOL;
    k->ref[0] = yr;
    k->view[0] = v;
    k->ref[1] = scalar_ref(k, 0, FXRT_BOOL, 0);
    k->view[1] = scalar_view(v.ndim, v.shape);
    k->ref[2] = yr;
    k->view[2] = v;
    k->f[0] = 1;
    return true;
  }
  if (ty->dtype != FXRT_F32) return fail(r, "%s on %s tensors is not supported yet", fx_op_name(op), fxrt_dtype_name(ty->dtype));
  fxrt_unary_op u;
  if (!fx_op_unary_kernel(op, &u)) return fail(r, "%s has no kernel", fx_op_name(op));
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
    if (is_t(ARG("min")) || is_t(ARG("max"))) return fail(r, "clamp with tensor bounds is not supported");
    prm.a = (float)farg(ARG("min"), NAN);
    prm.b = (float)farg(ARG("max"), NAN);
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
  fx_ref xs = as_dtype(r, x, FXRT_F32);
  fx_kcall *k = call(r, FX_K_UNARY);
  k->sub = u;
  k->ref[0] = xs;
  k->ref[1] = tref(r, y);
  k->i[0] = n;
  k->p.un = prm;
  return true;
}

static fxrt_dtype compute_dtype(lw *r, fx_op op, const fx_value *a, const fx_value *b, const fx_tinfo *ty) {
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

static bool lower_binary(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *a = &in->args[0], *b = &in->args[1], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_binary_op bop;
  if (!fx_op_binary_kernel(op, &bop)) return fail(r, "%s has no kernel", fx_op_name(op));
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
  switch (dt) {
  case FXRT_F32: case FXRT_F64: case FXRT_I64: case FXRT_I32: case FXRT_BOOL: break;
  default: return fail(r, "no kernel for %s", fxrt_dtype_name(dt));
  }
  operand oa, ob;
  if (!make_operand(r, a, dt, ty->ndim, ty->shape, &oa) || !make_operand(r, b, dt, ty->ndim, ty->shape, &ob)) return false;
  fx_kcall *k = call(r, FX_K_BINARY);
  k->sub = bop;
  k->dt = dt;
  set_operand(k, 0, &oa);
  set_operand(k, 1, &ob);
  k->ref[2] = tref(r, y);
  k->view[2] = cview(ty);
  k->f[0] = alpha;
  return true;
}

static bool lower_where(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  const fx_value *cond = op == FX_OP_WHERE ? &in->args[0] : ARG("mask");
  const fx_value *a = op == FX_OP_WHERE ? ARG("input") : &in->args[0], *b = op == FX_OP_WHERE ? ARG("other") : ARG("value");
  if (op == FX_OP_MASKED_FILL) { /* masked_fill(x, mask, v) is where(mask, v, x) */
    const fx_value *t = a;
    a = b;
    b = t;
  }
  operand oc, oa, ob;
  if (!make_operand(r, cond, FXRT_BOOL, ty->ndim, ty->shape, &oc) || !make_operand(r, a, ty->dtype, ty->ndim, ty->shape, &oa) ||
      !make_operand(r, b, ty->dtype, ty->ndim, ty->shape, &ob))
    return false;
  fx_kcall *k = call(r, FX_K_WHERE);
  k->dt = ty->dtype;
  set_operand(k, 0, &oc);
  set_operand(k, 1, &oa);
  set_operand(k, 2, &ob);
  k->ref[3] = tref(r, y);
  k->view[3] = cview(ty);
  return true;
}

/* A fused elementwise expression (fx2c.pointwise): one call, the tensors broadcast to the result's shape. */
static bool lower_pointwise(lw *r, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fx_pw_program pr;
  char msg[160];
  if (!fx_pw_compile(&in->args[0], &pr, msg, sizeof msg)) return fail(r, "%s", msg);
  fx_kcall *k = call(r, FX_K_POINTWISE);
  k->ref[0] = tref(r, y);
  k->view[0] = cview(ty);
  for (int32_t i = 0; i < pr.ninputs; i++) {
    const fx_tinfo *t = &r->p->tensors[pr.inputs[i]];
    k->ref[1 + i] = (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, pr.inputs[i], 0};
    k->view[1 + i] = bview(t, ty->ndim, ty->shape);
  }
  k->i[0] = pr.ninputs;
  k->i[1] = pr.ncode;
  memcpy(k->p.pw, pr.code, (size_t)pr.ncode * sizeof *pr.code);
  return true;
}

/* ---- products ---- */

/* fused_conv, fused_linear: the call's epilogue (the residual in ref[4]). */
static void set_epilogue(lw *r, fx_op op, const fx_inst *in, fx_kcall *k) {
  if (op != FX_OP_FUSED_CONV && op != FX_OP_FUSED_LINEAR && op != FX_OP_WINOGRAD_CONV) return;
  k->has_ep = true;
  k->ep.act = (fxrt_act)fx_epilogue_act(ARG("activation"));
  k->ep.alpha = (float)farg(ARG("negative_slope"), 0.01);
  k->ep.lo = ARG("min")->kind == FX_V_NONE ? -INFINITY : (float)farg(ARG("min"), 0);
  k->ep.hi = ARG("max")->kind == FX_V_NONE ? INFINITY : (float)farg(ARG("max"), 0);
  k->ref[4] = tref(r, ARG("residual"));
}

static bool lower_conv(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, w), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32 || tw->dtype != FXRT_F32) return fail(r, "convolution runs on f32 tensors only");
  if (is_t(bv) && ti(r, bv)->dtype != FXRT_F32) return fail(r, "convolution runs on f32 tensors only");
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  const int sp = a->sp;
  const bool batched = a->batched, transposed = a->transposed;
  int64_t n = batched ? tx->shape[0] : 1, c = tx->shape[batched ? 1 : 0];
  int64_t h = sp == 2 ? tx->shape[tx->ndim - 2] : 1, wd = tx->shape[tx->ndim - 1];
  int64_t kout = ty->shape[batched ? 1 : 0], oh = sp == 2 ? ty->shape[ty->ndim - 2] : 1, ow = ty->shape[ty->ndim - 1];
  int64_t kh = sp == 2 ? tw->shape[2] : 1, kw = tw->shape[tw->ndim - 1];
  int64_t stride[2], pad[2], dil[2], opad[2], extra[2]; /* extra: the zeros after the input less those before */
  for (int i = 0; i < 2; i++) {
    stride[i] = a->stride[i], pad[i] = a->pad[i], dil[i] = a->dilation[i], opad[i] = a->output_padding[i];
    extra[i] = a->pad_end[i] - a->pad[i];
  }
  if (sp == 1) { /* conv1d as conv2d over a height of 1 */
    stride[1] = stride[0], pad[1] = pad[0], dil[1] = dil[0], extra[1] = extra[0], opad[1] = opad[0];
    stride[0] = 1, pad[0] = 0, dil[0] = 1, extra[0] = 0, opad[0] = 0;
  }
  const int64_t groups = a->groups;
  fx_kcall *k;
  if (transposed) {
    k = call(r, FX_K_CONV_T2D);
    k->p.convt = (fxrt_conv_transpose2d_params){{stride[0], stride[1]}, {pad[0], pad[1]}, {opad[0], opad[1]},
                                                {dil[0], dil[1]}, groups};
  } else {
    fxrt_conv2d_params p = {{stride[0], stride[1]}, {pad[0], pad[1]}, {dil[0], dil[1]}, groups, {extra[0], extra[1]}};
    size_t ws = fxrt_conv2d_workspace_size(n, c, h, wd, kout, kh, kw, oh, ow, &p);
    fx_ref wsr = ws ? scratch(r, FXRT_U8, (int64_t)ws) : null_ref();
    k = call(r, FX_K_CONV2D);
    k->p.conv = p;
    k->ref[5] = wsr;
    k->i[9] = (int64_t)ws;
  }
  k->ref[0] = tref(r, x);
  k->i[0] = n, k->i[1] = c, k->i[2] = h, k->i[3] = wd;
  k->ref[1] = tref(r, w);
  k->i[4] = kout, k->i[5] = kh, k->i[6] = kw;
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  k->i[7] = oh, k->i[8] = ow;
  set_epilogue(r, op, in, k);
  return true;
}

/* winograd_conv: the weight is already transformed (optimizer/winograd.c); the workspace as the runtime sizes it. */
static bool lower_winograd(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  const int64_t *pad = a->pad, tile = a->tile;
  size_t ws = fxrt_winograd_workspace_size(tile, tx->shape[0], tx->shape[1], tx->shape[2], tx->shape[3], ty->shape[1],
                                           ty->shape[2], ty->shape[3], pad[0], pad[1]);
  if (ws == 0) return fail(r, "the convolution is too large for the Winograd kernel");
  fx_ref wsr = scratch(r, FXRT_U8, (int64_t)ws);
  fx_kcall *k = call(r, FX_K_WINOGRAD);
  k->sub = (int32_t)tile;
  k->ref[0] = tref(r, x);
  k->i[0] = tx->shape[0], k->i[1] = tx->shape[1], k->i[2] = tx->shape[2], k->i[3] = tx->shape[3];
  k->ref[1] = tref(r, w);
  k->i[4] = ty->shape[1];
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  k->i[5] = ty->shape[2], k->i[6] = ty->shape[3], k->i[7] = pad[0], k->i[8] = pad[1];
  k->ref[5] = wsr;
  k->i[9] = (int64_t)ws;
  set_epilogue(r, op, in, k);
  k->has_ep = k->ep.act != FXRT_ACT_NONE || k->ref[4].kind != FX_REF_NULL; /* else NULL: no epilogue */
  return true;
}

static bool lower_linear(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, w);
  if (tx->dtype != FXRT_F32 || tw->dtype != FXRT_F32 || (is_t(bv) && ti(r, bv)->dtype != FXRT_F32))
    return fail(r, "linear runs on f32 tensors only");
  int64_t kk = tw->shape[1], n = tw->shape[0], m = fx_tinfo_numel(tx) / (kk ? kk : 1);
  fx_kcall *k = call(r, FX_K_LINEAR);
  k->ref[0] = tref(r, x);
  k->i[0] = m, k->i[1] = kk;
  k->ref[1] = tref(r, w);
  k->i[2] = n;
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  set_epilogue(r, op, in, k);
  return true;
}

/* torch.matmul for any ranks >= 1, as one fxrt_matmul_f32 call on views. */
static void matmul_views(lw *r, fx_ref a, const fx_tinfo *ta, fx_ref b, const fx_tinfo *tb, fx_ref y, const fx_tinfo *ty) {
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
  fxrt_view av, bv;
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
  fx_kcall *k = call(r, FX_K_MATMUL);
  k->ref[0] = a;
  k->view[0] = av;
  k->ref[1] = b;
  k->view[1] = bv;
  k->ref[2] = y;
  k->view[2] = fxrt_view_contiguous(nb + 2, yshape);
}

static void scale_call(lw *r, fx_ref y, const fxrt_view *yv, double s) {
  fx_kcall *k = call(r, FX_K_BINARY);
  k->sub = FXRT_B_MUL;
  k->dt = FXRT_F32;
  k->ref[0] = y;
  k->view[0] = *yv;
  k->ref[1] = scalar_ref(k, 1, FXRT_F32, (double)(float)s);
  k->view[1] = scalar_view(yv->ndim, yv->shape);
  k->ref[2] = y;
  k->view[2] = *yv;
  k->f[0] = 1;
}

static bool lower_matmul(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *a = &in->args[0], *b = &in->args[1], *y = &in->result;
  if (ti(r, a)->dtype != FXRT_F32 || ti(r, b)->dtype != FXRT_F32) return fail(r, "matmul runs on f32 tensors only");
  if (op == FX_OP_MATMUL) {
    matmul_views(r, tref(r, a), ti(r, a), tref(r, b), ti(r, b), tref(r, y), ti(r, y));
    return true;
  }
  /* addmm / baddbmm: y = beta * input + alpha * (m1 @ m2) */
  const fx_value *m1 = &in->args[1], *m2 = &in->args[2];
  if (ti(r, m2)->dtype != FXRT_F32) return fail(r, "matmul runs on f32 tensors only");
  double beta = farg(ARG("beta"), 1), alpha = farg(ARG("alpha"), 1);
  matmul_views(r, tref(r, m1), ti(r, m1), tref(r, m2), ti(r, m2), tref(r, y), ti(r, y));
  const fx_tinfo *ty = ti(r, y);
  fxrt_view yv = cview(ty);
  if (alpha != 1) scale_call(r, tref(r, y), &yv, alpha);
  if (beta != 0 && is_t(a)) {
    fx_kcall *k = call(r, FX_K_BINARY);
    k->sub = FXRT_B_ADD;
    k->dt = FXRT_F32;
    k->ref[0] = tref(r, y);
    k->view[0] = yv;
    k->ref[1] = tref(r, a);
    k->view[1] = bview(ti(r, a), ty->ndim, ty->shape);
    k->ref[2] = tref(r, y);
    k->view[2] = yv;
    k->f[0] = beta;
  }
  return true;
}

/* aten._native_multi_head_attention for self-attention without a mask, as torch's fast path computes it. */
static bool lower_mha(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *q = ARG("query"), *kk = ARG("key"), *vv = ARG("value");
  if (!is_t(q) || !is_t(kk) || !is_t(vv) || q->v.node != kk->v.node || q->v.node != vv->v.node)
    return fail(r, "only self-attention (query is key is value) is supported");
  if (ARG("mask")->kind != FX_V_NONE) return fail(r, "attention masks are not supported yet");
  const fx_tinfo *tq = ti(r, q);
  if (tq->dtype != FXRT_F32 || tq->ndim != 3) return fail(r, "attention needs an f32 [batch, length, embedding] query");
  int64_t B = tq->shape[0], L = tq->shape[1], E = tq->shape[2], H = iarg(ARG("num_head"), 1), D = H ? E / H : 0;
  const fx_value *y = &in->result.u.items[0], *wout = &in->result.u.items[1];
  const fx_tinfo *tw = ti(r, wout);
  bool need_weights = tw->ndim == 3 && fx_tinfo_numel(tw) > 0;
  if (need_weights && iarg(ARG("average_attn_weights"), 1) == 0) return fail(r, "per-head attention weights are not supported");
  fx_ref qkv = scratch(r, FXRT_F32, B * L * 3 * E), scores = scratch(r, FXRT_F32, B * H * L * L),
         att = scratch(r, FXRT_F32, B * L * E);
  fx_kcall *k = call(r, FX_K_LINEAR);
  k->ref[0] = tref(r, q);
  k->i[0] = B * L, k->i[1] = E;
  k->ref[1] = tref(r, ARG("qkv_weight"));
  k->i[2] = 3 * E;
  k->ref[2] = tref(r, ARG("qkv_bias"));
  k->ref[3] = qkv;
  /* q, k, v as [B, H, L, D] views into qkv [B, L, 3, H, D]; k read transposed as [B, H, D, L] */
  const fxrt_view qv = {4, {B, H, L, D}, {L * 3 * E, D, 3 * E, 1}, 0};
  const fxrt_view kt = {4, {B, H, D, L}, {L * 3 * E, D, 1, 3 * E}, 0};
  const fxrt_view sv = fxrt_view_contiguous(4, (int64_t[]){B, H, L, L});
  k = call(r, FX_K_MATMUL);
  k->ref[0] = qkv, k->view[0] = qv;
  k->ref[1] = at(qkv, E), k->view[1] = kt;
  k->ref[2] = scores, k->view[2] = sv;
  scale_call(r, scores, &sv, 1.0f / sqrtf((float)D));
  k = call(r, FX_K_SOFTMAX);
  k->ref[0] = scores;
  k->i[0] = B * H * L, k->i[1] = L, k->i[2] = 1;
  k->ref[1] = scores;
  /* attention [B, H, L, D] written as [B, L, H, D] = [B, L, E] */
  const fxrt_view ov = {4, {B, H, L, D}, {L * E, D, E, 1}, 0};
  k = call(r, FX_K_MATMUL);
  k->ref[0] = scores, k->view[0] = sv;
  k->ref[1] = at(qkv, 2 * E), k->view[1] = qv;
  k->ref[2] = att, k->view[2] = ov;
  k = call(r, FX_K_LINEAR);
  k->ref[0] = att;
  k->i[0] = B * L, k->i[1] = E;
  k->ref[1] = tref(r, ARG("proj_weight"));
  k->i[2] = E;
  k->ref[2] = tref(r, ARG("proj_bias"));
  k->ref[3] = tref(r, y);
  if (need_weights) { /* the heads' average: mean over H of scores [B, H, L*L] */
    k = call(r, FX_K_REDUCE);
    k->sub = FXRT_R_MEAN;
    k->dt = FXRT_F32;
    k->ref[0] = scores;
    k->i[0] = B, k->i[1] = H, k->i[2] = L * L;
    k->ref[1] = tref(r, wout);
  }
  return true;
}

/* ---- normalization and pooling ---- */

static bool lower_norm(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *y = in->result.kind == FX_V_TUPLE ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x);
  if (tx->dtype != FXRT_F32) return fail(r, "normalization runs on f32 tensors only");
  const fx_value *w = ARG("weight"), *b = ARG("bias");
  float eps = (float)farg(ARG("eps"), 1e-5);
  int64_t numel = fx_tinfo_numel(tx);
  fx_kcall *k;
  if (op == FX_OP_BATCH_NORM || op == FX_OP_NATIVE_BATCH_NORM) {
    if (tx->ndim < 2) return fail(r, "batch_norm needs at least 2 dimensions");
    int64_t n = tx->shape[0], c = tx->shape[1];
    k = call(r, FX_K_BATCH_NORM);
    k->ref[0] = tref(r, x);
    k->i[0] = n, k->i[1] = c, k->i[2] = (n * c) != 0 ? numel / (n * c) : 0;
    k->ref[1] = tref(r, ARG("running_mean"));
    k->ref[2] = tref(r, ARG("running_var"));
    k->ref[3] = tref(r, w);
    k->ref[4] = tref(r, b);
    k->f[0] = eps;
    k->ref[5] = tref(r, y);
    return true;
  }
  if (op == FX_OP_GROUP_NORM) {
    if (tx->ndim < 2) return fail(r, "group_norm needs at least 2 dimensions");
    int64_t n = tx->shape[0], c = tx->shape[1];
    k = call(r, FX_K_GROUP_NORM);
    k->ref[0] = tref(r, x);
    k->i[0] = n, k->i[1] = c, k->i[2] = (n * c) != 0 ? numel / (n * c) : 0, k->i[3] = iarg(ARG("num_groups"), 1);
    k->ref[1] = tref(r, w);
    k->ref[2] = tref(r, b);
    k->f[0] = eps;
    k->ref[3] = tref(r, y);
    return true;
  }
  int64_t ns[FXRT_MAX_DIMS];
  int nk = ints(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
  int64_t cols = 1;
  for (int i = 0; i < nk; i++) cols *= ns[i];
  k = call(r, FX_K_LAYER_NORM);
  k->ref[0] = tref(r, x);
  k->i[0] = cols ? numel / cols : 0, k->i[1] = cols;
  k->ref[1] = tref(r, w);
  k->ref[2] = tref(r, b);
  k->f[0] = eps;
  k->ref[3] = tref(r, y);
  if (op == FX_OP_NATIVE_LAYER_NORM) {
    k->ref[4] = tref(r, &in->result.u.items[1]);
    k->ref[5] = tref(r, &in->result.u.items[2]);
  }
  return true;
}

static bool lower_pool(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  fx_ref indices = multi ? tref(r, &in->result.u.items[1]) : null_ref();
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32) return fail(r, "pooling runs on f32 tensors only");
  const bool adaptive = op == FX_OP_ADAPTIVE_AVG_POOL || op == FX_OP_ADAPTIVE_MAX_POOL;
  const int sp = !adaptive ? in->attrs->pool.sp
                 : (ARG("output_size")->kind == FX_V_INT ? tx->ndim >= 4 : ARG("output_size")->n == 2) ? 2 : 1;
  int64_t lead = 1;
  for (int32_t i = 0; i < tx->ndim - sp; i++) lead *= tx->shape[i];
  int64_t h = sp == 2 ? tx->shape[tx->ndim - 2] : 1, w = tx->shape[tx->ndim - 1];
  int64_t oh = sp == 2 ? ty->shape[ty->ndim - 2] : 1, ow = ty->shape[ty->ndim - 1];
  fx_kcall *k;
  if (adaptive) {
    k = call(r, op == FX_OP_ADAPTIVE_AVG_POOL ? FX_K_ADAPTIVE_AVG : FX_K_ADAPTIVE_MAX);
    if (op == FX_OP_ADAPTIVE_MAX_POOL) k->ref[2] = indices;
  } else {
    const fx_pool_attrs *a = &in->attrs->pool; /* decoded by inference */
    int64_t ks[2], st[2], pd[2], dl[2];
    for (int i = 0; i < 2; i++) ks[i] = a->kernel[i], st[i] = a->stride[i], pd[i] = a->pad[i], dl[i] = a->dilation[i];
    if (sp == 1) {
      ks[1] = ks[0], st[1] = st[0], pd[1] = pd[0], dl[1] = dl[0];
      ks[0] = 1, st[0] = 1, pd[0] = 0, dl[0] = 1;
    }
    fxrt_pool2d_params p = {{ks[0], ks[1]}, {st[0], st[1]}, {pd[0], pd[1]}, {dl[0], dl[1]}, a->ceil_mode, true, 0};
    if (op == FX_OP_AVG_POOL) {
      p.count_include_pad = a->count_include_pad;
      p.divisor_override = a->divisor_override;
      k = call(r, FX_K_AVG_POOL);
    } else {
      k = call(r, FX_K_MAX_POOL);
      k->ref[2] = indices;
    }
    k->p.pool = p;
  }
  k->ref[0] = tref(r, x);
  k->i[0] = 1, k->i[1] = lead, k->i[2] = h, k->i[3] = w;
  k->ref[1] = tref(r, y);
  k->i[4] = oh, k->i[5] = ow;
  return true;
}

/* ---- reductions ---- */

static bool lower_reduce(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  bool red[FXRT_MAX_DIMS] = {false};
  int64_t dims[FXRT_MAX_DIMS];
  const fx_value *dv = ARG("dim");
  int nk = dv->kind == FX_V_NONE ? 0 : ints(dv, dims, FXRT_MAX_DIMS);
  if (nk == 0)
    for (int32_t i = 0; i < tx->ndim; i++) red[i] = true;
  for (int i = 0; i < nk; i++) red[ndim_norm(dims[i], tx->ndim)] = true;
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
  fxrt_dtype dt = rop == FXRT_R_ARGMAX || rop == FXRT_R_ARGMIN ? tx->dtype : ty->dtype;
  if (rop == FXRT_R_ANY || rop == FXRT_R_ALL) dt = FXRT_BOOL;
  if (dt != FXRT_F32 && dt != FXRT_I64 && dt != FXRT_BOOL) return fail(r, "no reduction kernel for %s", fxrt_dtype_name(dt));
  fx_ref xs = as_dtype(r, x, dt);
  fx_kcall *k = call(r, FX_K_REDUCE);
  k->sub = rop;
  k->dt = dt;
  k->ref[0] = xs;
  k->i[0] = outer, k->i[1] = len, k->i[2] = inner;
  k->ref[1] = tref(r, y);
  if (multi) {
    fx_kcall *k2 = call(r, FX_K_REDUCE);
    *k2 = r->L->calls[r->L->ncalls - 2];
    k2->sub = rop == FXRT_R_MAX ? FXRT_R_ARGMAX : FXRT_R_ARGMIN;
    k2->ref[1] = tref(r, &in->result.u.items[1]);
  }
  return true;
}

static void dim_split(const fx_tinfo *t, int64_t dim, int64_t *outer, int64_t *len, int64_t *inner) {
  int32_t d = ndim_norm(dim, t->ndim);
  *outer = *inner = 1;
  *len = t->ndim ? t->shape[d] : 1;
  for (int32_t i = 0; i < t->ndim; i++) {
    if (i < d) *outer *= t->shape[i];
    if (i > d) *inner *= t->shape[i];
  }
}

static bool lower_softmax(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_value *dv = ARG("dim");
  int64_t dim = dv->kind == FX_V_NONE ? ((tx->ndim == 0 || tx->ndim == 1 || tx->ndim == 3) ? 0 : 1) : dv->v.i;
  int64_t outer, len, inner;
  dim_split(tx, dim, &outer, &len, &inner);
  if (op == FX_OP_CUMSUM ? ty->dtype != FXRT_F32 && ty->dtype != FXRT_I64 : ty->dtype != FXRT_F32)
    return fail(r, "%s runs on %s only", fx_op_name(op), op == FX_OP_CUMSUM ? "f32 and i64" : "f32");
  fx_ref xs = as_dtype(r, x, ty->dtype);
  fx_kcall *k = call(r, op == FX_OP_CUMSUM ? FX_K_CUMSUM : FX_K_SOFTMAX);
  k->dt = ty->dtype;
  k->ref[0] = xs;
  k->i[0] = outer, k->i[1] = len, k->i[2] = inner;
  k->ref[1] = tref(r, y);
  k->flag = op == FX_OP_LOG_SOFTMAX;
  return true;
}

static bool lower_topk(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  if (tx->dtype != FXRT_F32) return fail(r, "topk runs on f32 only");
  fx_kcall *k = call(r, FX_K_TOPK);
  dim_split(tx, iarg(ARG("dim"), -1), &k->i[0], &k->i[1], &k->i[2]);
  k->ref[0] = tref(r, x);
  k->i[3] = iarg(ARG("k"), 1);
  k->flag = iarg(ARG("largest"), 1) != 0;
  k->ref[1] = tref(r, &in->result.u.items[0]);
  k->ref[2] = tref(r, &in->result.u.items[1]);
  return true;
}

/* ---- data movement: everything is a strided copy ---- */

static bool copy_view(lw *r, const fx_value *x, const fxrt_view *sv, const fx_value *y) {
  fxrt_view yv = cview(ti(r, y));
  copy_call(r, tref(r, x), sv, tref(r, y), &yv);
  return true;
}

static bool lower_permute(lw *r, fx_op op, const fx_inst *in) {
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

static bool lower_expand(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_view v = bview(ti(r, x), ty->ndim, ty->shape);
  return copy_view(r, x, &v, y);
}

/* x[index] with ints, slices, None and Ellipsis, as a view of x. */
static bool lower_index(lw *r, fx_op op, const fx_inst *in) {
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

static bool lower_slice(lw *r, fx_op op, const fx_inst *in) {
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

/* Part of a contiguous tensor (view c) along dimension d, starting at index *off: `len` of it, or with drop the one
 * index *off with dimension d dropped (unbind, stack). *off moves past the part. */
static fxrt_view part_view(const fxrt_view *c, int32_t d, bool drop, int64_t len, int64_t *off) {
  fxrt_view v = *c;
  v.offset = *off * c->stride[d];
  if (drop) {
    for (int32_t k = d; k + 1 < v.ndim; k++) v.shape[k] = c->shape[k + 1], v.stride[k] = c->stride[k + 1];
    v.ndim--;
    (*off)++;
  } else {
    v.shape[d] = len;
    *off += len;
  }
  return v;
}

static bool lower_split(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx);
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), tx->ndim);
  int64_t off = 0;
  for (uint32_t i = 0; i < in->result.n; i++) {
    const fx_value *y = &in->result.u.items[i];
    const fx_tinfo *ty = ti(r, y);
    fxrt_view v = part_view(&c, d, op == FX_OP_UNBIND, ty->shape[d], &off);
    copy_view(r, x, &v, y);
  }
  return true;
}

static bool lower_cat(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *list = &in->args[0], *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fxrt_view yc = cview(ty);
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), ty->ndim);
  int64_t off = 0;
  for (uint32_t i = 0; i < list->n; i++) {
    const fx_value *x = &list->u.items[i];
    const fx_tinfo *tx = ti(r, x);
    if (op == FX_OP_CAT && tx->ndim == 1 && tx->shape[0] == 0 && ty->ndim != 1) continue;
    fxrt_view xv = cview(tx), yv = part_view(&yc, d, op == FX_OP_STACK, tx->shape[d], &off);
    copy_call(r, tref(r, x), &xv, tref(r, y), &yv);
  }
  return true;
}

static bool lower_pad(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result, *mode = ARG("mode");
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t pad[2 * FXRT_MAX_DIMS] = {0};
  int k = ints(ARG("pad"), pad, 2 * FXRT_MAX_DIMS);
  if (mode->kind == FX_V_NONE || fx_value_str_is(mode, "constant")) {
    fx_kcall *f = call(r, FX_K_FILL);
    f->dt = ty->dtype;
    f->ref[0] = tref(r, y);
    f->i[0] = fx_tinfo_numel(ty);
    f->f[0] = farg(ARG("value"), 0);
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
    copy_call(r, tref(r, x), &xv, tref(r, y), &yv);
    return true;
  }
  if (tx->dtype != FXRT_F32 || tx->ndim < 2) return fail(r, "this padding mode needs an f32 tensor of 2 to 4 dimensions");
  fxrt_pad_mode m = fx_value_str_is(mode, "reflect") ? FXRT_PAD_REFLECT : fx_value_str_is(mode, "replicate") ? FXRT_PAD_REPLICATE : FXRT_PAD_CIRCULAR;
  int64_t h = tx->ndim >= 4 || k > 2 ? tx->shape[tx->ndim - 2] : 1, w = tx->shape[tx->ndim - 1];
  int64_t lead = fx_tinfo_numel(tx) / ((h * w) != 0 ? h * w : 1);
  if (k <= 2) { /* 1-d padding of the last dimension: every row is an image of height 1 */
    h = 1;
    lead = fx_tinfo_numel(tx) / (w ? w : 1);
  }
  fx_kcall *c = call(r, FX_K_PAD2D);
  c->sub = m;
  c->ref[0] = tref(r, x);
  c->i[0] = 1, c->i[1] = lead, c->i[2] = h, c->i[3] = w;
  c->i[4] = pad[0], c->i[5] = pad[1], c->i[6] = k > 2 ? pad[2] : 0, c->i[7] = k > 2 ? pad[3] : 0;
  c->ref[1] = tref(r, y);
  return true;
}

static bool lower_flip_roll(lw *r, fx_op op, const fx_inst *in) {
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
  /* roll: each rolled dimension is two copies, from x (the first) or from a scratch copy of y */
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
  fx_ref yr = tref(r, y), src = tref(r, x), tmp = null_ref();
  fxrt_view whole = c;
  for (int i = 0; i < kd; i++) {
    if (i > 0) {
      if (tmp.kind == FX_REF_NULL) tmp = scratch(r, tx->dtype, fx_tinfo_numel(tx));
      copy_call(r, yr, &whole, tmp, &whole);
      src = tmp;
    }
    int32_t d = ndim_norm(dims[i], c.ndim);
    int64_t sz = c.shape[d], s = sz ? ((shifts[i] % sz) + sz) % sz : 0;
    if (!s) { /* y already holds src after the first dimension */
      if (i == 0) copy_call(r, src, &whole, yr, &whole);
      continue;
    }
    fxrt_view a = c, b = c;
    a.shape[d] = b.shape[d] = sz - s; /* y[s:] = x[:sz-s] */
    b.offset = s * c.stride[d];
    copy_call(r, src, &a, yr, &b);
    a.shape[d] = b.shape[d] = s; /* y[:s] = x[sz-s:] */
    a.offset = (sz - s) * c.stride[d];
    b.offset = 0;
    copy_call(r, src, &a, yr, &b);
  }
  return true;
}

static bool lower_repeat(lw *r, fx_op op, const fx_inst *in) {
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
  copy_call(r, tref(r, x), &xv, tref(r, y), &yv);
  return true;
}

static bool lower_pixel_shuffle(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  int64_t f = iarg(ARG("upscale_factor"), 1), c = tx->shape[tx->ndim - 3] / (f * f), h = tx->shape[tx->ndim - 2],
          w = tx->shape[tx->ndim - 1], lead = fx_tinfo_numel(tx) / (c * f * f * h * w != 0 ? c * f * f * h * w : 1);
  /* x [lead, c, f, f, h, w] read as [lead, c, h, f, w, f] */
  fxrt_view v = {6, {lead, c, h, f, w, f}, {c * f * f * h * w, f * f * h * w, w, f * h * w, 1, h * w}, 0};
  fxrt_view yv = fxrt_view_contiguous(6, v.shape); /* y [lead, c, h*f, w*f] is [lead, c, h, f, w, f] */
  copy_call(r, tref(r, x), &v, tref(r, y), &yv);
  return true;
}

static bool lower_interpolate(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32 || tx->ndim != 4) return fail(r, "interpolate runs on 4-d f32 tensors only");
  double sh = 0, sw = 0;
  const fx_value *fv = ARG("scale_factor"), *rv = ARG("recompute_scale_factor");
  if (fv->kind != FX_V_NONE && !(rv->kind == FX_V_BOOL && rv->v.i)) {
    bool seq = fv->kind == FX_V_TUPLE || fv->kind == FX_V_LIST;
    sh = farg(seq ? &fv->u.items[0] : fv, 0);
    sw = farg(seq ? &fv->u.items[fv->n > 1 ? 1 : 0] : fv, 0);
  }
  bool nearest = fx_value_str_is(ARG("mode"), "nearest");
  if (!nearest && !fx_value_str_is(ARG("mode"), "bilinear")) return fail(r, "interpolate modes other than nearest and bilinear are not supported");
  fx_kcall *k = call(r, nearest ? FX_K_NEAREST : FX_K_BILINEAR);
  k->ref[0] = tref(r, x);
  k->i[0] = tx->shape[0], k->i[1] = tx->shape[1], k->i[2] = tx->shape[2], k->i[3] = tx->shape[3];
  k->ref[1] = tref(r, y);
  k->i[4] = ty->shape[2], k->i[5] = ty->shape[3];
  k->flag = iarg(ARG("align_corners"), 0) != 0;
  k->f[0] = sh, k->f[1] = sw;
  return true;
}

static bool lower_gather(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *idx = op == FX_OP_EMBEDDING ? &in->args[0] : ARG("index");
  const fx_value *w = op == FX_OP_EMBEDDING ? ARG("weight") : &in->args[0], *y = &in->result;
  const fx_tinfo *tw = ti(r, w), *tin = ti(r, idx);
  if (op != FX_OP_EMBEDDING && ndim_norm(iarg(ARG("dim"), 0), tw->ndim) != 0)
    return fail(r, "index_select along a dimension other than 0 is not supported");
  if (tw->dtype != FXRT_F32) return fail(r, "lookups run on f32 tables only");
  fx_ref ir = as_dtype(r, idx, FXRT_I64);
  fx_kcall *k = call(r, FX_K_EMBEDDING);
  k->ref[0] = tref(r, w);
  k->i[0] = tw->shape[0], k->i[1] = fx_tinfo_numel(tw) / (tw->shape[0] ? tw->shape[0] : 1);
  k->ref[1] = ir;
  k->i[2] = fx_tinfo_numel(tin);
  k->ref[2] = tref(r, y);
  return true;
}

static bool lower_create(lw *r, fx_op op, const fx_inst *in) {
  const fx_value *y = &in->result;
  const fx_tinfo *ty = ti(r, y);
  fx_kcall *k;
  if (op == FX_OP_ARANGE) {
    const fx_value *sv = ARG("start"), *ev = ARG("end");
    k = call(r, FX_K_ARANGE);
    k->f[0] = ev->kind == FX_V_NONE ? 0 : farg(sv, 0);
    k->f[1] = farg(ARG("step"), 1);
  } else {
    const fx_value *fill = ARG("fill_value");
    if (is_t(fill)) return fail(r, "a tensor fill value is not supported");
    k = call(r, FX_K_FILL);
    k->f[0] = farg(fill, 0);
  }
  k->dt = ty->dtype;
  k->ref[0] = tref(r, y);
  k->i[0] = fx_tinfo_numel(ty);
  return true;
}

static bool lower_node(lw *r, const fx_inst *in) {
  fx_op op = (fx_op)in->op;
  unsigned flags = fx_op_flags(op);
  if (flags & FX_OPF_UNARY) return lower_unary(r, op, in);
  if (flags & FX_OPF_BINARY) return lower_binary(r, op, in);
  switch (op) {
  case FX_OP_WHERE:
  case FX_OP_MASKED_FILL: return lower_where(r, op, in);
  case FX_OP_LINEAR:
  case FX_OP_FUSED_LINEAR: return lower_linear(r, op, in);
  case FX_OP_MATMUL:
  case FX_OP_ADDMM:
  case FX_OP_BADDBMM: return lower_matmul(r, op, in);
  case FX_OP_CONVOLUTION:
  case FX_OP_FUSED_CONV: return lower_conv(r, op, in);
  case FX_OP_WINOGRAD_CONV: return lower_winograd(r, op, in);
  case FX_OP_MHA: return lower_mha(r, op, in);
  case FX_OP_POINTWISE: return lower_pointwise(r, in);
  case FX_OP_BATCH_NORM:
  case FX_OP_NATIVE_BATCH_NORM:
  case FX_OP_LAYER_NORM:
  case FX_OP_NATIVE_LAYER_NORM:
  case FX_OP_GROUP_NORM: return lower_norm(r, op, in);
  case FX_OP_MAX_POOL:
  case FX_OP_MAX_POOL_WITH_INDICES:
  case FX_OP_AVG_POOL:
  case FX_OP_ADAPTIVE_AVG_POOL:
  case FX_OP_ADAPTIVE_MAX_POOL: return lower_pool(r, op, in);
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
  case FX_OP_ALL: return lower_reduce(r, op, in);
  case FX_OP_SOFTMAX:
  case FX_OP_LOG_SOFTMAX:
  case FX_OP_CUMSUM: return lower_softmax(r, op, in);
  case FX_OP_TOPK: return lower_topk(r, op, in);
  case FX_OP_PERMUTE:
  case FX_OP_TRANSPOSE:
  case FX_OP_T: return lower_permute(r, op, in);
  case FX_OP_EXPAND:
  case FX_OP_EXPAND_AS: return lower_expand(r, op, in);
  case FX_OP_GETITEM: return lower_index(r, op, in);
  case FX_OP_SLICE:
  case FX_OP_SELECT:
  case FX_OP_NARROW: return lower_slice(r, op, in);
  case FX_OP_CHUNK:
  case FX_OP_SPLIT:
  case FX_OP_UNBIND: return lower_split(r, op, in);
  case FX_OP_CAT:
  case FX_OP_STACK: return lower_cat(r, op, in);
  case FX_OP_PAD: return lower_pad(r, op, in);
  case FX_OP_FLIP:
  case FX_OP_ROLL: return lower_flip_roll(r, op, in);
  case FX_OP_REPEAT: return lower_repeat(r, op, in);
  case FX_OP_PIXEL_SHUFFLE: return lower_pixel_shuffle(r, op, in);
  case FX_OP_INTERPOLATE: return lower_interpolate(r, op, in);
  case FX_OP_EMBEDDING:
  case FX_OP_INDEX_SELECT: return lower_gather(r, op, in);
  case FX_OP_CLONE:
  case FX_OP_TO: {
    const fx_value *x = &in->args[0];
    fxrt_view v = cview(ti(r, x));
    return copy_view(r, x, &v, &in->result);
  }
  case FX_OP_FULL:
  case FX_OP_FULL_LIKE:
  case FX_OP_ARANGE: return lower_create(r, op, in);
  default: return fail(r, "%s has no kernel", fx_op_name(op));
  }
}

/* ---- outputs and inputs the graph writes into ---- */

static void flatten_outputs(lw *r, const fx_value *v) {
  if (v->kind == FX_V_TUPLE || v->kind == FX_V_LIST) {
    for (uint32_t i = 0; i < v->n; i++) flatten_outputs(r, &v->u.items[i]);
    return;
  }
  if (v->kind == FX_V_DICT) {
    for (uint32_t i = 1; i < v->n; i += 2) flatten_outputs(r, &v->u.items[i]);
    return;
  }
  fx_lowered *L = r->L;
  L->outputs = fx_xrealloc(L->outputs, (L->noutputs + 1) * sizeof *L->outputs);
  fx_output *o = &L->outputs[L->noutputs++];
  memset(o, 0, sizeof *o);
  if (v->kind == FX_V_TENSOR) {
    const fx_tinfo *t = &r->p->tensors[v->v.node];
    o->is_tensor = true;
    o->tensor = v->v.node;
    o->dtype = t->dtype;
    o->ndim = t->ndim;
    memcpy(o->shape, t->shape, sizeof o->shape);
    return;
  }
  /* a Python value: a 0-dim array */
  o->dtype = v->kind == FX_V_FLOAT ? FXRT_F64 : v->kind == FX_V_BOOL ? FXRT_BOOL : FXRT_I64;
  o->value = v->kind == FX_V_FLOAT ? v->v.f : v->kind == FX_V_INT || v->kind == FX_V_BOOL ? (double)v->v.i : NAN;
}

bool fx_lower(const fx_program *p, fx_lowered *L, fx_diag *d) {
  memset(L, 0, sizeof *L);
  L->p = p;
  const fx_graph *g = p->g;
  lw r = {p, L, d, FX_NONE_IDX};
  L->first_call = fx_xmalloc((g->nnodes + 1) * sizeof *L->first_call);
  L->end_call = fx_xmalloc((g->nnodes + 1) * sizeof *L->end_call);
  for (uint32_t i = 0; i < g->nnodes; i++) L->first_call[i] = L->end_call[i] = FX_NONE_IDX;
  /* inputs and weights that an in-place op writes into get a copy in the arena first (lower.h: FX_REF_SOURCE) */
  bool *copied = fx_xcalloc(p->ntensors + 1, sizeof *copied);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op < 0 || !in->work || !in->inplace || in->args[0].kind != FX_V_TENSOR) continue;
    uint32_t root = p->tensors[in->args[0].v.node].alias;
    const fx_tinfo *t = &p->tensors[root];
    if (t->kind == FX_T_ACT || copied[root]) continue;
    copied[root] = true;
    fxrt_view v = cview(t);
    copy_call(&r, (fx_ref){FX_REF_SOURCE, (uint8_t)t->dtype, root, 0}, &v,
              (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, root, 0}, &v);
  }
  fx_xfree(copied);
  bool ok = true;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    r.node = i;
    L->first_call[i] = L->ncalls;
    if (in->op >= 0 && in->work && !(fx_op_flags((fx_op)in->op) & (FX_OPF_VIEW | FX_OPF_NOOP)) && !in->failed)
      ok &= lower_node(&r, in);
    L->end_call[i] = L->ncalls;
  }
  /* the returned values: computed in place when they own their storage, else copied (or written) at the end */
  flatten_outputs(&r, &p->output);
  r.node = FX_NONE_IDX;
  for (uint32_t j = 0; j < L->noutputs; j++) {
    fx_output *o = &L->outputs[j];
    fx_ref out = {FX_REF_OUTPUT, (uint8_t)o->dtype, j, 0};
    if (!o->is_tensor) {
      fx_kcall *k = call(&r, FX_K_FILL);
      k->dt = o->dtype;
      k->ref[0] = out;
      k->i[0] = 1;
      k->f[0] = o->value;
      continue;
    }
    const fx_tinfo *t = &p->tensors[o->tensor];
    uint32_t root = t->alias;
    const fx_tinfo *rt = &p->tensors[root];
    bool taken = false;
    for (uint32_t i = 0; i < j; i++) taken |= L->outputs[i].direct && p->tensors[L->outputs[i].tensor].alias == root;
    if (rt->kind == FX_T_ACT && !taken && rt->dtype == t->dtype && fx_tinfo_bytes(rt) == fx_tinfo_bytes(t)) {
      o->direct = true;
      continue;
    }
    fxrt_view v = cview(t);
    copy_call(&r, (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, o->tensor, 0}, &v, out, &v);
  }
  for (uint32_t k = 0; k < L->ncalls && ok; k++)
    if (!refs_described(&L->calls[k])) {
      uint32_t node = L->calls[k].node;
      const fx_node *n = node != FX_NONE_IDX ? &g->nodes[node] : NULL;
      fx_diag_error(d, n ? g->src : NULL, n ? n->loc : (fx_loc){0, 0, 0, 0},
                    "internal error: a call of %s sets an operand that kernels.def does not give it",
                    fx_kind_function((fx_kind)L->calls[k].kind));
      ok = false;
    }
  return ok;
}

void fx_lowered_free(fx_lowered *L) {
  fx_xfree(L->calls);
  fx_xfree(L->scratch);
  fx_xfree(L->outputs);
  fx_xfree(L->first_call);
  fx_xfree(L->end_call);
  memset(L, 0, sizeof *L);
}
