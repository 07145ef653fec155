/* ewfuse.c: elementwise fusion. A chain or tree of f32 elementwise ops (the runtime's unary ops and add, sub, rsub,
 * mul, div, pow, maximum, minimum, with broadcasting and Python numbers) becomes one fx2c.pointwise node
 * (ir/pointwise.h), which the interpreter runs as one kernel and the backends as one loop: the intermediate results
 * never go through memory.
 *
 *     %mul : [#users=1] = call_function[target=operator.mul](args = (%x, 2.0), kwargs = {})
 *     %add : [#users=1] = call_function[target=operator.add](args = (%mul, %y), kwargs = {})
 *     %relu : [#users=1] = call_function[target=torch.relu](args = (%add,), kwargs = {})
 * becomes
 *     %relu_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (relu(add(mul(%x, 2.0), %y)),), kwargs = {})
 *
 * Groups grow from their last node (the root) up through the producers of its operands. A producer joins when
 * its only user is the member that reads it (once), its result has the root's shape (an op on a smaller,
 * broadcast operand is computed once, outside, rather than at every element of the result), nothing between it
 * and the root writes in place (the group is computed where the root stood), and the group stays within the
 * runtime's limits (FXRT_PW_MAX_INSNS operations, FXRT_PW_MAX_INPUTS tensors). A group of one op is left as it
 * is, except at -Os (fx_program.small), where it becomes a loop of its own too: the program then calls no general
 * elementwise kernel (fxrt_binary, fxrt_unary_f32: every dtype's and op's row, most of libm). Every member's
 * operands and result are f32. Each op is computed as the unfused kernel computes it (runtime/fxrt_scalar.h), so
 * fused and unfused programs agree; add(x, y, alpha=a) becomes add(x, mul(y, a)). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../ir/pointwise.h"
#include "passes.h"

#define ARG(in, op, name) (&(in)->args[fx_sig_find(fx_op_sig(op), name)])

/* What a node computes, as an expression function: its name, its operands (bound args: tensors or numbers) and
 * its numeric parameters (NaN-free doubles; clamp's missing bounds as None). */
typedef struct {
  const char *name;
  const fx_value *operand[2];
  int noperands;
  fx_value param[3]; /* FX_V_FLOAT, or FX_V_NONE (clamp without a bound) */
  int nparams;
  bool has_alpha;
  double alpha;
} ew_desc;

static bool f32_tensor(const fx_program *p, const fx_value *v) {
  return v->kind == FX_V_TENSOR && p->tensors[v->v.node].dtype == FXRT_F32;
}

/* A numeric parameter: the argument's value, or dflt when it is None (dflt NaN: None is not accepted). */
static bool param(fx_graph *g, const fx_value *v, double dflt, fx_value *out) {
  double x;
  if (v->kind == FX_V_NONE) {
    if (dflt != dflt) return false;
    x = dflt;
  } else if (!fx_value_number(v, &x)) {
    return false;
  }
  *out = fx_value_float(g, x);
  return true;
}

/* Node n as an expression function, if it is an elementwise op that fusion handles. */
static bool describe(const fx_program *p, uint32_t n, ew_desc *d) {
  const fx_inst *in = &p->inst[n];
  fx_graph *g = p->g;
  memset(d, 0, sizeof *d);
  if (in->op < 0 || in->failed || !in->work || in->inplace || !f32_tensor(p, &in->result)) return false;
  fx_op op = (fx_op)in->op;
  unsigned flags = fx_op_flags(op);
  if (flags & FX_OPF_UNARY) {
    fxrt_unary_op u;
    if (!fx_op_unary_kernel(op, &u) || !f32_tensor(p, &in->args[0])) return false;
    d->name = fx_unary_op_name(u);
    d->operand[0] = &in->args[0];
    d->noperands = 1;
    switch (op) {
    case FX_OP_LEAKY_RELU: d->nparams = 1; return param(g, ARG(in, op, "negative_slope"), 0.01, &d->param[0]);
    case FX_OP_ELU:
      d->nparams = 3;
      return param(g, ARG(in, op, "alpha"), 1, &d->param[0]) && param(g, ARG(in, op, "scale"), 1, &d->param[1]) &&
             param(g, ARG(in, op, "input_scale"), 1, &d->param[2]);
    case FX_OP_GELU:
      if (fx_value_str_is(ARG(in, op, "approximate"), "tanh")) d->name = "gelu_tanh";
      else if (!fx_value_str_is(ARG(in, op, "approximate"), "none")) return false;
      return true;
    case FX_OP_HARDTANH:
      d->nparams = 2;
      return param(g, ARG(in, op, "min_val"), -1, &d->param[0]) && param(g, ARG(in, op, "max_val"), 1, &d->param[1]);
    case FX_OP_CLAMP: {
      const fx_value *lo = ARG(in, op, "min"), *hi = ARG(in, op, "max");
      d->nparams = 2;
      if (lo->kind == FX_V_NONE && hi->kind == FX_V_NONE) return false;
      d->param[0] = d->param[1] = fx_value_none();
      return (lo->kind == FX_V_NONE || param(g, lo, NAN, &d->param[0])) &&
             (hi->kind == FX_V_NONE || param(g, hi, NAN, &d->param[1]));
    }
    case FX_OP_SOFTPLUS:
      d->nparams = 2;
      return param(g, ARG(in, op, "beta"), 1, &d->param[0]) && param(g, ARG(in, op, "threshold"), 20, &d->param[1]);
    case FX_OP_HARDSHRINK:
    case FX_OP_SOFTSHRINK: d->nparams = 1; return param(g, ARG(in, op, "lambd"), 0.5, &d->param[0]);
    case FX_OP_THRESHOLD:
      d->nparams = 2;
      return param(g, ARG(in, op, "threshold"), NAN, &d->param[0]) && param(g, ARG(in, op, "value"), NAN, &d->param[1]);
    case FX_OP_LOGIT:
      d->nparams = 1;
      d->param[0] = fx_value_none();
      return ARG(in, op, "eps")->kind == FX_V_NONE || param(g, ARG(in, op, "eps"), NAN, &d->param[0]);
    case FX_OP_CELU: {
      double alpha;
      if (!fx_value_number(ARG(in, op, "alpha"), &alpha)) return false;
      d->nparams = 3;
      d->param[0] = fx_value_float(g, alpha);
      d->param[1] = fx_value_float(g, 1);
      d->param[2] = fx_value_float(g, 1 / alpha);
      return true;
    }
    case FX_OP_DIGAMMA: /* computed in double with loops: the unary kernel runs them, not fused loops */
    case FX_OP_ERFINV:
    case FX_OP_ERFCX:
    case FX_OP_LOG_NDTR:
    case FX_OP_I0:
    case FX_OP_I0E:
    case FX_OP_I1:
    case FX_OP_I1E:
    case FX_OP_MODIFIED_BESSEL_K0:
    case FX_OP_MODIFIED_BESSEL_K1:
    case FX_OP_SCALED_MODIFIED_BESSEL_K0:
    case FX_OP_SCALED_MODIFIED_BESSEL_K1:
    case FX_OP_BESSEL_J0:
    case FX_OP_BESSEL_J1:
    case FX_OP_BESSEL_Y0:
    case FX_OP_BESSEL_Y1:
    case FX_OP_SPHERICAL_BESSEL_J0:
    case FX_OP_AIRY_AI:
    case FX_OP_NDTRI: return false;
    case FX_OP_NAN_TO_NUM:
      d->nparams = 3;
      return param(g, ARG(in, op, "nan"), 0, &d->param[0]) &&
             param(g, ARG(in, op, "posinf"), 3.4028234663852886e38, &d->param[1]) &&
             param(g, ARG(in, op, "neginf"), -3.4028234663852886e38, &d->param[2]);
    default: return true;
    }
  }
  if (!(flags & FX_OPF_BINARY)) return false;
  fxrt_binary_op bop;
  if (!fx_op_binary_kernel(op, &bop) || !fx_binary_op_fused(bop)) return false;
  d->name = fx_binary_op_name(bop);
  const fx_value *a = &in->args[0], *b = &in->args[1];
  double x;
  if (!(f32_tensor(p, a) || fx_value_number(a, &x)) || !(f32_tensor(p, b) || fx_value_number(b, &x)) ||
      (a->kind != FX_V_TENSOR && b->kind != FX_V_TENSOR))
    return false;
  if (op == FX_OP_DIV && ARG(in, op, "rounding_mode")->kind != FX_V_NONE) return false;
  if (op == FX_OP_ADD || op == FX_OP_SUB || op == FX_OP_RSUB) {
    if (!fx_value_number(ARG(in, op, "alpha"), &d->alpha)) return false;
    d->has_alpha = d->alpha != 1;
  }
  d->operand[0] = op == FX_OP_RSUB ? b : a; /* rsub(a, b) = b - alpha * a */
  d->operand[1] = op == FX_OP_RSUB ? a : b;
  d->noperands = 2;
  return true;
}

/* The node among `node`'s arguments whose result is tensor t (FX_NONE_IDX if none), and how often it occurs. */
static uint32_t producer(const fx_program *p, const fx_value *v, uint32_t t, int *count) {
  uint32_t found = FX_NONE_IDX;
  if (v->kind == FX_V_NODE) {
    const fx_value *r = &p->inst[v->v.node].result;
    if (v->v.node < p->g->nnodes && r->kind == FX_V_TENSOR && r->v.node == t) {
      ++*count;
      return v->v.node;
    }
    return FX_NONE_IDX;
  }
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++) {
      uint32_t f = producer(p, &v->u.items[i], t, count);
      if (f != FX_NONE_IDX) found = f;
    }
  return found;
}

static uint32_t producer_of(const fx_program *p, uint32_t node, uint32_t t, int *count) {
  *count = 0;
  uint32_t a = producer(p, &p->g->nodes[node].args, t, count);
  uint32_t k = producer(p, &p->g->nodes[node].kwargs, t, count);
  return a != FX_NONE_IDX ? a : k;
}

typedef struct {
  uint32_t node[FXRT_PW_MAX_INSNS];
  int n;
} group;

static bool in_group(const group *G, uint32_t n) {
  for (int i = 0; i < G->n; i++)
    if (G->node[i] == n) return true;
  return false;
}

/* The expression of member n: its function over the terms of its operands (members' expressions, references to
 * the nodes that compute the other tensors, numbers). False when a tensor has no node to refer to. */
static bool term(const fx_program *p, const group *G, uint32_t n, fx_value *out) {
  fx_graph *g = p->g;
  ew_desc d;
  if (!describe(p, n, &d)) return false;
  fx_value items[1 + 2 + 3];
  uint32_t k = 0;
  items[k++] = fx_value_word(g, fx_str_make(d.name, strlen(d.name)));
  for (int i = 0; i < d.noperands; i++) {
    const fx_value *v = d.operand[i];
    fx_value t;
    if (v->kind == FX_V_TENSOR) {
      int count;
      uint32_t src = producer_of(p, n, v->v.node, &count);
      if (src == FX_NONE_IDX) return false;
      if (in_group(G, src)) {
        if (!term(p, G, src, &t)) return false;
      } else {
        t = fx_value_node(g, src);
      }
    } else {
      double x = 0;
      fx_value_number(v, &x);
      t = fx_value_float(g, x);
    }
    if (i == 1 && d.has_alpha && v->kind != FX_V_TENSOR) { /* add(x, 0.5, alpha=2): the f32 product, as mul would */
      double x = 0;
      fx_value_number(v, &x);
      t = fx_value_float(g, (double)((float)x * (float)d.alpha));
    } else if (i == 1 && d.has_alpha) { /* add(x, y, alpha=a): add(x, mul(y, a)) */
      fx_value m[3] = {fx_value_word(g, FX_STR_LIT("mul")), t, fx_value_float(g, d.alpha)};
      t = fx_value_container(g, FX_V_CALL, m, 3);
    }
    items[k++] = t;
  }
  for (int i = 0; i < d.nparams; i++) items[k++] = d.param[i];
  *out = fx_value_container(g, FX_V_CALL, items, k);
  return true;
}

static bool same_shape(const fx_tinfo *a, const fx_tinfo *b) {
  return a->ndim == b->ndim && !memcmp(a->shape, b->shape, (size_t)a->ndim * sizeof *a->shape);
}

/* Whether the group's expression fits the runtime's limits. */
static bool fits(const fx_program *p, const group *G) {
  fx_value t;
  if (!term(p, G, G->node[0], &t)) return false;
  int32_t ninsns, nleaves;
  uint32_t leaves[FXRT_PW_MAX_INPUTS + 1];
  fx_pw_measure(&t, &ninsns, leaves, &nleaves, FXRT_PW_MAX_INPUTS + 1);
  return ninsns <= FXRT_PW_MAX_INSNS && nleaves <= FXRT_PW_MAX_INPUTS;
}

static bool writes_in_place(const fx_program *p, uint32_t k) { return p->inst[k].op >= 0 && p->inst[k].inplace; }

/* No node strictly between a and b (a before b, both nodes of the graph as it came) writes in place. inplace_upto[i]
 * counts the nodes that write in place up to node i, included, in the graph's order when the pass began; the pass
 * removes and adds only nodes that do not write in place, so the counts stay right, and the check is O(1) (a node
 * with 200,000 users must not make every group walk the graph between its members). */
static bool clean_between(const fx_program *p, const uint32_t *inplace_upto, uint32_t a, uint32_t b) {
  return inplace_upto[b] - (writes_in_place(p, b) ? 1u : 0u) - inplace_upto[a] == 0;
}

bool fx_pass_ewfuse(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  const uint32_t nold = g->nnodes; /* nodes made here have no fx_inst */
  bool *taken = fx_xcalloc(nold + 1, sizeof *taken);
  uint32_t *inplace_upto = fx_xcalloc(nold + 1, sizeof *inplace_upto), upto = 0;
  for (uint32_t k = g->first; k != FX_NONE_IDX; k = g->nodes[k].next) inplace_upto[k] = upto += writes_in_place(p, k);
  bool changed = false;
  for (uint32_t r = g->last, prev; r != FX_NONE_IDX; r = prev) {
    prev = g->nodes[r].prev;
    ew_desc d;
    if (r >= nold || taken[r] || !describe(p, r, &d)) continue;
    const fx_tinfo *ty = &p->tensors[p->inst[r].result.v.node];
    group G = {{r}, 1};
    /* grow: each member's operands, in order, while the expression fits */
    for (int m = 0; m < G.n && G.n < FXRT_PW_MAX_INSNS; m++) {
      ew_desc dm;
      describe(p, G.node[m], &dm);
      for (int i = 0; i < dm.noperands; i++) {
        const fx_value *v = dm.operand[i];
        if (v->kind != FX_V_TENSOR) continue;
        int count;
        uint32_t src = producer_of(p, G.node[m], v->v.node, &count);
        ew_desc ds;
        if (src == FX_NONE_IDX || src >= nold || count != 1 || taken[src] || in_group(&G, src) ||
            g->nodes[src].nusers != 1 || !describe(p, src, &ds) ||
            !same_shape(&p->tensors[p->inst[src].result.v.node], ty) || !clean_between(p, inplace_upto, src, r) ||
            G.n >= FXRT_PW_MAX_INSNS)
          continue;
        G.node[G.n++] = src;
        if (!fits(p, &G)) G.n--;
      }
    }
    if (G.n < (p->small ? 1 : 2)) continue;
    fx_value expr;
    if (!term(p, &G, r, &expr)) continue;
    fx_insert_point ip = fx_graph_inserting_before(g, r);
    char nm[256];
    snprintf(nm, sizeof nm, "%.*s_fused", (int)(g->nodes[r].name.n < 200 ? g->nodes[r].name.n : 200), g->nodes[r].name.p);
    uint32_t f = fx_graph_create_node(g, FX_CALL_FUNCTION, FX_STR_LIT("fx2c.pointwise"), fx_value_tuple(g, &expr, 1),
                                      fx_value_container(g, FX_V_DICT, NULL, 0), fx_str_make(nm, strlen(nm)),
                                      (fx_str){"", 0});
    fx_graph_restore_insert(g, ip);
    g->nodes[f].loc = g->nodes[r].loc; /* the group's root, whose name it takes: diagnostics and debug info */
    for (int i = 0; i < G.n; i++) taken[G.node[i]] = true;
    uint32_t order[FXRT_PW_MAX_INSNS]; /* the members, in the order they were read */
    for (int i = 0; i < G.n; i++) {
      int j = i;
      for (; j > 0 && order[j - 1] > G.node[i]; j--) order[j] = order[j - 1];
      order[j] = G.node[i];
    }
    for (int i = 0; i < G.n; i++) fx_node_absorb(g, f, order[i]);
    fx_node_replace_all_uses_with(g, r, f);
    while (prev != FX_NONE_IDX && prev < nold && taken[prev]) prev = g->nodes[prev].prev;
    /* members in the order they joined: every member's only user comes before it, so each is unused by then */
    for (int i = 0; i < G.n; i++)
      if (fx_graph_erase_node(g, G.node[i])) st->removed++;
    st->fused++;
    changed = true;
  }
  fx_xfree(taken);
  fx_xfree(inplace_upto);
  return changed;
}
