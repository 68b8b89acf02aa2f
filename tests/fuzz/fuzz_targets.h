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
 *   pl_fuzz_gen_native  the game of pl_fuzz_gen, when its code is small
 *                     (a bound on the C compiler's time), compiled to
 *                     native code too: perft, seeded playouts, evaluations
 *                     and runtime errors (a small step budget included)
 *                     must give the interpreter's trace, line for line.
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
#include "native.h"      /* pl_native_build, pl_native_attach: gen_native */
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

/* --- native code against the interpreter (gen_native) -------------------- */

/* A generated game is compiled to native code only when its code is at
 * most PL_FUZZ_NATIVE_MAX_CODE words: that bounds the C compiler's time
 * (the unit is vm.c, about 2 s alone, plus a few lines per instruction).
 * Then the same trace is taken on both back ends and must be the same
 * text: perft to PL_FUZZ_NATIVE_DEPTH (at most PL_FUZZ_NATIVE_NODES
 * statuses), every node's status, result and move texts (or its runtime
 * error, word for word); then seeded random playouts, sampled moves and
 * every third ply the full list, with the evaluation of each position;
 * the last playout under a small step budget, so that running out of it
 * is compared too. */
enum {
    PL_FUZZ_NATIVE_MAX_CODE = 3000,
    PL_FUZZ_NATIVE_DEPTH = 3,
    PL_FUZZ_NATIVE_NODES = 3000,
    PL_FUZZ_NATIVE_GAMES = 6,
    PL_FUZZ_NATIVE_PLIES = 60
};

/* A status, evaluation or apply: its error code, with the message. */
static inline void pl_fuzz_trace_err(FILE *t, pl_state *st, const char *what, pl_err err)
{
    fprintf(t, "%s %d", what, (int)err);
    const char *m = err == PL_ERR_RUNTIME ? pl_state_error(st) : NULL;
    if (m)
        fprintf(t, " [%s]", m);
    fputc('\n', t);
}

static inline void pl_fuzz_trace_moves(FILE *t, const pl_movelist *ml)
{
    fprintf(t, "moves %d:", ml->count);
    for (int i = 0; i < ml->count; i++)
        fprintf(t, " %s", pl_move_text(ml, i));
    fputc('\n', t);
}

static inline void pl_fuzz_trace_perft(FILE *t, pl_state *st, pl_movelist *mls, int depth,
                                       long *nodes)
{
    if (--*nodes < 0)
        return;
    int r = PL_RESULT_NONE;
    pl_err err = pl_status(st, &mls[depth], &r);
    pl_fuzz_trace_err(t, st, "status", err);
    fprintf(t, "result %d\n", r);
    if (err != PL_OK || r != PL_RESULT_NONE || depth == 0)
        return;
    pl_fuzz_trace_moves(t, &mls[depth]);
    for (int i = 0; i < mls[depth].count && *nodes >= 0; i++) {
        err = pl_apply(st, &mls[depth], i);
        pl_fuzz_trace_err(t, st, "apply", err);
        if (err != PL_OK)
            return;
        pl_fuzz_trace_perft(t, st, mls, depth - 1, nodes);
        pl_undo(st);
    }
}

/* One ply of a playout: the full list every third ply, the sampled move,
 * the evaluation; 0 when the game ends (over, stuck or an error). */
static inline int pl_fuzz_trace_ply(FILE *t, pl_state *st, pl_movelist *ml, pl_movelist *all,
                                    uint64_t *rng, int ply)
{
    int r = PL_RESULT_NONE;
    pl_err err;
    if (ply % 3 == 0) {
        err = pl_status(st, all, &r);
        pl_fuzz_trace_err(t, st, "status", err);
        if (err == PL_OK)
            pl_fuzz_trace_moves(t, all);
    }
    err = pl_status_random(st, rng, ml, &r);
    pl_fuzz_trace_err(t, st, "sampled", err);
    fprintf(t, "result %d\n", r);
    if (err != PL_OK || r != PL_RESULT_NONE || ml->count <= 0)
        return 0;
    fprintf(t, "move %s\n", pl_move_text(ml, 0));
    int32_t v = 0;
    err = pl_evaluate(st, 0, &v);
    pl_fuzz_trace_err(t, st, "evaluate", err);
    fprintf(t, "value %d\n", (int)v);
    err = pl_apply(st, ml, 0);
    pl_fuzz_trace_err(t, st, "apply", err);
    return err == PL_OK;
}

/* The trace of a program (a string to free); *events, its lines. */
static inline char *pl_fuzz_native_trace(const pl_program *p, long small_budget, long *events)
{
    char *text = NULL;
    size_t n = 0;
    FILE *t = open_memstream(&text, &n);
    pl_state *st = pl_state_new(p);
    pl_movelist mls[PL_FUZZ_NATIVE_DEPTH + 1], ml, all;
    if (!t || !st)
        abort();
    for (int i = 0; i <= PL_FUZZ_NATIVE_DEPTH; i++)
        pl_movelist_init(&mls[i]);
    pl_movelist_init(&ml);
    pl_movelist_init(&all);
    long nodes = PL_FUZZ_NATIVE_NODES;
    pl_fuzz_trace_perft(t, st, mls, PL_FUZZ_NATIVE_DEPTH, &nodes);
    for (int g = 0; g < PL_FUZZ_NATIVE_GAMES; g++) {
        uint64_t rng = 0x9e3779b97f4a7c15ull + (uint64_t)g;
        pl_state_reset(st);
        pl_state_set_step_budget(st, g + 1 == PL_FUZZ_NATIVE_GAMES ? small_budget : 0);
        fprintf(t, "game %d\n", g);
        for (int ply = 0; ply < PL_FUZZ_NATIVE_PLIES; ply++)
            if (!pl_fuzz_trace_ply(t, st, &ml, &all, &rng, ply))
                break;
    }
    for (int i = 0; i <= PL_FUZZ_NATIVE_DEPTH; i++)
        pl_movelist_free(&mls[i]);
    pl_movelist_free(&ml);
    pl_movelist_free(&all);
    pl_state_free(st);
    if (fclose(t) != 0)
        abort();
    *events = 0;
    for (const char *c = text; *c; c++)
        *events += *c == '\n';
    return text;
}

/* Build the program's native code into the cache and load it; then remove
 * the cache's files (the object stays mapped), so that a long run does not
 * fill the disk.  0 when there is no C compiler (said once); a valid
 * program whose C does not compile, or that does not load, is a bug. */
static inline int pl_fuzz_native_attach(pl_program *p)
{
    char so[4200], why[600], path[4300];
    int built;
    double seconds;
    static int said;
    if (!pl_native_build(p, so, sizeof so, &built, &seconds, why, sizeof why)) {
        if (strstr(why, "failed: see")) {
            fprintf(stderr, "fuzz: native code does not build: %s\n", why);
            abort();
        }
        if (!said++)
            fprintf(stderr, "fuzz: no native code, skipping its checks: %s\n", why);
        return 0;
    }
    if (!pl_native_attach(p, so, why, sizeof why)) {
        fprintf(stderr, "fuzz: native code does not load: %s\n", why);
        abort();
    }
    size_t stem = strlen(so) - 3;   /* DIR/KEY.so */
    const char *const ext[] = {".so", ".so.sum", ".c", ".log"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%.*s%s", (int)stem, so, ext[i]);
        remove(path);
    }
    return 1;
}

/* The first line where two traces differ, on stderr. */
static inline void pl_fuzz_show_difference(const char *a, const char *b)
{
    long line = 1;
    const char *la = a, *lb = b;
    for (; *a && *a == *b; a++, b++)
        if (*a == '\n') {
            line++;
            la = a + 1;
            lb = b + 1;
        }
    fprintf(stderr, "fuzz: the traces differ at line %ld:\n  interpreter: %.*s\n  native:      %.*s\n",
            line, (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
}

/* Compile `text` twice, one copy on native code, and compare the traces:
 * -1 when the check does not apply (no compiler, too much code), else the
 * number of lines compared.  A difference aborts. */
static inline long pl_fuzz_native_check(const char *text, size_t n, long small_budget)
{
    pl_program *p[2];
    for (int k = 0; k < 2; k++) {
        pl_diags d;
        pl_diags_init(&d);
        p[k] = pl_compile_string("gen.game", text, n, PL_FUZZ_STDLIB, &d);
        pl_diags_free(&d);
    }
    long events[2] = {-1, -1};
    if (p[0] && p[1] && p[0]->ncode <= PL_FUZZ_NATIVE_MAX_CODE && pl_fuzz_native_attach(p[1])) {
        char *trace[2];
        for (int k = 0; k < 2; k++)
            trace[k] = pl_fuzz_native_trace(p[k], small_budget, &events[k]);
        if (strcmp(trace[0], trace[1]) != 0) {
            fprintf(stderr, "fuzz: native code differs from the interpreter on:\n%.*s\n",
                    (int)n, text);
            pl_fuzz_show_difference(trace[0], trace[1]);
            abort();
        }
        free(trace[0]);
        free(trace[1]);
    }
    pl_program_free(p[0]);
    pl_program_free(p[1]);
    return events[0];
}

/* The gen_native target: a game of gen_game.h, as pl_fuzz_gen, on both
 * back ends; the last byte sets the small step budget. */
static inline int pl_fuzz_gen_native(const uint8_t *data, size_t len)
{
    static pl_gen g;
    if (!getenv("PLATEAU_CACHE")) {   /* never the user's cache */
        const char *tmp = getenv("TMPDIR");
        char dir[512];
        snprintf(dir, sizeof dir, "%s/plateau-fuzz-native", tmp && *tmp ? tmp : "/tmp");
        setenv("PLATEAU_CACHE", dir, 1);
    }
    pl_gen_game(&g, data, len);
    pl_fuzz_native_check(g.text, g.n, 5 + (len ? data[len - 1] : 0));
    return 0;
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
