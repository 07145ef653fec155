/* constfold.c: constant folding. A node whose tensors all come from weights (or from nodes folded before it), or
 * that makes a tensor from its arguments alone (arange, full), is computed now, with the runtime's kernels on the
 * program's own lowered calls (program/lower.h, program/exec.h), and its result becomes a new weight
 * read by a get_attr node:
 *
 *     %t : [#users=1] = call_function[target=torch.ops.aten.t.default](args = (%_param_constant4,), kwargs = {})
 *     %addmm : ... = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant5, %x, %t), ...)
 * becomes
 *     %t_folded : [#users=1] = get_attr[target=t_folded]
 *     %addmm : ... = call_function[target=torch.ops.aten.addmm.default](args = (%_param_constant5, %x, %t_folded), ...)
 *
 * The weights that only folded nodes read are no longer used (dce removes their get_attr nodes, and the backends
 * emit only the weights the program reads). Folding is skipped where it would grow the weights: a result larger
 * than both 64 KiB and the tensors it is computed from (torch.zeros(1000, 1000), a weight expanded to a batch)
 * stays a run-time computation, and so does the work past FOLD_WORK_BUDGET multiply-adds (nodes are folded in graph
 * order while their work fits what is left of it). Weights that the graph writes into (an in-place op on a parameter) are not
 * constants. Like bnfold, the new weights live in the compiler's weights, which the emitted code holds; a graph
 * printed after this pass names them (t_folded) without a file that contains them. */
#include <stdio.h>
#include <string.h>

#include "../program/lower.h"
#include "../program/exec.h"
#include "passes.h"

#define FOLD_FREE_BYTES 65536 /* a folded result of at most this size is always worth storing */
/* The multiply-adds that folding may spend in one pass (program/lower.h: fx_kcall_work): 1.07e9, a fraction of a
 * second of the runtime's kernels on one core. A product of two 8192 x 8192 weights (5.5e11 multiply-adds) stays a
 * run-time computation instead of taking a minute to compile. */
#define FOLD_WORK_BUDGET (1ull << 30)

typedef struct {
  const fx_program *p;
  const fx_lowered *L;
  uint32_t *root;       /* by tensor: the tensor whose storage it uses */
  void **data;          /* by tensor root: the folded result's storage (NULL: not folded) */
  void **scratch;       /* by scratch id: buffers while a node is computed */
  bool *written;        /* by tensor root: an in-place op writes into it */
  bool ok;              /* the current call refers only to storage that exists now */
} cf;

/* Is tensor t's value known now: a weight nobody writes into, or a folded result? */
static bool is_const(const cf *c, uint32_t t) {
  uint32_t r = c->root[t];
  if (c->written[r]) return false;
  return c->data[r] != NULL ||
         (c->p->tensors[r].kind == FX_T_WEIGHT && c->p->tensors[r].data && c->p->tensors[r].data->data);
}

/* Every tensor among v's leaves is known now; *bytes sums their sizes. */
static bool args_const(const cf *c, const fx_value *v, uint64_t *bytes) {
  if (v->kind == FX_V_TENSOR) {
    *bytes += fx_tinfo_bytes(&c->p->tensors[v->v.node]);
    return is_const(c, v->v.node);
  }
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++)
      if (!args_const(c, &v->u.items[i], bytes)) return false;
  return true;
}

static void *base(void *ctx, const fx_kcall *k, const fx_ref *r) {
  (void)k;
  cf *c = ctx;
  switch (r->kind) {
  case FX_REF_TENSOR: {
    uint32_t t = c->root[r->id];
    if (c->data[t]) return c->data[t];
    if (c->p->tensors[t].kind == FX_T_WEIGHT && c->p->tensors[t].data && !c->written[t] && c->p->tensors[t].data->data)
      return c->p->tensors[t].data->data;
    break;
  }
  case FX_REF_SCRATCH:
    if (!c->scratch[r->id]) {
      const fx_scratch *s = &c->L->scratch[r->id];
      size_t n = (size_t)s->numel * fxrt_dtype_size(s->dtype);
      c->scratch[r->id] = fx_tensor_alloc(n ? n : 1);
    }
    return c->scratch[r->id];
  case FX_REF_CONST: return c->L->consts[r->id].data;
  default: break;
  }
  c->ok = false;
  return NULL;
}

static void mark_weights(const cf *c, const fx_value *v, bool *seen, uint64_t *bytes) {
  if (v->kind == FX_V_TENSOR) {
    uint32_t r = c->root[v->v.node];
    const fx_tinfo *t = &c->p->tensors[r];
    if (t->kind == FX_T_WEIGHT && t->data && !seen[r]) {
      /* a weight read through two tensors (a get_attr and its module) counts once */
      for (uint32_t u = 0; u < c->p->ntensors; u++)
        if (c->p->tensors[u].data == t->data) seen[u] = true;
      *bytes += t->data->nbytes;
    }
    return;
  }
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++) mark_weights(c, &v->u.items[i], seen, bytes);
}

/* The bytes of the weights that the program's nodes read (skip: nodes not counted, or NULL). */
static uint64_t weight_bytes_read(const cf *c, const bool *skip) {
  const fx_graph *g = c->p->g;
  bool *seen = fx_xcalloc(c->p->ntensors + 1, sizeof *seen);
  uint64_t bytes = 0;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &c->p->inst[i];
    if (in->op < 0 || (skip && skip[i])) continue;
    const fx_sig *sig = fx_op_sig((fx_op)in->op);
    for (int k = 0; k < sig->n; k++) mark_weights(c, &in->args[k], seen, &bytes);
  }
  fx_xfree(seen);
  return bytes;
}

bool fx_pass_constfold(fx_pass_manager *pm, fx_pass_stats *st) {
  fx_program *p = pm->p;
  fx_graph *g = p->g;
  if (!pm->w) return false;
  fx_lowered L;
  fx_diag quiet;
  fx_diag_init(&quiet);
  bool lowered = fx_lower(p, &L, &quiet);
  fx_diag_free(&quiet);
  if (!lowered) {
    fx_lowered_free(&L);
    return false;
  }
  cf c = {p, &L, fx_xcalloc(p->ntensors + 1, sizeof(uint32_t)), fx_xcalloc(p->ntensors + 1, sizeof(void *)),
          fx_xcalloc(L.nscratch + 1, sizeof(void *)), fx_xcalloc(p->ntensors + 1, sizeof(bool)), true};
  for (uint32_t t = 0; t < p->ntensors; t++) c.root[t] = fx_pass_storage_root(p, t);
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op >= 0 && in->inplace && in->result.kind == FX_V_TENSOR) { /* through a view, its base too */
      c.written[c.root[in->result.v.node]] = true;
      c.written[c.root[p->tensors[in->result.v.node].base]] = true;
    }
  }
  /* compute every foldable node, in graph order (a folded result is a constant for the nodes after it) */
  uint32_t *folded = fx_xmalloc((g->nnodes + 1) * sizeof *folded), nfolded = 0;
  uint64_t budget = FOLD_WORK_BUDGET;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op < 0 || in->op == FX_OP_CUSTOM || in->failed || !in->work || in->inplace || in->result.kind != FX_V_TENSOR ||
        g->nodes[i].opcode == FX_OUTPUT || g->nodes[i].nusers == 0 || L.first_call[i] == FX_NONE_IDX ||
        L.first_call[i] == L.end_call[i])
      continue; /* (what nobody reads is dead code's to remove; a user-defined op runs the user's code, which the
                   compiler does not have) */
    uint32_t y = in->result.v.node;
    if (c.root[y] != y) continue; /* computed into another tensor's storage */
    uint64_t in_bytes = 0;
    const fx_sig *sig = fx_op_sig((fx_op)in->op);
    bool constant = true;
    for (int k = 0; k < sig->n && constant; k++) constant = args_const(&c, &in->args[k], &in_bytes);
    const uint64_t bytes = fx_tinfo_bytes(&p->tensors[y]);
    if (!constant || (bytes > FOLD_FREE_BYTES && bytes > in_bytes)) continue;
    uint64_t work = 0;
    for (uint32_t k = L.first_call[i]; k < L.end_call[i]; k++) {
      uint64_t w = fx_kcall_work(&L.calls[k]);
      work = work > UINT64_MAX - w ? UINT64_MAX : work + w;
    }
    if (work > budget) continue;
    budget -= work;
    c.data[y] = fx_tensor_alloc(bytes ? bytes : 1);
    c.ok = true;
    fxrt_status s = FXRT_OK;
    for (uint32_t k = L.first_call[i]; k < L.end_call[i] && s == FXRT_OK && c.ok; k++) s = fx_exec_call(&L.calls[k], base, &c, NULL);
    for (uint32_t k = 0; k < L.nscratch; k++) {
      fx_tensor_free(c.scratch[k]);
      c.scratch[k] = NULL;
    }
    if (s != FXRT_OK || !c.ok) { /* left to run time, where it reports its own error */
      fx_tensor_free(c.data[y]);
      c.data[y] = NULL;
      continue;
    }
    folded[nfolded++] = i;
  }
  /* the weight bytes that nodes read, before and after (weights read only by folded nodes are no longer needed) */
  bool *is_folded = fx_xcalloc(g->nnodes + 1, sizeof *is_folded);
  for (uint32_t f = 0; f < nfolded; f++) is_folded[folded[f]] = true;
  st->weight_bytes_saved += (int64_t)weight_bytes_read(&c, NULL) - (int64_t)weight_bytes_read(&c, is_folded);
  fx_xfree(is_folded);
  /* the folded results that other nodes still read become weights; then the folded nodes go */
  bool changed = false;
  for (uint32_t f = 0; f < nfolded; f++) {
    uint32_t i = folded[f], y = p->inst[i].result.v.node;
    bool read_later = false;
    for (uint32_t u = 0; u < g->nodes[i].nusers && !read_later; u++) {
      uint32_t user = g->nodes[i].users[u];
      bool user_folded = false;
      for (uint32_t q = f + 1; q < nfolded && !user_folded; q++) user_folded = folded[q] == user;
      read_later = !user_folded;
    }
    if (read_later) {
      const fx_tinfo *t = &p->tensors[y];
      const fx_str nm = g->nodes[i].name;
      char key[300];
      snprintf(key, sizeof key, "%.*s_folded", (int)(nm.n < 250 ? nm.n : 250), nm.p);
      for (int s = 1; fx_weights_find(pm->w, fx_str_make(key, strlen(key))); s++)
        snprintf(key, sizeof key, "%.*s_folded_%d", (int)(nm.n < 250 ? nm.n : 250), nm.p, s);
      fx_tensor *w = fx_weights_add(pm->w, fx_str_make(key, strlen(key)), t->dtype, t->ndim, t->shape);
      memcpy(w->data, c.data[y], w->nbytes);
      st->weight_bytes_saved -= (int64_t)w->nbytes;
      fx_insert_point ip = fx_graph_inserting_before(g, i);
      uint32_t ga = fx_graph_create_node(g, FX_GET_ATTR, fx_str_make(key, strlen(key)), fx_value_tuple(g, NULL, 0),
                                         fx_value_container(g, FX_V_DICT, NULL, 0), (fx_str){"", 0}, (fx_str){"", 0});
      fx_graph_restore_insert(g, ip);
      fx_node_replace_all_uses_with(g, i, ga);
    }
  }
  for (uint32_t f = nfolded; f-- > 0;)
    if (fx_graph_erase_node(g, folded[f])) {
      st->removed++;
      changed = true;
    }
  for (uint32_t t = 0; t < p->ntensors; t++) fx_tensor_free(c.data[t]);
  fx_xfree(folded);
  fx_xfree(c.root);
  fx_xfree(c.data);
  fx_xfree(c.scratch);
  fx_xfree(c.written);
  fx_lowered_free(&L);
  return changed;
}
