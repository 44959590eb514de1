/* chss_ls.c -- lockstep adapter of the CHSS unit (rtl/chss/chss.sv <->
 * csim/chss/chss.c).
 *
 * Stimulus (from the previous cycle's inputs and outputs only): a thread-
 * block dispatcher for one SM.  Kernels of 1..400 blocks follow each other;
 * each starts with kernel_start_i (every slot idle), a TB_max drawn from
 * 1..TbSlots, an L2 latency (the configured one or any LatW-bit value) and,
 * under CENTRAL control, a coin for leader (learns) or follower (takes the
 * broadcast TB_bg, any value 0..TB_max, changing every few hundred cycles).
 * Blocks are dispatched into random free slots while fewer than TB_max are
 * active, at most one dispatch and one commit per cycle (sometimes into the
 * slot committing in the same cycle), and live 1..LIFE_MAX cycles (phases
 * of short and long lives).  The L1D side gives a hit or a stall per cycle
 * (never both) at phase-dependent rates, including phases of a hit or stall
 * every cycle that overflow narrow counters; the warp count covers every
 * WarpW-bit value including 0.  Loads come from active slots with random
 * ca/cg/cm tags.  While a valid is low its payload is fresh random bits.
 *
 * Scoreboard (check): the adapter keeps the tag of every active block from
 * disp_tag_o; Cur_bg must equal the number of bg blocks, every load's
 * ld_byp_o must follow Table 1 from that tag, and a learning unit's TB_bg
 * must stay within 0..TB_max. */
#include <stdlib.h>
#include <string.h>
#include "chss.h"
#include "chss_ls.h"
#include "ls.h"

/* Functional-coverage points (docs/chss.md, "Coverage"): Table 1 for every
 * load tag in ba and bg blocks, Eq. 2 dispatch decisions, the sampling
 * period, the counters' halving, the divider's corner operands and every
 * hill-climbing outcome, counted from the C model's view of each cycle.
 * (A kernel start during a sampling period is not a point: the dispatcher
 * starts a kernel only after every block of the previous one committed, and
 * the commit of the period's block ends the period.) */
#define COV_LIST(X) \
  X(T1_CA_BA, "table1.ca.in_ba_block.cached") X(T1_CA_BG, "table1.ca.in_bg_block.cached") \
  X(T1_CG_BA, "table1.cg.in_ba_block.bypassed") X(T1_CG_BG, "table1.cg.in_bg_block.bypassed") \
  X(T1_CM_BA, "table1.cm.in_ba_block.cached") X(T1_CM_BG, "table1.cm.in_bg_block.bypassed") \
  X(D_BG, "dispatch.tagged_bg") X(D_BA, "dispatch.tagged_ba") X(C_BG, "commit.bg_block_frees_cur_bg") \
  X(C_D_SAME, "commit_and_dispatch.same_cycle") X(P_START, "period.start") X(P_END, "period.end") \
  X(P_START_ZERO, "period.start.tb_bg_0") X(HALVE, "counters.halved_on_overflow") \
  X(STALL0, "divide.stall_0_counts_as_1") X(WARP0, "divide.warpcount_0_counts_as_1") \
  X(H_UP, "hill.moves_up") X(H_DOWN, "hill.moves_down") X(H_STAY, "hill.stays") \
  X(H_TIE, "hill.tie_between_neighbours_goes_down") X(H_TOP, "hill.at_tb_max_cannot_go_up") \
  X(H_BOTTOM, "hill.at_0_cannot_go_down") X(K_DIV, "kernel_start.during_divide") X(FOLLOW, "follow.broadcast_tb_bg")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct {
  chss_t m;
  chss_in_t in;
  chss_out_t out;
  unsigned control, lat_cfg, life_max;
  /* dispatcher */
  unsigned active[CHSS_MAX_SLOTS], life[CHSS_MAX_SLOTS];
  unsigned tb_max, follow, blocks_left, gap, cur_life_max;
  unsigned disp_pct, hit_pct, stall_pct, ld_pct, warp_mode, warp_fix;
  /* scoreboard */
  unsigned sb_active[CHSS_MAX_SLOTS], sb_tag[CHSS_MAX_SLOTS];
  uint64_t n_kernels, n_blocks, n_bg, n_periods, n_up, n_down, n_stay, n_follow_cycles, n_ovf, n_ld_byp;
  uint64_t cov[COV_N];
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
  if (chss_init_cfg(&c->m, cfg)) { free(c); return NULL; }
  c->control = (unsigned)CFG(cfg, CHSS_CONTROL);
  c->lat_cfg = (unsigned)CFG(cfg, CHSS_L2_LAT);
  c->life_max = (unsigned)CFG(cfg, CHSS_LIFE_MAX);
  return c;
}

static void destroy(void *p) { free(p); }

static void declare(void *p, ls_map_t *map) {
  ctx_t *c = p;
  chss_t *m = &c->m;
  ls_param_set(map, c->cfg, "CHSS", "", NULL);

  ls_input(map, "mode_follow_i", 1, &c->in.mode_follow_i);
  ls_input(map, "bcast_tbbg_i", m->tb_w, &c->in.bcast_tbbg_i);
  ls_input(map, "kernel_start_i", 1, &c->in.kernel_start_i);
  ls_input(map, "tb_max_i", m->tb_w, &c->in.tb_max_i);
  ls_input(map, "disp_valid_i", 1, &c->in.disp_valid_i);
  ls_input(map, "disp_slot_i", m->slot_w, &c->in.disp_slot_i);
  ls_input(map, "cmt_valid_i", 1, &c->in.cmt_valid_i);
  ls_input(map, "cmt_slot_i", m->slot_w, &c->in.cmt_slot_i);
  ls_input(map, "ev_hit_i", 1, &c->in.ev_hit_i);
  ls_input(map, "ev_stall_i", 1, &c->in.ev_stall_i);
  ls_input(map, "warp_cnt_i", m->warp_w, &c->in.warp_cnt_i);
  ls_input(map, "l2_lat_i", m->lat_w, &c->in.l2_lat_i);
  ls_input(map, "ld_valid_i", 1, &c->in.ld_valid_i);
  ls_input(map, "ld_tag_i", 2, &c->in.ld_tag_i);
  ls_input(map, "ld_slot_i", m->slot_w, &c->in.ld_slot_i);

  ls_output(map, "disp_tag_o", 1, &c->out.disp_tag_o);
  ls_output(map, "ld_byp_o", 1, &c->out.ld_byp_o);
  ls_output(map, "tb_bg_o", m->tb_w, &c->out.tb_bg_o);
  ls_output(map, "cur_bg_o", m->tb_w, &c->out.cur_bg_o);
  ls_output(map, "sampling_o", 1, &c->out.sampling_o);
  ls_output(map, "busy_o", 1, &c->out.busy_o);

  chss_ls_declare_state(map, "", m);
  for (int i = 0; i < COV_N; i++) {
    /* the follow mode exists only under central control (SMs other than SM0 follow) */
    if (i == COV_FOLLOW && c->control != CHSS_CONTROL_CENTRAL) continue;
    ls_cover(map, cov_name[i], &c->cov[i]);
  }
}

static void reset(void *p) {
  ctx_t *c = p;
  chss_reset(&c->m);
  memset(c->active, 0, sizeof c->active);
  memset(c->sb_active, 0, sizeof c->sb_active);
  memset(c->sb_tag, 0, sizeof c->sb_tag);
  c->tb_max = c->m.slots; /* the reset value of tb_max_q: the first kernel runs without a kernel_start */
  c->follow = 0;
  c->blocks_left = 50;
  c->gap = 0;
}

static uint32_t rbits(ls_rng_t *r, unsigned w) { return w >= 32 ? (uint32_t)ls_rand(r) : (uint32_t)ls_rand(r) & ((1u << w) - 1u); }

static void new_phase(ctx_t *c, ls_rng_t *r) {
  static const unsigned pct[] = {0, 5, 30, 60, 100};
  c->disp_pct = 5 + ls_below(r, 96);
  c->hit_pct = pct[ls_below(r, 5)];
  c->stall_pct = pct[ls_below(r, 5)];
  c->ld_pct = ls_below(r, 101);
  c->warp_mode = ls_below(r, 3);
  c->warp_fix = rbits(r, c->m.warp_w);
  unsigned lm = c->life_max;
  c->cur_life_max = ls_chance(r, 50) ? lm : 1 + ls_below(r, lm < 40 ? lm : 40);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  chss_t *m = &c->m;
  const unsigned S = m->slots;
  if (cycle == 0) {
    new_phase(c, r);
    c->in.mode_follow_i = 0;
    c->in.l2_lat_i = c->lat_cfg;
    c->in.bcast_tbbg_i = 0;
  }
  if (cycle % 777 == 0) new_phase(c, r);

  /* lifetimes */
  for (unsigned i = 0; i < S; i++)
    if (c->active[i] && c->life[i]) c->life[i]--;
  unsigned nact = 0;
  for (unsigned i = 0; i < S; i++) nact += c->active[i];

  c->in.kernel_start_i = 0;
  c->in.cmt_valid_i = 0;
  c->in.disp_valid_i = 0;
  if (c->blocks_left == 0 && nact == 0) {
    if (c->gap) c->gap--;
    else { /* a new kernel */
      c->in.kernel_start_i = 1;
      c->tb_max = 1 + ls_below(r, S);
      c->follow = c->control == CHSS_CONTROL_CENTRAL && ls_chance(r, 50);
      c->in.mode_follow_i = c->follow;
      c->in.l2_lat_i = ls_chance(r, 50) ? c->lat_cfg : rbits(r, m->lat_w);
      c->in.bcast_tbbg_i = ls_below(r, c->tb_max + 1);
      c->blocks_left = 1 + ls_below(r, ls_chance(r, 20) ? 400 : 60);
      c->gap = ls_below(r, 20);
    }
  } else if (c->blocks_left == 0 && !c->gap) c->gap = ls_below(r, 20);
  c->in.tb_max_i = c->in.kernel_start_i ? c->tb_max : rbits(r, m->tb_w);

  if (!c->in.kernel_start_i) {
    /* one commit: the lowest-numbered block whose life ended, from a random start */
    unsigned s0 = ls_below(r, S);
    for (unsigned k = 0; k < S; k++) {
      unsigned i = (s0 + k) % S;
      if (c->active[i] && c->life[i] == 0) {
        c->in.cmt_valid_i = 1;
        c->in.cmt_slot_i = i;
        c->active[i] = 0;
        nact--;
        break;
      }
    }
    /* one dispatch into a free slot (may be the one committing now) */
    if (c->blocks_left && nact < c->tb_max && ls_chance(r, c->disp_pct)) {
      unsigned nfree = S - nact, pick = ls_below(r, nfree);
      for (unsigned i = 0; i < S; i++) {
        if (c->active[i]) continue;
        if (pick-- == 0) {
          c->in.disp_valid_i = 1;
          c->in.disp_slot_i = i;
          c->active[i] = 1;
          c->life[i] = 1 + ls_below(r, c->cur_life_max);
          c->blocks_left--;
          break;
        }
      }
    }
  }
  if (!c->in.cmt_valid_i) c->in.cmt_slot_i = rbits(r, m->slot_w);
  if (!c->in.disp_valid_i) c->in.disp_slot_i = rbits(r, m->slot_w);

  /* the leader's broadcast moves now and then */
  if (ls_chance(r, 1) && ls_chance(r, 30)) c->in.bcast_tbbg_i = ls_below(r, c->tb_max + 1);

  /* L1D events: a hit (an accepted access) or a stall (a refused one) */
  c->in.ev_hit_i = ls_chance(r, c->hit_pct);
  c->in.ev_stall_i = !c->in.ev_hit_i && ls_chance(r, c->stall_pct);
  c->in.warp_cnt_i = c->warp_mode == 0 ? rbits(r, m->warp_w) : c->warp_mode == 1 ? c->warp_fix : 0;
  if (c->warp_mode == 2 && ls_chance(r, 50)) c->in.warp_cnt_i = rbits(r, m->warp_w);

  /* a load from an active block */
  unsigned any = 0;
  for (unsigned i = 0; i < S; i++) any |= c->active[i];
  c->in.ld_valid_i = any && ls_chance(r, c->ld_pct);
  if (c->in.ld_valid_i) {
    unsigned pick;
    do pick = ls_below(r, S); while (!c->active[pick]);
    c->in.ld_slot_i = pick;
    c->in.ld_tag_i = ls_below(r, 3);
  } else {
    c->in.ld_slot_i = rbits(r, m->slot_w);
    c->in.ld_tag_i = rbits(r, 2);
  }
}

static void count_coverage(ctx_t *c) {
  const chss_t *m = &c->m;
  const chss_in_t *in = &c->in;
  const chss_out_t *o = &c->out;
  uint64_t *v = c->cov;
  unsigned S = m->slots;
  if (in->ld_valid_i && in->ld_slot_i < S && in->ld_tag_i <= CHSS_LD_CM) {
    static const int t1[3][2] = {{COV_T1_CA_BA, COV_T1_CA_BG}, {COV_T1_CG_BA, COV_T1_CG_BG}, {COV_T1_CM_BA, COV_T1_CM_BG}};
    v[t1[in->ld_tag_i][m->tag_q[in->ld_slot_i] ? 1 : 0]]++;
  }
  if (in->kernel_start_i) {
    if (m->div_busy_q) v[COV_K_DIV]++;
    return;
  }
  if (in->mode_follow_i) { v[COV_FOLLOW]++; return; }
  if (in->disp_valid_i) v[o->disp_tag_o ? COV_D_BG : COV_D_BA]++;
  if (in->cmt_valid_i && in->cmt_slot_i < S && m->tag_q[in->cmt_slot_i] && m->cur_bg_q) v[COV_C_BG]++;
  if (in->cmt_valid_i && in->disp_valid_i) v[COV_C_D_SAME]++;
  if (m->per_slot_d == in->disp_slot_i && m->per_act_d && !m->per_act_q) {
    v[COV_P_START]++;
    if (m->tb_bg_q == 0) v[COV_P_START_ZERO]++;
  }
  uint32_t per_end = m->per_act_q && in->cmt_valid_i && in->cmt_slot_i == m->per_slot_q;
  if (per_end) {
    v[COV_P_END]++;
    if (m->stall_cnt_d == 0 && m->div_den_d == (in->warp_cnt_i ? in->warp_cnt_i : 1)) v[COV_STALL0]++;
    if (in->warp_cnt_i == 0) v[COV_WARP0]++;
  }
  if (m->per_act_q && !per_end) {
    uint32_t hsum = m->hit_cnt_q + in->ev_hit_i, ssum = m->stall_cnt_q + in->ev_stall_i;
    if ((hsum >> m->cnt_w) || (ssum >> m->cnt_w)) v[COV_HALVE]++;
  }
  if (m->div_busy_q && m->div_cnt_q == 1) { /* the step that stores CHSS[TB_bg] and climbs */
    uint32_t b = m->tb_bg_q, nb = m->tb_bg_d, cur = m->div_num_d;
    uint32_t up_ok = b < m->tb_max_q, dn_ok = b != 0;
    uint32_t up_v = b + 1 <= S ? m->chss_q[b + 1] : 0, dn_v = (b >= 1 && b - 1 <= S) ? m->chss_q[b - 1] : 0;
    v[nb > b ? COV_H_UP : nb < b ? COV_H_DOWN : COV_H_STAY]++;
    if (up_ok && dn_ok && up_v == dn_v && dn_v > cur) v[COV_H_TIE]++;
    if (!up_ok) v[COV_H_TOP]++;
    if (!dn_ok) v[COV_H_BOTTOM]++;
  }
}

static void comb(void *p) {
  ctx_t *c = p;
  chss_comb(&c->m, &c->in, &c->out);
  count_coverage(c);
}

static void commit(void *p) {
  ctx_t *c = p;
  /* coverage, from the cycle just computed */
  const chss_t *m = &c->m;
  if (m->div_busy_q && m->div_cnt_q == 1 && !c->in.kernel_start_i && !c->in.mode_follow_i) {
    c->n_periods++;
    if (m->tb_bg_d > m->tb_bg_q) c->n_up++;
    else if (m->tb_bg_d < m->tb_bg_q) c->n_down++;
    else c->n_stay++;
  }
  if (m->per_act_q && !c->in.mode_follow_i &&
      ((m->hit_cnt_q + c->in.ev_hit_i) >> m->cnt_w || (m->stall_cnt_q + c->in.ev_stall_i) >> m->cnt_w))
    c->n_ovf++;
  c->n_follow_cycles += c->in.mode_follow_i;
  chss_commit(&c->m);
}

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const chss_t *m = &c->m;
  const unsigned S = m->slots;
  (void)cycle;
  if (c->in.ld_valid_i) {
    unsigned s = c->in.ld_slot_i, t = c->in.ld_tag_i;
    unsigned want = t == CHSS_LD_CG || (t == CHSS_LD_CM && c->sb_tag[s]);
    if (c->out.ld_byp_o != want) {
      snprintf(msg, n, "chss scoreboard: load tag %u from slot %u (block tag %s): ld_byp_o=%u, Table 1 says %u", t, s,
               c->sb_tag[s] ? "bg" : "ba", c->out.ld_byp_o, want);
      return 1;
    }
    c->n_ld_byp += want;
  }
  if (c->in.kernel_start_i) {
    memset(c->sb_active, 0, sizeof c->sb_active);
    memset(c->sb_tag, 0, sizeof c->sb_tag);
    c->n_kernels++;
  } else {
    if (c->in.cmt_valid_i) c->sb_active[c->in.cmt_slot_i] = c->sb_tag[c->in.cmt_slot_i] = 0;
    if (c->in.disp_valid_i) {
      c->sb_active[c->in.disp_slot_i] = 1;
      c->sb_tag[c->in.disp_slot_i] = c->out.disp_tag_o;
      c->n_blocks++;
      c->n_bg += c->out.disp_tag_o;
    }
  }
  unsigned nbg = 0;
  for (unsigned i = 0; i < S; i++) nbg += c->sb_tag[i];
  if (nbg != m->cur_bg_q) {
    snprintf(msg, n, "chss scoreboard: %u active blocks are tagged bg, Cur_bg = %u", nbg, m->cur_bg_q);
    return 1;
  }
  if (!c->in.mode_follow_i && m->tb_bg_q > m->tb_max_q) {
    snprintf(msg, n, "chss scoreboard: TB_bg = %u above TB_max = %u", m->tb_bg_q, m->tb_max_q);
    return 1;
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  const chss_t *m = &c->m;
  fprintf(f, "chss: slots=%u cnt_w=%u lat_w=%u frac_w=%u warp_w=%u (CHSS values %u bits, divider %u cycles) control=%s\n",
          m->slots, m->cnt_w, m->lat_w, m->frac_w, m->warp_w, m->num_w, m->num_w,
          c->control == CHSS_CONTROL_CENTRAL ? "central" : "decentral");
  fprintf(f, "chss: kernels=%llu blocks=%llu (bg %llu) periods=%llu TB_bg moves up=%llu down=%llu stay=%llu counter halvings=%llu follower cycles=%llu bypassed loads=%llu\n",
          (unsigned long long)c->n_kernels, (unsigned long long)c->n_blocks, (unsigned long long)c->n_bg,
          (unsigned long long)c->n_periods, (unsigned long long)c->n_up, (unsigned long long)c->n_down,
          (unsigned long long)c->n_stay, (unsigned long long)c->n_ovf, (unsigned long long)c->n_follow_cycles,
          (unsigned long long)c->n_ld_byp);
  fprintf(f, "chss: final TB_bg=%u TB_max=%u table:", m->tb_bg_q, m->tb_max_q);
  for (unsigned i = 0; i <= m->slots; i++) fprintf(f, " %x", m->chss_q[i]);
  fprintf(f, "\n");
}

void chss_ls_declare_state(ls_map_t *map, const char *prefix, const chss_t *m) {
  char nm[128];
#define P(s) (snprintf(nm, sizeof nm, "%s%s", prefix, s), nm)
  /* every register of rtl/chss/chss.sv */
  ls_reg_array(map, P("tag_q"), 1, m->slots, m->tag_q, sizeof m->tag_q[0]);
  ls_reg_array(map, P("chss_q"), m->num_w, m->slots + 1, m->chss_q, sizeof m->chss_q[0]);
  ls_reg(map, P("cur_bg_q"), m->tb_w, &m->cur_bg_q);
  ls_reg(map, P("tb_bg_q"), m->tb_w, &m->tb_bg_q);
  ls_reg(map, P("tb_max_q"), m->tb_w, &m->tb_max_q);
  ls_reg(map, P("per_act_q"), 1, &m->per_act_q);
  ls_reg(map, P("per_slot_q"), m->slot_w, &m->per_slot_q);
  ls_reg(map, P("hit_cnt_q"), m->cnt_w, &m->hit_cnt_q);
  ls_reg(map, P("stall_cnt_q"), m->cnt_w, &m->stall_cnt_q);
  ls_reg(map, P("div_busy_q"), 1, &m->div_busy_q);
  ls_reg(map, P("div_cnt_q"), m->dc_w, &m->div_cnt_q);
  ls_reg(map, P("div_num_q"), m->num_w, &m->div_num_q);
  ls_reg(map, P("div_rem_q"), m->den_w, &m->div_rem_q);
  ls_reg(map, P("div_den_q"), m->den_w, &m->div_den_q);
#undef P
}

const ls_block_t ls_block_chss = {
    .name = "chss",
    .rtl_module = "chss",
    .help = "CHSS dynamic bypassing unit (the coordinated-bypassing paper): block tags, Table 1, TB_bg hill climbing",
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
