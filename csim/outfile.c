/* outfile.c -- see outfile.h. */
#include "outfile.h"
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cfg.h"

static int fail(const outfile_t *o, int err) {
  char e[300];
  fprintf(stderr, "error: %s: cannot write '%s' (%s)\n", o->what, cfg_escape(o->path, strlen(o->path), e, sizeof e),
          strerror(err));
  return -1;
}

int outfile_open(outfile_t *o, const char *path, const char *what) {
  struct stat st;
  o->path = path;
  o->what = what;
  o->tmp[0] = 0;
  o->f = NULL;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return fail(o, EISDIR);
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* a device or FIFO: written in place */
    o->f = fopen(path, "w");
    return o->f ? 0 : fail(o, errno);
  }
  if ((size_t)snprintf(o->tmp, sizeof o->tmp, "%s.%ld.tmp", path, (long)getpid()) >= sizeof o->tmp)
    return o->tmp[0] = 0, fail(o, ENAMETOOLONG);
  o->f = fopen(o->tmp, "w");
  if (!o->f) {
    int err = errno;
    o->tmp[0] = 0;
    return fail(o, err);
  }
  return 0;
}

int outfile_close(outfile_t *o, int keep) {
  if (!o->f) return 0;
  int err = 0;
  errno = 0;
  if (fflush(o->f) || ferror(o->f)) err = errno ? errno : EIO;
  if (fclose(o->f) && !err) err = errno ? errno : EIO;
  o->f = NULL;
  if (keep && !err && o->tmp[0] && rename(o->tmp, o->path)) err = errno;
  if (o->tmp[0] && (!keep || err)) unlink(o->tmp);
  o->tmp[0] = 0;
  if (keep && err) return fail(o, err);
  return 0;
}
