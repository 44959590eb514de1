/* test_chss.c -- directed tests of the CHSS unit's C model (csim/chss/):
 * the paper's Figure 5 narrative, Eq. 1 in fixed point and its zero rules,
 * hill climbing at the table's ends and on ties, Table 1, counter halving,
 * follower mode and the kernel boundary.  The RTL is held to the same model
 * by the lockstep runs (make lockstep BLOCK=chss). */
#include <string.h>
#include "chss.h"
#include "tcheck.h"
#include "ls_rng.h"

typedef struct {
  chss_t m;
  chss_in_t in;
  chss_out_t out;
  int slot_of[64];     /* block id -> slot */
  unsigned tag_of[64]; /* block id -> disp_tag_o at its dispatch */
  unsigned used;       /* slots in use, bit per slot */
} tb_t;

/* One cycle; then the pulses drop (modes and the broadcast stay). */
static void clear_pulses(chss_in_t *in) {
  in->kernel_start_i = in->disp_valid_i = in->cmt_valid_i = in->ev_hit_i = in->ev_stall_i = in->ld_valid_i = 0;
  in->warp_cnt_i = 24;
  in->l2_lat_i = 120;
}

static void cyc(tb_t *t) {
  chss_comb(&t->m, &t->in, &t->out);
  chss_commit(&t->m);
  clear_pulses(&t->in);
}

static void kernel(tb_t *t, unsigned tb_max) {
  t->in.kernel_start_i = 1;
  t->in.tb_max_i = tb_max;
  cyc(t);
  t->used = 0;
}

static unsigned dispatch(tb_t *t, int blk) {
  unsigned s = 0;
  while (t->used >> s & 1u) s++;
  t->used |= 1u << s;
  t->slot_of[blk] = (int)s;
  t->in.disp_valid_i = 1;
  t->in.disp_slot_i = s;
  cyc(t);
  t->tag_of[blk] = t->out.disp_tag_o;
  return t->out.disp_tag_o;
}

static void commit_blk(tb_t *t, int blk) {
  unsigned s = (unsigned)t->slot_of[blk];
  t->used &= ~(1u << s);
  t->in.cmt_valid_i = 1;
  t->in.cmt_slot_i = s;
  cyc(t);
}

static void events(tb_t *t, unsigned hits, unsigned stalls) {
  for (unsigned i = 0; i < hits; i++) { t->in.ev_hit_i = 1; cyc(t); }
  for (unsigned i = 0; i < stalls; i++) { t->in.ev_stall_i = 1; cyc(t); }
}

static unsigned wait_div(tb_t *t) {
  unsigned n = 0;
  while (t->m.div_busy_q && n < 100) { cyc(t); n++; }
  return n;
}

static void tb_init(tb_t *t, unsigned slots, unsigned cnt_w) {
  memset(t, 0, sizeof *t);
  chss_init(&t->m, slots, cnt_w, 10, 4, 7);
  t->in.warp_cnt_i = 24;
  t->in.l2_lat_i = 120;
}

/* Figure 5: TB_max = 4, TB_bg starts at 4, blocks 0..12. */
static void test_fig5(tc_t *tc) {
  tb_t t;
  tb_init(&t, 4, 16);
  kernel(&t, 4);
  TC_CHECK(tc, t.m.tb_bg_q == 4 && t.m.tb_max_q == 4, "Step 1: TB_bg = TB_max = 4 at the kernel start (got %u, %u)", t.m.tb_bg_q, t.m.tb_max_q);
  unsigned bg03 = 0;
  for (int b = 0; b < 4; b++) bg03 += dispatch(&t, b);
  TC_CHECK(tc, bg03 == 4 && t.m.cur_bg_q == 4, "blocks 0-3 all tagged bg, Cur_bg = 4 (got %u bg, Cur_bg %u)", bg03, t.m.cur_bg_q);
  TC_CHECK(tc, t.m.per_act_q && t.m.per_slot_q == (unsigned)t.slot_of[3],
           "t1: the first sampling period starts at block 3's dispatch (Cur_bg reaches TB_bg) and is block 3's lifetime");
  /* first period: blocks 0, 1, 2 commit, 4, 5, 6 dispatched */
  events(&t, 100, 0);
  commit_blk(&t, 0);
  TC_CHECK(tc, t.m.cur_bg_q == 3, "block 4 starts with three bg blocks (1, 2, 3): Cur_bg = %u", t.m.cur_bg_q);
  dispatch(&t, 4);
  commit_blk(&t, 1);
  dispatch(&t, 5);
  events(&t, 0, 30);
  commit_blk(&t, 2);
  dispatch(&t, 6);
  TC_CHECK(tc, t.m.per_act_q && t.m.tb_bg_q == 4, "still the first period, TB_bg = 4");
  commit_blk(&t, 3);
  TC_CHECK(tc, !t.m.per_act_q && t.m.div_busy_q, "block 3 commits: the period ends, Eq. 1 is being divided");
  unsigned n = wait_div(&t);
  TC_CHECK(tc, n == t.m.num_w, "the divider is busy NumW = %u cycles after the commit cycle (counted %u)", t.m.num_w, n);
  TC_CHECK(tc, t.m.chss_q[4] == 266, "CHSS[4] = floor(100 hits * 120 * 16 / (30 stalls * 24 warps)) = 266 (got %u)", t.m.chss_q[4]);
  TC_CHECK(tc, t.m.tb_bg_q == 3, "after the first period TB_bg moves to 3 (untried CHSS[3] ranks highest): got %u", t.m.tb_bg_q);
  dispatch(&t, 7);
  TC_CHECK(tc, t.tag_of[4] && t.tag_of[5] && t.tag_of[6] && !t.tag_of[7],
           "tags of blocks 4-7: bg bg bg ba (got %s %s %s %s)", t.tag_of[4] ? "bg" : "ba", t.tag_of[5] ? "bg" : "ba",
           t.tag_of[6] ? "bg" : "ba", t.tag_of[7] ? "bg" : "ba");
  TC_CHECK(tc, !t.m.per_act_q, "block 7 (ba) does not start a period");
  /* second period: block 8's lifetime */
  commit_blk(&t, 4);
  dispatch(&t, 8);
  TC_CHECK(tc, t.tag_of[8] && t.m.per_act_q && t.m.per_slot_q == (unsigned)t.slot_of[8],
           "block 8 is tagged bg and brings Cur_bg to 3: the second period starts");
  events(&t, 50, 0);
  commit_blk(&t, 7);
  dispatch(&t, 9);
  commit_blk(&t, 9);
  dispatch(&t, 10);
  events(&t, 0, 40);
  TC_CHECK(tc, !t.tag_of[9] && !t.tag_of[10], "blocks 9 and 10 are ba (Cur_bg = TB_bg = 3)");
  commit_blk(&t, 8);
  wait_div(&t);
  TC_CHECK(tc, t.m.chss_q[3] == 100, "CHSS[3] = floor(50 * 120 * 16 / (40 * 24)) = 100 (got %u)", t.m.chss_q[3]);
  TC_CHECK(tc, t.m.tb_bg_q == 2, "after the second period TB_bg moves to 2: got %u", t.m.tb_bg_q);
  commit_blk(&t, 5);
  commit_blk(&t, 6);
  dispatch(&t, 11);
  TC_CHECK(tc, t.tag_of[11] && !t.m.per_act_q, "block 11 is bg, Cur_bg = 1 < 2: no period yet");
  dispatch(&t, 12);
  TC_CHECK(tc, t.tag_of[12] && t.m.per_act_q && t.m.per_slot_q == (unsigned)t.slot_of[12] && t.m.cur_bg_q == 2,
           "t4: block 12 is bg and blocks 11, 12 make Cur_bg = TB_bg = 2: the third period starts");
}

/* Eq. 1: fixed point, floor, zero rules. */
static void test_eq1(tc_t *tc) {
  tb_t t;
  tb_init(&t, 4, 16);
  TC_CHECK(tc, chss_score(&t.m, 100, 30, 24, 120) == 266, "score(100, 30, 24, 120) = 266");
  TC_CHECK(tc, chss_score(&t.m, 7, 0, 0, 120) == 7 * 120 * 16, "zero Stall and zero WarpCount count as 1");
  TC_CHECK(tc, chss_score(&t.m, 0, 5, 5, 120) == 0, "zero Hits scores 0");
  TC_CHECK(tc, chss_score(&t.m, 65535, 1, 1, 1023) == 65535u * 1023u * 16u, "largest value fits NumW = 30 bits without saturation");
  /* the same through the unit: a period with no stall and no warps */
  kernel(&t, 2);
  dispatch(&t, 0);
  dispatch(&t, 1);
  events(&t, 9, 0);
  t.in.warp_cnt_i = 0;
  t.in.cmt_valid_i = 1;
  t.in.cmt_slot_i = (unsigned)t.slot_of[1];
  chss_comb(&t.m, &t.in, &t.out);
  chss_commit(&t.m);
  clear_pulses(&t.in);
  wait_div(&t);
  TC_CHECK(tc, t.m.chss_q[2] == 9 * 120 * 16, "a period with 9 hits, 0 stalls, 0 warps: CHSS = 9*120*16 = %u (got %u)", 9 * 120 * 16, t.m.chss_q[2]);
}

/* Hill climbing: neighbours at the table's ends, ties. */
static void test_climb(tc_t *tc) {
  tb_t t;
  tb_init(&t, 4, 16);
  kernel(&t, 1); /* TB_max = 1: TB_bg in 0..1 */
  t.m.chss_q[0] = 500; /* a measured CHSS[0] better than anything */
  dispatch(&t, 0);
  TC_CHECK(tc, t.m.per_act_q, "TB_max = 1: block 0 starts the period");
  events(&t, 10, 10);
  commit_blk(&t, 0);
  wait_div(&t);
  TC_CHECK(tc, t.m.tb_bg_q == 0, "top end: no TB_bg + 1 neighbour beyond TB_max; CHSS[0] = 500 wins (TB_bg %u)", t.m.tb_bg_q);
  /* TB_bg = 0: a ba block dispatched with Cur_bg = 0 starts the period */
  dispatch(&t, 1);
  TC_CHECK(tc, !t.tag_of[1] && t.m.per_act_q, "TB_bg = 0: a ba block starts the period (else it would never be sampled)");
  t.m.chss_q[1] = 0; /* a measured CHSS[1] worse than anything */
  events(&t, 10, 10);
  commit_blk(&t, 1);
  wait_div(&t);
  TC_CHECK(tc, t.m.tb_bg_q == 0 && t.m.chss_q[0] == 80, "bottom end: no TB_bg - 1; stays at 0 (TB_bg %u, CHSS[0] %u)", t.m.tb_bg_q, t.m.chss_q[0]);
  /* tie between the neighbours -> TB_bg - 1; tie with the current -> stay */
  kernel(&t, 4);
  t.m.tb_bg_q = 2;
  t.m.chss_q[1] = 1000;
  t.m.chss_q[3] = 1000;
  dispatch(&t, 2);
  dispatch(&t, 3);
  events(&t, 10, 10); /* CHSS = 10*120*16/(10*24) = 80 */
  commit_blk(&t, 3);
  wait_div(&t);
  TC_CHECK(tc, t.m.tb_bg_q == 1, "equal neighbours above the current value: TB_bg - 1 wins (TB_bg %u)", t.m.tb_bg_q);
  kernel(&t, 4);
  t.m.tb_bg_q = 2;
  t.m.chss_q[1] = 80;
  t.m.chss_q[3] = 80;
  dispatch(&t, 4);
  dispatch(&t, 5);
  events(&t, 10, 10);
  commit_blk(&t, 5);
  wait_div(&t);
  TC_CHECK(tc, t.m.tb_bg_q == 2, "neighbours equal to the current value: TB_bg stays (TB_bg %u)", t.m.tb_bg_q);
}

/* Table 1 and the kernel boundary, follower mode, counter halving. */
static void test_table1_follow_halve(tc_t *tc) {
  tb_t t;
  tb_init(&t, 4, 3);
  kernel(&t, 2);
  t.m.tb_bg_q = 1;
  dispatch(&t, 0); /* bg */
  dispatch(&t, 1); /* ba */
  static const char *nm[] = {"ca", "cg", "cm"};
  static const unsigned want[3][2] = {{0, 0}, {1, 1}, {0, 1}}; /* [load tag][block bg] */
  int ok = t.tag_of[0] == 1 && t.tag_of[1] == 0;
  for (unsigned lt = 0; lt < 3; lt++)
    for (int b = 0; b < 2; b++) {
      t.in.ld_valid_i = 1;
      t.in.ld_tag_i = lt;
      t.in.ld_slot_i = (unsigned)t.slot_of[b];
      chss_comb(&t.m, &t.in, &t.out);
      if (t.out.ld_byp_o != want[lt][t.tag_of[b]]) {
        ok = 0;
        printf("  %s load in %s block: bypass %u\n", nm[lt], t.tag_of[b] ? "bg" : "ba", t.out.ld_byp_o);
      }
    }
  t.in.ld_valid_i = 0;
  TC_CHECK(tc, ok, "Table 1: ca caches, cg bypasses, cm bypasses only in bg blocks");
  /* halving: 3-bit counters, period block is block 0 (Cur_bg 1 = TB_bg 1) */
  TC_CHECK(tc, t.m.per_act_q == 1, "period running for the halving check");
  events(&t, 7, 0);
  TC_CHECK(tc, t.m.hit_cnt_q == 7 && t.m.stall_cnt_q == 0, "7 hits fit 3 bits");
  t.in.ev_hit_i = 1;
  cyc(&t);
  TC_CHECK(tc, t.m.hit_cnt_q == 4 && t.m.stall_cnt_q == 0, "the 8th hit overflows: Hits and Stall halved together (%u, %u)", t.m.hit_cnt_q, t.m.stall_cnt_q);
  events(&t, 0, 8);
  TC_CHECK(tc, t.m.hit_cnt_q == 2 && t.m.stall_cnt_q == 4, "a Stall overflow halves Hits too (%u, %u)", t.m.hit_cnt_q, t.m.stall_cnt_q);
  /* follower */
  t.in.mode_follow_i = 1;
  t.in.bcast_tbbg_i = 2;
  t.in.kernel_start_i = 1;
  t.in.tb_max_i = 2;
  chss_comb(&t.m, &t.in, &t.out);
  chss_commit(&t.m);
  TC_CHECK(tc, t.m.tb_bg_q == 2 && t.m.chss_q[0] == 0x3fffffffu >> 13 && !t.m.per_act_q && t.m.cur_bg_q == 0,
           "kernel start: TB_bg from the broadcast, table untried, no period, Cur_bg 0");
  t.in.kernel_start_i = 0;
  t.in.bcast_tbbg_i = 1;
  chss_comb(&t.m, &t.in, &t.out);
  TC_CHECK(tc, t.out.tb_bg_o == 2, "broadcast seen one cycle later (tb_bg_o still 2)");
  chss_commit(&t.m);
  TC_CHECK(tc, t.m.tb_bg_q == 1, "follower loads the broadcast TB_bg = 1");
  t.in.disp_valid_i = 1;
  t.in.disp_slot_i = 0;
  chss_comb(&t.m, &t.in, &t.out);
  chss_commit(&t.m);
  TC_CHECK(tc, t.out.disp_tag_o == 1 && !t.m.per_act_q, "follower tags by Eq. 2 and never samples");
}

/* chss_step (the shell's one call a cycle) leaves every register and
 * output as chss_comb then chss_commit do: random dispatches and commits
 * of slots, events, loads, kernel starts and stretches of following a
 * leader, over several geometries, every cycle compared. */
static int same_regs(const chss_t *a, const chss_t *b) {
  return !memcmp(a->tag_q, b->tag_q, a->slots * sizeof a->tag_q[0]) &&
         !memcmp(a->chss_q, b->chss_q, (a->slots + 1) * sizeof a->chss_q[0]) && a->cur_bg_q == b->cur_bg_q &&
         a->tb_bg_q == b->tb_bg_q && a->tb_max_q == b->tb_max_q && a->per_act_q == b->per_act_q &&
         a->per_slot_q == b->per_slot_q && a->hit_cnt_q == b->hit_cnt_q && a->stall_cnt_q == b->stall_cnt_q &&
         a->div_busy_q == b->div_busy_q && a->div_cnt_q == b->div_cnt_q && a->div_num_q == b->div_num_q &&
         a->div_rem_q == b->div_rem_q && a->div_den_q == b->div_den_q;
}
/* One cycle's random inputs for the step tests: stretches of following
 * (the leader's value moving), kernel starts, dispatches into free slots
 * and commits of busy ones (used: the slots in use; one event a slot a
 * cycle), events and a load; odds: 1 in n for a follow toggle, a kernel
 * start, a dispatch, a commit.  slots_after: the slots after the cycle. */
typedef struct { unsigned follow, kstart, disp, cmt; } rand_odds_t;
static void rand_inputs(ls_rng_t *r, chss_in_t *in, unsigned slots, unsigned *used, unsigned *follow, const rand_odds_t *o) {
  if (ls_below(r, o->follow) == 0) *follow ^= 1;
  in->mode_follow_i = *follow;
  if (ls_below(r, 50) == 0) in->bcast_tbbg_i = ls_below(r, slots + 1);
  in->kernel_start_i = ls_below(r, o->kstart) == 0;
  in->tb_max_i = 1 + ls_below(r, slots);
  if (in->kernel_start_i) *used = 0;
  unsigned free_s = 0, busy_s = 0;
  for (unsigned i = 0; i < slots; i++) (*used >> i & 1u) ? busy_s++ : free_s++;
  in->disp_valid_i = free_s && ls_below(r, o->disp) == 0;
  if (in->disp_valid_i) {
    unsigned k = ls_below(r, free_s), s = 0;
    for (;; s++) if (!(*used >> s & 1u) && !k--) break;
    in->disp_slot_i = s;
  }
  in->cmt_valid_i = busy_s && ls_below(r, o->cmt) == 0;
  if (in->cmt_valid_i) {
    unsigned k = ls_below(r, busy_s), s = 0;
    for (;; s++) if ((*used >> s & 1u) && !k--) break;
    in->cmt_slot_i = s;
    if (in->disp_valid_i && in->disp_slot_i == s) in->cmt_valid_i = 0; /* (one event a slot a cycle) */
  }
  in->ev_hit_i = ls_chance(r, 30), in->ev_stall_i = ls_chance(r, 30);
  in->warp_cnt_i = ls_below(r, 49), in->l2_lat_i = 100 + ls_below(r, 200);
  in->ld_valid_i = ls_chance(r, 50), in->ld_tag_i = ls_below(r, 3), in->ld_slot_i = ls_below(r, slots + 1);
}
static void slots_after(const chss_in_t *in, unsigned *used) {
  if (in->disp_valid_i) *used |= 1u << in->disp_slot_i;
  if (in->cmt_valid_i) *used &= ~(1u << in->cmt_slot_i);
}
static void test_step(tc_t *tc) {
  static const unsigned geo[][2] = {{8, 6}, {4, 4}, {15, 10}, {2, 3}};
  unsigned bad = 0, cycles = 0, quiet = 0, moves = 0;
  for (unsigned g = 0; g < sizeof geo / sizeof geo[0]; g++) {
    ls_rng_t r;
    ls_rng_seed(&r, 300 + g);
    chss_t a, b;
    if (chss_init(&a, geo[g][0], geo[g][1], 10, 4, 7) || chss_init(&b, geo[g][0], geo[g][1], 10, 4, 7)) {
      bad++;
      break;
    }
    chss_in_t in;
    chss_out_t oa, ob;
    memset(&in, 0, sizeof in);
    unsigned used = 0, follow = 0;
    for (unsigned c = 0; c < 60000 && !bad; c++) {
      const rand_odds_t odds = {3000, 2000, 30, 30};
      rand_inputs(&r, &in, geo[g][0], &used, &follow, &odds);
      quiet += !(in.kernel_start_i | in.disp_valid_i | in.cmt_valid_i);
      const uint32_t tb0 = a.tb_bg_q;
      chss_comb(&a, &in, &oa);
      chss_commit(&a);
      chss_step(&b, &in, &ob);
      moves += a.tb_bg_q != tb0;
      bad += !same_regs(&a, &b) || memcmp(&oa, &ob, sizeof oa);
      slots_after(&in, &used);
      cycles++;
    }
  }
  TC_CHECK(tc, !bad && quiet > 100000 && moves > 100, "chss_step equals chss_comb + chss_commit: %u cycles (%u without an event, %u TB_bg moves), %u differ",
           cycles, quiet, moves, bad);
}

/* chss_advance (the shell's left-out SMs) leaves every register as that
 * many chss_step calls with no kernel start, dispatch, commit or hit, a
 * stall in every cycle or in none, following with the leader's value
 * standing or not dividing: the unit driven at random between the
 * stretches (periods open, divisions, follower stretches, narrow counters
 * that overflow), each stretch's end compared. */
static void test_advance(tc_t *tc) {
  static const unsigned geo[][2] = {{8, 3}, {4, 2}, {15, 6}, {2, 16}};
  unsigned bad = 0, stretches = 0, counted = 0, halved = 0;
  for (unsigned g = 0; g < sizeof geo / sizeof geo[0]; g++) {
    ls_rng_t r;
    ls_rng_seed(&r, 500 + g);
    chss_t a, b;
    if (chss_init(&a, geo[g][0], geo[g][1], 10, 4, 7) || chss_init(&b, geo[g][0], geo[g][1], 10, 4, 7)) {
      bad++;
      break;
    }
    chss_in_t in;
    chss_out_t oa;
    memset(&in, 0, sizeof in);
    unsigned used = 0, follow = 0;
    for (unsigned c = 0; c < 30000 && !bad; c++) {
      const rand_odds_t odds = {2000, 3000, 40, 60};
      rand_inputs(&r, &in, geo[g][0], &used, &follow, &odds);
      chss_step(&a, &in, &oa), chss_step(&b, &in, &oa);
      slots_after(&in, &used);
      if (ls_below(&r, 6) || (a.div_busy_q && !follow)) continue;
      /* a stretch the shell would leave out */
      in.kernel_start_i = in.disp_valid_i = in.cmt_valid_i = in.ev_hit_i = 0;
      in.ev_stall_i = ls_chance(&r, 70);
      const uint32_t n = 1 + ls_below(&r, ls_chance(&r, 10) ? 5000 : 200);
      counted += a.per_act_q && in.ev_stall_i && !follow;
      const uint32_t h0 = a.hit_cnt_q;
      for (uint32_t k = 0; k < n; k++) chss_step(&a, &in, &oa);
      halved += a.hit_cnt_q < h0;
      chss_advance(&b, &in, n);
      bad += !same_regs(&a, &b);
      stretches++;
    }
  }
  TC_CHECK(tc, !bad && counted > 500 && halved > 50,
           "chss_advance equals as many event-free chss_step calls: %u stretches (%u counting stalls, %u halving), %u differ",
           stretches, counted, halved, bad);
}

int main(void) {
  tc_t t = TC_INIT("chss");
  test_fig5(&t);
  test_eq1(&t);
  test_climb(&t);
  test_table1_follow_halve(&t);
  test_step(&t);
  test_advance(&t);
  return tc_done(&t);
}
