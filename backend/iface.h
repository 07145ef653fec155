/* iface.h: what both backends share: the model's interface. The C backend (emit_c.h) and the LLVM backend
 * (emit_llvm.h) compile the same lowered, planned program (program/lower.h, program/plan.h) into the same entry
 * point, so one model.h serves both:
 *
 *     fx_iface e;
 *     fx_iface_init(&e, &L, &P, &opts);       // C names: inputs by placeholder, weights by state_dict key, ...
 *     fx_iface_header(&e, &buf, weight_bytes); // model.h: provenance, build note, macros, the NAME_run prototype
 *     fx_iface_main(&e, &buf);                 // main.c of an executable (the driver template exe_main.c.in)
 *     fx_iface_free(&e);
 *
 *     fxrt_status NAME_run([const void *weights,] const T *input..., T *output0, ..., void *workspace);
 *
 * Inputs come in placeholder order (tensors only), outputs in the order of the flattened returned value.
 */
#ifndef FX_IFACE_H
#define FX_IFACE_H

#include "../program/plan.h"
#include "../program/walk.h"

typedef struct fx_emit_opts {
  const char *prefix;       /* the exported symbols' prefix (a C identifier): "model" gives model_run, MODEL_* */
  bool weights_file;        /* the weights in a separate file passed to PREFIX_run instead of compiled in */
  bool exe_main;            /* also write main.c */
  const char *command;      /* the command line, for the provenance header (or NULL) */
  const char *const *files; /* the input files, hashed in the provenance header */
  int nfiles;
  const char *build_note;   /* model.h's paragraph on building and linking (lines of comment text); NULL: the C
                               folder's one cc command */
  const char *weights_name; /* the weights file's name as model.h gives it (NULL: model_weights.bin) */
  bool profile;             /* a profiling build: NAME_nodes and the clock hooks around every node (fxrt.h) */
  const char *const *user_sources; /* --custom-ops: the C files of the user-defined ops (absolute paths), copied into
                                      the C folder and compiled into executables */
  int nuser_sources;
} fx_emit_opts;

typedef struct fx_iface {
  const fx_lowered *L;
  const fx_plan *P;
  const fx_program *p;
  const fx_emit_opts *o;
  char **name;  /* by tensor id: the C name of a root's storage (activation, input, weight) */
  char **wname; /* by tensor id: the C name of a weight root's constant array (for a weight that the graph writes
                   into, name is its copy in the workspace) */
  char **names; /* every name given, for uniqueness */
  uint32_t nnames;
  char *prefix, *upper; /* the symbols' prefix (any length) and its upper case */
  fx_walk_node *nodes;  /* with o->profile, the nodes that run code (program/walk.h): NAME_nodes, each text cut
                           to 1000 bytes and "..."; else none */
  uint32_t nnodes;
} fx_iface;

/* The names of every root tensor (unique C identifiers, none reserved) and the prefix. */
void fx_iface_init(fx_iface *e, const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o);
void fx_iface_free(fx_iface *e);
/* A new unique C identifier made of `pre` and the text s (other characters become '_'); e owns it. */
char *fx_iface_make_name(fx_iface *e, const char *pre, const char *s, size_t n);

/* The model's inputs: one per placeholder that carries a tensor. */
typedef struct fx_io {
  const char *name; /* C parameter name */
  fxrt_dtype dtype;
  int32_t ndim;
  const int64_t *shape;
  uint32_t tensor; /* the placeholder's tensor */
} fx_io;
/* Fills out (when not NULL) and returns the number of inputs. */
uint32_t fx_iface_inputs(const fx_iface *e, fx_io *out);
/* Whether the generated code copies input tensor t into the workspace (the graph writes into it): the parameter
 * is then named input_NAME. */
bool fx_iface_input_copied(const fx_iface *e, uint32_t t);
/* Whether weight tensor t is emitted: the first tensor of its data (a weight can be reached through a get_attr and
 * through its module), and one of them is used; its storage is the weight itself, or a copy in the workspace when
 * the graph writes into it. */
bool fx_iface_weight_written(const fx_iface *e, uint32_t t);

/* The weights file of weights_file: every written weight at a 64-byte aligned offset (woff, by tensor id), its
 * bytes as in the weights file (little-endian). Returns its size. */
uint64_t fx_iface_weights_blob(const fx_iface *e, fx_buf *bin, uint64_t *woff);

/* model.h. weight_bytes: the size of the weights file (with weights_file). */
void fx_iface_header(const fx_iface *e, fx_buf *b, uint64_t weight_bytes);
/* The NAME_run prototype (threads: NAME_run_threads's, with its pool), without the semicolon. */
void fx_iface_signature(const fx_iface *e, fx_buf *b, bool threads);
/* The parameters of that signature as arguments: "weights, x, output0, workspace". */
void fx_iface_call_args(const fx_iface *e, fx_buf *b);
/* Result k of the i-th node that runs code (e->nodes[i].results[k]) as the table NAME_results holds it (fxrt.h,
 * fxrt_node_result): its names, dtype and shape, and where it is when the node has run: FXRT_AT_WORKSPACE (offset
 * bytes in), FXRT_AT_INPUT or FXRT_AT_OUTPUT (index: the parameter among the inputs or outputs), or FXRT_AT_NONE
 * where its storage does not hold it then (fx_plan_holds_after). Both backends write the table from it. */
fxrt_node_result fx_iface_result(const fx_iface *e, uint32_t i, uint32_t k);

/* The profiling build's table NAME_nodes (fxrt_node_info, fxrt.h): its definition, for model.c. */
void fx_iface_nodes_table(const fx_iface *e, fx_buf *b);
/* A C string literal of s: escapes, no trigraphs. */
void fx_put_c_string(fx_buf *b, const char *s);

/* main.c: the driver template with the model's tables. False if this fx2c was built without the template. */
bool fx_iface_main(const fx_iface *e, fx_buf *b);

/* C spellings. */
const char *fx_ctype(fxrt_dtype dt);        /* float, int64_t, ... */
const char *fx_dtype_enum(fxrt_dtype dt);   /* FXRT_F32, ... */
/* Text inside a C comment: "*" "/" broken up, line breaks as spaces. */
void fx_put_comment_text(fx_buf *b, const char *s, size_t n);
/* [d0, d1, ...] */
void fx_put_shape(fx_buf *b, int32_t ndim, const int64_t *shape);

/* Whether the model needs the runtime source file `name`: fxrt_core.c always, the others for the kernels called,
 * and with the executables' driver (with_driver), its thread pool fxrt_threads.c. */
bool fx_runtime_file_needed(const fx_lowered *L, bool with_driver, const char *name);
/* The one command that compiles the C folder's files into objects (as written into model.h). */
void fx_emit_c_build_command(const fx_lowered *L, const fx_emit_opts *o, fx_buf *b);

/* Writes a file (data may be NULL when n is 0); errors go to d. */
bool fx_write_file(const char *path, const void *data, size_t n, fx_diag *d);

#endif
