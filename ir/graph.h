/* graph.h: fx2c's IR, a faithful mirror of torch.fx.Graph.
 *
 * A graph is an ordered list of nodes. Each node has an opcode (placeholder, get_attr, call_function,
 * call_module, call_method, output), a unique name, a target, args (a tuple) and kwargs (a dict) as a tree of
 * fx_value, and the list of nodes that use it. Nodes live in one array per graph and refer to each other by
 * index; the order is a doubly linked list through that array, so inserting and erasing are O(1). Erased
 * nodes stay in the array (marked erased) and their names stay taken, as in FX.
 *
 * The FX API and its equivalent here:
 *
 *     graph.create_node(op, target, args, kwargs, name)   fx_graph_create_node()
 *     with graph.inserting_before(n): / inserting_after   fx_graph_inserting_before() / _after(), restore
 *     graph.node_copy(node, arg_transform)                fx_graph_node_copy()
 *     node.replace_all_uses_with(other)                   fx_node_replace_all_uses_with()
 *     graph.erase_node(node)                              fx_graph_erase_node()   (refused while used)
 *     graph.lint()                                        fx_graph_lint()
 *     graph.eliminate_dead_code()                         fx_graph_eliminate_dead_code()
 *     node.args = ... / node.kwargs = ...                 fx_node_set_args()
 *
 * Walking the graph in order:
 *
 *     for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) { fx_node *n = &g->nodes[i]; ... }
 */
#ifndef FX_GRAPH_H
#define FX_GRAPH_H

#include "diag.h"
#include "fx_util.h"

/* ---- argument trees ---- */

typedef enum fx_vkind {
  FX_V_NONE,     /* None */
  FX_V_BOOL,     /* True / False: v.i */
  FX_V_INT,      /* v.i */
  FX_V_FLOAT,    /* v.f; text keeps the spelling (1e-05, inf, -inf, nan) */
  FX_V_STR,      /* a quoted string; text is the literal with its quotes */
  FX_V_WORD,     /* a bare word as torch prints it: torch.float32, cpu, nearest, torch.contiguous_format */
  FX_V_ELLIPSIS, /* Ellipsis or ... */
  FX_V_NODE,     /* a reference to a node: v.node; text is the name as written */
  FX_V_TENSOR,   /* a tensor of a program (program/program.h): v.node is its id; text names it for printing */
  FX_V_TUPLE,    /* items[0..n) */
  FX_V_LIST,     /* items[0..n) */
  FX_V_DICT,     /* items[0..n) alternate key, value */
  FX_V_CALL,     /* items[0] is the callee (a WORD), the rest its arguments: slice(1, None, None), torch.Size([2]) */
  FX_V_KWARG,    /* inside a CALL: items[0] is the key (a WORD), items[1] the value: device(type='cpu') */
} fx_vkind;

typedef struct fx_value {
  uint8_t kind;
  uint8_t pad[3];
  uint32_t n; /* leaves: length of text; containers: number of items */
  union {
    const char *text;
    struct fx_value *items;
  } u;
  union {
    int64_t i;
    double f;
    uint32_t node;
  } v;
} fx_value;

static inline bool fx_value_is_container(const fx_value *v) { return v->kind >= FX_V_TUPLE; }

/* ---- nodes ---- */

typedef enum fx_opcode {
  FX_PLACEHOLDER,
  FX_GET_ATTR,
  FX_CALL_FUNCTION,
  FX_CALL_MODULE,
  FX_CALL_METHOD,
  FX_OUTPUT,
  FX_NUM_OPCODES
} fx_opcode;

extern const char *const fx_opcode_names[FX_NUM_OPCODES];
/* The opcode named s, or -1. */
int fx_opcode_from_str(fx_str s);

typedef struct fx_node {
  fx_str name;
  fx_str target;
  fx_str type;       /* the type annotation as printed (torch.Tensor), or empty */
  fx_value args;     /* FX_V_TUPLE; a placeholder's default is args[0] */
  fx_value kwargs;   /* FX_V_DICT */
  uint32_t *users;   /* nodes whose args or kwargs refer to this one, each once, in order of first use */
  uint32_t nusers;
  uint32_t users_cap; /* 0: the storage belongs to the graph's arena */
  uint32_t users_off; /* users starts this many entries into its heap storage (users removed from the front) */
  uint32_t link_seq;  /* when this node last joined its inputs' user lists: each list is in increasing link_seq */
  uint32_t prev, next;
  fx_loc loc;        /* where the node was read; line 0 if it was created by a pass */
  uint8_t opcode;
  uint8_t erased;
  uint8_t read; /* read from the source (fx_graph_append_node), not made by a pass */
  uint8_t pad;
  int32_t declared_users; /* the [#users=N] that was read, or -1 */
  fx_str absorbed; /* the nodes of the graph as read whose work a pass fused into this one ("conv1, bn1, relu"),
                      or empty: fx_node_absorb */
  /* the other nodes whose value this one's result is (fx_node_values): a list through vnext, vfirst..vlast */
  uint32_t vfirst, vlast, vnext;
  uint8_t own_value_lost; /* fx_node_take_value: it computes another node's value, not its own */
  uint8_t value_merged;   /* its values joined another node's list (it is in that list) */
} fx_node;

/* ---- graphs ---- */

typedef struct fx_graph {
  fx_arena arena; /* owns values and strings made after parsing */
  fx_node *nodes;
  uint32_t nnodes, cap; /* slots used, slots allocated (erased nodes keep their slot) */
  uint32_t first, last; /* the node list */
  uint32_t nlive;
  uint32_t *names; /* open-addressing hash of node indices by name; every name ever used stays */
  uint32_t names_cap, names_n;
  uint32_t insert_node; /* insertion point: FX_NONE_IDX means "append at the end" */
  uint32_t link_seq;    /* the last fx_node.link_seq given */
  bool insert_before;
  bool num_users_spelling; /* the source printed [num_users=N] (torch >= 2.1) rather than [#users=N] */
  const fx_source *src;    /* the source the graph was read from, or NULL */
} fx_graph;

typedef struct fx_insert_point {
  uint32_t node;
  bool before;
} fx_insert_point;

fx_graph *fx_graph_new(void);
void fx_graph_free(fx_graph *g);
/* Make room for n nodes in total (avoids growing the node array step by step). */
void fx_graph_reserve(fx_graph *g, uint32_t n);

static inline fx_node *fx_node_at(const fx_graph *g, uint32_t i) { return &g->nodes[i]; }

/* The node called `name` (erased nodes included), or FX_NONE_IDX. */
uint32_t fx_graph_find(const fx_graph *g, fx_str name);
/* The live output node, or FX_NONE_IDX. */
uint32_t fx_graph_output(const fx_graph *g);

/* FX's Namespace.create_name: `candidate` made a legal Python identifier that is neither a keyword nor a builtin,
 * with a _N suffix until it is unused. The result lives in the graph's arena. */
fx_str fx_graph_unique_name(fx_graph *g, fx_str candidate);
/* The name FX derives from a target (Graph._target_to_str): operator.add -> add, torch.ops.aten.add.Tensor ->
 * add_tensor, layer1.0.conv1 -> layer1_0_conv1 (sanitized later by fx_graph_unique_name). */
fx_str fx_graph_target_to_name(fx_graph *g, fx_opcode op, fx_str target);

/* graph.create_node: a new node at the insertion point. `name` may be empty (derived from the target). Strings
 * are copied into the graph's arena; args/kwargs are used as given (make them with the fx_value_* helpers).
 * The users of every node referred to are updated. */
uint32_t fx_graph_create_node(fx_graph *g, fx_opcode op, fx_str target, fx_value args, fx_value kwargs, fx_str name,
                              fx_str type);

/* Insertion point control; each returns the previous point for fx_graph_restore_insert. As in FX, successive
 * nodes created "after" n each go right after n (so they end up in reverse order of creation). */
fx_insert_point fx_graph_inserting_before(fx_graph *g, uint32_t node);
fx_insert_point fx_graph_inserting_after(fx_graph *g, uint32_t node);
void fx_graph_restore_insert(fx_graph *g, fx_insert_point p);

/* graph.node_copy: copies node `node` of graph `src` (which may be g) to g's insertion point; every node
 * reference in its args and kwargs is mapped through `map` (which returns an index in g). */
typedef uint32_t (*fx_node_map_fn)(void *ctx, uint32_t src_node);
uint32_t fx_graph_node_copy(fx_graph *g, const fx_graph *src, uint32_t node, fx_node_map_fn map, void *ctx);

/* node.args = args; node.kwargs = kwargs, keeping every user list right. */
void fx_node_set_args(fx_graph *g, uint32_t node, fx_value args, fx_value kwargs);

/* node.replace_all_uses_with(repl): every user of `node` refers to `repl` instead. Returns how many users changed. */
uint32_t fx_node_replace_all_uses_with(fx_graph *g, uint32_t node, uint32_t repl);

/* Records that node `into` now does the work of node `from` (a pass fused, folded or merged it): `into`'s
 * absorbed list gains from's name, when from was read from the source (fx_node.read), and from's own list;
 * each name once, in the order absorbed, at most FX_ABSORBED_MAX of them (then ", ..." ends the list: a node that
 * merged thousands of common subexpressions keeps its comment short and the pass linear). The emitted code's
 * comments, the profiler's tables and the traces name them. */
#define FX_ABSORBED_MAX 32
void fx_node_absorb(fx_graph *g, uint32_t into, uint32_t from);

/* The nodes of the graph as read whose value node's result is: itself when it was read and no pass changed what it
 * computes; after fx_node_replace_all_uses_with(g, from, node) also from's (a no-op, a common subexpression, a fused
 * group's last node: the value is the same); after fx_node_take_value(g, node, from) only from's (a conv that a
 * BatchNorm was folded into computes the BatchNorm's value, not its own any more). None for a node that a pass made
 * and that replaced none. Writes up to `max` of them into out (node indices, in the order they were merged) and
 * returns how many there are. Merging is O(1), so that a node that replaces many (common subexpressions) costs no
 * more. Dumps of intermediate tensors (--dump) name files by them. */
uint32_t fx_node_values(const fx_graph *g, uint32_t node, uint32_t *out, uint32_t max);
/* node now computes from's value and no longer its own (see fx_node_values). */
void fx_node_take_value(fx_graph *g, uint32_t node, uint32_t from);

/* graph.erase_node: refused (returns false) while the node has users or is already erased. */
bool fx_graph_erase_node(fx_graph *g, uint32_t node);

/* node.is_impure(): placeholders, the output and side-effecting targets (torch._assert, in-place ops such as
 * relu_ / aten add_.Tensor / operator.iadd, copy_) are impure and are never removed as dead. */
bool fx_node_is_impure(const fx_graph *g, uint32_t node);

/* graph.eliminate_dead_code: walks backwards removing every pure node without users. Returns true if the graph
 * changed. */
bool fx_graph_eliminate_dead_code(fx_graph *g);

/* graph.lint: unique names, every use after its definition and in the graph, exactly one output, user lists that
 * match the args, a well-formed list. Problems go to d (at the node's position where it has one); returns the
 * number found. */
uint32_t fx_graph_lint(const fx_graph *g, fx_diag *d);

/* For readers: appends a copy of *proto at the end of the list exactly as given (its name is not changed and
 * must be unused; its strings must outlive the graph); users are not linked: call fx_graph_rebuild_users after
 * the last one. */
uint32_t fx_graph_append_node(fx_graph *g, const fx_node *proto);

/* Recomputes every node's users from the args and kwargs (used after bulk construction). */
void fx_graph_rebuild_users(fx_graph *g);

/* ---- value helpers (storage in the graph's arena) ---- */
fx_value fx_value_none(void);
fx_value fx_value_bool(bool b);
fx_value fx_value_int(fx_graph *g, int64_t i);
fx_value fx_value_float(fx_graph *g, double f);
fx_value fx_value_str(fx_graph *g, fx_str content); /* quoted as Python's repr() would */
fx_value fx_value_word(fx_graph *g, fx_str word);
fx_value fx_value_node(const fx_graph *g, uint32_t node);
/* A container of kind k with n items copied from `items` (into g's arena, or into arena a). */
fx_value fx_value_container(fx_graph *g, fx_vkind k, const fx_value *items, uint32_t n);
fx_value fx_value_container_in(fx_arena *a, fx_vkind k, const fx_value *items, uint32_t n);
fx_value fx_value_tuple(fx_graph *g, const fx_value *items, uint32_t n);
/* Deep copy of v into g's arena, node references mapped through map (identity if map is NULL). */
fx_value fx_value_copy(fx_graph *g, const fx_value *v, fx_node_map_fn map, void *ctx);

/* Calls fn for every node reference in v (depth first, in order). */
typedef void (*fx_value_visit_fn)(void *ctx, fx_value *ref);
void fx_value_visit_refs(fx_value *v, fx_value_visit_fn fn, void *ctx);

/* Whether v is the string z: a quoted literal with those contents, or that bare word. */
bool fx_value_str_is(const fx_value *v, const char *z);
/* An int, bool or float as a double; false for anything else. */
bool fx_value_number(const fx_value *v, double *x);

/* The contents of a FX_V_STR literal with escapes decoded, in g's arena. */
fx_str fx_value_str_content(fx_graph *g, const fx_value *v);
/* The same, appended to out (which stays NUL-terminated); any other value appends its text. */
void fx_value_str_decode(const fx_value *v, fx_buf *out);

/* ---- printers ---- */

/* str(graph) followed by a newline, exactly as print(gm.graph) writes it. */
void fx_print_graph(const fx_graph *g, FILE *out);
void fx_format_graph(const fx_graph *g, fx_buf *b);
/* The one line FX prints for a node (Node.format_node), without indentation or newline. */
void fx_format_node(const fx_graph *g, uint32_t node, fx_buf *b);
/* FX's _format_arg (node references as %name, strings as str() prints them) or, with repr_mode, Python's repr
 * (node references as bare names, strings quoted), which is how `return` prints its value. */
void fx_format_value(const fx_graph *g, const fx_value *v, bool repr_mode, fx_buf *b);

/* Graphviz: one box per node, an edge per use. */
void fx_print_dot(const fx_graph *g, FILE *out);

#endif
