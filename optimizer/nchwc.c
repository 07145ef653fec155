/* nchwc.c: chains of pointwise and depthwise convolutions moved to the blocked channel layout NCHW16c (runtime/fxrt.h),
 * as ONNX Runtime's NCHWc transformer does. A 2-d convolution or fx2c.fused_conv on a batched f32 [n, c, h, w]
 * input with a weight known at compile time that fxrt_conv2d_nchwc_f32 computes (1x1 with stride 1, no padding and
 * one group; or depthwise: groups = c = k) becomes an fx2c.nchwc_conv node (ops.def) whose input, output and residual
 * are NCHW16c tensors, its weight packed here (fxrt_nchwc_pack_weight_f32) into a new weight named after the old one
 * with _nchwc. Where a value crosses between the layouts, fx2c.to_nchwc and fx2c.from_nchwc reorder it:
 *
 *     %features_1_conv_0_0_to_nchwc = call_function[target=fx2c.to_nchwc](args = (%features_0_2,))
 *     %features_1_conv_0_0_nchwc = call_function[target=fx2c.nchwc_conv](args = (%features_1_conv_0_0_to_nchwc,
 *         %features_1_conv_0_0_weight_nchwc, %features_1_conv_0_0_bias, 1, 1, 1, 32), kwargs = {in_channels: 32,
 *         out_channels: 32, kernel_size: (3, 3), activation: clamp, min: 0.0, max: 6.0})
 *
 * Only convolutions that a chain links (the input or residual of one is the result of another), so that the reorders
 * are paid once per chain, not per convolution: a mobile network's inverted residual blocks (1x1 expand, depthwise,
 * 1x1 project + residual) run end to end in NCHW16c. One-pixel convolutions (squeeze-and-excitation's) stay as they
 * are: the NCHW kernel runs them as dot products. The pass runs after winograd (whose convolutions are 3x3 dense
 * ones, which this kernel does not compute) and before ewfuse.
 */
#include <stdio.h>
#include <string.h>

#include "passes.h"

#define ARG(in, name) (&(in)->args[fx_sig_find(fx_op_sig((fx_op)(in)->op), name)])

typedef struct cand {
  uint32_t node, weight;     /* the conv node; its weight's index in pm->w */
  uint32_t bias;             /* the bias weight's index when no node of the conv's args reads it, else FX_NONE_IDX */
  fx_value x, b, res;        /* graph values of the input, the bias (or None) and the residual (or None) */
  int64_t c, k, kh, kw;
  fxrt_conv2d_params params;
  bool linked;               /* a chain links it to another candidate */
} cand;

/* Whether node i is a convolution that the NCHW16c kernel computes. */
static bool qualifies(const fx_pass_manager *pm, uint32_t i, cand *cd) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if (in->op != FX_OP_CONVOLUTION && in->op != FX_OP_FUSED_CONV) return false;
  if (in->failed || in->result.kind != FX_V_TENSOR || in->args[0].kind != FX_V_TENSOR) return false;
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node], *ty = &p->tensors[in->result.v.node];
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  if (a->sp != 2 || !a->batched || a->transposed) return false;
  if (tx->ndim != 4 || tx->dtype != FXRT_F32 || ty->dtype != FXRT_F32 || ty->shape[2] * ty->shape[3] == 1) return false;
  const uint32_t wi = fx_pass_weight_index(p, pm->w, ARG(in, "weight"));
  if (wi == FX_NONE_IDX) return false;
  const fx_tensor *W = &pm->w->tensors[wi];
  if (!W->data || W->dtype != FXRT_F32 || W->ndim != 4) return false; /* not read: not referenced (read_weights) */
  cd->params = (fxrt_conv2d_params){{a->stride[0], a->stride[1]},
                                    {a->pad[0], a->pad[1]},
                                    {a->dilation[0], a->dilation[1]},
                                    a->groups,
                                    {a->pad_end[0] - a->pad[0], a->pad_end[1] - a->pad[1]}};
  cd->c = tx->shape[1], cd->k = W->shape[0], cd->kh = W->shape[2], cd->kw = W->shape[3];
  if (!fxrt_conv2d_nchwc_supported(cd->c, cd->k, cd->kh, cd->kw, &cd->params)) return false;
  cd->node = i, cd->weight = wi, cd->linked = false;
  /* the input and residual must be nodes' results: to_nchwc reorders them */
  return fx_pass_conv_operands(pm, i, cd->k, &cd->x, &cd->b, &cd->bias, &cd->res) && cd->x.kind == FX_V_NODE &&
         (cd->res.kind == FX_V_NONE || cd->res.kind == FX_V_NODE);
}

/* The packed weight of candidate cd (made once, shared by the convolutions that read the same weight): its name. */
static fx_str packed(fx_weights *w, const cand *cd, int64_t *saved) {
  const int64_t B = FXRT_NCHWC_BLOCK;
  const bool pointwise = cd->params.groups == 1;
  const int64_t shape[4] = {pointwise ? (cd->k + B - 1) / B : (cd->c + B - 1) / B, pointwise ? cd->c : cd->kh,
                            pointwise ? B : cd->kw, B};
  bool fresh;
  fx_tensor *u = fx_pass_derived_weight(w, cd->weight, "nchwc", pointwise ? 3 : 4, shape, &fresh);
  if (fresh) {
    *saved -= (int64_t)u->nbytes;
    fxrt_nchwc_pack_weight_f32(w->tensors[cd->weight].data, cd->c, cd->k, cd->kh, cd->kw, &cd->params, u->data);
  }
  return u->name;
}

/* A reorder node (fx2c.to_nchwc of value v, or fx2c.from_nchwc to `channels`) before node `before`, named NAME_suffix
 * after node `named`. */
static uint32_t reorder(fx_graph *g, bool to, fx_value v, int64_t channels, uint32_t before, uint32_t named) {
  char nm[256];
  const fx_str base = g->nodes[named].name;
  snprintf(nm, sizeof nm, "%.*s_%s", (int)(base.n < 200 ? base.n : 200), base.p, to ? "to_nchwc" : "nchw");
  fx_value kw[2];
  uint32_t nk = 0;
  if (!to) fx_pass_kwarg(g, kw, &nk, "channels", fx_value_int(g, channels));
  fx_insert_point ip = fx_graph_inserting_before(g, before);
  const fx_str target = to ? FX_STR_LIT("fx2c.to_nchwc") : FX_STR_LIT("fx2c.from_nchwc");
  const uint32_t r = fx_graph_create_node(g, FX_CALL_FUNCTION, target, fx_value_tuple(g, &v, 1),
                                          fx_value_container(g, FX_V_DICT, kw, nk), fx_str_make(nm, strlen(nm)),
                                          (fx_str){"", 0});
  fx_graph_restore_insert(g, ip);
  return r;
}

/* The NCHW16c value of graph value v (a node's result) for a convolution at node `before`: the blocked result of a
 * rewritten convolution, or a reorder of v (one per value, shared by the convolutions that read it). */
static fx_value blocked_value(fx_graph *g, const fx_value *v, const uint32_t *blk, uint32_t *to, uint32_t before) {
  const uint32_t n = v->v.node;
  if (blk[n] != FX_NONE_IDX) return fx_value_node(g, blk[n]);
  if (to[n] == FX_NONE_IDX) to[n] = reorder(g, true, *v, 0, before, n);
  return fx_value_node(g, to[n]);
}

static void rewrite(fx_pass_manager *pm, fx_pass_stats *st, const cand *cd, uint32_t *blk, uint32_t *to,
                    uint32_t *from) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  const fx_inst *in = &p->inst[cd->node];
  const uint32_t i = cd->node;
  fx_value args[7] = {blocked_value(g, &cd->x, blk, to, i),
                      fx_value_node(g, fx_pass_get_attr(g, packed(pm->w, cd, &st->weight_bytes_saved), i)), cd->b};
  if (cd->bias != FX_NONE_IDX) args[2] = fx_value_node(g, fx_pass_get_attr(g, pm->w->tensors[cd->bias].name, i));
  fx_value s[2] = {fx_value_int(g, cd->params.stride[0]), fx_value_int(g, cd->params.stride[1])};
  fx_value pd[2] = {fx_value_int(g, cd->params.padding[0]), fx_value_int(g, cd->params.padding[1])};
  fx_value dl[2] = {fx_value_int(g, cd->params.dilation[0]), fx_value_int(g, cd->params.dilation[1])};
  args[3] = fx_value_tuple(g, s, 2), args[4] = fx_value_tuple(g, pd, 2), args[5] = fx_value_tuple(g, dl, 2);
  args[6] = fx_value_int(g, cd->params.groups);
  fx_value kw[2 * 10], ks[2] = {fx_value_int(g, cd->kh), fx_value_int(g, cd->kw)};
  uint32_t nk = 0;
  fx_pass_kwarg(g, kw, &nk, "in_channels", fx_value_int(g, cd->c));
  fx_pass_kwarg(g, kw, &nk, "out_channels", fx_value_int(g, cd->k));
  fx_pass_kwarg(g, kw, &nk, "kernel_size", fx_value_tuple(g, ks, 2));
  if (in->op == FX_OP_FUSED_CONV) {
    const fx_value res = cd->res.kind == FX_V_NONE ? cd->res : blocked_value(g, &cd->res, blk, to, i);
    fx_pass_epilogue_kwargs(g, in, res, kw, &nk);
  }
  if (cd->params.pad_extra[0] || cd->params.pad_extra[1]) {
    fx_value e[2] = {fx_value_int(g, cd->params.padding[0] + cd->params.pad_extra[0]),
                     fx_value_int(g, cd->params.padding[1] + cd->params.pad_extra[1])};
    fx_pass_kwarg(g, kw, &nk, "padding_end", fx_value_tuple(g, e, 2));
  }
  char nm[256];
  const fx_str old = g->nodes[i].name;
  snprintf(nm, sizeof nm, "%.*s_nchwc", (int)(old.n < 200 ? old.n : 200), old.p);
  fx_insert_point ip = fx_graph_inserting_before(g, i);
  const uint32_t f =
      fx_graph_create_node(g, FX_CALL_FUNCTION, FX_STR_LIT("fx2c.nchwc_conv"), fx_value_tuple(g, args, 7),
                           fx_value_container(g, FX_V_DICT, kw, nk), fx_str_make(nm, strlen(nm)), (fx_str){"", 0});
  fx_graph_restore_insert(g, ip);
  fx_node_absorb(g, f, i);
  /* the result back in NCHW for what reads it there (erased at the end if nothing does) */
  const uint32_t back = reorder(g, false, fx_value_node(g, f), cd->k, i, i);
  fx_node_replace_all_uses_with(g, i, back);
  blk[i] = f, from[i] = back;
  if (fx_graph_erase_node(g, i)) st->removed++;
  st->nchwc++;
}

bool fx_pass_nchwc(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  if (!pm->w) return false;
  /* the candidates, in graph order (the weights' addresses are read here, before any is added) */
  const uint32_t nold = g->nnodes, nw = pm->w->n;
  uint32_t *left = fx_xcalloc(nw + 1, sizeof *left), *index = fx_xmalloc((nold + 1) * sizeof *index);
  bool *written = fx_xcalloc(nw + 1, sizeof *written);
  fx_pass_weight_uses(p, pm->w, left, written);
  cand *cs = NULL;
  uint32_t ncs = 0, cap = 0;
  for (uint32_t i = 0; i < nold; i++) index[i] = FX_NONE_IDX;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    cand cd;
    if (!qualifies(pm, i, &cd) || written[cd.weight]) continue;
    if (ncs == cap) {
      cap = cap ? 2 * cap : 16;
      cs = fx_xrealloc(cs, cap * sizeof *cs);
    }
    index[i] = ncs;
    cs[ncs++] = cd;
  }
  /* linked: the input or the residual of one candidate is another's result */
  for (uint32_t q = 0; q < ncs; q++) {
    const fx_value *src[2] = {&cs[q].x, &cs[q].res};
    for (int s = 0; s < 2; s++)
      if (src[s]->kind == FX_V_NODE && src[s]->v.node < nold && index[src[s]->v.node] != FX_NONE_IDX)
        cs[q].linked = cs[index[src[s]->v.node]].linked = true;
  }
  /* blk[n]: the nchwc_conv that replaced conv node n; from[n]: its result back in NCHW; to[n]: the to_nchwc of node
   * n's result */
  uint32_t *blk = fx_xmalloc((nold + 1) * sizeof *blk), *to = fx_xmalloc((nold + 1) * sizeof *to),
           *from = fx_xmalloc((nold + 1) * sizeof *from);
  for (uint32_t i = 0; i < nold; i++) blk[i] = to[i] = from[i] = FX_NONE_IDX;
  uint32_t done = 0;
  for (uint32_t q = 0; q < ncs; q++) {
    if (!cs[q].linked) continue;
    left[cs[q].weight]--;
    rewrite(pm, st, &cs[q], blk, to, from);
    done++;
  }
  for (uint32_t i = 0; i < nold; i++) /* the reorders back that nothing reads */
    if (from[i] != FX_NONE_IDX && g->nodes[from[i]].nusers == 0 && fx_graph_erase_node(g, from[i])) st->removed++;
  for (uint32_t q = 0; q < ncs; q++) /* the original weights that nothing reads any more */
    if (cs[q].linked && left[cs[q].weight] == 0) {
      st->weight_bytes_saved += (int64_t)pm->w->tensors[cs[q].weight].nbytes;
      left[cs[q].weight] = UINT32_MAX; /* counted once */
    }
  fx_xfree(blk);
  fx_xfree(to);
  fx_xfree(from);
  fx_xfree(index);
  fx_xfree(left);
  fx_xfree(written);
  fx_xfree(cs);
  return done > 0;
}
