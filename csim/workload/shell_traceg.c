/* shell_traceg.c -- reader for Accel-Sim .traceg traces as the NVBit tracer
 * writes them (tracer versions 3..5; docs/shell.md, "Accel-Sim traces"),
 * plain or compressed (.traceg.xz, through xz), and for the kernel lists
 * (kernelslist.g) that name them (at the end of the file).
 *
 *   -key = value header lines (grid dim, block dim, accelsim tracer version,
 *   enable lineinfo are used), '#' comment lines, then per thread block:
 *   #BEGIN_TB / thread block = x,y,z / { warp = n / insts = m / m lines } / #END_TB
 *   line: [x y z warp (version < 3)] [line_num (lineinfo)] PC MASK NDST [Rd]
 *         OPCODE NSRC [Rs...] MEMWIDTH [MODE ADDRS] [IMM (version >= 4)]
 *   MODE 0 list (one hex address per active lane), 1 base+stride
 *   (k-th active lane: base + k*stride), 2 base+delta (first active lane
 *   base, each further one the previous + delta: popcount-1 deltas).
 *
 * Replay: LDG/LD global loads and STG/ST stores with their addresses; BAR
 * barriers; the EXIT that ends a warp's stream (a stream without one gets
 * one); every other instruction is one compute instruction.  Memory opcodes
 * of other spaces (LDS, STL, ATOM, ...) are replayed as compute and counted
 * per opcode (shell_wl_report_unsupported), never dropped silently.
 * Addresses are rebased: base = the kernel's first global address rounded
 * down to 256 MiB; every address must fall in [base, base + 2^addr_w). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cfg.h"
#include "shell_wl.h"
#include "popcnt.h"

/* Header lines (-key = value) a trace may have: the tracer writes 13. */
#define TG_HDR_MAX 64u

typedef struct {
  const char *path;
  unsigned line;
} tg_t;

/* One "error: FILE:LINE: ..." line; the file name and the text quoted from
 * the input are escaped (cfg_escape: no raw control bytes on a terminal). */
static int terr(const tg_t *t, const char *fmt, const char *a) {
  char p[300], e[300];
  fprintf(stderr, "error: %s:%u: ", cfg_escape(t->path, strlen(t->path), p, sizeof p), t->line);
  fprintf(stderr, fmt, cfg_escape(a, strlen(a), e, sizeof e));
  fprintf(stderr, "\n");
  return -1;
}

/* A decimal number at *p (digits only, no sign), at most max; advances *p.
 * 0, or -1 (nothing printed) when there is none or it is larger. */
static int dec(const char **p, unsigned long long max, unsigned long long *v) {
  const char *s = *p;
  unsigned long long x = 0;
  if (!isdigit((unsigned char)*s)) return -1;
  for (; isdigit((unsigned char)*s); s++) {
    unsigned d = (unsigned)(*s - '0');
    if (x > (max - d) / 10) return -1;
    x = x * 10 + d;
  }
  *p = s;
  *v = x;
  return 0;
}

static const char *skipsp(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

/* "<prefix> = N" with N decimal in [0, max] and nothing after it: 1 and *v;
 * 0 when the line is not this key; -1 (printed) when the value is bad. */
static int key_num(const tg_t *t, const char *line, const char *key, unsigned long long max, const char *what,
                   unsigned long long *v) {
  size_t n = strlen(key);
  if (strncmp(line, key, n)) return 0;
  const char *s = skipsp(line + n);
  if (*s != '=') return 0;
  s = skipsp(s + 1);
  if (dec(&s, max, v) || *skipsp(s)) {
    char b[160];
    snprintf(b, sizeof b, "bad count: '%%s': expected %s, a decimal integer in [0, %llu]", what, max);
    return terr(t, b, line);
  }
  return 1;
}

/* "<prefix> = (X,Y,Z)" (or "= X,Y,Z" when paren is 0): 1 and v[3]; 0 when the
 * line is not this key; -1 (printed) when the values are bad. */
static int key_dim3(const tg_t *t, const char *line, const char *key, int paren, unsigned long long max,
                    unsigned long long *v) {
  size_t n = strlen(key);
  if (strncmp(line, key, n)) return 0;
  const char *s = skipsp(line + n);
  int ok = *s == '=';
  if (ok) s = skipsp(s + 1);
  /* a separator is stepped over only when it is there: never past the
   * line's NUL (fuzz finding: '-block dim =' then blanks to the end of the
   * buffer read one byte past it) */
  if (ok && paren && (ok = *s == '(')) s = skipsp(s + 1);
  for (int i = 0; ok && i < 3; i++) {
    ok = !dec(&s, max, &v[i]);
    s = skipsp(s);
    if (ok && i < 2 && (ok = *s == ',')) s = skipsp(s + 1);
  }
  if (ok && paren && (ok = *s == ')')) s = skipsp(s + 1);
  if (!ok || *s) {
    char b[160];
    snprintf(b, sizeof b, "bad count: '%%s': expected %s = %sX,Y,Z%s with decimal X, Y, Z in [0, %llu]", key,
             paren ? "(" : "", paren ? ")" : "", max);
    return terr(t, b, line);
  }
  return 1;
}

static int opcode_ok(const char *s) {
  if (!isupper((unsigned char)*s)) return 0;
  for (const char *p = s; *p; p++) {
    if (*p == '.') {
      if (!p[1] || p[1] == '.') return 0;
      continue;
    }
    if (!isupper((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '_') return 0;
  }
  return 1;
}

/* Access size from the opcode (as Accel-Sim: a numeric field is bits, U<n>
 * too; default 4 bytes), clamped to the shell's 1..16. */
static unsigned op_size(const char *op) {
  char b[64];
  snprintf(b, sizeof b, "%s", op);
  for (char *t = strtok(b, "."); t; t = strtok(NULL, ".")) {
    const char *d = t[0] == 'U' ? t + 1 : t;
    if (*d && strspn(d, "0123456789") == strlen(d)) {
      unsigned bits = (unsigned)atoi(d), by = bits / 8;
      if (by >= 16) return 16;
      if (by >= 8) return 8;
      if (by >= 4) return 4;
      if (by >= 2) return 2;
      return 1;
    }
  }
  return 4;
}

static void count_unsup(shell_wl_t *w, const char *op) {
  char base[32];
  snprintf(base, sizeof base, "%.*s", (int)strcspn(op, "."), op);
  for (uint32_t i = 0; i < w->nunsup; i++)
    if (!strcmp(w->unsup[i].op, base)) { w->unsup[i].n++; return; }
  if (w->nunsup < 64) {
    snprintf(w->unsup[w->nunsup].op, sizeof w->unsup[0].op, "%s", base);
    w->unsup[w->nunsup++].n = 1;
  } else
    w->unsup_other++;
}

static int parse_u(const tg_t *t, const char *s, int base, unsigned long long max, const char *what,
                   unsigned long long *v) {
  char *e;
  errno = 0;
  if (!s) return terr(t, "truncated line: %s missing", what);
  unsigned long long x = strtoull(s, &e, base);
  if (!isxdigit((unsigned char)*s) || *e || errno || x > max) return terr(t, "bad count: %s", what);
  *v = x;
  return 0;
}

/* One instruction line into the open warp.  tok[] are the fields. */
static int inst_line(shell_wl_t *w, const tg_t *t, char **tok, int nt, unsigned ver, unsigned lineinfo) {
  int i = 0;
  unsigned long long v;
#define NEXT(what) (i < nt ? tok[i++] : (terr(t, "truncated line: %s missing", what), (char *)NULL))
  if (ver < 3) i += 4;
  if (lineinfo) i += 1;
  if (i > nt) return terr(t, "truncated line: %s", "thread-block/line-number fields missing");
  const char *s;
  if (!(s = NEXT("PC")) || parse_u(t, s, 16, 0xffffffffull, "PC (hex, below 2^32)", &v)) return -1;
  const uint32_t pc = (uint32_t)v; /* the load's static site (wl_rec_t.site): the static flow keys by it */
  if (!(s = NEXT("active mask"))) return -1;
  if (strlen(s) > 8 || parse_u(t, s, 16, 0xffffffffull, "active mask (8 hex digits)", &v)) {
    if (strlen(s) > 8) terr(t, "bad count: active mask '%s' wider than 32 lanes", s);
    return -1;
  }
  uint32_t mask = (uint32_t)v;
  if (!(s = NEXT("destination count")) || parse_u(t, s, 10, 4, "destination count (0..4)", &v)) return -1;
  for (unsigned k = 0; k < v; k++) {
    if (!(s = NEXT("destination register"))) return -1;
    if (s[0] != 'R' && s[0] != 'P' && s[0] != 'U') return terr(t, "bad destination register '%s'", s);
  }
  const char *op = NEXT("opcode");
  if (!op) return -1;
  if (!opcode_ok(op)) return terr(t, "unknown opcode '%s' (not a SASS opcode: upper-case fields joined by '.')", op);
  if (!(s = NEXT("source count")) || parse_u(t, s, 10, 8, "source count (0..8)", &v)) return -1;
  for (unsigned k = 0; k < v; k++) {
    if (!(s = NEXT("source register"))) return -1;
    if (s[0] != 'R' && s[0] != 'P' && s[0] != 'U') return terr(t, "bad source register '%s'", s);
  }
  if (!(s = NEXT("memory width")) || parse_u(t, s, 10, 1024, "memory width (bytes)", &v)) return -1;
  unsigned memw = (unsigned)v;
  uint32_t lane[WL_LANES] = {0};
  unsigned n = popcnt64(mask);
  wl_kernel_t *kk = &w->k[w->nk - 1];
  if (kk->wlen[w->open] && w->rec[w->nrec - 1].kind == WL_ALU) w->rec[w->nrec - 1].size = 0; /* not the last EXIT */
  if (memw) {
    if (!(s = NEXT("address mode")) || parse_u(t, s, 10, 2, "address mode (0 list, 1 base+stride, 2 base+delta)", &v))
      return -1;
    unsigned mode = (unsigned)v;
    unsigned long long a[WL_LANES];
    if (mode == 0) {
      for (unsigned k = 0; k < n; k++)
        if (!(s = NEXT("address")) || parse_u(t, s, 16, ~0ull, "address (hex)", &a[k])) return -1;
    } else {
      if (!(s = NEXT("base address")) || parse_u(t, s, 16, ~0ull, "base address (hex)", &a[0])) return -1;
      long long st = 0;
      for (unsigned k = 1; k < n || (mode == 1 && k == 1); k++) {
        if (!(s = NEXT(mode == 1 ? "stride" : "delta"))) return -1;
        char *e;
        errno = 0;
        long long d = strtoll(s, &e, 10);
        if (!*s || *e || errno) return terr(t, "bad count: stride/delta '%s' is not a decimal integer in [-2^63, 2^63)", s);
        if (mode == 1) { st = d; break; }
        /* the previous address plus a signed delta: outside [0, 2^64) is an error, never a wrap */
        if (d < 0 ? a[k - 1] < 0 - (unsigned long long)d : a[k - 1] > ~0ull - (unsigned long long)d)
          return terr(t, "address out of range: delta '%s' takes the address below 0 or past 2^64", s);
        a[k] = d < 0 ? a[k - 1] - (0 - (unsigned long long)d) : a[k - 1] + (unsigned long long)d;
      }
      if (mode == 1) /* base + k * stride, every product and sum checked */
        for (unsigned k = 1; k < n; k++) {
          long long off;
          unsigned long long m;
          if (__builtin_mul_overflow((long long)k, st, &off) ||
              (m = off < 0 ? 0 - (unsigned long long)off : (unsigned long long)off,
               off < 0 ? a[0] < m : a[0] > ~0ull - m)) {
            char b[64];
            snprintf(b, sizeof b, "%lld", st);
            return terr(t, "address out of range: base + lane x stride %s is below 0 or past 2^64", b);
          }
          a[k] = off < 0 ? a[0] - m : a[0] + m;
        }
    }
    char base[8];
    snprintf(base, sizeof base, "%.*s", (int)strcspn(op, "."), op);
    int ld = !strcmp(base, "LDG") || !strcmp(base, "LD"), stt = !strcmp(base, "STG") || !strcmp(base, "ST");
    if ((ld || stt) && n) {
      unsigned size = op_size(op);
      if (!w->have_base) {
        w->addr_base = a[0] & ~((1ull << 28) - 1);
        w->have_base = 1;
      }
      unsigned k = 0;
      for (unsigned l = 0; l < WL_LANES; l++) {
        if (!(mask >> l & 1)) continue;
        unsigned long long x = a[k++];
        if (x < w->addr_base || x - w->addr_base + size > (1ull << w->addr_w)) {
          char b[96];
          snprintf(b, sizeof b, "lane %u address 0x%llx outside [0x%llx, 0x%llx)", l, x, (unsigned long long)w->addr_base,
                   (unsigned long long)(w->addr_base + (1ull << w->addr_w)));
          return terr(t, "address out of range: %s (the shell rebases to the first global address's 256 MiB region)", b);
        }
        lane[l] = (uint32_t)(x - w->addr_base);
      }
      shell_wl_mem_at(w, pc, stt, mask, size, lane);
    } else {
      count_unsup(w, op);
      shell_wl_alu(w, 1);
      shell_wl_lanes(w, n);
    }
  } else if (!strncmp(op, "BAR", 3) && (op[3] == 0 || op[3] == '.')) {
    shell_wl_bar(w);
    shell_wl_lanes(w, n);
  } else if (!strcmp(op, "EXIT")) {
    /* a warp's last EXIT ends it (added by the caller); earlier ones (a
     * predicated exit of some lanes) are compute */
    shell_wl_alu(w, 1);
    shell_wl_lanes(w, n);
    w->rec[w->nrec - 1].size = 1; /* marks "this ALU record ends in an EXIT" for the caller */
  } else {
    shell_wl_alu(w, 1);
    shell_wl_lanes(w, n); /* active lanes of a compute instruction (a branch with mask 0 counts 0 threads) */
  }
  int rest = nt - i;
  if (ver >= 4 ? rest != 1 : rest > 1) {
    if (rest < 1) return terr(t, "truncated line: %s", "immediate missing (tracer version >= 4 writes one)");
    return terr(t, "bad count: %s", "extra fields after the immediate (more addresses than active lanes?)");
  }
  return 0;
#undef NEXT
}

/* Ends the open warp: its stream's final EXIT becomes the warp's end. */
static void end_warp(shell_wl_t *w) {
  wl_kernel_t *k = &w->k[w->nk - 1];
  uint32_t len = k->wlen[w->open];
  if (len) {
    wl_rec_t *r = &w->rec[w->nrec - 1];
    if (r->kind == WL_ALU && r->size == 1) { /* last instruction was EXIT */
      r->size = 0;
      if (r->count == 1) {
        r->kind = WL_EXIT;
        return;
      }
      r->count--;
      k->threads -= WL_LANES; /* the EXIT's lanes are counted already: the record below adds 32 again */
    }
  }
  shell_wl_exit(w);
}

/* ---- .traceg.xz: Accel-Sim's tracer compresses its kernel files; its
 * reader pipes them through xzcat.  Here `xz` runs without a shell (argv,
 * no quoting), its messages to /dev/null: first `xz -t` (the whole file
 * checked, so a corrupt or truncated one is named as such, not as a bad
 * trace line), then `xz -dc` into the reader through a pipe. */
static int is_xz(const char *path) {
  size_t n = strlen(path);
  return n > 3 && !strcmp(path + n - 3, ".xz");
}

/* Runs xz with the option given on path; stdout to a pipe (*out) or
 * /dev/null.  0 and the child's pid, or -1 with errno. */
static int xz_spawn(const char *opt, const char *path, int *out, pid_t *pid) {
  int p[2] = {-1, -1};
  if (out && pipe(p)) return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (out) {
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addclose(&fa, p[0]);
    posix_spawn_file_actions_addclose(&fa, p[1]);
  } else {
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  }
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  char *argv[] = {(char *)"xz", (char *)opt, (char *)"--", (char *)path, NULL};
  int rc = posix_spawnp(pid, "xz", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (out) close(p[1]);
  if (rc) {
    if (out) close(p[0]);
    errno = rc;
    return -1;
  }
  if (out) *out = p[0];
  return 0;
}

static int xz_wait(pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The trace as a stream: the file, or xz's output for a .xz (*pid its
 * decompressor, 0 for none).  NULL after one error line. */
static FILE *trace_open(const char *path, pid_t *pid) {
  char pe[300];
  FILE *f = shell_wl_fopen(path);
  *pid = 0;
  if (!f || !is_xz(path)) return f;
  fclose(f);
  pid_t t;
  int fd;
  if (xz_spawn("-t", path, NULL, &t)) {
    fprintf(stderr, "error: %s: cannot run xz (%s; the xz-utils package) for a .xz trace\n",
            cfg_escape(path, strlen(path), pe, sizeof pe), strerror(errno));
    return NULL;
  }
  if (xz_wait(t)) {
    fprintf(stderr, "error: %s: not a whole .xz file (xz -t: corrupt, truncated or not xz; expected an Accel-Sim trace "
            "compressed by xz)\n", cfg_escape(path, strlen(path), pe, sizeof pe));
    return NULL;
  }
  if (xz_spawn("-dc", path, &fd, pid) || !(f = fdopen(fd, "r"))) {
    fprintf(stderr, "error: %s: cannot run xz -dc: %s\n", cfg_escape(path, strlen(path), pe, sizeof pe), strerror(errno));
    return NULL;
  }
  return f;
}

/* Closes the stream; -1 with one error line when the decompressor failed
 * (quiet: a reader error was already printed). */
static int trace_close(FILE *f, pid_t pid, const char *path, int quiet) {
  fclose(f);
  if (!pid || !xz_wait(pid) || quiet) return 0;
  char pe[300];
  fprintf(stderr, "error: %s: xz -dc failed while reading (expected an Accel-Sim trace compressed by xz)\n",
          cfg_escape(path, strlen(path), pe, sizeof pe));
  return -1;
}

int shell_wl_traceg(shell_wl_t *w, const char *path) {
  pid_t xz = 0;
  FILE *f = trace_open(path, &xz);
  if (!f) return -1;
  tg_t t = {path, 0};
  char *buf = NULL, *tok[200];
  size_t cap = 0;
  int rc = 0, in_tb = 0, kernel = 0, in_warp = 0;
  unsigned gx = 0, gy = 0, gz = 0, bx = 0, by = 0, bz = 0, ver = 0, lineinfo = 0;
  unsigned long long insts = 0, got = 0, tbid = 0, nb = 0, nt = 0;
  /* the lines of this block's 'thread block =' and this warp's 'insts =', and
   * of each block's 'thread block =' (0: not yet): a key given twice is
   * refused, as in the header */
  unsigned tb_line = 0, insts_line = 0, *blk_line = NULL;
  uint8_t *seen = NULL;
  char *kname = NULL; /* -kernel name = ...; "traceg" when the header has none */
  /* the header's keys so far and their lines: a key given twice is refused
   * (a real trace writes each once; the last one winning would hide which
   * one the run used) */
  struct { char *key; unsigned line; } hk[TG_HDR_MAX];
  unsigned nhk = 0;
  ssize_t len;
  while ((len = getline(&buf, &cap, f)) >= 0) {
    t.line++;
    if ((size_t)len != strlen(buf)) { rc = terr(&t, "%s", "NUL byte in the line (expected text; a binary file?)"); goto out; }
    buf[strcspn(buf, "\r\n")] = 0;
    char *p = buf;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) continue;
    if (*p == '-') {
      if (kernel) { rc = terr(&t, "header line '%s' after the first thread block", p); goto out; }
      /* the key: the text before the first '=' (the whole line without
       * one), trailing blanks dropped */
      size_t kl = strcspn(p, "=");
      while (kl && (p[kl - 1] == ' ' || p[kl - 1] == '\t')) kl--;
      for (unsigned i = 0; i < nhk; i++)
        if (strlen(hk[i].key) == kl && !memcmp(hk[i].key, p, kl)) {
          char b[160];
          snprintf(b, sizeof b, "header key '%%s' given twice (first at line %u); expected each -key = value line once",
                   hk[i].line);
          rc = terr(&t, b, hk[i].key);
          goto out;
        }
      if (nhk == TG_HDR_MAX) {
        char b[96];
        snprintf(b, sizeof b, "more than %u header lines at '%%s' (a real trace has 13)", TG_HDR_MAX);
        rc = terr(&t, b, p);
        goto out;
      }
      if (!(hk[nhk].key = strndup(p, kl))) { rc = terr(&t, "%s", "out of memory"); goto out; }
      hk[nhk++].line = t.line;
      unsigned long long d3[3], v;
      int r;
      if ((r = key_dim3(&t, p, "-grid dim", 1, 0xffffffffull, d3))) {
        if (r < 0) { rc = -1; goto out; }
        gx = d3[0], gy = d3[1], gz = d3[2];
        /* every product checked, on the line that gives it: dimensions that
         * multiply past 2^64 are too many blocks, not 0 */
        if (__builtin_mul_overflow(d3[0], d3[1], &nb) || __builtin_mul_overflow(nb, d3[2], &nb) || nb > (1u << 20)) {
          rc = terr(&t, "bad count: '%s': more than 2^20 thread blocks (X x Y x Z)", p);
          goto out;
        }
      } else if ((r = key_dim3(&t, p, "-block dim", 1, 0xffffffffull, d3))) {
        if (r < 0) { rc = -1; goto out; }
        bx = d3[0], by = d3[1], bz = d3[2];
        if (__builtin_mul_overflow(d3[0], d3[1], &nt) || __builtin_mul_overflow(nt, d3[2], &nt) || nt > 32 * 32) {
          rc = terr(&t, "bad count: '%s': more than 1024 threads (32 warps) per block (X x Y x Z)", p);
          goto out;
        }
      } else if ((r = key_num(&t, p, "-accelsim tracer version", 5, "a tracer version", &v))) {
        if (r < 0) { rc = -1; goto out; }
        ver = (unsigned)v;
      } else if ((r = key_num(&t, p, "-enable lineinfo", 1, "0 or 1", &v))) {
        if (r < 0) { rc = -1; goto out; }
        lineinfo = (unsigned)v;
      } else if (!strncmp(p, "-kernel name = ", 15)) {
        /* the name as written, whole (a C++ signature: blanks, parentheses,
         * quotes, any byte but NUL); reports print it escaped, the .wl
         * writer quotes it (shell_wl_write_name) */
        if (strlen(p + 15) > WL_NAME_MAX) {
          char b[64];
          snprintf(b, sizeof b, "%zu bytes (at most %u)", strlen(p + 15), WL_NAME_MAX);
          rc = terr(&t, "kernel name too long: %s", b);
          goto out;
        }
        free(kname);
        kname = strdup(p + 15);
        if (!kname) { rc = terr(&t, "%s", "out of memory"); goto out; }
      } else if (kl == 12 && !strncmp(p, "-kernel name", 12))
        { rc = terr(&t, "'%s': expected -kernel name = NAME (one blank either side of '=')", p); goto out; }
      else if (!strncmp(p, "-grid dim", 9) || !strncmp(p, "-block dim", 10))
        { rc = terr(&t, "bad count: '%s': expected -grid dim = (X,Y,Z)", p); goto out; }
      continue;
    }
    if (!strncmp(p, "#BEGIN_TB", 9)) {
      if (in_tb) { rc = terr(&t, "%s", "#BEGIN_TB before the previous thread block's #END_TB"); goto out; }
      if (!kernel) {
        if (!gx || !gy || !gz || !bx || !by || !bz) { rc = terr(&t, "%s", "header lacks '-grid dim' or '-block dim'"); goto out; }
        if (!ver) ver = 3;
        unsigned long long nw = (nt + 31) / 32; /* nb, nt: checked on the header lines */
        shell_wl_kernel(w, kname ? kname : "traceg", (uint32_t)nb, (uint32_t)nw);
        seen = calloc(nb * nw, 1);
        blk_line = calloc(nb, sizeof *blk_line);
        if (!seen || !blk_line) { rc = terr(&t, "%s", "out of memory"); goto out; }
        kernel = 1;
        if (!w->base_shared) w->have_base = 0;
      }
      in_tb = 1;
      tbid = ~0ull;
      tb_line = 0;
      continue;
    }
    if (!strncmp(p, "#END_TB", 7)) {
      if (!in_tb) { rc = terr(&t, "%s", "#END_TB without #BEGIN_TB"); goto out; }
      if (in_warp && got != insts) { rc = terr(&t, "bad count: %s", "fewer instruction lines than 'insts ='"); goto out; }
      if (in_warp) end_warp(w);
      in_tb = in_warp = 0;
      continue;
    }
    if (*p == '#') continue;
    if (!in_tb) { rc = terr(&t, "unexpected line outside a thread block: '%s'", p); goto out; }
    wl_kernel_t *k = &w->k[w->nk - 1];
    unsigned long long d3[3], a;
    int r;
    if ((r = key_dim3(&t, p, "thread block", 0, 0xffffffffull, d3))) {
      if (r < 0) { rc = -1; goto out; }
      if (d3[0] >= gx || d3[1] >= gy || d3[2] >= gz) { rc = terr(&t, "bad count: '%s': thread block index outside the grid", p); goto out; }
      char b[120];
      if (tb_line) {
        snprintf(b, sizeof b, "'%%s': 'thread block =' given twice in one #BEGIN_TB (first at line %u)", tb_line);
        rc = terr(&t, b, p);
        goto out;
      }
      tbid = d3[0] + (unsigned long long)gx * (d3[1] + (unsigned long long)gy * d3[2]);
      if (blk_line[tbid]) {
        snprintf(b, sizeof b, "'%%s': thread block given twice (first at line %u); expected each block once", blk_line[tbid]);
        rc = terr(&t, b, p);
        goto out;
      }
      tb_line = blk_line[tbid] = t.line;
      continue;
    }
    if (!strncmp(p, "thread block", 12)) { rc = terr(&t, "truncated line: '%s': expected thread block = X,Y,Z", p); goto out; }
    if (!strncmp(p, "warp", 4) && (p[4] == ' ' || p[4] == '=')) {
      if (tbid == ~0ull) { rc = terr(&t, "%s", "'warp =' before 'thread block ='"); goto out; }
      if (in_warp && got != insts) { rc = terr(&t, "bad count: %s", "fewer instruction lines than 'insts ='"); goto out; }
      if (in_warp) end_warp(w);
      if ((r = key_num(&t, p, "warp", 0xffffffffull, "a warp number", &a)) <= 0) {
        if (!r) rc = terr(&t, "truncated line: '%s': expected warp = N", p);
        rc = -1;
        goto out;
      }
      if (a >= k->warps) { rc = terr(&t, "bad count: '%s': warp number beyond the block's warps", p); goto out; }
      if (seen[tbid * k->warps + a]) { rc = terr(&t, "bad count: %s", "warp given twice"); goto out; }
      seen[tbid * k->warps + a] = 1;
      shell_wl_warp_begin(w, (uint32_t)tbid, (uint32_t)a);
      in_warp = 1;
      insts = got = 0;
      insts_line = 0;
      continue;
    }
    if (!strncmp(p, "insts", 5)) {
      if (!in_warp) { rc = terr(&t, "%s", "'insts =' before 'warp ='"); goto out; }
      if (insts_line) {
        char b[96];
        snprintf(b, sizeof b, "'%%s': 'insts =' given twice for one warp (first at line %u)", insts_line);
        rc = terr(&t, b, p);
        goto out;
      }
      insts_line = t.line;
      /* the count is checked here, where it is written (at most 2^24 per warp) */
      if ((r = key_num(&t, p, "insts", 1ull << 24, "an instruction count", &insts)) <= 0) {
        if (!r) rc = terr(&t, "truncated line: '%s': expected insts = N", p);
        rc = -1;
        goto out;
      }
      continue;
    }
    if (!in_warp) { rc = terr(&t, "instruction line before 'warp =': '%s'", p); goto out; }
    if (++got > insts) { rc = terr(&t, "bad count: %s", "more instruction lines than 'insts ='"); goto out; }
    int nt = 0;
    for (char *s = strtok(p, " \t"); s; s = strtok(NULL, " \t")) {
      if (nt == (int)(sizeof tok / sizeof tok[0])) { rc = terr(&t, "bad count: %s", "too many fields"); goto out; }
      tok[nt++] = s;
    }
    if (inst_line(w, &t, tok, nt, ver, lineinfo)) { rc = -1; goto out; }
  }
  if (in_tb) { rc = terr(&t, "truncated file: %s", "no #END_TB for the last thread block"); goto out; }
  if (!kernel) { rc = terr(&t, "%s", "no thread block in the trace"); goto out; }
  {
    wl_kernel_t *k = &w->k[w->nk - 1];
    /* every block of the grid traced: a block the file lacks is refused, never
     * run as empty warps (fuzz finding: an 81-byte trace of no block under a
     * grid of 452685 blocks of 30 warps became that many empty warps, a
     * 263750928-byte .wl; and a trace cut between two blocks was accepted
     * as a shorter kernel) */
    unsigned long long traced = 0, miss = nb;
    for (unsigned long long j = 0; j < nb; j++)
      if (blk_line[j]) traced++;
      else if (miss == nb) miss = j;
    if (miss < nb) {
      char b[200], g[80];
      snprintf(b, sizeof b, "truncated file: thread block %llu,%llu,%llu of the grid (%%s) is not in the trace (%llu of %llu blocks "
               "traced; expected every block once)", miss % gx, miss / gx % gy, miss / gx / gy, traced, nb);
      snprintf(g, sizeof g, "%u,%u,%u", gx, gy, gz);
      rc = terr(&t, b, g);
      goto out;
    }
    for (uint32_t j = 0; j < k->blocks * k->warps; j++)
      if (!seen[j]) { /* warps the block does not trace (partial last warp absent): an empty warp */
        shell_wl_warp_begin(w, j / k->warps, j % k->warps);
        shell_wl_exit(w);
      }
  }
out:
  for (unsigned i = 0; i < nhk; i++) free(hk[i].key);
  free(kname);
  free(seen);
  free(blk_line);
  free(buf);
  if (trace_close(f, xz, path, rc != 0)) rc = -1;
  if (!rc) rc = shell_wl_finish(w, path);
  return rc;
}

/* ---- Accel-Sim kernel lists -------------------------------------------------
 * kernelslist.g as the tracer's post-processing writes it, one command a line:
 *   MemcpyHtoD,0x<device address: hex>,<bytes: decimal>
 *   kernel-<N>.traceg        a kernel, named relative to the list's directory
 * (Accel-Sim's trace_parser: a line starting "MemcpyHtoD" is a copy, one
 * starting "kernel" a launch, the file directory + "/" + the line.)  Blank
 * lines are skipped; any other line is refused, where Accel-Sim skips it
 * without a word.  The kernels are appended in list order, all rebased to
 * the first one's region (one address space: a kernel reads what an
 * earlier one wrote at the same addresses).  A copy is checked and counted,
 * not modelled (shell_wl_report_unsupported says so). */
static int lerr(const char *path, unsigned line, const char *what, const char *text) {
  char pe[300], te[300];
  fprintf(stderr, "error: %s", cfg_escape(path, strlen(path), pe, sizeof pe));
  if (line) fprintf(stderr, ":%u", line);
  fprintf(stderr, ": %s", what);
  if (text) fprintf(stderr, " '%s'", cfg_escape(text, strlen(text), te, sizeof te));
  fprintf(stderr, "\n");
  return -1;
}

/* MemcpyHtoD,0x<1..16 hex digits>,<decimal bytes, no sign, below 2^63>. */
static int memcpy_line(const char *s, unsigned long long *bytes) {
  const char *p = s + 10; /* after "MemcpyHtoD" */
  if (*p++ != ',' || p[0] != '0' || (p[1] != 'x' && p[1] != 'X')) return -1;
  p += 2;
  unsigned nd = 0;
  while (isxdigit((unsigned char)*p)) p++, nd++;
  if (nd < 1 || nd > 16 || *p++ != ',') return -1;
  unsigned long long v = 0;
  nd = 0;
  for (; isdigit((unsigned char)*p); p++, nd++) {
    if (v > (((1ull << 63) - 1) - (unsigned)(*p - '0')) / 10) return -1;
    v = v * 10 + (unsigned)(*p - '0');
  }
  if (!nd || *p) return -1;
  *bytes = v;
  return 0;
}

int shell_wl_kernelslist(shell_wl_t *w, const char *path) {
  FILE *f = shell_wl_fopen(path);
  if (!f) return -1;
  const char *slash = strrchr(path, '/');
  const size_t dl = slash ? (size_t)(slash - path) : 0; /* the directory ("" : the current one) */
  char *buf = NULL, *kp = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned line = 0, nk = 0;
  int rc = 0;
  w->base_shared = 1;
  while ((len = getline(&buf, &cap, f)) >= 0) {
    line++;
    if ((size_t)len != strlen(buf)) { rc = lerr(path, line, "NUL byte in the line (expected text; a binary file?)", NULL); break; }
    buf[strcspn(buf, "\r\n")] = 0;
    size_t n = strlen(buf);
    while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t')) buf[--n] = 0;
    const char *p = buf;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) continue;
    if (!strncmp(p, "MemcpyHtoD", 10)) {
      unsigned long long b;
      if (memcpy_line(p, &b)) {
        rc = lerr(path, line, "bad copy (expected MemcpyHtoD,0x<address: 1-16 hex digits>,<bytes: decimal below 2^63>):", p);
        break;
      }
      w->ncopy++;
      w->copy_bytes = w->copy_bytes + b < w->copy_bytes ? UINT64_MAX : w->copy_bytes + b;
      continue;
    }
    if (strncmp(p, "kernel", 6)) {
      rc = lerr(path, line, "expected MemcpyHtoD,0x<address>,<bytes> or a kernel file (kernel-<N>.traceg), not", p);
      break;
    }
    if (nk == WL_LIST_MAX_KERNELS) {
      char b[120];
      snprintf(b, sizeof b, "more than %u kernels (the bound of one list's workload) at", WL_LIST_MAX_KERNELS);
      rc = lerr(path, line, b, p);
      break;
    }
    free(kp);
    if (!(kp = malloc(dl + 1 + strlen(p) + 1))) { rc = lerr(path, line, "out of memory", NULL); break; }
    if (slash) snprintf(kp, dl + 1 + strlen(p) + 1, "%.*s/%s", (int)dl, path, p);
    else snprintf(kp, strlen(p) + 1, "%s", p);
    FILE *kf = fopen(kp, "r");
    if (!kf) {
      char b[400], ke[300];
      snprintf(b, sizeof b, "kernel file %s: cannot open (%s):", cfg_escape(kp, strlen(kp), ke, sizeof ke), strerror(errno));
      rc = lerr(path, line, b, p);
      break;
    }
    fclose(kf);
    if (shell_wl_traceg(w, kp)) { rc = -1; break; } /* (its error names the kernel file and line) */
    nk++;
  }
  if (!rc && ferror(f)) rc = lerr(path, 0, "read error (a directory?)", NULL);
  if (!rc && !nk) rc = lerr(path, 0, "no kernel (expected at least one kernel-<N>.traceg line)", NULL);
  free(kp);
  free(buf);
  fclose(f);
  w->base_shared = 0;
  return rc;
}
