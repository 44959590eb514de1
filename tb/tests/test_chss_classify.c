/* test_chss_classify.c -- the static load classifier (Algorithm 1 of the
 * coordinated-bypassing paper; csim/offline/chss_classify.c): the paper's SPV classification from
 * tb/tests/data/chss_spv.prof, the group arithmetic and thresholds, and
 * one error naming file and line for each class of bad input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chss_classify.h"
#include "l1sys_params.h"
#include "tcheck.h"

static int run(const char *text, chss_cls_t *p, char *err, size_t n) {
  chss_cls_init(p);
  int rc = chss_cls_parse(p, text, strlen(text), "t.prof", err, n);
  if (!rc) rc = chss_cls_classify(p, "t.prof", err, n);
  return rc;
}

static void test_spv(tc_t *tc) {
  FILE *f = fopen("tb/tests/data/chss_spv.prof", "rb");
  TC_CHECK(tc, f != NULL, "tb/tests/data/chss_spv.prof readable (run from the repository root)");
  if (!f) return;
  char text[8192];
  size_t len = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[len] = '\0';
  chss_cls_t p;
  char err[512] = "";
  chss_cls_init(&p);
  int rc = chss_cls_parse(&p, text, len, "chss_spv.prof", err, sizeof err);
  if (!rc) rc = chss_cls_classify(&p, "chss_spv.prof", err, sizeof err);
  TC_CHECK(tc, rc == 0, "SPV profile parses and classifies (%s)", err);
  if (rc) { chss_cls_free(&p); return; }
  static const char *want[] = {"cg", "cg", "cm", "cg", "cg", "cm", "cg", "ca", "cm", "cg"}; /* ld1..ld10 */
  char got[128] = "";
  int ok = p.n == 10;
  for (unsigned i = 0; i < p.n && i < 10; i++) {
    char name[8];
    snprintf(name, sizeof name, "ld%u", i + 1);
    ok &= !strcmp(p.ld[i].name, name) && !strcmp(chss_cls_tag_name(p.tag[i]), want[i]);
    strncat(got, chss_cls_tag_name(p.tag[i]), sizeof got - strlen(got) - 4);
    strcat(got, " ");
  }
  TC_CHECK(tc, ok, "SPV: ld8 ca; ld1 ld2 ld4 ld5 ld7 ld10 cg; ld3 ld6 ld9 cm (got ld1..ld10: %s)", got);
  chss_cls_free(&p);
}

static void test_algorithm(tc_t *tc) {
  chss_cls_t p;
  char err[512] = "";
  /* extra(g) = 900 - (600 + 100) = 200 split over 2 loads: a gets 700 = 0.7 exactly -> ca (>=) */
  int rc = run("load a 1000 600\nload b 1000 100\nshare a b\ngroup b 900\n", &p, err, sizeof err);
  TC_CHECK(tc, rc == 0 && p.tag[0] == CHSS_LD_CA && p.tag[1] == CHSS_LD_CG,
           "Hit = hit(v) + extra(g)/size(g): 600 + 100 = 0.7 * 1000 -> ca (>=); 100 + 100 -> cg");
  chss_cls_free(&p);
  rc = run("load a 1000 300\nload b 1000 301\n", &p, err, sizeof err);
  TC_CHECK(tc, rc == 0 && p.tag[0] == CHSS_LD_CG && p.tag[1] == CHSS_LD_CM, "Hit = 0.3 * access exactly -> cg (<=); one more -> cm");
  chss_cls_free(&p);
  /* negative extra: the group hits less than its loads alone */
  rc = run("load a 1000 800\nload b 1000 800\nload c 10 0\nshare a b\nshare b c\ngroup c 1200\n", &p, err, sizeof err);
  TC_CHECK(tc, rc == 0 && p.tag[0] == CHSS_LD_CM && p.tag[2] == CHSS_LD_CG,
           "three-load group, extra = 1200 - 1600 = -400: a gets 800 - 133.3 -> cm; c negative -> cg");
  chss_cls_free(&p);
  rc = run("high 0.5\nlow 0.1\nload a 100 50\nload b 100 10\nload c 100 0\n", &p, err, sizeof err);
  TC_CHECK(tc, rc == 0 && p.tag[0] == CHSS_LD_CA && p.tag[1] == CHSS_LD_CG && p.tag[2] == CHSS_LD_CG, "thresholds from the file");
  chss_cls_free(&p);
  rc = run("load a 0 0\n", &p, err, sizeof err);
  TC_CHECK(tc, rc == 0 && p.tag[0] == CHSS_LD_CA, "a load never executed: 0 >= 0.7 * 0, ca by line 8 of Algorithm 1");
  chss_cls_free(&p);
  rc = run("load a 1000000000000000 999999999999999\n", &p, err, sizeof err);
  TC_CHECK(tc, rc == 0 && p.tag[0] == CHSS_LD_CA, "counts up to 10^15 exact");
  chss_cls_free(&p);
}

static void test_bad(tc_t *tc) {
  static const struct { const char *text, *want; } cases[] = {
      {"load a 10 5\nfrob a\n", "t.prof:2: unknown keyword 'frob'"},
      {"load a 10\n", "t.prof:1: expected 'load NAME ACCESS HIT' (3 fields given)"},
      {"load a ten 5\n", "t.prof:1: load 'a': ACCESS 'ten' is not an integer"},
      {"load a 10 -5\n", "t.prof:1: load 'a': HIT '-5' is not an integer"},
      {"load a 10 11\n", "t.prof:1: load 'a': HIT 11 exceeds ACCESS 10"},
      {"load a 1 1\nload a 2 2\n", "t.prof:2: load 'a' declared twice (first at line 1)"},
      {"load 9a 1 1\n", "t.prof:1: load name '9a'"},
      {"load a 1 1\nshare a b\n", "t.prof:2: unknown load 'b'"},
      {"load a 1 1\nshare a a\n", "t.prof:2: 'share a a': a load cannot share with itself"},
      {"load a 1 1\ngroup z 1\n", "t.prof:2: unknown load 'z'"},
      {"load a 5 1\nload b 5 1\nshare a b\n", "t.prof:3: 'a' shares an array with other loads here, but no 'group' line"},
      {"load a 5 1\nload b 5 1\nshare a b\ngroup a 3\ngroup b 3\n", "t.prof:5: a second group line for the group of 'b' (first at line 4)"},
      {"load a 5 1\nload b 5 1\nshare a b\ngroup a 11\n", "t.prof:4: group of 'a': HIT_G 11 exceeds the group's 10 accesses"},
      {"high 1.5\n", "t.prof:1: high threshold '1.5': expected a decimal in [0, 1]"},
      {"low .3\n", "t.prof:1: low threshold '.3'"},
      {"load a 1 1\nhigh 0.2\nlow 0.3\n", "t.prof:3: low threshold 0.300000 above high threshold 0.200000"},
      {"# nothing\n\n", "t.prof: no 'load' line"},
      {"load a 1 1 1 1 1\n", "t.prof:1: too many fields"},
      {"load a 1 1\nload b 1 \x01\n", "t.prof:2: unexpected byte 0x01"},
      {"load a 99999999999999999999 1\n", "t.prof:1: load 'a': ACCESS '99999999999999999999' is not an integer in [0, 10^15]"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    chss_cls_t p;
    char err[512] = "";
    int rc = run(cases[i].text, &p, err, sizeof err);
    TC_CHECK(tc, rc == -1 && strstr(err, cases[i].want) && !strchr(err, '\n'), "bad input %zu -> one message '%s' (got '%s')", i + 1, cases[i].want, err);
    chss_cls_free(&p);
  }
  /* a NUL byte and an over-long line */
  chss_cls_t p;
  char err[512] = "", text[2100];
  chss_cls_init(&p);
  int rc = chss_cls_parse(&p, "load a 1 1\nlo\0ad", 16, "t.prof", err, sizeof err);
  TC_CHECK(tc, rc == -1 && strstr(err, "t.prof:2: NUL byte"), "NUL byte -> '%s'", err);
  chss_cls_free(&p);
  memset(text, 'x', sizeof text - 1);
  text[sizeof text - 1] = '\0';
  chss_cls_init(&p);
  rc = chss_cls_parse(&p, text, strlen(text), "t.prof", err, sizeof err);
  TC_CHECK(tc, rc == -1 && strstr(err, "t.prof:1: line longer than 1024"), "over-long line -> '%s'", err);
  chss_cls_free(&p);
}

/* A small deterministic mutation fuzz of the parser: byte flips, inserts
 * and deletions of a valid profile; every outcome must be success or one
 * one-line message naming the file (the sanitized build catches memory
 * errors). */
static void test_fuzz(tc_t *tc) {
  static const char seed[] = "high 0.7\nlow 0.3\nload ld1 100 1\nload ld2 100 50\nload ld3 100 99\n"
                             "share ld1 ld2\ngroup ld2 60\n# c\n";
  static const char alphabet[] = "loadsharegrouphighlow 0123456789.#\n\t-_x\0\x01\xff";
  uint64_t x = 0x9e3779b97f4a7c15ull;
  unsigned ok = 0, errs = 0, bad = 0;
  for (int it = 0; it < 20000; it++) {
    char buf[256];
    size_t len = sizeof seed - 1;
    memcpy(buf, seed, len);
    int nm = 1 + (int)(it % 4);
    for (int k = 0; k < nm; k++) {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17;
      size_t pos = (size_t)(x % (len + 1));
      char ch = alphabet[(x >> 20) % (sizeof alphabet - 1)];
      switch ((x >> 40) % 3) {
      case 0: if (pos < len) buf[pos] = ch; break;
      case 1: if (len < sizeof buf - 1) { memmove(buf + pos + 1, buf + pos, len - pos); buf[pos] = ch; len++; } break;
      default: if (pos < len) { memmove(buf + pos, buf + pos + 1, len - pos - 1); len--; } break;
      }
    }
    chss_cls_t p;
    char err[512] = "";
    chss_cls_init(&p);
    int rc = chss_cls_parse(&p, buf, len, "f.prof", err, sizeof err);
    if (!rc) rc = chss_cls_classify(&p, "f.prof", err, sizeof err);
    if (!rc) ok++;
    else if (!strncmp(err, "f.prof", 6) && !strchr(err, '\n')) errs++;
    else bad++;
    chss_cls_free(&p);
  }
  TC_CHECK(tc, bad == 0 && ok > 0 && errs > 0, "parser fuzz, 20000 mutated profiles: %u accepted, %u one-line errors naming the file, %u other", ok, errs, bad);
}

int main(void) {
  tc_t t = TC_INIT("chss_classify");
  test_spv(&t);
  test_algorithm(&t);
  test_bad(&t);
  test_fuzz(&t);
  return tc_done(&t);
}
