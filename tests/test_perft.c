/*
 * test_perft.c -- perft regression values of the four first games.
 *
 * perft(d) is defined in docs/cli.md ("perft"): the number of
 * distinct legal move sequences of length d, stopping at terminal positions
 * (pl_status() != PL_RESULT_NONE).  Positions are the start and mid-game
 * positions reached by a move sequence, replayed by move text.
 *
 * Every value here was computed by the engine AND by the independent
 * reference tests/reference/perft_ref.py (written from the rule texts, no
 * code shared); only values on which both agree are kept.  The table is
 * the same as POSITIONS in that script: change both together.
 *
 * Depths are chosen so that the whole file runs in about 3 s in a normal
 * build and 15 s in an ASan+UBSan build (Breakthrough perft(5) from the
 * start is half of that).
 */
#include "plateau_test.h"

#define MAX_DEPTH 12

typedef struct {
    const char *game;
    const char *moves;     /* from the start, separated by spaces */
    long perft[MAX_DEPTH]; /* perft(1), perft(2), ... up to the first 0 */
} perft_case;

static const perft_case cases[] = {
    {"games/alignment/tic-tac-toe.game", "",
     {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}},
    {"games/alignment/tic-tac-toe.game", "b2 a1 c3",
     {6, 30, 120, 312, 416, 288}},
    {"games/alignment/tic-tac-toe.game", "a1 b1 a2 b2",
     {5, 16, 39, 60, 36}},
    {"games/alignment/tic-tac-toe.game", "b2 a1 a2 c2 b1 b3",
     {3, 6, 6}},
    {"games/race/breakthrough.game", "",
     {22, 484, 11132, 256036, 6182818}},
    {"games/race/breakthrough.game", "e2-e3 e7-f6 a2-b3 d7-c6 f1-e2 f6-f5 e2-f3 h7-h6 d1-e2 f5-f4 "
       "e2-d3 f7-g6 b3-c4 f4xe3 b2-c3 c8-d7 c1-b2 g8-h7 b2-b3 g6-f5",
     {24, 639, 15824, 429071}},
    {"games/race/breakthrough.game", "b2-c3 g7-g6 a2-b3 d7-c6 b1-b2 f7-e6 f2-e3 e7-f6 g2-h3 e6-d5 "
       "c3-b4 b7-b6 e3-d4 a7-a6 h3-h4 f8-e7 d4-c5 e8-d7 h2-h3 g6-h5 "
       "a1-a2 g8-f7 e1-f2 b8-b7 h1-g2 c7-d6 f2-f3 b6-a5 c5xd6 a5-a4 "
       "a2-a3 a4xb3 g1-h2 f6-f5 a3-a4 d7-e6 f3-g4 c6-b5 d6-d7 h7-g6",
     {25, 572, 14081, 328079}},
    {"games/race/breakthrough.game", "a2-b3 b7-a6 b2-a3 d7-e6 b1-b2 h7-h6 h2-g3 c8-d7 c2-d3 g8-h7 "
       "b3-c4 h6-g5 a3-a4 g5-g4 g2-h3 c7-b6 d3-d4 g7-f6 d2-d3 h7-h6 "
       "h1-g2 f6-f5 d1-c2 f7-f6 d4-d5 f5-f4 c2-c3 h8-g7 a4-a5 a6-b5 "
       "d3-d4 e6xd5 c4xd5 d8-c7 d5-e6 f4-f3 c1-c2 f6-e5 c2-b3 b8-b7 "
       "c3-b4 a7-a6 b3-c4 d7xe6 b4-c5 b6xa5 g1-h2 e7-d6 e1-d2 e6-f5 "
       "h3-h4 e8-f7 c4xb5 f3xg2 d4-d5 g7-f6",
     {25, 643, 13858, 356410}},
    {"games/race/breakthrough.game", "g2-h3 d7-c6 e2-d3 h7-h6 h3-h4 g8-h7 f2-e3 a7-a6 h4-h5 e7-f6 "
       "h2-h3 c6-d5 g1-f2 a6-b5 c2-b3 b5-c4 d3-d4 e8-d7 c1-c2 d7-c6 "
       "f1-g2 b8-a7 g2-f3 c6-b5 a2-a3 g7-g6 b3-b4 d5-e4 c2-c3 b7-c6 "
       "d4-e5 c4-d3 h3-h4 h6-g5 b1-a2 b5-c4 h1-g2 f8-e7 e5xf6 c6-b5 "
       "b4-c5 a7-a6 a2-b3 c7-b6 h4xg5 b6xc5 b3xc4 b5xc4 e3-d4 d3-c2 "
       "d1xc2 e7-e6 g2-h3 g6-f5 c3-b4 c4-c3 f6-g7 c5-c4 h5-h6 d8-d7 "
       "d2-d3 a6-a5 d4-d5 e4xd3 b4-c5",
     {23, 608, 12574, 316131}},
    {"games/connection/lines-of-action.game", "",
     {36, 1244, 44952, 1563208}},
    {"games/connection/lines-of-action.game", "f1-d3 h4-f6 b8-b6 f6-e5 f8-a8 h6-g7 d8-d5 g7-f8 e1-c3 h2-f4 "
       "e8-e6 e5-g3 d5-g5 a5xc3 d3-b5 a6xc8",
     {34, 1395, 44937}},
    {"games/connection/lines-of-action.game", "c1xa3 h3xf1 g1-g3 h6-h1 b1-d3 a5-c7 b8-h8 c7-f7 g3-g1 f7-c4 "
       "g8-g6 h4-e4 d8-c7 h5-f3 c7xc4 a4-c2 e1xe4 a2-b1 g6-g8 f1-f4 "
       "g1-e3 h1-e1 f8-f5 h7-f7 a3-b2 f7xc4 e3-g1 a7-c5 g1-g3 c5-b6 "
       "f5-e5 b6-a5 e4-c6 a5-a7 b2-a3 a6xc6 g3-g5 f4-f6 a3-a1 f3-d5",
     {26, 968, 26024}},
    {"games/connection/lines-of-action.game", "c8xa6 h3xf1 f8xh6 a2-c4 b8-b6 a3xc1 d8xa5 c1-e3 e8-g6 a4-b5 "
       "e1xe3 b5-c6 h6xc6 c4-c2 g6xc2 h7-h3",
     {46, 817, 36048, 675227}},
    {"games/connection/lines-of-action.game", "c1-e3 h3xf1 f8xh6 a6xc8 g8-g6 h2-f2 d1-b3 h4xe1 e8xh5 f2-f4 "
       "b8-d6 f4xd6 g6xd6 f1xb1 e3xe1 b1xb3 h6-f6 a7-c7 h5-h3 a5xd8 "
       "d6-d4 d8xf6 g1-g2",
     {42, 938, 37368, 788967}},
    {"games/connection/lines-of-action.game", "b1-b3 a2-c2 b3-b1 c2-a2 b1-b3 a2-c2",
     {37, 1320, 48192, 1703970}},
    {"games/chess/knight-chase.game", "",
     {2, 4, 20, 100, 500, 1992, 9400, 40804}},
    {"games/chess/knight-chase.game", "b3 f7 c5 d6 d3 f5 e1 g3 g2 h1 e3 f2 d5 d1 f6 c3 g4 e2 e5 g1 "
       "d7 f3 f8 d2 g6 b1",
     {3, 3, 7, 21, 51, 119, 237, 480, 717, 1337, 2219, 3528}},
    {"games/chess/knight-chase.game", "c2 f7 a3 e5 b1 c4 c3 b2 b5 d3 d6 c5 f5 b3 g7 a5 h5 c6 f6 d4 "
       "e4 e6 f2 f8 g4 d7 h6",
     {2, 2, 5, 5, 5, 9, 19, 29, 41, 63, 117, 314}},
    {"games/chess/knight-chase.game", "c2 g6 e3 e7 g4 g8 h2 f6 f3 e4 h4 c5 g2 e6 e1 c7 d3 d5 e5 c3 "
       "c6 d1 a7 f2 c8 h3 b6 f4 c4 e2 a3 g3 b1 f5",
     {1, 4, 8, 17, 29, 46, 44, 46, 40, 56, 57, 46}},
    {"games/chess/knight-chase.game", "b3 f7 d2 h6 b1 f5 c3 h4 d5 f3 f6 g5 h5",
     {4, 12, 28, 90, 291, 828, 2403, 7823, 22185, 66798}},
};

static void test_perft(void **state)
{
    const perft_case *c = *state;
    pl_program *prog = pt_compile(c->game);
    pl_state *st = pl_state_new(prog);
    pl_movelist mls[MAX_DEPTH + 1];
    for (int i = 0; i <= MAX_DEPTH; i++)
        pl_movelist_init(&mls[i]);
    pt_play(st, &mls[0], c->moves);
    int ply = pl_state_ply(st);
    uint64_t hash = pl_state_hash(st);
    for (int d = 1; d <= MAX_DEPTH && c->perft[d - 1]; d++) {
        long n = pt_perft(st, mls, d);
        if (n != c->perft[d - 1])
            fprintf(stderr, "%s after '%s': perft(%d) = %ld, expected %ld\n",
                    c->game, c->moves, d, n, c->perft[d - 1]);
        assert_int_equal(n, c->perft[d - 1]);
        /* perft leaves the position as it found it */
        assert_int_equal(pl_state_ply(st), ply);
        assert_int_equal(pl_state_hash(st), hash);
    }
    for (int i = 0; i <= MAX_DEPTH; i++)
        pl_movelist_free(&mls[i]);
    pl_state_free(st);
    pl_program_free(prog);
}

/* perft(0) is 1, also at a terminal position; perft(1) of a terminal
 * position is 0. */
static void test_perft_terminal(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist mls[3];
    for (int i = 0; i < 3; i++)
        pl_movelist_init(&mls[i]);
    assert_int_equal(pt_perft(st, mls, 0), 1);
    pt_play(st, &mls[0], "a1 b1 b2 c1 c3");      /* x wins */
    assert_int_equal(pt_perft(st, mls, 0), 1);
    assert_int_equal(pt_perft(st, mls, 1), 0);
    assert_int_equal(pt_perft(st, mls, 2), 0);
    for (int i = 0; i < 3; i++)
        pl_movelist_free(&mls[i]);
    pl_state_free(st);
    pl_program_free(prog);
}

int main(void)
{
    pt_init();
    enum { N = sizeof cases / sizeof cases[0] };
    struct CMUnitTest tests[N + 1];
    static char names[N][96];
    for (int i = 0; i < N; i++) {
        const char *g = strrchr(cases[i].game, '/') + 1;
        int plies = 0;
        for (const char *m = cases[i].moves; *m; m++)
            plies += (m == cases[i].moves || m[-1] == ' ') && *m != ' ';
        snprintf(names[i], sizeof names[i], "perft %02d %.*s %s%d", i, (int)(strlen(g) - 5), g,
                 plies ? "after " : "start", plies);
        if (!plies)
            names[i][strlen(names[i]) - 1] = 0;
        tests[i] = (struct CMUnitTest){names[i], test_perft, NULL, NULL, (void *)&cases[i]};
    }
    tests[N] = (struct CMUnitTest){"perft_terminal", test_perft_terminal, NULL, NULL, NULL};
    return _cmocka_run_group_tests("test_perft", tests, N + 1, NULL, NULL);
}
