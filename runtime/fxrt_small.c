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

static bool q8_zps_ok(const fxrt_small_params *p) { return p->x_zp >= 0 && p->x_zp <= 255 && p->y_zp >= 0 && p->y_zp <= 255; }

fxrt_status fxrt_small_q8_conv2d(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                 uint8_t *scratch, const float *scale, const int32_t *w_zero_point,
                                 const fxrt_small_params *p) {
  if (!x || !weight || !y || !scale || !w_zero_point || !p || !q8_zps_ok(p)) return FXRT_EINVAL;
  return fxrt_small_q8_conv2d_body(x, weight, bias_q, y, scratch, scale, w_zero_point, p);
}

fxrt_status fxrt_small_q8_linear(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                 const float *scale, const int32_t *w_zero_point, const fxrt_small_params *p) {
  if (!x || !weight || !y || !scale || !w_zero_point || !p || !q8_zps_ok(p)) return FXRT_EINVAL;
  return fxrt_small_q8_linear_body(x, weight, bias_q, y, scale, w_zero_point, p);
}

fxrt_status fxrt_small_q8_pool2d(const uint8_t *x, uint8_t *y, const fxrt_small_params *p) {
  if (!x || !y || !p || !q8_zps_ok(p) || p->h < 1 || p->w < 1) return FXRT_EINVAL;
  return fxrt_small_q8_pool2d_body(x, y, p);
}

fxrt_status fxrt_small_q8_quantize(const float *x, uint8_t *y, const fxrt_small_params *p) {
  if (!p || (p->n > 0 && (!x || !y)) || !q8_zps_ok(p)) return FXRT_EINVAL;
  return fxrt_small_q8_quantize_body(x, y, p);
}

fxrt_status fxrt_small_q8_dequantize(const uint8_t *x, float *y, const fxrt_small_params *p) {
  if (!p || (p->n > 0 && (!x || !y)) || !q8_zps_ok(p)) return FXRT_EINVAL;
  return fxrt_small_q8_dequantize_body(x, y, p);
}
