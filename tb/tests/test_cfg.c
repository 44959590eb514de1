/* test_cfg.c -- the parameter source at run time: defaults, overrides, enum
 * labels, and the error for every kind of bad input. */
#include <stdio.h>
#include <stdlib.h>
#include "cfg.h"
#include "tcheck.h"

int main(void) {
  tc_t t = TC_INIT("cfg");
  l1sys_cfg_t c;
  cfg_defaults(&c);
  TC_CHECK(&t, CFG(&c, FIFO_DEPTH) == FIFO_DEPTH_DEFAULT, "defaults come from params.def");
  TC_CHECK(&t, cfg_set(&c, "FIFO_DEPTH=5", "test") == 0 && CFG(&c, FIFO_DEPTH) == 5, "override by NAME=VALUE");
  TC_CHECK(&t, cfg_set(&c, " PRIO_N = 0x10 ", "test") == 0 && CFG(&c, PRIO_N) == 16, "spaces and hex accepted");
  TC_CHECK(&t, cfg_set(&c, "NO_SUCH=1", "test") == -1, "unknown name rejected");
  TC_CHECK(&t, cfg_set(&c, "FIFO_DEPTH=0", "test") == -1 && CFG(&c, FIFO_DEPTH) == 5, "below range rejected, value kept");
  TC_CHECK(&t, cfg_set(&c, "FIFO_DEPTH=12abc", "test") == -1, "trailing junk rejected");
  TC_CHECK(&t, cfg_set(&c, "FIFO_DEPTH", "test") == -1, "missing '=' rejected");
  TC_CHECK(&t, cfg_set(&c, "SATCNT_WIDTH=33", "test") == -1, "above range rejected");
  const char *path = "build/test/cfg_test.cfg";
  FILE *f = fopen(path, "w");
  if (f) {
    fprintf(f, "# comment\nFIFO_WIDTH = 7  # trailing comment\n\nBOGUS = 3\n");
    fclose(f);
  }
  TC_CHECK(&t, cfg_load(&c, path) == -1 && CFG(&c, FIFO_WIDTH) == 7, "file: good line applied, bad line 4 rejected");
  TC_CHECK(&t, cfg_load(&c, "build/test/does_not_exist.cfg") == -1, "missing file rejected");
  return tc_done(&t);
}
