/* cfg.h -- a run's parameter values: defaults from csim/params.def, then
 * overrides from config files (NAME = VALUE lines) and NAME=VALUE strings.
 * A configuration is a value: two runs in one process have two configs. */
#ifndef CFG_H
#define CFG_H
#include <stdio.h>
#include "l1sys_params.h"

typedef struct {
  long long v[P_COUNT];
  unsigned char set[P_COUNT]; /* 1 where a file or the command line overrode it */
} l1sys_cfg_t;

/* Value of parameter NAME (an identifier from params.def). */
#define CFG(cfg, NAME) ((cfg)->v[P_##NAME])

void cfg_defaults(l1sys_cfg_t *cfg);
/* "NAME=VALUE" (VALUE an integer or an enum label). origin names where it
 * came from ("--set", "file.cfg:3") for the message.  On error prints one
 * message to stderr and returns -1. */
int cfg_set(l1sys_cfg_t *cfg, const char *assignment, const char *origin);
/* Reads NAME = VALUE lines; '#' starts a comment.  -1 on error (printed). */
int cfg_load(l1sys_cfg_t *cfg, const char *path);
/* Index of NAME or -1. */
int cfg_find(const char *name);
/* Prints "NAME=VALUE" lines (all, or only overridden ones). */
void cfg_print(const l1sys_cfg_t *cfg, FILE *f, int only_set);
/* Prints the parameter table (name, default, range, help) for --help. */
void cfg_list(FILE *f, const char *block);
/* A block's own cross-parameter rule failed: prints
 * "parameter NAME=VALUE: <why>" and returns -1. */
int cfg_reject(const l1sys_cfg_t *cfg, int id, const char *why);

#endif
