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

fxrt_status model_run_threads(const float *x, float *output0, int64_t *output1, void *workspace, const fxrt_threadpool *threads) {
  if ((uintptr_t)workspace % MODEL_WORKSPACE_ALIGN) return FXRT_EINVAL; /* misaligned */
  unsigned char *const ws = (unsigned char *)workspace;
  float *const add = (float *)(void *)(ws + 0); /* f32[5, 4], calls 0..1 */
  float *const linear_fused = (float *)(void *)(ws + 128); /* f32[5, 5], calls 1..2 */
  float *const sum_1 = (float *)(void *)(ws + 0); /* f32[5], calls 2..3 */

  /* %x : [#users=1] = placeholder[target=x] */
  /*   f32[5, 4]: an input */

  /* %linear_weight : [#users=2] = get_attr[target=linear.weight] */
  /*   f32[5, 4]: a weight */

  /* %add : [#users=1] = call_function[target=operator.add](args = (%x, %linear_weight), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, x, &(const fxrt_view){2, {5, 4}, {4, 1}, 0}, w_linear_weight.v, &(const fxrt_view){2, {5, 4}, {4, 1}, 0}, add, &(const fxrt_view){2, {5, 4}, {4, 1}, 0}, 1.0));

  /* %linear_bias : [#users=1] = get_attr[target=linear.bias] */
  /*   f32[5]: a weight */

  /* %linear_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%add, %linear_weight, %linear_bias), kwargs = {activation: relu}) */
  /*   absorbed: linear, relu */
  FX2C_CHECK(fxrt_linear_f32(add, 5, 4, w_linear_weight.v, 5, w_linear_bias.v, linear_fused, &(const fxrt_epilogue){FXRT_ACT_RELU, 0.01f, -INFINITY, INFINITY, NULL}, threads));

  /* %sum_1 : [#users=1] = call_function[target=torch.sum](args = (%linear_fused,), kwargs = {dim: -1}) */
  FX2C_CHECK(fxrt_reduce(FXRT_R_SUM, FXRT_F32, linear_fused, 5, 5, 1, sum_1));

  /* %topk : [#users=1] = call_function[target=torch.topk](args = (%sum_1, 3), kwargs = {}) */
  FX2C_CHECK(fxrt_topk_f32(sum_1, 1, 5, 1, 3, true, output0, output1));

  /* return topk */
  /*   computed in place: output0 = topk_0, output1 = topk_1 */
  return FXRT_OK;
}

fxrt_status model_run(const float *x, float *output0, int64_t *output1, void *workspace) {
  return model_run_threads(x, output0, output1, workspace, NULL);
}
