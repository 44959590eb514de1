/* ls_stats.h -- the JSON results file every run writes (--stats FILE,
 * default build/stats/<block>_<config>_seed<N>.json).  Fields:
 * docs/results.md.  Blocks add counters through ls.h (ls_stat_count,
 * ls_stat_rate) from their stats() hook. */
#ifndef LS_STATS_H
#define LS_STATS_H
#include <stdint.h>
#include <stdio.h>
#include "ls.h"

typedef struct {
  const char *block, *mode;    /* "lockstep" | "c" | "rtl" */
  const char *result;          /* "pass" | "divergence" | "check_failed" */
  const char *config_label;    /* what the default file name says */
  const char *const *config_files; int nconfig_files;
  const char *gpgpusim_config; /* NULL when none (the first, when several) */
  const char *const *gpgpusim_configs; /* all of them, in order */
  int ngpgpusim;
  const char *gpgpusim_report; /* the one-line used/ignored report */
  uint64_t seed, cycles, cycles_requested;
  double seconds;
  int divergences;
  int compared;                /* 1 when C and RTL were compared */
  int nreg, nmem, nport;
  unsigned long long state_bits;
  const l1sys_cfg_t *cfg;
  int argc;
  char **argv;
} ls_run_info_t;

/* Writes the JSON file for a finished run to f (the block's stats() hook,
 * if any and if the C model ran, adds its counters).  0, or -1 on a write
 * error. */
int ls_stats_write(FILE *f, const ls_run_info_t *ri, const ls_block_t *b, void *ctx);
/* The label of a run's configuration for file names: the --config file
 * names without directory and extension joined by '+', "gpgpusim-<name>"
 * for a GPGPU-Sim config, "default" when neither, plus "+set<hash>" when
 * --set was used.  Only [A-Za-z0-9._+-]. */
void ls_stats_label(char *buf, size_t n, const char *const *configs, int nconfigs, const char *const *gpgpusim, int ngpgpusim,
                    const char *const *sets, int nsets);

#endif
