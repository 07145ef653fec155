/* main.c: runs an fx2c model once under QEMU (mps2-an386) and reports through ARM semihosting:
 *   - the input is a constant array in flash (input.h, written by npy.py from the exported input0.npy);
 *   - the output, a static buffer, is written raw to the host file output0.bin (SYS_OPEN, SYS_WRITE);
 *   - one line on the host's stdout: "fw: status S stack B ticks T":
 *       S  model_run's status (0: FXRT_OK; -100: the output file could not be written);
 *       B  the bytes of stack model_run used: [_sstack, SP) is painted with a pattern before the call and scanned
 *          from the bottom after it ("overflow" when the bottom word is overwritten);
 *       T  SysTick ticks of the processor clock (25 MHz) across the call; under `-icount shift=0` QEMU's virtual
 *          clock advances one nanosecond per instruction, so T * 40 is the instructions executed (-1: it wrapped);
 *   - exit: SYS_EXIT with ADP_Stopped_ApplicationExit when S is 0 (QEMU exits with status 0), else 1.
 * Built with -DFW_NULL, the image has no workspace and null_model.c's model_run, which does nothing: the
 * baseline whose size the model's flash and RAM are measured against (run.sh). No printf, no heap. */
#include <stdint.h>

#include "input.h"
#include "model.h"

#if MODEL_NUM_INPUTS != 1 || MODEL_NUM_OUTPUTS != 1
#error "this harness drives a model with one input and one output"
#endif

extern uint32_t _sstack[];

static float output0[MODEL_OUTPUT0_NUMEL] __attribute__((aligned(64)));
#ifdef FW_NULL
#define WORKSPACE ((void *)0)
#else
static unsigned char workspace[MODEL_WORKSPACE_SIZE + 1] __attribute__((aligned(64)));
#define WORKSPACE ((void *)workspace)
#endif

static uint32_t semihost(uint32_t op, const void *arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

static char *put_int(char *p, int32_t v) {
  char digits[12];
  int n = 0;
  uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
  if (v < 0) *p++ = '-';
  do digits[n++] = (char)('0' + u % 10u);
  while ((u /= 10u) != 0);
  while (n) *p++ = digits[--n];
  return p;
}

static char *put_str(char *p, const char *s) {
  while (*s) *p++ = *s++;
  return p;
}

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define PAINT 0xC5A5C5A5u

int main(void) {
  /* SysTick: free-running down-counter on the processor clock, no interrupt */
  SYST_RVR = 0xFFFFFFu;
  SYST_CVR = 0;
  SYST_CSR = 5u;
  uint32_t sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (volatile uint32_t *w = _sstack; (uint32_t)(uintptr_t)w < sp; w++) *w = PAINT;
  (void)SYST_CSR; /* clears COUNTFLAG */
  uint32_t t0 = SYST_CVR;
  int status = (int)model_run(fw_input, output0, WORKSPACE);
  uint32_t t1 = SYST_CVR;
  int wrapped = (SYST_CSR >> 16) & 1u;
  int32_t ticks = wrapped ? -1 : (int32_t)((t0 - t1) & 0xFFFFFFu);
  uint32_t *low = _sstack;
  while ((uint32_t)(uintptr_t)low < sp && *low == PAINT) low++;

  static const char name[] = "output0.bin";
  uint32_t open[3] = {(uint32_t)(uintptr_t)name, 5u /* "wb" */, sizeof name - 1};
  uint32_t fd = semihost(0x01u, open);
  uint32_t write[3] = {fd, (uint32_t)(uintptr_t)output0, sizeof output0};
  int io_ok = fd != 0xFFFFFFFFu && semihost(0x05u, write) == 0;
  if (fd != 0xFFFFFFFFu) semihost(0x02u, &fd);

  char line[96], *p = put_str(line, "fw: status ");
  p = put_int(p, io_ok ? (int32_t)status : -100);
  p = put_str(p, " stack ");
  p = low == _sstack ? put_str(p, "overflow") : put_int(p, (int32_t)(sp - (uint32_t)(uintptr_t)low));
  p = put_str(p, " ticks ");
  p = put_int(p, ticks);
  p = put_str(p, "\n");
  *p = 0;
  semihost(0x04u, line); /* SYS_WRITE0 */
  semihost(0x18u, (const void *)(uintptr_t)(status == 0 && io_ok ? 0x20026u : 0x20023u));
  return 0;
}
