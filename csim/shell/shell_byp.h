/* shell_byp.h -- the per-SM bypass-controller hook point of the shell
 * (docs/shell.md, "Hook points").  A bypass controller decides, for the
 * load the LD/ST path presents to the L1D this cycle, whether it bypasses
 * (the L1D's req_byp_i); it sees the L1D's event pulses (ev_*_o) of every
 * cycle and the thread-block dispatch events of its SM, and may tag a
 * dispatched block (CHSS ba/bg).  The scheme is the run parameter
 * SHELL_BYPASS (csim/params_shell.def); a new scheme is one ENUMV there and
 * one case in each function of shell_byp.c, its state a member here.
 *
 * Timing contract (what an RTL twin must match): decide() is combinational
 * from the controller's registers and the presented request; events() and
 * tb_dispatch() stage next state; commit() is the clock edge. */
#ifndef SHELL_BYP_H
#define SHELL_BYP_H
#include <stdint.h>
#include "bdu.h"
#include "cfg.h"
#include "l1d.h"

typedef struct {
  uint32_t scheme; /* SHELL_BYPASS_* */
  /* TWOLEVEL: the SM's bypassing decision unit (csim/bdu, seed 001) and the
   * inputs this cycle gathers for it (applied at commit) */
  bdu_t bdu;
  bdu_in_t bin;
  bdu_out_t bout;
  /* statistics */
  uint64_t decisions, bypassed;
  uint64_t bmode_cycles, dec_b, dec_c; /* TWOLEVEL: cycles in B mode, decisions B / C */
} shell_byp_t;

int shell_byp_init(shell_byp_t *b, const l1sys_cfg_t *cfg, unsigned sm);
void shell_byp_free(shell_byp_t *b);
void shell_byp_reset(shell_byp_t *b);
/* The load presented this cycle: warp slot, TB slot, its block id.  Returns
 * req_byp_i.  Stores never bypass (the caller does not ask). */
uint32_t shell_byp_decide(const shell_byp_t *b, uint32_t warp, uint32_t tb, uint32_t block);
/* This cycle's L1D event pulses and whether the presented request was
 * accepted and bypassed (for statistics). */
void shell_byp_events(shell_byp_t *b, const l1d_out_t *ev, uint32_t accepted, uint32_t byp);
/* A block dispatched into TB slot tb; returns its tag (0: none). */
uint32_t shell_byp_tb_dispatch(shell_byp_t *b, uint32_t tb, uint32_t block);
void shell_byp_tb_done(shell_byp_t *b, uint32_t tb);
/* A kernel starts this cycle (every SM is told). */
void shell_byp_kernel_start(shell_byp_t *b);
/* This cycle's instruction-buffer occupancy: bit w set when warp slot w
 * holds a valid instruction (words of 32 bits, WOMU_MAX_WARPS bits). */
void shell_byp_ibuf(shell_byp_t *b, const uint32_t *valid);
/* The clock edge: TWOLEVEL computes the BDU's next state from everything
 * this cycle gathered, then commits it. */
void shell_byp_commit(shell_byp_t *b);

#endif
