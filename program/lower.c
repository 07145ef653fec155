/* lower.c: every node with work becomes one or more runtime kernel calls (lower.h): the op's rule (ops.def), in its
 * family's file program/ops/FAMILY.c, makes them. This file holds what the families share (ops/family.h), the outputs,
 * and the copies of inputs that the graph writes into. */
#include "ops/family.h"
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
    } else if (g->type == FX_ARG_CUSTOM) { /* the arguments' tensors ref[0..i0), the results' ref[i0..i0+i1) */
      for (int64_t i = 0; i < k->i[0] + k->i[1] && n < FX_KCALL_REFS; i++) {
        slots[n] = (uint8_t)i;
        written[n++] = i >= k->i[0];
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

bool fx_view_eq(const fxrt_view *a, const fxrt_view *b) {
  if (a->ndim != b->ndim || a->offset != b->offset) return false;
  for (int32_t d = 0; d < a->ndim; d++)
    if (a->shape[d] != b->shape[d] || a->stride[d] != b->stride[d]) return false;
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

bool fx_lerr(fx_lctx *r, const char *fmt, ...) {
  const fx_node *n = &r->p->g->nodes[r->node];
  char prefix[160];
  snprintf(prefix, sizeof prefix, "cannot compile '%.*s'", (int)n->name.n, n->name.p);
  va_list ap;
  va_start(ap, fmt);
  fx_node_verror(r->p, r->node, r->d, prefix, fmt, ap);
  va_end(ap);
  return false;
}

fx_kcall *fx_call(fx_lctx *r, fx_kind kind) {
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

fx_ref fx_new_scratch(fx_lctx *r, fxrt_dtype dt, int64_t numel) {
  fx_lowered *L = r->L;
  if (L->nscratch == L->capscratch) {
    L->capscratch = L->capscratch ? 2 * L->capscratch : 16;
    L->scratch = fx_xrealloc(L->scratch, L->capscratch * sizeof *L->scratch);
  }
  L->scratch[L->nscratch] = (fx_scratch){dt, numel};
  return (fx_ref){FX_REF_SCRATCH, (uint8_t)dt, L->nscratch++, 0};
}

fx_ref fx_new_const(fx_lctx *r, fxrt_dtype dt, int64_t numel, const char *what, void **data) {
  fx_lowered *L = r->L;
  if (L->nconsts == L->capconsts) {
    L->capconsts = L->capconsts ? 2 * L->capconsts : 16;
    L->consts = fx_xrealloc(L->consts, L->capconsts * sizeof *L->consts);
  }
  const size_t bytes = (size_t)(numel > 0 ? numel : 1) * fxrt_dtype_size(dt);
  void *buf = fx_xcalloc((bytes + 7) / 8, 8);
  L->consts[L->nconsts] = (fx_lconst){dt, numel, buf, what, r->node};
  *data = buf;
  return (fx_ref){FX_REF_CONST, (uint8_t)dt, L->nconsts++, 0};
}

int fx_ints_of(const fx_value *v, int64_t *out, int max) {
  if (v->kind == FX_V_INT) {
    out[0] = v->v.i;
    return 1;
  }
  if ((v->kind != FX_V_TUPLE && v->kind != FX_V_LIST) || (int)v->n > max) return -1;
  for (uint32_t i = 0; i < v->n; i++) out[i] = iarg(&v->u.items[i], 0);
  return (int)v->n;
}

/* The view of t broadcast to ndim dimensions of `shape` (stride 0 where t has size 1 or no dimension). */
fxrt_view fx_bview(const fx_tinfo *t, int32_t ndim, const int64_t *shape) {
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

fxrt_view fx_scalar_view(int32_t ndim, const int64_t *shape) {
  fx_tinfo none;
  memset(&none, 0, sizeof none);
  return fx_bview(&none, ndim, shape);
}

/* ---- helpers that emit calls ---- */

fx_kcall *fx_binary_call(fx_lctx *r, fxrt_binary_op op, fxrt_dtype dt, fx_ref a, const fxrt_view *av, fx_ref b,
                         const fxrt_view *bv, fx_ref y, const fxrt_view *yv) {
  fx_kcall *k = fx_call(r, FX_K_BINARY);
  k->sub = op;
  k->dt = dt;
  k->ref[0] = a, k->view[0] = *av;
  k->ref[1] = b, k->view[1] = *bv;
  k->ref[2] = y, k->view[2] = *yv;
  k->f[0] = 1;
  return k;
}

void fx_binary_scalar_call(fx_lctx *r, fxrt_binary_op op, fxrt_dtype dt, fx_ref a, const fxrt_view *v, double b,
                           fx_ref y) {
  fx_kcall *k = fx_call(r, FX_K_BINARY);
  k->sub = op;
  k->dt = dt;
  k->ref[0] = a, k->view[0] = *v;
  k->ref[1] = scalar_ref(k, 1, dt, b), k->view[1] = fx_scalar_view(v->ndim, v->shape);
  k->ref[2] = y, k->view[2] = *v;
  k->f[0] = 1;
}

void fx_unary_call(fx_lctx *r, fxrt_unary_op op, fx_ref x, fx_ref y, int64_t n) {
  fx_kcall *k = fx_call(r, FX_K_UNARY);
  k->sub = op;
  k->ref[0] = x;
  k->ref[1] = y;
  k->i[0] = n;
  k->p.un = (fxrt_unary_params){0, 0, 0};
}

void fx_where_scalar_call(fx_lctx *r, fxrt_dtype dt, fx_ref cond, fx_ref a, const fxrt_view *v, double value,
                          fx_ref y) {
  fx_kcall *k = fx_call(r, FX_K_WHERE);
  k->dt = dt;
  k->ref[0] = cond, k->view[0] = *v;
  k->ref[1] = scalar_ref(k, 1, dt, value), k->view[1] = fx_scalar_view(v->ndim, v->shape);
  k->ref[2] = a, k->view[2] = *v;
  k->ref[3] = y, k->view[3] = *v;
}

/* Whether every element that view v reaches, and the odometer's steps over it (fxrt_small_copy), have offsets
 * that 32-bit indices hold. */
static bool view_fits_i32(const fxrt_view *v) {
  int64_t lo = v->offset, hi = v->offset;
  if (v->offset < 0 || v->offset > INT32_MAX) return false;
  for (int32_t a = 0; a < v->ndim; a++) {
    const int64_t sh = v->shape[a], st = v->stride[a];
    if (sh < 0 || sh > INT32_MAX || st < -INT32_MAX || st > INT32_MAX) return false;
    const int64_t span = st * sh; /* |st| and sh below 2^31: no overflow */
    if (span < -INT32_MAX || span > INT32_MAX) return false;
    if (st < 0) lo += st * (sh ? sh - 1 : 0);
    else hi += st * (sh ? sh - 1 : 0);
    if (lo < 0 || hi > INT32_MAX) return false;
  }
  return true;
}

void fx_copy_call(fx_lctx *r, fx_ref src, const fxrt_view *sv, fx_ref dst, const fxrt_view *dv) {
  /* -Os: a copy within one dtype is the compact kernel's (no conversion rows) */
  const bool small = r->p->small && src.dtype == dst.dtype && fxrt_view_numel(sv) <= INT32_MAX &&
                     view_fits_i32(sv) && view_fits_i32(dv);
  fx_kcall *k = fx_call(r, small ? FX_K_SMALL_COPY : FX_K_COPY);
  k->dt = (fxrt_dtype)src.dtype;
  k->dt2 = (fxrt_dtype)dst.dtype;
  k->ref[0] = src;
  k->view[0] = *sv;
  k->ref[1] = dst;
  k->view[1] = *dv;
}

/* A tensor as a contiguous operand of dtype dt: itself, or a converted copy in scratch. */
fx_ref fx_as_dtype(fx_lctx *r, const fx_value *v, fxrt_dtype dt) {
  const fx_tinfo *t = ti(r, v);
  if (t->dtype == dt) return tref(r, v);
  fx_ref s = fx_new_scratch(r, dt, fx_tinfo_numel(t));
  fxrt_view cv = cview(t);
  fx_copy_call(r, tref(r, v), &cv, s, &cv);
  return s;
}

bool fx_copy_view(fx_lctx *r, const fx_value *x, const fxrt_view *sv, const fx_value *y) {
  fxrt_view yv = cview(ti(r, y));
  fx_copy_call(r, tref(r, x), sv, tref(r, y), &yv);
  return true;
}

/* fused_conv, fused_linear, winograd_conv, nchwc_conv: the call's epilogue (the residual in ref[4]). */
void fx_set_epilogue(fx_lctx *r, fx_op op, const fx_inst *in, fx_kcall *k) {
  if (op != FX_OP_FUSED_CONV && op != FX_OP_FUSED_LINEAR && op != FX_OP_WINOGRAD_CONV && op != FX_OP_NCHWC_CONV) return;
  k->has_ep = true;
  k->ep.act = (fxrt_act)fx_epilogue_act(ARG("activation"));
  k->ep.alpha = (float)farg(ARG("negative_slope"), 0.01);
  k->ep.lo = ARG("min")->kind == FX_V_NONE ? -INFINITY : (float)farg(ARG("min"), 0);
  k->ep.hi = ARG("max")->kind == FX_V_NONE ? INFINITY : (float)farg(ARG("max"), 0);
  k->ref[4] = tref(r, ARG("residual"));
}

bool fx_small_ok(fx_lctx *r, fx_op op, const fx_inst *in, const int64_t *numel, int nnumel, fxrt_small_params *q,
                 fx_ref *residual) {
  memset(q, 0, sizeof *q);
  if (!r->p->small) return false;
  for (int i = 0; i < nnumel; i++)
    if (numel[i] < 0 || numel[i] > INT32_MAX) return false;
  q->lo = -INFINITY, q->hi = INFINITY;
  *residual = null_ref();
  if (op != FX_OP_FUSED_CONV && op != FX_OP_FUSED_LINEAR) return op == FX_OP_CONVOLUTION || op == FX_OP_LINEAR;
  switch ((fxrt_act)fx_epilogue_act(ARG("activation"))) {
  case FXRT_ACT_NONE: break;
  case FXRT_ACT_RELU: q->lo = 0.0f; break;
  case FXRT_ACT_RELU6: q->lo = 0.0f, q->hi = 6.0f; break;
  case FXRT_ACT_CLAMP:
    q->lo = ARG("min")->kind == FX_V_NONE ? -INFINITY : (float)farg(ARG("min"), 0);
    q->hi = ARG("max")->kind == FX_V_NONE ? INFINITY : (float)farg(ARG("max"), 0);
    break;
  default: return false;
  }
  *residual = tref(r, ARG("residual"));
  return true;
}

/* ---- each op's rule (ops.def) ---- */

typedef bool (*lower_fn)(fx_lctx *r, fx_op op, const fx_inst *in);
static const lower_fn lower_of[FX_NUM_OPS] = {
#define FX_OP(id, name, sig, nout, flags, rule) [FX_OP_##id] = fx_lower_##rule,
#include "../ir/ops.def"
#undef FX_OP
};

/* ---- views kept in step with their base (program.h: base, view) ---- */

/* By tensor id: ver[b], the writes into base b lowered so far; seen[u], ver[base] when the storage of strided view u
 * last took its elements from its base. */
typedef struct views {
  uint32_t *ver, *seen;
} views;

/* The storage u of a strided view takes its elements from its base again, if the base has been written since. */
static void refresh(fx_lctx *r, views *vs, uint32_t u) {
  const fx_program *p = r->p;
  const fx_tinfo *t = &p->tensors[u];
  if (!t->view || vs->seen[u] == vs->ver[t->base]) return;
  const fx_tinfo *b = &p->tensors[t->base];
  fxrt_view uv = cview(t);
  fx_copy_call(r, (fx_ref){FX_REF_TENSOR, (uint8_t)b->dtype, t->base, 0}, t->view,
               (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, u, 0}, &uv);
  vs->seen[u] = vs->ver[t->base];
}

static void refresh_all(fx_lctx *r, views *vs, const fx_value *v) {
  if (v->kind == FX_V_TENSOR) refresh(r, vs, r->p->tensors[v->v.node].alias);
  else if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++) refresh_all(r, vs, &v->u.items[i]);
}

/* A strided view's storage made (or refreshed) by its node is in step with its base. */
static void made_views(const fx_program *p, views *vs, const fx_value *v) {
  if (v->kind == FX_V_TENSOR) {
    const fx_tinfo *t = &p->tensors[v->v.node];
    if (t->view && t->alias == v->v.node) vs->seen[v->v.node] = vs->ver[t->base];
  } else if (fx_value_is_container(v)) {
    for (uint32_t i = 0; i < v->n; i++) made_views(p, vs, &v->u.items[i]);
  }
}

/* Before an in-place op writes into a strided view: PyTorch refuses to write into one whose elements repeat. */
static bool writable(fx_lctx *r, const fx_inst *in) {
  const fx_tinfo *u = &r->p->tensors[r->p->tensors[in->args[0].v.node].alias];
  for (int32_t d = 0; u->view && d < u->view->ndim; d++)
    if (u->view->stride[d] == 0 && u->view->shape[d] > 1)
      return fx_lerr(r, "the in-place op writes into an expanded tensor, where more than one element refers to the "
                        "same memory location, which PyTorch refuses too; write into a clone() of it");
  return true;
}

/* After an in-place op: the elements written into a strided view's storage go back into its base; either way the
 * base has been written (its other views take their elements again before they are read). */
static void written(fx_lctx *r, views *vs, const fx_inst *in) {
  const fx_program *p = r->p;
  const uint32_t u = p->tensors[in->args[0].v.node].alias;
  const fx_tinfo *t = &p->tensors[u];
  vs->ver[t->base]++;
  if (!t->view) return;
  const fx_tinfo *b = &p->tensors[t->base];
  fxrt_view uv = cview(t);
  fx_copy_call(r, (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, u, 0}, &uv,
               (fx_ref){FX_REF_TENSOR, (uint8_t)b->dtype, t->base, 0}, t->view);
  vs->seen[u] = vs->ver[t->base];
}

/* ---- outputs and inputs the graph writes into ---- */

static void flatten_outputs(fx_lctx *r, const fx_value *v) {
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

/* The reason of a lowering refusal, "cannot compile 'NAME': REASON" (fx_lerr), and NAME; else false. */
static bool refusal_reason(const char *text, fx_str *name, const char **reason) {
  static const char head[] = "cannot compile '";
  if (strncmp(text, head, sizeof head - 1)) return false;
  const char *nm = text + sizeof head - 1, *end = strstr(nm, "': ");
  if (!end) return false;
  *name = fx_str_make(nm, (size_t)(end - nm));
  *reason = end + 3;
  return true;
}

/* A refusal for what the runtime lacks (a dtype, a kernel), the same cause at every node that meets it; a refusal of
 * what one node does (an in-place write into an expanded tensor) is that node's own. */
static bool runtime_lacks(const char *reason) {
  return strstr(reason, " only") || strstr(reason, "not supported") || strstr(reason, "no kernel") ||
         strstr(reason, "kernel for");
}

/* Lowering's messages (from) into d, one error per reason: the nodes refused for the same reason as an earlier one
 * of what the runtime lacks (a kernel that lacks a dtype, at every convolution of a float64 model) are named in a
 * note of the first, not reported again. */
static void merge_refusals(const fx_diag *from, fx_diag *d) {
  bool *dup = fx_xcalloc((size_t)from->n + 1, sizeof *dup);
  for (uint32_t i = 0; i < from->n; i++) {
    const fx_diag_msg *m = &from->msgs[i];
    if (dup[i]) continue;
    if (m->level == FX_DIAG_NOTE) fx_diag_note(d, m->src, m->loc, "%s", m->text);
    else if (m->level == FX_DIAG_WARNING) fx_diag_warning(d, m->src, m->loc, "%s", m->text);
    else fx_diag_error(d, m->src, m->loc, "%s", m->text);
    fx_str name;
    const char *reason, *other;
    if (m->level != FX_DIAG_ERROR || !refusal_reason(m->text, &name, &reason) || !runtime_lacks(reason)) continue;
    uint32_t first_note = i + 1;
    while (first_note < from->n && from->msgs[first_note].level == FX_DIAG_NOTE) first_note++;
    for (uint32_t k = i + 1; k < first_note; k++) fx_diag_note(d, from->msgs[k].src, from->msgs[k].loc, "%s", from->msgs[k].text);
    for (uint32_t k = i + 1; k < first_note; k++) dup[k] = true; /* printed */
    fx_buf more = {0};
    uint32_t nmore = 0;
    for (uint32_t j = first_note; j < from->n; j++) {
      const fx_diag_msg *o = &from->msgs[j];
      if (o->level != FX_DIAG_ERROR || dup[j] || !refusal_reason(o->text, &name, &other) || strcmp(other, reason)) continue;
      dup[j] = true;
      for (uint32_t k = j + 1; k < from->n && from->msgs[k].level == FX_DIAG_NOTE; k++) dup[k] = true;
      if (nmore++ < 8) fx_buf_printf(&more, "%s'%.*s' (line %u)", nmore > 1 ? ", " : "", (int)name.n, name.p, o->loc.line);
    }
    if (nmore)
      fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "the same for %u more node%s: %s%s", nmore, nmore == 1 ? "" : "s",
                   more.p, nmore > 8 ? ", ..." : "");
    fx_buf_free(&more);
  }
  fx_xfree(dup);
}

/* -Os: an f32 elementwise call that lowering made of the general kernels (fxrt_unary_f32, fxrt_binary), as a loop
 * of the model's own (a POINTWISE call of one operation): the in-place ops (relu_, add_, mul_ ...), which elementwise
 * fusion leaves alone, and the elementwise steps inside other ops' lowering. The program then links neither
 * kernel, with every function of every op they compute. A call keeps its kernel where a loop cannot compute it as
 * the kernel does: ops computed in double (digamma, the Bessel functions ...), an alpha other than 1, strided
 * results, dtypes other than f32. */
static void small_elementwise_loops(fx_lowered *L) {
  for (uint32_t c = 0; c < L->ncalls; c++) {
    fx_kcall *k = &L->calls[c];
    if (k->node == FX_NONE_IDX) continue;
    fxrt_pw_insn code[4];
    memset(code, 0, sizeof code);
    int32_t ncode = 0, nin = 0;
    fx_ref in[2];
    fxrt_view iv[2], yv;
    fx_ref y;
    if (k->kind == FX_K_UNARY) {
      if (k->sub >= FXRT_U_ERFCX || k->ref[0].dtype != FXRT_F32 || k->ref[1].dtype != FXRT_F32)
        continue; /* erfcx and after: in double */
      const int64_t n = k->i[0];
      yv = fxrt_view_contiguous(1, &n);
      in[0] = k->ref[0], iv[0] = yv, nin = 1, y = k->ref[1];
      code[0] = (fxrt_pw_insn){.kind = FXRT_PW_LOAD, .a = 0};
      code[1] = (fxrt_pw_insn){.kind = FXRT_PW_UNARY, .op = (uint8_t)k->sub, .a = 0,
                               .p = {k->p.un.a, k->p.un.b, k->p.un.c}};
      ncode = 2;
    } else if (k->kind == FX_K_BINARY) {
      if (k->dt != FXRT_F32 || k->ref[2].dtype != FXRT_F32 || !fx_binary_op_fused((fxrt_binary_op)k->sub) ||
          k->f[0] != 1)
        continue;
      yv = k->view[2], y = k->ref[2];
      const fxrt_view cy = fxrt_view_contiguous(yv.ndim, yv.shape);
      if (!fx_view_eq(&cy, &yv)) continue;
      bool ok = true;
      uint8_t reg[2];
      for (int o = 0; o < 2; o++) {
        const fx_ref a = k->ref[o];
        if (a.kind == FX_REF_SCALAR && a.dtype == FXRT_F32) { /* a number: a constant of the loop */
          reg[o] = (uint8_t)ncode;
          code[ncode++] = (fxrt_pw_insn){.kind = FXRT_PW_CONST, .p = {(float)k->scalar[a.id]}};
          continue;
        }
        if (a.kind == FX_REF_NULL || a.dtype != FXRT_F32 || k->view[o].offset != 0) ok = false;
        for (int o2 = 0; o2 < nin && ok; o2++) /* the same operand twice (x * x): one input */
          if (in[o2].kind == a.kind && in[o2].id == a.id && in[o2].off == a.off &&
              fx_view_eq(&iv[o2], &k->view[o])) {
            reg[o] = (uint8_t)ncode;
            code[ncode++] = (fxrt_pw_insn){.kind = FXRT_PW_LOAD, .a = (uint8_t)o2};
            goto next;
          }
        reg[o] = (uint8_t)ncode;
        code[ncode++] = (fxrt_pw_insn){.kind = FXRT_PW_LOAD, .a = (uint8_t)nin};
        in[nin] = a, iv[nin++] = k->view[o];
      next:;
      }
      if (!ok) continue;
      code[ncode++] = (fxrt_pw_insn){.kind = FXRT_PW_BINARY, .op = (uint8_t)k->sub, .a = reg[0], .b = reg[1]};
    } else {
      continue;
    }
    const uint32_t node = k->node;
    memset(k, 0, sizeof *k);
    k->kind = FX_K_POINTWISE;
    k->node = node;
    k->ref[0] = y, k->view[0] = yv;
    for (int32_t i = 0; i < nin; i++) k->ref[1 + i] = in[i], k->view[1 + i] = iv[i];
    k->i[0] = nin, k->i[1] = ncode;
    memcpy(k->p.pw, code, (size_t)ncode * sizeof *code);
  }
}

bool fx_lower(const fx_program *p, fx_lowered *L, fx_diag *d) {
  memset(L, 0, sizeof *L);
  L->p = p;
  /* the interpreter, the emitters and constant folding read the weights' bytes through the calls: each must have
   * been read (fx_program_read_weights) */
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_tensor *w = p->tensors[t].kind == FX_T_WEIGHT ? p->tensors[t].data : NULL;
    if (w && !w->data) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: the data of weight '%.*s' was not read",
                    (int)w->name.n, w->name.p);
      return false;
    }
  }
  const fx_graph *g = p->g;
  fx_diag refusals; /* merged into d at the end, one error per reason (merge_refusals) */
  fx_diag_init(&refusals);
  fx_lctx r = {p, L, &refusals, FX_NONE_IDX};
  L->first_call = fx_xmalloc((g->nnodes + 1) * sizeof *L->first_call);
  L->end_call = fx_xmalloc((g->nnodes + 1) * sizeof *L->end_call);
  for (uint32_t i = 0; i < g->nnodes; i++) L->first_call[i] = L->end_call[i] = FX_NONE_IDX;
  /* inputs and weights that an in-place op writes into get a copy in the arena first (lower.h: FX_REF_SOURCE) */
  bool *copied = fx_xcalloc(p->ntensors + 1, sizeof *copied);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op < 0 || !in->work || !in->inplace || in->args[0].kind != FX_V_TENSOR) continue;
    uint32_t root = p->tensors[in->args[0].v.node].base; /* through a view, the write reaches its base */
    const fx_tinfo *t = &p->tensors[root];
    if (t->kind == FX_T_ACT || copied[root]) continue;
    copied[root] = true;
    fxrt_view v = cview(t);
    fx_copy_call(&r, (fx_ref){FX_REF_SOURCE, (uint8_t)t->dtype, root, 0}, &v,
                 (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, root, 0}, &v);
  }
  fx_xfree(copied);
  bool ok = true;
  views vs = {fx_xcalloc(p->ntensors + 1, sizeof *vs.ver), fx_xcalloc(p->ntensors + 1, sizeof *vs.seen)};
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    r.node = i;
    L->first_call[i] = L->ncalls;
    if (in->op >= 0 && in->work && !in->failed) {
      const fx_sig *sig = fx_op_sig((fx_op)in->op);
      const bool shares = fx_op_flags((fx_op)in->op) & (FX_OPF_VIEW | FX_OPF_NOOP);
      /* a reshape or contiguous() that PyTorch computes as a copy has storage of its own (program.c) */
      const bool copies = shares && in->result.kind == FX_V_TENSOR && in->args[0].kind == FX_V_TENSOR &&
                          p->tensors[in->result.v.node].alias == in->result.v.node;
      if (!shares || copies)
        for (int k = 0; k < sig->n; k++) refresh_all(&r, &vs, &in->args[k]);
      if (copies) {
        fxrt_view yv = cview(ti(&r, &in->result)); /* the same elements in the same order */
        fx_copy_call(&r, tref(&r, &in->args[0]), &yv, tref(&r, &in->result), &yv);
      } else if (!shares) {
        bool can = !in->inplace || in->args[0].kind != FX_V_TENSOR || writable(&r, in);
        ok &= can && (fx_quant_lowers(p, in) ? fx_lower_qother(&r, (fx_op)in->op, in)
                                             : lower_of[in->op](&r, (fx_op)in->op, in));
      }
      made_views(p, &vs, &in->result);
      if (in->inplace && in->args[0].kind == FX_V_TENSOR && L->ncalls > L->first_call[i]) written(&r, &vs, in);
    }
    L->end_call[i] = L->ncalls;
  }
  /* the returned values: computed in place when they own their storage, else copied (or written) at the end */
  flatten_outputs(&r, &p->output);
  r.node = FX_NONE_IDX;
  refresh_all(&r, &vs, &p->output);
  fx_xfree(vs.ver);
  fx_xfree(vs.seen);
  for (uint32_t j = 0; j < L->noutputs; j++) {
    fx_output *o = &L->outputs[j];
    fx_ref out = {FX_REF_OUTPUT, (uint8_t)o->dtype, j, 0};
    if (!o->is_tensor) {
      fx_kcall *k = fx_call(&r, FX_K_FILL);
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
    fx_copy_call(&r, (fx_ref){FX_REF_TENSOR, (uint8_t)t->dtype, o->tensor, 0}, &v, out, &v);
  }
  if (p->small) small_elementwise_loops(L);
  merge_refusals(&refusals, d);
  ok = ok && refusals.nerrors == 0;
  fx_diag_free(&refusals);
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
  for (uint32_t i = 0; i < L->nsites; i++) {
    fx_xfree(L->sites[i]->pool);
    fx_xfree(L->sites[i]);
  }
  fx_xfree(L->sites);
  for (uint32_t i = 0; i < L->nconsts; i++) fx_xfree(L->consts[i].data);
  fx_xfree(L->consts);
  memset(L, 0, sizeof *L);
}

static uint64_t mul_sat(uint64_t a, int64_t b) {
  if (b <= 0 || a == 0) return 0;
  return a > UINT64_MAX / (uint64_t)b ? UINT64_MAX : a * (uint64_t)b;
}

uint64_t fx_kcall_work(const fx_kcall *k) {
  const int64_t *i = k->i;
  switch ((fx_kind)k->kind) {
  case FX_K_LINEAR:
  case FX_K_LINEAR_T:
  case FX_K_LINEAR_P: return mul_sat(mul_sat(mul_sat(1, i[0]), i[1]), i[2]); /* m k n */
  case FX_K_MATMUL: {                                                      /* every element of y: a dot product */
    const fxrt_view *a = &k->view[0], *y = &k->view[2];
    uint64_t w = a->ndim ? mul_sat(1, a->shape[a->ndim - 1]) : 1;
    for (int32_t d = 0; d < y->ndim; d++) w = mul_sat(w, y->shape[d]);
    return w;
  }
  case FX_K_CONV2D: { /* n k oh ow (c / groups) kh kw */
    int64_t g = k->p.conv.groups > 0 ? k->p.conv.groups : 1;
    uint64_t w = mul_sat(mul_sat(mul_sat(mul_sat(1, i[0]), i[4]), i[7]), i[8]);
    return mul_sat(mul_sat(mul_sat(w, i[1] / g), i[5]), i[6]);
  }
  case FX_K_CONV_T2D: { /* every input element into (k / groups) kh kw outputs */
    int64_t g = k->p.convt.groups > 0 ? k->p.convt.groups : 1;
    uint64_t w = mul_sat(mul_sat(mul_sat(mul_sat(1, i[0]), i[1]), i[2]), i[3]);
    return mul_sat(mul_sat(mul_sat(w, i[4] / g), i[5]), i[6]);
  }
  case FX_K_CONV3D: { /* n k od oh ow (c / groups) kd kh kw */
    int64_t g = k->p.conv3.groups > 0 ? k->p.conv3.groups : 1;
    uint64_t w = mul_sat(mul_sat(mul_sat(mul_sat(mul_sat(1, i[0]), i[5]), i[9]), i[10]), i[11]);
    return mul_sat(mul_sat(mul_sat(mul_sat(w, i[1] / g), i[6]), i[7]), i[8]);
  }
  case FX_K_CONV_T3D: { /* every input element into (k / groups) kd kh kw outputs */
    int64_t g = k->p.conv3.groups > 0 ? k->p.conv3.groups : 1;
    uint64_t w = mul_sat(mul_sat(mul_sat(mul_sat(mul_sat(1, i[0]), i[1]), i[2]), i[3]), i[4]);
    return mul_sat(mul_sat(mul_sat(mul_sat(w, i[5] / g), i[6]), i[7]), i[8]);
  }
  case FX_K_WINOGRAD: /* as the direct convolution it replaces: n k oh ow c 3 3 */
    return mul_sat(mul_sat(mul_sat(mul_sat(mul_sat(1, i[0]), i[4]), i[7]), i[8]), i[1] * 9);
  default: return 0;
  }
}
