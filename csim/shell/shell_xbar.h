/* shell_xbar.h -- C mirror of rtl/shell/shell_xbar.sv: the shell's request
 * and response crossbars (docs/shell.md, "Dispatcher, crossbars, L2, DRAM").
 * Same register names as the RTL.
 *
 * Request side: SM i offers its injection queue's head (inj_valid_i[i],
 * line, id, store, byp; "line" is the L1D's atom: a line, or with a
 * sectored L1D a sector, whose line is atom >> SECTW); it goes to bank
 * b = line mod NB, round-robin over SMs (bank_rr_q[b]); a winner's inj_pop_o
 * is high.  An SM port moves one flit a cycle: after a store (FLITS flits)
 * the port is busy FLITS-1 more cycles (inj_busy_q), and an SM pops at most
 * one request a cycle (booksim's input_speedup 1).
 * Speedup 1: bank b takes at most one request a cycle, when
 * l2_req_ready_i[b], straight from the winning SM (head-of-line blocking:
 * the losers wait).  Speedup 2 (booksim's internal_speedup 2.0,
 * docs/shell.md "Crossbar speedup"): per bank a boundary buffer i_bq[b] of
 * BQ requests {byp, store, id, line, sm} that takes up to two grants a
 * cycle (the first two SMs from bank_rr_q whose idle head maps to b), as
 * many as it has room for; its head goes to the bank (l2_req_*_o, when
 * l2_req_ready_i[b]); an empty buffer is cut through: with the bank ready
 * the first grant goes straight to it, as with speedup 1, and only the
 * second is buffered.
 * Response side (an output-queued switch, docs/shell.md "Memory side"): per
 * SM an ejection buffer i_ejq[i] of EJQ responses
 * (-gpgpu_n_cluster_ejection_buffer_size).  Each cycle SM i's buffer, when
 * not full, takes the response head of the first idle bank (round-robin
 * from ej_rr_q[i]) that is for SM i, which pops that bank (l2_rsp_ready_o)
 * and keeps the bank's port busy FLITS-1 more cycles (bk_busy_q); with
 * speedup 2 and room for two, also the next such bank's head.  SM i's
 * port, when not busy (ej_busy_q), is offered its buffer's head
 * (ej_valid_o: registers only); a move (ej_ready_i) keeps the port busy
 * FLITS-1 more cycles.  So a bank and an SM each move one flit a cycle, and
 * a bank's head waits for its SM only when that SM's buffer is full.
 * One-bit-per-SM and one-bit-per-bank ports are bit vectors in the bits.h
 * layout (uint32_t words, element k at bit k: what the RTL's packed
 * [NSm-1:0] / [NB-1:0] vectors are on the VPI side); wider per-SM/per-bank
 * fields are arrays, element k = field k.  The SM-number field of the bank
 * messages is SW = shell_xbar_sw(NSm) bits (the RTL's SW).
 * Speed: the searches run over bit vectors of the candidates (one word test
 * per 32 SMs or banks), so a cycle costs what moves, not NSm x NB.
 * Per cycle: set m->in, shell_xbar_comb(), then shell_xbar_commit(). */
#ifndef SHELL_XBAR_H
#define SHELL_XBAR_H
#include <stdint.h>
#include "fifo_sync_w2.h"

#define SHELL_XBAR_MAX 128                        /* SMs and banks (params_shell.def SHELL_SMS, SHELL_L2_BANKS) */
#define SHELL_XBAR_MW ((SHELL_XBAR_MAX + 31) / 32) /* words of a one-bit-per-SM (or per-bank) vector */

/* The index bits of n things (the RTL's (n > 1) ? $clog2(n) : 1): the SM
 * number on the bank messages, the round-robin pointers. */
static inline unsigned shell_xbar_sw(unsigned n) {
  unsigned r = 1;
  while ((1u << r) < n) r++;
  return r;
}

typedef struct {
  uint32_t inj_valid_i[SHELL_XBAR_MW], inj_line_i[SHELL_XBAR_MAX], inj_id_i[SHELL_XBAR_MAX],
      inj_store_i[SHELL_XBAR_MW], inj_byp_i[SHELL_XBAR_MW];
  uint32_t l2_req_ready_i[SHELL_XBAR_MW];
  uint32_t l2_rsp_valid_i[SHELL_XBAR_MW], l2_rsp_sm_i[SHELL_XBAR_MAX], l2_rsp_line_i[SHELL_XBAR_MAX],
      l2_rsp_id_i[SHELL_XBAR_MAX], l2_rsp_byp_i[SHELL_XBAR_MW];
  uint32_t ej_ready_i[SHELL_XBAR_MW];
} shell_xbar_in_t;

typedef struct {
  uint32_t inj_pop_o[SHELL_XBAR_MW];
  uint32_t l2_req_valid_o[SHELL_XBAR_MW], l2_req_sm_o[SHELL_XBAR_MAX], l2_req_line_o[SHELL_XBAR_MAX],
      l2_req_id_o[SHELL_XBAR_MAX], l2_req_store_o[SHELL_XBAR_MW], l2_req_byp_o[SHELL_XBAR_MW];
  uint32_t l2_rsp_ready_o[SHELL_XBAR_MW];
  uint32_t ej_valid_o[SHELL_XBAR_MW], ej_line_o[SHELL_XBAR_MAX], ej_id_o[SHELL_XBAR_MAX], ej_byp_o[SHELL_XBAR_MW];
} shell_xbar_out_t;

typedef struct {
  unsigned nsm, nb, law, sectw, idw, flits, sw, bw, fw, mw, ejq, ejw; /* law: atom-address bits */
  unsigned speedup, bq, bqw; /* bqw: bits of a boundary-buffer entry */
  uint32_t lawm, idwm, swm; /* not hardware (set at init): masks of law, idw, sw bits */
  shell_xbar_in_t in;
  shell_xbar_out_t out;
  uint32_t bank_rr_q[SHELL_XBAR_MAX], bank_rr_d[SHELL_XBAR_MAX];
  uint32_t inj_busy_q[SHELL_XBAR_MAX], inj_busy_d[SHELL_XBAR_MAX];
  uint32_t ej_busy_q[SHELL_XBAR_MAX], ej_busy_d[SHELL_XBAR_MAX];
  uint32_t ej_rr_q[SHELL_XBAR_MAX], ej_rr_d[SHELL_XBAR_MAX];
  /* per bank: its port into the crossbar busy with a response's extra flits */
  uint32_t bk_busy_q[SHELL_XBAR_MAX], bk_busy_d[SHELL_XBAR_MAX];
  /* per SM: its ejection buffer {byp, id, line} (-gpgpu_n_cluster_ejection_buffer_size) */
  fifo_sync_w2_t *i_ejq;
  /* per bank (speedup 2 only, else NULL): its boundary buffer {byp, store, id, line, sm} */
  fifo_sync_w2_t *i_bq;
  uint32_t ej_popv[SHELL_XBAR_MW], ej_pushv[SHELL_XBAR_MW]; /* this cycle: the SMs popping, pushing their ejection buffer */
  uint8_t ej_list[2 * SHELL_XBAR_MAX], ej_prev[2 * SHELL_XBAR_MAX];
  int offered; /* not hardware: shell_xbar_offer ran since the last edge (its outputs stand: registers only) */
  unsigned nej, nmoved; /* ej_list: the buffers evaluated this cycle (committed); ej_prev: those that moved (nmoved of them) */
  uint32_t ej_wbuf[SHELL_XBAR_MAX][2], ej_wbuf2[SHELL_XBAR_MAX][2];
  uint8_t ej_push2[SHELL_XBAR_MAX];
  uint32_t bq_wbuf[2][2]; /* scratch: a bank's two boundary-buffer writes */
  uint32_t bq_live[SHELL_XBAR_MW]; /* not hardware: the banks whose boundary buffer req_speedup2 evaluated this cycle */
  /* not hardware: the banks whose boundary buffer may be other than empty
   * and idle at its write pointer (a superset; reset: all): req_speedup2
   * visits these and the banks with a request, and drops a bank it finds
   * empty and idle (its comb and commit are no-ops until a request) */
  uint32_t bq_busy[SHELL_XBAR_MW];
  /* not hardware: the SMs whose ejection buffer may be non-empty (a
   * superset; reset: all): shell_xbar_offer visits these, and drops one it
   * finds empty after zeroing its line and id outputs, which stay zero
   * until the buffer moves (then commit puts it back) */
  uint32_t ej_ne[SHELL_XBAR_MW];
  /* the searches' scratch (combinational, not registers): the banks whose
   * response head is for SM i, the SMs whose idle head maps to bank b, and
   * which of those vectors are non-empty */
  uint32_t rsp_for[SHELL_XBAR_MAX][SHELL_XBAR_MW], req_to[SHELL_XBAR_MAX][SHELL_XBAR_MW];
  uint32_t rsp_any[SHELL_XBAR_MW], req_any[SHELL_XBAR_MW];
  /* not hardware: the ports whose busy counter (*_busy_q) is not 0, and
   * (_nx) those whose next value (*_busy_d) is not 0; a cycle counts down
   * only these (every other counter is 0, its next value too) */
  uint32_t inj_busy_any[SHELL_XBAR_MW], ej_busy_any[SHELL_XBAR_MW], bk_busy_any[SHELL_XBAR_MW];
  uint32_t inj_busy_nx[SHELL_XBAR_MW], ej_busy_nx[SHELL_XBAR_MW], bk_busy_nx[SHELL_XBAR_MW];
} shell_xbar_t;

/* law: atom-address bits; sectw: log2 sectors per line; ejq: entries of
 * each SM's ejection buffer; speedup: 1 or 2 (SHELL_XBAR_SPEEDUP); bq: each
 * bank's boundary buffer (SHELL_XBAR_BQ, used with speedup 2).  -1 when nsm
 * or nb is outside 1..SHELL_XBAR_MAX, flits or ejq is 0, speedup is not 1
 * or 2, bq < 2 with speedup 2, or sectw >= law. */
int shell_xbar_init(shell_xbar_t *m, unsigned nsm, unsigned nb, unsigned law, unsigned sectw, unsigned idw,
                    unsigned flits, unsigned ejq, unsigned speedup, unsigned bq);
void shell_xbar_free(shell_xbar_t *m);
void shell_xbar_reset(shell_xbar_t *m);
/* The ejection offers (ej_*_o): the ejection buffers' heads, registers
 * only; what an SM needs before it answers ej_ready_i. */
void shell_xbar_offer(shell_xbar_t *m);
/* Everything (calls shell_xbar_offer first, unless it ran since the last edge). */
void shell_xbar_comb(shell_xbar_t *m);
void shell_xbar_commit(shell_xbar_t *m);

static inline unsigned shell_xbar_bit(const uint32_t *v, unsigned k) { return (v[k >> 5] >> (k & 31)) & 1u; }
static inline void shell_xbar_put(uint32_t *v, unsigned k, uint32_t b) {
  v[k >> 5] = (v[k >> 5] & ~(1u << (k & 31))) | ((b & 1u) << (k & 31));
}

#endif
