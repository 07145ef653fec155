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

fxrt_status model_run(const float *x, float *output0, float *output1, float *output2, float *output3, float *output4, void *workspace) {
  unsigned char *const ws = (unsigned char *)workspace;
  float *const pad_zero = (float *)(void *)(ws + 48384); /* f32[2, 3, 17, 19], calls 0..2 */
  float *const conv = (float *)(void *)(ws + 27712); /* f32[2, 8, 17, 19], calls 2..3 */
  float *const conv_grouped = (float *)(void *)(ws + 55360); /* f32[2, 8, 9, 19], calls 3..4 */
  float *const conv_dilated = (float *)(void *)(ws + 66304); /* f32[2, 8, 9, 19], calls 4..5 */
  float *const gn = (float *)(void *)(ws + 0); /* f32[2, 8, 9, 19], calls 5..34 */
  float *const act_0 = (float *)(void *)(ws + 10944); /* f32[2, 8, 9, 19], calls 6..35 */
  float *const act_1 = (float *)(void *)(ws + 21888); /* f32[2, 8, 9, 19], calls 7..19 */
  float *const act_2 = (float *)(void *)(ws + 32832); /* f32[2, 8, 9, 19], calls 8..20 */
  float *const act_3 = (float *)(void *)(ws + 43776); /* f32[2, 8, 9, 19], calls 9..21 */
  float *const act_4 = (float *)(void *)(ws + 54720); /* f32[2, 8, 9, 19], calls 10..22 */
  float *const act_5 = (float *)(void *)(ws + 65664); /* f32[2, 8, 9, 19], calls 11..23 */
  float *const act_6 = (float *)(void *)(ws + 76608); /* f32[2, 8, 9, 19], calls 12..24 */
  float *const act_7 = (float *)(void *)(ws + 87552); /* f32[2, 8, 9, 19], calls 13..25 */
  float *const act_8 = (float *)(void *)(ws + 98496); /* f32[2, 8, 9, 19], calls 14..26 */
  float *const act_9 = (float *)(void *)(ws + 109440); /* f32[2, 8, 9, 19], calls 15..27 */
  float *const act_10 = (float *)(void *)(ws + 120384); /* f32[2, 8, 9, 19], calls 16..28 */
  float *const act_11 = (float *)(void *)(ws + 131328); /* f32[2, 8, 9, 19], calls 17..29 */
  float *const act_12 = (float *)(void *)(ws + 142272); /* f32[2, 8, 9, 19], calls 18..30 */
  float *const pool_max = (float *)(void *)(ws + 6400); /* f32[2, 8, 5, 10], calls 35..45 */
  float *const pool_avg = (float *)(void *)(ws + 0); /* f32[2, 8, 5, 10], calls 36..37 */
  float *const pool_adaptive = (float *)(void *)(ws + 93184); /* f32[2, 8, 3, 5], calls 38..56 */
  float *const pool_adaptive_max = (float *)(void *)(ws + 2048); /* f32[2, 8, 2, 2], calls 39..41 */
  float *const up = (float *)(void *)(ws + 0); /* f32[2, 8, 4, 4], calls 40..42 */
  float *const up_nearest2d = (float *)(void *)(ws + 1024); /* f32[2, 8, 4, 4], calls 41..42 */
  float *const shuffle_conv = (float *)(void *)(ws + 0); /* f32[2, 16, 5, 10], calls 45..46 */
  float *const shuffle = (float *)(void *)(ws + 19200); /* f32[2, 4, 10, 20], calls 46..48 */
  float *const pad_const = (float *)(void *)(ws + 10752); /* f32[2, 4, 12, 22], calls 47..49 */
  float *const pad_reflect = (float *)(void *)(ws + 0); /* f32[2, 4, 14, 24], calls 49..50 */
  float *const pad_replicate = (float *)(void *)(ws + 79872); /* f32[2, 4, 16, 26], calls 50..51 */
  float *const deconv = (float *)(void *)(ws + 0); /* f32[2, 6, 32, 52], calls 51..52 */
  float *const getitem = (float *)(void *)(ws + 79872); /* f32[2, 6, 5], calls 52..53 */
  float *const ln = (float *)(void *)(ws + 80128); /* f32[2, 6, 5], calls 53..54 */
  float *const fc = (float *)(void *)(ws + 80384); /* f32[2, 6, 4], calls 54..55 */

  /* %x : [#users=1] = placeholder[target=x] */
  /*   f32[2, 3, 16, 16]: an input */

  /* %pad_zero : [#users=1] = call_module[target=pad_zero](args = (%x,), kwargs = {}) */
  FX2C_CHECK(fxrt_fill(FXRT_F32, pad_zero, 1938, 0.0));
  FX2C_CHECK(fxrt_copy(FXRT_F32, x, &(const fxrt_view){4, {2, 3, 16, 16}, {768, 256, 16, 1}, 0}, FXRT_F32, pad_zero, &(const fxrt_view){4, {2, 3, 16, 16}, {969, 323, 19, 1}, 1}));

  /* %conv : [#users=1] = call_module[target=conv](args = (%pad_zero,), kwargs = {}) */
  FX2C_CHECK(fxrt_conv2d_f32(pad_zero, 2, 3, 17, 19, w_conv_weight.v, 8, 3, 3, NULL, conv, 17, 19, &(const fxrt_conv2d_params){{1, 1}, {1, 1}, {1, 1}, 1}, NULL, (void *)(ws + 0), 27712));

  /* %conv_grouped : [#users=1] = call_module[target=conv_grouped](args = (%conv,), kwargs = {}) */
  FX2C_CHECK(fxrt_conv2d_f32(conv, 2, 8, 17, 19, w_conv_grouped_weight.v, 8, 3, 5, w_conv_grouped_bias.v, conv_grouped, 9, 19, &(const fxrt_conv2d_params){{2, 1}, {1, 2}, {1, 1}, 4}, NULL, (void *)(ws + 0), 23104));

  /* %conv_dilated : [#users=1] = call_module[target=conv_dilated](args = (%conv_grouped,), kwargs = {}) */
  FX2C_CHECK(fxrt_conv2d_f32(conv_grouped, 2, 8, 9, 19, w_conv_dilated_weight.v, 8, 3, 3, w_conv_dilated_bias.v, conv_dilated, 9, 19, &(const fxrt_conv2d_params){{1, 1}, {2, 2}, {2, 2}, 1}, NULL, (void *)(ws + 0), 55360));

  /* %gn : [#users=17] = call_module[target=gn](args = (%conv_dilated,), kwargs = {}) */
  FX2C_CHECK(fxrt_group_norm_f32(conv_dilated, 2, 8, 171, 2, w_gn_weight.v, w_gn_bias.v, 1e-05f, gn));

  /* %act_0 : [#users=1] = call_module[target=act.0](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_RELU, gn, act_0, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_1 : [#users=1] = call_module[target=act.1](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_RELU6, gn, act_1, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_2 : [#users=1] = call_module[target=act.2](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_LEAKY_RELU, gn, act_2, 2736, &(const fxrt_unary_params){0.2f, 0.0f, 0.0f}));

  /* %act_3 : [#users=1] = call_module[target=act.3](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_ELU, gn, act_3, 2736, &(const fxrt_unary_params){0.7f, 1.0f, 1.0f}));

  /* %act_4 : [#users=1] = call_module[target=act.4](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_GELU, gn, act_4, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_5 : [#users=1] = call_module[target=act.5](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_GELU_TANH, gn, act_5, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_6 : [#users=1] = call_module[target=act.6](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_SILU, gn, act_6, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_7 : [#users=1] = call_module[target=act.7](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_SIGMOID, gn, act_7, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_8 : [#users=1] = call_module[target=act.8](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_TANH, gn, act_8, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_9 : [#users=1] = call_module[target=act.9](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_HARDSWISH, gn, act_9, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_10 : [#users=1] = call_module[target=act.10](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_HARDSIGMOID, gn, act_10, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %act_11 : [#users=1] = call_module[target=act.11](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_CLAMP, gn, act_11, 2736, &(const fxrt_unary_params){-0.5f, 0.75f, 0.0f}));

  /* %act_12 : [#users=1] = call_module[target=act.12](args = (%gn,), kwargs = {}) */
  FX2C_CHECK(fxrt_unary_f32(FXRT_U_MISH, gn, act_12, 2736, &(const fxrt_unary_params){0.0f, 0.0f, 0.0f}));

  /* %add : [#users=1] = call_function[target=operator.add](args = (%act_0, %act_1), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_1, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_1 : [#users=1] = call_function[target=operator.add](args = (%add, %act_2), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_2, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_2 : [#users=1] = call_function[target=operator.add](args = (%add_1, %act_3), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_3, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_3 : [#users=1] = call_function[target=operator.add](args = (%add_2, %act_4), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_4, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_4 : [#users=1] = call_function[target=operator.add](args = (%add_3, %act_5), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_5, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_5 : [#users=1] = call_function[target=operator.add](args = (%add_4, %act_6), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_6, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_6 : [#users=1] = call_function[target=operator.add](args = (%add_5, %act_7), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_7, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_7 : [#users=1] = call_function[target=operator.add](args = (%add_6, %act_8), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_8, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_8 : [#users=1] = call_function[target=operator.add](args = (%add_7, %act_9), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_9, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_9 : [#users=1] = call_function[target=operator.add](args = (%add_8, %act_10), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_10, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_10 : [#users=1] = call_function[target=operator.add](args = (%add_9, %act_11), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_11, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_11 : [#users=1] = call_function[target=operator.add](args = (%add_10, %act_12), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_12, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_12 : [#users=1] = call_function[target=operator.add](args = (%add_11, %gn), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, gn, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_13 : [#users=1] = call_function[target=operator.add](args = (%add_12, %gn), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, gn, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_14 : [#users=1] = call_function[target=operator.add](args = (%add_13, %gn), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, gn, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %add_15 : [#users=1] = call_function[target=operator.add](args = (%add_14, %gn), kwargs = {}) */
  FX2C_CHECK(fxrt_binary(FXRT_B_ADD, FXRT_F32, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, gn, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, act_0, &(const fxrt_view){4, {2, 8, 9, 19}, {1368, 171, 19, 1}, 0}, 1.0));

  /* %pool_max : [#users=2] = call_module[target=pool_max](args = (%add_15,), kwargs = {}) */
  FX2C_CHECK(fxrt_max_pool2d_f32(act_0, 1, 16, 9, 19, pool_max, 5, 10, &(const fxrt_pool2d_params){{3, 3}, {2, 2}, {1, 1}, {1, 1}, true, true, 0}, NULL));

  /* %pool_avg : [#users=1] = call_module[target=pool_avg](args = (%pool_max,), kwargs = {}) */
  FX2C_CHECK(fxrt_avg_pool2d_f32(pool_max, 1, 16, 5, 10, pool_avg, 5, 10, &(const fxrt_pool2d_params){{3, 3}, {1, 1}, {1, 1}, {1, 1}, false, true, 0}));

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
  FX2C_CHECK(fxrt_conv2d_f32(pool_max, 2, 8, 5, 10, w_shuffle_conv_weight.v, 16, 1, 1, w_shuffle_conv_bias.v, shuffle_conv, 5, 10, &(const fxrt_conv2d_params){{1, 1}, {0, 0}, {1, 1}, 1}, NULL, NULL, 0));

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
  FX2C_CHECK(fxrt_linear_f32(ln, 12, 5, w_fc_weight.v, 4, w_fc_bias.v, fc, NULL));

  /* %softmax : [#users=1] = call_module[target=softmax](args = (%fc,), kwargs = {}) */
  FX2C_CHECK(fxrt_softmax_f32(fc, 12, 4, 1, output0, false));

  /* %log_softmax : [#users=1] = call_module[target=log_softmax](args = (%pool_adaptive,), kwargs = {}) */
  FX2C_CHECK(fxrt_softmax_f32(pool_adaptive, 2, 8, 15, output1, true));

  /* return (softmax, log_softmax, add_17, up_bilinear, up_bilinear2d) */
  /*   computed in place: output0 = softmax, output1 = log_softmax, output2 = add_17, output3 = up_bilinear, output4 = up_bilinear2d */
  return FXRT_OK;
}
