/* weights.h: the state_dict (.safetensors, or the .pt/.pth zip that torch.save writes) and .npy files.
 *
 *     fx_weights w;
 *     if (!fx_weights_load(&w, "weights.safetensors", &diag)) ...;          // errors name the file and tensor
 *     const fx_tensor *t = fx_weights_find(&w, FX_STR_LIT("layer1.0.conv1.weight"));
 *     ... t->dtype, t->ndim, t->shape, t->data (64-byte aligned, contiguous, little-endian) ...
 *     fx_weights_free(&w);
 *
 * The .pt reader opens the zip with libzip and reads data.pkl with a restricted unpickler that executes nothing:
 * it knows the opcodes torch.save emits and accepts only the globals a state_dict needs
 * (collections.OrderedDict, torch._utils._rebuild_tensor_v2, torch._utils._rebuild_parameter, torch.*Storage, ...);
 * any other global is an error that names it. Tensors with strides are made contiguous.
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
  void *data;     /* contiguous, 64-byte aligned, owned by the container that holds the tensor */
  size_t nbytes;
} fx_tensor;

typedef struct fx_weights {
  const char *path;
  fx_tensor *tensors; /* in file order */
  uint32_t n;
  uint32_t nmade;     /* the last nmade of them were made by passes (fx_weights_add), not read from the file */
  uint32_t *index;    /* open-addressing hash of tensor indices by name */
  uint32_t index_cap;
  fx_arena arena;     /* names */
} fx_weights;

/* Reads a state_dict; the format is recognised by content (a zip archive is torch.save's format, otherwise
 * safetensors), not by the file name. On failure reports every problem found to d and returns false (w is then
 * empty but may be freed). */
bool fx_weights_load(fx_weights *w, const char *path, fx_diag *d);
const fx_tensor *fx_weights_find(const fx_weights *w, fx_str name);
/* A new zeroed tensor called `name` (which must not exist yet), for passes that compute weights (BatchNorm folding).
 * Pointers to w's tensors that were taken before are invalid afterwards. */
fx_tensor *fx_weights_add(fx_weights *w, fx_str name, fxrt_dtype dtype, int32_t ndim, const int64_t *shape);
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

#endif
