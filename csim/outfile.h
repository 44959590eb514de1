/* outfile.h -- output files written whole or not at all: the text goes to
 * PATH.<pid>.tmp, which is renamed onto PATH only when every write and the
 * close succeeded; otherwise it is removed and one error line names PATH.
 * A PATH that exists and is not a regular file (a device such as /dev/full,
 * a FIFO, /dev/stdout) is written directly: no temporary file beside it.
 * Used by the engine's results file (--stats) and every file shell-sim
 * writes (--json, --profile, --dump-wl, --dot).  docs/results.md. */
#ifndef OUTFILE_H
#define OUTFILE_H
#include <stdio.h>

typedef struct {
  FILE *f;
  const char *path;
  const char *what; /* the option for messages: "option --json" */
  char tmp[1100];   /* "" when written directly */
} outfile_t;

/* Opens o->f for writing; -1 and one message
 * "error: <what>: cannot write '<path>' (<reason>)" when it cannot. */
int outfile_open(outfile_t *o, const char *path, const char *what);
/* Closes o->f.  keep: the run wants the file; then every write and the
 * close are checked and the temporary renamed onto the path: 0, or -1 and
 * one message (nothing left at the path that was not there).  keep 0:
 * the temporary is removed; returns 0.  Safe on a never-opened o (f NULL). */
int outfile_close(outfile_t *o, int keep);

#endif
