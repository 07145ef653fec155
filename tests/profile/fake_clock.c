/* fake_clock.c: the profiler in an emitted C folder with a clock of the program's own (issue 13): a model of
 * tests/codegen/mymodule compiled with `--emit c --profile`, whose hooks (fxrt.h) read a fake clock that advances by
 * 1 to 5 microseconds per read (in turn), so that the table and the trace (fxm_profile.h) are the same on every machine:
 *   cc -std=c99 -I FOLDER -I backend fake_clock.c FOLDER/fxrt_core.c ... -lm && ./a.out TRACE.json > TABLE.txt */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "fxm_profile.h"

#if MODEL_NUM_INPUTS != 1 || MODEL_NUM_OUTPUTS != 2
#error "this test drives tests/codegen/mymodule: one input, two outputs"
#endif

static uint64_t ticks, reads; /* nanoseconds, clock reads */
static fxm_profile prof;
static uint32_t run;

uint64_t fxrt_profile_clock(void) { return ticks += 1000u * (1u + reads++ % 5u); }

void fxrt_profile_node(const fxrt_node_info *node, uint64_t start, uint64_t end) {
  fxm_profile_record(&prof, node->index, run, start, end);
}

static float x[MODEL_INPUT0_NUMEL], y0[MODEL_OUTPUT0_NUMEL];
static int64_t y1[MODEL_OUTPUT1_NUMEL];
static unsigned char ws[MODEL_WORKSPACE_SIZE + 1] __attribute__((aligned(64)));

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  for (int i = 0; i < MODEL_INPUT0_NUMEL; i++) x[i] = (float)(i % 5) - 2.0f;
  prof.nodes = model_nodes;
  prof.nnodes = MODEL_NUM_NODES;
  for (run = 0; run < 2; run++) {
    ticks += 5000; /* between runs */
    if (model_run(x, y0, y1, ws) != FXRT_OK) return 1;
  }
  fxm_profile_table(stdout, &prof, 1.0);
  FILE *f = fopen(argv[1], "w");
  if (!f || !fxm_trace_write(f, &prof, 1.0, "fake_clock") || fclose(f) != 0) return 1;
  fxm_profile_free(&prof);
  return 0;
}
