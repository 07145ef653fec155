/* conv.c: convolutions: convolution (1-d, 2-d and 3-d, grouped, dilated, transposed), fx2c.fused_conv (with an
 * epilogue and asymmetric padding), fx2c.winograd_conv, and the blocked layout's fx2c.nchwc_conv, fx2c.to_nchwc,
 * fx2c.from_nchwc, fx2c.nchwc_global_avg_pool and fx2c.nchwc_scale (fx2c.nchwc_max_pool is in pool.c). Inference
 * decodes the attributes once (fx_conv_attrs).
 */
#include "family.h"
#include "fxrt_small.h"

#include <math.h>

/* ---- inference ---- */

bool fx_infer_conv(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_value *w = ARG("weight");
  NEED_TENSOR(w, "weight");
  const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
  /* the rank: the one the target names (conv2d: 2), whose input may be unbatched; aten.convolution's is the weight's
   * and its input batched, as in PyTorch; fx2c.fused_conv (made by passes from either) the weight's, either input */
  const fx_value *sv = op == FX_OP_CONVOLUTION ? ARG("spatial_dims") : NULL;
  int64_t named = 0;
  if (sv && sv->kind != FX_V_NONE && (!as_int(sv, &named) || named < 1 || named > 3))
    return fx_ierr(c, "spatial_dims must be 1, 2, 3 or None");
  int sp = named ? (int)named : tw->ndim - 2;
  if (named && tw->ndim != sp + 2)
    return fx_ierr(c, "a %d-d convolution needs a %d-d weight, not one of %d dimensions", sp, sp + 2, tw->ndim);
  if (sp < 1 || sp > 3)
    return fx_ierr(c, "only 1-d, 2-d and 3-d convolutions are supported (weight has %d dimensions)", tw->ndim);
  bool batched = t->ndim == sp + 2;
  if (op == FX_OP_CONVOLUTION && !named && !batched)
    return fx_ierr(c, "the weight has %d dimensions, so the input must have %d (a batch), not %d", tw->ndim, tw->ndim,
                   t->ndim);
  if (!batched && t->ndim != sp + 1)
    return fx_ierr(c, "a %d-d convolution takes a %d-d (unbatched) or %d-d (batched) input, not one of %d dimensions",
                   sp, sp + 1, sp + 2, t->ndim);
  int64_t groups = 1, stride[3] = {1, 1, 1}, pad[3] = {0, 0, 0}, dil[3] = {1, 1, 1}, opad[3] = {0, 0, 0},
          same_extra[3] = {0, 0, 0};
  bool transposed = false;
  if (!as_int(ARG("groups"), &groups) || groups < 1) return fx_ierr(c, "groups must be a positive int");
  as_bool(ARG("transposed"), &transposed);
  if (!fx_expand_ints(ARG("stride"), sp, stride) || !fx_expand_ints(ARG("dilation"), sp, dil))
    return fx_ierr(c, "stride and dilation must be ints, one or %d", sp);
  for (int i = 0; i < sp; i++) {
    if (stride[i] < 1) return fx_ierr(c, "stride must be positive, not %lld", (long long)stride[i]);
    if (dil[i] < 1) return fx_ierr(c, "dilation must be positive, not %lld", (long long)dil[i]);
  }
  const fx_value *pv = ARG("padding");
  int64_t n = batched ? t->shape[0] : 1, cin = t->shape[batched ? 1 : 0];
  const int64_t *sz = t->shape + (batched ? 2 : 1);
  if ((fx_value_str_is(pv, "valid") || fx_value_str_is(pv, "same")) && transposed)
    return fx_ierr(c, "a transposed convolution takes padding as ints, not a string");
  if (fx_value_str_is(pv, "valid")) {
    pad[0] = pad[1] = pad[2] = 0;
  } else if (fx_value_str_is(pv, "same")) {
    for (int i = 0; i < sp; i++) {
      if (stride[i] != 1) return fx_ierr(c, "padding='same' is not supported for strided convolutions");
      int64_t total = dil[i] * (tw->shape[2 + i] - 1);
      pad[i] = total / 2;
      same_extra[i] = total % 2; /* an even kernel: the odd zero after the input, as PyTorch pads */
    }
  } else if (!fx_expand_ints(pv, sp, pad)) {
    return fx_ierr(c, "padding must be ints, 'same' or 'valid'");
  }
  for (int i = 0; i < sp; i++)
    if (pad[i] < 0) return fx_ierr(c, "padding must not be negative, not %lld", (long long)pad[i]);
  if (transposed) {
    if (!fx_expand_ints(ARG("output_padding"), sp, opad)) return fx_ierr(c, "output_padding must be ints");
    for (int i = 0; i < sp; i++)
      if (opad[i] < 0 || (opad[i] >= stride[i] && opad[i] >= dil[i]))
        return fx_ierr(c,
                       "output_padding %lld must be non-negative and smaller than the stride (%lld) or the "
                       "dilation (%lld)",
                       (long long)opad[i], (long long)stride[i], (long long)dil[i]);
  }
  int64_t pad_end[3] = {0, 0, 0};
  for (int i = 0; i < sp; i++) pad_end[i] = pad[i] + same_extra[i];
  if (op == FX_OP_FUSED_CONV && ARG("padding_end")->kind != FX_V_NONE) {
    if (!fx_expand_ints(ARG("padding_end"), sp, pad_end) || transposed)
      return fx_ierr(c, "padding_end must be ints, of a convolution that is not transposed");
    for (int i = 0; i < sp; i++)
      if (pad_end[i] < 0) return fx_ierr(c, "padding_end must not be negative");
  }
  if (cin % groups)
    return fx_ierr(c, "groups=%lld does not divide the %lld input channels", (long long)groups, (long long)cin);
  if (!transposed && tw->shape[0] % groups)
    return fx_ierr(c, "groups=%lld does not divide the weight's %lld output channels", (long long)groups,
                   (long long)tw->shape[0]);
  int64_t kout = transposed ? tw->shape[1] * groups : tw->shape[0];
  int64_t wcin = transposed ? tw->shape[0] : tw->shape[1] * groups;
  if (wcin != cin)
    return fx_ierr(c, "the input has %lld channels but the weight expects %lld", (long long)cin, (long long)wcin);
  const fx_value *bv = ARG("bias");
  if (is_tensor(bv) && (tinfo(c, bv)->ndim != 1 || tinfo(c, bv)->shape[0] != kout))
    return fx_ierr(c, "bias must have %lld elements", (long long)kout);
  int64_t shape[FXRT_MAX_DIMS];
  int32_t k = 0;
  if (batched) shape[k++] = n;
  shape[k++] = kout;
  for (int i = 0; i < sp; i++) {
    int64_t ks = tw->shape[2 + i], o;
    if (transposed) o = (sz[i] - 1) * stride[i] - 2 * pad[i] + dil[i] * (ks - 1) + opad[i] + 1;
    else o = (sz[i] + pad[i] + pad_end[i] - dil[i] * (ks - 1) - 1) / stride[i] + 1;
    if (o < 1) return fx_ierr(c, "the input (size %lld) is smaller than the kernel", (long long)sz[i]);
    shape[k++] = o;
  }
  in->result = new_tensor(c, t->dtype, k, shape);
  fx_conv_attrs *a = &new_attrs(c, in)->conv;
  *a = (fx_conv_attrs){sp,
                       batched,
                       transposed,
                       {stride[0], stride[1], stride[2]},
                       {dil[0], dil[1], dil[2]},
                       groups,
                       {pad[0], pad[1], pad[2]},
                       {pad_end[0], pad_end[1], pad_end[2]},
                       {opad[0], opad[1], opad[2]},
                       0,
                       0};
  const fx_value *mv = op == FX_OP_CONVOLUTION ? ARG("padding_mode") : NULL;
  if (mv && mv->kind != FX_V_NONE && !fx_value_str_is(mv, "zeros")) {
    a->pad_mode = fx_value_str_is(mv, "reflect")     ? 1 + FXRT_PAD_REFLECT
                  : fx_value_str_is(mv, "replicate") ? 1 + FXRT_PAD_REPLICATE
                  : fx_value_str_is(mv, "circular")  ? 1 + FXRT_PAD_CIRCULAR
                                                     : -1;
    if (a->pad_mode < 0)
      return fx_ierr(c, "padding_mode must be 'zeros', 'reflect', 'replicate' or 'circular'");
    if (transposed) return fx_ierr(c, "a transposed convolution supports padding_mode='zeros' only");
    if (t->dtype != FXRT_F32) return fx_ierr(c, "padding_mode other than 'zeros' runs on f32 tensors only");
    for (int i = 0; i < sp; i++) {
      const int64_t lim = a->pad_mode == 1 + FXRT_PAD_REFLECT ? sz[i] - 1 : sz[i];
      if (a->pad_mode != 1 + FXRT_PAD_REPLICATE && (pad[i] > lim || pad_end[i] > lim))
        return fx_ierr(c, "%s padding of %lld and %lld does not fit a dimension of size %lld",
                       a->pad_mode == 1 + FXRT_PAD_REFLECT ? "reflect" : "circular", (long long)pad[i],
                       (long long)pad_end[i], (long long)sz[i]);
    }
  }
  if (op == FX_OP_FUSED_CONV && transposed) return fx_ierr(c, "a transposed convolution takes no epilogue");
  return op == FX_OP_CONVOLUTION || fx_check_epilogue(c, op, in);
}

bool fx_infer_winograd(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_value *w = ARG("weight"), *bv = ARG("bias");
  NEED_TENSOR(w, "weight");
  const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
  int64_t k = 0, pad[2] = {0, 0}, tile = 0;
  if (t->ndim != 4 || t->dtype != FXRT_F32) return fx_ierr(c, "the input must be an f32 tensor [n, c, h, w]");
  if (!as_int(ARG("out_channels"), &k) || k < 1 || k > INT32_MAX)
    return fx_ierr(c, "out_channels must be a positive int");
  if (!as_int(ARG("tile"), &tile) || (tile != 2 && tile != 4)) return fx_ierr(c, "tile must be 2 or 4");
  if (tw->ndim != 4 || tw->dtype != FXRT_F32 || tw->shape[0] != (tile + 2) * (tile + 2) ||
      tw->shape[1] != (k + 15) / 16 || tw->shape[2] != t->shape[1] || tw->shape[3] != 16)
    return fx_ierr(c, "the weight must be the f32 Winograd transform [%lld, %lld, %lld, 16] of %lld output channels",
                   (long long)((tile + 2) * (tile + 2)), (long long)((k + 15) / 16), (long long)t->shape[1],
                   (long long)k);
  if (!fx_expand_ints(ARG("padding"), 2, pad) || pad[0] < 0 || pad[1] < 0 || pad[0] > INT32_MAX || pad[1] > INT32_MAX)
    return fx_ierr(c, "padding must be one or two non-negative ints");
  int64_t end[2] = {pad[0], pad[1]};
  if (ARG("padding_end")->kind != FX_V_NONE && (!fx_expand_ints(ARG("padding_end"), 2, end) || end[0] < 0 ||
                                                end[1] < 0 || end[0] > INT32_MAX || end[1] > INT32_MAX))
    return fx_ierr(c, "padding_end must be one or two non-negative ints");
  if (is_tensor(bv) && (tinfo(c, bv)->ndim != 1 || tinfo(c, bv)->shape[0] != k || tinfo(c, bv)->dtype != FXRT_F32))
    return fx_ierr(c, "bias must be an f32 tensor of %lld elements", (long long)k);
  if (!is_tensor(bv) && bv->kind != FX_V_NONE) return fx_ierr(c, "bias must be a tensor or None");
  int64_t shape[4] = {t->shape[0], k, t->shape[2] + pad[0] + end[0] - 2, t->shape[3] + pad[1] + end[1] - 2};
  if (shape[2] < 1 || shape[3] < 1) return fx_ierr(c, "the input is smaller than the kernel");
  in->result = new_tensor(c, FXRT_F32, 4, shape);
  new_attrs(c, in)->conv =
      (fx_conv_attrs){2, true, false, {1, 1}, {1, 1}, 1, {pad[0], pad[1]}, {end[0], end[1]}, {0, 0}, tile, 0};
  return fx_check_epilogue(c, op, in);
}

bool fx_blocked_channels(fx_ictx *c, fx_op op, fx_inst *in, const fx_tinfo *t, int64_t *ch) {
  const int64_t B = FXRT_NCHWC_BLOCK;
  if (t->ndim != 5 || t->dtype != FXRT_F32 || t->shape[4] != B)
    return fx_ierr(c, "the input must be an f32 NCHW16c tensor [n, cb, h, w, 16]");
  if (!as_int(ARG("channels"), ch) || *ch < 1 || (*ch + B - 1) / B != t->shape[1])
    return fx_ierr(c, "channels must be a positive int that the input's %lld blocks of 16 hold",
                   (long long)t->shape[1]);
  return true;
}

/* to_nchwc: [n, c, h, w] -> [n, ceil(c/16), h, w, 16]; from_nchwc: back, to `channels` channels. */
bool fx_infer_nchwc_reorder(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  const int64_t B = FXRT_NCHWC_BLOCK;
  if (op == FX_OP_TO_NCHWC) {
    if (t->ndim != 4 || t->dtype != FXRT_F32) return fx_ierr(c, "the input must be an f32 tensor [n, c, h, w]");
    int64_t shape[5] = {t->shape[0], (t->shape[1] + B - 1) / B, t->shape[2], t->shape[3], B};
    in->result = new_tensor(c, FXRT_F32, 5, shape);
    return true;
  }
  int64_t ch = 0;
  if (!fx_blocked_channels(c, op, in, t, &ch)) return false;
  int64_t shape[4] = {t->shape[0], ch, t->shape[2], t->shape[3]};
  in->result = new_tensor(c, FXRT_F32, 4, shape);
  return true;
}

/* nchwc_global_avg_pool: [n, cb, h, w, 16] -> [n, channels, 1, 1]; nchwc_scale: the input's shape, scale
 * [n or 1, channels, 1, 1]. */
bool fx_infer_nchwc_channelwise(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t ch = 0;
  if (!fx_blocked_channels(c, op, in, t, &ch)) return false;
  if (op == FX_OP_NCHWC_GLOBAL_AVG_POOL) {
    int64_t shape[4] = {t->shape[0], ch, 1, 1};
    in->result = new_tensor(c, FXRT_F32, 4, shape);
    return true;
  }
  const fx_value *s = ARG("scale");
  NEED_TENSOR(s, "scale");
  const fx_tinfo *ts = tinfo(c, s);
  if (ts->ndim != 4 || ts->dtype != FXRT_F32 || (ts->shape[0] != 1 && ts->shape[0] != t->shape[0]) ||
      ts->shape[1] != ch || ts->shape[2] != 1 || ts->shape[3] != 1)
    return fx_ierr(c, "scale must be an f32 tensor [%lld or 1, %lld, 1, 1]", (long long)t->shape[0], (long long)ch);
  in->result = new_tensor(c, FXRT_F32, t->ndim, t->shape);
  return true;
}

/* nchwc_conv: the channels and kernel size are arguments (the blocked shapes round the channels up); the weight must
 * be packed as fxrt_nchwc_pack_weight_f32 packs it. The input may be NCHW (fxrt_conv2d_nchw_nchwc_f32: a stem). */
bool fx_infer_nchwc_conv(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias");
  NEED_TENSOR(x, "input");
  NEED_TENSOR(w, "weight");
  const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
  const int64_t B = FXRT_NCHWC_BLOCK;
  int64_t cin = 0, k = 0, groups = 1, ks[2], stride[2], pad[2], dil[2];
  const bool nchw_in = t->ndim == 4; /* a dense stem from NCHW */
  if (((t->ndim != 5 || t->shape[4] != B) && !nchw_in) || t->dtype != FXRT_F32)
    return fx_ierr(c, "the input must be an f32 NCHW16c tensor [n, cb, h, w, 16] or an NCHW one [n, c, h, w]");
  if (!as_int(ARG("in_channels"), &cin) || cin < 1 ||
      (nchw_in ? cin != t->shape[1] : (cin + B - 1) / B != t->shape[1]))
    return fx_ierr(c, "in_channels must be a positive int that the input's %lld %s hold", (long long)t->shape[1],
                   nchw_in ? "channels" : "blocks of 16");
  if (!as_int(ARG("out_channels"), &k) || k < 1 || k > INT32_MAX)
    return fx_ierr(c, "out_channels must be a positive int");
  if (!as_int(ARG("groups"), &groups) || !fx_expand_ints(ARG("kernel_size"), 2, ks) ||
      !fx_expand_ints(ARG("stride"), 2, stride) || !fx_expand_ints(ARG("padding"), 2, pad) ||
      !fx_expand_ints(ARG("dilation"), 2, dil))
    return fx_ierr(c, "groups, kernel_size, stride, padding and dilation must be ints");
  int64_t end[2] = {pad[0], pad[1]};
  if (ARG("padding_end")->kind != FX_V_NONE && !fx_expand_ints(ARG("padding_end"), 2, end))
    return fx_ierr(c, "padding_end must be one or two ints");
  const fxrt_conv2d_params p = {{stride[0], stride[1]}, {pad[0], pad[1]}, {dil[0], dil[1]}, groups,
                                {end[0] - pad[0], end[1] - pad[1]}};
  if (nchw_in ? !fxrt_conv2d_nchw_nchwc_supported(cin, k, ks[0], ks[1], &p)
              : !fxrt_conv2d_nchwc_supported(cin, k, ks[0], ks[1], &p))
    return fx_ierr(c, nchw_in ? "from NCHW, the NCHW16c kernel computes convolutions of one group of up to %d input "
                                "channels only"
                              : "the NCHW16c kernel computes convolutions of one group or depthwise ones only",
                   FXRT_NCHWC_DENSE_MAX_C);
  const bool pointwise = groups == 1; /* or dense: [kb][c*kh*kw][16] */
  const int64_t want[4] = {pointwise ? (k + B - 1) / B : t->shape[1], pointwise ? cin * ks[0] * ks[1] : ks[0],
                           pointwise ? B : ks[1], B};
  const int32_t wnd = pointwise ? 3 : 4;
  if (tw->ndim != wnd || tw->dtype != FXRT_F32 || memcmp(tw->shape, want, (size_t)wnd * sizeof *want))
    return fx_ierr(c, "the weight must be f32 packed for the NCHW16c kernel");
  if (is_tensor(bv) && (tinfo(c, bv)->ndim != 1 || tinfo(c, bv)->shape[0] != k || tinfo(c, bv)->dtype != FXRT_F32))
    return fx_ierr(c, "bias must be an f32 tensor of %lld elements", (long long)k);
  if (!is_tensor(bv) && bv->kind != FX_V_NONE) return fx_ierr(c, "bias must be a tensor or None");
  int64_t shape[5] = {t->shape[0], (k + B - 1) / B, 0, 0, B};
  for (int i = 0; i < 2; i++) {
    const int64_t span = t->shape[2 + i] + pad[i] + end[i] - dil[i] * (ks[i] - 1) - 1;
    if (span < 0) return fx_ierr(c, "the input is smaller than the kernel");
    shape[2 + i] = span / stride[i] + 1;
  }
  in->result = new_tensor(c, FXRT_F32, 5, shape);
  new_attrs(c, in)->conv = (fx_conv_attrs){
      2, true, false, {stride[0], stride[1]}, {dil[0], dil[1]}, groups, {pad[0], pad[1]}, {end[0], end[1]}, {0, 0}, 0, 0};
  return fx_check_epilogue(c, op, in);
}

/* ---- lowering ---- */

/* The input x (tx) padded into scratch by before[i] and after[i] over its last sp dimensions: zeros (mode 0: a fill,
 * then a copy into the interior) or F.pad's mode - 1 (fxrt_pad_mode: over height and width, then over the depth of
 * [depth, height * width] planes; each mode pads every dimension on its own). *pt gets the padded shape. */
static fx_ref padded_input(fx_lctx *r, const fx_value *x, const fx_tinfo *tx, int sp, const int64_t *before,
                           const int64_t *after, int mode, fx_tinfo *pt) {
  const int32_t nd = tx->ndim;
  *pt = *tx;
  for (int i = 0; i < sp; i++) pt->shape[nd - sp + i] += before[i] + after[i];
  const int64_t numel = fx_tinfo_numel(pt);
  const fx_ref out = fx_new_scratch(r, FXRT_F32, numel);
  if (mode == 0) {
    fx_kcall *f = fx_call(r, FX_K_FILL);
    f->dt = FXRT_F32;
    f->ref[0] = out;
    f->i[0] = numel;
    f->f[0] = 0;
    fxrt_view xv = cview(tx), yv = cview(pt);
    for (int i = 0; i < sp; i++) {
      const int32_t d = nd - sp + i;
      yv.offset += before[i] * yv.stride[d];
      yv.shape[d] = tx->shape[d];
    }
    fx_copy_call(r, tref(r, x), &xv, out, &yv);
    return out;
  }
  const int64_t w = tx->shape[nd - 1], h = sp >= 2 ? tx->shape[nd - 2] : 1;
  const int64_t lead = fx_tinfo_numel(tx) / (h * w != 0 ? h * w : 1);
  const int64_t pads[4] = {before[sp - 1], after[sp - 1], sp >= 2 ? before[sp - 2] : 0, sp >= 2 ? after[sp - 2] : 0};
  const int64_t ph = h + pads[2] + pads[3], pw = w + pads[0] + pads[1];
  const fx_ref mid = sp == 3 ? fx_new_scratch(r, FXRT_F32, lead * ph * pw) : out;
  fx_kcall *k = fx_call(r, FX_K_PAD2D);
  k->sub = mode - 1;
  k->ref[0] = tref(r, x);
  k->i[0] = 1, k->i[1] = lead, k->i[2] = h, k->i[3] = w;
  for (int i = 0; i < 4; i++) k->i[4 + i] = pads[i];
  k->ref[1] = mid;
  if (sp == 3) {
    const int64_t d = tx->shape[nd - 3];
    k = fx_call(r, FX_K_PAD2D);
    k->sub = mode - 1;
    k->ref[0] = mid;
    k->i[0] = 1, k->i[1] = lead / (d ? d : 1), k->i[2] = d, k->i[3] = ph * pw;
    k->i[4] = 0, k->i[5] = 0, k->i[6] = before[0], k->i[7] = after[0];
    k->ref[1] = out;
  }
  return out;
}

/* A 3-d convolution (conv3d, conv_transpose3d): one call of the 3-d kernel, on x (tx) as given or padded. */
static bool lower_conv3d(fx_lctx *r, fx_op op, const fx_inst *in, fx_ref xin, const fx_tinfo *tx,
                         const fx_conv_attrs *a) {
  const fx_value *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tw = ti(r, w), *ty = ti(r, y);
  const bool batched = a->batched;
  const int64_t n = batched ? tx->shape[0] : 1, c = tx->shape[batched ? 1 : 0], kout = ty->shape[batched ? 1 : 0];
  const int64_t *sz = tx->shape + tx->ndim - 3, *osz = ty->shape + ty->ndim - 3, *ks = tw->shape + 2;
  fxrt_conv3d_params p = {{a->stride[0], a->stride[1], a->stride[2]},
                          {a->pad[0], a->pad[1], a->pad[2]},
                          {a->dilation[0], a->dilation[1], a->dilation[2]},
                          a->groups,
                          {0, 0, 0}};
  fx_kcall *k;
  if (a->transposed) {
    for (int i = 0; i < 3; i++) p.output_padding[i] = a->output_padding[i];
    k = fx_call(r, FX_K_CONV_T3D);
  } else {
    size_t ws = fxrt_conv3d_workspace_size(n, c, sz[0], sz[1], sz[2], kout, ks[0], ks[1], ks[2], osz[0], osz[1],
                                           osz[2], &p);
    if (ws == 0) return fx_lerr(r, "the 3-d convolution is too large for the runtime's kernel");
    k = fx_call(r, FX_K_CONV3D);
    k->ref[5] = fx_new_scratch(r, FXRT_U8, (int64_t)ws);
    k->i[12] = (int64_t)ws;
  }
  k->p.conv3 = p;
  k->ref[0] = xin;
  k->i[0] = n, k->i[1] = c, k->i[2] = sz[0], k->i[3] = sz[1], k->i[4] = sz[2];
  k->ref[1] = tref(r, w);
  k->i[5] = kout, k->i[6] = ks[0], k->i[7] = ks[1], k->i[8] = ks[2];
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  k->i[9] = osz[0], k->i[10] = osz[1], k->i[11] = osz[2];
  if (!a->transposed) {
    fx_set_epilogue(r, op, in, k);
    k->has_ep = k->ep.act != FXRT_ACT_NONE || k->ref[4].kind != FX_REF_NULL; /* else NULL: no epilogue */
  }
  return true;
}

bool fx_lower_conv(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, w), *ty = ti(r, y);
  if (tx->dtype != FXRT_F32 || tw->dtype != FXRT_F32) return fx_lerr(r, "convolution runs on f32 tensors only");
  if (is_tensor(bv) && ti(r, bv)->dtype != FXRT_F32) return fx_lerr(r, "convolution runs on f32 tensors only");
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  fx_ref xin = tref(r, x);
  fx_conv_attrs padded;
  fx_tinfo tpad;
  bool asym = false;
  for (int i = 0; i < a->sp; i++) asym |= a->pad_end[i] != a->pad[i];
  if (a->pad_mode || (a->sp == 3 && asym)) { /* the padding first (the 3-d kernel pads symmetrically only) */
    xin = padded_input(r, x, tx, a->sp, a->pad, a->pad_end, a->pad_mode, &tpad);
    padded = *a;
    memset(padded.pad, 0, sizeof padded.pad);
    memset(padded.pad_end, 0, sizeof padded.pad_end);
    a = &padded, tx = &tpad;
  }
  if (a->sp == 3) return lower_conv3d(r, op, in, xin, tx, a);
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
  fxrt_small_params q;
  fx_ref res;
  const int64_t numel[3] = {fx_tinfo_numel(tx), fx_tinfo_numel(tw), fx_tinfo_numel(ty)};
  if (!transposed && fx_small_ok(r, op, in, numel, 3, &q, &res)) { /* -Os: the direct convolution, no scratch */
    k = fx_call(r, FX_K_SMALL_CONV);
    q.n = (int32_t)n, q.c = (int32_t)c, q.h = (int32_t)h, q.w = (int32_t)wd, q.k = (int32_t)kout;
    q.kh = (int32_t)kh, q.kw = (int32_t)kw, q.oh = (int32_t)oh, q.ow = (int32_t)ow, q.groups = (int32_t)groups;
    for (int i = 0; i < 2; i++)
      q.stride[i] = (int32_t)stride[i], q.pad[i] = (int32_t)pad[i], q.dilation[i] = (int32_t)dil[i];
    q.divisor = 0;
    k->p.small = q;
    k->ref[0] = xin, k->ref[1] = tref(r, w), k->ref[2] = tref(r, bv), k->ref[3] = tref(r, y), k->ref[4] = res;
    /* a result of the input's size may be computed over the input when the input dies here (the memory plan decides;
     * it drops the scratch otherwise): pixel by pixel for a pointwise convolution, else group by group */
    if (numel[0] == numel[2] && xin.kind == FX_REF_TENSOR && !xin.off && (fxrt_small_pointwise(&q) || groups > 1))
      k->ref[5] = fx_new_scratch(r, FXRT_F32, fxrt_small_pointwise(&q) ? kout : kout / groups * oh * ow);
    return true;
  }
  if (transposed) {
    k = fx_call(r, FX_K_CONV_T2D);
    k->p.convt = (fxrt_conv_transpose2d_params){
        {stride[0], stride[1]}, {pad[0], pad[1]}, {opad[0], opad[1]}, {dil[0], dil[1]}, groups};
  } else {
    fxrt_conv2d_params p = {{stride[0], stride[1]}, {pad[0], pad[1]}, {dil[0], dil[1]}, groups, {extra[0], extra[1]}};
    size_t ws = fxrt_conv2d_workspace_size(n, c, h, wd, kout, kh, kw, oh, ow, &p);
    fx_ref wsr = ws ? fx_new_scratch(r, FXRT_U8, (int64_t)ws) : null_ref();
    k = fx_call(r, FX_K_CONV2D);
    k->p.conv = p;
    k->ref[5] = wsr;
    k->i[9] = (int64_t)ws;
  }
  k->ref[0] = xin;
  k->i[0] = n, k->i[1] = c, k->i[2] = h, k->i[3] = wd;
  k->ref[1] = tref(r, w);
  k->i[4] = kout, k->i[5] = kh, k->i[6] = kw;
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  k->i[7] = oh, k->i[8] = ow;
  fx_set_epilogue(r, op, in, k);
  return true;
}

/* winograd_conv: the weight is already transformed (optimizer/winograd.c); the workspace as the runtime sizes it. */
bool fx_lower_winograd(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  const int64_t *pad = a->pad, tile = a->tile;
  size_t ws = fxrt_winograd_workspace_size(tile, tx->shape[0], tx->shape[1], tx->shape[2], tx->shape[3], ty->shape[1],
                                           ty->shape[2], ty->shape[3], pad[0], pad[1], r->p->ws_workers);
  if (ws == 0) return fx_lerr(r, "the convolution is too large for the Winograd kernel");
  fx_ref wsr = fx_new_scratch(r, FXRT_U8, (int64_t)ws);
  fx_kcall *k = fx_call(r, FX_K_WINOGRAD);
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
  fx_set_epilogue(r, op, in, k);
  k->has_ep = k->ep.act != FXRT_ACT_NONE || k->ref[4].kind != FX_REF_NULL; /* else NULL: no epilogue */
  return true;
}

/* to_nchwc, from_nchwc: one reorder each. */
bool fx_lower_nchwc_reorder(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *plain = op == FX_OP_TO_NCHWC ? ti(r, x) : ti(r, y);
  fx_kcall *k = fx_call(r, op == FX_OP_TO_NCHWC ? FX_K_TO_NCHWC : FX_K_FROM_NCHWC);
  k->ref[0] = tref(r, x);
  k->ref[1] = tref(r, y);
  k->i[0] = plain->shape[0], k->i[1] = plain->shape[1], k->i[2] = plain->shape[2] * plain->shape[3];
  return true;
}

/* nchwc_global_avg_pool, nchwc_scale: one call each. */
bool fx_lower_nchwc_channelwise(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *y = &in->result;
  const fx_tinfo *tx = ti(r, x);
  const int64_t ch = iarg(ARG("channels"), 0);
  if (op == FX_OP_NCHWC_GLOBAL_AVG_POOL) {
    fx_kcall *k = fx_call(r, FX_K_NCHWC_MEAN);
    k->ref[0] = tref(r, x);
    k->i[0] = tx->shape[0], k->i[1] = ch, k->i[2] = tx->shape[2], k->i[3] = tx->shape[3];
    k->ref[1] = tref(r, y);
    return true;
  }
  fx_kcall *k = fx_call(r, FX_K_NCHWC_SCALE);
  k->ref[0] = tref(r, x);
  k->i[0] = tx->shape[0], k->i[1] = ch, k->i[2] = tx->shape[2] * tx->shape[3];
  k->ref[1] = tref(r, ARG("scale"));
  k->flag = ti(r, ARG("scale"))->shape[0] == tx->shape[0] && tx->shape[0] > 1;
  k->ref[2] = tref(r, y);
  return true;
}

/* nchwc_conv: the input's and output's plain sizes from the arguments; no workspace. From an NCHW input: the dense
 * kernel. */
bool fx_lower_nchwc_conv(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, y);
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  int64_t ks[2];
  fx_expand_ints(ARG("kernel_size"), 2, ks);
  fx_kcall *k = fx_call(r, tx->ndim == 4 ? FX_K_CONV2D_NCHW_NCHWC : FX_K_CONV2D_NCHWC);
  k->p.conv = (fxrt_conv2d_params){{a->stride[0], a->stride[1]},
                                   {a->pad[0], a->pad[1]},
                                   {a->dilation[0], a->dilation[1]},
                                   a->groups,
                                   {a->pad_end[0] - a->pad[0], a->pad_end[1] - a->pad[1]}};
  k->ref[0] = tref(r, x);
  k->i[0] = tx->shape[0], k->i[1] = iarg(ARG("in_channels"), 0), k->i[2] = tx->shape[2], k->i[3] = tx->shape[3];
  k->ref[1] = tref(r, ARG("weight"));
  k->i[4] = iarg(ARG("out_channels"), 0), k->i[5] = ks[0], k->i[6] = ks[1];
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  k->i[7] = ty->shape[2], k->i[8] = ty->shape[3];
  fx_set_epilogue(r, op, in, k);
  k->has_ep = k->ep.act != FXRT_ACT_NONE || k->ref[4].kind != FX_REF_NULL; /* else NULL: no epilogue */
  return true;
}
