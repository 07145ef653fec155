/* matmul.c: products: linear and fx2c.fused_linear, matmul for any ranks, addmm, baddbmm, the fast path of
 * multi-head attention (aten._native_multi_head_attention), and fx2c.rdft (a real DFT: a product with the Fourier
 * matrix).
 */
#include "family.h"

#include <math.h>

/* ---- inference ---- */

/* fused_linear's weight_layout (ops.def), or -1 */
enum { LAYOUT_NK, LAYOUT_KN, LAYOUT_PANELS };
static int linear_layout(const fx_value *v) {
  return fx_value_str_is(v, "nk") ? LAYOUT_NK : fx_value_str_is(v, "kn") ? LAYOUT_KN
                                             : fx_value_str_is(v, "panels") ? LAYOUT_PANELS : -1;
}

bool fx_infer_linear(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_value *w = ARG("weight");
  NEED_TENSOR(w, "weight");
  const fx_tinfo *t = tinfo(c, x), *tw = tinfo(c, w);
  const int layout = op == FX_OP_FUSED_LINEAR ? linear_layout(ARG("weight_layout")) : LAYOUT_NK;
  if (layout < 0) return fx_ierr(c, "weight_layout must be 'nk', 'kn' or 'panels'");
  const int64_t k = t->ndim ? t->shape[t->ndim - 1] : 0;
  int64_t n;
  if (layout == LAYOUT_PANELS) { /* [ceil(n / 32), k, 32] */
    if (!as_int(ARG("out_features"), &n) || n < 0) return fx_ierr(c, "packed weights need out_features");
    if (tw->ndim != 3 || t->ndim < 1 || tw->shape[0] != (n + FXRT_LINEAR_PANEL - 1) / FXRT_LINEAR_PANEL ||
        tw->shape[1] != k || tw->shape[2] != FXRT_LINEAR_PANEL)
      return fx_ierr(c, "input [..., %lld] does not match packed weights of %lld features", (long long)k, (long long)n);
  } else {
    const int kd = layout == LAYOUT_KN ? 0 : 1; /* the weight's dimension of in_features */
    if (tw->ndim != 2 || t->ndim < 1 || k != tw->shape[kd])
      return fx_ierr(c, "input [..., %lld] does not match a weight of shape [%lld, %lld]%s", (long long)k,
                     (long long)tw->shape[0], (long long)(tw->ndim > 1 ? tw->shape[1] : 0),
                     layout == LAYOUT_KN ? " (weight_layout 'kn': [in, out])" : "");
    n = tw->shape[1 - kd];
  }
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  shape[t->ndim - 1] = n;
  in->result = new_tensor(c, t->dtype, t->ndim, shape);
  return op == FX_OP_LINEAR || fx_check_epilogue(c, op, in);
}

static bool infer_matmul(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *y = ARG("other");
  NEED_TENSOR(x, "input");
  NEED_TENSOR(y, "other");
  const fx_tinfo *a = tinfo(c, x), *b = tinfo(c, y);
  if (a->ndim < 1 || b->ndim < 1) return fx_ierr(c, "both operands need at least one dimension");
  int64_t k1 = a->shape[a->ndim - 1], k2 = b->ndim == 1 ? b->shape[0] : b->shape[b->ndim - 2];
  if (k1 != k2) return fx_ierr(c, "inner dimensions differ: %lld and %lld", (long long)k1, (long long)k2);
  fx_tinfo ba = *a, bb = *b;
  ba.ndim = a->ndim > 2 ? a->ndim - 2 : 0;
  bb.ndim = b->ndim > 2 ? b->ndim - 2 : 0;
  int64_t shape[FXRT_MAX_DIMS];
  int32_t n = 0;
  if (!fx_broadcast(c, &ba, &bb, &n, shape)) return false;
  if (a->ndim >= 2) shape[n++] = a->shape[a->ndim - 2];
  if (b->ndim >= 2) shape[n++] = b->shape[b->ndim - 1];
  return result_tensor(c, in, fx_promote(a->dtype, b->dtype), n, shape);
}

/* addmm, baddbmm */
static bool infer_addmm(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *m1 = &in->args[1], *m2 = &in->args[2];
  NEED_TENSOR(m1, "the first matrix");
  NEED_TENSOR(m2, "the second matrix");
  const fx_tinfo *a = tinfo(c, m1), *b = tinfo(c, m2);
  int nd = op == FX_OP_ADDMM ? 2 : 3;
  if (a->ndim != nd || b->ndim != nd || a->shape[nd - 1] != b->shape[nd - 2])
    return fx_ierr(c, "operand shapes do not multiply");
  int64_t shape[3] = {a->shape[0], nd == 2 ? b->shape[1] : a->shape[1], nd == 3 ? b->shape[2] : 0};
  return result_tensor(c, in, a->dtype, nd, shape);
}

bool fx_infer_matmul(fx_ictx *c, fx_op op, fx_inst *in) {
  return op == FX_OP_MATMUL ? infer_matmul(c, op, in) : infer_addmm(c, op, in);
}

bool fx_infer_mha(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "query");
  const fx_tinfo *t = tinfo(c, x);
  if (t->ndim != 3) return fx_ierr(c, "the query must be [batch, length, embed]");
  int64_t h;
  if (!as_int(ARG("num_head"), &h) || h < 1) return fx_ierr(c, "num_head must be a positive int");
  if (t->shape[2] % h)
    return fx_ierr(c, "the embedding size %lld is not divisible by num_head %lld", (long long)t->shape[2], (long long)h);
  /* the projections' weights: [3E, E] and [E, E], or packed (packed_weights, optimizer/prepack.c) */
  bool packed = false;
  if (!as_bool(ARG("packed_weights"), &packed)) return fx_ierr(c, "packed_weights must be a bool");
  const char *wn[2] = {"qkv_weight", "proj_weight"};
  for (int k = 0; k < 2; k++) {
    const fx_value *w = ARG(wn[k]);
    NEED_TENSOR(w, wn[k]);
    const fx_tinfo *tw = tinfo(c, w);
    const int64_t e = t->shape[2], n = k == 0 ? 3 * e : e, p = (n + FXRT_LINEAR_PANEL - 1) / FXRT_LINEAR_PANEL;
    const bool ok = packed ? tw->ndim == 3 && tw->shape[0] == p && tw->shape[1] == e && tw->shape[2] == FXRT_LINEAR_PANEL
                           : tw->ndim == 2 && tw->shape[0] == n && tw->shape[1] == e;
    if (tw->dtype != t->dtype || !ok)
      return fx_ierr(c, "%s must be a %s tensor of shape [%lld, %lld]%s", wn[k], fxrt_dtype_name(t->dtype),
                     (long long)n, (long long)e, packed ? ", packed" : "");
    t = tinfo(c, x);
  }
  /* the scratch buffers lowering makes: the scores [batch, heads, length, length] and the projections */
  int64_t scores[4] = {t->shape[0], h, t->shape[1], t->shape[1]}, qkv[3] = {t->shape[0], t->shape[1], 0};
  if (!fx_mul_i64(t->shape[2], 3, &qkv[2])) return fx_ierr_overflow(c, "3 * the embedding size");
  if (!fx_check_shape(c, t->dtype, 4, scores) || !fx_check_shape(c, t->dtype, 3, qkv)) return false;
  int64_t wshape[3] = {t->shape[0], t->shape[1], t->shape[1]}, empty[1] = {0};
  bool need = true;
  as_bool(ARG("need_weights"), &need);
  fxrt_dtype dt = t->dtype; /* t moves when the first result grows the tensor table */
  fx_value items[2];
  items[0] = new_tensor(c, dt, 3, t->shape);
  items[1] = need ? new_tensor(c, dt, 3, wshape) : new_tensor(c, dt, 1, empty);
  in->result = tuple_of(c, items, 2);
  return true;
}

/* ---- lowering ---- */

bool fx_lower_linear(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0], *w = ARG("weight"), *bv = ARG("bias"), *y = &in->result;
  const fx_tinfo *tx = ti(r, x), *tw = ti(r, w);
  if (tx->dtype != FXRT_F32 || tw->dtype != FXRT_F32 || (is_tensor(bv) && ti(r, bv)->dtype != FXRT_F32))
    return fx_lerr(r, "linear runs on f32 tensors only");
  const int layout = op == FX_OP_FUSED_LINEAR ? linear_layout(ARG("weight_layout")) : LAYOUT_NK;
  const fx_tinfo *ty = ti(r, y);
  int64_t kk = tx->shape[tx->ndim - 1], n = ty->shape[ty->ndim - 1], m = fx_tinfo_numel(tx) / (kk ? kk : 1);
  fxrt_small_params q;
  fx_ref res;
  const int64_t numel[3] = {fx_tinfo_numel(tx), fx_tinfo_numel(tw), fx_tinfo_numel(ty)};
  if (layout == LAYOUT_NK && fx_small_ok(r, op, in, numel, 3, &q, &res)) { /* -Os: dot products in order */
    fx_kcall *k = fx_call(r, FX_K_SMALL_LINEAR);
    fxrt_small_params s = {0};
    s.n = (int32_t)m, s.c = (int32_t)kk, s.k = (int32_t)n, s.lo = q.lo, s.hi = q.hi;
    k->p.small = s;
    k->ref[0] = tref(r, x), k->ref[1] = tref(r, w), k->ref[2] = tref(r, bv), k->ref[3] = tref(r, y), k->ref[4] = res;
    return true;
  }
  fx_kcall *k = fx_call(r, layout == LAYOUT_PANELS ? FX_K_LINEAR_P : layout == LAYOUT_KN ? FX_K_LINEAR_T : FX_K_LINEAR);
  k->ref[0] = tref(r, x);
  k->i[0] = m, k->i[1] = kk;
  k->ref[1] = tref(r, w);
  k->i[2] = n;
  k->ref[2] = tref(r, bv);
  k->ref[3] = tref(r, y);
  fx_set_epilogue(r, op, in, k);
  return true;
}

/* torch.matmul for any ranks >= 1, as one fxrt_matmul_f32 call on views. */
static void matmul_views(fx_lctx *r, fx_ref a, const fx_tinfo *ta, fx_ref b, const fx_tinfo *tb, fx_ref y,
                         const fx_tinfo *ty) {
  fx_tinfo A = *ta, B = *tb;
  if (A.ndim == 1) { /* [k] -> [1, k] */
    A.shape[1] = A.shape[0];
    A.shape[0] = 1;
    A.ndim = 2;
  }
  if (B.ndim == 1) { /* [k] -> [k, 1] */
    B.shape[1] = 1;
    B.ndim = 2;
  }
  int32_t nb = ty->ndim - (ta->ndim >= 2) - (tb->ndim >= 2);
  if (nb < 0) nb = 0;
  int64_t m = A.shape[A.ndim - 2], kk = A.shape[A.ndim - 1], n = B.shape[B.ndim - 1];
  int64_t bshape[FXRT_MAX_DIMS] = {0};
  for (int32_t i = 0; i < nb; i++) bshape[i] = ty->shape[i];
  /* batch views with stride 0 where an operand repeats */
  fxrt_view av, bv;
  memset(&av, 0, sizeof av);
  memset(&bv, 0, sizeof bv);
  fx_tinfo Ab = A, Bb = B;
  Ab.ndim = A.ndim - 2;
  Bb.ndim = B.ndim - 2;
  fxrt_view ab = fx_bview(&Ab, nb, bshape), bb = fx_bview(&Bb, nb, bshape);
  av.ndim = bv.ndim = nb + 2;
  for (int32_t i = 0; i < nb; i++) {
    av.shape[i] = bv.shape[i] = bshape[i];
    av.stride[i] = ab.stride[i] * m * kk;
    bv.stride[i] = bb.stride[i] * kk * n;
  }
  av.shape[nb] = m, av.shape[nb + 1] = kk, av.stride[nb] = kk, av.stride[nb + 1] = 1;
  bv.shape[nb] = kk, bv.shape[nb + 1] = n, bv.stride[nb] = n, bv.stride[nb + 1] = 1;
  int64_t yshape[FXRT_MAX_DIMS];
  memcpy(yshape, bshape, sizeof bshape);
  yshape[nb] = m, yshape[nb + 1] = n;
  fx_kcall *k = fx_call(r, FX_K_MATMUL);
  k->ref[0] = a;
  k->view[0] = av;
  k->ref[1] = b;
  k->view[1] = bv;
  k->ref[2] = y;
  k->view[2] = fxrt_view_contiguous(nb + 2, yshape);
}

static void scale_call(fx_lctx *r, fx_ref y, const fxrt_view *yv, double s) {
  fx_kcall *k = fx_call(r, FX_K_BINARY);
  k->sub = FXRT_B_MUL;
  k->dt = FXRT_F32;
  k->ref[0] = y;
  k->view[0] = *yv;
  k->ref[1] = scalar_ref(k, 1, FXRT_F32, (double)(float)s);
  k->view[1] = fx_scalar_view(yv->ndim, yv->shape);
  k->ref[2] = y;
  k->view[2] = *yv;
  k->f[0] = 1;
}

bool fx_lower_matmul(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *a = &in->args[0], *b = &in->args[1], *y = &in->result;
  if (ti(r, a)->dtype != FXRT_F32 || ti(r, b)->dtype != FXRT_F32) return fx_lerr(r, "matmul runs on f32 tensors only");
  if (op == FX_OP_MATMUL) {
    matmul_views(r, tref(r, a), ti(r, a), tref(r, b), ti(r, b), tref(r, y), ti(r, y));
    return true;
  }
  /* addmm / baddbmm: y = beta * input + alpha * (m1 @ m2) */
  const fx_value *m1 = &in->args[1], *m2 = &in->args[2];
  if (ti(r, m2)->dtype != FXRT_F32) return fx_lerr(r, "matmul runs on f32 tensors only");
  double beta = farg(ARG("beta"), 1), alpha = farg(ARG("alpha"), 1);
  matmul_views(r, tref(r, m1), ti(r, m1), tref(r, m2), ti(r, m2), tref(r, y), ti(r, y));
  const fx_tinfo *ty = ti(r, y);
  fxrt_view yv = cview(ty);
  if (alpha != 1) scale_call(r, tref(r, y), &yv, alpha);
  if (beta != 0 && is_tensor(a)) {
    fx_kcall *k = fx_call(r, FX_K_BINARY);
    k->sub = FXRT_B_ADD;
    k->dt = FXRT_F32;
    k->ref[0] = tref(r, y);
    k->view[0] = yv;
    k->ref[1] = tref(r, a);
    k->view[1] = fx_bview(ti(r, a), ty->ndim, ty->shape);
    k->ref[2] = tref(r, y);
    k->view[2] = yv;
    k->f[0] = beta;
  }
  return true;
}

/* aten._native_multi_head_attention for self-attention without a mask, as torch's fast path computes it: the in_proj
 * linear, the attention (fused: fxrt_attention_f32; unfused when the weights are an output), the out_proj linear. */
bool fx_lower_mha(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *q = ARG("query"), *kk = ARG("key"), *vv = ARG("value");
  if (!is_tensor(q) || !is_tensor(kk) || !is_tensor(vv) || q->v.node != kk->v.node || q->v.node != vv->v.node)
    return fx_lerr(r, "only self-attention (query is key is value) is supported");
  if (ARG("mask")->kind != FX_V_NONE) return fx_lerr(r, "attention masks are not supported yet");
  const fx_tinfo *tq = ti(r, q);
  if (tq->dtype != FXRT_F32 || tq->ndim != 3)
    return fx_lerr(r, "attention needs an f32 [batch, length, embedding] query");
  int64_t B = tq->shape[0], L = tq->shape[1], E = tq->shape[2], H = iarg(ARG("num_head"), 1), D = H ? E / H : 0;
  const fx_value *y = &in->result.u.items[0], *wout = &in->result.u.items[1];
  const fx_tinfo *tw = ti(r, wout);
  bool need_weights = tw->ndim == 3 && fx_tinfo_numel(tw) > 0;
  if (need_weights && iarg(ARG("average_attn_weights"), 1) == 0)
    return fx_lerr(r, "per-head attention weights are not supported");
  bool packed = false; /* packed_weights (optimizer/prepack.c): both weights packed for the GEMM */
  as_bool(ARG("packed_weights"), &packed);
  const fx_kind linear = packed ? FX_K_LINEAR_P : FX_K_LINEAR;
  fx_ref qkv = fx_new_scratch(r, FXRT_F32, B * L * 3 * E), att = fx_new_scratch(r, FXRT_F32, B * L * E);
  fx_kcall *k = fx_call(r, linear);
  k->ref[0] = tref(r, q);
  k->i[0] = B * L, k->i[1] = E;
  k->ref[1] = tref(r, ARG("qkv_weight"));
  k->i[2] = 3 * E;
  k->ref[2] = tref(r, ARG("qkv_bias"));
  k->ref[3] = qkv;
  /* q, k, v as [B, H, L, D] views into qkv [B, L, 3, H, D]; the attention [B, H, L, D] written as [B, L, H, D] */
  const fxrt_view qv = {4, {B, H, L, D}, {L * 3 * E, D, 3 * E, 1}, 0};
  const fxrt_view ov = {4, {B, H, L, D}, {L * E, D, E, 1}, 0};
  const float scale = 1.0f / sqrtf((float)D);
  fx_ref scores = {0};
  if (!need_weights) { /* fused: a block of query rows at a time, no [B, H, L, L] scores */
    size_t ws = fxrt_attention_workspace_size(L, L, D, r->p->ws_workers);
    if (ws == 0) return fx_lerr(r, "the attention is too large for the attention kernel");
    k = fx_call(r, FX_K_ATTENTION);
    k->ref[0] = qkv, k->view[0] = qv;
    k->ref[1] = at(qkv, E), k->view[1] = qv;
    k->ref[2] = at(qkv, 2 * E), k->view[2] = qv;
    k->ref[3] = att, k->view[3] = ov;
    k->f[0] = scale;
    k->ref[5] = fx_new_scratch(r, FXRT_U8, (int64_t)ws);
    k->i[0] = (int64_t)ws;
  } else { /* the weights are an output: the scores, their softmax, then the product with v */
    scores = fx_new_scratch(r, FXRT_F32, B * H * L * L);
    const fxrt_view kt = {4, {B, H, D, L}, {L * 3 * E, D, 1, 3 * E}, 0};
    const fxrt_view sv = fxrt_view_contiguous(4, (int64_t[]){B, H, L, L});
    k = fx_call(r, FX_K_MATMUL);
    k->ref[0] = qkv, k->view[0] = qv;
    k->ref[1] = at(qkv, E), k->view[1] = kt;
    k->ref[2] = scores, k->view[2] = sv;
    scale_call(r, scores, &sv, scale);
    k = fx_call(r, FX_K_SOFTMAX);
    k->ref[0] = scores;
    k->i[0] = B * H * L, k->i[1] = L, k->i[2] = 1;
    k->ref[1] = scores;
    k = fx_call(r, FX_K_MATMUL);
    k->ref[0] = scores, k->view[0] = sv;
    k->ref[1] = at(qkv, 2 * E), k->view[1] = qv;
    k->ref[2] = att, k->view[2] = ov;
  }
  k = fx_call(r, linear);
  k->ref[0] = att;
  k->i[0] = B * L, k->i[1] = E;
  k->ref[1] = tref(r, ARG("proj_weight"));
  k->i[2] = E;
  k->ref[2] = tref(r, ARG("proj_bias"));
  k->ref[3] = tref(r, y);
  if (need_weights) { /* the heads' average: mean over H of scores [B, H, L*L] */
    k = fx_call(r, FX_K_REDUCE);
    k->sub = FXRT_R_MEAN;
    k->dt = FXRT_F32;
    k->ref[0] = scores;
    k->i[0] = B, k->i[1] = H, k->i[2] = L * L;
    k->ref[1] = tref(r, wout);
  }
  return true;
}

/* ---- fx2c.rdft ---- */

bool fx_infer_rdft(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  int64_t norm;
  bool magnitude;
  if (t->dtype != FXRT_F32) return fx_ierr(c, "the real DFT runs on float32 tensors only");
  if (t->ndim < 1 || t->ndim >= FXRT_MAX_DIMS || t->shape[t->ndim - 1] < 1)
    return fx_ierr(c, "the real DFT needs a last dimension of at least one value (and at most %d dimensions)",
                   FXRT_MAX_DIMS - 1);
  if (!as_int(ARG("norm"), &norm) || norm < 0 || norm > 2) return fx_ierr(c, "norm must be 0, 1 or 2");
  if (!as_bool(ARG("magnitude"), &magnitude)) return fx_ierr(c, "magnitude must be a bool");
  int64_t shape[FXRT_MAX_DIMS];
  memcpy(shape, t->shape, sizeof shape);
  shape[t->ndim - 1] = t->shape[t->ndim - 1] / 2 + 1;
  int32_t nd = t->ndim;
  if (!magnitude) shape[nd++] = 2;
  return result_tensor(c, in, FXRT_F32, nd, shape);
}

bool fx_lower_rdft(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_tinfo *tx = ti(r, x);
  int64_t n = tx->shape[tx->ndim - 1], norm = iarg(ARG("norm"), 0);
  fx_kcall *k = fx_call(r, FX_K_RDFT);
  k->ref[0] = tref(r, x);
  k->i[0] = n ? fx_tinfo_numel(tx) / n : 0, k->i[1] = n;
  k->f[0] = norm == 1 ? 1.0 / sqrt((double)n) : norm == 2 ? 1.0 / (double)n : 1.0;
  k->flag = iarg(ARG("magnitude"), 0) != 0;
  k->ref[1] = tref(r, &in->result);
  return true;
}
