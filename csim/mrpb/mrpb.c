/* mrpb.c -- see mrpb.h; mirrors rtl/mrpb/mrpb.sv statement by statement. */
#include "mrpb.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

static uint32_t fget(const uint32_t *v, unsigned q, unsigned w) { return (uint32_t)bits_get(v, q * w, w); }
static void fset(uint32_t *v, unsigned q, unsigned w, uint32_t x) { bits_set(v, q * w, w, x); }

static unsigned clog2(unsigned n) { return bits_clog2(n); }

int mrpb_init(mrpb_t *m, unsigned sig, unsigned entries, unsigned latency, unsigned payload_w, unsigned cnt_w) {
  memset(m, 0, sizeof *m);
  if (sig > MRPB_SIG_BWARP || entries < 1 || latency < 3 || payload_w < 1 ||
      payload_w > 32 * MRPB_PAYLOAD_WORDS || cnt_w < 1 || cnt_w > 32)
    return -1;
  m->sig = sig;
  m->entries = entries;
  m->latency = latency;
  m->payload_w = payload_w;
  m->cnt_w = cnt_w;
  m->nq = sig == MRPB_SIG_BLOCK ? MRPB_BLOCKS : sig == MRPB_SIG_BWARP ? MRPB_BWARPS : MRPB_WARPS;
  m->wid_w = clog2(MRPB_WARPS);
  m->bid_w = clog2(MRPB_BLOCKS);
  m->bwid_w = clog2(MRPB_BWARPS);
  m->idx_w = bits_idx_w(m->nq);
  m->ptr_w = bits_idx_w(entries);
  m->qcnt_w = clog2(entries + 1);
  m->hist_n = latency - 2;
  m->young_w = clog2(m->hist_n + 1);
  m->rows = m->nq * entries;
  m->addr_w = bits_idx_w(m->rows);
  m->row_w = payload_w + m->wid_w + 1;
  m->occ_w = clog2(m->rows + 1);
  size_t cw = bits_words(m->nq * m->qcnt_w), pw = bits_words(m->nq * m->ptr_w);
  size_t yw = bits_words(m->nq * m->young_w), hw = bits_words(m->hist_n * m->idx_w);
  m->cnt_q = calloc(cw, 4);
  m->cnt_d = calloc(cw, 4);
  m->head_q = calloc(pw, 4);
  m->head_d = calloc(pw, 4);
  m->tail_q = calloc(pw, 4);
  m->tail_d = calloc(pw, 4);
  m->young_q = calloc(yw, 4);
  m->young_d = calloc(yw, 4);
  m->hist_id_q = calloc(hw, 4);
  m->hist_id_d = calloc(hw, 4);
  if (!m->cnt_q || !m->cnt_d || !m->head_q || !m->head_d || !m->tail_q || !m->tail_d || !m->young_q ||
      !m->young_d || !m->hist_id_q || !m->hist_id_d || mem_1r1w_init(&m->i_mem, m->rows, m->row_w, m->row_w) ||
      mrpb_stats_init(&m->i_stats, cnt_w, m->occ_w)) {
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
                (unsigned)CFG(cfg, MRPB_PAYLOAD_W), (unsigned)CFG(cfg, MRPB_CNT_W)))
    return cfg_reject(cfg, P_MRPB_ENTRIES, "cannot build the MRPB model with these sizes (out of memory)");
  return 0;
}

void mrpb_mode_from_cfg(mrpb_in_t *in, const l1sys_cfg_t *cfg) {
  in->mode_drain_i = (uint32_t)CFG(cfg, MRPB_DRAIN);
  in->mode_greedy_i = (uint32_t)CFG(cfg, MRPB_GREEDY);
  in->mode_flush_i = (uint32_t)CFG(cfg, MRPB_FLUSH);
  in->mode_bypass_i = (uint32_t)CFG(cfg, MRPB_BYPASS);
}

void mrpb_free(mrpb_t *m) {
  free(m->cnt_q); free(m->cnt_d); free(m->head_q); free(m->head_d); free(m->tail_q); free(m->tail_d);
  free(m->young_q); free(m->young_d); free(m->hist_id_q); free(m->hist_id_d);
  m->cnt_q = m->cnt_d = m->head_q = m->head_d = m->tail_q = m->tail_d = NULL;
  m->young_q = m->young_d = m->hist_id_q = m->hist_id_d = NULL;
  mem_1r1w_free(&m->i_mem);
}

void mrpb_reset(mrpb_t *m) {
  memset(m->cnt_q, 0, bits_words(m->nq * m->qcnt_w) * 4);
  memset(m->head_q, 0, bits_words(m->nq * m->ptr_w) * 4);
  memset(m->tail_q, 0, bits_words(m->nq * m->ptr_w) * 4);
  memset(m->young_q, 0, bits_words(m->nq * m->young_w) * 4);
  memset(m->hist_id_q, 0, bits_words(m->hist_n * m->idx_w) * 4);
  m->hist_v_q = m->occ_q = m->bar_pend_q = 0;
  m->out_valid_q = m->out_bypass_q = m->out_store_q = m->out_wid_q = 0;
  memset(m->out_payload_q, 0, sizeof m->out_payload_q);
  mem_1r1w_idle(&m->i_mem);
  mrpb_drain_reset(&m->i_drain);
  mrpb_stats_reset(&m->i_stats);
}

uint32_t mrpb_qcount(const mrpb_t *m, unsigned q) { return fget(m->cnt_q, q, m->qcnt_w); }

uint32_t mrpb_signature(const mrpb_t *m, uint32_t wid, uint32_t bid, uint32_t bwid) {
  uint32_t mask = (1u << m->idx_w) - 1u; /* IdxW'(field) */
  if (m->sig == MRPB_SIG_BLOCK) return bid & mask;
  if (m->sig == MRPB_SIG_BWARP) return bwid & mask;
  return wid & mask;
}

static uint32_t ptr_next(const mrpb_t *m, uint32_t p) { return p == m->entries - 1 ? 0 : p + 1; }

void mrpb_comb(mrpb_t *m, const mrpb_in_t *in, mrpb_out_t *out) {
  const unsigned nq = m->nq, qw = m->qcnt_w, pw = m->ptr_w, yw = m->young_w, iw = m->idx_w;
  const unsigned addr_mask = m->addr_w >= 32 ? 0xffffffffu : (1u << m->addr_w) - 1u;

  /* Signature and the target queue's state. */
  uint32_t tq = mrpb_signature(m, in->enq_wid_i, in->enq_bid_i, in->enq_bwid_i);
  uint32_t tq_cnt = tq < nq ? fget(m->cnt_q, tq, qw) : 0;
  uint32_t tq_full = tq_cnt == m->entries, tq_empty = tq_cnt == 0;
  uint32_t idle = m->occ_q == 0 && !m->out_valid_q;

  /* Enqueue side. */
  uint32_t wpass_mode = in->mode_flush_i && in->enq_store_i;
  uint32_t enq_ready = !m->bar_pend_q && (wpass_mode ? (tq_empty && !m->out_valid_q) : !tq_full);
  uint32_t enq_fire = in->enq_valid_i && enq_ready;
  uint32_t enq_push = enq_fire && !wpass_mode;
  uint32_t wpass = enq_fire && wpass_mode;

  /* Flush (Section 3.3). */
  uint32_t flush_valid = in->mode_flush_i && in->enq_valid_i && !m->bar_pend_q && (in->enq_store_i ? !tq_empty : tq_full);
  uint32_t hold_drain = in->mode_flush_i && in->enq_valid_i && !m->bar_pend_q && in->enq_store_i && tq_empty;

  /* Dequeue side. */
  uint32_t deq_fire = m->out_valid_q && in->deq_ready_i;
  uint32_t out_free = !m->out_valid_q || deq_fire;

  uint32_t elig[8] = {0}, nonempty[8] = {0}; /* nq <= 256 */
  for (unsigned q = 0; q < nq; q++) {
    uint32_t c = fget(m->cnt_q, q, qw), y = fget(m->young_q, q, yw);
    if (c) bits_set(nonempty, q, 1, 1);
#ifdef FAULT_MRPB_LATENCY
    if (c && c + 1 > y) bits_set(elig, q, 1, 1); /* injected: the head counts as old one cycle early */
#else
    if (c > y) bits_set(elig, q, 1, 1);
#endif
  }

  mrpb_drain_in_t din = {in->mode_drain_i, in->mode_greedy_i, elig, nonempty, m->cnt_q, flush_valid, tq};
  mrpb_drain_sel_t sel = mrpb_drain_pick(&m->i_drain, &din);
  uint32_t deq_pop = sel.valid && out_free && !hold_drain;
  mrpb_drain_comb(&m->i_drain, &din, sel, deq_pop);

  /* Queue storage: row q*Entries + offset. */
  uint32_t raddr = (sel.idx * m->entries + fget(m->head_q, sel.idx, pw)) & addr_mask;
  uint32_t waddr = (tq * m->entries + (tq < nq ? fget(m->tail_q, tq, pw) : 0)) & addr_mask;
  uint32_t wdata[MRPB_PAYLOAD_WORDS + 1] = {0};
  bits_set(wdata, 0, 1, in->enq_store_i & 1u);
  bits_set(wdata, 1, m->wid_w, in->enq_wid_i);
  for (unsigned b = 0; b < m->payload_w; b += 32) {
    unsigned n = m->payload_w - b < 32 ? m->payload_w - b : 32;
    bits_set(wdata, 1 + m->wid_w + b, n, in->enq_payload_i[b / 32]);
  }
  const uint32_t *rdata = mem_1r1w_read(&m->i_mem, raddr < m->rows ? raddr : 0);
  mem_1r1w_idle(&m->i_mem);
  mem_1r1w_write(&m->i_mem, waddr, wdata, NULL);
  m->i_mem.we_i = enq_push;

  /* Per-queue pointers, counts and young counts. */
  uint32_t aged_v = (m->hist_v_q >> (m->hist_n - 1)) & 1u;
  uint32_t aged_id = fget(m->hist_id_q, m->hist_n - 1, iw);
  memcpy(m->cnt_d, m->cnt_q, bits_words(nq * qw) * 4);
  memcpy(m->head_d, m->head_q, bits_words(nq * pw) * 4);
  memcpy(m->tail_d, m->tail_q, bits_words(nq * pw) * 4);
  memcpy(m->young_d, m->young_q, bits_words(nq * yw) * 4);
  for (unsigned q = 0; q < nq; q++) {
    uint32_t push = enq_push && tq == q, pop = deq_pop && sel.idx == q, aged = aged_v && aged_id == q;
    if (!push && !pop && !aged) continue;
    uint32_t c = fget(m->cnt_q, q, qw), y = fget(m->young_q, q, yw);
    if (push) fset(m->tail_d, q, pw, ptr_next(m, fget(m->tail_q, q, pw)));
    if (pop) fset(m->head_d, q, pw, ptr_next(m, fget(m->head_q, q, pw)));
    if (push && !pop) fset(m->cnt_d, q, qw, c + 1);
    else if (pop && !push) fset(m->cnt_d, q, qw, c - 1);
    if (push && !aged) fset(m->young_d, q, yw, y + 1);
    else if (aged && !push) fset(m->young_d, q, yw, y - 1);
  }

  /* Age history. */
  uint32_t hmask = m->hist_n >= 32 ? 0xffffffffu : (1u << m->hist_n) - 1u;
  m->hist_v_d = ((m->hist_v_q << 1) | enq_push) & hmask;
  memcpy(m->hist_id_d, m->hist_id_q, bits_words(m->hist_n * iw) * 4);
  for (unsigned k = m->hist_n - 1; k > 0; k--) fset(m->hist_id_d, k, iw, fget(m->hist_id_q, k - 1, iw));
  fset(m->hist_id_d, 0, iw, tq);

  m->occ_d = m->occ_q;
  if (enq_push && !deq_pop) m->occ_d = m->occ_q + 1;
  else if (deq_pop && !enq_push) m->occ_d = m->occ_q - 1;

  /* Output register and bypass (Section 3.4). */
  uint32_t byp_hit = 0;
  if (in->mode_bypass_i == MRPB_BYPASS_ALL) byp_hit = in->l1d_fail_i != L1D_FAIL_NONE;
  else if (in->mode_bypass_i == MRPB_BYPASS_ASSOC) byp_hit = in->l1d_fail_i == L1D_FAIL_LINE_ALLOC;
  uint32_t byp_set = m->out_valid_q && !in->deq_ready_i && !m->out_bypass_q && !m->out_store_q && byp_hit;

  m->out_valid_d = m->out_valid_q && !deq_fire;
  m->out_bypass_d = m->out_bypass_q;
  m->out_store_d = m->out_store_q;
  m->out_wid_d = m->out_wid_q;
  memcpy(m->out_payload_d, m->out_payload_q, sizeof m->out_payload_d);
  if (deq_pop) {
    m->out_valid_d = 1;
    m->out_bypass_d = 0;
    m->out_store_d = (uint32_t)bits_get(rdata, 0, 1);
    m->out_wid_d = (uint32_t)bits_get(rdata, 1, m->wid_w);
    memset(m->out_payload_d, 0, sizeof m->out_payload_d);
    for (unsigned b = 0; b < m->payload_w; b += 32) {
      unsigned n = m->payload_w - b < 32 ? m->payload_w - b : 32;
      m->out_payload_d[b / 32] = (uint32_t)bits_get(rdata, 1 + m->wid_w + b, n);
    }
  } else if (wpass) {
    m->out_valid_d = 1;
    m->out_bypass_d = 0;
    m->out_store_d = 1;
    m->out_wid_d = (uint32_t)bits_get(wdata, 1, m->wid_w);
    memset(m->out_payload_d, 0, sizeof m->out_payload_d);
    for (unsigned b = 0; b < m->payload_w; b += 32) {
      unsigned n = m->payload_w - b < 32 ? m->payload_w - b : 32;
      m->out_payload_d[b / 32] = (uint32_t)bits_get(wdata, 1 + m->wid_w + b, n);
    }
  } else if (byp_set) {
    m->out_bypass_d = 1;
  }

  m->bar_pend_d = in->barrier_i || (m->bar_pend_q && !idle);

  /* Outputs. */
  out->enq_ready_o = enq_ready;
  out->deq_valid_o = m->out_valid_q;
  out->deq_bypass_o = m->out_bypass_q;
  out->deq_store_o = m->out_store_q;
  out->deq_wid_o = m->out_wid_q;
  memcpy(out->deq_payload_o, m->out_payload_q, sizeof out->deq_payload_o);
  out->idle_o = idle;
  out->stat_data_o = mrpb_stats_read(&m->i_stats, in->stat_sel_i);

  mrpb_stats_in_t sin = {enq_push, deq_pop, wpass, deq_pop && sel.flush, byp_set,
                         in->enq_valid_i && !enq_ready, m->out_valid_q && !in->deq_ready_i, m->occ_q};
  mrpb_stats_comb(&m->i_stats, &sin);

  m->dbg_deq_pop = deq_pop;
  m->dbg_sel_idx = sel.idx;
  m->dbg_sel_flush = sel.flush;
  m->dbg_wpass = wpass;
  m->dbg_enq_push = enq_push;
  m->dbg_byp_set = byp_set;
}

void mrpb_commit(mrpb_t *m) {
  /* Copies, not pointer swaps: the lockstep state map holds &cnt_q[0]. */
  memcpy(m->cnt_q, m->cnt_d, bits_words(m->nq * m->qcnt_w) * 4);
  memcpy(m->head_q, m->head_d, bits_words(m->nq * m->ptr_w) * 4);
  memcpy(m->tail_q, m->tail_d, bits_words(m->nq * m->ptr_w) * 4);
  memcpy(m->young_q, m->young_d, bits_words(m->nq * m->young_w) * 4);
  memcpy(m->hist_id_q, m->hist_id_d, bits_words(m->hist_n * m->idx_w) * 4);
  m->hist_v_q = m->hist_v_d;
  m->occ_q = m->occ_d;
  m->bar_pend_q = m->bar_pend_d;
  m->out_valid_q = m->out_valid_d;
  m->out_bypass_q = m->out_bypass_d;
  m->out_store_q = m->out_store_d;
  m->out_wid_q = m->out_wid_d;
  memcpy(m->out_payload_q, m->out_payload_d, sizeof m->out_payload_q);
  mem_1r1w_commit(&m->i_mem);
  mrpb_drain_commit(&m->i_drain);
  mrpb_stats_commit(&m->i_stats);
}
