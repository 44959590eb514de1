/* shell_sm.h -- C mirror of rtl/shell/shell_sm.sv: one SM of the GPU shell
 * (docs/shell.md, "SM" and "The SM's ports").  Same register names as the
 * RTL (the per-warp fields w_q[w].pc are the RTL's w_pc_q[w]).
 *
 * An SM: SHELL_WARPS warp slots, SHELL_TBS thread-block slots, a warp
 * scheduler (LRR or GTO, mode_sched_i), fetch from the environment, the LD/ST
 * unit with its coalescer into line requests, the LD/ST path [MRPB ->] L1D
 * (csim/mrpb, csim/l1d as they are) and the injection queue toward the
 * request crossbar.  The bypass controller and the CCN node stay outside:
 * the SM has ports for them (byp_*, ev_*, hk_*, ccn_*, rmt_*).
 *
 * Environment requests are registered: in the cycle the SM decides a fetch
 * (fetch_*_o, ifetch_*_o) or a lane-address read (lsu_*_o) it presents the
 * request; the environment answers the next cycle (fetch_*_i, ifetch_*_i,
 * lsu_*_i), when fetch_v_q / ifetch_v_q / l_wait_q say an answer is due --
 * a memory with a registered read port.
 *
 * Per cycle: set m->in (everything but byp_i, the CCN inputs, inj_pop_i may
 * wait), shell_sm_comb_req() (outputs that depend on registers and the
 * environment answers: the presented request byp_*_o, the dispatcher's view
 * tb_free_o / free_warps_o / busy_o), then the rest of m->in,
 * shell_sm_comb() (everything else), optionally shell_sm_inj_pop() when the
 * crossbar pops the injection queue after the SM's comb, shell_sm_commit(). */
#ifndef SHELL_SM_H
#define SHELL_SM_H
#include <stdint.h>
#include "cfg.h"
#include "fifo_sync.h"
#include "l1d.h"
#include "mrpb.h"
#include "shell_wl.h"

#define SHELL_SM_MAX_TBS 32
#define SHELL_SM_MAX_WARPS 64

typedef struct {
  /* quasi-static modes */
  uint32_t mode_sched_i; /* SHELL_SCHED_* */
  uint32_t mode_ccn_i;   /* 1: cached load misses go to the CCN node (SHELL_CCN != OFF) */
  /* dispatcher: a block into the lowest free TB slot and lowest free warp slots */
  uint32_t disp_valid_i, disp_block_i, disp_warps_i, kern_start_i;
  /* environment answers to last cycle's requests */
  uint32_t fetch_kind_i, fetch_count_i, fetch_size_i, fetch_mask_i;
  uint32_t ifetch_kind_i, ifetch_count_i, ifetch_size_i, ifetch_mask_i;
  uint32_t lsu_mask_i, lsu_addr_i[WL_LANES];
  uint32_t lsu_tag_i; /* the load's static tag (CHSS_LD_*): the instruction's cache operator, answered with its lanes */
  /* response crossbar (a line for this SM's L1D fill port) */
  uint32_t fill_valid_i, fill_line_i, fill_id_i, fill_byp_i;
  /* request crossbar: pops the injection queue's head */
  uint32_t inj_pop_i;
  /* bypass controller: its decision for the presented load */
  uint32_t byp_i;
  /* CCN node */
  uint32_t ccn_fill_valid_i, ccn_fill_line_i, ccn_mem_ready_i, ccn_l2_valid_i, ccn_l2_line_i;
  uint32_t rmt_valid_i, rmt_addr_i;
} shell_sm_in_t;

typedef struct {
  /* dispatcher's view (registers) */
  uint32_t tb_free_o, free_warps_o, busy_o;
  /* environment requests (answered next cycle) */
  uint32_t fetch_valid_o, fetch_block_o, fetch_wib_o, fetch_pc_o;
  uint32_t ifetch_valid_o, ifetch_block_o, ifetch_wib_o, ifetch_pc_o;
  uint32_t lsu_valid_o, lsu_block_o, lsu_wib_o, lsu_pc_o;
  /* response crossbar */
  uint32_t fill_ready_o;
  /* request crossbar: the injection queue's head */
  uint32_t inj_valid_o, inj_line_o, inj_id_o, inj_store_o, inj_byp_o;
  /* bypass controller: the request presented to the L1D */
  uint32_t byp_valid_o, byp_warp_o, byp_tb_o, byp_block_o, byp_pc_o, byp_store_o, byp_tag_o;
  uint32_t l1d_take_o, l1d_byp_o; /* presented and taken; the L1D's req_byp_i */
  uint32_t ev_access_o, ev_hit_o, ev_hitres_o, ev_miss_o, ev_stall_o, ev_byp_o, ev_pseudo_o, ev_fill_o;
  /* hooks: dispatch, block retired, kernel start, occupancy */
  uint32_t hk_disp_valid_o, hk_disp_slot_o, hk_disp_block_o;
  uint32_t hk_done_valid_o, hk_done_slot_o, hk_kern_start_o;
  uint32_t ibuf_o[SHELL_SM_MAX_WARPS / 32], warps_o;
  /* CCN node */
  uint32_t ccn_fill_ready_o, ccn_miss_valid_o, ccn_miss_line_o, ccn_l2_ready_o, rmt_hit_o;
  uint32_t *rmt_data_o; /* the L1D's own rmt_data_o */
} shell_sm_out_t;

typedef struct {
  uint8_t valid, tb, wib, ibv, bar, kind, size;
  uint8_t ltag; /* static tag of the warp's last memory instruction (lsu_tag_i), for byp_tag_o */
  uint16_t count;
  uint32_t pc, ready, ld, mask, age;
  uint32_t ldt; /* statistics only (cycle the pending load issued): not hardware */
} shell_warp_t;

typedef struct {
  uint8_t valid, nw, nexit, nbar;
  uint32_t block;
} shell_tb_t;

enum { SHS_INSTS, SHS_ISSUE, SHS_STALL_IDLE, SHS_STALL_MEM, SHS_STALL_LSU, SHS_LDREQ, SHS_STREQ, SHS_LDRSP,
       SHS_LDINST, SHS_LDLAT, SHS_TBS, SHS_INJ_FLITS, SHS_EJ_FLITS, SHS_N };
extern const char *const shell_sm_stat_name[SHS_N];

typedef struct {
  unsigned id, nwarps, ntbs, line, idw, warpw, tbw, injw;
  unsigned segw, atw; /* segment (the L1D's atom: a line or a sector) offset bits; atom-address bits */
  uint32_t atwm, idwm, tbfull; /* not hardware (set at init): masks of atw and idw bits; tm_valid with every TB slot in use */
  unsigned l1x; /* cycles a warp is held after its last load line: SHELL_L1_LAT - SHELL_L1_PIPE, at least 0 */
  int use_mrpb, want_occ; /* want_occ: compute ibuf_o / warps_o (a hook reads them) */
  shell_sm_in_t in;
  shell_sm_out_t out;
  /* warps and TB slots (staged per entry) */
  shell_warp_t *w_q, *w_d;
  shell_tb_t *t_q, *t_d;
  uint8_t *wst; /* staged flags */
  unsigned *wlist, nw_st, tst[SHELL_SM_MAX_TBS], nt_st;
  /* the warp and TB slot registers seen as bit vectors, bit w of warp w
   * (not hardware: w_q / t_q summed up, rebuilt by shell_sm_commit for the
   * entries it writes, and by shell_sm_resync): valid, ibv, bar, ld != 0,
   * kind LD or ST; TB valid.  The scheduler, fetch and the dispatcher's
   * view search these instead of walking every slot each cycle. */
  uint64_t wm_valid, wm_ibv, wm_bar, wm_ld, wm_mem;
  uint32_t tm_valid;
  /* the number of valid warps, popcnt64(wm_valid), for the value of
   * wm_valid in nv_key (not hardware: a memo of a pure function, counted
   * again only when the slots change -- a software count is ~40
   * instructions, and the dispatcher's view reads it every cycle) */
  uint64_t nv_key;
  uint32_t nv;
  /* cycle counter (compute gaps end at a cycle) */
  uint32_t cyc_q, cyc_d;
  /* scheduler, fetch */
  uint32_t last_q, last_d, fptr_q, fptr_d;
  uint32_t fetch_v_q, fetch_w_q, fetch_v_d, fetch_w_d;     /* round-robin fetch */
  uint32_t ifetch_v_q, ifetch_w_q, ifetch_v_d, ifetch_w_d; /* the issuing warp's next record */
  uint32_t age_q, age_d;
  /* LD/ST unit and coalescer */
  uint32_t l_busy_q, l_wait_q, l_store_q, l_warp_q, l_size_q, l_pend_q, l_pc_q;
  uint32_t l_busy_d, l_wait_d, l_store_d, l_warp_d, l_size_d, l_pend_d, l_pc_d;
  uint32_t l_addr_q[WL_LANES], l_addr_d[WL_LANES];
  /* the LD/ST unit's next slot (GPGPU-Sim's OC_EX_MEM pipeline register):
   * a memory instruction issued while the unit is busy, its lanes asked at
   * issue; it moves into the unit (l_*) the cycle the unit frees, so the
   * unit presents its first request the cycle after the last one of the
   * instruction before (docs/shell.md, "LD/ST unit and coalescer") */
  uint32_t n_busy_q, n_wait_q, n_store_q, n_warp_q, n_size_q, n_pend_q, n_pc_q;
  uint32_t n_busy_d, n_wait_d, n_store_d, n_warp_d, n_size_d, n_pend_d, n_pc_d;
  uint32_t n_addr_q[WL_LANES], n_addr_d[WL_LANES];
  uint32_t l_xfer; /* (wire) the next slot moves into the unit at this edge (2: with the lanes arriving now) */
  /* injection queue {store, byp, id, line} (its crossbar port is in shell_xbar) */
  fifo_sync_t i_injq;
  uint32_t inj_push, inj_wdata[2];
  /* sub-blocks */
  l1d_t i_l1d;
  mrpb_t i_mrpb;
  mrpb_in_t mrpb_in;
  mrpb_out_t mrpb_out;
  uint32_t lmask[8], lsame, lreq, lline; /* this cycle's coalescer (wires) */
  /* not hardware: lmask / lsame / lline were computed for l_pend_q == co_pend
   * with the LD/ST unit's lanes and kind as they stand (co_ok; cleared when
   * shell_sm_commit writes l_addr_q, l_store_q or l_size_q): a request the
   * L1D refused is presented again unchanged without a second pass */
  uint32_t co_pend, co_ok;
  /* statistics (counters; not hardware) and the scoreboard */
  uint64_t st[SHS_N];
  uint32_t stray, stray_warp; /* a load response for a warp with no load outstanding (this cycle) */
  /* not hardware: this cycle moved nothing and the next one, with the same
   * inputs, repeats it (shell_sm_still; set by shell_sm_comb), and the
   * bypass input it was evaluated with (a repeat ends when that changes) */
  uint32_t still, still_byp;
  /* not hardware: with an MRPB, this cycle's MRPB changed nothing but its
   * counters (mrpb_still; set by shell_sm_comb when a repeat or the idle
   * form could follow) */
  uint32_t mrpb_fix;
} shell_sm_t;

/* Builds one SM; -1 and one "error: parameter ..." line on a bad combination. */
int shell_sm_init(shell_sm_t *m, unsigned id, const l1sys_cfg_t *cfg);
void shell_sm_free(shell_sm_t *m);
void shell_sm_reset(shell_sm_t *m);
void shell_sm_comb_req(shell_sm_t *m);
void shell_sm_comb(shell_sm_t *m);
/* The L1D's remote answer alone (rmt_hit_o, rmt_data_o: registers only),
 * before the cycle's other inputs (the shell's ring reads it). */
static inline void shell_sm_comb_rmt(shell_sm_t *m) {
  l1d_comb_rmt(&m->i_l1d);
  m->out.rmt_hit_o = m->i_l1d.out.rmt_hit_o;
}
/* The L1D's memory port ready (mem_req_ready_i): room in the injection
 * queue, the ring node ready for a miss, no L2 request from the node. */
static inline uint32_t shell_sm_l1d_mem_ready(const shell_sm_t *m) {
  return !fifo_sync_full(&m->i_injq) && m->in.ccn_mem_ready_i && !m->in.ccn_l2_valid_i;
}
/* The request crossbar pops the injection queue this cycle (after comb). */
void shell_sm_inj_pop(shell_sm_t *m);
void shell_sm_commit(shell_sm_t *m);
/* Rebuilds the bit vectors wm_* / tm_valid from w_q / t_q: for a caller
 * that wrote w_q or t_q itself (a test that breaks a register on purpose). */
void shell_sm_resync(shell_sm_t *m);
/* Nothing in the SM's LD/ST path (LD/ST unit, MRPB, L1D queues, injection queue). */
int shell_sm_quiet(const shell_sm_t *m);
/* Idle (docs/shell.md, "Scale"): no TB slot or warp slot in use, no
 * environment answer due, the LD/ST path quiet, no L1D MSHR entry, decide
 * stage, remote lookup or write forwarding pending, no MRPB.  An SM idle
 * for SHELL_SM_SETTLE cycles in a row with idle inputs is at a fixpoint:
 * a cycle changes nothing but cyc_q (the shell skips it, shell.c). */
int shell_sm_idle(const shell_sm_t *m);
#define SHELL_SM_SETTLE 4
/* A stalled SM's repeated cycle (docs/shell.md, "Scale"): the cycle just
 * evaluated (shell_sm_comb) moved nothing -- no issue, fetch, environment
 * answer, dispatch, load response, memory request or acceptance, no warp
 * or TB slot written, every valid warp's next instruction buffered and none
 * a candidate at any time (each waits on memory or a barrier), the L1D
 * itself repeating a refused request or quiet (l1d.c: comb_rep, the quiet
 * form), no MRPB, no line or L2 request from the ring node.
 * Then, while no dispatch, fill or different bypass decision arrives, the
 * ring node offers no line or L2 request, and the crossbar does
 * not pop the injection queue, every later cycle is the
 * same: only the cycle counter, the memory-stall statistic and the L1D's
 * stall counter (quiet: its decide stage's invalid payload, the same every
 * time) move, and the L1D's remote port, which answers the ring's lookups
 * beside the repeat (l1d.c, rmt_side; the L1D observed, a lookup ends the
 * repeat).  shell_sm_comb_rep / shell_sm_commit_rep compute
 * exactly that (the shell calls them; lockstep compares every register). */
static inline int shell_sm_still(const shell_sm_t *m) { return m->still && !m->in.inj_pop_i; }
/* A repeated cycle: the outputs, next-state values and the L1D's inputs
 * stand as the last cycle left them, but the fill port's (not valid) fields,
 * which the L1D's fill-ready output reads, and the outputs that follow
 * inputs straight through. */
static inline void shell_sm_comb_rep(shell_sm_t *m) {
  const shell_sm_in_t *in = &m->in;
  shell_sm_out_t *o = &m->out;
  l1d_in_t *li = &m->i_l1d.in;
  li->fill_addr_i = in->fill_line_i;
  li->fill_byp_i = in->fill_byp_i;
  li->fill_id_i = in->fill_id_i;
  li->fill_data_i[0] = li->fill_addr_i;
  li->rmt_valid_i = in->rmt_valid_i; /* (a lookup from the ring: served beside the repeat, l1d.c rmt_side) */
  li->rmt_addr_i = in->rmt_addr_i;
  l1d_comb(&m->i_l1d); /* (comb_rep: fill_valid_i is 0) */
  o->ccn_fill_ready_o = o->fill_ready_o = m->i_l1d.out.fill_ready_o;
  o->hk_disp_block_o = in->disp_block_i;
  o->hk_kern_start_o = in->kern_start_i;
  m->cyc_d = m->cyc_q + 1;
  m->st[SHS_STALL_MEM]++;
}
/* returns 0 when the repeat ends at this edge (the injection queue popped) */
static inline int shell_sm_commit_rep(shell_sm_t *m) {
  m->cyc_q = m->cyc_d;
  if (m->use_mrpb) mrpb_rep_advance(&m->i_mrpb, 1); /* (its counters: what the repeated cycle counts) */
  l1d_commit(&m->i_l1d);
  if (!m->in.inj_pop_i) return 1;
  fifo_sync_commit(&m->i_injq);
  return 0;
}

#endif
