/* main.c: a firmware that runs an fx2c model once (examples/firmware/README.md). The model comes from
 *   fx2c compile ... --emit obj --target thumbv7em-none-eabihf --cpu cortex-m4 -o model.o
 * which writes model.h beside model.o. Its one input, its outputs (one or two) and its workspace are static
 * buffers; the weights stay in flash. No heap, no operating system. */
#include <stdint.h>

#include "model.h"

#if MODEL_NUM_INPUTS != 1 || MODEL_NUM_OUTPUTS < 1 || MODEL_NUM_OUTPUTS > 2
#error "this example drives a model with one input and one or two outputs"
#endif

/* eight bytes per element: room for any dtype, and 64-byte alignment as model.h asks */
#define BUFFER(name, numel) static uint64_t name[(numel) + 8] __attribute__((aligned(64)))
BUFFER(input0, MODEL_INPUT0_NUMEL);
BUFFER(output0, MODEL_OUTPUT0_NUMEL);
#if MODEL_NUM_OUTPUTS == 2
BUFFER(output1, MODEL_OUTPUT1_NUMEL);
#endif
static unsigned char workspace[MODEL_WORKSPACE_SIZE + 1] __attribute__((aligned(64)));

volatile fxrt_status model_status = FXRT_EINVAL; /* what a debugger reads after the run */

int main(void) {
  float *x = (float *)(void *)input0;
  for (int i = 0; i < MODEL_INPUT0_NUMEL; i++) x[i] = (float)(i % 7) * 0.25f - 0.5f;
#if MODEL_NUM_OUTPUTS == 2
  model_status = model_run((void *)input0, (void *)output0, (void *)output1, workspace);
#else
  model_status = model_run((void *)input0, (void *)output0, workspace);
#endif
  return 0;
}
