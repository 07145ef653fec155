/* parse_ctx.h: state shared by the lexer (lexer.l), the grammar (parser.y) and the table reader (tabular.c). */
#ifndef FX_PARSE_CTX_H
#define FX_PARSE_CTX_H

#include "frontend.h"

/* A token's text: a view of the buffer being scanned. */
typedef struct fx_tok {
  const char *p;
  uint32_t n;
} fx_tok;

/* Bison location: the usual four fields plus the byte span, for diagnostics and for spans such as type
 * annotations. */
typedef struct FXLTYPE {
  int first_line, first_column, last_line, last_column;
  uint32_t off, end;
} FXLTYPE;
#define FXLTYPE_IS_DECLARED 1
#define FXLTYPE_IS_TRIVIAL 1

/* What comes after `=` on a node line. */
typedef struct fx_rhs {
  fx_tok op;
  FXLTYPE oploc;
  fx_tok target;
  bool old_get_attr; /* `= self.a.b` */
  bool has_call;     /* `(args = ..., kwargs = ...)` was present */
  bool has_default;  /* `(default=...)` */
  fx_value args, kwargs, dflt;
} fx_rhs;

typedef enum { FX_START_GRAPH, FX_START_VALUE } fx_start_kind;

typedef struct fx_parser {
  const fx_source *src;
  fx_diag *d;
  fx_graph *g;      /* the graph being read (NULL when only a value is read) */
  fx_arena *arena;  /* where values go */
  /* lexer */
  fx_start_kind start;
  bool start_sent;
  uint32_t line;        /* the line being scanned */
  uint32_t bol;         /* offset in src->text where that line begins */
  uint32_t cur_off;     /* offset in src->text of the next character */
  const char *base;     /* start of the buffer being scanned */
  uint32_t base_off;    /* its offset in src->text (the table reader scans cells one by one) */
  int depth;            /* bracket nesting, to refuse absurd depths */
  bool depth_reported;
  bool lex_error;       /* the lexer reported an error for the token it returned */
  /* grammar */
  fx_value *stk; /* items of the containers being parsed */
  uint32_t nstk, capstk;
  uint32_t output; /* the output node, once seen */
  fx_rhs rhs;             /* what follows '=' in the node line being read */
  fx_value value_result; /* FX_START_VALUE: the value read */
  fx_tok *defs;          /* every name that a statement tried to define, read or not, to avoid */
  uint32_t ndefs, capdefs; /* reporting uses of a node whose definition was already an error */
} fx_parser;

#define FX_MAX_DEPTH 256

void fx_parser_error_at(fx_parser *P, const FXLTYPE *loc, const char *fmt, ...) FX_PRINTF(3, 4);
fx_loc fx_parser_loc(const FXLTYPE *l);

/* Scans buf[0..len) (which must be followed by two NUL bytes, and stay alive with the graph) and parses it. */
int fx_parser_run(fx_parser *P, char *buf, size_t len);

/* Turns bare words of a `return` value (or a table cell) that name nodes into node references. With
 * `must_resolve`, an identifier that names no node is an error. */
void fx_parser_resolve_words(fx_parser *P, fx_value *v, const FXLTYPE *loc, bool must_resolve);
/* The bare names inside slice(...) values of v, which FX prints with str(): `slice(None, size, None)` (from
 * `x[:, :n]` with n a node), resolved as nodes. */
void fx_parser_resolve_slice_words(fx_parser *P, fx_value *v, const FXLTYPE *loc);

/* Records a name that a statement defines (before the statement is known to be valid). */
void fx_parser_note_definition(fx_parser *P, fx_tok name);
/* Whether a statement tried to define `name` (possibly with an error). */
bool fx_parser_was_defined(const fx_parser *P, fx_str name);

/* Reading print_tabular() output (tabular.c); returns false if text is not a table. */
bool fx_tabular_detect(const char *text, size_t len);
void fx_tabular_parse(fx_parser *P);

/* Appends a node as read (no renaming, users linked later). Reports a duplicate name. */
/* A call_function target as a Python repr prints it (print_tabular, and print(gm.graph) of old torch versions):
 * <built-in function add> is operator.add (builtins.getattr for Python's own functions), <built-in method sum of type
 * object at 0x...> torch.sum, <built-in method conv2d of PyCapsule ...> torch._C._nn.conv2d, aten.NAME
 * torch.ops.aten.NAME. Other text is returned as it is: a Python function, <function relu at 0x...>, may be torch's
 * or the user's, which legalization tells (program/legalize.c). The result lives in the graph's arena. */
fx_tok fx_parser_map_target(fx_graph *g, fx_tok t);
uint32_t fx_parser_add_node(fx_parser *P, fx_opcode op, fx_tok name, fx_tok target, fx_tok type, fx_value args,
                            fx_value kwargs, const FXLTYPE *loc, int32_t declared_users);

#endif
