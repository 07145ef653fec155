/* plan.h: the memory plan. Every buffer of a lowered program (program/lower.h) gets a place: the caller's inputs,
 * the weights, the caller's output buffers, or an offset in one arena (the workspace of the generated code).
 *
 *     fx_plan P;
 *     fx_plan_build(&lowered, &P);
 *     ... P.place[P.root[t]] for tensor t, P.scratch[s] for scratch s, P.arena bytes ...
 *     fx_plan_report(&lowered, &P, stdout);
 *     fx_plan_free(&P);
 *
 * Schedule: the calls in graph order. Liveness: a buffer lives from the first call that touches it to the last
 * (both included; a returned tensor's storage is the caller's). Reshapes, no-ops and in-place results share their
 * input's storage already (program/program.h); a strided view's copy and its base are both named by the calls that
 * keep them in step (lower.c), so the base lives as long as a view of it may still take elements from it or give
 * them back; besides, an elementwise call whose input dies at that call and has
 * the output's layout writes its result over the input. Placement: five greedy orders (by size, best and first fit;
 * schedule order; lifetime; size x lifetime), the smallest arena wins; then, while that arena is above the lower
 * bound, a local search over the order (hill climbing from a fixed seed, a bounded number of steps, so the plan is
 * deterministic) keeps any change that does not grow the arena. Greedy by size alone leaves ConvNeXt's blocks one
 * block-width (1.17 x) above the bound; the search reaches it (bench/results/zoo_exe.md). The greedy placements
 * list every pair of buffers live together; when there are more than FX_PLAN_MAX_CONFLICTS such pairs (thousands of
 * buffers live at once), one placement in schedule order, as an allocator would do it, replaces them and the search,
 * in time and memory about linear in the buffers. Offsets are multiples of the granule,
 * FX_PLAN_ALIGN (a cache line), or under -Os the workspace's alignment (the largest element size of what lives there)
 * so that no byte goes to padding, and sizes are rounded up to it (the lower bound counts the rounded sizes too).
 */
#ifndef FX_PLAN_H
#define FX_PLAN_H

#include <stdio.h>

#include "lower.h"

#define FX_PLAN_ALIGN 64
#ifndef FX_PLAN_SEARCH_STEPS
#define FX_PLAN_SEARCH_STEPS 20000u /* local search: at most this many placements (0: the greedy plans only) */
#endif
#define FX_PLAN_SEARCH_WORK 200000000ull /* ... and about this many neighbour visits in all */
/* Above this many pairs of buffers with overlapping lifetimes (the greedy placements list them all: 8 bytes each),
 * one placement in schedule order, in time and memory linear in the buffers, replaces the greedy ones and the
 * search; it keeps at most FX_PLAN_MAX_GAPS free gaps below the top. */
#define FX_PLAN_MAX_CONFLICTS 4000000ull
#define FX_PLAN_MAX_GAPS 4096u

typedef enum fx_mloc {
  FX_MEM_NONE,   /* never touched */
  FX_MEM_ARENA,  /* offset in the arena */
  FX_MEM_INPUT,  /* the caller's input `index` (placeholder order) */
  FX_MEM_WEIGHT, /* the weight tensor itself */
  FX_MEM_OUTPUT  /* the caller's output buffer `index` */
} fx_mloc;

typedef struct fx_place {
  uint8_t loc;      /* fx_mloc */
  uint32_t index;
  uint64_t offset;  /* FX_MEM_ARENA */
  uint64_t bytes;   /* rounded up to FX_PLAN_ALIGN for the arena */
  uint32_t first, last; /* calls; FX_NONE_IDX when never touched */
} fx_place;

typedef struct fx_plan {
  uint32_t ntensors, nscratch;
  uint32_t *root;      /* by tensor id: the tensor that owns its storage */
  fx_place *place;     /* by tensor id; meaningful for roots */
  fx_place *scratch;   /* by scratch id */
  uint64_t arena;      /* bytes */
  uint64_t lower_bound; /* the most arena bytes live at one call */
  uint32_t shared;     /* elementwise results written over their dying input */
  uint32_t align;       /* the workspace's required alignment: its elements' largest size (8 for kernel workspaces) */
  uint32_t granule;     /* offsets and sizes are multiples of it: FX_PLAN_ALIGN, or align under -Os */
  uint32_t inplace_convs; /* -Os: compact convolutions computed over their dying input (through their scratch) */
  const char *method;  /* the greedy placement that won */
  uint32_t searched;   /* the local search step that found the final plan; 0 when the greedy one stands */
} fx_plan;

void fx_plan_build(const fx_lowered *L, fx_plan *P);
void fx_plan_free(fx_plan *P);
/* Whether call k is a compact convolution that the plan computes over its input (y, ref[3], is x's storage). */
bool fx_plan_small_in_place(const fx_plan *P, const fx_kcall *k);
/* Whether tensor t's storage still holds it when node's last call has run: false when it died at an earlier call of
 * the node (a piece of split that nothing reads, whose buffer a later piece's copy may take) or was never touched.
 * Dumps of intermediate tensors (--dump) write only those that hold. */
bool fx_plan_holds_after(const fx_lowered *L, const fx_plan *P, uint32_t t, uint32_t node);
/* The arena bytes, the lower bound and every buffer's offset, size and lifetime, as a table. */
void fx_plan_report(const fx_lowered *L, const fx_plan *P, FILE *f);
/* The stack that the generated run function needs at most (NAME_STACK_BYTES): its own frame's allowance and the
 * largest bound of its calls' kernels (kernels.h: fx_kind_stack), on the Cortex-M4F (arm) or on x86-64; *deepest
 * (when not NULL): that kernel. */
uint32_t fx_plan_stack(const fx_lowered *L, bool arm, fx_kind *deepest);

#endif
