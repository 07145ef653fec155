/* embedded.h: files built into fx2c (cmake/embed.cmake): the runtime sources that emitted C ships with, and the
 * driver of the executables that --emit exe builds. */
#ifndef FX_EMBEDDED_H
#define FX_EMBEDDED_H

#include <stddef.h>

typedef struct fx_embedded {
  const char *name; /* file name, e.g. "fxrt_conv.c" */
  const unsigned char *data;
  size_t size;
} fx_embedded;

/* Terminated by an entry whose name is NULL. */
extern const fx_embedded fx_embedded_files[];

/* The compact kernels of -Os as LLVM bitcode (backend/small_bitcode.c), one file per target, named by the target
 * (e.g. "thumbv7em-none-eabihf.bc"); only in an fx2c with the LLVM backend, whose emit_llvm.c reads it. Terminated as
 * fx_embedded_files. */
extern const fx_embedded fx_small_bitcode[];

/* The embedded file of that name, or NULL. */
const fx_embedded *fx_embedded_find(const char *name);

#endif
