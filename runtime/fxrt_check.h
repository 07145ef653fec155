/* fxrt_check.h: the size checks that the kernels share. Internal to the runtime.
 *
 * The kernels on images (conv, winograd, norm, pool, resize) refuse sizes and parameters above DIM_LIMIT, so that
 * nothing below it overflows their index arithmetic, and check every product of sizes with mul_ok.
 */
#ifndef FXRT_CHECK_H
#define FXRT_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#define DIM_LIMIT ((int64_t)INT32_MAX)

/* *r = a*b for 0 <= a, b; false on overflow. */
static inline bool mul_ok(int64_t a, int64_t b, int64_t *r) {
  if (a != 0 && b > INT64_MAX / a) return false;
  *r = a * b;
  return true;
}

/* lo <= v <= DIM_LIMIT. */
static inline bool in_range(int64_t v, int64_t lo) { return v >= lo && v <= DIM_LIMIT; }

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

#endif
