/* main.c: a firmware that runs an fx2c model once (examples/firmware/README.md). The model comes from
 *   fx2c compile ... --emit obj -Os --target thumbv7em-none-eabihf --cpu cortex-m4 -o model.o
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
/* the workspace at model.h's alignment (model_run returns FXRT_EINVAL for a misaligned one); + 1: never empty */
static unsigned char workspace[MODEL_WORKSPACE_SIZE + 1] __attribute__((aligned(MODEL_WORKSPACE_ALIGN)));

volatile fxrt_status model_status = FXRT_EINVAL; /* what a debugger reads after the run */

#ifdef MODEL_NUM_NODES
/* A profiling build (fx2c compile --profile): the clock is the Cortex-M's cycle counter (DWT->CYCCNT, enabled
 * through CoreDebug->DEMCR.TRCENA and DWT->CTRL.CYCCNTENA), and each node's cycles are summed into
 * model_node_cycles[i], next to model_nodes[i] (its name, op type and FX line), for a debugger to read. */
#define DEMCR (*(volatile uint32_t *)0xE000EDFCu)
#define DWT_CTRL (*(volatile uint32_t *)0xE0001000u)
#define DWT_CYCCNT (*(volatile uint32_t *)0xE0001004u)
volatile uint32_t model_node_cycles[MODEL_NUM_NODES];

uint64_t fxrt_profile_clock(void) { return DWT_CYCCNT; }

void fxrt_profile_node(const fxrt_node_info *node, uint64_t start, uint64_t end) {
  model_node_cycles[node->index] += (uint32_t)(end - start); /* the 32-bit counter wraps: the difference does not */
}
#endif

int main(void) {
#ifdef MODEL_NUM_NODES
  DEMCR |= 1u << 24;   /* TRCENA */
  DWT_CYCCNT = 0;
  DWT_CTRL |= 1u;      /* CYCCNTENA */
#endif
  float *x = (float *)(void *)input0;
  for (int i = 0; i < MODEL_INPUT0_NUMEL; i++) x[i] = (float)(i % 7) * 0.25f - 0.5f;
#if MODEL_NUM_OUTPUTS == 2
  model_status = model_run((void *)input0, (void *)output0, (void *)output1, workspace);
#else
  model_status = model_run((void *)input0, (void *)output0, workspace);
#endif
  return 0;
}
