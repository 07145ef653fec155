/* fxrt_custom.c: calling a user-defined op (fx2c --custom-ops; the call's layout is in fxrt.h). */
#include "fxrt.h"

fxrt_status fxrt_custom(fxrt_custom_fn fn, const fxrt_custom_call *call) {
  if (!fn || !call) return FXRT_EINVAL;
  return fn(call) == 0 ? FXRT_OK : FXRT_ECUSTOM;
}
