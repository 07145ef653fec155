/* exec.c: running one lowered call with the runtime's kernels (exec.h). */
#include "exec.h"

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
  case FX_K_WINOGRAD:
    return fxrt_winograd_conv2d_f32(k->sub, r[0], I[0], I[1], I[2], I[3], r[1], I[4], r[2], r[3], I[5], I[6], I[7],
                                    I[8], epp, r[5], (size_t)I[9]);
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

