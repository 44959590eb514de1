/* chss.h -- C mirror of rtl/chss/chss.sv: the per-SM dynamic bypassing unit
 * of coordinated static and dynamic bypassing (the coordinated-bypassing paper, Section 5).
 * Same registers, same next-state order; docs/chss.md has the contract and
 * every decision the paper leaves open. */
#ifndef CHSS_H
#define CHSS_H
#include <stdint.h>
#include "cfg.h"
#include "l1sys_params.h"

#define CHSS_MAX_SLOTS 15

typedef struct {
  /* structure (SV parameters and derived widths) */
  unsigned slots, cnt_w, lat_w, frac_w, warp_w, slot_w, tb_w, num_w, den_w, dc_w;
  /* registers */
  uint32_t tag_q[CHSS_MAX_SLOTS], tag_d[CHSS_MAX_SLOTS];
  uint32_t chss_q[CHSS_MAX_SLOTS + 1], chss_d[CHSS_MAX_SLOTS + 1];
  uint32_t cur_bg_q, cur_bg_d, tb_bg_q, tb_bg_d, tb_max_q, tb_max_d;
  uint32_t per_act_q, per_act_d, per_slot_q, per_slot_d;
  uint32_t hit_cnt_q, hit_cnt_d, stall_cnt_q, stall_cnt_d;
  uint32_t div_busy_q, div_busy_d, div_cnt_q, div_cnt_d, div_num_q, div_num_d, div_rem_q, div_rem_d, div_den_q,
      div_den_d;
} chss_t;

typedef struct {
  uint32_t mode_follow_i, bcast_tbbg_i, kernel_start_i, tb_max_i;
  uint32_t disp_valid_i, disp_slot_i, cmt_valid_i, cmt_slot_i;
  uint32_t ev_hit_i, ev_stall_i, warp_cnt_i, l2_lat_i;
  uint32_t ld_valid_i, ld_tag_i, ld_slot_i;
} chss_in_t;

typedef struct {
  uint32_t disp_tag_o, ld_byp_o, tb_bg_o, cur_bg_o, sampling_o, busy_o;
} chss_out_t;

/* Structure from the parameters; -1 (and a message) on a bad combination. */
int chss_init_cfg(chss_t *c, const l1sys_cfg_t *cfg);
/* Structure given directly (tests); -1 when it does not fit. */
int chss_init(chss_t *c, unsigned slots, unsigned cnt_w, unsigned lat_w, unsigned frac_w, unsigned warp_w);
void chss_reset(chss_t *c);
void chss_comb(chss_t *c, const chss_in_t *in, chss_out_t *out);
void chss_commit(chss_t *c);
/* chss_comb then chss_commit in one call (the same registers and outputs
 * after it), with nothing evaluated in a cycle that can change nothing
 * (the shell's hook: most cycles). */
void chss_step(chss_t *c, const chss_in_t *in, chss_out_t *out);
/* n cycles of chss_step counted, not evaluated (the shell's SMs left out
 * of its passes, docs/c-models.md "Bypass units across left-out cycles"):
 * cycles with in's inputs, which must have no kernel start, dispatch,
 * commit or hit, and the unit following (mode_follow_i: TB_bg becomes
 * bcast_tbbg_i, no period, no division) or not dividing (a sampling
 * period's Stall counter takes ev_stall_i each cycle, both counters halved
 * whenever it would reach 2^CntW).  The same registers as n chss_step
 * calls. */
void chss_advance(chss_t *c, const chss_in_t *in, uint32_t n);
/* Eq. 1 as the unit computes it (the divider's result), for tests. */
uint32_t chss_score(const chss_t *c, uint32_t hits, uint32_t stalls, uint32_t warps, uint32_t lat);

#endif
