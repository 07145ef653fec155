/* tracediff.h: `fx2c trace-diff`, HTA's TraceDiff for the traces a user of fx2c has: compares two sets of traces
 * (a control and a test) operator by operator:
 *
 *     fx_trace_set control = {0}, test = {0};
 *     fx_trace_read(&control, "o0.json", &diag);          // Chrome trace events: fx2c's executables and fx2c run,
 *     fx_trace_read(&test, "o2.json", &diag);             // torch.profiler's export_chrome_trace, ONNX Runtime's profile
 *     fx_trace_diff diff;
 *     fx_trace_compare(&control, &test, FX_TRACE_BY_OP, &diff);   // or FX_TRACE_BY_NAME (fx2c's node names)
 *     ... diff.rows[i]: key, counts and total durations on each side, their differences, the class ...
 *
 * What an event is, by producer: fx2c's traces have one complete event per node and run (name = the node, cat = its
 * op type); torch.profiler's have the aten operators ("cpu_op"; only the outermost of nested ones counts, so that
 * aten::conv2d is not counted again as the aten::convolution inside it), their op type is the core op fx2c
 * legalizes them to (aten::conv2d -> convolution); ONNX Runtime's profile has each node's "_kernel_time" event, the
 * op type its ONNX op (Conv -> convolution). Classes, as HTA's ops_diff: added (only in the test), deleted (only in
 * the control), increased / decreased (the test runs it more / fewer times), unchanged (as many times).
 */
#ifndef FX_TRACEDIFF_H
#define FX_TRACEDIFF_H

#include "../ir/diag.h"

typedef struct fx_trace_op {
  char *name; /* the event's name: an fx2c node, an aten operator, an ONNX node */
  char *op;   /* its op type, in fx2c's core op names where the producer's name maps to one */
  double dur; /* microseconds */
  char *absorbed; /* fx2c's traces: the FX nodes fused into it ("bn1, relu"), or NULL */
  bool fx2c;      /* read from an fx2c trace */
} fx_trace_op;

typedef struct fx_trace_set {
  fx_trace_op *ev;
  size_t n, cap;
  int files;
  fx_source *src; /* the files read (diagnostics point into them) */
  char **kinds;   /* per file: "fx2c", "torch.profiler" or "onnxruntime" */
} fx_trace_set;

/* Reads one trace file into the set; false (one error naming the file, at the position where the JSON breaks off)
 * if it is not JSON, not a trace, or has no events of an operator. */
bool fx_trace_read(fx_trace_set *s, const char *path, fx_diag *d);
void fx_trace_set_free(fx_trace_set *s);

typedef enum { FX_TRACE_BY_NAME, FX_TRACE_BY_OP } fx_trace_key;
typedef enum { FX_TD_ADDED, FX_TD_DELETED, FX_TD_INCREASED, FX_TD_DECREASED, FX_TD_UNCHANGED } fx_trace_class;
extern const char *const fx_trace_class_names[5];

typedef struct fx_trace_row {
  const char *key;
  const char *op;       /* by name: the op type (the test's where both have it) */
  double count[2];      /* control, test: events */
  double dur[2];        /* control, test: total microseconds */
  fx_trace_class cls;
  const char *into;     /* by name, a deleted node: the test's node that absorbed it (fx2c's traces), or NULL */
} fx_trace_row;

typedef struct fx_trace_diff {
  fx_trace_row *rows;
  size_t n;
  bool base_ops; /* by op type, fx2c's traces against another producer's: fused ops were counted as the op they
                    extend (fused_conv and winograd_conv as convolution, fused_linear as linear) */
} fx_trace_diff;

/* Groups both sets by key and sorts the rows by sort (by op type, when one side has fx2c's traces and the other
 * another producer's, fused ops count as the op they extend: base_ops): "duration" (the largest change of total
 * duration first), "count" (of count), "name", "control" or "test" (the larger total duration first); ties by key.
 * False for an unknown sort key. */
bool fx_trace_compare(const fx_trace_set *control, const fx_trace_set *test, fx_trace_key by, const char *sort,
                      fx_trace_diff *out);
void fx_trace_diff_free(fx_trace_diff *t);

/* The table (a heading, one row per key), CSV (a header line, one line per key, by name and by op type), and an SVG
 * bar chart of the top changes of counts (what = 0) or durations (what = 1). */
void fx_trace_diff_print(const fx_trace_diff *t, fx_trace_key by, FILE *f);
void fx_trace_diff_csv(const fx_trace_diff *by_name, const fx_trace_diff *by_op, FILE *f);
void fx_trace_diff_svg(const fx_trace_diff *t, int what, int top, const char *title, FILE *f);

#endif
