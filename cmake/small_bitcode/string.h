/* string.h for backend/small_bitcode.c (CMakeLists.txt; as math.h here): memcpy as clang's builtin. */
#define memcpy __builtin_memcpy
