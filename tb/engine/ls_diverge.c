/* ls_diverge.c -- a divergence: the report (cycle, signal, C and RTL
 * values, where they differ, the last inputs), the line that reproduces the
 * run, the re-run that writes its waveforms, and the re-run that locates a
 * divergence seen with --compare-every K > 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bits.h"
#include "ls_limits.h"
#include "ls_run.h"

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
void ls_repro_line(run_t *r, uint64_t cycle) {
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
  /* an adapter's stimulus switch: by the naming rule <BLOCK>_STIM_<WHAT>
   * (L1D_STIM_DROP, MRPB_STIM_DROP, MRPB_STIM_BAD_WID), not by a list here */
  for (char **e = environ; *e; e++) {
    const char *eq = strchr(*e, '='), *st = strstr(*e, "_STIM_");
    if (eq && st && st < eq && eq[1]) printf(" %s", *e);
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

const char *ls_rel(const char *path) {
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
  printf("    C vs RTL, every compared signal (scopes c, rtl, diff):  gtkwave %s.gtkw\n", ls_rel(prefix));
  printf("    RTL with every internal signal (Verilator FST):        gtkwave %s_rtl.gtkw\n", ls_rel(prefix));
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

/* The waveform re-run: the first divergence recorded (for its .div file), not reported. */
static void record_first(run_t *r, const ls_sig_t *s, uint64_t cycle, int si, unsigned elem, const char *when) {
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

/* --compare-every K > 1: registers were last compared up to K cycles ago,
 * so the first divergence may be earlier; ls_main re-runs with K = 1. */
static int seen_between(run_t *r, const ls_sig_t *s, uint64_t cycle, unsigned elem, const char *when) {
  char en[700];
  ls_elem_name(s, elem, en, sizeof en);
  printf("DIVERGENCE seen at cycle %llu (%s, %s) with registers compared every %llu cycles; re-running seed %llu "
         "with every register compared every cycle to find the first diverging cycle\n",
         (unsigned long long)cycle, en, when, (unsigned long long)r->o->every, (unsigned long long)r->o->seed);
  fflush(stdout);
  r->locate = 1;
  return 1;
}

int ls_diverged(run_t *r, uint64_t cycle, int si, unsigned elem, const char *when) {
  ls_sig_t *s = &r->map.sig[si];
  if (r->o->rerun_child) { /* the re-run records the first divergence and goes on */
    if (r->div.sig < 0) record_first(r, s, cycle, si, elem, when);
    return 0;
  }
  r->div.sig = si, r->div.elem = elem, r->div.cycle = cycle;
  if (r->o->every > 1) return seen_between(r, s, cycle, elem, when);
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
  ls_repro_line(r, cycle);
  if (r->o->rerun && r->use_rtl) rerun_with_waves(r, cycle);
  return 1;
}

/* --compare-every K > 1 saw a divergence at cycle c: the same run again with
 * every register compared every cycle, up to c, prints the first divergence
 * (its report, reproduce line and waveforms) and decides the exit status. */
int ls_locate_divergence(const opts_t *o, uint64_t cycle) {
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
