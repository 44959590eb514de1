/* test_l1d.c -- directed tests of the L1D C model (csim/l1d/l1d.c): every
 * outcome, every fail reason, write policies, bypass, the BA pseudo-hit,
 * LRU vs FIFO victims, the remote port, the atax associativity stalls of
 * the MRPB paper, the config checks and the GPGPU-Sim config string, and agreement
 * with the independent functional model (l1d_ref.c) on one-at-a-time
 * streams. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "l1d.h"
#include "l1d_index.h"
#include "l1d_view.h"
#include "l1d_ref.h"
#include "tcheck.h"

#define NPEND 512
typedef struct {
  l1d_t m;
  uint8_t *mem; /* 4096 lines */
  struct { uint32_t line, byp, id; int due; } pend[NPEND];
  int np, cyc, lat, mem_on;
  /* last cycle's observations: D's verdict (out, fail; ready = D's request
   * decided), whether D held one (dec) and whether the port took one (port) */
  uint32_t out, fail, ready, dec, port, nrsp, rsp_id, rsp_byp;
  uint32_t byp_fill; /* a bypassed fill was accepted this cycle */
  uint32_t rsp_data[64];
  uint32_t mreq_seen, mreq_byp, mreq_store, mreq_addr;
  uint32_t rsp_log[64]; /* ids of the responses, in order */
  unsigned nlog;
} tb_t;

static int tb_init(tb_t *t, const char *const *sets) {
  l1sys_cfg_t cfg;
  l1d_geom_t g;
  cfg_defaults(&cfg);
  for (; sets && *sets; sets++)
    if (cfg_set(&cfg, *sets, "test")) return -1;
  if (l1d_geom_from_cfg(&cfg, &g)) return -1;
  memset(t, 0, sizeof *t);
  if (l1d_init(&t->m, &g)) return -1;
  l1d_modes_from_cfg(&cfg, &t->m.in);
  t->mem = malloc((size_t)4096 * g.line);
  for (size_t i = 0; i < (size_t)4096 * g.line; i++) t->mem[i] = (uint8_t)(i * 7 + (i >> 7) * 13);
  t->lat = 5;
  t->mem_on = 1;
  return 0;
}
static void tb_free(tb_t *t) { l1d_free(&t->m); free(t->mem); }

/* One clock: memory answers due loads (one fill per cycle), takes the miss
 * queue head when mem_on. */
static void tick(tb_t *t) {
  l1d_in_t *in = &t->m.in;
  const l1d_out_t *o = &t->m.out;
  unsigned L = t->m.g.line;
  int cur = -1;
  in->mem_req_ready_i = (uint32_t)t->mem_on;
  in->fill_valid_i = 0;
  for (int i = 0; i < t->np && t->mem_on; i++)
    if (t->pend[i].due <= t->cyc) { cur = i; break; }
  if (cur >= 0) {
    in->fill_valid_i = 1;
    in->fill_addr_i = t->pend[cur].line;
    in->fill_byp_i = t->pend[cur].byp;
    in->fill_id_i = t->pend[cur].id;
    uint32_t ln = t->pend[cur].line >> t->m.sectw; /* the port carries an atom address */
    for (unsigned b = 0; b < L; b++) bits_set(in->fill_data_i, b * 8, 8, t->mem[(ln % 4096) * L + b]);
  }
  l1d_comb(&t->m);
  t->out = o->req_outcome_o;
  t->fail = o->req_fail_o;
  t->dec = o->dec_valid_o;
  t->ready = o->dec_valid_o && o->req_fail_o == L1D_FAIL_NONE;
  t->port = in->req_valid_i && o->req_ready_o;
  t->nrsp += o->rsp_valid_o;
  if (o->rsp_valid_o) {
    t->rsp_id = o->rsp_id_o;
    if (t->nlog < 64) t->rsp_log[t->nlog++] = o->rsp_id_o;
    t->rsp_byp = cur >= 0 && in->fill_byp_i;
    memcpy(t->rsp_data, o->rsp_data_o, t->m.lwords * 4);
  }
  if (o->mem_req_valid_o && in->mem_req_ready_i) {
    t->mreq_seen++;
    t->mreq_byp = o->mem_req_byp_o;
    t->mreq_store = o->mem_req_store_o;
    t->mreq_addr = o->mem_req_addr_o;
    if (o->mem_req_store_o) {
      for (unsigned b = 0; b < L; b++)
        if (bits_test(o->mem_req_mask_o, b))
          t->mem[((o->mem_req_addr_o >> t->m.sectw) % 4096) * L + b] = (uint8_t)bits_get(o->mem_req_data_o, b * 8, 8);
    } else if (t->np < NPEND) {
      t->pend[t->np].line = o->mem_req_addr_o;
      t->pend[t->np].byp = o->mem_req_byp_o;
      t->pend[t->np].id = o->mem_req_id_o;
      t->pend[t->np].due = t->cyc + t->lat;
      t->np++;
    }
  }
  t->byp_fill = cur >= 0 && in->fill_byp_i && o->fill_ready_o;
  if (cur >= 0 && o->fill_ready_o) {
    for (int i = cur; i + 1 < t->np; i++) t->pend[i] = t->pend[i + 1];
    t->np--;
  }
  l1d_commit(&t->m);
  in->req_valid_i = 0;
  t->cyc++;
}

/* Drives one request at the port for this cycle (tick clears the valid). */
static void present(tb_t *t, uint32_t addr, int store, int byp, uint32_t id) {
  l1d_in_t *in = &t->m.in;
  in->req_valid_i = 1;
  in->req_addr_i = addr;
  in->req_store_i = (uint32_t)store;
  in->req_byp_i = (uint32_t)byp;
  in->req_id_i = id;
}
/* Presents one request until the port takes it (the read stage R), then
 * clocks the cycle the decide stage D decides it; returns D's verdict of
 * that cycle (t->fail, t->ready too).  A refused request stays in D and is
 * retried by every later tick; 0xff when the port never took it. */
static uint32_t req(tb_t *t, uint32_t addr, int store, int byp, uint32_t id) {
  int k = 0;
  do {
    present(t, addr, store, byp, id);
    tick(t);
  } while (!t->port && ++k < 5000);
  if (!t->port) return 0xffu;
  tick(t);
  return t->out;
}
/* As req, then clocks D's retries until the request is decided; returns the
 * deciding verdict. */
static uint32_t req_done(tb_t *t, uint32_t addr, int store, int byp, uint32_t id) {
  uint32_t out = req(t, addr, store, byp, id);
  for (int k = 0; out != 0xffu && !t->ready && k < 20000; k++) {
    tick(t);
    out = t->out;
  }
  return out;
}
/* Remote lookup presented for one cycle; its answer is the next cycle's
 * rmt_hit_o.  Returns whether the lookup cycle itself showed a hit (it must
 * not: nothing was looked up the cycle before) in *same. */
static uint32_t rmt(tb_t *t, uint32_t addr, uint32_t *same) {
  t->m.in.rmt_valid_i = 1;
  t->m.in.rmt_addr_i = addr;
  tick(t);
  *same = t->m.out.rmt_hit_o;
  t->m.in.rmt_valid_i = 0;
  tick(t);
  return t->m.out.rmt_hit_o;
}
static void idle(tb_t *t, int n) { while (n-- > 0) tick(t); }
/* Address of the k-th line mapping to linear set s. */
static uint32_t la(const tb_t *t, unsigned s, unsigned k) { return (k * t->m.g.sets + s) * t->m.g.line; }
static uint32_t byte_of(const uint32_t *d, unsigned b) { return (uint32_t)bits_get(d, b * 8, 8); }

static void test_outcomes(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "outcomes HIT / HIT_RESERVED / MISS, one release per cycle, data");
  TC_CHECK(tc, !tb_init(&t, NULL), "init");
  t.lat = 10;
  uint32_t a = la(&t, 3, 1) + 4;
  TC_CHECK(tc, req(&t, a, 0, 0, 1) == L1D_OUT_MISS, "first load misses (got %u)", t.out);
  TC_CHECK(tc, req(&t, a + 8, 0, 0, 2) == L1D_OUT_HIT_RESERVED, "second load is hit-reserved (got %u)", t.out);
  TC_CHECK(tc, req(&t, a, 0, 0, 3) == L1D_OUT_HIT_RESERVED, "third load is hit-reserved");
  uint32_t before = t.nrsp;
  int fill_cyc = -1;
  for (int i = 0; i < 20 && t.nrsp < before + 3; i++) {
    uint32_t n0 = t.nrsp;
    tick(&t);
    if (t.m.out.ev_fill_o) fill_cyc = t.cyc;
    TC_CHECK(tc, t.nrsp - n0 <= 1, "at most one response per cycle");
  }
  TC_CHECK(tc, fill_cyc > 0, "fill seen");
  TC_CHECK(tc, t.nrsp == before + 3, "three releases (%u)", t.nrsp - before);
  TC_CHECK(tc, t.rsp_id == 3, "releases in arrival order, last id 3 (got %u)", t.rsp_id);
  unsigned L = t.m.g.line, line = a / L;
  TC_CHECK(tc, byte_of(t.rsp_data, 5) == t.mem[(line % 4096) * L + 5], "release data = memory bytes");
  idle(&t, 1);
  TC_CHECK(tc, req(&t, a, 0, 0, 4) == L1D_OUT_HIT, "load after the fill hits (got %u)", t.out);
  TC_CHECK(tc, t.rsp_id == 4 && byte_of(t.rsp_data, 9) == t.mem[(line % 4096) * L + 9], "hit returns the line");
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_HIT] == 1 && t.m.cnt_q[L1D_CNT_HITRES] == 2 && t.m.cnt_q[L1D_CNT_MISS] == 1 &&
               t.m.cnt_q[L1D_CNT_ACCESS] == 4 && t.m.cnt_q[L1D_CNT_FILL] == 1, "counters");
  tb_free(&t);
  tc_group_end(tc);
}

static void test_line_alloc(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "RESERVATION_FAIL LINE_ALLOC when every way of the set is reserved");
  const char *s[] = {"L1D_INDEX=LINEAR", NULL};
  TC_CHECK(tc, !tb_init(&t, s), "init");
  t.mem_on = 0;
  for (unsigned k = 0; k < 4; k++) TC_CHECK(tc, req(&t, la(&t, 5, k), 0, 0, k) == L1D_OUT_MISS, "miss %u", k);
  TC_CHECK(tc, req(&t, la(&t, 5, 4), 0, 0, 9) == L1D_OUT_RES_FAIL && t.fail == L1D_FAIL_LINE_ALLOC && !t.ready,
           "fifth line: LINE_ALLOC (out %u fail %u)", t.out, t.fail);
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FAIL_LINE] == 1, "counted");
  tick(&t);
  TC_CHECK(tc, t.dec && t.fail == L1D_FAIL_LINE_ALLOC && !t.m.out.req_ready_o && t.m.cnt_q[L1D_CNT_FAIL_LINE] == 2,
           "it stays in the decide stage and is retried the next cycle; the port takes nothing meanwhile");
  t.mem_on = 1;
  for (int k = 0; k < 100 && !t.ready; k++) tick(&t);
  TC_CHECK(tc, t.ready && t.out == L1D_OUT_MISS, "once the fills made lines replaceable it is accepted (a miss)");
  TC_CHECK(tc, req(&t, la(&t, 6, 4), 0, 0, 10) == L1D_OUT_MISS, "another set misses");
  tb_free(&t);
  tc_group_end(tc);
}

static void test_mshr_fails(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "MSHR_ENTRY, MSHR_MERGE, MISS_QUEUE fails; the request retries and nothing is lost");
  const char *s[] = {"L1D_MSHR_ENTRIES=2", "L1D_MSHR_MERGE=2", "L1D_MISSQ=2", NULL};
  const char *s4[] = {"L1D_MSHR_ENTRIES=2", "L1D_MSHR_MERGE=2", "L1D_MISSQ=4", NULL};
  TC_CHECK(tc, !tb_init(&t, s4), "init");
  t.lat = 50;
  TC_CHECK(tc, req(&t, la(&t, 1, 0), 0, 0, 1) == L1D_OUT_MISS, "miss A");
  TC_CHECK(tc, req(&t, la(&t, 2, 0), 0, 0, 2) == L1D_OUT_MISS, "miss B");
  TC_CHECK(tc, req(&t, la(&t, 1, 0), 0, 0, 4) == L1D_OUT_HIT_RESERVED, "A merges");
  TC_CHECK(tc, req(&t, la(&t, 1, 0), 0, 0, 5) == L1D_OUT_RES_FAIL && t.fail == L1D_FAIL_MSHR_MERGE, "A again: MSHR_MERGE (%u)", t.fail);
  for (int k = 0; k < 400 && !t.ready; k++) tick(&t);
  TC_CHECK(tc, t.ready, "retried every cycle, accepted once A's fill frees the entry");
  idle(&t, 100); /* B filled and drained too: both entries free */
  TC_CHECK(tc, req(&t, la(&t, 2, 1), 0, 0, 6) == L1D_OUT_MISS, "miss C");
  TC_CHECK(tc, req(&t, la(&t, 4, 0), 0, 0, 7) == L1D_OUT_MISS, "miss E");
  TC_CHECK(tc, req(&t, la(&t, 3, 0), 0, 0, 3) == L1D_OUT_RES_FAIL && t.fail == L1D_FAIL_MSHR_ENTRY, "D: MSHR_ENTRY (%u)", t.fail);
  /* miss queue: memory stops taking requests */
  tb_t u;
  TC_CHECK(tc, !tb_init(&u, s), "init 2");
  u.mem_on = 0;
  TC_CHECK(tc, req(&u, la(&u, 1, 0), 0, 0, 1) == L1D_OUT_MISS, "miss A");
  TC_CHECK(tc, req(&u, la(&u, 2, 0), 1, 0, 0) == L1D_OUT_MISS, "store miss forwarded");
  TC_CHECK(tc, req(&u, la(&u, 3, 0), 1, 0, 0) == L1D_OUT_RES_FAIL && u.fail == L1D_FAIL_MISS_QUEUE, "store: MISS_QUEUE (%u)", u.fail);
  tick(&u);
  TC_CHECK(tc, u.dec && u.fail == L1D_FAIL_MISS_QUEUE, "retried: MISS_QUEUE again");
  /* GPGPU-Sim's miss_queue_full(1): a load that is not a hit is refused once
   * N-1 entries are taken, a store only at N (each case on a fresh cache: a
   * refused request holds the decide stage) */
  tb_t v;
  TC_CHECK(tc, !tb_init(&v, s), "init 3");
  v.mem_on = 0;
  TC_CHECK(tc, req(&v, la(&v, 1, 0), 0, 0, 1) == L1D_OUT_MISS, "load miss A, queue 0 of 2");
  TC_CHECK(tc, req(&v, la(&v, 2, 0), 0, 0, 2) == L1D_OUT_RES_FAIL && v.fail == L1D_FAIL_MISS_QUEUE,
           "load miss B with 1 of 2 taken: MISS_QUEUE (N-1 rule; got out %u fail %u)", v.out, v.fail);
  tb_free(&v);
  TC_CHECK(tc, !tb_init(&v, s), "init 4");
  v.mem_on = 0;
  TC_CHECK(tc, req(&v, la(&v, 1, 0), 0, 0, 1) == L1D_OUT_MISS, "load miss A, queue 0 of 2");
  TC_CHECK(tc, req(&v, la(&v, 1, 0), 0, 0, 3) == L1D_OUT_RES_FAIL && v.fail == L1D_FAIL_MISS_QUEUE,
           "hit-reserved merge with 1 of 2 taken: MISS_QUEUE, checked before the MSHR (got out %u fail %u)", v.out, v.fail);
  tb_free(&v);
  TC_CHECK(tc, !tb_init(&v, s), "init 5");
  v.mem_on = 0;
  TC_CHECK(tc, req(&v, la(&v, 1, 0), 0, 0, 1) == L1D_OUT_MISS, "load miss A, queue 0 of 2");
  TC_CHECK(tc, req(&v, la(&v, 3, 0), 1, 0, 0) == L1D_OUT_MISS, "a store with 1 of 2 taken is accepted");
  TC_CHECK(tc, req(&v, la(&v, 3, 0), 0, 1, 7) == L1D_OUT_MISS && v.ready,
           "a bypassed load does not use the miss queue (full): accepted");
  tb_free(&v);
  u.mem_on = 1;
  int acc = 0;
  for (int i = 0; i < 10 && !acc; i++) {
    tick(&u);
    acc = u.ready;
  }
  TC_CHECK(tc, acc, "retried store accepted once the queue drains");
  TC_CHECK(tc, u.m.cnt_q[L1D_CNT_FAIL_MQ] >= 2, "counted");
  /* nothing lost: every accepted load answered */
  t.mem_on = 1;
  idle(&t, 200);
  TC_CHECK(tc, t.nrsp == 7, "7 accepted loads (D retried until MSHR_ENTRY cleared), 7 responses (%u)", t.nrsp);
  tb_free(&t);
  tb_free(&u);
  tc_group_end(tc);
}

static void test_port_busy(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "a fill owns its cycle; a load hit waits for an MSHR release (PORT_BUSY)");
  TC_CHECK(tc, !tb_init(&t, NULL), "init");
  t.lat = 3;
  uint32_t a = la(&t, 7, 0), b = la(&t, 8, 0);
  req(&t, b, 0, 0, 1);
  idle(&t, 12);
  TC_CHECK(tc, req(&t, b, 0, 0, 2) == L1D_OUT_HIT, "b hits");
  req(&t, a, 0, 0, 3);
  req(&t, a, 0, 0, 4);
  int saw_fill_busy = 0, saw_rel_busy = 0;
  uint32_t id = 10;
  for (int i = 0; i < 14; i++) { /* a load of b at the port every cycle, a new id once one is taken */
    present(&t, b, 0, 0, id);
    tick(&t);
    id += t.port;
    if (t.dec && t.fail == L1D_FAIL_PORT_BUSY && t.m.out.ev_fill_o) saw_fill_busy = 1;
    if (t.dec && t.fail == L1D_FAIL_PORT_BUSY && !t.m.out.ev_fill_o) saw_rel_busy = 1;
  }
  TC_CHECK(tc, saw_fill_busy, "request refused in the fill cycle");
  TC_CHECK(tc, saw_rel_busy, "load hit refused while releasing");
  TC_CHECK(tc, t.ready && t.out == L1D_OUT_HIT, "then it hits");
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FAIL_PORT] == 3, "one fill cycle + two release cycles counted (%u)", t.m.cnt_q[L1D_CNT_FAIL_PORT]);
  tb_free(&t);
  tc_group_end(tc);
}

/* A bypassed fill writes no array: it takes only the response port.  A
 * stream of bypassed loads goes one per cycle while their answers come back
 * (the fills never refuse them); a load hit in a bypassed fill's cycle waits
 * (PORT_BUSY: one response port), and a miss in one goes. */
static void test_byp_fill_port(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "a bypassed fill takes only the response port: a load hit waits, other requests go");
  TC_CHECK(tc, !tb_init(&t, NULL), "init");
  t.lat = 3;
  uint32_t b = la(&t, 8, 0);
  req(&t, b, 0, 0, 1);
  idle(&t, 12);
  /* 24 bypassed loads presented back to back */
  uint32_t id = 100;
  unsigned busy = 0, along = 0;
  int c0 = t.cyc;
  while (id < 124 && t.cyc - c0 < 200) {
    present(&t, la(&t, 20 + id % 8, 1), 0, 1, id);
    tick(&t);
    id += t.port;
    busy += t.dec && t.fail == L1D_FAIL_PORT_BUSY;
    along += t.dec && t.ready && t.byp_fill;
  }
  int took = t.cyc - c0;
  TC_CHECK(tc, busy == 0, "no bypassed load refused PORT_BUSY (%u)", busy);
  TC_CHECK(tc, along >= 18, "bypassed loads decided in their forerunners' fill cycles (%u of 24)", along);
  TC_CHECK(tc, took <= 26, "24 bypassed loads taken in %d cycles (one per cycle)", took);
  idle(&t, 12);
  /* a hit of b and a miss, each in a bypassed fill's cycle */
  uint32_t fail_hit = 0xff, fail_miss = 0xff;
  for (int round = 0; round < 2; round++) {
    req_done(&t, la(&t, 30, 1), 0, 1, 200 + (uint32_t)round);
    /* the fill comes t.lat cycles after the request left: present the
     * probe so that D decides it in the fill's cycle */
    for (int i = 0; i < 12; i++) {
      present(&t, round ? la(&t, 40 + (unsigned)i, 1) : b, 0, 0, 300 + (uint32_t)i);
      tick(&t);
      if (t.dec && t.byp_fill) {
        if (round) fail_miss = t.fail;
        else fail_hit = t.fail;
        break;
      }
      if (t.dec) { /* D decided something else: let it leave */
        while (!t.ready) tick(&t);
      }
    }
    idle(&t, 12);
  }
  TC_CHECK(tc, fail_hit == L1D_FAIL_PORT_BUSY, "a load hit in a bypassed fill's cycle: PORT_BUSY (%u)", fail_hit);
  TC_CHECK(tc, fail_miss == L1D_FAIL_NONE, "a load miss in a bypassed fill's cycle goes (%u)", fail_miss);
  tb_free(&t);
  tc_group_end(tc);
}

static void test_writes(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "write-evict invalidates, write-through updates, stores never allocate");
  TC_CHECK(tc, !tb_init(&t, NULL), "init");
  uint32_t a = la(&t, 9, 2);
  unsigned L = t.m.g.line;
  TC_CHECK(tc, req(&t, a, 1, 0, 0) == L1D_OUT_MISS, "store miss");
  idle(&t, 3);
  TC_CHECK(tc, req(&t, a, 0, 0, 1) == L1D_OUT_MISS, "store did not allocate");
  idle(&t, 12);
  TC_CHECK(tc, req(&t, a, 1, 0, 0) == L1D_OUT_HIT, "store hit");
  TC_CHECK(tc, req(&t, a, 0, 0, 2) == L1D_OUT_MISS, "write-evict: the line is gone");
  tb_free(&t);
  const char *s[] = {"L1D_WRITE=THROUGH", NULL};
  TC_CHECK(tc, !tb_init(&t, s), "init");
  req(&t, a, 0, 0, 1);
  idle(&t, 12);
  memset(t.m.in.req_data_i, 0, t.m.lwords * 4);
  memset(t.m.in.req_mask_i, 0, bits_words(L) * 4);
  bits_set(t.m.in.req_data_i, 17 * 8, 8, 0xA5);
  bits_set(t.m.in.req_mask_i, 17, 1, 1);
  TC_CHECK(tc, req(&t, a, 1, 0, 0) == L1D_OUT_HIT, "store hit");
  idle(&t, 3);
  TC_CHECK(tc, req(&t, a, 0, 0, 3) == L1D_OUT_HIT, "write-through: still a hit");
  TC_CHECK(tc, byte_of(t.rsp_data, 17) == 0xA5, "load returns the stored byte (%x)", byte_of(t.rsp_data, 17));
  TC_CHECK(tc, byte_of(t.rsp_data, 16) == t.mem[((a / L) % 4096) * L + 16], "other bytes from memory");
  TC_CHECK(tc, t.mem[((a / L) % 4096) * L + 17] == 0xA5, "store forwarded below");
  tb_free(&t);
  tc_group_end(tc);
}

static void test_bypass(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "a bypass load goes below and comes back without filling");
  TC_CHECK(tc, !tb_init(&t, NULL), "init");
  uint32_t a = la(&t, 4, 3);
  TC_CHECK(tc, req(&t, a, 0, 1, 7) == L1D_OUT_MISS && t.m.out.ev_byp_o, "bypass: MISS + bypass event");
  uint32_t n = t.nrsp;
  idle(&t, 10);
  TC_CHECK(tc, t.nrsp == n + 1 && t.rsp_id == 7 && t.rsp_byp, "answered once with its id");
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FILL] == 0 && t.m.cnt_q[L1D_CNT_BYP] == 1, "no fill, one bypass");
  TC_CHECK(tc, req(&t, a, 0, 0, 8) == L1D_OUT_MISS, "not cached");
  tb_free(&t);
  tc_group_end(tc);
}

static void test_ba(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "BA cache: tag-only bypass when the set is full, then a pseudo-hit fetches the line");
  const char *s[] = {"L1D_BA=1", "L1D_BA_THRESHOLD=2", NULL};
  TC_CHECK(tc, !tb_init(&t, s), "init");
  unsigned st = 11;
  for (unsigned k = 0; k < 4; k++) { req(&t, la(&t, st, k), 0, 0, k); idle(&t, 10); }
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FILL] == 4, "four lines filled");
  req(&t, la(&t, st, 0), 0, 0, 10); /* line 0 reused: reuse bit 1 */
  idle(&t, 1);
  uint32_t e = la(&t, st, 4);
  uint32_t m0 = t.mreq_seen;
  TC_CHECK(tc, req(&t, e, 0, 0, 20) == L1D_OUT_MISS && t.m.out.ev_byp_o, "full set: bypassed");
  idle(&t, 2);
  TC_CHECK(tc, t.mreq_seen == m0 + 1 && t.mreq_byp, "sent below as a bypass");
  idle(&t, 10);
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FILL] == 4, "its answer did not fill");
  /* the victim was a reuse=0 line (n0 = 3 >= 2), the oldest: line 1 */
  TC_CHECK(tc, req(&t, la(&t, st, 0), 0, 0, 21) == L1D_OUT_HIT, "reused line kept");
  idle(&t, 1);
  TC_CHECK(tc, req(&t, la(&t, st, 1), 0, 0, 22) == L1D_OUT_MISS && t.m.out.ev_byp_o, "line 1 was the victim (bypassed now)");
  idle(&t, 12);
  /* line 1 now holds the tag only; e was replaced by it?  e's tag went to
   * the oldest reuse=0 way; ask e again after re-installing it */
  TC_CHECK(tc, req(&t, la(&t, st, 1), 0, 0, 23) == L1D_OUT_MISS && t.m.out.ev_pseudo_o, "second access: pseudo-hit");
  idle(&t, 2);
  TC_CHECK(tc, !t.mreq_byp, "pseudo-hit fetches the line (not a bypass)");
  idle(&t, 12);
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FILL] == 5 && t.m.cnt_q[L1D_CNT_PSEUDO] == 1, "filled once, one pseudo-hit");
  TC_CHECK(tc, req(&t, la(&t, st, 1), 0, 0, 24) == L1D_OUT_HIT, "then it hits");
  tb_free(&t);
  tc_group_end(tc);
}

static void test_repl(tc_t *tc) {
  tc_group_begin(tc, "LRU evicts the least recently used line, FIFO the oldest allocation");
  for (int fifo = 0; fifo < 2; fifo++) {
    tb_t t;
    const char *s[] = {fifo ? "L1D_REPL=FIFO" : "L1D_REPL=LRU", NULL};
    TC_CHECK(tc, !tb_init(&t, s), "init");
    for (unsigned k = 0; k < 4; k++) { req(&t, la(&t, 2, k), 0, 0, k); idle(&t, 10); }
    req(&t, la(&t, 2, 0), 0, 0, 5); /* touch line 0 */
    idle(&t, 1);
    req(&t, la(&t, 2, 4), 0, 0, 6); /* evicts */
    idle(&t, 10);
    uint32_t h0 = req(&t, la(&t, 2, 0), 0, 0, 7);
    idle(&t, 10);
    TC_CHECK(tc, fifo ? h0 == L1D_OUT_MISS : h0 == L1D_OUT_HIT, "%s: line 0 %s", fifo ? "FIFO" : "LRU",
             fifo ? "evicted" : "kept");
    tb_free(&t);
  }
  tc_group_end(tc);
}

static void test_remote(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "remote port sees filled lines only");
  TC_CHECK(tc, !tb_init(&t, NULL), "init");
  t.lat = 6;
  uint32_t a = la(&t, 13, 1) + 3;
  req(&t, a, 0, 0, 1);
  uint32_t same = 0;
  TC_CHECK(tc, !rmt(&t, a, &same), "pending line invisible");
  idle(&t, 10);
  TC_CHECK(tc, rmt(&t, a, &same) && !same, "filled line visible, answered the cycle after the lookup");
  unsigned L = t.m.g.line;
  TC_CHECK(tc, byte_of(t.m.out.rmt_data_o, 3) == t.mem[((a / L) % 4096) * L + 3], "remote data");
  uint32_t acc = t.m.cnt_q[L1D_CNT_ACCESS];
  TC_CHECK(tc, acc == 1, "remote lookups are not accesses");
  tb_free(&t);
  tc_group_end(tc);
}

static void test_atax(tc_t *tc) {
  /* the MRPB paper: one warp's 32 loads (one per thread, a column of a row-major
   * matrix) fall into one set of the 16 KB 4-way cache */
  tb_t t;
  tc_group_begin(tc, "atax: 32 loads of a warp to one set stall on associativity");
  const char *s[] = {"L1D_INDEX=LINEAR", NULL};
  TC_CHECK(tc, !tb_init(&t, s), "init");
  t.lat = 100;
  unsigned done = 0;
  for (int guard = 0; done < 32 && guard < 64; guard++)
    if (req_done(&t, la(&t, 0, done), 0, 0, done) == L1D_OUT_MISS && t.ready) done++;
  idle(&t, 300);
  TC_CHECK(tc, done == 32, "all 32 accepted eventually");
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_FAIL_LINE] > 100, "associativity stalls counted: %u", t.m.cnt_q[L1D_CNT_FAIL_LINE]);
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_MISS] == 32 && t.nrsp == 32, "32 misses, 32 responses");
  printf("  atax: %u LINE_ALLOC stall cycles for 32 loads (%d cycles)\n", t.m.cnt_q[L1D_CNT_FAIL_LINE], t.cyc);
  tb_free(&t);
  tc_group_end(tc);
}

static void test_cfg(tc_t *tc) {
  tc_group_begin(tc, "set index, config checks and the GPGPU-Sim config string");
  TC_CHECK(tc, l1d_index(0x80, 7, 32, 0) == 1 && l1d_index(0x2000 | 0x80, 7, 32, 1) == 0, "fermi: bit 13 flips set bit 0");
  TC_CHECK(tc, l1d_index(0x1000, 7, 64, 1) == 0x20 + 0, "64 sets: bit 12 is set bit 5 (also line bit 5 -> 0x20^...)");
  l1d_ref_t r;
  l1d_ref_init(&r, 64, 6, 128, 0, 0, 1);
  int same = 1;
  for (uint32_t a = 0; a < (1u << 21); a += 4096 + 128) same &= l1d_index(a, 7, 64, 1) == l1d_ref_set(&r, a);
  l1d_ref_free(&r);
  TC_CHECK(tc, same, "csim and the independent reference agree on the Fermi hash (64 sets)");
  l1sys_cfg_t cfg;
  l1d_geom_t g;
  cfg_defaults(&cfg);
  cfg_set(&cfg, "L1D_SETS=16", "t");
  cfg_set(&cfg, "L1D_INDEX=FERMI", "t");
  TC_CHECK(tc, l1d_geom_from_cfg(&cfg, &g) == -1, "FERMI with 16 sets rejected");
  cfg_defaults(&cfg);
  cfg_set(&cfg, "L1D_BA=1", "t");
  cfg_set(&cfg, "L1D_ALLOC=ON_FILL", "t");
  TC_CHECK(tc, l1d_geom_from_cfg(&cfg, &g) == -1, "BA with ON_FILL rejected");
  cfg_defaults(&cfg);
  TC_CHECK(tc, !l1d_parse_gpgpusim(&cfg, "32:128:4,L:L:m:N:H,A:32:8,8") && !l1d_geom_from_cfg(&cfg, &g), "GTX480 string");
  TC_CHECK(tc, CFG(&cfg, L1D_SETS) == 32 && CFG(&cfg, L1D_INDEX) == L1D_INDEX_FERMI && CFG(&cfg, L1D_REPL) == L1D_REPL_LRU &&
               CFG(&cfg, L1D_MSHR_MERGE) == 8, "fields");
  TC_CHECK(tc, !l1d_parse_gpgpusim(&cfg, "64:128:6,F:T:f:N:L,A:16:4,16") && CFG(&cfg, L1D_WAYS) == 6 &&
               CFG(&cfg, L1D_REPL) == L1D_REPL_FIFO && CFG(&cfg, L1D_ALLOC) == L1D_ALLOC_ON_FILL && CFG(&cfg, L1D_MISSQ) == 16,
           "48 KB string");
  TC_CHECK(tc, l1d_parse_gpgpusim(&cfg, "32:128:4,X:L:m:N:H,A:32:8,8") == -1, "bad rep field rejected");
  TC_CHECK(tc, l1d_parse_gpgpusim(&cfg, "32:128:4,L:L:m:N:H,A:32:8") == -1, "missing miss queue rejected");
  tc_group_end(tc);
}

/* IPOLY and XOR set indexes (issue 23 item 3), expectations worked by hand
 * from GPGPU-Sim's hashing.cc, 128-byte lines (line bits 0..6):
 *  IPOLY, 2^n sets: higher_bits a = addr >> (7 + n), index = the linear set;
 *  set bit b = index bit b ^ the a[] bits of its equation:
 *   32 sets (a = addr >> 12): bit0 a13 a12 a11 a10 a9 a6 a5 a3 a0; bit1 a14
 *   a13 a12 a11 a10 a7 a6 a4 a1; bit2 a14 a10 a9 a8 a7 a6 a3 a2 a0; bit3 a11
 *   a10 a9 a8 a7 a4 a3 a1; bit4 a12 a11 a10 a9 a8 a5 a4 a2.
 *   - 0x1000: a0 only -> bits 0 and 2 -> 5
 *   - 0x1080: index 1 and a0 -> 1 ^ 5 = 4
 *   - 0x2000: a1 only -> bits 1 and 3 -> 10
 *   - 1<<26: a14 only -> bits 1 and 2 -> 6
 *   - 1<<27: a15, in no equation -> 0 (the L2's whole-line remainder would not be 0)
 *   16 sets (a = addr >> 11): bit0 a11 a10 a9 a8 a6 a4 a3 a0; bit1 a12 a8 a7
 *   a6 a5 a3 a1 a0; bit2 a9 a8 a7 a6 a4 a2 a1; bit3 a10 a9 a8 a7 a5 a3 a2.
 *   - 0x800: a0 -> bits 0, 1 -> 3;  1<<23: a12 -> bit 1 -> 2;  1<<24: a13 -> 0
 *   64 sets (a = addr >> 13): bit0 a18 a17 a16 a15 a12 a10 a6 a5 a0; bit1 a15
 *   a13 a12 a11 a10 a7 a5 a1 a0; ... bit4 a18 a16 a15 a14 a13 a10 a8 a4 a3.
 *   - 0x2000: a0 -> bits 0, 1 -> 3;  1<<31: a18 -> bits 0 and 4 -> 17
 *  XOR: index ^ (a & (sets-1)):
 *   - 32 sets, 0x1180: index 3, a 1 -> 2;  0x3F000: index 0, a 0x3F -> 31
 *   - 64 sets, (5 << 13) | (6 << 7): 6 ^ 5 = 3 */
static void test_index_hash(tc_t *tc) {
  tc_group_begin(tc, "IPOLY and XOR set index (hand-derived from GPGPU-Sim's equations)");
  const uint32_t P = L1D_INDEX_IPOLY, X = L1D_INDEX_XOR;
  TC_CHECK(tc, l1d_index(0x1000, 7, 32, P) == 5, "ipoly 32 sets: 0x1000 (a0) -> 5: %u", l1d_index(0x1000, 7, 32, P));
  TC_CHECK(tc, l1d_index(0x1080, 7, 32, P) == 4, "ipoly 32 sets: 0x1080 (index 1, a0) -> 4: %u", l1d_index(0x1080, 7, 32, P));
  TC_CHECK(tc, l1d_index(0x2000, 7, 32, P) == 10, "ipoly 32 sets: 0x2000 (a1) -> 10: %u", l1d_index(0x2000, 7, 32, P));
  TC_CHECK(tc, l1d_index(1u << 26, 7, 32, P) == 6, "ipoly 32 sets: 1<<26 (a14) -> 6: %u", l1d_index(1u << 26, 7, 32, P));
  TC_CHECK(tc, l1d_index(1u << 27, 7, 32, P) == 0 && ipoly_mod(1u << 20, 32, 5) != 0,
           "ipoly 32 sets: 1<<27 (a15, in no equation) -> 0, where the whole-line remainder is %u", ipoly_mod(1u << 20, 32, 5));
  TC_CHECK(tc, l1d_index(0x800, 7, 16, P) == 3 && l1d_index(1u << 23, 7, 16, P) == 2 && l1d_index(1u << 24, 7, 16, P) == 0,
           "ipoly 16 sets: 0x800 -> 3, 1<<23 (a12) -> 2, 1<<24 (a13) -> 0: %u %u %u", l1d_index(0x800, 7, 16, P),
           l1d_index(1u << 23, 7, 16, P), l1d_index(1u << 24, 7, 16, P));
  TC_CHECK(tc, l1d_index(0x2000, 7, 64, P) == 3 && l1d_index(1u << 31, 7, 64, P) == 17,
           "ipoly 64 sets: 0x2000 (a0) -> 3, 1<<31 (a18) -> 17: %u %u", l1d_index(0x2000, 7, 64, P), l1d_index(1u << 31, 7, 64, P));
  TC_CHECK(tc, l1d_index(0x1180, 7, 32, X) == 2 && l1d_index(0x3F000, 7, 32, X) == 31 &&
               l1d_index((5u << 13) | (6u << 7), 7, 64, X) == 3,
           "xor: 0x1180 -> 2, 0x3F000 -> 31 (32 sets); 5<<13|6<<7 -> 3 (64 sets): %u %u %u", l1d_index(0x1180, 7, 32, X),
           l1d_index(0x3F000, 7, 32, X), l1d_index((5u << 13) | (6u << 7), 7, 64, X));
  /* IPOLY spreads every power-of-two stride of lines over all sets (Rau): 32 lines 2^k apart, k = 0..14, take 32 sets */
  int spread = 1;
  for (unsigned k = 0; k <= 14; k++) {
    uint32_t seen = 0;
    for (uint32_t i = 0; i < 32; i++) seen |= 1u << l1d_index((i << k) << 7, 7, 32, P);
    spread &= seen == 0xFFFFFFFFu;
  }
  TC_CHECK(tc, spread, "ipoly 32 sets: every stride of 2^0..2^14 lines covers all 32 sets");
  l1sys_cfg_t cfg;
  l1d_geom_t g;
  cfg_defaults(&cfg);
  cfg_set(&cfg, "L1D_SETS=8", "t");
  cfg_set(&cfg, "L1D_INDEX=IPOLY", "t");
  TC_CHECK(tc, l1d_geom_from_cfg(&cfg, &g) == -1, "IPOLY with 8 sets rejected");
  cfg_defaults(&cfg);
  TC_CHECK(tc, !l1d_parse_gpgpusim(&cfg, "N:16:128:4,L:L:m:N:P,A:32:8,8") && CFG(&cfg, L1D_INDEX) == L1D_INDEX_IPOLY &&
               !l1d_geom_from_cfg(&cfg, &g), "dl1 set_idx P -> IPOLY (16 sets)");
  TC_CHECK(tc, !l1d_parse_gpgpusim(&cfg, "N:8:128:4,L:L:m:N:X,A:32:8,8") && CFG(&cfg, L1D_INDEX) == L1D_INDEX_XOR &&
               !l1d_geom_from_cfg(&cfg, &g), "dl1 set_idx X -> XOR (8 sets)");
  TC_CHECK(tc, l1d_parse_gpgpusim(&cfg, "N:128:128:4,L:L:m:N:P,A:32:8,8") == -1, "P with 128 sets refused");
  TC_CHECK(tc, l1d_parse_gpgpusim(&cfg, "N:32:128:4,L:L:m:N:C,A:32:8,8") == -1, "C (custom) refused");
  tc_group_end(tc);
}

/* One-at-a-time streams: each request completes before the next. */
static void test_ref(tc_t *tc) {
  static const char *const cfgs[][4] = {
      {"L1D_INDEX=LINEAR", NULL},
      {"L1D_INDEX=FERMI", "L1D_REPL=FIFO", NULL},
      {"L1D_WRITE=THROUGH", "L1D_ALLOC=ON_FILL", NULL},
      {"L1D_SETS=64", "L1D_WAYS=6", "L1D_INDEX=FERMI", NULL},
      {"L1D_SETS=4", "L1D_WAYS=48", "L1D_REPL=FIFO", NULL},
  };
  for (unsigned ci = 0; ci < sizeof cfgs / sizeof cfgs[0]; ci++) {
    tb_t t;
    l1d_ref_t r;
    char name[160];
    snprintf(name, sizeof name, "agrees with the functional reference: %s %s %s", cfgs[ci][0], cfgs[ci][1] ? cfgs[ci][1] : "",
             cfgs[ci][1] && cfgs[ci][2] ? cfgs[ci][2] : "");
    tc_group_begin(tc, name);
    TC_CHECK(tc, !tb_init(&t, cfgs[ci]), "init");
    l1d_ref_init(&r, t.m.g.sets, t.m.g.ways, t.m.g.line, t.m.in.mode_repl_i, t.m.in.mode_wr_i, t.m.in.mode_hash_i);
    t.lat = 3;
    uint64_t x = 12345 + ci;
    uint64_t hits = 0, misses = 0;
    for (int i = 0; i < 20000; i++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      unsigned nl = (i / 2000) % 2 ? 64 : 600; /* phases: fits / thrashes */
      uint32_t line = (uint32_t)((x >> 33) % nl) * 37u % 4096u;
      uint32_t addr = line * t.m.g.line + (uint32_t)((x >> 20) % t.m.g.line);
      int store = ((x >> 50) % 100) < 20;
      uint32_t out = req_done(&t, addr, store, 0, (uint32_t)(i & 0xff));
      hits += out == L1D_OUT_HIT;
      misses += out == L1D_OUT_MISS;
      l1d_ref_access(&r, addr, store);
      idle(&t, store ? 2 : 8); /* complete: fill, release, entry free */
    }
    TC_CHECK(tc, hits == r.hits && misses == r.misses, "hits %llu/%llu misses %llu/%llu (model/reference)",
             (unsigned long long)hits, (unsigned long long)r.hits, (unsigned long long)misses, (unsigned long long)r.misses);
    TC_CHECK(tc, r.hits > 1000 && r.misses > 1000, "stream mixes hits and misses");
    l1d_ref_free(&r);
    tb_free(&t);
    tc_group_end(tc);
  }
}

/* The rules issue 7 aligned with GPGPU-Sim's gpu-cache.cc. */
static void test_gpgpusim_rules(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "GPGPU-Sim rules: highest free way, releases in fill order, valid at fill, no leak");
  const char *lin[] = {"L1D_INDEX=LINEAR", NULL};
  /* 1. a new line goes to the highest-numbered free way */
  TC_CHECK(tc, !tb_init(&t, lin), "init");
  t.mem_on = 0;
  req(&t, la(&t, 5, 0), 0, 0, 1);
  TC_CHECK(tc, t.m.rsv_q[5 * 4 + 3] && !t.m.rsv_q[5 * 4 + 0], "first miss reserves way 3 of 4");
  req(&t, la(&t, 5, 1), 0, 0, 2);
  TC_CHECK(tc, t.m.rsv_q[5 * 4 + 2], "second miss reserves way 2");
  tb_free(&t);

  /* 2. releases in fill order, one entry finished before the next */
  TC_CHECK(tc, !tb_init(&t, lin), "init");
  t.mem_on = 0;
  uint32_t A = la(&t, 1, 0), B = la(&t, 2, 0);
  req(&t, A, 0, 0, 1); req(&t, A, 0, 0, 2); req(&t, B, 0, 0, 3); req(&t, B, 0, 0, 4);
  t.mem_on = 1;
  idle(&t, 2); /* both line requests leave the miss queue */
  t.mem_on = 0;
  TC_CHECK(tc, t.np == 2, "two line requests below (%d)", t.np);
  {
    __typeof__(t.pend[0]) x = t.pend[0];
    t.pend[0] = t.pend[1];
    t.pend[1] = x;
    t.pend[0].due = t.pend[1].due = 0;
  }
  t.mem_on = 1;
  t.nlog = 0;
  idle(&t, 12);
  TC_CHECK(tc, t.nlog == 4 && t.rsp_log[0] == 3 && t.rsp_log[1] == 4 && t.rsp_log[2] == 1 && t.rsp_log[3] == 2,
           "B filled first: responses 3,4 then 1,2 (got %u: %u %u %u %u)", t.nlog, t.rsp_log[0], t.rsp_log[1],
           t.rsp_log[2], t.rsp_log[3]);
  tb_free(&t);

  /* 3. valid and replaceable at the fill; 4. a write-evict store to the
   * draining line, then a load: merges into the draining entry, no way is
   * reserved for it (GPGPU-Sim reserves one that no fill completes) */
  TC_CHECK(tc, !tb_init(&t, lin), "init");
  t.lat = 20; /* the fill comes after the six loads */
  A = la(&t, 6, 0);
  for (uint32_t id = 1; id <= 6; id++) req_done(&t, A, 0, 0, id); /* retried in D until decided */
  int k = 0;
  while (!t.m.out.ev_fill_o && k++ < 40) tick(&t);
  unsigned way = 3, b = 6 * 4 + way;
  TC_CHECK(tc, t.m.valid_q[b] && !t.m.rsv_q[b], "after the fill: valid, not reserved (v %u r %u)", t.m.valid_q[b],
           t.m.rsv_q[b]);
  TC_CHECK(tc, !fifo_sync_empty(&t.m.i_relq), "while its merged requests are still being returned");
  uint8_t rank_before = t.m.rank_q[b];
  uint32_t seen = t.mreq_seen;
  TC_CHECK(tc, req(&t, A + 4, 1, 0, 0) == L1D_OUT_HIT, "write-evict store hits the draining line");
  TC_CHECK(tc, !t.m.valid_q[b] && t.m.rank_q[b] == rank_before, "invalidated; a write-evict hit does not touch LRU");
  TC_CHECK(tc, req(&t, A, 0, 0, 9) == L1D_OUT_MISS && t.ready, "the next load misses and merges (out %u)", t.out);
  unsigned nrsv = 0;
  for (unsigned w = 0; w < 4; w++) nrsv += t.m.rsv_q[6 * 4 + w];
  TC_CHECK(tc, nrsv == 0, "no way reserved for it (no leak): %u", nrsv);
  idle(&t, 20);
  TC_CHECK(tc, t.mreq_seen == seen + 1, "only the store went below (%u)", t.mreq_seen - seen);
  int got9 = 0;
  for (unsigned i = 0; i < t.nlog; i++) got9 |= t.rsp_log[i] == 9;
  TC_CHECK(tc, got9 && t.nrsp == 7, "it is answered from the draining entry (%u responses: %u %u %u %u %u %u %u)", t.nrsp, t.rsp_log[0], t.rsp_log[1], t.rsp_log[2], t.rsp_log[3], t.rsp_log[4], t.rsp_log[5], t.rsp_log[6]);
  tb_free(&t);
  tc_group_end(tc);
}

/* The pipeline's hazards (docs/l1d.md "Pipeline"): the SRAMs read before
 * they write, so a request read at the edge another request's (or a fill's)
 * write lands sees that write only through the forwarding registers. */
/* Sectored lines (docs/l1d.md, "Sectored lines and streaming allocation"):
 * each expectation below is derived by hand from GPGPU-Sim's
 * sector_cache_block, tag_array::probe/access/fill and send_read_request. */
static void test_sectors(tc_t *tc) {
  tb_t t;
  l1d_line_view_t v;
  tc_group_begin(tc, "sectored lines, allocate on miss: SECTOR_MISS, per-sector reserve/fill/evict");
  static const char *const onmiss[] = {"L1D_SECTORS=4", "L1D_SETS=1", "L1D_WAYS=2", "L1D_ALLOC=ON_MISS", NULL};
  TC_CHECK(tc, !tb_init(&t, onmiss), "init");
  t.lat = 10;
  const uint32_t a = la(&t, 0, 3); /* line 3: sectors at a, a+32, a+64, a+96 */
  TC_CHECK(tc, req(&t, a + 4, 0, 0, 1) == L1D_OUT_MISS, "sector 0, line absent: MISS (got %u)", t.out);
  TC_CHECK(tc, t.mreq_seen == 0 || t.mreq_addr == (a >> 5), "the memory request names the sector (atom %u)", t.mreq_addr);
  TC_CHECK(tc, req(&t, a + 8, 0, 0, 2) == L1D_OUT_HIT_RESERVED, "sector 0 again: HIT_RESERVED (got %u)", t.out);
  TC_CHECK(tc, req(&t, a + 40, 0, 0, 3) == L1D_OUT_SECTOR_MISS, "sector 1 of the present line: SECTOR_MISS (got %u)", t.out);
  l1d_view_line(&t.m, 0, 1, &v);
  TC_CHECK(tc, v.line == 3 && v.rsv == 0x3 && v.valid == 0, "the line in the highest free way, sectors 0 and 1 reserved (line %u rsv %x valid %x)", v.line, v.rsv, v.valid);
  l1d_view_line(&t.m, 0, 0, &v);
  TC_CHECK(tc, !v.valid && !v.rsv, "way 0 still free: a sector miss allocates no line");
  idle(&t, 40);
  l1d_view_line(&t.m, 0, 1, &v);
  TC_CHECK(tc, v.valid == 0x3 && v.rsv == 0, "both sectors filled (valid %x rsv %x)", v.valid, v.rsv);
  TC_CHECK(tc, t.nrsp == 3, "three loads answered (%u)", t.nrsp);
  TC_CHECK(tc, req(&t, a + 33, 0, 0, 4) == L1D_OUT_HIT, "sector 1: HIT (got %u)", t.out);
  idle(&t, 2);
  TC_CHECK(tc, byte_of(t.rsp_data, 33) == t.mem[3 * 128 + 33], "sector 1's bytes are memory's");
  TC_CHECK(tc, req(&t, a + 2, 1, 0, 5) == L1D_OUT_HIT, "store to sector 0: HIT (got %u)", t.out);
  l1d_view_line(&t.m, 0, 1, &v);
  TC_CHECK(tc, v.valid == 0x2, "write-evict invalidates sector 0 only (valid %x)", v.valid);
  TC_CHECK(tc, req(&t, a + 70, 1, 0, 6) == L1D_OUT_SECTOR_MISS, "store to invalid sector 2 of the present line: SECTOR_MISS (got %u)", t.out);
  TC_CHECK(tc, req(&t, a + 1, 0, 0, 7) == L1D_OUT_SECTOR_MISS, "load of the evicted sector 0: SECTOR_MISS (got %u)", t.out);
  idle(&t, 40);
  TC_CHECK(tc, t.m.cnt_q[L1D_CNT_SMISS] == 3 && t.m.cnt_q[L1D_CNT_MISS] == 4,
           "counters: 3 sector misses, 4 misses in all (smiss %u miss %u)", t.m.cnt_q[L1D_CNT_SMISS], t.m.cnt_q[L1D_CNT_MISS]);
  tb_free(&t);
  tc_group_end(tc);

  tc_group_begin(tc, "sectored lines, streaming (allocate on fill): the fill probes, lines placed and evicted under pending sectors");
  static const char *const strm[] = {"L1D_SECTORS=4", "L1D_SETS=1", "L1D_WAYS=2", "L1D_ALLOC=ON_FILL", NULL};
  TC_CHECK(tc, !tb_init(&t, strm), "init");
  t.lat = 30;
  const uint32_t X = la(&t, 0, 5), Y = la(&t, 0, 6), Z = la(&t, 0, 7);
  TC_CHECK(tc, req(&t, X, 0, 0, 1) == L1D_OUT_MISS, "X sector 0: MISS");
  TC_CHECK(tc, req(&t, X + 32, 0, 0, 2) == L1D_OUT_MISS,
           "X sector 1 while X is not yet present: MISS (GPGPU-Sim counts SECTOR_MISS for another instruction: docs/l1d.md)");
  idle(&t, 60);
  l1d_view_line(&t.m, 0, 1, &v);
  TC_CHECK(tc, v.line == 5 && v.valid == 0x3, "X's first fill placed X in way 1, its second sector joined it (line %u valid %x)", v.line, v.valid);
  l1d_view_line(&t.m, 0, 0, &v);
  TC_CHECK(tc, !v.valid, "way 0 free: one line, not two");
  TC_CHECK(tc, req(&t, Y, 0, 0, 3) == L1D_OUT_MISS, "Y sector 0: MISS");
  idle(&t, 60); /* Y in way 0; ages: X older than Y */
  TC_CHECK(tc, req(&t, Z, 0, 0, 4) == L1D_OUT_MISS, "Z sector 0: MISS");
  TC_CHECK(tc, req(&t, X + 64, 0, 0, 5) == L1D_OUT_SECTOR_MISS, "X sector 2, X present: SECTOR_MISS");
  idle(&t, 80); /* Z's fill evicts X (the oldest); X's sector 2 then finds X gone: a new place, the victim Y */
  l1d_view_line(&t.m, 0, 1, &v);
  TC_CHECK(tc, v.line == 7 && v.valid == 0x1, "Z replaced X in way 1 (line %u valid %x)", v.line, v.valid);
  l1d_view_line(&t.m, 0, 0, &v);
  TC_CHECK(tc, v.line == 5 && v.valid == 0x4, "X's sector 2 allocated X again over Y, only sector 2 valid (line %u valid %x)", v.line, v.valid);
  TC_CHECK(tc, t.nrsp == 5, "every load answered (%u)", t.nrsp);
  tb_free(&t);
  tc_group_end(tc);
}

static void test_pipeline(tc_t *tc) {
  tb_t t;
  tc_group_begin(tc, "pipeline: back-to-back forwarding (tag, data, remote), retry in D, stall to bypass");
  const char *lin[] = {"L1D_INDEX=LINEAR", "L1D_WRITE=THROUGH", NULL};
  TC_CHECK(tc, !tb_init(&t, lin), "init");
  t.mem_on = 0;
  uint32_t A = la(&t, 3, 0);
  present(&t, A, 0, 0, 1);
  tick(&t);
  TC_CHECK(tc, t.port && !t.dec, "cycle 0: the port takes load 1 (read stage), nothing decided yet");
  present(&t, A + 4, 0, 0, 2);
  tick(&t);
  TC_CHECK(tc, t.dec && t.out == L1D_OUT_MISS && t.port, "cycle 1: load 1 decided (MISS, allocates its tag); load 2 taken");
  tick(&t);
  TC_CHECK(tc, t.dec && t.out == L1D_OUT_HIT_RESERVED,
           "cycle 2: load 2 sees load 1's tag through the forwarding register: HIT_RESERVED (got %u)", t.out);
  unsigned nrsv = 0;
  for (unsigned w = 0; w < 4; w++) nrsv += t.m.rsv_q[3 * 4 + w];
  TC_CHECK(tc, nrsv == 1 && t.m.cnt_q[L1D_CNT_HITRES] == 1, "one way reserved, one merge (no second allocation)");
  t.mem_on = 1;
  idle(&t, 20);
  TC_CHECK(tc, t.nrsp == 2, "both answered");
  /* data: a write-through store hit, then a load of the line the next cycle */
  unsigned L = t.m.g.line;
  memset(t.m.in.req_data_i, 0, t.m.lwords * 4);
  memset(t.m.in.req_mask_i, 0, bits_words(L) * 4);
  bits_set(t.m.in.req_data_i, 5 * 8, 8, 0x5A);
  bits_set(t.m.in.req_mask_i, 5, 1, 1);
  present(&t, A, 1, 0, 0);
  tick(&t);
  present(&t, A, 0, 0, 3);
  tick(&t);
  TC_CHECK(tc, t.dec && t.out == L1D_OUT_HIT && t.port, "store hit decided, the load taken in the same cycle");
  tick(&t);
  TC_CHECK(tc, t.out == L1D_OUT_HIT && t.m.out.rsp_valid_o && t.rsp_id == 3 && byte_of(t.rsp_data, 5) == 0x5A &&
               byte_of(t.rsp_data, 6) == t.mem[((A / L) % 4096) * L + 6],
           "the load hit returns the stored byte through the data forwarding register (%x)", byte_of(t.rsp_data, 5));
  /* remote: a lookup in a fill's cycle is answered with the filled line */
  uint32_t B = la(&t, 7, 0);
  req(&t, B, 0, 0, 4);
  t.m.in.rmt_valid_i = 1;
  t.m.in.rmt_addr_i = B;
  int k = 0;
  do tick(&t); while (!t.m.out.ev_fill_o && ++k < 40);
  t.m.in.rmt_valid_i = 0;
  tick(&t);
  TC_CHECK(tc, t.m.out.rmt_hit_o && byte_of(t.m.out.rmt_data_o, 9) == t.mem[((B / L) % 4096) * L + 9],
           "remote lookup in the fill's cycle: hit the next cycle with the filled data (forwarded)");
  tb_free(&t);

  /* stall to bypass: ASSOC converts a LINE_ALLOC refusal, once */
  const char *sb[] = {"L1D_INDEX=LINEAR", "L1D_SBYP=ASSOC", NULL};
  TC_CHECK(tc, !tb_init(&t, sb), "init");
  t.mem_on = 0;
  for (unsigned k2 = 0; k2 < 4; k2++) req(&t, la(&t, 5, k2), 0, 0, k2);
  TC_CHECK(tc, req(&t, la(&t, 5, 4), 0, 0, 9) == L1D_OUT_RES_FAIL && t.fail == L1D_FAIL_LINE_ALLOC, "fifth line: LINE_ALLOC");
  tick(&t);
  TC_CHECK(tc, t.ready && t.out == L1D_OUT_MISS && t.m.out.ev_byp_o && t.m.cnt_q[L1D_CNT_SBYP] == 1,
           "retried the next cycle as a bypass (MISS, to the bypass queue)");
  TC_CHECK(tc, req(&t, la(&t, 5, 5), 1, 0, 0) == L1D_OUT_MISS, "a store is never converted (and needs no line)");
  t.mem_on = 1;
  idle(&t, 30);
  TC_CHECK(tc, t.nrsp == 5 && t.m.cnt_q[L1D_CNT_SBYP] == 1, "all five loads answered (%u)", t.nrsp);
  tb_free(&t);
  tc_group_end(tc);
}

/* A model run unobserved, then watched (l1d_observe): the state it shows
 * from then on is the RTL's.  An unobserved line fill leaves fw_data_q to
 * its bank row (fw_lazy); watching must bring the register back. */
static void test_observe_late(tc_t *tc) {
  tc_group_begin(tc, "watched from mid-run: the forwarded line as the RTL holds it");
  tb_t a, b;
  TC_CHECK(tc, !tb_init(&a, NULL) && !tb_init(&b, NULL), "init");
  l1d_observe(&a.m, 1);
  l1d_observe(&b.m, 0);
  const uint32_t addr = la(&a, 3, 1);
  req_done(&a, addr, 0, 0, 1);
  req_done(&b, addr, 0, 0, 1);
  int found = 0;
  for (int k = 0; k < 100 && !found; k++) {
    tick(&a);
    tick(&b);
    found = b.m.fw_lazy && b.m.fw_data_v_q;
  }
  TC_CHECK(tc, found, "the unobserved fill left the forwarded line in its bank row");
  l1d_observe(&b.m, 1);
  const unsigned lw = a.m.lwords, mw = bits_words(a.m.g.line);
  TC_CHECK(tc, a.m.fw_data_v_q == b.m.fw_data_v_q && a.m.fw_data_set_q == b.m.fw_data_set_q &&
                   a.m.fw_data_way_q == b.m.fw_data_way_q && !memcmp(a.m.fw_data_q, b.m.fw_data_q, lw * 4) &&
                   !memcmp(a.m.fw_data_mask_q, b.m.fw_data_mask_q, mw * 4),
           "fw_data_q and its mask as in the run watched from the start");
  req_done(&a, addr, 0, 0, 2);
  req_done(&b, addr, 0, 0, 2);
  TC_CHECK(tc, a.out == L1D_OUT_HIT && b.out == L1D_OUT_HIT && !memcmp(a.rsp_data, b.rsp_data, lw * 4), "the hit after it");
  tb_free(&a);
  tb_free(&b);
  tc_group_end(tc);
}

int main(void) {
  tc_t tc = TC_INIT("l1d");
  test_outcomes(&tc);
  test_line_alloc(&tc);
  test_mshr_fails(&tc);
  test_port_busy(&tc);
  test_byp_fill_port(&tc);
  test_writes(&tc);
  test_bypass(&tc);
  test_ba(&tc);
  test_repl(&tc);
  test_remote(&tc);
  test_atax(&tc);
  test_cfg(&tc);
  test_index_hash(&tc);
  test_ref(&tc);
  test_gpgpusim_rules(&tc);
  test_pipeline(&tc);
  test_sectors(&tc);
  test_observe_late(&tc);
  return tc_done(&tc);
}
