/* fuzz_weights.c: libFuzzer target for the weight readers.
 *
 * The input is written to a temporary file and read three ways: as a state_dict (fx_weights_load, which picks
 * the zip/.pt or the safetensors reader by content; then again in two phases, fx_weights_open and fx_weights_read
 * of some of the tensors, then of the rest), as a .npy file, and -- when it starts like a pickle (0x80) -- straight
 * through the restricted unpickler, so that mutations reach the pickle code without having to keep a zip archive
 * valid. Any input may be rejected, but never with a crash, a hang, a leak or a sanitizer report; and whatever is
 * accepted must be consistent (every tensor findable by name, 64-byte aligned, nbytes matching its shape; a tensor
 * not asked for is not read; writing a tensor through fx_weights_writable changes no other tensor, whatever storage
 * they share; a .npy tensor written back and read again gives the same bytes).
 *
 *   clang -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -I. tests/fuzz/fuzz_weights.c frontend/weights.c \
 *         frontend/pickle.c ir/util.c ir/diag.c runtime/fxrt_core.c -lcjson -lzip -lm
 *   ./a.out -max_len=65536 CORPUS_DIR tests/weights
 */
#include "frontend/pickle.h"
#include "frontend/weights.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char tmp_dir[256];

static const char *tmp_file(const char *suffix, char *buf, size_t cap) {
  if (!tmp_dir[0]) {
    const char *t = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s", t && *t ? t : access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
  }
  snprintf(buf, cap, "%s/fx2c_fuzz_weights_%ld%s", tmp_dir, (long)getpid(), suffix);
  return buf;
}

static bool write_file(const char *path, const uint8_t *data, size_t size) {
  unlink(path);
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(data, 1, size, f) == size;
  return fclose(f) == 0 && ok;
}

static int64_t numel_of(const fx_tensor *t) {
  int64_t n = 1;
  for (int32_t i = 0; i < t->ndim; i++) n *= t->shape[i];
  return n;
}

static void check_tensor(const fx_tensor *t) {
  if (t->ndim < 0 || t->ndim > FXRT_MAX_DIMS || (unsigned)t->dtype >= FXRT_NUM_DTYPES || !t->data ||
      (uintptr_t)t->data % 64 != 0 || (size_t)numel_of(t) * fxrt_dtype_size(t->dtype) != t->nbytes) {
    fprintf(stderr, "an accepted tensor is inconsistent\n");
    abort();
  }
  volatile uint8_t sink = 0;
  for (size_t i = 0; i < t->nbytes; i += 4096) sink ^= ((const uint8_t *)t->data)[i]; /* readable */
  (void)sink;
}

/* Opens the file, reads the tensors that `pick` selects, then the others, and writes one through
 * fx_weights_writable; aborts on an inconsistency. */
static void two_phases(const char *path, unsigned pick) {
  fx_diag d;
  fx_diag_init(&d);
  fx_weights w;
  if (!fx_weights_open(&w, path, &d)) {
    if (d.nerrors == 0) {
      fprintf(stderr, "fx_weights_open failed without an error\n");
      abort();
    }
    fx_diag_free(&d);
    return;
  }
  w.max_bytes = (uint64_t)256 << 20; /* what one input may make the reader hold: under libFuzzer's -rss_limit_mb */
  bool *want = calloc((size_t)w.n + 1, sizeof *want);
  for (uint32_t i = 0; i < w.n; i++) {
    want[i] = (i + pick) % 3 == 0;
    if (w.tensors[i].data || fx_weights_find(&w, w.tensors[i].name) != &w.tensors[i]) {
      fprintf(stderr, "an opened tensor has data, or cannot be found by its name\n");
      abort();
    }
  }
  bool ok = fx_weights_read(&w, want, &d);
  for (uint32_t i = 0; i < w.n; i++) {
    if (!want[i] && w.tensors[i].data) {
      fprintf(stderr, "a tensor that was not asked for was read\n");
      abort();
    }
    if (ok && want[i]) check_tensor(&w.tensors[i]);
  }
  if (ok) ok = fx_weights_read(&w, NULL, &d);
  if (!ok && d.nerrors == 0) {
    fprintf(stderr, "fx_weights_read failed without an error\n");
    abort();
  }
  if (ok && w.read_bytes > w.max_bytes) {
    fprintf(stderr, "the reads hold %llu bytes, more than the bound\n", (unsigned long long)w.read_bytes);
    abort();
  }
  if (ok && w.n) { /* copy on write: tensor k written, the others as they were */
    uint32_t k = pick % w.n;
    uint8_t **before = calloc(w.n, sizeof *before);
    for (uint32_t i = 0; i < w.n; i++) {
      check_tensor(&w.tensors[i]);
      before[i] = malloc(w.tensors[i].nbytes + 1);
      memcpy(before[i], w.tensors[i].data, w.tensors[i].nbytes);
    }
    uint8_t *p = fx_weights_writable(&w, &w.tensors[k]);
    if (!p || p != w.tensors[k].data) {
      fprintf(stderr, "fx_weights_writable gave no data\n");
      abort();
    }
    memset(p, 0xa5, w.tensors[k].nbytes);
    for (uint32_t i = 0; i < w.n; i++) {
      if (i != k && memcmp(before[i], w.tensors[i].data, w.tensors[i].nbytes) != 0) {
        fprintf(stderr, "writing tensor %u changed tensor %u\n", k, i);
        abort();
      }
      free(before[i]);
    }
    free(before);
  }
  free(want);
  fx_weights_free(&w);
  fx_diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[512], path2[512];
  tmp_file(".in", path, sizeof path);
  tmp_file(".npy", path2, sizeof path2);
  if (!write_file(path, data, size)) return 0;
  size_t live = fx_mem_live();

  fx_diag d;
  fx_diag_init(&d);
  fx_weights w;
  if (fx_weights_load(&w, path, &d)) {
    for (uint32_t i = 0; i < w.n; i++) {
      check_tensor(&w.tensors[i]);
      if (fx_weights_find(&w, w.tensors[i].name) != &w.tensors[i]) {
        fprintf(stderr, "a loaded tensor cannot be found by its name\n");
        abort();
      }
    }
  } else if (d.nerrors == 0) {
    fprintf(stderr, "fx_weights_load failed without an error\n");
    abort();
  }
  fx_weights_free(&w);
  fx_diag_free(&d);
  two_phases(path, size ? data[size / 2] : 0);

  fx_diag_init(&d);
  fx_tensor t;
  if (fx_npy_read(path, &t, &d)) {
    check_tensor(&t);
    fx_tensor t2;
    if (!fx_npy_write(path2, &t, &d) || !fx_npy_read(path2, &t2, &d) || t2.dtype != t.dtype ||
        t2.ndim != t.ndim || memcmp(t2.shape, t.shape, sizeof t.shape) != 0 || t2.nbytes != t.nbytes ||
        memcmp(t2.data, t.data, t.nbytes) != 0) {
      fprintf(stderr, "a .npy tensor does not survive fx_npy_write and fx_npy_read\n");
      abort();
    }
    fx_tensor_free(t2.data);
    fx_tensor_free(t.data);
    unlink(path2);
  } else if (d.nerrors == 0) {
    fprintf(stderr, "fx_npy_read failed without an error\n");
    abort();
  }
  fx_diag_free(&d);

  if (size > 0 && data[0] == 0x80) {
    fx_diag_init(&d);
    fx_arena a;
    fx_arena_init(&a);
    fx_pkl_state_dict sd;
    if (!fx_pkl_read_state_dict(data, size, "fuzz.pt", "data.pkl", &a, &sd, &d) && d.nerrors == 0) {
      fprintf(stderr, "the unpickler failed without an error\n");
      abort();
    }
    fx_pkl_state_dict_free(&sd);
    fx_arena_free(&a);
    fx_diag_free(&d);
  }

  unlink(path);
  if (fx_mem_live() != live) {
    fprintf(stderr, "%zu bytes leaked through fx_xmalloc\n", fx_mem_live() - live);
    abort();
  }
  return 0;
}
