/* ops.h: the core operators (ops.def) and Python-style binding of call arguments to signatures.
 *
 *     fx_sig sig;
 *     fx_sig_parse("input, dim=None, keepdim=False, *, dtype=None", &sig);
 *     fx_value slots[FX_SIG_MAX];
 *     if (!fx_sig_bind(&sig, &node->args, &node->kwargs, slots, &err)) ... err.msg ...
 *     // slots[i] is the value of sig.params[i]: given positionally, by keyword, or its default
 */
#ifndef FX_OPS_H
#define FX_OPS_H

#include "graph.h"

typedef enum fx_op {
#define FX_OP(id, name, sig, nout, flags, rule) FX_OP_##id,
#include "ops.def"
#undef FX_OP
  FX_NUM_OPS
} fx_op;

enum {
  FX_OPF_UNARY = 1 << 0,
  FX_OPF_BINARY = 1 << 1,
  FX_OPF_VIEW = 1 << 2,
  FX_OPF_NOOP = 1 << 3,
  FX_OPF_CONST = 1 << 4,
  FX_OPF_CREATE = 1 << 5,
  FX_OPF_PY = 1 << 6,
  FX_OPF_FX2C = 1 << 7, /* fx2c's own op, made by a pass: spelled only fx2c.NAME */
  FX_OPF_INPLACE = 1 << 8, /* its rule computes the in-place form (NAME_) into its input, like the elementwise ops */
};

const char *fx_op_name(fx_op op);
unsigned fx_op_flags(fx_op op);
/* How many values the op returns (0: depends on the arguments). */
int fx_op_outputs(fx_op op);

#define FX_SIG_MAX 24

typedef struct fx_sig_param {
  fx_str name;
  fx_value dflt;   /* the default (kind FX_V_NONE with n == 0 and no text: required) */
  bool required;
  bool kwonly;
  bool varargs;    /* *name */
} fx_sig_param;

typedef struct fx_sig {
  fx_sig_param params[FX_SIG_MAX];
  int n;
} fx_sig;

/* Parses a signature (see ops.def). The text must stay alive (names and defaults point into it). Defaults are
 * Python literals: None, True, False, ints, floats, 'strings', (), [], dotted words. Returns false on a malformed
 * signature (a bug in a table, reported by the op-table test). */
bool fx_sig_parse(const char *text, fx_sig *out);
/* The signature of an op, parsed once. */
const fx_sig *fx_op_sig(fx_op op);
/* Index of a parameter by name (or -1). "self" finds the first parameter (aten's name for the input). */
int fx_sig_find(const fx_sig *s, const char *name);

typedef struct fx_bind_error {
  char msg[160];
  const fx_value *at; /* the argument the error is about, or NULL */
} fx_bind_error;

/* Binds args (a tuple) and kwargs (a dict) to sig as Python would, writing one value per parameter into slots
 * (defaults where not given; varargs as a tuple, or the single tuple/list given, as Tensor.view((1, -1)) does).
 * Values are copied by value (items are shared with the call). present[i], if not NULL, tells whether parameter i
 * was given. The tuple made for varargs lives in arena a. */
bool fx_sig_bind(const fx_sig *sig, const fx_value *args, const fx_value *kwargs, fx_arena *a, fx_value *slots,
                 bool *present, fx_bind_error *err);

/* The activations of fx2c.fused_conv and fx2c.fused_linear (activation='relu', ...), in fxrt_act's order
 * (runtime/fxrt.h): the index of `v`'s name, or -1 when v is not one of them. */
extern const char *const fx_epilogue_acts[];
int fx_epilogue_act(const fx_value *v);

#endif
