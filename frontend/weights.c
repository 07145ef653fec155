/* weights.c: state_dicts (.safetensors, torch.save's zip archives) and .npy files (see weights.h).
 *
 * Opening reads the index only: the safetensors header, or the archive's directory and data.pkl. Reading puts each
 * tensor's bytes straight from the file (pread, zip_fread) into an aligned buffer, and only the tensors asked for:
 * peak memory is the tensors read plus small things (the header or data.pkl, and for a storage that no tensor read
 * points into, the span of it that they view, one storage at a time). The file is never held whole.
 */
#include "weights.h"

#include "pickle.h"
#include "../runtime/fxrt_npy.h"

#include <cjson/cJSON.h>
#include <zip.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FERR(d, ...) fx_diag_error((d), NULL, (fx_loc){0}, __VA_ARGS__)

/* ---- tensor storage -------------------------------------------------------------------------------------------- */

#define TENSOR_ALIGN 64

/* 64-byte aligned, not zeroed; the fx_xmalloc block's address sits just below the aligned pointer. */
static void *tensor_alloc_uninit(size_t nbytes) {
  if (nbytes > SIZE_MAX - 1024) nbytes = SIZE_MAX - 1024; /* fx_xmalloc then reports out of memory */
  char *raw = fx_xmalloc(nbytes + TENSOR_ALIGN + sizeof(void *));
  uintptr_t a = ((uintptr_t)raw + sizeof(void *) + TENSOR_ALIGN - 1) & ~(uintptr_t)(TENSOR_ALIGN - 1);
  memcpy((char *)a - sizeof(void *), &raw, sizeof raw);
  return (void *)a;
}

void *fx_tensor_alloc(size_t nbytes) {
  void *p = tensor_alloc_uninit(nbytes);
  memset(p, 0, nbytes);
  return p;
}

void fx_tensor_free(void *p) {
  if (!p) return;
  void *raw;
  memcpy(&raw, (char *)p - sizeof(void *), sizeof raw);
  fx_xfree(raw);
}

static void to_little_endian(void *data, size_t nbytes, size_t isz) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  uint8_t *p = data;
  for (size_t i = 0; i + isz <= nbytes; i += isz)
    for (size_t a = 0, b = isz - 1; a < b; a++, b--) {
      uint8_t t = p[i + a];
      p[i + a] = p[i + b];
      p[i + b] = t;
    }
#else
  (void)data, (void)nbytes, (void)isz;
#endif
}

/* Reads n bytes at offset off; returns the count read (less at the end of the file), or -1 with errno set. */
static int64_t pread_full(int fd, void *buf, size_t n, uint64_t off) {
  size_t got = 0;
  while (got < n) {
    size_t chunk = n - got > ((size_t)1 << 30) ? (size_t)1 << 30 : n - got;
    ssize_t r = pread(fd, (char *)buf + got, chunk, (off_t)(off + got));
    if (r < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (r == 0) break;
    got += (size_t)r;
  }
  return (int64_t)got;
}

static bool dims_numel(const int64_t *shape, int32_t ndim, size_t isz, int64_t *numel, size_t *nbytes) {
  int64_t k = 1;
  for (int32_t i = 0; i < ndim; i++)
    if (shape[i] < 0 || __builtin_mul_overflow(k, shape[i], &k)) return false;
  if ((uint64_t)k > (SIZE_MAX / 2) / isz) return false;
  *numel = k;
  *nbytes = (size_t)k * isz;
  return true;
}

/* ---- the container --------------------------------------------------------------------------------------------- */

/* An open weights file: what fx_weights_read needs to find each tensor's bytes. */
struct fx_weights_file {
  bool zip;
  /* safetensors */
  int fd;
  uint64_t *begin;     /* by tensor: where its bytes start in the file */
  uint32_t *by_offset; /* the tensors in the order of their bytes, so that a read goes forwards through the file */
  /* torch.save archives */
  zip_t *za;
  fx_pkl_state_dict sd;
  zip_uint64_t *entry; /* by storage: its archive entry */
  char *ename;         /* the entries' prefix, with room for data/<key> after it (keys have at most 4096 bytes) */
  size_t plen;
  uint32_t *first, *order; /* the tensors of storage s: order[first[s] .. first[s + 1]), in file order */
};

static void weights_reset(fx_weights *w) {
  memset(w, 0, sizeof *w);
  fx_arena_init(&w->arena);
}

static void file_close(fx_weights *w) {
  struct fx_weights_file *f = w->file;
  if (!f) return;
  if (f->za) zip_discard(f->za);
  if (!f->zip && f->fd >= 0) close(f->fd);
  fx_xfree(f->begin);
  fx_xfree(f->by_offset);
  fx_pkl_state_dict_free(&f->sd);
  fx_xfree(f->entry);
  fx_xfree(f->ename);
  fx_xfree(f->first);
  fx_xfree(f->order);
  fx_xfree(f);
  w->file = NULL;
}

void fx_weights_free(fx_weights *w) {
  file_close(w);
  for (uint32_t b = 0; b < w->nbufs; b++) fx_tensor_free(w->bufs[b].p);
  fx_xfree(w->bufs);
  fx_xfree(w->buf_of);
  fx_xfree(w->tensors);
  fx_xfree(w->index);
  fx_arena_free(&w->arena);
  weights_reset(w);
}

/* Registers p (nbytes, from tensor_alloc_uninit or fx_tensor_alloc) as a buffer of w; returns its index. */
static uint32_t buf_adopt(fx_weights *w, void *p, size_t nbytes) {
  if (w->nbufs == w->capbufs) {
    w->capbufs = w->capbufs ? 2 * w->capbufs : 16;
    w->bufs = fx_xrealloc(w->bufs, (size_t)w->capbufs * sizeof *w->bufs);
  }
  w->bufs[w->nbufs] = (fx_weights_buf){p, nbytes, 0};
  return w->nbufs++;
}

/* Tensor i's data is at `data`, inside buffer b. */
static void buf_attach(fx_weights *w, uint32_t i, uint32_t b, void *data) {
  w->buf_of[i] = b;
  w->bufs[b].users++;
  w->tensors[i].data = data;
}

void *fx_weights_writable(fx_weights *w, const fx_tensor *t) {
  if (!w->tensors || t < w->tensors || t >= w->tensors + w->n) return NULL;
  uint32_t i = (uint32_t)(t - w->tensors), b = w->buf_of[i];
  if (b == FX_WEIGHTS_NO_BUF) return NULL;
  if (w->bufs[b].users == 1) return w->tensors[i].data;
  /* shared: the tensor moves to a copy of its bytes, and the others keep the buffer */
  void *p = tensor_alloc_uninit(t->nbytes);
  memcpy(p, t->data, t->nbytes);
  w->bufs[b].users--;
  buf_attach(w, i, buf_adopt(w, p, t->nbytes), p);
  return p;
}

uint64_t fx_weights_bytes(const fx_weights *w) {
  uint64_t n = 0;
  for (uint32_t b = 0; b < w->nbufs; b++) n += w->bufs[b].nbytes;
  return n;
}

/* Inserts tensor i into the index; returns the index of an earlier tensor of the same name, or UINT32_MAX. */
static uint32_t index_insert(fx_weights *w, uint32_t i) {
  uint32_t mask = w->index_cap - 1, h = fx_str_hash(w->tensors[i].name) & mask;
  while (w->index[h] != UINT32_MAX) {
    if (fx_str_eq(w->tensors[w->index[h]].name, w->tensors[i].name)) return w->index[h];
    h = (h + 1) & mask;
  }
  w->index[h] = i;
  return UINT32_MAX;
}

static void index_init(fx_weights *w, uint32_t n) {
  uint32_t cap = 8;
  while (cap < 2 * (uint64_t)n) cap *= 2;
  w->index = fx_xmalloc(cap * sizeof *w->index);
  w->index_cap = cap;
  for (uint32_t i = 0; i < cap; i++) w->index[i] = UINT32_MAX;
}

/* The tensors of a file: n of them, none read yet. */
static void tensors_init(fx_weights *w, uint32_t n) {
  w->tensors = fx_xcalloc(n ? n : 1, sizeof *w->tensors);
  w->buf_of = fx_xmalloc((n ? n : 1) * sizeof *w->buf_of);
  for (uint32_t i = 0; i < n; i++) w->buf_of[i] = FX_WEIGHTS_NO_BUF;
  index_init(w, n);
}

const fx_tensor *fx_weights_find(const fx_weights *w, fx_str name) {
  if (!w->index || !w->index_cap) return NULL;
  uint32_t mask = w->index_cap - 1, h = fx_str_hash(name) & mask;
  while (w->index[h] != UINT32_MAX) {
    const fx_tensor *t = &w->tensors[w->index[h]];
    if (fx_str_eq(t->name, name)) return t;
    h = (h + 1) & mask;
  }
  return NULL;
}

fx_tensor *fx_weights_add(fx_weights *w, fx_str name, fxrt_dtype dtype, int32_t ndim, const int64_t *shape) {
  w->tensors = fx_xrealloc(w->tensors, (w->n + 1) * sizeof *w->tensors);
  w->buf_of = fx_xrealloc(w->buf_of, (w->n + 1) * sizeof *w->buf_of);
  fx_tensor *t = &w->tensors[w->n];
  memset(t, 0, sizeof *t);
  t->name = fx_arena_str(&w->arena, name);
  t->dtype = dtype;
  t->ndim = ndim;
  size_t numel = 1;
  for (int32_t i = 0; i < ndim; i++) {
    t->shape[i] = shape[i];
    numel *= (size_t)shape[i];
  }
  t->nbytes = numel * fxrt_dtype_size(dtype);
  void *p = fx_tensor_alloc(t->nbytes ? t->nbytes : 1);
  buf_attach(w, w->n, buf_adopt(w, p, t->nbytes), p);
  w->n++;
  w->nmade++;
  /* the index, rebuilt when it gets half full */
  if (!w->index || 2 * (uint64_t)w->n > w->index_cap) {
    fx_xfree(w->index);
    index_init(w, w->n);
    for (uint32_t i = 0; i < w->n; i++) index_insert(w, i);
  } else {
    index_insert(w, w->n - 1);
  }
  return t;
}

/* The read bound: `need` more bytes at once for `count` tensors (`temp` of them only while a storage's views are
 * copied out of it) must fit in what is left of max_bytes. */
static bool within_max_bytes(const fx_weights *w, uint32_t count, uint64_t need, uint64_t temp, fx_diag *d) {
  if (need <= w->max_bytes && w->read_bytes <= w->max_bytes - need) return true;
  char extra[160] = "";
  if (temp)
    snprintf(extra, sizeof extra, " (%llu of them only while views are copied out of a storage)",
             (unsigned long long)temp);
  if (w->read_bytes)
    snprintf(extra + strlen(extra), sizeof extra - strlen(extra), " besides the %llu bytes read before",
             (unsigned long long)w->read_bytes);
  FERR(d, "%s: reading %u tensor%s needs %llu bytes%s, more than the %llu bytes that reading one weights file may take",
       w->path, count, count == 1 ? "" : "s", (unsigned long long)need, extra, (unsigned long long)w->max_bytes);
  uint64_t mib = ((need + w->read_bytes) >> 20) + 1;
  fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0},
               "the bound is the environment's FX2C_WEIGHTS_MAX_BYTES (default %lluG); with the memory for them, "
               "FX2C_WEIGHTS_MAX_BYTES=%lluM reads these tensors",
               (unsigned long long)(FX_WEIGHTS_MAX_BYTES >> 30), (unsigned long long)mib);
  return false;
}

/* ---- safetensors ----------------------------------------------------------------------------------------------- */

static const struct {
  const char *name;
  int dtype; /* -1: a safetensors dtype that fx2c does not read */
} st_dtypes[] = {
    {"F32", FXRT_F32}, {"F16", FXRT_F16}, {"BF16", FXRT_BF16}, {"F64", FXRT_F64},  {"I64", FXRT_I64},
    {"I32", FXRT_I32}, {"I16", FXRT_I16}, {"I8", FXRT_I8},     {"U8", FXRT_U8},    {"BOOL", FXRT_BOOL},
    {"U16", -1},       {"U32", -1},       {"U64", -1},         {"F8_E4M3", -1},    {"F8_E5M2", -1},
};

/* A JSON number that is an exact non-negative integer (up to 2^53, what a double holds exactly). */
static bool json_uint(const cJSON *j, uint64_t *out) {
  if (!cJSON_IsNumber(j)) return false;
  double v = j->valuedouble;
  if (!(v >= 0 && v <= 9007199254740992.0) || v != (double)(uint64_t)v) return false;
  *out = (uint64_t)v;
  return true;
}

typedef struct st_entry {
  const char *name; /* in the JSON tree */
  uint32_t tensor;  /* index in w->tensors */
  uint64_t begin, end;
  bool ok;
} st_entry;

static int cmp_st_entry(const void *a, const void *b) {
  const st_entry *x = a, *y = b;
  if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
  if (x->end != y->end) return x->end < y->end ? -1 : 1;
  return x->tensor < y->tensor ? -1 : x->tensor > y->tensor;
}

static const char *json_kind(const cJSON *j) {
  if (cJSON_IsObject(j)) return "an object";
  if (cJSON_IsArray(j)) return "an array";
  if (cJSON_IsString(j)) return "a string";
  if (cJSON_IsNumber(j)) return "a number";
  if (cJSON_IsBool(j)) return "a boolean";
  if (cJSON_IsNull(j)) return "null";
  return "invalid";
}

/* Checks one header entry (an object with dtype, shape, data_offsets) and fills tensor t and e. */
static bool st_check_entry(const char *path, const cJSON *obj, fx_tensor *t, st_entry *e, fx_diag *d) {
  char nb[600];
  const char *nm = fx_printable(obj->string, strlen(obj->string), 200, nb, sizeof nb);
  if (!cJSON_IsObject(obj)) {
    FERR(d, "%s: tensor '%s': the header entry is %s, not an object with dtype, shape and data_offsets", path, nm,
         json_kind(obj));
    return false;
  }
  bool ok = true;
  const cJSON *dt = cJSON_GetObjectItemCaseSensitive(obj, "dtype");
  const cJSON *sh = cJSON_GetObjectItemCaseSensitive(obj, "shape");
  const cJSON *of = cJSON_GetObjectItemCaseSensitive(obj, "data_offsets");
  /* dtype */
  int dtype = -2;
  if (!dt) {
    FERR(d, "%s: tensor '%s': no \"dtype\" in the header entry", path, nm);
    ok = false;
  } else if (!cJSON_IsString(dt)) {
    FERR(d, "%s: tensor '%s': \"dtype\" is %s, not a string", path, nm, json_kind(dt));
    ok = false;
  } else {
    for (size_t i = 0; i < sizeof st_dtypes / sizeof *st_dtypes; i++)
      if (strcmp(st_dtypes[i].name, dt->valuestring) == 0) dtype = st_dtypes[i].dtype;
    char vb[300];
    if (dtype == -2) {
      FERR(d, "%s: tensor '%s': unknown dtype '%s'", path, nm,
           fx_printable(dt->valuestring, strlen(dt->valuestring), 200, vb, sizeof vb));
      ok = false;
    } else if (dtype == -1) {
      FERR(d, "%s: tensor '%s': dtype '%s' is not supported (fx2c reads F32 F64 F16 BF16 I64 I32 I16 I8 U8 BOOL)",
           path, nm, dt->valuestring);
      ok = false;
    }
  }
  /* shape */
  if (!sh) {
    FERR(d, "%s: tensor '%s': no \"shape\" in the header entry", path, nm);
    ok = false;
  } else if (!cJSON_IsArray(sh)) {
    FERR(d, "%s: tensor '%s': \"shape\" is %s, not an array", path, nm, json_kind(sh));
    ok = false;
  } else {
    int nd = cJSON_GetArraySize(sh);
    if (nd > FXRT_MAX_DIMS) {
      FERR(d, "%s: tensor '%s': %d dimensions (fx2c supports at most %d)", path, nm, nd, FXRT_MAX_DIMS);
      ok = false;
    } else {
      int i = 0;
      const cJSON *x;
      cJSON_ArrayForEach(x, sh) {
        uint64_t v;
        if (!json_uint(x, &v) || v > INT64_MAX) {
          FERR(d, "%s: tensor '%s': shape[%d] is not a non-negative integer", path, nm, i);
          ok = false;
          break;
        }
        t->shape[i++] = (int64_t)v;
      }
      t->ndim = nd;
    }
  }
  /* data_offsets */
  if (!of) {
    FERR(d, "%s: tensor '%s': no \"data_offsets\" in the header entry", path, nm);
    ok = false;
  } else if (!cJSON_IsArray(of) || cJSON_GetArraySize(of) != 2 || !json_uint(cJSON_GetArrayItem(of, 0), &e->begin) ||
             !json_uint(cJSON_GetArrayItem(of, 1), &e->end)) {
    FERR(d, "%s: tensor '%s': \"data_offsets\" is not [begin, end] with non-negative integers", path, nm);
    ok = false;
  } else if (e->end < e->begin) {
    FERR(d, "%s: tensor '%s': data_offsets [%llu, %llu] end before they begin", path, nm,
         (unsigned long long)e->begin, (unsigned long long)e->end);
    ok = false;
  }
  if (!ok) return false;
  t->dtype = (fxrt_dtype)dtype;
  int64_t numel;
  size_t nbytes;
  char sb[300];
  if (!dims_numel(t->shape, t->ndim, fxrt_dtype_size(t->dtype), &numel, &nbytes)) {
    FERR(d, "%s: tensor '%s': shape %s has too many elements", path, nm, fx_tuple_text(t->shape, t->ndim, sb, sizeof sb));
    return false;
  }
  t->nbytes = nbytes;
  if (e->end - e->begin != nbytes) {
    FERR(d, "%s: tensor '%s': data_offsets [%llu, %llu] hold %llu bytes but shape %s of %s needs %zu", path, nm,
         (unsigned long long)e->begin, (unsigned long long)e->end, (unsigned long long)(e->end - e->begin),
         fx_tuple_text(t->shape, t->ndim, sb, sizeof sb), dt->valuestring, nbytes);
    return false;
  }
  return true;
}

/* The header, checked whole; on success w->file keeps fd. */
static bool open_safetensors(fx_weights *w, int fd, uint64_t fsize, const char *path, fx_diag *d) {
  if (fsize < 8) {
    FERR(d, "%s: the file has %llu bytes, too few for a safetensors file (an 8-byte header size, then the header)",
         path, (unsigned long long)fsize);
    return false;
  }
  uint8_t b8[8];
  if (pread_full(fd, b8, 8, 0) != 8) {
    FERR(d, "%s: cannot read: %s", path, strerror(errno ? errno : EIO));
    return false;
  }
  uint64_t hn = 0;
  for (int i = 0; i < 8; i++) hn |= (uint64_t)b8[i] << (8 * i);
  if (hn > fsize - 8) {
    FERR(d, "%s: the safetensors header size %llu is beyond the end of the file (%llu bytes)", path,
         (unsigned long long)hn, (unsigned long long)fsize);
    return false;
  }
  char *hdr = fx_xmalloc((size_t)hn + 1);
  if (pread_full(fd, hdr, (size_t)hn, 8) != (int64_t)hn) {
    FERR(d, "%s: cannot read the safetensors header: %s", path, strerror(errno ? errno : EIO));
    fx_xfree(hdr);
    return false;
  }
  hdr[hn] = 0;
  uint64_t data_start = 8 + hn;

  /* cJSON allocates through fx2c's counting allocator while the header is parsed and freed. */
  cJSON_Hooks hooks = {fx_xmalloc, fx_xfree};
  cJSON_InitHooks(&hooks);
  const char *end = NULL;
  cJSON *root = (hn && hdr[0] == '{') ? cJSON_ParseWithLengthOpts(hdr, (size_t)hn, &end, 0) : NULL;
  bool ok = true;
  if (!root) {
    if (hn == 0 || hdr[0] != '{')
      FERR(d, "%s: not a safetensors file: the header (%llu bytes after the size) does not start with '{'", path,
           (unsigned long long)hn);
    else
      FERR(d, "%s: the safetensors header is not valid JSON (error at byte %llu of the header)", path,
           (unsigned long long)(end && end >= hdr && end <= hdr + hn ? (size_t)(end - hdr) : 0));
    ok = false;
    goto done;
  }
  for (const char *q = end; q < hdr + hn; q++)
    if (*q != ' ' && *q != '\t' && *q != '\n' && *q != '\r') {
      FERR(d, "%s: the safetensors header has bytes after its JSON object (at byte %llu of the header)", path,
           (unsigned long long)(q - hdr));
      ok = false;
      goto done;
    }

  uint32_t count = 0;
  bool seen_meta = false;
  const cJSON *it;
  cJSON_ArrayForEach(it, root) {
    if (strcmp(it->string, "__metadata__") != 0) {
      count++;
      continue;
    }
    if (seen_meta) {
      FERR(d, "%s: the safetensors header has two \"__metadata__\" entries", path);
      ok = false;
    }
    seen_meta = true;
    if (!cJSON_IsObject(it)) {
      FERR(d, "%s: \"__metadata__\" is %s, not an object of strings", path, json_kind(it));
      ok = false;
      continue;
    }
    const cJSON *mv;
    cJSON_ArrayForEach(mv, it) {
      if (cJSON_IsString(mv)) continue;
      char kb[600];
      FERR(d, "%s: \"__metadata__\" entry '%s' is %s, not a string", path,
           fx_printable(mv->string, strlen(mv->string), 200, kb, sizeof kb), json_kind(mv));
      ok = false;
    }
  }
  if (count >= UINT32_MAX / 4) {
    FERR(d, "%s: too many tensors", path);
    ok = false;
    goto done;
  }

  tensors_init(w, count);
  st_entry *ents = fx_xcalloc(count ? count : 1, sizeof *ents);
  uint32_t k = 0;
  cJSON_ArrayForEach(it, root) {
    if (strcmp(it->string, "__metadata__") == 0) continue;
    fx_tensor *t = &w->tensors[k];
    st_entry *e = &ents[k];
    e->name = it->string;
    e->tensor = k;
    t->name = fx_arena_str(&w->arena, fx_str_make(it->string, strlen(it->string)));
    w->n = k + 1; /* counted before the index insert so that index entries stay valid */
    uint32_t prev = index_insert(w, k);
    if (prev != UINT32_MAX) {
      char nb[600];
      FERR(d, "%s: tensor '%s' appears twice in the safetensors header", path,
           fx_printable(it->string, strlen(it->string), 200, nb, sizeof nb));
      ok = false;
    } else {
      e->ok = st_check_entry(path, it, t, e, d);
      if (!e->ok) ok = false;
    }
    k++;
  }

  /* The data: the entries, by offset, must tile [0, fsize - data_start) exactly (as the reference implementation
   * requires), without overlap, holes or bytes beyond the end of the file. */
  qsort(ents, count, sizeof *ents, cmp_st_entry);
  uint64_t data_len = fsize - data_start, pos = 0;
  const st_entry *prev = NULL;
  for (uint32_t i = 0; i < count; i++) {
    const st_entry *e = &ents[i];
    if (!e->ok) continue;
    char nb[600], pb[600];
    const char *nm = fx_printable(e->name, strlen(e->name), 200, nb, sizeof nb);
    if (e->begin < pos && prev) {
      FERR(d, "%s: tensor '%s': data_offsets [%llu, %llu] overlap those of tensor '%s' [%llu, %llu]", path, nm,
           (unsigned long long)e->begin, (unsigned long long)e->end,
           fx_printable(prev->name, strlen(prev->name), 200, pb, sizeof pb), (unsigned long long)prev->begin,
           (unsigned long long)prev->end);
      ok = false;
    } else if (e->begin > pos) {
      FERR(d, "%s: tensor '%s': data_offsets [%llu, %llu] leave bytes %llu to %llu of the data unused (the data must "
              "be contiguous)",
           path, nm, (unsigned long long)e->begin, (unsigned long long)e->end, (unsigned long long)pos,
           (unsigned long long)e->begin);
      ok = false;
    }
    if (e->end > data_len) {
      FERR(d, "%s: tensor '%s': data ends at byte %llu but the file has %llu bytes (data beyond the end of the file)",
           path, nm, (unsigned long long)(data_start + e->end), (unsigned long long)fsize);
      ok = false;
    }
    if (e->end > pos) pos = e->end;
    prev = e;
  }
  if (ok && pos < data_len)
    FERR(d, "%s: %llu bytes after the end of the last tensor's data (byte %llu of %llu)", path,
         (unsigned long long)(data_len - pos), (unsigned long long)(data_start + pos), (unsigned long long)fsize),
        ok = false;

  /* The index is good: the bytes are read when asked for, in file order. */
  if (ok) {
    struct fx_weights_file *f = w->file = fx_xcalloc(1, sizeof *f);
    f->fd = fd;
    f->begin = fx_xmalloc((count ? count : 1) * sizeof *f->begin);
    f->by_offset = fx_xmalloc((count ? count : 1) * sizeof *f->by_offset);
    for (uint32_t i = 0; i < count; i++) {
      f->begin[ents[i].tensor] = data_start + ents[i].begin;
      f->by_offset[i] = ents[i].tensor;
    }
  }
  fx_xfree(ents);
done:
  cJSON_Delete(root);
  cJSON_InitHooks(NULL);
  fx_xfree(hdr);
  return ok;
}

/* Each tensor asked for straight into a buffer of its own (safetensors' tensors never overlap). */
static bool read_safetensors(fx_weights *w, const bool *want, fx_diag *d) {
  const struct fx_weights_file *f = w->file;
  uint64_t need = 0;
  uint32_t count = 0;
  for (uint32_t i = 0; i < w->n - w->nmade; i++)
    if ((!want || want[i]) && w->buf_of[i] == FX_WEIGHTS_NO_BUF) need += w->tensors[i].nbytes, count++;
  if (!within_max_bytes(w, count, need, 0, d)) return false;
  bool ok = true;
  for (uint32_t k = 0; k < w->n - w->nmade && ok; k++) {
    uint32_t i = f->by_offset[k];
    fx_tensor *t = &w->tensors[i];
    if ((want && !want[i]) || w->buf_of[i] != FX_WEIGHTS_NO_BUF) continue;
    void *p = tensor_alloc_uninit(t->nbytes);
    int64_t got = pread_full(f->fd, p, t->nbytes, f->begin[i]);
    if (got != (int64_t)t->nbytes) {
      char nb[600];
      FERR(d, "%s: tensor '%s': %s", w->path, fx_printable(t->name.p, t->name.n, 200, nb, sizeof nb),
           got < 0 ? strerror(errno) : "data beyond the end of the file (it changed while being read)");
      fx_tensor_free(p);
      ok = false;
      break;
    }
    to_little_endian(p, t->nbytes, fxrt_dtype_size(t->dtype));
    buf_attach(w, i, buf_adopt(w, p, t->nbytes), p);
    w->read_bytes += t->nbytes;
  }
  return ok;
}

/* ---- torch.save zip archives ----------------------------------------------------------------------------------- */

#define MAX_PICKLE_BYTES ((uint64_t)64 << 20)
#define SKIP_CHUNK ((size_t)64 << 10)

/* Reads archive entry idx (`name`, and `who` before it, for messages: "" or "tensor 'x': ") of `size` bytes from its
 * start to its end, keeping bytes [lo, lo + n) in buf and dropping the others into `skip` (SKIP_CHUNK bytes, or NULL
 * when the entry is read whole). The read goes on to the end of the entry and one read past it, where libzip checks
 * the entry's CRC; a read that stops at the last byte never does. */
static bool zip_read_span(zip_t *za, zip_uint64_t idx, const char *path, const char *who, const char *name,
                          uint64_t size, uint64_t lo, void *buf, uint64_t n, void *skip, fx_diag *d) {
  zip_file_t *zf = zip_fopen_index(za, idx, 0);
  if (!zf) {
    FERR(d, "%s: %scannot open archive entry '%s': %s", path, who, name, zip_strerror(za));
    return false;
  }
  uint64_t pos = 0;
  bool ok = true;
  for (;;) {
    char *dst = skip;
    uint64_t len = 1; /* past the end: expects none */
    if (pos < lo) len = lo - pos < SKIP_CHUNK ? lo - pos : SKIP_CHUNK;
    else if (pos < lo + n) dst = (char *)buf + (pos - lo), len = lo + n - pos;
    else if (pos < size) len = size - pos < SKIP_CHUNK ? size - pos : SKIP_CHUNK;
    char past;
    if (!dst) dst = &past, len = 1; /* read whole: only the read past the end lands here */
    zip_int64_t r = zip_fread(zf, dst, len);
    if (r < 0) {
      FERR(d, "%s: %scannot read archive entry '%s': %s", path, who, name, zip_file_strerror(zf));
      ok = false;
      break;
    }
    if (r == 0) {
      if (pos < size) {
        FERR(d, "%s: %sarchive entry '%s' ends after %llu of its %llu bytes (data beyond the end of the file)", path,
             who, name, (unsigned long long)pos, (unsigned long long)size);
        ok = false;
      }
      break;
    }
    pos += (uint64_t)r;
    if (pos > size) {
      FERR(d, "%s: %sarchive entry '%s' has more than the %llu bytes its header gives", path, who, name,
           (unsigned long long)size);
      ok = false;
      break;
    }
  }
  if (zip_fclose(zf) != 0 && ok) {
    FERR(d, "%s: %scannot read archive entry '%s': %s", path, who, name, zip_strerror(za));
    ok = false;
  }
  return ok;
}

/* The uncompressed size of an entry, refusing sizes that its compressed bytes cannot produce (deflate expands at
 * most 1032 times) so that a hostile archive cannot make fx2c allocate more than it holds. */
static bool zip_entry_size(zip_t *za, zip_uint64_t idx, const char *path, const char *name, uint64_t *size,
                           fx_diag *d) {
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(za, idx, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE) || !(st.valid & ZIP_STAT_COMP_SIZE)) {
    FERR(d, "%s: cannot read archive entry '%s': %s", path, name, zip_strerror(za));
    return false;
  }
  uint64_t limit = st.comp_size;
  if ((st.valid & ZIP_STAT_COMP_METHOD) && st.comp_method != ZIP_CM_STORE)
    limit = st.comp_size > UINT64_MAX / 1032 ? UINT64_MAX : st.comp_size * 1032 + 1024;
  if (st.size > limit) {
    FERR(d, "%s: archive entry '%s' claims %llu bytes from %llu compressed bytes", path, name,
         (unsigned long long)st.size, (unsigned long long)st.comp_size);
    return false;
  }
  *size = st.size;
  return true;
}

#define FX_WEIGHTS_EXPANSION 16ull          /* what reading a .pt holds: at most this times the storages read ... */
#define FX_WEIGHTS_FREE_BYTES (64ull << 20) /* ... or this many bytes */

/* Copies the view t of storage bytes src into dst (contiguous); src holds the storage from element `origin` on. */
static void copy_view(uint8_t *dst, const uint8_t *src, size_t isz, const fx_pkl_tensor *t, int64_t origin) {
  if (t->numel == 0) return;
  int32_t nd = t->ndim;
  if (nd == 0) {
    memcpy(dst, src + (size_t)(t->offset - origin) * isz, isz);
    return;
  }
  int64_t idx[FXRT_MAX_DIMS] = {0};
  int64_t inner = t->shape[nd - 1], istride = t->stride[nd - 1];
  for (;;) {
    int64_t base = t->offset - origin;
    for (int32_t i = 0; i < nd - 1; i++) base += idx[i] * t->stride[i];
    const uint8_t *s = src + (size_t)base * isz;
    if (istride == 1) {
      memcpy(dst, s, (size_t)inner * isz);
      dst += (size_t)inner * isz;
    } else {
      for (int64_t j = 0; j < inner; j++, dst += isz) memcpy(dst, s + (size_t)(j * istride) * isz, isz);
    }
    int32_t k = nd - 2;
    while (k >= 0 && ++idx[k] == t->shape[k]) idx[k--] = 0;
    if (k < 0) break;
  }
}

/* The archive's entry name of storage s, in f->ename. */
static const char *storage_entry_name(struct fx_weights_file *f, const fx_pkl_storage *st) {
  memcpy(f->ename + f->plen, "data/", 5);
  memcpy(f->ename + f->plen + 5, st->key.p, st->key.n);
  f->ename[f->plen + 5 + st->key.n] = 0;
  return f->ename;
}

/* The archive's directory, its byte order, data.pkl and every storage's entry; on success w->file keeps the archive
 * open for fx_weights_read. */
static bool open_pt(fx_weights *w, const char *path, fx_diag *d) {
  int zerr = 0;
  zip_t *za = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &zerr);
  if (!za) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, zerr);
    FERR(d, "%s: not a readable zip archive (the format of torch.save): %s", path, zip_error_strerror(&ze));
    zip_error_fini(&ze);
    return false;
  }
  bool ok = false;
  char *pkl = NULL;
  struct fx_weights_file *f = fx_xcalloc(1, sizeof *f);
  f->zip = true;
  f->za = za;

  /* <prefix>data.pkl: the prefix is torch's archive name ("archive/" or the file's stem), any string. */
  zip_int64_t nent = zip_get_num_entries(za, 0), pkl_idx = -1;
  const char *pkl_name = NULL;
  for (zip_int64_t i = 0; i < nent; i++) {
    const char *nm = zip_get_name(za, (zip_uint64_t)i, ZIP_FL_ENC_RAW);
    if (!nm) continue;
    size_t len = strlen(nm);
    if (len >= 8 && strcmp(nm + len - 8, "data.pkl") == 0 && (len == 8 || nm[len - 9] == '/')) {
      if (pkl_idx >= 0) {
        char b1[600], b2[600];
        FERR(d, "%s: the archive has two data.pkl entries ('%s' and '%s')", path,
             fx_printable(pkl_name, strlen(pkl_name), 200, b1, sizeof b1), fx_printable(nm, len, 200, b2, sizeof b2));
        goto out;
      }
      pkl_idx = i;
      pkl_name = nm;
    }
  }
  if (pkl_idx < 0) {
    FERR(d, "%s: the zip archive has no data.pkl entry (not a file that torch.save wrote)", path);
    goto out;
  }
  f->plen = strlen(pkl_name) - 8;
  f->ename = fx_xmalloc(f->plen + 4096 + 16);
  memcpy(f->ename, pkl_name, f->plen);
  char *ename = f->ename;
  const size_t plen = f->plen;

  /* torch >= 2.1 records the byte order; earlier archives are little-endian. */
  memcpy(ename + plen, "byteorder", 10);
  zip_int64_t bo = zip_name_locate(za, ename, ZIP_FL_ENC_RAW);
  if (bo >= 0) {
    uint64_t bsz;
    char bbuf[16] = {0};
    if (!zip_entry_size(za, (zip_uint64_t)bo, path, ename, &bsz, d)) goto out;
    if (bsz >= sizeof bbuf || !zip_read_span(za, (zip_uint64_t)bo, path, "", ename, bsz, 0, bbuf, bsz, NULL, d)) {
      if (bsz >= sizeof bbuf) FERR(d, "%s: archive entry '%s' is not 'little' or 'big'", path, ename);
      goto out;
    }
    if (strcmp(bbuf, "little") != 0) {
      FERR(d, "%s: the archive's byte order is '%s'; fx2c reads little-endian archives", path,
           fx_printable(bbuf, strlen(bbuf), 200, (char[64]){0}, 64));
      goto out;
    }
  }

  uint64_t psz;
  if (!zip_entry_size(za, (zip_uint64_t)pkl_idx, path, pkl_name, &psz, d)) goto out;
  if (psz > MAX_PICKLE_BYTES) {
    FERR(d, "%s: data.pkl has %llu bytes (at most %llu are read)", path, (unsigned long long)psz,
         (unsigned long long)MAX_PICKLE_BYTES);
    goto out;
  }
  pkl = fx_xmalloc((size_t)psz + 1);
  if (!zip_read_span(za, (zip_uint64_t)pkl_idx, path, "", pkl_name, psz, 0, pkl, psz, NULL, d)) goto out;
  fx_pkl_state_dict *sd = &f->sd;
  if (!fx_pkl_read_state_dict((const uint8_t *)pkl, (size_t)psz, path, "data.pkl", &w->arena, sd, d)) goto out;
  fx_xfree(pkl);
  pkl = NULL;

  uint32_t n = sd->ntensors;
  tensors_init(w, n);
  w->n = n;
  for (uint32_t i = 0; i < n; i++) {
    const fx_pkl_tensor *pt = &sd->tensors[i];
    fx_tensor *t = &w->tensors[i];
    t->name = pt->name;
    t->dtype = sd->storages[pt->storage].dtype;
    t->ndim = pt->ndim;
    memcpy(t->shape, pt->shape, sizeof t->shape);
    t->nbytes = pt->nbytes;
    t->qscheme = pt->qscheme;
    t->qaxis = pt->qaxis;
    t->qscale = pt->qscale;
    t->qzp = pt->qzp;
    index_insert(w, i); /* names are unique: the pickle's dict kept one value per key */
  }

  /* The tensors of each storage: order[first[s] .. first[s + 1]). */
  f->first = fx_xcalloc((size_t)sd->nstorages + 1, sizeof *f->first);
  f->order = fx_xmalloc((n ? n : 1) * sizeof *f->order);
  for (uint32_t s = 0; s < sd->nstorages; s++) f->first[s + 1] = f->first[s] + sd->storages[s].nusers;
  {
    uint32_t *fill = fx_xcalloc((size_t)sd->nstorages + 1, sizeof *fill);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t s = sd->tensors[i].storage;
      f->order[f->first[s] + fill[s]++] = i;
    }
    fx_xfree(fill);
  }

  /* Every storage's entry, from the archive's directory: present and of the storage's size. Nothing is inflated. */
  f->entry = fx_xcalloc((size_t)sd->nstorages + 1, sizeof *f->entry);
  ok = true;
  for (uint32_t s = 0; s < sd->nstorages; s++) {
    const fx_pkl_storage *st = &sd->storages[s];
    if (st->nusers == 0) continue;
    const fx_pkl_tensor *user0 = &sd->tensors[f->order[f->first[s]]];
    char nb[600], more[64] = "", eb[600];
    const char *nm = fx_printable(user0->name.p, user0->name.n, 200, nb, sizeof nb);
    if (st->nusers > 1) snprintf(more, sizeof more, " (and %u more tensors)", st->nusers - 1);
    storage_entry_name(f, st);
    zip_int64_t ei = zip_name_locate(za, ename, ZIP_FL_ENC_RAW);
    if (ei < 0) {
      FERR(d, "%s: tensor '%s'%s: the archive has no entry '%s' for its storage", path, nm, more,
           fx_printable(ename, strlen(ename), 200, eb, sizeof eb));
      ok = false;
      continue;
    }
    size_t isz = fxrt_dtype_size(st->dtype);
    uint64_t esz;
    if (!zip_entry_size(za, (zip_uint64_t)ei, path, ename, &esz, d)) {
      ok = false;
      continue;
    }
    if ((uint64_t)st->numel > (SIZE_MAX / 2) / isz || esz != (uint64_t)st->numel * isz) {
      FERR(d, "%s: tensor '%s'%s: archive entry '%s' has %llu bytes but its storage has %lld elements of %s", path, nm,
           more, fx_printable(ename, strlen(ename), 200, eb, sizeof eb), (unsigned long long)esz, (long long)st->numel,
           fxrt_dtype_name(st->dtype));
      ok = false;
      continue;
    }
    f->entry[s] = (zip_uint64_t)ei;
  }

out:
  fx_xfree(pkl);
  if (ok) {
    w->file = f;
  } else {
    w->file = f;
    file_close(w);
  }
  return ok;
}

/* A tensor that points into its storage's buffer (which starts at a multiple of 64 bytes of the storage): contiguous,
 * at a byte offset that keeps the 64-byte alignment fx_tensor promises. */
static bool shares_storage(const fx_pkl_tensor *t, size_t isz) {
  return t->contiguous && ((uint64_t)t->offset * isz) % TENSOR_ALIGN == 0;
}

/* What reading one storage takes: the bytes [lo, hi) of it that the tensors to read view (lo rounded down to a
 * multiple of 64), and whether they stay (a tensor points into them) or only hold the storage while views are
 * copied out of it. */
typedef struct pt_span {
  uint64_t lo, hi;
  uint64_t copies; /* bytes of the contiguous copies of views */
  uint32_t nread;  /* tensors to read */
  bool keep;
} pt_span;

static bool read_pt(fx_weights *w, const bool *want, fx_diag *d) {
  struct fx_weights_file *f = w->file;
  const fx_pkl_state_dict *sd = &f->sd;
  const char *path = w->path;
  const uint32_t ns = sd->nstorages;
  /* The plan, before anything is allocated. held: what stays; peak: the most at once (a storage that no tensor points
   * into is held only while its views are copied, one storage at a time). */
  pt_span *sp = fx_xcalloc((size_t)ns + 1, sizeof *sp);
  uint64_t held = 0, peak = 0, temp = 0, storage_bytes = 0;
  uint32_t count = 0;
  for (uint32_t s = 0; s < ns; s++) {
    const fx_pkl_storage *st = &sd->storages[s];
    const size_t isz = fxrt_dtype_size(st->dtype);
    pt_span *p = &sp[s];
    p->lo = UINT64_MAX;
    for (uint32_t j = f->first[s]; j < f->first[s + 1]; j++) {
      const uint32_t i = f->order[j];
      if ((want && !want[i]) || w->buf_of[i] != FX_WEIGHTS_NO_BUF) continue;
      const fx_pkl_tensor *t = &sd->tensors[i];
      p->nread++;
      if (t->numel == 0) continue;
      if ((uint64_t)t->offset * isz < p->lo) p->lo = (uint64_t)t->offset * isz;
      if ((uint64_t)t->end * isz > p->hi) p->hi = (uint64_t)t->end * isz;
      if (shares_storage(t, isz)) p->keep = true;
      else p->copies += t->nbytes;
    }
    count += p->nread;
    if (!p->nread) continue;
    storage_bytes += (uint64_t)st->numel * isz;
    if (p->hi) p->lo &= ~(uint64_t)(TENSOR_ALIGN - 1);
    else p->lo = 0; /* every tensor read is empty: nothing to read */
    const uint64_t span = p->hi - p->lo, stays = p->copies + (p->keep ? span : 0);
    if (!p->keep && held + stays + span > peak) peak = held + stays + span, temp = span;
    held += stays;
  }
  if (held > peak) peak = held, temp = 0;

  /* A view made contiguous takes its own bytes, where torch shares the storage: a few kilobytes of stride-0 views, or
   * many tensors over one storage, would take gigabytes. What is held may be at most FX_WEIGHTS_EXPANSION times the
   * bytes of the storages read, or FX_WEIGHTS_FREE_BYTES if that is more. */
  uint64_t limit =
      storage_bytes > UINT64_MAX / FX_WEIGHTS_EXPANSION ? UINT64_MAX : storage_bytes * FX_WEIGHTS_EXPANSION;
  if (limit < FX_WEIGHTS_FREE_BYTES) limit = FX_WEIGHTS_FREE_BYTES;
  bool ok = true;
  if (held > limit) {
    FERR(d,
         "%s: the tensors read (%u) are views that would take %llu bytes made contiguous, from %llu bytes of "
         "storage (at most %llu times that, or %llu bytes, are read)",
         path, count, (unsigned long long)held, (unsigned long long)storage_bytes,
         (unsigned long long)FX_WEIGHTS_EXPANSION, (unsigned long long)FX_WEIGHTS_FREE_BYTES);
    fx_diag_note(
        d, NULL, (fx_loc){0, 0, 0, 0},
        "save the state_dict with contiguous tensors of their own: {k: v.contiguous().clone() for k, v in ...}");
    ok = false;
  } else {
    ok = within_max_bytes(w, count, peak, temp, d);
  }

  const bool bounded = ok;
  uint8_t *skip = bounded ? fx_xmalloc(SKIP_CHUNK) : NULL;
  for (uint32_t s = 0; bounded && s < ns && !fx_diag_full(d); s++) {
    const pt_span *p = &sp[s];
    if (!p->nread) continue;
    const fx_pkl_storage *st = &sd->storages[s];
    const size_t isz = fxrt_dtype_size(st->dtype);
    const uint64_t span = p->hi - p->lo;
    uint8_t *buf = NULL;
    if (span) {
      /* the tensors that need the entry, for messages: the first of them, and how many more */
      char who[700], nb[600], eb[600];
      uint32_t i0 = UINT32_MAX;
      for (uint32_t j = f->first[s]; j < f->first[s + 1] && i0 == UINT32_MAX; j++)
        if ((!want || want[f->order[j]]) && w->buf_of[f->order[j]] == FX_WEIGHTS_NO_BUF) i0 = f->order[j];
      const fx_str n0 = sd->tensors[i0].name;
      snprintf(who, sizeof who, "tensor '%s'", fx_printable(n0.p, n0.n, 200, nb, sizeof nb));
      if (p->nread > 1) snprintf(who + strlen(who), sizeof who - strlen(who), " (and %u more tensors)", p->nread - 1);
      snprintf(who + strlen(who), sizeof who - strlen(who), ": ");
      const char *ename = storage_entry_name(f, st);
      buf = tensor_alloc_uninit((size_t)span);
      if (!zip_read_span(f->za, f->entry[s], path, who, fx_printable(ename, strlen(ename), 200, eb, sizeof eb),
                         (uint64_t)st->numel * isz, p->lo, buf, span, skip, d)) {
        fx_tensor_free(buf);
        ok = false; /* the tensors of the other storages are still read: every damaged entry is reported */
        continue;
      }
      to_little_endian(buf, (size_t)span, isz);
    }
    const uint32_t b = p->keep ? buf_adopt(w, buf, (size_t)span) : FX_WEIGHTS_NO_BUF;
    for (uint32_t j = f->first[s]; j < f->first[s + 1]; j++) {
      const uint32_t i = f->order[j];
      if ((want && !want[i]) || w->buf_of[i] != FX_WEIGHTS_NO_BUF) continue;
      const fx_pkl_tensor *t = &sd->tensors[i];
      if (p->keep && t->numel && shares_storage(t, isz)) {
        buf_attach(w, i, b, buf + ((uint64_t)t->offset * isz - p->lo));
      } else {
        uint8_t *c = tensor_alloc_uninit(t->nbytes);
        copy_view(c, buf, isz, t, (int64_t)(p->lo / isz));
        buf_attach(w, i, buf_adopt(w, c, t->nbytes), c);
      }
    }
    if (!p->keep) fx_tensor_free(buf);
    w->read_bytes += p->copies + (p->keep ? span : 0);
  }
  fx_xfree(skip);
  fx_xfree(sp);
  return ok;
}

/* ---- opening and reading --------------------------------------------------------------------------------------- */

/* FX2C_WEIGHTS_MAX_BYTES: a count of bytes, with an optional K, M, G or T (powers of 1024). */
static bool parse_bytes(const char *s, uint64_t *out) {
  uint64_t v = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; p++)
    if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, (uint64_t)(*p - '0'), &v)) return false;
  if (p == s) return false;
  const char *units = "KMGT", *u = *p ? strchr(units, *p >= 'a' ? *p - 'a' + 'A' : *p) : NULL;
  if (*p && (!u || p[1])) return false;
  for (int k = u ? (int)(u - units) + 1 : 0; k > 0; k--)
    if (__builtin_mul_overflow(v, 1024, &v)) return false;
  *out = v;
  return true;
}

bool fx_weights_open(fx_weights *w, const char *path, fx_diag *d) {
  weights_reset(w);
  w->path = fx_arena_strdup(&w->arena, path, strlen(path));
  w->max_bytes = FX_WEIGHTS_MAX_BYTES;
  const char *env = getenv("FX2C_WEIGHTS_MAX_BYTES");
  if (env && *env && !parse_bytes(env, &w->max_bytes)) {
    char eb[300];
    FERR(d,
         "FX2C_WEIGHTS_MAX_BYTES='%s' is not a number of bytes (such as 1073741824, or 1G; K, M, G and T are "
         "powers of 1024)",
         fx_printable(env, strlen(env), 100, eb, sizeof eb));
    fx_weights_free(w);
    return false;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO: refused below, not waited on */
  if (fd < 0) {
    FERR(d, "%s: cannot open: %s", path, strerror(errno));
    fx_weights_free(w);
    return false;
  }
  struct stat sb;
  if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
    FERR(d, "%s: cannot read: not a regular file", path);
    close(fd);
    fx_weights_free(w);
    return false;
  }
  uint64_t fsize = (uint64_t)sb.st_size;
  uint8_t head[9] = {0};
  int64_t got = pread_full(fd, head, sizeof head, 0);
  if (got < 0) {
    FERR(d, "%s: cannot read: %s", path, strerror(errno));
    close(fd);
    fx_weights_free(w);
    return false;
  }
  /* safetensors: an 8-byte little-endian header size that fits the file, then the header's '{'. Checked first: a
   * header of 640 bytes starts the file with 0x80 0x02, pickle's protocol-2 opcode. */
  uint64_t hlen = 0;
  for (int i = 7; i >= 0; i--) hlen = hlen << 8 | head[i];
  const bool safetensors = got == 9 && head[8] == '{' && hlen >= 2 && hlen <= fsize - 8;
  bool ok;
  if (safetensors) {
    ok = open_safetensors(w, fd, fsize, path, d);
    if (!ok) close(fd);
  } else if (got >= 4 && head[0] == 'P' && head[1] == 'K' && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))) {
    close(fd);
    ok = open_pt(w, path, d);
  } else if (got >= 2 && head[0] == 0x80 && head[1] >= 2 && head[1] <= 5) {
    FERR(d, "%s: a pickle, not a zip archive: the legacy torch.save format (before torch 1.6 or with "
            "_use_new_zipfile_serialization=False) is not supported; save it again with a current torch",
         path);
    close(fd);
    ok = false;
  } else if (got >= 6 && memcmp(head, "\x93NUMPY", 6) == 0) {
    FERR(d, "%s: a .npy file, not a state_dict (.safetensors, or .pt written by torch.save)", path);
    close(fd);
    ok = false;
  } else {
    ok = open_safetensors(w, fd, fsize, path, d);
    if (!ok) close(fd);
  }
  if (!ok) fx_weights_free(w);
  else if (w->n == 0) file_close(w); /* nothing to read */
  return ok;
}

bool fx_weights_read(fx_weights *w, const bool *want, fx_diag *d) {
  if (!w->file) return true; /* every tensor of the file is read */
  bool ok = w->file->zip ? read_pt(w, want, d) : read_safetensors(w, want, d);
  /* the file stays open while it has tensors to read */
  bool all = true;
  for (uint32_t i = 0; i < w->n - w->nmade && all; i++) all = w->buf_of[i] != FX_WEIGHTS_NO_BUF;
  if (all) file_close(w);
  return ok;
}

bool fx_weights_load(fx_weights *w, const char *path, fx_diag *d) {
  if (!fx_weights_open(w, path, d)) return false;
  if (fx_weights_read(w, NULL, d)) return true;
  fx_weights_free(w);
  return false;
}

/* ---- .npy ------------------------------------------------------------------------------------------------------ */

/* The header's preamble, dict and dtypes: runtime/fxrt_npy.h, the parser that the executables use too. */

bool fx_npy_read(const char *path, fx_tensor *t, fx_diag *d) {
  memset(t, 0, sizeof *t);
  t->name = fx_str_make("", 0);
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO: refused below, not waited on */
  if (fd < 0) {
    FERR(d, "%s: cannot open: %s", path, strerror(errno));
    return false;
  }
  bool ok = false;
  char *hdr = NULL;
  struct stat sb;
  if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
    FERR(d, "%s: cannot read: not a regular file", path);
    goto out;
  }
  uint64_t fsize = (uint64_t)sb.st_size;
  uint8_t pre[12] = {0};
  int64_t got = pread_full(fd, pre, sizeof pre, 0);
  if (got < 0) {
    FERR(d, "%s: cannot read: %s", path, strerror(errno));
    goto out;
  }
  fxrt_npy_header h;
  if (!fxrt_npy_preamble(pre, (size_t)got, &h)) {
    if (h.problem == FXRT_NPY_VERSION)
      FERR(d, "%s: unsupported .npy format version %u.%u (fx2c reads 1.0, 2.0 and 3.0)", path, h.major, h.minor);
    else if (h.problem == FXRT_NPY_CUT_SHORT)
      FERR(d, "%s: the .npy header is cut short (the file has %llu bytes)", path, (unsigned long long)fsize);
    else if (h.problem == FXRT_NPY_TOO_LONG)
      FERR(d, "%s: the .npy header claims %llu bytes (at most %llu are read)", path, (unsigned long long)h.header_len,
           (unsigned long long)FXRT_NPY_MAX_HEADER);
    else FERR(d, "%s: %s", path, h.err);
    goto out;
  }
  uint64_t hlen = h.header_len, hstart = h.header_start;
  if (hstart + hlen > fsize) {
    FERR(d, "%s: the .npy header (%llu bytes) is beyond the end of the file (%llu bytes)", path,
         (unsigned long long)hlen, (unsigned long long)fsize);
    goto out;
  }
  hdr = fx_xmalloc((size_t)hlen + 1);
  if (pread_full(fd, hdr, (size_t)hlen, hstart) != (int64_t)hlen) {
    FERR(d, "%s: cannot read the .npy header", path);
    goto out;
  }
  hdr[hlen] = 0;
  if (!fxrt_npy_parse(hdr, (size_t)hlen, &h)) {
    char kb[100];
    if (h.key)
      FERR(d, "%s: bad .npy header: unexpected key '%s' (a .npy header has 'descr', 'fortran_order' and 'shape') (at "
              "byte %zu of the header)", path, fx_printable(h.key, h.key_len, 200, kb, sizeof kb), h.err_at);
    else FERR(d, "%s: bad .npy header: %s (at byte %zu of the header)", path, h.err, h.err_at);
    goto out;
  }
  if (h.fortran) {
    FERR(d, "%s: Fortran-order arrays are not supported (save np.ascontiguousarray(a) instead)", path);
    goto out;
  }
  fxrt_dtype dt;
  if (!fxrt_npy_dtype(h.descr, &dt)) {
    char db[100];
    FERR(d, "%s: unsupported descr '%s' (fx2c reads <f4 <f8 <f2 <i8 <i4 <i2 |i1 |u1 |b1)", path,
         fx_printable(h.descr, strlen(h.descr), 200, db, sizeof db));
    goto out;
  }
  int64_t numel;
  size_t nbytes;
  char shb[300];
  if (!dims_numel(h.shape, h.ndim, fxrt_dtype_size(dt), &numel, &nbytes)) {
    FERR(d, "%s: shape %s has too many elements", path, fx_tuple_text(h.shape, h.ndim, shb, sizeof shb));
    goto out;
  }
  uint64_t dstart = hstart + hlen;
  if (fsize - dstart < nbytes) {
    FERR(d, "%s: truncated data: shape %s of '%s' needs %zu bytes after the header but the file has %llu", path,
         fx_tuple_text(h.shape, h.ndim, shb, sizeof shb), h.descr, nbytes, (unsigned long long)(fsize - dstart));
    goto out;
  }
  void *data = tensor_alloc_uninit(nbytes);
  if (pread_full(fd, data, nbytes, dstart) != (int64_t)nbytes) {
    FERR(d, "%s: truncated data (the file changed while being read)", path);
    fx_tensor_free(data);
    goto out;
  }
  to_little_endian(data, nbytes, fxrt_dtype_size(dt));
  t->dtype = dt;
  t->ndim = h.ndim;
  memcpy(t->shape, h.shape, sizeof t->shape);
  t->data = data;
  t->nbytes = nbytes;
  ok = true;
out:
  fx_xfree(hdr);
  close(fd);
  return ok;
}

bool fx_npy_write(const char *path, const fx_tensor *t, fx_diag *d) {
  const char *descr = (unsigned)t->dtype < FXRT_NUM_DTYPES ? fxrt_npy_descr(t->dtype) : NULL;
  if (!descr) {
    FERR(d, "%s: cannot write a %s tensor as .npy (numpy has no such dtype)", path,
         (unsigned)t->dtype < FXRT_NUM_DTYPES ? fxrt_dtype_name(t->dtype) : "?");
    return false;
  }
  if (t->ndim < 0 || t->ndim > FXRT_MAX_DIMS) {
    FERR(d, "%s: cannot write a tensor with %d dimensions", path, (int)t->ndim);
    return false;
  }
  int64_t numel;
  size_t nbytes;
  if (!dims_numel(t->shape, t->ndim, fxrt_dtype_size(t->dtype), &numel, &nbytes) || nbytes != t->nbytes ||
      (nbytes && !t->data)) {
    FERR(d, "%s: the tensor's shape does not match its %zu bytes", path, t->nbytes);
    return false;
  }
  unsigned char hdr[FXRT_NPY_HEADER_CAP]; /* numpy's preamble and header, byte for byte */
  size_t k = fxrt_npy_header_write(hdr, t->dtype, t->ndim, t->shape);
  FILE *f = fopen(path, "wb");
  if (!f) {
    FERR(d, "%s: cannot create: %s", path, strerror(errno));
    return false;
  }
  bool ok = fwrite(hdr, 1, k, f) == k;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  size_t isz = fxrt_dtype_size(t->dtype);
  for (size_t i = 0; ok && i < nbytes; i += isz) {
    uint8_t e[8];
    for (size_t j = 0; j < isz; j++) e[j] = ((const uint8_t *)t->data)[i + isz - 1 - j];
    ok = fwrite(e, 1, isz, f) == isz;
  }
#else
  ok = ok && (nbytes == 0 || fwrite(t->data, 1, nbytes, f) == nbytes);
#endif
  int err = errno;
  if (fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) FERR(d, "%s: cannot write: %s", path, strerror(err));
  return ok;
}

bool fx_weights_strip_prefix(fx_weights *w, const char *prefix, fx_diag *d) {
  const size_t np = strlen(prefix);
  uint32_t have = 0;
  for (uint32_t i = 0; i + w->nmade < w->n; i++) {
    fx_str k = w->tensors[i].name;
    if (k.n < np || memcmp(k.p, prefix, np)) continue;
    if (k.n == np) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--strip-prefix '%s': the tensor '%.*s' of %s would have no name",
                    prefix, (int)k.n, k.p, w->path);
      return false;
    }
    have++;
  }
  if (!np || !have) {
    fx_str k = w->n > w->nmade ? w->tensors[0].name : fx_str_make("", 0);
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "--strip-prefix '%s': no tensor of %s has a name that starts with it",
                  prefix, w->path);
    if (k.n) fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "its first tensor is '%.*s'", (int)k.n, k.p);
    return false;
  }
  fx_str *names = fx_xmalloc((size_t)w->n * sizeof *names);
  for (uint32_t i = 0; i < w->n; i++) {
    names[i] = w->tensors[i].name;
    fx_str k = names[i];
    if (i + w->nmade < w->n && k.n > np && !memcmp(k.p, prefix, np)) w->tensors[i].name = fx_str_make(k.p + np, k.n - np);
  }
  fx_xfree(w->index);
  index_init(w, w->n);
  for (uint32_t i = 0; i < w->n; i++) {
    uint32_t prev = index_insert(w, i);
    if (prev == UINT32_MAX) continue;
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0},
                  "--strip-prefix '%s': the tensors '%.*s' and '%.*s' of %s would both be named '%.*s'", prefix,
                  (int)names[prev].n, names[prev].p, (int)names[i].n, names[i].p, w->path,
                  (int)w->tensors[i].name.n, w->tensors[i].name.p);
    for (uint32_t j = 0; j < w->n; j++) w->tensors[j].name = names[j];
    fx_xfree(w->index);
    index_init(w, w->n);
    for (uint32_t j = 0; j < w->n; j++) index_insert(w, j);
    fx_xfree(names);
    return false;
  }
  fx_xfree(names);
  return true;
}
