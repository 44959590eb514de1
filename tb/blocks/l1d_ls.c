/* l1d_ls.c -- lockstep adapter of the L1D controller (csim/l1d/l1d.c <->
 * rtl/l1d/l1d.sv).
 *
 * Structural parameters become RTL parameters; policy parameters drive the
 * mode_*_i inputs, constant for the run (docs/l1d.md).
 *
 * Stimulus (reads only the previous cycle's declared inputs and outputs):
 *  - phases of 500..3000 cycles, each with its own address footprint (a few
 *    lines in a few sets, or many lines over all sets), request rate, store
 *    and bypass mix, memory latency and memory back-pressure, so that hits,
 *    hit-reserved merges, misses, BA pseudo-hits and every fail reason occur;
 *  - req_ready_o means "enters the pipeline" (the decide stage D is empty
 *    or its request leaves); a request the port does not take is held,
 *    unchanged, or (a per-phase chance, docs/l1d.md) replaced by another --
 *    nothing has entered, so changing it is legal; load ids are unique among
 *    the loads in flight;
 *  - a memory model answers each load sent below with a fill after a random
 *    latency (out of order among due answers), applies stores to its image,
 *    and holds a presented fill until the cache takes it;
 *  - random remote lookups.
 * Scoreboard: every accepted load gets exactly one response (no duplicate,
 * no spurious id), none waits longer than LOST_CYCLES. */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h> /* mem_row */
#endif
#include "bits.h"
#include "l1d.h"
#include "l1d_index.h"
#include "ls.h"
#include "blocks/l1d_ls_state.h"

#define MEM_LINES 8192u /* the memory model's address space, in lines */
#define MAXPEND 2048u
#define MAXFOOT 2100u
#define LOST_CYCLES 200000ull

typedef struct { uint32_t line, byp, id; uint64_t due; } pend_t;

typedef struct {
  l1d_t m;
  /* phase */
  unsigned req_pct, st_pct, byp_pct, rmt_pct, rdy_pct, fill_pct, lat_min, lat_span, full_mask_pct, chg_pct;
  uint32_t req_t, st_t, byp_t, rmt_t, rdy_t, fill_t, full_mask_t; /* the percentages as pool thresholds (ls_pool_thr) */
  uint32_t foot[MAXFOOT];
  unsigned nfoot;
  /* stimulus view of the ids in flight (from previous outputs) */
  uint8_t *busy;
  unsigned nid;
  /* memory model */
  uint8_t *mem;
  uint8_t *mem_set; /* per line: 1 once its initial image is written (lazily, at first use) */
  pend_t pend[MAXPEND];
  unsigned npend;
  int fill_cur; /* index into pend of the presented fill, or -1 */
  /* scoreboard (C side, after each cycle) */
  uint8_t *out_flag;
  uint64_t *out_since;
  uint64_t loads_acc, rsps;
  unsigned max_pend_seen;
  uint64_t cov[80]; /* functional coverage, indexed by the COV_* list below */
  int cov_off;      /* --bench: no coverage counting */
  int drop_bypass;  /* stimulus ablation (L1D_STIM_DROP=bypass): no bypassed loads */
  int changed;      /* this cycle's request replaces one the port refused */
  int was_stall;    /* coverage: D refused its request last cycle */
  int d_conv;       /* coverage: D's request was converted into a bypass by the L1D (stall-to-bypass) */
  ls_pool_t pool;   /* the per-cycle small choices, four to a draw */
  ls_ahead_t ah;    /* the stimulus's draws, made ahead (stim) */
  uint64_t due_lb;  /* no pending answer is due before this cycle (pend_find) */
  /* per-run constants of the stimulus, worked out once at create */
  unsigned L;       /* bytes per line */
  uint32_t id_mask, addr_mask, fill_addr_mask; /* nid - 1; the request's and the fill's address widths */
  ls_stir_t stir_data, stir_mask; /* the stir constants of a line's data and byte mask (ls_rng.h) */
  uint64_t lanes8[256]; /* per mask byte, its 8 byte lanes (0xff per set bit): mem_store */
  const l1sys_cfg_t *cfg; /* the run's configuration: ls_param_set reads it */
} ctx_t;

/* Functional-coverage points (docs/l1d.md, "Verification").  Points that a mode
 * or geometry makes impossible are declared only where they can happen. */
#define COV_LIST(X) \
  X(ACC_LD_HIT, "acc.load.HIT") X(ACC_LD_HITRES, "acc.load.HIT_RESERVED") X(ACC_LD_MISS, "acc.load.MISS") \
  X(ACC_ST_HIT, "acc.store.HIT") X(ACC_ST_HITRES, "acc.store.HIT_RESERVED") X(ACC_ST_MISS, "acc.store.MISS") \
  X(ACC_BYP, "acc.bypass.MISS") X(F_LINE, "fail.LINE_ALLOC") X(F_ENTRY, "fail.MSHR_ENTRY") \
  X(F_MERGE, "fail.MSHR_MERGE") X(F_MQ_LOAD, "fail.MISS_QUEUE.load_at_N-1") X(F_MQ_STORE, "fail.MISS_QUEUE.store_at_N") \
  X(F_PORT_FILL, "fail.PORT_BUSY.fill") X(F_PORT_REL, "fail.PORT_BUSY.release") X(F_BYPQ, "fail.BYP_QUEUE") \
  X(MQ_FULL, "queue.miss.full") X(BQ_FULL, "queue.bypass.full") X(RQ_BACKP, "queue.release.full_holds_fill") \
  X(MEM_BOTH, "memport.both_queues_wait") X(FILL_LINE, "fill.line") X(FILL_BYP, "fill.bypass") \
  X(REL_MULTI, "release.entry_with_merges") X(MERGE_DRAIN, "merge.into_draining_entry") \
  X(ST_HIT_DRAIN, "store.hit_on_draining_line") X(VIC_FREE, "victim.free_way") X(VIC_EVICT, "victim.evict_valid") \
  X(VIC_EVICT_DRAIN, "victim.evict_draining_line") X(RMT_HIT, "remote.hit") X(RMT_MISS, "remote.miss") \
  X(BA_PSEUDO, "ba.pseudo_hit") X(BA_BYP_TAG, "ba.bypass_tag_only") X(BA_BYP_NOTAG, "ba.bypass_all_reserved") \
  X(BA_VIC0, "ba.victim.reuse0") X(BA_VIC1, "ba.victim.reuse1") X(OF_NEW, "onfill.new_entry") \
  X(OF_MERGE, "onfill.merge_pending") \
  X(M_LRU, "mode.repl.LRU") X(M_FIFO, "mode.repl.FIFO") X(M_EVICT, "mode.write.EVICT") \
  X(M_THROUGH, "mode.write.THROUGH") X(M_ONMISS, "mode.alloc.ON_MISS") X(M_ONFILL, "mode.alloc.ON_FILL") \
  X(M_LINEAR, "mode.index.LINEAR") X(M_FERMI, "mode.index.FERMI") \
  X(M_IPOLY, "mode.index.IPOLY") X(M_XOR, "mode.index.XOR") X(M_BA0, "mode.ba.off") X(M_BA1, "mode.ba.on") \
  X(P_FWD_TAG, "pipe.forward.tag") X(P_FWD_DATA, "pipe.forward.data_to_hit") X(P_FWD_RMT, "pipe.forward.remote") \
  X(P_RETRY, "pipe.retry_in_D") X(P_RETRY_GO, "pipe.retry_then_decided") X(P_PORT_HELD, "pipe.port_refused") \
  X(P_PORT_CHG, "pipe.refused_request_changed") X(P_SAME_SET, "pipe.back_to_back_same_set") \
  X(P_SBYP, "pipe.stall_to_bypass") X(P_SBYP_ACC, "acc.stall_bypass.MISS") X(P_RMT_NEXT, "remote.answer_next_cycle") \
  X(S_LD_SMISS, "acc.load.SECTOR_MISS") X(S_ST_SMISS, "acc.store.SECTOR_MISS") \
  X(S_MERGE_DRAIN, "sector.miss_merges_draining_entry") X(S_FILL_PRES, "sector.fill_into_present_line") \
  X(S_FILL_MOVE, "sector.fill_places_line_of_pending_sectors") X(S_FILL_EVICT, "sector.fill_evicts_line_of_pending_sector") \
  X(S_ST_EMPTY, "sector.store_empties_line_of_pending_sector")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

static void *create(const l1sys_cfg_t *cfg) {
  l1d_geom_t g;
  if (l1d_geom_from_cfg(cfg, &g)) return NULL;
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->cfg = cfg;
  if (l1d_init(&c->m, &g)) { free(c); return NULL; }
  l1d_modes_from_cfg(cfg, &c->m.in);
  c->nid = 1u << g.id_w;
  c->busy = calloc(c->nid, 1);
  c->out_flag = calloc(c->nid, 1);
  c->out_since = calloc(c->nid, sizeof(uint64_t));
  c->mem = malloc((size_t)MEM_LINES * g.line);
  c->mem_set = calloc(MEM_LINES, 1);
  if (!c->busy || !c->out_flag || !c->out_since || !c->mem || !c->mem_set) {
    l1d_free(&c->m);
    free(c->busy); free(c->out_flag); free(c->out_since); free(c->mem); free(c->mem_set); free(c);
    return NULL;
  }
  c->fill_cur = -1;
  c->L = g.line;
  c->id_mask = c->nid - 1u;
  c->addr_mask = (uint32_t)bits_mask64(g.addr_w);
  c->fill_addr_mask = (uint32_t)bits_mask64(c->m.aw);
  ls_stir_init(&c->stir_data, c->m.lbits);
  ls_stir_init(&c->stir_mask, g.line);
  for (unsigned v = 0; v < 256; v++)
    for (unsigned k = 0; k < 8; k++) c->lanes8[v] |= (uint64_t)((v >> k) & 1u) * 0xffu << (8 * k);
  /* A stimulus feature can be switched off to show that the coverage check
   * notices (make test does): L1D_STIM_DROP=bypass. */
  const char *drop = getenv("L1D_STIM_DROP");
  c->drop_bypass = drop && !strcmp(drop, "bypass");
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  l1d_free(&c->m);
  free(c->busy); free(c->out_flag); free(c->out_since); free(c->mem); free(c->mem_set);
  free(c);
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  l1d_t *m = &c->m;
  l1d_in_t *in = &m->in;
  l1d_out_t *o = &m->out;
  const l1d_geom_t *g = &m->g;
  ls_param_set(mp, c->cfg, "L1D", "", NULL);
  ls_input(mp, "mode_repl_i", 1, &in->mode_repl_i);
  ls_input(mp, "mode_wr_i", 1, &in->mode_wr_i);
  ls_input(mp, "mode_alloc_i", 1, &in->mode_alloc_i);
  ls_input(mp, "mode_hash_i", 2, &in->mode_hash_i);
  ls_input(mp, "mode_ba_i", 1, &in->mode_ba_i);
  ls_input(mp, "mode_ba_thr_i", 8, &in->mode_ba_thr_i);
  ls_input(mp, "mode_sbyp_i", 2, &in->mode_sbyp_i);
  ls_input(mp, "req_valid_i", 1, &in->req_valid_i);
  ls_input(mp, "req_addr_i", g->addr_w, &in->req_addr_i);
  ls_input(mp, "req_store_i", 1, &in->req_store_i);
  ls_input(mp, "req_byp_i", 1, &in->req_byp_i);
  ls_input(mp, "req_id_i", g->id_w, &in->req_id_i);
  ls_input(mp, "req_data_i", m->lbits, in->req_data_i);
  ls_input(mp, "req_mask_i", g->line, in->req_mask_i);
  ls_input(mp, "mem_req_ready_i", 1, &in->mem_req_ready_i);
  ls_input(mp, "fill_valid_i", 1, &in->fill_valid_i);
  ls_input(mp, "fill_addr_i", m->aw, &in->fill_addr_i);
  ls_input(mp, "fill_byp_i", 1, &in->fill_byp_i);
  ls_input(mp, "fill_id_i", g->id_w, &in->fill_id_i);
  ls_input(mp, "fill_data_i", m->lbits, in->fill_data_i);
  ls_input(mp, "rmt_valid_i", 1, &in->rmt_valid_i);
  ls_input(mp, "rmt_addr_i", g->addr_w, &in->rmt_addr_i);
  ls_output(mp, "req_ready_o", 1, &o->req_ready_o);
  ls_output(mp, "dec_valid_o", 1, &o->dec_valid_o);
  ls_output(mp, "req_outcome_o", 3, &o->req_outcome_o);
  ls_output(mp, "req_fail_o", 3, &o->req_fail_o);
  l1d_ls_declare_outputs(mp, m);
  /* state map: every register of l1d.sv and its sub-instances */
  l1d_ls_declare_state(mp, "", m);
  for (int i = 0; i < COV_N; i++) {
    const uint32_t ba = m->in.mode_ba_i, onfill = m->in.mode_alloc_i;
    if (i >= COV_BA_PSEUDO && i <= COV_BA_VIC1 && !ba) continue;
    if ((i == COV_OF_NEW || i == COV_OF_MERGE) && !onfill) continue;
    /* LINE_ALLOC needs every way reserved: never with ON_FILL or BA, nor
     * with fewer MSHR entries than ways; evicting a valid line needs ON_MISS */
    if (i == COV_F_LINE && (onfill || ba || g->entries < g->ways)) continue;
    if ((i == COV_VIC_FREE || i == COV_VIC_EVICT || i == COV_VIC_EVICT_DRAIN) && onfill) continue;
    /* BA allocates only into a free way (no free way: bypass) */
    if ((i == COV_VIC_EVICT || i == COV_VIC_EVICT_DRAIN) && ba) continue;
    /* ON_FILL reserves no line: nothing is ever HIT_RESERVED */
    if ((i == COV_ACC_LD_HITRES || i == COV_ACC_ST_HITRES) && onfill) continue;
    /* stall-to-bypass only where the mode asks for it (L1D_SBYP) */
    if ((i == COV_P_SBYP || i == COV_P_SBYP_ACC) && m->in.mode_sbyp_i == L1D_SBYP_OFF) continue;
    /* the data forwarding register reaches a load hit only from a
     * write-through store hit: a fill's data cannot, since the cycle after a
     * fill its first merged request is released and a load hit waits
     * (PORT_BUSY) until the forwarding register is gone */
    if (i == COV_P_FWD_DATA && m->in.mode_wr_i != L1D_WRITE_THROUGH) continue;
    /* sectored lines only; the fill-time ones with ON_FILL; emptying a line by a store needs write-evict */
    if (i >= COV_S_LD_SMISS && i <= COV_S_ST_EMPTY && g->sectors == 1) continue;
    if (i >= COV_S_FILL_PRES && i <= COV_S_FILL_EVICT && !onfill) continue;
    if (i == COV_S_ST_EMPTY && (!onfill || m->in.mode_wr_i == L1D_WRITE_THROUGH)) continue;
    ls_cover(mp, cov_name[i], &c->cov[i]);
  }
  /* enum names in reports and waveforms (tb/engine/ls_annot.c), from csim/params*.def */
  ls_enum(mp, "req_outcome_o", "L1D_OUT");
  ls_enum(mp, "req_fail_o", "L1D_FAIL");
  ls_enum(mp, "mode_repl_i", "L1D_REPL");
  ls_enum(mp, "mode_wr_i", "L1D_WRITE");
  ls_enum(mp, "mode_alloc_i", "L1D_ALLOC");
  ls_enum(mp, "mode_hash_i", "L1D_INDEX");
  ls_enum(mp, "mode_sbyp_i", "L1D_SBYP");
}

static void reset(void *p) {
  ctx_t *c = p;
  l1d_reset(&c->m);
  c->pool.n = 0;
  c->was_stall = c->d_conv = 0;
}

static void new_phase(ctx_t *c, ls_ahead_t *a) {
  const l1d_t *m = &c->m;
  unsigned sets = m->g.sets, ways = m->g.ways;
  static const unsigned lat_min[] = {2, 5, 20, 60, 150};
  unsigned kind = ls_ahead_below(a, m->g.sectors > 1 ? 7 : 6); /* kind 6: sectored only (line configs draw as before) */
  c->req_pct = 30 + ls_ahead_below(a, 71);
  c->st_pct = ls_ahead_chance(a, 25) ? 0 : ls_ahead_below(a, 45);
  c->byp_pct = ls_ahead_chance(a, 50) ? 0 : ls_ahead_below(a, 30);
  c->rmt_pct = ls_ahead_below(a, 60);
  c->rdy_pct = ls_ahead_chance(a, 30) ? 10 + ls_ahead_below(a, 40) : 60 + ls_ahead_below(a, 41);
  c->fill_pct = 50 + ls_ahead_below(a, 51);
  c->lat_min = lat_min[ls_ahead_below(a, 5)];
  c->lat_span = 1 + ls_ahead_below(a, 40);
  c->full_mask_pct = ls_ahead_below(a, 100);
  c->chg_pct = ls_ahead_chance(a, 50) ? 0 : ls_ahead_below(a, 40); /* a refused request replaced by another */
  /* footprint: kind 0 one line (merges, merge fails), 1 a few sets with
   * ways-ish lines (hits, LRU order), 2 one or two sets with more lines than
   * ways (associativity stalls, BA), 3 many lines everywhere (MSHR full),
   * 4 medium, 5 aimed at draining lines: one set, ways+1 lines, every cycle a
   * request, a quarter stores, fast memory that always takes requests -- a
   * filled line is evicted or write-evicted while its merged requests are
   * still being returned, and the next load merges into the draining entry;
   * the release queue fills and holds fills back (fill_ready_o low);
   * 6 (sectored) one line, every cycle a request, a third stores, fast
   * memory: a store write-evicts a sector whose entry is still returning its
   * merged loads, and the next load of that sector is a SECTOR_MISS merging
   * into the draining entry */
  if (kind == 5 || kind == 6) {
    c->req_pct = 100;
    c->st_pct = kind == 6 ? 33 : 25;
    c->byp_pct = ls_ahead_below(a, 10);
    c->rdy_pct = 100;
    c->fill_pct = 100;
    c->lat_min = 2;
    c->lat_span = 4;
  }
  unsigned nset = kind == 0 || kind == 5 || kind == 6 ? 1 : kind == 1 ? 1 + ls_ahead_below(a, 4) : kind == 2 ? 1 + ls_ahead_below(a, 2) : sets;
  unsigned per = kind == 0 || kind == 6 ? 1 : kind == 1 ? 1 + ls_ahead_below(a, ways + 1) : kind == 2 ? ways + 1 + ls_ahead_below(a, ways + 3)
                 : kind == 3 ? 2 + ls_ahead_below(a, 4) : kind == 5 ? ways + 1 : 1 + ls_ahead_below(a, 2);
  if (nset > sets) nset = sets;
  uint32_t chosen[8];
  for (unsigned i = 0; i < nset && i < 8; i++) chosen[i] = ls_ahead_below(a, sets);
  unsigned want = nset * per;
  if (want > MAXFOOT) want = MAXFOOT;
  c->nfoot = 0;
  for (unsigned tries = 0; c->nfoot < want && tries < 200000; tries++) {
    uint32_t line = ls_ahead_below(a, MEM_LINES);
    uint32_t s = l1d_index(line << m->offw, m->offw, sets, m->in.mode_hash_i); /* fault-guard-ok: stimulus */
    int ok = nset >= sets || nset > 8;
    for (unsigned i = 0; i < nset && i < 8 && !ok; i++) ok = chosen[i] == s;
    for (unsigned i = 0; i < c->nfoot && ok; i++) ok = c->foot[i] != line;
    if (ok) c->foot[c->nfoot++] = line;
  }
  if (!c->nfoot) c->foot[c->nfoot++] = ls_ahead_below(a, MEM_LINES);
  c->req_t = ls_pool_thr(c->req_pct);
  c->st_t = ls_pool_thr(c->st_pct);
  c->byp_t = ls_pool_thr(c->byp_pct);
  c->rmt_t = ls_pool_thr(c->rmt_pct);
  c->rdy_t = ls_pool_thr(c->rdy_pct);
  c->fill_t = ls_pool_thr(c->fill_pct);
  c->full_mask_t = ls_pool_thr(c->full_mask_pct);
}

/* A line of the memory model.  Initial image: a fixed pattern, so every
 * line's bytes differ -- byte i of the memory is (i * 2654435761) >> 13 --
 * written when the line is first used (a run touches a few lines of 1 MB). */
static uint8_t *mem_row(ctx_t *c, uint32_t line) {
  unsigned L = c->m.g.line;
  line %= MEM_LINES;
  uint8_t *row = c->mem + (size_t)line * L;
  if (!c->mem_set[line]) {
    /* bits 13..20 of the 64-bit product depend on its low 32 bits only:
     * 32-bit arithmetic, 16 bytes a step in SSE2 lanes */
    const uint32_t h = (uint32_t)((uint64_t)line * L * 2654435761u), k = 2654435761u;
    unsigned b = 0;
#ifdef __SSE2__
    const __m128i k4 = _mm_set1_epi32((int)(4u * k)), k16 = _mm_set1_epi32((int)(16u * k)), ff = _mm_set1_epi32(0xff);
    __m128i v0 = _mm_set_epi32((int)(h + 3u * k), (int)(h + 2u * k), (int)(h + k), (int)h);
    for (; b + 16 <= L; b += 16, v0 = _mm_add_epi32(v0, k16)) {
      const __m128i v1 = _mm_add_epi32(v0, k4), v2 = _mm_add_epi32(v1, k4), v3 = _mm_add_epi32(v2, k4);
      const __m128i w01 = _mm_packs_epi32(_mm_and_si128(_mm_srli_epi32(v0, 13), ff), _mm_and_si128(_mm_srli_epi32(v1, 13), ff));
      const __m128i w23 = _mm_packs_epi32(_mm_and_si128(_mm_srli_epi32(v2, 13), ff), _mm_and_si128(_mm_srli_epi32(v3, 13), ff));
      _mm_storeu_si128((__m128i *)(row + b), _mm_packus_epi16(w01, w23));
    }
#endif
    for (; b < L; b++) row[b] = (uint8_t)((h + b * k) >> 13);
    c->mem_set[line] = 1;
  }
  return row;
}

static void mem_store(ctx_t *c) {
  const l1d_out_t *o = &c->m.out;
  unsigned L = c->m.g.line;
  uint8_t *row = mem_row(c, o->mem_req_addr_o >> c->m.sectw); /* the port carries an atom address */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* byte b of the line is row byte b (a little-endian host's word layout):
   * the 32 bytes under a mask word are four 8-byte blends, each under the
   * lanes of its mask byte (the same bytes written, no branch on the random
   * mask); a line of under 32 bytes, a masked update of each data word with
   * a nibble set (its byte lanes) */
  static const uint32_t lanes[16] = {
      0x00000000u, 0x000000ffu, 0x0000ff00u, 0x0000ffffu, 0x00ff0000u, 0x00ff00ffu, 0x00ffff00u, 0x00ffffffu,
      0xff000000u, 0xff0000ffu, 0xff00ff00u, 0xff00ffffu, 0xffff0000u, 0xffff00ffu, 0xffffff00u, 0xffffffffu};
  for (unsigned b0 = 0; b0 < L; b0 += 32) {
    const unsigned n = L - b0 < 32 ? L - b0 : 32; /* bytes under this mask word */
    uint32_t mk = o->mem_req_mask_o[b0 / 32];
    if (n == 32) { /* four groups of 8 bytes, each blended under its mask byte's lanes: no branch on the mask */
      const uint8_t *d8 = (const uint8_t *)(o->mem_req_data_o + b0 / 4);
#pragma GCC unroll 4
      for (unsigned k = 0; k < 32; k += 8, mk >>= 8) {
        uint64_t x, d;
        memcpy(&x, row + b0 + k, 8);
        memcpy(&d, d8 + k, 8);
        x ^= (x ^ d) & c->lanes8[mk & 255u];
        memcpy(row + b0 + k, &x, 8);
      }
      continue;
    }
    for (unsigned w = b0 / 4; mk; w++, mk >>= 4) {
      const uint32_t bm = lanes[mk & 15u];
      if (!bm) continue;
      uint32_t x;
      memcpy(&x, row + 4 * w, 4);
      x = (x & ~bm) | (o->mem_req_data_o[w] & bm);
      memcpy(row + 4 * w, &x, 4);
    }
  }
#else
  for (unsigned w = 0; w < L / 4; w++) { /* a data word and its nibble of byte-mask bits */
    uint32_t nib = o->mem_req_mask_o[w / 8] >> (4 * (w % 8)) & 15u, d = o->mem_req_data_o[w];
    for (unsigned k = 0; nib; k++, nib >>= 1)
      if (nib & 1u) row[4 * w + k] = (uint8_t)(d >> (8 * k));
  }
#endif
}

/* Index of the first pending answer due by this cycle, scanning from start
 * and wrapping ((start + k) % npend for k = 0, 1, ...), or -1.  A scan that
 * finds none has seen every entry and keeps their earliest due cycle as
 * due_lb (a lower bound while entries only leave or arrive with their due
 * folded in): until then no scan can find one, and none is made. */
static int pend_find(ctx_t *c, unsigned start, uint64_t cycle) {
  const pend_t *q = c->pend;
  uint64_t lo = UINT64_MAX;
  for (unsigned i = start; i < c->npend; i++) {
    if (q[i].due <= cycle) return (int)i;
    lo = q[i].due < lo ? q[i].due : lo;
  }
  for (unsigned i = 0; i < start; i++) {
    if (q[i].due <= cycle) return (int)i;
    lo = q[i].due < lo ? q[i].due : lo;
  }
  c->due_lb = lo;
  return -1;
}

/* What happened last cycle: ids taken and freed, a refused request held or
 * replaced, a memory request taken (an answer due later) or a fill taken.
 * Returns whether the refused request is held. */
static inline __attribute__((always_inline)) int stim_last(ctx_t *c, const uint64_t **d, ls_pool_t *pl, uint64_t cycle) {
  const l1d_in_t *in = &c->m.in;
  const l1d_out_t *o = &c->m.out;
  int hold = 0;
  c->changed = 0;
  if (cycle > 0) {
    /* the id of a load taken is busy, that of a response free again: an
     * OR and an AND with the flags (no branch on random bits; busy[] holds
     * 0 or 1, the ids are in range) */
    const uint32_t took = in->req_valid_i & o->req_ready_o, ld = took & !in->req_store_i, rs = o->rsp_valid_o;
    c->busy[in->req_id_i & c->id_mask] |= (uint8_t)ld;
    if (in->req_valid_i && !took) {
      hold = !ls_next_chance(d, c->chg_pct); /* held, or (nothing entered) replaced */
      c->changed = !hold;
    }
    c->busy[o->rsp_id_o & c->id_mask] &= (uint8_t)!rs;
    if (o->mem_req_valid_o && in->mem_req_ready_i) {
      if (o->mem_req_store_o) {
        mem_store(c);
      } else if (c->npend < MAXPEND) {
        pend_t *q = &c->pend[c->npend++];
        q->line = o->mem_req_addr_o;
        q->byp = o->mem_req_byp_o;
        q->id = o->mem_req_id_o;
        q->due = cycle + c->lat_min + ls_next_pool_below(d, pl, c->lat_span);
        if (q->due < c->due_lb) c->due_lb = q->due;
      }
    }
    if (in->fill_valid_i && o->fill_ready_o && c->fill_cur >= 0) {
      c->pend[c->fill_cur] = c->pend[--c->npend];
      c->fill_cur = -1;
    }
  }
  if (c->npend > c->max_pend_seen) c->max_pend_seen = c->npend;
  return hold;
}

/* The memory side, the request and the remote lookup of this cycle. */
static inline __attribute__((always_inline)) void stim_cycle(ctx_t *c, const uint64_t **d, ls_pool_t *pl, uint64_t cycle, int hold) {
  l1d_t *m = &c->m;
  l1d_in_t *in = &m->in;
  const unsigned L = c->L;

  /* ---- memory side ---- */
  in->mem_req_ready_i = c->npend + 4 < MAXPEND && ls_next_pool_under(d, pl, c->rdy_t);
  if (c->fill_cur < 0 && c->npend && ls_next_pool_under(d, pl, c->fill_t)) {
    unsigned start = ls_next_pool_below(d, pl, c->npend);
    if (cycle >= c->due_lb) c->fill_cur = pend_find(c, start, cycle);
    if (c->fill_cur >= 0) { /* data as memory holds it now */
      const pend_t *q = &c->pend[c->fill_cur];
      const uint8_t *row = mem_row(c, q->line >> m->sectw);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      memcpy(in->fill_data_i, row, L); /* byte b is bits 8b..8b+7: the word layout of a little-endian host */
#else
      for (unsigned w = 0; w < m->lwords; w++) /* byte b is bits 8b..8b+7 */
        in->fill_data_i[w] = (uint32_t)row[4 * w] | (uint32_t)row[4 * w + 1] << 8 | (uint32_t)row[4 * w + 2] << 16 |
                             (uint32_t)row[4 * w + 3] << 24;
#endif
      in->fill_addr_i = q->line;
      in->fill_byp_i = q->byp;
      in->fill_id_i = q->byp ? q->id : 0;
    }
  }
  in->fill_valid_i = c->fill_cur >= 0;
  if (!in->fill_valid_i) { /* don't-care payload: fresh values every cycle, so logic that forgets the valid shows */
    uint64_t x = ls_next(d);
    in->fill_addr_i = (uint32_t)x & c->fill_addr_mask;
    in->fill_byp_i = (uint32_t)(x >> 32) & 1u;
    in->fill_id_i = (uint32_t)(x >> 33) & c->id_mask;
    ls_next_stir_f(d, in->fill_data_i, &c->stir_data); /* every word new, one draw (tb/engine/ls_rng.h) */
  }

  /* ---- request ---- */
  if (!hold) {
    in->req_valid_i = 0;
    if (ls_next_pool_under(d, pl, c->req_t)) {
      uint32_t line = c->foot[ls_next_pool_below(d, pl, c->nfoot)];
      in->req_addr_i = line * L + ls_next_pool_below(d, pl, L);
      in->req_store_i = ls_next_pool_under(d, pl, c->st_t);
      in->req_byp_i = ls_next_pool_under(d, pl, c->byp_t) && !c->drop_bypass;
      in->req_valid_i = 1;
      if (in->req_store_i) { /* the data and mask of a store matter: drawn */
        in->req_id_i = ls_next_pool_below(d, pl, c->nid);
        ls_next_fill(d, in->req_data_i, m->lbits);
        if (ls_next_pool_under(d, pl, c->full_mask_t)) {
          memset(in->req_mask_i, 0xff, bits_words(L) * 4);
          bits_trim(in->req_mask_i, L);
        } else {
          ls_next_fill(d, in->req_mask_i, L);
        }
        if (m->g.sectors > 1) { /* one sector per request (the coalescer's split): the bytes of its sector */
          const unsigned s0 = (in->req_addr_i % L) / m->sbytes * m->sbytes, s1 = s0 + m->sbytes;
          for (unsigned w = 0, b = 0; b < L; w++, b += 32) { /* mask word w keeps bits [s0, s1) only (bits b..b+31) */
            const uint32_t lo = s0 <= b ? ~0u : s0 < b + 32 ? ~0u << (s0 - b) : 0u;
            const uint32_t hi = s1 >= b + 32 ? ~0u : s1 > b ? ~0u >> (b + 32 - s1) : 0u;
            in->req_mask_i[w] &= lo & hi;
          }
        }
      } else { /* a load's data and mask are don't-cares: stirred */
        ls_next_stir_f(d, in->req_data_i, &c->stir_data);
        ls_next_stir_f(d, in->req_mask_i, &c->stir_mask);
        uint32_t id = ls_next_pool_below(d, pl, c->nid), k;
        for (k = 0; k < c->nid && c->busy[(id + k) & c->id_mask]; k++) {} /* nid: a power of two */
        if (k == c->nid) in->req_valid_i = 0; /* every id in flight: wait */
        in->req_id_i = (id + k) & c->id_mask;
      }
    }
  }

  if (!in->req_valid_i) { /* don't-care payload: fresh values every cycle */
    uint64_t x = ls_next(d);
    in->req_addr_i = x >> 63 ? (uint32_t)(c->foot[ls_next_pool_below(d, pl, c->nfoot)] * L + ls_next_pool_below(d, pl, L)) : (uint32_t)x;
    in->req_addr_i &= c->addr_mask;
    in->req_store_i = (uint32_t)(x >> 32) & 1u;
    in->req_byp_i = (uint32_t)(x >> 33) & 1u;
    in->req_id_i = (uint32_t)(x >> 34) & c->id_mask;
    ls_next_stir_f(d, in->req_data_i, &c->stir_data); /* the wide fields: every word new, one draw each */
    ls_next_stir_f(d, in->req_mask_i, &c->stir_mask);
  }

  /* ---- remote lookups ---- */
  in->rmt_valid_i = ls_next_pool_under(d, pl, c->rmt_t);
  in->rmt_addr_i = c->foot[ls_next_pool_below(d, pl, c->nfoot)] * L + ls_next_pool_below(d, pl, L);
  if (!in->rmt_valid_i) { /* half the time any address instead (a select: no branch on the random bit) */
    const uint32_t e = ls_next_pool_below(d, pl, 2), any = (uint32_t)ls_next_if(d, e, 0) & c->addr_mask;
    in->rmt_addr_i ^= (in->rmt_addr_i ^ any) & (0u - e);
  }
}

/* The cycle's draws come from the buffer of draws made ahead (c->ah,
 * tb/engine/ls_rng.h) through a local cursor, the pool in a local (the
 * same draws in the same order; docs/c-models.md, "Stimulus: pay for
 * random bits only where they matter"): their address reaches nothing out
 * of line, so they stay in registers across the stores into the inputs.
 * The engine's generator starts the buffer at cycle 0 and is not drawn
 * from again.  A cycle makes at most ~70 unchecked draws (a store of a
 * 256-byte line: 32 for its data, 4 for its mask; every pool refill),
 * under LS_AHEAD_MIN; the phase boundary's draws are checked ones. */
static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  if (cycle == 0 || !c->ah.n) ls_ahead_start(&c->ah, r); /* (n: 0 only before the first start) */
  ls_ahead_ensure(&c->ah);
  const uint64_t *d = c->ah.v + c->ah.i;
  ls_pool_t pl = c->pool;
  const int hold = stim_last(c, &d, &pl, cycle);
  if (cycle % 2048 == 0) {
    c->ah.i = (unsigned)(d - c->ah.v);
    new_phase(c, &c->ah);
    ls_ahead_ensure(&c->ah);
    d = c->ah.v + c->ah.i;
  }
  stim_cycle(c, &d, &pl, cycle, hold);
  c->ah.i = (unsigned)(d - c->ah.v);
  c->pool = pl;
}

/* Way w's tag as D sees it (the read row merged with the last edge's tag
 * write), for coverage: the adapter's own reading of the model's state. */
static uint32_t cov_tag(const l1d_t *m, const uint32_t *row, uint32_t set, unsigned w, int *fwd) {
  *fwd = m->fw_tag_v_q && m->fw_tag_set_q == set && m->fw_tag_way_q == w;
  return *fwd ? m->fw_tag_line_q : (uint32_t)bits_get(row, w * m->law, m->law);
}

/* Coverage of this cycle, from the C model's outputs and its pre-edge state
 * (the request decided this cycle is D's: d_*_q). */
static __attribute__((noinline)) void cover(ctx_t *c) { /* (out of line: comb stays a thin wrapper under --bench) */
  const l1d_t *m = &c->m;
  const l1d_in_t *in = &m->in;
  const l1d_out_t *o = &m->out;
  uint64_t *k = c->cov;
  unsigned W = m->g.ways;
  int go = m->d_valid_q && o->req_outcome_o != L1D_OUT_RES_FAIL, stall = m->d_valid_q && !go;
  const uint32_t d_store = m->d_store_q, d_byp = m->d_byp_q;
  const uint32_t d_line = (m->d_addr_q >> m->offw) & (uint32_t)bits_mask64(m->law);
  const uint32_t d_set = l1d_index(m->d_addr_q, m->offw, m->g.sets, in->mode_hash_i); /* fault-guard-ok: coverage */
  /* ---- the pipeline's hazards ---- */
  if (m->d_valid_q) {
    const uint32_t *row = mem_1r1w_sync_rdata(&m->i_tags);
    for (unsigned w = 0; w < W; w++) {
      size_t b = (size_t)d_set * W + w;
      int fwd;
      uint32_t t = cov_tag(m, row, d_set, w, &fwd);
      if (!(m->valid_q[b] || m->rsv_q[b] || m->byp_q[b]) || t != d_line) continue;
      if (fwd) k[COV_P_FWD_TAG]++; /* D's tag match comes from the forwarding register */
      if (go && !d_store && !d_byp && o->req_outcome_o == L1D_OUT_HIT && m->fw_data_v_q && m->fw_data_set_q == d_set &&
          m->fw_data_way_q == w)
        k[COV_P_FWD_DATA]++; /* the hit's line comes (partly) from the forwarding register */
      break;
    }
  }
  if (m->rmt_v_q && o->rmt_hit_o) {
    k[COV_P_RMT_NEXT]++;
    if ((m->fw_tag_v_q && m->fw_tag_set_q == m->rmt_set_q) || (m->fw_data_v_q && m->fw_data_set_q == m->rmt_set_q))
      k[COV_P_FWD_RMT]++;
  }
  if (stall) k[COV_P_RETRY]++;
  if (go && c->was_stall) k[COV_P_RETRY_GO]++;
  c->was_stall = stall;
  if (in->req_valid_i && !o->req_ready_o) k[COV_P_PORT_HELD]++;
  if (c->changed) k[COV_P_PORT_CHG]++;
  if (in->req_valid_i && o->req_ready_o && m->d_valid_q &&
      l1d_index(in->req_addr_i, m->offw, m->g.sets, in->mode_hash_i) == d_set) /* fault-guard-ok: coverage */
    k[COV_P_SAME_SET]++;
  if (stall && !d_store && !d_byp && m->d_byp_d) {
    k[COV_P_SBYP]++;
    c->d_conv = 1; /* D's bypass flag from here on is the L1D's, not the port's */
  }
  if (go) {
    if (d_store) k[o->req_outcome_o == L1D_OUT_HIT ? COV_ACC_ST_HIT : o->req_outcome_o == L1D_OUT_HIT_RESERVED ? COV_ACC_ST_HITRES : o->req_outcome_o == L1D_OUT_SECTOR_MISS ? COV_S_ST_SMISS : COV_ACC_ST_MISS]++;
    else if (d_byp) k[c->d_conv ? COV_P_SBYP_ACC : COV_ACC_BYP]++;
    else k[o->req_outcome_o == L1D_OUT_HIT ? COV_ACC_LD_HIT : o->req_outcome_o == L1D_OUT_HIT_RESERVED ? COV_ACC_LD_HITRES : o->req_outcome_o == L1D_OUT_SECTOR_MISS ? COV_S_LD_SMISS : COV_ACC_LD_MISS]++;
    c->d_conv = 0;
  }
  if (stall) {
    switch (o->req_fail_o) {
      case L1D_FAIL_LINE_ALLOC: k[COV_F_LINE]++; break;
      case L1D_FAIL_MSHR_ENTRY: k[COV_F_ENTRY]++; break;
      case L1D_FAIL_MSHR_MERGE: k[COV_F_MERGE]++; break;
      case L1D_FAIL_MISS_QUEUE: k[d_store ? COV_F_MQ_STORE : COV_F_MQ_LOAD]++; break;
      case L1D_FAIL_PORT_BUSY: k[in->fill_valid_i && o->fill_ready_o ? COV_F_PORT_FILL : COV_F_PORT_REL]++; break;
      case L1D_FAIL_BYP_QUEUE: k[COV_F_BYPQ]++; break;
      default: break;
    }
  }
  k[COV_MQ_FULL] += fifo_sync_full(&m->i_missq);
  k[COV_BQ_FULL] += fifo_sync_full(&m->i_bypq);
  k[COV_RQ_BACKP] += in->fill_valid_i && !in->fill_byp_i && !o->fill_ready_o;
  k[COV_MEM_BOTH] += !fifo_sync_empty(&m->i_missq) && !fifo_sync_empty(&m->i_bypq);
  k[COV_FILL_LINE] += o->ev_fill_o;
  k[COV_FILL_BYP] += in->fill_valid_i && in->fill_byp_i && o->fill_ready_o;
  k[COV_RMT_HIT] += o->rmt_hit_o;
  k[COV_RMT_MISS] += in->rmt_valid_i && !o->rmt_hit_o;
  if (o->rsp_valid_o && !fifo_sync_empty(&m->i_relq)) {
    unsigned e = (unsigned)bits_get(fifo_sync_rdata(&m->i_relq), m->lbits, m->eidxw);
    if (e < m->g.entries && m->mshr_q[e].cnt >= 2) k[COV_REL_MULTI]++;
  }
  uint32_t line = d_line;
  int draining = 0, pending = 0;
  int need = go && (d_store ? o->req_outcome_o == L1D_OUT_HIT : !d_byp && o->req_outcome_o == L1D_OUT_MISS);
  if (need) /* the request's line has an MSHR entry: filled (draining) or not */
    for (unsigned e = 0; e < m->g.entries; e++)
      if (m->mshr_q[e].valid && m->mshr_addr_q[e] == line) draining = m->mshr_q[e].rdy, pending = !m->mshr_q[e].rdy;
  if (go && !d_store && !d_byp && o->req_outcome_o == L1D_OUT_MISS && draining) k[COV_MERGE_DRAIN]++;
  if (go && d_store && o->req_outcome_o == L1D_OUT_HIT && draining) k[COV_ST_HIT_DRAIN]++;
  if (go && m->in.mode_alloc_i && !d_store && !d_byp && o->req_outcome_o == L1D_OUT_MISS)
    k[pending ? COV_OF_MERGE : COV_OF_NEW]++;
  /* allocations and BA tag-only bypasses write one tag slice of the request's set */
  const mem_1r1w_t *tg = &m->i_tags.m;
  if (go && tg->we_i && !d_store) {
    unsigned way = 0;
    while (way < W && !bits_test(tg->wmask_i, way)) way++;
    if (way < W) {
      size_t b = (size_t)tg->waddr_i * W + way;
      uint32_t old = (uint32_t)bits_get(mem_1r1w_read(tg, tg->waddr_i), way * m->law, m->law);
      int old_drain = 0;
      for (unsigned e = 0; e < m->g.entries; e++)
        old_drain |= m->mshr_q[e].valid && m->mshr_q[e].rdy && m->mshr_addr_q[e] == old;
      if (!m->in.mode_ba_i || !o->ev_byp_o) {
        k[m->valid_q[b] ? COV_VIC_EVICT : COV_VIC_FREE]++;
        if (m->valid_q[b] && old_drain) k[COV_VIC_EVICT_DRAIN]++;
      }
      if (m->in.mode_ba_i && !(!m->valid_q[b] && !m->byp_q[b] && !m->rsv_q[b])) k[m->reuse_q[b] ? COV_BA_VIC1 : COV_BA_VIC0]++;
      if (m->in.mode_ba_i && o->ev_byp_o) k[COV_BA_BYP_TAG]++;
    }
  } else if (go && m->in.mode_ba_i && o->ev_byp_o && !d_byp) {
    k[COV_BA_BYP_NOTAG]++;
  }
  k[COV_BA_PSEUDO] += o->ev_pseudo_o;
  /* sectored: a sector miss merging into a draining entry; the MSHR's
   * line-present tracking at fills and write-evict stores (the entries
   * this cycle writes: dent) */
  if (m->g.sectors > 1) {
    const uint32_t d_atom = (m->d_addr_q >> (m->offw - m->sectw)) & (uint32_t)bits_mask64(m->aw);
    if (go && !d_store && !d_byp && o->req_outcome_o == L1D_OUT_SECTOR_MISS)
      for (unsigned e = 0; e < m->g.entries; e++)
        if (m->mshr_q[e].valid && m->mshr_q[e].rdy && m->mshr_addr_q[e] == d_atom) k[COV_S_MERGE_DRAIN]++;
    for (unsigned i = 0; i < m->nde; i++) {
      unsigned e = m->dent[i];
      if (o->ev_fill_o && m->mshr_d[e].rdy && !m->mshr_q[e].rdy && m->mshr_q[e].pres && m->in.mode_alloc_i)
        k[COV_S_FILL_PRES]++;
      if (!m->mshr_q[e].valid || m->mshr_q[e].rdy || m->mshr_d[e].rdy) continue; /* pending entries only */
      if (!m->mshr_q[e].pres && m->mshr_d[e].pres) k[COV_S_FILL_MOVE]++;
      if (m->mshr_q[e].pres && !m->mshr_d[e].pres) k[o->ev_fill_o ? COV_S_FILL_EVICT : COV_S_ST_EMPTY]++;
    }
  }
  k[in->mode_repl_i ? COV_M_FIFO : COV_M_LRU]++;
  k[in->mode_wr_i ? COV_M_THROUGH : COV_M_EVICT]++;
  k[in->mode_alloc_i ? COV_M_ONFILL : COV_M_ONMISS]++;
  k[in->mode_hash_i == L1D_INDEX_FERMI ? COV_M_FERMI : in->mode_hash_i == L1D_INDEX_IPOLY ? COV_M_IPOLY
     : in->mode_hash_i == L1D_INDEX_XOR ? COV_M_XOR : COV_M_LINEAR]++;
  k[in->mode_ba_i ? COV_M_BA1 : COV_M_BA0]++;
}

/* The out-of-line forms (l1d_comb_any, l1d_commit_any): l1d.h inlines the
 * repeated stall's comb and commit for the shell, but a C fault (FAULT_C,
 * scripts/lockstep.sh) recompiles csim/ only, so an inlined copy here would
 * keep the unfaulted repeat path (FAULT_L1D_REP_NOCNT went unseen). */
static void comb(void *p) {
  ctx_t *c = p;
  l1d_comb_any(&c->m);
  if (!c->cov_off) cover(c);
}
static void bench(void *p) { ((ctx_t *)p)->cov_off = 1; }
static void lean(void *p) { l1d_observe(&((ctx_t *)p)->m, 0); } /* nothing reads the state map */
static void commit(void *p) { l1d_commit_any(&((ctx_t *)p)->m); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const l1d_in_t *in = &c->m.in;
  const l1d_out_t *o = &c->m.out;
  if (in->req_valid_i && o->req_ready_o && !in->req_store_i) {
    if (c->out_flag[in->req_id_i]) {
      snprintf(msg, n, "load id %u accepted while a load with that id is in flight", in->req_id_i);
      return 1;
    }
    c->out_flag[in->req_id_i] = 1;
    c->out_since[in->req_id_i] = cycle;
    c->loads_acc++;
  }
  if (o->rsp_valid_o) {
    if (!c->out_flag[o->rsp_id_o]) {
      snprintf(msg, n, "response for id %u, which has no load in flight (duplicate or spurious)", o->rsp_id_o);
      return 1;
    }
    c->out_flag[o->rsp_id_o] = 0;
    c->rsps++;
  }
  /* the port takes a request exactly when D is empty or its request leaves */
  if (o->req_ready_o != (!o->dec_valid_o || o->req_fail_o == L1D_FAIL_NONE)) {
    snprintf(msg, n, "req_ready_o=%u disagrees with dec_valid_o=%u req_fail_o=%u", o->req_ready_o, o->dec_valid_o,
             o->req_fail_o);
    return 1;
  }
  if (cycle % 4096 == 0)
    for (unsigned i = 0; i < c->nid; i++)
      if (c->out_flag[i] && cycle - c->out_since[i] > LOST_CYCLES) {
        snprintf(msg, n, "load id %u accepted at cycle %llu never answered (lost)", i,
                 (unsigned long long)c->out_since[i]);
        return 1;
      }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  fprintf(f, "l1d counters:");
  for (int i = 0; i < L1D_NCNT; i++) {
    const char *nm = l1d_cnt_name[i];
    fprintf(f, " %.*s=%u", (int)(strlen(nm) - 6), nm + 4, c->m.cnt_q[i]);
  }
  fprintf(f, "\nl1d scoreboard: loads accepted %llu, responses %llu, in flight %llu, peak memory backlog %u\n",
          (unsigned long long)c->loads_acc, (unsigned long long)c->rsps,
          (unsigned long long)(c->loads_acc - c->rsps), c->max_pend_seen);
}

/* Machine-readable results: every counter and the derived rates (JSON). */
static void stats_json(void *p, ls_stats_t *s) {
  ctx_t *c = p;
  char nm[64];
  for (int i = 0; i < L1D_NCNT; i++) {
    const char *n = l1d_cnt_name[i]; /* "cnt_<name>_q" */
    snprintf(nm, sizeof nm, "%.*s", (int)(strlen(n) - 6), n + 4);
    ls_stat_count(s, nm, c->m.cnt_q[i]);
  }
  ls_stat_count(s, "loads_accepted", c->loads_acc);
  ls_stat_count(s, "responses", c->rsps);
  ls_stat_count(s, "peak_memory_backlog", c->max_pend_seen);
  double acc = c->m.cnt_q[L1D_CNT_ACCESS], cyc = (double)ls_stat_cycles(s);
  ls_stat_rate(s, "hit_rate", c->m.cnt_q[L1D_CNT_HIT], acc);
  ls_stat_rate(s, "hit_reserved_rate", c->m.cnt_q[L1D_CNT_HITRES], acc);
  ls_stat_rate(s, "miss_rate", c->m.cnt_q[L1D_CNT_MISS], acc);
  ls_stat_rate(s, "sector_miss_rate", c->m.cnt_q[L1D_CNT_SMISS], acc);
  ls_stat_rate(s, "bypass_rate", c->m.cnt_q[L1D_CNT_BYP], acc);
  ls_stat_rate(s, "pseudo_hit_rate", c->m.cnt_q[L1D_CNT_PSEUDO], acc);
  ls_stat_rate(s, "accesses_per_cycle", acc, cyc);
  /* stall (reservation-fail) cycles per reason, per cycle of the run */
  ls_stat_rate(s, "stall_fail_line_per_cycle", c->m.cnt_q[L1D_CNT_FAIL_LINE], cyc);
  ls_stat_rate(s, "stall_fail_entry_per_cycle", c->m.cnt_q[L1D_CNT_FAIL_ENTRY], cyc);
  ls_stat_rate(s, "stall_fail_merge_per_cycle", c->m.cnt_q[L1D_CNT_FAIL_MERGE], cyc);
  ls_stat_rate(s, "stall_fail_mq_per_cycle", c->m.cnt_q[L1D_CNT_FAIL_MQ], cyc);
  ls_stat_rate(s, "stall_fail_port_per_cycle", c->m.cnt_q[L1D_CNT_FAIL_PORT], cyc);
}

const ls_block_t ls_block_l1d = {
    .name = "l1d",
    .rtl_module = "l1d",
    .help = "L1D controller (L1D_* parameters; policies are mode inputs)",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .bench = bench,
    .lean = lean,
    .summary = summary,
    .stats = stats_json,
};
