/* exe.h: --emit exe. The C backend writes its folder (with the driver main.c) into a temporary folder, and the
 * system C compiler ($CC, else cc) builds a static executable from it:
 *
 *     CC -std=c99 -O2 [cflags] -o PATH *.c -lm -static
 */
#ifndef FX_EXE_H
#define FX_EXE_H

#include "emit_c.h"

/* extra_cflags: further compiler options separated by spaces (e.g. "-march=native"), or NULL. keep_dir: where to
 * leave the sources (NULL: a temporary folder, removed afterwards). */
bool fx_build_exe(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *path,
                  const char *extra_cflags, const char *keep_dir, fx_diag *d);

#endif
