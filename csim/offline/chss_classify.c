/* chss_classify.c -- see chss_classify.h and docs/chss.md. */
#include "chss_classify.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "l1sys_params.h"

#define LINE_MAX_CHARS 1024

void chss_cls_init(chss_cls_t *p) {
  memset(p, 0, sizeof *p);
  p->high_u = 700000;
  p->low_u = 300000;
}

void chss_cls_free(chss_cls_t *p) {
  free(p->ld);
  free(p->edge);
  free(p->grp);
  free(p->comp);
  free(p->size);
  free(p->hit_eff);
  free(p->tag);
  chss_cls_init(p);
}

const char *chss_cls_tag_name(unsigned tag) {
  return tag == CHSS_LD_CA ? "ca" : tag == CHSS_LD_CG ? "cg" : tag == CHSS_LD_CM ? "cm" : "?";
}

static int fail(char *err, size_t n, const char *fname, int line, const char *fmt, ...) {
  char m[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m, sizeof m, fmt, ap);
  va_end(ap);
  if (line > 0) snprintf(err, n, "%s:%d: %s", fname, line, m);
  else snprintf(err, n, "%s: %s", fname, m);
  return -1;
}

int chss_cls_threshold(const char *s, long *micro) {
  /* [0-9]+ ( . [0-9]{1,6} )?, value in [0, 1] */
  long ip = 0, fp = 0;
  int nd = 0, nf = 0;
  const char *q = s;
  while (isdigit((unsigned char)*q)) {
    if (nd++ > 3) return -1;
    ip = ip * 10 + (*q++ - '0');
  }
  if (*q == '.') {
    q++;
    while (isdigit((unsigned char)*q)) {
      if (nf++ >= 6) return -1;
      fp = fp * 10 + (*q++ - '0');
    }
    if (!nf) return -1;
  }
  if (*q || !nd) return -1;
  for (int i = nf; i < 6; i++) fp *= 10;
  long v = ip * 1000000 + fp;
  if (v > 1000000) return -1;
  *micro = v;
  return 0;
}

static int parse_count(const char *s, unsigned long long *v) {
  unsigned long long x = 0;
  if (!*s) return -1;
  for (const char *q = s; *q; q++) {
    if (!isdigit((unsigned char)*q)) return -1;
    x = x * 10 + (unsigned)(*q - '0');
    if (x > CHSS_CLS_COUNT_MAX) return -1;
  }
  *v = x;
  return 0;
}

static int valid_name(const char *s) {
  if (!(isalpha((unsigned char)*s) || *s == '_')) return 0;
  size_t n = 0;
  for (; *s; s++, n++)
    if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '.' || *s == '-')) return 0;
  return n <= CHSS_CLS_NAME_MAX;
}

static int find(const chss_cls_t *p, const char *name) {
  for (unsigned i = 0; i < p->n; i++)
    if (!strcmp(p->ld[i].name, name)) return (int)i;
  return -1;
}

static int grow(void **arr, unsigned *cap, unsigned need, size_t elem) {
  if (need <= *cap) return 0;
  unsigned nc = *cap ? *cap * 2 : 16;
  while (nc < need) nc *= 2;
  void *q = realloc(*arr, (size_t)nc * elem);
  if (!q) return -1;
  *arr = q;
  *cap = nc;
  return 0;
}

int chss_cls_parse(chss_cls_t *p, const char *text, size_t len, const char *fname, char *err, size_t errn) {
  size_t pos = 0;
  int line = 0;
  while (pos < len) {
    char buf[LINE_MAX_CHARS + 1];
    size_t n = 0;
    line++;
    while (pos < len && text[pos] != '\n') {
      char ch = text[pos++];
      if (ch == '\0') return fail(err, errn, fname, line, "NUL byte: expected a text file");
      if (n == LINE_MAX_CHARS) return fail(err, errn, fname, line, "line longer than %d characters", LINE_MAX_CHARS);
      buf[n++] = ch;
    }
    if (pos < len) pos++; /* the newline */
    buf[n] = '\0';
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    for (char *q = buf; *q; q++)
      if (*q == '\t' || *q == '\r') *q = ' ';
      else if (!isprint((unsigned char)*q)) return fail(err, errn, fname, line, "unexpected byte 0x%02x: expected printable text", (unsigned char)*q);
    char *tok[5];
    int nt = 0;
    for (char *s = strtok(buf, " "); s; s = strtok(NULL, " ")) {
      if (nt == 5) return fail(err, errn, fname, line, "too many fields (a line is 'load NAME ACCESS HIT', 'share NAME NAME', 'group NAME HIT_G', 'high X' or 'low X')");
      tok[nt++] = s;
    }
    if (!nt) continue;
    const char *kw = tok[0];
    if (!strcmp(kw, "load")) {
      if (nt != 4) return fail(err, errn, fname, line, "expected 'load NAME ACCESS HIT' (%d fields given)", nt);
      if (!valid_name(tok[1])) return fail(err, errn, fname, line, "load name '%s': expected a letter or '_' then letters, digits, '_', '.', '-' (at most %d)", tok[1], CHSS_CLS_NAME_MAX);
      if (find(p, tok[1]) >= 0) return fail(err, errn, fname, line, "load '%s' declared twice (first at line %d)", tok[1], p->ld[find(p, tok[1])].line);
      unsigned long long a, h;
      if (parse_count(tok[2], &a)) return fail(err, errn, fname, line, "load '%s': ACCESS '%s' is not an integer in [0, 10^15]", tok[1], tok[2]);
      if (parse_count(tok[3], &h)) return fail(err, errn, fname, line, "load '%s': HIT '%s' is not an integer in [0, 10^15]", tok[1], tok[3]);
      if (h > a) return fail(err, errn, fname, line, "load '%s': HIT %llu exceeds ACCESS %llu", tok[1], h, a);
      if (p->n == CHSS_CLS_MAX_LOADS) return fail(err, errn, fname, line, "more than %d loads", CHSS_CLS_MAX_LOADS);
      if (grow((void **)&p->ld, &p->cap, p->n + 1, sizeof *p->ld)) return fail(err, errn, fname, line, "out of memory");
      chss_cls_load_t *l = &p->ld[p->n++];
      snprintf(l->name, sizeof l->name, "%s", tok[1]);
      l->access = a;
      l->hit = h;
      l->line = line;
    } else if (!strcmp(kw, "share")) {
      if (nt != 3) return fail(err, errn, fname, line, "expected 'share NAME NAME' (%d fields given)", nt);
      int a = find(p, tok[1]), b = find(p, tok[2]);
      if (a < 0) return fail(err, errn, fname, line, "unknown load '%s' (declare it with a load line first)", tok[1]);
      if (b < 0) return fail(err, errn, fname, line, "unknown load '%s' (declare it with a load line first)", tok[2]);
      if (a == b) return fail(err, errn, fname, line, "'share %s %s': a load cannot share with itself", tok[1], tok[2]);
      if (grow((void **)&p->edge, &p->cap_e, p->ne + 1, sizeof *p->edge)) return fail(err, errn, fname, line, "out of memory");
      p->edge[p->ne++] = (chss_cls_edge_t){(unsigned)a, (unsigned)b, line};
    } else if (!strcmp(kw, "group")) {
      if (nt != 3) return fail(err, errn, fname, line, "expected 'group NAME HIT_G' (%d fields given)", nt);
      int a = find(p, tok[1]);
      if (a < 0) return fail(err, errn, fname, line, "unknown load '%s' (declare it with a load line first)", tok[1]);
      unsigned long long h;
      if (parse_count(tok[2], &h)) return fail(err, errn, fname, line, "group of '%s': HIT_G '%s' is not an integer in [0, 10^15]", tok[1], tok[2]);
      if (grow((void **)&p->grp, &p->cap_g, p->ng + 1, sizeof *p->grp)) return fail(err, errn, fname, line, "out of memory");
      p->grp[p->ng++] = (chss_cls_group_t){(unsigned)a, h, line};
    } else if (!strcmp(kw, "high") || !strcmp(kw, "low")) {
      if (nt != 2) return fail(err, errn, fname, line, "expected '%s X' with X a decimal in [0, 1]", kw);
      long v;
      if (chss_cls_threshold(tok[1], &v)) return fail(err, errn, fname, line, "%s threshold '%s': expected a decimal in [0, 1] with at most 6 fraction digits", kw, tok[1]);
      if (kw[0] == 'h') { p->high_u = v; p->high_line = line; }
      else { p->low_u = v; p->low_line = line; }
    } else {
      return fail(err, errn, fname, line, "unknown keyword '%s' (expected load, share, group, high or low)", kw);
    }
  }
  return 0;
}

static unsigned uf_find(unsigned *par, unsigned x) {
  while (par[x] != x) x = par[x] = par[par[x]];
  return x;
}

int chss_cls_classify(chss_cls_t *p, const char *fname, char *err, size_t errn) {
  if (!p->n) return fail(err, errn, fname, 0, "no 'load' line: expected at least one load");
  if (p->low_u > p->high_u) {
    int l = p->low_line > p->high_line ? p->low_line : p->high_line;
    return fail(err, errn, fname, l, "low threshold %ld.%06ld above high threshold %ld.%06ld", p->low_u / 1000000,
                p->low_u % 1000000, p->high_u / 1000000, p->high_u % 1000000);
  }
  unsigned n = p->n;
  p->comp = calloc(n, sizeof *p->comp);
  p->size = calloc(n, sizeof *p->size);
  p->hit_eff = calloc(n, sizeof *p->hit_eff);
  p->tag = calloc(n, sizeof *p->tag);
  unsigned *par = calloc(n, sizeof *par);
  int *gline = calloc(n, sizeof *gline), *eline = calloc(n, sizeof *eline);
  unsigned long long *ghit = calloc(n, sizeof *ghit), *gacc = calloc(n, sizeof *gacc), *hsum = calloc(n, sizeof *hsum);
  int rc = 0;
  if (!p->comp || !p->size || !p->hit_eff || !p->tag || !par || !gline || !eline || !ghit || !gacc || !hsum) {
    rc = fail(err, errn, fname, 0, "out of memory");
    goto out;
  }
  /* line 1: the inter-instruction locality graph and its connected components */
  for (unsigned i = 0; i < n; i++) par[i] = i;
  for (unsigned e = 0; e < p->ne; e++) {
    unsigned a = uf_find(par, p->edge[e].a), b = uf_find(par, p->edge[e].b);
    if (a != b) par[a < b ? b : a] = a < b ? a : b;
  }
  for (unsigned i = 0; i < n; i++) {
    unsigned r = uf_find(par, i);
    p->comp[i] = r;
    p->size[r]++;
    gacc[r] += p->ld[i].access;
    hsum[r] += p->ld[i].hit;
  }
  for (unsigned e = 0; e < p->ne; e++) {
    unsigned r = p->comp[p->edge[e].a];
    if (!eline[r]) eline[r] = p->edge[e].line;
  }
  for (unsigned g = 0; g < p->ng; g++) {
    unsigned r = p->comp[p->grp[g].ld];
    if (gline[r]) {
      rc = fail(err, errn, fname, p->grp[g].line, "a second group line for the group of '%s' (first at line %d)",
                p->ld[p->grp[g].ld].name, gline[r]);
      goto out;
    }
    if (p->grp[g].hit > gacc[r]) {
      rc = fail(err, errn, fname, p->grp[g].line, "group of '%s': HIT_G %llu exceeds the group's %llu accesses",
                p->ld[p->grp[g].ld].name, p->grp[g].hit, gacc[r]);
      goto out;
    }
    gline[r] = p->grp[g].line;
    ghit[r] = p->grp[g].hit;
  }
  for (unsigned i = 0; i < n; i++) {
    unsigned r = p->comp[i];
    if (p->size[r] > 1 && !gline[r]) {
      rc = fail(err, errn, fname, eline[r], "'%s' shares an array with other loads here, but no 'group' line gives hit(g) of its group",
                p->ld[i].name);
      goto out;
    }
  }
  /* lines 2-15, exactly: Hit*size = hit(v)*size + extra(g), extra(g) = hit(g) - sum hit(v) */
  for (unsigned i = 0; i < n; i++) {
    unsigned r = p->comp[i];
    __int128 size = p->size[r];
    __int128 extra = gline[r] ? (__int128)ghit[r] - (__int128)hsum[r] : 0;
    __int128 hs = (__int128)p->ld[i].hit * size + extra; /* Hit * size */
    __int128 acc = (__int128)p->ld[i].access * size;
    p->hit_eff[i] = (long double)hs / (long double)size;
    if (hs * 1000000 >= (__int128)p->high_u * acc) p->tag[i] = CHSS_LD_CA;
    else if (hs * 1000000 <= (__int128)p->low_u * acc) p->tag[i] = CHSS_LD_CG;
    else p->tag[i] = CHSS_LD_CM;
  }
out:
  free(par);
  free(gline);
  free(eline);
  free(ghit);
  free(gacc);
  free(hsum);
  return rc;
}
