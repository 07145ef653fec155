/* fxrt_gemm.h: the tuning that the GEMM-based kernels (fxrt_conv.c, fxrt_matmul.c) share. Internal to the runtime.
 *
 * Loops over runtime lengths run in chunks of VW elements with a constant-length inner loop over the lanes, the form
 * that GCC's -O2 vectorizer accepts (it vectorizes no loop that would need a scalar remainder). Two pragmas keep the
 * other optimizers from undoing that: GCC at -O3 would unroll the lane loops and vectorize across chunks instead
 * (4x slower), and so would clang. The micro-kernels compute MR x NR outputs, NR being two vectors, so that each
 * accumulator row lives in two registers; KC is the depth of a packed panel.
 */
#ifndef FXRT_GEMM_H
#define FXRT_GEMM_H

#include <math.h>

#if defined(__AVX512F__)
#define VW 16 /* floats per vector register */
#elif defined(__AVX__)
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

#define MR 6        /* rows of the micro-kernel (output channels in a convolution) */
#define NR (2 * VW) /* columns of the micro-kernel (output pixels in a convolution) */
#ifndef FXRT_GEMM_KC /* depth of a packed panel: KC*NR floats of stack (16 KiB with AVX) */
#define FXRT_GEMM_KC 256
#endif
#define KC FXRT_GEMM_KC

#ifdef FP_FAST_FMAF
#define MADD(acc, a, b) fmaf((a), (b), (acc))
#else
#define MADD(acc, a, b) ((acc) + (a) * (b))
#endif

#define ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5) /* MR of them */

#endif
