/* noop.c: no-op removal. Nodes that return their input unchanged in eval mode (dropout and its family, identity,
 * contiguous, detach, torchvision's stochastic_depth: the ops flagged FX_OPF_NOOP in ir/ops.def), clones that no
 * in-place op writes into (nor into their input), and reshapes
 * to the shape the input already has (view, reshape, flatten, ... with FX_OPF_VIEW) are replaced by their input.
 * Unused results of multi-output ops: aten max_pool2d_with_indices whose indices nobody reads becomes max_pool2d (the
 * indices are not computed); the other unread results go with dead-code elimination. */
#include <string.h>

#include "passes.h"

bool fx_pass_noop(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  bool changed = false;
  bool *written = fx_program_written_bases(p); /* by base: an in-place op writes into it */
  for (uint32_t i = g->first; i != FX_NONE_IDX;) {
    uint32_t next = g->nodes[i].next;
    const fx_inst *in = &p->inst[i];
    const fx_node *n = &g->nodes[i];
    if (in->op < 0 || in->failed || in->inplace || n->args.n < 1 || n->args.u.items[0].kind != FX_V_NODE ||
        in->result.kind != FX_V_TENSOR || in->args[0].kind != FX_V_TENSOR) {
      i = next;
      continue;
    }
    unsigned flags = fx_op_flags((fx_op)in->op);
    const fx_tinfo *x = &p->tensors[in->args[0].v.node], *y = &p->tensors[in->result.v.node];
    bool same_shape = x->dtype == y->dtype && x->ndim == y->ndim &&
                      memcmp(x->shape, y->shape, (size_t)x->ndim * sizeof *x->shape) == 0;
    uint32_t src = n->args.u.items[0].v.node;
    /* the input node must produce that tensor (not a tuple an index of which is the input): the same storage and
     * layout (the program may be older than the graph by the no-ops removed before this one, which shared it) */
    const fx_value *sv = &p->inst[src].result;
    const fx_tinfo *s_ = sv->kind == FX_V_TENSOR ? &p->tensors[sv->v.node] : NULL;
    bool direct = s_ && s_->alias == x->alias && s_->dtype == x->dtype && s_->ndim == x->ndim &&
                  memcmp(s_->shape, x->shape, (size_t)x->ndim * sizeof *x->shape) == 0;
    /* a clone that an in-place op then writes into is not a no-op: keep nodes whose users (or whose input's users)
     * write in place */
    bool writes = written[y->base] || written[x->base]; /* also through views of either (program.h: base) */
    bool noop = (flags & FX_OPF_NOOP) || in->op == FX_OP_CLONE || ((flags & FX_OPF_VIEW) && same_shape);
    if (direct && !writes && noop) {
      fx_node_replace_all_uses_with(g, i, src);
      if (fx_graph_erase_node(g, i)) {
        st->removed++;
        changed = true;
      }
    }
    i = next;
  }
  /* max_pool2d_with_indices -> max_pool2d when only getitem(_, 0) is read (the same positional signature) */
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    fx_node *n = &g->nodes[i];
    if (i >= p->g->nnodes || p->inst[i].op != FX_OP_MAX_POOL_WITH_INDICES || p->inst[i].failed ||
        n->opcode != FX_CALL_FUNCTION || !fx_str_eqz(n->target, "torch.ops.aten.max_pool2d_with_indices.default"))
      continue;
    uint32_t item0 = FX_NONE_IDX;
    bool ok = true;
    for (uint32_t u = 0; u < n->nusers && ok; u++) {
      const fx_node *gn = &g->nodes[n->users[u]];
      bool item = p->inst[n->users[u]].op == FX_OP_GETITEM && gn->args.n == 2 && gn->args.u.items[1].kind == FX_V_INT;
      if (item && gn->args.u.items[1].v.i == 0 && item0 == FX_NONE_IDX) item0 = n->users[u];
      else if (!item || gn->nusers) ok = false;
    }
    if (!ok || item0 == FX_NONE_IDX) continue;
    uint32_t items[2] = {FX_NONE_IDX, FX_NONE_IDX}, nitems = 0;
    for (uint32_t u = 0; u < n->nusers && nitems < 2; u++) items[nitems++] = n->users[u];
    fx_node_absorb(g, i, item0);
    fx_node_replace_all_uses_with(g, item0, i);
    fx_node_take_value(g, i, item0); /* the pool's result is the tensor, not the (tensor, indices) pair */
    for (uint32_t k = 0; k < nitems; k++)
      if (fx_graph_erase_node(g, items[k])) st->removed++;
    g->nodes[i].target = fx_arena_str(&g->arena, FX_STR_LIT("torch.ops.aten.max_pool2d.default"));
    changed = true;
  }
  fx_xfree(written);
  return changed;
}
