# Makefile -- every job of the project is a target here.
#   make run [WORKLOAD=atax|file.traceg|kernelslist.g|file.wl] [CONFIG=file]   the main job (about 5 min on 2 cores, first run):
#                the GPU shell's C model with GPGPU-Sim's statistics, then the whole shell in C/RTL
#                lockstep over the whole workload (reduced size; a trace: its first RUN_LS_FILE_CYCLES=200000),
#                then a summary of outputs (build/run/); GPGPUSIM='gpgpusim.config trace.config' (Accel-Sim's pair)
#   make run ALL=1   ... then every block in lockstep over each of its configurations (about 40 min)
#   make test    all tests; ends with "N passed, M failed"
#   make lockstep-large [SEED=n] [CYCLES=n]   the large configs (tb/configs/*/large/: 28 SMs), not in make test
#   make lockstep BLOCK=<name> [SEED=n] [CYCLES=n] [CONFIG=file] [SET="A=1 B=2"] [MODE=lockstep|c|rtl] [WINDOW=from:to] [SWEEP=k] [COMPARE_EVERY=k]
#   make lint | manifest | yosys-read | ctest | bench | bench-ir | clean | help   (ctest: the C unit tests tb/tests/, plain and sanitized;
#     manifest: rewrite the parameter regions of rtl/ from csim/params*.def)
# Exit status of run, test, lockstep, bench: 0 pass, 1 divergence or broken
# invariant, 2 bad input or usage (the scripts' own, see FINISH below).
#   make synth BLOCK=<name> [CONFIG=file] [SET=...] | synth-all [REUSE=1|EXISTING=1] | synth-sweep | synth-libsens [TIER=all]   (docs/synthesis.md)
#   make lec [BLOCK=<name>]   formal equivalence, netlist vs RTL | make pnr BLOCK=chss  place, route, re-time (docs/synthesis.md)
#   make lockstep ... GPGPUSIM=gpgpusim.config [STATS=file.json]   (docs/gpgpusim.md, docs/results.md)
#   make report  CSV + PNG from build/stats/*.json and the shell's build/run/*.json [JSON=more.json]     make fuzz [FUZZ_TIME=s] [FUZZ_ONLY="shell_traceg ..."]  libFuzzer on every parser
#   make regress [REGRESS="--seeds 5 --slurm --submit ..."] | regress-selftest | slurm-up | slurm-down   (docs/regress.md)
# Both run and test first install missing Debian packages (scripts/install_deps.sh).

SHELL   := /bin/bash
# ccache when installed (scripts/install_deps.sh): a fresh clone builds from
# the machine's cache (docs/testing.md, "Time")
CCACHE  := $(shell command -v ccache 2>/dev/null)
CC      := $(if $(CCACHE),ccache gcc,gcc)
CXX     := $(if $(CCACHE),ccache g++,g++)
# ... and from another clone's directory: with -g, ccache hashes the working
# directory (the debug info names it), so each fresh clone missed every -g
# compile.  The debug info names "." instead (-fdebug-prefix-map), the
# objects are the same in every clone, and the directory is not hashed.
export CCACHE_NOHASHDIR := 1
export CCACHE_BASEDIR   := $(CURDIR)
B       := build
VINC    := /usr/share/verilator/include
CSTD    := -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -fdebug-prefix-map=$(CURDIR)=.
WARN    := -Wall -Wextra -Werror
INC      = -I$(B)/gen -Icsim $(addprefix -I,$(CSIM_DIRS)) -Itb -Itb/engine -I$(VINC)/vltstd -I$(VINC)/gtkwave
CFLAGS  ?= -O2 -g
# quiet build lines ("  CC  build/obj/x.o"); make V=1 shows the full commands
ifeq ($(V),1)
  Q :=
  say =
else
  Q := @
  say = echo "  $(1) $@";
endif
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

CSIM_DIRS  := $(sort $(dir $(wildcard csim/*/*.h csim/*/*.c)))
CSIM_SRC   := $(wildcard csim/*.c csim/*/*.c)
# the engine (tb/engine/, every file <= 400 lines: scripts/check_sizes.sh) and the
# blocks' adapters; the files that differ per binary are linked below: the C-only
# build's main and RTL stub (lockstep-c), the RTL build's binding (scripts/lockstep.sh)
ENGINE_MAINS := tb/engine/ls_cmain.c tb/engine/ls_rtl_none.c tb/engine/ls_vpi.c
ENGINE_SRC := $(filter-out $(ENGINE_MAINS),$(wildcard tb/engine/*.c)) $(wildcard tb/blocks/*.c)
TEST_SRC   := $(wildcard tb/tests/test_*.c)
TEST_SUPP  := $(filter-out $(TEST_SRC),$(wildcard tb/tests/*.c))
TESTS      := $(patsubst tb/tests/%.c,$(B)/test/%,$(TEST_SRC))
ASAN_TESTS := $(patsubst tb/tests/%.c,$(B)/asan/%,$(TEST_SRC))
DEFS       := csim/params.def $(wildcard csim/params_*.def)
HDRS       := $(B)/gen/l1sys_params.h $(wildcard csim/*.h csim/*/*.h tb/engine/*.h tb/tests/*.h)

BLOCK  ?=
SEED   ?= 1
CYCLES ?=
CONFIG ?=
SET    ?=
SWEEP  ?=
COMPARE_EVERY ?=
MODE   ?= lockstep
WINDOW ?=
RANDINIT ?=
GPGPUSIM ?=
STATS  ?=
FUZZ_TIME ?= 60
ALL    ?=
FUZZ_ONLY ?=

.PHONY: all run test deps gen manifest build lint yosys-read ctest lockstep lockstep-large bench synth synth-all synth-sweep lec pnr synth-libsens clean help coverage regress regress-selftest slurm-up slurm-down mutate
all: build

help:
	@sed -n "1,/^$$/p" Makefile

deps:
	@bash scripts/install_deps.sh

# ---- the one parameter source -> C header + SV package -------------------
$(B)/gen_params: scripts/gen_params.c $(DEFS)
	@mkdir -p $(B)/gen
	$(Q)$(call say,LD )$(CC) $(CSTD) $(WARN) -Icsim $< -o $@
$(B)/gen/l1sys_params.h $(B)/gen/l1sys_pkg.sv &: $(B)/gen_params
	$(Q)$(call say,GEN)$(B)/gen_params $(B)/gen/l1sys_params.h $(B)/gen/l1sys_pkg.sv
gen: $(B)/gen/l1sys_params.h
# the manifest: the RTL's parameter regions written from the same source
# (scripts/manifest.c; `make manifest` rewrites rtl/, make lint checks it)
$(B)/manifest: scripts/manifest.c csim/strlist.h $(DEFS)
	@mkdir -p $(B)
	$(Q)$(call say,LD )$(CC) $(CSTD) $(WARN) -Icsim $< -o $@
# the parameters of every params region, for the engine's check that an
# adapter passes each of its top's (tb/engine/ls_emit.c)
RTL_SV := $(sort $(wildcard rtl/*/*.sv))
$(B)/gen/ls_manifest.inc: $(B)/manifest $(RTL_SV)
	$(Q)$(B)/manifest --list $(RTL_SV) >$@.tmp 2>/dev/null; \
	  if cmp -s $@.tmp $@; then rm -f $@.tmp; touch $@; else mv $@.tmp $@; fi
$(B)/obj/tb/engine/ls_emit.o $(B)/asanobj/tb/engine/ls_emit.o: $(B)/gen/ls_manifest.inc
manifest: $(B)/manifest
	@$(B)/manifest $(RTL_SV) && echo "manifest: rtl/ agrees with csim/params*.def"
# the fault numbering (tb/faults/*.txt -> ID table + the fault-capable
# harnesses' SV package; scripts/gen_faults.sh rewrites a file only when it changes)
$(B)/gen/.faults: scripts/gen_faults.sh $(wildcard tb/faults/*.txt)
	$(Q)$(call say,GEN)bash scripts/gen_faults.sh $(B)/gen && touch $@

# the block registry's list: one LS_BLOCK(name) per adapter definition
# (rewritten only when it changes, so registry.c recompiles only then)
BLOCK_SRC := $(sort $(wildcard tb/blocks/*_ls.c))
$(B)/gen/ls_blocks.inc: $(BLOCK_SRC)
	@mkdir -p $(B)/gen
	$(Q)sed -n 's/^const ls_block_t ls_block_\([a-z0-9_]*\) = {.*/LS_BLOCK(\1)/p' $(BLOCK_SRC) >$@.tmp; \
	  if cmp -s $@.tmp $@; then rm -f $@.tmp; touch $@; else mv $@.tmp $@; fi
$(B)/obj/tb/blocks/registry.o $(B)/asanobj/tb/blocks/registry.o: $(B)/gen/ls_blocks.inc

# ---- C objects: plain and sanitized ---------------------------------------
$(B)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC )$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) -c $< -o $@
$(B)/asanobj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC )$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) -c $< -o $@

$(B)/lib/libcsim.a: $(patsubst %.c,$(B)/obj/%.o,$(CSIM_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^
$(B)/lib/libls.a: $(patsubst %.c,$(B)/obj/%.o,$(ENGINE_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^
$(B)/lib/libcsim_asan.a: $(patsubst %.c,$(B)/asanobj/%.o,$(CSIM_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^
$(B)/lib/libls_asan.a: $(patsubst %.c,$(B)/asanobj/%.o,$(ENGINE_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^

# GTKWave's FST library as Verilator ships it (compiled from there, not
# copied).  The RTL build already has it inside verilated_fst_c.o; the
# C-only engine links these.
FST_OBJS := $(B)/fst/fstapi.o $(B)/fst/fastlz.o $(B)/fst/lz4.o
$(B)/fst/%.o: $(VINC)/gtkwave/%.c
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC )$(CC) -O2 -w -D_GNU_SOURCE -DFST_CONFIG_INCLUDE=\"fst_config.h\" -I$(VINC)/gtkwave -c $< -o $@

# C-only engine: emits RTL harnesses, runs C models alone.
# (whole archive: nothing but the registry refers to an adapter, and a
# library member is linked only when something before it needs it)
LSC_OBJS := $(B)/obj/tb/engine/ls_cmain.o $(B)/obj/tb/engine/ls_rtl_none.o
LSC_LINK = $(CFLAGS) $(LSC_OBJS) -Wl,--whole-archive $(B)/lib/libls.a -Wl,--no-whole-archive $(B)/lib/libcsim.a $(FST_OBJS) -lz -lm
$(B)/bin/lockstep-c: $(LSC_OBJS) $(B)/lib/libls.a $(B)/lib/libcsim.a $(FST_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(LSC_LINK) -o $@
# Code-layout variants (make bench's C/RTLf, scripts/bench.sh; LS_LAYOUT in
# scripts/lockstep.sh): the same objects with pad<N>.o, N bytes of
# .text.unlikely, which GNU ld's default script places before all .text
# (and, first on the line, before the other inputs' cold parts), so every
# function lands N bytes further on.  A binary's speed can move with
# where its code sits (alignment, branch-predictor and uop-cache indexing)
# by more than a change being measured; docs/c-models.md, "Measuring".
$(B)/layout/pad%.o:
	@mkdir -p $(dir $@)
	$(Q)printf '.section .text.unlikely.ls_layout_pad,"ax",@progbits\n.skip %s\n.section .note.GNU-stack,"",@progbits\n' $* | $(CC) -x assembler -c - -o $@
.PRECIOUS: $(B)/layout/pad%.o
$(B)/bin/lockstep-c-layout%: $(B)/layout/pad%.o $(LSC_OBJS) $(B)/lib/libls.a $(B)/lib/libcsim.a $(FST_OBJS)
	$(Q)$(call say,LD )$(CC) $< $(LSC_LINK) -o $@
$(B)/bin/lockstep-c-asan: $(B)/asanobj/tb/engine/ls_cmain.o $(B)/asanobj/tb/engine/ls_rtl_none.o $(B)/lib/libls_asan.a $(B)/lib/libcsim_asan.a $(FST_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(SANFLAGS) $(B)/asanobj/tb/engine/ls_cmain.o $(B)/asanobj/tb/engine/ls_rtl_none.o -Wl,--whole-archive $(B)/lib/libls_asan.a -Wl,--no-whole-archive $(B)/lib/libcsim_asan.a $(FST_OBJS) -lz -lm -o $@

# ---- Verilator runtime, compiled once for every harness -------------------
VRT_SRC  := verilated verilated_vpi verilated_fst_c verilated_threads verilated_dpi
VRT_OBJS := $(patsubst %,$(B)/vrt/%.o,$(VRT_SRC))
# VPI moves at most VL_VALUE_STRING_MAX_WORDS 32-bit words per value (64 by
# default, 2048 bits): raised to 2048 words (65536 bits, LS_MAX_SIGNAL_BITS) so
# wide state fits: the L1D data row of a 48-way set of 128 B lines is 49152 bits.
VDEFS    := -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -DVL_VALUE_STRING_MAX_WORDS=2048
$(B)/vrt/%.o: $(VINC)/%.cpp Makefile  # Makefile: VDEFS live here
	@mkdir -p $(dir $@)
	$(Q)$(call say,CXX)$(CXX) -O2 -faligned-new -w $(VDEFS) -I$(VINC) -I$(VINC)/vltstd -c $< -o $@

build: $(B)/bin/lockstep-c $(B)/lib/libls.a $(B)/lib/libcsim.a $(B)/obj/tb/engine/ls_vpi.o $(VRT_OBJS) $(B)/gen/.faults

# ---- C tests ----------------------------------------------------------------
# (compiled to objects first, so that ccache keeps them: a compile-and-link
# in one command is not cacheable)
$(B)/test/%: $(B)/obj/tb/tests/%.o $(patsubst %.c,$(B)/obj/%.o,$(TEST_SUPP)) $(B)/lib/libcsim.a
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(CFLAGS) $^ -lm -o $@
$(B)/asan/%: $(B)/asanobj/tb/tests/%.o $(patsubst %.c,$(B)/asanobj/%.o,$(TEST_SUPP)) $(B)/lib/libcsim_asan.a
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(SANFLAGS) $^ -lm -o $@
ctest-build: $(TESTS) $(ASAN_TESTS) $(B)/bin/lockstep-c-asan
.SECONDARY: $(patsubst tb/tests/%.c,$(B)/obj/tb/tests/%.o,$(TEST_SRC)) $(patsubst tb/tests/%.c,$(B)/asanobj/tb/tests/%.o,$(TEST_SRC))
# make ctest: the C unit tests alone, plain and sanitized (scripts/ctest.sh;
# make test's step 4 runs the same binaries); ends "N passed, M failed", exit 1 on a failure
.PHONY: .ctest-run
ctest: .ctest-run
	$(call FINISH,ctest)
.ctest-run: $(TESTS) $(ASAN_TESTS)
	@$(call RUNRC,bash scripts/ctest.sh,ctest)

# ---- checks and jobs ----------------------------------------------------------
lint: gen $(B)/manifest
	@bash scripts/lint.sh
yosys-read: gen
	@bash scripts/yosys_read.sh

# ---- exit status: make ends with the script's own 0 / 1 / 2 ---------------
# (GNU make alone turns every failing recipe into 2.)  Each job runs in a
# ".<name>-run" target that keeps the status in build/.rc.<name>; the target
# itself then ends make with it through $(exit-status) (scripts/mk_exit.c, a
# make plugin built here), or, without the plugin, through a plain failure.
-load $(B)/mk/mk_exit.so
$(B)/mk/mk_exit.so: scripts/mk_exit.c
	@mkdir -p $(dir $@)
	@$(CC) -shared -fPIC -O2 -Wall $< -o $@
define FINISH
	@$(exit-status $(file <$(B)/.rc.$(1)))
	@exit $(file <$(B)/.rc.$(1))
endef
RUNRC = rc=0; $(1) || rc=$$?; echo $$rc >$(B)/.rc.$(2)

# ---- the variables each job takes (README.md, "make variables") ----------
# The same name means the same thing everywhere; a variable given on the
# command line to a job that does not take it is refused (exit 2), never
# dropped.  CONFIG ending in .config is a GPGPU-Sim config (as GPGPUSIM=).
VARS_ALL      := BLOCK WORKLOAD ARGS CONFIG SET GPGPUSIM SEED CYCLES JSON STATS MODE WINDOW SWEEP COMPARE_EVERY RANDINIT ALL
VARS_sim      := WORKLOAD ARGS CONFIG SET GPGPUSIM SEED CYCLES JSON STATS
VARS_run      := WORKLOAD ARGS CONFIG SET GPGPUSIM SEED ALL
VARS_lockstep := BLOCK WORKLOAD ARGS CONFIG SET GPGPUSIM SEED CYCLES STATS MODE WINDOW SWEEP COMPARE_EVERY RANDINIT
VARS_given     = $(strip $(foreach v,$(VARS_ALL),$(if $(filter command line,$(origin $(v))),$(v))))
# $(call check-vars,JOB): shell text that exits 2 with one error line when a
# variable JOB does not take was given, or CONFIG=*.config with GPGPUSIM=.
check-vars = $(if $(filter-out $(VARS_$(1)),$(VARS_given)),echo "error: variable $(firstword $(filter-out $(VARS_$(1)),$(VARS_given))): make $(1) does not take it (it takes $(VARS_$(1)); README.md, make variables)" >&2; exit 2;) \
  $(if $(and $(filter %.config,$(CONFIG)),$(GPGPUSIM)),echo "error: variables CONFIG=$(CONFIG) and GPGPUSIM=$(GPGPUSIM): a GPGPU-Sim config in each; give them all as GPGPUSIM='A B' (read together, in order)" >&2; exit 2;)
# the config options of a job: CONFIG (a NAME = VALUE file, or a GPGPU-Sim config) and GPGPUSIM
cfg-opts = $(if $(CONFIG),$(if $(filter %.config,$(CONFIG)),--gpgpusim-config,--config) $(CONFIG)) $(foreach g,$(GPGPUSIM),--gpgpusim-config $(g))

.PHONY: .lockstep-run .test-run .run-run .bench-run .bench-ir-run bench-ir
lockstep: .lockstep-run
	$(call FINISH,lockstep)
.lockstep-run: deps build
	@$(call RUNRC,( $(call check-vars,lockstep) test -n "$(BLOCK)" || { echo "error: BLOCK=<name> is required (make lockstep BLOCK=fifo_sync; blocks below)" >&2; $(B)/bin/lockstep-c --list-blocks; exit 2; }; \
	  $(if $(filter-out shell,$(BLOCK)),$(if $(filter WORKLOAD ARGS,$(VARS_given)),echo "error: variable $(firstword $(filter WORKLOAD ARGS,$(VARS_given))): make lockstep takes it only with BLOCK=shell (the workload the shell replays)" >&2; exit 2;)) \
	  $(if $(filter WORKLOAD,$(VARS_given)),SHELL_WORKLOAD=$(WORKLOAD)) $(if $(ARGS),SHELL_WORKLOAD_ARGS=$(ARGS)) \
	  bash scripts/lockstep.sh $(BLOCK) --seed $(SEED) $(if $(CYCLES),--cycles $(CYCLES)) --mode $(MODE) \
	  $(cfg-opts) $(foreach s,$(SET),--set $(s)) $(if $(WINDOW),--window $(WINDOW)) $(if $(SWEEP),--sweep $(SWEEP)) $(if $(COMPARE_EVERY),--compare-every $(COMPARE_EVERY)) \
	  $(if $(RANDINIT),--rand-init) $(if $(STATS),--stats $(STATS)) ),lockstep)

test: .test-run
	$(call FINISH,test)
.test-run: deps
	@$(call RUNRC,bash scripts/run_tests.sh,test)

run: .run-run
	$(call FINISH,run)
.run-run: deps
	@$(call RUNRC,( $(call check-vars,run) WORKLOAD='$(WORKLOAD)' ARGS='$(ARGS)' CONFIG='$(CONFIG)' GPGPUSIM='$(GPGPUSIM)' SET='$(SET)' \
	  SEED='$(SEED)' ALL='$(ALL)' bash scripts/run_demo.sh ),run)

# make bench: cycles/s of C alone, RTL alone (speed build and lockstep
# build) and lockstep, with ratios; build/bench.json.  make bench-ir: the C
# model's instructions per cycle under valgrind --tool=callgrind.
bench: .bench-run
	$(call FINISH,bench)
.bench-run: deps build
	@$(call RUNRC,bash scripts/bench.sh,bench)
bench-ir: .bench-ir-run
	$(call FINISH,bench-ir)
.bench-ir-run: deps build
	@$(call RUNRC,bash scripts/bench.sh --ir,bench-ir)

# regression matrix through GNU parallel: make regress [REGRESS="--seeds 5 --resume ..."]
regress: deps build
	@bash scripts/regress.sh $(REGRESS)

# regress.sh on a one-machine Slurm cluster and over ssh, end to end (docs/regress.md)
regress-selftest: deps build
	@bash scripts/regress_selftest.sh

# a one-machine Slurm cluster for make regress REGRESS="--slurm --submit": make slurm-up / slurm-down
slurm-up: deps
	@bash scripts/slurm_local.sh up
slurm-down:
	@bash scripts/slurm_local.sh down

# the large configurations (tb/configs/<block>/large/*.cfg: the 28-SM whole
# shell), each in lockstep at its full length; not in make test (the
# harness builds take many minutes), in make regress too
lockstep-large: deps build
	@rc=0; for c in tb/configs/*/large/*.cfg; do b=$$(basename $$(dirname $$(dirname $$c))); \
	  bash scripts/lockstep.sh $$b --config $$c --seed $(SEED) $(if $(CYCLES),--cycles $(CYCLES)) || rc=1; done; exit $$rc

# mutation testing of a block's RTL: make mutate BLOCK=l1d [MUTATE="--count 40 --seed 1"]
mutate: deps build
	@test -n "$(BLOCK)" || { echo "error: BLOCK=<name> is required (make mutate BLOCK=l1d)"; exit 2; }
	@bash scripts/mutate.sh $(BLOCK) $(MUTATE)

# merge the functional-coverage files of every run so far (build/cov/)
coverage:
	@bash scripts/coverage.sh

# ---- synthesis and timing (docs/synthesis.md) -------------------------------
synth: deps build
	@test -n "$(BLOCK)" || { echo "error: BLOCK=<name> is required (make synth BLOCK=sat_cnt); blocks: $$(grep -v '^#' constraints/blocks.list | awk 'NF{printf "%s ", $$1}')"; exit 2; }
	@bash scripts/synth.sh $(BLOCK) $(if $(CONFIG),--config $(CONFIG)) $(foreach s,$(SET),--set $(s))
synth-all: deps build
	@bash scripts/synth_all.sh $(if $(REUSE),--reuse) $(if $(EXISTING),--existing)
# make lec BLOCK=<name> [CONFIG=file] [SET=...]: formal equivalence of the
# block's netlist against its RTL (scripts/lec.sh); without BLOCK every block
# of constraints/blocks.list, then the synth table re-tabulated with its
# equivalence column (build/synth/summary.md)
lec: deps build
	@if [ -n "$(BLOCK)" ]; then bash scripts/lec.sh $(BLOCK) $(if $(CONFIG),--config $(CONFIG)) $(foreach s,$(SET),--set $(s)); \
	else rc=0; for b in $$(grep -v '^#' constraints/blocks.list | awk 'NF{print $$1}'); do bash scripts/lec.sh $$b || rc=1; done; \
	  bash scripts/synth_all.sh --existing >/dev/null; echo "make lec: build/synth/summary.md"; exit $$rc; fi
# make pnr BLOCK=<name>: place and route with qflow (GrayWolf, qrouter,
# rc2dly), post-route timing and the derate (scripts/pnr.sh)
pnr: deps build
	@test -n "$(BLOCK)" || { echo "error: BLOCK=<name> is required (make pnr BLOCK=chss)"; exit 2; }
	@bash scripts/pnr.sh $(BLOCK) $(if $(RETIME),--retime)
synth-sweep: deps build
	@bash scripts/synth_sweep.sh $(if $(ONLY),--only $(ONLY))
# make synth-libsens [TIER=all]: the test-tier blocks again with the OSU 0.35 um
# cells, area scaled by (0.18/0.35)^2 (scripts/synth_libsens.sh, build/synth/libsens.md)
synth-libsens: deps build
	@bash scripts/synth_libsens.sh $(if $(TIER),--tier $(TIER))

# ---- results and fuzzing (docs/results.md, docs/fuzzing.md) ---------------
report:   # every lockstep run (build/stats/), make run's shell runs (build/run/*.json) and make report JSON=...
	@bash scripts/install_deps.sh && python3 scripts/report.py build/stats build/report $(wildcard build/run/*.json) $(JSON)

FUZZ_SRC  := csim/cfg.c csim/l1d/l1d_gpgpusim.c csim/gpgpusim_cfg.c csim/workload/shell_wl.c csim/workload/shell_traceg.c csim/workload/shell_gen.c \
             csim/shell/shell_byp.c $(wildcard csim/bdu/*.c csim/chss/*.c csim/prim/*.c)
FUZZ_BINS := $(patsubst tb/fuzz/fuzz_%.c,$(B)/fuzz/fuzz_%,$(wildcard tb/fuzz/fuzz_*.c))
# the sources every harness shares are compiled once (through ccache when
# installed), each harness's own file apart, then linked with libFuzzer
FUZZ_CC     := $(if $(CCACHE),ccache clang,clang)
FUZZ_CFLAGS := $(CSTD) $(WARN) -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_OBJS := $(patsubst %.c,$(B)/fuzz/obj/%.o,$(FUZZ_SRC))
$(B)/fuzz/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(Q)$(call say,CC )$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -c $< -o $@
$(B)/fuzz/fuzz_%: tb/fuzz/fuzz_%.c tb/fuzz/fuzz_common.h tb/fuzz/fuzz_shell_wl.h $(FUZZ_OBJS) $(HDRS)
	@mkdir -p $(dir $@) $(B)/fuzz/obj/tb/fuzz
	$(Q)$(call say,CC )$(FUZZ_CC) $(FUZZ_CFLAGS) $(INC) -c $< -o $(B)/fuzz/obj/tb/fuzz/fuzz_$*.o
	$(Q)$(call say,LD )clang -g -fsanitize=fuzzer,address,undefined $(B)/fuzz/obj/tb/fuzz/fuzz_$*.o $(FUZZ_OBJS) -o $@
fuzz-build: $(FUZZ_BINS)
fuzz: deps
	@bash scripts/fuzz.sh $(FUZZ_TIME) $(FUZZ_ONLY)
.PHONY: report fuzz fuzz-build debugging-doc
# docs/debugging.md's transcript, figures and screenshot from a live run (make test checks them)
debugging-doc: deps build
	@bash scripts/debugging_doc.sh

clean:
	rm -rf $(B)

# ---- static load classifier of coordinated bypassing (the coordinated-bypassing paper, Algorithm 1; docs/chss.md)
$(B)/bin/chss-classify: programs/chss_classify.c $(B)/lib/libcsim.a $(HDRS)
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) $< $(B)/lib/libcsim.a -o $@
build: $(B)/bin/chss-classify
# ---- the L1D C model alone on the seeded streams of issue 28 (make bench's rows against GPGPU-Sim)
$(B)/bin/l1d-stream: $(B)/obj/programs/l1d_stream.o $(B)/lib/libcsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ -o $@
build: $(B)/bin/l1d-stream
# ---- GPU shell: C model alone (docs/shell.md) -------------------------------
#   make sim [WORKLOAD=atax] [CONFIG=file] [GPGPUSIM=gpgpusim.config] [SET="SHELL_SMS=8 SHELL_MRPB=1"] [ARGS=n=256] [SEED=n] [CYCLES=n] [JSON=out.json] [STATS=gpgpusim]
WORKLOAD ?= atax
ARGS     ?=
JSON     ?=
$(B)/bin/shell-sim: $(B)/obj/programs/shell_sim.o $(B)/lib/libcsim.a
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(CFLAGS) $^ -o $@
$(B)/bin/shell-sim-asan: $(B)/asanobj/programs/shell_sim.o $(B)/lib/libcsim_asan.a
	@mkdir -p $(dir $@)
	$(Q)$(call say,LD )$(CC) $(SANFLAGS) $^ -o $@
build: $(B)/bin/shell-sim
ctest-build: $(B)/bin/shell-sim-asan
.PHONY: sim .sim-run
sim: .sim-run
	$(call FINISH,sim)
.sim-run: $(B)/bin/shell-sim
	@$(call RUNRC,( $(call check-vars,sim) $(B)/bin/shell-sim --workload '$(WORKLOAD)' --seed '$(SEED)' $(if $(ARGS),--args '$(ARGS)') $(cfg-opts) \
	  $(foreach s,$(SET),--set '$(s)') $(if $(JSON),--json '$(JSON)') $(if $(CYCLES),--cycles '$(CYCLES)') $(if $(STATS),--stats '$(STATS)') ),sim)
# make calibrate [GPGPUSIM=file.config]: microbenchmarks on the shell's C model against the
# latencies and bandwidths the config implies (docs/shell.md, "Calibration")
.PHONY: calibrate
calibrate: $(B)/bin/shell-sim
	@bash scripts/install_deps.sh && python3 scripts/calibrate.py $(if $(GPGPUSIM),$(GPGPUSIM),../shared/gpgpusim-configs/SM2_GTX480.config)
.PHONY: shell-results
shell-results: $(B)/bin/shell-sim $(B)/bin/chss-classify   # workload x mechanism matrix -> docs/shell-results.md, docs/results/results.md, docs/img/shell_*.png
	@bash scripts/shell_results.sh
# make papers [PAPERS="mrpb coord twolevel ba ccn"]: each paper's experiment on its own GPU config
# (tb/configs/shell/sim/papers/) against its claims (tb/papers/claims.tsv), with the experiments that
# explain a difference (tb/papers/explain.tsv) -> docs/papers.md,
# docs/img/papers_*.png; resumable (runs in build/papers/)
.PHONY: papers papers-lockstep
papers: $(B)/bin/shell-sim $(B)/bin/chss-classify
	@bash scripts/install_deps.sh && bash scripts/papers.sh $(PAPERS)
# make papers-lockstep: one kernel per paper on that paper's GPU (4 SMs) in whole-shell system lockstep,
# once, to its end -> build/papers/lockstep/<paper>/, docs/papers_lockstep.md (PAPERS="mrpb ccn": a subset)
papers-lockstep: deps build
	@PAPERS='$(PAPERS)' bash scripts/papers_lockstep.sh
# make sweeps / make shootout (issue 24 items 4, 5): parameter sweeps on the papers' configs and every
# mechanism on one GTX480-like config, over a small fixed kernel set (scripts/sweeps.py defines them) ->
# docs/sweeps.md + docs/img/sweep_*.png, docs/shootout.md + docs/img/shootout.png; resumable (build/sweeps/)
.PHONY: sweeps shootout
sweeps: $(B)/bin/shell-sim $(B)/bin/chss-classify
	@bash scripts/install_deps.sh && bash scripts/sweeps.sh sweeps
shootout: $(B)/bin/shell-sim $(B)/bin/chss-classify
	@bash scripts/install_deps.sh && bash scripts/sweeps.sh shootout
.PHONY: shell-diagram
shell-diagram: $(B)/bin/shell-sim   # docs/shell.svg from the instantiated default shell (with the MRPB)
	$(B)/bin/shell-sim --set SHELL_MRPB=1 --dot docs/shell.dot && dot -Tsvg docs/shell.dot -o docs/shell.svg
