/* fxrt_small.c: the compact kernels of builds for size (fxrt.h; their bodies are in fxrt_small.h). */
#include "fxrt_small.h"

fxrt_status fxrt_small_conv2d_f32(const float *x, const float *weight, const float *bias, const float *residual,
                                  float *y, float *scratch, const fxrt_small_params *p) {
  if (!x || !weight || !y || !p) return FXRT_EINVAL;
  return fxrt_small_conv2d_body(x, weight, bias, residual, y, scratch, p);
}

fxrt_status fxrt_small_linear_f32(const float *x, const float *weight, const float *bias, const float *residual,
                                  float *y, const fxrt_small_params *p) {
  if (!x || !weight || !y || !p) return FXRT_EINVAL;
  return fxrt_small_linear_body(x, weight, bias, residual, y, p);
}

fxrt_status fxrt_small_pool2d_f32(const float *x, float *y, const fxrt_small_params *p) {
  if (!x || !y || !p) return FXRT_EINVAL;
  return fxrt_small_pool2d_body(x, y, p);
}
