/* ls_rtl.h -- the engine's view of the RTL: a Verilated harness reached
 * through VPI (tb/engine/ls_vpi.c + the C++ glue tb/engine/vglue.cpp), or nothing at all
 * in the C-only build (tb/engine/ls_rtl_none.c).  Handles are looked up once. */
#ifndef LS_RTL_H
#define LS_RTL_H
#include <stdint.h>

int ls_rtl_available(void);
/* Creates the model; argv is passed to Verilated::commandArgs. */
int ls_rtl_open(int argc, char **argv);
void ls_rtl_close(void);
void *ls_rtl_handle(const char *name);            /* NULL if absent */
void *ls_rtl_elem(void *array, unsigned index);   /* element of an unpacked array */
void ls_rtl_get(void *h, uint32_t *words, unsigned nwords);
/* Verilator's storage of a public variable (full name), resolved once:
 * bytes of one element and number of elements (unpacked dimensions
 * multiplied); NULL if absent. */
void *ls_rtl_ptr(const char *name, unsigned *ent_bytes, unsigned *elems);
void ls_rtl_put(void *h, const uint32_t *words, unsigned nwords);
void ls_rtl_clk(int level);
void ls_rtl_rst(int level);
void ls_rtl_eval(void);
/* The time of the next evaluations (the waveforms' 10 x cycle, +5 after
 * the edge): Verilator prints it in its messages, an assertion's included. */
void ls_rtl_time(uint64_t t);
/* 1 once an assertion of the RTL has failed (an immediate `assert ... else
 * $error`, checked under Verilator's --assert); Verilator has printed its
 * "%Error: file:line: Assertion failed ..." line.  0 in the C-only build. */
int ls_rtl_assert_failed(void);
int ls_rtl_trace_open(const char *path);          /* FST */
void ls_rtl_trace_dump(uint64_t time);
void ls_rtl_trace_close(void);

#endif
