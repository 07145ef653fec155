/* kernels.h: the runtime kernels that lowered calls name (fx_kind), each described once in kernels.def: its fxrt_*
 * function, the runtime file that defines it, and its operands in the function's order with the fx_kcall field each
 * comes from (lower.h). exec.c, the C and LLVM emitters and the memory plan read these descriptions:
 *
 *     const fx_kernel *d = fx_kernel_desc(FX_K_CONV2D);
 *     for (int a = 0; a < d->nargs; a++) ... d->args[a].type (FX_ARG_IN, FX_ARG_I64, ...), .slot, .name ...
 */
#ifndef FX_KERNELS_H
#define FX_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum fx_kind {
#define FX_KERNEL(kind, fn, file, args) FX_K_##kind,
#include "kernels.def"
#undef FX_KERNEL
  FX_NUM_KINDS
} fx_kind;

/* The operand types of kernels.def (see there). */
#define FX_ARG_TYPES(X)                                                                                              \
  X(IN) X(OUT) X(VIEW) X(I64) X(I32) X(SIZE) X(F32) X(F64) X(FLAG) X(UNOP) X(BINOP) X(REDOP) X(SCANOP) X(PADMODE) X(TILE)  \
  X(DTYPE) X(DTYPE2) X(UNPARAMS) X(CONVPARAMS) X(CONVTPARAMS) X(POOLPARAMS) X(CONV3PARAMS) X(POOL3PARAMS) X(SMALLPARAMS) X(PADS) X(EPILOGUE) X(THREADS) X(POINTWISE) \
  X(CUSTOM)

typedef enum fx_arg_type {
#define FX_ARG_ENUM(t) FX_ARG_##t,
  FX_ARG_TYPES(FX_ARG_ENUM)
#undef FX_ARG_ENUM
  FX_NUM_ARG_TYPES
} fx_arg_type;

typedef struct fx_karg {
  uint8_t type;     /* fx_arg_type */
  uint8_t slot;     /* the index into ref[], view[], i[] or f[] (0 for the others) */
  const char *name; /* the runtime function's parameter */
} fx_karg;

typedef struct fx_kernel {
  const char *function; /* "fxrt_conv2d_f32" */
  const char *file;     /* "fxrt_conv.c" */
  const fx_karg *args;
  int nargs;
} fx_kernel;

const fx_kernel *fx_kernel_desc(fx_kind k);
const char *fx_kind_function(fx_kind k);
const char *fx_kind_file(fx_kind k);
const char *fx_arg_type_name(fx_arg_type t);

/* The stack a kernel needs at most, in bytes, its callees included (stack.def, measured by tools/stack_table.py):
 * on the Cortex-M4F (arm) or on x86-64 (the host); fx_stack_run: the allowance for the generated run function's own
 * frame; fx_stack_compiler: the compiler and flags that column was measured with. */
uint32_t fx_kind_stack(fx_kind k, bool arm);

/* The compact convolutions (f32; int8 with float or fixed requantization), which lowering may give a scratch to be
 * computed over their input (plan.c, both emitters). */
static inline bool fx_kind_small_conv(int k) {
  return k == FX_K_SMALL_CONV || k == FX_K_SMALL_Q8_CONV || k == FX_K_SMALL_Q8_CONV_FX;
}
/* The compact int8 convolutions and linear layers, with either requantization. */
static inline bool fx_kind_small_q8_gemm(int k) {
  return k == FX_K_SMALL_Q8_CONV || k == FX_K_SMALL_Q8_CONV_FX || k == FX_K_SMALL_Q8_LINEAR ||
         k == FX_K_SMALL_Q8_LINEAR_FX;
}
uint32_t fx_stack_run(bool arm);
const char *fx_stack_compiler(bool arm);

#endif
