/*
 * fuzz_targets.h -- what each fuzz target does with one input, shared by
 * the libFuzzer harnesses (tests/fuzz/fuzz_*.c) and by
 * tests/test_validate.c, which replays every file of
 * tests/fuzz/regressions/ through the same functions without libFuzzer.
 *
 *   pl_fuzz_compile   the input is game source: scanner, parser, checks,
 *                     code generation, the verifier of the result, the
 *                     diagnostics printed as text and as JSON, and the
 *                     write/read round trip of the bytecode; then, when
 *                     the VM's step budget is small enough for a fuzzer
 *                     (see PL_FUZZ_COMPILE_PLIES), a few random plies.
 *   pl_fuzz_bytecode  the input is a .pbc file: the loader and verifier;
 *                     if it loads, the disassembler, a new state and a few
 *                     plies of pl_status / pl_apply, then pl_undo back.
 *   pl_fuzz_gen       the input is a sequence of choices for the grammar
 *                     of gen_game.h, which writes a valid game file from
 *                     them (definitions, imports, moves, effects, end
 *                     rules); it is compiled, checked, round-tripped and
 *                     played for PL_FUZZ_GEN_PLIES random plies, whatever
 *                     the step budget (the games it writes have no loops).
 *   pl_fuzz_movetext  byte 0 picks a shipped game (a .game of games/, in name
 *                     order), byte 1 a number of random plies (low 4 bits)
 *                     and their seed; the rest is a move text for
 *                     pl_movelist_find and pl_explain in that position.
 *
 * Every function returns 0.  A problem that is not a memory error is made
 * one with abort(), so libFuzzer keeps it: a compiled program that fails
 * to reload, a move found under a text that is not its text, pl_explain
 * disagreeing with the move list.
 *
 * Inputs name files relative to the source tree (the stdlib "stdlib", the
 * games "games"): run from there, as tests/fuzz/run and ctest do.
 */
#ifndef PLATEAU_FUZZ_TARGETS_H
#define PLATEAU_FUZZ_TARGETS_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "bytecode.h"
#include "compile.h"
#include "diag.h"
#include "game.h"
#include "state_int.h"   /* VM_STEP_BUDGET, as the library sees it */
#include "gen_game.h"

#define PL_FUZZ_STDLIB "stdlib"
#define PL_FUZZ_GAMES "games"

/* A runaway loop in a fuzzed game costs the whole step budget of the VM:
 * with the default 50 million steps, seconds per input under the
 * sanitizers.  tests/fuzz/run asks for a budget of 1 million, and then
 * the compile target also plays what it compiled. */
#if VM_STEP_BUDGET <= 1000000L
#define PL_FUZZ_COMPILE_PLIES 3
#else
#define PL_FUZZ_COMPILE_PLIES 0
#endif

enum {
    PL_FUZZ_MAX_GAMES = 64,
    PL_FUZZ_BYTECODE_PLIES = 4,   /* plies played from a loaded .pbc */
    PL_FUZZ_GEN_PLIES = 8,        /* plies played from a generated game */
    PL_FUZZ_MAX_TEXT = 4096       /* longer move texts are cut here */
};

/* A sink for printed output: the printers run, nothing is shown. */
static inline FILE *pl_fuzz_null(void)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    if (!null)
        abort();
    return null;
}

/* xorshift64*, as the CLI's playouts. */
static inline uint64_t pl_fuzz_rand(uint64_t *s)
{
    uint64_t x = *s ? *s : 0x9e3779b97f4a7c15ull;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* Serialize and read back: a program the compiler or the loader accepted
 * must survive the round trip. */
static inline void pl_fuzz_round_trip(const pl_program *p)
{
    uint8_t *bytes = NULL;
    size_t n = 0;
    if (pl_bytecode_write(p, &bytes, &n) != 0)
        abort();
    char err[256] = "";
    pl_program *q = pl_bytecode_read(bytes, n, err, sizeof err);
    if (!q) {
        fprintf(stderr, "fuzz: an accepted program does not reload: %s\n", err);
        abort();
    }
    pl_program_free(q);
    free(bytes);
}

/* vm.c's check of moves whose texts collide (validate --playouts). */

/* Play up to `plies` random plies (status, then a random legal move);
 * returns the number played.  A runtime error stops the game and sets
 * *error (may be NULL).  The collision check of validate runs too. */
static inline int pl_fuzz_play(pl_state *st, pl_movelist *ml, int plies,
                               uint64_t *seed, int *error)
{
    int played = 0;
    char text[128];
    pl_vm_check_collisions(1);
    while (played < plies) {
        int r;
        pl_err err = pl_status(st, ml, &r);
        if (err != PL_OK && error)
            *error = 1;
        if (err != PL_OK || r != PL_RESULT_NONE || ml->count <= 0)
            break;
        pl_apply(st, ml, (int)(pl_fuzz_rand(seed) % (uint64_t)ml->count));
        played++;
    }
    pl_vm_take_collisions(text, sizeof text);
    pl_vm_check_collisions(0);
    return played;
}

/* Compile, and play up to `plies` random plies of what compiles. */
static inline int pl_fuzz_compile_play(const uint8_t *data, size_t len, int plies)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("fuzz.game", (const char *)data, len,
                                      PL_FUZZ_STDLIB, &d);
    pl_diags_print(&d, pl_fuzz_null());
    pl_diags_print_json(&d, pl_fuzz_null());
    if (p && d.errors > 0)
        abort();   /* a program is returned only without errors */
    if (!p && d.errors == 0) {
        fprintf(stderr, "fuzz: compilation failed without an error\n");
        abort();
    }
    if (p) {
        pl_fuzz_round_trip(p);
        pl_state *st = plies > 0 ? pl_state_new(p) : NULL;
        if (st) {
            pl_movelist ml;
            pl_movelist_init(&ml);
            uint64_t seed = len;
            int played = pl_fuzz_play(st, &ml, plies, &seed, NULL);
            while (played-- > 0)
                pl_undo(st);
            pl_movelist_free(&ml);
            pl_state_free(st);
        }
        pl_program_free(p);
    }
    pl_diags_free(&d);
    return 0;
}

static inline int pl_fuzz_compile(const uint8_t *data, size_t len)
{
    return pl_fuzz_compile_play(data, len, PL_FUZZ_COMPILE_PLIES);
}

static inline int pl_fuzz_gen(const uint8_t *data, size_t len)
{
    static pl_gen g;   /* 16 KiB of text: not on the fuzzer's stack */
    pl_gen_game(&g, data, len);
    return pl_fuzz_compile_play((const uint8_t *)g.text, g.n, PL_FUZZ_GEN_PLIES);
}

static inline int pl_fuzz_bytecode(const uint8_t *data, size_t len)
{
    char err[256] = "";
    pl_program *p = pl_bytecode_read(data, len, err, sizeof err);
    if (!p)
        return 0;
    pl_disasm(p, NULL, pl_fuzz_null());
    pl_fuzz_round_trip(p);
    pl_state *st = pl_state_new(p);
    if (st) {
        pl_movelist ml;
        pl_movelist_init(&ml);
        uint64_t seed = len;
        int error = 0;
        int played = pl_fuzz_play(st, &ml, PL_FUZZ_BYTECODE_PLIES, &seed, &error);
        int32_t v;
        if (!error)   /* a runaway loop costs the whole step budget: once is enough */
            pl_evaluate(st, 0, &v);
        while (played-- > 0)
            pl_undo(st);
        pl_movelist_free(&ml);
        pl_state_free(st);
    }
    pl_program_free(p);
    return 0;
}

/* --- the shipped games, compiled once ------------------------------------ */

typedef struct {
    int count;
    char *names[PL_FUZZ_MAX_GAMES];   /* "games/FAMILY/x.game", in path order */
    pl_program *progs[PL_FUZZ_MAX_GAMES];
} pl_fuzz_game_list;

static inline int pl_fuzz_cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add the .game files of `dir` and its subfolders (the game families). */
static inline void pl_fuzz_add_games(pl_fuzz_game_list *list, const char *dir, int depth)
{
    DIR *dp = depth < 4 ? opendir(dir) : NULL;
    struct dirent *e;
    while (dp && (e = readdir(dp)) != NULL && list->count < PL_FUZZ_MAX_GAMES) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.')
            continue;
        char *name = malloc(strlen(dir) + n + 2);
        if (!name)
            abort();
        sprintf(name, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (stat(name, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            pl_fuzz_add_games(list, name, depth + 1);
            free(name);
        } else if (n > 5 && strcmp(e->d_name + n - 5, ".game") == 0) {
            list->names[list->count++] = name;
        } else {
            free(name);
        }
    }
    if (dp)
        closedir(dp);
}

/* The .game files of games/ (and its family folders) in strcmp order of
 * their paths (so that a byte picks the same game on every machine); a
 * game that does not compile keeps its place with a NULL program. */
static inline pl_fuzz_game_list *pl_fuzz_games(void)
{
    static pl_fuzz_game_list list;
    static int loaded;
    if (loaded)
        return &list;
    loaded = 1;
    pl_fuzz_add_games(&list, PL_FUZZ_GAMES, 0);
    qsort(list.names, (size_t)list.count, sizeof list.names[0], pl_fuzz_cmp_names);
    for (int i = 0; i < list.count; i++) {
        pl_diags d;
        pl_diags_init(&d);
        list.progs[i] = pl_compile_file(list.names[i], PL_FUZZ_STDLIB, &d);
        pl_diags_free(&d);
    }
    return &list;
}

static inline int pl_fuzz_movetext(const uint8_t *data, size_t len)
{
    pl_fuzz_game_list *games = pl_fuzz_games();
    if (len < 2 || games->count == 0)
        return 0;
    const pl_program *p = games->progs[data[0] % games->count];
    if (!p)
        return 0;
    size_t n = len - 2 < PL_FUZZ_MAX_TEXT ? len - 2 : PL_FUZZ_MAX_TEXT;
    char *text = malloc(n + 1);
    if (!text)
        abort();
    memcpy(text, data + 2, n);
    text[n] = '\0';   /* an embedded NUL ends the text early, as in C */

    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t seed = (uint64_t)data[1] + 1;
    pl_fuzz_play(st, &ml, data[1] & 15, &seed, NULL);
    int r;
    if (pl_status(st, &ml, &r) == PL_OK && r == PL_RESULT_NONE) {
        int i = pl_movelist_find(&ml, text);
        if (i >= 0 && strcasecmp(pl_move_text(&ml, i), text) != 0) {
            fprintf(stderr, "fuzz: '%s' found as move %d '%s'\n", text, i,
                    pl_move_text(&ml, i));
            abort();
        }
        pl_explanation ex;
        if (pl_explain(st, text, &ex) == PL_OK && ex.legal != (i >= 0)) {
            fprintf(stderr, "fuzz: pl_explain says '%s' is %slegal, the move "
                    "list says the opposite\n", text, ex.legal ? "" : "not ");
            abort();
        }
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    free(text);
    return 0;
}

#endif
