/* tcheck.h -- the C tests' tiny harness.  Each check prints one line,
 * "PASS <test>: <what>" or "FAIL <test>: <what> (file:line)"; the runner
 * (scripts/run_tests.sh) counts the lines.  A test binary exits non-zero
 * when any check failed.
 *
 *   static void test_fill(tc_t *t) { ...; TC_CHECK(t, got == 3, "fill count %u", got); }
 *   int main(void) { tc_t t = TC_INIT("l1d"); test_fill(&t); return tc_done(&t); }
 *
 * A test group (one function) may hold many checks; TC_GROUP prints one
 * PASS/FAIL for the whole group instead, for groups of many small checks. */
#ifndef TCHECK_H
#define TCHECK_H
#include <stdio.h>

typedef struct {
  const char *suite;
  int failed, passed;
  int group_fail;       /* inside a group: failures so far */
  const char *group;    /* current group name, or NULL */
} tc_t;

#define TC_INIT(suite) {suite, 0, 0, 0, NULL}

/* Immediate check: one PASS/FAIL line per call (or counted in a group). */
#define TC_CHECK(t, cond, ...)                                                                  \
  do {                                                                                          \
    if ((t)->group) {                                                                           \
      if (!(cond)) {                                                                            \
        (t)->group_fail++;                                                                      \
        printf("  failed in %s/%s: ", (t)->suite, (t)->group);                                  \
        printf(__VA_ARGS__);                                                                    \
        printf(" (%s:%d)\n", __FILE__, __LINE__);                                               \
      }                                                                                         \
    } else if (cond) {                                                                          \
      (t)->passed++;                                                                            \
      printf("PASS %s: ", (t)->suite);                                                          \
      printf(__VA_ARGS__);                                                                      \
      printf("\n");                                                                             \
    } else {                                                                                    \
      (t)->failed++;                                                                            \
      printf("FAIL %s: ", (t)->suite);                                                          \
      printf(__VA_ARGS__);                                                                      \
      printf(" (%s:%d)\n", __FILE__, __LINE__);                                                 \
    }                                                                                           \
  } while (0)

static inline void tc_group_begin(tc_t *t, const char *name) { t->group = name; t->group_fail = 0; }
static inline void tc_group_end(tc_t *t) {
  if (t->group_fail) { t->failed++; printf("FAIL %s: %s\n", t->suite, t->group); }
  else { t->passed++; printf("PASS %s: %s\n", t->suite, t->group); }
  t->group = NULL;
}
static inline int tc_done(tc_t *t) { return t->failed ? 1 : 0; }

#endif
