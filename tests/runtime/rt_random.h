/* rt_random.h: the runtime tests' reproducible random inputs. A test defines RT_SEED (its own stream) and includes
 * this after cmocka.h. */
#ifndef RT_RANDOM_H
#define RT_RANDOM_H

#include <stdint.h>
#include <stdlib.h>

static uint32_t rng_state = RT_SEED;

/* Uniform in [-1, 1), reproducible. */
static inline float frand(void) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return (float)((rng_state >> 8) & 0xffffff) / 8388608.0f - 1.0f;
}

/* n values of frand() in a buffer of at least one element (free() it). */
static inline float *rand_buf(int64_t n) {
  float *p = malloc(sizeof(float) * (size_t)(n > 0 ? n : 1));
  assert_non_null(p);
  for (int64_t i = 0; i < n; i++) p[i] = frand();
  return p;
}

#endif
