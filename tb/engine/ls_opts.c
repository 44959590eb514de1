/* ls_opts.c -- the lockstep engine's command line: usage, the options and
 * the checks that need the block; every bad option is one "error: ..." line
 * and exit 2. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpgpusim_cfg.h"
#include "ls_limits.h"
#include "ls_run.h"
#include "ls_stats.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: lockstep --block NAME [options]\n"
          "  --block NAME        block to run (--list-blocks)\n"
          "  --seed N            stimulus seed (default 1)\n"
          "  --cycles N          cycles to run (default 10000)\n"
          "  --config FILE       parameter overrides, NAME = VALUE lines (repeatable)\n"
          "  --set NAME=VALUE    one parameter override (repeatable; after --config)\n"
          "                      (--set L1D_GPGPUSIM=<GPGPU-Sim dl1 string> sets the L1D from one)\n"
          "  --gpgpusim-config FILE  a GPGPU-Sim gpgpusim.config: its -gpgpu_cache:dl1 (--block shell: the whole GPU);\n"
          "                      several one after another are read together (Accel-Sim's trace.config; docs/gpgpusim.md)\n"
          "  --stats FILE        JSON results (default build/stats/<block>_<config>_seed<N>.json)\n"
          "  --mode M            lockstep (default) | c (C model alone) | rtl (RTL alone)\n"
          "  --sweep K           compare every memory row every K cycles (default 4096; 1 = every cycle)\n"
          "  --compare-every K   compare registers every K cycles (default 1); outputs and written memory rows\n"
          "                      still every cycle; a divergence is then located exactly by a re-run with K = 1\n"
          "  --history N         input cycles printed at a divergence (default 8)\n"
          "  --no-rerun          do not re-run with waveforms at a divergence\n"
          "  --wave-dir DIR      where divergence waveforms go (default build/waves)\n"
          "  --window A:B        write waveforms of cycles A..B (comparison FST, RTL FST, .gtkw)\n"
          "  --wave-before N     cycles before a divergence in its waveforms (default 50)\n"
          "  --wave-after N      cycles after a divergence in its waveforms (default 5)\n"
          "  --progress on|off   progress line on stderr (default: after 2 s on a terminal, every 5 s otherwise)\n"
          "  --fst FILE          dump the whole run's RTL as FST\n"
          "  --vcd-c FILE        dump the whole run's C model as VCD\n"
          "  --emit-rtl DIR      write the RTL harness (ls_top.sv, ls_pub.vlt, ls_files.txt) and exit\n"
          "  --print-map         print the state map (RTL name, width, depth) and exit\n"
          "  --rand-init         random initial state: the RTL's registers start random (Verilator\n"
          "                      --x-initial unique, seeded from --seed) and every memory is loaded with the\n"
          "                      same seeded random rows on both sides before reset ends\n"
          "  --cov FILE          write the block's functional-coverage counts to FILE\n"
          "  --bench             for benchmarks, with --mode c or rtl: no scoreboard (check) and no\n"
          "                      functional-coverage counting, so C alone does the testbench work of\n"
          "                      RTL alone (stimulus only); not with --cov\n"
          "  --list-blocks | --list-params [BLOCK]\n"
          "  --quiet             only the final line\n"
          "exit codes: 0 agreement, 1 divergence or broken invariant, 2 bad input or usage\n");
}

int ls_die2(const char *fmt, const char *a) {
  char e[300];
  fprintf(stderr, "error: ");
  fprintf(stderr, fmt, cfg_escape(a, strlen(a), e, sizeof e));
  fprintf(stderr, "\n");
  return 2;
}

static int parse_u64(const char *opt, const char *s, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (!*s || *end || errno || *s == '-') {
    char e[300];
    fprintf(stderr, "error: option %s: '%s' is not a non-negative integer\n", opt, cfg_escape(s, strlen(s), e, sizeof e));
    return -1;
  }
  *out = v;
  return 0;
}

/* The config in file names and messages: the config files' names, then the
 * --set overrides ("base_fermi", "default", "default_SATCNT_WIDTH-2"). */
static void make_cfg_tag(opts_t *o, int argc, char **argv) {
  char t[160] = "";
  for (int i = 1; i + 1 < argc; i++) { /* the gpgpusim.config files first, as in the results file's name */
    if (strcmp(argv[i], "--gpgpusim-config")) continue;
    const char *b = strrchr(argv[i + 1], '/');
    b = b ? b + 1 : argv[i + 1];
    const char *dot = strrchr(b, '.');
    size_t l = strlen(t);
    snprintf(t + l, sizeof t - l, "%s%.*s", l ? "+" : "gpgpusim-", (int)(dot && dot != b ? dot - b : (ptrdiff_t)strlen(b)), b);
    i++;
  }
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--config")) continue;
    const char *b = strrchr(argv[i + 1], '/');
    b = b ? b + 1 : argv[i + 1];
    size_t l = strlen(t), bl = strlen(b);
    if (bl > 4 && !strcmp(b + bl - 4, ".cfg")) bl -= 4;
    snprintf(t + l, sizeof t - l, "%s%.*s", l ? "+" : "", (int)bl, b);
  }
  if (!*t) snprintf(t, sizeof t, "default");
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "--set")) continue;
    size_t l = strlen(t);
    snprintf(t + l, sizeof t - l, "_%s", argv[i + 1]);
  }
  for (char *p = t; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '+' || *p == '.'))
      *p = '-';
  snprintf(o->cfg_tag, sizeof o->cfg_tag, "%s", t);
}

static void opts_defaults(opts_t *o, int argc, char **argv) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  o->cycles = 10000;
  o->sweep = 4096;
  o->every = 1;
  o->history = 8;
  o->rerun = 1;
  o->win_from = o->win_to = -1;
  o->wave_dir = "build/waves";
  o->argc = argc;
  o->argv = argv;
  o->wave_before = 50;
  o->wave_after = 5;
  o->progress = -1;
}

/* The --set list, applied after every --config file. */
typedef struct {
  const char *v[64];
  int n;
} sets_t;

/* Options without a value; 1 if a is one of them. */
static int flag_opt(opts_t *o, const char *a) {
  if (!strcmp(a, "--no-rerun")) o->rerun = 0;
  else if (!strcmp(a, "--quiet")) o->quiet = 1;
  else if (!strcmp(a, "--rerun-child")) o->rerun_child = 1;
  else if (!strcmp(a, "--print-map")) o->print_map = 1;
  else if (!strcmp(a, "--rand-init")) o->rand_init = 1;
  else if (!strcmp(a, "--bench")) o->bench = 1;
  else return 0;
  return 1;
}

/* Options that answer and end the command; -1 if a is none of them. */
static int answer_opt(const char *a, const char *v) {
  if (!strcmp(a, "--list-blocks")) { ls_list_blocks(stdout); return 0; }
  if (!strcmp(a, "--list-params")) {
    if (v && v[0] != '-' && !ls_find_block(v) && !cfg_block_known(v)) {
      char e[300];
      fprintf(stderr, "error: option --list-params: unknown block '%s'; blocks:\n", cfg_escape(v, strlen(v), e, sizeof e));
      ls_list_blocks(stderr);
      return 2;
    }
    cfg_list(stdout, v && v[0] != '-' ? v : NULL);
    return 0;
  }
  if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
  return -1;
}

static int takes_value(const char *a) {
  static const char *const names[] = {"--block", "--seed", "--cycles", "--sweep", "--compare-every", "--history",
                                      "--config", "--gpgpusim-config", "--stats", "--set", "--mode", "--wave-dir",
                                      "--wave-prefix", "--window", "--wave-before", "--wave-after", "--progress",
                                      "--fst", "--vcd-c", "--emit-rtl", "--cov"};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    if (!strcmp(a, names[k])) return 1;
  return 0;
}

/* --gpgpusim-config FILE: its L1D (or, for the shell, the whole GPU) into
 * cfg; several in a row (--gpgpusim-config A --gpgpusim-config B, Accel-Sim's
 * -config A -config B) are read together, one source. */
static int gpgpusim_opt(opts_t *o, l1sys_cfg_t *cfg, const char *v, int *i) {
  if (o->gpgpusim)
    return ls_die2("option --gpgpusim-config given again after other options (%s); give the GPGPU-Sim configs one "
                   "after another: --gpgpusim-config A --gpgpusim-config B (Accel-Sim's -config A -config B)", v);
  o->gpgpusim_all[o->ngpgpusim++] = v;
  for (; *i + 2 < o->argc && !strcmp(o->argv[*i + 1], "--gpgpusim-config"); *i += 2) {
    if (o->ngpgpusim == GPGPUSIM_FILES_MAX)
      return ls_die2("more than " GPGPUSIM_STR(GPGPUSIM_FILES_MAX) " GPGPU-Sim configs (--gpgpusim-config %s)", o->argv[*i + 2]);
    o->gpgpusim_all[o->ngpgpusim++] = o->argv[*i + 2];
  }
  gpgpusim_rep_t *rep = malloc(sizeof *rep);
  int shell_scope = 0; /* the GPU shell reads the whole GPU; a block only its L1D */
  for (int q = 1; q + 1 < o->argc; q++)
    if (!strcmp(o->argv[q], "--block") && !strcmp(o->argv[q + 1], "shell")) shell_scope = 1;
  if (!rep || gpgpusim_cfg_load_list(cfg, o->gpgpusim_all, o->ngpgpusim, shell_scope ? GPGPUSIM_GPU : GPGPUSIM_L1D, rep)) {
    free(rep);
    return 2;
  }
  gpgpusim_rep_line(rep, o->gpgpusim_report, sizeof o->gpgpusim_report);
  free(rep);
  o->gpgpusim = v;
  return 0;
}

/* The parameter options: --config, --gpgpusim-config, --set; -1 if none. */
static int config_opt(opts_t *o, l1sys_cfg_t *cfg, sets_t *sets, const char *a, const char *v, int *i) {
  if (!strcmp(a, "--config")) {
    if (cfg_load(cfg, v)) return 2;
    if (o->ncfg == 64) return ls_die2("too many --config options (%s)", v);
    o->cfgs[o->ncfg++] = v;
    return 0;
  }
  if (!strcmp(a, "--gpgpusim-config")) return gpgpusim_opt(o, cfg, v, i);
  if (!strcmp(a, "--set")) {
    if (sets->n == 64) return ls_die2("too many --set options (%s)", v);
    sets->v[sets->n++] = v;
    return 0;
  }
  return -1;
}

/* The run's counts: --seed, --cycles, --sweep, --compare-every, --history; -1 if none. */
static int count_opt(opts_t *o, const char *a, const char *v) {
  if (!strcmp(a, "--seed")) return parse_u64(a, v, &o->seed) ? 2 : 0;
  if (!strcmp(a, "--cycles")) return parse_u64(a, v, &o->cycles) ? 2 : 0;
  if (!strcmp(a, "--sweep")) return parse_u64(a, v, &o->sweep) ? 2 : 0;
  if (!strcmp(a, "--compare-every")) {
    if (parse_u64(a, v, &o->every) || !o->every || o->every > 1000000000ull)
      return ls_die2("option --compare-every: '%s' is not a cycle count in 1..1000000000", v);
    return 0;
  }
  if (!strcmp(a, "--history")) {
    uint64_t h;
    if (parse_u64(a, v, &h) || !h || h > 1000) return ls_die2("option --history: '%s' is not in 1..1000", v);
    o->history = (int)h;
    return 0;
  }
  return -1;
}

/* Waveform options: --window, --wave-*, --fst, --vcd-c; -1 if none. */
static int wave_opt(opts_t *o, const char *a, const char *v) {
  if (!strcmp(a, "--wave-dir")) o->wave_dir = v;
  else if (!strcmp(a, "--wave-prefix")) o->wave_prefix = v;
  else if (!strcmp(a, "--window")) {
    long long x, y;
    char tail;
    if (sscanf(v, "%lld:%lld%c", &x, &y, &tail) != 2 || x < 0 || y < x)
      return ls_die2("option --window: '%s' is not FROM:TO cycles", v);
    o->win_from = x, o->win_to = y;
  } else if (!strcmp(a, "--wave-before")) return parse_u64(a, v, &o->wave_before) ? 2 : 0;
  else if (!strcmp(a, "--wave-after")) return parse_u64(a, v, &o->wave_after) ? 2 : 0;
  else if (!strcmp(a, "--fst")) o->fst_all = v;
  else if (!strcmp(a, "--vcd-c")) o->vcd_all = v;
  else return -1;
  return 0;
}

/* The other options with a value: --block, --mode, --stats, --progress, --emit-rtl, --cov. */
static int other_opt(opts_t *o, const char *a, const char *v) {
  if (!strcmp(a, "--block")) o->block = v;
  else if (!strcmp(a, "--stats")) o->stats_path = v;
  else if (!strcmp(a, "--emit-rtl")) o->emit_dir = v;
  else if (!strcmp(a, "--cov")) o->cov_file = v;
  else if (!strcmp(a, "--mode")) {
    if (!strcmp(v, "lockstep")) o->mode = MODE_LOCKSTEP;
    else if (!strcmp(v, "c")) o->mode = MODE_C;
    else if (!strcmp(v, "rtl")) o->mode = MODE_RTL;
    else return ls_die2("option --mode: '%s' is not lockstep, c or rtl", v);
  } else if (!strcmp(a, "--progress")) {
    if (!strcmp(v, "on")) o->progress = 1;
    else if (!strcmp(v, "off")) o->progress = 0;
    else return ls_die2("option --progress: '%s' is not on or off", v);
  }
  return 0;
}

/* Option a (its value v, NULL at the end); *i past what it took.  0 go on,
 * 2 bad, LS_OPTS_DONE answered. */
static int parse_one(opts_t *o, l1sys_cfg_t *cfg, sets_t *sets, const char *a, const char *v, int *i) {
  if (flag_opt(o, a)) return 0;
  int rc = answer_opt(a, v);
  if (rc >= 0) return rc ? rc : LS_OPTS_DONE;
  if (!takes_value(a)) {
    char e[300];
    fprintf(stderr, "error: unknown option '%s'\n", cfg_escape(a, strlen(a), e, sizeof e));
    usage(stderr);
    return 2;
  }
  if (!v) return ls_die2("option %s needs a value", a);
  (*i)++;
  if ((rc = config_opt(o, cfg, sets, a, v, i)) >= 0) return rc;
  if ((rc = count_opt(o, a, v)) >= 0) return rc;
  if ((rc = wave_opt(o, a, v)) >= 0) return rc;
  return other_opt(o, a, v);
}

int ls_opts_parse(opts_t *o, l1sys_cfg_t *cfg, int argc, char **argv) {
  opts_defaults(o, argc, argv);
  make_cfg_tag(o, argc, argv);
  cfg_defaults(cfg);
  sets_t sets = {.n = 0};
  for (int i = 1; i < argc; i++) {
    int rc = parse_one(o, cfg, &sets, argv[i], i + 1 < argc ? argv[i + 1] : NULL, &i);
    if (rc) return rc;
  }
  cfg_source_begin(cfg); /* the --set list: overrides files, may not repeat itself */
  for (int i = 0; i < sets.n; i++) {
    char origin[64];
    snprintf(origin, sizeof origin, "--set #%d", i + 1);
    if (cfg_set(cfg, sets.v[i], sets.n > 1 ? origin : "--set")) return 2;
  }
  ls_stats_label(o->config_label, sizeof o->config_label, o->cfgs, o->ncfg, o->gpgpusim_all, o->ngpgpusim, sets.v, sets.n);
  return 0;
}

int ls_opts_check(const opts_t *o, const ls_block_t *b, const l1sys_cfg_t *cfg) {
  if (cfg_check_block(cfg, b->param_blocks ? b->param_blocks : b->name) || ls_limits_check(b->name, cfg)) return 2;
  if (o->win_from >= 0 && !o->print_map && !o->emit_dir && (uint64_t)o->win_to >= o->cycles) {
    fprintf(stderr, "error: option --window %lld:%lld: past the end of the run (--cycles %llu: cycles 0..%llu)\n",
            o->win_from, o->win_to, (unsigned long long)o->cycles, (unsigned long long)(o->cycles ? o->cycles - 1 : 0));
    return 2;
  }
  if (o->bench && o->mode == MODE_LOCKSTEP) {
    fprintf(stderr, "error: option --bench: only with --mode c or --mode rtl (a lockstep run keeps its scoreboard and coverage)\n");
    return 2;
  }
  if (o->bench && o->cov_file) {
    fprintf(stderr, "error: options --bench and --cov: --bench counts no coverage; drop one of them\n");
    return 2;
  }
  return 0;
}
