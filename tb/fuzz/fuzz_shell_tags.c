/* fuzz_shell_tags.c -- the static bypass tags file (shell-sim --tags,
 * SHELL_TAGS; chss-classify's output): shell_byp_tags_load on any bytes,
 * handed over as an in-memory file (the reader reports FILE:LINE).  An
 * accepted file must hold only the three tags, sorted by kernel/PC,
 * one entry each, every one found by the lookup. */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include "fuzz_common.h"
#include "shell/shell_byp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  if (n > (1u << 16)) return 0;
  int fd = memfd_create("fuzz-tags", 0);
  if (fd < 0) abort();
  if (n && write(fd, data, n) != (ssize_t)n) abort();
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  shell_byp_tags_t t;
  if (shell_byp_tags_load(&t, path) == 0)
    for (size_t i = 0; i < t.n; i++) {
      if (t.tag[i] != CHSS_LD_CA && t.tag[i] != CHSS_LD_CG && t.tag[i] != CHSS_LD_CM) abort();
      if (i && t.key[i] <= t.key[i - 1]) abort(); /* sorted, one entry per kernel/PC */
      if (shell_byp_tag_of(&t, (uint32_t)(t.key[i] >> 32), (uint32_t)t.key[i]) != t.tag[i]) abort();
    }
  shell_byp_tags_free(&t);
  close(fd);
  return 0;
}
