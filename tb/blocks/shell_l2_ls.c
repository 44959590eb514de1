/* shell_l2_ls.c -- lockstep adapter of one L2 bank of the GPU shell
 * (rtl/shell/shell_l2.sv, csim/shell/shell_l2.{h,c}).
 * Stimulus: requests from random SMs for lines drawn mostly from a small
 * pool (so hits, misses, fills and evictions all happen), 20 % stores,
 * response back-pressure in phases; the DRAM channel is the environment
 * model csim/shell/shell_dram.h, driven from the previous cycle's
 * handshakes.  Scoreboard: no load request is answered twice, and no set
 * holds one line in two valid ways (what a decide stage working from a stale
 * tag row would do: docs/shell.md, the L2 bank's hazards). */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "shell_dram.h"
#include "shell_l2.h"
#include "shell_mem.h"
#include "shell_xbar.h" /* shell_xbar_sw: the SM-number width */
#include "blocks/shell_l2_ls.h"

typedef struct {
  shell_l2_t m;
  shell_dram_t dram;
  uint32_t cyc;
  unsigned pool, req_pct, rdy_pct;
  uint64_t loads_in, rsp_out;
  int started;
} ctx_t;

static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  unsigned sectw = log2u((unsigned)CFG(cfg, L1D_SECTORS));
  unsigned law = (unsigned)CFG(cfg, L1D_ADDR_W) - log2u((unsigned)CFG(cfg, L1D_LINE)) + sectw; /* the L1D's atom */
  shell_mem_t d;
  if (shell_mem_derive(cfg, &d)) { free(c); return NULL; }
  if (shell_l2_init(&c->m, (unsigned)CFG(cfg, SHELL_L2_SETS), (unsigned)CFG(cfg, SHELL_L2_WAYS),
                    (unsigned)CFG(cfg, SHELL_L2_ROP_LAT), d.reqq, d.rspq, law, sectw, (unsigned)CFG(cfg, L1D_ID_W),
                    shell_xbar_sw((unsigned)CFG(cfg, SHELL_SMS)),
                    (unsigned)CFG(cfg, SHELL_L2_BANKS), (unsigned)CFG(cfg, SHELL_L2_SET_IDX),
                    CFG(cfg, SHELL_L2_WRITE) == SHELL_L2_WRITE_BACK) ||
      shell_dram_init(&c->dram, d.dram_depth, d.dram_credits, (uint32_t)CFG(cfg, SHELL_DRAM_LAT), d.dram_rd_ivl_fp, d.dram_st_ivl_fp)) {
    free(c);
    return NULL;
  }
  c->pool = c->m.sets * c->m.ways * 2;
  return c;
}

static void destroy(void *p) {
  ctx_t *c = p;
  shell_l2_free(&c->m);
  shell_dram_free(&c->dram);
  free(c);
}

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  shell_l2_t *m = &c->m;
  shell_l2_in_t *i = &m->in;
  shell_l2_out_t *o = &m->out;
  ls_param(mp, "Sets", m->sets);
  ls_param(mp, "Ways", m->ways);
  ls_param(mp, "Lat", m->lat);
  ls_param(mp, "ReqQ", m->i_reqq.depth);
  ls_param(mp, "RspQ", m->i_rspq.depth);
  ls_param(mp, "NB", m->nbanks);
  ls_param(mp, "SetIdx", m->set_idx);
  ls_param(mp, "WBack", m->wback);
  ls_param(mp, "LaW", m->law);
  ls_param(mp, "SectW", m->sectw);
  ls_param(mp, "IdW", m->idw);
  ls_param(mp, "SmW", m->smw);
  ls_input(mp, "req_valid_i", 1, &i->req_valid_i);
  ls_input(mp, "req_sm_i", m->smw, &i->req_sm_i);
  ls_input(mp, "req_line_i", m->law, &i->req_line_i);
  ls_input(mp, "req_id_i", m->idw, &i->req_id_i);
  ls_input(mp, "req_store_i", 1, &i->req_store_i);
  ls_input(mp, "req_byp_i", 1, &i->req_byp_i);
  ls_input(mp, "rsp_ready_i", 1, &i->rsp_ready_i);
  ls_input(mp, "dram_req_ready_i", 1, &i->dram_req_ready_i);
  ls_input(mp, "dram_rsp_valid_i", 1, &i->dram_rsp_valid_i);
  ls_input(mp, "dram_rsp_sm_i", m->smw, &i->dram_rsp_sm_i);
  ls_input(mp, "dram_rsp_line_i", m->law, &i->dram_rsp_line_i);
  ls_input(mp, "dram_rsp_id_i", m->idw, &i->dram_rsp_id_i);
  ls_input(mp, "dram_rsp_byp_i", 1, &i->dram_rsp_byp_i);
  ls_input(mp, "dram_rsp_set_i", m->setww, &i->dram_rsp_set_i);
  ls_output(mp, "req_ready_o", 1, &o->req_ready_o);
  ls_output(mp, "rsp_valid_o", 1, &o->rsp_valid_o);
  ls_output(mp, "rsp_sm_o", m->smw, &o->rsp_sm_o);
  ls_output(mp, "rsp_line_o", m->law, &o->rsp_line_o);
  ls_output(mp, "rsp_id_o", m->idw, &o->rsp_id_o);
  ls_output(mp, "rsp_byp_o", 1, &o->rsp_byp_o);
  ls_output(mp, "dram_req_valid_o", 1, &o->dram_req_valid_o);
  ls_output(mp, "dram_req_sm_o", m->smw, &o->dram_req_sm_o);
  ls_output(mp, "dram_req_line_o", m->law, &o->dram_req_line_o);
  ls_output(mp, "dram_req_id_o", m->idw, &o->dram_req_id_o);
  ls_output(mp, "dram_req_store_o", 1, &o->dram_req_store_o);
  ls_output(mp, "dram_req_byp_o", 1, &o->dram_req_byp_o);
  ls_output(mp, "dram_rsp_ready_o", 1, &o->dram_rsp_ready_o);
  ls_output(mp, "dram_req_set_o", m->setww, &o->dram_req_set_o);
  shell_l2_ls_declare_state(mp, "", m);
}

/* The bank's state map under prefix ("" here, "gen_bank[b].i_l2." in the
 * shell): one place, so the two maps cannot drift apart. */
void shell_l2_ls_declare_state(ls_map_t *mp, const char *prefix, const shell_l2_t *m) {
  char nm[128];
#define P(n) (snprintf(nm, sizeof nm, "%s%s", prefix, n), nm)
  ls_reg_array2(mp, P("valid_q"), 1u << m->sectw, m->sets, m->ways, m->valid_q); /* a bit per sector */
  ls_reg_array2(mp, P("dirty_q"), 1, m->sets, m->ways, m->dirty_q);
  ls_mem_sync(mp, P("i_tags"), &m->i_tags);
  ls_mem_sync(mp, P("i_lru"), &m->i_lru);
  ls_reg(mp, P("cyc_q"), 32, &m->cyc_q);
  ls_reg_array(mp, P("cnt_q"), 32, L2C_N, m->cnt_q, 4);
  ls_reg(mp, P("dec_valid_q"), 1, &m->dec_valid_q);
  ls_reg(mp, P("dec_fill_q"), 1, &m->dec_fill_q);
  ls_reg(mp, P("dec_msg_q"), m->bodyw, m->dec_msg_q);
  ls_reg(mp, P("dec_set_q"), m->setww, &m->dec_set_q);
  ls_reg(mp, P("rp_valid_q"), 1, &m->rp_valid_q);
  ls_reg(mp, P("rp_msg_q"), m->bodyw, m->rp_msg_q);
  ls_reg(mp, P("rp_set_q"), m->setww, &m->rp_set_q);
  ls_reg(mp, P("fw_v_q"), 1, &m->fw_v_q);
  ls_reg(mp, P("fw_tagw_q"), 1, &m->fw_tagw_q);
  ls_reg(mp, P("fw_way_q"), m->ways > 1 ? log2u(m->ways) : 1, &m->fw_way_q);
  ls_reg(mp, P("fw_tag_q"), m->tlw, &m->fw_tag_q);
  ls_fifo(mp, P("i_reqq"), &m->i_reqq);
  ls_fifo(mp, P("i_rspq"), &m->i_rspq);
#undef P
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_l2_reset(&c->m);
  shell_dram_reset(&c->dram);
  memset(&c->m.in, 0, sizeof c->m.in);
  memset(&c->m.out, 0, sizeof c->m.out);
  c->cyc = 0;
  c->started = 0;
  c->loads_in = c->rsp_out = 0;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_l2_in_t *i = &c->m.in;
  const shell_l2_out_t *o = &c->m.out;
  if (c->started) { /* the previous cycle's handshakes, seen from its inputs and outputs */
    shell_dram_ent_t req = {o->dram_req_sm_o, o->dram_req_line_o, o->dram_req_id_o, o->dram_req_store_o,
                            o->dram_req_byp_o, 0, o->dram_req_set_o};
    uint32_t rsp_fire = i->dram_rsp_valid_i && o->dram_rsp_ready_o;
    shell_dram_step(&c->dram, c->cyc, shell_dram_req_fire(o->dram_req_valid_o, i->dram_req_ready_i, rsp_fire), &req, rsp_fire);
    if (i->req_valid_i && o->req_ready_o && !i->req_store_i) c->loads_in++;
    if (o->rsp_valid_o && i->rsp_ready_i) c->rsp_out++;
    c->cyc++;
  }
  c->started = 1;
  if (cycle % 512 == 0) {
    c->req_pct = 20 + ls_below(r, 81);
    c->rdy_pct = 30 + ls_below(r, 71);
  }
  i->req_valid_i = ls_chance(r, c->req_pct);
  i->req_sm_i = ls_below(r, 1u << c->m.smw); /* every value of the SM-number field */
  i->req_line_i = ls_chance(r, 90) ? 0x1000 + ls_below(r, c->pool) : (uint32_t)(ls_rand(r) & ((1u << c->m.law) - 1));
  i->req_id_i = ls_below(r, 1u << c->m.idw);
  i->req_store_i = ls_chance(r, 20);
  i->req_byp_i = ls_chance(r, 30);
  i->rsp_ready_i = ls_chance(r, c->rdy_pct);
  i->dram_req_ready_i = shell_dram_ready(&c->dram);
  const shell_dram_ent_t *h = shell_dram_rsp(&c->dram, c->cyc);
  i->dram_rsp_valid_i = h != NULL;
  i->dram_rsp_sm_i = h ? h->sm : 0;
  i->dram_rsp_line_i = h ? h->line : 0;
  i->dram_rsp_id_i = h ? h->id : 0;
  i->dram_rsp_byp_i = h ? h->byp : 0;
  i->dram_rsp_set_i = h ? h->set : 0;
}

static void comb(void *p) { shell_l2_comb(&((ctx_t *)p)->m); }
static void commit(void *p) { shell_l2_commit(&((ctx_t *)p)->m); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const shell_l2_t *m = &c->m;
  if (m->dset >= 0) { /* a line allocated: no set holds one line in two valid ways (a stale tag row would) */
    const uint32_t *row = mem_1r1w_read(&m->i_tags.m, (unsigned)m->dset);
    const uint8_t *v = &m->valid_q[(size_t)m->dset * m->ways];
    for (unsigned a = 0; a < m->ways; a++)
      for (unsigned b = a + 1; b < m->ways; b++)
        if (v[a] && v[b] && bits_get(row, a * m->tlw, m->tlw) == bits_get(row, b * m->tlw, m->tlw)) {
          snprintf(msg, n, "cycle %llu: set %d holds line 0x%llx in ways %u and %u", (unsigned long long)cycle,
                   m->dset, (unsigned long long)bits_get(row, a * m->tlw, m->tlw), a, b);
          return 1;
        }
  }
  if (c->rsp_out > c->loads_in) {
    snprintf(msg, n, "cycle %llu: %llu responses for %llu load requests", (unsigned long long)cycle,
             (unsigned long long)c->rsp_out, (unsigned long long)c->loads_in);
    return 1;
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  fprintf(f, "shell_l2: hits %u misses %u sector misses %u stores %u fills %u write-backs %u; loads in %llu, answered %llu\n",
          c->m.cnt_q[L2C_HIT], c->m.cnt_q[L2C_MISS], c->m.cnt_q[L2C_SMISS], c->m.cnt_q[L2C_STORE], c->m.cnt_q[L2C_FILL], c->m.cnt_q[L2C_WB],
          (unsigned long long)c->loads_in,
          (unsigned long long)c->rsp_out);
}

const ls_block_t ls_block_shell_l2 = {
    .name = "shell_l2",
    .rtl_module = "shell_l2",
    .help = "GPU shell: one L2 bank (SHELL_L2_*), DRAM from the environment",
    .param_blocks = "shell_l2 shell l1d", /* l1d: its line, address, id and sectors shape the messages */
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
