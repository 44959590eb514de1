/* gpgpusim_cfg.c -- see gpgpusim_cfg.h.  The file is read the way GPGPU-Sim
 * reads it: '#' to the end of a line is a comment, the rest is a sequence
 * of whitespace-separated tokens ("double quotes" keep spaces and newlines
 * in one token), taken in pairs: -option value. */
#include "gpgpusim_cfg.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "l1d_gpgpusim.h"

typedef struct { char *text; int line; } tok_t;

typedef struct {
  tok_t *t;
  int n, cap;
} toks_t;

static void toks_free(toks_t *k) {
  for (int i = 0; i < k->n; i++) free(k->t[i].text);
  free(k->t);
}

static int tok_add(toks_t *k, const char *s, size_t len, int line) {
  if (k->n == k->cap) {
    int cap = k->cap ? 2 * k->cap : 64;
    tok_t *t = realloc(k->t, (size_t)cap * sizeof *t);
    if (!t) return -1;
    k->t = t, k->cap = cap;
  }
  char *x = malloc(len + 1);
  if (!x) return -1;
  memcpy(x, s, len);
  x[len] = 0;
  k->t[k->n].text = x;
  k->t[k->n++].line = line;
  return 0;
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* Splits buf into tokens; -1 and one message on error. */
static int tokenize(const char *buf, size_t n, const char *name, toks_t *k) {
  int line = 1;
  size_t i = 0;
  char *acc = malloc(n + 1); /* the token being read, comments removed */
  if (!acc) { fprintf(stderr, "error: %s: out of memory\n", name); return -1; }
  while (i < n) {
    char c = buf[i];
    if (c == 0) goto nul;
    if (c == '\n') { line++, i++; continue; }
    if (is_ws(c)) { i++; continue; }
    if (c == '#') { while (i < n && buf[i] != '\n') { if (!buf[i]) goto nul; i++; } continue; }
    /* a token: runs to whitespace outside quotes */
    size_t len = 0;
    int start = line, quote = 0, qline = 0;
    while (i < n) {
      c = buf[i];
      if (c == 0) goto nul;
      if (c == '#') { while (i < n && buf[i] != '\n') { if (!buf[i]) goto nul; i++; } continue; }
      if (!quote && is_ws(c)) break;
      if (c == '\n') line++;
      if (c == '"') { quote = !quote; qline = line; i++; continue; }
      acc[len++] = c;
      i++;
    }
    if (quote) {
      fprintf(stderr, "error: %s:%d: a '\"' opened here is never closed (expected \"...\")\n", name, qline);
      free(acc);
      return -1;
    }
    if (tok_add(k, acc, len, start)) { fprintf(stderr, "error: %s: out of memory\n", name); free(acc); return -1; }
  }
  free(acc);
  return 0;
nul:
  fprintf(stderr, "error: %s:%d: NUL byte (expected a text file of -option value pairs)\n", name, line);
  free(acc);
  return -1;
}

/* The options the project models, and what reads each. */
static const char *const used_opts[] = {"-gpgpu_cache:dl1"};
enum { NUSED = 1 };

int gpgpusim_cfg_load_text(l1sys_cfg_t *cfg, const char *buf, size_t n, const char *name, char *report,
                           size_t rn) {
  char e1[200], e2[200];
  toks_t k = {0};
  if (report && rn) report[0] = 0;
  if (tokenize(buf, n, name, &k)) { toks_free(&k); return -1; }
  int rc = -1;
  char *ignored = NULL;
  size_t ilen = 0;
  int nign = 0, used_at[NUSED] = {0}, used_tok[NUSED];
  if (!k.n) {
    fprintf(stderr, "error: GPGPU-Sim config '%s': no options (empty, or only comments); expected -option value "
            "pairs with -gpgpu_cache:dl1\n", name);
    goto out;
  }
  {
    for (int i = 0; i < k.n; i += 2) {
      const tok_t *o = &k.t[i];
      if (o->text[0] != '-' || !o->text[1]) {
        fprintf(stderr, "error: %s:%d: '%s' is not an option (expected -option value)\n", name, o->line,
                cfg_escape(o->text, strlen(o->text), e1, sizeof e1));
        goto out;
      }
      if (i + 1 >= k.n) {
        fprintf(stderr, "error: %s:%d: option %s has no value (expected -option value)\n", name, o->line,
                cfg_escape(o->text, strlen(o->text), e1, sizeof e1));
        goto out;
      }
      for (int j = 0; j < i; j += 2)
        if (!strcmp(k.t[j].text, o->text)) {
          fprintf(stderr, "error: %s:%d: option %s given a second time (first at line %d); give each option once\n",
                  name, o->line, cfg_escape(o->text, strlen(o->text), e1, sizeof e1), k.t[j].line);
          goto out;
        }
      int u = -1;
      for (int j = 0; j < NUSED; j++)
        if (!strcmp(o->text, used_opts[j])) u = j;
      if (u >= 0) {
        used_at[u] = o->line, used_tok[u] = i + 1;
        continue;
      }
      cfg_escape(o->text, strlen(o->text), e2, sizeof e2);
      size_t add = strlen(e2) + 1;
      char *g = realloc(ignored, ilen + add + 1);
      if (!g) { fprintf(stderr, "error: %s: out of memory\n", name); goto out; }
      ignored = g;
      memcpy(ignored + ilen, " ", 1);
      memcpy(ignored + ilen + 1, e2, add - 1);
      ilen += add;
      ignored[ilen] = 0;
      nign++;
    }
  }
  if (!used_at[0]) {
    fprintf(stderr, "error: GPGPU-Sim config '%s': no -gpgpu_cache:dl1 option (the L1D configuration); "
            "expected one, e.g. -gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n", name);
    goto out;
  }
  char origin[CFG_ORIGIN_N];
  snprintf(origin, sizeof origin, "%s:%d -gpgpu_cache:dl1", name, used_at[0]);
  unsigned short saved = cfg->cur_src;
  cfg_source_begin(cfg);
  int prc = l1d_parse_gpgpusim_at(cfg, k.t[used_tok[0]].text, origin);
  cfg->cur_src = saved;
  if (prc) goto out;
  if (report && rn) {
    const char *dl1 = k.t[used_tok[0]].text;
    char en[200], ev[200];
    int w = snprintf(report, rn,
                     "gpgpusim-config %s: used 1 option: -gpgpu_cache:dl1 %s (line %d); ignored %d (not modelled by this "
                     "project yet):%s",
                     cfg_escape(name, strlen(name), en, sizeof en), cfg_escape(dl1, strlen(dl1), ev, sizeof ev),
                     used_at[0], nign, ignored ? ignored : " none");
    if (w >= (int)rn && rn > 4) memcpy(report + rn - 4, "...", 4);
  }
  rc = 0;
out:
  free(ignored);
  toks_free(&k);
  return rc;
}

int gpgpusim_cfg_load(l1sys_cfg_t *cfg, const char *path, char *report, size_t rn) {
  size_t n;
  if (report && rn) report[0] = 0;
  char *buf = cfg_read_file(path, "GPGPU-Sim config", GPGPUSIM_FILE_MAX, &n);
  if (!buf) return -1;
  int rc = gpgpusim_cfg_load_text(cfg, buf, n, path, report, rn);
  free(buf);
  return rc;
}
