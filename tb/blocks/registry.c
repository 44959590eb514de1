/* registry.c -- every block the lockstep engine knows: the list is
 * generated from the adapters themselves (build/gen/ls_blocks.inc, one
 * LS_BLOCK(name) per `const ls_block_t ls_block_<name>` definition in
 * tb/blocks/<name>_ls.c, in file-name order; the Makefile writes it), so adding
 * a block is adding its adapter file. */
#include <string.h>
#include "ls.h"

#define LS_BLOCK(n) extern const ls_block_t ls_block_##n;
#include "ls_blocks.inc"
#undef LS_BLOCK

#define LS_BLOCK(n) &ls_block_##n,
static const ls_block_t *const blocks[] = {
#include "ls_blocks.inc"
};
#undef LS_BLOCK

const ls_block_t *ls_find_block(const char *name) {
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
    if (!strcmp(blocks[i]->name, name)) return blocks[i];
  return NULL;
}

void ls_list_blocks(FILE *f) {
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) fprintf(f, "  %-10s %s\n", blocks[i]->name, blocks[i]->help);
}
