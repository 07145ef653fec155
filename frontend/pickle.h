/* pickle.h (private to the frontend): the restricted unpickler for the data.pkl of torch.save's zip archives.
 *
 * It runs the pickle program on a value stack of its own and executes nothing. It knows the opcodes that
 * torch.save emits (protocol 2, plus the few of protocols 3-5 that a pickle_protocol= argument brings in) and
 * accepts only these globals:
 *
 *   collections.OrderedDict                    -> a dict (the state_dict, its _metadata)
 *   torch._utils._rebuild_tensor_v2            -> a tensor (storage, storage_offset, size, stride, ...)
 *   torch._utils._rebuild_tensor               -> a tensor (storage, storage_offset, size, stride)
 *   torch._utils._rebuild_parameter            -> its tensor (a state_dict(keep_vars=True) holds Parameters)
 *   torch._utils._rebuild_parameter_with_state -> its tensor (torch 2.x)
 *   torch.FloatStorage, DoubleStorage, HalfStorage, BFloat16Storage, LongStorage, IntStorage, ShortStorage,
 *   CharStorage, ByteStorage, BoolStorage      -> storage types in persistent ids
 *   torch._utils._rebuild_qtensor              -> a quantized tensor (FX graph mode quantization's weights):
 *   torch.per_tensor_affine, per_channel_affine   its scheme; QInt8Storage, QUInt8Storage its int8/uint8 data
 *   torch.qint8, torch.quint8                  -> a packed Linear's `_packed_params.dtype`, skipped
 *
 * A quantized Linear's `P._packed_params._packed_params`, the tuple (weight, bias or None), becomes the tensors
 * P.weight and P.bias. A tensor quantized per channel brings two more: NAME.q_per_channel_scales (float64) and
 * NAME.q_per_channel_zero_points (int64), the tensors its quantizer holds.
 *
 * Anything else is an error naming the global. The pickle's result must be a dict from strings to tensors; each
 * tensor is a view (offset, size, stride in elements) of a storage, which lives in the archive entry
 * <prefix>data/<key>. Every view is checked to lie inside its storage.
 *
 * Guards against malicious input: every length is checked against the bytes left, memo indices are bounded by
 * the input size, the stack and the MARK nesting are bounded, no recursion, all size arithmetic is checked for
 * overflow, and the work is linear in the input size.
 */
#ifndef FX_PICKLE_H
#define FX_PICKLE_H

#include "../ir/diag.h"
#include "../runtime/fxrt.h"
#include "weights.h" /* FX_QS_* */

typedef struct fx_pkl_storage {
  fx_str key;       /* the archive entry is <prefix>data/<key>; no NUL bytes */
  fxrt_dtype dtype;
  int64_t numel;    /* elements */
  uint32_t nusers;  /* tensors of the result that view it */
} fx_pkl_storage;

typedef struct fx_pkl_tensor {
  fx_str name;      /* the state_dict key */
  uint32_t storage; /* index into storages */
  int32_t ndim;
  int64_t offset;   /* elements */
  int64_t shape[FXRT_MAX_DIMS];
  int64_t stride[FXRT_MAX_DIMS]; /* elements, >= 0 */
  int64_t numel;
  size_t nbytes;    /* numel * the dtype's size */
  int64_t end;      /* one past the last element of the storage that the view reaches (0 when numel is 0) */
  bool contiguous;  /* numel > 0 and contiguous strides: the elements are storage[offset .. offset + numel) */
  bool contiguous_whole; /* contiguous, offset 0, numel == the storage's numel */
  uint8_t qscheme;  /* FX_QS_*: a quantized tensor's scheme (its data int8 or uint8) */
  int32_t qaxis;    /* FX_QS_PER_CHANNEL: the axis of the channels */
  double qscale;    /* FX_QS_PER_TENSOR */
  int64_t qzp;
} fx_pkl_tensor;

typedef struct fx_pkl_state_dict {
  fx_pkl_tensor *tensors; /* in the dict's order */
  uint32_t ntensors;
  fx_pkl_storage *storages;
  uint32_t nstorages;
} fx_pkl_state_dict;

/* Runs the pickle p[0..n) (the archive entry `entry` of file `path`, both only for messages). On success fills sd
 * (names and keys copied into `strings`) and returns true. On failure reports to d -- "PATH: ENTRY: ..." for a
 * malformed or refused pickle, "PATH: tensor 'NAME': ..." for a tensor whose view does not fit -- and returns false
 * with sd empty. */
bool fx_pkl_read_state_dict(const uint8_t *p, size_t n, const char *path, const char *entry, fx_arena *strings,
                            fx_pkl_state_dict *sd, fx_diag *d);
void fx_pkl_state_dict_free(fx_pkl_state_dict *sd);

#endif
