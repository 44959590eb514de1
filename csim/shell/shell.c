/* shell.c -- the shell's top: the SMs (shell_sm.c), TB dispatcher,
 * request and response crossbars, L2 banks, the hooks (bypass controllers,
 * CCN nodes) and the environment (workload records, DRAM).  See shell.h and
 * docs/shell.md.  Order of shell_comb: every SM's first phase (environment
 * answers, registered outputs) -> crossbar inputs and offers -> dispatcher
 * -> every SM's second phase with its hooks -> request crossbar and pops ->
 * L2 banks + DRAM -> kernel-start and dispatch hooks. */
#include "shell.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bits.h"

/* SM i sleeps this cycle: idle at the end of each of the last
 * SHELL_SM_SETTLE cycles (docs/shell.md, "Scale"): its comb and commit are
 * skipped until the dispatcher or the response crossbar has something for
 * it; its outputs stay last cycle's (those of an idle SM). */
#define SM_ASLEEP(s, i) ((s)->dorm[i] >= SHELL_SM_SETTLE)

/* L2 bank b sleeps this cycle: it ended each of the last SHELL_L2_SETTLE
 * cycles settled (shell_l2_settled: decide stage, replay slot and response
 * queue empty; the request queue may hold requests in their ROP delay) and
 * with idle inputs (no request, no DRAM response).  From the second such
 * cycle on, a comb with idle inputs computes exactly what the last one did
 * (the decide stage's message has settled to the request queue's head row,
 * nothing is read or written), and the one register that moves is the
 * cycle counter: comb and commit are skipped until a request or a DRAM
 * response arrives or the head's ROP delay ends (shell_l2_head_ready); the
 * outputs stay last cycle's (docs/shell.md, "Scale").  A cycle whose
 * comb already found that fixpoint (shell_l2_t.fix: settled at its start,
 * nothing taken in or read, the decide stage's message already the one it
 * loads) puts the bank to sleep from the next cycle on, without the second
 * cycle: its next state is its state but the counter.  Not hardware:
 * lockstep compares every register of every bank every cycle, asleep or
 * not. */
#define SHELL_L2_SETTLE 2
#define L2_ASLEEP(s, b) ((s)->l2_dorm[b] >= SHELL_L2_SETTLE)

const wl_rec_t *shell_env_rec(const shell_t *s, uint32_t block, uint32_t wib, uint32_t pc) {
  const uint32_t kq = s->disp.kern_q;
  const wl_kernel_t *k = &s->wl->k[kq < s->wl->nk ? kq : s->wl->nk - 1];
  uint32_t i = block * k->warps + wib;
  uint32_t p = pc < k->wlen[i] ? pc : k->wlen[i] - 1;
  return &s->wl->rec[k->wfirst[i] + p];
}

int shell_init(shell_t *s, const l1sys_cfg_t *cfg, const shell_wl_t *wl) {
  memset(s, 0, sizeof *s);
  s->cfg = *cfg;
  s->wl = wl;
  s->nsm = (unsigned)CFG(cfg, SHELL_SMS);
  s->nwarps = (unsigned)CFG(cfg, SHELL_WARPS);
  s->ntbs = (unsigned)CFG(cfg, SHELL_TBS);
  s->nbanks = (unsigned)CFG(cfg, SHELL_L2_BANKS);
  s->smw = shell_xbar_sw(s->nsm);
  s->line = (unsigned)CFG(cfg, L1D_LINE);
  if (shell_mem_derive(cfg, &s->mem)) return -1;
  s->flits_line = s->mem.flits_line;
  for (uint32_t k = 0; k < wl->nk; k++)
    if (wl->k[k].warps > s->nwarps) {
      char kn[300];
      fprintf(stderr, "error: parameter SHELL_WARPS=%u: kernel %s has blocks of %u warps, more than an SM holds\n",
              s->nwarps, cfg_escape(wl->k[k].name, strlen(wl->k[k].name), kn, sizeof kn), wl->k[k].warps);
      return -1;
    }
  if (wl->addr_w > (unsigned)CFG(cfg, L1D_ADDR_W)) {
    fprintf(stderr, "error: parameter L1D_ADDR_W=%lld: narrower than the workload's addresses (%u bits)\n",
            CFG(cfg, L1D_ADDR_W), wl->addr_w);
    return -1;
  }
  s->sm = calloc(s->nsm, sizeof *s->sm);
  s->byp = calloc(s->nsm, sizeof *s->byp);
  s->ccn = calloc(s->nsm, sizeof *s->ccn);
  s->env = calloc(s->nsm, sizeof *s->env);
  s->dorm = calloc(s->nsm, 1);
  s->srep = calloc(s->nsm, 1);
  s->zt = calloc(s->nsm, sizeof *s->zt);
  s->zwake = calloc(s->nsm, sizeof *s->zwake);
  s->l2 = calloc(s->nbanks, sizeof *s->l2);
  s->dram = calloc(s->nbanks, sizeof *s->dram);
  s->dram_hs = calloc(s->nbanks, sizeof *s->dram_hs);
  s->l2_dorm = calloc(s->nbanks, 1);
  s->l2_skip = calloc(s->nbanks, 1);
  s->l2_wake = calloc(s->nbanks, sizeof *s->l2_wake);
  s->l2_bz = calloc(s->nbanks, 1);
  s->l2_bt = calloc(s->nbanks, sizeof *s->l2_bt);
  if (!s->sm || !s->byp || !s->ccn || !s->env || !s->dorm || !s->srep || !s->zt || !s->zwake || !s->l2 || !s->dram || !s->dram_hs || !s->l2_dorm || !s->l2_skip || !s->l2_wake || !s->l2_bz || !s->l2_bt)
    return -1;
  for (unsigned i = 0; i < s->nsm; i++) {
    if (shell_sm_init(&s->sm[i], i, cfg) || shell_byp_init(&s->byp[i], cfg, i)) { /* their one error line is printed */
      shell_free(s);
      return -1;
    }
    shell_ccn_init(&s->ccn[i], cfg, i);
    s->sm[i].want_occ = shell_byp_wants_warps(&s->byp[i]);
    s->ccn_any |= s->ccn[i].variant != SHELL_CCN_OFF;
  }
  for (unsigned i = 0; i < s->nsm; i++) /* bypass controllers: SM0 leads (CHSS), per-kernel TB_max */
    if (shell_byp_attach(&s->byp[i], &s->byp[0]), shell_ccn_attach(&s->ccn[i], &s->ccn[0], cfg, s->nsm)) {
      shell_free(s);
      return -1;
    }
  /* the memory side carries the L1D's atoms (a line, or a sector): atw
   * address bits; the banks keep whole lines (atom >> sectw) */
  const unsigned sectw = bits_clog2((uint32_t)CFG(cfg, L1D_SECTORS));
  const unsigned atw = (unsigned)CFG(cfg, L1D_ADDR_W) - bits_clog2(s->line) + sectw;
  if (s->nsm > SHELL_DISP_MAX || shell_disp_init(&s->disp, s->nsm)) {
    shell_free(s);
    return -1;
  }
  if (shell_xbar_init(&s->xbar, s->nsm, s->nbanks, atw, sectw, (unsigned)CFG(cfg, L1D_ID_W), s->flits_line,
                      (unsigned)CFG(cfg, SHELL_EJQ), (unsigned)CFG(cfg, SHELL_XBAR_SPEEDUP),
                      (unsigned)CFG(cfg, SHELL_XBAR_BQ))) {
    shell_free(s);
    return -1;
  }
  for (unsigned b = 0; b < s->nbanks; b++)
    if (shell_l2_init(&s->l2[b], (unsigned)CFG(cfg, SHELL_L2_SETS), (unsigned)CFG(cfg, SHELL_L2_WAYS),
                      (unsigned)CFG(cfg, SHELL_L2_ROP_LAT), s->mem.reqq, s->mem.rspq,
                      atw, sectw, (unsigned)CFG(cfg, L1D_ID_W), s->smw, s->nbanks,
                      (unsigned)CFG(cfg, SHELL_L2_SET_IDX), CFG(cfg, SHELL_L2_WRITE) == SHELL_L2_WRITE_BACK) ||
        shell_dram_init(&s->dram[b], s->mem.dram_depth, s->mem.dram_credits, (uint32_t)CFG(cfg, SHELL_DRAM_LAT), s->mem.dram_rd_ivl_fp,
                        s->mem.dram_st_ivl_fp)) {
      shell_free(s);
      return -1;
    }
  shell_reset(s);
  return 0;
}

void shell_free(shell_t *s) {
  if (s->sm)
    for (unsigned i = 0; i < s->nsm; i++) shell_sm_free(&s->sm[i]);
  if (s->byp)
    for (unsigned i = 0; i < s->nsm; i++) shell_byp_free(&s->byp[i]);
  if (s->ccn)
    for (unsigned i = 0; i < s->nsm; i++) shell_ccn_free(&s->ccn[i]);
  if (s->l2)
    for (unsigned b = 0; b < s->nbanks; b++) {
      shell_l2_free(&s->l2[b]);
      if (s->dram) shell_dram_free(&s->dram[b]);
    }
  shell_xbar_free(&s->xbar);
  free(s->sm);
  free(s->byp);
  free(s->ccn);
  free(s->env);
  free(s->dorm);
  free(s->srep);
  free(s->zt);
  free(s->zwake);
  s->dorm = s->srep = NULL;
  s->zt = s->zwake = NULL;
  free(s->l2_dorm);
  free(s->l2_skip);
  free(s->l2_wake);
  free(s->l2_bz);
  free(s->l2_bt);
  s->l2_wake = s->l2_bt = NULL;
  s->l2_bz = NULL;
  s->l2_dorm = s->l2_skip = NULL;
  s->byp = NULL;
  s->ccn = NULL;
  s->env = NULL;
  free(s->l2);
  free(s->dram);
  free(s->dram_hs);
  s->sm = NULL;
  s->l2 = NULL;
}

void shell_reset(shell_t *s) {
  for (unsigned i = 0; i < s->nsm; i++) {
    shell_sm_reset(&s->sm[i]);
    shell_byp_reset(&s->byp[i]);
    shell_ccn_reset(&s->ccn[i]);
    if (s->ccn[i].variant == SHELL_CCN_OFF) { /* the off hook's constant answers: set once (shell_comb writes them only with a node) */
      shell_sm_in_t *in = &s->sm[i].in;
      in->ccn_fill_valid_i = in->ccn_fill_line_i = 0;
      in->ccn_mem_ready_i = 1;
      in->ccn_l2_valid_i = in->ccn_l2_line_i = 0;
      in->rmt_valid_i = in->rmt_addr_i = 0;
    }
    memset(&s->env[i], 0, sizeof s->env[i]);
  }
  memset(s->dorm, 0, s->nsm);
  memset(s->srep, 0, s->nsm);
  memset(s->l2_dorm, 0, s->nbanks);
  memset(s->l2_skip, 0, s->nbanks);
  memset(s->zz, 0, sizeof s->zz);
  memset(s->zz_tbf, 0, sizeof s->zz_tbf);
  memset(s->zz_busy, 0, sizeof s->zz_busy);
  memset(s->zz_injv, 0, sizeof s->zz_injv);
  memset(s->zz_injst, 0, sizeof s->zz_injst);
  memset(s->zz_injbyp, 0, sizeof s->zz_injbyp);
  memset(s->zzf, 0, sizeof s->zzf);
  memset(s->zl, 0, sizeof s->zl);
  s->zzmay = s->zfany = 0;
  memset(s->zwv, 0, sizeof s->zwv);
  s->zwmay = 0;
  s->zw_next = 0;
  s->zw_wakes = 0;
  s->lead_watch = s->nsm > 1 && s->byp[1].in.mode_follow_i;
  s->lead_tbbg = s->byp[0].hw.i_chss.tb_bg_q;
  s->lead_wake = 0;
  s->lead_wakes = 0;
  s->zz_pops = 0;
  s->ccn_wakes = 0;
  for (unsigned w = 0; w < SHELL_XBAR_MW; w++) /* (the SMs there are, in words) */
    s->smask[w] = s->nsm >= 32 * (w + 1) ? ~0u : s->nsm > 32 * w ? (1u << (s->nsm - 32 * w)) - 1 : 0;
  memset(s->l2_bz, 0, s->nbanks);
  memset(s->bzv, 0, sizeof s->bzv);
  s->bzmay = 0;
  s->bz_next = 0;
  for (unsigned w = 0; w < SHELL_XBAR_MW; w++) /* (the banks there are, in words) */
    s->bmask[w] = s->nbanks >= 32 * (w + 1) ? ~0u : s->nbanks > 32 * w ? (1u << (s->nbanks - 32 * w)) - 1 : 0;
  s->hk_kst = s->hk_blk = 0;
  shell_xbar_reset(&s->xbar);
  memset(&s->xbar.in, 0, sizeof s->xbar.in);
  memset(&s->xbar.out, 0, sizeof s->xbar.out);
  for (unsigned b = 0; b < s->nbanks; b++) {
    shell_l2_reset(&s->l2[b]);
    memset(&s->l2[b].in, 0, sizeof s->l2[b].in);
    memset(&s->l2[b].out, 0, sizeof s->l2[b].out);
    shell_dram_reset(&s->dram[b]);
    memset(&s->dram_hs[b], 0, sizeof s->dram_hs[b]);
  }
  shell_disp_reset(&s->disp);
  memset(&s->disp.in, 0, sizeof s->disp.in);
  memset(&s->disp.out, 0, sizeof s->disp.out);
  s->cycle_q = 0;
  s->kstart_q = 1; /* kernel 0 starts in the first cycle */
  s->kern_tbmax_i = 0;
  s->done = 0;
  s->err[0] = 0;
  s->xbar_req_flits = s->xbar_rsp_flits = 0;
}

/* ---- L2 bank (csim/shell/shell_l2.c, the twin of rtl/shell/shell_l2.sv)
 * and its DRAM channel (environment, csim/shell/shell_dram.h). */
static inline __attribute__((always_inline)) void l2_comb(shell_t *s, unsigned b) {
  shell_l2_t *L = &s->l2[b];
  shell_dram_t *D = &s->dram[b];
  shell_l2_in_t *in = &L->in;
  if (!s->ext_env) {
    const shell_dram_ent_t *h = shell_dram_rsp(D, s->cycle_q);
    in->dram_req_ready_i = shell_dram_ready(D);
    in->dram_rsp_valid_i = h != NULL;
    in->dram_rsp_sm_i = h ? h->sm : 0;
    in->dram_rsp_line_i = h ? h->line : 0;
    in->dram_rsp_id_i = h ? h->id : 0;
    in->dram_rsp_byp_i = h ? h->byp : 0;
    in->dram_rsp_set_i = h ? h->set : 0;
  }
  shell_dram_hs_t *hs = &s->dram_hs[b];
  s->l2_skip[b] = L2_ASLEEP(s, b) && !in->req_valid_i && !in->dram_rsp_valid_i && !shell_l2_head_ready(L);
  if (s->l2_skip[b]) { /* asleep: last cycle's outputs stand; no handshake fires */
    hs->req_fire = hs->rsp_fire = 0;
    return;
  }
  shell_l2_comb(L);
  const shell_l2_out_t *o = &L->out;
  hs->rsp_fire = in->dram_rsp_valid_i && o->dram_rsp_ready_o;
  hs->req_fire = shell_dram_req_fire(o->dram_req_valid_o, in->dram_req_ready_i, hs->rsp_fire);
  shell_dram_ent_t r = {o->dram_req_sm_o, o->dram_req_line_o, o->dram_req_id_o, o->dram_req_store_o, o->dram_req_byp_o, 0,
                        o->dram_req_set_o};
  hs->req = r;
}

/* SM i's counters, left out since the shell's cycle zt[i] (in zl): each
 * left-out cycle would have counted its cycle (cyc_d = ++cyc_q) and its
 * quiet hook's (shell_byp_commit: cyc++); asleep, nothing else; repeating
 * (shell_sm_comb_rep / shell_sm_commit_rep), also a memory-stall cycle and
 * its L1D's repeated stall (l1d_rep_advance). */
static void sm_sync(shell_t *s, unsigned i) {
  const uint32_t n = s->cycle_q - s->zt[i];
  shell_sm_t *m = &s->sm[i];
  m->cyc_d = m->cyc_q += n;
  shell_byp_advance(&s->byp[i], n); /* (its cycle counter; a unit that only counts, its registers: shell_byp_still_for) */
  if (m->use_mrpb) mrpb_rep_advance(&m->i_mrpb, n); /* (asleep or repeating: the counts of the cycle it repeats) */
  if (s->ccn_any) shell_ccn_advance(&s->ccn[i], n); /* (its ring node at rest: shell_ccn_at_rest) */
  if (!SM_ASLEEP(s, i)) { /* (in zz and not asleep: repeating) */
    m->st[SHS_STALL_MEM] += n;
    l1d_rep_advance(&m->i_l1d, n);
  }
  s->zt[i] = s->cycle_q;
}

void shell_sync(shell_t *s) {
  for (unsigned w = 0; w < SHELL_XBAR_MW; w++) {
    for (uint32_t x = s->zl[w]; x; x &= x - 1) sm_sync(s, w * 32 + (unsigned)__builtin_ctz(x));
    for (uint32_t x = s->bzv[w]; x; x &= x - 1) { /* (a bank of l2_bz: each cycle left out counted its cycle) */
      const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      s->l2[b].cyc_q += s->cycle_q - s->l2_bt[b];
      s->l2_bt[b] = s->cycle_q;
    }
  }
}

/* SM i leaves zz (woken, or its repeat ended): its bits out of zz and of
 * the bit vectors that stand for its outputs. */
static inline void zz_leave(shell_t *s, unsigned i) {
  const uint32_t nb = ~(1u << (i & 31));
  const unsigned w = i >> 5;
  s->zz[w] &= nb, s->zz_tbf[w] &= nb, s->zz_busy[w] &= nb;
  s->zz_injv[w] &= nb, s->zz_injst[w] &= nb, s->zz_injbyp[w] &= nb;
  s->zwv[w] &= nb;
}

/* SM i's first half (shell_comb's first pass): the environment's answers,
 * what depends on registers only, and what the crossbar's injection
 * inputs and the dispatcher's slot inputs read of it. */
static inline __attribute__((always_inline)) void sm_first(shell_t *s, unsigned i) {
  shell_xbar_in_t *xi = &s->xbar.in;
  shell_disp_in_t *pi = &s->disp.in;
  shell_sm_t *m = &s->sm[i];
  if (!SM_ASLEEP(s, i) && !s->srep[i]) { /* (else at its fixpoint, or repeating: last cycle's outputs stand) */
    shell_sm_in_t *in = &m->in;
    const shell_env_req_t *e = &s->env[i];
    if (!s->ext_env) {
      if (e->fv) {
        const wl_rec_t *r = shell_env_rec(s, e->fb, e->fw, e->fp);
        in->fetch_kind_i = r->kind, in->fetch_count_i = r->count, in->fetch_size_i = r->size, in->fetch_mask_i = r->mask;
      }
      if (e->iv) {
        const wl_rec_t *r = shell_env_rec(s, e->ib, e->iw, e->ip);
        in->ifetch_kind_i = r->kind, in->ifetch_count_i = r->count, in->ifetch_size_i = r->size, in->ifetch_mask_i = r->mask;
      }
      if (e->lv) {
        const wl_rec_t *r = shell_env_rec(s, e->lb, e->lw, e->lp);
        shell_wl_lane_addrs(s->wl->pool, r, in->lsu_addr_i);
        in->lsu_mask_i = r->mask;
        in->lsu_tag_i = shell_byp_tag_of(s->tags, s->disp.kern_q, r->site); /* (keyed by the static site) */
      }
    }
    shell_sm_comb_req(m);
    /* the L1D's remote answer (registers only); with CCN nodes it is
     * read below, into the ring, in its own pass */
    if (!s->ccn_any) shell_sm_comb_rmt(m);
  }
  const shell_sm_out_t *so = &m->out; /* the injection queue's head: registered */
  if (so->inj_valid_o) {
    xi->inj_valid_i[i >> 5] |= 1u << (i & 31);
    xi->inj_line_i[i] = so->inj_line_o;
    xi->inj_id_i[i] = so->inj_id_o;
    xi->inj_store_i[i >> 5] |= so->inj_store_o << (i & 31);
    xi->inj_byp_i[i >> 5] |= so->inj_byp_o << (i & 31);
  }
  pi->tb_free_i[i >> 5] |= so->tb_free_o << (i & 31);
  pi->sm_busy_i[i >> 5] |= so->busy_o << (i & 31);
  pi->free_warps_i[i] = so->free_warps_o;
}

/* The bypass hook's view of SM i's presented request (the profile's key:
 * the load's static site, read only with a profile) -- sm_second's, and
 * sm_unzz's for a repeat a pop ends late. */
static inline __attribute__((always_inline)) void hook_req(shell_t *s, shell_sm_t *m, shell_byp_t *byp) {
  const shell_sm_out_t *so = &m->out;
  shell_byp_req(byp, byp->prof && so->byp_valid_o
                         ? shell_env_rec(s, so->byp_block_o, m->w_q[so->byp_warp_o].wib, so->byp_pc_o)->site : 0,
                so->byp_store_o);
}
/* The L1D's event pulses of SM i's cycle to its hook (s->ev: not cleared
 * per SM and cycle, only these fields are set or read). */
static inline __attribute__((always_inline)) void hook_events(shell_t *s, const shell_sm_out_t *so, shell_byp_t *byp) {
  l1d_out_t *ev = &s->ev;
  ev->ev_access_o = so->ev_access_o, ev->ev_hit_o = so->ev_hit_o, ev->ev_hitres_o = so->ev_hitres_o;
  ev->ev_miss_o = so->ev_miss_o, ev->ev_stall_o = so->ev_stall_o, ev->ev_byp_o = so->ev_byp_o;
  ev->ev_pseudo_o = so->ev_pseudo_o, ev->ev_fill_o = so->ev_fill_o;
  shell_byp_events(byp, ev, so->l1d_take_o, so->l1d_byp_o);
}

/* The cycle's inputs every SM's second half reads alike. */
typedef struct {
  uint32_t cyc, disp_sm, disp_block, disp_warps, kstart;
} sm_pass_t;

/* SM i's second half with its hooks (shell_comb's pass). */
static inline __attribute__((always_inline)) void sm_second(shell_t *s, unsigned i, const sm_pass_t *ps, uint32_t *hk_disp) {
  shell_xbar_in_t *xi = &s->xbar.in;
  const shell_xbar_out_t *xo = &s->xbar.out;
  const uint32_t cyc = ps->cyc, disp_sm = ps->disp_sm, disp_block = ps->disp_block, disp_warps = ps->disp_warps,
                 kstart = ps->kstart;
  shell_sm_t *m = &s->sm[i];
  shell_sm_in_t *in = &m->in;
  const shell_sm_out_t *so = &m->out;
  shell_byp_t *byp = &s->byp[i];
  shell_ccn_t *ccn = &s->ccn[i];
  in->disp_valid_i = disp_sm == i;
  in->disp_block_i = disp_block;
  in->disp_warps_i = disp_warps;
  in->kern_start_i = kstart;
  in->fill_valid_i = shell_xbar_bit(xo->ej_valid_o, i);
#ifdef FAULT_SHELL_LOSE
  /* injected (C alone, the system scoreboard's test): SM 0's fills of lines
   * ending in 0x5 vanish, while the crossbar counts them delivered */
  uint32_t lose = i == 0 && in->fill_valid_i && (xo->ej_line_o[i] & 0xf) == 5;
  if (lose) in->fill_valid_i = 0;
#endif
  in->fill_line_i = xo->ej_line_o[i];
  in->fill_id_i = xo->ej_id_o[i];
  in->fill_byp_i = shell_xbar_bit(xo->ej_byp_o, i);
  in->inj_pop_i = 0;
  /* the profile's key: the presented load's static site (its record's; only the profile reads it) */
  hook_req(s, m, byp);
  in->byp_i = so->byp_valid_o && !so->byp_store_o && shell_byp_decide(byp, so->byp_tb_o, so->byp_tag_o);
  const int ccn_on = s->ccn_any && ccn->variant != SHELL_CCN_OFF; /* off: the hook's calls answer these constants */
  if (ccn_on) {
    const shell_ccn_out_t *co = shell_ccn_outs(ccn);
    in->ccn_fill_valid_i = co->fill_valid_o, in->ccn_fill_line_i = co->fill_line_o;
    in->ccn_mem_ready_i = co->mem_ready_o;
    in->ccn_l2_valid_i = co->l2_valid_o, in->ccn_l2_line_i = co->l2_line_o;
    in->rmt_valid_i = co->rmt_valid_o, in->rmt_addr_i = co->rmt_addr_o;
  } /* (off: the constants shell_reset set stand) */
  if ((SM_ASLEEP(s, i) && (in->disp_valid_i || in->fill_valid_i)) ||
      (s->srep[i] && (in->disp_valid_i || in->fill_valid_i || in->byp_i != m->still_byp ||
                      /* (its ring node offers a line or an L2 request, or becomes
                       * ready for a miss the L1D holds queued: rep_ok 2, l1d.h -- a repeat
                       * with its queues empty, rep_ok 1 or the quiet form, reads no
                       * readiness; the injection queue's room changes only with a pop; a
                       * lookup is served beside the repeat, l1d.c rmt_side, but for an
                       * observed L1D) */
                      in->ccn_fill_valid_i || (in->rmt_valid_i & m->i_l1d.observed) || in->ccn_l2_valid_i ||
                      (m->i_l1d.rep_ok == 2 && shell_sm_l1d_mem_ready(m))))) {
    /* woken, or a repeat ends: the cycle's first half, late */
    s->dorm[i] = s->srep[i] = 0;
    zz_leave(s, i);
    shell_sm_comb_req(m);
    shell_sm_comb_rmt(m); /* (the outputs are last cycle's again: the hooks above saw the same) */
  }
  if (SM_ASLEEP(s, i)) { /* the outputs that follow inputs straight through */
    m->out.hk_kern_start_o = in->kern_start_i;
    m->out.hk_disp_block_o = in->disp_block_i;
  } else if (s->srep[i])
    shell_sm_comb_rep(m);
  else
    shell_sm_comb(m);
  hk_disp[i >> 5] |= (so->hk_disp_valid_o & 1u) << (i & 31);
  const int rep = s->srep[i];
  if (m->stray)
    snprintf(s->err, sizeof s->err, "cycle %u SM %u: load response for warp %u, which has no load outstanding", cyc,
             m->id, m->stray_warp);
  /* (shell_byp_events does nothing without an accepted request, a profiled
   * load being decided or a unit that reads the events: not called then) */
  if (so->l1d_take_o | (byp->prof_v && so->ev_access_o) | byp->hw.run_bdu | byp->hw.run_chss) {
    hook_events(s, so, byp);
  }
  /* a repeated cycle: no miss to the ring, no retired block, no fill; the
   * environment requests stand as registered last cycle (none); its ring
   * node (its inputs cleared at every edge) hears the SM's room for an L2
   * request, which stands too */
  if (rep) {
    if (ccn_on) {
      uint32_t cl2;
      shell_ccn_l2(ccn, &cl2, so->ccn_l2_ready_o);
    }
    return;
  }
  if (ccn_on) {
    if (so->ccn_miss_valid_o) shell_ccn_miss(ccn, so->ccn_miss_line_o, 0);
    uint32_t cl2;
    shell_ccn_l2(ccn, &cl2, so->ccn_l2_ready_o);
  }
  if (so->hk_done_valid_o) shell_byp_tb_done(byp, so->hk_done_slot_o);
  if (in->ccn_fill_valid_i && so->ccn_fill_ready_o) shell_ccn_filled(ccn);
#ifdef FAULT_SHELL_LOSE
  if (lose) xi->ej_ready_i[i >> 5] |= 1u << (i & 31);
#endif
  if (in->fill_valid_i && so->fill_ready_o) {
    xi->ej_ready_i[i >> 5] |= 1u << (i & 31);
    m->st[SHS_EJ_FLITS] += s->flits_line;
    s->xbar_rsp_flits += s->flits_line;
  }
  /* the environment registers this cycle's requests */
  shell_env_req_t *e = &s->env[i];
  e->fv = so->fetch_valid_o, e->fb = so->fetch_block_o, e->fw = so->fetch_wib_o, e->fp = so->fetch_pc_o;
  e->iv = so->ifetch_valid_o, e->ib = so->ifetch_block_o, e->iw = so->ifetch_wib_o, e->ip = so->ifetch_pc_o;
  e->lv = so->lsu_valid_o, e->lb = so->lsu_block_o, e->lw = so->lsu_wib_o, e->lp = so->lsu_pc_o;
}

/* Bank b leaves l2_bz (sent a request, or its time came): its cycle
 * counter catches up with the cycles it was left out since l2_bt, and the
 * crossbar input the first pass did not clear for it is this cycle's (its
 * req_valid_i was 0 when it went in, and only a request, which wakes it,
 * sets it). */
static void l2_unbz(shell_t *s, unsigned b) {
  shell_l2_t *L = &s->l2[b];
  L->cyc_q += s->cycle_q - s->l2_bt[b];
  s->l2_bz[b] = 0;
  s->bzv[b >> 5] &= ~(1u << (b & 31));
  L->in.rsp_ready_i = shell_xbar_bit(s->xbar.out.l2_rsp_ready_o, b);
}

/* The banks' first pass: their crossbar inputs cleared, the crossbar's
 * inputs from their outputs. */
static inline __attribute__((always_inline)) void l2_first(shell_t *s, unsigned b) {
  shell_xbar_in_t *xi = &s->xbar.in;
  shell_l2_t *L = &s->l2[b];
  L->in.req_valid_i = 0;
  L->in.rsp_ready_i = 0;
  /* A bank asleep whose whole last cycle was skipped (l2_skip) has the
   * outputs it had when the crossbar's inputs last took them: those
   * inputs stand (only peek and comb write a bank's outputs, and the
   * cycle after either one takes them here; reset clears both sides). */
  if (L2_ASLEEP(s, b) && s->l2_skip[b]) return;
  if (!L2_ASLEEP(s, b)) shell_l2_peek(L); /* asleep: its outputs are last cycle's */
  shell_xbar_put(xi->l2_req_ready_i, b, L->out.req_ready_o);
  shell_xbar_put(xi->l2_rsp_valid_i, b, L->out.rsp_valid_o);
  xi->l2_rsp_sm_i[b] = L->out.rsp_sm_o;
  xi->l2_rsp_line_i[b] = L->out.rsp_line_o;
  xi->l2_rsp_id_i[b] = L->out.rsp_id_o;
  shell_xbar_put(xi->l2_rsp_byp_i, b, L->out.rsp_byp_o);
}

/* The crossbar pops the injection queue of SM i, repeating in zz: the pop
 * ends the repeat at this edge, so the SM leaves zz.  Left out of this
 * cycle's second pass (in zzf), it takes that pass's repeated form late:
 * its counters catch up with the cycles before this one (sm_sync), its
 * fill fields (don't-cares) and the inputs that pass through are this
 * cycle's, and shell_sm_comb_rep computes the cycle; the commit then
 * visits it (shell_sm_commit_rep sees the pop).  Nothing else of the pass
 * applies to an SM of zz: no hook event, no node, no fill, no dispatch. */
static void sm_unzz(shell_t *s, unsigned i, const sm_pass_t *ps) {
  const unsigned w = i >> 5;
  const uint32_t bit = 1u << (i & 31);
  zz_leave(s, i);
  if (!(s->zzf[w] & bit)) return; /* (visited this cycle: its repeat already computed) */
  shell_sm_t *m = &s->sm[i];
  shell_sm_in_t *in = &m->in;
  const shell_xbar_out_t *xo = &s->xbar.out;
  sm_sync(s, i);
  s->zzf[w] &= ~bit, s->zl[w] &= ~bit;
  s->zz_pops++;
  in->disp_valid_i = 0; /* (zzf: no block dispatched to it, no fill offered) */
  in->disp_block_i = ps->disp_block;
  in->disp_warps_i = ps->disp_warps;
  in->kern_start_i = ps->kstart;
  in->fill_valid_i = 0;
  in->fill_line_i = xo->ej_line_o[i];
  in->fill_id_i = xo->ej_id_o[i];
  in->fill_byp_i = shell_xbar_bit(xo->ej_byp_o, i);
  in->inj_pop_i = 0;
  shell_sm_comb_rep(m);
  shell_byp_t *byp = &s->byp[i];
  if (byp->hw.run_bdu | byp->hw.run_chss) { /* (a unit that counts: the hook's inputs of the cycle, as sm_second stages them) */
    const shell_sm_out_t *so = &m->out;
    hook_req(s, m, byp);
    if (so->byp_valid_o && !so->byp_store_o) (void)shell_byp_decide(byp, so->byp_tb_o, so->byp_tag_o); /* (in->byp_i: the repeat's, unchanged) */
    hook_events(s, so, byp);
  }
}

void shell_comb(shell_t *s) {
  const uint32_t cyc = s->cycle_q;
  /* ---- crossbars (csim/shell/shell_xbar.c, twin of rtl/shell/shell_xbar.sv):
   * inputs from the banks' and injection queues' registered state */
  shell_xbar_t *X = &s->xbar;
  shell_xbar_in_t *xi = &X->in;
  const shell_xbar_out_t *xo = &X->out;
  const unsigned bw = (s->nbanks + 31) / 32;
  if (s->bzmay && (s->bzmay = shell_any_set(s->bzv, bw))) /* (a bank of l2_bz: its inputs and outputs stand) */
    for (unsigned w = 0; w < bw; w++)
      for (uint32_t x = s->bmask[w] & ~s->bzv[w]; x; x &= x - 1) l2_first(s, w * 32 + (unsigned)__builtin_ctz(x));
  else
    for (unsigned b = 0; b < s->nbanks; b++) l2_first(s, b);
  /* ---- SMs, first half: the environment's answers to last cycle's
   * requests, then what depends on registers only (the dispatcher's view,
   * the request presented to the L1D); with them, what the crossbar's
   * injection inputs and the dispatcher's slot inputs read of each SM
   * (registered outputs), in one pass over the SMs */
  /* (an SM in zz offers its injection queue's head as it stands: zz_inj*) */
  memcpy(xi->inj_valid_i, s->zz_injv, sizeof xi->inj_valid_i);
  memcpy(xi->inj_store_i, s->zz_injst, sizeof xi->inj_store_i);
  memcpy(xi->inj_byp_i, s->zz_injbyp, sizeof xi->inj_byp_i);
  memset(xi->ej_ready_i, 0, sizeof xi->ej_ready_i);
  shell_disp_t *P = &s->disp;
  shell_disp_in_t *pi = &P->in;
  /* (an SM in zz adds nothing but its tb_free_o and busy_o, set or not:
   * zz_tbf, zz_busy) */
  memcpy(pi->tb_free_i, s->zz_tbf, sizeof pi->tb_free_i);
  memcpy(pi->sm_busy_i, s->zz_busy, sizeof pi->sm_busy_i);
  const unsigned mw = X->mw;
  if (s->zzmay && (s->zzmay = shell_any_set(s->zz, mw))) /* (zzmay: some bit may be set) */
    for (unsigned w = 0; w < mw; w++)
      for (uint32_t x = s->smask[w] & ~s->zz[w]; x; x &= x - 1) /* (an SM of zz: its contributions stand; zz is asleep) */
        sm_first(s, w * 32 + (unsigned)__builtin_ctz(x));
  else /* (none in zz: every SM, no test) */
    for (unsigned i = 0; i < s->nsm; i++) sm_first(s, i);
  shell_xbar_offer(X);


  /* ---- TB dispatcher: one block per cycle, round-robin over SMs --------- */
  /* the environment describes kernel kern_o; each SM reported its slots above */
  const uint32_t kq = P->kern_q;
  if (!s->ext_env) {
    pi->kern_valid_i = kq < s->wl->nk;
    pi->kern_blocks_i = pi->kern_valid_i ? s->wl->k[kq].blocks : 0;
    pi->kern_warps_i = pi->kern_valid_i ? s->wl->k[kq].warps : 0;
    s->kern_tbmax_i = pi->kern_valid_i ? shell_kern_tbmax(s->nwarps, s->ntbs, pi->kern_warps_i) : 0;
  }
  shell_disp_comb(P);
  /* the next kernel starts at this edge: the hooks hear it in its first cycle */
  s->kstart_d = P->kern_d != P->kern_q && (s->ext_env || P->kern_d < s->wl->nk);

  /* ---- the L1Ds' remote answers (registers only), into the ring before
   * any other hook call of the cycle: the ring takes them the cycle after
   * it asked */
  if (s->ccn_any) {
    /* (the ring's nodes at rest left out, but for the lockstep engine and
     * the every-cycle reference: ccn_ring.h, lazy) */
    if (s->ccn[0].hw) s->ccn[0].hw->i_ring.lazy = (uint8_t)!(s->eval_all | s->observed);
    for (unsigned i = 0; i < s->nsm; i++) {
      /* (repeating: the L1D serves lookups beside its repeat, rmt_side --
       * its answer moves only when a lookup is pending or the last answer
       * was a hit; else it stands: a miss) */
      if (!SM_ASLEEP(s, i) && (!s->srep[i] || l1d_rmt_moves(&s->sm[i].i_l1d))) shell_sm_comb_rmt(&s->sm[i]);
      if (s->ccn[i].variant != SHELL_CCN_OFF) shell_ccn_remote(&s->ccn[i], s->sm[i].out.rmt_hit_o, s->sm[i].out.rmt_data_o);
    }
  }

  /* ---- SMs, second half, with their hooks: each offered at most one
   * response by the response crossbar */
  /* (the dispatcher's outputs and the kernel start, the same for every SM) */
  const uint32_t disp_sm = P->out.disp_valid_o ? P->out.disp_sm_o : ~0u, disp_block = P->out.disp_block_o;
#ifdef FAULT_SHELL_DISP_WARPS
  const uint32_t disp_warps = pi->kern_warps_i > 1 ? pi->kern_warps_i - 1 : 1; /* fault: a block's last warp is not placed */
#else
  const uint32_t disp_warps = pi->kern_warps_i;
#endif
  const uint32_t kstart = s->kstart_q;
  uint32_t hk_disp[SHELL_XBAR_MW] = {0}; /* (the SMs whose hk_disp_valid_o is set, for the hooks below) */
  /* The SMs of zz not woken (no block dispatched to them, no fill offered)
   * are left out while the inputs an asleep SM passes to its outputs stand:
   * everything else this pass gives them or reads of them stands too. */
  /* (none in a kernel start's cycle either: its hook would hear it, and
   * the commit does not visit the SMs of zzf) */
  const int zkeep = !kstart && kstart == s->hk_kst && disp_block == s->hk_blk;
  if (s->zzmay | s->zfany) { /* (else zz, zl = last cycle's zzf and zzf are empty, and stay so) */
    uint32_t fa = 0, wk[SHELL_XBAR_MW] = {0};
    if (s->zwmay && (int32_t)(cyc - s->zw_next) >= 0) { /* (some SM's wake may have come: which, and the next) */
      uint32_t nx = cyc + 0x40000000u, any = 0;
      for (unsigned w = 0; w < mw; w++)
        for (uint32_t x = s->zwv[w] & s->zz[w]; x; x &= x - 1) {
          const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
          any = 1;
          if ((int32_t)(cyc - s->zwake[i]) >= 0) wk[w] |= 1u << (i & 31), s->zw_wakes++;
          else if ((int32_t)(s->zwake[i] - nx) < 0) nx = s->zwake[i];
        }
      s->zw_next = nx;
      s->zwmay = (int)any;
    }
    if (s->lead_wake) /* (the CHSS leader's TB_bg moved at the last edge: every follower copies it now) */
      for (unsigned w = 0; w < mw; w++) wk[w] |= s->zz[w], s->lead_wakes += (unsigned)__builtin_popcount(s->zz[w]);
    if (s->ccn_any) { /* (a ring node the ring does not leave out this cycle wakes its SM: shell_ccn_at_rest) */
      const shell_ccn_hw_t *h = shell_ccn_ring(&s->ccn[0]); /* (the ring's cycle: every SM's answer is staged) */
      if (h) {
        const uint32_t wr = s->zz[0] & ~h->i_ring.skip & (uint32_t)bits_mask64(h->nodes);
        wk[0] |= wr;
        s->ccn_wakes += (unsigned)__builtin_popcount(wr);
      }
    }
    for (unsigned w = 0; w < mw; w++) {
      const uint32_t f =
          zkeep ? s->zz[w] & ~xo->ej_valid_o[w] & ~wk[w] & ~(disp_sm >> 5 == w ? 1u << (disp_sm & 31) : 0) : 0;
      s->zzf[w] = f;
      /* their cycle counters: those left in catch up (before anything of
       * the cycle reads them), those newly left out start to lag */
      for (uint32_t x = s->zl[w] & ~f; x; x &= x - 1) sm_sync(s, w * 32 + (unsigned)__builtin_ctz(x));
      for (uint32_t x = f & ~s->zl[w]; x; x &= x - 1) s->zt[w * 32 + (unsigned)__builtin_ctz(x)] = cyc;
      s->zl[w] = f;
      fa |= f;
    }
    s->zfany = fa != 0;
  }
  s->lead_wake = 0;
  s->hk_kst = kstart, s->hk_blk = disp_block;
  const sm_pass_t ps = {cyc, disp_sm, disp_block, disp_warps, kstart};
  if (s->zfany)
    for (unsigned w = 0; w < mw; w++)
      for (uint32_t x = s->smask[w] & ~s->zzf[w]; x; x &= x - 1) /* (the SMs of zzf are not visited) */
        sm_second(s, w * 32 + (unsigned)__builtin_ctz(x), &ps, hk_disp);
  else /* (none left out: every SM, no test) */
    for (unsigned i = 0; i < s->nsm; i++) sm_second(s, i, &ps, hk_disp);
  shell_xbar_comb(X);
  for (unsigned w = 0; w < X->mw; w++) /* (the SMs whose injection queue the crossbar pops) */
    for (uint32_t x = xo->inj_pop_o[w]; x; x &= x - 1) {
      const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
      shell_sm_t *m = &s->sm[i];
      if (s->zz[w] >> (i & 31) & 1) sm_unzz(s, i, &ps); /* (a repeat in zz: the pop ends it) */
      unsigned fl = shell_xbar_bit(xi->inj_store_i, i) ? s->flits_line : s->mem.flits_req;
      shell_sm_inj_pop(m);
      m->st[SHS_INJ_FLITS] += fl;
      s->xbar_req_flits += fl;
    }
  /* the banks' crossbar inputs: the first pass above cleared every
   * req_valid_i and rsp_ready_i; a request's fields go with its valid
   * (the bank reads them only then) */
  for (unsigned w = 0; w < X->mw; w++) {
    for (uint32_t x = xo->l2_rsp_ready_o[w]; x; x &= x - 1) s->l2[w * 32 + (unsigned)__builtin_ctz(x)].in.rsp_ready_i = 1;
    for (uint32_t x = xo->l2_req_valid_o[w]; x; x &= x - 1) {
      const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
      shell_l2_in_t *li = &s->l2[b].in;
      li->req_valid_i = 1;
      li->req_sm_i = xo->l2_req_sm_o[b];
      li->req_line_i = xo->l2_req_line_o[b];
      li->req_id_i = xo->l2_req_id_o[b];
      li->req_store_i = shell_xbar_bit(xo->l2_req_store_o, b);
      li->req_byp_i = shell_xbar_bit(xo->l2_req_byp_o, b);
    }
  }

  /* ---- L2 banks and their DRAM channels --------------------------------- */
  if (s->bzmay) { /* the banks of l2_bz sent no request and whose time has not come are left out */
    uint32_t wk[SHELL_XBAR_MW] = {0};
    if ((int32_t)(cyc - s->bz_next) >= 0) { /* (some bank's time may have come: which, and the next) */
      uint32_t nx = cyc + 0x40000000u;
      for (unsigned w = 0; w < bw; w++)
        for (uint32_t x = s->bzv[w]; x; x &= x - 1) {
          const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
          if ((int32_t)(cyc - s->l2_wake[b]) >= 0) wk[w] |= 1u << (b & 31);
          else if ((int32_t)(s->l2_wake[b] - nx) < 0) nx = s->l2_wake[b];
        }
      s->bz_next = nx;
    }
    for (unsigned w = 0; w < bw; w++) {
      const uint32_t v = s->bzv[w];
      for (uint32_t x = s->bmask[w] & (~v | xo->l2_req_valid_o[w] | wk[w]); x; x &= x - 1) {
        const unsigned b = w * 32 + (unsigned)__builtin_ctz(x);
        if (v >> (b & 31) & 1) l2_unbz(s, b);
        l2_comb(s, b);
      }
    }
  } else
    for (unsigned b = 0; b < s->nbanks; b++) l2_comb(s, b);

  /* ---- hooks: kernel start and the dispatched block (after every SM's
   * events: a kernel start moves the controllers to the next kernel) ----
   * Every form of an SM's cycle (comb, comb_rep, asleep) sets
   * hk_kern_start_o = kern_start_i = kstart: without a kernel start only
   * the SMs in hk_disp are visited, in the same order. */
  if (kstart)
    for (unsigned i = 0; i < s->nsm; i++) {
      const shell_sm_out_t *so = &s->sm[i].out;
#ifdef FAULT_SHELL_TBMAX
      if (so->hk_kern_start_o) shell_byp_kernel_start(&s->byp[i], s->kern_tbmax_i > 1 ? s->kern_tbmax_i - 1 : 1); /* injected */
#else
      if (so->hk_kern_start_o) shell_byp_kernel_start(&s->byp[i], s->kern_tbmax_i);
#endif
      if (so->hk_disp_valid_o) shell_byp_tb_dispatch(&s->byp[i], so->hk_disp_slot_o, so->hk_disp_block_o);
    }
  else
    for (unsigned w = 0; w < X->mw; w++)
      for (uint32_t x = hk_disp[w]; x; x &= x - 1) {
        const unsigned i = w * 32 + (unsigned)__builtin_ctz(x);
        const shell_sm_out_t *so = &s->sm[i].out;
        shell_byp_tb_dispatch(&s->byp[i], so->hk_disp_slot_o, so->hk_disp_block_o);
      }
  s->cycle_d = cyc + 1;
}

/* One SM's clock edge with its hooks' (shell_commit's pass; the fields it
 * reads in the caller's locals: the byte stores and calls would make the
 * compiler reload them from s for every SM). */
static inline __attribute__((always_inline)) void sm_commit(shell_t *s, unsigned i, int eval_all, int ccn_any, uint8_t *dorm,
                                                           uint8_t *srep, shell_byp_t *byp, shell_ccn_t *ccn, uint32_t *zz,
                                                           uint32_t *zz_tbf, uint32_t *zz_busy) {
  shell_sm_t *m = &s->sm[i];
  if (m->want_occ) { /* the WOMU's view: warps holding a valid instruction this cycle */
    uint32_t ib[WOMU_MAX_WARPS / 32] = {0};
    memcpy(ib, m->out.ibuf_o, sizeof m->out.ibuf_o < sizeof ib ? sizeof m->out.ibuf_o : sizeof ib);
    shell_byp_ibuf(&byp[i], ib);
    shell_byp_warps(&byp[i], m->out.warps_o); /* CHSS warp_cnt_i: active warps */
  }
  if (dorm[i] >= SHELL_SM_SETTLE) { /* (SM_ASLEEP) */
    m->cyc_d = ++m->cyc_q; /* the one register a cycle at the fixpoint changes */
    if (m->use_mrpb) mrpb_rep_advance(&m->i_mrpb, 1); /* (and an MRPB's counters: its occupancy bucket) */
  }
  else if (srep[i])
    srep[i] = (uint8_t)shell_sm_commit_rep(m);
  else {
    srep[i] = !eval_all && shell_sm_still(m); /* (with a ring node too: sm_second calls the node every cycle) */
    shell_sm_commit(m);
    dorm[i] = !eval_all && (!ccn_any || ccn[i].variant == SHELL_CCN_OFF) && shell_sm_idle(m)
                  ? (uint8_t)(dorm[i] < SHELL_SM_SETTLE ? dorm[i] + 1 : SHELL_SM_SETTLE)
                  : 0;
  }
  shell_byp_commit(&byp[i], eval_all); /* (eval_all: the RTL twin's comb and edge) */
  if (ccn_any && ccn[i].variant != SHELL_CCN_OFF) shell_ccn_commit(&ccn[i]);
  if (dorm[i] >= SHELL_SM_SETTLE || srep[i]) { /* (into zz or not; a woken SM left it when it woke) */
    const uint32_t bit = 1u << (i & 31);
    const shell_sm_out_t *so = &m->out;
    /* (both: nothing the hooks or the WOMU read each cycle, no hook pulse,
     * no acceptance, no stray response; an injection queue's head offered
     * to the crossbar stands in zz_inj*, and a pop ends the repeat: sm_unzz) */
    /* (the hook: quiet with no unit, or a unit that only counts for the
     * next hold cycles -- the BDU's schedule between its moves, the
     * instruction buffers (the WOMU's view) standing with the SM --
     * counted when the SM catches up: shell_byp_still_for, sm_sync) */
    const uint32_t hold = eval_all ? 0 : shell_byp_still_for(&byp[i]);
    /* (a ring node: at rest, and the L1D's remote port idle -- no lookup
     * pending, its last answer a miss -- until the ring wakes the SM) */
    const uint32_t both = hold != 0 && !so->hk_disp_valid_o && !so->hk_done_valid_o && !so->l1d_take_o && !m->stray &&
                          (!ccn_any || ccn[i].variant == SHELL_CCN_OFF ||
                           (shell_ccn_at_rest(&ccn[i]) && !l1d_rmt_moves(&m->i_l1d)));
    /* asleep: every output the passes read idle; repeating (a stall the
     * next cycles repeat with their inputs: shell_sm_still), the L1D in
     * one of its repeated forms already (idle 2, its stall repeated: the
     * stall counter moves; idle 1, quiet again: nothing moves), not in the
     * full evaluation that leads into one, so the outputs stand as they
     * are and the cycle's counts are sm_sync's.  (Allocate on fill makes
     * the fill-ready output read the not-valid fill fields -- the fill's
     * set -- but those stand too while the SM is left out: they are its
     * ejection buffer's head, a register that changes only with a push,
     * whose valid then wakes the SM.) */
    const uint32_t z = both && (dorm[i] >= SHELL_SM_SETTLE
                                    ? !so->busy_o && !so->byp_valid_o && !so->ev_access_o && !so->fetch_valid_o &&
                                          !so->ifetch_valid_o && !so->lsu_valid_o
                                    : (m->i_l1d.idle == 2 || m->i_l1d.idle == 1));
    zz[i >> 5] = (zz[i >> 5] & ~bit) | (z ? bit : 0);
    s->zzmay |= z != 0;
    zz_tbf[i >> 5] = (zz_tbf[i >> 5] & ~bit) | (z && so->tb_free_o ? bit : 0);
    zz_busy[i >> 5] = (zz_busy[i >> 5] & ~bit) | (z && so->busy_o ? bit : 0);
    /* (its offer to the crossbar, standing: sm_first's bits) */
    const uint32_t iv = z && so->inj_valid_o;
    s->zz_injv[i >> 5] = (s->zz_injv[i >> 5] & ~bit) | (iv ? bit : 0);
    s->zz_injst[i >> 5] = (s->zz_injst[i >> 5] & ~bit) | (iv && so->inj_store_o ? bit : 0);
    s->zz_injbyp[i >> 5] = (s->zz_injbyp[i >> 5] & ~bit) | (iv && so->inj_byp_o ? bit : 0);
    /* a unit that counts for hold cycles: the SM is visited again in the
     * cycle after them (its wake, zwake; shell_comb's zzf) */
    const uint32_t wv = z && hold != UINT32_MAX;
    s->zwv[i >> 5] = (s->zwv[i >> 5] & ~bit) | (wv ? bit : 0);
    if (wv) {
      const uint32_t t = s->cycle_q + 1 + hold;
      s->zwake[i] = t;
      if (!s->zwmay || (int32_t)(t - s->zw_next) < 0) s->zw_next = t;
      s->zwmay = 1;
    }
  }
}

/* Bank b's clock edge with its DRAM channel's (shell_commit's pass). */
static inline __attribute__((always_inline)) void l2_commit(shell_t *s, unsigned b, uint32_t cyc, int eval_all, int ext_env) {
  uint8_t *const l2_dorm = s->l2_dorm;
  const uint8_t *const l2_skip = s->l2_skip;
  shell_dram_t *const dram = s->dram;
  const shell_dram_hs_t *const dram_hs = s->dram_hs;
  {
    shell_l2_t *L = &s->l2[b];
    if (l2_skip[b])
      L->cyc_q++; /* the one register a cycle asleep changes */
    else {
      shell_l2_commit(L);
      l2_dorm[b] = !eval_all && !L->in.req_valid_i && !L->in.dram_rsp_valid_i && shell_l2_settled(L)
                       ? (uint8_t)(L->fix || l2_dorm[b] >= SHELL_L2_SETTLE - 1 ? SHELL_L2_SETTLE : l2_dorm[b] + 1)
                       : 0;
    }
    const shell_dram_hs_t *hs = &dram_hs[b];
    if (!ext_env) shell_dram_step(&dram[b], cyc, hs->req_fire, &hs->req, hs->rsp_fire);
    if (l2_skip[b] && !ext_env) { /* (asleep: its next time, a cycle early; one that comes sooner is taken) */
      const shell_dram_t *D = &dram[b];
      /* (on the shell's cycle: the bank's cyc_q is off ahead of it from
       * the next cycle on) */
      const uint32_t off = L->cyc_q - (cyc + 1);
      uint32_t t = cyc + 1 + 0x40000000u;
      if (!fifo_sync_empty(&L->i_reqq)) t = (uint32_t)bits_get(fifo_sync_rdata(&L->i_reqq), L->bodyw, 32) - off;
      if (D->count) {
        const uint32_t td = D->e[D->head].ts;
        if ((int32_t)(td - t) < 0) t = td;
      }
      s->l2_wake[b] = t - 1;
      s->l2_bt[b] = cyc + 1; /* (its cyc_q lags from the next cycle on) */
      if ((int32_t)(t - 1 - s->bz_next) < 0 || !s->bzmay) s->bz_next = t - 1;
      s->l2_bz[b] = 1;
      s->bzv[b >> 5] |= 1u << (b & 31);
      s->bzmay = 1;
    }
  }
}

void shell_commit(shell_t *s) {
  /* (the fields read in the loops, in locals: the byte stores to dorm,
   * srep and l2_dorm and the calls would make the compiler reload them
   * from s for every SM and bank) */
  const int eval_all = s->eval_all, ccn_any = s->ccn_any, ext_env = s->ext_env;
  uint8_t *const dorm = s->dorm, *const srep = s->srep;
  shell_byp_t *const byp = s->byp;
  shell_ccn_t *const ccn = s->ccn;
  const unsigned nbanks = s->nbanks, mw = s->xbar.mw;
  uint32_t *const zz = s->zz, *const zz_tbf = s->zz_tbf, *const zz_busy = s->zz_busy;
  const uint32_t *const zzf = s->zzf;
  if (s->zfany)
    for (unsigned w = 0; w < mw; w++)
      for (uint32_t x = s->smask[w] & ~zzf[w]; x; x &= x - 1) /* (the SMs of zzf: their cycle is counted by zl) */
        sm_commit(s, w * 32 + (unsigned)__builtin_ctz(x), eval_all, ccn_any, dorm, srep, byp, ccn, zz, zz_tbf, zz_busy);
  else /* (none left out: every SM, no test) */
    for (unsigned i = 0; i < s->nsm; i++) sm_commit(s, i, eval_all, ccn_any, dorm, srep, byp, ccn, zz, zz_tbf, zz_busy);
  if (s->lead_watch) { /* (CHSS, CENTRAL: the leader's TB_bg after its edge; a move wakes the followers left out) */
    const uint32_t t = byp[0].hw.i_chss.tb_bg_q;
    s->lead_wake = t != s->lead_tbbg;
    s->lead_tbbg = t;
  }
  shell_ccn_commit_ring(&ccn[0]);
  shell_xbar_commit(&s->xbar);
  const uint32_t cyc = s->cycle_q;
  const unsigned bw = (nbanks + 31) / 32;
  if (s->bzmay)
    for (unsigned w = 0; w < bw; w++)
      for (uint32_t x = s->bmask[w] & ~s->bzv[w]; x; x &= x - 1) /* (a bank of l2_bz: its cycle is counted by l2_bt) */
        l2_commit(s, w * 32 + (unsigned)__builtin_ctz(x), cyc, eval_all, ext_env);
  else
    for (unsigned b = 0; b < nbanks; b++) l2_commit(s, b, cyc, eval_all, ext_env);
  shell_disp_commit(&s->disp);
  s->kstart_q = s->kstart_d;
  s->cycle_q = s->cycle_d;
}

/* Nothing left to run and nothing in flight. */
static int shell_idle(const shell_t *s) {
  if (s->disp.kern_q < s->wl->nk) return 0;
  for (unsigned i = 0; i < s->nsm; i++) {
    if (!shell_sm_quiet(&s->sm[i])) return 0;
  }
  for (unsigned b = 0; b < s->nbanks; b++)
    if (shell_l2_busy(&s->l2[b]) || s->dram[b].count) return 0;
  return 1;
}

int shell_check(shell_t *s) {
  if (s->err[0]) return 1;
  if (s->disp.kern_q >= s->wl->nk && shell_idle(s)) {
    for (unsigned i = 0; i < s->nsm; i++) {
      const shell_sm_t *m = &s->sm[i];
      if (m->st[SHS_LDREQ] != m->st[SHS_LDRSP]) {
        snprintf(s->err, sizeof s->err, "SM %u: %llu load line requests issued, %llu answered", i,
                 (unsigned long long)m->st[SHS_LDREQ], (unsigned long long)m->st[SHS_LDRSP]);
        return 1;
      }
      for (unsigned e = 0; e < m->i_l1d.g.entries; e++)
        if (m->i_l1d.mshr_q[e].valid) {
          snprintf(s->err, sizeof s->err, "SM %u: MSHR entry %u still valid after the workload finished", i, e);
          return 1;
        }
    }
    s->done = 1;
  }
  return 0;
}

int shell_run(shell_t *s, uint64_t max_cycles, int progress) {
  time_t t0 = time(NULL), last = t0;
  uint64_t total = shell_wl_insts(s->wl);
  int rc = 3;
  for (uint64_t c = 0; c < max_cycles; c++) {
    shell_comb(s);
    shell_commit(s);
    if (shell_check(s)) {
      rc = 1;
      break;
    }
    if (s->done) {
      rc = 0;
      break;
    }
    if (progress && !(c & 0xffff)) {
      time_t now = time(NULL);
      if (now - last >= 2) {
        uint64_t ins = 0;
        for (unsigned i = 0; i < s->nsm; i++) ins += s->sm[i].st[SHS_INSTS];
        fprintf(stderr, "progress: cycle %llu, %llu of %llu warp instructions (%.0f%%), %.0f s\n",
                (unsigned long long)c, (unsigned long long)ins, (unsigned long long)total,
                total ? 100.0 * (double)ins / (double)total : 0.0, difftime(now, t0));
        last = now;
      }
    }
  }
  shell_sync(s); /* (the counters read after the run) */
  return rc;
}
