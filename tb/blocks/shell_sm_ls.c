/* shell_sm_ls.c -- lockstep adapter of one SM of the GPU shell
 * (rtl/shell/shell_sm.sv <-> csim/shell/shell_sm.{h,c}); the state map has
 * every register of the SM, of its injection queue, of the embedded L1D
 * (tb/blocks/l1d_ls_state.c) and, with SHELL_MRPB=1, of the MRPB
 * (tb/blocks/mrpb_ls.h, under gen_mrpb.i_mrpb.).
 *
 * Environment (seeded, reproducible; from the previous cycle's inputs and
 * outputs only):
 *   - workload: a record is a hash of (block, warp in block, pc): a warp runs
 *     4..40 records (ALU 1..24, LD, ST, BAR) and ends with EXIT; lane
 *     addresses are a hash of the record too (coalesced, strided across
 *     lines and sets, or random in a small footprint), so a fetch and the
 *     lane-address read of the same record agree.  Requests (fetch_*_o,
 *     ifetch_*_o, lsu_*_o) are answered the next cycle; inputs that answer
 *     nothing carry random values.
 *   - dispatch: a block of 1..NW warps when last cycle's outputs showed room
 *     and last cycle dispatched nothing; kernel starts at random.
 *   - memory: the injection queue is popped with random back-pressure; a
 *     popped load (cached or bypassed) is answered on the fill port after a
 *     random latency, in random order; with mode_ccn_i the misses the CCN
 *     node takes come back through the node's fill staging or its L2
 *     staging (pushed into the injection queue), at random.
 *   - hooks: byp_i, ccn_mem_ready_i and remote lookups at random, in
 *     phases of 4096 cycles.
 * Scoreboard: no load response for a warp without a load outstanding (the
 * C model's flag); every line load issued is answered: no warp keeps a load
 * outstanding for 200 000 cycles. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "blocks/l1d_ls_state.h"
#include "blocks/mrpb_ls.h"
#include "blocks/shell_sm_ls.h"
#include "ls.h"
#include "shell_sm.h"

#define MAXPEND 1024u
#define FOOT_LINES 512u
#define LOST_CYCLES 200000ull

/* Functional coverage (from the C model after each cycle; the MRPB's and
 * the CCN path's points only when configured). */
#define COV_LIST(X)                                                                                                \
  X(DISP, "dispatch.block_placed") X(FULL, "dispatch.no_free_tb_slot") X(DONE, "block.finished")                 \
  X(KSTART, "kernel.start") X(LD, "lsu.load_line_presented") X(ST, "lsu.store_line_presented")                    \
  X(HELD, "lsu.request_refused") X(HIT, "l1d.hit") X(HITRES, "l1d.hit_reserved") X(MISS, "l1d.miss")              \
  X(STALL, "l1d.stall") X(CTRL_BYP, "hook.load_bypassed_by_controller") X(FILL, "fill.accepted")                 \
  X(FILL_HELD, "fill.refused") X(INJ_HELD, "injection.head_waits") X(INJ_FULL, "injection.queue_full")            \
  X(BAR, "barrier.waiting_warp") X(MRPB_BYP, "mrpb.stall_to_bypass") X(CCN_MISS, "ccn.miss_to_node")              \
  X(CCN_FILL, "ccn.fill_from_node") X(CCN_L2, "ccn.node_l2_request_injected") X(RMT_HIT, "ccn.remote_lookup_hit") \
  X(RMT_MISS, "ccn.remote_lookup_miss") X(NEXT, "lsu.issued_to_next_slot") X(XFER, "lsu.next_slot_moved_in")           \
  X(XFER_NOW, "lsu.next_slot_moved_in_with_its_lanes")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct { uint32_t line, id, byp; uint64_t due; } pend_t;

typedef struct {
  shell_sm_t m;
  uint64_t ibuf64; /* ibuf_o as one integer (NW <= 64 bits) */
  uint32_t salt, block_next;
  uint32_t last_sbyp; /* coverage: the L1D's cnt_sbyp_q after the last edge */
  /* phase */
  unsigned byp_pct, pop_pct, fill_pct, lat_min, lat_span, disp_pct, rmt_pct, ccnrdy_pct, ring_pct;
  /* memory: popped loads waiting for their fill; lines the CCN node holds */
  pend_t pend[MAXPEND];
  unsigned npend;
  int fill_cur;
  uint32_t ring[MAXPEND];
  unsigned nring;
  uint32_t ccn_fill_v, ccn_fill_line, ccn_l2_v, ccn_l2_line;
  /* scoreboard */
  uint64_t since[SHELL_SM_MAX_WARPS];
  uint64_t n_disp, n_fill, n_ring, n_insts;
  uint64_t cov[COV_N];
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

static uint64_t mix(uint64_t x) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ull;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dull;
  x ^= x >> 33;
  return x;
}
static uint64_t hrec(const ctx_t *c, uint32_t block, uint32_t wib, uint32_t pc, uint32_t k) {
  return mix(((uint64_t)c->salt << 40) ^ ((uint64_t)block << 20) ^ ((uint64_t)wib << 12) ^ mix(pc * 64ull + k));
}

/* The record at (block, wib, pc): kind, count, size, mask. */
static void record(const ctx_t *c, uint32_t block, uint32_t wib, uint32_t pc, uint32_t *kind, uint32_t *count,
                   uint32_t *size, uint32_t *mask) {
  uint32_t len = 4 + (uint32_t)(hrec(c, block, wib, ~0u, 0) % 37);
  uint64_t h = hrec(c, block, wib, pc, 1);
  static const uint32_t sizes[5] = {1, 2, 4, 8, 16};
  *size = sizes[(h >> 8) % 5];
  uint32_t mk = (uint32_t)(h >> 16) % 4;
  uint32_t rm = (uint32_t)(hrec(c, block, wib, pc, 2));
  *mask = mk == 0 ? 0xffffffffu : mk == 1 ? (rm | 1u) : mk == 2 ? (1u << (rm % 32)) : (rm & 0x0000ffffu) | 0x100u;
  *count = 1;
  if (pc + 1 >= len) { *kind = WL_EXIT; return; }
  uint32_t r = (uint32_t)(h % 100);
  if (r < 40) { *kind = WL_ALU; *count = 1 + (uint32_t)((h >> 40) % (r < 5 ? 24 : 4)); }
  else if (r < 72) *kind = WL_LD;
  else if (r < 88) *kind = WL_ST;
  else *kind = WL_BAR;
}

/* Lane l's address of the record at (block, wib, pc). */
static uint32_t lane_addr(const ctx_t *c, uint32_t block, uint32_t wib, uint32_t pc, unsigned l) {
  const shell_sm_t *m = &c->m;
  uint64_t h = hrec(c, block, wib, pc, 3);
  uint32_t amask = m->i_l1d.g.addr_w >= 32 ? 0xffffffffu : (1u << m->i_l1d.g.addr_w) - 1;
  uint32_t base = (uint32_t)((h >> 8) % FOOT_LINES) * m->line, a;
  switch (h % 4) {
  case 0: a = base + 4 * l; break;                                   /* coalesced */
  case 1: a = base + l * m->line * (1 + (uint32_t)(h >> 50) % 3); break; /* one line per lane */
  case 2: a = base + l * m->line * m->i_l1d.g.sets; break;           /* one set: associativity stalls */
  default: a = (uint32_t)(hrec(c, block, wib, pc, 16 + l) % (FOOT_LINES * m->line)); break;
  }
  return a & amask;
}

void shell_sm_ls_declare_state(ls_map_t *mp, const char *prefix, const shell_sm_t *m) {
  char nm[160];
  const unsigned ww = m->warpw, tw = m->tbw, aw = m->i_l1d.g.addr_w;
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  const size_t ws = sizeof(shell_warp_t), ts = sizeof(shell_tb_t);
  const unsigned nw = m->nwarps, nt = m->ntbs;
  ls_reg_array(mp, P("w_valid_q"), 1, nw, &m->w_q[0].valid, ws);
  ls_reg_array(mp, P("w_tb_q"), tw, nw, &m->w_q[0].tb, ws);
  ls_reg_array(mp, P("w_wib_q"), ww, nw, &m->w_q[0].wib, ws);
  ls_reg_array(mp, P("w_ibv_q"), 1, nw, &m->w_q[0].ibv, ws);
  ls_reg_array(mp, P("w_bar_q"), 1, nw, &m->w_q[0].bar, ws);
  ls_reg_array(mp, P("w_kind_q"), 3, nw, &m->w_q[0].kind, ws);
  ls_reg_array(mp, P("w_size_q"), 5, nw, &m->w_q[0].size, ws);
  ls_reg_array(mp, P("w_count_q"), 16, nw, &m->w_q[0].count, ws);
  ls_reg_array(mp, P("w_pc_q"), 32, nw, &m->w_q[0].pc, ws);
  ls_reg_array(mp, P("w_ready_q"), 32, nw, &m->w_q[0].ready, ws);
  ls_reg_array(mp, P("w_ld_q"), 8, nw, &m->w_q[0].ld, ws);
  ls_reg_array(mp, P("w_mask_q"), 32, nw, &m->w_q[0].mask, ws);
  ls_reg_array(mp, P("w_age_q"), 32, nw, &m->w_q[0].age, ws);
  ls_reg_array(mp, P("w_ltag_q"), 2, nw, &m->w_q[0].ltag, ws);
  ls_reg_array(mp, P("t_valid_q"), 1, nt, &m->t_q[0].valid, ts);
  ls_reg_array(mp, P("t_nw_q"), 8, nt, &m->t_q[0].nw, ts);
  ls_reg_array(mp, P("t_nexit_q"), 8, nt, &m->t_q[0].nexit, ts);
  ls_reg_array(mp, P("t_nbar_q"), 8, nt, &m->t_q[0].nbar, ts);
  ls_reg_array(mp, P("t_block_q"), 32, nt, &m->t_q[0].block, ts);
  ls_reg(mp, P("cyc_q"), 32, &m->cyc_q);
  ls_reg(mp, P("last_q"), ww, &m->last_q);
  ls_reg(mp, P("fptr_q"), ww, &m->fptr_q);
  ls_reg(mp, P("fetch_v_q"), 1, &m->fetch_v_q);
  ls_reg(mp, P("fetch_w_q"), ww, &m->fetch_w_q);
  ls_reg(mp, P("ifetch_v_q"), 1, &m->ifetch_v_q);
  ls_reg(mp, P("ifetch_w_q"), ww, &m->ifetch_w_q);
  ls_reg(mp, P("age_q"), 32, &m->age_q);
  ls_reg(mp, P("l_busy_q"), 1, &m->l_busy_q);
  ls_reg(mp, P("l_wait_q"), 1, &m->l_wait_q);
  ls_reg(mp, P("l_store_q"), 1, &m->l_store_q);
  ls_reg(mp, P("l_warp_q"), ww, &m->l_warp_q);
  ls_reg(mp, P("l_size_q"), 5, &m->l_size_q);
  ls_reg(mp, P("l_pend_q"), 32, &m->l_pend_q);
  ls_reg(mp, P("l_pc_q"), 32, &m->l_pc_q);
  ls_reg_array(mp, P("l_addr_q"), aw, WL_LANES, m->l_addr_q, sizeof m->l_addr_q[0]);
  ls_reg(mp, P("n_busy_q"), 1, &m->n_busy_q);
  ls_reg(mp, P("n_wait_q"), 1, &m->n_wait_q);
  ls_reg(mp, P("n_store_q"), 1, &m->n_store_q);
  ls_reg(mp, P("n_warp_q"), ww, &m->n_warp_q);
  ls_reg(mp, P("n_size_q"), 5, &m->n_size_q);
  ls_reg(mp, P("n_pend_q"), 32, &m->n_pend_q);
  ls_reg(mp, P("n_pc_q"), 32, &m->n_pc_q);
  ls_reg_array(mp, P("n_addr_q"), aw, WL_LANES, m->n_addr_q, sizeof m->n_addr_q[0]);
  ls_fifo(mp, P("i_injq"), &m->i_injq);
  /* ... and every register of the L1D and the MRPB */
  l1d_ls_declare_state(mp, P("i_l1d."), &m->i_l1d);
  if (m->use_mrpb) {
    char mp2[128];
    snprintf(mp2, sizeof mp2, "%sgen_mrpb.i_mrpb.", prefix);
    mrpb_ls_declare_state(mp, mp2, &m->i_mrpb);
  }
#undef P
}

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
  if (shell_sm_init(&c->m, 0, cfg)) {
    shell_sm_free(&c->m);
    free(c);
    return NULL;
  }
  if (c->m.nwarps > 64) {
    shell_sm_free(&c->m);
    free(c);
    cfg_reject(cfg, P_SHELL_WARPS, "shell_sm: at most 64 warp slots");
    return NULL;
  }
  c->m.want_occ = 1;
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  shell_sm_free(&c->m);
  free(c);
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  shell_sm_t *m = &c->m;
  shell_sm_in_t *i = &m->in;
  shell_sm_out_t *o = &m->out;
  l1d_t *l = &m->i_l1d;
  const l1d_geom_t *g = &l->g;
  const unsigned ww = m->warpw, tw = m->tbw, aw = g->addr_w, law = m->atw, idw = m->idw;
  ls_param(mp, "NW", m->nwarps);
  ls_param(mp, "NT", m->ntbs);
  ls_param(mp, "L1X", m->l1x);
  ls_param(mp, "InjQ", m->i_injq.depth);
  ls_param(mp, "UseMrpb", m->use_mrpb);
  if (m->use_mrpb) {
    ls_param(mp, "Sig", m->i_mrpb.sig);
    ls_param(mp, "QEntries", m->i_mrpb.entries);
    ls_param(mp, "Latency", m->i_mrpb.latency);
    ls_param(mp, "CntW", m->i_mrpb.cnt_w);
  }
  ls_param_set(mp, c->cfg, "L1D", "", NULL);
  /* modes */
  ls_input(mp, "mode_sched_i", 1, &i->mode_sched_i);
  ls_enum(mp, "mode_sched_i", "SHELL_SCHED");
  ls_input(mp, "mode_ccn_i", 1, &i->mode_ccn_i);
  ls_input(mp, "mode_repl_i", 1, &l->in.mode_repl_i);
  ls_input(mp, "mode_wr_i", 1, &l->in.mode_wr_i);
  ls_input(mp, "mode_alloc_i", 1, &l->in.mode_alloc_i);
  ls_input(mp, "mode_hash_i", 2, &l->in.mode_hash_i);
  ls_input(mp, "mode_ba_i", 1, &l->in.mode_ba_i);
  ls_input(mp, "mode_ba_thr_i", 8, &l->in.mode_ba_thr_i);
  ls_input(mp, "mode_drain_i", 2, &m->mrpb_in.mode_drain_i);
  ls_input(mp, "mode_greedy_i", 1, &m->mrpb_in.mode_greedy_i);
  ls_input(mp, "mode_flush_i", 1, &m->mrpb_in.mode_flush_i);
  ls_input(mp, "mode_bypass_i", 2, &m->mrpb_in.mode_bypass_i);
  ls_input(mp, "mode_slot_i", 1, &m->mrpb_in.mode_slot_i);
  /* dispatcher */
  ls_input(mp, "disp_valid_i", 1, &i->disp_valid_i);
  ls_input(mp, "disp_block_i", 32, &i->disp_block_i);
  ls_input(mp, "disp_warps_i", 8, &i->disp_warps_i);
  ls_input(mp, "kern_start_i", 1, &i->kern_start_i);
  ls_output(mp, "tb_free_o", 1, &o->tb_free_o);
  ls_output(mp, "free_warps_o", 8, &o->free_warps_o);
  ls_output(mp, "busy_o", 1, &o->busy_o);
  /* environment */
  ls_output(mp, "fetch_valid_o", 1, &o->fetch_valid_o);
  ls_output(mp, "fetch_block_o", 32, &o->fetch_block_o);
  ls_output(mp, "fetch_wib_o", ww, &o->fetch_wib_o);
  ls_output(mp, "fetch_pc_o", 32, &o->fetch_pc_o);
  ls_input(mp, "fetch_kind_i", 3, &i->fetch_kind_i);
  ls_enum(mp, "fetch_kind_i", "SHELL_OP");
  ls_input(mp, "fetch_count_i", 16, &i->fetch_count_i);
  ls_input(mp, "fetch_size_i", 5, &i->fetch_size_i);
  ls_input(mp, "fetch_mask_i", 32, &i->fetch_mask_i);
  ls_output(mp, "ifetch_valid_o", 1, &o->ifetch_valid_o);
  ls_output(mp, "ifetch_block_o", 32, &o->ifetch_block_o);
  ls_output(mp, "ifetch_wib_o", ww, &o->ifetch_wib_o);
  ls_output(mp, "ifetch_pc_o", 32, &o->ifetch_pc_o);
  ls_input(mp, "ifetch_kind_i", 3, &i->ifetch_kind_i);
  ls_enum(mp, "ifetch_kind_i", "SHELL_OP");
  ls_input(mp, "ifetch_count_i", 16, &i->ifetch_count_i);
  ls_input(mp, "ifetch_size_i", 5, &i->ifetch_size_i);
  ls_input(mp, "ifetch_mask_i", 32, &i->ifetch_mask_i);
  ls_output(mp, "lsu_valid_o", 1, &o->lsu_valid_o);
  ls_output(mp, "lsu_block_o", 32, &o->lsu_block_o);
  ls_output(mp, "lsu_wib_o", ww, &o->lsu_wib_o);
  ls_output(mp, "lsu_pc_o", 32, &o->lsu_pc_o);
  ls_input(mp, "lsu_mask_i", 32, &i->lsu_mask_i);
  ls_input(mp, "lsu_addr_i", 32 * 32, i->lsu_addr_i);
  ls_input(mp, "lsu_tag_i", 2, &i->lsu_tag_i);
  /* crossbars */
  ls_input(mp, "fill_valid_i", 1, &i->fill_valid_i);
  ls_output(mp, "fill_ready_o", 1, &o->fill_ready_o);
  ls_input(mp, "fill_line_i", law, &i->fill_line_i);
  ls_input(mp, "fill_id_i", idw, &i->fill_id_i);
  ls_input(mp, "fill_byp_i", 1, &i->fill_byp_i);
  ls_output(mp, "inj_valid_o", 1, &o->inj_valid_o);
  ls_input(mp, "inj_pop_i", 1, &i->inj_pop_i);
  ls_output(mp, "inj_line_o", law, &o->inj_line_o);
  ls_output(mp, "inj_id_o", idw, &o->inj_id_o);
  ls_output(mp, "inj_store_o", 1, &o->inj_store_o);
  ls_output(mp, "inj_byp_o", 1, &o->inj_byp_o);
  /* bypass controller and other hooks */
  ls_output(mp, "byp_valid_o", 1, &o->byp_valid_o);
  ls_output(mp, "byp_warp_o", ww, &o->byp_warp_o);
  ls_output(mp, "byp_tb_o", tw, &o->byp_tb_o);
  ls_output(mp, "byp_block_o", 32, &o->byp_block_o);
  ls_output(mp, "byp_pc_o", 32, &o->byp_pc_o);
  ls_output(mp, "byp_store_o", 1, &o->byp_store_o);
  ls_output(mp, "byp_tag_o", 2, &o->byp_tag_o);
  ls_input(mp, "byp_i", 1, &i->byp_i);
  ls_output(mp, "l1d_take_o", 1, &o->l1d_take_o);
  ls_output(mp, "l1d_byp_o", 1, &o->l1d_byp_o);
  ls_output(mp, "ev_access_o", 1, &o->ev_access_o);
  ls_output(mp, "ev_hit_o", 1, &o->ev_hit_o);
  ls_output(mp, "ev_hitres_o", 1, &o->ev_hitres_o);
  ls_output(mp, "ev_miss_o", 1, &o->ev_miss_o);
  ls_output(mp, "ev_stall_o", 1, &o->ev_stall_o);
  ls_output(mp, "ev_byp_o", 1, &o->ev_byp_o);
  ls_output(mp, "ev_pseudo_o", 1, &o->ev_pseudo_o);
  ls_output(mp, "ev_fill_o", 1, &o->ev_fill_o);
  ls_output(mp, "hk_disp_valid_o", 1, &o->hk_disp_valid_o);
  ls_output(mp, "hk_disp_slot_o", tw, &o->hk_disp_slot_o);
  ls_output(mp, "hk_disp_block_o", 32, &o->hk_disp_block_o);
  ls_output(mp, "hk_done_valid_o", 1, &o->hk_done_valid_o);
  ls_output(mp, "hk_done_slot_o", tw, &o->hk_done_slot_o);
  ls_output(mp, "hk_kern_start_o", 1, &o->hk_kern_start_o);
  ls_output(mp, "ibuf_o", m->nwarps, &c->ibuf64);
  ls_output(mp, "warps_o", 8, &o->warps_o);
  /* CCN node */
  ls_input(mp, "ccn_fill_valid_i", 1, &i->ccn_fill_valid_i);
  ls_input(mp, "ccn_fill_line_i", law, &i->ccn_fill_line_i);
  ls_output(mp, "ccn_fill_ready_o", 1, &o->ccn_fill_ready_o);
  ls_input(mp, "ccn_mem_ready_i", 1, &i->ccn_mem_ready_i);
  ls_output(mp, "ccn_miss_valid_o", 1, &o->ccn_miss_valid_o);
  ls_output(mp, "ccn_miss_line_o", law, &o->ccn_miss_line_o);
  ls_input(mp, "ccn_l2_valid_i", 1, &i->ccn_l2_valid_i);
  ls_input(mp, "ccn_l2_line_i", law, &i->ccn_l2_line_i);
  ls_output(mp, "ccn_l2_ready_o", 1, &o->ccn_l2_ready_o);
  ls_input(mp, "rmt_valid_i", 1, &i->rmt_valid_i);
  ls_input(mp, "rmt_addr_i", aw, &i->rmt_addr_i);
  ls_output(mp, "rmt_hit_o", 1, &o->rmt_hit_o);
  ls_output(mp, "rmt_data_o", l->lbits, o->rmt_data_o);

  shell_sm_ls_declare_state(mp, "", m);
  for (unsigned k = 0; k < COV_N; k++) {
    int on = 1;
    if (k == COV_MRPB_BYP) on = m->use_mrpb;
    if (k >= COV_CCN_MISS && k <= COV_RMT_MISS) on = m->in.mode_ccn_i;
    if (on) ls_cover(mp, cov_name[k], &c->cov[k]);
  }
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_sm_t *m = &c->m;
  shell_sm_reset(m);
  c->last_sbyp = 0;
  shell_sm_in_t *i = &m->in;
  uint32_t sched = i->mode_sched_i, ccn = i->mode_ccn_i;
  memset(i, 0, sizeof *i);
  i->mode_sched_i = sched;
  i->mode_ccn_i = ccn;
  uint32_t *rd = m->out.rmt_data_o;
  memset(&m->out, 0, sizeof m->out);
  m->out.rmt_data_o = rd;
  c->ibuf64 = 0;
  c->npend = c->nring = 0;
  c->fill_cur = -1;
  c->ccn_fill_v = c->ccn_l2_v = 0;
  c->block_next = 0;
  memset(c->since, 0, sizeof c->since);
  c->n_disp = c->n_fill = c->n_ring = c->n_insts = 0;
}

static void new_phase(ctx_t *c, ls_rng_t *r) {
  c->byp_pct = ls_chance(r, 40) ? 0 : ls_below(r, 60);
  c->pop_pct = ls_chance(r, 30) ? 10 + ls_below(r, 40) : 70 + ls_below(r, 31);
  c->fill_pct = 30 + ls_below(r, 71);
  static const unsigned lat_min[4] = {1, 4, 20, 80};
  c->lat_min = lat_min[ls_below(r, 4)];
  c->lat_span = 1 + ls_below(r, 60);
  c->disp_pct = ls_chance(r, 20) ? 5 : 60 + ls_below(r, 41);
  c->rmt_pct = ls_below(r, 30);
  c->ccnrdy_pct = ls_chance(r, 30) ? 30 + ls_below(r, 50) : 100;
  c->ring_pct = ls_below(r, 100);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_sm_t *m = &c->m;
  shell_sm_in_t *i = &m->in;
  const shell_sm_out_t *o = &m->out;
  if (cycle == 0) c->salt = (uint32_t)ls_rand(r);
  if (cycle % 4096 == 0) new_phase(c, r);

  /* ---- what happened last cycle ------------------------------------------ */
  if (cycle) {
    if (i->inj_pop_i && o->inj_valid_o && !o->inj_store_o && c->npend < MAXPEND) { /* a load left for L2 */
      pend_t *q = &c->pend[c->npend++];
      q->line = o->inj_line_o;
      q->id = o->inj_id_o;
      q->byp = o->inj_byp_o;
      q->due = cycle + c->lat_min + ls_below(r, c->lat_span);
    }
    if (i->fill_valid_i && o->fill_ready_o && c->fill_cur >= 0) { /* the fill was taken */
      c->pend[c->fill_cur] = c->pend[--c->npend];
      c->n_fill++;
    }
    if (o->ccn_miss_valid_o && c->nring < MAXPEND) c->ring[c->nring++] = o->ccn_miss_line_o;
    if (i->ccn_fill_valid_i && o->ccn_fill_ready_o) c->ccn_fill_v = 0, c->n_ring++;
    if (i->ccn_l2_valid_i && o->ccn_l2_ready_o) c->ccn_l2_v = 0;
    if (i->disp_valid_i) c->n_disp++;
  }

  /* ---- environment answers to last cycle's requests ---------------------- */
  if (cycle && o->fetch_valid_o)
    record(c, o->fetch_block_o, o->fetch_wib_o, o->fetch_pc_o, &i->fetch_kind_i, &i->fetch_count_i, &i->fetch_size_i,
           &i->fetch_mask_i);
  else {
    i->fetch_kind_i = ls_below(r, 8);
    i->fetch_count_i = ls_below(r, 65536);
    i->fetch_size_i = ls_below(r, 32);
    i->fetch_mask_i = (uint32_t)ls_rand(r);
  }
  if (cycle && o->ifetch_valid_o)
    record(c, o->ifetch_block_o, o->ifetch_wib_o, o->ifetch_pc_o, &i->ifetch_kind_i, &i->ifetch_count_i,
           &i->ifetch_size_i, &i->ifetch_mask_i);
  else {
    i->ifetch_kind_i = ls_below(r, 8);
    i->ifetch_count_i = ls_below(r, 65536);
    i->ifetch_size_i = ls_below(r, 32);
    i->ifetch_mask_i = (uint32_t)ls_rand(r);
  }
  if (cycle && o->lsu_valid_o) {
    uint32_t kind, count, size, mask;
    record(c, o->lsu_block_o, o->lsu_wib_o, o->lsu_pc_o, &kind, &count, &size, &mask);
    i->lsu_mask_i = mask;
    for (unsigned l = 0; l < WL_LANES; l++)
      i->lsu_addr_i[l] = (mask >> l & 1) ? lane_addr(c, o->lsu_block_o, o->lsu_wib_o, o->lsu_pc_o, l)
                                         : (uint32_t)ls_rand(r);
  } else {
    i->lsu_mask_i = (uint32_t)ls_rand(r);
    for (unsigned l = 0; l < WL_LANES; l++) i->lsu_addr_i[l] = (uint32_t)ls_rand(r);
  }
  i->lsu_tag_i = ls_below(r, 4); /* any static tag, with an answer or without */

  /* ---- dispatch --------------------------------------------------------- */
  uint32_t prev_disp = i->disp_valid_i;
  i->disp_valid_i = 0;
  i->disp_block_i = (uint32_t)ls_rand(r);
  i->disp_warps_i = ls_below(r, 256);
  if (cycle && !prev_disp && o->tb_free_o && o->free_warps_o && ls_chance(r, c->disp_pct)) {
    uint32_t cap = o->free_warps_o, want = ls_chance(r, 70) ? 1 + ls_below(r, 8) : 1 + ls_below(r, m->nwarps);
    i->disp_valid_i = 1;
    i->disp_block_i = c->block_next++;
    i->disp_warps_i = want < cap ? want : cap;
  }
  i->kern_start_i = ls_below(r, 1000) < 2;

  /* ---- crossbars: fills and pops -------------------------------------- */
  c->fill_cur = -1;
  i->fill_valid_i = 0;
  if (c->npend && ls_chance(r, c->fill_pct)) {
    unsigned start = ls_below(r, c->npend);
    for (unsigned k = 0; k < c->npend; k++) {
      unsigned e = (start + k) % c->npend;
      if (c->pend[e].due <= cycle) { c->fill_cur = (int)e; break; }
    }
  }
  if (c->fill_cur >= 0) {
    const pend_t *q = &c->pend[c->fill_cur];
    i->fill_valid_i = 1;
    i->fill_line_i = q->line;
    i->fill_id_i = q->id;
    i->fill_byp_i = q->byp;
  } else {
    i->fill_line_i = ls_below(r, FOOT_LINES * 4);
    i->fill_id_i = ls_below(r, 1u << m->idw);
    i->fill_byp_i = ls_below(r, 2);
  }
  i->inj_pop_i = ls_chance(r, c->pop_pct);

  /* ---- hooks -------------------------------------------------------------- */
  i->byp_i = ls_chance(r, c->byp_pct);
  i->ccn_mem_ready_i = ls_chance(r, c->ccnrdy_pct);
  if (!c->ccn_fill_v && !c->ccn_l2_v && c->nring && ls_chance(r, 20)) { /* the node answers one of its misses */
    unsigned e = ls_below(r, c->nring);
    uint32_t line = c->ring[e];
    c->ring[e] = c->ring[--c->nring];
    if (ls_chance(r, c->ring_pct)) c->ccn_fill_v = 1, c->ccn_fill_line = line; /* a remote hit */
    else c->ccn_l2_v = 1, c->ccn_l2_line = line;                                /* to L2 */
  }
  i->ccn_fill_valid_i = c->ccn_fill_v;
  i->ccn_fill_line_i = c->ccn_fill_v ? c->ccn_fill_line : ls_below(r, FOOT_LINES * 4);
  i->ccn_l2_valid_i = c->ccn_l2_v;
  i->ccn_l2_line_i = c->ccn_l2_v ? c->ccn_l2_line : ls_below(r, FOOT_LINES * 4);
  i->rmt_valid_i = ls_chance(r, c->rmt_pct);
  i->rmt_addr_i = (ls_below(r, FOOT_LINES) * m->line + ls_below(r, m->line)) &
                  (m->i_l1d.g.addr_w >= 32 ? 0xffffffffu : (1u << m->i_l1d.g.addr_w) - 1);
}

static void comb(void *p) {
  ctx_t *c = p;
  shell_sm_comb_req(&c->m);
  shell_sm_comb(&c->m);
  c->ibuf64 = c->m.out.ibuf_o[0] | (uint64_t)c->m.out.ibuf_o[1] << 32;
}
static void commit(void *p) { shell_sm_commit(&((ctx_t *)p)->m); }

static void count_cov(ctx_t *c) {
  const shell_sm_t *m = &c->m;
  const shell_sm_in_t *i = &m->in;
  const shell_sm_out_t *o = &m->out;
  uint64_t *v = c->cov;
  v[COV_DISP] += o->hk_disp_valid_o;
  v[COV_FULL] += !o->tb_free_o;
  v[COV_DONE] += o->hk_done_valid_o;
  v[COV_KSTART] += o->hk_kern_start_o;
  v[COV_LD] += o->byp_valid_o && !o->byp_store_o;
  v[COV_ST] += o->byp_valid_o && o->byp_store_o;
  v[COV_HELD] += o->byp_valid_o && !o->l1d_take_o;
  v[COV_HIT] += o->ev_hit_o;
  v[COV_HITRES] += o->ev_hitres_o;
  v[COV_MISS] += o->ev_miss_o;
  v[COV_STALL] += o->ev_stall_o;
  v[COV_CTRL_BYP] += o->l1d_take_o && !o->byp_store_o && i->byp_i;
  v[COV_FILL] += i->fill_valid_i && o->fill_ready_o;
  v[COV_FILL_HELD] += i->fill_valid_i && !o->fill_ready_o;
  v[COV_INJ_HELD] += o->inj_valid_o && !i->inj_pop_i;
  v[COV_INJ_FULL] += fifo_sync_full(&m->i_injq);
  uint32_t bar = 0;
  for (unsigned w = 0; w < m->nwarps; w++) bar |= m->w_q[w].valid && m->w_q[w].bar;
  v[COV_BAR] += bar;
  /* the MRPB's bypass on stall, applied by the L1D's decide stage
   * (mode_sbyp_i = the MRPB's mode_bypass_i; docs/mrpb.md section 12) */
  v[COV_MRPB_BYP] += m->use_mrpb && m->i_l1d.cnt_q[L1D_CNT_SBYP] != c->last_sbyp; /* (after the edge) */
  c->last_sbyp = m->i_l1d.cnt_q[L1D_CNT_SBYP];
  v[COV_CCN_MISS] += o->ccn_miss_valid_o;
  v[COV_CCN_FILL] += i->ccn_fill_valid_i && o->ccn_fill_ready_o;
  v[COV_CCN_L2] += i->ccn_l2_valid_i && o->ccn_l2_ready_o;
  v[COV_RMT_HIT] += i->rmt_valid_i && o->rmt_hit_o;
  v[COV_RMT_MISS] += i->rmt_valid_i && !o->rmt_hit_o;
  v[COV_NEXT] += m->n_busy_q && m->n_wait_q; /* (after the edge: issued into the next slot) */
  v[COV_XFER] += m->l_xfer != 0;
  v[COV_XFER_NOW] += m->l_xfer == 2;
}

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const shell_sm_t *m = &c->m;
  count_cov(c);
  if (m->stray) {
    snprintf(msg, n, "cycle %llu: load response for warp %u, which has no load outstanding", (unsigned long long)cycle,
             m->stray_warp);
    return 1;
  }
  for (unsigned w = 0; w < m->nwarps; w++) {
    if (!m->w_q[w].ld) { c->since[w] = cycle; continue; }
    if (cycle - c->since[w] > LOST_CYCLES) {
      snprintf(msg, n, "cycle %llu: warp %u has waited %llu cycles for %u line loads: lost", (unsigned long long)cycle,
               w, (unsigned long long)(cycle - c->since[w]), m->w_q[w].ld);
      return 1;
    }
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  const uint64_t *st = c->m.st;
  fprintf(f,
          "shell_sm: %llu blocks dispatched, %llu warp instructions, %llu load line requests, %llu answered, %llu "
          "stores, %llu fills, %llu lines from the CCN node\n",
          (unsigned long long)c->n_disp, (unsigned long long)st[SHS_INSTS], (unsigned long long)st[SHS_LDREQ],
          (unsigned long long)st[SHS_LDRSP], (unsigned long long)st[SHS_STREQ], (unsigned long long)c->n_fill,
          (unsigned long long)c->n_ring);
  fprintf(f, "shell_sm: l1d counters:");
  for (int i = 0; i < L1D_NCNT; i++) {
    const char *nm = l1d_cnt_name[i];
    fprintf(f, " %.*s=%u", (int)(strlen(nm) - 6), nm + 4, c->m.i_l1d.cnt_q[i]);
  }
  fprintf(f, "\n");
}

static void stats(void *p, ls_stats_t *s) {
  ctx_t *c = p;
  const uint64_t *st = c->m.st;
  ls_stat_count(s, "blocks", c->n_disp);
  ls_stat_count(s, "warp_insts", st[SHS_INSTS]);
  ls_stat_count(s, "ld_line_reqs", st[SHS_LDREQ]);
  ls_stat_count(s, "ld_responses", st[SHS_LDRSP]);
  ls_stat_count(s, "st_line_reqs", st[SHS_STREQ]);
  ls_stat_rate(s, "ipc", (double)st[SHS_INSTS], (double)ls_stat_cycles(s));
}

const ls_block_t ls_block_shell_sm = {
    .name = "shell_sm",
    .rtl_module = "shell_sm",
    .help = "GPU shell: one SM (warp/TB slots, LRR/GTO, fetch, coalescer, [MRPB ->] L1D, injection queue)",
    .param_blocks = "shell_sm shell l1d mrpb",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .summary = summary,
    .stats = stats,
};
