/* shell_xbar_ls.c -- lockstep adapter of the shell's crossbars
 * (rtl/shell/shell_xbar.sv, csim/shell/shell_xbar.{h,c}).
 * Stimulus: SMs hold a request (line, id, store, byp) until it is popped,
 * then offer a new one some of the time; lines crowd a few banks in phases
 * so several SMs compete for one bank; banks accept and offer responses (for
 * random SMs) at random; ejection ports are ready at random.  Bank responses
 * are held until popped.  Check: every request a bank gets is the oldest
 * one popped from that SM for that bank and not yet handed over (none lost,
 * doubled or altered), at most BQ wait in a bank's boundary buffer (none
 * with speedup 1: a pop is a bank's request in the same cycle); every
 * response an SM takes is the oldest one moved into its buffer. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "shell_xbar.h"
#include "shell_mem.h"
#include "blocks/shell_xbar_ls.h"

#define W SHELL_XBAR_MAX
#define MW SHELL_XBAR_MW
typedef struct {
  shell_xbar_t m;
  /* packed ports (element k at bit k*width) */
  uint32_t inj_line[W], inj_id[W], req_sm[W], req_line[W], req_id[W], rsp_sm[W], rsp_line[W], rsp_id[W],
      ej_line[W], ej_id[W]; /* W words: a field of up to 32 bits per SM or bank */
  unsigned hot, ready_pct, rsp_pct;
  uint64_t reqs, rsps;
  /* scoreboard: per SM the responses taken from banks, in order, not yet
   * ejected ({line, id}); every ejection must be the head */
  uint32_t (*exp)[2];
  unsigned *eh, *en, expd;
  /* per bank the requests popped from SMs not yet handed to the bank:
   * {sm, line, id, store | byp << 1, age}, pq rows each */
  uint32_t (*pend)[5];
  unsigned *pn, pq;
  uint32_t age;
  unsigned ej_rr[W];
} ctx_t;

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  unsigned line = (unsigned)CFG(cfg, L1D_LINE);
  unsigned sectw = log2u((unsigned)CFG(cfg, L1D_SECTORS));
  unsigned law = (unsigned)CFG(cfg, L1D_ADDR_W) - log2u(line) + sectw; /* the L1D's atom */
  shell_mem_t d;
  if (shell_mem_derive(cfg, &d)) { free(c); return NULL; }
  if (shell_xbar_init(&c->m, (unsigned)CFG(cfg, SHELL_SMS), (unsigned)CFG(cfg, SHELL_L2_BANKS), law, sectw,
                      (unsigned)CFG(cfg, L1D_ID_W), d.flits_line, (unsigned)CFG(cfg, SHELL_EJQ),
                      (unsigned)CFG(cfg, SHELL_XBAR_SPEEDUP), (unsigned)CFG(cfg, SHELL_XBAR_BQ))) {
    free(c);
    cfg_reject(cfg, P_SHELL_SMS, "shell_xbar: 1..128 SMs and banks");
    return NULL;
  }
  c->expd = 2 * (unsigned)CFG(cfg, SHELL_EJQ) + 4;
  c->exp = calloc((size_t)c->m.nsm * c->expd, sizeof *c->exp);
  c->eh = calloc(c->m.nsm, sizeof *c->eh);
  c->en = calloc(c->m.nsm, sizeof *c->en);
  c->pq = (c->m.speedup == 2 ? c->m.bq : 0) + 3; /* a cycle's two pops join before the bank's request leaves */
  c->pend = calloc((size_t)c->m.nb * c->pq, sizeof *c->pend);
  c->pn = calloc(c->m.nb, sizeof *c->pn);
  if (!c->exp || !c->eh || !c->en || !c->pend || !c->pn) {
    shell_xbar_free(&c->m);
    free(c->exp), free(c->eh), free(c->en), free(c->pend), free(c->pn), free(c);
    return NULL;
  }
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  shell_xbar_free(&c->m);
  free(c->exp), free(c->eh), free(c->en), free(c->pend), free(c->pn);
  free(c);
}

void shell_xbar_ls_declare_state(ls_map_t *mp, const char *prefix, const shell_xbar_t *m) {
  char nm[160];
#define P(...) (snprintf(nm, sizeof nm, __VA_ARGS__), nm)
  ls_reg_array(mp, P("%sbank_rr_q", prefix), m->sw, m->nb, m->bank_rr_q, 4);
  ls_reg_array(mp, P("%sbk_busy_q", prefix), m->fw, m->nb, m->bk_busy_q, 4);
  ls_reg_array(mp, P("%sinj_busy_q", prefix), m->fw, m->nsm, m->inj_busy_q, 4);
  ls_reg_array(mp, P("%sej_busy_q", prefix), m->fw, m->nsm, m->ej_busy_q, 4);
  ls_reg_array(mp, P("%sej_rr_q", prefix), m->bw, m->nsm, m->ej_rr_q, 4);
  for (unsigned i = 0; i < m->nsm; i++) ls_fifo_w2(mp, P("%sgen_ej[%u].i_ejq", prefix, i), &m->i_ejq[i]);
  if (m->i_bq)
    for (unsigned b = 0; b < m->nb; b++) ls_fifo_w2(mp, P("%sgen_bq.gen_b[%u].i_bq", prefix, b), &m->i_bq[b]);
#undef P
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  shell_xbar_t *m = &c->m;
  shell_xbar_in_t *i = &m->in;
  shell_xbar_out_t *o = &m->out;
  unsigned n = m->nsm, nb = m->nb;
  ls_param(mp, "NSm", n);
  ls_param(mp, "NB", nb);
  ls_param(mp, "LaW", m->law);
  ls_param(mp, "SectW", m->sectw);
  ls_param(mp, "IdW", m->idw);
  ls_param(mp, "Flits", m->flits);
  ls_param(mp, "EjQ", m->ejq);
  ls_param(mp, "Speedup", m->speedup);
  ls_param(mp, "BQ", m->bq);
  ls_input(mp, "inj_valid_i", n, i->inj_valid_i);
  ls_input(mp, "inj_line_i", n * m->law, c->inj_line);
  ls_input(mp, "inj_id_i", n * m->idw, c->inj_id);
  ls_input(mp, "inj_store_i", n, i->inj_store_i);
  ls_input(mp, "inj_byp_i", n, i->inj_byp_i);
  ls_output(mp, "inj_pop_o", n, o->inj_pop_o);
  ls_input(mp, "l2_req_ready_i", nb, i->l2_req_ready_i);
  ls_output(mp, "l2_req_valid_o", nb, o->l2_req_valid_o);
  ls_output(mp, "l2_req_sm_o", nb * m->sw, c->req_sm);
  ls_output(mp, "l2_req_line_o", nb * m->law, c->req_line);
  ls_output(mp, "l2_req_id_o", nb * m->idw, c->req_id);
  ls_output(mp, "l2_req_store_o", nb, o->l2_req_store_o);
  ls_output(mp, "l2_req_byp_o", nb, o->l2_req_byp_o);
  ls_input(mp, "l2_rsp_valid_i", nb, i->l2_rsp_valid_i);
  ls_input(mp, "l2_rsp_sm_i", nb * m->sw, c->rsp_sm);
  ls_input(mp, "l2_rsp_line_i", nb * m->law, c->rsp_line);
  ls_input(mp, "l2_rsp_id_i", nb * m->idw, c->rsp_id);
  ls_input(mp, "l2_rsp_byp_i", nb, i->l2_rsp_byp_i);
  ls_output(mp, "l2_rsp_ready_o", nb, o->l2_rsp_ready_o);
  ls_output(mp, "ej_valid_o", n, o->ej_valid_o);
  ls_output(mp, "ej_line_o", n * m->law, c->ej_line);
  ls_output(mp, "ej_id_o", n * m->idw, c->ej_id);
  ls_output(mp, "ej_byp_o", n, o->ej_byp_o);
  ls_input(mp, "ej_ready_i", n, i->ej_ready_i);
  shell_xbar_ls_declare_state(mp, "", m);
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_xbar_reset(&c->m);
  memset(&c->m.in, 0, sizeof c->m.in);
  memset(&c->m.out, 0, sizeof c->m.out);
  c->reqs = c->rsps = 0;
  memset(c->eh, 0, c->m.nsm * sizeof *c->eh);
  memset(c->en, 0, c->m.nsm * sizeof *c->en);
  memset(c->pn, 0, c->m.nb * sizeof *c->pn);
  c->age = 0;
  memset(c->ej_rr, 0, sizeof c->ej_rr);
}

static void pack(uint32_t *dst, const uint32_t *el, unsigned n, unsigned w) {
  memset(dst, 0, W * 4);
  for (unsigned k = 0; k < n; k++) bits_set(dst, k * w, w, el[k]);
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_xbar_t *m = &c->m;
  shell_xbar_in_t *i = &m->in;
  const shell_xbar_out_t *o = &m->out;
  if (cycle % 256 == 0) {
    c->hot = ls_below(r, m->nb);
    c->ready_pct = 30 + ls_below(r, 71);
    c->rsp_pct = 20 + ls_below(r, 81);
  }
  uint32_t lmask = m->law >= 32 ? 0xffffffffu : (1u << m->law) - 1;
  /* requesters: the previous cycle's popped head is replaced (or dropped) */
  for (unsigned s = 0; s < m->nsm; s++) {
    int popped = shell_xbar_bit(o->inj_pop_o, s), have = shell_xbar_bit(i->inj_valid_i, s);
    if (have && !popped) continue;
    shell_xbar_put(i->inj_valid_i, s, 0);
    if (!ls_chance(r, 70)) continue;
    uint32_t ln = (uint32_t)ls_rand(r) & lmask;
    if (ls_chance(r, 60)) { /* crowd one bank: the atom's line is hot modulo the banks */
      uint32_t l = ln >> m->sectw;
      ln = (((l - l % m->nb + c->hot) << m->sectw) | (ln & ((1u << m->sectw) - 1))) & lmask;
    }
    shell_xbar_put(i->inj_valid_i, s, 1);
    i->inj_line_i[s] = ln;
    i->inj_id_i[s] = ls_below(r, 1u << m->idw);
    shell_xbar_put(i->inj_store_i, s, (uint32_t)ls_chance(r, 25));
    shell_xbar_put(i->inj_byp_i, s, (uint32_t)ls_chance(r, 30));
  }
  /* banks: a response head is held until popped */
  for (unsigned b = 0; b < m->nb; b++) {
    shell_xbar_put(i->l2_req_ready_i, b, (uint32_t)ls_chance(r, c->ready_pct));
    int popped = shell_xbar_bit(o->l2_rsp_ready_o, b), have = shell_xbar_bit(i->l2_rsp_valid_i, b);
    if (have && !popped) continue;
    shell_xbar_put(i->l2_rsp_valid_i, b, 0);
    if (!ls_chance(r, c->rsp_pct)) continue;
    shell_xbar_put(i->l2_rsp_valid_i, b, 1);
    i->l2_rsp_sm_i[b] = ls_below(r, m->nsm);
    i->l2_rsp_line_i[b] = (uint32_t)ls_rand(r) & lmask;
    i->l2_rsp_id_i[b] = ls_below(r, 1u << m->idw);
    shell_xbar_put(i->l2_rsp_byp_i, b, (uint32_t)ls_chance(r, 30));
  }
  for (unsigned s = 0; s < m->nsm; s++) shell_xbar_put(i->ej_ready_i, s, (uint32_t)ls_chance(r, 60));
  pack(c->inj_line, i->inj_line_i, m->nsm, m->law);
  pack(c->inj_id, i->inj_id_i, m->nsm, m->idw);
  pack(c->rsp_sm, i->l2_rsp_sm_i, m->nb, m->sw);
  pack(c->rsp_line, i->l2_rsp_line_i, m->nb, m->law);
  pack(c->rsp_id, i->l2_rsp_id_i, m->nb, m->idw);
}

static void comb(void *p) {
  ctx_t *c = p;
  shell_xbar_t *m = &c->m;
  const shell_xbar_out_t *o = &m->out;
  shell_xbar_comb(m);
  pack(c->req_sm, o->l2_req_sm_o, m->nb, m->sw);
  pack(c->req_line, o->l2_req_line_o, m->nb, m->law);
  pack(c->req_id, o->l2_req_id_o, m->nb, m->idw);
  pack(c->ej_line, o->ej_line_o, m->nsm, m->law);
  pack(c->ej_id, o->ej_id_o, m->nsm, m->idw);
}

static void commit(void *p) { shell_xbar_commit(&((ctx_t *)p)->m); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const shell_xbar_t *m = &c->m;
  const shell_xbar_in_t *in = &m->in;
  const shell_xbar_out_t *o = &m->out;
  /* the requests popped this cycle join their bank's pending list */
  for (unsigned s = 0; s < m->nsm; s++)
    if (shell_xbar_bit(o->inj_pop_o, s)) {
      unsigned b = (in->inj_line_i[s] >> m->sectw) % m->nb;
      if (!shell_xbar_bit(in->inj_valid_i, s) || c->pn[b] == c->pq) {
        snprintf(msg, n, "cycle %llu: SM %u popped %s", (unsigned long long)cycle, s,
                 c->pn[b] == c->pq ? "a request its bank has no room for" : "without a request");
        return 1;
      }
      uint32_t *e = c->pend[(size_t)b * c->pq + c->pn[b]++];
      e[0] = s, e[1] = in->inj_line_i[s], e[2] = in->inj_id_i[s];
      e[3] = shell_xbar_bit(in->inj_store_i, s) | shell_xbar_bit(in->inj_byp_i, s) << 1, e[4] = c->age++;
    }
  /* a bank's request: the oldest pending one of its SM, unaltered */
  for (unsigned b = 0; b < m->nb; b++) {
    if (shell_xbar_bit(o->l2_req_valid_o, b)) {
      uint32_t *pb = c->pend[(size_t)b * c->pq];
      int k = -1;
      for (unsigned j = 0; j < c->pn[b]; j++)
        if (pb[j * 5] == o->l2_req_sm_o[b] && (k < 0 || pb[j * 5 + 4] < pb[k * 5 + 4])) k = (int)j;
      uint32_t fl = shell_xbar_bit(o->l2_req_store_o, b) | shell_xbar_bit(o->l2_req_byp_o, b) << 1;
      if (!shell_xbar_bit(in->l2_req_ready_i, b) || k < 0 || pb[k * 5 + 1] != o->l2_req_line_o[b] ||
          pb[k * 5 + 2] != o->l2_req_id_o[b] || pb[k * 5 + 3] != fl) {
        snprintf(msg, n, "cycle %llu: bank %u gets SM %u line 0x%x id %u: %s", (unsigned long long)cycle, b,
                 o->l2_req_sm_o[b], o->l2_req_line_o[b], o->l2_req_id_o[b],
                 !shell_xbar_bit(in->l2_req_ready_i, b) ? "the bank is not ready" : "not that SM's oldest request for it");
        return 1;
      }
      memcpy(pb + k * 5, pb + (c->pn[b] - 1) * 5, 5 * sizeof *pb);
      c->pn[b]--;
      c->reqs++;
    }
    unsigned cap = m->speedup == 2 ? m->bq : 0;
    if (c->pn[b] > cap) {
      snprintf(msg, n, "cycle %llu: bank %u has %u requests popped and not handed over (at most %u)",
               (unsigned long long)cycle, b, c->pn[b], cap);
      return 1;
    }
  }
  /* every response an SM takes is the oldest one taken for it from a bank:
   * none lost, doubled, reordered or misrouted (ejections first: a response
   * taken from a bank this cycle is ejected at the earliest next cycle) */
  for (unsigned i = 0; i < m->nsm; i++)
    if (shell_xbar_bit(o->ej_valid_o, i) && shell_xbar_bit(in->ej_ready_i, i)) {
      const uint32_t *e = c->exp[(size_t)i * c->expd + c->eh[i]];
      if (!c->en[i] || e[0] != o->ej_line_o[i] || e[1] != o->ej_id_o[i]) {
        snprintf(msg, n, "cycle %llu: SM %u takes line 0x%x id %u; expected %s 0x%x id %u", (unsigned long long)cycle,
                 i, o->ej_line_o[i], o->ej_id_o[i], c->en[i] ? "line" : "nothing, not", e[0], e[1]);
        return 1;
      }
      c->eh[i] = c->eh[i] + 1 == c->expd ? 0 : c->eh[i] + 1;
      c->en[i]--;
      c->rsps++;
    }
  /* the responses moved into SM i's buffer this cycle (at most the
   * speedup), in grant order: round-robin from the bank after the last one
   * moved for it (the scoreboard's own pointer, ej_rr) */
  unsigned nmv[W] = {0}, mv[W][2];
  for (unsigned b = 0; b < m->nb; b++)
    if (shell_xbar_bit(o->l2_rsp_ready_o, b)) {
      unsigned i = in->l2_rsp_sm_i[b];
      if (!shell_xbar_bit(in->l2_rsp_valid_i, b) || i >= m->nsm || nmv[i] == m->speedup) {
        snprintf(msg, n, "cycle %llu: bank %u popped without a response for an SM that can take it", (unsigned long long)cycle, b);
        return 1;
      }
      mv[i][nmv[i]++] = b;
    }
  for (unsigned i = 0; i < m->nsm; i++) {
    if (!nmv[i]) continue;
    if (nmv[i] == 2 && (mv[i][0] + m->nb - c->ej_rr[i]) % m->nb > (mv[i][1] + m->nb - c->ej_rr[i]) % m->nb) {
      unsigned t = mv[i][0];
      mv[i][0] = mv[i][1], mv[i][1] = t;
    }
    for (unsigned k = 0; k < nmv[i]; k++) {
      unsigned b = mv[i][k];
      if (c->en[i] == c->expd) {
        snprintf(msg, n, "cycle %llu: SM %u takes more responses than its buffer holds", (unsigned long long)cycle, i);
        return 1;
      }
      uint32_t *e = c->exp[(size_t)i * c->expd + (c->eh[i] + c->en[i]) % c->expd];
      e[0] = in->l2_rsp_line_i[b], e[1] = in->l2_rsp_id_i[b];
      c->en[i]++;
    }
    c->ej_rr[i] = mv[i][nmv[i] - 1] + 1 == m->nb ? 0 : mv[i][nmv[i] - 1] + 1;
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  fprintf(f, "shell_xbar: %llu requests to banks, %llu responses into SMs\n", (unsigned long long)c->reqs,
          (unsigned long long)c->rsps);
}

const ls_block_t ls_block_shell_xbar = {
    .name = "shell_xbar",
    .rtl_module = "shell_xbar",
    .help = "GPU shell: request and response crossbars (SHELL_SMS x SHELL_L2_BANKS)",
    .param_blocks = "shell_xbar shell l1d", /* l1d: its line, address, id and sectors shape the messages */
    .create = create,
    .destroy = destroy,
    .declare = declare,
    .reset = reset,
    .stim = stim,
    .comb = comb,
    .commit = commit,
    .check = check,
    .summary = summary,
};
