/* ls_cmp_fst.c -- the comparison FST of a divergence window: for every
 * compared signal the C value, the RTL value and a mismatch flag, written
 * with GTKWave's fstapi (compiled from Verilator's include/gtkwave/, not
 * copied here).  Time base: 1 ns units, cycle n at 10n (inputs applied,
 * clock low, outputs compared), its rising edge at 10n+5 (registers
 * updated).  Its .gtkw save file: ls_gtkw.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls_cmp.h"

char *ls_sdup(const char *s) {
  char *d = malloc(strlen(s) + 1);
  if (!d) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  return strcpy(d, s);
}

static int find_sig(const struct ls_map *m, const char *path) {
  for (int i = 0; i < m->nsig; i++)
    if (!strcmp(m->sig[i].path, path)) return i;
  return -1;
}

/* RTL value of element e of s (the same read the comparison makes). */
static void rtl_value(const ls_sig_t *s, unsigned e, uint32_t *buf) {
  ls_rget(s, e, buf); /* through the storage pointer resolved once */
}

static void add_ent(ls_cmp_t *w, const ls_sig_t *s, int si, int sub, unsigned width) {
  cmp_ent_t *e = &w->e[w->n++];
  memset(e, 0, sizeof *e);
  e->sig = si, e->sub = sub, e->width = width;
  e->state = !(s->kind == SIG_IN || s->kind == SIG_OUT || s->kind == SIG_MPORT);
  const char *dot = strrchr(s->path, '.');
  char leaf[600];
  const char *base = dot ? dot + 1 : s->path;
  if (sub >= 0) snprintf(leaf, sizeof leaf, "%s[%d]", base, sub);
  else snprintf(leaf, sizeof leaf, "%s", base);
  if (width > 1) snprintf(leaf + strlen(leaf), sizeof leaf - strlen(leaf), " [%u:0]", width - 1);
  e->leaf = ls_sdup(leaf);
  char dir[600] = "";
  if (dot) { memcpy(dir, s->path, (size_t)(dot - s->path)); dir[dot - s->path] = 0; }
  e->dir = ls_sdup(dir);
  unsigned words = bits_words(width) + 1;
  e->lc = calloc(words, 4);
  e->lr = calloc(words, 4);
}

/* Splits a dotted path into components (modifies buf). */
static int split_path(char *buf, char **comp, int max) {
  int n = 0;
  if (!*buf) return 0;
  for (char *p = buf; n < max;) {
    comp[n++] = p;
    char *q = strchr(p, '.');
    if (!q) break;
    *q = 0;
    p = q + 1;
  }
  return n;
}

/* Opens and closes scopes so that the current scope path becomes dir. */
static void goto_scope(void *fst, char *cur, const char *dir) {
  if (!strcmp(cur, dir)) return;
  char a[600], b[600], *ca[64], *cb[64];
  snprintf(a, sizeof a, "%s", cur);
  snprintf(b, sizeof b, "%s", dir);
  int na = split_path(a, ca, 64), nb = split_path(b, cb, 64), k = 0;
  while (k < na && k < nb && !strcmp(ca[k], cb[k])) k++;
  for (int i = k; i < na; i++) fstWriterSetUpscope(fst);
  for (int i = k; i < nb; i++) fstWriterSetScope(fst, FST_ST_VCD_MODULE, cb[i], NULL);
  snprintf(cur, 600, "%s", dir);
}

static int ent_cmp_dir(const void *a, const void *b, void *ctx) {
  const ls_cmp_t *w = ctx;
  const cmp_ent_t *x = &w->e[*(const int *)a], *y = &w->e[*(const int *)b];
  int c = strcmp(x->dir, y->dir);
  return c ? c : (*(const int *)a - *(const int *)b);
}

ls_cmp_t *ls_cmp_open(const char *path, const struct ls_map *m) {
  void *fst = fstWriterCreate(path, 1);
  if (!fst) return NULL;
  ls_cmp_t *w = calloc(1, sizeof *w);
  w->fst = fst;
  fstWriterSetTimescale(fst, -9);
  fstWriterSetPackType(fst, FST_WR_PT_LZ4);
  fstWriterSetComment(fst, "lockstep comparison: c = C model, rtl = Verilated RTL, diff = 1 where they differ");
  int total = 0;
  for (int i = 0; i < m->nsig; i++) {
    unsigned ns = ls_nsub(m, &m->sig[i]);
    total += ns ? (int)ns : 1;
  }
  w->e = calloc((size_t)total, sizeof *w->e);
  const size_t nsig = m->nsig > 0 ? (size_t)m->nsig : 1;
  w->base = calloc(nsig, sizeof(int));
  w->mem_we = calloc(nsig, sizeof(int));
  w->mem_wa = calloc(nsig, sizeof(int));
  w->row_c = calloc(nsig, sizeof(long));
  w->row_r = calloc(nsig, sizeof(long));
  /* scratch for one signal's value: as wide as the widest compared signal
   * (a 15-SM shell's packed lane-address port is 15360 bits) */
  size_t sw = 130;
  for (int i = 0; i < m->nsig; i++) {
    size_t words = ((size_t)(unsigned)m->sig[i].width + 31) / 32 + 2;
    if (words > sw) sw = words;
  }
  w->bc = calloc(sw, 4), w->br = calloc(sw, 4), w->fc = calloc(sw, 4), w->fr = calloc(sw, 4);
  w->mark_ent = -1, w->mark_t = -1;
  for (int i = 0; i < m->nsig; i++) {
    const ls_sig_t *s = &m->sig[i];
    w->base[i] = w->n;
    w->mem_we[i] = w->mem_wa[i] = -1;
    unsigned ns = ls_nsub(m, s);
    if (!ns) add_ent(w, s, i, -1, s->width);
    else for (unsigned k = 0; k < ns; k++) add_ent(w, s, i, (int)k, ls_sub_width(m, s));
    if (s->kind == SIG_MEM) {
      char p[600];
      size_t l = strlen(s->path) - strlen("mem_q");
      snprintf(p, sizeof p, "%.*swe_i", (int)l, s->path);
      w->mem_we[i] = find_sig(m, p);
      snprintf(p, sizeof p, "%.*swaddr_i", (int)l, s->path);
      w->mem_wa[i] = find_sig(m, p);
    }
  }
  /* declarations: clk, in.*, then c.*, rtl.*, diff.* in scope order */
  int *ord = malloc((size_t)w->n * sizeof(int));
  for (int k = 0; k < w->n; k++) ord[k] = k;
  qsort_r(ord, (size_t)w->n, sizeof(int), ent_cmp_dir, w);
  w->clk = fstWriterCreateVar(fst, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, 1, "clk_i", 0);
  static const char *const scopes[] = {"in", "c", "rtl", "diff"};
  for (int sc = 0; sc < 4; sc++) {
    fstWriterSetScope(fst, FST_ST_VCD_MODULE, scopes[sc], NULL);
    char cur[600] = "";
    for (int k = 0; k < w->n; k++) {
      cmp_ent_t *e = &w->e[ord[k]];
      int is_in = m->sig[e->sig].kind == SIG_IN;
      if ((sc == 0) != is_in) continue;
      goto_scope(fst, cur, e->dir);
      if (sc == 0 || sc == 1) e->hc = fstWriterCreateVar(fst, FST_VT_SV_LOGIC, FST_VD_IMPLICIT, e->width, e->leaf, 0);
      else if (sc == 2) e->hr = fstWriterCreateVar(fst, FST_VT_SV_LOGIC, FST_VD_IMPLICIT, e->width, e->leaf, 0);
      else {
        char leaf[600];
        snprintf(leaf, sizeof leaf, "%s", e->leaf);
        char *sp = strchr(leaf, ' ');
        if (sp) *sp = 0; /* the flag is one bit */
        e->hd = fstWriterCreateVar(fst, FST_VT_SV_LOGIC, FST_VD_IMPLICIT, 1, leaf, 0);
      }
    }
    goto_scope(fst, cur, "");
    fstWriterSetUpscope(fst);
  }
  free(ord);
  return w;
}

static int any_set(const uint32_t *v, unsigned width) {
  for (unsigned i = 0; i < bits_words(width); i++)
    if (v[i] & (i + 1 < bits_words(width) || !(width & 31) ? ~0u : (1u << (width & 31)) - 1u)) return 1;
  return 0;
}

static void emit(void *fst, fstHandle h, unsigned width, uint32_t *v) {
  if (width <= 32) fstWriterEmitValueChange32(fst, h, width, v[0]);
  else fstWriterEmitValueChangeVec32(fst, h, width, v); /* v has a spare word */
}

/* gate 0: not compared this cycle (a write port's address, data and mask
 * while C's we_i is low), so never a mismatch, as in the engine. */
static void ent_sample(ls_cmp_t *w, const struct ls_map *m, cmp_ent_t *e, const uint32_t *c, const uint32_t *r, int gate) {
  unsigned nw = bits_words(e->width);
  size_t nb = nw * sizeof(uint32_t);
  int is_in = m->sig[e->sig].kind == SIG_IN;
  if (!e->valid || memcmp(e->lc, c, nb)) { memcpy(e->lc, c, nb); emit(w->fst, e->hc, e->width, e->lc); }
  if (is_in) { e->valid = 1; return; }
  if (!e->valid || memcmp(e->lr, r, nb)) { memcpy(e->lr, r, nb); emit(w->fst, e->hr, e->width, e->lr); }
  if (w->mark_t < 0 && w->mark_ent >= 0 && e == &w->e[w->mark_ent] && any_set(c, e->width)) w->mark_t = (long long)w->now;
  int d = gate && memcmp(c, r, nb) != 0;
  if (d) e->nmis++;
  if (!e->valid || d != e->ld) { e->ld = d; fstWriterEmitValueChange32(w->fst, e->hd, 1, (uint32_t)d); }
  e->valid = 1;
}

/* Samples signal si (every sub-element, or only sub-element only >= 0). */
static void sig_sample(ls_cmp_t *w, const struct ls_map *m, int si, long only) {
  const ls_sig_t *s = &m->sig[si];
  int is_in = s->kind == SIG_IN;
  unsigned ns = ls_nsub(m, s);
  if (s->kind == SIG_ARR || s->kind == SIG_MEM) {
    for (unsigned k = 0; k < ns; k++) {
      if (only >= 0 && (long)k != only) continue;
      ls_cget(s, k, w->bc);
      rtl_value(s, k, w->br);
      ent_sample(w, m, &w->e[w->base[si] + (int)k], w->bc, w->br, 1);
    }
    return;
  }
  int gate = 1;
  if (s->kind == SIG_MPORT && s->we_sig >= 0) {
    uint32_t we[2] = {0, 0};
    ls_cget(&m->sig[s->we_sig], 0, we);
    gate = (int)(we[0] & 1u);
  }
  ls_cget(s, 0, w->bc);
  if (!is_in) rtl_value(s, 0, w->br);
  if (!ns) { ent_sample(w, m, &w->e[w->base[si]], w->bc, w->br, gate); return; }
  unsigned fw = ls_sub_width(m, s);
  for (unsigned k = 0; k < ns; k++) {
    ls_field_get(w->bc, k, fw, w->fc);
    ls_field_get(w->br, k, fw, w->fr);
    ent_sample(w, m, &w->e[w->base[si] + (int)k], w->fc, w->fr, gate);
  }
}

void ls_cmp_set_mark(ls_cmp_t *w, const struct ls_map *m, const char *path) {
  int si = path ? find_sig(m, path) : -1;
  w->mark_ent = si >= 0 ? w->base[si] : -1;
}

void ls_cmp_sample(ls_cmp_t *w, const struct ls_map *m, uint64_t cycle, int phase, int first) {
  w->now = cycle * 10 + (phase ? 5 : 0);
  fstWriterEmitTimeChange(w->fst, cycle * 10 + (phase ? 5 : 0));
  fstWriterEmitValueChange32(w->fst, w->clk, 1, phase ? 1u : 0u);
  for (int i = 0; i < m->nsig; i++) {
    const ls_sig_t *s = &m->sig[i];
    int state = !(s->kind == SIG_IN || s->kind == SIG_OUT || s->kind == SIG_MPORT);
    if (!phase && s->kind == SIG_MEM) { /* remember the rows the edge will write, on each side */
      uint32_t v[2] = {0, 0};
      w->row_c[i] = w->row_r[i] = -1;
      if (w->mem_we[i] >= 0 && w->mem_wa[i] >= 0) {
        const ls_sig_t *we = &m->sig[w->mem_we[i]], *wa = &m->sig[w->mem_wa[i]];
        ls_cget(we, 0, v);
        if (v[0] & 1) { ls_cget(wa, 0, v); w->row_c[i] = (long)v[0]; }
        rtl_value(we, 0, v);
        if (v[0] & 1) { rtl_value(wa, 0, v); w->row_r[i] = (long)v[0]; }
      }
    }
    if (state != phase && !(first && state)) continue;
    if (s->kind == SIG_MEM && !first) {
      if (w->row_c[i] >= 0 && (unsigned long)w->row_c[i] < s->depth) sig_sample(w, m, i, w->row_c[i]);
      if (w->row_r[i] >= 0 && w->row_r[i] != w->row_c[i] && (unsigned long)w->row_r[i] < s->depth) sig_sample(w, m, i, w->row_r[i]);
      continue;
    }
    sig_sample(w, m, i, -1);
  }
}

void ls_cmp_close(ls_cmp_t *w) {
  if (!w) return;
  fstWriterClose(w->fst);
  w->fst = NULL;
}

static void cmp_free(ls_cmp_t *w) {
  for (int k = 0; k < w->n; k++) free(w->e[k].lc), free(w->e[k].lr), free(w->e[k].leaf), free(w->e[k].dir);
  free(w->e), free(w->base), free(w->mem_we), free(w->mem_wa), free(w->row_c), free(w->row_r);
  free(w->bc), free(w->br), free(w->fc), free(w->fr);
  free(w);
}

void ls_cmp_free(ls_cmp_t *w) {
  if (w) cmp_free(w);
}
