/* cse.c: common-subexpression elimination. Two nodes with the same opcode, target, args and kwargs compute the same
 * value when they are pure, read nothing that an in-place op writes and make nothing that one writes: the later one is
 * replaced by the earlier.
 * Walking in graph order, each node's args already name the surviving nodes, so chains of duplicates fold in one
 * pass. */
#include <string.h>

#include "passes.h"

typedef struct {
  char *key;
  uint32_t node;
} entry;

/* Whether any tensor in v shares elements (program.h: base) with one that an in-place op writes. */
static bool reads_written(const fx_program *p, const fx_value *v, const bool *written) {
  if (v->kind == FX_V_TENSOR) return written[p->tensors[v->v.node].base];
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++)
      if (reads_written(p, &v->u.items[i], written)) return true;
  return false;
}

bool fx_pass_cse(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  bool *written = fx_program_written_bases(p);
  uint32_t cap = 64, n = 0;
  while (cap < 2 * g->nnodes) cap *= 2;
  entry *table = fx_xcalloc(cap, sizeof *table);
  bool changed = false;
  fx_buf key = {0};
  for (uint32_t i = g->first; i != FX_NONE_IDX;) {
    uint32_t next = g->nodes[i].next;
    const fx_node *nd = &g->nodes[i];
    const fx_inst *in = &p->inst[i];
    bool candidate = nd->opcode != FX_PLACEHOLDER && nd->opcode != FX_OUTPUT && !fx_node_is_impure(g, i) &&
                     !in->failed && !in->inplace && in->op != FX_OP_CUSTOM; /* the user's code runs as often as called */
    if (candidate && in->op >= 0) {
      const fx_sig *sig = fx_op_sig((fx_op)in->op);
      for (int k = 0; k < sig->n && candidate; k++) candidate = !reads_written(p, &in->args[k], written);
      /* nor results that an in-place op writes: two x.clone() written differently are two tensors */
      candidate = candidate && !reads_written(p, &in->result, written);
    }
    if (!candidate) {
      i = next;
      continue;
    }
    key.n = 0;
    fx_buf_printf(&key, "%s|%.*s|", fx_opcode_names[nd->opcode], (int)nd->target.n, nd->target.p);
    fx_format_value(g, &nd->args, true, &key);
    fx_buf_putc(&key, '|');
    fx_format_value(g, &nd->kwargs, true, &key);
    uint32_t h = fx_str_hash(fx_str_make(key.p, key.n)) & (cap - 1);
    while (table[h].key && (strlen(table[h].key) != key.n || memcmp(table[h].key, key.p, key.n) != 0)) h = (h + 1) & (cap - 1);
    if (table[h].key) {
      fx_node_absorb(g, table[h].node, i);
      fx_node_replace_all_uses_with(g, i, table[h].node);
      if (fx_graph_erase_node(g, i)) {
        st->removed++;
        changed = true;
      }
    } else {
      table[h].key = fx_xmalloc(key.n + 1);
      memcpy(table[h].key, key.p, key.n);
      table[h].key[key.n] = 0;
      table[h].node = i;
      n++;
    }
    i = next;
  }
  for (uint32_t k = 0; k < cap; k++) fx_xfree(table[k].key);
  fx_xfree(table);
  fx_xfree(written);
  fx_buf_free(&key);
  (void)n;
  return changed;
}
