/* pool.c: pooling: max (with indices) and average pooling, 1-d, 2-d and 3-d, adaptive average and max pooling, and max
 * pooling in the blocked layout NCHW16c (fx2c.nchwc_max_pool).
 * Inference decodes the window once (fx_pool_attrs).
 */
#include "family.h"

/* ---- inference ---- */

static bool infer_pool_size(fx_ictx *c, int64_t in, int64_t k, int64_t s, int64_t pad, int64_t dil, bool ceil_mode,
                            int64_t *out) {
  if (k <= 0 || s <= 0 || dil <= 0) return fx_ierr(c, "kernel, stride and dilation must be positive");
  if (pad < 0) return fx_ierr(c, "padding must not be negative, not %lld", (long long)pad);
  if (pad * 2 > k)
    return fx_ierr(c, "padding %lld is more than half the kernel size %lld", (long long)pad, (long long)k);
  int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? s - 1 : 0);
  int64_t o = (num >= 0 ? num / s : -1) + 1;
  if (ceil_mode && (o - 1) * s >= in + pad) o--; /* the last window must start inside the input or left padding */
  if (o < 1) return fx_ierr(c, "the input (size %lld) is too small for the window", (long long)in);
  *out = o;
  return true;
}

/* A pooling result of the input's dtype and the given shape, and with indices, its i64 indices (a tuple). */
static bool pool_result(fx_ictx *c, fx_inst *in, const fx_tinfo *t, const int64_t *shape, bool indices) {
  fx_value y = new_tensor(c, t->dtype, t->ndim, shape);
  if (!indices) {
    in->result = y;
    return true;
  }
  fx_value items[2] = {y, new_tensor(c, FXRT_I64, t->ndim, shape)};
  in->result = tuple_of(c, items, 2);
  return true;
}

/* The pool's rank, which its target names (spatial_dims: max_pool1d 1, AvgPool2d 2, ...), and the input's rank
 * checked against it as PyTorch does: a batch of channels [n, c, ...] or one unbatched input [c, ...]. The pool runs
 * over the last sp dimensions either way. */
static bool pool_rank(fx_ictx *c, fx_op op, const fx_inst *in, const fx_tinfo *t, const char *what, int *sp) {
  int64_t s = 0;
  if (!as_int(ARG("spatial_dims"), &s) || s < 1 || s > 3)
    return fx_ierr(c, "%s%lldd is not supported", what, (long long)s);
  *sp = (int)s;
  if (t->ndim != s + 1 && t->ndim != s + 2)
    return fx_ierr(c, "%s%dd takes a %d-d (unbatched) or %d-d (batched) input, not one of %d dimensions", what, *sp,
                   *sp + 1, *sp + 2, t->ndim);
  /* the dimensions that must not be empty: all but the batch's (adaptive pools: all but the first, as ATen checks) */
  bool adaptive = op == FX_OP_ADAPTIVE_AVG_POOL || op == FX_OP_ADAPTIVE_MAX_POOL;
  for (int32_t i = adaptive || t->ndim == s + 2 ? 1 : 0; i < t->ndim; i++)
    if (t->shape[i] == 0)
      return fx_ierr(c, "%s%dd needs a non-empty input (only the %s dimension may be 0): dimension %d has size 0",
                     what, *sp, adaptive ? "first" : "batch", (int)i);
  return true;
}

static bool infer_window_pool(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t ks[3] = {1, 1, 1}, st[3] = {1, 1, 1}, pd[3] = {0, 0, 0}, dl[3] = {1, 1, 1};
  int sp;
  if (!pool_rank(c, op, in, t, op == FX_OP_AVG_POOL ? "avg_pool" : "max_pool", &sp)) return false;
  const char *pair = sp == 3   ? "an int or a tuple of 1 or 3 ints"
                     : sp == 2 ? "an int or a tuple of 1 or 2 ints"
                               : "an int or a tuple of one int";
  if (!fx_expand_ints(ARG("kernel_size"), sp, ks)) return fx_ierr(c, "kernel_size must be %s", pair);
  const fx_value *sv = ARG("stride");
  if (sv->kind == FX_V_NONE || ((sv->kind == FX_V_TUPLE || sv->kind == FX_V_LIST) && sv->n == 0))
    memcpy(st, ks, sizeof st);
  else if (!fx_expand_ints(sv, sp, st)) return fx_ierr(c, "stride must be None or %s", pair);
  if (!fx_expand_ints(ARG("padding"), sp, pd)) return fx_ierr(c, "padding must be %s", pair);
  int kd = fx_sig_find(fx_op_sig(op), "dilation");
  if (kd >= 0 && !fx_expand_ints(&in->args[kd], sp, dl)) return fx_ierr(c, "dilation must be %s", pair);
  bool ceil_mode = false;
  as_bool(ARG("ceil_mode"), &ceil_mode);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  for (int i = 0; i < sp; i++)
    if (!infer_pool_size(c, t->shape[t->ndim - sp + i], ks[i], st[i], pd[i], dl[i], ceil_mode,
                         &shape[t->ndim - sp + i]))
      return false;
  bool indices = op == FX_OP_MAX_POOL_WITH_INDICES;
  int kr = fx_sig_find(fx_op_sig(op), "return_indices");
  if (kr >= 0) as_bool(&in->args[kr], &indices);
  bool count_pad = true;
  int64_t divisor = 0;
  if (op == FX_OP_AVG_POOL) {
    as_bool(ARG("count_include_pad"), &count_pad);
    if (ARG("divisor_override")->kind != FX_V_NONE && (!as_int(ARG("divisor_override"), &divisor) || divisor == 0))
      return fx_ierr(c, "divisor_override must be None or a non-zero int");
  }
  new_attrs(c, in)->pool = (fx_pool_attrs){sp,
                                           {ks[0], ks[1], ks[2]},
                                           {st[0], st[1], st[2]},
                                           {pd[0], pd[1], pd[2]},
                                           {dl[0], dl[1], dl[2]},
                                           ceil_mode,
                                           indices,
                                           count_pad,
                                           divisor};
  return pool_result(c, in, t, shape, indices);
}

static bool infer_adaptive_pool(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int sp;
  if (!pool_rank(c, op, in, t, op == FX_OP_ADAPTIVE_AVG_POOL ? "adaptive_avg_pool" : "adaptive_max_pool", &sp))
    return false;
  const fx_value *ov = ARG("output_size");
  if (ov->kind != FX_V_INT && !((ov->kind == FX_V_TUPLE || ov->kind == FX_V_LIST) && ov->n == (uint32_t)sp))
    return fx_ierr(c, "output_size must be an int or %s",
                   sp == 3   ? "a tuple of three"
                   : sp == 2 ? "a pair"
                             : "a tuple of one int");
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  for (int i = 0; i < sp; i++) {
    const fx_value *e = ov->kind == FX_V_INT ? ov : &ov->u.items[i];
    int64_t o;
    if (e->kind == FX_V_NONE) continue; /* None keeps the input's size */
    if (!as_int(e, &o) || o < 1) return fx_ierr(c, "output_size must be positive ints");
    shape[t->ndim - sp + i] = o;
  }
  bool indices = false;
  if (op == FX_OP_ADAPTIVE_MAX_POOL) as_bool(ARG("return_indices"), &indices);
  /* the record says only the rank: lowering reads the sizes from the shapes */
  new_attrs(c, in)->pool = (fx_pool_attrs){sp, {0, 0}, {0, 0}, {0, 0}, {0, 0}, false, indices, true, 0};
  return pool_result(c, in, t, shape, indices);
}

bool fx_infer_pool(fx_ictx *c, fx_op op, fx_inst *in) {
  bool adaptive = op == FX_OP_ADAPTIVE_AVG_POOL || op == FX_OP_ADAPTIVE_MAX_POOL;
  return adaptive ? infer_adaptive_pool(c, op, in) : infer_window_pool(c, op, in);
}

/* nchwc_max_pool: max_pool2d of an NCHW16c input [n, cb, h, w, 16] (optimizer/nchwc.c), the result NCHW16c too. */
bool fx_infer_nchwc_pool(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t ch = 0, ks[2] = {1, 1}, st[2] = {1, 1}, pd[2] = {0, 0}, dl[2] = {1, 1};
  if (!fx_blocked_channels(c, op, in, t, &ch)) return false;
  if (!fx_expand_ints(ARG("kernel_size"), 2, ks)) return fx_ierr(c, "kernel_size must be an int or a pair");
  const fx_value *sv = ARG("stride");
  if (sv->kind == FX_V_NONE) memcpy(st, ks, sizeof st);
  else if (!fx_expand_ints(sv, 2, st)) return fx_ierr(c, "stride must be None, an int or a pair");
  if (!fx_expand_ints(ARG("padding"), 2, pd) || !fx_expand_ints(ARG("dilation"), 2, dl))
    return fx_ierr(c, "padding and dilation must be ints or pairs");
  bool ceil_mode = false;
  as_bool(ARG("ceil_mode"), &ceil_mode);
  int64_t shape[5] = {t->shape[0], t->shape[1], 0, 0, t->shape[4]};
  for (int i = 0; i < 2; i++)
    if (!infer_pool_size(c, t->shape[2 + i], ks[i], st[i], pd[i], dl[i], ceil_mode, &shape[2 + i])) return false;
  new_attrs(c, in)->pool = (fx_pool_attrs){2,         {ks[0], ks[1]}, {st[0], st[1]}, {pd[0], pd[1]}, {dl[0], dl[1]},
                                           ceil_mode, false,          true,           0};
  in->result = new_tensor(c, FXRT_F32, 5, shape);
  return true;
}

/* ---- lowering ---- */

/* nchwc_max_pool: one call. */
bool fx_lower_nchwc_pool(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_pool_attrs *a = &in->attrs->pool; /* decoded by inference */
  fx_kcall *k = fx_call(r, FX_K_NCHWC_MAX_POOL);
  k->p.pool = (fxrt_pool2d_params){{a->kernel[0], a->kernel[1]}, {a->stride[0], a->stride[1]},
                                   {a->pad[0], a->pad[1]},       {a->dilation[0], a->dilation[1]},
                                   a->ceil_mode,                 true,
                                   0};
  k->ref[0] = tref(r, x);
  k->i[0] = tx->shape[0], k->i[1] = iarg(ARG("channels"), 0), k->i[2] = tx->shape[2], k->i[3] = tx->shape[3];
  k->ref[1] = tref(r, y);
  k->i[4] = ty->shape[2], k->i[5] = ty->shape[3];
  return true;
}

bool fx_lower_pool(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  fx_ref indices = multi ? tref(r, &in->result.u.items[1]) : null_ref();
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32) return fx_lerr(r, "pooling runs on f32 tensors only");
  const bool adaptive = op == FX_OP_ADAPTIVE_AVG_POOL || op == FX_OP_ADAPTIVE_MAX_POOL;
  const int sp = in->attrs->pool.sp; /* decoded by inference */
  int64_t lead = 1;
  for (int32_t i = 0; i < tx->ndim - sp; i++) lead *= tx->shape[i];
  int64_t h = sp == 2 ? tx->shape[tx->ndim - 2] : 1, w = tx->shape[tx->ndim - 1];
  int64_t oh = sp == 2 ? ty->shape[ty->ndim - 2] : 1, ow = ty->shape[ty->ndim - 1];
  fx_kcall *k;
  if (sp == 3 && op != FX_OP_ADAPTIVE_AVG_POOL) { /* max_pool3d, avg_pool3d, adaptive_max_pool3d: the 3-d kernels */
    const int64_t *sz = tx->shape + tx->ndim - 3, *osz = ty->shape + ty->ndim - 3;
    if (op == FX_OP_ADAPTIVE_MAX_POOL) {
      k = fx_call(r, FX_K_ADAPTIVE_MAX3D);
    } else {
      const fx_pool_attrs *a = &in->attrs->pool; /* decoded by inference */
      k = fx_call(r, op == FX_OP_AVG_POOL ? FX_K_AVG_POOL3D : FX_K_MAX_POOL3D);
      k->p.pool3 = (fxrt_pool3d_params){{a->kernel[0], a->kernel[1], a->kernel[2]},
                                        {a->stride[0], a->stride[1], a->stride[2]},
                                        {a->pad[0], a->pad[1], a->pad[2]},
                                        {a->dilation[0], a->dilation[1], a->dilation[2]},
                                        a->ceil_mode,
                                        op == FX_OP_AVG_POOL ? a->count_include_pad : true,
                                        op == FX_OP_AVG_POOL ? a->divisor_override : 0};
    }
    if (op != FX_OP_AVG_POOL) k->ref[2] = indices;
    k->ref[0] = tref(r, x);
    k->i[0] = 1, k->i[1] = lead, k->i[2] = sz[0], k->i[3] = sz[1], k->i[4] = sz[2];
    k->ref[1] = tref(r, y);
    k->i[5] = osz[0], k->i[6] = osz[1], k->i[7] = osz[2];
    return true;
  }
  if (sp == 3) { /* adaptive_avg_pool3d: the means over height and width, then their means over the depth */
    const int64_t d = tx->shape[tx->ndim - 3], od = ty->shape[ty->ndim - 3];
    oh = ty->shape[ty->ndim - 2], h = tx->shape[tx->ndim - 2];
    const fx_ref t = fx_new_scratch(r, FXRT_F32, lead * d * oh * ow);
    k = fx_call(r, FX_K_ADAPTIVE_AVG);
    k->ref[0] = tref(r, x), k->ref[1] = t;
    k->i[0] = 1, k->i[1] = lead * d, k->i[2] = h, k->i[3] = w, k->i[4] = oh, k->i[5] = ow;
    k = fx_call(r, FX_K_ADAPTIVE_AVG);
    k->ref[0] = t, k->ref[1] = tref(r, y);
    k->i[0] = 1, k->i[1] = lead, k->i[2] = d, k->i[3] = oh * ow, k->i[4] = od, k->i[5] = oh * ow;
    return true;
  }
  if (adaptive) {
    k = fx_call(r, op == FX_OP_ADAPTIVE_AVG_POOL ? FX_K_ADAPTIVE_AVG : FX_K_ADAPTIVE_MAX);
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
    if (r->p->small && indices.kind == FX_REF_NULL && fx_tinfo_numel(tx) <= INT32_MAX && fx_tinfo_numel(ty) <= INT32_MAX &&
        (op != FX_OP_AVG_POOL || (dl[0] == 1 && dl[1] == 1))) { /* -Os: the compact kernel */
      k = fx_call(r, FX_K_SMALL_POOL);
      fxrt_small_params q = {(int32_t)lead, 1, (int32_t)h, (int32_t)w, 0, (int32_t)ks[0], (int32_t)ks[1], (int32_t)oh,
                             (int32_t)ow, {(int32_t)st[0], (int32_t)st[1]}, {(int32_t)pd[0], (int32_t)pd[1]},
                             {(int32_t)dl[0], (int32_t)dl[1]}, FXRT_SMALL_MAX, 0, 0.0f, 0.0f, 0, 0, 0, 0.0f};
      if (op == FX_OP_AVG_POOL) {
        q.groups = a->count_include_pad ? FXRT_SMALL_AVG : FXRT_SMALL_AVG_EXCLUDE_PAD;
        q.divisor = (int32_t)a->divisor_override;
      }
      k->p.small = q;
      k->ref[0] = tref(r, x), k->ref[1] = tref(r, y);
      return true;
    }
    if (op == FX_OP_AVG_POOL) {
      p.count_include_pad = a->count_include_pad;
      p.divisor_override = a->divisor_override;
      k = fx_call(r, FX_K_AVG_POOL);
    } else {
      k = fx_call(r, FX_K_MAX_POOL);
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
