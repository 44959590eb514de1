/* test_bdu.c -- directed tests of two-level bypassing's C model
 * (csim/bdu/): every branch of the decision (below L, above H, between
 * with occupancy above and below W, for each reduction), the thresholds'
 * equality cases, the counters at the period's limit, the schedule and
 * the kernel boundary, and loads-only bypass.  The RTL is held to the same
 * model by the lockstep runs (make lockstep BLOCK=bdu). */
#include <string.h>
#include "bdu.h"
#include "tcheck.h"
#include "ls_rng.h"

typedef struct {
  bdu_t b;
  bdu_in_t in;
  bdu_out_t out;
} tb_t;

static void setup(tb_t *t, unsigned period, unsigned hold, unsigned warps, unsigned l, unsigned h, unsigned w,
                  unsigned red) {
  memset(t, 0, sizeof *t);
  bdu_init(&t->b, period, hold, warps);
  t->in.mode_thr_l_i = l;
  t->in.mode_thr_h_i = h;
  t->in.mode_thr_w_i = w;
  t->in.mode_womu_i = red;
}

static void set_occ(tb_t *t, unsigned n) {
  memset(t->in.ibuf_valid_i, 0, sizeof t->in.ibuf_valid_i);
  for (unsigned i = 0; i < n; i++) t->in.ibuf_valid_i[i >> 5] |= 1u << (i & 31);
}

static void cyc(tb_t *t) {
  bdu_comb(&t->b, &t->in, &t->out);
  bdu_commit(&t->b);
  t->in.kernel_start_i = t->in.tb_disp_i = 0;
}

/* One whole sampling period from IDLE: accesses every cycle, the first
 * `misses` of them misses, occupancy occ[i] in cycle i (or occ0). Returns
 * the mode after DECIDE. */
static unsigned period(tb_t *t, unsigned misses, const unsigned *occ, unsigned occ0) {
  t->in.kernel_start_i = 1;
  t->in.tb_disp_i = 1;
  cyc(t);
  for (unsigned i = 0; i < t->b.period; i++) {
    t->in.ev_access_i = 1;
    t->in.ev_miss_i = i < misses;
    set_occ(t, occ ? occ[i] : occ0);
    cyc(t);
  }
  t->in.ev_access_i = t->in.ev_miss_i = 0;
  cyc(t); /* DECIDE */
  return t->b.bmode_q;
}

static void test_branches(tc_t *tc) {
  tb_t t;
  setup(&t, 100, 10, 32, 30, 90, 16, BDU_WOMU_AVG);
  TC_CHECK(tc, period(&t, 10, NULL, 32) == 0 && t.out.cls_o == BDU_CLS_LOW, "miss rate 10%% < L = 30%%: C mode (MRMU says 0)");
  TC_CHECK(tc, period(&t, 95, NULL, 0) == 1 && t.out.cls_o == BDU_CLS_HIGH, "miss rate 95%% > H = 90%%: B mode (MRMU says 1), whatever the occupancy");
  TC_CHECK(tc, period(&t, 50, NULL, 20) == 0 && t.out.cls_o == BDU_CLS_MID, "miss rate 50%%, occupancy 20 >= W = 16: C mode");
  TC_CHECK(tc, period(&t, 50, NULL, 15) == 1 && t.out.cls_o == BDU_CLS_MID, "miss rate 50%%, occupancy 15 < W = 16: B mode");
  /* equality at the thresholds: not below L, not above H -> the WOMU decides */
  TC_CHECK(tc, period(&t, 30, NULL, 32) == 0 && t.out.cls_o == BDU_CLS_MID, "miss rate exactly L: between (MID), occupancy high: C");
  TC_CHECK(tc, period(&t, 90, NULL, 0) == 1 && t.out.cls_o == BDU_CLS_MID, "miss rate exactly H: between (MID), occupancy low: B");
  TC_CHECK(tc, period(&t, 0, NULL, 0) == 0, "no miss: C mode");
  /* no access at all: both compares false -> MID */
  t.in.kernel_start_i = t.in.tb_disp_i = 1;
  cyc(&t);
  set_occ(&t, 3);
  for (unsigned i = 0; i <= t.b.period; i++) cyc(&t);
  TC_CHECK(tc, t.out.cls_o == BDU_CLS_MID && t.b.bmode_q == 1, "a period without accesses is ambiguous: low occupancy decides B");
}

static void test_reductions(tc_t *tc) {
  tb_t t;
  unsigned occ[100];
  /* mean 16 exactly (half the cycles 8, half 24), minimum 8, last 24 */
  for (unsigned i = 0; i < 100; i++) occ[i] = i % 2 ? 24 : 8;
  setup(&t, 100, 10, 32, 30, 90, 16, BDU_WOMU_AVG);
  TC_CHECK(tc, period(&t, 50, occ, 0) == 0, "AVG: mean exactly W = 16 is not below W: C mode (sum %u vs W*P %u)", t.b.i_womu.occ_sum_q, 16 * 100);
  t.in.mode_thr_w_i = 17;
  TC_CHECK(tc, period(&t, 50, occ, 0) == 1, "AVG: mean 16 < W = 17: B mode");
  setup(&t, 100, 10, 32, 30, 90, 9, BDU_WOMU_MIN);
  TC_CHECK(tc, period(&t, 50, occ, 0) == 1 && t.b.i_womu.occ_min_q == 8, "MIN: minimum 8 < W = 9: B mode");
  t.in.mode_thr_w_i = 8;
  TC_CHECK(tc, period(&t, 50, occ, 0) == 0, "MIN: minimum 8, W = 8: C mode");
  setup(&t, 100, 10, 32, 30, 90, 24, BDU_WOMU_LAST);
  TC_CHECK(tc, period(&t, 50, occ, 0) == 0 && t.b.i_womu.occ_last_q == 24, "LAST: last cycle's 24, W = 24: C mode");
  t.in.mode_thr_w_i = 25;
  TC_CHECK(tc, period(&t, 50, occ, 0) == 1, "LAST: last cycle's 24 < W = 25: B mode");
}

static void test_widths(tc_t *tc) {
  tb_t t;
  setup(&t, 5000, 10, 64, 30, 90, 16, BDU_WOMU_AVG);
  TC_CHECK(tc, t.b.cnt_w == 13 && t.b.occ_w == 7, "the paper's 5000-cycle period: 13-bit counters (as the paper's 2 x 13 bits); 64 warps need 7 bits, not 5");
  setup(&t, 8191, 10, 31, 30, 90, 16, BDU_WOMU_AVG);
  TC_CHECK(tc, t.b.cnt_w == 13 && t.b.occ_w == 5, "8191 cycles still fit 13 bits; 31 warps fit the paper's 5 bits");
  period(&t, 8191, NULL, 31);
  TC_CHECK(tc, t.b.i_mrmu.acc_cnt_q == 8191 && t.b.i_mrmu.miss_cnt_q == 8191 && t.b.bmode_q == 1,
           "an access and a miss every cycle of 8191: counters at 8191 = 2^13 - 1, no wrap, B mode (got %u, %u)",
           t.b.i_mrmu.acc_cnt_q, t.b.i_mrmu.miss_cnt_q);
  TC_CHECK(tc, t.b.i_womu.occ_sum_q == 8191u * 31u && t.b.i_womu.sum_w == 18, "occupancy sum 8191 * 31 fits its 18 bits");
  setup(&t, 8192, 10, 64, 30, 90, 16, BDU_WOMU_AVG);
  TC_CHECK(tc, t.b.cnt_w == 14, "8192 cycles need 14-bit counters (a 13-bit one would wrap to 0)");
  period(&t, 8192, NULL, 64);
  TC_CHECK(tc, t.b.i_mrmu.acc_cnt_q == 8192, "8192 accesses counted in 14 bits (got %u)", t.b.i_mrmu.acc_cnt_q);
}

static void test_schedule(tc_t *tc) {
  tb_t t;
  setup(&t, 4, 3, 8, 30, 90, 4, BDU_WOMU_LAST);
  set_occ(&t, 0);
  cyc(&t);
  cyc(&t);
  TC_CHECK(tc, t.b.phase_q == BDU_PH_IDLE && !t.b.bmode_q, "after reset: IDLE in C mode until a thread block arrives");
  t.in.tb_disp_i = 1;
  cyc(&t);
  unsigned ns = 0;
  while (t.b.phase_q == BDU_PH_SAMPLE && ns < 100) {
    t.in.ev_access_i = t.in.ev_miss_i = 1;
    t.in.req_valid_i = 1;
    bdu_comb(&t.b, &t.in, &t.out);
    if (t.out.req_byp_o) break;
    bdu_commit(&t.b);
    ns++;
  }
  t.in.ev_access_i = t.in.ev_miss_i = 0;
  TC_CHECK(tc, ns == 4 && t.b.phase_q == BDU_PH_DECIDE, "sampling lasts the period, 4 cycles, in C mode (got %u)", ns);
  cyc(&t);
  TC_CHECK(tc, t.b.phase_q == BDU_PH_HOLD && t.b.bmode_q, "DECIDE: all misses -> B mode, then HOLD");
  t.in.req_valid_i = 1;
  t.in.req_store_i = 0;
  bdu_comb(&t.b, &t.in, &t.out);
  unsigned ld = t.out.req_byp_o;
  t.in.req_store_i = 1;
  bdu_comb(&t.b, &t.in, &t.out);
  TC_CHECK(tc, ld == 1 && t.out.req_byp_o == 0, "B mode: loads bypass, stores do not");
  t.in.req_valid_i = t.in.req_store_i = 0;
  unsigned nh = 0;
  while (t.b.phase_q == BDU_PH_HOLD && nh < 100) { cyc(&t); nh++; }
  TC_CHECK(tc, nh == 3 && t.b.phase_q == BDU_PH_SAMPLE && !t.b.bmode_q, "the decision holds 3 cycles, then sampling again in C mode (held %u)", nh);
  t.in.kernel_start_i = 1;
  cyc(&t);
  TC_CHECK(tc, t.b.phase_q == BDU_PH_IDLE && !t.b.bmode_q, "kernel start: back to IDLE, C mode");
  cyc(&t);
  cyc(&t);
  TC_CHECK(tc, t.b.phase_q == BDU_PH_IDLE, "no sampling until the new kernel's first thread block");
  /* Hold = 0: until the next kernel */
  setup(&t, 4, 0, 8, 30, 90, 4, BDU_WOMU_LAST);
  period(&t, 4, NULL, 8);
  for (int i = 0; i < 1000; i++) cyc(&t);
  TC_CHECK(tc, t.b.phase_q == BDU_PH_HOLD && t.b.bmode_q, "Hold = 0: B mode held for 1000 cycles (until a kernel start)");
}

/* What the MRMU counts: HIT_RESERVED is a miss; a bypassed load is no access. */
static void test_counting(tc_t *tc) {
  tb_t t;
  setup(&t, 10, 10, 8, 30, 90, 4, BDU_WOMU_LAST);
  t.in.kernel_start_i = t.in.tb_disp_i = 1;
  cyc(&t);
  for (unsigned i = 0; i < 10; i++) {
    t.in.ev_access_i = 1;
    t.in.ev_hitres_i = i < 3;                        /* 3 hit-reserved */
    t.in.ev_miss_i = i >= 3 && i < 6;                /* 3 misses, of which */
    t.in.ev_byp_i = i == 5;                          /* 1 a bypassed load */
    cyc(&t);
  }
  TC_CHECK(tc, t.b.i_mrmu.acc_cnt_q == 9 && t.b.i_mrmu.miss_cnt_q == 5,
           "10 accesses (1 bypassed), 3 HIT_RESERVED + 3 MISS (1 bypassed): 9 accesses, 5 misses counted (got %u, %u)",
           t.b.i_mrmu.acc_cnt_q, t.b.i_mrmu.miss_cnt_q);
}

/* One cycle's random inputs for the step tests: a kernel start (1 in
 * ks) and a dispatch (1 in disp), events, a request, and the instruction
 * buffers' valid bits of the unit's warps. */
static void rand_cycle(ls_rng_t *r, bdu_in_t *in, unsigned warps, unsigned ks, unsigned disp) {
  in->kernel_start_i = ls_below(r, ks) == 0;
  in->tb_disp_i = ls_below(r, disp) == 0;
  in->ev_access_i = ls_chance(r, 50), in->ev_miss_i = ls_chance(r, 40);
  in->ev_hitres_i = ls_chance(r, 10), in->ev_byp_i = ls_chance(r, 20);
  in->req_valid_i = ls_chance(r, 50), in->req_store_i = ls_chance(r, 20);
  for (unsigned w = 0; w < WOMU_MAX_WARPS / 32; w++) in->ibuf_valid_i[w] = (uint32_t)ls_rand(r);
  for (unsigned i = warps; i < WOMU_MAX_WARPS; i++) in->ibuf_valid_i[i >> 5] &= ~(1u << (i & 31)); /* (the unit's warps only) */
}

/* bdu_step (the shell's one call a cycle) leaves every register as
 * bdu_comb then bdu_commit do, and returns the new mode: random inputs
 * (kernel starts, dispatches, events, occupancies, modes changing now and
 * then) over several geometries, every cycle compared. */
static void test_step(tc_t *tc) {
  static const unsigned geo[][3] = {{16, 8, 48}, {1, 0, 48}, {7, 1, 32}, {64, 0, 64}, {5, 3, 1}};
  unsigned bad = 0, cycles = 0, decides = 0;
  for (unsigned g = 0; g < sizeof geo / sizeof geo[0]; g++) {
    ls_rng_t r;
    ls_rng_seed(&r, 100 + g);
    bdu_t a, b;
    bdu_init(&a, geo[g][0], geo[g][1], geo[g][2]);
    bdu_init(&b, geo[g][0], geo[g][1], geo[g][2]);
    bdu_in_t in;
    bdu_out_t o;
    memset(&in, 0, sizeof in);
    for (unsigned c = 0; c < 40000 && !bad; c++) {
      if (c % 997 == 0) {
        in.mode_thr_l_i = ls_below(&r, 101), in.mode_thr_h_i = ls_below(&r, 101);
        in.mode_thr_w_i = ls_below(&r, geo[g][2] + 1), in.mode_womu_i = ls_below(&r, 3);
      }
      rand_cycle(&r, &in, geo[g][2], 700, 40);
      decides += a.phase_q == BDU_PH_DECIDE;
      bdu_comb(&a, &in, &o);
      bdu_commit(&a);
      const uint32_t m = bdu_step(&b, &in);
      bad += m != a.bmode_q || a.phase_q != b.phase_q || a.timer_q != b.timer_q || a.bmode_q != b.bmode_q ||
             a.i_mrmu.acc_cnt_q != b.i_mrmu.acc_cnt_q || a.i_mrmu.miss_cnt_q != b.i_mrmu.miss_cnt_q ||
             a.i_womu.occ_last_q != b.i_womu.occ_last_q || a.i_womu.occ_min_q != b.i_womu.occ_min_q ||
             a.i_womu.occ_sum_q != b.i_womu.occ_sum_q;
      cycles++;
    }
  }
  TC_CHECK(tc, !bad && decides > 1000, "bdu_step equals bdu_comb + bdu_commit: %u cycles (%u decisions), %u differ",
           cycles, decides, bad);
}

/* bdu_advance (the shell's left-out SMs) leaves every register as that
 * many bdu_step calls with no event, kernel start or dispatch and the
 * instruction buffers standing, for every count up to bdu_still_for: the
 * unit driven at random between the stretches (so that they start in
 * every phase and timer), each stretch's end compared. */
static void test_advance(tc_t *tc) {
  static const unsigned geo[][3] = {{16, 8, 48}, {1, 0, 48}, {7, 1, 32}, {300, 900, 64}, {5, 3, 1}};
  unsigned bad = 0, stretches = 0, sampled = 0, held = 0;
  for (unsigned g = 0; g < sizeof geo / sizeof geo[0]; g++) {
    ls_rng_t r;
    ls_rng_seed(&r, 200 + g);
    bdu_t a, b;
    bdu_init(&a, geo[g][0], geo[g][1], geo[g][2]);
    bdu_init(&b, geo[g][0], geo[g][1], geo[g][2]);
    bdu_in_t in;
    memset(&in, 0, sizeof in);
    in.mode_thr_l_i = 30, in.mode_thr_h_i = 70, in.mode_thr_w_i = geo[g][2] / 2, in.mode_womu_i = BDU_WOMU_AVG;
    for (unsigned c = 0; c < 20000 && !bad; c++) {
      /* a random cycle on both */
      rand_cycle(&r, &in, geo[g][2], 500, 30);
      (void)bdu_step(&a, &in), (void)bdu_step(&b, &in);
      if (ls_below(&r, 8)) continue;
      /* a stretch the shell would leave out: no event, the buffers standing */
      const uint32_t lim = bdu_still_for(&a);
      if (!lim) continue;
      uint32_t n = 1 + ls_below(&r, lim < 400 ? lim : 400);
      in.kernel_start_i = in.tb_disp_i = in.ev_access_i = in.ev_miss_i = in.ev_hitres_i = in.ev_byp_i = 0;
      sampled += a.phase_q == BDU_PH_SAMPLE;
      held += a.phase_q == BDU_PH_HOLD;
      for (uint32_t k = 0; k < n; k++) (void)bdu_step(&a, &in);
      bdu_advance(&b, &in, n);
      bad += a.phase_q != b.phase_q || a.timer_q != b.timer_q || a.bmode_q != b.bmode_q ||
             a.i_mrmu.acc_cnt_q != b.i_mrmu.acc_cnt_q || a.i_mrmu.miss_cnt_q != b.i_mrmu.miss_cnt_q ||
             a.i_womu.occ_last_q != b.i_womu.occ_last_q || a.i_womu.occ_min_q != b.i_womu.occ_min_q ||
             a.i_womu.occ_sum_q != b.i_womu.occ_sum_q;
      stretches++;
    }
  }
  TC_CHECK(tc, !bad && sampled > 500 && held > 500,
           "bdu_advance equals as many event-free bdu_step calls: %u stretches (%u sampling, %u holding), %u differ",
           stretches, sampled, held, bad);
}

int main(void) {
  tc_t t = TC_INIT("bdu");
  test_branches(&t);
  test_counting(&t);
  test_reductions(&t);
  test_widths(&t);
  test_schedule(&t);
  test_step(&t);
  test_advance(&t);
  return tc_done(&t);
}
