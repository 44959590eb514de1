/* ls.h -- the lockstep engine's interface to blocks.
 *
 * A block (tb/blocks/<block>_ls.c) wraps its C model in an adapter and
 * declares, once, everything the engine needs:
 *   - the DUT's parameter overrides   (ls_param)
 *   - its input and output ports      (ls_input / ls_output)
 *   - its state map: every register   (ls_reg / ls_reg_array / ls_mem / ls_mem_sync / ls_fifo /
 *                                      ls_fifo_sram)
 * The engine generates the RTL harness from that declaration (a wrapper
 * module whose inputs VPI can write), builds it with Verilator, and then per
 * cycle: stim() -> same inputs to both models -> compare every output and
 * every memory write port -> clock both -> compare every register.
 *
 * Storage rule for every C field named in a declaration: see ls_input_()
 * below (an integer of a size that holds the value, or uint32_t words).
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
#include "fifo_sync_sram.h"
#include "fifo_sync_w2.h"
#include "ls_rng.h"
#include "mem_1r1w.h"
#include "mem_1r1w_sync.h"

typedef struct ls_map ls_map_t;
typedef struct ls_stats ls_stats_t;

/* Machine-readable results (tb/engine/ls_stats.c): a block's stats() hook adds its
 * counters and derived rates to the run's JSON file.  Names: [a-z0-9_.]. */
void ls_stat_count(ls_stats_t *s, const char *name, uint64_t value);
/* A rate num/den (null in the JSON when den is 0). */
void ls_stat_rate(ls_stats_t *s, const char *name, double num, double den);
/* Cycles the run has done (for per-cycle rates). */
uint64_t ls_stat_cycles(const ls_stats_t *s);

void ls_param(ls_map_t *m, const char *rtl_param, long long value);
/* Declares every parameter of the manifest set `set` (the SVP(set, PARAM,
 * Sv) lines of csim/params*.def) as ls_param(m, prefix Sv, CFG(cfg, PARAM)),
 * skipping the Sv names in the comma-separated except (NULL: none).  The
 * module's "// manifest: set params prefix=... except=..." region declares
 * the same names, so a parameter added to the .def reaches RTL and harness
 * with no edit here. */
void ls_param_set(ls_map_t *m, const l1sys_cfg_t *cfg, const char *set, const char *prefix, const char *except);

/* C storage of a declared signal (the element size comes from the pointer's
 * type through the macros below, so pass typed pointers, never void *):
 *   width <= 64: one unsigned integer of sizeof *c bytes (1, 2, 4 or 8) that
 *     holds the value -- uint8_t / uint16_t / uint32_t / uint64_t;
 *   wider: bits_words(width) uint32_t words, least significant first.
 * Choosing Verilator's own type (<= 8 bits uint8_t, <= 16 uint16_t, <= 32
 * uint32_t, <= 64 uint64_t, wider uint32_t words) lets the engine compare a
 * whole array with one memcmp; any other legal choice is converted per
 * element. */
void ls_input_(ls_map_t *m, const char *name, unsigned width, void *c, size_t csize);
void ls_output_(ls_map_t *m, const char *name, unsigned width, void *c, size_t csize);
void ls_reg_(ls_map_t *m, const char *path, unsigned width, const void *c, size_t csize);
/* An unpacked RTL array `logic [width-1:0] path [depth]`; element i of the
 * C side is at (const char *)c + i * stride. */
void ls_reg_array_(ls_map_t *m, const char *path, unsigned width, unsigned depth, const void *c, size_t stride,
                   size_t csize);
/* A two-dimensional unpacked RTL array `logic [width-1:0] path [d0][d1]`
 * whose C side is a contiguous row-major array c[d0][d1]. */
void ls_reg_array2_(ls_map_t *m, const char *path, unsigned width, unsigned d0, unsigned d1, const void *c,
                    size_t csize);
#define ls_input(m, name, width, c) ls_input_((m), (name), (width), (c), sizeof *(c))
#define ls_output(m, name, width, c) ls_output_((m), (name), (width), (c), sizeof *(c))
#define ls_reg(m, path, width, c) ls_reg_((m), (path), (width), (c), sizeof *(c))
#define ls_reg_array(m, path, width, depth, c, stride) \
  ls_reg_array_((m), (path), (width), (depth), (c), (stride), sizeof *(c))
#define ls_reg_array2(m, path, width, d0, d1, c) ls_reg_array2_((m), (path), (width), (d0), (d1), (c), sizeof *(c))
/* A mem_1r1w instance at inst ("i_tags"): its write port is compared every
 * cycle (address and data only when we_i is set), the row written is read
 * back after the edge, and the whole array is swept every --sweep cycles. */
void ls_mem(ls_map_t *m, const char *inst, const mem_1r1w_t *mem);
/* A mem_1r1w_sync instance: its array and write port as ls_mem, and its
 * output register rdata_q (compared after every edge, declared not reset:
 * an SRAM's output latch is not). */
void ls_mem_sync(ls_map_t *m, const char *inst, const mem_1r1w_sync_t *mem);
/* An internal wire of the RTL (a sub-block's port: "gen_sm[0].i_sm.i_l1d.
 * req_valid_i") compared, as the outputs and memory write ports are, before
 * the clock edge, against the C model's value after comb.  valid: a probe
 * declared before that gates it (compared only in cycles its C value is 1,
 * as a write port's address under its enable); NULL: every cycle. */
void ls_probe_(ls_map_t *m, const char *path, unsigned width, const void *c, size_t csize, const char *valid);
#define ls_probe(m, path, width, c, valid) ls_probe_((m), (path), (width), (c), sizeof *(c), (valid))
/* A fifo_sync instance: its pointer and count registers and its body. */
void ls_fifo(ls_map_t *m, const char *inst, const fifo_sync_t *f);
/* A fifo_sync_w2 instance: pointers, count and its two bodies. */
void ls_fifo_w2(ls_map_t *m, const char *inst, const fifo_sync_w2_t *f);
/* A fifo_sync_sram instance: pointers, count, out_src_q, the bypass register
 * byp_q (declared not reset) and its SRAM body i_mem (ls_mem_sync). */
void ls_fifo_sram(ls_map_t *m, const char *inst, const fifo_sync_sram_t *f);

/* A functional-coverage point ("outcome.load.HIT"): *count is the adapter's
 * own counter, bumped by the adapter when the point is hit.  The engine
 * reports every point never hit in a run and writes the counts (--cov). */
void ls_cover(ls_map_t *m, const char *name, const uint64_t *count);
/* A register of the state map (path as in ls_reg) that the RTL does not
 * reset, and why.  With --rand-init the engine copies its random RTL value
 * into the C model before the first cycle; every other register must come
 * out of reset equal on both sides. */
void ls_noreset(ls_map_t *m, const char *path, const char *why);
/* Optional, for readable divergence reports and waveforms (tb/engine/ls_annot.c),
 * after the signal's declaration:
 *   ls_index(m, "rank_q", 0, "set,way:4")  array element i is "set i/4 way i%4"
 *   ls_index(m, "cnt_q", 4, "queue")       packed register, input or output =
 *                                          fields of 4 bits, field i at bits
 *                                          [4i+3:4i], "queue i" (a per-unit
 *                                          packed port: one field per unit)
 *   ls_enum(m, "req_outcome_o", "L1D_OUT") values are the L1D_OUT_* encodings
 *                                          of csim/params*.def (CONST prefix, or
 *                                          the ENUMV labels of a parameter) */
void ls_index(ls_map_t *m, const char *path, unsigned field_w, const char *names);
void ls_enum(ls_map_t *m, const char *path, const char *group);

typedef struct ls_block {
  const char *name;       /* BLOCK=<name> */
  const char *rtl_module; /* the DUT module */
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
  /* Optional: every counter (ls_stat_count) and derived rate (ls_stat_rate:
   * hit rate, miss rate, stall cycles per reason, ...) for the JSON results. */
  void (*stats)(void *ctx, ls_stats_t *s);
  /* Optional: the parameter blocks (csim/params*.def) this block takes, space
   * separated ("mrpb l1d" for a composite); NULL: its own name only. */
  const char *param_blocks;
  /* 1 for a purely combinational DUT (no clk_i/rst_ni ports). */
  int no_clock;
  /* 1 for a DUT with clk_i but no rst_ni (e.g. the memory wrapper). */
  int no_reset;
  /* Optional: modules Verilator must inline (space separated) into the
   * module that instantiates them (NULL: Verilator decides). */
  const char *vlt_inline;
  /* Optional: modules Verilator must keep as classes of their own (space
   * separated): one C++ body for all their instances instead of a copy per
   * instance, so a many-SM harness compiles in a fraction of the time.  The
   * multi-dimensional arrays inside them are then members of the instance's
   * object; scripts/lockstep.sh resolves each ls_ptrs.inc entry to it. */
  const char *vlt_no_inline;
  /* Optional, for --bench (C alone against RTL alone): stop counting
   * functional coverage and keeping anything only coverage reads; called
   * once after declare().  The engine also skips check() then.  A block
   * without it still counts coverage under --bench. */
  void (*bench)(void *ctx);
  /* Optional: called once before the first cycle of a C run that reads
   * nothing of the C model's state map (the C model alone, no waveform, no
   * comparison): a model that keeps registers only an observer reads in
   * their RTL form may stop doing so (l1d_observe). */
  void (*lean)(void *ctx);
  /* Optional: cycles [from, to) of that lean C run in one call -- stim,
   * comb, commit and, when chk, check each cycle, as the engine's own loop
   * does, without its three or four indirect calls a cycle.  Returns the
   * cycle a check failed at (its message in msg), or to. */
  uint64_t (*run_c)(void *ctx, ls_rng_t *rng, uint64_t from, uint64_t to, int chk, char *msg, size_t n);
  /* Optional, for the comparison waveform's .gtkw: the group a signal (sub:
   * its element or field, -1 the whole) is shown in.  Writes the group's
   * name and returns its rank (groups in rank order; rank < 100: the group
   * starts open), or -1 for the default groups (inputs, outputs, registers,
   * memory write ports). */
  int (*wave_group)(const char *path, int sub, char *name, size_t n);
  /* Optional: a signal (path) whose first non-zero C value in the window is
   * marked in the .gtkw and starts the view, when nothing diverged. */
  const char *wave_mark;
} ls_block_t;

/* The registry (tb/blocks/registry.c). */
const ls_block_t *ls_find_block(const char *name);
void ls_list_blocks(FILE *f);

#endif
