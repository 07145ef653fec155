/* Two models in one program with one copy of the runtime (tests/workspace/workspace.sh): the seed's MyModule compiled
 * with -Os as `a` (the compact kernels, inline) and with -O2 as `b`. Each run function refuses a workspace whose
 * address is not a multiple of its NAME_WORKSPACE_ALIGN, and both give the same outputs. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "a/model.h"
#include "b/model.h"

static uint64_t ws_a[A_WORKSPACE_SIZE / 8 + 2], ws_b[B_WORKSPACE_SIZE / 8 + 2]; /* 8-byte aligned */

int main(void) {
  float x[A_INPUT0_NUMEL], ya[A_OUTPUT0_NUMEL], yb[B_OUTPUT0_NUMEL];
  int64_t ia[A_OUTPUT1_NUMEL], ib[B_OUTPUT1_NUMEL];
  for (int i = 0; i < A_INPUT0_NUMEL; i++) x[i] = (float)(i % 7) * 0.25f - 0.5f;
  int bad = 0;
  if (A_WORKSPACE_ALIGN > 1 && a_run(x, ya, ia, (unsigned char *)ws_a + 1) != FXRT_EINVAL) {
    puts("a_run took a misaligned workspace");
    bad = 1;
  }
  if (B_WORKSPACE_ALIGN > 1 && b_run(x, yb, ib, (unsigned char *)ws_b + B_WORKSPACE_ALIGN / 2) != FXRT_EINVAL) {
    puts("b_run took a misaligned workspace");
    bad = 1;
  }
  if (a_run(x, ya, ia, ws_a) != FXRT_OK || b_run(x, yb, ib, ws_b) != FXRT_OK) {
    puts("a run failed");
    return 1;
  }
  for (int i = 0; i < A_OUTPUT0_NUMEL; i++)
    if (!(fabsf(ya[i] - yb[i]) <= 1e-5f * (1.0f + fabsf(yb[i])))) {
      printf("output0[%d]: -Os %.9g, -O2 %.9g\n", i, (double)ya[i], (double)yb[i]);
      bad = 1;
    }
  for (int i = 0; i < A_OUTPUT1_NUMEL; i++)
    if (ia[i] != ib[i]) {
      printf("output1[%d]: -Os %lld, -O2 %lld\n", i, (long long)ia[i], (long long)ib[i]);
      bad = 1;
    }
  if (!bad) puts("two models: ok");
  return bad;
}
