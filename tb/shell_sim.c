/* shell_sim.c -- the GPU shell's C model alone (make sim): run a workload on
 * the shell, print the summary table, write JSON.  docs/shell.md.
 * Exit: 0 done, 1 scoreboard failure, 2 bad input, 3 cycle limit reached. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cfg.h"
#include "gpgpusim_cfg.h"
#include "l1d.h"
#include "shell.h"
#include "shell_gstats.h"
#include "shell_wl.h"

static int usage(FILE *f) {
  fprintf(f,
          "usage: shell-sim [--workload NAME|FILE.traceg|FILE.wl] [--args n=..,iters=..,bs=..] [--seed N]\n"
          "                 [--config FILE] [--set NAME=VALUE]... [--gpgpusim-config FILE] [--cycles N]\n"
          "                 [--json FILE] [--stats table|gpgpusim] [--tags FILE] [--profile FILE] [--dump-wl FILE] [--dot FILE] [--list-workloads] [--list-params] [--quiet]\n"
          "  default workload: atax; parameters: csim/params_shell.def (SHELL_*), L1D_*, MRPB_*\n");
  return 2;
}

int main(int argc, char **argv) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  const char *wlspec = "atax", *args = NULL, *json = NULL, *dump = NULL, *dot = NULL;
  const char *tagsf = NULL, *proff = NULL; /* static bypass tags in, classifier profile out (docs/shell.md) */
  uint64_t seed = 1, cycles = 0;
  int quiet = 0, gpgpusim = 0; /* --stats gpgpusim: GPGPU-Sim's statistics text after the table */
  gpgpusim_rep_t grep_store, *grep_ = NULL; /* the GPGPU-Sim config's used/ignored report (JSON, one line) */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEEDV                                                      \
  do {                                                             \
    if (!v) {                                                      \
      fprintf(stderr, "error: option %s needs a value\n", a);      \
      return 2;                                                    \
    }                                                              \
    i++;                                                           \
  } while (0)
    if (!strcmp(a, "--workload")) { NEEDV; wlspec = v; }
    else if ((!strcmp(a, "--seed") || !strcmp(a, "--cycles")) && (!v || !*v || strspn(v, "0123456789") != strlen(v))) {
      fprintf(stderr, "error: %s: '%s' is not a non-negative integer\n", a, v ? v : "");
      return 2;
    }
    else if (!strcmp(a, "--args")) { NEEDV; args = v; }
    else if (!strcmp(a, "--seed")) { NEEDV; seed = strtoull(v, NULL, 0); }
    else if (!strcmp(a, "--cycles")) { NEEDV; cycles = strtoull(v, NULL, 0); }
    else if (!strcmp(a, "--json")) { NEEDV; json = v; }
    else if (!strcmp(a, "--stats")) {
      NEEDV;
      if (strcmp(v, "gpgpusim") && strcmp(v, "table")) {
        fprintf(stderr, "error: option --stats: '%s': expected table or gpgpusim\n", v);
        return 2;
      }
      gpgpusim = !strcmp(v, "gpgpusim");
    }
    else if (!strcmp(a, "--tags")) { NEEDV; tagsf = v; }
    else if (!strcmp(a, "--profile")) { NEEDV; proff = v; }
    else if (!strcmp(a, "--dump-wl")) { NEEDV; dump = v; }
    else if (!strcmp(a, "--dot")) { NEEDV; dot = v; }
    else if (!strcmp(a, "--config")) { NEEDV; if (cfg_load(&cfg, v)) return 2; }
    else if (!strcmp(a, "--set")) { NEEDV; if (cfg_set(&cfg, v, "--set")) return 2; }
    else if (!strcmp(a, "--gpgpusim-config")) {
      NEEDV;
      if (grep_) { fprintf(stderr, "error: option --gpgpusim-config given twice (second: %s); give one\n", v); return 2; }
      grep_ = &grep_store;
      if (gpgpusim_cfg_load(&cfg, v, GPGPUSIM_GPU, grep_)) return 2;
    }
    else if (!strcmp(a, "--quiet")) quiet = 1;
    else if (!strcmp(a, "--list-workloads")) {
      for (int k = 0; shell_wl_gen_names[k]; k++) printf("%s\n", shell_wl_gen_names[k]);
      return 0;
    } else if (!strcmp(a, "--list-params")) { cfg_list(stdout, "shell"); return 0; }
    else if (!strcmp(a, "--help")) { usage(stdout); return 0; }
    else { fprintf(stderr, "error: unknown option '%s'\n", a); return usage(stderr); }
  }
  shell_wl_t wl;
  shell_wl_init(&wl, (unsigned)CFG(&cfg, L1D_ADDR_W));
  if (shell_wl_load(&wl, wlspec, args, seed)) { shell_wl_free(&wl); return 2; }
  if (dump) {
    FILE *f = fopen(dump, "w");
    if (!f || shell_wl_write(&wl, f)) { fprintf(stderr, "error: %s: cannot write\n", dump); if (f) fclose(f); return 2; }
    fclose(f);
  }
  shell_t s;
  if (shell_init(&s, &cfg, &wl)) { shell_wl_free(&wl); return 2; }
  s.gpgpusim = grep_;
  if (grep_ && !quiet) {
    char line[4096];
    gpgpusim_rep_line(grep_, line, sizeof line);
    printf("%s\n", line);
  }
  if (dot) { /* the block diagram of what shell_init instantiated */
    FILE *f = fopen(dot, "w");
    int bad = !f || shell_dot(&s, f);
    if (f) fclose(f);
    shell_free(&s);
    shell_wl_free(&wl);
    if (bad) { fprintf(stderr, "error: %s: cannot write\n", dot); return 2; }
    return 0;
  }
  shell_byp_tags_t tags = {0};
  shell_byp_prof_t prof = {0};
  uint32_t sch = (uint32_t)CFG(&cfg, SHELL_BYPASS);
  if ((sch == SHELL_BYPASS_STATIC || sch == SHELL_BYPASS_COORD) && !tagsf) {
    fprintf(stderr, "error: parameter SHELL_BYPASS=%s: needs the classifier's load tags (--tags FILE; docs/shell.md)\n",
            shell_byp_name(sch));
    shell_free(&s);
    shell_wl_free(&wl);
    return 2;
  }
  if (tagsf && shell_byp_tags_load(&tags, tagsf)) { shell_free(&s); shell_wl_free(&wl); return 2; }
  s.tags = tagsf ? &tags : NULL;
  for (unsigned i = 0; i < s.nsm; i++) s.byp[i].prof = proff ? &prof : NULL;
  if (!cycles) cycles = (uint64_t)CFG(&cfg, SHELL_MAX_CYCLES);
  shell_gstats_t gs; /* GPGPU-Sim's statistics (csim/shell/shell_gstats.c) */
  if (shell_gstats_init(&gs, &s)) { fprintf(stderr, "error: out of memory\n"); exit(2); }
  gs.workload = wlspec;
  clock_t t0 = clock();
  int rc = shell_gstats_run(&gs, &s, cycles, !quiet);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  shell_gstats_close(&gs, &s);
  if (!quiet) {
    printf("workload %s (%u kernel%s, %llu warp instructions), seed %llu\n", wlspec, wl.nk, wl.nk == 1 ? "" : "s",
           (unsigned long long)shell_wl_insts(&wl), (unsigned long long)seed);
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
  if (json) {
    FILE *f = fopen(json, "w");
    if (!f || shell_gstats_json_write(&gs, &s, f, secs)) { fprintf(stderr, "error: %s: cannot write\n", json); rc = rc ? rc : 2; }
    if (f) fclose(f);
  }
  if (proff) {
    FILE *f = fopen(proff, "w");
    if (!f || shell_byp_prof_write(&prof, f)) { fprintf(stderr, "error: %s: cannot write\n", proff); rc = rc ? rc : 2; }
    if (f) fclose(f);
  }
  shell_gstats_free(&gs);
  shell_byp_tags_free(&tags);
  shell_byp_prof_free(&prof);
  shell_free(&s);
  shell_wl_free(&wl);
  return rc;
}
