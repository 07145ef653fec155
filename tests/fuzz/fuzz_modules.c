/* fuzz_modules.c: libFuzzer target for the module-tree reader (frontend/modules.h).
 *
 * Any input may be rejected, but never with a crash, a hang or a sanitizer report. A rejected input has at least
 * one error, each with a position inside the input, and leaves an empty tree. An accepted tree is consistent:
 * items[0] is the root, every parent comes before its child and the child's path extends the parent's, every path
 * finds its module, every known layer has its parameters and its state_dict specs have sane shapes.
 *
 *   clang -fsanitize=fuzzer,address,undefined ... (cmake -DFX2C_FUZZ=ON, with CC=clang)
 *   ./fuzz_modules -max_total_time=60 CORPUS_DIR tests/graphs/torchvision tests/modules
 */
#include "frontend/frontend.h"
#include "frontend/modules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "fuzz_modules: %s\n", what);
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fx_diag d;
  fx_diag_init(&d);
  fx_source src;
  fx_source_from_text(&src, "fuzz.modules.txt", (const char *)data, size);
  fx_modules m;
  bool ok = fx_modules_parse(&m, &src, &d);
  FILE *null = fopen("/dev/null", "w");
  if (null) fx_diag_print(&d, null); /* exercise the diagnostic printer with these positions */
  if (!ok) {
    check(d.nerrors > 0, "rejected without an error");
    check((m.n == 0 && m.items == NULL) || (m.partial && m.n >= 1), "a rejected input left modules");
    for (uint32_t i = 0; i < d.n; i++)
      check(d.msgs[i].loc.line >= 1 && d.msgs[i].loc.off <= size, "an error outside the input");
  } else {
    check(d.nerrors == 0, "accepted with errors");
    check(m.n >= 1 && m.items[0].parent == FX_NONE_IDX && m.items[0].path.n == 0, "no root");
    for (uint32_t i = 0; i < m.n; i++) {
      const fx_module *mod = &m.items[i];
      check(fx_modules_find(&m, mod->path) == mod, "a path that does not find its module");
      if (i > 0) {
        check(mod->parent < i, "a parent after its child");
        fx_str pp = m.items[mod->parent].path;
        check(mod->path.n > pp.n && memcmp(mod->path.p, pp.p, pp.n) == 0, "a path that does not extend its parent's");
      }
      check(mod->call.kind == FX_V_CALL && mod->call.n >= 1, "a module without its call");
      check(mod->type < FX_NUM_MODULE_TYPES, "a type out of range");
      if (mod->type != FX_MOD_CONTAINER) check(mod->nparams == 0 || mod->params, "a known layer without parameters");
      fx_param_spec specs[8];
      int k = fx_module_param_specs(mod, specs);
      check(k >= 0 && k <= 8, "spec count");
      for (int j = 0; j < k; j++) {
        check(specs[j].ndim >= -1 && specs[j].ndim <= FXRT_MAX_DIMS, "spec rank");
        for (int q = 0; q < specs[j].ndim; q++) check(specs[j].shape[q] >= 0, "a negative spec dimension");
      }
      int64_t ints[8];
      double f;
      bool b;
      fx_str s;
      (void)fx_module_ints(mod, "kernel_size", 2, ints);
      (void)fx_module_ints(mod, "padding", 4, ints);
      (void)fx_module_float(mod, "eps", &f);
      (void)fx_module_bool(mod, "bias", &b);
      (void)fx_module_str(mod, "mode", &s);
    }
  }
  if (null) fclose(null);
  fx_modules_free(&m);
  fx_source_free(&src);
  fx_diag_free(&d);
  return 0;
}
