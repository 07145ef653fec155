/* interp.h: the reference interpreter. It runs a built program (program/program.h) node by node with the runtime's
 * kernels: the oracle that every backend is checked against, and what `fx2c run` does.
 *
 *     fx_tensor inputs[] = {...};                 // one per placeholder, dtype and shape as the program expects
 *     fx_run_result r;
 *     if (!fx_interp_run(&program, inputs, n, &r, &diag)) ...;
 *     ... r.outputs[i] (the returned value flattened: tuples and lists element by element, dicts by value) ...
 *     fx_run_result_free(&r);
 *
 * Storage: the program is lowered to runtime calls (program/lower.h) and its memory planned (program/plan.h)
 * exactly as for generated code; the interpreter allocates the one arena the plan asks for and runs the calls.
 */
#ifndef FX_INTERP_H
#define FX_INTERP_H

#include "../program/lower.h"
#include "../program/program.h"

typedef struct fx_run_result {
  fx_tensor *outputs; /* data owned by the result */
  uint32_t noutputs;
  size_t peak_bytes;  /* the arena: activation and scratch bytes */
} fx_run_result;

bool fx_interp_run(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *r, fx_diag *d);

/* Watching a run (fx2c run --profile, --trace, --dump): start is told the lowered program before the first call
 * (the nodes that run code are fx_walk_nodes(L), program/walk.h), then node after each of those nodes with its
 * position in that list and CLOCK_MONOTONIC nanoseconds before and after it; then, when result is set, result once
 * per tensor k of that node's results (fx_walk_node.results) with where its elements are (contiguous, in order, valid
 * until the next call of the run; NULL where its storage no longer holds it: fx_plan_holds_after). A false from
 * start or result stops the run. A probe with only `threads` set watches nothing. */
typedef struct fx_interp_probe {
  bool (*start)(void *ctx, const fx_lowered *L); /* false: no run (start reported why) */
  void (*node)(void *ctx, uint32_t index, uint64_t start_ns, uint64_t end_ns);
  bool (*result)(void *ctx, uint32_t index, uint32_t k, const void *data);
  void *ctx;
  const fxrt_threadpool *threads; /* the pool the kernels split their work over (NULL: this thread alone); the
                                     results are the same bits for any */
} fx_interp_probe;

bool fx_interp_run_probed(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *r,
                          const fx_interp_probe *probe, fx_diag *d);
void fx_run_result_free(fx_run_result *r);

#endif
