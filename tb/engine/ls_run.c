/* ls_run.c -- one run of a block: a short driver over named steps (the
 * model declared; the two sides set up; reset; the cycles; the report;
 * everything freed).  ls_run.h names the file of each step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ls_limits.h"
#include "ls_rtl.h"
#include "ls_run.h"

/* --print-map or --emit-rtl: the declaration is all they need. */
static int declaration_only(run_t *r) {
  int rc = 0;
  if (r->o->print_map) ls_print_map(&r->map);
  else rc = ls_emit_rtl(r->b, &r->map, r->o->emit_dir);
  return rc;
}

/* Scratch values and the ring of the last inputs (printed at a divergence). */
static void alloc_buffers(run_t *r) {
  const opts_t *o = r->o;
  r->cbuf = calloc(LS_MAX_WORDS, 4);
  r->rbuf = calloc(LS_MAX_WORDS, 4);
  for (int i = 0; i < r->map.nsig; i++)
    if (r->map.sig[i].kind == SIG_IN) r->in_words += r->map.sig[i].words;
  r->hist = calloc((size_t)o->history, sizeof *r->hist);
  r->hist_cycle = calloc((size_t)o->history, sizeof *r->hist_cycle);
  for (int k = 0; k < o->history; k++) {
    r->hist[k] = calloc(r->in_words + 1, 4);
    r->hist_cycle[k] = ~0ull;
  }
}

/* Which models run, their buffers, the RTL opened and bound, the waveform
 * files opened; 0, or 2 (message printed). */
static int setup(run_t *r) {
  const opts_t *o = r->o;
  const ls_block_t *b = r->b;
  r->use_c = o->mode != MODE_RTL;
  r->use_rtl = o->mode != MODE_C;
  /* --bench: the C model alone does what the RTL alone does besides its
   * model -- the stimulus -- and no scoreboard or coverage counting; the
   * hook runs in every mode, so a stimulus it makes cheaper (the MRPB's
   * don't-care stirs) is as cheap for the RTL speed build's figure */
  if (o->bench && b->bench) b->bench(r->ctx);
  if (r->use_rtl && !ls_rtl_available()) {
    fprintf(stderr, "error: this binary has no RTL model; run it through 'make lockstep' (or use --mode c)\n");
    return 2;
  }
  if (o->mode == MODE_RTL) {
    ls_annot_free(&r->map);
    ls_keep_ports_only(&r->map);
  }
  alloc_buffers(r);
  if (r->use_rtl && ls_bind_rtl(r)) return 2;
  return ls_waves_open(r);
}

static void teardown(run_t *r) {
  ls_waves_free(r);
  if (r->rtl_open) ls_rtl_close();
  r->b->destroy(r->ctx);
  for (int k = 0; r->hist && k < r->o->history; k++) free(r->hist[k]);
  free(r->hist), free(r->hist_cycle), free(r->cbuf), free(r->rbuf);
  free(r->div_c), free(r->div_r), free(r->div_rw);
  ls_annot_free(&r->map);
  ls_map_free(&r->map);
}

/* The exit status of a finished run. */
static int status(const run_t *r, int fail, uint64_t *locate_at) {
  if (r->o->rerun_child) return r->div.sig >= 0 ? 1 : 0;
  if (r->locate) { *locate_at = r->div.cycle; return 4; }
  return fail ? 1 : 0;
}

/* Reset, the cycles and the report; the exit status. */
static int simulate(run_t *r, uint64_t *locate_at) {
  const opts_t *o = r->o;
  if (!o->quiet)
    printf("lockstep: block %s config %s seed %llu cycles %llu mode %s\n", r->b->name, o->cfg_tag,
           (unsigned long long)o->seed, (unsigned long long)o->cycles, ls_mode_name(o->mode));
  int fail = ls_reset(r);
  double t0 = ls_now_s();
  progress_t pg = {t0, t0 + 2.0, isatty(2), 0};
  if (!pg.tty) pg.next = t0 + 5.0;
  uint64_t cyc = ls_cycles(r, &pg, &fail);
  ls_progress(&pg, r, cyc, 1);
  double dt = ls_now_s() - t0;
  ls_waves_close(r);
  if (r->rtl_open) ls_rtl_close(), r->rtl_open = 0;
  ls_report(r, cyc, dt, fail);
  return status(r, fail, locate_at);
}

int ls_run(const opts_t *o, const ls_block_t *b, const l1sys_cfg_t *cfg, uint64_t *locate_at) {
  run_t r;
  memset(&r, 0, sizeof r);
  r.o = o;
  r.b = b;
  r.cfg = cfg;
  r.div.sig = -1;
  r.ctx = b->create(cfg);
  if (!r.ctx) return 2;
  b->declare(r.ctx, &r.map);
  int rc = o->print_map || o->emit_dir ? declaration_only(&r) : setup(&r);
  if (!rc && !o->print_map && !o->emit_dir) rc = simulate(&r, locate_at);
  teardown(&r);
  return rc;
}
