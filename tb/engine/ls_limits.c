/* ls_limits.c -- see ls_limits.h.  One rule per block whose parameter
 * ranges allow more than the bounds; the numbers are those the block's
 * model declares (the init functions of csim/<block>/). */
#include "ls_limits.h"
#include <stdio.h>
#include <string.h>
#include "bits.h"

static unsigned long long pow2_floor(unsigned long long x) {
  unsigned long long p = 1;
  while (p * 2 <= x) p *= 2;
  return x ? p : 0;
}

static int over(const char *params, unsigned long long got, unsigned long long max, const char *what) {
  fprintf(stderr, "error: parameters %s: %s is %llu bits, over the bound of %llu bits (docs/parameters.md, size limits)\n",
          params, what, got, max);
  return -1;
}

int ls_limits_check(const char *block, const l1sys_cfg_t *cfg) {
  char p[256];
  if (!strcmp(block, "mem_1r1w") || !strcmp(block, "mem_1r1w_sync")) {
    if ((unsigned long long)CFG(cfg, MEM_DEPTH) > LS_MAX_ARRAY_ROWS) {
      fprintf(stderr, "error: parameter MEM_DEPTH=%lld: more than %llu rows; the build-cost bound allows at most %llu "
              "rows per memory (docs/parameters.md, size limits)\n", CFG(cfg, MEM_DEPTH), LS_MAX_ARRAY_ROWS, LS_MAX_ARRAY_ROWS);
      return -1;
    }
    unsigned long long bits = (unsigned long long)CFG(cfg, MEM_DEPTH) * (unsigned long long)CFG(cfg, MEM_WIDTH);
    snprintf(p, sizeof p, "MEM_DEPTH=%lld x MEM_WIDTH=%lld", CFG(cfg, MEM_DEPTH), CFG(cfg, MEM_WIDTH));
    if (bits > LS_MAX_ARRAY_BITS) return over(p, bits, LS_MAX_ARRAY_BITS, "the memory array (the build-cost bound)");
  }
  if (!strcmp(block, "fifo_sync")) {
    unsigned long long bits = (unsigned long long)CFG(cfg, FIFO_DEPTH) * (unsigned long long)CFG(cfg, FIFO_WIDTH);
    snprintf(p, sizeof p, "FIFO_DEPTH=%lld x FIFO_WIDTH=%lld", CFG(cfg, FIFO_DEPTH), CFG(cfg, FIFO_WIDTH));
    if (bits > LS_MAX_ARRAY_BITS) return over(p, bits, LS_MAX_ARRAY_BITS, "the FIFO body (the build-cost bound)");
  }
  if (!strcmp(block, "l1d")) {
    unsigned long long sets = (unsigned long long)CFG(cfg, L1D_SETS), ways = (unsigned long long)CFG(cfg, L1D_WAYS);
    unsigned long long line = (unsigned long long)CFG(cfg, L1D_LINE), lines = sets * ways;
    unsigned long long law = (unsigned long long)CFG(cfg, L1D_ADDR_W) - bits_clog2(line);
    /* the widest L1D signals are the tag row (i_tags, ways x tag bits: a
     * set's tags are read together); the data is one bank per way, a line
     * per row */
    unsigned long long tagrow = ways * law;
    snprintf(p, sizeof p, "L1D_WAYS=%llu", ways);
    if (tagrow > LS_MAX_SIGNAL_BITS) {
      fprintf(stderr,
              "error: parameter %s: a tag-memory row holds one %llu-bit tag per way (%llu bits) and the engine "
              "compares signals of at most %u bits: at most %llu ways with L1D_LINE=%llu\n",
              p, law, tagrow, LS_MAX_SIGNAL_BITS, LS_MAX_SIGNAL_BITS / law, line);
      return -1;
    }
    snprintf(p, sizeof p, "L1D_SETS=%llu x L1D_WAYS=%llu", sets, ways);
    if (lines > LS_MAX_ARRAY_ROWS) {
      fprintf(stderr,
              "error: parameters %s: %llu lines, one element each in the per-line state arrays; the build-cost bound "
              "allows at most %llu (docs/parameters.md, size limits): at %llu ways at most %llu sets\n",
              p, lines, LS_MAX_ARRAY_ROWS, ways, pow2_floor(LS_MAX_ARRAY_ROWS / ways));
      return -1;
    }
    /* data and tag arrays, each twice (the remote-lookup copies) */
    unsigned long long bits = 2 * lines * (line * 8 + law);
    snprintf(p, sizeof p, "L1D_SETS=%llu x L1D_WAYS=%llu x L1D_LINE=%llu", sets, ways, line);
    if (bits > LS_MAX_ARRAY_BITS)
      return over(p, bits, LS_MAX_ARRAY_BITS, "the data and tag arrays (2 x lines x (line bits + tag bits), the build-cost bound)");
  }
  return 0;
}
