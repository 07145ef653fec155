/* fxrt_isa_begin.h: the start of a kernel file's variant (fxrt_K_avx2.c, fxrt_K_avx512.c; see fxrt_isa.h). The
 * system headers first, under the baseline; then every function up to fxrt_isa_end.h is compiled for the instruction
 * set FXRT_VARIANT names. No include guard: each variant file includes it once. Internal to the runtime. */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* No contraction of a*b + c into a fused multiply-add beyond what the code asks for (MADD in fxrt_gemm.h): GCC's
 * -std=c99 does not contract, clang's default does where the target has FMA, which would make fused and unfused
 * elementwise code round differently. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#if FXRT_VARIANT == FXRT_ISA_AVX2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#endif
#elif FXRT_VARIANT == FXRT_ISA_AVX512
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,fma"))),                   \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512dq,avx512vl,avx2,fma")
#endif
#else
#error "FXRT_VARIANT names no instruction set of fxrt_isa.h"
#endif
