/* emit_c.h: the C backend. A lowered, planned program (program/lower.h, program/plan.h) becomes a folder:
 *
 *   model.h          the interface (backend/iface.h, the same for the LLVM backend): PREFIX_run(inputs...,
 *                    outputs..., workspace), the workspace size, the inputs' and outputs' names, dtypes and shapes as
 *                    macros, and (in its header comment) provenance and the one cc command that builds the folder
 *   model.c          one statement per kernel call, in graph order, each node under a comment quoting its FX line
 *   model_weights.h  the weights as static const arrays (bit patterns in hex), included by model.c; or, with
 *                    weights_file, model_weights.bin (the application passes its contents to PREFIX_run)
 *   fxrt*.h, fxrt_*.c the runtime sources the model calls
 *   main.c           with exe_main: the command-line driver of the executable (backend/exe_main.c.in)
 *
 * The output is deterministic: the same program and options give the same bytes.
 */
#ifndef FX_EMIT_C_H
#define FX_EMIT_C_H

#include "iface.h"

/* Writes the folder dir (created if needed). Errors (a file that cannot be written) go to d. */
bool fx_emit_c(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *dir, fx_diag *d);

#endif
