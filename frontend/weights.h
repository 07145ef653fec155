/* weights.h: the state_dict (.safetensors, or the .pt/.pth zip that torch.save writes) and .npy files.
 *
 * A weights file is read in two phases, so that a compiler reads only the tensors its program uses:
 *
 *     fx_weights w;
 *     if (!fx_weights_open(&w, "weights.pt", &diag)) ...;        // the index: errors name the file and tensor
 *     const fx_tensor *t = fx_weights_find(&w, FX_STR_LIT("layer1.0.conv1.weight"));
 *     ... t->dtype, t->ndim, t->shape, t->nbytes; t->data is NULL: not read yet ...
 *     want[t - w.tensors] = true;                                 // one flag per tensor, by index
 *     if (!fx_weights_read(&w, want, &diag)) ...;                 // the data: errors name the tensor
 *     ... t->data (64-byte aligned, contiguous, little-endian, read-only: see fx_weights_writable) ...
 *     fx_weights_free(&w);
 *
 * fx_weights_load does both for every tensor (tools, tests, the fuzz target).
 *
 * Opening reads and checks the whole index: a safetensors header (every entry's dtype, shape and data_offsets, and
 * the offsets tiling the data to the end of the file); a .pt archive's directory, byte order and data.pkl, run by a
 * restricted unpickler that executes nothing: it knows the opcodes torch.save emits and accepts only the globals a
 * state_dict needs (collections.OrderedDict, torch._utils._rebuild_tensor_v2, torch._utils._rebuild_parameter,
 * torch.*Storage, ...); any other global is an error that names it. Every view is checked to lie in its storage,
 * and every storage to have an archive entry of its size (from its compressed size, deflate's 1032:1 at most). A
 * file that fails any of these is refused whole, whichever tensors a program would use: torch.load refuses it too.
 *
 * Reading fills the data of the tensors asked for, and only theirs: a .pt's storage entries are inflated and
 * CRC-checked, and a safetensors file's bytes read, only for the tensors read. An I/O error, a CRC error or an
 * entry cut short is reported then, naming the tensors that needed it; a tensor nobody asks for is never read, so
 * damaged bytes of a tensor that the graph does not use do not stop it (safetensors' safe_open, with which PyTorch
 * users read part of a checkpoint, behaves the same; torch.load, which reads everything, would refuse the file).
 *
 * Storage: the data lives in buffers that fx_weights owns (bufs), not in the tensors. In a .pt, each storage that
 * the tensors read need is read once (the span of it that they view): a tensor that is the whole storage, or a
 * contiguous view of it at a byte offset that is a multiple of 64, points into that buffer, as tensors share a
 * storage in PyTorch (tied weights); other views (strided, stride 0, misaligned) get contiguous copies of their
 * own. So tensors may share bytes, and data is read-only: a pass that changes a tensor's values writes through
 * fx_weights_writable, which gives the tensor bytes of its own first when it shares them.
 *
 * Bounds: one file's reads may hold at most max_bytes (FX_WEIGHTS_MAX_BYTES, or the environment's
 * FX2C_WEIGHTS_MAX_BYTES) at once, temporary buffers included; and the views of a .pt made contiguous may take at
 * most 16 times the bytes of the storages read (or 64 MiB if that is more): a few kilobytes of stride-0 views could
 * otherwise take gigabytes. Both are checked before anything is allocated, and each refusal says how many bytes
 * were needed. The .pt reader's peak memory is the tensors read plus data.pkl and one storage span at a time.
 */
#ifndef FX_WEIGHTS_H
#define FX_WEIGHTS_H

#include "../ir/diag.h"
#include "../runtime/fxrt.h"

typedef struct fx_tensor {
  fx_str name;    /* dotted state_dict key */
  fxrt_dtype dtype;
  int32_t ndim;
  int64_t shape[FXRT_MAX_DIMS];
  void *data;     /* contiguous, 64-byte aligned; in fx_weights: NULL until fx_weights_read reads it, then in one of
                     the container's buffers (possibly shared with other tensors); elsewhere: owned by its holder */
  size_t nbytes;
  /* A quantized tensor of a .pt (FX graph mode quantization's weights; its data int8 or uint8): FX_QS_PER_TENSOR
   * with qscale and qzp, or FX_QS_PER_CHANNEL along qaxis, its scales and zero points the tensors NAME
   * FX_QSCALES_SUFFIX (float64) and NAME FX_QZPS_SUFFIX (int64) of the same container. */
  uint8_t qscheme;
  int32_t qaxis;
  double qscale;
  int64_t qzp;
} fx_tensor;

enum { FX_QS_NONE, FX_QS_PER_TENSOR, FX_QS_PER_CHANNEL }; /* fx_tensor.qscheme, fx_pkl_tensor.qscheme */
#define FX_QSCALES_SUFFIX ".q_per_channel_scales"
#define FX_QZPS_SUFFIX ".q_per_channel_zero_points"

#define FX_WEIGHTS_MAX_BYTES (16ull << 30) /* the default of fx_weights.max_bytes: 16 GiB */
#define FX_WEIGHTS_NO_BUF UINT32_MAX

typedef struct fx_weights_buf {
  void *p; /* 64-byte aligned, freed by fx_weights_free (fx_tensor_free) */
  size_t nbytes;
  uint32_t users; /* tensors whose data points into it */
} fx_weights_buf;

typedef struct fx_weights {
  const char *path;
  fx_tensor *tensors; /* in file order */
  uint32_t n;
  uint32_t nmade;     /* the last nmade of them were made by passes (fx_weights_add), not read from the file */
  uint32_t *index;    /* open-addressing hash of tensor indices by name */
  uint32_t index_cap;
  fx_weights_buf *bufs; /* the memory that tensors' data points into, owned here */
  uint32_t nbufs, capbufs;
  uint32_t *buf_of;     /* by tensor: the buffer that holds its data, FX_WEIGHTS_NO_BUF while it has none */
  uint64_t max_bytes;   /* the bound on what reads may hold; fx_weights_open sets it, a caller may change it */
  uint64_t read_bytes;  /* what reads of the file hold now (buffers of file tensors, shared bytes once) */
  struct fx_weights_file *file; /* the open file and where each tensor's bytes are in it (weights.c) */
  fx_arena arena;       /* names */
} fx_weights;

/* Opens a state_dict and reads its index (names, dtypes, shapes; every tensor's data NULL); the format is
 * recognised by content (a zip archive is torch.save's format, otherwise safetensors), not by the file name. The
 * file stays open until fx_weights_free, or until every tensor is read. On failure reports every problem found to
 * d and returns false (w is then empty but may be freed). max_bytes is FX2C_WEIGHTS_MAX_BYTES from the environment
 * (a count of bytes, or with a K, M, G or T suffix for powers of 1024), else FX_WEIGHTS_MAX_BYTES. */
bool fx_weights_open(fx_weights *w, const char *path, fx_diag *d);
/* Reads the data of the tensors i with want[i] (want has one flag per tensor of w, by index; NULL: all of them)
 * whose data is still NULL. Each storage of a .pt that they need is read once. On failure (the bounds, I/O, CRC
 * errors, entries cut short; messages name the tensors) returns false and the tensors it could not read keep data
 * NULL; w stays valid. */
bool fx_weights_read(fx_weights *w, const bool *want, fx_diag *d);
/* fx_weights_open, then fx_weights_read of every tensor. On failure w is empty (and may be freed). */
bool fx_weights_load(fx_weights *w, const char *path, fx_diag *d);
const fx_tensor *fx_weights_find(const fx_weights *w, fx_str name);
/* A new zeroed tensor called `name` (which must not exist yet), for passes that compute weights (BatchNorm folding).
 * Its data is a buffer of its own. Pointers to w's tensors that were taken before are invalid afterwards. */
fx_tensor *fx_weights_add(fx_weights *w, fx_str name, fxrt_dtype dtype, int32_t ndim, const int64_t *shape);
/* The data of t (one of w's tensors), to write into: t first gets a copy of its own when it shares its buffer with
 * another tensor (copy on write), so that no other tensor changes. NULL if t's data has not been read. */
void *fx_weights_writable(fx_weights *w, const fx_tensor *t);
/* The bytes of tensor data w holds: its buffers, shared bytes once (what --stats reports as the weights). */
uint64_t fx_weights_bytes(const fx_weights *w);
void fx_weights_free(fx_weights *w);

/* Allocation of tensor storage: 64-byte aligned, zeroed, counted by fx2c's allocator. */
void *fx_tensor_alloc(size_t nbytes);
void fx_tensor_free(void *p);

/* .npy files (format versions 1.0, 2.0 and 3.0, C order, descriptors <f4 <f8 <f2 <i8 <i4 <i2 |i1 |u1 |b1 and
 * their byte-order-free forms). The tensor's data is allocated with fx_tensor_alloc; its name is empty. A wrong
 * magic, an unsupported descriptor, Fortran order or data shorter than the shape says is an error naming the file. */
bool fx_npy_read(const char *path, fx_tensor *t, fx_diag *d);
/* Writes t as a version 1.0 .npy file (numpy's header layout, padded to a multiple of 64 bytes). */
bool fx_npy_write(const char *path, const fx_tensor *t, fx_diag *d);

/* --strip-prefix: every tensor of the file whose name starts with prefix (DistributedDataParallel's "module.", a
 * wrapper's "model.") is known by the rest of its name from now on, as torch's consume_prefix_in_state_dict_if_present
 * does. An error when no name has the prefix, when a name would be left empty or when two tensors would have one name;
 * w is unchanged then. Before the tensors are read (fx_weights_open, then this). */
bool fx_weights_strip_prefix(fx_weights *w, const char *prefix, fx_diag *d);

#endif
