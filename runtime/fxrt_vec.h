/* fxrt_vec.h: how the runtime's loops are written so that plain C vectorizes, and the loops that more than one kernel
 * uses. Internal to the runtime.
 *
 * Loops over runtime lengths run in chunks of VW elements with a constant-length inner loop over the lanes, the form
 * that GCC's -O2 vectorizer accepts (it vectorizes no loop that would need a scalar remainder). Two pragmas keep the
 * other optimizers from undoing that: GCC at -O3 would unroll the lane loops and vectorize across chunks instead
 * (4x slower), and so would clang.
 */
#ifndef FXRT_VEC_H
#define FXRT_VEC_H

#include <stdint.h>
#include <string.h>

#if defined(__AVX512F__) || (defined(FXRT_VARIANT) && FXRT_VARIANT == FXRT_ISA_AVX512) /* fxrt_isa.h */
#define VW 16 /* floats per vector register */
#elif defined(__AVX__) || defined(FXRT_VARIANT)
#define VW 8
#else
#define VW 4 /* SSE, NEON, or scalar code */
#endif

#if defined(__clang__)
#define CHUNK_LOOP _Pragma("clang loop vectorize(disable)")
#define LANE_LOOP
#elif defined(__GNUC__)
#define CHUNK_LOOP
#define LANE_LOOP _Pragma("GCC unroll 1")
#else
#define CHUNK_LOOP
#define LANE_LOOP
#endif
#define LANES(l) LANE_LOOP for (int l = 0; l < VW; l++) /* the loop over the lanes of a chunk */

/* Hides p's value from the optimizer (no instruction): a loop of copies through it is not one call of memcpy. */
#if defined(__GNUC__)
#define OPAQUE_PTR(p) __asm__("" : "+r"(p))
#else
#define OPAQUE_PTR(p) ((void)0)
#endif

/* d[e] = s[e] for e < n (the two do not overlap), for rows too short for a call of memcpy to pay: copies of 8
 * floats (or 4), which compilers inline as vector moves, the last one overlapping the one before it. (Left alone,
 * GCC turns the loop into a call of memmove: 4-11% of the models' time went to calls for rows of 32 floats.) */
static inline void copy_row(float *restrict d, const float *restrict s, int64_t n) {
  if (n >= 8) {
    for (int64_t e = 0; e + 8 <= n; e += 8) {
      float *de = d + e;
      OPAQUE_PTR(de);
      memcpy(de, s + e, 8 * sizeof(float));
    }
    memcpy(d + n - 8, s + n - 8, 8 * sizeof(float));
  } else if (n >= 4) {
    memcpy(d, s, 4 * sizeof(float));
    memcpy(d + n - 4, s + n - 4, 4 * sizeof(float));
  } else {
    for (int64_t e = 0; e < n; e++) d[e] = s[e];
  }
}

/* d[e] = 0 for e < n, in copies of 8 zeros as copy_row copies (the last one overlapping), not a call of memset. */
static inline void zero_row(float *restrict d, int64_t n) {
  static const float zeros[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  if (n >= 8) {
    for (int64_t e = 0; e + 8 <= n; e += 8) {
      float *de = d + e;
      OPAQUE_PTR(de);
      memcpy(de, zeros, 8 * sizeof(float));
    }
    memcpy(d + n - 8, zeros, 8 * sizeof(float));
  } else {
    for (int64_t e = 0; e < n; e++) d[e] = 0.0f;
  }
}

/* ev[t] = x[2t] and od[t] = x[2t + 1] for the n elements of x (both in one loop, which the compiler vectorizes): a
 * stride-2 row split so that each half is read with stride 1. */
static inline void deinterleave(float *restrict ev, float *restrict od, const float *restrict x, int64_t n) {
  const int64_t pairs = n / 2;
#define DEINT8(T)                                                                                                      \
  for (int l = 0; l < 8; l++) { /* a constant count: vector loads and shuffles, no call, no scalar remainder */     \
    ev[(T) + l] = x[2 * ((T) + l)];                                                                                    \
    od[(T) + l] = x[2 * ((T) + l) + 1];                                                                                \
  }
  if (pairs >= 8) { /* 8 pairs at a time, the last 8 overlapping the ones before (the same values again) */
    for (int64_t t = 0; t + 8 <= pairs; t += 8) DEINT8(t)
    if (pairs % 8) DEINT8(pairs - 8)
  } else {
    for (int64_t t = 0; t < pairs; t++) {
      ev[t] = x[2 * t];
      od[t] = x[2 * t + 1];
    }
  }
#undef DEINT8
  if (n % 2) ev[pairs] = x[n - 1];
}

#endif
