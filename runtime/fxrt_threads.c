/* fxrt_threads.c: the POSIX-threads pool of fxrt_threads.h.
 *
 * One job at a time: run() publishes the task and its count, bumps the generation and wakes the workers; every
 * thread, the caller's included, then takes indices from a shared counter until they run out; run() returns when
 * every worker has finished with the generation. Workers spin on the generation for about SPIN_NS before they sleep
 * on a condition variable. */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include "fxrt_threads.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SPIN_NS 1000000 /* 1 ms: longer than the gaps between the parallel kernels of one inference */

/* The counters that the threads write while others read them live on cache lines of their own, away from the job's
 * description that every piece reads: a worker spinning on the generation must not slow the caller's claims. */
#define LINE 64
struct fxrt_threads {
  /* read-mostly: written once per job by run() before the generation is bumped */
  fxrt_threadpool pool;
  int n;                 /* threads, the caller's included */
  pthread_t *tid;        /* the n - 1 workers */
  fxrt_task task;
  void *ctx;
  int64_t count;
  int stop;              /* set with gen bumped */
  char pad0[LINE];
  uint64_t gen;          /* atomic: the job's generation */
  char pad1[LINE - sizeof(uint64_t)];
  int64_t next;          /* atomic: the next index to take */
  char pad2[LINE - sizeof(int64_t)];
  int32_t busy;          /* atomic: workers still on the current generation */
  int32_t ids;           /* atomic: worker numbers handed out (at start only) */
  char pad3[LINE - 2 * sizeof(int32_t)];
  pthread_mutex_t mu;
  pthread_cond_t wake;
};

static void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Takes indices of the current job until there are none left. */
static void work(fxrt_threads *t, int32_t worker) {
  for (;;) {
    const int64_t i = __atomic_fetch_add(&t->next, 1, __ATOMIC_RELAXED);
    if (i >= t->count) return;
    t->task(t->ctx, i, worker);
  }
}

static void *worker_main(void *arg) {
  fxrt_threads *t = (fxrt_threads *)arg;
  const int32_t worker = __atomic_add_fetch(&t->ids, 1, __ATOMIC_RELAXED); /* 1 .. n-1; the caller is 0 */
  uint64_t seen = 0;
  for (;;) {
    uint64_t gen = __atomic_load_n(&t->gen, __ATOMIC_ACQUIRE);
    if (gen == seen) { /* spin, then sleep */
      const uint64_t t0 = now_ns();
      unsigned spins = 0;
      while ((gen = __atomic_load_n(&t->gen, __ATOMIC_ACQUIRE)) == seen) {
        cpu_relax();
        if (++spins % 256 == 0 && now_ns() - t0 > SPIN_NS) {
          pthread_mutex_lock(&t->mu);
          while ((gen = __atomic_load_n(&t->gen, __ATOMIC_ACQUIRE)) == seen) pthread_cond_wait(&t->wake, &t->mu);
          pthread_mutex_unlock(&t->mu);
          break;
        }
      }
    }
    seen = gen;
    if (__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE)) return NULL;
    work(t, worker);
    __atomic_sub_fetch(&t->busy, 1, __ATOMIC_RELEASE);
  }
}

static void run(void *self, int64_t n, fxrt_task task, void *ctx) {
  fxrt_threads *t = (fxrt_threads *)self;
  t->task = task;
  t->ctx = ctx;
  t->count = n;
  __atomic_store_n(&t->next, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&t->busy, t->n - 1, __ATOMIC_RELAXED);
  pthread_mutex_lock(&t->mu); /* sleepers check the generation under mu: none misses the bump */
  __atomic_add_fetch(&t->gen, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&t->wake);
  pthread_mutex_unlock(&t->mu);
  work(t, 0);
  while (__atomic_load_n(&t->busy, __ATOMIC_ACQUIRE) > 0) cpu_relax();
}

int fxrt_threads_available(void) {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    const int c = CPU_COUNT(&set);
    if (c > 0) return c;
  }
#endif
  const long c = sysconf(_SC_NPROCESSORS_ONLN);
  return c > 0 ? (int)(c < FXRT_THREADS_MAX ? c : FXRT_THREADS_MAX) : 1;
}

fxrt_threads *fxrt_threads_start(int n) {
  if (n < 1) n = 1;
  if (n > FXRT_THREADS_MAX) n = FXRT_THREADS_MAX;
  void *mem = NULL;
  if (posix_memalign(&mem, LINE, sizeof(fxrt_threads)) != 0) return NULL;
  fxrt_threads *t = (fxrt_threads *)mem;
  memset(t, 0, sizeof *t);
  t->tid = (pthread_t *)calloc((size_t)n, sizeof *t->tid);
  if (!t->tid || pthread_mutex_init(&t->mu, NULL) != 0) {
    free(t->tid);
    free(t);
    return NULL;
  }
  if (pthread_cond_init(&t->wake, NULL) != 0) {
    pthread_mutex_destroy(&t->mu);
    free(t->tid);
    free(t);
    return NULL;
  }
  t->pool.nthreads = 1;
  t->pool.run = run;
  t->pool.self = t;
  t->n = 1;
  for (int i = 1; i < n; i++) {
    if (pthread_create(&t->tid[i - 1], NULL, worker_main, t) != 0) {
      fxrt_threads_stop(t);
      return NULL;
    }
    t->n = i + 1;
  }
  t->pool.nthreads = t->n;
  return t;
}

const fxrt_threadpool *fxrt_threads_pool(const fxrt_threads *t) { return t ? &t->pool : NULL; }

void fxrt_threads_stop(fxrt_threads *t) {
  if (!t) return;
  pthread_mutex_lock(&t->mu);
  __atomic_store_n(&t->stop, 1, __ATOMIC_RELEASE);
  __atomic_add_fetch(&t->gen, 1, __ATOMIC_RELEASE);
  pthread_cond_broadcast(&t->wake);
  pthread_mutex_unlock(&t->mu);
  for (int i = 0; i < t->n - 1; i++) pthread_join(t->tid[i], NULL);
  pthread_cond_destroy(&t->wake);
  pthread_mutex_destroy(&t->mu);
  free(t->tid);
  free(t);
}
