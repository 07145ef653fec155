/* fuzz_graph.c: libFuzzer target for the graph reader.
 *
 * Any input may be rejected, but never with a crash, a hang or a sanitizer report; and an accepted input must give
 * a graph that lints clean and whose printed text reads back to the same printed text.
 *
 *   clang -fsanitize=fuzzer,address,undefined ... (cmake -DFX2C_FUZZ=ON, with CC=clang)
 *   ./fuzz_graph -max_total_time=60 CORPUS_DIR
 */
#include "frontend/frontend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void print_to_buf(const fx_graph *g, fx_buf *b) { fx_format_graph(g, b); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fx_diag d;
  fx_diag_init(&d);
  fx_source src;
  fx_source_from_text(&src, "fuzz.fx", (const char *)data, size);
  fx_graph *g = fx_parse_graph(&src, &d);
  FILE *null = fopen("/dev/null", "w");
  if (null) fx_diag_print(&d, null); /* exercise the diagnostic printer too */
  if (g) {
    if (fx_graph_lint(g, &d) != 0) {
      fprintf(stderr, "an accepted graph does not lint clean\n");
      abort();
    }
    fx_buf once = {0}, twice = {0};
    print_to_buf(g, &once);
    if (null) fx_print_dot(g, null);
    fx_diag d2;
    fx_diag_init(&d2);
    fx_source src2;
    fx_source_from_text(&src2, "printed.fx", once.p, once.n);
    fx_graph *g2 = fx_parse_graph(&src2, &d2);
    if (!g2) {
      fprintf(stderr, "the printed graph does not read back:\n%s\n", once.p);
      fx_diag_print(&d2, stderr);
      abort();
    }
    print_to_buf(g2, &twice);
    if (once.n != twice.n || memcmp(once.p, twice.p, once.n) != 0) {
      fprintf(stderr, "printing is not a fixed point:\n%s\n---\n%s\n", once.p, twice.p);
      abort();
    }
    fx_graph_free(g2);
    fx_source_free(&src2);
    fx_diag_free(&d2);
    fx_buf_free(&once);
    fx_buf_free(&twice);
    fx_graph_free(g);
  }
  if (null) fclose(null);
  fx_source_free(&src);
  fx_diag_free(&d);
  return 0;
}
