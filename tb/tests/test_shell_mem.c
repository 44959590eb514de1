/* test_shell_mem.c -- the memory side against independent expectations
 * (docs/shell.md, "Memory side: throughput and latency"):
 *  - IPOLY set index: known answers worked out by hand in GF(2);
 *  - the L2 bank (csim/shell/shell_l2.c) fed one request at a time, against
 *    a textbook write-back, write-allocate LRU cache written here (per
 *    request: hit or miss, and which dirty line is written back);
 *  - the ROP delay: a hit answered ROP latency + 2 cycles after it arrives
 *    (the read and decide stages), whatever the queue depth;
 *  - the same-set forward (hits to one set one a cycle, LRU kept right) and
 *    a refused fill's priority over a waiting hit;
 *  - the DRAM channel: latency then bandwidth, a fractional interval;
 *  - shell_mem_derive: GTX480's flits and DRAM bandwidth;
 *  - the crossbar's internal speedup (SHELL_XBAR_SPEEDUP): two SMs whose
 *    heads map to one bank both pop in one cycle with speedup 2, one with 1;
 *    two banks' responses for one SM both enter its ejection buffer in one
 *    cycle with speedup 2, one with 1; a stalled bank's boundary buffer
 *    takes no more than it holds. */
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "shell_dram.h"
#include "shell_l2.h"
#include "shell_mem.h"
#include "shell_xbar.h"
#include "tcheck.h"

static void test_ipoly(tc_t *t) {
  shell_l2_t m;
  /* 64 sets, P = x^6 + x + 1; one bank, so the bank-local line is the line */
  if (shell_l2_init(&m, 64, 4, 1, 8, 8, 25, 0, 8, 4, 1, SHELL_L2_SET_IDX_IPOLY, 1)) {
    TC_CHECK(t, 0, "init");
    return;
  }
  /* x^6 = x + 1 (3); x^7 = x^2 + x (6); x^12 = (x + 1)^2 = x^2 + 1 (5);
   * x^6 + 1 = x (2); below 64 a line is its own set */
  TC_CHECK(t, shell_l2_set_idx(&m, 64) == 3 && shell_l2_set_idx(&m, 128) == 6 && shell_l2_set_idx(&m, 4096) == 5 &&
                  shell_l2_set_idx(&m, 65) == 2 && shell_l2_set_idx(&m, 37) == 37,
           "IPOLY(67) remainders: 64->%u 128->%u 4096->%u 65->%u 37->%u (expected 3 6 5 2 37)",
           shell_l2_set_idx(&m, 64), shell_l2_set_idx(&m, 128), shell_l2_set_idx(&m, 4096), shell_l2_set_idx(&m, 65),
           shell_l2_set_idx(&m, 37));
  /* every power-of-two stride of 64 consecutive multiples covers all 64 sets */
  int all = 1;
  for (unsigned k = 0; k < 12; k++) {
    uint64_t seen = 0;
    for (uint32_t i = 0; i < 64; i++) seen |= 1ull << shell_l2_set_idx(&m, i << k);
    all &= seen == ~0ull;
  }
  TC_CHECK(t, all, "IPOLY: strides 1, 2, ..., 2048 lines each reach all 64 sets");
  shell_l2_free(&m);
  /* LINEAR on the bank-local line: 6 banks, line 6*k+b is local k */
  if (shell_l2_init(&m, 64, 4, 1, 8, 8, 25, 0, 8, 4, 6, SHELL_L2_SET_IDX_LINEAR, 1)) return;
  TC_CHECK(t, shell_l2_set_idx(&m, 6 * 70 + 3) == 70 % 64, "LINEAR: line 423 in bank 3 of 6 is local line 70, set 6");
  shell_l2_free(&m);
  /* the model's table lookup (shell_l2_set_idx) against the RTL's
   * divide-then-reduce order (shell_l2_set_idx_ref): every set count,
   * power-of-two and other bank counts, both schemes, lines of every width */
  unsigned bad = 0, n = 0, where = 0;
  uint32_t x = 12345;
  static const unsigned banks[] = {1, 2, 6, 7, 64, 80};
  for (unsigned sw = 0; sw <= 12; sw++)
    for (unsigned bi = 0; bi < sizeof banks / sizeof banks[0]; bi++)
      for (unsigned si = 0; si < 2; si++) {
        if (shell_l2_init(&m, 1u << sw, 2, 1, 8, 8, 25, 0, 8, 4, banks[bi], si, 1)) {
          bad++;
          continue;
        }
        for (unsigned k = 0; k < 2000; k++) {
          x = x * 1103515245u + 12345u;
          uint32_t line = k < 1000 ? x >> (k % 32) : x & ((1u << 25) - 1);
          n++;
          if (shell_l2_set_idx(&m, line) != shell_l2_set_idx_ref(&m, line) && !bad++) where = line;
        }
        shell_l2_free(&m);
      }
  TC_CHECK(t, !bad, "set index table = the RTL's bit-serial reduction on %u lines (1..4096 sets, 1..80 banks, LINEAR and IPOLY): %u differ (first line %u)", n, bad, where);
}

/* the reference: Sets x Ways, LRU, write-back, write-allocate; sectored
 * (GPGPU-Sim's sector cache: a valid bit per sector, the line's tag shared):
 * v is a mask of valid sectors, sbit the access's sector (1 for a line
 * cache).  A sector missing from a present line is fetched into that line
 * (no victim); a store into a present line validates its sector. */
typedef struct { uint32_t tag[16][4], age[16][4], tick; uint8_t v[16][4], d[16][4]; } ref_t;
/* returns 1 on a hit, 2 on a sector miss (the line present, its sector
 * not), 0 on a miss; *wb = a dirty victim's line or ~0 */
static int ref_access(ref_t *r, uint32_t set, uint32_t line, uint8_t sbit, int store, uint32_t *wb) {
  *wb = ~0u;
  r->tick++;
  for (int w = 0; w < 4; w++)
    if (r->v[set][w] && r->tag[set][w] == line) {
      int hit = (r->v[set][w] & sbit) != 0 ? 1 : 2;
      r->age[set][w] = r->tick;
      r->v[set][w] |= sbit; /* a store writes it, a load miss fills it */
      if (store) r->d[set][w] = 1;
      return hit;
    }
  int vw = -1;
  for (int w = 0; w < 4 && vw < 0; w++)
    if (!r->v[set][w]) vw = w;
  if (vw < 0) {
    vw = 0;
    for (int w = 1; w < 4; w++)
      if (r->age[set][w] < r->age[set][vw]) vw = w;
    if (r->d[set][vw]) *wb = r->tag[set][vw];
  }
  r->v[set][vw] = sbit, r->d[set][vw] = (uint8_t)store, r->tag[set][vw] = line, r->age[set][vw] = r->tick;
  return 0;
}

/* sectw 0: a line L1D's requests; 2: a sectored L1D's (4 sectors), the
 * messages carrying atoms, a write-back naming its line's first atom */
static void test_writeback(tc_t *t, unsigned sectw) {
  shell_l2_t m;
  if (shell_l2_init(&m, 16, 4, 3, 8, 8, 20 + sectw, sectw, 8, 4, 1, SHELL_L2_SET_IDX_LINEAR, 1)) { TC_CHECK(t, 0, "init"); return; }
  shell_l2_reset(&m);
  ref_t r;
  memset(&r, 0, sizeof r);
  uint32_t seed = 12345, bad = 0, nreq = 3000, hits = 0, wbs = 0, cyc = 0, lmiss_ref = 0, smiss_ref = 0;
  for (uint32_t q = 0; q < nreq && !bad; q++) {
    seed = seed * 1103515245u + 12345u;
    uint32_t tl = 0x100 + (seed >> 8) % 160; /* 160 lines over 64 ways: evictions */
    uint32_t sec = (seed >> 20) & ((1u << sectw) - 1), line = tl << sectw | sec; /* the request's atom */
    int store = (seed >> 4) % 4 == 0;
    uint32_t wb_ref;
    const int ra = ref_access(&r, tl & 15, tl, (uint8_t)(1u << sec), store, &wb_ref);
    const uint32_t hit_ref = ra == 1;
    if (!store) lmiss_ref += ra == 0, smiss_ref += ra == 2;
    if (wb_ref != ~0u) wb_ref <<= sectw;
    /* drive the bank until this request is finished: answered (load hit or
     * fill), or for a store accepted by the tags; DRAM answers a load miss
     * the cycle after it is sent, and is always ready */
    int sent = 0, done = 0, saw_miss = 0;
    uint32_t wb_seen = ~0u, pend_fill = 0, fill_line = 0, fill_set = 0;
    for (int c = 0; c < 100 && !done; c++, cyc++) {
      shell_l2_in_t *in = &m.in;
      memset(in, 0, sizeof *in);
      in->req_valid_i = !sent;
      in->req_line_i = line, in->req_store_i = (uint32_t)store, in->req_sm_i = 1, in->req_id_i = 7;
      in->rsp_ready_i = 1;
      in->dram_req_ready_i = 1;
      in->dram_rsp_valid_i = pend_fill, in->dram_rsp_line_i = fill_line, in->dram_rsp_sm_i = 1, in->dram_rsp_id_i = 7;
      in->dram_rsp_set_i = fill_set; /* DRAM hands back the set the bank sent */
      shell_l2_comb(&m);
      const shell_l2_out_t *o = &m.out;
      if (in->req_valid_i && o->req_ready_o) sent = 1;
      if (o->dram_req_valid_o) {
        if (o->dram_req_store_o) {
          if (wb_seen != ~0u || o->dram_req_line_o >> sectw == tl) bad = 1; /* one write-back, never of the request's line */
          wb_seen = o->dram_req_line_o;
        } else
          saw_miss = 1, pend_fill = 1, fill_line = o->dram_req_line_o, fill_set = o->dram_req_set_o;
      }
      if (o->dram_rsp_ready_o) pend_fill = 0;
      if (o->rsp_valid_o) done = 1;
      if (store && m.cnt_d[L2C_STORE] != m.cnt_q[L2C_STORE]) done = 1;
      shell_l2_commit(&m);
    }
    if (!done || (!store && saw_miss == (int)hit_ref) || wb_seen != wb_ref) {
      TC_CHECK(t, 0, "request %u (line 0x%x %s): bank hit %d wb 0x%x, reference hit %u wb 0x%x", q, line,
               store ? "store" : "load", !saw_miss, wb_seen, hit_ref, wb_ref);
      bad = 1;
    }
    hits += hit_ref, wbs += wb_ref != ~0u;
  }
  TC_CHECK(t, !bad && wbs > 100 && hits > 100,
           "write-back L2 bank = a textbook write-back write-allocate LRU %s cache on %u requests (%u hits, %u write-backs; "
           "bank counters: %u write-backs)", sectw ? "sectored (4 sectors)" : "line", nreq, hits, wbs, m.cnt_q[L2C_WB]);
  TC_CHECK(t, m.cnt_q[L2C_WB] == wbs, "the bank's write-back counter %u = the reference's %u", m.cnt_q[L2C_WB], wbs);
  TC_CHECK(t, m.cnt_q[L2C_MISS] == lmiss_ref && m.cnt_q[L2C_SMISS] == smiss_ref && (sectw ? smiss_ref > 100 : !smiss_ref),
           "the bank's load misses %u and sector misses %u = the reference's %u and %u", m.cnt_q[L2C_MISS],
           m.cnt_q[L2C_SMISS], lmiss_ref, smiss_ref);
  (void)cyc;
  shell_l2_free(&m);
}

/* a load hit's answer: ROP latency + read + decide, for two latencies */
static void test_rop(tc_t *t) {
  for (unsigned lat = 5; lat <= 120; lat += 115) {
    shell_l2_t m;
    if (shell_l2_init(&m, 4, 2, lat, lat + 4, 4, 20, 0, 8, 4, 1, SHELL_L2_SET_IDX_LINEAR, 1)) return;
    shell_l2_reset(&m);
    int got = -1;
    uint32_t pend = 0, pset = 0;
    for (int c = 0; c < 1000 && got < 0; c++) {
      shell_l2_in_t *in = &m.in;
      memset(in, 0, sizeof *in);
      in->req_valid_i = c == 0 || c == 600; /* the first fills the line, the second hits */
      in->req_line_i = 0x40;
      in->rsp_ready_i = 1, in->dram_req_ready_i = 1;
      in->dram_rsp_valid_i = pend, in->dram_rsp_line_i = 0x40, in->dram_rsp_set_i = pset;
      shell_l2_comb(&m);
      if (m.out.dram_req_valid_o) pend = 1, pset = m.out.dram_req_set_o;
      if (m.out.dram_rsp_ready_o) pend = 0;
      if (c >= 600 && m.out.rsp_valid_o) got = c - 600;
      shell_l2_commit(&m);
    }
    TC_CHECK(t, got == (int)lat + 2, "ROP latency %u: a hit arriving in cycle c is offered in cycle c + %d (expected %u)",
             lat, got, lat + 2);
    shell_l2_free(&m);
  }
}

/* The same-set forward and fill priority (docs/shell.md, "Hazards"), on a
 * 4-set x 2-way bank (ROP latency 1, one bank):
 *  - lines 0x40 and 0x44 (set 0) filled, then 8 hits alternating between
 *    them arrive one a cycle: each is offered the cycle after the one
 *    before (the decide stage writes set 0 every cycle, the next access
 *    reads it in the same cycle and sees the write), and the LRU stamps
 *    stay right: a third line 0x48 then evicts 0x40 (the older), so 0x44
 *    still hits and 0x40 misses;
 *  - a fill refused by a full response queue goes before a hit waiting
 *    behind it: the response queue (4 entries) is held full of hits, a hit
 *    to 0x44 arrives and DRAM offers line 0x4c; when the queue drains, the next
 *    response is the fill's (0x4c), then the hit's. */
static void test_sameset(tc_t *t) {
  shell_l2_t m;
  if (shell_l2_init(&m, 4, 2, 1, 16, 4, 20, 0, 8, 4, 1, SHELL_L2_SET_IDX_LINEAR, 1)) { TC_CHECK(t, 0, "init"); return; }
  shell_l2_reset(&m);
  uint32_t q[64], nq = 0, pend = 0, pline = 0, rsp[64], nrsp = 0, rsp_at[64], misses = 0;
  uint32_t req_at[400]; /* cycle -> the line requested (0: none); every line below is in set 0 */
  memset(req_at, 0, sizeof req_at);
  req_at[0] = 0x40, req_at[1] = 0x44;
  for (unsigned k = 0; k < 8; k++) req_at[100 + k] = k & 1 ? 0x44 : 0x40;
  req_at[150] = 0x48, req_at[200] = 0x44, req_at[201] = 0x40;
  for (unsigned k = 0; k < 4; k++) req_at[291 + k] = 0x44; /* four hits fill the held queue */
  req_at[300] = 0x44;                                       /* and this one waits with the fill */
  for (unsigned c = 0; c < 400; c++) {
    shell_l2_in_t *in = &m.in;
    memset(in, 0, sizeof *in);
    if (c == 299) q[nq++] = 0x4c; /* DRAM offers a line while the response queue is held full */
    in->req_valid_i = req_at[c] != 0, in->req_line_i = req_at[c];
    in->rsp_ready_i = c < 290 || c >= 320, in->dram_req_ready_i = 1;
    if (!pend && nq) { pend = 1; pline = q[0]; memmove(q, q + 1, --nq * 4); }
    in->dram_rsp_valid_i = pend, in->dram_rsp_line_i = pline;
    in->dram_rsp_set_i = 0; /* every line here is in set 0: what the bank sent with each miss */
    shell_l2_comb(&m);
    if (m.out.dram_req_valid_o && !m.out.dram_req_store_o && nq < 64) { q[nq++] = m.out.dram_req_line_o; misses++; }
    if (m.out.dram_rsp_ready_o) pend = 0;
    if (m.out.rsp_valid_o && in->rsp_ready_i && nrsp < 64) rsp_at[nrsp] = c, rsp[nrsp++] = m.out.rsp_line_o;
    shell_l2_commit(&m);
  }
  /* responses: 0x40, 0x44 (fills); 8 hits; 0x48 (fill, evicting 0x40); 0x44
   * (hit); 0x40 (fill, evicting 0x48); 0x44 x 4 (the hits held in the
   * queue); 0x4c (the refused fill); 0x44 (the hit that waited) */
  int ok_b2b = nrsp >= 10;
  for (unsigned k = 3; k < 10 && ok_b2b; k++) ok_b2b = rsp_at[k] == rsp_at[k - 1] + 1;
  TC_CHECK(t, ok_b2b && rsp_at[2] == 103,
           "same set, back to back: 8 hits arriving one a cycle from cycle 100 are offered in cycles %u..%u (expected 103..110)",
           nrsp > 2 ? rsp_at[2] : 0, nrsp > 9 ? rsp_at[9] : 0);
  TC_CHECK(t, nrsp == 19 && rsp[10] == 0x48 && rsp[11] == 0x44 && rsp[12] == 0x40 && misses == 4,
           "LRU after back-to-back hits to one set: 0x48 evicts 0x40 (0x44 hits, 0x40 misses again): %u responses, %u misses (expected 19, 4)",
           nrsp, misses);
  TC_CHECK(t, nrsp == 19 && rsp[16] == 0x44 && rsp[17] == 0x4c && rsp[18] == 0x44,
           "a fill refused by a full response queue goes before the hit waiting with it: 0x%x then 0x%x (expected 0x4c, 0x44)",
           nrsp > 17 ? rsp[17] : 0, nrsp > 18 ? rsp[18] : 0);
  shell_l2_free(&m);
}

static void test_dram(tc_t *t) {
  shell_dram_t d;
  /* latency 100, a line every 6.5 cycles */
  if (shell_dram_init(&d, 64, 64, 100, 6 * SHELL_DRAM_FP + SHELL_DRAM_FP / 2, 6 * SHELL_DRAM_FP + SHELL_DRAM_FP / 2)) return;
  shell_dram_ent_t e = {0, 1, 0, 0, 0, 0, 0};
  for (uint32_t c = 0; c < 4; c++) shell_dram_step(&d, c, 1, &e, 0);
  /* starts 100, 106.5, 113, 119.5 -> answered 100, 107, 113, 120 */
  uint32_t ts[4];
  for (int i = 0; i < 4; i++) ts[i] = d.e[i].ts;
  TC_CHECK(t, ts[0] == 100 && ts[1] == 107 && ts[2] == 113 && ts[3] == 120,
           "DRAM: latency then a fractional interval: %u %u %u %u (expected 100 107 113 120)", ts[0], ts[1], ts[2],
           ts[3]);
  shell_dram_reset(&d);
  shell_dram_step(&d, 0, 1, &e, 0);
  shell_dram_step(&d, 500, 1, &e, 0); /* an idle channel: latency alone */
  TC_CHECK(t, d.e[0].ts == 100 && d.e[1].ts == 600, "DRAM: after idle time a request waits its latency only (%u %u)",
           d.e[0].ts, d.e[1].ts);
  shell_dram_free(&d);
  /* credits: 2 in flight at once, latency 100, a line a cycle.  Requests
   * in cycles 0..5: 0 and 1 start at once (answered 100, 101); 2 waits for
   * 0's answer (its latency starts at 100: 200), 3 for 1's (201), 4 for
   * 2's (300), 5 for 3's (301). */
  if (shell_dram_init(&d, 8, 2, 100, SHELL_DRAM_FP, SHELL_DRAM_FP)) return;
  for (uint32_t c = 0; c < 6; c++) shell_dram_step(&d, c, 1, &e, 0);
  uint32_t want[6] = {100, 101, 200, 201, 300, 301}, bad = 0;
  for (int i = 0; i < 6; i++) bad += d.e[i].ts != want[i];
  TC_CHECK(t, !bad, "DRAM credits: 2 in flight, the third waits for the first's answer: %u %u %u %u %u %u (expected 100 101 200 201 300 301)",
           d.e[0].ts, d.e[1].ts, d.e[2].ts, d.e[3].ts, d.e[4].ts, d.e[5].ts);
  shell_dram_free(&d);
  /* the credits derived from the GPGPU-Sim options: (64 + 116) / 2 sub-partitions = 90 per bank; 0 = no limit */
  l1sys_cfg_t c;
  shell_mem_t m;
  cfg_defaults(&c);
  cfg_set(&c, "SHELL_L2_SUBP=2", "test");
  int rc = shell_mem_derive(&c, &m);
  cfg_set(&c, "SHELL_DRAM_SCHEDQ=0", "test");
  shell_mem_t u;
  int rc2 = shell_mem_derive(&c, &u);
  TC_CHECK(t, !rc && m.dram_credits == 90 && m.dram_depth == 64 + 90 && !rc2 &&
                  u.dram_credits >= CFG(&c, SHELL_DRAM_LAT) + 1,
           "DRAM credits per bank: (64 + 116) / 2 = 90 (%u, %u entries); with no limit at least latency + 1 (%u)",
           m.dram_credits, m.dram_depth, u.dram_credits);
}

static void test_derive(tc_t *t) {
  l1sys_cfg_t c;
  cfg_defaults(&c);
  const char *set[] = {"SHELL_FLIT=40", "SHELL_CLK_CORE=700000", "SHELL_CLK_ICNT=700000", "SHELL_CLK_DRAM=924000",
                       "SHELL_DRAM_BUSW=4", "SHELL_DRAM_CHIPS=2", "SHELL_DRAM_RATIO=4", "SHELL_L2_SUBP=2",
                       "SHELL_L2_BANKS=12", "SHELL_L2_ROP_LAT=120", "SHELL_L2_Q=64"};
  for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) cfg_set(&c, set[i], "test");
  shell_mem_t d;
  int rc = shell_mem_derive(&c, &d);
  /* 136 bytes / 40 = 4 flits; 32 B per DRAM cycle x 924/700 / 2 = 21.12 B per core cycle per bank:
   * 128 / 21.12 = 6.06 cycles per line; 12 banks x 21.12 x 0.7 GHz = 177.4 GB/s */
  TC_CHECK(t, !rc && d.port_bytes == 40 && d.flits_req == 1 && d.flits_line == 4 && d.reqq == 184 &&
                  d.dram_ivl_fp == 1552 && d.dram_gbs > 177.3 && d.dram_gbs < 177.5,
           "GTX480's memory side: port %u B, flits %u/%u, request queue %u, DRAM %u/256 cycles per line, %.2f GB/s",
           d.port_bytes, d.flits_req, d.flits_line, d.reqq, d.dram_ivl_fp, d.dram_gbs);
}

static unsigned popcount_w(const uint32_t *v) {
  unsigned n = 0;
  for (unsigned w = 0; w < SHELL_XBAR_MW; w++) n += (unsigned)__builtin_popcount(v[w]);
  return n;
}

/* 4 SMs, 4 banks, one-flit packets, 4-entry ejection buffers, BQ 2. */
static void test_xbar_speedup(tc_t *t, unsigned su) {
  shell_xbar_t x;
  if (shell_xbar_init(&x, 4, 4, 20, 0, 8, 1, 4, su, 2)) { TC_CHECK(t, 0, "xbar init"); return; }
  shell_xbar_in_t *in = &x.in;
  const shell_xbar_out_t *o = &x.out;
  /* requests: SMs 0 and 1 offer lines 0 and 4 (both bank 0), bank 0 ready */
  memset(in, 0, sizeof *in);
  shell_xbar_put(in->inj_valid_i, 0, 1), in->inj_line_i[0] = 0, in->inj_id_i[0] = 10;
  shell_xbar_put(in->inj_valid_i, 1, 1), in->inj_line_i[1] = 4, in->inj_id_i[1] = 11;
  shell_xbar_put(in->l2_req_ready_i, 0, 1);
  shell_xbar_comb(&x);
  unsigned pops = popcount_w(o->inj_pop_o);
  int first = shell_xbar_bit(o->l2_req_valid_o, 0) && o->l2_req_sm_o[0] == 0 && o->l2_req_id_o[0] == 10;
  shell_xbar_commit(&x);
  /* next cycle: SM 1's request (buffered with speedup 2, still at its head with 1) reaches bank 0 */
  if (su == 1) shell_xbar_put(in->inj_valid_i, 0, 0);
  else memset(in->inj_valid_i, 0, sizeof in->inj_valid_i);
  shell_xbar_comb(&x);
  int second = shell_xbar_bit(o->l2_req_valid_o, 0) && o->l2_req_sm_o[0] == 1 && o->l2_req_line_o[0] == 4 &&
               o->l2_req_id_o[0] == 11;
  unsigned pops2 = popcount_w(o->inj_pop_o);
  shell_xbar_commit(&x);
  TC_CHECK(t, pops == su && first && second && pops2 == (su == 1),
           "crossbar speedup %u: two SMs' heads for one bank: %u pop(s) in the first cycle (expected %u), SM 0's goes "
           "straight to the bank (%d), SM 1's reaches it the next cycle (%d)",
           su, pops, su, first, second);
  /* responses: banks 1 and 2 both offer a response head for SM 3, which takes none yet */
  shell_xbar_reset(&x);
  memset(in, 0, sizeof *in);
  for (unsigned b = 1; b <= 2; b++) {
    shell_xbar_put(in->l2_rsp_valid_i, b, 1);
    in->l2_rsp_sm_i[b] = 3, in->l2_rsp_line_i[b] = 100 + b, in->l2_rsp_id_i[b] = 20 + b;
  }
  shell_xbar_comb(&x);
  unsigned taken = popcount_w(o->l2_rsp_ready_o);
  shell_xbar_commit(&x);
  unsigned cnt = fifo_sync_w2_count(&x.i_ejq[3]);
  /* the SM takes them in grant order: bank 1's first */
  memset(in, 0, sizeof *in);
  shell_xbar_put(in->ej_ready_i, 3, 1);
  shell_xbar_offer(&x);
  int order = shell_xbar_bit(o->ej_valid_o, 3) && o->ej_line_o[3] == 101 && o->ej_id_o[3] == 21;
  shell_xbar_comb(&x);
  shell_xbar_commit(&x);
  TC_CHECK(t, taken == su && cnt == su && order,
           "crossbar speedup %u: two banks' responses for one SM: %u taken in one cycle, %u in its ejection buffer "
           "(expected %u), bank 1's ejected first (%d)",
           su, taken, cnt, su, order);
  /* a stalled bank: 4 SMs' heads for bank 0, not ready for 4 cycles; BQ 2 */
  shell_xbar_reset(&x);
  memset(in, 0, sizeof *in);
  unsigned stalled = 0;
  for (unsigned c = 0; c < 4; c++) {
    for (unsigned i = 0; i < 4; i++) {
      shell_xbar_put(in->inj_valid_i, i, 1), in->inj_line_i[i] = 4 * i + 8 * c;
    }
    shell_xbar_comb(&x);
    stalled += popcount_w(o->inj_pop_o) + popcount_w(o->l2_req_valid_o);
    shell_xbar_commit(&x);
  }
  TC_CHECK(t, stalled == (su == 2 ? 2u : 0u),
           "crossbar speedup %u: a bank not ready for 4 cycles with 4 SMs' heads for it: %u popped (expected %u: %s)",
           su, stalled, su == 2 ? 2u : 0u, su == 2 ? "the boundary buffer's 2 entries" : "no boundary buffer");
  shell_xbar_free(&x);
}

int main(void) {
  tc_t t = TC_INIT("shell_mem");
  test_ipoly(&t);
  test_writeback(&t, 0);
  test_writeback(&t, 2);
  test_rop(&t);
  test_sameset(&t);
  test_dram(&t);
  test_derive(&t);
  test_xbar_speedup(&t, 1);
  test_xbar_speedup(&t, 2);
  return tc_done(&t);
}
