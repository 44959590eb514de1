/* mrpb.c -- see mrpb.h; mirrors rtl/mrpb/mrpb.sv statement by statement. */
#include "mrpb.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"

static uint32_t mask32(unsigned w) { return w >= 32 ? 0xffffffffu : (1u << w) - 1u; }

static uint32_t elig_of(uint32_t cnt, uint32_t young) {
#ifdef FAULT_MRPB_LATENCY
  return cnt != 0 && cnt + 1 > young; /* injected: the head counts as old one cycle early */
#else
  return cnt > young;
#endif
}

int mrpb_init(mrpb_t *m, unsigned sig, unsigned entries, unsigned latency, unsigned payload_w, unsigned sdata_w,
              unsigned cnt_w) {
  memset(m, 0, sizeof *m);
  if (sig > MRPB_SIG_BWARP || entries < 1 || entries > MRPB_QCNT_MAX || latency < 3 || latency - 2 > MRPB_HIST_MAX || payload_w < 1 ||
      payload_w > 32 * MRPB_PAYLOAD_WORDS || sdata_w < 1 || sdata_w > 32 * MRPB_SDATA_WORDS || cnt_w < 1 ||
      cnt_w > 32)
    return -1;
  m->sig = sig;
  m->entries = entries;
  m->latency = latency;
  m->payload_w = payload_w;
  m->sdata_w = sdata_w;
  m->cnt_w = cnt_w;
  m->nq = sig == MRPB_SIG_BLOCK ? MRPB_BLOCKS : sig == MRPB_SIG_BWARP ? MRPB_BWARPS : MRPB_WARPS;
  if (m->nq > 32 * MRPB_ELIG_WORDS) return -1;
  m->wid_w = bits_clog2(MRPB_WARPS);
  m->bid_w = bits_clog2(MRPB_BLOCKS);
  m->bwid_w = bits_clog2(MRPB_BWARPS);
  m->idx_w = bits_idx_w(m->nq);
  m->ptr_w = bits_idx_w(entries);
  m->qcnt_w = bits_clog2(entries + 1);
  m->hist_n = latency - 2;
  m->young_w = bits_clog2(m->hist_n + 1);
  m->rows = m->nq * entries;
  m->addr_w = bits_idx_w(m->rows);
  m->row_w = payload_w + m->wid_w + 1;
  m->occ_w = bits_clog2(m->rows + 1);
  m->pwords = bits_words(payload_w);
  m->swords = bits_words(sdata_w);
  m->sig_off = m->sig == MRPB_SIG_BLOCK   ? (unsigned)offsetof(mrpb_in_t, enq_bid_i)
              : m->sig == MRPB_SIG_BWARP ? (unsigned)offsetof(mrpb_in_t, enq_bwid_i)
                                         : (unsigned)offsetof(mrpb_in_t, enq_wid_i);
  m->idx_mask = mask32(m->idx_w);
  m->wid_mask = mask32(m->wid_w);
  m->hist_mask = mask32(m->hist_n);
  m->hist_top = m->hist_n - 1;
  m->addr_mask = mask32(m->addr_w);
  m->plast_mask = payload_w & 31 ? mask32(payload_w & 31) : 0xffffffffu;
  for (uint32_t mode = 0; mode < 4; mode++)
    for (uint32_t f = 0; f < 8; f++) m->byp_tbl[mode] |= (uint8_t)(mrpb_bypass_hit(mode, f) << f);
  if (m->idx_mask + 1u > MRPB_NQ_MAX || mem_1r1w_sync_init(&m->i_mem, m->rows, m->row_w, m->row_w) ||
      mem_1r1w_sync_init(&m->i_sdata, m->rows, sdata_w, sdata_w) || mrpb_stats_init(&m->i_stats, cnt_w, m->occ_w)) {
    mrpb_free(m);
    return -1;
  }
  mrpb_drain_init(&m->i_drain, m->nq, m->qcnt_w);
  mrpb_reset(m);
  return 0;
}

int mrpb_init_cfg(mrpb_t *m, const l1sys_cfg_t *cfg) {
  /* Every range is checked by cfg; no cross-parameter rule remains (latency
   * >= 3 keeps the age history at least one stage long). */
  if (mrpb_init(m, (unsigned)CFG(cfg, MRPB_SIG), (unsigned)CFG(cfg, MRPB_ENTRIES), (unsigned)CFG(cfg, MRPB_LATENCY),
                (unsigned)CFG(cfg, MRPB_PAYLOAD_W), (unsigned)CFG(cfg, MRPB_SDATA_W), (unsigned)CFG(cfg, MRPB_CNT_W)))
    return cfg_reject(cfg, P_MRPB_ENTRIES, "cannot build the MRPB model with these sizes (out of memory)");
  return 0;
}

void mrpb_mode_from_cfg(mrpb_in_t *in, const l1sys_cfg_t *cfg) {
  in->mode_drain_i = (uint32_t)CFG(cfg, MRPB_DRAIN);
  in->mode_greedy_i = (uint32_t)CFG(cfg, MRPB_GREEDY);
  in->mode_flush_i = (uint32_t)CFG(cfg, MRPB_FLUSH);
  in->mode_bypass_i = (uint32_t)CFG(cfg, MRPB_BYPASS);
  in->mode_slot_i = (uint32_t)CFG(cfg, MRPB_SLOT);
}

void mrpb_free(mrpb_t *m) {
  mem_1r1w_sync_free(&m->i_mem);
  mem_1r1w_sync_free(&m->i_sdata);
}

void mrpb_reset(mrpb_t *m) {
  memset(m->cnt_q, 0, sizeof m->cnt_q); memset(m->cnt_d, 0, sizeof m->cnt_d);
  memset(m->head_q, 0, sizeof m->head_q); memset(m->head_d, 0, sizeof m->head_d);
  memset(m->tail_q, 0, sizeof m->tail_q); memset(m->tail_d, 0, sizeof m->tail_d);
  memset(m->young_q, 0, sizeof m->young_q); memset(m->young_d, 0, sizeof m->young_d);
  m->hist_v_q = m->hist_v_d = 0;
  memset(m->hist_id_q, 0, sizeof m->hist_id_q);
  memset(m->hist_id_d, 0, sizeof m->hist_id_d);
  m->occ_q = m->bar_pend_q = 0;
  m->out_valid_q = m->out_bypass_q = m->out_store_q = m->out_wid_q = m->out_src_q = 0;
  memset(m->out_payload_q, 0, sizeof m->out_payload_q);
  memset(m->out_sdata_q, 0, sizeof m->out_sdata_q);
  m->ntch = 0;
  m->out_load = m->out_sload = 0;
  m->out_sdirty = m->out_pdirty = 1;
  memset(m->elig, 0, sizeof m->elig);
  memset(m->elig_cnt, 0, sizeof m->elig_cnt);
  m->elig_cnts = 0;
  mem_1r1w_sync_idle(&m->i_mem);
  mem_1r1w_sync_idle(&m->i_sdata);
  mrpb_drain_reset(&m->i_drain);
  mrpb_stats_reset(&m->i_stats);
}

uint32_t mrpb_qcount(const mrpb_t *m, unsigned q) { return q < m->nq ? m->cnt_q[q] : 0; }

uint32_t mrpb_signature(const mrpb_t *m, uint32_t wid, uint32_t bid, uint32_t bwid) {
  uint32_t mask = mask32(m->idx_w); /* IdxW'(field) */
  if (m->sig == MRPB_SIG_BLOCK) return bid & mask;
  if (m->sig == MRPB_SIG_BWARP) return bwid & mask;
  return wid & mask;
}

uint32_t mrpb_bypass_hit(uint32_t mode, uint32_t fail) {
  uint32_t byp_res = fail == L1D_FAIL_LINE_ALLOC || fail == L1D_FAIL_MSHR_ENTRY || fail == L1D_FAIL_MSHR_MERGE ||
                     fail == L1D_FAIL_MISS_QUEUE;
  switch (mode) {
#ifdef FAULT_MRPB_BYPASS_ANY
  case MRPB_BYPASS_ALL: (void)byp_res; return fail != L1D_FAIL_NONE; /* injected: PORT_BUSY bypasses too */
#else
  case MRPB_BYPASS_ALL: return byp_res;
#endif
  case MRPB_BYPASS_ASSOC: return fail == L1D_FAIL_LINE_ALLOC;
  default: return 0;
  }
}

/* A store-data row of n words (swords): the default width (MRPB_SDATA_W =
 * 1152, a 128 B line's data and byte mask: 36 words) as a move of constant
 * size, which the compiler inlines; other widths through the library. */
#define MRPB_SDATA_DEF_WORDS 36u
static inline void sd_cpy(uint32_t *d, const uint32_t *s, unsigned n) {
  if (n == MRPB_SDATA_DEF_WORDS) memcpy(d, s, MRPB_SDATA_DEF_WORDS * 4);
  else memcpy(d, s, (size_t)n * 4);
}

static inline uint32_t ptr_next(const mrpb_t *m, uint32_t p) { return p == m->entries - 1 ? 0 : p + 1; }

/* The row {payload, wid, store} into the memory's write port: the payload
 * shifted up by 1 + WidW (< 32) bits, word by word. */
static inline void pack_row(const mrpb_t *m, uint32_t *wd, uint32_t head, const uint32_t *pl) {
  unsigned sh = 1 + m->wid_w, n = m->pwords;
  if (n == 2) { /* (a payload of 33..64 bits, the default 40: the loop below, unrolled) */
    uint32_t v1 = pl[1] & m->plast_mask;
    wd[0] = head | pl[0] << sh;
    wd[1] = pl[0] >> (32 - sh) | v1 << sh;
    if (m->i_mem.m.words > 2) wd[2] = v1 >> (32 - sh);
    return;
  }
  uint32_t carry = head;
  for (unsigned j = 0; j < n; j++) {
    uint32_t v = j == n - 1 ? pl[j] & m->plast_mask : pl[j];
    wd[j] = carry | v << sh;
    carry = v >> (32 - sh);
  }
  if (m->i_mem.m.words > n) wd[n] = carry;
}

/* The SRAMs' output row's payload field (pwords words) into dst: the
 * field sits at bit 1 + WidW (< 32), so each word is a 64-bit window of two
 * (rdata_q has two words of padding past the row). */
static inline void row_payload(const mrpb_t *m, uint32_t *dst) {
  const uint32_t *r = mem_1r1w_sync_rdata(&m->i_mem);
  unsigned sh = 1 + m->wid_w, n = m->pwords;
  if (n == 2) { /* (a payload of 33..64 bits, the default 40: the loop below, unrolled) */
    dst[0] = (uint32_t)((((uint64_t)r[1] << 32) | r[0]) >> sh);
    dst[1] = (uint32_t)((((uint64_t)r[2] << 32) | r[1]) >> sh) & m->plast_mask;
    return;
  }
  for (unsigned j = 0; j < n; j++) dst[j] = (uint32_t)((((uint64_t)r[j + 1] << 32) | r[j]) >> sh);
  dst[n - 1] &= m->plast_mask;
}

void mrpb_deq_payload(const mrpb_t *m, uint32_t *dst) {
  if (m->out_src_q) {
    row_payload(m, dst);
  } else {
    memcpy(dst, m->out_payload_q, m->pwords * 4);
  }
}

/* mrpb_deq_payload() into the output struct (MRPB_PAYLOAD_WORDS words):
 * the passed request's payload as one fixed-size move of the whole array
 * (the words past pwords are not part of the field: they carry what the
 * input's did, as out_payload_q does), the row's field inline. */
static inline void deq_payload_out(const mrpb_t *m, uint32_t *dst) {
  if (m->out_src_q) {
    row_payload(m, dst);
  } else {
    memcpy(dst, m->out_payload_q, sizeof m->out_payload_q);
  }
}

/* The cycle's logic.  `held` (the output register valid and refused:
 * out_free = 0, about half the cycles) is a constant in each of
 * mrpb_comb's calls, so the compiler drops from the held copy what a
 * held cycle cannot do (a pop, a read, the output register's load) and
 * from the others the bypass and refusal logic's held-only terms.
 * `nopick` (a free cycle without an eligible head: the drain's vector is
 * empty, so it picks nothing -- a pop, a read and a flush count cannot
 * happen) is a constant too: that copy skips the drain step; and `noreq`
 * (no request offered: enq_valid_i low) in the quiet copy, which then
 * can push, pass or stall nothing either; `load` (mrpb_step's copies for
 * a request whose enq_store_i is 0: store is then the constant 0);
 * `stall` (mrpb_step's copy for a held cycle whose request -- offered:
 * valid is 1 -- is refused whatever the queues hold -- a barrier pending,
 * single-slot mode, a store under flush, or its queue full: nothing is
 * pushed or passed);
 * `noage` (the age history is empty, hist_v_q = 0: no queue ages, and the
 * history's valid bits are the push alone; 2: and every queue is empty,
 * occ_q = 0).  The dispatch tests them. */
static inline __attribute__((always_inline)) void comb_body(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out,
                                                            const uint32_t held, const uint32_t nopick, const uint32_t noreq,
                                                            const uint32_t dbg, const uint32_t load, const uint32_t stall,
                                                            const uint32_t noage) {
  /* 1-bit inputs: bit 0, as the RTL's port sees them; flags are combined
   * with & and |, so the decisions below are data, not branches. */
  const uint32_t valid = noreq ? 0 : stall ? 1 : in->enq_valid_i & 1u, store = load ? 0 : in->enq_store_i & 1u, slot = in->mode_slot_i & 1u;
  const uint32_t flush = in->mode_flush_i & 1u; /* (deq_ready_i: see stalled below) */

  /* Signature and the target queue's state (an out-of-range signature is a
   * caller error, see the RTL's assertion; the model reads it as empty: the
   * per-queue arrays have 1 << IdxW elements, those >= NQ always zero). */
  uint32_t tq = *(const uint32_t *)(const void *)((const char *)in + m->sig_off) & m->idx_mask;
  uint32_t tq_ok = tq < m->nq;
  const uint32_t empty = noage == 2; /* (occ_q = 0, every count 0; OCC: read where it is used) */
#define OCC (empty ? 0 : m->occ_q)
  uint32_t tq_cnt = empty ? 0 : m->cnt_q[tq];
  uint32_t tq_full = tq_cnt == m->entries, tq_empty = tq_cnt == 0;
  uint32_t ov = held ? 1 : m->out_valid_q; /* (held: valid) */
  uint32_t idle = (m->occ_q == 0) & !ov;
  if (empty) idle = !ov; /* (written apart: as one expression it moved mrpb_comb's copies' registers) */

  /* Dequeue side (out_free = !held).  The dispatch (mrpb_comb) picks the
   * held copy exactly when ov & !deq_ready_i: a constant in every copy, so
   * the stall, the bypass test and the output register's next valid bit
   * (ov & !deq_fire) fold (outside the held copy a valid output register
   * is taken: deq_fire = ov). */
  const uint32_t stalled = held;
  uint32_t out_free = !held;

  /* Enqueue side; wpass: straight into the output register. */
  uint32_t wpass_mode = slot | (flush & store);
  uint32_t enq_ready;
  if (m->bar_pend_q | stall) enq_ready = 0; /* (stall: the dispatch's test) */
  else if (slot) enq_ready = out_free;
  else if (wpass_mode) enq_ready = tq_empty & !ov;
  else enq_ready = !tq_full;
  uint32_t enq_fire = valid & enq_ready;
  uint32_t enq_push = enq_fire & !wpass_mode;
  uint32_t wpass = enq_fire & wpass_mode;

  /* Flush (Section 3.3). */
  uint32_t flush_on = (!slot) & flush & valid & !m->bar_pend_q;
  uint32_t flush_valid = flush_on & (store ? !tq_empty : tq_full);
  uint32_t hold_drain = flush_on & store & tq_empty;

  /* The drain selector; advance_i = deq_pop = sel_valid && out_free && !hold_drain.
   * With the output register held (about half the cycles) nothing can
   * advance and the pick is used nowhere (deq_pop = 0, so no read, no
   * flush count): only the greedy flag's next state is computed
   * (mrpb_drain_hold).  The injected FAULT_MRPB_RDHOLD reads with the pick
   * while held, so it always picks.  Without a pick only the greedy flag
   * changes: mrpb_step's copies write it in place (the edge then leaves the
   * drain alone: commit_body's nosel). */
  mrpb_drain_sel_t sel = {0, 0, 0};
#ifndef FAULT_MRPB_RDHOLD
  if (!out_free) {
    if (dbg) mrpb_drain_hold(&m->i_drain, m->elig, in->mode_greedy_i & 1u);
    else m->i_drain.gcur_v_q = mrpb_drain_hold_v(&m->i_drain, m->elig, in->mode_greedy_i & 1u);
  } else
#endif
  if (nopick) {
    /* mrpb_drain_step with no eligible head: no pick, nothing advances */
    if (dbg) m->i_drain.gcur_v_d = 0;
    else m->i_drain.gcur_v_q = 0;
  } else {
    mrpb_drain_in_t din = {in->mode_drain_i, in->mode_greedy_i & 1u, m->elig, m->cnt_q, flush_valid, tq, m->elig_cnt, m->elig_cnts};
    sel = mrpb_drain_step(&m->i_drain, &din, out_free & !hold_drain);
  }
  uint32_t deq_pop = sel.valid & out_free & !hold_drain;

  /* Queue storage: row q*Entries + offset; store data at the same row (the
   * write ports are set only when they write: the engine compares address
   * and data only then; we_i and re_i are 0 between cycles, commit_mems
   * clears them, so they are written only to set them). */
  if (enq_push) {
    uint32_t waddr = (tq * m->entries + m->tail_q[tq]) & m->addr_mask;
    m->i_mem.m.we_i = 1;
    m->i_sdata.m.we_i = store;
    m->i_mem.m.waddr_i = waddr;
    m->i_mem.m.wmask_i[0] = 1; /* one slice per row: the whole row */
    pack_row(m, m->i_mem.m.wdata_i, store | (in->enq_wid_i & m->wid_mask) << 1, in->enq_payload_i);
    if (store) {
      m->i_sdata.m.waddr_i = waddr;
      m->i_sdata.m.wmask_i[0] = 1;
#if !defined(FAULT_MEM_1R1W_SYNC_HOLD) && !defined(FAULT_MEM_1R1W_SYNC_WFIRST) && !defined(FAULT_MEM_1R1W_MASK)
      /* mrpb_step's copies (dbg = 0: comb and the edge in one call, the
       * input still valid at the edge, no write port compared): the data
       * goes from the input into the row once (commit_mems_body), not
       * through wdata_i too.  (The primitives' injected faults commit
       * through their own edge, which reads wdata_i: copied then.) */
      if (!dbg) m->sd_wsrc = in->enq_sdata_i;
      else
#endif
      {
        sd_cpy(m->i_sdata.m.wdata_i, in->enq_sdata_i, m->swords);
        bits_trim(m->i_sdata.m.wdata_i, m->sdata_w);
      }
    }
  }
  /* A dequeue reads the head row of both SRAMs (never the row the push
   * writes: head == tail only for an empty or a full queue). */
#ifdef FAULT_MRPB_RDHOLD
  uint32_t rd_en = sel.valid & !hold_drain; /* injected: read while the held row is still presented */
#else
  uint32_t rd_en = deq_pop;
#endif
  if (rd_en) {
    m->i_mem.re_i = m->i_sdata.re_i = 1;
    m->i_mem.raddr_i = m->i_sdata.raddr_i = (sel.idx * m->entries + m->head_q[sel.idx]) & m->addr_mask;
  }

  /* Per-queue pointers, counts and young counts: only the pushed, popped
   * and aged queues change.  Outside a cycle every *_d element equals its
   * *_q element, so only the changed elements are written here and commit
   * copies the listed queues back.  The list is empty (ntch = 0) between
   * cycles: reset clears it, commit_queues empties it. */
  uint32_t aged_v = noage ? 0 : (m->hist_v_q >> m->hist_top) & 1u;
  if (enq_push | deq_pop | aged_v) { /* (most cycles touch no queue: no list to build) */
    uint32_t aged_id = m->hist_id_q[m->hist_top];
    uint32_t s = sel.idx;
    uint32_t push_q = enq_push & tq_ok, aged = aged_v & (aged_id < m->nq);
    unsigned nt = 0;
    m->tch[nt] = tq; /* (listed without a branch: each entry kept when its flag is set) */
    nt += push_q;
    m->tch[nt] = s;
    nt += deq_pop;
    m->tch[nt] = aged_id;
    nt += aged;
    m->ntch = nt;
    if (nt) { /* (none: an aged or pushed queue index past the queues) */
      if (push_q) m->tail_d[tq] = ptr_next(m, m->tail_q[tq]);
      if (deq_pop) m->head_d[s] = ptr_next(m, m->head_q[s]);
      if (push_q && !(deq_pop && s == tq)) m->cnt_d[tq] = m->cnt_q[tq] + 1;
      if (deq_pop && !(enq_push && s == tq)) m->cnt_d[s] = m->cnt_q[s] - 1;
      if (dbg) {
        if (push_q && !(aged_v && aged_id == tq)) m->young_d[tq] = m->young_q[tq] + 1;
        if (aged && !(enq_push && aged_id == tq)) m->young_d[aged_id] = m->young_q[aged_id] - 1;
      } else {
        /* (mrpb_step's copies: the same values without a branch on the
         * random push and ageing -- each write adds its 0/1 flag; both
         * indices are below 1 << IdxW, inside the arrays, and a write
         * that adds 0 leaves _d equal to _q; the second reads the first's
         * result, so one queue pushed and aged at once gets both) */
        m->young_d[tq] = m->young_q[tq] + (push_q & !(aged_v & (aged_id == tq)));
        m->young_d[aged_id] -= aged & !(enq_push & (aged_id == tq));
      }
    }
  }

  /* The registers hist_v .. bar_pend are written every cycle: in
   * mrpb_step's copies (dbg = 0: the edge follows in the same call) their
   * next state goes straight into the register (SETNX), each written after
   * its last read (occ_q below, after the counters), and the edge copies
   * only out_valid .. out_src (commit_body).  Their _d then lags, which
   * nothing reads: mrpb_comb writes all of them before its commit copies
   * them.  (out_valid_d stays a next state: written in place too, it moved
   * mrpb_comb's copies' register allocation, callgrind.) */
#define SETNX(f, v) do { if (dbg) m->f##_d = (v); else m->f##_q = (v); } while (0)
  /* Age history (hist_id as bytes: the whole shift is two fixed-size moves). */
  SETNX(hist_v, noage ? enq_push : ((m->hist_v_q << 1) | enq_push) & m->hist_mask); /* (noage: 0 shifted; HistN >= 1) */
  if (dbg) {
    memcpy(m->hist_id_d + 1, m->hist_id_q, MRPB_HIST_MAX - 1);
    m->hist_id_d[0] = (uint8_t)tq;
  } else {
    /* (in place: bytes 0..14 to 1..15, both halves loaded before either is
     * stored -- memmove would be a library call) */
    _Static_assert(MRPB_HIST_MAX == 16, "hist_id: the shift below moves 16 bytes");
    uint64_t lo, hi;
    memcpy(&lo, m->hist_id_q, 8);
    memcpy(&hi, m->hist_id_q + 7, 8);
    memcpy(m->hist_id_q + 1, &lo, 8);
    memcpy(m->hist_id_q + 8, &hi, 8);
    m->hist_id_q[0] = (uint8_t)tq;
  }

  if (dbg) m->occ_d = OCC + enq_push - deq_pop; /* +1, -1, or both: unchanged (mrpb_step: after the counters) */

  /* Output register and bypass (Section 3.4): resource fails only.  The
   * presented request's narrow fields are recomputed only after a change
   * (out_pdirty, set by commit and reset; the wide store data likewise,
   * out_sdirty), or for an output struct the model has not written before. */
  if (m->out_last != out) m->out_sdirty = m->out_pdirty = 1, m->out_last = out;
  if (m->out_pdirty) {
    m->pres_store = mrpb_deq_store(m);
    out->deq_store_o = m->pres_store;
    out->deq_wid_o = mrpb_deq_wid(m);
    deq_payload_out(m, out->deq_payload_o);
    m->out_pdirty = 0;
  }
  uint32_t pres_store = m->pres_store;
  uint32_t byp_set = 0;
  if (dbg) {
    if (stalled & !m->out_bypass_q & !pres_store) {
      /* mode_bypass_i (2 bits) and l1d_fail_i (3 bits) as the RTL's ports see them */
      byp_set = (m->byp_tbl[in->mode_bypass_i & 3u] >> (in->l1d_fail_i & 7u)) & 1u;
    }
  } else { /* (mrpb_step's copies: the same bit as data -- the refusal code is random and tested nowhere else) */
    byp_set = stalled & !m->out_bypass_q & !pres_store & (m->byp_tbl[in->mode_bypass_i & 3u] >> (in->l1d_fail_i & 7u));
  }

  /* out_bypass_d, out_store_d, out_wid_d, out_src_d: as the queues' next
   * state, equal to their _q outside a cycle (commit copies them back, reset
   * clears both), so only a change is written.  out_payload_d / out_sdata_d
   * equal their _q unless loaded (out_load, out_sload). */
  m->out_valid_d = stalled; /* ov & !deq_fire (see stalled) */
  if (deq_pop) { /* the row arrives in the SRAMs' output registers at this edge */
    m->out_valid_d = 1;
    m->out_bypass_d = 0;
    m->out_src_d = 1;
  } else if (wpass) {
    m->out_valid_d = 1;
    m->out_bypass_d = 0;
    m->out_src_d = 0;
    m->out_store_d = store;
    m->out_wid_d = in->enq_wid_i & m->wid_mask;
    /* the whole array as one fixed-size move (no library call of run-time
     * size); the field's last word trimmed to PayloadW as bits_trim would */
    memcpy(m->out_payload_d, in->enq_payload_i, sizeof m->out_payload_d);
    m->out_payload_d[m->pwords - 1] &= m->plast_mask;
    m->out_load = 1;
    if (store) {
      sd_cpy(m->out_sdata_d, in->enq_sdata_i, m->swords);
      bits_trim(m->out_sdata_d, m->sdata_w);
      m->out_sload = 1;
    }
  } else if (!dbg) {
    m->out_bypass_d |= byp_set; /* (out_bypass_d equals out_bypass_q here: set without a branch) */
  } else if (byp_set) {
    m->out_bypass_d = 1;
  }

  SETNX(bar_pend, (in->barrier_i & 1u) | (m->bar_pend_q & !idle));

  /* Outputs (the wide ones copied only after the output register loaded,
   * or into an output struct the model has not written before). */
  out->enq_ready_o = enq_ready;
  out->deq_valid_o = ov;
  out->deq_bypass_o = m->out_bypass_q;
  /* (deq_store_o, deq_wid_o, deq_payload_o: above, after a change) */
  if (m->out_sdirty) {
    sd_cpy(out->deq_sdata_o, mrpb_deq_sdata(m), m->swords);
    m->out_sdirty = 0;
  }
  out->idle_o = idle;
  out->stat_data_o = mrpb_stats_read(&m->i_stats, in->stat_sel_i);

  /* (dbg = 0: mrpb_step's copies, whose edge follows in the same call --
   * commit_body with lazy = 1 -- so the counters' edge is done here) */
  if (dbg) mrpb_stats_comb_fast(&m->i_stats, enq_push, deq_pop, wpass, deq_pop & sel.flush, byp_set, valid & !enq_ready,
                                stalled, OCC);
  else mrpb_stats_step_fast(&m->i_stats, enq_push, deq_pop, wpass, deq_pop & sel.flush, byp_set, valid & !enq_ready,
                            stalled, OCC);
  if (!dbg) m->occ_q = OCC + enq_push - deq_pop; /* (SETNX above: its last read was the counters') */
#undef SETNX
#undef OCC

  if (dbg) { /* (0 in mrpb_step's copies: the caller reads nothing between comb and commit) */
    m->dbg_deq_pop = deq_pop;
    m->dbg_sel_idx = sel.idx;
    m->dbg_sel_flush = sel.flush;
    m->dbg_wpass = wpass;
    m->dbg_enq_push = enq_push;
    m->dbg_byp_set = byp_set;
  }
}

/* GCC's straight-line (SLP) vectorizer packs the cycle's 0/1 flags into
 * vectors to store them into adjacent fields (the statistics' _d counters,
 * the dbg_* decisions, the outputs): the packing costs more instructions
 * than one add or store per field (callgrind), so the copies below are
 * built without it.  Other compilers: their default. */
#if defined(__GNUC__) && !defined(__clang__)
#define MRPB_NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define MRPB_NO_SLP
#endif

/* The copies as functions of their own (called as tail jumps): each saves
 * only the registers its own copy uses -- the held copy needs fewer than
 * the free one, which the shared prologue of one function paid for all. */
static __attribute__((noinline)) MRPB_NO_SLP void comb_held(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  comb_body(m, in, out, 1, 0, 0, 1, 0, 0, 0);
}
static __attribute__((noinline)) MRPB_NO_SLP void comb_quiet(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  comb_body(m, in, out, 0, 1, 1, 1, 0, 0, 0);
}
static __attribute__((noinline)) MRPB_NO_SLP void comb_free(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  comb_body(m, in, out, 0, 0, 0, 1, 0, 0, 0);
}
static __attribute__((noinline)) MRPB_NO_SLP void comb_free_nopick(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  comb_body(m, in, out, 0, 1, 0, 1, 0, 0, 0);
}

/* held: comb_held; free with an eligible head: comb_free; free without
 * one: comb_free_nopick, or comb_quiet when no request is offered either
 * (issue 28: a cycle's cost follows what it can move). */
void mrpb_comb(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  if (m->out_valid_q & !(in->deq_ready_i & 1u)) comb_held(m, in, out);
  else if (m->elig_cnts) comb_free(m, in, out); /* (nonzero exactly when a queue is eligible: one load) */
  else if (in->enq_valid_i & 1u) comb_free_nopick(m, in, out);
  else comb_quiet(m, in, out);
}

/* The SRAMs' edge, in a cycle that reads or writes them (out of line: the
 * common commit then saves no registers).  The store-data SRAM is read
 * with the row SRAM and written only by a store's push.  lazy (mrpb_step,
 * whose caller compares no register): a load's row leaves the store-data
 * SRAM's output register (rdata_q) and deq_sdata_o as they were -- both
 * are don't-cares while the presented request is a load, and a store's row
 * read later is copied as always. */
static inline __attribute__((always_inline)) void commit_mems_body(mrpb_t *m, const uint32_t lazy) {
  const uint32_t sdirty0 = m->out_sdirty;
  if (m->i_mem.re_i) m->out_sdirty = m->out_pdirty = 1; /* a new row in the SRAMs' output registers */
#if defined(FAULT_MEM_1R1W_SYNC_HOLD) || defined(FAULT_MEM_1R1W_SYNC_WFIRST) || defined(FAULT_MEM_1R1W_MASK)
  /* (an injected fault of the primitives: their own edge, so it acts here too) */
  (void)lazy, (void)sdirty0;
  mem_1r1w_sync_commit(&m->i_mem);
  if (m->i_sdata.re_i | m->i_sdata.m.we_i) mem_1r1w_sync_commit(&m->i_sdata);
#else
  /* mem_1r1w_sync_commit() of two memories whose rows are one slice each,
   * written whole (wmask_i = 1, no wk0/wk1, no keep), read and written by
   * the same edge: read before write, a row copy each (the 2-word row
   * inline).  An address past the rows (an out-of-range signature) moves
   * nothing, as there. */
  mem_1r1w_sync_t *a = &m->i_mem, *b = &m->i_sdata;
  const unsigned depth = a->m.depth;
  if (a->re_i && a->raddr_i < depth) {
    const uint32_t *row = mem_1r1w_read(&a->m, a->raddr_i);
    if (a->m.words == 2) memcpy(a->rdata_q, row, 8); /* (the default row: 47 bits) */
    else mem_row_cpy(a->rdata_q, row, a->m.words);
    if (!lazy || (row[0] & 1u)) sd_cpy(b->rdata_q, mem_1r1w_read(&b->m, a->raddr_i), b->m.words); /* (read with i_mem, same address) */
    else m->out_sdirty = sdirty0; /* (a load's row, lazy: nor is the output recopied; see above) */
  }
  if (a->m.we_i && a->m.waddr_i < depth) {
    uint32_t *row = a->m.mem_q + (size_t)a->m.waddr_i * a->m.words;
    if (a->m.words == 2) memcpy(row, a->m.wdata_i, 8); /* (the default row: 47 bits) */
    else mem_row_cpy(row, a->m.wdata_i, a->m.words);
    if (b->m.we_i) {
      uint32_t *srow = b->m.mem_q + (size_t)a->m.waddr_i * b->m.words;
      if (lazy) { /* (mrpb_step: from the input, trimmed as wdata_i would be; see comb_body) */
        sd_cpy(srow, m->sd_wsrc, b->m.words);
        bits_trim(srow, m->sdata_w);
      } else {
        sd_cpy(srow, b->m.wdata_i, b->m.words);
      }
    }
  }
#endif
  m->i_mem.m.we_i = m->i_sdata.m.we_i = m->i_mem.re_i = m->i_sdata.re_i = 0;
}

/* (two copies: lazy is a constant in each) */
static __attribute__((noinline)) void commit_mems(mrpb_t *m) { commit_mems_body(m, 0); }
static __attribute__((noinline)) void commit_mems_lazy(mrpb_t *m) { commit_mems_body(m, 1); }

#if defined(__GNUC__) && !defined(__clang__)
#define MRPB_UNROLL3 _Pragma("GCC unroll 3")
#else
#define MRPB_UNROLL3
#endif
/* The listed queues' edge (out of line: the loop's registers are then
 * saved only in a cycle that touched a queue).  sel (mrpb_step's copy,
 * commit_queues_sel): the eligibility updates as masks, no branch --
 * whether a touched queue was and is eligible follows the cycle's random
 * inputs, and the CPU mispredicted these tests there (user time, make
 * bench); a count whose mask ends empty has its summary bit cleared, a
 * no-op when the queue was not eligible, since an empty count's bit is
 * clear.  mrpb_commit (lockstep, the shell) keeps the branches: the same
 * code as before, and the same state either way. */
static inline __attribute__((always_inline)) void commit_queues_body(mrpb_t *m, const int sel) {
  /* the eligibility vector and the counts' summary in locals (uint32_t
   * stores into the queue arrays could alias them in memory) */
  uint64_t el = (uint64_t)m->elig[1] << 32 | m->elig[0], cnts = m->elig_cnts;
  const unsigned nt = m->ntch;
  MRPB_UNROLL3 /* (at most 3 listed: written out, no loop control; GCC) */
  for (unsigned i = 0; i < nt; i++) {
    uint32_t q = m->tch[i], oc = m->cnt_q[q];
    uint64_t bit = 1ull << q;
    if (sel) {
      const uint64_t left = m->elig_cnt[oc] & ~(el & bit);
      m->elig_cnt[oc] = left;
      cnts &= ~((uint64_t)(left == 0) << oc);
    } else if (el & bit) {
      if (!(m->elig_cnt[oc] &= ~bit)) cnts &= ~(1ull << oc);
    }
    uint32_t nc = m->cnt_d[q], ny = m->young_d[q];
    m->cnt_q[q] = nc;
    m->head_q[q] = m->head_d[q];
    m->tail_q[q] = m->tail_d[q];
    m->young_q[q] = ny;
    if (sel) {
      const uint64_t e = elig_of(nc, ny), is = bit & (0 - e);
      el = (el & ~bit) | is;
      m->elig_cnt[nc] |= is;
      cnts |= e << nc;
    } else if (elig_of(nc, ny)) {
      el |= bit;
      m->elig_cnt[nc] |= bit;
      cnts |= 1ull << nc;
    } else {
      el &= ~bit;
    }
  }
  m->elig[0] = (uint32_t)el;
  m->elig[1] = (uint32_t)(el >> 32);
  m->elig_cnts = cnts;
  m->ntch = 0;
}
static __attribute__((noinline)) void commit_queues(mrpb_t *m) { commit_queues_body(m, 0); }
static __attribute__((noinline)) void commit_queues_sel(mrpb_t *m) { commit_queues_body(m, 1); }

/* nosel (mrpb_step's copies without a pick, lazy = 1): comb wrote the
 * drain's one changed register, the greedy flag, in place.  outc (lazy):
 * which of the output register's fields the copy can change -- 1 (held:
 * out_valid stays 1, no pop or pass) out_bypass .. out_src; 2 (no pick,
 * no request: no pop, pass or bypass) out_valid alone; 3 all five.
 * nomem: the copy neither pushes nor pops, so no memory port is set;
 * notouch: nor does a queue age, so no queue is listed. */
static inline __attribute__((always_inline)) void commit_body(mrpb_t *m, const uint32_t may_load, const uint32_t lazy,
                                                              const uint32_t nosel, const uint32_t outc,
                                                              const uint32_t nomem, const uint32_t notouch) {
  /* Only what the cycle wrote: the listed queues (a queue listed twice is
   * copied twice, the same values), then their eligibility bits and their
   * place in the eligible-per-count summary. */
  if (lazy) { /* (mrpb_step: the masks' copy; written apart, mrpb_commit's code stays as it was) */
    if (!notouch && m->ntch) commit_queues_sel(m);
  } else if (!notouch && m->ntch) {
    commit_queues(m);
  }
  /* The output register's source flips only with a pop (to the SRAMs' row:
   * the read below marks both outputs) or a pass (to out_*_q: out_load).
   * A pass loads the register (out_store_q, out_wid_q too). */
  if (may_load && m->out_load) { /* (out_sload only with out_load: a pass of a store) */
    if (m->out_src_q != m->out_src_d) m->out_sdirty = 1; /* the store data now from out_sdata_q */
    if (m->out_load) memcpy(m->out_payload_q, m->out_payload_d, sizeof m->out_payload_q), m->out_pdirty = 1; /* (fixed size) */
    if (m->out_sload) sd_cpy(m->out_sdata_q, m->out_sdata_d, m->swords), m->out_sdirty = 1;
    m->out_load = m->out_sload = 0;
  }
  /* hist_v_q .. out_src_q: one fixed-size block (layout checked in mrpb.h);
   * lazy (mrpb_step): out_valid_q .. out_src_q alone, comb wrote the others
   * in place (SETNX in comb_body) */
  if (lazy) {
    if (outc == 1) memcpy(&m->out_bypass_q, &m->out_bypass_d, MRPB_OUTREG_BYTES - 4);
    else if (outc == 2) m->out_valid_q = m->out_valid_d;
    else memcpy(&m->out_valid_q, &m->out_valid_d, MRPB_OUTREG_BYTES);
  }
  else memcpy(&m->hist_v_q, &m->hist_v_d, MRPB_SCALARS_BYTES);
  if (!nomem && (m->i_mem.m.we_i | m->i_mem.re_i)) lazy ? commit_mems_lazy(m) : commit_mems(m); /* the memories change only through a read or a write */
  if (!(lazy & nosel)) mrpb_drain_commit(&m->i_drain);
  if (!lazy) mrpb_stats_commit(&m->i_stats); /* (lazy, mrpb_step: done with comb, mrpb_stats_step_fast) */
}

void mrpb_commit(mrpb_t *m) { commit_body(m, 1, 0, 0, 0, 0, 0); }

/* mrpb_comb() then mrpb_commit(), for a caller that reads nothing between
 * them: each copy of comb_body is followed by the edge in the same function
 * (one call, one prologue; the edge's loads of what comb just stored stay
 * in registers).  A pass (wpass) needs the output register free and a
 * request: the held, quiet and no-request copies cannot load it (may_load
 * = 0).  The held cycle without a request and the free one with an
 * eligible head but no request have copies of their own here (noreq),
 * and every copy with a request one for a load (load: enq_store_i is 0,
 * so the store-only paths -- a store's pass under flush, the drain hold,
 * the store data's write -- fold away; the dispatch tests the bit).  Three
 * copies for states that fix most of the cycle: a held request refused
 * whatever the queues hold, with no queue ageing (step_held_stall: no
 * push, pass, pop or ageing -- the single-slot mode's held cycles, a
 * pending barrier, a full queue); and an empty buffer with no queue
 * ageing, without a request (step_quiet_idle) or with a load and no pick
 * (step_free_empty_load: the single-slot mode's passes). */
/* One copy: comb_body's constant arguments, then commit_body's (noinline:
 * a call a cycle through mrpb_step's dispatch) */
/* (a copy without a pick: held -- but under the injected FAULT_MRPB_RDHOLD,
 * which picks while held -- or nopick) */
#ifdef FAULT_MRPB_RDHOLD
#define MRPB_NOSEL(held, nopick) (nopick)
#else
#define MRPB_NOSEL(held, nopick) ((held) | (nopick))
#endif
/* (no push -- no request, or refused: stall -- and no pick: no memory port) */
#define MRPB_NOMEM(held, nopick, noreq, stall) (((noreq) | (stall)) & MRPB_NOSEL(held, nopick))
#define MRPB_STEP_COPY(name, a, b, c, d, e, h, i, f, g)                                               \
  static __attribute__((noinline)) MRPB_NO_SLP void name(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) { \
    comb_body(m, in, out, a, b, c, d, e, h, i);                                                        \
    commit_body(m, f, g, MRPB_NOSEL(a, b), (a) ? 1 : (b) && (c) ? 2 : 3, MRPB_NOMEM(a, b, c, h),         \
                MRPB_NOMEM(a, b, c, h) && (i));                                                        \
  }
MRPB_STEP_COPY(step_held, 1, 0, 0, 0, 0, 0, 0, 0, 1)
MRPB_STEP_COPY(step_held_stall, 1, 0, 0, 0, 0, 1, 1, 0, 1)
MRPB_STEP_COPY(step_held_load, 1, 0, 0, 0, 1, 0, 0, 0, 1)
MRPB_STEP_COPY(step_free_load, 0, 0, 0, 0, 1, 0, 0, 1, 1)
MRPB_STEP_COPY(step_free_nopick_load, 0, 1, 0, 0, 1, 0, 0, 1, 1)
MRPB_STEP_COPY(step_free_empty_load, 0, 1, 0, 0, 1, 0, 2, 1, 1)
MRPB_STEP_COPY(step_held_noreq, 1, 0, 1, 0, 0, 0, 0, 0, 1)
MRPB_STEP_COPY(step_quiet, 0, 1, 1, 0, 0, 0, 0, 0, 1)
MRPB_STEP_COPY(step_quiet_idle, 0, 1, 1, 0, 0, 0, 2, 0, 1)
MRPB_STEP_COPY(step_free, 0, 0, 0, 0, 0, 0, 0, 1, 1)
MRPB_STEP_COPY(step_free_noreq, 0, 0, 1, 0, 0, 0, 0, 0, 1)
MRPB_STEP_COPY(step_free_nopick, 0, 1, 0, 0, 0, 0, 0, 1, 1)
#undef MRPB_STEP_COPY

void mrpb_step(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  if (m->out_valid_q & !(in->deq_ready_i & 1u)) {
    if (in->enq_valid_i & 1u) {
      /* refused whatever the queues hold, or by a full queue; no queue ages */
      if (!m->hist_v_q && ((m->bar_pend_q | in->mode_slot_i | (in->mode_flush_i & in->enq_store_i)) & 1u ||
                           m->cnt_q[*(const uint32_t *)(const void *)((const char *)in + m->sig_off) & m->idx_mask] == m->entries))
        step_held_stall(m, in, out);
      else if (in->enq_store_i & 1u) step_held(m, in, out);
      else step_held_load(m, in, out);
    }
    else step_held_noreq(m, in, out); /* (no push, pass or stall either) */
  } else if (m->elig_cnts) {
    if (in->enq_valid_i & 1u) {
      if (in->enq_store_i & 1u) step_free(m, in, out);
      else step_free_load(m, in, out);
    }
    else step_free_noreq(m, in, out); /* (no push or pass: the output register loads only from a pop) */
  }
  else if (!(m->hist_v_q | m->occ_q)) { /* (empty, no queue ageing) */
    if (!(in->enq_valid_i & 1u)) step_quiet_idle(m, in, out);
    else if (in->enq_store_i & 1u) step_free_nopick(m, in, out);
    else step_free_empty_load(m, in, out);
  }
  else if (in->enq_valid_i & 1u) {
    if (in->enq_store_i & 1u) step_free_nopick(m, in, out);
    else step_free_nopick_load(m, in, out);
  }
  else step_quiet(m, in, out);
}

int mrpb_still(mrpb_t *m, const mrpb_in_t *in) {
  mrpb_stats_t *s = &m->i_stats;
  const mrpb_drain_t *d = &m->i_drain;
  if (m->ntch | m->i_mem.re_i | m->i_mem.m.we_i | m->i_sdata.re_i | m->i_sdata.m.we_i | m->out_load | m->out_sload)
    return 0; /* (a queue, an SRAM or the output register's wide fields written) */
  if (memcmp(&m->hist_v_q, &m->hist_v_d, MRPB_SCALARS_BYTES) || d->gcur_q != d->gcur_d || d->gcur_v_q != d->gcur_v_d ||
      d->i_rr.ptr_q != d->i_rr.ptr_d)
    return 0;
  if (s->enq_cnt_d != s->enq_cnt_q || s->deq_cnt_d != s->deq_cnt_q || s->wpass_cnt_d != s->wpass_cnt_q ||
      s->flush_cnt_d != s->flush_cnt_q || s->bypass_cnt_d != s->bypass_cnt_q || s->occ_max_d != s->occ_max_q)
    return 0;
  m->rep_stall = s->stall_cnt_d - s->stall_cnt_q;
  m->rep_rej = s->rej_cnt_d - s->rej_cnt_q;
  m->rep_bkt = s->bkt;
  m->rep_hist = s->occ_hist_d[s->bkt] - s->occ_hist_q[s->bkt];
  /* the register stat_data_o reads must not be one that moves */
  const size_t off = s->rd_off[in->stat_sel_i & 31u];
  if ((m->rep_stall && off == offsetof(mrpb_stats_t, stall_cnt_q)) || (m->rep_rej && off == offsetof(mrpb_stats_t, rej_cnt_q)) ||
      (m->rep_hist && off == offsetof(mrpb_stats_t, occ_hist_q) + 4u * m->rep_bkt))
    return 0;
  return 1;
}

/* v plus n pulses of inc (0 or 1), saturating at the counter's maximum */
static uint32_t sat_add_n(const mrpb_stats_t *s, uint32_t v, uint32_t inc, uint32_t n) {
  const uint64_t x = (uint64_t)v + (uint64_t)(inc & 1u) * n;
  return x < s->cmax ? (uint32_t)x : s->cmax;
}

void mrpb_rep_advance(mrpb_t *m, uint32_t n) {
  mrpb_stats_t *s = &m->i_stats;
  s->stall_cnt_q = s->stall_cnt_d = sat_add_n(s, s->stall_cnt_q, m->rep_stall, n);
  s->rej_cnt_q = s->rej_cnt_d = sat_add_n(s, s->rej_cnt_q, m->rep_rej, n);
  const uint32_t b = m->rep_bkt;
  s->occ_hist_q[b] = s->occ_hist_d[b] = sat_add_n(s, s->occ_hist_q[b], m->rep_hist, n);
  s->room = 0; /* (the headroom looked at again by the next cycle's counters) */
}
