/* shell_gstats.h -- GPGPU-Sim's statistics for the GPU shell (make sim
 * --stats gpgpusim; docs/shell.md, "Statistics as GPGPU-Sim prints them").
 *
 * Statistics only, not hardware: an observer of the C model's counters and
 * events, cycle by cycle, that files them under GPGPU-Sim's names:
 *   - per kernel: gpu_sim_cycle, gpu_sim_insn (thread instructions: the
 *     workload's active lanes, wl_kernel_t.threads), gpu_ipc (thread
 *     instructions per cycle, GPGPU-Sim's definition), the gpu_tot_* running
 *     totals, gpu_tot_issued_cta; our warp-instruction IPC under its own name
 *     (gpu_warp_ipc);
 *   - the L1D block (L1D_cache_core[i], L1D_total_cache_*) and the
 *     Total_core_cache_stats_breakdown / Total_core_cache_fail_stats_breakdown
 *     split by access type GLOBAL_ACC_R / GLOBAL_ACC_W, from each L1D's
 *     counter increments in the cycle and the type (d_store_q) of the request
 *     its decide stage held;
 *   - the L2 block (L2_cache_bank[i], L2_total_cache_*, the breakdown) from
 *     the banks' counters (shell_l2 cnt_q, read only);
 *   - gpgpu_simulation_time / _rate.
 * GPGPU-Sim prints the cache blocks cumulative since the start of the
 * simulation at the end of every kernel; so do we.
 *
 * Use: shell_gstats_init(), then per cycle shell_gstats_cycle() in place of
 * the shell_comb/shell_commit/shell_check triple (shell_gstats_run() is
 * shell_run() with the observer), then shell_gstats_print() /
 * shell_gstats_json_write(). */
#ifndef SHELL_GSTATS_H
#define SHELL_GSTATS_H
#include <stdint.h>
#include <stdio.h>
#include "shell.h"

/* GPGPU-Sim's enum names (gpu-cache.h, abstract_hardware_model.h). */
enum { GS_GLOBAL_ACC_R, GS_GLOBAL_ACC_W, GS_NT };
enum { GS_HIT, GS_HIT_RESERVED, GS_MISS, GS_RESERVATION_FAIL, GS_SECTOR_MISS, GS_NS };
/* the first five are GPGPU-Sim's reservation-fail reasons (with its
 * spelling ENRTY); the last two are ours: the L1D's one tag/data port held by
 * a fill, and the bypass queue full (docs/l1d.md) */
enum { GS_LINE_ALLOC_FAIL, GS_MISS_QUEUE_FULL, GS_MSHR_ENRTY_FAIL, GS_MSHR_MERGE_ENRTY_FAIL, GS_MSHR_RW_PENDING,
       GS_PORT_BUSY_FAIL, GS_BYPASS_QUEUE_FULL, GS_NF };
extern const char *const gs_type_name[GS_NT];
extern const char *const gs_status_name[GS_NS];
extern const char *const gs_fail_name[GS_NF];

typedef struct {
  uint64_t st[GS_NT][GS_NS];
  uint64_t fail[GS_NT][GS_NF];
} gs_cache_t;

typedef struct {
  uint64_t hit, miss, smiss, store; /* shell_l2 cnt_q[L2C_HIT / L2C_MISS / L2C_SMISS / L2C_STORE] */
} gs_l2_t;

/* What GPGPU-Sim prints at a kernel's end. */
typedef struct {
  char *name; /* the workload's kernel name (owned copy) */
  uint32_t uid;                  /* kernel_launch_uid: 1, 2, ... */
  uint64_t start, cycles;        /* first cycle; gpu_sim_cycle */
  uint64_t insn, warp_insn, ctas; /* gpu_sim_insn (threads), warp instructions, blocks */
  int finished;
  gs_cache_t *l1d; /* [nsm] cumulative at the kernel's end */
  gs_l2_t *l2;     /* [nbanks] cumulative at the kernel's end */
} gs_kernel_t;

typedef struct {
  unsigned nsm, nbanks, nk;
  gs_cache_t *l1d;  /* [nsm] running */
  gs_kernel_t *k;   /* [nk] */
  uint32_t kern;    /* the kernel running (dispatcher's kern_q) */
  uint64_t kstart;  /* its first cycle */
  uint64_t wi_at_kstart;
  const char *workload; /* the workload's name as given (for the JSON; NULL: not written) */
  /* per SM, the run of cycles whose decide-stage request had one access
   * type (GS_GLOBAL_ACC_*, -1 none or not counted): its type, and its L1D's
   * counters when it began (what moved since belongs to that type) */
  int8_t *tpre;
  uint32_t (*cpre)[L1D_NCNT];
} shell_gstats_t;

int shell_gstats_init(shell_gstats_t *g, const shell_t *s);
void shell_gstats_free(shell_gstats_t *g);
/* One cycle of the shell with the observer: shell_comb, observe, shell_commit,
 * shell_check.  Returns shell_check's value. */
int shell_gstats_cycle(shell_gstats_t *g, shell_t *s);
/* shell_run() with the observer: 0 done, 1 scoreboard failure, 3 limit. */
int shell_gstats_run(shell_gstats_t *g, shell_t *s, uint64_t max_cycles, int progress);
/* The kernel that was running when the run stopped is filed as unfinished
 * (its thread instructions then count the lanes issued so far as 32 per
 * warp instruction: the issue stage does not see masks). */
void shell_gstats_close(shell_gstats_t *g, const shell_t *s);
/* GPGPU-Sim's text: a block per kernel, then the simulation rate. */
void shell_gstats_print(const shell_gstats_t *g, const shell_t *s, FILE *f, double secs);
/* "gpgpusim": {...} -- the same names in JSON (no trailing comma or newline). */
void shell_gstats_json_member(const shell_gstats_t *g, const shell_t *s, FILE *f, double secs);
/* shell_json() with the "gpgpusim" member added; -1 on a write error. */
int shell_gstats_json_write(const shell_gstats_t *g, const shell_t *s, FILE *f, double secs);

#endif
