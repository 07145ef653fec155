/* dce.c: dead-code elimination: every node without users that has no side effect goes (torch.fx's
 * Graph.eliminate_dead_code, with in-place ops kept as impure). */
#include "passes.h"

bool fx_pass_dce(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_graph *g = pm->p->g;
  const fx_program *p = pm->p;
  uint32_t before = g->nlive;
  bool changed = false;
  /* the graph's own rule (ir/graph.h: fx_graph_eliminate_dead_code), and besides every node that the program says
   * writes in place (a call_module of ReLU(inplace=True), which the graph alone cannot tell) stays */
  for (uint32_t i = g->last, prev; i != FX_NONE_IDX; i = prev) {
    prev = g->nodes[i].prev;
    if (g->nodes[i].nusers == 0 && !fx_node_is_impure(g, i) && !p->inst[i].inplace)
      changed |= fx_graph_erase_node(g, i);
  }
  st->removed += before - g->nlive;
  return changed;
}
