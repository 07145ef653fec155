/* quant.c: quantized tensors, as FX graph mode quantization's convert_fx leaves them (torch.ao.quantization,
 * qnnpack): quantize_per_tensor, dequantize, the quantized layers (fx2c.q_conv2d, fx2c.q_linear: QuantizedConv2d,
 * QuantizedConvReLU2d, QuantizedLinear, QuantizedLinearReLU through their composites in decompose.c), quantized::add,
 * add_relu, mul, mul_relu, QuantizedHardswish; and the core ops that also take a quantized tensor (relu, max, average
 * and adaptive average pooling of 2 dimensions, cat, the views of the reshape rule), whose results keep a scale and
 * a zero point. A quantized activation is a tensor of dtype FXRT_U8 with fx_tinfo.quant, qscale and qzp, all known
 * at compile time; a quantized weight is an int8 tensor of the weights (fx_tensor.qscheme). Every other op refuses
 * a quantized input (fx_quant_check). The kernels are runtime/fxrt_quant.c's (bit for bit PyTorch 1.13's qnnpack). */
#include "family.h"
#include "fxrt_small.h"

/* ---- inference ---- */

static int64_t numel_of(int32_t ndim, const int64_t *shape) {
  int64_t n = 1;
  for (int32_t i = 0; i < ndim; i++) n *= shape[i];
  return n;
}

/* A scale or zero point: a number, or a one-element tensor of the weights (convert_fx's get_attr), read now. */
static bool q_number(fx_ictx *c, const fx_value *v, const char *what, double *out) {
  if (as_float(v, out)) return true;
  if (v->kind == FX_V_NONE)
    return fx_ierr(c, "the %s of the result is unknown: print(model) hides a QuantizedHardswish's scale and zero point; "
                      "write QuantizedHardswish(scale=S, zero_point=Z) in the modules file (tests/quant/gen.py does)",
                   what);
  const fx_tinfo *t = is_tensor(v) ? tinfo(c, v) : NULL;
  if (!t || t->kind != FX_T_WEIGHT || !t->data || numel_of(t->ndim, t->shape) != 1 || !c->p->weights)
    return fx_ierr(c, "%s must be a number or a one-element tensor of the weights (known when compiling)", what);
  const fx_tensor *w = t->data;
  fx_weights *ws = (fx_weights *)c->p->weights; /* reading fills the index entry's data, as fx_program_read_weights */
  if (!w->data) {
    if (w < ws->tensors || w >= ws->tensors + ws->n) return fx_ierr(c, "%s: internal error: not a weight", what);
    bool *want = fx_xcalloc((size_t)ws->n + 1, sizeof *want);
    want[w - ws->tensors] = true;
    bool ok = fx_weights_read(ws, want, c->d);
    fx_xfree(want);
    if (!ok) return fx_ierr(c, "%s: its tensor cannot be read", what);
  }
  switch (w->dtype) {
  case FXRT_F32: *out = *(const float *)w->data; return true;
  case FXRT_F64: *out = *(const double *)w->data; return true;
  case FXRT_I64: *out = (double)*(const int64_t *)w->data; return true;
  case FXRT_I32: *out = *(const int32_t *)w->data; return true;
  default: return fx_ierr(c, "%s is a %s tensor, not a number", what, fxrt_dtype_name(w->dtype));
  }
}

/* The scale and zero point of a quantized result (quint8: the zero point in [0, 255]). */
static bool q_result(fx_ictx *c, fx_inst *in, const fx_value *sv, const fx_value *zv, int32_t ndim,
                     const int64_t *shape) {
  double s = 0, z = 0;
  if (!q_number(c, sv, "scale", &s) || !q_number(c, zv, "zero_point", &z)) return false;
  if (!(s > 0 && s < 1e300)) return fx_ierr(c, "the scale %g is not a positive finite number", s);
  if (z != (double)(int64_t)z || z < 0 || z > 255)
    return fx_ierr(c, "the zero point %g of a quint8 tensor is not an integer in [0, 255]", z);
  if (!result_tensor(c, in, FXRT_U8, ndim, shape)) return false;
  fx_tinfo *t = &c->p->tensors[in->result.v.node];
  t->quant = true;
  t->qscale = s;
  t->qzp = (int32_t)z;
  return true;
}

static bool need_quant(fx_ictx *c, const fx_value *v, const char *what) {
  if (!is_tensor(v) || !tinfo(c, v)->quant)
    return fx_ierr(c, "%s must be a quantized tensor (quint8: the result of quantize_per_tensor or of a quantized op)",
                   what);
  return true;
}

bool fx_infer_quantize(fx_ictx *c, fx_op op, fx_inst *in) {
  (void)op;
  const fx_value *x = ARG("input"), *dt = ARG("dtype");
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  if (t->dtype != FXRT_F32 || t->quant) return fx_ierr(c, "quantize_per_tensor takes an f32 tensor");
  if (dt->kind != FX_V_WORD || !fx_str_eqz(fx_str_make(dt->u.text, dt->n), "torch.quint8"))
    return fx_ierr(c, "quantize_per_tensor: fx2c's quantized activations are torch.quint8 (qnnpack's)");
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  return q_result(c, in, ARG("scale"), ARG("zero_point"), t->ndim, shape);
}

bool fx_infer_dequantize(fx_ictx *c, fx_op op, fx_inst *in) {
  (void)op;
  const fx_value *x = ARG("input");
  if (!need_quant(c, x, "dequantize's input")) return false;
  const fx_tinfo *t = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  return result_tensor(c, in, FXRT_F32, t->ndim, shape);
}

/* A per-channel weight's scales or zero points as a weight tensor of k elements of dtype dt. */
static bool channel_tensor(fx_ictx *c, const fx_tensor *w, const char *suffix, fxrt_dtype dt, int64_t k,
                           uint32_t *id) {
  char name[600];
  snprintf(name, sizeof name, "%.*s%s", (int)w->name.n, w->name.p, suffix);
  const fx_tensor *t = fx_weights_find(c->p->weights, fx_str_make(name, strlen(name)));
  if (!t || t->dtype != dt || t->ndim != 1 || t->shape[0] != k)
    return fx_ierr(c, "the weights have no %s tensor '%s' of %lld elements", fxrt_dtype_name(dt), name, (long long)k);
  *id = fx_program_new_tensor(c->p, dt, 1, &k, FX_T_WEIGHT, c->node);
  c->p->tensors[*id].data = t;
  return true;
}

bool fx_infer_qgemm(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = ARG("input"), *wv = ARG("weight"), *bv = ARG("bias");
  if (!need_quant(c, x, "the input of a quantized layer")) return false;
  const fx_tinfo *tw = is_tensor(wv) ? tinfo(c, wv) : NULL;
  const fx_tensor *w = tw && tw->kind == FX_T_WEIGHT ? tw->data : NULL;
  if (!w || w->dtype != FXRT_I8 || w->qscheme == FX_QS_NONE)
    return fx_ierr(c, "the weight of a quantized layer must be a qint8 tensor of the weights (torch.save of the "
                      "converted model's state_dict)");
  const bool conv = op == FX_OP_Q_CONV2D;
  if (tw->ndim != (conv ? 4 : 2)) return fx_ierr(c, "the weight has %d dimensions, not %d", tw->ndim, conv ? 4 : 2);
  const int64_t k = tw->shape[0];
  fx_attrs *a = new_attrs(c, in);
  a->q.wscales = a->q.wzps = UINT32_MAX;
  if (w->qscheme == FX_QS_PER_CHANNEL) {
    if (w->qaxis != 0) return fx_ierr(c, "the weight is quantized per channel along axis %d, not 0", w->qaxis);
    if (!channel_tensor(c, w, FX_QSCALES_SUFFIX, FXRT_F64, k, &a->q.wscales) ||
        !channel_tensor(c, w, FX_QZPS_SUFFIX, FXRT_I64, k, &a->q.wzps))
      return false;
  } else if (w->qzp < -128 || w->qzp > 127 || !(w->qscale > 0)) {
    return fx_ierr(c, "the weight's scale %g or zero point %lld is out of range", w->qscale, (long long)w->qzp);
  }
  if (bv->kind != FX_V_NONE) {
    const fx_tinfo *tb = is_tensor(bv) ? tinfo(c, bv) : NULL;
    if (!tb || tb->dtype != FXRT_F32 || tb->ndim != 1 || tb->shape[0] != k)
      return fx_ierr(c, "the bias must be an f32 tensor of %lld elements", (long long)k);
  }
  bool relu;
  if (!as_bool(ARG("relu"), &relu)) return fx_ierr(c, "relu must be a bool");
  const fx_tinfo *tx = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  int32_t nd = tx->ndim;
  memcpy(shape, tx->shape, sizeof shape);
  if (!conv) {
    if (nd < 1 || tx->shape[nd - 1] != tw->shape[1])
      return fx_ierr(c, "the input's last dimension is not the weight's %lld in_features", (long long)tw->shape[1]);
    shape[nd - 1] = k;
    return q_result(c, in, ARG("scale"), ARG("zero_point"), nd, shape);
  }
  int64_t st[2], pd[2], dl[2], g;
  if (!fx_expand_ints(ARG("stride"), 2, st) || !fx_expand_ints(ARG("padding"), 2, pd) ||
      !fx_expand_ints(ARG("dilation"), 2, dl) || !as_int(ARG("groups"), &g))
    return fx_ierr(c, "stride, padding and dilation must be ints or pairs of ints, groups an int");
  if (nd != 4) return fx_ierr(c, "a quantized Conv2d takes a 4-dimensional input [n, c, h, w]");
  if (g < 1 || tx->shape[1] % g || k % g || tx->shape[1] / g != tw->shape[1])
    return fx_ierr(c, "the input's %lld channels do not match the weight [%lld, %lld, ...] with groups=%lld",
                   (long long)tx->shape[1], (long long)k, (long long)tw->shape[1], (long long)g);
  for (int i = 0; i < 2; i++) {
    if (st[i] < 1 || dl[i] < 1 || pd[i] < 0) return fx_ierr(c, "stride and dilation must be >= 1, padding >= 0");
    int64_t o = (tx->shape[2 + i] + 2 * pd[i] - dl[i] * (tw->shape[2 + i] - 1) - 1) / st[i] + 1;
    if (tx->shape[2 + i] + 2 * pd[i] < dl[i] * (tw->shape[2 + i] - 1) + 1)
      return fx_ierr(c, "the input (size %lld) is smaller than the kernel", (long long)tx->shape[2 + i]);
    shape[2 + i] = o;
  }
  if (tw->shape[1] * tw->shape[2] * tw->shape[3] > 32768)
    return fx_ierr(c, "a quantized convolution of more than 32768 taps per output is not supported");
  shape[1] = k;
  a->q.conv = (fx_conv_attrs){2, true, false, {st[0], st[1], 1}, {dl[0], dl[1], 1}, g, {pd[0], pd[1], 0},
                              {pd[0], pd[1], 0}, {0, 0, 0}, 0, 0};
  return q_result(c, in, ARG("scale"), ARG("zero_point"), nd, shape);
}

bool fx_infer_qbinary(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *a = ARG("qa"), *b = ARG("qb");
  if (!need_quant(c, a, "qa") || !need_quant(c, b, "qb")) return false;
  const fx_tinfo *ta = tinfo(c, a), *tb = tinfo(c, b);
  if (ta->ndim != tb->ndim || memcmp(ta->shape, tb->shape, (size_t)ta->ndim * sizeof *ta->shape))
    return fx_ierr(c, "quantized %s of tensors of different shapes (broadcasting) is not supported",
                   op == FX_OP_Q_ADD ? "add" : "mul");
  bool relu;
  if (!as_bool(ARG("relu"), &relu)) return fx_ierr(c, "relu must be a bool");
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, ta->shape, sizeof shape);
  return q_result(c, in, ARG("scale"), ARG("zero_point"), ta->ndim, shape);
}

bool fx_infer_qhardswish(fx_ictx *c, fx_op op, fx_inst *in) {
  (void)op;
  const fx_value *x = ARG("input");
  if (!need_quant(c, x, "the input of a quantized hardswish")) return false;
  const fx_tinfo *t = tinfo(c, x);
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  return q_result(c, in, ARG("scale"), ARG("zero_point"), t->ndim, shape);
}

static const fx_tinfo *first_quant(const fx_program *p, const fx_value *v) {
  if (v->kind == FX_V_TENSOR) return p->tensors[v->v.node].quant ? &p->tensors[v->v.node] : NULL;
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++) {
      const fx_tinfo *t = first_quant(p, &v->u.items[i]);
      if (t) return t;
    }
  return NULL;
}

/* The core ops that run on quantized tensors too (their result keeps the scale and zero point; cat's is its first
 * input's, as PyTorch's quantized cat). */
static bool passes_quant(fx_op op) {
  switch (op) {
  case FX_OP_RELU:
  case FX_OP_MAX_POOL:
  case FX_OP_AVG_POOL:
  case FX_OP_ADAPTIVE_AVG_POOL:
  case FX_OP_CAT:
  case FX_OP_VIEW:
  case FX_OP_FLATTEN:
  case FX_OP_UNFLATTEN:
  case FX_OP_SQUEEZE:
  case FX_OP_UNSQUEEZE: return true;
  default: return false;
  }
}

bool fx_quant_lowers(const fx_program *p, const fx_inst *in) {
  if (in->op != FX_OP_RELU && in->op != FX_OP_MAX_POOL && in->op != FX_OP_AVG_POOL && in->op != FX_OP_ADAPTIVE_AVG_POOL &&
      in->op != FX_OP_CAT)
    return false; /* the views share their input's storage: no kernel */
  const fx_sig *sig = fx_op_sig((fx_op)in->op);
  for (int k = 0; k < sig->n; k++)
    if (first_quant(p, &in->args[k])) return true;
  return false;
}

bool fx_quant_check(fx_ictx *c, fx_op op, fx_inst *in) {
  switch (op) {
  case FX_OP_QUANTIZE_PER_TENSOR:
  case FX_OP_DEQUANTIZE:
  case FX_OP_Q_CONV2D:
  case FX_OP_Q_LINEAR:
  case FX_OP_Q_ADD:
  case FX_OP_Q_MUL:
  case FX_OP_Q_HARDSWISH: return true;
  default: break;
  }
  const fx_sig *sig = fx_op_sig(op);
  const fx_tinfo *q = NULL;
  for (int k = 0; k < sig->n && !q; k++) q = first_quant(c->p, &in->args[k]);
  if (!q) return true;
  if (!passes_quant(op) || in->result.kind != FX_V_TENSOR)
    return fx_ierr(c, "%s of a quantized tensor is not supported; dequantize() it first (fx2c runs quantize_per_tensor, "
                      "dequantize, the quantized layers, quantized add/mul/cat/hardswish, relu, max/avg/adaptive-avg "
                      "pooling of 2 dimensions, flatten and reshape on quantized tensors)",
                   fx_op_name(op));
  if ((op == FX_OP_MAX_POOL || op == FX_OP_AVG_POOL || op == FX_OP_ADAPTIVE_AVG_POOL) &&
      (in->attrs->pool.sp != 2 || tinfo(c, &in->result)->ndim != 4))
    return fx_ierr(c, "%s of a quantized tensor: 2-d pooling of a 4-dimensional input only", fx_op_name(op));
  if (op == FX_OP_AVG_POOL && (in->attrs->pool.dilation[0] != 1 || in->attrs->pool.dilation[1] != 1))
    return fx_ierr(c, "avg_pool of a quantized tensor with dilation is not supported");
  if (op == FX_OP_CAT) { /* every input quantized */
    const fx_value *l = ARG("tensors");
    for (uint32_t i = 0; i < l->n; i++)
      if (!need_quant(c, &l->u.items[i], "every tensor of a quantized cat")) return false;
  }
  fx_tinfo *t = &c->p->tensors[in->result.v.node];
  t->quant = true;
  t->qscale = q->qscale;
  t->qzp = q->qzp;
  return true;
}

/* ---- lowering ---- */

static int64_t tnumel(const fx_tinfo *t) { return numel_of(t->ndim, t->shape); }

/* -Os (fx_program.small): the compact int8 kernels (fxrt_small_q8_*), when every size fits their int32 indices. The
 * record starts zeroed. */
static bool small_q8(fx_lctx *r, const int64_t *numel, int n, fxrt_small_params *q) {
  memset(q, 0, sizeof *q);
  if (!r->p->small) return false;
  for (int i = 0; i < n; i++)
    if (numel[i] < 0 || numel[i] > INT32_MAX) return false;
  return true;
}

/* A scale as the float the kernels compute with (the runtime's kernels refuse one that float cannot hold). */
static bool float_scale(fx_lctx *r, double s, float *f) {
  *f = (float)s;
  if (!(s > 0 && s < 3.0e38 && *f > 0.0f)) return fx_lerr(r, "the scale %g is outside float's range", s);
  return true;
}

/* --requantize fixed: a float scale as the multiplier and shift of a fixed-point record (fxrt_q8_fixed_multiplier;
 * exact for a float) into rq[0], rq[1]. */
static bool fixed_scale(fx_lctx *r, float s, int32_t *rq) {
  if (fxrt_q8_fixed_multiplier(s, &rq[0], &rq[1]) != FXRT_OK)
    return fx_lerr(r, "the requantization scale %g has no fixed-point multiplier", (double)s);
  return true;
}

bool fx_lower_quantize(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = ARG("input");
  const fx_tinfo *ty = ti(r, &in->result);
  fxrt_small_params q;
  const int64_t n = tnumel(ty);
  if (small_q8(r, &n, 1, &q)) {
    float s;
    if (!float_scale(r, ty->qscale, &s)) return false;
    q.n = (int32_t)n, q.mult = 1.0f / s, q.y_zp = ty->qzp;
    q.lo = (float)-ty->qzp, q.hi = (float)(255 - ty->qzp);
    fx_kcall *k = fx_call(r, FX_K_SMALL_Q8_QUANTIZE);
    k->p.small = q;
    k->ref[0] = tref(r, x), k->ref[1] = tref(r, &in->result);
    return true;
  }
  fx_kcall *k = fx_call(r, FX_K_Q8_QUANTIZE);
  k->ref[0] = tref(r, x);
  k->ref[1] = tref(r, &in->result);
  k->i[0] = tnumel(ty);
  k->f[0] = ty->qscale;
  k->i[1] = ty->qzp;
  return true;
}

bool fx_lower_dequantize(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = ARG("input");
  const fx_tinfo *tx = ti(r, x);
  fxrt_small_params q;
  const int64_t n = tnumel(tx);
  if (small_q8(r, &n, 1, &q)) {
    if (!float_scale(r, tx->qscale, &q.mult)) return false;
    q.n = (int32_t)n, q.x_zp = tx->qzp;
    fx_kcall *k = fx_call(r, FX_K_SMALL_Q8_DEQUANTIZE);
    k->p.small = q;
    k->ref[0] = tref(r, x), k->ref[1] = tref(r, &in->result);
    return true;
  }
  fx_kcall *k = fx_call(r, FX_K_Q8_DEQUANTIZE);
  k->ref[0] = tref(r, x);
  k->ref[1] = tref(r, &in->result);
  k->i[0] = tnumel(tx);
  k->f[0] = tx->qscale;
  k->i[1] = tx->qzp;
  return true;
}

/* -Os: a quantized conv2d or linear as a compact kernel (fxrt_small_q8_conv2d, _linear), with its requantization
 * scales, weight zero points and quantized bias computed now (fxrt_q8_gemm_prepare) as constant arrays. False
 * when it does not apply (not -Os, sizes beyond int32, a bias that is not a weight); true when it lowered the node
 * or reported why it cannot (*ok false). */
static bool small_qgemm(fx_lctx *r, fx_op op, const fx_inst *in, bool per_channel, bool relu, bool *ok) {
  const fx_value *x = ARG("input"), *wv = ARG("weight"), *bv = ARG("bias");
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, wv), *ty = ti(r, &in->result);
  const fx_tinfo *tb = bv->kind == FX_V_TENSOR ? ti(r, bv) : NULL;
  const fx_attrs *a = in->attrs;
  const int64_t kout = tw->shape[0], nw = per_channel ? kout : 1;
  const int64_t numel[3] = {tnumel(tx), tnumel(tw), tnumel(ty)};
  fxrt_small_params q;
  if (!small_q8(r, numel, 3, &q)) return false;
  if (tb && (tb->kind != FX_T_WEIGHT || !tb->data || !tb->data->data)) return false;
  const fx_tensor *w = tw->data;
  const fx_tensor *ws = per_channel ? r->p->tensors[a->q.wscales].data : NULL;
  const fx_tensor *wz = per_channel ? r->p->tensors[a->q.wzps].data : NULL;
  if (per_channel && (!ws || !ws->data || !wz || !wz->data)) return false;
  void *sp = NULL, *zp, *bp = NULL, *rqp = NULL;
  float *fscale = fx_xmalloc((size_t)nw * sizeof *fscale); /* the float scales, then (fixed) their record */
  const bool fixed = r->p->requant_fixed;
  fx_ref scale =
      fixed ? fx_new_const(r, FXRT_I32, 2 + 2 * nw, "rq", &rqp) : fx_new_const(r, FXRT_F32, nw, "scale", &sp);
  fx_ref wzp = fx_new_const(r, FXRT_I32, nw, "w_zero_point", &zp);
  fx_ref bias = tb ? fx_new_const(r, FXRT_I32, kout, "bias_q", &bp) : null_ref();
  const double one_scale = w->qscale;
  for (int64_t i = 0; i < nw; i++) {
    const int64_t z = per_channel ? ((const int64_t *)wz->data)[i] : w->qzp;
    if (z < -128 || z > 127) {
      fx_xfree(fscale);
      return *ok = fx_lerr(r, "the weight's zero point %lld is outside [-128, 127]", (long long)z), true;
    }
    ((int32_t *)zp)[i] = (int32_t)z;
  }
  if (fxrt_q8_gemm_prepare(tx->qscale, per_channel ? (const double *)ws->data : &one_scale, nw, ty->qscale,
                           tb ? (const float *)tb->data->data : NULL, kout, fscale, (int32_t *)bp) != FXRT_OK) {
    fx_xfree(fscale);
    return *ok = fx_lerr(r, "the scales of the input, the weight or the result are outside float's range, or the "
                            "bias is not finite"),
           true;
  }
  q.x_zp = tx->qzp, q.y_zp = ty->qzp, q.per_channel = per_channel;
  q.lo = (float)((relu ? ty->qzp : 0) - ty->qzp), q.hi = (float)(255 - ty->qzp);
  if (fixed) { /* {lo, hi, then mult, shift per channel} (fxrt.h: fxrt_small_q8_conv2d_fx) */
    int32_t *rq = rqp;
    rq[0] = (relu ? ty->qzp : 0) - (int32_t)ty->qzp, rq[1] = 255 - (int32_t)ty->qzp;
    q.divisor = 1; /* every shift >= 33: the kernel's 32-bit path alone (fxrt.h) */
    for (int64_t i = 0; i < nw; i++) {
      if (!fixed_scale(r, fscale[i], rq + 2 + 2 * i)) {
        fx_xfree(fscale);
        return *ok = false, true;
      }
      if (rq[3 + 2 * i] < 33) q.divisor = 0;
    }
  } else {
    memcpy(sp, fscale, (size_t)nw * sizeof *fscale);
  }
  fx_xfree(fscale);
  fx_kcall *k;
  if (op == FX_OP_Q_CONV2D) {
    const fx_conv_attrs *ca = &a->q.conv;
    q.n = (int32_t)tx->shape[0], q.c = (int32_t)tx->shape[1], q.h = (int32_t)tx->shape[2], q.w = (int32_t)tx->shape[3];
    q.k = (int32_t)kout, q.kh = (int32_t)tw->shape[2], q.kw = (int32_t)tw->shape[3];
    q.oh = (int32_t)ty->shape[2], q.ow = (int32_t)ty->shape[3], q.groups = (int32_t)ca->groups;
    for (int i = 0; i < 2; i++)
      q.stride[i] = (int32_t)ca->stride[i], q.pad[i] = (int32_t)ca->pad[i], q.dilation[i] = (int32_t)ca->dilation[i];
    k = fx_call(r, fixed ? FX_K_SMALL_Q8_CONV_FX : FX_K_SMALL_Q8_CONV);
    k->ref[0] = tref(r, x);
    /* in place when the plan lets the result overwrite the input (as the f32 compact convolution, conv.c) */
    if (numel[0] == numel[2] && k->ref[0].kind == FX_REF_TENSOR && !k->ref[0].off &&
        (fxrt_small_pointwise(&q) || q.groups > 1))
      k->ref[5] = fx_new_scratch(r, FXRT_U8, fxrt_small_pointwise(&q) ? fxrt_small_q8_column_bytes(q.c)
                                                                       : kout / q.groups * q.oh * q.ow);
  } else {
    q.c = (int32_t)tw->shape[1], q.n = (int32_t)(numel[0] / q.c), q.k = (int32_t)kout;
    k = fx_call(r, fixed ? FX_K_SMALL_Q8_LINEAR_FX : FX_K_SMALL_Q8_LINEAR);
    k->ref[0] = tref(r, x);
  }
  k->p.small = q;
  k->ref[1] = tref(r, wv), k->ref[2] = bias, k->ref[3] = tref(r, &in->result), k->ref[6] = scale, k->ref[7] = wzp;
  return true;
}

bool fx_lower_qgemm(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = ARG("input"), *wv = ARG("weight"), *bv = ARG("bias");
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, wv), *ty = ti(r, &in->result);
  const fx_tensor *w = tw->data;
  const fx_attrs *a = in->attrs;
  const int64_t kout = tw->shape[0];
  const bool per_channel = a->q.wscales != UINT32_MAX, has_bias = bv->kind == FX_V_TENSOR;
  bool relu = false;
  as_bool(ARG("relu"), &relu);
  bool ok = true;
  if (small_qgemm(r, op, in, per_channel, relu, &ok)) return ok;
  /* the requantization record: float scale[k], int32 w_zero_point[k], int32 bias_q[k] */
  fx_ref rec = fx_new_scratch(r, FXRT_F32, 3 * kout);
  fx_kcall *k = fx_call(r, FX_K_Q8_GEMM_RECORD);
  k->f[0] = tx->qscale;
  k->f[1] = ty->qscale;
  if (per_channel) {
    k->ref[0] = (fx_ref){FX_REF_TENSOR, FXRT_F64, a->q.wscales, 0};
    k->ref[1] = (fx_ref){FX_REF_TENSOR, FXRT_I64, a->q.wzps, 0};
  } else {
    k->ref[0] = scalar_ref(k, 0, FXRT_F64, w->qscale);
    k->ref[1] = scalar_ref_i(k, 1, FXRT_I64, (double)w->qzp, w->qzp);
  }
  k->i[0] = per_channel ? kout : 1;
  k->ref[2] = has_bias ? tref(r, bv) : null_ref();
  k->i[1] = kout;
  k->ref[3] = rec;
  const int64_t ymin = relu ? ty->qzp : 0;
  if (op == FX_OP_Q_CONV2D) {
    const fx_conv_attrs *ca = &a->q.conv;
    fxrt_conv2d_params p = {{ca->stride[0], ca->stride[1]}, {ca->pad[0], ca->pad[1]},
                            {ca->dilation[0], ca->dilation[1]}, ca->groups, {0, 0}};
    size_t ws = fxrt_q8_conv2d_workspace_size(tx->shape[1], tw->shape[2], tw->shape[3], &p);
    k = fx_call(r, r->p->requant_fixed ? FX_K_Q8_CONV2D_FX : FX_K_Q8_CONV2D);
    k->p.conv = p;
    k->ref[0] = tref(r, x);
    k->ref[1] = tref(r, wv);
    k->ref[2] = tref(r, &in->result);
    k->ref[3] = rec;
    k->ref[4] = fx_new_scratch(r, FXRT_U8, ws ? (int64_t)ws : 1);
    const int64_t ints[15] = {tx->shape[0], tx->shape[1], tx->shape[2], tx->shape[3], kout, tw->shape[2],
                              tw->shape[3], ty->shape[2], ty->shape[3], per_channel ? kout : 1, has_bias,
                              tx->qzp, ty->qzp, ymin, (int64_t)ws};
    memcpy(k->i, ints, sizeof ints);
  } else {
    const int64_t in_f = tw->shape[1];
    size_t ws = fxrt_q8_linear_workspace_size(in_f);
    k = fx_call(r, r->p->requant_fixed ? FX_K_Q8_LINEAR_FX : FX_K_Q8_LINEAR);
    k->ref[0] = tref(r, x);
    k->ref[1] = tref(r, wv);
    k->ref[2] = tref(r, &in->result);
    k->ref[3] = rec;
    k->ref[4] = fx_new_scratch(r, FXRT_U8, ws ? (int64_t)ws : 1);
    const int64_t ints[9] = {tnumel(tx) / in_f, in_f, kout, per_channel ? kout : 1, has_bias, tx->qzp, ty->qzp, ymin,
                             (int64_t)ws};
    memcpy(k->i, ints, sizeof ints);
  }
  return true;
}

bool fx_lower_qbinary(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *a = ARG("qa"), *b = ARG("qb");
  const fx_tinfo *ta = ti(r, a), *tb = ti(r, b), *ty = ti(r, &in->result);
  bool relu = false;
  as_bool(ARG("relu"), &relu);
  fx_kcall *k;
  if (op == FX_OP_Q_ADD) {
    fxrt_q8_add_params p;
    if (fxrt_q8_add_prepare(ta->qscale, ta->qzp, tb->qscale, tb->qzp, ty->qscale, ty->qzp, relu, &p) != FXRT_OK)
      return fx_lerr(r, "quantized add: the ratio of an input's scale to the output's is outside [2^-14, 2^8), "
                        "which qnnpack refuses too");
    k = fx_call(r, FX_K_Q8_ADD);
    const int64_t ints[8] = {tnumel(ty), p.a_multiplier, p.b_multiplier, p.zero_point_product, p.shift,
                             p.y_zero_point, p.y_min, p.y_max};
    memcpy(k->i, ints, sizeof ints);
  } else {
    fxrt_q8_mul_params p;
    if (fxrt_q8_mul_prepare(ta->qscale, ta->qzp, tb->qscale, tb->qzp, ty->qscale, ty->qzp, relu, &p) != FXRT_OK)
      return fx_lerr(r, "quantized mul: invalid scales");
    k = fx_call(r, FX_K_Q8_MUL);
    k->f[0] = p.multiplier;
    const int64_t ints[6] = {tnumel(ty), p.a_zero_point, p.b_zero_point, p.y_zero_point, p.y_min, p.y_max};
    memcpy(k->i, ints, sizeof ints);
  }
  k->ref[0] = tref(r, a);
  k->ref[1] = tref(r, b);
  k->ref[2] = tref(r, &in->result);
  return true;
}

bool fx_lower_qhardswish(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = ARG("input");
  const fx_tinfo *tx = ti(r, x), *ty = ti(r, &in->result);
  fx_kcall *k = fx_call(r, FX_K_Q8_HARDSWISH);
  k->ref[0] = tref(r, x);
  k->ref[1] = tref(r, &in->result);
  k->i[0] = tnumel(ty);
  k->f[0] = tx->qscale;
  k->i[1] = tx->qzp;
  k->f[1] = ty->qscale;
  k->i[2] = ty->qzp;
  return true;
}

/* relu, pools and cat of quantized tensors (fx_quant_lowers: lower.c calls this instead of the op's rule). */
bool fx_lower_qother(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_tinfo *ty = ti(r, &in->result);
  if (op == FX_OP_CAT) {
    const fx_value *l = ARG("tensors");
    int32_t d = ndim_norm(iarg(ARG("dim"), 0), ty->ndim);
    int64_t outer = 1, inner = 1, off = 0;
    for (int32_t i = 0; i < d; i++) outer *= ty->shape[i];
    for (int32_t i = d + 1; i < ty->ndim; i++) inner *= ty->shape[i];
    for (uint32_t j = 0; j < l->n; j++) {
      const fx_tinfo *tx = ti(r, &l->u.items[j]);
      const int64_t len = tx->ndim ? tx->shape[d] * inner : 0;
      if (tnumel(tx) == 0) continue; /* cat skips empty inputs */
      fx_kcall *k = fx_call(r, FX_K_Q8_REQUANTIZE_ROWS);
      k->ref[0] = tref(r, &l->u.items[j]);
      k->ref[1] = at(tref(r, &in->result), off);
      const int64_t ints[5] = {outer, len, tx->qzp, ty->shape[d] * inner, ty->qzp};
      memcpy(k->i, ints, sizeof ints);
      k->f[0] = tx->qscale;
      k->f[1] = ty->qscale;
      off += len;
    }
    return true;
  }
  const fx_value *x = ARG("input");
  const fx_tinfo *tx = ti(r, x);
  if (op == FX_OP_RELU) {
    fx_kcall *k = fx_call(r, FX_K_Q8_RELU);
    k->ref[0] = tref(r, x);
    k->ref[1] = tref(r, &in->result);
    k->i[0] = tnumel(tx);
    k->i[1] = tx->qzp;
    return true;
  }
  fxrt_small_params q;
  const int64_t numel[2] = {tnumel(tx), tnumel(ty)};
  const fx_pool_attrs *pa = op != FX_OP_ADAPTIVE_AVG_POOL ? &in->attrs->pool : NULL;
  const bool divisible = tx->shape[2] % ty->shape[2] == 0 && tx->shape[3] % ty->shape[3] == 0 &&
                         !(tx->shape[2] == ty->shape[2] && tx->shape[3] == ty->shape[3]);
  if (small_q8(r, numel, 2, &q) && (pa ? !pa->ceil_mode : divisible)) { /* -Os: fxrt_small_q8_pool2d */
    q.n = (int32_t)tx->shape[0], q.c = (int32_t)tx->shape[1], q.h = (int32_t)tx->shape[2], q.w = (int32_t)tx->shape[3];
    q.oh = (int32_t)ty->shape[2], q.ow = (int32_t)ty->shape[3];
    for (int i = 0; i < 2; i++) {
      const int64_t win = tx->shape[2 + i] / ty->shape[2 + i];
      q.stride[i] = (int32_t)(pa ? pa->stride[i] : win), q.pad[i] = (int32_t)(pa ? pa->pad[i] : 0);
      q.dilation[i] = (int32_t)(pa ? pa->dilation[i] : 1);
      *(i ? &q.kw : &q.kh) = (int32_t)(pa ? pa->kernel[i] : win);
    }
    q.groups = op == FX_OP_MAX_POOL ? FXRT_SMALL_MAX : FXRT_SMALL_AVG;
    q.x_zp = q.y_zp = tx->qzp, q.lo = (float)-tx->qzp, q.hi = (float)(255 - tx->qzp);
    fx_ref rq = null_ref();
    if (op != FX_OP_MAX_POOL) { /* qnnpack's multiplier: scale / (scale * window), in float */
      float sc;
      if (!float_scale(r, tx->qscale, &sc)) return false;
      q.mult = sc / (sc * (float)((int64_t)q.kh * q.kw));
      if (r->p->requant_fixed) { /* --requantize fixed: {lo, hi, mult, shift} of that multiplier */
        void *rqp;
        rq = fx_new_const(r, FXRT_I32, 4, "rq", &rqp);
        int32_t *v = rqp;
        v[0] = -(int32_t)tx->qzp, v[1] = 255 - (int32_t)tx->qzp;
        if (!fixed_scale(r, q.mult, v + 2)) return false;
        q.mult = 0, q.divisor = v[3] >= 33; /* mult not read; divisor: the 32-bit path alone (fxrt.h) */
      }
    }
    fx_kcall *k = fx_call(r, rq.kind != FX_REF_NULL ? FX_K_SMALL_Q8_POOL_FX : FX_K_SMALL_Q8_POOL);
    k->p.small = q;
    k->ref[0] = tref(r, x), k->ref[1] = tref(r, &in->result);
    if (rq.kind != FX_REF_NULL) k->ref[2] = rq;
    return true;
  }
  fx_kcall *k = fx_call(
      r, op == FX_OP_MAX_POOL ? FX_K_Q8_MAX_POOL2D : op == FX_OP_AVG_POOL ? FX_K_Q8_AVG_POOL2D : FX_K_Q8_ADAPTIVE_AVG_POOL2D);
  k->ref[0] = tref(r, x);
  k->ref[1] = tref(r, &in->result);
  const int64_t ints[7] = {tx->shape[0], tx->shape[1], tx->shape[2], tx->shape[3], ty->shape[2], ty->shape[3], tx->qzp};
  memcpy(k->i, ints, sizeof ints);
  k->f[0] = tx->qscale;
  if (op != FX_OP_ADAPTIVE_AVG_POOL) {
    const fx_pool_attrs *a = &in->attrs->pool;
    k->p.pool = (fxrt_pool2d_params){{a->kernel[0], a->kernel[1]}, {a->stride[0], a->stride[1]},
                                     {a->pad[0], a->pad[1]},       {a->dilation[0], a->dilation[1]},
                                     a->ceil_mode,                 a->count_include_pad,
                                     a->divisor_override};
    if (op == FX_OP_MAX_POOL) k->i[6] = 0, k->f[0] = 0;
  } else {
    k->i[6] = tx->qzp;
  }
  return true;
}
