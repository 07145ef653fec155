/* fxrt_isa.h: the instruction sets the hot kernels are compiled for, and the choice among them at run time.
 * Internal to the runtime.
 *
 * On x86-64 with GCC or clang, each kernel file fxrt_K.c is compiled three times: as itself for the build's baseline
 * (SSE2 unless -march says more), and by fxrt_K_avx2.c and fxrt_K_avx512.c, which include it with a target pragma
 * (AVX2 + FMA; AVX-512 F/BW/DQ/VL + AVX2 + FMA) so that the same plain-C loops vectorize 8 or 16 floats wide. A
 * kernel's public name is then a dispatcher that calls the variant for the CPU it runs on, asking the CPU once per
 * call (__builtin_cpu_supports reads what libgcc's start-up code found with CPUID, including whether the OS saves
 * the wide registers). The files name their variants before including fxrt.h:
 *
 *     #include "fxrt_isa.h"
 *     #define fxrt_conv2d_f32 FXRT_ISA_NAME(fxrt_conv2d_f32)            (dispatched: _base, _avx2, _avx512)
 *     #define fxrt_conv2d_workspace_size FXRT_ISA_COPY(fxrt_conv2d_workspace_size)  (not dispatched: the base
 *                                                                                   keeps the name)
 *     #include "fxrt.h"
 *     ... the kernels ...
 *     FXRT_DISPATCHER(fxrt_status, fxrt_conv2d_f32, (const float *x, ...), (x, ...))   (at the end)
 *
 * FXRT_DISPATCH is 0, and each file compiled once under its own names, elsewhere: on other architectures (aarch64's
 * baseline already has NEON), on firmware, when the baseline already has AVX-512 (-march=native on such a CPU), and
 * when the build says -DFXRT_DISPATCH=0, which fx2c does when --cpu fixes the CPU. -DFXRT_FORCE_ISA=1|2|3 makes every
 * dispatcher choose the baseline, AVX2 or AVX-512 (the tests run each on one machine).
 */
#ifndef FXRT_ISA_H
#define FXRT_ISA_H

#ifndef FXRT_DISPATCH
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX512F__)
#define FXRT_DISPATCH 1
#else
#define FXRT_DISPATCH 0
#endif
#endif

#define FXRT_ISA_BASE 1
#define FXRT_ISA_AVX2 2
#define FXRT_ISA_AVX512 3

#define FXRT_ISA_PASTE_(a, b) a##b
#define FXRT_ISA_PASTE(a, b) FXRT_ISA_PASTE_(a, b)

#if !FXRT_DISPATCH
#define FXRT_ISA_NAME(name) name
#define FXRT_ISA_COPY(name) name
#elif !defined(FXRT_VARIANT)
#define FXRT_ISA_NAME(name) FXRT_ISA_PASTE(name, _base)
#define FXRT_ISA_COPY(name) name
#elif FXRT_VARIANT == FXRT_ISA_AVX2
#define FXRT_ISA_NAME(name) FXRT_ISA_PASTE(name, _avx2)
#define FXRT_ISA_COPY(name) FXRT_ISA_PASTE(name, _avx2)
#else
#define FXRT_ISA_NAME(name) FXRT_ISA_PASTE(name, _avx512)
#define FXRT_ISA_COPY(name) FXRT_ISA_PASTE(name, _avx512)
#endif

#if FXRT_DISPATCH && !defined(FXRT_VARIANT)
/* The instruction set this CPU runs best: FXRT_ISA_AVX512, FXRT_ISA_AVX2 or FXRT_ISA_BASE. */
static inline int fxrt_isa(void) {
#ifdef FXRT_FORCE_ISA
  return FXRT_FORCE_ISA;
#else
  __builtin_cpu_init(); /* done by the start-up code already; needed only before it (in a constructor) */
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return FXRT_ISA_BASE;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl"))
    return FXRT_ISA_AVX512;
  return FXRT_ISA_AVX2;
#endif
}

/* Defines name (declared in fxrt.h, whose declaration this file renamed) as the dispatcher to its three variants. */
#define FXRT_DISPATCHER(ret, name, params, args)                                                                       \
  ret name params;                                                                                                     \
  ret name##_avx2 params;                                                                                              \
  ret name##_avx512 params;                                                                                            \
  ret name params {                                                                                                    \
    switch (fxrt_isa()) {                                                                                              \
    case FXRT_ISA_AVX512: return name##_avx512 args;                                                                   \
    case FXRT_ISA_AVX2: return name##_avx2 args;                                                                       \
    default: return name##_base args;                                                                                  \
    }                                                                                                                  \
  }
#else
#define FXRT_DISPATCHER(ret, name, params, args)
#endif

#endif
