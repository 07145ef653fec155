/* exec.h: running one lowered call (lower.h) with the runtime's kernels, at compile time (constant folding,
 * optimizer/constfold.c) or in the interpreter (interp/interp.c). base(ctx, k, r) gives the storage of every operand
 * that is not an FX_REF_SCALAR (those are the call's own values): the interpreter resolves them through the memory
 * plan, constant folding through buffers of its own. threads (NULL: none) goes to the kernels that take a pool. */
#ifndef FX_EXEC_H
#define FX_EXEC_H

#include "lower.h"

typedef void *(*fx_ref_base_fn)(void *ctx, const fx_kcall *k, const fx_ref *r);
fxrt_status fx_exec_call(const fx_kcall *k, fx_ref_base_fn base, void *ctx, const fxrt_threadpool *threads);

#endif
