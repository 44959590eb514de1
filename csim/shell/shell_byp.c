/* shell_byp.c -- bypass schemes behind the hook of shell_byp.h. */
#include "shell_byp.h"
#include <string.h>

int shell_byp_init(shell_byp_t *b, const l1sys_cfg_t *cfg, unsigned sm) {
  memset(b, 0, sizeof *b);
  b->scheme = (uint32_t)CFG(cfg, SHELL_BYPASS);
  (void)sm;
  return 0;
}
void shell_byp_free(shell_byp_t *b) { (void)b; }
void shell_byp_reset(shell_byp_t *b) { b->decisions = b->bypassed = 0; }

uint32_t shell_byp_decide(const shell_byp_t *b, uint32_t warp, uint32_t tb, uint32_t block) {
  (void)warp, (void)tb, (void)block;
  switch (b->scheme) {
  case SHELL_BYPASS_ALL: return 1;
  default: return 0; /* SHELL_BYPASS_NONE */
  }
}

void shell_byp_events(shell_byp_t *b, const l1d_out_t *ev, uint32_t accepted, uint32_t byp) {
  (void)ev;
  if (accepted) {
    b->decisions++;
    b->bypassed += byp;
  }
}

uint32_t shell_byp_tb_dispatch(shell_byp_t *b, uint32_t tb, uint32_t block) {
  (void)b, (void)tb, (void)block;
  return 0;
}
void shell_byp_tb_done(shell_byp_t *b, uint32_t tb) { (void)b, (void)tb; }
void shell_byp_commit(shell_byp_t *b) { (void)b; }
