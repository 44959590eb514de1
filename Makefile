# Makefile -- every job of the project is a target here.
#   make run     the main job: lockstep runs of every block, with a summary
#   make test    all tests; ends with "N passed, M failed"
#   make lockstep BLOCK=<name> [SEED=n] [CYCLES=n] [CONFIG=file] [SET="A=1 B=2"] [MODE=lockstep|c|rtl] [WINDOW=from:to]
#   make lint | yosys-read | ctest | bench | clean | help
# Both run and test first install missing Debian packages (scripts/install_deps.sh).

SHELL   := /bin/bash
CC      := gcc
CXX     := g++
B       := build
VINC    := /usr/share/verilator/include
CSTD    := -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE
WARN    := -Wall -Wextra -Werror
INC      = -I$(B)/gen -Icsim $(addprefix -I,$(CSIM_DIRS)) -Itb -I$(VINC)/vltstd
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

CSIM_DIRS  := $(sort $(dir $(wildcard csim/*/*.h csim/*/*.c)))
CSIM_SRC   := $(wildcard csim/*.c csim/*/*.c)
ENGINE_SRC := tb/ls_map.c tb/ls_wave.c tb/ls_main.c $(wildcard tb/blocks/*.c)
TEST_SRC   := $(wildcard tb/tests/test_*.c)
TEST_SUPP  := $(filter-out $(TEST_SRC),$(wildcard tb/tests/*.c))
TESTS      := $(patsubst tb/tests/%.c,$(B)/test/%,$(TEST_SRC))
ASAN_TESTS := $(patsubst tb/tests/%.c,$(B)/asan/%,$(TEST_SRC))
DEFS       := csim/params.def $(wildcard csim/params_*.def)
HDRS       := $(B)/gen/l1sys_params.h $(wildcard csim/*.h csim/*/*.h tb/*.h tb/tests/*.h)

BLOCK  ?=
SEED   ?= 1
CYCLES ?=
CONFIG ?=
SET    ?=
MODE   ?= lockstep
WINDOW ?=

.PHONY: all run test deps gen build lint yosys-read ctest lockstep bench synth clean help
all: build

help:
	@sed -n '1,8p' Makefile

deps:
	@bash scripts/install_deps.sh

# ---- the one parameter source -> C header + SV package -------------------
$(B)/gen_params: scripts/gen_params.c $(DEFS)
	@mkdir -p $(B)/gen
	$(CC) $(CSTD) $(WARN) -Icsim $< -o $@
$(B)/gen/l1sys_params.h $(B)/gen/l1sys_pkg.sv &: $(B)/gen_params
	$(B)/gen_params $(B)/gen/l1sys_params.h $(B)/gen/l1sys_pkg.sv
gen: $(B)/gen/l1sys_params.h

# ---- C objects: plain and sanitized ---------------------------------------
$(B)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) -c $< -o $@
$(B)/asanobj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) -c $< -o $@

$(B)/lib/libcsim.a: $(patsubst %.c,$(B)/obj/%.o,$(CSIM_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^
$(B)/lib/libls.a: $(patsubst %.c,$(B)/obj/%.o,$(ENGINE_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^
$(B)/lib/libcsim_asan.a: $(patsubst %.c,$(B)/asanobj/%.o,$(CSIM_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^
$(B)/lib/libls_asan.a: $(patsubst %.c,$(B)/asanobj/%.o,$(ENGINE_SRC))
	@mkdir -p $(dir $@); rm -f $@; ar rcs $@ $^

# C-only engine: emits RTL harnesses, runs C models alone.
# (whole archive: the registry refers to blocks weakly, which alone would not
# pull them out of the archive)
$(B)/bin/lockstep-c: $(B)/obj/tb/ls_cmain.o $(B)/obj/tb/ls_rtl_none.o $(B)/lib/libls.a $(B)/lib/libcsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(B)/obj/tb/ls_cmain.o $(B)/obj/tb/ls_rtl_none.o -Wl,--whole-archive $(B)/lib/libls.a -Wl,--no-whole-archive $(B)/lib/libcsim.a -o $@
$(B)/bin/lockstep-c-asan: $(B)/asanobj/tb/ls_cmain.o $(B)/asanobj/tb/ls_rtl_none.o $(B)/lib/libls_asan.a $(B)/lib/libcsim_asan.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) $(B)/asanobj/tb/ls_cmain.o $(B)/asanobj/tb/ls_rtl_none.o -Wl,--whole-archive $(B)/lib/libls_asan.a -Wl,--no-whole-archive $(B)/lib/libcsim_asan.a -o $@

# ---- Verilator runtime, compiled once for every harness -------------------
VRT_SRC  := verilated verilated_vpi verilated_fst_c verilated_threads verilated_dpi
VRT_OBJS := $(patsubst %,$(B)/vrt/%.o,$(VRT_SRC))
# VPI moves at most VL_VALUE_STRING_MAX_WORDS 32-bit words per value (64 by
# default, 2048 bits): raised so wide state (MSHR tables, 256 B lines) fits.
VDEFS    := -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -DVL_VALUE_STRING_MAX_WORDS=1024
$(B)/vrt/%.o: $(VINC)/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) -O2 -faligned-new -w $(VDEFS) -I$(VINC) -I$(VINC)/vltstd -c $< -o $@

build: $(B)/bin/lockstep-c $(B)/lib/libls.a $(B)/lib/libcsim.a $(B)/obj/tb/ls_vpi.o $(VRT_OBJS)

# ---- C tests ----------------------------------------------------------------
$(B)/test/%: tb/tests/%.c $(TEST_SUPP) $(B)/lib/libcsim.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) $< $(TEST_SUPP) $(B)/lib/libcsim.a -lm -o $@
$(B)/asan/%: tb/tests/%.c $(TEST_SUPP) $(B)/lib/libcsim_asan.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) $< $(TEST_SUPP) $(B)/lib/libcsim_asan.a -lm -o $@
ctest-build: $(TESTS) $(ASAN_TESTS) $(B)/bin/lockstep-c-asan

# ---- checks and jobs ----------------------------------------------------------
lint: gen
	@bash scripts/lint.sh
yosys-read: gen
	@bash scripts/yosys_read.sh

lockstep: deps build
	@test -n "$(BLOCK)" || { echo "error: BLOCK=<name> is required (make lockstep BLOCK=fifo_sync)"; $(B)/bin/lockstep-c --list-blocks; exit 2; }
	@bash scripts/lockstep.sh $(BLOCK) --seed $(SEED) $(if $(CYCLES),--cycles $(CYCLES)) --mode $(MODE) \
	  $(if $(CONFIG),--config $(CONFIG)) $(foreach s,$(SET),--set $(s)) $(if $(WINDOW),--window $(WINDOW))

test: deps
	@bash scripts/run_tests.sh

run: deps
	@WORKLOAD=$(WORKLOAD) CONFIG=$(CONFIG) SEED=$(SEED) bash scripts/run_demo.sh

bench: deps build
	@bash scripts/bench.sh

clean:
	rm -rf $(B)

# ---- GPU shell: C model alone (docs/shell.md) -------------------------------
#   make sim [WORKLOAD=atax] [CONFIG=file] [SET="SHELL_SMS=8 SHELL_MRPB=1"] [ARGS=n=256] [JSON=out.json]
WORKLOAD ?= atax
ARGS     ?=
JSON     ?=
$(B)/bin/shell-sim: $(B)/obj/tb/shell_sim.o $(B)/lib/libcsim.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $^ -o $@
$(B)/bin/shell-sim-asan: $(B)/asanobj/tb/shell_sim.o $(B)/lib/libcsim_asan.a
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) $^ -o $@
build: $(B)/bin/shell-sim
ctest-build: $(B)/bin/shell-sim-asan
.PHONY: sim
sim: $(B)/bin/shell-sim
	@$(B)/bin/shell-sim --workload $(WORKLOAD) --seed $(SEED) $(if $(ARGS),--args $(ARGS)) $(if $(CONFIG),--config $(CONFIG)) \
	  $(foreach s,$(SET),--set $(s)) $(if $(JSON),--json $(JSON)) $(if $(CYCLES),--cycles $(CYCLES))
.PHONY: shell-diagram
shell-diagram: $(B)/bin/shell-sim   # docs/shell.svg from the instantiated default shell (with the MRPB)
	$(B)/bin/shell-sim --set SHELL_MRPB=1 --dot docs/shell.dot && dot -Tsvg docs/shell.dot -o docs/shell.svg
