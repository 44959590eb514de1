/* ls.h -- the lockstep engine's interface to blocks.
 *
 * A block (tb/blocks/<block>_ls.c) wraps its C model in an adapter and
 * declares, once, everything the engine needs:
 *   - the DUT's parameter overrides   (ls_param)
 *   - its input and output ports      (ls_input / ls_output)
 *   - its state map: every register   (ls_reg / ls_reg_array / ls_mem / ls_fifo)
 * The engine generates the RTL harness from that declaration (a wrapper
 * module whose inputs VPI can write), builds it with Verilator, and then per
 * cycle: stim() -> same inputs to both models -> compare every output and
 * every memory write port -> clock both -> compare every register.
 *
 * Storage rule for every C field named in a declaration: a signal of width
 * <= 32 is one uint32_t; a wider one is bits_words(width) uint32_t words,
 * least significant first (a uint64_t is fine for 33..64 bits).
 * Names: ports as in the DUT ("req_valid_i"); state paths relative to the
 * DUT instance, dotted through sub-instances ("i_mshr.count_q").  The RTL
 * signal is TOP.ls_top.dut.<path>.
 */
#ifndef LS_H
#define LS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "cfg.h"
#include "fifo_sync.h"
#include "ls_rng.h"
#include "mem_1r1w.h"

typedef struct ls_map ls_map_t;

void ls_param(ls_map_t *m, const char *rtl_param, long long value);
void ls_input(ls_map_t *m, const char *name, unsigned width, uint32_t *c);
void ls_output(ls_map_t *m, const char *name, unsigned width, uint32_t *c);
void ls_reg(ls_map_t *m, const char *path, unsigned width, const void *c);
/* An unpacked RTL array `logic [width-1:0] path [depth]`; element i of the
 * C side is at (const char *)c + i * stride. */
void ls_reg_array(ls_map_t *m, const char *path, unsigned width, unsigned depth, const void *c, size_t stride);
/* A mem_1r1w instance at inst ("i_tags"): its write port is compared every
 * cycle (address and data only when we_i is set), the row written is read
 * back after the edge, and the whole array is swept every --sweep cycles. */
void ls_mem(ls_map_t *m, const char *inst, const mem_1r1w_t *mem);
/* A fifo_sync instance: its pointer and count registers and its body. */
void ls_fifo(ls_map_t *m, const char *inst, const fifo_sync_t *f);

/* Optional, for readable divergence reports and waveforms (tb/ls_annot.c),
 * after the signal's declaration:
 *   ls_index(m, "rank_q", 0, "set,way:4")  array element i is "set i/4 way i%4"
 *   ls_index(m, "cnt_q", 4, "queue")       packed register = fields of 4 bits,
 *                                          field i at bits [4i+3:4i], "queue i"
 *   ls_enum(m, "req_outcome_o", "L1D_OUT") values are the L1D_OUT_* encodings
 *                                          of csim/params*.def (CONST prefix, or
 *                                          the ENUMV labels of a parameter) */
void ls_index(ls_map_t *m, const char *path, unsigned field_w, const char *names);
void ls_enum(ls_map_t *m, const char *path, const char *group);

typedef struct ls_block {
  const char *name;       /* BLOCK=<name> */
  const char *rtl_module; /* the DUT module */
  const char *rtl_files;  /* space-separated files under rtl/ the DUT needs (package excluded), leaves first */
  const char *help;       /* one line */
  /* Builds the adapter and C model from the run's parameters; on a bad
   * combination prints one "error: parameter ..." line and returns NULL. */
  void *(*create)(const l1sys_cfg_t *cfg);
  void (*destroy)(void *ctx);
  void (*declare)(void *ctx, ls_map_t *map);
  void (*reset)(void *ctx);
  /* Sets this cycle's inputs.  May read the previous cycle's inputs and
   * outputs (the declared C storage), never the C model's state, so the
   * same stimulus can drive the RTL alone. */
  void (*stim)(void *ctx, ls_rng_t *rng, uint64_t cycle);
  void (*comb)(void *ctx);   /* C model: outputs and next state */
  void (*commit)(void *ctx); /* C model: clock edge */
  /* Optional scoreboard after each cycle (C side): nonzero and a message
   * when a request was lost or duplicated, or an invariant broke. */
  int (*check)(void *ctx, uint64_t cycle, char *msg, size_t n);
  /* Optional: counters and figures at the end of a run. */
  void (*summary)(void *ctx, FILE *f);
  /* 1 for a purely combinational DUT (no clk_i/rst_ni ports). */
  int no_clock;
  /* 1 for a DUT with clk_i but no rst_ni (e.g. the memory wrapper). */
  int no_reset;
} ls_block_t;

/* The registry (tb/blocks/registry.c). */
const ls_block_t *ls_find_block(const char *name);
void ls_list_blocks(FILE *f);

#endif
