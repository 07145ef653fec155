/* reduce.c: reductions over dimensions (sum, mean, prod, amax, amin, max/min with indices, argmax, argmin,
 * any, all), the ops along one dimension (softmax, log_softmax, softmin, topk; the scans cumsum, cumprod, cummax,
 * cummin, logcumsumexp), trace and the moments (var, std, var_mean, std_mean, nansum, nanmean, count_nonzero,
 * logsumexp).
 */
#include "family.h"

#include <math.h>

/* ---- inference ---- */

static bool infer_reduce(fx_ictx *c, fx_inst *in, fx_op op, const fx_tinfo *t, fxrt_dtype dt, int nout) {
  bool keep = false;
  const fx_value *dimv = ARG("dim");
  int kk = fx_sig_find(fx_op_sig(op), "keepdim");
  if (kk >= 0) as_bool(&in->args[kk], &keep);
  bool reduce[FXRT_MAX_DIMS] = {false};
  int64_t dims[FXRT_MAX_DIMS];
  int nd = dimv->kind == FX_V_NONE ? -2 : fx_as_ints(dimv, dims, FXRT_MAX_DIMS);
  if (nd == -1) return fx_ierr(c, "dim must be an int or a list of ints");
  if (nd == -2 || nd == 0) {
    for (int32_t i = 0; i < t->ndim; i++) reduce[i] = true;
    if (nd == -2 && op != FX_OP_SUM && op != FX_OP_MEAN && op != FX_OP_PROD && op != FX_OP_AMAX && op != FX_OP_AMIN &&
        !(op >= FX_OP_VAR && op <= FX_OP_NANMEAN))
      keep = false;
  } else {
    for (int i = 0; i < nd; i++) {
      int32_t dd = 0;
      if (!fx_norm_dim(c, dims[i], t->ndim, &dd)) return false;
      if (reduce[dd]) return fx_ierr(c, "dim %d appears multiple times in the list of dims", dd);
      reduce[dd] = true;
    }
  }
  fx_dim_attrs *a = &new_attrs(c, in)->dims;
  memcpy(a->reduce, reduce, sizeof reduce);
  a->keepdim = keep;
  int64_t shape[FXRT_MAX_DIMS];
  int32_t n = 0;
  for (int32_t i = 0; i < t->ndim; i++) {
    if (!reduce[i]) shape[n++] = t->shape[i];
    else if (keep) shape[n++] = 1;
    else if (t->shape[i] == 0 && (op == FX_OP_AMAX || op == FX_OP_AMIN || op == FX_OP_ARGMAX || op == FX_OP_MAX_DIM))
      return fx_ierr(c, "cannot reduce an empty dimension");
  }
  if (nout == 2) {
    fx_value items[2] = {new_tensor(c, dt, n, shape), new_tensor(c, FXRT_I64, n, shape)};
    in->result = tuple_of(c, items, 2);
  } else {
    in->result = new_tensor(c, dt, n, shape);
  }
  return true;
}

bool fx_infer_reduce(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  fxrt_dtype dt = t->dtype;
  int kdt = fx_sig_find(fx_op_sig(op), "dtype");
  if (kdt >= 0 && in->args[kdt].kind != FX_V_NONE && !fx_dtype_of_word(&in->args[kdt], &dt))
    return fx_ierr(c, "unknown dtype");
  if ((op == FX_OP_SUM || op == FX_OP_PROD) && !is_float_dt(dt)) dt = FXRT_I64;
  if (op == FX_OP_MEAN && !is_float_dt(dt)) return fx_ierr(c, "mean needs a floating point input (or dtype=)");
  if (op == FX_OP_ARGMAX || op == FX_OP_ARGMIN) dt = FXRT_I64;
  if (op == FX_OP_ANY || op == FX_OP_ALL) dt = FXRT_BOOL;
  return infer_reduce(c, in, op, t, dt, fx_op_outputs(op));
}

bool fx_infer_softmax(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t dim;
  const fx_value *dv = ARG("dim");
  if (dv->kind == FX_V_NONE) dim = (t->ndim == 0 || t->ndim == 1 || t->ndim == 3) ? 0 : 1; /* _get_softmax_dim */
  else if (!as_int(dv, &dim)) return fx_ierr(c, "dim must be an int");
  int32_t dd = 0;
  if (!fx_norm_dim(c, dim, t->ndim, &dd)) return false;
  fxrt_dtype dt = t->dtype;
  if (ARG("dtype")->kind != FX_V_NONE && !fx_dtype_of_word(ARG("dtype"), &dt)) return fx_ierr(c, "unknown dtype");
  if (!is_float_dt(dt)) return fx_ierr(c, "softmax needs a floating point input");
  new_attrs(c, in)->dims.dim = dd;
  return result_tensor(c, in, dt, t->ndim, t->shape);
}

/* The scans along one dimension: cumsum and cumprod (of integers and bool: int64 unless dtype= says), cummax and
 * cummin (values in the input's dtype, int64 indices), logcumsumexp (floating point only). dim may be negative; a
 * 0-d input scans its one element (dim 0 or -1). */
bool fx_infer_scan(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t dim;
  if (!as_int(ARG("dim"), &dim)) return fx_ierr(c, "dim must be an int");
  int32_t dd = 0;
  if (!fx_norm_dim(c, dim, t->ndim, &dd)) return false;
  fxrt_dtype dt = t->dtype;
  if (op == FX_OP_CUMSUM || op == FX_OP_CUMPROD) {
    if (ARG("dtype")->kind != FX_V_NONE) {
      if (!fx_dtype_of_word(ARG("dtype"), &dt)) return fx_ierr(c, "unknown dtype");
    } else if (!is_float_dt(dt)) {
      dt = FXRT_I64;
    }
  }
  if (op == FX_OP_LOGCUMSUMEXP && !is_float_dt(dt)) return fx_ierr(c, "logcumsumexp needs a floating point input");
  new_attrs(c, in)->dims.dim = dd;
  if (op != FX_OP_CUMMAX && op != FX_OP_CUMMIN) return result_tensor(c, in, dt, t->ndim, t->shape);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  const int32_t nd = t->ndim; /* t moves when the first result grows the tensor table */
  fx_value items[2];
  items[0] = new_tensor(c, dt, nd, shape);
  items[1] = new_tensor(c, FXRT_I64, nd, shape);
  in->result = tuple_of(c, items, 2);
  return true;
}

bool fx_infer_topk(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t k, dim = -1;
  if (!as_int(ARG("k"), &k) || !as_int(ARG("dim"), &dim)) return fx_ierr(c, "k and dim must be ints");
  int32_t dd = 0;
  if (!fx_norm_dim(c, dim, t->ndim, &dd)) return false;
  int64_t len = t->ndim ? t->shape[dd] : 1;
  new_attrs(c, in)->dims.dim = dd;
  if (k < 0 || k > len)
    return fx_ierr(c, "k=%lld is out of range for a dimension of size %lld", (long long)k, (long long)len);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  if (t->ndim) shape[dd] = k;
  fxrt_dtype dt = t->dtype;
  int32_t nd = t->ndim; /* t moves when the first result grows the tensor table */
  fx_value items[2];
  items[0] = new_tensor(c, dt, nd, shape);
  items[1] = new_tensor(c, FXRT_I64, nd, shape);
  in->result = tuple_of(c, items, 2);
  return true;
}

/* ---- lowering ---- */

/* One reduction call of the dimensions red of src (x's shape, dtype dt) into dst: [outer, len, inner] when the
 * reduced dimensions are one block; else src is first copied with the kept dimensions first and the reduced ones
 * last, in order (then inner is 1). Returns the call. */
static fx_kcall *reduce_into(fx_lctx *r, fxrt_reduce_op rop, fxrt_dtype dt, fx_ref src, const fx_tinfo *tx,
                             const bool *red, fx_ref dst) {
  int32_t first = -1, last = -1;
  bool adjacent = true;
  for (int32_t i = 0; i < tx->ndim; i++)
    if (red[i]) {
      if (first < 0) first = i;
      last = i;
    }
  int64_t outer = 1, len = 1, inner = 1;
  for (int32_t i = 0; i < tx->ndim; i++) {
    if (first >= 0 && i >= first && i <= last && !red[i]) adjacent = false;
    if (red[i]) len *= tx->shape[i];
    else if (first < 0 || i < first) outer *= tx->shape[i];
    else if (i > last) inner *= tx->shape[i];
    else outer *= tx->shape[i];
  }
  if (!adjacent) {
    outer *= inner;
    inner = 1;
    const fxrt_view cv = cview(tx);
    fxrt_view pv = cv; /* the input read in the order kept dimensions, reduced dimensions */
    int32_t j = 0;
    for (int pass = 0; pass < 2; pass++)
      for (int32_t i = 0; i < tx->ndim; i++)
        if (red[i] == (pass == 1)) {
          pv.shape[j] = cv.shape[i];
          pv.stride[j++] = cv.stride[i];
        }
    const fxrt_view dv = fxrt_view_contiguous(pv.ndim, pv.shape);
    const fx_ref moved = fx_new_scratch(r, dt, fx_tinfo_numel(tx));
    fx_copy_call(r, src, &pv, moved, &dv);
    src = moved;
  }
  /* -Os: sum, mean, amax, amin, argmax and argmin of f32 are the compact kernels' */
  int sop = -1;
  switch (rop) {
  case FXRT_R_SUM: sop = FXRT_SMALL_SUM; break;
  case FXRT_R_MEAN: sop = FXRT_SMALL_MEAN; break;
  case FXRT_R_MAX: sop = FXRT_SMALL_AMAX; break;
  case FXRT_R_MIN: sop = FXRT_SMALL_AMIN; break;
  case FXRT_R_ARGMAX: sop = FXRT_SMALL_ARGMAX; break;
  case FXRT_R_ARGMIN: sop = FXRT_SMALL_ARGMIN; break;
  default: break;
  }
  if (r->p->small && dt == FXRT_F32 && sop >= 0 && outer * len * inner <= INT32_MAX &&
      (len >= 1 || sop <= FXRT_SMALL_MEAN)) {
    fx_kcall *k = fx_call(r, sop >= FXRT_SMALL_ARGMAX ? FX_K_SMALL_ARGREDUCE : FX_K_SMALL_REDUCE);
    k->ref[0] = src;
    k->ref[1] = dst;
    k->p.small = (fxrt_small_params){.n = (int32_t)outer, .c = (int32_t)len, .w = (int32_t)inner, .groups = sop};
    return k;
  }
  fx_kcall *k = fx_call(r, FX_K_REDUCE);
  k->sub = rop;
  k->dt = dt;
  k->ref[0] = src;
  k->i[0] = outer, k->i[1] = len, k->i[2] = inner;
  k->ref[1] = dst;
  return k;
}

bool fx_lower_reduce(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const bool *red = in->attrs->dims.reduce; /* decoded by inference */
  static const struct {
    fx_op op;
    fxrt_reduce_op r;
  } map[] = {{FX_OP_SUM, FXRT_R_SUM},       {FX_OP_MEAN, FXRT_R_MEAN},  {FX_OP_PROD, FXRT_R_PROD},
             {FX_OP_AMAX, FXRT_R_MAX},      {FX_OP_AMIN, FXRT_R_MIN},   {FX_OP_ARGMAX, FXRT_R_ARGMAX},
             {FX_OP_ARGMIN, FXRT_R_ARGMIN}, {FX_OP_ANY, FXRT_R_ANY},    {FX_OP_ALL, FXRT_R_ALL},
             {FX_OP_MAX_DIM, FXRT_R_MAX},   {FX_OP_MIN_DIM, FXRT_R_MIN}};
  fxrt_reduce_op rop = FXRT_R_SUM;
  for (size_t i = 0; i < sizeof map / sizeof *map; i++)
    if (map[i].op == op) rop = map[i].r;
  /* the input in the dtype the reduction computes in */
  fxrt_dtype dt = rop == FXRT_R_ARGMAX || rop == FXRT_R_ARGMIN ? tx->dtype : ty->dtype;
  if (rop == FXRT_R_ANY || rop == FXRT_R_ALL) dt = FXRT_BOOL;
  if (dt != FXRT_F32 && dt != FXRT_I64 && dt != FXRT_BOOL)
    return fx_lerr(r, "no reduction kernel for %s", fxrt_dtype_name(dt));
  fx_kcall *k = reduce_into(r, rop, dt, fx_as_dtype(r, x, dt), tx, red, tref(r, y));
  if (multi) {
    const fx_kcall first = *k;
    fx_kcall *k2 = fx_call(r, FX_K_REDUCE);
    *k2 = first;
    k2->sub = rop == FXRT_R_MAX ? FXRT_R_ARGMAX : FXRT_R_ARGMIN;
    if (first.kind == FX_K_SMALL_REDUCE) { /* -Os */
      k2->kind = FX_K_SMALL_ARGREDUCE;
      k2->p.small.groups = rop == FXRT_R_MAX ? FXRT_SMALL_ARGMAX : FXRT_SMALL_ARGMIN;
    }
    k2->ref[1] = tref(r, &in->result.u.items[1]);
  }
  return true;
}

/* t as [outer, len, inner] around dimension d (0 <= d, as inference decoded it). */
static void dim_split(const fx_tinfo *t, int32_t d, int64_t *outer, int64_t *len, int64_t *inner) {
  *outer = *inner = 1;
  *len = t->ndim ? t->shape[d] : 1;
  for (int32_t i = 0; i < t->ndim; i++) {
    if (i < d) *outer *= t->shape[i];
    if (i > d) *inner *= t->shape[i];
  }
}

bool fx_lower_softmax(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t outer, len, inner;
  dim_split(tx, in->attrs->dims.dim, &outer, &len, &inner);
  if (ty->dtype != FXRT_F32) return fx_lerr(r, "%s runs on f32 only", fx_op_name(op));
  fx_ref xs = fx_as_dtype(r, x, ty->dtype);
  if (op == FX_OP_SOFTMIN) { /* softmax(-x) */
    const int64_t n = fx_tinfo_numel(tx);
    const fx_ref neg = fx_new_scratch(r, ty->dtype, n);
    fx_unary_call(r, FXRT_U_NEG, xs, neg, n);
    xs = neg;
  }
  if (r->p->small && len >= 1 && outer * len * inner <= INT32_MAX) { /* -Os: the compact kernel */
    fx_kcall *k = fx_call(r, FX_K_SMALL_SOFTMAX);
    k->ref[0] = xs;
    k->ref[1] = tref(r, y);
    k->p.small = (fxrt_small_params){
        .n = (int32_t)outer, .c = (int32_t)len, .w = (int32_t)inner, .groups = op == FX_OP_LOG_SOFTMAX};
    return true;
  }
  fx_kcall *k = fx_call(r, FX_K_SOFTMAX);
  k->ref[0] = xs;
  k->i[0] = outer, k->i[1] = len, k->i[2] = inner;
  k->ref[1] = tref(r, y);
  k->flag = op == FX_OP_LOG_SOFTMAX;
  return true;
}

/* One fxrt_scan call on the input in the result's dtype (cumsum's dtype= converts before it sums, as torch does). */
bool fx_lower_scan(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const bool pair = in->result.kind == FX_V_TUPLE;
  const fx_value *y = pair ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fxrt_scan_op sop = op == FX_OP_CUMPROD        ? FXRT_SCAN_PROD
                           : op == FX_OP_CUMMAX       ? FXRT_SCAN_MAX
                           : op == FX_OP_CUMMIN       ? FXRT_SCAN_MIN
                           : op == FX_OP_LOGCUMSUMEXP ? FXRT_SCAN_LOGSUMEXP
                                                      : FXRT_SCAN_SUM;
  const fxrt_dtype dt = ty->dtype;
  if (dt == FXRT_F16 || dt == FXRT_BF16 || (dt == FXRT_BOOL && !pair))
    return fx_lerr(r, "no %s kernel for %s", fx_op_name(op), fxrt_dtype_name(dt));
  const fx_ref xs = fx_as_dtype(r, x, dt); /* its copy call comes first */
  fx_kcall *k = fx_call(r, FX_K_SCAN);
  k->sub = sop;
  k->dt = dt;
  k->ref[0] = xs;
  dim_split(tx, in->attrs->dims.dim, &k->i[0], &k->i[1], &k->i[2]);
  k->ref[1] = tref(r, y);
  if (pair) k->ref[2] = tref(r, &in->result.u.items[1]);
  return true;
}

bool fx_lower_topk(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  if (tx->dtype != FXRT_F32) return fx_lerr(r, "topk runs on f32 only");
  fx_kcall *k = fx_call(r, FX_K_TOPK);
  dim_split(tx, in->attrs->dims.dim, &k->i[0], &k->i[1], &k->i[2]);
  k->ref[0] = tref(r, x);
  k->i[3] = iarg(ARG("k"), 1);
  k->flag = iarg(ARG("largest"), 1) != 0;
  k->ref[1] = tref(r, &in->result.u.items[0]);
  k->ref[2] = tref(r, &in->result.u.items[1]);
  return true;
}

/* torch.trace: the sum of a matrix's diagonal (integers sum as int64), its diagonal copied out first. */
bool fx_infer_trace(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  (void)op;
  if (t->ndim != 2) return fx_ierr(c, "trace needs a matrix (2 dimensions), not %d", t->ndim);
  fxrt_dtype dt = t->dtype == FXRT_F32 || t->dtype == FXRT_F64 ? t->dtype : FXRT_I64;
  return result_tensor(c, in, dt, 0, NULL);
}

bool fx_lower_trace(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  (void)op;
  if (ty->dtype != FXRT_F32 && ty->dtype != FXRT_I64) return fx_lerr(r, "no reduction kernel for %s", fxrt_dtype_name(ty->dtype));
  const fxrt_view cv = cview(tx), dv = fx_diagonal_view(&cv, 0, 1, 0);
  const fxrt_view ov = fxrt_view_contiguous(1, dv.shape);
  const fx_ref d = fx_new_scratch(r, ty->dtype, dv.shape[0]);
  fx_copy_call(r, tref(r, x), &dv, d, &ov);
  fx_kcall *k = fx_call(r, FX_K_REDUCE);
  k->sub = FXRT_R_SUM;
  k->dt = ty->dtype;
  k->ref[0] = d;
  k->i[0] = 1, k->i[1] = dv.shape[0], k->i[2] = 1;
  k->ref[1] = tref(r, y);
  return true;
}

/* ---- moments: var, std, var_mean, std_mean, nansum, nanmean, count_nonzero, logsumexp ----
 * Computed by the runtime's reductions and elementwise kernels, as PyTorch defines them:
 *   var = sum((x - mean)^2) / max(0, N - correction), std its square root (the mean computed first: two passes);
 *   nansum = sum(x with NaN as 0), nanmean = that over the count of values that are not NaN;
 *   count_nonzero = sum(x != 0) as int64;
 *   logsumexp = log(sum(exp(x - m))) + m, m the maximum (0 where it is infinite). */
bool fx_infer_moments(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int kd = fx_sig_find(fx_op_sig(op), "dim"), ku = fx_sig_find(fx_op_sig(op), "unbiased");
  if (ku >= 0 && in->args[kd].kind == FX_V_BOOL) { /* var(x, False): the unbiased overload */
    in->args[ku] = in->args[kd];
    in->args[kd] = fx_value_none();
  }
  fxrt_dtype dt = t->dtype;
  if (op == FX_OP_COUNT_NONZERO) {
    dt = FXRT_I64;
  } else {
    int kdt = fx_sig_find(fx_op_sig(op), "dtype");
    if (kdt >= 0 && in->args[kdt].kind != FX_V_NONE && !fx_dtype_of_word(&in->args[kdt], &dt))
      return fx_ierr(c, "unknown dtype");
    if (!is_float_dt(dt)) return fx_ierr(c, "%s needs a floating point input", fx_op_name(op));
  }
  if (ku >= 0 && ARG("correction")->kind != FX_V_NONE && ARG("correction")->kind != FX_V_INT &&
      ARG("correction")->kind != FX_V_FLOAT)
    return fx_ierr(c, "correction must be a number");
  if (!infer_reduce(c, in, op, t, dt, 1)) return false;
  if (op == FX_OP_LOGSUMEXP) {
    int64_t n = 1;
    for (int32_t i = 0; i < t->ndim; i++)
      if (in->attrs->dims.reduce[i]) n *= t->shape[i];
    if (n == 0) return fx_ierr(c, "logsumexp over no elements is not supported");
  }
  if (op == FX_OP_VAR_MEAN || op == FX_OP_STD_MEAN) {
    const fx_tinfo *r = tinfo(c, &in->result);
    fx_value items[2] = {in->result, new_tensor(c, r->dtype, r->ndim, r->shape)};
    in->result = tuple_of(c, items, 2);
  }
  return true;
}

bool fx_lower_moments(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const bool pair = in->result.kind == FX_V_TUPLE;
  const fx_value *y = pair ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const bool *red = in->attrs->dims.reduce;
  const fxrt_dtype dt = ty->dtype;
  if (dt != FXRT_F32 && dt != FXRT_I64) return fx_lerr(r, "%s on %s tensors is not supported", fx_op_name(op),
                                                       fxrt_dtype_name(dt));
  const int64_t nx = fx_tinfo_numel(tx), ny = fx_tinfo_numel(ty);
  int64_t count = 1, kshape[FXRT_MAX_DIMS];
  for (int32_t i = 0; i < tx->ndim; i++) {
    if (red[i]) count *= tx->shape[i];
    kshape[i] = red[i] ? 1 : tx->shape[i];
  }
  /* a result-sized tensor read at every element of x: the kept shape's strides, 0 along the reduced dimensions */
  fxrt_view kv = fxrt_view_contiguous(tx->ndim, kshape);
  for (int32_t i = 0; i < tx->ndim; i++)
    if (red[i]) kv.stride[i] = 0;
  const fxrt_view xv = cview(tx), yv = fxrt_view_contiguous(1, &ny), x1 = fxrt_view_contiguous(1, &nx);
  const fx_ref xs = fx_as_dtype(r, x, op == FX_OP_COUNT_NONZERO ? tx->dtype : dt), out = tref(r, y);
  switch (op) {
  case FX_OP_VAR:
  case FX_OP_STD:
  case FX_OP_VAR_MEAN:
  case FX_OP_STD_MEAN: {
    double correction = 1;
    if (ARG("correction")->kind != FX_V_NONE) correction = farg(ARG("correction"), 1);
    else correction = iarg(ARG("unbiased"), 1) ? 1 : 0;
    const fx_ref mean = pair ? tref(r, &in->result.u.items[1]) : fx_new_scratch(r, dt, ny);
    reduce_into(r, FXRT_R_MEAN, dt, xs, tx, red, mean);
    const fx_ref d = fx_new_scratch(r, dt, nx);
    fx_binary_call(r, FXRT_B_SUB, dt, xs, &xv, mean, &kv, d, &xv);
    fx_binary_call(r, FXRT_B_MUL, dt, d, &x1, d, &x1, d, &x1);
    reduce_into(r, FXRT_R_SUM, dt, d, tx, red, out);
    const double div = (double)count - correction;
    fx_binary_scalar_call(r, FXRT_B_DIV, dt, out, &yv, div > 0 ? div : 0, out);
    if (op == FX_OP_STD || op == FX_OP_STD_MEAN) fx_unary_call(r, FXRT_U_SQRT, out, out, ny);
    return true;
  }
  case FX_OP_NANSUM:
  case FX_OP_NANMEAN: {
    const fx_ref nan = fx_new_scratch(r, FXRT_BOOL, nx), z = fx_new_scratch(r, dt, nx);
    fx_binary_call(r, FXRT_B_NE, dt, xs, &x1, xs, &x1, nan, &x1);
    fx_where_scalar_call(r, dt, nan, xs, &x1, 0, z);
    reduce_into(r, FXRT_R_SUM, dt, z, tx, red, out);
    if (op == FX_OP_NANMEAN) { /* over the values that are not NaN: (x == x) as numbers, summed */
      const fx_ref cnt = fx_new_scratch(r, dt, ny);
      fx_binary_call(r, FXRT_B_EQ, dt, xs, &x1, xs, &x1, nan, &x1);
      fx_copy_call(r, nan, &x1, z, &x1);
      reduce_into(r, FXRT_R_SUM, dt, z, tx, red, cnt);
      fx_binary_call(r, FXRT_B_DIV, dt, out, &yv, cnt, &yv, out, &yv);
    }
    return true;
  }
  case FX_OP_COUNT_NONZERO: {
    const fxrt_dtype xd = tx->dtype;
    if (xd != FXRT_F32 && xd != FXRT_F64 && xd != FXRT_I64 && xd != FXRT_I32 && xd != FXRT_BOOL)
      return fx_lerr(r, "count_nonzero on %s tensors is not supported", fxrt_dtype_name(xd));
    const fx_ref nz = fx_new_scratch(r, FXRT_BOOL, nx), n64 = fx_new_scratch(r, FXRT_I64, nx);
    fx_binary_scalar_call(r, FXRT_B_NE, xd, xs, &x1, 0, nz);
    fx_copy_call(r, nz, &x1, n64, &x1);
    reduce_into(r, FXRT_R_SUM, FXRT_I64, n64, tx, red, out);
    return true;
  }
  default: { /* logsumexp */
    if (dt != FXRT_F32) return fx_lerr(r, "logsumexp runs on f32 only");
    const fx_ref m = fx_new_scratch(r, dt, ny), inf = fx_new_scratch(r, FXRT_BOOL, ny),
                 ninf = fx_new_scratch(r, FXRT_BOOL, ny), d = fx_new_scratch(r, dt, nx);
    reduce_into(r, FXRT_R_MAX, dt, xs, tx, red, m);
    fx_binary_scalar_call(r, FXRT_B_EQ, dt, m, &yv, INFINITY, inf);
    fx_binary_scalar_call(r, FXRT_B_EQ, dt, m, &yv, -INFINITY, ninf);
    fx_binary_call(r, FXRT_B_OR, FXRT_BOOL, inf, &yv, ninf, &yv, inf, &yv);
    fx_where_scalar_call(r, dt, inf, m, &yv, 0, m);
    fx_binary_call(r, FXRT_B_SUB, dt, xs, &xv, m, &kv, d, &xv);
    fx_unary_call(r, FXRT_U_EXP, d, d, nx);
    reduce_into(r, FXRT_R_SUM, dt, d, tx, red, out);
    fx_unary_call(r, FXRT_U_LOG, out, out, ny);
    fx_binary_call(r, FXRT_B_ADD, dt, out, &yv, m, &yv, out, &yv);
    return true;
  }
  }
}
