/* bnfold.c: BatchNorm folding, as torch.fx's conv/BatchNorm fuser does it (the seed tutorial): in eval mode,
 *     bn(conv(x)) = conv'(x),  W' = W * g / sqrt(var + eps) (per output channel),
 *                              b' = (b - mean) * g / sqrt(var + eps) + beta,
 * where g and beta are the BatchNorm's weight and bias (1 and 0 without affine) and b the conv's bias (0 without).
 * The conv module's weight is replaced by W' and its bias by b' (added, and the module's bias=True, when it had
 * none); the BatchNorm node goes. Only when the conv's output has no other user. Call_module level: Conv1d, Conv2d or
 * Conv3d followed by BatchNorm1d, 2d or 3d, Linear followed by BatchNorm1d (features along dimension 1). Function and
 * aten level: torch.ops.aten.convolution / F.conv2d / F.linear (weights from get_attr nodes) followed by
 * F.batch_norm or aten native_batch_norm (whose result 0 is the normalized tensor; 1 and 2 must be unused) in eval
 * mode; a conv without a bias gets one (a new weight, `<weight>_bias`, read by a new get_attr node). Weights used
 * by any other node (a module called twice, a shared parameter) are left alone. Computed in double precision,
 * stored in the conv's dtype (f32). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "passes.h"

static const fx_module *called_module(const fx_pass_manager *pm, uint32_t node) {
  const fx_node *n = &pm->p->g->nodes[node];
  if (n->opcode != FX_CALL_MODULE || !pm->mods) return NULL;
  return fx_modules_find(pm->mods, n->target);
}

static const fx_tensor *param(const fx_pass_manager *pm, const fx_module *m, const char *name) {
  char key[512];
  snprintf(key, sizeof key, "%.*s%s%s", (int)m->path.n, m->path.p, m->path.n ? "." : "", name);
  return fx_weights_find(pm->w, fx_str_make(key, strlen(key)));
}

/* For every weight of w (by index): how many tensor arguments of the program's nodes read it. */
static uint32_t *weight_uses(const fx_program *p, const fx_weights *w, uint32_t *widx) {
  uint32_t *uses = fx_xcalloc(w->n + 1, sizeof *uses);
  for (uint32_t t = 0; t < p->ntensors; t++) {
    const fx_tensor *d = p->tensors[t].data;
    widx[t] = p->tensors[t].kind == FX_T_WEIGHT && d && d >= w->tensors && d < w->tensors + w->n ? (uint32_t)(d - w->tensors) : FX_NONE_IDX;
  }
  for (uint32_t i = p->g->first; i != FX_NONE_IDX; i = p->g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op < 0) continue;
    const fx_sig *sig = fx_op_sig((fx_op)in->op);
    for (int k = 0; k < sig->n; k++) {
      const fx_value *v = &in->args[k];
      if (v->kind == FX_V_TENSOR && widx[v->v.node] != FX_NONE_IDX) uses[widx[v->v.node]]++;
      else if (fx_value_is_container(v))
        for (uint32_t j = 0; j < v->n; j++)
          if (v->u.items[j].kind == FX_V_TENSOR && widx[v->u.items[j].v.node] != FX_NONE_IDX) uses[widx[v->u.items[j].v.node]]++;
    }
  }
  return uses;
}

#define ARG(in, name) (&(in)->args[fx_sig_find(fx_op_sig((fx_op)(in)->op), name)])

/* A weight argument of one f32 vector of k elements, read by this node alone (its index), or FX_NONE_IDX. */
static uint32_t own_vector(const fx_weights *w, const uint32_t *widx, const uint32_t *uses, const fx_value *v, int64_t k) {
  if (v->kind != FX_V_TENSOR) return FX_NONE_IDX;
  uint32_t x = widx[v->v.node];
  if (x == FX_NONE_IDX || uses[x] != 1) return FX_NONE_IDX;
  const fx_tensor *t = &w->tensors[x];
  return t->dtype == FXRT_F32 && t->ndim == 1 && t->shape[0] == k ? x : FX_NONE_IDX;
}

/* Sets the bias argument of a call_function conv or linear node (args[2], or the bias keyword). */
static void set_bias_arg(fx_graph *g, uint32_t node, fx_value bias) {
  fx_node *n = &g->nodes[node];
  fx_value args = fx_value_copy(g, &n->args, NULL, NULL), kwargs = fx_value_copy(g, &n->kwargs, NULL, NULL);
  if (args.n >= 3) {
    args.u.items[2] = bias;
  } else {
    bool set = false;
    for (uint32_t i = 0; i + 1 < kwargs.n; i += 2)
      if (fx_value_str_is(&kwargs.u.items[i], "bias")) kwargs.u.items[i + 1] = bias, set = true;
    if (!set) {
      fx_value *items = fx_xmalloc((kwargs.n + 2) * sizeof *items);
      if (kwargs.n) memcpy(items, kwargs.u.items, kwargs.n * sizeof *items);
      items[kwargs.n] = fx_value_word(g, FX_STR_LIT("bias"));
      items[kwargs.n + 1] = bias;
      kwargs = fx_value_container(g, FX_V_DICT, items, kwargs.n + 2);
      fx_xfree(items);
    }
  }
  fx_node_set_args(g, node, args, kwargs);
}

/* BatchNorm as a function (F.batch_norm, aten native_batch_norm) after a call_function conv or linear. */
static bool fold_functions(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  fx_weights *w = pm->w;
  uint32_t *widx = fx_xmalloc((p->ntensors + 1) * sizeof *widx), *uses = weight_uses(p, w, widx);
  bool changed = false;
  for (uint32_t i = g->first, next; i != FX_NONE_IDX; i = next) {
    next = g->nodes[i].next;
    const fx_inst *bn = &p->inst[i];
    if ((bn->op != FX_OP_BATCH_NORM && bn->op != FX_OP_NATIVE_BATCH_NORM) || bn->failed || bn->args[0].kind != FX_V_TENSOR)
      continue;
    const fx_value *tr = ARG(bn, "training");
    if (tr->kind != FX_V_BOOL || tr->v.i) continue;
    /* the producer: a call_function conv or linear whose only user is this node */
    uint32_t x = bn->args[0].v.node, c = p->tensors[x].node;
    if (c >= g->nnodes || g->nodes[c].erased || g->nodes[c].opcode != FX_CALL_FUNCTION || g->nodes[c].nusers != 1 ||
        g->nodes[c].users[0] != i)
      continue;
    const fx_inst *cv = &p->inst[c];
    if (cv->failed || cv->result.kind != FX_V_TENSOR || cv->result.v.node != x) continue;
    bool linear = cv->op == FX_OP_LINEAR;
    if (!linear && cv->op != FX_OP_CONVOLUTION) continue;
    if (!linear && (ARG(cv, "transposed")->kind != FX_V_BOOL || ARG(cv, "transposed")->v.i)) continue;
    if (linear && p->tensors[x].ndim != 2) continue;
    /* the normalized result's users: F.batch_norm's own, or those of getitem(native_batch_norm, 0) */
    uint32_t out = i;
    bool ok = true;
    if (bn->op == FX_OP_NATIVE_BATCH_NORM) {
      out = FX_NONE_IDX;
      for (uint32_t u = 0; u < g->nodes[i].nusers && ok; u++) {
        uint32_t gi = g->nodes[i].users[u];
        const fx_node *gn = &g->nodes[gi];
        bool item0 = p->inst[gi].op == FX_OP_GETITEM && gn->args.n == 2 && gn->args.u.items[1].kind == FX_V_INT;
        if (item0 && gn->args.u.items[1].v.i == 0 && out == FX_NONE_IDX) out = gi;
        else if (!item0 || gn->nusers) ok = false; /* the saved statistics are used */
      }
    }
    if (!ok || out == FX_NONE_IDX) continue;
    uint32_t wi = cv->args[1].kind == FX_V_TENSOR ? widx[ARG(cv, "weight")->v.node] : FX_NONE_IDX;
    if (wi == FX_NONE_IDX || uses[wi] != 1 || w->tensors[wi].dtype != FXRT_F32) continue;
    int64_t k = w->tensors[wi].shape[0];
    const fx_value *bv = ARG(cv, "bias");
    uint32_t bi = own_vector(w, widx, uses, bv, k), mi = own_vector(w, widx, uses, ARG(bn, "running_mean"), k),
             vi = own_vector(w, widx, uses, ARG(bn, "running_var"), k);
    const fx_value *gv = ARG(bn, "weight"), *betav = ARG(bn, "bias");
    uint32_t gi = own_vector(w, widx, uses, gv, k), bei = own_vector(w, widx, uses, betav, k);
    /* statistics may be shared (they are only read); the conv's weight and bias are written */
    if (mi == FX_NONE_IDX && ARG(bn, "running_mean")->kind == FX_V_TENSOR) {
      uint32_t m = widx[ARG(bn, "running_mean")->v.node];
      if (m != FX_NONE_IDX && w->tensors[m].dtype == FXRT_F32 && w->tensors[m].ndim == 1 && w->tensors[m].shape[0] == k) mi = m;
    }
    if (vi == FX_NONE_IDX && ARG(bn, "running_var")->kind == FX_V_TENSOR) {
      uint32_t m = widx[ARG(bn, "running_var")->v.node];
      if (m != FX_NONE_IDX && w->tensors[m].dtype == FXRT_F32 && w->tensors[m].ndim == 1 && w->tensors[m].shape[0] == k) vi = m;
    }
    if (gi == FX_NONE_IDX && gv->kind == FX_V_TENSOR) {
      uint32_t m = widx[gv->v.node];
      if (m != FX_NONE_IDX && w->tensors[m].dtype == FXRT_F32 && w->tensors[m].ndim == 1 && w->tensors[m].shape[0] == k) gi = m;
    }
    if (bei == FX_NONE_IDX && betav->kind == FX_V_TENSOR) {
      uint32_t m = widx[betav->v.node];
      if (m != FX_NONE_IDX && w->tensors[m].dtype == FXRT_F32 && w->tensors[m].ndim == 1 && w->tensors[m].shape[0] == k) bei = m;
    }
    if (mi == FX_NONE_IDX || vi == FX_NONE_IDX || (gv->kind == FX_V_TENSOR && gi == FX_NONE_IDX) ||
        (betav->kind == FX_V_TENSOR && bei == FX_NONE_IDX) || (bv->kind == FX_V_TENSOR && bi == FX_NONE_IDX) ||
        (bv->kind != FX_V_TENSOR && bv->kind != FX_V_NONE))
      continue;
    double eps = 1e-5;
    const fx_value *ev = ARG(bn, "eps");
    if (ev->kind == FX_V_FLOAT) eps = ev->v.f;
    else if (ev->kind == FX_V_INT) eps = (double)ev->v.i;
    float *nb = fx_xmalloc((size_t)(k ? k : 1) * sizeof *nb);
    {
      const fx_tensor *W = &w->tensors[wi];
      size_t per = (size_t)(W->nbytes / sizeof(float) / (size_t)(k ? k : 1));
      float *wd = fx_weights_writable(w, W); /* a copy of its own first if W shares its bytes (tied weights) */
      const float *mean = w->tensors[mi].data, *var = w->tensors[vi].data;
      const float *gamma = gi != FX_NONE_IDX ? w->tensors[gi].data : NULL, *beta = bei != FX_NONE_IDX ? w->tensors[bei].data : NULL;
      const float *b = bi != FX_NONE_IDX ? w->tensors[bi].data : NULL;
      for (int64_t o = 0; o < k; o++) {
        double s = (gamma ? gamma[o] : 1.0) / sqrt((double)var[o] + eps);
        for (size_t j = 0; j < per; j++) wd[(size_t)o * per + j] = (float)((double)wd[(size_t)o * per + j] * s);
        nb[o] = (float)(((b ? b[o] : 0.0) - mean[o]) * s + (beta ? beta[o] : 0.0));
      }
      st->weight_bytes_saved += (int64_t)(w->tensors[mi].nbytes + w->tensors[vi].nbytes +
                                          (gi != FX_NONE_IDX ? w->tensors[gi].nbytes : 0) +
                                          (bei != FX_NONE_IDX ? w->tensors[bei].nbytes : 0));
    }
    if (bi != FX_NONE_IDX) {
      memcpy(fx_weights_writable(w, &w->tensors[bi]), nb, (size_t)k * sizeof *nb);
    } else { /* a new bias, read by a new get_attr node before the conv */
      char key[512];
      const fx_str wn = w->tensors[wi].name;
      snprintf(key, sizeof key, "%.*s_bias", (int)(wn.n < 400 ? wn.n : 400), wn.p);
      for (int s = 1; fx_weights_find(w, fx_str_make(key, strlen(key))); s++)
        snprintf(key, sizeof key, "%.*s_bias_%d", (int)(wn.n < 400 ? wn.n : 400), wn.p, s);
      fx_tensor *t = fx_weights_add(w, fx_str_make(key, strlen(key)), FXRT_F32, 1, &k);
      memcpy(t->data, nb, (size_t)k * sizeof *nb);
      fx_insert_point ip = fx_graph_inserting_before(g, c);
      uint32_t ga = fx_graph_create_node(g, FX_GET_ATTR, fx_str_make(key, strlen(key)), fx_value_tuple(g, NULL, 0),
                                         fx_value_container(g, FX_V_DICT, NULL, 0), (fx_str){"", 0}, (fx_str){"", 0});
      fx_graph_restore_insert(g, ip);
      set_bias_arg(g, c, fx_value_node(g, ga));
    }
    fx_xfree(nb);
    /* the conv takes the BatchNorm's place; go on after the nodes that go */
    next = g->nodes[i].next;
    for (bool skip = true; skip && next != FX_NONE_IDX;) {
      skip = next == out;
      for (uint32_t u = 0; u < g->nodes[i].nusers; u++) skip |= g->nodes[i].users[u] == next;
      if (skip) next = g->nodes[next].next;
    }
    fx_node_absorb(g, c, i);
    fx_node_absorb(g, c, out);
    fx_node_replace_all_uses_with(g, out, c);
    fx_node_take_value(g, c, out); /* the conv computes the BatchNorm's value now, not its own */
    if (out != i && fx_graph_erase_node(g, out)) st->removed++;
    for (uint32_t u = g->nodes[i].nusers; u-- > 0;) /* the unused getitem(native_batch_norm, 1 or 2) */
      if (fx_graph_erase_node(g, g->nodes[i].users[u])) st->removed++;
    if (fx_graph_erase_node(g, i)) {
      st->removed++;
      st->bn_folded++;
      changed = true;
    }
  }
  fx_xfree(widx);
  fx_xfree(uses);
  return changed;
}

/* How many call_module nodes call the module that node n calls (its weights change for all of them). */
static uint32_t module_calls(const fx_graph *g, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
    k += g->nodes[i].opcode == FX_CALL_MODULE && fx_str_eq(g->nodes[i].target, g->nodes[n].target);
  return k;
}

bool fx_pass_bnfold(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  if (!pm->w) return false;
  /* functions first: the module loop finds its weights by name, after fold_functions may have added some */
  bool changed = fold_functions(pm, st);
  if (!pm->mods) return changed;
  for (uint32_t i = g->first; i != FX_NONE_IDX;) {
    uint32_t next = g->nodes[i].next;
    const fx_node *bn_node = &g->nodes[i];
    const fx_module *bn = called_module(pm, i);
    if (!bn || (bn->type != FX_MOD_BATCH_NORM1D && bn->type != FX_MOD_BATCH_NORM2D && bn->type != FX_MOD_BATCH_NORM3D) || p->inst[i].failed ||
        bn_node->args.n != 1 || bn_node->args.u.items[0].kind != FX_V_NODE || bn_node->kwargs.n) {
      i = next;
      continue;
    }
    uint32_t c = bn_node->args.u.items[0].v.node;
    const fx_module *conv = called_module(pm, c);
    bool linear = conv && conv->type == FX_MOD_LINEAR;
    if (!conv || !(conv->type == FX_MOD_CONV1D || conv->type == FX_MOD_CONV2D || conv->type == FX_MOD_CONV3D || (linear && bn->type == FX_MOD_BATCH_NORM1D)) ||
        g->nodes[c].nusers != 1 || p->inst[c].failed || module_calls(g, c) != 1) {
      i = next;
      continue;
    }
    /* a linear's features must be the BatchNorm1d's channels: a [N, C] output */
    const fx_value *cr = &p->inst[c].result;
    if (cr->kind != FX_V_TENSOR || (linear && p->tensors[cr->v.node].ndim != 2)) {
      i = next;
      continue;
    }
    bool track = true;
    fx_module_bool(bn, "track_running_stats", &track);
    const fx_tensor *W = param(pm, conv, "weight"), *b = param(pm, conv, "bias"), *gamma = param(pm, bn, "weight"),
                    *beta = param(pm, bn, "bias"), *mean = param(pm, bn, "running_mean"), *var = param(pm, bn, "running_var");
    int64_t k = W ? W->shape[0] : 0;
    bool ok = track && W && mean && var && W->dtype == FXRT_F32 && mean->dtype == FXRT_F32 && var->dtype == FXRT_F32 &&
              mean->shape[0] == k && var->shape[0] == k && (!b || (b->dtype == FXRT_F32 && b->shape[0] == k)) &&
              (!gamma || (gamma->dtype == FXRT_F32 && gamma->shape[0] == k)) &&
              (!beta || (beta->dtype == FXRT_F32 && beta->shape[0] == k));
    /* the program reads every parameter of the modules it calls: their data is read (fx_program_read_weights) */
    ok = ok && W->data && mean->data && var->data;
    ok = ok && (!b || b->data) && (!gamma || gamma->data) && (!beta || beta->data);
    bool has_bias = true;
    fx_module_bool(conv, "bias", &has_bias);
    if (!ok || (has_bias && !b)) {
      i = next;
      continue;
    }
    double eps = 1e-5;
    const fx_value *ev = fx_module_param(bn, "eps");
    if (ev && ev->kind == FX_V_FLOAT) eps = ev->v.f;
    /* the folded values, computed before the weights change (adding a tensor moves them); W and b are written
     * through fx_weights_writable, which gives them bytes of their own first when they share a storage with another
     * tensor (tied weights), so that no other tensor changes */
    size_t per = (size_t)(W->nbytes / sizeof(float) / (size_t)(k ? k : 1));
    float *w = fx_weights_writable(pm->w, W);
    float *nb = fx_xmalloc((size_t)(k ? k : 1) * sizeof *nb);
    for (int64_t o = 0; o < k; o++) {
      double s = (gamma ? ((const float *)gamma->data)[o] : 1.0) / sqrt((double)((const float *)var->data)[o] + eps);
      for (size_t j = 0; j < per; j++) w[(size_t)o * per + j] = (float)((double)w[(size_t)o * per + j] * s);
      double bias = b ? ((const float *)b->data)[o] : 0.0;
      nb[o] = (float)((bias - ((const float *)mean->data)[o]) * s + (beta ? ((const float *)beta->data)[o] : 0.0));
    }
    st->weight_bytes_saved += (int64_t)(mean->nbytes + var->nbytes + (gamma ? gamma->nbytes : 0) + (beta ? beta->nbytes : 0));
    if (b) {
      memcpy(fx_weights_writable(pm->w, b), nb, (size_t)k * sizeof *nb);
    } else {
      char key[512];
      snprintf(key, sizeof key, "%.*s%sbias", (int)conv->path.n, conv->path.p, conv->path.n ? "." : "");
      fx_tensor *t = fx_weights_add(pm->w, fx_str_make(key, strlen(key)), FXRT_F32, 1, &k);
      memcpy(t->data, nb, (size_t)k * sizeof *nb);
      /* the conv now has a bias: its module says so */
      fx_module *mconv = (fx_module *)conv;
      fx_value *bv = (fx_value *)fx_module_param(mconv, "bias");
      if (bv) *bv = fx_value_bool(true);
    }
    fx_xfree(nb);
    fx_node_absorb(g, c, i);
    fx_node_replace_all_uses_with(g, i, c);
    fx_node_take_value(g, c, i); /* the conv computes the BatchNorm's value now, not its own */
    if (fx_graph_erase_node(g, i)) {
      st->removed++;
      st->bn_folded++;
      changed = true;
    }
    i = next;
  }
  return changed;
}
