/* walk.c: the schedule walk (walk.h). */
#include "walk.h"

#include <string.h>

static bool run(const fx_lowered *L, const fx_walker *w, void *ctx, uint32_t node, uint32_t from, uint32_t to) {
  if (w->node_begin && !w->node_begin(ctx, node, to - from)) return false;
  for (uint32_t c = from; c < to; c++)
    if (w->call && !w->call(ctx, node, &L->calls[c])) return false;
  return !w->node_end || w->node_end(ctx, node);
}

bool fx_walk(const fx_lowered *L, const fx_walker *w, void *ctx) {
  const fx_graph *g = L->p->g;
  uint32_t k = 0;
  while (k < L->ncalls && L->calls[k].node == FX_NONE_IDX && L->calls[k].ref[0].kind == FX_REF_SOURCE) k++;
  if (k && !run(L, w, ctx, FX_NONE_IDX, 0, k)) return false;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    /* the output node also fills the output buffers: the calls after its own */
    uint32_t end = g->nodes[i].opcode == FX_OUTPUT ? L->ncalls : L->end_call[i];
    if (!run(L, w, ctx, i, L->first_call[i], end)) return false;
  }
  return true;
}

/* ---- the nodes that run code ---- */

typedef struct {
  const fx_lowered *L;
  fx_walk_node *v;
  uint32_t n;
} nodes_ctx;

static char *dup_buf(fx_buf *b) {
  char *s = fx_xmalloc(b->n + 1);
  if (b->n) memcpy(s, b->p, b->n);
  s[b->n] = 0;
  fx_buf_free(b);
  return s;
}

static void put_tensor(fx_buf *b, const fx_tinfo *t) {
  fx_buf_puts(b, fxrt_dtype_name(t->dtype));
  fx_buf_putc(b, '[');
  for (int32_t d = 0; d < t->ndim; d++) fx_buf_printf(b, "%s%lld", d ? ", " : "", (long long)t->shape[d]);
  fx_buf_putc(b, ']');
}

/* The tensors of node's result (a tensor, or a tuple or list of them) under the names of the values it stands for
 * (at most FX_WALK_MAX_NAMES of them: a node that merged thousands of common subexpressions is not dumped thousands
 * of times). */
#define FX_WALK_MAX_NAMES 16
static void add_results(const fx_program *p, uint32_t node, fx_walk_node *w) {
  const fx_value *r = &p->inst[node].result;
  uint32_t values[FX_WALK_MAX_NAMES];
  uint32_t nv = fx_node_values(p->g, node, values, FX_WALK_MAX_NAMES);
  const bool tuple = r->kind == FX_V_TUPLE || r->kind == FX_V_LIST;
  w->results = NULL;
  w->nresults = 0;
  if (nv > FX_WALK_MAX_NAMES) nv = FX_WALK_MAX_NAMES;
  if (!nv || (r->kind != FX_V_TENSOR && !tuple)) return;
  for (uint32_t k = 0; k < (tuple ? r->n : 1); k++) {
    const fx_value *v = tuple ? &r->u.items[k] : r;
    if (v->kind != FX_V_TENSOR) continue;
    fx_buf names = {0};
    for (uint32_t i = 0; i < nv; i++) { /* each name, with ".k" for a tuple's item */
      const fx_str name = p->g->nodes[values[i]].name;
      if (names.n) fx_buf_puts(&names, ", ");
      fx_buf_put(&names, name.p, name.n);
      if (tuple) fx_buf_printf(&names, ".%u", k);
    }
    w->results = fx_xrealloc(w->results, (w->nresults + 1) * sizeof *w->results);
    w->results[w->nresults++] = (fx_walk_result){dup_buf(&names), v->v.node};
  }
}

static bool add_node(void *ctx, uint32_t node, uint32_t ncalls) {
  nodes_ctx *c = ctx;
  if (!ncalls) return true;
  const fx_program *p = c->L->p;
  c->v = fx_xrealloc(c->v, (c->n + 1) * sizeof *c->v);
  fx_walk_node *w = &c->v[c->n++];
  fx_buf name = {0}, fx = {0}, ab = {0}, shape = {0};
  w->node = node;
  w->results = NULL;
  w->nresults = 0;
  if (node == FX_NONE_IDX) {
    fx_buf_puts(&name, "(prologue)");
    fx_buf_puts(&fx, "the inputs and weights that the graph writes into, copied first");
    w->op = "copy";
  } else {
    const fx_node *n = &p->g->nodes[node];
    fx_buf_put(&name, n->name.p, n->name.n);
    fx_format_node(p->g, node, &fx);
    fx_buf_put(&ab, n->absorbed.p, n->absorbed.n);
    w->op = n->opcode == FX_OUTPUT ? "output" : p->inst[node].op >= 0 ? fx_op_name((fx_op)p->inst[node].op) : "?";
    const fx_value *r = &p->inst[node].result;
    if (n->opcode != FX_OUTPUT && r->kind == FX_V_TENSOR) put_tensor(&shape, &p->tensors[r->v.node]);
    else if (n->opcode != FX_OUTPUT && (r->kind == FX_V_TUPLE || r->kind == FX_V_LIST)) {
      fx_buf_putc(&shape, '(');
      for (uint32_t i = 0; i < r->n; i++) {
        if (i) fx_buf_puts(&shape, ", ");
        if (r->u.items[i].kind == FX_V_TENSOR) put_tensor(&shape, &p->tensors[r->u.items[i].v.node]);
        else fx_buf_putc(&shape, '-');
      }
      fx_buf_putc(&shape, ')');
    }
  }
  if (node != FX_NONE_IDX && p->g->nodes[node].opcode != FX_OUTPUT) add_results(p, node, w);
  w->name = dup_buf(&name);
  w->fx = dup_buf(&fx);
  w->absorbed = dup_buf(&ab);
  w->shape = dup_buf(&shape);
  return true;
}

uint32_t fx_walk_nodes(const fx_lowered *L, fx_walk_node **out) {
  nodes_ctx c = {L, NULL, 0};
  fx_walker w = {add_node, NULL, NULL};
  fx_walk(L, &w, &c);
  *out = c.v;
  return c.n;
}

void fx_walk_nodes_free(fx_walk_node *nodes, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    fx_xfree(nodes[i].name);
    fx_xfree(nodes[i].fx);
    fx_xfree(nodes[i].absorbed);
    fx_xfree(nodes[i].shape);
    for (uint32_t k = 0; k < nodes[i].nresults; k++) fx_xfree(nodes[i].results[k].names);
    fx_xfree(nodes[i].results);
  }
  fx_xfree(nodes);
}
