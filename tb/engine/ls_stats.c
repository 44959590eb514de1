/* ls_stats.c -- see ls_stats.h. */
#include "ls_stats.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAXSTAT = 256 };

struct ls_stats {
  uint64_t cycles;
  int ncnt, nrate;
  char cname[MAXSTAT][64];
  uint64_t cval[MAXSTAT];
  char rname[MAXSTAT][64];
  double rnum[MAXSTAT], rden[MAXSTAT];
};

static void put_name(char *dst, const char *name) {
  size_t i = 0;
  for (; name[i] && i < 63; i++) {
    char c = name[i];
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
    dst[i] = ok ? c : '_';
  }
  dst[i] = 0;
}

void ls_stat_count(ls_stats_t *s, const char *name, uint64_t value) {
  if (s->ncnt == MAXSTAT) return;
  put_name(s->cname[s->ncnt], name);
  s->cval[s->ncnt++] = value;
}

void ls_stat_rate(ls_stats_t *s, const char *name, double num, double den) {
  if (s->nrate == MAXSTAT) return;
  put_name(s->rname[s->nrate], name);
  s->rnum[s->nrate] = num;
  s->rden[s->nrate++] = den;
}

uint64_t ls_stat_cycles(const ls_stats_t *s) { return s->cycles; }

/* A JSON string: quotes, backslashes and every byte outside printable
 * ASCII escaped (\u00XX), so the file is valid JSON whatever a path holds. */
static void jstr(FILE *f, const char *s) {
  fputc('"', f);
  if (s)
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
      if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
      else if (*p < 0x20 || *p >= 0x7f) fprintf(f, "\\u%04x", *p);
      else fputc(*p, f);
    }
  fputc('"', f);
}

static void jnum(FILE *f, double x) {
  if (isfinite(x)) fprintf(f, "%.6g", x);
  else fprintf(f, "null");
}

int ls_stats_write(FILE *f, const ls_run_info_t *ri, const ls_block_t *b, void *ctx) {
  ls_stats_t *s = calloc(1, sizeof *s);
  if (!s) return -1;
  s->cycles = ri->cycles;
  if (b->stats && ctx && strcmp(ri->mode, "rtl")) b->stats(ctx, s);
  fprintf(f, "{\n  \"format\": \"l1sys-run-1\",\n  \"block\": ");
  jstr(f, ri->block);
  fprintf(f, ",\n  \"config\": ");
  jstr(f, ri->config_label);
  fprintf(f, ",\n  \"config_files\": [");
  for (int i = 0; i < ri->nconfig_files; i++) {
    fprintf(f, "%s", i ? ", " : "");
    jstr(f, ri->config_files[i]);
  }
  fprintf(f, "],\n  \"gpgpusim_config\": ");
  if (ri->gpgpusim_config) jstr(f, ri->gpgpusim_config);
  else fprintf(f, "null");
  if (ri->ngpgpusim) { /* (every file, when one or more: the results of runs without one unchanged) */
    fprintf(f, ",\n  \"gpgpusim_configs\": [");
    for (int i = 0; i < ri->ngpgpusim; i++) {
      if (i) fprintf(f, ", ");
      jstr(f, ri->gpgpusim_configs[i]);
    }
    fprintf(f, "]");
  }
  fprintf(f, ",\n  \"gpgpusim_report\": ");
  if (ri->gpgpusim_report) jstr(f, ri->gpgpusim_report);
  else fprintf(f, "null");
  fprintf(f, ",\n  \"command\": [");
  for (int i = 0; i < ri->argc; i++) {
    fprintf(f, "%s", i ? ", " : "");
    jstr(f, ri->argv[i]);
  }
  fprintf(f, "],\n  \"seed\": %llu,\n  \"mode\": ", (unsigned long long)ri->seed);
  jstr(f, ri->mode);
  fprintf(f, ",\n  \"result\": ");
  jstr(f, ri->result);
  fprintf(f, ",\n  \"compared_c_and_rtl\": %s", ri->compared ? "true" : "false");
  fprintf(f, ",\n  \"cycles\": %llu,\n  \"cycles_requested\": %llu,\n  \"seconds\": ", (unsigned long long)ri->cycles,
          (unsigned long long)ri->cycles_requested);
  jnum(f, ri->seconds);
  fprintf(f, ",\n  \"cycles_per_s\": ");
  jnum(f, ri->seconds > 0 ? (double)ri->cycles / ri->seconds : NAN);
  fprintf(f, ",\n  \"divergences\": %d,\n", ri->divergences);
  fprintf(f, "  \"state_map\": {\"registers\": %d, \"memories\": %d, \"bits\": %llu, \"outputs_and_write_ports\": %d},\n",
          ri->nreg, ri->nmem, ri->state_bits, ri->nport);
  /* the configuration as run: every parameter of this block, and where it came from */
  fprintf(f, "  \"params\": {");
  int first = 1;
  for (int i = 0; i < P_COUNT; i++) {
    const l1sys_param_info_t *p = &l1sys_param_info[i];
    if (strcmp(p->block, ri->block)) continue;
    fprintf(f, "%s\n    ", first ? "" : ",");
    jstr(f, p->name);
    fprintf(f, ": %lld", ri->cfg->v[i]);
    first = 0;
  }
  fprintf(f, "%s},\n  \"param_origin\": {", first ? "" : "\n  ");
  first = 1;
  for (int i = 0; i < P_COUNT; i++) {
    const l1sys_param_info_t *p = &l1sys_param_info[i];
    if (strcmp(p->block, ri->block)) continue;
    fprintf(f, "%s\n    ", first ? "" : ",");
    jstr(f, p->name);
    fprintf(f, ": ");
    jstr(f, ri->cfg->set[i] ? ri->cfg->origin[i] : "default");
    first = 0;
  }
  fprintf(f, "%s},\n  \"counters_source\": ", first ? "" : "\n  ");
  jstr(f, !b->stats ? "none (the block has no stats hook)"
                    : !strcmp(ri->mode, "rtl") ? "none (RTL alone: the C model did not run)" : "C model");
  fprintf(f, ",\n  \"counters\": {");
  for (int i = 0; i < s->ncnt; i++) {
    fprintf(f, "%s\n    ", i ? "," : "");
    jstr(f, s->cname[i]);
    fprintf(f, ": %llu", (unsigned long long)s->cval[i]);
  }
  fprintf(f, "%s},\n  \"rates\": {", s->ncnt ? "\n  " : "");
  for (int i = 0; i < s->nrate; i++) {
    fprintf(f, "%s\n    ", i ? "," : "");
    jstr(f, s->rname[i]);
    fprintf(f, ": ");
    jnum(f, s->rden[i] != 0 ? s->rnum[i] / s->rden[i] : NAN);
  }
  fprintf(f, "%s}\n}\n", s->nrate ? "\n  " : "");
  free(s);
  return ferror(f) ? -1 : 0;
}

static void append_clean(char *buf, size_t n, const char *s) {
  size_t o = strlen(buf);
  for (; *s && o + 1 < n; s++) {
    char c = *s;
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
             c == '+' || c == '-';
    buf[o++] = ok ? c : '_';
  }
  buf[o] = 0;
}

static void stem(char *out, size_t n, const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  snprintf(out, n, "%s", b);
  char *dot = strrchr(out, '.');
  if (dot && dot != out) *dot = 0;
}

void ls_stats_label(char *buf, size_t n, const char *const *configs, int nconfigs, const char *const *gpgpusim, int ngpgpusim,
                    const char *const *sets, int nsets) {
  char st[256];
  buf[0] = 0;
  for (int i = 0; i < ngpgpusim; i++) { /* (several: gpgpusim-A+B) */
    stem(st, sizeof st, gpgpusim[i]);
    append_clean(buf, n, i ? "+" : "gpgpusim-");
    append_clean(buf, n, st);
  }
  for (int i = 0; i < nconfigs; i++) {
    stem(st, sizeof st, configs[i]);
    if (buf[0]) append_clean(buf, n, "+");
    append_clean(buf, n, st);
  }
  if (!buf[0]) append_clean(buf, n, "default");
  if (nsets) { /* FNV-1a of the --set list */
    uint32_t h = 2166136261u;
    for (int i = 0; i < nsets; i++)
      for (const unsigned char *p = (const unsigned char *)sets[i]; ; p++) {
        h = (h ^ *p) * 16777619u;
        if (!*p) break;
      }
    char hs[32];
    snprintf(hs, sizeof hs, "+set%08x", h);
    append_clean(buf, n, hs);
  }
}
