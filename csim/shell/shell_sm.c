/* shell_sm.c -- one SM of the shell (shell_sm.h; docs/shell.md, "SM").
 * The RTL twin is rtl/shell/shell_sm.sv, in the same statement order.
 * shell_sm_comb_req: the dispatcher's view -> environment answers (fetch,
 * lane addresses) -> LD/ST request (coalescer) -> [MRPB head] -> the
 * presented request (byp_*_o).  shell_sm_comb: L1D inputs -> L1D -> [MRPB]
 * -> LD/ST acceptance -> load responses -> memory port and injection queue
 * -> scheduler and issue -> fetch -> dispatch. */
#include "shell_sm.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "popcnt.h"
#ifdef __SSE2__
#include <emmintrin.h> /* lanes_on_line */
#endif

_Static_assert(WL_ALU == SHELL_OP_ALU && WL_LD == SHELL_OP_LD && WL_ST == SHELL_OP_ST && WL_BAR == SHELL_OP_BAR &&
                   WL_EXIT == SHELL_OP_EXIT,
               "record kinds: csim/params_shell.def (SHELL_OP_*) and shell_wl.h agree");

const char *const shell_sm_stat_name[SHS_N] = {"warp_insts", "issue_cycles", "stall_idle", "stall_mem",
                                               "stall_lsu",  "ld_line_reqs", "st_line_reqs", "ld_responses",
                                               "ld_insts",   "ld_latency_sum", "tbs",        "inj_flits",
                                               "ej_flits"};

int shell_sm_init(shell_sm_t *m, unsigned id, const l1sys_cfg_t *cfg) {
  memset(m, 0, sizeof *m);
  m->id = id;
  m->nwarps = (unsigned)CFG(cfg, SHELL_WARPS);
  m->ntbs = (unsigned)CFG(cfg, SHELL_TBS);
  m->l1x = CFG(cfg, SHELL_L1_LAT) > SHELL_L1_PIPE ? (unsigned)CFG(cfg, SHELL_L1_LAT) - SHELL_L1_PIPE : 0;
  if (m->nwarps > SHELL_SM_MAX_WARPS || m->ntbs > SHELL_SM_MAX_TBS)
    return cfg_reject(cfg, P_SHELL_WARPS, "at most 64 warp slots and 32 TB slots per SM");
  l1d_geom_t g;
  if (l1d_geom_from_cfg(cfg, &g)) return -1;
  if ((1u << g.id_w) < m->nwarps)
    return cfg_reject(cfg, P_L1D_ID_W, "too narrow for the shell: request ids are warp slots (SHELL_WARPS)");
  m->line = g.line;
  /* the coalescer's segment is the L1D's atom: a line, or with sectors one
   * sector (GPGPU-Sim's 32-byte segments for a sectored L1, docs/shell.md) */
  m->segw = bits_clog2(g.line / g.sectors);
  m->atw = g.addr_w - m->segw;
  m->idw = g.id_w;
  m->warpw = bits_idx_w(m->nwarps);
  m->tbw = bits_idx_w(m->ntbs);
  m->injw = 2 + m->idw + m->atw;
  m->atwm = (uint32_t)bits_mask64(m->atw);
  m->idwm = (uint32_t)bits_mask64(m->idw);
  m->tbfull = (uint32_t)bits_mask64(m->ntbs);
  m->use_mrpb = (int)CFG(cfg, SHELL_MRPB);
  if (m->use_mrpb) {
    unsigned sig = (unsigned)CFG(cfg, MRPB_SIG);
    if (g.line + m->atw > 32 * MRPB_PAYLOAD_WORDS)
      return cfg_reject(cfg, P_L1D_LINE, "too long for the MRPB payload (byte mask + line address must fit 256 bits)");
    if (sig == MRPB_SIG_WARP && m->nwarps > MRPB_WARPS)
      return cfg_reject(cfg, P_SHELL_WARPS, "more warp slots than the MRPB's warp-ID signature has queues (48)");
    if (sig == MRPB_SIG_BLOCK && m->ntbs > MRPB_BLOCKS)
      return cfg_reject(cfg, P_SHELL_TBS, "more TB slots than the MRPB's block-ID signature has queues (8)");
    /* store data: the shell models no data, so the MRPB's store-data path is
     * one bit wide; the byte mask travels in the payload */
    if (mrpb_init(&m->i_mrpb, sig, (unsigned)CFG(cfg, MRPB_ENTRIES), (unsigned)CFG(cfg, MRPB_LATENCY),
                  g.line + m->atw, 1, (unsigned)CFG(cfg, MRPB_CNT_W)))
      return cfg_reject(cfg, P_SHELL_MRPB, "MRPB construction failed");
    mrpb_mode_from_cfg(&m->mrpb_in, cfg);
  }
  m->w_q = calloc(m->nwarps, sizeof *m->w_q);
  m->w_d = calloc(m->nwarps, sizeof *m->w_d);
  m->t_q = calloc(m->ntbs, sizeof *m->t_q);
  m->t_d = calloc(m->ntbs, sizeof *m->t_d);
  m->wst = calloc(m->nwarps + m->ntbs, 1);
  m->wlist = calloc(m->nwarps, sizeof *m->wlist);
  if (!m->w_q || !m->w_d || !m->t_q || !m->t_d || !m->wst || !m->wlist || l1d_init(&m->i_l1d, &g) ||
      fifo_sync_init(&m->i_injq, (unsigned)CFG(cfg, SHELL_XBAR_Q), m->injw))
    return cfg_reject(cfg, P_SHELL_SMS, "out of memory");
  l1d_modes_from_cfg(cfg, &m->i_l1d.in);
  m->in.mode_sched_i = (uint32_t)CFG(cfg, SHELL_SCHED);
  m->in.mode_ccn_i = CFG(cfg, SHELL_CCN) != SHELL_CCN_OFF;
  m->out.rmt_data_o = m->i_l1d.out.rmt_data_o;
  shell_sm_reset(m);
  return 0;
}

void shell_sm_free(shell_sm_t *m) {
  free(m->w_q);
  free(m->w_d);
  free(m->t_q);
  free(m->t_d);
  free(m->wst);
  free(m->wlist);
  if (m->i_l1d.valid_q) l1d_free(&m->i_l1d);
  if (m->use_mrpb) mrpb_free(&m->i_mrpb);
  fifo_sync_free(&m->i_injq);
}

void shell_sm_reset(shell_sm_t *m) {
  memset(m->w_q, 0, m->nwarps * sizeof *m->w_q);
  memset(m->t_q, 0, m->ntbs * sizeof *m->t_q);
  memset(m->wst, 0, m->nwarps + m->ntbs);
  m->nw_st = m->nt_st = 0;
  m->cyc_q = 0;
  m->last_q = m->nwarps - 1;
  m->fptr_q = m->fetch_v_q = m->fetch_w_q = m->ifetch_v_q = m->ifetch_w_q = m->age_q = 0;
  m->l_busy_q = m->l_wait_q = m->l_store_q = m->l_warp_q = m->l_size_q = m->l_pend_q = m->l_pc_q = 0;
  memset(m->l_addr_q, 0, sizeof m->l_addr_q);
  m->n_busy_q = m->n_wait_q = m->n_store_q = m->n_warp_q = m->n_size_q = m->n_pend_q = m->n_pc_q = 0;
  memset(m->n_addr_q, 0, sizeof m->n_addr_q);
  m->l_xfer = 0;
  m->co_ok = 0;
  m->lline = m->lsame = 0;
  memset(m->lmask, 0, sizeof m->lmask);
  fifo_sync_reset(&m->i_injq);
  m->inj_push = 0;
  l1d_reset(&m->i_l1d);
  if (m->use_mrpb) mrpb_reset(&m->i_mrpb);
  memset(m->st, 0, sizeof m->st);
  m->stray = 0;
  shell_sm_resync(m);
}

/* bit w of the bit vectors from w_q[w] (shell_sm.h: wm_*) */
static inline void wm_put(shell_sm_t *m, unsigned w) {
  const shell_warp_t *W = &m->w_q[w];
  const uint64_t b = 1ull << w, k = ~b;
  m->wm_valid = (m->wm_valid & k) | (W->valid ? b : 0);
  m->wm_ibv = (m->wm_ibv & k) | (W->ibv ? b : 0);
  m->wm_bar = (m->wm_bar & k) | (W->bar ? b : 0);
  m->wm_ld = (m->wm_ld & k) | (W->ld ? b : 0);
  m->wm_mem = (m->wm_mem & k) | (W->kind == WL_LD || W->kind == WL_ST ? b : 0);
}

static inline void tm_put(shell_sm_t *m, unsigned t) {
  m->tm_valid = (m->tm_valid & ~(1u << t)) | (m->t_q[t].valid ? 1u << t : 0);
}

void shell_sm_resync(shell_sm_t *m) {
  m->wm_valid = m->wm_ibv = m->wm_bar = m->wm_ld = m->wm_mem = 0;
  m->tm_valid = 0;
  for (unsigned w = 0; w < m->nwarps; w++) wm_put(m, w);
  for (unsigned t = 0; t < m->ntbs; t++) tm_put(m, t);
}

/* The first set bit of v at or after bit r (< 64), wrapping; -1 none. */
static inline int first_from64(uint64_t v, unsigned r) {
  const uint64_t hi = v & (~0ull << r);
  return hi ? __builtin_ctzll(hi) : v ? __builtin_ctzll(v) : -1;
}

static shell_warp_t *stage_w(shell_sm_t *m, unsigned w) {
  if (!m->wst[w]) {
    m->wst[w] = 1;
    m->w_d[w] = m->w_q[w];
    m->wlist[m->nw_st++] = w;
  }
  return &m->w_d[w];
}

static shell_tb_t *stage_t(shell_sm_t *m, unsigned t) {
  if (!m->wst[m->nwarps + t]) {
    m->wst[m->nwarps + t] = 1;
    m->t_d[t] = m->t_q[t];
    m->tst[m->nt_st++] = t;
  }
  return &m->t_d[t];
}

/* A barrier completes when every warp of the block that has not exited has
 * arrived: release them all. */
static void bar_check(shell_sm_t *m, unsigned t) {
  shell_tb_t *tb = stage_t(m, t);
  if (!tb->nbar || tb->nbar + tb->nexit != tb->nw) return;
  tb->nbar = 0;
  for (unsigned w = 0; w < m->nwarps; w++)
    if (m->w_q[w].valid && m->w_q[w].tb == t && (m->wst[w] ? m->w_d[w].bar : m->w_q[w].bar)) stage_w(m, w)->bar = 0;
}

/* The lanes l (bit l) whose address a[l] >> segw is line: four lanes to a
 * compare where SSE2 is there. */
static inline uint32_t lanes_on_line(const uint32_t *a, unsigned segw, uint32_t line) {
  uint32_t eq = 0;
#ifdef __SSE2__
  const __m128i vl = _mm_set1_epi32((int)line), sh = _mm_cvtsi32_si128((int)segw);
  for (unsigned q = 0; q < WL_LANES / 4; q++) {
    const __m128i x = _mm_srl_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + 4 * q)), sh);
    eq |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, vl))) << (4 * q);
  }
#else
  for (unsigned l = 0; l < WL_LANES; l++) eq |= (uint32_t)(a[l] >> segw == line) << l;
#endif
  return eq;
}

void shell_sm_comb_req(shell_sm_t *m) {
  const shell_sm_in_t *in = &m->in;
  shell_sm_out_t *o = &m->out;
  m->cyc_d = m->cyc_q + 1;
  m->last_d = m->last_q;
  m->fptr_d = m->fptr_q;
  m->age_d = m->age_q;
  m->fetch_v_d = 0;
  m->fetch_w_d = m->fetch_w_q;
  m->ifetch_v_d = 0;
  m->ifetch_w_d = m->ifetch_w_q;
  m->l_busy_d = m->l_busy_q;
  m->l_wait_d = m->l_wait_q;
  m->l_store_d = m->l_store_q;
  m->l_warp_d = m->l_warp_q;
  m->l_size_d = m->l_size_q;
  m->l_pend_d = m->l_pend_q;
  m->l_pc_d = m->l_pc_q;
  m->n_busy_d = m->n_busy_q;
  m->n_wait_d = m->n_wait_q;
  m->n_store_d = m->n_store_q;
  m->n_warp_d = m->n_warp_q;
  m->n_size_d = m->n_size_q;
  m->n_pend_d = m->n_pend_q;
  m->n_pc_d = m->n_pc_q;
  m->l_xfer = 0;
  m->inj_push = 0;
  m->stray = 0;

  /* ---- the dispatcher's view: a free TB slot, free warp slots, busy ---- */
  /* (the slots' bit vectors: shell_sm.h, wm_* / tm_valid) */
  o->tb_free_o = m->tm_valid != m->tbfull;
  if (m->wm_valid != m->nv_key) m->nv_key = m->wm_valid, m->nv = popcnt64(m->wm_valid);
  o->free_warps_o = m->nwarps - m->nv;
  o->busy_o = m->tm_valid != 0;

  /* ---- the injection queue's head (registered) ------------------------- */
  {
    const uint32_t *h = fifo_sync_rdata(&m->i_injq);
    o->inj_valid_o = !fifo_sync_empty(&m->i_injq);
    if (m->injw <= 64) { /* {store, byp, id, line} as one word of injw bits */
      const uint64_t x = m->injw > 32 ? (uint64_t)h[0] | (uint64_t)h[1] << 32 : h[0];
      o->inj_line_o = (uint32_t)x & m->atwm;
      o->inj_id_o = (uint32_t)(x >> m->atw) & m->idwm;
      o->inj_byp_o = (uint32_t)(x >> (m->atw + m->idw) & 1);
      o->inj_store_o = (uint32_t)(x >> (m->atw + m->idw + 1) & 1);
    } else {
      o->inj_line_o = (uint32_t)bits_get(h, 0, m->atw);
      o->inj_id_o = (uint32_t)bits_get(h, m->atw, m->idw);
      o->inj_byp_o = (uint32_t)bits_get(h, m->atw + m->idw, 1);
      o->inj_store_o = (uint32_t)bits_get(h, m->atw + m->idw + 1, 1);
    }
  }

  /* ---- environment answers to last cycle's registered requests -------- */
  if (m->fetch_v_q) {
    shell_warp_t *D = stage_w(m, m->fetch_w_q);
    D->ibv = 1;
    D->kind = (uint8_t)in->fetch_kind_i;
    D->count = (uint16_t)in->fetch_count_i;
    D->size = (uint8_t)in->fetch_size_i;
    D->mask = in->fetch_mask_i;
  }
  if (m->ifetch_v_q) {
    shell_warp_t *D = stage_w(m, m->ifetch_w_q);
    D->ibv = 1;
    D->kind = (uint8_t)in->ifetch_kind_i;
    D->count = (uint16_t)in->ifetch_count_i;
    D->size = (uint8_t)in->ifetch_size_i;
    D->mask = in->ifetch_mask_i;
  }
  if (m->l_wait_q) {
    for (unsigned l = 0; l < WL_LANES; l++) m->l_addr_d[l] = (in->lsu_mask_i >> l & 1) ? in->lsu_addr_i[l] : 0;
    m->l_pend_d = in->lsu_mask_i;
    m->l_wait_d = 0;
#ifndef FAULT_SHELL_SM_LTAG
    stage_w(m, m->l_warp_q)->ltag = (uint8_t)(in->lsu_tag_i & 3);
#endif
  }
  if (m->n_wait_q) { /* (never with l_wait_q: one issue per cycle) */
    for (unsigned l = 0; l < WL_LANES; l++) m->n_addr_d[l] = (in->lsu_mask_i >> l & 1) ? in->lsu_addr_i[l] : 0;
    m->n_pend_d = in->lsu_mask_i;
    m->n_wait_d = 0;
#ifndef FAULT_SHELL_SM_LTAG
    stage_w(m, m->n_warp_q)->ltag = (uint8_t)(in->lsu_tag_i & 3);
#endif
  }

  /* ---- the coalescer: the LD/ST unit's request this cycle -------------- */
  m->lreq = m->l_busy_q && !m->l_wait_q && m->l_pend_q != 0;
  if (!m->lreq && m->co_ok) m->co_ok = 0;
  if (!m->lreq && !m->co_ok && (m->lline || m->lsame)) {
    m->lline = 0;
    m->lsame = 0;
    memset(m->lmask, 0, sizeof m->lmask);
  }
  if (m->lreq && !(m->co_ok && m->co_pend == m->l_pend_q)) {
    m->co_ok = 1;
    m->co_pend = m->l_pend_q;
    m->lline = 0;
    m->lsame = 0;
    memset(m->lmask, 0, sizeof m->lmask);
    unsigned lead = (unsigned)__builtin_ctz(m->l_pend_q);
    m->lline = m->l_addr_q[lead] >> m->segw;
    /* the pending lanes of the lead's line: every lane compared at once (a
     * divergent warp's lanes each on a line of their own made the branch
     * of a lane-by-lane test a guess) */
    m->lsame = lanes_on_line(m->l_addr_q, m->segw, m->lline) & m->l_pend_q;
    if (m->l_store_q)
      for (uint32_t p = m->lsame; p; p &= p - 1) {
        unsigned l = (unsigned)__builtin_ctz(p);
        unsigned off = m->l_addr_q[l] & (m->line - 1);
        for (unsigned b = 0; b < m->l_size_q && off + b < m->line; b++)
          m->lmask[(off + b) >> 5] |= 1u << ((off + b) & 31);
      }
  }
  /* ---- the request presented to the L1D (the bypass controller's view) */
  if (m->use_mrpb) {
    const mrpb_t *P = &m->i_mrpb;
    const shell_warp_t *OW = &m->w_q[mrpb_deq_wid(P)]; /* (mrpb_deq_*: the request the MRPB presents) */
    o->byp_valid_o = P->out_valid_q;
    o->byp_warp_o = mrpb_deq_wid(P);
    o->byp_tb_o = OW->tb;
    o->byp_block_o = m->t_q[OW->tb].block;
    o->byp_pc_o = OW->pc - 1; /* the head's warp waits on this load: its pc is past it */
    o->byp_store_o = mrpb_deq_store(P);
    o->byp_tag_o = OW->ltag;
  } else {
    const shell_warp_t *LW = &m->w_q[m->l_warp_q];
    o->byp_valid_o = m->lreq;
    o->byp_warp_o = m->l_warp_q;
    o->byp_tb_o = LW->tb;
    o->byp_block_o = m->t_q[LW->tb].block;
    o->byp_pc_o = m->l_pc_q;
    o->byp_store_o = m->l_store_q;
    o->byp_tag_o = LW->ltag;
  }
  /* ---- occupancy for the hooks (registered warp state) ---------------- */
  if (m->want_occ) {
    const uint64_t ib = m->wm_valid & m->wm_ibv;
    o->ibuf_o[0] = (uint32_t)ib;
    o->ibuf_o[1] = (uint32_t)(ib >> 32);
    if (m->wm_valid != m->nv_key) m->nv_key = m->wm_valid, m->nv = popcnt64(m->wm_valid);
    o->warps_o = m->nv;
  }
}

void shell_sm_comb(shell_sm_t *m) {
  const shell_sm_in_t *in = &m->in;
  shell_sm_out_t *o = &m->out;
  const uint32_t cyc = m->cyc_q;
  l1d_in_t *li = &m->i_l1d.in;
  const unsigned mw = bits_words(m->line);
  const shell_warp_t *LW = &m->w_q[m->l_warp_q];

  /* ---- L1D request: the MRPB's output register, or the coalescer ------- */
  if (m->use_mrpb) {
    mrpb_in_t *mi = &m->mrpb_in;
    mi->enq_valid_i = m->lreq;
    mi->enq_wid_i = m->l_warp_q;
    mi->enq_bid_i = LW->tb & ((1u << m->i_mrpb.bid_w) - 1);
    mi->enq_bwid_i = LW->wib & ((1u << m->i_mrpb.bwid_w) - 1);
    mi->enq_store_i = m->l_store_q;
    if (m->lreq) { /* (the payload only with a request: the MRPB reads it only with enq_valid_i) */
      memset(mi->enq_payload_i, 0, sizeof mi->enq_payload_i);
      memcpy(mi->enq_payload_i, m->lmask, mw * 4); /* {line, mask}: mask at bit 0 */
      bits_set(mi->enq_payload_i, m->line, m->atw, m->lline);
    }
    mi->stat_sel_i = 0;
    const mrpb_t *P = &m->i_mrpb;
    li->req_valid_i = P->out_valid_q;
    li->req_store_i = mrpb_deq_store(P);
    if (P->out_valid_q) { /* (the line and mask only with a request: the L1D reads them only with req_valid_i) */
      uint32_t pl[MRPB_PAYLOAD_WORDS];
      mrpb_deq_payload(P, pl);
      li->req_id_i = mrpb_deq_wid(P);
      li->req_addr_i = (uint32_t)bits_get(pl, m->line, m->atw) << m->segw;
      memcpy(li->req_mask_i, pl, mw * 4);
    }
    li->req_byp_i = P->out_bypass_q || (!li->req_store_i && in->byp_i);
  } else {
    li->req_valid_i = m->lreq;
    li->req_store_i = m->l_store_q;
    li->req_id_i = m->l_warp_q;
    li->req_addr_i = m->lline << m->segw;
    memcpy(li->req_mask_i, m->lmask, mw * 4);
    li->req_byp_i = !m->l_store_q && in->byp_i;
  }
  /* fill port: a line the CCN node delivered goes before the crossbar's */
  if (in->ccn_fill_valid_i) {
    li->fill_valid_i = 1;
    li->fill_addr_i = in->ccn_fill_line_i;
    li->fill_byp_i = 0;
    li->fill_id_i = 0;
  } else {
    li->fill_valid_i = in->fill_valid_i;
    li->fill_addr_i = in->fill_line_i;
    li->fill_byp_i = in->fill_byp_i;
    li->fill_id_i = in->fill_id_i;
  }
  li->fill_data_i[0] = li->fill_addr_i; /* the environment's line contents (docs/shell.md) */
  li->mem_req_ready_i = shell_sm_l1d_mem_ready(m);
  li->rmt_valid_i = in->rmt_valid_i;
  li->rmt_addr_i = in->rmt_addr_i;
  li->mode_sbyp_i = m->use_mrpb ? m->mrpb_in.mode_bypass_i : L1D_SBYP_OFF;
  l1d_comb(&m->i_l1d);
  const l1d_out_t *lo = &m->i_l1d.out;
  uint32_t l1_take = li->req_valid_i && lo->req_ready_o;
  uint32_t accepted;
  if (m->use_mrpb) {
    m->mrpb_in.deq_ready_i = lo->req_ready_o;
    m->mrpb_in.l1d_fail_i = L1D_FAIL_NONE; /* bypass on stall: the L1D's decide stage (mode_sbyp_i) */
    m->mrpb_in.barrier_i = 0;
    mrpb_comb(&m->i_mrpb, &m->mrpb_in, &m->mrpb_out);
    accepted = m->lreq && m->mrpb_out.enq_ready_o;
  } else
    accepted = l1_take;
  o->l1d_take_o = l1_take;
  o->l1d_byp_o = li->req_byp_i;
  o->ev_access_o = lo->ev_access_o;
  o->ev_hit_o = lo->ev_hit_o;
  o->ev_hitres_o = lo->ev_hitres_o;
  o->ev_miss_o = lo->ev_miss_o;
  o->ev_stall_o = lo->ev_stall_o;
  o->ev_byp_o = lo->ev_byp_o;
  o->ev_pseudo_o = lo->ev_pseudo_o;
  o->ev_fill_o = lo->ev_fill_o;
  o->rmt_hit_o = lo->rmt_hit_o;
  o->ccn_fill_ready_o = lo->fill_ready_o;
  o->fill_ready_o = !in->ccn_fill_valid_i && lo->fill_ready_o;

  /* ---- LD/ST acceptance ------------------------------------------------- */
  if (accepted) {
    m->l_pend_d = m->l_pend_q & ~m->lsame;
    if (!m->l_store_q) {
      stage_w(m, m->l_warp_q)->ld++;
      m->st[SHS_LDREQ]++;
    } else
      m->st[SHS_STREQ]++;
    if (!m->l_pend_d) m->l_busy_d = 0;
  }
  /* ---- the next slot moves into the free unit (its lanes as they stand
   * after this cycle's answer) ------------------------------------------- */
  if (m->n_busy_q && !m->l_busy_d) {
    m->l_xfer = 1 + m->n_wait_q; /* (2: its lanes arrive in this very cycle) */
    m->l_busy_d = 1;
    m->l_wait_d = 0;
    m->l_store_d = m->n_store_q;
    m->l_warp_d = m->n_warp_q;
    m->l_size_d = m->n_size_q;
    m->l_pc_d = m->n_pc_q;
    m->l_pend_d = m->n_pend_d;
    memcpy(m->l_addr_d, m->n_wait_q ? m->n_addr_d : m->n_addr_q, sizeof m->l_addr_d);
    m->n_busy_d = 0;
  }

  /* ---- load responses --------------------------------------------------- */
  if (lo->rsp_valid_o) {
    unsigned w = lo->rsp_id_o;
    shell_warp_t *D = w < m->nwarps ? stage_w(m, w) : NULL;
    if (!D || !m->w_q[w].valid || D->ld == 0) {
      m->stray = 1;
      m->stray_warp = w;
    } else {
      D->ld--;
      /* The warp issues again at the latest of its responses' times: a
       * response through the L1D's cache path (hit, or release after a
       * fill) adds the L1 hit latency's extra (SHELL_L1_LAT), a bypassed
       * load's (the L1D's bypassed fill, answered in its cycle) does not:
       * GPGPU-Sim sends an L1-skipping access straight to the interconnect
       * and its answer to writeback (m_next_global), never through the L1
       * latency queue.  (ready is free while loads are outstanding: the
       * scheduler reads it only once ld is 0, and it holds no later time.) */
      const uint32_t rbyp = li->fill_valid_i && li->fill_byp_i && lo->fill_ready_o;
#ifdef FAULT_SHELL_L1_LAT
      const uint32_t at = cyc + (rbyp ? 0 : m->l1x); /* fault: the warp wakes a cycle early */
#else
      const uint32_t at = cyc + 1 + (rbyp ? 0 : m->l1x);
#endif
      if ((int32_t)(at - D->ready) > 0) D->ready = at;
      m->st[SHS_LDRSP]++;
      if (!D->ld && !(m->l_busy_d && m->l_warp_d == w)) {
        m->st[SHS_LDINST]++;
        m->st[SHS_LDLAT] += cyc + 1 - D->ldt;
      }
    }
  }

  /* ---- memory port: the L1D's request toward L2, or to the CCN node;
   * the node's own L2 request goes first (the L1D is held off) ---------- */
  uint32_t mem_fire = lo->mem_req_valid_o && li->mem_req_ready_i;
  uint32_t to_ring = in->mode_ccn_i && !lo->mem_req_store_o && !lo->mem_req_byp_o;
  o->ccn_miss_valid_o = mem_fire && to_ring;
  o->ccn_miss_line_o = lo->mem_req_addr_o;
  o->ccn_l2_ready_o = !fifo_sync_full(&m->i_injq);
  m->inj_wdata[0] = m->inj_wdata[1] = 0;
  if (in->ccn_l2_valid_i && o->ccn_l2_ready_o) {
    m->inj_push = 1;
    bits_set(m->inj_wdata, 0, m->atw, in->ccn_l2_line_i);
  } else if (mem_fire && !to_ring) {
    m->inj_push = 1;
    bits_set(m->inj_wdata, 0, m->atw, lo->mem_req_addr_o);
    bits_set(m->inj_wdata, m->atw, m->idw, lo->mem_req_id_o);
    bits_set(m->inj_wdata, m->atw + m->idw, 1, lo->mem_req_byp_o);
    bits_set(m->inj_wdata, m->atw + m->idw + 1, 1, lo->mem_req_store_o);
  }
  fifo_sync_comb(&m->i_injq, m->inj_push, m->inj_push ? m->inj_wdata : NULL, in->inj_pop_i);

  /* ---- scheduler: at most one warp instruction issues ------------------- */
  const int gto = in->mode_sched_i == SHELL_SCHED_GTO;
  unsigned pick = ~0u, best_age = ~0u;
  /* The warps in the order the RTL scans them (LRR: from last_q + 1 round;
   * GTO: from warp 0), over the slots' bit vectors: a valid warp waits on
   * memory (a load outstanding, or its instruction in the LD/ST unit), else
   * needs its next record (ibv), no barrier and its ready cycle reached, and
   * a memory instruction waits while the LD/ST unit is busy.  LRR takes the
   * first; GTO the last issuer if it can, else the oldest (first on ties).
   * No valid warp: nothing issues and nothing is fetched, so an idle SM
   * costs little (docs/shell.md, "Scale"). */
  const uint64_t lbit = (m->l_busy_q && m->l_warp_q < m->nwarps ? 1ull << m->l_warp_q : 0) |
                        (m->n_busy_q && m->n_warp_q < m->nwarps ? 1ull << m->n_warp_q : 0);
  const uint64_t memw = m->wm_valid & (m->wm_ld | lbit);
  const uint64_t c0 = m->wm_valid & ~(m->wm_ld | lbit) & m->wm_ibv & ~m->wm_bar;
  const uint64_t lsuw = m->n_busy_q ? c0 & m->wm_mem : 0, cand = c0 & ~lsuw;
  if (cand && !gto) {
    const unsigned w0 = (m->last_q + 1) % m->nwarps;
    const uint64_t hi = cand & (~0ull << w0);
    for (uint64_t x = hi; x && pick == ~0u; x &= x - 1) {
      unsigned w = (unsigned)__builtin_ctzll(x);
      if ((int32_t)(m->w_q[w].ready - cyc) <= 0) pick = w;
    }
    for (uint64_t x = cand & ~hi; x && pick == ~0u; x &= x - 1) {
      unsigned w = (unsigned)__builtin_ctzll(x);
      if ((int32_t)(m->w_q[w].ready - cyc) <= 0) pick = w;
    }
  } else if (cand) {
    for (uint64_t x = cand; x; x &= x - 1) {
      unsigned w = (unsigned)__builtin_ctzll(x);
      const shell_warp_t *W = &m->w_q[w];
      if ((int32_t)(W->ready - cyc) > 0) continue;
      if (w == m->last_q) { pick = w; break; }
      if (W->age < best_age) { best_age = W->age; pick = w; }
    }
  }
  o->lsu_valid_o = 0;
  o->lsu_block_o = o->lsu_wib_o = o->lsu_pc_o = 0;
  o->hk_done_valid_o = 0;
  o->hk_done_slot_o = 0;
  if (pick != ~0u) {
    const shell_warp_t *W = &m->w_q[pick];
    shell_warp_t *D = stage_w(m, pick);
    m->last_d = pick;
    m->st[SHS_ISSUE]++;
    m->st[SHS_INSTS] += W->count;
    D->ibv = 0;
    D->pc = W->pc + 1;
    switch (W->kind) {
    case WL_ALU: D->ready = cyc + W->count; break;
    case WL_LD:
    case WL_ST:
      if (!m->l_busy_q) { /* into the free unit */
        m->l_busy_d = 1;
        m->l_wait_d = 1;
        m->l_store_d = W->kind == WL_ST;
        m->l_warp_d = pick;
        m->l_size_d = W->size;
        m->l_pc_d = W->pc;
        m->l_pend_d = 0;
      } else { /* into the next slot (free: the scheduler checked n_busy_q) */
        m->n_busy_d = 1;
        m->n_wait_d = 1;
        m->n_store_d = W->kind == WL_ST;
        m->n_warp_d = pick;
        m->n_size_d = W->size;
        m->n_pc_d = W->pc;
        m->n_pend_d = 0;
      }
      D->ldt = cyc;
      o->lsu_valid_o = 1; /* the lane addresses of this instruction, answered next cycle */
      o->lsu_block_o = m->t_q[W->tb].block;
      o->lsu_wib_o = W->wib;
      o->lsu_pc_o = W->pc;
      break;
    case WL_BAR:
      D->bar = 1;
      stage_t(m, W->tb)->nbar++;
      bar_check(m, W->tb);
      break;
    default: { /* WL_EXIT */
      D->valid = 0;
      shell_tb_t *T = stage_t(m, W->tb);
      T->nexit++;
      if (T->nexit == T->nw) {
        T->valid = 0;
        o->hk_done_valid_o = 1;
        o->hk_done_slot_o = W->tb;
      } else
        bar_check(m, W->tb);
    }
    }
  } else if (m->wm_valid) {
    unsigned lsuwait = 0;
    for (uint64_t x = memw ? 0 : lsuw; x && !lsuwait; x &= x - 1)
      lsuwait = (int32_t)(m->w_q[__builtin_ctzll(x)].ready - cyc) <= 0;
    m->st[memw ? SHS_STALL_MEM : lsuwait ? SHS_STALL_LSU : SHS_STALL_IDLE]++;
  }

  /* ---- fetch: the issuing warp's next record (unless it exits), and one
   * other warp's round-robin, are asked from the environment ------------ */
  o->ifetch_valid_o = 0;
  o->ifetch_block_o = o->ifetch_wib_o = o->ifetch_pc_o = 0;
  if (pick != ~0u && m->w_q[pick].kind != WL_EXIT) {
    const shell_warp_t *W = &m->w_q[pick];
    m->ifetch_v_d = 1;
    m->ifetch_w_d = pick;
    o->ifetch_valid_o = 1;
    o->ifetch_block_o = m->t_q[W->tb].block;
    o->ifetch_wib_o = W->wib;
    o->ifetch_pc_o = W->pc + 1;
  }
  o->fetch_valid_o = 0;
  o->fetch_block_o = o->fetch_wib_o = o->fetch_pc_o = 0;
  /* round-robin from fptr_q: the first valid warp without its next record,
   * not asked for last cycle (fetch, ifetch), not the issuer */
  uint64_t fx = pick != ~0u ? 1ull << pick : 0;
  if (m->fetch_v_q && m->fetch_w_q < m->nwarps) fx |= 1ull << m->fetch_w_q;
  if (m->ifetch_v_q && m->ifetch_w_q < m->nwarps) fx |= 1ull << m->ifetch_w_q;
  const int fw = first_from64(m->wm_valid & ~m->wm_ibv & ~fx, m->fptr_q % m->nwarps);
  if (fw >= 0) {
    const unsigned w = (unsigned)fw;
    const shell_warp_t *W = &m->w_q[w];
    m->fetch_v_d = 1;
    m->fetch_w_d = w;
#ifdef FAULT_SHELL_SM_FPTR
    m->fptr_d = w; /* fault: the round-robin fetch pointer stays on the warp just asked for */
#else
    m->fptr_d = (w + 1) % m->nwarps;
#endif
    o->fetch_valid_o = 1;
    o->fetch_block_o = m->t_q[W->tb].block;
    o->fetch_wib_o = W->wib;
    o->fetch_pc_o = W->pc;
  }

  /* ---- dispatch: the block goes into the lowest free TB slot and the
   * lowest free warp slots (the dispatcher checked there is room) -------- */
  o->hk_disp_valid_o = 0;
  o->hk_disp_slot_o = 0;
  o->hk_disp_block_o = in->disp_block_i;
  o->hk_kern_start_o = in->kern_start_i;
  if (in->disp_valid_i) {
    unsigned t = 0;
    while (t + 1 < m->ntbs && m->t_q[t].valid) t++;
    shell_tb_t *T = stage_t(m, t);
    T->valid = 1;
    T->nw = (uint8_t)in->disp_warps_i;
    T->nexit = T->nbar = 0;
    T->block = in->disp_block_i;
    /* the lowest free warp slots */
    uint64_t fr = ~m->wm_valid & bits_mask64(m->nwarps);
    for (unsigned n = 0; fr && n < in->disp_warps_i; fr &= fr - 1) {
      const unsigned w = (unsigned)__builtin_ctzll(fr);
      shell_warp_t *W = stage_w(m, w);
      memset(W, 0, sizeof *W);
      W->valid = 1;
      W->tb = (uint8_t)t;
      W->wib = (uint8_t)n++;
      W->age = m->age_d++;
    }
    o->hk_disp_valid_o = 1;
    o->hk_disp_slot_o = t;
    m->st[SHS_TBS]++;
  }
  /* a repeatable cycle (shell_sm_still): nothing moved, no warp can become
   * a candidate by time alone (cand is empty, not merely not ready), every
   * valid warp's record is buffered (no fetch to come), the stall was a
   * memory stall, and the L1D's next cycle, with no fill or remote lookup,
   * is its repeat or its quiet form (rep_ok: this cycle's full evaluation,
   * or its repeat, found a refused request that moved nothing; idle 1: it
   * was quiet) -- either computes exactly this cycle again (l1d.c), its
   * remote port aside: a lookup from the ring is served beside either
   * (rmt_side; observed, a lookup takes the full evaluation) */
  m->still = pick == ~0u && !cand && memw && !(m->wm_valid & ~m->wm_ibv) && !m->nw_st && !m->nt_st && !accepted &&
             !l1_take && !m->l_xfer && !lo->rsp_valid_o && !m->inj_push && !mem_fire && !in->disp_valid_i &&
             !in->fill_valid_i && !in->ccn_fill_valid_i && !in->ccn_l2_valid_i && !(in->rmt_valid_i & m->i_l1d.observed) &&
             !(m->fetch_v_q | m->ifetch_v_q | m->l_wait_q | m->n_wait_q) && (m->i_l1d.rep_ok || m->i_l1d.idle == 1);
  m->still_byp = in->byp_i;
  /* with an MRPB, both forms also need the MRPB to have moved nothing but
   * its counters (mrpb_still, which records what each left-out cycle
   * counts: mrpb_rep_advance); looked at only when the rest of either form
   * could hold (idle: no warp or TB slot in use at this cycle's start) */
  if (m->use_mrpb) {
    m->mrpb_fix = (m->still || !(m->wm_valid | m->tm_valid)) && mrpb_still(&m->i_mrpb, &m->mrpb_in);
    m->still &= m->mrpb_fix;
  }
}

void shell_sm_inj_pop(shell_sm_t *m) {
  m->in.inj_pop_i = 1;
  fifo_sync_comb(&m->i_injq, m->inj_push, m->inj_push ? m->inj_wdata : NULL, 1);
}

void shell_sm_commit(shell_sm_t *m) {
  for (unsigned i = 0; i < m->nw_st; i++) {
    unsigned w = m->wlist[i];
    m->w_q[w] = m->w_d[w];
    m->wst[w] = 0;
    wm_put(m, w);
  }
  for (unsigned i = 0; i < m->nt_st; i++) {
    unsigned t = m->tst[i];
    m->t_q[t] = m->t_d[t];
    m->wst[m->nwarps + t] = 0;
    tm_put(m, t);
  }
  m->nw_st = m->nt_st = 0;
  m->cyc_q = m->cyc_d;
  m->last_q = m->last_d;
  m->fptr_q = m->fptr_d;
  m->age_q = m->age_d;
  m->fetch_v_q = m->fetch_v_d;
  m->fetch_w_q = m->fetch_w_d;
  m->ifetch_v_q = m->ifetch_v_d;
  m->ifetch_w_q = m->ifetch_w_d;
  /* l_addr is written only when its lanes arrive or the next slot moves in */
  if (m->l_wait_q || m->l_xfer) memcpy(m->l_addr_q, m->l_addr_d, sizeof m->l_addr_q);
  if (m->l_wait_q || m->l_xfer || m->l_store_d != m->l_store_q || m->l_size_d != m->l_size_q) m->co_ok = 0;
  if (m->n_wait_q) memcpy(m->n_addr_q, m->n_addr_d, sizeof m->n_addr_q);
  m->n_busy_q = m->n_busy_d;
  m->n_wait_q = m->n_wait_d;
  m->n_store_q = m->n_store_d;
  m->n_warp_q = m->n_warp_d;
  m->n_size_q = m->n_size_d;
  m->n_pend_q = m->n_pend_d;
  m->n_pc_q = m->n_pc_d;
  m->l_busy_q = m->l_busy_d;
  m->l_wait_q = m->l_wait_d;
  m->l_store_q = m->l_store_d;
  m->l_warp_q = m->l_warp_d;
  m->l_size_q = m->l_size_d;
  m->l_pend_q = m->l_pend_d;
  m->l_pc_q = m->l_pc_d;
  fifo_sync_commit(&m->i_injq);
  l1d_commit(&m->i_l1d);
  if (m->use_mrpb) mrpb_commit(&m->i_mrpb);
}

int shell_sm_quiet(const shell_sm_t *m) {
  if (m->l_busy_q || m->n_busy_q || !fifo_sync_empty(&m->i_injq) || !fifo_sync_empty(&m->i_l1d.i_missq) ||
      !fifo_sync_empty(&m->i_l1d.i_bypq) || !fifo_sync_empty(&m->i_l1d.i_relq))
    return 0;
  return !(m->use_mrpb && m->i_mrpb.occ_q);
}

int shell_sm_idle(const shell_sm_t *m) {
  const l1d_t *L = &m->i_l1d;
  if ((m->use_mrpb && !m->mrpb_fix) || m->fetch_v_q || m->ifetch_v_q || m->l_wait_q || !shell_sm_quiet(m) || L->d_valid_q ||
      L->rmt_v_q || L->fw_tag_v_q || L->fw_data_v_q)
    return 0;
  if (m->tm_valid || m->wm_valid) return 0; /* a TB or warp slot in use */
  for (unsigned e = 0; e < L->g.entries; e++)
    if (L->mshr_q[e].valid) return 0;
  return 1;
}
