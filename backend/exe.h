/* exe.h: --emit exe. The C backend writes its folder (with the driver main.c) into a temporary folder, and the
 * system C compiler ($CC, else cc) builds a static executable of its model.c and main.c and the runtime library
 * (fx_runtime_library: the runtime's sources compiled once per compiler and flags, and cached):
 *
 *     CC -std=c99 -O2 [cflags] -o PATH model.c main.c [model_weights.o] libfxrt.a -lm -static
 */
#ifndef FX_EXE_H
#define FX_EXE_H

#include "emit_c.h"

/* extra_cflags: further compiler options separated by spaces (e.g. "-march=native"), or NULL. keep_dir: where to
 * leave the sources (NULL: a temporary folder, removed afterwards). */
bool fx_build_exe(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *path,
                  const char *extra_cflags, const char *keep_dir, fx_diag *d);

/* --backend llvm: an executable from an object file instead of C. object() writes the model's object (the weights,
 * and the driver's tables and entry point fxm_run, inside) to the path it is given, and the system C compiler links
 * it with the runtime library and the driver's object, both built once per compiler and flags and cached
 * (fx_runtime_library): no C is compiled per model.
 *
 *     CC -std=c99 -O2 [cflags] [-fuse-ld=lld] -o PATH model.o fxm_main.o libfxrt.a -lm -static
 *
 * LLVM's linker is used when ld.lld is installed and the flags choose no linker. keep_dir also gets model.h. */
typedef bool (*fx_object_writer)(void *ctx, const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o,
                                 const char *path, fx_diag *d);
bool fx_build_exe_object(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, fx_object_writer object,
                         void *ctx, const char *path, const char *extra_cflags, const char *keep_dir, fx_diag *d);

/* The runtime (every fxrt_*.c) compiled by CC -std=c99 -O2 [cflags] into a static library, and beside it the
 * executables' driver (exe_main.c.in) as fxm_main.o, for models whose object defines the driver's tables; path
 * receives the library's location. Cached under $FX2C_CACHE_DIR, else $XDG_CACHE_HOME/fx2c, else ~/.cache/fx2c, in a folder named by a
 * hash of the compiler (its name and --version), the flags and the runtime's sources; built in the folder scratch
 * when there is no usable cache folder. Concurrent fx2c processes may build the same library: each builds in a
 * temporary folder and renames it into place. */
/* fx2c run --custom-ops: the user-defined ops' sources compiled into a shared library (in a temporary folder, with
 * the runtime's headers) and loaded; every declaration's fn set. Returns the library's handle (dlclose it after the
 * run), or NULL with the compiler's output or the missing function reported. */
void *fx_custom_ops_load_library(fx_custom_ops *ops, fx_diag *d);
bool fx_runtime_library(const char *cflags, const char *scratch, char *path, size_t cap, fx_diag *d);

#endif
