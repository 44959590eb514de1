/* ls_vcd.c -- a whole-run VCD of the C model alone (--vcd-c, and the C side
 * of a window when there is no RTL) under the RTL harness's names.  Time
 * base: 1 ns units, cycle n at 10n (inputs applied, clock low, outputs
 * compared), its rising edge at 10n+5 (registers updated). */
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
