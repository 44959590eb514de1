/* shell_disp_ls.c -- lockstep adapter of the shell's thread-block
 * dispatcher (rtl/shell/shell_disp.sv, csim/shell/shell_disp.{h,c}).
 * Environment: a workload of 256 kernels (a table of 64, four times over) of 0..24 blocks of 1..16 warps; the
 * kernel described is the one the dispatcher runs, followed from the
 * previous cycle's inputs and outputs.  SMs: free TB slots, free warp slots
 * and busy flags at random, busy rarely in some phases so kernels end.
 * Check: no dispatch to an SM without a free TB slot or enough warp slots,
 * no block number at or past the kernel's block count. */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls.h"
#include "shell_disp.h"

#define NK 64
typedef struct {
  shell_disp_t m;
  uint32_t fw_packed[SHELL_DISP_MAX * 8 / 32];
  uint32_t kb[NK], kw[NK], kern;
  unsigned busy_pct;
  uint64_t disp, kerns;
} ctx_t;

static void *create(const l1sys_cfg_t *cfg) {
  ctx_t *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (shell_disp_init(&c->m, (unsigned)CFG(cfg, SHELL_SMS))) {
    free(c);
    cfg_reject(cfg, P_SHELL_SMS, "shell_disp: 1..128 SMs");
    return NULL;
  }
  return c;
}

static void destroy(void *p) { free(p); }

static void declare(void *p, ls_map_t *mp) {
  ctx_t *c = p;
  shell_disp_t *m = &c->m;
  shell_disp_in_t *i = &m->in;
  shell_disp_out_t *o = &m->out;
  ls_param(mp, "NSm", m->nsm);
  ls_output(mp, "kern_o", 32, &o->kern_o);
  ls_input(mp, "kern_valid_i", 1, &i->kern_valid_i);
  ls_input(mp, "kern_blocks_i", 32, &i->kern_blocks_i);
  ls_input(mp, "kern_warps_i", 8, &i->kern_warps_i);
  ls_input(mp, "tb_free_i", m->nsm, i->tb_free_i);
  ls_input(mp, "free_warps_i", m->nsm * 8, c->fw_packed);
  ls_input(mp, "sm_busy_i", m->nsm, i->sm_busy_i);
  ls_output(mp, "disp_valid_o", 1, &o->disp_valid_o);
  ls_output(mp, "disp_sm_o", m->sw, &o->disp_sm_o);
  ls_output(mp, "disp_block_o", 32, &o->disp_block_o);
  ls_reg(mp, "kern_q", 32, &m->kern_q);
  ls_reg(mp, "next_q", 32, &m->next_q);
  ls_reg(mp, "rr_q", m->sw, &m->rr_q);
}

static void reset(void *p) {
  ctx_t *c = p;
  shell_disp_reset(&c->m);
  memset(&c->m.in, 0, sizeof c->m.in);
  memset(&c->m.out, 0, sizeof c->m.out);
  c->kern = 0;
  c->disp = c->kerns = 0;
}

static void stim(void *p, ls_rng_t *r, uint64_t cycle) {
  ctx_t *c = p;
  shell_disp_t *m = &c->m;
  shell_disp_in_t *i = &m->in;
  const shell_disp_out_t *o = &m->out;
  if (cycle == 0)
    for (unsigned k = 0; k < NK; k++) {
      c->kb[k] = ls_below(r, 25);
      c->kw[k] = 1 + ls_below(r, 16);
    }
  /* the kernel the dispatcher runs now: last cycle's, plus one if it ended */
  uint32_t busy = 0;
  for (unsigned w = 0; w < SHELL_DISP_MW; w++) busy |= i->sm_busy_i[w];
  if (cycle && i->kern_valid_i && !o->disp_valid_o && o->disp_block_o >= i->kern_blocks_i && !busy) {
    c->kern = o->kern_o + 1;
    c->kerns++;
  }
  if (cycle % 128 == 0) c->busy_pct = ls_chance(r, 50) ? 2 : 60;
  i->kern_valid_i = c->kern < 4 * NK; /* the table 4 times over, then the workload is done */
  i->kern_blocks_i = i->kern_valid_i ? c->kb[c->kern % NK] : 0;
  i->kern_warps_i = i->kern_valid_i ? c->kw[c->kern % NK] : 0;
  memset(i->tb_free_i, 0, sizeof i->tb_free_i);
  memset(i->sm_busy_i, 0, sizeof i->sm_busy_i);
  memset(c->fw_packed, 0, sizeof c->fw_packed);
  for (unsigned s = 0; s < m->nsm; s++) {
    i->tb_free_i[s >> 5] |= (uint32_t)ls_chance(r, 60) << (s & 31);
    i->sm_busy_i[s >> 5] |= (uint32_t)ls_chance(r, c->busy_pct) << (s & 31);
    i->free_warps_i[s] = ls_below(r, 49);
    bits_set(c->fw_packed, s * 8, 8, i->free_warps_i[s]);
  }
}

static void comb(void *p) { shell_disp_comb(&((ctx_t *)p)->m); }
static void commit(void *p) { shell_disp_commit(&((ctx_t *)p)->m); }

static int check(void *p, uint64_t cycle, char *msg, size_t n) {
  ctx_t *c = p;
  const shell_disp_in_t *i = &c->m.in;
  const shell_disp_out_t *o = &c->m.out;
  if (!o->disp_valid_o) return 0;
  c->disp++;
  const uint32_t fr = bits_test(i->tb_free_i, o->disp_sm_o);
  if (!fr || i->free_warps_i[o->disp_sm_o] < i->kern_warps_i ||
      o->disp_block_o >= i->kern_blocks_i) {
    snprintf(msg, n, "cycle %llu: block %u of %u dispatched to SM %u (TB slot free %u, %u free warps for %u)",
             (unsigned long long)cycle, o->disp_block_o, i->kern_blocks_i, o->disp_sm_o,
             fr, i->free_warps_i[o->disp_sm_o], i->kern_warps_i);
    return 1;
  }
  return 0;
}

static void summary(void *p, FILE *f) {
  ctx_t *c = p;
  fprintf(f, "shell_disp: %llu blocks dispatched, %llu kernels finished\n", (unsigned long long)c->disp,
          (unsigned long long)c->kerns);
}

const ls_block_t ls_block_shell_disp = {
    .name = "shell_disp",
    .rtl_module = "shell_disp",
    .help = "GPU shell: thread-block dispatcher (SHELL_SMS)",
    .param_blocks = "shell_disp shell",
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
