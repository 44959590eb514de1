/* ls_window.c -- a run's waveform files: Verilator's RTL FST (--fst, or a
 * window's), the C model's VCD (--vcd-c, or a C-alone window's), the
 * comparison FST of a window (--window; a divergence's re-run), and a
 * window's .gtkw save files and .div summary. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ls_rtl.h"
#include "ls_run.h"

int ls_waves_open(run_t *r) {
  const opts_t *o = r->o;
  r->fst_path = o->fst_all, r->vcd_path = o->vcd_all;
  if (o->wave_prefix) { /* a window: Verilator's FST and the comparison FST */
    snprintf(r->fstp, sizeof r->fstp, "%s_rtl.fst", o->wave_prefix);
    r->fst_path = r->fstp;
    if (r->use_c && r->use_rtl) {
      snprintf(r->path, sizeof r->path, "%s_cmp.fst", o->wave_prefix);
      if (!(r->cmp = ls_cmp_open(r->path, &r->map))) { fprintf(stderr, "error: cannot write %s\n", r->path); return 2; }
      ls_cmp_set_mark(r->cmp, &r->map, r->b->wave_mark);
    } else if (r->use_c && !r->vcd_path) {
      snprintf(r->path, sizeof r->path, "%s_c.vcd", o->wave_prefix);
      r->vcd_path = r->path;
    }
  }
  if (r->fst_path && r->use_rtl && ls_rtl_trace_open(r->fst_path)) {
    fprintf(stderr, "error: cannot write %s\n", r->fst_path);
    return 2;
  }
  if (r->vcd_path && r->use_c && !(r->vcd = ls_vcd_open(r->vcd_path, &r->map))) {
    fprintf(stderr, "error: cannot write %s\n", r->vcd_path);
    return 2;
  }
  return 0;
}

/* The .div file: where the divergence is in the waveforms and its values
 * (what a user must see in GTKWave, for make test). */
static void write_div(const run_t *r, const ls_div_t *dv, const char *file) {
  FILE *f = fopen(file, "w");
  if (!f) return;
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

static void write_window_files(const run_t *r) {
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
  if (dv && r->div_c) {
    snprintf(g, sizeof g, "%s.div", o->wave_prefix);
    write_div(r, dv, g);
  }
}

/* The window's files named on stdout (not by the waveform re-run). */
static void window_message(const run_t *r) {
  const opts_t *o = r->o;
  if (o->quiet || o->rerun_child) return;
  if (r->use_c && r->use_rtl)
    printf("waveforms of cycles %lld..%lld: gtkwave %s.gtkw (C vs RTL), gtkwave %s_rtl.gtkw (RTL, every signal)\n",
           o->win_from, o->win_to, ls_rel(o->wave_prefix), ls_rel(o->wave_prefix));
  else if (r->use_c) /* C alone: no RTL waveform was written */
    printf("waveforms of cycles %lld..%lld (C model only): %s_c.vcd\n", o->win_from, o->win_to, ls_rel(o->wave_prefix));
  else
    printf("waveforms of cycles %lld..%lld (RTL only): gtkwave %s_rtl.gtkw\n", o->win_from, o->win_to,
           ls_rel(o->wave_prefix));
}

void ls_waves_close(run_t *r) {
  if (r->use_rtl && r->fst_path) ls_rtl_trace_close();
  if (r->cmp) ls_cmp_close(r->cmp);
  if (r->o->wave_prefix) {
    write_window_files(r);
    window_message(r);
  }
  ls_waves_free(r);
}

void ls_waves_free(run_t *r) {
  if (r->cmp) ls_cmp_free(r->cmp);
  if (r->vcd) ls_vcd_close(r->vcd);
  r->cmp = NULL, r->vcd = NULL;
}
