/* ls_annot.c -- readability annotations of a block's state map: how the
 * elements of an array or the fields of a packed register are named
 * ("set 3 way 2", "queue 5"), and which signals carry an enumerated
 * encoding of csim/params*.def (probe outcomes, fail reasons, policies).
 * Only divergence reports and waveforms read them; comparison does not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls_engine.h"

static char *dup_n(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

static ls_annot_t *annot_get(ls_map_t *m, const char *path) {
  for (int i = 0; i < m->nann; i++)
    if (!strcmp(m->ann[i].path, path)) return &m->ann[i];
  if (m->nann == m->acap) {
    m->acap = m->acap ? 2 * m->acap : 16;
    m->ann = realloc(m->ann, (size_t)m->acap * sizeof *m->ann);
    if (!m->ann) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  }
  ls_annot_t *a = &m->ann[m->nann++];
  memset(a, 0, sizeof *a);
  a->path = dup_n(path, strlen(path));
  return a;
}

static const ls_sig_t *sig_by_path(const ls_map_t *m, const char *path) {
  for (int i = 0; i < m->nsig; i++)
    if (!strcmp(m->sig[i].path, path)) return &m->sig[i];
  return NULL;
}

/* names: "queue" or "set,way:4" (inner dimension of 4). */
void ls_index(ls_map_t *m, const char *path, unsigned field_w, const char *names) {
  const ls_sig_t *s = sig_by_path(m, path);
  if (!s) {
    fprintf(stderr, "lockstep: ls_index names '%s', which the block has not declared\n", path);
    exit(2);
  }
  if (field_w && ((s->kind != SIG_REG && s->kind != SIG_IN && s->kind != SIG_OUT) || s->width % field_w)) {
    fprintf(stderr, "lockstep: ls_index: '%s' (%u bits) is not a register or port of %u-bit fields\n", path, s->width, field_w);
    exit(2);
  }
  ls_annot_t *a = annot_get(m, path);
  a->field_w = field_w;
  const char *comma = strchr(names, ',');
  if (comma) {
    a->outer = dup_n(names, (size_t)(comma - names));
    const char *colon = strchr(comma, ':');
    a->inner = dup_n(comma + 1, colon ? (size_t)(colon - comma - 1) : strlen(comma + 1));
    a->inner_n = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
    if (!a->inner_n) {
      fprintf(stderr, "lockstep: ls_index '%s': '%s' needs the inner size (\"outer,inner:N\")\n", path, names);
      exit(2);
    }
  } else {
    a->outer = dup_n(names, strlen(names));
  }
}

void ls_enum(ls_map_t *m, const char *path, const char *group) {
  if (!sig_by_path(m, path)) {
    fprintf(stderr, "lockstep: ls_enum names '%s', which the block has not declared\n", path);
    exit(2);
  }
  int known = 0;
  size_t gl = strlen(group);
  for (const l1sys_const_t *c = l1sys_const; c->name; c++) known |= !strncmp(c->name, group, gl) && c->name[gl] == '_';
  for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++) known |= !strcmp(l1sys_param_info[e->param].name, group);
  if (!known) {
    fprintf(stderr, "lockstep: ls_enum '%s': no CONST %s_* and no enumerated parameter %s in csim/params*.def\n", path,
            group, group);
    exit(2);
  }
  ls_annot_t *a = annot_get(m, path);
  free(a->group);
  a->group = dup_n(group, gl);
}

const ls_annot_t *ls_annot_find(const struct ls_map *m, const ls_sig_t *s) {
  for (int i = 0; i < m->nann; i++)
    if (!strcmp(m->ann[i].path, s->path)) return &m->ann[i];
  return NULL;
}

void ls_annot_free(struct ls_map *m) {
  for (int i = 0; i < m->nann; i++) {
    free(m->ann[i].path);
    free(m->ann[i].outer);
    free(m->ann[i].inner);
    free(m->ann[i].group);
  }
  free(m->ann);
  m->ann = NULL;
  m->nann = m->acap = 0;
}

unsigned ls_nsub(const struct ls_map *m, const ls_sig_t *s) {
  if (s->kind == SIG_ARR || s->kind == SIG_MEM) return s->depth;
  const ls_annot_t *a = ls_annot_find(m, s);
  if ((s->kind == SIG_REG || s->kind == SIG_IN || s->kind == SIG_OUT) && a && a->field_w) return s->width / a->field_w;
  return 0;
}

unsigned ls_sub_width(const struct ls_map *m, const ls_sig_t *s) {
  const ls_annot_t *a = ls_annot_find(m, s);
  if ((s->kind == SIG_REG || s->kind == SIG_IN || s->kind == SIG_OUT) && a && a->field_w) return a->field_w;
  return s->width;
}

void ls_sub_name(const struct ls_map *m, const ls_sig_t *s, unsigned i, char *buf, size_t n) {
  const ls_annot_t *a = ls_annot_find(m, s);
  if (a && a->outer) {
    if (a->inner) snprintf(buf, n, "%s %u %s %u", a->outer, i / a->inner_n, a->inner, i % a->inner_n);
    else snprintf(buf, n, "%s %u", a->outer, i);
  } else {
    snprintf(buf, n, "%s %u", s->kind == SIG_MEM ? "row" : s->kind == SIG_ARR ? "element" : "field", i);
  }
}

void ls_field_get(const uint32_t *v, unsigned i, unsigned fw, uint32_t *out) {
  memset(out, 0, bits_words(fw) * sizeof(uint32_t));
  unsigned lsb = i * fw;
  for (unsigned b = 0; b < fw; b++)
    if (bits_test(v, lsb + b)) out[b >> 5] |= 1u << (b & 31);
}

const char *ls_enum_label(const char *group, unsigned long long v) {
  size_t gl = strlen(group);
  for (const l1sys_const_t *c = l1sys_const; c->name; c++)
    if (!strncmp(c->name, group, gl) && c->name[gl] == '_' && (unsigned long long)c->value == v) return c->name + gl + 1;
  for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
    if (!strcmp(l1sys_param_info[e->param].name, group) && (unsigned long long)e->value == v) return e->label;
  return NULL;
}

int ls_enum_filter_write(const char *group, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  size_t gl = strlen(group);
  fprintf(f, "# GTKWave translate filter for %s, generated from csim/params*.def\n", group);
  for (const l1sys_const_t *c = l1sys_const; c->name; c++)
    if (!strncmp(c->name, group, gl) && c->name[gl] == '_') fprintf(f, "%lld %s\n", c->value, c->name + gl + 1);
  for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
    if (!strcmp(l1sys_param_info[e->param].name, group)) fprintf(f, "%lld %s\n", e->value, e->label);
  fclose(f);
  return 0;
}
