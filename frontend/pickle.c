/* pickle.c: the restricted unpickler for torch.save's data.pkl (see pickle.h).
 *
 * Values live in a table of objects (obj) and are referred to by index, so shared references (BINGET), and even
 * cycles that a hostile pickle builds, cost nothing: nothing here ever walks a value recursively. Tuples keep their
 * items in one pool; lists and dicts (mutable) each have a growable item array. MARK pushes the stack height on a
 * mark stack, and no opcode pops below the innermost mark (as Python's unpickler, which starts a fresh stack at
 * each MARK).
 */
#include "pickle.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- limits ---------------------------------------------------------------------------------------------------- */

#define MAX_STACK (1u << 20)   /* values on the stack */
#define MAX_MARKS 256u         /* MARK nesting (torch uses 3) */
#define MAX_GLOBAL_NAME 256u   /* bytes of a GLOBAL's module or name line */
/* A tensor that views fewer storage elements than it has (a stride-0 expand) is materialised; beyond this size
 * it is refused rather than inflated. */
#define MAX_EXPANDED_BYTES ((size_t)256 << 20)

/* ---- values ---------------------------------------------------------------------------------------------------- */

enum { K_NONE, K_BOOL, K_INT, K_FLOAT, K_STR, K_TUPLE, K_LIST, K_DICT, K_GLOBAL, K_STORAGE, K_TENSOR };
static const char *const kind_names[] = {"None",   "a bool",  "an int",   "a float",   "a string", "a tuple",
                                         "a list", "a dict",  "a global", "a storage", "a tensor"};

enum {
  G_ORDERED_DICT,
  G_REBUILD_TENSOR_V2,
  G_REBUILD_TENSOR,
  G_REBUILD_PARAMETER,
  G_REBUILD_PARAMETER_WITH_STATE,
  G_REBUILD_QTENSOR,
  G_PER_TENSOR_AFFINE,
  G_PER_CHANNEL_AFFINE,
  G_QDTYPE, /* torch.qint8, torch.quint8: the value of a packed Linear's `_packed_params.dtype` */
  G_STORAGE /* + fxrt_dtype */
};

static const struct {
  const char *module, *name;
  int id;
} known_globals[] = {
    {"collections", "OrderedDict", G_ORDERED_DICT},
    {"torch._utils", "_rebuild_tensor_v2", G_REBUILD_TENSOR_V2},
    {"torch._utils", "_rebuild_tensor", G_REBUILD_TENSOR},
    {"torch._utils", "_rebuild_parameter", G_REBUILD_PARAMETER},
    {"torch._utils", "_rebuild_parameter_with_state", G_REBUILD_PARAMETER_WITH_STATE},
    {"torch", "FloatStorage", G_STORAGE + FXRT_F32},
    {"torch", "DoubleStorage", G_STORAGE + FXRT_F64},
    {"torch", "HalfStorage", G_STORAGE + FXRT_F16},
    {"torch", "BFloat16Storage", G_STORAGE + FXRT_BF16},
    {"torch", "LongStorage", G_STORAGE + FXRT_I64},
    {"torch", "IntStorage", G_STORAGE + FXRT_I32},
    {"torch", "ShortStorage", G_STORAGE + FXRT_I16},
    {"torch", "CharStorage", G_STORAGE + FXRT_I8},
    {"torch", "ByteStorage", G_STORAGE + FXRT_U8},
    {"torch", "BoolStorage", G_STORAGE + FXRT_BOOL},
    {"torch._utils", "_rebuild_qtensor", G_REBUILD_QTENSOR},
    {"torch", "per_tensor_affine", G_PER_TENSOR_AFFINE},
    {"torch", "per_channel_affine", G_PER_CHANNEL_AFFINE},
    {"torch", "qint8", G_QDTYPE},
    {"torch", "quint8", G_QDTYPE},
    {"torch", "QInt8Storage", G_STORAGE + FXRT_I8},
    {"torch", "QUInt8Storage", G_STORAGE + FXRT_U8},
};

typedef struct obj {
  uint8_t kind;
  uint8_t g;   /* K_GLOBAL: which */
  uint32_t a;  /* K_STR: offset in the pickle; K_TUPLE: first item in the pool; K_LIST, K_DICT: container;
                  K_STORAGE: storage; K_TENSOR: raw tensor */
  uint32_t b;  /* K_STR: length; K_TUPLE: item count */
  union {
    int64_t i; /* K_INT, K_BOOL */
    double f;  /* K_FLOAT */
  } u;
} obj;

typedef struct cont {
  uint32_t *items; /* a dict keeps (key, value) pairs */
  uint32_t n, cap;
} cont;

/* A tensor as _rebuild_tensor_v2 received it, checked once its name is known. */
typedef struct raw_tensor {
  uint32_t storage;
  int64_t offset;
  uint32_t ndim; /* may exceed FXRT_MAX_DIMS: then only `bad` matters */
  int64_t shape[FXRT_MAX_DIMS], stride[FXRT_MAX_DIMS];
  const char *bad; /* NULL, or why the tensor is refused */
  /* _rebuild_qtensor: FX_QS_PER_TENSOR (qscale, qzp) or FX_QS_PER_CHANNEL (qaxis; the raw tensors qscales, qzps) */
  uint8_t qscheme;
  double qscale;
  int64_t qzp, qaxis;
  uint32_t qscales, qzps;
} raw_tensor;

typedef struct vm {
  const uint8_t *p;
  size_t n, pos;
  const char *path, *entry;
  fx_diag *d;
  bool failed;

  obj *objs;
  uint32_t nobjs, capobjs;
  uint32_t *pool;
  uint32_t npool, cappool;
  cont *conts;
  uint32_t nconts, capconts;
  uint32_t *stack;
  uint32_t nstack, capstack;
  uint32_t *marks;
  uint32_t nmarks, capmarks;
  uint32_t *memo; /* UINT32_MAX: unset */
  uint32_t capmemo, memo_count;

  fx_pkl_storage *st;
  uint32_t nst, capst;
  uint32_t *st_hash; /* storage indices by key, open addressing */
  uint32_t st_hash_cap;
  raw_tensor *rt;
  uint32_t nrt, caprt;
} vm;

static void *grow(void *p, uint32_t *cap, uint64_t need, size_t elem) {
  if (need <= *cap) return p;
  uint64_t c = *cap ? *cap : 16;
  while (c < need) c *= 2;
  if (c > UINT32_MAX) c = UINT32_MAX; /* callers bound `need` far below this */
  *cap = (uint32_t)c;
  return fx_xrealloc(p, (size_t)c * elem);
}

FX_PRINTF(2, 3) static void vm_error(vm *m, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fx_diag_error(m->d, NULL, (fx_loc){0}, "%s: %s: %s", m->path, m->entry, msg);
  m->failed = true;
}

static uint32_t new_obj(vm *m, uint8_t kind) {
  m->objs = grow(m->objs, &m->capobjs, (uint64_t)m->nobjs + 1, sizeof *m->objs);
  obj *o = &m->objs[m->nobjs];
  memset(o, 0, sizeof *o);
  o->kind = kind;
  return m->nobjs++;
}

static uint32_t new_cont(vm *m, uint8_t kind) {
  m->conts = grow(m->conts, &m->capconts, (uint64_t)m->nconts + 1, sizeof *m->conts);
  m->conts[m->nconts] = (cont){NULL, 0, 0};
  uint32_t o = new_obj(m, kind);
  m->objs[o].a = m->nconts++;
  return o;
}

static void cont_push(vm *m, uint32_t c, uint32_t v) {
  cont *ct = &m->conts[c];
  ct->items = grow(ct->items, &ct->cap, (uint64_t)ct->n + 1, sizeof *ct->items);
  ct->items[ct->n++] = v;
}

static uint32_t mark_base(const vm *m) { return m->nmarks ? m->marks[m->nmarks - 1] : 0; }

static void push(vm *m, uint32_t v) {
  if (m->nstack >= MAX_STACK) {
    vm_error(m, "the stack grows beyond %u values at byte %zu", MAX_STACK, m->pos);
    return;
  }
  m->stack = grow(m->stack, &m->capstack, (uint64_t)m->nstack + 1, sizeof *m->stack);
  m->stack[m->nstack++] = v;
}

/* Whether k values are on the stack above the innermost mark. */
static bool have(vm *m, uint32_t k, size_t at) {
  if (m->nstack - mark_base(m) >= k) return true;
  vm_error(m, "stack underflow at byte %zu", at);
  return false;
}

static uint32_t pop(vm *m) { return m->stack[--m->nstack]; }
static const obj *O(const vm *m, uint32_t v) { return &m->objs[v]; }

/* Pops the innermost mark; returns the stack height it recorded. */
static bool pop_mark(vm *m, size_t at, uint32_t *base) {
  if (!m->nmarks) {
    vm_error(m, "no MARK for the opcode at byte %zu", at);
    return false;
  }
  *base = m->marks[--m->nmarks];
  return true;
}

static uint32_t make_tuple(vm *m, const uint32_t *items, uint32_t k) {
  m->pool = grow(m->pool, &m->cappool, (uint64_t)m->npool + k, sizeof *m->pool);
  uint32_t first = m->npool;
  if (k) memcpy(m->pool + first, items, k * sizeof *items);
  m->npool += k;
  uint32_t t = new_obj(m, K_TUPLE);
  m->objs[t].a = first;
  m->objs[t].b = k;
  return t;
}

static const uint32_t *tuple_items(const vm *m, uint32_t t) { return m->pool ? m->pool + m->objs[t].a : NULL; }

static bool need(vm *m, size_t k, size_t at) {
  if (m->n - m->pos >= k) return true;
  vm_error(m, "truncated pickle: the opcode at byte %zu needs %zu more bytes, %zu are left", at, k, m->n - m->pos);
  return false;
}

static uint64_t rd_le(const uint8_t *p, unsigned k) {
  uint64_t v = 0;
  for (unsigned i = 0; i < k; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

/* Reads the opcode's k-byte little-endian operand (a length, a memo index, an integer). */
static bool operand(vm *m, unsigned k, size_t at, uint64_t *v) {
  if (!need(m, k, at)) return false;
  *v = rd_le(m->p + m->pos, k);
  m->pos += k;
  return true;
}

/* A line of GLOBAL's operand (its module or its name): the bytes up to the next newline, which is passed. */
static bool global_line(vm *m, size_t at, const char *what, const uint8_t **s, size_t *n) {
  const uint8_t *e = memchr(m->p + m->pos, '\n', m->n - m->pos);
  if (!e) {
    vm_error(m, "truncated pickle: GLOBAL at byte %zu has no %s line", at, what);
    return false;
  }
  *s = m->p + m->pos;
  *n = (size_t)(e - *s);
  m->pos += *n + 1;
  return true;
}

static bool str_is(const vm *m, uint32_t v, const char *z) {
  const obj *o = O(m, v);
  size_t zn = strlen(z);
  return o->kind == K_STR && o->b == zn && memcmp(m->p + o->a, z, zn) == 0;
}

/* ---- memo ------------------------------------------------------------------------------------------------------ */

static void memo_put(vm *m, uint64_t idx, size_t at) {
  if (!have(m, 1, at)) return;
  /* Pickler numbers memo entries from 0 and each needs at least one opcode, so an index beyond the input size is
   * never legitimate (and bounding it bounds the memo's memory). */
  if (idx >= m->n) {
    vm_error(m, "memo index %llu at byte %zu is out of range", (unsigned long long)idx, at);
    return;
  }
  if (idx >= m->capmemo) {
    uint32_t old = m->capmemo;
    m->memo = grow(m->memo, &m->capmemo, idx + 1, sizeof *m->memo);
    for (uint32_t i = old; i < m->capmemo; i++) m->memo[i] = UINT32_MAX;
  }
  if (m->memo[idx] == UINT32_MAX) m->memo_count++;
  m->memo[idx] = m->stack[m->nstack - 1];
}

static void memo_get(vm *m, uint64_t idx, size_t at) {
  if (idx >= m->capmemo || m->memo[idx] == UINT32_MAX) {
    vm_error(m, "memo entry %llu read at byte %zu was never stored", (unsigned long long)idx, at);
    return;
  }
  push(m, m->memo[idx]);
}

/* ---- storages -------------------------------------------------------------------------------------------------- */

static uint32_t hash_bytes(const uint8_t *p, size_t n) { return fx_str_hash(fx_str_make((const char *)p, n)); }

static void st_rehash(vm *m) {
  uint32_t cap = m->st_hash_cap ? m->st_hash_cap * 2 : 64;
  fx_xfree(m->st_hash);
  m->st_hash = fx_xmalloc(cap * sizeof *m->st_hash);
  m->st_hash_cap = cap;
  for (uint32_t i = 0; i < cap; i++) m->st_hash[i] = UINT32_MAX;
  for (uint32_t s = 0; s < m->nst; s++) {
    uint32_t h = fx_str_hash(m->st[s].key) & (cap - 1);
    while (m->st_hash[h] != UINT32_MAX) h = (h + 1) & (cap - 1);
    m->st_hash[h] = s;
  }
}

/* BINPERSID: ('storage', storage_type, key, location, numel) -> a storage. */
static void persistent_load(vm *m, uint32_t pid, size_t at) {
  const obj *t = O(m, pid);
  if (t->kind != K_TUPLE || t->b != 5 || !str_is(m, tuple_items(m, pid)[0], "storage")) {
    vm_error(m, "the persistent id at byte %zu is not ('storage', type, key, location, numel)", at);
    return;
  }
  const uint32_t *it = tuple_items(m, pid);
  const obj *ty = O(m, it[1]), *key = O(m, it[2]), *loc = O(m, it[3]), *num = O(m, it[4]);
  if (ty->kind != K_GLOBAL || ty->g < G_STORAGE) {
    vm_error(m, "the persistent id at byte %zu does not name a storage type", at);
    return;
  }
  if (key->kind != K_STR || key->b == 0 || key->b > 4096 || memchr(m->p + key->a, 0, key->b)) {
    vm_error(m, "the persistent id at byte %zu has no valid storage key", at);
    return;
  }
  if (loc->kind != K_STR) {
    vm_error(m, "the persistent id at byte %zu has no location string", at);
    return;
  }
  if (num->kind != K_INT || num->u.i < 0) {
    vm_error(m, "the persistent id at byte %zu has no valid element count", at);
    return;
  }
  fxrt_dtype dt = (fxrt_dtype)(ty->g - G_STORAGE);
  fx_str k = fx_str_make((const char *)m->p + key->a, key->b);
  if ((uint64_t)m->nst * 2 >= m->st_hash_cap) st_rehash(m);
  uint32_t h = fx_str_hash(k) & (m->st_hash_cap - 1);
  while (m->st_hash[h] != UINT32_MAX) {
    fx_pkl_storage *s = &m->st[m->st_hash[h]];
    if (fx_str_eq(s->key, k)) {
      if (s->dtype != dt || s->numel != num->u.i) {
        char kb[300];
        vm_error(m, "storage '%s' is declared twice with different types or sizes (at byte %zu)",
                 fx_printable(m->p + key->a, key->b, 64, kb, sizeof kb), at);
        return;
      }
      uint32_t o = new_obj(m, K_STORAGE);
      m->objs[o].a = m->st_hash[h];
      push(m, o);
      return;
    }
    h = (h + 1) & (m->st_hash_cap - 1);
  }
  m->st = grow(m->st, &m->capst, (uint64_t)m->nst + 1, sizeof *m->st);
  m->st[m->nst] = (fx_pkl_storage){k, dt, num->u.i, 0}; /* key points into the pickle until the end */
  m->st_hash[h] = m->nst;
  uint32_t o = new_obj(m, K_STORAGE);
  m->objs[o].a = m->nst++;
  push(m, o);
}

/* ---- calls ----------------------------------------------------------------------------------------------------- */

static const char *global_name(int g) {
  for (size_t i = 0; i < sizeof known_globals / sizeof *known_globals; i++)
    if (known_globals[i].id == g) return known_globals[i].name;
  return "?";
}

/* _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks[, metadata]) and
 * _rebuild_tensor(storage, storage_offset, size, stride). */
static uint32_t rebuild_tensor(vm *m, const uint32_t *a, uint32_t na, size_t at) {
  if (O(m, a[0])->kind != K_STORAGE || O(m, a[1])->kind != K_INT || O(m, a[2])->kind != K_TUPLE ||
      O(m, a[3])->kind != K_TUPLE) {
    vm_error(m, "_rebuild_tensor at byte %zu: expected (storage, offset, size, stride, ...), got (%s, %s, %s, %s, ...)",
             at, kind_names[O(m, a[0])->kind], kind_names[O(m, a[1])->kind], kind_names[O(m, a[2])->kind],
             kind_names[O(m, a[3])->kind]);
    return UINT32_MAX;
  }
  (void)na;
  raw_tensor r;
  memset(&r, 0, sizeof r);
  r.storage = O(m, a[0])->a;
  r.offset = O(m, a[1])->u.i;
  uint32_t nd = O(m, a[2])->b;
  r.ndim = nd;
  const uint32_t *sz = tuple_items(m, a[2]), *sd = tuple_items(m, a[3]);
  if (r.offset < 0) r.bad = "has a negative storage offset";
  else if (O(m, a[3])->b != nd) r.bad = "has a size and a stride of different lengths";
  else if (nd > FXRT_MAX_DIMS) r.bad = "has more than 8 dimensions";
  else {
    for (uint32_t i = 0; i < nd; i++) {
      const obj *x = O(m, sz[i]), *y = O(m, sd[i]);
      if (x->kind != K_INT || y->kind != K_INT) {
        vm_error(m, "_rebuild_tensor at byte %zu: a size or stride is %s, not an int", at,
                 kind_names[x->kind != K_INT ? x->kind : y->kind]);
        return UINT32_MAX;
      }
      r.shape[i] = x->u.i;
      r.stride[i] = y->u.i;
      if (x->u.i < 0 || y->u.i < 0) r.bad = "has a negative size or stride";
    }
  }
  m->rt = grow(m->rt, &m->caprt, (uint64_t)m->nrt + 1, sizeof *m->rt);
  m->rt[m->nrt] = r;
  uint32_t o = new_obj(m, K_TENSOR);
  m->objs[o].a = m->nrt++;
  return o;
}

static void call(vm *m, uint32_t fn, uint32_t args, size_t at) {
  const obj *f = O(m, fn);
  if (f->kind != K_GLOBAL) {
    vm_error(m, "REDUCE at byte %zu calls %s", at, kind_names[f->kind]);
    return;
  }
  if (O(m, args)->kind != K_TUPLE) {
    vm_error(m, "REDUCE at byte %zu: the arguments are %s, not a tuple", at, kind_names[O(m, args)->kind]);
    return;
  }
  const uint32_t *a = tuple_items(m, args);
  uint32_t na = O(m, args)->b;
  uint32_t r = UINT32_MAX;
  switch (f->g) {
  case G_ORDERED_DICT:
    if (na != 0) {
      vm_error(m, "OrderedDict at byte %zu is called with arguments", at);
      return;
    }
    r = new_cont(m, K_DICT);
    break;
  case G_REBUILD_TENSOR_V2:
  case G_REBUILD_TENSOR:
    if (f->g == G_REBUILD_TENSOR_V2 ? (na != 6 && na != 7) : na != 4) {
      vm_error(m, "%s at byte %zu gets %u arguments", global_name(f->g), at, na);
      return;
    }
    r = rebuild_tensor(m, a, na, at);
    if (r == UINT32_MAX) return;
    break;
  case G_REBUILD_QTENSOR: {
    /* _rebuild_qtensor(storage, offset, size, stride, quantizer_params, requires_grad, backward_hooks) */
    if (na != 7 || O(m, a[4])->kind != K_TUPLE || O(m, a[4])->b < 1) {
      vm_error(m, "_rebuild_qtensor at byte %zu: expected (storage, offset, size, stride, quantizer_params, "
                  "requires_grad, backward_hooks)", at);
      return;
    }
    const uint32_t *q = tuple_items(m, a[4]);
    uint32_t nq = O(m, a[4])->b;
    const obj *qs = O(m, q[0]);
    bool pt = qs->kind == K_GLOBAL && qs->g == G_PER_TENSOR_AFFINE && nq == 3 &&
              (O(m, q[1])->kind == K_FLOAT || O(m, q[1])->kind == K_INT) && O(m, q[2])->kind == K_INT;
    bool pc = qs->kind == K_GLOBAL && qs->g == G_PER_CHANNEL_AFFINE && nq == 4 && O(m, q[1])->kind == K_TENSOR &&
              O(m, q[2])->kind == K_TENSOR && O(m, q[3])->kind == K_INT;
    if (!pt && !pc) {
      vm_error(m, "_rebuild_qtensor at byte %zu: the quantizer is not (per_tensor_affine, scale, zero_point) or "
                  "(per_channel_affine, scales, zero_points, axis); fx2c reads these two schemes", at);
      return;
    }
    r = rebuild_tensor(m, a, na, at);
    if (r == UINT32_MAX) return;
    raw_tensor *rt = &m->rt[O(m, r)->a];
    if (pt) {
      rt->qscheme = FX_QS_PER_TENSOR;
      rt->qscale = O(m, q[1])->kind == K_FLOAT ? O(m, q[1])->u.f : (double)O(m, q[1])->u.i;
      rt->qzp = O(m, q[2])->u.i;
    } else {
      rt->qscheme = FX_QS_PER_CHANNEL;
      rt->qscales = O(m, q[1])->a;
      rt->qzps = O(m, q[2])->a;
      rt->qaxis = O(m, q[3])->u.i;
      if (rt->qaxis < 0 || rt->qaxis >= (int64_t)rt->ndim) rt->bad = "has a per-channel axis outside its dimensions";
    }
    break;
  }
  case G_REBUILD_PARAMETER:
  case G_REBUILD_PARAMETER_WITH_STATE:
    if (na != (f->g == G_REBUILD_PARAMETER ? 3u : 4u) || O(m, a[0])->kind != K_TENSOR) {
      vm_error(m, "%s at byte %zu: expected (tensor, requires_grad, backward_hooks%s)", global_name(f->g), at,
               f->g == G_REBUILD_PARAMETER ? "" : ", state");
      return;
    }
    r = a[0];
    break;
  default:
    vm_error(m, "REDUCE at byte %zu calls %s", at, f->g >= G_STORAGE ? "a storage type" : global_name(f->g));
    return;
  }
  push(m, r);
}

/* ---- the result ------------------------------------------------------------------------------------------------ */

/* Checks raw tensor r (named name) against its storage; fills t. */
static bool check_tensor(vm *m, const raw_tensor *r, fx_str name, fx_pkl_tensor *t) {
  char nb[300];
  const char *nm = fx_printable((const uint8_t *)name.p, name.n, 64, nb, sizeof nb);
  if (r->bad) {
    fx_diag_error(m->d, NULL, (fx_loc){0}, "%s: tensor '%s' %s", m->path, nm, r->bad);
    return false;
  }
  const fx_pkl_storage *s = &m->st[r->storage];
  memset(t, 0, sizeof *t);
  t->storage = r->storage;
  t->ndim = (int32_t)r->ndim;
  t->offset = r->offset;
  t->qscheme = r->qscheme;
  t->qscale = r->qscale;
  t->qzp = r->qzp;
  t->qaxis = (int32_t)r->qaxis;
  memcpy(t->shape, r->shape, sizeof t->shape);
  memcpy(t->stride, r->stride, sizeof t->stride);
  char sb[200], tb[200];
  int64_t numel = 1;
  for (uint32_t i = 0; i < r->ndim; i++)
    if (__builtin_mul_overflow(numel, r->shape[i], &numel)) {
      fx_diag_error(m->d, NULL, (fx_loc){0}, "%s: tensor '%s': size %s has too many elements", m->path, nm,
                    fx_tuple_text(r->shape, r->ndim, sb, sizeof sb));
      return false;
    }
  t->numel = numel;
  size_t isz = fxrt_dtype_size(s->dtype);
  if ((uint64_t)numel > SIZE_MAX / 2 / isz) {
    fx_diag_error(m->d, NULL, (fx_loc){0}, "%s: tensor '%s': size %s has too many elements", m->path, nm,
                  fx_tuple_text(r->shape, r->ndim, sb, sizeof sb));
    return false;
  }
  t->nbytes = (size_t)numel * isz;
  char kb[300];
  const char *key = fx_printable((const uint8_t *)s->key.p, s->key.n, 64, kb, sizeof kb);
  if (numel > 0) {
    /* The last element the view reaches: offset + sum (size - 1) * stride, all non-negative. */
    int64_t last = r->offset, term;
    bool ovf = false;
    for (uint32_t i = 0; i < r->ndim && !ovf; i++)
      ovf = __builtin_mul_overflow(r->shape[i] - 1, r->stride[i], &term) || __builtin_add_overflow(last, term, &last);
    if (ovf || last >= s->numel) {
      fx_diag_error(m->d, NULL, (fx_loc){0},
                    "%s: tensor '%s': the view (offset %lld, size %s, stride %s) reaches beyond storage '%s', which "
                    "has %lld elements",
                    m->path, nm, (long long)r->offset, fx_tuple_text(r->shape, r->ndim, sb, sizeof sb),
                    fx_tuple_text(r->stride, r->ndim, tb, sizeof tb), key, (long long)s->numel);
      return false;
    }
    t->end = last + 1;
    if (numel > s->numel && t->nbytes > MAX_EXPANDED_BYTES) {
      fx_diag_error(m->d, NULL, (fx_loc){0},
                    "%s: tensor '%s': the view (size %s, stride %s) expands storage '%s' of %lld elements to %zu "
                    "bytes",
                    m->path, nm, fx_tuple_text(r->shape, r->ndim, sb, sizeof sb),
                    fx_tuple_text(r->stride, r->ndim, tb, sizeof tb), key, (long long)s->numel, t->nbytes);
      return false;
    }
  }
  bool contig = numel > 0;
  int64_t expect = 1;
  for (uint32_t i = r->ndim; i-- > 0 && contig;) {
    if (r->shape[i] != 1 && r->stride[i] != expect) contig = false;
    expect *= r->shape[i]; /* cannot overflow: bounded by numel */
  }
  t->contiguous = contig;
  t->contiguous_whole = contig && r->offset == 0 && numel == s->numel;
  return true;
}

static void finish(vm *m, fx_arena *strings, fx_pkl_state_dict *sd) {
  if (m->nstack == 0) {
    vm_error(m, "STOP with an empty stack");
    return;
  }
  uint32_t top = m->stack[m->nstack - 1];
  if (O(m, top)->kind != K_DICT) {
    vm_error(m, "the pickle holds %s, not a state_dict (save model.state_dict())", kind_names[O(m, top)->kind]);
    return;
  }
  const cont *c = &m->conts[O(m, top)->a];
  uint32_t npairs = c->n / 2;
  /* Python dict semantics: a repeated key keeps its first position and takes the last value. */
  uint32_t hcap = 16;
  while (hcap < 2 * (uint64_t)npairs + 2) hcap *= 2;
  uint32_t *hash = fx_xmalloc(hcap * sizeof *hash);
  for (uint32_t i = 0; i < hcap; i++) hash[i] = UINT32_MAX;
  uint32_t *val = fx_xmalloc((npairs ? npairs : 1) * sizeof *val); /* per unique key: its last value */
  uint32_t *keyobj = fx_xmalloc((npairs ? npairs : 1) * sizeof *keyobj);
  uint32_t nuniq = 0;
  bool ok = true;
  for (uint32_t i = 0; i < npairs; i++) {
    uint32_t k = c->items[2 * i], v = c->items[2 * i + 1];
    if (O(m, k)->kind != K_STR) {
      vm_error(m, "a key of the state_dict is %s, not a string", kind_names[O(m, k)->kind]);
      ok = false;
      continue;
    }
    const uint8_t *kp = m->p + O(m, k)->a;
    uint32_t kn = O(m, k)->b;
    uint32_t h = hash_bytes(kp, kn) & (hcap - 1);
    while (hash[h] != UINT32_MAX) {
      const obj *o = O(m, keyobj[hash[h]]);
      if (o->b == kn && memcmp(m->p + o->a, kp, kn) == 0) break;
      h = (h + 1) & (hcap - 1);
    }
    if (hash[h] == UINT32_MAX) {
      hash[h] = nuniq;
      keyobj[nuniq] = k;
      val[nuniq++] = v;
    } else {
      val[hash[h]] = v;
    }
  }
  fx_xfree(hash);
  /* At most 6 tensors per key: a packed Linear's (weight, bias), each quantized per channel with its scales and
   * zero points. */
  sd->tensors = fx_xmalloc((nuniq ? (size_t)nuniq * 6 : 1) * sizeof *sd->tensors);
  sd->ntensors = 0;
  for (uint32_t i = 0; i < nuniq; i++) {
    const obj *ko = O(m, keyobj[i]);
    fx_str name = fx_str_make((const char *)m->p + ko->a, ko->b);
    const obj *vo = O(m, val[i]);
    char nb[300];
    const char *nm = fx_printable((const uint8_t *)name.p, name.n, 64, nb, sizeof nb);
    if (vo->kind == K_GLOBAL && vo->g == G_QDTYPE) continue; /* a packed Linear's `_packed_params.dtype` */
    /* A quantized Linear's `PREFIX._packed_params._packed_params`: (weight, bias or None), read as PREFIX.weight and
     * PREFIX.bias. */
    static const char packed[] = "._packed_params._packed_params";
    size_t pl = sizeof packed - 1;
    uint32_t items[2] = {val[i], UINT32_MAX};
    fx_str names[2] = {name, name};
    uint32_t nitems = 1;
    if (vo->kind == K_TUPLE && name.n > pl && memcmp(name.p + name.n - pl, packed, pl) == 0) {
      const uint32_t *it = tuple_items(m, val[i]);
      if (vo->b != 2 || O(m, it[0])->kind != K_TENSOR || (O(m, it[1])->kind != K_TENSOR && O(m, it[1])->kind != K_NONE)) {
        vm_error(m, "'%s' is not a quantized Linear's (weight, bias)", nm);
        ok = false;
        continue;
      }
      char buf[600];
      int pn = (int)(name.n - pl);
      snprintf(buf, sizeof buf, "%.*s.weight", pn, name.p);
      names[0] = fx_arena_str(strings, fx_str_make(buf, strlen(buf)));
      snprintf(buf, sizeof buf, "%.*s.bias", pn, name.p);
      names[1] = fx_arena_str(strings, fx_str_make(buf, strlen(buf)));
      items[0] = it[0];
      items[1] = it[1];
      nitems = O(m, it[1])->kind == K_TENSOR ? 2 : 1;
    } else if (vo->kind != K_TENSOR) {
      vm_error(m, "'%s' is %s, not a tensor (fx2c reads the dict that model.state_dict() returns)", nm,
               kind_names[vo->kind]);
      ok = false;
      continue;
    }
    for (uint32_t j = 0; j < nitems; j++) {
      const raw_tensor *r = &m->rt[O(m, items[j])->a];
      uint32_t parts[3] = {O(m, items[j])->a, r->qscales, r->qzps};
      static const char *const suffix[3] = {"", FX_QSCALES_SUFFIX, FX_QZPS_SUFFIX};
      for (uint32_t k = 0; k < (r->qscheme == FX_QS_PER_CHANNEL ? 3u : 1u); k++) {
        fx_str tn = names[j];
        char buf[600]; /* tn's text while the tensor is checked (then copied into the arena) */
        if (k) {
          snprintf(buf, sizeof buf, "%.*s%s", (int)names[j].n, names[j].p, suffix[k]);
          tn = fx_str_make(buf, strlen(buf));
        }
        fx_pkl_tensor *t = &sd->tensors[sd->ntensors];
        if (!check_tensor(m, &m->rt[parts[k]], tn, t)) {
          ok = false;
          break;
        }
        t->name = fx_arena_str(strings, tn);
        m->st[t->storage].nusers++;
        sd->ntensors++;
      }
    }
  }
  fx_xfree(val);
  fx_xfree(keyobj);
  if (!ok) {
    m->failed = true;
    return;
  }
  for (uint32_t s = 0; s < m->nst; s++) m->st[s].key = fx_arena_str(strings, m->st[s].key);
  sd->storages = m->st;
  sd->nstorages = m->nst;
  m->st = NULL;
  m->nst = m->capst = 0;
}

/* ---- the interpreter ------------------------------------------------------------------------------------------- */

/* SETITEMS (dict) and APPENDS: the items above the innermost mark go into the dict (as key, value pairs) or the list
 * below it. */
static void extend_from_mark(vm *m, size_t at, bool dict) {
  uint32_t base;
  if (!pop_mark(m, at, &base)) return;
  if (base == 0 || base <= mark_base(m) || (dict && (m->nstack - base) % 2)) {
    if (dict) vm_error(m, "SETITEMS at byte %zu has no dict or an odd number of items", at);
    else vm_error(m, "APPENDS at byte %zu has no list", at);
    return;
  }
  uint32_t c = m->stack[base - 1];
  if (O(m, c)->kind != (dict ? K_DICT : K_LIST)) {
    vm_error(m, "%s at byte %zu on %s", dict ? "SETITEMS" : "APPENDS", at, kind_names[O(m, c)->kind]);
    return;
  }
  for (uint32_t i = base; i < m->nstack; i++) cont_push(m, O(m, c)->a, m->stack[i]);
  m->nstack = base;
}

static void run(vm *m, fx_arena *strings, fx_pkl_state_dict *sd) {
  for (;;) {
    if (m->failed) return;
    if (m->pos >= m->n) {
      vm_error(m, "truncated pickle: no STOP opcode in %zu bytes", m->n);
      return;
    }
    size_t at = m->pos;
    uint8_t op = m->p[m->pos++];
    switch (op) {
    case 0x80: /* PROTO */
      if (!need(m, 1, at)) return;
      if (m->p[m->pos] < 2 || m->p[m->pos] > 5) {
        vm_error(m, "unsupported pickle protocol %u", m->p[m->pos]);
        return;
      }
      m->pos++;
      break;
    case 0x95: { /* FRAME: a length, then the frame's opcodes, which run as usual */
      uint64_t len;
      if (!operand(m, 8, at, &len)) return;
      if (len > m->n - m->pos) {
        vm_error(m, "truncated pickle: the frame at byte %zu has %llu bytes, %zu are left", at,
                 (unsigned long long)len, m->n - m->pos);
        return;
      }
      break;
    }
    case '}': push(m, new_cont(m, K_DICT)); break;  /* EMPTY_DICT */
    case ']': push(m, new_cont(m, K_LIST)); break;  /* EMPTY_LIST */
    case ')': push(m, make_tuple(m, NULL, 0)); break; /* EMPTY_TUPLE */
    case '(': /* MARK */
      if (m->nmarks >= MAX_MARKS) {
        vm_error(m, "MARKs nest deeper than %u at byte %zu", MAX_MARKS, at);
        return;
      }
      m->marks = grow(m->marks, &m->capmarks, (uint64_t)m->nmarks + 1, sizeof *m->marks);
      m->marks[m->nmarks++] = m->nstack;
      break;
    case 'X': case 0x8c: case 0x8d: { /* BINUNICODE, SHORT_BINUNICODE, BINUNICODE8 */
      unsigned w = op == 'X' ? 4 : op == 0x8c ? 1 : 8;
      uint64_t len;
      if (!operand(m, w, at, &len)) return;
      if (!need(m, len, at)) return;
      uint32_t o = new_obj(m, K_STR);
      m->objs[o].a = (uint32_t)m->pos;
      m->objs[o].b = (uint32_t)len;
      m->pos += len;
      push(m, o);
      break;
    }
    case 'q': case 'r': case 'h': case 'j': { /* BINPUT, LONG_BINPUT, BINGET, LONG_BINGET */
      uint64_t idx;
      if (!operand(m, op == 'q' || op == 'h' ? 1 : 4, at, &idx)) return;
      if (op == 'q' || op == 'r') memo_put(m, idx, at);
      else memo_get(m, idx, at);
      break;
    }
    case 0x94: /* MEMOIZE */
      memo_put(m, m->memo_count, at);
      break;
    case 'c': case 0x93: { /* GLOBAL "module\nname\n", STACK_GLOBAL (module, name on the stack) */
      const uint8_t *mod, *nam;
      size_t modn, namn;
      if (op == 'c') {
        if (!global_line(m, at, "module", &mod, &modn) || !global_line(m, at, "name", &nam, &namn)) return;
      } else {
        if (!have(m, 2, at)) return;
        uint32_t nv = pop(m), mv = pop(m);
        if (O(m, nv)->kind != K_STR || O(m, mv)->kind != K_STR) {
          vm_error(m, "STACK_GLOBAL at byte %zu: module and name are not strings", at);
          return;
        }
        mod = m->p + O(m, mv)->a;
        modn = O(m, mv)->b;
        nam = m->p + O(m, nv)->a;
        namn = O(m, nv)->b;
      }
      int id = -1;
      for (size_t i = 0; i < sizeof known_globals / sizeof *known_globals && modn <= MAX_GLOBAL_NAME; i++)
        if (strlen(known_globals[i].module) == modn && memcmp(known_globals[i].module, mod, modn) == 0 &&
            strlen(known_globals[i].name) == namn && memcmp(known_globals[i].name, nam, namn) == 0)
          id = known_globals[i].id;
      if (id < 0) {
        char mb[300], nb2[300];
        vm_error(m, "refusing to load global '%s.%s' (only state_dict tensors are read)",
                 fx_printable(mod, modn, 64, mb, sizeof mb), fx_printable(nam, namn, 64, nb2, sizeof nb2));
        return;
      }
      uint32_t o = new_obj(m, K_GLOBAL);
      m->objs[o].g = (uint8_t)id;
      push(m, o);
      break;
    }
    case 'Q': /* BINPERSID */
      if (!have(m, 1, at)) return;
      persistent_load(m, pop(m), at);
      break;
    case 'J': case 'K': case 'M': { /* BININT (signed 4 bytes), BININT1, BININT2 (unsigned) */
      unsigned w = op == 'J' ? 4 : op == 'K' ? 1 : 2;
      uint64_t v;
      if (!operand(m, w, at, &v)) return;
      uint32_t o = new_obj(m, K_INT);
      m->objs[o].u.i = op == 'J' ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
      push(m, o);
      break;
    }
    case 0x8a: { /* LONG1: n bytes, little-endian two's complement */
      if (!need(m, 1, at)) return;
      unsigned k = m->p[m->pos++];
      if (!need(m, k, at)) return;
      if (k > 8) {
        vm_error(m, "the integer at byte %zu has %u bytes (at most 8 are supported)", at, k);
        return;
      }
      uint64_t v = rd_le(m->p + m->pos, k);
      if (k > 0 && k < 8 && (m->p[m->pos + k - 1] & 0x80)) v |= ~(uint64_t)0 << (8 * k); /* sign-extend */
      m->pos += k;
      uint32_t o = new_obj(m, K_INT);
      m->objs[o].u.i = (int64_t)v;
      push(m, o);
      break;
    }
    case 0x88: case 0x89: { /* NEWTRUE, NEWFALSE */
      uint32_t o = new_obj(m, K_BOOL);
      m->objs[o].u.i = op == 0x88;
      push(m, o);
      break;
    }
    case 'N': push(m, new_obj(m, K_NONE)); break;
    case 'G': { /* BINFLOAT: big-endian double */
      if (!need(m, 8, at)) return;
      uint64_t bits = 0;
      for (int i = 0; i < 8; i++) bits = bits << 8 | m->p[m->pos + (size_t)i];
      m->pos += 8;
      uint32_t o = new_obj(m, K_FLOAT);
      memcpy(&m->objs[o].u.f, &bits, sizeof bits);
      push(m, o);
      break;
    }
    case 't': { /* TUPLE */
      uint32_t base;
      if (!pop_mark(m, at, &base)) return;
      uint32_t t = make_tuple(m, m->nstack > base ? m->stack + base : NULL, m->nstack - base);
      m->nstack = base;
      push(m, t);
      break;
    }
    case 0x85: case 0x86: case 0x87: { /* TUPLE1, TUPLE2, TUPLE3 */
      uint32_t k = (uint32_t)(op - 0x84);
      if (!have(m, k, at)) return;
      uint32_t t = make_tuple(m, m->stack + m->nstack - k, k);
      m->nstack -= k;
      push(m, t);
      break;
    }
    case 'R': { /* REDUCE */
      if (!have(m, 2, at)) return;
      uint32_t args = pop(m), fn = pop(m);
      call(m, fn, args, at);
      break;
    }
    case 0x81: { /* NEWOBJ: cls.__new__(cls, *args) */
      if (!have(m, 2, at)) return;
      uint32_t args = pop(m), cls = pop(m);
      if (O(m, cls)->kind != K_GLOBAL || O(m, cls)->g != G_ORDERED_DICT || O(m, args)->kind != K_TUPLE) {
        vm_error(m, "NEWOBJ at byte %zu builds something other than an OrderedDict", at);
        return;
      }
      push(m, new_cont(m, K_DICT));
      break;
    }
    case 'b': { /* BUILD: state for a dict (OrderedDict's __dict__: _metadata) or a tensor is ignored */
      if (!have(m, 2, at)) return;
      pop(m);
      uint8_t k = O(m, m->stack[m->nstack - 1])->kind;
      if (k != K_DICT && k != K_TENSOR) {
        vm_error(m, "BUILD at byte %zu sets the state of %s", at, kind_names[k]);
        return;
      }
      break;
    }
    case 's': { /* SETITEM */
      if (!have(m, 3, at)) return;
      uint32_t v = pop(m), k = pop(m), dct = m->stack[m->nstack - 1];
      if (O(m, dct)->kind != K_DICT) {
        vm_error(m, "SETITEM at byte %zu on %s", at, kind_names[O(m, dct)->kind]);
        return;
      }
      cont_push(m, O(m, dct)->a, k);
      cont_push(m, O(m, dct)->a, v);
      break;
    }
    case 'u': /* SETITEMS */
      extend_from_mark(m, at, true);
      break;
    case 'a': { /* APPEND */
      if (!have(m, 2, at)) return;
      uint32_t v = pop(m), lst = m->stack[m->nstack - 1];
      if (O(m, lst)->kind != K_LIST) {
        vm_error(m, "APPEND at byte %zu on %s", at, kind_names[O(m, lst)->kind]);
        return;
      }
      cont_push(m, O(m, lst)->a, v);
      break;
    }
    case 'e': /* APPENDS */
      extend_from_mark(m, at, false);
      break;
    case '0': /* POP: the top value, or the innermost mark if there is none above it */
      if (m->nstack > mark_base(m)) m->nstack--;
      else if (m->nmarks) m->nmarks--;
      else {
        vm_error(m, "stack underflow at byte %zu", at);
        return;
      }
      break;
    case '1': { /* POP_MARK */
      uint32_t base;
      if (!pop_mark(m, at, &base)) return;
      m->nstack = base;
      break;
    }
    case '2': /* DUP */
      if (!have(m, 1, at)) return;
      push(m, m->stack[m->nstack - 1]);
      break;
    case '.': /* STOP */
      finish(m, strings, sd);
      return;
    default:
      vm_error(m, "unsupported pickle opcode 0x%02x at byte %zu", op, at);
      return;
    }
  }
}

bool fx_pkl_read_state_dict(const uint8_t *p, size_t n, const char *path, const char *entry, fx_arena *strings,
                            fx_pkl_state_dict *sd, fx_diag *d) {
  memset(sd, 0, sizeof *sd);
  vm m;
  memset(&m, 0, sizeof m);
  m.p = p;
  m.n = n;
  m.path = path;
  m.entry = entry;
  m.d = d;
  if (n >= UINT32_MAX) vm_error(&m, "the pickle is too large (%zu bytes)", n);
  else run(&m, strings, sd);
  for (uint32_t i = 0; i < m.nconts; i++) fx_xfree(m.conts[i].items);
  fx_xfree(m.conts);
  fx_xfree(m.objs);
  fx_xfree(m.pool);
  fx_xfree(m.stack);
  fx_xfree(m.marks);
  fx_xfree(m.memo);
  fx_xfree(m.st);
  fx_xfree(m.st_hash);
  fx_xfree(m.rt);
  if (m.failed) {
    fx_pkl_state_dict_free(sd);
    return false;
  }
  return true;
}

void fx_pkl_state_dict_free(fx_pkl_state_dict *sd) {
  fx_xfree(sd->tensors);
  fx_xfree(sd->storages);
  memset(sd, 0, sizeof *sd);
}
