/* exe.c: building a static executable from the emitted C (exe.h). */
#include "exe.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../ir/sha256.h"
#include "embedded.h"

extern char **environ;

#ifndef FX2C_VERSION
#define FX2C_VERSION "0.0.0"
#endif

static void remove_dir(const char *dir) {
  DIR *dp = opendir(dir);
  if (!dp) return;
  struct dirent *de;
  char path[4400];
  while ((de = readdir(dp)) != NULL) {
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    unlink(path);
  }
  closedir(dp);
  rmdir(dir);
}

/* Starts argv (in folder cwd if not NULL), its output (stdout and stderr) into log_path. The process id, or -1 if it
 * could not start. */
static pid_t start(char *const *argv, const char *cwd, const char *log_path) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (cwd) posix_spawn_file_actions_addchdir_np(&fa, cwd);
  posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc != 0 ? -1 : pid;
}

/* The exit status of a process that start() started (128 if a signal ended it), or -1. */
static int finish(pid_t pid) {
  if (pid < 0) return -1;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* A command's arguments, as many as the flags give (none dropped), ending in NULL. */
typedef struct {
  char **v;
  int n, cap;
} arg_list;

static void arg_push(arg_list *a, const char *s) {
  if (a->n + 2 > a->cap) {
    a->cap = a->cap ? 2 * a->cap : 64;
    a->v = fx_xrealloc(a->v, (size_t)a->cap * sizeof *a->v);
  }
  a->v[a->n++] = (char *)s;
  a->v[a->n] = NULL;
}

/* Appends the words of flags (modified: split at spaces in place). */
static void arg_push_flags(arg_list *a, char *flags) {
  for (char *s = strtok(flags, " "); s; s = strtok(NULL, " ")) arg_push(a, s);
}

/* Runs argv; its exit status, or -1 if it could not start. */
static int run(char *const *argv, const char *cwd, const char *log_path) { return finish(start(argv, cwd, log_path)); }

/* A new folder $TMPDIR/fx2c-exe-XXXXXX (TMPDIR unset or empty: /tmp) for a build, its path in tmp. */
static bool make_temp_dir(char *tmp, size_t cap, fx_diag *d) {
  const char *t = getenv("TMPDIR");
  snprintf(tmp, cap, "%s/fx2c-exe-XXXXXX", t && *t ? t : "/tmp");
  if (mkdtemp(tmp)) return true;
  fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create a temporary folder: %s", strerror(errno));
  return false;
}

bool fx_build_exe(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *path,
                  const char *extra_cflags, const char *keep_dir, fx_diag *d) {
  char tmp[4096];
  const char *dir = keep_dir;
  if (!dir) {
    if (!make_temp_dir(tmp, sizeof tmp, d)) return false;
    dir = tmp;
  }
  /* The weights: a binary blob turned into an object by the linker (fast for any size: a C compiler takes minutes
   * on hundreds of MB of initializers), or, where `ld -r -b binary` does not work, model_weights.h. */
  fx_emit_opts eo = *o;
  eo.exe_main = true;
  eo.weights_file = true;
  bool ok = fx_emit_c(L, P, &eo, dir, d);
  char log_path[4200], weights_o[4200];
  snprintf(log_path, sizeof log_path, "%s/cc.log", dir);
  snprintf(weights_o, sizeof weights_o, "%s/model_weights.o", dir);
  if (ok) {
    const char *ld = getenv("LD");
    char *ldv[] = {(char *)(ld && *ld ? ld : "ld"), "-r", "-b", "binary", "-o", "model_weights.o", "model_weights.bin", NULL};
    if (run(ldv, dir, log_path) != 0) {
      eo.weights_file = false;
      ok = fx_emit_c(L, P, &eo, dir, d);
    } else {
      /* ld gives the blob's section an alignment of 1, so the executable found its weights misaligned and copied
       * them all to an aligned buffer on its first run: twice the weights' memory (vit_b_16: 346 MB more) and
       * the time to copy. 64, the alignment the kernels want, makes the copy unnecessary; where objcopy is
       * missing or too old (binutils < 2.33), the executable still copies, which is slower but right. */
      const char *oc = getenv("OBJCOPY");
      char *ocv[] = {(char *)(oc && *oc ? oc : "objcopy"), "--set-section-alignment", ".data=64", "model_weights.o",
                     NULL};
      (void)run(ocv, dir, log_path);
    }
  }
  if (ok) {
    /* CC -std=c99 -O2 [extra] -o PATH model.c main.c [model_weights.o] libfxrt.a -pthread -lm -static */
    const char *cc = getenv("CC");
    arg_list a = {0};
    char *cflags = fx_xmalloc(strlen(extra_cflags ? extra_cflags : "") + 1);
    strcpy(cflags, extra_cflags ? extra_cflags : "");
    arg_push(&a, cc && *cc ? cc : "cc");
    arg_push(&a, "-std=c99");
    arg_push(&a, "-O2");
    arg_push_flags(&a, cflags);
    arg_push(&a, "-o");
    char abs_out[4096];
    if (path[0] == '/') snprintf(abs_out, sizeof abs_out, "%s", path);
    else {
      char cwd[3000];
      if (!getcwd(cwd, sizeof cwd)) cwd[0] = 0;
      snprintf(abs_out, sizeof abs_out, "%s/%s", cwd, path);
    }
    arg_push(&a, abs_out);
    /* model.c and main.c, linked with the runtime library built once per compiler and flags and cached (the
     * runtime's sources, its variants for each instruction set among them, are in the folder too) */
    char model_c[4200], main_c[4200], lib[4600];
    snprintf(model_c, sizeof model_c, "%s/model.c", dir);
    snprintf(main_c, sizeof main_c, "%s/main.c", dir);
    arg_push(&a, model_c);
    arg_push(&a, main_c);
    char **user = fx_xcalloc((size_t)o->nuser_sources + 1, sizeof *user);
    for (int i = 0; i < o->nuser_sources; i++) { /* the user-defined ops' sources, which fx_emit_c copied */
      const char *slash = strrchr(o->user_sources[i], '/');
      fx_buf u = {0};
      fx_buf_printf(&u, "%s/%s", dir, slash ? slash + 1 : o->user_sources[i]);
      fx_buf_putc(&u, 0);
      arg_push(&a, user[i] = u.p);
    }
    ok = fx_runtime_library(extra_cflags ? extra_cflags : "", dir, lib, sizeof lib, d);
    arg_push(&a, lib);
    if (eo.weights_file) arg_push(&a, weights_o);
    arg_push(&a, "-pthread"); /* the driver's thread pool (fxrt_threads.c) */
    arg_push(&a, "-lm");
    if (!strstr(extra_cflags ? extra_cflags : "", "-fsanitize")) arg_push(&a, "-static");
    char **argv = a.v;
    int rc = ok ? run(argv, NULL, log_path) : 0;
    if (rc != 0) {
      fx_buf msg = {0};
      FILE *f = fopen(log_path, "rb");
      char buf[4096];
      size_t got = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
      if (f) fclose(f);
      buf[got] = 0;
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "the C compiler '%s' %s%s%s", argv[0],
                    rc < 0 ? "could not be started" : "failed on the generated code:\n", rc < 0 ? "" : buf,
                    keep_dir ? "" : "(rerun with --keep-build DIR to keep the sources)");
      fx_buf_free(&msg);
      ok = false;
    }
    fx_xfree(a.v);
    fx_xfree(cflags);
    for (int i = 0; i < o->nuser_sources; i++) fx_xfree(user[i]);
    fx_xfree(user);
  }
  if (!keep_dir) remove_dir(tmp);
  return ok;
}

/* ---- the LLVM backend's executables: model.o + main.c + the runtime as a (cached) static library ---- */

static bool mkdir_p(const char *path) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *c = buf + 1; *c; c++)
    if (*c == '/') {
      *c = 0;
      if (mkdir(buf, 0777) != 0 && errno != EEXIST) return false;
      *c = '/';
    }
  return mkdir(buf, 0777) == 0 || errno == EEXIST;
}

/* The cache folder: $FX2C_CACHE_DIR, else $XDG_CACHE_HOME/fx2c, else ~/.cache/fx2c (made if missing, absolute). */
static bool cache_root(char *out, size_t cap) {
  const char *c;
  char want[4096];
  if ((c = getenv("FX2C_CACHE_DIR")) && *c) snprintf(want, sizeof want, "%s", c);
  else if ((c = getenv("XDG_CACHE_HOME")) && *c) snprintf(want, sizeof want, "%s/fx2c", c);
  else if ((c = getenv("HOME")) && *c) snprintf(want, sizeof want, "%s/.cache/fx2c", c);
  else return false;
  char real[PATH_MAX];
  if (!mkdir_p(want) || !realpath(want, real) || access(real, W_OK) != 0) return false;
  snprintf(out, cap, "%s", real);
  return true;
}

/* Whether a program of that name is on the PATH. */
static bool have_program(const char *name) {
  const char *path = getenv("PATH");
  if (!path) return false;
  fx_buf f = {0};
  bool found = false;
  for (const char *p = path; !found && *p;) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    f.n = 0;
    fx_buf_printf(&f, "%.*s/%s", (int)n, n ? p : ".", name);
    fx_buf_putc(&f, 0);
    found = access(f.p, X_OK) == 0;
    p += n + (colon != NULL);
  }
  fx_buf_free(&f);
  return found;
}

static const char *env_or(const char *name, const char *dflt) {
  const char *v = getenv(name);
  return v && *v ? v : dflt;
}

static void report_failure(fx_diag *d, const char *what, const char *tool, int rc, const char *log_path, const char *hint) {
  FILE *f = fopen(log_path, "rb");
  char buf[4096];
  size_t got = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  if (f) fclose(f);
  buf[got] = 0;
  fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "%s: '%s' %s%s%s", what, tool,
                rc < 0 ? "could not be started" : "failed:\n", rc < 0 ? "" : buf, hint ? hint : "");
}

static bool write_in(const char *dir, const char *name, const void *data, size_t n, fx_diag *d);

/* The runtime's headers (fxrt*.h) into dir: what the user-defined ops' sources include. */
static bool write_runtime_headers(const char *dir, fx_diag *d) {
  for (const fx_embedded *e = fx_embedded_files; e->name; e++) {
    size_t n = strlen(e->name);
    if (strncmp(e->name, "fxrt", 4) == 0 && n > 2 && strcmp(e->name + n - 2, ".h") == 0 &&
        !write_in(dir, e->name, e->data, e->size, d))
      return false;
  }
  return true;
}

void *fx_custom_ops_load_library(fx_custom_ops *ops, fx_diag *d) {
  if (!ops->nsources) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "fx2c run needs the C sources of the ops that '%s' declares",
                  ops->src.path);
    fx_diag_note(d, NULL, (fx_loc){0, 0, 0, 0}, "name them in the file: sources: my_ops.c (relative to the file)");
    return NULL;
  }
  char dir[4096];
  if (!make_temp_dir(dir, sizeof dir, d)) return NULL;
  void *h = NULL;
  const char *cc = env_or("CC", "cc");
  char path[4200], inc[4200], log[4200];
  snprintf(path, sizeof path, "%s/libfx2c_custom.so", dir);
  snprintf(inc, sizeof inc, "-I%s", dir);
  snprintf(log, sizeof log, "%s/cc.log", dir);
  if (write_runtime_headers(dir, d)) {
    arg_list a = {0};
    arg_push(&a, cc);
    arg_push(&a, "-std=c99");
    arg_push(&a, "-O2");
    arg_push(&a, "-shared");
    arg_push(&a, "-fPIC");
    arg_push(&a, inc);
    arg_push(&a, "-o");
    arg_push(&a, path);
    for (int i = 0; i < ops->nsources; i++) arg_push(&a, ops->sources[i]);
    int rc = run(a.v, NULL, log);
    fx_xfree(a.v);
    if (rc != 0) report_failure(d, "compiling the custom ops' sources", cc, rc, log, NULL);
    else if (!(h = dlopen(path, RTLD_NOW | RTLD_LOCAL)))
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot load the custom ops' library: %s", dlerror());
  }
  for (int i = 0; h && i < ops->n; i++) {
    fx_custom_decl *dc = &ops->decls[i];
    char name[512];
    snprintf(name, sizeof name, "%.*s", (int)(dc->function.n > 500 ? 500 : dc->function.n), dc->function.p);
    void *sym = dlsym(h, name);
    if (!sym) {
      fx_diag_error(d, &ops->src, dc->loc, "the function '%s' is not defined in the custom ops' sources", name);
      dlclose(h);
      h = NULL;
      break;
    }
    memcpy(&dc->fn, &sym, sizeof dc->fn); /* (a data pointer to a function pointer, as POSIX's dlsym requires) */
  }
  remove_dir(dir); /* a loaded library stays mapped */
  return h;
}

static bool write_in(const char *dir, const char *name, const void *data, size_t n, fx_diag *d) {
  fx_buf path = {0};
  fx_buf_printf(&path, "%s/%s", dir, name);
  fx_buf_putc(&path, 0);
  bool ok = fx_write_file(path.p, data, n, d);
  fx_buf_free(&path);
  return ok;
}

/* The executables' driver (exe_main.c.in) for a model whose tables and entry point are in its object: the LLVM
 * backend writes fxm_num_inputs, fxm_inputs, ... and fxm_run there (fx_llvm_opts.exe_driver). */
static const char driver_model_part[] =
    "/* the model's tables and entry point, in the model's object (fx2c's LLVM backend writes them) */\n"
    "extern const int fxm_num_inputs, fxm_num_outputs;\n"
    "extern const size_t fxm_workspace_size;\n"
    "extern const fxm_desc fxm_inputs[], fxm_outputs[];\n"
    "fxrt_status fxm_run(void *const *in, void *const *out, void *ws, const fxrt_threadpool *threads);\n"
    "#define FXM_FX2C_VERSION \"" FX2C_VERSION "\"\n"
    "#define FXM_NUM_INPUTS fxm_num_inputs\n"
    "#define FXM_NUM_OUTPUTS fxm_num_outputs\n"
    "#define FXM_WORKSPACE_SIZE fxm_workspace_size\n"
    "extern const unsigned fxm_num_nodes; /* 0 unless the model was compiled with --profile */\n"
    "extern const fxrt_node_info fxm_nodes[];\n"
    "#define FXM_NUM_NODES fxm_num_nodes\n"
    "#define FXM_NODES fxm_nodes\n";

static bool write_driver(const char *dir, fx_diag *d) {
  const fx_embedded *t = fx_embedded_find("exe_main.c.in");
  const char *marker = "/* @MODEL@ */";
  const char *at = t ? strstr((const char *)t->data, marker) : NULL;
  if (!at) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "this fx2c was built without the executable driver");
    return false;
  }
  fx_buf b = {0};
  fx_buf_put(&b, (const char *)t->data, (size_t)(at - (const char *)t->data));
  fx_buf_puts(&b, driver_model_part);
  fx_buf_puts(&b, at + strlen(marker));
  bool ok = write_in(dir, "fxm_main.c", b.p, b.n, d);
  fx_buf_free(&b);
  const fx_embedded *prof = fx_embedded_find("fxm_profile.h");
  if (ok && prof) ok = write_in(dir, prof->name, prof->data, prof->size, d);
  return ok;
}

/* Compiles every runtime source into dir/libfxrt.a, and the driver into dir/fxm_main.o: one compiler per source, as
 * many at once as there are CPUs. */
static bool build_runtime(const char *dir, const char *final_dir, const char *cc, const char *cflags, fx_diag *d) {
  const char *src[64];
  int nsrc = 0;
  bool ok = write_driver(dir, d);
  for (const fx_embedded *f = fx_embedded_files; ok && f->name; f++) {
    size_t n = strlen(f->name);
    if (strncmp(f->name, "fxrt", 4) != 0) continue;
    ok = write_in(dir, f->name, f->data, f->size, d);
    if (n > 2 && strcmp(f->name + n - 2, ".c") == 0 && nsrc < 63) src[nsrc++] = f->name;
  }
  src[nsrc++] = "fxm_main.c"; /* last: not in the library */
  fx_buf prefix_map = {0};
  fx_buf_printf(&prefix_map, "-fdebug-prefix-map=%s=%s", dir, final_dir);
  fx_buf_putc(&prefix_map, 0);
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  int width = ncpu > 0 ? (int)ncpu : 1;
  pid_t pid[64];
  char logs[64][4400], objs[64][256];
  for (int i = 0; i < nsrc; i++) {
    snprintf(logs[i], sizeof logs[i], "%s/%s.log", dir, src[i]);
    snprintf(objs[i], sizeof objs[i], "%.*s.o", (int)(strlen(src[i]) - 2), src[i]);
  }
  for (int started = 0, done = 0; ok && done < nsrc;) {
    while (started < nsrc && started - done < width) {
      char *fl = fx_xmalloc(strlen(cflags) + 1);
      strcpy(fl, cflags);
      arg_list a = {0};
      arg_push(&a, cc);
      arg_push(&a, "-std=c99");
      arg_push(&a, "-O2");
      arg_push_flags(&a, fl);
      if (strcmp(dir, final_dir) != 0 && strstr(cflags, "-g")) /* debug info names the folder it ends up in */
        arg_push(&a, prefix_map.p);
      arg_push(&a, "-c");
      arg_push(&a, src[started]);
      arg_push(&a, "-o");
      arg_push(&a, objs[started]);
      pid[started] = start(a.v, dir, logs[started]);
      fx_xfree(a.v);
      fx_xfree(fl);
      started++;
    }
    int rc = finish(pid[done]);
    if (rc != 0) {
      report_failure(d, "building the runtime", cc, rc, logs[done], NULL);
      ok = false;
      while (++done < started) finish(pid[done]);
      break;
    }
    done++;
  }
  fx_buf_free(&prefix_map);
  if (!ok) return false;
  char *argv[80];
  int n = 0;
  const char *ar = env_or("AR", "ar");
  argv[n++] = (char *)ar, argv[n++] = "rcs", argv[n++] = "libfxrt.a";
  for (int i = 0; i + 1 < nsrc; i++) argv[n++] = objs[i];
  argv[n] = NULL;
  char log[4400];
  snprintf(log, sizeof log, "%s/ar.log", dir);
  int rc = run(argv, dir, log);
  if (rc != 0) {
    report_failure(d, "building the runtime", ar, rc, log, NULL);
    return false;
  }
  /* the library, the driver's object and the sources (for debuggers) stay */
  DIR *dp = opendir(dir);
  struct dirent *de;
  while (dp && (de = readdir(dp)) != NULL) {
    size_t len = strlen(de->d_name);
    if (strcmp(de->d_name, "fxm_main.o") != 0 &&
        (strcmp(de->d_name + (len > 2 ? len - 2 : 0), ".o") == 0 || strcmp(de->d_name + (len > 4 ? len - 4 : 0), ".log") == 0)) {
      fx_buf f = {0};
      fx_buf_printf(&f, "%s/%s", dir, de->d_name);
      fx_buf_putc(&f, 0);
      unlink(f.p);
      fx_buf_free(&f);
    }
  }
  if (dp) closedir(dp);
  return true;
}

bool fx_runtime_library(const char *cflags, const char *scratch, char *path, size_t cap, fx_diag *d) {
  const char *cc = env_or("CC", "cc");
  /* the key: the compiler (its name and what --version says), the flags and every runtime file */
  char log[4400];
  snprintf(log, sizeof log, "%s/cc-version.log", scratch);
  char *vargv[] = {(char *)cc, "--version", NULL};
  int rc = run(vargv, NULL, log);
  if (rc != 0) {
    report_failure(d, "the C compiler", cc, rc, log, NULL);
    return false;
  }
  fx_sha256 h;
  fx_sha256_init(&h);
  fx_sha256_update(&h, "fx2c runtime 2", 15);
  fx_sha256_update(&h, cc, strlen(cc) + 1);
  FILE *f = fopen(log, "rb");
  char buf[4096];
  size_t got = f ? fread(buf, 1, sizeof buf, f) : 0;
  if (f) fclose(f);
  fx_sha256_update(&h, buf, got);
  fx_sha256_update(&h, cflags, strlen(cflags) + 1);
  fx_sha256_update(&h, driver_model_part, sizeof driver_model_part);
  for (const fx_embedded *e = fx_embedded_files; e->name; e++)
    if (strncmp(e->name, "fxrt", 4) == 0 || strcmp(e->name, "exe_main.c.in") == 0 || strcmp(e->name, "fxm_profile.h") == 0) {
      fx_sha256_update(&h, e->name, strlen(e->name) + 1);
      fx_sha256_update(&h, e->data, e->size);
    }
  char hex[65];
  fx_sha256_hex(&h, hex);
  char root[4096];
  if (!cache_root(root, sizeof root)) { /* no cache: build it in the scratch folder */
    char dir[4400];
    snprintf(dir, sizeof dir, "%s/runtime", scratch);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create '%s': %s", dir, strerror(errno));
      return false;
    }
    snprintf(path, cap, "%s/libfxrt.a", dir);
    return build_runtime(dir, dir, cc, cflags, d);
  }
  char entry[4400];
  snprintf(entry, sizeof entry, "%s/runtime-%.24s", root, hex);
  snprintf(path, cap, "%s/libfxrt.a", entry);
  char drv[4500];
  snprintf(drv, sizeof drv, "%s/fxm_main.o", entry);
  if (access(path, R_OK) == 0 && access(drv, R_OK) == 0) return true;
  /* built in a folder of its own, then renamed into place: concurrent builds do not see a half-built library */
  char tmp[4400];
  snprintf(tmp, sizeof tmp, "%s/tmp-runtime-XXXXXX", root);
  if (!mkdtemp(tmp)) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create a folder in the cache '%s': %s", root, strerror(errno));
    return false;
  }
  bool ok = build_runtime(tmp, entry, cc, cflags, d);
  if (ok) {
    fx_buf info = {0};
    fx_buf_printf(&info, "the fx2c runtime and the executables' driver, built by\n%s -std=c99 -O2 %s -c fxrt_*.c fxm_main.c\n\n%s --version:\n%.*s", cc, cflags, cc,
                  (int)got, buf);
    ok = write_in(tmp, "info.txt", info.p, info.n, d);
    fx_buf_free(&info);
  }
  if (ok && rename(tmp, entry) != 0 && (access(path, R_OK) != 0 || access(drv, R_OK) != 0)) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot move the runtime into the cache '%s': %s", entry, strerror(errno));
    ok = false;
  }
  remove_dir(tmp); /* left only when another fx2c put the same library in place first, or on failure */
  return ok;
}

bool fx_build_exe_object(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, fx_object_writer object,
                         void *ctx, const char *path, const char *extra_cflags, const char *keep_dir, fx_diag *d) {
  char tmp[4096];
  const char *dir = keep_dir;
  if (!dir) {
    if (!make_temp_dir(tmp, sizeof tmp, d)) return false;
    dir = tmp;
  } else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create '%s': %s", dir, strerror(errno));
    return false;
  }
  const char *flags = extra_cflags ? extra_cflags : "";
  /* model.o (the weights, the driver's tables and fxm_run inside) and, with --keep-build, model.h */
  fx_emit_opts eo = *o;
  eo.weights_file = false;
  eo.build_note = "model.o: compiled by fx2c's LLVM backend, with the driver's tables (fxm_*); linked with the runtime\n"
                  "library and the driver's object (both built once and cached) into the executable.";
  char obj[4400], lib[4600], drv[4700];
  snprintf(obj, sizeof obj, "%s/model.o", dir);
  bool ok = object(ctx, L, P, &eo, obj, d);
  if (ok && keep_dir) { /* its provenance hashes every input file: only when the files are kept */
    fx_iface e;
    fx_iface_init(&e, L, P, &eo);
    fx_buf h = {0};
    fx_iface_header(&e, &h, 0);
    ok = write_in(dir, "model.h", h.p, h.n, d);
    fx_buf_free(&h);
    fx_iface_free(&e);
  }
  if (ok) ok = fx_runtime_library(flags, dir, lib, sizeof lib, d);
  if (ok) {
    /* CC -std=c99 -O2 [flags] -o PATH model.o fxm_main.o libfxrt.a -pthread -lm -static, with LLVM's linker when it is
     * installed (and the flags do not choose one): it copies the weights about three times faster than GNU ld */
    const char *cc = env_or("CC", "cc");
    char *fl = fx_xmalloc(strlen(flags) + 1);
    strcpy(fl, flags);
    char abs_out[4096], log[4400];
    arg_list a = {0};
    arg_push(&a, cc);
    arg_push(&a, "-std=c99");
    arg_push(&a, "-O2");
    arg_push_flags(&a, fl);
    if (!strstr(flags, "-fuse-ld=") && have_program("ld.lld")) arg_push(&a, "-fuse-ld=lld");
    if (path[0] == '/') snprintf(abs_out, sizeof abs_out, "%s", path);
    else {
      char cwd[3000];
      if (!getcwd(cwd, sizeof cwd)) cwd[0] = 0;
      snprintf(abs_out, sizeof abs_out, "%s/%s", cwd, path);
    }
    snprintf(drv, sizeof drv, "%.*s/fxm_main.o", (int)(strlen(lib) - strlen("/libfxrt.a")), lib);
    arg_push(&a, "-o");
    arg_push(&a, abs_out);
    arg_push(&a, "model.o");
    arg_push(&a, drv);
    if (o->nuser_sources) { /* the user-defined ops' sources, which include fxrt.h */
      ok = write_runtime_headers(dir, d);
      arg_push(&a, "-I.");
      for (int i = 0; i < o->nuser_sources; i++) arg_push(&a, o->user_sources[i]);
    }
    arg_push(&a, lib);
    arg_push(&a, "-pthread"); /* the driver's thread pool (fxrt_threads.c) */
    arg_push(&a, "-lm");
    if (!strstr(flags, "-fsanitize")) arg_push(&a, "-static");
    snprintf(log, sizeof log, "%s/cc.log", dir);
    int rc = ok ? run(a.v, dir, log) : 0;
    fx_xfree(a.v);
    if (rc != 0) {
      report_failure(d, "linking the executable", cc, rc, log,
                     keep_dir ? NULL : "(rerun with --keep-build DIR to keep the files)");
      ok = false;
    }
    fx_xfree(fl);
  }
  if (!keep_dir) remove_dir(tmp);
  return ok;
}
