/* fxrt_nchwc_avx512.c: fxrt_nchwc.c compiled for AVX-512 (F, BW, DQ, VL), AVX2 and FMA,
 * under the names its dispatchers call (fxrt_isa.h). */
#define FXRT_VARIANT FXRT_ISA_AVX512
#include "fxrt_isa.h"
#if FXRT_DISPATCH
#include "fxrt_isa_begin.h"
#include "fxrt_nchwc.c"
#include "fxrt_isa_end.h"
#else
typedef int fxrt_nchwc_avx512_unused; /* nothing to compile: ISO C wants a declaration in every file */
#endif
