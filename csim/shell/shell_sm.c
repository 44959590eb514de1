/* shell_sm.c -- one SM of the shell (see shell.h and docs/shell.md, "SM").
 * Statement order of shell_sm_comb: environment answers (fetch, lane
 * addresses) -> LD/ST request (coalescer) -> [MRPB] -> L1D -> LD/ST
 * acceptance -> load responses -> memory port -> scheduler and issue ->
 * fetch. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "shell.h"

const char *const shell_sm_stat_name[SHS_N] = {"warp_insts", "issue_cycles", "stall_idle", "stall_mem",
                                               "stall_lsu",  "ld_line_reqs", "st_line_reqs", "ld_responses",
                                               "ld_insts",   "ld_latency_sum", "tbs",        "inj_flits",
                                               "ej_flits"};

int shell_q_init(shell_q_t *q, unsigned depth) {
  memset(q, 0, sizeof *q);
  q->depth = depth;
  q->body = calloc(depth, sizeof *q->body);
  return q->body ? 0 : -1;
}
void shell_q_free(shell_q_t *q) { free(q->body); q->body = NULL; }
void shell_q_reset(shell_q_t *q) { q->head_q = q->count_q = 0; q->push = q->pop = 0; }
void shell_q_commit(shell_q_t *q) {
  if (!q->push && !q->pop) return;
  if (q->push) q->body[(q->head_q + q->count_q) % q->depth] = q->wdata;
  if (q->pop) q->head_q = (q->head_q + 1) % q->depth;
  q->count_q = q->count_q + q->push - q->pop;
  q->push = q->pop = 0;
}

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int shell_sm_init(shell_sm_t *m, unsigned id, const l1sys_cfg_t *cfg) {
  memset(m, 0, sizeof *m);
  m->id = id;
  m->nwarps = (unsigned)CFG(cfg, SHELL_WARPS);
  m->ntbs = (unsigned)CFG(cfg, SHELL_TBS);
  l1d_geom_t g;
  if (l1d_geom_from_cfg(cfg, &g)) return -1;
  if ((1u << g.id_w) < m->nwarps)
    return cfg_reject(cfg, P_L1D_ID_W, "too narrow for the shell: request ids are warp slots (SHELL_WARPS)");
  m->line = g.line;
  m->offw = log2u(g.line);
  m->use_mrpb = (int)CFG(cfg, SHELL_MRPB);
  if (m->use_mrpb) {
    unsigned sig = (unsigned)CFG(cfg, MRPB_SIG), law = g.addr_w - m->offw;
    if (g.line + law > 32 * MRPB_PAYLOAD_WORDS)
      return cfg_reject(cfg, P_L1D_LINE, "too long for the MRPB payload (byte mask + line address must fit 256 bits)");
    if (sig == MRPB_SIG_WARP && m->nwarps > MRPB_WARPS)
      return cfg_reject(cfg, P_SHELL_WARPS, "more warp slots than the MRPB's warp-ID signature has queues (48)");
    if (sig == MRPB_SIG_BLOCK && m->ntbs > MRPB_BLOCKS)
      return cfg_reject(cfg, P_SHELL_TBS, "more TB slots than the MRPB's block-ID signature has queues (8)");
    /* store data: the shell models no data, so the MRPB's store-data path is
     * one bit wide; the byte mask travels in the payload */
    if (mrpb_init(&m->mrpb, sig, (unsigned)CFG(cfg, MRPB_ENTRIES), (unsigned)CFG(cfg, MRPB_LATENCY), g.line + law, 1,
                  (unsigned)CFG(cfg, MRPB_CNT_W)))
      return cfg_reject(cfg, P_SHELL_MRPB, "MRPB construction failed");
    mrpb_mode_from_cfg(&m->mrpb_in, cfg);
  }
  m->w_q = calloc(m->nwarps, sizeof *m->w_q);
  m->w_d = calloc(m->nwarps, sizeof *m->w_d);
  m->t_q = calloc(m->ntbs, sizeof *m->t_q);
  m->t_d = calloc(m->ntbs, sizeof *m->t_d);
  m->wst = calloc(m->nwarps + m->ntbs, 1);
  m->wlist = calloc(m->nwarps, sizeof *m->wlist);
  if (!m->w_q || !m->w_d || !m->t_q || !m->t_d || !m->wst || !m->wlist || l1d_init(&m->l1d, &g) ||
      shell_q_init(&m->injq, (unsigned)CFG(cfg, SHELL_XBAR_Q)))
    return cfg_reject(cfg, P_SHELL_SMS, "out of memory");
  l1d_modes_from_cfg(cfg, &m->l1d.in);
  if (shell_byp_init(&m->byp, cfg, id)) return -1; /* its one error line is printed */
  shell_ccn_init(&m->ccn, cfg, id);
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
  if (m->l1d.valid_q) l1d_free(&m->l1d);
  if (m->use_mrpb) mrpb_free(&m->mrpb);
  shell_q_free(&m->injq);
  shell_byp_free(&m->byp);
  shell_ccn_free(&m->ccn);
}

void shell_sm_reset(shell_sm_t *m) {
  memset(m->w_q, 0, m->nwarps * sizeof *m->w_q);
  memset(m->t_q, 0, m->ntbs * sizeof *m->t_q);
  memset(m->wst, 0, m->nwarps + m->ntbs);
  m->nw_st = m->nt_st = 0;
  m->last_q = m->nwarps - 1;
  m->fptr_q = m->fetch_v_q = m->fetch_w_q = m->ifetch_v_q = m->ifetch_w_q = m->age_q = 0;
  m->l_busy_q = m->l_wait_q = m->l_store_q = m->l_warp_q = m->l_size_q = m->l_pend_q = m->l_pc_q = 0;
  memset(m->l_addr_q, 0, sizeof m->l_addr_q);
  shell_q_reset(&m->injq);
  l1d_reset(&m->l1d);
  if (m->use_mrpb) mrpb_reset(&m->mrpb);
  shell_byp_reset(&m->byp);
  shell_ccn_reset(&m->ccn);
  memset(m->st, 0, sizeof m->st);
}

shell_warp_t *shell_sm_w(shell_sm_t *m, unsigned w) {
  if (!m->wst[w]) {
    m->wst[w] = 1;
    m->w_d[w] = m->w_q[w];
    m->wlist[m->nw_st++] = w;
  }
  return &m->w_d[w];
}

shell_tb_t *shell_sm_t_(shell_sm_t *m, unsigned t) {
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
  shell_tb_t *tb = shell_sm_t_(m, t);
  if (!tb->nbar || tb->nbar + tb->nexit != tb->nw) return;
  tb->nbar = 0;
  for (unsigned w = 0; w < m->nwarps; w++)
    if (m->w_q[w].valid && m->w_q[w].tb == t && (m->wst[w] ? m->w_d[w].bar : m->w_q[w].bar)) shell_sm_w(m, w)->bar = 0;
}

int shell_sm_comb(shell_t *s, shell_sm_t *m, const shell_msg_t *fill) {
  const uint32_t cyc = s->cycle_q;
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

  /* ---- environment answers to last cycle's registered requests -------- */
  for (unsigned f = 0; f < 2; f++) {
    if (!(f ? m->ifetch_v_q : m->fetch_v_q)) continue;
    unsigned w = f ? m->ifetch_w_q : m->fetch_w_q;
    const shell_warp_t *W = &m->w_q[w];
    const wl_rec_t *r = shell_env_rec(s, m->t_q[W->tb].block, W->wib, W->pc);
    shell_warp_t *D = shell_sm_w(m, w);
    D->ibv = 1;
    D->kind = r->kind;
    D->count = r->count;
    D->size = r->size;
    D->mask = r->mask;
  }
  if (m->l_wait_q) {
    const shell_warp_t *W = &m->w_q[m->l_warp_q];
    const wl_rec_t *r = shell_env_rec(s, m->t_q[W->tb].block, W->wib, m->l_pc_q);
    const uint32_t *a = &s->wl->pool[r->addr];
    for (unsigned l = 0, k = 0; l < WL_LANES; l++) m->l_addr_d[l] = (r->mask >> l & 1) ? a[k++] : 0;
    m->l_pend_d = r->mask;
    m->l_wait_d = 0;
  }

  /* ---- the coalescer: the LD/ST unit's request this cycle -------------- */
  uint32_t lreq = m->l_busy_q && !m->l_wait_q && m->l_pend_q != 0;
  uint32_t lline = 0, lsame = 0, lmask[8] = {0};
  if (lreq) {
    unsigned lead = (unsigned)__builtin_ctz(m->l_pend_q);
    lline = m->l_addr_q[lead] >> m->offw;
    for (uint32_t p = m->l_pend_q; p; p &= p - 1) {
      unsigned l = (unsigned)__builtin_ctz(p);
      if (m->l_addr_q[l] >> m->offw != lline) continue;
      lsame |= 1u << l;
      if (m->l_store_q) {
        unsigned off = m->l_addr_q[l] & (m->line - 1);
        for (unsigned b = 0; b < m->l_size_q && off + b < m->line; b++) lmask[(off + b) >> 5] |= 1u << ((off + b) & 31);
      }
    }
  }
  const shell_warp_t *LW = &m->w_q[m->l_warp_q];
  l1d_in_t *in = &m->l1d.in;
  unsigned mw = bits_words(m->line);
  if (m->use_mrpb) {
    mrpb_in_t *mi = &m->mrpb_in;
    mi->enq_valid_i = lreq;
    mi->enq_wid_i = m->l_warp_q;
    mi->enq_bid_i = LW->tb;
    mi->enq_bwid_i = LW->wib;
    mi->enq_store_i = m->l_store_q;
    memset(mi->enq_payload_i, 0, sizeof mi->enq_payload_i);
    memcpy(mi->enq_payload_i, lmask, mw * 4); /* {line, mask}: mask at bit 0 */
    bits_set(mi->enq_payload_i, m->line, 32 - m->offw, lline);
    mi->stat_sel_i = 0;
    const mrpb_t *P = &m->mrpb;
    in->req_valid_i = P->out_valid_q;
    in->req_store_i = P->out_store_q;
    in->req_id_i = P->out_wid_q;
    in->req_addr_i = (uint32_t)bits_get(P->out_payload_q, m->line, 32 - m->offw) << m->offw;
    memcpy(in->req_mask_i, P->out_payload_q, mw * 4);
    const shell_warp_t *OW = &m->w_q[P->out_wid_q];
    shell_byp_req(&m->byp, OW->pc - 1, P->out_store_q); /* the head's warp waits on this load: its pc is past it */
    in->req_byp_i = P->out_bypass_q ||
                    (!P->out_store_q && shell_byp_decide(&m->byp, P->out_wid_q, OW->tb, m->t_q[OW->tb].block));
  } else {
    in->req_valid_i = lreq;
    in->req_store_i = m->l_store_q;
    in->req_id_i = m->l_warp_q;
    in->req_addr_i = lline << m->offw;
    memcpy(in->req_mask_i, lmask, mw * 4);
    shell_byp_req(&m->byp, m->l_pc_q, m->l_store_q);
    in->req_byp_i = !m->l_store_q && shell_byp_decide(&m->byp, m->l_warp_q, LW->tb, m->t_q[LW->tb].block);
  }
  const shell_msg_t *xfill = fill; /* the crossbar's response; a line the CCN ring delivered goes first */
  shell_msg_t cfill = {m->id, 0, 0, 0, 0, 0};
  if (shell_ccn_fill(&m->ccn, &cfill.line)) fill = &cfill;
  in->fill_valid_i = fill != NULL;
  if (fill) {
    in->fill_addr_i = fill->line;
    in->fill_byp_i = fill->byp;
    in->fill_id_i = fill->id;
    in->fill_data_i[0] = fill->line; /* the environment's line contents (docs/shell.md) */
  }
  in->mem_req_ready_i = !shell_q_full(&m->injq) && shell_ccn_mem_ready(&m->ccn);
  shell_ccn_rmt(&m->ccn, &in->rmt_valid_i, &in->rmt_addr_i);
  l1d_comb(&m->l1d);
  const l1d_out_t *o = &m->l1d.out;
  uint32_t l1_take = in->req_valid_i && o->req_ready_o;
  uint32_t accepted;
  if (m->use_mrpb) {
    m->mrpb_in.deq_ready_i = o->req_ready_o;
    m->mrpb_in.l1d_fail_i = o->req_fail_o;
    m->mrpb_in.barrier_i = 0;
    mrpb_comb(&m->mrpb, &m->mrpb_in, &m->mrpb_out);
    accepted = lreq && m->mrpb_out.enq_ready_o;
  } else
    accepted = l1_take;
  shell_byp_events(&m->byp, o, l1_take, in->req_byp_i);
  if (in->rmt_valid_i) shell_ccn_remote(&m->ccn, o->rmt_hit_o, o->rmt_data_o);

  /* ---- LD/ST acceptance ------------------------------------------------- */
  if (accepted) {
    m->l_pend_d = m->l_pend_q & ~lsame;
    if (!m->l_store_q) {
      shell_sm_w(m, m->l_warp_q)->ld++;
      m->st[SHS_LDREQ]++;
    } else
      m->st[SHS_STREQ]++;
    if (!m->l_pend_d) m->l_busy_d = 0;
  }

  /* ---- load responses --------------------------------------------------- */
  if (o->rsp_valid_o) {
    unsigned w = o->rsp_id_o;
    shell_warp_t *D = w < m->nwarps ? shell_sm_w(m, w) : NULL;
    if (!D || !m->w_q[w].valid || D->ld == 0) {
      snprintf(s->err, sizeof s->err, "cycle %u SM %u: load response for warp %u, which has no load outstanding", cyc,
               m->id, w);
    } else {
      D->ld--;
      m->st[SHS_LDRSP]++;
      if (!D->ld && !(m->l_busy_d && m->l_warp_q == w)) {
        m->st[SHS_LDINST]++;
        m->st[SHS_LDLAT] += cyc + 1 - D->ldt;
      }
    }
  }

  /* ---- memory port: the L1D's request toward L2 ------------------------- */
  if (o->mem_req_valid_o && in->mem_req_ready_i && !shell_ccn_miss(&m->ccn, o->mem_req_addr_o, o->mem_req_store_o || o->mem_req_byp_o)) {
    shell_msg_t msg = {m->id, o->mem_req_addr_o, o->mem_req_id_o, o->mem_req_store_o, o->mem_req_byp_o, 0};
    shell_q_push(&m->injq, &msg);
  }
  uint32_t cl2;
  if (shell_ccn_l2(&m->ccn, &cl2, !shell_q_full(&m->injq))) { /* the ring's L2 request (the L1D was held off) */
    shell_msg_t msg = {m->id, cl2, 0, 0, 0, 0};
    shell_q_push(&m->injq, &msg);
  }

  /* ---- scheduler: at most one warp instruction issues ------------------- */
  int gto = CFG(&s->cfg, SHELL_SCHED) == SHELL_SCHED_GTO;
  unsigned pick = ~0u, best_age = ~0u, any = 0, memwait = 0, lsuwait = 0;
  for (unsigned k = 0; k < m->nwarps; k++) {
    unsigned w = gto ? k : (m->last_q + 1 + k) % m->nwarps;
    const shell_warp_t *W = &m->w_q[w];
    if (!W->valid) continue;
    any = 1;
    if (W->ld || (m->l_busy_q && m->l_warp_q == w)) { memwait = 1; continue; }
    if (!W->ibv || W->bar || (int32_t)(W->ready - cyc) > 0) continue;
    if ((W->kind == WL_LD || W->kind == WL_ST) && m->l_busy_q) { lsuwait = 1; continue; }
    if (!gto) { pick = w; break; }
    if (w == m->last_q) { pick = w; break; }
    if (W->age < best_age) { best_age = W->age; pick = w; }
  }
  if (pick != ~0u) {
    const shell_warp_t *W = &m->w_q[pick];
    shell_warp_t *D = shell_sm_w(m, pick);
    m->last_d = pick;
    m->st[SHS_ISSUE]++;
    m->st[SHS_INSTS] += W->count;
    D->ibv = 0;
    D->pc = W->pc + 1;
    switch (W->kind) {
    case WL_ALU: D->ready = cyc + W->count; break;
    case WL_LD:
    case WL_ST:
      m->l_busy_d = 1;
      m->l_wait_d = 1;
      m->l_store_d = W->kind == WL_ST;
      m->l_warp_d = pick;
      m->l_size_d = W->size;
      m->l_pc_d = W->pc;
      m->l_pend_d = 0;
      D->ldt = cyc;
      break;
    case WL_BAR:
      D->bar = 1;
      shell_sm_t_(m, W->tb)->nbar++;
      bar_check(m, W->tb);
      break;
    default: { /* WL_EXIT */
      D->valid = 0;
      shell_tb_t *T = shell_sm_t_(m, W->tb);
      T->nexit++;
      if (T->nexit == T->nw) {
        T->valid = 0;
        shell_byp_tb_done(&m->byp, W->tb);
      } else
        bar_check(m, W->tb);
    }
    }
  } else if (any)
    m->st[memwait ? SHS_STALL_MEM : lsuwait ? SHS_STALL_LSU : SHS_STALL_IDLE]++;

  /* ---- fetch: the issuing warp's next record (unless it exits), and one
   * other warp's round-robin, are asked from the environment ------------ */
  if (pick != ~0u && m->w_q[pick].kind != WL_EXIT) {
    m->ifetch_v_d = 1;
    m->ifetch_w_d = pick;
  }
  for (unsigned k = 0; k < m->nwarps; k++) {
    unsigned w = (m->fptr_q + k) % m->nwarps;
    const shell_warp_t *W = &m->w_q[w];
    if (!W->valid || W->ibv || (m->fetch_v_q && m->fetch_w_q == w) || (m->ifetch_v_q && m->ifetch_w_q == w) || w == pick)
      continue;
    m->fetch_v_d = 1;
    m->fetch_w_d = w;
    m->fptr_d = (w + 1) % m->nwarps;
    break;
  }
  if (fill == &cfill && o->fill_ready_o) shell_ccn_filled(&m->ccn);
  return fill && fill == xfill && o->fill_ready_o;
}

void shell_sm_commit(shell_sm_t *m) {
  if (shell_byp_wants_warps(&m->byp)) { /* the WOMU's view: warps holding a valid instruction this cycle */
    uint32_t ib[WOMU_MAX_WARPS / 32] = {0}, nw = 0;
    for (unsigned w = 0; w < m->nwarps && w < WOMU_MAX_WARPS; w++) {
      nw += m->w_q[w].valid; /* CHSS warp_cnt_i: active warps */
      if (m->w_q[w].valid && m->w_q[w].ibv) ib[w / 32] |= 1u << (w % 32);
    }
    shell_byp_ibuf(&m->byp, ib);
    shell_byp_warps(&m->byp, nw);
  }
  for (unsigned i = 0; i < m->nw_st; i++) {
    unsigned w = m->wlist[i];
    m->w_q[w] = m->w_d[w];
    m->wst[w] = 0;
  }
  for (unsigned i = 0; i < m->nt_st; i++) {
    unsigned t = m->tst[i];
    m->t_q[t] = m->t_d[t];
    m->wst[m->nwarps + t] = 0;
  }
  m->nw_st = m->nt_st = 0;
  m->last_q = m->last_d;
  m->fptr_q = m->fptr_d;
  m->age_q = m->age_d;
  m->fetch_v_q = m->fetch_v_d;
  m->fetch_w_q = m->fetch_w_d;
  m->ifetch_v_q = m->ifetch_v_d;
  m->ifetch_w_q = m->ifetch_w_d;
  if (m->l_wait_q) memcpy(m->l_addr_q, m->l_addr_d, sizeof m->l_addr_q); /* the only cycle l_addr is written */
  m->l_busy_q = m->l_busy_d;
  m->l_wait_q = m->l_wait_d;
  m->l_store_q = m->l_store_d;
  m->l_warp_q = m->l_warp_d;
  m->l_size_q = m->l_size_d;
  m->l_pend_q = m->l_pend_d;
  m->l_pc_q = m->l_pc_d;
  shell_q_commit(&m->injq);
  l1d_commit(&m->l1d);
  if (m->use_mrpb) mrpb_commit(&m->mrpb);
  shell_byp_commit(&m->byp);
  shell_ccn_commit(&m->ccn);
}
