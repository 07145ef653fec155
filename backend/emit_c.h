/* emit_c.h: the C backend. A lowered, planned program (backend/lower.h, optimizer/plan.h) becomes a folder:
 *
 *   model.h          the interface: PREFIX_run(inputs..., outputs..., workspace), the workspace size, the inputs' and
 *                    outputs' names, dtypes and shapes as macros, and (in its header comment) provenance and the one
 *                    cc command that builds the folder
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

#include "../optimizer/plan.h"

typedef struct fx_emit_opts {
  const char *prefix;       /* the exported symbols' prefix (a C identifier): "model" gives model_run, MODEL_* */
  bool weights_file;        /* the weights in model_weights.bin instead of model_weights.h */
  bool exe_main;            /* also write main.c */
  const char *command;      /* the command line, for the provenance header (or NULL) */
  const char *const *files; /* the input files, hashed in the provenance header */
  int nfiles;
} fx_emit_opts;

/* Writes the folder dir (created if needed). Errors (a file that cannot be written) go to d. */
bool fx_emit_c(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *dir, fx_diag *d);

/* The one command that compiles the folder's C files into objects (as written into model.h). */
void fx_emit_c_build_command(const fx_lowered *L, const fx_emit_opts *o, fx_buf *b);

#endif
