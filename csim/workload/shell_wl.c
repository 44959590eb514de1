/* shell_wl.c -- workload representation and the compact text format
 * (see shell_wl.h; the format is specified in docs/shell.md). */
#include "shell_wl.h"
#include "cfg.h"
#include "popcnt.h"
#ifdef __SSE2__
#include <emmintrin.h> /* shell_wl_mem_at */
#endif
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *p, uint32_t *cap, uint32_t need, size_t el) {
  if (need <= *cap) return p;
  uint64_t n = *cap ? *cap : 64; /* 64-bit: doubling never wraps */
  while (n < need) n *= 2;
  if (n > UINT32_MAX) n = UINT32_MAX;
  if (need < *cap || n > SIZE_MAX / el) { /* need wrapped past 2^32 entries */
    fprintf(stderr, "error: workload too large (more than 2^32 records or addresses)\n");
    exit(2);
  }
  void *q = realloc(p, (size_t)n * el);
  if (!q) {
    fprintf(stderr, "error: out of memory building the workload\n");
    exit(2);
  }
  *cap = (uint32_t)n;
  return q;
}

void shell_wl_init(shell_wl_t *w, unsigned addr_w) {
  memset(w, 0, sizeof *w);
  w->addr_w = addr_w;
}

void shell_wl_free(shell_wl_t *w) {
  for (uint32_t i = 0; i < w->nk; i++) {
    free(w->k[i].name);
    free(w->k[i].wfirst);
    free(w->k[i].wlen);
    free(w->k[i].skey);
  }
  free(w->k);
  free(w->rec);
  free(w->pool);
  memset(w, 0, sizeof *w);
}

int shell_wl_kernel(shell_wl_t *w, const char *name, uint32_t blocks, uint32_t warps) {
  w->k = grow(w->k, &w->capk, w->nk + 1, sizeof *w->k);
  wl_kernel_t *k = &w->k[w->nk++];
  memset(k, 0, sizeof *k);
  k->name = strdup(name);
  k->blocks = blocks;
  k->warps = warps;
  k->wfirst = calloc((size_t)blocks * warps, 4);
  k->wlen = calloc((size_t)blocks * warps, 4);
  if (!k->name || !k->wfirst || !k->wlen) {
    fprintf(stderr, "error: out of memory building the workload\n");
    exit(2);
  }
  return 0;
}

void shell_wl_warp_begin(shell_wl_t *w, uint32_t block, uint32_t warp) {
  wl_kernel_t *k = &w->k[w->nk - 1];
  uint32_t i = block * k->warps + warp;
  k->wfirst[i] = w->nrec;
  k->wlen[i] = 0;
  w->open = i;
}

/* Appends a record to the open warp (the last warp_begin). */
static void push(shell_wl_t *w, wl_rec_t r) {
  w->rec = grow(w->rec, &w->caprec, w->nrec + 1, sizeof *w->rec);
  w->rec[w->nrec++] = r;
  w->k[w->nk - 1].wlen[w->open]++;
}

void shell_wl_alu(shell_wl_t *w, uint32_t n) {
  wl_kernel_t *k = &w->k[w->nk - 1];
  k->threads += (uint64_t)n * WL_LANES;
  while (n) {
    wl_rec_t *last = k->wlen[w->open] ? &w->rec[w->nrec - 1] : NULL;
    if (last && last->kind == WL_ALU && last->count < WL_MAX_ALU) {
      uint32_t c = WL_MAX_ALU - last->count < n ? WL_MAX_ALU - last->count : n;
      last->count = (uint16_t)(last->count + c);
      n -= c;
      continue;
    }
    uint32_t c = n > WL_MAX_ALU ? WL_MAX_ALU : n;
    push(w, (wl_rec_t){WL_ALU, 0, (uint16_t)c, 0, 0, 0, 0});
    n -= c;
  }
}

void shell_wl_lanes(shell_wl_t *w, unsigned lanes) { w->k[w->nk - 1].threads -= WL_LANES - (lanes > WL_LANES ? WL_LANES : lanes); }

uint32_t shell_wl_site(shell_wl_t *w, uint32_t key) {
  wl_kernel_t *k = &w->k[w->nk - 1]; /* (generator sites are numbered per kernel) */
  for (uint32_t i = 0; i < k->nskey; i++)
    if (k->skey[i] == key) return i;
  k->skey = grow(k->skey, &k->capskey, k->nskey + 1, sizeof *k->skey);
  k->skey[k->nskey] = key;
  return k->nskey++;
}

void shell_wl_mem(shell_wl_t *w, int store, uint32_t mask, unsigned size, const uint32_t *lane_addr) {
  shell_wl_mem_at(w, w->k[w->nk - 1].wlen[w->open], store, mask, size, lane_addr);
}

void shell_wl_mem_at(shell_wl_t *w, uint32_t site, int store, uint32_t mask, unsigned size, const uint32_t *lane_addr) {
  wl_rec_t r = {(uint8_t)(store ? WL_ST : WL_LD), (uint8_t)size, 1, mask, w->npool, site, 0};
  const unsigned n = popcnt64(mask);
  w->k[w->nk - 1].threads += n;
  /* (room for all 32 lanes: the copy below stores each lane's address and
   * advances past the active ones only -- no branch on the mask, whose
   * pattern a generator's loops make hard to predict; npool moves by n) */
  if (w->npool + WL_LANES > w->cappool || w->npool + WL_LANES < w->npool)
    w->pool = grow(w->pool, &w->cappool, w->npool + WL_LANES, 4);
  uint32_t *p = w->pool + w->npool, hi = 0; /* hi: the active lanes' addresses ORed, a bound on the largest */
  /* Three or more active lanes on an arithmetic progression (a coalesced
   * row, a column, a broadcast) are kept as base and stride (r.aff:
   * shell_wl_lane), the others one address per active lane. */
  uint32_t off = 1; /* (a lane off the progression: a bit set) */
#ifdef __SSE2__
  if (mask == 0xffffffffu) { /* (every lane: four to an SSE2 operation, the OR and the progression's test in one pass) */
    const uint32_t a0 = lane_addr[0], d = lane_addr[1] - a0;
    const __m128i d4 = _mm_set1_epi32((int)(4u * d));
    __m128i e = _mm_setr_epi32((int)a0, (int)(a0 + d), (int)(a0 + 2u * d), (int)(a0 + 3u * d));
    __m128i o = _mm_setzero_si128(), x = _mm_setzero_si128();
    for (unsigned q = 0; q < WL_LANES; q += 4, e = _mm_add_epi32(e, d4)) {
      const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(lane_addr + q));
      o = _mm_or_si128(o, v);
      x = _mm_or_si128(x, _mm_xor_si128(v, e));
    }
    o = _mm_or_si128(o, _mm_shuffle_epi32(o, 0x4e));
    o = _mm_or_si128(o, _mm_shuffle_epi32(o, 0xb1));
    hi = (uint32_t)_mm_cvtsi128_si32(o);
    off = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) ^ 0xffffu;
    if (off) memcpy(p, lane_addr, WL_LANES * 4);
    else p[0] = a0, p[1] = d;
  } else
#endif
  {
    unsigned j = 0;
    for (unsigned l = 0; l < WL_LANES; l++) {
      const uint32_t a = lane_addr[l], on = mask >> l & 1u;
      p[j] = a;
      j += on;
      hi |= a & (0u - on);
    }
    if (n >= 3) {
      const uint32_t d = p[1] - p[0];
      off = 0;
      for (unsigned k = 2; k < n; k++) off |= (p[k] - p[k - 1]) ^ d;
      if (!off) p[1] = d;
    }
  }
  r.aff = !off;
  w->npool += r.aff ? 2 : n;
  if (n && (uint64_t)hi + size > w->aend) w->aend = (uint64_t)hi + size;
  push(w, r);
}

void shell_wl_bar(shell_wl_t *w) {
  w->k[w->nk - 1].threads += WL_LANES;
  push(w, (wl_rec_t){WL_BAR, 0, 1, 0, 0, 0, 0});
}
void shell_wl_exit(shell_wl_t *w) {
  w->k[w->nk - 1].threads += WL_LANES;
  push(w, (wl_rec_t){WL_EXIT, 0, 1, 0, 0, 0, 0});
}

int shell_wl_finish(shell_wl_t *w, const char *origin) {
  char o[300], kn[300];
  cfg_escape(origin, strlen(origin), o, sizeof o);
  if (!w->nk) {
    fprintf(stderr, "error: %s: no kernel in the workload\n", o);
    return -1;
  }
  for (uint32_t i = 0; i < w->nk; i++) {
    wl_kernel_t *k = &w->k[i];
    if (!k->blocks || !k->warps) {
      fprintf(stderr, "error: %s: kernel %s: no thread block or no warp\n", o, cfg_escape(k->name, strlen(k->name), kn, sizeof kn));
      return -1;
    }
    /* every lane access inside [0, 2^addr_w): the records searched for the
     * first one outside only when the bound on the largest end (aend) says
     * there may be one */
    const int scan = w->aend > (1ull << w->addr_w);
    for (uint32_t j = 0; j < k->blocks * k->warps; j++) {
      for (uint32_t x = 0; scan && x < k->wlen[j]; x++) {
        const wl_rec_t *r = &w->rec[k->wfirst[j] + x];
        if (r->kind != WL_LD && r->kind != WL_ST) continue;
        for (unsigned q = 0; q < popcnt64(r->mask); q++)
          if ((uint64_t)shell_wl_lane(w->pool, r, q) + r->size > (1ull << w->addr_w)) {
            fprintf(stderr, "error: %s: kernel %s block %u warp %u: address 0x%x (+%u bytes) outside [0, 2^%u) (L1D_ADDR_W)\n", o,
                    cfg_escape(k->name, strlen(k->name), kn, sizeof kn), j / k->warps, j % k->warps, shell_wl_lane(w->pool, r, q),
                    r->size, w->addr_w);
            return -1;
          }
      }
      if (!k->wlen[j] || w->rec[k->wfirst[j] + k->wlen[j] - 1].kind != WL_EXIT) {
        fprintf(stderr, "error: %s: kernel %s block %u warp %u: %s\n", o, cfg_escape(k->name, strlen(k->name), kn, sizeof kn), j / k->warps,
                j % k->warps, k->wlen[j] ? "does not end in exit" : "has no instructions");
        return -1;
      }
    }
  }
  return 0;
}

uint64_t shell_wl_insts(const shell_wl_t *w) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < w->nk; i++) {
    const wl_kernel_t *k = &w->k[i];
    for (uint32_t j = 0; j < k->blocks * k->warps; j++)
      for (uint32_t r = 0; r < k->wlen[j]; r++) n += w->rec[k->wfirst[j] + r].count;
  }
  return n;
}

uint64_t shell_wl_threads(const shell_wl_t *w) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < w->nk; i++) n += w->k[i].threads;
  return n;
}

void shell_wl_report_unsupported(const shell_wl_t *w, FILE *f) {
  if (w->ncopy)
    fprintf(f, "trace: %llu host-to-device cop%s (%llu bytes) in the kernel list, not modelled: the shell's memory "
               "holds no data and its L2 starts cold (GPGPU-Sim with -gpgpu_perf_sim_memcpy 1 marks the copied "
               "lines valid in its L2)\n",
            (unsigned long long)w->ncopy, w->ncopy == 1 ? "y" : "ies", (unsigned long long)w->copy_bytes);
  if (!w->nunsup) return;
  fprintf(f, "trace: opcodes replayed as compute (not modelled as memory accesses):");
  for (uint32_t i = 0; i < w->nunsup; i++) fprintf(f, " %s x%llu", w->unsup[i].op, (unsigned long long)w->unsup[i].n);
  if (w->unsup_other) fprintf(f, " (others x%llu)", (unsigned long long)w->unsup_other);
  fprintf(f, "\n");
}

/* ---- compact text format --------------------------------------------------
 *   kernel NAME BLOCKS WARPS
 *   warp B W
 *   alu N | ld MASK SIZE MODE ... | st MASK SIZE MODE ... | bar | exit
 *   MODE: list A0 A1 ...          one address per active lane (hex)
 *         stride BASE STRIDE      k-th active lane: BASE + k*STRIDE
 *         delta BASE D1 D2 ...    first active lane BASE, then previous + Di
 * '#' starts a comment. Numbers: decimal or 0x hex (addresses: hex).
 * NAME: a bare word (printable ASCII but blank, '"', '\\', '#') or "..."
 * holding printable ASCII and the escapes \" \\ \xNN (NN not 00). */
typedef struct {
  const char *path;
  unsigned line;
  char *tok[80];
  int nt;
} rd_t;

/* One "error: FILE:LINE: ..." line; the file name and the text quoted from
 * the input are escaped (cfg_escape: no raw control bytes on a terminal). */
static int rerr(const rd_t *r, const char *fmt, const char *a) {
  char p[300], e[300];
  fprintf(stderr, "error: %s:%u: ", cfg_escape(r->path, strlen(r->path), p, sizeof p), r->line);
  fprintf(stderr, fmt, cfg_escape(a, strlen(a), e, sizeof e));
  fprintf(stderr, "\n");
  return -1;
}

static int num(const rd_t *r, const char *s, const char *what, unsigned long long max, unsigned long long *out) {
  char b[200];
  long long v = 0; /* cfg_parse_number: decimal or 0x hex, no sign, no octal, no overflow (docs/parameters.md) */
  if (cfg_parse_number(s, &v) || (unsigned long long)v > max) {
    snprintf(b, sizeof b, "bad count: %s '%%s': expected a decimal or 0x hex integer in [0, %llu]", what, max);
    return rerr(r, b, s);
  }
  *out = v;
  return 0;
}

static int saddr(const rd_t *r, const char *s, unsigned addr_w, long long *out) {
  char b[160];
  long long v;
  if (cfg_parse_number(s + (s[0] == '-'), &v)) return rerr(r, "bad address or offset '%s': expected a decimal or 0x hex integer, optionally negative", s);
  if (s[0] == '-') v = -v;
  /* bounded so that BASE + lane x STRIDE and running sums of deltas cannot
   * overflow; the range check against 2^addr_w follows on the lane address */
  if (v >= (1ll << 40) || v <= -(1ll << 40)) {
    snprintf(b, sizeof b, "address out of range: '%%s' (addresses and offsets are below 2^%u)", addr_w);
    return rerr(r, b, s);
  }
  *out = v;
  return 0;
}

/* Decodes MODE and its operands at tok[i..] into lane addresses; checks the
 * range; returns 0 or -1. */
static int decode_addrs(const rd_t *r, int i, uint32_t mask, unsigned size, unsigned addr_w, uint32_t *lane) {
  unsigned n = popcnt64(mask);
  if (i >= r->nt) return rerr(r, "truncated line: %s", "address mode (list, stride or delta) missing");
  const char *mode = r->tok[i++];
  long long v[WL_LANES];
  if (!strcmp(mode, "list")) {
    if (r->nt - i < (int)n) return rerr(r, "truncated line: %s", "fewer addresses than active lanes");
    if (r->nt - i > (int)n) return rerr(r, "bad count: %s", "more addresses than active lanes");
    for (unsigned k = 0; k < n; k++)
      if (saddr(r, r->tok[i + k], addr_w, &v[k])) return -1;
  } else if (!strcmp(mode, "stride")) {
    if (r->nt - i < 2) return rerr(r, "truncated line: %s", "stride mode needs BASE STRIDE");
    if (r->nt - i > 2) return rerr(r, "bad count: %s", "stride mode takes exactly BASE STRIDE");
    long long b, s;
    if (saddr(r, r->tok[i], addr_w, &b) || saddr(r, r->tok[i + 1], addr_w, &s)) return -1;
    for (unsigned k = 0; k < n; k++) v[k] = b + (long long)k * s;
  } else if (!strcmp(mode, "delta")) {
    if (r->nt - i < (int)n) return rerr(r, "truncated line: %s", "delta mode needs BASE and one delta per further active lane");
    if (r->nt - i > (int)n) return rerr(r, "bad count: %s", "more deltas than active lanes - 1");
    if (saddr(r, r->tok[i], addr_w, &v[0])) return -1;
    for (unsigned k = 1; k < n; k++) {
      long long d;
      if (saddr(r, r->tok[i + k], addr_w, &d)) return -1;
      v[k] = v[k - 1] + d;
    }
  } else
    return rerr(r, "unknown address mode '%s' (expected list, stride or delta)", mode);
  unsigned long long lim = 1ull << addr_w;
  unsigned k = 0;
  for (unsigned l = 0; l < WL_LANES; l++) {
    lane[l] = 0;
    if (!(mask >> l & 1)) continue;
    if (v[k] < 0 || (unsigned long long)v[k] + size > lim) {
      char b[64], f[120];
      snprintf(b, sizeof b, "0x%llx", (unsigned long long)v[k]);
      snprintf(f, sizeof f, "address out of range: lane %u address %%s (+%u bytes) outside [0, 2^%u)", l, size, addr_w);
      return rerr(r, f, b);
    }
    lane[l] = (uint32_t)v[k++];
  }
  return 0;
}

static int hexv(int c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; }

/* A quoted kernel name at q (q[0] == '"'), decoded into out (room for
 * strlen(q) bytes); *end: the byte after the closing quote.  -1 after one
 * error line. */
static int quoted_name(const rd_t *r, const char *q, char *out, const char **end) {
  size_t n = 0;
  char b[8];
  const char *s = q + 1;
  for (;; s++) {
    unsigned char c = (unsigned char)*s;
    if (!c || c == '\n' || (c == '\r' && (!s[1] || s[1] == '\n')))
      return rerr(r, "%s", "kernel name: a '\"' opened here is never closed (a quoted name ends with '\"' on its line)");
    if (c == '"') break;
    if (c == '\\') {
      /* each byte read only when the one before it is not the line's end
       * (a backslash can be the last byte of the file: fuzz_shell_wl) */
      int h = s[1] == 'x' ? hexv((unsigned char)s[2]) : -1, l = h < 0 ? -1 : hexv((unsigned char)s[3]);
      if (s[1] == '"' || s[1] == '\\') c = (unsigned char)s[1], s++;
      else if (s[1] == 'x' && h >= 0 && l >= 0 && (h || l)) c = (unsigned char)(h * 16 + l), s += 3;
      else {
        size_t k = 0;
        while (k < (s[1] == 'x' ? 4u : 2u) && s[k] && s[k] != '\n') k++;
        memcpy(b, s, k);
        b[k] = 0;
        return rerr(r, "kernel name: escape '%s...': expected \\\", \\\\ or \\xNN (two hex digits, not 00)", b);
      }
    } else if (c < 0x20 || c >= 0x7f) {
      b[0] = (char)c, b[1] = 0;
      return rerr(r, "kernel name: byte '%s' inside the quotes: expected printable ASCII (write any other byte as \\xNN)", b);
    }
    if (n == WL_NAME_MAX) {
      snprintf(b, sizeof b, "%u", WL_NAME_MAX);
      return rerr(r, "kernel name longer than %s bytes", b);
    }
    out[n++] = (char)c;
  }
  out[n] = 0;
  *end = s + 1;
  if (**end && **end != ' ' && **end != '\t' && **end != '\r' && **end != '\n')
    return rerr(r, "kernel name: '%s' right after the closing quote: expected a blank, then BLOCKS WARPS", (char[2]){**end, 0});
  return 0;
}

FILE *shell_wl_fopen(const char *path) {
  char p[300];
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "error: %s: cannot open: %s\n", cfg_escape(path, strlen(path), p, sizeof p), strerror(errno));
  } else if (cfg_regular(f, path, "a workload file")) {
    fclose(f);
    f = NULL;
  }
  return f;
}

int shell_wl_read(shell_wl_t *w, const char *path) {
  FILE *f = shell_wl_fopen(path);
  if (!f) return -1;
  rd_t r = {path, 0, {0}, 0};
  char *buf = NULL, *qn = NULL;
  size_t cap = 0;
  int rc = 0, open = 0, inwarp = 0;
  uint32_t kb = 0, kw = 0, nextb = 0, nextw = 0;
  int ended = 0; /* the open warp has had its exit */
  ssize_t len;
  while ((len = getline(&buf, &cap, f)) >= 0) {
    r.line++;
    if ((size_t)len != strlen(buf)) { rc = rerr(&r, "%s", "NUL byte in the line (expected text; a binary file?)"); goto out; }
    r.nt = 0;
    char *rest = buf, *p = buf + strspn(buf, " \t");
    int quoted = 0;
    if (!strncmp(p, "kernel", 6) && (p[6] == ' ' || p[6] == '\t') && p[6 + strspn(p + 6, " \t")] == '"') {
      const char *e = NULL; /* kernel "NAME" ...: the name decoded, the rest tokenized */
      char *nq = realloc(qn, (size_t)len + 1);
      if (!nq) { rc = rerr(&r, "%s", "out of memory"); goto out; }
      qn = nq;
      if (quoted_name(&r, p + 6 + strspn(p + 6, " \t"), qn, &e)) { rc = -1; goto out; }
      r.tok[r.nt++] = "kernel";
      r.tok[r.nt++] = qn;
      rest = (char *)e;
      quoted = 1;
    }
    char *h = strchr(rest, '#');
    if (h) *h = 0;
    for (char *s = strtok(rest, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
      if (r.nt == (int)(sizeof r.tok / sizeof r.tok[0])) { rc = rerr(&r, "bad count: %s", "too many fields"); goto out; }
      r.tok[r.nt++] = s;
    }
    if (!r.nt) continue;
    const char *op = r.tok[0];
    unsigned long long a = 0, b = 0;
    if (!strcmp(op, "kernel")) {
      if (r.nt < 4) { rc = rerr(&r, "truncated line: %s", "expected: kernel NAME BLOCKS WARPS"); goto out; }
      if (r.nt > 4) { rc = rerr(&r, "bad count: %s", "kernel takes NAME BLOCKS WARPS"); goto out; }
      if (open && (nextb != kb)) { rc = rerr(&r, "bad count: %s", "previous kernel has fewer warps than declared"); goto out; }
      if (num(&r, r.tok[2], "blocks", 1u << 20, &a) || num(&r, r.tok[3], "warps per block", 32, &b)) { rc = -1; goto out; }
      if (!a || !b) { rc = rerr(&r, "bad count: %s", "blocks and warps must be at least 1"); goto out; }
      for (const char *q = r.tok[1]; !quoted && *q; q++)
        if ((unsigned char)*q <= 0x20 || (unsigned char)*q >= 0x7f || *q == '"' || *q == '\\' || q - r.tok[1] >= (long)WL_NAME_MAX) {
          char fm[240];
          snprintf(fm, sizeof fm, "kernel name '%%s': a bare name is at most %u printable ASCII characters without '\"' or '\\'; "
                   "write any other name quoted (\"...\" with \\\", \\\\ and \\xNN)", WL_NAME_MAX);
          rc = rerr(&r, fm, r.tok[1]);
          goto out;
        }
      shell_wl_kernel(w, r.tok[1], (uint32_t)a, (uint32_t)b);
      kb = (uint32_t)a;
      kw = (uint32_t)b;
      nextb = nextw = 0;
      open = 1;
      inwarp = 0;
      continue;
    }
    if (!open) { rc = rerr(&r, "expected 'kernel NAME BLOCKS WARPS' before '%s'", op); goto out; }
    if (!strcmp(op, "warp")) {
      if (r.nt < 3) { rc = rerr(&r, "truncated line: %s", "expected: warp BLOCK WARP"); goto out; }
      if (r.nt > 3) { rc = rerr(&r, "bad count: %s", "warp takes BLOCK WARP"); goto out; }
      if (num(&r, r.tok[1], "block", kb - 1, &a) || num(&r, r.tok[2], "warp", kw - 1, &b)) { rc = -1; goto out; }
      if (a != nextb || b != nextw) {
        char x[64];
        snprintf(x, sizeof x, "%u %u", nextb, nextw);
        rc = rerr(&r, "bad count: expected warp %s next (warps in order)", x);
        goto out;
      }
      if (++nextw == kw) { nextw = 0; nextb++; }
      shell_wl_warp_begin(w, (uint32_t)a, (uint32_t)b);
      inwarp = 1;
      ended = 0;
      continue;
    }
    if (!inwarp) { rc = rerr(&r, "expected 'warp BLOCK WARP' before '%s'", op); goto out; }
    if (ended) { rc = rerr(&r, "'%s' after the warp's exit (exit is a warp's last record; start the next with 'warp BLOCK WARP')", op); goto out; }
    if (!strcmp(op, "alu")) {
      if (r.nt < 2) { rc = rerr(&r, "truncated line: %s", "expected: alu N"); goto out; }
      if (r.nt > 2) { rc = rerr(&r, "bad count: %s", "alu takes one count in [1, 65535]"); goto out; }
      if (num(&r, r.tok[1], "alu count", WL_MAX_ALU, &a)) { rc = -1; goto out; }
      if (!a) { rc = rerr(&r, "bad count: %s", "alu takes one count in [1, 65535]"); goto out; }
      shell_wl_alu(w, (uint32_t)a);
    } else if (!strcmp(op, "ld") || !strcmp(op, "st")) {
      if (r.nt < 4) { rc = rerr(&r, "truncated line: %s", "expected: ld|st MASK SIZE MODE ..."); goto out; }
      if (num(&r, r.tok[1], "mask", 0xffffffffull, &a) || num(&r, r.tok[2], "size", 16, &b)) { rc = -1; goto out; }
      if (!a) { rc = rerr(&r, "bad count: %s", "mask has no active lane"); goto out; }
      if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16) { rc = rerr(&r, "bad count: %s", "size must be 1, 2, 4, 8 or 16"); goto out; }
      uint32_t lane[WL_LANES];
      /* an optional `pc N` after the addresses: the static site (wl_rec_t.site) */
      long long pc = -1;
      if (!strcmp(r.tok[r.nt - 1], "pc")) { rc = rerr(&r, "truncated line: %s", "pc takes the site's number (pc N)"); goto out; }
      if (r.nt >= 6 && !strcmp(r.tok[r.nt - 2], "pc")) {
        unsigned long long v;
        if (num(&r, r.tok[r.nt - 1], "pc", 0xffffffffull, &v)) { rc = -1; goto out; }
        pc = (long long)v;
        r.nt -= 2;
      }
      if (decode_addrs(&r, 3, (uint32_t)a, (unsigned)b, w->addr_w, lane)) { rc = -1; goto out; }
      if (pc < 0) shell_wl_mem(w, op[0] == 's', (uint32_t)a, (unsigned)b, lane);
      else shell_wl_mem_at(w, (uint32_t)pc, op[0] == 's', (uint32_t)a, (unsigned)b, lane);
    } else if (!strcmp(op, "bar") || !strcmp(op, "exit")) {
      if (r.nt > 1) { rc = rerr(&r, "bad count: %s takes no operand", op); goto out; }
      if (op[0] == 'b') shell_wl_bar(w); else { shell_wl_exit(w); ended = 1; }
    } else {
      rc = rerr(&r, "unknown opcode '%s' (expected kernel, warp, alu, ld, st, bar or exit)", op);
      goto out;
    }
  }
  if (open && nextb != kb) {
    char x[80];
    snprintf(x, sizeof x, "%u blocks, warps given for %u", kb, nextb);
    rc = rerr(&r, "truncated file: kernel declares %s", x);
  }
out:
  free(buf);
  free(qn);
  fclose(f);
  if (!rc) rc = shell_wl_finish(w, path);
  return rc;
}

void shell_wl_write_name(const char *name, FILE *f) {
  int bare = *name != 0;
  for (const unsigned char *c = (const unsigned char *)name; *c && bare; c++)
    bare = *c > 0x20 && *c < 0x7f && *c != '"' && *c != '\\' && *c != '#';
  if (bare) {
    fputs(name, f);
    return;
  }
  fputc('"', f);
  for (const unsigned char *c = (const unsigned char *)name; *c; c++)
    if (*c == '"' || *c == '\\') fprintf(f, "\\%c", *c);
    else if (*c < 0x20 || *c >= 0x7f) fprintf(f, "\\x%02x", *c);
    else fputc(*c, f);
  fputc('"', f);
}

int shell_wl_write(const shell_wl_t *w, FILE *f) {
  fprintf(f, "# shell workload (docs/shell.md, compact text format)\n");
  for (uint32_t i = 0; i < w->nk; i++) {
    const wl_kernel_t *k = &w->k[i];
    fputs("kernel ", f);
    shell_wl_write_name(k->name, f);
    fprintf(f, " %u %u\n", k->blocks, k->warps);
    for (uint32_t j = 0; j < k->blocks * k->warps; j++) {
      fprintf(f, "warp %u %u\n", j / k->warps, j % k->warps);
      for (uint32_t x = 0; x < k->wlen[j]; x++) {
        const wl_rec_t *r = &w->rec[k->wfirst[j] + x];
        switch (r->kind) {
        case WL_ALU: fprintf(f, "alu %u\n", r->count); break;
        case WL_BAR: fprintf(f, "bar\n"); break;
        case WL_EXIT: fprintf(f, "exit\n"); break;
        default: {
          unsigned n = popcnt64(r->mask);
          uint32_t a[WL_LANES] = {0};
          for (unsigned q = 0; q < n; q++) a[q] = shell_wl_lane(w->pool, r, q);
          int stride = n > 1;
          for (unsigned q = 2; q < n && stride; q++) stride = a[q] - a[q - 1] == a[1] - a[0];
          fprintf(f, "%s 0x%x %u", r->kind == WL_ST ? "st" : "ld", r->mask, r->size);
          if (n == 1) fprintf(f, " list 0x%x", a[0]);
          else if (stride) fprintf(f, " stride 0x%x %lld", a[0], (long long)a[1] - (long long)a[0]);
          else {
            fprintf(f, " delta 0x%x", a[0]);
            for (unsigned q = 1; q < n; q++) fprintf(f, " %lld", (long long)a[q] - (long long)a[q - 1]);
          }
          /* the site, unless it is the one a line without `pc` reads back */
          if (r->site != x) fprintf(f, " pc %u", r->site);
          fprintf(f, "\n");
        }
        }
      }
    }
  }
  return ferror(f) ? -1 : 0;
}

int shell_wl_spec_kind(const char *spec) {
  size_t n = strlen(spec);
  if ((n > 7 && !strcmp(spec + n - 7, ".traceg")) || (n > 10 && !strcmp(spec + n - 10, ".traceg.xz"))) return 2;
  if (n > 2 && !strcmp(spec + n - 2, ".g")) return 3;
  if (n > 3 && !strcmp(spec + n - 3, ".wl")) return 1;
  return 0;
}

int shell_wl_load(shell_wl_t *w, const char *spec, const char *args, uint64_t seed) {
  switch (shell_wl_spec_kind(spec)) {
  case 3: return shell_wl_kernelslist(w, spec);
  case 2: return shell_wl_traceg(w, spec);
  case 1: return shell_wl_read(w, spec);
  default: return shell_wl_gen(w, spec, args, seed);
  }
}
