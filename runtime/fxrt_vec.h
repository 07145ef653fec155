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

/* ev[t] = x[2t] and od[t] = x[2t + 1] for the n elements of x (both in one loop, which the compiler vectorizes): a
 * stride-2 row split so that each half is read with stride 1. */
static inline void deinterleave(float *restrict ev, float *restrict od, const float *restrict x, int64_t n) {
  int64_t t = 0;
  CHUNK_LOOP
  for (; 2 * (t + VW) <= n; t += VW)
    LANES(l) {
      ev[t + l] = x[2 * (t + l)];
      od[t + l] = x[2 * (t + l) + 1];
    }
  for (; 2 * t + 1 < n; t++) {
    ev[t] = x[2 * t];
    od[t] = x[2 * t + 1];
  }
  if (2 * t < n) ev[t] = x[2 * t];
}

#endif
