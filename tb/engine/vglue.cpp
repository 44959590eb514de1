// vglue.cpp -- the only C++ of the testbench: owns the Verilated harness
// (class Vls_top, generated per block), evaluates it, runs the VPI value
// callbacks, and writes FST.  Everything else is C (tb/engine/ls_*.c).
#include <cstdint>
#include <cstring>
#include <string>
#include "Vls_top.h"
#include "Vls_top___024root.h"
#include "Vls_top__Syms.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_sym_props.h"
#include "verilated_syms.h"
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
  // an RTL assertion ($error under --assert) marks the context and returns,
  // instead of aborting the process: the engine reports it at its cycle
  g->ctx.fatalOnError(false);
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

// Storage of a public variable "TOP.a.b.leaf": the engine reads and writes
// it directly (what vpi_get/put_value do, without formatting a name per call).
extern "C" void *vg_ptr(const char *name, unsigned *ent_bytes, unsigned *elems) {
  *ent_bytes = *elems = 0;
  const char *dot = std::strrchr(name, '.');
  if (!dot) return nullptr;
  // Arrays Verilator leaves out of its scope tables: the harness names the
  // model member (ls_ptrs.inc, generated with the harness); returns the
  // member's size in bytes as *elems and 0 as *ent_bytes.
  struct Ent { const char *name; void *p; size_t bytes; };
  // (ls_ptrs_res.inc: ls_ptrs.inc with members of a module Verilator kept as
  // a class of its own resolved to that instance's object, LS_PTRI)
#define LS_PTR(n, member) {n, static_cast<void *>(&g->top->rootp->member), sizeof(g->top->rootp->member)},
#define LS_PTRI(n, inst, member) {n, static_cast<void *>(&g->top->rootp->vlSymsp->inst.member), sizeof(g->top->rootp->vlSymsp->inst.member)},
  const Ent members[] = {
#include "ls_ptrs_res.inc"
      {nullptr, nullptr, 0}};
#undef LS_PTR
#undef LS_PTRI
  for (const Ent *e = members; e->name; e++)
    if (!std::strcmp(e->name, name)) {
      *elems = static_cast<unsigned>(e->bytes);
      return e->p;
    }
  const std::string scope(name, static_cast<size_t>(dot - name));
  const VerilatedScope *sp = g->ctx.scopeFind(scope.c_str());
  if (!sp) { // a module inlined under a generate loop keeps "[N]" in its scope name
    std::string alt;
    for (size_t i = 0; i < scope.size();) {
      if (scope.compare(i, 7, "__BRA__") == 0) alt += '[', i += 7;
      else if (scope.compare(i, 7, "__KET__") == 0) alt += ']', i += 7;
      else alt += scope[i++];
    }
    sp = g->ctx.scopeFind(alt.c_str());
  }
  if (!sp) return nullptr;
  VerilatedVar *vp = sp->varFind(dot + 1);
  if (!vp) return nullptr;
  unsigned n = 1;
  for (int d = 1; d <= vp->udims(); d++) n *= static_cast<unsigned>(vp->elements(d));
  // A 1-bit array comes with its unpacked range recorded as the packed one
  // (no unpacked dimension): its element count is then unknown here (0).
  *ent_bytes = vp->entSize();
  *elems = vp->udims() ? n : 0;
  return vp->datap();
}

extern "C" void vg_clk(int level) { g->top->clk_i = level; }
extern "C" void vg_rst(int level) { g->top->rst_ni = level; }

// the simulation time Verilator prints in its messages ("[10005] %Error:
// ... Assertion failed"): the engine's waveform time, 10 x cycle (+5 after
// the edge), the same numbers as the FST's
extern "C" void vg_time(uint64_t t) { g->ctx.time(t); }

extern "C" int vg_got_error(void) { return g && g->ctx.gotError(); }

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
