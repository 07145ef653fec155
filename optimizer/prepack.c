/* prepack.c: the weights of linear layers packed at compile time in the layout the GEMM reads. The GEMM reads B =
 * weight^T in panels of NR columns; linear's weight [out, in] has a panel's values a row of the weight apart, so every
 * call gathered them one by one (15-35% of a 197 x 768 x 2304 linear), and even a transposed weight was copied panel
 * by panel, its rows kilobytes apart. A linear or fx2c.fused_linear with an f32 weight known at compile time (one the
 * graph does not write into) and at least FXRT_LINEAR_DOT_ROWS rows of input (fewer take dot products along the
 * weight's rows, which want it as it is) becomes an fx2c.fused_linear with weight_layout 'panels' on the weight
 * packed by fxrt_linear_pack_f32 ([ceil(out / 32), in, 32]: every panel contiguous, read in place), stored as a new
 * weight named after the old one with _packed (read by a new get_attr node; the old one goes when nothing else
 * reads it); aten._native_multi_head_attention gets packed_weights=True and both of its projections' weights packed:
 *
 *     %fc1_fused_packed : [#users=1] = call_function[target=fx2c.fused_linear](args = (%x, %fc1_weight_packed,
 *         %fc1_bias), kwargs = {activation: gelu, weight_layout: panels, out_features: 48})
 *
 * A weight of the 'kn' layout (aten's addmm after epilogue fusion) is packed the same way. The results are the same
 * bits (fxrt_linear_p_f32 sums as fxrt_linear_f32 does with that many rows); the weights grow by the padding of their
 * last panel.
 */
#include <stdio.h>
#include <string.h>

#include "passes.h"

#define ARG(in, name) (&(in)->args[fx_sig_find(fx_op_sig((fx_op)(in)->op), name)])

/* The index of the f32 2-d weight known now that the bound argument v reads, or FX_NONE_IDX. */
static uint32_t matrix_weight(const fx_pass_manager *pm, const fx_value *v, const bool *written) {
  const uint32_t wi = fx_pass_weight_index(pm->p, pm->w, v);
  if (wi == FX_NONE_IDX || written[wi]) return FX_NONE_IDX;
  const fx_tensor *W = &pm->w->tensors[wi];
  return W->data && W->dtype == FXRT_F32 && W->ndim == 2 ? wi : FX_NONE_IDX;
}

/* The name for weight wi packed, in buf (of n bytes): NAME_packed, or NAME_packed_1 ... when that is taken by a
 * tensor other than such a packing. *exists: the name is that of the packing made before (of the same shape). */
static fx_str packed_name(const fx_weights *w, uint32_t wi, bool kn, char *buf, size_t n, bool *exists) {
  const fx_str src = w->tensors[wi].name;
  const int64_t out = w->tensors[wi].shape[kn ? 1 : 0], in = w->tensors[wi].shape[kn ? 0 : 1];
  const int64_t shape[3] = {(out + FXRT_LINEAR_PANEL - 1) / FXRT_LINEAR_PANEL, in, FXRT_LINEAR_PANEL};
  snprintf(buf, n, "%.*s_packed", (int)(src.n < 480 ? src.n : 480), src.p);
  const fx_tensor *have = fx_weights_find(w, fx_str_make(buf, strlen(buf)));
  *exists = have && have->dtype == FXRT_F32 && have->ndim == 3 && !memcmp(have->shape, shape, sizeof shape);
  for (int s = 1; have && !*exists; s++) { /* the name is taken by something else */
    snprintf(buf, n, "%.*s_packed_%d", (int)(src.n < 480 ? src.n : 480), src.p, s);
    have = fx_weights_find(w, fx_str_make(buf, strlen(buf)));
  }
  return fx_str_make(buf, strlen(buf));
}

/* Adds weight wi packed (fxrt_linear_pack_f32), called name. */
static void add_packed(fx_weights *w, uint32_t wi, bool kn, fx_str name, int64_t *saved) {
  const int64_t out = w->tensors[wi].shape[kn ? 1 : 0], in = w->tensors[wi].shape[kn ? 0 : 1];
  const int64_t shape[3] = {(out + FXRT_LINEAR_PANEL - 1) / FXRT_LINEAR_PANEL, in, FXRT_LINEAR_PANEL};
  fx_tensor *u = fx_weights_add(w, name, FXRT_F32, 3, shape);
  *saved -= (int64_t)u->nbytes;
  const float *a = (const float *)w->tensors[wi].data; /* w->tensors moved: wi by index */
  float *t = NULL;
  if (kn) { /* [in, out] to [out, in] first */
    t = fx_xmalloc((size_t)(out * in + 1) * sizeof *t);
    for (int64_t i = 0; i < in; i++)
      for (int64_t j = 0; j < out; j++) t[j * in + i] = a[i * out + j];
    a = t;
  }
  fxrt_linear_pack_f32(a, out, in, (float *)u->data);
  fx_xfree(t);
}

/* The node references of a node's args mapped: from[k] to to[k]. */
typedef struct remap {
  uint32_t from[2], to[2];
} remap;

static uint32_t remap_node(void *ctx, uint32_t n) {
  const remap *r = (const remap *)ctx;
  for (int k = 0; k < 2; k++)
    if (n == r->from[k]) return r->to[k];
  return n;
}

/* A candidate: node, its kind (linear or attention), the weights it packs (by index; the second one for
 * attention's projection only). */
typedef struct cand {
  uint32_t node, weight[2];
  bool mha, kn; /* kn: the weight is [in, out] (fused_linear's weight_layout 'kn') */
} cand;

static bool qualifies(const fx_pass_manager *pm, uint32_t i, const bool *written, cand *cd) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if (in->op < 0 || in->failed || in->result.kind == FX_V_NONE || in->args[0].kind != FX_V_TENSOR) return false;
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node];
  if (tx->dtype != FXRT_F32) return false;
  cd->node = i;
  if (in->op == FX_OP_LINEAR || in->op == FX_OP_FUSED_LINEAR) {
    cd->kn = false;
    if (in->op == FX_OP_FUSED_LINEAR) {
      const fx_value *layout = ARG(in, "weight_layout");
      cd->kn = fx_value_str_is(layout, "kn");
      if (!cd->kn && !fx_value_str_is(layout, "nk")) return false;
    }
    cd->mha = false;
    cd->weight[0] = matrix_weight(pm, ARG(in, "weight"), written), cd->weight[1] = FX_NONE_IDX;
    if (cd->weight[0] == FX_NONE_IDX || in->result.kind != FX_V_TENSOR) return false;
    const int64_t k = pm->w->tensors[cd->weight[0]].shape[cd->kn ? 0 : 1];
    return k > 0 && fx_tinfo_numel(tx) / k >= FXRT_LINEAR_DOT_ROWS;
  }
  if (in->op == FX_OP_MHA) {
    cd->kn = false;
    const fx_value *wt = ARG(in, "packed_weights");
    if (wt->kind != FX_V_BOOL || wt->v.i || tx->ndim != 3 || tx->shape[0] * tx->shape[1] < FXRT_LINEAR_DOT_ROWS)
      return false;
    cd->mha = true;
    cd->weight[0] = matrix_weight(pm, ARG(in, "qkv_weight"), written);
    cd->weight[1] = matrix_weight(pm, ARG(in, "proj_weight"), written);
    if (cd->weight[0] == FX_NONE_IDX || cd->weight[1] == FX_NONE_IDX || cd->weight[0] == cd->weight[1]) return false;
    const int64_t e = tx->shape[2];
    const fx_tensor *q = &pm->w->tensors[cd->weight[0]], *o = &pm->w->tensors[cd->weight[1]];
    return q->shape[0] == 3 * e && q->shape[1] == e && o->shape[0] == e && o->shape[1] == e;
  }
  return false;
}

/* Attention: the same node, its two weights read through get_attr nodes of their packings, packed_weights=True. */
static bool rewrite_mha(fx_pass_manager *pm, const cand *cd, const uint32_t reader[2], fx_made_nodes *made) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  const fx_inst *in = &p->inst[cd->node];
  const fx_node *nd = &g->nodes[cd->node];
  remap r;
  const char *names[2] = {"qkv_weight", "proj_weight"};
  for (int k = 0; k < 2; k++) {
    fx_value v;
    const uint32_t t = ARG(in, names[k])->v.node;
    if (!fx_pass_find_ref(&nd->args, t, fx_made_result, made, &v) &&
        !fx_pass_find_ref(&nd->kwargs, t, fx_made_result, made, &v))
      return false;
    if (v.kind != FX_V_NODE) return false;
    r.from[k] = v.v.node, r.to[k] = reader[k];
  }
  fx_value args = fx_value_copy(g, &nd->args, remap_node, &r);
  const fx_value *kw = &g->nodes[cd->node].kwargs;
  uint32_t nk = kw->n;
  fx_value *items = fx_xmalloc((nk + 2) * sizeof *items);
  for (uint32_t k = 0; k < nk; k++) items[k] = fx_value_copy(g, &kw->u.items[k], remap_node, &r);
  fx_pass_kwarg(g, items, &nk, "packed_weights", fx_value_bool(true));
  fx_node_set_args(g, cd->node, args, fx_value_container(g, FX_V_DICT, items, nk));
  fx_xfree(items);
  return true;
}

/* A linear: a new fx2c.fused_linear on the packed weight, with the old node's epilogue. */
static bool rewrite_linear(fx_pass_manager *pm, const cand *cd, uint32_t reader, fx_made_nodes *made) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  const uint32_t i = cd->node;
  const fx_inst *in = &p->inst[i];
  const bool fused = in->op == FX_OP_FUSED_LINEAR;
  fx_insert_point ip = fx_graph_inserting_before(g, i);
  fx_value args[3], res = fx_value_none();
  uint32_t ga[3] = {FX_NONE_IDX, FX_NONE_IDX, FX_NONE_IDX};
  bool ok = fx_pass_arg_value(pm, i, &in->args[0], fx_made_result, made, &args[0], &ga[0]) &&
            fx_pass_arg_value(pm, i, ARG(in, "bias"), fx_made_result, made, &args[2], &ga[1]) &&
            (!fused || fx_pass_arg_value(pm, i, ARG(in, "residual"), fx_made_result, made, &res, &ga[2]));
  if (!ok) {
    for (int k = 0; k < 3; k++)
      if (ga[k] != FX_NONE_IDX) fx_graph_erase_node(g, ga[k]);
    fx_graph_restore_insert(g, ip);
    return false;
  }
  for (int k = 0; k < 3; k++)
    if (ga[k] != FX_NONE_IDX) fx_made_note(made, ga[k], FX_NONE_IDX);
  args[1] = fx_value_node(g, reader);
  fx_value kw[2 * 8];
  uint32_t nk = 0;
  if (fused) { /* the epilogue, as the epilogue pass writes it */
    const int act = fx_epilogue_act(ARG(in, "activation"));
    const char *aname = fx_epilogue_acts[act < 0 ? 0 : act];
    const fx_value *lo = ARG(in, "min"), *hi = ARG(in, "max");
    if (res.kind != FX_V_NONE) fx_pass_kwarg(g, kw, &nk, "residual", res);
    if (act > 0) fx_pass_kwarg(g, kw, &nk, "activation", fx_value_str(g, fx_str_make(aname, strlen(aname))));
    if (strcmp(aname, "leaky_relu") == 0)
      fx_pass_kwarg(g, kw, &nk, "negative_slope", fx_value_copy(g, ARG(in, "negative_slope"), NULL, NULL));
    if (lo->kind != FX_V_NONE) fx_pass_kwarg(g, kw, &nk, "min", fx_value_copy(g, lo, NULL, NULL));
    if (hi->kind != FX_V_NONE) fx_pass_kwarg(g, kw, &nk, "max", fx_value_copy(g, hi, NULL, NULL));
  }
  fx_pass_kwarg(g, kw, &nk, "weight_layout", fx_value_str(g, FX_STR_LIT("panels")));
  const fx_tinfo *ty = &p->tensors[in->result.v.node];
  fx_pass_kwarg(g, kw, &nk, "out_features", fx_value_int(g, ty->shape[ty->ndim - 1]));
  char nm[256];
  const fx_str old = g->nodes[i].name;
  snprintf(nm, sizeof nm, "%.*s_packed", (int)(old.n < 200 ? old.n : 200), old.p);
  const uint32_t f = fx_graph_create_node(g, FX_CALL_FUNCTION, FX_STR_LIT("fx2c.fused_linear"),
                                          fx_value_tuple(g, args, 3), fx_value_container(g, FX_V_DICT, kw, nk),
                                          fx_str_make(nm, strlen(nm)), (fx_str){"", 0});
  fx_graph_restore_insert(g, ip);
  g->nodes[f].loc = g->nodes[i].loc;
  fx_made_note(made, f, in->result.v.node);
  fx_node_absorb(g, f, i);
  fx_node_replace_all_uses_with(g, i, f);
  fx_graph_erase_node(g, i);
  return true;
}

bool fx_pass_prepack(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  if (!pm->w) return false;
  const uint32_t nw = pm->w->n;
  uint32_t *left = fx_xcalloc(nw + 1, sizeof *left), *reader = fx_xmalloc((nw + 1) * sizeof *reader);
  bool *written = fx_xcalloc(nw + 1, sizeof *written);
  fx_pass_weight_uses(p, pm->w, left, written);
  for (uint32_t wi = 0; wi < nw; wi++) reader[wi] = FX_NONE_IDX;
  /* first every candidate (the weights' addresses are read here), then the rewrites (which add weights) */
  cand *cs = NULL;
  uint32_t ncs = 0, cap = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    cand cd;
    if (!qualifies(pm, i, written, &cd)) continue;
    if (ncs == cap) {
      cap = cap ? 2 * cap : 16;
      cs = fx_xrealloc(cs, cap * sizeof *cs);
    }
    cs[ncs++] = cd;
  }
  /* the graph first (fx_pass_arg_value reads the program's weights, whose addresses adding weights changes), then
   * the packings */
  fx_made_nodes made;
  fx_made_init(&made, p);
  bool *add = fx_xcalloc(nw + 1, sizeof *add), *kn = fx_xcalloc(nw + 1, sizeof *kn);
  uint32_t done = 0;
  for (uint32_t q = 0; q < ncs; q++) {
    const cand *cd = &cs[q];
    uint32_t rd[2] = {FX_NONE_IDX, FX_NONE_IDX};
    if (reader[cd->weight[0]] != FX_NONE_IDX && kn[cd->weight[0]] != cd->kn) continue; /* read both ways: packed once */
    for (int k = 0; k < 2; k++) {
      const uint32_t wi = cd->weight[k];
      if (wi == FX_NONE_IDX) continue;
      if (reader[wi] == FX_NONE_IDX) {
        char buf[512];
        bool exists;
        reader[wi] = fx_pass_get_attr(g, packed_name(pm->w, wi, cd->kn, buf, sizeof buf, &exists), cd->node);
        kn[wi] = cd->kn;
        add[wi] = !exists;
        fx_made_note(&made, reader[wi], FX_NONE_IDX);
      }
      rd[k] = reader[wi];
    }
    if (cd->mha ? rewrite_mha(pm, cd, rd, &made) : rewrite_linear(pm, cd, rd[0], &made)) {
      for (int k = 0; k < 2; k++)
        if (cd->weight[k] != FX_NONE_IDX) left[cd->weight[k]]--;
      done++;
    }
  }
  for (uint32_t wi = 0; wi < nw; wi++) {
    if (reader[wi] == FX_NONE_IDX) continue;
    if (g->nodes[reader[wi]].nusers == 0) { /* no rewrite took it */
      fx_graph_erase_node(g, reader[wi]);
      reader[wi] = FX_NONE_IDX;
    } else if (add[wi]) {
      add_packed(pm->w, wi, kn[wi], g->nodes[reader[wi]].target, &st->weight_bytes_saved);
    }
  }
  fx_xfree(add);
  fx_xfree(kn);
  for (uint32_t wi = 0; wi < nw; wi++) /* the original weights that nothing reads any more */
    if (reader[wi] != FX_NONE_IDX && left[wi] == 0) st->weight_bytes_saved += (int64_t)pm->w->tensors[wi].nbytes;
  st->packed += done;
  fx_made_free(&made);
  fx_xfree(cs);
  fx_xfree(left);
  fx_xfree(reader);
  fx_xfree(written);
  return done > 0;
}
