/* chss.c -- see chss.h and rtl/chss/chss.sv. */
#include "chss.h"
#include <string.h>

static unsigned clog2(unsigned x) {
  unsigned r = 0;
  while ((1u << r) < x) r++;
  return r;
}

static uint32_t mask(unsigned w) { return w >= 32 ? 0xffffffffu : (1u << w) - 1u; }

int chss_init(chss_t *c, unsigned slots, unsigned cnt_w, unsigned lat_w, unsigned frac_w, unsigned warp_w) {
  memset(c, 0, sizeof *c);
  if (slots < 2 || slots > CHSS_MAX_SLOTS || cnt_w < 2 || cnt_w + lat_w + frac_w > 32 || warp_w < 1 ||
      cnt_w + warp_w > 31)
    return -1;
  c->slots = slots;
  c->cnt_w = cnt_w;
  c->lat_w = lat_w;
  c->frac_w = frac_w;
  c->warp_w = warp_w;
  c->slot_w = clog2(slots);
  c->tb_w = clog2(slots + 1);
  c->num_w = cnt_w + lat_w + frac_w;
  c->den_w = cnt_w + warp_w;
  c->dc_w = clog2(c->num_w + 1);
  chss_reset(c);
  return 0;
}

int chss_init_cfg(chss_t *c, const l1sys_cfg_t *cfg) {
  unsigned cw = (unsigned)CFG(cfg, CHSS_CNT_W), lw = (unsigned)CFG(cfg, CHSS_LAT_W), fw = (unsigned)CFG(cfg, CHSS_FRAC_W);
  if (cw + lw + fw > 32) return cfg_reject(cfg, P_CHSS_FRAC_W, "CHSS_CNT_W + CHSS_LAT_W + CHSS_FRAC_W must be <= 32 (the CHSS value width)");
  if ((unsigned long long)CFG(cfg, CHSS_L2_LAT) > mask(lw)) return cfg_reject(cfg, P_CHSS_L2_LAT, "must fit CHSS_LAT_W bits");
  return chss_init(c, (unsigned)CFG(cfg, CHSS_TB_SLOTS), cw, lw, fw, (unsigned)CFG(cfg, CHSS_WARP_W));
}

void chss_reset(chss_t *c) {
  for (unsigned i = 0; i < c->slots; i++) c->tag_q[i] = c->tag_d[i] = 0;
  for (unsigned i = 0; i <= c->slots; i++) c->chss_q[i] = c->chss_d[i] = mask(c->num_w);
  c->cur_bg_q = 0;
  c->tb_bg_q = c->slots;
  c->tb_max_q = c->slots;
  c->per_act_q = c->per_slot_q = 0;
  c->hit_cnt_q = c->stall_cnt_q = 0;
  c->div_busy_q = c->div_cnt_q = c->div_num_q = c->div_rem_q = c->div_den_q = 0;
}

uint32_t chss_score(const chss_t *c, uint32_t hits, uint32_t stalls, uint32_t warps, uint32_t lat) {
  uint64_t num = ((uint64_t)hits * lat << c->frac_w) & mask(c->num_w);
  uint64_t den = (uint64_t)(stalls ? stalls : 1) * (warps ? warps : 1);
  return (uint32_t)(num / den);
}

/* The period counters' next values with this cycle's events: both halved
 * when either would overflow. */
static inline void counters_next(const chss_t *c, const chss_in_t *in, uint32_t *hit_nxt, uint32_t *stall_nxt) {
  const uint32_t cm = mask(c->cnt_w);
  uint32_t hsum = c->hit_cnt_q + in->ev_hit_i, ssum = c->stall_cnt_q + in->ev_stall_i;
  uint32_t ovf = (hsum >> c->cnt_w) || (ssum >> c->cnt_w);
#ifdef FAULT_CHSS_HALVE
  *hit_nxt = (hsum >> c->cnt_w) ? hsum >> 1 : hsum & cm; /* injected: Hits not halved with Stall */
#else
  *hit_nxt = ovf ? hsum >> 1 : hsum & cm;
#endif
  *stall_nxt = ovf ? ssum >> 1 : ssum & cm;
}

/* Table 1: a load bypasses by its own tag (cg), or (cm) by its block's */
static inline uint32_t ld_byp_of(const chss_t *c, const chss_in_t *in) {
  const uint32_t ld_bg = in->ld_slot_i < c->slots ? c->tag_q[in->ld_slot_i] : 0;
  return in->ld_valid_i && (in->ld_tag_i == CHSS_LD_CG || (in->ld_tag_i == CHSS_LD_CM && ld_bg));
}

void chss_comb(chss_t *c, const chss_in_t *in, chss_out_t *out) {
  const unsigned S = c->slots, tbm = mask(c->tb_w), nm = mask(c->num_w), dm = mask(c->den_w);
  memcpy(c->tag_d, c->tag_q, S * sizeof c->tag_q[0]);
  memcpy(c->chss_d, c->chss_q, (S + 1) * sizeof c->chss_q[0]);
  c->cur_bg_d = c->cur_bg_q;
  c->tb_bg_d = c->tb_bg_q;
  c->tb_max_d = c->tb_max_q;
  c->per_act_d = c->per_act_q;
  c->per_slot_d = c->per_slot_q;
  c->hit_cnt_d = c->hit_cnt_q;
  c->stall_cnt_d = c->stall_cnt_q;
  c->div_busy_d = c->div_busy_q;
  c->div_cnt_d = c->div_cnt_q;
  c->div_num_d = c->div_num_q;
  c->div_rem_d = c->div_rem_q;
  c->div_den_d = c->div_den_q;

  /* ---- Table 1: the load's bypass from its tag and its block's tag */
  out->ld_byp_o = ld_byp_of(c, in);

  /* ---- commit, then dispatch: Cur_bg and Eq. 2 */
  uint32_t cmt_bg = in->cmt_slot_i < S ? c->tag_q[in->cmt_slot_i] : 0;
  uint32_t cur1 = c->cur_bg_q;
  if (in->cmt_valid_i && cmt_bg && c->cur_bg_q != 0) cur1 = c->cur_bg_q - 1;
#ifdef FAULT_CHSS_EQ2
  out->disp_tag_o = in->disp_valid_i && cur1 <= c->tb_bg_q; /* injected: bg also when Cur_bg == TB_bg */
#else
  out->disp_tag_o = in->disp_valid_i && cur1 < c->tb_bg_q;
#endif
  uint32_t cur2 = (cur1 + out->disp_tag_o) & tbm;
  if (in->cmt_valid_i && in->cmt_slot_i < S) c->tag_d[in->cmt_slot_i] = 0;
  if (in->disp_valid_i && in->disp_slot_i < S) c->tag_d[in->disp_slot_i] = out->disp_tag_o;
  c->cur_bg_d = cur2;

  /* ---- period counters: both halved when either would overflow */
  uint32_t hit_nxt, stall_nxt;
  counters_next(c, in, &hit_nxt, &stall_nxt);

  /* ---- Eq. 1 operands at the period's end (zero Stall or WarpCount count as 1) */
  uint32_t stall_nz = stall_nxt ? stall_nxt : 1, warp_nz = in->warp_cnt_i ? in->warp_cnt_i : 1;
  uint32_t num = (uint32_t)((((uint64_t)hit_nxt * in->l2_lat_i) << c->frac_w) & nm);
  uint32_t den = (uint32_t)(((uint64_t)stall_nz * warp_nz) & dm);

  /* ---- one restoring-division step */
  uint64_t rem_sh = ((uint64_t)c->div_rem_q << 1) | ((c->div_num_q >> (c->num_w - 1)) & 1u);
#ifdef FAULT_CHSS_DIV
  uint32_t q_bit = rem_sh > c->div_den_q; /* injected: equal remainder not subtracted */
#else
  uint32_t q_bit = rem_sh >= c->div_den_q;
#endif
  uint32_t rem_new = (uint32_t)((q_bit ? rem_sh - c->div_den_q : rem_sh) & dm);
  uint32_t num_new = ((c->div_num_q << 1) | q_bit) & nm;

  /* ---- hill climbing on the new CHSS[TB_bg]: strictly better moves, a tie
   * between the neighbours goes to TB_bg - 1 */
  uint32_t b = c->tb_bg_q;
  uint32_t up_ok = b < c->tb_max_q, dn_ok = b != 0;
  uint32_t up_v = b + 1 <= S ? c->chss_q[b + 1] : 0, dn_v = (b >= 1 && b - 1 <= S) ? c->chss_q[b - 1] : 0;
  uint32_t best = b, best_v = num_new;
  if (dn_ok && dn_v > best_v) {
    best = (b - 1) & tbm;
    best_v = dn_v;
  }
  if (up_ok && up_v > best_v) best = (b + 1) & tbm;

  /* ---- Step 2: period start and end */
  uint32_t per_end = c->per_act_q && in->cmt_valid_i && in->cmt_slot_i == c->per_slot_q;
  uint32_t per_start = !c->per_act_q && !c->div_busy_q && in->disp_valid_i && cur2 == c->tb_bg_q &&
                       (out->disp_tag_o || c->tb_bg_q == 0);

  if (in->kernel_start_i) { /* Step 1: a new kernel */
    for (unsigned i = 0; i < S; i++) c->tag_d[i] = 0;
    for (unsigned i = 0; i <= S; i++) c->chss_d[i] = nm;
    c->cur_bg_d = 0;
    c->tb_max_d = in->tb_max_i;
    c->tb_bg_d = in->mode_follow_i ? in->bcast_tbbg_i : in->tb_max_i;
    c->per_act_d = 0;
    c->per_slot_d = 0;
    c->hit_cnt_d = c->stall_cnt_d = 0;
    c->div_busy_d = c->div_cnt_d = c->div_num_d = c->div_rem_d = c->div_den_d = 0;
  } else if (in->mode_follow_i) {
    c->tb_bg_d = in->bcast_tbbg_i;
    c->per_act_d = 0;
    c->div_busy_d = 0;
  } else {
    if (per_start) {
      c->per_act_d = 1;
      c->per_slot_d = in->disp_slot_i;
      c->hit_cnt_d = c->stall_cnt_d = 0;
    } else if (c->per_act_q) {
      c->hit_cnt_d = hit_nxt;
      c->stall_cnt_d = stall_nxt;
    }
    if (per_end) {
      c->per_act_d = 0;
      c->div_busy_d = 1;
      c->div_cnt_d = c->num_w;
      c->div_num_d = num;
      c->div_rem_d = 0;
      c->div_den_d = den;
    }
    if (c->div_busy_q) {
      c->div_num_d = num_new;
      c->div_rem_d = rem_new;
      c->div_cnt_d = (c->div_cnt_q - 1) & mask(c->dc_w);
      if (c->div_cnt_q == 1) { /* Step 3: store CHSS[TB_bg], move TB_bg */
        c->div_busy_d = 0;
        if (b <= S) c->chss_d[b] = num_new;
        c->tb_bg_d = best;
      }
    }
  }

  out->tb_bg_o = c->tb_bg_q;
  out->cur_bg_o = c->cur_bg_q;
  out->sampling_o = c->per_act_q;
  out->busy_o = c->div_busy_q;
}

/* chss_comb then chss_commit.  A cycle with no kernel start, dispatch or
 * commit moves little: a follower (mode_follow_i) takes the leader's
 * TB_bg and stops its period and division; otherwise, with no division
 * running, only the period counters move, and those only while a period
 * is sampled.  Every other next state chss_comb would compute equals its
 * register (the tags, Cur_bg, the table, TB_bg and the period's and
 * divider's state move only on those events), so such a cycle is its
 * outputs and those few registers. */
void chss_step(chss_t *c, const chss_in_t *in, chss_out_t *out) {
  const uint32_t follow = in->mode_follow_i;
  if (in->kernel_start_i | in->disp_valid_i | in->cmt_valid_i | (c->div_busy_q & !follow)) {
    chss_comb(c, in, out);
    chss_commit(c);
    return;
  }
  out->ld_byp_o = ld_byp_of(c, in);
  out->disp_tag_o = 0;
  out->tb_bg_o = c->tb_bg_q;
  out->cur_bg_o = c->cur_bg_q;
  out->sampling_o = c->per_act_q;
  out->busy_o = c->div_busy_q;
  if (follow) {
    c->tb_bg_q = c->tb_bg_d = in->bcast_tbbg_i;
    c->per_act_q = c->per_act_d = 0;
    c->div_busy_q = c->div_busy_d = 0;
  } else if (c->per_act_q) {
    uint32_t h, s;
    counters_next(c, in, &h, &s);
    c->hit_cnt_q = c->hit_cnt_d = h;
    c->stall_cnt_q = c->stall_cnt_d = s;
  }
}

void chss_commit(chss_t *c) {
  memcpy(c->tag_q, c->tag_d, c->slots * sizeof c->tag_q[0]);
  memcpy(c->chss_q, c->chss_d, (c->slots + 1) * sizeof c->chss_q[0]);
  c->cur_bg_q = c->cur_bg_d;
  c->tb_bg_q = c->tb_bg_d;
  c->tb_max_q = c->tb_max_d;
  c->per_act_q = c->per_act_d;
  c->per_slot_q = c->per_slot_d;
  c->hit_cnt_q = c->hit_cnt_d;
  c->stall_cnt_q = c->stall_cnt_d;
  c->div_busy_q = c->div_busy_d;
  c->div_cnt_q = c->div_cnt_d;
  c->div_num_q = c->div_num_d;
  c->div_rem_q = c->div_rem_d;
  c->div_den_q = c->div_den_d;
}

void chss_advance(chss_t *c, const chss_in_t *in, uint32_t n) {
  if (!n) return;
  if (in->mode_follow_i) {
    c->tb_bg_q = c->tb_bg_d = in->bcast_tbbg_i;
    c->per_act_q = c->per_act_d = 0;
    c->div_busy_q = c->div_busy_d = 0;
    return;
  }
  if (!c->per_act_q || !in->ev_stall_i) return; /* (no period, or no stall: counters_next keeps them) */
  /* a stall every cycle, no hit: counters_next's Stall climbs by one, and
   * the cycle it would reach 2^CntW both are halved (Stall to 2^(CntW-1)) */
  const uint32_t top = 1u << c->cnt_w, half = top >> 1;
  while (n) {
    const uint32_t k = top - c->stall_cnt_q; /* (the k-th cycle from now overflows) */
    if (n < k) {
      c->stall_cnt_q += n;
      break;
    }
    n -= k;
    c->stall_cnt_q = half;
    c->hit_cnt_q >>= 1;
    if (!c->hit_cnt_q) { /* (from here on the same overflow every half cycles) */
      c->stall_cnt_q = half + n % half;
      break;
    }
  }
  c->hit_cnt_d = c->hit_cnt_q;
  c->stall_cnt_d = c->stall_cnt_q;
}
