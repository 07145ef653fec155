/* emit_llvm.c: the LLVM backend (emit_llvm.h), through the LLVM C API only. */
#include "emit_llvm.h"

#include "../program/walk.h"
#include "embedded.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#ifndef FX2C_VERSION
#define FX2C_VERSION "0.0.0"
#endif

const char *fx_llvm_version(void) {
  static char v[32];
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  snprintf(v, sizeof v, "%u.%u.%u", major, minor, patch);
  return v;
}

/* ---- targets ---- */

static void init_targets(void) {
  static bool done;
  if (done) return;
  done = true;
  LLVMInitializeX86TargetInfo(), LLVMInitializeX86Target(), LLVMInitializeX86TargetMC(), LLVMInitializeX86AsmPrinter();
  LLVMInitializeAArch64TargetInfo(), LLVMInitializeAArch64Target(), LLVMInitializeAArch64TargetMC(),
      LLVMInitializeAArch64AsmPrinter();
  LLVMInitializeARMTargetInfo(), LLVMInitializeARMTarget(), LLVMInitializeARMTargetMC(), LLVMInitializeARMAsmPrinter();
  LLVMInitializeRISCVTargetInfo(), LLVMInitializeRISCVTarget(), LLVMInitializeRISCVTargetMC(),
      LLVMInitializeRISCVAsmPrinter();
}

/* The target of lo: its normalized triple, CPU and features (malloc'd, to be freed by the caller), or false with a
 * message. */
typedef struct {
  char *triple, *cpu, *features;
  LLVMTargetRef target;
  bool host;
} target_spec;

static void spec_free(target_spec *t) {
  fx_xfree(t->triple), fx_xfree(t->cpu), fx_xfree(t->features);
  memset(t, 0, sizeof *t);
}

static char *dup_string(const char *s) {
  size_t n = strlen(s) + 1;
  char *c = fx_xmalloc(n);
  memcpy(c, s, n);
  return c;
}

static char *dup_message(char *m) { /* an LLVM message as fx2c's own string */
  char *s = dup_string(m ? m : "");
  if (m) LLVMDisposeMessage(m);
  return s;
}

static bool resolve_target(const fx_llvm_opts *lo, target_spec *t, char *msg, size_t cap) {
  init_targets();
  memset(t, 0, sizeof *t);
  char *host = dup_message(LLVMGetDefaultTargetTriple());
  const char *want = lo->triple && *lo->triple ? lo->triple : host;
  t->triple = dup_message(LLVMNormalizeTargetTriple(want));
  char *host_norm = dup_message(LLVMNormalizeTargetTriple(host));
  t->host = strcmp(t->triple, host_norm) == 0;
  fx_xfree(host), fx_xfree(host_norm);
  char *err = NULL;
  if (LLVMGetTargetFromTriple(t->triple, &t->target, &err)) {
    snprintf(msg, cap, "unknown target '%s': %s (this fx2c compiles for x86_64, aarch64, arm/thumb and riscv)",
             want, err ? err : "");
    LLVMDisposeMessage(err);
    spec_free(t);
    return false;
  }
  const char *cpu = lo->cpu && *lo->cpu ? lo->cpu : "generic";
  /* Cortex-M4F: thumbv7em with the hard-float ABI has an FPU, which LLVM's generic CPU for it lacks */
  if (!(lo->cpu && *lo->cpu) && strncmp(t->triple, "thumbv7em", 9) == 0 && strstr(t->triple, "eabihf"))
    cpu = "cortex-m4";
  if (strcmp(cpu, "native") == 0) {
    if (!t->host) {
      snprintf(msg, cap, "--cpu native is this machine's CPU; it cannot be used with --target %s", want);
      spec_free(t);
      return false;
    }
    t->cpu = dup_message(LLVMGetHostCPUName());
    char *f = dup_message(LLVMGetHostCPUFeatures());
    size_t n = strlen(f) + (lo->features ? strlen(lo->features) : 0) + 2;
    t->features = fx_xmalloc(n);
    snprintf(t->features, n, "%s%s%s", f, lo->features && *lo->features ? "," : "", lo->features ? lo->features : "");
    fx_xfree(f);
  } else {
    t->cpu = dup_string(cpu);
    t->features = dup_string(lo->features ? lo->features : "");
  }
  for (const char *c = t->cpu; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || strchr("-_.", *c))) {
      snprintf(msg, cap, "--cpu '%s' is not a CPU name", t->cpu);
      spec_free(t);
      return false;
    }
  for (const char *f = t->features; *f;) { /* +name or -name, comma separated */
    const char *end = strchr(f, ',');
    size_t n = end ? (size_t)(end - f) : strlen(f);
    if (n < 2 || (f[0] != '+' && f[0] != '-')) {
      snprintf(msg, cap, "--features '%s': expected a comma-separated list of +feature or -feature", lo->features);
      spec_free(t);
      return false;
    }
    f += n + (end != NULL);
  }
  return true;
}

static bool is_linux(const char *triple) { return strstr(triple, "-linux") != NULL; }
static bool is_arm_bare_metal(const char *triple) { /* arm-none-eabi and its thumb variants: GCC's short enums */
  return (strncmp(triple, "arm", 3) == 0 || strncmp(triple, "thumb", 5) == 0) && !is_linux(triple);
}

static LLVMTargetMachineRef make_machine(const target_spec *t, int opt_level) {
  LLVMCodeGenOptLevel lvl = opt_level <= 0 ? LLVMCodeGenLevelNone : opt_level == 1 ? LLVMCodeGenLevelLess
                                                                                    : LLVMCodeGenLevelDefault;
  /* position-independent where executables are (Linux: PIE by default), static for bare metal */
  LLVMRelocMode reloc = is_linux(t->triple) ? LLVMRelocPIC : LLVMRelocDefault;
  return LLVMCreateTargetMachine(t->target, t->triple, t->cpu, t->features, lvl, reloc, LLVMCodeModelDefault);
}

/* What LLVM writes on standard error (llvm::errs(), unbuffered) while it makes a target machine for cpu and features:
 * its warnings about unknown CPU and feature names, or, for the CPU "help", its tables of both. NULL if standard
 * error cannot be redirected. */
static char *machine_messages(const target_spec *t, const char *cpu, const char *features) {
  FILE *tmp = tmpfile();
  if (!tmp) return NULL;
  fflush(stderr);
  int saved = dup(2);
  if (saved < 0 || dup2(fileno(tmp), 2) < 0) {
    if (saved >= 0) close(saved);
    fclose(tmp);
    return NULL;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(t->target, t->triple, cpu, features, LLVMCodeGenLevelNone, LLVMRelocDefault,
                              LLVMCodeModelDefault);
  if (tm) LLVMDisposeTargetMachine(tm);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  long n = ftell(tmp);
  char *text = fx_xmalloc(n > 0 ? (size_t)n + 1 : 1);
  rewind(tmp);
  size_t got = n > 0 ? fread(text, 1, (size_t)n, tmp) : 0;
  text[got] = 0;
  fclose(tmp);
  return text;
}

/* The names of one of the tables that LLVM prints for the CPU "help" ("Available CPUs for this target:" or
 * "Available features for this target:"): "  name  - description" lines up to a blank line. */
static size_t help_names(const char *help, const char *title, char ***names) {
  size_t n = 0;
  *names = NULL;
  const char *s = help ? strstr(help, title) : NULL;
  if (!s) return 0;
  s = strchr(s, '\n');
  while (s && *s == '\n' && s[1] == '\n') s++; /* the blank line after the title */
  while (s && s[0] == '\n' && s[1] == ' ') {
    const char *b = s + 1;
    while (*b == ' ') b++;
    size_t len = strcspn(b, " \n");
    *names = fx_xrealloc(*names, (n + 1) * sizeof **names);
    (*names)[n] = fx_xmalloc(len + 1);
    memcpy((*names)[n], b, len);
    (*names)[n++][len] = 0;
    s = strchr(b, '\n');
  }
  return n;
}

/* "did you mean" and the valid names, for a CPU or feature name that LLVM does not know */
static void explain_name(char *msg, size_t cap, const char *what, const char *bad, size_t badlen, const char *triple,
                         char **names, size_t n) {
  const char *near = fx_nearest_name(bad, badlen, (const char *const *)names, n);
  size_t k = (size_t)snprintf(msg, cap, "%s '%.*s' is not known to LLVM for target '%s'", what, (int)badlen, bad, triple);
  if (near && k < cap) k += (size_t)snprintf(msg + k, cap - k, "; did you mean '%s'?", near);
  if (k < cap) k += (size_t)snprintf(msg + k, cap - k, " (valid: %s", n ? "" : "none listed");
  for (size_t i = 0; i < n && k < cap; i++) k += (size_t)snprintf(msg + k, cap - k, "%s%s", i ? " " : "", names[i]);
  if (k < cap) snprintf(msg + k, cap - k, ")");
}

/* --cpu and --features against the names LLVM has for the target (which it only warns about, then ignores) */
static bool check_names(const target_spec *t, char *msg, size_t cap) {
  bool known_cpu = strcmp(t->cpu, "generic") == 0;
  if (known_cpu && !*t->features) return true;
  char *warn = machine_messages(t, t->cpu, t->features);
  if (!warn) return true;
  bool bad_cpu = strstr(warn, "is not a recognized processor") != NULL;
  const char *bad_feature = strstr(warn, "is not a recognized feature");
  fx_xfree(warn);
  if (!bad_cpu && !bad_feature) return true;
  char *help = machine_messages(t, "help", "");
  char **names;
  size_t n = help_names(help, bad_cpu ? "Available CPUs for this target:" : "Available features for this target:", &names);
  if (bad_cpu) explain_name(msg, cap, "--cpu", t->cpu, strlen(t->cpu), t->triple, names, n);
  else { /* which one: each alone */
    const char *f = t->features, *which = f;
    size_t wl = strlen(f);
    while (*f) {
      size_t fl = strcspn(f, ",");
      char one[200];
      snprintf(one, sizeof one, "%.*s", (int)fl, f);
      bool found = false;
      for (size_t i = 0; i < n && !found; i++) found = strcmp(names[i], one + 1) == 0;
      if (!found) {
        which = f + 1, wl = fl - 1;
        break;
      }
      f += fl + (f[fl] == ',');
    }
    explain_name(msg, cap, "--features: feature", which, wl, t->triple, names, n);
  }
  for (size_t i = 0; i < n; i++) fx_xfree(names[i]);
  fx_xfree(names);
  fx_xfree(help);
  return false;
}

bool fx_llvm_check_target(const fx_llvm_opts *lo, char *msg, size_t cap) {
  target_spec t;
  if (!resolve_target(lo, &t, msg, cap)) return false;
  if (!check_names(&t, msg, cap)) {
    spec_free(&t);
    return false;
  }
  LLVMTargetMachineRef tm = make_machine(&t, lo->opt_level);
  bool ok = tm != NULL;
  if (!ok) snprintf(msg, cap, "LLVM cannot make a target machine for '%s' (cpu %s)", t.triple, t.cpu);
  else {
    LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
    if (LLVMByteOrder(td) != LLVMLittleEndian) {
      snprintf(msg, cap, "target '%s' is big-endian; fx2c's weights and runtime are little-endian", t.triple);
      ok = false;
    }
    LLVMDisposeTargetData(td);
    LLVMDisposeTargetMachine(tm);
  }
  spec_free(&t);
  return ok;
}

void fx_llvm_describe_target(const fx_llvm_opts *lo, char *triple, size_t tcap, char *cpu, size_t ccap) {
  target_spec t;
  char msg[300];
  if (!resolve_target(lo, &t, msg, sizeof msg)) {
    snprintf(triple, tcap, "%s", lo->triple ? lo->triple : "?");
    snprintf(cpu, ccap, "%s", lo->cpu ? lo->cpu : "generic");
    return;
  }
  snprintf(triple, tcap, "%s", t.triple);
  snprintf(cpu, ccap, "%s", t.cpu);
  spec_free(&t);
}

/* ---- the module ---- */

typedef struct {
  LLVMValueRef key, global;
} const_slot;

/* -Os: a compact kernel specialized to the constant operands (record, views, dtype, null pointers) that calls share,
 * as emit_c.c's emit_small_fn: an internal function whose parameters are the other pointers (spec_call). */
typedef struct {
  fx_kind kind;
  bool in_place;                /* a convolution over its input: x is y */
  LLVMValueRef arg[24];         /* the constant operands, NULL where the specialization has a parameter */
  LLVMValueRef fn;
  LLVMTypeRef ty;
} small_spec;

typedef struct {
  fx_iface ifc; /* names and the entry point (shared with the C backend) */
  const fx_llvm_opts *lo;
  fx_diag *d;
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  bool short_enums; /* enum fields are one byte (GCC's arm-none-eabi ABI) */
  LLVMTypeRef i1, i8, i32, i64, f32, f64, ptr, isize, enum_field;
  LLVMTypeRef view_t, small_t, conv_t, convt_t, pool_t, conv3_t, pool3_t, ep_t, un_t, carg_t, ccall_t;
  LLVMValueRef fn;                    /* NAME_run_threads, the body */
  LLVMValueRef kfn[FX_NUM_KINDS];     /* the runtime's functions, declared when first called */
  LLVMTypeRef kty[FX_NUM_KINDS];
  LLVMValueRef *weight;               /* by tensor id: the weight's global (or its place in the weights argument) */
  LLVMValueRef *input;                /* by tensor id: the input's parameter */
  LLVMValueRef *output;               /* by output index */
  LLVMValueRef ws, weights_arg, threads; /* NAME_run_threads's parameters */
  uint64_t *woff;
  LLVMValueRef ep_slot;               /* the epilogue built on the stack (residual known at run time) */
  LLVMBasicBlockRef entry;            /* NAME_run's first block */
  LLVMBasicBlockRef fail;             /* returns the first failing status */
  LLVMValueRef fail_status;
  uint32_t nchecks;
  bool failed;                        /* a call it could not emit (reported) */
  const_slot *consts;                 /* constant initializer -> its private global (uniqued) */
  uint32_t nconsts, capconsts;
  uint32_t nglobals;
  bool spec_small;                    /* -Os with fx2c's bitcode: compact kernels' calls through small_spec */
  small_spec *specs;
  uint32_t nspecs, capspecs;
  /* debug info */
  LLVMDIBuilderRef dib;
  LLVMMetadataRef file, sp, sub_type;
  LLVMMetadataRef loc; /* the current node's location (the builder's), or NULL */
  /* a profiling build (fx_emit_opts.profile): NAME_nodes, the hooks of fxrt.h, the start of the node being timed */
  LLVMTypeRef node_t, nodes_t, clock_t_, record_t;
  LLVMValueRef nodes, clock_fn, record_fn, t0;
  uint32_t pnode;
  bool timed;
} lv;

static LLVMValueRef ci64(lv *v, int64_t x) { return LLVMConstInt(v->i64, (unsigned long long)x, 1); }
static LLVMValueRef ci32(lv *v, int64_t x) { return LLVMConstInt(v->i32, (unsigned long long)x, 1); }
static LLVMValueRef cisize(lv *v, uint64_t x) { return LLVMConstInt(v->isize, x, 0); }

static LLVMTypeRef named_struct(lv *v, const char *name, LLVMTypeRef *fields, unsigned n) {
  LLVMTypeRef t = LLVMStructCreateNamed(v->ctx, name);
  LLVMStructSetBody(t, fields, n, 0);
  return t;
}

/* The structs of fxrt.h that make_types() mirrors field by field: a change there must be made here too. */
_Static_assert(sizeof(fxrt_view) == 4 + 4 + 17 * 8 || sizeof(fxrt_view) == 4 + 17 * 8, "fxrt_view: update make_types");
_Static_assert(sizeof(fxrt_conv2d_params) == 9 * 8, "fxrt_conv2d_params: update make_types and emit_kcall");
_Static_assert(sizeof(fxrt_conv_transpose2d_params) == 9 * 8, "fxrt_conv_transpose2d_params: update make_types");
_Static_assert(sizeof(fxrt_pool2d_params) == 8 * 8 + 8 + 8, "fxrt_pool2d_params: update make_types");
_Static_assert(sizeof(fxrt_unary_params) == 3 * 4, "fxrt_unary_params: update make_types");
_Static_assert(offsetof(fxrt_epilogue, residual) == 4 * 4 || offsetof(fxrt_epilogue, residual) == 4 * 4 + 4,
               "fxrt_epilogue: update make_types");

static void make_types(lv *v) {
  v->i1 = LLVMInt1TypeInContext(v->ctx);
  v->i8 = LLVMInt8TypeInContext(v->ctx);
  v->i32 = LLVMInt32TypeInContext(v->ctx);
  v->i64 = LLVMInt64TypeInContext(v->ctx);
  v->f32 = LLVMFloatTypeInContext(v->ctx);
  v->f64 = LLVMDoubleTypeInContext(v->ctx);
  v->ptr = LLVMPointerTypeInContext(v->ctx, 0);
  v->isize = LLVMIntPtrTypeInContext(v->ctx, v->td);
  v->enum_field = v->short_enums ? v->i8 : v->i32;
  LLVMTypeRef dims = LLVMArrayType2(v->i64, FXRT_MAX_DIMS), pair = LLVMArrayType2(v->i64, 2);
  /* fxrt.h's structs; the target's data layout places their fields as its C compilers do */
  v->view_t = named_struct(v, "fxrt_view", (LLVMTypeRef[]){v->i32, dims, dims, v->i64}, 4);
  v->conv_t = named_struct(v, "fxrt_conv2d_params", (LLVMTypeRef[]){pair, pair, pair, v->i64, pair}, 5);
  v->convt_t = named_struct(v, "fxrt_conv_transpose2d_params", (LLVMTypeRef[]){pair, pair, pair, pair, v->i64}, 5);
  v->pool_t = named_struct(v, "fxrt_pool2d_params", (LLVMTypeRef[]){pair, pair, pair, pair, v->i8, v->i8, v->i64}, 7);
  LLVMTypeRef triple = LLVMArrayType2(v->i64, 3);
  v->conv3_t = named_struct(v, "fxrt_conv3d_params", (LLVMTypeRef[]){triple, triple, triple, v->i64, triple}, 5);
  v->pool3_t =
      named_struct(v, "fxrt_pool3d_params", (LLVMTypeRef[]){triple, triple, triple, triple, v->i8, v->i8, v->i64}, 7);
  v->ep_t = named_struct(v, "fxrt_epilogue", (LLVMTypeRef[]){v->enum_field, v->f32, v->f32, v->f32, v->ptr}, 5);
  LLVMTypeRef ipair = LLVMArrayType2(v->i32, 2), i32 = v->i32;
  v->small_t = named_struct(v, "fxrt_small_params",
                            (LLVMTypeRef[]){i32, i32, i32, i32, i32, i32, i32, i32, i32, ipair, ipair, ipair, i32, i32,
                                            v->f32, v->f32, i32, i32, i32, v->f32},
                            20);
  v->un_t = named_struct(v, "fxrt_unary_params", (LLVMTypeRef[]){v->f32, v->f32, v->f32}, 3);
  v->carg_t = named_struct(v, "fxrt_custom_arg", (LLVMTypeRef[]){v->i32, v->i32, v->i32, v->ptr, v->ptr, v->i64, v->f64}, 7);
  v->ccall_t = named_struct(v, "fxrt_custom_call", (LLVMTypeRef[]){v->ptr, v->ptr, v->i32, v->ptr, v->i32}, 5);
}

/* On the host, the layouts LLVM computes must be those of the structs fx2c itself was compiled with. */
static bool check_host_layouts(lv *v) {
  struct {
    LLVMTypeRef t;
    size_t size;
    unsigned field;
    size_t offset;
  } c[] = {
      {v->view_t, sizeof(fxrt_view), 3, offsetof(fxrt_view, offset)},
      {v->view_t, sizeof(fxrt_view), 1, offsetof(fxrt_view, shape)},
      {v->conv_t, sizeof(fxrt_conv2d_params), 3, offsetof(fxrt_conv2d_params, groups)},
      {v->conv_t, sizeof(fxrt_conv2d_params), 4, offsetof(fxrt_conv2d_params, pad_extra)},
      {v->convt_t, sizeof(fxrt_conv_transpose2d_params), 4, offsetof(fxrt_conv_transpose2d_params, groups)},
      {v->pool_t, sizeof(fxrt_pool2d_params), 5, offsetof(fxrt_pool2d_params, count_include_pad)},
      {v->pool_t, sizeof(fxrt_pool2d_params), 6, offsetof(fxrt_pool2d_params, divisor_override)},
      {v->conv3_t, sizeof(fxrt_conv3d_params), 4, offsetof(fxrt_conv3d_params, output_padding)},
      {v->pool3_t, sizeof(fxrt_pool3d_params), 5, offsetof(fxrt_pool3d_params, count_include_pad)},
      {v->pool3_t, sizeof(fxrt_pool3d_params), 6, offsetof(fxrt_pool3d_params, divisor_override)},
      {v->ep_t, sizeof(fxrt_epilogue), 1, offsetof(fxrt_epilogue, alpha)},
      {v->small_t, sizeof(fxrt_small_params), 11, offsetof(fxrt_small_params, dilation)},
      {v->small_t, sizeof(fxrt_small_params), 15, offsetof(fxrt_small_params, hi)},
      {v->small_t, sizeof(fxrt_small_params), 19, offsetof(fxrt_small_params, mult)},
      {v->ep_t, sizeof(fxrt_epilogue), 4, offsetof(fxrt_epilogue, residual)},
      {v->un_t, sizeof(fxrt_unary_params), 2, offsetof(fxrt_unary_params, c)},
      {v->carg_t, sizeof(fxrt_custom_arg), 4, offsetof(fxrt_custom_arg, data)},
      {v->carg_t, sizeof(fxrt_custom_arg), 6, offsetof(fxrt_custom_arg, f)},
      {v->ccall_t, sizeof(fxrt_custom_call), 3, offsetof(fxrt_custom_call, results)},
      {v->ccall_t, sizeof(fxrt_custom_call), 4, offsetof(fxrt_custom_call, nresults)},
  };
  for (size_t i = 0; i < sizeof c / sizeof *c; i++)
    if (LLVMABISizeOfType(v->td, c[i].t) != c[i].size || LLVMOffsetOfElement(v->td, c[i].t, c[i].field) != c[i].offset) {
      fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: LLVM lays out %s unlike this C compiler",
                    LLVMGetStructName(c[i].t));
      return false;
    }
  return true;
}

/* A private constant global holding init (one per distinct constant: LLVM uniques constants). */
static LLVMValueRef const_global(lv *v, LLVMValueRef init, const char *what) {
  if (v->capconsts < 2 * (v->nconsts + 1)) { /* grow and rehash */
    uint32_t cap = v->capconsts ? 2 * v->capconsts : 256;
    const_slot *s = fx_xcalloc(cap, sizeof *s);
    for (uint32_t i = 0; i < v->capconsts; i++)
      if (v->consts[i].key) {
        uint32_t h = (uint32_t)(((uintptr_t)v->consts[i].key >> 4) * 2654435761u) & (cap - 1);
        while (s[h].key) h = (h + 1) & (cap - 1);
        s[h] = v->consts[i];
      }
    fx_xfree(v->consts);
    v->consts = s, v->capconsts = cap;
  }
  uint32_t h = (uint32_t)(((uintptr_t)init >> 4) * 2654435761u) & (v->capconsts - 1);
  while (v->consts[h].key && v->consts[h].key != init) h = (h + 1) & (v->capconsts - 1);
  if (v->consts[h].key) return v->consts[h].global;
  char name[64];
  snprintf(name, sizeof name, "%s.%u", what, v->nglobals++);
  LLVMValueRef g = LLVMAddGlobal(v->mod, LLVMTypeOf(init), name);
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  v->consts[h] = (const_slot){init, g};
  v->nconsts++;
  return g;
}

static LLVMValueRef i64_array(lv *v, const int64_t *x, int n, int len) {
  LLVMValueRef e[FXRT_MAX_DIMS];
  for (int i = 0; i < len; i++) e[i] = ci64(v, i < n ? x[i] : 0);
  return LLVMConstArray2(v->i64, e, (uint64_t)len);
}

static LLVMValueRef view_const(lv *v, const fxrt_view *w) {
  LLVMValueRef f[4] = {ci32(v, w->ndim), i64_array(v, w->shape, w->ndim, FXRT_MAX_DIMS),
                       i64_array(v, w->stride, w->ndim, FXRT_MAX_DIMS), ci64(v, w->offset)};
  return const_global(v, LLVMConstNamedStruct(v->view_t, f, 4), "view");
}

static LLVMValueRef pair(lv *v, const int64_t *x) { return i64_array(v, x, 2, 2); }
static LLVMValueRef triple(lv *v, const int64_t *x) { return i64_array(v, x, 3, 3); }
static LLVMValueRef ipair(lv *v, const int32_t *x) {
  LLVMValueRef e[2] = {LLVMConstInt(v->i32, (unsigned long long)(int64_t)x[0], 1),
                       LLVMConstInt(v->i32, (unsigned long long)(int64_t)x[1], 1)};
  return LLVMConstArray2(v->i32, e, 2);
}

static LLVMValueRef cf32(lv *v, double x) { return LLVMConstReal(v->f32, (double)(float)x); }

static LLVMValueRef unary_const(lv *v, const fxrt_unary_params *u) {
  LLVMValueRef f[3] = {cf32(v, u->a), cf32(v, u->b), cf32(v, u->c)};
  return const_global(v, LLVMConstNamedStruct(v->un_t, f, 3), "unary");
}

/* ---- operands ---- */

static LLVMValueRef byte_gep(lv *v, LLVMValueRef base, uint64_t off, const char *name) {
  if (!off) return base;
  LLVMValueRef idx = cisize(v, off);
  return LLVMBuildInBoundsGEP2(v->b, v->i8, base, &idx, 1, name);
}

static LLVMValueRef scalar_const(lv *v, const fx_kcall *k, const fx_ref *r) {
  LLVMValueRef c;
  switch ((fxrt_dtype)r->dtype) {
  case FXRT_F32: c = cf32(v, k->scalar[r->id]); break;
  case FXRT_F64: c = LLVMConstReal(v->f64, k->scalar[r->id]); break;
  case FXRT_I64: c = ci64(v, k->iscalar[r->id]); break;
  case FXRT_I32: c = ci32(v, k->iscalar[r->id]); break;
  case FXRT_I16:
  case FXRT_F16: /* 16-bit storage, as the C backend's uint16_t (lowering makes no half-precision scalars) */
  case FXRT_BF16: c = LLVMConstInt(LLVMInt16TypeInContext(v->ctx), (unsigned long long)k->iscalar[r->id], 1); break;
  case FXRT_BOOL: c = LLVMConstInt(v->i8, k->iscalar[r->id] != 0, 0); break;
  default: c = LLVMConstInt(v->i8, (unsigned long long)k->iscalar[r->id], 1); break;
  }
  return const_global(v, c, "scalar");
}

/* A constant array that lowering computed (lower.h: fx_lconst), as a private global aligned to 8. */
static LLVMValueRef lconst(lv *v, uint32_t id) {
  const fx_lconst *k = &v->ifc.L->consts[id];
  const int64_t n = k->numel > 0 ? k->numel : 1;
  LLVMTypeRef et = k->dtype == FXRT_F32 ? v->f32 : k->dtype == FXRT_I32 ? v->i32
                   : k->dtype == FXRT_U8 || k->dtype == FXRT_I8 ? v->i8 : v->i64;
  LLVMValueRef *e = fx_xcalloc((size_t)n, sizeof *e);
  for (int64_t i = 0; i < n; i++) {
    if (i >= k->numel) e[i] = LLVMConstNull(et);
    else if (k->dtype == FXRT_F32) e[i] = LLVMConstReal(et, ((const float *)k->data)[i]);
    else if (k->dtype == FXRT_I32) e[i] = LLVMConstInt(et, (unsigned long long)(int64_t)((const int32_t *)k->data)[i], 1);
    else if (k->dtype == FXRT_U8) e[i] = LLVMConstInt(et, ((const uint8_t *)k->data)[i], 0);
    else if (k->dtype == FXRT_I8) e[i] = LLVMConstInt(et, (unsigned long long)(int64_t)((const int8_t *)k->data)[i], 1);
    else e[i] = LLVMConstInt(et, (unsigned long long)((const int64_t *)k->data)[i], 1);
  }
  LLVMValueRef g = const_global(v, LLVMConstArray2(et, e, (uint64_t)n), k->what);
  fx_xfree(e);
  LLVMSetAlignment(g, 8);
  return g;
}

/* The pointer an operand stands for (put_ref in emit_c.c, base() in interp.c). */
static LLVMValueRef ref(lv *v, const fx_kcall *k, int i) {
  const fx_ref *r = &k->ref[i];
  uint64_t es = fxrt_dtype_size((fxrt_dtype)r->dtype);
  LLVMValueRef base;
  uint64_t off = (uint64_t)r->off * es;
  const char *name = "";
  switch (r->kind) {
  case FX_REF_NULL: return LLVMConstPointerNull(v->ptr);
  case FX_REF_SCALAR: return scalar_const(v, k, r);
  case FX_REF_SCRATCH:
    if (v->ifc.P->scratch[r->id].loc != FX_MEM_ARENA) return LLVMConstPointerNull(v->ptr); /* unneeded (emit_c.c) */
    base = v->ws, off += v->ifc.P->scratch[r->id].offset;
    break;
  case FX_REF_OUTPUT: base = v->output[r->id]; break;
  case FX_REF_CONST: base = lconst(v, r->id); break;
  case FX_REF_SOURCE: base = v->ifc.p->tensors[r->id].kind == FX_T_WEIGHT ? v->weight[r->id] : v->input[r->id]; break;
  default: {
    uint32_t root = v->ifc.P->root[r->id];
    const fx_place *pl = &v->ifc.P->place[root];
    switch (pl->loc) {
    case FX_MEM_OUTPUT: base = v->output[pl->index]; break;
    case FX_MEM_ARENA: base = v->ws, off += pl->offset, name = v->ifc.name[root]; break;
    case FX_MEM_INPUT: base = v->input[root]; break;
    case FX_MEM_WEIGHT: base = v->weight[root]; break;
    default: return LLVMConstPointerNull(v->ptr);
    }
  }
  }
  return byte_gep(v, base, off, name);
}

/* ---- fused elementwise loops ---- */

/* A libm function float f(float[, float]) (declared once). */
static LLVMValueRef libm_call(lv *v, const char *name, LLVMValueRef x, LLVMValueRef y) {
  LLVMTypeRef args[2] = {v->f32, v->f32};
  LLVMTypeRef t = LLVMFunctionType(v->f32, args, y ? 2 : 1, 0);
  LLVMValueRef f = LLVMGetNamedFunction(v->mod, name);
  if (!f) {
    f = LLVMAddFunction(v->mod, name, t);
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName("nounwind", 8), 0));
  }
  LLVMValueRef a[2] = {x, y};
  return LLVMBuildCall2(v->b, t, f, a, y ? 2 : 1, "");
}

/* llvm.NAME.f32(x): sqrt, fabs, floor, ceil, nearbyint (exact operations: the same bits as the C library's). */
static LLVMValueRef intrinsic(lv *v, const char *name, LLVMValueRef x) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(v->mod, id, &v->f32, 1);
  return LLVMBuildCall2(v->b, LLVMIntrinsicGetType(v->ctx, id, &v->f32, 1), f, &x, 1, "");
}

static LLVMValueRef fc(lv *v, float x) { return LLVMConstReal(v->f32, (double)x); }
static LLVMValueRef fsel(lv *v, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b, LLVMValueRef t, LLVMValueRef f) {
  return LLVMBuildSelect(v->b, LLVMBuildFCmp(v->b, p, a, b, ""), t, f, "");
}
static LLVMValueRef add_f(lv *v, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(v->b, a, b, ""); }
static LLVMValueRef sub_f(lv *v, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(v->b, a, b, ""); }
static LLVMValueRef mul_f(lv *v, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(v->b, a, b, ""); }
static LLVMValueRef div_f(lv *v, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFDiv(v->b, a, b, ""); }

/* fxrt_s_expf (runtime/fxrt_scalar.h), operation for operation: e^x by range reduction, a polynomial and 2^n built
 * in the exponent bits; no call, so the loop vectorizes. */
static LLVMValueRef exp_f(lv *v, LLVMValueRef x) {
  const float shift = 12582912.0f;
  LLVMValueRef xc = fsel(v, LLVMRealOLT, x, fc(v, -104.0f), fc(v, -104.0f), x);
  xc = fsel(v, LLVMRealOGT, x, fc(v, 88.8f), fc(v, 88.8f), xc);
  LLVMValueRef t = add_f(v, mul_f(v, xc, fc(v, 1.44269504088896341f)), fc(v, shift));
  LLVMValueRef n = sub_f(v, t, fc(v, shift));
  LLVMValueRef r = sub_f(v, sub_f(v, xc, mul_f(v, n, fc(v, 0.693359375f))), mul_f(v, n, fc(v, -2.12194440e-4f)));
  static const float c[6] = {1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f,
                             4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f};
  LLVMValueRef p = fc(v, c[0]);
  for (int i = 1; i < 6; i++) p = add_f(v, mul_f(v, p, r), fc(v, c[i]));
  LLVMValueRef y = add_f(v, add_f(v, mul_f(v, mul_f(v, p, r), r), r), fc(v, 1.0f));
  union {
    float f;
    uint32_t u;
  } sh = {shift};
  LLVMValueRef tu = LLVMBuildBitCast(v->b, t, v->i32, "");
  LLVMValueRef m = LLVMBuildAdd(v->b, LLVMBuildSub(v->b, tu, LLVMConstInt(v->i32, sh.u, 0), ""),
                                LLVMConstInt(v->i32, 150, 0), "");
  LLVMValueRef a = LLVMBuildLShr(v->b, m, LLVMConstInt(v->i32, 1, 0), "");
  LLVMValueRef bb = LLVMBuildSub(v->b, m, a, "");
  LLVMValueRef s1 = LLVMBuildShl(v->b, LLVMBuildAdd(v->b, a, LLVMConstInt(v->i32, 52, 0), ""),
                                 LLVMConstInt(v->i32, 23, 0), "");
  LLVMValueRef s2 = LLVMBuildShl(v->b, LLVMBuildAdd(v->b, bb, LLVMConstInt(v->i32, 52, 0), ""),
                                 LLVMConstInt(v->i32, 23, 0), "");
  return mul_f(v, mul_f(v, y, LLVMBuildBitCast(v->b, s1, v->f32, "")), LLVMBuildBitCast(v->b, s2, v->f32, ""));
}

/* fxrt_s_erff (runtime/fxrt_scalar.h), operation for operation: both halves, x + x P(x^2) near 0 and
 * sign(x) (1 - e^(-x^2) R(t)) beyond 1, one chosen; no call, so the loop vectorizes. At -Os (a microcontroller's
 * scalar loop) a branch chooses the half instead, as GCC compiles fxrt_s_erff at -Os: the same operations, a third
 * of them for |x| < 1 (a GELU's usual input). */
static LLVMValueRef erf_f(lv *v, LLVMValueRef x) {
  LLVMValueRef xu = LLVMBuildBitCast(v->b, x, v->i32, "");
  LLVMValueRef sign = LLVMBuildAnd(v->b, xu, LLVMConstInt(v->i32, 0x80000000u, 0), "");
  LLVMValueRef a = LLVMBuildBitCast(v->b, LLVMBuildXor(v->b, xu, sign, ""), v->f32, "");
  LLVMBasicBlockRef near_bb = NULL, far_bb = NULL, join = NULL;
  if (v->ifc.L->p->small) {
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(v->b));
    near_bb = LLVMAppendBasicBlockInContext(v->ctx, fn, "erf_near");
    far_bb = LLVMAppendBasicBlockInContext(v->ctx, fn, "erf_far");
    join = LLVMAppendBasicBlockInContext(v->ctx, fn, "erf");
    LLVMBuildCondBr(v->b, LLVMBuildFCmp(v->b, LLVMRealOLT, a, fc(v, 1.0f), ""), near_bb, far_bb);
    LLVMPositionBuilderAtEnd(v->b, near_bb);
  }
  LLVMValueRef s = mul_f(v, x, x);
  static const float cp[7] = {7.847259258e-05f, -8.008189034e-04f, 5.188099109e-03f, -2.685369179e-02f,
                              1.128358245e-01f, -3.761262596e-01f, 1.283791661e-01f};
  LLVMValueRef p = fc(v, cp[0]);
  for (int i = 1; i < 7; i++) p = add_f(v, mul_f(v, p, s), fc(v, cp[i]));
  LLVMValueRef near0 = add_f(v, x, mul_f(v, x, p));
  if (join) {
    near_bb = LLVMGetInsertBlock(v->b);
    LLVMBuildBr(v->b, join);
    LLVMPositionBuilderAtEnd(v->b, far_bb);
  }
  LLVMValueRef ax = fsel(v, LLVMRealOGT, a, fc(v, 4.0f), fc(v, 4.0f), a);
  LLVMValueRef t = div_f(v, fc(v, 1.0f), add_f(v, fc(v, 1.0f), mul_f(v, fc(v, 0.5f), ax)));
  static const float cq[8] = {1.195409447e-01f, -4.719487429e-01f, 5.644844770e-01f, -1.046802700e-01f,
                              3.483526409e-01f,  2.595218718e-01f,  2.849396765e-01f, -1.560491219e-04f};
  LLVMValueRef q = fc(v, cq[0]);
  for (int i = 1; i < 8; i++) q = add_f(v, mul_f(v, q, t), fc(v, cq[i]));
  LLVMValueRef hu = LLVMBuildAnd(v->b, LLVMBuildBitCast(v->b, ax, v->i32, ""), LLVMConstInt(v->i32, 0xfffff000u, 0), "");
  LLVMValueRef h = LLVMBuildBitCast(v->b, hu, v->f32, "");
  LLVMValueRef l = sub_f(v, ax, h);
  LLVMValueRef b = mul_f(v, add_f(v, mul_f(v, fc(v, 2.0f), h), l), l);
  LLVMValueRef eb = sub_f(
      v, fc(v, 1.0f),
      mul_f(v, b, sub_f(v, fc(v, 1.0f), mul_f(v, b, sub_f(v, fc(v, 0.5f), mul_f(v, b, fc(v, 0.16666667f)))))));
  LLVMValueRef e = exp_f(v, LLVMBuildFNeg(v->b, mul_f(v, h, h), ""));
  LLVMValueRef r = sub_f(v, fc(v, 1.0f), mul_f(v, mul_f(v, e, eb), q));
  LLVMValueRef rs = LLVMBuildBitCast(v->b, LLVMBuildOr(v->b, LLVMBuildBitCast(v->b, r, v->i32, ""), sign, ""), v->f32, "");
  if (!join) return fsel(v, LLVMRealOLT, a, fc(v, 1.0f), near0, rs);
  far_bb = LLVMGetInsertBlock(v->b);
  LLVMBuildBr(v->b, join);
  LLVMPositionBuilderAtEnd(v->b, join);
  LLVMValueRef phi = LLVMBuildPhi(v->b, v->f32, "");
  LLVMAddIncoming(phi, (LLVMValueRef[]){near0, rs}, (LLVMBasicBlockRef[]){near_bb, far_bb}, 2);
  return phi;
}

/* relu6(x) = x < 0 ? 0 : x > 6 ? 6 : x */
static LLVMValueRef relu6(lv *v, LLVMValueRef x) {
  return fsel(v, LLVMRealOLT, x, fc(v, 0.0f), fc(v, 0.0f), fsel(v, LLVMRealOGT, x, fc(v, 6.0f), fc(v, 6.0f), x));
}

/* One unary op on x, operation for operation as runtime/fxrt_scalar.h writes it (fxrt_s_*), so that the loop gives
 * the C backend's and the interpreter's bits: no reassociation, no contraction, the same libm calls. */
static LLVMValueRef pw_unary(lv *v, int op, LLVMValueRef x, const float *p) {
  const float a = p[0], b = p[1], c = p[2];
  switch ((fxrt_unary_op)op) {
  case FXRT_U_RELU: return fsel(v, LLVMRealOLT, x, fc(v, 0.0f), fc(v, 0.0f), x);
  case FXRT_U_RELU6: return relu6(v, x);
  case FXRT_U_LEAKY_RELU: return fsel(v, LLVMRealOGT, x, fc(v, 0.0f), x, mul_f(v, x, fc(v, a)));
  case FXRT_U_ELU: /* x > 0 ? x*scale : expm1f(x*input_scale) * (alpha*scale) */
    return fsel(v, LLVMRealOGT, x, fc(v, 0.0f), mul_f(v, x, fc(v, b)),
                mul_f(v, libm_call(v, "expm1f", mul_f(v, x, fc(v, c)), NULL), mul_f(v, fc(v, a), fc(v, b))));
  case FXRT_U_GELU: /* 0.5f * x * (1.0f + fxrt_s_erff(x * 0.70710678118654752f)) */
    return mul_f(v, mul_f(v, fc(v, 0.5f), x),
                 add_f(v, fc(v, 1.0f), erf_f(v, mul_f(v, x, fc(v, 0.70710678118654752f)))));
  case FXRT_U_GELU_TANH: { /* 0.5f * x * (1.0f + tanhf(k * (x + 0.044715f * x * x * x))) */
    LLVMValueRef cube = mul_f(v, mul_f(v, mul_f(v, fc(v, 0.044715f), x), x), x);
    LLVMValueRef t = libm_call(v, "tanhf", mul_f(v, fc(v, 0.79788456080286536f), add_f(v, x, cube)), NULL);
    return mul_f(v, mul_f(v, fc(v, 0.5f), x), add_f(v, fc(v, 1.0f), t));
  }
  case FXRT_U_SILU: return div_f(v, x, add_f(v, fc(v, 1.0f), exp_f(v, LLVMBuildFNeg(v->b, x, ""))));
  case FXRT_U_SIGMOID:
    return div_f(v, fc(v, 1.0f), add_f(v, fc(v, 1.0f), exp_f(v, LLVMBuildFNeg(v->b, x, ""))));
  case FXRT_U_TANH: return libm_call(v, "tanhf", x, NULL);
  case FXRT_U_HARDSWISH: return div_f(v, mul_f(v, x, relu6(v, add_f(v, x, fc(v, 3.0f)))), fc(v, 6.0f));
  case FXRT_U_HARDSIGMOID: return div_f(v, relu6(v, add_f(v, x, fc(v, 3.0f))), fc(v, 6.0f));
  case FXRT_U_CLAMP: { /* NaN bounds mean none: t = x < lo ? lo : x; t > hi ? hi : t */
    LLVMValueRef lo = fc(v, a != a ? -INFINITY : a), hi = fc(v, b != b ? INFINITY : b);
    LLVMValueRef t = fsel(v, LLVMRealOLT, x, lo, lo, x);
    return fsel(v, LLVMRealOGT, t, hi, hi, t);
  }
  case FXRT_U_MISH:
    return mul_f(v, x, libm_call(v, "tanhf", libm_call(v, "log1pf", libm_call(v, "expf", x, NULL), NULL), NULL));
  case FXRT_U_SOFTPLUS: { /* x * beta > threshold ? x : log1pf(expf(x * beta)) / beta */
    LLVMValueRef xb = mul_f(v, x, fc(v, a));
    LLVMValueRef soft = div_f(v, libm_call(v, "log1pf", libm_call(v, "expf", xb, NULL), NULL), fc(v, a));
    return fsel(v, LLVMRealOGT, xb, fc(v, b), x, soft);
  }
  case FXRT_U_EXP: return exp_f(v, x);
  case FXRT_U_LOG: return libm_call(v, "logf", x, NULL);
  case FXRT_U_SQRT: return intrinsic(v, "llvm.sqrt", x);
  case FXRT_U_RSQRT: return div_f(v, fc(v, 1.0f), intrinsic(v, "llvm.sqrt", x));
  case FXRT_U_NEG: return LLVMBuildFNeg(v->b, x, "");
  case FXRT_U_ABS: return intrinsic(v, "llvm.fabs", x);
  case FXRT_U_RECIPROCAL: return div_f(v, fc(v, 1.0f), x);
  case FXRT_U_ERF: return erf_f(v, x);
  case FXRT_U_SIN: return libm_call(v, "sinf", x, NULL);
  case FXRT_U_COS: return libm_call(v, "cosf", x, NULL);
  case FXRT_U_FLOOR: return intrinsic(v, "llvm.floor", x);
  case FXRT_U_CEIL: return intrinsic(v, "llvm.ceil", x);
  case FXRT_U_ROUND: return intrinsic(v, "llvm.nearbyint", x);
  case FXRT_U_SIGN: { /* (float)((0.0f < x) - (x < 0.0f)) */
    LLVMValueRef gt = LLVMBuildZExt(v->b, LLVMBuildFCmp(v->b, LLVMRealOLT, fc(v, 0.0f), x, ""), v->i32, "");
    LLVMValueRef lt = LLVMBuildZExt(v->b, LLVMBuildFCmp(v->b, LLVMRealOLT, x, fc(v, 0.0f), ""), v->i32, "");
    return LLVMBuildSIToFP(v->b, LLVMBuildSub(v->b, gt, lt, ""), v->f32, "");
  }
  case FXRT_U_POW_SCALAR: /* torch's special exponents, decided here since the exponent is a constant */
    if (a == 0.0f) return fc(v, 1.0f);
    if (a == 1.0f) return x;
    if (a == 0.5f) return intrinsic(v, "llvm.sqrt", x);
    if (a == 2.0f) return mul_f(v, x, x);
    if (a == 3.0f) return mul_f(v, mul_f(v, x, x), x);
    if (a == -0.5f) return div_f(v, fc(v, 1.0f), intrinsic(v, "llvm.sqrt", x));
    if (a == -1.0f) return div_f(v, fc(v, 1.0f), x);
    if (a == -2.0f) return div_f(v, fc(v, 1.0f), mul_f(v, x, x));
    return libm_call(v, "powf", x, fc(v, a));
  case FXRT_U_NAN_TO_NUM: /* x != x ? nan : x == inf ? posinf : x == -inf ? neginf : x */
    return fsel(v, LLVMRealUNO, x, x, fc(v, a),
                fsel(v, LLVMRealOEQ, x, fc(v, INFINITY), fc(v, b), fsel(v, LLVMRealOEQ, x, fc(v, -INFINITY), fc(v, c), x)));
  case FXRT_U_ACOS: return libm_call(v, "acosf", x, NULL);
  case FXRT_U_ASIN: return libm_call(v, "asinf", x, NULL);
  case FXRT_U_ATAN: return libm_call(v, "atanf", x, NULL);
  case FXRT_U_ACOSH: return libm_call(v, "acoshf", x, NULL);
  case FXRT_U_ASINH: return libm_call(v, "asinhf", x, NULL);
  case FXRT_U_ATANH: return libm_call(v, "atanhf", x, NULL);
  case FXRT_U_COSH: return libm_call(v, "coshf", x, NULL);
  case FXRT_U_SINH: return libm_call(v, "sinhf", x, NULL);
  case FXRT_U_TAN: return libm_call(v, "tanf", x, NULL);
  case FXRT_U_TRUNC: return intrinsic(v, "llvm.trunc", x);
  case FXRT_U_FRAC: return sub_f(v, x, intrinsic(v, "llvm.trunc", x));
  case FXRT_U_LOG10: return libm_call(v, "log10f", x, NULL);
  case FXRT_U_LOG2: return libm_call(v, "log2f", x, NULL);
  case FXRT_U_LOG1P: return libm_call(v, "log1pf", x, NULL);
  case FXRT_U_EXPM1: return libm_call(v, "expm1f", x, NULL);
  case FXRT_U_EXP2: return libm_call(v, "exp2f", x, NULL);
  case FXRT_U_ERFC: return libm_call(v, "erfcf", x, NULL);
  case FXRT_U_LGAMMA: return libm_call(v, "lgammaf", x, NULL);
  case FXRT_U_SINC: { /* x == 0 ? 1 : sinf(p) / p, p = pi x */
    LLVMValueRef px = mul_f(v, fc(v, 3.14159265358979323846f), x);
    return fsel(v, LLVMRealOEQ, x, fc(v, 0.0f), fc(v, 1.0f), div_f(v, libm_call(v, "sinf", px, NULL), px));
  }
  case FXRT_U_DEG2RAD: return mul_f(v, x, fc(v, 0.017453292519943295f));
  case FXRT_U_RAD2DEG: return mul_f(v, x, fc(v, 57.295779513082323f));
  case FXRT_U_LOG_SIGMOID: { /* (x < 0 ? x : 0) - log1pf(expf(-fabsf(x))) */
    LLVMValueRef m = fsel(v, LLVMRealOLT, x, fc(v, 0.0f), x, fc(v, 0.0f));
    LLVMValueRef e = libm_call(v, "expf", LLVMBuildFNeg(v->b, intrinsic(v, "llvm.fabs", x), ""), NULL);
    return sub_f(v, m, libm_call(v, "log1pf", e, NULL));
  }
  case FXRT_U_SOFTSIGN: return div_f(v, x, add_f(v, fc(v, 1.0f), intrinsic(v, "llvm.fabs", x)));
  case FXRT_U_TANHSHRINK: return sub_f(v, x, libm_call(v, "tanhf", x, NULL));
  case FXRT_U_HARDSHRINK: { /* x >= -l && x <= l ? 0 : x */
    LLVMValueRef in = LLVMBuildAnd(v->b, LLVMBuildFCmp(v->b, LLVMRealOGE, x, fc(v, -a), ""),
                                   LLVMBuildFCmp(v->b, LLVMRealOLE, x, fc(v, a), ""), "");
    return LLVMBuildSelect(v->b, in, fc(v, 0.0f), x, "");
  }
  case FXRT_U_SOFTSHRINK: /* x > l ? x - l : x < -l ? x + l : 0 */
    return fsel(v, LLVMRealOGT, x, fc(v, a), sub_f(v, x, fc(v, a)),
                fsel(v, LLVMRealOLT, x, fc(v, -a), add_f(v, x, fc(v, a)), fc(v, 0.0f)));
  case FXRT_U_THRESHOLD: return fsel(v, LLVMRealOLE, x, fc(v, a), fc(v, b), x);
  case FXRT_U_LOGIT: { /* eps given: x clamped to [eps, 1 - eps] first; logf(x / (1 - x)) */
    LLVMValueRef t = x;
    if (a == a) {
      const float hi = 1.0f - a;
      t = fsel(v, LLVMRealOLT, x, fc(v, a), fc(v, a), fsel(v, LLVMRealOGT, x, fc(v, hi), fc(v, hi), x));
    }
    return libm_call(v, "logf", div_f(v, t, sub_f(v, fc(v, 1.0f), t)), NULL);
  }
  case FXRT_U_ENTR: /* x != x ? x : x > 0 ? -x * logf(x) : x == 0 ? 0 : -inf */
  {
    LLVMValueRef pos = mul_f(v, LLVMBuildFNeg(v->b, x, ""), libm_call(v, "logf", x, NULL));
    return fsel(v, LLVMRealUNO, x, x, x,
                fsel(v, LLVMRealOGT, x, fc(v, 0.0f), pos, fsel(v, LLVMRealOEQ, x, fc(v, 0.0f), fc(v, 0.0f), fc(v, -INFINITY))));
  }
  case FXRT_U_NDTR: { /* t = x / sqrt 2, z = |t|: z < 1/sqrt 2 ? 0.5 + 0.5 erff(t) : y = 0.5 erfcf(z), t > 0 ? 1 - y : y */
    LLVMValueRef t = mul_f(v, x, fc(v, 0.70710678118654752f)), z = intrinsic(v, "llvm.fabs", t);
    LLVMValueRef y = mul_f(v, fc(v, 0.5f), libm_call(v, "erfcf", z, NULL));
    LLVMValueRef far = fsel(v, LLVMRealOGT, t, fc(v, 0.0f), sub_f(v, fc(v, 1.0f), y), y);
    return fsel(v, LLVMRealOLT, z, fc(v, 0.70710678118654752f),
                add_f(v, fc(v, 0.5f), mul_f(v, fc(v, 0.5f), libm_call(v, "erff", t, NULL))), far);
  }
  default: return LLVMGetUndef(v->f32); /* lowering only makes the ops above (ewfuse does not fuse the others) */
  }
}

/* One binary op (fxrt_s_add ... fxrt_s_minimum). */
static LLVMValueRef pw_binary(lv *v, int op, LLVMValueRef x, LLVMValueRef y) {
  switch ((fxrt_binary_op)op) {
  case FXRT_B_ADD: return add_f(v, x, y);
  case FXRT_B_SUB: return sub_f(v, x, y);
  case FXRT_B_MUL: return mul_f(v, x, y);
  case FXRT_B_DIV: return div_f(v, x, y);
  case FXRT_B_POW: return libm_call(v, "powf", x, y);
  case FXRT_B_MAX: /* x != x ? x : y != y ? y : x < y ? y : x */
    return fsel(v, LLVMRealUNO, x, x, x, fsel(v, LLVMRealUNO, y, y, y, fsel(v, LLVMRealOLT, x, y, y, x)));
  default: /* minimum: x != x ? x : y != y ? y : y < x ? y : x */
    return fsel(v, LLVMRealUNO, x, x, x, fsel(v, LLVMRealUNO, y, y, y, fsel(v, LLVMRealOLT, y, x, y, x)));
  }
}

/* Whether POINTWISE input i reads the result's own storage (the plan placed the result over it). */
static bool pw_reads_result(lv *v, const fx_kcall *k, int i) {
  const fx_ref *x = &k->ref[i], *y = &k->ref[0];
  return x->kind == FX_REF_TENSOR && y->kind == FX_REF_TENSOR && v->ifc.P->root[x->id] == v->ifc.P->root[y->id] &&
         x->off == y->off;
}

/* A POINTWISE call as an internal function, as the C backend writes it: pointwise_NODE(in0, ..., out), its pointers
 * noalias (an input that the result overwrites is read through out), a loop nest over the result's dimensions (size
 * 1 dropped, dimensions that every operand steps through as one row merged), the expression computed per element.
 * The passes inline it at its one call when they find it worth it, and vectorize the loop where they can. */
static void emit_pointwise(lv *v, const fx_kcall *k) {
  const int32_t nin = (int32_t)k->i[0], ncode = (int32_t)k->i[1];
  const fxrt_view *yv = &k->view[0];
  int64_t numel = 1;
  for (int32_t d = 0; d < yv->ndim; d++) numel *= yv->shape[d];
  if (numel == 0) return;
  int64_t sh[FXRT_MAX_DIMS], st[FXRT_PW_MAX_INPUTS][FXRT_MAX_DIMS], ys[FXRT_MAX_DIMS];
  const int32_t nd = fx_pointwise_loops(k, sh, st, ys);

  /* the function: one pointer per input read (not the result's own storage), then the result */
  LLVMTypeRef pt[FXRT_PW_MAX_INPUTS + 1];
  int32_t param_of[FXRT_PW_MAX_INPUTS], np = 0;
  LLVMValueRef args[FXRT_PW_MAX_INPUTS + 1];
  for (int32_t i = 0; i < nin; i++) {
    param_of[i] = pw_reads_result(v, k, 1 + i) ? -1 : np;
    if (param_of[i] >= 0) args[np] = ref(v, k, 1 + i), pt[np++] = v->ptr;
  }
  args[np] = ref(v, k, 0), pt[np++] = v->ptr;
  const fx_node *nd_ = &v->ifc.p->g->nodes[k->node];
  char name[320];
  snprintf(name, sizeof name, "pointwise_%.*s", (int)(nd_->name.n < 280 ? nd_->name.n : 280), nd_->name.p);
  LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(v->ctx), pt, (unsigned)np, 0);
  LLVMValueRef fn = LLVMAddFunction(v->mod, name, ft);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
  for (int32_t i = 0; i < np; i++) LLVMAddAttributeAtIndex(fn, (unsigned)i + 1, LLVMCreateEnumAttribute(v->ctx, noalias, 0));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName("nounwind", 8), 0));
  LLVMBuildCall2(v->b, ft, fn, args, (unsigned)np, "");

  LLVMBasicBlockRef caller = LLVMGetInsertBlock(v->b);
  LLVMMetadataRef loc = v->loc;
  LLVMSetCurrentDebugLocation2(v->b, NULL);
  if (v->dib) { /* a subprogram of its own, at the node's line (when inlined, inside the node's scope) */
    unsigned line = nd_->loc.line;
    LLVMMetadataRef sp = LLVMDIBuilderCreateFunction(v->dib, v->file, name, strlen(name), name, strlen(name), v->file,
                                                     line, v->sub_type, 1, 1, line, LLVMDIFlagPrototyped,
                                                     v->lo->opt_level > 0);
    LLVMSetSubprogram(fn, sp);
    LLVMSetCurrentDebugLocation2(v->b, LLVMDIBuilderCreateDebugLocation(v->ctx, line, nd_->loc.col, sp, NULL));
  }
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(v->ctx, fn, "entry");
  LLVMPositionBuilderAtEnd(v->b, entry);
  LLVMValueRef out = LLVMGetParam(fn, (unsigned)np - 1), base[FXRT_PW_MAX_INPUTS];
  for (int32_t i = 0; i < nin; i++) {
    LLVMValueRef p = param_of[i] >= 0 ? LLVMGetParam(fn, (unsigned)param_of[i]) : out;
    if (param_of[i] >= 0) {
      char pn[16];
      snprintf(pn, sizeof pn, "in%d", (int)i);
      LLVMSetValueName2(p, pn, strlen(pn));
    }
    LLVMValueRef off = cisize(v, (uint64_t)k->view[1 + i].offset);
    base[i] = k->view[1 + i].offset ? LLVMBuildInBoundsGEP2(v->b, v->f32, p, &off, 1, "") : p;
  }
  LLVMSetValueName2(out, "out", 3);
  /* the loop nest: loop d counts i_d from 0 to sh[d] (every trip count is at least 2: size-1 dimensions are gone),
   * in size_t (i32 on a 32-bit target: no 64-bit index arithmetic; a tensor's elements fit its address space) */
  LLVMValueRef iv[FXRT_MAX_DIMS], next[FXRT_MAX_DIMS];
  LLVMBasicBlockRef head[FXRT_MAX_DIMS], pre[FXRT_MAX_DIMS];
  for (int32_t d = 0; d < nd; d++) {
    char bn[16];
    snprintf(bn, sizeof bn, "loop%d", (int)d);
    pre[d] = LLVMGetInsertBlock(v->b);
    head[d] = LLVMAppendBasicBlockInContext(v->ctx, fn, bn);
    LLVMBuildBr(v->b, head[d]);
    LLVMPositionBuilderAtEnd(v->b, head[d]);
    snprintf(bn, sizeof bn, "i%d", (int)d);
    iv[d] = LLVMBuildPhi(v->b, v->isize, bn);
  }
  /* the element: each input at sum(i_d * stride_d), the expression, the result at its contiguous index */
  LLVMValueRef reg[FXRT_PW_MAX_INSNS] = {0}; /* ncode >= 1 (lowering); GCC cannot see it */
  for (int32_t c = 0; c < ncode; c++) {
    const fxrt_pw_insn *in = &k->p.pw[c];
    switch (in->kind) {
    case FXRT_PW_LOAD: {
      LLVMValueRef idx = cisize(v, 0);
      for (int32_t d = 0; d < nd; d++)
        if (st[in->a][d])
          idx = LLVMBuildAdd(v->b, idx, LLVMBuildMul(v->b, iv[d], cisize(v, (uint64_t)st[in->a][d]), ""), "");
      LLVMValueRef ptr = LLVMBuildInBoundsGEP2(v->b, v->f32, base[in->a], &idx, 1, "");
      reg[c] = LLVMBuildLoad2(v->b, v->f32, ptr, "");
      LLVMSetAlignment(reg[c], 4);
      break;
    }
    case FXRT_PW_CONST: reg[c] = fc(v, in->p[0]); break;
    case FXRT_PW_UNARY: reg[c] = pw_unary(v, in->op, reg[in->a], in->p); break;
    default: reg[c] = pw_binary(v, in->op, reg[in->a], reg[in->b]); break;
    }
  }
  LLVMValueRef yidx = cisize(v, 0);
  for (int32_t d = 0; d < nd; d++)
    yidx = LLVMBuildAdd(v->b, yidx, LLVMBuildMul(v->b, iv[d], cisize(v, (uint64_t)ys[d]), ""), "");
  LLVMValueRef st_ = LLVMBuildStore(v->b, reg[ncode - 1], LLVMBuildInBoundsGEP2(v->b, v->f32, out, &yidx, 1, ""));
  LLVMSetAlignment(st_, 4);
  /* the latches, innermost first */
  for (int32_t d = nd - 1; d >= 0; d--) {
    char bn[16];
    next[d] = LLVMBuildAdd(v->b, iv[d], cisize(v, 1), "");
    LLVMValueRef more = LLVMBuildICmp(v->b, LLVMIntSLT, next[d], cisize(v, (uint64_t)sh[d]), "");
    LLVMBasicBlockRef latch = LLVMGetInsertBlock(v->b);
    snprintf(bn, sizeof bn, "done%d", (int)d);
    LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(v->ctx, fn, bn);
    LLVMBuildCondBr(v->b, more, head[d], exit);
    LLVMValueRef zero = cisize(v, 0);
    LLVMAddIncoming(iv[d], &zero, &pre[d], 1);
    LLVMAddIncoming(iv[d], &next[d], &latch, 1);
    LLVMPositionBuilderAtEnd(v->b, exit);
  }
  LLVMBuildRetVoid(v->b);
  LLVMPositionBuilderAtEnd(v->b, caller);
  LLVMSetCurrentDebugLocation2(v->b, loc);
}

/* ---- calls ---- */

/* The LLVM type of each operand type of kernels.def, as fxrt.h declares the parameter: pointers (tensors, views,
 * parameter structs, epilogues), int64_t, size_t, float, double, bool (zero-extended by the caller) and enums. */
static LLVMTypeRef arg_type(lv *v, fx_arg_type t) {
  switch (t) {
  case FX_ARG_I64:
  case FX_ARG_TILE: return v->i64;
  case FX_ARG_I32: return v->i32;
  case FX_ARG_SIZE: return v->isize;
  case FX_ARG_F32: return v->f32;
  case FX_ARG_F64: return v->f64;
  case FX_ARG_FLAG: return v->i1;
  case FX_ARG_UNOP:
  case FX_ARG_BINOP:
  case FX_ARG_REDOP:
  case FX_ARG_SCANOP:
  case FX_ARG_PADMODE:
  case FX_ARG_DTYPE:
  case FX_ARG_DTYPE2: return v->i32;
  default: return v->ptr;
  }
}

static LLVMValueRef kernel(lv *v, fx_kind k) {
  if (v->kfn[k]) return v->kfn[k];
  const fx_kernel *d = fx_kernel_desc(k);
  LLVMTypeRef params[24];
  unsigned n = 0;
  for (int a = 0; a < d->nargs && n < 24; a++) params[n++] = arg_type(v, (fx_arg_type)d->args[a].type);
  v->kty[k] = LLVMFunctionType(v->i32, params, n, 0);
  LLVMValueRef f = LLVMAddFunction(v->mod, d->function, v->kty[k]);
  unsigned zext = LLVMGetEnumAttributeKindForName("zeroext", 7), nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  for (unsigned i = 0; i < n; i++) /* a C bool argument is zero-extended by the caller */
    if (d->args[i].type == FX_ARG_FLAG) LLVMAddAttributeAtIndex(f, i + 1, LLVMCreateEnumAttribute(v->ctx, zext, 0));
  LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(v->ctx, nounwind, 0));
  return v->kfn[k] = f;
}

/* Calls the kernel with args, then returns its status from NAME_run unless it is FXRT_OK. */
static void emit_call(lv *v, fx_kind kind, LLVMValueRef *args, unsigned n) {
  LLVMValueRef f = kernel(v, kind);
  LLVMValueRef s = LLVMBuildCall2(v->b, v->kty[kind], f, args, n, "");
  LLVMValueRef bad = LLVMBuildICmp(v->b, LLVMIntNE, s, ci32(v, FXRT_OK), "");
  LLVMBasicBlockRef here = LLVMGetInsertBlock(v->b);
  LLVMBasicBlockRef after = LLVMAppendBasicBlockInContext(v->ctx, v->fn, "");
  LLVMBuildCondBr(v->b, bad, v->fail, after);
  LLVMAddIncoming(v->fail_status, &s, &here, 1);
  v->nchecks++;
  LLVMPositionBuilderAtEnd(v->b, after);
}

static LLVMValueRef epilogue(lv *v, const fx_kcall *k, int residual) {
  if (!k->has_ep) return LLVMConstPointerNull(v->ptr);
  LLVMValueRef f[5] = {LLVMConstInt(v->enum_field, (unsigned long long)k->ep.act, 0), cf32(v, k->ep.alpha),
                       cf32(v, k->ep.lo), cf32(v, k->ep.hi), LLVMConstPointerNull(v->ptr)};
  LLVMValueRef c = LLVMConstNamedStruct(v->ep_t, f, 5);
  if (k->ref[residual].kind == FX_REF_NULL) return const_global(v, c, "epilogue");
  /* a residual: the struct on the stack, its pointer filled in (a compound literal in the C backend) */
  LLVMValueRef s = LLVMBuildInsertValue(v->b, c, ref(v, k, residual), 4, "");
  LLVMBuildStore(v->b, s, v->ep_slot);
  return v->ep_slot;
}

/* An array of n fxrt_custom_arg on the stack (allocated in the entry block), filled with g's values and the call's
 * tensors. */
static LLVMValueRef custom_args(lv *v, const fx_kcall *k, const fxrt_custom_arg *g, const int8_t *refs, int32_t n,
                                const char *name) {
  LLVMTypeRef at = LLVMArrayType2(v->carg_t, (uint64_t)n);
  LLVMBuilderRef eb = LLVMCreateBuilderInContext(v->ctx);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(v->fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first) LLVMPositionBuilderBefore(eb, first);
  else LLVMPositionBuilderAtEnd(eb, entry);
  LLVMValueRef slot = LLVMBuildAlloca(eb, at, name);
  LLVMSetAlignment(slot, (unsigned)LLVMABIAlignmentOfType(v->td, at));
  LLVMDisposeBuilder(eb);
  LLVMValueRef *el = fx_xmalloc((size_t)n * sizeof *el);
  for (int32_t i = 0; i < n; i++) {
    LLVMValueRef shape = LLVMConstPointerNull(v->ptr);
    if (g[i].ndim > 0 && g[i].shape) {
      LLVMValueRef *d = fx_xmalloc((size_t)g[i].ndim * sizeof *d);
      for (int32_t j = 0; j < g[i].ndim; j++) d[j] = ci64(v, g[i].shape[j]);
      shape = const_global(v, LLVMConstArray2(v->i64, d, (uint64_t)g[i].ndim), "shape");
      fx_xfree(d);
    }
    LLVMValueRef f[7] = {ci32(v, g[i].kind), ci32(v, g[i].dtype), ci32(v, g[i].ndim), shape,
                         LLVMConstPointerNull(v->ptr), ci64(v, g[i].i), LLVMConstReal(v->f64, g[i].f)};
    el[i] = LLVMConstNamedStruct(v->carg_t, f, 7);
  }
  LLVMBuildStore(v->b, LLVMConstArray2(v->carg_t, el, (uint64_t)n), slot);
  fx_xfree(el);
  for (int32_t i = 0; i < n; i++)
    if (refs[i] >= 0) {
      LLVMValueRef idx[3] = {ci32(v, 0), ci32(v, i), ci32(v, 4)};
      LLVMBuildStore(v->b, ref(v, k, refs[i]), LLVMBuildInBoundsGEP2(v->b, at, slot, idx, 3, ""));
    }
  return slot;
}

/* A user-defined op: the call's arrays and fxrt_custom_call on the stack, then fxrt_custom(FUNCTION, &call), as the C
 * backend writes it. */
static void emit_custom(lv *v, const fx_kcall *k) {
  const fx_custom_site *s = k->custom;
  const fx_custom_decl *dc = s->decl;
  LLVMValueRef args = s->nargs ? custom_args(v, k, s->args, s->arg_ref, s->nargs, "custom_args") : LLVMConstPointerNull(v->ptr);
  LLVMValueRef results = custom_args(v, k, s->results, s->result_ref, s->nresults, "custom_results");
  char name[512];
  snprintf(name, sizeof name, "%.*s", (int)(dc->target.n > 500 ? 500 : dc->target.n), dc->target.p);
  LLVMValueRef target = const_global(v, LLVMConstStringInContext2(v->ctx, name, strlen(name), 0), "target");
  LLVMValueRef cs = LLVMConstNamedStruct(v->ccall_t, (LLVMValueRef[]){target, LLVMConstPointerNull(v->ptr),
                                                                      ci32(v, s->nargs), LLVMConstPointerNull(v->ptr),
                                                                      ci32(v, s->nresults)}, 5);
  cs = LLVMBuildInsertValue(v->b, cs, args, 1, "");
  cs = LLVMBuildInsertValue(v->b, cs, results, 3, "");
  LLVMBuilderRef eb = LLVMCreateBuilderInContext(v->ctx);
  LLVMPositionBuilderBefore(eb, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(v->fn)));
  LLVMValueRef call = LLVMBuildAlloca(eb, v->ccall_t, "custom_call");
  LLVMDisposeBuilder(eb);
  LLVMBuildStore(v->b, cs, call);
  snprintf(name, sizeof name, "%.*s", (int)(dc->function.n > 500 ? 500 : dc->function.n), dc->function.p);
  LLVMValueRef fn = LLVMGetNamedFunction(v->mod, name);
  if (!fn) fn = LLVMAddFunction(v->mod, name, LLVMFunctionType(v->i32, (LLVMTypeRef[]){v->ptr}, 1, 0));
  if (!v->kfn[FX_K_CUSTOM]) { /* fxrt_custom(fxrt_custom_fn, const fxrt_custom_call *) */
    v->kty[FX_K_CUSTOM] = LLVMFunctionType(v->i32, (LLVMTypeRef[]){v->ptr, v->ptr}, 2, 0);
    v->kfn[FX_K_CUSTOM] = LLVMAddFunction(v->mod, "fxrt_custom", v->kty[FX_K_CUSTOM]);
  }
  emit_call(v, FX_K_CUSTOM, (LLVMValueRef[]){fn, call}, 2);
}

/* A compact convolution that the plan computes over its input (y is x's storage; in_place in emit_c.c). */
static bool small_in_place(const lv *v, const fx_kcall *k) { return fx_plan_small_in_place(v->ifc.P, k); }

/* A weight whose elements (es bytes each) are all the same (a LayerNorm's ones and zeros, as initialized): the -Os
 * pipeline folds its loads in a kernel specialized to it, and drops it. Not the arrays that lowering computed (an
 * int8 layer's requantization scales, equal for a per-tensor scale): a copy of the kernel for each layer would cost
 * more than their loads. */
static bool uniform_weight(LLVMValueRef w, uint64_t es) {
  if (!LLVMIsAGlobalVariable(w) || !LLVMIsGlobalConstant(w) || !LLVMGetInitializer(w) || es == 0) return false;
  LLVMValueRef init = LLVMGetInitializer(w);
  if (LLVMIsNull(init)) return true;
  LLVMTypeRef t = LLVMTypeOf(init); /* the weights' bytes (LLVMConstStringInContext2): getAsString's case */
  if (!LLVMIsAConstantDataSequential(init) || LLVMGetTypeKind(t) != LLVMArrayTypeKind ||
      LLVMGetElementType(t) != LLVMInt8TypeInContext(LLVMGetTypeContext(t)))
    return false;
  size_t n;
  const char *b = LLVMGetAsString(init, &n);
  if (n % es) return false;
  for (size_t i = es; i < n; i++)
    if (b[i] != b[i % es]) return false;
  return true;
}

/* -Os: a call of a compact kernel (operands a[0..n)) becomes a call of its specialization to the call's constant
 * operands, which the calls with the same constants share (emit_c.c's emit_small_fn): an internal function whose
 * parameters are the pointers that are not null (nonnull, so that the kernel's tests of them fold; not x of a
 * convolution in place, which is y; not a model's weight of equal elements, a constant too), and that calls the kernel with the constants and returns nothing (a compact
 * kernel fails on an invalid record only, and lowering wrote this one). inline_small_kernels inlines the kernel into
 * each specialization, and a specialization that one call uses into that call; the others stay functions of their
 * own unless the -Os inliner finds it smaller to inline them: one copy of a kernel per distinct layer, as the C
 * compiler has it with model.c. */
static void spec_call(lv *v, const fx_kcall *k, const fx_kernel *d, LLVMValueRef *a, unsigned n) {
  small_spec key;
  memset(&key, 0, sizeof key);
  key.kind = (fx_kind)k->kind;
  key.in_place = small_in_place(v, k);
  LLVMValueRef prm[24];
  unsigned np = 0;
  int yarg = -1; /* the operand that an input in place is */
  for (unsigned x = 0; x < n; x++) {
    const fx_arg_type t = (fx_arg_type)d->args[x].type;
    const bool ptr = t == FX_ARG_IN || t == FX_ARG_OUT;
    if (t == FX_ARG_OUT && d->args[x].slot == 3) yarg = (int)x;
    const fx_ref *r = ptr ? &k->ref[d->args[x].slot] : NULL;
    if (ptr && LLVMIsNull(a[x])) key.arg[x] = a[x];
    else if (ptr && r->kind != FX_REF_CONST && uniform_weight(a[x], fxrt_dtype_size((fxrt_dtype)r->dtype)))
      key.arg[x] = LLVMGetInitializer(a[x]); /* by its elements: weights of the same elements share */
    else if (ptr && !(key.in_place && d->args[x].slot == 0)) prm[np++] = a[x];
    else if (!ptr) key.arg[x] = a[x];
  }
  small_spec *s = NULL;
  for (uint32_t i = 0; i < v->nspecs && !s; i++)
    if (v->specs[i].kind == key.kind && v->specs[i].in_place == key.in_place &&
        memcmp(v->specs[i].arg, key.arg, sizeof key.arg) == 0)
      s = &v->specs[i];
  if (!s) {
    if (v->nspecs == v->capspecs) {
      v->capspecs = v->capspecs ? 2 * v->capspecs : 16;
      v->specs = fx_xrealloc(v->specs, v->capspecs * sizeof *v->specs);
    }
    s = &v->specs[v->nspecs++];
    *s = key;
    LLVMTypeRef pt[24];
    for (unsigned i = 0; i < np; i++) pt[i] = v->ptr;
    s->ty = LLVMFunctionType(LLVMVoidTypeInContext(v->ctx), pt, np, 0);
    s->fn = LLVMAddFunction(v->mod, d->function + 5, s->ty); /* small_conv2d_f32 ... as emit_c.c names it */
    LLVMSetLinkage(s->fn, LLVMInternalLinkage);
    LLVMAddAttributeAtIndex(s->fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName("nounwind", 8), 0));
    LLVMAttributeRef nonnull = LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName("nonnull", 7), 0);
    for (unsigned i = 0; i < np; i++) LLVMAddAttributeAtIndex(s->fn, i + 1, nonnull);
    LLVMValueRef call[24];
    LLVMValueRef y = NULL;
    for (unsigned x = 0, i = 0; x < n; x++) {
      if (key.arg[x]) call[x] = a[x];
      else if (!(key.in_place && d->args[x].slot == 0)) call[x] = LLVMGetParam(s->fn, i++);
      else call[x] = NULL;
      if ((int)x == yarg) y = call[x];
    }
    for (unsigned x = 0; x < n; x++)
      if (!call[x]) call[x] = y;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(v->ctx); /* no debug location: the function has no subprogram */
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(v->ctx, s->fn, "entry"));
    LLVMValueRef f = kernel(v, key.kind);
    LLVMBuildCall2(b, v->kty[key.kind], f, call, n, "");
    LLVMBuildRetVoid(b);
    LLVMDisposeBuilder(b);
  }
  LLVMBuildCall2(v->b, s->ty, s->fn, prm, np, "");
}

static void emit_kcall(lv *v, const fx_kcall *k) {
  if (k->kind == FX_K_CUSTOM) {
    emit_custom(v, k);
    return;
  }
  if (k->kind == FX_K_POINTWISE) { /* a loop, which cannot fail */
    emit_pointwise(v, k);
    return;
  }
  const fx_kernel *d = fx_kernel_desc((fx_kind)k->kind);
  if (!d || d->nargs > 24) {
    fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: the LLVM backend has no call for kernel kind %d",
                  (int)k->kind);
    v->failed = true;
    return;
  }
  LLVMValueRef a[24];
  unsigned n = 0;
  for (int x = 0; x < d->nargs; x++) {
    const int s = d->args[x].slot;
    switch ((fx_arg_type)d->args[x].type) {
    case FX_ARG_IN:
    case FX_ARG_OUT: a[n++] = ref(v, k, s); break;
    case FX_ARG_VIEW: a[n++] = view_const(v, &k->view[s]); break;
    case FX_ARG_I64: a[n++] = ci64(v, k->i[s]); break;
    case FX_ARG_I32: a[n++] = LLVMConstInt(v->i32, (unsigned long long)k->i[s], 1); break;
    case FX_ARG_SIZE: a[n++] = cisize(v, (uint64_t)k->i[s]); break;
    case FX_ARG_F32: a[n++] = cf32(v, k->f[s]); break;
    case FX_ARG_F64: a[n++] = LLVMConstReal(v->f64, k->f[s]); break;
    case FX_ARG_FLAG: a[n++] = LLVMConstInt(v->i1, k->flag ? 1 : 0, 0); break;
    case FX_ARG_UNOP:
    case FX_ARG_BINOP:
    case FX_ARG_REDOP:
    case FX_ARG_SCANOP:
    case FX_ARG_PADMODE: a[n++] = ci32(v, k->sub); break;
    case FX_ARG_TILE: a[n++] = ci64(v, k->sub); break;
    case FX_ARG_DTYPE: a[n++] = ci32(v, k->dt); break;
    case FX_ARG_DTYPE2: a[n++] = ci32(v, k->dt2); break;
    case FX_ARG_UNPARAMS: a[n++] = unary_const(v, &k->p.un); break;
    case FX_ARG_CONVPARAMS: {
      const fxrt_conv2d_params *c = &k->p.conv;
      LLVMValueRef f[5] = {pair(v, c->stride), pair(v, c->padding), pair(v, c->dilation), ci64(v, c->groups),
                           pair(v, c->pad_extra)};
      a[n++] = const_global(v, LLVMConstNamedStruct(v->conv_t, f, 5), "conv2d");
      break;
    }
    case FX_ARG_CONVTPARAMS: {
      const fxrt_conv_transpose2d_params *c = &k->p.convt;
      LLVMValueRef f[5] = {pair(v, c->stride), pair(v, c->padding), pair(v, c->output_padding), pair(v, c->dilation),
                           ci64(v, c->groups)};
      a[n++] = const_global(v, LLVMConstNamedStruct(v->convt_t, f, 5), "conv_transpose2d");
      break;
    }
    case FX_ARG_POOLPARAMS: {
      const fxrt_pool2d_params *q = &k->p.pool;
      LLVMValueRef f[7] = {pair(v, q->kernel), pair(v, q->stride), pair(v, q->padding), pair(v, q->dilation),
                           LLVMConstInt(v->i8, q->ceil_mode, 0), LLVMConstInt(v->i8, q->count_include_pad, 0),
                           ci64(v, q->divisor_override)};
      a[n++] = const_global(v, LLVMConstNamedStruct(v->pool_t, f, 7), "pool2d");
      break;
    }
    case FX_ARG_CONV3PARAMS: {
      const fxrt_conv3d_params *c = &k->p.conv3;
      LLVMValueRef f[5] = {triple(v, c->stride), triple(v, c->padding), triple(v, c->dilation), ci64(v, c->groups),
                           triple(v, c->output_padding)};
      a[n++] = const_global(v, LLVMConstNamedStruct(v->conv3_t, f, 5), "conv3d");
      break;
    }
    case FX_ARG_POOL3PARAMS: {
      const fxrt_pool3d_params *q = &k->p.pool3;
      LLVMValueRef f[7] = {triple(v, q->kernel), triple(v, q->stride), triple(v, q->padding), triple(v, q->dilation),
                           LLVMConstInt(v->i8, q->ceil_mode, 0), LLVMConstInt(v->i8, q->count_include_pad, 0),
                           ci64(v, q->divisor_override)};
      a[n++] = const_global(v, LLVMConstNamedStruct(v->pool3_t, f, 7), "pool3d");
      break;
    }
    case FX_ARG_SMALLPARAMS: {
      const fxrt_small_params *q = &k->p.small;
      LLVMValueRef f[20] = {ci32(v, q->n), ci32(v, q->c), ci32(v, q->h), ci32(v, q->w), ci32(v, q->k), ci32(v, q->kh),
                            ci32(v, q->kw), ci32(v, q->oh), ci32(v, q->ow), ipair(v, q->stride), ipair(v, q->pad),
                            ipair(v, q->dilation), ci32(v, q->groups), ci32(v, q->divisor), cf32(v, q->lo),
                            cf32(v, q->hi), ci32(v, q->x_zp), ci32(v, q->y_zp), ci32(v, q->per_channel),
                            cf32(v, q->mult)};
      a[n++] = const_global(v, LLVMConstNamedStruct(v->small_t, f, 20), "small");
      break;
    }
    case FX_ARG_PADS: a[n++] = const_global(v, i64_array(v, k->i + s, 4, 4), "pads"); break;
    case FX_ARG_EPILOGUE: a[n++] = epilogue(v, k, s); break;
    case FX_ARG_THREADS: a[n++] = v->threads; break;
    default: break; /* POINTWISE: a loop, above */
    }
  }
  if (v->spec_small && strcmp(d->file, "fxrt_small.c") == 0) spec_call(v, k, d, a, n);
  else emit_call(v, (fx_kind)k->kind, a, n);
}

/* ---- debug info ---- */

static void debug_begin(lv *v, const char *fn_name) {
  const char *src = v->lo->source ? v->lo->source : "graph.fx";
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) snprintf(cwd, sizeof cwd, ".");
  v->dib = LLVMCreateDIBuilder(v->mod);
  v->file = LLVMDIBuilderCreateFile(v->dib, src, strlen(src), cwd, strlen(cwd));
  const char *producer = "fx2c " FX2C_VERSION;
  LLVMDIBuilderCreateCompileUnit(v->dib, LLVMDWARFSourceLanguageC99, v->file, producer, strlen(producer),
                                 v->lo->opt_level > 0, "", 0, 0, "", 0, LLVMDWARFEmissionFull, 0, 0, 0, "", 0, "", 0);
  v->sub_type = LLVMDIBuilderCreateSubroutineType(v->dib, v->file, NULL, 0, LLVMDIFlagZero);
  const fx_graph *g = v->ifc.p->g;
  unsigned line = g->first != FX_NONE_IDX ? g->nodes[g->first].loc.line : 0;
  v->sp = LLVMDIBuilderCreateFunction(v->dib, v->file, fn_name, strlen(fn_name), fn_name, strlen(fn_name), v->file,
                                      line, v->sub_type, 0, 1, line, LLVMDIFlagPrototyped, v->lo->opt_level > 0);
  LLVMSetSubprogram(v->fn, v->sp);
  LLVMAddModuleFlag(v->mod, LLVMModuleFlagBehaviorWarning, "Debug Info Version", 18,
                    LLVMValueAsMetadata(ci32(v, LLVMDebugMetadataVersion())));
  LLVMAddModuleFlag(v->mod, LLVMModuleFlagBehaviorWarning, "Dwarf Version", 13, LLVMValueAsMetadata(ci32(v, 4)));
}

/* The location of node's calls: its line and column in the graph file, in a scope named after the node (a
 * subprogram inlined into NAME_run there), so that a backtrace through a kernel names the FX node. */
static void debug_node(lv *v, uint32_t node) {
  if (!v->dib) return;
  const fx_node *n = node != FX_NONE_IDX ? &v->ifc.p->g->nodes[node] : NULL;
  unsigned line = n ? n->loc.line : 0, col = n ? n->loc.col : 0;
  LLVMMetadataRef at = LLVMDIBuilderCreateDebugLocation(v->ctx, line, col, v->sp, NULL);
  if (!n) {
    LLVMSetCurrentDebugLocation2(v->b, v->loc = at);
    return;
  }
  char name[300];
  snprintf(name, sizeof name, "%.*s", (int)(n->name.n < 280 ? n->name.n : 280), n->name.p);
  LLVMMetadataRef sp = LLVMDIBuilderCreateFunction(v->dib, v->file, name, strlen(name), "", 0, v->file, line,
                                                   v->sub_type, 1, 1, line, LLVMDIFlagZero, v->lo->opt_level > 0);
  v->loc = LLVMDIBuilderCreateDebugLocation(v->ctx, line, col, sp, at);
  LLVMSetCurrentDebugLocation2(v->b, v->loc);
}

/* ---- the entry point ---- */

/* The walk over the schedule (program/walk.h): a node with calls starts a block named after it (the block the
 * previous check opened), at the node's debug location. */
static bool walk_node_begin(void *ctx, uint32_t node, uint32_t ncalls) {
  lv *v = ctx;
  v->timed = v->nodes && ncalls > 0;
  if (v->timed) LLVMBuildStore(v->b, LLVMBuildCall2(v->b, v->clock_t_, v->clock_fn, NULL, 0, ""), v->t0);
  if (node == FX_NONE_IDX) return true;
  const fx_node *nd = &v->ifc.p->g->nodes[node];
  if (!ncalls && nd->opcode != FX_OUTPUT) return true;
  LLVMBasicBlockRef bb = LLVMGetInsertBlock(v->b);
  if (bb != v->entry && !LLVMGetFirstInstruction(bb)) {
    char name[300];
    snprintf(name, sizeof name, "%.*s", (int)(nd->name.n < 280 ? nd->name.n : 280), nd->name.p);
    LLVMSetValueName2(LLVMBasicBlockAsValue(bb), name, strlen(name));
  }
  debug_node(v, node);
  return true;
}

static bool walk_call(void *ctx, uint32_t node, const fx_kcall *k) {
  (void)node;
  emit_kcall(ctx, k);
  return true;
}

/* A timed node ends: fxrt_profile_node(&NAME_nodes[i], t0, fxrt_profile_clock()). */
static bool walk_node_end(void *ctx, uint32_t node) {
  lv *v = ctx;
  (void)node;
  if (!v->timed) return true;
  LLVMValueRef idx[2] = {ci32(v, 0), ci32(v, v->pnode++)};
  LLVMValueRef args[3] = {LLVMConstInBoundsGEP2(v->nodes_t, v->nodes, idx, 2), LLVMBuildLoad2(v->b, v->i64, v->t0, ""),
                          LLVMBuildCall2(v->b, v->clock_t_, v->clock_fn, NULL, 0, "")};
  LLVMBuildCall2(v->b, v->record_t, v->record_fn, args, 3, "");
  return true;
}

/* A C string constant (a private global, NUL-terminated). */
static LLVMValueRef cstring(lv *v, const char *s) {
  return const_global(v, LLVMConstStringInContext2(v->ctx, s, strlen(s), 0), "str");
}

/* The profiling build's NAME_nodes (fxrt.h, fxrt_node_info) and the two hooks' declarations. */
static void build_nodes_table(lv *v) {
  const fx_iface *e = &v->ifc;
  v->node_t = named_struct(v, "fxrt_node_info",
                           (LLVMTypeRef[]){v->ptr, v->ptr, v->ptr, v->ptr, v->ptr, v->i32, v->ptr, v->i32}, 8);
  /* NAME_results (fxrt_node_result): where each result is once its node has run, for --dump */
  LLVMTypeRef shape_t = LLVMArrayType2(v->i64, FXRT_MAX_DIMS);
  LLVMTypeRef result_t = named_struct(v, "fxrt_node_result",
                                      (LLVMTypeRef[]){v->ptr, shape_t, v->i64, v->i32, v->i32, v->i32, v->i32}, 7);
  uint32_t nres = 0;
  for (uint32_t i = 0; i < e->nnodes; i++) nres += e->nodes[i].nresults;
  LLVMValueRef results = NULL;
  LLVMTypeRef results_t = LLVMArrayType2(result_t, nres ? nres : 1);
  if (nres) {
    LLVMValueRef *r = fx_xcalloc(nres, sizeof *r);
    uint32_t j = 0;
    for (uint32_t i = 0; i < e->nnodes; i++)
      for (uint32_t k = 0; k < e->nodes[i].nresults; k++, j++) {
        const fxrt_node_result x = fx_iface_result(e, i, k);
        LLVMValueRef dims[FXRT_MAX_DIMS];
        for (int d = 0; d < FXRT_MAX_DIMS; d++) dims[d] = ci64(v, x.shape[d]);
        LLVMValueRef f[7] = {cstring(v, x.names), LLVMConstArray2(v->i64, dims, FXRT_MAX_DIMS),
                             ci64(v, (int64_t)x.offset), ci32(v, x.dtype), ci32(v, x.ndim), ci32(v, x.at),
                             ci32(v, x.index)};
        r[j] = LLVMConstNamedStruct(result_t, f, 7);
      }
    fx_buf rname = {0};
    fx_buf_printf(&rname, "%s_results", e->prefix);
    fx_buf_putc(&rname, 0);
    results = LLVMAddGlobal(v->mod, results_t, rname.p);
    LLVMSetInitializer(results, LLVMConstArray2(result_t, r, nres));
    LLVMSetGlobalConstant(results, 1);
    LLVMSetLinkage(results, LLVMInternalLinkage);
    fx_buf_free(&rname);
    fx_xfree(r);
  }
  uint32_t n = e->nnodes ? e->nnodes : 1, first = 0;
  LLVMValueRef *items = fx_xcalloc(n, sizeof *items);
  for (uint32_t i = 0; i < e->nnodes; i++) {
    const fx_walk_node *w = &e->nodes[i];
    LLVMValueRef at = LLVMConstNull(v->ptr);
    if (w->nresults) {
      LLVMValueRef idx[2] = {ci32(v, 0), ci32(v, first)};
      at = LLVMConstInBoundsGEP2(results_t, results, idx, 2);
    }
    LLVMValueRef f[8] = {cstring(v, w->name), cstring(v, w->op),     cstring(v, w->fx), cstring(v, w->absorbed),
                         cstring(v, w->shape), ci32(v, i), at, ci32(v, w->nresults)};
    items[i] = LLVMConstNamedStruct(v->node_t, f, 8);
    first += w->nresults;
  }
  if (!e->nnodes) items[0] = LLVMConstNull(v->node_t);
  v->nodes_t = LLVMArrayType2(v->node_t, n);
  fx_buf name = {0};
  fx_buf_printf(&name, "%s_nodes", e->prefix);
  fx_buf_putc(&name, 0);
  v->nodes = LLVMAddGlobal(v->mod, v->nodes_t, name.p);
  LLVMSetInitializer(v->nodes, LLVMConstArray2(v->node_t, items, n));
  LLVMSetGlobalConstant(v->nodes, 1);
  fx_buf_free(&name);
  fx_xfree(items);
  v->clock_t_ = LLVMFunctionType(v->i64, NULL, 0, 0);
  v->clock_fn = LLVMAddFunction(v->mod, "fxrt_profile_clock", v->clock_t_);
  v->record_t = LLVMFunctionType(LLVMVoidTypeInContext(v->ctx), (LLVMTypeRef[]){v->ptr, v->i64, v->i64}, 3, 0);
  v->record_fn = LLVMAddFunction(v->mod, "fxrt_profile_node", v->record_t);
}

static void build_function(lv *v) {
  fx_iface *e = &v->ifc;
  const fx_program *p = e->p;
  const fx_lowered *L = e->L;
  uint32_t nin = fx_iface_inputs(e, NULL);
  fx_io *in = fx_xcalloc(nin + 1, sizeof *in);
  fx_iface_inputs(e, in);
  /* NAME_run_threads(..., workspace, threads), and NAME_run(..., workspace) calling it with no pool */
  unsigned nparams = (e->o->weights_file ? 1 : 0) + nin + L->noutputs + 2;
  LLVMTypeRef *pt = fx_xcalloc(nparams, sizeof *pt);
  for (unsigned i = 0; i < nparams; i++) pt[i] = v->ptr;
  fx_buf fname = {0}, wname = {0};
  fx_buf_printf(&fname, "%s_run_threads", e->prefix);
  fx_buf_putc(&fname, 0);
  fx_buf_printf(&wname, "%s_run", e->prefix);
  fx_buf_putc(&wname, 0);
  v->fn = LLVMAddFunction(v->mod, fname.p, LLVMFunctionType(v->i32, pt, nparams, 0));
  LLVMValueRef wrap = LLVMAddFunction(v->mod, wname.p, LLVMFunctionType(v->i32, pt, nparams - 1, 0));
  const LLVMAttributeRef nounwind = LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName("nounwind", 8), 0);
  LLVMAddAttributeAtIndex(v->fn, LLVMAttributeFunctionIndex, nounwind);
  LLVMAddAttributeAtIndex(wrap, LLVMAttributeFunctionIndex, nounwind);
  {
    LLVMPositionBuilderAtEnd(v->b, LLVMAppendBasicBlockInContext(v->ctx, wrap, "entry"));
    LLVMValueRef *args = fx_xcalloc(nparams, sizeof *args);
    for (unsigned i = 0; i + 1 < nparams; i++) args[i] = LLVMGetParam(wrap, i);
    args[nparams - 1] = LLVMConstNull(v->ptr);
    LLVMBuildRet(v->b, LLVMBuildCall2(v->b, LLVMGlobalGetValueType(v->fn), v->fn, args, nparams, ""));
    fx_xfree(args);
  }
  fx_buf_free(&wname);
  fx_xfree(pt);
  unsigned a = 0;
  if (e->o->weights_file) LLVMSetValueName2(v->weights_arg = LLVMGetParam(v->fn, a++), "weights", 7);
  for (uint32_t i = 0; i < nin; i++) {
    LLVMValueRef prm = LLVMGetParam(v->fn, a++);
    char name[300];
    snprintf(name, sizeof name, "%s%s", fx_iface_input_copied(e, in[i].tensor) ? "input_" : "", in[i].name);
    LLVMSetValueName2(prm, name, strlen(name));
    v->input[in[i].tensor] = prm;
  }
  for (uint32_t j = 0; j < L->noutputs; j++) {
    char name[32];
    snprintf(name, sizeof name, "output%u", j);
    LLVMSetValueName2(v->output[j] = LLVMGetParam(v->fn, a++), name, strlen(name));
  }
  LLVMSetValueName2(v->ws = LLVMGetParam(v->fn, a++), "workspace", 9);
  LLVMSetValueName2(v->threads = LLVMGetParam(v->fn, a++), "threads", 7);
  for (unsigned i = 0; i + 1 < a; i++) { /* NAME_run's parameters, named as NAME_run_threads's */
    size_t len;
    const char *nm = LLVMGetValueName2(LLVMGetParam(v->fn, i), &len);
    LLVMSetValueName2(LLVMGetParam(wrap, i), nm, len);
  }
  fx_xfree(in);
  if (v->lo->debug) debug_begin(v, fname.p);
  fx_buf_free(&fname);

  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(v->ctx, v->fn, "entry");
  v->fail = LLVMAppendBasicBlockInContext(v->ctx, v->fn, "fail");
  LLVMPositionBuilderAtEnd(v->b, v->fail);
  v->fail_status = LLVMBuildPhi(v->b, v->i32, "status");
  LLVMBuildRet(v->b, v->fail_status);
  LLVMPositionBuilderAtEnd(v->b, entry);
  v->ep_slot = LLVMBuildAlloca(v->b, v->ep_t, "epilogue");
  if (e->o->profile) {
    build_nodes_table(v);
    v->t0 = LLVMBuildAlloca(v->b, v->i64, "t0");
  }
  LLVMSetAlignment(v->ep_slot, (unsigned)LLVMABIAlignmentOfType(v->td, v->ep_t));
  /* the weights: constant globals, or their places in the weights argument */
  for (uint32_t t = 0; t < p->ntensors; t++) {
    if (!fx_iface_weight_written(e, t)) continue;
    const fx_tinfo *ti = &p->tensors[t];
    if (e->o->weights_file) {
      v->weight[t] = byte_gep(v, v->weights_arg, v->woff[t], e->name[t]);
      continue;
    }
    size_t bytes = fx_tinfo_bytes(ti);
    LLVMValueRef init = bytes ? LLVMConstStringInContext2(v->ctx, (const char *)ti->data->data, bytes, 1)
                              : LLVMConstNull(LLVMArrayType2(v->i8, 1));
    LLVMValueRef g = LLVMAddGlobal(v->mod, LLVMTypeOf(init), e->name[t]);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    /* -Os: aligned as its elements, as the C files of -Os have them (the compact kernels need no more) */
    LLVMSetAlignment(g, p->small ? (unsigned)fxrt_dtype_size(ti->dtype) : FX_PLAN_ALIGN);
    v->weight[t] = g;
  }
  /* a weight reached through a second tensor (get_attr and module) is the first one's array */
  for (uint32_t t = 0; t < p->ntensors; t++)
    if (!v->weight[t] && p->tensors[t].kind == FX_T_WEIGHT)
      for (uint32_t u = 0; u < p->ntensors; u++)
        if (v->weight[u] && p->tensors[u].data == p->tensors[t].data) {
          v->weight[t] = v->weight[u];
          break;
        }

  /* a misaligned workspace: FXRT_EINVAL (as emit_c.c's check) */
  bool any_arena = false;
  for (uint32_t t = 0; t < p->ntensors; t++) any_arena |= e->P->root[t] == t && e->P->place[t].loc == FX_MEM_ARENA;
  for (uint32_t s = 0; s < e->P->nscratch; s++) any_arena |= e->P->scratch[s].loc == FX_MEM_ARENA;
  if (any_arena && e->P->align > 1) {
    LLVMValueRef addr = LLVMBuildPtrToInt(v->b, v->ws, v->isize, "");
    LLVMValueRef low = LLVMBuildAnd(v->b, addr, LLVMConstInt(v->isize, e->P->align - 1, 0), "");
    LLVMValueRef bad = LLVMBuildICmp(v->b, LLVMIntNE, low, LLVMConstInt(v->isize, 0, 0), "misaligned");
    LLVMBasicBlockRef here = LLVMGetInsertBlock(v->b);
    LLVMBasicBlockRef after = LLVMAppendBasicBlockInContext(v->ctx, v->fn, "aligned");
    LLVMBuildCondBr(v->b, bad, v->fail, after);
    LLVMValueRef einval = ci32(v, FXRT_EINVAL);
    LLVMAddIncoming(v->fail_status, &einval, &here, 1);
    v->nchecks++;
    LLVMPositionBuilderAtEnd(v->b, after);
  }
  /* the calls, in the schedule's order (program/walk.h, as emit_c.c prints them): inputs the graph writes into first */
  debug_node(v, p->g->first);
  v->entry = entry;
  fx_walker w = {walk_node_begin, walk_call, walk_node_end};
  fx_walk(L, &w, v);
  LLVMBuildRet(v->b, ci32(v, FXRT_OK));
  if (!v->nchecks) LLVMDeleteBasicBlock(v->fail);
  else LLVMMoveBasicBlockAfter(v->fail, LLVMGetLastBasicBlock(v->fn));
}

/* ---- the executables' driver: its tables and fxm_run (what exe.c's driver source declares extern) ---- */

static LLVMValueRef global_const(lv *v, const char *name, LLVMValueRef init) {
  LLVMValueRef g = LLVMAddGlobal(v->mod, LLVMTypeOf(init), name);
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  return g;
}

static void emit_driver_tables(lv *v) {
  fx_iface *e = &v->ifc;
  const fx_lowered *L = e->L;
  uint32_t nin = fx_iface_inputs(e, NULL);
  fx_io *in = fx_xcalloc(nin + 1, sizeof *in);
  fx_iface_inputs(e, in);
  LLVMTypeRef int_t = v->i32; /* C int and the enum fxrt_dtype */
  LLVMTypeRef desc = named_struct(v, "fxm_desc", (LLVMTypeRef[]){v->ptr, int_t, int_t, LLVMArrayType2(v->i64, FXRT_MAX_DIMS)}, 4);
  global_const(v, "fxm_num_inputs", LLVMConstInt(int_t, nin, 0));
  global_const(v, "fxm_num_outputs", LLVMConstInt(int_t, L->noutputs, 0));
  global_const(v, "fxm_workspace_size", cisize(v, v->ifc.P->arena));
  /* the profiling build's table under the driver's name, or none */
  global_const(v, "fxm_num_nodes", LLVMConstInt(int_t, v->nodes ? e->nnodes : 0, 0));
  if (v->nodes) LLVMAddAlias2(v->mod, v->nodes_t, 0, v->nodes, "fxm_nodes");
  else global_const(v, "fxm_nodes", LLVMConstNull(LLVMArrayType2(v->ptr, 1)));
  for (int io = 0; io < 2; io++) {
    uint32_t n = io ? L->noutputs : nin;
    LLVMValueRef *items = fx_xcalloc(n + 1, sizeof *items);
    for (uint32_t i = 0; i < n; i++) {
      char name[300];
      if (io) snprintf(name, sizeof name, "output%u", i);
      else snprintf(name, sizeof name, "%s", in[i].name);
      LLVMValueRef str = const_global(v, LLVMConstStringInContext2(v->ctx, name, strlen(name), 0), "name");
      fxrt_dtype dt = io ? L->outputs[i].dtype : in[i].dtype;
      int32_t nd = io ? L->outputs[i].ndim : in[i].ndim;
      LLVMValueRef f[4] = {str, LLVMConstInt(int_t, dt, 0), LLVMConstInt(int_t, (unsigned long long)nd, 0),
                           i64_array(v, io ? L->outputs[i].shape : in[i].shape, nd, FXRT_MAX_DIMS)};
      items[i] = LLVMConstNamedStruct(desc, f, 4);
    }
    if (!n) items[n++] = LLVMConstNull(desc); /* as the C driver's tables, never empty */
    global_const(v, io ? "fxm_outputs" : "fxm_inputs", LLVMConstArray2(desc, items, n));
    fx_xfree(items);
  }
  /* fxrt_status fxm_run(void *const *in, void *const *out, void *ws, const fxrt_threadpool *threads) {
   *   return NAME_run_threads(in[0], ..., out[0], ..., ws, threads); } */
  LLVMTypeRef ft = LLVMFunctionType(v->i32, (LLVMTypeRef[]){v->ptr, v->ptr, v->ptr, v->ptr}, 4, 0);
  LLVMValueRef fn = LLVMAddFunction(v->mod, "fxm_run", ft);
  LLVMSetCurrentDebugLocation2(v->b, NULL);
  LLVMPositionBuilderAtEnd(v->b, LLVMAppendBasicBlockInContext(v->ctx, fn, "entry"));
  unsigned np = LLVMCountParams(v->fn), a = 0;
  LLVMValueRef *args = fx_xcalloc(np + 1, sizeof *args);
  for (int io = 0; io < 2; io++)
    for (uint32_t i = 0; i < (io ? L->noutputs : nin); i++) {
      LLVMValueRef idx = ci64(v, i);
      args[a++] = LLVMBuildLoad2(v->b, v->ptr, LLVMBuildInBoundsGEP2(v->b, v->ptr, LLVMGetParam(fn, (unsigned)io), &idx, 1, ""), "");
    }
  args[a++] = LLVMGetParam(fn, 2);
  args[a++] = LLVMGetParam(fn, 3);
  LLVMTypeRef rt = LLVMGlobalGetValueType(v->fn);
  LLVMBuildRet(v->b, LLVMBuildCall2(v->b, rt, v->fn, args, a, ""));
  fx_xfree(args);
  fx_xfree(in);
}

/* ---- output ---- */

static bool verify(lv *v, const char *when) {
  char *msg = NULL;
  if (!LLVMVerifyModule(v->mod, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return true;
  }
  fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: the LLVM module does not verify %s: %.2000s", when,
                msg ? msg : "");
  LLVMDisposeMessage(msg);
  return false;
}

/* fx2c compile -Os: the compact kernels inline, as the C files of -Os have them. fx2c holds them as LLVM bitcode
 * (backend/small_bitcode.c: FX_SMALL_BC(kernel), each the kernel's always-inline body of runtime/fxrt_small.h) for
 * the targets that CMakeLists.txt lists (FX2C_SMALL_BITCODE_TARGETS): a Cortex-M4F's thumbv7em with the hard-float
 * ABI on bare metal, and x86-64 (the bitcode is made for x86_64-linux-gnu; all int32, float and pointers, its IR is
 * the same for the other x86-64 systems). The bitcode of the target is linked into the module, every call of a
 * compact kernel (in the specializations of spec_call) becomes a call of its FX_SMALL_BC function, and these are
 * internal and always inline: the -Os pipeline inlines each into its specialization, specializes it to the constant
 * record (FX_ARG_SMALLPARAMS), and drops them, so that no runtime kernel and no record remains. A specialization
 * that one call uses is always inline too; one that several calls share stays an internal function (named as
 * emit_c.c names its own, small_conv2d_f32 ...) unless the -Os inliner finds its calls smaller inline. Their "target-cpu" and "target-features" (clang's
 * of the bitcode) are dropped, so that the functions have the target machine's, as the model's functions do, and
 * the inliner takes them. Any other target keeps calls of the runtime's out-of-line kernels (fxrt_small.c). */
static const fx_embedded *small_bitcode(const char *triple) {
  const char *name = NULL;
  if (strncmp(triple, "thumbv7em", 9) == 0 && strstr(triple, "eabihf") && is_arm_bare_metal(triple))
    name = "thumbv7em-none-eabihf.bc";
  else if (strncmp(triple, "x86_64-", 7) == 0)
    name = "x86_64.bc";
  for (const fx_embedded *f = fx_small_bitcode; name && f->name; f++)
    if (strcmp(f->name, name) == 0) return f;
  return NULL;
}

#define SMALL_BC_PREFIX "fx_small_bc_"

static bool inline_small_kernels(lv *v, const char *triple) {
  const fx_embedded *bc = small_bitcode(triple);
  bool used = false;
  for (int k = 0; k < FX_NUM_KINDS; k++)
    if (v->kfn[k] && strcmp(fx_kernel_desc((fx_kind)k)->file, "fxrt_small.c") == 0) used = true;
  if (!bc || !used) return true;
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRange((const char *)bc->data, bc->size, bc->name, false);
  LLVMModuleRef m = NULL;
  bool bad = LLVMParseBitcodeInContext2(v->ctx, buf, &m);
  LLVMDisposeMemoryBuffer(buf);
  if (bad) {
    fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: LLVM cannot read fx2c's bitcode %s", bc->name);
    return false;
  }
  LLVMSetTarget(m, LLVMGetTarget(v->mod));
  LLVMSetDataLayout(m, LLVMGetDataLayoutStr(v->mod));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    static const char *const target_attrs[] = {"target-cpu", "target-features", "tune-cpu"};
    for (size_t i = 0; i < sizeof target_attrs / sizeof *target_attrs; i++)
      LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, target_attrs[i],
                                       (unsigned)strlen(target_attrs[i]));
  }
  if (LLVMLinkModules2(v->mod, m)) { /* m is gone either way */
    fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: LLVM cannot link fx2c's bitcode %s", bc->name);
    return false;
  }
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  for (LLVMValueRef f = LLVMGetFirstFunction(v->mod); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    if (strncmp(LLVMGetValueName2(f, &n), SMALL_BC_PREFIX, strlen(SMALL_BC_PREFIX)) || LLVMIsDeclaration(f)) continue;
    LLVMSetLinkage(f, LLVMInternalLinkage);
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(v->ctx, always, 0));
  }
  for (int k = 0; k < FX_NUM_KINDS; k++) {
    const fx_kernel *d = fx_kernel_desc((fx_kind)k);
    if (!v->kfn[k] || strcmp(d->file, "fxrt_small.c") != 0) continue;
    char name[128];
    snprintf(name, sizeof name, SMALL_BC_PREFIX "%s", d->function);
    LLVMValueRef f = LLVMGetNamedFunction(v->mod, name);
    if (!f || LLVMIsDeclaration(f) || LLVMGlobalGetValueType(f) != v->kty[k]) {
      fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0},
                    "internal error: fx2c's bitcode %s has no %s of %s's type (backend/small_bitcode.c)", bc->name,
                    name, d->function);
      return false;
    }
    LLVMReplaceAllUsesWith(v->kfn[k], f);
    LLVMDeleteFunction(v->kfn[k]);
    v->kfn[k] = f;
  }
  for (uint32_t i = 0; i < v->nspecs; i++) { /* a specialization that one call uses: inline in it */
    LLVMUseRef u = LLVMGetFirstUse(v->specs[i].fn);
    if (u && !LLVMGetNextUse(u))
      LLVMAddAttributeAtIndex(v->specs[i].fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(v->ctx, always, 0));
  }
  return true;
}

/* fx2c compile -Os: every function that the module defines gets the attribute (optsize before the passes, as clang
 * -Os marks each function: the targets' passes read it, ARM's unrolls no loop of an optsize function; minsize after
 * them, for the code generator: on a Cortex-M4F, constants from literal pools instead of MOVW/MOVT pairs, loops not
 * aligned, VMLA (not fused: the same bits as VMUL and VADD). minsize from the start gives larger code here: the
 * -Os pipeline's loops are better input to the code generator than -Oz's.) */
static void mark_functions(lv *v, const char *attr) {
  LLVMAttributeRef a = LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName(attr, strlen(attr)), 0);
  for (LLVMValueRef f = LLVMGetFirstFunction(v->mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, a);
}

static bool write_stdout(const char *p, size_t n, fx_diag *d) {
  if (fwrite(p, 1, n, stdout) != n || fflush(stdout) != 0) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "writing standard output failed: %s", strerror(errno));
    return false;
  }
  return true;
}

static bool write_module(lv *v, LLVMTargetMachineRef tm, fx_llvm_output kind, const char *path) {
  bool to_stdout = strcmp(path, "-") == 0;
  char *err = NULL;
  bool ok = true;
  if (kind == FX_LLVM_IR && !to_stdout) {
    if (LLVMPrintModuleToFile(v->mod, path, &err)) {
      fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "cannot write '%s': %s", path, err ? err : "");
      LLVMDisposeMessage(err);
      return false;
    }
    return true;
  }
  if (kind == FX_LLVM_IR) {
    char *text = LLVMPrintModuleToString(v->mod);
    ok = write_stdout(text, strlen(text), v->d);
    LLVMDisposeMessage(text);
    return ok;
  }
  if (!to_stdout) { /* straight to the file: no copy of the weights in between */
    if (kind == FX_LLVM_BC ? LLVMWriteBitcodeToFile(v->mod, path) != 0
                           : LLVMTargetMachineEmitToFile(tm, v->mod, path, LLVMObjectFile, &err) != 0) {
      fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "cannot write '%s'%s%s", path, err ? ": " : "", err ? err : "");
      LLVMDisposeMessage(err);
      return false;
    }
    return true;
  }
  LLVMMemoryBufferRef buf = NULL;
  if (kind == FX_LLVM_BC) buf = LLVMWriteBitcodeToMemoryBuffer(v->mod);
  else if (LLVMTargetMachineEmitToMemoryBuffer(tm, v->mod, LLVMObjectFile, &err, &buf)) {
    fx_diag_error(v->d, NULL, (fx_loc){0, 0, 0, 0}, "LLVM could not emit the object file: %s", err ? err : "");
    LLVMDisposeMessage(err);
    return false;
  }
  const char *data = LLVMGetBufferStart(buf);
  size_t n = LLVMGetBufferSize(buf);
  ok = write_stdout(data, n, v->d);
  LLVMDisposeMemoryBuffer(buf);
  return ok;
}

/* fx2c compile -Os for a bare-metal ARM target (a Cortex-M): the loop strength reduction of the code generator
 * prefers post-incremented addresses. ARM's own choice (ARMTTIImpl::getPreferredAddressingMode) is none for an
 * optsize or minsize function, and every function of -Os is both, so that a compact kernel's f32 loop indexes its
 * arrays: VLDR has no register offset, so each load costs an ADD more than GCC's post-incremented VLDMIA (the
 * linear layers' dot products: seven instructions a product instead of five). On the f32 models of tests/firmware
 * (thumbv7em, Cortex-M4F): code from 20 bytes less to 16 more, 16% to 37% fewer instructions executed (smallcnn,
 * whose convolutions test their taps' bounds, 1%). Not for a module with int8 convolutions or linear layers, whose
 * integer loads have register offsets, so that one index serves all their arrays: post-incremented pointers are
 * more code and more instructions there (dscnn8: 900 bytes and 17% more). Only where fx2c has the compact kernels
 * as bitcode (thumbv7em with the FPU): the target measured. LLVM has this as a command-line option only, which is
 * the process's: it is set once, before the target machine is made, and fx2c emits one module per process (a later
 * module of the same process would keep it). */
static void prefer_post_increment(const fx_lowered *L, const char *triple) {
  static bool done;
  if (done || !L->p->small || !is_arm_bare_metal(triple) || !small_bitcode(triple)) return;
  for (uint32_t c = 0; c < L->ncalls; c++)
    if (fx_kind_small_q8_gemm(L->calls[c].kind)) return;
  done = true;
  const char *argv[] = {"fx2c", "-lsr-preferred-addressing-mode=postindexed"};
  LLVMParseCommandLineOptions(2, argv, NULL);
}

bool fx_emit_llvm(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const fx_llvm_opts *lo,
                  fx_llvm_output kind, const char *path, fx_diag *d) {
  char msg[600];
  target_spec t;
  if (!resolve_target(lo, &t, msg, sizeof msg)) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "%s", msg);
    return false;
  }
  prefer_post_increment(L, t.triple);
  LLVMTargetMachineRef tm = make_machine(&t, lo->opt_level);
  if (!tm) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "LLVM cannot make a target machine for '%s'", t.triple);
    spec_free(&t);
    return false;
  }
  lv v;
  memset(&v, 0, sizeof v);
  fx_iface_init(&v.ifc, L, P, o);
  v.lo = lo, v.d = d;
  v.ctx = LLVMContextCreate();
  const char *src = lo->source ? lo->source : "model";
  const char *base = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
  v.mod = LLVMModuleCreateWithNameInContext(base, v.ctx);
  LLVMSetSourceFileName(v.mod, base, strlen(base));
  LLVMSetTarget(v.mod, t.triple);
  v.td = LLVMCreateTargetDataLayout(tm);
  char *layout = LLVMCopyStringRepOfTargetData(v.td);
  LLVMSetDataLayout(v.mod, layout);
  LLVMDisposeMessage(layout);
  v.short_enums = is_arm_bare_metal(t.triple);
  v.spec_small = L->p->small && small_bitcode(t.triple) != NULL;
  v.b = LLVMCreateBuilderInContext(v.ctx);
  make_types(&v);
  const fx_program *p = L->p;
  v.weight = fx_xcalloc(p->ntensors + 1, sizeof *v.weight);
  v.input = fx_xcalloc(p->ntensors + 1, sizeof *v.input);
  v.output = fx_xcalloc(L->noutputs + 1, sizeof *v.output);
  v.woff = fx_xcalloc(p->ntensors + 1, sizeof *v.woff);
  fx_buf bin = {0}, header = {0};
  uint64_t wbytes = o->weights_file ? fx_iface_weights_blob(&v.ifc, &bin, v.woff) : 0;
  bool ok = true;
  if (LLVMByteOrder(v.td) != LLVMLittleEndian) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "target '%s' is big-endian; fx2c's weights and runtime are little-endian",
                  t.triple);
    ok = false;
  }
  if (ok && LLVMPointerSize(v.td) < 8 && (P->arena >> 31 || wbytes >> 31)) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "the workspace (%llu bytes) or the weights do not fit the address space of '%s'",
                  (unsigned long long)P->arena, t.triple);
    ok = false;
  }
  if (ok && t.host) ok = check_host_layouts(&v);
  if (ok) {
    if (strncmp(t.triple, "arm", 3) == 0 || strncmp(t.triple, "thumb", 5) == 0) /* as the ARM C compilers record it */
      LLVMAddModuleFlag(v.mod, LLVMModuleFlagBehaviorError, "min_enum_size", 13,
                        LLVMValueAsMetadata(ci32(&v, v.short_enums ? 1 : 4)));
    LLVMMetadataRef ident = LLVMMDStringInContext2(v.ctx, "fx2c " FX2C_VERSION, strlen("fx2c " FX2C_VERSION));
    LLVMAddNamedMetadataOperand(v.mod, "llvm.ident", LLVMMetadataAsValue(v.ctx, LLVMMDNodeInContext2(v.ctx, &ident, 1)));
    build_function(&v);
    if (lo->exe_driver) emit_driver_tables(&v);
    if (v.dib) LLVMDIBuilderFinalize(v.dib);
    ok = !v.failed && verify(&v, "as built");
  }
  if (ok && L->p->small) {
    ok = inline_small_kernels(&v, t.triple) && verify(&v, "with the compact kernels");
    mark_functions(&v, "optsize");
  }
  if (ok) {
    char passes[32];
    if (L->p->small) /* fx2c compile -Os */
      snprintf(passes, sizeof passes, "default<Os>");
    else
      snprintf(passes, sizeof passes, "default<O%d>", lo->opt_level < 0 ? 0 : lo->opt_level > 2 ? 2 : lo->opt_level);
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef err = LLVMRunPasses(v.mod, passes, tm, po);
    LLVMDisposePassBuilderOptions(po);
    if (err) {
      char *m = LLVMGetErrorMessage(err);
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: LLVM passes %s failed: %s", passes, m);
      LLVMDisposeErrorMessage(m);
      ok = false;
    } else {
      ok = verify(&v, "after the passes");
    }
    if (ok && L->p->small) mark_functions(&v, "minsize");
  }
  if (ok) ok = write_module(&v, tm, kind, path);
  if (ok && lo->header) { /* model.h, whose build note says what the module is and how to link it */
    const char *file = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    fx_buf note = {0};
    fx_buf_printf(&note, "%s: %s by fx2c's LLVM backend (LLVM %s) for %s, cpu %s%s%s, at -O%d%s.\n", file,
                  kind == FX_LLVM_OBJ ? "an object file" : kind == FX_LLVM_BC ? "LLVM bitcode" : "LLVM IR",
                  fx_llvm_version(), t.triple, t.cpu, t.features[0] ? ", features " : "",
                  t.features[0] && strlen(t.features) < 200 ? t.features : t.features[0] ? "(the host's)" : "",
                  lo->opt_level, lo->debug ? ", with debug info" : "");
    if (kind != FX_LLVM_OBJ)
      fx_buf_printf(&note, "Compile it into an object with llc-19 -filetype=obj %s (or clang -c), then link\n"
                           "that object", file);
    else fx_buf_printf(&note, "Link it");
    if (t.host)
      fx_buf_printf(&note, " with the runtime (libfxrt.a, installed with fxrt.h in include/fx2c/, or the\n"
                           "runtime sources that --emit c writes) and -lm:\n  cc -std=c99 your_program.c %s -lfxrt -lm",
                    kind == FX_LLVM_OBJ ? file : "model.o");
    else
      fx_buf_printf(&note, " with the runtime built for the target (cmake with a toolchain file such as\n"
                           "cmake/toolchains/arm-none-eabi.cmake builds libfxrt.a alone) and the target's libm:\n"
                           "  TARGET-cc your_program.c %s libfxrt.a -lm", kind == FX_LLVM_OBJ ? file : "model.o");
    fx_buf_putc(&note, 0);
    fx_emit_opts ho = *o;
    ho.build_note = note.p;
    v.ifc.o = &ho;
    fx_iface_header(&v.ifc, &header, wbytes);
    v.ifc.o = o;
    fx_buf_free(&note);
    ok = fx_write_file(lo->header, header.p, header.n, d);
  }
  if (ok && o->weights_file && lo->weights_bin) ok = fx_write_file(lo->weights_bin, bin.p, bin.n, d);
  fx_buf_free(&bin);
  fx_buf_free(&header);
  if (v.dib) LLVMDisposeDIBuilder(v.dib);
  LLVMDisposeBuilder(v.b);
  LLVMDisposeModule(v.mod);
  LLVMDisposeTargetData(v.td);
  LLVMContextDispose(v.ctx);
  LLVMDisposeTargetMachine(tm);
  spec_free(&t);
  fx_xfree(v.consts);
  fx_xfree(v.specs);
  fx_xfree(v.weight);
  fx_xfree(v.input);
  fx_xfree(v.output);
  fx_xfree(v.woff);
  fx_iface_free(&v.ifc);
  return ok;
}
