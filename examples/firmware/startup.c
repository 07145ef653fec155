/* startup.c: the smallest start-up code for a Cortex-M4F: the vector table, then, at reset, the FPU switched on,
 * .data copied from flash, .bss cleared, main() called. The symbols come from firmware.ld. */
#include <stdint.h>

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);
void Reset_Handler(void);
void Default_Handler(void);

void Default_Handler(void) {
  for (;;) {
  }
}

/* Stack top, reset, then NMI, HardFault, MemManage, BusFault, UsageFault: the rest stay unset (no interrupts). */
__attribute__((section(".isr_vector"), used)) static void (*const vectors[7])(void) = {
    (void (*)(void))(uintptr_t)_estack, Reset_Handler, Default_Handler, Default_Handler,
    Default_Handler, Default_Handler, Default_Handler};

void Reset_Handler(void) {
  /* CP10 and CP11 (the FPU) to full access before the first floating-point instruction: the model and the
   * runtime are compiled for the hard-float ABI */
  *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
  __asm volatile("dsb\n\tisb" ::: "memory");
  for (uint32_t *s = _sidata, *d = _sdata; d < _edata;) *d++ = *s++;
  for (uint32_t *d = _sbss; d < _ebss;) *d++ = 0;
  main();
  for (;;) {
  }
}
