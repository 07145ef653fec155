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

fxrt_status fxrt_small_reduce_f32(const float *x, float *y, const fxrt_small_params *p) {
  if (!p || p->groups < FXRT_SMALL_SUM || p->groups > FXRT_SMALL_AMIN || (p->groups >= FXRT_SMALL_AMAX && p->c < 1))
    return FXRT_EINVAL;
  /* an empty tensor may have no storage (NULL): x when nothing is reduced, y when there is no result */
  if ((p->n * p->w > 0 && !y) || (p->n * p->c * p->w > 0 && !x)) return FXRT_EINVAL;
  return fxrt_small_reduce_body(x, y, p);
}

fxrt_status fxrt_small_argreduce_f32(const float *x, int64_t *y, const fxrt_small_params *p) {
  if (!p || (p->groups != FXRT_SMALL_ARGMAX && p->groups != FXRT_SMALL_ARGMIN) || p->c < 1) return FXRT_EINVAL;
  if (p->n * p->w > 0 && (!x || !y)) return FXRT_EINVAL;
  return fxrt_small_argreduce_body(x, y, p);
}

fxrt_status fxrt_small_copy(fxrt_dtype dt, const void *src, const fxrt_view *sv, void *dst, const fxrt_view *dv) {
  if (!sv || !dv || sv->ndim != dv->ndim || sv->ndim < 0 || sv->ndim > FXRT_MAX_DIMS) return FXRT_EINVAL;
  for (int32_t a = 0; a < sv->ndim; a++)
    if (sv->shape[a] != dv->shape[a]) return FXRT_EINVAL;
  if (fxrt_view_numel(sv) > 0 && (!src || !dst)) return FXRT_EINVAL;
  return fxrt_small_copy_body(dt, src, sv, dst, dv);
}

fxrt_status fxrt_small_layer_norm_f32(const float *x, const float *weight, const float *bias, float *y,
                                      const fxrt_small_params *p) {
  if (!p || p->n < 0 || p->c < 1 || (p->n > 0 && (!x || !y))) return FXRT_EINVAL;
  return fxrt_small_layer_norm_body(x, weight, bias, y, p);
}

fxrt_status fxrt_small_softmax_f32(const float *x, float *y, const fxrt_small_params *p) {
  if (!p || p->n < 0 || p->w < 0 || p->c < 1 || (p->groups != 0 && p->groups != 1) || (p->n * p->w > 0 && (!x || !y)))
    return FXRT_EINVAL;
  return fxrt_small_softmax_body(x, y, p);
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

/* the fixed-point requantization record: {lo, hi} within uint8's range less the zero point, shifts in [0, 62] (at
 * least 33 with p->divisor 1), divisor 0 or 1 */
static bool q8_rq_ok(const int32_t *rq, int32_t n, const fxrt_small_params *p) {
  if (!rq || rq[0] < -p->y_zp || rq[1] > 255 - p->y_zp || rq[0] > rq[1] || p->divisor < 0 || p->divisor > 1)
    return false;
  for (int32_t i = 0; i < n; i++)
    if (rq[2 + 2 * i] < 0 || rq[3 + 2 * i] < (p->divisor ? 33 : 0) || rq[3 + 2 * i] > 62) return false;
  return true;
}

fxrt_status fxrt_small_q8_conv2d_fx(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                    uint8_t *scratch, const int32_t *rq, const int32_t *w_zero_point,
                                    const fxrt_small_params *p) {
  if (!x || !weight || !y || !w_zero_point || !p || !q8_zps_ok(p) || !q8_rq_ok(rq, p->per_channel ? p->k : 1, p))
    return FXRT_EINVAL;
  return fxrt_small_q8_conv2d_fx_body(x, weight, bias_q, y, scratch, rq, w_zero_point, p);
}

fxrt_status fxrt_small_q8_linear_fx(const uint8_t *x, const int8_t *weight, const int32_t *bias_q, uint8_t *y,
                                    const int32_t *rq, const int32_t *w_zero_point, const fxrt_small_params *p) {
  if (!x || !weight || !y || !w_zero_point || !p || !q8_zps_ok(p) || !q8_rq_ok(rq, p->per_channel ? p->k : 1, p))
    return FXRT_EINVAL;
  return fxrt_small_q8_linear_fx_body(x, weight, bias_q, y, rq, w_zero_point, p);
}

fxrt_status fxrt_small_q8_pool2d_fx(const uint8_t *x, uint8_t *y, const int32_t *rq, const fxrt_small_params *p) {
  if (!x || !y || !p || !q8_zps_ok(p) || p->h < 1 || p->w < 1 || p->groups == FXRT_SMALL_MAX || !q8_rq_ok(rq, 1, p))
    return FXRT_EINVAL;
  return fxrt_small_q8_pool2d_fx_body(x, y, rq, p);
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
