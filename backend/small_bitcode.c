/* small_bitcode.c: the compact kernels of fx2c compile -Os (runtime/fxrt_small.h) as the LLVM backend inlines them.
 * Not part of fx2c's own sources: the build compiles this file with clang into LLVM bitcode for each target that
 * backend/emit_llvm.c inlines the kernels into (CMakeLists.txt, FX2C_SMALL_BITCODE_TARGETS) and builds the bitcode
 * into fx2c (fx_small_bitcode, backend/embedded.h). It is what the C files of fx2c compile -Os compile: with
 * FXRT_SMALL_INLINE, each kernel's name is its always-inline body, unchecked. Each function below is that call, named
 * FX_SMALL_BC(kernel) (fx_small_bc_ and the kernel's name, which the macro does not expand) and returning int32_t,
 * as the LLVM backend declares every kernel (an fxrt_status is one byte in GCC's arm-none-eabi ABI). emit_llvm.c
 * links the bitcode into the model's module, replaces its calls of each kernel with calls of this function, and
 * makes it internal and always inline: the -Os pipeline then specializes every call to its constant record, and no
 * out-of-line kernel remains. */
#define FXRT_SMALL_INLINE 1
#include "../runtime/fxrt_small.h"

#define FX_SMALL_BC(kernel) fx_small_bc_##kernel

int32_t FX_SMALL_BC(fxrt_small_conv2d_f32)(const float *x, const float *weight, const float *bias,
                                           const float *residual, float *y, float *scratch,
                                           const fxrt_small_params *p) {
  return fxrt_small_conv2d_f32(x, weight, bias, residual, y, scratch, p);
}

int32_t FX_SMALL_BC(fxrt_small_linear_f32)(const float *x, const float *weight, const float *bias,
                                           const float *residual, float *y, const fxrt_small_params *p) {
  return fxrt_small_linear_f32(x, weight, bias, residual, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_pool2d_f32)(const float *x, float *y, const fxrt_small_params *p) {
  return fxrt_small_pool2d_f32(x, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_conv2d)(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                          uint8_t *scratch, const float *scale, const int32_t *w_zero_point,
                                          const fxrt_small_params *p) {
  return fxrt_small_q8_conv2d(x, weight, bias_q, y, scratch, scale, w_zero_point, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_linear)(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                          const float *scale, const int32_t *w_zero_point,
                                          const fxrt_small_params *p) {
  return fxrt_small_q8_linear(x, weight, bias_q, y, scale, w_zero_point, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_pool2d)(const uint8_t *x, uint8_t *y, const fxrt_small_params *p) {
  return fxrt_small_q8_pool2d(x, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_conv2d_fx)(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                             uint8_t *scratch, const int32_t *rq, const int32_t *w_zero_point,
                                             const fxrt_small_params *p) {
  return fxrt_small_q8_conv2d_fx(x, weight, bias_q, y, scratch, rq, w_zero_point, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_linear_fx)(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                             const int32_t *rq, const int32_t *w_zero_point,
                                             const fxrt_small_params *p) {
  return fxrt_small_q8_linear_fx(x, weight, bias_q, y, rq, w_zero_point, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_pool2d_fx)(const uint8_t *x, uint8_t *y, const int32_t *rq,
                                             const fxrt_small_params *p) {
  return fxrt_small_q8_pool2d_fx(x, y, rq, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_quantize)(const float *x, uint8_t *y, const fxrt_small_params *p) {
  return fxrt_small_q8_quantize(x, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_q8_dequantize)(const uint8_t *x, float *y, const fxrt_small_params *p) {
  return fxrt_small_q8_dequantize(x, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_reduce_f32)(const float *x, float *y, const fxrt_small_params *p) {
  return fxrt_small_reduce_f32(x, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_argreduce_f32)(const float *x, int64_t *y, const fxrt_small_params *p) {
  return fxrt_small_argreduce_f32(x, y, p);
}

/* the dtype as the LLVM backend passes every dtype operand: an int32 (an enum argument is an int in both ABIs) */
int32_t FX_SMALL_BC(fxrt_small_copy)(int32_t dt, const void *src, const fxrt_view *sv, void *dst, const fxrt_view *dv) {
  return fxrt_small_copy((fxrt_dtype)dt, src, sv, dst, dv);
}

int32_t FX_SMALL_BC(fxrt_small_layer_norm_f32)(const float *x, const float *weight, const float *bias, float *y,
                                               const fxrt_small_params *p) {
  return fxrt_small_layer_norm_f32(x, weight, bias, y, p);
}

int32_t FX_SMALL_BC(fxrt_small_softmax_f32)(const float *x, float *y, const fxrt_small_params *p) {
  return fxrt_small_softmax_f32(x, y, p);
}
