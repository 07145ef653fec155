/* view.c: views and copies of a whole tensor: view, view_as, flatten, unflatten, squeeze, unsqueeze (which share
 * the input's storage), permute, transpose, t, expand, expand_as, the ops that are the input in eval mode
 * (contiguous, detach, dropout, identity, stochastic_depth), clone and to.
 */
#include "family.h"

#include <stdio.h>

/* ---- inference ---- */

/* The n sizes of a view of `numel` elements, one of which may be -1 (inferred, in place); else an error. A product
 * of the sizes beyond int64 is more than numel, so it needs no other message. */
static bool infer_size(fx_ictx *c, int64_t *shape, int n, int64_t numel, const char *of) { /* of: "%lld ..." */
  int64_t known = 1;
  int infer_at = -1;
  bool ovf = false, zero = false;
  char s[200];
  for (int i = 0; i < n; i++) {
    if (shape[i] == -1) {
      if (infer_at >= 0) return fx_ierr(c, "only one dimension can be -1");
      infer_at = i;
    } else if (shape[i] < 0) {
      return fx_ierr(c, "invalid size %lld", (long long)shape[i]);
    } else {
      zero |= shape[i] == 0;
      ovf |= !fx_mul_i64(known, shape[i], &known);
    }
  }
  if (zero) known = 0, ovf = false;
  if (infer_at >= 0 ? ovf || known == 0 || numel % known : ovf || known != numel)
  {
    char what[100];
    snprintf(what, sizeof what, of, (long long)numel);
    return fx_ierr(c, "shape %s is invalid for %s", fx_shape_str(n, shape, s, sizeof s), what);
  }
  if (infer_at >= 0) shape[infer_at] = numel / known;
  return true;
}

/* x viewed with the given sizes (one may be -1). */
static bool view_result(fx_ictx *c, fx_inst *in, const fx_value *x, const fx_value *sizev) {
  const fx_tinfo *t = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  /* x.reshape(s) with s a value computed in the graph (x.size()[:-1] + y.shape[-2:]): *size collected the one
   * sequence, which is the shape, as in x.reshape(*s) */
  if ((sizev->kind == FX_V_TUPLE || sizev->kind == FX_V_LIST) && sizev->n == 1 &&
      (sizev->u.items[0].kind == FX_V_TUPLE || sizev->u.items[0].kind == FX_V_LIST))
    sizev = &sizev->u.items[0];
  int n = fx_as_ints(sizev, shape, FXRT_MAX_DIMS);
  if (n < 0) return fx_ierr(c, "the new shape must be ints");
  int64_t numel = fx_tinfo_numel(t);
  if (!infer_size(c, shape, n, numel, "an input of %lld elements")) return false;
  in->result = alias_tensor(c, x, t->dtype, n, shape);
  return true;
}

static bool infer_view(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  if (op == FX_OP_VIEW) return view_result(c, in, x, ARG("size"));
  NEED_TENSOR(ARG("other"), "other");
  fx_value sv = shape_value(c, tinfo(c, ARG("other")));
  return view_result(c, in, x, &sv);
}

/* flatten, unflatten, squeeze, unsqueeze */
static bool infer_reshape(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  int32_t n = 0;
  if (op == FX_OP_FLATTEN) {
    int64_t s0, s1;
    int32_t a = 0, b = 0;
    if (!as_int(ARG("start_dim"), &s0) || !as_int(ARG("end_dim"), &s1))
      return fx_ierr(c, "start_dim and end_dim must be ints");
    if (t->ndim == 0) {
      shape[n++] = 1;
    } else {
      if (!fx_norm_dim(c, s0, t->ndim, &a) || !fx_norm_dim(c, s1, t->ndim, &b)) return false;
      if (a > b) return fx_ierr(c, "start_dim comes after end_dim");
      for (int32_t i = 0; i < a; i++) shape[n++] = t->shape[i];
      int64_t m = 1;
      for (int32_t i = a; i <= b; i++) m *= t->shape[i];
      shape[n++] = m;
      for (int32_t i = b + 1; i < t->ndim; i++) shape[n++] = t->shape[i];
    }
  } else if (op == FX_OP_UNFLATTEN) {
    int64_t sizes[FXRT_MAX_DIMS];
    int32_t dd = 0;
    int k = fx_as_ints(ARG("sizes"), sizes, FXRT_MAX_DIMS);
    if (k < 1) return fx_ierr(c, "sizes must be one or more ints");
    if (!fx_dim_arg(c, ARG("dim"), t->ndim, &dd)) return false;
    if (t->ndim - 1 + k > FXRT_MAX_DIMS) return fx_ierr(c, "too many dimensions");
    if (!infer_size(c, sizes, k, t->shape[dd], "a dimension of size %lld")) return false;
    for (int32_t i = 0; i < t->ndim; i++) {
      if (i == dd)
        for (int j = 0; j < k; j++) shape[n++] = sizes[j];
      else shape[n++] = t->shape[i];
    }
  } else if (op == FX_OP_SQUEEZE) {
    const fx_value *dv = ARG("dim");
    int64_t dims[FXRT_MAX_DIMS];
    bool sq[FXRT_MAX_DIMS] = {false};
    int k = dv->kind == FX_V_NONE ? -2 : fx_as_ints(dv, dims, FXRT_MAX_DIMS);
    if (k == -1) return fx_ierr(c, "dim must be ints");
    for (int32_t i = 0; i < t->ndim; i++) sq[i] = k == -2;
    for (int i = 0; i < k; i++) {
      int32_t dd = 0;
      if (!fx_norm_dim(c, dims[i], t->ndim, &dd)) return false;
      sq[dd] = true;
    }
    for (int32_t i = 0; i < t->ndim; i++)
      if (!(sq[i] && t->shape[i] == 1)) shape[n++] = t->shape[i];
  } else {
    int64_t dim;
    int32_t dd = 0;
    if (!as_int(ARG("dim"), &dim)) return fx_ierr(c, "dim must be an int");
    if (t->ndim + 1 > FXRT_MAX_DIMS) return fx_ierr(c, "too many dimensions");
    if (!fx_norm_dim(c, dim, t->ndim + 1, &dd)) return false;
    for (int32_t i = 0; i <= t->ndim; i++) shape[n++] = i == dd ? 1 : t->shape[i < dd ? i : i - 1];
  }
  in->result = alias_tensor(c, x, t->dtype, n, shape);
  return true;
}

bool fx_infer_permute(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t perm[FXRT_MAX_DIMS], shape[FXRT_MAX_DIMS];
  for (int32_t i = 0; i < t->ndim; i++) perm[i] = i;
  if (op == FX_OP_PERMUTE) {
    int k = fx_as_ints(ARG("dims"), perm, FXRT_MAX_DIMS);
    if (k != t->ndim) return fx_ierr(c, "permute needs %d dimensions", t->ndim);
    bool seen[FXRT_MAX_DIMS] = {false};
    for (int i = 0; i < k; i++) {
      int32_t dd = 0;
      if (!fx_norm_dim(c, perm[i], t->ndim, &dd)) return false;
      if (seen[dd]) return fx_ierr(c, "permute repeats dimension %d", dd);
      seen[dd] = true;
      perm[i] = dd;
    }
  } else if (op == FX_OP_TRANSPOSE || (op == FX_OP_T && t->ndim == 2)) {
    int64_t d0 = 0, d1 = 1;
    int32_t a = 0, b = 0;
    if (op == FX_OP_TRANSPOSE && (!as_int(ARG("dim0"), &d0) || !as_int(ARG("dim1"), &d1)))
      return fx_ierr(c, "dims must be ints");
    if (!fx_norm_dim(c, d0, t->ndim, &a) || !fx_norm_dim(c, d1, t->ndim, &b)) return false;
    perm[a] = b;
    perm[b] = a;
  } else if (op == FX_OP_NUMPY_T) {
    for (int32_t i = 0; i < t->ndim; i++) perm[i] = t->ndim - 1 - i;
  } else if (op == FX_OP_MATRIX_T) { /* the last two swapped; a 0-dim tensor is itself, as in PyTorch */
    if (t->ndim == 1) return fx_ierr(c, "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
    if (t->ndim >= 2) perm[t->ndim - 2] = t->ndim - 1, perm[t->ndim - 1] = t->ndim - 2;
  } else if (op == FX_OP_MOVEDIM) { /* source dimensions to destination places, the others in order around them */
    int64_t src[FXRT_MAX_DIMS], dst[FXRT_MAX_DIMS];
    int ns = fx_as_ints(ARG("source"), src, FXRT_MAX_DIMS), nd = fx_as_ints(ARG("destination"), dst, FXRT_MAX_DIMS);
    if (ns < 0 || nd < 0 || ns != nd)
      return fx_ierr(c, "movedim: source and destination must be ints or lists of ints of one length");
    bool used_src[FXRT_MAX_DIMS] = {false}, used_dst[FXRT_MAX_DIMS] = {false};
    for (int i = 0; i < ns; i++) {
      int32_t s = 0, d = 0;
      if (!fx_norm_dim(c, src[i], t->ndim, &s) || !fx_norm_dim(c, dst[i], t->ndim, &d)) return false;
      if (used_src[s] || used_dst[d]) return fx_ierr(c, "movedim: repeated dim in source or destination");
      used_src[s] = used_dst[d] = true;
      perm[d] = s;
    }
    for (int32_t i = 0, s = 0; i < t->ndim; i++) {
      if (used_dst[i]) continue;
      while (used_src[s]) s++;
      perm[i] = s++;
    }
  } else if (t->ndim > 2) {
    return fx_ierr(c, "t() needs a tensor of at most 2 dimensions");
  }
  fx_view_attrs *a = &new_attrs(c, in)->view;
  for (int32_t i = 0; i < t->ndim; i++) shape[i] = t->shape[perm[i]], a->perm[i] = (int32_t)perm[i];
  return result_tensor(c, in, t->dtype, t->ndim, shape);
}

bool fx_infer_expand(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  int k;
  if (op == FX_OP_EXPAND) {
    k = fx_as_ints(ARG("size"), shape, FXRT_MAX_DIMS);
    if (k < t->ndim) return fx_ierr(c, "expand needs at least %d sizes", t->ndim);
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
      if (ti < 0) return fx_ierr(c, "-1 is not allowed for a new leading dimension");
      shape[i] = have;
    } else if (have != 1 && have != shape[i]) {
      return fx_ierr(c, "cannot expand size %lld to %lld", (long long)have, (long long)shape[i]);
    }
  }
  return result_tensor(c, in, t->dtype, k, shape);
}

/* contiguous, clone, detach, dropout, identity, stochastic_depth */
static bool infer_noop(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  if (op == FX_OP_DROPOUT || op == FX_OP_STOCHASTIC_DEPTH) {
    bool training = false;
    as_bool(ARG("training"), &training);
    double pr = 0;
    as_float(ARG("p"), &pr);
    if (training && pr > 0) return fx_ierr(c, "training=True makes the result random; export the model in eval mode");
  }
  if (!is_tensor(x)) {
    in->result = *x;
    in->work = false;
    return true;
  }
  const fx_tinfo *t = tinfo(c, x);
  if (op == FX_OP_CLONE) { /* a copy of its own: an in-place op on it must not change the input */
    return result_tensor(c, in, t->dtype, t->ndim, t->shape);
  }
  in->result = alias_tensor(c, x, t->dtype, t->ndim, t->shape);
  in->work = false;
  return true;
}

static bool infer_to(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *dv = ARG("dtype");
  if (!is_tensor(x)) return fx_ierr(c, "input must be a tensor");
  const fx_tinfo *t = tinfo(c, x);
  fxrt_dtype dt = t->dtype;
  if (is_tensor(dv)) dt = tinfo(c, dv)->dtype;
  else if (dv->kind != FX_V_NONE && !fx_dtype_of_word(dv, &dt)) return fx_ierr(c, "unknown dtype");
  if (dt == t->dtype) {
    in->result = alias_tensor(c, x, dt, t->ndim, t->shape);
    in->work = false;
  } else {
    in->result = new_tensor(c, dt, t->ndim, t->shape);
  }
  return true;
}

/* The results of view, view_as, flatten, unflatten, squeeze and unsqueeze share their input's storage. */
bool fx_infer_reshape(fx_ictx *c, fx_op op, fx_inst *in) {
  return op == FX_OP_VIEW || op == FX_OP_VIEW_AS ? infer_view(c, op, in) : infer_reshape(c, op, in);
}

bool fx_infer_noop(fx_ictx *c, fx_op op, fx_inst *in) {
  return op == FX_OP_TO ? infer_to(c, op, in) : infer_noop(c, op, in);
}

/* ---- views: the elements each view op takes of its input (also where they are in the storage it views) ---- */

/* The length of the diagonal at offset off of dimensions of sizes s1 and s2. */
int64_t fx_diagonal_length(int64_t s1, int64_t s2, int64_t off) {
  int64_t n = off >= 0 ? (s1 < s2 - off ? s1 : s2 - off) : (s1 + off < s2 ? s1 + off : s2);
  return n > 0 ? n : 0;
}

/* The view of the diagonal (offset off) of dimensions d1 and d2 of view c: the other dimensions in order, then the
 * diagonal, whose stride is the sum of theirs. */
fxrt_view fx_diagonal_view(const fxrt_view *c, int32_t d1, int32_t d2, int64_t off) {
  fxrt_view v = *c;
  int32_t j = 0;
  for (int32_t i = 0; i < c->ndim; i++)
    if (i != d1 && i != d2) {
      v.shape[j] = c->shape[i];
      v.stride[j++] = c->stride[i];
    }
  v.shape[j] = fx_diagonal_length(c->shape[d1], c->shape[d2], off);
  v.stride[j] = c->stride[d1] + c->stride[d2];
  v.ndim = j + 1;
  if (v.shape[j] > 0) v.offset = c->offset + (off >= 0 ? off * c->stride[d2] : -off * c->stride[d1]);
  return v;
}

/* torch.diagonal(input, offset, dim1, dim2): a view (strides only), as transpose is. */
bool fx_infer_diagonal(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t off = 0, d1 = 0, d2 = 1;
  if (!as_int(ARG("offset"), &off) || !as_int(ARG("dim1"), &d1) || !as_int(ARG("dim2"), &d2))
    return fx_ierr(c, "%s: offset, dim1 and dim2 must be ints", fx_op_name(op));
  if (t->ndim < 2) return fx_ierr(c, "diagonal needs a tensor of at least 2 dimensions");
  int32_t a = 0, b = 0;
  if (!fx_norm_dim(c, d1, t->ndim, &a) || !fx_norm_dim(c, d2, t->ndim, &b)) return false;
  if (a == b) return fx_ierr(c, "diagonal dimensions cannot be identical %d, %d", (int)d1, (int)d2);
  fx_view_attrs *va = &new_attrs(c, in)->view;
  va->dim1 = a, va->dim2 = b, va->offset = off;
  const fxrt_view cv = cview(t), v = fx_diagonal_view(&cv, a, b, off);
  return result_tensor(c, in, t->dtype, v.ndim, v.shape);
}

/* as_strided(x, size, stride, storage_offset): inference has checked that x is its storage's elements from the
 * start, contiguous (c's offset 0, its place in its base too), and that the view stays within them */
static void as_strided_view(const fx_inst *in, fxrt_view *v) {
  const fx_op op = FX_OP_AS_STRIDED;
  int64_t size[FXRT_MAX_DIMS], stride[FXRT_MAX_DIMS];
  int n = fx_ints_of(ARG("size"), size, FXRT_MAX_DIMS);
  fx_ints_of(ARG("stride"), stride, FXRT_MAX_DIMS);
  v->ndim = n;
  for (int i = 0; i < n; i++) v->shape[i] = size[i], v->stride[i] = stride[i];
  v->offset = iarg(ARG("storage_offset"), 0);
}

bool fx_infer_as_strided(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t size[FXRT_MAX_DIMS], stride[FXRT_MAX_DIMS], off = 0;
  int n = fx_as_ints(ARG("size"), size, FXRT_MAX_DIMS), ns = fx_as_ints(ARG("stride"), stride, FXRT_MAX_DIMS);
  if (n < 0 || ns != n) return fx_ierr(c, "size and stride must be lists of as many ints (at most %d)", FXRT_MAX_DIMS);
  if (ARG("storage_offset")->kind != FX_V_NONE && !as_int(ARG("storage_offset"), &off))
    return fx_ierr(c, "storage_offset must be an int");
  const fx_tinfo *ta = &c->p->tensors[t->alias];
  if (t->view || ta->view)
    return fx_ierr(c, "as_strided of a strided view (a slice, transpose ...) is not supported: its storage holds "
                      "other elements too; call .contiguous() first");
  int64_t hi = off, numel = fx_tinfo_numel(t);
  bool empty = false;
  for (int i = 0; i < n; i++) {
    if (size[i] < 0 || stride[i] < 0) return fx_ierr(c, "negative sizes and strides are not supported");
    if (size[i] == 0) empty = true;
    else if (!fx_add_i64(hi, (size[i] - 1) * (stride[i] < (int64_t)1 << 40 ? stride[i] : (int64_t)1 << 40), &hi))
      return fx_ierr_overflow(c, "the view's last element");
  }
  if (off < 0 || (!empty && hi >= numel))
    return fx_ierr(c, "the view reaches element %lld of an input of %lld elements: as_strided beyond the input's own "
                      "elements is not supported",
                   (long long)hi, (long long)numel);
  return result_tensor(c, in, t->dtype, n, size);
}

bool fx_lower_as_strided(fx_lctx *r, fx_op op, const fx_inst *in) {
  fxrt_view v = cview(ti(r, &in->args[0]));
  as_strided_view(in, &v);
  return fx_copy_view(r, &in->args[0], &v, &in->result);
}

bool fx_permute_view(const fx_program *p, fx_op op, const fx_inst *in, const fxrt_view *c, fxrt_view *v) {
  *v = *c;
  if (op == FX_OP_AS_STRIDED) {
    as_strided_view(in, v);
    return true;
  }
  if (op == FX_OP_PERMUTE || op == FX_OP_TRANSPOSE || op == FX_OP_T || op == FX_OP_NUMPY_T || op == FX_OP_MATRIX_T ||
      op == FX_OP_MOVEDIM) {
    const int32_t *perm = in->attrs->view.perm; /* decoded by inference */
    for (int32_t i = 0; i < c->ndim; i++) {
      v->shape[i] = c->shape[perm[i]];
      v->stride[i] = c->stride[perm[i]];
    }
    return true;
  }
  if (op == FX_OP_DIAGONAL) {
    const fx_view_attrs *a = &in->attrs->view;
    *v = fx_diagonal_view(c, a->dim1, a->dim2, a->offset);
    return true;
  }
  if (op != FX_OP_EXPAND && op != FX_OP_EXPAND_AS) return false;
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node], *ty = &p->tensors[in->result.v.node];
  v->ndim = ty->ndim;
  for (int32_t i = 0; i < ty->ndim; i++) { /* stride 0 where x has size 1 or no dimension */
    int32_t k = i - (ty->ndim - tx->ndim);
    v->shape[i] = ty->shape[i];
    v->stride[i] = k >= 0 && tx->shape[k] != 1 ? c->stride[k] : 0;
  }
  return true;
}

/* ---- lowering ---- */

bool fx_lower_permute(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  fxrt_view c = cview(ti(r, x)), v;
  fx_permute_view(r->p, op, in, &c, &v);
  return fx_copy_view(r, x, &v, y);
}

bool fx_lower_diagonal(fx_lctx *r, fx_op op, const fx_inst *in) { return fx_lower_permute(r, op, in); }

bool fx_lower_expand(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  fxrt_view c = cview(ti(r, x)), v;
  fx_permute_view(r->p, op, in, &c, &v);
  return fx_copy_view(r, x, &v, y);
}

/* Never called: their results share their input's storage (FX_OPF_VIEW), and lowering skips them. */
bool fx_lower_reshape(fx_lctx *r, fx_op op, const fx_inst *in) {
  return fx_lerr(r, "internal error: %s shares its input's storage and has no kernel of its own", fx_op_name(op));
}

/* clone and to (the eval-mode no-ops are the input itself, FX_OPF_NOOP): a copy, converting the dtype. */
bool fx_lower_noop(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  fxrt_view v = cview(ti(r, x));
  return fx_copy_view(r, x, &v, &in->result);
}
