/* shell_ls.c -- system lockstep adapter of the GPU shell's top
 * (rtl/shell/shell.sv <-> csim/shell/shell.c with ext_env set): NSm SMs,
 * each with its bypass controller, the CCN ring (SHELL_CCN=ON or
 * ON_THROTTLE), the dispatcher, the crossbars and NB L2 banks.  The state
 * map has every register of every SM (tb/blocks/shell_sm_ls.h, under
 * gen_sm[i].i_sm.), of both units of every SM's bypass controller
 * (gen_sm[i].i_byp.i_bdu., gen_sm[i].i_byp.i_chss.; the C model runs both
 * here, whatever the scheme, as the RTL does; shell-sim skips a unit the
 * scheme leaves in reset), of the ring with its edge registers
 * (gen_ccn.i_ccn.), the controllers' kernel start (kstart_q), the
 * dispatcher (i_disp.), the crossbars (i_xbar.) and every bank
 * (gen_bank[b].i_l2.).
 *
 * Environment, from the previous cycle's inputs and outputs only: the
 * workload is SHELL_WORKLOAD (a generator, a .traceg, a kernel list or a .wl file, as
 * shell-sim --workload; SHELL_WORKLOAD_ARGS its generator arguments) or by
 * default the generators srad, spmv and atax (small sizes) one after
 * another; its kernels run over and over (kernel k of the run is kernel k
 * mod nk), or, with SHELL_WORKLOAD_ONCE=1, once (then kern_valid_i stays
 * low and the shell goes idle; the summary says whether every kernel,
 * block and warp finished: make run's system lockstep).  The kernel the dispatcher runs is last cycle's kern_o, plus one
 * when kern_start_o was high, with its blocks, warps and TB_max.  The SMs'
 * record and lane-address requests are answered the next cycle from the
 * workload; a load's static tag comes with its lane addresses: from the
 * classifier's file SHELL_TAGS (chss-classify output) when set, else a
 * fixed hash of (kernel, pc) giving ca, cg and cm in about equal shares, so
 * that STATIC and COORD see every tag.  DRAM is the shell's own channel
 * model (csim/shell/shell_dram.h), one per bank, stepped with last cycle's
 * handshakes.  Scoreboard: nothing duplicated (the C model's shell_check: a
 * load response for a warp with no load outstanding fails) and nothing
 * lost (no warp waits LOST_CYCLES for its line loads). */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "blocks/bdu_ls.h"
#include "blocks/chss_ls.h"
#include "blocks/shell_ccn_ls.h"
#include "blocks/shell_l2_ls.h"
#include "blocks/shell_xbar_ls.h"
#include "blocks/shell_sm_ls.h"
#include "ls.h"
#include "ls_limits.h"
#include "shell.h"

/* Functional coverage of the whole shell (counted from the C model after
 * each cycle; a mechanism's points only when the run configures it). */
#define COV_LIST(X)                                                                                                 \
  X(KSTART, "kernel.start") X(DISP, "dispatch.block") X(DONE, "block.finished")                                   \
  X(HIT, "l1d.hit") X(HITRES, "l1d.hit_reserved") X(MISS, "l1d.miss") X(STALL, "l1d.stall")                      \
  X(BYPEV, "l1d.bypassed") X(INJ_HELD, "xbar.injection_held") X(EJ_HELD, "xbar.fill_held_by_sm")                  \
  X(DRAM_REQ, "l2.dram_request") X(ALL_BUSY, "sms.all_busy")                                                    \
  X(CTRL_BYP, "bypass.controller_bypassed_load") X(CTRL_CACHED, "bypass.controller_cached_load")                 \
  X(BMODE, "twolevel.B_mode") X(CMODE, "twolevel.C_mode") X(TAG_BG, "chss.block_tagged_bg")                       \
  X(TAG_BA, "chss.block_tagged_ba") X(T_CG, "tag.cg_load") X(T_CM, "tag.cm_load") X(T_CA, "tag.ca_load")           \
  X(LOOKUP, "ccn.lookup") X(RHIT, "ccn.remote_hit_filled") X(RL2, "ccn.ring_request_to_l2")                        \
  X(RSTALL, "ccn.l1d_memory_port_held_by_node") X(THR, "ccn.node_throttled")                                     \
  X(ASLEEP, "sm.asleep_cycle") X(WOKEN, "sm.woken") X(L2ASLEEP, "l2.asleep_cycle") X(L2WOKEN, "l2.woken")       \
  X(SMISS, "l1d.sector_miss") X(REPEAT, "sm.repeat_cycle") X(REPEND, "sm.repeat_ended")
#define COV_ENUM(id, name) COV_##id,
enum { COV_LIST(COV_ENUM) COV_N };
#define COV_NAME(id, name) name,
static const char *const cov_name[COV_N] = {COV_LIST(COV_NAME)};

typedef struct {
  unsigned w;
  uint64_t v;
  uint32_t *wd;
} pk_t;

static int pk_init(pk_t *p, unsigned w) {
  p->w = w;
  p->v = 0;
  p->wd = calloc(bits_words(w) + 1, 4);
  return p->wd ? 0 : -1;
}
static void pk_set(pk_t *p, unsigned lsb, unsigned w, uint32_t val) {
  if (p->w <= 64) {
    uint64_t m = bits_mask64(w) << lsb;
    p->v = (p->v & ~m) | (((uint64_t)val << lsb) & m);
  } else
    bits_set(p->wd, lsb, w, val);
}
static uint32_t pk_get(const pk_t *p, unsigned lsb, unsigned w) {
  if (p->w <= 64) return (uint32_t)((p->v >> lsb) & bits_mask64(w));
  return (uint32_t)bits_get(p->wd, lsb, w);
}

/* per-SM packed ports */
enum { O_FV, O_FB, O_FW, O_FP, O_IV, O_IB, O_IW, O_IP, O_LV, O_LB, O_LW, O_LP, NO_SM };
enum { I_FK, I_FC, I_FS, I_FM, I_IK, I_IC, I_IS, I_IM, I_LM, I_LA, I_LT, NI_SM };
/* per-bank packed ports */
enum { D_QV, D_QS, D_QL, D_QI, D_QST, D_QB, D_PR, D_QSET, NO_B };
enum { D_QR, D_PV, D_PS, D_PL, D_PI, D_PB, D_PSET, NI_B };

static const char *const o_sm_name[NO_SM] = {"fetch_valid_o", "fetch_block_o", "fetch_wib_o", "fetch_pc_o",
                                             "ifetch_valid_o", "ifetch_block_o", "ifetch_wib_o", "ifetch_pc_o",
                                             "lsu_valid_o", "lsu_block_o", "lsu_wib_o", "lsu_pc_o"};
static const char *const i_sm_name[NI_SM] = {"fetch_kind_i",  "fetch_count_i",  "fetch_size_i",  "fetch_mask_i",
                                             "ifetch_kind_i", "ifetch_count_i", "ifetch_size_i", "ifetch_mask_i",
                                             "lsu_mask_i",    "lsu_addr_i",     "lsu_tag_i"};
static const char *const o_b_name[NO_B] = {"dram_req_valid_o", "dram_req_sm_o",   "dram_req_line_o", "dram_req_id_o",
                                           "dram_req_store_o", "dram_req_byp_o",  "dram_rsp_ready_o", "dram_req_set_o"};
static const char *const i_b_name[NI_B] = {"dram_req_ready_i", "dram_rsp_valid_i", "dram_rsp_sm_i",
                                           "dram_rsp_line_i",  "dram_rsp_id_i",    "dram_rsp_byp_i", "dram_rsp_set_i"};

typedef struct {
  shell_t s;
  shell_wl_t wl;
  shell_byp_tags_t tags;
  int have_tags;
  uint32_t central; /* mode_central_i: CHSS_CONTROL=CENTRAL */
  shell_dram_t *dram;
  unsigned nsm, nb, ww, law, idw, smw;
  unsigned o_sm_w[NO_SM], i_sm_w[NI_SM], o_b_w[NO_B], i_b_w[NI_B];
  pk_t o_sm[NO_SM], i_sm[NI_SM], o_b[NO_B], i_b[NI_B];
  uint32_t kern_start_o, cyc;
  int started;
  int once; /* SHELL_WORKLOAD_ONCE=1: the workload's kernels once, then kern_valid_i low (idle) */
  uint64_t cov[COV_N];
  uint8_t *was_asleep; /* [sm]: asleep after the previous cycle (coverage of the wake-up) */
  uint8_t *was_rep;    /* [sm]: repeating after the previous cycle (shell_sm_still; coverage of its end) */
  uint8_t *l2_was_asleep; /* [bank]: the C model skipped the bank's previous cycle (shell.c) */
  uint8_t cov_on[COV_N]; /* the point applies to this configuration (declared) */
  uint64_t *since; /* [sm * nwarps + w]: last cycle warp w of SM sm had no line load outstanding */
} ctx_t;

/* A line load not answered within this many cycles is lost (the longest
 * legitimate wait is a few thousand cycles: queues, L2, DRAM). */
#define LOST_CYCLES 200000ull

static void destroy(void *p) {
  ctx_t *c = p;
  if (!c) return;
  shell_free(&c->s);
  shell_wl_free(&c->wl);
  shell_byp_tags_free(&c->tags);
  free(c->since);
  free(c->was_asleep);
  free(c->was_rep);
  free(c->l2_was_asleep);
  if (c->dram)
    for (unsigned b = 0; b < c->nb; b++) shell_dram_free(&c->dram[b]);
  free(c->dram);
  for (unsigned k = 0; k < NO_SM; k++) free(c->o_sm[k].wd);
  for (unsigned k = 0; k < NI_SM; k++) free(c->i_sm[k].wd);
  for (unsigned k = 0; k < NO_B; k++) free(c->o_b[k].wd);
  for (unsigned k = 0; k < NI_B; k++) free(c->i_b[k].wd);
  free(c);
}

static void *create(const l1sys_cfg_t *cfg) {
  /* the widest port, lsu_addr_i (NSm x 32 lanes x 32 bits), is compared as
   * one signal: at most LS_MAX_SIGNAL_BITS (64 SMs; docs/shell.md, Scale) */
  if ((unsigned long long)CFG(cfg, SHELL_SMS) * WL_LANES * 32 > LS_MAX_SIGNAL_BITS) {
    char why[128];
    snprintf(why, sizeof why, "the system lockstep takes at most %u SMs (lsu_addr_i is SMs x %u bits, the engine compares %u)",
             LS_MAX_SIGNAL_BITS / (WL_LANES * 32), WL_LANES * 32, LS_MAX_SIGNAL_BITS);
    cfg_reject(cfg, P_SHELL_SMS, why);
    return NULL;
  }
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  shell_wl_init(&c->wl, (unsigned)CFG(cfg, L1D_ADDR_W));
  const char *spec = getenv("SHELL_WORKLOAD"), *args = getenv("SHELL_WORKLOAD_ARGS"), *tf = getenv("SHELL_TAGS");
  int bad = spec && *spec ? shell_wl_load(&c->wl, spec, args ? args : "", 1)
                          : shell_wl_gen(&c->wl, "srad", "n=32", 1) || shell_wl_gen(&c->wl, "spmv", "n=256", 1) ||
                                shell_wl_gen(&c->wl, "atax", "n=64,iters=4", 1);
  if (!bad && tf && *tf) {
    bad = shell_byp_tags_load(&c->tags, tf);
    c->have_tags = !bad;
  }
  if (bad || shell_init(&c->s, cfg, &c->wl)) {
    shell_wl_free(&c->wl);
    shell_byp_tags_free(&c->tags);
    free(c);
    return NULL;
  }
  c->central = CFG(cfg, CHSS_CONTROL) == CHSS_CONTROL_CENTRAL;
  const char *once = getenv("SHELL_WORKLOAD_ONCE");
  c->once = once && !strcmp(once, "1");
  for (unsigned i = 0; i < c->s.nsm; i++) { /* every present unit runs, as in the RTL (shell_byp.h, run_*) */
    shell_byp_hw_t *h = &c->s.byp[i].hw;
    h->run_bdu = h->has_bdu;
    h->run_chss = h->has_chss;
    c->s.sm[i].want_occ = 1;
  }
  shell_t *s = &c->s;
  s->ext_env = 1;
  s->observed = 1; /* (the state map is read after every edge: the ring in its RTL form) */
  c->nsm = s->nsm;
  c->nb = s->nbanks;
  c->ww = s->sm[0].warpw;
  c->law = s->sm[0].atw; /* the L1D's atom (a line, or a sector) */
  c->idw = s->sm[0].idw;
  c->smw = s->l2[0].smw;
  c->dram = calloc(c->nb, sizeof *c->dram);
  c->since = calloc((size_t)c->nsm * s->nwarps, sizeof *c->since);
  c->was_asleep = calloc(c->nsm, 1);
  c->was_rep = calloc(c->nsm, 1);
  c->l2_was_asleep = calloc(c->nb, 1);
  if (!c->dram || !c->since || !c->was_asleep || !c->was_rep || !c->l2_was_asleep) { destroy(c); return NULL; }
  for (unsigned b = 0; b < c->nb; b++)
    if (shell_dram_init(&c->dram[b], s->mem.dram_depth, s->mem.dram_credits, (uint32_t)CFG(cfg, SHELL_DRAM_LAT), s->mem.dram_rd_ivl_fp,
                        s->mem.dram_st_ivl_fp)) {
      destroy(c);
      return NULL;
    }
  const unsigned osw[NO_SM] = {1, 32, c->ww, 32, 1, 32, c->ww, 32, 1, 32, c->ww, 32};
  const unsigned isw[NI_SM] = {3, 16, 5, 32, 3, 16, 5, 32, 32, 32 * 32, 2};
  const unsigned l2sw = s->l2[0].setww; /* the shell's L2SetW */
  const unsigned obw[NO_B] = {1, c->smw, c->law, c->idw, 1, 1, 1, l2sw};
  const unsigned ibw[NI_B] = {1, 1, c->smw, c->law, c->idw, 1, l2sw};
  int rc = 0;
  for (unsigned k = 0; k < NO_SM; k++) c->o_sm_w[k] = osw[k], rc |= pk_init(&c->o_sm[k], osw[k] * c->nsm);
  for (unsigned k = 0; k < NI_SM; k++) c->i_sm_w[k] = isw[k], rc |= pk_init(&c->i_sm[k], isw[k] * c->nsm);
  for (unsigned k = 0; k < NO_B; k++) c->o_b_w[k] = obw[k], rc |= pk_init(&c->o_b[k], obw[k] * c->nb);
  for (unsigned k = 0; k < NI_B; k++) c->i_b_w[k] = ibw[k], rc |= pk_init(&c->i_b[k], ibw[k] * c->nb);
  if (rc) { destroy(c); return NULL; }
  return c;
}

static void pk_in(ls_map_t *mp, const char *n, pk_t *p) {
  if (p->w <= 64) ls_input(mp, n, p->w, &p->v);
  else ls_input(mp, n, p->w, p->wd);
}
static void pk_out(ls_map_t *mp, const char *n, pk_t *p) {
  if (p->w <= 64) ls_output(mp, n, p->w, &p->v);
  else ls_output(mp, n, p->w, p->wd);
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  shell_t *s = &c->s;
  shell_sm_t *m0 = &s->sm[0];
  shell_l2_t *l0 = &s->l2[0];
  ls_param(mp, "NSm", c->nsm);
  ls_param(mp, "NB", c->nb);
  ls_param(mp, "NW", m0->nwarps);
  ls_param(mp, "NT", m0->ntbs);
  ls_param(mp, "L1X", m0->l1x);
  ls_param(mp, "InjQ", m0->i_injq.depth);
  ls_param(mp, "UseMrpb", m0->use_mrpb);
  ls_param(mp, "Flits", s->flits_line);
  ls_param(mp, "L2Sets", l0->sets);
  ls_param(mp, "L2Ways", l0->ways);
  ls_param(mp, "L2Lat", l0->lat);
  ls_param(mp, "L2ReqQ", l0->i_reqq.depth);
  ls_param(mp, "L2RspQ", l0->i_rspq.depth);
  ls_param(mp, "EjQ", s->xbar.ejq);
  ls_param(mp, "XbarSpeedup", s->xbar.speedup);
  ls_param(mp, "XbarBQ", s->xbar.bq);
  ls_param(mp, "L2SetIdx", l0->set_idx);
  ls_param(mp, "L2WBack", l0->wback);
  const l1sys_cfg_t *cfg = &s->cfg;
  ls_param_set(mp, cfg, "L1D", "", NULL);
  ls_param_set(mp, cfg, "BDU", "", "Warps");
  ls_param_set(mp, cfg, "CHSS", "Chss", "TbSlots");
  const shell_ccn_hw_t *ch = s->ccn[0].hw;
  ls_param(mp, "Ccn", ch != NULL);
  if (ch) { /* the ring as shell_ccn_attach built it */
    ccn_ring_cfg_t rc;
    shell_ccn_ring_cfg(&rc, cfg, c->nsm, s->ccn[0].variant);
    ls_param(mp, "CcnHopLat", rc.hop_lat);
    ls_param(mp, "CcnCbDepth", rc.cb_depth);
    ls_param(mp, "CcnReqDepth", rc.req_depth);
    ls_param(mp, "CcnRespDepth", rc.resp_depth);
    ls_param(mp, "CcnFlits", ch->i_ring.flits);
    ls_param(mp, "CcnTs", rc.ts);
    ls_param(mp, "CcnTp", rc.tp);
    ls_param(mp, "CcnHMin", rc.hmin);
    ls_param(mp, "CcnCbTimeout", rc.cb_timeout);
    ls_param(mp, "CcnHoldMax", rc.hold_max);
    ls_param(mp, "CcnWinW", rc.winw);
    ls_param(mp, "CcnCntW", rc.cntw);
    ls_param(mp, "CcnTsW", rc.tsw);
  } else { /* no ring: its parameters are unused; the configuration's values */
    ls_param_set(mp, cfg, "CCN", "Ccn", "Nodes,LaW");
    ls_param(mp, "CcnFlits", (unsigned)(CFG(cfg, CCN_LINE_BYTES) / CFG(cfg, CCN_FLIT_BYTES)));
  }
  ls_input(mp, "mode_sched_i", 1, &m0->in.mode_sched_i);
  ls_input(mp, "mode_repl_i", 1, &m0->i_l1d.in.mode_repl_i);
  ls_input(mp, "mode_wr_i", 1, &m0->i_l1d.in.mode_wr_i);
  ls_input(mp, "mode_alloc_i", 1, &m0->i_l1d.in.mode_alloc_i);
  ls_input(mp, "mode_hash_i", 2, &m0->i_l1d.in.mode_hash_i);
  ls_input(mp, "mode_ba_i", 1, &m0->i_l1d.in.mode_ba_i);
  ls_input(mp, "mode_ba_thr_i", 8, &m0->i_l1d.in.mode_ba_thr_i);
  ls_input(mp, "mode_drain_i", 2, &m0->mrpb_in.mode_drain_i);
  ls_input(mp, "mode_greedy_i", 1, &m0->mrpb_in.mode_greedy_i);
  ls_input(mp, "mode_flush_i", 1, &m0->mrpb_in.mode_flush_i);
  ls_input(mp, "mode_bypass_i", 2, &m0->mrpb_in.mode_bypass_i);
  ls_input(mp, "mode_slot_i", 1, &m0->mrpb_in.mode_slot_i);
  shell_byp_in_t *b0 = &s->byp[0].in; /* every SM's controller has the same modes */
  ls_input(mp, "mode_scheme_i", 3, &b0->mode_scheme_i);
  ls_input(mp, "mode_central_i", 1, &c->central);
  ls_input(mp, "mode_thr_l_i", 7, &b0->mode_thr_l_i);
  ls_input(mp, "mode_thr_h_i", 7, &b0->mode_thr_h_i);
  ls_input(mp, "mode_thr_w_i", bits_clog2(m0->nwarps + 1ull), &b0->mode_thr_w_i);
  ls_input(mp, "mode_womu_i", 2, &b0->mode_womu_i);
  ls_input(mp, "l2_lat_i", (unsigned)CFG(cfg, CHSS_LAT_W), &b0->l2_lat_i);
  ls_output(mp, "kern_o", 32, &s->disp.out.kern_o);
  ls_output(mp, "kern_start_o", 1, &c->kern_start_o);
  ls_input(mp, "kern_valid_i", 1, &s->disp.in.kern_valid_i);
  ls_input(mp, "kern_blocks_i", 32, &s->disp.in.kern_blocks_i);
  ls_input(mp, "kern_warps_i", 8, &s->disp.in.kern_warps_i);
  ls_input(mp, "kern_tbmax_i", bits_clog2(m0->ntbs + 1ull), &s->kern_tbmax_i);
  for (unsigned k = 0; k < NO_SM; k++) pk_out(mp, o_sm_name[k], &c->o_sm[k]);
  for (unsigned k = 0; k < NI_SM; k++) pk_in(mp, i_sm_name[k], &c->i_sm[k]);
  for (unsigned k = 0; k < NO_B; k++) pk_out(mp, o_b_name[k], &c->o_b[k]);
  for (unsigned k = 0; k < NI_B; k++) pk_in(mp, i_b_name[k], &c->i_b[k]);
  /* waveforms and reports: the packed per-SM and per-bank ports split into
   * one field per SM / bank ("lsu_pc_o[2]" is SM 2's), enum names */
  for (unsigned k = 0; k < NO_SM; k++) ls_index(mp, o_sm_name[k], c->o_sm_w[k], "SM");
  for (unsigned k = 0; k < NI_SM; k++) ls_index(mp, i_sm_name[k], c->i_sm_w[k], "SM");
  for (unsigned k = 0; k < NO_B; k++) ls_index(mp, o_b_name[k], c->o_b_w[k], "bank");
  for (unsigned k = 0; k < NI_B; k++) ls_index(mp, i_b_name[k], c->i_b_w[k], "bank");
  ls_enum(mp, "fetch_kind_i", "SHELL_OP");
  ls_enum(mp, "ifetch_kind_i", "SHELL_OP");
  ls_enum(mp, "mode_sched_i", "SHELL_SCHED");
  ls_enum(mp, "mode_repl_i", "L1D_REPL");
  ls_enum(mp, "mode_wr_i", "L1D_WRITE");
  ls_enum(mp, "mode_alloc_i", "L1D_ALLOC");
  ls_enum(mp, "mode_hash_i", "L1D_INDEX");
  ls_enum(mp, "mode_drain_i", "MRPB_DRAIN");
  ls_enum(mp, "mode_bypass_i", "MRPB_BYPASS");
  ls_enum(mp, "mode_scheme_i", "SHELL_BYPASS");
  ls_enum(mp, "mode_womu_i", "BDU_WOMU");
  /* state map */
  char nm[96];
  /* each SM's L1D ports, compared before the edge (ls_probe): the request
   * handshake and its decision, the miss path toward the crossbar, the fill
   * and the response; payloads only while their valid is high */
  for (unsigned i = 0; i < c->nsm; i++) {
    const l1d_t *L = &s->sm[i].i_l1d;
    const l1d_geom_t *lg = &L->g;
    char pv[96], pf[96];
#define PR(leaf, w, ptr, valid)                                                             \
  do {                                                                                    \
    snprintf(nm, sizeof nm, "gen_sm[%u].i_sm.i_l1d.%s", i, leaf);                          \
    if (valid) snprintf(pv, sizeof pv, "gen_sm[%u].i_sm.i_l1d.%s", i, (const char *)valid); \
    ls_probe(mp, nm, w, ptr, valid ? pv : NULL);                                          \
  } while (0)
    const char *none = NULL;
    PR("req_valid_i", 1, &L->in.req_valid_i, none);
    PR("req_ready_o", 1, &L->out.req_ready_o, none);
    PR("req_addr_i", lg->addr_w, &L->in.req_addr_i, "req_valid_i");
    PR("req_store_i", 1, &L->in.req_store_i, "req_valid_i");
    PR("req_byp_i", 1, &L->in.req_byp_i, "req_valid_i");
    PR("req_id_i", lg->id_w, &L->in.req_id_i, "req_valid_i");
    PR("dec_valid_o", 1, &L->out.dec_valid_o, none);
    PR("req_outcome_o", 3, &L->out.req_outcome_o, "dec_valid_o");
    PR("req_fail_o", 3, &L->out.req_fail_o, "dec_valid_o");
    PR("mem_req_valid_o", 1, &L->out.mem_req_valid_o, none);
    PR("mem_req_ready_i", 1, &L->in.mem_req_ready_i, none);
    PR("mem_req_addr_o", L->law, &L->out.mem_req_addr_o, "mem_req_valid_o");
    PR("mem_req_store_o", 1, &L->out.mem_req_store_o, "mem_req_valid_o");
    PR("mem_req_byp_o", 1, &L->out.mem_req_byp_o, "mem_req_valid_o");
    PR("mem_req_id_o", lg->id_w, &L->out.mem_req_id_o, "mem_req_valid_o");
    PR("fill_valid_i", 1, &L->in.fill_valid_i, none);
    PR("fill_ready_o", 1, &L->out.fill_ready_o, none);
    PR("fill_addr_i", L->law, &L->in.fill_addr_i, "fill_valid_i");
    PR("fill_byp_i", 1, &L->in.fill_byp_i, "fill_valid_i");
    PR("fill_id_i", lg->id_w, &L->in.fill_id_i, "fill_valid_i");
    PR("rsp_valid_o", 1, &L->out.rsp_valid_o, none);
    PR("rsp_id_o", lg->id_w, &L->out.rsp_id_o, "rsp_valid_o");
#undef PR
    snprintf(pf, sizeof pf, "gen_sm[%u].i_sm.i_l1d.req_outcome_o", i);
    ls_enum(mp, pf, "L1D_OUT");
    snprintf(pf, sizeof pf, "gen_sm[%u].i_sm.i_l1d.req_fail_o", i);
    ls_enum(mp, pf, "L1D_FAIL");
  }
  for (unsigned i = 0; i < c->nsm; i++) {
    snprintf(nm, sizeof nm, "gen_sm[%u].i_sm.", i);
    shell_sm_ls_declare_state(mp, nm, &s->sm[i]);
    const shell_byp_hw_t *h = &s->byp[i].hw;
    snprintf(nm, sizeof nm, "gen_sm[%u].i_byp.i_bdu.", i);
    bdu_ls_declare_state(mp, nm, &h->i_bdu); /* always built */
    snprintf(nm, sizeof nm, "gen_sm[%u].i_byp.i_chss.", i);
    if (h->has_chss) chss_ls_declare_state(mp, nm, &h->i_chss);
  }
  if (ch) shell_ccn_ls_declare_state(mp, "gen_ccn.i_ccn.", ch);
  ls_reg(mp, "kstart_q", 1, &s->kstart_q);
  const uint32_t sch = s->byp[0].scheme;
  for (unsigned k = 0; k < COV_N; k++) {
    int on = 1;
    if (k >= COV_CTRL_BYP && k <= COV_CTRL_CACHED) on = sch != SHELL_BYPASS_NONE && sch != SHELL_BYPASS_ALL;
    if (k >= COV_BMODE && k <= COV_CMODE) on = sch == SHELL_BYPASS_TWOLEVEL;
    if (k >= COV_TAG_BG && k <= COV_TAG_BA) on = sch == SHELL_BYPASS_CHSS || sch == SHELL_BYPASS_COORD;
    if (k >= COV_T_CG && k <= COV_T_CA) on = sch == SHELL_BYPASS_STATIC || sch == SHELL_BYPASS_COORD;
    if (k >= COV_LOOKUP && k <= COV_RSTALL) on = ch != NULL;
    if (k == COV_THR) on = ch && s->ccn[0].variant == SHELL_CCN_ON_THROTTLE;
    if (k == COV_ASLEEP || k == COV_WOKEN) on = ch == NULL; /* shell_sm_idle's conditions (an MRPB's SM sleeps too) */
    if (k == COV_REPEAT || k == COV_REPEND) on = 1; /* shell_sm_still's (a ring node's or an MRPB's SM repeats too) */
    if (k == COV_BYPEV) on = sch != SHELL_BYPASS_NONE || CFG(cfg, L1D_BA) || m0->use_mrpb;
    if (k == COV_SMISS) on = m0->i_l1d.g.sectors > 1;
    c->cov_on[k] = (uint8_t)on;
    if (on) ls_cover(mp, cov_name[k], &c->cov[k]);
  }
  ls_reg(mp, "i_disp.kern_q", 32, &s->disp.kern_q);
  ls_reg(mp, "i_disp.next_q", 32, &s->disp.next_q);
  ls_reg(mp, "i_disp.rr_q", s->disp.sw, &s->disp.rr_q);
  const shell_xbar_t *x = &s->xbar;
  shell_xbar_ls_declare_state(mp, "i_xbar.", x);
  for (unsigned b = 0; b < c->nb; b++) {
    const shell_l2_t *L = &s->l2[b];
#define PB(n) (snprintf(nm, sizeof nm, "gen_bank[%u].i_l2.%s", b, n), nm)
    shell_l2_ls_declare_state(mp, PB(""), L); /* tb/blocks/shell_l2_ls.c */
#undef PB
  }
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_reset(&c->s);
  c->s.ext_env = 1;
  c->s.observed = 1;
  for (unsigned b = 0; b < c->nb; b++) shell_dram_reset(&c->dram[b]);
  c->s.disp.in.kern_valid_i = c->s.disp.in.kern_blocks_i = c->s.disp.in.kern_warps_i = 0;
  c->kern_start_o = 0;
  memset(c->was_asleep, 0, c->nsm);
  memset(c->was_rep, 0, c->nsm);
  memset(c->l2_was_asleep, 0, c->nb);
  c->cyc = 0;
  c->started = 0;
  memset(c->since, 0, (size_t)c->nsm * c->s.nwarps * sizeof *c->since);
}

/* The record at (kernel k of the run, block, wib, pc): kernels repeat. */
static const wl_rec_t *rec(const ctx_t *c, uint32_t kern, uint32_t block, uint32_t wib, uint32_t pc) {
  const wl_kernel_t *k = &c->wl.k[kern % c->wl.nk];
  uint32_t i = (block % k->blocks) * k->warps + wib % k->warps;
  uint32_t q = pc < k->wlen[i] ? pc : k->wlen[i] - 1;
  return &c->wl.rec[k->wfirst[i] + q];
}

/* The static tag of kernel k's load of static site `site` (wl_rec_t.site;
 * k counts the run's kernels). */
static uint32_t tag_of(const ctx_t *c, uint32_t kern, uint32_t site) {
  uint32_t k = kern % c->wl.nk;
  if (c->have_tags) return shell_byp_tag_of(&c->tags, k, site);
  uint32_t h = (k * 0x9e3779b1u) ^ (site * 0x85ebca6bu);
  h ^= h >> 15;
  return h % 3 == 0 ? CHSS_LD_CA : h % 3 == 1 ? CHSS_LD_CG : CHSS_LD_CM;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_t *s = &c->s;
  shell_disp_in_t *di = &s->disp.in;
  (void)r;
  /* the kernel the dispatcher runs this cycle */
  uint32_t kern = cycle ? s->disp.out.kern_o + c->kern_start_o : 0;
  const wl_kernel_t *K = &c->wl.k[kern % c->wl.nk];
  di->kern_valid_i = !c->once || kern < c->wl.nk;
  di->kern_blocks_i = K->blocks;
  di->kern_warps_i = K->warps;
  s->kern_tbmax_i = shell_kern_tbmax(s->nwarps, s->ntbs, K->warps);
  /* the SMs' requests of last cycle, answered */
  uint32_t prev_kern = cycle ? s->disp.out.kern_o : 0;
  for (unsigned i = 0; i < c->nsm; i++) {
    const unsigned *ow = c->o_sm_w, *iw = c->i_sm_w;
#define OG(k) pk_get(&c->o_sm[k], i * ow[k], ow[k])
#define IS(k, v) pk_set(&c->i_sm[k], i * iw[k], iw[k], (v))
    for (unsigned ch = 0; ch < 2; ch++) {
      unsigned b0 = ch ? O_IV : O_FV, j0 = ch ? I_IK : I_FK;
      if (cycle && OG(b0)) {
        const wl_rec_t *x = rec(c, prev_kern, OG(b0 + 1), OG(b0 + 2), OG(b0 + 3));
        IS(j0, x->kind), IS(j0 + 1, x->count), IS(j0 + 2, x->size), IS(j0 + 3, x->mask);
      } else
        IS(j0, 0), IS(j0 + 1, 0), IS(j0 + 2, 0), IS(j0 + 3, 0);
    }
    if (cycle && OG(O_LV)) {
      const wl_rec_t *x = rec(c, prev_kern, OG(O_LB), OG(O_LW), OG(O_LP));
      uint32_t a[WL_LANES];
      shell_wl_lane_addrs(c->wl.pool, x, a);
      IS(I_LM, x->mask);
      for (unsigned l = 0; l < WL_LANES; l++) bits_set(c->i_sm[I_LA].wd, (i * 32 + l) * 32, 32, a[l]);
      IS(I_LT, tag_of(c, prev_kern, x->site));
    } else {
      IS(I_LM, 0);
      IS(I_LT, 0);
      for (unsigned l = 0; l < WL_LANES; l++) bits_set(c->i_sm[I_LA].wd, (i * 32 + l) * 32, 32, 0);
    }
#undef OG
#undef IS
  }
  /* DRAM: last cycle's handshakes, then this cycle's offers */
  for (unsigned b = 0; b < c->nb; b++) {
    const unsigned *ow = c->o_b_w, *iw = c->i_b_w;
#define OG(k) pk_get(&c->o_b[k], b * ow[k], ow[k])
#define IG(k) pk_get(&c->i_b[k], b * iw[k], iw[k])
#define IS(k, v) pk_set(&c->i_b[k], b * iw[k], iw[k], (v))
    shell_dram_t *D = &c->dram[b];
    if (c->started) {
      shell_dram_ent_t req = {OG(D_QS), OG(D_QL), OG(D_QI), OG(D_QST), OG(D_QB), 0, OG(D_QSET)};
      shell_dram_step(D, c->cyc, shell_dram_req_fire(OG(D_QV), IG(D_QR), IG(D_PV) && OG(D_PR)), &req, IG(D_PV) && OG(D_PR));
    }
    const shell_dram_ent_t *h = shell_dram_rsp(D, c->started ? c->cyc + 1 : 0);
    IS(D_QR, shell_dram_ready(D));
    IS(D_PV, h != NULL);
    IS(D_PS, h ? h->sm : 0);
    IS(D_PL, h ? h->line : 0);
    IS(D_PI, h ? h->id : 0);
    IS(D_PB, h ? h->byp : 0);
    IS(D_PSET, h ? h->set : 0);
#undef OG
#undef IG
#undef IS
  }
  if (c->started) c->cyc++;
  c->started = 1;
}

static void comb(void *p) {
  ctx_t *c = p;
  shell_t *s = &c->s;
  for (unsigned i = 0; i < c->nsm; i++) { /* the inputs into each SM */
    shell_sm_in_t *in = &s->sm[i].in;
    const unsigned *iw = c->i_sm_w;
#define IG(k) pk_get(&c->i_sm[k], i * iw[k], iw[k])
    in->fetch_kind_i = IG(I_FK), in->fetch_count_i = IG(I_FC), in->fetch_size_i = IG(I_FS), in->fetch_mask_i = IG(I_FM);
    in->ifetch_kind_i = IG(I_IK), in->ifetch_count_i = IG(I_IC), in->ifetch_size_i = IG(I_IS);
    in->ifetch_mask_i = IG(I_IM);
    in->lsu_mask_i = IG(I_LM);
    in->lsu_tag_i = IG(I_LT);
    for (unsigned l = 0; l < WL_LANES; l++) in->lsu_addr_i[l] = (uint32_t)bits_get(c->i_sm[I_LA].wd, (i * 32 + l) * 32, 32);
#undef IG
  }
  for (unsigned b = 0; b < c->nb; b++) {
    shell_l2_in_t *in = &s->l2[b].in;
    const unsigned *iw = c->i_b_w;
#define IG(k) pk_get(&c->i_b[k], b * iw[k], iw[k])
    in->dram_req_ready_i = IG(D_QR);
    in->dram_rsp_valid_i = IG(D_PV);
    in->dram_rsp_sm_i = IG(D_PS);
    in->dram_rsp_line_i = IG(D_PL);
    in->dram_rsp_id_i = IG(D_PI);
    in->dram_rsp_byp_i = IG(D_PB);
    in->dram_rsp_set_i = IG(D_PSET);
#undef IG
  }
  shell_comb(s);
  c->kern_start_o = s->disp.kern_d != s->disp.kern_q;
  for (unsigned i = 0; i < c->nsm; i++) {
    const shell_sm_out_t *o = &s->sm[i].out;
    const uint32_t v[NO_SM] = {o->fetch_valid_o, o->fetch_block_o,  o->fetch_wib_o,  o->fetch_pc_o,
                               o->ifetch_valid_o, o->ifetch_block_o, o->ifetch_wib_o, o->ifetch_pc_o,
                               o->lsu_valid_o,   o->lsu_block_o,    o->lsu_wib_o,    o->lsu_pc_o};
    for (unsigned k = 0; k < NO_SM; k++) pk_set(&c->o_sm[k], i * c->o_sm_w[k], c->o_sm_w[k], v[k]);
  }
  for (unsigned b = 0; b < c->nb; b++) {
    const shell_l2_out_t *o = &s->l2[b].out;
    const uint32_t v[NO_B] = {o->dram_req_valid_o, o->dram_req_sm_o,  o->dram_req_line_o, o->dram_req_id_o,
                              o->dram_req_store_o, o->dram_req_byp_o, o->dram_rsp_ready_o, o->dram_req_set_o};
    for (unsigned k = 0; k < NO_B; k++) pk_set(&c->o_b[k], b * c->o_b_w[k], c->o_b_w[k], v[k]);
  }
}

static void commit(void *p) { /* (the map reads the SMs' cycle counters: up to date, shell_sync) */
  shell_commit(&((ctx_t *)p)->s);
  shell_sync(&((ctx_t *)p)->s);
}

static void count_cov(ctx_t *c) {
  const shell_t *s = &c->s;
  uint64_t *v = c->cov;
  v[COV_KSTART] += c->kern_start_o;
  uint32_t busy = 0;
  for (unsigned i = 0; i < c->nsm; i++) {
    const shell_sm_out_t *o = &s->sm[i].out;
    const shell_byp_t *b = &s->byp[i];
    v[COV_DISP] += o->hk_disp_valid_o;
    v[COV_DONE] += o->hk_done_valid_o;
    v[COV_HIT] += o->ev_hit_o;
    v[COV_HITRES] += o->ev_hitres_o;
    v[COV_MISS] += o->ev_miss_o;
    v[COV_STALL] += o->ev_stall_o;
    const l1d_out_t *lo = &s->sm[i].i_l1d.out;
    v[COV_SMISS] += lo->dec_valid_o && lo->req_outcome_o == L1D_OUT_SECTOR_MISS;
    v[COV_BYPEV] += o->ev_byp_o;
    v[COV_INJ_HELD] += o->inj_valid_o && !shell_xbar_bit(s->xbar.out.inj_pop_o, i);
    v[COV_EJ_HELD] += shell_xbar_bit(s->xbar.out.ej_valid_o, i) && !o->fill_ready_o;
    v[COV_ASLEEP] += s->dorm[i] >= SHELL_SM_SETTLE; /* the C model skipped this SM's cycle (shell.c) */
    v[COV_WOKEN] += c->was_asleep[i] && s->dorm[i] == 0;
    c->was_asleep[i] = s->dorm[i] >= SHELL_SM_SETTLE;
    v[COV_REPEAT] += s->srep[i]; /* the C model repeats this SM's last cycle next (shell.c) */
    v[COV_REPEND] += c->was_rep[i] && !s->srep[i];
    c->was_rep[i] = s->srep[i];
    busy += !o->tb_free_o;
    const int load = o->byp_valid_o && !o->byp_store_o && o->l1d_take_o;
    v[COV_CTRL_BYP] += load && s->sm[i].in.byp_i;
    v[COV_CTRL_CACHED] += load && !s->sm[i].in.byp_i;
    v[COV_BMODE] += b->hw.has_bdu && b->hw.i_bdu.bmode_q;
    v[COV_CMODE] += b->hw.has_bdu && !b->hw.i_bdu.bmode_q;
    v[COV_TAG_BG] += b->hw.has_chss && b->hw.cin.disp_valid_i && b->out.disp_tag_o;
    v[COV_TAG_BA] += b->hw.has_chss && b->hw.cin.disp_valid_i && !b->out.disp_tag_o;
    v[COV_T_CG] += load && o->byp_tag_o == CHSS_LD_CG;
    v[COV_T_CM] += load && o->byp_tag_o == CHSS_LD_CM;
    v[COV_T_CA] += load && o->byp_tag_o == CHSS_LD_CA;
    const shell_ccn_hw_t *h = s->ccn[0].hw;
    if (h) {
      v[COV_LOOKUP] += h->out[i].rmt_valid_o;
      v[COV_RHIT] += h->rsp_take[i];
      v[COV_RL2] += h->l2_take[i];
      v[COV_RSTALL] += !h->out[i].mem_ready_o;
      v[COV_THR] += h->out[i].thr_o;
    }
  }
  v[COV_ALL_BUSY] += busy == c->nsm;
  for (unsigned b = 0; b < c->nb; b++) {
    v[COV_DRAM_REQ] += !s->l2_skip[b] && s->l2[b].out.dram_req_valid_o && s->l2[b].in.dram_req_ready_i;
    v[COV_L2ASLEEP] += s->l2_skip[b]; /* the C model skipped this bank's cycle (shell.c) */
    v[COV_L2WOKEN] += c->l2_was_asleep[b] && !s->l2_skip[b];
    c->l2_was_asleep[b] = s->l2_skip[b];
  }
}

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  (void)cycle;
  count_cov(c);
  if (c->s.err[0]) { /* a response for a warp with no load outstanding: duplicated or misrouted */
    snprintf(msg, n, "%s", c->s.err);
    return 1;
  }
  /* lost: a warp waits for its line loads too long */
  for (unsigned i = 0; i < c->nsm; i++) {
    const shell_sm_t *m = &c->s.sm[i];
    uint64_t *sn = &c->since[(size_t)i * c->s.nwarps];
    for (unsigned w = 0; w < m->nwarps; w++) {
      if (!m->w_q[w].ld) { sn[w] = cycle; continue; }
      if (cycle - sn[w] > LOST_CYCLES) {
        snprintf(msg, n, "cycle %llu SM %u: warp %u has waited %llu cycles for %u line loads: lost",
                 (unsigned long long)cycle, i, w, (unsigned long long)(cycle - sn[w]), m->w_q[w].ld);
        return 1;
      }
    }
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  uint64_t ins = 0, req = 0, rsp = 0, tbs = 0, wblocks = 0, busy = 0;
  for (unsigned i = 0; i < c->nsm; i++) {
    ins += c->s.sm[i].st[SHS_INSTS];
    req += c->s.sm[i].st[SHS_LDREQ];
    rsp += c->s.sm[i].st[SHS_LDRSP];
    tbs += c->s.sm[i].st[SHS_TBS];
    busy += !shell_sm_quiet(&c->s.sm[i]) || c->s.sm[i].out.busy_o;
  }
  for (unsigned k = 0; k < c->wl.nk; k++) wblocks += c->wl.k[k].blocks;
  fprintf(f, "shell: %u kernels started, %llu blocks, %llu warp instructions, %llu load line requests, %llu answered\n",
          c->s.disp.kern_q, (unsigned long long)tbs, (unsigned long long)ins, (unsigned long long)req,
          (unsigned long long)rsp);
  int na = 0;
  for (unsigned k = 0; k < COV_N; k++)
    if (!c->cov_on[k]) fprintf(f, "%s%s", na++ ? " " : "shell: coverage points not applicable to this configuration: ", cov_name[k]);
  if (na) fprintf(f, "\n");
  if (c->once) { /* the workload once: did every kernel, block and warp finish? */
    uint32_t fin = c->s.disp.kern_q < c->wl.nk ? c->s.disp.kern_q : c->wl.nk;
    int all = fin == c->wl.nk && !busy && ins == shell_wl_insts(&c->wl) && rsp == req;
    fprintf(f, "shell: workload once: %u of %u kernels finished, %llu of %llu blocks dispatched, %llu of %llu warp "
               "instructions issued, SMs %s: %s\n",
            fin, c->wl.nk, (unsigned long long)tbs, (unsigned long long)wblocks, (unsigned long long)ins,
            (unsigned long long)shell_wl_insts(&c->wl), busy ? "still busy" : "idle",
            all ? "every kernel, block and warp ran to completion" : "NOT complete");
  }
}

/* The comparison waveform's groups (ls_block_t.wave_group): per SM, the
 * path of a request -- warp issue, LD/ST unit, [MRPB ->] L1D request (its
 * decide stage), L1D response / fill, the miss path toward the crossbar,
 * the bypass / CCN hooks -- then the dispatcher, crossbars, L2 banks.  SM 0's
 * L1D request, warp issue and LD/ST groups start open: the first screen. */
static int wave_group(const char *path, int sub, char *name, size_t n) {
  unsigned i;
  int off = 0;
  static const char *const sm_ports[] = {"fetch_", "ifetch_", "lsu_", NULL};
  for (int k = 0; sm_ports[k]; k++)
    if (!strncmp(path, sm_ports[k], strlen(sm_ports[k])) && sub >= 0 && !strchr(path, '.')) {
      int lsu = k == 2;
      snprintf(name, n, "SM %d: %s", sub,
               lsu ? "LD/ST unit: lane-address requests and answers" : "warp issue: record fetch requests and answers");
      return sub * 20 + (lsu ? 2 : 1) + (sub ? 100 : 0);
    }
  if (!strncmp(path, "dram_", 5) && sub >= 0) {
    snprintf(name, n, "L2 bank %d: DRAM port", sub);
    return 5000 + sub * 2 + 1;
  }
  if (sscanf(path, "gen_sm[%u].%n", &i, &off) == 1 && off > 0) {
    const char *r = path + off;
    const char *what;
    int k;
    static const char *const reqp[] = {"req_", "dec_valid_o", NULL}, *const fillp[] = {"fill_", "rsp_", NULL};
    int isreq = 0, isfill = 0;
    for (int j = 0; reqp[j]; j++) isreq |= !strncmp(r, "i_sm.i_l1d.", 11) && !strncmp(r + 11, reqp[j], strlen(reqp[j]));
    for (int j = 0; fillp[j]; j++) isfill |= !strncmp(r, "i_sm.i_l1d.", 11) && !strncmp(r + 11, fillp[j], strlen(fillp[j]));
    if (isreq || !strncmp(r, "i_sm.i_l1d.d_", 13))
      what = "[MRPB ->] L1D request port (handshake, decision; the decide stage d_*_q)", k = 0;
    else if (isfill) what = "L1D response / fill (fill and response ports, MSHRs, release queue, fill writes)", k = 6;
    else if (!strncmp(r, "i_sm.l_", 7)) what = "LD/ST unit (coalescer)", k = 3;
    else if (!strncmp(r, "i_sm.gen_mrpb.", 14)) what = "MRPB", k = 4;
    else if (!strncmp(r, "i_sm.i_l1d.i_missq", 18) || !strncmp(r, "i_sm.i_l1d.i_bypq", 17) ||
             !strncmp(r, "i_sm.i_l1d.mem_", 15) || !strncmp(r, "i_sm.i_injq", 11))
      what = "L1D miss path to the crossbar (memory request port, miss and bypass queues, injection queue)", k = 5;
    else if (!strncmp(r, "i_sm.i_l1d.mshr_", 16) || !strncmp(r, "i_sm.i_l1d.i_relq", 17) ||
             !strncmp(r, "i_sm.i_l1d.fw_", 14))
      what = "L1D response / fill (fill and response ports, MSHRs, release queue, fill writes)", k = 6;
    else if (!strncmp(r, "i_sm.i_l1d.", 11)) what = "L1D tags, data, replacement state", k = 7;
    else if (!strncmp(r, "i_byp.", 6)) what = "bypass hook (BDU / CHSS)", k = 8;
    else if (!strncmp(r, "i_sm.", 5)) what = "warps, TB slots, scheduler", k = 9;
    else what = "other", k = 10;
    snprintf(name, n, "SM %u: %s", i, what);
    return (int)i * 20 + k + (i || k > 3 ? 100 : 0);
  }
  if (!strncmp(path, "gen_ccn.", 8)) { snprintf(name, n, "CCN ring"); return 4000; }
  if (!strncmp(path, "i_disp.", 7) || !strncmp(path, "kern", 4) || !strcmp(path, "kstart_q")) {
    snprintf(name, n, "dispatcher and kernel start");
    return 4001;
  }
  if (!strncmp(path, "i_xbar.", 7)) { snprintf(name, n, "crossbars"); return 4002; }
  if (sscanf(path, "gen_bank[%u].%n", &i, &off) == 1 && off > 0) {
    snprintf(name, n, "L2 bank %u", i);
    return 5000 + (int)i * 2;
  }
  if (!strncmp(path, "mode_", 5) || !strcmp(path, "l2_lat_i")) { snprintf(name, n, "modes (quasi-static)"); return 3999; }
  return -1;
}

const ls_block_t ls_block_shell = {
    .name = "shell",
    .rtl_module = "shell",
    .help = "GPU shell top: SMs with their bypass controllers, the CCN ring, dispatcher, crossbars, L2 banks; "
            "workload (SHELL_WORKLOAD, SHELL_TAGS) and DRAM from the environment",
    .param_blocks = SHELL_PARAM_BLOCKS,
    .vlt_inline = "l1d",
    .vlt_no_inline = "shell_sm shell_l2",
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .summary = summary,
    .wave_group = wave_group,
    .wave_mark = "gen_sm[0].i_sm.i_l1d.req_valid_i", /* SM 0's first L1D request */
};
