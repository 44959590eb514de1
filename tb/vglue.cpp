// vglue.cpp -- the only C++ of the testbench: owns the Verilated harness
// (class Vls_top, generated per block), evaluates it, runs the VPI value
// callbacks, and writes FST.  Everything else is C (tb/ls_*.c).
#include <cstdint>
#include "Vls_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_vpi.h"

namespace {
// One harness per process: the engine runs one block per run.
struct Glue {
  VerilatedContext ctx;
  Vls_top *top = nullptr;
  VerilatedFstC *fst = nullptr;
};
Glue *g = nullptr;
}  // namespace

extern "C" int ls_main(int argc, char **argv);

extern "C" int vg_open(int argc, char **argv) {
  g = new Glue;
  g->ctx.commandArgs(argc, argv);
  g->ctx.traceEverOn(true);
  g->top = new Vls_top{&g->ctx};
  g->top->clk_i = 0;
  g->top->rst_ni = 1;
  return 0;
}

extern "C" void vg_close(void) {
  if (!g) return;
  if (g->fst) g->fst->close();
  delete g->fst;
  g->top->final();
  delete g->top;
  delete g;
  g = nullptr;
}

extern "C" void vg_clk(int level) { g->top->clk_i = level; }
extern "C" void vg_rst(int level) { g->top->rst_ni = level; }

extern "C" void vg_eval(void) {
  g->top->eval();
  VerilatedVpi::callValueCbs();
}

extern "C" int vg_trace_open(const char *path) {
#if VM_TRACE
  g->fst = new VerilatedFstC;
  g->top->trace(g->fst, 99);
#else  // the speed build (LS_SPEED=1) has no tracing
  (void)path;
  return -1;
#endif
  g->fst->open(path);
  return g->fst->isOpen() ? 0 : -1;
}

extern "C" void vg_trace_dump(uint64_t time) {
  if (g->fst) g->fst->dump(time);
}

extern "C" void vg_trace_close(void) {
  if (g->fst) g->fst->close();
}

int main(int argc, char **argv) { return ls_main(argc, argv); }
