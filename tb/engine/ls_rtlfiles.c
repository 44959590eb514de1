/* ls_rtlfiles.c -- the RTL files a block's harness compiles, found from the
 * RTL itself: every rtl/<dir>/<file>.sv is read, its `module NAME` lines
 * name the modules it defines, and a known module name followed by `#(` or
 * by an instance name and `(` is an instantiation.  The top module's files
 * come out leaves first (each file after every file it instantiates from),
 * so no adapter keeps a hand-written file list that can drift from the RTL.
 * Comments are skipped; the package (l1sys_pkg) is not a module and is
 * added by scripts/lockstep.sh. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ls_run.h"

#define MAXF 128  /* RTL files */
#define MAXM 256  /* modules */

typedef struct {
  char path[600];  /* relative to the RTL root: "l1d/l1d.sv" */
  char *text;      /* comments blanked */
  int mark;        /* 0 unvisited, 1 on the stack, 2 written */
} rfile_t;

typedef struct {
  rfile_t f[MAXF];
  int nf;
  char mod[MAXM][64];
  int mod_file[MAXM];
  int nm;
} rtl_t;

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *s = malloc(cap);
  for (size_t k; s && (k = fread(s + n, 1, cap - n - 1, f)) > 0;) {
    n += k;
    if (n + 1 == cap) {
      char *t = realloc(s, cap *= 2);
      if (!t) { free(s); s = NULL; }
      else s = t;
    }
  }
  fclose(f);
  if (s) s[n] = 0;
  return s;
}

/* blank // and block comments and string literals (keeps line structure) */
static void blank_comments(char *s) {
  for (char *p = s; *p; p++) {
    if (p[0] == '/' && p[1] == '/') {
      while (*p && *p != '\n') *p++ = ' ';
      if (!*p) break;
    } else if (p[0] == '/' && p[1] == '*') {
      while (*p && !(p[0] == '*' && p[1] == '/')) { if (*p != '\n') *p = ' '; p++; }
      if (!*p) break;
      p[0] = p[1] = ' ';
      p++;
    } else if (*p == '"') {
      *p++ = ' ';
      while (*p && *p != '"' && *p != '\n') *p++ = ' ';
      if (!*p) break;
      *p = ' ';
    }
  }
}

static int is_id(int c) { return isalnum(c) || c == '_' || c == '$'; }

static int find_mod(const rtl_t *r, const char *name, size_t n) {
  for (int i = 0; i < r->nm; i++)
    if (strlen(r->mod[i]) == n && !strncmp(r->mod[i], name, n)) return i;
  return -1;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int load(rtl_t *r, const char *root) {
  DIR *d = opendir(root);
  if (!d) { fprintf(stderr, "lockstep: cannot read the RTL folder %s\n", root); return -1; }
  char *names[MAXF];
  int nn = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    char sub[1100];
    snprintf(sub, sizeof sub, "%s/%s", root, e->d_name);
    DIR *s = opendir(sub);
    if (!s) continue;
    for (struct dirent *g; (g = readdir(s));) {
      size_t k = strlen(g->d_name);
      if (k < 4 || strcmp(g->d_name + k - 3, ".sv")) continue;
      if (nn == MAXF) { fprintf(stderr, "lockstep: more than %d RTL files under %s\n", MAXF, root); closedir(s); closedir(d); return -1; }
      char rel[600];
      snprintf(rel, sizeof rel, "%s/%s", e->d_name, g->d_name);
      names[nn++] = strdup(rel);
    }
    closedir(s);
  }
  closedir(d);
  qsort(names, (size_t)nn, sizeof names[0], cmp_str);  /* readdir order is not stable */
  for (int i = 0; i < nn; i++) {
    rfile_t *f = &r->f[r->nf++];
    snprintf(f->path, sizeof f->path, "%s", names[i]);
    free(names[i]);
    char full[1200];
    snprintf(full, sizeof full, "%s/%s", root, f->path);
    f->text = slurp(full);
    if (!f->text) { fprintf(stderr, "lockstep: cannot read %s\n", full); return -1; }
    blank_comments(f->text);
    for (char *p = f->text; (p = strstr(p, "module")); p += 6) {
      if ((p > f->text && is_id((unsigned char)p[-1])) || !isspace((unsigned char)p[6])) continue;
      char *q = p + 6;
      while (isspace((unsigned char)*q)) q++;
      size_t n = 0;
      while (is_id((unsigned char)q[n])) n++;
      if (!n || n >= sizeof r->mod[0] || r->nm == MAXM) continue;
      memcpy(r->mod[r->nm], q, n);
      r->mod[r->nm][n] = 0;
      r->mod_file[r->nm++] = r->nf - 1;
    }
  }
  return 0;
}

/* writes file fi's dependencies, then fi (post-order) */
static int visit(rtl_t *r, int fi, FILE *out, int *first) {
  rfile_t *f = &r->f[fi];
  if (f->mark == 2) return 0;
  if (f->mark == 1) { fprintf(stderr, "lockstep: the RTL instantiates in a cycle through %s\n", f->path); return -1; }
  f->mark = 1;
  for (char *p = f->text; *p; p++) {
    if (!is_id((unsigned char)*p) || (p > f->text && is_id((unsigned char)p[-1]))) continue;
    size_t n = 0;
    while (is_id((unsigned char)p[n])) n++;
    int m = find_mod(r, p, n);
    char *q = p + n;
    p += n - 1;
    if (m < 0 || r->mod_file[m] == fi) continue;
    while (isspace((unsigned char)*q)) q++;
    int inst = *q == '#';
    if (!inst && is_id((unsigned char)*q)) {  /* NAME inst ( */
      while (is_id((unsigned char)*q)) q++;
      while (isspace((unsigned char)*q)) q++;
      inst = *q == '(';
    }
    if (inst && visit(r, r->mod_file[m], out, first)) return -1;
  }
  f->mark = 2;
  fprintf(out, "%s%s", *first ? "" : " ", f->path);
  *first = 0;
  return 0;
}

int ls_rtl_files(const char *root, const char *top, FILE *out) {
  rtl_t *r = calloc(1, sizeof *r);
  if (!r) return -1;
  int rc = load(r, root);
  int m = rc ? -1 : find_mod(r, top, strlen(top));
  if (!rc && m < 0) { fprintf(stderr, "lockstep: no RTL file under %s/ defines module %s\n", root, top); rc = -1; }
  int first = 1;
  if (!rc) rc = visit(r, r->mod_file[m], out, &first);
  if (!rc) fputc('\n', out);
  for (int i = 0; i < r->nf; i++) free(r->f[i].text);
  free(r);
  return rc;
}
