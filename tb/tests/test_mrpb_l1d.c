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
 * load is answered exactly once.
 *
 * Sectored (issue 23): the composite on a sectored L1D (4 x 32 B sectors,
 * 8 sets x 4 ways, allocate-on-miss with bypass off and assoc,
 * allocate-on-fill with bypass off and all), loads only, one sector each (a coalescer's requests), memory
 * answering atoms out of order with the sector's bytes and garbage in the
 * line's other bytes.  Checks: the first four loads, one to each sector of
 * an empty cache's line, send exactly the four atoms (line << 2 | sector)
 * to memory; every memory load names the atom of a load in flight; every
 * load is answered exactly once with its sector's bytes as memory holds
 * them; sector misses occur. */
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

/* ---- a sectored L1D behind the MRPB (issue 23) ---------------------- */
#define S_NLD 6000u
#define S_NLINES 48u
#define S_LINE0 1000u /* the directed line of the first four loads */

typedef struct {
  uint64_t cycles, issued, answered, dup, bad_data, bad_atom, mem_loads, smiss, sbyp;
  uint32_t first_atoms[4];
  unsigned nfirst;
  int done;
} sres_t;

static uint8_t mem_byte(uint32_t a) { return (uint8_t)((a * 2654435761u) >> 21); }

static uint32_t lcg(uint64_t *st) {
  *st = *st * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(*st >> 33);
}

static void run_sect(unsigned on_fill, unsigned bypass, sres_t *res) {
  memset(res, 0, sizeof *res);
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  static const char *const sets[] = {"L1D_SETS=8", "L1D_WAYS=4", "L1D_LINE=128", "L1D_SECTORS=4",
                                     "L1D_INDEX=LINEAR", "L1D_REPL=LRU", "L1D_WRITE=EVICT",
                                     "L1D_MSHR_ENTRIES=16", "L1D_MSHR_MERGE=4", "MRPB_SIG=WARP", "MRPB_SLOT=0"};
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
    if (cfg_set(&cfg, sets[i], "test")) exit(2);
  char b[64];
  snprintf(b, sizeof b, "L1D_ALLOC=%s", on_fill ? "ON_FILL" : "ON_MISS");
  if (cfg_set(&cfg, b, "test")) exit(2);
  snprintf(b, sizeof b, "MRPB_BYPASS=%u", bypass);
  if (cfg_set(&cfg, b, "test")) exit(2);
  mrpb_l1d_t *c = calloc(1, sizeof *c);
  if (!c || mrpb_l1d_init_cfg(c, &cfg)) exit(2);
  mrpb_l1d_reset(c);
  l1d_in_t *li = &c->i_l1d.in;
  const l1d_out_t *lo = &c->i_l1d.out;
  mrpb_in_t *mi = &c->min;
  const unsigned L = 128, SB = 32;

  uint64_t rng = 0x5ec7 + on_fill * 7 + bypass;
  uint32_t lines[S_NLINES];
  for (unsigned i = 0; i < S_NLINES; i++) lines[i] = 64 + i * 37; /* 48 lines over the 8 sets: evictions */
  uint8_t inflight[256] = {0};
  uint32_t addr_of[256] = {0};
  static pend_t q[MAXQ];
  unsigned qn = 0, next_id = 0;
  int fill_i = -1;
  uint32_t a = 0;
  for (uint64_t cyc = 0; cyc < 2000000; cyc++) {
    /* LD/ST side: the first four loads one per sector of line S_LINE0, then
     * random sectors of random lines; ids unique among loads in flight */
    if (!(mi->enq_valid_i && !c->mout.enq_ready_o)) { /* a refused request is held */
      mi->enq_valid_i = 0;
      if (res->issued < S_NLD && (res->issued < 4 || lcg(&rng) % 100 < 70)) {
        unsigned k;
        for (k = 0; k < 256 && inflight[(next_id + k) % 256]; k++) {}
        if (k < 256) {
          uint32_t line = res->issued < 4 ? S_LINE0 : lines[lcg(&rng) % S_NLINES];
          unsigned sect = res->issued < 4 ? (unsigned)res->issued : lcg(&rng) % 4;
          a = line * L + sect * SB + (lcg(&rng) % (SB / 4)) * 4;
          unsigned w = lcg(&rng) % 8;
          mi->enq_valid_i = 1;
          mi->enq_wid_i = w;
          mi->enq_bid_i = 0;
          mi->enq_bwid_i = w;
          mi->enq_store_i = 0;
          c->in.enq_addr_i = a;
          c->in.enq_id_i = (next_id + k) % 256;
        }
      }
    }
    mi->barrier_i = 0;
    mi->stat_sel_i = 0;
    /* memory: ready 4 cycles in 5; a due atom at random, its sector's bytes
     * from memory and garbage in the others */
    li->mem_req_ready_i = lcg(&rng) % 5 != 0;
    if (fill_i < 0 && qn) {
      unsigned st = lcg(&rng) % qn;
      for (unsigned k = 0; k < qn; k++)
        if (q[(st + k) % qn].due <= cyc) { fill_i = (int)((st + k) % qn); break; }
      if (fill_i >= 0) {
        const pend_t *p = &q[fill_i];
        uint32_t line = p->line >> 2, sect = p->line & 3u;
        for (unsigned by = 0; by < L; by++)
          bits_set(li->fill_data_i, by * 8, 8, by / SB == sect ? mem_byte(line * L + by) : (uint8_t)~mem_byte(line * L + by));
        li->fill_addr_i = p->line;
        li->fill_byp_i = p->byp;
        li->fill_id_i = p->byp ? p->id : 0;
      }
    }
    li->fill_valid_i = fill_i >= 0;
    li->rmt_valid_i = 0;

    mrpb_l1d_comb(c);

    if (mi->enq_valid_i && c->mout.enq_ready_o) {
      if (inflight[c->in.enq_id_i]) res->dup++;
      inflight[c->in.enq_id_i] = 1;
      addr_of[c->in.enq_id_i] = c->in.enq_addr_i;
      next_id = (c->in.enq_id_i + 1) % 256;
      res->issued++;
    }
    if (lo->rsp_valid_o) {
      uint32_t id = lo->rsp_id_o, ra = addr_of[id], s0 = ra / SB * SB;
      if (!inflight[id]) res->dup++;
      inflight[id] = 0;
      for (uint32_t by = s0; by < s0 + SB; by++)
        if ((uint8_t)bits_get(lo->rsp_data_o, (by % L) * 8, 8) != mem_byte(by)) { res->bad_data++; break; }
      res->answered++;
    }
    if (lo->mem_req_valid_o && li->mem_req_ready_i && !lo->mem_req_store_o) {
      uint32_t at = lo->mem_req_addr_o;
      int found = 0;
      for (unsigned i = 0; i < 256 && !found; i++) found = inflight[i] && addr_of[i] / SB == at;
      if (!found) res->bad_atom++;
      if (res->nfirst < 4) res->first_atoms[res->nfirst++] = at;
      res->mem_loads++;
      if (qn < MAXQ) {
        pend_t *p = &q[qn++];
        p->line = at;
        p->byp = lo->mem_req_byp_o;
        p->id = lo->mem_req_id_o;
        p->due = cyc + 10 + lcg(&rng) % 60;
      }
    }
    if (li->fill_valid_i && lo->fill_ready_o) {
      q[fill_i] = q[--qn];
      fill_i = -1;
    }
    mrpb_l1d_commit(c);
    res->cycles = cyc + 1;
    if (res->issued == S_NLD && res->answered == S_NLD) { res->done = 1; break; }
  }
  res->smiss = c->i_l1d.cnt_q[L1D_CNT_SMISS];
  res->sbyp = c->i_l1d.cnt_q[L1D_CNT_SBYP];
  mrpb_l1d_free(c);
  free(c);
}

static void test_sect(tc_t *t) {
  static const char *const byp_name[] = {"off", "all", "assoc"};
  for (unsigned on_fill = 0; on_fill < 2; on_fill++) {
    for (unsigned k = 0; k < 2; k++) {
      /* bypass on stall: ASSOC with allocate-on-miss (LINE_ALLOC stalls);
       * allocate-on-fill has none, so ALL (MSHR and miss-queue stalls) */
      unsigned bypass = !k ? MRPB_BYPASS_OFF : on_fill ? MRPB_BYPASS_ALL : MRPB_BYPASS_ASSOC;
      sres_t r;
      run_sect(on_fill, bypass, &r);
      const char *al = on_fill ? "ON_FILL" : "ON_MISS";
      printf("  sectored %s, bypass %-5s: %llu cycles, %llu loads answered, %llu memory loads, %llu sector misses,"
             " %llu bypasses\n",
             al, byp_name[bypass], (unsigned long long)r.cycles, (unsigned long long)r.answered,
             (unsigned long long)r.mem_loads, (unsigned long long)r.smiss, (unsigned long long)r.sbyp);
      int four = r.nfirst == 4, seen[4] = {0};
      for (unsigned i = 0; i < r.nfirst; i++) {
        if ((r.first_atoms[i] >> 2) != S_LINE0 || seen[r.first_atoms[i] & 3u]) four = 0;
        else seen[r.first_atoms[i] & 3u] = 1;
      }
      TC_CHECK(t, four, "sectored %s bypass %s: one load to each sector of a line sends its four atoms to memory"
               " (line %u << 2 | 0..3; first memory loads 0x%x 0x%x 0x%x 0x%x)", al, byp_name[bypass], S_LINE0,
               r.first_atoms[0], r.first_atoms[1], r.first_atoms[2], r.first_atoms[3]);
      TC_CHECK(t, r.mem_loads > 0 && r.bad_atom == 0,
               "sectored %s bypass %s: every memory load (%llu) names the atom of a load in flight (%llu do not)", al,
               byp_name[bypass], (unsigned long long)r.mem_loads, (unsigned long long)r.bad_atom);
      TC_CHECK(t, r.done && !r.dup && r.bad_data == 0,
               "sectored %s bypass %s: all %u loads answered exactly once with their sector's bytes"
               " (%llu answered, %llu duplicate, %llu wrong data)", al, byp_name[bypass], S_NLD,
               (unsigned long long)r.answered, (unsigned long long)r.dup, (unsigned long long)r.bad_data);
      TC_CHECK(t, r.smiss > 0 && (bypass == MRPB_BYPASS_OFF ? r.sbyp == 0 : r.sbyp > 0),
               "sectored %s bypass %s: sector misses (%llu) and bypasses on stall (%llu) as the mode says", al,
               byp_name[bypass], (unsigned long long)r.smiss, (unsigned long long)r.sbyp);
    }
  }
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
  test_sect(&t);
  return tc_done(&t);
}
