/* fxrt_par.h: how the kernels hand pieces of their work to the caller's thread pool (fxrt_threadpool in fxrt.h).
 * Internal to the runtime.
 *
 * A kernel cuts its work into pieces that write disjoint outputs and whose results do not depend on the cut (along
 * output channels, rows or column panels, at the micro-kernel's MR and NR), puts what the pieces share in a struct,
 * and calls par_run: without a pool (or with one thread) the pieces run in order on the calling thread. */
#ifndef FXRT_PAR_H
#define FXRT_PAR_H

#include "fxrt.h"

/* The threads that a kernel may use (1 without a pool). */
static inline int32_t par_threads(const fxrt_threadpool *threads) {
  return threads && threads->run && threads->nthreads > 1 ? threads->nthreads : 1;
}

/* task(ctx, i, worker) for each i in [0, n): on the pool's threads, or in order on this one. */
static inline void par_run(const fxrt_threadpool *threads, int64_t n, fxrt_task task, void *ctx) {
  if (n <= 0) return;
  if (n == 1 || par_threads(threads) == 1) {
    for (int64_t i = 0; i < n; i++) task(ctx, i, 0);
    return;
  }
  threads->run(threads->self, n, task, ctx);
}

/* The size of the pieces that cut [0, total) (total >= 1) into at most `pieces` of about equal size, rounded up to a
 * multiple of unit: there are (total + size - 1) / size of them. */
static inline int64_t par_piece(int64_t total, int64_t pieces, int64_t unit) {
  if (pieces > total) pieces = total;
  if (pieces < 1) pieces = 1;
  return ((total + pieces - 1) / pieces + unit - 1) / unit * unit;
}

/* Piece i of n equal parts of [0, total) in units of `unit`: [*lo, *hi). */
static inline void par_part(int64_t total, int64_t unit, int64_t n, int64_t i, int64_t *lo, int64_t *hi) {
  const int64_t units = (total + unit - 1) / unit, a = units * i / n, b = units * (i + 1) / n;
  *lo = a * unit < total ? a * unit : total;
  *hi = b * unit < total ? b * unit : total;
}

#endif
