/* l1d.c -- see l1d.h; the RTL twin is rtl/l1d/l1d.sv, written statement for
 * statement in the same order (defaults first, then fill, release, request). */
#include "l1d.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "l1d_index.h"
#include "l1d_victim.h"
#include "prio_enc.h"

const char *const l1d_cnt_name[L1D_NCNT] = {
    "cnt_access_q",    "cnt_hit_q",     "cnt_hitres_q", "cnt_miss_q", "cnt_fail_line_q", "cnt_fail_entry_q",
    "cnt_fail_merge_q", "cnt_fail_mq_q", "cnt_fail_port_q", "cnt_byp_q", "cnt_fill_q",     "cnt_pseudo_q"};

/* What an accepted request does (the RTL's act_* one-hot has the same list). */
enum { ACT_NONE, ACT_ST_HIT, ACT_ST_FWD, ACT_BYP_LD, ACT_LD_HIT, ACT_MERGE_T, ACT_PSEUDO, ACT_MERGE, ACT_NEWENT,
       ACT_BA_BYP, ACT_ALLOC };

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int l1d_geom_from_cfg(const l1sys_cfg_t *cfg, l1d_geom_t *g) {
  g->sets = (unsigned)CFG(cfg, L1D_SETS);
  g->ways = (unsigned)CFG(cfg, L1D_WAYS);
  g->line = (unsigned)CFG(cfg, L1D_LINE);
  g->entries = (unsigned)CFG(cfg, L1D_MSHR_ENTRIES);
  g->merge = (unsigned)CFG(cfg, L1D_MSHR_MERGE);
  g->missq = (unsigned)CFG(cfg, L1D_MISSQ);
  g->addr_w = (unsigned)CFG(cfg, L1D_ADDR_W);
  g->id_w = (unsigned)CFG(cfg, L1D_ID_W);
  if (g->addr_w < log2u(g->line) + log2u(g->sets) + 1)
    return cfg_reject(cfg, P_L1D_ADDR_W, "too narrow: needs line-offset + set-index bits + at least one tag bit");
  if (CFG(cfg, L1D_INDEX) == L1D_INDEX_FERMI && g->sets != 32 && g->sets != 64)
    return cfg_reject(cfg, P_L1D_SETS, "the FERMI set index is defined for 32 or 64 sets only");
  if (CFG(cfg, L1D_INDEX) == L1D_INDEX_FERMI && g->addr_w < 20)
    return cfg_reject(cfg, P_L1D_ADDR_W, "the FERMI set index needs address bits up to bit 19 (L1D_ADDR_W >= 20)");
  if (CFG(cfg, L1D_BA) && CFG(cfg, L1D_ALLOC) == L1D_ALLOC_ON_FILL)
    return cfg_reject(cfg, P_L1D_ALLOC, "the Bypass-Aware cache (L1D_BA=1) decides at the tag probe and needs ON_MISS");
  return 0;
}

void l1d_modes_from_cfg(const l1sys_cfg_t *cfg, l1d_in_t *in) {
  in->mode_repl_i = (uint32_t)CFG(cfg, L1D_REPL);
  in->mode_wr_i = (uint32_t)CFG(cfg, L1D_WRITE);
  in->mode_alloc_i = (uint32_t)CFG(cfg, L1D_ALLOC);
  in->mode_hash_i = (uint32_t)CFG(cfg, L1D_INDEX);
  in->mode_ba_i = (uint32_t)CFG(cfg, L1D_BA);
  in->mode_ba_thr_i = (uint32_t)CFG(cfg, L1D_BA_THRESHOLD);
}

/* ---- state ---------------------------------------------------------------- */
static int vec_init(l1d_vec_t *v, unsigned width) {
  v->width = width;
  v->q = calloc(bits_words(width), 4);
  v->d = calloc(bits_words(width), 4);
  return v->q && v->d ? 0 : -1;
}
static void vec_free(l1d_vec_t *v) { free(v->q); free(v->d); v->q = v->d = NULL; }
static void vec_zero(l1d_vec_t *v) { memset(v->q, 0, bits_words(v->width) * 4); memset(v->d, 0, bits_words(v->width) * 4); }
static void vec_d_from_q(l1d_vec_t *v) { memcpy(v->d, v->q, bits_words(v->width) * 4); }
static void vec_commit(l1d_vec_t *v) { memcpy(v->q, v->d, bits_words(v->width) * 4); }

#define L1D_VECS(m) { &(m)->valid_q, &(m)->rsv_q, &(m)->byp_q, &(m)->reuse_q, &(m)->rank_q, &(m)->mshr_valid_q, \
                      &(m)->mshr_rdy_q, &(m)->mshr_addr_q, &(m)->mshr_way_q, &(m)->mshr_cnt_q, &(m)->mshr_ids_q }
enum { NVECS = 11 };

int l1d_init(l1d_t *m, const l1d_geom_t *g) {
  memset(m, 0, sizeof *m);
  m->g = *g;
  m->offw = log2u(g->line);
  m->setw = bits_idx_w(g->sets);
  m->wayw = bits_idx_w(g->ways);
  m->rankw = bits_idx_w(g->ways);
  m->law = g->addr_w - m->offw;
  m->cntw = bits_clog2(g->merge + 1ull);
  m->lbits = g->line * 8;
  m->lwords = bits_words(m->lbits);
  m->mqw = 2 + g->id_w + m->law + g->line + m->lbits;
  unsigned sw = g->sets * g->ways, e = g->entries;
  int rc = 0;
  rc |= vec_init(&m->valid_q, sw) | vec_init(&m->rsv_q, sw) | vec_init(&m->byp_q, sw) | vec_init(&m->reuse_q, sw);
  rc |= vec_init(&m->rank_q, sw * m->rankw);
  rc |= vec_init(&m->mshr_valid_q, e) | vec_init(&m->mshr_rdy_q, e) | vec_init(&m->mshr_addr_q, e * m->law);
  rc |= vec_init(&m->mshr_way_q, e * m->wayw) | vec_init(&m->mshr_cnt_q, e * m->cntw);
  rc |= vec_init(&m->mshr_ids_q, e * bits_words(g->merge * g->id_w) * 32);
  rc |= fifo_sync_init(&m->i_missq, g->missq, m->mqw);
  rc |= mem_1r1w_init(&m->i_tags, g->sets, g->ways * m->law, m->law);
  rc |= mem_1r1w_init(&m->i_tags_rmt, g->sets, g->ways * m->law, m->law);
  rc |= mem_1r1w_init(&m->i_data, sw, m->lbits, 8);
  rc |= mem_1r1w_init(&m->i_data_rmt, sw, m->lbits, 8);
  m->in.req_data_i = calloc(m->lwords, 4);
  m->in.req_mask_i = calloc(bits_words(g->line), 4);
  m->in.fill_data_i = calloc(m->lwords, 4);
  m->out.rsp_data_o = calloc(m->lwords, 4);
  m->out.mem_req_data_o = calloc(m->lwords, 4);
  m->out.mem_req_mask_o = calloc(bits_words(g->line), 4);
  m->out.rmt_data_o = calloc(m->lwords, 4);
  m->mq_wdata = calloc(bits_words(m->mqw), 4);
  m->tmp_line = calloc(m->lwords, 4);
  m->tag_wdata = calloc(bits_words(g->ways * m->law), 4);
  m->tag_wmask = calloc(bits_words(g->ways), 4);
  m->all_mask = calloc(bits_words(g->line), 4);
  if (rc || !m->in.req_data_i || !m->in.req_mask_i || !m->in.fill_data_i || !m->out.rsp_data_o ||
      !m->out.mem_req_data_o || !m->out.mem_req_mask_o || !m->out.rmt_data_o || !m->mq_wdata || !m->tmp_line ||
      !m->tag_wdata || !m->tag_wmask || !m->all_mask) {
    l1d_free(m);
    return -1;
  }
  for (unsigned b = 0; b < g->line; b++) bits_set(m->all_mask, b, 1, 1);
  l1d_reset(m);
  return 0;
}

void l1d_free(l1d_t *m) {
  l1d_vec_t *v[NVECS] = L1D_VECS(m);
  for (int i = 0; i < NVECS; i++) vec_free(v[i]);
  fifo_sync_free(&m->i_missq);
  mem_1r1w_free(&m->i_tags);
  mem_1r1w_free(&m->i_tags_rmt);
  mem_1r1w_free(&m->i_data);
  mem_1r1w_free(&m->i_data_rmt);
  free(m->in.req_data_i); free(m->in.req_mask_i); free(m->in.fill_data_i);
  free(m->out.rsp_data_o); free(m->out.mem_req_data_o); free(m->out.mem_req_mask_o); free(m->out.rmt_data_o);
  free(m->mq_wdata); free(m->tmp_line); free(m->tag_wdata); free(m->tag_wmask); free(m->all_mask);
  memset(m, 0, sizeof *m);
}

void l1d_reset(l1d_t *m) {
  l1d_vec_t *v[NVECS] = L1D_VECS(m);
  for (int i = 0; i < NVECS; i++) vec_zero(v[i]);
  memset(m->cnt_q, 0, sizeof m->cnt_q);
  memset(m->cnt_d, 0, sizeof m->cnt_d);
  fifo_sync_reset(&m->i_missq);
  mem_1r1w_idle(&m->i_tags);
  mem_1r1w_idle(&m->i_tags_rmt);
  mem_1r1w_idle(&m->i_data);
  mem_1r1w_idle(&m->i_data_rmt);
}

/* ---- helpers over the flat vectors ----------------------------------- */
static uint32_t fld(const uint32_t *v, unsigned i, unsigned w) { return (uint32_t)bits_get(v, i * w, w); }
static void fld_set(uint32_t *v, unsigned i, unsigned w, uint32_t x) { bits_set(v, i * w, w, x); }

/* rank_q holds each way's age rank XOR its way number: the all-zero reset
 * state is the permutation "way w has rank w" (as in the RTL). */
static uint32_t rank_get(const uint32_t *v, const l1d_t *m, unsigned set, unsigned w) {
  return fld(v, set * m->g.ways + w, m->rankw) ^ w;
}
static void rank_put(uint32_t *v, const l1d_t *m, unsigned set, unsigned w, uint32_t r) {
  fld_set(v, set * m->g.ways + w, m->rankw, (r ^ w) & (uint32_t)bits_mask64(m->rankw));
}

/* LRU/FIFO touch: ways more recent than `way` age by one, `way` becomes 0. */
static void touch(l1d_t *m, unsigned set, unsigned way) {
  unsigned W = m->g.ways;
  uint32_t rk = rank_get(m->rank_q.q, m, set, way);
  for (unsigned v = 0; v < W; v++) {
    uint32_t r = rank_get(m->rank_q.q, m, set, v);
    if (r < rk) rank_put(m->rank_q.d, m, set, v, r + 1);
  }
  rank_put(m->rank_q.d, m, set, way, 0);
}

static void tag_write(l1d_t *m, unsigned set, unsigned way, uint32_t line) {
  unsigned W = m->g.ways;
  for (unsigned w = 0; w < W; w++) {
    fld_set(m->tag_wdata, w, m->law, line);
    bits_set(m->tag_wmask, w, 1, w == way);
  }
  mem_1r1w_write(&m->i_tags, set, m->tag_wdata, m->tag_wmask);
  mem_1r1w_write(&m->i_tags_rmt, set, m->tag_wdata, m->tag_wmask);
}

static void data_write(l1d_t *m, unsigned row, const uint32_t *data, const uint32_t *mask) {
  mem_1r1w_write(&m->i_data, row, data, mask);
  mem_1r1w_write(&m->i_data_rmt, row, data, mask);
}

/* Per-way views of one set for the victim choice. */
static l1d_vict_t victim(const l1d_t *m, unsigned set, uint32_t ba, uint32_t thr) {
  uint32_t fr[64], ca[64], rk[64], ru[64];
  unsigned W = m->g.ways;
  for (unsigned w = 0; w < W; w++) {
    unsigned b = set * W + w;
    uint32_t v = bits_test(m->valid_q.q, b), r = bits_test(m->rsv_q.q, b), y = bits_test(m->byp_q.q, b);
    fr[w] = !v && !y && !r;
    ca[w] = !r;
    rk[w] = rank_get(m->rank_q.q, m, set, w);
    ru[w] = bits_test(m->reuse_q.q, b);
  }
  return l1d_victim(W, fr, ca, rk, ru, ba, thr);
}

/* Lowest set bit of an n-bit vector through the prio_enc mirror. */
static uint32_t lowest(const uint32_t *v, unsigned n, uint32_t *any) { return prio_enc(v, n, any, NULL); }

void l1d_comb(l1d_t *m) {
  const l1d_in_t *in = &m->in;
  l1d_out_t *o = &m->out;
  const unsigned W = m->g.ways, E = m->g.entries, law = m->law, idw = m->g.id_w, mg = m->g.merge;
  const uint32_t lmask = (uint32_t)bits_mask64(law);
  const unsigned idsw = bits_words(mg * idw) * 32; /* one entry's id slots: whole words (an unpacked RTL array) */
  l1d_vec_t *vs[NVECS] = L1D_VECS(m);
  for (int i = 0; i < NVECS; i++) vec_d_from_q(vs[i]);
  memcpy(m->cnt_d, m->cnt_q, sizeof m->cnt_d);
  mem_1r1w_idle(&m->i_tags);
  mem_1r1w_idle(&m->i_tags_rmt);
  mem_1r1w_idle(&m->i_data);
  mem_1r1w_idle(&m->i_data_rmt);
  const uint32_t on_fill = in->mode_alloc_i == L1D_ALLOC_ON_FILL, lru = in->mode_repl_i == L1D_REPL_LRU;
  const uint32_t ba = in->mode_ba_i, thru = in->mode_wr_i == L1D_WRITE_THROUGH;
  uint32_t vbuf[2] = {0, 0}, any;

  /* ---- fill path ---- */
  uint32_t fill_set = l1d_index(in->fill_addr_i << m->offw, m->offw, m->g.sets, in->mode_hash_i);
  vbuf[0] = vbuf[1] = 0;
  for (unsigned e = 0; e < E; e++)
    if (bits_test(m->mshr_valid_q.q, e) && !bits_test(m->mshr_rdy_q.q, e) && fld(m->mshr_addr_q.q, e, law) == in->fill_addr_i)
      bits_set(vbuf, e, 1, 1);
  uint32_t fill_hit, fill_e = lowest(vbuf, E, &fill_hit);
  l1d_vict_t fv = victim(m, fill_set, 0, 0);
  o->fill_ready_o = in->fill_byp_i || !on_fill || fv.found;
  uint32_t fill_go = in->fill_valid_i && o->fill_ready_o;
  uint32_t fill_byp_go = fill_go && in->fill_byp_i;
  uint32_t fill_line_go = fill_go && !in->fill_byp_i && fill_hit;
  uint32_t fill_way = on_fill ? fv.way : fld(m->mshr_way_q.q, fill_e, m->wayw);

  /* ---- release path ---- */
  uint32_t rel_any, rel_e = lowest(m->mshr_rdy_q.q, E, &rel_any);
  uint32_t rel_go = rel_any && !fill_byp_go;
  uint32_t rel_addr = fld(m->mshr_addr_q.q, rel_e, law);
  uint32_t rel_set = l1d_index(rel_addr << m->offw, m->offw, m->g.sets, in->mode_hash_i);
  uint32_t rel_way = fld(m->mshr_way_q.q, rel_e, m->wayw);

  /* ---- request probe ---- */
  uint32_t req_line = (in->req_addr_i >> m->offw) & lmask;
  uint32_t req_set = l1d_index(in->req_addr_i, m->offw, m->g.sets, in->mode_hash_i);
  const uint32_t *trow = mem_1r1w_read(&m->i_tags, req_set);
  uint32_t mhit = 0, mw = 0;
  for (unsigned w = 0; w < W; w++) {
    unsigned b = req_set * W + w;
    uint32_t st = bits_test(m->valid_q.q, b) | bits_test(m->rsv_q.q, b) | bits_test(m->byp_q.q, b);
    if (st && fld(trow, w, law) == req_line && !mhit) { mhit = 1; mw = w; }
  }
  unsigned mb = req_set * W + mw;
  uint32_t vm = mhit && bits_test(m->valid_q.q, mb), rm = mhit && bits_test(m->rsv_q.q, mb);
  uint32_t bm = mhit && bits_test(m->byp_q.q, mb);
  vbuf[0] = vbuf[1] = 0;
  for (unsigned e = 0; e < E; e++)
    if (bits_test(m->mshr_valid_q.q, e) && fld(m->mshr_addr_q.q, e, law) == req_line) bits_set(vbuf, e, 1, 1);
  uint32_t p_hit, p_e = lowest(vbuf, E, &p_hit);
  uint32_t p_full = fld(m->mshr_cnt_q.q, p_e, m->cntw) >= mg;
  vbuf[0] = vbuf[1] = 0;
  for (unsigned e = 0; e < E; e++) bits_set(vbuf, e, 1, !bits_test(m->mshr_valid_q.q, e));
  uint32_t free_any, free_e = lowest(vbuf, E, &free_any);
  uint32_t mq_full = fifo_sync_full(&m->i_missq);
  l1d_vict_t rv = victim(m, req_set, ba, in->mode_ba_thr_i);
  uint32_t rsp_busy = rel_any;

  uint32_t out = L1D_OUT_MISS, fail = L1D_FAIL_NONE, act = ACT_NONE;
  if (fill_go) {
    fail = L1D_FAIL_PORT_BUSY;
  } else if (in->req_store_i) {
    out = vm ? L1D_OUT_HIT : rm ? L1D_OUT_HIT_RESERVED : L1D_OUT_MISS;
    act = vm ? ACT_ST_HIT : ACT_ST_FWD;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
  } else if (in->req_byp_i) {
    act = ACT_BYP_LD;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
  } else if (vm) {
    out = L1D_OUT_HIT;
    act = ACT_LD_HIT;
    if (rsp_busy) fail = L1D_FAIL_PORT_BUSY;
  } else if (rm) {
    out = L1D_OUT_HIT_RESERVED;
    act = ACT_MERGE_T;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!p_hit || p_full) fail = L1D_FAIL_MSHR_MERGE;
  } else if (bm) {
    act = ACT_PSEUDO;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!free_any) fail = L1D_FAIL_MSHR_ENTRY;
  } else if (p_hit) {
    act = ACT_MERGE;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (p_full) fail = L1D_FAIL_MSHR_MERGE;
  } else if (on_fill) {
    act = ACT_NEWENT;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!free_any) fail = L1D_FAIL_MSHR_ENTRY;
  } else if (ba && !rv.free_any) {
    act = ACT_BA_BYP;
    if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
  } else {
    act = ACT_ALLOC;
    if (!rv.found) fail = L1D_FAIL_LINE_ALLOC;
    else if (mq_full) fail = L1D_FAIL_MISS_QUEUE;
    else if (!free_any) fail = L1D_FAIL_MSHR_ENTRY;
  }
  if (fail != L1D_FAIL_NONE) out = L1D_OUT_RES_FAIL;
  o->req_outcome_o = out;
  o->req_fail_o = fail;
  o->req_ready_o = fail == L1D_FAIL_NONE;
  uint32_t go = in->req_valid_i && o->req_ready_o;
  if (!go) act = ACT_NONE;

  /* ---- data read port and response ---- */
  unsigned rd_row = rel_go ? rel_set * W + rel_way : req_set * W + mw;
  const uint32_t *drow = mem_1r1w_read(&m->i_data, rd_row);
  o->rsp_valid_o = 0;
  o->rsp_id_o = 0;
  memset(o->rsp_data_o, 0, m->lwords * 4);
  if (fill_byp_go) {
    o->rsp_valid_o = 1;
    o->rsp_id_o = in->fill_id_i;
    memcpy(o->rsp_data_o, in->fill_data_i, m->lwords * 4);
  } else if (rel_go) {
    o->rsp_valid_o = 1;
    o->rsp_id_o = (uint32_t)bits_get(m->mshr_ids_q.q, rel_e * idsw, idw);
    memcpy(o->rsp_data_o, drow, m->lwords * 4);
  } else if (act == ACT_LD_HIT) {
    o->rsp_valid_o = 1;
    o->rsp_id_o = in->req_id_i;
    memcpy(o->rsp_data_o, drow, m->lwords * 4);
  }

  /* ---- fill updates ---- */
  if (fill_line_go) {
    unsigned b = fill_set * W + fill_way;
    data_write(m, b, in->fill_data_i, m->all_mask);
    bits_set(m->valid_q.d, b, 1, 1);
    bits_set(m->rsv_q.d, b, 1, 1);
    bits_set(m->byp_q.d, b, 1, 0);
    bits_set(m->mshr_rdy_q.d, fill_e, 1, 1);
    if (on_fill) {
      tag_write(m, fill_set, fill_way, in->fill_addr_i);
      bits_set(m->reuse_q.d, b, 1, 0);
      touch(m, fill_set, fill_way);
      fld_set(m->mshr_way_q.d, fill_e, m->wayw, fill_way);
    }
  }

  /* ---- release updates ---- */
  if (rel_go) {
    unsigned base = rel_e * idsw;
    for (unsigned k = 0; k + 1 < mg; k++)
      bits_set(m->mshr_ids_q.d, base + k * idw, idw, bits_get(m->mshr_ids_q.q, base + (k + 1) * idw, idw));
    bits_set(m->mshr_ids_q.d, base + (mg - 1) * idw, idw, 0);
    fld_set(m->mshr_cnt_q.d, rel_e, m->cntw, fld(m->mshr_cnt_q.q, rel_e, m->cntw) - 1);
  }

  /* ---- request updates ---- */
  unsigned rb = req_set * W + mw;
  uint32_t push = 0;
  if (act == ACT_ST_HIT) {
    if (thru) data_write(m, rb, in->req_data_i, in->req_mask_i);
    else bits_set(m->valid_q.d, rb, 1, 0);
    if (lru) touch(m, req_set, mw);
    if (ba) bits_set(m->reuse_q.d, rb, 1, 1);
  }
  if (act == ACT_LD_HIT || act == ACT_MERGE_T) {
#ifdef FAULT_L1D_LRU_SKIP
    if (lru && act == ACT_MERGE_T) touch(m, req_set, mw); /* injected: a load hit does not refresh the LRU rank */
#else
    if (lru) touch(m, req_set, mw);
#endif
    if (ba) bits_set(m->reuse_q.d, rb, 1, 1);
  }
  if (act == ACT_MERGE_T || act == ACT_MERGE) {
    uint32_t c = fld(m->mshr_cnt_q.d, p_e, m->cntw); /* after this cycle's release */
    bits_set(m->mshr_ids_q.d, p_e * idsw + c * idw, idw, in->req_id_i);
    fld_set(m->mshr_cnt_q.d, p_e, m->cntw, c + 1);
  }
  if (act == ACT_PSEUDO || act == ACT_NEWENT || act == ACT_ALLOC) {
    uint32_t way = act == ACT_PSEUDO ? mw : act == ACT_ALLOC ? rv.way : 0;
    bits_set(m->mshr_valid_q.d, free_e, 1, 1);
    bits_set(m->mshr_rdy_q.d, free_e, 1, 0);
    fld_set(m->mshr_addr_q.d, free_e, law, req_line);
    fld_set(m->mshr_way_q.d, free_e, m->wayw, way);
    fld_set(m->mshr_cnt_q.d, free_e, m->cntw, 1);
    bits_set(m->mshr_ids_q.d, free_e * idsw, idw, in->req_id_i);
    for (unsigned k = 1; k < mg; k++) bits_set(m->mshr_ids_q.d, free_e * idsw + k * idw, idw, 0);
  }
  if (act == ACT_PSEUDO) {
    bits_set(m->rsv_q.d, rb, 1, 1);
    bits_set(m->byp_q.d, rb, 1, 0);
    bits_set(m->reuse_q.d, rb, 1, 1);
    touch(m, req_set, mw);
  }
  if (act == ACT_ALLOC || (act == ACT_BA_BYP && rv.found)) {
    unsigned vb = req_set * W + rv.way;
    tag_write(m, req_set, rv.way, req_line);
    bits_set(m->valid_q.d, vb, 1, 0);
    bits_set(m->rsv_q.d, vb, 1, act == ACT_ALLOC);
    bits_set(m->byp_q.d, vb, 1, act == ACT_BA_BYP);
    bits_set(m->reuse_q.d, vb, 1, 0);
    touch(m, req_set, rv.way);
  }
  push = act == ACT_ST_HIT || act == ACT_ST_FWD || act == ACT_BYP_LD || act == ACT_PSEUDO || act == ACT_NEWENT ||
         act == ACT_BA_BYP || act == ACT_ALLOC;

  /* ---- entry frees after its last release ---- */
  if (rel_go && fld(m->mshr_cnt_q.d, rel_e, m->cntw) == 0) {
    bits_set(m->mshr_valid_q.d, rel_e, 1, 0);
    bits_set(m->mshr_rdy_q.d, rel_e, 1, 0);
    bits_set(m->rsv_q.d, rel_set * W + rel_way, 1, 0);
  }

  /* ---- miss queue ---- */
  memset(m->mq_wdata, 0, bits_words(m->mqw) * 4);
  bits_set(m->mq_wdata, 0, 1, in->req_store_i);
  bits_set(m->mq_wdata, 1, 1, act == ACT_BYP_LD || act == ACT_BA_BYP);
  bits_set(m->mq_wdata, 2, idw, in->req_id_i);
  bits_set(m->mq_wdata, 2 + idw, law, req_line);
  if (in->req_store_i) {
    unsigned mlsb = 2 + idw + law, dlsb = mlsb + m->g.line;
    for (unsigned b = 0; b < m->g.line; b += 32) {
      unsigned n = m->g.line - b < 32 ? m->g.line - b : 32;
      bits_set(m->mq_wdata, mlsb + b, n, bits_get(in->req_mask_i, b, n));
    }
    for (unsigned b = 0; b < m->lbits; b += 32) bits_set(m->mq_wdata, dlsb + b, 32, in->req_data_i[b / 32]);
  }
  const uint32_t *head = fifo_sync_rdata(&m->i_missq);
  o->mem_req_valid_o = !fifo_sync_empty(&m->i_missq);
  o->mem_req_store_o = (uint32_t)bits_get(head, 0, 1);
  o->mem_req_byp_o = (uint32_t)bits_get(head, 1, 1);
  o->mem_req_id_o = (uint32_t)bits_get(head, 2, idw);
  o->mem_req_addr_o = (uint32_t)bits_get(head, 2 + idw, law);
  {
    unsigned mlsb = 2 + idw + law, dlsb = mlsb + m->g.line;
    for (unsigned b = 0; b < m->g.line; b += 32) {
      unsigned n = m->g.line - b < 32 ? m->g.line - b : 32;
      bits_set(o->mem_req_mask_o, b, n, bits_get(head, mlsb + b, n));
    }
    for (unsigned b = 0; b < m->lbits; b += 32) o->mem_req_data_o[b / 32] = (uint32_t)bits_get(head, dlsb + b, 32);
  }
  fifo_sync_comb(&m->i_missq, push, m->mq_wdata, in->mem_req_ready_i);

  /* ---- remote lookup (duplicate arrays; filled lines only) ---- */
  uint32_t rmt_line = (in->rmt_addr_i >> m->offw) & lmask;
  uint32_t rmt_set = l1d_index(in->rmt_addr_i, m->offw, m->g.sets, in->mode_hash_i);
  const uint32_t *rrow = mem_1r1w_read(&m->i_tags_rmt, rmt_set);
  uint32_t rhit = 0, rway = 0;
  for (unsigned w = 0; w < W; w++)
    if (bits_test(m->valid_q.q, rmt_set * W + w) && fld(rrow, w, law) == rmt_line && !rhit) { rhit = 1; rway = w; }
  o->rmt_hit_o = in->rmt_valid_i && rhit;
  const uint32_t *rdrow = mem_1r1w_read(&m->i_data_rmt, rmt_set * W + rway);
  if (o->rmt_hit_o) memcpy(o->rmt_data_o, rdrow, m->lwords * 4);
  else memset(o->rmt_data_o, 0, m->lwords * 4);

  /* ---- events and counters ---- */
  uint32_t stall = in->req_valid_i && !o->req_ready_o;
  o->ev_access_o = go;
  o->ev_hit_o = go && out == L1D_OUT_HIT;
  o->ev_hitres_o = go && out == L1D_OUT_HIT_RESERVED;
  o->ev_miss_o = go && out == L1D_OUT_MISS;
  o->ev_stall_o = stall;
  o->ev_byp_o = act == ACT_BYP_LD || act == ACT_BA_BYP;
  o->ev_pseudo_o = act == ACT_PSEUDO;
  o->ev_fill_o = fill_line_go;
  m->cnt_d[L1D_CNT_ACCESS] += o->ev_access_o;
  m->cnt_d[L1D_CNT_HIT] += o->ev_hit_o;
  m->cnt_d[L1D_CNT_HITRES] += o->ev_hitres_o;
  m->cnt_d[L1D_CNT_MISS] += o->ev_miss_o;
  m->cnt_d[L1D_CNT_FAIL_LINE] += stall && fail == L1D_FAIL_LINE_ALLOC;
  m->cnt_d[L1D_CNT_FAIL_ENTRY] += stall && fail == L1D_FAIL_MSHR_ENTRY;
  m->cnt_d[L1D_CNT_FAIL_MERGE] += stall && fail == L1D_FAIL_MSHR_MERGE;
  m->cnt_d[L1D_CNT_FAIL_MQ] += stall && fail == L1D_FAIL_MISS_QUEUE;
  m->cnt_d[L1D_CNT_FAIL_PORT] += stall && fail == L1D_FAIL_PORT_BUSY;
  m->cnt_d[L1D_CNT_BYP] += o->ev_byp_o;
  m->cnt_d[L1D_CNT_FILL] += o->ev_fill_o;
  m->cnt_d[L1D_CNT_PSEUDO] += o->ev_pseudo_o;
  (void)any;
}

void l1d_commit(l1d_t *m) {
  l1d_vec_t *vs[NVECS] = L1D_VECS(m);
  for (int i = 0; i < NVECS; i++) vec_commit(vs[i]);
  memcpy(m->cnt_q, m->cnt_d, sizeof m->cnt_q);
  fifo_sync_commit(&m->i_missq);
  mem_1r1w_commit(&m->i_tags);
  mem_1r1w_commit(&m->i_tags_rmt);
  mem_1r1w_commit(&m->i_data);
  mem_1r1w_commit(&m->i_data_rmt);
}
