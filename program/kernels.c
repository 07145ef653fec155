/* kernels.c: the descriptions of kernels.def as data (kernels.h). */
#include "kernels.h"

#include <stddef.h>

#define A(type, slot, name) {FX_ARG_##type, slot, #name},
#define FX_KERNEL(kind, fn, file, args) static const fx_karg args_##kind[] = {args};
#include "kernels.def"
#undef FX_KERNEL

static const fx_kernel kernels[FX_NUM_KINDS] = {
#define FX_KERNEL(kind, fn, file, args) {#fn, file, args_##kind, (int)(sizeof args_##kind / sizeof *args_##kind)},
#include "kernels.def"
#undef FX_KERNEL
};
#undef A

static const char *const arg_type_names[FX_NUM_ARG_TYPES] = {
#define FX_ARG_NAME(t) #t,
    FX_ARG_TYPES(FX_ARG_NAME)
#undef FX_ARG_NAME
};

const fx_kernel *fx_kernel_desc(fx_kind k) { return (unsigned)k < FX_NUM_KINDS ? &kernels[k] : NULL; }
const char *fx_kind_function(fx_kind k) { return (unsigned)k < FX_NUM_KINDS ? kernels[k].function : "?"; }
const char *fx_kind_file(fx_kind k) { return (unsigned)k < FX_NUM_KINDS ? kernels[k].file : "?"; }
const char *fx_arg_type_name(fx_arg_type t) { return (unsigned)t < FX_NUM_ARG_TYPES ? arg_type_names[t] : "?"; }

/* stack.def: one row per kind, checked here: an unknown or repeated KIND does not compile (a case label), a missing
 * one fails the count (and -Wswitch names it) */
#define FX_STACK_COMPILERS(arm, host)
#define FX_STACK_RUN(arm, host)
#define FX_STACK(kind, arm, host) +1
_Static_assert(0
#include "stack.def"
                   == FX_NUM_KINDS,
               "program/stack.def has a row for every kind of kernels.def (tools/stack_table.py writes it)");
#undef FX_STACK

uint32_t fx_kind_stack(fx_kind k, bool arm) {
  switch (k) {
#define FX_STACK(kind, a, h) \
  case FX_K_##kind: return arm ? a : h;
#include "stack.def"
#undef FX_STACK
  case FX_NUM_KINDS: break;
  }
  return UINT32_MAX;
}
#undef FX_STACK_RUN
#undef FX_STACK_COMPILERS

uint32_t fx_stack_run(bool arm) {
#define FX_STACK_COMPILERS(a, h)
#define FX_STACK_RUN(a, h) return arm ? a : h;
#define FX_STACK(kind, a, h)
#include "stack.def"
#undef FX_STACK_RUN
#undef FX_STACK_COMPILERS
}

const char *fx_stack_compiler(bool arm) {
#define FX_STACK_COMPILERS(a, h) return arm ? a : h;
#define FX_STACK_RUN(a, h)
#include "stack.def"
#undef FX_STACK_RUN
#undef FX_STACK_COMPILERS
#undef FX_STACK
}
