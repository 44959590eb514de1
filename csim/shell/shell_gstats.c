/* shell_gstats.c -- GPGPU-Sim's statistics for the GPU shell; see
 * shell_gstats.h and docs/shell.md ("Statistics as GPGPU-Sim prints them").
 * Names and formats follow GPGPU-Sim's print functions (gpu_print_stat,
 * shader_print_cache_stats, cache_stats::print_stats / print_fail_stats). */
#include "shell_gstats.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const gs_type_name[GS_NT] = {"GLOBAL_ACC_R", "GLOBAL_ACC_W"};
const char *const gs_status_name[GS_NS] = {"HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL", "SECTOR_MISS"};
const char *const gs_fail_name[GS_NF] = {"LINE_ALLOC_FAIL",       "MISS_QUEUE_FULL", "MSHR_ENRTY_FAIL",
                                         "MSHR_MERGE_ENRTY_FAIL", "MSHR_RW_PENDING", "PORT_BUSY_FAIL",
                                         "BYPASS_QUEUE_FULL"};

int shell_gstats_init(shell_gstats_t *g, const shell_t *s) {
  memset(g, 0, sizeof *g);
  g->nsm = s->nsm;
  g->nbanks = s->nbanks;
  g->nk = s->wl->nk;
  g->l1d = calloc(g->nsm, sizeof *g->l1d);
  g->k = calloc(g->nk ? g->nk : 1, sizeof *g->k);
  g->tpre = calloc(g->nsm, sizeof *g->tpre);
  g->cpre = calloc(g->nsm, sizeof *g->cpre);
  if (!g->l1d || !g->k || !g->tpre || !g->cpre) return -1;
  for (unsigned i = 0; i < g->nsm; i++) { /* no run yet: the counters as they stand start the first */
    g->tpre[i] = -1;
    memcpy(g->cpre[i], s->sm[i].i_l1d.cnt_q, sizeof g->cpre[i]);
  }
  for (unsigned k = 0; k < g->nk; k++) {
    g->k[k].name = strdup(s->wl->k[k].name);
    if (!g->k[k].name) return -1;
    g->k[k].uid = k + 1;
    g->k[k].l1d = calloc(g->nsm, sizeof *g->k[k].l1d);
    g->k[k].l2 = calloc(g->nbanks, sizeof *g->k[k].l2);
    if (!g->k[k].l1d || !g->k[k].l2) return -1;
  }
  return 0;
}

void shell_gstats_free(shell_gstats_t *g) {
  if (g->k)
    for (unsigned k = 0; k < g->nk; k++) {
      free(g->k[k].name);
      free(g->k[k].l1d);
      free(g->k[k].l2);
    }
  free(g->k);
  free(g->l1d);
  free(g->tpre);
  free(g->cpre);
  memset(g, 0, sizeof *g);
}

/* Which request each L1D's decide stage holds before the edge: the
 * counters' increments at that edge belong to its access type.  The
 * increments are summed per run of cycles with one type: when the type
 * changes (and before any snapshot), what the counters moved since the run
 * began is added to the run's type (flush), so a cycle that keeps the type
 * costs one comparison.  (The increments are read off the registers, not
 * off the next-state values: the C model's quiet and repeat paths leave
 * cnt_d stale where nothing changes.) */
static void flush(shell_gstats_t *g, const shell_t *s, unsigned i) {
  const uint32_t *q = s->sm[i].i_l1d.cnt_q, *p = g->cpre[i];
  if (g->tpre[i] >= 0) {
#define D(k) (q[L1D_CNT_##k] - p[L1D_CNT_##k]) /* the counter's increment over the run (the counters it reads) */
    gs_cache_t *c = &g->l1d[i];
    unsigned t = (unsigned)g->tpre[i];
    c->st[t][GS_HIT] += D(HIT);
    c->st[t][GS_HIT_RESERVED] += D(HITRES);
    c->st[t][GS_MISS] += D(MISS);
    c->st[t][GS_SECTOR_MISS] += D(SMISS); /* a sectored L1D: a sector missing from a present line */
    const uint32_t fl[GS_NF] = {D(FAIL_LINE), D(FAIL_MQ), D(FAIL_ENTRY), D(FAIL_MERGE), 0, D(FAIL_PORT), D(FAIL_BYPQ)};
#undef D
    for (unsigned f = 0; f < GS_NF; f++) {
      c->fail[t][f] += fl[f];
      c->st[t][GS_RESERVATION_FAIL] += fl[f];
    }
  }
  memcpy(g->cpre[i], q, sizeof g->cpre[i]);
}

static inline __attribute__((always_inline)) void observe_sm(shell_gstats_t *g, const shell_t *s, unsigned i) {
  const l1d_t *l = &s->sm[i].i_l1d;
  int8_t t = -1;
  if (l->d_valid_q && !(l->d_byp_q && !l->d_store_q)) /* (a bypassed load: not an L1D access in GPGPU-Sim) */
    t = (int8_t)(l->d_store_q ? GS_GLOBAL_ACC_W : GS_GLOBAL_ACC_R);
  if (t == g->tpre[i]) return;
  flush(g, s, i); /* the run ends before this edge */
  g->tpre[i] = t;
}

static void observe(shell_gstats_t *g, const shell_t *s) {
  /* (an SM of zzf has been asleep since its L1D's D stage was last seen
   * empty: its type stays -1, as observed then) */
  const unsigned mw = s->xbar.mw;
  if (s->zfany)
    for (unsigned w = 0; w < mw; w++)
      for (uint32_t x = s->smask[w] & ~s->zzf[w]; x; x &= x - 1) observe_sm(g, s, w * 32 + (unsigned)__builtin_ctz(x));
  else
    for (unsigned i = 0; i < g->nsm; i++) observe_sm(g, s, i);
}

static void flush_all(shell_gstats_t *g, const shell_t *s) {
  for (unsigned i = 0; i < g->nsm; i++) flush(g, s, i);
}

static uint64_t warp_insts(const shell_t *s) {
  uint64_t n = 0;
  for (unsigned i = 0; i < s->nsm; i++) n += s->sm[i].st[SHS_INSTS];
  return n;
}

static void snapshot(shell_gstats_t *g, const shell_t *s, gs_kernel_t *K) {
  flush_all(g, s);
  memcpy(K->l1d, g->l1d, g->nsm * sizeof *g->l1d);
  for (unsigned b = 0; b < g->nbanks; b++) {
    K->l2[b].hit = s->l2[b].cnt_q[L2C_HIT];
    K->l2[b].miss = s->l2[b].cnt_q[L2C_MISS];
    K->l2[b].smiss = s->l2[b].cnt_q[L2C_SMISS];
    K->l2[b].store = s->l2[b].cnt_q[L2C_STORE];
  }
}

/* After the edge: a kernel ends in the cycle the dispatcher moves past it.
 * (It moves past a kernel only when no SM is busy, and an SM left out while
 * it repeats is busy -- shell_t.zz_busy -- so the L1D counters the snapshot
 * reads are all up to date then: only asleep SMs are left out, and their
 * lagging counters are cycle counters.) */
static void kernels(shell_gstats_t *g, const shell_t *s) {
  while (g->kern < g->nk && s->disp.kern_q > g->kern) {
    gs_kernel_t *K = &g->k[g->kern];
    uint64_t wi = warp_insts(s);
    K->start = g->kstart;
    K->cycles = s->cycle_q - g->kstart;
    K->insn = s->wl->k[g->kern].threads;
    K->warp_insn = wi - g->wi_at_kstart;
    K->ctas = s->wl->k[g->kern].blocks;
    K->finished = 1;
    snapshot(g, s, K);
    g->kern++;
    g->kstart = s->cycle_q;
    g->wi_at_kstart = wi;
  }
}

int shell_gstats_cycle(shell_gstats_t *g, shell_t *s) {
  shell_comb(s);
  observe(g, s);
  shell_commit(s);
  kernels(g, s);
  return shell_check(s);
}

int shell_gstats_run(shell_gstats_t *g, shell_t *s, uint64_t max_cycles, int progress) {
  time_t t0 = time(NULL), last = t0;
  uint64_t total = shell_wl_insts(s->wl);
  int rc = 3;
  for (uint64_t c = 0; c < max_cycles; c++) {
    if (shell_gstats_cycle(g, s)) {
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
        uint64_t ins = warp_insts(s);
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

void shell_gstats_close(shell_gstats_t *g, const shell_t *s) {
  if (g->kern >= g->nk) { /* all finished: the last block counts what drained after the last kernel's end too */
    if (g->nk) snapshot(g, s, &g->k[g->nk - 1]);
    return;
  }
  gs_kernel_t *K = &g->k[g->kern];
  uint64_t wi = warp_insts(s);
  K->start = g->kstart;
  K->cycles = s->cycle_q - g->kstart;
  K->warp_insn = wi - g->wi_at_kstart;
  K->insn = K->warp_insn * WL_LANES; /* unfinished: the issue stage sees no masks (shell_gstats.h) */
  K->ctas = 0;
  for (unsigned i = 0; i < s->nsm; i++) K->ctas += s->sm[i].st[SHS_TBS];
  for (unsigned k = 0; k < g->kern; k++) K->ctas -= g->k[k].ctas;
  K->finished = 0;
  snapshot(g, s, K);
  g->kern++;
}

/* ---- sums --------------------------------------------------------------- */
typedef struct {
  uint64_t acc, miss, pend, fail;
} gs_sub_t; /* GPGPU-Sim's cache_sub_stats */

static gs_sub_t sub(const gs_cache_t *c) {
  gs_sub_t r = {0, 0, 0, 0};
  for (unsigned t = 0; t < GS_NT; t++) {
    r.acc += c->st[t][GS_HIT] + c->st[t][GS_HIT_RESERVED] + c->st[t][GS_MISS] + c->st[t][GS_SECTOR_MISS];
    r.miss += c->st[t][GS_MISS] + c->st[t][GS_SECTOR_MISS];
    r.pend += c->st[t][GS_HIT_RESERVED];
    r.fail += c->st[t][GS_RESERVATION_FAIL];
  }
  return r;
}

static void add_cache(gs_cache_t *out, const gs_cache_t *v) {
  for (unsigned t = 0; t < GS_NT; t++) {
    for (unsigned k = 0; k < GS_NS; k++) out->st[t][k] += v->st[t][k];
    for (unsigned k = 0; k < GS_NF; k++) out->fail[t][k] += v->fail[t][k];
  }
}

static void sum_caches(const gs_cache_t *v, unsigned n, gs_cache_t *out) {
  memset(out, 0, sizeof *out);
  for (unsigned i = 0; i < n; i++) add_cache(out, &v[i]);
}

/* An L2 bank as GPGPU-Sim's cache_stats: loads hit or miss; a store is
 * forwarded to DRAM without allocation (docs/shell.md): filed as a MISS. */
static void l2_cache(const gs_l2_t *b, gs_cache_t *c) {
  memset(c, 0, sizeof *c);
  c->st[GS_GLOBAL_ACC_R][GS_HIT] = b->hit;
  c->st[GS_GLOBAL_ACC_R][GS_MISS] = b->miss;
  c->st[GS_GLOBAL_ACC_R][GS_SECTOR_MISS] = b->smiss; /* behind a sectored L1D */
  c->st[GS_GLOBAL_ACC_W][GS_MISS] = b->store;
}

static double rate(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void print_breakdown(FILE *f, const char *name, const gs_cache_t *c) {
  for (unsigned t = 0; t < GS_NT; t++)
    for (unsigned k = 0; k < GS_NS; k++)
      fprintf(f, "\t%s[%s][%s] = %llu\n", name, gs_type_name[t], gs_status_name[k], (unsigned long long)c->st[t][k]);
  for (unsigned t = 0; t < GS_NT; t++) {
    uint64_t tot = 0;
    for (unsigned k = 0; k < GS_NS; k++)
      if (k != GS_RESERVATION_FAIL) tot += c->st[t][k];
    if (tot) fprintf(f, "\t%s[%s][%s] = %llu\n", name, gs_type_name[t], "TOTAL_ACCESS", (unsigned long long)tot);
  }
}

static void print_fail_breakdown(FILE *f, const char *name, const gs_cache_t *c) {
  for (unsigned t = 0; t < GS_NT; t++)
    for (unsigned k = 0; k < GS_NF; k++)
      if (c->fail[t][k])
        fprintf(f, "\t%s[%s][%s] = %llu\n", name, gs_type_name[t], gs_fail_name[k], (unsigned long long)c->fail[t][k]);
}

static void print_kernel(const shell_gstats_t *g, const gs_kernel_t *K, uint64_t tot_cyc, uint64_t tot_insn,
                         uint64_t tot_cta, FILE *f) {
  /* escaped as every report prints input text (cfg_escape's rule: a
   * backslash doubled, control and non-ASCII bytes as \xNN) */
  fputs("kernel_name = ", f);
  for (const unsigned char *c = (const unsigned char *)K->name; *c; c++)
    if (*c == '\\') fputs("\\\\", f);
    else if (*c < 0x20 || *c >= 0x7f) fprintf(f, "\\x%02x", *c);
    else fputc(*c, f);
  fputs(" \n", f);
  fprintf(f, "kernel_launch_uid = %u \n", K->uid);
  if (!K->finished) fprintf(f, "(kernel stopped at the cycle limit: gpu_sim_insn counts 32 threads per warp instruction)\n");
  fprintf(f, "gpu_sim_cycle = %llu\n", (unsigned long long)K->cycles);
  fprintf(f, "gpu_sim_insn = %llu\n", (unsigned long long)K->insn);
  fprintf(f, "gpu_ipc = %12.4f\n", rate(K->insn, K->cycles));
  fprintf(f, "gpu_tot_sim_cycle = %llu\n", (unsigned long long)tot_cyc);
  fprintf(f, "gpu_tot_sim_insn = %llu\n", (unsigned long long)tot_insn);
  fprintf(f, "gpu_tot_ipc = %12.4f\n", rate(tot_insn, tot_cyc));
  fprintf(f, "gpu_tot_issued_cta = %llu\n", (unsigned long long)tot_cta);
  fprintf(f, "gpu_warp_insn = %llu\n", (unsigned long long)K->warp_insn);
  fprintf(f, "gpu_warp_ipc = %12.4f\n", rate(K->warp_insn, K->cycles));
  fprintf(f, "L1D_cache:\n");
  for (unsigned i = 0; i < g->nsm; i++) {
    gs_sub_t c = sub(&K->l1d[i]);
    fprintf(f, "\tL1D_cache_core[%u]: Access = %llu, Miss = %llu, Miss_rate = %.3lf, Pending_hits = %llu, "
               "Reservation_fails = %llu\n",
            i, (unsigned long long)c.acc, (unsigned long long)c.miss, rate(c.miss, c.acc), (unsigned long long)c.pend,
            (unsigned long long)c.fail);
  }
  gs_cache_t all;
  sum_caches(K->l1d, g->nsm, &all);
  gs_sub_t t = sub(&all);
  fprintf(f, "\tL1D_total_cache_accesses = %llu\n", (unsigned long long)t.acc);
  fprintf(f, "\tL1D_total_cache_misses = %llu\n", (unsigned long long)t.miss);
  if (t.acc) fprintf(f, "\tL1D_total_cache_miss_rate = %.4lf\n", rate(t.miss, t.acc));
  fprintf(f, "\tL1D_total_cache_pending_hits = %llu\n", (unsigned long long)t.pend);
  fprintf(f, "\tL1D_total_cache_reservation_fails = %llu\n", (unsigned long long)t.fail);
  fprintf(f, "\nTotal_core_cache_stats:\n");
  print_breakdown(f, "Total_core_cache_stats_breakdown", &all);
  fprintf(f, "\nTotal_core_cache_fail_stats:\n");
  print_fail_breakdown(f, "Total_core_cache_fail_stats_breakdown", &all);
  fprintf(f, "\n========= L2 cache stats =========\n");
  gs_cache_t l2all, one;
  memset(&l2all, 0, sizeof l2all);
  for (unsigned b = 0; b < g->nbanks; b++) {
    l2_cache(&K->l2[b], &one);
    gs_sub_t c = sub(&one);
    fprintf(f, "L2_cache_bank[%u]: Access = %llu, Miss = %llu, Miss_rate = %.3lf, Pending_hits = %llu, "
               "Reservation_fails = %llu\n",
            b, (unsigned long long)c.acc, (unsigned long long)c.miss, rate(c.miss, c.acc), (unsigned long long)c.pend,
            (unsigned long long)c.fail);
    add_cache(&l2all, &one);
  }
  gs_sub_t l2 = sub(&l2all);
  fprintf(f, "L2_total_cache_accesses = %llu\n", (unsigned long long)l2.acc);
  fprintf(f, "L2_total_cache_misses = %llu\n", (unsigned long long)l2.miss);
  if (l2.acc) fprintf(f, "L2_total_cache_miss_rate = %.4lf\n", rate(l2.miss, l2.acc));
  fprintf(f, "L2_total_cache_pending_hits = %llu\n", (unsigned long long)l2.pend);
  fprintf(f, "L2_total_cache_reservation_fails = %llu\n", (unsigned long long)l2.fail);
  fprintf(f, "L2_total_cache_breakdown:\n");
  print_breakdown(f, "L2_cache_stats_breakdown", &l2all);
  fprintf(f, "L2_total_cache_reservation_fail_breakdown:\n");
  print_fail_breakdown(f, "L2_cache_stats_fail_breakdown", &l2all);
  fprintf(f, "\n");
}

void shell_gstats_print(const shell_gstats_t *g, const shell_t *s, FILE *f, double secs) {
  uint64_t cyc = 0, insn = 0, cta = 0;
  (void)s;
  for (unsigned k = 0; k < g->kern; k++) {
    const gs_kernel_t *K = &g->k[k];
    cyc += K->cycles;
    insn += K->insn;
    cta += K->ctas;
    print_kernel(g, K, cyc, insn, cta, f);
  }
  unsigned d = (unsigned)(secs + 0.5);
  fprintf(f, "gpgpu_simulation_time = %u days, %u hrs, %u min, %u sec (%u sec)\n", d / 86400, d / 3600 % 24, d / 60 % 60,
          d % 60, d);
  double t = secs > 0 ? secs : 1e-9;
  fprintf(f, "gpgpu_simulation_rate = %u (inst/sec)\n", (unsigned)((double)insn / t));
  fprintf(f, "gpgpu_simulation_rate = %u (cycle/sec)\n", (unsigned)((double)cyc / t));
}

/* ---- JSON: the same names ---------------------------------------------------- */
static void json_str(FILE *f, const char *v) {
  fputc('"', f);
  for (const unsigned char *c = (const unsigned char *)v; *c; c++) {
    if (*c == '"' || *c == '\\') fprintf(f, "\\%c", *c);
    else if (*c < 0x20 || *c >= 0x7f) fprintf(f, "\\u%04x", *c); /* one character per byte: always valid JSON, reversible (bytes 0x80-0xff as U+0080-U+00FF) */
    else fputc(*c, f);
  }
  fputc('"', f);
}

static void json_breakdown(FILE *f, const char *name, const gs_cache_t *c, int fail) {
  fprintf(f, "\"%s\": {", name);
  for (unsigned t = 0; t < GS_NT; t++) {
    fprintf(f, "%s\"%s\": {", t ? ", " : "", gs_type_name[t]);
    uint64_t tot = 0;
    unsigned n = fail ? GS_NF : GS_NS;
    for (unsigned k = 0; k < n; k++) {
      uint64_t v = fail ? c->fail[t][k] : c->st[t][k];
      if (!fail && k != GS_RESERVATION_FAIL) tot += v;
      fprintf(f, "%s\"%s\": %llu", k ? ", " : "", fail ? gs_fail_name[k] : gs_status_name[k], (unsigned long long)v);
    }
    if (!fail) fprintf(f, ", \"TOTAL_ACCESS\": %llu", (unsigned long long)tot);
    fprintf(f, "}");
  }
  fprintf(f, "}");
}

static void json_sub(FILE *f, const gs_sub_t *c) {
  fprintf(f, "{\"Access\": %llu, \"Miss\": %llu, \"Miss_rate\": %.4f, \"Pending_hits\": %llu, \"Reservation_fails\": %llu}",
          (unsigned long long)c->acc, (unsigned long long)c->miss, rate(c->miss, c->acc), (unsigned long long)c->pend,
          (unsigned long long)c->fail);
}

void shell_gstats_json_member(const shell_gstats_t *g, const shell_t *s, FILE *f, double secs) {
  (void)s;
  uint64_t cyc = 0, insn = 0, cta = 0, winsn = 0;
  fprintf(f, "  \"gpgpusim\": {\n");
  if (g->workload) {
    fprintf(f, "    \"workload\": ");
    json_str(f, g->workload);
    fprintf(f, ",\n");
  }
  fprintf(f, "    \"kernels\": [");
  for (unsigned k = 0; k < g->kern; k++) {
    const gs_kernel_t *K = &g->k[k];
    cyc += K->cycles, insn += K->insn, cta += K->ctas, winsn += K->warp_insn;
    fprintf(f, "%s\n      {\"kernel_name\": ", k ? "," : "");
    json_str(f, K->name);
    fprintf(f, ", \"kernel_launch_uid\": %u, \"finished\": %s, \"gpu_sim_cycle\": %llu, "
               "\"gpu_sim_insn\": %llu, \"gpu_ipc\": %.4f, \"gpu_tot_sim_cycle\": %llu, \"gpu_tot_sim_insn\": %llu, "
               "\"gpu_tot_ipc\": %.4f, \"gpu_tot_issued_cta\": %llu, \"gpu_warp_insn\": %llu, \"gpu_warp_ipc\": %.4f}",
            K->uid, K->finished ? "true" : "false", (unsigned long long)K->cycles,
            (unsigned long long)K->insn, rate(K->insn, K->cycles), (unsigned long long)cyc, (unsigned long long)insn,
            rate(insn, cyc), (unsigned long long)cta, (unsigned long long)K->warp_insn, rate(K->warp_insn, K->cycles));
  }
  fprintf(f, "\n    ],\n");
  fprintf(f, "    \"gpu_tot_sim_cycle\": %llu, \"gpu_tot_sim_insn\": %llu, \"gpu_tot_ipc\": %.4f, \"gpu_tot_issued_cta\": %llu, "
             "\"gpu_tot_warp_insn\": %llu, \"gpu_tot_warp_ipc\": %.4f,\n",
          (unsigned long long)cyc, (unsigned long long)insn, rate(insn, cyc), (unsigned long long)cta,
          (unsigned long long)winsn, rate(winsn, cyc));
  /* the cache blocks at the last kernel's end (cumulative, as GPGPU-Sim's last block) */
  const gs_kernel_t *L = g->kern ? &g->k[g->kern - 1] : NULL;
  gs_cache_t zero;
  memset(&zero, 0, sizeof zero);
  fprintf(f, "    \"L1D_cache_core\": [");
  gs_cache_t all = zero;
  if (L) sum_caches(L->l1d, g->nsm, &all);
  for (unsigned i = 0; L && i < g->nsm; i++) {
    gs_sub_t c = sub(&L->l1d[i]);
    fprintf(f, "%s", i ? ", " : "");
    json_sub(f, &c);
  }
  gs_sub_t t = sub(&all);
  fprintf(f, "],\n    \"L1D_total_cache_accesses\": %llu, \"L1D_total_cache_misses\": %llu, \"L1D_total_cache_miss_rate\": "
             "%.4f, \"L1D_total_cache_pending_hits\": %llu, \"L1D_total_cache_reservation_fails\": %llu,\n    ",
          (unsigned long long)t.acc, (unsigned long long)t.miss, rate(t.miss, t.acc), (unsigned long long)t.pend,
          (unsigned long long)t.fail);
  json_breakdown(f, "Total_core_cache_stats_breakdown", &all, 0);
  fprintf(f, ",\n    ");
  json_breakdown(f, "Total_core_cache_fail_stats_breakdown", &all, 1);
  fprintf(f, ",\n    \"L2_cache_bank\": [");
  gs_cache_t l2all = zero, one;
  for (unsigned b = 0; L && b < g->nbanks; b++) {
    l2_cache(&L->l2[b], &one);
    gs_sub_t c = sub(&one);
    fprintf(f, "%s", b ? ", " : "");
    json_sub(f, &c);
    add_cache(&l2all, &one);
  }
  gs_sub_t l2 = sub(&l2all);
  fprintf(f, "],\n    \"L2_total_cache_accesses\": %llu, \"L2_total_cache_misses\": %llu, \"L2_total_cache_miss_rate\": "
             "%.4f, \"L2_total_cache_pending_hits\": %llu, \"L2_total_cache_reservation_fails\": %llu,\n    ",
          (unsigned long long)l2.acc, (unsigned long long)l2.miss, rate(l2.miss, l2.acc), (unsigned long long)l2.pend,
          (unsigned long long)l2.fail);
  json_breakdown(f, "L2_cache_stats_breakdown", &l2all, 0);
  /* no gpgpu_simulation_time / _rate here: wall-clock figures would make two
   * identical runs' JSON differ (the text prints them) */
  (void)secs;
  fprintf(f, "\n  }");
}

int shell_gstats_json_write(const shell_gstats_t *g, const shell_t *s, FILE *f, double secs) {
  char *buf = NULL;
  size_t n = 0;
  FILE *m = open_memstream(&buf, &n);
  if (!m) return -1;
  int bad = shell_json(s, m);
  fclose(m);
  /* shell_json ends with the object's closing brace: put the member before it */
  char *end = buf ? strrchr(buf, '}') : NULL;
  if (bad || !end) {
    free(buf);
    return -1;
  }
  while (end > buf && (end[-1] == '\n' || end[-1] == ' ')) end--;
  fwrite(buf, 1, (size_t)(end - buf), f);
  fprintf(f, ",\n");
  shell_gstats_json_member(g, s, f, secs);
  fprintf(f, "\n}\n");
  free(buf);
  return ferror(f) ? -1 : 0;
}
