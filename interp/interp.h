/* interp.h: the reference interpreter. It runs a built program (ir/program.h) node by node with the runtime's
 * kernels: the oracle that every backend is checked against, and what `fx2c run` does.
 *
 *     fx_tensor inputs[] = {...};                 // one per placeholder, dtype and shape as the program expects
 *     fx_run_result r;
 *     if (!fx_interp_run(&program, inputs, n, &r, &diag)) ...;
 *     ... r.outputs[i] (the returned value flattened: tuples and lists element by element, dicts by value) ...
 *     fx_run_result_free(&r);
 *
 * Storage: every tensor that is not a view of another gets its own buffer when it is computed and loses it after
 * its last use; views, no-ops and in-place results share their input's buffer.
 */
#ifndef FX_INTERP_H
#define FX_INTERP_H

#include "../ir/program.h"

typedef struct fx_run_result {
  fx_tensor *outputs; /* data owned by the result */
  uint32_t noutputs;
  size_t peak_bytes;  /* most activation bytes alive at once */
} fx_run_result;

bool fx_interp_run(fx_program *p, const fx_tensor *inputs, uint32_t ninputs, fx_run_result *r, fx_diag *d);
void fx_run_result_free(fx_run_result *r);

#endif
