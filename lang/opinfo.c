/*
 * opinfo.c -- the opcode information table (name, operand kinds, stack
 * effect, meaning), built from the one opcode list in opcodes.h, and the
 * set kind table, built from setkinds.h.
 *
 * Designated initializers tie each row to its enum value, so the table can
 * never drift from pl_opcode even if both were built differently.
 */
#include "program.h"

const pl_opinfo pl_opinfo_table[PL_OP_COUNT] = {
#define OP(name, nops, k1, k2, k3, k4, pop, push, doc) \
    [PL_OP_##name] = { #name, nops, \
                       { PL_K_##k1, PL_K_##k2, PL_K_##k3, PL_K_##k4 }, \
                       pop, push, doc },
#include "opcodes.h"
#undef OP
};

const pl_setkind_info pl_setkind_table[PL_SET_COUNT] = {
#define SETKIND(name, text, id, arg0, arg1, args, player, element, doc) \
    [PL_SET_##name] = { text, PL_SETID_##id, { arg0, arg1 }, PL_SETARGS_##args, \
                        PL_SETSIDE_##player, PL_SETELEM_##element, doc },
#include "setkinds.h"
#undef SETKIND
};
