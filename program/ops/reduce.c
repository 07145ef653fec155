/* reduce.c: reductions over dimensions (sum, mean, prod, amax, amin, max/min with indices, argmax, argmin,
 * any, all) and the ops along one dimension (softmax, log_softmax, cumsum, topk).
 */
#include "family.h"

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
    if (nd == -2 && op != FX_OP_SUM && op != FX_OP_MEAN && op != FX_OP_PROD && op != FX_OP_AMAX && op != FX_OP_AMIN)
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
  if (op == FX_OP_CUMSUM && !is_float_dt(dt)) dt = FXRT_I64;
  else if (op != FX_OP_CUMSUM && !is_float_dt(dt)) return fx_ierr(c, "softmax needs a floating point input");
  new_attrs(c, in)->dims.dim = dd;
  return result_tensor(c, in, dt, t->ndim, t->shape);
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

bool fx_lower_reduce(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  bool multi = in->result.kind == FX_V_TUPLE;
  const fx_value *y = multi ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const bool *red = in->attrs->dims.reduce; /* decoded by inference */
  /* the reduced dimensions as one block: [outer, len, inner]; when they are not adjacent, the input is first
   * copied with the kept dimensions first and the reduced ones last, in order (then inner is 1) */
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
  }
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
  fx_ref xs = fx_as_dtype(r, x, dt);
  if (!adjacent) {
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
    fx_copy_call(r, xs, &pv, moved, &dv);
    xs = moved;
  }
  fx_kcall *k = fx_call(r, FX_K_REDUCE);
  k->sub = rop;
  k->dt = dt;
  k->ref[0] = xs;
  k->i[0] = outer, k->i[1] = len, k->i[2] = inner;
  k->ref[1] = tref(r, y);
  if (multi) {
    fx_kcall *k2 = fx_call(r, FX_K_REDUCE);
    *k2 = r->L->calls[r->L->ncalls - 2];
    k2->sub = rop == FXRT_R_MAX ? FXRT_R_ARGMAX : FXRT_R_ARGMIN;
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
  if (op == FX_OP_CUMSUM ? ty->dtype != FXRT_F32 && ty->dtype != FXRT_I64 : ty->dtype != FXRT_F32)
    return fx_lerr(r, "%s runs on %s only", fx_op_name(op), op == FX_OP_CUMSUM ? "f32 and i64" : "f32");
  fx_ref xs = fx_as_dtype(r, x, ty->dtype);
  fx_kcall *k = fx_call(r, op == FX_OP_CUMSUM ? FX_K_CUMSUM : FX_K_SOFTMAX);
  k->dt = ty->dtype;
  k->ref[0] = xs;
  k->i[0] = outer, k->i[1] = len, k->i[2] = inner;
  k->ref[1] = tref(r, y);
  k->flag = op == FX_OP_LOG_SOFTMAX;
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
