/* bnfold.c: BatchNorm folding, as torch.fx's conv/BatchNorm fuser does it (the seed tutorial): in eval mode,
 *     bn(conv(x)) = conv'(x),  W' = W * g / sqrt(var + eps) (per output channel),
 *                              b' = (b - mean) * g / sqrt(var + eps) + beta,
 * where g and beta are the BatchNorm's weight and bias (1 and 0 without affine) and b the conv's bias (0 without).
 * The conv module's weight is replaced by W' and its bias by b' (added, and the module's bias=True, when it had
 * none); the BatchNorm node goes. Only when the conv's output has no other user. Call_module level: Conv1d or Conv2d
 * followed by BatchNorm1d or BatchNorm2d, Linear followed by BatchNorm1d (features along dimension 1). Computed in
 * double precision, stored in the conv's dtype (f32). */
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

bool fx_pass_bnfold(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_bnfold(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  bool changed = false;
  if (!pm->mods || !pm->w) return false;
  for (uint32_t i = g->first; i != FX_NONE_IDX;) {
    uint32_t next = g->nodes[i].next;
    const fx_node *bn_node = &g->nodes[i];
    const fx_module *bn = called_module(pm, i);
    if (!bn || (bn->type != FX_MOD_BATCH_NORM1D && bn->type != FX_MOD_BATCH_NORM2D) || p->inst[i].failed ||
        bn_node->args.n != 1 || bn_node->args.u.items[0].kind != FX_V_NODE || bn_node->kwargs.n) {
      i = next;
      continue;
    }
    uint32_t c = bn_node->args.u.items[0].v.node;
    const fx_module *conv = called_module(pm, c);
    bool linear = conv && conv->type == FX_MOD_LINEAR;
    if (!conv || !(conv->type == FX_MOD_CONV1D || conv->type == FX_MOD_CONV2D || (linear && bn->type == FX_MOD_BATCH_NORM1D)) ||
        g->nodes[c].nusers != 1 || p->inst[c].failed) {
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
    bool has_bias = true;
    fx_module_bool(conv, "bias", &has_bias);
    if (!ok || (has_bias && !b)) {
      i = next;
      continue;
    }
    double eps = 1e-5;
    const fx_value *ev = fx_module_param(bn, "eps");
    if (ev && ev->kind == FX_V_FLOAT) eps = ev->v.f;
    /* the folded values, computed before the weights change (adding a tensor moves them) */
    size_t per = (size_t)(W->nbytes / sizeof(float) / (size_t)(k ? k : 1));
    float *w = (float *)W->data;
    float *nb = fx_xmalloc((size_t)(k ? k : 1) * sizeof *nb);
    for (int64_t o = 0; o < k; o++) {
      double s = (gamma ? ((const float *)gamma->data)[o] : 1.0) / sqrt((double)((const float *)var->data)[o] + eps);
      for (size_t j = 0; j < per; j++) w[(size_t)o * per + j] = (float)((double)w[(size_t)o * per + j] * s);
      double bias = b ? ((const float *)b->data)[o] : 0.0;
      nb[o] = (float)((bias - ((const float *)mean->data)[o]) * s + (beta ? ((const float *)beta->data)[o] : 0.0));
    }
    st->weight_bytes_saved += (uint64_t)(mean->nbytes + var->nbytes + (gamma ? gamma->nbytes : 0) + (beta ? beta->nbytes : 0));
    if (b) {
      memcpy(b->data, nb, (size_t)k * sizeof *nb);
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
    fx_node_replace_all_uses_with(g, i, c);
    if (fx_graph_erase_node(g, i)) {
      st->removed++;
      st->bn_folded++;
      changed = true;
    }
    i = next;
  }
  return changed;
}
