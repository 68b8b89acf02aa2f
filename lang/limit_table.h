/*
 * limit_table.h -- the one table of the language's limits, as an X-macro.
 *
 * A game file comes from strangers: every size the compiler, the bytecode
 * writer and the verifier accept is bounded, and the bound is a row here so
 * that the three agree and docs/validate.md can list them all (generated
 * by docs/gen-limits.sh; the `docs` test fails when it drifts).
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
LIMIT(CELLS, 4096, "cells of a board, extra cells included", "board size ... is out of range")
LIMIT(DIRS, 64, "directions", "too many directions (at most 64)")
LIMIT(KINDS, 250, "piece kinds", "too many piece kinds (at most 250)")
LIMIT(ATTRS, 2, "attributes of a piece kind", "a piece has at most 2 attributes")
LIMIT(LOCALS, 16384, "local variables of the move program, scratch marks included", "the move program needs N local variables (at most 16384)")
#else
#ifndef PLATEAU_LIMIT_TABLE_H
#define PLATEAU_LIMIT_TABLE_H
enum {
#define LIMIT(name, value, what, message) PL_LIMIT_##name = value,
#include "limit_table.h"
#undef LIMIT
};
#endif
#endif
