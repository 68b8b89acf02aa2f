/*
 * limit_table.h -- the one table of the language's limits, as an X-macro.
 *
 * A game file comes from strangers: every size the compiler, the bytecode
 * writer and the verifier accept is bounded, and the bound is a row here so
 * that the three agree and docs/validate.md can list them all ("The
 * limits table"; test_hostile fails when that list drifts from this one).
 *
 * LIMIT(name, value, what is bounded, the message that reports it)
 *
 * Include with LIMIT defined; without it this header defines the
 * enumeration PL_LIMIT_<name> = value.
 */
#ifdef LIMIT
LIMIT(EXPR_DEPTH, 500, "operators inside one another, as written", "expression nests more than 500 operators deep: split it with 'let'")
LIMIT(EXPAND_CALLS, 64, "definitions being expanded inside one another", "'f' expands into itself (recursive definitions are not allowed)")
LIMIT(EXPAND_DEPTH, 1000, "nesting of the rules once definitions are expanded", "expanding d0 -> d1 -> ... nests more than 1000 levels deep")
LIMIT(EXPAND_NODES, 2000000, "constructs compiled once definitions are expanded", "expanding d0 -> d1 -> ... makes more than 2000000 constructs")
LIMIT(FILES, 64, "source files of a game (the game and its imports)", "too many imported files (at most 64)")
LIMIT(NAME_BYTES, 256, "bytes in a name", "a name has at most 256 bytes")
LIMIT(STRING_BYTES, 1048576, "bytes in a string", "a string has at most 1048576 bytes")
LIMIT(CELLS, 4096, "cells of a board, extra cells included", "board size ... is out of range")
LIMIT(DIRS, 64, "directions", "too many directions (at most 64)")
LIMIT(PLAYERS, 6, "players", "too many players (at most 6)")
LIMIT(KINDS, 250, "piece kinds", "too many piece kinds (at most 250)")
LIMIT(ATTRS, 2, "attributes of a piece kind", "a piece has at most 2 attributes")
LIMIT(MARKS, 256, "marks (scratch marks not included)", "too many marks (at most 256)")
LIMIT(VARS, 65536, "variables, and player variables", "too many variables (at most 65536)")
LIMIT(SIDED, 65536, "direction sets, and regions", "too many regions (at most 65536)")
LIMIT(SIDED_DATA, 16777216, "directions of all direction sets, and cells of all regions, per player", "the regions name more than 16777216 cells in all")
LIMIT(LOCALS, 16384, "local variables of the move program, scratch marks included", "the move program needs more than 16384 local variables")
LIMIT(STRINGS, 1048576, "distinct strings of the move texts", "(bytecode only: a source cannot hold that many)")
LIMIT(SLOTS, 16777216, "slots of a position (cells, marks, variables)", "(bytecode only: the limits above keep a compiled game far below)")
LIMIT(SETS, 1048576, "set expressions of the rules", "(bytecode only: a source cannot hold that many)")
LIMIT(SET_TREE, 64, "sets that make one set of union, inter, minus and neighbors of a set (counted as written)", "a set made with union, inter, minus and neighbors holds more than 64 sets")
LIMIT(CODE, 16777216, "words of compiled code", "the compiled rules are too large (more than 16777216 words)")
#else
#ifndef PLATEAU_LIMIT_TABLE_H
#define PLATEAU_LIMIT_TABLE_H
enum {
#define LIMIT(name, value, what, message) PL_LIMIT_##name = value,
#include "limit_table.h"
#undef LIMIT
};
/* A limit's value as a string literal, for messages built at compile time
 * ("at most " PL_LIMIT_TEXT(NAME_BYTES) " bytes"); the static assertions
 * keep the spelled values equal to the table's. */
#define PL_LIMIT_TEXT(name) PL_LIMIT_TEXT_##name
#define PL_LIMIT_TEXT_NAME_BYTES "256"
#define PL_LIMIT_TEXT_STRING_BYTES "1048576"
_Static_assert(PL_LIMIT_NAME_BYTES == 256, "PL_LIMIT_TEXT_NAME_BYTES");
_Static_assert(PL_LIMIT_STRING_BYTES == 1048576, "PL_LIMIT_TEXT_STRING_BYTES");
#endif
#endif
