/* math.h for backend/small_bitcode.c (CMakeLists.txt): the little that runtime/fxrt_small.h uses, from clang's
 * builtins, so that its bitcode does not depend on the C library of the machine that builds fx2c. */
#define INFINITY __builtin_inff()
/* the compact layer norm's square root: libm's, as the C files of -Os call it */
float sqrtf(float x);
