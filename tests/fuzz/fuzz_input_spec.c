/* fuzz_input_spec.c: libFuzzer target for the --input spec parser (fx_parse_input_arg: NAME:DTYPE[D0,...] or
 * NAME=FILE.npy), which the command line checks and `fx2c compile` applies.
 *
 * The input, cut at its first NUL, is one spec. It may be refused, but never with a crash or a read past it; what is
 * accepted must be consistent: a non-empty name inside the spec, a non-empty file name, or at most FXRT_MAX_DIMS
 * non-negative sizes; and printed back in the canonical form it must parse again to the same type.
 */
#include "program/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *spec) {
  fprintf(stderr, "%s: '%s'\n", what, spec);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *spec = malloc(size + 1);
  if (!spec) return 0;
  memcpy(spec, data, size);
  spec[size] = 0;
  fx_input_arg a;
  char msg[240];
  msg[0] = 0;
  if (!fx_parse_input_arg(spec, &a, msg, sizeof msg)) {
    if (!msg[0] || strlen(msg) >= sizeof msg) fail("refused without a reason", spec);
    free(spec);
    return 0;
  }
  if (a.name.n == 0 || a.name.p != spec || a.name.n >= strlen(spec)) fail("a bad name", spec);
  if (a.file) {
    if (!*a.file || a.file != spec + a.name.n + 1) fail("a bad file name", spec);
    free(spec);
    return 0;
  }
  if ((unsigned)a.dtype >= FXRT_NUM_DTYPES || a.ndim < 0 || a.ndim > FXRT_MAX_DIMS) fail("a bad type", spec);
  for (int32_t i = 0; i < a.ndim; i++)
    if (a.shape[i] < 0) fail("a negative size", spec);
  if (a.name.n < 200) { /* the canonical form: at most 200 + 5 + 8 * 20 + 10 characters, which fit `again` */
    char again[600];
    size_t n = (size_t)snprintf(again, sizeof again, "%.*s:%s[", (int)a.name.n, a.name.p, fxrt_dtype_name(a.dtype));
    for (int32_t i = 0; i < a.ndim && n < sizeof again; i++)
      n += (size_t)snprintf(again + n, sizeof again - n, "%s%lld", i ? "," : "", (long long)a.shape[i]);
    if (n < sizeof again) snprintf(again + n, sizeof again - n, "]");
    fx_input_arg b;
    if (!fx_parse_input_arg(again, &b, msg, sizeof msg) || b.file || b.dtype != a.dtype || b.ndim != a.ndim ||
        memcmp(b.shape, a.shape, (size_t)a.ndim * sizeof *a.shape) != 0 || b.name.n != a.name.n)
      fail("the canonical form does not parse to the same type", spec);
  }
  (void)fx_shape_fits(a.dtype, a.ndim, a.shape);
  free(spec);
  return 0;
}
