/* walk.c: the schedule walk (walk.h). */
#include "walk.h"

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
