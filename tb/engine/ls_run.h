/* ls_run.h -- the run's internals shared by the engine's run files (not for
 * blocks: they use ls.h).  The steps of one lockstep run, by file:
 *   ls_main.c     ls_main(): options -> outputs -> run -> exit status
 *   ls_opts.c     the command line (usage, parsing, checks, the config tag)
 *   ls_emit.c     the RTL harness Verilator builds (--emit-rtl), --print-map
 *   ls_bind.c     the RTL side opened and bound: every signal's storage resolved once
 *   ls_run.c      run(): a short driver over the steps below
 *   ls_cycle.c    the cycle loops (lockstep, C alone, RTL alone) and reset
 *   ls_compare.c  per-cycle comparison, inputs, history, --rand-init state
 *   ls_diverge.c  a divergence: report, reproduce line, re-runs
 *   ls_report.c   progress, coverage, the final line and the results file
 *   ls_window.c   waveform files of a window (opened, closed, .gtkw, .div) */
#ifndef LS_RUN_H
#define LS_RUN_H
#include <stdio.h>
#include "gpgpusim_cfg.h"
#include "ls_engine.h"
#include "outfile.h"

typedef enum { MODE_LOCKSTEP, MODE_C, MODE_RTL } run_mode_t;

typedef struct {
  const char *block;
  uint64_t seed, cycles, sweep;
  uint64_t every;            /* registers compared every K cycles (outputs every cycle) */
  run_mode_t mode;
  int history;
  int rerun;                 /* re-run with a trace window at a divergence */
  long long win_from, win_to;/* trace window (cycles), -1 = none */
  const char *wave_dir, *wave_prefix, *fst_all, *vcd_all, *emit_dir;
  int print_map;
  int rand_init;             /* random initial state: RTL x-initial, memories loaded with seeded random rows */
  const char *cov_file;      /* functional-coverage counts written here */
  int bench;                 /* --bench: no scoreboard, no coverage counting (one model alone) */
  int quiet;
  int argc;
  char **argv;
  /* inputs and results (docs/results.md) */
  const char *cfgs[64];      /* --config files, in order */
  int ncfg;
  const char *gpgpusim;      /* --gpgpusim-config FILE (the first, when several) */
  const char *gpgpusim_all[GPGPUSIM_FILES_MAX]; /* every --gpgpusim-config FILE, in order (read together) */
  int ngpgpusim;
  char gpgpusim_report[8192]; /* its one-line used/ignored report */
  const char *stats_path;    /* --stats FILE (default build/stats/...) */
  FILE *stats_f;             /* stats_out.f */
  outfile_t stats_out;       /* written whole or not at all (csim/outfile.h) */
  char stats_default[600];
  char wave_prefix_buf[900]; /* the window's default file prefix (o.wave_prefix points here) */
  char config_label[200];
  uint64_t wave_before, wave_after; /* re-run window around a divergence */
  int rerun_child;           /* this run is the re-run: record, do not stop */
  int progress;              /* -1 auto (stderr a terminal, or a long run), 0 off, 1 on */
  char cfg_tag[160];         /* the config in file names and messages */
} opts_t;

typedef struct {
  const opts_t *o;
  const ls_block_t *b;
  void *ctx;
  struct ls_map map;
  int use_c, use_rtl;
  uint32_t *cbuf, *rbuf;   /* scratch, 128 words */
  uint32_t **hist;         /* history of inputs: [history][total input words] */
  uint64_t *hist_cycle;
  unsigned in_words;
  ls_vcd_t *vcd;
  int tracing;
  uint64_t compared;       /* signal values compared */
  int check_failed;        /* the block's scoreboard, not a divergence, stopped the run */
  ls_cmp_t *cmp;           /* comparison FST of a window */
  ls_div_t div;            /* the first divergence */
  char *div_c, *div_r;     /* its C and RTL values (hex; the field of a split register), for the .div file */
  char *div_rw;            /* the whole RTL value */
  int locate;              /* --compare-every K > 1 saw a divergence: a re-run with K = 1 reports it */
  const l1sys_cfg_t *cfg;
  const char *fst_path, *vcd_path; /* the RTL FST and the C VCD written (NULL: none) */
  char path[1000], fstp[1000]; /* a window's file names */
  int rtl_open;            /* the Verilated model is open */
} run_t;

/* Progress on stderr: on a terminal one line rewritten in place after the
 * first 2 s; otherwise (piped, make test, make run) one line every 5 s, so
 * that no long run is silent. */
typedef struct { double t0, next; int tty, shown; } progress_t;

/* "lockstep", "c" or "rtl" */
const char *ls_mode_name(run_mode_t m);

/* ---- ls_opts.c ---- */
#define LS_OPTS_DONE 3 /* ls_opts_parse: the command was answered (--help, --list-*): exit 0 */
/* Defaults, the config tag, every option; 0 go on, 2 bad input (message
 * printed), LS_OPTS_DONE answered. */
int ls_opts_parse(opts_t *o, l1sys_cfg_t *cfg, int argc, char **argv);
/* The block's checks after parsing: parameters, limits, option pairs; 0 or 2. */
int ls_opts_check(const opts_t *o, const ls_block_t *b, const l1sys_cfg_t *cfg);
/* "error: " fmt (with a's escaped text) "\n" on stderr; returns 2. */
int ls_die2(const char *fmt, const char *a);

/* ---- ls_run.c ---- */
/* One run: 0 agreement, 1 divergence or failed check, 2 bad input, 4 a
 * divergence seen with --compare-every K > 1 (its cycle in *locate_at). */
int ls_run(const opts_t *o, const ls_block_t *b, const l1sys_cfg_t *cfg, uint64_t *locate_at);

/* ---- ls_emit.c ---- */
int ls_emit_rtl(const ls_block_t *b, const struct ls_map *m, const char *dir);
/* The RTL files (relative to root) that module top needs, leaves first, on one
 * line of out (ls_rtlfiles.c); -1 after a message if the RTL cannot say. */
int ls_rtl_files(const char *root, const char *top, FILE *out);
void ls_print_map(const struct ls_map *m);

/* ---- ls_bind.c ---- */
/* Opens the Verilated model with this run's plusargs and resolves every
 * signal's storage; 0, or 2 on a bad LS_FAULT_ID. */
int ls_bind_rtl(run_t *r);
/* RTL alone needs only the ports: the speed build has no public state. */
void ls_keep_ports_only(struct ls_map *m);

/* ---- ls_cycle.c ---- */
/* Reset on both sides (and --rand-init's state); 1 if state differs after it. */
int ls_reset(run_t *r);
/* The cycles; returns the cycle count run, *fail set on a divergence or a failed check. */
uint64_t ls_cycles(run_t *r, progress_t *pg, int *fail);

/* ---- ls_compare.c ---- */
int ls_compare_ports(run_t *r, uint64_t cycle);
int ls_compare_state(run_t *r, uint64_t cycle, int sweep, int regs);
void ls_put_inputs(run_t *r);
void ls_read_outputs_into_c(run_t *r);
void ls_save_history(run_t *r, uint64_t cycle);
void ls_rand_init_state(run_t *r, uint64_t seed, int after_reset);

/* ---- ls_diverge.c ---- */
/* The first divergence at signal si (element elem): reported, or (in the
 * waveform re-run) recorded; 1 stops the run. */
int ls_diverged(run_t *r, uint64_t cycle, int si, unsigned elem, const char *when);
void ls_repro_line(run_t *r, uint64_t cycle);
/* --compare-every K > 1 saw a divergence at cycle: the run again with K = 1. */
int ls_locate_divergence(const opts_t *o, uint64_t cycle);
/* path relative to the working directory, when under it */
const char *ls_rel(const char *path);

/* ---- ls_report.c ---- */
double ls_now_s(void);
void ls_progress(progress_t *p, const run_t *r, uint64_t cyc, int done);
void ls_check_failed(run_t *r, uint64_t cyc, const char *msg);
/* the block's summary, coverage, the PASS/DONE line and the results file */
void ls_report(run_t *r, uint64_t cyc, double dt, int fail);

/* ---- ls_window.c ---- */
/* Opens the run's waveform files (--fst, --vcd-c, a --window); 0 or 2. */
int ls_waves_open(run_t *r);
/* Closes them and writes a window's .gtkw and .div files. */
void ls_waves_close(run_t *r);
void ls_waves_free(run_t *r);

#endif
