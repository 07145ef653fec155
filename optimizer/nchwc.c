/* nchwc.c: chains of convolutions moved to the blocked channel layout NCHW16c (runtime/fxrt.h), as ONNX Runtime's
 * NCHWc transformer does. A 2-d convolution or fx2c.fused_conv on a batched f32 [n, c, h, w] input with a weight
 * known at compile time that fxrt_conv2d_nchwc_f32 computes (one group, any kernel; or depthwise: groups = c = k)
 * becomes an fx2c.nchwc_conv node (ops.def) whose input, output and residual are NCHW16c tensors, its weight packed
 * here (fxrt_nchwc_pack_weight_f32) into a new weight named after the old one with _nchwc. Where a value crosses
 * between the layouts, fx2c.to_nchwc and fx2c.from_nchwc reorder it:
 *
 *     %features_1_conv_0_0_to_nchwc = call_function[target=fx2c.to_nchwc](args = (%features_0_2,))
 *     %features_1_conv_0_0_nchwc = call_function[target=fx2c.nchwc_conv](args = (%features_1_conv_0_0_to_nchwc,
 *         %features_1_conv_0_0_weight_nchwc, %features_1_conv_0_0_bias, 1, 1, 1, 32), kwargs = {in_channels: 32,
 *         out_channels: 32, kernel_size: (3, 3), activation: clamp, min: 0.0, max: 6.0})
 *
 * Only convolutions that a chain links (the input or residual of one is the result of another), so that the reorders
 * are paid once per chain, not per convolution: a mobile network's inverted residual blocks (1x1 expand, depthwise,
 * 1x1 project + residual) run end to end in NCHW16c. One-pixel convolutions (squeeze-and-excitation's) stay as they
 * are: the NCHW kernel runs them as dot products; the block's global average pool of a blocked value and its
 * `scale * x` per channel become fx2c.nchwc_global_avg_pool (its result in NCHW, for those convolutions) and
 * fx2c.nchwc_scale (blocked, and a link of its chain), so that an EfficientNet block stays blocked end to end.
 * Max pools (fx2c.nchwc_max_pool) and concatenations of channels whose inputs but the last have a multiple of 16
 * channels (torch.cat of the blocks: squeezenet's fire modules) are links too.
 * A chain's stem, a dense convolution of an NCHW input of few channels (fxrt_conv2d_nchw_nchwc_supported: an image's),
 * reads its input as it is and writes NCHW16c: no reorder of the stem's large result.
 * Values that an in-place op writes (their storage's base) stay in NCHW: a blocked copy would not see the write. The
 * pass runs after winograd (whose 3x3 convolutions it leaves alone: Winograd's algorithm does fewer multiplies) and
 * before ewfuse.
 */
#include <stdio.h>
#include <string.h>

#include "passes.h"

#define ARG(in, name) (&(in)->args[fx_sig_find(fx_op_sig((fx_op)(in)->op), name)])

/* DENSE: a conv of an NCHW input of few channels (a stem); POOL: a global average pool; MAXPOOL: max_pool2d; CAT: a
 * concatenation of channels */
typedef enum { CONV, DENSE, SCALE, POOL, MAXPOOL, CAT } cand_kind;

typedef struct cand {
  cand_kind kind;
  uint32_t node, weight;     /* the node; a conv's weight's index in pm->w */
  uint32_t bias;             /* the bias weight's index when no node of the conv's args reads it, else FX_NONE_IDX */
  fx_value x, b, res;        /* graph values of the input, the bias (or None) and the residual (or None); a scale's
                                factors in b */
  int64_t c, k, kh, kw;
  fxrt_conv2d_params params;
  uint32_t in0, nin;         /* a concatenation's inputs: ins[in0 .. in0 + nin) of the pass's list */
  bool linked;               /* a chain links it to another candidate */
} cand;

/* The graph values of the concatenations' inputs. */
typedef struct cat_inputs {
  fx_value *v;
  uint32_t n, cap;
} cat_inputs;

/* Whether tensor argument v (or None) shares storage with one that an in-place op writes: its blocked copy would not
 * see the write. */
static bool written_tensor(const fx_program *p, const fx_value *v, const bool *written) {
  return v->kind == FX_V_TENSOR && written[p->tensors[v->v.node].base];
}

/* Whether node i is a convolution that the NCHW16c kernel computes. */
static bool qualifies(const fx_pass_manager *pm, uint32_t i, const bool *written, cand *cd) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if (in->op != FX_OP_CONVOLUTION && in->op != FX_OP_FUSED_CONV) return false;
  if (in->failed || in->inplace || in->result.kind != FX_V_TENSOR || in->args[0].kind != FX_V_TENSOR) return false;
  if (written_tensor(p, &in->args[0], written) || written_tensor(p, &in->result, written) ||
      (in->op == FX_OP_FUSED_CONV && written_tensor(p, ARG(in, "residual"), written)))
    return false;
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node], *ty = &p->tensors[in->result.v.node];
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  if (a->sp != 2 || !a->batched || a->transposed || a->pad_mode) return false;
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
  const bool dense = fxrt_conv2d_nchw_nchwc_supported(cd->c, cd->k, cd->kh, cd->kw, &cd->params);
  if (!dense && !fxrt_conv2d_nchwc_supported(cd->c, cd->k, cd->kh, cd->kw, &cd->params)) return false;
  cd->kind = dense ? DENSE : CONV, cd->node = i, cd->weight = wi, cd->linked = false;
  /* the input and residual must be nodes' results: to_nchwc reorders them */
  return fx_pass_conv_operands(pm, i, cd->k, &cd->x, &cd->b, &cd->bias, &cd->res) && cd->x.kind == FX_V_NODE &&
         (cd->res.kind == FX_V_NONE || cd->res.kind == FX_V_NODE);
}

/* Whether node i is squeeze-and-excitation's `scale * x` (either order): x an f32 [n, c, h, w] of more than one
 * pixel, scale [n or 1, c, 1, 1], the result x's shape; or its adaptive_avg_pool2d(x, 1). Both are rewritten when x
 * is blocked (a scale also links the chain it sits in: a depthwise convolution before it, a 1x1 after). */
static bool qualifies_se(const fx_pass_manager *pm, uint32_t i, const bool *written, cand *cd) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if ((in->op != FX_OP_MUL && in->op != FX_OP_ADAPTIVE_AVG_POOL) || in->failed || in->inplace ||
      in->result.kind != FX_V_TENSOR || written_tensor(p, &in->result, written))
    return false;
  const fx_tinfo *ty = &p->tensors[in->result.v.node];
  *cd = (cand){.kind = in->op == FX_OP_MUL ? SCALE : POOL, .node = i, .weight = FX_NONE_IDX, .bias = FX_NONE_IDX,
               .x = fx_value_none(), .b = fx_value_none(), .res = fx_value_none(), .linked = false};
  if (cd->kind == POOL) {
    const fx_value *xv = &in->args[0];
    if (xv->kind != FX_V_TENSOR || written_tensor(p, xv, written)) return false;
    const fx_tinfo *tx = &p->tensors[xv->v.node];
    if (tx->ndim != 4 || tx->dtype != FXRT_F32 || ty->ndim != 4 || ty->shape[2] != 1 || ty->shape[3] != 1 ||
        in->attrs->pool.sp != 2)
      return false;
    cd->c = tx->shape[1];
    return fx_pass_node_ref(p, i, xv->v.node, &cd->x);
  }
  if (ty->ndim != 4 || ty->dtype != FXRT_F32 || ty->shape[2] * ty->shape[3] == 1) return false;
  for (int j = 0; j < 2; j++) {
    const fx_value *xv = &in->args[j], *sv = &in->args[1 - j];
    if (xv->kind != FX_V_TENSOR || sv->kind != FX_V_TENSOR || written_tensor(p, xv, written) ||
        written_tensor(p, sv, written))
      return false;
    const fx_tinfo *tx = &p->tensors[xv->v.node], *ts = &p->tensors[sv->v.node];
    if (tx->ndim != 4 || tx->dtype != FXRT_F32 || memcmp(tx->shape, ty->shape, 4 * sizeof *ty->shape) ||
        ts->ndim != 4 || ts->dtype != FXRT_F32 || (ts->shape[0] != 1 && ts->shape[0] != ty->shape[0]) ||
        ts->shape[1] != ty->shape[1] || ts->shape[2] != 1 || ts->shape[3] != 1)
      continue;
    cd->c = ty->shape[1];
    return fx_pass_node_ref(p, i, xv->v.node, &cd->x) && fx_pass_node_ref(p, i, sv->v.node, &cd->b);
  }
  return false;
}

/* Whether node i is max_pool2d (no indices) of a batched f32 [n, c, h, w] input: in NCHW16c, fx2c.nchwc_max_pool. */
static bool qualifies_max_pool(const fx_pass_manager *pm, uint32_t i, const bool *written, cand *cd) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if (in->op != FX_OP_MAX_POOL || in->failed || in->inplace || in->result.kind != FX_V_TENSOR ||
      in->args[0].kind != FX_V_TENSOR || written_tensor(p, &in->result, written) ||
      written_tensor(p, &in->args[0], written))
    return false;
  const fx_tinfo *tx = &p->tensors[in->args[0].v.node], *ty = &p->tensors[in->result.v.node];
  const fx_pool_attrs *a = &in->attrs->pool; /* decoded by inference */
  if (a->sp != 2 || a->return_indices || tx->ndim != 4 || tx->dtype != FXRT_F32 || tx->shape[1] < 1 || ty->ndim != 4)
    return false;
  *cd = (cand){.kind = MAXPOOL, .node = i, .weight = FX_NONE_IDX, .bias = FX_NONE_IDX, .x = fx_value_none(),
               .b = fx_value_none(), .res = fx_value_none(), .c = tx->shape[1], .linked = false};
  return fx_pass_node_ref(p, i, in->args[0].v.node, &cd->x) && cd->x.kind == FX_V_NODE;
}

/* Whether node i is torch.cat of f32 [n, c_i, h, w] tensors (more than one pixel) along the channels, each c_i but the
 * last a multiple of 16: in NCHW16c it is a concatenation of the inputs' blocks (dim 1 of [n, cb, h, w, 16]). Its
 * inputs' graph values go to ins. */
static bool qualifies_cat(const fx_pass_manager *pm, uint32_t i, const bool *written, cand *cd, cat_inputs *ins) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  if (in->op != FX_OP_CAT || in->failed || in->inplace || in->result.kind != FX_V_TENSOR ||
      written_tensor(p, &in->result, written))
    return false;
  const fx_tinfo *ty = &p->tensors[in->result.v.node];
  const fx_value *xs = &in->args[0], *dv = ARG(in, "dim");
  if (ty->ndim != 4 || ty->dtype != FXRT_F32 || ty->shape[2] * ty->shape[3] == 1 || dv->kind != FX_V_INT ||
      (dv->v.i != 1 && dv->v.i != -3) || (xs->kind != FX_V_TUPLE && xs->kind != FX_V_LIST) || xs->n == 0)
    return false;
  *cd = (cand){.kind = CAT, .node = i, .weight = FX_NONE_IDX, .bias = FX_NONE_IDX, .x = fx_value_none(),
               .b = fx_value_none(), .res = fx_value_none(), .c = ty->shape[1], .in0 = ins->n, .nin = 0,
               .linked = false};
  if (ins->n + xs->n > ins->cap) {
    ins->cap = 2 * (ins->n + xs->n);
    ins->v = fx_xrealloc(ins->v, ins->cap * sizeof *ins->v);
  }
  for (uint32_t j = 0; j < xs->n; j++) {
    const fx_value *xv = &xs->u.items[j];
    if (xv->kind != FX_V_TENSOR || written_tensor(p, xv, written)) return false;
    const fx_tinfo *tx = &p->tensors[xv->v.node];
    if (tx->ndim != 4 || tx->dtype != FXRT_F32 || tx->shape[1] < 1 ||
        (j + 1 < xs->n && tx->shape[1] % FXRT_NCHWC_BLOCK != 0)) /* (an empty input has no blocks to reorder) */
      return false;
    fx_value *out = &ins->v[ins->n + j];
    if (!fx_pass_node_ref(p, i, xv->v.node, out) || out->kind != FX_V_NODE) return false;
  }
  cd->nin = xs->n;
  ins->n += xs->n;
  return true;
}

/* The packed weight of candidate cd (made once, shared by the convolutions that read the same weight): its name. */
static fx_str packed(fx_weights *w, const cand *cd, int64_t *saved) {
  const int64_t B = FXRT_NCHWC_BLOCK;
  const bool pointwise = cd->params.groups == 1;
  const int64_t shape[4] = {pointwise ? (cd->k + B - 1) / B : (cd->c + B - 1) / B,
                            pointwise ? cd->c * cd->kh * cd->kw : cd->kh, pointwise ? B : cd->kw, B};
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

/* Node i replaced by a call of `target` named NAME_nchwc. Its result is blocked when `channels` > 0: blk[i] is the new
 * node and the node's NCHW readers get from[i], a reorder back (erased at the end if nothing reads it). */
static void replace(fx_graph *g, fx_pass_stats *st, uint32_t i, const char *target, const fx_value *args,
                    uint32_t nargs, const fx_value *kw, uint32_t nk, int64_t channels, uint32_t *blk, uint32_t *from) {
  char nm[256];
  const fx_str old = g->nodes[i].name;
  snprintf(nm, sizeof nm, "%.*s_nchwc", (int)(old.n < 200 ? old.n : 200), old.p);
  fx_insert_point ip = fx_graph_inserting_before(g, i);
  const uint32_t f = fx_graph_create_node(g, FX_CALL_FUNCTION, fx_str_make(target, strlen(target)),
                                          fx_value_tuple(g, args, nargs), fx_value_container(g, FX_V_DICT, kw, nk),
                                          fx_str_make(nm, strlen(nm)), (fx_str){"", 0});
  fx_graph_restore_insert(g, ip);
  fx_node_absorb(g, f, i);
  uint32_t back = f;
  if (channels > 0) {
    back = reorder(g, false, fx_value_node(g, f), channels, i, i);
    blk[i] = f, from[i] = back;
  }
  fx_node_replace_all_uses_with(g, i, back);
  if (fx_graph_erase_node(g, i)) st->removed++;
}

static void rewrite(fx_pass_manager *pm, fx_pass_stats *st, const cand *cd, uint32_t *blk, uint32_t *to,
                    uint32_t *from) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  const fx_inst *in = &p->inst[cd->node];
  const uint32_t i = cd->node;
  fx_value args[7] = {cd->kind == DENSE ? cd->x : blocked_value(g, &cd->x, blk, to, i),
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
  replace(g, st, i, "fx2c.nchwc_conv", args, 7, kw, nk, cd->k, blk, from);
  st->nchwc++;
}

/* A scale of a blocked value: fx2c.nchwc_scale, its result blocked. */
static void rewrite_scale(fx_pass_manager *pm, fx_pass_stats *st, const cand *cd, uint32_t *blk, uint32_t *to,
                          uint32_t *from) {
  fx_graph *g = pm->p->g;
  fx_value args[2] = {blocked_value(g, &cd->x, blk, to, cd->node), cd->b}, kw[2];
  uint32_t nk = 0;
  fx_pass_kwarg(g, kw, &nk, "channels", fx_value_int(g, cd->c));
  replace(g, st, cd->node, "fx2c.nchwc_scale", args, 2, kw, nk, cd->c, blk, from);
  st->nchwc_se++;
}

/* A max pool: fx2c.nchwc_max_pool of the input's blocked value, its result blocked. */
static void rewrite_max_pool(fx_pass_manager *pm, fx_pass_stats *st, const cand *cd, uint32_t *blk, uint32_t *to,
                             uint32_t *from) {
  fx_graph *g = pm->p->g;
  const fx_pool_attrs *a = &pm->p->inst[cd->node].attrs->pool;
  fx_value args[6] = {blocked_value(g, &cd->x, blk, to, cd->node)}, kw[2], pair[2];
  const int64_t *v[4] = {a->kernel, a->stride, a->pad, a->dilation};
  for (int j = 0; j < 4; j++) {
    pair[0] = fx_value_int(g, v[j][0]), pair[1] = fx_value_int(g, v[j][1]);
    args[1 + j] = fx_value_tuple(g, pair, 2);
  }
  args[5] = fx_value_bool(a->ceil_mode);
  uint32_t nk = 0;
  fx_pass_kwarg(g, kw, &nk, "channels", fx_value_int(g, cd->c));
  replace(g, st, cd->node, "fx2c.nchwc_max_pool", args, 6, kw, nk, cd->c, blk, from);
  st->nchwc_cat++;
}

/* A concatenation of channels: torch.cat of the inputs' blocked values along the blocks, its result blocked. */
static void rewrite_cat(fx_pass_manager *pm, fx_pass_stats *st, const cand *cd, const cat_inputs *ins, uint32_t *blk,
                        uint32_t *to, uint32_t *from) {
  fx_graph *g = pm->p->g;
  fx_value *items = fx_xmalloc(cd->nin * sizeof *items);
  for (uint32_t j = 0; j < cd->nin; j++) items[j] = blocked_value(g, &ins->v[cd->in0 + j], blk, to, cd->node);
  fx_value args[2] = {fx_value_container(g, FX_V_LIST, items, cd->nin), fx_value_int(g, 1)}, kw[1];
  fx_xfree(items);
  replace(g, st, cd->node, "torch.cat", args, 2, kw, 0, cd->c, blk, from);
  st->nchwc_cat++;
}

/* The global average pool of a value that is blocked: fx2c.nchwc_global_avg_pool, its result in NCHW. */
static void rewrite_pool(fx_pass_manager *pm, fx_pass_stats *st, const cand *cd, uint32_t *blk, uint32_t *from) {
  fx_graph *g = pm->p->g;
  fx_value args[1] = {fx_value_node(g, blk[cd->x.v.node])}, kw[2];
  uint32_t nk = 0;
  fx_pass_kwarg(g, kw, &nk, "channels", fx_value_int(g, cd->c));
  replace(g, st, cd->node, "fx2c.nchwc_global_avg_pool", args, 1, kw, nk, 0, blk, from);
  st->nchwc_se++;
}

bool fx_pass_nchwc(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  if (!pm->w) return false;
  /* the candidates, in graph order (the weights' addresses are read here, before any is added) */
  const uint32_t nold = g->nnodes, nw = pm->w->n;
  uint32_t *left = fx_xcalloc(nw + 1, sizeof *left), *index = fx_xmalloc((nold + 1) * sizeof *index);
  bool *wwritten = fx_xcalloc(nw + 1, sizeof *wwritten), *written = fx_program_written_bases(p);
  fx_pass_weight_uses(p, pm->w, left, wwritten);
  cand *cs = NULL;
  cat_inputs ins = {NULL, 0, 0};
  uint32_t ncs = 0, cap = 0;
  for (uint32_t i = 0; i < nold; i++) index[i] = FX_NONE_IDX;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    cand cd;
    const uint32_t nins = ins.n;
    if (!(qualifies(pm, i, written, &cd) && !wwritten[cd.weight]) && !qualifies_se(pm, i, written, &cd) &&
        !qualifies_max_pool(pm, i, written, &cd) && !qualifies_cat(pm, i, written, &cd, &ins)) {
      ins.n = nins; /* a refused concatenation's inputs */
      continue;
    }
    if (ncs == cap) {
      cap = cap ? 2 * cap : 16;
      cs = fx_xrealloc(cs, cap * sizeof *cs);
    }
    index[i] = ncs;
    cs[ncs++] = cd;
  }
  /* linked: the input or the residual of a convolution or scale, or an input of a concatenation, is another's result
   * (pools link nothing: they are rewritten when their input is blocked) */
  for (uint32_t q = 0; q < ncs; q++) {
    if (cs[q].kind == POOL) continue;
    const fx_value *src[2] = {&cs[q].x, &cs[q].res};
    const uint32_t nsrc = cs[q].kind == CAT ? cs[q].nin : 2;
    for (uint32_t s = cs[q].kind == DENSE ? 1 : 0; s < nsrc; s++) { /* a stem reads x in NCHW */
      const fx_value *v = cs[q].kind == CAT ? &ins.v[cs[q].in0 + s] : src[s];
      if (v->kind == FX_V_NODE && v->v.node < nold && index[v->v.node] != FX_NONE_IDX &&
          cs[index[v->v.node]].kind != POOL)
        cs[q].linked = cs[index[v->v.node]].linked = true;
    }
  }
  /* blk[n]: the nchwc_conv that replaced conv node n; from[n]: its result back in NCHW; to[n]: the to_nchwc of node
   * n's result */
  uint32_t *blk = fx_xmalloc((nold + 1) * sizeof *blk), *to = fx_xmalloc((nold + 1) * sizeof *to),
           *from = fx_xmalloc((nold + 1) * sizeof *from);
  for (uint32_t i = 0; i < nold; i++) blk[i] = to[i] = from[i] = FX_NONE_IDX;
  uint32_t done = 0;
  for (uint32_t q = 0; q < ncs; q++) {
    if (cs[q].kind == POOL) {
      if (blk[cs[q].x.v.node] == FX_NONE_IDX) continue;
      rewrite_pool(pm, st, &cs[q], blk, from);
    } else if (!cs[q].linked) {
      continue;
    } else if (cs[q].kind == SCALE) {
      rewrite_scale(pm, st, &cs[q], blk, to, from);
    } else if (cs[q].kind == MAXPOOL) {
      rewrite_max_pool(pm, st, &cs[q], blk, to, from);
    } else if (cs[q].kind == CAT) {
      rewrite_cat(pm, st, &cs[q], &ins, blk, to, from);
    } else {
      left[cs[q].weight]--;
      rewrite(pm, st, &cs[q], blk, to, from);
    }
    done++;
  }
  for (uint32_t i = 0; i < nold; i++) /* the reorders back that nothing reads */
    if (from[i] != FX_NONE_IDX && g->nodes[from[i]].nusers == 0 && fx_graph_erase_node(g, from[i])) st->removed++;
  for (uint32_t q = 0; q < ncs; q++) /* the original weights that nothing reads any more */
    if ((cs[q].kind == CONV || cs[q].kind == DENSE) && cs[q].linked && left[cs[q].weight] == 0) {
      st->weight_bytes_saved += (int64_t)pm->w->tensors[cs[q].weight].nbytes;
      left[cs[q].weight] = UINT32_MAX; /* counted once */
    }
  fx_xfree(blk);
  fx_xfree(to);
  fx_xfree(from);
  fx_xfree(index);
  fx_xfree(left);
  fx_xfree(wwritten);
  fx_xfree(written);
  fx_xfree(cs);
  fx_xfree(ins.v);
  return done > 0;
}
