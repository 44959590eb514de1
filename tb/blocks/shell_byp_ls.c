/* shell_byp_ls.c -- lockstep adapter of one SM's bypass controller in the
 * shell (rtl/shell/shell_byp.sv <-> csim/shell/shell_byp.{h,c},
 * shell_byp_hw_*), with its BDU (i_bdu) and CHSS unit (i_chss).
 *
 * The scheme is SHELL_BYPASS, held for the run (mode_scheme_i); the hook
 * stands for SM LS_BYP_SM: under CHSS_CONTROL=CENTRAL every SM but SM0
 * follows lead_tbbg_i (mode_follow_i = 1).
 *
 * Stimulus (from the previous cycle's inputs and outputs and the adapter's
 * own environment only), an SM's view of a workload:
 *   kernels   kernel_start_i in the first cycle (kernel 0, as the shell
 *             does, with the first dispatch in the same cycle) and
 *             whenever the previous kernel's blocks have all finished and a
 *             gap passed; a kernel dispatches for about BDU_KERNEL_LEN
 *             cycles; tb_max_i 1..TbSlots with it (any TbW-bit value
 *             otherwise); with BDU_MODE_SWEEP new thresholds and reduction
 *             (mode_thr_*_i, mode_womu_i over their full ranges) and an L2
 *             latency (CHSS_L2_LAT or any LatW-bit value) at each start.
 *   blocks    one dispatch and one finish per cycle at most, into a free
 *             slot while fewer than TB_max are active; lives of 1..
 *             CHSS_LIFE_MAX cycles (phases of short and long lives).
 *   requests  a load or a store (30 %) from an active block's slot (10 %:
 *             any slot); static tags 0..3 (3 is no tag: cached); every
 *             payload fresh random while req_valid_i is low.
 *   L1D       per cycle nothing, a hit, a miss, a hit-reserved, a bypassed
 *             load (access + miss + byp) or a stall at phase rates, and 5 %
 *             of cycles any combination of the six pulses.
 *   SM        ibuf_valid_i bits at a phase density (0 and 100 % included),
 *             warp_cnt_i any WarpW-bit value; lead_tbbg_i 0..TbSlots moving
 *             now and then for a follower, any value every cycle otherwise.
 * Scoreboard (check): byp_o recomputed from the scheme's rule (Table 1 from
 * the adapter's own record of each slot's disp_tag_o; B mode from bmode_o);
 * a store never bypasses; a unit the scheme does not use stays in reset; a
 * follower's TB_bg is the last cycle's lead_tbbg_i. */
#include <stdlib.h>
#include <string.h>
#include "bdu_ls.h"
#include "chss_ls.h"
#include "ls.h"
#include "shell_byp.h"

#define COV_LIST(X) \
  X(LD_BYP, "request.load_bypassed") X(LD_CACHED, "request.load_cached") X(ST, "request.store_never_bypassed") \
  X(B_MODE, "twolevel.load_bypassed_in_B_mode") X(C_MODE, "twolevel.load_cached_in_C_mode") \
  X(D_BG, "chss.dispatch_tagged_bg") X(D_BA, "chss.dispatch_tagged_ba") X(TBBG_MOVE, "chss.tb_bg_moved") \
  X(T_CG, "tag.cg_bypassed") X(T_CM_BG, "tag.cm_in_bg_block_bypassed") X(T_CM_BA, "tag.cm_in_ba_block_cached") \
  X(T_CA, "tag.ca_cached") X(FOLLOW, "chss.follows_leader") X(KS_DISP, "kernel_start.with_dispatch")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct {
  shell_byp_hw_t h;
  shell_byp_in_t in;
  shell_byp_out_t out;
  unsigned scheme, follow, sweep, klen, life_max, lat_cfg;
  uint32_t thr_l, thr_h, thr_w, womu;
  /* environment */
  unsigned active[CHSS_MAX_SLOTS], life[CHSS_MAX_SLOTS];
  unsigned tb_max, cur_life_max, dispatching, gap;
  uint64_t kernel_end;
  unsigned req_pct, disp_pct, acc_pct, miss_pct, stall_pct, occ_pct;
  /* scoreboard */
  unsigned sb_tag[CHSS_MAX_SLOTS];
  uint32_t prev_lead, have_prev;
  uint64_t n_kernels, n_blocks, n_req, n_byp, n_bmode_cycles, n_bg;
  uint64_t cov[COV_N];
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

static uint32_t rbits(ls_rng_t *r, unsigned w) { return w >= 32 ? (uint32_t)ls_rand(r) : (uint32_t)ls_rand(r) & ((1u << w) - 1u); }
static int uses_chss(unsigned s) { return s == SHELL_BYPASS_CHSS || s == SHELL_BYPASS_COORD; }

static void *create(const l1sys_cfg_t *cfg) {
  unsigned tbs = (unsigned)CFG(cfg, SHELL_TBS), warps = (unsigned)CFG(cfg, SHELL_WARPS);
  if (tbs < 2 || tbs > CHSS_MAX_SLOTS) {
    cfg_reject(cfg, P_SHELL_TBS, "shell_byp: 2..15 TB slots (one CHSS slot each)");
    return NULL;
  }
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
  shell_byp_hw_init(&c->h, tbs, warps);
  bdu_init(&c->h.i_bdu, (unsigned)CFG(cfg, BDU_PERIOD), (unsigned)CFG(cfg, BDU_HOLD), warps);
  if ((unsigned long long)CFG(cfg, BDU_THR_W) >= 1ull << c->h.i_bdu.occ_w) {
    free(c);
    cfg_reject(cfg, P_BDU_THR_W, "must fit clog2(SHELL_WARPS+1) bits (the BDU's occupancy width)");
    return NULL;
  }
  if (chss_init(&c->h.i_chss, tbs, (unsigned)CFG(cfg, CHSS_CNT_W), (unsigned)CFG(cfg, CHSS_LAT_W),
                (unsigned)CFG(cfg, CHSS_FRAC_W), (unsigned)CFG(cfg, CHSS_WARP_W))) {
    free(c);
    cfg_reject(cfg, P_CHSS_FRAC_W, "CHSS_CNT_W + CHSS_LAT_W + CHSS_FRAC_W must be <= 32");
    return NULL;
  }
  if ((unsigned long long)CFG(cfg, CHSS_L2_LAT) >= 1ull << c->h.i_chss.lat_w) {
    free(c);
    cfg_reject(cfg, P_CHSS_L2_LAT, "must fit CHSS_LAT_W bits");
    return NULL;
  }
  c->h.has_bdu = c->h.has_chss = 1;
  c->scheme = (unsigned)CFG(cfg, SHELL_BYPASS);
  c->follow = CFG(cfg, LS_BYP_SM) != 0 && CFG(cfg, CHSS_CONTROL) == CHSS_CONTROL_CENTRAL;
  c->sweep = (unsigned)CFG(cfg, BDU_MODE_SWEEP);
  c->klen = (unsigned)CFG(cfg, BDU_KERNEL_LEN);
  c->life_max = (unsigned)CFG(cfg, CHSS_LIFE_MAX);
  c->lat_cfg = (unsigned)CFG(cfg, CHSS_L2_LAT);
  c->thr_l = (uint32_t)CFG(cfg, BDU_THR_L);
  c->thr_h = (uint32_t)CFG(cfg, BDU_THR_H);
  c->thr_w = (uint32_t)CFG(cfg, BDU_THR_W);
  c->womu = (uint32_t)CFG(cfg, BDU_WOMU);
  return c;
}

static void destroy(void *p) { free(p); }

static int cov_applies(const ctx_t *c, int i) {
  int ch = uses_chss(c->scheme);
  switch (i) {
  case COV_LD_BYP: return c->scheme != SHELL_BYPASS_NONE;
  case COV_LD_CACHED: return c->scheme != SHELL_BYPASS_ALL;
  case COV_B_MODE: case COV_C_MODE: return c->scheme == SHELL_BYPASS_TWOLEVEL;
  case COV_D_BG: case COV_D_BA: case COV_KS_DISP: return ch;
  case COV_TBBG_MOVE: return ch;
  case COV_T_CG: case COV_T_CA: return c->scheme == SHELL_BYPASS_STATIC || c->scheme == SHELL_BYPASS_COORD;
  case COV_T_CM_BG: case COV_T_CM_BA: return ch;
  case COV_FOLLOW: return ch && c->follow;
  default: return 1;
  }
}

static void declare(void *p, ls_map_t *map) {
  ctx_t *c = p;
  shell_byp_hw_t *h = &c->h;
  const chss_t *m = &h->i_chss;
  const bdu_t *b = &h->i_bdu;
  shell_byp_in_t *i = &c->in;
  shell_byp_out_t *o = &c->out;
  ls_param(map, "TbSlots", h->tb_slots);
  ls_param(map, "Warps", h->warps);
  ls_param_set(map, c->cfg, "BDU", "", "Warps");
  ls_param_set(map, c->cfg, "CHSS", "", "TbSlots");

  ls_input(map, "mode_scheme_i", 3, &i->mode_scheme_i);
  ls_input(map, "mode_follow_i", 1, &i->mode_follow_i);
  ls_input(map, "mode_thr_l_i", 7, &i->mode_thr_l_i);
  ls_input(map, "mode_thr_h_i", 7, &i->mode_thr_h_i);
  ls_input(map, "mode_thr_w_i", b->occ_w, &i->mode_thr_w_i);
  ls_input(map, "mode_womu_i", 2, &i->mode_womu_i);
  ls_input(map, "l2_lat_i", m->lat_w, &i->l2_lat_i);
  ls_input(map, "req_valid_i", 1, &i->req_valid_i);
  ls_input(map, "req_store_i", 1, &i->req_store_i);
  ls_input(map, "req_slot_i", m->slot_w, &i->req_slot_i);
  ls_input(map, "req_tag_i", 2, &i->req_tag_i);
  ls_output(map, "byp_o", 1, &o->byp_o);
  ls_input(map, "ev_access_i", 1, &i->ev_access_i);
  ls_input(map, "ev_miss_i", 1, &i->ev_miss_i);
  ls_input(map, "ev_hitres_i", 1, &i->ev_hitres_i);
  ls_input(map, "ev_byp_i", 1, &i->ev_byp_i);
  ls_input(map, "ev_hit_i", 1, &i->ev_hit_i);
  ls_input(map, "ev_stall_i", 1, &i->ev_stall_i);
  ls_input(map, "kernel_start_i", 1, &i->kernel_start_i);
  ls_input(map, "tb_max_i", m->tb_w, &i->tb_max_i);
  ls_input(map, "disp_valid_i", 1, &i->disp_valid_i);
  ls_input(map, "disp_slot_i", m->slot_w, &i->disp_slot_i);
  ls_output(map, "disp_tag_o", 1, &o->disp_tag_o);
  ls_input(map, "done_valid_i", 1, &i->done_valid_i);
  ls_input(map, "done_slot_i", m->slot_w, &i->done_slot_i);
  ls_input(map, "ibuf_valid_i", h->warps, i->ibuf_valid_i);
  ls_input(map, "warp_cnt_i", m->warp_w, &i->warp_cnt_i);
  ls_input(map, "lead_tbbg_i", m->tb_w, &i->lead_tbbg_i);
  ls_output(map, "tb_bg_o", m->tb_w, &o->tb_bg_o);
  ls_output(map, "bmode_o", 1, &o->bmode_o);

  /* State map: the hook has no register of its own; its units' every one */
  bdu_ls_declare_state(map, "i_bdu.", b);
  chss_ls_declare_state(map, "i_chss.", m);
  for (int k = 0; k < COV_N; k++)
    if (cov_applies(c, k)) ls_cover(map, cov_name[k], &c->cov[k]);
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_byp_hw_reset(&c->h);
  memset(&c->in, 0, sizeof c->in);
  memset(&c->out, 0, sizeof c->out);
  memset(c->active, 0, sizeof c->active);
  memset(c->sb_tag, 0, sizeof c->sb_tag);
  c->dispatching = c->gap = 0;
  c->have_prev = 0;
}

static void new_modes(ctx_t *c, ls_rng_t *r) {
  shell_byp_in_t *i = &c->in;
  unsigned ow = c->h.i_bdu.occ_w;
  if (!c->sweep) {
    i->mode_thr_l_i = c->thr_l;
    i->mode_thr_h_i = c->thr_h;
    i->mode_thr_w_i = c->thr_w;
    i->mode_womu_i = c->womu;
  } else {
    i->mode_thr_l_i = ls_chance(r, 80) ? ls_below(r, 101) : ls_below(r, 128);
    i->mode_thr_h_i = ls_chance(r, 80) ? ls_below(r, 101) : ls_below(r, 128);
    if (ls_chance(r, 60) && i->mode_thr_l_i > i->mode_thr_h_i) {
      uint32_t t = i->mode_thr_l_i;
      i->mode_thr_l_i = i->mode_thr_h_i;
      i->mode_thr_h_i = t;
    }
    i->mode_thr_w_i = ls_chance(r, 80) ? ls_below(r, c->h.warps + 1) : rbits(r, ow);
    i->mode_womu_i = ls_below(r, 4); /* 3 behaves as LAST */
  }
  i->l2_lat_i = ls_chance(r, 50) ? c->lat_cfg : rbits(r, c->h.i_chss.lat_w);
}

static void new_phase(ctx_t *c, ls_rng_t *r) {
  static const unsigned pct[] = {0, 5, 30, 60, 90, 100};
  c->req_pct = ls_below(r, 101);
  c->disp_pct = 5 + ls_below(r, 96);
  c->acc_pct = pct[ls_below(r, 6)];
  c->miss_pct = pct[ls_below(r, 6)];
  c->stall_pct = pct[ls_below(r, 4)];
  c->occ_pct = pct[ls_below(r, 6)];
  unsigned lm = c->life_max;
  c->cur_life_max = ls_chance(r, 50) ? lm : 1 + ls_below(r, lm < 40 ? lm : 40);
}

static void start_kernel(ctx_t *c, ls_rng_t *r, uint64_t cycle) {
  c->in.kernel_start_i = 1;
  c->tb_max = 1 + ls_below(r, c->h.tb_slots);
  c->in.tb_max_i = c->tb_max;
  new_modes(c, r);
  c->dispatching = 1;
  c->kernel_end = cycle + c->klen / 2 + ls_below(r, c->klen);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_byp_in_t *i = &c->in;
  const unsigned S = c->h.tb_slots;
  const chss_t *m = &c->h.i_chss;
  if (cycle == 0) {
    i->mode_scheme_i = c->scheme;
    i->mode_follow_i = c->follow;
    new_phase(c, r);
    i->lead_tbbg_i = ls_below(r, S + 1);
  }
  if (cycle % 997 == 0) new_phase(c, r);

  for (unsigned k = 0; k < S; k++)
    if (c->active[k] && c->life[k]) c->life[k]--;
  unsigned nact = 0;
  for (unsigned k = 0; k < S; k++) nact += c->active[k];

  i->kernel_start_i = i->disp_valid_i = i->done_valid_i = 0;
  if (cycle == 0) start_kernel(c, r, cycle);
  else if (c->dispatching && cycle >= c->kernel_end) c->dispatching = 0, c->gap = ls_below(r, 30);
  else if (!c->dispatching && nact == 0) {
    if (c->gap) c->gap--;
    else start_kernel(c, r, cycle);
  }
  if (!i->kernel_start_i) i->tb_max_i = rbits(r, m->tb_w);

  /* a finish (not with a kernel start), then a dispatch (with kernel 0's start sometimes) */
  if (!i->kernel_start_i) {
    unsigned s0 = ls_below(r, S);
    for (unsigned k = 0; k < S; k++) {
      unsigned s = (s0 + k) % S;
      if (c->active[s] && c->life[s] == 0) {
        i->done_valid_i = 1;
        i->done_slot_i = s;
        c->active[s] = 0;
        nact--;
        break;
      }
    }
  }
  int may_disp = !i->kernel_start_i || cycle == 0;
  if (may_disp && c->dispatching && nact < c->tb_max && (cycle == 0 || ls_chance(r, c->disp_pct))) {
    unsigned pick = ls_below(r, S - nact);
    for (unsigned s = 0; s < S; s++) {
      if (c->active[s]) continue;
      if (pick-- == 0) {
        i->disp_valid_i = 1;
        i->disp_slot_i = s;
        c->active[s] = 1;
        c->life[s] = 1 + ls_below(r, c->cur_life_max);
        break;
      }
    }
  }
  if (!i->done_valid_i) i->done_slot_i = rbits(r, m->slot_w);
  if (!i->disp_valid_i) i->disp_slot_i = rbits(r, m->slot_w);

  /* the request presented to the L1D */
  unsigned any = 0;
  for (unsigned s = 0; s < S; s++) any |= c->active[s];
  i->req_valid_i = ls_chance(r, c->req_pct);
  i->req_store_i = ls_chance(r, 30);
  i->req_tag_i = ls_chance(r, 10) ? 3 : ls_below(r, 3);
  i->req_slot_i = rbits(r, m->slot_w);
  if (i->req_valid_i && any && ls_chance(r, 90)) {
    unsigned s;
    do s = ls_below(r, S); while (!c->active[s]);
    i->req_slot_i = s;
  }

  /* the L1D's event pulses */
  i->ev_access_i = i->ev_miss_i = i->ev_hitres_i = i->ev_byp_i = i->ev_hit_i = i->ev_stall_i = 0;
  if (ls_chance(r, 5)) {
    uint32_t v = rbits(r, 6);
    i->ev_access_i = v & 1, i->ev_miss_i = v >> 1 & 1, i->ev_hitres_i = v >> 2 & 1;
    i->ev_byp_i = v >> 3 & 1, i->ev_hit_i = v >> 4 & 1, i->ev_stall_i = v >> 5 & 1;
  } else if (ls_chance(r, c->acc_pct)) {
    i->ev_access_i = 1;
    if (ls_chance(r, 10)) i->ev_miss_i = i->ev_byp_i = 1;
    else if (ls_chance(r, c->miss_pct)) {
      if (ls_chance(r, 25)) i->ev_hitres_i = 1;
      else i->ev_miss_i = 1;
    } else i->ev_hit_i = 1;
  } else if (ls_chance(r, c->stall_pct)) i->ev_stall_i = 1;

  /* the SM */
  memset(i->ibuf_valid_i, 0, sizeof i->ibuf_valid_i);
  for (unsigned w = 0; w < c->h.warps; w++)
    if (ls_chance(r, c->occ_pct)) i->ibuf_valid_i[w >> 5] |= 1u << (w & 31);
  i->warp_cnt_i = rbits(r, m->warp_w);
  if (!c->follow) i->lead_tbbg_i = rbits(r, m->tb_w); /* ignored: any value */
  else if (ls_chance(r, 1) || i->kernel_start_i) i->lead_tbbg_i = ls_below(r, S + 1);
}

static void count_coverage(ctx_t *c) {
  const shell_byp_in_t *i = &c->in;
  const shell_byp_out_t *o = &c->out;
  const chss_t *m = &c->h.i_chss;
  uint64_t *v = c->cov;
  if (i->req_valid_i) {
    if (i->req_store_i) v[COV_ST]++;
    else {
      v[o->byp_o ? COV_LD_BYP : COV_LD_CACHED]++;
      if (c->scheme == SHELL_BYPASS_TWOLEVEL) v[o->byp_o ? COV_B_MODE : COV_C_MODE]++;
      unsigned t = c->scheme == SHELL_BYPASS_CHSS ? CHSS_LD_CM : i->req_tag_i;
      unsigned bg = i->req_slot_i < m->slots && m->tag_q[i->req_slot_i];
      if (t == CHSS_LD_CG && o->byp_o) v[COV_T_CG]++;
      if (t == CHSS_LD_CA && !o->byp_o) v[COV_T_CA]++;
      if (t == CHSS_LD_CM && bg && o->byp_o) v[COV_T_CM_BG]++;
      if (t == CHSS_LD_CM && !bg && !o->byp_o) v[COV_T_CM_BA]++;
    }
  }
  if (i->disp_valid_i && !i->kernel_start_i) v[o->disp_tag_o ? COV_D_BG : COV_D_BA]++;
  if (i->disp_valid_i && i->kernel_start_i) v[COV_KS_DISP]++;
  if (m->tb_bg_d != m->tb_bg_q && !i->kernel_start_i) v[COV_TBBG_MOVE]++;
  if (c->follow && i->mode_follow_i && m->tb_bg_d != m->tb_bg_q) v[COV_FOLLOW]++;
}

static void comb(void *p) {
  ctx_t *c = p;
  shell_byp_hw_comb(&c->h, &c->in, &c->out);
  count_coverage(c);
}

static void commit(void *p) { shell_byp_hw_commit(&((ctx_t *)p)->h); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const shell_byp_in_t *i = &c->in;
  const shell_byp_out_t *o = &c->out;
  const unsigned S = c->h.tb_slots, ch = uses_chss(c->scheme);
  (void)cycle;
  /* byp_o by the scheme's rule */
  uint32_t want = 0;
  unsigned bg = i->req_slot_i < S && c->sb_tag[i->req_slot_i];
  switch (c->scheme) {
  case SHELL_BYPASS_ALL: want = 1; break;
  case SHELL_BYPASS_TWOLEVEL: want = o->bmode_o; break;
  case SHELL_BYPASS_STATIC: want = i->req_tag_i == CHSS_LD_CG; break;
  case SHELL_BYPASS_CHSS: want = bg; break;
  case SHELL_BYPASS_COORD: want = i->req_tag_i == CHSS_LD_CG || (i->req_tag_i == CHSS_LD_CM && bg); break;
  default: break;
  }
  want = want && i->req_valid_i && !i->req_store_i;
  if (o->byp_o != want) {
    snprintf(msg, n, "shell_byp scoreboard: scheme %s, %s (tag %u, slot %u %s, B mode %u): byp_o=%u, the rule says %u",
             shell_byp_name(c->scheme), !i->req_valid_i ? "no request" : i->req_store_i ? "a store" : "a load",
             i->req_tag_i, i->req_slot_i, bg ? "bg" : "ba", o->bmode_o, o->byp_o, want);
    return 1;
  }
  if (c->scheme != SHELL_BYPASS_TWOLEVEL && (o->bmode_o || c->h.i_bdu.phase_q != BDU_PH_IDLE)) {
    snprintf(msg, n, "shell_byp scoreboard: scheme %s leaves the BDU out, yet it left its reset state",
             shell_byp_name(c->scheme));
    return 1;
  }
  if (!ch && (o->disp_tag_o || o->tb_bg_o != S || c->h.i_chss.per_act_q)) {
    snprintf(msg, n, "shell_byp scoreboard: scheme %s leaves the CHSS unit out, yet it left its reset state",
             shell_byp_name(c->scheme));
    return 1;
  }
  if (ch && c->follow && c->have_prev && o->tb_bg_o != c->prev_lead) {
    snprintf(msg, n, "shell_byp scoreboard: follower's TB_bg %u, the leader's was %u", o->tb_bg_o, c->prev_lead);
    return 1;
  }
  c->prev_lead = i->lead_tbbg_i;
  c->have_prev = 1;
  /* each slot's block tag as the unit gave it */
  if (ch) {
    if (i->kernel_start_i) memset(c->sb_tag, 0, sizeof c->sb_tag);
    else {
      if (i->done_valid_i && i->done_slot_i < S) c->sb_tag[i->done_slot_i] = 0;
      if (i->disp_valid_i && i->disp_slot_i < S) c->sb_tag[i->disp_slot_i] = o->disp_tag_o;
    }
  }
  c->n_kernels += i->kernel_start_i;
  c->n_blocks += i->disp_valid_i;
  c->n_bg += i->disp_valid_i && !i->kernel_start_i && o->disp_tag_o;
  c->n_req += i->req_valid_i && !i->req_store_i;
  c->n_byp += o->byp_o;
  c->n_bmode_cycles += o->bmode_o;
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  fprintf(f, "shell_byp: scheme %s, %s, %u TB slots, %u warps; kernels=%llu blocks=%llu (bg %llu) loads=%llu bypassed=%llu B-mode cycles=%llu; final TB_bg=%u\n",
          shell_byp_name(c->scheme), c->follow ? "follower" : "leader/own", c->h.tb_slots, c->h.warps,
          (unsigned long long)c->n_kernels, (unsigned long long)c->n_blocks, (unsigned long long)c->n_bg,
          (unsigned long long)c->n_req, (unsigned long long)c->n_byp, (unsigned long long)c->n_bmode_cycles,
          c->h.i_chss.tb_bg_q);
}

const ls_block_t ls_block_shell_byp = {
    .name = "shell_byp",
    .rtl_module = "shell_byp",
    .help = "GPU shell: one SM's bypass controller (SHELL_BYPASS scheme; BDU + CHSS unit)",
    .param_blocks = "shell_byp shell bdu chss",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .summary = summary,
};
