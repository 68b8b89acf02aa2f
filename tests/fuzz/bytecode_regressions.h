/*
 * bytecode_regressions.h -- the .pbc regressions of tests/fuzz/regressions/
 * (bytecode-NAME), made from source so that a change of the bytecode
 * format cannot leave them behind.
 *
 * A .pbc input that once crashed or hung the loader, the verifier or the
 * VM is not kept as the fuzzer's bytes alone: those bytes are in the
 * format of their day, and once PL_BYTECODE_VERSION moves on, the loader
 * refuses them at the header, before the check they were kept for -- a
 * regression that can no longer fail.  Each is a row of the table below
 * instead: a small game, compiled; a corruption of the compiled program
 * (the pl_program that the writer serializes) that makes the class of
 * input the fuzzer found; and what must become of the result: refused by
 * the verifier with its message, stopped by the VM with its runtime
 * error, or played, with checks of its own.
 *
 *   make_bytecode_regressions (tests/fuzz/make_bytecode_regressions.c,
 *   built by CMake; `cmake --build build --target bytecode_regressions`)
 *   writes each row as tests/fuzz/regressions/bytecode-NAME in the
 *   current format;
 *   tests/test_validate.c makes each row again at test time and checks
 *   its outcome, and checks each kept file: in the current format (else
 *   the test fails and says to regenerate), made by a row, with the
 *   row's outcome, and through the fuzz target (fuzz_targets.h).
 *
 * A new bytecode finding of the fuzzer becomes a row: the smallest game
 * that has the shape, and the corruption, through pl_program, that the
 * minimized input made (docs/validate.md, "Bytecode regressions across
 * format changes").
 */
#ifndef PLATEAU_BYTECODE_REGRESSIONS_H
#define PLATEAU_BYTECODE_REGRESSIONS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytecode.h"
#include "compile.h"
#include "diag.h"
#include "game.h"

typedef enum {
    PL_BCREG_REFUSED,        /* the loader (its verifier) refuses it */
    PL_BCREG_RUNTIME_ERROR,  /* it loads; generating the first moves stops
                                with a runtime error */
    PL_BCREG_PLAYS           /* it loads and plays: the row's own checks */
} pl_bcreg_outcome;

typedef struct {
    const char *name;        /* kept as tests/fuzz/regressions/bytecode-NAME */
    const char *game;        /* the source, compiled as NAME.game */
    /* The corruption, applied to the compiled program before it is
     * written (NULL: none, the program as compiled is the input); returns
     * NULL, or why the program has not the shape it needs (then the game
     * or the corruption must change with the compiler). */
    const char *(*corrupt)(pl_program *p);
    pl_bcreg_outcome outcome;
    const char *message;     /* a part of the verifier's message (REFUSED) or
                                of the runtime error (RUNTIME_ERROR) */
    /* PLAYS: NULL when the game plays as it must, or what went wrong. */
    const char *(*plays)(pl_state *st, pl_movelist *ml);
} pl_bcreg;

/* The budget of the runs that check a row: a runaway loop stops here
 * (the fuzz build's budget) instead of at the default 50 million. */
#define PL_BCREG_STEP_BUDGET 1000000L

/* --- finding the places to corrupt ---------------------------------------- */

static inline int pl_bcreg_find_dir(const pl_program *p, const char *name)
{
    for (int d = 0; d < p->ndirs; d++)
        if (p->dir_names[d] && strcmp(p->dir_names[d], name) == 0)
            return d;
    return -1;
}

/* The `for` loops over a set of `kind`: codegen starts each with
 *   PUSH -1; STORE cursor; NEXT set cursor element exit
 * (lang/codegen.c, for_stmt).  Stores the code offsets of their PUSH and
 * NEXT (up to max) and returns how many there are. */
static inline int pl_bcreg_loops(const pl_program *p, int kind, int *push_pc,
                                 int *next_pc, int max)
{
    int n = 0, before2 = -1, before1 = -1;
    for (int pc = 0; pc < p->ncode;) {
        int op = p->code[pc];
        if (op < 0 || op >= PL_OP_COUNT)
            return n;   /* not an instruction: never in a compiled program */
        if (op == PL_OP_NEXT && pc + 4 < p->ncode && before2 >= 0 &&
            p->code[pc + 1] >= 0 && p->code[pc + 1] < p->nsets &&
            p->sets[p->code[pc + 1]].kind == kind &&
            p->code[before2] == PL_OP_PUSH && p->code[before2 + 1] == -1 &&
            p->code[before1] == PL_OP_STORE &&
            p->code[before1 + 1] == p->code[pc + 2]) {
            if (n < max) {
                push_pc[n] = before2;
                next_pc[n] = pc;
            }
            n++;
        }
        before2 = before1;
        before1 = pc;
        pc += 1 + pl_opinfo_table[op].nops;
    }
    return n;
}

enum { PL_BCREG_MAX_LOOPS = 16 };

/* --- the corruptions ------------------------------------------------------ */

/* East of c1, a1: the first row is a ring along e.  A slide or a line
 * along a ring never leaves the board. */
static inline const char *pl_bcreg_neighbor_cycle(pl_program *p)
{
    int a1 = pl_program_find_cell(p, "a1"), c1 = pl_program_find_cell(p, "c1");
    int e = pl_bcreg_find_dir(p, "e");
    if (a1 < 0 || c1 < 0 || e < 0)
        return "no cell a1 or c1, or no direction e";
    if (p->neighbor[c1 * p->ndirs + e] != -1)
        return "c1 is not on the east edge";
    p->neighbor[c1 * p->ndirs + e] = a1;
    return NULL;
}

/* Cell b2 in column ncols: one past the last column of the grid, where
 * the VM's grid of cells by square has no entry. */
static inline const char *pl_bcreg_cell_col_out_of_range(pl_program *p)
{
    int b2 = pl_program_find_cell(p, "b2");
    if (b2 < 0)
        return "no cell b2";
    p->cell_col[b2] = p->ncols;
    return NULL;
}

/* Cell b1 on a1's square: a line from one to the other never moves. */
static inline const char *pl_bcreg_two_cells_on_one_square(pl_program *p)
{
    int a1 = pl_program_find_cell(p, "a1"), b1 = pl_program_find_cell(p, "b1");
    if (a1 < 0 || b1 < 0)
        return "no cell a1 or b1";
    p->cell_col[b1] = p->cell_col[a1];
    p->cell_row[b1] = p->cell_row[a1];
    return NULL;
}

/* Every loop over all cells starts its cursor at INT32_MIN instead of -1:
 * cursor + 1 is then no cell at all. */
static inline const char *pl_bcreg_next_negative_cursor(pl_program *p)
{
    int push[PL_BCREG_MAX_LOOPS], next[PL_BCREG_MAX_LOOPS];
    int n = pl_bcreg_loops(p, PL_SET_CELLS, push, next, PL_BCREG_MAX_LOOPS);
    if (n < 1 || n > PL_BCREG_MAX_LOOPS)
        return "no loop over cells (PUSH -1; STORE; NEXT), or too many";
    for (int i = 0; i < n; i++)
        p->code[push[i] + 1] = INT32_MIN;
    return NULL;
}

/* Every loop over all cells exits to its own NEXT: once the cells are
 * done, NEXT finds the end again and again, and nothing but the exit
 * itself spends the step budget. */
static inline const char *pl_bcreg_next_exit_loop(pl_program *p)
{
    int push[PL_BCREG_MAX_LOOPS], next[PL_BCREG_MAX_LOOPS];
    int n = pl_bcreg_loops(p, PL_SET_CELLS, push, next, PL_BCREG_MAX_LOOPS);
    if (n < 1 || n > PL_BCREG_MAX_LOOPS)
        return "no loop over cells (PUSH -1; STORE; NEXT), or too many";
    for (int i = 0; i < n; i++)
        p->code[next[i] + 4] = next[i];
    return NULL;
}

/* Every loop over between(a, b) starts its cursor at ncells, one past the
 * last cell: BETWEEN resumes its walk from a cursor that is no cell. */
static inline const char *pl_bcreg_between_cursor_off_board(pl_program *p)
{
    int push[PL_BCREG_MAX_LOOPS], next[PL_BCREG_MAX_LOOPS];
    int n = pl_bcreg_loops(p, PL_SET_BETWEEN, push, next, PL_BCREG_MAX_LOOPS);
    if (n < 1 || n > PL_BCREG_MAX_LOOPS)
        return "no loop over between (PUSH -1; STORE; NEXT), or too many";
    for (int i = 0; i < n; i++)
        p->code[push[i] + 1] = p->ncells;
    return NULL;
}

/* A REMOVE appended after the last instruction: no entry reaches it, so
 * the verifier's walk of the paths does not see it run off the end, but
 * the analyses that walk every instruction (the sampling plan's "after a
 * REMOVE") followed it there and read past the code. */
static inline const char *pl_bcreg_fall_off_the_end(pl_program *p)
{
    int n = p->ncode;
    p->code = realloc(p->code, (size_t)(n + 1) * sizeof *p->code);
    p->code_line = realloc(p->code_line, (size_t)(n + 1) * sizeof *p->code_line);
    p->code_col = realloc(p->code_col, (size_t)(n + 1) * sizeof *p->code_col);
    if (!p->code || !p->code_line || !p->code_col)
        return "out of memory";
    p->code[n] = PL_OP_REMOVE;
    p->code_line[n] = p->code_col[n] = 0;
    p->ncode = n + 1;
    return NULL;
}

/* Every comparison `< 10` (LTK 10) compares with INT32_MAX instead: the
 * loop of PL_BCREG_LONG_WAY no longer ends, and each of its turns makes
 * the move one letter and one write longer and records it.  (The fuzzer
 * made this shape from Fanorona by turning the REMOVE of the capture
 * loop into a TEXTINT: the chain went on forever, its text growing.)
 * The moves recorded cost work that grows with their length, quadratic
 * in the turns of the loop, which the step budget does not count: once
 * only the cap on a list's texts, 256 MB of them, stopped it (32 s
 * under the fuzzer's ASan); now the bound on the bytes one generation
 * records (VM_RECORD_UNITS_PER_STEP) does, a few MB in. */
static inline const char *pl_bcreg_unbounded_way(pl_program *p)
{
    int found = 0;
    for (int pc = 0; pc < p->ncode;) {
        int op = p->code[pc];
        if (op < 0 || op >= PL_OP_COUNT)
            break;   /* not an instruction: never in a compiled program */
        if (op == PL_OP_LTK && pc + 1 < p->ncode && p->code[pc + 1] == 10) {
            p->code[pc + 1] = INT32_MAX;
            found++;
        }
        pc += 1 + pl_opinfo_table[op].nops;
    }
    return found ? NULL : "no LTK 10 (turns < 10) in the code";
}

/* The unreachable REMOVE changes nothing: the moves are the 9 cells. */
static inline const char *pl_bcreg_plays_nine(pl_state *st, pl_movelist *ml)
{
    const pl_program *p = pl_state_program(st);
    if (p->ncode < 1 || p->code[p->ncode - 1] != PL_OP_REMOVE)
        return "the code does not end with the REMOVE appended";
    int r;
    if (pl_status(st, ml, &r) != PL_OK || r != PL_RESULT_NONE || ml->count != 9)
        return "not the 9 moves of an empty 3 x 3 board";
    if (pl_apply(st, ml, 0) != PL_OK || pl_status(st, ml, &r) != PL_OK || ml->count != 8)
        return "not 8 moves after one";
    return pl_undo(st) == PL_OK ? NULL : "undo failed";
}

/* --- the checks of the rows that play ------------------------------------- */

/* Moves that write no text: the VM recorded them from a NULL text.  They
 * are one move, of text "", which plays. */
static inline const char *pl_bcreg_plays_empty_text(pl_state *st, pl_movelist *ml)
{
    for (int ply = 0; ply < 3; ply++) {
        int r;
        if (pl_status(st, ml, &r) != PL_OK || r != PL_RESULT_NONE)
            return "no legal move";
        if (ml->count != 1 || ml->moves[0].text_len != 0 ||
            strcmp(pl_move_text(ml, 0), "") != 0)
            return "not one move of empty text";
        if (pl_movelist_find(ml, "") != 0)
            return "the empty text does not find the move";
        if (pl_apply(st, ml, 0) != PL_OK || pl_state_ply(st) != ply + 1)
            return "the move of empty text does not apply";
    }
    while (pl_state_ply(st) > 0)
        if (pl_undo(st) != PL_OK)
            return "undo failed";
    return NULL;
}

/* A pass that writes nothing: apply read its effects from a move list
 * whose write array had never been allocated.  It plays: only the side
 * to move changes, and undo gives the position back. */
static inline const char *pl_bcreg_plays_pass(pl_state *st, pl_movelist *ml)
{
    int r;
    uint64_t start = pl_state_hash(st);
    if (pl_status(st, ml, &r) != PL_OK || r != PL_RESULT_NONE)
        return "no legal move";
    if (ml->count != 1 || !pl_move_is_pass(ml, 0) || ml->moves[0].nwrites != 0 ||
        strcmp(pl_move_text(ml, 0), "pass") != 0)
        return "not one pass without effects";
    if (pl_apply(st, ml, 0) != PL_OK || pl_state_to_move(st) != 1 ||
        pl_state_hash(st) == start)
        return "the pass does not hand the turn over";
    if (pl_undo(st) != PL_OK || pl_state_to_move(st) != 0 || pl_state_hash(st) != start)
        return "undo of the pass does not give the start position back";
    return NULL;
}

/* --- the table ------------------------------------------------------------ */

/* A 3 x 3 board with the four orthogonal directions, declared here rather
 * than imported so that a row depends on no file. */
#define PL_BCREG_BOARD                                                        \
    "direction n = (0, 1)\ndirection e = (1, 0)\n"                            \
    "direction s = (0, -1)\ndirection w = (-1, 0)\n"                          \
    "board 3 x 3\nplayers x o\npiece token\n"

/* Loops over all cells and over the cells between a1 and the new token. */
#define PL_BCREG_LOOPS                                                        \
    "game \"Loops\"\nabout \"Loops in a move program.\"\n" PL_BCREG_BOARD   \
    "var seen = 0\n"                                                          \
    "moves {\n"                                                               \
    "  pick c in empty_cells\n"                                               \
    "  for x in cells { set seen = seen + 1 }\n"                              \
    "  for x in between(a1, c) { set seen = seen + 1 }\n"                     \
    "  place mover token at c\n"                                              \
    "  text c\n"                                                              \
    "}\n"

/* Slides along every direction (rays that follow the neighbor table). */
#define PL_BCREG_SLIDES                                                       \
    "game \"Slides\"\nabout \"Tokens slide like rooks.\"\n" PL_BCREG_BOARD  \
    "directions orthogonal = n e s w\n"                                       \
    "setup {\n  place x token at a1\n  place o token at c3\n}\n"              \
    "moves {\n"                                                               \
    "  pick from in pieces(mover)\n"                                          \
    "  pick d in orthogonal\n"                                                \
    "  pick dest in slide(from, d)\n"                                         \
    "  move from to dest\n"                                                   \
    "  text from \"-\" dest\n"                                                \
    "}\n"

/* A move that goes on for up to 9 turns of a loop, one letter each:
 * "x", "xx", ... */
#define PL_BCREG_LONG_WAY                                                     \
    "game \"Long way\"\nabout \"Each turn of the loop makes the move "        \
    "longer, and may end it.\"\n" PL_BCREG_BOARD                              \
    "var turns = 0\n"                                                         \
    "moves {\n"                                                               \
    "  let going = 1\n"                                                       \
    "  while going {\n"                                                       \
    "    set turns = turns + 1\n"                                             \
    "    text \"x\"\n"                                                        \
    "    require turns < 10\n"                                                \
    "    either { set going = 0 } or { require true }\n"                      \
    "  }\n"                                                                   \
    "}\n"

static const pl_bcreg pl_bcreg_table[] = {
    {"neighbor-cycle", PL_BCREG_SLIDES, pl_bcreg_neighbor_cycle,
     PL_BCREG_REFUSED, "direction e leads around a cycle through cell a1", NULL},
    {"cell-col-out-of-range", PL_BCREG_SLIDES, pl_bcreg_cell_col_out_of_range,
     PL_BCREG_REFUSED, "cell b2 is at column 3, row 1: outside the 3 x 3 grid", NULL},
    {"next-negative-cursor", PL_BCREG_LOOPS, pl_bcreg_next_negative_cursor,
     PL_BCREG_RUNTIME_ERROR, "iteration cursor -2147483648 is outside the set", NULL},
    {"next-exit-loop", PL_BCREG_LOOPS, pl_bcreg_next_exit_loop,
     PL_BCREG_RUNTIME_ERROR, "the move program ran too long", NULL},
    {"between-cursor-off-board", PL_BCREG_LOOPS, pl_bcreg_between_cursor_off_board,
     PL_BCREG_RUNTIME_ERROR, "iteration cursor 9 is outside the set", NULL},
    {"empty-move-text",
     "game \"No text\"\nabout \"A move that writes no text.\"\n" PL_BCREG_BOARD
     "moves {\n  pick c in empty_cells\n  place mover token at c\n}\n",
     NULL, PL_BCREG_PLAYS, NULL, pl_bcreg_plays_empty_text},
    {"pass-without-effects",
     "game \"Pass\"\nabout \"The only move is a pass, which writes nothing.\"\n"
     PL_BCREG_BOARD "moves {\n  pass\n}\n",
     NULL, PL_BCREG_PLAYS, NULL, pl_bcreg_plays_pass},
    {"two-cells-on-one-square", PL_BCREG_LOOPS, pl_bcreg_two_cells_on_one_square,
     PL_BCREG_REFUSED, "two cells are on the square at column 0, row 0 of the grid", NULL},
    {"fall-off-the-end",
     "game \"Place\"\nabout \"Place a token on an empty cell.\"\n" PL_BCREG_BOARD
     "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n}\n",
     pl_bcreg_fall_off_the_end, PL_BCREG_PLAYS, NULL, pl_bcreg_plays_nine},
    {"unbounded-way", PL_BCREG_LONG_WAY, pl_bcreg_unbounded_way,
     PL_BCREG_RUNTIME_ERROR, "the move program ran too long", NULL},
};

enum { PL_BCREG_COUNT = (int)(sizeof pl_bcreg_table / sizeof pl_bcreg_table[0]) };

/* The row of regression file bytecode-NAME (NAME given), or NULL. */
static inline const pl_bcreg *pl_bcreg_find(const char *name)
{
    for (int i = 0; i < PL_BCREG_COUNT; i++)
        if (strcmp(pl_bcreg_table[i].name, name) == 0)
            return &pl_bcreg_table[i];
    return NULL;
}

/* --- making and checking -------------------------------------------------- */

/* True when `data` is bytecode of another version than the one the
 * loader reads (which it refuses at its header, whatever follows); the
 * version in *version. */
static inline int pl_bcreg_stale(const uint8_t *data, size_t len, uint32_t *version)
{
    if (!data || len < 8 || memcmp(data, PL_BYTECODE_MAGIC, 4) != 0)
        return 0;
    *version = (uint32_t)data[4] | (uint32_t)data[5] << 8 |
               (uint32_t)data[6] << 16 | (uint32_t)data[7] << 24;
    return *version != PL_BYTECODE_VERSION;
}

/* Generate the moves of the start position with the small budget:
 * PL_OK, or PL_ERR_RUNTIME and its message in err. */
static inline pl_err pl_bcreg_first_moves(const pl_program *p, char *err, size_t n)
{
    pl_state *st = pl_state_new(p);
    if (!st)
        return PL_ERR_MEMORY;
    pl_state_set_step_budget(st, PL_BCREG_STEP_BUDGET);
    pl_movelist ml;
    pl_movelist_init(&ml);
    int r;
    pl_err e = pl_status(st, &ml, &r);
    snprintf(err, n, "%s", e == PL_ERR_RUNTIME && pl_state_error(st) ? pl_state_error(st) : "");
    pl_movelist_free(&ml);
    pl_state_free(st);
    return e;
}

/* Whether `data` does what row r says: NULL, or what it did instead
 * (written in buf). */
static inline const char *pl_bcreg_check(const pl_bcreg *r, const uint8_t *data,
                                         size_t len, char *buf, size_t n)
{
    uint32_t stale = 0;
    if (pl_bcreg_stale(data, len, &stale)) {
        snprintf(buf, n, "written in bytecode version %u, the loader reads version %d: "
                 "refused at its header, it no longer reaches the check it was kept "
                 "for; regenerate it: cmake --build build --target "
                 "bytecode_regressions (docs/validate.md)", stale, PL_BYTECODE_VERSION);
        return buf;
    }
    char err[512] = "";
    pl_program *p = pl_bytecode_read(data, len, err, sizeof err);
    if (r->outcome == PL_BCREG_REFUSED) {
        const char *bad = NULL;
        if (p) {
            snprintf(buf, n, "loaded, but the verifier must refuse it (\"%s\")", r->message);
            bad = buf;
        } else if (!strstr(err, r->message)) {
            snprintf(buf, n, "refused with \"%s\", not \"%s\"", err, r->message);
            bad = buf;
        }
        pl_program_free(p);
        return bad;
    }
    if (!p) {
        snprintf(buf, n, "refused (\"%s\"), but it must load", err);
        return buf;
    }
    const char *bad = NULL;
    if (r->outcome == PL_BCREG_RUNTIME_ERROR) {
        pl_err e = pl_bcreg_first_moves(p, err, sizeof err);
        if (e != PL_ERR_RUNTIME || !strstr(err, r->message)) {
            snprintf(buf, n, "the first moves give %s (\"%s\"), not the runtime error \"%s\"",
                     pl_err_text(e), err, r->message);
            bad = buf;
        }
    } else {
        pl_state *st = pl_state_new(p);
        pl_movelist ml;
        pl_movelist_init(&ml);
        if (!st) {
            bad = "out of memory";
        } else {
            pl_state_set_step_budget(st, PL_BCREG_STEP_BUDGET);
            bad = r->plays(st, &ml);
        }
        if (bad) {
            snprintf(buf, n, "%s", bad);
            bad = buf;
        }
        pl_movelist_free(&ml);
        pl_state_free(st);
    }
    pl_program_free(p);
    return bad;
}

/* Compile row r's game, check that as compiled it loads (and, for a
 * runtime error, runs without one: what follows comes of the corruption
 * alone), corrupt it and write it in the current format.  0 and a
 * malloc'ed *out, or -1 and why in buf. */
static inline int pl_bcreg_make(const pl_bcreg *r, uint8_t **out, size_t *outlen,
                                char *buf, size_t n)
{
    char name[128], err[512] = "";
    snprintf(name, sizeof name, "%s.game", r->name);
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string(name, r->game, strlen(r->game), NULL, &d);
    if (!p)
        pl_diags_print(&d, stderr);
    pl_diags_free(&d);
    *out = NULL;
    *outlen = 0;
    if (!p) {
        snprintf(buf, n, "%s: the game does not compile", name);
        return -1;
    }
    uint8_t *bytes = NULL;
    size_t len = 0;
    pl_program *q = NULL;
    const char *bad = NULL;
    if (pl_bytecode_write(p, &bytes, &len) != 0)
        bad = "the writer refuses the game as compiled";
    else if (!(q = pl_bytecode_read(bytes, len, err, sizeof err)))
        bad = "the loader refuses the game as compiled";
    else if (r->outcome == PL_BCREG_RUNTIME_ERROR &&
             pl_bcreg_first_moves(q, err, sizeof err) != PL_OK)
        bad = "the game as compiled has a runtime error";
    free(bytes);
    pl_program_free(q);
    if (!bad && r->corrupt && (bad = r->corrupt(p)) != NULL)
        snprintf(err, sizeof err, "the compiler's code changed");
    if (!bad && pl_bytecode_write(p, out, outlen) != 0)
        bad = "the writer refuses the corrupted program";
    pl_program_free(p);
    if (bad) {
        snprintf(buf, n, "%s: %s (%s)", name, bad, err);
        return -1;
    }
    return 0;
}

#endif
