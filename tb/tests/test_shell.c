/* test_shell.c -- directed checks of the GPU shell's C model and workloads:
 * the coalescer's line requests, barriers, the scheduler policies, the
 * scoreboard's teeth, the compact format's round trip and the Accel-Sim
 * reader on the real trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shell.h"
#include "shell_wl.h"
#include "tcheck.h"

static uint64_t tot(const shell_t *s, unsigned k) {
  uint64_t n = 0;
  for (unsigned i = 0; i < s->nsm; i++) n += s->sm[i].st[k];
  return n;
}

/* One warp, one memory instruction with lane stride `stride`. */
static void one_ld(shell_wl_t *w, int store, uint32_t stride, uint32_t mask) {
  shell_wl_init(w, 32);
  shell_wl_kernel(w, "t", 1, 1);
  shell_wl_warp_begin(w, 0, 0);
  uint32_t a[32];
  for (unsigned l = 0; l < 32; l++) a[l] = 0x10000 + l * stride;
  shell_wl_mem(w, store, mask, 4, a);
  shell_wl_exit(w);
}

static int run(shell_t *s, const shell_wl_t *w, const char *set) {
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  if (set) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", set);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) cfg_set(&cfg, t, "test");
  }
  if (shell_init(s, &cfg, w)) return -9;
  return shell_run(s, 1000000, 0);
}

/* One coalescer case: a warp's load or store of 32 lanes, stride apart
 * under mask; the requests it makes (the L1D's atoms: lines, or with
 * L1D_SECTORS=4 32-byte segments) against the expected count. */
typedef struct { uint32_t stride, mask; int store; uint64_t reqs; } co_case_t;
static void coalescer_cases(tc_t *t, const char *set, const char *what, const co_case_t *c, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    shell_wl_t w;
    shell_t s;
    one_ld(&w, c[i].store, c[i].stride, c[i].mask);
    int rc = run(&s, &w, set);
    uint64_t got = tot(&s, c[i].store ? SHS_STREQ : SHS_LDREQ);
    TC_CHECK(t, rc == 0 && got == c[i].reqs, "%s: %s, lane stride %u, mask 0x%x -> %llu requests (got %llu, rc %d)", what,
             c[i].store ? "store" : "load", c[i].stride, c[i].mask, (unsigned long long)c[i].reqs,
             (unsigned long long)got, rc);
    shell_free(&s);
    shell_wl_free(&w);
  }
}

static void test_coalescer(tc_t *t) {
  static const co_case_t c[] = {{4, ~0u, 0, 1},   {8, ~0u, 0, 2},   {128, ~0u, 0, 32}, {0, ~0u, 0, 1},
                                {2048, 0x0000ffffu, 0, 16}, {4, ~0u, 1, 1}, {64, ~0u, 1, 16}};
  coalescer_cases(t, NULL, "coalescer (128-byte lines)", c, sizeof c / sizeof c[0]);
}

/* A sectored L1D (issue 23): the coalescer cuts a warp's accesses into
 * 32-byte segments, as GPGPU-Sim's memory_coalescing_arch does for
 * gpgpu_coalesce_arch >= 40 (sector_segment_size): one request per distinct
 * segment the active lanes touch.  The expectations are that rule's counts,
 * worked by hand: stride 4 over 32 lanes covers 128 B = 4 segments; stride 8,
 * 256 B = 8; stride 16, 512 B = 16; strides of 32 B or more, one segment per
 * lane. */
static void test_coalescer_sectored(tc_t *t) {
  static const co_case_t c[] = {{4, ~0u, 0, 4},  {8, ~0u, 0, 8},   {16, ~0u, 0, 16},  {32, ~0u, 0, 32},
                                {128, ~0u, 0, 32}, {0, ~0u, 0, 1},   {2048, 0x0000ffffu, 0, 16},
                                {4, 0x000000ffu, 0, 1}, {4, 0x00000101u, 0, 2}, {4, ~0u, 1, 4}, {64, ~0u, 1, 32}};
  coalescer_cases(t, "L1D_SECTORS=4", "sectored coalescer (32-byte segments)", c, sizeof c / sizeof c[0]);
}

/* The first store request the L1D sees for a store of lanes 0..3 (4 bytes
 * each) from `base`, under `set` (NULL: defaults): its address and byte mask
 * (the first 4 words).  0 on success. */
static int first_store_req(uint32_t base, const char *set, uint32_t *addr, uint32_t m[4]) {
  shell_wl_t w;
  shell_wl_init(&w, 32);
  shell_wl_kernel(&w, "t", 1, 1);
  shell_wl_warp_begin(&w, 0, 0);
  uint32_t a[32] = {0};
  for (unsigned l = 0; l < 4; l++) a[l] = base + 4 * l;
  shell_wl_mem(&w, 1, 0xf, 4, a);
  shell_wl_exit(&w);
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  if (set) cfg_set(&cfg, set, "test");
  shell_t s;
  int rc = shell_init(&s, &cfg, &w), seen = 0;
  for (int c = 0; !rc && c < 200 && !seen; c++) {
    shell_comb(&s);
    if (s.sm[0].i_l1d.in.req_valid_i && s.sm[0].i_l1d.in.req_store_i) {
      seen = 1;
      *addr = s.sm[0].i_l1d.in.req_addr_i;
      memcpy(m, s.sm[0].i_l1d.in.req_mask_i, 4 * sizeof *m);
    }
    shell_commit(&s);
  }
  if (!rc) shell_free(&s);
  shell_wl_free(&w);
  return rc || !seen;
}

/* a store of lanes 0..3 at line offset 8 fills byte mask bits 8..23 */
static void test_store_mask(tc_t *t) {
  uint32_t addr = 0, m[4] = {0};
  int rc = first_store_req(0x20008, NULL, &addr, m);
  TC_CHECK(t, !rc && addr == 0x20000 && m[0] == 0x00ffff00u,
           "store byte mask of 4 lanes x 4 B at offset 8 is 0x00ffff00, address the line's 0x20000 (got 0x%08x, 0x%x)",
           m[0], addr);
}

/* A sectored store's request: the sector-aligned address, the byte mask of
 * its lanes inside the line (4 lanes x 4 B at line offset 0x48: sector 2,
 * bytes 72..87). */
static void test_store_mask_sectored(tc_t *t) {
  uint32_t addr = 0, m[4] = {0};
  int rc = first_store_req(0x20048, "L1D_SECTORS=4", &addr, m);
  TC_CHECK(t, !rc && addr == 0x20040 && m[0] == 0 && m[1] == 0 && m[2] == 0x00ffff00u && m[3] == 0,
           "sectored store: address 0x20040 (sector 2), byte mask 0x00ffff00 in word 2 (got 0x%x, %08x %08x %08x %08x)",
           addr, m[0], m[1], m[2], m[3]);
}

/* The LD/ST unit's next slot: two warps, one load of 4 lines each.  The
 * second instruction issues into the next slot while the first is sent, so
 * its first line request reaches the L1D the cycle after the first's last
 * (GPGPU-Sim's dispatch register is refilled in the cycle it empties):
 * 8 requests in 8 consecutive cycles.  One slot would lose 2 cycles. */
static void test_lsu_next_slot(tc_t *t) {
  shell_wl_t w;
  shell_wl_init(&w, 32);
  shell_wl_kernel(&w, "t", 1, 2);
  for (unsigned k = 0; k < 2; k++) {
    shell_wl_warp_begin(&w, 0, k);
    uint32_t a[32] = {0};
    for (unsigned l = 0; l < 4; l++) a[l] = 0x40000 + k * 0x10000 + l * 128;
    shell_wl_mem(&w, 0, 0xf, 4, a);
    shell_wl_exit(&w);
  }
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  shell_t s;
  int rc = shell_init(&s, &cfg, &w);
  int first = -1, last = -1, n = 0;
  uint32_t ids = 0;
  for (int c = 0; !rc && c < 400 && n < 8; c++) {
    shell_comb(&s);
    const l1d_t *L = &s.sm[0].i_l1d;
    if (L->in.req_valid_i && L->out.req_ready_o) {
      if (first < 0) first = c;
      last = c;
      n++;
      ids |= 1u << (L->in.req_id_i & 31);
    }
    shell_commit(&s);
  }
  TC_CHECK(t, !rc && n == 8 && ids == 3u && last - first == 7,
           "LD/ST next slot: two warps' 4-line loads reach the L1D in 8 consecutive cycles (%d requests from warps 0x%x in "
           "cycles %d..%d)", n, ids, first, last);
  if (!rc) shell_free(&s);
  shell_wl_free(&w);
}

/* The L1 hit latency's extra (SHELL_L1_LAT) is paid on the L1D's cache
 * path only: a warp of two dependent one-line loads takes 2 x (82 - 4)
 * cycles more at SHELL_L1_LAT=82 than at 4 through the L1D, and not one
 * cycle more when both loads bypass it (GPGPU-Sim: an L1-skipping load's
 * answer goes to writeback without the L1 latency queue). */
static void test_l1_lat_bypass(tc_t *t) {
  shell_wl_t w;
  shell_wl_init(&w, 32);
  shell_wl_kernel(&w, "t", 1, 1);
  shell_wl_warp_begin(&w, 0, 0);
  for (unsigned k = 0; k < 2; k++) {
    uint32_t a[32] = {0x30000 + k * 0x1000};
    shell_wl_mem(&w, 0, 1, 4, a);
  }
  shell_wl_exit(&w);
  uint32_t cyc[2][2];
  for (int byp = 0; byp < 2; byp++)
    for (int lat = 0; lat < 2; lat++) {
      char set[96];
      snprintf(set, sizeof set, "SHELL_BYPASS=%s SHELL_L1_LAT=%d", byp ? "ALL" : "NONE", lat ? 82 : 4);
      shell_t s;
      int rc = run(&s, &w, set);
      cyc[byp][lat] = rc ? 0 : s.cycle_q;
      if (rc != -9) shell_free(&s);
    }
  TC_CHECK(t, cyc[0][0] && cyc[0][1] - cyc[0][0] == 2 * 78,
           "SHELL_L1_LAT through the L1D: two dependent loads take 156 cycles more at 82 than at 4 (%u -> %u)", cyc[0][0],
           cyc[0][1]);
  TC_CHECK(t, cyc[1][0] && cyc[1][1] == cyc[1][0],
           "SHELL_L1_LAT and bypassed loads: no cycle more at 82 than at 4 (%u -> %u)", cyc[1][0], cyc[1][1]);
  shell_wl_free(&w);
}

static void test_barrier_and_sched(tc_t *t) {
  for (int gto = 0; gto < 2; gto++) {
    shell_wl_t w;
    shell_t s;
    shell_wl_init(&w, 32);
    shell_wl_gen(&w, "srad", "n=64", 1);
    int rc = run(&s, &w, gto ? "SHELL_SCHED=GTO" : NULL);
    TC_CHECK(t, rc == 0 && tot(&s, SHS_INSTS) == shell_wl_insts(&w),
             "srad (barriers) completes under %s: every warp instruction issued once (%llu of %llu)", gto ? "GTO" : "LRR",
             (unsigned long long)tot(&s, SHS_INSTS), (unsigned long long)shell_wl_insts(&w));
    shell_free(&s);
    shell_wl_free(&w);
  }
  /* three blocks of one warp, each ALU/BAR alternating (a one-warp barrier
   * releases at once): every warp can issue every other cycle.  LRR turns
   * through all three; GTO keeps to the two oldest while they are ready. */
  shell_wl_t w;
  shell_wl_init(&w, 32);
  shell_wl_kernel(&w, "t", 3, 1);
  for (unsigned k = 0; k < 3; k++) {
    shell_wl_warp_begin(&w, k, 0);
    for (int i = 0; i < 8; i++) {
      shell_wl_alu(&w, 1);
      shell_wl_bar(&w);
    }
    shell_wl_exit(&w);
  }
  for (int gto = 0; gto < 2; gto++) {
    l1sys_cfg_t cfg;
    cfg_defaults(&cfg);
    cfg_set(&cfg, "SHELL_SMS=1", "test");
    if (gto) cfg_set(&cfg, "SHELL_SCHED=GTO", "test");
    shell_t s;
    shell_init(&s, &cfg, &w);
    char order[128] = {0};
    unsigned n = 0;
    for (int c = 0; c < 2000 && !s.done && n < 120; c++) {
      uint64_t before = s.sm[0].st[SHS_ISSUE];
      shell_comb(&s);
      if (s.sm[0].st[SHS_ISSUE] != before) order[n++] = (char)('0' + s.sm[0].last_d);
      shell_commit(&s);
      shell_check(&s);
    }
    const char *first2 = strchr(order, '2');
    if (!gto) TC_CHECK(t, first2 && first2 - order < 6, "LRR turns through all ready warps (issue order %.40s)", order);
    else TC_CHECK(t, first2 && first2 - order >= 16, "GTO keeps to the oldest ready warps (issue order %.48s)", order);
    shell_free(&s);
  }
  shell_wl_free(&w);
}

static void test_scoreboard_teeth(tc_t *t) {
  /* a lost response: forget a warp's outstanding load; the response then
   * finds no load outstanding and the scoreboard must fail */
  shell_wl_t w;
  shell_wl_init(&w, 32);
  shell_wl_gen(&w, "stream", NULL, 1);
  l1sys_cfg_t cfg;
  cfg_defaults(&cfg);
  shell_t s;
  shell_init(&s, &cfg, &w);
  int broke = 0, rc = 0;
  for (int c = 0; c < 200000 && !rc && !s.done; c++) {
    shell_comb(&s);
    shell_commit(&s);
    if (!broke)
      for (unsigned i = 0; i < s.nwarps && !broke; i++)
        if (s.sm[1].w_q[i].ld) { s.sm[1].w_q[i].ld = 0; shell_sm_resync(&s.sm[1]); broke = 1; }
    rc = shell_check(&s);
  }
  TC_CHECK(t, broke && rc == 1 && strstr(s.err, "no load outstanding"),
           "scoreboard catches a load answered twice / a forgotten outstanding load (%s)", s.err);
  shell_free(&s);
  shell_wl_free(&w);
}

static int same_wl(const shell_wl_t *a, const shell_wl_t *b) {
  if (a->nk != b->nk || a->nrec != b->nrec || a->npool != b->npool) return 0;
  for (uint32_t i = 0; i < a->nrec; i++) {
    const wl_rec_t *x = &a->rec[i], *y = &b->rec[i];
    if (x->kind != y->kind || x->count != y->count || x->mask != y->mask || (x->kind <= WL_ST && x->size != y->size))
      return 0;
  }
  return !a->npool || !memcmp(a->pool, b->pool, a->npool * 4);
}

/* Writes w in the compact format and reads it back into b (initialised
 * here); 0 when both worked. */
static int wl_round_trip(const shell_wl_t *w, shell_wl_t *b) {
  char path[] = "/tmp/test_shell_XXXXXX.wl";
  int fd = mkstemps(path, 3);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int ok = f && !shell_wl_write(w, f);
  if (f) ok = !fclose(f) && ok;
  shell_wl_init(b, w->addr_w);
  ok = ok && !shell_wl_read(b, path);
  remove(path);
  return ok ? 0 : -1;
}

static int same_names(const shell_wl_t *a, const shell_wl_t *b) {
  if (a->nk != b->nk) return 0;
  for (uint32_t i = 0; i < a->nk; i++)
    if (strcmp(a->k[i].name, b->k[i].name)) return 0;
  return 1;
}

/* Kernel names of any bytes (real traces carry C++ signatures) survive the
 * .wl writer and reader: one kernel per name, every name read back byte for
 * byte; an Accel-Sim header's name, whole, through .traceg -> .wl ->
 * workload. */
static void test_names(tc_t *t, const char *real) {
  static char longn[WL_NAME_MAX + 1];
  memset(longn, 'x', WL_NAME_MAX);
  longn[3] = ' ';
  const char *names[] = {"gemm", "my kernel(float*, int)", "tab\there", "a \"quoted\" name", "caf\xc3\xa9 \xff",
                         "back\\slash\\", "hash#not a comment", "esc\x1b]0;x\x07 nl\n cr\r", "\"", "", " lead and trail ",
                         "\\x41 is not A", longn};
  unsigned nn = sizeof names / sizeof names[0];
  shell_wl_t a, b;
  shell_wl_init(&a, 32);
  for (unsigned i = 0; i < nn; i++) {
    shell_wl_kernel(&a, names[i], 1, 1);
    shell_wl_warp_begin(&a, 0, 0);
    shell_wl_alu(&a, i + 1);
    shell_wl_exit(&a);
  }
  int rc = wl_round_trip(&a, &b);
  unsigned bad = nn;
  for (unsigned i = 0; !rc && i < nn && bad == nn; i++)
    if (i >= b.nk || strcmp(names[i], b.k[i].name)) bad = i;
  TC_CHECK(t, !rc && b.nk == nn && bad == nn && same_wl(&a, &b),
           "kernel names with blanks, parentheses, a tab, quotes, non-ASCII bytes, a backslash, '#', control bytes, "
           "empty, of %u bytes: written to .wl and read back byte for byte (rc %d, %u kernels, first differing #%d)",
           WL_NAME_MAX, rc, b.nk, bad == nn ? -1 : (int)bad);
  shell_wl_free(&a);
  shell_wl_free(&b);

  /* .traceg: the real trace under a signature with blanks, parentheses, a
   * quote, a tab, a non-ASCII byte and a backslash; then its own long name */
  const char *sig = "void my_kernel<float>(float*, int const) \"q\"\t\xe9\\";
  char path[] = "/tmp/test_shell_XXXXXX.traceg";
  int fd = mkstemps(path, 7);
  FILE *o = fd >= 0 ? fdopen(fd, "w") : NULL, *in = fopen(real, "r");
  char line[4096], first[4096] = "";
  int n = 0;
  while (o && in && fgets(line, sizeof line, in)) {
    if (!n++) {
      snprintf(first, sizeof first, "%s", line + 15); /* after "-kernel name = " */
      first[strcspn(first, "\r\n")] = 0;
      fprintf(o, "-kernel name = %s\n", sig);
    } else
      fputs(line, o);
  }
  if (in) fclose(in);
  if (o) fclose(o);
  shell_wl_t c, d;
  shell_wl_init(&c, 32);
  rc = shell_wl_traceg(&c, path);
  int rt = rc ? -1 : wl_round_trip(&c, &d);
  TC_CHECK(t, !rc && !rt && !strcmp(c.k[0].name, sig) && same_names(&c, &d) && same_wl(&c, &d),
           ".traceg kernel name with blanks, parentheses, quotes, a tab, a non-ASCII byte, a backslash: read whole, "
           "the same after .wl and back (rc %d/%d)", rc, rt);
  remove(path);
  shell_wl_free(&c);
  if (!rt) shell_wl_free(&d);
  shell_wl_init(&c, 32);
  rc = shell_wl_traceg(&c, real);
  rt = rc ? -1 : wl_round_trip(&c, &d);
  TC_CHECK(t, !rc && !rt && strlen(first) > 40 && !strcmp(c.k[0].name, first) && same_names(&c, &d),
           "the real trace's kernel name (%zu bytes) kept whole through .traceg -> .wl -> workload (rc %d/%d)",
           strlen(first), rc, rt);
  shell_wl_free(&c);
  if (!rt) shell_wl_free(&d);
}

static void test_formats(tc_t *t) {
  const char *names[] = {"spmv", "2dconv", "atax"};
  for (unsigned i = 0; i < 3; i++) {
    shell_wl_t a, b;
    shell_wl_init(&a, 32);
    shell_wl_init(&b, 32);
    shell_wl_gen(&a, names[i], "iters=4", 3);
    char path[] = "/tmp/test_shell_XXXXXX.wl";
    int fd = mkstemps(path, 3);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    int ok = f && !shell_wl_write(&a, f);
    if (f) fclose(f);
    ok = ok && !shell_wl_read(&b, path);
    TC_CHECK(t, ok && same_wl(&a, &b), "%s: written in the compact format and read back, record for record", names[i]);
    remove(path);
    shell_wl_free(&a);
    shell_wl_free(&b);
  }
  const char *real = "../shared/traces/accelsim-pow-kernel-593.traceg";
  FILE *probe = fopen(real, "r");
  if (!probe) real = "/work/shared/traces/accelsim-pow-kernel-593.traceg";
  else fclose(probe);
  shell_wl_t w;
  shell_wl_init(&w, 32);
  int rc = shell_wl_traceg(&w, real);
  unsigned ld = 0, st = 0, ex = 0, alu = 0;
  for (uint32_t i = 0; i < w.nrec; i++) {
    ld += w.rec[i].kind == WL_LD;
    st += w.rec[i].kind == WL_ST;
    ex += w.rec[i].kind == WL_EXIT;
    alu += w.rec[i].kind == WL_ALU ? w.rec[i].count : 0;
  }
  TC_CHECK(t, rc == 0 && w.nk == 1 && w.k[0].blocks == 55 && w.k[0].warps == 4 && ld == 440 && st == 440 && ex == 220 &&
                  alu == 220 * 28 && shell_wl_insts(&w) == 220 * 33,
           "real Accel-Sim trace: 55 blocks x 4 warps, per warp 2 LDG + 2 STG + 28 compute + EXIT (got %u/%u/%u/%u)", ld,
           st, alu, ex);
  /* base+stride: the first LDG of warp 0 is 0x7f580face400 + 16 k, rebased */
  const wl_kernel_t *k = &w.k[0];
  const wl_rec_t *r = NULL;
  for (uint32_t i = 0; i < k->wlen[0] && !r; i++)
    if (w.rec[k->wfirst[0] + i].kind == WL_LD) r = &w.rec[k->wfirst[0] + i];
  TC_CHECK(t, r && r->size == 16 && shell_wl_lane(w.pool, r, 5) - shell_wl_lane(w.pool, r, 0) == 80 &&
                  w.addr_base + shell_wl_lane(w.pool, r, 0) == 0x7f580face400ull,
           "real trace: base+stride addresses decompressed (16-byte lanes) and rebased by 0x%llx",
           (unsigned long long)w.addr_base);
  shell_wl_free(&w);
  test_names(t, real);
}

/* The static tags file (--tags, SHELL_TAGS): each line's tag is the one
 * looked up (the loader's bookkeeping leaves no mark on a tag), untagged
 * PCs are ca; a kernel/PC given twice refuses the file (scripts/test_inputs.sh
 * checks its message through every tool). */
static void test_tags(tc_t *t) {
  static const char *files[3] = {"k0_pc1 cg\nk0_pc2 cm # c\n\nk1_pc0 cg\nk1_pc7 ca\nk0_pc0 cm\n",
                                 "k0_pc1 cg\nk1_pc1 cm\nk0_pc01 cg\n",
                                 "k65535_pc16777215 cg\nk0_pc16777215 cm\nk65535_pc0 cg\n"};
  for (int i = 0; i < 3; i++) {
    char path[] = "/tmp/test_shell_XXXXXX.tags";
    int fd = mkstemps(path, 5);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f) {
      fputs(files[i], f);
      fclose(f);
    }
    shell_byp_tags_t g;
    int rc = f ? shell_byp_tags_load(&g, path) : -9;
    if (i == 0)
      TC_CHECK(t, rc == 0 && shell_byp_tag_of(&g, 0, 0) == CHSS_LD_CM && shell_byp_tag_of(&g, 0, 1) == CHSS_LD_CG &&
                      shell_byp_tag_of(&g, 0, 2) == CHSS_LD_CM && shell_byp_tag_of(&g, 0, 3) == CHSS_LD_CA &&
                      shell_byp_tag_of(&g, 1, 0) == CHSS_LD_CG && shell_byp_tag_of(&g, 1, 7) == CHSS_LD_CA &&
                      shell_byp_tag_of(&g, 1, 3) == CHSS_LD_CA && shell_byp_tag_of(&g, 2, 0) == CHSS_LD_CA,
               "tags file: every line's tag looked up as written (k0: cm cg cm ca, k1: cg .. ca), the rest ca (rc %d)", rc);
    else if (i == 1)
      TC_CHECK(t, rc == -1, "tags file: k0_pc1 and k0_pc01 (the same kernel and PC) refused (rc %d)", rc);
    else /* the largest kernel and PC: one entry per line, not a table up to them */
      TC_CHECK(t, rc == 0 && g.n == 3 && shell_byp_tag_of(&g, 65535, 16777215) == CHSS_LD_CG &&
                      shell_byp_tag_of(&g, 0, 16777215) == CHSS_LD_CM && shell_byp_tag_of(&g, 65535, 0) == CHSS_LD_CG &&
                      shell_byp_tag_of(&g, 65535, 16777214) == CHSS_LD_CA && shell_byp_tag_of(&g, 0, 0) == CHSS_LD_CA &&
                      shell_byp_tag_of(&g, 65534, 16777215) == CHSS_LD_CA,
               "tags file: k65535_pc16777215 etc. held as 3 entries (%zu), each looked up, neighbours ca (rc %d)",
               rc ? (size_t)0 : g.n, rc);
    if (!rc) shell_byp_tags_free(&g);
    remove(path);
  }
}

int main(void) {
  tc_t t = TC_INIT("shell");
  test_tags(&t);
  test_coalescer(&t);
  test_coalescer_sectored(&t);
  test_store_mask_sectored(&t);
  test_store_mask(&t);
  test_barrier_and_sched(&t);
  test_lsu_next_slot(&t);
  test_l1_lat_bypass(&t);
  test_scoreboard_teeth(&t);
  test_formats(&t);
  return tc_done(&t);
}
