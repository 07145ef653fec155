/* model.c: model_run (see model.h). One statement per kernel call, in graph order, each node under
 * the FX line it implements. FX2C_CHECK returns the first failing status. */
#include "model.h"
#include "model_weights.h"
#include "fxrt_scalar.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#define FX2C_CHECK(call)                \
  do {                                  \
    fxrt_status s_ = (call);            \
    if (s_ != FXRT_OK) return s_;       \
  } while (0)

/* relu(add(%x, %scale)) */
static void pointwise_relu_fused(const float *restrict in0, const float *restrict in1, float *restrict out) {
  for (int64_t i0 = 0; i0 < 3; i0++)
    for (int64_t i1 = 0; i1 < 4; i1++) {
      const float r0 = in0[i0 * 4 + i1];
      const float r1 = in1[i1];
      const float r2 = fxrt_s_add(r0, r1);
      const float r3 = fxrt_s_relu(r2);
      out[i0 * 4 + i1] = r3;
    }
}

fxrt_status model_run_threads(const float *input_x, float *output0, float *output1, float *output2, float *output3, int64_t *output4, void *workspace, const fxrt_threadpool *threads) {
  (void)threads; /* no kernel of this model splits its work */
  if ((uintptr_t)workspace % MODEL_WORKSPACE_ALIGN) return FXRT_EINVAL; /* misaligned */
  unsigned char *const ws = (unsigned char *)workspace;
  float *const x = (float *)(void *)(ws + 0); /* f32[3, 4], calls 0..3 */

  /* inputs and weights that the graph writes into, copied first */
  FX2C_CHECK(fxrt_copy(FXRT_F32, input_x, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}, FXRT_F32, x, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}));

  /* %x : [#users=4] = placeholder[target=x] */
  /*   f32[3, 4]: an input */

  /* %mul_ : [#users=0] = call_method[target=mul_](args = (%x, 2.0), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_MUL, FXRT_F32, x, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}, (const float[]){2.0f}, &(const fxrt_view){2, {3, 4}, {0, 0}, 0}, x, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}, 1.0));

  /* %scale : [#users=2] = get_attr[target=scale] */
  /*   f32[4]: a weight */

  /* %relu_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (relu(add(%x, %scale)),), kwargs = {}) */
  /*   absorbed: add, relu */
  pointwise_relu_fused(x, w_scale.v, output0);

  /* %size : [#users=1] = call_method[target=size](args = (%x, 0), kwargs = {}) */
  /*   known at compile time: 3 */

  /* return (relu_fused, x, relu_fused, scale, size) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, x, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}, FXRT_F32, output1, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}));
  FX2C_CHECK(fxrt_copy(FXRT_F32, output0, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}, FXRT_F32, output2, &(const fxrt_view){2, {3, 4}, {4, 1}, 0}));
  FX2C_CHECK(fxrt_copy(FXRT_F32, w_scale.v, &(const fxrt_view){1, {4}, {1}, 0}, FXRT_F32, output3, &(const fxrt_view){1, {4}, {1}, 0}));
  FX2C_CHECK(fxrt_fill(FXRT_I64, output4, 1, 3.0));
  /*   computed in place: output0 = relu_fused */
  return FXRT_OK;
}

fxrt_status model_run(const float *input_x, float *output0, float *output1, float *output2, float *output3, int64_t *output4, void *workspace) {
  return model_run_threads(input_x, output0, output1, output2, output3, output4, workspace, NULL);
}
