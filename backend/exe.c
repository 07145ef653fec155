/* exe.c: building a static executable from the emitted C (exe.h). */
#include "exe.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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

/* Runs argv (in folder cwd if not NULL), its output (stdout and stderr) into log_path. The exit status, or -1 if it
 * could not start. */
static int run(char *const *argv, const char *cwd, const char *log_path) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (cwd) posix_spawn_file_actions_addchdir_np(&fa, cwd);
  posix_spawn_file_actions_addopen(&fa, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

bool fx_build_exe(const fx_lowered *L, const fx_plan *P, const fx_emit_opts *o, const char *path,
                  const char *extra_cflags, const char *keep_dir, fx_diag *d) {
  char tmp[4096];
  const char *dir = keep_dir;
  if (!dir) {
    const char *t = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/fx2c-exe-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(tmp)) {
      fx_diag_error(d, NULL, (fx_loc){0, 0, 0, 0}, "cannot create a temporary folder: %s", strerror(errno));
      return false;
    }
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
    }
  }
  if (ok) {
    /* CC -std=c99 -O2 [extra] -o PATH model.c fxrt_*.c main.c -lm -static */
    const char *cc = getenv("CC");
    char *argv[64];
    int n = 0;
    char *cflags = fx_xmalloc(strlen(extra_cflags ? extra_cflags : "") + 1);
    strcpy(cflags, extra_cflags ? extra_cflags : "");
    argv[n++] = (char *)(cc && *cc ? cc : "cc");
    argv[n++] = "-std=c99";
    argv[n++] = "-O2";
    for (char *s = strtok(cflags, " "); s && n < 40; s = strtok(NULL, " ")) argv[n++] = s;
    argv[n++] = "-o";
    char abs_out[4096];
    if (path[0] == '/') snprintf(abs_out, sizeof abs_out, "%s", path);
    else {
      char cwd[3000];
      if (!getcwd(cwd, sizeof cwd)) cwd[0] = 0;
      snprintf(abs_out, sizeof abs_out, "%s/%s", cwd, path);
    }
    argv[n++] = abs_out;
    fx_buf cmd = {0};
    fx_emit_c_build_command(L, &eo, &cmd);
    fx_buf_putc(&cmd, 0);
    /* the files of the build command after "-c" */
    char *files = strstr(cmd.p, " -c ") + 4;
    char paths[24][4200];
    int np = 0;
    for (char *s = strtok(files, " "); s && np < 24; s = strtok(NULL, " ")) {
      snprintf(paths[np], sizeof paths[np], "%s/%s", dir, s);
      argv[n++] = paths[np++];
    }
    if (eo.weights_file) argv[n++] = weights_o;
    argv[n++] = "-lm";
    if (!strstr(extra_cflags ? extra_cflags : "", "-fsanitize")) argv[n++] = "-static";
    argv[n] = NULL;
    int rc = run(argv, NULL, log_path);
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
    fx_buf_free(&cmd);
    fx_xfree(cflags);
  }
  if (!keep_dir) remove_dir(tmp);
  return ok;
}
