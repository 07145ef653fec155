/* startup.c: start-up code for QEMU's mps2-an386 (Cortex-M4F) and mps2-an385 (Cortex-M3, no FPU; the same memory
 * map): the vector table, then, at reset, the FPU switched on (when the build has one), .data copied from flash,
 * .bss cleared, main() called. A fault exits QEMU through semihosting (status 1)
 * instead of hanging until the timeout. The symbols come from firmware.ld. */
#include <stdint.h>

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);
void Reset_Handler(void);
void Fault_Handler(void);

/* SYS_EXIT (0x18) with ADP_Stopped_RunTimeErrorUnknown (0x20023): qemu-system-arm exits with status 1 */
void Fault_Handler(void) {
  register uint32_t op __asm__("r0") = 0x18u, arg __asm__("r1") = 0x20023u;
  __asm__ volatile("bkpt 0xab" : "+r"(op) : "r"(arg) : "memory");
  for (;;) {
  }
}

/* Stack top, reset, then NMI, HardFault, MemManage, BusFault, UsageFault: no interrupts are enabled. */
__attribute__((section(".isr_vector"), used)) static void (*const vectors[7])(void) = {
    (void (*)(void))(uintptr_t)_estack,
    Reset_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler};

void Reset_Handler(void) {
#if defined(__ARM_FP)
  /* CP10 and CP11 (the FPU) to full access before the first floating-point instruction */
  *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
  for (uint32_t *s = _sidata, *d = _sdata; d < _edata;) *d++ = *s++;
  for (uint32_t *d = _sbss; d < _ebss;) *d++ = 0;
  main();
  for (;;) {
  }
}
