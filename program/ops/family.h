/* family.h: what the op-family files share. The core ops of a family (a section of ir/ops.def) have their
 * inference and their lowering in one file, program/ops/FAMILY.c, as the rules their rows name:
 *
 *     bool fx_infer_RULE(fx_ictx *c, fx_op op, fx_inst *in);        // in->result from in->args (dtype, shape, attrs)
 *     bool fx_lower_RULE(fx_lctx *r, fx_op op, const fx_inst *in);  // the node's runtime calls (kernels.def)
 *
 * program/infer.c and program/lower.c call them through tables built from ops.def, and own what the families
 * share: the contexts, reading arguments, type promotion and broadcasting, and the call builders below.
 * This header is internal to program/: nothing outside it includes it.
 */
#ifndef FX_OPS_FAMILY_H
#define FX_OPS_FAMILY_H

#include "../lower.h"
#include "../program.h"

#include <stdarg.h>
#include <string.h>

/* Reports "PREFIX: message" at the node (its position in the graph file). */
void fx_node_verror(const fx_program *p, uint32_t node, fx_diag *d, const char *prefix, const char *fmt, va_list ap);

/* ---- inference (infer.c) ---- */

typedef struct fx_ictx {
  fx_program *p;
  uint32_t node;
  fx_diag *d;
} fx_ictx;

/* Reports an error at the node ("OP: message") and returns false. */
bool fx_ierr(fx_ictx *c, const char *fmt, ...) FX_PRINTF(2, 3);

/* The argument named `name` of the op `op` (a local of the caller), and a check that a value is a tensor. */
#define ARG(name) (&in->args[fx_sig_find(fx_op_sig(op), name)])
#define NEED_TENSOR(v, what)                                                                                           \
  do {                                                                                                                 \
    if (!is_tensor(v)) return fx_ierr(c, "%s must be a tensor", what);                                                 \
  } while (0)

static inline bool is_tensor(const fx_value *v) { return v->kind == FX_V_TENSOR; }
static inline const fx_tinfo *tinfo(fx_ictx *c, const fx_value *v) { return &c->p->tensors[v->v.node]; }

static inline bool as_int(const fx_value *v, int64_t *out) {
  if (v->kind == FX_V_INT || v->kind == FX_V_BOOL) {
    *out = v->v.i;
    return true;
  }
  return false;
}
static inline bool as_float(const fx_value *v, double *out) {
  if (v->kind == FX_V_FLOAT) *out = v->v.f;
  else if (v->kind == FX_V_INT || v->kind == FX_V_BOOL) *out = (double)v->v.i;
  else return false;
  return true;
}
static inline bool as_bool(const fx_value *v, bool *out) {
  if (v->kind != FX_V_BOOL && v->kind != FX_V_INT) return false;
  *out = v->v.i != 0;
  return true;
}
static inline bool is_float_dt(fxrt_dtype dt) {
  return dt == FXRT_F32 || dt == FXRT_F64 || dt == FXRT_F16 || dt == FXRT_BF16;
}

/* Checked int64 arithmetic. Python ints do not wrap around and sizes must not: every sum, difference and product of
 * Python ints or of sizes that inference computes goes through these, which return false (and leave *r unspecified)
 * when the exact result does not fit in 64 bits. */
static inline bool fx_add_i64(int64_t a, int64_t b, int64_t *r) { return !__builtin_add_overflow(a, b, r); }
static inline bool fx_sub_i64(int64_t a, int64_t b, int64_t *r) { return !__builtin_sub_overflow(a, b, r); }
static inline bool fx_mul_i64(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r); }
/* The product of n sizes (each >= 0) in *r; false when it does not fit in int64 (a zero size makes it 0, whatever
 * the others are). */
bool fx_prod_i64(int n, const int64_t *sizes, int64_t *r);
/* Reports "integer overflow: WHAT does not fit in 64 bits" at the node and returns false. */
bool fx_ierr_overflow(fx_ictx *c, const char *fmt, ...) FX_PRINTF(2, 3);
/* "[2, 3, 4]" into buf. */
const char *fx_shape_str(int32_t ndim, const int64_t *shape, char *buf, size_t cap);
/* Whether a tensor of dtype dt can have this shape: no negative size, and its element count and its size in bytes
 * fit in int64 (so that no size computed from it overflows); else an error at the node. Inference checks every
 * tensor a rule makes with it. */
bool fx_check_shape(fx_ictx *c, fxrt_dtype dt, int32_t ndim, const int64_t *shape);

/* An int, or a tuple or list of ints, as at most max ints (their count, or -1). */
int fx_as_ints(const fx_value *v, int64_t *out, int max);
/* n ints from an int (repeated) or a tuple of 1 or n ints, as PyTorch's _pair / _single do. */
bool fx_expand_ints(const fx_value *v, int n, int64_t *out);
/* torch.float32, torch.long, ... as a dtype. */
bool fx_dtype_of_word(const fx_value *v, fxrt_dtype *out);
/* torch.promote_types for the dtypes fx2c has. */
fxrt_dtype fx_promote(fxrt_dtype a, fxrt_dtype b);
/* torch.result_type of operands added one by one (tensors and Python numbers): tensors with dimensions, then
 * zero-dim tensors, then Python numbers, each only able to raise the category of what came before
 * (c10/core/ScalarType.h, ATen/native/TypeProperties.cpp). Start from {{0}, {FXRT_F32}}. */
typedef struct fx_promo {
  int have[3];
  fxrt_dtype dt[3];
} fx_promo;
void fx_promo_add(fx_ictx *c, fx_promo *s, const fx_value *v);
fxrt_dtype fx_promo_result(const fx_promo *s);
/* An in-place op computes `result` and writes it into a tensor of dtype `out`: an error where torch's canCast
 * refuses (a float result into an integer tensor, anything but bool into a bool one). */
bool fx_check_inplace_cast(fx_ictx *c, fxrt_dtype result, fxrt_dtype out);
/* The broadcast shape of a and b, or an error. */
bool fx_broadcast(fx_ictx *c, const fx_tinfo *a, const fx_tinfo *b, int32_t *ndim, int64_t *shape);
/* dim (negative from the end) of a tensor of ndim dimensions as an index, or an error. */
bool fx_norm_dim(fx_ictx *c, int64_t dim, int32_t ndim, int32_t *out);
/* A dim argument: an int (counted from the end when negative) of a tensor of ndim dimensions, as an index. */
bool fx_dim_arg(fx_ictx *c, const fx_value *v, int32_t ndim, int32_t *out);
/* fused_conv, fused_linear, winograd_conv, nchwc_conv: the epilogue's arguments, checked against the result. */
bool fx_check_epilogue(fx_ictx *c, fx_op op, fx_inst *in);
/* The blocked ops (nchwc_*): an NCHW16c input t [n, cb, h, w, 16] and the `channels` argument that its blocks hold, in
 * *ch. */
bool fx_blocked_channels(fx_ictx *c, fx_op op, fx_inst *in, const fx_tinfo *t, int64_t *ch);

/* A new tensor of the node, one sharing the storage of `of` (a view), a tuple, an int, a shape as a tuple. Making a
 * tensor may move the tensor table (and every fx_tinfo pointer into it) once a rule has made FX_RULE_TENSORS. */
#define FX_RULE_TENSORS 16
static inline fx_value new_tensor(fx_ictx *c, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  return fx_tensor_value(c->p, fx_program_new_tensor(c->p, dt, ndim, shape, FX_T_ACT, c->node));
}
static inline fx_value alias_tensor(fx_ictx *c, const fx_value *of, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  fx_value r = new_tensor(c, dt, ndim, shape);
  c->p->tensors[r.v.node].alias = c->p->tensors[of->v.node].alias;
  return r;
}
/* Sets the node's result to a new tensor and returns true (`return result_tensor(...)` ends a rule). */
static inline bool result_tensor(fx_ictx *c, fx_inst *in, fxrt_dtype dt, int32_t ndim, const int64_t *shape) {
  in->result = new_tensor(c, dt, ndim, shape);
  return true;
}
static inline fx_value tuple_of(fx_ictx *c, const fx_value *items, uint32_t n) {
  return fx_value_container_in(&c->p->arena, FX_V_TUPLE, items, n);
}
static inline fx_value int_value(fx_ictx *c, int64_t i) { return fx_value_int(c->p->g, i); }
static inline fx_value shape_value(fx_ictx *c, const fx_tinfo *t) {
  fx_value items[FXRT_MAX_DIMS];
  for (int32_t i = 0; i < t->ndim; i++) items[i] = int_value(c, t->shape[i]);
  return tuple_of(c, items, (uint32_t)t->ndim);
}
/* The node's attribute record (program.h), zeroed, in the program's arena. */
static inline fx_attrs *new_attrs(fx_ictx *c, fx_inst *in) {
  fx_attrs *a = fx_arena_alloc(&c->p->arena, sizeof *a);
  in->attrs = a;
  return a;
}

/* ---- lowering (lower.c) ---- */

typedef struct fx_lctx {
  const fx_program *p;
  fx_lowered *L;
  fx_diag *d;
  uint32_t node;
} fx_lctx;

/* Reports that the node cannot be compiled ("cannot compile 'name': message") and returns false. */
bool fx_lerr(fx_lctx *r, const char *fmt, ...) FX_PRINTF(2, 3);

static inline const fx_tinfo *ti(fx_lctx *r, const fx_value *v) { return &r->p->tensors[v->v.node]; }
static inline fx_ref null_ref(void) { return (fx_ref){FX_REF_NULL, FXRT_F32, 0, 0}; }
/* The tensor v as an operand (a null operand when v is no tensor: an absent bias). */
static inline fx_ref tref(fx_lctx *r, const fx_value *v) {
  fx_ref x = null_ref();
  if (v && is_tensor(v)) {
    x.kind = FX_REF_TENSOR;
    x.id = v->v.node;
    x.dtype = (uint8_t)ti(r, v)->dtype;
  }
  return x;
}
static inline fx_ref at(fx_ref x, int64_t off) {
  x.off += off;
  return x;
}
/* A one-element operand of dtype dt holding x, or i for integer and bool dtypes (in the call's scalar slot). */
static inline fx_ref scalar_ref_i(fx_kcall *k, int slot, fxrt_dtype dt, double x, int64_t i) {
  k->scalar[slot] = x;
  k->iscalar[slot] = is_float_dt(dt) ? 0 : dt == FXRT_BOOL ? i != 0 : i;
  return (fx_ref){FX_REF_SCALAR, (uint8_t)dt, (uint32_t)slot, 0};
}
static inline fx_ref scalar_ref(fx_kcall *k, int slot, fxrt_dtype dt, double x) {
  const bool fits = x >= -9223372036854775808.0 && x < 9223372036854775808.0; /* not NaN, not infinite */
  return scalar_ref_i(k, slot, dt, x, fits ? (int64_t)x : 0);
}

/* Arguments already checked by inference: an int or float (dflt when absent), ints. */
static inline int64_t iarg(const fx_value *v, int64_t dflt) {
  return v->kind == FX_V_INT || v->kind == FX_V_BOOL ? v->v.i : dflt;
}
static inline double farg(const fx_value *v, double dflt) {
  return v->kind == FX_V_FLOAT ? v->v.f : v->kind == FX_V_INT || v->kind == FX_V_BOOL ? (double)v->v.i : dflt;
}
int fx_ints_of(const fx_value *v, int64_t *out, int max);
static inline int32_t ndim_norm(int64_t d, int32_t n) { return (int32_t)(d < 0 ? d + (n ? n : 1) : d); }

/* The contiguous view of t; t broadcast to ndim dimensions of `shape` (stride 0 where t has size 1 or no
 * dimension); a number broadcast to that shape. */
static inline fxrt_view cview(const fx_tinfo *t) { return fxrt_view_contiguous(t->ndim, t->shape); }
fxrt_view fx_bview(const fx_tinfo *t, int32_t ndim, const int64_t *shape);
fxrt_view fx_scalar_view(int32_t ndim, const int64_t *shape);

/* A new call of the node (operands null), and a scratch buffer of numel elements of dt. */
fx_kcall *fx_call(fx_lctx *r, fx_kind kind);
fx_ref fx_new_scratch(fx_lctx *r, fxrt_dtype dt, int64_t numel);
/* A constant array of numel elements of dt computed now (lower.h: fx_lconst; what: a C identifier saying what it
 * holds); *data receives its zeroed storage to fill. */
fx_ref fx_new_const(fx_lctx *r, fxrt_dtype dt, int64_t numel, const char *what, void **data);
/* A strided copy with dtype conversion from src (view sv) to dst (view dv). */
void fx_copy_call(fx_lctx *r, fx_ref src, const fxrt_view *sv, fx_ref dst, const fxrt_view *dv);
/* Elementwise calls between buffers: y = a OP b, each through its view (comparisons write bool); y = a OP number;
 * y = op(x) on n contiguous f32 values (an op without parameters); y = cond ? number : a. */
fx_kcall *fx_binary_call(fx_lctx *r, fxrt_binary_op op, fxrt_dtype dt, fx_ref a, const fxrt_view *av, fx_ref b,
                         const fxrt_view *bv, fx_ref y, const fxrt_view *yv);
void fx_binary_scalar_call(fx_lctx *r, fxrt_binary_op op, fxrt_dtype dt, fx_ref a, const fxrt_view *v, double b,
                           fx_ref y);
void fx_unary_call(fx_lctx *r, fxrt_unary_op op, fx_ref x, fx_ref y, int64_t n);
void fx_where_scalar_call(fx_lctx *r, fxrt_dtype dt, fx_ref cond, fx_ref a, const fxrt_view *v, double value,
                          fx_ref y);
/* The tensor x read through view sv, copied into the contiguous tensor y. */
bool fx_copy_view(fx_lctx *r, const fx_value *x, const fxrt_view *sv, const fx_value *y);
/* A tensor as a contiguous operand of dtype dt: itself, or a converted copy in scratch. */
fx_ref fx_as_dtype(fx_lctx *r, const fx_value *v, fxrt_dtype dt);
/* fused_conv, fused_linear, winograd_conv, nchwc_conv: the call's epilogue (the residual in ref[4]). */
void fx_set_epilogue(fx_lctx *r, fx_op op, const fx_inst *in, fx_kcall *k);
/* -Os (fx_program.small): whether a conv or linear goes to a compact kernel (fxrt_small.c): the tensors' elements
 * fit 32-bit indices (numel: x, weight and y) and the fused activation, if any, is a clamp (relu, relu6, hardtanh),
 * set into q->lo, q->hi; the residual (or none) into *residual. */
bool fx_small_ok(fx_lctx *r, fx_op op, const fx_inst *in, const int64_t *numel, int nnumel, fxrt_small_params *q,
                 fx_ref *residual);

/* ---- views ---- */

/* The elements that a view op's result takes of its input x, when x's elements are at c (x's own contiguous layout,
 * or x's place in the storage it views): permute, transpose, t, expand, expand_as (view.c); getitem of a tensor,
 * slice, select, narrow, and piece `item` of split, chunk and unbind (index.c). false for other ops. */
int64_t fx_diagonal_length(int64_t s1, int64_t s2, int64_t off);
fxrt_view fx_diagonal_view(const fxrt_view *c, int32_t d1, int32_t d2, int64_t off);
bool fx_permute_view(const fx_program *p, fx_op op, const fx_inst *in, const fxrt_view *c, fxrt_view *v);
bool fx_index_view(const fx_program *p, fx_op op, const fx_inst *in, uint32_t item, const fxrt_view *c,
                   fxrt_view *v);

/* ---- quantized tensors (quant.c) ---- */

/* After a node's rule: a quantized tensor among its inputs is refused unless the op runs on quantized tensors; if it
 * does, its result gets the scale and zero point. */
bool fx_quant_check(fx_ictx *c, fx_op op, fx_inst *in);
/* Whether the node is a core op (relu, a pool, cat) of quantized tensors, which fx_lower_qother lowers. */
bool fx_quant_lowers(const fx_program *p, const fx_inst *in);
bool fx_lower_qother(fx_lctx *r, fx_op op, const fx_inst *in);

/* ---- the rules ---- */

/* Each row of ops.def names its rule: fx_infer_RULE sets in->result (and in->attrs, in->work) from in->args, or
 * reports an error at the node; fx_lower_RULE appends the node's runtime calls. op is in->op. */
#define FX_OP(id, name, sig, nout, flags, rule)                                                                        \
  bool fx_infer_##rule(fx_ictx *c, fx_op op, fx_inst *in);                                                             \
  bool fx_lower_##rule(fx_lctx *r, fx_op op, const fx_inst *in);
#include "../../ir/ops.def"
#undef FX_OP

#endif
