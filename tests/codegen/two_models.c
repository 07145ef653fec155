/* Two compilations of the seed's MyModule in one program (tests/codegen/codegen.sh): `hdr` with its weights in
 * model_weights.h, `bin` with --weights-file, whose weights this program reads from the .bin file. Both must give
 * the same outputs bit for bit. The runtime is linked once. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bin/model.h"
#include "hdr/model.h"

static unsigned char ws_hdr[HDR_WORKSPACE_SIZE + 64], ws_bin[BIN_WORKSPACE_SIZE + 64];

static void *align64(unsigned char *p) { return p + (64 - (size_t)p % 64) % 64; }

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 1;
  void *weights = NULL;
  if (posix_memalign(&weights, 64, BIN_WEIGHTS_SIZE) != 0) return 1;
  size_t got = fread(weights, 1, BIN_WEIGHTS_SIZE, f);
  fclose(f);
  if (got != BIN_WEIGHTS_SIZE) {
    fprintf(stderr, "model_weights.bin: %zu bytes, expected %u\n", got, (unsigned)BIN_WEIGHTS_SIZE);
    return 1;
  }
  float x[HDR_INPUT0_NUMEL], v1[HDR_OUTPUT0_NUMEL], v2[BIN_OUTPUT0_NUMEL];
  int64_t i1[HDR_OUTPUT1_NUMEL], i2[BIN_OUTPUT1_NUMEL];
  for (int i = 0; i < HDR_INPUT0_NUMEL; i++) x[i] = (float)((i * 7) % 11) / 11.0f - 0.5f;
  fxrt_status s1 = hdr_run(x, v1, i1, align64(ws_hdr));
  fxrt_status s2 = bin_run(weights, x, v2, i2, align64(ws_bin));
  free(weights);
  if (s1 != FXRT_OK || s2 != FXRT_OK) {
    fprintf(stderr, "statuses %d %d\n", (int)s1, (int)s2);
    return 1;
  }
  if (memcmp(v1, v2, sizeof v1) != 0 || memcmp(i1, i2, sizeof i1) != 0) {
    fprintf(stderr, "the two models disagree\n");
    return 1;
  }
  for (int i = 0; i < HDR_OUTPUT0_NUMEL; i++) printf("%g %lld\n", (double)v1[i], (long long)i1[i]);
  return 0;
}
