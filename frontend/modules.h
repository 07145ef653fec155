/* modules.h: the module tree that print(model) or print(gm) prints, with each layer's hyperparameters.
 *
 *     ResNet(
 *       (conv1): Conv2d(3, 64, kernel_size=(7, 7), stride=(2, 2), padding=(3, 3), bias=False)
 *       (layer1): Sequential(
 *         (0): BasicBlock(
 *           (relu): ReLU(inplace=True)
 *     ...
 *
 *     fx_modules m;
 *     if (!fx_modules_parse(&m, &src, &diag)) ...;
 *     const fx_module *conv = fx_modules_find(&m, FX_STR_LIT("layer1.0.conv1"));
 *     int64_t stride[2];
 *     fx_module_ints(conv, "stride", 2, stride);     // (2, 2) or the default (1, 1), an int broadcast to 2
 *
 * Every standard layer that fx2c knows (see fx_module_type) has its constructor signature in a table: positional
 * parameter order, names and PyTorch 1.13's defaults. A hyperparameter that the repr leaves out takes its default.
 * Containers (Sequential, ModuleList, ModuleDict and any class with children) are only paths. The `def forward`
 * code that print(gm) appends is skipped.
 */
#ifndef FX_MODULES_H
#define FX_MODULES_H

#include "../ir/diag.h"
#include "../ir/graph.h"
#include "../runtime/fxrt.h"

/* The layers fx2c knows, by the class name print() shows. */
#define FX_MODULE_TYPES(X)                                                                                       \
  X(CONV1D, "Conv1d") X(CONV2D, "Conv2d") X(CONV_TRANSPOSE2D, "ConvTranspose2d") X(LINEAR, "Linear")             \
  X(BATCH_NORM1D, "BatchNorm1d") X(BATCH_NORM2D, "BatchNorm2d") X(LAYER_NORM, "LayerNorm")                        \
  X(GROUP_NORM, "GroupNorm") X(EMBEDDING, "Embedding") X(RELU, "ReLU") X(RELU6, "ReLU6")                          \
  X(LEAKY_RELU, "LeakyReLU") X(ELU, "ELU") X(GELU, "GELU") X(SILU, "SiLU") X(SIGMOID, "Sigmoid") X(TANH, "Tanh")  \
  X(HARDSWISH, "Hardswish") X(HARDSIGMOID, "Hardsigmoid") X(HARDTANH, "Hardtanh") X(MISH, "Mish")                 \
  X(SOFTMAX, "Softmax") X(LOG_SOFTMAX, "LogSoftmax") X(MAX_POOL1D, "MaxPool1d") X(MAX_POOL2D, "MaxPool2d")        \
  X(AVG_POOL1D, "AvgPool1d") X(AVG_POOL2D, "AvgPool2d") X(ADAPTIVE_AVG_POOL1D, "AdaptiveAvgPool1d")               \
  X(ADAPTIVE_AVG_POOL2D, "AdaptiveAvgPool2d") X(ADAPTIVE_MAX_POOL2D, "AdaptiveMaxPool2d") X(DROPOUT, "Dropout")   \
  X(ADAPTIVE_AVG_POOL3D, "AdaptiveAvgPool3d") X(CONV3D, "Conv3d") X(CONV_TRANSPOSE3D, "ConvTranspose3d")        \
  X(BATCH_NORM3D, "BatchNorm3d") X(MAX_POOL3D, "MaxPool3d") X(AVG_POOL3D, "AvgPool3d")                            \
  X(ADAPTIVE_MAX_POOL3D, "AdaptiveMaxPool3d")                                                                     \
  X(DROPOUT1D, "Dropout1d") X(DROPOUT2D, "Dropout2d") X(DROPOUT3D, "Dropout3d") X(ALPHA_DROPOUT, "AlphaDropout")  \
  X(FEATURE_ALPHA_DROPOUT, "FeatureAlphaDropout") X(IDENTITY, "Identity") X(FLATTEN, "Flatten")                   \
  X(UNFLATTEN, "Unflatten") X(UPSAMPLE, "Upsample") X(UPSAMPLING_NEAREST2D, "UpsamplingNearest2d")               \
  X(UPSAMPLING_BILINEAR2D, "UpsamplingBilinear2d") X(PIXEL_SHUFFLE, "PixelShuffle") X(ZERO_PAD2D, "ZeroPad2d")    \
  X(CONSTANT_PAD1D, "ConstantPad1d") X(CONSTANT_PAD2D, "ConstantPad2d") X(REFLECTION_PAD2D, "ReflectionPad2d")    \
  X(REPLICATION_PAD2D, "ReplicationPad2d") X(SELU, "SELU") X(CELU, "CELU") X(SOFTSIGN, "Softsign")              \
  X(TANHSHRINK, "Tanhshrink") X(LOG_SIGMOID, "LogSigmoid") X(HARDSHRINK, "Hardshrink") X(SOFTSHRINK, "Softshrink") \
  X(THRESHOLD, "Threshold") X(RNN, "RNN") X(LSTM, "LSTM") X(GRU, "GRU") X(REFLECTION_PAD1D, "ReflectionPad1d")     \
  X(REFLECTION_PAD3D, "ReflectionPad3d") X(REPLICATION_PAD1D, "ReplicationPad1d")                                 \
  X(REPLICATION_PAD3D, "ReplicationPad3d") X(CONSTANT_PAD3D, "ConstantPad3d") X(PRELU, "PReLU") X(GLU, "GLU")     \
  X(MULTIHEAD_ATTENTION, "MultiheadAttention") X(TRANSFORMER_ENCODER_LAYER, "TransformerEncoderLayer")           \
  X(TRANSFORMER_DECODER_LAYER, "TransformerDecoderLayer") X(TRANSFORMER_ENCODER, "TransformerEncoder")             \
  X(TRANSFORMER_DECODER, "TransformerDecoder") X(TRANSFORMER, "Transformer")                                           \
  X(EMBEDDING_BAG, "EmbeddingBag") X(QCONV2D, "QuantizedConv2d") X(QCONV_RELU2D, "QuantizedConvReLU2d")          \
  X(QLINEAR, "QuantizedLinear") X(QLINEAR_RELU, "QuantizedLinearReLU") X(QHARDSWISH, "QuantizedHardswish")

typedef enum fx_module_type {
  FX_MOD_CONTAINER, /* anything else: a path to children, never called itself */
#define FX_MOD_ENUM(id, name) FX_MOD_##id,
  FX_MODULE_TYPES(FX_MOD_ENUM)
#undef FX_MOD_ENUM
  FX_NUM_MODULE_TYPES
} fx_module_type;

extern const char *const fx_module_type_names[FX_NUM_MODULE_TYPES];
/* Calls f with every class name that makes a known layer: the names above and the subclasses printed under their
 * own name (fx2c --list-ops). */
void fx_module_each_class(void (*f)(void *ctx, const char *name), void *ctx);

typedef struct fx_module {
  fx_str path;          /* "layer1.0.conv1"; "" for the root */
  fx_str type_name;     /* the class name as printed: "Conv2d", "BasicBlock", "NonDynamicallyQuantizableLinear" */
  fx_module_type type;  /* FX_MOD_CONTAINER unless a known layer (subclasses printed under their own name, such as
                           NonDynamicallyQuantizableLinear, map to the layer they extend where fx2c knows it) */
  fx_value call;        /* the printed constructor, an FX_V_CALL (callee, positional args, FX_V_KWARG items) */
  fx_value *params;     /* known layers: one value per signature parameter, in signature order, defaults filled */
  uint32_t nparams;
  fx_loc loc;           /* the module's line in the modules file */
  uint32_t parent;      /* index of the parent, FX_NONE_IDX for the root */
  bool bad;             /* its arguments had errors (reported here): a call of it is refused without another error */
} fx_module;

typedef struct fx_modules {
  const fx_source *src;
  fx_module *items;     /* in printed order; items[0] is the root */
  uint32_t n;
  uint32_t *index;      /* hash of module indices by path */
  uint32_t index_cap;
  fx_arena arena;
  bool partial;         /* fx_modules_parse failed only on some known layers' arguments (those are bad): the tree is
                           whole, so that the graph can still be checked, and every build with it fails */
} fx_modules;

/* Parses print(model) / print(gm) text. Unknown classes become containers (their children may still be known
 * layers); a known layer with an unknown keyword, a missing required argument or an argument of the wrong kind is
 * an error at its position. False on any error, with m empty, except when every error is in known layers' arguments:
 * then m holds the whole tree, partial, with those layers bad. */
bool fx_modules_parse(fx_modules *m, const fx_source *src, fx_diag *d);
const fx_module *fx_modules_find(const fx_modules *m, fx_str path);
void fx_modules_free(fx_modules *m);

/* A hyperparameter of a known layer by its constructor name ("kernel_size"); NULL if the layer has no such
 * parameter. */
const fx_value *fx_module_param(const fx_module *mod, const char *name);
/* An int or tuple-of-int hyperparameter as n ints (an int is repeated n times, as PyTorch's _pair does); false if
 * it is missing or not ints (padding='same' is a string: read it with fx_module_param). */
bool fx_module_ints(const fx_module *mod, const char *name, int n, int64_t *out);
bool fx_module_float(const fx_module *mod, const char *name, double *out);
bool fx_module_bool(const fx_module *mod, const char *name, bool *out);
/* A string hyperparameter (padding_mode, mode, approximate, padding='same') as its text without quotes: torch
 * prints some quoted (GELU(approximate='none')) and some bare (Upsample(..., mode=nearest)); defaults read the
 * same way. Escapes in a quoted string are not decoded. False if missing or not a string. */
bool fx_module_str(const fx_module *mod, const char *name, fx_str *out);

/* The state_dict entries a known layer owns, with the shapes its hyperparameters imply (Conv2d: weight
 * [out, in/groups, kh, kw] and, if bias, bias [out]; BatchNorm2d with track_running_stats: running_mean,
 * running_var, num_batches_tracked and, if affine, weight and bias; ...). Returns the count; at most 8. */
typedef struct fx_param_spec {
  const char *name;     /* "weight", "bias", "running_mean", ... */
  int32_t ndim;         /* -1: any shape (num_batches_tracked is a 0-dim i64) */
  int64_t shape[FXRT_MAX_DIMS];
  bool optional;        /* may be absent from the state_dict (num_batches_tracked) */
} fx_param_spec;
int fx_module_param_specs(const fx_module *mod, fx_param_spec *out);

#endif
