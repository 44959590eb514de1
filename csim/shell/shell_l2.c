/* shell_l2.c -- see shell_l2.h; the RTL twin is rtl/shell/shell_l2.sv, in
 * the same statement order (decide: lookup, verdict, tag updates; read;
 * queues; counters). */
#include "shell_l2.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ipoly.h"
#include "l1sys_params.h"

const char *const shell_l2_cnt_name[L2C_N] = {"cnt_hit_q", "cnt_miss_q", "cnt_store_q", "cnt_fill_q", "cnt_wb_q", "cnt_smiss_q"};

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }
static uint32_t set_of_local(const shell_l2_t *m, uint32_t x);

int shell_l2_init(shell_l2_t *m, unsigned sets, unsigned ways, unsigned lat, unsigned reqq, unsigned rspq,
                  unsigned law, unsigned sectw, unsigned idw, unsigned smw, unsigned nbanks, unsigned set_idx,
                  unsigned wback) {
  memset(m, 0, sizeof *m);
  if (sectw >= law) return -1;
  m->sectw = sectw;
  m->tlw = law - sectw;
  m->nbanks = nbanks ? nbanks : 1;
  m->set_idx = set_idx;
  m->wback = wback;
  m->sets = sets;
  m->ways = ways;
  m->lat = lat;
  m->law = law;
  m->idw = idw;
  m->smw = smw;
  m->setw = log2u(sets);
  m->setww = m->setw ? m->setw : 1;
  m->msgw = law + smw + idw + 2 + 32;
  m->lawm = (uint32_t)bits_mask64(law);
  m->smwm = (uint32_t)bits_mask64(smw);
  m->idwm = (uint32_t)bits_mask64(idw);
  m->bodyw = m->msgw - 32;
  size_t n = (size_t)sets * ways;
  m->nbshift = -1;
  for (unsigned k = 0; k < 8; k++)
    if (m->nbanks == 1u << k) m->nbshift = (int)k;
  /* the set of bit i of the bank-local line alone, then of each byte value
   * (the index is linear over GF(2): the XOR of its bits' images) */
  uint32_t bit[32];
  for (unsigned i = 0; i < 32; i++) bit[i] = set_of_local(m, 1u << i);
  for (unsigned k = 0; k < 4; k++)
    for (unsigned b = 0; b < 256; b++) {
      uint32_t r = 0;
      for (unsigned j = 0; j < 8; j++)
        if (b >> j & 1) r ^= bit[8 * k + j];
      m->ipt[k][b] = (uint16_t)r;
    }
  m->valid_q = calloc(n, 1);
  m->valid_d = calloc(n, 1);
  m->dirty_q = calloc(n, 1);
  m->dirty_d = calloc(n, 1);
  m->tag_wbuf = calloc(bits_words(ways * m->tlw), 4);
  m->lruw = ways > 1 ? ways * (ways - 1) / 2 : 1; /* (a pair per two ways; one way: one unused bit, an SRAM has a width) */
  m->lruk = bits_words(m->lruw);
  m->lru_tab = calloc((size_t)2 * ways * m->lruk, 4);
  m->lru_eff = calloc(m->lruk, 4);
  for (unsigned w = 0; m->lru_tab && w < ways; w++)
    for (unsigned k = 0; k < ways; k++)
      if (k != w) {
        const unsigned b = k < w ? shell_l2_lru_bit(ways, k, w) : shell_l2_lru_bit(ways, w, k);
        bits_set(m->lru_tab + (size_t)2 * w * m->lruk, b, 1, 1);
        bits_set(m->lru_tab + (size_t)(2 * w + 1) * m->lruk, b, 1, k > w); /* (w, k): w the more recent; (k, w): k not */
      }
  m->wmask = calloc(bits_words(ways), 4);
  if (m->bodyw > 64 || m->msgw + m->setww > 128 || !m->valid_q || !m->valid_d || !m->dirty_q || !m->dirty_d || !m->tag_wbuf ||
      !m->lru_tab || !m->lru_eff || !m->wmask || mem_1r1w_sync_init(&m->i_tags, sets, ways * m->tlw, m->tlw) ||
      mem_1r1w_sync_init(&m->i_lru, sets, m->lruw, 1) ||
      fifo_sync_init(&m->i_reqq, reqq, m->msgw + m->setww) || fifo_sync_init(&m->i_rspq, rspq, m->bodyw)) {
    shell_l2_free(m);
    return -1;
  }
  shell_l2_reset(m);
  return 0;
}

void shell_l2_free(shell_l2_t *m) {
  free(m->valid_q);
  free(m->valid_d);
  free(m->dirty_q);
  free(m->dirty_d);
  m->dirty_q = m->dirty_d = NULL;
  free(m->tag_wbuf);
  free(m->lru_tab);
  free(m->lru_eff);
  free(m->wmask);
  m->tag_wbuf = m->lru_tab = m->lru_eff = m->wmask = NULL;
  mem_1r1w_sync_free(&m->i_tags);
  mem_1r1w_sync_free(&m->i_lru);
  fifo_sync_free(&m->i_reqq);
  fifo_sync_free(&m->i_rspq);
  m->valid_q = NULL;
}

void shell_l2_reset(shell_l2_t *m) {
  size_t n = (size_t)m->sets * m->ways;
  memset(m->valid_q, 0, n);
  memcpy(m->valid_d, m->valid_q, n);
  memset(m->dirty_q, 0, n);
  memcpy(m->dirty_d, m->dirty_q, n);
  /* the SRAM rows and output registers are not reset (like the macros) */
  mem_1r1w_sync_idle(&m->i_tags);
  mem_1r1w_sync_idle(&m->i_lru);
  m->cyc_q = 0;
  m->dec_valid_q = m->dec_fill_q = m->rp_valid_q = 0;
  memset(m->dec_msg_q, 0, sizeof m->dec_msg_q);
  m->dec_set_q = m->rp_set_q = 0;
  m->fw_v_q = m->fw_tagw_q = 0;
  m->fw_way_q = m->fw_tag_q = 0;
  memset(m->rp_msg_q, 0, sizeof m->rp_msg_q);
  memset(m->cnt_q, 0, sizeof m->cnt_q);
  fifo_sync_reset(&m->i_reqq);
  fifo_sync_reset(&m->i_rspq);
  m->dset = -1;
  m->fix = 0;
  m->peeked = 0;
}

/* Of the bank-local line (line / banks: the bank number's part of the
 * address removed, as GPGPU-Sim indexes an L2 with the partition address):
 * LINEAR its low bits; IPOLY its remainder modulo the polynomial of degree
 * setw over GF(2) (csim/prim/ipoly.h, shared with the L1D), so that every
 * power-of-two stride spreads over all sets. */
static uint32_t set_of_local(const shell_l2_t *m, uint32_t x) {
  if (!m->setw) return 0;
  if (m->set_idx == SHELL_L2_SET_IDX_IPOLY) x = ipoly_mod(x, m->tlw, m->setw);
  return x & (m->sets - 1);
}
uint32_t shell_l2_set_idx_ref(const shell_l2_t *m, uint32_t line) { return set_of_local(m, line / m->nbanks); }

/* The same through the tables of shell_l2_init (shell_l2.h: ipt). */
uint32_t shell_l2_set_idx(const shell_l2_t *m, uint32_t line) {
  const uint32_t x = m->nbshift >= 0 ? line >> m->nbshift : line / m->nbanks;
  return (uint32_t)m->ipt[0][x & 255] ^ m->ipt[1][x >> 8 & 255] ^ m->ipt[2][x >> 16 & 255] ^ m->ipt[3][x >> 24];
}

/* message packing {ts, byp, store, id, sm, line}, line at bit 0; the body
 * (bodyw <= 64 bits, shell_l2_init) handled as one 64-bit word */
static inline uint64_t body_of(const shell_l2_t *m, uint32_t sm, uint32_t line, uint32_t id, uint32_t st, uint32_t byp) {
  unsigned b = m->law;
  uint64_t x = line & m->lawm;
  x |= (uint64_t)(sm & m->smwm) << b, b += m->smw;
  x |= (uint64_t)(id & m->idwm) << b, b += m->idw;
  x |= (uint64_t)(st & 1) << b, b += 1;
  x |= (uint64_t)(byp & 1) << b;
  return x;
}
static void pack(const shell_l2_t *m, uint32_t *w, uint32_t sm, uint32_t line, uint32_t id, uint32_t st, uint32_t byp,
                 uint32_t ts) {
  const uint64_t x = body_of(m, sm, line, id, st, byp);
  memset(w, 0, 16);
  w[0] = (uint32_t)x, w[1] = (uint32_t)(x >> 32);
  bits_set(w, m->bodyw, 32, ts);
}
typedef struct { uint32_t sm, line, id, st, byp; } msg_t;
/* the body of a message (the words past it may hold a stamp: masked off) */
static inline msg_t unpack(const shell_l2_t *m, const uint32_t *w) {
  const uint64_t x = m->bodyw > 32 ? (uint64_t)w[0] | (uint64_t)w[1] << 32 : w[0];
  msg_t r;
  unsigned b = m->law;
  r.line = (uint32_t)x & m->lawm;
  r.sm = (uint32_t)(x >> b) & m->smwm, b += m->smw;
  r.id = (uint32_t)(x >> b) & m->idwm, b += m->idw;
  r.st = (uint32_t)(x >> b & 1), b += 1;
  r.byp = (uint32_t)(x >> b & 1);
  return r;
}

static void stage(shell_l2_t *m, uint32_t set) {
  size_t o = (size_t)set * m->ways;
  memcpy(&m->valid_d[o], &m->valid_q[o], m->ways);
  memcpy(&m->dirty_d[o], &m->dirty_q[o], m->ways);
  m->dset = (int)set;
}

static inline uint64_t msg64(const uint32_t *w) { return (uint64_t)w[0] | (uint64_t)w[1] << 32; }
/* A request-queue entry's set: bits msgw.. of the entry, in word msgw/32
 * and, when it crosses, the next (inside the entry: msgw + setww <= 128) */
static inline uint32_t set_field(const shell_l2_t *m, const uint32_t *w) {
  const unsigned k = m->msgw >> 5;
  const uint64_t x = (uint64_t)w[k] | ((m->msgw & 31) + m->setww > 32 ? (uint64_t)w[k + 1] << 32 : 0);
  return (uint32_t)(x >> (m->msgw & 31)) & (m->sets - 1);
}

int shell_l2_busy(const shell_l2_t *m) {
  return !fifo_sync_empty(&m->i_reqq) || !fifo_sync_empty(&m->i_rspq) || m->dec_valid_q || m->rp_valid_q;
}

int shell_l2_settled(const shell_l2_t *m) {
  return fifo_sync_empty(&m->i_rspq) && !m->dec_valid_q && !m->rp_valid_q;
}


/* Way w's tag as the decide stage sees it: the row read at the
 * last edge, or what that edge wrote into way fw_way_q of the same set. */
static inline uint32_t tag_at(const shell_l2_t *m, const uint32_t *row, unsigned w) {
#ifndef FAULT_SHELL_L2_SAMESET
  if (m->fw_v_q && m->fw_tagw_q && m->fw_way_q == w) return m->fw_tag_q;
#endif /* (FAULT_SHELL_L2_SAMESET: not forwarded) */
  return (uint32_t)bits_get(row, w * m->tlw, m->tlw);
}
/* The way older than every other in the recency row as the decide stage
 * sees it (the row read at the last edge, way fw_way_q made the most
 * recently used over it), 0 if none is.  At most one way can be (two
 * would each be older than the other), and a scan from way 0 that moves
 * to any way older than its current one ends on it if it exists: the
 * scan, then a check of the way it ends on (its pairs the complement of
 * what a touch of it writes), is the RTL's parallel test of every way. */
static unsigned lru_victim(shell_l2_t *m, const uint32_t *row) {
  uint32_t *e = m->lru_eff;
  const unsigned K = m->lruk;
  memcpy(e, row, K * 4);
#ifndef FAULT_SHELL_L2_SAMESET
  if (m->fw_v_q) {
    const uint32_t *f = m->lru_tab + (size_t)2 * m->fw_way_q * K;
    for (unsigned k = 0; k < K; k++) e[k] = (e[k] & ~f[k]) | f[K + k];
  }
#endif /* (FAULT_SHELL_L2_SAMESET: not forwarded) */
  unsigned c = 0;
  for (unsigned w = 1; w < m->ways; w++)
    if (bits_test(e, shell_l2_lru_bit(m->ways, c, w))) c = w; /* (c < w: c more recent than w) */
  const uint32_t *t = m->lru_tab + (size_t)2 * c * K;
  for (unsigned k = 0; k < K; k++)
    if ((e[k] & t[k]) != (t[k] & ~t[K + k])) return 0;
  return c;
}

void shell_l2_peek(shell_l2_t *m) {
  shell_l2_out_t *o = &m->out;
  msg_t r = unpack(m, fifo_sync_rdata(&m->i_rspq));
  o->req_ready_o = !fifo_sync_full(&m->i_reqq);
  o->rsp_valid_o = !fifo_sync_empty(&m->i_rspq);
  o->rsp_sm_o = r.sm;
  o->rsp_line_o = r.line;
  o->rsp_id_o = r.id;
  o->rsp_byp_o = r.byp;
  m->peeked = 1;
}

void shell_l2_comb(shell_l2_t *m) {
  const shell_l2_in_t *in = &m->in;
  shell_l2_out_t *o = &m->out;
  m->cyc_d = m->cyc_q + 1;
  memcpy(m->cnt_d, m->cnt_q, sizeof m->cnt_d);
  m->dset = -1;
  mem_1r1w_sync_idle(&m->i_tags);
  mem_1r1w_sync_idle(&m->i_lru);
  uint32_t rs_full = fifo_sync_full(&m->i_rspq);
  msg_t d = unpack(m, m->dec_msg_q);
  uint32_t rq_ready = (uint32_t)shell_l2_head_ready(m);
  /* ---- decide: the access read at the last edge, its set's rows ---------
   * (everything the lookup and the victim search feed is gated by
   * dec_valid_q: with the stage empty they are not computed) */
  uint32_t line = d.line, tline = d.line >> m->sectw; /* the message's atom; its line (the tag) */
  const uint8_t sbit = (uint8_t)(1u << (line & ((1u << m->sectw) - 1))); /* the atom's sector in valid_q */
  uint32_t lhit = 0, set = 0, hit = 0, hway = 0, vway = 0, vfound = 0, vdirty = 0, vtag = 0;
  size_t o0 = 0;
  if (m->dec_valid_q) {
    set = m->dec_set_q;
    o0 = (size_t)set * m->ways;
    const uint32_t *tag_row = mem_1r1w_sync_rdata(&m->i_tags), *lru_row = mem_1r1w_sync_rdata(&m->i_lru);
    { /* the lowest way holding the line: each valid way's tag field read
       * from at most two words of the row (tlw <= 32), the way written at
       * the last edge forwarded (tag_at, without its tests per way) */
#ifndef FAULT_SHELL_L2_SAMESET
      const unsigned fwy = m->fw_v_q && m->fw_tagw_q ? m->fw_way_q : ~0u;
#else
      const unsigned fwy = ~0u; /* (not forwarded) */
#endif
      const unsigned tlw = m->tlw;
      const uint32_t tmask = (uint32_t)bits_mask64(tlw);
      /* (a field as one 64-bit window of the row: rdata_q has padding
       * words after it) */
      const uint8_t *vrow = &m->valid_q[o0];
      for (unsigned w = 0, lsb = 0; w < m->ways; w++, lsb += tlw) {
        if (!vrow[w]) continue;
        uint64_t x;
        memcpy(&x, tag_row + (lsb >> 5), 8);
        const uint32_t t = w == fwy ? m->fw_tag_q : (uint32_t)(x >> (lsb & 31u)) & tmask;
        if (t == tline) { lhit = 1; hway = w; break; }
      }
    }
    /* a hit: the line is present and so is the atom's sector */
#ifdef FAULT_SHELL_L2_SECT
    hit = lhit; /* fault: a present line hits for every sector */
#else
    hit = lhit && (m->valid_q[o0 + hway] & sbit);
#endif
    /* The victim (way, dirty, tag) is read only by a fill or a write-back
     * store of a line not present (wb_fill, wb_st, alloc below): the RTL
     * computes it every cycle, the C model only for those (the 16-way
     * recency search was a fifth of this function's instructions). */
    if (!lhit && (m->dec_fill_q || (d.st && m->wback))) {
      for (unsigned w = 0; w < m->ways; w++) { /* victim: lowest invalid way, else the least recently used */
#ifdef FAULT_SHELL_L2_VICTIM
        if (!m->valid_q[o0 + w]) { vfound = 1; vway = w; } /* fault: the highest invalid way */
#else
        if (!m->valid_q[o0 + w]) { vfound = 1; vway = w; break; }
#endif
      }
      if (!vfound) vway = lru_victim(m, lru_row);
      /* a valid victim that is dirty must be written back before its way is reused */
#ifdef FAULT_SHELL_L2_WB
      vdirty = 0; /* fault: a dirty victim is dropped, never written back */
#else
      vdirty = m->wback && m->valid_q[o0 + vway] && m->dirty_q[o0 + vway];
#endif
      vtag = tag_at(m, tag_row, vway);
    }
  }
  /* a fill finishes only while DRAM still offers its line */
  uint32_t fill = m->dec_valid_q && m->dec_fill_q && in->dram_rsp_valid_i && in->dram_rsp_line_i == line;
  uint32_t look = m->dec_valid_q && !m->dec_fill_q;
  uint32_t ld_hit = look && !d.st && hit, ld_miss = look && !d.st && !hit, st = look && d.st;
  uint32_t wb_fill = fill && !lhit && vdirty, wb_st = st && m->wback && !lhit && vdirty;
  o->dram_req_valid_o = ld_miss || (st && !m->wback) || (wb_fill && !rs_full) || wb_st;
  /* a fill's write-back takes the fill's entry in the DRAM channel: the
   * channel accepts it in the cycle it hands over the fill, full or not
   * (shell_dram_req_fire), so a fill waits for the response queue only */
  uint32_t fill_go = fill && !rs_full;
  uint32_t dram_go = o->dram_req_valid_o && (in->dram_req_ready_i || fill_go);
  uint32_t hit_go = ld_hit && !rs_full;
  uint32_t st_go = st && (m->wback ? !wb_st || in->dram_req_ready_i : in->dram_req_ready_i);
  uint32_t replay = look && !hit_go && !(ld_miss && dram_go) && !st_go;
  uint32_t wb = wb_fill || wb_st;
  o->dram_req_sm_o = wb ? 0 : d.sm;
  o->dram_req_line_o = wb ? vtag << m->sectw : d.line; /* a write-back: the victim line's first atom */
  o->dram_req_id_o = wb ? 0 : d.id;
  o->dram_req_store_o = wb || d.st;
  o->dram_req_byp_o = wb ? 0 : d.byp;
  o->dram_req_set_o = m->dec_set_q; /* (a write-back's victim is in the same set) */
  o->dram_rsp_ready_o = fill_go;
  if (!m->peeked) shell_l2_peek(m); /* (the registered outputs: req_ready_o, rsp_*; peeked this cycle, they stand) */
  /* ---- tag updates (into the SRAM rows, valid_q and dirty_q) ------------- */
  uint32_t touch = (fill_go && lhit) || hit_go || (st_go && lhit);
  uint32_t alloc = (fill_go && !lhit) || (st_go && m->wback && !lhit);
  if (touch || alloc) {
    uint32_t w = alloc ? vway : hway;
    memset(m->wmask, 0, bits_words(m->ways) * 4);
    bits_set(m->wmask, w, 1, 1);
    /* w becomes the most recently used: its pairs written, no other (the
     * write of the tables built at init) */
    const uint32_t *lw = m->lru_tab + (size_t)2 * w * m->lruk;
#ifdef FAULT_SHELL_L2_LRU
    mem_1r1w_sync_write(&m->i_lru, set, lw + m->lruk, lw + m->lruk); /* fault: only the pairs (w, j) written: w not made younger than the ways below it */
#else
    mem_1r1w_sync_write(&m->i_lru, set, lw + m->lruk, lw);
#endif
    /* the atom's sector becomes valid: alone in an allocated way, beside the
     * line's others on a fill or write-back store into a present line; a
     * write-back store marks the line dirty */
    if (alloc || (st_go && m->wback) || (fill_go && lhit)) {
      stage(m, set);
      m->valid_d[o0 + w] = (uint8_t)((alloc ? 0 : m->valid_q[o0 + w]) | sbit);
      m->dirty_d[o0 + w] = (uint8_t)((alloc ? 0 : m->dirty_q[o0 + w]) | (st_go && m->wback));
    }
    if (alloc) {
      { /* the tag in every way's field (the mask picks way w): the row
         * built a word at a time, not a field at a time */
        const unsigned tlw = m->tlw;
        const uint64_t t = tline & bits_mask64(tlw);
        uint64_t acc = 0;
        unsigned have = 0, wi = 0;
        for (unsigned k = 0; k < m->ways; k++) {
          acc |= t << have;
          have += tlw;
          if (have >= 32u) {
            m->tag_wbuf[wi++] = (uint32_t)acc;
            acc >>= 32;
            have -= 32u;
          }
        }
        if (have) m->tag_wbuf[wi] = (uint32_t)acc;
      }
      mem_1r1w_sync_write(&m->i_tags, set, m->tag_wbuf, m->wmask);
    }
  }
  /* ---- read: a fill, else the replayed request, else the queue head ------
   * A request is not read while the decide stage's request moves to the
   * replay slot (it is older), nor a fill while the decide stage holds one.
   * An access to the set written at this edge
   * is read all the same: the SRAM returns the old row, and the forward
   * fw_* brings the write (docs/shell.md, "Hazards"). */
  uint64_t r_msg = m->rp_valid_q ? msg64(m->rp_msg_q) : bits_get(fifo_sync_rdata(&m->i_reqq), 0, m->bodyw);
  uint32_t f_set = 0, r_set = 0, a_fill = 0, a_req = 0; /* (a set index computed only where it is used) */
  /* no fill is read in the cycle DRAM hands one over (it still offers that
   * fill now); a fill refused (response queue full) is read again at once,
   * ahead of requests, as GPGPU-Sim fills ahead of new accesses */
  a_fill = in->dram_rsp_valid_i && !fill_go;
  if (a_fill) f_set = in->dram_rsp_set_i & (m->sets - 1); /* (the port's SetW bits, as the RTL sees them) */
  a_req = !a_fill && (m->rp_valid_q || rq_ready) && !replay;
  if (a_req) r_set = m->rp_valid_q ? m->rp_set_q : set_field(m, fifo_sync_rdata(&m->i_reqq));
  m->fw_v_d = (uint8_t)((touch || alloc) && (a_fill || a_req) && (a_fill ? f_set : r_set) == set);
  /* (the forward's way and tag: loaded with every write, used only under
   * fw_v_q: the RTL's fw_v_d alone waits for the read decision) */
  m->fw_tagw_d = (touch || alloc) ? (uint8_t)alloc : m->fw_tagw_q;
  m->fw_way_d = (touch || alloc) ? (alloc ? vway : hway) : m->fw_way_q;
  m->fw_tag_d = (touch || alloc) ? tline : m->fw_tag_q;
  if (a_fill || a_req) {
    mem_1r1w_sync_read(&m->i_tags, a_fill ? f_set : r_set);
    mem_1r1w_sync_read(&m->i_lru, a_fill ? f_set : r_set);
  }
  m->dec_set_d = a_fill ? f_set : a_req ? r_set : m->dec_set_q;
  m->dec_valid_d = a_fill || a_req;
  m->dec_fill_d = (uint8_t)a_fill;
  if (a_fill) {
    pack(m, m->wbuf, in->dram_rsp_sm_i, in->dram_rsp_line_i, in->dram_rsp_id_i, 0, in->dram_rsp_byp_i, 0);
    memcpy(m->dec_msg_d, m->wbuf, sizeof m->dec_msg_d); /* stamp 0: the words past the body stay zero */
  } else {
    memset(m->dec_msg_d, 0, sizeof m->dec_msg_d);
    m->dec_msg_d[0] = (uint32_t)r_msg, m->dec_msg_d[1] = (uint32_t)(r_msg >> 32);
  }
  m->rp_valid_d = replay || (m->rp_valid_q && !a_req);
  if (replay) memcpy(m->rp_msg_d, m->dec_msg_q, sizeof m->rp_msg_d);
  else memcpy(m->rp_msg_d, m->rp_msg_q, sizeof m->rp_msg_d);
  m->rp_set_d = replay ? m->dec_set_q : m->rp_set_q;
  /* ---- queues ------------------------------------------------------------ */
  uint32_t push_rsp = fill_go || hit_go;
  fifo_sync_comb(&m->i_rspq, push_rsp, push_rsp ? m->dec_msg_q : NULL, o->rsp_valid_o && in->rsp_ready_i);
  uint32_t wreq[4];
  uint32_t push_req = in->req_valid_i && o->req_ready_o;
  if (push_req) { /* the request's set, worked out once here (the RTL's set_idx on the request port) */
    pack(m, wreq, in->req_sm_i, in->req_line_i, in->req_id_i, in->req_store_i, in->req_byp_i, m->cyc_q + m->lat);
    const uint64_t f = (uint64_t)shell_l2_set_idx(m, (in->req_line_i & m->lawm) >> m->sectw) << (m->msgw & 31);
    wreq[m->msgw >> 5] |= (uint32_t)f; /* (pack zeroed the words past the stamp) */
    if ((m->msgw & 31) + m->setww > 32) wreq[(m->msgw >> 5) + 1] |= (uint32_t)(f >> 32);
  }
  fifo_sync_comb(&m->i_reqq, push_req, push_req ? wreq : NULL, a_req && !m->rp_valid_q);
  /* (not hardware: the next state is the state but cyc_q -- shell_l2_t.fix;
   * with the decide stage empty nothing is pushed into the response queue,
   * and no fill is read: a_fill needs a DRAM response, an input) */
  m->fix = !(m->dec_valid_q | m->dec_fill_q | m->rp_valid_q | m->fw_v_q | push_req | a_req | a_fill) &&
           fifo_sync_empty(&m->i_rspq) && m->dec_msg_q[0] == (uint32_t)r_msg &&
           m->dec_msg_q[1] == (uint32_t)(r_msg >> 32) && !(m->dec_msg_q[2] | m->dec_msg_q[3]);
  /* ---- counters ---------------------------------------------------------- */
#ifdef FAULT_SHELL_L2_HITCNT
  m->cnt_d[L2C_HIT] += hit_go || ld_hit; /* fault: a hit blocked by a full response queue counted */
#else
  m->cnt_d[L2C_HIT] += hit_go;
#endif
  m->cnt_d[L2C_MISS] += ld_miss && dram_go && !lhit;
  m->cnt_d[L2C_SMISS] += ld_miss && dram_go && lhit;
  m->cnt_d[L2C_STORE] += st_go;
  m->cnt_d[L2C_FILL] += fill_go && !lhit;
  m->cnt_d[L2C_WB] += wb && dram_go;
}

void shell_l2_commit(shell_l2_t *m) {
  m->peeked = 0;
  if (m->dset >= 0) {
    size_t o = (size_t)m->dset * m->ways;
    memcpy(&m->valid_q[o], &m->valid_d[o], m->ways);
    memcpy(&m->dirty_q[o], &m->dirty_d[o], m->ways);
  }
  mem_1r1w_sync_commit(&m->i_tags);
  mem_1r1w_sync_commit(&m->i_lru);
  m->dec_valid_q = m->dec_valid_d;
  m->dec_fill_q = m->dec_fill_d;
  m->dec_set_q = m->dec_set_d;
  m->fw_v_q = m->fw_v_d;
  m->fw_tagw_q = m->fw_tagw_d;
  m->fw_way_q = m->fw_way_d;
  m->fw_tag_q = m->fw_tag_d;
  memcpy(m->dec_msg_q, m->dec_msg_d, sizeof m->dec_msg_q);
  m->rp_valid_q = m->rp_valid_d;
  memcpy(m->rp_msg_q, m->rp_msg_d, sizeof m->rp_msg_q);
  m->rp_set_q = m->rp_set_d;
  m->cyc_q = m->cyc_d;
  memcpy(m->cnt_q, m->cnt_d, sizeof m->cnt_q);
  fifo_sync_commit(&m->i_reqq);
  fifo_sync_commit(&m->i_rspq);
}
