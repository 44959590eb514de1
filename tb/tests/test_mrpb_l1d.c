/* test_mrpb_l1d.c -- directed test of the MRPB + L1D composite C model
 * (csim/mrpb/mrpb_l1d.c): the atax pattern of the MRPB paper on the paper's
 * Base-S L1D (16 KB, 4-way, 32 sets, linear index).
 *
 * atax's first kernel: thread i reads A[i][j] for j = 0, 1, ...; A's rows
 * are NY = 4096 floats (16 KB) apart, so the 32 lanes of one warp load 32
 * lines 16 KB apart -- one set under the linear index: an intra-warp
 * associativity stall on every instruction (the paper's Figure 2).  Eight
 * warps, 64 load instructions each; a warp issues its 32 requests one per
 * cycle and its next instruction only when all 32 answers are back; memory
 * answers after 120 cycles, one fill per cycle.
 * Checks: with ASSOC bypass the cycles the L1D refuses with LINE_ALLOC fall
 * by at least 90 % against bypass off; no bypass ever follows a PORT_BUSY
 * (or NONE) refusal, under every bypass mode, queued or single-slot; every
 * load is answered exactly once. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "cfg.h"
#include "mrpb_l1d.h"
#include "tcheck.h"

#define NWARP 8
#define NINSN 64
#define LAT 120
#define ROWB 16384u /* bytes between rows of A: NY = 4096 floats */
#define MAXQ 4096

typedef struct { uint32_t line, byp, id; uint64_t due; } pend_t;

typedef struct {
  uint64_t cycles, line_stalls, port_busy_load_refusals, bypasses, byp_after_nonresource, answered, dup;
  int done;
} res_t;

static void run_atax(unsigned bypass, unsigned slot, res_t *res) {
  memset(res, 0, sizeof *res);
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  static const char *const sets[] = {"L1D_SETS=32", "L1D_WAYS=4", "L1D_LINE=128", "L1D_INDEX=LINEAR",
                                     "L1D_ALLOC=ON_MISS", "L1D_REPL=LRU", "L1D_WRITE=EVICT", "MRPB_SIG=WARP",
                                     "MRPB_DRAIN=FIXED", "MRPB_FLUSH=1", "MRPB_GREEDY=0"};
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
    if (cfg_set(&cfg, sets[i], "test")) exit(2);
  char b[64];
  snprintf(b, sizeof b, "MRPB_BYPASS=%u", bypass);
  if (cfg_set(&cfg, b, "test")) exit(2);
  snprintf(b, sizeof b, "MRPB_SLOT=%u", slot);
  if (cfg_set(&cfg, b, "test")) exit(2);
  mrpb_l1d_t *c = calloc(1, sizeof *c);
  if (!c || mrpb_l1d_init_cfg(c, &cfg)) exit(2);
  mrpb_l1d_reset(c);
  l1d_in_t *li = &c->i_l1d.in;
  const l1d_out_t *lo = &c->i_l1d.out;
  mrpb_in_t *mi = &c->min;

  unsigned insn[NWARP] = {0}, outstanding[NWARP] = {0}, cur = 0, lane = 0, issuing = 0;
  uint8_t inflight[256] = {0};
  static pend_t q[MAXQ];
  unsigned qh = 0, qn = 0;
  for (uint64_t cyc = 0; cyc < 3000000; cyc++) {
    /* LD/ST unit: one warp instruction at a time, 32 requests */
    if (!issuing) {
      for (unsigned k = 0; k < NWARP; k++) {
        unsigned w = (cur + k) % NWARP;
        if (insn[w] < NINSN && !outstanding[w]) { cur = w; issuing = 1; lane = 0; break; }
      }
    }
    mi->enq_valid_i = issuing;
    if (issuing) {
      unsigned row = cur * 32 + lane;
      mi->enq_wid_i = cur;
      mi->enq_bid_i = 0;
      mi->enq_bwid_i = cur;
      mi->enq_store_i = 0;
      c->in.enq_addr_i = row * ROWB + insn[cur] * 4;
      c->in.enq_id_i = row; /* unique among loads in flight */
    }
    mi->barrier_i = 0;
    mi->stat_sel_i = 0;
    /* memory: always ready; fills in order after LAT cycles */
    li->mem_req_ready_i = 1;
    li->fill_valid_i = qn && q[qh].due <= cyc;
    if (li->fill_valid_i) {
      li->fill_addr_i = q[qh].line;
      li->fill_byp_i = q[qh].byp;
      li->fill_id_i = q[qh].byp ? q[qh].id : 0;
    }
    li->rmt_valid_i = 0;

    mrpb_l1d_comb(c);

    /* refusals are the L1D's decide stage's (D holds the request the port
     * took; its request of this cycle is the registered d_*_q) */
    const l1d_t *L1 = &c->i_l1d;
    if (c->out.l1d_dec_valid_o && c->out.l1d_req_fail_o != L1D_FAIL_NONE) {
      if (c->out.l1d_req_fail_o == L1D_FAIL_LINE_ALLOC) res->line_stalls++;
      if (c->out.l1d_req_fail_o == L1D_FAIL_PORT_BUSY && !L1->d_byp_q && !L1->d_store_q) res->port_busy_load_refusals++;
    }
    if (c->i_mrpb.dbg_byp_set) res->byp_after_nonresource++; /* the MRPB never flags one in the composition */
    if (L1->cnt_d[L1D_CNT_SBYP] != L1->cnt_q[L1D_CNT_SBYP]) { /* D converts its refused load into a bypass */
      uint32_t f = c->out.l1d_req_fail_o;
      res->bypasses++;
      if (f < L1D_FAIL_LINE_ALLOC || f > L1D_FAIL_MISS_QUEUE || (bypass == MRPB_BYPASS_ASSOC && f != L1D_FAIL_LINE_ALLOC))
        res->byp_after_nonresource++;
    }
    if (mi->enq_valid_i && c->mout.enq_ready_o) {
      if (inflight[c->in.enq_id_i]) res->dup++;
      inflight[c->in.enq_id_i] = 1;
      outstanding[cur]++;
      if (++lane == 32) { issuing = 0; insn[cur]++; cur = (cur + 1) % NWARP; }
    }
    if (lo->rsp_valid_o) {
      if (!inflight[lo->rsp_id_o]) res->dup++;
      inflight[lo->rsp_id_o] = 0;
      outstanding[lo->rsp_id_o / 32]--;
      res->answered++;
    }
    if (lo->mem_req_valid_o && li->mem_req_ready_i && !lo->mem_req_store_o && qn < MAXQ) {
      pend_t *p = &q[(qh + qn++) % MAXQ];
      p->line = lo->mem_req_addr_o;
      p->byp = lo->mem_req_byp_o;
      p->id = lo->mem_req_id_o;
      p->due = cyc + LAT;
    }
    if (li->fill_valid_i && lo->fill_ready_o) { qh = (qh + 1) % MAXQ; qn--; }

    mrpb_l1d_commit(c);
    res->cycles = cyc + 1;
    int all = 1;
    for (unsigned w = 0; w < NWARP; w++) all &= insn[w] == NINSN && !outstanding[w];
    if (all) { res->done = 1; break; }
  }
  mrpb_l1d_free(c);
  free(c);
}

int main(void) {
  tc_t t = TC_INIT("mrpb_l1d");
  static const char *const byp_name[] = {"off", "all", "assoc"};
  res_t r[2][3];
  for (unsigned slot = 0; slot < 2; slot++) {
    for (unsigned b = 0; b < 3; b++) {
      run_atax(b, slot, &r[slot][b]);
      const res_t *x = &r[slot][b];
      printf("  atax Base-S linear, %s, bypass %-5s: %llu cycles, LINE_ALLOC stall cycles %llu, bypasses %llu,"
             " load refusals with PORT_BUSY %llu\n",
             slot ? "single slot" : "queued     ", byp_name[b], (unsigned long long)x->cycles,
             (unsigned long long)x->line_stalls, (unsigned long long)x->bypasses,
             (unsigned long long)x->port_busy_load_refusals);
      TC_CHECK(&t, x->done && !x->dup && x->answered == (uint64_t)NWARP * NINSN * 32,
               "atax %s bypass %s: all %u loads answered exactly once", slot ? "single-slot" : "queued", byp_name[b],
               NWARP * NINSN * 32);
      TC_CHECK(&t, x->byp_after_nonresource == 0 && (b != MRPB_BYPASS_OFF || x->bypasses == 0),
               "atax %s bypass %s: no bypass after a PORT_BUSY or NONE refusal (%llu PORT_BUSY load refusals seen)",
               slot ? "single-slot" : "queued", byp_name[b], (unsigned long long)x->port_busy_load_refusals);
    }
    const res_t *off = &r[slot][MRPB_BYPASS_OFF], *as = &r[slot][MRPB_BYPASS_ASSOC];
    TC_CHECK(&t, off->line_stalls > 0 && as->line_stalls * 10 <= off->line_stalls,
             "atax %s: ASSOC bypass cuts LINE_ALLOC stall cycles by >= 90 %% (%llu -> %llu, %.1f %%)",
             slot ? "single-slot" : "queued", (unsigned long long)off->line_stalls, (unsigned long long)as->line_stalls,
             off->line_stalls ? 100.0 * (double)(off->line_stalls - as->line_stalls) / (double)off->line_stalls : 0.0);
  }
  TC_CHECK(&t, r[0][MRPB_BYPASS_OFF].port_busy_load_refusals + r[0][MRPB_BYPASS_ALL].port_busy_load_refusals > 0,
           "the pattern produces PORT_BUSY refusals of loads (the corner is reached)");
  return tc_done(&t);
}
