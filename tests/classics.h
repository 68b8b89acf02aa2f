/*
 * classics.h -- what the test_classics*.c suites share: a table of perft
 * cases checked against published figures or an independent generator,
 * positions where both engines must find the win in one, and the main
 * that runs them (fast in CI, the whole table with `slow`).
 *
 * Each suite defines its tables and its own rule tests, then calls
 * classics_main().  Included by one .c file each, so the functions are
 * static.
 */
#ifndef PLATEAU_TEST_CLASSICS_H
#define PLATEAU_TEST_CLASSICS_H

#include "plateau_test.h"

typedef struct {
    const char *game;
    const char *moves;        /* from the start, separated by spaces */
    int fast_depth;           /* the depth checked in CI */
    int depth;                /* how many published values follow */
    long perft[PT_PERFT_MAX];
} classic_case;

/* A position where the player to move wins at once. */
typedef struct {
    const char *game;
    const char *moves;
} win_case;

/* A rule seen from one position: after `moves`, the result is `result`
 * (PL_RESULT_NONE, a player's index, or a draw); while the game goes on,
 * the legal moves are exactly `want` (sorted, "" for none), and each
 * space-separated text of `has` is one and none of `lacks` is (NULL: not
 * checked). */
typedef struct {
    const char *what;
    const char *game;
    const char *moves;
    const char *want;
    const char *has;
    const char *lacks;
    int result;
} rule_case;

static int classics_slow;   /* check the whole table, not just the fast depths */

/* Each space-separated text of `list` is (want != 0) or is not a legal move. */
static void classics_check_listed(const pl_movelist *ml, const char *list, int want,
                                  const char *what)
{
    if (!list)
        return;
    char *copy = strdup(list);
    char *save = NULL;
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        int found = pl_movelist_find(ml, t) >= 0;
        if (found != want)
            fprintf(stderr, "%s: %s %s a legal move\n", what, t, want ? "is not" : "is");
        assert_int_equal(found, want);
    }
    free(copy);
}

static void classics_test_rule(void **state)
{
    const rule_case *c = *state;
    pl_program *prog = pt_compile(c->game);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, c->moves);
    int r = pt_status(st, &ml);
    if (r != c->result)
        fprintf(stderr, "%s: result %d, expected %d\n", c->what, r, c->result);
    assert_int_equal(r, c->result);
    if (r == PL_RESULT_NONE) {
        classics_check_listed(&ml, c->has, 1, c->what);
        classics_check_listed(&ml, c->lacks, 0, c->what);
        if (c->want)
            pt_assert_moves(st, &ml, c->want);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

static void classics_test_perft(void **state)
{
    const classic_case *c = *state;
    pt_perft_case p = {c->game, c->moves, classics_slow ? c->depth : c->fast_depth, {0}};
    memcpy(p.perft, c->perft, sizeof p.perft);
    pt_check_perft_case(&p, pt_play);
}

/* Each engine must find a winning move (evidence that the end rules and
 * the engines agree). */
static void classics_test_win_in_one(void **state)
{
    static const char *const engines[] = {
        "alphabeta:depth=2",
        "mcts:iterations=300,seed=1",
    };
    const win_case *c = *state;
    pl_program *prog = pt_compile(c->game);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml, after;
    pl_movelist_init(&ml);
    pl_movelist_init(&after);
    pt_play(st, &ml, c->moves);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    int me = pl_state_to_move(st);
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        pl_player_spec spec;
        char err[256];
        assert_int_equal(pl_player_spec_parse(engines[e], 0, &spec, err, sizeof err), PL_OK);
        pl_search *s = pl_search_new(prog, &spec);
        assert_non_null(s);
        int i = -1;
        pl_search_info info;
        assert_int_equal(pl_search_think(s, st, &i, &info), PL_OK);
        assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
        assert_true(i >= 0 && i < ml.count);
        pl_apply(st, &ml, i);
        int r = pt_status(st, &after);
        pl_undo(st);
        if (r != me)
            fprintf(stderr, "%s after '%s': %s played %s, which does not win\n", c->game,
                    c->moves, engines[e], pl_move_text(&ml, i));
        assert_int_equal(r, me);
        pl_search_free(s);
    }
    pl_movelist_free(&after);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* "perft NAME to D" or "perft NAME after P plies to D". */
static void classics_name(char *buf, size_t len, const char *game, const char *moves, int depth)
{
    const char *g = strrchr(game, '/') ? strrchr(game, '/') + 1 : game;
    int plies = 0;
    for (const char *m = moves; *m; m++)
        plies += *m != ' ' && (m == moves || m[-1] == ' ');
    if (plies)
        snprintf(buf, len, "perft %.*s after %d plies to %d", (int)(strlen(g) - 5), g, plies, depth);
    else
        snprintf(buf, len, "perft %.*s to %d", (int)(strlen(g) - 5), g, depth);
}

/* Run the suite `suite`: the perft cases, then (unless `slow` is the
 * first argument, which runs the whole perft table only) the rule cases,
 * the suite's own tests `more` and the wins in one. */
static int classics_main(const char *suite, int argc, char **argv,
                         const classic_case *cases, int ncases,
                         const rule_case *rules, int nrules,
                         const struct CMUnitTest *own, int nown,
                         const win_case *wins, int nwins)
{
    pt_init();
    classics_slow = argc > 1 && strcmp(argv[1], "slow") == 0;
    int nmore = nrules + nown;
    struct CMUnitTest *more = calloc((size_t)nmore + 1, sizeof *more);
    assert_non_null(more);
    for (int i = 0; i < nrules; i++)
        more[i] = (struct CMUnitTest){rules[i].what, classics_test_rule, NULL, NULL,
                                      (void *)&rules[i]};
    for (int i = 0; i < nown; i++)
        more[nrules + i] = own[i];
    int n = ncases + nmore + nwins;
    struct CMUnitTest *tests = calloc((size_t)n, sizeof *tests);
    char (*names)[160] = calloc((size_t)(ncases + nwins), sizeof *names);
    assert_non_null(tests);
    assert_non_null(names);
    for (int i = 0; i < ncases; i++) {
        classics_name(names[i], sizeof names[i], cases[i].game, cases[i].moves,
                      classics_slow ? cases[i].depth : cases[i].fast_depth);
        tests[i] = (struct CMUnitTest){names[i], classics_test_perft, NULL, NULL,
                                       (void *)&cases[i]};
    }
    for (int i = 0; i < nmore; i++)
        tests[ncases + i] = more[i];
    for (int i = 0; i < nwins; i++) {
        const char *g = strrchr(wins[i].game, '/') + 1;
        snprintf(names[ncases + i], sizeof names[ncases + i], "engines win in one: %.*s",
                 (int)(strlen(g) - 5), g);
        tests[ncases + nmore + i] = (struct CMUnitTest){names[ncases + i],
                                                        classics_test_win_in_one, NULL, NULL,
                                                        (void *)&wins[i]};
    }
    char title[128];
    snprintf(title, sizeof title, "%s%s", suite, classics_slow ? " slow" : "");
    int failed = _cmocka_run_group_tests(title, tests, (size_t)(classics_slow ? ncases : n),
                                         NULL, NULL);
    free(names);
    free(tests);
    free(more);
    return failed;
}

#define CLASSICS_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* The usual main: the file's `cases`, `rules` and `wins`, and `own` tests. */
#define CLASSICS_MAIN(suite, own, nown) \
    classics_main(suite, argc, argv, cases, CLASSICS_COUNT(cases), rules, \
                  CLASSICS_COUNT(rules), own, nown, wins, CLASSICS_COUNT(wins))

#endif
