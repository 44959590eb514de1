/* ls_report.c -- what a run tells: progress on stderr, a failed check, the
 * functional coverage, the final PASS/DONE line and the machine-readable
 * results file (ls_stats.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "ls_run.h"
#include "ls_stats.h"

double ls_now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void ls_progress(progress_t *p, const run_t *r, uint64_t cyc, int done) {
  const opts_t *o = r->o;
  if (!o->progress) return;
  double t = ls_now_s();
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

/* The block's scoreboard (its check hook) stopped the run. */
void ls_check_failed(run_t *r, uint64_t cyc, const char *msg) {
  printf("CHECK FAILED block %s config %s seed %llu cycle %llu: %s\n", r->b->name, r->o->cfg_tag,
         (unsigned long long)r->o->seed, (unsigned long long)cyc, msg);
  ls_repro_line(r, cyc);
  r->check_failed = 1;
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

/* The state map's size, for the final line and the results file. */
typedef struct {
  int nreg, nport, nmem;
  unsigned long long bits;
} map_count_t;

static map_count_t count_map(const struct ls_map *m) {
  map_count_t n = {0, 0, 0, 0};
  for (int i = 0; i < m->nsig; i++) {
    const ls_sig_t *s = &m->sig[i];
    if (s->kind == SIG_REG || s->kind == SIG_ARR) n.nreg++, n.bits += (unsigned long long)s->width * s->depth;
    if (s->kind == SIG_OUT || s->kind == SIG_MPORT) n.nport++;
    if (s->kind == SIG_MEM) n.nmem++, n.bits += (unsigned long long)s->width * s->depth;
  }
  return n;
}

/* PASS (lockstep) or DONE (one model alone): the run's last line. */
static void final_line(const run_t *r, const map_count_t *n, uint64_t cyc, double dt) {
  const opts_t *o = r->o;
  const ls_block_t *b = r->b;
  if (o->mode == MODE_LOCKSTEP) {
    char every_note[64] = "";
    if (o->every > 1) snprintf(every_note, sizeof every_note, ", registers every %llu cycles", (unsigned long long)o->every);
    printf("PASS %s %s seed=%llu: %llu cycles, 0 divergences; state map %d registers + %d memories (%llu bits), %d outputs "
           "and write ports compared every cycle%s; %.0f cycles/s (lockstep)\n",
           b->name, o->cfg_tag, (unsigned long long)o->seed, (unsigned long long)cyc, n->nreg, n->nmem, n->bits, n->nport,
           every_note, dt > 0 ? (double)cyc / dt : 0.0);
  } else { /* one model alone: nothing was compared */
    printf("DONE %s %s seed=%llu: %llu cycles, %s alone, nothing compared (state map %d registers + %d memories, %llu bits)%s; "
           "%.0f cycles/s\n",
           b->name, o->cfg_tag, (unsigned long long)o->seed, (unsigned long long)cyc, o->mode == MODE_C ? "C model" : "RTL",
           n->nreg, n->nmem, n->bits, o->bench ? ", --bench: no scoreboard, no coverage" : "", dt > 0 ? (double)cyc / dt : 0.0);
  }
}

/* Machine-readable results (ls_stats.c); a located re-run writes its own. */
static void results_file(const run_t *r, const map_count_t *n, uint64_t cyc, double dt, int fail) {
  const opts_t *o = r->o;
  const ls_block_t *b = r->b;
  ls_run_info_t ri = {.block = b->name, .mode = ls_mode_name(o->mode),
                      .result = !fail ? "pass" : r->check_failed ? "check_failed" : "divergence",
                      .config_label = o->config_label, .config_files = o->cfgs, .nconfig_files = o->ncfg,
                      .gpgpusim_config = o->gpgpusim, .gpgpusim_configs = o->gpgpusim_all, .ngpgpusim = o->ngpgpusim, .gpgpusim_report = o->gpgpusim ? o->gpgpusim_report : NULL,
                      .seed = o->seed, .cycles = cyc, .cycles_requested = o->cycles, .seconds = dt,
                      .divergences = fail && !r->check_failed, .compared = r->use_c && r->use_rtl, .nreg = n->nreg,
                      .nmem = n->nmem, .nport = n->nport, .state_bits = n->bits, .cfg = r->cfg, .argc = o->argc,
                      .argv = o->argv};
  if (ls_stats_write(o->stats_f, &ri, b, r->use_c ? r->ctx : NULL) == 0 && !o->quiet) /* errors: at the close */
    printf("results: %s\n", o->stats_path);
}

void ls_report(run_t *r, uint64_t cyc, double dt, int fail) {
  const opts_t *o = r->o;
  const ls_block_t *b = r->b;
  if (!fail && !o->quiet && b->summary && r->use_c) b->summary(r->ctx, stdout);
  if (!fail && r->use_c && !o->bench && (!o->quiet || o->cov_file)) coverage_report(r, o->cov_file);
  map_count_t n = count_map(&r->map);
  if (!fail) final_line(r, &n, cyc, dt);
  if (o->stats_f && !r->locate) results_file(r, &n, cyc, dt, fail);
}
