/* emit_llvm.h: the LLVM backend, through the LLVM C API (the llvm-c headers of LLVM 19). A lowered, planned program
 * (program/lower.h, program/plan.h) becomes one LLVM module with the C backend's entry point and ABI (model.h,
 * backend/iface.h, is the same for both):
 *
 *     fxrt_status NAME_run([const void *weights,] const T *input..., T *output0, ..., void *workspace)
 *
 * Each kernel call of the lowered list is a call of the same runtime function with the same arguments, in graph
 * order, its status checked as FX2C_CHECK does; views and parameter structs are private constant globals of LLVM
 * struct types that mirror fxrt.h's, which the target's data layout places as its C compilers do (on the host,
 * LLVMABISizeOfType and LLVMOffsetOfElement are checked against this compiler's sizeof and offsetof; for ARM bare
 * metal, the enum field of fxrt_epilogue is one byte, as arm-none-eabi-gcc's short enums make it); the epilogue of a
 * conv/linear/matmul with a residual is built on the stack (its residual pointer is only known at run time); the weights are constant globals (64-byte aligned), or offsets into the
 * weights argument with --weights-file; every activation is its planned offset in the workspace. Every module passes
 * LLVMVerifyModule before and after LLVMRunPasses("default<On>"). With debug info, each call carries the location
 * of its FX node in the graph file, in a scope named after the node (an inlined subprogram of NAME_run), so
 * debuggers and profilers name the node that is running.
 *
 *     fx_llvm_opts lo = {.triple = "thumbv7em-none-eabihf", .cpu = "cortex-m4", .opt_level = 2};
 *     fx_emit_llvm(&L, &P, &emit_opts, &lo, FX_LLVM_OBJ, "model.o", &diag);   // and model.h beside it
 *
 * The output is deterministic: the same program, options and working directory (debug info records it) give the
 * same bytes.
 */
#ifndef FX_EMIT_LLVM_H
#define FX_EMIT_LLVM_H

#include "iface.h"

typedef enum fx_llvm_output {
  FX_LLVM_IR,  /* textual IR (.ll) */
  FX_LLVM_BC,  /* bitcode (.bc) */
  FX_LLVM_OBJ  /* an object file for the target */
} fx_llvm_output;

typedef struct fx_llvm_opts {
  const char *triple;   /* NULL or "": the host */
  const char *cpu;      /* NULL, "" or "generic": the target's baseline; "native": this machine's CPU and features */
  const char *features; /* LLVM feature list ("+avx2,-fma"), or NULL */
  int opt_level;        /* 0, 1 or 2: default<O0|O1|O2> and the code generator's level */
  bool debug;           /* debug info: the graph file's lines */
  const char *source;   /* the graph file (debug info, the module's source file name) */
  const char *header;   /* where model.h goes, or NULL for none */
  const char *weights_bin; /* with weights_file: where the weights go */
  bool exe_driver;      /* also the tables and entry point (fxm_*) of the executables' driver (backend/exe.h) */
} fx_llvm_opts;

/* The LLVM version linked ("19.1.7"). */
const char *fx_llvm_version(void);

/* Checks that the target (triple, CPU, features) can be compiled for; false with a message in msg otherwise. */
bool fx_llvm_check_target(const fx_llvm_opts *lo, char *msg, size_t cap);

/* The normalized target triple (host when lo->triple is NULL) and the CPU that "native"/"generic" stand for, as the
 * module gets them; for model.h and messages. */
void fx_llvm_describe_target(const fx_llvm_opts *lo, char *triple, size_t tcap, char *cpu, size_t ccap);

/* Writes the module to path ("-": standard output), model.h to lo->header and, with o->weights_file, the weights to
 * lo->weights_bin. Errors go to d. */
bool fx_emit_llvm(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const fx_llvm_opts *lo,
                  fx_llvm_output kind, const char *path, fx_diag *d);

#endif
