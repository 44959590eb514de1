/* ls_map.c -- the declaration calls of ls.h: they record each block's
 * parameters, ports and state map for the engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "ls_limits.h"
#include "ls_engine.h"
#include "strlist.h"

static char *dupstr(const char *s) {
  char *d = malloc(strlen(s) + 1);
  if (!d) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  return strcpy(d, s);
}

static ls_sig_t *add(ls_map_t *m, ls_kind_t kind, const char *path, unsigned width, unsigned depth, const void *c,
                     size_t stride, size_t csize) {
  if (m->nsig == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 32;
    m->sig = realloc(m->sig, (size_t)m->cap * sizeof *m->sig);
    if (!m->sig) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  }
  if (!width || width > LS_MAX_SIGNAL_BITS) {
    fprintf(stderr, "lockstep: block declares '%s' with width %u (expected 1..%u)\n", path, width, LS_MAX_SIGNAL_BITS);
    exit(2);
  }
  if (!(width <= 64 && (csize == 1 || csize == 2 || csize == 8) && width <= 8 * csize) && csize != 4) {
    fprintf(stderr, "lockstep: block declares '%s' (%u bits) with a %zu-byte C element (see the storage rule in tb/engine/ls.h)\n",
            path, width, csize);
    exit(2);
  }
  ls_sig_t *s = &m->sig[m->nsig++];
  memset(s, 0, sizeof *s);
  s->kind = kind;
  s->path = dupstr(path);
  char buf[512];
  if (kind == SIG_IN || kind == SIG_OUT) snprintf(buf, sizeof buf, "TOP.ls_top.%s", path);
  else snprintf(buf, sizeof buf, "TOP.ls_top.dut%s%s", *path ? "." : "", path);
  s->rtl = dupstr(buf);
  s->width = width;
  s->words = bits_words(width);
  s->depth = depth;
  s->c = c;
  s->stride = stride;
  s->csize = csize;
  s->we_sig = -1;
  return s;
}

void ls_param(ls_map_t *m, const char *rtl_param, long long value) {
  if (m->npar == m->pcap) {
    m->pcap = m->pcap ? 2 * m->pcap : 8;
    m->par = realloc(m->par, (size_t)m->pcap * sizeof *m->par);
    if (!m->par) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  }
  m->par[m->npar].name = dupstr(rtl_param);
  m->par[m->npar++].value = value;
}

void ls_param_set(ls_map_t *m, const l1sys_cfg_t *cfg, const char *set, const char *prefix, const char *except) {
  int any = 0;
  for (const l1sys_svp_t *v = l1sys_svp; v->set; v++) {
    if (strcmp(v->set, set)) continue;
    any = 1;
    if (strlist_has(except, v->sv)) continue;
    char name[96];
    snprintf(name, sizeof name, "%s%s", prefix ? prefix : "", v->sv);
    ls_param(m, name, cfg->v[v->param]);
  }
  if (!any) { fprintf(stderr, "lockstep: ls_param_set: no SVP(%s, ...) line in csim/params*.def\n", set); exit(2); }
}

void ls_input_(ls_map_t *m, const char *name, unsigned width, void *c, size_t csize) {
  add(m, SIG_IN, name, width, 1, c, 0, csize);
}
void ls_output_(ls_map_t *m, const char *name, unsigned width, void *c, size_t csize) {
  add(m, SIG_OUT, name, width, 1, c, 0, csize);
}
void ls_reg_(ls_map_t *m, const char *path, unsigned width, const void *c, size_t csize) {
  add(m, SIG_REG, path, width, 1, c, 0, csize);
}
void ls_reg_array_(ls_map_t *m, const char *path, unsigned width, unsigned depth, const void *c, size_t stride,
                   size_t csize) {
  add(m, SIG_ARR, path, width, depth, c, stride, csize);
}
void ls_reg_array2_(ls_map_t *m, const char *path, unsigned width, unsigned d0, unsigned d1, const void *c,
                    size_t csize) {
  size_t el = width > 64 ? bits_words(width) * 4u : csize;
  add(m, SIG_ARR, path, width, d0 * d1, c, el, csize)->d1 = d1;
}

static void join(char *buf, size_t n, const char *inst, const char *leaf) {
  const int w = snprintf(buf, n, "%s%s%s", inst, *inst ? "." : "", leaf);
  if (w < 0 || (size_t)w >= n) { /* (an adapter's instance path: never this long) */
    fprintf(stderr, "error: state-map name %s.%s: longer than %zu bytes\n", inst, leaf, n - 1);
    exit(2);
  }
}

void ls_probe_(ls_map_t *m, const char *path, unsigned width, const void *c, size_t csize, const char *valid) {
  int v = -1;
  if (valid) {
    for (int i = 0; i < m->nsig; i++)
      if (!strcmp(m->sig[i].path, valid) && m->sig[i].kind == SIG_MPORT && m->sig[i].width == 1) v = i;
    if (v < 0) {
      fprintf(stderr, "lockstep: ls_probe '%s': its valid '%s' is not a 1-bit probe declared before\n", path, valid);
      exit(2);
    }
  }
  add(m, SIG_MPORT, path, width, 1, c, 0, csize)->we_sig = v;
}

void ls_mem(ls_map_t *m, const char *inst, const mem_1r1w_t *mem) {
  char p[512];
  unsigned aw = bits_idx_w(mem->depth);
  join(p, sizeof p, inst, "we_i");
  int we = m->nsig;
  add(m, SIG_MPORT, p, 1, 1, &mem->we_i, 0, sizeof mem->we_i)->mem = mem;
  join(p, sizeof p, inst, "waddr_i");
  ls_sig_t *s = add(m, SIG_MPORT, p, aw, 1, &mem->waddr_i, 0, sizeof mem->waddr_i);
  s->mem = mem, s->we_sig = we;
  join(p, sizeof p, inst, "wdata_i");
  s = add(m, SIG_MPORT, p, mem->width, 1, mem->wdata_i, 0, sizeof *mem->wdata_i);
  s->mem = mem, s->we_sig = we;
  join(p, sizeof p, inst, "wmask_i");
  s = add(m, SIG_MPORT, p, mem->nslice, 1, mem->wmask_i, 0, sizeof *mem->wmask_i);
  s->mem = mem, s->we_sig = we;
  join(p, sizeof p, inst, "mem_q");
  s = add(m, SIG_MEM, p, mem->width, mem->depth, mem->mem_q, mem->words * sizeof(uint32_t), sizeof *mem->mem_q);
  s->mem = mem;
  s->we_sig = we;
}

void ls_mem_sync(ls_map_t *m, const char *inst, const mem_1r1w_sync_t *mem) {
  char p[512];
  ls_mem(m, inst, &mem->m);
  join(p, sizeof p, inst, "rdata_q");
  ls_reg(m, p, mem->m.width, mem->rdata_q);
  ls_noreset(m, p, "an SRAM macro's output latch has no reset; readers use it only after a read");
}

void ls_fifo(ls_map_t *m, const char *inst, const fifo_sync_t *f) {
  char p[512];
  unsigned pw = bits_idx_w(f->depth), cw = bits_clog2(f->depth + 1);
  join(p, sizeof p, inst, "wptr_q");
  ls_reg(m, p, pw, &f->wptr_q);
  join(p, sizeof p, inst, "rptr_q");
  ls_reg(m, p, pw, &f->rptr_q);
  join(p, sizeof p, inst, "count_q");
  ls_reg(m, p, cw ? cw : 1, &f->count_q);
  join(p, sizeof p, inst, "i_mem");
  ls_mem(m, p, &f->i_mem);
}

void ls_fifo_w2(ls_map_t *m, const char *inst, const fifo_sync_w2_t *f) {
  char p[512];
  unsigned pw = bits_idx_w(2 * f->half), cw = bits_clog2(f->depth + 1);
  join(p, sizeof p, inst, "wptr_q");
  ls_reg(m, p, pw, &f->wptr_q);
  join(p, sizeof p, inst, "rptr_q");
  ls_reg(m, p, pw, &f->rptr_q);
  join(p, sizeof p, inst, "count_q");
  ls_reg(m, p, cw ? cw : 1, &f->count_q);
  join(p, sizeof p, inst, "i_mem0");
  ls_mem(m, p, &f->i_mem0);
  join(p, sizeof p, inst, "i_mem1");
  ls_mem(m, p, &f->i_mem1);
}

void ls_fifo_sram(ls_map_t *m, const char *inst, const fifo_sync_sram_t *f) {
  char p[512];
  unsigned pw = bits_idx_w(f->depth), cw = bits_clog2(f->depth + 1);
  join(p, sizeof p, inst, "wptr_q");
  ls_reg(m, p, pw, &f->wptr_q);
  join(p, sizeof p, inst, "rptr_q");
  ls_reg(m, p, pw, &f->rptr_q);
  join(p, sizeof p, inst, "count_q");
  ls_reg(m, p, cw ? cw : 1, &f->count_q);
  join(p, sizeof p, inst, "out_src_q");
  ls_reg(m, p, 1, &f->out_src_q);
  join(p, sizeof p, inst, "byp_q");
  ls_reg(m, p, f->width, f->byp_q);
  ls_noreset(m, p, "a data register without reset: shown only after a push loaded it");
  join(p, sizeof p, inst, "i_mem");
  ls_mem_sync(m, p, &f->i_mem);
}

/* An element of `bytes` bytes holding `width` bits, into words. */
static void load(const char *p, size_t bytes, unsigned width, uint32_t *words) {
  if (width <= 64 && bytes != 4) {
    uint64_t v = bytes == 1 ? *(const uint8_t *)p : bytes == 2 ? *(const uint16_t *)p : *(const uint64_t *)p;
    words[0] = (uint32_t)v;
    if (width > 32) words[1] = (uint32_t)(v >> 32);
  } else {
    memcpy(words, p, bits_words(width) * sizeof(uint32_t));
  }
  bits_trim(words, width);
}

static void store(char *p, size_t bytes, unsigned width, const uint32_t *words) {
  if (width <= 64 && bytes != 4) {
    uint64_t v = words[0] | (width > 32 ? (uint64_t)words[1] << 32 : 0);
    if (bytes == 1) *(uint8_t *)p = (uint8_t)v;
    else if (bytes == 2) *(uint16_t *)p = (uint16_t)v;
    else *(uint64_t *)p = v;
  } else {
    memcpy(p, words, bits_words(width) * sizeof(uint32_t));
  }
}

void ls_cget(const ls_sig_t *s, unsigned elem, uint32_t *words) {
  load(s->c + (size_t)elem * s->stride, s->csize, s->width, words);
}
void ls_cput(const ls_sig_t *s, unsigned elem, const uint32_t *words) {
  store((char *)s->c + (size_t)elem * s->stride, s->csize, s->width, words);
}
/* Verilator's element: 1, 2, 4 or 8 bytes up to 64 bits, then 32-bit words. */
void ls_rget(const ls_sig_t *s, unsigned elem, uint32_t *words) {
  load(s->rp + (size_t)elem * s->rsize, s->rsize, s->width, words);
}
void ls_rput(const ls_sig_t *s, unsigned elem, const uint32_t *words) {
  store(s->rp + (size_t)elem * s->rsize, s->rsize, s->width, words);
}

void ls_elem_name(const ls_sig_t *s, unsigned elem, char *buf, size_t n) {
  if (s->kind != SIG_ARR && s->kind != SIG_MEM) snprintf(buf, n, "%s", s->rtl);
  else if (s->d1) snprintf(buf, n, "%s[%u][%u]", s->rtl, elem / s->d1, elem % s->d1);
  else snprintf(buf, n, "%s[%u]", s->rtl, elem);
}

void ls_hex(const uint32_t *words, unsigned width, char *buf, size_t n) {
  unsigned digits = (width + 3) / 4;
  size_t k = 0;
  if (n < 4) return;
  buf[k++] = '0', buf[k++] = 'x';
  for (unsigned d = digits; d-- > 0 && k + 1 < n;) {
    unsigned nib = (words[d / 8] >> ((d % 8) * 4)) & 15u;
    buf[k++] = "0123456789abcdef"[nib];
  }
  buf[k] = 0;
}

void ls_cover(ls_map_t *m, const char *name, const uint64_t *count) {
  if (m->ncov == m->ccap) {
    m->ccap = m->ccap ? 2 * m->ccap : 32;
    m->cov = realloc(m->cov, (size_t)m->ccap * sizeof *m->cov);
    if (!m->cov) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  }
  m->cov[m->ncov].name = dupstr(name);
  m->cov[m->ncov++].count = count;
}

void ls_noreset(ls_map_t *m, const char *path, const char *why) {
  if (m->nnrs == m->nrcap) {
    m->nrcap = m->nrcap ? 2 * m->nrcap : 8;
    m->nrs = realloc(m->nrs, (size_t)m->nrcap * sizeof *m->nrs);
    if (!m->nrs) { fprintf(stderr, "lockstep: out of memory\n"); exit(2); }
  }
  m->nrs[m->nnrs].path = dupstr(path);
  m->nrs[m->nnrs++].why = dupstr(why);
}

void ls_map_free(struct ls_map *m) {
  ls_annot_free(m); /* idempotent: the run may have freed them already */
  for (int i = 0; i < m->ncov; i++) free(m->cov[i].name);
  for (int i = 0; i < m->nnrs; i++) free(m->nrs[i].path), free(m->nrs[i].why);
  free(m->cov);
  free(m->nrs);
  for (int i = 0; i < m->nsig; i++) {
    free(m->sig[i].path);
    free(m->sig[i].rtl);
    free(m->sig[i].eh);
    free(m->sig[i].gmask);
  }
  for (int i = 0; i < m->npar; i++) free(m->par[i].name);
  free(m->sig);
  free(m->par);
  memset(m, 0, sizeof *m);
}
