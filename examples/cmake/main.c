/* main.c: two models compiled by fx2c_add_model (CMakeLists.txt) run in one program. Each model's library
 * brings its <prefix>_run function and <PREFIX>_* macros; both link the one runtime library, fx2c::fxrt.
 * Prints every output as "<prefix>.output0[i] = <value>" and exits with 1 if a run fails. */
#include <stdio.h>

#include "model_a.h" /* model_a_run, MODEL_A_*: x f32[1,3,8,8] -> f32[1,2] */
#include "other.h"   /* other_run, OTHER_*: x f32[2,3,6,6] -> f32[2,2] */

/* Inputs, outputs and workspaces: static, 64-byte aligned (the workspaces must be; for the rest it is fastest). */
static _Alignas(64) float x_a[MODEL_A_INPUT0_NUMEL];
static _Alignas(64) float y_a[MODEL_A_OUTPUT0_NUMEL];
static _Alignas(64) unsigned char ws_a[MODEL_A_WORKSPACE_SIZE];

static _Alignas(64) float x_b[OTHER_INPUT0_NUMEL];
static _Alignas(64) float y_b[OTHER_OUTPUT0_NUMEL];
static _Alignas(64) unsigned char ws_b[OTHER_WORKSPACE_SIZE];

/* A deterministic input in [-0.5, 0.5): tests/cmake/example.sh feeds the same values to the reference interpreter. */
static void fill(float *x, size_t n) {
  for (size_t i = 0; i < n; i++) x[i] = (float)((i * 7) % 11) / 11 - 0.5f;
}

static int report(const char *prefix, fxrt_status s, const float *y, size_t n) {
  if (s != FXRT_OK) {
    fprintf(stderr, "%s_run failed: %s\n", prefix, fxrt_status_str(s));
    return 1;
  }
  for (size_t i = 0; i < n; i++) printf("%s.output0[%zu] = %.6f\n", prefix, i, y[i]);
  return 0;
}

int main(void) {
  int failed = 0;

  fill(x_a, MODEL_A_INPUT0_NUMEL);
  failed |= report("model_a", model_a_run(x_a, y_a, ws_a), y_a, MODEL_A_OUTPUT0_NUMEL);

  fill(x_b, OTHER_INPUT0_NUMEL);
  failed |= report("other", other_run(x_b, y_b, ws_b), y_b, OTHER_OUTPUT0_NUMEL);

  return failed;
}
