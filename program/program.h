/* program.h: a graph with its meaning. Every node gets the core op it computes (ops.def) with its arguments bound
 * to the op's signature, and every tensor of the computation gets an id, a dtype and a shape:
 *
 *     fx_program p;
 *     fx_program_init(&p, graph, modules, weights);         // modules, weights may be NULL
 *     fx_program_set_input(&p, 0, FXRT_F32, 4, (int64_t[]){1, 3, 224, 224});
 *     if (!fx_program_build(&p, &diag)) ...;                 // legalize, then infer shapes; errors with positions
 *     for (uint32_t i = g->first; ...) { const fx_inst *in = &p.inst[i]; ... in->op, in->args, in->result ... }
 *     fx_program_free(&p);
 *
 * In bound arguments and results, a tensor is an FX_V_TENSOR leaf whose v.node is a tensor id; everything else is a
 * constant known at compile time (ints, floats, shapes as tuples of ints, dtypes as words). A node that computes a
 * Python value (x.size(0), getattr(x, 'shape'), 2 * n) has a constant result and no work at run time.
 */
#ifndef FX_PROGRAM_H
#define FX_PROGRAM_H

#include "../frontend/custom.h"
#include "../frontend/modules.h"
#include "../frontend/weights.h"
#include "../ir/graph.h"
#include "../ir/ops.h"

typedef enum fx_tkind {
  FX_T_INPUT,  /* a placeholder */
  FX_T_WEIGHT, /* from the weights file (get_attr, module parameters) */
  FX_T_ACT     /* computed */
} fx_tkind;

typedef struct fx_tinfo {
  fxrt_dtype dtype;
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
  uint8_t kind;            /* fx_tkind */
  uint32_t node;           /* the node that produces it (weights: the get_attr or call_module node that first used it) */
  uint32_t alias;          /* the tensor whose storage it shares (a view, a no-op, an in-place result), or itself */
  const fx_tensor *data;   /* weights: the loaded tensor */
  /* Views as PyTorch has them. A strided view (permute, transpose, t, expand, x[...], slice, select, narrow, the
   * pieces of split, chunk and unbind, and chains of them) gets storage of its own, a contiguous copy of its
   * elements: `base` is then the tensor whose storage holds those elements in PyTorch and `view` where they are in
   * it (offset and strides in elements of base's contiguous layout). Lowering keeps the two in step: it copies the
   * elements again before the copy is read when base has been written since, and copies them back into base after
   * an in-place op writes into the copy. Every other tensor has view NULL and the base of the storage it shares
   * (its alias's), or itself. A write into a tensor reaches every tensor of the same base. A reshape or contiguous()
   * of a strided view that PyTorch computes as a copy has storage of its own, and base itself, unless no in-place op
   * writes into either base: then it shares the strided view's storage (alias) and keeps its base. Set by
   * fx_program_build. */
  uint32_t base;
  const fxrt_view *view;
  /* A quantized activation (FX graph mode quantization's quint8, program/ops/quant.c): dtype FXRT_U8, its elements
   * q with the value (q - qzp) * qscale; qscale and qzp are known at compile time (set by inference). */
  bool quant;
  int32_t qzp;
  double qscale;
} fx_tinfo;

/* Attributes that inference decodes once from a node's arguments, normalized ('same' and 'valid' resolved, ints
 * broadcast to every spatial dimension, defaults filled in), for passes and lowering to read instead of the raw
 * arguments. Spatial arrays run over the last sp dimensions ([0] the first of them). */
typedef struct fx_conv_attrs { /* convolution, fused_conv, winograd_conv */
  int32_t sp;                  /* spatial dimensions: 1, 2 or 3 (the target's, or the weight's rank less 2) */
  bool batched;                /* the input has a batch dimension (else it is one unbatched input [c, ...]) */
  bool transposed;
  int64_t stride[3], dilation[3], groups;
  int64_t pad[3];              /* zeros before the input */
  int64_t pad_end[3];          /* zeros after it: padding_end where given, else pad */
  int64_t output_padding[3];   /* transposed */
  int64_t tile;                /* winograd_conv's output tile (0 for the others) */
  int32_t pad_mode;            /* convolution's padding_mode: 0 zeros, else 1 + fxrt_pad_mode (reflect ...) */
} fx_conv_attrs;

typedef struct fx_pool_attrs { /* max_pool, max_pool_with_indices, avg_pool; adaptive pools: sp and return_indices */
  int32_t sp;                  /* spatial dimensions, as the target names them: 1, 2 or 3 */
  int64_t kernel[3], stride[3], pad[3], dilation[3];
  bool ceil_mode;
  bool return_indices;
  bool count_include_pad;      /* avg_pool (true for the others) */
  int64_t divisor_override;    /* avg_pool: 0 for None */
} fx_pool_attrs;

typedef struct fx_dim_attrs { /* reductions (sum ... all, max_dim, min_dim); softmax, log_softmax, scans, topk */
  bool reduce[FXRT_MAX_DIMS];  /* reductions: the input's dimensions reduced */
  bool keepdim;                /* reductions: they stay as size 1 */
  int32_t dim;                 /* the ops along one dimension: that dimension (0 for a 0-dim input) */
} fx_dim_attrs;

typedef struct fx_view_attrs { /* permute, transpose, t; slice, select, narrow; diagonal, diag, diag_embed, diagflat */
  int32_t perm[FXRT_MAX_DIMS]; /* permutes: result dimension i is input dimension perm[i] */
  int32_t dim;                 /* slices: the dimension */
  int64_t start, step;         /* slices: the first index taken (counted from the start), the step (1: select, narrow) */
  int32_t dim1, dim2;          /* diagonals: the two dimensions (of the input for diagonal, of the result to embed) */
  int64_t offset;              /* diagonals: above the main one (> 0) or below it (< 0) */
} fx_view_attrs;

typedef union fx_attrs {
  fx_conv_attrs conv;
  fx_pool_attrs pool;
  fx_dim_attrs dims;
  fx_view_attrs view;
  struct {                     /* fx2c.q_conv2d, fx2c.q_linear (conv for q_conv2d only) */
    fx_conv_attrs conv;
    uint32_t wscales, wzps;    /* a weight quantized per channel: its scales (f64) and zero points (i64) as weight
                                  tensors; UINT32_MAX per tensor */
  } q;
} fx_attrs;

typedef struct fx_inst {
  int16_t op;         /* fx_op, or -1 for placeholder, get_attr, output and nodes computed at compile time */
  bool inplace;       /* the result is written into the storage of the first tensor argument */
  bool work;          /* does something at run time */
  bool failed;        /* inference failed here or upstream (its users are not reported again) */
  int16_t composite;  /* a composite target (decompose.c): its row + 1; op is -1 until inference decomposes it */
  int16_t custom;     /* FX_OP_CUSTOM: its declaration's index in fx_program.custom + 1 (frontend/custom.h); 0: none */
  fx_value *args;     /* one per parameter of fx_op_sig(op) */
  fx_value result;    /* FX_V_TENSOR, a constant, or a tuple of them (multi-output ops) */
  const fx_module *mod; /* call_module: the module */
  const fx_attrs *attrs; /* the decoded attributes of ops that have them (fx_attrs), set by inference; else NULL */
} fx_inst;

typedef struct fx_input_spec {
  bool given;
  fxrt_dtype dtype;
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
} fx_input_spec;

typedef struct fx_program {
  fx_graph *g;
  const fx_modules *mods;
  const fx_weights *weights;
  fx_inst *inst;          /* by node index */
  uint32_t ninst;         /* room in inst (nodes that decomposition adds grow it: fx_program_grow_inst) */
  fx_tinfo *tensors;
  uint32_t ntensors, captensors;
  uint32_t *placeholders; /* node indices of the placeholders, in graph order */
  uint32_t nplaceholders;
  fx_input_spec *inputs;  /* one per placeholder */
  fx_value output;        /* the returned value, tensors as FX_V_TENSOR */
  bool optimized;         /* the graph is the pass manager's rewrite of the one read: PyTorch's refusals that depend on
                             layouts (a view() that no strides reach) were checked on the original, and a removed
                             contiguous() may leave such a view, which is then a reshape */
  int32_t ws_workers;     /* the workers that kernels with scratch per worker (Winograd, attention) get room for
                             in their workspaces: FXRT_WS_WORKERS (fx_program_init), 1 for firmware (no threads) */
  bool small;             /* a build for size (fx2c compile -Os): lowering calls the compact kernels (fxrt_small.c) for
                             the convolutions, linear layers and 2-d pools they take; kept by the passes' rebuilds */
  bool requant_fixed;     /* --requantize fixed: the int8 conv2d, linear (and, at -Os, average pools) requantize in
                             fixed point (an int32 multiplier and shift per channel, no float: fxrt_small_q8_*_fx,
                             fxrt_q8_*_rec_fx); kept by the passes' rebuilds */
  const fx_custom_ops *custom;         /* the user-defined ops (--custom-ops FILE), or NULL: set after
                                         fx_program_init, kept by the passes' rebuilds */
  uint8_t said;           /* root causes of many nodes' errors already reported in this build (FX_SAID_*), each
                             once at its first node: reset by fx_program_legalize */
  fx_arena arena;
} fx_program;

enum { FX_SAID_NO_MODULES = 1, FX_SAID_NO_WEIGHTS = 2, FX_SAID_OTHER_MODULES = 4, FX_SAID_NO_ATTR = 8 };

/* A tensor that the graph needs (a get_attr, a layer's parameter) while no --weights was given: false, and the
 * first such node's error (at `node`, naming `what`) with the note that says what to pass; the others fail
 * quietly. */
bool fx_program_no_weights(fx_program *p, uint32_t node, const char *what, fx_diag *d);

void fx_program_init(fx_program *p, fx_graph *g, const fx_modules *mods, const fx_weights *weights);
/* torch 2.x's names bound to the model (graph_names.c): torch.export's placeholders p_NAME, b_NAME, c_NAME and
 * dynamo's L_self_modules_..._parameters_NAME_ that name a tensor of w become get_attr nodes of it; dynamo's
 * L__self___NAME targets of call_module and get_attr become the layer's or tensor's path. Call it before
 * fx_program_init; mods and w may be NULL. False (reported to d) for a name that matches several or a missing one. */
bool fx_graph_bind_names(fx_graph *g, const fx_modules *mods, const fx_weights *w, fx_diag *d);
void fx_program_free(fx_program *p);
/* The dtype and shape of the i-th placeholder (graph order). Returns false if there is no such placeholder. */
bool fx_program_set_input(fx_program *p, uint32_t i, fxrt_dtype dtype, int32_t ndim, const int64_t *shape);
/* An --input spec: NAME:DTYPE[D0,D1,...] (x:f32[1,3,224,224], n:i64[]) or NAME=FILE.npy. */
typedef struct fx_input_arg {
  fx_str name;            /* a placeholder's name or target: points into the spec */
  const char *file;       /* NAME=FILE.npy: FILE (in the spec); NULL for a type */
  fxrt_dtype dtype;       /* NAME:DTYPE[...]: the type */
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
} fx_input_arg;
/* Parses an --input spec: false, with the reason in msg, for a malformed one (no name, an empty file name, an unknown
 * dtype, more than FXRT_MAX_DIMS sizes, a size beyond int64; the command line's fault). Whether the shape's element
 * count and bytes fit in int64 is fx_shape_fits'. */
/* The dtype that a --input spec names: fx2c's short names (f32 f64 f16 bf16 i64 i32 i16 i8 u8 bool) or torch's
 * (float32, float, float64, double, float16, half, bfloat16, int64, long, int32, int, int16, short, int8, uint8, bool,
 * each also as torch.NAME); -1 if none. */
int fx_dtype_from_name(const char *text, size_t len);
bool fx_parse_input_arg(const char *spec, fx_input_arg *a, char *msg, size_t cap);
/* The element count and the byte size of a shape of dt (sizes >= 0) fit in int64. */
bool fx_shape_fits(fxrt_dtype dt, int32_t ndim, const int64_t *shape);
/* Legalizes every node (all unsupported targets are reported at once), then infers every dtype and shape. Reads
 * only the weights' index (names, dtypes, shapes): their data may not be read yet. */
bool fx_program_build(fx_program *p, fx_diag *d);
/* Reads the data of the weights that the built program references (its FX_T_WEIGHT tensors) and of no others, with
 * fx_weights_read: after fx_program_build, before passes, lowering or a backend read their bytes. w is p's weights,
 * writable (NULL: none; the tensors already read, or made by passes, are not read again). */
bool fx_program_read_weights(const fx_program *p, fx_weights *w, fx_diag *d);

/* By tensor id, whether an in-place op writes into the storage of that base (fx_tinfo.base): an array of
 * ntensors + 1 bools from fx_xcalloc, which the caller frees. */
bool *fx_program_written_bases(const fx_program *p);

/* A new tensor id. Its rule must have refused more than FXRT_MAX_DIMS dimensions: that is an internal error. */
uint32_t fx_program_new_tensor(fx_program *p, fxrt_dtype dtype, int32_t ndim, const int64_t *shape, fx_tkind kind,
                               uint32_t node);
/* Room for n more tensors: until they are made, pointers into p->tensors stay valid. */
void fx_program_reserve_tensors(fx_program *p, uint32_t n);
fx_value fx_tensor_value(const fx_program *p, uint32_t t);
int64_t fx_tinfo_numel(const fx_tinfo *t);

/* Room in p->inst for every node of the graph (after nodes were added): pointers into p->inst are invalidated. */
void fx_program_grow_inst(fx_program *p);
/* Infers one legalized node and tracks its views (what fx_program_build does per node). */
bool fx_program_infer_one(fx_program *p, uint32_t node, fx_diag *d);
/* Legalizes every node: all unsupported targets are reported together; a node that fails is marked failed. */
bool fx_program_legalize(fx_program *p, fx_diag *d);

/* Composite targets (program/decompose.c): the row of a target, or -1. */
int fx_composite_find(fx_str target, bool method);
/* Replaces a composite node by the nodes of its body, each legalized and inferred; erases it when unused. */
bool fx_decompose_node(fx_program *p, uint32_t node, fx_diag *d);
/* Checks the composite table (for tests): the number of problems, the last one described in msg. */
int fx_decompose_check_tables(char *msg, size_t cap);

/* Legalization (program/legalize.c): the op and bound arguments of one node; reports unsupported targets. */
bool fx_legalize_node(fx_program *p, uint32_t node, fx_diag *d);
/* The graph rewrites before legalization (legalize.c), which fx_program_legalize runs first and which leave nothing
 * to rewrite again: each call of a nn.utils.weight_norm'ed layer (weight_g and weight_v in the weights, no weight)
 * becomes the functional call of the layer with torch._weight_norm's weight; a complex stft / aten._fft_r2c whose
 * result is only used through abs() becomes the magnitudes (fx2c.stft_abs / fx2c.rfft_abs). */
bool fx_legalize_rewrite(fx_program *p, fx_diag *d);
/* Checks legalize.c's rule table against the op table (for tests): the number of problems, each described in msg. */
int fx_legalize_check_tables(char *msg, size_t cap);
/* Every target spelling of legalize.c's rule table and special cases (fx2c --list-ops): "M:name" for a method, else
 * the call_function target; torch.ops.aten.NAME without an overload stands for every overload. */
void fx_legalize_each_spelling(void (*f)(void *ctx, const char *spelling), void *ctx);
/* Every spelling of the composite table (decompose.c), as fx_legalize_each_spelling. */
void fx_composite_each_spelling(void (*f)(void *ctx, const char *spelling), void *ctx);

/* What fx2c supports (program/catalog.c): the modules, the core ops with their default spellings, the other
 * spellings of legalize.c, the composites, the aten targets and fx2c's own ops, one per line, grouped and sorted;
 * `fx2c --list-ops` prints it as text, `--format markdown` as docs/ops.md. */
typedef enum { FX_CATALOG_TEXT, FX_CATALOG_MARKDOWN } fx_catalog_format;
void fx_catalog_print(fx_catalog_format format, FILE *out);

/* Inference (program/infer.c): the result of one node from its bound arguments. */
bool fx_infer_node(fx_program *p, uint32_t node, fx_diag *d);

#endif
