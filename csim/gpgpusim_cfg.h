/* gpgpusim_cfg.h -- THE reader of a GPGPU-Sim gpgpusim.config, as it is,
 * for every tool (lockstep engine, shell-sim, make run/sim/lockstep): it
 * takes the options the project models into their parameters (the L1D
 * string; for the GPU shell SMs, warps, CTAs, scheduler, the dl2 string,
 * clocks, flit size, ROP and DRAM latencies, partitions, DRAM bus) and names
 * every other option as ignored, with why.  Format and rules:
 * docs/gpgpusim.md. */
#ifndef GPGPUSIM_CFG_H
#define GPGPUSIM_CFG_H
#include <stddef.h>
#include "cfg.h"

#include <stdio.h>

enum { GPGPUSIM_FILE_MAX = 1 << 20, GPGPUSIM_REP_MAX = 256 };
/* files read together at most (a macro: a message can spell it, GPGPUSIM_STR) */
#define GPGPUSIM_FILES_MAX 8
#define GPGPUSIM_STR_(x) #x
#define GPGPUSIM_STR(x) GPGPUSIM_STR_(x)
/* What to read: the L1D alone (a block's lockstep run) or the whole GPU
 * (the shell: SMs, warps, CTAs, scheduler, dl2, clocks, flits, latencies,
 * partitions, DRAM; docs/gpgpusim.md). */
enum { GPGPUSIM_L1D = 0, GPGPUSIM_GPU = 1 };

/* One option of the file: read into parameters (used, note = which) or
 * ignored (note = why). */
typedef struct {
  char opt[96], val[160], note[200];
  int line, used, src; /* src: the file it is in (files[src]) */
} gpgpusim_opt_t;
typedef struct gpgpusim_rep {
  char file[512]; /* the file, or the files joined with " + " */
  char files[GPGPUSIM_FILES_MAX][256];
  unsigned nfiles, n;
  gpgpusim_opt_t e[GPGPUSIM_REP_MAX];
} gpgpusim_rep_t;

/* Applies the options of file path that scope reads to cfg (a source of its
 * own: later --config / --set override it) and fills rep (may be NULL).
 * On error prints one "error: FILE:LINE: ..." line and returns -1. */
int gpgpusim_cfg_load(l1sys_cfg_t *cfg, const char *path, int scope, gpgpusim_rep_t *rep);
/* Several files read together, in order, as one source: Accel-Sim's
 * -config gpgpusim.config -config trace.config (1..GPGPUSIM_FILES_MAX
 * files; an option may be given once over all of them). */
int gpgpusim_cfg_load_list(l1sys_cfg_t *cfg, const char *const *paths, int n, int scope, gpgpusim_rep_t *rep);
/* The same on a buffer of n bytes; name stands for the file in messages. */
int gpgpusim_cfg_load_texts(l1sys_cfg_t *cfg, const char *const *bufs, const size_t *lens, const char *const *names,
                            int n, int scope, gpgpusim_rep_t *rep);
int gpgpusim_cfg_load_text(l1sys_cfg_t *cfg, const char *buf, size_t n, const char *name, int scope,
                           gpgpusim_rep_t *rep);
/* The one-line report: "gpgpusim-config F: used N options: -opt val (line L)...;
 * ignored M: -opt ..." (cut with "..." to n bytes; several files: F is
 * "A + B" and each used option's place "B:L"). */
void gpgpusim_rep_line(const gpgpusim_rep_t *r, char *out, size_t n);
/* The report as a JSON object: file, files, and per option its value, file,
 * line, used, and "into" (the parameters) or "why" (ignored). */
int gpgpusim_rep_json(const gpgpusim_rep_t *r, FILE *f);

#endif
