/*
 * plateau_test.h -- helpers shared by the cmocka suites tests/test_*.c.
 *
 * Every suite runs from the source tree (CMake sets the working directory
 * and PLATEAU_PATH to it), so games, the stdlib and the test data are named
 * by relative paths: "games/alignment/tic-tac-toe.game", "tests/broken/x.game".
 * pt_init() moves to PLATEAU_PATH when it is set, so a suite started by
 * hand from elsewhere finds them too, and applies PLATEAU_TEST_FILTER.
 *
 * Everything here is `static inline` so that a suite that uses only part
 * of it compiles without unused-function warnings.
 */
#ifndef PLATEAU_TEST_H
#define PLATEAU_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "bytecode.h"
#include "compile.h"
#include "game.h"
#include "util.h"

#define PT_STDLIB "stdlib"

static inline void pt_init(void)
{
    const char *root = getenv("PLATEAU_PATH");
    if (root && *root && chdir(root) != 0) {
        fprintf(stderr, "cannot enter PLATEAU_PATH=%s\n", root);
        exit(1);
    }
    /* PLATEAU_TEST_FILTER="threads*" runs only the matching tests
     * (the thread-sanitizer run picks the ones with helper threads). */
    const char *filter = getenv("PLATEAU_TEST_FILTER");
    if (filter && *filter)
        cmocka_set_test_filter(filter);
}

/* Compile a file that must compile; prints the diagnostics otherwise. */
static inline pl_program *pt_compile(const char *path)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_file(path, PT_STDLIB, &d);
    if (!p || d.errors) {
        fprintf(stderr, "cannot compile %s:\n", path);
        pl_diags_print(&d, stderr);
    }
    assert_non_null(p);
    assert_int_equal(d.errors, 0);
    pl_diags_free(&d);
    return p;
}

/* Compile game text held in memory under the name `name`. */
static inline pl_program *pt_compile_text(const char *name, const char *text)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string(name, text, strlen(text), PT_STDLIB, &d);
    if (!p || d.errors) {
        fprintf(stderr, "cannot compile %s:\n", name);
        pl_diags_print(&d, stderr);
    }
    assert_non_null(p);
    assert_int_equal(d.errors, 0);
    pl_diags_free(&d);
    return p;
}

/* The whole diagnostic output of a list, as pl_diags_print writes it
 * (malloc'ed, NUL-terminated). */
static inline char *pt_diags_text(const pl_diags *d)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    pl_diags_print(d, f);
    fclose(f);
    return buf;
}

/* The messages of compiling game text `text` (named `name`), one per line
 * (malloc'ed), and in *errors how many are errors. */
static inline char *pt_messages_of(const char *name, const char *text, int *errors)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string(name, text, strlen(text), PT_STDLIB, &d);
    size_t cap = 4096, len = 0;
    char *out = calloc(cap, 1);
    assert_non_null(out);
    for (int i = 0; i < d.count; i++)
        len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s\n", d.items[i].message);
    *errors = d.errors;
    pl_diags_free(&d);
    pl_program_free(p);
    return out;
}

/* A whole file (malloc'ed, NUL-terminated), or NULL. */
static inline char *pt_read_file(const char *path, size_t *len)
{
    char *data;
    pl_read_file(path, (size_t)1 << 30, &data, len);
    return data;
}

/* Generate the moves of the current position into ml (must not fail);
 * their count. */
static inline int pt_generate(pl_state *st, pl_movelist *ml)
{
    pl_err err = pl_generate(st, ml);
    if (err != PL_OK)
        fprintf(stderr, "runtime error: %s\n", pl_state_error(st));
    assert_int_equal(err, PL_OK);
    return ml->count;
}

/* The status of the position (pl_status), which must not be a runtime
 * error: PL_RESULT_NONE (ml holds the moves) or a result. */
static inline int pt_status(pl_state *st, pl_movelist *ml)
{
    int r = PL_RESULT_NONE;
    pl_err err = pl_status(st, ml, &r);
    if (err != PL_OK)
        fprintf(stderr, "runtime error: %s\n", pl_state_error(st));
    assert_int_equal(err, PL_OK);
    return r;
}

/* A search engine for the player spec `text` (which must parse). */
static inline pl_search *pt_new_search(const pl_program *prog, const char *text)
{
    pl_player_spec spec;
    char err[256];
    pl_err rc = pl_player_spec_parse(text, 0, &spec, err, sizeof err);
    if (rc != PL_OK)
        fprintf(stderr, "spec '%s': %s\n", text, err);
    assert_int_equal(rc, PL_OK);
    pl_search *s = pl_search_new(prog, &spec);
    assert_non_null(s);
    return s;
}

/* The result of move i at once: its end result, or the no-moves result
 * (pl_status after it), PL_RESULT_NONE while the game goes on. */
static inline int pt_result_after(pl_state *st, pl_movelist *ml, int i)
{
    pl_movelist tmp;
    pl_movelist_init(&tmp);
    pl_apply(st, ml, i);
    int r = pt_status(st, &tmp);
    pl_undo(st);
    pl_movelist_free(&tmp);
    return r;
}

/* Does move i lose at once, or let the opponent win with the next move? */
static inline int pt_loses_at_once(pl_state *st, pl_movelist *ml, int i)
{
    int me = pl_state_to_move(st), np = pl_program_nplayers(pl_state_program(st)), lost = 0;
    pl_movelist replies, tmp;
    pl_movelist_init(&replies);
    pl_movelist_init(&tmp);
    pl_apply(st, ml, i);
    int r = pt_status(st, &replies);
    lost = r >= 0 && r != me && r < np;
    for (int j = 0; r == PL_RESULT_NONE && j < replies.count && !lost; j++) {
        pl_apply(st, &replies, j);
        int r2 = pt_status(st, &tmp);
        pl_undo(st);
        lost = r2 >= 0 && r2 != me && r2 < np;
    }
    pl_undo(st);
    pl_movelist_free(&replies);
    pl_movelist_free(&tmp);
    return lost;
}

/* Play a space-separated list of move texts from the current position;
 * each must be legal and the game must not be over before it. */
static inline void pt_play(pl_state *st, pl_movelist *ml, const char *moves)
{
    char *copy = strdup(moves);
    char *save = NULL;
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int r = pt_status(st, ml);
        if (r != PL_RESULT_NONE)
            fprintf(stderr, "game over (%d) before move '%s' of '%s'\n", r, t, moves);
        assert_int_equal(r, PL_RESULT_NONE);
        int k = pl_movelist_find(ml, t);
        if (k < 0)
            fprintf(stderr, "move '%s' is not legal in '%s'\n", t, moves);
        assert_true(k >= 0);
        pl_apply(st, ml, k);
    }
    free(copy);
}

/* Perft as docs/cli.md ("perft") defines it: distinct legal move
 * sequences of length depth, stopping at terminal positions.  `mls` holds
 * one move list per level (depth + 1 of them). */
static inline long pt_perft(pl_state *st, pl_movelist *mls, int depth)
{
    int r = pt_status(st, &mls[depth]);
    if (r != PL_RESULT_NONE)
        return depth == 0;
    if (depth <= 1)
        return depth == 0 ? 1 : mls[depth].count;
    long n = 0;
    int count = mls[depth].count;
    for (int i = 0; i < count; i++) {
        pl_apply(st, &mls[depth], i);
        n += pt_perft(st, mls, depth - 1);
        pl_undo(st);
    }
    return n;
}

/* pt_perft from the start position of prog, with lists of its own
 * (depth at most PT_PERFT_DEPTH_MAX). */
enum { PT_PERFT_DEPTH_MAX = 11 };
static inline long pt_perft_of(const pl_program *prog, int depth)
{
    assert_true(depth >= 0 && depth <= PT_PERFT_DEPTH_MAX);
    pl_state *st = pl_state_new(prog);
    pl_movelist mls[PT_PERFT_DEPTH_MAX + 1];
    for (int i = 0; i <= depth; i++)
        pl_movelist_init(&mls[i]);
    long n = pt_perft(st, mls, depth);
    for (int i = 0; i <= depth; i++)
        pl_movelist_free(&mls[i]);
    pl_state_free(st);
    return n;
}

/* A perft regression: from `game` after `moves`, perft(1..depth). */
enum { PT_PERFT_MAX = 12 };
typedef struct {
    const char *game;         /* games/NAME.game or tests/positions/NAME.game */
    const char *moves;        /* from there, separated by spaces */
    int depth;                /* how many values follow */
    long perft[PT_PERFT_MAX]; /* perft(1), perft(2), ... perft(depth) */
} pt_perft_case;

typedef void (*pt_play_fn)(pl_state *st, pl_movelist *ml, const char *moves);

/* Check one case, the moves played by `play` (pt_play or a game's own);
 * perft must also leave the position as it found it. */
static inline void pt_check_perft_case(const pt_perft_case *c, pt_play_fn play)
{
    pl_program *prog = pt_compile(c->game);
    pl_state *st = pl_state_new(prog);
    pl_movelist mls[PT_PERFT_MAX + 1];
    for (int i = 0; i <= PT_PERFT_MAX; i++)
        pl_movelist_init(&mls[i]);
    play(st, &mls[0], c->moves);
    int ply = pl_state_ply(st);
    uint64_t hash = pl_state_hash(st);
    for (int d = 1; d <= c->depth; d++) {
        long n = pt_perft(st, mls, d);
        if (n != c->perft[d - 1])
            fprintf(stderr, "%s after '%s': perft(%d) = %ld, expected %ld\n",
                    c->game, c->moves, d, n, c->perft[d - 1]);
        assert_int_equal(n, c->perft[d - 1]);
        assert_int_equal(pl_state_ply(st), ply);
        assert_int_equal(pl_state_hash(st), hash);
    }
    for (int i = 0; i <= PT_PERFT_MAX; i++)
        pl_movelist_free(&mls[i]);
    pl_state_free(st);
    pl_program_free(prog);
}

static inline int pt_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The texts of ml sorted and joined by spaces (malloc'ed). */
static inline char *pt_join_moves(const pl_movelist *ml)
{
    const char **v = malloc(sizeof *v * (size_t)(ml->count + 1));
    size_t len = 1;
    for (int i = 0; i < ml->count; i++) {
        v[i] = pl_move_text(ml, i);
        len += strlen(v[i]) + 1;
    }
    qsort(v, (size_t)ml->count, sizeof *v, pt_cmp_str);
    char *out = malloc(len);
    out[0] = 0;
    for (int i = 0; i < ml->count; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, v[i]);
    }
    free(v);
    return out;
}

/* The sorted legal moves of the current position, or "" when none. */
static inline char *pt_moves(pl_state *st, pl_movelist *ml)
{
    pt_generate(st, ml);
    return pt_join_moves(ml);
}

/* Assert that the current legal moves are exactly `want` (sorted texts
 * separated by single spaces). */
#define pt_assert_moves(st, ml, want)                \
    do {                                             \
        char *got_ = pt_moves((st), (ml));           \
        assert_string_equal(got_, (want));           \
        free(got_);                                  \
    } while (0)

/* Call fn on every .game file under `dir` (games/ holds one folder per
 * family of games); returns how many. */
static inline int pt_for_each_game(const char *dir, void (*fn)(const char *path))
{
    DIR *dp = opendir(dir);
    assert_non_null(dp);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        char path[1024];
        size_t len = strlen(e->d_name), dlen = strlen(dir);
        if (dlen + len + 2 > sizeof path)
            continue;
        memcpy(path, dir, dlen);
        path[dlen] = '/';
        memcpy(path + dlen + 1, e->d_name, len + 1);
        struct stat sb;
        if (e->d_name[0] == '.' || stat(path, &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode))
            n += pt_for_each_game(path, fn);
        else if (len > 5 && strcmp(e->d_name + len - 5, ".game") == 0) {
            fn(path);
            n++;
        }
    }
    closedir(dp);
    return n;
}

#endif
