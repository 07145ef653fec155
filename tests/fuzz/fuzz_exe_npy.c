/* fuzz_exe_npy.c: libFuzzer target for the .npy reader of the executables that `fx2c compile --emit exe` builds
 * (read_npy in backend/exe_main.c.in, which reads the header with runtime/fxrt_npy.h, the parser fx2c shares).
 *
 * The driver is compiled here as it is for a model, with a model of one input whose dtype and shape the fuzz input
 * chooses: byte 0 picks the dtype, byte 1 the rank, bytes 2..9 the sizes (0-3 each, so that headers can match), and
 * the rest is the file. The reader may refuse the file (with a message), but never crash, hang, read past what it
 * needs or allocate more than the model's input; what it accepts must be exactly the bytes after the header
 * (FX2C_FUZZ_TRACE=1 prints "accepted" for each, to see that a corpus reaches that far).
 */
#include "runtime/fxrt.h"
#include "runtime/fxrt_npy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

struct fxm_desc;
static const struct fxm_desc *fuzz_model_input(void);
#define FXM_NUM_INPUTS 1
#define FXM_NUM_OUTPUTS 1
#define FXM_WORKSPACE_SIZE 64
#define FXM_NUM_NODES 0u
#define FXM_NODES ((const fxrt_node_info *)0)
#define fxm_inputs (fuzz_model_input())
#define fxm_outputs (fuzz_model_input())
static fxrt_status fxm_run(void **in, void **out, void *ws, const fxrt_threadpool *threads) {
  (void)in, (void)out, (void)ws, (void)threads;
  return FXRT_OK;
}
int fxm_exe_main(int argc, char **argv);
#define main fxm_exe_main
#include "backend/exe_main.c.in"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fxm_desc model;
static const struct fxm_desc *fuzz_model_input(void) { return &model; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 10) return 0;
  model.name = "x";
  model.dtype = (fxrt_dtype)(data[0] % FXRT_NUM_DTYPES);
  model.ndim = data[1] % (FXRT_MAX_DIMS + 1);
  for (int i = 0; i < FXRT_MAX_DIMS; i++) model.shape[i] = data[2 + i] % 4;
  data += 10;
  size -= 10;
  char path[256];
  const char *t = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/fx2c_fuzz_exe_npy_%ld.npy", t && *t ? t : access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp",
           (long)getpid());
  FILE *f = fopen(path, "wb");
  if (!f) return 0;
  int wrote = fwrite(data, 1, size, f) == size;
  if (fclose(f) != 0 || !wrote) return 0;
  /* read_npy's messages go to /dev/null for the call (libFuzzer reports on the same stderr) */
  fflush(stderr);
  int saved = dup(2), null = open("/dev/null", O_WRONLY);
  if (saved >= 0 && null >= 0) dup2(null, 2);
  void *got = read_npy(path, 0, &model);
  fflush(stderr);
  if (saved >= 0) dup2(saved, 2);
  if (saved >= 0) close(saved);
  if (null >= 0) close(null);
  unlink(path);
  if (got) { /* accepted: a header, then exactly the data the model's input has */
    size_t bytes = numel(&model) * fxrt_dtype_size(model.dtype);
    fxrt_npy_header h;
    if (!fxrt_npy_preamble(data, size, &h) || size != h.header_start + h.header_len + bytes ||
        (bytes && memcmp(got, data + h.header_start + h.header_len, bytes) != 0))
      abort();
    free(got);
    if (getenv("FX2C_FUZZ_TRACE")) printf("accepted\n");
  }
  return 0;
}
