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

fxrt_status model_run_threads(const float *x, float *output0, void *workspace, const fxrt_threadpool *threads) {
  if ((uintptr_t)workspace % MODEL_WORKSPACE_ALIGN) return FXRT_EINVAL; /* misaligned */
  unsigned char *const ws = (unsigned char *)workspace;
  float *const permute = (float *)(void *)(ws + 0); /* f32[1, 8, 16], calls 0..1 */
  float *const blocks_0_0 = (float *)(void *)(ws + 512); /* f32[1, 8, 16], calls 1..2 */
  float *const blocks_0_1_fused = (float *)(void *)(ws + 1024); /* f32[1, 8, 64], calls 2..3 */
  float *const blocks_0_3 = (float *)(void *)(ws + 512); /* f32[1, 8, 16], calls 3..5 */
  float *const permute_1 = (float *)(void *)(ws + 0); /* f32[1, 16, 8], calls 5..13 */
  float *const permute_2 = (float *)(void *)(ws + 1024); /* f32[1, 8, 16], calls 7..8 */
  float *const blocks_1_0 = (float *)(void *)(ws + 512); /* f32[1, 8, 16], calls 8..9 */
  float *const blocks_1_1_fused = (float *)(void *)(ws + 1024); /* f32[1, 8, 64], calls 9..10 */
  float *const blocks_1_3 = (float *)(void *)(ws + 512); /* f32[1, 8, 16], calls 10..12 */
  float *const permute_3 = (float *)(void *)(ws + 2560); /* f32[1, 16, 8], calls 12..20 */
  float *const permute_4 = (float *)(void *)(ws + 0); /* f32[1, 8, 16], calls 14..15 */
  float *const blocks_2_0 = (float *)(void *)(ws + 2048); /* f32[1, 8, 16], calls 15..16 */
  float *const blocks_2_1_fused = (float *)(void *)(ws + 0); /* f32[1, 8, 64], calls 16..17 */
  float *const blocks_2_3 = (float *)(void *)(ws + 2048); /* f32[1, 8, 16], calls 17..19 */
  float *const permute_5 = (float *)(void *)(ws + 512); /* f32[1, 16, 8], calls 19..27 */
  float *const permute_6 = (float *)(void *)(ws + 1024); /* f32[1, 8, 16], calls 21..22 */
  float *const blocks_3_0 = (float *)(void *)(ws + 0); /* f32[1, 8, 16], calls 22..23 */
  float *const blocks_3_1_fused = (float *)(void *)(ws + 1024); /* f32[1, 8, 64], calls 23..24 */
  float *const blocks_3_3 = (float *)(void *)(ws + 0); /* f32[1, 8, 16], calls 24..26 */
  float *const permute_7 = (float *)(void *)(ws + 1024); /* f32[1, 16, 8], calls 26..27 */

  /* %x : [#users=2] = placeholder[target=x] */
  /*   f32[1, 16, 8]: an input */

  /* %permute : [#users=1] = call_method[target=permute](args = (%x, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, x, &(const fxrt_view){3, {1, 8, 16}, {128, 1, 8}, 0}, FXRT_F32, permute, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}));

  /* %blocks_0_0 : [#users=1] = call_module[target=blocks.0.0](args = (%permute,), kwargs = {}) */
  FX2C_CHECK(fxrt_layer_norm_f32(permute, 8, 16, w_blocks_0_0_weight.v, w_blocks_0_0_bias.v, 1e-05f, blocks_0_0, NULL, NULL));

  /* %blocks_0_1_weight : [#users=1] = get_attr[target=blocks.0.1.weight] */
  /*   f32[64, 16]: a weight */

  /* %blocks_0_1_bias : [#users=1] = get_attr[target=blocks.0.1.bias] */
  /*   f32[64]: a weight */

  /* %blocks_0_1_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%blocks_0_0, %blocks_0_1_weight, %blocks_0_1_bias), kwargs = {activation: gelu}) */
  /*   absorbed: blocks_0_1, blocks_0_2 */
  FX2C_CHECK(fxrt_linear_f32(blocks_0_0, 8, 16, w_blocks_0_1_weight.v, 64, w_blocks_0_1_bias.v, blocks_0_1_fused, &(const fxrt_epilogue){FXRT_ACT_GELU, 0.01f, -INFINITY, INFINITY, NULL}, threads));

  /* %blocks_0_3 : [#users=1] = call_module[target=blocks.0.3](args = (%blocks_0_1_fused,), kwargs = {}) */
  FX2C_CHECK(fxrt_linear_f32(blocks_0_1_fused, 8, 64, w_blocks_0_3_weight.v, 16, w_blocks_0_3_bias.v, blocks_0_3, NULL, threads));

  /* %scale : [#users=4] = get_attr[target=scale] */
  /*   f32[16]: a weight */

  /* %mul : [#users=1] = call_function[target=operator.mul](args = (%blocks_0_3, %scale), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_MUL, FXRT_F32, blocks_0_3, &(const fxrt_view){3, {1, 8, 16}, {0, 16, 1}, 0}, w_scale.v, &(const fxrt_view){3, {1, 8, 16}, {0, 0, 1}, 0}, blocks_0_3, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}, 1.0));

  /* %permute_1 : [#users=1] = call_method[target=permute](args = (%mul, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, blocks_0_3, &(const fxrt_view){3, {1, 16, 8}, {128, 1, 16}, 0}, FXRT_F32, permute_1, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}));

  /* %add : [#users=2] = call_function[target=operator.add](args = (%permute_1, %x), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, permute_1, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, x, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, permute_1, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}, 1.0));

  /* %permute_2 : [#users=1] = call_method[target=permute](args = (%add, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, permute_1, &(const fxrt_view){3, {1, 8, 16}, {128, 1, 8}, 0}, FXRT_F32, permute_2, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}));

  /* %blocks_1_0 : [#users=1] = call_module[target=blocks.1.0](args = (%permute_2,), kwargs = {}) */
  FX2C_CHECK(fxrt_layer_norm_f32(permute_2, 8, 16, w_blocks_1_0_weight.v, w_blocks_1_0_bias.v, 1e-05f, blocks_1_0, NULL, NULL));

  /* %blocks_1_1_weight : [#users=1] = get_attr[target=blocks.1.1.weight] */
  /*   f32[64, 16]: a weight */

  /* %blocks_1_1_bias : [#users=1] = get_attr[target=blocks.1.1.bias] */
  /*   f32[64]: a weight */

  /* %blocks_1_1_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%blocks_1_0, %blocks_1_1_weight, %blocks_1_1_bias), kwargs = {activation: gelu}) */
  /*   absorbed: blocks_1_1, blocks_1_2 */
  FX2C_CHECK(fxrt_linear_f32(blocks_1_0, 8, 16, w_blocks_1_1_weight.v, 64, w_blocks_1_1_bias.v, blocks_1_1_fused, &(const fxrt_epilogue){FXRT_ACT_GELU, 0.01f, -INFINITY, INFINITY, NULL}, threads));

  /* %blocks_1_3 : [#users=1] = call_module[target=blocks.1.3](args = (%blocks_1_1_fused,), kwargs = {}) */
  FX2C_CHECK(fxrt_linear_f32(blocks_1_1_fused, 8, 64, w_blocks_1_3_weight.v, 16, w_blocks_1_3_bias.v, blocks_1_3, NULL, threads));

  /* %mul_1 : [#users=1] = call_function[target=operator.mul](args = (%blocks_1_3, %scale), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_MUL, FXRT_F32, blocks_1_3, &(const fxrt_view){3, {1, 8, 16}, {0, 16, 1}, 0}, w_scale.v, &(const fxrt_view){3, {1, 8, 16}, {0, 0, 1}, 0}, blocks_1_3, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}, 1.0));

  /* %permute_3 : [#users=1] = call_method[target=permute](args = (%mul_1, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, blocks_1_3, &(const fxrt_view){3, {1, 16, 8}, {128, 1, 16}, 0}, FXRT_F32, permute_3, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}));

  /* %add_1 : [#users=2] = call_function[target=operator.add](args = (%permute_3, %add), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, permute_3, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, permute_1, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, permute_3, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}, 1.0));

  /* %permute_4 : [#users=1] = call_method[target=permute](args = (%add_1, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, permute_3, &(const fxrt_view){3, {1, 8, 16}, {128, 1, 8}, 0}, FXRT_F32, permute_4, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}));

  /* %blocks_2_0 : [#users=1] = call_module[target=blocks.2.0](args = (%permute_4,), kwargs = {}) */
  FX2C_CHECK(fxrt_layer_norm_f32(permute_4, 8, 16, w_blocks_2_0_weight.v, w_blocks_2_0_bias.v, 1e-05f, blocks_2_0, NULL, NULL));

  /* %blocks_2_1_weight : [#users=1] = get_attr[target=blocks.2.1.weight] */
  /*   f32[64, 16]: a weight */

  /* %blocks_2_1_bias : [#users=1] = get_attr[target=blocks.2.1.bias] */
  /*   f32[64]: a weight */

  /* %blocks_2_1_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%blocks_2_0, %blocks_2_1_weight, %blocks_2_1_bias), kwargs = {activation: gelu}) */
  /*   absorbed: blocks_2_1, blocks_2_2 */
  FX2C_CHECK(fxrt_linear_f32(blocks_2_0, 8, 16, w_blocks_2_1_weight.v, 64, w_blocks_2_1_bias.v, blocks_2_1_fused, &(const fxrt_epilogue){FXRT_ACT_GELU, 0.01f, -INFINITY, INFINITY, NULL}, threads));

  /* %blocks_2_3 : [#users=1] = call_module[target=blocks.2.3](args = (%blocks_2_1_fused,), kwargs = {}) */
  FX2C_CHECK(fxrt_linear_f32(blocks_2_1_fused, 8, 64, w_blocks_2_3_weight.v, 16, w_blocks_2_3_bias.v, blocks_2_3, NULL, threads));

  /* %mul_2 : [#users=1] = call_function[target=operator.mul](args = (%blocks_2_3, %scale), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_MUL, FXRT_F32, blocks_2_3, &(const fxrt_view){3, {1, 8, 16}, {0, 16, 1}, 0}, w_scale.v, &(const fxrt_view){3, {1, 8, 16}, {0, 0, 1}, 0}, blocks_2_3, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}, 1.0));

  /* %permute_5 : [#users=1] = call_method[target=permute](args = (%mul_2, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, blocks_2_3, &(const fxrt_view){3, {1, 16, 8}, {128, 1, 16}, 0}, FXRT_F32, permute_5, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}));

  /* %add_2 : [#users=2] = call_function[target=operator.add](args = (%permute_5, %add_1), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, permute_5, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, permute_3, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, permute_5, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}, 1.0));

  /* %permute_6 : [#users=1] = call_method[target=permute](args = (%add_2, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, permute_5, &(const fxrt_view){3, {1, 8, 16}, {128, 1, 8}, 0}, FXRT_F32, permute_6, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}));

  /* %blocks_3_0 : [#users=1] = call_module[target=blocks.3.0](args = (%permute_6,), kwargs = {}) */
  FX2C_CHECK(fxrt_layer_norm_f32(permute_6, 8, 16, w_blocks_3_0_weight.v, w_blocks_3_0_bias.v, 1e-05f, blocks_3_0, NULL, NULL));

  /* %blocks_3_1_weight : [#users=1] = get_attr[target=blocks.3.1.weight] */
  /*   f32[64, 16]: a weight */

  /* %blocks_3_1_bias : [#users=1] = get_attr[target=blocks.3.1.bias] */
  /*   f32[64]: a weight */

  /* %blocks_3_1_fused : [#users=1] = call_function[target=fx2c.fused_linear](args = (%blocks_3_0, %blocks_3_1_weight, %blocks_3_1_bias), kwargs = {activation: gelu}) */
  /*   absorbed: blocks_3_1, blocks_3_2 */
  FX2C_CHECK(fxrt_linear_f32(blocks_3_0, 8, 16, w_blocks_3_1_weight.v, 64, w_blocks_3_1_bias.v, blocks_3_1_fused, &(const fxrt_epilogue){FXRT_ACT_GELU, 0.01f, -INFINITY, INFINITY, NULL}, threads));

  /* %blocks_3_3 : [#users=1] = call_module[target=blocks.3.3](args = (%blocks_3_1_fused,), kwargs = {}) */
  FX2C_CHECK(fxrt_linear_f32(blocks_3_1_fused, 8, 64, w_blocks_3_3_weight.v, 16, w_blocks_3_3_bias.v, blocks_3_3, NULL, threads));

  /* %mul_3 : [#users=1] = call_function[target=operator.mul](args = (%blocks_3_3, %scale), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_MUL, FXRT_F32, blocks_3_3, &(const fxrt_view){3, {1, 8, 16}, {0, 16, 1}, 0}, w_scale.v, &(const fxrt_view){3, {1, 8, 16}, {0, 0, 1}, 0}, blocks_3_3, &(const fxrt_view){3, {1, 8, 16}, {128, 16, 1}, 0}, 1.0));

  /* %permute_7 : [#users=1] = call_method[target=permute](args = (%mul_3, 0, 2, 1), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, blocks_3_3, &(const fxrt_view){3, {1, 16, 8}, {128, 1, 16}, 0}, FXRT_F32, permute_7, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}));

  /* %add_3 : [#users=1] = call_function[target=operator.add](args = (%permute_7, %add_2), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, permute_7, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, permute_5, &(const fxrt_view){3, {1, 16, 8}, {0, 8, 1}, 0}, output0, &(const fxrt_view){3, {1, 16, 8}, {128, 8, 1}, 0}, 1.0));

  /* return add_3 */
  /*   computed in place: output0 = add_3 */
  return FXRT_OK;
}

fxrt_status model_run(const float *x, float *output0, void *workspace) {
  return model_run_threads(x, output0, workspace, NULL);
}
