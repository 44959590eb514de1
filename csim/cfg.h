/* cfg.h -- a run's parameter values: defaults from csim/params.def, then
 * overrides from config files (NAME = VALUE lines) and NAME=VALUE strings.
 * A configuration is a value: two runs in one process have two configs.
 * The input rules (numbers, duplicates, files) are in docs/parameters.md. */
#ifndef CFG_H
#define CFG_H
#include <stddef.h>
#include <stdio.h>
#include "l1sys_params.h"

enum {
  CFG_ORIGIN_N = 192,          /* bytes kept of "file:line" per parameter */
  CFG_LINE_MAX = 4096,         /* longest assignment (comments excluded) */
  CFG_FILE_MAX = 1 << 20       /* largest config file read */
};

typedef struct {
  long long v[P_COUNT];
  unsigned char set[P_COUNT];  /* 1 where a file or the command line overrode it */
  unsigned short src[P_COUNT]; /* the source (file, --set list) that set it; 0 = a program */
  char origin[P_COUNT][CFG_ORIGIN_N]; /* where it was set ("f.cfg:3", "--set") */
  unsigned short cur_src;      /* source being read; a parameter set twice in one source is an error */
  unsigned short nsrc;
} l1sys_cfg_t;

/* Value of parameter NAME (an identifier from params.def). */
#define CFG(cfg, NAME) ((cfg)->v[P_##NAME])

void cfg_defaults(l1sys_cfg_t *cfg);
/* "NAME=VALUE" (VALUE decimal, 0x hex or an enum label; the pseudo-parameter
 * L1D_GPGPUSIM takes a GPGPU-Sim cache string).  origin names where it came
 * from ("--set", "file.cfg:3") for the message.  On error prints one
 * message to stderr and returns -1. */
int cfg_set(l1sys_cfg_t *cfg, const char *assignment, const char *origin);
/* Sets parameter id to v after checking its range; -1 and one message
 * ("error: <origin>: parameter NAME=v: expected ...") otherwise.  A
 * parameter set twice within one source is an error naming both places. */
int cfg_set_id(l1sys_cfg_t *cfg, int id, long long v, const char *origin);
/* Reads NAME = VALUE lines; '#' starts a comment.  -1 on error (printed). */
int cfg_load(l1sys_cfg_t *cfg, const char *path);
/* The same on a buffer of n bytes (any bytes: NULs are errors); name is
 * used in messages as the file name. */
int cfg_load_text(l1sys_cfg_t *cfg, const char *buf, size_t n, const char *name);
/* Reads a whole file of at most max bytes into a malloc'd, NUL-terminated
 * buffer (*n bytes): NULL and one message naming it as `what` when it
 * cannot be opened, is a directory, cannot be read or is too large. */
char *cfg_read_file(const char *path, const char *what, size_t max, size_t *n);
/* 0 when the open stream f is a regular file; else -1 after one line
 * "error: PATH: not a regular file (expected WHAT)" -- a reader of lines
 * refuses a device or a directory up front (/dev/zero is one endless line). */
int cfg_regular(FILE *f, const char *path, const char *what);
/* Starts a new source: assignments after it may override earlier sources,
 * but may not repeat a parameter of this one.  (cfg_load starts one itself.) */
void cfg_source_begin(l1sys_cfg_t *cfg);
/* Index of NAME or -1. */
int cfg_find(const char *name);
/* Every overridden parameter belongs to block (a space-separated list of
 * parameter blocks: a composite takes its parts' parameters): else one
 * message naming the parameter, where it was set and its block; -1. */
int cfg_check_block(const l1sys_cfg_t *cfg, const char *block);
/* 1 if some parameter of the table belongs to block. */
int cfg_block_known(const char *block);
/* Prints "NAME=VALUE" lines (all, or only overridden ones). */
void cfg_print(const l1sys_cfg_t *cfg, FILE *f, int only_set);
/* Prints the parameter table (name, default, range, help) for --help. */
void cfg_list(FILE *f, const char *block);
/* "an integer in [a, b]", "one of LRU(0), FIFO(1)", ... into buf. */
void cfg_describe(int id, char *buf, size_t n);
/* A block's own cross-parameter rule failed: prints
 * "parameter NAME=VALUE: <why>" and returns -1. */
int cfg_reject(const l1sys_cfg_t *cfg, int id, const char *why);
/* Copies n bytes of s into buf (size bn) for a message: bytes outside
 * printable ASCII as \xNN, a backslash as \\, cut with "..." when long.
 * Returns buf. */
const char *cfg_escape(const char *s, size_t n, char *buf, size_t bn);
/* Parses a whole string as a number: decimal without leading zeros, or 0x
 * hex; 0 and *v on success, -1 otherwise (octal, signs, junk, overflow). */
int cfg_parse_number(const char *s, long long *v);

#endif
