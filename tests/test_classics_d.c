/*
 * test_classics_d.c -- Xiangqi and shogi, each proven by perft from its
 * start position against the published figures, and from mid-game
 * positions against the independent generators
 * tests/reference/xiangqi_ref.py and tests/reference/shogi_ref.py.
 *
 * Perft counts as docs/cli.md defines it: one move per distinct move text
 * (a shogi move with and without promotion are two).  Run without
 * arguments (label fast, in CI), each case is checked to the depth that
 * runs in about a second; run as `test_classics_d slow` (label slow, not
 * in CI), to the whole table.  The mid-game positions are seeded random
 * games of the reference scripts (`--make SEED PLIES`), cut where the
 * comment says.
 */
#include "classics.h"

#define XIANGQI "games/east-asian-chess/xiangqi.game"

static const classic_case cases[] = {
    /* published (chessprogramming.org, Xiangqi perft): 44, 1920, 79666, 3290240 */
    {XIANGQI, "", 3, 4, {44, 1920, 79666, 3290240}},
    /* seed 3, 45 plies: chariots and cannons out, a horse across */
    {XIANGQI,
     "b3f3 h8h5 h3i3 b8b4 f3f9 h5i5 i1i2 b10c8 i2i1 a10a8 i1i2 c8b10 i2f2 "
     "b4b5 f2a2 i5i6 f9f8 h10i8 i3a3 g10e8 f8a8 i8g9 a3b3 b5g5 g1i3 e8g10 "
     "b3f3 g9h7 i3g5 a7a6 f3g3 i6f6 a2e2 f6b6 g3h3 b10c8 e2h2 b6b10 g5i3 "
     "c8e9 h3f3 h7i5 i4i5 c7c6 h2g2",
     3, 3, {25, 1276, 33697}},
    /* seed 6, 90 plies: soldiers across the river, generals off their files */
    {XIANGQI,
     "h3h4 b8a8 h1i3 f10e9 a4a5 a10a9 b3b5 i10i9 h4h10 g10i8 d1e2 h8b8 a1a3 "
     "b8b6 g4g5 a9d9 i4i5 d9b9 h10h3 g7g6 i1h1 a8d8 b5b3 e9f8 h3h7 i9e9 c4c5 "
     "g6g5 i5i6 b6b7 h1h5 d8d7 b3b2 e7e6 g1e3 d7d4 h5h6 b7b8 b2b7 d4d6 a5a6 "
     "b8b1 e2d1 d6d9 h7e7 e9e7 h6h7 f8e9 i6i7 g5g4 a3a2 e7d7 b7b2 e10f10 "
     "b2i2 d7d3 i2f2 b1b7 a2c2 e9d8 i3h1 g4g3 e3g5 b7b8 h7h3 d3d1 e1e2 c7c6 "
     "h1g3 f10e10 f2f4 b8b7 i7h7 b9a9 h3i3 a7a6 f4f2 b7b2 c2b2 d9b9 i3h3 "
     "d10e9 f2g2 c10e8 h3h1 d1d5 b2b9 e8g10 h1h2 a9a10",
     3, 3, {37, 834, 30196}},
    /* seed 9, 135 plies: an endgame of chariots and horses */
    {XIANGQI,
     "h3c3 h8h7 e1e2 b8h8 b3b6 f10e9 i1i3 a10a8 c3a3 h8g8 e2d2 i7i6 a3d3 "
     "g8d8 d3g3 i10i7 a4a5 e9f10 b6b5 g7g6 g3a3 d8c8 a3h3 d10e9 a5a6 c8c4 "
     "b5a5 h7g7 h3h5 a8c8 i3i2 e9d8 i2i3 c4c2 d1e2 c8b8 i3c3 c10e8 h5g5 g6g5 "
     "a5a4 c7c6 c3a3 e8c10 a3h3 c6c5 a4a2 b8c8 a2a3 g5h5 a3a5 g7f7 h3g3 c2e2 "
     "a1a3 e2e1 g3g2 c8a8 a3a1 c5b5 g2i2 i7g7 a5a7 e10e9 b1c3 a8a10 a6b6 "
     "c10a8 g4g5 a8c10 f1e2 b5a5 i2h2 g7g6 h2h4 e1f1 e2f1 a5b5 c3d1 e9e10 "
     "a1b1 g6h6 a7c7 b5a5 b1b3 a10a9 c7b7 g10i8 b3g3 h6h9 g3b3 i8g6 i4i5 "
     "a9a10 b3e3 f7i7 e3d3 d8e9 i5i6 i7i9 b7a7 h9h8 d3f3 i9g9 h4g4 h8h7 a7d7 "
     "g9i9 d7a7 h7h8 f3g3 g6e8 g3i3 e9d10 i6i7 a10a8 i3d3 h5i5 a7a6 h8h6 "
     "d3a3 e8c6 b6b7 h6h1 d1f2 f10e9 a3c3 e9d8 d2d1 a8b8 g4h4 b10c8 a6a7 "
     "h1i1 h4h2",
     3, 3, {37, 1541, 54724}},
    /* seed 20, 84 plies: red is in check and has three answers */
    {XIANGQI,
     "i4i5 b8b6 c1e3 h8h9 b3a3 c10a8 d1e2 a7a6 h3h4 g7g6 a3c3 b6b2 c3c7 "
     "g10e8 h4h6 i10i9 h6h2 h9a9 c7i7 b2a2 h2h5 e8g10 h5d5 i9d9 c4c5 d9h9 "
     "i7f7 h9h5 f7f3 a8c10 d5d9 e7e6 b1a3 c10a8 a4a5 a8c10 d9d2 b10a8 d2d9 "
     "h10i8 i1i2 g10e8 d9c9 a8b6 a1b1 b6d7 h1g3 d7b6 c9c6 h5h1 c6c9 a2b2 "
     "a3b5 e6e5 c9i9 a9e9 g1i3 h1h8 i2i1 b2d2 f3f4 h8g8 i1g1 d2a2 e1d1 e9f9 "
     "b5c3 i8h6 c3a2 h6g4 g1i1 f9e9 e2d3 b6c4 i3g5 a10b10 g3i4 c4a3 f4f8 "
     "b10b7 c5c6 b7b1",
     3, 3, {3, 123, 3794}},
    /* seed 7, 22 plies: red mates with the cannon (c7c10) */
    {XIANGQI,
     "d1e2 b8b6 g4g5 h8h6 b1a3 b10c8 h3i3 b6b4 i3c3 h6h7 a1b1 h7h8 c3c7 "
     "a10b10 b3c3 h10i8 e4e5 b10b7 c4c5 b4c4 h1i3 f10e9",
     3, 3, {38, 1711, 64563}},
};

/* A rule seen from one position: after `moves`, the result is `result`;
 * when the game goes on, the legal moves include every text of `has` and
 * none of `lacks`.  The move lists and results are those of the reference
 * scripts (their --list). */
typedef struct {
    const char *what;
    const char *game;
    const char *moves;
    const char *has;
    const char *lacks;
    int result;               /* PL_RESULT_NONE or a player's index */
} rule_case;

enum { FIRST_PLAYER = 0, SECOND_PLAYER = 1 };   /* the order of `players` */

static const rule_case rules[] = {
    {"xiangqi: a horse is blocked at the leg", XIANGQI, "",
     "b1a3 b1c3 h1g3 h1i3", "b1d2 h1f2", PL_RESULT_NONE},
    {"xiangqi: an elephant moves two points diagonally over an empty eye", XIANGQI, "",
     "c1a3 c1e3 g1e3 g1i3", "c1b2 c1d2", PL_RESULT_NONE},
    {"xiangqi: a cannon captures by jumping exactly one screen", XIANGQI, "",
     "b3b10 b3b7 h3h10", "b3b8 b3b9 h3h8 h3h9", PL_RESULT_NONE},
    {"xiangqi: general and advisors stay in the palace", XIANGQI, "",
     "e1e2 d1e2 f1e2", "d1c2 e1d2", PL_RESULT_NONE},
    {"xiangqi: a soldier steps forward only before the river", XIANGQI, "",
     "e4e5", "e4d4 e4f4 e4e3", PL_RESULT_NONE},
    {"xiangqi: across the river a soldier also steps sideways, never back", XIANGQI,
     "e4e5 a7a6 e5e6 a6a5", "e6d6 e6e7 e6f6", "e6e5", PL_RESULT_NONE},
    {"xiangqi: an elephant never crosses the river", XIANGQI,
     "c1e3 a7a6 e3c5 a6a5", "c5a3 c5e3", "c5a7 c5e7", PL_RESULT_NONE},
    {"xiangqi: the generals may not face each other on an open file", XIANGQI,
     "e4e5 a7a6 e5e6 a6a5 e6d6 e7e6 d6d7 e6e5 a4a5", "e5e4", "e5d5 e5f5", PL_RESULT_NONE},
    {"xiangqi: a player with no legal move loses (seed 11, 150 plies)", XIANGQI,
     "h1i3 h8h5 h3f3 g7g6 f3g3 h5g5 b3c3 b8b7 g4g5 e10e9 i3g4 g10e8 c3e3 "
     "b10a8 e3e7 e8g10 e1e2 a7a6 g4i3 i10i8 a4a5 i8c8 g3f3 b7b4 i3g2 a10a9 "
     "f3g3 a9b9 a5a6 a8c9 e2e1 c8a8 i1i2 a8a6 g3d3 b4b8 e7d7 e9e8 d3b3 g10i8 "
     "b3c3 b8b5 e1e2 a6a1 i4i5 a1a6 e4e5 i7i6 d7d5 b9b7 g5g6 a6a5 d5d2 b7b9 "
     "d2b2 h10f9 e2d2 a5a10 b2c2 f9h10 c3c7 c9b7 c4c5 b7c5 g2e1 a10a5 b1c3 "
     "i8g6 c1a3 b5b8 c7b7 a5a6 e1f3 c5a4 i2i4 d10e9 c3e4 a4c5 f3h4 b8a8 i5i6 "
     "b9b10 c2c10 a6c6 c10c7 c5e6 a3c1 c6c7 b7b8 a8a9 e4c3 a9a6 b8a8 a6a4 "
     "i4i2 c7c9 c3b1 g6i8 d1e2 c9c2 d2d1 i8g10 i2h2 a4d4 h4f5 e6f8 f5h4 "
     "b10b7 h2i2 c2d2 d1d2 b7a7 c1a3 d4d6 i6i7 a7a4 d2d3 a4h4 b1c3 h4i4 a8a7 "
     "d6c6 a7c7 f8e6 i2i1 h10g8 a3c1 g8i7 i1i2 i4b4 g1i3 b4b3 c7a7 b3b5 a7f7 "
     "i7h9 f7c7 b5a5 d3d2 e6g5 c7c8 g5e6 c3b5 e6c5 e2f3 e9f8 i2e2 a5a4 c8f8 "
     "a4d4",
     NULL, NULL, SECOND_PLAYER},
};

/* Each space-separated text of `list` is (want != 0) or is not a legal move. */
static void check_listed(const pl_movelist *ml, const char *list, int want, const char *what)
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

static void test_rule(void **state)
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
        check_listed(&ml, c->has, 1, c->what);
        check_listed(&ml, c->lacks, 0, c->what);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Positions where the player to move wins at once: each engine must find
 * a winning move (the end rules and the heuristics agree with the engines). */
static const win_case wins[] = {
    /* red mates: c7c10 (the cannon takes the elephant, screened by the advisor) */
    {XIANGQI,
     "d1e2 b8b6 g4g5 h8h6 b1a3 b10c8 h3i3 b6b4 i3c3 h6h7 a1b1 h7h8 c3c7 "
     "a10b10 b3c3 h10i8 e4e5 b10b7 c4c5 b4c4 h1i3 f10e9"},
};

int main(int argc, char **argv)
{
    enum { N = sizeof cases / sizeof cases[0], R = sizeof rules / sizeof rules[0],
           W = sizeof wins / sizeof wins[0] };
    struct CMUnitTest more[R + 0];
    for (int i = 0; i < R; i++)
        more[i] = (struct CMUnitTest){rules[i].what, test_rule, NULL, NULL, (void *)&rules[i]};
    return classics_main("test_classics_d", argc, argv, cases, N, more, R + 0, wins, W);
}
