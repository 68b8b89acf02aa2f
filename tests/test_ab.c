/*
 * test_ab.c -- alpha-beta's pruning techniques (alphabeta.c): aspiration
 * windows, late-move reductions, null-move pruning, each switched off by
 * its spec key (aspiration=off, lmr=off; nullmove=on, as the null move
 * is off by default).
 *
 * Each technique is shown to act: at a fixed depth, over positions of
 * Breakthrough (and Yoté) reached by seeded random plies, it
 * visits fewer nodes than the same search without it (a technique that
 * did nothing would visit exactly as many; aspiration windows save
 * little, 0.1% in Breakthrough at depth 5, but never nothing).  They
 * must not change the result: the same move and score everywhere.  The
 * null move must stay off where it is unsound: with passing among the
 * rules (Go on 4 x 4, tests/positions/ab_go4.game) and with three
 * players (tests/positions/ab_three.game): there the node
 * counts are equal with and without it.  And with every technique on, deeper than test_search goes (where
 * reductions and null moves start), the tactics positions are still
 * solved: a win in one taken, the only saving move found.
 */
#include "plateau_test.h"

enum { NPOS = 8 };

typedef struct {
    long long nodes;
    int move[NPOS];
    int32_t score[NPOS];
} run;

/* The state after `plies` seeded random plies (plus a few more for each
 * position p), or NULL when the game ended on the way. */
static pl_state *random_position(const pl_program *prog, pl_movelist *ml, int p, int plies)
{
    pl_state *st = pl_state_new(prog);
    assert_non_null(st);
    uint64_t rng = 0x9E3779B97F4A7C15ull * (uint64_t)(p + 1);
    for (int i = 0; i < plies + p % 7; i++) {
        if (pt_status(st, ml) != PL_RESULT_NONE || ml->count == 0) {
            pl_state_free(st);
            return NULL;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        assert_int_equal(pl_apply(st, ml, (int)(rng % (uint64_t)ml->count)), PL_OK);
    }
    if (pt_status(st, ml) != PL_RESULT_NONE || ml->count == 0) {
        pl_state_free(st);
        return NULL;
    }
    return st;
}

/* One search with `spec` in `st`; its info. */
static pl_search_info search_once(const pl_program *prog, pl_state *st, const char *text)
{
    pl_search *s = pt_new_search(prog, text);
    pl_search_info info;
    memset(&info, 0, sizeof info);
    int move = -1;
    uint64_t hash = pl_state_hash(st);
    assert_int_equal(pl_search_think(s, st, &move, &info), PL_OK);
    assert_true(move >= 0);
    assert_int_equal(pl_state_hash(st), hash);      /* the state given back */
    pl_search_free(s);
    return info;
}

/* `spec` searched in NPOS positions of the game after about `plies`
 * random plies (positions where the game ended are skipped: their move
 * is -1). */
static run search_positions_n(const char *path, int plies, const char *spec, int npos)
{
    pl_program *prog = pt_compile(path);
    pl_movelist ml;
    pl_movelist_init(&ml);
    run r;
    memset(&r, 0, sizeof r);
    for (int p = 0; p < NPOS; p++)
        r.move[p] = -1;
    for (int p = 0; p < npos; p++) {
        pl_state *st = random_position(prog, &ml, p, plies);
        if (!st)
            continue;
        pl_search_info info = search_once(prog, st, spec);
        r.nodes += info.nodes;
        r.move[p] = info.move;
        r.score[p] = info.score;
        pl_state_free(st);
    }
    pl_movelist_free(&ml);
    pl_program_free(prog);
    return r;
}

/* Fewer nodes with the technique than without, at the same depth, in
 * npos positions. */
static void check_fewer(const char *path, int plies, const char *with, const char *without,
                        int npos)
{
    run a = search_positions_n(path, plies, with, npos),
        b = search_positions_n(path, plies, without, npos);
    if (a.nodes >= b.nodes)
        fprintf(stderr, "%s: %s visited %lld nodes, %s %lld\n", path, with, a.nodes,
                without, b.nodes);
    assert_true(a.nodes > 0);
    assert_true(a.nodes < b.nodes);
}

/* As many nodes with the null move as without: it was never tried (in
 * npos positions: these games are slow to search). */
static void check_no_null(const char *path, int plies, const char *spec, int npos)
{
    char with[128], without[128];
    snprintf(with, sizeof with, "%s", spec);
    snprintf(without, sizeof without, "%s,nullmove=off", spec);
    run a = search_positions_n(path, plies, with, npos),
        b = search_positions_n(path, plies, without, npos);
    assert_true(a.nodes > 0);
    assert_int_equal(a.nodes, b.nodes);
    for (int p = 0; p < NPOS; p++)
        assert_int_equal(a.move[p], b.move[p]);
}

/* --- aspiration windows -------------------------------------------------------------- */

static void aspiration_same_result(const char *path, int plies, const char *with,
                                   const char *without, int npos)
{
    run a = search_positions_n(path, plies, with, npos),
        b = search_positions_n(path, plies, without, npos);
    for (int p = 0; p < NPOS; p++) {
        assert_int_equal(a.move[p], b.move[p]);
        if (a.move[p] >= 0)
            assert_int_equal(a.score[p], b.score[p]);
    }
    assert_true(a.nodes < b.nodes);
}

static void test_aspiration(void **state)
{
    (void)state;
    /* reductions and null moves off: the windows alone, whose result is
       the full window's */
    aspiration_same_result("games/race/breakthrough.game", 10,
                           "alphabeta:depth=4,lmr=off,nullmove=off",
                           "alphabeta:depth=4,lmr=off,nullmove=off,aspiration=off", 4);
}

/* --- late-move reductions ----------------------------------------------------------- */

static void test_lmr(void **state)
{
    (void)state;
    /* depth 5: moves are reduced from 4 plies above the frontier, so
       below the root's moves */
    check_fewer("games/race/breakthrough.game", 10,
                "alphabeta:depth=5,aspiration=off,nullmove=off",
                "alphabeta:depth=5,aspiration=off,nullmove=off,lmr=off", 1);
}

/* --- null-move pruning -------------------------------------------------------------- */

static void test_nullmove(void **state)
{
    (void)state;
    /* depth 4: the null move is tried from 3 plies above the frontier */
    check_fewer("games/race/breakthrough.game", 10,
                "alphabeta:depth=4,aspiration=off,lmr=off,nullmove=on",
                "alphabeta:depth=4,aspiration=off,lmr=off,nullmove=off", 2);
    check_fewer("games/west-african/yote.game", 10,
                "alphabeta:depth=4,aspiration=off,lmr=off,nullmove=on",
                "alphabeta:depth=4,aspiration=off,lmr=off,nullmove=off", 1);
}

static void test_nullmove_off_where_unsound(void **state)
{
    (void)state;
    /* depth 4: the null move would be tried from depth 3 below the
       root.  Passing is a rule: a pass among the moves (Go, 4 x 4) */
    check_no_null("tests/positions/ab_go4.game", 2, "alphabeta:depth=4,nullmove=on", 2);
    /* three players, six moves: a pass gives the move to one opponent
       of two */
    check_no_null("tests/positions/ab_three.game", 0, "alphabeta:depth=4,nullmove=on", 2);
}

/* --- tactics with every technique on, deeper ---------------------------------------- */

static void check_tactic(const char *path, int win, const char *spec)
{
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    int me = pl_state_to_move(st);
    pl_search_info info = search_once(prog, st, spec);
    if (win) {
        if (pt_result_after(st, &ml, info.move) != me)
            fprintf(stderr, "%s: %s played %s, not a win\n", path, spec, info.best);
        assert_int_equal(pt_result_after(st, &ml, info.move), me);
    } else {
        if (pt_loses_at_once(st, &ml, info.move))
            fprintf(stderr, "%s: %s played %s, which loses\n", path, spec, info.best);
        assert_false(pt_loses_at_once(st, &ml, info.move));
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

static void test_tactics_deeper(void **state)
{
    (void)state;
    static const char *const wins[] = {
        "search_ttt_win", "search_bt_win", "search_bt_eval_win", "search_loa_win",
        "search_kc_win", "search_wali_win", "search_dara_win", "search_yote_win",
    };
    static const char *const saves[] = {
        "search_ttt_save", "search_bt_save", "search_loa_save", "search_kc_save",
        "search_wali_save", "search_dara_save", "search_yote_save",
    };
    static const char *const specs[] = {
        "alphabeta:depth=4", "alphabeta:depth=5,tt=1", "alphabeta:depth=4,decisive=off",
        "alphabeta:depth=5,nullmove=on",
    };
    char path[128];
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        for (size_t i = 0; i < sizeof wins / sizeof wins[0]; i++) {
            snprintf(path, sizeof path, "tests/positions/%s.game", wins[i]);
            check_tactic(path, 1, specs[k]);
        }
        for (size_t i = 0; i < sizeof saves / sizeof saves[0]; i++) {
            snprintf(path, sizeof path, "tests/positions/%s.game", saves[i]);
            check_tactic(path, 0, specs[k]);
        }
    }
}

/* --- the spec keys ----------------------------------------------------------------- */

static void test_spec_keys(void **state)
{
    (void)state;
    pl_player_spec spec;
    char err[256];
    assert_int_equal(pl_player_spec_parse("alphabeta:depth=3", 0, &spec, err, sizeof err),
                     PL_OK);
    assert_false(spec.no_aspiration || spec.no_lmr);
    assert_true(spec.no_nullmove);      /* off unless asked for */
    assert_int_equal(pl_player_spec_parse("ab:aspiration=off,lmr=off,nullmove=off", 0, &spec,
                                          err, sizeof err),
                     PL_OK);
    assert_true(spec.no_aspiration && spec.no_lmr && spec.no_nullmove);
    assert_int_equal(pl_player_spec_parse("ab:lmr=on,nullmove=on", 0, &spec, err, sizeof err),
                     PL_OK);
    assert_false(spec.no_lmr || spec.no_nullmove);
    assert_int_equal(pl_player_spec_parse("ab:lmr=maybe", 0, &spec, err, sizeof err),
                     PL_ERR_ARGUMENT);
    assert_non_null(strstr(err, "lmr must be on or off"));
    assert_int_equal(pl_player_spec_parse("mcts:nullmove=off", 0, &spec, err, sizeof err),
                     PL_ERR_ARGUMENT);
    assert_non_null(strstr(err, "unknown key"));
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_keys),
        cmocka_unit_test(test_aspiration),
        cmocka_unit_test(test_lmr),
        cmocka_unit_test(test_nullmove),
        cmocka_unit_test(test_nullmove_off_where_unsound),
        cmocka_unit_test(test_tactics_deeper),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
