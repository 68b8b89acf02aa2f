/*
 * bytecode.h -- the .pbc file format, its verifier and its disassembler.
 *
 * File layout (all integers little-endian):
 *   magic "PLBC", u32 format version (PL_BYTECODE_VERSION), u64 source hash,
 *   then sections: strings (constant pool), board, players/pieces/marks/vars,
 *   sided tables, state layout + initial slots, sets, code, line table,
 *   entries.  See docs/bytecode.md.
 *
 * pl_bytecode_read() never trusts the file: every count and index is range
 * checked, then pl_verify() checks the code (opcode validity, operand
 * ranges, jump targets on instruction boundaries, stack depth) before the
 * program is returned.
 */
#ifndef PLATEAU_BYTECODE_H
#define PLATEAU_BYTECODE_H

#include <stdio.h>
#include <stdint.h>
#include "program.h"

#define PL_BYTECODE_MAGIC "PLBC"
#define PL_BYTECODE_VERSION 13  /* 13: GROUPSEQ (groups(P, D) == k, k groups flooded at most); 12: board predicates with inputs (locals around them, variables: pl_pred_inputs_of), which MASKAGG and MASKBITS answer from masks made per value; 11: PLACEATTR (a piece placed with its attributes); 10: the engine of `ai` (a string after the description); 9: six players (entry_moves has PL_MAX_PLAYERS = 6 entries), each player's grammatical number (player_plural), BOARDREP and BOARDREPP, filtered sets inside set algebra (the WHERE set, BITSCLEAR, BITSADD, MASKBITS); 8: set algebra (union, inter, minus; neighbors and group of a set) and capture of a set (REMOVESET); 7: comparisons with a constant (EQK ...); 6: group and border sets, variables holding cells */

/* Serialize to a malloc'ed buffer; returns 0 on success. */
int pl_bytecode_write(const pl_program *prog, uint8_t **out, size_t *outlen);

/* Parse and verify.  On failure returns NULL and writes a message to err. */
pl_program *pl_bytecode_read(const uint8_t *data, size_t len,
                             char *err, size_t errlen);

/* True if the buffer starts with the bytecode magic. */
int pl_bytecode_is_bytecode(const uint8_t *data, size_t len);

/* Check code and tables of a program (also used on freshly compiled code).
 * Sets prog->max_stack.  Returns 0, or -1 with a message in err. */
int pl_verify(pl_program *prog, char *err, size_t errlen);

/* Fuse the hottest instruction sequences of freshly generated code into
 * superinstructions (peephole.c), keeping jump targets, entries and the
 * line table right.  Run before pl_verify(). */
void pl_peephole(pl_program *prog);

/* Print the program: tables, then each instruction with its operands,
 * interleaved with the source lines when `source` (the game text) is given. */
void pl_disasm(const pl_program *prog, const char *source, FILE *out);

#endif
