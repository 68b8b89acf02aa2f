/*
 * test_sample.c -- pl_random_move: random moves drawn without generating
 * them all must be uniform over the legal moves, exactly as choosing one
 * of the generated list, and each must be the very move of that list.
 *
 * Two kinds of evidence, both with fixed seeds (so a run is repeatable):
 *  - in positions of every shipped game, the frequencies of the sampled
 *    moves against the uniform distribution over pl_generate's list
 *    (chi-square at 99.9%), and each sampled move equal to the listed one
 *    (text, effects, pass flag);
 *  - per shipped game (Go 19 x 19's playouts excepted: too long here; Go
 *    9 x 9 has its rules), random playouts with sampled moves and with moves
 *    chosen from the full list agree on the mean length and on the first
 *    player's win rate (two-sample z-tests, 99% for all of them together).
 * And the plan of sampling is built once per program, then shared by all
 * its states, their copies and their threads.
 * Debug builds (ASan) run fewer playouts and draws; the thresholds adapt
 * to the counts, so the tests stay meaningful, only less sensitive.
 */
#include <math.h>
#include <pthread.h>
#include <strings.h>
#include "plateau_test.h"
#include "state_int.h"   /* pl_random_move_force: test the sampling itself */

#ifdef NDEBUG
enum { SCALE = 4 };
#else
enum { SCALE = 1 };
#endif

/* Shipped games; `playouts` per side for the playout comparison (0: the
 * game falls back to full generation, where both sides run the same
 * code).  Gygès and Ruches fall back because a loop holds a choice (a
 * series of hops, a chain of captures): a way may make any number of
 * choices, so no bound on the ways is known before running them. */
static const struct {
    const char *path;
    int samples;      /* exact sampling is possible (not a fallback) */
    int playouts;
    int positions;    /* positions of the uniformity test (0: 4) */
} games[] = {
    {"games/race/breakthrough.game", 1, 600, 0},
    {"games/connection/lines-of-action.game", 1, 200, 0},
    {"games/chess/knight-chase.game", 1, 2000, 0},
    {"games/alignment/tic-tac-toe.game", 1, 3000, 0},
    {"games/west-african/yote.game", 1, 600, 0},
    {"games/west-african/dara.game", 1, 400, 0},
    {"games/west-african/wali.game", 1, 400, 0},
    {"games/draughts/ruches.game", 0, 0, 0},
    {"games/race/gyges.game", 0, 0, 0},
    /* the classics, with fewer playouts where a playout is long or its
       moves many (the test stays a few seconds); the chess positions are
       chess's rules, and Go 19 x 19's playouts too slow to compare here
       (Go 9 x 9 has the same rules) */
    {"games/alignment/connect-four.game", 1, 2000, 0},
    {"games/alignment/gomoku.game", 1, 120, 2},
    {"games/alignment/pentago.game", 1, 80, 2},
    {"games/alignment/yavalath.game", 1, 1500, 0},
    {"games/chess/chess.game", 1, 12, 2},
    {"games/connection/hex.game", 1, 300, 2},
    {"games/draughts/english-draughts.game", 0, 0, 0},
    {"games/draughts/international-draughts.game", 0, 0, 0},
    {"games/mill/morris.game", 1, 150, 0},
    {"games/race/knightthrough.game", 1, 600, 0},
    {"games/territory/amazons.game", 1, 20, 2},
    {"games/territory/go.game", 1, 0, 1},
    {"games/territory/go9.game", 1, 30, 2},
    {"games/territory/reversi.game", 1, 150, 0},
    {"games/hunt/fox-and-hounds.game", 1, 600, 0},
};
enum { NGAMES = sizeof games / sizeof games[0], PLY_CAP = 400 };

/* The chi-square quantile for `df` degrees of freedom at 99.9%
 * (Wilson-Hilferty, z = 3.090). */
static double chi2_999(int df)
{
    double k = df, a = 2.0 / (9.0 * k);
    double t = 1.0 - a + 3.090 * sqrt(a);
    return k * t * t * t;
}

/* The sampled move equals move k of the generated list. */
static void check_same_move(const pl_movelist *one, const pl_movelist *all, int k)
{
    const pl_move *a = &one->moves[0], *b = &all->moves[k];
    assert_int_equal(a->is_pass, b->is_pass);
    assert_int_equal(a->nwrites, b->nwrites);
    for (int i = 0; i < 2 * a->nwrites; i++)
        assert_int_equal(one->writes[a->write_off + i], all->writes[b->write_off + i]);
    assert_string_equal(pl_move_text(one, 0), pl_move_text(all, k));
}

/* Draw many random moves in the current position and test them against
 * the uniform distribution over the generated list; with `few`, only check
 * a few draws (a game that falls back to choosing from the full list,
 * where generation is slow). */
static void check_uniform_here(pl_state *st, uint64_t *rng, const char *where, int few)
{
    pl_movelist all, one;
    pl_movelist_init(&all);
    pl_movelist_init(&one);
    int n = pt_generate(st, &all);
    assert_true(n >= 0);
    if (n == 0) {
        assert_int_equal(pl_random_move(st, rng, &one), PL_OK);
        assert_int_equal(one.count, 0);
    } else {
        /* expected draws of each move: fewer where the moves are many
           (Amazons' 2,176), still enough for the chi-square's approximation */
        int per_move = n > 300 ? 10 : 40 * SCALE + 20;
        long draws = few ? 8 : (long)per_move * n;
        long *count = calloc((size_t)(unsigned)n + 1, sizeof *count);
        for (long i = 0; i < draws; i++) {
            pl_err r = pl_random_move(st, rng, &one);
            if (r != PL_OK)
                fprintf(stderr, "%s: pl_random_move gave %d (%s)\n", where, (int)r,
                        pl_state_error(st) ? pl_state_error(st) : "");
            assert_int_equal(r, PL_OK);
            assert_int_equal(one.count, 1);
            int k = pl_movelist_find(&all, pl_move_text(&one, 0));
            if (k < 0)
                fprintf(stderr, "%s: sampled '%s' is not a legal move\n", where, pl_move_text(&one, 0));
            assert_true(k >= 0);
            if (count[k]++ == 0)
                check_same_move(&one, &all, k);
        }
        double chi = 0;
        for (int k = 0; k < n; k++)
            chi += (count[k] - per_move) * (double)(count[k] - per_move) / per_move;
        if (!few && n > 1 && chi > chi2_999(n - 1))
            fprintf(stderr, "%s: %d moves, chi-square %.1f above %.1f\n", where, n, chi, chi2_999(n - 1));
        assert_true(few || n == 1 || chi <= chi2_999(n - 1));
        free(count);
    }
    pl_movelist_free(&all);
    pl_movelist_free(&one);
}

/* Positions along a random game: the start and every `every` plies;
 * `force` as pl_random_move_force (1: sample where the game allows it,
 * 0: draw from full generation). */
static void check_uniform_in_game(const char *path, int positions, int every, int few,
                                  uint64_t seed, int force)
{
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    pl_random_move_force(st, force);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t rng = seed;
    for (int pos = 0; pos < positions; pos++) {
        char where[600];
        snprintf(where, sizeof where, "%s, ply %d", path, pl_state_ply(st));
        check_uniform_here(st, &rng, where, few);
        for (int i = 0; i < every; i++) {
            int result;
            if (pl_status(st, &ml, &result) != PL_OK || result != PL_RESULT_NONE || ml.count == 0)
                goto out;
            pl_apply(st, &ml, (int)(pl_rng_word_next(&rng) % (uint64_t)ml.count));
        }
    }
out:
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

static void test_uniform_in_shipped_games(void **state)
{
    (void)state;
    for (int g = 0; g < NGAMES; g++)
        check_uniform_in_game(games[g].path, games[g].positions ? games[g].positions : 4, 9,
                              !games[g].samples, 0x51ed2701u + (uint64_t)g, 1);
}

/* A game where two ways write each move of the bottom row. */
#define TWO_WAYS(size) \
    "game \"Two ways\"\n" \
    "import grid\n" \
    "board " size "\n" \
    "players x o\n" \
    "piece token\n" \
    "moves {\n" \
    "  either {\n" \
    "    pick c in empty_cells\n" \
    "    require row(c) == 1\n" \
    "    place mover token at c\n" \
    "    text c\n" \
    "  } or {\n" \
    "    pick c in empty_cells\n" \
    "    place mover token at c\n" \
    "    text c\n" \
    "  }\n" \
    "}\n" \
    "end {\n" \
    "  draw when count(empty_cells) == 0\n" \
    "}\n"

/* Two ways write each move of the bottom row (the same text, the same
 * effects), one way every other move: the list has each once, so a
 * sampler that did not count the ways of a text would draw the bottom
 * row twice as often. */
static void test_uniform_when_ways_share_a_text(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("two_ways.game", TWO_WAYS("5 x 4"));
    pl_state *st = pl_state_new(prog);
    assert_true(pl_random_move_exact(st));
    assert_false(st->sampler->distinct);   /* two ways write "a1" */
    pl_random_move_force(st, 1);
    uint64_t rng = 99;
    check_uniform_here(st, &rng, "two ways, start", 0);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "a1 c3");
    check_uniform_here(st, &rng, "two ways, ply 2", 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A `first` whose first alternative has ways every other ply: a few
 * placements on the bottom row (most attempts there fail: 4 cells of 12
 * at most), else any empty cell.  Sampling enters the first alternative
 * before testing it (vm_ops.h, guess_first); the draws must still be
 * those of the alternative that has ways, each as likely, in the
 * positions where the guess holds, where it fails, and after a position
 * where it failed. */
static void test_first_entered_before_its_test(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("phases.game",
        "game \"Phases\"\n"
        "import grid\n"
        "board 4 x 3\n"
        "players x o\n"
        "piece token\n"
        "var t = 0\n"
        "moves {\n"
        "  first {\n"
        "    require t % 2 == 0\n"
        "    pick c in empty_cells\n"
        "    require row(c) == 1\n"
        "    place mover token at c\n"
        "    set t = t + 1\n"
        "    text c\n"
        "  } or {\n"
        "    pick c in empty_cells\n"
        "    place mover token at c\n"
        "    set t = t + 1\n"
        "    text \"p\" c\n"
        "  }\n"
        "}\n"
        "end {\n"
        "  draw when count(empty_cells) == 0\n"
        "}\n");
    pl_state *st = pl_state_new(prog);
    assert_true(pl_random_move_exact(st));
    pl_random_move_force(st, 1);
    uint64_t rng = 7;
    pl_movelist ml;
    pl_movelist_init(&ml);
    static const char *moves[] = {"a1", "pa3", "b1", "pb3", "c1", "pc3", "d1", "pd3", "pa2"};
    for (size_t i = 0; i <= sizeof moves / sizeof moves[0]; i++) {
        char where[64];
        snprintf(where, sizeof where, "phases, ply %zu", i);
        check_uniform_here(st, &rng, where, 0);
        if (i < sizeof moves / sizeof moves[0])
            pt_play(st, &ml, moves[i]);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* check_uniform_here in the positions of a game of `plies` plies from
 * the start, its moves chosen by a seeded generator of their own. */
static void check_uniform_along(pl_program *prog, const char *name, int plies)
{
    pl_state *st = pl_state_new(prog);
    assert_true(pl_random_move_exact(st));
    pl_random_move_force(st, 1);
    uint64_t rng = 5, pick = 9;
    pl_movelist ml;
    pl_movelist_init(&ml);
    for (int ply = 0; ply < plies; ply++) {
        char where[64];
        snprintf(where, sizeof where, "%s, ply %d", name, ply);
        check_uniform_here(st, &rng, where, 0);
        int r;
        assert_int_equal(pl_status(st, &ml, &r), PL_OK);
        if (r != PL_RESULT_NONE || ml.count == 0)
            break;
        pick = pick * 6364136223846793005ull + 1442695040888963407ull;
        assert_int_equal(pl_apply(st, &ml, (int)((pick >> 33) % (uint64_t)ml.count)), PL_OK);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
}

/* Branches that begin with different tests of one cell's contents have
 * ways in one of them at most (sample.c, mark_exclusive_forks): a step
 * to an empty cell, or a jump over an enemy piece that then takes one
 * more, of any; a move onto a friend's cell (a swap), or a capture of an
 * enemy's.  Sampling goes where the cell's contents send it, into the
 * smaller branch in proportion: every move still as likely, along a
 * game. */
static void test_exclusive_branches(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("branches.game",
        "game \"Branches\"\n"
        "import grid\n"
        "board 5 x 4\n"
        "players x o\n"
        "piece token\n"
        "setup {\n"
        "  place x token at a1 b1 c1 d1 e1 b2\n"
        "  place o token at a4 b4 c4 d4 e4 c3\n"
        "}\n"
        "moves {\n"
        "  pick from in pieces(mover)\n"
        "  pick dir in orthogonal\n"
        "  let next = from + dir\n"
        "  either {\n"
        "    require empty(next)\n"
        "    move from to next\n"
        "    text from \"-\" next\n"
        "  } or {\n"
        "    require enemy(next)\n"
        "    let land = next + dir\n"
        "    either {\n"
        "      require own(land)\n"
        "      capture next\n"
        "      text from \"!\" next\n"
        "    } or {\n"
        "      require empty(land)\n"
        "      capture next\n"
        "      move from to land\n"
        "      text from \"x\" land\n"
        "      pick victim in pieces(opponent)\n"
        "      capture victim\n"
        "      text \"/\" victim\n"
        "    }\n"
        "  }\n"
        "}\n"
        "end {\n"
        "  mover wins when count(pieces(opponent)) == 0\n"
        "}\n");
    check_uniform_along(prog, "branches", 12);
    pl_program_free(prog);
}

/* An entry's branches that begin with tests of variables (sample.c,
 * mark_tested_entries): a branch whose test fails in the position has no
 * way, and the bound leaves it out -- drops while the mover has stock (a
 * player variable), steps once the game's `phase` (a variable) says so,
 * both while neither test holds alone.  Every move as likely, in the
 * positions where each test holds or fails. */
static void test_tested_entry_branches(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("stock.game",
        "game \"Stock\"\n"
        "import grid\n"
        "board 4 x 4\n"
        "players x o\n"
        "piece token\n"
        "player var stock = 3\n"
        "var phase = 0\n"
        "setup {\n"
        "  place x token at a1\n"
        "  place o token at d4\n"
        "}\n"
        "moves {\n"
        "  either {\n"
        "    require stock(mover) > 0\n"
        "    pick c in empty_cells\n"
        "    place mover token at c\n"
        "    set stock(mover) = stock(mover) - 1\n"
        "    set phase = phase + 1\n"
        "    text \"@\" c\n"
        "  } or {\n"
        "    require phase >= 3\n"
        "    pick from in pieces(mover)\n"
        "    pick dir in orthogonal\n"
        "    let dest = from + dir\n"
        "    require empty(dest)\n"
        "    move from to dest\n"
        "    set phase = phase + 1\n"
        "    text from \"-\" dest\n"
        "  }\n"
        "}\n"
        "end {\n"
        "  draw when phase >= 12\n"
        "}\n");
    check_uniform_along(prog, "stock", 11);
    pl_program_free(prog);
}

/* Drawn from full generation, a move is kept by reservoir sampling (the
 * n-th new move replaces the kept one with chance 1/n): uniform over the
 * listed moves, with the effects and text generation gives them, where
 * texts are proven distinct (Wali: only the kept move is listed), where
 * they are not (Yoté, and a game where two ways write one text: repeated
 * texts must not count twice), and where a loop holds a choice (English
 * draughts, whose random moves always come from full generation). */
static void test_uniform_from_full_generation(void **state)
{
    (void)state;
    static const char *paths[] = {
        "games/west-african/wali.game", "games/west-african/yote.game",
        "games/draughts/english-draughts.game",
    };
    for (int g = 0; g < 3; g++)
        check_uniform_in_game(paths[g], 3, 11, 0, 0x7e5e7a1u + (uint64_t)g, 0);
    pl_program *prog = pt_compile_text("two_ways.game", TWO_WAYS("5 x 4"));
    pl_state *st = pl_state_new(prog);
    pl_random_move_force(st, 0);
    uint64_t rng = 7;
    check_uniform_here(st, &rng, "two ways, full generation", 0);
    pl_state_free(st);
    pl_program_free(prog);
}

/* pl_count_moves (perft's last ply) counts what pl_status lists, in
 * positions along random games of every shipped game and of a game where
 * two ways write one text (which must count once), and says the same
 * result at the end of a game. */
static void check_counts_along(pl_state *st, uint64_t seed, int plies)
{
    pl_movelist ml, scratch;
    pl_movelist_init(&ml);
    pl_movelist_init(&scratch);
    uint64_t rng = seed;
    for (int ply = 0; ply < plies; ply++) {
        int r1, r2;
        int64_t n = -1;
        assert_int_equal(pl_count_moves(st, &scratch, &r2, &n), PL_OK);
        assert_int_equal(pl_status(st, &ml, &r1), PL_OK);
        assert_int_equal(r1, r2);
        if (r1 != PL_RESULT_NONE)
            break;
        assert_int_equal(n, ml.count);
        pl_apply(st, &ml, (int)pl_rng_word_below(&rng, (uint32_t)ml.count));
    }
    pl_movelist_free(&ml);
    pl_movelist_free(&scratch);
}

static void test_count_moves_as_listed(void **state)
{
    (void)state;
    for (int g = 0; g < NGAMES; g++) {
        pl_program *prog = pt_compile(games[g].path);
        pl_state *st = pl_state_new(prog);
        for (int game = 0; game < 3; game++) {
            pl_state_reset(st);
            check_counts_along(st, 17 + (uint64_t)game, 150);
        }
        pl_state_free(st);
        pl_program_free(prog);
    }
    pl_program *prog = pt_compile_text("two_ways.game", TWO_WAYS("3 x 3"));
    pl_state *st = pl_state_new(prog);
    check_counts_along(st, 5, 20);
    pl_state_free(st);
    pl_program_free(prog);
}

/* The steps a count spends in the position of `st` (its budget left),
 * with bulk runs or (bulk 0) by the interpreter alone, on a copy. */
static long count_steps_spent(const pl_state *st, pl_movelist *ml, int bulk)
{
    pl_state *copy = pl_state_copy(st);
    assert_non_null(copy);
    int r;
    int64_t n;
    if (!bulk) {    /* the plan is the copy's once it has counted */
        assert_int_equal(pl_count_moves(copy, ml, &r, &n), PL_OK);
        copy->bulk_run = NULL;
    }
    assert_int_equal(pl_count_moves(copy, ml, &r, &n), PL_OK);
    long spent = copy->step_budget - copy->budget;
    pl_state_free(copy);
    return spent;
}

/* Perft's last ply counts some move programs without the interpreter
 * (vm.c, bulk runs); it spends the steps the interpreter would, so a
 * limit is met where it would be (a bulk run leaves the runs it has not
 * the steps for to the interpreter), in positions along random games. */
static void test_count_spends_the_interpreters_steps(void **state)
{
    (void)state;
    for (int g = 0; g < NGAMES; g++) {
        pl_program *prog = pt_compile(games[g].path);
        pl_state *st = pl_state_new(prog);
        pl_movelist ml;
        pl_movelist_init(&ml);
        uint64_t rng = 23;
        for (int ply = 0; ply < 60; ply++) {
            int r;
            assert_int_equal(pl_status(st, &ml, &r), PL_OK);
            if (r != PL_RESULT_NONE || ml.count == 0)
                break;
            if (ply == 0) {     /* a runtime error stays; no bulk run hides it */
                pl_state *copy = pl_state_copy(st);
                int64_t n;
                pl_state_set_step_budget(copy, 1);
                assert_int_equal(pl_count_moves(copy, &ml, &r, &n), PL_ERR_RUNTIME);
                pl_state_set_step_budget(copy, 0);
                assert_int_equal(pl_count_moves(copy, &ml, &r, &n), PL_ERR_RUNTIME);
                assert_int_equal(pl_generate(copy, &ml), PL_ERR_RUNTIME);
                pl_state_free(copy);
            }
            if (ply % 9 == 0) {
                long bulk = count_steps_spent(st, &ml, 1), interpreted = count_steps_spent(st, &ml, 0);
                if (bulk != interpreted)
                    fail_msg("%s, ply %d: a count spends %ld steps, %ld by the interpreter",
                             games[g].path, ply, bulk, interpreted);
                assert_int_equal(pl_status(st, &ml, &r), PL_OK);
                assert_string_equal(pl_state_error(st) ? pl_state_error(st) : "", "");
            }
            pl_apply(st, &ml, (int)pl_rng_word_below(&rng, (uint32_t)ml.count));
        }
        pl_movelist_free(&ml);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

/* Knights that leap only forward, some with no leap on the board (the
 * far rows): a bulk count spends the steps the interpreter's PICK of
 * leaps would, one a way and one a knight without any, in positions with
 * and without such knights. */
static void test_count_steps_of_stuck_leapers(void **state)
{
    (void)state;
    static const char text[] =
        "game \"Forward knights\"\n"
        "import grid\n"
        "import knight\n"
        "board 4 x 4\n"
        "players x o\n"
        "piece knight\n"
        "directions forward_leaps {\n  x: nnw nne wnw ene\n  o: ssw sse wsw ese\n}\n"
        "setup {\n  place x knight at a1 b4 d3\n  place o knight at d1 c4\n}\n"
        "moves {\n"
        "  pick from in pieces(mover)\n"
        "  pick dest in leaps(from, forward_leaps) where empty(dest)\n"
        "  move from to dest\n"
        "  text from \"-\" dest\n"
        "}\n";
    pl_program *prog = pt_compile_text("forward.game", text);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    int r;
    int64_t n;
    for (int ply = 0; ply < 3; ply++) {
        assert_int_equal(pl_count_moves(st, &ml, &r, &n), PL_OK);
        assert_non_null(st->bulk_run);      /* counted without the interpreter */
        assert_int_equal(st->bulk_run[prog->entry_moves[st->mover]], BULK_STEPS);
        long bulk = count_steps_spent(st, &ml, 1), interpreted = count_steps_spent(st, &ml, 0);
        assert_int_equal(bulk, interpreted);
        assert_int_equal(pl_generate(st, &ml), PL_OK);
        if (ml.count == 0)
            break;
        assert_int_equal(pl_apply(st, &ml, 0), PL_OK);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A program with a loop around a choice (no sampling) still has its texts
 * proven apart in part (distinct.c): a setup whose ways part at a number
 * and a square is counted without texts; a choice whose branches write one
 * text, and picks in a loop, are conditions that send the count to full
 * generation when a run meets them. */
static void test_proof_in_part(void **state)
{
    (void)state;
    static const char text[] =
        "game \"Parts\"\n"
        "board 3 x 1\n"
        "players a b\n"
        "piece p\n"
        "var phase = 0\n"
        "moves {\n"
        "  first {\n"
        "    require phase == 0\n"
        "    pick k in range(1, 3)\n"
        "    pick c in empty_cells\n"
        "    set phase = 1\n"
        "    text k \"@\" c\n"
        "  } or {\n"
        "    require phase == 1\n"
        "    either { set phase = 2\n text \"same\" } or { set phase = 2\n text \"same\" }\n"
        "  } or {\n"
        "    require phase == 2\n"
        "    let n = 0\n"
        "    repeat 2 {\n"
        "      pick d in range(0, 1)\n"
        "      set n = n + d\n"
        "    }\n"
        "    set phase = 0\n"
        "    text \"n\" n\n"
        "  }\n"
        "}\n";
    pl_program *prog = pt_compile_text("parts.game", text);
    pl_state *st = pl_state_new(prog);
    assert_non_null(pl_random_move_method(st));      /* not sampled: a loop holds a choice */
    pl_movelist ml;
    pl_movelist_init(&ml);
    static const int64_t counts[] = {9, 1, 3, 9};
    static const int unproven[] = {0, 1, 1, 0};
    for (int ply = 0; ply < 4; ply++) {
        int r;
        int64_t n;
        assert_int_equal(pl_count_moves(st, &ml, &r, &n), PL_OK);
        assert_int_equal(st->distinct_texts, 3);
        assert_int_equal(st->unproven, unproven[ply]);
        assert_int_equal(n, counts[ply]);
        assert_int_equal(pl_generate(st, &ml), PL_OK);
        assert_int_equal(ml.count, counts[ply]);
        assert_int_equal(pl_apply(st, &ml, 0), PL_OK);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Knights whose move text names only the square reached: different ways
 * write different texts only while the mover has one knight.  The proof
 * holds on that condition (a `single` PICK, distinct.c); with two knights
 * that reach one square, counting, sampling and drawing from full
 * generation must see two ways write it and count the move once. */
static const char lone_knight[] =
    "game \"Lone knight\"\n"
    "import grid\n"
    "import knight\n"
    "board 5 x 5\n"
    "players x o\n"
    "piece knight\n"
    "setup {\n%s}\n"
    "moves {\n"
    "  pick from in pieces(mover)\n"
    "  pick dest in leaps(from, knight_jumps) where empty(dest)\n"
    "  move from to dest\n"
    "  text dest\n"
    "}\n";

/* The moves drawn depend only on the position and the generator: a state
 * that has drawn many times draws, from the same seed, what a new state
 * in the same position draws (full generation). */
static void expect_same_draws(pl_state *used, pl_program *prog, uint64_t seed)
{
    pl_state *fresh = pl_state_new(prog);
    pl_random_move_force(fresh, 0);
    pl_movelist a, b;
    pl_movelist_init(&a);
    pl_movelist_init(&b);
    uint64_t rng_used = seed, rng_fresh = seed;
    for (int i = 0; i < 200; i++) {
        assert_int_equal(pl_random_move(used, &rng_used, &a), PL_OK);
        assert_int_equal(pl_random_move(fresh, &rng_fresh, &b), PL_OK);
        assert_int_equal(a.count, 1);
        assert_int_equal(b.count, 1);
        assert_string_equal(pl_move_text(&a, 0), pl_move_text(&b, 0));
    }
    pl_movelist_free(&a);
    pl_movelist_free(&b);
    pl_state_free(fresh);
}

static void test_distinct_on_condition(void **state)
{
    (void)state;
    static const char *const setups[] = {
        "  place x knight at a1\n  place o knight at e5\n",            /* one each */
        "  place x knight at a1 c1\n  place o knight at e5\n",         /* both reach b3 */
    };
    static const int start_moves[] = {2, 5};   /* a1: b3 c2; c1: a2 b3 d2 e2 */
    for (int k = 0; k < 2; k++) {
        char text[1024];
        snprintf(text, sizeof text, lone_knight, setups[k]);
        pl_program *prog = pt_compile_text("lone_knight.game", text);
        pl_state *st = pl_state_new(prog);
        assert_true(pl_random_move_exact(st));
        assert_true(st->sampler->distinct);        /* on condition */
        int r;
        int64_t n = -1;
        pl_movelist ml;
        pl_movelist_init(&ml);
        assert_int_equal(pl_count_moves(st, &ml, &r, &n), PL_OK);
        assert_int_equal(n, start_moves[k]);
        assert_int_equal(pl_random_move_ways(st, "b3", &ml), 1 + k);
        pl_random_move_force(st, 1);
        uint64_t rng = 41 + (uint64_t)k;
        check_uniform_here(st, &rng, setups[k], 0);
        /* drawn from full generation: with two knights the condition
           fails after a1's moves were drawn from, and b3 still counts once */
        pl_random_move_force(st, 0);
        check_uniform_here(st, &rng, setups[k], 0);
        expect_same_draws(st, prog, 0x5eed + (uint64_t)k);
        pl_random_move_force(st, 1);
        check_counts_along(st, 3 + (uint64_t)k, 30);
        pl_movelist_free(&ml);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

/* A ray's cells differ by direction only at a distance of 1 or more: at
 * distance 0 every direction gives the start, so four ways write "c3" when
 * `far` is 0.  The proof assumes distance >= 1 (check_rays); counting and
 * sampling must notice a ray of distance 0 and count the ways. */
static const char ray_zero[] =
    "game \"Ray zero\"\n"
    "import grid\n"
    "board 5 x 5\n"
    "players x o\n"
    "piece stone\n"
    "var far = 1\n"
    "setup {\n  place x stone at c3\n  place o stone at e5\n}\n"
    "moves {\n"
    "  pick from in pieces(mover)\n"
    "  pick d in orthogonal\n"
    "  let dest = ray(from, d, far)\n"
    "  require dest != off and (dest == from or empty(dest))\n"
    "  if dest != from {\n    move from to dest\n  }\n"
    "  set far = 1 - far\n"
    "  text dest\n"
    "}\n";

static void test_distinct_unless_ray_of_zero(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("ray_zero.game", ray_zero);
    pl_state *st = pl_state_new(prog);
    assert_true(pl_random_move_exact(st));
    assert_true(st->sampler->distinct);
    assert_true(st->sampler->check_rays);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "c4");                 /* o's turn, far 0: o stays on e5 */
    int r;
    int64_t n = -1;
    assert_int_equal(pl_count_moves(st, &ml, &r, &n), PL_OK);
    assert_int_equal(n, 1);
    assert_int_equal(pl_random_move_ways(st, "e5", &ml), 4);
    pl_random_move_force(st, 0);            /* from full generation: one move */
    uint64_t rng = 5;
    check_uniform_here(st, &rng, "ray zero, far 0", 0);
    pt_play(st, &ml, "e5");                 /* x's turn, far 1 */
    pl_random_move_force(st, 1);
    check_uniform_here(st, &rng, "ray zero, far 1", 0);
    check_counts_along(st, 9, 40);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Thousands of branches one after another on every way: the proof of
 * distinct texts follows each branch in a walk inside the last, so it
 * gives up past a depth instead of overflowing the C stack (a fuzz_gen
 * finding of the same kind: long straight code after a pick). */
static void test_long_chain_of_branches(void **state)
{
    (void)state;
    enum { BRANCHES = 3000 };
    size_t cap = 256 + (size_t)BRANCHES * 40, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text + n, cap - n,
                          "game \"Branches\"\nimport grid\nboard 3 x 3\nplayers x o\n"
                          "piece token\nvar v = 0\nmoves {\n  pick c in empty_cells\n"
                          "  place mover token at c\n");
    for (int i = 0; i < BRANCHES; i++)
        n += (size_t)snprintf(text + n, cap - n, "  if row(c) == %d { set v = %d }\n", i % 3 + 1, i);
    snprintf(text + n, cap - n, "  text c\n}\n");
    pl_program *prog = pt_compile_text("branches.game", text);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_true(pl_random_move_exact(st));   /* the plan is built: no crash */
    int r;
    int64_t count = -1;
    assert_int_equal(pl_count_moves(st, &ml, &r, &count), PL_OK);
    assert_int_equal(count, 9);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
    free(text);
}

/* Where distinct.c proves that different ways write different texts, the
 * sampler skips counting the ways of a text: check the proof in positions
 * along random games, every move of the list having exactly one way; and
 * that the proof fails where two ways do write one text. */
static void test_distinct_texts_proof(void **state)
{
    (void)state;
    static const char *const proven[] = {
        "games/race/breakthrough.game", "games/connection/lines-of-action.game", "games/west-african/dara.game",
        "games/west-african/wali.game", "games/alignment/tic-tac-toe.game",
        "games/west-african/yote.game", "games/chess/knight-chase.game",
        /* boards of ten rows or more, whose cell names begin others (a1, a10) */
        "games/connection/hex.game", "games/alignment/gomoku.game", "games/territory/go.game",
        /* a queen's move and its arrow: cells of slide(c, d) along the chosen d */
        "games/territory/amazons.game"};
    for (size_t g = 0; g < sizeof proven / sizeof proven[0]; g++) {
        pl_program *prog = pt_compile(proven[g]);
        pl_state *st = pl_state_new(prog);
        assert_true(pl_random_move_exact(st));
        assert_true(st->sampler->distinct);
        pl_movelist ml, scratch;
        pl_movelist_init(&ml);
        pl_movelist_init(&scratch);
        uint64_t rng = 7 + g;
        for (int ply = 0; ply < 60 * SCALE; ply++) {
            int result;
            if (pl_status(st, &ml, &result) != PL_OK || result != PL_RESULT_NONE || ml.count == 0)
                break;
            if (ply % 3 == 0)
                for (int i = 0; i < ml.count; i++) {
                    long ways = pl_random_move_ways(st, pl_move_text(&ml, i), &scratch);
                    if (ways != 1)
                        fprintf(stderr, "%s, ply %d: %ld ways write '%s'\n", proven[g], ply, ways,
                                pl_move_text(&ml, i));
                    assert_int_equal(ways, 1);
                }
            pl_apply(st, &ml, (int)pl_rng_word_below(&rng, (uint32_t)ml.count));
        }
        pl_movelist_free(&ml);
        pl_movelist_free(&scratch);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

/* On a board of ten rows, a1 begins a10: a cell written alone is told
 * apart from another, or followed by "-", but not followed by "0" -- the
 * way that places at a1 and writes "0" after it writes "a10", as does the
 * way that places at a10 and writes nothing more. */
static void test_distinct_with_names_that_begin_others(void **state)
{
    (void)state;
#define TEN_ROWS(after)                                                        \
    "game \"ten rows\"\nimport grid\nboard 2 x 10\nplayers x o\npiece stone\n"  \
    "moves {\n  pick c in empty_cells\n  place mover stone at c\n"            \
    "  either { text c } or { text c " after " }\n}\n"
    static const struct { const char *text; int distinct; } cases[] = {
        {TEN_ROWS("\"-\""), 1},
        {TEN_ROWS("\"x\""), 1},
        {TEN_ROWS("\"0\""), 0},
        {TEN_ROWS("\"\" \"0\""), 0},
    };
#undef TEN_ROWS
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pl_program *prog = pt_compile_text("ten_rows.game", cases[i].text);
        pl_state *st = pl_state_new(prog);
        assert_true(pl_random_move_exact(st));
        /* proven outright, or only on condition that the pick never has
           two cells (`single`: never so here) */
        int outright = st->sampler->distinct && !st->sampler->plan->single;
        if (outright != cases[i].distinct)
            fprintf(stderr, "case %d: distinct %d\n", (int)i, outright);
        assert_int_equal(outright, cases[i].distinct);
        pl_movelist ml, scratch;
        pl_movelist_init(&ml);
        pl_movelist_init(&scratch);
        pt_generate(st, &ml);
        /* what the proof says of the texts is so: a10 has two ways or one */
        assert_int_equal(pl_random_move_ways(st, "a10", &scratch), cases[i].distinct ? 1 : 2);
        pl_movelist_free(&ml);
        pl_movelist_free(&scratch);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

/* Which games sample and which fall back, with a reason for the latter. */
static void test_which_games_sample(void **state)
{
    (void)state;
    for (int g = 0; g < NGAMES; g++) {
        pl_program *prog = pt_compile(games[g].path);
        pl_state *st = pl_state_new(prog);
        const char *why = pl_random_move_method(st);
        fprintf(stderr, "%s: %s\n", games[g].path, why ? why : "samples");
        assert_int_equal(games[g].samples, pl_random_move_exact(st));
        if (!games[g].samples)
            assert_non_null(why);
        if (why)
            assert_true(strlen(why) > 0);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

/* The plan is the program's: two states and a copy share one, and only
 * the first state to draw a move builds it. */
static void test_plan_shared_by_states_and_copies(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/race/breakthrough.game");
    pl_state *a = pl_state_new(prog), *b = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t rng = 3;
    long built = atomic_load(&pl_sample_plans_built);
    assert_null(atomic_load(&prog->sample_plan));
    assert_int_equal(pl_random_move(a, &rng, &ml), PL_OK);
    assert_int_equal(atomic_load(&pl_sample_plans_built), built + 1);
    const pl_sample_plan *plan = (const pl_sample_plan *)atomic_load(&prog->sample_plan);
    assert_non_null(plan);
    assert_ptr_equal(a->sampler->plan, plan);
    pl_apply(a, &ml, 0);
    pl_state *copy = pl_state_copy(a);
    assert_int_equal(pl_random_move(b, &rng, &ml), PL_OK);
    assert_int_equal(pl_random_move(copy, &rng, &ml), PL_OK);
    assert_ptr_equal(b->sampler->plan, plan);
    assert_ptr_equal(copy->sampler->plan, plan);
    /* each state has its own bounds and decisions, over the same skeleton */
    assert_ptr_not_equal(copy->sampler->nodes, a->sampler->nodes);
    assert_ptr_equal(copy->sampler->node_of, plan->node_of);
    assert_int_equal(atomic_load(&pl_sample_plans_built), built + 1);
    pl_state_free(copy);
    pl_state_free(a);
    pl_state_free(b);
    pl_movelist_free(&ml);
    pl_program_free(prog);
}

/* Where no position can have the ways that make sampling pay, the plan
 * says so once (no probe game, no bound computed per move); where they
 * can, the probe decides, the same way for every build.  A program the VM
 * draws from at once (a bulk run: tic-tac-toe's placements) samples
 * however small. */
static void test_plan_decides_once(void **state)
{
    (void)state;
    pl_program *small = pt_compile_text("two_ways.game", TWO_WAYS("3 x 3"));
    pl_state *st = pl_state_new(small);
    assert_true(pl_random_move_exact(st));
    assert_non_null(pl_random_move_method(st));
    pl_state_free(st);
    pl_program_free(small);
    pl_program *ttt = pt_compile("games/alignment/tic-tac-toe.game");
    st = pl_state_new(ttt);
    assert_null(pl_random_move_method(st));
    pl_state_free(st);
    pl_program_free(ttt);
    int pays = -1;
    for (int twice = 0; twice < 2; twice++) {
        pl_program *bt = pt_compile("games/race/breakthrough.game");
        st = pl_state_new(bt);
        assert_true(pl_random_move_exact(st));
        int now = pl_random_move_method(st) == NULL;
        assert_true(pays < 0 || pays == now);
        pays = now;
        pl_state_free(st);
        pl_program_free(bt);
    }
}

enum { RACERS = 4 };

typedef struct {
    pl_program *prog;
    const pl_sample_plan *plan;
    uint64_t seed;
} racer;

static void *race_for_the_plan(void *arg)
{
    racer *r = arg;
    pl_state *st = pl_state_new(r->prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    int result;
    for (int ply = 0; ply < 20; ply++) {
        if (pl_status_random(st, &r->seed, &ml, &result) != PL_OK ||
            result != PL_RESULT_NONE || ml.count == 0)
            break;
        pl_apply(st, &ml, 0);
    }
    r->plan = st->sampler ? st->sampler->plan : NULL;
    pl_movelist_free(&ml);
    pl_state_free(st);
    return NULL;
}

/* Threads that draw their first moves at once on a new program end up
 * with one plan, the program's (ThreadSanitizer: `ctest -L threads`). */
static void threads_share_one_plan(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/race/breakthrough.game");
    racer r[RACERS];
    pthread_t t[RACERS];
    for (int i = 0; i < RACERS; i++) {
        r[i] = (racer){prog, NULL, 11u + (uint64_t)i};
        assert_int_equal(pthread_create(&t[i], NULL, race_for_the_plan, &r[i]), 0);
    }
    for (int i = 0; i < RACERS; i++)
        pthread_join(t[i], NULL);
    const pl_sample_plan *plan = (const pl_sample_plan *)atomic_load(&prog->sample_plan);
    assert_non_null(plan);
    for (int i = 0; i < RACERS; i++)
        assert_ptr_equal(r[i].plan, plan);
    pl_program_free(prog);
}

typedef struct {
    double sum, sum2;     /* lengths */
    long wins, n;         /* first player's wins, playouts */
} playout_stats;

/* Random playouts from the start, sampled or from the full list; a
 * playout longer than PLY_CAP counts as a draw of that length. */
static void play_random(pl_state *st, int sampled, int n, uint64_t *rng, playout_stats *s)
{
    pl_movelist ml;
    pl_movelist_init(&ml);
    memset(s, 0, sizeof *s);
    for (int g = 0; g < n; g++) {
        pl_state_reset(st);
        int r;
        for (;;) {
            pl_err e = sampled ? pl_status_random(st, rng, &ml, &r) : pl_status(st, &ml, &r);
            assert_int_equal(e, PL_OK);
            if (r != PL_RESULT_NONE || ml.count == 0 || pl_state_ply(st) >= PLY_CAP)
                break;
            /* the high bits, as the engines take them: the low bits of
               xorshift64* are the weak ones */
            pl_apply(st, &ml, sampled ? 0 : (int)pl_rng_word_below(rng, (uint32_t)ml.count));
        }
        double len = pl_state_ply(st);
        s->sum += len;
        s->sum2 += len * len;
        s->wins += r == 0;
        s->n++;
    }
    pl_movelist_free(&ml);
}

/* The z beyond which a two-sided normal test rejects at level alpha
 * (Abramowitz and Stegun 26.2.23, error below 4.5e-4). */
static double z_two_sided(double alpha)
{
    double t = sqrt(-2.0 * log(alpha / 2));
    return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
               (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
}

/* |z| of the difference of two means, given sums and sums of squares. */
static double z_means(double s1, double q1, double n1, double s2, double q2, double n2)
{
    double m1 = s1 / n1, m2 = s2 / n2;
    double v1 = q1 / n1 - m1 * m1, v2 = q2 / n2 - m2 * m2;
    double se = sqrt(v1 / n1 + v2 / n2);
    return se > 0 ? fabs(m1 - m2) / se : (m1 == m2 ? 0 : INFINITY);
}

/* Two tests per game at a 99% level for the whole family (Bonferroni):
 * with a dozen comparisons at 99% each, one in ten runs of an exact
 * sampler would fail somewhere. */
static void test_sampled_playouts_agree(void **state)
{
    (void)state;
    int tests = 0;
    for (int g = 0; g < NGAMES; g++)
        tests += 2 * (games[g].playouts > 0);
    double z_max = z_two_sided(0.01 / tests);
    for (int g = 0; g < NGAMES; g++) {
        if (!games[g].playouts)
            continue;
        int n = games[g].playouts * SCALE / 4 + 20;
        pl_program *prog = pt_compile(games[g].path);
        pl_state *st = pl_state_new(prog);
        pl_random_move_force(st, 1);
        uint64_t rng = 0x2545f4914f6cdd1dull + (uint64_t)g;
        playout_stats a, b;
        play_random(st, 1, n, &rng, &a);
        play_random(st, 0, n, &rng, &b);
        double z_len = z_means(a.sum, a.sum2, (double)a.n, b.sum, b.sum2, (double)b.n);
        /* wins are 0/1 values: their squares are themselves */
        double z_win = z_means((double)a.wins, (double)a.wins, (double)a.n,
                               (double)b.wins, (double)b.wins, (double)b.n);
        fprintf(stderr, "%s: %d playouts each: length %.1f / %.1f (z %.2f), "
                "first player wins %.3f / %.3f (z %.2f)\n", games[g].path, n,
                a.sum / (double)a.n, b.sum / (double)b.n, z_len,
                (double)a.wins / (double)a.n, (double)b.wins / (double)b.n, z_win);
        assert_true(z_len < z_max);
        assert_true(z_win < z_max);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_which_games_sample),
        cmocka_unit_test(test_plan_shared_by_states_and_copies),
        cmocka_unit_test(test_plan_decides_once),
        cmocka_unit_test(threads_share_one_plan),
        cmocka_unit_test(test_uniform_when_ways_share_a_text),
        cmocka_unit_test(test_first_entered_before_its_test),
        cmocka_unit_test(test_exclusive_branches),
        cmocka_unit_test(test_tested_entry_branches),
        cmocka_unit_test(test_uniform_from_full_generation),
        cmocka_unit_test(test_distinct_texts_proof),
        cmocka_unit_test(test_distinct_with_names_that_begin_others),
        cmocka_unit_test(test_count_moves_as_listed),
        cmocka_unit_test(test_count_spends_the_interpreters_steps),
        cmocka_unit_test(test_count_steps_of_stuck_leapers),
        cmocka_unit_test(test_proof_in_part),
        cmocka_unit_test(test_distinct_on_condition),
        cmocka_unit_test(test_distinct_unless_ray_of_zero),
        cmocka_unit_test(test_long_chain_of_branches),
        cmocka_unit_test(test_uniform_in_shipped_games),
        cmocka_unit_test(test_sampled_playouts_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
