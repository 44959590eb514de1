/* shell_ccn.c -- the CCN ring in the shell (shell_ccn.h, docs/shell.md). */
#include "shell_ccn.h"
#include <stdlib.h>
#include <string.h>
#include "bits.h"

int shell_ccn_init(shell_ccn_t *c, const l1sys_cfg_t *cfg, unsigned sm) {
  memset(c, 0, sizeof *c);
  c->variant = (uint32_t)CFG(cfg, SHELL_CCN);
  c->id = sm;
  c->sample = (uint32_t)CFG(cfg, SHELL_SAMPLE);
  c->offw = (unsigned)bits_clog2((uint32_t)CFG(cfg, L1D_LINE));
  c->lwords = (unsigned)(CFG(cfg, L1D_LINE) / 4);
  return 0;
}

int shell_ccn_attach(shell_ccn_t *c, shell_ccn_t *sm0, const l1sys_cfg_t *cfg, unsigned nsm) {
  c->owner = sm0;
  c->nodes = nsm;
  if (c->variant == SHELL_CCN_OFF) return 0;
  c->ans_data_q = calloc(c->lwords, 4);
  c->ans_data_d = calloc(c->lwords, 4);
  if (!c->ans_data_q || !c->ans_data_d) goto oom;
  if (c == sm0) {
    if (nsm < 2 || nsm > CCN_MAX_NODES)
      return cfg_reject(cfg, P_SHELL_SMS, "must be 2..16 under SHELL_CCN=ON or ON_THROTTLE (one ring node per SM)");
    ccn_ring_cfg_t rc;
    l1sys_cfg_t k = *cfg;
    k.v[P_CCN_NODES] = nsm;
    k.v[P_CCN_LINE_BYTES] = CFG(cfg, L1D_LINE);
    k.v[P_CCN_LINE_ADDR_W] = CFG(cfg, L1D_ADDR_W) - c->offw;
    if (c->variant == SHELL_CCN_ON) k.v[P_CCN_HMIN] = 0; /* CCN-B: never throttle */
    if (ccn_ring_cfg_from(&rc, &k)) return -1;
    c->node = calloc(nsm, sizeof *c->node);
    c->ring = calloc(1, sizeof *c->ring);
    c->rin = calloc(1, sizeof *c->rin);
    if (!c->node || !c->ring || !c->rin || ccn_ring_init(c->ring, &rc) || ccn_ring_in_init(c->rin, c->ring)) goto oom;
  }
  sm0->node[c->id] = c;
  shell_ccn_reset(c);
  return 0;
oom:
  fprintf(stderr, "error: shell: out of memory (CCN)\n");
  return -1;
}

void shell_ccn_free(shell_ccn_t *c) {
  free(c->ans_data_q);
  free(c->ans_data_d);
  free(c->ser);
  if (c->ring) ccn_ring_free(c->ring);
  if (c->rin) ccn_ring_in_free(c->rin);
  free(c->ring);
  free(c->rin);
  free(c->node);
  c->ans_data_q = c->ans_data_d = NULL;
  c->ser = NULL;
  c->ring = NULL;
  c->rin = NULL;
  c->node = NULL;
}

void shell_ccn_reset(shell_ccn_t *c) {
  c->mreg_v_q = c->mreg_v_d = c->mreg_a_q = c->mreg_a_d = 0;
  c->ans_v_q = c->ans_v_d = c->ans_hit_q = c->ans_hit_d = 0;
  if (c->ans_data_q) memset(c->ans_data_q, 0, c->lwords * 4);
  if (c->ans_data_d) memset(c->ans_data_d, 0, c->lwords * 4);
  c->fst_v_q = c->fst_v_d = c->fst_a_q = c->fst_a_d = 0;
  c->l2_v_q = c->l2_v_d = c->l2_a_q = c->l2_a_d = 0;
  c->popped = c->done = 0;
  c->remote_hits = c->lookups = c->ring_misses = c->ring_l2 = c->thr_cycles = 0;
  c->cyc = c->nser = 0;
  if (c->ring) ccn_ring_reset(c->ring);
}

/* The ring's cycle, from the registers of every node's edge; run once per
 * cycle by the first hook call of any SM. */
static void ring_step(shell_ccn_t *c) {
  shell_ccn_t *o = c->owner;
  if (c->variant == SHELL_CCN_OFF || !o || o->done) return;
  o->done = 1;
  ccn_ring_t *r = o->ring;
  ccn_ring_in_t *ri = o->rin;
  for (unsigned i = 0; i < o->nodes; i++) {
    const shell_ccn_t *n = o->node[i];
    ccn_node_in_t *in = &ri->in[i];
    in->miss_valid_i = n->mreg_v_q;
    in->miss_addr_i = n->mreg_a_q;
    in->miss_byp_i = 0;
    in->rmt_hit_i = n->ans_v_q && n->ans_hit_q;
    memcpy(ri->rmt_data + (size_t)i * r->lbw, n->ans_data_q, (r->lbw < n->lwords ? r->lbw : n->lwords) * 4);
    in->resp_ready_i = !n->fst_v_q;
    in->l2_ready_i = !n->l2_v_q;
  }
  ccn_ring_comb(r, ri);
  for (unsigned i = 0; i < o->nodes; i++) {
    shell_ccn_t *n = o->node[i];
    const ccn_node_t *x = &r->node[i];
    const ccn_node_in_t *in = &ri->in[i];
    n->popped = in->miss_valid_i && x->miss_ready_o;
    if (n->popped) n->mreg_v_d = 0;
    if (x->resp_valid_o && in->resp_ready_i) {
      n->fst_v_d = 1;
      n->fst_a_d = x->resp_addr_o;
      n->remote_hits++;
    }
    if (x->l2_valid_o && in->l2_ready_i) {
      n->l2_v_d = 1;
      n->l2_a_d = x->l2_addr_o;
      n->ring_l2++;
    }
    n->ans_v_d = 0; /* set by remote() when the L1D is asked */
    n->thr_cycles += x->thr_o;
  }
}

int shell_ccn_fill(shell_ccn_t *c, uint32_t *line) {
  ring_step(c);
  *line = c->fst_a_q;
  return c->fst_v_q;
}
void shell_ccn_filled(shell_ccn_t *c) { c->fst_v_d = 0; }

int shell_ccn_mem_ready(shell_ccn_t *c) {
  ring_step(c);
  if (c->variant == SHELL_CCN_OFF) return 1;
  return (!c->mreg_v_q || c->popped) && !c->l2_v_q;
}

void shell_ccn_rmt(shell_ccn_t *c, uint32_t *valid, uint32_t *addr) {
  ring_step(c);
  if (c->variant == SHELL_CCN_OFF) {
    *valid = *addr = 0;
    return;
  }
  const ccn_node_t *x = &c->owner->ring->node[c->id];
  *valid = x->rmt_valid_o;
  *addr = x->rmt_valid_o ? x->rmt_addr_o << c->offw : 0;
}

void shell_ccn_remote(shell_ccn_t *c, uint32_t hit, const uint32_t *data) {
  ring_step(c);
  if (c->variant == SHELL_CCN_OFF) return;
  c->lookups++;
  c->ans_v_d = 1;
  c->ans_hit_d = hit;
  memcpy(c->ans_data_d, data, c->lwords * 4);
}

int shell_ccn_miss(shell_ccn_t *c, uint32_t line, uint32_t not_ring) {
  ring_step(c);
  if (c->variant == SHELL_CCN_OFF || not_ring) return 0;
  c->mreg_v_d = 1;
  c->mreg_a_d = line;
  c->ring_misses++;
  return 1;
}

int shell_ccn_l2(shell_ccn_t *c, uint32_t *line, uint32_t room) {
  ring_step(c);
  *line = c->l2_a_q;
  if (!c->l2_v_q || !room) return 0;
  c->l2_v_d = 0;
  return 1;
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
  if (c->variant == SHELL_CCN_OFF) return;
  if (c->cyc % c->sample == 0) sample(c, c->owner->ring->node[c->id].thr_q);
  c->cyc++;
  c->mreg_v_q = c->mreg_v_d;
  c->mreg_a_q = c->mreg_a_d;
  c->ans_v_q = c->ans_v_d;
  c->ans_hit_q = c->ans_hit_d;
  if (c->ans_v_d) memcpy(c->ans_data_q, c->ans_data_d, c->lwords * 4);
  c->fst_v_q = c->fst_v_d;
  c->fst_a_q = c->fst_a_d;
  c->l2_v_q = c->l2_v_d;
  c->l2_a_q = c->l2_a_d;
  c->popped = 0;
  if (c->owner == c) { /* the ring's own clock edge, once per cycle */
    ccn_ring_commit(c->ring);
    c->done = 0;
  }
}

void shell_ccn_json(const shell_ccn_t *c, FILE *f) {
  if (c->variant == SHELL_CCN_OFF) return;
  const ccn_node_t *x = &c->owner->ring->node[c->id];
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
