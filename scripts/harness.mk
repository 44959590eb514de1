# harness.mk -- one lockstep harness as make rules: what is rebuilt when
# what changed.  scripts/lockstep.sh emits the harness's files into its
# directory DIR (build/ls/<block>/<key>/, the key naming its parameters,
# options and RTL tree) and runs
#   make -f scripts/harness.mk DIR=<dir> EXE=<binary> CSIM=<libcsim.a>
# under the directory's lock.  The recipes are scripts/harness_step.sh's
# three steps; DIR/harness.vars (SRCS: every file Verilator reads) and
# DIR/harness.env (the step's options, `declare -p`) are written by
# lockstep.sh only when their content changes, so their dates mean
# something to make.
#
#   DIR/stamp    Verilator's build (or the machine's harness cache):
#                the RTL, the package, the harness's own files, the options
#   DIR/vglue.o  the C++ glue: tb/engine/vglue.cpp against this model
#   EXE          the engine and C model linked with the model (PAD: a
#                code-layout pad object linked first, LS_LAYOUT)
B ?= build
include $(DIR)/harness.vars

HFILES := $(DIR)/ls_top.sv $(DIR)/ls_pub.vlt $(DIR)/ls_files.txt $(DIR)/ls_ptrs.inc $(DIR)/harness.env

.PHONY: all
all: $(EXE)

$(DIR)/stamp: $(SRCS) $(HFILES) scripts/harness_step.sh
	@bash scripts/harness_step.sh verilate $(DIR)

$(DIR)/vglue.o: $(DIR)/stamp tb/engine/vglue.cpp
	@bash scripts/harness_step.sh glue $(DIR)

$(EXE): $(DIR)/vglue.o $(DIR)/stamp $(B)/obj/tb/engine/ls_vpi.o $(B)/lib/libls.a $(CSIM) $(wildcard $(B)/vrt/*.o) $(PAD)
	@bash scripts/harness_step.sh link $(DIR) $(EXE) $(CSIM) $(PAD)
