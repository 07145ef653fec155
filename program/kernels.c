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
