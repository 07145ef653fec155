/* interp.c: running a program: lower it (backend/lower.h), plan its memory (optimizer/plan.h), allocate the one
 * arena and execute the calls with the runtime's kernels. */
#include "interp.h"

#include <math.h>
#include <string.h>

#include "../optimizer/plan.h"

typedef struct {
  const fx_lowered *L;
  const fx_plan *P;
  unsigned char *arena;
  const fx_tensor *inputs;
  fx_tensor *outputs;
} ex;

/* The typed value of a scalar ref, kept in `slot`. */
typedef union {
  float f;
  double d;
  int64_t i;
  int32_t i32;
  uint8_t b;
} scalar;

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
  case FX_REF_SCRATCH: return e->arena + e->P->scratch[r->id].offset;
  case FX_REF_OUTPUT: return e->outputs[r->id].data;
  default: return NULL;
  }
}

/* The operand pointer of ref i: a scalar in its slot, or base's storage at the ref's offset. */
static void *ptr(const fx_kcall *k, int i, scalar *slots, fx_ref_base_fn basefn, void *ctx) {
  const fx_ref *r = &k->ref[i];
  unsigned char *b;
  if (r->kind == FX_REF_SCALAR) {
    scalar *slot = &slots[i];
    double v = k->scalar[r->id];
    int64_t iv = k->iscalar[r->id];
    switch ((fxrt_dtype)r->dtype) {
    case FXRT_F32: slot->f = (float)v; break;
    case FXRT_F64: slot->d = v; break;
    case FXRT_I64: slot->i = iv; break;
    case FXRT_I32: slot->i32 = (int32_t)iv; break;
    default: slot->b = iv != 0; break;
    }
    b = (unsigned char *)slot;
  } else {
    b = r->kind == FX_REF_NULL ? NULL : basefn(ctx, k, r);
  }
  if (!b) return NULL;
  return b + r->off * (int64_t)fxrt_dtype_size((fxrt_dtype)r->dtype);
}

fxrt_status fx_exec_call(const fx_kcall *k, fx_ref_base_fn basefn, void *ctx) {
  scalar s[FX_KCALL_REFS];
  void *r[FX_KCALL_REFS];
  for (int i = 0; i < FX_KCALL_REFS; i++) r[i] = ptr(k, i, s, basefn, ctx);
  fxrt_epilogue ep = k->ep;
  ep.residual = r[4];
  const fxrt_epilogue *epp = k->has_ep ? &ep : NULL;
  const int64_t *I = k->i;
  switch ((fx_kind)k->kind) {
  case FX_K_UNARY: return fxrt_unary_f32((fxrt_unary_op)k->sub, r[0], r[1], I[0], &k->p.un);
  case FX_K_BINARY:
    return fxrt_binary((fxrt_binary_op)k->sub, k->dt, r[0], &k->view[0], r[1], &k->view[1], r[2], &k->view[2], k->f[0]);
  case FX_K_WHERE:
    return fxrt_where(k->dt, r[0], &k->view[0], r[1], &k->view[1], r[2], &k->view[2], r[3], &k->view[3]);
  case FX_K_COPY: return fxrt_copy(k->dt, r[0], &k->view[0], k->dt2, r[1], &k->view[1]);
  case FX_K_FILL: return fxrt_fill(k->dt, r[0], I[0], k->f[0]);
  case FX_K_ARANGE: return fxrt_arange(k->dt, r[0], I[0], k->f[0], k->f[1]);
  case FX_K_REDUCE: return fxrt_reduce((fxrt_reduce_op)k->sub, k->dt, r[0], I[0], I[1], I[2], r[1]);
  case FX_K_CUMSUM: return fxrt_cumsum(k->dt, r[0], I[0], I[1], I[2], r[1]);
  case FX_K_SOFTMAX: return fxrt_softmax_f32(r[0], I[0], I[1], I[2], r[1], k->flag);
  case FX_K_TOPK: return fxrt_topk_f32(r[0], I[0], I[1], I[2], I[3], k->flag, r[1], r[2]);
  case FX_K_CONV2D:
    return fxrt_conv2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], I[6], r[2], r[3], I[7], I[8], &k->p.conv, epp,
                           r[5], (size_t)I[9]);
  case FX_K_CONV_T2D:
    return fxrt_conv_transpose2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], I[6], r[2], r[3], I[7], I[8],
                                     &k->p.convt);
  case FX_K_LINEAR: return fxrt_linear_f32(r[0], I[0], I[1], r[1], I[2], r[2], r[3], epp);
  case FX_K_MATMUL: return fxrt_matmul_f32(r[0], &k->view[0], r[1], &k->view[1], r[2], &k->view[2], epp);
  case FX_K_BATCH_NORM: return fxrt_batch_norm_f32(r[0], I[0], I[1], I[2], r[1], r[2], r[3], r[4], (float)k->f[0], r[5]);
  case FX_K_LAYER_NORM: return fxrt_layer_norm_f32(r[0], I[0], I[1], r[1], r[2], (float)k->f[0], r[3], r[4], r[5]);
  case FX_K_GROUP_NORM: return fxrt_group_norm_f32(r[0], I[0], I[1], I[2], I[3], r[1], r[2], (float)k->f[0], r[3]);
  case FX_K_MAX_POOL: return fxrt_max_pool2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], &k->p.pool, r[2]);
  case FX_K_AVG_POOL: return fxrt_avg_pool2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], &k->p.pool);
  case FX_K_ADAPTIVE_AVG: return fxrt_adaptive_avg_pool2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5]);
  case FX_K_ADAPTIVE_MAX: return fxrt_adaptive_max_pool2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], r[2]);
  case FX_K_NEAREST: return fxrt_upsample_nearest2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], k->f[0], k->f[1]);
  case FX_K_BILINEAR:
    return fxrt_upsample_bilinear2d_f32(r[0], I[0], I[1], I[2], I[3], r[1], I[4], I[5], k->flag, k->f[0], k->f[1]);
  case FX_K_PAD2D: {
    const int64_t pads[4] = {I[4], I[5], I[6], I[7]};
    return fxrt_pad2d_f32((fxrt_pad_mode)k->sub, r[0], I[0], I[1], I[2], I[3], pads, r[1]);
  }
  case FX_K_EMBEDDING: return fxrt_embedding_f32(r[0], I[0], I[1], r[1], I[2], r[2]);
  case FX_K_POINTWISE: {
    const float *in[FXRT_PW_MAX_INPUTS];
    for (int64_t i = 0; i < I[0] && i < FXRT_PW_MAX_INPUTS; i++) in[i] = r[1 + i];
    return fxrt_pointwise_f32(k->p.pw, (int32_t)I[1], in, &k->view[1], (int32_t)I[0], r[0], k->view[0].ndim,
                              k->view[0].shape);
  }
  default: return FXRT_ENOTSUP;
  }
}

bool fx_interp_run(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *res, fx_diag *d) {
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
  ex e = {&L, &P, fx_tensor_alloc(P.arena ? P.arena : 1), inputs, NULL};
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
  bool ok = true;
  for (uint32_t k = 0; k < L.ncalls && ok; k++) {
    fxrt_status s = fx_exec_call(&L.calls[k], base, &e);
    if (s != FXRT_OK) {
      uint32_t node = L.calls[k].node;
      const fx_node *n = node != FX_NONE_IDX ? &p->g->nodes[node] : NULL;
      fx_diag_error(d, n && n->loc.line ? p->g->src : NULL, n ? n->loc : (fx_loc){0, 0, 0, 0},
                    "running '%.*s': %s failed: %s", n ? (int)n->name.n : 7, n ? n->name.p : "outputs",
                    fx_kind_function((fx_kind)L.calls[k].kind), fxrt_status_str(s));
      ok = false;
    }
  }
  res->peak_bytes = P.arena;
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
