/* fuzz_shell_tags.c -- the static bypass tags file (shell-sim --tags,
 * SHELL_TAGS; chss-classify's output): shell_byp_tags_load on any bytes,
 * handed over as an in-memory file (the reader reports FILE:LINE).  An
 * accepted file must hold only the three tags. */
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
    for (uint32_t k = 0; k < t.nk; k++)
      for (uint32_t pc = 0; pc < t.n[k]; pc++)
        if (t.tag[k][pc] != CHSS_LD_CA && t.tag[k][pc] != CHSS_LD_CG && t.tag[k][pc] != CHSS_LD_CM) abort();
  shell_byp_tags_free(&t);
  close(fd);
  return 0;
}
