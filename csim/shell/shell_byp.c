/* shell_byp.c -- bypass schemes behind the hook of shell_byp.h.
 *   NONE      never bypass
 *   ALL       every load bypasses
 *   TWOLEVEL  the two-level paper's bypassing: the SM's BDU (csim/bdu/bdu.c,
 *             the same model the bdu block runs in lockstep) samples the
 *             L1D's miss rate (MRMU) and the warp occupancy of the
 *             instruction buffer (WOMU) over BDU_PERIOD cycles after the
 *             first block of a kernel, decides C or B mode, and in B mode
 *             every load bypasses.  decide() reads the registered mode;
 *             the BDU's inputs are gathered through the cycle and applied
 *             at the clock edge (shell_byp_commit).
 *   STATIC    the coordinated-bypassing paper's static part alone: loads the classifier tagged cg
 *             bypass, ca and cm loads are cached (cm needs the dynamic part).
 *   CHSS      the coordinated-bypassing paper's dynamic part alone: every load is cm, so a load
 *             bypasses when its block is bg; the SM's CHSS unit
 *             (csim/chss/chss.c, in lockstep against rtl/chss/chss.sv) tags
 *             blocks at dispatch and learns TB_bg.
 *   COORD     the coordinated-bypassing paper's coordinated scheme (Table 1): cg bypasses, ca caches, cm
 *             bypasses in bg blocks. */
#include "shell_byp.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int uses_chss(uint32_t s) { return s == SHELL_BYPASS_CHSS || s == SHELL_BYPASS_COORD; }

const char *shell_byp_name(uint32_t scheme) {
  switch (scheme) {
  case SHELL_BYPASS_ALL: return "ALL";
  case SHELL_BYPASS_TWOLEVEL: return "TWOLEVEL";
  case SHELL_BYPASS_STATIC: return "STATIC";
  case SHELL_BYPASS_CHSS: return "CHSS";
  case SHELL_BYPASS_COORD: return "COORD";
  default: return "NONE";
  }
}

/* ---- the RTL twin (rtl/shell/shell_byp.sv, same order) ------------------- */

void shell_byp_hw_init(shell_byp_hw_t *h, unsigned tb_slots, unsigned warps) {
  h->tb_slots = tb_slots;
  h->warps = warps;
  h->run_bdu = h->run_chss = 1;
}

void shell_byp_hw_reset(shell_byp_hw_t *h) {
  if (h->has_bdu) bdu_reset(&h->i_bdu);
  if (h->has_chss) chss_reset(&h->i_chss);
}

uint32_t shell_byp_hw_byp(const shell_byp_hw_t *h, const shell_byp_in_t *in) {
  uint32_t b = 0;
  const chss_t *c = &h->i_chss;
  switch (in->mode_scheme_i) {
  case SHELL_BYPASS_ALL: b = 1; break;
  case SHELL_BYPASS_TWOLEVEL: b = h->has_bdu && h->i_bdu.bmode_q; break; /* the BDU's req_byp_o */
  case SHELL_BYPASS_STATIC: b = in->req_tag_i == CHSS_LD_CG; break;
  case SHELL_BYPASS_CHSS:
  case SHELL_BYPASS_COORD: { /* the CHSS unit's ld_byp_o (Table 1); CHSS: every load cm */
#ifdef FAULT_SHELL_BYP_COORD
    uint32_t t = CHSS_LD_CM; /* injected: COORD ignores the static tag */
#else
    uint32_t t = in->mode_scheme_i == SHELL_BYPASS_COORD ? in->req_tag_i : CHSS_LD_CM;
#endif
    b = h->has_chss &&
        (t == CHSS_LD_CG || (t == CHSS_LD_CM && in->req_slot_i < c->slots && c->tag_q[in->req_slot_i]));
    break;
  }
  default: b = 0; break; /* NONE */
  }
  return in->req_valid_i && !in->req_store_i && b;
}

/* The BDU's inputs from the hook's (use_bdu: the scheme is TWOLEVEL; the
 * pulses reach the unit only then). */
static inline void bdu_in_of(shell_byp_hw_t *h, const shell_byp_in_t *in, uint32_t use_bdu) {
  bdu_in_t *bi = &h->bin;
  bi->mode_thr_l_i = in->mode_thr_l_i;
  bi->mode_thr_h_i = in->mode_thr_h_i;
  bi->mode_thr_w_i = in->mode_thr_w_i;
  bi->mode_womu_i = in->mode_womu_i;
  bi->kernel_start_i = use_bdu && in->kernel_start_i;
  bi->tb_disp_i = use_bdu && in->disp_valid_i;
  bi->ev_access_i = use_bdu && in->ev_access_i;
  bi->ev_miss_i = use_bdu && in->ev_miss_i;
  bi->ev_hitres_i = use_bdu && in->ev_hitres_i;
  bi->ev_byp_i = use_bdu && in->ev_byp_i;
  memcpy(bi->ibuf_valid_i, in->ibuf_valid_i, sizeof bi->ibuf_valid_i);
  bi->req_valid_i = in->req_valid_i;
  bi->req_store_i = in->req_store_i;
}

/* The CHSS unit's inputs from the hook's (use_chss: the scheme is CHSS or
 * COORD; the pulses reach the unit only then). */
static inline void chss_in_of(shell_byp_hw_t *h, const shell_byp_in_t *in, uint32_t use_chss) {
  chss_in_t *ci = &h->cin;
  ci->mode_follow_i = use_chss && in->mode_follow_i;
  ci->bcast_tbbg_i = in->lead_tbbg_i;
  ci->kernel_start_i = use_chss && in->kernel_start_i;
  ci->tb_max_i = in->tb_max_i;
  ci->disp_valid_i = use_chss && in->disp_valid_i;
  ci->disp_slot_i = in->disp_slot_i;
  ci->cmt_valid_i = use_chss && in->done_valid_i;
  ci->cmt_slot_i = in->done_slot_i;
  ci->ev_hit_i = use_chss && in->ev_hit_i;
  ci->ev_stall_i = use_chss && in->ev_stall_i;
  ci->warp_cnt_i = in->warp_cnt_i;
  ci->l2_lat_i = in->l2_lat_i;
  ci->ld_valid_i = in->req_valid_i && !in->req_store_i;
  ci->ld_tag_i = in->mode_scheme_i == SHELL_BYPASS_COORD ? in->req_tag_i : CHSS_LD_CM;
  ci->ld_slot_i = in->req_slot_i;
}

void shell_byp_hw_comb(shell_byp_hw_t *h, const shell_byp_in_t *in, shell_byp_out_t *out) {
  uint32_t use_bdu = in->mode_scheme_i == SHELL_BYPASS_TWOLEVEL, use_chss = uses_chss(in->mode_scheme_i);
  out->bmode_o = out->disp_tag_o = out->tb_bg_o = 0;
  if (h->has_bdu && h->run_bdu) {
    bdu_in_of(h, in, use_bdu);
    bdu_comb(&h->i_bdu, &h->bin, &h->bout);
    out->bmode_o = h->bout.bmode_o;
  }
  if (h->has_chss && h->run_chss) {
    chss_in_of(h, in, use_chss);
    chss_comb(&h->i_chss, &h->cin, &h->cout);
    out->disp_tag_o = h->cout.disp_tag_o;
    out->tb_bg_o = h->cout.tb_bg_o;
  }
  out->byp_o = shell_byp_hw_byp(h, in);
}

void shell_byp_hw_commit(shell_byp_hw_t *h) {
  if (h->has_bdu && h->run_bdu) bdu_commit(&h->i_bdu);
  if (h->has_chss && h->run_chss) chss_commit(&h->i_chss);
}

/* ---- the hook ------------------------------------------------------------ */

int shell_byp_init(shell_byp_t *b, const l1sys_cfg_t *cfg, unsigned sm) {
  memset(b, 0, sizeof *b);
  b->scheme = (uint32_t)CFG(cfg, SHELL_BYPASS);
  b->sample = (uint32_t)CFG(cfg, SHELL_SAMPLE);
  b->nwarps = (uint32_t)CFG(cfg, SHELL_WARPS);
  shell_byp_hw_init(&b->hw, (unsigned)CFG(cfg, SHELL_TBS), b->nwarps);
  b->in.mode_scheme_i = b->scheme;
  /* Both units are built whenever their parameters allow (the RTL always
   * has both); one the scheme does not use does not run (hw.run_*). */
  unsigned warps = (unsigned)CFG(cfg, SHELL_WARPS), tbs = (unsigned)CFG(cfg, SHELL_TBS);
  bdu_init(&b->hw.i_bdu, (unsigned)CFG(cfg, BDU_PERIOD), (unsigned)CFG(cfg, BDU_HOLD), warps);
  b->hw.has_bdu = 1;
  b->hw.run_bdu = b->scheme == SHELL_BYPASS_TWOLEVEL;
  chss_t *c = &b->hw.i_chss;
  b->hw.has_chss = tbs >= 2 && tbs <= CHSS_MAX_SLOTS &&
                   !chss_init(c, tbs, (unsigned)CFG(cfg, CHSS_CNT_W), (unsigned)CFG(cfg, CHSS_LAT_W),
                              (unsigned)CFG(cfg, CHSS_FRAC_W), (unsigned)CFG(cfg, CHSS_WARP_W));
  b->hw.run_chss = uses_chss(b->scheme);
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) {
    if ((unsigned long long)CFG(cfg, BDU_THR_W) > warps)
      return cfg_reject(cfg, P_BDU_THR_W, "must not exceed the SM's warp slots (SHELL_WARPS) under SHELL_BYPASS=TWOLEVEL");
    bdu_in_t m;
    bdu_mode_from_cfg(&m, cfg);
    b->in.mode_thr_l_i = m.mode_thr_l_i;
    b->in.mode_thr_h_i = m.mode_thr_h_i;
    b->in.mode_thr_w_i = m.mode_thr_w_i;
    b->in.mode_womu_i = m.mode_womu_i;
  }
  if (uses_chss(b->scheme)) {
    if (tbs < 2 || tbs > CHSS_MAX_SLOTS)
      return cfg_reject(cfg, P_SHELL_TBS, "must be 2..15 under SHELL_BYPASS=CHSS or COORD (one CHSS slot per TB slot)");
    if (!b->hw.has_chss)
      return cfg_reject(cfg, P_CHSS_CNT_W, "CHSS_CNT_W + CHSS_LAT_W + CHSS_FRAC_W must be <= 32");
    if ((unsigned long long)CFG(cfg, CHSS_L2_LAT) >= (1ull << c->lat_w))
      return cfg_reject(cfg, P_CHSS_L2_LAT, "must fit CHSS_LAT_W bits");
    if ((unsigned long long)CFG(cfg, SHELL_WARPS) >= (1ull << c->warp_w))
      return cfg_reject(cfg, P_CHSS_WARP_W, "too narrow for SHELL_WARPS (the CHSS unit's warp_cnt_i)");
    b->in.l2_lat_i = (uint32_t)CFG(cfg, CHSS_L2_LAT);
    b->in.mode_follow_i = sm != 0 && CFG(cfg, CHSS_CONTROL) == CHSS_CONTROL_CENTRAL;
  }
  return 0;
}

void shell_byp_attach(shell_byp_t *b, const shell_byp_t *sm0) {
  b->leader = sm0;
  shell_byp_reset(b);
}

void shell_byp_free(shell_byp_t *b) {
  free(b->ser);
  b->ser = NULL;
  b->nser = b->capser = 0;
}

static void clear_pulses(shell_byp_t *b) {
  shell_byp_in_t *in = &b->in;
  in->kernel_start_i = in->disp_valid_i = in->disp_slot_i = in->done_valid_i = in->done_slot_i = 0;
  in->ev_access_i = in->ev_miss_i = in->ev_hitres_i = in->ev_byp_i = in->ev_hit_i = in->ev_stall_i = 0;
  in->req_valid_i = 0;
}

void shell_byp_reset(shell_byp_t *b) {
  b->decisions = b->bypassed = b->bmode_cycles = b->dec_b = b->dec_c = 0;
  b->bg_blocks = b->ba_blocks = b->tbbg_moves = b->byp_cg = b->byp_cm = 0;
  b->kern = UINT32_MAX; /* kernel 0's start (the first cycle) makes it 0 */
  b->cyc = 0;
  b->nser = 0;
  b->req_pc = b->req_store = 0;
  b->prof_v = b->prof_kern = b->prof_pc = 0;
  shell_byp_hw_reset(&b->hw);
  clear_pulses(b);
  b->quiet = 0;
  b->in.req_store_i = b->in.req_slot_i = b->in.req_tag_i = 0;
  b->in.warp_cnt_i = b->in.lead_tbbg_i = 0;
  memset(b->in.ibuf_valid_i, 0, sizeof b->in.ibuf_valid_i);
  b->in.tb_max_i = 0;
}

uint32_t shell_byp_tag_of(const shell_byp_tags_t *t, uint32_t kern, uint32_t pc) {
  if (!t) return CHSS_LD_CA;
  uint64_t key = (uint64_t)kern << 32 | pc;
  size_t lo = 0, hi = t->n; /* binary search: log2(lines) steps per load */
  while (lo < hi) {
    size_t m = lo + (hi - lo) / 2;
    if (t->key[m] < key) lo = m + 1;
    else hi = m;
  }
  return lo < t->n && t->key[lo] == key ? t->tag[lo] : CHSS_LD_CA;
}

/* (not NONE: shell_byp_decide answers that one) */
uint32_t shell_byp_decide_hw(shell_byp_t *b, uint32_t tb, uint32_t tag) {
  shell_byp_in_t *in = &b->in;
  b->quiet = 0;
  in->req_valid_i = 1;
  in->req_store_i = b->req_store;
  in->req_slot_i = tb;
  in->req_tag_i = tag;
  return shell_byp_hw_byp(&b->hw, in);
}

static int prof_add(shell_byp_prof_t *p, uint32_t k, uint32_t pc, uint32_t hit) {
  if (k >= p->nk) {
    uint32_t nk = k + 1;
    uint32_t *n = realloc(p->n, nk * sizeof *n);
    if (n) p->n = n;
    uint64_t **a = realloc(p->acc, nk * sizeof *a);
    if (a) p->acc = a;
    uint64_t **h = realloc(p->hit, nk * sizeof *h);
    if (h) p->hit = h;
    if (!n || !a || !h) return -1;
    for (uint32_t i = p->nk; i < nk; i++) p->n[i] = 0, p->acc[i] = p->hit[i] = NULL;
    p->nk = nk;
  }
  if (pc >= p->n[k]) {
    uint32_t n = pc + 1 > 2 * p->n[k] ? pc + 1 : 2 * p->n[k];
    uint64_t *a = realloc(p->acc[k], n * sizeof *a);
    if (a) p->acc[k] = a;
    uint64_t *h = realloc(p->hit[k], n * sizeof *h);
    if (h) p->hit[k] = h;
    if (!a || !h) return -1;
    memset(a + p->n[k], 0, (n - p->n[k]) * sizeof *a);
    memset(h + p->n[k], 0, (n - p->n[k]) * sizeof *h);
    p->n[k] = n;
  }
  p->acc[k][pc]++;
  p->hit[k][pc] += hit;
  return 0;
}

void shell_byp_events(shell_byp_t *b, const l1d_out_t *ev, uint32_t accepted, uint32_t byp) {
  /* the profile: a cached load is counted with its hit when the L1D's decide
   * stage decides it (ev_access_o), a cycle or more after it was taken */
  if (b->prof_v && ev->ev_access_o) {
    b->prof_v = 0;
    if (b->prof && prof_add(b->prof, b->prof_kern, b->prof_pc, ev->ev_hit_o))
      b->prof = NULL; /* out of memory: the profile stops growing (shell-sim reports it) */
  }
  if (accepted) {
    b->decisions++;
    b->bypassed += byp;
    if (byp && !b->req_store && uses_chss(b->scheme)) {
      if (b->scheme == SHELL_BYPASS_COORD && b->in.req_tag_i == CHSS_LD_CG) b->byp_cg++;
      else b->byp_cm++;
    } else if (byp && !b->req_store && b->scheme == SHELL_BYPASS_STATIC)
      b->byp_cg++;
    if (b->prof && !byp && !b->req_store) {
      b->prof_v = 1;
      b->prof_kern = b->kern;
      b->prof_pc = b->req_pc;
    }
  }
  if (!b->hw.run_bdu && !b->hw.run_chss) return; /* no unit runs: nothing reads the event inputs (commit clears them) */
  shell_byp_in_t *in = &b->in;
  in->ev_access_i = ev->ev_access_o;
  in->ev_miss_i = ev->ev_miss_o;
  in->ev_hitres_i = ev->ev_hitres_o;
  in->ev_byp_i = ev->ev_byp_o;
  in->ev_hit_i = ev->ev_hit_o;
  in->ev_stall_i = ev->ev_stall_o;
  /* SM0's registered TB_bg, read before any SM commits (the broadcast wire) */
  in->lead_tbbg_i = b->leader && b->leader->hw.has_chss ? b->leader->hw.i_chss.tb_bg_q : 0;
}

uint32_t shell_byp_tb_dispatch(shell_byp_t *b, uint32_t tb, uint32_t block) {
  (void)block;
  b->quiet = 0;
  b->in.disp_valid_i = 1;
  b->in.disp_slot_i = tb;
  return 0; /* the CHSS unit keeps the block's tag itself (tag_q) */
}
void shell_byp_tb_done(shell_byp_t *b, uint32_t tb) {
  b->quiet = 0;
  b->in.done_valid_i = 1;
  b->in.done_slot_i = tb;
}
void shell_byp_kernel_start(shell_byp_t *b, uint32_t tb_max) {
  b->kern++;
  b->quiet = 0;
  b->in.kernel_start_i = 1;
  b->in.tb_max_i = tb_max;
}
void shell_byp_ibuf(shell_byp_t *b, const uint32_t *valid) {
  if (b->hw.run_bdu) memcpy(b->in.ibuf_valid_i, valid, sizeof b->in.ibuf_valid_i);
}

static void sample(shell_byp_t *b, uint32_t v) {
  if (b->nser == b->capser) {
    uint32_t n = b->capser ? 2 * b->capser : 256;
    uint8_t *p = realloc(b->ser, n);
    if (!p) return; /* the series stops (statistics only) */
    b->ser = p;
    b->capser = n;
  }
  b->ser[b->nser++] = (uint8_t)v;
}

void shell_byp_commit_hw(shell_byp_t *b, int twin) {
  shell_byp_hw_t *h = &b->hw;
  if (!h->run_bdu && !h->run_chss) { /* NONE, ALL, STATIC: no unit runs; shell_byp_hw_comb reduces to this */
    b->cyc++;
    if (b->quiet) return; /* (no pulse set: byp_o is 0 again, the pulses are clear) */
    b->out.bmode_o = b->out.disp_tag_o = b->out.tb_bg_o = 0;
    b->out.byp_o = shell_byp_hw_byp(h, &b->in);
    clear_pulses(b);
    b->quiet = 1;
    return;
  }
  /* One unit alone (TWOLEVEL: the BDU; CHSS, COORD: the CHSS unit), as
   * most runs have it: shell_byp_hw_comb's outputs -- byp_o and bmode_o
   * from the registers before the edge -- and the unit's comb and edge in
   * one call (bdu_step, chss_step: no outputs the hook does not read, no
   * work a cycle that moves nothing needs); otherwise the twin's comb,
   * then its edge */
  const int bdu_on = h->has_bdu && h->run_bdu, chss_on = h->has_chss && h->run_chss;
  const int bdu_only = !twin && b->scheme == SHELL_BYPASS_TWOLEVEL && bdu_on && !chss_on;
  const int chss_only = !twin && uses_chss(b->scheme) && chss_on && !bdu_on;
  const bdu_t *d = &h->i_bdu;
  const chss_t *c = &h->i_chss;
  const uint32_t ph = d->phase_q, bq = d->bmode_q, tbq = c->tb_bg_q; /* (before the edge) */
  uint32_t bn, tbn;                                                 /* (after it: bmode_d, tb_bg_d) */
  if (bdu_only) {
    b->out.byp_o = shell_byp_hw_byp(h, &b->in);
    b->out.bmode_o = bq;
    b->out.disp_tag_o = b->out.tb_bg_o = 0;
    bdu_in_of(h, &b->in, 1);
    bn = bdu_step(&h->i_bdu, &h->bin);
    tbn = tbq;
  } else if (chss_only) {
    b->out.byp_o = shell_byp_hw_byp(h, &b->in);
    b->out.bmode_o = 0;
    chss_in_of(h, &b->in, 1);
    chss_step(&h->i_chss, &h->cin, &h->cout);
    b->out.disp_tag_o = h->cout.disp_tag_o;
    b->out.tb_bg_o = h->cout.tb_bg_o;
    bn = bq;
    tbn = c->tb_bg_q;
  } else {
    shell_byp_hw_comb(h, &b->in, &b->out);
    bn = d->bmode_d;
    tbn = c->tb_bg_d;
  }
  if (b->scheme == SHELL_BYPASS_TWOLEVEL) {
    if (ph == BDU_PH_DECIDE && !h->bin.kernel_start_i) {
      if (bn) b->dec_b++;
      else b->dec_c++;
    }
    b->bmode_cycles += bq;
    if (b->cyc % b->sample == 0) sample(b, bq);
  } else if (uses_chss(b->scheme)) {
    if (h->cin.disp_valid_i && !h->cin.kernel_start_i) {
      if (b->out.disp_tag_o) b->bg_blocks++;
      else b->ba_blocks++;
    }
    b->tbbg_moves += tbn != tbq;
    if (b->cyc % b->sample == 0) sample(b, tbq);
  }
  if (!bdu_only && !chss_only) shell_byp_hw_commit(h);
  b->cyc++;
  clear_pulses(b); /* pulses last one cycle */
}

/* TWOLEVEL's BDU alone, through bdu_step (shell_byp_commit_hw's bdu_only) */
static inline int bdu_alone(const shell_byp_t *b) {
  const shell_byp_hw_t *h = &b->hw;
  return b->scheme == SHELL_BYPASS_TWOLEVEL && h->has_bdu && h->run_bdu && !(h->has_chss && h->run_chss);
}

/* CHSS's unit alone, through chss_step (shell_byp_commit_hw's chss_only) */
static inline int chss_alone(const shell_byp_t *b) {
  const shell_byp_hw_t *h = &b->hw;
  return uses_chss(b->scheme) && h->has_chss && h->run_chss && !(h->has_bdu && h->run_bdu);
}

uint32_t shell_byp_still_for(const shell_byp_t *b) {
  if (b->prof_v) return 0;
  if (b->quiet && !b->hw.run_bdu && !b->hw.run_chss) return UINT32_MAX;
  if (chss_alone(b)) {
    /* with no dispatch, commit or kernel start, chss_step moves only a
     * period's counters (by the cycle's hit and stall events: a repeated
     * cycle has no hit) or a follower's copy of the leader's TB_bg; a
     * running division moves every cycle.  A follower holds while the
     * leader's TB_bg does (the shell visits the followers left out in the
     * cycle after it moves: shell_t.lead_tbbg) */
    const chss_t *c = &b->hw.i_chss;
    if (b->hw.cin.ev_hit_i) return 0;
    if (b->out.tb_bg_o != c->tb_bg_q || b->out.disp_tag_o) return 0; /* (outputs that move at the next edge: TB_bg before it) */
    return b->hw.cin.mode_follow_i || !c->div_busy_q ? UINT32_MAX : 0; /* (a follower runs no period or division) */
  }
  if (!bdu_alone(b)) return 0;
  /* (a mode that moved at this edge changes the next cycle's decision for
   * a presented load, which the SM's repeat compares: that cycle is
   * evaluated -- out.bmode_o is the mode before the edge) */
  if (b->out.bmode_o != b->hw.i_bdu.bmode_q) return 0;
  return bdu_still_for(&b->hw.i_bdu);
}

/* The time series' samples of n cycles from the hook's cycle counter on,
 * each of value v: the cycles c of [cyc, cyc + n) with c % sample == 0, on
 * the 32-bit counter as shell_byp_commit_hw counts them. */
static void samples(shell_byp_t *b, uint32_t n, uint32_t v) {
  uint64_t left = n;
  uint32_t c = b->cyc;
  while (left) {
    const uint64_t run = left < (uint64_t)UINT32_MAX + 1 - c ? left : (uint64_t)UINT32_MAX + 1 - c; /* (to the wrap) */
    const uint32_t r = c % b->sample;
    for (uint64_t o = r ? b->sample - r : 0; o < run; o += b->sample) sample(b, v);
    left -= run;
    c = (uint32_t)(c + run);
  }
}

void shell_byp_advance(shell_byp_t *b, uint32_t n) {
  if (n && bdu_alone(b)) {
    const uint32_t bq = b->hw.i_bdu.bmode_q; /* (the same every such cycle: no DECIDE among them) */
    bdu_advance(&b->hw.i_bdu, &b->hw.bin, n); /* (bin: the last commit's inputs, its instruction buffers those that stand) */
    b->bmode_cycles += (uint64_t)n * bq;
    samples(b, n, bq);
  } else if (n && chss_alone(b)) {
    /* (cin: the last commit's inputs, the repeated cycle's events; a
     * follower's copy of the leader's TB_bg stands: shell_byp_still_for) */
    const uint32_t tbq = b->hw.i_chss.tb_bg_q;
    chss_advance(&b->hw.i_chss, &b->hw.cin, n);
    samples(b, n, tbq);
  }
  b->cyc += n;
}

void shell_byp_json(const shell_byp_t *b, FILE *f) {
  fprintf(f, ", \"bypass_scheme\": \"%s\"", shell_byp_name(b->scheme));
  if (b->scheme == SHELL_BYPASS_TWOLEVEL)
    fprintf(f, ", \"bdu_bmode_cycles\": %llu, \"bdu_decisions_B\": %llu, \"bdu_decisions_C\": %llu",
            (unsigned long long)b->bmode_cycles, (unsigned long long)b->dec_b, (unsigned long long)b->dec_c);
  if (uses_chss(b->scheme))
    fprintf(f, ", \"chss_tb_bg\": %u, \"chss_bg_blocks\": %llu, \"chss_ba_blocks\": %llu, \"chss_tbbg_moves\": %llu",
            b->hw.i_chss.tb_bg_q, (unsigned long long)b->bg_blocks, (unsigned long long)b->ba_blocks,
            (unsigned long long)b->tbbg_moves);
  if (uses_chss(b->scheme) || b->scheme == SHELL_BYPASS_STATIC)
    fprintf(f, ", \"bypassed_cg\": %llu, \"bypassed_cm\": %llu", (unsigned long long)b->byp_cg,
            (unsigned long long)b->byp_cm);
  if (b->scheme == SHELL_BYPASS_TWOLEVEL || uses_chss(b->scheme)) {
    fprintf(f, ", \"sample_cycles\": %u, \"%s\": [", b->sample,
            b->scheme == SHELL_BYPASS_TWOLEVEL ? "bdu_bmode_series" : "chss_tb_bg_series");
    for (uint32_t i = 0; i < b->nser; i++) fprintf(f, "%s%u", i ? "," : "", b->ser[i]);
    fputc(']', f);
  }
}

/* ---- static tags and the profile ---------------------------------------- */

void shell_byp_tags_free(shell_byp_tags_t *t) {
  free(t->key);
  free(t->tag);
  memset(t, 0, sizeof *t);
}

/* "k<KERNEL>_pc<PC>": decimal numbers without sign or leading junk, each
 * bounded before use (KERNEL <= 65535, PC <= 2^24-1). */
static int tag_name(const char *s, uint32_t *k, uint32_t *pc) {
  unsigned long long v[2];
  const char *pre[2] = {"k", "_pc"};
  for (int i = 0; i < 2; i++) {
    size_t n = strlen(pre[i]);
    if (strncmp(s, pre[i], n) || !isdigit((unsigned char)s[n])) return -1;
    s += n;
    v[i] = 0;
    for (; isdigit((unsigned char)*s); s++) {
      v[i] = v[i] * 10 + (unsigned)(*s - '0');
      if (v[i] > (i ? 16777215u : 65535u)) return -1;
    }
  }
  if (*s) return -1;
  *k = (uint32_t)v[0], *pc = (uint32_t)v[1];
  return 0;
}

/* One line of the file while it loads. */
typedef struct {
  uint64_t key;
  unsigned long line;
  uint8_t tag;
} tag_line_t;

static int tag_line_cmp(const void *a, const void *b) {
  const tag_line_t *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return x->line < y->line ? -1 : x->line > y->line;
}

/* Sorts the lines read (by key, then line) and finds the earliest line that
 * tags a kernel/PC a second time: its index, or n when there is none. */
static size_t tags_first_dup(tag_line_t *e, size_t n) {
  if (n < 2) return n; /* e is NULL when no line was read (qsort must not see it) */
  qsort(e, n, sizeof *e, tag_line_cmp);
  size_t d = n;
  for (size_t i = 1; i < n; i++)
    if (e[i].key == e[i - 1].key && (i < 2 || e[i - 2].key != e[i].key) && (d == n || e[i].line < e[d].line)) d = i;
  return d;
}

int shell_byp_tags_load(shell_byp_tags_t *t, const char *path) {
  memset(t, 0, sizeof *t);
  char pe[300], le[200];
  cfg_escape(path, strlen(path), pe, sizeof pe);
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "error: %s: cannot open (%s)\n", pe, strerror(errno));
    return -1;
  }
  if (cfg_regular(f, path, "a tags file")) {
    fclose(f);
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned long ln = 0;
  int rc = 0;
  /* A line's fault is printed after the lines before it were checked for a
   * kernel/PC tagged twice: the first fault in the file is the one named. */
  char msg[800] = "";
  tag_line_t *e = NULL;
  size_t ne = 0, cape = 0;
  while (!rc && (len = getline(&line, &cap, f)) >= 0) {
    ln++;
    if ((size_t)len != strlen(line)) {
      snprintf(msg, sizeof msg, "error: %s:%lu: NUL byte in the line (expected text: 'k<KERNEL>_pc<PC> ca|cg|cm')", pe, ln);
      rc = -1;
      break;
    }
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char *tok[3];
    int n = 0;
    for (char *x = strtok(line, " \t\r\n"); x && n < 3; x = strtok(NULL, " \t\r\n")) tok[n++] = x;
    if (!n) continue;
    uint32_t k, pc;
    uint8_t tag = n < 2 ? 255 : !strcmp(tok[1], "ca") ? CHSS_LD_CA : !strcmp(tok[1], "cg") ? CHSS_LD_CG
                                  : !strcmp(tok[1], "cm") ? CHSS_LD_CM : 255;
    if (n != 2 || tag_name(tok[0], &k, &pc) || tag == 255) {
      char te[100];
      cfg_escape(tok[0], strlen(tok[0]), le, sizeof le);
      cfg_escape(n > 1 ? tok[1] : "", n > 1 ? strlen(tok[1]) : 0, te, sizeof te);
      snprintf(msg, sizeof msg,
               "error: %s:%lu: '%s%s%s%s': expected 'k<KERNEL>_pc<PC> ca|cg|cm' (KERNEL <= 65535, PC < 2^24; chss-classify output)",
               pe, ln, le, n > 1 ? " " : "", te, n > 2 ? " ..." : "");
      rc = -1;
      break;
    }
    if (ne == cape) {
      size_t nc = cape ? 2 * cape : 256;
      void *q = realloc(e, nc * sizeof *e);
      if (!q) {
        snprintf(msg, sizeof msg, "error: %s:%lu: out of memory", pe, ln);
        rc = -1;
        break;
      }
      e = q;
      cape = nc;
    }
    e[ne++] = (tag_line_t){(uint64_t)k << 32 | pc, ln, tag};
  }
  if (!rc && ferror(f)) {
    snprintf(msg, sizeof msg, "error: %s: read error", pe);
    rc = -1;
  }
  size_t d = tags_first_dup(e, ne);
  if (d < ne) {
    /* both lines named; the later one's kernel/PC quoted as written (read
     * again, when the file can seek; else canonical, without leading zeros) */
    char ke[64];
    snprintf(ke, sizeof ke, "k%u_pc%u", (unsigned)(e[d].key >> 32), (unsigned)e[d].key);
    int seek = !fseek(f, 0, SEEK_SET);
    for (unsigned long i = 0; seek && i < e[d].line && getline(&line, &cap, f) >= 0; i++)
      if (i + 1 == e[d].line) {
        char *x = strtok(line, " \t\r\n#");
        if (x) snprintf(ke, sizeof ke, "%s", x);
      }
    cfg_escape(ke, strlen(ke), le, sizeof le);
    fprintf(stderr, "error: %s:%lu: '%s %s': kernel %u load PC %u tagged a second time (first at line %lu); expected one line per kernel and load PC\n",
            pe, e[d].line, le,
            e[d].tag == CHSS_LD_CA ? "ca" : e[d].tag == CHSS_LD_CG ? "cg" : "cm", (unsigned)(e[d].key >> 32),
            (unsigned)e[d].key, e[d - 1].line);
    rc = -1;
  } else if (rc)
    fprintf(stderr, "%s\n", msg);
  else if (ne) {
    t->key = malloc(ne * sizeof *t->key);
    t->tag = malloc(ne);
    if (!t->key || !t->tag) {
      fprintf(stderr, "error: %s: out of memory\n", pe);
      rc = -1;
    } else {
      for (size_t i = 0; i < ne; i++) t->key[i] = e[i].key, t->tag[i] = e[i].tag;
      t->n = ne;
    }
  }
  free(e);
  free(line);
  fclose(f);
  if (rc) shell_byp_tags_free(t);
  return rc;
}

int shell_byp_prof_write(const shell_byp_prof_t *p, FILE *f) {
  fprintf(f, "# shell-sim --profile: cached line loads per kernel and load PC (the static site, wl_rec_t.site), and hits\n");
  for (uint32_t k = 0; k < p->nk; k++)
    for (uint32_t pc = 0; pc < p->n[k]; pc++)
      if (p->acc[k][pc]) fprintf(f, "load k%u_pc%u %llu %llu\n", k, pc, (unsigned long long)p->acc[k][pc],
                                 (unsigned long long)p->hit[k][pc]);
  return ferror(f) ? -1 : 0;
}

void shell_byp_prof_free(shell_byp_prof_t *p) {
  for (uint32_t k = 0; k < p->nk; k++) free(p->acc[k]), free(p->hit[k]);
  free(p->acc);
  free(p->hit);
  free(p->n);
  memset(p, 0, sizeof *p);
}
