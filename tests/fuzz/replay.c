/* replay.c: runs the fuzz target over files without libFuzzer, so that any compiler can replay a corpus or a
 * crash input (ctest runs it over the committed corpora under the sanitizers).
 *   fx2c_fuzz_replay FILE...
 */
#include "ir/fx_util.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  int n = 0;
  for (int i = 1; i < argc; i++) {
    char *text;
    size_t len;
    if (!fx_read_file(argv[i], &text, &len)) {
      perror(argv[i]);
      return 1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)text, len);
    fx_xfree(text);
    n++;
  }
  printf("replayed %d inputs\n", n);
  return 0;
}
