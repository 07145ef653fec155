/* passes.h: the pass manager. A pass rewrites the graph (ir/graph.h) with the meaning the program gives it
 * (program/program.h), which the manager rebuilds after every pass that changed something, so that each pass sees every
 * node's op, dtype and shape. The graph stays a torch.fx graph that prints as FX text (--print-after).
 *
 *     fx_pass_manager pm = {&program, &mods, &weights, NULL, NULL, NULL, &diag};  // program built
 *     if (!fx_pass_manager_run(&pm, "noop,dce")) ...;          // or fx_pass_pipeline(2)
 *     ... pm.p is the rebuilt program ...
 *
 * Levels: -O0 runs nothing; -O1 and -O2 run fx_pass_pipeline(level). In debug builds (no NDEBUG) the graph is linted
 * after every pass and a problem is an internal error.
 */
#ifndef FX_PASSES_H
#define FX_PASSES_H

#include <stdio.h>

#include "../program/program.h"

typedef struct fx_pass_stats {
  uint32_t nodes_before, nodes_after;
  uint32_t removed;     /* nodes the pass erased */
  uint32_t bn_folded;   /* BatchNorms folded into the producing conv or linear */
  uint32_t fused;       /* fusion groups formed */
  uint32_t winograd;    /* convolutions rewritten to Winograd's algorithm */
  uint32_t nchwc;       /* convolutions rewritten to the NCHW16c layout */
  uint32_t nchwc_se;    /* squeeze-and-excitation's pools and scales rewritten to it */
  uint32_t nchwc_cat;   /* max pools and concatenations of channels rewritten to it */
  uint32_t packed;      /* linear layers and attention given their weights transposed */
  int64_t weight_bytes_saved; /* bytes of weights the program no longer reads, less those it adds */
} fx_pass_stats;

typedef struct fx_pass_manager {
  fx_program *p;        /* rebuilt after each pass that changed the graph */
  fx_modules *mods;     /* p's modules and weights, which passes may change (BatchNorm folding); may be NULL */
  fx_weights *w;
  const char *print_after; /* NULL, a pass name or "all": print the graph after it (to print_to) */
  FILE *print_to;
  FILE *stats_to;       /* NULL, or where to print each pass's statistics */
  fx_diag *d;
  /* optional (-v, the progress line): called before each pass with st NULL, and after it with its statistics */
  void (*on_pass)(void *ctx, const char *pass, const fx_pass_stats *st);
  void *on_pass_ctx;
} fx_pass_manager;

typedef struct fx_pass {
  const char *name;
  const char *what;
  /* Rewrites pm->p->g; returns whether it changed anything; counts into st. */
  bool (*run)(fx_pass_manager *pm, fx_pass_stats *st);
} fx_pass;

/* The passes (one file each), and their table in pipeline order, terminated by a NULL name. */
bool fx_pass_noop(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_constfold(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_bnfold(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_epilogue(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_padfold(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_prepack(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_winograd(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_nchwc(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_cse(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_ewfuse(fx_pass_manager *pm, fx_pass_stats *st);
bool fx_pass_dce(fx_pass_manager *pm, fx_pass_stats *st);
extern const fx_pass fx_passes[];
/* The comma-separated pass list of an optimisation level (0: ""). */
const char *fx_pass_pipeline(int level);
/* Checks a comma-separated list of pass names; the first unknown name in *bad. */
bool fx_pass_list_valid(const char *list, const char **bad, size_t *bad_len);
/* Helpers for passes that rewrite nodes. result_of(ctx, node) is the tensor a node computes (FX_NONE_IDX if none);
 * a pass that makes nodes (which have no fx_inst until the program is rebuilt) answers for them. */
typedef uint32_t (*fx_result_fn)(void *ctx, uint32_t node);
/* A reference, among v's node references (nested anywhere), to a node whose result is tensor t. */
bool fx_pass_find_ref(const fx_value *v, uint32_t t, fx_result_fn result_of, void *ctx, fx_value *out);
/* A graph value among node n's args and kwargs that refers to a node of program p computing tensor t (only nodes that
 * existed when the pass began, which p describes). */
bool fx_pass_node_ref(const fx_program *p, uint32_t n, uint32_t t, fx_value *out);
/* The operands of convolution or fused_conv node i (k output channels) as graph values for a node that replaces it:
 * its input *x, its bias *b (None, or with *bias the weight index of a module's bias that no node of i's args reads,
 * for a new get_attr; else FX_NONE_IDX) and fused_conv's residual *res (or None). False when one cannot be found or
 * the bias is not an f32 [k] tensor or None. */
bool fx_pass_conv_operands(const fx_pass_manager *pm, uint32_t i, int64_t k, fx_value *x, fx_value *b, uint32_t *bias,
                           fx_value *res);
/* The graph value for the bound argument `arg` of node n, a tensor or None: a reference among n's args and kwargs
 * to a node that computes that tensor or else, for a weight (a module's parameter), a new get_attr node of its
 * state_dict name, made at the graph's insertion point (*made is its index, else FX_NONE_IDX). False when neither
 * exists. */
bool fx_pass_arg_value(fx_pass_manager *pm, uint32_t n, const fx_value *arg, fx_result_fn result_of, void *ctx,
                       fx_value *out, uint32_t *made);

/* Appends key: v to the items of a kwargs dict being built (items[*n], items[*n + 1]). */
void fx_pass_kwarg(fx_graph *g, fx_value *items, uint32_t *n, const char *key, fx_value v);
/* A get_attr node of weight `name`, made before node `before`. */
uint32_t fx_pass_get_attr(fx_graph *g, fx_str name, uint32_t before);
/* Appends fused_conv (or winograd_conv) node in's epilogue to kwargs kw (*nk items), as the epilogue pass writes it:
 * residual (res, a graph value, if not None), activation and its parameters. */
void fx_pass_epilogue_kwargs(fx_graph *g, const fx_inst *in, fx_value res, fx_value *kw, uint32_t *nk);
/* An f32 weight computed from weight wi (a transform, a packing), named NAME_suffix after it (NAME_suffix_N when
 * another tensor has that name): the one that exists with this shape (*fresh = false: another node made it), or a
 * new one for the caller to fill (*fresh = true). The pointer is valid until the next fx_weights_add. */
fx_tensor *fx_pass_derived_weight(fx_weights *w, uint32_t wi, const char *suffix, int32_t ndim, const int64_t *shape,
                                  bool *fresh);
/* The tensor whose storage tensor t uses (t itself unless it aliases another: a view, an in-place result). */
uint32_t fx_pass_storage_root(const fx_program *p, uint32_t t);
/* The index in w of the weight that the bound tensor argument v reads, or FX_NONE_IDX. */
uint32_t fx_pass_weight_index(const fx_program *p, const fx_weights *w, const fx_value *v);
/* For every weight wi of w: readers[wi] += the bound tensor arguments of p's nodes that read it; written[wi] = true
 * when an in-place op writes into it (its value is then not known at compile time). Both have w->n entries. */
void fx_pass_weight_uses(const fx_program *p, const fx_weights *w, uint32_t *readers, bool *written);

/* The nodes a pass makes have no fx_inst until the program is rebuilt: a pass that still asks what nodes compute
 * (fx_pass_arg_value, fx_pass_find_ref) records it for the nodes it makes. */
typedef struct fx_made_nodes {
  const fx_program *p;
  uint32_t nold;    /* the graph's node count when the pass began: nodes from nold on are made by it */
  uint32_t *tensor; /* tensor[k]: what node nold + k computes (FX_NONE_IDX: a get_attr, or not recorded) */
  uint32_t n, cap;
} fx_made_nodes;
void fx_made_init(fx_made_nodes *m, const fx_program *p);
void fx_made_note(fx_made_nodes *m, uint32_t node, uint32_t tensor);
/* The tensor node computes (FX_NONE_IDX if none), for a node of the program or one recorded; an fx_result_fn whose
 * ctx is the fx_made_nodes. */
uint32_t fx_made_result(void *ctx, uint32_t node);
void fx_made_free(fx_made_nodes *m);

/* Runs the passes of `list` in order. False if rebuilding the program after a pass failed (errors in pm->d). */
bool fx_pass_manager_run(fx_pass_manager *pm, const char *list);

#endif
