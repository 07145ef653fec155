/* modules.c: the module tree that print(model) / print(gm) prints (see modules.h).
 *
 * torch's Module.__repr__ (torch/nn/modules/module.py) writes
 *
 *     Class(EXTRA)                      a module without children whose extra_repr() is one line
 *     Class(                            otherwise: the extra_repr lines, then one line per child,
 *       EXTRA LINE ...                  "(key): " + repr(child), indented by two spaces more
 *       (key): Child(...)
 *     )
 *
 * The reader goes line by line with an explicit stack of open modules (no recursion on the input's depth); the
 * parentheses, not the indentation, decide where a module ends. A module's arguments may run over several lines
 * (they end where the parentheses balance). Lines of a container that are neither a child nor its closing ')' are
 * its extra_repr (allowed before its first child, as torch prints them); ParameterList's "(0): Parameter
 * containing: [...]" lines are extra_repr too. torch >= 2.1 compresses repeated ModuleList items into
 * "(0-11): 12 x Block(": such a line is expanded into the 12 modules it stands for. Whatever follows the root's
 * closing parenthesis (the forward() code that print(gm) appends) is not read.
 *
 * The constructor text of each module is read with fx_parse_value. A known layer's arguments are bound to its
 * signature (table below) with defaults filled in; its errors are reported. An unknown class's arguments are read
 * quietly: they may be anything a custom extra_repr() prints, and fx2c does not need them.
 */
#include "modules.h"

#include "frontend.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fx_module_type_names[FX_NUM_MODULE_TYPES] = {
    "container",
#define FX_MOD_NAME(id, name) name,
    FX_MODULE_TYPES(FX_MOD_NAME)
#undef FX_MOD_NAME
};

/* Bounds that keep hostile input from taking unbounded memory (real models have a few thousand modules with
 * paths of a few dozen bytes). */
#define MAX_MODULES (1u << 20)
#define MAX_PATH_BYTES ((size_t)1 << 26)

/* ------------------------------------------------------------------------------------------------------------ */
/* Signatures: torch 1.13's constructor parameters (inspect.signature of each class's __init__), in order.        */

typedef enum {
  P_ANY,         /* anything (device, dtype, _weight, Unflatten's unflattened_size) */
  P_INT,         /* an int */
  P_DIM,         /* an int >= 0 (a size) */
  P_OPT_INT,     /* an int or None */
  P_FLOAT,       /* a float or an int */
  P_OPT_FLOAT,   /* a float, an int or None */
  P_BOOL,        /* True or False */
  P_OPT_BOOL,    /* True, False or None */
  P_STR,         /* a string, quoted ('none') or bare (nearest) as torch prints it */
  P_INTS,        /* an int or a tuple (or list) of ints */
  P_OPT_INTS,    /* P_INTS or None */
  P_INTS_OR_STR, /* P_INTS or a string (Conv padding='same') */
  P_OUT_SIZE,    /* adaptive pooling output_size: an int, None or a tuple of ints and Nones */
  P_OPT_FLOATS,  /* Upsample scale_factor: a number, a tuple of numbers, or None */
  P_INT_OR_STR,  /* Unflatten dim: an int or a name */
} fx_pkind;

static const char *const pkind_desc[] = {
    "any value",
    "an int",
    "a non-negative int",
    "an int or None",
    "a number",
    "a number or None",
    "True or False",
    "True, False or None",
    "a string",
    "an int or a tuple of ints",
    "an int, a tuple of ints or None",
    "an int, a tuple of ints or a string",
    "an int, None or a tuple of ints and Nones",
    "a number, a tuple of numbers or None",
    "an int or a string",
};

enum { PF_KWONLY = 1 }; /* printed by the repr but not a constructor parameter (UpsamplingNearest2d's mode) */

typedef struct {
  const char *name;
  uint8_t kind;
  uint8_t flags;
  const char *dflt; /* Python spelling of the default; NULL: required */
} fx_pdesc;

typedef struct {
  const fx_pdesc *p;
  uint8_t n;
  bool varargs; /* Identity(*args, **kwargs) */
} fx_sig;

#define DEV_DTYPE {"device", P_ANY, 0, "None"}, {"dtype", P_ANY, 0, "None"}

static const fx_pdesc conv_p[] = {
    {"in_channels", P_DIM, 0, NULL}, {"out_channels", P_DIM, 0, NULL}, {"kernel_size", P_INTS, 0, NULL},
    {"stride", P_INTS, 0, "1"},      {"padding", P_INTS_OR_STR, 0, "0"}, {"dilation", P_INTS, 0, "1"},
    {"groups", P_INT, 0, "1"},       {"bias", P_BOOL, 0, "True"},        {"padding_mode", P_STR, 0, "'zeros'"},
    DEV_DTYPE};
static const fx_pdesc convt_p[] = {
    {"in_channels", P_DIM, 0, NULL}, {"out_channels", P_DIM, 0, NULL},  {"kernel_size", P_INTS, 0, NULL},
    {"stride", P_INTS, 0, "1"},      {"padding", P_INTS, 0, "0"},        {"output_padding", P_INTS, 0, "0"},
    {"groups", P_INT, 0, "1"},       {"bias", P_BOOL, 0, "True"},        {"dilation", P_INTS, 0, "1"},
    {"padding_mode", P_STR, 0, "'zeros'"}, DEV_DTYPE};
static const fx_pdesc linear_p[] = {
    {"in_features", P_DIM, 0, NULL}, {"out_features", P_DIM, 0, NULL}, {"bias", P_BOOL, 0, "True"}, DEV_DTYPE};
static const fx_pdesc bn_p[] = {
    {"num_features", P_DIM, 0, NULL}, {"eps", P_FLOAT, 0, "1e-05"},   {"momentum", P_OPT_FLOAT, 0, "0.1"},
    {"affine", P_BOOL, 0, "True"},    {"track_running_stats", P_BOOL, 0, "True"}, DEV_DTYPE};
static const fx_pdesc ln_p[] = {
    {"normalized_shape", P_INTS, 0, NULL}, {"eps", P_FLOAT, 0, "1e-05"}, {"elementwise_affine", P_BOOL, 0, "True"},
    DEV_DTYPE};
static const fx_pdesc gn_p[] = {
    {"num_groups", P_DIM, 0, NULL}, {"num_channels", P_DIM, 0, NULL}, {"eps", P_FLOAT, 0, "1e-05"},
    {"affine", P_BOOL, 0, "True"},  DEV_DTYPE};
static const fx_pdesc emb_p[] = {
    {"num_embeddings", P_DIM, 0, NULL},        {"embedding_dim", P_DIM, 0, NULL},
    {"padding_idx", P_OPT_INT, 0, "None"},     {"max_norm", P_OPT_FLOAT, 0, "None"},
    {"norm_type", P_FLOAT, 0, "2.0"},          {"scale_grad_by_freq", P_BOOL, 0, "False"},
    {"sparse", P_BOOL, 0, "False"},            {"_weight", P_ANY, 0, "None"},
    DEV_DTYPE};
static const fx_pdesc inplace_p[] = {{"inplace", P_BOOL, 0, "False"}};
static const fx_pdesc leaky_p[] = {{"negative_slope", P_FLOAT, 0, "0.01"}, {"inplace", P_BOOL, 0, "False"}};
static const fx_pdesc elu_p[] = {{"alpha", P_FLOAT, 0, "1.0"}, {"inplace", P_BOOL, 0, "False"}};
static const fx_pdesc shrink_p[] = {{"lambd", P_FLOAT, 0, "0.5"}};
static const fx_pdesc threshold_p[] = {
    {"threshold", P_FLOAT, 0, NULL}, {"value", P_FLOAT, 0, NULL}, {"inplace", P_BOOL, 0, "False"}};
static const fx_pdesc gelu_p[] = {{"approximate", P_STR, 0, "'none'"}};
static const fx_pdesc hardtanh_p[] = {
    {"min_val", P_FLOAT, 0, "-1.0"},       {"max_val", P_FLOAT, 0, "1.0"}, {"inplace", P_BOOL, 0, "False"},
    {"min_value", P_OPT_FLOAT, 0, "None"}, {"max_value", P_OPT_FLOAT, 0, "None"}};
static const fx_pdesc softmax_p[] = {{"dim", P_OPT_INT, 0, "None"}};
static const fx_pdesc maxpool_p[] = {
    {"kernel_size", P_INTS, 0, NULL},         {"stride", P_OPT_INTS, 0, "None"}, {"padding", P_INTS, 0, "0"},
    {"dilation", P_INTS, 0, "1"},             {"return_indices", P_BOOL, 0, "False"},
    {"ceil_mode", P_BOOL, 0, "False"}};
static const fx_pdesc avgpool1d_p[] = {
    {"kernel_size", P_INTS, 0, NULL},      {"stride", P_OPT_INTS, 0, "None"}, {"padding", P_INTS, 0, "0"},
    {"ceil_mode", P_BOOL, 0, "False"},     {"count_include_pad", P_BOOL, 0, "True"}};
static const fx_pdesc avgpool2d_p[] = {
    {"kernel_size", P_INTS, 0, NULL},      {"stride", P_OPT_INTS, 0, "None"}, {"padding", P_INTS, 0, "0"},
    {"ceil_mode", P_BOOL, 0, "False"},     {"count_include_pad", P_BOOL, 0, "True"},
    {"divisor_override", P_OPT_INT, 0, "None"}};
static const fx_pdesc adaptive_p[] = {{"output_size", P_OUT_SIZE, 0, NULL}};
static const fx_pdesc adaptive_max_p[] = {{"output_size", P_OUT_SIZE, 0, NULL}, {"return_indices", P_BOOL, 0, "False"}};
static const fx_pdesc dropout_p[] = {{"p", P_FLOAT, 0, "0.5"}, {"inplace", P_BOOL, 0, "False"}};
static const fx_pdesc flatten_p[] = {{"start_dim", P_INT, 0, "1"}, {"end_dim", P_INT, 0, "-1"}};
static const fx_pdesc unflatten_p[] = {{"dim", P_INT_OR_STR, 0, NULL}, {"unflattened_size", P_ANY, 0, NULL}};
static const fx_pdesc upsample_p[] = {
    {"size", P_OPT_INTS, 0, "None"},     {"scale_factor", P_OPT_FLOATS, 0, "None"},
    {"mode", P_STR, 0, "'nearest'"},     {"align_corners", P_OPT_BOOL, 0, "None"},
    {"recompute_scale_factor", P_OPT_BOOL, 0, "None"}};
/* The repr of UpsamplingNearest2d / UpsamplingBilinear2d (Upsample.extra_repr) prints the mode that the class
 * fixes: it is read as a keyword-only parameter. */
static const fx_pdesc upnearest_p[] = {
    {"size", P_OPT_INTS, 0, "None"}, {"scale_factor", P_OPT_FLOATS, 0, "None"}, {"mode", P_STR, PF_KWONLY, "'nearest'"}};
static const fx_pdesc upbilinear_p[] = {
    {"size", P_OPT_INTS, 0, "None"}, {"scale_factor", P_OPT_FLOATS, 0, "None"}, {"mode", P_STR, PF_KWONLY, "'bilinear'"}};
static const fx_pdesc pixel_shuffle_p[] = {{"upscale_factor", P_INT, 0, NULL}};
static const fx_pdesc pad_p[] = {{"padding", P_INTS, 0, NULL}};
/* MultiheadAttention's repr prints none of these (only its out_proj child): tools/fx2c-export writes embed_dim and
 * num_heads, and the others where they are not the defaults; legalize.c refuses a call without num_heads */
static const fx_pdesc mha_p[] = {
    {"embed_dim", P_OPT_INT, 0, "None"},    {"num_heads", P_OPT_INT, 0, "None"},   {"dropout", P_FLOAT, 0, "0.0"},
    {"bias", P_BOOL, 0, "True"},            {"add_bias_kv", P_BOOL, 0, "False"},   {"add_zero_attn", P_BOOL, 0, "False"},
    {"kdim", P_OPT_INT, 0, "None"},         {"vdim", P_OPT_INT, 0, "None"},        {"batch_first", P_BOOL, 0, "False"},
    DEV_DTYPE};
/* Transformer layers: their repr prints only their children; tools/fx2c-export writes the activation (relu or gelu)
 * and norm_first, batch_first where they are not the defaults */
static const fx_pdesc tlayer_p[] = {
    {"d_model", P_OPT_INT, 0, "None"},     {"nhead", P_OPT_INT, 0, "None"},          {"dim_feedforward", P_INT, 0, "2048"},
    {"dropout", P_FLOAT, 0, "0.1"},        {"activation", P_ANY, 0, "None"},         {"layer_norm_eps", P_FLOAT, 0, "1e-05"},
    {"batch_first", P_BOOL, 0, "False"},   {"norm_first", P_BOOL, 0, "False"},       DEV_DTYPE};
/* Stacks of Transformer layers: their reprs print only their children (the layers, a ModuleList, and the norm); the
 * layers are counted from the tree (decompose.c, _nchildren), the module objects are never arguments here;
 * tools/fx2c-export writes enable_nested_tensor, mask_check (TransformerEncoder) and batch_first (Transformer) where
 * they are not the defaults */
static const fx_pdesc tencoder_p[] = {{"encoder_layer", P_ANY, 0, "None"},
                                      {"num_layers", P_OPT_INT, 0, "None"},
                                      {"norm", P_ANY, 0, "None"},
                                      {"enable_nested_tensor", P_BOOL, 0, "True"},
                                      {"mask_check", P_BOOL, 0, "True"}};
static const fx_pdesc tdecoder_p[] = {
    {"decoder_layer", P_ANY, 0, "None"}, {"num_layers", P_OPT_INT, 0, "None"}, {"norm", P_ANY, 0, "None"}};
static const fx_pdesc transformer_p[] = {
    {"d_model", P_INT, 0, "512"},        {"nhead", P_INT, 0, "8"},            {"num_encoder_layers", P_INT, 0, "6"},
    {"num_decoder_layers", P_INT, 0, "6"}, {"dim_feedforward", P_INT, 0, "2048"}, {"dropout", P_FLOAT, 0, "0.1"},
    {"activation", P_ANY, 0, "None"},    {"custom_encoder", P_ANY, 0, "None"}, {"custom_decoder", P_ANY, 0, "None"},
    {"layer_norm_eps", P_FLOAT, 0, "1e-05"}, {"batch_first", P_BOOL, 0, "False"}, {"norm_first", P_BOOL, 0, "False"},
    DEV_DTYPE};
static const fx_pdesc const_pad_p[] = {{"padding", P_INTS, 0, NULL}, {"value", P_FLOAT, 0, NULL}};
/* RNNBase (LSTM, GRU); RNN takes nonlinearity after num_layers (torch 1.13's RNN.__init__ reads it from args[3]).
 * Their reprs print every one that is not the default, except RNN's nonlinearity (never printed: legalization
 * refuses an RNN line without it; tools/fx2c-export writes it). */
#define RNN_P                                                                                                      \
  {"bias", P_BOOL, 0, "True"}, {"batch_first", P_BOOL, 0, "False"}, {"dropout", P_FLOAT, 0, "0.0"},                \
      {"bidirectional", P_BOOL, 0, "False"}, {"proj_size", P_DIM, 0, "0"}, DEV_DTYPE
static const fx_pdesc rnnbase_p[] = {
    {"input_size", P_DIM, 0, NULL}, {"hidden_size", P_DIM, 0, NULL}, {"num_layers", P_DIM, 0, "1"}, RNN_P};
static const fx_pdesc rnn_p[] = {{"input_size", P_DIM, 0, NULL},
                                 {"hidden_size", P_DIM, 0, NULL},
                                 {"num_layers", P_DIM, 0, "1"},
                                 {"nonlinearity", P_STR, 0, "'tanh'"},
                                 RNN_P};
#undef RNN_P
static const fx_pdesc prelu_p[] = {{"num_parameters", P_INT, 0, "1"}, {"init", P_FLOAT, 0, "0.25"}, DEV_DTYPE};
static const fx_pdesc glu_p[] = {{"dim", P_INT, 0, "-1"}};
static const fx_pdesc embbag_p[] = {
    {"num_embeddings", P_DIM, 0, NULL},          {"embedding_dim", P_DIM, 0, NULL},
    {"max_norm", P_OPT_FLOAT, 0, "None"},        {"norm_type", P_FLOAT, 0, "2.0"},
    {"scale_grad_by_freq", P_BOOL, 0, "False"},  {"mode", P_STR, 0, "'mean'"},
    {"sparse", P_BOOL, 0, "False"},              {"_weight", P_ANY, 0, "None"},
    {"include_last_offset", P_BOOL, 0, "False"}, {"padding_idx", P_OPT_INT, 0, "None"},
    DEV_DTYPE};

/* torch.ao.nn.quantized layers (FX graph mode quantization): their reprs print the output's scale and zero point */
static const fx_pdesc qconv_p[] = { /* torch's constructor, then what the repr adds */
    {"in_channels", P_DIM, 0, NULL},   {"out_channels", P_DIM, 0, NULL}, {"kernel_size", P_INTS, 0, NULL},
    {"stride", P_INTS, 0, "1"},        {"padding", P_INTS, 0, "0"},      {"dilation", P_INTS, 0, "1"},
    {"groups", P_INT, 0, "1"},         {"bias", P_BOOL, 0, "True"},      {"padding_mode", P_STR, 0, "'zeros'"},
    DEV_DTYPE,                         {"scale", P_FLOAT, 0, NULL},      {"zero_point", P_INT, 0, NULL}};
static const fx_pdesc qlinear_p[] = {{"in_features", P_DIM, 0, NULL}, {"out_features", P_DIM, 0, NULL},
                                     {"bias_", P_BOOL, 0, "True"},    {"dtype", P_ANY, 0, "None"},
                                     {"scale", P_FLOAT, 0, NULL},     {"zero_point", P_INT, 0, NULL},
                                     {"qscheme", P_ANY, 0, "None"}};
static const fx_pdesc qlinear_relu_p[] = {{"in_features", P_DIM, 0, NULL}, {"out_features", P_DIM, 0, NULL},
                                          {"bias", P_BOOL, 0, "True"},     {"dtype", P_ANY, 0, "None"},
                                          {"scale", P_FLOAT, 0, NULL},     {"zero_point", P_INT, 0, NULL},
                                          {"qscheme", P_ANY, 0, "None"}};
/* print(model) hides QuantizedHardswish's output scale and zero point (nor does its state_dict hold them):
 * tests/quant/gen.py writes them into the modules file as QuantizedHardswish(scale=S, zero_point=Z) */
static const fx_pdesc qhardswish_p[] = {{"scale", P_OPT_FLOAT, 0, "None"}, {"zero_point", P_OPT_INT, 0, "None"}};

#define SIG(arr) {arr, (uint8_t)(sizeof arr / sizeof *arr), false}
#define NOARGS {NULL, 0, false}

static const fx_sig sigs[FX_NUM_MODULE_TYPES] = {
    [FX_MOD_CONTAINER] = NOARGS,
    [FX_MOD_CONV1D] = SIG(conv_p),
    [FX_MOD_CONV2D] = SIG(conv_p),
    [FX_MOD_CONV_TRANSPOSE2D] = SIG(convt_p),
    [FX_MOD_CONV3D] = SIG(conv_p),
    [FX_MOD_CONV_TRANSPOSE3D] = SIG(convt_p),
    [FX_MOD_BATCH_NORM3D] = SIG(bn_p),
    [FX_MOD_MAX_POOL3D] = SIG(maxpool_p),
    [FX_MOD_AVG_POOL3D] = SIG(avgpool2d_p),
    [FX_MOD_ADAPTIVE_MAX_POOL3D] = SIG(adaptive_max_p),
    [FX_MOD_LINEAR] = SIG(linear_p),
    [FX_MOD_BATCH_NORM1D] = SIG(bn_p),
    [FX_MOD_BATCH_NORM2D] = SIG(bn_p),
    [FX_MOD_LAYER_NORM] = SIG(ln_p),
    [FX_MOD_GROUP_NORM] = SIG(gn_p),
    [FX_MOD_EMBEDDING] = SIG(emb_p),
    [FX_MOD_RELU] = SIG(inplace_p),
    [FX_MOD_RELU6] = SIG(inplace_p),
    [FX_MOD_LEAKY_RELU] = SIG(leaky_p),
    [FX_MOD_ELU] = SIG(elu_p),
    [FX_MOD_SELU] = SIG(inplace_p),
    [FX_MOD_CELU] = SIG(elu_p),
    [FX_MOD_SOFTSIGN] = NOARGS,
    [FX_MOD_TANHSHRINK] = NOARGS,
    [FX_MOD_LOG_SIGMOID] = NOARGS,
    [FX_MOD_HARDSHRINK] = SIG(shrink_p),
    [FX_MOD_SOFTSHRINK] = SIG(shrink_p),
    [FX_MOD_THRESHOLD] = SIG(threshold_p),
    [FX_MOD_GELU] = SIG(gelu_p),
    [FX_MOD_SILU] = SIG(inplace_p),
    [FX_MOD_SIGMOID] = NOARGS,
    [FX_MOD_TANH] = NOARGS,
    [FX_MOD_HARDSWISH] = SIG(inplace_p),
    [FX_MOD_HARDSIGMOID] = SIG(inplace_p),
    [FX_MOD_HARDTANH] = SIG(hardtanh_p),
    [FX_MOD_MISH] = SIG(inplace_p),
    [FX_MOD_SOFTMAX] = SIG(softmax_p),
    [FX_MOD_LOG_SOFTMAX] = SIG(softmax_p),
    [FX_MOD_MAX_POOL1D] = SIG(maxpool_p),
    [FX_MOD_MAX_POOL2D] = SIG(maxpool_p),
    [FX_MOD_AVG_POOL1D] = SIG(avgpool1d_p),
    [FX_MOD_AVG_POOL2D] = SIG(avgpool2d_p),
    [FX_MOD_ADAPTIVE_AVG_POOL1D] = SIG(adaptive_p),
    [FX_MOD_ADAPTIVE_AVG_POOL2D] = SIG(adaptive_p),
    [FX_MOD_ADAPTIVE_AVG_POOL3D] = SIG(adaptive_p),
    [FX_MOD_ADAPTIVE_MAX_POOL2D] = SIG(adaptive_max_p),
    [FX_MOD_DROPOUT] = SIG(dropout_p),
    [FX_MOD_DROPOUT1D] = SIG(dropout_p),
    [FX_MOD_DROPOUT2D] = SIG(dropout_p),
    [FX_MOD_DROPOUT3D] = SIG(dropout_p),
    [FX_MOD_ALPHA_DROPOUT] = SIG(dropout_p),
    [FX_MOD_FEATURE_ALPHA_DROPOUT] = SIG(dropout_p),
    [FX_MOD_IDENTITY] = {NULL, 0, true},
    [FX_MOD_FLATTEN] = SIG(flatten_p),
    [FX_MOD_UNFLATTEN] = SIG(unflatten_p),
    [FX_MOD_UPSAMPLE] = SIG(upsample_p),
    [FX_MOD_UPSAMPLING_NEAREST2D] = SIG(upnearest_p),
    [FX_MOD_UPSAMPLING_BILINEAR2D] = SIG(upbilinear_p),
    [FX_MOD_PIXEL_SHUFFLE] = SIG(pixel_shuffle_p),
    [FX_MOD_ZERO_PAD2D] = SIG(pad_p),
    [FX_MOD_CONSTANT_PAD1D] = SIG(const_pad_p),
    [FX_MOD_CONSTANT_PAD2D] = SIG(const_pad_p),
    [FX_MOD_REFLECTION_PAD2D] = SIG(pad_p),
    [FX_MOD_REPLICATION_PAD2D] = SIG(pad_p),
    [FX_MOD_RNN] = SIG(rnn_p),
    [FX_MOD_LSTM] = SIG(rnnbase_p),
    [FX_MOD_GRU] = SIG(rnnbase_p),
    [FX_MOD_REFLECTION_PAD1D] = SIG(pad_p),
    [FX_MOD_REFLECTION_PAD3D] = SIG(pad_p),
    [FX_MOD_REPLICATION_PAD1D] = SIG(pad_p),
    [FX_MOD_REPLICATION_PAD3D] = SIG(pad_p),
    [FX_MOD_CONSTANT_PAD3D] = SIG(const_pad_p),
    [FX_MOD_PRELU] = SIG(prelu_p),
    [FX_MOD_GLU] = SIG(glu_p),
    [FX_MOD_EMBEDDING_BAG] = SIG(embbag_p),
    [FX_MOD_MULTIHEAD_ATTENTION] = SIG(mha_p),
    [FX_MOD_TRANSFORMER_ENCODER_LAYER] = SIG(tlayer_p),
    [FX_MOD_TRANSFORMER_DECODER_LAYER] = SIG(tlayer_p),
    [FX_MOD_TRANSFORMER_ENCODER] = SIG(tencoder_p),
    [FX_MOD_TRANSFORMER_DECODER] = SIG(tdecoder_p),
    [FX_MOD_TRANSFORMER] = SIG(transformer_p),
    [FX_MOD_QCONV2D] = SIG(qconv_p),
    [FX_MOD_QCONV_RELU2D] = SIG(qconv_p),
    [FX_MOD_QLINEAR] = SIG(qlinear_p),
    [FX_MOD_QLINEAR_RELU] = SIG(qlinear_relu_p),
    [FX_MOD_QHARDSWISH] = SIG(qhardswish_p),
};

#define MAX_SIG_PARAMS 16

/* Subclasses that torch prints under their own name and whose forward is the base layer's. */
static const struct {
  const char *name;
  fx_module_type type;
} subclasses[] = {
    {"NonDynamicallyQuantizableLinear", FX_MOD_LINEAR}, /* MultiheadAttention.out_proj (torch >= 1.9) */
    {"_LinearWithBias", FX_MOD_LINEAR},                 /* the same in torch 1.7 and 1.8 */
};

static fx_module_type type_of_class(fx_str name) {
  for (int t = 1; t < FX_NUM_MODULE_TYPES; t++)
    if (fx_str_eqz(name, fx_module_type_names[t])) return (fx_module_type)t;
  for (size_t i = 0; i < sizeof subclasses / sizeof *subclasses; i++)
    if (fx_str_eqz(name, subclasses[i].name)) return subclasses[i].type;
  return FX_MOD_CONTAINER;
}

void fx_module_each_class(void (*f)(void *ctx, const char *name), void *ctx) {
  for (int t = 1; t < FX_NUM_MODULE_TYPES; t++) f(ctx, fx_module_type_names[t]);
  for (size_t i = 0; i < sizeof subclasses / sizeof *subclasses; i++) f(ctx, subclasses[i].name);
}

/* A default as an fx_value; its text is the table's (static) spelling. */
static fx_value default_value(const char *t) {
  fx_value v;
  memset(&v, 0, sizeof v);
  v.u.text = t;
  v.n = (uint32_t)strlen(t);
  if (strcmp(t, "None") == 0) {
    v.kind = FX_V_NONE;
  } else if (strcmp(t, "True") == 0 || strcmp(t, "False") == 0) {
    v.kind = FX_V_BOOL;
    v.v.i = t[0] == 'T';
  } else if (t[0] == '\'') {
    v.kind = FX_V_STR;
  } else if (strpbrk(t, ".e")) {
    v.kind = FX_V_FLOAT;
    v.v.f = strtod(t, NULL);
  } else {
    v.kind = FX_V_INT;
    v.v.i = strtoll(t, NULL, 10);
  }
  return v;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Value kinds                                                                                                    */

static bool is_seq(const fx_value *v) { return v->kind == FX_V_TUPLE || v->kind == FX_V_LIST; }
static bool is_num(const fx_value *v) { return v->kind == FX_V_INT || v->kind == FX_V_FLOAT; }
static bool is_strish(const fx_value *v) { return v->kind == FX_V_STR || v->kind == FX_V_WORD; }

static bool all_items(const fx_value *v, bool (*ok)(const fx_value *)) {
  for (uint32_t i = 0; i < v->n; i++)
    if (!ok(&v->u.items[i])) return false;
  return true;
}
static bool is_int_v(const fx_value *v) { return v->kind == FX_V_INT; }
static bool is_int_or_none(const fx_value *v) { return v->kind == FX_V_INT || v->kind == FX_V_NONE; }
static bool is_ints(const fx_value *v) { return v->kind == FX_V_INT || (is_seq(v) && all_items(v, is_int_v)); }

static bool kind_ok(fx_pkind k, const fx_value *v) {
  switch (k) {
  case P_ANY: return true;
  case P_INT: return v->kind == FX_V_INT;
  case P_DIM: return v->kind == FX_V_INT && v->v.i >= 0;
  case P_OPT_INT: return v->kind == FX_V_INT || v->kind == FX_V_NONE;
  case P_FLOAT: return is_num(v);
  case P_OPT_FLOAT: return is_num(v) || v->kind == FX_V_NONE;
  case P_BOOL: return v->kind == FX_V_BOOL;
  case P_OPT_BOOL: return v->kind == FX_V_BOOL || v->kind == FX_V_NONE;
  case P_STR: return is_strish(v);
  case P_INTS: return is_ints(v);
  case P_OPT_INTS: return is_ints(v) || v->kind == FX_V_NONE;
  case P_INTS_OR_STR: return is_ints(v) || is_strish(v);
  case P_OUT_SIZE: return is_int_or_none(v) || (is_seq(v) && all_items(v, is_int_or_none));
  case P_OPT_FLOATS: return is_num(v) || v->kind == FX_V_NONE || (is_seq(v) && all_items(v, is_num));
  case P_INT_OR_STR: return v->kind == FX_V_INT || is_strish(v);
  }
  return false;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The reader                                                                                                     */

typedef struct {
  uint32_t mod;       /* the open module */
  uint32_t nchildren; /* children read so far */
  uint32_t repeat;    /* torch 2.x "(a-b): N x": N copies to make when it closes (1: none) */
  int64_t repeat_first;
} open_mod;

typedef struct {
  fx_modules *m;
  const fx_source *src;
  fx_diag *d;
  const char *t;
  size_t len;
  size_t pos;    /* start of the next line to read */
  uint32_t line; /* its line number */
  uint32_t cap;  /* of m->items */
  open_mod *stk;
  uint32_t nstk, capstk;
  size_t path_bytes;
  bool stop; /* give up reading (the rest cannot be placed, or too many errors) */
  uint32_t arg_errors; /* errors in known layers' arguments (read_call), which leave the tree whole */
} reader;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_ident_start(unsigned char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c >= 0x80; }
static bool is_ident_char(unsigned char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

static size_t line_end(const reader *r, size_t from) {
  const char *nl = memchr(r->t + from, '\n', r->len - from);
  return nl ? (size_t)(nl - r->t) : r->len;
}

/* The position of offset `off`, given the line number and line start of an earlier offset (scans forward only). */
static fx_loc loc_from(const reader *r, uint32_t line, size_t bol, size_t off, size_t len) {
  for (size_t i = bol; i < off && i < r->len; i++)
    if (r->t[i] == '\n') {
      line++;
      bol = i + 1;
    }
  if (len > UINT32_MAX) len = UINT32_MAX;
  return (fx_loc){line, (uint32_t)(off - bol + 1), (uint32_t)off, (uint32_t)len};
}

/* An error; once the diagnostics are full, reading stops. */
static void err(reader *r, fx_loc loc, const char *fmt, ...) FX_PRINTF(3, 4);

static void err(reader *r, fx_loc loc, const char *fmt, ...) {
  if (fx_diag_full(r->d)) {
    r->d->truncated = true;
    r->stop = true;
    return;
  }
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fx_diag_error(r->d, r->src, loc, "%s", buf);
  if (fx_diag_full(r->d)) { /* stop reading; there may be more */
    r->stop = true;
    if (r->pos < r->len) r->d->truncated = true;
  }
}

/* Printable form of a span for messages: at most 40 bytes, control bytes as '?'. */
static void quote_span(const char *p, size_t n, char *out, size_t cap) {
  size_t k = 0, lim = n > 40 ? 40 : n;
  for (size_t i = 0; i < lim && k + 4 < cap; i++) out[k++] = ((unsigned char)p[i] < 0x20 || p[i] == 0x7f) ? '?' : p[i];
  if (lim < n && k + 4 < cap) {
    memcpy(out + k, "...", 3);
    k += 3;
  }
  out[k] = 0;
}

/* ---- path index ---- */

static void index_grow(fx_modules *m) {
  uint32_t cap = m->index_cap ? m->index_cap * 2 : 64;
  uint32_t *ix = fx_xmalloc((size_t)cap * sizeof *ix);
  memset(ix, 0xff, (size_t)cap * sizeof *ix);
  for (uint32_t i = 0; i < m->index_cap; i++) {
    uint32_t k = m->index[i];
    if (k == FX_NONE_IDX) continue;
    uint32_t h = fx_str_hash(m->items[k].path) & (cap - 1);
    while (ix[h] != FX_NONE_IDX) h = (h + 1) & (cap - 1);
    ix[h] = k;
  }
  fx_xfree(m->index);
  m->index = ix;
  m->index_cap = cap;
}

/* Adds module k (the last one made) to the index; false (and nothing added) if its path is taken. */
static bool index_add(fx_modules *m, uint32_t k) {
  if ((uint64_t)(k + 1) * 2 > m->index_cap) index_grow(m);
  uint32_t h = fx_str_hash(m->items[k].path) & (m->index_cap - 1);
  while (m->index[h] != FX_NONE_IDX) {
    if (fx_str_eq(m->items[m->index[h]].path, m->items[k].path)) return false;
    h = (h + 1) & (m->index_cap - 1);
  }
  m->index[h] = k;
  return true;
}

const fx_module *fx_modules_find(const fx_modules *m, fx_str path) {
  if (!m->index_cap) return NULL;
  uint32_t h = fx_str_hash(path) & (m->index_cap - 1);
  while (m->index[h] != FX_NONE_IDX) {
    const fx_module *mod = &m->items[m->index[h]];
    if (fx_str_eq(mod->path, path)) return mod;
    h = (h + 1) & (m->index_cap - 1);
  }
  return NULL;
}

/* ---- module creation ---- */

static fx_module *new_module(reader *r, uint32_t *idx) {
  fx_modules *m = r->m;
  if (m->n == r->cap) {
    r->cap = r->cap ? r->cap * 2 : 64;
    m->items = fx_xrealloc(m->items, (size_t)r->cap * sizeof *m->items);
  }
  *idx = m->n;
  fx_module *mod = &m->items[m->n++];
  memset(mod, 0, sizeof *mod);
  mod->parent = FX_NONE_IDX;
  return mod;
}

/* parent's path + "." + key (just key under the root). False if over the budget (reported). */
static bool make_path(reader *r, uint32_t parent, fx_str key, size_t key_off, fx_str *out) {
  fx_str pp = parent == FX_NONE_IDX ? (fx_str){"", 0} : r->m->items[parent].path;
  size_t n = pp.n ? (size_t)pp.n + 1 + key.n : key.n;
  if (r->path_bytes + n > MAX_PATH_BYTES || n > UINT32_MAX / 2) {
    err(r, loc_from(r, r->line, r->pos, key_off, key.n),
        "module paths too long: this input's paths would take more than %zu MB", MAX_PATH_BYTES >> 20);
    r->stop = true;
    return false;
  }
  r->path_bytes += n;
  char *p = fx_arena_alloc(&r->m->arena, n + 1);
  if (pp.n) {
    memcpy(p, pp.p, pp.n);
    p[pp.n] = '.';
    memcpy(p + pp.n + 1, key.p, key.n);
  } else {
    memcpy(p, key.p, key.n);
  }
  *out = fx_str_make(p, n);
  return true;
}

/* ---- argument positions ---- */

/* The span of a module's constructor text, [off, off + len), whose first byte is the class name. */
typedef struct {
  size_t off, len;
  uint32_t line; /* line of off */
  size_t bol;    /* start of that line */
  const char *buf; /* fx_parse_value's copy of the span (the callee's text points at its start) */
} span_t;

static bool leaf_offset(const span_t *s, const fx_value *v, size_t *off) {
  uint32_t guard = 0;
  while (fx_value_is_container(v)) {
    if (v->n == 0 || ++guard > 4096) return false;
    v = &v->u.items[0];
  }
  if (!v->u.text || !s->buf) return false;
  uintptr_t a = (uintptr_t)v->u.text, b = (uintptr_t)s->buf;
  if (a < b || a - b >= s->len) return false;
  *off = s->off + (size_t)(a - b);
  return true;
}

/* From the first byte of a value, the end of its text: the ',' or closing bracket at its level, blanks trimmed. */
static size_t value_end(const reader *r, const span_t *s, size_t start) {
  size_t end = s->off + s->len, i = start;
  int depth = 0;
  char q = 0;
  for (; i < end; i++) {
    char c = r->t[i];
    if (q) {
      if (c == '\\') i++;
      else if (c == q || c == '\n') q = 0;
    } else if (c == '\'' || c == '"') {
      q = c;
    } else if (c == '(' || c == '[' || c == '{') {
      depth++;
    } else if (c == ')' || c == ']' || c == '}') {
      if (depth-- == 0) break;
    } else if (c == ',' && depth == 0) {
      break;
    }
  }
  if (i > end) i = end;
  while (i > start && (is_blank(r->t[i - 1]) || r->t[i - 1] == '\n')) i--;
  return i;
}

/* Where a positional argument's text starts: its first leaf, backed over the brackets that open it. */
static bool positional_start(const reader *r, const span_t *s, const fx_value *v, size_t paren, size_t *start) {
  size_t off;
  if (!leaf_offset(s, v, &off)) return false;
  while (off > paren + 1) {
    char c = r->t[off - 1];
    if (c == '(' || c == '[' || c == '{' || is_blank(c) || c == '\n') off--;
    else break;
  }
  while (off < s->off + s->len && (is_blank(r->t[off]) || r->t[off] == '\n')) off++;
  *start = off;
  return true;
}

/* The position of a keyword argument's value: after its key and '='. */
static bool kwarg_value_start(const reader *r, const span_t *s, const fx_value *kw, size_t *start) {
  size_t off;
  if (!leaf_offset(s, &kw->u.items[0], &off)) return false;
  off += kw->u.items[0].n;
  size_t end = s->off + s->len;
  while (off < end && (is_blank(r->t[off]) || r->t[off] == '\n' || r->t[off] == '=')) off++;
  *start = off;
  return true;
}

/* ---- binding a known layer's arguments ---- */

typedef struct {
  const fx_value *v;
  size_t start; /* SIZE_MAX: position unknown */
} arg_pos;

static fx_loc arg_loc(const reader *r, const span_t *s, const fx_module *mod, size_t start) {
  if (start == SIZE_MAX) return mod->loc;
  return loc_from(r, s->line, s->bol, start, value_end(r, s, start) - start);
}

static void describe_value(const reader *r, const span_t *s, size_t start, char *out, size_t cap) {
  if (start == SIZE_MAX) {
    snprintf(out, cap, "?");
    return;
  }
  size_t e = value_end(r, s, start);
  quote_span(r->t + start, e - start, out, cap);
}

/* Semantic checks that torch's constructors make and that the state_dict shapes depend on. */
static void check_layer(reader *r, const span_t *s, fx_module *mod, const size_t *starts);

static void bind_params(reader *r, fx_module *mod, const span_t *s, size_t paren) {
  const fx_sig *sig = &sigs[mod->type];
  const fx_value *call = &mod->call;
  char what[64];
  snprintf(what, sizeof what, "%.*s", (int)(mod->type_name.n > 48 ? 48 : mod->type_name.n), mod->type_name.p);
  if (sig->varargs) return; /* Identity(*args, **kwargs): anything binds, nothing is kept */
  fx_value *params = sig->n ? fx_arena_alloc(&r->m->arena, sig->n * sizeof *params) : NULL;
  size_t starts[MAX_SIG_PARAMS];
  bool set[MAX_SIG_PARAMS] = {false};
  uint32_t npos = 0;
  while (npos < sig->n && !(sig->p[npos].flags & PF_KWONLY)) npos++;
  uint32_t next_pos = 0;
  bool seen_kw = false, ok = true, extra_reported = false;
  for (uint32_t i = 1; i < call->n && !r->stop; i++) {
    const fx_value *a = &call->u.items[i];
    if (a->kind == FX_V_KWARG) {
      seen_kw = true;
      const fx_value *key = &a->u.items[0];
      size_t koff = SIZE_MAX, vstart = SIZE_MAX;
      if (!leaf_offset(s, key, &koff)) koff = SIZE_MAX;
      if (!kwarg_value_start(r, s, a, &vstart)) vstart = SIZE_MAX;
      fx_str k = fx_str_make(key->u.text, key->n);
      uint32_t j = 0;
      while (j < sig->n && !fx_str_eqz(k, sig->p[j].name)) j++;
      fx_loc kloc = koff == SIZE_MAX ? mod->loc : loc_from(r, s->line, s->bol, koff, key->n);
      if (j == sig->n) {
        err(r, kloc, "%s got an unexpected keyword argument '%.*s'", what, (int)(k.n > 64 ? 64 : k.n), k.p);
        ok = false;
      } else if (set[j]) {
        err(r, kloc, "%s got multiple values for argument '%s'", what, sig->p[j].name);
        ok = false;
      } else {
        params[j] = a->u.items[1];
        starts[j] = vstart;
        set[j] = true;
      }
    } else {
      size_t vstart;
      if (!positional_start(r, s, a, paren, &vstart)) vstart = SIZE_MAX;
      if (seen_kw) {
        err(r, arg_loc(r, s, mod, vstart), "positional argument follows keyword argument");
        ok = false;
      } else if (next_pos >= npos) {
        if (!extra_reported) /* one message for all the extra arguments */
          err(r, arg_loc(r, s, mod, vstart), "%s takes %u positional argument%s but more were given", what, npos,
              npos == 1 ? "" : "s");
        extra_reported = true;
        ok = false;
      } else {
        params[next_pos] = *a;
        starts[next_pos] = vstart;
        set[next_pos] = true;
        next_pos++;
      }
    }
  }
  for (uint32_t j = 0; j < sig->n && !r->stop; j++) {
    if (set[j]) {
      if (!kind_ok((fx_pkind)sig->p[j].kind, &params[j])) {
        char got[64];
        describe_value(r, s, starts[j], got, sizeof got);
        const char *q = got[0] == '\'' || got[0] == '"' ? "" : "'"; /* a string shows its own quotes */
        err(r, arg_loc(r, s, mod, starts[j]), "%s argument '%s' must be %s, found %s%s%s", what, sig->p[j].name,
            pkind_desc[sig->p[j].kind], q, got, q);
        ok = false;
      }
      continue;
    }
    if (!sig->p[j].dflt) {
      err(r, mod->loc, "%s is missing its required argument '%s'", what, sig->p[j].name);
      ok = false;
      continue;
    }
    params[j] = default_value(sig->p[j].dflt);
    starts[j] = SIZE_MAX;
  }
  if (!ok || r->stop) return;
  mod->params = params;
  mod->nparams = sig->n;
  check_layer(r, s, mod, starts);
  if (r->stop) {
    mod->params = NULL;
    mod->nparams = 0;
  }
}

/* The values of a P_INTS parameter (an int stands for n copies), count in *k; false if there are more than cap. */
static bool ints_of(const fx_value *v, int64_t *out, uint32_t cap, uint32_t *k) {
  if (v->kind == FX_V_INT) {
    out[0] = v->v.i;
    *k = 1;
    return true;
  }
  if (!is_seq(v) || v->n > cap) return false;
  for (uint32_t i = 0; i < v->n; i++) out[i] = v->u.items[i].v.i;
  *k = v->n;
  return true;
}

static int param_index(fx_module_type t, const char *name) {
  const fx_sig *sig = &sigs[t];
  for (uint32_t j = 0; j < sig->n; j++)
    if (strcmp(sig->p[j].name, name) == 0) return (int)j;
  return -1;
}

static bool check_tuple(reader *r, const span_t *s, fx_module *mod, const size_t *starts, const char *name,
                        int ndims, bool positive, const char *what) {
  int j = param_index(mod->type, name);
  const fx_value *v = &mod->params[j];
  if (v->kind != FX_V_INT && !is_seq(v)) return true; /* a string (padding='same') or None: checked elsewhere */
  int64_t vals[FXRT_MAX_DIMS];
  uint32_t k = 0;
  bool fits = ints_of(v, vals, FXRT_MAX_DIMS, &k);
  if (!fits) { /* ndims == 0: any length up to FXRT_MAX_DIMS */
    err(r, arg_loc(r, s, mod, starts[j]), "%s argument '%s' has %u values; fx2c handles at most %d", what, name, v->n,
        FXRT_MAX_DIMS);
    return false;
  }
  if (v->kind != FX_V_INT && ndims > 0 && k != (uint32_t)ndims) {
    err(r, arg_loc(r, s, mod, starts[j]), "%s argument '%s' must have %d value%s, found %u", what, name, ndims,
        ndims == 1 ? "" : "s", k);
    return false;
  }
  for (uint32_t i = 0; i < k; i++)
    if (vals[i] < (positive ? 1 : 0)) {
      err(r, arg_loc(r, s, mod, starts[j]), "%s argument '%s' must be %s, found %" PRId64, what, name,
          positive ? "positive" : "non-negative", vals[i]);
      return false;
    }
  return true;
}

static void check_layer(reader *r, const span_t *s, fx_module *mod, const size_t *starts) {
  char what[64];
  snprintf(what, sizeof what, "%.*s", (int)(mod->type_name.n > 48 ? 48 : mod->type_name.n), mod->type_name.p);
  fx_value *p = mod->params;
  switch (mod->type) {
  case FX_MOD_CONV1D:
  case FX_MOD_CONV2D:
  case FX_MOD_CONV_TRANSPOSE2D:
  case FX_MOD_CONV3D:
  case FX_MOD_CONV_TRANSPOSE3D: {
    int nd = mod->type == FX_MOD_CONV1D ? 1 : mod->type == FX_MOD_CONV3D || mod->type == FX_MOD_CONV_TRANSPOSE3D ? 3 : 2;
    bool ok = check_tuple(r, s, mod, starts, "kernel_size", nd, false, what);
    ok &= check_tuple(r, s, mod, starts, "stride", nd, true, what);
    ok &= check_tuple(r, s, mod, starts, "padding", nd, false, what);
    ok &= check_tuple(r, s, mod, starts, "dilation", nd, true, what);
    if (mod->type == FX_MOD_CONV_TRANSPOSE2D || mod->type == FX_MOD_CONV_TRANSPOSE3D)
      ok &= check_tuple(r, s, mod, starts, "output_padding", nd, false, what);
    int g = param_index(mod->type, "groups");
    if (p[g].v.i <= 0) {
      err(r, arg_loc(r, s, mod, starts[g]), "%s argument 'groups' must be a positive int", what);
      ok = false;
    } else if (p[0].v.i % p[g].v.i != 0) {
      err(r, arg_loc(r, s, mod, starts[g]), "%s: in_channels (%" PRId64 ") must be divisible by groups (%" PRId64 ")",
          what, p[0].v.i, p[g].v.i);
      ok = false;
    } else if (p[1].v.i % p[g].v.i != 0) {
      err(r, arg_loc(r, s, mod, starts[g]), "%s: out_channels (%" PRId64 ") must be divisible by groups (%" PRId64 ")",
          what, p[1].v.i, p[g].v.i);
      ok = false;
    }
    int pad = param_index(mod->type, "padding");
    if (is_strish(&p[pad])) {
      fx_str t;
      fx_module_str(mod, "padding", &t);
      if (!fx_str_eqz(t, "same") && !fx_str_eqz(t, "valid")) {
        err(r, arg_loc(r, s, mod, starts[pad]), "%s: padding string must be 'same' or 'valid', found '%.*s'", what,
            (int)(t.n > 40 ? 40 : t.n), t.p);
        ok = false;
      }
    }
    int pm = param_index(mod->type, "padding_mode");
    fx_str t;
    fx_module_str(mod, "padding_mode", &t);
    if (!fx_str_eqz(t, "zeros") && !fx_str_eqz(t, "reflect") && !fx_str_eqz(t, "replicate") &&
        !fx_str_eqz(t, "circular")) {
      err(r, arg_loc(r, s, mod, starts[pm]),
          "%s: padding_mode must be 'zeros', 'reflect', 'replicate' or 'circular', found '%.*s'", what,
          (int)(t.n > 40 ? 40 : t.n), t.p);
      ok = false;
    }
    if (!ok) mod->nparams = 0;
    break;
  }
  case FX_MOD_LAYER_NORM:
    if (!check_tuple(r, s, mod, starts, "normalized_shape", 0, false, what)) mod->nparams = 0;
    break;
  case FX_MOD_GROUP_NORM:
    if (p[0].v.i == 0 || p[1].v.i % p[0].v.i != 0) {
      err(r, arg_loc(r, s, mod, starts[0]), "%s: num_channels (%" PRId64 ") must be divisible by num_groups (%" PRId64 ")",
          what, p[1].v.i, p[0].v.i);
      mod->nparams = 0;
    }
    break;
  default: break;
  }
  if (mod->nparams == 0) mod->params = NULL;
}

/* ---- reading one module's constructor ---- */

/* Reads the span [off, off + len) (class name first) as the module's call and binds a known layer's arguments.
 * line/bol: position of off. */
static void read_call(reader *r, fx_module *mod, size_t off, size_t len, uint32_t line, size_t bol) {
  fx_loc start = {line, (uint32_t)(off - bol + 1), (uint32_t)off, 0};
  span_t s = {off, len, line, bol, NULL};
  const uint32_t errors = r->d->nerrors;
  fx_value v;
  bool known = mod->type != FX_MOD_CONTAINER;
  bool parsed;
  if (known) {
    parsed = fx_parse_value(&r->m->arena, r->src, start, (uint32_t)len, &v, r->d);
    if (fx_diag_full(r->d)) r->stop = true;
  } else {
    /* A custom extra_repr() may print anything: read it if it reads, quietly. */
    fx_diag quiet;
    fx_diag_init(&quiet);
    parsed = fx_parse_value(&r->m->arena, r->src, start, (uint32_t)len, &v, &quiet);
    fx_diag_free(&quiet);
  }
  if (parsed && v.kind == FX_V_CALL && v.n >= 1 && v.u.items[0].kind == FX_V_WORD &&
      fx_str_eq(fx_str_make(v.u.items[0].u.text, v.u.items[0].n), mod->type_name)) {
    mod->call = v;
    s.buf = v.u.items[0].u.text;
    if (known) {
      size_t paren = off + mod->type_name.n;
      while (paren < off + len && r->t[paren] != '(') paren++;
      bind_params(r, mod, &s, paren);
    }
  } else if (known && parsed) {
    err(r, mod->loc, "expected '%.*s(...)' here", (int)mod->type_name.n, mod->type_name.p);
  }
  if (r->d->nerrors != errors) {
    mod->bad = true;
    r->arg_errors += r->d->nerrors - errors;
  }
}

/* The call of a module whose arguments are not read: just the callee. */
static void callee_only(reader *r, fx_module *mod) {
  fx_value *callee = fx_arena_alloc(&r->m->arena, sizeof *callee);
  callee->kind = FX_V_WORD;
  callee->u.text = mod->type_name.p;
  callee->n = mod->type_name.n;
  mod->call.kind = FX_V_CALL;
  mod->call.n = 1;
  mod->call.u.items = callee;
}

/* From the '(' at `open`, the offset of its matching ')' (any of ([{ count; quotes end at the end of their line),
 * or SIZE_MAX at the end of the input. */
static size_t match_paren(const reader *r, size_t open) {
  int64_t depth = 0;
  char q = 0;
  for (size_t i = open; i < r->len; i++) {
    char c = r->t[i];
    if (q) {
      if (c == '\\' && i + 1 < r->len && r->t[i + 1] != '\n') i++;
      else if (c == q || c == '\n') q = 0;
    } else if (c == '\'' || c == '"') {
      q = c;
    } else if (c == '(' || c == '[' || c == '{') {
      depth++;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) return i;
    }
  }
  return SIZE_MAX;
}

/* Advances r->pos and r->line to the line after the one that holds offset `off`. */
static void skip_to_line_after(reader *r, size_t off) {
  for (size_t i = r->pos; i < off && i < r->len; i++)
    if (r->t[i] == '\n') r->line++;
  size_t e = line_end(r, off < r->len ? off : r->len);
  r->pos = e < r->len ? e + 1 : r->len;
  if (e < r->len) r->line++;
}

/* An extra_repr line of the open container at r->pos (first non-blank byte at s): consumed up to the end of the
 * line where its brackets balance. */
static void skip_extra_lines(reader *r, size_t s) {
  int64_t depth = 0;
  char q = 0;
  size_t i = s;
  for (; i < r->len; i++) {
    char c = r->t[i];
    if (c == '\n') {
      q = 0;
      if (depth <= 0) break;
      continue;
    }
    if (q) {
      if (c == '\\' && i + 1 < r->len && r->t[i + 1] != '\n') i++;
      else if (c == q) q = 0;
    } else if (c == '\'' || c == '"') {
      q = c;
    } else if (c == '(' || c == '[' || c == '{') {
      depth++;
    } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
      depth--;
    }
  }
  skip_to_line_after(r, i < r->len ? i : r->len);
}

static bool blank_between(const reader *r, size_t a, size_t b) {
  for (size_t i = a; i < b; i++)
    if (!is_blank(r->t[i])) return false;
  return true;
}

/* torch >= 2.1 ModuleList: key "A-B" and "N x " before the class, N == B - A + 1. */
static bool parse_repeat(const char *key, size_t keyn, const char *rest, size_t restn, int64_t *first, int64_t *count,
                         size_t *skip) {
  int64_t a = 0, b = 0, n = 0;
  size_t i = 0;
  if (keyn == 0 || key[0] < '0' || key[0] > '9') return false;
  while (i < keyn && key[i] >= '0' && key[i] <= '9' && a < INT64_C(1) << 40) a = a * 10 + (key[i++] - '0');
  if (i >= keyn || key[i] != '-') return false;
  size_t j = ++i;
  while (i < keyn && key[i] >= '0' && key[i] <= '9' && b < INT64_C(1) << 40) b = b * 10 + (key[i++] - '0');
  if (i != keyn || i == j) return false;
  i = 0;
  while (i < restn && rest[i] >= '0' && rest[i] <= '9' && n < INT64_C(1) << 40) n = n * 10 + (rest[i++] - '0');
  if (i == 0 || i + 3 > restn || memcmp(rest + i, " x ", 3) != 0) return false;
  if (b < a || n != b - a + 1) return false;
  *first = a;
  *count = n;
  *skip = i + 3;
  return true;
}

static void push_open(reader *r, uint32_t mod, uint32_t repeat, int64_t repeat_first) {
  if (r->nstk == r->capstk) {
    r->capstk = r->capstk ? r->capstk * 2 : 16;
    r->stk = fx_xrealloc(r->stk, (size_t)r->capstk * sizeof *r->stk);
  }
  r->stk[r->nstk++] = (open_mod){mod, 0, repeat, repeat_first};
}

/* Makes count - 1 more copies of module `first` and its descendants (items [first, m->n)) with keys first_key + k:
 * torch 2.x printed them once. */
static void expand_repeat(reader *r, uint32_t first, uint32_t count, int64_t first_key) {
  fx_modules *m = r->m;
  uint32_t sub = m->n - first;
  if ((uint64_t)m->n + (uint64_t)sub * (count - 1) > MAX_MODULES) {
    err(r, m->items[first].loc, "'%u x' repeats more modules than fx2c reads (at most %u)", count, MAX_MODULES);
    r->stop = true;
    return;
  }
  fx_module *orig = &m->items[first];
  uint32_t parent = orig->parent;
  fx_str base = orig->path; /* parent path + "." + first_key */
  uint32_t prefix = 0;      /* bytes of the parent path plus its '.' */
  if (parent != FX_NONE_IDX && m->items[parent].path.n) prefix = m->items[parent].path.n + 1;
  for (uint32_t k = 1; k < count && !r->stop; k++) {
    char key[32];
    int kn = snprintf(key, sizeof key, "%" PRId64, first_key + (int64_t)k);
    for (uint32_t i = 0; i < sub && !r->stop; i++) {
      fx_module *src = &m->items[first + i];
      fx_str sp = src->path;
      size_t tail = sp.n - base.n; /* what follows the repeated key */
      size_t n = prefix + (size_t)kn + tail;
      if (r->path_bytes + n > MAX_PATH_BYTES) {
        err(r, m->items[first].loc, "module paths too long: this input's paths would take more than %zu MB",
            MAX_PATH_BYTES >> 20);
        r->stop = true;
        return;
      }
      r->path_bytes += n;
      char *p = fx_arena_alloc(&m->arena, n + 1);
      memcpy(p, base.p, prefix);
      memcpy(p + prefix, key, (size_t)kn);
      memcpy(p + prefix + kn, sp.p + base.n, tail);
      uint32_t idx;
      fx_module *copy = new_module(r, &idx);
      src = &m->items[first + i]; /* the array may have moved */
      *copy = *src;
      copy->path = fx_str_make(p, n);
      copy->parent = i == 0 ? parent : src->parent + (idx - (first + i));
      if (!index_add(m, idx)) {
        err(r, copy->loc, "two modules are named '%.*s'", (int)(copy->path.n > 80 ? 80 : copy->path.n), copy->path.p);
      }
    }
  }
}

/* Done with a module (a leaf, or a container at its ')'): expands a torch 2.x repetition. */
static void finish_module(reader *r, uint32_t idx, uint32_t repeat, int64_t repeat_first) {
  if (repeat > 1 && !r->stop) expand_repeat(r, idx, repeat, repeat_first);
}

/* Reads a module header at r->t[cs..] ("Class(" ...) on the current line [r->pos, eol); key (may be empty for the
 * root) at key_off. Consumes the line (and more for multi-line arguments). */
static void read_module(reader *r, size_t cs, size_t eol, uint32_t parent, fx_str key, size_t key_off, uint32_t repeat,
                        int64_t repeat_first) {
  size_t ce = cs;
  while (ce < eol && is_ident_char((unsigned char)r->t[ce])) ce++;
  size_t bol = r->pos;
  uint32_t line = r->line;
  if (r->m->n >= MAX_MODULES) {
    err(r, loc_from(r, line, bol, cs, ce - cs), "more than %u modules", MAX_MODULES);
    r->stop = true;
    return;
  }
  fx_str path = {"", 0};
  if (parent != FX_NONE_IDX && !make_path(r, parent, key, key_off, &path)) return;
  uint32_t idx;
  fx_module *mod = new_module(r, &idx);
  mod->path = path;
  mod->type_name = fx_str_make(r->t + cs, ce - cs);
  mod->type = type_of_class(mod->type_name);
  mod->parent = parent;
  mod->loc = loc_from(r, line, bol, cs, ce - cs);
  if (!index_add(r->m, idx))
    err(r, loc_from(r, line, bol, key_off, key.n), "two modules are named '%.*s'", (int)(path.n > 80 ? 80 : path.n),
        path.p);
  callee_only(r, mod);
  if (blank_between(r, ce + 1, eol)) { /* "Class(": children or extra_repr lines follow */
    r->pos = eol < r->len ? eol + 1 : r->len;
    if (eol < r->len) r->line++;
    push_open(r, idx, repeat, repeat_first);
    return;
  }
  size_t close = match_paren(r, ce);
  if (close == SIZE_MAX) {
    err(r, loc_from(r, line, bol, ce, 1), "'%.*s(' is never closed: expected ')' before the end of the input",
        (int)(mod->type_name.n > 64 ? 64 : mod->type_name.n), mod->type_name.p);
    r->stop = true;
    return;
  }
  size_t close_eol = line_end(r, close);
  if (!blank_between(r, close + 1, close_eol)) {
    size_t a = close + 1;
    while (is_blank(r->t[a])) a++;
    size_t b = close_eol;
    while (b > a && is_blank(r->t[b - 1])) b--;
    err(r, loc_from(r, line, bol, a, b - a), "unexpected text after '%.*s(...)'",
        (int)(mod->type_name.n > 64 ? 64 : mod->type_name.n), mod->type_name.p);
  }
  read_call(r, &r->m->items[idx], cs, close + 1 - cs, line, bol);
  skip_to_line_after(r, close);
  finish_module(r, idx, repeat, repeat_first);
}

/* A child line "(key): Class(..." at s (first non-blank byte) of the line [r->pos, eol); false if the line is not
 * one. *rest is where the text after "(key): " starts, or SIZE_MAX if the line does not start so. */
static bool read_child(reader *r, size_t s, size_t eol, size_t *rest) {
  *rest = SIZE_MAX;
  if (r->t[s] != '(') return false;
  const char *p = r->t + s + 1;
  size_t n = eol - s - 1;
  const char *sep = NULL;
  for (size_t i = 0; i + 1 < n; i++)
    if (p[i] == ')' && p[i + 1] == ':' && (i + 2 == n || p[i + 2] == ' ')) {
      sep = p + i;
      break;
    }
  if (!sep) return false;
  fx_str key = fx_str_make(p, (size_t)(sep - p));
  size_t key_off = s + 1;
  size_t cs = (size_t)(sep - r->t) + 2;
  while (cs < eol && r->t[cs] == ' ') cs++;
  *rest = cs;
  int64_t rfirst = 0, rcount = 1;
  size_t rskip = 0;
  if (parse_repeat(key.p, key.n, r->t + cs, eol - cs, &rfirst, &rcount, &rskip)) {
    if (rcount > MAX_MODULES) {
      err(r, loc_from(r, r->line, r->pos, cs, rskip), "'%" PRId64 " x' repeats more modules than fx2c reads (at most %u)",
          rcount, MAX_MODULES);
      rcount = 1;
    }
    cs += rskip;
    char kb[32];
    int kn = snprintf(kb, sizeof kb, "%" PRId64, rfirst);
    key = fx_arena_str(&r->m->arena, fx_str_make(kb, (size_t)kn));
  }
  size_t ce = cs;
  if (ce < eol && is_ident_start((unsigned char)r->t[ce]))
    while (ce < eol && is_ident_char((unsigned char)r->t[ce])) ce++;
  /* "(fc): None": a child slot set to None, which named_modules() skips */
  bool none = ce - cs == 4 && memcmp(r->t + cs, "None", 4) == 0 && blank_between(r, ce, eol);
  if (!none && (ce == cs || ce >= eol || r->t[ce] != '(')) return false;
  open_mod *top = &r->stk[r->nstk - 1];
  if (key.n == 0) {
    err(r, loc_from(r, r->line, r->pos, s, 2), "a module name cannot be empty");
  } else if (memchr(key.p, '.', key.n)) {
    err(r, loc_from(r, r->line, r->pos, key_off, key.n), "a module name cannot contain '.': '%.*s'",
        (int)(key.n > 64 ? 64 : key.n), key.p);
  }
  top->nchildren++;
  if (none) {
    r->pos = eol < r->len ? eol + 1 : r->len;
    if (eol < r->len) r->line++;
    return true;
  }
  read_module(r, cs, eol, top->mod, key, key_off, (uint32_t)rcount, rfirst);
  return true;
}

/* Known layers whose repr prints children (MultiheadAttention's out_proj, a Transformer layer's self_attn ...): the
 * hyperparameters are an extra_repr line before them, "name=value, ..." (written by tools/fx2c-export) */
static bool layer_with_children(fx_module_type t) {
  return t == FX_MOD_MULTIHEAD_ATTENTION || t == FX_MOD_TRANSFORMER_ENCODER_LAYER ||
         t == FX_MOD_TRANSFORMER_DECODER_LAYER || t == FX_MOD_TRANSFORMER_ENCODER || t == FX_MOD_TRANSFORMER_DECODER ||
         t == FX_MOD_TRANSFORMER;
}

/* The line [s, e) of such a layer as the keyword arguments of its constructor: each value read where it is */
static void read_extra_kwargs(reader *r, uint32_t idx, size_t s, size_t e) {
  fx_module *mod = &r->m->items[idx];
  fx_value *items = fx_arena_alloc(&r->m->arena, (MAX_SIG_PARAMS + 1) * sizeof *items);
  uint32_t n = 0;
  items[n].kind = FX_V_WORD;
  items[n].u.text = mod->type_name.p;
  items[n++].n = (uint32_t)mod->type_name.n;
  size_t i = s;
  while (i < e) {
    size_t ks = i;
    while (i < e && is_ident_char((unsigned char)r->t[i])) i++;
    const size_t ke = i;
    if (ke == ks || i >= e || r->t[i] != '=' || n > MAX_SIG_PARAMS) {
      err(r, loc_from(r, r->line, r->pos, ks, e - ks), "expected 'name=value, ...' (the hyperparameters of %.*s) here",
          (int)mod->type_name.n, mod->type_name.p);
      return;
    }
    size_t vs = ++i;
    int depth = 0;
    char q = 0;
    for (; i < e; i++) {
      const char c = r->t[i];
      if (q) {
        if (c == '\\' && i + 1 < e) i++;
        else if (c == q) q = 0;
      } else if (c == '\'' || c == '"') q = c;
      else if (c == '(' || c == '[') depth++;
      else if (c == ')' || c == ']') depth--;
      else if (c == ',' && depth == 0) break;
    }
    fx_value v;
    fx_loc at = loc_from(r, r->line, r->pos, vs, i - vs);
    at.len = 0;
    if (!fx_parse_value(&r->m->arena, r->src, at, (uint32_t)(i - vs), &v, r->d)) return;
    fx_value *kw = fx_arena_alloc(&r->m->arena, 2 * sizeof *kw);
    kw[0].kind = FX_V_WORD;
    kw[0].u.text = r->t + ks;
    kw[0].n = (uint32_t)(ke - ks);
    kw[1] = v;
    items[n].kind = FX_V_KWARG;
    items[n].u.items = kw;
    items[n++].n = 2;
    if (i < e) i++; /* the comma */
    while (i < e && is_blank(r->t[i])) i++;
  }
  memset(&mod->call, 0, sizeof mod->call);
  mod->call.kind = FX_V_CALL;
  mod->call.u.items = items;
  mod->call.n = n;
  span_t sp = {s, e - s, r->line, r->pos, NULL};
  bind_params(r, mod, &sp, s);
}

/* A container's ')': a known layer printed in this form without children (a multi-line extra_repr) gets its
 * arguments read from the whole span; one with children is a container. */
static void close_container(reader *r, size_t close_off) {
  open_mod top = r->stk[--r->nstk];
  fx_module *mod = &r->m->items[top.mod];
  if (top.nchildren == 0 && r->m->n == top.mod + 1) {
    size_t off = mod->loc.off;
    read_call(r, mod, off, close_off + 1 - off, mod->loc.line, off - (mod->loc.col - 1));
  } else if (!layer_with_children(mod->type)) {
    mod->type = FX_MOD_CONTAINER; /* a class with children is only a path */
  } else if (!mod->params) { /* no hyperparameters line (print(model) as torch prints it): the defaults */
    fx_value *items = fx_arena_alloc(&r->m->arena, sizeof *items);
    items[0].kind = FX_V_WORD;
    items[0].u.text = mod->type_name.p;
    items[0].n = (uint32_t)mod->type_name.n;
    memset(&mod->call, 0, sizeof mod->call);
    mod->call.kind = FX_V_CALL;
    mod->call.u.items = items;
    mod->call.n = 1;
    span_t sp = {mod->loc.off, mod->type_name.n, mod->loc.line, mod->loc.off - (mod->loc.col - 1), NULL};
    bind_params(r, mod, &sp, mod->loc.off);
  }
  finish_module(r, top.mod, top.repeat, top.repeat_first);
}

static bool check_text(reader *r) {
  const unsigned char *p = (const unsigned char *)r->t;
  for (size_t i = 0; i < r->len;) {
    unsigned char c = p[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    /* NUL, control characters other than blanks, bytes that are not UTF-8 */
    bool bad = (c < 0x20 && c != '\n' && !is_blank((char)c)) || c == 0x7f || n == 0 || i + n > r->len;
    for (size_t k = 1; !bad && k < n; k++) bad = (p[i + k] & 0xc0) != 0x80;
    if (bad) {
      const char *hint = r->len >= 4 && memcmp(r->t, "PK\3\4", 4) == 0
                             ? " (it is a zip archive: a .pt/.pth file goes to --weights)"
                             : "";
      fx_diag_error(r->d, r->src, fx_loc_at(r->src, i, 1),
                    "binary data (byte 0x%02x) where the text of print(model) was expected%s", c, hint);
      return false;
    }
    i += n;
  }
  return true;
}

static void read_tree(reader *r) {
  /* The root: the first non-blank line. */
  size_t eol = 0, s = 0;
  for (;;) {
    if (r->pos >= r->len) {
      err(r, loc_from(r, r->line, r->pos, r->len, 0),
          "empty input: expected a module tree as print(model) prints it, such as 'ResNet('");
      return;
    }
    eol = line_end(r, r->pos);
    s = r->pos;
    while (s < eol && is_blank(r->t[s])) s++;
    if (s < eol) break;
    r->pos = eol < r->len ? eol + 1 : r->len;
    if (eol < r->len) r->line++;
  }
  size_t ce = s;
  if (is_ident_start((unsigned char)r->t[s]))
    while (ce < eol && is_ident_char((unsigned char)r->t[ce])) ce++;
  if (ce == s || ce >= eol || r->t[ce] != '(') {
    size_t e = eol;
    while (e > s && is_blank(r->t[e - 1])) e--;
    char got[64];
    quote_span(r->t + s, e - s, got, sizeof got);
    err(r, loc_from(r, r->line, r->pos, s, ce > s ? ce - s : 1),
        "expected a module tree as print(model) prints it, starting with a line such as 'ResNet(', found '%s'", got);
    return;
  }
  read_module(r, s, eol, FX_NONE_IDX, (fx_str){"", 0}, s, 1, 0);

  /* The rest of the tree. */
  while (r->nstk > 0 && !r->stop && r->pos < r->len) {
    eol = line_end(r, r->pos);
    s = r->pos;
    while (s < eol && is_blank(r->t[s])) s++;
    size_t e = eol;
    while (e > s && is_blank(r->t[e - 1])) e--;
    if (s == e) {
      r->pos = eol < r->len ? eol + 1 : r->len;
      if (eol < r->len) r->line++;
      continue;
    }
    if (r->t[s] == ')') {
      if (e > s + 1) {
        const fx_module *tm = &r->m->items[r->stk[r->nstk - 1].mod];
        size_t a = s + 1;
        while (is_blank(r->t[a])) a++;
        err(r, loc_from(r, r->line, r->pos, a, e - a), "unexpected text after the ')' that closes '%.*s'",
            (int)(tm->type_name.n > 64 ? 64 : tm->type_name.n), tm->type_name.p);
      }
      close_container(r, s);
      r->pos = eol < r->len ? eol + 1 : r->len;
      if (eol < r->len) r->line++;
      continue;
    }
    size_t rest_off;
    if (read_child(r, s, eol, &rest_off)) continue;
    bool looks_like = rest_off != SIZE_MAX;
    open_mod *top = &r->stk[r->nstk - 1];
    const fx_module *tm = &r->m->items[top->mod];
    /* ParameterList / ParameterDict print their entries as extra_repr lines that start like children. */
    bool param_entry = false;
    if (looks_like) {
      fx_str rest = fx_str_make(r->t + rest_off, rest_off < e ? e - rest_off : 0);
      param_entry = fx_str_starts_with(rest, "Parameter containing:") || fx_str_starts_with(rest, "Tensor containing:") ||
                    fx_str_starts_with(rest, "Object of type:");
    }
    if (top->nchildren == 0 && (!looks_like || param_entry)) {
      if (!looks_like && layer_with_children(tm->type) && !tm->params) read_extra_kwargs(r, top->mod, s, e);
      skip_extra_lines(r, s);
      continue;
    }
    char got[64];
    quote_span(r->t + s, e - s, got, sizeof got);
    if (looks_like)
      err(r, loc_from(r, r->line, r->pos, s, e - s), "expected a module such as '(name): Conv2d(...)', found '%s'", got);
    else
      err(r, loc_from(r, r->line, r->pos, s, e - s),
          "expected a child module '(name): Class(...)' or the ')' that closes '%.*s', found '%s'",
          (int)(tm->type_name.n > 64 ? 64 : tm->type_name.n), tm->type_name.p, got);
    r->pos = eol < r->len ? eol + 1 : r->len;
    if (eol < r->len) r->line++;
  }
  if (r->stop) return;
  if (r->nstk > 0) {
    const fx_module *tm = &r->m->items[r->stk[r->nstk - 1].mod];
    err(r, tm->loc, "'%.*s(' is never closed: expected ')' on a line of its own before the end of the input",
        (int)(tm->type_name.n > 64 ? 64 : tm->type_name.n), tm->type_name.p);
    return;
  }
  /* After the root: blank lines, then (print(gm)) Python code, which is not read. A line that looks like more of a
   * module tree is an error. */
  while (r->pos < r->len) {
    eol = line_end(r, r->pos);
    s = r->pos;
    while (s < eol && is_blank(r->t[s])) s++;
    if (s < eol) {
      bool more_tree = r->t[s] == ')' || (r->t[s] == '(' && memmem(r->t + s, eol - s, "): ", 3) != NULL);
      if (more_tree) {
        size_t e = eol;
        while (e > s && is_blank(r->t[e - 1])) e--;
        err(r, loc_from(r, r->line, r->pos, s, e - s), "text after the end of the root module '%.*s'",
            (int)(r->m->items[0].type_name.n > 64 ? 64 : r->m->items[0].type_name.n), r->m->items[0].type_name.p);
      }
      break;
    }
    r->pos = eol < r->len ? eol + 1 : r->len;
    if (eol < r->len) r->line++;
  }
}

bool fx_modules_parse(fx_modules *m, const fx_source *src, fx_diag *d) {
  memset(m, 0, sizeof *m);
  m->src = src;
  fx_arena_init(&m->arena);
  uint32_t errors = d->nerrors;
  reader r;
  memset(&r, 0, sizeof r);
  r.m = m;
  r.src = src;
  r.d = d;
  r.t = src->text;
  r.len = src->len;
  r.line = 1;
  if (src->len > UINT32_MAX - 8) {
    fx_diag_error(d, src, (fx_loc){1, 1, 0, 0}, "the modules file is too large (4 GB or more)");
  } else if (check_text(&r)) {
    read_tree(&r);
  }
  fx_xfree(r.stk);
  if (d->nerrors != errors || m->n == 0) {
    if (d->nerrors == errors) fx_diag_error(d, src, (fx_loc){1, 1, 0, 0}, "no module tree was read");
    /* only some layers' arguments are wrong: the tree is kept, so that the graph is checked too (modules.h) */
    if (m->n > 0 && !r.stop && !d->truncated && d->nerrors - errors == r.arg_errors) {
      m->partial = true;
      return false;
    }
    fx_modules_free(m);
    return false;
  }
  return true;
}

void fx_modules_free(fx_modules *m) {
  fx_xfree(m->items);
  fx_xfree(m->index);
  fx_arena_free(&m->arena);
  const fx_source *src = m->src;
  memset(m, 0, sizeof *m);
  m->src = src;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Hyperparameters                                                                                                */

const fx_value *fx_module_param(const fx_module *mod, const char *name) {
  if (!mod || !mod->params || mod->type == FX_MOD_CONTAINER) return NULL;
  const fx_sig *sig = &sigs[mod->type];
  for (uint32_t j = 0; j < sig->n && j < mod->nparams; j++)
    if (strcmp(sig->p[j].name, name) == 0) return &mod->params[j];
  return NULL;
}

bool fx_module_ints(const fx_module *mod, const char *name, int n, int64_t *out) {
  const fx_value *v = fx_module_param(mod, name);
  if (!v || n < 0) return false;
  if (v->kind == FX_V_INT) {
    for (int i = 0; i < n; i++) out[i] = v->v.i;
    return true;
  }
  if (!is_seq(v) || v->n != (uint32_t)n || !all_items(v, is_int_v)) return false;
  for (int i = 0; i < n; i++) out[i] = v->u.items[i].v.i;
  return true;
}

bool fx_module_float(const fx_module *mod, const char *name, double *out) {
  const fx_value *v = fx_module_param(mod, name);
  if (!v) return false;
  if (v->kind == FX_V_FLOAT) *out = v->v.f;
  else if (v->kind == FX_V_INT) *out = (double)v->v.i;
  else return false;
  return true;
}

bool fx_module_bool(const fx_module *mod, const char *name, bool *out) {
  const fx_value *v = fx_module_param(mod, name);
  if (!v || v->kind != FX_V_BOOL) return false;
  *out = v->v.i != 0;
  return true;
}

bool fx_module_str(const fx_module *mod, const char *name, fx_str *out) {
  const fx_value *v = fx_module_param(mod, name);
  if (!v) return false;
  if (v->kind == FX_V_WORD) {
    *out = fx_str_make(v->u.text, v->n);
    return true;
  }
  if (v->kind == FX_V_STR && v->n >= 2) {
    *out = fx_str_make(v->u.text + 1, v->n - 2);
    return true;
  }
  return false;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* state_dict entries                                                                                             */

static int spec(fx_param_spec *out, int k, const char *name, int ndim, const int64_t *shape, bool optional) {
  memset(&out[k], 0, sizeof out[k]);
  out[k].name = name;
  out[k].ndim = ndim;
  for (int i = 0; i < ndim && i < FXRT_MAX_DIMS; i++) out[k].shape[i] = shape[i];
  out[k].optional = optional;
  return k + 1;
}

static int64_t int_param(const fx_module *mod, const char *name) {
  const fx_value *v = fx_module_param(mod, name);
  return v && v->kind == FX_V_INT ? v->v.i : 0;
}

static bool bool_param(const fx_module *mod, const char *name) {
  bool b = false;
  fx_module_bool(mod, name, &b);
  return b;
}

int fx_module_param_specs(const fx_module *mod, fx_param_spec *out) {
  if (!mod || !mod->params) return 0;
  int k = 0;
  int64_t sh[FXRT_MAX_DIMS];
  switch (mod->type) {
  case FX_MOD_CONV1D:
  case FX_MOD_CONV2D:
  case FX_MOD_CONV_TRANSPOSE2D:
  case FX_MOD_CONV3D:
  case FX_MOD_CONV_TRANSPOSE3D: {
    int nd = mod->type == FX_MOD_CONV1D ? 1 : mod->type == FX_MOD_CONV3D || mod->type == FX_MOD_CONV_TRANSPOSE3D ? 3 : 2;
    int64_t in = int_param(mod, "in_channels"), outc = int_param(mod, "out_channels");
    int64_t g = int_param(mod, "groups");
    if (g <= 0) return 0;
    if (!fx_module_ints(mod, "kernel_size", nd, sh + 2)) return 0;
    if (mod->type == FX_MOD_CONV_TRANSPOSE2D || mod->type == FX_MOD_CONV_TRANSPOSE3D) {
      sh[0] = in;
      sh[1] = outc / g;
    } else {
      sh[0] = outc;
      sh[1] = in / g;
    }
    k = spec(out, k, "weight", 2 + nd, sh, false);
    if (bool_param(mod, "bias")) k = spec(out, k, "bias", 1, &outc, false);
    break;
  }
  case FX_MOD_QCONV2D:
  case FX_MOD_QCONV_RELU2D:
  case FX_MOD_QLINEAR:
  case FX_MOD_QLINEAR_RELU: { /* a quantized weight (its per-channel scales and zero points), a float bias, the output's
                                 scale and zero point as 0-d tensors */
    const bool conv = mod->type == FX_MOD_QCONV2D || mod->type == FX_MOD_QCONV_RELU2D;
    int64_t outc = int_param(mod, conv ? "out_channels" : "out_features");
    int64_t g = conv ? int_param(mod, "groups") : 1;
    if (g <= 0) return 0;
    sh[0] = outc;
    if (conv) {
      sh[1] = int_param(mod, "in_channels") / g;
      if (!fx_module_ints(mod, "kernel_size", 2, sh + 2)) return 0;
    } else {
      sh[1] = int_param(mod, "in_features");
    }
    k = spec(out, k, "weight", conv ? 4 : 2, sh, false);
    k = spec(out, k, "weight.q_per_channel_scales", 1, &outc, true);
    k = spec(out, k, "weight.q_per_channel_zero_points", 1, &outc, true);
    if (!conv || bool_param(mod, "bias")) k = spec(out, k, "bias", 1, &outc, !conv);
    k = spec(out, k, "scale", 0, sh, true);
    k = spec(out, k, "zero_point", 0, sh, true);
    break;
  }
  case FX_MOD_MULTIHEAD_ATTENTION: { /* with its out_proj's; shapes unknown (ndim -1) without embed_dim */
    const fx_value *e = fx_module_param(mod, "embed_dim"), *kd = fx_module_param(mod, "kdim"),
                   *vd = fx_module_param(mod, "vdim");
    const bool known = e && e->kind == FX_V_INT;
    const int64_t E = known ? e->v.i : 0, K = kd && kd->kind == FX_V_INT ? kd->v.i : E,
                  V = vd && vd->kind == FX_V_INT ? vd->v.i : E;
    const int nd2 = known ? 2 : -1, nd1 = known ? 1 : -1, nd3 = known ? 3 : -1;
    int64_t w[2] = {E, E}, wk[2] = {E, K}, wv[2] = {E, V}, w3[2] = {3 * E, E}, b3[1] = {3 * E}, bk[3] = {1, 1, E};
    if (K != E || V != E) {
      k = spec(out, k, "q_proj_weight", nd2, w, false);
      k = spec(out, k, "k_proj_weight", nd2, wk, false);
      k = spec(out, k, "v_proj_weight", nd2, wv, false);
    } else {
      k = spec(out, k, "in_proj_weight", nd2, w3, false);
    }
    const bool bias = bool_param(mod, "bias");
    if (bias) k = spec(out, k, "in_proj_bias", nd1, b3, false);
    if (bool_param(mod, "add_bias_kv")) {
      k = spec(out, k, "bias_k", nd3, bk, false);
      k = spec(out, k, "bias_v", nd3, bk, false);
    }
    k = spec(out, k, "out_proj.weight", nd2, w, false);
    if (bias) k = spec(out, k, "out_proj.bias", nd1, w, false);
    break;
  }
  case FX_MOD_LINEAR:
    sh[0] = int_param(mod, "out_features");
    sh[1] = int_param(mod, "in_features");
    k = spec(out, k, "weight", 2, sh, false);
    if (bool_param(mod, "bias")) k = spec(out, k, "bias", 1, sh, false);
    break;
  case FX_MOD_PRELU:
    sh[0] = int_param(mod, "num_parameters");
    k = spec(out, k, "weight", 1, sh, false);
    break;
  case FX_MOD_BATCH_NORM1D:
  case FX_MOD_BATCH_NORM2D:
  case FX_MOD_BATCH_NORM3D:
    sh[0] = int_param(mod, "num_features");
    if (bool_param(mod, "affine")) {
      k = spec(out, k, "weight", 1, sh, false);
      k = spec(out, k, "bias", 1, sh, false);
    }
    if (bool_param(mod, "track_running_stats")) {
      k = spec(out, k, "running_mean", 1, sh, false);
      k = spec(out, k, "running_var", 1, sh, false);
      k = spec(out, k, "num_batches_tracked", -1, sh, true);
    }
    break;
  case FX_MOD_LAYER_NORM: {
    const fx_value *v = fx_module_param(mod, "normalized_shape");
    uint32_t nd = 0;
    if (!v || !ints_of(v, sh, FXRT_MAX_DIMS, &nd)) return 0;
    if (bool_param(mod, "elementwise_affine")) {
      k = spec(out, k, "weight", (int)nd, sh, false);
      k = spec(out, k, "bias", (int)nd, sh, false);
    }
    break;
  }
  case FX_MOD_GROUP_NORM:
    sh[0] = int_param(mod, "num_channels");
    if (bool_param(mod, "affine")) {
      k = spec(out, k, "weight", 1, sh, false);
      k = spec(out, k, "bias", 1, sh, false);
    }
    break;
  case FX_MOD_EMBEDDING:
  case FX_MOD_EMBEDDING_BAG:
    sh[0] = int_param(mod, "num_embeddings");
    sh[1] = int_param(mod, "embedding_dim");
    k = spec(out, k, "weight", 2, sh, false);
    break;
  default: break;
  }
  return k;
}
