/* ls_main.c -- the lockstep engine: runs a block's C model and its
 * Verilated RTL side by side, cycle by cycle, from one seeded stimulus.
 *
 * Per cycle:  stim() sets the inputs -> C comb + RTL eval with the same
 * inputs -> compare every output and every memory write port -> clock edge
 * on both -> compare every register of the state map (memories: the row
 * written this cycle, plus a full sweep every --sweep cycles and at the end).
 * First divergence: report cycle, signal, C and RTL values and the last
 * inputs; re-run the same seed with an FST window around the cycle; write
 * the C model's VCD and .gtkw files; exit 1.  Bad usage: exit 2. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bits.h"
#include "ls_engine.h"
#include "ls_rtl.h"
#include "gpgpusim_cfg.h"
#include "ls_limits.h"
#include "ls_stats.h"
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
  const char *gpgpusim;      /* --gpgpusim-config FILE */
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

static void usage(FILE *f) {
  fprintf(f,
          "usage: lockstep --block NAME [options]\n"
          "  --block NAME        block to run (--list-blocks)\n"
          "  --seed N            stimulus seed (default 1)\n"
          "  --cycles N          cycles to run (default 10000)\n"
          "  --config FILE       parameter overrides, NAME = VALUE lines (repeatable)\n"
          "  --set NAME=VALUE    one parameter override (repeatable; after --config)\n"
          "                      (--set L1D_GPGPUSIM=<GPGPU-Sim dl1 string> sets the L1D from one)\n"
          "  --gpgpusim-config FILE  a GPGPU-Sim gpgpusim.config: its -gpgpu_cache:dl1 (docs/gpgpusim.md)\n"
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

static int die2(const char *fmt, const char *a) {
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

/* ---- harness generation --------------------------------------------- */

static int emit_rtl(const ls_block_t *b, struct ls_map *m, const char *dir) {
  char path[1024];
  mkdir(dir, 0777);
  snprintf(path, sizeof path, "%s/ls_top.sv", dir);
  FILE *f = fopen(path, "w");
  if (!f) return die2("cannot write %s", path);
  fprintf(f, "// GENERATED by the lockstep engine for block %s -- do not edit.\n", b->name);
  fprintf(f, "// Inputs are variables VPI writes; outputs are read through VPI.\n");
  fprintf(f, "module ls_top (input logic clk_i, input logic rst_ni);\n");
  for (int i = 0; i < m->nsig; i++) {
    ls_sig_t *s = &m->sig[i];
    if (s->kind != SIG_IN && s->kind != SIG_OUT) continue;
    if (s->width == 1) fprintf(f, "  logic %s /*verilator public_flat_%s*/;\n", s->path, s->kind == SIG_IN ? "rw" : "rd");
    else fprintf(f, "  logic [%u:0] %s /*verilator public_flat_%s*/;\n", s->width - 1, s->path, s->kind == SIG_IN ? "rw" : "rd");
  }
  fprintf(f, "  %s", b->rtl_module);
  if (m->npar) {
    fprintf(f, " #(\n");
    for (int i = 0; i < m->npar; i++) fprintf(f, "    .%s(%lld)%s\n", m->par[i].name, m->par[i].value, i + 1 < m->npar ? "," : "");
    fprintf(f, "  )");
  }
  fprintf(f, " dut (\n");
  int first = 1;
  if (!b->no_clock) {
    fprintf(f, "    .clk_i(clk_i)%s", b->no_reset ? "" : ",\n    .rst_ni(rst_ni)");
    first = 0;
  }
  for (int i = 0; i < m->nsig; i++) {
    ls_sig_t *s = &m->sig[i];
    if (s->kind != SIG_IN && s->kind != SIG_OUT) continue;
    fprintf(f, "%s    .%s(%s)", first ? "" : ",\n", s->path, s->path);
    first = 0;
  }
  fprintf(f, "\n  );\nendmodule\n");
  fclose(f);

  snprintf(path, sizeof path, "%s/ls_pub.vlt", dir);
  f = fopen(path, "w");
  if (!f) return die2("cannot write %s", path);
  fprintf(f, "`verilator_config\n// GENERATED: the state map's registers, readable through VPI.\n");
  for (int i = 0; i < m->nsig; i++) {
    ls_sig_t *s = &m->sig[i];
    if (s->kind == SIG_IN || s->kind == SIG_OUT) continue;
    const char *leaf = strrchr(s->path, '.');
    leaf = leaf ? leaf + 1 : s->path;
    int dup = 0;
    for (int j = 0; j < i; j++) {
      const char *l2 = strrchr(m->sig[j].path, '.');
      l2 = l2 ? l2 + 1 : m->sig[j].path;
      dup |= m->sig[j].kind != SIG_IN && m->sig[j].kind != SIG_OUT && !strcmp(l2, leaf);
    }
    if (!dup) fprintf(f, "public_flat_rd -module \"*\" -var \"%s\"\n", leaf);
  }
  if (b->vlt_inline) { /* sub-modules the model must inline (their arrays become the top's members) */
    char mods[256];
    snprintf(mods, sizeof mods, "%s", b->vlt_inline);
    for (char *t = strtok(mods, " "); t; t = strtok(NULL, " ")) fprintf(f, "inline -module \"%s\"\n", t);
  }
  fclose(f);

  /* Verilator 5.006 leaves arrays of more than one unpacked dimension out of
   * its scope tables ("UNSUP" in the generated __Syms.cpp), so the glue
   * reaches them through the model's own member, named here. */
  snprintf(path, sizeof path, "%s/ls_ptrs.inc", dir);
  f = fopen(path, "w");
  if (!f) return die2("cannot write %s", path);
  fprintf(f, "// GENERATED: multi-dimensional state arrays, reached as model members.\n");
  for (int i = 0; i < m->nsig; i++) {
    ls_sig_t *s = &m->sig[i];
    if (s->kind != SIG_ARR || !s->d1) continue;
    fprintf(f, "LS_PTR(\"");
    for (const char *q = s->rtl; *q; q++) /* the name as the glue is asked for it (ls_vpi.c: scope "[N]." as __BRA__N__KET__) */
      if (*q == '[' && strchr(q, ']') && strchr(q, ']')[1] == '.') fprintf(f, "__BRA__");
      else if (*q == ']' && q[1] == '.') fprintf(f, "__KET__");
      else fputc(*q, f);
    fprintf(f, "\", ls_top__DOT__dut");
    for (const char *q = s->path; *q; q++) { /* Verilator's member names: '.' __DOT__, '[' __BRA__, ']' __KET__ */
      if (q == s->path || q[-1] == '.') fprintf(f, "__DOT__");
      if (*q == '[') fprintf(f, "__BRA__");
      else if (*q == ']') fprintf(f, "__KET__");
      else if (*q != '.') fputc(*q, f);
    }
    fprintf(f, ")\n");
  }
  fclose(f);

  snprintf(path, sizeof path, "%s/ls_files.txt", dir);
  f = fopen(path, "w");
  if (!f) return die2("cannot write %s", path);
  fprintf(f, "%s\n", b->rtl_files);
  fclose(f);
  return 0;
}

/* ---- the run ----------------------------------------------------------- */

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
} run_t;

/* Every signal's RTL storage is resolved once, by name; per cycle the engine
 * reads and writes Verilator's variables directly (no VPI call, no name
 * formatting) and compares whole arrays with memcmp where the C side uses
 * the same layout. */
/* GATE=1: is rtl a state-map register the mapped netlist does not have?
 * ($LS_GATE_ABSENT names a file of such paths, one a line, written by
 * scripts/gate_hier.py; only registers, never ports or memories.) */
static int gate_absent(const char *rtl) {
  const char *f = getenv("LS_GATE_ABSENT");
  FILE *fp = f && *f ? fopen(f, "r") : NULL;
  if (!fp) return 0;
  char line[1024];
  int hit = 0;
  while (!hit && fgets(line, sizeof line, fp)) {
    line[strcspn(line, "\n")] = 0;
    hit = !strcmp(line, rtl);
  }
  fclose(fp);
  return hit;
}

static void resolve_handles(run_t *r) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    unsigned ent = 0, elems = 0;
    s->rp = ls_rtl_ptr(s->rtl, &ent, &elems);
    if (s->rp && !ent && elems && s->depth) { /* a model member: elems is its size in bytes */
      ent = elems / s->depth;
      elems = s->depth;
    }
    if (!s->rp && gate_absent(s->rtl)) {
      /* GATE=1: synthesis removed this register (a constant under the
       * configuration's mode ties, or unobservable); the netlist has no
       * value to compare, so it leaves the map (scripts/gate_hier.py lists it) */
      printf("  gate-level: %s is not in the netlist (removed by synthesis), not compared\n", s->rtl);
      free(s->path), free(s->rtl), free(s->eh);
      memmove(s, s + 1, (size_t)(r->map.nsig - i - 1) * sizeof *s);
      r->map.nsig--;
      for (int j = 0; j < r->map.nsig; j++) {
        if (r->map.sig[j].we_sig == i) r->map.sig[j].we_sig = -1;
        else if (r->map.sig[j].we_sig > i) r->map.sig[j].we_sig--;
      }
      i--;
      continue;
    }
    if (!s->rp) {
      fprintf(stderr,
              "error: RTL signal %s not found: the state map of block %s names a %s the RTL does not have "
              "(or the harness was built from an older declaration)\n",
              s->rtl, r->b->name, s->kind == SIG_IN || s->kind == SIG_OUT ? "port" : "register");
      exit(2);
    }
    unsigned want = s->width <= 8 ? 1 : s->width <= 16 ? 2 : s->width <= 32 ? 4 : s->width <= 64 ? 8 : 4 * s->words;
    if (ent != want || (elems && elems != s->depth)) {
      fprintf(stderr, "error: RTL signal %s has %u element(s) of %u bytes; the state map of block %s says %u of %u bits\n",
              s->rtl, elems, ent, r->b->name, s->depth, s->width);
      exit(2);
    }
    s->rsize = ent;
    size_t cel = s->width > 64 ? 4u * s->words : s->csize;
    s->same = cel == ent;
    /* both sides plain integers of 1/2/4/8 bytes: compared by value (the
     * upper bits beyond the width are zero on both sides: Verilator keeps
     * them clean, the C models mask what they store) */
    s->scalar = s->width <= 64 && (s->csize == 1 || s->csize == 2 || s->csize == 4 || s->csize == 8) &&
                (ent == 1 || ent == 2 || ent == 4 || ent == 8);
    s->fast = s->same && (s->depth == 1 || s->stride == ent);
  }
}

/* Prints a value for a report line: hex, or the enum label; wide values
 * shortened to the digits around [lo_d, hi_d] (hex digits from the right). */
static void put_val(FILE *f, const uint32_t *w, unsigned width, const char *group) {
  char hex[LS_MAX_HEX];
  ls_hex(w, width, hex, sizeof hex);
  if (group && width <= 32) {
    const char *l = ls_enum_label(group, w[0]);
    if (l) fprintf(f, "%u (%s)", w[0], l);
    else fprintf(f, "%u", w[0]);
    return;
  }
  size_t len = strlen(hex);
  if (len <= 2 + 24) { fputs(hex, f); return; }
  fprintf(f, "0x%.8s…%s (%u bits)", hex + 2, hex + len - 8, width);
}

static void print_history(run_t *r, uint64_t cycle) {
  int H = r->o->history;
  printf("  last %d cycles of inputs (oldest first; after the first, only inputs that changed):\n", H);
  uint32_t *prev = NULL;
  for (int k = H - 1; k >= 0; k--) {
    if ((uint64_t)k > cycle) continue;
    uint64_t c = cycle - (uint64_t)k;
    uint32_t *h = r->hist[c % (uint64_t)H];
    if (r->hist_cycle[c % (uint64_t)H] != c) continue;
    printf("    cycle %llu:", (unsigned long long)c);
    unsigned off = 0;
    int shown = 0;
    for (int i = 0; i < r->map.nsig; i++) {
      ls_sig_t *s = &r->map.sig[i];
      if (s->kind != SIG_IN) continue;
      if (!prev || memcmp(prev + off, h + off, s->words * sizeof(uint32_t))) {
        const ls_annot_t *a = ls_annot_find(&r->map, s);
        printf(" %s=", s->path);
        put_val(stdout, h + off, s->width, a ? a->group : NULL);
        shown++;
      }
      off += s->words;
    }
    printf("%s\n", shown ? "" : " (unchanged)");
    prev = h;
  }
}

/* The command that reproduces this run: fault defines, config, every SET. */
static void repro_line(run_t *r, uint64_t cycle) {
  printf("  reproduce:");
  const char *fr = getenv("FAULT_RTL"), *fc = getenv("FAULT_C");
  if (fr && *fr) printf(" FAULT_RTL=%s", fr);
  if (fc && *fc) printf(" FAULT_C=%s", fc);
  /* GATE=1: the run simulated the mapped netlist (scripts/lockstep.sh) */
  const char *gate = getenv("GATE");
  if (gate && *gate) printf(" GATE=%s", gate);
  /* environment the block's adapter reads (its workload): part of the run */
  static const char *const envs[] = {"SHELL_WORKLOAD", "SHELL_WORKLOAD_ARGS", "SHELL_TAGS"};
  for (size_t k = 0; k < sizeof envs / sizeof envs[0]; k++) {
    const char *v = getenv(envs[k]);
    if (v && *v) printf(strchr(v, ' ') || strchr(v, ',') ? " %s=\"%s\"" : " %s=%s", envs[k], v);
  }
  printf(" make lockstep BLOCK=%s SEED=%llu CYCLES=%llu", r->b->name, (unsigned long long)r->o->seed,
         (unsigned long long)cycle + 1);
  char sets[2048] = "";
  int nconf = 0;
  for (int i = 1; i < r->o->argc; i++) {
    if (!strcmp(r->o->argv[i], "--config") && i + 1 < r->o->argc && !nconf++) printf(" CONFIG=%s", r->o->argv[i + 1]);
    if (!strcmp(r->o->argv[i], "--set") && i + 1 < r->o->argc) {
      size_t l = strlen(sets);
      snprintf(sets + l, sizeof sets - l, "%s%s", l ? " " : "", r->o->argv[i + 1]);
    }
    if (!strcmp(r->o->argv[i], "--gpgpusim-config") && i + 1 < r->o->argc) printf(" GPGPUSIM=%s", r->o->argv[i + 1]);
  }
  if (*sets) printf(strchr(sets, ' ') ? " SET=\"%s\"" : " SET=%s", sets);
  if (r->o->mode != MODE_LOCKSTEP) printf(" MODE=%s", r->o->mode == MODE_C ? "c" : "rtl");
  if (r->o->sweep != 4096) printf(" SWEEP=%llu", (unsigned long long)r->o->sweep);
  if (r->o->every > 1) printf(" COMPARE_EVERY=%llu", (unsigned long long)r->o->every);
  if (r->o->rand_init) printf(" RANDINIT=1");
  printf("\n");
}

static const char *rel(const char *path) {
  char cwd[700];
  if (getcwd(cwd, sizeof cwd)) {
    size_t l = strlen(cwd);
    if (!strncmp(path, cwd, l) && path[l] == '/') return path + l + 1;
  }
  return path;
}

/* Re-runs this binary on the same seed with a waveform window around the
 * divergence (wave_before cycles before it, wave_after past it); the child
 * writes the comparison FST, Verilator's RTL FST and their .gtkw files. */
static void rerun_with_waves(run_t *r, uint64_t cycle) {
  const opts_t *o = r->o;
  char prefix[900], window[64], wdir[600], cyc[32];
  mkdir(o->wave_dir, 0777);
  if (!realpath(o->wave_dir, wdir)) snprintf(wdir, sizeof wdir, "%s", o->wave_dir);
  snprintf(prefix, sizeof prefix, "%s/%s_%s_seed%llu_cycle%llu", wdir, r->b->name, o->cfg_tag, (unsigned long long)o->seed,
           (unsigned long long)cycle);
  uint64_t from = cycle > o->wave_before ? cycle - o->wave_before : 0, to = cycle + o->wave_after;
  snprintf(window, sizeof window, "%llu:%llu", (unsigned long long)from, (unsigned long long)to);
  snprintf(cyc, sizeof cyc, "%llu", (unsigned long long)to + 1);
  char **av = calloc((size_t)o->argc + 16, sizeof(char *));
  int n = 0;
  for (int i = 0; i < o->argc; i++) av[n++] = o->argv[i];
  av[n++] = "--no-rerun";
  av[n++] = "--quiet";
  av[n++] = "--rerun-child";
  av[n++] = "--cycles";
  av[n++] = cyc;
  av[n++] = "--window";
  av[n++] = window;
  av[n++] = "--wave-prefix";
  av[n++] = prefix;
  av[n] = NULL;
  printf("  re-running seed %llu up to cycle %llu for waveforms (progress on stderr)\n", (unsigned long long)o->seed,
         (unsigned long long)to);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stdout)) _exit(3);
    execv("/proc/self/exe", av);
    _exit(3);
  }
  int st = 0;
  if (pid > 0) waitpid(pid, &st, 0);
  free(av);
  int ok = pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) <= 1;
  printf("  waveforms: seed %llu re-run over cycles %llu..%llu; the divergence is at %llu ns (marker A), 10 ns per cycle\n",
         (unsigned long long)o->seed, (unsigned long long)from, (unsigned long long)to,
         (unsigned long long)(cycle * 10 + (r->div.phase ? 5 : 0)));
  if (!ok) {
    printf("    (the re-run that writes them failed: exit status %d)\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    return;
  }
  printf("    C vs RTL, every compared signal (scopes c, rtl, diff):  gtkwave %s.gtkw\n", rel(prefix));
  printf("    RTL with every internal signal (Verilator FST):        gtkwave %s_rtl.gtkw\n", rel(prefix));
}

/* Where the values differ: prints the differing fields or elements and, for
 * a wide value, the digits around the difference with a marker line. */
static void explain(run_t *r, const ls_sig_t *s, unsigned elem) {
  const ls_annot_t *a = ls_annot_find(&r->map, s);
  const char *grp = a ? a->group : NULL;
  unsigned ns = ls_nsub(&r->map, s);
  char nm[200];
  if ((s->kind == SIG_ARR || s->kind == SIG_MEM)) {
    ls_sub_name(&r->map, s, elem, nm, sizeof nm);
    printf("  element %s[%u] = %s\n", s->path, elem, nm);
  }
  if (s->kind == SIG_REG && ns) { /* a packed register split into fields */
    unsigned fw = ls_sub_width(&r->map, s), shown = 0;
    uint32_t fc[LS_MAX_WORDS], fr[LS_MAX_WORDS];
    for (unsigned k = 0; k < ns; k++) {
      ls_field_get(r->cbuf, k, fw, fc);
      ls_field_get(r->rbuf, k, fw, fr);
      if (!memcmp(fc, fr, bits_words(fw) * sizeof(uint32_t))) continue;
      if (shown++ == 8) { printf("  ... more fields differ\n"); break; }
      ls_sub_name(&r->map, s, k, nm, sizeof nm);
      printf("  %s %s (bits %u:%u): C ", s->path, nm, (k + 1) * fw - 1, k * fw);
      put_val(stdout, fc, fw, grp);
      printf(", RTL ");
      put_val(stdout, fr, fw, grp);
      printf("\n");
    }
    return;
  }
  if (s->width <= 64 || grp) {
    printf("  C   ");
    put_val(stdout, r->cbuf, s->width, grp);
    printf("\n  RTL ");
    put_val(stdout, r->rbuf, s->width, grp);
    printf("\n");
    return;
  }
  /* wide: hex digits around the differing ones, marked */
  char c[LS_MAX_HEX], v[LS_MAX_HEX];
  ls_hex(r->cbuf, s->width, c, sizeof c);
  ls_hex(r->rbuf, s->width, v, sizeof v);
  size_t len = strlen(c), lo = len, hi = 0;
  for (size_t i = 2; i < len; i++)
    if (c[i] != v[i]) { if (lo == len) lo = i; hi = i; }
  int lobit = -1, hibit = -1;
  for (unsigned b = 0; b < s->width; b++)
    if (bits_test(r->cbuf, b) != bits_test(r->rbuf, b)) { if (lobit < 0) lobit = (int)b; hibit = (int)b; }
  size_t from = lo > 2 + 12 ? lo - 12 : 2, to = hi + 13 < len ? hi + 13 : len;
  printf("  %u-bit value, differing bits %d..%d (hex digits %zu..%zu from the right):\n", s->width, hibit, lobit,
         len - 1 - hi, len - 1 - lo);
  printf("  C   %s%.*s%s\n", from > 2 ? "…" : "0x", (int)(to - from), c + from, to < len ? "…" : "");
  printf("  RTL %s%.*s%s\n", from > 2 ? "…" : "0x", (int)(to - from), v + from, to < len ? "…" : "");
  printf("      %*s", from > 2 ? 1 : 2, "");
  for (size_t i = from; i < to; i++) putchar(c[i] != v[i] ? '^' : ' ');
  printf("\n");
}

static int diverged(run_t *r, uint64_t cycle, int si, unsigned elem, const char *when) {
  ls_sig_t *s = &r->map.sig[si];
  if (r->o->rerun_child) { /* the re-run records the first divergence and goes on */
    if (r->div.sig < 0) {
      r->div.sig = si, r->div.elem = elem, r->div.cycle = cycle;
      r->div.phase = strstr(when, "before") == NULL;
      r->div.has_elem = s->kind == SIG_ARR || s->kind == SIG_MEM;
      r->div_c = malloc(LS_MAX_HEX), r->div_r = malloc(LS_MAX_HEX), r->div_rw = malloc(LS_MAX_HEX);
      ls_hex(r->rbuf, s->width, r->div_rw, LS_MAX_HEX);
      unsigned ns = ls_nsub(&r->map, s);
      if (s->kind == SIG_REG && ns) { /* a split register: its first differing field */
        unsigned fw = ls_sub_width(&r->map, s);
        uint32_t fc[LS_MAX_WORDS], fr[LS_MAX_WORDS];
        for (unsigned k = 0; k < ns; k++) {
          ls_field_get(r->cbuf, k, fw, fc);
          ls_field_get(r->rbuf, k, fw, fr);
          if (memcmp(fc, fr, bits_words(fw) * 4)) {
            r->div.elem = k, r->div.has_elem = 1;
            ls_hex(fc, fw, r->div_c, LS_MAX_HEX);
            ls_hex(fr, fw, r->div_r, LS_MAX_HEX);
            break;
          }
        }
      }
      if (!r->div.has_elem || s->kind != SIG_REG) {
        ls_hex(r->cbuf, s->width, r->div_c, LS_MAX_HEX);
        ls_hex(r->rbuf, s->width, r->div_r, LS_MAX_HEX);
      }
    }
    return 0;
  }
  r->div.sig = si, r->div.elem = elem, r->div.cycle = cycle;
  if (r->o->every > 1) { /* registers were last compared up to K cycles ago: the first divergence may be earlier */
    char en[700];
    ls_elem_name(s, elem, en, sizeof en);
    printf("DIVERGENCE seen at cycle %llu (%s, %s) with registers compared every %llu cycles; re-running seed %llu "
           "with every register compared every cycle to find the first diverging cycle\n",
           (unsigned long long)cycle, en, when, (unsigned long long)r->o->every, (unsigned long long)r->o->seed);
    fflush(stdout);
    r->locate = 1;
    return 1;
  }
  r->div.phase = strstr(when, "before") == NULL;
  r->div.has_elem = s->kind == SIG_ARR || s->kind == SIG_MEM;
  printf("DIVERGENCE block %s config %s seed %llu cycle %llu (%s)\n", r->b->name, r->o->cfg_tag,
         (unsigned long long)r->o->seed, (unsigned long long)cycle, when);
  {
    char en[700];
    ls_elem_name(s, elem, en, sizeof en); /* name[i], or name[i][j] for a 2-D array */
    printf("  signal %s\n", en);
  }
  explain(r, s, elem);
  print_history(r, cycle);
  repro_line(r, cycle);
  if (r->o->rerun && r->use_rtl) rerun_with_waves(r, cycle);
  return 1;
}

/* An element of at most 64 bits stored in 1, 2, 4 or 8 bytes, as a value. */
static inline uint64_t ld_scalar(const char *p, unsigned size) {
  switch (size) {
  case 1: return *(const uint8_t *)p;
  case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
  case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
  default: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
}

/* Compares one signal (element elem) between C and RTL; 1 on a mismatch. */
static int cmp_sig(run_t *r, ls_sig_t *s, unsigned elem) {
  r->compared++;
  if (s->same && !memcmp(s->c + (size_t)elem * s->stride, s->rp + (size_t)elem * s->rsize, s->rsize)) return 0;
  if (s->scalar && ld_scalar(s->c + (size_t)elem * s->stride, (unsigned)s->csize) ==
                       ld_scalar(s->rp + (size_t)elem * s->rsize, s->rsize))
    return 0; /* C keeps a narrow value in a wider type than Verilator's (or the reverse) */
  ls_cget(s, elem, r->cbuf);
  ls_rget(s, elem, r->rbuf);
  return memcmp(r->cbuf, r->rbuf, s->words * sizeof(uint32_t)) != 0;
}

/* Compares every element of an array; the first differing element in *elem. */
static int cmp_all(run_t *r, ls_sig_t *s, unsigned *elem) {
  if (s->fast) {
    r->compared += s->depth;
    if (!memcmp(s->c, s->rp, (size_t)s->depth * s->rsize)) return 0;
  }
  if (s->same && !s->fast) { /* C fields interleaved in a struct (stride > size): element by element */
    const char *c = s->c, *p = s->rp;
    unsigned n = s->depth, e = 0;
    r->compared += n;
    switch (s->rsize) { /* the common sizes without a call */
    case 1: for (; e < n && c[(size_t)e * s->stride] == p[e]; e++) {} break;
    case 2: for (; e < n && !memcmp(c + (size_t)e * s->stride, p + 2 * (size_t)e, 2); e++) {} break;
    case 4: for (; e < n && !memcmp(c + (size_t)e * s->stride, p + 4 * (size_t)e, 4); e++) {} break;
    default: for (; e < n && !memcmp(c + (size_t)e * s->stride, p + (size_t)e * s->rsize, s->rsize); e++) {} break;
    }
    if (e == n) return 0;
    r->compared -= n;
  } else if (s->scalar && !s->same) { /* sizes differ (C uint32_t, Verilator CData, ...): by value */
    unsigned n = s->depth, e = 0, cs = (unsigned)s->csize;
    for (; e < n && ld_scalar(s->c + (size_t)e * s->stride, cs) == ld_scalar(s->rp + (size_t)e * s->rsize, s->rsize); e++) {}
    r->compared += n;
    if (e == n) return 0;
    r->compared -= n;
  }
  for (unsigned e = 0; e < s->depth; e++)
    if (cmp_sig(r, s, e)) { *elem = e; return 1; }
  return 0;
}

static int we_set(run_t *r, const ls_sig_t *s) {
  uint32_t we;
  ls_cget(&r->map.sig[s->we_sig], 0, &we);
  return we & 1u;
}

static int compare_ports(run_t *r, uint64_t cycle) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind == SIG_OUT || (s->kind == SIG_MPORT && (s->we_sig < 0 || we_set(r, s))))
      if (cmp_sig(r, s, 0)) return diverged(r, cycle, i, 0, "outputs before the clock edge");
  }
  return 0;
}

/* regs = 0 (--compare-every K, between its compare points): only the memory
 * row written at this edge (and a due sweep) is compared; registers wait. */
static int compare_state(run_t *r, uint64_t cycle, int sweep, int regs) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (!regs && s->kind != SIG_MEM) continue;
    if (s->kind == SIG_REG) {
      if (cmp_sig(r, s, 0)) return diverged(r, cycle, i, 0, "registers after the clock edge");
    } else if (s->kind == SIG_ARR || (s->kind == SIG_MEM && sweep)) {
      unsigned e = 0;
      if (cmp_all(r, s, &e)) return diverged(r, cycle, i, e, "registers after the clock edge");
    } else if (s->kind == SIG_MEM && s->mem->we_i && s->mem->waddr_i < s->depth) {
      /* the row written at this edge, read back from the RTL */
      if (cmp_sig(r, s, s->mem->waddr_i)) return diverged(r, cycle, i, s->mem->waddr_i, "memory row written at the clock edge");
    }
  }
  return 0;
}

static void put_inputs(run_t *r) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_IN) continue;
    ls_cget(s, 0, r->cbuf);
    ls_rput(s, 0, r->cbuf);
  }
}

/* RTL alone: outputs read back into the C storage so the stimulus sees them. */
static void read_outputs_into_c(run_t *r) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_OUT) continue;
    ls_rget(s, 0, r->rbuf);
    ls_cput(s, 0, r->rbuf);
  }
}

static void save_history(run_t *r, uint64_t cycle) {
  uint32_t *h = r->hist[cycle % (uint64_t)r->o->history];
  r->hist_cycle[cycle % (uint64_t)r->o->history] = cycle;
  unsigned off = 0;
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_IN) continue;
    ls_cget(s, 0, h + off);
    off += s->words;
  }
}

/* --rand-init: memories have no reset (like SRAM), so both sides get the same
 * seeded random rows; a register declared not reset takes the RTL's random
 * value on the C side.  Everything else must already agree after reset: that
 * is what the first comparison proves. */
static void rand_init_state(run_t *r, uint64_t seed, int after_reset) {
  ls_rng_t rng;
  ls_rng_seed(&rng, seed ^ 0x5eed0f5a11a7e5ull);
  uint32_t *w = r->cbuf;
  for (int i = 0; i < r->map.nsig && !after_reset; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_MEM) continue;
    for (unsigned e = 0; e < s->depth; e++) {
      ls_rand_bits(&rng, w, s->width);
      if (r->use_c) ls_cput(s, e, w);
      if (r->use_rtl) ls_rput(s, e, w);
    }
  }
  for (int k = 0; k < r->map.nnrs && after_reset; k++) {
    int found = 0;
    for (int i = 0; i < r->map.nsig; i++) {
      ls_sig_t *s = &r->map.sig[i];
      if ((s->kind != SIG_REG && s->kind != SIG_ARR) || strcmp(s->path, r->map.nrs[k].path)) continue;
      found = 1;
      for (unsigned e = 0; e < s->depth; e++) {
        if (r->use_rtl) ls_rget(s, e, w);
        else ls_rand_bits(&rng, w, s->width);
        if (r->use_c) ls_cput(s, e, w);
      }
    }
    if (!found) {
      fprintf(stderr, "error: block %s declares '%s' as not reset, but its state map has no such register\n",
              r->b->name, r->map.nrs[k].path);
      exit(2);
    }
  }
}

/* Functional coverage: the points never hit, and the counts to a file. */
static void coverage_report(run_t *r, const char *file) {
  const struct ls_map *m = &r->map;
  if (!m->ncov) return;
  int hit = 0;
  for (int i = 0; i < m->ncov; i++) hit += *m->cov[i].count > 0;
  printf("coverage: %d of %d points hit", hit, m->ncov);
  if (hit < m->ncov) {
    printf("; never hit:");
    for (int i = 0; i < m->ncov; i++)
      if (!*m->cov[i].count) printf(" %s", m->cov[i].name);
  }
  printf("\n");
  if (file) {
    FILE *f = fopen(file, "w");
    if (!f) {
      fprintf(stderr, "error: cannot write coverage file %s\n", file);
      return;
    }
    for (int i = 0; i < m->ncov; i++) fprintf(f, "%s %llu\n", m->cov[i].name, (unsigned long long)*m->cov[i].count);
    fclose(f);
  }
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Progress on stderr: on a terminal one line rewritten in place after the
 * first 2 s; otherwise (piped, make test, make run) one line every 5 s, so
 * that no long run is silent. */
typedef struct { double t0, next; int tty, shown; } progress_t;

static void progress(progress_t *p, const run_t *r, uint64_t cyc, int done) {
  const opts_t *o = r->o;
  if (!o->progress) return;
  double t = now_s();
  if (done) {
    if (p->shown && p->tty) fprintf(stderr, "\r\033[K");
    return;
  }
  if (t < p->next) return;
  double el = t - p->t0, rate = el > 0 ? (double)cyc / el : 0;
  double left = rate > 0 ? (double)(o->cycles - cyc) / rate : 0;
  const char *m = o->mode == MODE_LOCKSTEP ? "lockstep" : o->mode == MODE_C ? "C alone" : "RTL alone";
  if (p->tty)
    fprintf(stderr, "\r  %s %s %s: cycle %llu of %llu (%.0f%%), %.0f cycles/s, %.0f s left\033[K", r->b->name, o->cfg_tag, m,
            (unsigned long long)cyc, (unsigned long long)o->cycles, 100.0 * (double)cyc / (double)o->cycles, rate, ceil(left));
  else
    fprintf(stderr, "  ... %s %s %s: cycle %llu of %llu, %.0f cycles/s, %.0f s left\n", r->b->name, o->cfg_tag, m,
            (unsigned long long)cyc, (unsigned long long)o->cycles, rate, ceil(left));
  fflush(stderr);
  p->shown = 1;
  p->next = t + (p->tty ? 0.5 : 5.0);
}

/* RTL alone needs only the ports: the speed build has no public state. */
static void keep_ports_only(struct ls_map *m) {
  int n = 0;
  for (int i = 0; i < m->nsig; i++) {
    ls_sig_t *s = &m->sig[i];
    if (s->kind == SIG_IN || s->kind == SIG_OUT) { m->sig[n++] = *s; continue; }
    free(s->path), free(s->rtl), free(s->eh);
  }
  m->nsig = n;
}

static void write_window_files(run_t *r) {
  const opts_t *o = r->o;
  char g[1000], d[1000], fdir[1100], wdir[1000];
  snprintf(wdir, sizeof wdir, "%s", o->wave_prefix);
  char *sl = strrchr(wdir, '/');
  if (sl) *sl = 0; else snprintf(wdir, sizeof wdir, ".");
  snprintf(fdir, sizeof fdir, "%s/filters", wdir);
  mkdir(fdir, 0777);
  char abs_fdir[PATH_MAX + 1];
  if (!realpath(fdir, abs_fdir)) snprintf(abs_fdir, sizeof abs_fdir, "%s", fdir);
  uint64_t from = (uint64_t)o->win_from, to = (uint64_t)o->win_to;
  const ls_div_t *dv = r->div.sig >= 0 ? &r->div : NULL;
  if (r->cmp) {
    snprintf(g, sizeof g, "%s.gtkw", o->wave_prefix);
    snprintf(d, sizeof d, "%s_cmp.fst", o->wave_prefix);
    ls_cmp_gtkw_write(r->cmp, g, d, &r->map, r->b->name, dv, from, to, abs_fdir);
  }
  if (r->use_rtl) {
    snprintf(g, sizeof g, "%s_rtl.gtkw", o->wave_prefix);
    snprintf(d, sizeof d, "%s_rtl.fst", o->wave_prefix);
    ls_rtl_gtkw_write(g, d, &r->map, r->b->name, dv, from, to, abs_fdir);
  }
  if (dv && r->div_c) { /* what a user must see in GTKWave, for make test */
    snprintf(g, sizeof g, "%s.div", o->wave_prefix);
    FILE *f = fopen(g, "w");
    if (f) {
      const ls_sig_t *s = &r->map.sig[dv->sig];
      char el[32] = "";
      if (dv->has_elem) snprintf(el, sizeof el, "[%u]", dv->elem);
      char path[600];
      snprintf(path, sizeof path, "%s", s->path);
      for (char *p = path; *p; p++) if (*p == '.') *p = '/';
      fprintf(f, "time %llu\n", (unsigned long long)(dv->cycle * 10 + (dv->phase ? 5 : 0)));
      int port = s->kind == SIG_IN || s->kind == SIG_OUT;
      char el2[40] = ""; /* Verilator's FST names 2-D array elements [i][j] */
      if (dv->has_elem && s->d1) snprintf(el2, sizeof el2, "[%u][%u]", dv->elem / s->d1, dv->elem % s->d1);
      const char *rel_el = s->kind == SIG_REG ? "" : s->d1 ? el2 : el; /* Verilator's FST has the whole register */
      fprintf(f, "cmp_c c:%s%s\ncmp_rtl rtl:%s%s\nrtl %s%s%s\n", path, el, path, el, port ? "" : "dut/", path, rel_el);
      fprintf(f, "value_c %s\nvalue_rtl %s\nvalue_rtl_whole %s\n", r->div_c + 2, r->div_r + 2, r->div_rw + 2);
      fclose(f);
    }
  }
}

static int run(const opts_t *o, const ls_block_t *b, const l1sys_cfg_t *cfg, uint64_t *locate_at) {
  run_t r;
  memset(&r, 0, sizeof r);
  r.o = o;
  r.b = b;
  r.div.sig = -1;
  r.ctx = b->create(cfg);
  if (!r.ctx) return 2;
  b->declare(r.ctx, &r.map);
  if (o->print_map) { /* the state map's RTL names, one per line */
    for (int i = 0; i < r.map.nsig; i++) {
      ls_sig_t *s = &r.map.sig[i];
      if (s->kind == SIG_REG || s->kind == SIG_ARR || s->kind == SIG_MEM)
        printf("%s %u %u\n", s->rtl, s->width, s->kind == SIG_REG ? 1 : s->depth);
    }
    b->destroy(r.ctx);
    ls_annot_free(&r.map);
    ls_map_free(&r.map);
    return 0;
  }
  if (o->emit_dir) {
    int rc = emit_rtl(b, &r.map, o->emit_dir);
    b->destroy(r.ctx);
    ls_annot_free(&r.map);
    ls_map_free(&r.map);
    return rc;
  }
  r.use_c = o->mode != MODE_RTL;
  r.use_rtl = o->mode != MODE_C;
  /* --bench: the C model alone does what the RTL alone does besides its
   * model -- the stimulus -- and no scoreboard or coverage counting */
  if (o->bench && r.use_c && b->bench) b->bench(r.ctx);
  if (r.use_rtl && !ls_rtl_available()) {
    fprintf(stderr, "error: this binary has no RTL model; run it through 'make lockstep' (or use --mode c)\n");
    b->destroy(r.ctx);
    ls_map_free(&r.map);
    return 2;
  }
  if (o->mode == MODE_RTL) {
    ls_annot_free(&r.map);
    keep_ports_only(&r.map);
  }
  r.cbuf = calloc(LS_MAX_WORDS, 4);
  r.rbuf = calloc(LS_MAX_WORDS, 4);
  for (int i = 0; i < r.map.nsig; i++)
    if (r.map.sig[i].kind == SIG_IN) r.in_words += r.map.sig[i].words;
  r.hist = calloc((size_t)o->history, sizeof *r.hist);
  r.hist_cycle = calloc((size_t)o->history, sizeof *r.hist_cycle);
  for (int k = 0; k < o->history; k++) {
    r.hist[k] = calloc(r.in_words + 1, 4);
    r.hist_cycle[k] = ~0ull;
  }
  if (r.use_rtl) {
    /* Verilator's random initial values (built with --x-initial unique) come
     * from its own seed: derived from the run's seed, so a run reproduces. */
    char seedarg[64];
    snprintf(seedarg, sizeof seedarg, "+verilator+seed+%llu",
             (unsigned long long)((o->seed * 2654435761ull) % 2147483647ull + 1));
    char **av = calloc((size_t)o->argc + 4, sizeof *av);
    int n = 0;
    for (int i = 0; i < o->argc; i++) av[n++] = o->argv[i];
    /* the lockstep harness is built with --x-initial unique: reset 0 gives
     * every register and X an initial 0, reset 2 a seeded random value */
    av[n++] = seedarg;
    av[n++] = o->rand_init ? "+verilator+rand+reset+2" : "+verilator+rand+reset+0";
    /* a fault-capable harness (scripts/lockstep.sh FAULT_RTL=...) injects the
     * fault whose ID LS_FAULT_ID holds (ls_fault_pkg::sel, read once at time 0) */
    char faultarg[64];
    const char *fid = getenv("LS_FAULT_ID");
    if (fid && *fid) {
      if (strspn(fid, "0123456789") != strlen(fid) || strlen(fid) > 9) {
        fprintf(stderr, "error: LS_FAULT_ID='%s': expected a fault ID (build/gen/ls_faults.txt)\n", fid);
        free(av);
        return 2;
      }
      snprintf(faultarg, sizeof faultarg, "+ls_fault=%s", fid);
      av[n++] = faultarg;
    }
    ls_rtl_open(n, av);
    free(av);
    resolve_handles(&r);
  }
  char path[1000], fstp[1000];
  const char *fst = o->fst_all, *vcd = o->vcd_all;
  if (o->wave_prefix) { /* a window: Verilator's FST and the comparison FST */
    snprintf(fstp, sizeof fstp, "%s_rtl.fst", o->wave_prefix);
    fst = fstp;
    if (r.use_c && r.use_rtl) {
      snprintf(path, sizeof path, "%s_cmp.fst", o->wave_prefix);
      if (!(r.cmp = ls_cmp_open(path, &r.map))) { fprintf(stderr, "error: cannot write %s\n", path); return 2; }
      ls_cmp_set_mark(r.cmp, &r.map, r.b->wave_mark);
    } else if (r.use_c && !vcd) {
      snprintf(path, sizeof path, "%s_c.vcd", o->wave_prefix);
      vcd = path;
    }
  }
  int open_err = 0;
  if (fst && r.use_rtl && ls_rtl_trace_open(fst)) { fprintf(stderr, "error: cannot write %s\n", fst); open_err = 1; }
  if (!open_err && vcd && r.use_c && !(r.vcd = ls_vcd_open(vcd, &r.map))) { fprintf(stderr, "error: cannot write %s\n", vcd); open_err = 1; }
  if (open_err) {
    if (r.use_rtl) ls_rtl_close();
    b->destroy(r.ctx);
    for (int k = 0; k < o->history; k++) free(r.hist[k]);
    free(r.hist), free(r.hist_cycle), free(r.cbuf), free(r.rbuf);
    ls_map_free(&r.map);
    return 2;
  }
  int windowed = o->win_from >= 0;

  ls_rng_t rng;
  ls_rng_seed(&rng, o->seed);
  if (!o->quiet)
    printf("lockstep: block %s config %s seed %llu cycles %llu mode %s\n", b->name, o->cfg_tag, (unsigned long long)o->seed,
           (unsigned long long)o->cycles, o->mode == MODE_LOCKSTEP ? "lockstep" : o->mode == MODE_C ? "c" : "rtl");

  /* memories before the model's first evaluation, which settles every
   * combinational path from them (Verilator re-evaluates logic only on the
   * changes it schedules itself, not on a write into a read-only variable) */
  if (o->rand_init) rand_init_state(&r, o->seed, 0);
  /* reset: asynchronous in the RTL, the reset state in C */
  b->reset(r.ctx);
  if (r.use_rtl) { /* settle with reset high first, so the model sees a falling rst_ni */
    ls_rtl_clk(0);
    ls_rtl_rst(1);
    ls_rtl_eval();
    ls_rtl_rst(0);
    ls_rtl_eval();
    ls_rtl_rst(1);
    ls_rtl_eval();
  }
  if (o->rand_init) rand_init_state(&r, o->seed, 1);
  int fail = 0;
  if (r.use_c && r.use_rtl) fail = compare_state(&r, 0, 1, 1);
  double t0 = now_s();
  progress_t pg = {t0, t0 + 2.0, isatty(2), 0};
  if (!pg.tty) pg.next = t0 + 5.0;
  uint64_t cyc = 0;
  char msg[512];
  /* One model alone and nothing traced: the same steps in the same order
   * without the lockstep's per-cycle tests (C: stim, comb, commit, check;
   * RTL: stim, inputs, eval, outputs, edge, eval). */
  int lean = !(r.use_c && r.use_rtl) && !fst && !vcd && !r.cmp;
  int chk = b->check && !o->rerun_child && !o->bench;
  if (lean && r.use_c && b->lean) b->lean(r.ctx);
  if (lean && r.use_c) {
    for (; cyc < o->cycles; cyc++) {
      if ((cyc & 255) == 0) progress(&pg, &r, cyc, 0);
      b->stim(r.ctx, &rng, cyc);
      b->comb(r.ctx);
      b->commit(r.ctx);
      if (chk && b->check(r.ctx, cyc, msg, sizeof msg)) break;
    }
  } else if (lean) {
    for (; cyc < o->cycles; cyc++) {
      if ((cyc & 255) == 0) progress(&pg, &r, cyc, 0);
      b->stim(r.ctx, &rng, cyc);
      ls_rtl_clk(0);
      put_inputs(&r);
      ls_rtl_eval();
      read_outputs_into_c(&r);
      ls_rtl_clk(1);
      ls_rtl_eval();
    }
  }
  if (lean && cyc < o->cycles) { /* the C model's check failed */
    printf("CHECK FAILED block %s config %s seed %llu cycle %llu: %s\n", b->name, o->cfg_tag, (unsigned long long)o->seed,
           (unsigned long long)cyc, msg);
    repro_line(&r, cyc);
    fail = 1;
    r.check_failed = 1;
  }
  for (; !lean && cyc < o->cycles && !fail; cyc++) {
    if ((cyc & 255) == 0) progress(&pg, &r, cyc, 0);
    int dump = (fst || vcd || r.cmp) && (!windowed || ((long long)cyc >= o->win_from && (long long)cyc <= o->win_to));
    r.tracing = dump;
    b->stim(r.ctx, &rng, cyc);
    if (r.use_rtl) save_history(&r, cyc); /* printed only at a divergence */
    if (r.use_c) b->comb(r.ctx);
    if (r.use_rtl) {
      ls_rtl_clk(0);
      put_inputs(&r);
      ls_rtl_eval();
      if (dump && fst) ls_rtl_trace_dump(cyc * 10);
    }
    int first = dump && (long long)cyc == (windowed ? o->win_from : 0);
    if (dump && r.vcd) ls_vcd_dump(r.vcd, &r.map, cyc, 0);
    if (dump && r.cmp) ls_cmp_sample(r.cmp, &r.map, cyc, 0, first);
    if (r.use_c && r.use_rtl && compare_ports(&r, cyc)) { fail = 1; break; }
    if (!r.use_c) read_outputs_into_c(&r);
    if (r.use_c) b->commit(r.ctx);
    if (r.use_rtl) {
      ls_rtl_clk(1);
      ls_rtl_eval();
      if (dump && fst) ls_rtl_trace_dump(cyc * 10 + 5);
    }
    if (dump && r.vcd) ls_vcd_dump(r.vcd, &r.map, cyc, 1);
    if (dump && r.cmp) ls_cmp_sample(r.cmp, &r.map, cyc, 1, 0);
    if (r.use_c && r.use_rtl) { /* the sweep and compare-every modulos only when comparing */
      int sweep = o->sweep && (cyc + 1) % o->sweep == 0;
      int regs = o->every <= 1 || (cyc + 1) % o->every == 0 || cyc + 1 == o->cycles;
      if (compare_state(&r, cyc, sweep, regs)) { fail = 1; break; }
    }
    if (r.use_c && chk && b->check(r.ctx, cyc, msg, sizeof msg)) {
      printf("CHECK FAILED block %s config %s seed %llu cycle %llu: %s\n", b->name, o->cfg_tag, (unsigned long long)o->seed,
             (unsigned long long)cyc, msg);
      repro_line(&r, cyc);
      fail = 1;
      r.check_failed = 1;
      break;
    }
  }
  if (!fail && r.use_c && r.use_rtl && compare_state(&r, cyc ? cyc - 1 : 0, 1, 1)) fail = 1;
  progress(&pg, &r, cyc, 1);
  double dt = now_s() - t0;
  if (r.use_rtl && fst) ls_rtl_trace_close();
  if (r.cmp) ls_cmp_close(r.cmp);
  if (o->wave_prefix) {
    write_window_files(&r);
    if (!o->quiet && !o->rerun_child) {
      if (r.use_c && r.use_rtl)
        printf("waveforms of cycles %lld..%lld: gtkwave %s.gtkw (C vs RTL), gtkwave %s_rtl.gtkw (RTL, every signal)\n",
               o->win_from, o->win_to, rel(o->wave_prefix), rel(o->wave_prefix));
      else if (r.use_c) /* C alone: no RTL waveform was written */
        printf("waveforms of cycles %lld..%lld (C model only): %s_c.vcd\n", o->win_from, o->win_to, rel(o->wave_prefix));
      else
        printf("waveforms of cycles %lld..%lld (RTL only): gtkwave %s_rtl.gtkw\n", o->win_from, o->win_to,
               rel(o->wave_prefix));
    }
  }
  if (r.cmp) ls_cmp_free(r.cmp);
  if (r.vcd) ls_vcd_close(r.vcd);
  if (r.use_rtl) ls_rtl_close();
  if (!fail && !o->quiet && b->summary && r.use_c) b->summary(r.ctx, stdout);
  if (!fail && r.use_c && !o->bench && (!o->quiet || o->cov_file)) coverage_report(&r, o->cov_file);
  int nreg = 0, nport = 0, nmem = 0;
  unsigned long long regbits = 0;
  for (int i = 0; i < r.map.nsig; i++) {
    ls_sig_t *s = &r.map.sig[i];
    if (s->kind == SIG_REG || s->kind == SIG_ARR) nreg++, regbits += (unsigned long long)s->width * s->depth;
    if (s->kind == SIG_OUT || s->kind == SIG_MPORT) nport++;
    if (s->kind == SIG_MEM) nmem++, regbits += (unsigned long long)s->width * s->depth;
  }
  if (!fail && o->mode == MODE_LOCKSTEP) {
    char every_note[64] = "";
    if (o->every > 1) snprintf(every_note, sizeof every_note, ", registers every %llu cycles", (unsigned long long)o->every);
    printf("PASS %s %s seed=%llu: %llu cycles, 0 divergences; state map %d registers + %d memories (%llu bits), %d outputs "
           "and write ports compared every cycle%s; %.0f cycles/s (lockstep)\n",
           b->name, o->cfg_tag, (unsigned long long)o->seed, (unsigned long long)cyc, nreg, nmem, regbits, nport,
           every_note, dt > 0 ? (double)cyc / dt : 0.0);
  } else if (!fail) { /* one model alone: nothing was compared */
    printf("DONE %s %s seed=%llu: %llu cycles, %s alone, nothing compared (state map %d registers + %d memories, %llu bits)%s; "
           "%.0f cycles/s\n",
           b->name, o->cfg_tag, (unsigned long long)o->seed, (unsigned long long)cyc, o->mode == MODE_C ? "C model" : "RTL",
           nreg, nmem, regbits, o->bench ? ", --bench: no scoreboard, no coverage" : "", dt > 0 ? (double)cyc / dt : 0.0);
  }
  if (o->stats_f && !r.locate) { /* machine-readable results (tb/ls_stats.c); a located re-run writes its own */
    ls_run_info_t ri = {.block = b->name, .mode = o->mode == MODE_LOCKSTEP ? "lockstep" : o->mode == MODE_C ? "c" : "rtl",
                        .result = !fail ? "pass" : r.check_failed ? "check_failed" : "divergence",
                        .config_label = o->config_label, .config_files = o->cfgs, .nconfig_files = o->ncfg,
                        .gpgpusim_config = o->gpgpusim, .gpgpusim_report = o->gpgpusim ? o->gpgpusim_report : NULL,
                        .seed = o->seed, .cycles = cyc, .cycles_requested = o->cycles, .seconds = dt,
                        .divergences = fail && !r.check_failed, .compared = r.use_c && r.use_rtl, .nreg = nreg,
                        .nmem = nmem, .nport = nport, .state_bits = regbits, .cfg = cfg, .argc = o->argc, .argv = o->argv};
    if (ls_stats_write(o->stats_f, &ri, b, r.use_c ? r.ctx : NULL) == 0 && !o->quiet) /* errors: at the close */
      printf("results: %s\n", o->stats_path);
  }
  b->destroy(r.ctx);
  for (int k = 0; k < o->history; k++) free(r.hist[k]);
  free(r.hist), free(r.hist_cycle), free(r.cbuf), free(r.rbuf);
  free(r.div_c), free(r.div_r), free(r.div_rw);
  ls_annot_free(&r.map);
  ls_map_free(&r.map);
  if (o->rerun_child) return r.div.sig >= 0 ? 1 : 0;
  if (r.locate) { *locate_at = r.div.cycle; return 4; }
  return fail ? 1 : 0;
}

/* --compare-every K > 1 saw a divergence at cycle c: the same run again with
 * every register compared every cycle, up to c, prints the first divergence
 * (its report, reproduce line and waveforms) and decides the exit status. */
static int locate_divergence(const opts_t *o, uint64_t cycle) {
  char cyc[32];
  snprintf(cyc, sizeof cyc, "%llu", (unsigned long long)cycle + 1);
  char **av = calloc((size_t)o->argc + 8, sizeof(char *));
  if (!av) return 1;
  int n = 0;
  for (int i = 0; i < o->argc; i++) av[n++] = o->argv[i];
  av[n++] = "--compare-every";
  av[n++] = "1";
  av[n++] = "--cycles";
  av[n++] = cyc;
  av[n] = NULL;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    execv("/proc/self/exe", av);
    _exit(3);
  }
  int st = 0;
  if (pid > 0) waitpid(pid, &st, 0);
  free(av);
  if (pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 1) return 1;
  printf("  (the re-run with every register compared every cycle ended with status %d: the divergence at cycle %llu "
         "stands)\n", pid > 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1, (unsigned long long)cycle);
  return 1;
}

/* The config in file names and messages: the config files' names, then the
 * --set overrides ("base_fermi", "default", "default_SATCNT_WIDTH-2"). */
static void make_cfg_tag(opts_t *o, int argc, char **argv) {
  char t[160] = "";
  for (int i = 1; i + 1 < argc; i++) { /* a gpgpusim.config first, as in the results file's name */
    if (strcmp(argv[i], "--gpgpusim-config")) continue;
    const char *b = strrchr(argv[i + 1], '/');
    b = b ? b + 1 : argv[i + 1];
    const char *dot = strrchr(b, '.');
    snprintf(t, sizeof t, "gpgpusim-%.*s", (int)(dot && dot != b ? dot - b : (ptrdiff_t)strlen(b)), b);
    break;
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

int ls_main(int argc, char **argv) {
  opts_t o;
  memset(&o, 0, sizeof o);
  o.seed = 1;
  o.cycles = 10000;
  o.sweep = 4096;
  o.every = 1;
  o.history = 8;
  o.rerun = 1;
  o.win_from = o.win_to = -1;
  o.wave_dir = "build/waves";
  o.argc = argc;
  o.argv = argv;
  o.wave_before = 50;
  o.wave_after = 5;
  o.progress = -1;
  setvbuf(stdout, NULL, _IOLBF, 0); /* piped output arrives line by line */
  make_cfg_tag(&o, argc, argv);
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  const char *sets[64];
  int nsets = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_ARG \
  if (!v) return die2("option %s needs a value", a); \
  i++
    if (!strcmp(a, "--block")) { NEED_ARG; o.block = v; }
    else if (!strcmp(a, "--seed")) { NEED_ARG; if (parse_u64(a, v, &o.seed)) return 2; }
    else if (!strcmp(a, "--cycles")) { NEED_ARG; if (parse_u64(a, v, &o.cycles)) return 2; }
    else if (!strcmp(a, "--sweep")) { NEED_ARG; if (parse_u64(a, v, &o.sweep)) return 2; }
    else if (!strcmp(a, "--compare-every")) {
      NEED_ARG;
      if (parse_u64(a, v, &o.every) || !o.every || o.every > 1000000000ull)
        return die2("option --compare-every: '%s' is not a cycle count in 1..1000000000", v);
    }
    else if (!strcmp(a, "--history")) {
      uint64_t h;
      NEED_ARG;
      if (parse_u64(a, v, &h) || !h || h > 1000) return die2("option --history: '%s' is not in 1..1000", v);
      o.history = (int)h;
    } else if (!strcmp(a, "--config")) {
      NEED_ARG;
      if (cfg_load(&cfg, v)) return 2;
      if (o.ncfg == 64) return die2("too many --config options (%s)", v);
      o.cfgs[o.ncfg++] = v;
    } else if (!strcmp(a, "--gpgpusim-config")) {
      NEED_ARG;
      if (o.gpgpusim) return die2("option --gpgpusim-config given twice (second: %s); give one", v);
      {
        gpgpusim_rep_t *rep = malloc(sizeof *rep);
        int shell_scope = 0; /* the GPU shell reads the whole GPU; a block only its L1D */
        for (int q = 1; q + 1 < argc; q++)
          if (!strcmp(argv[q], "--block") && !strcmp(argv[q + 1], "shell")) shell_scope = 1;
        if (!rep || gpgpusim_cfg_load(&cfg, v, shell_scope ? GPGPUSIM_GPU : GPGPUSIM_L1D, rep)) { free(rep); return 2; }
        gpgpusim_rep_line(rep, o.gpgpusim_report, sizeof o.gpgpusim_report);
        free(rep);
      }
      o.gpgpusim = v;
    } else if (!strcmp(a, "--stats")) { NEED_ARG; o.stats_path = v; }
    else if (!strcmp(a, "--set")) {
      NEED_ARG;
      if (nsets == 64) return die2("too many --set options (%s)", v);
      sets[nsets++] = v;
    } else if (!strcmp(a, "--mode")) {
      NEED_ARG;
      if (!strcmp(v, "lockstep")) o.mode = MODE_LOCKSTEP;
      else if (!strcmp(v, "c")) o.mode = MODE_C;
      else if (!strcmp(v, "rtl")) o.mode = MODE_RTL;
      else return die2("option --mode: '%s' is not lockstep, c or rtl", v);
    } else if (!strcmp(a, "--no-rerun")) o.rerun = 0;
    else if (!strcmp(a, "--quiet")) o.quiet = 1;
    else if (!strcmp(a, "--wave-dir")) { NEED_ARG; o.wave_dir = v; }
    else if (!strcmp(a, "--wave-prefix")) { NEED_ARG; o.wave_prefix = v; }
    else if (!strcmp(a, "--window")) {
      NEED_ARG;
      long long x, y;
      char tail;
      if (sscanf(v, "%lld:%lld%c", &x, &y, &tail) != 2 || x < 0 || y < x)
        return die2("option --window: '%s' is not FROM:TO cycles", v);
      o.win_from = x, o.win_to = y;
    } else if (!strcmp(a, "--wave-before")) { NEED_ARG; if (parse_u64(a, v, &o.wave_before)) return 2; }
    else if (!strcmp(a, "--wave-after")) { NEED_ARG; if (parse_u64(a, v, &o.wave_after)) return 2; }
    else if (!strcmp(a, "--rerun-child")) o.rerun_child = 1;
    else if (!strcmp(a, "--progress")) {
      NEED_ARG;
      if (!strcmp(v, "on")) o.progress = 1;
      else if (!strcmp(v, "off")) o.progress = 0;
      else return die2("option --progress: '%s' is not on or off", v);
    } else if (!strcmp(a, "--fst")) { NEED_ARG; o.fst_all = v; }
    else if (!strcmp(a, "--vcd-c")) { NEED_ARG; o.vcd_all = v; }
    else if (!strcmp(a, "--emit-rtl")) { NEED_ARG; o.emit_dir = v; }
    else if (!strcmp(a, "--print-map")) o.print_map = 1;
    else if (!strcmp(a, "--rand-init")) o.rand_init = 1;
    else if (!strcmp(a, "--cov")) { NEED_ARG; o.cov_file = v; }
    else if (!strcmp(a, "--bench")) o.bench = 1;
    else if (!strcmp(a, "--list-blocks")) { ls_list_blocks(stdout); return 0; }
    else if (!strcmp(a, "--list-params")) {
      if (v && v[0] != '-' && !ls_find_block(v) && !cfg_block_known(v)) {
        char e[300];
        fprintf(stderr, "error: option --list-params: unknown block '%s'; blocks:\n", cfg_escape(v, strlen(v), e, sizeof e));
        ls_list_blocks(stderr);
        return 2;
      }
      cfg_list(stdout, v && v[0] != '-' ? v : NULL);
      return 0;
    }
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
    else {
      char e[300];
      fprintf(stderr, "error: unknown option '%s'\n", cfg_escape(a, strlen(a), e, sizeof e));
      usage(stderr);
      return 2;
    }
#undef NEED_ARG
  }
  cfg_source_begin(&cfg); /* the --set list: overrides files, may not repeat itself */
  for (int i = 0; i < nsets; i++) {
    char origin[64];
    snprintf(origin, sizeof origin, "--set #%d", i + 1);
    if (cfg_set(&cfg, sets[i], nsets > 1 ? origin : "--set")) return 2;
  }
  if (!o.block) {
    fprintf(stderr, "error: --block NAME is required; blocks:\n");
    ls_list_blocks(stderr);
    return 2;
  }
  const ls_block_t *b = ls_find_block(o.block);
  if (!b) {
    char e[300];
    fprintf(stderr, "error: unknown block '%s'; blocks:\n", cfg_escape(o.block, strlen(o.block), e, sizeof e));
    ls_list_blocks(stderr);
    return 2;
  }
  if (cfg_check_block(&cfg, b->param_blocks ? b->param_blocks : b->name) || ls_limits_check(b->name, &cfg)) return 2;
  if (o.win_from >= 0 && !o.print_map && !o.emit_dir && (uint64_t)o.win_to >= o.cycles) {
    fprintf(stderr, "error: option --window %lld:%lld: past the end of the run (--cycles %llu: cycles 0..%llu)\n",
            o.win_from, o.win_to, (unsigned long long)o.cycles, (unsigned long long)(o.cycles ? o.cycles - 1 : 0));
    return 2;
  }
  if (o.bench && o.mode == MODE_LOCKSTEP) {
    fprintf(stderr, "error: option --bench: only with --mode c or --mode rtl (a lockstep run keeps its scoreboard and coverage)\n");
    return 2;
  }
  if (o.bench && o.cov_file) {
    fprintf(stderr, "error: options --bench and --cov: --bench counts no coverage; drop one of them\n");
    return 2;
  }
  if (o.gpgpusim && !o.quiet && !o.print_map && !o.emit_dir) printf("%s\n", o.gpgpusim_report);
  ls_stats_label(o.config_label, sizeof o.config_label, o.cfgs, o.ncfg, o.gpgpusim, sets, nsets);
  if (!o.print_map && !o.emit_dir) {
    if (!o.stats_path) {
      mkdir("build", 0777);
      mkdir("build/stats", 0777);
      snprintf(o.stats_default, sizeof o.stats_default, "build/stats/%s_%s_seed%llu.json", b->name, o.config_label,
               (unsigned long long)o.seed);
      o.stats_path = o.stats_default;
    }
    if (outfile_open(&o.stats_out, o.stats_path, "option --stats")) return 2;
    o.stats_f = o.stats_out.f;
  }
  if (o.win_from >= 0 && !o.wave_prefix) {
    mkdir(o.wave_dir, 0777);
    snprintf(o.wave_prefix_buf, sizeof o.wave_prefix_buf, "%s/%s_%s_seed%llu_window%lld-%lld", o.wave_dir, b->name,
             o.cfg_tag, (unsigned long long)o.seed, o.win_from, o.win_to);
    o.wave_prefix = o.wave_prefix_buf;
  }
  if (o.progress < 0) o.progress = 1; /* auto: in place on a terminal, a line every 5 s otherwise */
  uint64_t locate_at = 0;
  int rc = run(&o, b, &cfg, &locate_at);
  if (o.stats_f) { /* whole or nothing: a refused run (2) leaves no results file; a failed write is exit 2 */
    if (outfile_close(&o.stats_out, !(rc == 2 || rc == 4)) && rc != 4) rc = rc ? rc : 2;
  }
  if (rc == 4) rc = locate_divergence(&o, locate_at);
  return rc;
}
