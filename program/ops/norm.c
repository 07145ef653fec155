/* norm.c: normalization: batch_norm (eval mode), layer_norm, group_norm and their native_ forms.
 */
#include "family.h"

/* ---- inference ---- */

/* A parameter tensor of a normalization (weight, bias, running statistics), when given, must have exactly `shape`
 * (batch and group norm: [C]; layer norm: normalized_shape), as PyTorch checks; else an error naming it. */
static bool param_shape(fx_ictx *c, fx_op op, fx_inst *in, const char *name, int32_t ndim, const int64_t *shape) {
  const fx_value *v = ARG(name);
  if (v->kind == FX_V_NONE) return true;
  NEED_TENSOR(v, name);
  const fx_tinfo *t = tinfo(c, v);
  bool same = t->ndim == ndim;
  for (int32_t i = 0; same && i < ndim; i++) same = t->shape[i] == shape[i];
  if (same) return true;
  char have[160], want[160];
  fx_shape_str(t->ndim, t->shape, have, sizeof have);
  if (op == FX_OP_LAYER_NORM || op == FX_OP_NATIVE_LAYER_NORM)
    return fx_ierr(c, "%s has shape %s, but normalized_shape is %s (PyTorch refuses this too)", name, have,
                   fx_shape_str(ndim, shape, want, sizeof want));
  return fx_ierr(c, "%s has shape %s, but the input has %lld channels (dimension 1), and PyTorch needs one value per "
                    "channel",
                 name, have, (long long)shape[0]);
}

bool fx_infer_norm(fx_ictx *c, fx_op op, fx_inst *in) {
  const fx_value *x = &in->args[0];
  NEED_TENSOR(x, "input");
  const fx_tinfo *t = tinfo(c, x);
  if (op == FX_OP_BATCH_NORM || op == FX_OP_NATIVE_BATCH_NORM) {
    bool training = false;
    as_bool(ARG("training"), &training);
    if (training) return fx_ierr(c, "batch_norm in training mode is not supported (export the model in eval mode)");
    if (t->ndim < 2) return fx_ierr(c, "input needs a channel dimension");
    static const char *const params[] = {"weight", "bias", "running_mean", "running_var"};
    for (int i = 0; i < 4; i++)
      if (!param_shape(c, op, in, params[i], 1, &t->shape[1])) return false;
  }
  if (op == FX_OP_LAYER_NORM || op == FX_OP_NATIVE_LAYER_NORM) {
    int64_t ns[FXRT_MAX_DIMS];
    int k = fx_as_ints(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
    if (k < 0 || k > t->ndim) return fx_ierr(c, "normalized_shape must be ints");
    for (int i = 0; i < k; i++)
      if (t->shape[t->ndim - k + i] != ns[i])
        return fx_ierr(c, "the input's last dimensions do not match normalized_shape");
    if (!param_shape(c, op, in, "weight", k, ns) || !param_shape(c, op, in, "bias", k, ns)) return false;
  }
  if (op == FX_OP_GROUP_NORM || op == FX_OP_NATIVE_GROUP_NORM) {
    int64_t g;
    if (!as_int(ARG(op == FX_OP_GROUP_NORM ? "num_groups" : "group"), &g) || g < 1 || t->ndim < 2 || t->shape[1] % g)
      return fx_ierr(c, "num_groups must divide the channels");
    if (op == FX_OP_NATIVE_GROUP_NORM) { /* N, C and HxW as aten passes them: the input's */
      int64_t nn, cc, hw, inner = 1;
      for (int32_t i = 2; i < t->ndim; i++) inner *= t->shape[i];
      if (!as_int(ARG("N"), &nn) || !as_int(ARG("C"), &cc) || !as_int(ARG("HxW"), &hw) || nn != t->shape[0] ||
          cc != t->shape[1] || hw != inner)
        return fx_ierr(c, "N, C and HxW must be the input's batch, channels and spatial size");
    }
    if (!param_shape(c, op, in, "weight", 1, &t->shape[1]) || !param_shape(c, op, in, "bias", 1, &t->shape[1]))
      return false;
  }
  fx_value out = new_tensor(c, t->dtype, t->ndim, t->shape);
  if (op == FX_OP_NATIVE_BATCH_NORM) {
    int64_t empty[1] = {0};
    fx_value items[3] = {out, new_tensor(c, t->dtype, 1, empty), new_tensor(c, t->dtype, 1, empty)};
    in->result = tuple_of(c, items, 3);
  } else if (op == FX_OP_NATIVE_LAYER_NORM) {
    int64_t ns[FXRT_MAX_DIMS], st[FXRT_MAX_DIMS];
    int k = fx_as_ints(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
    memcpy(st, t->shape, sizeof st);
    for (int i = 0; i < k; i++) st[t->ndim - k + i] = 1;
    fx_value items[3] = {out, new_tensor(c, FXRT_F32, t->ndim, st), new_tensor(c, FXRT_F32, t->ndim, st)};
    in->result = tuple_of(c, items, 3);
  } else if (op == FX_OP_NATIVE_GROUP_NORM) {
    int64_t st[2] = {t->shape[0], 0};
    as_int(ARG("group"), &st[1]);
    fx_value items[3] = {out, new_tensor(c, t->dtype, 2, st), new_tensor(c, t->dtype, 2, st)};
    in->result = tuple_of(c, items, 3);
  } else {
    in->result = out;
  }
  return true;
}

/* ---- lowering ---- */

/* Whether anything reads a result of the node other than the first (native_group_norm's mean and rstd): users
 * that are all x[0] do not. */
static bool later_results_used(const fx_lctx *r) {
  const fx_graph *g = r->p->g;
  const fx_node *n = &g->nodes[r->node];
  for (uint32_t u = 0; u < n->nusers; u++) {
    const fx_node *un = &g->nodes[n->users[u]];
    if (!(un->opcode == FX_CALL_FUNCTION && fx_str_eqz(un->target, "operator.getitem") && un->args.n == 2 &&
          un->args.u.items[1].kind == FX_V_INT && un->args.u.items[1].v.i == 0))
      return true;
  }
  return false;
}

bool fx_lower_norm(fx_lctx *r, fx_op op, const fx_inst *in) {
  const fx_value *x = &in->args[0];
  const fx_value *y = in->result.kind == FX_V_TUPLE ? &in->result.u.items[0] : &in->result;
  const fx_tinfo *tx = ti(r, x);
  if (tx->dtype != FXRT_F32) return fx_lerr(r, "normalization runs on f32 tensors only");
  const fx_value *w = ARG("weight"), *b = ARG("bias");
  float eps = (float)farg(ARG("eps"), 1e-5);
  int64_t numel = fx_tinfo_numel(tx);
  fx_kcall *k;
  if (op == FX_OP_BATCH_NORM || op == FX_OP_NATIVE_BATCH_NORM) {
    if (tx->ndim < 2) return fx_lerr(r, "batch_norm needs at least 2 dimensions");
    int64_t n = tx->shape[0], c = tx->shape[1];
    k = fx_call(r, FX_K_BATCH_NORM);
    k->ref[0] = tref(r, x);
    k->i[0] = n, k->i[1] = c, k->i[2] = (n * c) != 0 ? numel / (n * c) : 0;
    k->ref[1] = tref(r, ARG("running_mean"));
    k->ref[2] = tref(r, ARG("running_var"));
    k->ref[3] = tref(r, w);
    k->ref[4] = tref(r, b);
    k->f[0] = eps;
    k->ref[5] = tref(r, y);
    return true;
  }
  if (op == FX_OP_GROUP_NORM || op == FX_OP_NATIVE_GROUP_NORM) {
    if (tx->ndim < 2) return fx_lerr(r, "group_norm needs at least 2 dimensions");
    int64_t n = tx->shape[0], c = tx->shape[1], g = iarg(ARG(op == FX_OP_GROUP_NORM ? "num_groups" : "group"), 1);
    k = fx_call(r, FX_K_GROUP_NORM);
    k->ref[0] = tref(r, x);
    k->i[0] = n, k->i[1] = c, k->i[2] = (n * c) != 0 ? numel / (n * c) : 0, k->i[3] = g;
    k->ref[1] = tref(r, w);
    k->ref[2] = tref(r, b);
    k->f[0] = eps;
    k->ref[3] = tref(r, y);
    if (op == FX_OP_NATIVE_GROUP_NORM && numel > 0 && later_results_used(r)) {
      /* mean and rstd per group: the same statistics as a layer norm of [n * g, numel / (n * g)], whose normalized
       * values go to scratch */
      k = fx_call(r, FX_K_LAYER_NORM);
      k->ref[0] = tref(r, x);
      k->i[0] = n * g, k->i[1] = numel / (n * g);
      k->f[0] = eps;
      k->ref[3] = fx_new_scratch(r, FXRT_F32, numel);
      k->ref[4] = tref(r, &in->result.u.items[1]);
      k->ref[5] = tref(r, &in->result.u.items[2]);
    }
    return true;
  }
  int64_t ns[FXRT_MAX_DIMS];
  int nk = fx_ints_of(ARG("normalized_shape"), ns, FXRT_MAX_DIMS);
  int64_t cols = 1;
  for (int i = 0; i < nk; i++) cols *= ns[i];
  if (r->p->small && op == FX_OP_LAYER_NORM && cols >= 1 && numel <= INT32_MAX) { /* -Os: the compact kernel */
    k = fx_call(r, FX_K_SMALL_LAYER_NORM);
    k->ref[0] = tref(r, x);
    k->ref[1] = tref(r, w);
    k->ref[2] = tref(r, b);
    k->ref[3] = tref(r, y);
    k->p.small = (fxrt_small_params){.n = (int32_t)(numel / cols), .c = (int32_t)cols, .mult = (float)eps};
    return true;
  }
  k = fx_call(r, FX_K_LAYER_NORM);
  k->ref[0] = tref(r, x);
  k->i[0] = cols ? numel / cols : 0, k->i[1] = cols;
  k->ref[1] = tref(r, w);
  k->ref[2] = tref(r, b);
  k->f[0] = eps;
  k->ref[3] = tref(r, y);
  if (op == FX_OP_NATIVE_LAYER_NORM) {
    k->ref[4] = tref(r, &in->result.u.items[1]);
    k->ref[5] = tref(r, &in->result.u.items[2]);
  }
  return true;
}
