/* replay.c: runs the fuzz target over files without libFuzzer, so that any compiler can replay a corpus or a
 * crash input (ctest runs it over the committed inputs under the sanitizers).
 *   fx2c_fuzz_replay FILE_OR_DIR...      (a directory: every regular file in it, in name order)
 */
#include "ir/fx_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  char *text;
  size_t len;
  if (!fx_read_file(path, &text, &len)) {
    perror(path);
    return 0;
  }
  LLVMFuzzerTestOneInput((const uint8_t *)text, len);
  fx_xfree(text);
  return 1;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int replay_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) {
    perror(dir);
    return 0;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      names = realloc(names, cap * sizeof *names);
      if (!names) abort();
    }
    size_t len = strlen(dir) + strlen(e->d_name) + 2;
    names[n] = malloc(len);
    if (!names[n]) abort();
    snprintf(names[n++], len, "%s/%s", dir, e->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  int count = 0;
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) count += replay_file(names[i]);
    free(names[i]);
  }
  free(names);
  return count;
}

int main(int argc, char **argv) {
  int n = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      perror(argv[i]);
      return 1;
    }
    n += S_ISDIR(st.st_mode) ? replay_dir(argv[i]) : replay_file(argv[i]);
  }
  printf("replayed %d inputs\n", n);
  return n > 0 ? 0 : 1;
}
