/* l1d_gpgpusim.c -- GPGPU-Sim cache config strings into L1D parameters
 * (see l1d_gpgpusim.h). */
#include "l1d_gpgpusim.h"
#include <stdio.h>

static int gs_err(const char *s, const char *field, const char *why) {
  fprintf(stderr, "error: GPGPU-Sim cache config '%s': field %s: %s\n", s, field, why);
  return -1;
}

static int gs_set(l1sys_cfg_t *cfg, const char *s, const char *field, const char *name, long long v) {
  char buf[96];
  snprintf(buf, sizeof buf, "%s=%lld", name, v);
  if (cfg_set(cfg, buf, field)) return gs_err(s, field, "value out of range (see the message above)");
  return 0;
}

int l1d_parse_gpgpusim(l1sys_cfg_t *cfg, const char *s) {
  unsigned nsets, line, assoc, entries, merge, mq;
  char rep, wr, alloc, wra, idx, mshr;
  int n = 0;
  if (sscanf(s, "%u:%u:%u,%c:%c:%c:%c:%c,%c:%u:%u,%u%n", &nsets, &line, &assoc, &rep, &wr, &alloc, &wra, &idx,
             &mshr, &entries, &merge, &mq, &n) != 12 || s[n])
    return gs_err(s, "(all)", "expected <nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<set_idx>,"
                              "<mshr>:<entries>:<max_merge>,<miss_queue>");
  if (gs_set(cfg, s, "nsets", "L1D_SETS", nsets) || gs_set(cfg, s, "line", "L1D_LINE", line) ||
      gs_set(cfg, s, "assoc", "L1D_WAYS", assoc))
    return -1;
  if (rep != 'L' && rep != 'F') return gs_err(s, "rep", "expected L (LRU) or F (FIFO)");
  if (wr != 'E' && wr != 'T' && wr != 'L') return gs_err(s, "wr", "expected E (write-evict), T (write-through) or L (local WB / global WE: global stores evict)");
  if (alloc != 'm' && alloc != 'f') return gs_err(s, "alloc", "expected m (on miss) or f (on fill)");
  if (wra != 'N') return gs_err(s, "wr_alloc", "expected N (no write allocate: stores are never cached on a miss)");
  if (idx != 'L' && idx != 'H') return gs_err(s, "set_idx", "expected L (linear) or H (Fermi hash)");
  if (mshr != 'A') return gs_err(s, "mshr", "expected A (associative MSHR)");
  if (gs_set(cfg, s, "rep", "L1D_REPL", rep == 'F') || gs_set(cfg, s, "wr", "L1D_WRITE", wr == 'T') ||
      gs_set(cfg, s, "alloc", "L1D_ALLOC", alloc == 'f') || gs_set(cfg, s, "set_idx", "L1D_INDEX", idx == 'H') ||
      gs_set(cfg, s, "entries", "L1D_MSHR_ENTRIES", entries) || gs_set(cfg, s, "max_merge", "L1D_MSHR_MERGE", merge) ||
      gs_set(cfg, s, "miss_queue", "L1D_MISSQ", mq))
    return -1;
  return 0;
}
