/* manifest.c -- writes the RTL's parameter declarations and connections
 * from the parameter source (csim/params*.def), and checks that every
 * other module parameter takes its default from there too.
 *
 * Usage: manifest [--check] FILE.sv...
 *   Rewrites, in each file, every region
 *       // manifest: SET params [prefix=P] [except=A,B] [last]
 *       ...
 *       // manifest: end
 *   into one `parameter int unsigned P<Sv> = l1sys_pkg::<PARAM>,` per
 *   SVP(SET, PARAM, Sv) line of the .def files (with the PARAM's help as
 *   its /// comment), and every region
 *       // manifest: SET pass [prefix=P] [except=A,B] [last]
 *   into one `.<Sv> (P<Sv>),` connection each.  `last` drops the comma
 *   of the region's last line (the list ends there).
 *   Outside rtl/prim/ (generic primitives whose users always set their
 *   sizes), a module parameter whose default is a bare number is an error:
 *   the number belongs in a .def file (reference it as l1sys_pkg::NAME),
 *   or the line says why not with a "// manifest: literal: <reason>".
 *   --check writes nothing; it prints each difference as FILE:LINE and
 *   exits 1 if there is one.  Exit 2 on an unreadable file or a bad region.
 *   --list writes nothing either; it prints LS_MANIFEST("module", "Name")
 *   for every parameter of every params region (build/gen/ls_manifest.inc:
 *   the lockstep engine refuses a block whose adapter leaves one out).
 * `make manifest` runs it on rtl/ in place; make test runs --check. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "strlist.h"

typedef struct { const char *name, *help; } param_t;
typedef struct { const char *set, *param, *sv; } svp_t;

#define PARAM(n, d, lo, hi, c, b, h) {#n, h},
#define ENUMV(p, l, v)
#define CONST(n, w, v, h)
#define SVP(s, p, n)
static const param_t params[] = {
#include "params.def"
};
#undef PARAM
#undef SVP
#define PARAM(n, d, lo, hi, c, b, h)
#define SVP(s, p, n) {#s, #p, #n},
static const svp_t svps[] = {
#include "params.def"
    {NULL, NULL, NULL}};

#define NPARAMS (sizeof params / sizeof params[0])

typedef struct { char **l; size_t n, cap; } lines_t;

static void push(lines_t *v, const char *s) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 256;
    v->l = realloc(v->l, v->cap * sizeof *v->l);
    if (!v->l) { fprintf(stderr, "manifest: out of memory\n"); exit(2); }
  }
  size_t k = strlen(s) + 1;
  v->l[v->n] = malloc(k);
  if (!v->l[v->n]) { fprintf(stderr, "manifest: out of memory\n"); exit(2); }
  memcpy(v->l[v->n++], s, k);
}

static void lines_free(lines_t *v) {
  for (size_t i = 0; i < v->n; i++) free(v->l[i]);
  free(v->l);
  memset(v, 0, sizeof *v);
}

static int read_lines(const char *path, lines_t *v) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "manifest: cannot read %s\n", path); return -1; }
  char buf[4096];
  while (fgets(buf, sizeof buf, f)) {
    size_t k = strlen(buf);
    if (k && buf[k - 1] == '\n') buf[--k] = 0;
    push(v, buf);
  }
  fclose(f);
  return 0;
}

static const char *help_of(const char *param) {
  for (size_t i = 0; i < NPARAMS; i++)
    if (!strcmp(params[i].name, param)) return params[i].help;
  return NULL;
}

/* is name in the comma-separated list? */
typedef struct { char set[32], kind[8], prefix[32], except[256]; int last; } region_t;

/* Parses "// manifest: SET KIND [opts]" after the indentation; 1 if the line
 * opens a region, 0 if not, -1 if it is malformed (msg set). */
static int parse_open(const char *s, region_t *r, const char **msg) {
  while (isspace((unsigned char)*s)) s++;
  if (strncmp(s, "// manifest: ", 13)) return 0;
  s += 13;
  if (!strncmp(s, "end", 3) || !strncmp(s, "literal:", 8)) return 0;
  memset(r, 0, sizeof *r);
  char opt[4][300] = {{0}};
  int n = sscanf(s, "%31s %7s %299s %299s %299s %299s", r->set, r->kind, opt[0], opt[1], opt[2], opt[3]);
  if (n < 2 || (strcmp(r->kind, "params") && strcmp(r->kind, "pass"))) {
    *msg = "expected \"// manifest: SET params|pass [prefix=P] [except=A,B] [last]\"";
    return -1;
  }
  for (int i = 0; i < n - 2; i++) {
    if (!strncmp(opt[i], "prefix=", 7) && strlen(opt[i] + 7) < sizeof r->prefix) strcpy(r->prefix, opt[i] + 7);
    else if (!strncmp(opt[i], "except=", 7) && strlen(opt[i] + 7) < sizeof r->except) strcpy(r->except, opt[i] + 7);
    else if (!strcmp(opt[i], "last")) r->last = 1;
    else { *msg = "unknown option (expected prefix=, except= or last)"; return -1; }
  }
  int any = 0;
  for (const svp_t *p = svps; p->set; p++) any |= !strcmp(p->set, r->set);
  if (!any) { *msg = "names a set no SVP(...) line of csim/params*.def declares"; return -1; }
  return 1;
}

/* The region's body for r, each line indented like the opening comment. */
static void gen_region(const region_t *r, const char *indent, lines_t *out) {
  size_t w = 0, nl = 0;
  for (const svp_t *p = svps; p->set; p++)
    if (!strcmp(p->set, r->set) && !strlist_has(r->except, p->sv)) {
      size_t k = strlen(p->sv) + (strcmp(r->kind, "pass") ? strlen(r->prefix) : 0);
      if (k > w) w = k;
      nl++;
    }
  size_t i = 0;
  char buf[1024];
  for (const svp_t *p = svps; p->set; p++) {
    if (strcmp(p->set, r->set) || strlist_has(r->except, p->sv)) continue;
    const char *comma = (++i == nl && r->last) ? "" : ",";
    char name[96];
    snprintf(name, sizeof name, "%s%s", r->prefix, p->sv);
    if (!strcmp(r->kind, "params")) {
      const char *h = help_of(p->param);
      snprintf(buf, sizeof buf, "%s/// %s (%s)", indent, h ? h : "?", p->param);
      push(out, buf);
      snprintf(buf, sizeof buf, "%sparameter int unsigned %-*s = l1sys_pkg::%s%s", indent, (int)w, name, p->param, comma);
    } else {
      snprintf(buf, sizeof buf, "%s.%-*s (%s)%s", indent, (int)w, p->sv, name, comma);
    }
    push(out, buf);
  }
}

/* a module parameter with a bare-number default, outside a region */
static int literal_default(const char *s) {
  const char *p = strstr(s, "parameter ");
  if (!p || strstr(s, "localparam") || strstr(s, "// manifest: literal:")) return 0;
  const char *c = strstr(s, "//");
  if (c && c < p) return 0;
  const char *eq = strchr(p, '=');
  if (!eq) return 0;
  eq++;
  while (isspace((unsigned char)*eq)) eq++;
  if (!isdigit((unsigned char)*eq)) return 0;
  while (isdigit((unsigned char)*eq) || *eq == '_') eq++;
  while (isspace((unsigned char)*eq)) eq++;
  return *eq == ',' || *eq == 0 || *eq == ')' || (eq[0] == '/' && eq[1] == '/');
}

/* --list: one LS_MANIFEST("module", "Name") line per parameter a params
 * region of the module declares (the engine checks that a block's adapter
 * passes each of its top's) */
static void list_region(const region_t *r, const char *module, FILE *f) {
  for (const svp_t *p = svps; p->set; p++)
    if (!strcmp(p->set, r->set) && !strlist_has(r->except, p->sv)) fprintf(f, "LS_MANIFEST(\"%s\", \"%s%s\")\n", module, r->prefix, p->sv);
}

static int process(const char *path, int check, FILE *list) {
  lines_t in = {0}, out = {0};
  if (read_lines(path, &in)) return 2;
  int diff = 0, bad = 0, lit = 0, in_module = 0, prim = strstr(path, "rtl/prim/") != NULL;
  char module[64] = "";
  for (size_t i = 0; i < in.n; i++) {
    const char *s = in.l[i];
    if (!strncmp(s, "module ", 7)) {
      in_module = 1;
      sscanf(s + 7, "%63[A-Za-z0-9_]", module);
    }
    if (!strncmp(s, ") (", 3) || !strncmp(s, ")(", 2)) in_module = 0;
    region_t r;
    const char *msg = NULL;
    int o = parse_open(s, &r, &msg);
    if (o < 0) { fprintf(stderr, "%s:%zu: %s\n", path, i + 1, msg); bad = 1; push(&out, s); continue; }
    if (o == 0) {
      if (in_module && !prim && literal_default(s)) {
        fprintf(stderr, "%s:%zu: a literal default: take it from l1sys_pkg (a PARAM of csim/params*.def), or say why not with \"// manifest: literal: <reason>\"\n", path, i + 1);
        lit = 1;
      }
      push(&out, s);
      continue;
    }
    push(&out, s);
    if (list && !strcmp(r.kind, "params")) list_region(&r, module, list);
    size_t j = i + 1;
    while (j < in.n && !strstr(in.l[j], "// manifest: end")) j++;
    if (j == in.n) { fprintf(stderr, "%s:%zu: region without \"// manifest: end\"\n", path, i + 1); bad = 1; break; }
    char indent[64];
    size_t k = strspn(s, " ");
    if (k >= sizeof indent) k = sizeof indent - 1;
    memset(indent, ' ', k);
    indent[k] = 0;
    lines_t g = {0};
    gen_region(&r, indent, &g);
    int same = g.n == j - i - 1;
    for (size_t t = 0; same && t < g.n; t++) same = !strcmp(g.l[t], in.l[i + 1 + t]);
    if (!same && check)
      fprintf(stderr, "%s:%zu: the region \"%s %s\" differs from csim/params*.def: run make manifest\n", path, i + 1, r.set, r.kind);
    diff |= !same;
    for (size_t t = 0; t < g.n; t++) push(&out, g.l[t]);
    lines_free(&g);
    i = j - 1;
  }
  if (!check && diff && !bad) {
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "manifest: cannot write %s\n", path); bad = 1; }
    else {
      for (size_t t = 0; t < out.n; t++) fprintf(f, "%s\n", out.l[t]);
      fclose(f);
      printf("manifest: rewrote %s\n", path);
    }
  }
  lines_free(&in);
  lines_free(&out);
  if (bad) return 2;
  return (check && diff) || lit;
}

int main(int argc, char **argv) {
  int check = argc > 1 && !strcmp(argv[1], "--check");
  int list = argc > 1 && !strcmp(argv[1], "--list");
  if (argc - check - list < 2) { fprintf(stderr, "usage: manifest [--check | --list] FILE.sv...\n"); return 2; }
  for (const svp_t *p = svps; p->set; p++)
    if (!help_of(p->param)) { fprintf(stderr, "csim/params*.def: SVP(%s, %s, %s) names no PARAM\n", p->set, p->param, p->sv); return 2; }
  int rc = 0;
  for (int i = 1 + check + list; i < argc; i++) {
    int r = process(argv[i], check || list, list ? stdout : NULL);
    if (r > rc && !(list && r == 1)) rc = r;
  }
  return rc;
}
