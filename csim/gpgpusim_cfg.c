/* gpgpusim_cfg.c -- see gpgpusim_cfg.h.  The file is read the way GPGPU-Sim
 * reads it: '#' to the end of a line is a comment, the rest is a sequence
 * of whitespace-separated tokens ("double quotes" keep spaces and newlines
 * in one token), taken in pairs: -option value. */
#include "gpgpusim_cfg.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "l1d_gpgpusim.h"

typedef struct { char *text; int line, src; const char *file; } tok_t; /* (src: the file's index, file its name) */

typedef struct {
  tok_t *t;
  int n, cap;
} toks_t;

static void toks_free(toks_t *k) {
  for (int i = 0; i < k->n; i++) free(k->t[i].text);
  free(k->t);
}

static int tok_add(toks_t *k, const char *s, size_t len, int line, int src, const char *file) {
  if (k->n == k->cap) {
    int cap = k->cap ? 2 * k->cap : 64;
    tok_t *t = realloc(k->t, (size_t)cap * sizeof *t);
    if (!t) return -1;
    k->t = t, k->cap = cap;
  }
  char *x = malloc(len + 1);
  if (!x) return -1;
  memcpy(x, s, len);
  x[len] = 0;
  k->t[k->n].text = x;
  k->t[k->n].src = src;
  k->t[k->n].file = file;
  k->t[k->n++].line = line;
  return 0;
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* Splits buf into tokens; -1 and one message on error. */
static int tokenize(const char *buf, size_t n, const char *name, int src, toks_t *k) {
  int line = 1;
  size_t i = 0;
  char *acc = malloc(n + 1); /* the token being read, comments removed */
  if (!acc) { fprintf(stderr, "error: %s: out of memory\n", name); return -1; }
  while (i < n) {
    char c = buf[i];
    if (c == 0) goto nul;
    if (c == '\n') { line++, i++; continue; }
    if (is_ws(c)) { i++; continue; }
    if (c == '#') { while (i < n && buf[i] != '\n') { if (!buf[i]) goto nul; i++; } continue; }
    /* a token: runs to whitespace outside quotes */
    size_t len = 0;
    int start = line, quote = 0, qline = 0;
    while (i < n) {
      c = buf[i];
      if (c == 0) goto nul;
      if (c == '#') { while (i < n && buf[i] != '\n') { if (!buf[i]) goto nul; i++; } continue; }
      if (!quote && is_ws(c)) break;
      if (c == '\n') line++;
      if (c == '"') { quote = !quote; qline = line; i++; continue; }
      acc[len++] = c;
      i++;
    }
    if (quote) {
      fprintf(stderr, "error: %s:%d: a '\"' opened here is never closed (expected \"...\")\n", name, qline);
      free(acc);
      return -1;
    }
    if (tok_add(k, acc, len, start, src, name)) { fprintf(stderr, "error: %s: out of memory\n", name); free(acc); return -1; }
  }
  free(acc);
  return 0;
nul:
  fprintf(stderr, "error: %s:%d: NUL byte (expected a text file of -option value pairs)\n", name, line);
  free(acc);
  return -1;
}

/* ---- the GPU's options (scope GPGPUSIM_GPU): each read into the parameter
 * it stands for (csim/params_shell.def), or named as ignored with why. ---- */
typedef struct {
  const toks_t *k;
  l1sys_cfg_t *cfg;
  gpgpusim_rep_t *rep;
} ctx_t;

static int opt_at(const toks_t *k, const char *opt) {
  for (int i = 0; i < k->n; i += 2)
    if (!strcmp(k->t[i].text, opt)) return i;
  return -1;
}

static void rep_add(gpgpusim_rep_t *r, const tok_t *o, const tok_t *v, int used, const char *note) {
  if (!r || r->n == GPGPUSIM_REP_MAX) return;
  gpgpusim_opt_t *e = &r->e[r->n++];
  cfg_escape(o->text, strlen(o->text), e->opt, sizeof e->opt);
  cfg_escape(v->text, strlen(v->text), e->val, sizeof e->val);
  e->line = o->line;
  e->src = o->src;
  e->used = used;
  snprintf(e->note, sizeof e->note, "%s", note);
}

/* A whole decimal number in [lo, hi] (no sign, no junk, no overflow). */
static int num(const ctx_t *c, int i, const char *what, const char *s, long long lo, long long hi, long long *v) {
  char e1[200], e2[200];
  long long x;
  if (cfg_parse_number(s, &x) || x < lo || x > hi) {
    fprintf(stderr, "error: %s:%d: %s %s: '%s' is not %s in %lld..%lld\n", c->k->t[i].file, c->k->t[i].line,
            cfg_escape(c->k->t[i].text, strlen(c->k->t[i].text), e1, sizeof e1), what,
            cfg_escape(s, strlen(s), e2, sizeof e2), "an integer", lo, hi);
    return -1;
  }
  *v = x;
  return 0;
}

/* Splits value token i at ':' into exactly n fields (copied into f). */
static int fields(const ctx_t *c, int i, char f[][64], int n, const char *expect) {
  const char *s = c->k->t[i + 1].text;
  char e1[200], e2[200];
  int got = 0;
  while (got < n) {
    const char *e = strchr(s, ':');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == 0 || len >= 64) break;
    memcpy(f[got], s, len);
    f[got++][len] = 0;
    if (!e) break;
    s = e + 1;
  }
  if (got != n || strchr(s, ':')) {
    fprintf(stderr, "error: %s:%d: %s '%s': expected %s\n", c->k->t[i].file, c->k->t[i].line,
            cfg_escape(c->k->t[i].text, strlen(c->k->t[i].text), e1, sizeof e1),
            cfg_escape(c->k->t[i + 1].text, strlen(c->k->t[i + 1].text), e2, sizeof e2), expect);
    return -1;
  }
  return 0;
}

static int setp(const ctx_t *c, int i, int id, long long v) {
  char origin[CFG_ORIGIN_N];
  snprintf(origin, sizeof origin, "%s:%d %s", c->k->t[i].file, c->k->t[i].line, c->k->t[i].text);
  return cfg_set_id(c->cfg, id, v, origin);
}

/* A parameter an earlier option of the same file set, refined by this one
 * (the carve-out scales the dl1 string's ways): the value is replaced, the
 * origin becomes this option. */
static int setp_refine(const ctx_t *c, int i, int id, long long v) {
  c->cfg->set[id] = 0;
  return setp(c, i, id, v);
}

/* A clock in MHz with an optional fraction ("700.0"), as kHz. */
static int mhz(const ctx_t *c, int i, const char *f, long long *khz) {
  char ip[64], e1[200], e2[200];
  const char *dot = strchr(f, '.');
  size_t il = dot ? (size_t)(dot - f) : strlen(f);
  long long w = -1, frac = 0;
  int ok = il > 0 && il < sizeof ip;
  if (ok) {
    memcpy(ip, f, il);
    ip[il] = 0;
    ok = !cfg_parse_number(ip, &w) && w >= 0 && w <= 10000;
  }
  if (ok && dot) {
    const char *q = dot + 1;
    ok = *q && strspn(q, "0123456789") == strlen(q);
    for (int d = 0; ok && d < 3; d++) frac = frac * 10 + (*q ? *q++ - '0' : 0);
  }
  if (!ok || w * 1000 + frac < 1) {
    fprintf(stderr, "error: %s:%d: %s: clock '%s' is not a frequency in MHz (expected e.g. 700.0, above 0 and at most 10000)\n",
            c->k->t[i].file, c->k->t[i].line, cfg_escape(c->k->t[i].text, strlen(c->k->t[i].text), e1, sizeof e1),
            cfg_escape(f, strlen(f), e2, sizeof e2));
    return -1;
  }
  *khz = w * 1000 + frac;
  return 0;
}

static const struct { const char *opt, *why; } ignored_why[] = {
    {"-gpgpu_num_sched_per_core", "the shell's SM issues at most one warp instruction per cycle (one scheduler)"},
    {"-gpgpu_mem_addr_mapping", "a line goes to bank line mod banks (the shell's own interleave, docs/shell.md)"},
    {"-gpgpu_memory_partition_indexing", "a line goes to bank line mod banks (the shell's own interleave)"},
    {"-gpgpu_dram_timing_opt", "DRAM is latency + peak bandwidth; no banks, rows or timing constraints"},
    {"-gpgpu_dram_scheduler", "DRAM serves each bank's requests in order"},
    {"-gpgpu_perf_sim_memcpy", "a kernel list's host-to-device copies are counted, not modelled: the L2 starts cold (docs/shell.md, kernel lists)"},
    {"-gpgpu_shmem_size", "no shared memory: every kernel uses none (the carve-out: -gpgpu_adaptive_cache_config)"},
    {"-gpgpu_cache:dl1PrefL1", "the L1D has its configured size"},
    {"-gpgpu_cache:dl1PrefShared", "the L1D has its configured size"},
    {"-inter_config_file", "the interconnect is the shell's crossbar; the .icnt file is not read (SHELL_XBAR_SPEEDUP, SHELL_XBAR_BQ)"},
    {"-icnt_in_buffer_limit", "an SM's side of the crossbar is its L1D's miss and bypass queues (no separate input buffer)"},
    {"-icnt_subnets", "requests and responses always travel on two separate crossbars"},
    {"-icnt_arbiter_algo", "each bank grants round-robin over the SMs (two grants a cycle with speedup 2), not iSLIP"},
    {"-icnt_out_buffer_limit", "used only with -network_mode 2 (the local crossbar's output buffer)"},
};

/* -gpgpu_cache:dl2 [T:]nsets:line:assoc,rep:wr:alloc:wr_alloc[:set_idx],mshr...
 * into the L2 bank's geometry and policies; each field checked left to
 * right, the first that cannot be modelled named. */
static int gpu_dl2(ctx_t *c, int i) {
  const char *s = c->k->t[i + 1].text;
  char e1[200], buf[256], *f[12];
  int nf = 0;
  snprintf(buf, sizeof buf, "%s", s);
  for (char *p = buf; nf < 12;) { /* split at ':' and ',' */
    f[nf++] = p;
    p += strcspn(p, ":,");
    if (!*p) break;
    *p++ = 0;
  }
  int o = (nf > 0 && (!strcmp(f[0], "N") || !strcmp(f[0], "S"))) ? 1 : 0;
  const char *bad = NULL, *want = NULL;
  long long sets = 0, line = 0, ways = 0;
  if (strlen(s) >= sizeof buf - 1 || nf < o + 8) bad = "the string", want = "[N|S:]<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<set_idx>,<mshr>...";
  else if (!o && strspn(f[0], "0123456789") != strlen(f[0])) bad = "type", want = "N (normal) or S (sectored; modelled at line granularity: the L1D asks for whole lines)";
  else if (cfg_parse_number(f[o], &sets) || sets < 1) bad = "nsets", want = "a power of two in the range of SHELL_L2_SETS";
  else if (cfg_parse_number(f[o + 1], &line) || line != CFG(c->cfg, L1D_LINE)) bad = "line", want = "the L1D's line size (L1D_LINE)";
  else if (cfg_parse_number(f[o + 2], &ways) || ways < 1) bad = "assoc", want = "the range of SHELL_L2_WAYS";
  else if (strcmp(f[o + 3], "L")) bad = "rep", want = "L (LRU)";
  else if (strcmp(f[o + 4], "B") && strcmp(f[o + 4], "T")) bad = "wr", want = "B (write-back) or T (write-through)";
  else if (strcmp(f[o + 5], "m") && strcmp(f[o + 5], "f") && strcmp(f[o + 5], "s")) bad = "alloc", want = "m, f or s (the bank allocates when the fill returns in every case: it has no MSHR)";
  else if (!strcmp(f[o + 4], "B") && strcmp(f[o + 6], "L") && strcmp(f[o + 6], "W") && strcmp(f[o + 6], "F")) bad = "wr_alloc", want = "L, W or F with B (a store allocates its line; the shell's stores write whole lines, so no fetch)";
  else if (!strcmp(f[o + 4], "T") && strcmp(f[o + 6], "N")) bad = "wr_alloc", want = "N with T (no write allocate)";
  else if (strcmp(f[o + 7], "L") && strcmp(f[o + 7], "P")) bad = "set_idx", want = "L (linear) or P (IPOLY)";
  if (bad) {
    fprintf(stderr, "error: %s:%d: -gpgpu_cache:dl2 '%s': field %s: expected %s\n", c->k->t[i].file, c->k->t[i].line,
            cfg_escape(s, strlen(s), e1, sizeof e1), bad, want);
    return -1;
  }
  if (setp(c, i, P_SHELL_L2_SETS, sets) || setp(c, i, P_SHELL_L2_WAYS, ways) ||
      setp(c, i, P_SHELL_L2_WRITE, strcmp(f[o + 4], "B") ? SHELL_L2_WRITE_THROUGH : SHELL_L2_WRITE_BACK) ||
      setp(c, i, P_SHELL_L2_SET_IDX, strcmp(f[o + 7], "P") ? SHELL_L2_SET_IDX_LINEAR : SHELL_L2_SET_IDX_IPOLY))
    return -1;
  rep_add(c->rep, &c->k->t[i], &c->k->t[i + 1], 1,
          "SHELL_L2_SETS, _WAYS, _WRITE, _SET_IDX per bank (sectors and the L2 MSHR not modelled: docs/shell.md)");
  return 0;
}

/* The options of the GPU, in a fixed order; -1 after one message. */
static int gpu_options(ctx_t *c) {
  const toks_t *k = c->k;
  char f[4][64];
  long long v = 0, v2 = 0, khz[4] = {0, 0, 0, 0};
  int i, j;
  /* SMs = clusters x cores per cluster */
  if ((i = opt_at(k, "-gpgpu_n_clusters")) >= 0) {
    j = opt_at(k, "-gpgpu_n_cores_per_cluster");
    v2 = 1;
    if (num(c, i, "", k->t[i + 1].text, 1, 1024, &v)) return -1;
    if (j >= 0 && num(c, j, "", k->t[j + 1].text, 1, 1024, &v2)) return -1;
    if (setp(c, j >= 0 && v * v2 > v ? j : i, P_SHELL_SMS, v * v2)) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, "SHELL_SMS = clusters x cores per cluster");
    if (j >= 0) rep_add(c->rep, &k->t[j], &k->t[j + 1], 1, "SHELL_SMS = clusters x cores per cluster");
  }
  if ((i = opt_at(k, "-gpgpu_shader_core_pipeline")) >= 0) {
    if (fields(c, i, f, 2, "<threads per SM>:<warp size>, e.g. 1536:32")) return -1;
    if (num(c, i, "threads", f[0], 32, 1 << 20, &v) || num(c, i, "warp size", f[1], 32, 32, &v2)) return -1;
    if (v % 32) {
      fprintf(stderr, "error: %s:%d: -gpgpu_shader_core_pipeline: %lld threads is not a whole number of 32-thread warps\n",
              k->t[i].file, k->t[i].line, v);
      return -1;
    }
    if (setp(c, i, P_SHELL_WARPS, v / 32)) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, "SHELL_WARPS = threads / warp size");
  }
  if ((i = opt_at(k, "-gpgpu_shader_cta")) >= 0) {
    if (num(c, i, "", k->t[i + 1].text, 1, 1024, &v) || setp(c, i, P_SHELL_TBS, v)) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, "SHELL_TBS");
  }
  if ((i = opt_at(k, "-gpgpu_scheduler")) >= 0) {
    const char *s = k->t[i + 1].text;
    char e1[200];
    if (strcmp(s, "gto") && strcmp(s, "lrr")) {
      fprintf(stderr, "error: %s:%d: -gpgpu_scheduler '%s': the shell models gto and lrr (expected one of them)\n",
              k->t[i].file, k->t[i].line, cfg_escape(s, strlen(s), e1, sizeof e1));
      return -1;
    }
    if (setp(c, i, P_SHELL_SCHED, strcmp(s, "gto") ? SHELL_SCHED_LRR : SHELL_SCHED_GTO)) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, "SHELL_SCHED");
  }
  /* memory partitions: banks = channels x sub-partitions */
  if ((i = opt_at(k, "-gpgpu_n_mem")) >= 0) {
    j = opt_at(k, "-gpgpu_n_sub_partition_per_mchannel");
    v2 = 1;
    if (num(c, i, "", k->t[i + 1].text, 1, 1024, &v)) return -1;
    if (j >= 0 && (num(c, j, "", k->t[j + 1].text, 1, 1024, &v2) || setp(c, j, P_SHELL_L2_SUBP, v2))) return -1;
    if (setp(c, i, P_SHELL_L2_BANKS, v * v2)) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, "SHELL_L2_BANKS = channels x sub-partitions");
    if (j >= 0) rep_add(c->rep, &k->t[j], &k->t[j + 1], 1, "SHELL_L2_SUBP (and SHELL_L2_BANKS)");
  }
  if ((i = opt_at(k, "-gpgpu_clock_domains")) >= 0) {
    if (fields(c, i, f, 4, "<core>:<icnt>:<l2>:<dram> in MHz, e.g. 700.0:700.0:700.0:924.0")) return -1;
    for (int q = 0; q < 4; q++)
      if (mhz(c, i, f[q], &khz[q])) return -1;
    if (setp(c, i, P_SHELL_CLK_CORE, khz[0]) || setp(c, i, P_SHELL_CLK_ICNT, khz[1]) ||
        setp(c, i, P_SHELL_CLK_L2, khz[2]) || setp(c, i, P_SHELL_CLK_DRAM, khz[3]))
      return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, "SHELL_CLK_CORE, _ICNT, _L2, _DRAM (kHz)");
  }
  static const struct { const char *opt; int id; long long lo, hi; const char *note; } plain[] = {
      {"-icnt_flit_size", P_SHELL_FLIT, 1, 100000, "SHELL_FLIT"},
      {"-gpgpu_n_cluster_ejection_buffer_size", P_SHELL_EJQ, 1, 100000, "SHELL_EJQ (each SM's ejection buffer)"},
      {"-gpgpu_l1_latency", P_SHELL_L1_LAT, 0, 100000, "SHELL_L1_LAT (the SM holds a warp SHELL_L1_LAT - SHELL_L1_PIPE cycles after its last load line)"},
      {"-gpgpu_l2_rop_latency", P_SHELL_L2_ROP_LAT, 0, 100000, "SHELL_L2_ROP_LAT"},
      {"-dram_latency", P_SHELL_DRAM_LAT, 0, 100000, "SHELL_DRAM_LAT"},
      {"-gpgpu_dram_buswidth", P_SHELL_DRAM_BUSW, 1, 100000, "SHELL_DRAM_BUSW"},
      {"-gpgpu_n_mem_per_ctrlr", P_SHELL_DRAM_CHIPS, 1, 100000, "SHELL_DRAM_CHIPS"},
      {"-gpgpu_dram_burst_length", P_SHELL_DRAM_BL, 1, 100000, "SHELL_DRAM_BL (the peak bandwidth does not depend on it)"},
      {"-dram_data_command_freq_ratio", P_SHELL_DRAM_RATIO, 1, 100000, "SHELL_DRAM_RATIO"},
      {"-gpgpu_frfcfs_dram_sched_queue_size", P_SHELL_DRAM_SCHEDQ, 0, 4096, "SHELL_DRAM_SCHEDQ (with the return queue: the channel's DRAM credits)"},
      {"-gpgpu_dram_return_queue_size", P_SHELL_DRAM_RETQ, 0, 4096, "SHELL_DRAM_RETQ (with the scheduler queue: the channel's DRAM credits)"},
  };
  for (unsigned q = 0; q < sizeof plain / sizeof plain[0]; q++)
    if ((i = opt_at(k, plain[q].opt)) >= 0) {
      if (num(c, i, "", k->t[i + 1].text, plain[q].lo, plain[q].hi, &v) || setp(c, i, plain[q].id, v)) return -1;
      rep_add(c->rep, &k->t[i], &k->t[i + 1], 1, plain[q].note);
    }
  /* GPGPU-Sim's local crossbar (-network_mode 2): its output buffer is the
   * bank's boundary buffer; with booksim (1) the .icnt file holds it and is
   * not read (SHELL_XBAR_BQ keeps its default, that file's usual 64) */
  if ((i = opt_at(k, "-network_mode")) >= 0) {
    if (num(c, i, "", k->t[i + 1].text, 1, 2, &v)) return -1;
    j = opt_at(k, "-icnt_out_buffer_limit");
    if (v == 2 && j >= 0) {
      if (num(c, j, "", k->t[j + 1].text, 2, 512, &v2) || setp(c, j, P_SHELL_XBAR_BQ, v2)) return -1;
      rep_add(c->rep, &k->t[j], &k->t[j + 1], 1, "SHELL_XBAR_BQ (the local crossbar's output buffer: each bank's boundary buffer)");
    }
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1,
            v == 2 ? "the local crossbar (xbar_router): the shell's crossbar, -icnt_out_buffer_limit its boundary buffers"
                   : "booksim: the shell's crossbar; the .icnt file is not read (SHELL_XBAR_SPEEDUP 2 and SHELL_XBAR_BQ 64: the tested .icnt files' values)");
  }
  if ((i = opt_at(k, "-gpgpu_dram_partition_queues")) >= 0) {
    long long q[4];
    if (fields(c, i, f, 4, "<icnt->L2>:<L2->DRAM>:<DRAM->L2>:<L2->icnt> queue entries, e.g. 64:64:64:64")) return -1;
    for (int z = 0; z < 4; z++)
      if (num(c, i, "queue", f[z], 1, 100000, &q[z])) return -1;
    if (setp(c, i, P_SHELL_L2_Q, q[0]) || setp(c, i, P_SHELL_DRAM_Q, q[1]) || setp(c, i, P_SHELL_L2_RSPQ, q[3]))
      return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1,
            "SHELL_L2_Q, SHELL_DRAM_Q, (DRAM->L2: a return waits in the channel), SHELL_L2_RSPQ");
  }
  if ((i = opt_at(k, "-gpgpu_cache:dl2")) >= 0 && gpu_dl2(c, i)) return -1;
  /* The unified L1/shared-memory carve-out.  The shell models no shared
   * memory, so every kernel uses none, and GPGPU-Sim's ADAPTIVE_VOLTA (1)
   * then gives the L1D the whole unified array: set_assoc(get_max_assoc()),
   * MAX_DEFAULT_CACHE_SIZE_MULTIBLIER (4) x the dl1 string's ways
   * (shader.cc, gpu-cache.h).  The size is fixed for the run (docs/gpgpusim.md). */
  if ((i = opt_at(k, "-gpgpu_adaptive_cache_config")) >= 0) {
    if (num(c, i, "", k->t[i + 1].text, 0, 1, &v)) return -1;
    if (v && setp_refine(c, i, P_L1D_WAYS, 4 * CFG(c->cfg, L1D_WAYS))) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1,
            v ? "L1D_WAYS = 4 x the dl1 ways: ADAPTIVE_VOLTA with no shared memory (the shell models none) gives the L1D the whole unified cache"
              : "FIXED: the L1D keeps the dl1 string's size");
  }
  /* -gpgpu_gmem_skip_L1D 1: global loads skip the L1D unless ld.ca
   * (shader.cc: bypassL1D); the shell's loads carry no cache operator, so
   * every load bypasses: SHELL_BYPASS = ALL (a later --set overrides it). */
  if ((i = opt_at(k, "-gpgpu_gmem_skip_L1D")) >= 0) {
    if (num(c, i, "", k->t[i + 1].text, 0, 1, &v)) return -1;
    if (v && setp(c, i, P_SHELL_BYPASS, SHELL_BYPASS_ALL)) return -1;
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 1,
            v ? "SHELL_BYPASS = ALL: every global load skips the L1D (GPGPU-Sim: all but ld.ca; the shell's loads carry no cache operator)"
              : "every global load goes through the L1D");
  }
  /* every other option: ignored, with why where we know */
  for (i = 0; i < k->n; i += 2) {
    int known = 0;
    for (unsigned q = 0; q < c->rep->n; q++)
      if (c->rep->e[q].line == k->t[i].line && c->rep->e[q].src == k->t[i].src && c->rep->e[q].used) known = 1;
    if (known || !strcmp(k->t[i].text, "-gpgpu_cache:dl1")) continue;
    const char *why = "not modelled by the shell";
    for (unsigned q = 0; q < sizeof ignored_why / sizeof ignored_why[0]; q++)
      if (!strcmp(k->t[i].text, ignored_why[q].opt)) why = ignored_why[q].why;
    /* Accel-Sim's trace.config: the SM pipeline's per-opcode timing */
    if (!strncmp(k->t[i].text, "-trace_opcode_latency_initiation_", 33) || !strncmp(k->t[i].text, "-specialized_unit_", 18))
      why = "Accel-Sim's per-opcode latency, initiation interval and units: the shell's SM issues a compute instruction "
            "as one cycle of its warp's compute gap (docs/shell.md, the SM)";
    rep_add(c->rep, &k->t[i], &k->t[i + 1], 0, why);
  }
  return 0;
}

/* The files' options read together, one source (Accel-Sim's -config A
 * -config B: gpgpusim.config and trace.config): an option given twice, in
 * one file or in two, is refused naming both places. */
int gpgpusim_cfg_load_texts(l1sys_cfg_t *cfg, const char *const *bufs, const size_t *lens, const char *const *names,
                            int nf, int scope, gpgpusim_rep_t *rep) {
  char e1[200];
  toks_t k = {0};
  gpgpusim_rep_t own;
  if (!rep) rep = &own;
  memset(rep, 0, sizeof *rep);
  int rc = -1, dl1 = -1;
  if (nf < 1 || nf > GPGPUSIM_FILES_MAX) {
    fprintf(stderr, "error: %d GPGPU-Sim configs; expected 1 to %d (--gpgpusim-config)\n", nf, GPGPUSIM_FILES_MAX);
    return -1;
  }
  char all[sizeof rep->file] = "";
  for (int f = 0; f < nf; f++) {
    const int n0 = k.n;
    if (tokenize(bufs[f], lens[f], names[f], f, &k)) goto out;
    if (k.n == n0) {
      fprintf(stderr, "error: GPGPU-Sim config '%s': no options (empty, or only comments); expected -option value "
              "pairs%s\n", names[f], nf == 1 ? " with -gpgpu_cache:dl1" : "");
      goto out;
    }
    size_t w = strlen(all);
    snprintf(all + w, sizeof all - w, "%s%s", f ? " + " : "", names[f]);
    snprintf(rep->files[f], sizeof rep->files[f], "%s", names[f]);
  }
  rep->nfiles = (unsigned)nf;
  for (int i = 0; i < k.n; i += 2) {
    const tok_t *o = &k.t[i];
    if (o->text[0] != '-' || !o->text[1]) {
      fprintf(stderr, "error: %s:%d: '%s' is not an option (expected -option value)\n", o->file, o->line,
              cfg_escape(o->text, strlen(o->text), e1, sizeof e1));
      goto out;
    }
    if (i + 1 >= k.n || k.t[i + 1].src != o->src) {
      fprintf(stderr, "error: %s:%d: option %s has no value (expected -option value)\n", o->file, o->line,
              cfg_escape(o->text, strlen(o->text), e1, sizeof e1));
      goto out;
    }
    if (!strcmp(o->text, "-config")) { /* GPGPU-Sim reads the named file in place */
      fprintf(stderr, "error: %s:%d: option -config (a nested GPGPU-Sim config) is not followed; give that file "
              "as another --gpgpusim-config (GPGPUSIM='A B' on the make targets)\n", o->file, o->line);
      goto out;
    }
    for (int j = 0; j < i; j += 2)
      if (!strcmp(k.t[j].text, o->text)) {
        if (k.t[j].src == o->src)
          fprintf(stderr, "error: %s:%d: option %s given a second time (first at line %d); give each option once\n",
                  o->file, o->line, cfg_escape(o->text, strlen(o->text), e1, sizeof e1), k.t[j].line);
        else
          fprintf(stderr, "error: %s:%d: option %s given a second time (first at %s:%d); give each option once "
                  "over all the GPGPU-Sim configs\n", o->file, o->line, cfg_escape(o->text, strlen(o->text), e1, sizeof e1),
                  k.t[j].file, k.t[j].line);
        goto out;
      }
    if (!strcmp(o->text, "-gpgpu_cache:dl1")) dl1 = i;
  }
  if (dl1 < 0) {
    fprintf(stderr, "error: GPGPU-Sim config '%s': no -gpgpu_cache:dl1 option (the L1D configuration); "
            "expected one, e.g. -gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n", all);
    goto out;
  }
  snprintf(rep->file, sizeof rep->file, "%s", all);
  unsigned short saved = cfg->cur_src;
  cfg_source_begin(cfg);
  char origin[CFG_ORIGIN_N];
  snprintf(origin, sizeof origin, "%s:%d -gpgpu_cache:dl1", k.t[dl1].file, k.t[dl1].line);
  int prc = l1d_parse_gpgpusim_at(cfg, k.t[dl1 + 1].text, origin);
  if (!prc) rep_add(rep, &k.t[dl1], &k.t[dl1 + 1], 1, "the L1D (L1D_*)");
  ctx_t c = {&k, cfg, rep};
  if (!prc && scope == GPGPUSIM_GPU) prc = gpu_options(&c);
  else if (!prc)
    for (int i = 0; i < k.n; i += 2)
      if (i != dl1) rep_add(rep, &k.t[i], &k.t[i + 1], 0, "not read for a single block (the GPU shell reads it)");
  cfg->cur_src = saved;
  if (prc) goto out;
  rc = 0;
out:
  toks_free(&k);
  return rc;
}

int gpgpusim_cfg_load_text(l1sys_cfg_t *cfg, const char *buf, size_t n, const char *name, int scope,
                           gpgpusim_rep_t *rep) {
  return gpgpusim_cfg_load_texts(cfg, &buf, &n, &name, 1, scope, rep);
}

static const char *base_of(const char *path) {
  const char *b = strrchr(path, '/');
  return b ? b + 1 : path;
}

/* A JSON string: '"' and '\\' escaped, control bytes as \u00XX (a file name may hold any). */
static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f) fprintf(f, "\\u%04x", *p);
    else fputc(*p, f);
  fputc('"', f);
}

void gpgpusim_rep_line(const gpgpusim_rep_t *r, char *out, size_t n) {
  size_t w = 0;
  unsigned nu = 0, ni = 0;
  for (unsigned q = 0; q < r->n; q++) {
    if (r->e[q].used) nu++;
    else ni++;
  }
  char en[200];
  int x = snprintf(out, n, "gpgpusim-config %s: used %u option%s:", cfg_escape(r->file, strlen(r->file), en, sizeof en),
                   nu, nu == 1 ? "" : "s");
  w = x < 0 ? 0 : (size_t)x;
  for (int pass = 1; pass >= 0; pass--) {
    if (!pass && w < n) {
      x = snprintf(out + w, n - w, "; ignored %u option%s:", ni, ni == 1 ? "" : "s");
      w += x < 0 ? 0 : (size_t)x;
    }
    for (unsigned q = 0; q < r->n && w < n; q++)
      if (r->e[q].used == pass) {
        x = !pass ? snprintf(out + w, n - w, " %s", r->e[q].opt)
            : r->nfiles > 1 ? snprintf(out + w, n - w, " %s %s (%s:%d)", r->e[q].opt, r->e[q].val, base_of(r->files[r->e[q].src]), r->e[q].line)
                            : snprintf(out + w, n - w, " %s %s (line %d)", r->e[q].opt, r->e[q].val, r->e[q].line);
        w += x < 0 ? 0 : (size_t)x;
      }
  }
  if (w >= n && n > 4) memcpy(out + n - 4, "...", 4);
}

int gpgpusim_rep_json(const gpgpusim_rep_t *r, FILE *f) {
  fprintf(f, "{\"file\": ");
  json_str(f, r->file);
  fprintf(f, ", \"files\": [");
  for (unsigned i = 0; i < r->nfiles; i++) {
    if (i) fprintf(f, ", ");
    json_str(f, r->files[i]);
  }
  fprintf(f, "], \"options\": [");
  for (unsigned q = 0; q < r->n; q++) {
    const gpgpusim_opt_t *e = &r->e[q];
    fprintf(f, "%s\n    {\"option\": \"%s\", \"value\": ", q ? "," : "", e->opt);
    json_str(f, e->val);
    fprintf(f, ", \"file\": ");
    json_str(f, r->nfiles ? r->files[e->src] : r->file);
    fprintf(f, ", \"line\": %d, \"used\": %s, \"%s\": \"%s\"}", e->line, e->used ? "true" : "false",
            e->used ? "into" : "why", e->note);
  }
  fprintf(f, "]}");
  return ferror(f) ? -1 : 0;
}

int gpgpusim_cfg_load_list(l1sys_cfg_t *cfg, const char *const *paths, int n, int scope, gpgpusim_rep_t *rep) {
  char *bufs[GPGPUSIM_FILES_MAX] = {0};
  size_t lens[GPGPUSIM_FILES_MAX];
  int rc = -1, got = 0;
  if (n < 1 || n > GPGPUSIM_FILES_MAX) {
    fprintf(stderr, "error: %d GPGPU-Sim configs; expected 1 to %d (--gpgpusim-config)\n", n, GPGPUSIM_FILES_MAX);
    return -1;
  }
  for (int a = 0; a < n; a++)
    for (int b = 0; b < a; b++)
      if (!strcmp(paths[a], paths[b])) {
        fprintf(stderr, "error: option --gpgpusim-config given twice with '%s'; give each GPGPU-Sim config once\n", paths[a]);
        return -1;
      }
  for (; got < n; got++)
    if (!(bufs[got] = cfg_read_file(paths[got], "GPGPU-Sim config", GPGPUSIM_FILE_MAX, &lens[got]))) break;
  if (got == n) rc = gpgpusim_cfg_load_texts(cfg, (const char *const *)bufs, lens, paths, n, scope, rep);
  for (int f = 0; f < got; f++) free(bufs[f]);
  return rc;
}

int gpgpusim_cfg_load(l1sys_cfg_t *cfg, const char *path, int scope, gpgpusim_rep_t *rep) {
  return gpgpusim_cfg_load_list(cfg, &path, 1, scope, rep);
}
