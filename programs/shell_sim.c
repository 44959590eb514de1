/* shell_sim.c -- the GPU shell's C model alone (make sim): run a workload on
 * the shell, print the summary table, write JSON.  docs/shell.md.
 * Exit: 0 done, 1 scoreboard failure, 2 bad input, 3 cycle limit reached. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cfg.h"
#include "gpgpusim_cfg.h"
#include "l1d.h"
#include "outfile.h"
#include "shell.h"
#include "shell_gstats.h"
#include "shell_prof.h"
#include "shell_wl.h"

static int usage(FILE *f) {
  fprintf(f,
          "usage: shell-sim [--workload NAME|FILE.traceg|kernelslist.g|FILE.wl] [--args n=..,iters=..,bs=..] [--seed N]\n"
          "                 [--config FILE] [--set NAME=VALUE]... [--gpgpusim-config FILE]... [--cycles N]\n"
          "                 [--json FILE] [--stats table|gpgpusim] [--tags FILE] [--profile FILE]\n"
          "                 [--profile-exclusive FILE [--profile-args ARGS]] [--dump-wl FILE] [--dot FILE] [--list-workloads]\n"
          "                 [--list-params] [--quiet] [--eval-all]\n"
          "  --profile-args: the profiling runs' input, the generator's arguments (the paper profiles with another\n"
          "              input than it evaluates; default: the run's own --args)\n"
          "  default workload: atax; parameters: csim/params_shell.def (SHELL_*), L1D_*, MRPB_*\n"
          "  --eval-all: evaluate every SM and L2 bank every cycle (no sleeping or repeated cycles) and the\n"
          "              bypass units through their RTL twins' comb and edge (the same results, slower: the\n"
          "              reference for the C model's skip paths, docs/shell.md \"Scale\")\n");
  return 2;
}

/* --seed / --cycles: a decimal integer in [0, 2^64-1], nothing else (no
 * sign, no junk, no wrap); -1 and one message otherwise. */
static int opt_u64(const char *opt, const char *v, uint64_t *out) {
  uint64_t x = 0;
  const char *p = v;
  int ok = *p != 0;
  for (; ok && *p; p++) {
    unsigned d = (unsigned)(*p - '0');
    ok = *p >= '0' && *p <= '9' && x <= (UINT64_MAX - d) / 10;
    x = x * 10 + d;
  }
  if (!ok) {
    char e[300];
    fprintf(stderr, "error: option %s: '%s': expected a decimal integer in [0, 18446744073709551615]\n", opt,
            cfg_escape(v, strlen(v), e, sizeof e));
    return -1;
  }
  *out = x;
  return 0;
}

enum { OUT_DUMP, OUT_DOT, OUT_JSON, OUT_PROF, OUT_PEXC, OUT_N };

/* Closes every output file: kept (renamed into place) when keep, else
 * removed.  -1 when one could not be written whole (printed). */
static int close_outs(outfile_t *o, int keep) {
  int bad = 0;
  for (int i = 0; i < OUT_N; i++) bad |= outfile_close(&o[i], keep);
  return bad ? -1 : 0;
}

int main(int argc, char **argv) {
  /* a file-size limit makes a write fail (EFBIG, reported, exit 2), not kill the run */
  signal(SIGXFSZ, SIG_IGN);
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  const char *wlspec = "atax", *args = NULL, *pargs = NULL; /* --args, --profile-args */
  const char *tagsf = NULL; /* static bypass tags in (docs/shell.md) */
  const char *outp[OUT_N] = {NULL}; /* --dump-wl, --dot, --json, --profile, --profile-exclusive (classifier profiles out) */
  static const char *const outopt[OUT_N] = {"option --dump-wl", "option --dot", "option --json", "option --profile",
                                            "option --profile-exclusive"};
  uint64_t seed = 1, cycles = 0;
  int quiet = 0, gpgpusim = 0, eval_all = 0; /* --stats gpgpusim: GPGPU-Sim's statistics text after the table */
  gpgpusim_rep_t grep_store, *grep_ = NULL; /* the GPGPU-Sim config's used/ignored report (JSON, one line) */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    char e[300];
#define NEEDV                                                      \
  do {                                                             \
    if (!v) {                                                      \
      fprintf(stderr, "error: option %s needs a value\n", a);      \
      return 2;                                                    \
    }                                                              \
    i++;                                                           \
  } while (0)
    if (!strcmp(a, "--workload")) { NEEDV; wlspec = v; }
    else if (!strcmp(a, "--args")) { NEEDV; args = v; }
    else if (!strcmp(a, "--seed")) { NEEDV; if (opt_u64(a, v, &seed)) return 2; }
    else if (!strcmp(a, "--cycles")) { NEEDV; if (opt_u64(a, v, &cycles)) return 2; }
    else if (!strcmp(a, "--json")) { NEEDV; outp[OUT_JSON] = v; }
    else if (!strcmp(a, "--stats")) {
      NEEDV;
      if (strcmp(v, "gpgpusim") && strcmp(v, "table")) {
        char e[300];
        fprintf(stderr, "error: option --stats: '%s': expected table or gpgpusim\n", cfg_escape(v, strlen(v), e, sizeof e));
        return 2;
      }
      gpgpusim = !strcmp(v, "gpgpusim");
    }
    else if (!strcmp(a, "--tags")) { NEEDV; tagsf = v; }
    else if (!strcmp(a, "--profile")) { NEEDV; outp[OUT_PROF] = v; }
    else if (!strcmp(a, "--profile-exclusive")) { NEEDV; outp[OUT_PEXC] = v; }
    else if (!strcmp(a, "--profile-args")) { NEEDV; pargs = v; }
    else if (!strcmp(a, "--dump-wl")) { NEEDV; outp[OUT_DUMP] = v; }
    else if (!strcmp(a, "--dot")) { NEEDV; outp[OUT_DOT] = v; }
    else if (!strcmp(a, "--config")) { NEEDV; if (cfg_load(&cfg, v)) return 2; }
    else if (!strcmp(a, "--set")) { NEEDV; if (cfg_set(&cfg, v, "--set")) return 2; }
    else if (!strcmp(a, "--gpgpusim-config")) { /* several in a row: read together (Accel-Sim's -config A -config B) */
      NEEDV;
      if (grep_) {
        fprintf(stderr, "error: option --gpgpusim-config given again after other options (%s); give the GPGPU-Sim configs "
                "one after another: --gpgpusim-config A --gpgpusim-config B (Accel-Sim's -config A -config B)\n",
                cfg_escape(v, strlen(v), e, sizeof e));
        return 2;
      }
      const char *gp[GPGPUSIM_FILES_MAX];
      int ng = 0;
      gp[ng++] = v;
      for (; i + 2 < argc && !strcmp(argv[i + 1], "--gpgpusim-config"); i += 2) {
        if (ng == GPGPUSIM_FILES_MAX) {
          fprintf(stderr, "error: more than %d GPGPU-Sim configs (--gpgpusim-config %s)\n", GPGPUSIM_FILES_MAX,
                  cfg_escape(argv[i + 2], strlen(argv[i + 2]), e, sizeof e));
          return 2;
        }
        gp[ng++] = argv[i + 2];
      }
      grep_ = &grep_store;
      if (gpgpusim_cfg_load_list(&cfg, gp, ng, GPGPUSIM_GPU, grep_)) return 2;
    }
    else if (!strcmp(a, "--quiet")) quiet = 1;
    else if (!strcmp(a, "--eval-all")) eval_all = 1;
    else if (!strcmp(a, "--list-workloads")) {
      for (int k = 0; shell_wl_gen_names[k]; k++) printf("%s\n", shell_wl_gen_names[k]);
      return 0;
    } else if (!strcmp(a, "--list-params")) { cfg_list(stdout, "shell"); return 0; }
    else if (!strcmp(a, "--help")) { usage(stdout); return 0; }
    else {
      fprintf(stderr, "error: unknown option '%s' (shell-sim --help lists the options)\n", cfg_escape(a, strlen(a), e, sizeof e));
      return 2;
    }
  }
  if (pargs && !outp[OUT_PEXC]) {
    fprintf(stderr, "error: option --profile-args: expected with --profile-exclusive FILE (it sets that profile's input)\n");
    return 2;
  }
  /* a parameter of a block the shell does not contain (FIFO_DEPTH, ...) is refused, naming where it was set */
  if (cfg_check_block(&cfg, SHELL_PARAM_BLOCKS)) return 2;
  /* every output opened before the run: a path that cannot be written fails now, not after it */
  outfile_t out[OUT_N] = {{0}};
  for (int k = 0; k < OUT_N; k++)
    if (outp[k] && outfile_open(&out[k], outp[k], outopt[k])) { close_outs(out, 0); return 2; }
  shell_wl_t wl;
  shell_wl_init(&wl, (unsigned)CFG(&cfg, L1D_ADDR_W));
  if (shell_wl_load(&wl, wlspec, args, seed)) { shell_wl_free(&wl); close_outs(out, 0); return 2; }
  /* --profile-args: the profiling input, loaded and matched to the run's kernels before the run (shell_prof.h) */
  shell_wl_t pwl;
  shell_wl_init(&pwl, (unsigned)CFG(&cfg, L1D_ADDR_W));
  uint32_t *kmap = NULL;
  if (pargs) {
    int file = shell_wl_spec_kind(wlspec) != 0, bad = file;
    if (file) fprintf(stderr, "error: option --profile-args: expected a generator workload (a trace or .wl file is one input)\n");
    if (!bad && shell_wl_gen_as(&pwl, wlspec, pargs, seed, "option --profile-args")) bad = 1;
    if (!bad && !(kmap = malloc(wl.nk * sizeof *kmap))) fprintf(stderr, "error: out of memory\n"), bad = 1;
    if (!bad && shell_prof_kmap(&wl, &pwl, "option --profile-args", kmap)) bad = 1;
    if (bad) { free(kmap); shell_wl_free(&pwl); shell_wl_free(&wl); close_outs(out, 0); return 2; }
  }
  if (out[OUT_DUMP].f) (void)shell_wl_write(&wl, out[OUT_DUMP].f); /* a write error: reported by the close */
  if (outfile_close(&out[OUT_DUMP], 1)) { shell_wl_free(&wl), shell_wl_free(&pwl), free(kmap); close_outs(out, 0); return 2; }
  shell_t s;
  if (shell_init(&s, &cfg, &wl)) { shell_wl_free(&wl), shell_wl_free(&pwl), free(kmap); close_outs(out, 0); return 2; }
  s.gpgpusim = grep_;
  s.eval_all = eval_all;
  if (grep_ && !quiet) {
    char line[4096];
    gpgpusim_rep_line(grep_, line, sizeof line);
    printf("%s\n", line);
  }
  if (outp[OUT_DOT]) { /* the block diagram of what shell_init instantiated */
    (void)shell_dot(&s, out[OUT_DOT].f); /* a write error: reported by the close */
    int bad = outfile_close(&out[OUT_DOT], 1);
    close_outs(out, 0);
    shell_free(&s);
    shell_wl_free(&wl), shell_wl_free(&pwl), free(kmap);
    return bad ? 2 : 0;
  }
  shell_byp_tags_t tags = {0};
  shell_byp_prof_t prof = {0};
  uint32_t sch = (uint32_t)CFG(&cfg, SHELL_BYPASS);
  if ((sch == SHELL_BYPASS_STATIC || sch == SHELL_BYPASS_COORD) && !tagsf) {
    fprintf(stderr, "error: parameter SHELL_BYPASS=%s: needs the classifier's load tags (--tags FILE; docs/shell.md)\n",
            shell_byp_name(sch));
    shell_free(&s);
    shell_wl_free(&wl), shell_wl_free(&pwl), free(kmap);
    close_outs(out, 0);
    return 2;
  }
  if (tagsf && shell_byp_tags_load(&tags, tagsf)) { shell_free(&s); shell_wl_free(&wl), shell_wl_free(&pwl), free(kmap); close_outs(out, 0); return 2; }
  s.tags = tagsf ? &tags : NULL;
  for (unsigned i = 0; i < s.nsm; i++) s.byp[i].prof = outp[OUT_PROF] ? &prof : NULL;
  if (!cycles) cycles = (uint64_t)CFG(&cfg, SHELL_MAX_CYCLES);
  shell_gstats_t gs; /* GPGPU-Sim's statistics (csim/shell/shell_gstats.c) */
  if (shell_gstats_init(&gs, &s)) { fprintf(stderr, "error: out of memory\n"); exit(2); }
  gs.workload = wlspec;
  clock_t t0 = clock();
  int rc = shell_gstats_run(&gs, &s, cycles, !quiet);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  shell_gstats_close(&gs, &s);
  if (!quiet) {
    char kn[300];
    printf("workload %s (%u kernel%s, %llu warp instructions), seed %llu\n", cfg_escape(wlspec, strlen(wlspec), kn, sizeof kn),
           wl.nk, wl.nk == 1 ? "" : "s", (unsigned long long)shell_wl_insts(&wl), (unsigned long long)seed);
    shell_wl_report_unsupported(&wl, stdout);
    shell_summary(&s, stdout);
    printf("C model: %u cycles in %.2f s (%.0f cycles/s)\n", s.cycle_q, secs, secs > 0 ? s.cycle_q / secs : 0.0);
    if (gpgpusim) {
      printf("\n");
      shell_gstats_print(&gs, &s, stdout, secs);
    }
  }
  if (rc == 1) fprintf(stderr, "SCOREBOARD FAILURE: %s\n", s.err);
  if (rc == 3) fprintf(stderr, "error: cycle limit %llu reached before the workload finished\n", (unsigned long long)cycles);
  /* results written whole or not at all (csim/outfile.h): a failed write or close is exit 2 */
  if (out[OUT_JSON].f) (void)shell_gstats_json_write(&gs, &s, out[OUT_JSON].f, secs); /* write errors: reported by the close */
  if (out[OUT_PROF].f) (void)shell_byp_prof_write(&prof, out[OUT_PROF].f);
  /* the paper's profile: the workload again, once per load index and per group index (shell_prof.h) */
  /* (each profiling run may take up to 16x this run's cycles, or the limit if larger: a run that bypasses
   * all loads but one is slower than the run with the L1D) */
  /* (another profiling input: 16x scaled by its warp instructions over this run's, when it has more) */
  if (out[OUT_PEXC].f && !rc) {
    uint64_t cap = 16 * (uint64_t)s.cycle_q, ni = shell_wl_insts(&wl), np = pargs ? shell_wl_insts(&pwl) : 0;
    if (np > ni && ni) cap = (uint64_t)((double)cap * (double)np / (double)ni);
    cap = cap > cycles ? cap : cycles;
    rc = pargs ? shell_prof_exclusive(&cfg, &pwl, cap, out[OUT_PEXC].f, !quiet, kmap, wl.nk)
               : shell_prof_exclusive(&cfg, &wl, cap, out[OUT_PEXC].f, !quiet, NULL, 0);
  }
  if (close_outs(out, 1)) rc = rc ? rc : 2;
  shell_gstats_free(&gs);
  shell_byp_tags_free(&tags);
  shell_byp_prof_free(&prof);
  shell_free(&s);
  shell_wl_free(&wl);
  shell_wl_free(&pwl);
  free(kmap);
  return rc;
}
