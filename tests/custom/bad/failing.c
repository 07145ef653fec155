/* a user-defined op that fails: its function returns non-zero, which stops the model's run */
#include "fxrt.h"

int always_fails(const fxrt_custom_call *call) {
  (void)call;
  return 3;
}
