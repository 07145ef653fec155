/* passes.c: the pass manager (passes.h). */
#include "passes.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../program/plan.h"

/* The arena the memory plan gives the program as it is (for --stats); 0 when it does not lower. */
static uint64_t arena_bytes(const fx_program *p) {
  fx_lowered L;
  fx_diag quiet;
  fx_diag_init(&quiet);
  uint64_t a = 0;
  if (fx_lower(p, &L, &quiet)) {
    fx_plan P;
    fx_plan_build(&L, &P);
    a = P.arena;
    fx_plan_free(&P);
    fx_lowered_free(&L);
  }
  fx_diag_free(&quiet);
  return a;
}

void fx_made_init(fx_made_nodes *m, const fx_program *p) { *m = (fx_made_nodes){p, p->g->nnodes, NULL, 0, 0}; }

void fx_made_note(fx_made_nodes *m, uint32_t node, uint32_t tensor) {
  while (node - m->nold >= m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    m->tensor = fx_xrealloc(m->tensor, m->cap * sizeof *m->tensor);
  }
  while (m->n <= node - m->nold) m->tensor[m->n++] = FX_NONE_IDX;
  m->tensor[node - m->nold] = tensor;
}

uint32_t fx_made_result(void *ctx, uint32_t node) {
  const fx_made_nodes *m = ctx;
  if (node >= m->nold) return node - m->nold < m->n ? m->tensor[node - m->nold] : FX_NONE_IDX;
  const fx_value *r = &m->p->inst[node].result;
  return r->kind == FX_V_TENSOR ? r->v.node : FX_NONE_IDX;
}

void fx_made_free(fx_made_nodes *m) {
  fx_xfree(m->tensor);
  m->tensor = NULL;
  m->n = m->cap = 0;
}


const fx_pass fx_passes[] = {
    {"noop", "no-op removal: dropout, identity, contiguous, clone, detach, stochastic_depth, same-shape reshapes",
     fx_pass_noop},
    {"constfold", "constant folding: what depends only on weights and literals, computed now and stored as a weight",
     fx_pass_constfold},
    {"bnfold", "BatchNorm folded into the Conv1d/Conv2d/Linear module before it (eval mode)", fx_pass_bnfold},
    {"epilogue", "epilogue fusion: a residual add and an activation folded into the conv or linear before them",
     fx_pass_epilogue},
    {"padfold", "constant padding (F.pad) folded into the convolution or pooling that reads it", fx_pass_padfold},
    {"prepack", "the weights of linear layers and attention with 24 rows or more packed for the GEMM at compile time",
     fx_pass_prepack},
    {"winograd", "3x3 stride-1 convolutions to Winograd F(4x4, 3x3), the weight transformed at compile time",
     fx_pass_winograd},
    {"nchwc",
     "chains of 1x1 and depthwise convolutions (with their stem and squeeze-and-excitation) in the blocked channel "
     "layout NCHW16c, weights packed",
     fx_pass_nchwc},
    {"cse", "common-subexpression elimination (pure nodes reading nothing written in place)", fx_pass_cse},
    {"ewfuse", "elementwise fusion: chains and trees of f32 elementwise ops computed in one loop (fx2c.pointwise)",
     fx_pass_ewfuse},
    {"dce", "dead-code elimination", fx_pass_dce},
    {NULL, NULL, NULL},
};

const char *fx_pass_pipeline(int level) {
  /* -O1: every pass but winograd, whose transformed weights are 1.8x to 4x the originals, and prepack and nchwc, whose
   * packed weights and blocked tensors are padded: -O1 keeps the weights and buffers as they are, for firmware */
  return level <= 0   ? ""
         : level == 1 ? "noop,constfold,bnfold,epilogue,padfold,cse,ewfuse,dce"
                      : "noop,constfold,bnfold,epilogue,padfold,prepack,winograd,nchwc,cse,ewfuse,dce";
}

static const fx_pass *find(const char *name, size_t n) {
  for (const fx_pass *ps = fx_passes; ps->name; ps++)
    if (strlen(ps->name) == n && strncmp(ps->name, name, n) == 0) return ps;
  return NULL;
}

bool fx_pass_find_ref(const fx_value *v, uint32_t t, fx_result_fn result_of, void *ctx, fx_value *out) {
  if (v->kind == FX_V_NODE) {
    if (result_of(ctx, v->v.node) != t) return false;
    *out = *v;
    return true;
  }
  if (fx_value_is_container(v))
    for (uint32_t i = 0; i < v->n; i++)
      if (fx_pass_find_ref(&v->u.items[i], t, result_of, ctx, out)) return true;
  return false;
}

/* The tensor a node of the program computes (only nodes that existed when the pass began are looked up). */
static uint32_t program_result(void *ctx, uint32_t node) {
  const fx_value *r = &((const fx_program *)ctx)->inst[node].result;
  return r->kind == FX_V_TENSOR ? r->v.node : FX_NONE_IDX;
}

bool fx_pass_node_ref(const fx_program *p, uint32_t n, uint32_t t, fx_value *out) {
  const fx_node *nd = &p->g->nodes[n];
  return fx_pass_find_ref(&nd->args, t, program_result, (void *)p, out) ||
         fx_pass_find_ref(&nd->kwargs, t, program_result, (void *)p, out);
}

bool fx_pass_conv_operands(const fx_pass_manager *pm, uint32_t i, int64_t k, fx_value *x, fx_value *b, uint32_t *bias,
                           fx_value *res) {
  const fx_program *p = pm->p;
  const fx_inst *in = &p->inst[i];
  const fx_sig *sig = fx_op_sig((fx_op)in->op);
  *b = *res = fx_value_none();
  *bias = FX_NONE_IDX;
  if (!fx_pass_node_ref(p, i, in->args[0].v.node, x)) return false;
  const fx_value *bv = &in->args[fx_sig_find(sig, "bias")];
  if (bv->kind == FX_V_TENSOR) {
    const fx_tinfo *tb = &p->tensors[bv->v.node];
    if (tb->dtype != FXRT_F32 || tb->ndim != 1 || tb->shape[0] != k) return false;
    if (!fx_pass_node_ref(p, i, bv->v.node, b)) {
      *bias = fx_pass_weight_index(p, pm->w, bv); /* a module's bias: read by a new get_attr */
      if (*bias == FX_NONE_IDX) return false;
    }
  } else if (bv->kind != FX_V_NONE) {
    return false;
  }
  if (in->op != FX_OP_FUSED_CONV) return true;
  const fx_value *rv = &in->args[fx_sig_find(sig, "residual")];
  return rv->kind != FX_V_TENSOR || fx_pass_node_ref(p, i, rv->v.node, res);
}

bool fx_pass_arg_value(fx_pass_manager *pm, uint32_t n, const fx_value *arg, fx_result_fn result_of, void *ctx,
                       fx_value *out, uint32_t *made) {
  const fx_program *p = pm->p;
  fx_graph *g = p->g;
  *made = FX_NONE_IDX;
  if (arg->kind == FX_V_NONE) {
    *out = fx_value_none();
    return true;
  }
  if (arg->kind != FX_V_TENSOR) return false;
  if (fx_pass_find_ref(&g->nodes[n].args, arg->v.node, result_of, ctx, out) ||
      fx_pass_find_ref(&g->nodes[n].kwargs, arg->v.node, result_of, ctx, out))
    return true;
  const fx_tinfo *t = &p->tensors[arg->v.node];
  if (t->kind != FX_T_WEIGHT || !t->data || !t->data->name.n || !pm->w || fx_weights_find(pm->w, t->data->name) != t->data)
    return false;
  *made = fx_graph_create_node(g, FX_GET_ATTR, t->data->name, fx_value_tuple(g, NULL, 0),
                               fx_value_container(g, FX_V_DICT, NULL, 0), (fx_str){"", 0}, (fx_str){"", 0});
  *out = fx_value_node(g, *made);
  return true;
}

void fx_pass_kwarg(fx_graph *g, fx_value *items, uint32_t *n, const char *key, fx_value v) {
  items[(*n)++] = fx_value_word(g, fx_str_make(key, strlen(key)));
  items[(*n)++] = v;
}

uint32_t fx_pass_get_attr(fx_graph *g, fx_str name, uint32_t before) {
  fx_insert_point ip = fx_graph_inserting_before(g, before);
  uint32_t ga = fx_graph_create_node(g, FX_GET_ATTR, name, fx_value_tuple(g, NULL, 0),
                                     fx_value_container(g, FX_V_DICT, NULL, 0), (fx_str){"", 0}, (fx_str){"", 0});
  fx_graph_restore_insert(g, ip);
  return ga;
}

void fx_pass_epilogue_kwargs(fx_graph *g, const fx_inst *in, fx_value res, fx_value *kw, uint32_t *nk) {
  const fx_sig *sig = fx_op_sig((fx_op)in->op);
  const int act = fx_epilogue_act(&in->args[fx_sig_find(sig, "activation")]);
  const fx_value *slope = &in->args[fx_sig_find(sig, "negative_slope")], *lo = &in->args[fx_sig_find(sig, "min")],
                 *hi = &in->args[fx_sig_find(sig, "max")];
  if (res.kind != FX_V_NONE) fx_pass_kwarg(g, kw, nk, "residual", res);
  const char *aname = fx_epilogue_acts[act < 0 ? 0 : act];
  if (act > 0) fx_pass_kwarg(g, kw, nk, "activation", fx_value_str(g, fx_str_make(aname, strlen(aname))));
  if (strcmp(aname, "leaky_relu") == 0) fx_pass_kwarg(g, kw, nk, "negative_slope", fx_value_copy(g, slope, NULL, NULL));
  if (lo->kind != FX_V_NONE) fx_pass_kwarg(g, kw, nk, "min", fx_value_copy(g, lo, NULL, NULL));
  if (hi->kind != FX_V_NONE) fx_pass_kwarg(g, kw, nk, "max", fx_value_copy(g, hi, NULL, NULL));
}

fx_tensor *fx_pass_derived_weight(fx_weights *w, uint32_t wi, const char *suffix, int32_t ndim, const int64_t *shape,
                                  bool *fresh) {
  char key[512];
  const fx_str src = w->tensors[wi].name;
  const int sn = (int)(src.n < 480 ? src.n : 480);
  snprintf(key, sizeof key, "%.*s_%s", sn, src.p, suffix);
  fx_tensor *have = (fx_tensor *)fx_weights_find(w, fx_str_make(key, strlen(key)));
  *fresh = false;
  if (have && have->dtype == FXRT_F32 && have->ndim == ndim &&
      !memcmp(have->shape, shape, (size_t)ndim * sizeof *shape))
    return have;
  for (int s = 1; have; s++) { /* the name is taken by something else */
    snprintf(key, sizeof key, "%.*s_%s_%d", sn, src.p, suffix, s);
    have = (fx_tensor *)fx_weights_find(w, fx_str_make(key, strlen(key)));
  }
  *fresh = true;
  return fx_weights_add(w, fx_str_make(key, strlen(key)), FXRT_F32, ndim, shape);
}

uint32_t fx_pass_storage_root(const fx_program *p, uint32_t t) {
  for (uint32_t k = 0; k < 64 && p->tensors[t].alias != t; k++) t = p->tensors[t].alias;
  return t;
}

uint32_t fx_pass_weight_index(const fx_program *p, const fx_weights *w, const fx_value *v) {
  if (!w || v->kind != FX_V_TENSOR) return FX_NONE_IDX;
  const fx_tinfo *t = &p->tensors[v->v.node];
  const fx_tensor *d = t->data;
  if (t->kind != FX_T_WEIGHT || !d || d < w->tensors || d >= w->tensors + w->n) return FX_NONE_IDX;
  return (uint32_t)(d - w->tensors);
}

void fx_pass_weight_uses(const fx_program *p, const fx_weights *w, uint32_t *readers, bool *written) {
  const fx_graph *g = p->g;
  for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next) {
    const fx_inst *in = &p->inst[i];
    if (in->op < 0) continue;
    if (in->inplace && in->result.kind == FX_V_TENSOR) {
      const fx_value root = fx_tensor_value(p, fx_pass_storage_root(p, in->result.v.node));
      const uint32_t wi = fx_pass_weight_index(p, w, &root);
      if (wi != FX_NONE_IDX) written[wi] = true;
    }
    const fx_sig *sig = fx_op_sig((fx_op)in->op);
    for (int a = 0; a < sig->n; a++) {
      const fx_value *v = &in->args[a];
      const uint32_t n = fx_value_is_container(v) ? v->n : 1;
      for (uint32_t j = 0; j < n; j++) {
        const uint32_t wi = fx_pass_weight_index(p, w, fx_value_is_container(v) ? &v->u.items[j] : v);
        if (wi != FX_NONE_IDX) readers[wi]++;
      }
    }
  }
}

bool fx_pass_list_valid(const char *list, const char **bad, size_t *bad_len) {
  for (const char *s = list; *s;) {
    size_t n = strcspn(s, ",");
    if (n && !find(s, n)) {
      *bad = s;
      *bad_len = n;
      return false;
    }
    s += n + (s[n] == ',');
  }
  return true;
}

/* A fresh program on the same graph, modules, weights and inputs. */
static bool rebuild(fx_pass_manager *pm) {
  fx_program *p = pm->p;
  uint32_t n = p->nplaceholders;
  fx_input_spec *inputs = fx_xmalloc((n + 1) * sizeof *inputs);
  memcpy(inputs, p->inputs, n * sizeof *inputs);
  fx_graph *g = p->g;
  const fx_modules *mods = p->mods;
  const fx_weights *w = p->weights;
  const int32_t ws_workers = p->ws_workers;
  const bool small = p->small, requant_fixed = p->requant_fixed;
  const fx_custom_ops *custom = p->custom;
  fx_program_free(p);
  fx_program_init(p, g, mods, w);
  p->optimized = true;
  p->ws_workers = ws_workers;
  p->small = small;
  p->requant_fixed = requant_fixed;
  p->custom = custom;
  for (uint32_t i = 0; i < n && i < p->nplaceholders; i++)
    if (inputs[i].given) fx_program_set_input(p, i, inputs[i].dtype, inputs[i].ndim, inputs[i].shape);
  fx_xfree(inputs);
  /* the passes reference the weights read before and their own; a file tensor that a pass reads anew is read here */
  return fx_program_build(p, pm->d) && fx_program_read_weights(p, pm->w, pm->d);
}

bool fx_pass_manager_run(fx_pass_manager *pm, const char *list) {
  const uint32_t nodes_before = pm->p->g->nlive;
  for (const char *s = list; *s;) {
    size_t n = strcspn(s, ",");
    const fx_pass *ps = n ? find(s, n) : NULL;
    s += n + (s[n] == ',');
    if (!ps) continue;
    fx_pass_stats st;
    memset(&st, 0, sizeof st);
    st.nodes_before = pm->p->g->nlive;
    uint64_t arena_before = pm->stats_to ? arena_bytes(pm->p) : 0;
    if (pm->on_pass) pm->on_pass(pm->on_pass_ctx, ps->name, NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bool changed = ps->run(pm, &st);
    st.nodes_after = pm->p->g->nlive;
#ifndef NDEBUG
    if (fx_graph_lint(pm->p->g, pm->d)) {
      fx_diag_error(pm->d, NULL, (fx_loc){0, 0, 0, 0}, "internal error: the graph is malformed after pass '%s'",
                    ps->name);
      return false;
    }
#endif
    if (changed && !rebuild(pm)) return false;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (pm->on_pass) pm->on_pass(pm->on_pass_ctx, ps->name, &st);
    if (pm->stats_to) {
      uint64_t arena_after = changed ? arena_bytes(pm->p) : arena_before;
      fprintf(pm->stats_to, "pass %-9s %8.3f s  %5u -> %5u nodes: %u removed, %u BatchNorms folded, %u fusion groups, "
                            "%lld weight bytes saved, arena %llu -> %llu bytes\n",
              ps->name, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
              st.nodes_before, st.nodes_after, st.removed, st.bn_folded, st.fused,
              (long long)st.weight_bytes_saved, (unsigned long long)arena_before,
              (unsigned long long)arena_after);
      if (st.packed)
        fprintf(pm->stats_to, "pass %-8s %u linear layers or attention on packed weights\n", ps->name, st.packed);
      if (st.winograd)
        fprintf(pm->stats_to, "pass %-8s %u convolutions to Winograd's algorithm\n", ps->name, st.winograd);
      if (st.nchwc) fprintf(pm->stats_to, "pass %-8s %u convolutions to NCHW16c\n", ps->name, st.nchwc);
      if (st.nchwc_se)
        fprintf(pm->stats_to, "pass %-8s %u squeeze-and-excitation pools and scales to NCHW16c\n", ps->name,
                st.nchwc_se);
      if (st.nchwc_cat)
        fprintf(pm->stats_to, "pass %-8s %u max pools and concatenations to NCHW16c\n", ps->name, st.nchwc_cat);
    }
    if (pm->print_after && pm->print_to && (strcmp(pm->print_after, "all") == 0 || strcmp(pm->print_after, ps->name) == 0)) {
      fprintf(pm->print_to, "# after %s\n", ps->name);
      fx_print_graph(pm->p->g, pm->print_to);
    }
  }
  if (pm->stats_to && *list) { /* the whole pipeline, and the BatchNorms it could not fold */
    const fx_graph *g = pm->p->g;
    uint32_t bn = 0;
    for (uint32_t i = g->first; i != FX_NONE_IDX; i = g->nodes[i].next)
      bn += pm->p->inst[i].op == FX_OP_BATCH_NORM || pm->p->inst[i].op == FX_OP_NATIVE_BATCH_NORM;
    fprintf(pm->stats_to, "passes: %u -> %u nodes, %u BatchNorms left\n", nodes_before, g->nlive, bn);
  }
  return true;
}
