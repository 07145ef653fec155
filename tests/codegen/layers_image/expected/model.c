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

/* add(add(add(add(add(add(add(add(add(add(add(add(add(add(add(add(relu(%gn), relu6(%gn)), leaky_relu(%gn, 0.2)), elu(%gn, 0.7, 1.0, 1.0)), gelu(%gn)), gelu_tanh(%gn)), silu(%gn)), sigmoid(%gn)), tanh(%gn)), hardswish(%gn)), hardsigmoid(%gn)), clamp(%gn, -0.5, 0.75)), mish(%gn)), %gn), %gn), %gn), %gn) */
static void pointwise_add_15_fused(float *restrict out) {
  for (int64_t i0 = 0; i0 < 2736; i0++) {
    const float r0 = out[i0];
    const float r1 = fxrt_s_relu(r0);
    const float r2 = fxrt_s_relu6(r0);
    const float r3 = fxrt_s_add(r1, r2);
    const float r4 = fxrt_s_leaky_relu(r0, 0.2f);
    const float r5 = fxrt_s_add(r3, r4);
    const float r6 = fxrt_s_elu(r0, 0.7f, 1.0f, 1.0f);
    const float r7 = fxrt_s_add(r5, r6);
    const float r8 = fxrt_s_gelu(r0);
    const float r9 = fxrt_s_add(r7, r8);
    const float r10 = fxrt_s_gelu_tanh(r0);
    const float r11 = fxrt_s_add(r9, r10);
    const float r12 = fxrt_s_silu(r0);
    const float r13 = fxrt_s_add(r11, r12);
    const float r14 = fxrt_s_sigmoid(r0);
    const float r15 = fxrt_s_add(r13, r14);
    const float r16 = fxrt_s_tanh(r0);
    const float r17 = fxrt_s_add(r15, r16);
    const float r18 = fxrt_s_hardswish(r0);
    const float r19 = fxrt_s_add(r17, r18);
    const float r20 = fxrt_s_hardsigmoid(r0);
    const float r21 = fxrt_s_add(r19, r20);
    const float r22 = fxrt_s_clamp(r0, -0.5f, 0.75f);
    const float r23 = fxrt_s_add(r21, r22);
    const float r24 = fxrt_s_mish(r0);
    const float r25 = fxrt_s_add(r23, r24);
    const float r26 = fxrt_s_add(r25, r0);
    const float r27 = fxrt_s_add(r26, r0);
    const float r28 = fxrt_s_add(r27, r0);
    const float r29 = fxrt_s_add(r28, r0);
    out[i0] = r29;
  }
}

fxrt_status model_run_threads(const float *x, float *output0, float *output1, float *output2, float *output3, float *output4, void *workspace, const fxrt_threadpool *threads) {
  if ((uintptr_t)workspace % MODEL_WORKSPACE_ALIGN) return FXRT_EINVAL; /* misaligned */
  unsigned char *const ws = (unsigned char *)workspace;
  float *const conv_padded = (float *)(void *)(ws + 27712); /* f32[2, 8, 17, 19], calls 0..1 */
  float *const conv_grouped = (float *)(void *)(ws + 55360); /* f32[2, 8, 9, 19], calls 1..2 */
  float *const conv_dilated = (float *)(void *)(ws + 66304); /* f32[2, 8, 9, 19], calls 2..3 */
  float *const gn = (float *)(void *)(ws + 0); /* f32[2, 8, 9, 19], calls 3..5 */
  float *const pool_max = (float *)(void *)(ws + 10944); /* f32[2, 8, 5, 10], calls 5..15 */
  float *const pool_avg = (float *)(void *)(ws + 0); /* f32[2, 8, 5, 10], calls 6..7 */
  float *const pool_adaptive = (float *)(void *)(ws + 93184); /* f32[2, 8, 3, 5], calls 8..26 */
  float *const pool_adaptive_max = (float *)(void *)(ws + 2048); /* f32[2, 8, 2, 2], calls 9..11 */
  float *const up = (float *)(void *)(ws + 0); /* f32[2, 8, 4, 4], calls 10..12 */
  float *const up_nearest2d = (float *)(void *)(ws + 1024); /* f32[2, 8, 4, 4], calls 11..12 */
  float *const shuffle_conv = (float *)(void *)(ws + 0); /* f32[2, 16, 5, 10], calls 15..16 */
  float *const shuffle = (float *)(void *)(ws + 19200); /* f32[2, 4, 10, 20], calls 16..18 */
  float *const pad_const = (float *)(void *)(ws + 10752); /* f32[2, 4, 12, 22], calls 17..19 */
  float *const pad_reflect = (float *)(void *)(ws + 0); /* f32[2, 4, 14, 24], calls 19..20 */
  float *const pad_replicate = (float *)(void *)(ws + 79872); /* f32[2, 4, 16, 26], calls 20..21 */
  float *const deconv = (float *)(void *)(ws + 0); /* f32[2, 6, 32, 52], calls 21..22 */
  float *const getitem = (float *)(void *)(ws + 79872); /* f32[2, 6, 5], calls 22..23 */
  float *const ln = (float *)(void *)(ws + 80128); /* f32[2, 6, 5], calls 23..24 */
  float *const fc = (float *)(void *)(ws + 80384); /* f32[2, 6, 4], calls 24..25 */

  /* %x : [#users=1] = placeholder[target=x] */
  /*   f32[2, 3, 16, 16]: an input */

  /* %conv_weight : [#users=1] = get_attr[target=conv.weight] */
  /*   f32[8, 3, 3, 3]: a weight */

  /* %conv_padded : [#users=1] = call_function[target=fx2c.fused_conv](args = (%x, %conv_weight, None), kwargs = {padding: (1, 2), stride: (1, 1), dilation: 1, groups: 1, padding_end: (2, 3)}) */
  /*   absorbed: pad_zero, conv */
  FX2C_CHECK(fxrt_conv2d_f32(x, 2, 3, 16, 16, w_conv_weight.v, 8, 3, 3, NULL, conv_padded, 17, 19, &(const fxrt_conv2d_params){{1, 1}, {1, 2}, {1, 1}, 1, {1, 1}}, &(const fxrt_epilogue){FXRT_ACT_NONE, 0.01f, -INFINITY, INFINITY, NULL}, (void *)(ws + 0), 27712, threads));

  /* %conv_grouped : [#users=1] = call_module[target=conv_grouped](args = (%conv_padded,), kwargs = {}) */
  /*   absorbed: bn */
  FX2C_CHECK(fxrt_conv2d_f32(conv_padded, 2, 8, 17, 19, w_conv_grouped_weight.v, 8, 3, 5, w_conv_grouped_bias.v, conv_grouped, 9, 19, &(const fxrt_conv2d_params){{2, 1}, {1, 2}, {1, 1}, 4, {0, 0}}, NULL, (void *)(ws + 0), 23104, threads));

  /* %conv_dilated : [#users=1] = call_module[target=conv_dilated](args = (%conv_grouped,), kwargs = {}) */
  FX2C_CHECK(fxrt_conv2d_f32(conv_grouped, 2, 8, 9, 19, w_conv_dilated_weight.v, 8, 3, 3, w_conv_dilated_bias.v, conv_dilated, 9, 19, &(const fxrt_conv2d_params){{1, 1}, {2, 2}, {2, 2}, 1, {0, 0}}, NULL, (void *)(ws + 0), 55360, threads));

  /* %gn : [#users=1] = call_module[target=gn](args = (%conv_dilated,), kwargs = {}) */
  FX2C_CHECK(fxrt_group_norm_f32(conv_dilated, 2, 8, 171, 2, w_gn_weight.v, w_gn_bias.v, 1e-05f, gn));

  /* %add_15_fused : [#users=1] = call_function[target=fx2c.pointwise](args = (add(add(add(add(add(add(add(add(add(add(add(add(add(add(add(add(relu(%gn), relu6(%gn)), leaky_relu(%gn, 0.2)), elu(%gn, 0.7, 1.0, 1.0)), gelu(%gn)), gelu_tanh(%gn)), silu(%gn)), sigmoid(%gn)), tanh(%gn)), hardswish(%gn)), hardsigmoid(%gn)), clamp(%gn, -0.5, 0.75)), mish(%gn)), %gn), %gn), %gn), %gn),), kwargs = {}) */
  /*   absorbed: act_0, act_1, act_2, act_3, act_4, act_5, act_6, act_7, act_8, act_9, act_10, act_11, act_12, add, add_1, add_2, add_3, add_4, add_5, add_6, add_7, add_8, add_9, add_10, add_11, add_12, add_13, add_14, add_15 */
  pointwise_add_15_fused(gn);

  /* %pool_max : [#users=2] = call_module[target=pool_max](args = (%add_15_fused,), kwargs = {}) */
  /*   absorbed: pool_max_1 */
  FX2C_CHECK(fxrt_max_pool2d_f32(gn, 1, 16, 9, 19, pool_max, 5, 10, &(const fxrt_pool2d_params){{3, 3}, {2, 2}, {1, 1}, {1, 1}, true, true, 0}, NULL, threads));

  /* %pool_avg : [#users=1] = call_module[target=pool_avg](args = (%pool_max,), kwargs = {}) */
  FX2C_CHECK(fxrt_avg_pool2d_f32(pool_max, 1, 16, 5, 10, pool_avg, 5, 10, &(const fxrt_pool2d_params){{3, 3}, {1, 1}, {1, 1}, {1, 1}, false, true, 0}, threads));

  /* %add_16 : [#users=5] = call_function[target=operator.add](args = (%pool_max, %pool_avg), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, pool_max, &(const fxrt_view){4, {2, 8, 5, 10}, {400, 50, 10, 1}, 0}, pool_avg, &(const fxrt_view){4, {2, 8, 5, 10}, {400, 50, 10, 1}, 0}, pool_max, &(const fxrt_view){4, {2, 8, 5, 10}, {400, 50, 10, 1}, 0}, 1.0));

  /* %pool_adaptive : [#users=1] = call_module[target=pool_adaptive](args = (%add_16,), kwargs = {}) */
  FX2C_CHECK(fxrt_adaptive_avg_pool2d_f32(pool_max, 1, 16, 5, 10, pool_adaptive, 3, 5));

  /* %pool_adaptive_max : [#users=2] = call_module[target=pool_adaptive_max](args = (%add_16,), kwargs = {}) */
  FX2C_CHECK(fxrt_adaptive_max_pool2d_f32(pool_max, 1, 16, 5, 10, pool_adaptive_max, 2, 2, NULL));

  /* %up : [#users=1] = call_module[target=up](args = (%pool_adaptive_max,), kwargs = {}) */
  FX2C_CHECK(fxrt_upsample_nearest2d_f32(pool_adaptive_max, 2, 8, 2, 2, up, 4, 4, 2.0, 2.0));

  /* %up_nearest2d : [#users=1] = call_module[target=up_nearest2d](args = (%pool_adaptive_max,), kwargs = {}) */
  FX2C_CHECK(fxrt_upsample_nearest2d_f32(pool_adaptive_max, 2, 8, 2, 2, up_nearest2d, 4, 4, 2.0, 2.0));

  /* %add_17 : [#users=1] = call_function[target=operator.add](args = (%up, %up_nearest2d), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, up, &(const fxrt_view){4, {2, 8, 4, 4}, {128, 16, 4, 1}, 0}, up_nearest2d, &(const fxrt_view){4, {2, 8, 4, 4}, {128, 16, 4, 1}, 0}, output2, &(const fxrt_view){4, {2, 8, 4, 4}, {128, 16, 4, 1}, 0}, 1.0));

  /* %up_bilinear : [#users=1] = call_module[target=up_bilinear](args = (%add_16,), kwargs = {}) */
  FX2C_CHECK(fxrt_upsample_bilinear2d_f32(pool_max, 2, 8, 5, 10, output3, 7, 9, false, 0.0, 0.0));

  /* %up_bilinear2d : [#users=1] = call_module[target=up_bilinear2d](args = (%add_16,), kwargs = {}) */
  FX2C_CHECK(fxrt_upsample_bilinear2d_f32(pool_max, 2, 8, 5, 10, output4, 6, 6, true, 0.0, 0.0));

  /* %shuffle_conv : [#users=1] = call_module[target=shuffle_conv](args = (%add_16,), kwargs = {}) */
  FX2C_CHECK(fxrt_conv2d_f32(pool_max, 2, 8, 5, 10, w_shuffle_conv_weight.v, 16, 1, 1, w_shuffle_conv_bias.v, shuffle_conv, 5, 10, &(const fxrt_conv2d_params){{1, 1}, {0, 0}, {1, 1}, 1, {0, 0}}, NULL, NULL, 0, threads));

  /* %shuffle : [#users=1] = call_module[target=shuffle](args = (%shuffle_conv,), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, shuffle_conv, &(const fxrt_view){6, {2, 4, 5, 2, 10, 2}, {800, 200, 10, 100, 1, 50}, 0}, FXRT_F32, shuffle, &(const fxrt_view){6, {2, 4, 5, 2, 10, 2}, {800, 200, 40, 20, 2, 1}, 0}));

  /* %pad_const : [#users=1] = call_module[target=pad_const](args = (%shuffle,), kwargs = {}) */
  FX2C_CHECK(fxrt_fill(FXRT_F32, pad_const, 2112, 0.5));
  FX2C_CHECK(fxrt_copy(FXRT_F32, shuffle, &(const fxrt_view){4, {2, 4, 10, 20}, {800, 200, 20, 1}, 0}, FXRT_F32, pad_const, &(const fxrt_view){4, {2, 4, 10, 20}, {1056, 264, 22, 1}, 45}));

  /* %pad_reflect : [#users=1] = call_module[target=pad_reflect](args = (%pad_const,), kwargs = {}) */
  FX2C_CHECK(fxrt_pad2d_f32(FXRT_PAD_REFLECT, pad_const, 1, 8, 12, 22, (const int64_t[]){1, 1, 1, 1}, pad_reflect));

  /* %pad_replicate : [#users=1] = call_module[target=pad_replicate](args = (%pad_reflect,), kwargs = {}) */
  FX2C_CHECK(fxrt_pad2d_f32(FXRT_PAD_REPLICATE, pad_reflect, 1, 8, 14, 24, (const int64_t[]){2, 0, 1, 1}, pad_replicate));

  /* %deconv : [#users=1] = call_module[target=deconv](args = (%pad_replicate,), kwargs = {}) */
  FX2C_CHECK(fxrt_conv_transpose2d_f32(pad_replicate, 2, 4, 16, 26, w_deconv_weight.v, 6, 3, 3, w_deconv_bias.v, deconv, 32, 52, &(const fxrt_conv_transpose2d_params){{2, 2}, {1, 1}, {1, 1}, {1, 1}, 1}));

  /* %flatten : [#users=1] = call_module[target=flatten](args = (%deconv,), kwargs = {}) */
  /*   f32[2, 9984]: shares the storage of deconv */

  /* %unflatten : [#users=1] = call_module[target=unflatten](args = (%flatten,), kwargs = {}) */
  /*   f32[2, 6, 1664]: shares the storage of deconv */

  /* %getitem : [#users=1] = call_function[target=operator.getitem](args = (%unflatten, (slice(None, None, None), slice(None, None, None), slice(None, 5, None))), kwargs = {}) */
  FX2C_CHECK(fxrt_copy(FXRT_F32, deconv, &(const fxrt_view){3, {2, 6, 5}, {9984, 1664, 1}, 0}, FXRT_F32, getitem, &(const fxrt_view){3, {2, 6, 5}, {30, 5, 1}, 0}));

  /* %ln : [#users=1] = call_module[target=ln](args = (%getitem,), kwargs = {}) */
  FX2C_CHECK(fxrt_layer_norm_f32(getitem, 12, 5, w_ln_weight.v, w_ln_bias.v, 1e-05f, ln, NULL, NULL));

  /* %fc : [#users=1] = call_module[target=fc](args = (%ln,), kwargs = {}) */
  FX2C_CHECK(fxrt_linear_f32(ln, 12, 5, w_fc_weight.v, 4, w_fc_bias.v, fc, NULL, threads));

  /* %softmax : [#users=1] = call_module[target=softmax](args = (%fc,), kwargs = {}) */
  FX2C_CHECK(fxrt_softmax_f32(fc, 12, 4, 1, output0, false));

  /* %log_softmax : [#users=1] = call_module[target=log_softmax](args = (%pool_adaptive,), kwargs = {}) */
  FX2C_CHECK(fxrt_softmax_f32(pool_adaptive, 2, 8, 15, output1, true));

  /* return (softmax, log_softmax, add_17, up_bilinear, up_bilinear2d) */
  /*   computed in place: output0 = softmax, output1 = log_softmax, output2 = add_17, output3 = up_bilinear, output4 = up_bilinear2d */
  return FXRT_OK;
}

fxrt_status model_run(const float *x, float *output0, float *output1, float *output2, float *output3, float *output4, void *workspace) {
  return model_run_threads(x, output0, output1, output2, output3, output4, workspace, NULL);
}
