/* test_shell_skip.c -- the GPU shell's C-model skip paths against evaluating
 * every block every cycle (shell_t.eval_all): SMs asleep at their fixpoint,
 * SMs repeating a stalled cycle (shell_sm_still), L2 banks asleep.  None of
 * these is hardware, and the lockstep engine checks them only through the
 * registers the RTL has; the statistics (the SMs' counters, GPGPU-Sim's
 * per-kernel cache statistics) are C-only, so they are checked here: two
 * shells on the same workload, one with the skip paths and one without,
 * must agree after every cycle on every counter, and print the same
 * GPGPU-Sim statistics at the end.  Each case also checks that the path it
 * is there for was taken. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shell.h"
#include "shell_gstats.h"
#include "shell_wl.h"
#include "tcheck.h"

typedef struct {
  const char *what, *set, *wl, *args;
  unsigned cycles;
  int want_rep, want_asleep; /* the case must take this path at least once */
  int want_rep_out;          /* and leave repeating SMs out of the passes (shell_t.zz, not asleep) */
  int want_pop;              /* and end such a repeat by popping its injection queue (shell_t.zz_pops) */
  int want_wake;             /* and visit such an SM when its bypass unit's timer runs out (shell_t.zw_wakes; 2: when
                              * the CHSS leader's TB_bg moves, shell_t.lead_wakes) */
  int want_rmt;              /* and keep repeating an SM through a remote lookup its L1D serves (l1d.c rmt_side) */
} skip_case_t;

static int setup(shell_t *s, const shell_wl_t *w, const char *set, int eval_all) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  char buf[256];
  snprintf(buf, sizeof buf, "%s", set);
  for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
    if (cfg_set(&cfg, t, "test")) return -1;
  if (shell_init(s, &cfg, w)) return -1;
  s->eval_all = eval_all;
  return 0;
}

/* The first counter that differs, as text; "" when all agree.  cyc: also
 * the cycle counters of the SMs, their hooks and the banks (a's brought up
 * to date by shell_sync first: they lag while left out), and of an SM left
 * out while it repeats (zl, not asleep) its memory-stall statistic and its
 * L1D's counters, which lag with them. */
static void differ(const shell_t *a, const shell_t *b, int cyc, char *msg, size_t n) {
  msg[0] = 0;
  if (a->cycle_q != b->cycle_q || a->done != b->done) {
    snprintf(msg, n, "cycle %u/%u done %d/%d", a->cycle_q, b->cycle_q, a->done, b->done);
    return;
  }
  for (unsigned i = 0; i < a->nsm; i++) {
    const shell_sm_t *x = &a->sm[i], *y = &b->sm[i];
    const int lag = !cyc && (a->zl[i >> 5] >> (i & 31) & 1) && a->dorm[i] < SHELL_SM_SETTLE;
    for (unsigned k = 0; k < SHS_N; k++)
      if (x->st[k] != y->st[k] && !(lag && k == SHS_STALL_MEM)) {
        snprintf(msg, n, "SM %u statistic %s: %llu, evaluated every cycle %llu", i, shell_sm_stat_name[k],
                 (unsigned long long)x->st[k], (unsigned long long)y->st[k]);
        return;
      }
    for (unsigned k = 0; k < L1D_NCNT && !lag; k++)
      if (x->i_l1d.cnt_q[k] != y->i_l1d.cnt_q[k]) {
        snprintf(msg, n, "SM %u L1D counter %u: %u, evaluated every cycle %u", i, k, x->i_l1d.cnt_q[k], y->i_l1d.cnt_q[k]);
        return;
      }
    /* every output (all 32-bit fields before the remote-data pointer) */
    if (memcmp(&x->out, &y->out, offsetof(shell_sm_out_t, rmt_data_o))) {
      const uint32_t *p = (const uint32_t *)&x->out, *q = (const uint32_t *)&y->out;
      unsigned f = 0;
      while (p[f] == q[f]) f++;
      snprintf(msg, n, "SM %u output word %u of shell_sm_out_t: %u, evaluated every cycle %u", i, f, p[f], q[f]);
      return;
    }
    if (cyc && (x->cyc_q != y->cyc_q || x->cyc_d != y->cyc_d || a->byp[i].cyc != b->byp[i].cyc)) {
      snprintf(msg, n, "SM %u cycle counters: %u %u %u, evaluated every cycle %u %u %u", i, x->cyc_q, x->cyc_d,
               a->byp[i].cyc, y->cyc_q, y->cyc_d, b->byp[i].cyc);
      return;
    }
    /* the bypass hook: its statistics, its units' registers (bdu_step and
     * chss_step against the twins' comb and edge) and outputs; of an SM
     * left out (zl), whose hook's unit only counts while it lags
     * (shell_byp_advance), the statistics and registers when brought up to
     * date, its outputs (which stand) every cycle */
    const shell_byp_t *p = &a->byp[i], *r = &b->byp[i];
    const int hlag = !cyc && (a->zl[i >> 5] >> (i & 31) & 1);
    if (memcmp(&p->out, &r->out, sizeof p->out)) {
      snprintf(msg, n, "SM %u bypass hook outputs (byp_o %u bmode_o %u, evaluated every cycle %u %u)", i, p->out.byp_o,
               p->out.bmode_o, r->out.byp_o, r->out.bmode_o);
      return;
    }
    const bdu_t *pb = &p->hw.i_bdu, *rb = &r->hw.i_bdu;
    const chss_t *pc = &p->hw.i_chss, *rc = &r->hw.i_chss;
    if (!hlag && (p->dec_b != r->dec_b || p->dec_c != r->dec_c || p->bmode_cycles != r->bmode_cycles || p->nser != r->nser ||
                  p->bg_blocks != r->bg_blocks || p->ba_blocks != r->ba_blocks || p->tbbg_moves != r->tbbg_moves ||
                  (p->nser && memcmp(p->ser, r->ser, p->nser)))) {
      snprintf(msg, n, "SM %u bypass hook statistics or outputs (B/C decisions %llu/%llu, evaluated every cycle %llu/%llu)", i,
               (unsigned long long)p->dec_b, (unsigned long long)p->dec_c, (unsigned long long)r->dec_b,
               (unsigned long long)r->dec_c);
      return;
    }
    if (!hlag && (pb->phase_q != rb->phase_q || pb->timer_q != rb->timer_q || pb->bmode_q != rb->bmode_q ||
        pb->i_mrmu.acc_cnt_q != rb->i_mrmu.acc_cnt_q || pb->i_mrmu.miss_cnt_q != rb->i_mrmu.miss_cnt_q ||
        pb->i_womu.occ_sum_q != rb->i_womu.occ_sum_q || pb->i_womu.occ_min_q != rb->i_womu.occ_min_q ||
        pb->i_womu.occ_last_q != rb->i_womu.occ_last_q || pc->tb_bg_q != rc->tb_bg_q || pc->cur_bg_q != rc->cur_bg_q ||
        pc->per_act_q != rc->per_act_q || pc->hit_cnt_q != rc->hit_cnt_q || pc->stall_cnt_q != rc->stall_cnt_q ||
        pc->div_busy_q != rc->div_busy_q || pc->div_num_q != rc->div_num_q ||
        memcmp(pc->tag_q, rc->tag_q, sizeof pc->tag_q) || memcmp(pc->chss_q, rc->chss_q, sizeof pc->chss_q))) {
      snprintf(msg, n, "SM %u bypass unit registers (BDU phase %u timer %u, CHSS TB_bg %u; evaluated every cycle %u %u %u)", i,
               pb->phase_q, pb->timer_q, pc->tb_bg_q, rb->phase_q, rb->timer_q, rc->tb_bg_q);
      return;
    }
    /* the ring node: the hook's statistics and the node's registers; of an
     * SM left out (zl) with its node at rest, the throttled cycles and the
     * series when brought up to date (shell_ccn_advance) */
    const shell_ccn_t *u = &a->ccn[i], *v = &b->ccn[i];
    if (u->variant != SHELL_CCN_OFF) {
      const ccn_node_t *nu = &u->owner->hw->i_ring.node[i], *nv = &v->owner->hw->i_ring.node[i];
      if (u->remote_hits != v->remote_hits || u->lookups != v->lookups || u->ring_misses != v->ring_misses ||
          u->ring_l2 != v->ring_l2 ||
          (!hlag && (u->thr_cycles != v->thr_cycles || u->nser != v->nser || u->to_sample != v->to_sample ||
                     (u->nser && memcmp(u->ser, v->ser, u->nser)))) ||
          nu->cnt_inj_q != nv->cnt_inj_q || nu->cnt_hit_q != nv->cnt_hit_q || nu->cnt_rqhop_q != nv->cnt_rqhop_q ||
          nu->cnt_rshop_q != nv->cnt_rshop_q || nu->cnt_nosh_q != nv->cnt_nosh_q || nu->cnt_avoid_q != nv->cnt_avoid_q ||
          nu->cnt_cbto_q != nv->cnt_cbto_q || nu->cnt_cbfull_q != nv->cnt_cbfull_q || nu->cnt_lat_q != nv->cnt_lat_q ||
          nu->rq_st_q != nv->rq_st_q || nu->cb_wait_q != nv->cb_wait_q || nu->thr_q != nv->thr_q ||
          fifo_sync_count(&nu->i_cb) != fifo_sync_count(&nv->i_cb) ||
          fifo_sync_count(&nu->i_reqq) != fifo_sync_count(&nv->i_reqq) ||
          fifo_sync_sram_count(&nu->i_respq) != fifo_sync_sram_count(&nv->i_respq)) {
        snprintf(msg, n, "SM %u ring node statistics or registers (remote hits %llu, misses %llu; evaluated every cycle %llu, %llu)", i,
                 (unsigned long long)u->remote_hits, (unsigned long long)u->ring_misses,
                 (unsigned long long)v->remote_hits, (unsigned long long)v->ring_misses);
        return;
      }
    }
    /* the MRPB: its registers (queues, age history, output register,
     * drain) every cycle; its statistics' counters, which lag with the
     * SM's while it is left out, when brought up to date */
    if (x->use_mrpb) {
      const mrpb_t *P = &x->i_mrpb, *Q = &y->i_mrpb;
      const mrpb_stats_t *ps = &P->i_stats, *qs = &Q->i_stats;
      const unsigned nq = P->nq;
      if (memcmp(&P->hist_v_q, &Q->hist_v_q, MRPB_SCALARS_BYTES) || memcmp(P->cnt_q, Q->cnt_q, 4 * nq) ||
          memcmp(P->head_q, Q->head_q, 4 * nq) || memcmp(P->tail_q, Q->tail_q, 4 * nq) ||
          memcmp(P->young_q, Q->young_q, 4 * nq) || P->i_drain.gcur_q != Q->i_drain.gcur_q ||
          P->i_drain.gcur_v_q != Q->i_drain.gcur_v_q || P->i_drain.i_rr.ptr_q != Q->i_drain.i_rr.ptr_q ||
          memcmp(&x->mrpb_out, &y->mrpb_out, sizeof x->mrpb_out)) {
        snprintf(msg, n, "SM %u MRPB registers or outputs (occupancy %u, evaluated every cycle %u)", i, P->occ_q, Q->occ_q);
        return;
      }
      const int mlag = !cyc && (a->zl[i >> 5] >> (i & 31) & 1);
      if (!mlag && (memcmp(&ps->enq_cnt_q, &qs->enq_cnt_q, 8 * sizeof ps->enq_cnt_q) ||
                    memcmp(ps->occ_hist_q, qs->occ_hist_q, sizeof ps->occ_hist_q))) {
        snprintf(msg, n, "SM %u MRPB statistics (stall %u refused %u bucket 0 %u; evaluated every cycle %u %u %u)", i,
                 ps->stall_cnt_q, ps->rej_cnt_q, ps->occ_hist_q[0], qs->stall_cnt_q, qs->rej_cnt_q, qs->occ_hist_q[0]);
        return;
      }
    }
    if (x->i_l1d.d_valid_q != y->i_l1d.d_valid_q || x->l_busy_q != y->l_busy_q ||
        x->wm_valid != y->wm_valid || x->wm_ld != y->wm_ld) {
      snprintf(msg, n, "SM %u state (cyc_q, D valid, LD/ST busy, warps)", i);
      return;
    }
  }
  for (unsigned k = 0; k < a->nbanks; k++)
    if (memcmp(a->l2[k].cnt_q, b->l2[k].cnt_q, sizeof a->l2[k].cnt_q) || (cyc && a->l2[k].cyc_q != b->l2[k].cyc_q)) {
      snprintf(msg, n, "L2 bank %u counters or cycle", k);
      return;
    }
}

static char *gstats_text(const shell_gstats_t *g, const shell_t *s) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  shell_gstats_print(g, s, f, 0.0);
  fclose(f);
  return buf;
}

static void one(tc_t *t, const skip_case_t *c) {
  shell_wl_t w;
  shell_wl_init(&w, 32);
  if (shell_wl_gen(&w, c->wl, c->args, 1)) {
    TC_CHECK(t, 0, "%s: workload %s %s", c->what, c->wl, c->args ? c->args : "");
    shell_wl_free(&w);
    return;
  }
  shell_t s[2];
  shell_gstats_t g[2];
  if (setup(&s[0], &w, c->set, 0) || setup(&s[1], &w, c->set, 1) || shell_gstats_init(&g[0], &s[0]) ||
      shell_gstats_init(&g[1], &s[1])) {
    TC_CHECK(t, 0, "%s: shell built (%s)", c->what, c->set);
    shell_wl_free(&w);
    return;
  }
  char msg[200] = "";
  unsigned long long rep = 0, asleep = 0, cyc = 0, zcnt = 0, bcnt = 0, lag = 0, blag = 0, rout = 0, rlag = 0, rrmt = 0, rskip = 0;
  int rc[2] = {0, 0};
  uint8_t *was = calloc(s[0].nsm, 1); /* (repeating at the cycle's start) */
  for (; was && cyc < c->cycles && !msg[0] && !rc[0] && !s[0].done; cyc++) {
    for (unsigned i = 0; i < s[0].nsm; i++) {
      rep += s[0].srep[i];
      asleep += s[0].dorm[i] >= SHELL_SM_SETTLE;
      was[i] = s[0].srep[i];
    }
    rc[0] = shell_gstats_cycle(&g[0], &s[0]);
    rc[1] = shell_gstats_cycle(&g[1], &s[1]);
    for (unsigned i = 0; i < s[0].nsm; i++) /* (a lookup served by a repeat that goes on) */
      rrmt += was[i] && s[0].srep[i] && s[0].sm[i].i_l1d.in.rmt_valid_i;
    if (s[0].ccn_any) rskip += (unsigned)__builtin_popcount(s[0].ccn[0].hw->i_ring.skip); /* (ring nodes left out at rest) */
    for (unsigned k = 0; k < SHELL_XBAR_MW; k++) /* (the cycle's SMs only counted: zzf) */
      zcnt += (unsigned)__builtin_popcount(s[0].zzf[k]);
    for (unsigned k = 0; k < s[0].nsm; k++) /* (of them, those repeating, and their longest lag) */
      if ((s[0].zzf[k >> 5] >> (k & 31) & 1) && s[0].dorm[k] < SHELL_SM_SETTLE) {
        rout++;
        if (s[0].cycle_q - s[0].zt[k] > rlag) rlag = s[0].cycle_q - s[0].zt[k];
      }
    for (unsigned k = 0; k < s[0].nbanks; k++) bcnt += s[0].l2_bz[k]; /* (banks asleep until their time) */
    for (unsigned k = 0; k < s[0].nsm; k++) /* (the longest lag of a left-out SM's cycle counters) */
      if ((s[0].zl[k >> 5] >> (k & 31) & 1) && s[0].cycle_q - s[0].zt[k] > lag) lag = s[0].cycle_q - s[0].zt[k];
    for (unsigned k = 0; k < s[0].nbanks; k++) /* (the longest lag of a left-out bank's cycle counter) */
      if (s[0].l2_bz[k] && s[0].cycle_q - s[0].l2_bt[k] > blag) blag = s[0].cycle_q - s[0].l2_bt[k];
    /* the cycle counters compared every 97th cycle (brought up to date
     * first), so they lag for long stretches in between */
    const int full = cyc % 97 == 96;
    if (full) shell_sync(&s[0]);
    differ(&s[0], &s[1], full, msg, sizeof msg);
    if (!msg[0] && rc[0] != rc[1]) snprintf(msg, sizeof msg, "scoreboard %d, evaluated every cycle %d", rc[0], rc[1]);
  }
  if (!msg[0]) { /* (and at the end, every counter) */
    shell_sync(&s[0]);
    differ(&s[0], &s[1], 1, msg, sizeof msg);
  }
  TC_CHECK(t, !msg[0] && !rc[0], "%s: the skip paths agree with evaluating every cycle (%llu cycles%s%s)", c->what, cyc,
           msg[0] ? "; first difference: " : "", msg);
  for (int k = 0; k < 2; k++) shell_gstats_close(&g[k], &s[k]);
  char *txt[2] = {gstats_text(&g[0], &s[0]), gstats_text(&g[1], &s[1])};
  TC_CHECK(t, txt[0] && txt[1] && !strcmp(txt[0], txt[1]), "%s: the same GPGPU-Sim statistics", c->what);
  free(txt[0]);
  free(txt[1]);
  if (c->want_rep) TC_CHECK(t, rep > 0, "%s: SM cycles repeated (%llu)", c->what, rep);
  if (c->want_rep_out) {
    TC_CHECK(t, rout > 0, "%s: repeating SM cycles left out of the passes (%llu)", c->what, rout);
    TC_CHECK(t, rlag > 1, "%s: left-out repeating SMs' counters lagging (up to %llu cycles)", c->what, rlag);
  }
  if (c->want_wake == 2)
    TC_CHECK(t, s[0].lead_wakes > 0, "%s: left-out CHSS followers visited when the leader's TB_bg moved (%llu)", c->what,
             (unsigned long long)s[0].lead_wakes);
  else if (c->want_wake)
    TC_CHECK(t, s[0].zw_wakes > 0, "%s: left-out SMs whose bypass unit only counted, visited when its timer ran out (%llu)",
             c->what, (unsigned long long)s[0].zw_wakes);
  if (c->want_rmt) TC_CHECK(t, rrmt > 0, "%s: repeats that went on through a remote lookup (%llu)", c->what, rrmt);
  if (s[0].ccn_any) {
    TC_CHECK(t, rskip > 0, "%s: ring node cycles left out at rest (%llu)", c->what, rskip);
    if (c->want_rmt) /* (ring traffic: a node that moves wakes its SM) */
      TC_CHECK(t, s[0].ccn_wakes > 0, "%s: left-out SMs woken by their ring node (%llu)", c->what,
               (unsigned long long)s[0].ccn_wakes);
  }
  free(was);
  if (c->want_pop)
    TC_CHECK(t, s[0].zz_pops > 0, "%s: left-out repeats with an injection queue offered, ended by its pop (%llu)", c->what,
             (unsigned long long)s[0].zz_pops);
  if (c->want_asleep) {
    TC_CHECK(t, asleep > 0, "%s: SM cycles asleep (%llu)", c->what, asleep);
    TC_CHECK(t, zcnt > 0, "%s: SM cycles left out of the passes (%llu)", c->what, zcnt);
    TC_CHECK(t, lag > 1, "%s: left-out SMs' cycle counters lagging (up to %llu cycles)", c->what, lag);
    TC_CHECK(t, bcnt > 0, "%s: L2 bank cycles left out until their time (%llu)", c->what, bcnt);
    TC_CHECK(t, blag > 1, "%s: left-out banks' cycle counters lagging (up to %llu cycles)", c->what, blag);
  }
  for (int k = 0; k < 2; k++) {
    shell_gstats_free(&g[k]);
    shell_free(&s[k]);
  }
  shell_wl_free(&w);
}

int main(void) {
  tc_t t = TC_INIT("shell_skip");
  static const skip_case_t cases[] = {
      {"atax, 4 SMs", "SHELL_SMS=4", "atax", NULL, 30000, 1, 0, 1, 0, 0, 0},
      {"atax, 15 SMs", "SHELL_SMS=15", "atax", NULL, 20000, 1, 0, 1, 0, 0, 0},
      {"atax, GTO", "SHELL_SMS=4 SHELL_SCHED=GTO", "atax", NULL, 20000, 1, 0, 1, 0, 0, 0},
      /* the two-level controller: a repeat ends when its decision changes; left out, its BDU
       * only counts (the schedule's timer, the WOMU's occupancy: shell_byp_advance) until the
       * timer runs out, and that cycle is visited (shell_t.zwake) */
      {"atax, two-level bypassing", "SHELL_SMS=4 SHELL_BYPASS=TWOLEVEL BDU_PERIOD=200 BDU_HOLD=100", "atax", NULL, 30000, 1, 0, 1, 0, 1, 0},
      {"atax, two-level bypassing, 15 SMs", "SHELL_SMS=15 SHELL_BYPASS=TWOLEVEL BDU_PERIOD=300 BDU_HOLD=700", "atax", NULL, 20000, 1, 0, 1, 0, 1, 0},
      /* CHSS: left out, a period's counters count the repeated stalls (halved at the top), a
       * follower's TB_bg stands until the leader's moves */
      {"atax, CHSS", "SHELL_SMS=4 SHELL_BYPASS=CHSS", "atax", NULL, 30000, 1, 0, 1, 0, 0, 0},
      {"bfs, CHSS, 8 SMs", "SHELL_SMS=8 SHELL_BYPASS=CHSS", "bfs", NULL, 30000, 1, 0, 1, 0, 2, 0},
      {"bfs, CHSS, 15 SMs, narrow counters", "SHELL_SMS=15 SHELL_BYPASS=CHSS CHSS_CNT_W=5", "bfs", NULL, 20000, 1, 0, 1, 0, 2, 0},
      {"atax, COORD", "SHELL_SMS=8 SHELL_BYPASS=COORD", "atax", NULL, 20000, 1, 0, 1, 0, 0, 0},
      /* a ring node per SM: a repeating SM's node is called every cycle (never left out) */
      /* (workloads whose SMs share lines: the ring serves lookups, delivers lines, goes to the L2) */
      {"2mm, CCN ring", "SHELL_SMS=4 SHELL_CCN=ON", "2mm", "n=32", 30000, 1, 0, 1, 0, 0, 1},
      {"spmv, CCN ring, 15 SMs", "SHELL_SMS=15 SHELL_CCN=ON", "spmv", NULL, 20000, 1, 0, 1, 0, 0, 1},
      {"gemm, CCN with throttling", "SHELL_SMS=8 SHELL_CCN=ON_THROTTLE", "gemm", NULL, 20000, 1, 0, 1, 0, 0, 1},
      {"atax, CCN throttled hard, short periods", "SHELL_SMS=8 SHELL_CCN=ON_THROTTLE CCN_HMIN=100 CCN_TS=400 CCN_TP=1500", "atax", NULL, 20000, 1, 0, 1, 0, 0, 0},
      /* every SM its own controller (CHSS_CONTROL=DECENTRAL: no follower) */
      {"bicg, CHSS decentral", "SHELL_SMS=4 SHELL_BYPASS=CHSS CHSS_CONTROL=DECENTRAL", "bicg", NULL, 30000, 1, 0, 1, 0, 0, 0},
      /* (every SM samples its own periods: left out, a repeated stall counts into them, halved at the top) */
      {"hotspot, CHSS decentral, narrow counters", "SHELL_SMS=8 SHELL_BYPASS=CHSS CHSS_CONTROL=DECENTRAL CHSS_CNT_W=5", "hotspot", NULL, 30000, 1, 0, 1, 0, 0, 0},
      /* sectored, allocate on fill: the fill port's ready reads the (not valid) fill address
       * (a repeating SM is visited every cycle) */
      {"atax, sectored ON_FILL", "SHELL_SMS=4 L1D_SECTORS=4 L1D_ALLOC=ON_FILL", "atax", NULL, 30000, 1, 0, 1, 0, 0, 0},
      {"2mm, sectored ON_FILL, 15 SMs", "SHELL_SMS=15 L1D_SECTORS=4 L1D_ALLOC=ON_FILL", "2mm", NULL, 20000, 1, 0, 1, 0, 0, 0},
      {"kmeans, ON_FILL, 1024 entries", "SHELL_SMS=8 L1D_SECTORS=4 L1D_ALLOC=ON_FILL L1D_SETS=4 L1D_WAYS=48 L1D_MSHR_ENTRIES=1024 L1D_MSHR_MERGE=32", "kmeans", NULL, 5000, 1, 0, 1, 0, 0, 0},
      /* a workload that ends: SMs fall asleep, kernels end (the statistics' snapshots) */
      {"srad to the end", "SHELL_SMS=8", "srad", "n=64", 400000, 0, 1, 0, 0, 0, 0},
      {"stream, 2 SMs", "SHELL_SMS=2", "stream", NULL, 30000, 1, 0, 0, 0, 0, 0},
      /* more SMs than blocks: most SMs and banks asleep from the start (shell_t.zz, bz) */
      {"atax, 80 SMs", "SHELL_SMS=80 SHELL_L2_BANKS=64", "atax", NULL, 4000, 1, 1, 1, 0, 0, 0},
      /* kernels end while SMs are left out repeating: the statistics' snapshot brings their counters up to date */
      {"2mm to the end, 4 SMs", "SHELL_SMS=4", "2mm", "n=32", 200000, 0, 0, 1, 0, 0, 0},
      /* every load bypassed: SMs stall on a full bypass queue whose head waits for room in the
       * injection queue (the L1D's repeat with its queues holding rows, rep_ok 2); with the ring,
       * a node's readiness for a miss ends such a repeat */
      /* (the injection queue's head offered while left out: zz_inj*; its pop ends the repeat late) */
      {"atax, bypass ALL, 15 SMs", "SHELL_SMS=15 SHELL_BYPASS=ALL", "atax", NULL, 20000, 1, 0, 1, 1, 0, 0},
      {"2mm, bypass ALL, CCN ring", "SHELL_SMS=4 SHELL_BYPASS=ALL SHELL_CCN=ON", "2mm", "n=32", 30000, 1, 0, 1, 0, 0, 0},
      {"bicg, two-level, 8 SMs", "SHELL_SMS=8 SHELL_BYPASS=TWOLEVEL", "bicg", NULL, 30000, 1, 0, 1, 0, 1, 0},
      /* hold 0: B or C mode until the next kernel (its BDU never wakes the SM) */
      {"2mm, two-level, hold 0", "SHELL_SMS=4 SHELL_BYPASS=TWOLEVEL BDU_PERIOD=500 BDU_HOLD=0", "2mm", "n=32", 40000, 0, 0, 1, 0, 0, 0},
      /* an MRPB in every SM (its final design): a repeat or sleep needs the MRPB at rest but for its
       * counters (mrpb_still), which the left-out cycles then count (mrpb_rep_advance) */
      {"atax, MRPB", "SHELL_SMS=4 SHELL_MRPB=1 MRPB_BYPASS=ASSOC", "atax", NULL, 30000, 1, 0, 1, 0, 0, 0},
      {"srad to the end, MRPB", "SHELL_SMS=8 SHELL_MRPB=1", "srad", "n=64", 400000, 0, 1, 0, 0, 0, 0},
      {"nw, MRPB, 14 SMs", "SHELL_SMS=14 SHELL_MRPB=1", "nw", "n=256", 60000, 1, 1, 1, 0, 0, 0},
      {"atax, MRPB bypassing on stall, 15 SMs", "SHELL_SMS=15 SHELL_MRPB=1 MRPB_BYPASS=ASSOC", "atax", NULL, 20000, 1, 0, 1, 1, 0, 0},
  };
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) one(&t, &cases[k]);
  return tc_done(&t);
}
