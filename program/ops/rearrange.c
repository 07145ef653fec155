/* rearrange.c: ops that move elements around: pad (constant, reflect, replicate, circular), flip, roll, repeat,
 * pixel_shuffle and interpolate (nearest, bilinear).
 */
#include "family.h"

#include <math.h>

/* ---- inference ---- */

bool fx_infer_pad(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t pad[2 * FXRT_MAX_DIMS];
  int k = fx_as_ints(ARG("pad"), pad, 2 * FXRT_MAX_DIMS);
  if (k < 0 || k % 2 || k / 2 > t->ndim) return fx_ierr(c, "pad must be an even number of ints");
  const fx_value *mode = ARG("mode");
  bool constant = mode->kind == FX_V_NONE || fx_value_str_is(mode, "constant");
  if (!constant && !fx_value_str_is(mode, "reflect") && !fx_value_str_is(mode, "replicate") &&
      !fx_value_str_is(mode, "circular"))
    return fx_ierr(c, "unknown padding mode");
  /* torch 1.13's F.pad in the other modes: a (batched or unbatched) 1-, 2- or 3-d padding, that is k / 2 padded
   * dimensions of a (k / 2 + 1)- or (k / 2 + 2)-d input; circular only the batched form */
  if (!constant && !(k >= 2 && k <= 6 && (k / 2 == t->ndim - 2 || (k / 2 == t->ndim - 1 && !fx_value_str_is(mode, "circular")))))
    return fx_ierr(c, "%.*s padding of %d values on a %d-d input: only 2D, 3D, 4D, 5D padding with non-constant padding "
                      "are supported (%s; PyTorch refuses the others too)",
                   (int)mode->n, mode->u.text, k, t->ndim,
                   fx_value_str_is(mode, "circular") ? "2 values for a 3-d input, 4 for 4-d, 6 for 5-d"
                                                     : "2 values for a 2-d or 3-d input, 4 for 3-d or 4-d, 6 for 4-d or 5-d");
  /* 3-d padding (6 values) in these modes is a sequence of strided copies (fx_lower_pad), which needs pads >= 0 */
  for (int i = 0; !constant && k == 6 && i < 6; i++)
    if (pad[i] < 0)
      return fx_ierr(c, "negative %.*s padding of 3 dimensions is not supported (crop with a slice first)",
                     (int)mode->n, mode->u.text);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  for (int i = 0; i < k / 2; i++) {
    int32_t d = t->ndim - 1 - i;
    if (!fx_add_i64(shape[d], pad[2 * i], &shape[d]) || !fx_add_i64(shape[d], pad[2 * i + 1], &shape[d]))
      return fx_ierr_overflow(c, "the padded size of dimension %d", d);
    if (shape[d] < 0) return fx_ierr(c, "negative padding removes more than the dimension holds");
    if (fx_value_str_is(mode, "reflect") && (pad[2 * i] >= t->shape[d] || pad[2 * i + 1] >= t->shape[d]))
      return fx_ierr(c, "reflect padding must be smaller than the dimension");
    if (fx_value_str_is(mode, "circular") && (pad[2 * i] > t->shape[d] || pad[2 * i + 1] > t->shape[d]))
      return fx_ierr(c, "circular padding wraps around more than once (PyTorch refuses this too)");
    if (!constant && t->shape[d] == 0) return fx_ierr(c, "%.*s padding of an empty dimension", (int)mode->n, mode->u.text);
  }
  return result_tensor(c, in, t->dtype, t->ndim, shape);
}

/* flip(x, dims): each dim once (torch refuses a repeated one); roll(x, shifts, dims): as many shifts as dims, or
 * one shift and no dims (the flattened tensor). Both on dims within the tensor's. */
bool fx_infer_flip_roll(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t dims[FXRT_MAX_DIMS], shifts[FXRT_MAX_DIMS];
  const fx_value *dv = ARG("dims");
  int kd = op == FX_OP_ROLL && dv->kind == FX_V_NONE ? 0 : fx_as_ints(dv, dims, FXRT_MAX_DIMS);
  if (kd < 0) return fx_ierr(c, "dims must be an int or a list of at most %d ints", FXRT_MAX_DIMS);
  bool seen[FXRT_MAX_DIMS] = {false};
  for (int i = 0; i < kd; i++) {
    int32_t d = 0;
    if (!fx_norm_dim(c, dims[i], t->ndim, &d)) return false;
    if (op == FX_OP_FLIP && seen[d]) return fx_ierr(c, "dim %d appears multiple times in the list of dims", d);
    seen[d] = true;
  }
  if (op == FX_OP_ROLL) {
    int ks = fx_as_ints(ARG("shifts"), shifts, FXRT_MAX_DIMS);
    if (ks < 0) return fx_ierr(c, "shifts must be an int or a list of at most %d ints", FXRT_MAX_DIMS);
    if (kd == 0 ? ks != 1 : ks != kd)
      return fx_ierr(c, "shifts and dims differ in length: %d shifts for %d dims", ks, kd);
  }
  return result_tensor(c, in, t->dtype, t->ndim, t->shape);
}

/* The counts of repeat (repeats), or of tile (dims, with ones put before them up to the input's rank); -1 if the
 * argument is not a list of ints. */
static int repeat_counts(fx_op op, const fx_value *v, int32_t ndim, int64_t *rep) {
  int k = fx_as_ints(v, rep, FXRT_MAX_DIMS);
  if (op == FX_OP_TILE && k >= 0 && k < ndim) {
    memmove(rep + (ndim - k), rep, (size_t)k * sizeof *rep);
    for (int i = 0; i < ndim - k; i++) rep[i] = 1;
    k = ndim;
  }
  return k;
}

bool fx_infer_repeat(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t rep[FXRT_MAX_DIMS], shape[FXRT_MAX_DIMS];
  int k = repeat_counts(op, op == FX_OP_TILE ? ARG("dims") : ARG("repeats"), t->ndim, rep);
  if (k < 0) return fx_ierr(c, "%s: the counts must be ints", fx_op_name(op));
  if (k < t->ndim) return fx_ierr(c, "repeat needs at least %d counts", t->ndim);
  for (int i = 0; i < k; i++) {
    int ti = i - (k - t->ndim);
    if (rep[i] < 0) return fx_ierr(c, "repeat counts must not be negative, not %lld", (long long)rep[i]);
    if (!fx_mul_i64(rep[i], ti >= 0 ? t->shape[ti] : 1, &shape[i]))
      return fx_ierr_overflow(c, "the repeated size %lld * %lld", (long long)rep[i], (long long)t->shape[ti]);
  }
  return result_tensor(c, in, t->dtype, k, shape);
}

bool fx_infer_pixel_shuffle(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t r, rr;
  if (!as_int(ARG("upscale_factor"), &r)) return fx_ierr(c, "upscale_factor must be an int");
  if (r < 1) return fx_ierr(c, "upscale_factor must be positive, not %lld", (long long)r);
  if (t->ndim < 3) return fx_ierr(c, "the input must have at least 3 dimensions, not %d", t->ndim);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  /* an upscale_factor whose square does not fit divides no channel count */
  if (!fx_mul_i64(r, r, &rr) || shape[t->ndim - 3] % rr)
    return fx_ierr(c, "the channels (%lld) must be divisible by upscale_factor squared (%lld squared)",
                   (long long)shape[t->ndim - 3], (long long)r);
  shape[t->ndim - 3] /= rr;
  for (int32_t d = t->ndim - 2; d < t->ndim; d++)
    if (!fx_mul_i64(shape[d], r, &shape[d]))
      return fx_ierr_overflow(c, "the upscaled size %lld * %lld", (long long)t->shape[d], (long long)r);
  return result_tensor(c, in, t->dtype, t->ndim, shape);
}

/* interpolate's modes and the rank of input each takes (0: 3-, 4- and 5-d inputs), as PyTorch checks them */
static const struct {
  const char *mode;
  int32_t ndim;
} interp_modes[] = {{"nearest", 0}, {"area", 0}, {"linear", 3}, {"bilinear", 4}, {"trilinear", 5}};

bool fx_infer_interpolate(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  const fx_value *mode = ARG("mode");
  int m = -1;
  for (int i = 0; i < (int)(sizeof interp_modes / sizeof *interp_modes); i++)
    if (fx_value_str_is(mode, interp_modes[i].mode)) m = i;
  if (m < 0) return fx_ierr(c, "only modes nearest, linear, bilinear, trilinear and area are supported");
  if (t->ndim < 3 || t->ndim > 5) return fx_ierr(c, "only 3-d, 4-d and 5-d inputs (N, C, spatial...) are supported");
  if (interp_modes[m].ndim && interp_modes[m].ndim != t->ndim)
    return fx_ierr(c, "Got %dD input, but %s mode needs %dD input", t->ndim, interp_modes[m].mode,
                   interp_modes[m].ndim);
  const int sp = t->ndim - 2;
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  const fx_value *sv = ARG("size"), *fv = ARG("scale_factor");
  if (sv->kind != FX_V_NONE) {
    if (!fx_expand_ints(sv, sp, shape + 2)) return fx_ierr(c, "size must be an int or %d ints", sp);
  } else if (fv->kind != FX_V_NONE) {
    const bool seq = fv->kind == FX_V_TUPLE || fv->kind == FX_V_LIST;
    if (seq && fv->n != (uint32_t)sp) return fx_ierr(c, "scale_factor must be a number or %d numbers", sp);
    for (int i = 0; i < sp; i++) {
      double f;
      const fx_value *e = seq ? &fv->u.items[i] : fv;
      if (!as_float(e, &f) || !(f > 0)) return fx_ierr(c, "scale_factor must be positive numbers");
      double sz = floor((double)t->shape[2 + i] * f);
      if (!(sz < 9223372036854775808.0)) /* 2**63; also inf */
        return fx_ierr_overflow(c, "the size %lld scaled by %g", (long long)t->shape[2 + i], f);
      shape[2 + i] = (int64_t)sz;
    }
  } else {
    return fx_ierr(c, "either size or scale_factor must be given");
  }
  for (int i = 0; i < sp; i++)
    if (shape[2 + i] < 1 || t->shape[2 + i] < 1)
      return fx_ierr(c, "input and output sizes should be greater than 0, but got input (%lld) and output (%lld)",
                     (long long)t->shape[2 + i], (long long)shape[2 + i]);
  return result_tensor(c, in, t->dtype, t->ndim, shape);
}

/* ---- lowering ---- */

/* torch.diag (a vector into a matrix, or a matrix's diagonal out), diagflat (the flattened input into a matrix),
 * diag_embed (the last dimension into the diagonal of dimensions dim1 and dim2 of the result): zeros, then the
 * input copied into the diagonal's view of the result. */
bool fx_infer_diag_embed(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t off = 0, d1 = -2, d2 = -1;
  if (!as_int(ARG(op == FX_OP_DIAG ? "diagonal" : "offset"), &off)) return fx_ierr(c, "the offset must be an int");
  fx_view_attrs *va = &new_attrs(c, in)->view;
  va->offset = off;
  int64_t shape[FXRT_MAX_DIMS];
  const int64_t k = off < 0 ? -off : off;
  if (op == FX_OP_DIAG && t->ndim == 2) { /* the diagonal of a matrix */
    va->dim1 = 0, va->dim2 = 1;
    shape[0] = fx_diagonal_length(t->shape[0], t->shape[1], off);
    return result_tensor(c, in, t->dtype, 1, shape);
  }
  if (op == FX_OP_DIAG && t->ndim != 1) return fx_ierr(c, "diag needs a tensor of 1 or 2 dimensions");
  if (op != FX_OP_DIAG_EMBED) {
    va->dim1 = 0, va->dim2 = 1;
    shape[0] = shape[1] = fx_tinfo_numel(t) + k;
    return result_tensor(c, in, t->dtype, 2, shape);
  }
  if (t->ndim < 1 || t->ndim + 1 > FXRT_MAX_DIMS) return fx_ierr(c, "diag_embed needs a tensor of 1 to %d dimensions",
                                                                  FXRT_MAX_DIMS - 1);
  if (!as_int(ARG("dim1"), &d1) || !as_int(ARG("dim2"), &d2)) return fx_ierr(c, "dim1 and dim2 must be ints");
  int32_t a = 0, b = 0;
  if (!fx_norm_dim(c, d1, t->ndim + 1, &a) || !fx_norm_dim(c, d2, t->ndim + 1, &b)) return false;
  if (a == b) return fx_ierr(c, "diagonal dimensions cannot be identical %d, %d", (int)d1, (int)d2);
  va->dim1 = a, va->dim2 = b;
  for (int32_t i = 0, j = 0; i < t->ndim + 1; i++)
    shape[i] = i == a || i == b ? t->shape[t->ndim - 1] + k : t->shape[j++];
  return result_tensor(c, in, t->dtype, t->ndim + 1, shape);
}

bool fx_lower_diag_embed(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_view_attrs *a = &in->attrs->view;
  if (op == FX_OP_DIAG && tx->ndim == 2) {
    const fxrt_view cv = cview(tx), v = fx_diagonal_view(&cv, a->dim1, a->dim2, a->offset);
    return fx_copy_view(r, x, &v, y);
  }
  fx_kcall *k = fx_call(r, FX_K_FILL);
  k->dt = ty->dtype;
  k->ref[0] = tref(r, y);
  k->i[0] = fx_tinfo_numel(ty);
  k->f[0] = 0;
  const fxrt_view yv = cview(ty), dv = fx_diagonal_view(&yv, a->dim1, a->dim2, a->offset);
  fxrt_view sv = fxrt_view_contiguous(dv.ndim, dv.shape); /* the input's elements in order */
  fx_copy_call(r, tref(r, x), &sv, tref(r, y), &dv);
  return true;
}

/* reflect, replicate or circular padding of the last 3 dimensions (pads >= 0, checked by inference) as strided
 * copies: x into the middle of y, then per padded dimension, innermost first, the two borders from y's own middle
 * part along that dimension (reflect: a reversed view; replicate: the edge with stride 0; circular: the other end),
 * over the full extent of the dimensions already padded and the middle of the others. Corners are thus what
 * PyTorch computes: each index mapped independently per dimension. */
static bool pad3d_copies(fx_lctx *r, const fx_inst *in, const int64_t *pad) {
  fx_op op = in->op;
  const fx_value *x = &in->args[0], *y = &in->result, *mode = ARG("mode");
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  bool reflect = fx_value_str_is(mode, "reflect"), replicate = fx_value_str_is(mode, "replicate");
  fxrt_view full = cview(ty), mid = full;
  for (int i = 0; i < 3; i++) {
    int32_t d = ty->ndim - 1 - i;
    mid.offset += pad[2 * i] * full.stride[d];
    mid.shape[d] = tx->shape[d];
  }
  fxrt_view xv = cview(tx);
  fx_copy_call(r, tref(r, x), &xv, tref(r, y), &mid);
  for (int i = 0; i < 3; i++) {
    int32_t d = ty->ndim - 1 - i;
    int64_t lo = pad[2 * i], hi = pad[2 * i + 1], n = tx->shape[d], s = full.stride[d];
    /* the region: padded extent in dimensions 0..i-1 (inner), middle in i+1..2, here the offset of index 0 of d */
    fxrt_view base = full;
    for (int j = i + 1; j < 3; j++) {
      int32_t e = ty->ndim - 1 - j;
      base.offset += pad[2 * j] * full.stride[e];
      base.shape[e] = tx->shape[e];
    }
    for (int side = 0; side < 2; side++) {
      int64_t len = side ? hi : lo;
      if (len == 0) continue;
      fxrt_view dv = base, sv = base;
      dv.shape[d] = sv.shape[d] = len;
      dv.offset += (side ? lo + n : 0) * s;
      int64_t first; /* the index in y that the border's first element copies, and the step */
      int64_t step = reflect ? -1 : replicate ? 0 : 1;
      if (!side) first = reflect ? 2 * lo : replicate ? lo : n;
      else first = reflect ? lo + n - 2 : replicate ? lo + n - 1 : lo;
      sv.offset += first * s;
      sv.stride[d] = step * s;
      fx_copy_call(r, tref(r, y), &sv, tref(r, y), &dv);
    }
  }
  return true;
}

bool fx_lower_pad(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result, *mode = ARG("mode");
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t pad[2 * FXRT_MAX_DIMS] = {0};
  int k = fx_ints_of(ARG("pad"), pad, 2 * FXRT_MAX_DIMS);
  if (mode->kind == FX_V_NONE || fx_value_str_is(mode, "constant")) {
    fx_kcall *f = fx_call(r, FX_K_FILL);
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
    fx_copy_call(r, tref(r, x), &xv, tref(r, y), &yv);
    return true;
  }
  if (k == 6) return pad3d_copies(r, in, pad);
  if (tx->dtype != FXRT_F32 || tx->ndim < 2)
    return fx_lerr(r, "this padding mode needs an f32 tensor of 2 to 4 dimensions");
  fxrt_pad_mode m = fx_value_str_is(mode, "reflect")     ? FXRT_PAD_REFLECT
                    : fx_value_str_is(mode, "replicate") ? FXRT_PAD_REPLICATE
                                                         : FXRT_PAD_CIRCULAR;
  int64_t h = tx->ndim >= 4 || k > 2 ? tx->shape[tx->ndim - 2] : 1, w = tx->shape[tx->ndim - 1];
  int64_t lead = fx_tinfo_numel(tx) / ((h * w) != 0 ? h * w : 1);
  if (k <= 2) { /* 1-d padding of the last dimension: every row is an image of height 1 */
    h = 1;
    lead = fx_tinfo_numel(tx) / (w ? w : 1);
  }
  fx_kcall *c = fx_call(r, FX_K_PAD2D);
  c->sub = m;
  c->ref[0] = tref(r, x);
  c->i[0] = 1, c->i[1] = lead, c->i[2] = h, c->i[3] = w;
  c->i[4] = pad[0], c->i[5] = pad[1], c->i[6] = k > 2 ? pad[2] : 0, c->i[7] = k > 2 ? pad[3] : 0;
  c->ref[1] = tref(r, y);
  return true;
}

bool fx_lower_flip_roll(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  fxrt_view c = cview(tx);
  if (op == FX_OP_FLIP) {
    int64_t dims[FXRT_MAX_DIMS];
    int k = fx_ints_of(ARG("dims"), dims, FXRT_MAX_DIMS);
    fxrt_view v = c;
    for (int i = 0; i < k && fx_tinfo_numel(tx) > 0; i++) { /* a tensor without elements is its own flip */
      int32_t d = ndim_norm(dims[i], tx->ndim);
      v.offset += (c.shape[d] - 1) * c.stride[d];
      v.stride[d] = -c.stride[d];
    }
    return fx_copy_view(r, x, &v, y);
  }
  /* roll: each rolled dimension is two copies, from x (the first) or from a scratch copy of y */
  int64_t shifts[FXRT_MAX_DIMS], dims[FXRT_MAX_DIMS];
  int ks = fx_ints_of(ARG("shifts"), shifts, FXRT_MAX_DIMS),
      kd = ARG("dims")->kind == FX_V_NONE ? 0 : fx_ints_of(ARG("dims"), dims, FXRT_MAX_DIMS);
  if (kd == 0) {
    fx_tinfo flat = *tx;
    flat.ndim = 1;
    flat.shape[0] = fx_tinfo_numel(tx);
    c = cview(&flat);
    dims[0] = 0;
    kd = 1;
  }
  if (ks != kd) return fx_lerr(r, "shifts and dims differ in length");
  fx_ref yr = tref(r, y), src = tref(r, x), tmp = null_ref();
  fxrt_view whole = c;
  for (int i = 0; i < kd; i++) {
    if (i > 0) {
      if (tmp.kind == FX_REF_NULL) tmp = fx_new_scratch(r, tx->dtype, fx_tinfo_numel(tx));
      fx_copy_call(r, yr, &whole, tmp, &whole);
      src = tmp;
    }
    int32_t d = ndim_norm(dims[i], c.ndim);
    int64_t sz = c.shape[d], s = sz ? ((shifts[i] % sz) + sz) % sz : 0;
    if (!s) { /* y already holds src after the first dimension */
      if (i == 0) fx_copy_call(r, src, &whole, yr, &whole);
      continue;
    }
    fxrt_view a = c, b = c;
    a.shape[d] = b.shape[d] = sz - s; /* y[s:] = x[:sz-s] */
    b.offset = s * c.stride[d];
    fx_copy_call(r, src, &a, yr, &b);
    a.shape[d] = b.shape[d] = s; /* y[:s] = x[sz-s:] */
    a.offset = (sz - s) * c.stride[d];
    b.offset = 0;
    fx_copy_call(r, src, &a, yr, &b);
  }
  return true;
}

bool fx_lower_repeat(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  int64_t rep[FXRT_MAX_DIMS];
  int k = repeat_counts(op, op == FX_OP_TILE ? ARG("dims") : ARG("repeats"), tx->ndim, rep);
  if (2 * k > FXRT_MAX_DIMS) return fx_lerr(r, "too many dimensions to repeat");
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
  fx_copy_call(r, tref(r, x), &xv, tref(r, y), &yv);
  return true;
}

bool fx_lower_pixel_shuffle(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  int64_t f = iarg(ARG("upscale_factor"), 1), c = tx->shape[tx->ndim - 3] / (f * f), h = tx->shape[tx->ndim - 2],
          w = tx->shape[tx->ndim - 1], lead = fx_tinfo_numel(tx) / (c * f * f * h * w != 0 ? c * f * f * h * w : 1);
  /* x [lead, c, f, f, h, w] read as [lead, c, h, f, w, f] */
  fxrt_view v = {6, {lead, c, h, f, w, f}, {c * f * f * h * w, f * f * h * w, w, f * h * w, 1, h * w}, 0};
  fxrt_view yv = fxrt_view_contiguous(6, v.shape); /* y [lead, c, h*f, w*f] is [lead, c, h, f, w, f] */
  fx_copy_call(r, tref(r, x), &v, tref(r, y), &yv);
  return true;
}

/* One 2-d pass of interpolate (or of area's adaptive average pooling) over [planes, h, w]. */
static void resize2d(fx_lctx *r, fx_kind kernel, fx_ref x, int64_t n, int64_t planes, int64_t h, int64_t w, fx_ref y,
                     int64_t oh, int64_t ow, bool align, double sh, double sw) {
  fx_kcall *k = fx_call(r, kernel);
  k->ref[0] = x;
  k->i[0] = n, k->i[1] = planes, k->i[2] = h, k->i[3] = w;
  k->ref[1] = y;
  k->i[4] = oh, k->i[5] = ow;
  if (kernel != FX_K_ADAPTIVE_AVG) k->flag = align, k->f[0] = sh, k->f[1] = sw;
}

/* 4-d inputs: the 2-d kernels. 3-d: one pass along the last dimension (area: pooling of height 1). 5-d: the 2-d
 * kernel over height and width into a scratch buffer, then one pass along the depth, PyTorch's order of weights
 * (area: the mean over the depth of the means over the height and width). */
bool fx_lower_interpolate(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32) return fx_lerr(r, "interpolate runs on f32 tensors only");
  const int sp = tx->ndim - 2;
  double sc[3] = {0, 0, 0};
  const fx_value *fv = ARG("scale_factor"), *rv = ARG("recompute_scale_factor");
  if (fv->kind != FX_V_NONE && !(rv->kind == FX_V_BOOL && rv->v.i)) {
    const bool seq = fv->kind == FX_V_TUPLE || fv->kind == FX_V_LIST;
    for (int i = 0; i < sp; i++) sc[i] = farg(seq ? &fv->u.items[i] : fv, 0);
  }
  const fx_value *mode = ARG("mode");
  const bool nearest = fx_value_str_is(mode, "nearest"), area = fx_value_str_is(mode, "area");
  const bool align = iarg(ARG("align_corners"), 0) != 0;
  const fx_kind k2 = area ? FX_K_ADAPTIVE_AVG : nearest ? FX_K_NEAREST : FX_K_BILINEAR;
  const int64_t planes = tx->shape[0] * tx->shape[1];
  const int64_t *is = tx->shape + 2, *os = ty->shape + 2;
  if (sp == 2) {
    resize2d(r, k2, tref(r, x), tx->shape[0], tx->shape[1], is[0], is[1], tref(r, y), os[0], os[1], align, sc[0],
             sc[1]);
    return true;
  }
  if (sp == 1) {
    if (area) {
      resize2d(r, k2, tref(r, x), 1, planes, 1, is[0], tref(r, y), 1, os[0], false, 0, 0);
      return true;
    }
    fx_kcall *k = fx_call(r, FX_K_RESAMPLE_AXIS);
    k->ref[0] = tref(r, x), k->ref[1] = tref(r, y);
    k->i[0] = planes, k->i[1] = is[0], k->i[2] = 1, k->i[3] = os[0], k->i[4] = nearest ? 0 : 1;
    k->flag = align, k->f[0] = sc[0];
    return true;
  }
  const fx_ref t = fx_new_scratch(r, FXRT_F32, planes * is[0] * os[1] * os[2]);
  resize2d(r, k2, tref(r, x), 1, planes * is[0], is[1], is[2], t, os[1], os[2], align, sc[1], sc[2]);
  if (area) {
    resize2d(r, k2, t, 1, planes, is[0], os[1] * os[2], tref(r, y), os[0], os[1] * os[2], false, 0, 0);
    return true;
  }
  fx_kcall *k = fx_call(r, FX_K_RESAMPLE_AXIS);
  k->ref[0] = t, k->ref[1] = tref(r, y);
  k->i[0] = planes, k->i[1] = is[0], k->i[2] = os[1] * os[2], k->i[3] = os[0], k->i[4] = nearest ? 0 : 1;
  k->flag = align, k->f[0] = sc[0];
  return true;
}
