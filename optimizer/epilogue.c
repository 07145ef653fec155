/* epilogue.c: epilogue fusion. A 2-d or 1-d convolution or a linear (any spelling: module, function, aten) whose
 * only user adds a tensor of its shape (the residual; alpha 1) and/or whose result's only user is an activation
 * becomes one fx2c.fused_conv / fx2c.fused_linear node (ops.def), which the kernels compute as
 *     y = act(conv(x) + bias + residual)
 * in one pass over the output: the sum and the activation never go through memory. The bias is the conv's own (and,
 * after bnfold, the folded BatchNorm's). The fused node stands where the last node of the group stood (the residual
 * may be computed after the conv); so that moving the conv there is sound, no in-place op may run in between. An
 * add that writes into the residual's storage (residual += conv) is not fused: later readers of that storage would
 * miss the sum. Module weights become get_attr nodes of their state_dict names, so the graph stays plain FX text:
 *
 *     %layer1_0_conv2_fused : [#users=1] = call_function[target=fx2c.fused_conv](args = (%layer1_0_relu,
 *         %layer1_0_conv2_weight, %layer1_0_conv2_bias), kwargs = {stride: (1, 1), padding: (1, 1),
 *         dilation: (1, 1), groups: 1, residual: %maxpool, activation: relu})
 *
 * aten's linear, addmm(bias, x, weight_t) with beta = alpha = 1 and a bias of one row, becomes an fx2c.fused_linear
 * with weight_layout 'kn' even with nothing to fuse (the bias is then added as the tiles are finished, not in a pass of its
 * own); its activation may follow a reshape (make_fx's addmm, view, gelu), which then reshapes the fused node.
 */
#include <stdio.h>
#include <string.h>

#include "passes.h"

/* The pass's state: nodes made here (index made.nold and up) have no fx_inst; made records what they compute. */
typedef struct {
  fx_pass_manager *pm;
  fx_made_nodes made;
} ep_state;

static uint32_t sole_user(const fx_graph *g, uint32_t n) { return g->nodes[n].nusers == 1 ? g->nodes[n].users[0] : FX_NONE_IDX; }

static bool tensor_is(const fx_value *v, uint32_t t) { return v->kind == FX_V_TENSOR && v->v.node == t; }

#define ARG(in, op, name) (&(in)->args[fx_sig_find(fx_op_sig(op), name)])

typedef struct {
  int act;             /* index in fx_epilogue_acts */
  bool has_slope, has_min, has_max;
  double slope, min, max;
} act_spec;

/* Node u as an activation of tensor t that an epilogue computes. At -Os (fx_program.small) only the clamps that the
 * compact kernels apply (relu, relu6, hardtanh, clamp): any other activation stays a node of its own, an elementwise
 * loop, so that the convolution or linear layer keeps its compact kernel (the general ones with an activation link
 * fxrt_act_apply and, through it, libm's erff, tanhf, expf ...). */
static bool any_activation(const fx_program *p, uint32_t u, uint32_t t, act_spec *a);
static bool as_activation(const fx_program *p, uint32_t u, uint32_t t, act_spec *a) {
  return any_activation(p, u, t, a) && (!p->small || a->act <= FXRT_ACT_CLAMP);
}
static bool any_activation(const fx_program *p, uint32_t u, uint32_t t, act_spec *a) {
  const fx_inst *in = &p->inst[u];
  memset(a, 0, sizeof *a);
  if (in->op < 0 || in->failed || !tensor_is(&in->args[0], t) || in->result.kind != FX_V_TENSOR ||
      p->tensors[in->result.v.node].dtype != FXRT_F32)
    return false;
  fx_op op = (fx_op)in->op;
  switch (op) {
  case FX_OP_RELU: a->act = 1; return true;
  case FX_OP_RELU6: a->act = 2; return true;
  case FX_OP_SIGMOID: a->act = 5; return true;
  case FX_OP_TANH: a->act = 6; return true;
  case FX_OP_SILU: a->act = 7; return true;
  case FX_OP_HARDSWISH: a->act = 8; return true;
  case FX_OP_HARDSIGMOID: a->act = 9; return true;
  case FX_OP_GELU:
    if (fx_value_str_is(ARG(in, op, "approximate"), "none")) a->act = 10;
    else if (fx_value_str_is(ARG(in, op, "approximate"), "tanh")) a->act = 11;
    else return false;
    return true;
  case FX_OP_LEAKY_RELU:
    a->act = 4;
    return (a->has_slope = fx_value_number(ARG(in, op, "negative_slope"), &a->slope));
  case FX_OP_HARDTANH:
    a->act = 3;
    a->has_min = a->has_max = true;
    return fx_value_number(ARG(in, op, "min_val"), &a->min) && fx_value_number(ARG(in, op, "max_val"), &a->max);
  case FX_OP_CLAMP: {
    const fx_value *lo = ARG(in, op, "min"), *hi = ARG(in, op, "max");
    a->act = 3;
    a->has_min = lo->kind != FX_V_NONE;
    a->has_max = hi->kind != FX_V_NONE;
    if ((a->has_min && !fx_value_number(lo, &a->min)) || (a->has_max && !fx_value_number(hi, &a->max))) return false;
    return a->has_min || a->has_max;
  }
  default: return false;
  }
}

/* The graph value for the bound tensor arg of node n (fx_pass_arg_value); a get_attr it makes goes to made[*nmade]. */
static bool graph_value(ep_state *s, uint32_t n, const fx_value *arg, fx_value *out, uint32_t *made, int *nmade) {
  uint32_t ga;
  if (!fx_pass_arg_value(s->pm, n, arg, fx_made_result, &s->made, out, &ga)) return false;
  if (ga != FX_NONE_IDX) {
    fx_made_note(&s->made, ga, FX_NONE_IDX);
    made[(*nmade)++] = ga;
  }
  return true;
}

/* Whether addmm node in is a linear layer: addmm(bias, x, weight_t) with beta = alpha = 1, x [m, k], weight_t [k, n]
 * and bias [n], all f32 (aten's spelling of linear: fused_linear with weight_layout 'kn'). */
static bool addmm_as_linear(const fx_program *p, const fx_inst *in) {
  double beta = 0, alpha = 0;
  if (!fx_value_number(ARG(in, FX_OP_ADDMM, "beta"), &beta) || !fx_value_number(ARG(in, FX_OP_ADDMM, "alpha"), &alpha) ||
      beta != 1 || alpha != 1)
    return false;
  for (int a = 0; a < 3; a++)
    if (in->args[a].kind != FX_V_TENSOR || p->tensors[in->args[a].v.node].dtype != FXRT_F32) return false;
  const fx_tinfo *b = &p->tensors[in->args[0].v.node], *x = &p->tensors[in->args[1].v.node],
                 *w = &p->tensors[in->args[2].v.node];
  return x->ndim == 2 && w->ndim == 2 && b->ndim == 1 && b->shape[0] == w->shape[1];
}

/* Whether node u only reshapes tensor t (a view of the same elements in the same order). */
static bool is_reshape(const fx_program *p, uint32_t u, uint32_t t) {
  const fx_inst *in = &p->inst[u];
  if (in->op < 0 || in->failed || in->inplace || !tensor_is(&in->args[0], t) || in->result.kind != FX_V_TENSOR) return false;
  switch ((fx_op)in->op) {
  case FX_OP_VIEW:
  case FX_OP_FLATTEN:
  case FX_OP_UNFLATTEN:
  case FX_OP_SQUEEZE:
  case FX_OP_UNSQUEEZE:
  case FX_OP_VIEW_AS: return true;
  default: return false;
  }
}

bool fx_pass_epilogue(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  const uint32_t nold = g->nnodes; /* nodes made here have no fx_inst: never visited */
  ep_state S = {pm, {0}};
  fx_made_init(&S.made, p);
  bool changed = false;
  for (uint32_t i = g->first, next; i != FX_NONE_IDX; i = next) {
    next = g->nodes[i].next;
    if (i >= nold) continue; /* made by this pass */
    const fx_inst *in = &p->inst[i];
    if (in->op < 0 || in->failed || in->result.kind != FX_V_TENSOR || in->args[0].kind != FX_V_TENSOR) continue;
    fx_op op = (fx_op)in->op;
    const bool conv = op == FX_OP_CONVOLUTION, mm = op == FX_OP_ADDMM;
    if (!conv && op != FX_OP_LINEAR && !(mm && addmm_as_linear(p, in))) continue;
    if (conv) {
      const fx_value *tr = ARG(in, op, "transposed");
      if (tr->kind != FX_V_BOOL || tr->v.i) continue;
      if (!in->attrs || in->attrs->conv.pad_mode) continue; /* fused_conv pads with zeros only */
    }
    uint32_t y = in->result.v.node;
    const fx_tinfo *ty = &p->tensors[y];
    if (ty->dtype != FXRT_F32 || p->tensors[in->args[0].v.node].dtype != FXRT_F32) continue;
    /* the group: this node, an add of a residual, an activation */
    uint32_t add = FX_NONE_IDX, act = FX_NONE_IDX, last = i, cur = y;
    const fx_value *residual = NULL;
    act_spec spec = {0, false, false, false, 0, 0, 0};
    uint32_t u = sole_user(g, i);
    if (u != FX_NONE_IDX && u < nold && p->inst[u].op == FX_OP_ADD && !p->inst[u].failed) {
      const fx_inst *a = &p->inst[u];
      const fx_value *x0 = &a->args[0], *x1 = &a->args[1], *other = tensor_is(x0, y) ? x1 : x0;
      double alpha = 0;
      if ((tensor_is(x0, y) || tensor_is(x1, y)) && other->kind == FX_V_TENSOR && other->v.node != y &&
          fx_value_number(ARG(a, FX_OP_ADD, "alpha"), &alpha) && alpha == 1 && (!a->inplace || tensor_is(x0, y)) &&
          a->result.kind == FX_V_TENSOR) {
        const fx_tinfo *to = &p->tensors[other->v.node];
        if (to->dtype == FXRT_F32 && to->ndim == ty->ndim &&
            !memcmp(to->shape, ty->shape, (size_t)ty->ndim * sizeof *ty->shape) &&
            p->tensors[a->result.v.node].dtype == FXRT_F32) {
          add = last = u;
          residual = other;
          cur = a->result.v.node;
        }
      }
    }
    u = sole_user(g, last);
    if (u != FX_NONE_IDX && u < nold && as_activation(p, u, cur, &spec)) act = last = u;
    /* a linear's activation after a reshape (aten's addmm, view, gelu): the reshape of the fused node */
    uint32_t view = FX_NONE_IDX;
    if (last == i && !conv && (u = sole_user(g, i)) != FX_NONE_IDX && u < nold && is_reshape(p, u, y)) {
      const uint32_t v = sole_user(g, u);
      if (v != FX_NONE_IDX && v < nold && as_activation(p, v, p->inst[u].result.v.node, &spec)) view = u, act = v;
    }
    if (last == i && act == FX_NONE_IDX && !mm) continue;
    /* nothing in between writes in place (the conv moves down to `last`) */
    bool clean = true;
    for (uint32_t k = last == i ? last : g->nodes[i].next; k != last && clean; k = g->nodes[k].next)
      clean = k >= nold || k == add || p->inst[k].op < 0 || !p->inst[k].inplace;
    if (!clean) continue;

    fx_insert_point ip = fx_graph_inserting_before(g, last);
    fx_value args[3], kw[2 * 10], res = fx_value_none();
    uint32_t made[4];
    int nmade = 0;
    /* addmm(bias, x, weight_t) */
    const fx_value *ax = mm ? &in->args[1] : &in->args[0], *aw = mm ? &in->args[2] : ARG(in, op, "weight"),
                   *ab = mm ? &in->args[0] : ARG(in, op, "bias");
    bool ok = graph_value(&S, i, ax, &args[0], made, &nmade) && graph_value(&S, i, aw, &args[1], made, &nmade) &&
              graph_value(&S, i, ab, &args[2], made, &nmade) &&
              (!residual || graph_value(&S, add, residual, &res, made, &nmade));
    if (!ok) { /* a value with no name in the graph (never with the zoo's spellings) */
      while (nmade) fx_graph_erase_node(g, made[--nmade]);
      fx_graph_restore_insert(g, ip);
      continue;
    }
    uint32_t nk = 0;
    if (conv) {
      static const char *const keep[] = {"stride", "padding", "dilation", "groups"};
      for (int k = 0; k < 4; k++) fx_pass_kwarg(g, kw, &nk, keep[k], fx_value_copy(g, ARG(in, op, keep[k]), NULL, NULL));
    }
    if (residual) fx_pass_kwarg(g, kw, &nk, "residual", res);
    const char *aname = fx_epilogue_acts[spec.act];
    fx_pass_kwarg(g, kw, &nk, "activation", fx_value_str(g, fx_str_make(aname, strlen(aname))));
    if (spec.has_slope) fx_pass_kwarg(g, kw, &nk, "negative_slope", fx_value_float(g, spec.slope));
    if (spec.has_min) fx_pass_kwarg(g, kw, &nk, "min", fx_value_float(g, spec.min));
    if (spec.has_max) fx_pass_kwarg(g, kw, &nk, "max", fx_value_float(g, spec.max));
    if (mm) fx_pass_kwarg(g, kw, &nk, "weight_layout", fx_value_str(g, FX_STR_LIT("kn")));
    const char *target = conv ? "fx2c.fused_conv" : "fx2c.fused_linear";
    char nm[256]; /* the conv's name, with _fused */
    snprintf(nm, sizeof nm, "%.*s_fused", (int)(g->nodes[i].name.n < 200 ? g->nodes[i].name.n : 200), g->nodes[i].name.p);
    fx_str name = fx_str_make(nm, strlen(nm));
    uint32_t f = fx_graph_create_node(g, FX_CALL_FUNCTION, fx_str_make(target, strlen(target)),
                                      fx_value_tuple(g, args, 3), fx_value_container(g, FX_V_DICT, kw, nk), name,
                                      (fx_str){"", 0});
    fx_graph_restore_insert(g, ip);
    g->nodes[f].loc = g->nodes[i].loc; /* the conv's or linear's, whose name it takes: diagnostics and debug info */
    /* go on after the conv, at the first node the group leaves in place (the nodes in between come first) */
    while (next != FX_NONE_IDX && (next == add || next == act || next >= nold)) next = g->nodes[next].next;
    fx_node_absorb(g, f, i);
    if (add != FX_NONE_IDX) fx_node_absorb(g, f, add);
    if (act != FX_NONE_IDX) fx_node_absorb(g, f, act);
    if (view != FX_NONE_IDX) { /* f where the linear was; the reshape reads it and stands for the activation */
      fx_made_note(&S.made, f, FX_NONE_IDX);
      fx_node_replace_all_uses_with(g, i, f);
      fx_node_replace_all_uses_with(g, act, view);
    } else {
      fx_made_note(&S.made, f, p->inst[last].result.v.node);
      fx_node_replace_all_uses_with(g, last, f);
    }
    uint32_t group[3] = {act, add, i};
    for (int k = 0; k < 3; k++)
      if (group[k] != FX_NONE_IDX && fx_graph_erase_node(g, group[k])) st->removed++;
    st->fused++;
    changed = true;
  }
  fx_made_free(&S.made);
  return changed;
}
