/* ops.c: C implementations of the user-defined ops that ops.txt declares (tests/custom/gen.py has PyTorch's). */
#include "fxrt.h"

#include <math.h>

/* x * sigmoid(alpha * x) */
int fancy_act(const fxrt_custom_call *call) {
  const fxrt_custom_arg *x = &call->args[0];
  if (x->dtype != FXRT_F32) return 1;
  const float *in = x->data;
  float *out = call->results[0].data;
  const float alpha = (float)call->args[1].f;
  for (int64_t i = 0; i < fxrt_custom_numel(x); i++) out[i] = in[i] / (1.0f + expf(-alpha * in[i]));
  return 0;
}

/* x * rsqrt(mean(x * x, -1) + eps) * w, over the last dimension */
int my_rms(const fxrt_custom_call *call) {
  const fxrt_custom_arg *x = &call->args[0], *w = &call->args[1];
  const int64_t n = x->shape[x->ndim - 1], rows = fxrt_custom_numel(x) / n;
  if (w->ndim != 1 || w->shape[0] != n) return 1;
  const float *in = x->data, *wt = w->data;
  float *out = call->results[0].data;
  for (int64_t r = 0; r < rows; r++) {
    float ss = 0;
    for (int64_t i = 0; i < n; i++) ss += in[r * n + i] * in[r * n + i];
    const float s = 1.0f / sqrtf(ss / (float)n + (float)call->args[2].f);
    for (int64_t i = 0; i < n; i++) out[r * n + i] = in[r * n + i] * s * wt[i];
  }
  return 0;
}

/* (mean, max) of each row of a 2-d tensor */
int my_row_stats(const fxrt_custom_call *call) {
  const fxrt_custom_arg *x = &call->args[0];
  if (call->nresults != 2 || x->ndim != 2) return 1;
  const int64_t rows = x->shape[0], n = x->shape[1];
  const float *in = x->data;
  float *mean = call->results[0].data, *mx = call->results[1].data;
  for (int64_t r = 0; r < rows; r++) {
    float s = 0, m = in[r * n];
    for (int64_t i = 0; i < n; i++) {
      s += in[r * n + i];
      m = in[r * n + i] > m ? in[r * n + i] : m;
    }
    mean[r] = s / (float)n;
    mx[r] = m;
  }
  return 0;
}

/* every row k times (negated when asked) */
int my_repeat_rows(const fxrt_custom_call *call) {
  const fxrt_custom_arg *x = &call->args[0];
  const int64_t k = call->args[1].i, rows = x->shape[0], n = x->shape[x->ndim - 1];
  const float sign = call->args[2].i ? -1.0f : 1.0f;
  const float *in = x->data;
  float *out = call->results[0].data;
  for (int64_t r = 0; r < rows; r++)
    for (int64_t j = 0; j < k; j++)
      for (int64_t i = 0; i < n; i++) out[(r * k + j) * n + i] = sign * in[r * n + i];
  return 0;
}

/* x + offsets (one per column of the last dimension) */
int my_shift(const fxrt_custom_call *call) {
  const fxrt_custom_arg *x = &call->args[0], *off = &call->args[1];
  const int64_t n = x->shape[x->ndim - 1];
  if (off->ndim != n) return 1;
  const float *in = x->data;
  float *out = call->results[0].data;
  for (int64_t i = 0; i < fxrt_custom_numel(x); i++) out[i] = in[i] + (float)off->shape[i % n];
  return 0;
}
