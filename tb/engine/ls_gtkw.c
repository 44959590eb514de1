/* ls_gtkw.c -- the GTKWave save files (.gtkw) of a waveform window: one
 * for the comparison FST (ls_cmp_fst.c), one for Verilator's full RTL FST,
 * each with a named marker on the diverging edge, zoomed to the window. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls_cmp.h"

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
      nl->name[nl->n++] = ls_sdup(full);
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
