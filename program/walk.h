/* walk.h: the one walk over a lowered program's schedule (lower.h), which the interpreter, the C emitter and the
 * LLVM emitter all follow, so that they run and print the same calls in the same order under the same nodes:
 *
 *     static bool my_call(void *ctx, uint32_t node, const fx_kcall *k) { ...; return true; }
 *     fx_walker w = {.node_begin = ..., .call = my_call, .node_end = ...};   // any of them may be NULL
 *     if (!fx_walk(&lowered, &w, ctx)) ...;                                 // a callback returned false
 *
 * The schedule: first the prologue (node FX_NONE_IDX: the copies of the inputs and weights that the graph writes
 * into, when there are any), then every node of the graph in order, each with its calls; the output node also
 * takes the calls that fill the caller's output buffers. node_begin is told how many calls follow (0: a node with no
 * work: a view, a value known at compile time, a placeholder). Tools that watch a model run (profilers, tracers,
 * dumps of intermediate tensors) hook in here.
 */
#ifndef FX_WALK_H
#define FX_WALK_H

#include "lower.h"

typedef struct fx_walker {
  bool (*node_begin)(void *ctx, uint32_t node, uint32_t ncalls);
  bool (*call)(void *ctx, uint32_t node, const fx_kcall *k);
  bool (*node_end)(void *ctx, uint32_t node);
} fx_walker;

/* Walks the schedule; false as soon as a callback returns false. */
bool fx_walk(const fx_lowered *L, const fx_walker *w, void *ctx);

/* The nodes that run code (node_begin with ncalls > 0), in the walk's order, as profilers, traces and dumps name
 * them: what the profiling build's NAME_nodes table holds (runtime/fxrt.h, fxrt_node_info) and what `fx2c run
 * --profile` times. */
typedef struct fx_walk_result {
  char *names;     /* the FX nodes whose value it is, ", "-separated (fx_node_values), each with ".K" for item K of
                      a tuple result: the stems of the files that --dump writes ("bn1", "topk.0") */
  uint32_t tensor; /* its tensor: its elements are those of its storage (program/plan.h: place[root[tensor]]) from
                      the start, in order, when the node has run */
} fx_walk_result;

typedef struct fx_walk_node {
  uint32_t node;  /* the graph node, or FX_NONE_IDX for the prologue */
  char *name;     /* the node's name; "(prologue)" */
  const char *op; /* the core op's name (ir/ops.def); "copy" for the prologue, "output" for the output node */
  char *fx;       /* the node's FX line (fx_format_node); for the prologue a line of what it copies */
  char *absorbed; /* fx_node.absorbed */
  char *shape;    /* the result: "f32[1, 64, 56, 56]", "(f32[2], i64[2])", or "" */
  fx_walk_result *results; /* the tensors of its result that a dump writes: none for the prologue, the output node
                              and a node that stands for no FX node of the graph as read */
  uint32_t nresults;
} fx_walk_node;

/* Fills *out (owned by the caller: fx_walk_nodes_free) and returns how many there are. */
uint32_t fx_walk_nodes(const fx_lowered *L, fx_walk_node **out);
void fx_walk_nodes_free(fx_walk_node *nodes, uint32_t n);

#endif
