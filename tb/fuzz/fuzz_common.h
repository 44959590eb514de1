/* fuzz_common.h -- shared by the libFuzzer harnesses (docs/fuzzing.md).
 * Each harness feeds arbitrary bytes to one parser; a crash, a sanitizer
 * report (ASan/UBSan, leaks) or a hang is a finding.  Error messages go to
 * stderr, which scripts/fuzz.sh closes (-close_fd_mask=2). */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cfg.h"

/* The input as a NUL-terminated string (cut at its first NUL, as argv
 * strings are); NULL when out of memory.  Free it. */
static inline char *fuzz_cstr(const uint8_t *data, size_t n) {
  char *s = malloc(n + 1);
  if (!s) return NULL;
  memcpy(s, data, n);
  s[n] = 0;
  return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

#endif
