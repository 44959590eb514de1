/* test_inputs.c -- the input parsers (docs/parameters.md, docs/gpgpusim.md):
 * every GPGPU-Sim dl1 string form, what is refused and the one message it
 * gets, and the config-file rules (numbers, duplicates, NULs, empty files,
 * long lines, other blocks' parameters, escaping). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cfg.h"
#include "gpgpusim_cfg.h"
#include "l1d_gpgpusim.h"
#include "tcheck.h"

/* stderr of the last call captured here (one test at a time) */
typedef struct { char buf[4096]; int saved, fd, nl; } cap_t;

static void cap_begin(cap_t *c) {
  fflush(stderr);
  c->saved = dup(2);
  char path[] = "/tmp/test_inputs_XXXXXX";
  c->fd = mkstemp(path);
  unlink(path);
  dup2(c->fd, 2);
}

static const char *cap_end(cap_t *c) {
  fflush(stderr);
  dup2(c->saved, 2);
  close(c->saved);
  lseek(c->fd, 0, SEEK_SET);
  ssize_t n = read(c->fd, c->buf, sizeof c->buf - 1);
  c->buf[n > 0 ? n : 0] = 0;
  close(c->fd);
  c->nl = 0;
  for (char *p = c->buf; *p; p++)
    if (*p == '\n') c->nl++, *p = p[1] ? '|' : 0; /* one line to print; lines counted */
  return c->buf;
}


/* rc of parsing s as a dl1 string; msg gets stderr */
static int gs(l1sys_cfg_t *cfg, const char *s, cap_t *c) {
  cfg_defaults(cfg);
  cap_begin(c);
  int rc = l1d_parse_gpgpusim(cfg, s);
  cap_end(c);
  return rc;
}

static void test_gpgpusim_forms(tc_t *t) {
  l1sys_cfg_t c;
  cap_t k;
  /* accepted forms: 3.x without and with set index, 4.x N, extra fields, MSHR S */
  TC_CHECK(t, !gs(&c, "32:128:4,L:L:m:N,A:32:8,8", &k) && CFG(&c, L1D_INDEX) == L1D_INDEX_LINEAR, "3.x, 4 policy fields: %s", k.buf);
  TC_CHECK(t, !gs(&c, "32:128:4,L:L:m:N:H,A:32:8,8", &k) && CFG(&c, L1D_INDEX) == L1D_INDEX_FERMI, "3.x with set index");
  TC_CHECK(t, !gs(&c, "N:32:128:4,L:L:m:N:H,S:64:8,8", &k) && CFG(&c, L1D_MSHR_ENTRIES) == 64, "4.x GTX480 (MSHR S)");
  TC_CHECK(t, !gs(&c, "N:32:128:4,L:L:m:N:P,A:32:8,8", &k) && CFG(&c, L1D_INDEX) == L1D_INDEX_IPOLY, "set index P (IPOLY, 32 sets): %s", k.buf);
  TC_CHECK(t, !gs(&c, "N:64:128:6,L:L:m:N:P,A:32:8,8", &k) && CFG(&c, L1D_INDEX) == L1D_INDEX_IPOLY, "set index P (IPOLY, 64 sets)");
  TC_CHECK(t, !gs(&c, "N:4:128:48,L:L:m:N:X,A:64:32,64", &k) && CFG(&c, L1D_INDEX) == L1D_INDEX_XOR, "set index X (bitwise XOR, 4 sets)");
  TC_CHECK(t, !gs(&c, "N:64:128:6,F:T:f:N:L,A:16:4,16:0", &k) && CFG(&c, L1D_MISSQ) == 16 &&
                  CFG(&c, L1D_REPL) == L1D_REPL_FIFO && CFG(&c, L1D_WRITE) == L1D_WRITE_THROUGH &&
                  CFG(&c, L1D_ALLOC) == L1D_ALLOC_ON_FILL && CFG(&c, L1D_WAYS) == 6, "miss queue:result fifo");
  TC_CHECK(t, !gs(&c, "N:64:128:6,L:E:m:N:L,A:16:4,16:0,128", &k), "data port = line size");
  TC_CHECK(t, !gs(&c, "N:64:128:6,L:E:m:N:L,A:16:4,16:0,0", &k), "data port 0 (GPGPU-Sim: line size)");
  TC_CHECK(t, !gs(&c, "4:128:48,L:L:m:N:L,A:64:32,64", &k) && CFG(&c, L1D_WAYS) == 48, "48 ways");
  /* GPGPU-Sim 4's sectored streaming L1Ds (Kepler ... Turing), 32-byte data port */
  TC_CHECK(t, !gs(&c, "S:4:128:32,L:L:s:N:L,A:256:8,16:0,32", &k) && CFG(&c, L1D_SECTORS) == 4 &&
                  CFG(&c, L1D_ALLOC) == L1D_ALLOC_ON_FILL && CFG(&c, L1D_MSHR_ENTRIES) == 256 && CFG(&c, L1D_MISSQ) == 16,
           "Kepler S:4:128:32 streaming: 4 sectors, on fill, 256 entries: %s", k.buf);
  TC_CHECK(t, !gs(&c, "S:1:128:512,L:L:s:N:L,A:256:8,16:0,32", &k) && CFG(&c, L1D_WAYS) == 512 && CFG(&c, L1D_SETS) == 1,
           "Turing S:1:128:512: one set of 512 ways");
  TC_CHECK(t, !gs(&c, "N:1:128:512,L:L:m:N:L,A:64:8,16", &k) && CFG(&c, L1D_SECTORS) == 1, "a line cache of 512 ways");
  /* refused: one line naming the field */
  struct { const char *s, *want; } bad[] = {
      {"S:4:64:32,L:L:s:N:L,A:256:8,16:0,32", "field line: 64 with type S; expected 128"},
      {"N:4:128:2048,L:L:m:N:L,A:64:8,16:0,128", "field assoc: 2048: the L1D supports an integer in [1, 1024] (parameter L1D_WAYS)"},
      {"S:4:128:32,L:L:s:N:L,T:256:8,16:0,32", "field mshr: T (texture-cache FIFO)"},
      {"N:32:128:4,L:L:x:N:H,A:32:8,8", "field alloc: 'x'"},
      {"N:32:128:4,L:B:m:N:H,A:32:8,8", "field wr: B (write-back)"},
      {"N:32:128:4,L:R:m:N:H,A:32:8,8", "field wr: R (read-only)"},
      {"N:32:128:4,L:L:m:W:H,A:32:8,8", "field wr_alloc: W (write-allocate)"},
      {"N:128:128:4,L:L:m:N:P,A:32:8,8", "field set_idx: P (IPOLY) with 128 sets; expected 16, 32 or 64 sets"},
      {"N:8:128:4,L:L:m:N:P,A:32:8,8", "field set_idx: P (IPOLY) with 8 sets; expected 16, 32 or 64 sets"},
      {"N:32:128:4,L:L:m:N:C,A:32:8,8", "field set_idx: C (custom hash"},
      {"N:32:128:4,L:L:m:N:Q,A:32:8,8", "field set_idx: 'Q' is not a GPGPU-Sim value here"},
      {"N:32:128:4,L:L:m:N:H,F:32:8,8:4", "field mshr: F (texture-cache FIFO)"},
      {"N:32:128:4,L:L:m:N:H,A:2048:8,8", "field entries: 2048"},
      {"N:32:128:4,L:L:m:N:H,A:32:8,8:0,32", "field data_port: 32 bytes per cycle"},
      {"N:32:100:4,L:L:m:N:H,A:32:8,8", "field line: 100"},
      {"N:32:128:4,X:L:m:N:H,A:32:8,8", "field rep: 'X'"},
      {"Q:32:128:4,L:L:m:N:H,A:32:8,8", "field type: 'Q'"},
      {"N:32:128:4,L:L:m:N:H,A:32:8", "field (form)"},
      {"N:32:128:4,L:L:m:N:H,A:32:8,8,9", "field (form)"},
      {"N:32:128:4,L:L:m:N:H,A:32:8,8:0:0", "field (form)"},
      {"N:32:128:4,LL:L:m:N:H,A:32:8,8", "field rep: 'LL' is not one letter"},
      {"N:032:128:4,L:L:m:N:H,A:32:8,8", "field nsets: '032' is not a number"},
      {"N:-32:128:4,L:L:m:N:H,A:32:8,8", "field nsets: '-32' is not a number"},
      {"N:99999999999999999999:128:4,L:L:m:N:H,A:32:8,8", "field nsets: '99999999999999999999' is not a number"},
      {"N::128:4,L:L:m:N:H,A:32:8,8", "an empty field"},
      {"", "field (form)"},
      {"none", "'none'"},
      {"N:32:128:4,L:L:m:N:H,A:32:8,8\x01", "field miss_queue: '8\\x01' is not a number"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int rc = gs(&c, bad[i].s, &k);
    TC_CHECK(t, rc == -1 && strstr(k.buf, bad[i].want) && k.nl == 1 && !strncmp(k.buf, "error: ", 7),
             "'%s' refused with one line containing '%s' (got: %s)", bad[i].s, bad[i].want, k.buf);
  }
}

static int load_text(l1sys_cfg_t *c, const char *text, size_t n, cap_t *k) {
  cap_begin(k);
  int rc = cfg_load_text(c, text, n, "t.cfg");
  cap_end(k);
  return rc;
}

static void test_cfg_rules(tc_t *t) {
  l1sys_cfg_t c;
  cap_t k;
  long long v;
  TC_CHECK(t, !cfg_parse_number("0", &v) && v == 0, "0");
  TC_CHECK(t, !cfg_parse_number("0x1F", &v) && v == 31, "hex");
  TC_CHECK(t, cfg_parse_number("010", &v) == -1, "octal refused");
  TC_CHECK(t, cfg_parse_number("+5", &v) == -1 && cfg_parse_number("-5", &v) == -1, "signs refused");
  TC_CHECK(t, cfg_parse_number("0x", &v) == -1 && cfg_parse_number("", &v) == -1, "empty refused");
  TC_CHECK(t, cfg_parse_number("9223372036854775808", &v) == -1, "overflow refused");
  TC_CHECK(t, !cfg_parse_number("9223372036854775807", &v), "largest accepted");
  struct { const char *text; size_t n; const char *want; } bad[] = {
      {"FIFO_DEPTH=4\nFIFO_DEPTH=5\n", 0, "t.cfg:2: parameter FIFO_DEPTH set a second time (first at t.cfg:1)"},
      {"FIFO_DEPTH=010\n", 0, "octal is not accepted"},
      {"FIFO_DEPTH=4\0\n", 14, "t.cfg:1: NUL byte at column 13"},
      {"", 0, "empty"},
      {" \n\t\n", 0, "empty"},
      {"FIFO_DEPTH\n", 0, "t.cfg:1: 'FIFO_DEPTH' is not NAME=VALUE"},
      {"FIFO_DEPTH=\x1b[31m\n", 0, "'\\x1b[31m'"},
      {"\xff\xfe=1\n", 0, "unknown parameter '\\xff\\xfe'"},
      {"L1D_GPGPUSIM=N:32:128:4,L:L:m:N:H,A:32:8,8\nL1D_SETS=64\n", 0, "t.cfg:2: parameter L1D_SETS set a second time (first at t.cfg:1 (GPGPU-Sim field nsets))"},
      {"FIFO_DEPTH=1 2\n", 0, "FIFO_DEPTH='1 2'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cfg_defaults(&c);
    int rc = load_text(&c, bad[i].text, bad[i].n ? bad[i].n : strlen(bad[i].text), &k);
    TC_CHECK(t, rc == -1 && strstr(k.buf, bad[i].want) && k.nl == 1, "config text %zu refused with '%s' (got: %s)",
             i, bad[i].want, k.buf);
  }
  /* a comment line far longer than any buffer, then an error: the right line number */
  size_t n = 100000;
  char *big = malloc(n + 64);
  big[0] = '#';
  memset(big + 1, 'x', n - 1);
  strcpy(big + n, "\nFIFO_DEPTH=4\nNOPE=1\n");
  cfg_defaults(&c);
  TC_CHECK(t, load_text(&c, big, strlen(big), &k) == -1 && strstr(k.buf, "t.cfg:3: unknown parameter 'NOPE'") &&
                  CFG(&c, FIFO_DEPTH) == 4, "a 100000-byte comment line is fine; error at line 3 (got: %s)", k.buf);
  memset(big, 'A', n);
  strcpy(big + n, "=1\n");
  cfg_defaults(&c);
  TC_CHECK(t, load_text(&c, big, strlen(big), &k) == -1 && strstr(k.buf, "t.cfg:1: assignment of 100002 bytes"),
           "an over-long assignment refused at its line (got: %s)", k.buf);
  free(big);
  cfg_defaults(&c);
  TC_CHECK(t, !load_text(&c, "# only comments: the defaults\n", 30, &k), "a file of comments only is the defaults");
  TC_CHECK(t, !load_text(&c, "FIFO_DEPTH = 0x10\r\nFIFO_WIDTH=7 # c\r\n", 37, &k) && CFG(&c, FIFO_DEPTH) == 16,
           "CRLF lines (%s)", k.buf);
  /* later sources override; one source may not repeat */
  cfg_defaults(&c);
  cap_begin(&k);
  int r1 = cfg_load_text(&c, "FIFO_DEPTH=4\n", 13, "a.cfg"), r2 = cfg_load_text(&c, "FIFO_DEPTH=5\n", 13, "b.cfg");
  cfg_source_begin(&c);
  int r3 = cfg_set(&c, "FIFO_DEPTH=6", "--set #1"), r4 = cfg_set(&c, "FIFO_DEPTH=7", "--set #2");
  cap_end(&k);
  TC_CHECK(t, !r1 && !r2 && !r3 && r4 == -1 && CFG(&c, FIFO_DEPTH) == 6 && strstr(k.buf, "first at --set #1"),
           "files then --set override, --set twice refused (%s)", k.buf);
  /* other blocks' parameters */
  cfg_defaults(&c);
  cap_begin(&k);
  int s1 = cfg_set(&c, "L1D_SETS=64", "x.cfg:3");
  int b1 = cfg_check_block(&c, "fifo_sync"), b2 = cfg_check_block(&c, "l1d");
  cap_end(&k);
  TC_CHECK(t, !s1 && b1 == -1 && !b2 && strstr(k.buf, "x.cfg:3: parameter L1D_SETS belongs to block l1d, not to block fifo_sync"),
           "another block's parameter named with its block (%s)", k.buf);
  char e[32];
  TC_CHECK(t, !strcmp(cfg_escape("a\nb\\", 4, e, sizeof e), "a\\x0ab\\\\"), "escape: %s", e);
  TC_CHECK(t, strlen(cfg_escape("0123456789012345678901234567890123456789", 40, e, sizeof e)) < sizeof e &&
                  strstr(e, "..."), "escape cuts long values: %s", e);
}

static void test_gpgpusim_file(tc_t *t) {
  l1sys_cfg_t c;
  cap_t k;
  char rep[4096];
  gpgpusim_rep_t *gr = malloc(sizeof *gr);
  if (!gr) { TC_CHECK(t, 0, "out of memory"); return; }
  const char *ok = "# GTX480\n-gpgpu_n_clusters 15\n-gpgpu_cache:dl1  N:32:128:4,L:L:m:N:H,S:64:8,8 # L1\n"
                   "-gpgpu_dram_timing_opt \"nbk=16:CCD=2:\n      CL=12\"\n-gpgpu_l1_latency 35\n";
  cfg_defaults(&c);
  cap_begin(&k);
  int rc = gpgpusim_cfg_load_text(&c, ok, strlen(ok), "g.config", GPGPUSIM_L1D, gr);
  gpgpusim_rep_line(gr, rep, sizeof rep);
  cap_end(&k);
  TC_CHECK(t, !rc && CFG(&c, L1D_MSHR_ENTRIES) == 64 && strstr(rep, "used 1 option: -gpgpu_cache:dl1") &&
                  strstr(rep, "(line 3)") && strstr(rep, "ignored 3") && strstr(rep, "-gpgpu_dram_timing_opt"),
           "a config with a quoted two-line value: %s %s", rep, k.buf);
  struct { const char *text; const char *want; } bad[] = {
      {"-gpgpu_n_clusters 15\n", "no -gpgpu_cache:dl1 option"},
      {"", "no options"},
      {"# nothing\n", "no options"},
      {"gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n", "g.config:1: 'gpgpu_cache:dl1' is not an option"},
      {"-gpgpu_cache:dl1\n", "g.config:1: option -gpgpu_cache:dl1 has no value"},
      {"-a 1\n-b \"x\n\n", "g.config:2: a '\"' opened here is never closed"},
      {"-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:32:8,8\n-x 1\n-gpgpu_cache:dl1 N:64:128:4,L:L:m:N:H,A:32:8,8\n",
       "g.config:3: option -gpgpu_cache:dl1 given a second time (first at line 1)"},
      {"-a 1\n-gpgpu_cache:dl1 S:4:128:96,L:L:s:N:L,F:256:8,16:0,32\n", "g.config:2 -gpgpu_cache:dl1: GPGPU-Sim cache config"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cfg_defaults(&c);
    cap_begin(&k);
    rc = gpgpusim_cfg_load_text(&c, bad[i].text, strlen(bad[i].text), "g.config", GPGPUSIM_L1D, gr);
    cap_end(&k);
    TC_CHECK(t, rc == -1 && strstr(k.buf, bad[i].want) && k.nl == 1, "gpgpusim text %zu refused with '%s' (got: %s)",
             i, bad[i].want, k.buf);
  }
  const char nul[] = "-a 1\n-b 2\0\n";
  cfg_defaults(&c);
  cap_begin(&k);
  rc = gpgpusim_cfg_load_text(&c, nul, sizeof nul - 1, "g.config", GPGPUSIM_L1D, gr);
  cap_end(&k);
  TC_CHECK(t, rc == -1 && strstr(k.buf, "g.config:2: NUL byte"), "NUL byte at its line (%s)", k.buf);

  /* the whole GPU (scope GPGPUSIM_GPU): each shape option into its parameter */
  const char *gpu = "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n-gpgpu_n_clusters 5\n-gpgpu_n_cores_per_cluster 3\n"
                    "-gpgpu_n_mem 6\n-gpgpu_n_sub_partition_per_mchannel 2\n-gpgpu_clock_domains 700.0:800.5:700.0:924.0\n"
                    "-gpgpu_shader_core_pipeline 1536:32\n-gpgpu_shader_cta 8\n-gpgpu_scheduler lrr\n-icnt_flit_size 40\n"
                    "-gpgpu_l2_rop_latency 120\n-dram_latency 100\n-gpgpu_n_mem_per_ctrlr 2\n-gpgpu_dram_buswidth 4\n"
                    "-gpgpu_dram_burst_length 8\n-dram_data_command_freq_ratio 4\n-gpgpu_dram_partition_queues 64:32:16:48\n"
                    "-gpgpu_frfcfs_dram_sched_queue_size 0\n-gpgpu_dram_return_queue_size 77\n"
                    "-network_mode 2\n-icnt_out_buffer_limit 300\n"
                    "-gpgpu_cache:dl2 S:64:128:8,L:B:m:L:P,A:256:4,4:0,32\n-gpgpu_num_sched_per_core 2\n-ptx_x 1\n";
  cfg_defaults(&c);
  cap_begin(&k);
  rc = gpgpusim_cfg_load_text(&c, gpu, strlen(gpu), "g.config", GPGPUSIM_GPU, gr);
  gpgpusim_rep_line(gr, rep, sizeof rep);
  cap_end(&k);
  TC_CHECK(t, !rc && CFG(&c, SHELL_SMS) == 15 && CFG(&c, SHELL_L2_BANKS) == 12 && CFG(&c, SHELL_L2_SUBP) == 2 &&
                  CFG(&c, SHELL_CLK_ICNT) == 800500 && CFG(&c, SHELL_CLK_DRAM) == 924000 && CFG(&c, SHELL_WARPS) == 48 &&
                  CFG(&c, SHELL_TBS) == 8 && CFG(&c, SHELL_SCHED) == SHELL_SCHED_LRR && CFG(&c, SHELL_FLIT) == 40 &&
                  CFG(&c, SHELL_L2_ROP_LAT) == 120 && CFG(&c, SHELL_DRAM_LAT) == 100 && CFG(&c, SHELL_DRAM_CHIPS) == 2 &&
                  CFG(&c, SHELL_L2_Q) == 64 && CFG(&c, SHELL_DRAM_Q) == 32 && CFG(&c, SHELL_L2_RSPQ) == 48 &&
                  CFG(&c, SHELL_DRAM_SCHEDQ) == 0 && CFG(&c, SHELL_DRAM_RETQ) == 77 && CFG(&c, SHELL_XBAR_BQ) == 300 &&
                  CFG(&c, SHELL_L2_SETS) == 64 && CFG(&c, SHELL_L2_WAYS) == 8 &&
                  CFG(&c, SHELL_L2_WRITE) == SHELL_L2_WRITE_BACK && CFG(&c, SHELL_L2_SET_IDX) == SHELL_L2_SET_IDX_IPOLY &&
                  strstr(rep, "ignored 2 options: -gpgpu_num_sched_per_core -ptx_x"),
           "a whole GPU read into the shell's parameters: %s %s", rep, k.buf);
  struct { const char *opt, *val, *want; } gbad[] = {
      {"-gpgpu_n_clusters", "0", "g.config:2: -gpgpu_n_clusters : '0' is not an integer in 1..1024"},
      {"-gpgpu_n_clusters", "-4", "g.config:2: -gpgpu_n_clusters : '-4' is not an integer"},
      {"-gpgpu_n_clusters", "four", "'four' is not an integer"},
      {"-gpgpu_n_clusters", "99999999999999999999999", "is not an integer"},
      {"-gpgpu_n_clusters", "200", "g.config:2 -gpgpu_n_clusters: parameter SHELL_SMS=200: expected"},
      {"-icnt_flit_size", "0", "g.config:2: -icnt_flit_size : '0' is not an integer in 1..100000"},
      {"-icnt_flit_size", "4", "parameter SHELL_FLIT=4: expected"},
      {"-gpgpu_l2_rop_latency", "x1", "'x1' is not an integer"},
      {"-dram_latency", "0", "parameter SHELL_DRAM_LAT=0: expected"},
      {"-gpgpu_clock_domains", "700.0:700.0:700.0", "g.config:2: -gpgpu_clock_domains '700.0:700.0:700.0': expected <core>"},
      {"-gpgpu_clock_domains", "700.0:0:700.0:924.0", "clock '0' is not a frequency in MHz"},
      {"-gpgpu_clock_domains", "700.0:-7:700.0:924.0", "clock '-7' is not a frequency"},
      {"-gpgpu_shader_core_pipeline", "1536:16", "warp size: '16' is not an integer in 32..32"},
      {"-gpgpu_shader_core_pipeline", "1540:32", "not a whole number of 32-thread warps"},
      {"-gpgpu_scheduler", "two_level_active:6:0:1", "the shell models gto and lrr"},
      {"-gpgpu_dram_partition_queues", "64:64:64", "expected <icnt->L2>"},
      {"-gpgpu_dram_partition_queues", "64:0:64:64", "queue: '0' is not an integer"},
      {"-gpgpu_frfcfs_dram_sched_queue_size", "-1", "g.config:2: -gpgpu_frfcfs_dram_sched_queue_size : '-1' is not an integer in 0..4096"},
      {"-gpgpu_frfcfs_dram_sched_queue_size", "99999999999999999999", "is not an integer in 0..4096"},
      {"-gpgpu_dram_return_queue_size", "5000", "g.config:2: -gpgpu_dram_return_queue_size : '5000' is not an integer in 0..4096"},
      {"-gpgpu_dram_return_queue_size", "1x6", "'1x6' is not an integer"},
      {"-network_mode", "3", "g.config:2: -network_mode : '3' is not an integer in 1..2"},
      {"-network_mode", "2\n-icnt_out_buffer_limit 1", "g.config:3: -icnt_out_buffer_limit : '1' is not an integer in 2..512"},
      {"-network_mode", "2\n-icnt_out_buffer_limit 4096", "g.config:3: -icnt_out_buffer_limit : '4096' is not an integer in 2..512"},
      {"-network_mode", "2\n-icnt_out_buffer_limit -8", "is not an integer in 2..512"},
      {"-gpgpu_cache:dl2", "S:64:128:8,L:B:m:L", "field the string"},
      {"-gpgpu_cache:dl2", "S:64:64:8,L:B:m:L:L,A:256:4,4:0,32", "field line: expected the L1D's line size"},
      {"-gpgpu_cache:dl2", "S:63:128:8,L:B:m:L:L,A:256:4,4:0,32", "parameter SHELL_L2_SETS=63: expected"},
      {"-gpgpu_cache:dl2", "S:64:128:8,F:B:m:L:L,A:256:4,4:0,32", "field rep: expected L (LRU)"},
      {"-gpgpu_cache:dl2", "S:64:128:8,L:E:m:L:L,A:256:4,4:0,32", "field wr: expected B"},
      {"-gpgpu_cache:dl2", "S:64:128:8,L:B:m:N:L,A:256:4,4:0,32", "field wr_alloc: expected L, W or F with B"},
      {"-gpgpu_cache:dl2", "S:64:128:8,L:B:m:L:H,A:256:4,4:0,32", "field set_idx: expected L (linear) or P (IPOLY)"},
      {"-gpgpu_cache:dl2", "X:64:128:8,L:B:m:L:L,A:256:4,4:0,32", "field type: expected N"},
  };
  for (size_t i = 0; i < sizeof gbad / sizeof gbad[0]; i++) {
    char text[512];
    snprintf(text, sizeof text, "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n%s %s\n", gbad[i].opt, gbad[i].val);
    cfg_defaults(&c);
    cap_begin(&k);
    rc = gpgpusim_cfg_load_text(&c, text, strlen(text), "g.config", GPGPUSIM_GPU, gr);
    cap_end(&k);
    TC_CHECK(t, rc == -1 && strstr(k.buf, gbad[i].want) && k.nl == 1, "GPU option %s %s refused with '%s' (got: %s)",
             gbad[i].opt, gbad[i].val, gbad[i].want, k.buf);
  }
  free(gr);
}

/* Several files read together (Accel-Sim's -config gpgpusim.config -config
 * trace.config): one source, each option once over all of them. */
static int load2(l1sys_cfg_t *c, cap_t *k, gpgpusim_rep_t *gr, const char *a, const char *b) {
  const char *bufs[2] = {a, b}, *names[2] = {"a.config", "b.config"};
  const size_t lens[2] = {strlen(a), strlen(b)};
  cfg_defaults(c);
  cap_begin(k);
  int rc = gpgpusim_cfg_load_texts(c, bufs, lens, names, 2, GPGPUSIM_GPU, gr);
  cap_end(k);
  return rc;
}

static void test_gpgpusim_files(tc_t *t) {
  l1sys_cfg_t c;
  cap_t k;
  char rep[4096];
  gpgpusim_rep_t *gr = malloc(sizeof *gr);
  if (!gr) { TC_CHECK(t, 0, "out of memory"); return; }
  const char *g = "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n-gpgpu_n_clusters 5\n";
  const char *tr = "# trace.config\n-trace_opcode_latency_initiation_int 2,2\n-gpgpu_n_cores_per_cluster 3\n"
                   "-specialized_unit_1 1,4,4,4,4,BRA\n";
  int rc = load2(&c, &k, gr, g, tr);
  gpgpusim_rep_line(gr, rep, sizeof rep);
  int why = 0, src = 0;
  for (unsigned q = 0; q < gr->n; q++)
    if (!strcmp(gr->e[q].opt, "-trace_opcode_latency_initiation_int"))
      why = !gr->e[q].used && strstr(gr->e[q].note, "Accel-Sim's per-opcode latency") != NULL, src = gr->e[q].src == 1;
  TC_CHECK(t, !rc && CFG(&c, SHELL_SMS) == 15 && gr->nfiles == 2 && !strcmp(gr->file, "a.config + b.config") &&
                  strstr(rep, "-gpgpu_n_cores_per_cluster 3 (b.config:3)") && strstr(rep, "(a.config:1)") && why && src,
           "two files read together: clusters from one, cores per cluster from the other (15 SMs), trace.config's "
           "options ignored with why, each option's file: %s %s", rep, k.buf);
  struct { const char *a, *b, *want; } bad[] = {
      {g, "-gpgpu_n_clusters 6\n", "b.config:1: option -gpgpu_n_clusters given a second time (first at a.config:2)"},
      {"-gpgpu_n_clusters 5\n", "-x 1\n", "GPGPU-Sim config 'a.config + b.config': no -gpgpu_cache:dl1 option"},
      {g, "# only comments\n", "GPGPU-Sim config 'b.config': no options"},
      {g, "-config other.config\n", "b.config:1: option -config (a nested GPGPU-Sim config) is not followed"},
      {"-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8\n-x\n", "1\n-y 2\n", "a.config:2: option -x has no value"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    rc = load2(&c, &k, gr, bad[i].a, bad[i].b);
    TC_CHECK(t, rc == -1 && strstr(k.buf, bad[i].want) && k.nl == 1, "two files, case %zu refused with '%s' (got: %s)",
             i, bad[i].want, k.buf);
  }
  const char *bufs[GPGPUSIM_FILES_MAX + 1], *names[GPGPUSIM_FILES_MAX + 1];
  size_t lens[GPGPUSIM_FILES_MAX + 1];
  for (int i = 0; i <= GPGPUSIM_FILES_MAX; i++) bufs[i] = g, names[i] = "x.config", lens[i] = strlen(g);
  cfg_defaults(&c);
  cap_begin(&k);
  rc = gpgpusim_cfg_load_texts(&c, bufs, lens, names, GPGPUSIM_FILES_MAX + 1, GPGPUSIM_GPU, gr);
  cap_end(&k);
  TC_CHECK(t, rc == -1 && strstr(k.buf, "9 GPGPU-Sim configs; expected 1 to 8") && k.nl == 1, "nine files refused (%s)", k.buf);
  free(gr);
}

int main(void) {
  tc_t t = TC_INIT("inputs");
  test_gpgpusim_forms(&t);
  test_cfg_rules(&t);
  test_gpgpusim_file(&t);
  test_gpgpusim_files(&t);
  return tc_done(&t);
}
