/* ls_wave.c -- waveforms of a lockstep run:
 *  - the comparison FST of a divergence window: for every compared signal
 *    the C value, the RTL value and a mismatch flag, written with GTKWave's
 *    fstapi (compiled from Verilator's include/gtkwave/, not copied here);
 *  - the .gtkw save files that open it and Verilator's full RTL FST, with a
 *    named marker on the diverging edge, zoomed to the window;
 *  - a whole-run VCD of the C model alone (--vcd-c) under the RTL's names.
 * Time base everywhere: 1 ns units, cycle n at 10n (inputs applied, clock
 * low, outputs compared), its rising edge at 10n+5 (registers updated). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls_limits.h"
#include "ls_engine.h"

struct ls_vcd {
  FILE *f;
  int nvar;
  char (*id)[8];
  uint32_t **last;   /* last dumped value per var */
  int *sig, *elem;   /* var -> signal, element */
  int first;
};

static void make_id(int n, char *out) {
  int k = 0;
  do { out[k++] = (char)(33 + n % 94); n /= 94; } while (n && k < 7);
  out[k] = 0;
}

/* Splits "a.b.c" into scopes a, b and leaf c; opens/closes scopes relative
 * to the previously open path. */
static int scope_depth(const char *path) {
  int d = 0;
  for (const char *p = path; *p; p++) d += *p == '.';
  return d;
}

static int include_sig(const ls_sig_t *s) { return s->kind != SIG_MPORT || 1; }

ls_vcd_t *ls_vcd_open(const char *path, const struct ls_map *m) {
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  ls_vcd_t *v = calloc(1, sizeof *v);
  v->f = f;
  v->first = 1;
  int n = 1; /* clk */
  for (int i = 0; i < m->nsig; i++)
    if (include_sig(&m->sig[i])) n += (m->sig[i].kind == SIG_ARR || m->sig[i].kind == SIG_MEM) ? (int)m->sig[i].depth : 1;
  v->nvar = n;
  v->id = calloc((size_t)n, sizeof *v->id);
  v->last = calloc((size_t)n, sizeof *v->last);
  v->sig = calloc((size_t)n, sizeof(int));
  v->elem = calloc((size_t)n, sizeof(int));
  fprintf(f, "$comment C model of the lockstep engine: same names as the RTL harness $end\n$timescale 1ns $end\n");
  fprintf(f, "$scope module TOP $end\n$scope module ls_top $end\n");
  int k = 0;
  make_id(k, v->id[k]);
  v->sig[k] = -1;
  fprintf(f, "$var wire 1 %s clk_i $end\n", v->id[k]);
  k++;
  /* ports at ls_top level */
  for (int i = 0; i < m->nsig; i++) {
    const ls_sig_t *s = &m->sig[i];
    if (s->kind != SIG_IN && s->kind != SIG_OUT) continue;
    make_id(k, v->id[k]);
    v->sig[k] = i, v->elem[k] = 0;
    if (s->width == 1) fprintf(f, "$var wire 1 %s %s $end\n", v->id[k], s->path);
    else fprintf(f, "$var wire %u %s %s [%u:0] $end\n", s->width, v->id[k], s->path, s->width - 1);
    k++;
  }
  /* state under dut, one scope per dotted component */
  fprintf(f, "$scope module dut $end\n");
  char open[512] = "";
  int open_depth = 0;
  for (int i = 0; i < m->nsig; i++) {
    const ls_sig_t *s = &m->sig[i];
    if (s->kind == SIG_IN || s->kind == SIG_OUT) continue;
    const char *leaf = strrchr(s->path, '.');
    char dir[512] = "";
    if (leaf) { memcpy(dir, s->path, (size_t)(leaf - s->path)); dir[leaf - s->path] = 0; leaf++; }
    else leaf = s->path;
    if (strcmp(dir, open)) {
      for (int d = 0; d < open_depth; d++) fprintf(f, "$upscope $end\n");
      open_depth = 0;
      if (*dir) {
        char tmp[512];
        strcpy(tmp, dir);
        for (char *tok = strtok(tmp, "."); tok; tok = strtok(NULL, ".")) {
          fprintf(f, "$scope module %s $end\n", tok);
          open_depth++;
        }
      }
      strcpy(open, dir);
    }
    unsigned depth = (s->kind == SIG_ARR || s->kind == SIG_MEM) ? s->depth : 1;
    for (unsigned e = 0; e < depth; e++) {
      make_id(k, v->id[k]);
      v->sig[k] = i, v->elem[k] = (int)e;
      char nm[600];
      if (depth > 1 || s->kind == SIG_ARR || s->kind == SIG_MEM) snprintf(nm, sizeof nm, "%s[%u]", leaf, e);
      else snprintf(nm, sizeof nm, "%s", leaf);
      if (s->width == 1) fprintf(f, "$var wire 1 %s %s $end\n", v->id[k], nm);
      else fprintf(f, "$var wire %u %s %s [%u:0] $end\n", s->width, v->id[k], nm, s->width - 1);
      k++;
    }
  }
  (void)scope_depth;
  for (int d = 0; d < open_depth; d++) fprintf(f, "$upscope $end\n");
  fprintf(f, "$upscope $end\n$upscope $end\n$upscope $end\n$enddefinitions $end\n");
  return v;
}

static void put_value(FILE *f, const uint32_t *w, unsigned width, const char *id) {
  if (width == 1) { fprintf(f, "%u%s\n", w[0] & 1u, id); return; }
  fputc('b', f);
  int started = 0;
  for (unsigned b = width; b-- > 0;) {
    unsigned bit = bits_test(w, b);
    if (bit) started = 1;
    if (started || b == 0) fputc('0' + (int)bit, f);
  }
  fprintf(f, " %s\n", id);
}

void ls_vcd_dump(ls_vcd_t *v, const struct ls_map *m, uint64_t cycle, int phase) {
  uint64_t t = cycle * 10 + (phase ? 5 : 0);
  fprintf(v->f, "#%llu\n", (unsigned long long)t);
  uint32_t clk = phase ? 1u : 0u;
  put_value(v->f, &clk, 1, v->id[0]);
  uint32_t buf[LS_MAX_WORDS];
  for (int k = 1; k < v->nvar; k++) {
    const ls_sig_t *s = &m->sig[v->sig[k]];
    int is_port = s->kind == SIG_IN || s->kind == SIG_OUT || s->kind == SIG_MPORT;
    /* ports before the edge, state after it; everything at the first instant */
    if (is_port != !phase && !(v->first && !phase)) continue;
    ls_cget(s, (unsigned)v->elem[k], buf);
    if (!v->last[k]) v->last[k] = calloc(s->words, sizeof(uint32_t));
    else if (!memcmp(v->last[k], buf, s->words * sizeof(uint32_t)) && !v->first) continue;
    memcpy(v->last[k], buf, s->words * sizeof(uint32_t));
    put_value(v->f, buf, s->width, v->id[k]);
  }
  if (!phase) v->first = 0;
}

void ls_vcd_close(ls_vcd_t *v) {
  if (!v) return;
  fclose(v->f);
  for (int k = 0; k < v->nvar; k++) free(v->last[k]);
  free(v->last), free(v->id), free(v->sig), free(v->elem);
  free(v);
}


/* ======================= the comparison FST ============================ */
#include <math.h>
#include "fstapi.h"
#include "ls_rtl.h"

typedef struct {
  int sig;            /* map index */
  int sub;            /* element, row or field; -1: the whole signal */
  int state;          /* sampled after the edge (registers) */
  unsigned width;
  fstHandle hc, hr, hd;
  uint32_t *lc, *lr;  /* last emitted values */
  int ld, valid;
  unsigned nmis;      /* samples where C and RTL differed */
  char *leaf, *dir;   /* variable name and its scope path under c/rtl/diff */
} cmp_ent_t;

struct ls_cmp {
  void *fst;
  fstHandle clk;
  int n;
  cmp_ent_t *e;
  int *base;          /* per map signal: its first entity, -1 if none */
  int *mem_we, *mem_wa;     /* per memory signal: its we_i / waddr_i signals */
  long *row_c, *row_r;      /* per memory signal: row written at this edge (-1 none) */
  uint32_t *bc, *br, *fc, *fr; /* scratch: the widest signal's words + 2 each */
  int mark_ent;             /* the block's wave_mark signal (-1 none) */
  long long mark_t;         /* time of its first non-zero C value (-1 not yet) */
  uint64_t now;             /* time of the sample being taken */
};

static char *sdup(const char *s) {
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
  e->leaf = sdup(leaf);
  char dir[600] = "";
  if (dot) { memcpy(dir, s->path, (size_t)(dot - s->path)); dir[dot - s->path] = 0; }
  e->dir = sdup(dir);
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

/* ============================ .gtkw files ============================== */

enum { F_HIGHLIGHT = 0x1, F_HEX = 0x2, F_DEC = 0x4, F_BIN = 0x8, F_RJUST = 0x20, F_BLANK = 0x200,
       F_FTRANS = 0x2000, F_GRP_BEGIN = 0x800000, F_GRP_END = 0x1000000, F_CLOSED = 0x400000 };
enum { COLOR_RED = 1, COLOR_ORANGE = 2, COLOR_GREEN = 4 };

typedef struct {
  FILE *f;
  const char *filter_dir;
  char filters[32][64];
  int nfilters;
} gtkw_t;

/* Header: dump file, window start, zoom so that [from, to) fills the wave
 * area of the window size below, primary marker and marker A at mark. */
static void gtkw_head(gtkw_t *g, const char *path, const char *dumpfile, const char *title, uint64_t t0, uint64_t t1,
                      long long mark, const char *mark_name) {
  FILE *f = g->f;
  fprintf(f, "[*] %s\n[dumpfile] \"%s\"\n[savefile] \"%s\"\n", title, dumpfile, path);
  /* 1400 px window, 420 px of names: about 900 px of waves.  GTKWave's
   * zoom z draws 2^-z time units in 200 pixels (at most 1 unit in 200). */
  double span = (double)(t1 > t0 + 5 ? t1 - t0 : 5);
  /* zoomed so that the view is a little narrower than [t0, t1]: GTKWave
   * ignores [timestart] when the page would run past the file's end */
  double zoom = -log2(span * 200.0 / 960.0);
  fprintf(f, "[timestart] %llu\n[size] 1400 860\n[pos] -1 -1\n", (unsigned long long)t0);
  fprintf(f, "*%f %lld %lld", zoom, mark, mark);
  for (int i = 1; i < 26; i++) fprintf(f, " -1");
  fprintf(f, "\n");
  if (mark >= 0 && mark_name) fprintf(f, "[markername] A%s\n", mark_name);
  fprintf(f, "[sst_width] 1\n[signals_width] 420\n[sst_expanded] 0\n[sst_vpaned_height] 150\n");
}

static int filter_index(gtkw_t *g, const char *group) {
  for (int i = 0; i < g->nfilters; i++)
    if (!strcmp(g->filters[i], group)) return i + 1;
  if (g->nfilters == 32 || !g->filter_dir) return 0;
  char p[800];
  snprintf(p, sizeof p, "%s/%s.txt", g->filter_dir, group);
  if (ls_enum_filter_write(group, p)) return 0;
  snprintf(g->filters[g->nfilters++], 64, "%s", group);
  return g->nfilters;
}

/* One trace: name as GTKWave shows it (vectors with their [msb:0]). */
static void gtkw_trace(gtkw_t *g, const char *name, unsigned width, const char *group, int color) {
  int fi = group ? filter_index(g, group) : 0;
  unsigned flags = width == 1 ? F_BIN | F_RJUST : F_HEX | F_RJUST;
  if (fi) flags = F_DEC | F_RJUST | F_FTRANS;
  fprintf(g->f, "@%x\n", flags);
  if (fi) fprintf(g->f, "^%d %s/%s.txt\n", fi, g->filter_dir, group);
  if (color) fprintf(g->f, "[color] %d\n", color);
  /* the alias keeps the scope in the displayed name: "rtl:i_missq/count_q"
   * (GTKWave would cut a dotted name to its last component) */
  char alias[800];
  snprintf(alias, sizeof alias, "%s", name);
  char *dot = strchr(alias, '.');
  if (dot) *dot = ':';
  for (char *p = alias; *p; p++) if (*p == '.') *p = '/';
  if (width == 1 && fi) fprintf(g->f, "#{%s} %s\n", alias, name); /* a 1-bit vector: filters apply to vectors only */
  else if (width == 1) fprintf(g->f, "+{%s} %s\n", alias, name);
  else fprintf(g->f, "+{%s} %s[%u:0]\n", alias, name, width - 1);
}

static void gtkw_group(gtkw_t *g, const char *name, int begin, int closed) {
  fprintf(g->f, "@%x\n-%s\n", (begin ? F_GRP_BEGIN : F_GRP_END) | F_BLANK | (closed ? F_CLOSED : 0), name);
}

static void ent_name(const ls_cmp_t *w, const struct ls_map *m, int k, const char *scope, char *buf, size_t n) {
  const cmp_ent_t *e = &w->e[k];
  const ls_sig_t *s = &m->sig[e->sig];
  const char *dot = strrchr(s->path, '.');
  const char *base = dot ? dot + 1 : s->path;
  if (e->sub >= 0) snprintf(buf, n, "%s.%s%s%s[%d]", scope, e->dir, *e->dir ? "." : "", base, e->sub);
  else snprintf(buf, n, "%s.%s%s%s", scope, e->dir, *e->dir ? "." : "", base);
}

static void cmp_triplet(gtkw_t *g, const ls_cmp_t *w, const struct ls_map *m, int k) {
  const cmp_ent_t *e = &w->e[k];
  const ls_annot_t *a = ls_annot_find(m, &m->sig[e->sig]);
  const char *grp = a ? a->group : NULL;
  char nm[800];
  int col = e->nmis ? COLOR_ORANGE : 0;
  if (m->sig[e->sig].kind == SIG_IN) {
    ent_name(w, m, k, "in", nm, sizeof nm);
    gtkw_trace(g, nm, e->width, grp, 0);
    return;
  }
  ent_name(w, m, k, "c", nm, sizeof nm);
  gtkw_trace(g, nm, e->width, grp, col);
  ent_name(w, m, k, "rtl", nm, sizeof nm);
  gtkw_trace(g, nm, e->width, grp, col);
  ent_name(w, m, k, "diff", nm, sizeof nm);
  gtkw_trace(g, nm, 1, NULL, e->nmis ? COLOR_RED : 0);
}

/* The first view: up to 15 cycles before the divergence, to the window's
 * end (the file holds the whole window; zoom out to see it). */
static uint64_t view_from(const ls_div_t *d, uint64_t from) {
  if (d && d->sig >= 0 && d->cycle > from + 15) return d->cycle - 15;
  return from;
}

static long long div_time(const ls_div_t *d) {
  return d && d->sig >= 0 ? (long long)(d->cycle * 10 + (d->phase ? 5 : 0)) : -1;
}

static void div_title(const struct ls_map *m, const ls_div_t *d, char *buf, size_t n) {
  const ls_sig_t *s = &m->sig[d->sig];
  char sub[200] = "";
  if (d->has_elem && ls_annot_find(m, s)) ls_sub_name(m, s, d->elem, sub, sizeof sub);
  if (d->has_elem && *sub) snprintf(buf, n, "divergence cycle %llu %s[%u] (%s)", (unsigned long long)d->cycle, s->path, d->elem, sub);
  else if (d->has_elem) snprintf(buf, n, "divergence cycle %llu %s[%u]", (unsigned long long)d->cycle, s->path, d->elem);
  else snprintf(buf, n, "divergence cycle %llu %s", (unsigned long long)d->cycle, s->path);
}

/* The block's own groups (ls_block_t.wave_group), in rank order; entries it
 * leaves to the default groups are returned in *rest.  0 if the block has
 * no wave_group. */
typedef struct { char name[160]; int rank, first; } bgroup_t;
static int grp_cmp(const void *a, const void *b) {
  const bgroup_t *x = a, *y = b;
  return x->rank != y->rank ? (x->rank > y->rank) - (x->rank < y->rank) : x->first - y->first;
}

static int block_groups(gtkw_t *g, const ls_cmp_t *w, const struct ls_map *m, const ls_block_t *b, int dk, char *rest) {
  if (!b || !b->wave_group) return 0;
  int *gi = malloc((size_t)w->n * sizeof(int));
  bgroup_t *gr = calloc(512, sizeof *gr);
  int ng = 0;
  for (int k = 0; k < w->n; k++) {
    const cmp_ent_t *e = &w->e[k];
    ls_kind_t kd = m->sig[e->sig].kind;
    gi[k] = -1;
    rest[k] = 0;
    if (k == dk || ((kd == SIG_ARR || kd == SIG_MEM) && !e->nmis)) continue; /* arrays: the differing elements only */
    char nm[160];
    int rank = b->wave_group(m->sig[e->sig].path, e->sub, nm, sizeof nm);
    if (rank < 0) { rest[k] = 1; continue; }
    int j = 0;
    while (j < ng && strcmp(gr[j].name, nm)) j++;
    if (j == ng) {
      if (ng == 512) { rest[k] = 1; continue; }
      snprintf(gr[ng].name, sizeof gr[ng].name, "%s", nm);
      gr[ng].rank = rank, gr[ng].first = k;
      ng++;
    }
    gi[k] = j;
  }
  int *ord = malloc((size_t)(ng ? ng : 1) * sizeof(int));
  bgroup_t *sorted = malloc((size_t)(ng ? ng : 1) * sizeof *sorted);
  memcpy(sorted, gr, (size_t)ng * sizeof *gr);
  qsort(sorted, (size_t)ng, sizeof *sorted, grp_cmp);
  for (int j = 0; j < ng; j++) {
    int orig = 0;
    while (strcmp(gr[orig].name, sorted[j].name)) orig++;
    ord[j] = orig;
  }
  for (int j = 0; j < ng; j++) {
    const bgroup_t *x = &gr[ord[j]];
    int closed = x->rank >= 100;
    gtkw_group(g, x->name, 1, closed);
    for (int k = 0; k < w->n; k++)
      if (gi[k] == ord[j]) cmp_triplet(g, w, m, k);
    gtkw_group(g, x->name, 0, closed);
  }
  free(gi), free(gr), free(ord), free(sorted);
  return 1;
}

int ls_cmp_gtkw_write(const ls_cmp_t *w, const char *path, const char *dumpfile, const struct ls_map *m,
                      const char *block, const ls_div_t *d, uint64_t from, uint64_t to, const char *filter_dir) {
  gtkw_t g;
  memset(&g, 0, sizeof g);
  g.filter_dir = filter_dir;
  if (!(g.f = fopen(path, "w"))) return -1;
  const ls_block_t *b = ls_find_block(block);
  char title[800];
  int divd = d && d->sig >= 0;
  if (divd) div_title(m, d, title, sizeof title);
  else snprintf(title, sizeof title, "lockstep window of block %s", block);
  /* nothing diverged: a marker on the window's first interesting event (the block's wave_mark) */
  char mname[900] = "";
  long long mt = divd ? div_time(d) : -1;
  uint64_t vfrom = view_from(d, from);
  if (!divd && w->mark_ent >= 0 && w->mark_t >= 0) {
    mt = w->mark_t;
    snprintf(mname, sizeof mname, "first %s (cycle %llu)", m->sig[w->e[w->mark_ent].sig].path,
             (unsigned long long)(w->mark_t / 10));
    uint64_t c = (uint64_t)w->mark_t / 10;
    vfrom = c > from + 5 ? c - 5 : from;
    if (to > vfrom + 60) to = vfrom + 60; /* the first view: 60 cycles from just before the mark (zoom out for the window) */
  }
  gtkw_head(&g, path, dumpfile, title, vfrom * 10, to * 10 + 5, mt, divd ? title : *mname ? mname : NULL);
  fprintf(g.f, "@%x\nclk_i\n", F_BIN | F_RJUST);
  int dk = -1;
  if (divd) {
    dk = w->base[d->sig] + (d->has_elem ? (int)d->elem : 0);
    gtkw_group(&g, title, 1, 0);
    cmp_triplet(&g, w, m, dk);
    gtkw_group(&g, title, 0, 0);
  }
  int any = 0;
  for (int k = 0; k < w->n; k++) any |= k != dk && w->e[k].nmis;
  if (any) {
    gtkw_group(&g, "also differing in this window", 1, 0);
    for (int k = 0; k < w->n; k++)
      if (k != dk && w->e[k].nmis) cmp_triplet(&g, w, m, k);
    gtkw_group(&g, "also differing in this window", 0, 0);
  }
  char *rest = calloc((size_t)w->n + 1, 1);
  int own = block_groups(&g, w, m, b, dk, rest);
  static const struct { int what; const char *name; } grp[] = {{0, "inputs"}, {1, "outputs"}, {2, "registers"}, {3, "memory write ports"}};
  for (size_t gi = 0; gi < 4; gi++) {
    char gn[300];
    snprintf(gn, sizeof gn, "%s %s", block, grp[gi].name);
    int closed = own || (gi != 0 && gi != 1 && gi != 2), n = 0;
    for (int k = 0; k < w->n; k++) {
      const cmp_ent_t *e = &w->e[k];
      ls_kind_t kd = m->sig[e->sig].kind;
      int what = kd == SIG_IN ? 0 : kd == SIG_OUT ? 1 : kd == SIG_MPORT ? 3 : 2;
      if (what != grp[gi].what || (own && !rest[k])) continue;
      /* arrays and memories: only elements that differed (the rest are in the tree) */
      if ((kd == SIG_ARR || kd == SIG_MEM) && !e->nmis) continue;
      if (!n++) gtkw_group(&g, gn, 1, closed);
      cmp_triplet(&g, w, m, k);
    }
    if (n) gtkw_group(&g, gn, 0, closed);
  }
  free(rest);
  fclose(g.f);
  return 0;
}

/* ---- the full RTL FST: names as Verilator wrote them ---- */

typedef struct { char **name; int n, cap; } namelist_t;

static void names_read(const char *fstfile, namelist_t *nl) {
  void *r = fstReaderOpen(fstfile);
  if (!r) return;
  char scope[2048] = "";
  struct fstHier *h;
  while ((h = fstReaderIterateHier(r))) {
    if (h->htyp == FST_HT_SCOPE) {
      size_t l = strlen(scope);
      snprintf(scope + l, sizeof scope - l, "%s%s", l ? "." : "", h->u.scope.name);
    } else if (h->htyp == FST_HT_UPSCOPE) {
      char *dot = strrchr(scope, '.');
      if (dot) *dot = 0; else scope[0] = 0;
    } else if (h->htyp == FST_HT_VAR) {
      if (nl->n == nl->cap) { nl->cap = nl->cap ? 2 * nl->cap : 256; nl->name = realloc(nl->name, (size_t)nl->cap * sizeof(char *)); }
      char full[2600];
      snprintf(full, sizeof full, "%s.%s", scope, h->u.var.name);
      /* "x [3:0]" is shown by GTKWave as "x[3:0]" */
      char *sp = strstr(full, " [");
      if (sp) memmove(sp, sp + 1, strlen(sp));
      nl->name[nl->n++] = sdup(full);
    }
  }
  fstReaderClose(r);
}

/* The FST name for signal s (element e or -1): exact, or with its range. */
static const char *names_find(const namelist_t *nl, const char *want) {
  size_t l = strlen(want);
  for (int i = 0; i < nl->n; i++) {
    const char *x = nl->name[i];
    if (!strncmp(x, want, l) && (x[l] == 0 || (x[l] == '[' && strchr(x + l, ':')))) return x;
  }
  return NULL;
}

static void rtl_trace(gtkw_t *g, const namelist_t *nl, const struct ls_map *m, const ls_sig_t *s, int elem, int color) {
  char want[800];
  if (elem >= 0) ls_elem_name(s, (unsigned)elem, want, sizeof want); /* [i], or [i][j] as Verilator's FST names it */
  else snprintf(want, sizeof want, "%s", s->rtl);
  const char *nm = names_find(nl, want);
  const ls_annot_t *a = ls_annot_find(m, s);
  int fi = a && a->group ? filter_index(g, a->group) : 0;
  unsigned flags = s->width == 1 ? F_BIN | F_RJUST : F_HEX | F_RJUST;
  if (fi) flags = F_DEC | F_RJUST | F_FTRANS;
  fprintf(g->f, "@%x\n", flags);
  if (fi) fprintf(g->f, "^%d %s/%s.txt\n", fi, g->filter_dir, a->group);
  if (color) fprintf(g->f, "[color] %d\n", color);
  /* displayed as the path under the harness ("dut/i_missq/count_q") */
  char alias[800];
  snprintf(alias, sizeof alias, "%s", !strncmp(want, "TOP.ls_top.", 11) ? want + 11 : want);
  for (char *p = alias; *p; p++) if (*p == '.') *p = '/';
  if (nm && fi && s->width == 1) fprintf(g->f, "#{%s} %s\n", alias, nm); /* filters apply to vectors only */
  else if (nm) fprintf(g->f, "+{%s} %s\n", alias, nm);
  else if (s->width == 1) fprintf(g->f, "+{%s} %s\n", alias, want);
  else fprintf(g->f, "+{%s} %s[%u:0]\n", alias, want, s->width - 1);
}

int ls_rtl_gtkw_write(const char *path, const char *dumpfile, const struct ls_map *m, const char *block,
                      const ls_div_t *d, uint64_t from, uint64_t to, const char *filter_dir) {
  namelist_t nl = {0, 0, 0};
  names_read(dumpfile, &nl);
  gtkw_t g;
  memset(&g, 0, sizeof g);
  g.filter_dir = filter_dir;
  if (!(g.f = fopen(path, "w"))) return -1;
  char title[800];
  if (d && d->sig >= 0) div_title(m, d, title, sizeof title);
  else snprintf(title, sizeof title, "RTL window of block %s", block);
  gtkw_head(&g, path, dumpfile, title, view_from(d, from) * 10, to * 10 + 5, div_time(d), d && d->sig >= 0 ? title : NULL);
  fprintf(g.f, "@%x\nTOP.ls_top.clk_i\n", F_BIN | F_RJUST);
  if (d && d->sig >= 0) {
    const ls_sig_t *s = &m->sig[d->sig];
    gtkw_group(&g, title, 1, 0);
    rtl_trace(&g, &nl, m, s, (s->kind == SIG_ARR || s->kind == SIG_MEM) ? (int)d->elem : -1, COLOR_ORANGE);
    gtkw_group(&g, title, 0, 0);
  }
  static const struct { ls_kind_t k; const char *what; } order[] = {
      {SIG_IN, "inputs"}, {SIG_OUT, "outputs"}, {SIG_REG, "registers"}, {SIG_MPORT, "memory write ports"}};
  for (size_t o = 0; o < 4; o++) {
    char gn[300];
    snprintf(gn, sizeof gn, "%s %s", block, order[o].what);
    gtkw_group(&g, gn, 1, order[o].k == SIG_MPORT);
    for (int i = 0; i < m->nsig; i++) {
      const ls_sig_t *s = &m->sig[i];
      if (s->kind == order[o].k) rtl_trace(&g, &nl, m, s, -1, 0);
      /* arrays: the diverging element, else element 0 (the rest are in the tree) */
      if (order[o].k == SIG_REG && (s->kind == SIG_ARR || s->kind == SIG_MEM))
        rtl_trace(&g, &nl, m, s, d && i == d->sig ? (int)d->elem : 0, 0);
    }
    gtkw_group(&g, gn, 0, order[o].k == SIG_MPORT);
  }
  fclose(g.f);
  for (int i = 0; i < nl.n; i++) free(nl.name[i]);
  free(nl.name);
  return 0;
}

void ls_cmp_free(ls_cmp_t *w) {
  if (w) cmp_free(w);
}
