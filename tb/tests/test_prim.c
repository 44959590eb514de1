/* test_prim.c -- directed tests of the primitives' C models (their RTL is
 * held to the same behaviour by the lockstep runs). */
#include <string.h>
#include "bits.h"
#include "fifo_sync.h"
#include "fifo_sync_sram.h"
#include "fifo_sync_w2.h"
#include "mem_1r1w.h"
#include "mem_1r1w_sync.h"
#include "mul_u.h"
#include "popcnt.h"
#include "prio_enc.h"
#include "rr_arb.h"
#include "sat_cnt.h"
#include "tcheck.h"

static void test_fifo(tc_t *t) {
  fifo_sync_t f;
  fifo_sync_init(&f, 3, 16);
  fifo_sync_reset(&f);
  tc_group_begin(t, "fifo_sync: order, full, empty, refused push, wrap at a depth of 3");
  uint32_t v;
  for (v = 1; v <= 4; v++) { /* the 4th push meets a full FIFO and is refused */
    fifo_sync_comb(&f, 1, &v, 0);
    fifo_sync_commit(&f);
  }
  TC_CHECK(t, fifo_sync_full(&f) && fifo_sync_count(&f) == 3, "full after 3 pushes, count %u", fifo_sync_count(&f));
  /* push and pop together when full: the pop happens, the push is refused */
  v = 9;
  fifo_sync_comb(&f, 1, &v, 1);
  fifo_sync_commit(&f);
  TC_CHECK(t, fifo_sync_count(&f) == 2, "push+pop on full: count 2, got %u", fifo_sync_count(&f));
  TC_CHECK(t, fifo_sync_rdata(&f)[0] == 2, "head is 2, got %u", fifo_sync_rdata(&f)[0]);
  v = 5;
  fifo_sync_comb(&f, 1, &v, 1); /* wraps the write pointer */
  fifo_sync_commit(&f);
  uint32_t expect[] = {3, 5};
  for (int i = 0; i < 2; i++) {
    TC_CHECK(t, !fifo_sync_empty(&f) && fifo_sync_rdata(&f)[0] == expect[i], "pop %d gives %u", i, expect[i]);
    fifo_sync_comb(&f, 0, NULL, 1);
    fifo_sync_commit(&f);
  }
  TC_CHECK(t, fifo_sync_empty(&f), "empty at the end");
  fifo_sync_comb(&f, 0, NULL, 1); /* pop from empty is ignored */
  fifo_sync_commit(&f);
  TC_CHECK(t, fifo_sync_count(&f) == 0, "pop on empty ignored");
  tc_group_end(t);
  fifo_sync_free(&f);
}

/* One cycle of a fifo_sync_w2: up to two pushes (values a, b), a pop. */
static void w2_cycle(fifo_sync_w2_t *f, uint32_t push, uint32_t a, uint32_t push2, uint32_t b, uint32_t pop) {
  fifo_sync_w2_comb(f, push, &a, push2, &b, pop);
  fifo_sync_w2_commit(f);
}

static void test_fifo_w2(tc_t *t) {
  fifo_sync_w2_t f;
  fifo_sync_w2_init(&f, 5, 16);
  fifo_sync_w2_reset(&f);
  tc_group_begin(t, "fifo_sync_w2: two writes a cycle in order, the second refused without room for two, wrap at a depth of 5");
  w2_cycle(&f, 1, 1, 1, 2, 0);
  TC_CHECK(t, fifo_sync_w2_count(&f) == 2 && fifo_sync_w2_rdata(&f)[0] == 1, "two pushes in one cycle: count 2 (%u), head 1",
           fifo_sync_w2_count(&f));
  w2_cycle(&f, 1, 3, 1, 4, 0);
  w2_cycle(&f, 1, 5, 1, 6, 0); /* one entry free: 5 taken, 6 refused */
  TC_CHECK(t, fifo_sync_w2_full(&f) && fifo_sync_w2_count(&f) == 5, "second write refused with one entry free: count %u",
           fifo_sync_w2_count(&f));
  w2_cycle(&f, 0, 0, 1, 9, 0); /* a second write without the first is ignored */
  w2_cycle(&f, 1, 7, 1, 8, 1); /* full: both refused (the pop does not make room this cycle) */
  TC_CHECK(t, fifo_sync_w2_count(&f) == 4 && fifo_sync_w2_rdata(&f)[0] == 2, "full: pushes refused, pop taken: count %u head %u",
           fifo_sync_w2_count(&f), fifo_sync_w2_rdata(&f)[0]);
  w2_cycle(&f, 1, 10, 1, 11, 1); /* one free: 10 in, 11 refused; slots wrap (6 slots for 5 entries) */
  w2_cycle(&f, 0, 0, 0, 0, 1);
  w2_cycle(&f, 1, 12, 1, 13, 1); /* two free: both in */
  static const uint32_t expect[] = {5, 10, 12, 13};
  for (int i = 0; i < 4; i++) {
    TC_CHECK(t, !fifo_sync_w2_empty(&f) && fifo_sync_w2_rdata(&f)[0] == expect[i], "pop %d gives %u (got %u)", i, expect[i],
             fifo_sync_w2_rdata(&f)[0]);
    w2_cycle(&f, 0, 0, 0, 0, 1);
  }
  TC_CHECK(t, fifo_sync_w2_empty(&f), "empty at the end");
  tc_group_end(t);
  fifo_sync_w2_free(&f);
}

static void test_prio(tc_t *t) {
  tc_group_begin(t, "prio_enc: lowest index wins over 48 inputs; none -> valid 0");
  uint32_t req[2] = {0, 0}, oh[2], valid;
  TC_CHECK(t, prio_enc(req, 48, &valid, oh) == 0 && !valid, "no request");
  bits_set(req, 47, 1, 1);
  TC_CHECK(t, prio_enc(req, 48, &valid, oh) == 47 && valid && bits_test(oh, 47), "only 47");
  bits_set(req, 33, 1, 1);
  bits_set(req, 40, 1, 1);
  TC_CHECK(t, prio_enc(req, 48, &valid, oh) == 33 && oh[0] == 0 && oh[1] == 2u, "33 beats 40 and 47");
  req[0] = 0x80000000u;
  TC_CHECK(t, prio_enc(req, 48, &valid, oh) == 31, "31 beats the upper word");
  uint32_t beyond[2] = {0, 1u << 20}; /* bit 52 lies beyond n = 48 */
  TC_CHECK(t, prio_enc(beyond, 48, &valid, oh) == 0 && !valid, "bits beyond n ignored");
  tc_group_end(t);
}

static void test_rr(tc_t *t) {
  rr_arb_t a;
  rr_arb_init(&a, 4);
  tc_group_begin(t, "rr_arb: grants rotate 0,2,3,0 over requesters {0,2,3}; no advance holds");
  uint32_t req = 0xd, valid, order[4];
  for (int i = 0; i < 4; i++) {
    order[i] = rr_arb_pick(&a, &req, &valid, NULL);
    rr_arb_comb(&a, &req, 1);
    rr_arb_commit(&a);
  }
  TC_CHECK(t, order[0] == 0 && order[1] == 2 && order[2] == 3 && order[3] == 0, "order %u %u %u %u", order[0], order[1],
           order[2], order[3]);
  uint32_t before = a.ptr_q;
  rr_arb_comb(&a, &req, 0);
  rr_arb_commit(&a);
  TC_CHECK(t, a.ptr_q == before, "pointer held without advance");
  tc_group_end(t);
}

static void test_sat(tc_t *t) {
  sat_cnt_t c;
  sat_cnt_init(&c, 2);
  tc_group_begin(t, "sat_cnt: saturates at 3 and 0; clear wins; inc+dec holds");
  for (int i = 0; i < 5; i++) { sat_cnt_comb(&c, 0, 1, 0); sat_cnt_commit(&c); }
  TC_CHECK(t, c.value_q == 3 && sat_cnt_at_max(&c), "top 3, got %u", c.value_q);
  sat_cnt_comb(&c, 0, 1, 1);
  sat_cnt_commit(&c);
  TC_CHECK(t, c.value_q == 3, "inc+dec holds");
  sat_cnt_comb(&c, 1, 1, 0);
  sat_cnt_commit(&c);
  TC_CHECK(t, c.value_q == 0, "clear wins");
  sat_cnt_comb(&c, 0, 0, 1);
  sat_cnt_commit(&c);
  TC_CHECK(t, c.value_q == 0, "no wrap below zero");
  tc_group_end(t);
}

static void test_mul(tc_t *t) {
  tc_group_begin(t, "mul_u: full product within PW bits, truncated above (the MRMU's 13 x 7 into 20)");
  TC_CHECK(t, mul_u(8191, 127, 20) == 1040257u, "8191 * 127 = 1040257 in 20 bits, got %u", mul_u(8191, 127, 20));
  TC_CHECK(t, mul_u(8191, 127, 19) == (1040257u & 0x7ffffu), "truncated to 19 bits, got %u", mul_u(8191, 127, 19));
  TC_CHECK(t, mul_u(0xffffffffu, 0xffffffffu, 32) == 1u, "32 bits: low word of (2^32-1)^2, got %u", mul_u(0xffffffffu, 0xffffffffu, 32));
  TC_CHECK(t, mul_u(5000, 0, 20) == 0, "times zero");
  tc_group_end(t);
}

static void test_popcnt(tc_t *t) {
  tc_group_begin(t, "popcnt: set bits among the first n of a word array (the WOMU's occupancy)");
  const uint32_t ones[2] = {0xffffffffu, 0xffffffffu}, mix[2] = {0x80000001u, 0xf0000000u};
  TC_CHECK(t, popcnt(ones, 64) == 64, "64 of 64, got %u", popcnt(ones, 64));
  TC_CHECK(t, popcnt(ones, 47) == 47, "the first 47 only, got %u", popcnt(ones, 47));
  TC_CHECK(t, popcnt(mix, 64) == (uint32_t)(__builtin_popcount(mix[0]) + __builtin_popcount(mix[1])), "two words, got %u", popcnt(mix, 64));
  TC_CHECK(t, popcnt(mix, 32) == 2, "bits 0 and 31 of word 0, got %u", popcnt(mix, 32));
  TC_CHECK(t, popcnt(mix, 60) == 2, "word 1's set bits 60..63 not counted, got %u", popcnt(mix, 60));
  TC_CHECK(t, popcnt(mix, 0) == 0, "n = 0");
  /* word by word against a bit at a time: every n from 0 to 96 over seeded words */
  unsigned bad = 0, first = 0;
  uint32_t x = 0x2545f491u, w[3];
  for (unsigned rep = 0; rep < 200; rep++) {
    for (unsigned k = 0; k < 3; k++) x = x * 1664525u + 1013904223u, w[k] = x ^ (x >> 7) * (rep & 1 ? 0u : 0x9e3779b9u);
    for (unsigned n = 0; n <= 96; n++) {
      uint32_t ref = 0;
      for (unsigned i = 0; i < n; i++) ref += (w[i >> 5] >> (i & 31)) & 1u;
      if (popcnt(w, n) != ref && !bad++) first = n;
    }
  }
  TC_CHECK(t, !bad, "200 seeded arrays x n = 0..96 against a bit at a time: %u differ (the first at n = %u)", bad, first);
  tc_group_end(t);
}

static void test_mem(tc_t *t) {
  mem_1r1w_t m;
  tc_group_begin(t, "mem_1r1w: masked write, read-before-write, bad slice rejected");
  TC_CHECK(t, mem_1r1w_init(&m, 4, 30, 7) == -1, "slice 7 does not divide 30");
  mem_1r1w_init(&m, 4, 64, 8);
  uint32_t d[2] = {0x44332211u, 0x88776655u}, mask = 0x0f, all = 0xff;
  mem_1r1w_idle(&m);
  mem_1r1w_write(&m, 2, d, &all);
  mem_1r1w_commit(&m);
  uint32_t d2[2] = {0xaaaaaaaau, 0xbbbbbbbbu};
  mem_1r1w_idle(&m);
  mem_1r1w_write(&m, 2, d2, &mask);
  TC_CHECK(t, mem_1r1w_read(&m, 2)[0] == 0x44332211u, "read before the write lands");
  mem_1r1w_commit(&m);
  TC_CHECK(t, mem_1r1w_read(&m, 2)[0] == 0xaaaaaaaau && mem_1r1w_read(&m, 2)[1] == 0x88776655u,
           "low 4 bytes written, high 4 kept: %08x %08x", mem_1r1w_read(&m, 2)[1], mem_1r1w_read(&m, 2)[0]);
  mem_1r1w_free(&m);
  /* bit slices (the L2's recency matrix, 120 bits at 16 ways): exactly the
   * masked bits change, in every word of the row */
  mem_1r1w_init(&m, 2, 120, 1);
  uint32_t ones[4] = {~0u, ~0u, ~0u, ~0u}, zero[4] = {0}, bm[4] = {0x80000001u, 0x00010000u, 0, 0x00800000u};
  mem_1r1w_idle(&m);
  mem_1r1w_write(&m, 1, ones, NULL);
  mem_1r1w_commit(&m);
  mem_1r1w_idle(&m);
  mem_1r1w_write(&m, 1, zero, bm);
  mem_1r1w_commit(&m);
  const uint32_t *r = mem_1r1w_read(&m, 1);
  TC_CHECK(t, r[0] == 0x7ffffffeu && r[1] == 0xfffeffffu && r[2] == ~0u && r[3] == 0x007fffffu,
           "1-bit slices: bits 0, 31, 48 and 119 cleared, the rest kept (bits past 120 zero): %08x %08x %08x %08x", r[3], r[2],
           r[1], r[0]);
  tc_group_end(t);
  mem_1r1w_free(&m);
}

static void test_mem_sync(tc_t *t) {
  mem_1r1w_sync_t m;
  tc_group_begin(t, "mem_1r1w_sync: data the cycle after the read, held, read-before-write at one edge");
  TC_CHECK(t, mem_1r1w_sync_init(&m, 4, 30, 7) == -1, "slice 7 does not divide 30");
  mem_1r1w_sync_init(&m, 4, 32, 8);
  uint32_t a = 0x11111111u, b = 0x22222222u, c = 0x33333333u;
  mem_1r1w_sync_idle(&m);
  mem_1r1w_sync_write(&m, 1, &a, NULL);
  mem_1r1w_sync_commit(&m);
  mem_1r1w_sync_idle(&m);
  mem_1r1w_sync_read(&m, 1);
  TC_CHECK(t, mem_1r1w_sync_rdata(&m)[0] == 0, "nothing read yet");
  mem_1r1w_sync_commit(&m);
  TC_CHECK(t, mem_1r1w_sync_rdata(&m)[0] == a, "row 1 the cycle after its read, got %08x", mem_1r1w_sync_rdata(&m)[0]);
  mem_1r1w_sync_idle(&m);
  mem_1r1w_sync_write(&m, 1, &b, NULL); /* no read: the output holds */
  mem_1r1w_sync_commit(&m);
  TC_CHECK(t, mem_1r1w_sync_rdata(&m)[0] == a, "held while not read (row since rewritten)");
  mem_1r1w_sync_idle(&m);
  mem_1r1w_sync_read(&m, 1);
  mem_1r1w_sync_write(&m, 1, &c, NULL);
  mem_1r1w_sync_commit(&m);
  TC_CHECK(t, mem_1r1w_sync_rdata(&m)[0] == b, "read and write of one row at one edge: old row, got %08x",
           mem_1r1w_sync_rdata(&m)[0]);
  mem_1r1w_sync_idle(&m);
  mem_1r1w_sync_read(&m, 1);
  mem_1r1w_sync_commit(&m);
  TC_CHECK(t, mem_1r1w_sync_rdata(&m)[0] == c, "the write landed, got %08x", mem_1r1w_sync_rdata(&m)[0]);
  tc_group_end(t);
  mem_1r1w_sync_free(&m);
}

/* One cycle of a fifo_sync_sram: push/pop with a value, then the edge. */
static void fss_cycle(fifo_sync_sram_t *f, uint32_t push, uint32_t v, uint32_t pop) {
  fifo_sync_sram_comb(f, push, &v, pop);
  fifo_sync_sram_commit(f);
}

static void test_fifo_sram(tc_t *t) {
  fifo_sync_sram_t f;
  tc_group_begin(t, "fifo_sync_sram: fifo_sync's timing on a synchronous SRAM (bypass, re-read, pop+push, full)");
  TC_CHECK(t, fifo_sync_sram_init(&f, 0, 8) == -1, "depth 0 refused");
  fifo_sync_sram_init(&f, 3, 16);
  fifo_sync_sram_reset(&f);
  fss_cycle(&f, 1, 10, 0); /* push into empty */
  TC_CHECK(t, fifo_sync_sram_count(&f) == 1 && fifo_sync_sram_rdata(&f)[0] == 10 && !f.out_src_q,
           "push into empty: head 10 the next cycle, from the bypass register");
  fss_cycle(&f, 1, 11, 0); /* the bypassed head stays: re-read from the SRAM */
  TC_CHECK(t, fifo_sync_sram_rdata(&f)[0] == 10 && f.out_src_q, "head 10 still, now from the SRAM, got %u",
           fifo_sync_sram_rdata(&f)[0]);
  fss_cycle(&f, 1, 12, 0);
  TC_CHECK(t, fifo_sync_sram_full(&f) && fifo_sync_sram_rdata(&f)[0] == 10, "full after 3 pushes, head held");
  fss_cycle(&f, 1, 99, 1); /* push refused while full; the pop reads the new head */
  TC_CHECK(t, fifo_sync_sram_count(&f) == 2 && fifo_sync_sram_rdata(&f)[0] == 11,
           "push+pop on full: count 2, head 11, got %u %u", fifo_sync_sram_count(&f), fifo_sync_sram_rdata(&f)[0]);
  fss_cycle(&f, 1, 13, 1); /* pop + push with two entries: read 12 */
  TC_CHECK(t, fifo_sync_sram_count(&f) == 2 && fifo_sync_sram_rdata(&f)[0] == 12, "head 12, got %u",
           fifo_sync_sram_rdata(&f)[0]);
  fss_cycle(&f, 0, 0, 1);
  TC_CHECK(t, fifo_sync_sram_count(&f) == 1 && fifo_sync_sram_rdata(&f)[0] == 13, "head 13, got %u",
           fifo_sync_sram_rdata(&f)[0]);
  fss_cycle(&f, 1, 14, 1); /* pop + push with one entry: the pushed entry bypasses */
  TC_CHECK(t, fifo_sync_sram_count(&f) == 1 && fifo_sync_sram_rdata(&f)[0] == 14 && !f.out_src_q,
           "pop+push with one entry: head 14 from the bypass register, got %u", fifo_sync_sram_rdata(&f)[0]);
  fss_cycle(&f, 0, 77, 1); /* pop the bypassed head at once */
  TC_CHECK(t, fifo_sync_sram_empty(&f), "empty");
  fss_cycle(&f, 0, 0, 1);
  TC_CHECK(t, fifo_sync_sram_count(&f) == 0, "pop on empty ignored");
  tc_group_end(t);
  fifo_sync_sram_free(&f);
}

int main(void) {
  tc_t t = TC_INIT("prim");
  test_fifo(&t);
  test_fifo_w2(&t);
  test_prio(&t);
  test_rr(&t);
  test_sat(&t);
  test_mul(&t);
  test_popcnt(&t);
  test_mem(&t);
  test_mem_sync(&t);
  test_fifo_sram(&t);
  return tc_done(&t);
}
