/* parser.y: the grammar of print(gm.graph) text, every dialect from torch 1.8 to 2.x.
 *
 * Newlines are not significant: a statement starts with a node definition token (`%name :`) or `return`, so
 * the parser resynchronises there after an error and reports every error of the file in one run.
 */
%code requires {
#include "parse_ctx.h"

typedef struct fx_count {
  uint32_t n;
  bool trailing_comma;
} fx_count;

typedef struct fx_span {
  uint32_t off, end; /* off == end: absent */
} fx_span;
}

%code provides {
int fxlex(FXSTYPE *lvalp, FXLTYPE *llocp, void *scanner);
void fxerror(FXLTYPE *loc, void *scanner, fx_parser *P, const char *msg);
}

%code {
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define YYLLOC_DEFAULT(Cur, Rhs, N)                                                 \
  do {                                                                              \
    if (N) {                                                                        \
      (Cur).first_line = YYRHSLOC(Rhs, 1).first_line;                               \
      (Cur).first_column = YYRHSLOC(Rhs, 1).first_column;                           \
      (Cur).off = YYRHSLOC(Rhs, 1).off;                                             \
      (Cur).last_line = YYRHSLOC(Rhs, N).last_line;                                 \
      (Cur).last_column = YYRHSLOC(Rhs, N).last_column;                             \
      (Cur).end = YYRHSLOC(Rhs, N).end;                                             \
    } else {                                                                        \
      (Cur).first_line = (Cur).last_line = YYRHSLOC(Rhs, 0).last_line;              \
      (Cur).first_column = (Cur).last_column = YYRHSLOC(Rhs, 0).last_column;        \
      (Cur).off = (Cur).end = YYRHSLOC(Rhs, 0).end;                                 \
    }                                                                               \
  } while (0)

static void push(fx_parser *P, fx_value v);
static fx_value pop_container(fx_parser *P, fx_vkind k, uint32_t n);
static fx_value leaf(fx_parser *P, fx_vkind k, fx_tok t, const FXLTYPE *loc);
static fx_value word(fx_parser *P, fx_tok t);
static fx_value ref(fx_parser *P, fx_tok t);
static void placeholder_param(fx_parser *P, fx_tok name, fx_span type, const fx_value *dflt, const FXLTYPE *loc);
static void node_stmt(fx_parser *P, fx_tok name, fx_span type, fx_tok users, const FXLTYPE *loc,
                      const FXLTYPE *users_loc);
static void return_stmt(fx_parser *P, fx_value *v, const FXLTYPE *loc, const FXLTYPE *vloc);
static fx_span span_of(const FXLTYPE *l) { return (fx_span){l->off, l->end}; }

/* A type in an annotation is a dotted name (torch.Tensor, typing.List); inside brackets the lexer would also
 * accept a bare string with spaces, which could not be printed back before `[#users=`. */
static void check_type_name(fx_parser *P, fx_tok t, const FXLTYPE *loc) {
  for (uint32_t i = 0; i < t.n; i++) {
    char c = t.p[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.')) {
      fx_parser_error_at(P, loc, "'%.*s' is not a type name", (int)t.n, t.p);
      return;
    }
  }
}
static void call_args(fx_parser *P, fx_value *args, const FXLTYPE *aloc, fx_value *kwargs, const FXLTYPE *kloc);
}

%define api.pure full
%define api.prefix {fx}
%define api.token.prefix {FX_}
%define parse.error detailed
%locations
%param {void *scanner}
%parse-param {fx_parser *P}

%union {
  fx_tok tok;
  fx_value val;
  fx_count count;
  fx_span span;
}

%token END 0 "end of file"
%token <tok> DEF "node definition ('%name :')"
%token <tok> REF "node reference"
%token <tok> USERS "'[#users='"
%token <tok> USERS_EQ "'[#users=N] ='"
%token <tok> TARGET_OPEN "'[target='"
%token <tok> OPCODE_TARGET "'OPCODE[target='"
%token ARGS_OPEN "'(args = '"
%token KWARGS_SEP "', kwargs = '"
%token <tok> TARGET_TEXT "target"
%token <tok> GRAPH "'graph'"
%token <tok> RETURN "'return'"
%token ARROW "'->'"
%token <tok> ELLIPSIS "'...'"
%token <tok> INT "integer"
%token <tok> FLOAT "float"
%token <tok> WORD "name"
%token <tok> STRING "string"
%token LEXERROR "invalid token"
%token START_GRAPH_TOK START_VALUE_TOK

%type <val> value opt_default
%type <count> items_opt items dict_opt dict_items call_items_opt call_items
%type <span> type_opt param_type_opt
%type <tok> target_text users

%%

start:
    START_GRAPH_TOK graph
  | START_VALUE_TOK value                  { P->value_result = $2; }
  ;

/* graph: header statement* */
graph:
    header stmts
  | error stmts                            { P->nstk = 0; } /* a bad header: go on with the statements */
  ;

/* header: 'graph' '(' params? ')' ('->' type)? ':' -- old torch lists the placeholders here */
header:
    GRAPH '(' params_opt ')' ret_type_opt ':'
  ;

params_opt: %empty | params | params ',' ;
params: param | params ',' param ;

/* param: NAME (':' type)? ('=' value)? */
param:
    WORD param_type_opt opt_default        { placeholder_param(P, $1, $2, $3.kind == FX_V_ELLIPSIS && $3.n == 0 ? NULL : &$3, &@1); }
  ;

param_type_opt:
    %empty                                 { $$ = (fx_span){0, 0}; }
  | ':' type                               { $$ = span_of(&@2); }
  ;

opt_default:
    %empty                                 { memset(&$$, 0, sizeof $$); $$.kind = FX_V_ELLIPSIS; }
  | '=' value                              { $$ = $2; }
  ;

ret_type_opt: %empty | ARROW type ;

/* type: atom ('[' type, ... ']')?   e.g. torch.Tensor, typing.Tuple[int, ...], Callable[[int], int] */
type:
    type_atom
  | type_atom '[' type_args_opt ']'
  ;

type_atom:
    WORD                                   { check_type_name(P, $1, &@1); }
  | ELLIPSIS | STRING | '[' type_args_opt ']'
  ;
type_args_opt: %empty | type_args | type_args ',' ;
type_args: type | type_args ',' type ;

type_opt:
    %empty                                 { $$ = (fx_span){0, 0}; }
  | type                                   { $$ = span_of(&@1); }
  ;

stmts:
    %empty
  | stmts stmt                             { P->nstk = 0; memset(&P->rhs, 0, sizeof P->rhs); }
  | stmts error                            { P->nstk = 0; memset(&P->rhs, 0, sizeof P->rhs); }
  ;

/* stmt: '%name :' type? '[#users=' INT ']' '=' rhs
 *     | 'return' value */
stmt:
    DEF type_opt users rhs                 { node_stmt(P, $1, $2, $3, &@1, &@3); }
  | RETURN value                           { return_stmt(P, &$2, &@1, &@2); }
  ;

/* users: '[#users=' INT ']' '='  -- one token when spelled exactly as torch prints it */
users:
    USERS_EQ                               { $$ = $1; }
  | USERS INT ']' '='                      { $$ = $2; }
  ;

/* rhs: OPCODE '[target=' TEXT ']' call?    |   self.a.b   (old get_attr). What it reads goes to P->rhs. */
rhs:
    OPCODE_TARGET target_text ']' call_opt {
        P->rhs.op = $1; P->rhs.oploc = @1; P->rhs.target = $2;
        P->rhs.oploc.end = P->rhs.oploc.off + $1.n; /* the opcode, without its "[target=" */
      }
  | WORD TARGET_OPEN target_text ']' call_opt { P->rhs.op = $1; P->rhs.oploc = @1; P->rhs.target = $3; }
  | WORD                                   { P->rhs.op = $1; P->rhs.oploc = @1; P->rhs.old_get_attr = true; }
  ;

target_text:
    %empty                                 { $$ = (fx_tok){"", 0}; }
  | TARGET_TEXT                            { $$ = $1; }
  ;

/* call: '(' 'args' '=' value ',' 'kwargs' '=' value ')'  |  '(' 'default' '=' value ')' */
call_opt:
    %empty
  | ARGS_OPEN value KWARGS_SEP value ')'   { call_args(P, &$2, &@2, &$4, &@4); }
  | '(' WORD '=' value ',' WORD '=' value ')' {
        if (!fx_str_eqz(fx_str_make($2.p, $2.n), "args"))
          fx_parser_error_at(P, &@2, "expected 'args =' here, found '%.*s'", (int)$2.n, $2.p);
        else if (!fx_str_eqz(fx_str_make($6.p, $6.n), "kwargs"))
          fx_parser_error_at(P, &@6, "expected 'kwargs =' here, found '%.*s'", (int)$6.n, $6.p);
        else
          call_args(P, &$4, &@4, &$8, &@8);
      }
  | '(' WORD '=' value ')'                 {
        if (!fx_str_eqz(fx_str_make($2.p, $2.n), "default"))
          fx_parser_error_at(P, &@2, "expected '(default=...)' or '(args = ..., kwargs = ...)', found '%.*s'", (int)$2.n, $2.p);
        P->rhs.has_default = true;
        P->rhs.dflt = $4;
      }
  ;

/* value: literal | %ref | '(' items ')' | '[' items ']' | '{' key ':' value, ... '}' | NAME '(' args ')' */
value:
    INT                                    { $$ = leaf(P, FX_V_INT, $1, &@1); }
  | FLOAT                                  { $$ = leaf(P, FX_V_FLOAT, $1, &@1); }
  | STRING                                 { $$ = leaf(P, FX_V_STR, $1, &@1); }
  | ELLIPSIS                               { $$ = leaf(P, FX_V_ELLIPSIS, $1, &@1); }
  | WORD                                   { $$ = word(P, $1); }
  | GRAPH                                  { $$ = word(P, $1); }
  | RETURN                                 { $$ = word(P, $1); }
  | REF                                    { $$ = ref(P, $1); }
  | '(' items_opt ')'                      {
        if ($2.n == 1 && !$2.trailing_comma) $$ = P->stk[--P->nstk]; /* (x) is x */
        else $$ = pop_container(P, FX_V_TUPLE, $2.n);
      }
  | '[' items_opt ']'                      { $$ = pop_container(P, FX_V_LIST, $2.n); }
  | '{' dict_opt '}'                       { $$ = pop_container(P, FX_V_DICT, $2.n * 2); }
  | WORD '(' call_items_opt ')'            {
        /* the callee goes first: move it under the arguments */
        push(P, word(P, $1));
        fx_value callee = P->stk[P->nstk - 1];
        memmove(P->stk + P->nstk - 1 - $3.n + 1, P->stk + P->nstk - 1 - $3.n, $3.n * sizeof *P->stk);
        P->stk[P->nstk - 1 - $3.n] = callee;
        $$ = pop_container(P, FX_V_CALL, $3.n + 1);
      }
  ;

items_opt:
    %empty                                 { $$ = (fx_count){0, false}; }
  | items                                  { $$ = $1; }
  | items ','                              { $$ = (fx_count){$1.n, true}; }
  ;

items:
    value                                  { push(P, $1); $$ = (fx_count){1, false}; }
  | items ',' value                        { push(P, $3); $$ = (fx_count){$1.n + 1, false}; }
  ;

dict_opt:
    %empty                                 { $$ = (fx_count){0, false}; }
  | dict_items                             { $$ = $1; }
  | dict_items ','                         { $$ = $1; }
  ;

dict_items:
    value ':' value                        { push(P, $1); push(P, $3); $$ = (fx_count){1, false}; }
  | dict_items ',' value ':' value         { push(P, $3); push(P, $5); $$ = (fx_count){$1.n + 1, false}; }
  ;

call_items_opt:
    %empty                                 { $$ = (fx_count){0, false}; }
  | call_items                             { $$ = $1; }
  | call_items ','                         { $$ = $1; }
  ;

call_items:
    call_item                              { $$ = (fx_count){1, false}; }
  | call_items ',' call_item               { $$ = (fx_count){$1.n + 1, false}; }
  ;

call_item:
    value                                  { push(P, $1); }
  | WORD '=' value                         { push(P, word(P, $1)); push(P, $3); push(P, pop_container(P, FX_V_KWARG, 2)); }
  ;

%%

void fxerror(FXLTYPE *loc, void *scanner, fx_parser *P, const char *msg) {
  (void)scanner;
  if (P->lex_error) return; /* the lexer has already said what is wrong with this token */
  /* bison: "syntax error, unexpected X, expecting Y or Z" -> "unexpected X, expected Y or Z" */
  const char *m = msg;
  if (strncmp(m, "syntax error, ", 14) == 0) m += 14;
  const char *exp = strstr(m, ", expecting ");
  if (exp)
    fx_parser_error_at(P, loc, "%.*s, expected %s", (int)(exp - m), m, exp + 12);
  else
    fx_parser_error_at(P, loc, "%s", m);
}

static void push(fx_parser *P, fx_value v) {
  if (P->nstk == P->capstk) {
    P->capstk = P->capstk ? P->capstk * 2 : 64;
    P->stk = fx_xrealloc(P->stk, P->capstk * sizeof *P->stk);
  }
  P->stk[P->nstk++] = v;
}

static fx_value pop_container(fx_parser *P, fx_vkind k, uint32_t n) {
  if (n > P->nstk) n = P->nstk; /* only after an error */
  P->nstk -= n;
  return fx_value_container_in(P->arena, k, n ? P->stk + P->nstk : NULL, n);
}

static fx_value leaf(fx_parser *P, fx_vkind k, fx_tok t, const FXLTYPE *loc) {
  fx_value v;
  memset(&v, 0, sizeof v);
  v.kind = (uint8_t)k;
  v.u.text = t.p;
  v.n = t.n;
  if (k == FX_V_INT) {
    char tmp[32];
    errno = 0;
    if (t.n < sizeof tmp) {
      memcpy(tmp, t.p, t.n);
      tmp[t.n] = 0;
      v.v.i = strtoll(tmp, NULL, 10);
    }
    if (t.n >= sizeof tmp || errno == ERANGE)
      fx_parser_error_at(P, loc, "integer literal does not fit in 64 bits");
  } else if (k == FX_V_FLOAT) {
    char tmp[64];
    if (t.n < sizeof tmp) {
      memcpy(tmp, t.p, t.n);
      tmp[t.n] = 0;
      v.v.f = strtod(tmp, NULL); /* strtod reads inf, -inf and nan too */
    } else {
      v.v.f = strtod(t.p, NULL);
    }
  }
  return v;
}

static fx_value word(fx_parser *P, fx_tok t) {
  fx_value v = leaf(P, FX_V_WORD, t, NULL);
  fx_str s = fx_str_make(t.p, t.n);
  if (fx_str_eqz(s, "None")) v.kind = FX_V_NONE;
  else if (fx_str_eqz(s, "True")) { v.kind = FX_V_BOOL; v.v.i = 1; }
  else if (fx_str_eqz(s, "False")) v.kind = FX_V_BOOL;
  else if (fx_str_eqz(s, "Ellipsis")) v.kind = FX_V_ELLIPSIS;
  return v;
}

/* A reference is resolved now if its node came before; otherwise it is left for the check after parsing. */
static fx_value ref(fx_parser *P, fx_tok t) {
  fx_value v = leaf(P, FX_V_NODE, t, NULL);
  v.v.node = P->g ? fx_graph_find(P->g, fx_str_make(t.p, t.n)) : FX_NONE_IDX;
  return v;
}

static fx_tok tok_of_span(fx_parser *P, fx_span s) {
  return (fx_tok){P->src->text + s.off, s.end - s.off};
}

static void placeholder_param(fx_parser *P, fx_tok name, fx_span type, const fx_value *dflt, const FXLTYPE *loc) {
  if (!fx_str_is_identifier(fx_str_make(name.p, name.n))) {
    fx_parser_error_at(P, loc, "'%.*s' is not a parameter name", (int)name.n, name.p);
    return;
  }
  fx_value args = fx_value_tuple(P->g, dflt, dflt ? 1 : 0);
  fx_value kwargs = fx_value_container(P->g, FX_V_DICT, NULL, 0);
  fx_parser_add_node(P, FX_PLACEHOLDER, name, name, tok_of_span(P, type), args, kwargs, loc, -1);
}

static void call_args(fx_parser *P, fx_value *args, const FXLTYPE *aloc, fx_value *kwargs, const FXLTYPE *kloc) {
  if (args->kind != FX_V_TUPLE)
    fx_parser_error_at(P, aloc, "args must be a tuple such as (%%x,)");
  else if (kwargs->kind != FX_V_DICT)
    fx_parser_error_at(P, kloc, "kwargs must be a dict such as {dim: 1}");
  fx_parser_resolve_slice_words(P, args, aloc);
  fx_parser_resolve_slice_words(P, kwargs, kloc);
  P->rhs.has_call = true;
  P->rhs.args = *args;
  P->rhs.kwargs = *kwargs;
}

static void node_stmt(fx_parser *P, fx_tok name, fx_span type, fx_tok users, const FXLTYPE *loc,
                      const FXLTYPE *users_loc) {
  fx_rhs *rhs = &P->rhs;
  fx_str op = fx_str_make(rhs->op.p, rhs->op.n);
  int opcode;
  fx_tok target = rhs->target;
  if (rhs->old_get_attr) {
    if (!fx_str_starts_with(op, "self.") || op.n == 5) {
      fx_parser_error_at(P, &rhs->oploc, "expected OPCODE[target=...] or self.ATTRIBUTE after '=', found '%.*s'",
                         (int)op.n, op.p);
      return;
    }
    opcode = FX_GET_ATTR;
    target = (fx_tok){op.p + 5, op.n - 5};
  } else {
    opcode = fx_opcode_from_str(op);
    if (opcode < 0) {
      fx_parser_error_at(P, &rhs->oploc,
                         "unknown opcode '%.*s' (expected placeholder, get_attr, call_function, call_module, "
                         "call_method or output)",
                         (int)op.n, op.p);
      return;
    }
  }
  if (!target.n && opcode != FX_GET_ATTR) { /* get_attr[target=] is the module itself */
    fx_parser_error_at(P, &rhs->oploc, "node '%.*s' has an empty target", (int)name.n, name.p);
    return;
  }
  if (opcode == FX_CALL_FUNCTION) target = fx_parser_map_target(P->g, target); /* <built-in function add> */
  bool is_call = opcode == FX_CALL_FUNCTION || opcode == FX_CALL_MODULE || opcode == FX_CALL_METHOD ||
                 opcode == FX_OUTPUT;
  if (is_call && !rhs->has_call) {
    fx_parser_error_at(P, &rhs->oploc, "%s node '%.*s' needs '(args = (...), kwargs = {...})' after its target",
                       fx_opcode_names[opcode], (int)name.n, name.p);
    return;
  }
  if (!is_call && rhs->has_call) {
    fx_parser_error_at(P, &rhs->oploc, "%s node '%.*s' takes no args or kwargs", fx_opcode_names[opcode], (int)name.n,
                       name.p);
    return;
  }
  if (rhs->has_default && opcode != FX_PLACEHOLDER) {
    fx_parser_error_at(P, &rhs->oploc, "only a placeholder has a default value");
    return;
  }
  fx_value args, kwargs = rhs->kwargs;
  if (is_call) {
    args = rhs->args;
  } else {
    args = fx_value_tuple(P->g, rhs->has_default ? &rhs->dflt : NULL, rhs->has_default ? 1 : 0);
    kwargs = fx_value_container(P->g, FX_V_DICT, NULL, 0);
  }
  char tmp[16];
  int32_t declared = -1;
  if (users.n < sizeof tmp && users.p[0] != '-') {
    memcpy(tmp, users.p, users.n);
    tmp[users.n] = 0;
    long v = strtol(tmp, NULL, 10);
    if (v <= INT32_MAX) declared = (int32_t)v;
  }
  if (declared < 0) fx_parser_error_at(P, users_loc, "bad user count");
  uint32_t idx = fx_parser_add_node(P, (fx_opcode)opcode, name, target, tok_of_span(P, type), args, kwargs, loc, declared);
  if (opcode == FX_OUTPUT && idx != FX_NONE_IDX) {
    if (P->output != FX_NONE_IDX) {
      fx_parser_error_at(P, loc, "a second output; a graph has exactly one");
      fx_diag_note(P->d, P->src, P->g->nodes[P->output].loc, "the first output is here");
    } else {
      P->output = idx;
    }
  }
}

static void return_stmt(fx_parser *P, fx_value *v, const FXLTYPE *loc, const FXLTYPE *vloc) {
  if (P->output != FX_NONE_IDX) {
    fx_parser_error_at(P, loc, "a second 'return'; a graph has exactly one output");
    fx_diag_note(P->d, P->src, P->g->nodes[P->output].loc, "the first output is here");
    return;
  }
  fx_parser_resolve_words(P, v, vloc, true);
  fx_value args = fx_value_tuple(P->g, v, 1);
  fx_value kwargs = fx_value_container(P->g, FX_V_DICT, NULL, 0);
  fx_str oname = fx_graph_unique_name(P->g, FX_STR_LIT("output"));
  fx_tok name = {oname.p, oname.n}, target = {"output", 6};
  FXLTYPE l = *loc;
  l.end = vloc->end;
  P->output = fx_parser_add_node(P, FX_OUTPUT, name, target, (fx_tok){"", 0}, args, kwargs, &l, -1);
}
