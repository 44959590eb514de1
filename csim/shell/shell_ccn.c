/* shell_ccn.c -- the CCN ring in the shell (shell_ccn.h, docs/shell.md). */
#include "shell_ccn.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

/* ---- the RTL twin (rtl/shell/shell_ccn.sv, same order) -------------------- */

int shell_ccn_hw_init(shell_ccn_hw_t *h, const ccn_ring_cfg_t *rc, unsigned offw) {
  memset(h, 0, sizeof *h);
  if (ccn_ring_init(&h->i_ring, rc)) return -1;
  h->nodes = rc->nodes;
  h->law = rc->law;
  h->offw = offw;
  h->lbw = h->i_ring.lbw;
  size_t words = (size_t)h->nodes * h->lbw;
  h->rmt_data_i = calloc(words, 4);
  if (!h->rmt_data_i) {
    shell_ccn_hw_free(h);
    return -1;
  }
  /* the ring reads the L1Ds' answers (rmt_data_i) in place */
  for (unsigned i = 0; i < h->nodes; i++) h->rin.in[i].rmt_data_i = h->rmt_data_i + (size_t)i * h->lbw;
  shell_ccn_hw_reset(h);
  return 0;
}

void shell_ccn_hw_free(shell_ccn_hw_t *h) {
  ccn_ring_free(&h->i_ring);
  free(h->rmt_data_i);
  h->rmt_data_i = NULL;
}

void shell_ccn_hw_reset(shell_ccn_hw_t *h) {
  ccn_ring_reset(&h->i_ring);
  for (unsigned i = 0; i < h->nodes; i++) {
    h->mreg_v_q[i] = h->mreg_v_d[i] = h->mreg_a_q[i] = h->mreg_a_d[i] = 0;
    h->fst_v_q[i] = h->fst_v_d[i] = h->fst_a_q[i] = h->fst_a_d[i] = 0;
    h->l2_v_q[i] = h->l2_v_d[i] = h->l2_a_q[i] = h->l2_a_d[i] = 0;
    h->popped[i] = h->rsp_take[i] = h->l2_take[i] = 0;
    memset(&h->in[i], 0, sizeof h->in[i]);
  }
  memset(h->rmt_data_i, 0, (size_t)h->nodes * h->lbw * 4);
}

void shell_ccn_hw_comb(shell_ccn_hw_t *h) {
  ccn_ring_t *r = &h->i_ring;
  for (unsigned i = 0; i < h->nodes; i++) { /* the ring's inputs: every node's edge registers */
    ccn_node_in_t *in = &h->rin.in[i];
    in->miss_valid_i = h->mreg_v_q[i];
    in->miss_addr_i = h->mreg_a_q[i];
    in->miss_byp_i = 0;
    in->rmt_hit_i = h->in[i].rmt_hit_i; /* the L1D's answer to last cycle's lookup (registered in the L1D) */
    in->resp_ready_i = !h->fst_v_q[i];
    in->l2_ready_i = !h->l2_v_q[i];
  }
  ccn_ring_comb(r, &h->rin);
  for (unsigned i = 0; i < h->nodes; i++) {
    const ccn_node_t *x = &r->node[i];
    shell_ccn_out_t *o = &h->out[i];
    h->popped[i] = h->mreg_v_q[i] && x->miss_ready_o;
    h->rsp_take[i] = x->resp_valid_o && !h->fst_v_q[i];
    h->l2_take[i] = x->l2_valid_o && !h->l2_v_q[i];
#ifdef FAULT_SHELL_CCN_READY
    o->mem_ready_o = !h->mreg_v_q[i] || h->popped[i]; /* injected: a waiting ring L2 request does not hold the L1D off */
#else
    o->mem_ready_o = (!h->mreg_v_q[i] || h->popped[i]) && !h->l2_v_q[i];
#endif
    o->rmt_valid_o = x->rmt_valid_o;
    o->rmt_addr_o = x->rmt_valid_o ? x->rmt_addr_o << h->offw : 0;
    o->fill_valid_o = h->fst_v_q[i];
    o->fill_line_o = h->fst_a_q[i];
    o->l2_valid_o = h->l2_v_q[i];
    o->l2_line_o = h->l2_a_q[i];
    o->thr_o = x->thr_o;
  }
}

void shell_ccn_hw_next(shell_ccn_hw_t *h, unsigned i) {
  const shell_ccn_in_t *in = &h->in[i];
  const ccn_node_t *x = &h->i_ring.node[i];
  const uint32_t lam = h->law >= 32 ? ~0u : (1u << h->law) - 1u;
  /* miss staging: the ring takes it (popped); the L1D hands a new one over */
  h->mreg_v_d[i] = h->mreg_v_q[i] && !h->popped[i];
  h->mreg_a_d[i] = h->mreg_a_q[i];
  if (in->miss_valid_i && h->out[i].mem_ready_o) {
    h->mreg_v_d[i] = 1;
    h->mreg_a_d[i] = in->miss_line_i & lam;
  }
  /* fill staging: a line the ring delivered, until the L1D takes it */
  h->fst_v_d[i] = h->fst_v_q[i];
  h->fst_a_d[i] = h->fst_a_q[i];
  if (h->rsp_take[i]) {
    h->fst_v_d[i] = 1;
    h->fst_a_d[i] = x->resp_addr_o;
  }
  if (h->fst_v_q[i] && in->fill_ready_i) h->fst_v_d[i] = 0;
  /* L2 staging: a ring request to L2, until the injection queue takes it */
  h->l2_v_d[i] = h->l2_v_q[i];
  h->l2_a_d[i] = h->l2_a_q[i];
  if (h->l2_take[i]) {
    h->l2_v_d[i] = 1;
#ifdef FAULT_SHELL_CCN_L2LINE
    h->l2_a_d[i] = x->l2_addr_o ^ 1; /* injected: the wrong line staged */
#else
    h->l2_a_d[i] = x->l2_addr_o;
#endif
  }
  if (h->l2_v_q[i] && in->l2_ready_i) h->l2_v_d[i] = 0;
}

void shell_ccn_hw_commit_node(shell_ccn_hw_t *h, unsigned i) {
  h->mreg_v_q[i] = h->mreg_v_d[i];
  h->mreg_a_q[i] = h->mreg_a_d[i];
  h->fst_v_q[i] = h->fst_v_d[i];
  h->fst_a_q[i] = h->fst_a_d[i];
  h->l2_v_q[i] = h->l2_v_d[i];
  h->l2_a_q[i] = h->l2_a_d[i];
}

void shell_ccn_hw_commit_ring(shell_ccn_hw_t *h) { ccn_ring_commit(&h->i_ring); }

/* ---- the hook ------------------------------------------------------------ */

int shell_ccn_init(shell_ccn_t *c, const l1sys_cfg_t *cfg, unsigned sm) {
  memset(c, 0, sizeof *c);
  c->variant = (uint32_t)CFG(cfg, SHELL_CCN);
  c->id = sm;
  c->sample = (uint32_t)CFG(cfg, SHELL_SAMPLE);
  c->offw = shell_ccn_atom_offw(cfg);
  c->lwords = (unsigned)(CFG(cfg, L1D_LINE) / 4);
  return 0;
}

/* The ring's parameters in the shell: one node per SM; it moves the L1D's
 * atoms (a line, or with a sectored L1D a sector: the miss it carries is
 * one MSHR entry's) */
int shell_ccn_ring_cfg(ccn_ring_cfg_t *rc, const l1sys_cfg_t *cfg, unsigned nsm, uint32_t variant) {
  l1sys_cfg_t k = *cfg;
  unsigned offw = shell_ccn_atom_offw(cfg);
  k.v[P_CCN_NODES] = nsm;
  k.v[P_CCN_LINE_BYTES] = 1ll << offw;
  k.v[P_CCN_LINE_ADDR_W] = CFG(cfg, L1D_ADDR_W) - offw;
  if (variant == SHELL_CCN_ON) k.v[P_CCN_HMIN] = 0; /* CCN-B: never throttle */
  return ccn_ring_cfg_from(rc, &k);
}

int shell_ccn_attach(shell_ccn_t *c, shell_ccn_t *sm0, const l1sys_cfg_t *cfg, unsigned nsm) {
  c->owner = sm0;
  c->nodes = nsm;
  if (c->variant == SHELL_CCN_OFF) return 0;
  if (c == sm0) {
    if (nsm < 2 || nsm > CCN_MAX_NODES)
      return cfg_reject(cfg, P_SHELL_SMS, "must be 2..16 under SHELL_CCN=ON or ON_THROTTLE (one ring node per SM)");
    ccn_ring_cfg_t rc;
    if (shell_ccn_ring_cfg(&rc, cfg, nsm, c->variant)) return -1;
    c->hw = calloc(1, sizeof *c->hw);
    if (!c->hw || shell_ccn_hw_init(c->hw, &rc, c->offw)) {
      free(c->hw);
      c->hw = NULL;
      fprintf(stderr, "error: shell: out of memory (CCN)\n");
      return -1;
    }
  }
  shell_ccn_reset(c);
  return 0;
}

void shell_ccn_free(shell_ccn_t *c) {
  free(c->ser);
  c->ser = NULL;
  if (c->hw) shell_ccn_hw_free(c->hw);
  free(c->hw);
  c->hw = NULL;
}

void shell_ccn_reset(shell_ccn_t *c) {
  c->done = 0;
  c->remote_hits = c->lookups = c->ring_misses = c->ring_l2 = c->thr_cycles = 0;
  c->nser = c->to_sample = 0;
  if (c->hw) shell_ccn_hw_reset(c->hw);
}

static void sample(shell_ccn_t *c, uint32_t v) {
  if (c->nser == c->capser) {
    uint32_t n = c->capser ? 2 * c->capser : 256;
    uint8_t *p = realloc(c->ser, n);
    if (!p) return;
    c->ser = p;
    c->capser = n;
  }
  c->ser[c->nser++] = (uint8_t)v;
}

void shell_ccn_commit(shell_ccn_t *c) {
  /* not ring_step(): the outputs were evaluated this cycle by a call (every
   * SM's comb makes several), and SM0's edge may already have been taken */
  shell_ccn_hw_t *h = c->variant == SHELL_CCN_OFF || !c->owner ? NULL : c->owner->hw;
  if (!h) return;
  unsigned i = c->id;
  /* statistics of this node's cycle (testbench side) */
  c->remote_hits += h->rsp_take[i];
  c->ring_l2 += h->l2_take[i];
  c->thr_cycles += h->out[i].thr_o;
  /* every node samples before the ring's edge (shell_ccn_commit_ring) */
  if (!c->to_sample) { /* (cyc % sample == 0: a countdown, no division per node and cycle) */
    sample(c, h->i_ring.node[i].thr_q);
    c->to_sample = c->sample;
  }
  c->to_sample--;
  /* the node's edge registers: they move only with a staged miss, line or
   * L2 request, a miss handed over, or the ring's response or L2 request
   * taken (else every next value is the register: shell_ccn_hw_next) */
  if (h->mreg_v_q[i] | h->fst_v_q[i] | h->l2_v_q[i] | h->in[i].miss_valid_i | h->rsp_take[i] | h->l2_take[i]) {
    shell_ccn_hw_next(h, i);
    shell_ccn_hw_commit_node(h, i);
  }
  memset(&h->in[i], 0, sizeof h->in[i]); /* this cycle's inputs are spent */
}

void shell_ccn_advance(shell_ccn_t *c, uint32_t n) {
  if (c->variant == SHELL_CCN_OFF || !c->owner || !c->owner->hw || !n) return;
  const shell_ccn_hw_t *h = c->owner->hw;
  const uint32_t thr = h->i_ring.node[c->id].thr_q;
  c->thr_cycles += (uint64_t)n * h->out[c->id].thr_o;
  /* shell_ccn_commit's countdown n times: a sample where it reaches 0
   * (cycles to_sample, to_sample + sample, ...), then sample - 1 after it */
  const uint32_t t = c->to_sample;
  if (n <= t) {
    c->to_sample = t - n;
    return;
  }
  const uint32_t k = 1 + (n - 1 - t) / c->sample; /* (the samples in the n cycles) */
  for (uint32_t j = 0; j < k; j++) sample(c, thr);
  c->to_sample = c->sample - 1 - (n - 1 - t - (k - 1) * c->sample);
}

void shell_ccn_commit_ring(shell_ccn_t *c) {
  if (c->variant == SHELL_CCN_OFF || c->owner != c || !c->hw) return;
  shell_ccn_hw_commit_ring(c->hw); /* the ring's own clock edge, once per cycle */
  c->done = 0;
}

void shell_ccn_json(const shell_ccn_t *c, FILE *f) {
  if (c->variant == SHELL_CCN_OFF) return;
  const ccn_node_t *x = &c->owner->hw->i_ring.node[c->id];
  fprintf(f,
          ", \"ccn_lookups\": %llu, \"ccn_ring_misses\": %llu, \"ccn_to_l2\": %llu, \"ccn_served_for_others\": %u, "
          "\"ccn_nosharer\": %u, \"ccn_throttled_periods\": %u, \"ccn_throttled_misses\": %u, \"ccn_throttled_cycles\": %llu, "
          "\"ccn_cb_timeouts\": %u, \"ccn_reuse_lat_sum\": %u, \"ccn_thr_series\": [",
          (unsigned long long)c->lookups, (unsigned long long)c->ring_misses, (unsigned long long)c->ring_l2,
          x->cnt_hit_q, x->cnt_nosh_q, x->cnt_thrp_q, x->cnt_thrmiss_q, (unsigned long long)c->thr_cycles, x->cnt_cbto_q,
          x->cnt_lat_q);
  for (uint32_t i = 0; i < c->nser; i++) fprintf(f, "%s%u", i ? "," : "", c->ser[i]);
  fputc(']', f);
}
