/* test_ccn.c -- directed tests of the CCN ring's C model (csim/ccn/), which
 * the lockstep runs prove equal to the RTL cycle by cycle:
 *   - the paper's working example (Sec. 4.5, Fig. 6) on a 15-node ring:
 *     Core-0 misses, Core-1 holds the line, Core-2 is throttled; the path
 *     and the cycle counts derived in docs/ccn.md ("Timing of one request");
 *   - the uncongested latency formulas for every sharer distance, and the
 *     Eq. 1 latency model with the paper's figures and with this model's
 *     own l_reuse / delta_overhead for N = 15; average hops with
 *     opposite-direction channels (Sec. 5.1: 10 hops instead of 15);
 *   - queue priorities, the hold at a full RespQ, the CB timeout, a full CB,
 *     bypass-class loads, the throttler's decision;
 *   - storage bits of CB, ReqQ, RespQ and shadow tags next to Table II. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ccn_ring.h"
#include "tcheck.h"

#define MAXF 8 /* filled lines per node in these tests */
#define LOG 256

typedef struct {
  uint32_t cyc, node, what, addr, extra; /* what: 'D' delivered, 'L' L2 request, 'K' lookup, 'Q' req hop, 'S' resp hop */
} ev_t;

typedef struct {
  ccn_ring_cfg_t rc;
  ccn_ring_t r;
  ccn_ring_in_t in;
  uint32_t filled[CCN_MAX_NODES][MAXF];
  unsigned nfilled[CCN_MAX_NODES];
  uint32_t prev_rmt_v[CCN_MAX_NODES], prev_rmt_a[CCN_MAX_NODES];
  uint32_t cyc;
  ev_t ev[LOG];
  unsigned nev;
  int l2_stall, resp_stall; /* sinks refuse while set */
} tb_t;

static uint32_t word_of(uint32_t a, unsigned j) { return a * 0x01000193u + j; }

static void cfg_default(ccn_ring_cfg_t *rc, unsigned nodes, unsigned hop) {
  memset(rc, 0, sizeof *rc);
  rc->nodes = nodes;
  rc->hop_lat = hop;
  rc->cb_depth = rc->req_depth = rc->resp_depth = 8;
  rc->law = 25;
  rc->line_bytes = 128;
  rc->flit_bytes = 32;
  rc->req_bytes = 4;
  rc->ts = 1000000;
  rc->tp = 10000000;
  rc->hmin = 5;
  rc->cb_timeout = 256;
  rc->hold_max = 32;
  rc->winw = 24;
  rc->cntw = 32;
  rc->tsw = 16;
}

static tb_t *tb_open(const ccn_ring_cfg_t *rc) {
  tb_t *t = calloc(1, sizeof *t);
  const char *why;
  int param;
  if (!t || ccn_ring_cfg_check(rc, &why, &param) || ccn_ring_init(&t->r, rc) || ccn_ring_in_init(&t->in, &t->r)) {
    fprintf(stderr, "test_ccn: cannot build the ring\n");
    exit(2);
  }
  t->rc = *rc;
  ccn_ring_reset(&t->r);
  return t;
}

static void tb_close(tb_t *t) {
  ccn_ring_in_free(&t->in);
  ccn_ring_free(&t->r);
  free(t);
}

static void hold_line(tb_t *t, unsigned node, uint32_t a) { t->filled[node][t->nfilled[node]++] = a; }

static void logev(tb_t *t, uint32_t node, uint32_t what, uint32_t addr, uint32_t extra) {
  if (t->nev < LOG) t->ev[t->nev++] = (ev_t){t->cyc, node, what, addr, extra};
}

/* One cycle.  Misses for this cycle are set by the caller in t->in.in[i]. */
static void tb_cycle(tb_t *t) {
  unsigned n = t->r.nodes, lbw = t->r.lbw;
  for (unsigned i = 0; i < n; i++) {
    ccn_node_in_t *in = &t->in.in[i];
    uint32_t *d = t->in.rmt_data + (size_t)i * lbw;
    in->rmt_hit_i = 0;
    memset(d, 0, lbw * 4);
    if (t->prev_rmt_v[i])
      for (unsigned f = 0; f < t->nfilled[i]; f++)
        if (t->filled[i][f] == t->prev_rmt_a[i]) {
          in->rmt_hit_i = 1;
          for (unsigned j = 0; j < lbw; j++) d[j] = word_of(t->prev_rmt_a[i], j);
        }
    in->l2_ready_i = !t->l2_stall;
    in->resp_ready_i = !t->resp_stall;
  }
  ccn_ring_comb(&t->r, &t->in);
  for (unsigned i = 0; i < n; i++) {
    const ccn_node_t *nd = &t->r.node[i];
    const ccn_node_in_t *in = &t->in.in[i];
    if (nd->rmt_valid_o) logev(t, i, 'K', nd->rmt_addr_o, 0);
    if (nd->rq_sent) logev(t, i, 'Q', nd->rq_out_addr_o, (i + 1) % n);
    if (nd->rs_sent) logev(t, i, 'S', nd->rs_out_addr_o, (i + n - 1) % n);
    if (nd->l2_valid_o && in->l2_ready_i) logev(t, i, 'L', nd->l2_addr_o, nd->l2_why_o);
    if (nd->deliver) {
      int ok = 1;
      for (unsigned j = 0; j < lbw; j++) ok &= nd->resp_data_o[j] == word_of(nd->resp_addr_o, j);
      logev(t, i, 'D', nd->resp_addr_o, ok);
    }
    t->prev_rmt_v[i] = nd->rmt_valid_o;
    t->prev_rmt_a[i] = nd->rmt_addr_o;
  }
  ccn_ring_commit(&t->r);
  /* a miss not accepted is held, as an L1D would */
  for (unsigned i = 0; i < n; i++)
    if (t->r.node[i].miss_ready_o) t->in.in[i].miss_valid_i = 0;
  t->cyc++;
}

static void tb_run(tb_t *t, unsigned k) {
  while (k--) tb_cycle(t);
}

static void miss(tb_t *t, unsigned node, uint32_t a, uint32_t byp) {
  t->in.in[node].miss_valid_i = 1;
  t->in.in[node].miss_addr_i = a;
  t->in.in[node].miss_byp_i = byp;
}

/* First event of a kind for (node, addr); NULL if none. */
static const ev_t *find(const tb_t *t, uint32_t what, uint32_t node, uint32_t addr) {
  for (unsigned e = 0; e < t->nev; e++)
    if (t->ev[e].what == what && t->ev[e].node == node && t->ev[e].addr == addr) return &t->ev[e];
  return NULL;
}
static unsigned count(const tb_t *t, uint32_t what, uint32_t addr) {
  unsigned c = 0;
  for (unsigned e = 0; e < t->nev; e++) c += t->ev[e].what == what && t->ev[e].addr == addr;
  return c;
}

/* docs/ccn.md, "Timing of one request" (uncongested ring, ready sinks):
 * a miss accepted in cycle 0 is delivered from a sharer d hops downstream in
 * cycle 4 + L + (d-1)(1+L) + d*F*L, and without a sharer goes to L2 from its
 * home node in cycle 2 + L + (N-1)(1+L). */
static unsigned t_hit(unsigned N, unsigned L, unsigned F, unsigned d) {
  (void)N;
  return 4 + L + (d - 1) * (1 + L) + d * F * L;
}
static unsigned t_nosharer(unsigned N, unsigned L) { return 2 + L + (N - 1) * (1 + L); }

/* ---- the paper's working example ---------------------------------------- */
static void test_working_example(tc_t *tc) {
  ccn_ring_cfg_t rc;
  cfg_default(&rc, 15, 1);
  rc.ts = 50; /* a short sampling window so that Core-2 gets throttled */
  rc.tp = 100000;
  tb_t *t = tb_open(&rc);
  const uint32_t A = 0x1000, Z = 0x2000, A2 = 0x1001, B = 0x2001, C = 0x3000;
  hold_line(t, 1, A);
  hold_line(t, 1, A2);
  hold_line(t, 2, C);
  /* Window: Core-0 finds A at Core-1 (h_reuse 100 %), Core-2 finds nobody for Z (0 %). */
  miss(t, 0, A, 0);
  miss(t, 2, Z, 0);
  tb_run(t, 60);
  const ev_t *d = find(t, 'D', 0, A), *q = find(t, 'Q', 0, A), *k = find(t, 'K', 1, A), *s = find(t, 'S', 1, A);
  tc_group_begin(tc, "working example, window: Core-0 miss served by Core-1 (path and cycles)");
  TC_CHECK(tc, q && q->cyc == 2 && q->extra == 1, "request leaves ReqQ-0 for ReqQ-1 in cycle 2 (got %d)", q ? (int)q->cyc : -1);
  TC_CHECK(tc, k && k->cyc == 3, "Core-1 shadow-tag lookup in cycle 3 (got %d)", k ? (int)k->cyc : -1);
  TC_CHECK(tc, !find(t, 'K', 0, A), "no lookup at the home node Core-0");
  TC_CHECK(tc, s && s->cyc == 8 && s->extra == 0, "response leaves RespQ-1 for RespQ-0 after 4 flits, cycle 8 (got %d)",
           s ? (int)s->cyc : -1);
  TC_CHECK(tc, d && d->cyc == t_hit(15, 1, 4, 1) && d->cyc == 9 && d->extra, "line delivered to Core-0 in cycle 9 with its data (got %d)",
           d ? (int)d->cyc : -1);
  TC_CHECK(tc, count(t, 'Q', A) == 1 && count(t, 'S', A) == 1, "one request hop, one response hop");
  TC_CHECK(tc, !find(t, 'L', 0, A), "no L2 request for A");
  tc_group_end(tc);

  const ev_t *lz = find(t, 'L', 2, Z);
  tc_group_begin(tc, "working example, window: Core-2 miss goes round the ring and to L2");
  TC_CHECK(tc, lz && lz->cyc == t_nosharer(15, 1) && lz->cyc == 31 && lz->extra == CCN_WHY_NOSHARER,
           "L2 request (no sharer) from Core-2 in cycle 31 (got %d)", lz ? (int)lz->cyc : -1);
  TC_CHECK(tc, count(t, 'Q', Z) == 15 && count(t, 'K', Z) == 14, "15 request hops, 14 lookups (got %u, %u)", count(t, 'Q', Z),
           count(t, 'K', Z));
  TC_CHECK(tc, t->r.node[2].cnt_nosh_q == 1, "Core-2 counts one round trip without a sharer");
  tc_group_end(tc);

  tc_group_begin(tc, "working example, throttler at the end of t_S");
  TC_CHECK(tc, t->r.node[2].thr_q == 1 && t->r.node[2].cnt_thrp_q == 1, "Core-2 (0 hits / 1 injected) throttled");
  TC_CHECK(tc, t->r.node[0].thr_q == 0, "Core-0 (1 hit / 1 injected) keeps using the CCN");
  TC_CHECK(tc, t->r.node[1].thr_q == 0, "Core-1 (nothing injected) keeps using the CCN");
  tc_group_end(tc);

  /* The example proper, at cycle 60 (Fig. 6). */
  t->nev = 0;
  uint32_t c0 = t->cyc;
  miss(t, 0, A2, 0);
  miss(t, 2, B, 0);
  tb_cycle(t);
  const ev_t *lb = find(t, 'L', 2, B);
  tc_group_begin(tc, "working example: throttled Core-2's miss goes straight to L2");
  TC_CHECK(tc, lb && lb->cyc == c0 && lb->extra == CCN_WHY_THROTTLE, "L2 request, reason THROTTLE, in the miss's own cycle");
  TC_CHECK(tc, t->r.node[2].cnt_thrmiss_q == 1 && t->r.node[2].cnt_inj_q == 1, "counted; nothing injected");
  tc_group_end(tc);
  tb_run(t, 40);
  d = find(t, 'D', 0, A2);
  TC_CHECK(tc, d && d->cyc - c0 == 9 && d->extra, "working example: Core-0 miss served by Core-1 in 9 cycles (got %d)",
           d ? (int)(d->cyc - c0) : -1);
  /* Throttled Core-2's shadow tags still answer others. */
  t->nev = 0;
  c0 = t->cyc;
  miss(t, 0, C, 0);
  tb_run(t, 40);
  d = find(t, 'D', 0, C);
  tc_group_begin(tc, "working example: throttled Core-2 still serves Core-0 (2 hops)");
  TC_CHECK(tc, find(t, 'K', 1, C) && find(t, 'K', 2, C), "lookups at Core-1 (miss) and Core-2 (hit)");
  TC_CHECK(tc, d && d->cyc - c0 == t_hit(15, 1, 4, 2) && d->cyc - c0 == 15 && d->extra, "delivered after 15 cycles (got %d)",
           d ? (int)(d->cyc - c0) : -1);
  TC_CHECK(tc, t->r.node[2].cnt_hit_q == 1, "Core-2 counts the remote hit it served");
  TC_CHECK(tc, t->r.node[0].cnt_avoid_q == 3 && t->r.node[0].cnt_lat_q == 9 + 9 + 15 && t->r.node[0].cnt_latmax_q == 15,
           "Core-0: 3 L2 requests avoided, reuse latency sum 33, max 15 (got %u, %u, %u)", t->r.node[0].cnt_avoid_q,
           t->r.node[0].cnt_lat_q, t->r.node[0].cnt_latmax_q);
  tc_group_end(tc);
  tb_close(t);
}

/* ---- latency formulas for every distance, N = 15, L = 1..5 ------------ */
static void test_latency_formulas(tc_t *tc) {
  tc_group_begin(tc, "uncongested latency = 4 + L + (d-1)(1+L) + dFL for every sharer distance; no sharer 2 + L + (N-1)(1+L)");
  for (unsigned L = 1; L <= 5; L++) {
    for (unsigned d = 1; d < 15; d++) {
      ccn_ring_cfg_t rc;
      cfg_default(&rc, 15, L);
      tb_t *t = tb_open(&rc);
      unsigned home = (d * 7) % 15, sharer = (home + d) % 15;
      hold_line(t, sharer, 0x77);
      miss(t, home, 0x77, 0);
      tb_run(t, 400);
      const ev_t *e = find(t, 'D', home, 0x77);
      TC_CHECK(tc, e && e->cyc == t_hit(15, L, 4, d), "L=%u d=%u: got %d want %u", L, d, e ? (int)e->cyc : -1,
               t_hit(15, L, 4, d));
      TC_CHECK(tc, count(t, 'Q', 0x77) == d && count(t, 'S', 0x77) == d, "L=%u d=%u: %u request and response hops", L, d, d);
      tb_close(t);
    }
    ccn_ring_cfg_t rc;
    cfg_default(&rc, 15, L);
    tb_t *t = tb_open(&rc);
    miss(t, 5, 0x99, 0);
    tb_run(t, 400);
    const ev_t *e = find(t, 'L', 5, 0x99);
    TC_CHECK(tc, e && e->cyc == t_nosharer(15, L), "L=%u no sharer: got %d want %u", L, e ? (int)e->cyc : -1, t_nosharer(15, L));
    tb_close(t);
  }
  tc_group_end(tc);
}

/* ---- Eq. 1 and the hop model ------------------------------------------ */
static double eq1(double l_o, double d_cong, double d_over, double h, double l_reuse) {
  return (l_o - d_cong + d_over) * (1.0 - h) + l_reuse * h;
}

/* Average round-trip hops (request + response) to the nearest of k sharers
 * placed uniformly among the N-1 remote nodes, by enumeration. */
static double avg_hops(unsigned N, unsigned k, int opposite) {
  double sum = 0;
  unsigned long cnt = 0;
  for (unsigned m = 0; m < (1u << (N - 1)); m++) {
    if ((unsigned)__builtin_popcount(m) != k) continue;
    unsigned d = 1;
    while (!((m >> (d - 1)) & 1)) d++;
    sum += opposite ? 2.0 * d : (double)N;
    cnt++;
  }
  return sum / (double)cnt;
}

static void test_eq1(tc_t *tc) {
  double c3 = eq1(300, 78, 54, 0.29, 42), c4 = eq1(300, 80, 0, 0.0, 0), c5 = eq1(300, 117, 54, 0.29, 42);
  TC_CHECK(tc, lround(c3) == 208 && lround(c4) == 220 && lround(c5) == 180,
           "Eq. 1 with the paper's figures: Eq. 3 = %.2f (208), Eq. 4 = %.2f (220), Eq. 5 = %.2f (180)", c3, c4, c5);
  double h1 = avg_hops(15, 1, 1), h2 = avg_hops(15, 2, 1), h3 = avg_hops(15, 3, 1), s2 = avg_hops(15, 2, 0);
  TC_CHECK(tc, fabs(h1 - 15.0) < 1e-9 && fabs(h2 - 10.0) < 1e-9 && fabs(h3 - 7.5) < 1e-9 && fabs(s2 - 15.0) < 1e-9,
           "N=15 round-trip hops, opposite channels, nearest of k sharers = 2N/(k+1): k=1 %.2f, k=2 %.2f (the paper's 10), "
           "k=3 %.2f; same direction always %.2f",
           h1, h2, h3, s2);
  /* This model's own figures for N = 15, L = 1, F = 4: l_reuse at the mean
   * nearest-sharer distance for k = 2 (d = 5), delta_overhead = no-sharer lap. */
  unsigned lr = t_hit(15, 1, 4, 5), dov = t_nosharer(15, 1);
  double c = eq1(300, 78, dov, 0.29, lr);
  TC_CHECK(tc, lr == 33 && dov == 31 && lround(c) == 189,
           "Eq. 1 with this ring's uncongested figures (N=15, L=1): l_reuse %u, delta_overhead %u -> l_C = %.2f", lr, dov, c);
  unsigned lr3 = t_hit(15, 3, 4, 5), dov3 = t_nosharer(15, 3);
  double c3b = eq1(300, 78, dov3, 0.29, lr3);
  TC_CHECK(tc, lr3 == 83 && dov3 == 61 && lround(c3b) == 225,
           "Eq. 1 with this ring's uncongested figures (N=15, L=3): l_reuse %u, delta_overhead %u -> l_C = %.2f", lr3, dov3,
           c3b);
}

/* ---- priorities, hold, CB rules, throttler ----------------------------- */
static void test_rules(tc_t *tc) {
  ccn_ring_cfg_t rc;
  /* ReqQ: a forwarded request wins over the CB; the CB waits. */
  cfg_default(&rc, 4, 1);
  tb_t *t = tb_open(&rc);
  miss(t, 0, 0x10, 0); /* travels 0 -> 1 -> 2 ... */
  tb_run(t, 2);        /* cycle 2: leaves ReqQ-0, arrives at node 1 */
  miss(t, 1, 0x11, 0); /* node 1 CB push cycle 2, head cycle 3 */
  tb_run(t, 30);
  TC_CHECK(tc, t->r.node[1].cnt_inj_q == 1 && find(t, 'L', 1, 0x11) && find(t, 'L', 0, 0x10),
           "priorities: both requests complete their laps");
  tb_close(t);

  /* Forwarded vs CB in the same cycle: make node 1's CB head ready when node 0 forwards. */
  cfg_default(&rc, 4, 1);
  t = tb_open(&rc);
  miss(t, 1, 0x21, 0); /* CB-1 push cycle 0, head cycle 1 */
  miss(t, 0, 0x20, 0); /* CB-0 push 0, ReqQ-0 push 1, head 2, forwarded to node 1 in cycle 2 */
  tb_cycle(t);
  /* cycle 1: node 1 injects 0x21 (no forwarded request yet) */
  tb_run(t, 40);
  const ev_t *a = find(t, 'Q', 1, 0x21), *b = find(t, 'Q', 1, 0x20);
  TC_CHECK(tc, a && b && a->cyc < b->cyc, "ReqQ is FIFO: the request injected first leaves first");
  tb_close(t);

  /* Forwarded wins: node 0's request arrives at node 1 in cycle 2, node 1's miss is pushed into CB-1 in cycle 1
   * (head in cycle 2): the forwarded one enters ReqQ-1 in cycle 2, the CB waits to cycle 3. */
  cfg_default(&rc, 4, 1);
  t = tb_open(&rc);
  miss(t, 0, 0x30, 0);
  tb_cycle(t);
  miss(t, 1, 0x31, 0);
  tb_cycle(t);                                   /* cycle 1 */
  tb_cycle(t);                                   /* cycle 2: forward 0x30 into ReqQ-1; CB-1 must wait */
  TC_CHECK(tc, t->r.node[1].cnt_inj_q == 0 && t->r.node[1].fwd_acc, "ReqQ takes the forwarded request before the CB's");
  tb_cycle(t);                                   /* cycle 3 */
  TC_CHECK(tc, t->r.node[1].cnt_inj_q == 1, "the CB's request enters one cycle later");
  tb_close(t);

  /* RespQ: a hit that finds no room holds its request.  RespQ depth 2 (room
   * for a local response only when empty), Core-0 refuses its responses:
   * RespQ-0 fills with two lines, RespQ-1 keeps the third, the fourth hit
   * at Core-1 finds no room. */
  for (int giveup = 0; giveup < 2; giveup++) {
    cfg_default(&rc, 3, 1);
    rc.resp_depth = 2;
    rc.hold_max = giveup ? 5 : 200;
    t = tb_open(&rc);
    for (uint32_t a = 0x40; a < 0x44; a++) hold_line(t, 1, a);
    t->resp_stall = 1;
    for (uint32_t a = 0x40; a < 0x44; a++) {
      miss(t, 0, a, 0);
      tb_cycle(t);
    }
    tb_run(t, 80);
    if (!giveup) {
      TC_CHECK(tc, t->r.node[1].cnt_hit_q == 3 && t->r.node[1].rq_st_q == CCN_RQ_LOOK && t->r.node[1].hold_q > 0 &&
                       t->r.node[1].rmt_valid_o,
               "a hit with no RespQ room holds its request at the ReqQ head and looks up again (hits %u, hold %u)",
               t->r.node[1].cnt_hit_q, t->r.node[1].hold_q);
      t->resp_stall = 0;
      tb_run(t, 80);
      unsigned got = 0;
      for (uint32_t a = 0x40; a < 0x44; a++) got += find(t, 'D', 0, a) != NULL;
      TC_CHECK(tc, got == 4 && t->r.node[1].cnt_hit_q == 4 && t->r.node[1].cnt_hto_q == 0,
               "once room appears all four lines are delivered, no give-up (%u delivered)", got);
    } else {
      const ev_t *e = find(t, 'L', 0, 0x43);
      TC_CHECK(tc, t->r.node[1].cnt_hto_q == 1 && e && e->extra == CCN_WHY_NOSHARER,
               "after CCN_HOLD_MAX cycles the held request moves on as a miss and ends at L2 (give-ups %u)",
               t->r.node[1].cnt_hto_q);
    }
    tb_close(t);
  }

  /* CB full -> L2; CB timeout -> L2; bypass-class -> L2. */
  cfg_default(&rc, 2, 1);
  rc.cb_depth = 2;
  rc.cb_timeout = 6;
  t = tb_open(&rc);
  t->l2_stall = 0;
  miss(t, 0, 0x50, 1);
  tb_cycle(t);
  TC_CHECK(tc, find(t, 'L', 0, 0x50) && find(t, 'L', 0, 0x50)->extra == CCN_WHY_BYPASS && t->r.node[0].cnt_inj_q == 0,
           "a bypass-class load goes to L2 at once and never enters the ring");
  tb_close(t);

  cfg_default(&rc, 2, 5);
  rc.cb_depth = 2;
  rc.req_depth = 2; /* bubble rule: the CB injects only into an empty ReqQ */
  rc.cb_timeout = 3;
  t = tb_open(&rc);
  for (uint32_t a = 0x60; a < 0x66; a++) {
    miss(t, 0, a, 0);
    do tb_cycle(t);
    while (t->in.in[0].miss_valid_i);
  }
  tb_run(t, 300);
  unsigned full = 0, to = 0, nos = 0;
  for (unsigned e = 0; e < t->nev; e++)
    if (t->ev[e].what == 'L') {
      full += t->ev[e].extra == CCN_WHY_CBFULL;
      to += t->ev[e].extra == CCN_WHY_CBTIMEOUT;
      nos += t->ev[e].extra == CCN_WHY_NOSHARER;
    }
  TC_CHECK(tc, full >= 1 && to >= 1 && nos >= 1 && full + to + nos == 6,
           "six back-to-back misses on a slow ring: CB full %u, CB timeout %u, no sharer %u, all 6 to L2", full, to, nos);
  TC_CHECK(tc, t->r.node[0].cnt_cbfull_q == full && t->r.node[0].cnt_cbto_q == to, "counted");
  tb_close(t);

  /* Throttler: exactly at H_min is not below it (5 hits of 100 keeps the CCN). */
  cfg_default(&rc, 2, 1);
  rc.ts = 3000;
  rc.tp = 6000;
  t = tb_open(&rc);
  for (unsigned i = 0; i < 100; i++) {
    uint32_t a = 0x100 + i;
    if (i < 5) hold_line(t, 1, a);
    miss(t, 0, a, 0);
    tb_run(t, 20);
  }
  tb_run(t, 1100);
  TC_CHECK(tc, t->r.node[0].nt_q == 100 && t->r.node[0].nh_q == 5 && t->r.node[0].thr_q == 0,
           "h_reuse = 5/100 = H_min: not throttled (N_total %u, N_hits %u)", t->r.node[0].nt_q, t->r.node[0].nh_q);
  miss(t, 0, 0x100, 0); /* a hit after the window: not counted */
  tb_run(t, 40);
  TC_CHECK(tc, t->r.node[0].cnt_avoid_q == 6 && t->r.node[0].nt_q == 100 && t->r.node[0].nh_q == 5,
           "injections and hits after t_S are not counted in N_total / N_hits");
  tb_run(t, 6000 - t->cyc + 5); /* next period: window counters cleared */
  TC_CHECK(tc, t->r.node[0].nt_q == 0 && t->r.node[0].nh_q == 0, "the period end clears N_total and N_hits");
  tb_close(t);
  cfg_default(&rc, 2, 1);
  rc.ts = 3000;
  rc.tp = 6000;
  t = tb_open(&rc);
  for (unsigned i = 0; i < 101; i++) {
    uint32_t a = 0x100 + i;
    if (i < 5) hold_line(t, 1, a);
    miss(t, 0, a, 0);
    tb_run(t, 20);
  }
  tb_run(t, 1100);
  TC_CHECK(tc, t->r.node[0].thr_q == 1 && t->r.node[0].cnt_thrp_q == 1, "h_reuse = 5/101 < H_min: throttled");
  tb_run(t, 6000 - t->cyc + 5);
  TC_CHECK(tc, t->r.node[0].thr_q == 0, "the throttle ends with the period");
  tb_close(t);
}

/* ---- storage bits next to Table II ------------------------------------- */
static void test_cost(tc_t *tc) {
  ccn_ring_cfg_t rc;
  cfg_default(&rc, 15, 1);
  tb_t *t = tb_open(&rc);
  const ccn_node_t *n = &t->r.node[0];
  unsigned idw = n->p.idw, law = rc.law, tsw = rc.tsw;
  unsigned cb = rc.cb_depth * n->p.cbw, rq = rc.req_depth * n->p.rqw, rs = rc.resp_depth * n->p.rsw;
  unsigned cb_f = rc.cb_depth * law, rq_f = rc.req_depth * (law + idw + 1), rs_f = rc.resp_depth * (n->p.lb + law + idw);
  printf("  storage per node, N=15, 128 B lines (bits; functional = without the %u-bit statistics timestamp):\n", tsw);
  printf("    CB     %u x %u = %u  functional %u   Table II: 8 x 30 = 240\n", rc.cb_depth, n->p.cbw, cb, cb_f);
  printf("    ReqQ   %u x %u = %u  functional %u   Table II: 8 x 30 = 240\n", rc.req_depth, n->p.rqw, rq, rq_f);
  printf("    RespQ  %u x %u = %u (%u B)  functional %u (%u B)   Table II: 8 x ~128 B (~8224 bits)\n", rc.resp_depth,
         n->p.rsw, rs, rs / 8, rs_f, rs_f / 8);
  /* The shadow tags are the L1D's duplicate tag array i_tags_rmt (rtl/l1d):
   * sets x ways x line-address bits, valid bits shared with the primary tags. */
  unsigned st16 = 32 * 4 * law, st48 = 64 * 6 * law;
  printf("    shadow tags (L1D i_tags_rmt): 16 KB 4-way 32 sets x 4 x %u = %u bits (%u B); 48 KB 6-way 64 x 6 x %u = %u bits (%u B)"
         "   Table II: 96 x 4 x 25 = 9600 bits (1200 B)\n",
         law, st16, st16 / 8, law, st48, st48 / 8);
  TC_CHECK(tc, cb == 328 && rq == 368 && rs == 8552 && cb_f == 200 && rq_f == 240 && rs_f == 8424 && st48 / 8 == 1200,
           "storage bits: CB %u (%u functional vs 240), ReqQ %u (%u vs 240), RespQ %u (%u vs ~8224), shadow tags %u B (48 KB L1D) vs 1200 B",
           cb, cb_f, rq, rq_f, rs, rs_f, st48 / 8);
  tb_close(t);
}

int main(void) {
  tc_t tc = TC_INIT("ccn");
  test_working_example(&tc);
  test_latency_formulas(&tc);
  test_eq1(&tc);
  test_rules(&tc);
  test_cost(&tc);
  return tc_done(&tc);
}
