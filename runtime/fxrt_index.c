/* fxrt_index.c: gathering and scattering along one dimension (torch.gather, scatter, scatter_add, scatter_reduce
 * and what is made of them: index_select, index_add, index_copy, index_fill, index_reduce, take, put,
 * take_along_dim, masked_scatter).
 *
 * Both walk the positions p of the index's view in row-major order; the position in the other tensor is p with
 * p[dim] replaced by the index there. Scattering in that order gives PyTorch's CPU results: writes to one element
 * come from positions that differ only in p[dim], which PyTorch also visits in increasing order, so the last of
 * several writes wins and sums accumulate in the same order.
 */
#include "fxrt.h"

#include <math.h>
#include <string.h>

/* The index at position pos of iv, checked against size (negative ones count from the end when wrap). */
static bool index_at(const int64_t *idx, const fxrt_view *iv, const int64_t *pos, int64_t size, bool wrap,
                     int64_t *out) {
  int64_t off = iv->offset;
  for (int32_t d = 0; d < iv->ndim; d++) off += pos[d] * iv->stride[d];
  int64_t i = idx[off];
  if (wrap && i < 0 && i >= -size) i += size;
  if (i < 0 || i >= size) return false;
  *out = i;
  return true;
}

static int64_t offset_of(const fxrt_view *v, const int64_t *pos, int32_t dim, int64_t at) {
  int64_t off = v->offset;
  for (int32_t d = 0; d < v->ndim; d++) off += (d == dim ? at : pos[d]) * v->stride[d];
  return off;
}

/* The next position of shape (row-major); false after the last. */
static bool next_pos(int32_t ndim, const int64_t *shape, int64_t *pos) {
  for (int32_t d = ndim - 1; d >= 0; d--) {
    if (++pos[d] < shape[d]) return true;
    pos[d] = 0;
  }
  return false;
}

static bool views_ok(const fxrt_view *a, const fxrt_view *iv, int64_t dim) {
  if (a->ndim != iv->ndim || dim < 0 || (a->ndim && dim >= a->ndim) || (!a->ndim && dim != 0)) return false;
  for (int32_t d = 0; d < a->ndim; d++)
    if (d != dim && iv->shape[d] > a->shape[d]) return false;
  return true;
}

fxrt_status fxrt_gather(fxrt_dtype dt, const void *x, const fxrt_view *xv, int64_t dim, const int64_t *idx,
                        const fxrt_view *iv, int64_t wrap, void *y) {
  if ((unsigned)dt >= FXRT_NUM_DTYPES) return FXRT_EDTYPE;
  if (!views_ok(xv, iv, dim)) return FXRT_EINVAL;
  const size_t es = fxrt_dtype_size(dt);
  const int64_t n = fxrt_view_numel(iv), size = xv->ndim ? xv->shape[dim] : 1;
  int64_t pos[FXRT_MAX_DIMS] = {0};
  for (int64_t k = 0; k < n; k++, next_pos(iv->ndim, iv->shape, pos)) {
    int64_t i;
    if (!index_at(idx, iv, pos, size, wrap != 0, &i)) return FXRT_ERANGE;
    memcpy((char *)y + (size_t)k * es, (const char *)x + (size_t)offset_of(xv, pos, (int32_t)dim, i) * es, es);
  }
  return FXRT_OK;
}

/* The identity of a reduction, where include_self=False starts. */
static double identity_of(fxrt_scatter_op op) {
  return op == FXRT_SCATTER_PROD ? 1.0 : op == FXRT_SCATTER_AMAX ? -INFINITY : op == FXRT_SCATTER_AMIN ? INFINITY : 0.0;
}

#define FLOAT_COMBINE(T)                                                                                               \
  static T combine_##T(fxrt_scatter_op op, T a, T b) {                                                                 \
    switch (op) {                                                                                                      \
    case FXRT_SCATTER_SUM:                                                                                             \
    case FXRT_SCATTER_MEAN: return a + b;                                                                              \
    case FXRT_SCATTER_PROD: return a * b;                                                                              \
    case FXRT_SCATTER_AMAX: return isnan(b) ? b : isnan(a) ? a : a > b ? a : b;                                        \
    case FXRT_SCATTER_AMIN: return isnan(b) ? b : isnan(a) ? a : a < b ? a : b;                                        \
    default: return b;                                                                                                 \
    }                                                                                                                  \
  }
FLOAT_COMBINE(float)
FLOAT_COMBINE(double)
#undef FLOAT_COMBINE

/* Integers wrap around as PyTorch's do (computed unsigned). */
static int64_t combine_int(fxrt_scatter_op op, int64_t a, int64_t b) {
  switch (op) {
  case FXRT_SCATTER_SUM:
  case FXRT_SCATTER_MEAN: return (int64_t)((uint64_t)a + (uint64_t)b);
  case FXRT_SCATTER_PROD: return (int64_t)((uint64_t)a * (uint64_t)b);
  case FXRT_SCATTER_AMAX: return a > b ? a : b;
  case FXRT_SCATTER_AMIN: return a < b ? a : b;
  default: return b;
  }
}

static int64_t load_int(fxrt_dtype dt, const void *p, int64_t i) {
  switch (dt) {
  case FXRT_I64: return ((const int64_t *)p)[i];
  case FXRT_I32: return ((const int32_t *)p)[i];
  case FXRT_I16: return ((const int16_t *)p)[i];
  case FXRT_I8: return ((const int8_t *)p)[i];
  default: return ((const uint8_t *)p)[i];
  }
}

static void store_int(fxrt_dtype dt, void *p, int64_t i, int64_t v) {
  switch (dt) {
  case FXRT_I64: ((int64_t *)p)[i] = v; break;
  case FXRT_I32: ((int32_t *)p)[i] = (int32_t)(uint32_t)(uint64_t)v; break;
  case FXRT_I16: ((int16_t *)p)[i] = (int16_t)(uint16_t)(uint64_t)v; break;
  case FXRT_I8: ((int8_t *)p)[i] = (int8_t)(uint8_t)(uint64_t)v; break;
  default: ((uint8_t *)p)[i] = dt == FXRT_BOOL ? v != 0 : (uint8_t)(uint64_t)v; break;
  }
}

/* y[t] = y[t] op src[s] (or src[s] alone for FXRT_SCATTER_SET). */
static void combine_at(fxrt_scatter_op op, fxrt_dtype dt, void *y, int64_t t, const void *src, int64_t s) {
  switch (dt) {
  case FXRT_F32: ((float *)y)[t] = combine_float(op, ((float *)y)[t], ((const float *)src)[s]); break;
  case FXRT_F64: ((double *)y)[t] = combine_double(op, ((double *)y)[t], ((const double *)src)[s]); break;
  default: store_int(dt, y, t, combine_int(op, load_int(dt, y, t), load_int(dt, src, s))); break;
  }
}

/* The largest and smallest value of an integer dtype (amax and amin start there without self). */
static int64_t int_limit(fxrt_dtype dt, bool max) {
  switch (dt) {
  case FXRT_I64: return max ? INT64_MAX : INT64_MIN;
  case FXRT_I32: return max ? INT32_MAX : INT32_MIN;
  case FXRT_I16: return max ? INT16_MAX : INT16_MIN;
  case FXRT_I8: return max ? INT8_MAX : INT8_MIN;
  default: return max ? (dt == FXRT_BOOL ? 1 : UINT8_MAX) : 0;
  }
}

fxrt_status fxrt_scatter(int64_t op, fxrt_dtype dt, void *y, const fxrt_view *yv, int64_t dim, const int64_t *idx,
                         const fxrt_view *iv, int64_t wrap, const void *src, const fxrt_view *sv, int64_t include_self,
                         int64_t *count) {
  const fxrt_scatter_op sop = (fxrt_scatter_op)op;
  if ((unsigned)dt >= FXRT_NUM_DTYPES || dt == FXRT_F16 || dt == FXRT_BF16) return FXRT_EDTYPE;
  if (op < FXRT_SCATTER_SET || op > FXRT_SCATTER_AMIN || !views_ok(yv, iv, dim) || sv->ndim != iv->ndim)
    return FXRT_EINVAL;
  for (int32_t d = 0; d < sv->ndim; d++)
    if (sv->shape[d] < iv->shape[d]) return FXRT_EINVAL;
  const bool counted = sop == FXRT_SCATTER_MEAN || (!include_self && sop != FXRT_SCATTER_SET);
  if (counted && !count) return FXRT_EINVAL;
  const size_t es = fxrt_dtype_size(dt);
  const int64_t n = fxrt_view_numel(iv), ny = fxrt_view_numel(yv), size = yv->ndim ? yv->shape[dim] : 1;
  int64_t pos[FXRT_MAX_DIMS] = {0};
  /* every index is checked before anything is written */
  for (int64_t k = 0, i = 0; k < n; k++, next_pos(iv->ndim, iv->shape, pos))
    if (!index_at(idx, iv, pos, size, wrap != 0, &i)) return FXRT_ERANGE;
  if (counted) {
    for (int64_t t = 0; t < ny; t++) count[t] = include_self ? 1 : 0;
    if (!include_self) { /* the elements written start from the reduction's identity */
      memset(pos, 0, sizeof pos);
      for (int64_t k = 0, i = 0; k < n; k++, next_pos(iv->ndim, iv->shape, pos)) {
        index_at(idx, iv, pos, size, wrap != 0, &i);
        const int64_t t = offset_of(yv, pos, (int32_t)dim, i);
        if (dt == FXRT_F32) ((float *)y)[t] = (float)identity_of(sop);
        else if (dt == FXRT_F64) ((double *)y)[t] = identity_of(sop);
        else if (sop == FXRT_SCATTER_AMAX || sop == FXRT_SCATTER_AMIN)
          store_int(dt, y, t, int_limit(dt, sop == FXRT_SCATTER_AMIN));
        else store_int(dt, y, t, sop == FXRT_SCATTER_PROD ? 1 : 0);
      }
    }
  }
  memset(pos, 0, sizeof pos);
  for (int64_t k = 0, i = 0; k < n; k++, next_pos(iv->ndim, iv->shape, pos)) {
    index_at(idx, iv, pos, size, wrap != 0, &i);
    const int64_t t = offset_of(yv, pos, (int32_t)dim, i), s = offset_of(sv, pos, -1, 0);
    if (sop == FXRT_SCATTER_SET) memcpy((char *)y + (size_t)t * es, (const char *)src + (size_t)s * es, es);
    else combine_at(sop, dt, y, t, src, s);
    if (counted) count[t]++;
  }
  if (sop == FXRT_SCATTER_MEAN)
    for (int64_t t = 0; t < ny; t++) {
      const int64_t c = count[t] ? count[t] : 1; /* untouched without self: kept as it was, as PyTorch does */
      if (dt == FXRT_F32) ((float *)y)[t] /= (float)c;
      else if (dt == FXRT_F64) ((double *)y)[t] /= (double)c;
      else {
        const int64_t v = load_int(dt, y, t), q = v / c - ((v % c != 0) && (v < 0)); /* floor, as PyTorch's */
        store_int(dt, y, t, q);
      }
    }
  return FXRT_OK;
}
