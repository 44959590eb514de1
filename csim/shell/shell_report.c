/* shell_report.c -- the shell's reports after a run: the per-SM summary
 * table (shell-sim's text output), the JSON record (--json; docs/shell.md,
 * "Running it") and the Graphviz diagram of the instantiated model (--dot).
 * Not hardware: they read the C model's registers and counters after
 * shell_run (shell.c), which keeps the top's state and next-state logic. */
#include "shell.h"
#include <stdio.h>
#include "gpgpusim_cfg.h"

typedef struct {
  uint64_t c[L1D_NCNT], st[SHS_N];
} tot_t;

static void sum_sm(const shell_sm_t *m, tot_t *t) {
  for (unsigned k = 0; k < L1D_NCNT; k++) t->c[k] += m->i_l1d.cnt_q[k];
  for (unsigned k = 0; k < SHS_N; k++) t->st[k] += m->st[k];
}

static void row(FILE *f, const char *name, const tot_t *t, uint64_t cyc) {
  const uint64_t *c = t->c, *st = t->st;
  fprintf(f, "%-5s %10llu %6.3f %9llu %8llu %7llu %8llu %7llu %7llu %6llu %6llu %6llu %7llu %6llu %9llu %8.1f %9llu\n",
          name, (unsigned long long)st[SHS_INSTS], cyc ? (double)st[SHS_INSTS] / (double)cyc : 0.0,
          (unsigned long long)c[L1D_CNT_ACCESS], (unsigned long long)c[L1D_CNT_HIT],
          (unsigned long long)c[L1D_CNT_HITRES], (unsigned long long)c[L1D_CNT_MISS], (unsigned long long)c[L1D_CNT_BYP],
          (unsigned long long)c[L1D_CNT_FAIL_LINE], (unsigned long long)c[L1D_CNT_FAIL_ENTRY],
          (unsigned long long)c[L1D_CNT_FAIL_MERGE], (unsigned long long)c[L1D_CNT_FAIL_MQ],
          (unsigned long long)c[L1D_CNT_FAIL_PORT], (unsigned long long)c[L1D_CNT_FAIL_BYPQ],
          (unsigned long long)(st[SHS_STALL_MEM] + st[SHS_STALL_LSU] + st[SHS_STALL_IDLE]),
          st[SHS_LDINST] ? (double)st[SHS_LDLAT] / (double)st[SHS_LDINST] : 0.0,
          (unsigned long long)(st[SHS_INJ_FLITS] + st[SHS_EJ_FLITS]));
}

void shell_summary(const shell_t *s, FILE *f) {
  uint64_t cyc = s->cycle_q;
  fprintf(f, "shell: %u SMs, %s scheduler, L1D %lld sets x %lld ways x %lld B, MRPB %s, bypass %s, CCN %s, %u L2 banks\n",
          s->nsm, CFG(&s->cfg, SHELL_SCHED) == SHELL_SCHED_GTO ? "GTO" : "LRR", CFG(&s->cfg, L1D_SETS),
          CFG(&s->cfg, L1D_WAYS), CFG(&s->cfg, L1D_LINE), CFG(&s->cfg, SHELL_MRPB) ? "on" : "off",
          shell_byp_name((uint32_t)CFG(&s->cfg, SHELL_BYPASS)),
          CFG(&s->cfg, SHELL_CCN) == SHELL_CCN_ON ? "on" : CFG(&s->cfg, SHELL_CCN) == SHELL_CCN_ON_THROTTLE ? "on+throttle" : "off", s->nbanks);
  fprintf(f, "%-5s %10s %6s %9s %8s %7s %8s %7s %7s %6s %6s %6s %7s %6s %9s %8s %9s\n", "SM", "warp_inst", "wIPC",
          "l1_acc", "l1_hit", "hit_rsv", "l1_miss", "l1_byp", "f_line", "f_mshr", "f_merg", "f_mq", "f_port", "f_bypq",
          "stall_cy", "ld_lat", "xbar_flit");
  tot_t all = {{0}, {0}};
  for (unsigned i = 0; i < s->nsm; i++) {
    tot_t t = {{0}, {0}};
    sum_sm(&s->sm[i], &t);
    sum_sm(&s->sm[i], &all);
    char n[16];
    snprintf(n, sizeof n, "%u", i);
    row(f, n, &t, cyc);
  }
  row(f, "all", &all, cyc);
  uint64_t h = 0, mi = 0, st = 0, rd = 0, wr = 0;
  for (unsigned b = 0; b < s->nbanks; b++) {
    h += s->l2[b].cnt_q[L2C_HIT];
    mi += s->l2[b].cnt_q[L2C_MISS] + s->l2[b].cnt_q[L2C_SMISS]; /* (a sector miss is a load miss) */
    st += s->l2[b].cnt_q[L2C_STORE];
    rd += s->dram[b].reads;
    wr += s->dram[b].writes;
  }
  fprintf(f, "cycles %llu  warp instructions %llu  warp IPC %.3f  L1D hit rate %.3f  L2 requests %llu (load hits %llu, "
             "load misses %llu, stores %llu)  DRAM reads %llu writes %llu  crossbar flits req %llu rsp %llu\n",
          (unsigned long long)cyc, (unsigned long long)all.st[SHS_INSTS],
          cyc ? (double)all.st[SHS_INSTS] / (double)cyc : 0.0,
          all.c[L1D_CNT_ACCESS] ? (double)all.c[L1D_CNT_HIT] / (double)all.c[L1D_CNT_ACCESS] : 0.0,
          (unsigned long long)(h + mi + st), (unsigned long long)h, (unsigned long long)mi, (unsigned long long)st,
          (unsigned long long)rd, (unsigned long long)wr, (unsigned long long)s->xbar_req_flits,
          (unsigned long long)s->xbar_rsp_flits);
  fprintf(f, "stall cycles: memory %llu  LD/ST unit busy %llu  other (fetch, gaps, barriers) %llu;  "
             "load line requests %llu answered %llu\n",
          (unsigned long long)all.st[SHS_STALL_MEM], (unsigned long long)all.st[SHS_STALL_LSU],
          (unsigned long long)all.st[SHS_STALL_IDLE], (unsigned long long)all.st[SHS_LDREQ],
          (unsigned long long)all.st[SHS_LDRSP]);
}

int shell_json(const shell_t *s, FILE *f) {
  uint64_t cyc = s->cycle_q;
  tot_t all = {{0}, {0}};
  fprintf(f, "{\n  \"cycles\": %llu,\n  \"config\": {", (unsigned long long)cyc);
  const char *sep = "";
  for (int i = 0; i < P_COUNT; i++)
    if (!strncmp(l1sys_param_info[i].name, "SHELL_", 6) || !strncmp(l1sys_param_info[i].name, "L1D_", 4) ||
        !strncmp(l1sys_param_info[i].name, "MRPB_", 5)) {
      fprintf(f, "%s\"%s\": %lld", sep, l1sys_param_info[i].name, s->cfg.v[i]);
      sep = ", ";
    }
  fprintf(f, "},\n  \"memory\": {\"port_bytes_per_cycle\": %u, \"flits_request\": %u, \"flits_line\": %u, "
             "\"l2_request_queue\": %u, \"l2_response_queue\": %u, \"dram_cycles_per_line_per_bank\": %.4f, "
             "\"dram_cycles_per_load_per_bank\": %.4f, \"dram_bytes_per_cycle_per_bank\": %.3f, \"dram_gbs\": %.2f, "
             "\"dram_credits_per_bank\": %u, \"dram_entries_per_bank\": %u},\n",
          s->mem.port_bytes, s->mem.flits_req, s->mem.flits_line, s->mem.reqq, s->mem.rspq,
          (double)s->mem.dram_ivl_fp / SHELL_DRAM_FP, (double)s->mem.dram_rd_ivl_fp / SHELL_DRAM_FP, s->mem.dram_bpc,
          s->mem.dram_gbs, s->mem.dram_credits, s->mem.dram_depth);
  if (s->gpgpusim) {
    fprintf(f, "  \"gpgpusim_config\": ");
    gpgpusim_rep_json(s->gpgpusim, f);
    fprintf(f, ",\n");
  }
  fprintf(f, "  \"sm\": [\n");
  for (unsigned i = 0; i < s->nsm; i++) {
    const shell_sm_t *m = &s->sm[i];
    sum_sm(m, &all);
    fprintf(f, "    {\"id\": %u", i);
    for (unsigned k = 0; k < L1D_NCNT; k++) {
      char n[32];
      snprintf(n, sizeof n, "l1d_%s", l1d_cnt_name[k]);
      n[strlen(n) - 2] = 0; /* drop _q */
      fprintf(f, ", \"%s\": %u", n, m->i_l1d.cnt_q[k]);
    }
    for (unsigned k = 0; k < SHS_N; k++) fprintf(f, ", \"%s\": %llu", shell_sm_stat_name[k], (unsigned long long)m->st[k]);
    if (m->use_mrpb) fprintf(f, ", \"mrpb_occupancy_end\": %u", m->i_mrpb.occ_q);
    shell_byp_json(&s->byp[i], f); /* the scheme's fields and time series (shell_byp.c) */
    shell_ccn_json(&s->ccn[i], f);
    fprintf(f, ", \"bypass_decisions\": %llu, \"bypassed\": %llu, \"ccn_remote_hits\": %llu}%s\n",
            (unsigned long long)s->byp[i].decisions, (unsigned long long)s->byp[i].bypassed,
            (unsigned long long)s->ccn[i].remote_hits, i + 1 < s->nsm ? "," : "");
  }
  uint64_t h = 0, mi = 0, st = 0, rd = 0, wr = 0, wb = 0;
  for (unsigned b = 0; b < s->nbanks; b++) {
    h += s->l2[b].cnt_q[L2C_HIT];
    mi += s->l2[b].cnt_q[L2C_MISS] + s->l2[b].cnt_q[L2C_SMISS]; /* (a sector miss is a load miss) */
    st += s->l2[b].cnt_q[L2C_STORE];
    wb += s->l2[b].cnt_q[L2C_WB];
    rd += s->dram[b].reads;
    wr += s->dram[b].writes;
  }
  fprintf(f, "  ],\n  \"total\": {\"warp_insts\": %llu, \"ipc\": %.6f, \"l1_accesses\": %llu, \"l1_hits\": %llu, "
             "\"l1_misses\": %llu, \"l1_bypasses\": %llu, \"fail_line_alloc\": %llu, \"fail_mshr_entry\": %llu, "
             "\"fail_mshr_merge\": %llu, \"fail_miss_queue\": %llu, \"fail_port_busy\": %llu, \"fail_byp_queue\": %llu, "
             "\"avg_load_latency\": %.3f, \"stall_mem\": %llu, \"stall_lsu\": %llu, \"stall_other\": %llu, "
             "\"l2_load_hits\": %llu, \"l2_load_misses\": %llu, \"l2_stores\": %llu, \"l2_writebacks\": %llu, \"dram_reads\": %llu, "
             "\"dram_writes\": %llu, \"xbar_req_flits\": %llu, \"xbar_rsp_flits\": %llu}\n}\n",
          (unsigned long long)all.st[SHS_INSTS], cyc ? (double)all.st[SHS_INSTS] / (double)cyc : 0.0,
          (unsigned long long)all.c[L1D_CNT_ACCESS], (unsigned long long)all.c[L1D_CNT_HIT],
          (unsigned long long)all.c[L1D_CNT_MISS], (unsigned long long)all.c[L1D_CNT_BYP],
          (unsigned long long)all.c[L1D_CNT_FAIL_LINE], (unsigned long long)all.c[L1D_CNT_FAIL_ENTRY],
          (unsigned long long)all.c[L1D_CNT_FAIL_MERGE], (unsigned long long)all.c[L1D_CNT_FAIL_MQ],
          (unsigned long long)all.c[L1D_CNT_FAIL_PORT], (unsigned long long)all.c[L1D_CNT_FAIL_BYPQ],
          all.st[SHS_LDINST] ? (double)all.st[SHS_LDLAT] / (double)all.st[SHS_LDINST] : 0.0,
          (unsigned long long)all.st[SHS_STALL_MEM], (unsigned long long)all.st[SHS_STALL_LSU],
          (unsigned long long)all.st[SHS_STALL_IDLE], (unsigned long long)h, (unsigned long long)mi,
          (unsigned long long)st, (unsigned long long)wb, (unsigned long long)rd, (unsigned long long)wr,
          (unsigned long long)s->xbar_req_flits, (unsigned long long)s->xbar_rsp_flits);
  return ferror(f) ? -1 : 0;
}

/* The diagram walks the instance: one cluster per SM with the sub-blocks it
 * holds (the MRPB only when instantiated), then the crossbar, the banks and
 * the environment, so the picture follows the configuration. */
int shell_dot(const shell_t *s, FILE *f) {
  fprintf(f, "digraph shell {\n  rankdir=LR; node [shape=box, fontname=Helvetica, fontsize=10];\n"
             "  label=\"GPU shell: %u SMs, %u L2 banks (generated by shell-sim --dot from the instantiated model)\";\n"
             "  env_wl [label=\"environment: workload records\\n(fetch / lane addresses)\", shape=note];\n"
             "  disp [label=\"TB dispatcher\\nround-robin over SMs\"];\n  env_wl -> disp [style=dotted];\n",
          s->nsm, s->nbanks);
  unsigned shown = s->nsm > 4 ? 3 : s->nsm;
  for (unsigned i = 0; i < shown; i++) {
    const shell_sm_t *m = &s->sm[i];
    fprintf(f, "  subgraph cluster_sm%u {\n    label=\"SM %u (%u warp slots, %u TB slots)\";\n", i, i, m->nwarps, m->ntbs);
    fprintf(f, "    sm%u_sched [label=\"warp scheduler (%s)\\n+ fetch\"];\n", i,
            CFG(&s->cfg, SHELL_SCHED) == SHELL_SCHED_GTO ? "GTO" : "LRR");
    fprintf(f, "    sm%u_lsu [label=\"LD/ST unit\\ncoalescer (%u B lines)\"];\n", i, m->line);
    if (m->use_mrpb) fprintf(f, "    sm%u_mrpb [label=\"MRPB\\n%u queues x %u\"];\n", i, m->i_mrpb.nq, m->i_mrpb.entries);
    fprintf(f, "    sm%u_l1d [label=\"L1D\\n%u sets x %u ways\\n%u MSHRs\"];\n", i, m->i_l1d.g.sets, m->i_l1d.g.ways,
            m->i_l1d.g.entries);
    fprintf(f, "    sm%u_byp [label=\"bypass controller\\nBDU + CHSS unit\\nscheme %s\"%s];\n", i,
            shell_byp_name(s->byp[i].scheme), s->byp[i].scheme == SHELL_BYPASS_NONE ? ", style=dashed" : "");
    fprintf(f, "    sm%u_ccn [label=\"CCN node\\n%s\"%s];\n", i,
            s->ccn[i].variant == SHELL_CCN_ON ? "ring (CCN-B)" : s->ccn[i].variant == SHELL_CCN_ON_THROTTLE ? "ring + throttler" : "off",
            s->ccn[i].variant == SHELL_CCN_OFF ? ", style=dashed" : "");
    fprintf(f, "    sm%u_inj [label=\"injection queue\\n%u entries\"];\n  }\n", i, m->i_injq.depth);
    fprintf(f, "  disp -> sm%u_sched;\n  sm%u_sched -> sm%u_lsu;\n", i, i, i);
    if (m->use_mrpb) fprintf(f, "  sm%u_lsu -> sm%u_mrpb -> sm%u_l1d;\n", i, i, i);
    else fprintf(f, "  sm%u_lsu -> sm%u_l1d;\n", i, i);
    fprintf(f, "  sm%u_byp -> sm%u_l1d [label=\"req_byp_i\", style=dashed];\n  sm%u_l1d -> sm%u_byp [label=\"ev_*\", style=dashed];\n", i, i, i, i);
    fprintf(f, "  sm%u_l1d -> sm%u_ccn [label=\"miss path\", style=dashed];\n  sm%u_ccn -> sm%u_l1d [label=\"rmt_*\", style=dashed];\n", i, i, i, i);
    fprintf(f, "  sm%u_l1d -> sm%u_inj;\n  sm%u_inj -> xbar_req;\n  xbar_rsp -> sm%u_l1d [label=\"fill\"];\n", i, i, i, i);
  }
  if (shown < s->nsm) fprintf(f, "  more_sms [label=\"... SMs %u..%u (same)\", shape=plaintext];\n  disp -> more_sms;\n", shown, s->nsm - 1);
  fprintf(f, "  xbar_req [label=\"request crossbar\\n1 flit/cycle per port, %u-flit lines\"];\n"
             "  xbar_rsp [label=\"response crossbar\"];\n", s->flits_line);
  for (unsigned b = 0; b < s->nbanks; b++) {
    fprintf(f, "  l2_%u [label=\"L2 bank %u\\n%u sets x %u ways\\nROP latency %lld\"];\n", b, b, s->l2[b].sets, s->l2[b].ways,
            CFG(&s->cfg, SHELL_L2_ROP_LAT));
    fprintf(f, "  dram_%u [label=\"DRAM channel %u (environment)\\nlatency %lld\", shape=note];\n", b, b,
            CFG(&s->cfg, SHELL_DRAM_LAT));
    fprintf(f, "  xbar_req -> l2_%u;\n  l2_%u -> xbar_rsp;\n  l2_%u -> dram_%u;\n  dram_%u -> l2_%u;\n", b, b, b, b, b, b);
  }
  fprintf(f, "}\n");
  return ferror(f) ? -1 : 0;
}
