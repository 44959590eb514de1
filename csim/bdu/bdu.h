/* bdu.h -- C mirror of rtl/bdu/bdu.sv: the bypassing decision unit of
 * two-level bypassing (the two-level paper) with its MRMU (i_mrmu) and WOMU (i_womu).
 * Schedule IDLE -> SAMPLE (period cycles) -> DECIDE (1) -> HOLD (hold
 * cycles, or until the next kernel when hold = 0) -> SAMPLE ...; loads
 * bypass in B mode, stores never (docs/bdu.md). */
#ifndef BDU_H
#define BDU_H
#include <stdint.h>
#include "cfg.h"
#include "l1sys_params.h"
#include "mrmu.h"
#include "womu.h"

typedef struct {
  unsigned period, hold, warps, cnt_w, occ_w, tim_w;
  uint32_t phase_q, phase_d, timer_q, timer_d, bmode_q, bmode_d;
  mrmu_t i_mrmu;
  womu_t i_womu;
} bdu_t;

typedef struct {
  uint32_t mode_thr_l_i, mode_thr_h_i, mode_thr_w_i, mode_womu_i;
  uint32_t kernel_start_i, tb_disp_i;
  uint32_t ev_access_i, ev_miss_i, ev_hitres_i, ev_byp_i;
  uint32_t ibuf_valid_i[WOMU_MAX_WARPS / 32];
  uint32_t req_valid_i, req_store_i;
} bdu_in_t;

typedef struct {
  uint32_t req_byp_o, bmode_o, phase_o, cls_o, occ_low_o, acc_o, miss_o, occ_o;
} bdu_out_t;

/* -1 (and a message) on a bad combination. */
int bdu_init_cfg(bdu_t *b, const l1sys_cfg_t *cfg);
void bdu_init(bdu_t *b, unsigned period, unsigned hold, unsigned warps);
void bdu_reset(bdu_t *b);
void bdu_comb(bdu_t *b, const bdu_in_t *in, bdu_out_t *out);
void bdu_commit(bdu_t *b);
/* bdu_comb then bdu_commit in one call, for a parent that reads none of
 * the comb's outputs (the shell's hook reads bmode_q, before the call):
 * the same registers after it, the work a cycle's phase needs only (the
 * verdict's multiplies in DECIDE alone, the monitors only while sampling
 * or starting to).  Returns the new bmode_q. */
uint32_t bdu_step(bdu_t *b, const bdu_in_t *in);
/* Cycles with no event can be counted, not evaluated (the shell's repeating
 * SMs left out of its passes, docs/c-models.md "Bypass units across
 * left-out cycles"): in such a cycle -- no kernel start, no dispatch, no
 * access or miss event, the instruction buffers as they stand -- the
 * schedule only counts its timer down (SAMPLE, HOLD with a hold time) or
 * stays (IDLE, HOLD until the next kernel), and the monitors only take the
 * same occupancy again while sampling.  bdu_still_for: how many such
 * cycles from the next one on change nothing but that (a timer at 0 moves
 * the phase: that cycle is evaluated); UINT32_MAX: any number; 0: none
 * (DECIDE).  bdu_advance: n such cycles (n <= bdu_still_for), with the
 * instruction buffers of in (the last cycle's), as bdu_step would leave
 * the registers after them. */
uint32_t bdu_still_for(const bdu_t *b);
void bdu_advance(bdu_t *b, const bdu_in_t *in, uint32_t n);
/* Mode inputs from the parameters (BDU_THR_L/H/W, BDU_WOMU). */
void bdu_mode_from_cfg(bdu_in_t *in, const l1sys_cfg_t *cfg);

#endif
