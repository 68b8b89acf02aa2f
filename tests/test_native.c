/*
 * test_native.c -- native code (pl_program_use_native) gives exactly what
 * the interpreter gives: for shipped games, perft and seeded random
 * playouts (sampled moves, full lists, end results) agree move for move;
 * a runtime error names the same rule; the cache is reused, a damaged
 * entry is rebuilt, not loaded; without a C compiler the program stays on
 * the interpreter and says why.
 *
 * Skipped, with a message, where no C compiler works.  `slow` checks
 * every shipped game (chess takes most of a minute to compile).
 */
#include <stdint.h>
#include <unistd.h>
#include "plateau_test.h"
#include "native.h"   /* pl_native_build: find the cache entry to damage it */

/* The shipped games CI compiles: every founding game, and one of each
   kind of rule the classics add (captures in chains, groups, six players,
   one player, an arrow after a move, flips). */
static const struct native_case {
    const char *game;
    int depth;        /* perft depth: about a tenth of a second */
} fast_cases[] = {
    {"breakthrough", 3}, {"lines-of-action", 2}, {"yote", 2}, {"wali", 2},
    {"knight-chase", 5}, {"gyges", 1}, {"ruches", 2}, {"dara", 2}, {"tic-tac-toe", 4},
    {"english-draughts", 5}, {"go9", 2}, {"chinese-checkers", 2}, {"fifteen", 6},
    {"amazons", 1}, {"reversi", 4},
};

static int no_compiler;   /* set when the first game could not be compiled */

/* The cache of this test: outside the source tree, shared by runs (and
   by the CI's builds, which the cache's lock keeps apart). */
static void use_test_cache(void)
{
    const char *tmp = getenv("TMPDIR");
    char dir[512];
    snprintf(dir, sizeof dir, "%s/plateau-test-cache-%ld", tmp && *tmp ? tmp : "/tmp",
             (long)getuid());
    setenv("PLATEAU_CACHE", dir, 1);
}

/* Load a game twice: on the interpreter, and with native code.  0 (and
   the test skipped) when there is no C compiler. */
static int load_pair(const char *game, pl_program **vm, pl_program **native)
{
    pl_diags *d = pl_diags_new();
    assert_int_equal(pl_load(game, d, vm), PL_OK);
    assert_int_equal(pl_load(game, d, native), PL_OK);
    pl_diags_delete(d);
    char note[600];
    pl_err err = pl_program_use_native(*native, note, sizeof note);
    if (err != PL_OK && strstr(note, "no C compiler")) {
        no_compiler = 1;
        pl_program_free(*vm);
        pl_program_free(*native);
        return 0;
    }
    if (err != PL_OK && strstr(note, "too large")) {   /* the limit: nothing to compare */
        fprintf(stderr, "%s: skipped: %s\n", game, note);
        pl_program_free(*vm);
        pl_program_free(*native);
        return 0;
    }
    if (err != PL_OK)
        fprintf(stderr, "%s: %s\n", game, note);
    assert_int_equal(err, PL_OK);
    return 1;
}

/* FNV-1a over a playout's move texts and its result. */
static uint64_t mix(uint64_t h, const void *bytes, size_t n)
{
    return pl_hash_bytes(h, bytes, n);
}

/* `games` seeded random playouts (at most `plies` each): sampled moves,
   and every so often the full list, its texts in order. */
static uint64_t playouts_attaching(pl_program *prog, int games, int plies, int attach_at);

static uint64_t playouts(const pl_program *prog, int games, int plies)
{
    return playouts_attaching((pl_program *)prog, games, plies, -1);
}

/* The same, the program's native code attached at ply `attach_at` of the
   second game (-1: never), while its state has run on the interpreter:
   what `--engine auto` does when its builder finishes mid-command. */
static uint64_t playouts_attaching(pl_program *prog, int games, int plies, int attach_at)
{
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new(), *all = pl_movelist_new();
    assert_true(st && ml && all);
    uint64_t h = PL_FNV_OFFSET;
    for (int g = 0; g < games; g++) {
        uint64_t rng = 0x9e3779b97f4a7c15ull + (uint64_t)g;
        pl_state_reset(st);
        int result = PL_RESULT_NONE;
        for (int ply = 0; ply < plies; ply++) {
            if (g == 1 && ply == attach_at) {
                char note[600];
                assert_int_equal(pl_program_use_native(prog, note, sizeof note), PL_OK);
                assert_true(pl_program_runs_native(prog));
            }
            if (ply % 7 == 0) {
                assert_int_equal(pl_status(st, all, &result), PL_OK);
                for (int i = 0; result == PL_RESULT_NONE && i < all->count; i++)
                    h = mix(h, pl_move_text(all, i), strlen(pl_move_text(all, i)) + 1);
            }
            assert_int_equal(pl_status_random(st, &rng, ml, &result), PL_OK);
            if (result != PL_RESULT_NONE)
                break;
            h = mix(h, pl_move_text(ml, 0), strlen(pl_move_text(ml, 0)) + 1);
            pl_apply(st, ml, 0);
        }
        h = mix(h, &result, sizeof result);
    }
    pl_movelist_delete(ml);
    pl_movelist_delete(all);
    pl_state_free(st);
    return h;
}

static void check_game(const struct native_case *c)
{
    pl_program *vm, *native;
    if (no_compiler || !load_pair(c->game, &vm, &native))
        return;
    long a = pt_perft_of(vm, c->depth), b = pt_perft_of(native, c->depth);
    if (a != b)
        fprintf(stderr, "%s: perft(%d) %ld on the interpreter, %ld native\n", c->game, c->depth, a, b);
    assert_true(a == b);
    uint64_t x = playouts(vm, 6, 300), y = playouts(native, 6, 300);
    if (x != y)
        fprintf(stderr, "%s: the playouts differ\n", c->game);
    assert_true(x == y);
    pl_program_free(vm);
    pl_program_free(native);
}

static void same_as_the_interpreter(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof fast_cases / sizeof fast_cases[0]; i++)
        check_game(&fast_cases[i]);
    if (no_compiler)
        skip();
}

/* Native code attached to a program whose state has already run on the
   interpreter gives the moves and results the interpreter would have. */
static void attached_mid_game(void **state)
{
    (void)state;
    static const char *const games[] = {"breakthrough", "lines-of-action", "gyges", "go9"};
    for (size_t i = 0; i < sizeof games / sizeof *games && !no_compiler; i++) {
        pl_program *vm, *native;
        if (!load_pair(games[i], &vm, &native))
            continue;
        pl_program_free(native);
        pl_program *later;
        pl_diags *d = pl_diags_new();
        assert_int_equal(pl_load(games[i], d, &later), PL_OK);
        pl_diags_delete(d);
        assert_false(pl_program_runs_native(later));
        uint64_t x = playouts(vm, 4, 120), y = playouts_attaching(later, 4, 120, 9);
        if (x != y)
            fprintf(stderr, "%s: native code attached mid-game changed the playouts\n", games[i]);
        assert_true(x == y);
        pl_program_free(vm);
        pl_program_free(later);
    }
    if (no_compiler)
        skip();
}

/* every shipped game, at a small depth */
static const char *slow_game;
static void check_path(const char *path)
{
    struct native_case c = {path, 2};
    slow_game = path;
    check_game(&c);
}

static void every_game(void **state)
{
    (void)state;
    pt_for_each_game("games", check_path);
    if (no_compiler)
        skip();
}

/* A rule that divides by zero: the same error, the same line and column. */
static const char *const faulty =
    "game \"Faulty\"\n"
    "import grid\n"
    "board 3 x 1\n"
    "players x o\n"
    "piece token\n"
    "moves {\n"
    "  pick c in empty_cells\n"
    "  require 10 / (col(c) - col(c)) > 0\n"
    "  place mover token at c\n"
    "  text c\n"
    "}\n";

static void runtime_errors_agree(void **state)
{
    (void)state;
    char why[2][600];
    for (int k = 0; k < 2; k++) {
        pl_program *p = pt_compile_text("faulty.game", faulty);
        char note[600];
        if (k == 1 && pl_program_use_native(p, note, sizeof note) != PL_OK) {
            pl_program_free(p);
            if (strstr(note, "no C compiler"))
                skip();
            fail_msg("%s", note);
        }
        pl_state *st = pl_state_new(p);
        pl_movelist *ml = pl_movelist_new();
        assert_int_equal(pl_generate(st, ml), PL_ERR_RUNTIME);
        snprintf(why[k], sizeof why[k], "%s", pl_state_error(st));
        pl_movelist_delete(ml);
        pl_state_free(st);
        pl_program_free(p);
    }
    assert_non_null(strstr(why[0], "faulty.game:8:"));
    assert_string_equal(why[0], why[1]);
}

/* The second use reads the cache; a damaged entry is not loaded but
   built again. */
static void cache_is_checked(void **state)
{
    (void)state;
    char note[600];
    pl_program *p = pt_compile_text("cached.game", faulty);
    pl_err err = pl_program_use_native(p, note, sizeof note);
    pl_program_free(p);
    if (err != PL_OK && strstr(note, "no C compiler"))
        skip();
    assert_int_equal(err, PL_OK);
    p = pt_compile_text("cached.game", faulty);
    assert_int_equal(pl_program_use_native(p, note, sizeof note), PL_OK);
    assert_string_equal(note, "");          /* nothing compiled */
    pl_program_free(p);

    /* damage the entry: one byte of the shared object changed */
    char so[4200];
    int built;
    double seconds;
    p = pt_compile_text("cached.game", faulty);
    assert_true(pl_native_build(p, so, sizeof so, &built, &seconds, note, sizeof note));
    FILE *f = fopen(so, "r+b");
    assert_non_null(f);
    fseek(f, 100, SEEK_SET);
    int byte = fgetc(f);
    fseek(f, 100, SEEK_SET);
    fputc(byte ^ 0xff, f);
    fclose(f);
    assert_int_equal(pl_program_use_native(p, note, sizeof note), PL_OK);
    assert_non_null(strstr(note, "compiled"));   /* built again */
    pl_program_free(p);
}

/* No compiler: the program stays on the interpreter, which works, and the
   note says why. */
static void without_a_compiler(void **state)
{
    (void)state;
    const char *saved = getenv("PLATEAU_CC");
    char *copy = saved ? strdup(saved) : NULL;
    setenv("PLATEAU_CC", "/nonexistent/cc", 1);
    setenv("PLATEAU_CACHE", "/tmp/plateau-test-cache-none", 1);
    pl_program *p = pt_compile_text("nocc.game", faulty);
    char note[600];
    assert_int_equal(pl_program_use_native(p, note, sizeof note), PL_ERR_IO);
    assert_non_null(strstr(note, "no C compiler (/nonexistent/cc)"));
    assert_non_null(strstr(note, "using the interpreter"));
    pl_state *st = pl_state_new(p);
    pl_movelist *ml = pl_movelist_new();
    assert_int_equal(pl_generate(st, ml), PL_ERR_RUNTIME);   /* the interpreter's error */
    assert_non_null(strstr(pl_state_error(st), "division by zero"));
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(p);
    if (copy)
        setenv("PLATEAU_CC", copy, 1);
    else
        unsetenv("PLATEAU_CC");
    free(copy);
    use_test_cache();
}

int main(int argc, char **argv)
{
    pt_init();
    use_test_cache();
    if (argc > 1 && strcmp(argv[1], "slow") == 0) {
        const struct CMUnitTest slow[] = {cmocka_unit_test(every_game)};
        return cmocka_run_group_tests(slow, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_as_the_interpreter),
        cmocka_unit_test(attached_mid_game),
        cmocka_unit_test(runtime_errors_agree),
        cmocka_unit_test(cache_is_checked),
        cmocka_unit_test(without_a_compiler),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
