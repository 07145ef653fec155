/* interp.c: running a program: lower it (program/lower.h), plan its memory (program/plan.h), allocate the one
 * arena and execute the calls with the runtime's kernels (program/exec.h) in the schedule's order (program/walk.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "interp.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "../program/exec.h"
#include "../program/plan.h"
#include "../program/walk.h"

typedef struct {
  const fx_lowered *L;
  const fx_plan *P;
  unsigned char *arena;
  const fx_tensor *inputs;
  fx_tensor *outputs;
  fx_diag *d;
  const fx_interp_probe *probe; /* or NULL */
  uint32_t pnode;               /* the probe's index of the next node that runs code */
  fx_walk_node *nodes;          /* with probe->result: fx_walk_nodes(L) */
  uint32_t nnodes;
  bool timed;
  uint64_t t0;
} ex;

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static bool probe_begin(void *ctx, uint32_t node, uint32_t ncalls) {
  ex *e = ctx;
  (void)node;
  e->timed = ncalls > 0;
  if (e->timed) e->t0 = now_ns();
  return true;
}

static void *base(void *ctx, const fx_kcall *k, const fx_ref *r);

static bool probe_end(void *ctx, uint32_t node) {
  ex *e = ctx;
  if (!e->timed) return true;
  const uint32_t index = e->pnode++;
  e->probe->node(e->probe->ctx, index, e->t0, now_ns());
  if (!e->probe->result || index >= e->nnodes) return true;
  for (uint32_t k = 0; k < e->nodes[index].nresults; k++) {
    const uint32_t t = e->nodes[index].results[k].tensor;
    const fx_ref r = {FX_REF_TENSOR, (uint8_t)e->L->p->tensors[t].dtype, t, 0};
    const void *data = fx_plan_holds_after(e->L, e->P, t, node) ? base(e, NULL, &r) : NULL;
    if (!e->probe->result(e->probe->ctx, index, k, data)) return false;
  }
  return true;
}

/* The storage of a tensor, scratch or output ref, through the plan. */
static void *base(void *ctx, const fx_kcall *k, const fx_ref *r) {
  (void)k;
  ex *e = ctx;
  const fx_program *p = e->L->p;
  switch (r->kind) {
  case FX_REF_TENSOR: {
    uint32_t root = e->P->root[r->id];
    const fx_place *pl = &e->P->place[root];
    switch (pl->loc) {
    case FX_MEM_ARENA: return e->arena + pl->offset;
    case FX_MEM_INPUT: return e->inputs[pl->index].data;
    case FX_MEM_WEIGHT: return p->tensors[root].data->data;
    case FX_MEM_OUTPUT: return e->outputs[pl->index].data;
    default: return NULL;
    }
  }
  case FX_REF_SOURCE: {
    const fx_tinfo *t = &p->tensors[r->id];
    return t->kind == FX_T_WEIGHT ? t->data->data : e->inputs[e->P->place[r->id].index].data;
  }
  case FX_REF_SCRATCH: return e->P->scratch[r->id].loc == FX_MEM_ARENA ? e->arena + e->P->scratch[r->id].offset : NULL;
  case FX_REF_OUTPUT: return e->outputs[r->id].data;
  case FX_REF_CONST: return e->L->consts[r->id].data;
  default: return NULL;
  }
}

/* Runs one call of the walk; a failing kernel is an error at its node. */
static bool run_call(void *ctx, uint32_t node, const fx_kcall *k) {
  ex *e = ctx;
  fxrt_status s = fx_exec_call(k, base, e, e->probe ? e->probe->threads : NULL);
  if (s == FXRT_OK) return true;
  const fx_program *p = e->L->p;
  const fx_node *n = k->node != FX_NONE_IDX ? &p->g->nodes[k->node] : NULL;
  (void)node;
  const fx_source *src = n && n->loc.line ? p->g->src : NULL;
  const fx_loc loc = n ? n->loc : (fx_loc){0, 0, 0, 0};
  if (s == FXRT_EASSERT && n) { /* torch._assert(cond, message): PyTorch's AssertionError says the message */
    const fx_value *msg = &p->inst[k->node].args[1];
    if (msg->kind == FX_V_STR || msg->kind == FX_V_WORD)
      fx_diag_error(e->d, src, loc, "running '%.*s': the assertion fails: %.*s", (int)n->name.n, n->name.p, (int)msg->n,
                    msg->u.text);
    else fx_diag_error(e->d, src, loc, "running '%.*s': the assertion fails", (int)n->name.n, n->name.p);
    return false;
  }
  fx_diag_error(e->d, src, loc, "running '%.*s': %s failed: %s", n ? (int)n->name.n : 7, n ? n->name.p : "outputs",
                fx_kind_function((fx_kind)k->kind), fxrt_status_str(s));
  return false;
}

bool fx_interp_run(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *res, fx_diag *d) {
  return fx_interp_run_probed(p, inputs, ninputs, res, NULL, d);
}

bool fx_interp_run_probed(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *res,
                          const fx_interp_probe *probe, fx_diag *d) {
  memset(res, 0, sizeof *res);
  if (ninputs != p->nplaceholders) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "the graph has %u inputs but %u were given", p->nplaceholders, ninputs);
    return false;
  }
  for (uint32_t i = 0; i < ninputs; i++) {
    const fx_value *pv = &p->inst[p->placeholders[i]].result;
    if (pv->kind != FX_V_TENSOR) continue;
    const fx_tinfo *t = &p->tensors[pv->v.node];
    if (inputs[i].dtype != t->dtype || inputs[i].ndim != t->ndim ||
        memcmp(inputs[i].shape, t->shape, (size_t)t->ndim * sizeof *t->shape)) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "input %u does not have the dtype and shape the program was built for", i);
      return false;
    }
  }
  fx_lowered L;
  if (!fx_lower(p, &L, d)) {
    fx_lowered_free(&L);
    return false;
  }
  fx_plan P;
  fx_plan_build(&L, &P);
  ex e = {&L, &P, fx_tensor_alloc(P.arena ? P.arena : 1), inputs, NULL, d, probe, 0, NULL, 0, false, 0};
  if (probe && probe->result) e.nnodes = fx_walk_nodes(&L, &e.nodes);
  res->noutputs = L.noutputs;
  res->outputs = e.outputs = fx_xcalloc(L.noutputs + 1, sizeof *res->outputs);
  for (uint32_t j = 0; j < L.noutputs; j++) {
    fx_tensor *o = &res->outputs[j];
    o->dtype = L.outputs[j].dtype;
    o->ndim = L.outputs[j].ndim;
    memcpy(o->shape, L.outputs[j].shape, sizeof o->shape);
    int64_t n = 1;
    for (int32_t i = 0; i < o->ndim; i++) n *= o->shape[i];
    o->nbytes = (size_t)n * fxrt_dtype_size(o->dtype);
    o->data = fx_tensor_alloc(o->nbytes ? o->nbytes : 1);
  }
  fx_walker w = {NULL, run_call, NULL};
  if (probe && probe->node) w.node_begin = probe_begin, w.node_end = probe_end;
  bool ok = (!probe || !probe->start || probe->start(probe->ctx, &L)) && fx_walk(&L, &w, &e);
  res->peak_bytes = P.arena;
  if (e.nodes) fx_walk_nodes_free(e.nodes, e.nnodes);
  fx_tensor_free(e.arena);
  fx_plan_free(&P);
  fx_lowered_free(&L);
  if (!ok) fx_run_result_free(res);
  return ok;
}

void fx_run_result_free(fx_run_result *r) {
  for (uint32_t i = 0; i < r->noutputs; i++) fx_tensor_free(r->outputs[i].data);
  fx_xfree(r->outputs);
  memset(r, 0, sizeof *r);
}
