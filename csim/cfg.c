/* cfg.c -- parameter defaults, overrides and validation (see cfg.h; the
 * input rules are in docs/parameters.md). */
#include "cfg.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "l1d_gpgpusim.h"

void cfg_defaults(l1sys_cfg_t *cfg) {
  memset(cfg, 0, sizeof *cfg);
  for (int i = 0; i < P_COUNT; i++) cfg->v[i] = l1sys_param_info[i].def;
}

void cfg_source_begin(l1sys_cfg_t *cfg) { cfg->cur_src = ++cfg->nsrc; }

int cfg_find(const char *name) {
  for (int i = 0; i < P_COUNT; i++)
    if (!strcmp(l1sys_param_info[i].name, name)) return i;
  return -1;
}

const char *cfg_escape(const char *s, size_t n, char *buf, size_t bn) {
  size_t o = 0;
  if (!bn) return buf;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    char tmp[8];
    if (ch == '\\') snprintf(tmp, sizeof tmp, "\\\\");
    else if (ch < 0x20 || ch >= 0x7f) snprintf(tmp, sizeof tmp, "\\x%02x", ch);
    else tmp[0] = (char)ch, tmp[1] = 0;
    size_t k = strlen(tmp);
    if (o + k + 4 > bn) { /* room for "..." and the NUL */
      if (o + 4 <= bn) memcpy(buf + o, "...", 3), o += 3;
      break;
    }
    memcpy(buf + o, tmp, k);
    o += k;
  }
  buf[o] = 0;
  return buf;
}

void cfg_describe(int id, char *buf, size_t n) {
  const l1sys_param_info_t *p = &l1sys_param_info[id];
  switch (p->check) {
  case CHK_BOOL: snprintf(buf, n, "0 or 1"); break;
  case CHK_POW2: snprintf(buf, n, "a power of two in [%lld, %lld]", p->min, p->max); break;
  case CHK_ENUM: {
    size_t o = 0;
    const char *sep = "one of ";
    buf[0] = 0;
    for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
      if (e->param == id && o < n) {
        o += (size_t)snprintf(buf + o, n - o, "%s%s(%lld)", sep, e->label, e->value);
        sep = ", ";
      }
    break;
  }
  default: snprintf(buf, n, "an integer in [%lld, %lld]", p->min, p->max); break;
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

int cfg_parse_number(const char *s, long long *v) {
  int base = 10;
  const char *d = s;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, d = s + 2;
  else if (s[0] == '0' && s[1]) return -1; /* a leading zero: octal is not accepted */
  if (!*d) return -1;
  unsigned long long x = 0;
  for (; *d; d++) {
    int k;
    if (*d >= '0' && *d <= '9') k = *d - '0';
    else if (base == 16 && *d >= 'a' && *d <= 'f') k = *d - 'a' + 10;
    else if (base == 16 && *d >= 'A' && *d <= 'F') k = *d - 'A' + 10;
    else return -1;
    if (x > (0x7fffffffffffffffull - (unsigned)k) / (unsigned)base) return -1; /* overflow */
    x = x * (unsigned)base + (unsigned)k;
  }
  *v = (long long)x;
  return 0;
}

int cfg_set_id(l1sys_cfg_t *cfg, int id, long long v, const char *origin) {
  const char *name = l1sys_param_info[id].name;
  if (!valid_value(id, v)) {
    char d[512];
    cfg_describe(id, d, sizeof d);
    fprintf(stderr, "error: %s: parameter %s=%lld: expected %s\n", origin, name, v, d);
    return -1;
  }
  if (cfg->cur_src && cfg->set[id] && cfg->src[id] == cfg->cur_src) {
    fprintf(stderr, "error: %s: parameter %s set a second time (first at %s); give each parameter once\n", origin,
            name, cfg->origin[id]);
    return -1;
  }
  cfg->v[id] = v;
  cfg->set[id] = 1;
  cfg->src[id] = cfg->cur_src;
  snprintf(cfg->origin[id], sizeof cfg->origin[id], "%s", origin);
  return 0;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
  return s;
}

int cfg_set(l1sys_cfg_t *cfg, const char *assignment, const char *origin) {
  char e1[200], e2[200];
  size_t len = strlen(assignment);
  if (len > CFG_LINE_MAX) {
    fprintf(stderr, "error: %s: assignment of %zu bytes (expected NAME=VALUE of at most %d bytes)\n", origin, len,
            CFG_LINE_MAX);
    return -1;
  }
  char *buf = malloc(len + 1);
  if (!buf) { fprintf(stderr, "error: %s: out of memory\n", origin); return -1; }
  memcpy(buf, assignment, len + 1);
  int rc = -1;
  char *eq = strchr(buf, '=');
  if (!eq) {
    fprintf(stderr, "error: %s: '%s' is not NAME=VALUE\n", origin, cfg_escape(assignment, len, e1, sizeof e1));
    goto out;
  }
  *eq = 0;
  char *name = trim(buf), *val = trim(eq + 1);
  if (!strcmp(name, "L1D_GPGPUSIM")) { rc = l1d_parse_gpgpusim_at(cfg, val, origin); goto out; }
  int id = cfg_find(name);
  if (id < 0) {
    fprintf(stderr, "error: %s: unknown parameter '%s' (list them with --list-params)\n", origin,
            cfg_escape(name, strlen(name), e1, sizeof e1));
    goto out;
  }
  long long v = 0;
  int have = 0;
  for (const l1sys_enumv_t *e = l1sys_enumv; e->param >= 0; e++)
    if (e->param == id && !strcasecmp(e->label, val)) { v = e->value; have = 1; }
  if (!have) have = !cfg_parse_number(val, &v);
  if (!have || !valid_value(id, v)) {
    char d[512];
    cfg_describe(id, d, sizeof d);
    const char *hint = "";
    if (val[0] == '0' && isdigit((unsigned char)val[1])) hint = " (a leading zero: octal is not accepted; write decimal or 0x hex)";
    else if (!have && l1sys_param_info[id].check != CHK_ENUM) hint = " (decimal or 0x hex)";
    fprintf(stderr, "error: %s: parameter %s='%s': expected %s%s\n", origin, name,
            cfg_escape(val, strlen(val), e2, sizeof e2), d, hint);
    goto out;
  }
  rc = cfg_set_id(cfg, id, v, origin);
out:
  free(buf);
  return rc;
}

int cfg_load_text(l1sys_cfg_t *cfg, const char *buf, size_t n, const char *name) {
  char origin[CFG_ORIGIN_N], e1[200];
  unsigned short saved = cfg->cur_src;
  cfg_source_begin(cfg);
  int rc = 0, lineno = 0, nonblank = 0;
  size_t pos = 0;
  while (pos < n && !rc) {
    size_t eol = pos;
    while (eol < n && buf[eol] != '\n') eol++;
    lineno++;
    snprintf(origin, sizeof origin, "%s:%d", name, lineno);
    const char *line = buf + pos;
    size_t len = eol - pos;
    pos = eol + 1;
    const char *nul = memchr(line, 0, len);
    if (nul) {
      fprintf(stderr, "error: %s: NUL byte at column %zu (expected a text file of NAME = VALUE lines)\n", origin,
              (size_t)(nul - line) + 1);
      rc = -1;
      break;
    }
    const char *hash = memchr(line, '#', len);
    size_t alen = hash ? (size_t)(hash - line) : len;
    for (size_t i = 0; i < len; i++) nonblank |= !isspace((unsigned char)line[i]);
    size_t k = 0;
    while (k < alen && isspace((unsigned char)line[k])) k++;
    if (k == alen) continue; /* blank or comment */
    if (alen > CFG_LINE_MAX) {
      fprintf(stderr, "error: %s: assignment of %zu bytes '%s' (expected NAME = VALUE of at most %d bytes)\n", origin,
              alen, cfg_escape(line, 40, e1, sizeof e1), CFG_LINE_MAX);
      rc = -1;
      break;
    }
    char *a = malloc(alen + 1);
    if (!a) { fprintf(stderr, "error: %s: out of memory\n", origin); rc = -1; break; }
    memcpy(a, line, alen);
    a[alen] = 0;
    rc = cfg_set(cfg, a, origin);
    free(a);
  }
  if (!rc && !nonblank) {
    fprintf(stderr, "error: config file '%s': empty (expected NAME = VALUE lines; a file of only '#' comments "
            "means the defaults)\n", name);
    rc = -1;
  }
  cfg->cur_src = saved;
  return rc ? -1 : 0;
}

int cfg_regular(FILE *f, const char *path, const char *what) {
  struct stat st;
  if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode)) return 0;
  char e1[300];
  fprintf(stderr, "error: %s: not a regular file (expected %s)\n", cfg_escape(path, strlen(path), e1, sizeof e1), what);
  return -1;
}

char *cfg_read_file(const char *path, const char *what, size_t max, size_t *n) {
  char e1[200];
  const char *ep = cfg_escape(path, strlen(path), e1, sizeof e1);
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    fprintf(stderr, "error: %s '%s': cannot open (%s)\n", what, ep, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) || S_ISDIR(st.st_mode)) {
    fprintf(stderr, "error: %s '%s': is a directory (expected a text file)\n", what, ep);
    close(fd);
    return NULL;
  }
  char *buf = malloc(max + 1);
  size_t got = 0;
  if (!buf) { close(fd); fprintf(stderr, "error: %s '%s': out of memory\n", what, ep); return NULL; }
  for (;;) {
    ssize_t r = read(fd, buf + got, max + 1 - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      fprintf(stderr, "error: %s '%s': cannot read (%s)\n", what, ep, strerror(errno));
      free(buf), close(fd);
      return NULL;
    }
    if (r == 0) break;
    got += (size_t)r;
    if (got > max) {
      fprintf(stderr, "error: %s '%s': larger than %zu bytes (expected a text file)\n", what, ep, max);
      free(buf), close(fd);
      return NULL;
    }
  }
  close(fd);
  buf[got] = 0;
  *n = got;
  return buf;
}

int cfg_load(l1sys_cfg_t *cfg, const char *path) {
  size_t n;
  char *buf = cfg_read_file(path, "config file", CFG_FILE_MAX, &n);
  if (!buf) return -1;
  int rc = cfg_load_text(cfg, buf, n, path);
  free(buf);
  return rc;
}

int cfg_block_known(const char *block) {
  for (int i = 0; i < P_COUNT; i++)
    if (!strcmp(l1sys_param_info[i].block, block)) return 1;
  return 0;
}

/* 1 if word occurs in the space-separated list. */
static int in_list(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; (p = strstr(p, word)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n])) return 1;
  return 0;
}

int cfg_check_block(const l1sys_cfg_t *cfg, const char *block) {
  for (int i = 0; i < P_COUNT; i++) {
    const l1sys_param_info_t *p = &l1sys_param_info[i];
    if (!cfg->set[i] || in_list(block, p->block)) continue;
    fprintf(stderr, "error: %s: parameter %s belongs to block %s, not to block %s (its parameters: --list-params %s)\n",
            cfg->origin[i], p->name, p->block, block, block);
    return -1;
  }
  return 0;
}

void cfg_print(const l1sys_cfg_t *cfg, FILE *f, int only_set) {
  for (int i = 0; i < P_COUNT; i++)
    if (!only_set || cfg->set[i]) fprintf(f, "%s=%lld\n", l1sys_param_info[i].name, cfg->v[i]);
}

void cfg_list(FILE *f, const char *block) {
  char d[512];
  for (int i = 0; i < P_COUNT; i++) {
    const l1sys_param_info_t *p = &l1sys_param_info[i];
    if (block && strcmp(block, p->block)) continue;
    cfg_describe(i, d, sizeof d);
    fprintf(f, "  %-24s default %-6lld %s  [%s] %s\n", p->name, p->def, d, p->block, p->help);
  }
  if (!block || !strcmp(block, "l1d"))
    fprintf(f, "  %-24s (a string)     a GPGPU-Sim -gpgpu_cache:dl1 string: sets the L1D_* parameters it names  [l1d]\n",
            "L1D_GPGPUSIM");
}
