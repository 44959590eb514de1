/* shell_l2.c -- see shell_l2.h; the RTL twin is rtl/shell/shell_l2.sv, in
 * the same statement order (fill, lookup, verdict, tag updates, queues,
 * counters). */
#include "shell_l2.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

const char *const shell_l2_cnt_name[L2C_N] = {"cnt_hit_q", "cnt_miss_q", "cnt_store_q", "cnt_fill_q"};

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int shell_l2_init(shell_l2_t *m, unsigned sets, unsigned ways, unsigned lat, unsigned reqq, unsigned rspq,
                  unsigned law, unsigned idw, unsigned smw) {
  memset(m, 0, sizeof *m);
  m->sets = sets;
  m->ways = ways;
  m->lat = lat;
  m->law = law;
  m->idw = idw;
  m->smw = smw;
  m->setw = log2u(sets);
  m->msgw = law + smw + idw + 2 + 32;
  size_t n = (size_t)sets * ways;
  m->valid_q = calloc(n, 1);
  m->valid_d = calloc(n, 1);
  m->tag_q = calloc(n, 4);
  m->tag_d = calloc(n, 4);
  m->age_q = calloc(n, 4);
  m->age_d = calloc(n, 4);
  if (!m->valid_q || !m->valid_d || !m->tag_q || !m->tag_d || !m->age_q || !m->age_d ||
      fifo_sync_init(&m->i_reqq, reqq, m->msgw) || fifo_sync_init(&m->i_rspq, rspq, m->msgw)) {
    shell_l2_free(m);
    return -1;
  }
  shell_l2_reset(m);
  return 0;
}

void shell_l2_free(shell_l2_t *m) {
  free(m->valid_q);
  free(m->valid_d);
  free(m->tag_q);
  free(m->tag_d);
  free(m->age_q);
  free(m->age_d);
  fifo_sync_free(&m->i_reqq);
  fifo_sync_free(&m->i_rspq);
  m->valid_q = NULL;
}

void shell_l2_reset(shell_l2_t *m) {
  size_t n = (size_t)m->sets * m->ways;
  memset(m->valid_q, 0, n);
  memset(m->tag_q, 0, n * 4);
  memset(m->age_q, 0, n * 4);
  memcpy(m->valid_d, m->valid_q, n);
  memcpy(m->tag_d, m->tag_q, n * 4);
  memcpy(m->age_d, m->age_q, n * 4);
  m->tick_q = m->cyc_q = 0;
  memset(m->cnt_q, 0, sizeof m->cnt_q);
  fifo_sync_reset(&m->i_reqq);
  fifo_sync_reset(&m->i_rspq);
  m->dset = -1;
}

/* XOR-folded set index: power-of-two strides do not crowd a few sets. */
uint32_t shell_l2_set_idx(const shell_l2_t *m, uint32_t line, unsigned nbanks) {
  (void)nbanks;
  if (!m->setw) return 0;
  return (line ^ (line >> m->setw) ^ (line >> (2 * m->setw))) & (m->sets - 1);
}

/* message packing {ts, byp, store, id, sm, line}, line at bit 0 */
static void pack(const shell_l2_t *m, uint32_t *w, uint32_t sm, uint32_t line, uint32_t id, uint32_t st, uint32_t byp,
                 uint32_t ts) {
  memset(w, 0, 16);
  unsigned b = 0;
  bits_set(w, b, m->law, line), b += m->law;
  bits_set(w, b, m->smw, sm), b += m->smw;
  bits_set(w, b, m->idw, id), b += m->idw;
  bits_set(w, b, 1, st), b += 1;
  bits_set(w, b, 1, byp), b += 1;
  bits_set(w, b, 32, ts);
}
typedef struct { uint32_t sm, line, id, st, byp, ts; } msg_t;
static msg_t unpack(const shell_l2_t *m, const uint32_t *w) {
  msg_t r;
  unsigned b = 0;
  r.line = (uint32_t)bits_get(w, b, m->law), b += m->law;
  r.sm = (uint32_t)bits_get(w, b, m->smw), b += m->smw;
  r.id = (uint32_t)bits_get(w, b, m->idw), b += m->idw;
  r.st = (uint32_t)bits_get(w, b, 1), b += 1;
  r.byp = (uint32_t)bits_get(w, b, 1), b += 1;
  r.ts = (uint32_t)bits_get(w, b, 32);
  return r;
}

static void stage(shell_l2_t *m, uint32_t set) {
  size_t o = (size_t)set * m->ways;
  memcpy(&m->valid_d[o], &m->valid_q[o], m->ways);
  memcpy(&m->tag_d[o], &m->tag_q[o], m->ways * 4);
  memcpy(&m->age_d[o], &m->age_q[o], m->ways * 4);
  m->dset = (int)set;
}

void shell_l2_peek(shell_l2_t *m) {
  shell_l2_out_t *o = &m->out;
  msg_t r = unpack(m, fifo_sync_rdata(&m->i_rspq));
  o->req_ready_o = !fifo_sync_full(&m->i_reqq);
  o->rsp_valid_o = !fifo_sync_empty(&m->i_rspq) && (int32_t)(r.ts - m->cyc_q) <= 0;
  o->rsp_sm_o = r.sm;
  o->rsp_line_o = r.line;
  o->rsp_id_o = r.id;
  o->rsp_byp_o = r.byp;
}

void shell_l2_comb(shell_l2_t *m) {
  const shell_l2_in_t *in = &m->in;
  shell_l2_out_t *o = &m->out;
  m->tick_d = m->tick_q;
  m->cyc_d = m->cyc_q + 1;
  memcpy(m->cnt_d, m->cnt_q, sizeof m->cnt_d);
  m->dset = -1;
  uint32_t rq_empty = fifo_sync_empty(&m->i_reqq), rs_full = fifo_sync_full(&m->i_rspq);
  msg_t h = unpack(m, fifo_sync_rdata(&m->i_reqq));
  msg_t r = unpack(m, fifo_sync_rdata(&m->i_rspq));
  /* ---- fill from DRAM, else the head request's lookup ------------------ */
  uint32_t fill = in->dram_rsp_valid_i && !rs_full;
  uint32_t line = fill ? in->dram_rsp_line_i : h.line;
  uint32_t set = shell_l2_set_idx(m, line, 0);
  size_t o0 = (size_t)set * m->ways;
  uint32_t hit = 0, hway = 0, vway = 0, vfound = 0;
  for (unsigned w = 0; w < m->ways; w++)
    if (m->valid_q[o0 + w] && m->tag_q[o0 + w] == line && !hit) { hit = 1; hway = w; }
  for (unsigned w = 0; w < m->ways; w++) { /* victim: lowest invalid way, else least recently used (lowest way on ties) */
#ifdef FAULT_SHELL_L2_VICTIM
    if (!m->valid_q[o0 + w]) { vfound = 1; vway = w; } /* fault: the highest invalid way */
#else
    if (!m->valid_q[o0 + w] && !vfound) { vfound = 1; vway = w; }
#endif
  }
  if (!vfound)
    for (unsigned w = 1; w < m->ways; w++)
      if (m->age_q[o0 + w] < m->age_q[o0 + vway]) vway = w;
  uint32_t look = !fill && !rq_empty;
  uint32_t ld_hit = look && !h.st && hit, ld_miss = look && !h.st && !hit, st = look && h.st;
  uint32_t hit_go = ld_hit && !rs_full;
  o->dram_req_valid_o = ld_miss || st;
  uint32_t dram_go = o->dram_req_valid_o && in->dram_req_ready_i;
  o->dram_req_sm_o = h.sm;
  o->dram_req_line_o = h.line;
  o->dram_req_id_o = h.id;
  o->dram_req_store_o = h.st;
  o->dram_req_byp_o = h.byp;
  o->dram_rsp_ready_o = !rs_full;
  o->req_ready_o = !fifo_sync_full(&m->i_reqq);
  o->rsp_valid_o = !fifo_sync_empty(&m->i_rspq) && (int32_t)(r.ts - m->cyc_q) <= 0;
  o->rsp_sm_o = r.sm;
  o->rsp_line_o = r.line;
  o->rsp_id_o = r.id;
  o->rsp_byp_o = r.byp;
  /* ---- tag updates ------------------------------------------------------- */
  uint32_t touch = (fill && hit) || hit_go || (st && dram_go && hit);
  uint32_t alloc = fill && !hit;
  if (touch || alloc) {
    stage(m, set);
    uint32_t w = alloc ? vway : hway;
    m->tick_d = m->tick_q + 1;
    m->age_d[o0 + w] = m->tick_d;
    if (alloc) {
      m->valid_d[o0 + w] = 1;
      m->tag_d[o0 + w] = line;
    }
  }
  /* ---- queues ------------------------------------------------------------ */
  uint32_t push_rsp = fill || hit_go;
  if (fill) pack(m, m->wbuf, in->dram_rsp_sm_i, in->dram_rsp_line_i, in->dram_rsp_id_i, 0, in->dram_rsp_byp_i, m->cyc_q + 1);
  else pack(m, m->wbuf, h.sm, h.line, h.id, 0, h.byp, m->cyc_q + m->lat);
  fifo_sync_comb(&m->i_rspq, push_rsp, push_rsp ? m->wbuf : NULL, o->rsp_valid_o && in->rsp_ready_i);
  uint32_t wreq[4];
  pack(m, wreq, in->req_sm_i, in->req_line_i, in->req_id_i, in->req_store_i, in->req_byp_i, 0);
  uint32_t push_req = in->req_valid_i && o->req_ready_o;
  fifo_sync_comb(&m->i_reqq, push_req, push_req ? wreq : NULL, hit_go || dram_go);
  /* ---- counters ---------------------------------------------------------- */
#ifdef FAULT_SHELL_L2_HITCNT
  m->cnt_d[L2C_HIT] += hit_go || ld_hit; /* fault: a hit blocked by a full response queue counted */
#else
  m->cnt_d[L2C_HIT] += hit_go;
#endif
  m->cnt_d[L2C_MISS] += ld_miss && dram_go;
  m->cnt_d[L2C_STORE] += st && dram_go;
  m->cnt_d[L2C_FILL] += alloc;
}

void shell_l2_commit(shell_l2_t *m) {
  if (m->dset >= 0) {
    size_t o = (size_t)m->dset * m->ways;
    memcpy(&m->valid_q[o], &m->valid_d[o], m->ways);
    memcpy(&m->tag_q[o], &m->tag_d[o], m->ways * 4);
    memcpy(&m->age_q[o], &m->age_d[o], m->ways * 4);
  }
  m->tick_q = m->tick_d;
  m->cyc_q = m->cyc_d;
  memcpy(m->cnt_q, m->cnt_d, sizeof m->cnt_q);
  fifo_sync_commit(&m->i_reqq);
  fifo_sync_commit(&m->i_rspq);
}
