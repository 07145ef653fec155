/* index.c: indexing, splitting and joining: x[...] (and indexing a Python sequence), slice, select, narrow,
 * chunk, split, unbind, cat, stack, embedding and index_select.
 */
#include "family.h"

/* ---- inference ---- */

/* shape[1:], shape[-1], (a, b)[0] */
static bool getitem_py(fx_ictx *c, const fx_value *seq, const fx_value *idx, fx_value *out) {
  int64_t n = seq->n, i;
  if (as_int(idx, &i)) {
    if (i < -n || i >= n)
      return fx_ierr(c, "index %lld is out of range for a sequence of %lld", (long long)i, (long long)n);
    *out = seq->u.items[i < 0 ? i + n : i];
    return true;
  }
  if (idx->kind == FX_V_CALL && idx->n == 4) { /* slice(start, stop, step) */
    int64_t start = 0, stop = n, step = 1;
    as_int(&idx->u.items[3], &step);
    if (step == 0) return fx_ierr(c, "slice step cannot be zero");
    if (step < 0) {
      start = n - 1;
      stop = -n - 1;
    }
    if (as_int(&idx->u.items[1], &start) && start < 0) start += n;
    if (as_int(&idx->u.items[2], &stop) && stop < 0) stop += n;
    /* Python's slice.indices: start and stop clamped to [0, n] ([-1, n - 1] going backwards) */
    int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? n : n - 1;
    start = start < lo ? lo : start > hi ? hi : start;
    stop = stop < lo ? lo : stop > hi ? hi : stop;
    fx_value *items = n ? fx_arena_alloc(&c->p->arena, (size_t)n * sizeof *items) : NULL;
    uint32_t k = 0;
    /* j stays within [-1, n]: a step that would leave it ends the loop (no overflow for any step) */
    for (int64_t j = start; step > 0 ? j < stop : j > stop; j = step > 0 ? (stop - j > step ? j + step : stop)
                                                                          : (j - stop > -step ? j + step : stop))
      items[k++] = seq->u.items[j];
    *out = fx_value_container_in(&c->p->arena, (fx_vkind)seq->kind, items, k);
    return true;
  }
  return fx_ierr(c, "unsupported index on a sequence");
}

/* The length of x[start:stop:step] along a dimension of size sz (step > 0, start and stop counted from the start):
 * start and stop clamped to [0, sz], in place. */
static int64_t slice_len(int64_t sz, int64_t *start, int64_t *stop, int64_t step) {
  *start = *start < 0 ? 0 : *start > sz ? sz : *start;
  *stop = *stop < 0 ? 0 : *stop > sz ? sz : *stop;
  return *stop > *start ? (*stop - *start - 1) / step + 1 : 0;
}

/* x[index] for a tensor: ints, slices, None, Ellipsis and tuples of them. */
static bool infer_tensor_index(fx_ictx *c, fx_inst *in, const fx_tinfo *t, const fx_value *idx) {
  const fx_value *items = idx->kind == FX_V_TUPLE ? idx->u.items : idx;
  uint32_t n = idx->kind == FX_V_TUPLE ? idx->n : 1;
  int consumed = 0, ellipsis = -1;
  for (uint32_t i = 0; i < n; i++) {
    if (items[i].kind == FX_V_ELLIPSIS && ellipsis >= 0)
      return fx_ierr(c, "an index can only have a single ellipsis ('...')");
    if (items[i].kind == FX_V_ELLIPSIS) ellipsis = (int)i;
    else if (items[i].kind == FX_V_INT || items[i].kind == FX_V_CALL) consumed++;
    else if (items[i].kind == FX_V_TENSOR) return fx_ierr(c, "indexing with a tensor is not supported");
    else if (items[i].kind != FX_V_NONE) return fx_ierr(c, "unsupported index");
  }
  if (consumed > t->ndim) return fx_ierr(c, "too many indices for a tensor of %d dimensions", t->ndim);
  int added = 0; /* None adds a dimension */
  for (uint32_t i = 0; i < n; i++) added += items[i].kind == FX_V_NONE;
  if (t->ndim - consumed + added > FXRT_MAX_DIMS)
    return fx_ierr(c, "the result would have %d dimensions, more than fx2c's %d", t->ndim - consumed + added,
                   FXRT_MAX_DIMS);
  int64_t shape[FXRT_MAX_DIMS];
  int32_t out = 0, dim = 0;
  for (uint32_t i = 0; i < n; i++) {
    const fx_value *it = &items[i];
    if (it->kind == FX_V_ELLIPSIS) {
      int skip = t->ndim - consumed;
      for (int k = 0; k < skip; k++) shape[out++] = t->shape[dim++];
    } else if (it->kind == FX_V_NONE) {
      shape[out++] = 1;
    } else if (it->kind == FX_V_INT) {
      int64_t k = it->v.i, sz = t->shape[dim];
      if (k < -sz || k >= sz)
        return fx_ierr(c, "index %lld is out of range for size %lld", (long long)k, (long long)sz);
      dim++;
    } else { /* slice */
      int64_t sz = t->shape[dim], start = 0, stop = sz, step = 1;
      as_int(&it->u.items[3], &step);
      if (step <= 0) return fx_ierr(c, "slice step must be positive");
      if (as_int(&it->u.items[1], &start) && start < 0) start += sz;
      if (as_int(&it->u.items[2], &stop) && stop < 0) stop += sz;
      shape[out++] = slice_len(sz, &start, &stop, step);
      dim++;
    }
  }
  (void)ellipsis;
  while (dim < t->ndim) shape[out++] = t->shape[dim++];
  return result_tensor(c, in, t->dtype, out, shape);
}

bool fx_infer_getitem(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *idx = ARG("index");
  in->work = false;
  if (x->kind == FX_V_TUPLE || x->kind == FX_V_LIST) return getitem_py(c, x, idx, &in->result);
  if (!is_tensor(x)) return fx_ierr(c, "cannot index this value");
  in->work = true;
  return infer_tensor_index(c, in, tinfo(c, x), idx);
}

bool fx_infer_slice(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int32_t dd = 0;
  if (!fx_dim_arg(c, ARG("dim"), t->ndim, &dd)) return false;
  int64_t shape[FXRT_MAX_DIMS], sz = t->shape[dd];
  memcpy(shape, t->shape, sizeof shape);
  int32_t n = t->ndim;
  fx_view_attrs *a = &new_attrs(c, in)->view;
  a->dim = dd;
  a->step = 1;
  if (op == FX_OP_SELECT) {
    int64_t i;
    if (!as_int(ARG("index"), &i) || i < -sz || i >= sz) return fx_ierr(c, "index out of range");
    a->start = i < 0 ? i + sz : i;
    for (int32_t k = dd; k + 1 < n; k++) shape[k] = shape[k + 1];
    n--;
  } else if (op == FX_OP_NARROW) {
    int64_t s, l;
    if (!as_int(ARG("start"), &s) || !as_int(ARG("length"), &l)) return fx_ierr(c, "start and length must be ints");
    if (s < 0) s += sz;
    if (s < 0 || s > sz || l < 0 || l > sz - s) return fx_ierr(c, "narrow goes past the end of the dimension");
    shape[dd] = l;
    a->start = s;
  } else {
    int64_t start = 0, end = sz, step = 1;
    as_int(ARG("start"), &start);
    as_int(ARG("end"), &end);
    as_int(ARG("step"), &step);
    if (step <= 0) return fx_ierr(c, "slice step must be positive");
    if (start < 0) start += sz;
    if (end < 0) end += sz;
    shape[dd] = slice_len(sz, &start, &end, step);
    a->start = start;
    a->step = step;
  }
  return result_tensor(c, in, t->dtype, n, shape);
}

#define MAX_PIECES (1 << 20)

bool fx_infer_split(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo tx = *tinfo(c, x), *t = &tx; /* a copy: making the pieces grows the tensor table */
  int32_t dd = 0;
  if (!fx_dim_arg(c, ARG("dim"), t->ndim, &dd)) return false;
  int64_t sz = t->shape[dd], each = 1, count;
  const fx_value *sv = op == FX_OP_SPLIT ? ARG("split_size_or_sections") : NULL;
  /* the pieces: `count` of size `each` (the last one smaller), or the sizes sv lists */
  if (op == FX_OP_UNBIND) {
    count = sz;
  } else if (op == FX_OP_CHUNK) {
    int64_t chunks;
    if (!as_int(ARG("chunks"), &chunks) || chunks < 1) return fx_ierr(c, "chunks must be a positive int");
    each = sz / chunks + (sz % chunks != 0); /* ceil, without overflow */
    count = sz ? sz / each + (sz % each != 0) : chunks; /* torch: `chunks` empty pieces of an empty dimension */
  } else if (as_int(sv, &each)) {
    if (each < 1) return fx_ierr(c, "split size must be positive");
    count = sz ? sz / each + (sz % each != 0) : 1;
  } else {
    if (!fx_value_is_container(sv)) return fx_ierr(c, "split_size_or_sections must be an int or a list of ints");
    count = sv->n;
    int64_t total = 0;
    for (uint32_t i = 0; i < sv->n; i++) {
      int64_t k;
      if (!as_int(&sv->u.items[i], &k) || k < 0) return fx_ierr(c, "split sizes must be ints of at least 0");
      if (!fx_add_i64(total, k, &total)) return fx_ierr_overflow(c, "the sum of the split sizes");
    }
    if (total != sz) return fx_ierr(c, "split sizes must add up to %lld, not %lld", (long long)sz, (long long)total);
  }
  /* each piece is a tensor of the program: a bound keeps memory bounded (torch has none) */
  if (count > MAX_PIECES)
    return fx_ierr(c, "%lld pieces are more than fx2c's limit of %d", (long long)count, MAX_PIECES);
  fx_value *items = count ? fx_arena_alloc(&c->p->arena, (size_t)count * sizeof *items) : NULL;
  for (int64_t i = 0; i < count; i++) {
    int64_t shape[FXRT_MAX_DIMS];
    memcpy(shape, t->shape, sizeof shape);
    int32_t n = t->ndim;
    if (op == FX_OP_UNBIND) {
      for (int32_t k = dd; k + 1 < n; k++) shape[k] = shape[k + 1];
      n--;
    } else {
      shape[dd] = sv && !as_int(sv, &each) ? sv->u.items[i].v.i : i + 1 < count ? each : sz - i * each;
    }
    items[i] = new_tensor(c, t->dtype, n, shape);
  }
  in->result = tuple_of(c, items, (uint32_t)count);
  return true;
}

bool fx_infer_cat(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  if (x->kind != FX_V_TUPLE && x->kind != FX_V_LIST) return fx_ierr(c, "tensors must be a list of tensors");
  if (x->n == 0) return fx_ierr(c, "needs at least one tensor");
  for (uint32_t i = 0; i < x->n; i++) NEED_TENSOR(&x->u.items[i], "every item");
  const fx_tinfo *t0 = tinfo(c, &x->u.items[0]);
  int64_t dim;
  if (!as_int(ARG("dim"), &dim)) return fx_ierr(c, "dim must be an int");
  int32_t nd = op == FX_OP_STACK ? t0->ndim + 1 : t0->ndim, dd = 0;
  if (nd > FXRT_MAX_DIMS)
    return fx_ierr(c, "the result would have %d dimensions, more than fx2c's %d", nd, FXRT_MAX_DIMS);
  if (!fx_norm_dim(c, dim, nd, &dd)) return false;
  int64_t shape[FXRT_MAX_DIMS];
  fxrt_dtype dt = t0->dtype;
  int64_t total = 0;
  for (uint32_t i = 0; i < x->n; i++) {
    const fx_tinfo *ti = tinfo(c, &x->u.items[i]);
    dt = fx_promote(dt, ti->dtype);
    if (op == FX_OP_CAT && ti->ndim == 1 && ti->shape[0] == 0) continue; /* legacy: empty 1-d tensors are skipped */
    if (ti->ndim != t0->ndim) return fx_ierr(c, "tensors have different numbers of dimensions");
    for (int32_t k = 0; k < t0->ndim; k++)
      if ((op == FX_OP_STACK || k != dd) && ti->shape[k] != t0->shape[k])
        return fx_ierr(c, "tensor %u has size %lld in dimension %d, expected %lld", i, (long long)ti->shape[k], k,
                       (long long)t0->shape[k]);
    if (op == FX_OP_CAT && !fx_add_i64(total, ti->shape[dd], &total))
      return fx_ierr_overflow(c, "the sum of the sizes in dimension %d", dd);
  }
  for (int32_t k = 0, j = 0; k < nd; k++) {
    if (op == FX_OP_STACK) shape[k] = k == dd ? (int64_t)x->n : t0->shape[j++];
    else shape[k] = k == dd ? total : t0->shape[k];
  }
  return result_tensor(c, in, dt, nd, shape);
}

/* The names PyTorch gives the reductions of scatter (reduce='add', 'multiply') and scatter_reduce, as fxrt_scatter_op. */
static int scatter_op_of(fx_op op, const fx_value *reduce) {
  if (op == FX_OP_SCATTER_ADD) return FXRT_SCATTER_SUM;
  if (reduce->kind == FX_V_NONE) return FXRT_SCATTER_SET;
  static const char *const legacy[] = {"add", "multiply"}, *const names[] = {"sum", "prod", "mean", "amax", "amin"};
  if (op == FX_OP_SCATTER) {
    for (int i = 0; i < 2; i++)
      if (fx_value_str_is(reduce, legacy[i])) return i ? FXRT_SCATTER_PROD : FXRT_SCATTER_SUM;
    return -1;
  }
  for (int i = 0; i < 5; i++)
    if (fx_value_str_is(reduce, names[i])) return FXRT_SCATTER_SUM + i;
  return -1;
}

/* gather, scatter, scatter_add, scatter_reduce: PyTorch's checks (ScatterGatherChecks.h). */
static bool infer_scatter_gather(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0], *idx = ARG("index");
  NEED_TENSOR(x, "the input");
  NEED_TENSOR(idx, "the index");
  const fx_tinfo *tx = tinfo(c, x), *ti = tinfo(c, idx);
  const char *name = fx_op_name(op);
  if (ti->dtype != FXRT_I64 && fx_tinfo_numel(ti)) /* PyTorch checks non-empty indices only */
    return fx_ierr(c, "%s(): Expected dtype int64 for index", name);
  if ((tx->ndim ? tx->ndim : 1) != (ti->ndim ? ti->ndim : 1))
    return fx_ierr(c, "Index tensor must have the same number of dimensions as %s tensor",
                   op == FX_OP_GATHER ? "input" : "self");
  int32_t dim = 0;
  if (!fx_dim_arg(c, ARG("dim"), tx->ndim, &dim)) return false;
  for (int32_t d = 0; d < ti->ndim && tx->ndim; d++)
    if (d != dim && ti->shape[d] > tx->shape[d])
      return fx_ierr(c, "Size does not match at dimension %d expected index [%lld] to be smaller than %s [%lld] apart "
                     "from dimension %d", d, (long long)ti->shape[d], "self",
                     (long long)tx->shape[d], dim);
  if (op == FX_OP_GATHER) return result_tensor(c, in, tx->dtype, ti->ndim, ti->shape);
  const fx_value *src = ARG("src"), *value = op == FX_OP_SCATTER ? ARG("value") : NULL;
  const fx_value *reduce = op == FX_OP_SCATTER || op == FX_OP_SCATTER_REDUCE ? ARG("reduce") : NULL;
  if (reduce && scatter_op_of(op, reduce) < 0)
    return fx_ierr(c, "reduce argument must be %s", op == FX_OP_SCATTER ? "either add or multiply"
                                                                        : "one of sum, prod, mean, amax, amin");
  double num;
  const bool src_num = src->kind != FX_V_NONE && !is_tensor(src) && fx_value_number(src, &num);
  if (value && value->kind != FX_V_NONE && src->kind != FX_V_NONE)
    return fx_ierr(c, "give either src or value, not both");
  if (is_tensor(src)) {
    const fx_tinfo *ts = tinfo(c, src);
    if (ts->dtype != tx->dtype)
      return fx_ierr(c, "%s(): Expected self.dtype to be equal to src.dtype", name);
    if ((ts->ndim ? ts->ndim : 1) != (ti->ndim ? ti->ndim : 1))
      return fx_ierr(c, "Index tensor must have the same number of dimensions as src tensor");
    for (int32_t d = 0; d < ti->ndim && ts->ndim; d++)
      if (ti->shape[d] > ts->shape[d])
        return fx_ierr(c, "Size does not match at dimension %d expected index [%lld] to be smaller than src [%lld]",
                       d, (long long)ti->shape[d], (long long)ts->shape[d]);
  } else if (!src_num && !(value && fx_value_number(value, &num))) {
    return fx_ierr(c, "src must be a tensor or a number");
  }
  if (tx->dtype == FXRT_F16 || tx->dtype == FXRT_BF16)
    return fx_ierr(c, "%s on %s tensors is not supported", name, fxrt_dtype_name(tx->dtype));
  return result_tensor(c, in, tx->dtype, tx->ndim, tx->shape);
}

bool fx_infer_gather(fx_ictx *c, fx_op op, fx_inst *in) {
  if (op != FX_OP_EMBEDDING && op != FX_OP_INDEX_SELECT) return infer_scatter_gather(c, op, in);
  const fx_value *x = &in->args[0];
  const fx_value *idx = op == FX_OP_EMBEDDING ? x : ARG("index"), *w = op == FX_OP_EMBEDDING ? ARG("weight") : x;
  NEED_TENSOR(idx, "the indices");
  NEED_TENSOR(w, "the table");
  const fx_tinfo *ti = tinfo(c, idx), *tw = tinfo(c, w);
  if (ti->dtype != FXRT_I64 && ti->dtype != FXRT_I32) return fx_ierr(c, "indices must be integers");
  int64_t shape[FXRT_MAX_DIMS];
  int32_t n = 0;
  if (op == FX_OP_EMBEDDING) {
    /* max_norm renormalizes the weight's rows in place, a side effect on the weights fx2c does not have */
    const fx_value *mn = in->mod ? fx_module_param(in->mod, "max_norm") : ARG("max_norm");
    if (mn && mn->kind != FX_V_NONE && !(mn->kind == FX_V_WORD && fx_value_str_is(mn, "None")))
      return fx_ierr(c, "max_norm is not supported: it renormalizes the weight in place (use max_norm=None)");
    if (tw->ndim != 2 || ti->ndim + 1 > FXRT_MAX_DIMS) return fx_ierr(c, "the weight must be 2-d");
    for (int32_t i = 0; i < ti->ndim; i++) shape[n++] = ti->shape[i];
    shape[n++] = tw->shape[1];
  } else {
    int32_t dd = 0;
    if (ti->ndim > 1) return fx_ierr(c, "the index must have at most one dimension");
    if (!fx_dim_arg(c, ARG("dim"), tw->ndim, &dd)) return false;
    memcpy(shape, tw->shape, sizeof shape);
    shape[dd] = ti->ndim ? ti->shape[0] : 1;
    n = tw->ndim;
  }
  return result_tensor(c, in, tw->dtype, n, shape);
}

/* ---- views: the elements each view op takes of its input (also where they are in the storage it views) ---- */

/* x[index] with ints, slices, None and Ellipsis: the elements it takes of x, whose elements are at c. */
static fxrt_view getitem_view(const fx_tinfo *tx, const fx_value *idx, const fxrt_view *c) {
  fxrt_view v;
  memset(&v, 0, sizeof v);
  v.offset = c->offset;
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
        v.shape[v.ndim] = c->shape[dim];
        v.stride[v.ndim++] = c->stride[dim];
      }
    } else if (it->kind == FX_V_NONE) {
      v.shape[v.ndim] = 1;
      v.stride[v.ndim++] = 0;
    } else if (it->kind == FX_V_INT) {
      int64_t k = it->v.i < 0 ? it->v.i + c->shape[dim] : it->v.i;
      v.offset += k * c->stride[dim];
      dim++;
    } else {
      int64_t sz = c->shape[dim], start = 0, stop = sz, step = iarg(&it->u.items[3], 1);
      if (it->u.items[1].kind == FX_V_INT)
        start = it->u.items[1].v.i < 0 ? it->u.items[1].v.i + sz : it->u.items[1].v.i;
      if (it->u.items[2].kind == FX_V_INT) stop = it->u.items[2].v.i < 0 ? it->u.items[2].v.i + sz : it->u.items[2].v.i;
      v.shape[v.ndim] = slice_len(sz, &start, &stop, step);
      if (v.shape[v.ndim]) v.offset += start * c->stride[dim];
      v.stride[v.ndim++] = c->stride[dim] * step;
      dim++;
    }
  }
  for (; dim < tx->ndim; dim++) {
    v.shape[v.ndim] = c->shape[dim];
    v.stride[v.ndim++] = c->stride[dim];
  }
  return v;
}

/* slice, select, narrow: the elements taken of x (result y), whose elements are at c. */
static fxrt_view slice_view(fx_op op, const fx_inst *in, const fx_tinfo *ty, const fxrt_view *c) {
  fxrt_view v = *c;
  const fx_view_attrs *a = &in->attrs->view; /* decoded by inference */
  const int32_t d = a->dim;
  if (op == FX_OP_SELECT || ty->shape[d]) v.offset += a->start * c->stride[d];
  if (op == FX_OP_SELECT) {
    for (int32_t k = d; k + 1 < v.ndim; k++) v.shape[k] = c->shape[k + 1], v.stride[k] = c->stride[k + 1];
    v.ndim--;
  } else {
    v.shape[d] = ty->shape[d];
    v.stride[d] = c->stride[d] * a->step;
  }
  return v;
}

/* Part of a tensor whose elements are at c, along dimension d, starting at index *off: `len` of it, or with drop the
 * one index *off with dimension d dropped (unbind, stack). *off moves past the part. */
static fxrt_view part_view(const fxrt_view *c, int32_t d, bool drop, int64_t len, int64_t *off) {
  fxrt_view v = *c;
  if (drop || len) v.offset += *off * c->stride[d];
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

bool fx_index_view(const fx_program *p, fx_op op, const fx_inst *in, uint32_t item, const fxrt_view *src,
                   fxrt_view *out) {
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node];
  if (op == FX_OP_GETITEM) {
    *out = getitem_view(tx, ARG("index"), src);
    return true;
  }
  if (op == FX_OP_SLICE || op == FX_OP_SELECT || op == FX_OP_NARROW) {
    *out = slice_view(op, in, &p->tensors[in->result.v.node], src);
    return true;
  }
  if (op != FX_OP_CHUNK && op != FX_OP_SPLIT && op != FX_OP_UNBIND) return false;
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), tx->ndim);
  int64_t off = 0;
  for (uint32_t i = 0; i <= item && i < in->result.n; i++)
    *out = part_view(src, d, op == FX_OP_UNBIND, p->tensors[in->result.u.items[i].v.node].shape[d], &off);
  return item < in->result.n;
}

/* ---- lowering ---- */

bool fx_lower_getitem(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  fxrt_view c = cview(ti(r, x)), v = getitem_view(ti(r, x), ARG("index"), &c);
  return fx_copy_view(r, x, &v, &in->result);
}

bool fx_lower_slice(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  fxrt_view c = cview(ti(r, x)), v = slice_view(op, in, ti(r, y), &c);
  return fx_copy_view(r, x, &v, y);
}

bool fx_lower_split(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx);
  int32_t d = ndim_norm(iarg(ARG("dim"), 0), tx->ndim);
  int64_t off = 0;
  for (uint32_t i = 0; i < in->result.n; i++) {
    const fx_value *y = &in->result.u.items[i];
    const fx_tinfo *ty = ti(r, y);
    fxrt_view v = part_view(&c, d, op == FX_OP_UNBIND, ty->shape[d], &off);
    fx_copy_view(r, x, &v, y);
  }
  return true;
}

bool fx_lower_cat(fx_lctx *r, fx_op op, const fx_inst *in) {
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
    fx_copy_call(r, tref(r, x), &xv, tref(r, y), &yv);
  }
  return true;
}

/* A view of at least one dimension (a 0-d tensor as [1]), as the gather and scatter kernels take them. */
static fxrt_view view1(const fx_tinfo *t) {
  static const int64_t one = 1;
  return t->ndim ? cview(t) : fxrt_view_contiguous(1, &one);
}

static bool lower_scatter_gather(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *idx = ARG("index"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tix = ti(r, idx), *ty = ti(r, y);
  const int64_t dim = tx->ndim ? ndim_norm(iarg(ARG("dim"), 0), tx->ndim) : 0;
  if (op == FX_OP_GATHER) {
    fx_kcall *k = fx_call(r, FX_K_GATHER);
    k->dt = tx->dtype;
    k->ref[0] = tref(r, x), k->view[0] = view1(tx);
    k->ref[1] = tref(r, idx), k->view[1] = view1(tix);
    k->i[0] = dim, k->i[1] = 0;
    k->ref[2] = tref(r, y);
    return true;
  }
  fxrt_view yv = view1(ty);
  fx_copy_call(r, tref(r, x), &yv, tref(r, y), &yv);
  const fx_value *src = ARG("src"), *value = op == FX_OP_SCATTER ? ARG("value") : NULL;
  const fx_value *reduce = op == FX_OP_SCATTER || op == FX_OP_SCATTER_REDUCE ? ARG("reduce") : NULL;
  const int sop = reduce ? scatter_op_of(op, reduce) : FXRT_SCATTER_SUM;
  const bool include_self = op != FX_OP_SCATTER_REDUCE || iarg(ARG("include_self"), 1) != 0;
  fx_kcall *k = fx_call(r, FX_K_SCATTER);
  k->dt = ty->dtype;
  k->ref[0] = tref(r, y), k->view[0] = yv;
  k->ref[1] = tref(r, idx), k->view[1] = view1(tix);
  if (is_tensor(src)) {
    k->ref[2] = tref(r, src), k->view[2] = view1(ti(r, src));
  } else {
    k->ref[2] = scalar_ref(k, 0, ty->dtype, farg(src->kind != FX_V_NONE ? src : value, 0.0));
    const fx_value *v = src->kind != FX_V_NONE ? src : value;
    if (!is_float_dt(ty->dtype) && (v->kind == FX_V_INT || v->kind == FX_V_BOOL)) k->iscalar[0] = v->v.i;
    k->view[2] = fx_scalar_view(k->view[1].ndim, k->view[1].shape);
  }
  k->i[0] = sop, k->i[1] = dim, k->i[2] = 0, k->i[3] = include_self;
  if (sop == FXRT_SCATTER_MEAN || (!include_self && sop != FXRT_SCATTER_SET))
    k->ref[3] = fx_new_scratch(r, FXRT_I64, fx_tinfo_numel(ty));
  return true;
}

bool fx_lower_gather(fx_lctx *r, fx_op op, const fx_inst *in) {
  if (op != FX_OP_EMBEDDING && op != FX_OP_INDEX_SELECT) return lower_scatter_gather(r, op, in);
  const fx_value *idx = op == FX_OP_EMBEDDING ? &in->args[0] : ARG("index");
  const fx_value *w = op == FX_OP_EMBEDDING ? ARG("weight") : &in->args[0], *y = &in->result;
  const fx_tinfo *tw = ti(r, w), *tin = ti(r, idx);
  if (op == FX_OP_INDEX_SELECT && (tw->dtype != FXRT_F32 || (tw->ndim && ndim_norm(iarg(ARG("dim"), 0), tw->ndim)))) {
    /* a gather whose index is the 1-d index along dim, repeated along the other dimensions */
    const int32_t dim = ndim_norm(iarg(ARG("dim"), 0), tw->ndim);
    fx_kcall *k = fx_call(r, FX_K_GATHER);
    k->dt = tw->dtype;
    k->ref[0] = tref(r, w), k->view[0] = view1(tw);
    k->ref[1] = fx_as_dtype(r, idx, FXRT_I64);
    fxrt_view iv = view1(ti(r, y));
    for (int32_t d = 0; d < iv.ndim; d++) iv.stride[d] = d == dim && tin->ndim ? 1 : 0;
    iv.offset = 0;
    k->view[1] = iv;
    k->i[0] = dim, k->i[1] = 0;
    k->ref[2] = tref(r, y);
    return true;
  }
  if (tw->dtype != FXRT_F32) return fx_lerr(r, "lookups run on f32 tables only");
  fx_ref ir = fx_as_dtype(r, idx, FXRT_I64);
  fx_kcall *k = fx_call(r, FX_K_EMBEDDING);
  k->ref[0] = tref(r, w);
  int64_t rows = tw->ndim ? tw->shape[0] : 1; /* a 0-dim table is one row of one element */
  k->i[0] = rows, k->i[1] = fx_tinfo_numel(tw) / (rows ? rows : 1);
  k->ref[1] = ir;
  k->i[2] = fx_tinfo_numel(tin);
  k->ref[2] = tref(r, y);
  return true;
}
