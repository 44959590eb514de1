/* cfg.c -- parameter defaults, overrides and validation (see cfg.h). */
#include "cfg.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cfg_defaults(l1sys_cfg_t *cfg) {
  for (int i = 0; i < P_COUNT; i++) {
    cfg->v[i] = l1sys_param_info[i].def;
    cfg->set[i] = 0;
  }
}

int cfg_find(const char *name) {
  for (int i = 0; i < P_COUNT; i++)
    if (!strcmp(l1sys_param_info[i].name, name)) return i;
  return -1;
}

static void describe_allowed(int id, FILE *f) {
  const l1sys_param_info_t *p = &l1sys_param_info[id];
  switch (p->check) {
  case CHK_BOOL: fprintf(f, "0 or 1"); break;
  case CHK_POW2: fprintf(f, "a power of two in [%lld, %lld]", p->min, p->max); break;
  case CHK_ENUM: {
    const char *sep = "one of ";
    for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
      if (e->param == id) { fprintf(f, "%s%s(%lld)", sep, e->label, e->value); sep = ", "; }
    break;
  }
  default: fprintf(f, "an integer in [%lld, %lld]", p->min, p->max); break;
  }
}

int cfg_reject(const l1sys_cfg_t *cfg, int id, const char *why) {
  fprintf(stderr, "error: parameter %s=%lld: %s\n", l1sys_param_info[id].name, cfg->v[id], why);
  return -1;
}

static int valid_value(int id, long long v) {
  const l1sys_param_info_t *p = &l1sys_param_info[id];
  if (v < p->min || v > p->max) return 0;
  if (p->check == CHK_POW2 && (v & (v - 1))) return 0;
  if (p->check == CHK_BOOL && v != 0 && v != 1) return 0;
  if (p->check == CHK_ENUM) {
    for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
      if (e->param == id && e->value == v) return 1;
    return 0;
  }
  return 1;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
  return s;
}

int cfg_set(l1sys_cfg_t *cfg, const char *assignment, const char *origin) {
  char buf[512];
  if (strlen(assignment) >= sizeof buf) {
    fprintf(stderr, "error: %s: assignment too long (expected NAME=VALUE)\n", origin);
    return -1;
  }
  strcpy(buf, assignment);
  char *eq = strchr(buf, '=');
  if (!eq) {
    fprintf(stderr, "error: %s: '%s' is not NAME=VALUE\n", origin, assignment);
    return -1;
  }
  *eq = 0;
  char *name = trim(buf), *val = trim(eq + 1);
  int id = cfg_find(name);
  if (id < 0) {
    fprintf(stderr, "error: %s: unknown parameter '%s' (list them with --list-params)\n", origin, name);
    return -1;
  }
  long long v = 0;
  int have = 0;
  for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
    if (e->param == id && !strcasecmp(e->label, val)) { v = e->value; have = 1; }
  if (!have) {
    char *end;
    errno = 0;
    v = strtoll(val, &end, 0);
    have = *val && !*end && !errno;
  }
  if (!have || !valid_value(id, v)) {
    fprintf(stderr, "error: %s: parameter %s='%s': expected ", origin, name, val);
    describe_allowed(id, stderr);
    fprintf(stderr, "\n");
    return -1;
  }
  cfg->v[id] = v;
  cfg->set[id] = 1;
  return 0;
}

int cfg_load(l1sys_cfg_t *cfg, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "error: config file '%s': cannot open (%s)\n", path, strerror(errno));
    return -1;
  }
  char line[512], origin[600];
  int n = 0, rc = 0;
  while (fgets(line, sizeof line, f)) {
    n++;
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *s = trim(line);
    if (!*s) continue;
    snprintf(origin, sizeof origin, "%s:%d", path, n);
    if (cfg_set(cfg, s, origin)) { rc = -1; break; }
  }
  fclose(f);
  return rc;
}

void cfg_print(const l1sys_cfg_t *cfg, FILE *f, int only_set) {
  for (int i = 0; i < P_COUNT; i++)
    if (!only_set || cfg->set[i]) fprintf(f, "%s=%lld\n", l1sys_param_info[i].name, cfg->v[i]);
}

void cfg_list(FILE *f, const char *block) {
  for (int i = 0; i < P_COUNT; i++) {
    const l1sys_param_info_t *p = &l1sys_param_info[i];
    if (block && strcmp(block, p->block)) continue;
    fprintf(f, "  %-24s default %-6lld ", p->name, p->def);
    describe_allowed(i, f);
    fprintf(f, "  [%s] %s\n", p->block, p->help);
  }
}
