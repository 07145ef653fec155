/* padfold.c: padding folded into the convolution or pooling that follows it. F.pad (or nn.ZeroPad2d,
 * nn.ConstantPad2d, aten.constant_pad_nd) in constant mode, whose only user is
 *   - a 2-d or 1-d convolution reading it as its input (batched or not), with zeros: the conv pads instead. Its
 *     padding may then differ before and after the input (TensorFlow's "same" padding, F.pad(x, (0, 1, 0, 1))
 *     before a stride-2 conv), which fx2c.fused_conv's padding_end says (runtime: fxrt_conv2d_params.pad_extra):
 *         %pad : = call_function[target=torch.nn.functional.pad](args = (%x, (0, 1, 0, 1)), kwargs = {})
 *         %conv : = call_module[target=conv](args = (%pad,), kwargs = {})
 *     becomes
 *         %conv_padded : = call_function[target=fx2c.fused_conv](args = (%x, %conv_weight, %conv_bias),
 *             kwargs = {stride: (2, 2), padding: (0, 0), dilation: (1, 1), groups: 1, padding_end: (1, 1)})
 *   - a 2-d max pool (without indices) with -inf, or an average pool that counts the padding (count_include_pad,
 *     no divisor_override) with zeros, when the padding is the same on both sides of each dimension and stays within
 *     half the kernel (torch's limit): the pool pads instead, as F.max_pool2d / F.avg_pool2d with every argument
 *     spelled out (on a batch of images or one unbatched image, as the pool read it). Pools with ceil_mode are left
 *     alone (their last window is clipped differently).
 * The pad's tensor is never built: one pass over the activation less, and its buffer less in the arena. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "passes.h"

#define ARG(in, op, name) (&(in)->args[fx_sig_find(fx_op_sig(op), name)])

typedef struct {
  fx_pass_manager *pm;
  fx_made_nodes made; /* what the nodes made here compute */
} pf_state;

static fx_value int_tuple(fx_graph *g, const int64_t *v, int n) {
  fx_value items[2];
  for (int i = 0; i < n; i++) items[i] = fx_value_int(g, v[i]);
  return fx_value_tuple(g, items, (uint32_t)n);
}

/* How many times v refers to node m. */
static int refs_to(const fx_value *v, uint32_t m) {
  if (v->kind == FX_V_NODE) return v->v.node == m;
  int k = 0;
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++) k += refs_to(&v->u.items[i], m);
  return k;
}

/* The pad of node `pad`: its begin and end padding for the last `sp` dimensions (begin[0] the first of them), and
 * its fill value. False if it pads other dimensions, crops, or is not constant-mode. */
static bool pad_amounts(const fx_program *p, uint32_t pad, int sp, int64_t *begin, int64_t *end, double *value) {
  const fx_inst *in = &p->inst[pad];
  if (in->op != FX_OP_PAD || in->failed || in->inplace || in->result.kind != FX_V_TENSOR ||
      in->args[0].kind != FX_V_TENSOR || p->tensors[in->result.v.node].dtype != FXRT_F32)
    return false;
  const fx_value *pv = ARG(in, FX_OP_PAD, "pad"), *mode = ARG(in, FX_OP_PAD, "mode"), *val = ARG(in, FX_OP_PAD, "value");
  if (!fx_value_str_is(mode, "constant")) return false;
  *value = 0;
  if (val->kind != FX_V_NONE && !fx_value_number(val, value)) return false;
  if ((pv->kind != FX_V_TUPLE && pv->kind != FX_V_LIST) || pv->n % 2 || pv->n == 0) return false;
  for (int i = 0; i < sp; i++) begin[i] = end[i] = 0;
  for (uint32_t k = 0; k < pv->n; k++) {
    const fx_value *e = &pv->u.items[k];
    if (e->kind != FX_V_INT || e->v.i < 0) return false;
    int dim = sp - 1 - (int)(k / 2); /* pads list the last dimension first */
    if (dim < 0) {
      if (e->v.i != 0) return false;
      continue;
    }
    (k % 2 ? end : begin)[dim] = e->v.i;
  }
  return true;
}

/* The new node `target`(args, kwargs) takes the place of the pad's user u; u and the pad go. */
static void replace_pair(pf_state *s, uint32_t pad, uint32_t u, const char *target, const fx_value *args, uint32_t nargs,
                         const fx_value *kw, uint32_t nk, fx_pass_stats *st) {
  fx_graph *g = s->pm->p->g;
  char nm[256];
  snprintf(nm, sizeof nm, "%.*s_padded", (int)(g->nodes[u].name.n < 200 ? g->nodes[u].name.n : 200), g->nodes[u].name.p);
  uint32_t f = fx_graph_create_node(g, FX_CALL_FUNCTION, fx_str_make(target, strlen(target)), fx_value_tuple(g, args, nargs),
                                    fx_value_container(g, FX_V_DICT, kw, nk), fx_str_make(nm, strlen(nm)), (fx_str){"", 0});
  g->nodes[f].loc = g->nodes[u].loc; /* u's, whose name it takes: diagnostics and debug info */
  fx_made_note(&s->made, f, s->pm->p->inst[u].result.v.node);
  fx_node_absorb(g, f, pad);
  fx_node_absorb(g, f, u);
  fx_node_replace_all_uses_with(g, u, f);
  if (fx_graph_erase_node(g, u)) st->removed++;
  if (fx_graph_erase_node(g, pad)) st->removed++;
  st->fused++;
}

/* pad -> convolution: a fused_conv reading the pad's input. */
static bool fold_into_conv(pf_state *s, uint32_t pad, uint32_t u, fx_pass_stats *st) {
  fx_program *p = s->pm->p;
  fx_graph *g = p->g;
  const fx_inst *in = &p->inst[u];
  fx_op op = (fx_op)in->op;
  const fx_conv_attrs *a = &in->attrs->conv; /* decoded by inference */
  if (a->transposed || in->args[0].kind != FX_V_TENSOR) return false; /* batched or not: fused_conv takes both */
  if (a->sp > 2) return false; /* the 3-d kernel pads symmetrically only */
  if (a->pad_mode) return false; /* its padding is not zeros */
  const fx_value *w = ARG(in, op, "weight");
  if (w->kind != FX_V_TENSOR) return false;
  const int sp = a->sp;
  int64_t begin[2], end[2], pad0[2], pad1[2];
  double value;
  if (!pad_amounts(p, pad, sp, begin, end, &value) || value != 0) return false;
  for (int i = 0; i < sp; i++) {
    pad0[i] = a->pad[i] + begin[i];
    pad1[i] = a->pad_end[i] + end[i];
  }
  fx_insert_point ip = fx_graph_inserting_before(g, u);
  fx_value args[3], res = fx_value_none();
  uint32_t made[4], nmade = 0, m;
  bool ok = true;
  const fx_value *argsrc[3] = {&p->inst[pad].args[0], w, ARG(in, op, "bias")};
  for (int k = 0; k < 3 && ok; k++) {
    ok = fx_pass_arg_value(s->pm, k == 0 ? pad : u, argsrc[k], fx_made_result, &s->made, &args[k], &m);
    if (m != FX_NONE_IDX) fx_made_note(&s->made, made[nmade++] = m, FX_NONE_IDX);
  }
  if (ok && op == FX_OP_FUSED_CONV) {
    ok = fx_pass_arg_value(s->pm, u, ARG(in, op, "residual"), fx_made_result, &s->made, &res, &m);
    if (m != FX_NONE_IDX) fx_made_note(&s->made, made[nmade++] = m, FX_NONE_IDX);
  }
  if (!ok) {
    while (nmade) fx_graph_erase_node(g, made[--nmade]);
    fx_graph_restore_insert(g, ip);
    return false;
  }
  fx_value kw[2 * 12];
  uint32_t nk = 0;
  static const char *const keep[] = {"stride", "dilation", "groups"};
  fx_pass_kwarg(g, kw, &nk, "padding", int_tuple(g, pad0, sp));
  for (int k = 0; k < 3; k++) fx_pass_kwarg(g, kw, &nk, keep[k], fx_value_copy(g, ARG(in, op, keep[k]), NULL, NULL));
  if (op == FX_OP_FUSED_CONV) {
    static const char *const ep[] = {"activation", "negative_slope", "min", "max"};
    if (res.kind != FX_V_NONE) fx_pass_kwarg(g, kw, &nk, "residual", res);
    for (int k = 0; k < 4; k++) fx_pass_kwarg(g, kw, &nk, ep[k], fx_value_copy(g, ARG(in, op, ep[k]), NULL, NULL));
  }
  fx_pass_kwarg(g, kw, &nk, "padding_end", int_tuple(g, pad1, sp));
  replace_pair(s, pad, u, "fx2c.fused_conv", args, 3, kw, nk, st);
  fx_graph_restore_insert(g, ip);
  return true;
}

/* pad -> max_pool / avg_pool: the functional pool with the padding added. */
static bool fold_into_pool(pf_state *s, uint32_t pad, uint32_t u, fx_pass_stats *st) {
  fx_program *p = s->pm->p;
  fx_graph *g = p->g;
  const fx_inst *in = &p->inst[u];
  fx_op op = (fx_op)in->op;
  if (in->args[0].kind != FX_V_TENSOR || in->result.kind != FX_V_TENSOR) return false;
  const fx_pool_attrs *a = &in->attrs->pool; /* decoded by inference: a 2-d pool takes [n, c, h, w] or [c, h, w] */
  int64_t begin[2], end[2], padding[2];
  double value;
  if (a->sp != 2 || !pad_amounts(p, pad, 2, begin, end, &value) || begin[0] != end[0] || begin[1] != end[1]) return false;
  if (a->ceil_mode) return false;
  if (op == FX_OP_MAX_POOL) {
    if (value != -INFINITY || a->return_indices) return false;
  } else {
    if (value != 0 || !a->count_include_pad || a->divisor_override) return false;
  }
  for (int i = 0; i < 2; i++) {
    padding[i] = a->pad[i] + begin[i];
    if (padding[i] > a->kernel[i] / 2) return false;
  }
  fx_insert_point ip = fx_graph_inserting_before(g, u);
  fx_value x;
  uint32_t m;
  if (!fx_pass_arg_value(s->pm, pad, &p->inst[pad].args[0], fx_made_result, &s->made, &x, &m)) {
    fx_graph_restore_insert(g, ip);
    return false;
  }
  if (m != FX_NONE_IDX) fx_made_note(&s->made, m, FX_NONE_IDX);
  fx_value kw[2 * 6];
  uint32_t nk = 0;
  fx_pass_kwarg(g, kw, &nk, "kernel_size", int_tuple(g, a->kernel, 2));
  fx_pass_kwarg(g, kw, &nk, "stride", int_tuple(g, a->stride, 2));
  fx_pass_kwarg(g, kw, &nk, "padding", int_tuple(g, padding, 2));
  if (op == FX_OP_MAX_POOL) fx_pass_kwarg(g, kw, &nk, "dilation", fx_value_copy(g, ARG(in, op, "dilation"), NULL, NULL));
  fx_pass_kwarg(g, kw, &nk, "ceil_mode", fx_value_bool(false));
  if (op == FX_OP_AVG_POOL) fx_pass_kwarg(g, kw, &nk, "count_include_pad", fx_value_bool(true));
  replace_pair(s, pad, u, op == FX_OP_MAX_POOL ? "torch.nn.functional.max_pool2d" : "torch.nn.functional.avg_pool2d", &x, 1,
               kw, nk, st);
  fx_graph_restore_insert(g, ip);
  return true;
}

bool fx_pass_padfold(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  pf_state s = {pm, {0}};
  fx_made_init(&s.made, p);
  bool changed = false;
  for (uint32_t i = g->first, next; i != FX_NONE_IDX; i = next) {
    next = g->nodes[i].next;
    if (i >= s.made.nold || p->inst[i].op != FX_OP_PAD || g->nodes[i].nusers != 1) continue;
    uint32_t u = g->nodes[i].users[0];
    if (u >= s.made.nold || p->inst[u].failed || p->inst[u].op < 0) continue;
    /* the user reads the pad once, as its input, and nothing in between writes in place (the pad's input is read
     * where the user stands) */
    const fx_inst *in = &p->inst[u];
    if (in->args[0].kind != FX_V_TENSOR || in->args[0].v.node != p->inst[i].result.v.node ||
        refs_to(&g->nodes[u].args, i) + refs_to(&g->nodes[u].kwargs, i) != 1)
      continue;
    bool clean = true;
    for (uint32_t k = g->nodes[i].next; k != u && clean; k = g->nodes[k].next)
      clean = k >= s.made.nold || p->inst[k].op < 0 || !p->inst[k].inplace;
    if (!clean) continue;
    const uint32_t after = g->nodes[u].next;
    bool done = false;
    switch ((fx_op)in->op) {
    case FX_OP_CONVOLUTION:
    case FX_OP_FUSED_CONV: done = fold_into_conv(&s, i, u, st); break;
    case FX_OP_MAX_POOL:
    case FX_OP_AVG_POOL: done = fold_into_pool(&s, i, u, st); break;
    default: break;
    }
    if (done) {
      changed = true;
      if (next == u) next = after; /* the nodes between the pad and its user are still to visit */
    }
  }
  fx_made_free(&s.made);
  return changed;
}
