/* test_weights.c: the state_dict readers (.pt zip archives through the restricted unpickler, .safetensors) and
 * .npy read/write.
 *
 * Fixtures live in tests/weights/ and come from tests/gen/gen_weights.py (torch 1.13 and numpy): each valid file
 * has an .expected listing, per tensor in state_dict order, its name, dtype, shape and the bytes torch holds for
 * the contiguous tensor. Malformed fixtures check the exact wording of the errors (substrings). The unpickler is
 * also run in memory on hand-assembled pickles (hostile ones included), and every reader on truncations and byte
 * mutations of valid files, which must give errors and never crash (run under ASan/UBSan in the sanitizer build).
 */
#include "unit_helpers.h"

#include "frontend/modules.h"
#include "frontend/pickle.h"
#include "frontend/weights.h"
#include "optimizer/passes.h"
#include "program/program.h"

#include <errno.h>
#include <math.h>
#include <unistd.h>

/* ---- fixtures -------------------------------------------------------------------------------------------------- */

static char fixture_dir[4096];

static const char *fixture(const char *name) {
  static char buf[8][4352];
  static int k;
  if (!fixture_dir[0]) {
    const char *env = getenv("FX2C_WEIGHTS_DIR");
    if (env) snprintf(fixture_dir, sizeof fixture_dir, "%s", env);
    else {
      /* tests/unit/test_weights.c -> tests/weights */
      snprintf(fixture_dir, sizeof fixture_dir, "%s", __FILE__);
      char *slash = strrchr(fixture_dir, '/');
      if (slash) strcpy(slash, "/../weights");
      else snprintf(fixture_dir, sizeof fixture_dir, "../tests/weights");
    }
  }
  k = (k + 1) % 8;
  snprintf(buf[k], sizeof buf[k], "%s/%s", fixture_dir, name);
  return buf[k];
}

static bool diag_has(const fx_diag *d, const char *needle) {
  for (uint32_t i = 0; i < d->n; i++)
    if (strstr(d->msgs[i].text, needle)) return true;
  return false;
}

static void print_diag(const fx_diag *d) {
  for (uint32_t i = 0; i < d->n; i++) print_message("  diag: %s\n", d->msgs[i].text);
}

#define assert_diag_has(d, needle)                                 \
  do {                                                             \
    if (!diag_has((d), (needle))) {                                \
      print_message("no message contains \"%s\"\n", (needle));     \
      print_diag(d);                                               \
      fail();                                                      \
    }                                                              \
  } while (0)

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* One line of an .expected file. */
typedef struct expected {
  char name[256];
  char dtype[8];
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
  uint8_t *bytes; /* malloc'd */
  size_t nbytes;
} expected;

/* Reads an .expected file (up to cap lines); returns the count. */
static size_t read_expected(const char *file, expected *e, size_t cap) {
  FILE *f = fopen(fixture(file), "r");
  if (!f) {
    print_message("cannot open %s: %s\n", fixture(file), strerror(errno));
    fail();
  }
  static char line[1 << 16];
  size_t n = 0;
  while (fgets(line, sizeof line, f)) {
    assert_true(n < cap);
    expected *x = &e[n];
    memset(x, 0, sizeof *x);
    char *save = NULL, *tok = strtok_r(line, " \n", &save);
    assert_non_null(tok);
    snprintf(x->name, sizeof x->name, "%s", tok);
    tok = strtok_r(NULL, " \n", &save);
    snprintf(x->dtype, sizeof x->dtype, "%s", tok);
    x->ndim = atoi(strtok_r(NULL, " \n", &save));
    for (int32_t i = 0; i < x->ndim; i++) x->shape[i] = strtoll(strtok_r(NULL, " \n", &save), NULL, 10);
    const char *hex = strtok_r(NULL, " \n", &save);
    assert_non_null(hex);
    if (strcmp(hex, "-") != 0) {
      size_t len = strlen(hex);
      x->nbytes = len / 2;
      x->bytes = malloc(x->nbytes);
      for (size_t i = 0; i < x->nbytes; i++) x->bytes[i] = (uint8_t)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
    }
    n++;
  }
  fclose(f);
  return n;
}

static void free_expected(expected *e, size_t n) {
  for (size_t i = 0; i < n; i++) free(e[i].bytes);
}

static void assert_tensor_matches(const fx_tensor *t, const expected *x) {
  assert_string_equal(fxrt_dtype_name(t->dtype), x->dtype);
  assert_int_equal(t->ndim, x->ndim);
  for (int32_t i = 0; i < x->ndim; i++) assert_int_equal(t->shape[i], x->shape[i]);
  assert_int_equal(t->nbytes, x->nbytes);
  assert_non_null(t->data);
  assert_int_equal((uintptr_t)t->data % 64, 0);
  if (x->nbytes && memcmp(t->data, x->bytes, x->nbytes) != 0) {
    print_message("tensor %s: bytes differ from torch's\n", x->name);
    fail();
  }
}

/* Loads `file`, which must hold exactly the tensors of `exp_file`, in that order. */
static void check_weights_file(const char *file, const char *exp_file) {
  expected e[64];
  size_t ne = read_expected(exp_file, e, 64);
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  bool ok = fx_weights_load(&w, fixture(file), &d);
  if (!ok) print_diag(&d);
  assert_true(ok);
  assert_int_equal(d.n, 0);
  assert_int_equal(w.n, ne);
  for (size_t i = 0; i < ne; i++) {
    assert_fxstr_equal(w.tensors[i].name, e[i].name);
    assert_tensor_matches(&w.tensors[i], &e[i]);
    const fx_tensor *t = fx_weights_find(&w, fx_str_make(e[i].name, strlen(e[i].name)));
    assert_ptr_equal(t, &w.tensors[i]);
  }
  assert_null(fx_weights_find(&w, S("no.such.tensor")));
  assert_null(fx_weights_find(&w, S("")));
  fx_weights_free(&w);
  fx_weights_free(&w); /* freeing twice is harmless: free leaves w empty */
  fx_diag_free(&d);
  free_expected(e, ne);
}

/* Loading `file` must fail; every needle must be in some message. Returns the number of errors. */
static uint32_t expect_load_error(const char *file, const char *const *needles) {
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  bool ok = fx_weights_load(&w, fixture(file), &d);
  if (ok) print_message("%s loaded\n", file);
  assert_false(ok);
  assert_int_equal(w.n, 0);
  assert_null(w.tensors);
  assert_true(d.nerrors > 0);
  for (const char *const *n = needles; *n; n++) assert_diag_has(&d, *n);
  uint32_t ne = d.nerrors;
  fx_weights_free(&w);
  fx_diag_free(&d);
  return ne;
}

#define EXPECT_LOAD_ERROR(file, ...) expect_load_error((file), (const char *const[]){__VA_ARGS__, NULL})

/* ---- valid state_dicts ----------------------------------------------------------------------------------------- */

static void test_pt_model(void **state) { check_weights_file("model.pt", "model.expected"); }
static void test_pt_protocol4(void **state) { check_weights_file("model_proto4.pt", "model.expected"); }
static void test_pt_deflated(void **state) { check_weights_file("model_deflated.pt", "model.expected"); }
static void test_safetensors_model(void **state) { check_weights_file("model.safetensors", "model.expected"); }
static void test_pt_parameters(void **state) { check_weights_file("param.pt", "param.expected"); }
static void test_pt_views(void **state) { check_weights_file("pt_views.pt", "pt_views.expected"); }

static void test_empty_state_dicts(void **state) {
  const char *files[] = {"empty.pt", "empty.safetensors"};
  for (int i = 0; i < 2; i++) {
    fx_weights w;
    fx_diag d;
    fx_diag_init(&d);
    assert_true(fx_weights_load(&w, fixture(files[i]), &d));
    assert_int_equal(w.n, 0);
    assert_null(fx_weights_find(&w, S("x")));
    fx_weights_free(&w);
    fx_diag_free(&d);
  }
}

/* Spot checks that do not go through the .expected files. */
static void test_pt_values(void **state) {
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_load(&w, fixture("model.pt"), &d));
  assert_string_equal(w.path, fixture("model.pt"));
  const fx_tensor *t = fx_weights_find(&w, S("bn.num_batches_tracked"));
  assert_non_null(t);
  assert_int_equal(t->dtype, FXRT_I64);
  assert_int_equal(t->ndim, 0);
  assert_int_equal(*(const int64_t *)t->data, 1);
  t = fx_weights_find(&w, S("base_slice")); /* base[1:3, ::2] of arange(24).reshape(4, 6) */
  assert_non_null(t);
  const float *f = t->data;
  float want[6] = {6, 8, 10, 12, 14, 16};
  for (int i = 0; i < 6; i++) assert_true(f[i] == want[i]);
  t = fx_weights_find(&w, S("scalar"));
  assert_true(*(const float *)t->data == 2.5f);
  /* fc_t is fc.weight transposed */
  const fx_tensor *wt = fx_weights_find(&w, S("fc.weight")), *tt = fx_weights_find(&w, S("fc_t"));
  assert_int_equal(wt->shape[0], tt->shape[1]);
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 4; c++) assert_true(((const float *)wt->data)[r * 4 + c] == ((const float *)tt->data)[c * 2 + r]);
  fx_weights_free(&w);
  fx_diag_free(&d);
}

/* A safetensors file whose header size, 640, makes it start with pickle's protocol-2 opcode (0x80 0x02): read as
 * safetensors, not refused as a legacy pickle. */
static void test_safetensors_header_like_pickle(void **state) {
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_load(&w, fixture("st_header_640.safetensors"), &d));
  const fx_tensor *t = fx_weights_find(&w, S("a")); /* torch.arange(4, dtype=torch.float32) */
  assert_non_null(t);
  for (int i = 0; i < 4; i++) assert_true(((const float *)t->data)[i] == (float)i);
  fx_weights_free(&w);
  fx_diag_free(&d);
}

/* ---- malformed safetensors ------------------------------------------------------------------------------------- */

static void test_safetensors_errors(void **state) {
  EXPECT_LOAD_ERROR("st_truncated.safetensors",
                    "st_truncated.safetensors: tensor 'b': data ends at byte 160 but the file has 155 bytes (data beyond the end of the file)");
  EXPECT_LOAD_ERROR("st_header_beyond.safetensors",
                    "st_header_beyond.safetensors: the safetensors header size 1000000 is beyond the end of the "
                    "file (15 bytes)");
  EXPECT_LOAD_ERROR("st_tiny.safetensors", "st_tiny.safetensors: the file has 3 bytes, too few for a safetensors file");
  EXPECT_LOAD_ERROR("st_bad_json.safetensors", "st_bad_json.safetensors: the safetensors header is not valid JSON");
  EXPECT_LOAD_ERROR("st_not_json_object.safetensors", "does not start with '{'");
  EXPECT_LOAD_ERROR("st_overlap.safetensors",
                    "st_overlap.safetensors: tensor 'b': data_offsets [8, 24] overlap those of tensor 'a' [0, 16]");
  EXPECT_LOAD_ERROR("st_hole.safetensors", "tensor 'b': data_offsets [12, 20] leave bytes 8 to 12 of the data unused");
  EXPECT_LOAD_ERROR("st_trailing.safetensors", "st_trailing.safetensors: 4 bytes after the end of the last tensor's data");
  EXPECT_LOAD_ERROR("st_duplicate.safetensors", "st_duplicate.safetensors: tensor 'a' appears twice");
  EXPECT_LOAD_ERROR("st_ndim9.safetensors", "tensor 'a': 9 dimensions (fx2c supports at most 8)");
  /* every problem of the file in one run */
  uint32_t n = EXPECT_LOAD_ERROR(
      "st_many_errors.safetensors", "tensor 'no_shape': no \"shape\" in the header entry",
      "tensor 'dtype_number': \"dtype\" is a number, not a string", "tensor 'unknown_dtype': unknown dtype 'F31'",
      "tensor 'unsupported_dtype': dtype 'U16' is not supported",
      "tensor 'bad_offsets': \"data_offsets\" is not [begin, end]",
      "tensor 'backwards': data_offsets [24, 20] end before they begin",
      "tensor 'negative_dim': shape[0] is not a non-negative integer",
      "tensor 'wrong_count': data_offsets [28, 48] hold 20 bytes but shape (2, 3) of F32 needs 24",
      "tensor 'not_an_object': the header entry is an array", "\"__metadata__\" entry 'format' is a number");
  assert_int_equal(n, 10);
}

/* ---- malformed .pt --------------------------------------------------------------------------------------------- */

static void test_pt_refuses_globals(void **state) {
  EXPECT_LOAD_ERROR("pt_evil_system.pt",
                    "pt_evil_system.pt: data.pkl: refusing to load global 'posix.system' (only state_dict tensors "
                    "are read)");
  EXPECT_LOAD_ERROR("pt_evil_eval.pt", "pt_evil_eval.pt: data.pkl: refusing to load global 'builtins.eval'");
}

static void test_pt_errors(void **state) {
  EXPECT_LOAD_ERROR("pt_missing_entry.pt", "pt_missing_entry.pt: tensor 'fc_t' (and 2 more tensors): the archive "
                                           "has no entry 'model/data/12' for its storage");
  EXPECT_LOAD_ERROR("pt_wrong_size.pt", "pt_wrong_size.pt: tensor 'i32': archive entry 'model/data/4' has 8 bytes "
                                        "but its storage has 3 elements of i32");
  EXPECT_LOAD_ERROR("pt_truncated.pt", "pt_truncated.pt: not a readable zip archive");
  EXPECT_LOAD_ERROR("pt_no_pkl.pt", "pt_no_pkl.pt: the zip archive has no data.pkl entry");
  EXPECT_LOAD_ERROR("pt_big_endian.pt", "byte order is 'big'");
  EXPECT_LOAD_ERROR("pt_legacy.pt", "pt_legacy.pt: a pickle, not a zip archive: the legacy torch.save format");
  EXPECT_LOAD_ERROR("pt_nested.pt", "pt_nested.pt: data.pkl: 'model' is a dict, not a tensor",
                    "'epoch' is an int, not a tensor");
  EXPECT_LOAD_ERROR("pt_view_beyond.pt",
                    "pt_view_beyond.pt: tensor 'beyond': the view (offset 2, size (2, 3), stride (3, 1)) reaches "
                    "beyond storage '0', which has 6 elements");
  EXPECT_LOAD_ERROR("npy_f32.npy", "a .npy file, not a state_dict");
  EXPECT_LOAD_ERROR("pt_expand_bomb.pt",
                    "pt_expand_bomb.pt: the tensors read (6) are views that would take 1200000000 bytes made "
                    "contiguous, from 4 bytes of storage (at most 16 times that, or 67108864 bytes, are read)");
}

static void test_missing_file(void **state) {
  EXPECT_LOAD_ERROR("does_not_exist.pt", "does_not_exist.pt: cannot open: No such file or directory");
  EXPECT_LOAD_ERROR(".", "cannot read: not a regular file");
  fx_tensor t;
  fx_diag d;
  fx_diag_init(&d);
  assert_false(fx_npy_read(fixture("nope.npy"), &t, &d));
  assert_diag_has(&d, "nope.npy: cannot open");
  assert_null(t.data);
  fx_diag_free(&d);
}

/* ---- the unpickler in memory ----------------------------------------------------------------------------------- */

typedef struct pk {
  uint8_t b[1 << 16];
  size_t n;
} pk;

static void pk_raw(pk *p, const void *s, size_t n) {
  assert_true(p->n + n <= sizeof p->b);
  memcpy(p->b + p->n, s, n);
  p->n += n;
}
#define PKR(p, lit) pk_raw((p), (lit), sizeof(lit) - 1)
static void pk_op(pk *p, uint8_t op) { pk_raw(p, &op, 1); }
static void pk_str(pk *p, const char *s) {
  uint32_t n = (uint32_t)strlen(s);
  uint8_t h[5] = {'X', (uint8_t)n, (uint8_t)(n >> 8), (uint8_t)(n >> 16), (uint8_t)(n >> 24)};
  pk_raw(p, h, 5);
  pk_raw(p, s, n);
}
static void pk_long1(pk *p, int64_t v) { /* 8-byte LONG1 */
  uint8_t h[10] = {0x8a, 8};
  for (int i = 0; i < 8; i++) h[2 + i] = (uint8_t)((uint64_t)v >> (8 * i));
  pk_raw(p, h, 10);
}
static void pk_global(pk *p, const char *mod, const char *name) {
  pk_op(p, 'c');
  pk_raw(p, mod, strlen(mod));
  pk_op(p, '\n');
  pk_raw(p, name, strlen(name));
  pk_op(p, '\n');
}
static void pk_begin_dict(pk *p) {
  PKR(p, "\x80\x02");
  pk_global(p, "collections", "OrderedDict");
  PKR(p, ")R(");
}
static void pk_end_dict(pk *p) { PKR(p, "u."); }
/* _rebuild_tensor_v2(('storage', torch.<type>, key, 'cpu', numel), offset, size, stride, False, OrderedDict()) */
static void pk_tensor(pk *p, const char *type, const char *key, int64_t numel, int64_t offset, int nd,
                      const int64_t *size, const int64_t *stride) {
  pk_global(p, "torch._utils", "_rebuild_tensor_v2");
  PKR(p, "((");
  pk_str(p, "storage");
  pk_global(p, "torch", type);
  pk_str(p, key);
  pk_str(p, "cpu");
  pk_long1(p, numel);
  PKR(p, "tQ");
  pk_long1(p, offset);
  pk_op(p, '(');
  for (int i = 0; i < nd; i++) pk_long1(p, size[i]);
  pk_op(p, 't');
  pk_op(p, '(');
  for (int i = 0; i < nd; i++) pk_long1(p, stride[i]);
  pk_op(p, 't');
  pk_op(p, 0x89);
  pk_global(p, "collections", "OrderedDict");
  PKR(p, ")RtR");
}

/* Runs the unpickler on p; returns whether it succeeded, with the messages in d (freed by the caller). */
static bool run_pickle(const pk *p, fx_pkl_state_dict *sd, fx_arena *a, fx_diag *d) {
  return fx_pkl_read_state_dict(p->b, p->n, "mem.pt", "data.pkl", a, sd, d);
}

static void expect_pickle_error(const pk *p, const char *needle) {
  fx_pkl_state_dict sd;
  fx_arena a;
  fx_arena_init(&a);
  fx_diag d;
  fx_diag_init(&d);
  bool ok = run_pickle(p, &sd, &a, &d);
  if (ok) print_message("the pickle was accepted (expected \"%s\")\n", needle);
  assert_false(ok);
  assert_int_equal(sd.ntensors, 0);
  assert_null(sd.tensors);
  assert_diag_has(&d, needle);
  fx_diag_free(&d);
  fx_arena_free(&a);
}

static void test_pickle_good(void **state) {
  pk *p = calloc(1, sizeof *p);
  int64_t sz[2] = {2, 3}, st[2] = {3, 1}, st_t[2] = {1, 2};
  pk_begin_dict(p);
  pk_str(p, "a");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, st);
  pk_str(p, "b");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, st_t); /* a view of the same storage */
  pk_str(p, "a");                                      /* a repeated key: first position, last value */
  pk_tensor(p, "HalfStorage", "1", 6, 0, 2, sz, st);
  pk_end_dict(p);
  fx_pkl_state_dict sd;
  fx_arena a;
  fx_arena_init(&a);
  fx_diag d;
  fx_diag_init(&d);
  bool ok = run_pickle(p, &sd, &a, &d);
  if (!ok) print_diag(&d);
  assert_true(ok);
  assert_int_equal(sd.ntensors, 2);
  assert_fxstr_equal(sd.tensors[0].name, "a");
  assert_fxstr_equal(sd.tensors[1].name, "b");
  assert_int_equal(sd.storages[sd.tensors[0].storage].dtype, FXRT_F16);
  assert_int_equal(sd.storages[sd.tensors[1].storage].dtype, FXRT_F32);
  assert_true(sd.tensors[0].contiguous_whole);
  assert_false(sd.tensors[1].contiguous_whole);
  assert_int_equal(sd.storages[sd.tensors[1].storage].nusers, 1);
  fx_pkl_state_dict_free(&sd);
  fx_diag_free(&d);
  fx_arena_free(&a);
  free(p);
}

/* Opcode operands of each width (FRAME, BINPUT and BINGET, GLOBAL's lines) and the items SETITEMS and APPENDS move. */
static void test_pickle_operands(void **state) {
  pk *p = calloc(1, sizeof *p);
  int64_t sz[2] = {2, 3}, st[2] = {3, 1};
  /* a key memoized as 1 (BINPUT) and 258 (LONG_BINPUT), read back with LONG_BINGET and BINGET: the last value counts */
  PKR(p, "\x80\x04\x95\x00\x00\x00\x00\x00\x00\x00\x00"); /* an empty FRAME */
  pk_global(p, "collections", "OrderedDict");
  PKR(p, ")R(");
  pk_str(p, "a");
  PKR(p, "q\x01r\x02\x01\x00\x00");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, st);
  PKR(p, "j\x02\x01\x00\x00");
  pk_tensor(p, "HalfStorage", "1", 6, 0, 2, sz, st);
  PKR(p, "h\x01");
  pk_tensor(p, "LongStorage", "2", 6, 0, 2, sz, st);
  pk_end_dict(p);
  fx_pkl_state_dict sd;
  fx_arena a;
  fx_arena_init(&a);
  fx_diag d;
  fx_diag_init(&d);
  bool ok = run_pickle(p, &sd, &a, &d);
  if (!ok) print_diag(&d);
  assert_true(ok);
  assert_int_equal(sd.ntensors, 1);
  assert_fxstr_equal(sd.tensors[0].name, "a");
  assert_int_equal(sd.storages[sd.tensors[0].storage].dtype, FXRT_I64);
  fx_pkl_state_dict_free(&sd);
  fx_diag_free(&d);
  fx_arena_free(&a);
#define RESET() (p->n = 0)
  RESET();
  PKR(p, "\x80\x04\x95\x01\x00.");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 8 more bytes, 3 are left");
  RESET();
  PKR(p, "\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00N.");
  expect_pickle_error(p, "truncated pickle: the frame at byte 2 has 5 bytes, 2 are left");
  RESET();
  PKR(p, "\x80\x02Nr\x01\x00");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 3 needs 4 more bytes, 2 are left");
  RESET();
  PKR(p, "\x80\x02N]h");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 4 needs 1 more bytes, 0 are left");
  RESET();
  PKR(p, "\x80\x02K");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 1 more bytes, 0 are left");
  RESET();
  PKR(p, "\x80\x02M\x01");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 2 more bytes, 1 are left");
  RESET();
  PKR(p, "\x80\x02J\x01\x02\x03");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 4 more bytes, 3 are left");
  RESET();
  PKR(p, "\x80\x02\x8c");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 1 more bytes, 0 are left");
  RESET();
  PKR(p, "\x80\x02\x8d\x01\x00\x00\x00\x00\x00\x00");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 8 more bytes, 7 are left");
  RESET();
  PKR(p, "\x80\x02j\x07\x00\x00\x00.");
  expect_pickle_error(p, "memo entry 7 read at byte 2 was never stored");
  RESET();
  PKR(p, "\x80\x02" "ctorch");
  expect_pickle_error(p, "truncated pickle: GLOBAL at byte 2 has no module line");
  RESET();
  PKR(p, "\x80\x02" "ctorch\nFloatStorage");
  expect_pickle_error(p, "truncated pickle: GLOBAL at byte 2 has no name line");
  RESET();
  PKR(p, "\x80\x02(K\x01" "e.");
  expect_pickle_error(p, "APPENDS at byte 5 has no list");
  RESET();
  PKR(p, "\x80\x02}(K\x01" "e.");
  expect_pickle_error(p, "APPENDS at byte 6 on a dict");
  RESET();
  PKR(p, "\x80\x02](K\x01K\x02u.");
  expect_pickle_error(p, "SETITEMS at byte 8 on a list");
  RESET();
  PKR(p, "(K\x01K\x02u.");
  expect_pickle_error(p, "SETITEMS at byte 5 has no dict or an odd number of items");
  RESET();
  PKR(p, "\x80\x02](K\x01K\x02" "e.");
  expect_pickle_error(p, "the pickle holds a list, not a state_dict");
#undef RESET
  free(p);
}

static void test_pickle_hostile(void **state) {
  pk *p = calloc(1, sizeof *p);
  int64_t sz[2] = {2, 3}, st[2] = {3, 1};
#define RESET() (p->n = 0)
  RESET();
  PKR(p, "\x80\x02\xff");
  expect_pickle_error(p, "mem.pt: data.pkl: unsupported pickle opcode 0xff at byte 2");
  RESET();
  PKR(p, "\x80\x09.");
  expect_pickle_error(p, "unsupported pickle protocol 9");
  RESET();
  pk_begin_dict(p);
  expect_pickle_error(p, "truncated pickle: no STOP opcode");
  RESET();
  PKR(p, "\x80\x02X\xff\xff\xff\x7f");
  expect_pickle_error(p, "truncated pickle: the opcode at byte 2 needs 2147483647 more bytes, 0 are left");
  RESET();
  PKR(p, "\x80\x02h\x05.");
  expect_pickle_error(p, "memo entry 5 read at byte 2 was never stored");
  RESET();
  PKR(p, "\x80\x02Nr\xff\xff\xff\xff.");
  expect_pickle_error(p, "memo index 4294967295 at byte 3 is out of range");
  RESET();
  PKR(p, "\x80\x02R.");
  expect_pickle_error(p, "stack underflow at byte 2");
  RESET();
  PKR(p, "\x80\x02N(s."); /* SETITEM may not reach below a MARK */
  expect_pickle_error(p, "stack underflow at byte 4");
  RESET();
  PKR(p, "\x80\x02t.");
  expect_pickle_error(p, "no MARK for the opcode at byte 2");
  RESET();
  PKR(p, "\x80\x02");
  for (int i = 0; i < 300; i++) pk_op(p, '(');
  pk_op(p, '.');
  expect_pickle_error(p, "MARKs nest deeper than 256");
  RESET();
  PKR(p, "\x80\x02\x8a\x09\x01\x02\x03\x04\x05\x06\x07\x08\x09.");
  expect_pickle_error(p, "has 9 bytes (at most 8 are supported)");
  RESET();
  PKR(p, "\x80\x02]q\x00h\x00" "a."); /* a list that contains itself: no recursion anywhere */
  expect_pickle_error(p, "the pickle holds a list, not a state_dict");
  RESET();
  PKR(p, "\x80\x02.");
  expect_pickle_error(p, "STOP with an empty stack");
  RESET();
  PKR(p, "\x80\x02(t."); /* a tuple of nothing built from an empty stack (a fuzzer find) */
  expect_pickle_error(p, "the pickle holds a tuple, not a state_dict");
  RESET();
  PKR(p, "\x80\x02}K\x01K\x02s.");
  expect_pickle_error(p, "a key of the state_dict is an int, not a string");
  RESET();
  PKR(p, "\x80\x02}(K\x01u.");
  expect_pickle_error(p, "SETITEMS at byte 6 has no dict or an odd number of items");
  RESET();
  PKR(p, "\x80\x02");
  pk_global(p, "torch", "FloatStorage");
  PKR(p, ")R.");
  expect_pickle_error(p, "calls a storage type");
  RESET();
  PKR(p, "\x80\x02");
  pk_global(p, "builtins", "getattr");
  expect_pickle_error(p, "refusing to load global 'builtins.getattr'");
  RESET();
  PKR(p, "\x80\x02\x8c\x02os\x8c\x06system\x93."); /* STACK_GLOBAL */
  expect_pickle_error(p, "refusing to load global 'os.system'");
  RESET();
  PKR(p, "\x80\x02");
  pk_global(p, "torch\x01\n", "x"); /* non-printable bytes are escaped in the message */
  expect_pickle_error(p, "refusing to load global 'torch\\x01.'");
  RESET();
  PKR(p, "\x80\x02K\x01Q.");
  expect_pickle_error(p, "the persistent id at byte 4 is not ('storage', type, key, location, numel)");
  /* the same storage key with two types */
  RESET();
  pk_begin_dict(p);
  pk_str(p, "a");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, st);
  pk_str(p, "b");
  pk_tensor(p, "LongStorage", "0", 6, 0, 2, sz, st);
  pk_end_dict(p);
  expect_pickle_error(p, "storage '0' is declared twice with different types or sizes");
  /* tensors that cannot be: 9 dimensions, negative strides, sizes that overflow, an expand to 1 TB */
  int64_t sz9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, st9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  RESET();
  pk_begin_dict(p);
  pk_str(p, "nine");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 9, sz9, st9);
  pk_str(p, "neg");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, (int64_t[]){-3, 1});
  pk_str(p, "huge");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, (int64_t[]){INT64_C(1) << 40, INT64_C(1) << 40}, (int64_t[]){0, 0});
  pk_str(p, "wide");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, (int64_t[]){INT64_C(1) << 20, INT64_C(1) << 20}, (int64_t[]){0, 0});
  pk_str(p, "far");
  pk_tensor(p, "FloatStorage", "0", 6, INT64_MAX - 1, 2, sz, (int64_t[]){INT64_MAX / 2, 1});
  pk_str(p, "neg_offset");
  pk_tensor(p, "FloatStorage", "0", 6, -1, 2, sz, st);
  pk_end_dict(p);
  expect_pickle_error(p, "mem.pt: tensor 'nine' has more than 8 dimensions");
  expect_pickle_error(p, "mem.pt: tensor 'neg' has a negative size or stride");
  expect_pickle_error(p, "mem.pt: tensor 'huge': size (1099511627776, 1099511627776) has too many elements");
  expect_pickle_error(p, "mem.pt: tensor 'wide': the view (size (1048576, 1048576), stride (0, 0)) expands storage "
                         "'0' of 6 elements to 4398046511104 bytes");
  expect_pickle_error(p, "mem.pt: tensor 'far': the view (offset 9223372036854775806");
  expect_pickle_error(p, "mem.pt: tensor 'neg_offset' has a negative storage offset");
  /* a parameter around something that is not a tensor */
  RESET();
  pk_begin_dict(p);
  pk_str(p, "p");
  pk_global(p, "torch._utils", "_rebuild_parameter");
  PKR(p, "K\x01\x88}\x87R");
  pk_end_dict(p);
  expect_pickle_error(p, "_rebuild_parameter at byte");
#undef RESET
  free(p);
}

/* Every prefix and many single-byte mutations of a valid pickle: errors or success, never a crash or a leak. */
static void test_pickle_mutations(void **state) {
  pk *p = calloc(1, sizeof *p);
  int64_t sz[2] = {2, 3}, st[2] = {3, 1}, st_t[2] = {1, 2};
  pk_begin_dict(p);
  pk_str(p, "a");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, st);
  pk_str(p, "b");
  pk_tensor(p, "FloatStorage", "0", 6, 0, 2, sz, st_t);
  /* state_dict._metadata = OrderedDict({'': {'version': 1}}), set by BUILD as torch.save does */
  PKR(p, "u}");
  pk_str(p, "_metadata");
  pk_global(p, "collections", "OrderedDict");
  PKR(p, ")R(");
  pk_str(p, "");
  PKR(p, "}");
  pk_str(p, "version");
  PKR(p, "K\x01susb.");
  fx_pkl_state_dict sd;
  fx_diag d;
  fx_arena a;
  {
    fx_arena_init(&a);
    fx_diag_init(&d);
    bool ok = run_pickle(p, &sd, &a, &d);
    if (!ok) print_diag(&d);
    assert_true(ok); /* the base case is valid (with _metadata set by BUILD) */
    assert_int_equal(sd.ntensors, 2);
    fx_pkl_state_dict_free(&sd);
    fx_diag_free(&d);
    fx_arena_free(&a);
  }
  pk *q = calloc(1, sizeof *q);
  size_t accepted = 0, runs = 0;
  for (size_t len = 0; len < p->n; len++) {
    memcpy(q->b, p->b, len);
    q->n = len;
    fx_arena_init(&a);
    fx_diag_init(&d);
    assert_false(run_pickle(q, &sd, &a, &d)); /* a prefix has no STOP, or STOP too early... */
    fx_pkl_state_dict_free(&sd);
    fx_diag_free(&d);
    fx_arena_free(&a);
  }
  static const uint8_t vals[] = {0x00, 0x01, 0x02, 0x7f, 0x80, 0xff, '(', ')', 't', 'R', 'Q', 'u', 's', 'h', 'q', '.'};
  for (size_t pos = 0; pos < p->n; pos++)
    for (size_t v = 0; v < sizeof vals; v++) {
      memcpy(q->b, p->b, p->n);
      q->n = p->n;
      q->b[pos] = vals[v];
      fx_arena_init(&a);
      fx_diag_init(&d);
      if (run_pickle(q, &sd, &a, &d)) accepted++;
      runs++;
      fx_pkl_state_dict_free(&sd);
      fx_diag_free(&d);
      fx_arena_free(&a);
    }
  print_message("pickle mutations: %zu runs, %zu accepted\n", runs, accepted);
  free(q);
  free(p);
}

/* ---- whole files cut and mutated ------------------------------------------------------------------------------- */

static char *tmp_path(char *buf, size_t cap, const char *suffix) {
  const char *dir = getenv("TMPDIR");
  snprintf(buf, cap, "%s/fx2c_test_weights_%ld%s", dir && *dir ? dir : "/tmp", (long)getpid(), suffix);
  return buf;
}

static uint8_t *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = malloc((size_t)len + 1);
  assert_int_equal(fread(b, 1, (size_t)len, f), (size_t)len);
  fclose(f);
  *n = (size_t)len;
  return b;
}

static void spit(const char *path, const uint8_t *b, size_t n) {
  unlink(path); /* a new file rather than a truncated one, which ext4 flushes on close (auto_da_alloc) */
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(b, 1, n, f), n);
  fclose(f);
}

/* Loads every `step`-th truncation and byte mutation of `file`; none may crash, a truncation must fail. */
static void mutate_file(const char *file, size_t step, bool npy) {
  size_t n;
  uint8_t *orig = slurp(fixture(file), &n);
  uint8_t *b = malloc(n);
  char tmp[512];
  tmp_path(tmp, sizeof tmp, npy ? ".npy" : ".w");
  for (size_t len = 0; len < n; len += step) {
    spit(tmp, orig, len);
    fx_diag d;
    fx_diag_init(&d);
    if (npy) {
      fx_tensor t;
      bool ok = fx_npy_read(tmp, &t, &d);
      assert_false(ok);
      fx_tensor_free(t.data);
    } else {
      fx_weights w;
      assert_false(fx_weights_load(&w, tmp, &d));
      fx_weights_free(&w);
    }
    fx_diag_free(&d);
  }
  for (size_t pos = 0; pos < n; pos += step) {
    memcpy(b, orig, n);
    b[pos] ^= (uint8_t)(0x5a + pos);
    spit(tmp, b, n);
    fx_diag d;
    fx_diag_init(&d);
    if (npy) {
      fx_tensor t;
      fx_npy_read(tmp, &t, &d);
      fx_tensor_free(t.data);
    } else {
      fx_weights w;
      fx_weights_load(&w, tmp, &d);
      fx_weights_free(&w);
    }
    fx_diag_free(&d);
  }
  unlink(tmp);
  free(b);
  free(orig);
}

static void test_truncations_and_mutations(void **state) {
  mutate_file("model.safetensors", 1, false);
  mutate_file("model.pt", 7, false);
  mutate_file("model_proto4.pt", 13, false);
  mutate_file("pt_views.pt", 1, false);
  mutate_file("npy_f32.npy", 1, true);
  mutate_file("npy_v3.npy", 1, true);
}

/* ---- reading what is used, shared storages, bounds ------------------------------------------------------------- */

static uint32_t tensor_index(const fx_weights *w, const char *name) {
  const fx_tensor *t = fx_weights_find(w, fx_str_make(name, strlen(name)));
  if (!t) {
    print_message("no tensor '%s'\n", name);
    fail();
  }
  return (uint32_t)(t - w->tensors);
}

/* want[] for w with the named tensors set (a NULL-terminated list); calloc'd. */
static bool *want_of(const fx_weights *w, const char *const *names) {
  bool *want = calloc(w->n + 1, sizeof *want);
  for (const char *const *n = names; *n; n++) want[tensor_index(w, *n)] = true;
  return want;
}

static bool read_some(fx_weights *w, fx_diag *d, const char *const *names) {
  bool *want = want_of(w, names);
  bool ok = fx_weights_read(w, want, d);
  free(want);
  return ok;
}

#define READ_SOME(w, d, ...) read_some((w), (d), (const char *const[]){__VA_ARGS__, NULL})

static const void *data_of(const fx_weights *w, const char *name) { return w->tensors[tensor_index(w, name)].data; }

/* pt_shared.pt (torch.save): tied weights and views of one storage, read once. The tied pair and the views at byte
 * offsets 64 and 192 point into their storage's buffer, as in torch; the misaligned and the strided view are
 * copies. */
static void test_pt_shared_storages(void **state) {
  check_weights_file("pt_shared.pt", "pt_shared.expected"); /* the values, as torch has them */
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_load(&w, fixture("pt_shared.pt"), &d));
  assert_null(w.file); /* everything read: the archive is closed */
  assert_ptr_equal(data_of(&w, "emb.weight"), data_of(&w, "head.weight"));
  const uint8_t *base = data_of(&w, "base");
  assert_ptr_equal(data_of(&w, "aligned"), base + 64);
  assert_ptr_equal(data_of(&w, "tail"), base + 192);
  const uint8_t *u = data_of(&w, "unaligned"), *s = data_of(&w, "strided");
  assert_true(u + 32 <= base || u >= base + 256);
  assert_true(s + 128 <= base || s >= base + 256);
  assert_int_equal((uintptr_t)u % 64, 0);
  /* held: the tied storage (64 bytes) and the other (12) once, base's storage (256), the two copies (32 + 128) */
  assert_int_equal(fx_weights_bytes(&w), 64 + 256 + 12 + 32 + 128);
  assert_int_equal(w.read_bytes, fx_weights_bytes(&w));
  uint32_t buf = w.buf_of[tensor_index(&w, "base")];
  assert_int_equal(w.bufs[buf].users, 3);
  fx_weights_free(&w);
  fx_diag_free(&d);
}

/* Opening reads no tensor; a read reads the tensors asked for, and for a .pt only the span of a storage they view. */
static void test_partial_reads(void **state) {
  expected e[64];
  size_t ne = read_expected("pt_shared.expected", e, 64);
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_open(&w, fixture("pt_shared.pt"), &d));
  assert_int_equal(w.n, ne);
  for (uint32_t i = 0; i < w.n; i++) assert_null(w.tensors[i].data);
  assert_int_equal(fx_weights_bytes(&w), 0);
  assert_true(READ_SOME(&w, &d, "aligned"));
  assert_int_equal(fx_weights_bytes(&w), 128); /* bytes 64 to 192 of base's storage, no more */
  assert_null(data_of(&w, "base"));
  assert_null(data_of(&w, "tail"));
  assert_int_equal((uintptr_t)data_of(&w, "aligned") % 64, 0);
  assert_true(READ_SOME(&w, &d, "unaligned", "aligned")); /* aligned is read already: not again */
  assert_int_equal(fx_weights_bytes(&w), 128 + 32);
  assert_non_null(w.file);
  assert_true(fx_weights_read(&w, NULL, &d)); /* the rest */
  assert_null(w.file);
  for (size_t i = 0; i < ne; i++) assert_tensor_matches(&w.tensors[i], &e[i]);
  assert_int_equal(d.n, 0);
  fx_weights_free(&w);
  /* safetensors: one tensor's bytes */
  assert_true(fx_weights_open(&w, fixture("model.safetensors"), &d));
  assert_true(READ_SOME(&w, &d, "fc.bias"));
  assert_int_equal(fx_weights_bytes(&w), 8);
  assert_null(data_of(&w, "fc.weight"));
  fx_weights_free(&w);
  fx_diag_free(&d);
  free_expected(e, ne);
}

/* A tensor that shares its bytes gets a copy of its own before it is written; the others keep theirs. */
static void test_writable_copies_on_write(void **state) {
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_load(&w, fixture("pt_shared.pt"), &d));
  const fx_tensor *emb = &w.tensors[tensor_index(&w, "emb.weight")],
                  *head = &w.tensors[tensor_index(&w, "head.weight")];
  float before[16];
  memcpy(before, emb->data, sizeof before);
  float *h = fx_weights_writable(&w, head);
  assert_non_null(h);
  assert_ptr_not_equal(h, emb->data);
  assert_ptr_equal(h, head->data);
  assert_int_equal((uintptr_t)h % 64, 0);
  for (int i = 0; i < 16; i++) h[i] = 100.0f + (float)i;
  assert_memory_equal(emb->data, before, sizeof before);
  assert_ptr_equal(fx_weights_writable(&w, emb), emb->data); /* alone in its buffer now: written in place */
  /* a view into base's storage: base and tail keep their values */
  const fx_tensor *aligned = &w.tensors[tensor_index(&w, "aligned")];
  float *a = fx_weights_writable(&w, aligned);
  a[0] = -1.0f;
  assert_true(((const float *)data_of(&w, "base"))[16] == 16.0f);
  assert_true(((const float *)aligned->data)[0] == -1.0f);
  /* a tensor made by a pass has its own buffer */
  int64_t k = 4;
  fx_tensor *t = fx_weights_add(&w, S("made"), FXRT_F32, 1, &k);
  assert_ptr_equal(fx_weights_writable(&w, t), t->data);
  assert_int_equal(w.nmade, 1);
  fx_weights_free(&w);
  /* not read: nothing to write */
  assert_true(fx_weights_open(&w, fixture("pt_shared.pt"), &d));
  assert_null(fx_weights_writable(&w, &w.tensors[0]));
  fx_weights_free(&w);
  fx_diag_free(&d);
}

/* pt_unused_corrupt.pt: w, b and a 100 MB tensor 'big' whose deflated entry has a wrong CRC. Reading w and b never
 * inflates big's entry (and allocates next to nothing); reading big is refused, naming it. The old reader read every
 * tensor and did not check CRCs: it took 100 MB and accepted the damaged bytes. */
static void test_unused_tensor_never_read(void **state) {
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_open(&w, fixture("pt_unused_corrupt.pt"), &d));
  assert_int_equal(w.tensors[tensor_index(&w, "big")].nbytes, 100000000);
  size_t live = fx_mem_live();
  fx_mem_reset_peak();
  assert_true(READ_SOME(&w, &d, "w", "b"));
  assert_true(fx_mem_peak() - live < (1 << 20));
  assert_null(data_of(&w, "big"));
  assert_int_equal(d.nerrors, 0);
  assert_false(READ_SOME(&w, &d, "big"));
  assert_diag_has(&d, "pt_unused_corrupt.pt: tensor 'big': cannot read archive entry 'archive/data/2': CRC error");
  assert_null(data_of(&w, "big"));
  assert_non_null(data_of(&w, "w"));
  assert_int_equal(fx_weights_bytes(&w), 24 + 8); /* big's buffer is freed */
  fx_weights_free(&w);
  fx_diag_free(&d);
  EXPECT_LOAD_ERROR("pt_unused_corrupt.pt", "tensor 'big': cannot read archive entry 'archive/data/2': CRC error");
  /* a bound below big's size refuses it before anything is allocated */
  fx_diag_init(&d);
  assert_true(fx_weights_open(&w, fixture("pt_unused_corrupt.pt"), &d));
  w.max_bytes = 50 << 20;
  live = fx_mem_live();
  fx_mem_reset_peak();
  assert_false(READ_SOME(&w, &d, "big"));
  assert_true(fx_mem_peak() - live < (1 << 20));
  assert_diag_has(&d, "pt_unused_corrupt.pt: reading 1 tensor needs 100000000 bytes, more than the 52428800 bytes "
                      "that reading one weights file may take");
  assert_diag_has(&d, "FX2C_WEIGHTS_MAX_BYTES=96M reads these tensors");
  fx_weights_free(&w);
  fx_diag_free(&d);
}

/* A damaged file is reported when it is read, naming the tensor: a safetensors file cut short after it was opened. */
static void test_read_errors_name_the_tensor(void **state) {
  size_t n;
  uint8_t *b = slurp(fixture("model.safetensors"), &n);
  char tmp[512];
  tmp_path(tmp, sizeof tmp, ".safetensors");
  spit(tmp, b, n);
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_open(&w, tmp, &d));
  assert_int_equal(truncate(tmp, (off_t)(n - 4)), 0);
  assert_false(fx_weights_read(&w, NULL, &d));
  /* fc.bias is the last tensor of the file */
  assert_diag_has(&d, "tensor 'fc.bias': data beyond the end of the file (it changed while being read)");
  assert_null(data_of(&w, "fc.bias"));
  assert_non_null(data_of(&w, "fc.weight"));
  fx_weights_free(&w);
  fx_diag_free(&d);
  unlink(tmp);
  free(b);
}

/* The bounds, with exact messages: the bytes a read needs (temporary storage included) against max_bytes, which
 * FX2C_WEIGHTS_MAX_BYTES sets, and views made contiguous against the storages read. */
static void test_read_bounds(void **state) {
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  assert_true(fx_weights_open(&w, fixture("pt_shared.pt"), &d));
  assert_int_equal(w.max_bytes, FX_WEIGHTS_MAX_BYTES);
  w.max_bytes = 491;
  assert_false(fx_weights_read(&w, NULL, &d));
  assert_diag_has(&d, "pt_shared.pt: reading 8 tensors needs 492 bytes, more than the 491 bytes that reading one "
                      "weights file may take");
  assert_diag_has(&d, "the bound is the environment's FX2C_WEIGHTS_MAX_BYTES (default 16G); with the memory for them, "
                      "FX2C_WEIGHTS_MAX_BYTES=1M reads these tensors");
  for (uint32_t i = 0; i < w.n; i++) assert_null(w.tensors[i].data);
  /* two copies out of base's storage, which no tensor read points into: it is held while they are made */
  fx_diag_free(&d);
  fx_diag_init(&d);
  w.max_bytes = 411;
  assert_false(READ_SOME(&w, &d, "unaligned", "strided"));
  assert_diag_has(&d, "pt_shared.pt: reading 2 tensors needs 412 bytes (252 of them only while views are copied out "
                      "of a storage), more than the 411 bytes");
  w.max_bytes = 412;
  assert_true(READ_SOME(&w, &d, "unaligned", "strided"));
  assert_int_equal(fx_weights_bytes(&w), 160);
  w.max_bytes = 160 + 63;
  assert_false(READ_SOME(&w, &d, "emb.weight"));
  assert_diag_has(&d, "reading 1 tensor needs 64 bytes besides the 160 bytes read before, more than the 223 bytes");
  fx_weights_free(&w);
  fx_diag_free(&d);
  /* the environment */
  fx_diag_init(&d);
  setenv("FX2C_WEIGHTS_MAX_BYTES", "2k", 1);
  assert_true(fx_weights_open(&w, fixture("pt_shared.pt"), &d));
  assert_int_equal(w.max_bytes, 2048);
  fx_weights_free(&w);
  setenv("FX2C_WEIGHTS_MAX_BYTES", "12Q", 1);
  assert_false(fx_weights_open(&w, fixture("pt_shared.pt"), &d));
  assert_diag_has(&d, "FX2C_WEIGHTS_MAX_BYTES='12Q' is not a number of bytes (such as 1073741824, or 1G");
  setenv("FX2C_WEIGHTS_MAX_BYTES", "99999999999999999999", 1);
  assert_false(fx_weights_open(&w, fixture("pt_shared.pt"), &d));
  unsetenv("FX2C_WEIGHTS_MAX_BYTES");
  fx_weights_free(&w);
  fx_diag_free(&d);
  /* stride-0 views: one of them is still 200 MB made contiguous from 4 bytes; none read, nothing to refuse */
  fx_diag_init(&d);
  assert_true(fx_weights_open(&w, fixture("pt_expand_bomb.pt"), &d));
  assert_true(READ_SOME(&w, &d, "bomb0") == false);
  assert_diag_has(&d, "pt_expand_bomb.pt: the tensors read (1) are views that would take 200000000 bytes made "
                      "contiguous, from 4 bytes of storage");
  assert_true(fx_weights_read(&w, (bool[6]){false}, &d));
  fx_weights_free(&w);
  fx_diag_free(&d);
}

/* ---- a deflate bomb, written at test time: a few megabytes whose entries claim gigabytes ---- */

static void put16(FILE *f, unsigned v) {
  fputc((int)(v & 0xff), f);
  fputc((int)(v >> 8 & 0xff), f);
}
static void put32(FILE *f, uint32_t v) {
  put16(f, v & 0xffff);
  put16(f, v >> 16);
}

static uint32_t crc32_of(const uint8_t *p, size_t n) {
  uint32_t c = 0xffffffffu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = c >> 1 ^ (0xedb88320u & (0u - (c & 1)));
  }
  return ~c;
}

typedef struct zentry {
  const char *name;
  const void *data; /* stored bytes; NULL: comp bytes of 0xff, which do not inflate (and a CRC of 0) */
  uint32_t comp, size;
  bool deflated;
} zentry;

/* A zip archive (stored and "deflated" entries, no data descriptors, no zip64) by hand: libzip would compress. */
static void write_zip(const char *path, const zentry *e, int n) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  uint32_t *off = calloc((size_t)n, sizeof *off);
  static uint8_t junk[1 << 16];
  memset(junk, 0xff, sizeof junk);
  for (int i = 0; i < n; i++) {
    off[i] = (uint32_t)ftell(f);
    put32(f, 0x04034b50);
    put16(f, 20), put16(f, 0), put16(f, e[i].deflated ? 8 : 0), put16(f, 0), put16(f, 0x21);
    put32(f, e[i].data ? crc32_of(e[i].data, e[i].comp) : 0), put32(f, e[i].comp), put32(f, e[i].size);
    put16(f, (unsigned)strlen(e[i].name)), put16(f, 0);
    fputs(e[i].name, f);
    if (e[i].data) fwrite(e[i].data, 1, e[i].comp, f);
    else
      for (uint32_t k = 0; k < e[i].comp; k += sizeof junk)
        fwrite(junk, 1, e[i].comp - k < sizeof junk ? e[i].comp - k : sizeof junk, f);
  }
  uint32_t cd = (uint32_t)ftell(f);
  for (int i = 0; i < n; i++) {
    put32(f, 0x02014b50);
    put16(f, 20), put16(f, 20), put16(f, 0), put16(f, e[i].deflated ? 8 : 0), put16(f, 0), put16(f, 0x21);
    put32(f, e[i].data ? crc32_of(e[i].data, e[i].comp) : 0), put32(f, e[i].comp), put32(f, e[i].size);
    put16(f, (unsigned)strlen(e[i].name)), put16(f, 0), put16(f, 0), put16(f, 0), put16(f, 0);
    put32(f, 0), put32(f, off[i]);
    fputs(e[i].name, f);
  }
  uint32_t end = (uint32_t)ftell(f);
  put32(f, 0x06054b50);
  put16(f, 0), put16(f, 0), put16(f, (unsigned)n), put16(f, (unsigned)n);
  put32(f, end - cd), put32(f, cd), put16(f, 0);
  assert_int_equal(fclose(f), 0);
  free(off);
}

/* Two entries of 2 GB each from 1.9 MB of "deflated" bytes each (as much as deflate's 1032:1 allows), and a small
 * tensor. Only the entries of the tensors read are inflated: reading the small one never touches the bombs (whose
 * bytes would not even inflate), and reading a bomb is refused by the bound before anything is allocated. */
static void test_deflate_bomb(void **state) {
  pk *p = calloc(1, sizeof *p);
  const int64_t big = 500000000; /* floats: 2 GB */
  pk_begin_dict(p);
  pk_str(p, "small");
  pk_tensor(p, "FloatStorage", "0", 4, 0, 1, (int64_t[]){4}, (int64_t[]){1});
  pk_str(p, "bomb1");
  pk_tensor(p, "FloatStorage", "1", big, 0, 1, &big, (int64_t[]){1});
  pk_str(p, "bomb2");
  pk_tensor(p, "FloatStorage", "2", big, 0, 1, &big, (int64_t[]){1});
  pk_end_dict(p);
  const float four[4] = {1, 2, 3, 4};
  const uint32_t comp = (uint32_t)(4 * big / 1032) + 1;
  zentry e[] = {{"archive/data.pkl", p->b, (uint32_t)p->n, (uint32_t)p->n, false},
                {"archive/data/0", four, 16, 16, false},
                {"archive/data/1", NULL, comp, (uint32_t)(4 * big), true},
                {"archive/data/2", NULL, comp, (uint32_t)(4 * big), true}};
  char tmp[512];
  tmp_path(tmp, sizeof tmp, "_bomb.pt");
  write_zip(tmp, e, 4);
  fx_weights w;
  fx_diag d;
  fx_diag_init(&d);
  bool ok = fx_weights_open(&w, tmp, &d);
  if (!ok) print_diag(&d);
  assert_true(ok);
  assert_int_equal(w.tensors[tensor_index(&w, "bomb1")].nbytes, 4 * big);
  size_t live = fx_mem_live();
  fx_mem_reset_peak();
  assert_true(READ_SOME(&w, &d, "small"));
  assert_true(fx_mem_peak() - live < (1 << 20));
  assert_memory_equal(data_of(&w, "small"), four, sizeof four);
  w.max_bytes = (uint64_t)1 << 30;
  assert_false(fx_weights_read(&w, NULL, &d));
  assert_true(fx_mem_peak() - live < (1 << 20));
  assert_diag_has(&d, "_bomb.pt: reading 2 tensors needs 4000000000 bytes besides the 16 bytes read before, more "
                      "than the 1073741824 bytes that reading one weights file may take");
  fx_weights_free(&w);
  fx_diag_free(&d);
  /* an entry that claims more than its compressed bytes can give is refused when the archive is opened */
  e[2].size = comp * 1032 + 1025;
  write_zip(tmp, e, 4);
  fx_diag_init(&d);
  assert_false(fx_weights_open(&w, tmp, &d));
  assert_diag_has(&d, "archive entry 'archive/data/1' claims");
  fx_weights_free(&w);
  fx_diag_free(&d);
  unlink(tmp);
  free(p);
}

/* ---- bnfold and tied weights ---- */

/* pt_tied_bias.pt: TiedBias (tests/gen/gen_weights.py), whose conv.bias is also its buffer 'shift' (one storage). */
static const char tied_graph[] =
    "graph():\n"
    "    %x : [#users=1] = placeholder[target=x]\n"
    "    %conv : [#users=1] = call_module[target=conv](args = (%x,), kwargs = {})\n"
    "    %bn : [#users=1] = call_module[target=bn](args = (%conv,), kwargs = {})\n"
    "    %shift : [#users=1] = get_attr[target=shift]\n"
    "    %view : [#users=1] = call_method[target=view](args = (%shift, 1, 4, 1, 1), kwargs = {})\n"
    "    %add : [#users=1] = call_function[target=operator.add](args = (%bn, %view), kwargs = {})\n"
    "    return add\n";
static const char tied_modules[] =
    "TiedBias(\n"
    "  (conv): Conv2d(3, 4, kernel_size=(3, 3), stride=(1, 1))\n"
    "  (bn): BatchNorm2d(4, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)\n"
    ")\n";

/* BatchNorm folding writes the conv's new bias; 'shift', which shared its bytes, keeps its values. */
static void test_bnfold_tied_bias(void **state) {
  parsed *pr = parse_text("tied.fx", tied_graph);
  assert_non_null(pr->g);
  fx_diag d;
  fx_diag_init(&d);
  fx_source msrc;
  fx_source_from_text(&msrc, "modules.txt", tied_modules, strlen(tied_modules));
  fx_modules m;
  fx_weights w;
  assert_true(fx_modules_parse(&m, &msrc, &d));
  assert_true(fx_weights_open(&w, fixture("pt_tied_bias.pt"), &d));
  fx_program p;
  fx_program_init(&p, pr->g, &m, &w);
  fx_program_set_input(&p, 0, FXRT_F32, 4, (int64_t[]){1, 3, 6, 6});
  bool ok = fx_program_build(&p, &d) && fx_program_read_weights(&p, &w, &d);
  if (!ok) print_diag(&d);
  assert_true(ok);
  assert_null(data_of(&w, "bn.num_batches_tracked")); /* the program does not read it */
  assert_ptr_equal(data_of(&w, "shift"), data_of(&w, "conv.bias"));
  float shift[4], bias[4], mean[4], var[4], g[4], beta[4];
  memcpy(shift, data_of(&w, "shift"), sizeof shift);
  memcpy(bias, data_of(&w, "conv.bias"), sizeof bias);
  memcpy(mean, data_of(&w, "bn.running_mean"), sizeof mean);
  memcpy(var, data_of(&w, "bn.running_var"), sizeof var);
  memcpy(g, data_of(&w, "bn.weight"), sizeof g);
  memcpy(beta, data_of(&w, "bn.bias"), sizeof beta);
  fx_pass_manager pm = {&p, &m, &w, NULL, stderr, NULL, &d, NULL, NULL};
  ok = fx_pass_manager_run(&pm, "bnfold");
  if (!ok) print_diag(&d);
  assert_true(ok);
  assert_int_equal(pr->g->nlive, 6); /* the BatchNorm is gone */
  assert_ptr_not_equal(data_of(&w, "shift"), data_of(&w, "conv.bias"));
  assert_memory_equal(data_of(&w, "shift"), shift, sizeof shift);
  const float *nb = data_of(&w, "conv.bias");
  for (int o = 0; o < 4; o++) {
    double want = ((double)bias[o] - mean[o]) * g[o] / sqrt((double)var[o] + 1e-5) + beta[o];
    assert_true(fabs(nb[o] - want) < 1e-5);
  }
  fx_program_free(&p);
  fx_weights_free(&w);
  fx_modules_free(&m);
  fx_source_free(&msrc);
  fx_diag_free(&d);
}

/* ---- .npy ------------------------------------------------------------------------------------------------------ */

static void test_npy_read(void **state) {
  expected e[64];
  size_t ne = read_expected("npy.expected", e, 64);
  assert_true(ne >= 16);
  for (size_t i = 0; i < ne; i++) {
    fx_tensor t;
    fx_diag d;
    fx_diag_init(&d);
    bool ok = fx_npy_read(fixture(e[i].name), &t, &d);
    if (!ok) print_diag(&d);
    assert_true(ok);
    assert_int_equal(t.name.n, 0);
    assert_tensor_matches(&t, &e[i]);
    fx_tensor_free(t.data);
    fx_diag_free(&d);
  }
  free_expected(e, ne);
}

/* What numpy's np.save wrote comes back byte for byte from fx_npy_write. */
static void test_npy_write_matches_numpy(void **state) {
  expected e[64];
  size_t ne = read_expected("npy.expected", e, 64), checked = 0;
  char tmp[512];
  tmp_path(tmp, sizeof tmp, ".npy");
  for (size_t i = 0; i < ne; i++) {
    /* np.save files only (v2, v3 and the hand-made header are not numpy's default layout) */
    if (strcmp(e[i].name, "npy_v2.npy") == 0 || strcmp(e[i].name, "npy_v3.npy") == 0 ||
        strcmp(e[i].name, "npy_handmade.npy") == 0)
      continue;
    fx_tensor t;
    fx_diag d;
    fx_diag_init(&d);
    assert_true(fx_npy_read(fixture(e[i].name), &t, &d));
    assert_true(fx_npy_write(tmp, &t, &d));
    size_t n1, n2;
    uint8_t *a = slurp(fixture(e[i].name), &n1), *b = slurp(tmp, &n2);
    if (n1 != n2 || memcmp(a, b, n1) != 0) {
      print_message("%s: fx_npy_write differs from np.save (%zu vs %zu bytes): %.*s\n", e[i].name, n2, n1,
                    (int)(n2 > 10 ? n2 - 10 : 0), (const char *)b + 10);
      fail();
    }
    assert_int_equal((n2 - t.nbytes) % 64, 0);
    free(a);
    free(b);
    fx_tensor_free(t.data);
    fx_diag_free(&d);
    checked++;
  }
  assert_true(checked >= 13);
  unlink(tmp);
  free_expected(e, ne);
}

static void expect_npy_error(const char *file, const char *needle) {
  fx_tensor t;
  fx_diag d;
  fx_diag_init(&d);
  bool ok = fx_npy_read(fixture(file), &t, &d);
  if (ok) print_message("%s was read\n", file);
  assert_false(ok);
  assert_null(t.data);
  assert_diag_has(&d, needle);
  fx_diag_free(&d);
}

static void test_npy_errors(void **state) {
  expect_npy_error("npy_fortran.npy", "npy_fortran.npy: Fortran-order arrays are not supported");
  expect_npy_error("npy_bad_magic.npy", "npy_bad_magic.npy: not a .npy file (bad magic");
  expect_npy_error("model.pt", "model.pt: not a .npy file (bad magic");
  expect_npy_error("npy_complex.npy", "npy_complex.npy: unsupported descr '<c8'");
  expect_npy_error("npy_big_endian.npy", "npy_big_endian.npy: unsupported descr '>f4'");
  expect_npy_error("npy_truncated.npy",
                   "npy_truncated.npy: truncated data: shape (2, 3) of '<f4' needs 24 bytes after the header but the "
                   "file has 21");
  expect_npy_error("npy_bad_header.npy", "npy_bad_header.npy: bad .npy header: expected ',' or ')' in 'shape'");
  expect_npy_error("npy_version9.npy", "unsupported .npy format version 9.0");
}

static void test_npy_write_errors(void **state) {
  fx_diag d;
  fx_diag_init(&d);
  uint16_t v[2] = {0x3f80, 0x4000};
  fx_tensor t = {.name = S(""), .dtype = FXRT_BF16, .ndim = 1, .shape = {2}, .data = v, .nbytes = 4};
  assert_false(fx_npy_write("/tmp/never_written.npy", &t, &d));
  assert_diag_has(&d, "cannot write a bf16 tensor as .npy");
  t.dtype = FXRT_I16;
  t.nbytes = 3;
  assert_false(fx_npy_write("/tmp/never_written.npy", &t, &d));
  assert_diag_has(&d, "the tensor's shape does not match its 3 bytes");
  t.nbytes = 4;
  assert_false(fx_npy_write("/nonexistent-dir/x.npy", &t, &d));
  assert_diag_has(&d, "/nonexistent-dir/x.npy: cannot create");
  fx_diag_free(&d);
}

static void test_tensor_alloc(void **state) {
  size_t live = fx_mem_live();
  for (size_t n = 0; n < 300; n += 37) {
    uint8_t *p = fx_tensor_alloc(n);
    assert_non_null(p);
    assert_int_equal((uintptr_t)p % 64, 0);
    for (size_t i = 0; i < n; i++) assert_int_equal(p[i], 0);
    memset(p, 0xab, n);
    assert_true(fx_mem_live() > live);
    fx_tensor_free(p);
  }
  fx_tensor_free(NULL);
  assert_int_equal(fx_mem_live(), live);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      UNIT_TEST(test_pt_model),
      UNIT_TEST(test_pt_protocol4),
      UNIT_TEST(test_pt_deflated),
      UNIT_TEST(test_safetensors_model),
      UNIT_TEST(test_pt_parameters),
      UNIT_TEST(test_pt_views),
      UNIT_TEST(test_empty_state_dicts),
      UNIT_TEST(test_pt_values),
      UNIT_TEST(test_safetensors_header_like_pickle),
      UNIT_TEST(test_safetensors_errors),
      UNIT_TEST(test_pt_refuses_globals),
      UNIT_TEST(test_pt_errors),
      UNIT_TEST(test_missing_file),
      UNIT_TEST(test_pickle_good),
      UNIT_TEST(test_pickle_operands),
      UNIT_TEST(test_pickle_hostile),
      UNIT_TEST(test_pickle_mutations),
      UNIT_TEST(test_truncations_and_mutations),
      UNIT_TEST(test_pt_shared_storages),
      UNIT_TEST(test_partial_reads),
      UNIT_TEST(test_writable_copies_on_write),
      UNIT_TEST(test_unused_tensor_never_read),
      UNIT_TEST(test_read_errors_name_the_tensor),
      UNIT_TEST(test_read_bounds),
      UNIT_TEST(test_deflate_bomb),
      UNIT_TEST(test_bnfold_tied_bias),
      UNIT_TEST(test_npy_read),
      UNIT_TEST(test_npy_write_matches_numpy),
      UNIT_TEST(test_npy_errors),
      UNIT_TEST(test_npy_write_errors),
      UNIT_TEST(test_tensor_alloc),
  };
  return cmocka_run_group_tests_name("weights", tests, NULL, NULL);
}
