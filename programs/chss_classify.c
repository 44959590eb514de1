/* chss_classify.c -- command line of the static load classifier of
 * coordinated bypassing (the coordinated-bypassing paper, Algorithm 1; csim/offline/chss_classify.c).
 *
 *   build/bin/chss-classify [--high X] [--low X] [--verbose] FILE|-
 *
 * Reads the profile (format: docs/chss.md), prints one line per load in
 * input order, "NAME TAG" (TAG ca, cg or cm); --verbose adds access(i),
 * the effective Hit of Algorithm 1's line 7 and the group.  --high/--low
 * override the file's thresholds.  Bad input: one "error:" line naming the
 * file and line, exit 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chss_classify.h"

static int usage(const char *why) {
  fprintf(stderr, "error: %s\nusage: chss-classify [--high X] [--low X] [--verbose] FILE|-\n", why);
  return 2;
}

int main(int argc, char **argv) {
  const char *path = NULL, *hi = NULL, *lo = NULL;
  int verbose = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--high") || !strcmp(argv[i], "--low")) {
      if (i + 1 == argc) { char m[64]; snprintf(m, sizeof m, "%s needs a value", argv[i]); return usage(m); }
      if (argv[i][2] == 'h') hi = argv[++i]; else lo = argv[++i];
    } else if (!strcmp(argv[i], "--verbose")) verbose = 1;
    else if (!strcmp(argv[i], "--help")) { usage("help"); return 0; }
    else if (argv[i][0] == '-' && argv[i][1]) { char m[300]; snprintf(m, sizeof m, "unknown option '%.200s'", argv[i]); return usage(m); }
    else if (path) return usage("more than one input file");
    else path = argv[i];
  }
  if (!path) return usage("no input file");
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  const char *fname = strcmp(path, "-") ? path : "<stdin>";
  if (!f) { fprintf(stderr, "error: %s: cannot open\n", path); return 2; }
  /* (a profile is a line per kernel and load PC: at most PROFILE_MAX bytes,
   * so a device or an endless pipe ends with an error, not all of memory) */
  enum { PROFILE_MAX = 64 << 20 };
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap);
  for (size_t r; text && len <= PROFILE_MAX && (r = fread(text + len, 1, cap - len, f)) > 0;) {
    len += r;
    if (len == cap) { char *t2 = realloc(text, cap *= 2); if (!t2) { free(text); text = NULL; } else text = t2; }
  }
  if (text && len > PROFILE_MAX) {
    if (f != stdin) fclose(f);
    free(text);
    fprintf(stderr, "error: %s: larger than %d bytes (expected a profile from shell-sim --profile)\n", fname, (int)PROFILE_MAX);
    return 2;
  }
  int rd_err = ferror(f);
  if (f != stdin) fclose(f);
  if (!text) { fprintf(stderr, "error: %s: out of memory\n", fname); return 2; }
  if (rd_err) { free(text); fprintf(stderr, "error: %s: read error\n", fname); return 2; }
  chss_cls_t p;
  char err[768];
  chss_cls_init(&p);
  int rc = chss_cls_parse(&p, text, len, fname, err, sizeof err);
  free(text);
  if (!rc && hi && chss_cls_threshold(hi, &p.high_u)) { snprintf(err, sizeof err, "--high '%.100s': expected a decimal in [0, 1]", hi); rc = -1; }
  if (!rc && lo && chss_cls_threshold(lo, &p.low_u)) { snprintf(err, sizeof err, "--low '%.100s': expected a decimal in [0, 1]", lo); rc = -1; }
  if (!rc) rc = chss_cls_classify(&p, fname, err, sizeof err);
  if (rc) { fprintf(stderr, "error: %s\n", err); chss_cls_free(&p); return 2; }
  for (unsigned i = 0; i < p.n; i++) {
    if (verbose)
      printf("%s %s  # access %llu hit %llu Hit %.3Lf (%.4Lf of accesses) group of %s, %u loads\n", p.ld[i].name,
             chss_cls_tag_name(p.tag[i]), p.ld[i].access, p.ld[i].hit, p.hit_eff[i],
             p.ld[i].access ? p.hit_eff[i] / p.ld[i].access : 0.0L, p.ld[p.comp[i]].name, p.size[p.comp[i]]);
    else printf("%s %s\n", p.ld[i].name, chss_cls_tag_name(p.tag[i]));
  }
  chss_cls_free(&p);
  return 0;
}
