/* fxrt_softmax.h: the softmax of one contiguous row, which fxrt_reduce.c's softmax and fxrt_matmul.c's attention
 * share (so that both give the same bits). Internal to the runtime; loops are written as fxrt_vec.h describes. */
#ifndef FXRT_SOFTMAX_H
#define FXRT_SOFTMAX_H

#include "fxrt.h"
#include "fxrt_scalar.h"
#include "fxrt_vec.h"

#include <math.h>

/* The largest of a row's n >= 1 values, NaN if there is one: in VW interleaved lanes of plain maxima, with the NaNs
 * noted apart (STEP_MAX_F's test for NaN in the loop kept it from vectorizing well: 0.4 ns per element, half of
 * softmax's time). Equal values keep the first, as fxrt_reduce.c's STEP_MAX_F does. */
FXRT_S_INLINE float softmax_row_max(const float *row, int64_t n) {
  float m[VW];
  int nan[VW];
  LANES(l) {
    m[l] = -INFINITY;
    nan[l] = 0;
  }
  int64_t i = 0;
  CHUNK_LOOP
  for (; i + VW <= n; i += VW)
    LANES(l) {
      const float v = row[i + l];
      m[l] = v > m[l] ? v : m[l];
      nan[l] |= v != v;
    }
  float max = m[0];
  int any_nan = nan[0];
  for (int l = 1; l < VW; l++) { /* no NaN in m */
    max = m[l] > max ? m[l] : max;
    any_nan |= nan[l];
  }
  for (; i < n; i++) max = row[i] > max || row[i] != row[i] ? row[i] : max; /* STEP_MAX_F */
  return any_nan ? NAN : max;
}

/* sum_i exp(row[i] - max) in double, each exp written to out[i] when store (a constant where it is inlined). out may
 * be row: each chunk is computed into a local array before it is stored, so the loop vectorizes all the same
 * (fxrt_vec.h). exp is fxrt_s_expf, without a call: libm's expf kept this loop scalar, 6 ns per element (vit_b_16's
 * attention: 2.9 ms of its 11). The sum runs in VW interleaved lanes, each adding SOFTMAX_SUM_CHUNKS chunks in f32
 * before it adds them to its double total (converting every chunk to double was a third of the loop), the lanes added
 * in order at the end. */
#define SOFTMAX_SUM_CHUNKS 16
FXRT_S_INLINE double softmax_row_exp(const float *row, int64_t n, float max, float *out, bool store) {
  double acc[VW];
  float part[VW];
  LANES(l) {
    acc[l] = 0.0;
    part[l] = 0.0f;
  }
  int64_t i = 0;
  int chunks = 0;
  CHUNK_LOOP
  for (; i + VW <= n; i += VW) {
    float e[VW];
    LANES(l) e[l] = fxrt_s_expf(row[i + l] - max);
    LANES(l) part[l] += e[l];
    if (store) LANES(l) out[i + l] = e[l];
    if (++chunks == SOFTMAX_SUM_CHUNKS) {
      LANES(l) {
        acc[l] += (double)part[l];
        part[l] = 0.0f;
      }
      chunks = 0;
    }
  }
  double sum = 0.0;
  for (int l = 0; l < VW; l++) sum += acc[l] + (double)part[l];
  for (; i < n; i++) {
    const float e = fxrt_s_expf(row[i] - max);
    if (store) out[i] = e;
    sum += e;
  }
  return sum;
}

/* out[i] = exp(row[i] - max) / sum_j exp(row[j] - max) for i < n (max: softmax_row_max's), the division as a
 * multiplication by the sum's reciprocal in double. out may be row. */
FXRT_S_INLINE void softmax_row_store(const float *row, int64_t n, float max, float *out) {
  const double scale = 1.0 / softmax_row_exp(row, n, max, out, true);
  int64_t i = 0;
  CHUNK_LOOP
  for (; i + VW <= n; i += VW)
    LANES(l) out[i + l] = (float)((double)out[i + l] * scale);
  for (; i < n; i++) out[i] = (float)((double)out[i] * scale);
}

#endif
