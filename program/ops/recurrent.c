/* recurrent.c: the recurrent layers nn.RNN (tanh and relu), nn.LSTM (with proj_size) and nn.GRU, as aten's lstm,
 * gru, rnn_tanh and rnn_relu (ir/ops.def). Per layer and direction: one GEMM of the whole input sequence with W_ih
 * (the linear kernel), then the recurrence over the time steps (runtime/fxrt_rnn.c: per step h W_hh^T and the
 * gates). Directions write their halves of the layer's [T, B, 2P] output; the last layer's is the result.
 */
#include "family.h"

/* What inference checked and lowering reads again. */
typedef struct rnn_shape {
  int64_t mode, gates, layers, dirs, T, B, I, H, P;
  bool bias, proj, batch_first, unbatched, nested;
} rnn_shape;

static const char *rnn_name(fx_op op) {
  return op == FX_OP_LSTM ? "lstm" : op == FX_OP_GRU ? "gru" : op == FX_OP_RNN_TANH ? "rnn_tanh" : "rnn_relu";
}

/* The flags and the sizes from the input and the first layer's weights (inference checks every weight). */
static bool rnn_read(fx_ictx *c, fx_op op, fx_inst *in, rnn_shape *s) {
  memset(s, 0, sizeof *s);
  const fx_value *x = &in->args[0], *params = ARG("params");
  NEED_TENSOR(x, "input");
  bool train = false, bidir = false;
  double dropout = 0;
  if (!as_bool(ARG("has_biases"), &s->bias) || !as_bool(ARG("train"), &train) ||
      !as_bool(ARG("bidirectional"), &bidir) || !as_bool(ARG("batch_first"), &s->batch_first))
    return fx_ierr(c, "has_biases, train, bidirectional and batch_first must be bools");
  if (!as_int(ARG("num_layers"), &s->layers) || s->layers < 1) return fx_ierr(c, "num_layers must be a positive int");
  if (!as_float(ARG("dropout"), &dropout)) return fx_ierr(c, "dropout must be a number");
  if (op == FX_OP_LSTM && !as_bool(ARG("nested"), &s->nested)) return fx_ierr(c, "nested must be a bool");
  if (train && dropout > 0 && s->layers > 1)
    return fx_ierr(c,
                   "in training mode, dropout %g drops random elements between layers; fx2c compiles recurrent "
                   "layers in eval mode only (call model.eval() before tracing)",
                   dropout);
  s->mode = op == FX_OP_LSTM       ? FXRT_RNN_LSTM
            : op == FX_OP_GRU      ? FXRT_RNN_GRU
            : op == FX_OP_RNN_RELU ? FXRT_RNN_RELU
                                   : FXRT_RNN_TANH;
  s->gates = op == FX_OP_LSTM ? 4 : op == FX_OP_GRU ? 3 : 1;
  s->dirs = bidir ? 2 : 1;
  const fx_tinfo *t = tinfo(c, x);
  if (t->dtype != FXRT_F32)
    return fx_ierr(c, "%s runs on f32 inputs only, not %s", rnn_name(op), fxrt_dtype_name(t->dtype));
  if (t->ndim != 2 && t->ndim != 3)
    return fx_ierr(c, "%s expects a 2-d (unbatched) or 3-d input, got %d-d", rnn_name(op), t->ndim);
  s->unbatched = t->ndim == 2;
  s->T = s->unbatched ? t->shape[0] : s->batch_first ? t->shape[1] : t->shape[0];
  s->B = s->unbatched ? 1 : s->batch_first ? t->shape[0] : t->shape[1];
  s->I = t->shape[t->ndim - 1];
  if (params->kind != FX_V_LIST && params->kind != FX_V_TUPLE) return fx_ierr(c, "params must be a list of tensors");
  const int64_t per = s->bias ? 4 : 2, groups = s->layers * s->dirs;
  if ((int64_t)params->n == groups * per) s->proj = false;
  else if (op == FX_OP_LSTM && (int64_t)params->n == groups * (per + 1)) s->proj = true;
  else
    return fx_ierr(c, "params has %u tensors; num_layers=%lld%s%s needs %lld", params->n, (long long)s->layers,
                   bidir ? ", both directions" : "", s->bias ? " with biases" : "", (long long)(groups * per));
  for (uint32_t i = 0; i < params->n; i++) NEED_TENSOR(&params->u.items[i], "every item of params");
  const fx_tinfo *whh = tinfo(c, &params->u.items[1]);
  if (whh->ndim != 2 || whh->shape[0] % s->gates)
    return fx_ierr(c, "w_hh must be [%lld * hidden_size, hidden_size]", (long long)s->gates);
  s->H = whh->shape[0] / s->gates;
  s->P = s->proj ? tinfo(c, &params->u.items[per])->shape[0] : s->H;
  return true;
}

static bool check_weight(fx_ictx *c, const fx_value *v, int32_t ndim, int64_t d0, int64_t d1, int64_t l, int64_t d,
                         const char *what) {
  const fx_tinfo *t = tinfo(c, v);
  if (t->dtype == FXRT_F32 && t->ndim == ndim && t->shape[0] == d0 && (ndim == 1 || t->shape[1] == d1)) return true;
  char want[64], have[64];
  const int64_t shape[2] = {d0, d1};
  return fx_ierr(c, "%s of layer %lld%s must be an f32 tensor of shape %s, not %s %s", what, (long long)l,
                 d ? " (reverse)" : "", fx_shape_str(ndim, shape, want, sizeof want), fxrt_dtype_name(t->dtype),
                 fx_shape_str(t->ndim, t->shape, have, sizeof have));
}

/* A state tensor of hx: [layers * dirs, B, size], or [layers * dirs, size] for an unbatched input. */
static bool check_state(fx_ictx *c, const rnn_shape *s, const fx_value *v, int64_t size, const char *what) {
  NEED_TENSOR(v, what);
  const fx_tinfo *t = tinfo(c, v);
  const int64_t want[3] = {s->layers * s->dirs, s->unbatched ? size : s->B, size};
  const int32_t nd = s->unbatched ? 2 : 3;
  bool ok = t->dtype == FXRT_F32 && t->ndim == nd;
  for (int32_t i = 0; ok && i < nd; i++) ok = t->shape[i] == want[i];
  if (ok) return true;
  char w[64], h[64];
  return fx_ierr(c, "%s must be an f32 tensor of shape %s, not %s %s", what, fx_shape_str(nd, want, w, sizeof w),
                 fxrt_dtype_name(t->dtype), fx_shape_str(t->ndim, t->shape, h, sizeof h));
}

bool fx_infer_rnn(fx_ictx *c, fx_op op, fx_inst *in) {
  rnn_shape s;
  if (!rnn_read(c, op, in, &s)) return false;
  const fx_value *params = ARG("params"), *hx = ARG("hx");
  const int64_t per = (s.bias ? 4 : 2) + s.proj, GH = s.gates * s.H;
  for (int64_t l = 0; l < s.layers; l++)
    for (int64_t d = 0; d < s.dirs; d++) {
      const fx_value *w = &params->u.items[(l * s.dirs + d) * per];
      if (!check_weight(c, &w[0], 2, GH, l ? s.dirs * s.P : s.I, l, d, "w_ih") ||
          !check_weight(c, &w[1], 2, GH, s.P, l, d, "w_hh") ||
          (s.bias &&
           (!check_weight(c, &w[2], 1, GH, 0, l, d, "b_ih") || !check_weight(c, &w[3], 1, GH, 0, l, d, "b_hh"))) ||
          (s.proj && !check_weight(c, &w[per - 1], 2, s.P, s.H, l, d, "w_hr")))
        return false;
    }
  if (op == FX_OP_LSTM && hx->kind != FX_V_NONE) {
    if ((hx->kind != FX_V_LIST && hx->kind != FX_V_TUPLE) || hx->n != 2)
      return fx_ierr(c, "lstm's hx must be (h_0, c_0)");
    if (!check_state(c, &s, &hx->u.items[0], s.P, "h_0") || !check_state(c, &s, &hx->u.items[1], s.H, "c_0"))
      return false;
  } else if (hx->kind != FX_V_NONE && !check_state(c, &s, hx, s.H, "hx")) {
    return false;
  }
  /* output [T, B, dirs * P] (batch_first: [B, T, ...]; unbatched: [T, ...]); h_n [layers * dirs, B, P]; c_n */
  int64_t out[3], hn[3], cn[3], ycols = s.dirs * s.P;
  const int32_t nd = s.unbatched ? 2 : 3;
  if (s.unbatched) {
    out[0] = s.T, out[1] = ycols;
  } else {
    out[0] = s.batch_first ? s.B : s.T, out[1] = s.batch_first ? s.T : s.B, out[2] = ycols;
  }
  hn[0] = cn[0] = s.layers * s.dirs;
  hn[nd - 1] = s.P, cn[nd - 1] = s.H;
  if (!s.unbatched) hn[1] = cn[1] = s.B;
  int64_t gx[2] = {s.T * s.B, GH};
  if (!fx_check_shape(c, FXRT_F32, nd, out) || !fx_check_shape(c, FXRT_F32, 2, gx)) return false;
  fx_value items[3];
  items[0] = new_tensor(c, FXRT_F32, nd, out);
  items[1] = new_tensor(c, FXRT_F32, nd, hn);
  if (op != FX_OP_LSTM) {
    in->result = tuple_of(c, items, 2);
  } else {
    items[2] = new_tensor(c, FXRT_F32, nd, cn);
    if (s.nested) {
      items[1] = tuple_of(c, items + 1, 2);
      in->result = tuple_of(c, items, 2);
    } else {
      in->result = tuple_of(c, items, 3);
    }
  }
  return true;
}

bool fx_lower_rnn(fx_lctx *r, fx_op op, const fx_inst *in) {
  /* inference checked the arguments: read them again */
  const fx_value *x = &in->args[0], *params = ARG("params"), *hx = ARG("hx");
  const fx_tinfo *tx = ti(r, x);
  rnn_shape s;
  memset(&s, 0, sizeof s);
  s.bias = iarg(ARG("has_biases"), 1) != 0;
  s.layers = iarg(ARG("num_layers"), 1);
  s.dirs = iarg(ARG("bidirectional"), 0) ? 2 : 1;
  s.batch_first = iarg(ARG("batch_first"), 0) != 0;
  s.nested = op == FX_OP_LSTM && iarg(ARG("nested"), 0) != 0;
  s.mode = op == FX_OP_LSTM       ? FXRT_RNN_LSTM
           : op == FX_OP_GRU      ? FXRT_RNN_GRU
           : op == FX_OP_RNN_RELU ? FXRT_RNN_RELU
                                  : FXRT_RNN_TANH;
  s.gates = op == FX_OP_LSTM ? 4 : op == FX_OP_GRU ? 3 : 1;
  s.unbatched = tx->ndim == 2;
  s.T = s.unbatched ? tx->shape[0] : s.batch_first ? tx->shape[1] : tx->shape[0];
  s.B = s.unbatched ? 1 : s.batch_first ? tx->shape[0] : tx->shape[1];
  s.I = tx->shape[tx->ndim - 1];
  const int64_t per0 = s.bias ? 4 : 2;
  s.proj = (int64_t)params->n == s.layers * s.dirs * (per0 + 1);
  const int64_t per = per0 + s.proj;
  s.H = ti(r, &params->u.items[1])->shape[0] / s.gates;
  s.P = s.proj ? ti(r, &params->u.items[per - 1])->shape[0] : s.H;
  const int64_t GH = s.gates * s.H, ycols = s.dirs * s.P;
  const fx_value *res = in->result.u.items;
  const fx_value *y = &res[0], *hn = s.nested ? &res[1].u.items[0] : &res[1];
  const fx_value *cn = op != FX_OP_LSTM ? NULL : s.nested ? &res[1].u.items[1] : &res[2];
  const fx_ref yref = tref(r, y), hnref = tref(r, hn), cnref = cn ? tref(r, cn) : null_ref();
  /* the initial state, copied into h_n and c_n, which the kernel updates */
  const bool init = hx->kind != FX_V_NONE;
  if (init) {
    const fx_value *h0 = op == FX_OP_LSTM ? &hx->u.items[0] : hx;
    fxrt_view v = cview(ti(r, hn));
    fx_copy_call(r, tref(r, h0), &v, hnref, &v);
    if (op == FX_OP_LSTM) {
      v = cview(ti(r, cn));
      fx_copy_call(r, tref(r, &hx->u.items[1]), &v, cnref, &v);
    }
  }
  const fx_ref gx = fx_new_scratch(r, FXRT_F32, s.T * s.B * GH);
  const fx_ref work = fx_new_scratch(r, FXRT_F32, fxrt_rnn_workspace_size(s.mode, s.B, s.H, s.proj));
  fx_ref layer_in = tref(r, x);
  int64_t in_features = s.I;
  for (int64_t l = 0; l < s.layers; l++) {
    const fx_ref out = l == s.layers - 1 ? yref : fx_new_scratch(r, FXRT_F32, s.T * s.B * ycols);
    for (int64_t d = 0; d < s.dirs; d++) {
      const fx_value *w = &params->u.items[(l * s.dirs + d) * per];
      const int64_t state = l * s.dirs + d;
      fx_kcall *k = fx_call(r, FX_K_LINEAR); /* gx = x W_ih^T + b_ih for every step */
      k->ref[0] = layer_in;
      k->i[0] = s.T * s.B, k->i[1] = in_features;
      k->ref[1] = tref(r, &w[0]);
      k->i[2] = GH;
      k->ref[2] = s.bias ? tref(r, &w[2]) : null_ref();
      k->ref[3] = gx;
      k = fx_call(r, FX_K_RNN);
      k->i[0] = s.mode;
      k->ref[0] = gx;
      k->ref[1] = tref(r, &w[1]);
      k->ref[2] = s.bias ? tref(r, &w[3]) : null_ref();
      k->ref[3] = s.proj ? tref(r, &w[per - 1]) : null_ref();
      k->ref[4] = at(out, d * s.P);
      k->ref[5] = at(hnref, state * s.B * s.P);
      k->ref[6] = cn ? at(cnref, state * s.B * s.H) : null_ref();
      k->ref[7] = work;
      k->i[1] = s.T, k->i[2] = s.B, k->i[3] = s.H, k->i[4] = s.P, k->i[5] = d;
      k->i[6] = init, k->i[7] = s.batch_first && !s.unbatched, k->i[8] = ycols;
    }
    layer_in = out;
    in_features = ycols;
  }
  return true;
}
