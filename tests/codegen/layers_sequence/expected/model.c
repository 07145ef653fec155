/* model.c: model_run (see model.h). One statement per kernel call, in graph order, each node under
 * the FX line it implements. FX2C_CHECK returns the first failing status. */
#include "model.h"
#include "model_weights.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#define FX2C_CHECK(call)                \
  do {                                  \
    fxrt_status s_ = (call);            \
    if (s_ != FXRT_OK) return s_;       \
  } while (0)

fxrt_status model_run_threads(const float *x, const int64_t *idx, float *output0, float *output1, void *workspace, const fxrt_threadpool *threads) {
  if ((uintptr_t)workspace % MODEL_WORKSPACE_ALIGN) return FXRT_EINVAL; /* misaligned */
  unsigned char *const ws = (unsigned char *)workspace;
  float *const conv = (float *)(void *)(ws + 2624); /* f32[2, 6, 16], calls 0..1 */
  float *const pool_max = (float *)(void *)(ws + 0); /* f32[2, 6, 9], calls 1..2 */
  float *const pool_avg = (float *)(void *)(ws + 448); /* f32[2, 6, 4], calls 2..4 */
  float *const pad = (float *)(void *)(ws + 0); /* f32[2, 6, 7], calls 3..5 */
  float *const pool_adaptive = (float *)(void *)(ws + 384); /* f32[2, 6, 3], calls 5..8 */
  float *const mean = (float *)(void *)(ws + 0); /* f32[2, 6], calls 7..10 */
  float *const mean_1 = (float *)(void *)(ws + 64); /* f32[2, 6], calls 8..9 */

  /* %x : [#users=1] = placeholder[target=x] */
  /*   f32[2, 4, 32]: an input */

  /* %idx : [#users=1] = placeholder[target=idx] */
  /*   i64[2, 7]: an input */

  /* %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {}) */
  /*   absorbed: bn */
  FX2C_CHECK(fxrt_conv2d_f32(x, 2, 4, 1, 32, w_conv_weight.v, 6, 1, 5, w_conv_bias.v, conv, 1, 16, &(const fxrt_conv2d_params){{1, 2}, {0, 2}, {1, 1}, 1, {0, 0}}, NULL, (void *)(ws + 0), 2624, threads));

  /* %pool_max : [#users=1] = call_module[target=pool_max](args = (%conv,), kwargs = {}) */
  FX2C_CHECK(fxrt_max_pool2d_f32(conv, 1, 12, 1, 16, pool_max, 1, 9, &(const fxrt_pool2d_params){{1, 3}, {1, 2}, {0, 1}, {1, 1}, true, true, 0}, NULL, threads));

  /* %pool_avg : [#users=1] = call_module[target=pool_avg](args = (%pool_max,), kwargs = {}) */
  FX2C_CHECK(fxrt_avg_pool2d_f32(pool_max, 1, 12, 1, 9, pool_avg, 1, 4, &(const fxrt_pool2d_params){{1, 2}, {1, 2}, {0, 0}, {1, 1}, false, true, 0}, threads));

  /* %pad : [#users=1] = call_module[target=pad](args = (%pool_avg,), kwargs = {}) */
  FX2C_CHECK(fxrt_fill(FXRT_F32, pad, 84, -1.0));
  FX2C_CHECK(fxrt_copy(FXRT_F32, pool_avg, &(const fxrt_view){3, {2, 6, 4}, {24, 4, 1}, 0}, FXRT_F32, pad, &(const fxrt_view){3, {2, 6, 4}, {42, 7, 1}, 2}));

  /* %pool_adaptive : [#users=1] = call_module[target=pool_adaptive](args = (%pad,), kwargs = {}) */
  FX2C_CHECK(fxrt_adaptive_avg_pool2d_f32(pad, 1, 12, 1, 7, pool_adaptive, 1, 3));

  /* %emb : [#users=2] = call_module[target=emb](args = (%idx,), kwargs = {}) */
  FX2C_CHECK(fxrt_embedding_f32(w_emb_weight.v, 10, 6, idx, 14, output1));

  /* %mean : [#users=1] = call_method[target=mean](args = (%emb, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_reduce(FXRT_R_MEAN, FXRT_F32, output1, 2, 7, 6, mean));

  /* %mean_1 : [#users=1] = call_method[target=mean](args = (%pool_adaptive, 2), kwargs = {}) */
  FX2C_CHECK(fxrt_reduce(FXRT_R_MEAN, FXRT_F32, pool_adaptive, 12, 3, 1, mean_1));

  /* %add : [#users=1] = call_function[target=operator.add](args = (%mean, %mean_1), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, mean, &(const fxrt_view){2, {2, 6}, {6, 1}, 0}, mean_1, &(const fxrt_view){2, {2, 6}, {6, 1}, 0}, mean, &(const fxrt_view){2, {2, 6}, {6, 1}, 0}, 1.0));

  /* %fc : [#users=1] = call_module[target=fc](args = (%add,), kwargs = {}) */
  /*   absorbed: bn_fc */
  FX2C_CHECK(fxrt_linear_f32(mean, 2, 6, w_fc_weight.v, 3, w_fc_bias.v, output0, NULL, threads));

  /* return (fc, emb) */
  /*   computed in place: output0 = fc, output1 = emb */
  return FXRT_OK;
}

fxrt_status model_run(const float *x, const int64_t *idx, float *output0, float *output1, void *workspace) {
  return model_run_threads(x, idx, output0, output1, workspace, NULL);
}
