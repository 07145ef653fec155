/* dce.c: dead-code elimination: every node without users that has no side effect goes (torch.fx's
 * Graph.eliminate_dead_code, with in-place ops kept as impure). */
#include "passes.h"

bool fx_pass_dce(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_graph *g = pm->p->g;
  uint32_t before = g->nlive;
  bool changed = fx_graph_eliminate_dead_code(g);
  st->removed += before - g->nlive;
  return changed;
}
