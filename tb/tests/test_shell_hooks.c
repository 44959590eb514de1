/* test_shell_hooks.c -- the shell's per-SM hooks on their RTL twins
 * (csim/shell/shell_byp.c shell_byp_hw_*, shell_ccn.c shell_ccn_hw_*):
 * the properties the C hook API relies on.
 *   - shell_byp_hw_byp() (what decide() returns before the cycle's inputs
 *     are complete) equals the twin's byp_o from shell_byp_hw_comb();
 *   - a unit the scheme does not use stays in its reset state;
 *   - the CCN twin's outputs depend on its registers only (the hooks read
 *     them before their L1D has run);
 *   - a miss offered to a busy staging is refused, one to a free one taken;
 *   - bad hook structures are refused with a message naming the parameter. */
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "shell_byp.h"
#include "shell_ccn.h"
#include "tcheck.h"

static uint32_t rnd(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return (uint32_t)(*s >> 11);
}

static void byp_twin(tc_t *t, uint32_t scheme) {
  shell_byp_hw_t h;
  memset(&h, 0, sizeof h);
  shell_byp_hw_init(&h, 6, 48);
  bdu_init(&h.i_bdu, 50, 100, 48);
  chss_init(&h.i_chss, 6, 8, 8, 2, 7);
  h.has_bdu = h.has_chss = 1;
  shell_byp_hw_reset(&h);
  shell_byp_in_t in;
  shell_byp_out_t out;
  memset(&in, 0, sizeof in);
  in.mode_scheme_i = scheme;
  in.mode_thr_l_i = 10, in.mode_thr_h_i = 40, in.mode_thr_w_i = 30, in.mode_womu_i = 0;
  in.l2_lat_i = 100;
  uint64_t s = 0x9e3779b97f4a7c15ull + scheme;
  unsigned mism = 0, byp = 0, reset_left = 0;
  for (unsigned cyc = 0; cyc < 20000; cyc++) {
    in.kernel_start_i = cyc == 0 || rnd(&s) % 3000 == 0;
    in.tb_max_i = 1 + rnd(&s) % 6;
    in.disp_valid_i = !in.kernel_start_i && rnd(&s) % 4 == 0;
    in.disp_slot_i = rnd(&s) % 6;
    in.done_valid_i = !in.kernel_start_i && rnd(&s) % 4 == 0;
    in.done_slot_i = rnd(&s) % 6;
    in.req_valid_i = rnd(&s) & 1;
    in.req_store_i = rnd(&s) % 4 == 0;
    in.req_slot_i = rnd(&s) % 8;
    in.req_tag_i = rnd(&s) & 3;
    in.ev_access_i = rnd(&s) & 1;
    in.ev_miss_i = in.ev_access_i && (rnd(&s) & 1);
    in.ev_hit_i = in.ev_access_i && !in.ev_miss_i;
    in.ev_stall_i = !in.ev_access_i && (rnd(&s) & 1);
    in.ibuf_valid_i[0] = rnd(&s), in.ibuf_valid_i[1] = rnd(&s) & 0xffff;
    in.warp_cnt_i = rnd(&s) & 127;
    uint32_t early = shell_byp_hw_byp(&h, &in);
    shell_byp_hw_comb(&h, &in, &out);
    mism += early != out.byp_o;
    byp += out.byp_o;
    shell_byp_hw_commit(&h);
    if (scheme != SHELL_BYPASS_TWOLEVEL && h.i_bdu.phase_q != BDU_PH_IDLE) reset_left++;
    if (scheme != SHELL_BYPASS_CHSS && scheme != SHELL_BYPASS_COORD && (h.i_chss.tb_bg_q != 6 || h.i_chss.cur_bg_q))
      reset_left++;
  }
  TC_CHECK(t, mism == 0 && reset_left == 0 && (scheme == SHELL_BYPASS_NONE || byp > 0),
           "%s: decide() equals byp_o every cycle (%u mismatches, %u loads bypassed), unused units stay in reset (%u cycles not)",
           shell_byp_name(scheme), mism, byp, reset_left);
}

static void ccn_twin(tc_t *t) {
  ccn_ring_cfg_t rc;
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  cfg.v[P_SHELL_CCN] = SHELL_CCN_ON;
  TC_CHECK(t, shell_ccn_ring_cfg(&rc, &cfg, 3, SHELL_CCN_ON) == 0 && rc.hmin == 0 && rc.nodes == 3,
           "ring of 3 nodes under ON: HMin forced to 0");
  shell_ccn_hw_t h;
  if (shell_ccn_hw_init(&h, &rc, 7)) {
    TC_CHECK(t, 0, "shell_ccn_hw_init");
    return;
  }
  uint64_t s = 12345;
  unsigned dep = 0, refused = 0, taken = 0, bad_take = 0;
  for (unsigned cyc = 0; cyc < 5000; cyc++) {
    for (unsigned i = 0; i < 3; i++) {
      h.in[i].miss_valid_i = rnd(&s) % 3 == 0;
      h.in[i].miss_line_i = rnd(&s) % 16;
      h.in[i].rmt_hit_i = rnd(&s) & 1;
      h.in[i].fill_ready_i = rnd(&s) & 1;
      h.in[i].l2_ready_i = rnd(&s) % 4 != 0;
    }
    shell_ccn_hw_comb(&h);
    shell_ccn_out_t first[3];
    memcpy(first, h.out, sizeof first);
    for (unsigned i = 0; i < 3; i++) h.in[i].fill_ready_i ^= 1, h.in[i].l2_ready_i ^= 1;
    shell_ccn_hw_comb(&h); /* other inputs, same registers */
    dep += memcmp(first, h.out, sizeof first) != 0;
    for (unsigned i = 0; i < 3; i++) {
      uint32_t busy = h.mreg_v_q[i] && !h.popped[i];
      shell_ccn_hw_next(&h, i);
      if (h.in[i].miss_valid_i) {
        if (!h.out[i].mem_ready_o) refused++;
        else taken++;
        if (busy && h.out[i].mem_ready_o) bad_take++;
        if (h.out[i].mem_ready_o && (!h.mreg_v_d[i] || h.mreg_a_d[i] != h.in[i].miss_line_i)) bad_take++;
      }
      shell_ccn_hw_commit_node(&h, i);
    }
    shell_ccn_hw_commit_ring(&h);
  }
  TC_CHECK(t, dep == 0, "CCN twin: outputs depend on the registers only (%u cycles differed)", dep);
  TC_CHECK(t, bad_take == 0 && refused > 0 && taken > 0,
           "CCN twin: misses taken only by a free staging (%u taken, %u refused, %u wrong)", taken, refused, bad_take);
  shell_ccn_hw_free(&h);
}

static void rejects(tc_t *t) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  cfg.v[P_SHELL_BYPASS] = SHELL_BYPASS_CHSS;
  cfg.v[P_SHELL_TBS] = 1;
  shell_byp_t b;
  fflush(stdout);
  TC_CHECK(t, shell_byp_init(&b, &cfg, 0) != 0, "CHSS with 1 TB slot refused (SHELL_TBS named on stderr)");
  shell_byp_free(&b);
  cfg.v[P_SHELL_BYPASS] = SHELL_BYPASS_NONE;
  TC_CHECK(t, shell_byp_init(&b, &cfg, 0) == 0 && b.hw.has_bdu && !b.hw.run_bdu && !b.hw.has_chss && !b.hw.run_chss,
           "NONE with 1 TB slot accepted: the BDU built but not run, no CHSS unit (it needs 2..15 slots)");
  shell_byp_free(&b);
  cfg.v[P_SHELL_TBS] = 8;
  TC_CHECK(t, shell_byp_init(&b, &cfg, 0) == 0 && b.hw.has_bdu && b.hw.has_chss && !b.hw.run_bdu && !b.hw.run_chss,
           "NONE with 8 TB slots: both units built (the RTL has both), neither run");
  shell_byp_free(&b);
  cfg.v[P_SHELL_BYPASS] = SHELL_BYPASS_COORD;
  TC_CHECK(t, shell_byp_init(&b, &cfg, 0) == 0 && !b.hw.run_bdu && b.hw.run_chss, "COORD runs the CHSS unit alone");
  shell_byp_free(&b);
}

int main(void) {
  tc_t t = TC_INIT("shell_hooks");
  for (uint32_t s = SHELL_BYPASS_NONE; s <= SHELL_BYPASS_COORD; s++) byp_twin(&t, s);
  ccn_twin(&t);
  rejects(&t);
  return tc_done(&t);
}
