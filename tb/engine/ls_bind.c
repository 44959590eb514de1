/* ls_bind.c -- the RTL side of a run: the Verilated model opened with the
 * run's plusargs (seed, initial values, an injected fault) and every
 * signal's storage resolved once, by name.  Per cycle the engine then reads
 * and writes Verilator's variables directly (no VPI call, no name
 * formatting) and compares whole arrays with memcmp where the C side uses
 * the same layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ls_rtl.h"
#include "ls_run.h"

/* GATE=1: is rtl a state-map register the mapped netlist does not have?
 * ($LS_GATE_ABSENT names a file of such paths, one a line, written by
 * scripts/gate_hier.py; only registers, never ports or memories.) */
static int gate_absent(const char *rtl) {
  const char *f = getenv("LS_GATE_ABSENT");
  FILE *fp = f && *f ? fopen(f, "r") : NULL;
  if (!fp) return 0;
  char line[1024];
  int hit = 0;
  while (!hit && fgets(line, sizeof line, fp)) {
    line[strcspn(line, "\n")] = 0;
    hit = !strcmp(line, rtl);
  }
  fclose(fp);
  return hit;
}

/* GATE=1: the bits of s the netlist drives from nothing ($LS_GATE_BITS:
 * "RTLPATH ELEMENT lo-hi,..." lines, scripts/gate_hier.py) leave its
 * comparison through s->gmask; 0, or 2 on a malformed line. */
static int gate_bits(ls_sig_t *s) {
  const char *f = getenv("LS_GATE_BITS");
  FILE *fp = f && *f ? fopen(f, "r") : NULL;
  if (!fp) return 0;
  char line[1024], path[1024], bits[512];
  unsigned ln = 0, elem, nmask = 0;
  int rc = 0;
  while (!rc && fgets(line, sizeof line, fp)) {
    ln++;
    if (sscanf(line, "%1023s %u %511s", path, &elem, bits) != 3) {
      fprintf(stderr, "error: %s:%u: expected 'RTLPATH ELEMENT lo-hi,...' (scripts/gate_hier.py)\n", f, ln);
      rc = 2;
      break;
    }
    if (strcmp(path, s->rtl)) continue;
    if (elem >= s->depth) {
      fprintf(stderr, "error: %s:%u: element %u of %s, which has %u\n", f, ln, elem, s->rtl, s->depth);
      rc = 2;
      break;
    }
    if (!s->gmask) {
      s->gmask = malloc((size_t)s->depth * s->words * sizeof *s->gmask);
      if (!s->gmask) { fprintf(stderr, "error: out of memory\n"); exit(2); }
      memset(s->gmask, 0xff, (size_t)s->depth * s->words * sizeof *s->gmask);
    }
    for (char *t = strtok(bits, ","); t; t = strtok(NULL, ",")) {
      unsigned lo, hi;
      int n = sscanf(t, "%u-%u", &lo, &hi);
      if (n == 1) hi = lo;
      if (n < 1 || lo > hi || hi >= s->width) {
        fprintf(stderr, "error: %s:%u: bits '%s' of %s, which has %u bits\n", f, ln, t, s->rtl, s->width);
        rc = 2;
        break;
      }
      for (unsigned b = lo; b <= hi; b++) s->gmask[(size_t)elem * s->words + b / 32] &= ~(1u << (b % 32));
      nmask += hi - lo + 1;
    }
  }
  fclose(fp);
  if (!rc && s->gmask)
    printf("  gate-level: %u bit(s) of %s are not driven in the netlist (flip-flops removed by synthesis), not compared\n",
           nmask, s->rtl);
  return rc;
}

static void resolve_handles(run_t *r) {
  for (int i = 0; i < r->map.nsig; i++) {
    ls_sig_t *s = &r->map.sig[i];
    unsigned ent = 0, elems = 0;
    s->rp = ls_rtl_ptr(s->rtl, &ent, &elems);
    if (s->rp && !ent && elems && s->depth) { /* a model member: elems is its size in bytes */
      ent = elems / s->depth;
      elems = s->depth;
    }
    if (!s->rp && gate_absent(s->rtl)) {
      /* GATE=1: synthesis removed this register (a constant under the
       * configuration's mode ties, or unobservable); the netlist has no
       * value to compare, so it leaves the map (scripts/gate_hier.py lists it) */
      printf("  gate-level: %s is not in the netlist (removed by synthesis), not compared\n", s->rtl);
      free(s->path), free(s->rtl), free(s->eh);
      memmove(s, s + 1, (size_t)(r->map.nsig - i - 1) * sizeof *s);
      r->map.nsig--;
      for (int j = 0; j < r->map.nsig; j++) {
        if (r->map.sig[j].we_sig == i) r->map.sig[j].we_sig = -1;
        else if (r->map.sig[j].we_sig > i) r->map.sig[j].we_sig--;
      }
      i--;
      continue;
    }
    if (!s->rp) {
      fprintf(stderr,
              "error: RTL signal %s not found: the state map of block %s names a %s the RTL does not have "
              "(or the harness was built from an older declaration)\n",
              s->rtl, r->b->name, s->kind == SIG_IN || s->kind == SIG_OUT ? "port" : "register");
      exit(2);
    }
    unsigned want = s->width <= 8 ? 1 : s->width <= 16 ? 2 : s->width <= 32 ? 4 : s->width <= 64 ? 8 : 4 * s->words;
    if (ent != want || (elems && elems != s->depth)) {
      fprintf(stderr, "error: RTL signal %s has %u element(s) of %u bytes; the state map of block %s says %u of %u bits\n",
              s->rtl, elems, ent, r->b->name, s->depth, s->width);
      exit(2);
    }
    s->rsize = ent;
    size_t cel = s->width > 64 ? 4u * s->words : s->csize;
    s->same = cel == ent;
    /* both sides plain integers of 1/2/4/8 bytes: compared by value (the
     * upper bits beyond the width are zero on both sides: Verilator keeps
     * them clean, the C models mask what they store) */
    s->scalar = s->width <= 64 && (s->csize == 1 || s->csize == 2 || s->csize == 4 || s->csize == 8) &&
                (ent == 1 || ent == 2 || ent == 4 || ent == 8);
    s->fast = s->same && (s->depth == 1 || s->stride == ent);
    if (s->kind == SIG_REG || s->kind == SIG_ARR) {
      if (gate_bits(s)) exit(2);
      if (s->gmask) s->same = s->scalar = s->fast = 0; /* compared through the mask (ls_compare.c) */
    }
  }
}

/* The plusargs of the model: Verilator's seed and initial values, and a
 * fault-capable harness's fault; 0, or 2 on a bad LS_FAULT_ID. */
static int rtl_plusargs(const opts_t *o, char **av, int *n, char *seedarg, char *faultarg) {
  /* Verilator's random initial values (built with --x-initial unique) come
   * from its own seed: derived from the run's seed, so a run reproduces. */
  snprintf(seedarg, 64, "+verilator+seed+%llu", (unsigned long long)((o->seed * 2654435761ull) % 2147483647ull + 1));
  /* the lockstep harness is built with --x-initial unique: reset 0 gives
   * every register and X an initial 0, reset 2 a seeded random value */
  av[(*n)++] = seedarg;
  av[(*n)++] = o->rand_init ? "+verilator+rand+reset+2" : "+verilator+rand+reset+0";
  /* a fault-capable harness (scripts/lockstep.sh FAULT_RTL=...) injects the
   * fault whose ID LS_FAULT_ID holds (ls_fault_pkg::sel, read once at time 0) */
  const char *fid = getenv("LS_FAULT_ID");
  if (fid && *fid) {
    if (strspn(fid, "0123456789") != strlen(fid) || strlen(fid) > 9) {
      fprintf(stderr, "error: LS_FAULT_ID='%s': expected a fault ID (build/gen/ls_faults.txt)\n", fid);
      return 2;
    }
    snprintf(faultarg, 64, "+ls_fault=%s", fid);
    av[(*n)++] = faultarg;
  }
  return 0;
}

int ls_bind_rtl(run_t *r) {
  const opts_t *o = r->o;
  char seedarg[64], faultarg[64];
  char **av = calloc((size_t)o->argc + 4, sizeof *av);
  int n = 0;
  for (int i = 0; i < o->argc; i++) av[n++] = o->argv[i];
  if (rtl_plusargs(o, av, &n, seedarg, faultarg)) {
    free(av);
    return 2;
  }
  ls_rtl_open(n, av);
  r->rtl_open = 1;
  free(av);
  resolve_handles(r);
  return 0;
}

/* RTL alone needs only the ports: the speed build has no public state. */
void ls_keep_ports_only(struct ls_map *m) {
  int n = 0;
  for (int i = 0; i < m->nsig; i++) {
    ls_sig_t *s = &m->sig[i];
    if (s->kind == SIG_IN || s->kind == SIG_OUT) { m->sig[n++] = *s; continue; }
    free(s->path), free(s->rtl), free(s->eh);
  }
  m->nsig = n;
}
