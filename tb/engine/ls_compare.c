/* ls_compare.c -- the per-cycle work between the two models: inputs given
 * to the RTL, outputs and write ports compared before the clock edge,
 * registers and written memory rows after it, the input history a
 * divergence report prints, and --rand-init's common initial state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ls_run.h"

/* An element of at most 64 bits stored in 1, 2, 4 or 8 bytes, as a value. */
static inline uint64_t ld_scalar(const char *p, unsigned size) {
  switch (size) {
  case 1: return *(const uint8_t *)p;
  case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
  case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
  default: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
}

/* Compares one signal (element elem) between C and RTL; 1 on a mismatch. */
static int cmp_sig(run_t *r, ls_sig_t *s, unsigned elem) {
  r->compared++;
  if (s->same && !memcmp(s->c + (size_t)elem * s->stride, s->rp + (size_t)elem * s->rsize, s->rsize)) return 0;
  if (s->scalar && ld_scalar(s->c + (size_t)elem * s->stride, (unsigned)s->csize) ==
                       ld_scalar(s->rp + (size_t)elem * s->rsize, s->rsize))
    return 0; /* C keeps a narrow value in a wider type than Verilator's (or the reverse) */
  ls_cget(s, elem, r->cbuf);
  ls_rget(s, elem, r->rbuf);
  if (s->gmask) /* GATE=1: bits the netlist does not drive are not compared */
    for (unsigned w = 0; w < s->words; w++) {
      r->cbuf[w] &= s->gmask[(size_t)elem * s->words + w];
      r->rbuf[w] &= s->gmask[(size_t)elem * s->words + w];
    }
  return memcmp(r->cbuf, r->rbuf, s->words * sizeof(uint32_t)) != 0;
}

/* Compares every element of an array; the first differing element in *elem. */
static int cmp_all(run_t *r, ls_sig_t *s, unsigned *elem) {
  if (s->fast) {
    r->compared += s->depth;
    if (!memcmp(s->c, s->rp, (size_t)s->depth * s->rsize)) return 0;
  }
  if (s->same && !s->fast) { /* C fields interleaved in a struct (stride > size): element by element */
    const char *c = s->c, *p = s->rp;
    unsigned n = s->depth, e = 0;
    r->compared += n;
    switch (s->rsize) { /* the common sizes without a call */
    case 1: for (; e < n && c[(size_t)e * s->stride] == p[e]; e++) {} break;
    case 2: for (; e < n && !memcmp(c + (size_t)e * s->stride, p + 2 * (size_t)e, 2); e++) {} break;
    case 4: for (; e < n && !memcmp(c + (size_t)e * s->stride, p + 4 * (size_t)e, 4); e++) {} break;
    default: for (; e < n && !memcmp(c + (size_t)e * s->stride, p + (size_t)e * s->rsize, s->rsize); e++) {} break;
    }
    if (e == n) return 0;
    r->compared -= n;
  } else if (s->scalar && !s->same) { /* sizes differ (C uint32_t, Verilator CData, ...): by value */
    unsigned n = s->depth, e = 0, cs = (unsigned)s->csize;
    for (; e < n && ld_scalar(s->c + (size_t)e * s->stride, cs) == ld_scalar(s->rp + (size_t)e * s->rsize, s->rsize); e++) {}
    r->compared += n;
    if (e == n) return 0;
    r->compared -= n;
  }
  for (unsigned e = 0; e < s->depth; e++)
    if (cmp_sig(r, s, e)) { *elem = e; return 1; }
  return 0;
}

static int we_set(run_t *r, const ls_sig_t *s) {
  uint32_t we;
  ls_cget(&r->map.sig[s->we_sig], 0, &we);
  return we & 1u;
}

int ls_compare_ports(run_t *r, uint64_t cycle) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind == SIG_OUT || (s->kind == SIG_MPORT && (s->we_sig < 0 || we_set(r, s))))
      if (cmp_sig(r, s, 0)) return ls_diverged(r, cycle, i, 0, "outputs before the clock edge");
  }
  return 0;
}

/* regs = 0 (--compare-every K, between its compare points): only the memory
 * row written at this edge (and a due sweep) is compared; registers wait. */
int ls_compare_state(run_t *r, uint64_t cycle, int sweep, int regs) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (!regs && s->kind != SIG_MEM) continue;
    if (s->kind == SIG_REG) {
      if (cmp_sig(r, s, 0)) return ls_diverged(r, cycle, i, 0, "registers after the clock edge");
    } else if (s->kind == SIG_ARR || (s->kind == SIG_MEM && sweep)) {
      unsigned e = 0;
      if (cmp_all(r, s, &e)) return ls_diverged(r, cycle, i, e, "registers after the clock edge");
    } else if (s->kind == SIG_MEM && s->mem->we_i && s->mem->waddr_i < s->depth) {
      /* the row written at this edge, read back from the RTL */
      if (cmp_sig(r, s, s->mem->waddr_i)) return ls_diverged(r, cycle, i, s->mem->waddr_i, "memory row written at the clock edge");
    }
  }
  return 0;
}

void ls_put_inputs(run_t *r) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_IN) continue;
    ls_cget(s, 0, r->cbuf);
    ls_rput(s, 0, r->cbuf);
  }
}

/* RTL alone: outputs read back into the C storage so the stimulus sees them. */
void ls_read_outputs_into_c(run_t *r) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_OUT) continue;
    ls_rget(s, 0, r->rbuf);
    ls_cput(s, 0, r->rbuf);
  }
}

void ls_save_history(run_t *r, uint64_t cycle) {
  uint32_t *h = r->hist[cycle % (uint64_t)r->o->history];
  r->hist_cycle[cycle % (uint64_t)r->o->history] = cycle;
  unsigned off = 0;
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_IN) continue;
    ls_cget(s, 0, h + off);
    off += s->words;
  }
}

/* --rand-init: memories have no reset (like SRAM), so both sides get the same
 * seeded random rows; a register declared not reset takes the RTL's random
 * value on the C side.  Everything else must already agree after reset: that
 * is what the first comparison proves. */
void ls_rand_init_state(run_t *r, uint64_t seed, int after_reset) {
  ls_rng_t rng;
  ls_rng_seed(&rng, seed ^ 0x5eed0f5a11a7e5ull);
  uint32_t *w = r->cbuf;
  for (int i = 0; i < r->map.nsig && !after_reset; i++) {
    ls_sig_t *s = &r->map.sig[i];
    if (s->kind != SIG_MEM) continue;
    for (unsigned e = 0; e < s->depth; e++) {
      ls_rand_bits(&rng, w, s->width);
      if (r->use_c) ls_cput(s, e, w);
      if (r->use_rtl) ls_rput(s, e, w);
    }
  }
  for (int k = 0; k < r->map.nnrs && after_reset; k++) {
    int found = 0;
    for (int i = 0; i < r->map.nsig; i++) {
      ls_sig_t *s = &r->map.sig[i];
      if ((s->kind != SIG_REG && s->kind != SIG_ARR) || strcmp(s->path, r->map.nrs[k].path)) continue;
      found = 1;
      for (unsigned e = 0; e < s->depth; e++) {
        if (r->use_rtl) ls_rget(s, e, w);
        else ls_rand_bits(&rng, w, s->width);
        if (r->use_c) ls_cput(s, e, w);
      }
    }
    if (!found) {
      fprintf(stderr, "error: block %s declares '%s' as not reset, but its state map has no such register\n",
              r->b->name, r->map.nrs[k].path);
      exit(2);
    }
  }
}
