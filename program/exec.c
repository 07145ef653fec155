/* exec.c: running one lowered call with the runtime's kernels (exec.h). */
#include "exec.h"

#include <stdio.h>
#include <string.h>

/* The typed value of a scalar ref, kept in `slot`. */
typedef union {
  float f;
  double d;
  int64_t i;
  int32_t i32;
  uint8_t b;
} scalar;

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

/* The epilogue that an EPILOGUE operand stands for: k's, with its residual, or NULL. */
static const fxrt_epilogue *epilogue(const fx_kcall *k, void *residual, fxrt_epilogue *ep) {
  if (!k->has_ep) return NULL;
  *ep = k->ep;
  ep->residual = residual;
  return ep;
}

/* Each operand type of kernels.def as an argument expression (with its leading comma). */
#define ARG_IN(s) , r[s]
#define ARG_OUT(s) , r[s]
#define ARG_VIEW(s) , &k->view[s]
#define ARG_I64(s) , k->i[s]
#define ARG_I32(s) , (int32_t)k->i[s]
#define ARG_SIZE(s) , (size_t)k->i[s]
#define ARG_F32(s) , (float)k->f[s]
#define ARG_F64(s) , k->f[s]
#define ARG_FLAG(s) , k->flag
#define ARG_UNOP(s) , (fxrt_unary_op)k->sub
#define ARG_BINOP(s) , (fxrt_binary_op)k->sub
#define ARG_REDOP(s) , (fxrt_reduce_op)k->sub
#define ARG_SCANOP(s) , (fxrt_scan_op)k->sub
#define ARG_PADMODE(s) , (fxrt_pad_mode)k->sub
#define ARG_TILE(s) , (int64_t)k->sub
#define ARG_DTYPE(s) , k->dt
#define ARG_DTYPE2(s) , k->dt2
#define ARG_UNPARAMS(s) , &k->p.un
#define ARG_CONVPARAMS(s) , &k->p.conv
#define ARG_CONVTPARAMS(s) , &k->p.convt
#define ARG_POOLPARAMS(s) , &k->p.pool
#define ARG_CONV3PARAMS(s) , &k->p.conv3
#define ARG_POOL3PARAMS(s) , &k->p.pool3
#define ARG_SMALLPARAMS(s) , &k->p.small
#define ARG_PADS(s) , (const int64_t[4]){k->i[s], k->i[s + 1], k->i[s + 2], k->i[s + 3]}
#define ARG_EPILOGUE(s) , epilogue(k, r[s], &ep)
#define ARG_THREADS(s) , threads
/* a fused group: its program, its inputs r[1..i0] read through views 1..i0, its result r[0] of view 0's shape */
#define ARG_POINTWISE(s) \
  , k->p.pw, (int32_t)k->i[1], pw_in, &k->view[1], (int32_t)k->i[0], r[0], k->view[0].ndim, k->view[0].shape
/* a user-defined op: exec_custom, before the switch */
#define ARG_CUSTOM(s) , NULL, NULL
#define A(type, slot, name) ARG_##type(slot)
#define DROP_FIRST(x, ...) __VA_ARGS__
#define CALL(fn, ...) fn(DROP_FIRST(__VA_ARGS__))

/* A user-defined op: its description with the call's tensors, given to the function that `fx2c run` loaded. */
static fxrt_status exec_custom(const fx_kcall *k, void *const *r) {
  const fx_custom_site *s = k->custom;
  if (!s || !s->decl->fn) return FXRT_EINVAL;
  fxrt_custom_arg args[FX_SIG_MAX], results[FX_CUSTOM_MAX_RESULTS];
  memcpy(args, s->args, sizeof args);
  memcpy(results, s->results, sizeof results);
  for (int32_t i = 0; i < s->nargs; i++)
    if (s->arg_ref[i] >= 0) args[i].data = r[s->arg_ref[i]];
  for (int32_t j = 0; j < s->nresults; j++) results[j].data = r[s->result_ref[j]];
  char target[256];
  snprintf(target, sizeof target, "%.*s", (int)(s->decl->target.n > 250 ? 250 : s->decl->target.n), s->decl->target.p);
  const fxrt_custom_call call = {target, args, s->nargs, results, s->nresults};
  return fxrt_custom(s->decl->fn, &call);
}

fxrt_status fx_exec_call(const fx_kcall *k, fx_ref_base_fn basefn, void *ctx, const fxrt_threadpool *threads) {
  scalar s[FX_KCALL_REFS];
  void *r[FX_KCALL_REFS];
  for (int i = 0; i < FX_KCALL_REFS; i++) r[i] = ptr(k, i, s, basefn, ctx);
  fxrt_epilogue ep;
  const float *pw_in[FXRT_PW_MAX_INPUTS] = {NULL};
  if (k->kind == FX_K_CUSTOM) return exec_custom(k, r);
  if (k->kind == FX_K_POINTWISE)
    for (int64_t i = 0; i < k->i[0] && i < FXRT_PW_MAX_INPUTS; i++) pw_in[i] = r[1 + i];
  switch ((fx_kind)k->kind) {
#define FX_KERNEL(kind, fn, file, args) \
  case FX_K_##kind: return CALL(fn, ~ args);
#include "kernels.def"
#undef FX_KERNEL
  default: return FXRT_ENOTSUP;
  }
}
