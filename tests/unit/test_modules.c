/* test_modules.c: the module-tree reader (frontend/modules.h).
 *
 * Expected values come from torch 1.13 (Debian's python3-torch, /usr/bin/python3) through
 * tests/gen/gen_modules.py, which prints each fixture under tests/modules/ with print(obj) and writes next to it
 * what torch says it holds (named_modules(), each layer's attributes and inspect.signature defaults, state_dict()
 * keys and shapes); see that script for the record format. The torchvision trees are the committed
 * tests/graphs/torchvision/NAME.modules.txt (print(model), torchvision 0.14).
 *
 * The few inputs written here by hand are malformed trees (for diagnostics and robustness) and layouts torch 1.13
 * cannot print (torch >= 2.1's "(0-11): 12 x Block(" ModuleList compression; arguments split over lines).
 */
#include <math.h>

#include "unit_helpers.h"

#include "frontend/modules.h"

/* ---- fixtures and their cleanup ---- */

typedef struct {
  fx_source src;
  fx_diag d;
  fx_modules m;
  bool ok;
} parsed_mods;

#define MAX_MODS 64
static parsed_mods *mods_list[MAX_MODS];
static size_t nmods_list;
static char *files_list[MAX_MODS];
static size_t nfiles_list;

/* Frees the last file read. */
static void free_last_file(void) {
  if (nfiles_list) fx_xfree(files_list[--nfiles_list]);
}

/* Frees the parsed trees (not the files read). */
static void free_parsed(void) {
  while (nmods_list) {
    parsed_mods *p = mods_list[--nmods_list];
    fx_modules_free(&p->m);
    fx_source_free(&p->src);
    fx_diag_free(&p->d);
    free(p);
  }
}

static void free_mods(void) {
  free_parsed();
  while (nfiles_list) fx_xfree(files_list[--nfiles_list]);
}

static int mods_teardown(void **state) {
  free_mods();
  return mem_teardown(state);
}

#define MOD_TEST(f) {#f, run_checked, mem_setup, mods_teardown, &(checked_test){f, false, 0}}

static parsed_mods *parse_mods_n(const char *path, const char *text, size_t len) {
  assert_true(nmods_list < MAX_MODS);
  parsed_mods *p = calloc(1, sizeof *p);
  assert_non_null(p);
  mods_list[nmods_list++] = p;
  fx_diag_init(&p->d);
  fx_source_from_text(&p->src, path, text, len);
  p->ok = fx_modules_parse(&p->m, &p->src, &p->d);
  return p;
}

static parsed_mods *parse_mods(const char *text) { return parse_mods_n("m.txt", text, strlen(text)); }

static void print_diags(const parsed_mods *p) {
  for (uint32_t i = 0; i < p->d.n; i++)
    print_message("  %s:%u:%u: %s\n", p->src.path, p->d.msgs[i].loc.line, p->d.msgs[i].loc.col, p->d.msgs[i].text);
}

/* Parses text that must read without any diagnostic. */
static const fx_modules *parse_ok(const char *text) {
  parsed_mods *p = parse_mods(text);
  if (!p->ok || p->d.n) print_diags(p);
  assert_true(p->ok);
  assert_int_equal(p->d.n, 0);
  return &p->m;
}

/* The tests directory: FX2C_TESTS_DIR, or this file's ../ */
static const char *tests_dir(void) {
  static char dir[1024];
  const char *env = getenv("FX2C_TESTS_DIR");
  if (env && *env) return env;
  snprintf(dir, sizeof dir, "%s", __FILE__);
  for (int up = 0; up < 2; up++) {
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
  }
  return dir;
}

/* A file under tests/ (freed by the teardown); fails the test if it cannot be read. */
static char *read_test_file(const char *rel, size_t *len) {
  char path[2048];
  snprintf(path, sizeof path, "%s/%s", tests_dir(), rel);
  char *data = NULL;
  if (!fx_read_file(path, &data, len)) {
    print_error("cannot read %s\n", path);
    fail();
  }
  assert_true(nfiles_list < MAX_MODS);
  files_list[nfiles_list++] = data;
  return data;
}

static parsed_mods *parse_test_file(const char *rel) {
  size_t len;
  char *text = read_test_file(rel, &len);
  parsed_mods *p = parse_mods_n(rel, text, len);
  if (!p->ok) print_diags(p);
  assert_true(p->ok);
  assert_int_equal(p->d.nerrors, 0);
  return p;
}

static const fx_module *find(const fx_modules *m, const char *path) {
  const fx_module *mod = fx_modules_find(m, fx_str_make(path, strlen(path)));
  if (!mod) print_error("no module '%s'\n", path);
  assert_non_null(mod);
  return mod;
}

/* ---- the expectation records (tests/gen/gen_modules.py) ---- */

/* Splits a line in place at TABs; returns the field count. */
static int split_tabs(char *line, char **f, int cap) {
  int n = 0;
  f[n++] = line;
  for (char *p = line; *p && n < cap; p++)
    if (*p == '\t') {
      *p = 0;
      f[n++] = p + 1;
    }
  return n;
}

static void fail_at(const char *what, const char *path, const char *name, const char *expected) {
  print_error("%s: module '%s' parameter '%s': expected %s\n", what, path, name, expected);
  fail();
}

/* Compares value `v` (a parameter of mod) with an encoding from gen_modules.py. */
static void check_encoded(const fx_module *mod, const char *path, const char *name, const char *e) {
  const fx_value *v = fx_module_param(mod, name);
  if (!v) fail_at("missing", path, name, e);
  if (strcmp(e, "any") == 0) return;
  if (strcmp(e, "none") == 0) {
    if (v->kind != FX_V_NONE) fail_at("not None", path, name, e);
    return;
  }
  if (strncmp(e, "b:", 2) == 0) {
    bool b;
    if (!fx_module_bool(mod, name, &b) || b != (e[2] == '1')) fail_at("bool", path, name, e);
    return;
  }
  if (strncmp(e, "i:", 2) == 0) {
    if (v->kind != FX_V_INT || v->v.i != strtoll(e + 2, NULL, 10)) fail_at("int", path, name, e);
    int64_t one;
    assert_true(fx_module_ints(mod, name, 1, &one));
    assert_int_equal(one, strtoll(e + 2, NULL, 10));
    return;
  }
  if (strncmp(e, "f:", 2) == 0) {
    double dv, want = strtod(e + 2, NULL);
    if (!fx_module_float(mod, name, &dv) || !(dv == want || (isnan(dv) && isnan(want)))) fail_at("float", path, name, e);
    return;
  }
  if (strncmp(e, "s:", 2) == 0) {
    fx_str s;
    if (!fx_module_str(mod, name, &s) || !fx_str_eqz(s, e + 2)) fail_at("string", path, name, e);
    return;
  }
  if (strncmp(e, "t:", 2) == 0) {
    /* ints, some may be None: compared item by item, and through fx_module_ints when all are ints */
    int64_t want[16];
    bool none[16];
    int n = 0;
    bool any_none = false;
    for (const char *p = e + 2; *p && n < 16;) {
      none[n] = strncmp(p, "None", 4) == 0;
      any_none |= none[n];
      want[n] = none[n] ? 0 : strtoll(p, NULL, 10);
      n++;
      p = strchr(p, ',');
      if (!p) break;
      p++;
    }
    if (!any_none) {
      int64_t got[16];
      if (!fx_module_ints(mod, name, n, got)) fail_at("ints", path, name, e);
      for (int i = 0; i < n; i++)
        if (got[i] != want[i]) fail_at("ints", path, name, e);
    }
    if (v->kind == FX_V_INT) {
      if (any_none) fail_at("a tuple with None", path, name, e);
      return;
    }
    if ((v->kind != FX_V_TUPLE && v->kind != FX_V_LIST) || v->n != (uint32_t)n) fail_at("tuple", path, name, e);
    for (int i = 0; i < n; i++) {
      const fx_value *it = &v->u.items[i];
      if (none[i] ? it->kind != FX_V_NONE : (it->kind != FX_V_INT || it->v.i != want[i])) fail_at("item", path, name, e);
    }
    return;
  }
  if (strncmp(e, "ft:", 3) == 0) {
    double want[16];
    int n = 0;
    for (const char *p = e + 3; *p && n < 16;) {
      want[n++] = strtod(p, NULL);
      p = strchr(p, ',');
      if (!p) break;
      p++;
    }
    if (v->kind != FX_V_TUPLE || v->n != (uint32_t)n) fail_at("float tuple", path, name, e);
    for (int i = 0; i < n; i++) {
      const fx_value *it = &v->u.items[i];
      double dv = it->kind == FX_V_INT ? (double)it->v.i : it->v.f;
      if ((it->kind != FX_V_INT && it->kind != FX_V_FLOAT) || dv != want[i]) fail_at("float item", path, name, e);
    }
    return;
  }
  fail_at("an encoding this test knows", path, name, e);
}

typedef struct {
  uint32_t modules, params, specs;
} expect_counts;

/* Checks a parsed tree against an .expect file: every module in order, every parameter, every state_dict entry. */
static expect_counts check_expect(const fx_modules *m, const char *expect_rel) {
  size_t len;
  char *text = read_test_file(expect_rel, &len);
  expect_counts c = {0, 0, 0};
  const fx_module *cur = NULL;
  uint32_t cur_params = 0, cur_specs = 0;
  fx_param_spec specs[8];
  int nspecs = 0;
  char *save = NULL;
  /* per module: after its records, the parameter and spec counts must be complete */
#define CLOSE_MODULE()                                                                     \
  do {                                                                                     \
    if (cur && cur->type != FX_MOD_CONTAINER) {                                            \
      if (cur_params != cur->nparams)                                                      \
        print_error("module '%.*s': torch lists %u parameters, fx2c %u\n", (int)cur->path.n, \
                    cur->path.p, cur_params, cur->nparams);                                \
      assert_int_equal(cur_params, cur->nparams);                                          \
      if ((int)cur_specs != nspecs)                                                        \
        print_error("module '%.*s': torch has %u state_dict entries, fx2c %d\n", (int)cur->path.n, \
                    cur->path.p, cur_specs, nspecs);                                       \
      assert_int_equal(cur_specs, nspecs);                                                 \
    }                                                                                      \
  } while (0)
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char *f[8];
    int nf = split_tabs(line, f, 8);
    if (strcmp(f[0], "module") == 0) {
      assert_int_equal(nf, 5);
      CLOSE_MODULE();
      if (c.modules >= m->n) {
        print_error("torch has more modules than fx2c read (%u), next '%s'\n", m->n, f[1]);
        fail();
      }
      cur = &m->items[c.modules];
      if (!fx_str_eqz(cur->path, f[1]))
        print_error("module %u: expected path '%s', read '%.*s'\n", c.modules, f[1], (int)cur->path.n, cur->path.p);
      assert_fxstr_equal(cur->path, f[1]);
      assert_fxstr_equal(cur->type_name, f[2]);
      assert_string_equal(fx_module_type_names[cur->type], f[3]);
      assert_ptr_equal(fx_modules_find(m, cur->path), cur);
      if (strcmp(f[4], "-") == 0) {
        assert_int_equal(cur->parent, FX_NONE_IDX);
      } else {
        assert_true(cur->parent < c.modules);
        assert_fxstr_equal(m->items[cur->parent].path, f[4]);
      }
      assert_int_equal(cur->call.kind, FX_V_CALL);
      assert_true(cur->call.n >= 1);
      assert_bytes_equal(cur->call.u.items[0].u.text, cur->call.u.items[0].n, f[2]);
      cur_params = cur_specs = 0;
      nspecs = fx_module_param_specs(cur, specs);
      if (cur->type == FX_MOD_CONTAINER) {
        assert_null(cur->params);
        assert_int_equal(nspecs, 0);
      } else {
        assert_true(cur->nparams == 0 || cur->params != NULL);
      }
      c.modules++;
    } else if (strcmp(f[0], "param") == 0) {
      assert_int_equal(nf, 4);
      assert_non_null(cur);
      assert_true(fx_str_eqz(cur->path, f[1]));
      /* the signature order: the k-th parameter torch lists is params[k] */
      const fx_value *v = fx_module_param(cur, f[2]);
      if (!v) print_error("module '%s' has no parameter '%s'\n", f[1], f[2]);
      assert_non_null(v);
      assert_true(cur_params < cur->nparams);
      assert_ptr_equal(v, &cur->params[cur_params]);
      check_encoded(cur, f[1], f[2], f[3]);
      cur_params++;
      c.params++;
    } else if (strcmp(f[0], "spec") == 0) {
      assert_int_equal(nf, 5);
      assert_non_null(cur);
      assert_true(fx_str_eqz(cur->path, f[1]));
      if ((int)cur_specs >= nspecs) print_error("module '%s': fx2c lacks state_dict entry '%s'\n", f[1], f[2]);
      assert_true((int)cur_specs < nspecs);
      const fx_param_spec *sp = &specs[cur_specs];
      assert_string_equal(sp->name, f[2]);
      assert_int_equal(sp->optional, f[4][0] == '1');
      if (strcmp(f[3], "scalar") == 0) {
        assert_true(sp->ndim == -1 || sp->ndim == 0); /* num_batches_tracked: any shape */
      } else {
        int64_t want[FXRT_MAX_DIMS];
        int nd = 0;
        for (const char *p = f[3]; *p && nd < FXRT_MAX_DIMS;) {
          want[nd++] = strtoll(p, NULL, 10);
          p = strchr(p, ',');
          if (!p) break;
          p++;
        }
        if (sp->ndim != nd) print_error("module '%s' entry '%s': ndim %d, torch %d\n", f[1], f[2], sp->ndim, nd);
        assert_int_equal(sp->ndim, nd);
        for (int i = 0; i < nd; i++) {
          if (sp->shape[i] != want[i]) print_error("module '%s' entry '%s': shape differs from torch's %s\n", f[1], f[2], f[3]);
          assert_int_equal(sp->shape[i], want[i]);
        }
      }
      cur_specs++;
      c.specs++;
    } else {
      print_error("unknown record '%s' in %s\n", f[0], expect_rel);
      fail();
    }
  }
  CLOSE_MODULE();
#undef CLOSE_MODULE
  if (c.modules != m->n) print_error("torch has %u modules, fx2c read %u\n", c.modules, m->n);
  assert_int_equal(c.modules, m->n);
  return c;
}

static void check_fixture(const char *name, uint32_t min_modules) {
  char txt[256], exp[256];
  snprintf(txt, sizeof txt, "modules/%s.txt", name);
  snprintf(exp, sizeof exp, "modules/%s.expect", name);
  parsed_mods *p = parse_test_file(txt);
  expect_counts c = check_expect(&p->m, exp);
  assert_true(c.modules >= min_modules);
}

/* ---- fixtures generated with torch ---- */

/* Every known layer with default, typical and edge arguments: the parameters fx2c binds (names, signature order,
 * defaults filled in) are torch's attributes, and the state_dict entries are torch's. */
static void layers_match_torch(void **state) {
  (void)state;
  check_fixture("layers", 90);
}

/* Sequential, nested ModuleList, ModuleDict keys with spaces, ':', '-' and parentheses, MultiheadAttention (its
 * out_proj is a NonDynamicallyQuantizableLinear, read as a Linear), extra_repr lines before children, a
 * multi-line extra_repr with a ')' line, a long one-line extra_repr that is not Python, ParameterList and
 * ParameterDict entries, an empty Sequential, a child set to None ("(absent): None"), a LayerNorm subclass (a
 * container), a module printed twice. */
static void containers_match_torch(void **state) {
  (void)state;
  check_fixture("containers", 30);
  parsed_mods *p = parse_test_file("modules/containers.txt");
  const fx_module *out_proj = find(&p->m, "attn_kv.out_proj");
  assert_int_equal(out_proj->type, FX_MOD_LINEAR);
  assert_fxstr_equal(out_proj->type_name, "NonDynamicallyQuantizableLinear");
  bool bias = true;
  assert_true(fx_module_bool(out_proj, "bias", &bias));
  assert_false(bias);
  const fx_module *ln2d = find(&p->m, "ln2d");
  assert_int_equal(ln2d->type, FX_MOD_CONTAINER);
  assert_null(fx_module_param(ln2d, "eps"));
  /* an unknown class keeps the arguments it printed when they read as Python values */
  assert_int_equal(ln2d->call.n, 4);
  assert_int_equal(ln2d->call.u.items[2].kind, FX_V_KWARG);
  /* ... and just its name when they do not */
  const fx_module *lr = find(&p->m, "one.0");
  assert_int_equal(lr->call.n, 1);
  assert_fxstr_equal(find(&p->m, "mdict.my key")->type_name, "Identity");
  assert_fxstr_equal(find(&p->m, "mdict.f(x)")->type_name, "ReLU");
  assert_fxstr_equal(find(&p->m, "multi")->type_name, "Multi");
  assert_null(fx_modules_find(&p->m, S("multi.x")));
}

/* The root may be a leaf. */
static void root_leaf_matches_torch(void **state) {
  (void)state;
  check_fixture("root_leaf", 1);
  check_fixture("root_leaf_noargs", 1);
  parsed_mods *p = parse_test_file("modules/root_leaf.txt");
  const fx_module *root = find(&p->m, "");
  assert_ptr_equal(root, &p->m.items[0]);
  assert_int_equal(root->type, FX_MOD_LINEAR);
  assert_int_equal(root->parent, FX_NONE_IDX);
}

/* print(gm) of a traced resnet18 (symbolic_trace names the GraphModule's class after the root's: ResNet), plain
 * Module() containers, then the forward() code and the
 * print_readable() reminder, which are not read. */
static void graph_module_print_matches_torch(void **state) {
  (void)state;
  check_fixture("resnet18_gm", 60);
  parsed_mods *p = parse_test_file("modules/resnet18_gm.txt");
  assert_fxstr_equal(p->m.items[0].type_name, "ResNet");
  assert_fxstr_equal(find(&p->m, "layer1")->type_name, "Module");
  assert_int_equal(find(&p->m, "layer4.1.bn2")->type, FX_MOD_BATCH_NORM2D);
  assert_null(fx_modules_find(&p->m, S("forward")));
}

/* Each known layer's signature: parameter names in order and defaults as inspect.signature reports them. */
static void signatures_match_torch(void **state) {
  (void)state;
  size_t len;
  char *text = read_test_file("modules/sigs.expect", &len);
  char *save = NULL;
  const fx_module *mod = NULL;
  uint32_t k = 0, nsigs = 0;
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char *f[6];
    int nf = split_tabs(line, f, 6);
    if (strcmp(f[0], "sig") == 0) {
      assert_int_equal(nf, 3);
      if (mod) assert_int_equal(k, mod->nparams);
      free_parsed();
      const fx_modules *m = parse_ok(f[2]);
      assert_int_equal(m->n, 1);
      mod = &m->items[0];
      assert_string_equal(fx_module_type_names[mod->type], f[1]);
      k = 0;
      nsigs++;
    } else {
      assert_int_equal(nf, 4);
      assert_non_null(mod);
      const fx_value *v = fx_module_param(mod, f[2]);
      if (!v) print_error("%s has no parameter '%s'\n", f[1], f[2]);
      assert_non_null(v);
      assert_ptr_equal(v, &mod->params[k]);
      if (strcmp(f[3], "required") != 0) check_encoded(mod, f[1], f[2], f[3]);
      k++;
    }
  }
  if (mod) assert_int_equal(k, mod->nparams);
  assert_int_equal(nsigs, FX_NUM_MODULE_TYPES - 1);
}

/* ---- the torchvision corpus ---- */

/* All 70 printed torchvision models read without a diagnostic; the number of modules, of known layers and of each
 * layer type is what torch's named_modules(remove_duplicate=False) reports. */
static void torchvision_counts_match_torch(void **state) {
  (void)state;
  size_t len;
  char *text = read_test_file("modules/torchvision_counts.txt", &len);
  char *save = NULL;
  uint32_t models = 0;
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char name[128], hist[2048];
    unsigned total, known;
    hist[0] = 0;
    assert_true(sscanf(line, "%127s %u %u %2047s", name, &total, &known, hist) >= 3);
    char rel[256];
    snprintf(rel, sizeof rel, "graphs/torchvision/%s.modules.txt", name);
    parsed_mods *p = parse_test_file(rel);
    assert_int_equal(p->d.n, 0);
    if (p->m.n != total) print_error("%s: torch has %u modules, fx2c read %u\n", name, total, p->m.n);
    assert_int_equal(p->m.n, total);
    uint32_t per_type[FX_NUM_MODULE_TYPES] = {0};
    uint32_t nknown = 0;
    for (uint32_t i = 0; i < p->m.n; i++) {
      const fx_module *mod = &p->m.items[i];
      per_type[mod->type]++;
      if (mod->type != FX_MOD_CONTAINER) {
        nknown++;
        assert_true(mod->nparams == 0 || mod->params != NULL);
      }
      assert_ptr_equal(fx_modules_find(&p->m, mod->path), mod);
    }
    if (nknown != known) print_error("%s: torch has %u known layers, fx2c %u\n", name, known, nknown);
    assert_int_equal(nknown, known);
    /* "Type=n,Type=n" */
    uint32_t listed = 0;
    for (char *tok = strtok(hist, ","); tok; tok = strtok(NULL, ",")) {
      char *eq = strchr(tok, '=');
      assert_non_null(eq);
      *eq = 0;
      int t = 1;
      while (t < FX_NUM_MODULE_TYPES && strcmp(fx_module_type_names[t], tok) != 0) t++;
      assert_true(t < FX_NUM_MODULE_TYPES);
      if (per_type[t] != (uint32_t)atoi(eq + 1)) print_error("%s: %s x%s in torch, %u in fx2c\n", name, tok, eq + 1, per_type[t]);
      assert_int_equal(per_type[t], atoi(eq + 1));
      listed += per_type[t];
    }
    assert_int_equal(listed, nknown);
    free_parsed(); /* as we go: 70 models */
    free_last_file();
    models++;
  }
  assert_int_equal(models, 70);
}

/* Every module of a few models: paths, classes, parameters and state_dict shapes as torch has them. */
static void torchvision_models_match_torch(void **state) {
  (void)state;
  static const char *const models[] = {"resnet18", "efficientnet_b0", "convnext_tiny", "mobilenet_v3_small",
                                       "regnet_x_400mf", "swin_t"};
  for (size_t i = 0; i < sizeof models / sizeof *models; i++) {
    char rel[256], exp[256];
    snprintf(rel, sizeof rel, "graphs/torchvision/%s.modules.txt", models[i]);
    snprintf(exp, sizeof exp, "modules/tv_%s.expect", models[i]);
    parsed_mods *p = parse_test_file(rel);
    expect_counts c = check_expect(&p->m, exp);
    assert_true(c.params > 100);
    assert_true(c.specs > 10);
    free_mods();
  }
}

/* Spot checks, with values read off print(torchvision.models.<model>()). */
static void torchvision_spot_checks(void **state) {
  (void)state;
  parsed_mods *p = parse_test_file("graphs/torchvision/resnet18.modules.txt");
  /* (downsample): Sequential( (0): Conv2d(64, 128, kernel_size=(1, 1), stride=(2, 2), bias=False) */
  const fx_module *ds = find(&p->m, "layer2.0.downsample.0");
  assert_int_equal(ds->type, FX_MOD_CONV2D);
  assert_fxstr_equal(p->m.items[ds->parent].path, "layer2.0.downsample");
  int64_t v[2];
  assert_true(fx_module_ints(ds, "in_channels", 1, v));
  assert_int_equal(v[0], 64);
  assert_true(fx_module_ints(ds, "out_channels", 1, v));
  assert_int_equal(v[0], 128);
  assert_true(fx_module_ints(ds, "kernel_size", 2, v));
  assert_int_equal(v[0], 1);
  assert_int_equal(v[1], 1);
  assert_true(fx_module_ints(ds, "stride", 2, v));
  assert_int_equal(v[0], 2);
  assert_true(fx_module_ints(ds, "padding", 2, v)); /* not printed: the default 0 */
  assert_int_equal(v[0], 0);
  assert_int_equal(v[1], 0);
  bool b = true;
  assert_true(fx_module_bool(ds, "bias", &b));
  assert_false(b);
  fx_param_spec sp[8];
  assert_int_equal(fx_module_param_specs(ds, sp), 1);
  assert_string_equal(sp[0].name, "weight");
  assert_int_equal(sp[0].ndim, 4);
  assert_int_equal(sp[0].shape[0], 128);
  assert_int_equal(sp[0].shape[1], 64);
  assert_int_equal(find(&p->m, "layer2.0")->type, FX_MOD_CONTAINER);
  assert_fxstr_equal(find(&p->m, "layer2.0")->type_name, "BasicBlock");
  const fx_module *fc = find(&p->m, "fc");
  assert_int_equal(fx_module_param_specs(fc, sp), 2);
  assert_int_equal(sp[0].shape[0], 1000);
  assert_int_equal(sp[0].shape[1], 512);
  free_mods();

  p = parse_test_file("graphs/torchvision/efficientnet_b0.modules.txt");
  /* (stochastic_depth): StochasticDepth(p=0.0125, mode=row) in features.2.0; the SiLU of the stem */
  const fx_module *sd = find(&p->m, "features.2.0.stochastic_depth");
  assert_int_equal(sd->type, FX_MOD_CONTAINER);
  assert_fxstr_equal(sd->type_name, "StochasticDepth");
  assert_int_equal(sd->call.n, 3);
  const fx_value *mode = &sd->call.u.items[2];
  assert_int_equal(mode->kind, FX_V_KWARG);
  assert_bytes_equal(mode->u.items[1].u.text, mode->u.items[1].n, "row");
  assert_int_equal(mode->u.items[1].kind, FX_V_WORD);
  const fx_value *pr = &sd->call.u.items[1].u.items[1];
  assert_int_equal(pr->kind, FX_V_FLOAT);
  assert_true(pr->v.f == 0.0125);
  const fx_module *silu = find(&p->m, "features.0.2");
  assert_int_equal(silu->type, FX_MOD_SILU);
  assert_true(fx_module_bool(silu, "inplace", &b));
  assert_true(b);
  /* depthwise: (0): Conv2dNormActivation((0): Conv2d(32, 32, kernel_size=(3, 3), ..., groups=32, bias=False) */
  const fx_module *dw = find(&p->m, "features.1.0.block.0.0");
  assert_int_equal(dw->type, FX_MOD_CONV2D);
  assert_int_equal(fx_module_param_specs(dw, sp), 1);
  assert_int_equal(sp[0].shape[0], 32);
  assert_int_equal(sp[0].shape[1], 1);
  free_mods();

  p = parse_test_file("graphs/torchvision/convnext_tiny.modules.txt");
  /* torchvision's LayerNorm2d subclasses nn.LayerNorm but its forward permutes: a container for fx2c */
  const fx_module *ln2d = find(&p->m, "features.0.1");
  assert_fxstr_equal(ln2d->type_name, "LayerNorm2d");
  assert_int_equal(ln2d->type, FX_MOD_CONTAINER);
  assert_int_equal(fx_module_param_specs(ln2d, sp), 0);
  const fx_module *ln = find(&p->m, "features.1.0.block.2");
  assert_int_equal(ln->type, FX_MOD_LAYER_NORM);
  double eps;
  assert_true(fx_module_float(ln, "eps", &eps));
  assert_true(eps == 1e-06);
  assert_true(fx_module_ints(ln, "normalized_shape", 1, v));
  assert_int_equal(v[0], 96);
}

/* ---- layouts torch 1.13 does not print ---- */

/* A leaf's arguments may run over several lines: they end where the parentheses balance. A known layer printed as
 * "Class(" with its arguments on the lines below (a multi-line extra_repr) reads the same. */
static void arguments_over_several_lines(void **state) {
  (void)state;
  const fx_modules *m = parse_ok("Net(\n"
                                 "  (conv): Conv2d(3, 64,\n"
                                 "      kernel_size=(3, 3), stride=(2,\n"
                                 "  2), bias=False)\n"
                                 "  (fc): Linear(\n"
                                 "    in_features=4, out_features=5,\n"
                                 "    bias=False\n"
                                 "  )\n"
                                 "  (relu): ReLU()\n"
                                 ")\n");
  assert_int_equal(m->n, 4);
  const fx_module *conv = find(m, "conv");
  int64_t v[2];
  assert_true(fx_module_ints(conv, "stride", 2, v));
  assert_int_equal(v[0], 2);
  assert_int_equal(v[1], 2);
  const fx_module *fc = find(m, "fc");
  assert_int_equal(fc->type, FX_MOD_LINEAR);
  assert_true(fx_module_ints(fc, "out_features", 1, v));
  assert_int_equal(v[0], 5);
  assert_int_equal(find(m, "relu")->loc.line, 9);
  assert_int_equal(find(m, "relu")->parent, 0);
}

/* torch >= 2.1 prints identical consecutive ModuleList items once: "(0-2): 3 x Block(" stands for items 0, 1, 2
 * (torch/nn/modules/container.py, ModuleList.__repr__). */
static void torch2_repeated_modulelist_items(void **state) {
  (void)state;
  const fx_modules *m = parse_ok("Net(\n"
                                 "  (layers): ModuleList(\n"
                                 "    (0): Linear(in_features=2, out_features=4, bias=True)\n"
                                 "    (1-3): 3 x Block(\n"
                                 "      (fc): Linear(in_features=4, out_features=4, bias=True)\n"
                                 "      (acts): ModuleList(\n"
                                 "        (0-1): 2 x ReLU()\n"
                                 "      )\n"
                                 "    )\n"
                                 "    (4): Identity()\n"
                                 "  )\n"
                                 ")\n");
  /* Net, layers, layers.0, 3 x (block, fc, acts, 2 relus), layers.4 */
  assert_int_equal(m->n, 1 + 1 + 1 + 3 * 5 + 1);
  static const char *const paths[] = {"layers.1", "layers.2.fc", "layers.3.acts.1", "layers.1.acts.0", "layers.4"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) find(m, paths[i]);
  assert_null(fx_modules_find(m, S("layers.5")));
  assert_null(fx_modules_find(m, S("layers.1-3")));
  const fx_module *fc = find(m, "layers.3.fc");
  assert_int_equal(fc->type, FX_MOD_LINEAR);
  assert_fxstr_equal(m->items[fc->parent].path, "layers.3");
  assert_fxstr_equal(m->items[find(m, "layers.2.acts.1")->parent].path, "layers.2.acts");
  assert_fxstr_equal(m->items[find(m, "layers.2")->parent].path, "layers");
  /* printed order: each copy follows the one before */
  assert_fxstr_equal(m->items[m->n - 1].path, "layers.4");
}

/* Blank lines, CRLF line ends and tabs are whitespace; text after the root (print(gm)'s code) is not read. */
static void whitespace_and_trailing_code(void **state) {
  (void)state;
  const fx_modules *m = parse_ok("\n\r\nNet(\r\n\t(a): ReLU(inplace=True)\r\n\r\n  (b): Sequential(\r\n  )\r\n)\r\n\n\n\n"
                                 "def forward(self, x):\n    a = self.a(x);  x = None\n    return a\n    \n"
                                 "# To see more debug info, please use `graph_module.print_readable()`");
  assert_int_equal(m->n, 3);
  assert_int_equal(find(m, "a")->loc.line, 4);
  assert_int_equal(find(m, "a")->loc.col, 7); /* the class name, after a tab */
  assert_int_equal(find(m, "b")->type, FX_MOD_CONTAINER);
}

/* A class fx2c knows printed with children is only a path (its forward is not the layer's); "(x): None" is an empty
 * child slot; GraphModule(...) built directly prints under that name. */
static void known_name_with_children_and_none_slots(void **state) {
  (void)state;
  const fx_modules *m = parse_ok("GraphModule(\n"
                                 "  (lin): Linear(\n"
                                 "    in_features=4, out_features=5, bias=True\n"
                                 "    (sub): ReLU()\n"
                                 "  )\n"
                                 "  (fc): None\n"
                                 "  (relu): ReLU()\n"
                                 ")\n");
  assert_int_equal(m->n, 4);
  const fx_module *lin = find(m, "lin");
  assert_int_equal(lin->type, FX_MOD_CONTAINER);
  assert_null(fx_module_param(lin, "in_features"));
  assert_int_equal(find(m, "lin.sub")->type, FX_MOD_RELU);
  assert_null(fx_modules_find(m, S("fc")));
  assert_int_equal(find(m, "relu")->parent, 0);
}

/* ---- the accessors ---- */

static void accessors(void **state) {
  (void)state;
  const fx_modules *m = parse_ok("Net(\n"
                                 "  (pool): MaxPool2d(kernel_size=3, stride=(2, 1), padding=1, dilation=1, ceil_mode=False)\n"
                                 "  (up): Upsample(scale_factor=2.0, mode=nearest)\n"
                                 "  (gelu): GELU(approximate='tanh')\n"
                                 "  (conv): Conv2d(3, 8, kernel_size=(3, 3), stride=(1, 1), padding=same)\n"
                                 "  (elu): ELU(alpha=1)\n"
                                 "  (block): Block(\n"
                                 "    (relu): ReLU()\n"
                                 "  )\n"
                                 ")\n");
  const fx_module *pool = find(m, "pool");
  int64_t v[4] = {0};
  assert_true(fx_module_ints(pool, "kernel_size", 2, v)); /* an int repeated, as _pair does */
  assert_int_equal(v[0], 3);
  assert_int_equal(v[1], 3);
  assert_true(fx_module_ints(pool, "stride", 2, v));
  assert_int_equal(v[0], 2);
  assert_int_equal(v[1], 1);
  assert_false(fx_module_ints(pool, "stride", 3, v)); /* a tuple of another length */
  assert_false(fx_module_ints(pool, "ceil_mode", 1, v)); /* a bool is not an int */
  assert_false(fx_module_ints(pool, "nonexistent", 1, v));
  assert_null(fx_module_param(pool, "nonexistent"));
  double f;
  assert_false(fx_module_float(pool, "ceil_mode", &f));
  bool b;
  assert_false(fx_module_bool(pool, "kernel_size", &b));
  assert_true(fx_module_bool(pool, "return_indices", &b)); /* not printed: the default */
  assert_false(b);

  const fx_module *up = find(m, "up");
  assert_true(fx_module_float(up, "scale_factor", &f));
  assert_true(f == 2.0);
  fx_str s;
  assert_true(fx_module_str(up, "mode", &s));
  assert_fxstr_equal(s, "nearest");
  assert_int_equal(fx_module_param(up, "size")->kind, FX_V_NONE);
  assert_false(fx_module_str(up, "size", &s));
  assert_true(fx_module_str(find(m, "gelu"), "approximate", &s));
  assert_fxstr_equal(s, "tanh");

  const fx_module *conv = find(m, "conv");
  assert_false(fx_module_ints(conv, "padding", 2, v)); /* a string */
  assert_true(fx_module_str(conv, "padding", &s));
  assert_fxstr_equal(s, "same");
  assert_true(fx_module_str(conv, "padding_mode", &s)); /* the default 'zeros' */
  assert_fxstr_equal(s, "zeros");
  assert_int_equal(fx_module_param(conv, "padding_mode")->kind, FX_V_STR);

  assert_true(fx_module_float(find(m, "elu"), "alpha", &f)); /* an int reads as a float */
  assert_true(f == 1.0);

  const fx_module *block = find(m, "block");
  assert_null(fx_module_param(block, "inplace"));
  assert_false(fx_module_ints(block, "x", 1, v));
  fx_param_spec sp[8];
  assert_int_equal(fx_module_param_specs(block, sp), 0);
  assert_int_equal(fx_module_param_specs(find(m, "block.relu"), sp), 0);
  assert_null(fx_modules_find(m, S("block.")));
  assert_null(fx_modules_find(m, S("nope")));
  assert_ptr_equal(fx_modules_find(m, S("")), &m->items[0]);
  assert_string_equal(fx_module_type_names[FX_MOD_CONTAINER], "container");
  assert_string_equal(fx_module_type_names[FX_MOD_CONV_TRANSPOSE2D], "ConvTranspose2d");
}

/* fx_modules_free after a failed parse (which leaves the tree empty) is harmless, and so is a second free. */
static void free_after_failure(void **state) {
  (void)state;
  fx_diag d;
  fx_diag_init(&d);
  fx_source src;
  fx_source_from_text(&src, "bad.txt", "garbage", 7);
  fx_modules m;
  assert_false(fx_modules_parse(&m, &src, &d));
  assert_int_equal(m.n, 0);
  assert_null(fx_modules_find(&m, S("")));
  fx_modules_free(&m);
  fx_modules_free(&m);
  fx_source_free(&src);
  fx_diag_free(&d);
}

/* ---- diagnostics ---- */

typedef struct {
  const char *text;
  uint32_t line, col, len; /* len 0: not checked */
  const char *message;     /* a part of the message */
} error_case;

static void check_errors(const error_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    parsed_mods *p = parse_mods(cases[i].text);
    bool found = false;
    for (uint32_t k = 0; k < p->d.n; k++) {
      const fx_diag_msg *msg = &p->d.msgs[k];
      if (msg->level == FX_DIAG_ERROR && strstr(msg->text, cases[i].message) && msg->loc.line == cases[i].line &&
          msg->loc.col == cases[i].col && (cases[i].len == 0 || msg->loc.len == cases[i].len))
        found = true;
    }
    if (!found || p->ok) {
      print_error("case %zu: expected %u:%u (len %u) '%s' for:\n%s\ngot:\n", i, cases[i].line, cases[i].col,
                  cases[i].len, cases[i].message, cases[i].text);
      for (uint32_t k = 0; k < p->d.n; k++)
        print_error("  %u:%u (len %u): %s\n", p->d.msgs[k].loc.line, p->d.msgs[k].loc.col, p->d.msgs[k].loc.len,
                    p->d.msgs[k].text);
    }
    assert_false(p->ok);
    assert_true(found);
    /* a failed parse leaves nothing behind, or, when only layers' arguments were wrong, the whole tree marked partial
     * with those layers bad (for checking the graph with it) */
    bool bad = false;
    for (uint32_t k = 0; k < p->m.n; k++) bad |= p->m.items[k].bad;
    assert_true(p->m.n == 0 || (p->m.partial && bad));
    free_parsed();
  }
}

/* Arguments of known layers: at the argument's position. */
static void errors_in_arguments(void **state) {
  (void)state;
  static const error_case cases[] = {
      {"Conv2d(3, 64, kernel_size=(3, 3), foo=1)\n", 1, 35, 3, "Conv2d got an unexpected keyword argument 'foo'"},
      {"Linear(4, 5, True, None, None, 7)\n", 1, 32, 1, "Linear takes 5 positional arguments but more were given"},
      {"Net(\n  (c): Conv2d(3, 64)\n)\n", 2, 8, 6, "Conv2d is missing its required argument 'kernel_size'"},
      {"Conv2d(3, 64, kernel_size='abc')\n", 1, 27, 5,
       "Conv2d argument 'kernel_size' must be an int or a tuple of ints, found 'abc'"},
      {"Conv2d(3, 64, kernel_size=(3, 'a'))\n", 1, 27, 8, "argument 'kernel_size' must be an int or a tuple of ints"},
      {"Linear(in_features=4.5, out_features=5)\n", 1, 20, 3, "argument 'in_features' must be a non-negative int"},
      {"Linear(in_features=-4, out_features=5)\n", 1, 20, 2, "argument 'in_features' must be a non-negative int"},
      {"Linear(4, in_features=4, out_features=5)\n", 1, 11, 11, "Linear got multiple values for argument 'in_features'"},
      {"Linear(in_features=4, 5)\n", 1, 23, 1, "positional argument follows keyword argument"},
      {"ReLU(inplace=1)\n", 1, 14, 1, "ReLU argument 'inplace' must be True or False, found '1'"},
      {"BatchNorm2d(64, eps=small)\n", 1, 21, 5, "argument 'eps' must be a number"},
      {"Upsample(scale_factor=(2.0, x), mode=nearest)\n", 1, 23, 8, "argument 'scale_factor'"},
      {"AdaptiveAvgPool2d(output_size=(1, 'a'))\n", 1, 31, 8, "argument 'output_size'"},
      {"Conv2d(3, 64, kernel_size=(3, 3, 3))\n", 1, 27, 9, "Conv2d argument 'kernel_size' must have 2 values, found 3"},
      {"Conv1d(3, 6, kernel_size=(5,), stride=(0,))\n", 1, 39, 4, "argument 'stride' must be positive, found 0"},
      {"Conv2d(4, 8, kernel_size=(3, 3), groups=3)\n", 1, 41, 1, "in_channels (4) must be divisible by groups (3)"},
      {"Conv2d(3, 8, kernel_size=(3, 3), padding=full)\n", 1, 42, 4, "padding string must be 'same' or 'valid'"},
      {"Conv2d(3, 8, kernel_size=(3, 3), padding_mode=mirror)\n", 1, 47, 6, "padding_mode must be"},
      {"GroupNorm(3, 4, eps=1e-05, affine=True)\n", 1, 11, 1, "num_channels (4) must be divisible by num_groups (3)"},
      {"LayerNorm((1, 2, 3, 4, 5, 6, 7, 8, 9), eps=1e-05, elementwise_affine=True)\n", 1, 11, 0,
       "LayerNorm argument 'normalized_shape' has 9 values; fx2c handles at most 8"},
      {"UpsamplingNearest2d(scale_factor=2.0, nearest)\n", 1, 39, 7, "positional argument follows keyword argument"},
      {"UpsamplingNearest2d(None, 2.0, nearest)\n", 1, 32, 7, "UpsamplingNearest2d takes 2 positional arguments"},
      {"Linear(in_features=4,, out_features=5)\n", 1, 22, 1, "unexpected ','"},
      {"Net(\n  (fc): Linear(in_features=4, out_features=5, bias=True, extra=(1,\n 2))\n)\n", 2, 58, 5,
       "unexpected keyword argument 'extra'"},
      {"Net(\n  (fc): Linear(\n    in_features=4, outfeatures=5\n  )\n)\n", 3, 20, 11,
       "unexpected keyword argument 'outfeatures'"},
  };
  check_errors(cases, sizeof cases / sizeof *cases);
}

/* The tree's structure. */
static void errors_in_structure(void **state) {
  (void)state;
  static const error_case cases[] = {
      {"", 1, 1, 0, "empty input"},
      {"  \n\n", 3, 1, 0, "empty input"},
      {"hello world\n", 1, 1, 5, "expected a module tree as print(model) prints it"},
      {"  (a): ReLU()\n", 1, 3, 1, "expected a module tree"},
      {"Net(\n  (a): Linear(in_features=4\n", 2, 14, 1, "'Linear(' is never closed"},
      {"Net(\n  (a): ReLU()\n", 1, 1, 3, "'Net(' is never closed"},
      {"Net(\n  (a): Sequential(\n    (0): ReLU()\n)\n", 1, 1, 3, "'Net(' is never closed"},
      {"Net(\n  (a): ReLU() junk\n)\n", 2, 15, 4, "unexpected text after 'ReLU(...)'"},
      {"Net(\n  (a): ReLU()\n  garbage here\n)\n", 3, 3, 12, "expected a child module '(name): Class(...)' or the ')'"},
      {"Net(\n  (a): 123\n)\n", 2, 3, 8, "expected a module such as '(name): Conv2d(...)', found '(a): 123'"},
      {"Net(\n  (): ReLU()\n)\n", 2, 3, 2, "a module name cannot be empty"},
      {"Net(\n  (a.b): ReLU()\n)\n", 2, 4, 3, "a module name cannot contain '.'"},
      {"Net(\n  (a): ReLU()\n  (a): Tanh()\n)\n", 3, 4, 1, "two modules are named 'a'"},
      {"Net(\n) x\n", 2, 3, 1, "unexpected text after the ')' that closes 'Net'"},
      {"Net(\n)\n  (a): ReLU()\n", 3, 3, 11, "text after the end of the root module 'Net'"},
      {"Net(\n)\n)\n", 3, 1, 1, "text after the end of the root module"},
      {"Net(\n  (a): Seq(\n    (0): ReLU()\n    oops\n  )\n)\n", 4, 5, 4, "or the ')' that closes 'Seq'"},
      {"PK\3\4 zip", 1, 3, 1, "binary data (byte 0x03) where the text of print(model) was expected (it is a zip"},
      {"Net(\n  (a): R\xc3(\n", 2, 9, 1, "binary data (byte 0xc3)"},
  };
  check_errors(cases, sizeof cases / sizeof *cases);
}

/* Every error is reported, not only the first. */
static void every_error_is_collected(void **state) {
  (void)state;
  parsed_mods *p = parse_mods("Net(\n"
                              "  (a): Conv2d(3, 64, kernel_size='x')\n"
                              "  (b): Linear(in_features=4)\n"
                              "  junk\n"
                              "  (c): ReLU(inplace=True, what=1)\n"
                              ")\n");
  assert_false(p->ok);
  assert_int_equal(p->d.nerrors, 4);
  static const uint32_t lines[] = {2, 3, 4, 5};
  for (int i = 0; i < 4; i++) assert_int_equal(p->d.msgs[i].loc.line, lines[i]);
}

/* More errors than FX_DIAG_MAX_ERRORS: reading stops, the diagnostics say they were truncated. */
static void too_many_errors_stop(void **state) {
  (void)state;
  fx_buf b = {0};
  fx_buf_puts(&b, "Net(\n  (a): ReLU()\n");
  for (int i = 0; i < 5000; i++) fx_buf_printf(&b, "  bad line %d\n", i);
  fx_buf_puts(&b, ")\n");
  parsed_mods *p = parse_mods_n("many.txt", b.p, b.n);
  fx_buf_free(&b);
  assert_false(p->ok);
  assert_int_equal(p->d.nerrors, FX_DIAG_MAX_ERRORS);
  assert_true(p->d.truncated);
}

/* ---- robustness ---- */

/* Nesting is read with an explicit stack, without recursion: 5000 levels read; 200000 levels (whose paths would
 * take 40 GB) stop at the path budget with an error, not a crash. */
static void deep_nesting(void **state) {
  (void)state;
  enum { DEPTH = 5000 };
  fx_buf b = {0};
  fx_buf_puts(&b, "Net(\n");
  for (int i = 0; i < DEPTH; i++) fx_buf_puts(&b, "(a): S(\n");
  fx_buf_puts(&b, "(x): ReLU()\n");
  for (int i = 0; i < DEPTH; i++) fx_buf_puts(&b, ")\n");
  fx_buf_puts(&b, ")\n");
  parsed_mods *p = parse_mods_n("deep.txt", b.p, b.n);
  assert_true(p->ok);
  assert_int_equal(p->m.n, DEPTH + 2);
  assert_int_equal(p->m.items[DEPTH + 1].type, FX_MOD_RELU);
  assert_int_equal(p->m.items[DEPTH + 1].path.n, 2 * DEPTH + 1);
  fx_buf_free(&b);
  /* unclosed, they give one error */
  b = (fx_buf){0};
  fx_buf_puts(&b, "Net(\n");
  for (int i = 0; i < DEPTH; i++) fx_buf_puts(&b, "(a): S(\n");
  p = parse_mods_n("deep2.txt", b.p, b.n);
  fx_buf_free(&b);
  assert_false(p->ok);
  assert_int_equal(p->d.nerrors, 1);
  assert_non_null(strstr(p->d.msgs[0].text, "'S(' is never closed"));
  assert_int_equal(p->d.msgs[0].loc.line, DEPTH + 1);
  /* 200000 levels */
  b = (fx_buf){0};
  fx_buf_puts(&b, "Net(\n");
  for (int i = 0; i < 200000; i++) fx_buf_puts(&b, "(a): S(\n");
  fx_buf_puts(&b, "(x): ReLU()\n");
  for (int i = 0; i < 200000; i++) fx_buf_puts(&b, ")\n");
  fx_buf_puts(&b, ")\n");
  p = parse_mods_n("deep3.txt", b.p, b.n);
  fx_buf_free(&b);
  assert_false(p->ok);
  assert_int_equal(p->d.nerrors, 1);
  assert_non_null(strstr(p->d.msgs[0].text, "module paths too long"));
}

/* Paths grow with depth: long names on deep trees would take memory quadratic in the input; a budget stops them. */
static void path_memory_is_bounded(void **state) {
  (void)state;
  fx_buf b = {0};
  fx_buf_puts(&b, "Net(\n");
  char key[4001];
  memset(key, 'k', 4000);
  key[4000] = 0;
  for (int i = 0; i < 20000; i++) fx_buf_printf(&b, "(%s): S(\n", key);
  parsed_mods *p = parse_mods_n("long.txt", b.p, b.n);
  fx_buf_free(&b);
  assert_false(p->ok);
  bool found = false;
  for (uint32_t k = 0; k < p->d.n; k++) found |= strstr(p->d.msgs[k].text, "module paths too long") != NULL;
  assert_true(found);
}

/* torch 2.x repetitions are bounded too. */
static void repeat_is_bounded(void **state) {
  (void)state;
  parsed_mods *p = parse_mods("Net(\n  (0-999999999): 1000000000 x Linear(in_features=1, out_features=1, bias=True)\n)\n");
  assert_false(p->ok);
  assert_int_equal(p->d.nerrors, 1);
  assert_non_null(strstr(p->d.msgs[0].text, "'1000000000 x' repeats more modules than fx2c reads"));
  /* within the count limit, but the copies of a subtree would exceed it */
  p = parse_mods("Net(\n  (0-99999): 100000 x Block(\n    (a): ReLU()\n    (b): ReLU()\n    (c): ReLU()\n"
                 "    (d): ReLU()\n    (e): ReLU()\n    (f): ReLU()\n    (g): ReLU()\n    (h): ReLU()\n    (i): ReLU()\n"
                 "    (j): ReLU()\n    (k): ReLU()\n  )\n)\n");
  assert_false(p->ok);
  assert_non_null(strstr(p->d.msgs[0].text, "'100000 x' repeats more modules than fx2c reads"));
  p = parse_mods("Net(\n  (0-4294967296): 4294967297 x ReLU()\n)\n");
  assert_false(p->ok);
  /* and a count that does not match its range is a key like any other, then not a module line */
  p = parse_mods("Net(\n  (0-3): 5 x ReLU()\n)\n");
  assert_false(p->ok);
  p = parse_mods("Net(\n  (1-2): 2 x ReLU()\n  (3-3): 1 x ReLU()\n)\n");
  assert_true(p->ok);
  assert_int_equal(p->m.n, 4);
  find(&p->m, "1");
  find(&p->m, "2");
  find(&p->m, "3");
}

/* Random text made of the characters the tree uses: never a crash or a hang, every error has a position. */
static void random_text(void **state) {
  (void)state;
  static const char alphabet[] = "()[]{},:='\" \n\n\n\tabcXYZ0123456789._-x";
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  char buf[512];
  for (int iter = 0; iter < 3000; iter++) {
    size_t n = 0;
    /* half the inputs start like a tree */
    if (iter % 2 == 0) n = (size_t)snprintf(buf, sizeof buf, "Net(\n  (a): ");
    size_t len = n + (size_t)(iter % 300);
    for (; n < len && n < sizeof buf; n++) {
      seed ^= seed << 13;
      seed ^= seed >> 7;
      seed ^= seed << 17;
      buf[n] = alphabet[seed % (sizeof alphabet - 1)];
    }
    parsed_mods *p = parse_mods_n("rand.txt", buf, n);
    if (!p->ok) assert_true(p->d.nerrors > 0);
    for (uint32_t k = 0; k < p->d.n; k++) {
      assert_true(p->d.msgs[k].loc.line >= 1);
      assert_true(p->d.msgs[k].loc.off <= n);
    }
    free_parsed();
  }
}

/* Every committed torchvision tree, cut at every 97th byte: errors or a smaller tree, never a crash. */
static void truncated_inputs(void **state) {
  (void)state;
  size_t len;
  char *text = read_test_file("graphs/torchvision/efficientnet_b0.modules.txt", &len);
  for (size_t cut = 0; cut < len; cut += 97) {
    parsed_mods *p = parse_mods_n("cut.txt", text, cut);
    if (!p->ok) assert_true(p->d.nerrors > 0);
    free_parsed();
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MOD_TEST(layers_match_torch),
      MOD_TEST(containers_match_torch),
      MOD_TEST(root_leaf_matches_torch),
      MOD_TEST(graph_module_print_matches_torch),
      MOD_TEST(signatures_match_torch),
      MOD_TEST(torchvision_counts_match_torch),
      MOD_TEST(torchvision_models_match_torch),
      MOD_TEST(torchvision_spot_checks),
      MOD_TEST(arguments_over_several_lines),
      MOD_TEST(torch2_repeated_modulelist_items),
      MOD_TEST(whitespace_and_trailing_code),
      MOD_TEST(known_name_with_children_and_none_slots),
      MOD_TEST(accessors),
      MOD_TEST(free_after_failure),
      MOD_TEST(errors_in_arguments),
      MOD_TEST(errors_in_structure),
      MOD_TEST(every_error_is_collected),
      MOD_TEST(too_many_errors_stop),
      MOD_TEST(deep_nesting),
      MOD_TEST(path_memory_is_bounded),
      MOD_TEST(repeat_is_bounded),
      MOD_TEST(random_text),
      MOD_TEST(truncated_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
