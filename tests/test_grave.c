/*
 * test_grave.c -- GRAVE in MCTS (rave=on|off|auto, ref=N; mcts.c):
 *   - the keys parse, and bad values are rejected with the allowed ones;
 *   - with rave=on MCTS takes a win in one and blocks a loss in one in
 *     tic-tac-toe positions, with one thread or two (the latter also
 *     follows a few moves of Hex: the thread sanitizer's test);
 *   - with a seed and an iteration budget it plays the same move, with
 *     the same statistics, on every run;
 *   - the AMAF statistics obey their invariants in every node of the tree
 *     (a child's AMAF count is at least its visits and at most its
 *     parent's), after one playout they count exactly the moves of the
 *     player to move, with its reward, and a move counts at a node only
 *     when it is played there or later (all moves as *first*);
 *   - rave=auto uses GRAVE where every move is a placement (hex,
 *     tic-tac-toe) and not where pieces move (breakthrough), read from the
 *     moves' effects.
 * Budgets are in iterations: the same answers on every machine.
 */
#include "plateau_test.h"
#include "engine.h"

/* Tic-tac-toe from a setup, o or x to move (as test_search.c's TTT_GAME). */
#define TTT_GAME(setup, turn)                                                        \
    "import grid\nboard 3 x 3\nplayers x o\npiece stone\n"                           \
    "setup {\n" setup "  turn " turn "\n}\n"                                         \
    "moves {\n  pick c in empty_cells\n  place mover stone at c\n  text c\n}\n"     \
    "end {\n  mover wins when has_run(mover, 3, lines)\n"                             \
    "  draw when count(empty_cells) == 0\n}\n"

/* x: a1 b1, o: b2 c3; x to move wins at c1 (the only win in one). */
#define WIN_GAME TTT_GAME("  place x stone at a1 b1\n  place o stone at b2 c3\n", "x")
/* x: a1 b2, o: c1; o to move must block at c3 (every other move loses to
 * x's c3). */
#define BLOCK_GAME TTT_GAME("  place x stone at a1 b2\n  place o stone at c1\n", "o")

/* An MCTS engine of `spec` (through the engine table, so that the test
 * hooks can read its tree). */
typedef struct {
    void *engine;
    pl_player_spec spec;
} grave_engine;

static void engine_new(grave_engine *g, const pl_program *prog, const char *spec)
{
    char err[256] = "";
    if (pl_player_spec_parse(spec, 0, &g->spec, err, sizeof err) != PL_OK)
        fprintf(stderr, "%s: %s\n", spec, err);
    assert_int_equal(g->spec.kind, PL_PLAYER_MCTS);
    g->engine = pl_engine_mcts.create(prog, &g->spec, g->spec.seed);
    assert_non_null(g->engine);
}

/* Search st; the move's text (in `buf`) and the search's info. */
static void engine_think(grave_engine *g, pl_state *st, char *buf, size_t len,
                         pl_search_info *info)
{
    pl_search_call call = {st, NULL, NULL, 0, NULL};
    char err[256] = "";
    int move = -1;
    memset(info, 0, sizeof *info);
    assert_int_equal(pl_engine_mcts.think(g->engine, &call, &move, info, err, sizeof err),
                     PL_OK);
    assert_true(move >= 0);
    snprintf(buf, len, "%s", info->best);
}

/* --- specs --------------------------------------------------------------------- */

static void test_specs(void **state)
{
    (void)state;
    pl_player_spec sp;
    char err[256];
    assert_int_equal(pl_player_spec_parse("mcts", 0, &sp, err, sizeof err), PL_OK);
    assert_int_equal(sp.rave, PL_MCTS_RAVE_DEFAULT);
    assert_int_equal(sp.rave_ref, PL_MCTS_RAVE_REF_DEFAULT);
    assert_int_equal(pl_player_spec_parse("mcts:rave=on", 0, &sp, err, sizeof err), PL_OK);
    assert_int_equal(sp.rave, PL_RAVE_ON);
    assert_int_equal(pl_player_spec_parse("mcts:rave=OFF,ref=7", 0, &sp, err, sizeof err),
                     PL_OK);
    assert_int_equal(sp.rave, PL_RAVE_OFF);
    assert_int_equal(sp.rave_ref, 7);
    assert_int_equal(pl_player_spec_parse("mcts:rave=auto,iterations=9", 0, &sp, err,
                                          sizeof err), PL_OK);
    assert_int_equal(sp.rave, PL_RAVE_AUTO);

    static const char *const bad[][2] = {
        {"mcts:rave=yes", "rave must be on, off or auto, not 'yes'"},
        {"mcts:rave=", "expected KEY=VALUE"},
        {"mcts:ref=0", "ref must be a whole number of playouts >= 1"},
        {"mcts:ref=-3", "ref must be"},
        {"mcts:ref=1.5", "ref must be"},
        {"alphabeta:rave=on", "unknown key 'rave'"},
        {"alphabeta:ref=5", "unknown key 'ref'"},
        {"ai:rave=on", "'ai' takes the keys time, level and seed"},
        {"mcts:rav=on", "rave, ref"},       /* the keys allowed are listed */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(pl_player_spec_parse(bad[i][0], 0, &sp, err, sizeof err),
                         PL_ERR_ARGUMENT);
        if (!strstr(err, bad[i][1]))
            fprintf(stderr, "'%s': message '%s' lacks '%s'\n", bad[i][0], err, bad[i][1]);
        assert_non_null(strstr(err, bad[i][1]));
    }
}

/* --- tactics ------------------------------------------------------------------- */

/* In `text`'s position, every spec plays `want`: the one win in one
 * (`block` 0), or the one move that does not let the opponent win at
 * once (`block` 1), as checked here by trying every move. */
static void plays(const char *text, const char *want, int block)
{
    static const char *const specs[] = {
        "mcts:iterations=300,seed=1,rave=on",
        "mcts:iterations=300,seed=2,rave=on,ref=1",
        "mcts:iterations=3000,seed=3,rave=on,ref=1000",
        "mcts:iterations=300,seed=5,rave=on,decisive=on",
        "mcts:iterations=50,seed=6,rave=auto",
    };
    pl_program *prog = pt_compile_text("ttt.game", text);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    int me = pl_state_to_move(st);
    for (int i = 0; i < ml.count; i++) {
        int good = block ? !pt_loses_at_once(st, &ml, i) : pt_result_after(st, &ml, i) == me;
        assert_int_equal(good, strcmp(pl_move_text(&ml, i), want) == 0);
    }
    pl_movelist_free(&ml);
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grave_engine g;
        char move[64];
        pl_search_info info;
        engine_new(&g, prog, specs[i]);
        engine_think(&g, st, move, sizeof move, &info);
        if (strcmp(move, want) != 0)
            fprintf(stderr, "%s played %s, not %s\n", specs[i], move, want);
        assert_string_equal(move, want);
        pl_engine_mcts.destroy(g.engine);
    }
    pl_state_free(st);
    pl_program_free(prog);
}

static void test_win_in_one(void **state)
{
    (void)state;
    plays(WIN_GAME, "c1", 0);
}

static void test_blocks_loss_in_one(void **state)
{
    (void)state;
    plays(BLOCK_GAME, "c3", 1);
}

/* Two root-parallel threads, each with its own GRAVE tables: a win in
 * one of tic-tac-toe is taken, and the first four moves of a Hex game
 * are searched, the tree kept from move to move (the thread sanitizer
 * runs this test: its name starts with "threads"). */
static void test_threads(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("ttt.game", WIN_GAME);
    pl_state *st = pl_state_new(prog);
    grave_engine g;
    char move[64];
    pl_search_info info;
    engine_new(&g, prog, "mcts:iterations=300,seed=4,rave=on,threads=2");
    engine_think(&g, st, move, sizeof move, &info);
    assert_string_equal(move, "c1");
    pl_engine_mcts.destroy(g.engine);
    pl_state_free(st);
    pl_program_free(prog);

    prog = pt_compile("games/connection/hex.game");
    st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    engine_new(&g, prog, "mcts:iterations=600,seed=4,rave=on,ref=20,threads=2");
    for (int ply = 0; ply < 4; ply++) {
        engine_think(&g, st, move, sizeof move, &info);
        assert_int_equal(info.threads, 2);
        assert_int_equal(pl_engine_mcts.played(g.engine, move), PL_OK);
        pt_play(st, &ml, move);
    }
    pl_engine_mcts.destroy(g.engine);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- determinism ----------------------------------------------------------------- */

/* Two runs of one seed: the same move and the same statistics; in Hex,
 * where GRAVE's reference nodes and AMAF tables are used throughout. */
static void test_seed_reproducible(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/connection/hex.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "f6 e7");
    char first[64] = "";
    long long amaf[2] = {0, 0};
    double winrate[2] = {0, 0};
    for (int run = 0; run < 2; run++) {
        grave_engine g;
        char move[64];
        pl_search_info info;
        engine_new(&g, prog, "mcts:iterations=400,seed=11,rave=on,ref=20");
        engine_think(&g, st, move, sizeof move, &info);
        assert_int_equal(info.iterations, 400);
        long long children, bad;
        pl_mcts_amaf_check(g.engine, &children, &bad, &amaf[run]);
        winrate[run] = info.winrate;
        if (run == 0)
            snprintf(first, sizeof first, "%s", move);
        else
            assert_string_equal(move, first);
        pl_engine_mcts.destroy(g.engine);
    }
    assert_true(amaf[0] > 0);
    assert_true(amaf[0] == amaf[1]);
    assert_true(winrate[0] == winrate[1]);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- the AMAF statistics ---------------------------------------------------------- */

/* After a search (and after a second one on the kept tree, the move
 * played), every child of the tree obeys the invariants. */
static void check_invariants(const char *path, const char *opening, const char *spec)
{
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    if (opening)
        pt_play(st, &ml, opening);
    grave_engine g;
    engine_new(&g, prog, spec);
    for (int move = 0; move < 2; move++) {
        char best[64];
        pl_search_info info;
        engine_think(&g, st, best, sizeof best, &info);
        long long children, bad, amaf;
        pl_mcts_amaf_check(g.engine, &children, &bad, &amaf);
        if (bad)
            fprintf(stderr, "%s, %s: %lld of %lld children break the invariants\n",
                    path, spec, bad, children);
        assert_true(children > 0);
        assert_int_equal(bad, 0);
        /* each iteration counts a move into every child it passes, and
           more: all moves as first */
        assert_true(amaf > info.iterations);
        assert_int_equal(pl_engine_mcts.played(g.engine, best), PL_OK);
        pt_play(st, &ml, best);
    }
    pl_engine_mcts.destroy(g.engine);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

static void test_amaf_invariants(void **state)
{
    (void)state;
    check_invariants("games/alignment/tic-tac-toe.game", NULL,
                     "mcts:iterations=2000,seed=1,rave=on");
    check_invariants("games/connection/hex.game", NULL,
                     "mcts:iterations=300,seed=2,rave=on,ref=10");
    check_invariants("games/alignment/connect-four.game", NULL,
                     "mcts:iterations=300,seed=3,rave=on,decisive=on");
    /* pieces that move, captures: the same move text from other positions */
    check_invariants("games/race/breakthrough.game", "a2-a3 h7-h6",
                     "mcts:iterations=300,seed=4,rave=on,cutoff=0");
}

/* One iteration from the empty tic-tac-toe board: the root is expanded
 * and one game played out from it (no child is visited yet).  x's moves
 * in the playout count once each, with x's reward; o's moves, and the
 * cells nobody took, not at all.  The game is over after 5 to 9 plies,
 * so x made 3 to 5 moves. */
static void test_amaf_one_playout(void **state)
{
    (void)state;
    static const char *const cells[] = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"};
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *st = pl_state_new(prog);
    for (int seed = 1; seed <= 8; seed++) {
        char spec[64], best[64];
        snprintf(spec, sizeof spec, "mcts:iterations=1,seed=%d,rave=on", seed);
        grave_engine g;
        pl_search_info info;
        engine_new(&g, prog, spec);
        engine_think(&g, st, best, sizeof best, &info);
        int counted = 0, visited = 0;
        double mean = -1;
        for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
            long long v, n;
            double m;
            assert_int_equal(pl_mcts_amaf_of(g.engine, cells[i], &v, &n, &m), 0);
            assert_true(n == 0 || n == 1);
            assert_true(n >= v);
            visited += (int)v;
            if (n == 1) {
                assert_true(m == 0.0 || m == 0.5 || m == 1.0);
                assert_true(mean < 0 || m == mean);  /* one game, one reward */
                mean = m;
                counted++;
            } else {
                assert_true(m == 0.0);
            }
        }
        assert_int_equal(visited, 0);
        assert_in_range(counted, 3, 5);
        long long v, n;
        double m;
        assert_int_equal(pl_mcts_amaf_of(g.engine, "z9", &v, &n, &m), -1);
        pl_engine_mcts.destroy(g.engine);
    }
    pl_state_free(st);
    pl_program_free(prog);
}

/* One player toggles a1 or b1 (a stone placed or taken away) four
 * times; the same move text comes back at later plies. */
#define TOGGLE_GAME                                                                  \
    "import grid\nboard 2 x 1\nplayers solo\npiece stone\nvar turns = 0\n"         \
    "moves {\n  pick c in cells\n  if empty(c) {\n    place mover stone at c\n"     \
    "  } else {\n    remove c\n  }\n  set turns = turns + 1\n  text c\n}\n"         \
    "end {\n  mover wins when turns >= 4 and not empty(a1)\n"                        \
    "  draw when turns >= 4\n}\n"

/* All moves as *first*: a move counts at a node only when it is played
 * there or later.  Two iterations: the root is expanded and played out,
 * then one child c is expanded and played out (3 plies).  At c, its
 * child with c's own move counts exactly when the playout after c
 * repeats that move, not for c's move itself (made one ply before):
 * a random playout of 3 plies misses it 1 time in 8, so over 40 seeds
 * some have it 0, and never above 1 (one iteration passed through c). */
static void test_amaf_as_first(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("toggle.game", TOGGLE_GAME);
    pl_state *st = pl_state_new(prog);
    int zero = 0, expanded = 0;
    for (int seed = 1; seed <= 40; seed++) {
        char spec[64], best[64];
        snprintf(spec, sizeof spec, "mcts:iterations=2,seed=%d,rave=on", seed);
        grave_engine g;
        pl_search_info info;
        engine_new(&g, prog, spec);
        engine_think(&g, st, best, sizeof best, &info);
        static const char *const moves[] = {"a1", "b1"};
        for (int c = 0; c < 2; c++) {
            long long v, n;
            double m;
            char path[16];
            assert_int_equal(pl_mcts_amaf_of(g.engine, moves[c], &v, &n, &m), 0);
            if (v != 1)
                continue;                   /* the child the second iteration took */
            snprintf(path, sizeof path, "%s %s", moves[c], moves[c]);
            if (pl_mcts_amaf_of(g.engine, path, &v, &n, &m) != 0)
                continue;                   /* not expanded (the search ended) */
            expanded++;
            assert_int_equal(v, 0);
            assert_in_range(n, 0, 1);
            zero += n == 0;
        }
        pl_engine_mcts.destroy(g.engine);
    }
    assert_true(expanded >= 30);
    assert_true(zero > 0 && zero < expanded);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- rave=auto -------------------------------------------------------------------- */

/* Does rave=auto search `path` (after `opening`) with GRAVE? */
static int auto_uses_grave(const char *path, const char *opening)
{
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    if (opening)
        pt_play(st, &ml, opening);
    grave_engine g;
    char best[64];
    pl_search_info info;
    engine_new(&g, prog, "mcts:iterations=50,seed=1,rave=auto");
    engine_think(&g, st, best, sizeof best, &info);
    long long children, bad, amaf;
    pl_mcts_amaf_check(g.engine, &children, &bad, &amaf);
    pl_engine_mcts.destroy(g.engine);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
    return amaf > 0;
}

static void test_auto(void **state)
{
    (void)state;
    assert_true(auto_uses_grave("games/connection/hex.game", NULL));
    assert_true(auto_uses_grave("games/alignment/tic-tac-toe.game", "b2"));
    assert_true(auto_uses_grave("games/alignment/connect-four.game", NULL));
    assert_false(auto_uses_grave("games/race/breakthrough.game", NULL));
    assert_false(auto_uses_grave("games/chess/knight-chase.game", NULL));
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specs),
        cmocka_unit_test(test_win_in_one),
        cmocka_unit_test(test_blocks_loss_in_one),
        cmocka_unit_test(test_seed_reproducible),
        cmocka_unit_test(test_amaf_invariants),
        cmocka_unit_test(test_amaf_one_playout),
        cmocka_unit_test(test_amaf_as_first),
        cmocka_unit_test(test_auto),
        {"threads: GRAVE in two threads", test_threads, NULL, NULL, NULL},
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
