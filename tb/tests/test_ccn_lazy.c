/* test_ccn_lazy.c -- the CCN ring with its nodes at rest left out
 * (ccn_ring_t.lazy, csim/ccn/ccn_ring.c; docs/c-models.md, "Ring nodes at
 * rest") against the ring evaluated in full every cycle (lazy 0, the form
 * the lockstep runs prove equal to the RTL): two rings on the same random
 * inputs -- misses at rates that change by phase (busy, sparse, none),
 * bypass-class misses, lookups answered by hits at random with fresh line
 * data, refusing L2 and response sinks, throttler windows short enough for
 * many decisions and period ends.  After every cycle every node's outputs
 * (each payload while its valid is high, the readies, the miss port's ready
 * while a miss is offered, the throttle flag) and registers (the state
 * machines, counters, queue pointers and counts, the queues' heads and
 * bodies) must be the same.  Not compared: the RespQ's write port and
 * bypass register while nothing is pushed -- a node at rest loads them
 * with its neighbour's don't-care head every cycle, which only the
 * lockstep engine reads (it runs the ring with lazy 0). */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ccn_ring.h"
#include "ls_rng.h"
#include "tcheck.h"

static int eq(const void *a, const void *b, size_t n) { return !memcmp(a, b, n); }

/* A node's outputs where they mean something. */
static int same_out(const ccn_node_t *a, const ccn_node_t *b, const ccn_node_in_t *in, unsigned lbw) {
  if (a->rmt_valid_o != b->rmt_valid_o || (a->rmt_valid_o && a->rmt_addr_o != b->rmt_addr_o)) return 0;
  if (a->rq_out_valid_o != b->rq_out_valid_o ||
      (a->rq_out_valid_o && (a->rq_out_addr_o != b->rq_out_addr_o || a->rq_out_home_o != b->rq_out_home_o ||
                             a->rq_out_ts_o != b->rq_out_ts_o)))
    return 0;
  if (a->resp_valid_o != b->resp_valid_o ||
      (a->resp_valid_o && (a->resp_addr_o != b->resp_addr_o || !eq(a->resp_data_o, b->resp_data_o, lbw * 4))))
    return 0;
  if (a->rs_out_valid_o != b->rs_out_valid_o ||
      (a->rs_out_valid_o && (a->rs_out_addr_o != b->rs_out_addr_o || a->rs_out_home_o != b->rs_out_home_o ||
                             a->rs_out_ts_o != b->rs_out_ts_o || !eq(a->rs_out_data_o, b->rs_out_data_o, lbw * 4))))
    return 0;
  if (a->l2_valid_o != b->l2_valid_o || (a->l2_valid_o && (a->l2_addr_o != b->l2_addr_o || a->l2_why_o != b->l2_why_o)))
    return 0;
  return a->rq_in_ready_o == b->rq_in_ready_o && a->rs_in_ready_o == b->rs_in_ready_o && a->thr_o == b->thr_o &&
         (!in->miss_valid_i || a->miss_ready_o == b->miss_ready_o);
}

static int same_fifo(const fifo_sync_t *a, const fifo_sync_t *b) {
  return a->wptr_q == b->wptr_q && a->rptr_q == b->rptr_q && a->count_q == b->count_q &&
         eq(a->i_mem.mem_q, b->i_mem.mem_q, (size_t)a->i_mem.depth * a->i_mem.words * 4);
}
static int same_respq(const fifo_sync_sram_t *a, const fifo_sync_sram_t *b) {
  const mem_1r1w_t *x = &a->i_mem.m, *y = &b->i_mem.m;
  return a->wptr_q == b->wptr_q && a->rptr_q == b->rptr_q && a->count_q == b->count_q &&
         eq(x->mem_q, y->mem_q, (size_t)x->depth * x->words * 4) &&
         (!a->count_q || eq(fifo_sync_sram_rdata(a), fifo_sync_sram_rdata(b), a->words * 4)); /* (the head) */
}
static int same_state(const ccn_node_t *a, const ccn_node_t *b) {
  return a->cb_wait_q == b->cb_wait_q && a->rq_st_q == b->rq_st_q && a->rq_tx_q == b->rq_tx_q && a->hold_q == b->hold_q &&
         a->rs_flit_q == b->rs_flit_q && a->rs_tick_q == b->rs_tick_q && a->thr_q == b->thr_q && a->nt_q == b->nt_q &&
         a->nh_q == b->nh_q && a->cnt_inj_q == b->cnt_inj_q && a->cnt_hit_q == b->cnt_hit_q &&
         a->cnt_rqhop_q == b->cnt_rqhop_q && a->cnt_rshop_q == b->cnt_rshop_q && a->cnt_nosh_q == b->cnt_nosh_q &&
         a->cnt_thrp_q == b->cnt_thrp_q && a->cnt_avoid_q == b->cnt_avoid_q && a->cnt_lat_q == b->cnt_lat_q &&
         a->cnt_cbto_q == b->cnt_cbto_q && a->cnt_hto_q == b->cnt_hto_q && a->cnt_cbfull_q == b->cnt_cbfull_q &&
         a->cnt_thrmiss_q == b->cnt_thrmiss_q && a->cnt_latmax_q == b->cnt_latmax_q && same_fifo(&a->i_cb, &b->i_cb) &&
         same_fifo(&a->i_reqq, &b->i_reqq) && same_respq(&a->i_respq, &b->i_respq);
}

/* n cycles of one configuration; returns the node cycles left out, or -1
 * (and a failed check) at the first difference. */
static long run(tc_t *tc, const char *name, unsigned nodes, unsigned hop, unsigned hmin, uint64_t seed, unsigned n) {
  ccn_ring_cfg_t rc = {.nodes = nodes, .hop_lat = hop, .cb_depth = 4, .req_depth = 4, .resp_depth = 4, .law = 20,
                       .line_bytes = 64, .flit_bytes = 16, .req_bytes = 4, .ts = 300, .tp = 1100, .hmin = hmin,
                       .cb_timeout = 60, .hold_max = 5, .winw = 12, .cntw = 16, .tsw = 12};
  const char *why;
  int param;
  ccn_ring_t *r[2] = {calloc(1, sizeof(ccn_ring_t)), calloc(1, sizeof(ccn_ring_t))};
  ccn_ring_in_t in[2];
  if (!r[0] || !r[1] || ccn_ring_cfg_check(&rc, &why, &param) || ccn_ring_init(r[0], &rc) || ccn_ring_init(r[1], &rc) ||
      ccn_ring_in_init(&in[0], r[0]) || ccn_ring_in_init(&in[1], r[1])) {
    TC_CHECK(tc, 0, "%s: ring built", name);
    return -1;
  }
  ccn_ring_reset(r[0]);
  ccn_ring_reset(r[1]);
  r[0]->lazy = 1; /* r[1]: every node every cycle */
  const unsigned lbw = r[0]->lbw;
  ls_rng_t g;
  ls_rng_seed(&g, seed);
  uint32_t pool[24];
  for (unsigned k = 0; k < 24; k++) pool[k] = (uint32_t)ls_below(&g, 1u << 20);
  uint32_t prev_rmt[CCN_MAX_NODES] = {0};
  long left = 0;
  int bad = 0;
  unsigned cyc;
  for (cyc = 0; cyc < n && !bad; cyc++) {
    const unsigned phase = (cyc / 1500u) % 3u; /* busy, sparse, no misses */
    const uint32_t miss_pct = phase == 0 ? 20u : phase == 1 ? 2u : 0u;
    for (unsigned i = 0; i < nodes; i++) {
      ccn_node_in_t *x = &in[0].in[i];
      if (!x->miss_valid_i && ls_below(&g, 100) < miss_pct) { /* (held until taken, as an L1D holds it) */
        x->miss_valid_i = 1;
        x->miss_addr_i = ls_below(&g, 2) ? pool[ls_below(&g, 24)] : (uint32_t)ls_below(&g, 1u << 20);
        x->miss_byp_i = ls_below(&g, 100) < 10;
      }
      x->rmt_hit_i = prev_rmt[i] && ls_below(&g, 100) < 40; /* (the answer to last cycle's lookup) */
      for (unsigned j = 0; j < lbw; j++) in[0].rmt_data[(size_t)i * lbw + j] = (uint32_t)ls_rand(&g);
      x->resp_ready_i = ls_below(&g, 100) < 80;
      x->l2_ready_i = ls_below(&g, 100) < 70;
      ccn_node_in_t *y = &in[1].in[i];
      const uint32_t *yd = y->rmt_data_i;
      *y = *x;
      y->rmt_data_i = yd;
      memcpy(in[1].rmt_data + (size_t)i * lbw, x->rmt_data_i, lbw * 4);
    }
    ccn_ring_comb(r[0], &in[0]);
    ccn_ring_comb(r[1], &in[1]);
    left += __builtin_popcount(r[0]->skip);
    for (unsigned i = 0; i < nodes && !bad; i++)
      if (!same_out(&r[0]->node[i], &r[1]->node[i], &in[0].in[i], lbw)) {
        TC_CHECK(tc, 0, "%s (seed %llu): node %u's outputs at cycle %u (left out: %u)", name, (unsigned long long)seed, i,
                 cyc, r[0]->skip >> i & 1u);
        bad = 1;
      }
    for (unsigned i = 0; i < nodes; i++) {
      prev_rmt[i] = r[1]->node[i].rmt_valid_o;
      if (r[1]->node[i].miss_ready_o) in[0].in[i].miss_valid_i = 0;
    }
    ccn_ring_commit(r[0]);
    ccn_ring_commit(r[1]);
    for (unsigned i = 0; i < nodes && !bad; i++)
      if (!same_state(&r[0]->node[i], &r[1]->node[i])) {
        TC_CHECK(tc, 0, "%s (seed %llu): node %u's registers after cycle %u", name, (unsigned long long)seed, i, cyc);
        bad = 1;
      }
  }
  if (!bad) TC_CHECK(tc, 1, "%s (seed %llu): the same outputs and registers for %u cycles", name, (unsigned long long)seed, cyc);
  for (int k = 0; k < 2; k++) {
    ccn_ring_in_free(&in[k]);
    ccn_ring_free(r[k]);
    free(r[k]);
  }
  return bad ? -1 : left;
}

int main(void) {
  tc_t t = TC_INIT("ccn_lazy");
  tc_group_begin(&t, "ring nodes at rest left out: the same outputs and registers as every node every cycle");
  long left = 0, l;
  if ((l = run(&t, "4 nodes, hop 1", 4, 1, 5, 1, 30000)) > 0) left += l;
  if ((l = run(&t, "15 nodes, hop 1", 15, 1, 5, 2, 30000)) > 0) left += l;
  if ((l = run(&t, "8 nodes, hop 3, no throttling", 8, 3, 0, 3, 30000)) > 0) left += l;
  if ((l = run(&t, "16 nodes, hop 2, throttling", 16, 2, 40, 4, 30000)) > 0) left += l;
  TC_CHECK(&t, left > 100000, "node cycles left out at rest: %ld", left);
  tc_group_end(&t);
  return tc_done(&t);
}
