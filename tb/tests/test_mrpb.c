/* test_mrpb.c -- directed tests of the MRPB C model (csim/mrpb/mrpb.c):
 *   - each drain policy's order on one hand-made burst (Section 3.3),
 *   - the flush rules (read meets a full queue; write drains its queue then
 *     passes unqueued; otherwise the normal policy),
 *   - the buffer latency, back-pressure, the bypass options over every fail
 *     code the L1D produces (0..5: PORT_BUSY and NONE never bypass),
 *   - the single-slot mode (bypass without reordering, Section 5.4),
 *   - greedy: a current queue without an eligible entry counts as empty,
 *   - store data delivered with its store, queued (flush off) or passed,
 *   - the barrier rule (no post-barrier request passes a pre-barrier one),
 *   - the per-warp ordering property under random traffic, every signature
 *     and all 39 policy combinations, with nothing lost or duplicated. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls_rng.h"
#include "mrpb.h"
#include "tcheck.h"

#define MAXLOG 4096

typedef struct {
  mrpb_t m;
  mrpb_in_t in;
  mrpb_out_t out;
  unsigned cyc;
  uint32_t got[MAXLOG], got_byp[MAXLOG], got_cyc[MAXLOG], got_sdok[MAXLOG];
  unsigned ngot;
} tb_t;

static tb_t *tb_open(unsigned sig, unsigned entries, unsigned lat, unsigned drain, unsigned greedy, unsigned flush,
                     unsigned bypass) {
  tb_t *t = calloc(1, sizeof *t);
  if (!t || mrpb_init(&t->m, sig, entries, lat, 32, 64, 32)) { fprintf(stderr, "mrpb_init failed\n"); exit(2); }
  t->in.mode_drain_i = drain;
  t->in.mode_greedy_i = greedy;
  t->in.mode_flush_i = flush;
  t->in.mode_bypass_i = bypass;
  return t;
}

static void tb_close(tb_t *t) {
  mrpb_free(&t->m);
  free(t);
}

static void tb_cycle(tb_t *t) {
  mrpb_comb(&t->m, &t->in, &t->out);
  if (t->out.deq_valid_o && t->in.deq_ready_i && t->ngot < MAXLOG) {
    t->got[t->ngot] = t->out.deq_payload_o[0];
    t->got_byp[t->ngot] = t->out.deq_bypass_o;
    t->got_cyc[t->ngot] = t->cyc;
    t->got_sdok[t->ngot] = !t->out.deq_store_o || (t->out.deq_sdata_o[0] == (t->out.deq_payload_o[0] ^ 0x5a5a5a5au) &&
                                                   t->out.deq_sdata_o[1] == ~t->out.deq_payload_o[0]);
    t->ngot++;
  }
  mrpb_commit(&t->m);
  t->cyc++;
  t->in.barrier_i = 0;
}

/* The low word of the request the buffer presents (the SRAMs' output row
 * after a dequeue, out_payload_q after a pass). */
static uint32_t deq_payload0(const mrpb_t *m) {
  uint32_t pl[MRPB_PAYLOAD_WORDS];
  mrpb_deq_payload(m, pl);
  return pl[0];
}

static void tb_run(tb_t *t, unsigned n) {
  while (n--) tb_cycle(t);
}

/* Warp w belongs to block w / 8 as its (w % 8)-th warp. */
static void tb_present(tb_t *t, unsigned wid, unsigned store, uint32_t payload) {
  t->in.enq_valid_i = 1;
  t->in.enq_wid_i = wid;
  t->in.enq_bid_i = wid / 8;
  t->in.enq_bwid_i = wid % 8;
  t->in.enq_store_i = store;
  memset(t->in.enq_payload_i, 0, sizeof t->in.enq_payload_i);
  t->in.enq_payload_i[0] = payload;
  /* store data: derived from the payload, so delivery can be checked */
  t->in.enq_sdata_i[0] = payload ^ 0x5a5a5a5au;
  t->in.enq_sdata_i[1] = ~payload;
}

/* Presents one request until accepted; returns the cycles it waited. */
static unsigned tb_enq(tb_t *t, unsigned wid, unsigned store, uint32_t payload) {
  tb_present(t, wid, store, payload);
  unsigned waited = 0;
  for (;;) {
    tb_cycle(t);
    if (t->out.enq_ready_o) break;
    if (++waited > 10000) { fprintf(stderr, "tb_enq: never accepted\n"); exit(2); }
  }
  t->in.enq_valid_i = 0;
  return waited;
}

/* Opens the L1D and runs until the buffer is idle. */
static void tb_drain(tb_t *t) {
  t->in.deq_ready_i = 1;
  t->in.l1d_fail_i = L1D_FAIL_NONE;
  for (unsigned n = 0; n < 100000; n++) {
    tb_cycle(t);
    if (t->out.idle_o) return;
  }
}

static int same(const uint32_t *a, const uint32_t *b, unsigned n) { return !memcmp(a, b, n * sizeof *a); }

static void print_order(const char *what, const uint32_t *v, unsigned n) {
  printf("  %-26s", what);
  for (unsigned i = 0; i < n; i++) printf(" %02x", v[i]);
  printf("\n");
}

/* ---- drain policies on one burst -------------------------------------------
 * With the L1D closed, one request per cycle: warp 5 x3, warp 2, warp 9 x4,
 * warp 2, warp 0 x2 (payload = warp*16 + index).  The first entry (0x50)
 * becomes eligible alone and fills the output register under every policy;
 * that pick is a base pick (moves the RR pointer to 6, makes queue 5 the
 * greedy current queue).  Then the L1D opens. */
static void test_drain_orders(tc_t *tc) {
  static const uint32_t burst[][2] = {{5, 0x50}, {5, 0x51}, {5, 0x52}, {2, 0x20}, {9, 0x90}, {9, 0x91},
                                      {9, 0x92}, {9, 0x93}, {2, 0x21}, {0, 0x00}, {0, 0x01}};
  static const struct {
    const char *name;
    unsigned drain, greedy;
    uint32_t want[11];
  } cases[] = {
      {"fixed", MRPB_DRAIN_FIXED, 0, {0x50, 0x00, 0x01, 0x20, 0x21, 0x51, 0x52, 0x90, 0x91, 0x92, 0x93}},
      {"greedy fixed", MRPB_DRAIN_FIXED, 1, {0x50, 0x51, 0x52, 0x00, 0x01, 0x20, 0x21, 0x90, 0x91, 0x92, 0x93}},
      {"round-robin", MRPB_DRAIN_RR, 0, {0x50, 0x90, 0x00, 0x20, 0x51, 0x91, 0x01, 0x21, 0x52, 0x92, 0x93}},
      {"greedy round-robin", MRPB_DRAIN_RR, 1, {0x50, 0x51, 0x52, 0x90, 0x91, 0x92, 0x93, 0x00, 0x01, 0x20, 0x21}},
      {"longest-first", MRPB_DRAIN_LONGEST, 0, {0x50, 0x90, 0x91, 0x00, 0x20, 0x51, 0x92, 0x01, 0x21, 0x52, 0x93}},
      {"greedy longest-first", MRPB_DRAIN_LONGEST, 1, {0x50, 0x51, 0x52, 0x90, 0x91, 0x92, 0x93, 0x00, 0x01, 0x20, 0x21}},
  };
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    tb_t *t = tb_open(MRPB_SIG_WARP, 8, 3, cases[c].drain, cases[c].greedy, 0, MRPB_BYPASS_OFF);
    for (unsigned i = 0; i < 11; i++) tb_enq(t, burst[i][0], 0, burst[i][1]);
    tb_run(t, 10);
    tb_drain(t);
    int ok = t->ngot == 11 && same(t->got, cases[c].want, 11);
    if (!ok) {
      print_order("want", cases[c].want, 11);
      print_order("got", t->got, t->ngot);
    }
    TC_CHECK(tc, ok, "drain order, %s: %s", cases[c].name,
             c == 0 ? "50 00 01 20 21 51 52 90 91 92 93" : c == 1 ? "50 51 52 00 01 20 21 90 91 92 93"
             : c == 2 ? "50 90 00 20 51 91 01 21 52 92 93" : c == 3 ? "50 51 52 90 91 92 93 00 01 20 21"
             : c == 4 ? "50 90 91 00 20 51 92 01 21 52 93" : "50 51 52 90 91 92 93 00 01 20 21");
    tb_close(t);
  }
}

/* Longest-first ties go to the lower queue: two equal queues. */
static void test_longest_tie(tc_t *tc) {
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 3, MRPB_DRAIN_LONGEST, 0, 0, MRPB_BYPASS_OFF);
  tb_enq(t, 40, 0, 0xa0); /* fills the output register */
  tb_enq(t, 30, 0, 0xe0);
  tb_enq(t, 30, 0, 0xe1);
  tb_enq(t, 7, 0, 0x70);
  tb_enq(t, 7, 0, 0x71);
  tb_run(t, 10);
  tb_drain(t);
  static const uint32_t want[] = {0xa0, 0x70, 0xe0, 0x71, 0xe1};
  TC_CHECK(tc, t->ngot == 5 && same(t->got, want, 5), "longest-first tie between queues 7 and 30 goes to queue 7");
  tb_close(t);
}

/* ---- flush rules ------------------------------------------------------------
 * Entries per queue 2.  Warp 1: a (to the output register), b, c (queue 1
 * full); warp 3: x, y (queue 3 full).  The L1D is closed while they enter. */
static tb_t *flush_setup(unsigned flush) {
  tb_t *t = tb_open(MRPB_SIG_WARP, 2, 3, MRPB_DRAIN_FIXED, 0, flush, MRPB_BYPASS_OFF);
  tb_enq(t, 1, 0, 0xa);
  tb_run(t, 3); /* a reaches the output register */
  tb_enq(t, 1, 0, 0xb);
  tb_enq(t, 1, 0, 0xc);
  tb_enq(t, 3, 0, 0x30);
  tb_enq(t, 3, 0, 0x31);
  tb_run(t, 5);
  return t;
}

static void test_flush(tc_t *tc) {
  /* Rule 1: a read meeting full queue 3 makes queue 3 drain first. */
  tb_t *t = flush_setup(1);
  TC_CHECK(tc, t->m.out_valid_q && deq_payload0(&t->m) == 0xa && mrpb_qcount(&t->m, 1) == 2 &&
               mrpb_qcount(&t->m, 3) == 2, "flush setup: a presented, queues 1 and 3 full");
  tb_present(t, 3, 0, 0x32);
  tb_cycle(t);
  TC_CHECK(tc, !t->out.enq_ready_o, "flush, read: a read meeting a full queue is not accepted that cycle");
  t->in.deq_ready_i = 1; /* the L1D takes a: the flush target refills the output register */
  tb_cycle(t);
  t->in.deq_ready_i = 0;
  uint32_t held = !t->out.enq_ready_o;
  tb_cycle(t);
  TC_CHECK(tc, held && t->out.enq_ready_o && deq_payload0(&t->m) == 0x30,
           "flush, read: queue 3's head went out first; the read entered the next cycle");
  t->in.enq_valid_i = 0;
  tb_drain(t);
  static const uint32_t want1[] = {0xa, 0x30, 0xb, 0xc, 0x31, 0x32};
  int ok = t->ngot == 6 && same(t->got, want1, 6);
  if (!ok) print_order("got", t->got, t->ngot);
  TC_CHECK(tc, ok, "flush, read: queue 3 drains before lower-numbered queue 1 (a 30 b c 31 32)");
  TC_CHECK(tc, t->m.i_stats.flush_cnt_q == 1, "flush, read: one flush counted (got %u)", t->m.i_stats.flush_cnt_q);
  tb_close(t);

  /* Rule 3: without the flush option the normal (fixed) order holds and the
   * read waits for room. */
  t = flush_setup(0);
  tb_present(t, 3, 0, 0x32);
  t->in.deq_ready_i = 1;
  for (unsigned n = 0; n < 100; n++) {
    tb_cycle(t);
    if (t->out.enq_ready_o) break;
  }
  t->in.enq_valid_i = 0;
  tb_drain(t);
  static const uint32_t want3[] = {0xa, 0xb, 0xc, 0x30, 0x31, 0x32};
  ok = t->ngot == 6 && same(t->got, want3, 6);
  if (!ok) print_order("got", t->got, t->ngot);
  TC_CHECK(tc, ok, "no flush: normal fixed order (a b c 30 31 32)");
  TC_CHECK(tc, t->m.i_stats.flush_cnt_q == 0 && t->m.i_stats.stall_cnt_q > 0,
           "no flush: no flush counted, the full queue back-pressured the LD/ST unit");
  tb_close(t);

  /* Rule 2: a write drains its queue (3), then passes without being
   * queued, ahead of queue 1. */
  t = flush_setup(1);
  uint32_t enq_before = t->m.i_stats.enq_cnt_q;
  tb_present(t, 3, 1, 0x3f);
  t->in.deq_ready_i = 1;
  unsigned n = 0;
  uint32_t wrote_mem = 0;
  for (;;) {
    mrpb_comb(&t->m, &t->in, &t->out);
    if (t->m.i_mem.m.we_i && t->in.enq_valid_i) wrote_mem = 1;
    if (t->out.deq_valid_o && t->in.deq_ready_i) t->got[t->ngot++] = t->out.deq_payload_o[0];
    uint32_t taken = t->out.enq_ready_o;
    mrpb_commit(&t->m);
    t->cyc++;
    if (taken) break;
    if (++n > 100) break;
  }
  t->in.enq_valid_i = 0;
  tb_drain(t);
  static const uint32_t want2[] = {0xa, 0x30, 0x31, 0x3f, 0xb, 0xc};
  ok = t->ngot == 6 && same(t->got, want2, 6);
  if (!ok) print_order("got", t->got, t->ngot);
  TC_CHECK(tc, ok, "flush, write: queue 3 empties, the write passes, then queue 1 (a 30 31 3f b c)");
  TC_CHECK(tc, !wrote_mem && t->m.i_stats.enq_cnt_q == enq_before && t->m.i_stats.wpass_cnt_q == 1,
           "flush, write: never written into the queue memory, counted as a pass");
  TC_CHECK(tc, t->m.i_stats.flush_cnt_q == 2, "flush, write: two flush dequeues counted (got %u)",
           t->m.i_stats.flush_cnt_q);
  tb_close(t);

  /* Flush off: a write is queued like a read. */
  t = tb_open(MRPB_SIG_WARP, 8, 3, MRPB_DRAIN_FIXED, 0, 0, MRPB_BYPASS_OFF);
  tb_enq(t, 4, 1, 0x4f);
  tb_drain(t);
  TC_CHECK(tc, t->m.i_stats.enq_cnt_q == 1 && t->m.i_stats.wpass_cnt_q == 0 && t->ngot == 1,
           "flush off: a write enters its queue");
  tb_close(t);
}

/* ---- latency ---------------------------------------------------------------- */
static void test_latency(tc_t *tc) {
  static const unsigned lats[] = {3, 5, 18};
  for (unsigned i = 0; i < 3; i++) {
    tb_t *t = tb_open(MRPB_SIG_WARP, 8, lats[i], MRPB_DRAIN_FIXED, 0, 1, MRPB_BYPASS_ASSOC);
    t->in.deq_ready_i = 1;
    tb_run(t, 2);
    unsigned t0 = t->cyc;
    tb_enq(t, 12, 0, 0x77);
    unsigned first = 0;
    for (unsigned n = 0; n < 40 && !first; n++) {
      tb_cycle(t);
      if (t->out.deq_valid_o) first = t->cyc - 1;
    }
    TC_CHECK(tc, first == t0 + lats[i], "latency %u: accepted in cycle %u, presented in cycle %u", lats[i], t0, first);
    tb_close(t);
  }
  /* A write passing under flush takes one cycle. */
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 5, MRPB_DRAIN_FIXED, 0, 1, MRPB_BYPASS_ASSOC);
  unsigned t0 = t->cyc;
  tb_enq(t, 12, 1, 0x78);
  tb_cycle(t);
  TC_CHECK(tc, t->out.deq_valid_o && t->out.deq_store_o && t->cyc - 1 == t0 + 1,
           "flush: a write accepted in cycle %u is presented in cycle %u", t0, t0 + 1);
  tb_close(t);
}

/* ---- back-pressure and one enqueue + one dequeue per cycle ------------------ */
static void test_backpressure(tc_t *tc) {
  tb_t *t = tb_open(MRPB_SIG_BLOCK, 4, 3, MRPB_DRAIN_FIXED, 0, 0, MRPB_BYPASS_OFF);
  for (unsigned i = 0; i < 5; i++) tb_enq(t, 2, 0, i); /* block 0: 1 in the output register + 4 queued */
  tb_present(t, 3, 0, 5);                              /* warp 3 is in block 0 too */
  tb_run(t, 4);
  TC_CHECK(tc, !t->out.enq_ready_o && mrpb_qcount(&t->m, 0) == 4, "a full queue back-pressures the LD/ST unit");
  tb_present(t, 9, 0, 6); /* block 1 still has room */
  tb_cycle(t);
  TC_CHECK(tc, t->out.enq_ready_o, "another queue still accepts");
  t->in.enq_valid_i = 0;
  tb_drain(t);
  TC_CHECK(tc, t->ngot == 6, "nothing lost (%u of 6 delivered)", t->ngot);
  tb_close(t);

  /* Steady state: one in and one out every cycle. */
  t = tb_open(MRPB_SIG_WARP, 8, 5, MRPB_DRAIN_FIXED, 0, 1, MRPB_BYPASS_ASSOC);
  t->in.deq_ready_i = 1;
  unsigned stalls = 0;
  for (unsigned i = 0; i < 200; i++) stalls += tb_enq(t, i % 48, 0, i);
  unsigned got_before = t->ngot;
  tb_drain(t);
  TC_CHECK(tc, stalls == 0 && t->ngot == 200 && got_before >= 195,
           "full throughput: 200 requests in 200 cycles, delivered at one per cycle");
  tb_close(t);
}

/* ---- bypass ----------------------------------------------------------------- */
static unsigned bypass_case(unsigned mode, unsigned store, uint32_t fail) {
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 3, MRPB_DRAIN_FIXED, 0, 0, mode);
  tb_enq(t, 6, store, 0x66);
  tb_run(t, 4); /* presented, L1D closed, no reason */
  t->in.l1d_fail_i = fail;
  tb_cycle(t); /* rejected with the reason */
  t->in.l1d_fail_i = L1D_FAIL_NONE;
  tb_cycle(t);
  unsigned byp = t->out.deq_valid_o && t->out.deq_bypass_o;
  tb_drain(t);
  unsigned ok = t->ngot == 1 && t->got_byp[0] == byp && t->m.i_stats.bypass_cnt_q == byp;
  tb_close(t);
  return ok ? byp : 2;
}

/* Every fail code the L1D can produce (0..5) under every bypass mode: only
 * the resource fails bypass, ALL on all four, ASSOC on LINE_ALLOC; NONE and
 * PORT_BUSY never (a PORT_BUSY refusal says nothing about the request). */
static void test_bypass_codes(tc_t *tc) {
  tc_group_begin(tc, "bypass decision over every L1D fail code 0..5 x modes OFF/ALL/ASSOC (loads)");
  for (unsigned mode = MRPB_BYPASS_OFF; mode <= MRPB_BYPASS_ASSOC; mode++) {
    for (uint32_t fail = 0; fail <= L1D_FAIL_PORT_BUSY; fail++) {
      unsigned res = fail == L1D_FAIL_LINE_ALLOC || fail == L1D_FAIL_MSHR_ENTRY || fail == L1D_FAIL_MSHR_MERGE ||
                     fail == L1D_FAIL_MISS_QUEUE;
      unsigned want = mode == MRPB_BYPASS_ALL ? res : mode == MRPB_BYPASS_ASSOC ? fail == L1D_FAIL_LINE_ALLOC : 0;
      unsigned got = bypass_case(mode, 0, fail);
      TC_CHECK(tc, got == want, "bypass mode %u, fail code %u: bypass %u, expected %u", mode, fail, got, want);
      TC_CHECK(tc, bypass_case(mode, 1, fail) == 0, "bypass mode %u, fail code %u: a store never bypasses", mode, fail);
    }
  }
  tc_group_end(tc);
}

static void test_bypass(tc_t *tc) {
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_ASSOC, 0, L1D_FAIL_LINE_ALLOC) == 1, "bypass on assoc stalls: LINE_ALLOC -> bypass");
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_ASSOC, 0, L1D_FAIL_MSHR_ENTRY) == 0, "bypass on assoc stalls: MSHR_ENTRY -> retry");
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_ALL, 0, L1D_FAIL_MISS_QUEUE) == 1, "bypass on all stalls: MISS_QUEUE -> bypass");
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_ALL, 0, L1D_FAIL_NONE) == 0, "bypass on all stalls: reject without a reason -> retry");
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_ALL, 0, L1D_FAIL_PORT_BUSY) == 0, "bypass on all stalls: PORT_BUSY -> retry (not a resource fail)");
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_OFF, 0, L1D_FAIL_LINE_ALLOC) == 0, "bypass off: LINE_ALLOC -> retry");
  TC_CHECK(tc, bypass_case(MRPB_BYPASS_ALL, 1, L1D_FAIL_LINE_ALLOC) == 0, "a store never bypasses");
}

/* ---- barrier ------------------------------------------------------------------
 * Fixed order favours queue 0.  Warp 40 issues 4 requests, then warp 0
 * issues 4.  Without a barrier warp 0 passes warp 40's queued requests; with
 * a barrier between them it cannot. */
static unsigned barrier_case(unsigned with_barrier, unsigned *ready_after) {
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 5, MRPB_DRAIN_FIXED, 0, 1, MRPB_BYPASS_ASSOC);
  for (unsigned i = 0; i < 4; i++) tb_enq(t, 40, 0, 0x400 + i);
  if (with_barrier) {
    t->in.barrier_i = 1;
    tb_cycle(t);
  }
  tb_present(t, 0, 0, 0x000);
  tb_cycle(t);
  *ready_after = t->out.enq_ready_o;
  if (!*ready_after) { /* held off: only the L1D draining the buffer lets it in */
    t->in.deq_ready_i = 1;
    for (unsigned n = 0; n < 1000 && !t->out.enq_ready_o; n++) tb_cycle(t);
    t->in.deq_ready_i = 0;
  }
  t->in.enq_valid_i = 0;
  for (unsigned i = 1; i < 4; i++) tb_enq(t, 0, 0, i);
  tb_run(t, 10);
  tb_drain(t);
  /* the first warp-0 request must come after the last warp-40 one */
  int last40 = -1, first0 = -1;
  for (unsigned i = 0; i < t->ngot; i++) {
    if (t->got[i] >= 0x400) last40 = (int)i;
    else if (first0 < 0) first0 = (int)i;
  }
  unsigned n = t->ngot;
  tb_close(t);
  return n == 8 && first0 > last40;
}

static void test_barrier(tc_t *tc) {
  unsigned ready;
  TC_CHECK(tc, barrier_case(0, &ready) == 0 && ready, "no barrier: warp 0 passes warp 40 under fixed order");
  TC_CHECK(tc, barrier_case(1, &ready) == 1 && !ready,
           "barrier: enqueue held off after it, no post-barrier request passes a pre-barrier one");
}

/* ---- per-warp ordering, random traffic, every signature and policy ----------- */
static void test_order_random(tc_t *tc) {
  tc_group_begin(tc, "per-warp order, store data intact, nothing lost or duplicated: 3 signatures x 39 policies, random traffic");
  static const unsigned sigs[] = {MRPB_SIG_WARP, MRPB_SIG_BLOCK, MRPB_SIG_BWARP};
  static const unsigned ents[] = {8, 3, 1};
  static const unsigned lats[] = {5, 3, 11};
  ls_rng_t r;
  ls_rng_seed(&r, 2024);
  for (unsigned s = 0; s < 3; s++) {
    for (unsigned combo = 0; combo < 39; combo++) {
      tb_t *t = combo < 36 ? tb_open(sigs[s], ents[s], lats[s], combo / 12, (combo / 6) % 2, (combo / 3) % 2, combo % 3)
                           : tb_open(sigs[s], ents[s], lats[s], ls_below(&r, 4), ls_below(&r, 2), ls_below(&r, 2), combo - 36);
      t->in.mode_slot_i = combo >= 36;
      uint32_t next_in[MRPB_WARPS] = {0}, next_out[MRPB_WARPS] = {0};
      unsigned sent = 0, got = 0, bad = 0, hot = ls_below(&r, 48);
      for (unsigned cyc = 0; cyc < 6000; cyc++) {
        int feeding = cyc < 5000;
        if (!(t->in.enq_valid_i && !t->out.enq_ready_o)) { /* not holding */
          t->in.enq_valid_i = feeding && ls_chance(&r, 70);
          unsigned w = ls_chance(&r, 60) ? hot : ls_below(&r, 48);
          tb_present(t, w, ls_chance(&r, 15), (w << 16) | next_in[w]);
          t->in.enq_valid_i = feeding && ls_chance(&r, 70);
        }
        t->in.barrier_i = ls_chance(&r, 1);
        t->in.deq_ready_i = ls_chance(&r, 60);
        t->in.l1d_fail_i = t->in.deq_ready_i ? ls_below(&r, 8) : ls_below(&r, L1D_FAIL_PORT_BUSY + 1);
        mrpb_comb(&t->m, &t->in, &t->out);
        if (t->out.deq_valid_o && t->in.deq_ready_i) {
          uint32_t w = t->out.deq_wid_o, p = t->out.deq_payload_o[0];
          if ((p >> 16) != w || (p & 0xffff) != next_out[w]) bad++;
          else if (t->out.deq_store_o && (t->out.deq_sdata_o[0] != (p ^ 0x5a5a5a5au) || t->out.deq_sdata_o[1] != ~p)) bad++;
          else next_out[w]++;
          got++;
        }
        if (t->in.enq_valid_i && t->out.enq_ready_o) { next_in[t->in.enq_wid_i]++; sent++; }
        mrpb_commit(&t->m);
        if (cyc % 97 == 0) hot = ls_below(&r, 48);
      }
      TC_CHECK(tc, !bad && got == sent && sent > 500 && t->out.idle_o,
               "sig %u combo %u: sent %u delivered %u out of order %u", sigs[s], combo, sent, got, bad);
      tb_close(t);
    }
  }
  tc_group_end(tc);
}

/* ---- counters ------------------------------------------------------------------ */
static void test_counters(tc_t *tc) {
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 3, MRPB_DRAIN_FIXED, 0, 0, MRPB_BYPASS_OFF);
  for (unsigned i = 0; i < 9; i++) tb_enq(t, 3, 0, i);
  tb_run(t, 3);
  tb_present(t, 3, 0, 9); /* the queue is full: two stall cycles, then withdrawn */
  tb_run(t, 2);
  t->in.enq_valid_i = 0;
  uint32_t occmax = t->m.i_stats.occ_max_q;
  tb_drain(t);
  const mrpb_stats_t *s = &t->m.i_stats;
  TC_CHECK(tc, s->enq_cnt_q == 9 && s->deq_cnt_q == 9, "counters: 9 enqueues, 9 dequeues");
  TC_CHECK(tc, occmax == 8 && s->stall_cnt_q == 2,
           "counters: occupancy max 8 (9 accepted, 1 in the output register), 2 stall cycles (got %u, %u)", occmax,
           s->stall_cnt_q);
  uint32_t sum = 0;
  for (unsigned b = 0; b < s->nbkt; b++) sum += mrpb_stats_hist(s, b);
  TC_CHECK(tc, sum == t->cyc && mrpb_stats_hist(s, 4) > 0, "counters: histogram counts every cycle (%u of %u), bucket 8..15 used", sum, t->cyc);
  t->in.stat_sel_i = MRPB_STAT_ENQ;
  tb_cycle(t);
  TC_CHECK(tc, t->out.stat_data_o == 9, "counters: read port returns enq");
  tb_close(t);
}

/* ---- single slot (Section 5.4): no reordering, one request per cycle ------------- */
static void test_slot(tc_t *tc) {
  /* fixed order would put warp 0 first; the single slot keeps arrival order */
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 5, MRPB_DRAIN_FIXED, 1, 1, MRPB_BYPASS_ASSOC);
  t->in.mode_slot_i = 1;
  static const uint32_t seq[][2] = {{9, 0x90}, {0, 0x00}, {5, 0x50}, {0, 0x01}, {9, 0x91}, {3, 0x30}};
  t->in.deq_ready_i = 1;
  unsigned stalls = 0, n = sizeof seq / sizeof seq[0];
  for (unsigned i = 0; i < n; i++) stalls += tb_enq(t, seq[i][0], seq[i][1] == 0x50, seq[i][1]);
  tb_drain(t);
  uint32_t want[6];
  for (unsigned i = 0; i < n; i++) want[i] = seq[i][1];
  TC_CHECK(tc, t->ngot == n && same(t->got, want, n) && stalls == 0,
           "single slot: arrival order kept (a store among loads too), one request per cycle with the L1D ready");
  TC_CHECK(tc, t->got_cyc[0] == 1 && t->got_cyc[n - 1] == n,
           "single slot: accepted in cycle t, presented (and taken) in t+1 (first %u, last %u)", t->got_cyc[0],
           t->got_cyc[n - 1]);
  TC_CHECK(tc, t->m.i_stats.enq_cnt_q == 0 && t->m.i_stats.wpass_cnt_q == n, "single slot: nothing queued, every request passed");
  tb_close(t);
  /* bypass without reordering: a LINE_ALLOC refusal flags the request */
  t = tb_open(MRPB_SIG_WARP, 8, 5, MRPB_DRAIN_FIXED, 0, 0, MRPB_BYPASS_ASSOC);
  t->in.mode_slot_i = 1;
  tb_enq(t, 4, 0, 0x40);
  tb_present(t, 4, 0, 0x41);
  t->in.l1d_fail_i = L1D_FAIL_LINE_ALLOC;
  tb_cycle(t); /* 0x40 refused; the slot is full: 0x41 not accepted */
  unsigned ready_while_full = t->out.enq_ready_o;
  t->in.l1d_fail_i = L1D_FAIL_NONE;
  tb_cycle(t);
  unsigned flagged = t->out.deq_valid_o && t->out.deq_bypass_o;
  t->in.deq_ready_i = 1;
  tb_cycle(t); /* 0x40 taken (bypassed); 0x41 accepted the same cycle */
  unsigned ready_on_take = t->out.enq_ready_o;
  t->in.enq_valid_i = 0;
  tb_drain(t);
  TC_CHECK(tc, !ready_while_full && ready_on_take && flagged && t->ngot == 2 && t->got[0] == 0x40 && t->got_byp[0] &&
                   t->got[1] == 0x41 && !t->got_byp[1],
           "single slot: LINE_ALLOC -> bypass, the next request enters in the cycle the L1D takes the slot");
  tb_close(t);
}

/* ---- greedy with a young head ---------------------------------------------------
 * Greedy fixed order, latency 18.  Warp 3 (0xa0) in cycle 0, warp 9 (0x90)
 * in cycle 1, L1D open.  0xa0 leaves in cycle 17 (queue 3 current); in the
 * same cycle warp 3 enqueues 0xa1, young until cycle 34.  In cycle 18 0x90
 * is eligible: the current queue has no eligible entry, counts as empty, and
 * 0x90 leaves (a drain that waited on the young head would give a0 a1 90). */
static void test_greedy_young(tc_t *tc) {
  tb_t *t = tb_open(MRPB_SIG_WARP, 8, 18, MRPB_DRAIN_FIXED, 1, 0, MRPB_BYPASS_OFF);
  t->in.deq_ready_i = 1;
  tb_enq(t, 3, 0, 0xa0);
  tb_enq(t, 9, 0, 0x90);
  tb_run(t, 15);
  tb_enq(t, 3, 0, 0xa1);
  unsigned popped_a0 = t->m.dbg_deq_pop && t->m.dbg_sel_idx == 3;
  tb_drain(t);
  static const uint32_t want[] = {0xa0, 0x90, 0xa1};
  TC_CHECK(tc, popped_a0 && t->ngot == 3 && same(t->got, want, 3) && t->got_cyc[1] == 19,
           "greedy: the current queue without an eligible entry counts as empty (a0 90 a1, 0x90 at cycle 19, got %u)",
           t->ngot > 1 ? t->got_cyc[1] : 0);
  tb_close(t);
}

/* ---- store data -------------------------------------------------------------------
 * Flush off: a store is queued and its data (the store-data memory row of
 * its entry) reaches the L1D with it; flush on: it passes unqueued. */
static void test_store_data(tc_t *tc) {
  for (unsigned flush = 0; flush < 2; flush++) {
    tb_t *t = tb_open(MRPB_SIG_WARP, 4, 5, MRPB_DRAIN_FIXED, 0, flush, MRPB_BYPASS_OFF);
    t->in.deq_ready_i = flush; /* under flush a store waits for its queue: let it drain */
    tb_enq(t, 7, 0, 0x70);
    tb_enq(t, 7, 1, 0x71);
    tb_enq(t, 2, 1, 0x20);
    tb_drain(t);
    unsigned ok = t->ngot == 3;
    for (unsigned i = 0; i < t->ngot; i++) ok &= t->got_sdok[i];
    TC_CHECK(tc, ok && (flush ? t->m.i_stats.wpass_cnt_q == 2 : t->m.i_stats.enq_cnt_q == 3),
             "store data: delivered with its store (flush %u: %s)", flush,
             flush ? "passed unqueued" : "queued, from the store-data memory");
    tb_close(t);
  }
}

/* ---- mrpb_step: comb then commit in one call ------------------------------------
 * Two models, the same random inputs (don't-care fields too): one through
 * mrpb_comb and mrpb_commit, one through mrpb_step.  Every output and the
 * registers and memories must agree every cycle, in every copy (held, free,
 * free without a pick, quiet) and policy -- but for the store data of a
 * load's row, a don't-care mrpb_step does not copy.  The step model takes
 * comb + commit every fifth cycle, and its counters' next state must equal
 * their registers after every cycle (what mrpb_stats_comb_fast expects). */
/* Two MRPBs of combination combo (signature, entries, latency, CntW 4 or
 * 32 and the modes, from its digits; single-slot from combo slot_from on)
 * and the modes into in; -1 when mrpb_init fails. */
static int combo_pair(mrpb_t *a, mrpb_t *b, mrpb_in_t *in, unsigned combo, unsigned sdata_w, unsigned slot_from) {
  const unsigned sig = combo % 3, ent = 1 + combo % 8, lat = 3 + combo % 4, cw = combo % 2 ? 4 : 32;
  if (mrpb_init(a, sig, ent, lat, 40, sdata_w, cw) || mrpb_init(b, sig, ent, lat, 40, sdata_w, cw)) return -1;
  in->mode_slot_i = combo >= slot_from;
  in->mode_bypass_i = combo % 3;
  in->mode_flush_i = (combo / 3) % 2;
  in->mode_greedy_i = (combo / 6) % 2;
  in->mode_drain_i = (combo / 12) % 3;
  return 0;
}
static int same_state(const mrpb_t *a, const mrpb_t *b) {
  const mem_1r1w_sync_t *ma[2] = {&a->i_mem, &a->i_sdata}, *mb[2] = {&b->i_mem, &b->i_sdata};
  /* the store-data SRAM's output register only under a store's row:
   * mrpb_step leaves it as it was for a load's (a don't-care) */
  const int sd_rdata = a->i_mem.rdata_q[0] & 1u;
  for (int k = 0; k < 2; k++)
    if (memcmp(ma[k]->m.mem_q, mb[k]->m.mem_q, (size_t)ma[k]->m.depth * ma[k]->m.words * 4) ||
        ((k == 0 || sd_rdata) && memcmp(ma[k]->rdata_q, mb[k]->rdata_q, (size_t)ma[k]->m.words * 4)))
      return 0;
  return !memcmp(a->cnt_q, b->cnt_q, sizeof a->cnt_q) && !memcmp(a->head_q, b->head_q, sizeof a->head_q) &&
         !memcmp(a->tail_q, b->tail_q, sizeof a->tail_q) && !memcmp(a->young_q, b->young_q, sizeof a->young_q) &&
         !memcmp(&a->hist_v_q, &b->hist_v_q, MRPB_SCALARS_BYTES) &&
         !memcmp(a->out_payload_q, b->out_payload_q, sizeof a->out_payload_q) &&
         !memcmp(a->out_sdata_q, b->out_sdata_q, sizeof a->out_sdata_q) && a->i_drain.gcur_q == b->i_drain.gcur_q &&
         a->i_drain.gcur_v_q == b->i_drain.gcur_v_q && a->i_drain.i_rr.ptr_q == b->i_drain.i_rr.ptr_q &&
         !memcmp(&a->i_stats.enq_cnt_q, &b->i_stats.enq_cnt_q, 32) &&
         !memcmp(a->i_stats.occ_hist_q, b->i_stats.occ_hist_q, a->i_stats.nbkt * sizeof(uint32_t));
}

/* ls_rand_skip(n) leaves the generator where n ls_rand calls do (the lean
 * runs' don't-care stirs rely on it: every later draw the same) */
static void test_rand_skip(tc_t *tc) {
  ls_rng_t a, b;
  ls_rng_seed(&a, 5), ls_rng_seed(&b, 5);
  int same = 1;
  for (unsigned n = 0; n < 5; n++) {
    for (unsigned i = 0; i < n; i++) (void)ls_rand(&a);
    ls_rand_skip(&b, n);
    same &= ls_rand(&a) == ls_rand(&b);
  }
  TC_CHECK(tc, same, "ls_rand_skip(n) advances the generator as n draws do (n = 0..4)");
}

/* The pool read in place (ls_run_*, the MRPB stimulus's small choices)
 * gives the fields ls_pool_below gives, and leaves the cursor where
 * ls_rand would: random stretches of 0..8 fields (some taken on a
 * condition) between random runs of 0..40 cursor draws, across the
 * buffer's refills, against a plain generator and pool. */
static void test_run_in_place(tc_t *tc) {
  static ls_ahead_t ah;
  ls_rng_t g, ref, ctl;
  ls_rng_seed(&g, 77), ls_rng_seed(&ref, 77), ls_rng_seed(&ctl, 9);
  ls_ahead_start_back(&ah, &g);
  ls_pool_t pr = {0, 0}, pl = {0, 0};
  unsigned bad = 0, fields = 0, draws = 0;
  for (unsigned step = 0; step < 20000 && !bad; step++) {
    ls_ahead_ensure(&ah);
    const uint64_t *d = ah.v + ah.i;
    const ls_f16_t *f = ls_run_open(d, &pl);
    const unsigned k = ls_below(&ctl, LS_RUN_MAX + 1);
    for (unsigned j = 0; j < k; j++) {
      const unsigned e = ls_below(&ctl, 4) != 0; /* a take on a condition, false a quarter of the time */
      const uint32_t v = ls_run_field_if(&f, e);
      if (e) bad += v != ls_pool_below(&ref, &pr, 65536), fields++;
    }
    ls_run_close(f, &d, &pl);
    const unsigned m = ls_below(&ctl, 41); /* cursor draws (a request's payload and store data) */
    for (unsigned j = 0; j < m; j++) bad += ls_next(&d) != ls_rand(&ref), draws++;
    ah.i = (unsigned)(d - ah.v);
  }
  TC_CHECK(tc, !bad && fields > 50000 && draws > 300000,
           "the pool read in place: %u fields and %u draws as ls_pool_below and ls_rand give them (%u differ)", fields, draws, bad);
}

static void test_step(tc_t *tc) {
  tc_group_begin(tc, "mrpb_step equals mrpb_comb + mrpb_commit: outputs, registers, memories, every cycle");
  ls_rng_t r;
  ls_rng_seed(&r, 77);
  for (unsigned combo = 0; combo < 39; combo++) {
    static mrpb_t a, b; /* (large: not on the stack) */
    mrpb_in_t in = {0};
    mrpb_out_t oa, ob;
    memset(&oa, 0, sizeof oa), memset(&ob, 0, sizeof ob);
    const unsigned sig = combo % 3, ent = 1 + combo % 8, lat = 3 + combo % 4;
    if (combo_pair(&a, &b, &in, combo, 1152, 36)) {
      TC_CHECK(tc, 0, "mrpb_init failed");
      return;
    }
    unsigned bad = 0, cyc;
    for (cyc = 0; cyc < 4000 && !bad; cyc++) {
      if (!(in.enq_valid_i && !oa.enq_ready_o)) { /* not holding: a new request, or don't-cares */
        in.enq_valid_i = ls_chance(&r, cyc % 1000 < 800 ? 60 : 5);
        in.enq_wid_i = ls_below(&r, MRPB_WARPS);
        in.enq_bid_i = ls_below(&r, MRPB_BLOCKS);
        in.enq_bwid_i = ls_below(&r, MRPB_BWARPS);
        in.enq_store_i = ls_chance(&r, 20);
        ls_rand_bits(&r, in.enq_payload_i, 40);
        ls_rand_bits(&r, in.enq_sdata_i, 1152);
      }
      in.barrier_i = ls_chance(&r, 1);
      in.deq_ready_i = ls_chance(&r, cyc % 500 < 250 ? 30 : 80);
      in.l1d_fail_i = ls_below(&r, 8);
      in.stat_sel_i = ls_below(&r, 32);
      mrpb_comb(&a, &in, &oa);
      mrpb_commit(&a);
      /* (every fifth cycle b takes comb + commit too: a step must leave the
       * next state as comb expects it, _d equal to _q) */
      if (cyc % 5 == 4) mrpb_comb(&b, &in, &ob), mrpb_commit(&b);
      else mrpb_step(&b, &in, &ob);
      /* every output; deq_sdata_o only with a store presented (a load's is a don't-care, left as it was by mrpb_step) */
      bad = memcmp(&oa, &ob, offsetof(mrpb_out_t, deq_sdata_o)) || oa.idle_o != ob.idle_o ||
            oa.stat_data_o != ob.stat_data_o || (oa.deq_valid_o && oa.deq_store_o && memcmp(oa.deq_sdata_o, ob.deq_sdata_o, sizeof oa.deq_sdata_o)) ||
            !same_state(&a, &b) || memcmp(&b.i_stats.enq_cnt_q, &b.i_stats.enq_cnt_d, 32) ||
            memcmp(b.i_stats.occ_hist_q, b.i_stats.occ_hist_d, sizeof b.i_stats.occ_hist_q);
    }
    TC_CHECK(tc, !bad, "combo %u (sig %u, %u entries, latency %u): the same for %u cycles", combo, sig, ent, lat, cyc);
    mrpb_free(&a);
    mrpb_free(&b);
  }
  tc_group_end(tc);
}

/* mrpb_still / mrpb_rep_advance (the shell's sleeping and repeating SMs):
 * two copies, a evaluated every cycle, b skipping every cycle of a
 * stretch of constant inputs once mrpb_still accepts its cycle -- counted
 * at once with mrpb_rep_advance -- must end each stretch with the same
 * registers, counters (CntW 4 saturates within a stretch; 32 does not) and
 * outputs.  The stretches freeze random inputs: a held request the L1D
 * refuses, a full queue refusing the LD/ST unit, no request at all, a
 * stat_sel_i reading a counter that moves (then nothing may be skipped). */
static void test_rep_advance(tc_t *tc) {
  tc_group_begin(tc, "mrpb_still and mrpb_rep_advance against every cycle evaluated");
  ls_rng_t r;
  ls_rng_seed(&r, 11);
  unsigned long long skipped = 0, sat = 0, refused = 0;
  for (unsigned combo = 0; combo < 24; combo++) {
    static mrpb_t a, b; /* (large: not on the stack) */
    mrpb_in_t in = {0};
    mrpb_out_t oa, ob;
    memset(&oa, 0, sizeof oa), memset(&ob, 0, sizeof ob);
    const unsigned sig = combo % 3, ent = 1 + combo % 8, lat = 3 + combo % 4, cw = combo % 2 ? 4 : 32;
    if (combo_pair(&a, &b, &in, combo, 64, 20)) {
      TC_CHECK(tc, 0, "mrpb_init failed");
      return;
    }
    unsigned bad = 0, cyc = 0;
    for (unsigned st = 0; st < 120 && !bad; st++) {
      /* a stretch of random inputs (the buffer fills and drains) ... */
      for (unsigned k = ls_below(&r, 40); k--; cyc++) {
        in.enq_valid_i = ls_chance(&r, 70);
        in.enq_wid_i = ls_below(&r, 4) * 8; /* (few warps: queues fill) */
        in.enq_bid_i = ls_below(&r, MRPB_BLOCKS);
        in.enq_bwid_i = ls_below(&r, MRPB_BWARPS);
        in.enq_store_i = ls_chance(&r, 20);
        ls_rand_bits(&r, in.enq_payload_i, 40);
        ls_rand_bits(&r, in.enq_sdata_i, 64);
        in.barrier_i = ls_chance(&r, 2);
        in.deq_ready_i = ls_chance(&r, 30);
        in.l1d_fail_i = ls_below(&r, 8);
        in.stat_sel_i = ls_below(&r, 32);
        mrpb_comb(&a, &in, &oa), mrpb_commit(&a);
        mrpb_comb(&b, &in, &ob), mrpb_commit(&b);
      }
      /* ... then constant inputs for a while: the L1D refusing (mostly) or not,
       * a request or none, any counter read */
      in.barrier_i = 0;
      in.deq_ready_i = ls_chance(&r, 20);
      in.stat_sel_i = ls_chance(&r, 50) ? ls_below(&r, 32) : MRPB_STAT_STALL + ls_below(&r, 2);
      const unsigned len = 20 + ls_below(&r, 60);
      for (unsigned k = 0; k < len; k++, cyc++) {
        mrpb_comb(&a, &in, &oa), mrpb_commit(&a);
        mrpb_comb(&b, &in, &ob);
        const int still = mrpb_still(&b, &in);
        mrpb_commit(&b);
        if (still && k + 1 < len) { /* the stretch's other cycles left out, counted at once */
          const unsigned n = len - k - 1;
          mrpb_rep_advance(&b, n);
          for (unsigned j = 0; j < n; j++) mrpb_comb(&a, &in, &oa), mrpb_commit(&a);
          skipped += n, cyc += n;
          refused += b.rep_rej | b.rep_stall;
          sat += b.i_stats.stall_cnt_q == b.i_stats.cmax || b.i_stats.rej_cnt_q == b.i_stats.cmax;
          break;
        }
      }
      bad = !same_state(&a, &b) || memcmp(&oa, &ob, sizeof oa);
    }
    TC_CHECK(tc, !bad, "combo %u (sig %u, %u entries, latency %u, CntW %u): the same after %u cycles", combo, sig, ent, lat, cw, cyc);
    mrpb_free(&a);
    mrpb_free(&b);
  }
  TC_CHECK(tc, skipped > 10000 && refused > 100 && sat > 10,
           "cycles left out: %llu (of them stretches counting a refusal or an enqueue stall: %llu, with a saturated counter: %llu)",
           skipped, refused, sat);
  tc_group_end(tc);
}

int main(void) {
  tc_t t = TC_INIT("mrpb");
  test_drain_orders(&t);
  test_longest_tie(&t);
  test_flush(&t);
  test_latency(&t);
  test_backpressure(&t);
  test_bypass(&t);
  test_bypass_codes(&t);
  test_slot(&t);
  test_greedy_young(&t);
  test_store_data(&t);
  test_barrier(&t);
  test_order_random(&t);
  test_counters(&t);
  test_rand_skip(&t);
  test_run_in_place(&t);
  test_step(&t);
  test_rep_advance(&t);
  return tc_done(&t);
}
