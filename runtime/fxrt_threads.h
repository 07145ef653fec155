/* fxrt_threads.h: a thread pool for the runtime's kernels (fxrt_threadpool, fxrt.h), on POSIX threads.
 *
 * The one part of the runtime that uses the operating system: host programs link it (with -pthread), firmware and
 * builds without threads leave fxrt_threads.c out and pass NULL where a kernel takes a pool. The executables that
 * fx2c builds run their model on one (--threads N):
 *
 *     fxrt_threads *t = fxrt_threads_start(fxrt_threads_available());   // NULL when threads cannot be started
 *     fxrt_status s = model_run_threads(x, y, ws, fxrt_threads_pool(t));  // the same bits as model_run's
 *     fxrt_threads_stop(t);
 *
 * The pool's threads wait for work by spinning for a short while and then sleeping, so that the many small pieces of
 * one inference do not each pay for a wake-up; one pool serves one caller at a time. */
#ifndef FXRT_THREADS_H
#define FXRT_THREADS_H

#include "fxrt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fxrt_threads fxrt_threads;

/* The CPUs this process may run on (sched_getaffinity where there is one, else the online CPUs; at least 1). */
int fxrt_threads_available(void);
/* A pool of n threads: the caller's and n - 1 started here (n is clamped to [1, FXRT_THREADS_MAX]). NULL when memory
 * or a thread cannot be had. */
#define FXRT_THREADS_MAX 256
fxrt_threads *fxrt_threads_start(int n);
/* The pool to pass to the kernels and to NAME_run_threads (NULL for NULL). */
const fxrt_threadpool *fxrt_threads_pool(const fxrt_threads *t);
/* Stops the threads and frees the pool (NULL does nothing). */
void fxrt_threads_stop(fxrt_threads *t);

#ifdef __cplusplus
}
#endif

#endif
