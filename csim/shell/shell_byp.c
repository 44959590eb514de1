/* shell_byp.c -- bypass schemes behind the hook of shell_byp.h.
 *   NONE      never bypass
 *   ALL       every load bypasses
 *   TWOLEVEL  seed 001's two-level bypassing: the SM's BDU (csim/bdu/bdu.c,
 *             the same model the bdu block runs in lockstep) samples the
 *             L1D's miss rate (MRMU) and the warp occupancy of the
 *             instruction buffer (WOMU) over BDU_PERIOD cycles after the
 *             first block of a kernel, decides C or B mode, and in B mode
 *             every load bypasses.  decide() reads the registered mode;
 *             the BDU's inputs are gathered through the cycle and applied
 *             at the clock edge (shell_byp_commit). */
#include "shell_byp.h"
#include <string.h>

int shell_byp_init(shell_byp_t *b, const l1sys_cfg_t *cfg, unsigned sm) {
  memset(b, 0, sizeof *b);
  b->scheme = (uint32_t)CFG(cfg, SHELL_BYPASS);
  (void)sm;
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) {
    unsigned warps = (unsigned)CFG(cfg, SHELL_WARPS);
    if ((unsigned long long)CFG(cfg, BDU_THR_W) > warps)
      return cfg_reject(cfg, P_BDU_THR_W, "must not exceed the SM's warp slots (SHELL_WARPS) under SHELL_BYPASS=TWOLEVEL");
    bdu_init(&b->bdu, (unsigned)CFG(cfg, BDU_PERIOD), (unsigned)CFG(cfg, BDU_HOLD), warps);
    bdu_mode_from_cfg(&b->bin, cfg);
  }
  return 0;
}
void shell_byp_free(shell_byp_t *b) { (void)b; }
void shell_byp_reset(shell_byp_t *b) {
  b->decisions = b->bypassed = b->bmode_cycles = b->dec_b = b->dec_c = 0;
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) {
    bdu_reset(&b->bdu);
    b->bin.kernel_start_i = b->bin.tb_disp_i = 0;
    b->bin.ev_access_i = b->bin.ev_miss_i = b->bin.ev_hitres_i = b->bin.ev_byp_i = 0;
    b->bin.req_valid_i = b->bin.req_store_i = 0;
    memset(b->bin.ibuf_valid_i, 0, sizeof b->bin.ibuf_valid_i);
  }
}

uint32_t shell_byp_decide(const shell_byp_t *b, uint32_t warp, uint32_t tb, uint32_t block) {
  (void)warp, (void)tb, (void)block;
  switch (b->scheme) {
  case SHELL_BYPASS_ALL: return 1;
  case SHELL_BYPASS_TWOLEVEL: return b->bdu.bmode_q; /* the BDU's req_byp_o for a load */
  default: return 0; /* SHELL_BYPASS_NONE */
  }
}

void shell_byp_events(shell_byp_t *b, const l1d_out_t *ev, uint32_t accepted, uint32_t byp) {
  if (accepted) {
    b->decisions++;
    b->bypassed += byp;
  }
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) {
    b->bin.ev_access_i = ev->ev_access_o;
    b->bin.ev_miss_i = ev->ev_miss_o;
    b->bin.ev_hitres_i = ev->ev_hitres_o;
    b->bin.ev_byp_i = ev->ev_byp_o;
  }
}

uint32_t shell_byp_tb_dispatch(shell_byp_t *b, uint32_t tb, uint32_t block) {
  (void)tb, (void)block;
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) b->bin.tb_disp_i = 1;
  return 0;
}
void shell_byp_tb_done(shell_byp_t *b, uint32_t tb) { (void)b, (void)tb; }
void shell_byp_kernel_start(shell_byp_t *b) {
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) b->bin.kernel_start_i = 1;
}
void shell_byp_ibuf(shell_byp_t *b, const uint32_t *valid) {
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) memcpy(b->bin.ibuf_valid_i, valid, sizeof b->bin.ibuf_valid_i);
}

void shell_byp_commit(shell_byp_t *b) {
  if (b->scheme != SHELL_BYPASS_TWOLEVEL) return;
  bdu_t *d = &b->bdu;
  bdu_comb(d, &b->bin, &b->bout);
  if (d->phase_q == BDU_PH_DECIDE && !b->bin.kernel_start_i) {
    if (d->bmode_d) b->dec_b++;
    else b->dec_c++;
  }
  b->bmode_cycles += d->bmode_q;
  bdu_commit(d);
  /* pulses last one cycle */
  b->bin.kernel_start_i = b->bin.tb_disp_i = 0;
  b->bin.ev_access_i = b->bin.ev_miss_i = b->bin.ev_hitres_i = b->bin.ev_byp_i = 0;
}
