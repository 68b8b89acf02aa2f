/*
 * test_classics.c -- the classic games of issue 15, each proven by perft
 * from its start position against the published figures.
 *
 * The figures are those of the table (Regular Boardgames' reasoners
 * and the usual test suites), counted as docs/cli.md defines perft: one
 * move per distinct move text, a whole multi-jump being one move.  Run
 * without arguments (label fast, in CI), each game is checked to the depth
 * that runs in about a second; run as `test_classics slow` (label slow,
 * `ctest -L slow`, not in CI), to the whole published table.
 */
#include "classics.h"

static const classic_case cases[] = {
    {"games/alignment/connect-four.game", "", 7, 8,
     {7, 49, 343, 2401, 16807, 117649, 823536, 5673234}},
    {"games/chess/chess.game", "", 4, 5, {20, 400, 8902, 197281, 4865609}},
    {"games/chess/chess-kiwipete.game", "", 3, 4, {48, 2039, 97862, 4085603}},
    {"games/chess/chess-endgame.game", "", 4, 5, {14, 191, 2812, 43238, 674624}},
    {"games/chess/chess-promotions.game", "", 3, 4, {6, 264, 9467, 422333}},
    {"games/chess/chess-middlegame.game", "", 3, 4, {44, 1486, 62379, 2103487}},
    {"games/territory/amazons.game", "", 2, 2, {2176, 4307152}},
    {"games/connection/hex.game", "", 3, 3, {121, 14520, 1727880}},
    {"games/alignment/gomoku.game", "", 2, 3, {225, 50400, 11239200}},
    {"games/race/knightthrough.game", "", 4, 4, {40, 1600, 63520, 2521306}},
    /* two fox moves open the game (the placement, then `turn mover`) */
    {"games/hunt/fox-and-hounds.game", "", 7, 7, {4, 7, 49, 182, 1118, 3096, 18792}},
    /* mid-game, against tests/reference/fox_and_hounds_ref.py (seeded
       random games 2, 11 and 25 plies) */
    {"games/hunt/fox-and-hounds.game",
     "h8 h8-g7 g1-f2 g7-h6 c1-b2 h6-g5 e1-d2 g5-h4 f2-g3 h4-g5 b2-a3", 5, 5,
     {4, 22, 57, 332, 1226}},
    {"games/hunt/fox-and-hounds.game",
     "h8 h8-g7 g1-f2 g7-h6 c1-b2 h6-g5 e1-d2 g5-h4 f2-g3 h4-g5 b2-a3 g5-h4 d2-e3 "
     "h4-g5 a3-b4 g5-f4 g3-h4 f4-g5 b4-c5 g5-h6 h4-g5 h6-g7 e3-f4 g7-h6 g5-f6", 5, 5,
     {2, 12, 34, 232, 397}},
    {"games/draughts/english-draughts.game", "", 7, 8,
     {7, 49, 302, 1469, 7361, 36768, 179740, 845931}},
    {"games/territory/reversi.game", "", 7, 8,
     {4, 12, 56, 244, 1396, 8200, 55092, 390216}},
    {"games/territory/go.game", "", 2, 2, {362, 130683}},
    /* Go 9 x 9 has no published figures: these agree with the independent
       tests/reference/go_ref.py (the start; seeded random games of 40 plies
       (seed 5) and 90 plies with seven captures (seed 7); a ko) */
    {"games/territory/go9.game", "", 2, 3, {82, 6643, 531522}},
    {"games/territory/go9.game",
     "i8 d6 f2 h7 a4 g9 d7 a8 c5 b8 g1 h8 e2 g4 b7 e4 a2 d9 d8 c6 b6 i7 i4 "
     "h5 e1 b5 h9 i6 a7 b4 g7 h1 f3 b9 c2 a1 a3 d2 d4 c8", 2, 2, {39, 1561}},
    {"games/territory/go9.game",
     "e6 c2 f8 a7 b2 i2 b6 f7 a9 i1 d6 a5 b8 h4 h2 b4 e4 c1 f3 e2 a4 h9 f9 "
     "b5 c8 g7 g8 g4 a6 g5 g9 e7 a8 d2 a3 h5 c5 e1 g1 c7 i4 c4 i8 e9 i9 d4 "
     "c3 d8 h1 c6 f5 h3 b1 g2 a2 h7 d5 g6 i7 i3 f4 f1 g3 i6 h1 f6 c9 d3 h8 "
     "d1 h2 d9 b3 e8 e5 h9 f8 i5 g9 f2 i9 b7 b6 h6 g8 b9 d7 a8 f9 e3", 2, 3, {18, 397, 6597}},
    {"games/territory/go9.game", "b5 c5 c6 d6 c4 d4 a1 e5 d5", 2, 2, {73, 5330}},
    /* seed 13, 75 plies: White's d9 takes two black stones, not a ko (a
       file once decided the ko after removing the first) */
    {"games/territory/go9.game",
     "c6 c1 c8 h9 e5 pass a2 c3 e3 g9 e2 d8 h2 h4 b8 e8 c4 i1 f5 f1 d4 f9 "
     "i6 e9 f8 b5 b1 h1 f2 i3 a4 g1 f3 b7 i9 e1 h8 i7 h6 g5 i4 i2 pass h7 "
     "d3 i5 c7 g3 i8 g6 a8 b6 a6 i4 e6 d7 h3 pass a9 f4 d9 b9 a3 c2 d1 c9 "
     "d2 d6 g2 f7 b4 a7 a1 a5 d9", 2, 2, {15, 186}},
};

enum { FIRST_PLAYER = 0, SECOND_PLAYER = 1, DRAW = 2 };   /* results: the order of `players` */

static const rule_case rules[] = {
    {"reversi: pass only when stuck", "tests/positions/reversi_pass.game", "",
     "pass", NULL, NULL, PL_RESULT_NONE},
    {"reversi: a placement turns the line", "tests/positions/reversi_pass.game", "pass",
     "c1", NULL, NULL, PL_RESULT_NONE},
    {"reversi: nobody can place: most discs wins", "tests/positions/reversi_pass.game",
     "pass c1", "", NULL, NULL, FIRST_PLAYER},
    {"reversi: four ways to open", "games/territory/reversi.game", "", "c4 d3 e6 f5", NULL, NULL,
     PL_RESULT_NONE},
    {"reversi: outflanking in any of eight directions (checked by hand)", "games/territory/reversi.game", "f5 f6 e6 f4",
     "c3 d3 e3 f3 g3 g4 g5 g6 g7", NULL, NULL, PL_RESULT_NONE},
    {"draughts: captures are compulsory, a multi-jump goes on to its end",
     "tests/positions/draughts_multi.game", "", "c3xe5xc7 c3xe5xg7", NULL, NULL, PL_RESULT_NONE},
    {"draughts: a multi-jump removes every piece jumped",
     "tests/positions/draughts_multi.game", "c3xe5xg7", "d6-c5 d6-e5", NULL, NULL, PL_RESULT_NONE},
    {"draughts: crowning ends the move", "tests/positions/draughts_crown.game", "",
     "b6xd8", NULL, NULL, PL_RESULT_NONE},
    {"draughts: the crowned man jumps backward", "tests/positions/draughts_crown.game",
     "b6xd8 h2-g1", "d8xf6", NULL, NULL, PL_RESULT_NONE},
    {"draughts: a king steps both ways, a man forward", "tests/positions/draughts_king.game",
     "", "a1-b2 d4-c3 d4-c5 d4-e3 d4-e5", NULL, NULL, PL_RESULT_NONE},
    {"draughts: a player who cannot move loses", "tests/positions/draughts_last.game",
     "c3xe5", "", NULL, NULL, FIRST_PLAYER},
    {"knightthrough: forward leaps only, capturing or not", "tests/positions/knightthrough_far.game",
     "", "e6-c7 e6-f8 e6-g7 e6xd8", NULL, NULL, PL_RESULT_NONE},
    {"knightthrough: reaching the far row wins", "tests/positions/knightthrough_far.game",
     "e6-f8", "", NULL, NULL, FIRST_PLAYER},
    {"chess: en passant just after the double step", "tests/positions/chess_en_passant.game",
     "d7d5", "a1a2 a1b1 a1b2 e5d6 e5e6", NULL, NULL, PL_RESULT_NONE},
    {"chess: en passant on the next move only", "tests/positions/chess_en_passant.game",
     "d7d5 a1b1 h8g8", "b1a1 b1a2 b1b2 b1c1 b1c2 e5e6", NULL, NULL, PL_RESULT_NONE},
    {"chess: no castling through an attacked square", "tests/positions/chess_castling.game", "",
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", NULL, NULL, PL_RESULT_NONE},
    {"chess: in check, only moves that end it; no castling", "tests/positions/chess_castling.game",
     "a1a2 f8e8", "a2e2 e1d1 e1d2 e1f1 e1f2", NULL, NULL, PL_RESULT_NONE},
    {"chess: checkmate (fool's mate)", "games/chess/chess.game", "f2f3 e7e5 g2g4 d8h4", "", NULL, NULL,
     SECOND_PLAYER},
    {"chess: stalemate is a draw", "tests/positions/chess_stalemate.game", "c6c7", "", NULL, NULL, DRAW},
    {"chess: the 50-move rule", "tests/positions/chess_fifty.game", "a1b1", "", NULL, NULL, DRAW},
    {"chess: threefold repetition, the 50-move count aside", "games/chess/chess.game",
     "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "", NULL, NULL, DRAW},
    {"chess: twice is not enough", "games/chess/chess.game",
     "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", NULL, NULL, NULL, PL_RESULT_NONE},
    {"chess: a pawn move resets the 50-move count", "tests/positions/chess_fifty.game",
     "h2h3", "h8g7 h8g8 h8h7", NULL, NULL, PL_RESULT_NONE},
    {"amazons: queen move, then an arrow, through the square left", "tests/positions/amazons_corner.game",
     "", "a1-a2/a1 a1-a2/b1 a1-a2/b3 a1-a2/c4 a1-a2/d5 a1-a2/e6 a1-a2/f7 a1-a2/g8 a1-a2/h9 "
     "a1-a2/i10 a1-b1/a1 a1-b1/a2 a1-b1/c2 a1-b1/d3 a1-b1/e4 a1-b1/f5 a1-b1/g6 a1-b1/h7 "
     "a1-b1/i8 a1-b1/j9", NULL, NULL, PL_RESULT_NONE},
    {"amazons: the player who cannot move loses", "tests/positions/amazons_trapped.game",
     "d1-c1/b1", "", NULL, NULL, SECOND_PLAYER},
    {"hex: a chain from row 1 to row 10 does not win", "games/connection/hex.game",
     "a1 k1 a2 k2 a3 k3 a4 k4 a5 k5 a6 k6 a7 k7 a8 k8 a9 k9 a10 k10", NULL, NULL, NULL, PL_RESULT_NONE},
    {"hex: red joins rows 1 and 11", "games/connection/hex.game",
     "a1 k1 a2 k2 a3 k3 a4 k4 a5 k5 a6 k6 a7 k7 a8 k8 a9 k9 a10 k10 a11", "", NULL, NULL, FIRST_PLAYER},
    {"hex: red's own side row does not win", "games/connection/hex.game",
     "a1 a5 b1 b5 c1 c5 d1 d5 e1 e5 f1 f5 g1 g5 h1 h5 i1 i5 j1 j5 k2", NULL, NULL, NULL, PL_RESULT_NONE},
    {"hex: blue joins columns a and k", "games/connection/hex.game",
     "a1 a5 b1 b5 c1 c5 d1 d5 e1 e5 f1 f5 g1 g5 h1 h5 i1 i5 j1 j5 a3 k5", "", NULL, NULL, SECOND_PLAYER},
    {"hex: a winding chain wins", "games/connection/hex.game", "f1 k1 f2 k2 e3 k3 e4 k4 d5 k5 d6 k6 c7 k7 c8 k8 b9 k9 b10 k10 a11", "", NULL, NULL, FIRST_PLAYER},
    {"hex: a chain with one gap does not", "games/connection/hex.game", "f1 k1 f2 k2 e3 k3 d5 k4 d6 k5 c7 k6 c8 k7 b9 k8 b10 k9 a11 k10 i11", NULL, NULL, NULL,
     PL_RESULT_NONE},
    {"go: a stone without liberties is taken (black plays on a1 again)",
     "games/territory/go9.game", "a2 a1 b1 pass a1", NULL, NULL, NULL, PL_RESULT_NONE},
    {"go: ko: after a move elsewhere the stone can be retaken", "games/territory/go9.game",
     "b5 c5 c6 d6 c4 d4 a1 e5 d5 a9 a8 c5", NULL, NULL, NULL, PL_RESULT_NONE},
    {"go: suicide is not a move", "games/territory/go9.game",
     "b1 pass a2", "a3 a4 a5 a6 a7 a8 a9 b2 b3 b4 b5 b6 b7 b8 b9 c1 c2 c3 c4 c5 c6 c7 c8 c9 "
     "d1 d2 d3 d4 d5 d6 d7 d8 d9 e1 e2 e3 e4 e5 e6 e7 e8 e9 f1 f2 f3 f4 f5 f6 f7 f8 f9 "
     "g1 g2 g3 g4 g5 g6 g7 g8 g9 h1 h2 h3 h4 h5 h6 h7 h8 h9 i1 i2 i3 i4 i5 i6 i7 i8 i9 pass", NULL, NULL,
     PL_RESULT_NONE},
    {"go: two passes end the game: an empty board is White's by komi", "games/territory/go9.game",
     "pass pass", "", NULL, NULL, SECOND_PLAYER},
    {"go: area scoring: stones and the areas they alone border", "games/territory/go9.game",
     "e5 pass pass", "", NULL, NULL, FIRST_PLAYER},
    {"gomoku: four in a row goes on", "games/alignment/gomoku.game",
     "a1 a15 b1 c15 c1 e15 d1", NULL, NULL, NULL, PL_RESULT_NONE},
    {"gomoku: five in a row wins", "games/alignment/gomoku.game",
     "a1 a15 b1 c15 c1 e15 d1 g15 e1", "", NULL, NULL, FIRST_PLAYER},
    {"gomoku: free style: six in a row wins too", "games/alignment/gomoku.game",
     "a1 a15 b1 c15 c1 e15 e1 g15 f1 i15 d1", "", NULL, NULL, FIRST_PLAYER},
};

/* Go's ko: Black's d5 takes the white stone on c5 and is left alone with
 * one liberty, so White may not take back on c5 at once; a pass, or a
 * capture of two stones, leaves no ko point. */
static void test_go_ko(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/territory/go9.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "b5 c5 c6 d6 c4 d4 a1 e5");
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    assert_true(pl_movelist_find(&ml, "d5") >= 0);
    pt_play(st, &ml, "d5");
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    assert_true(pl_movelist_find(&ml, "c5") < 0);
    assert_true(pl_movelist_find(&ml, "c3") >= 0);
    pt_play(st, &ml, "pass a9");          /* White passes: the ko point is gone */
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    assert_true(pl_movelist_find(&ml, "c5") >= 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Positions where the player to move wins at once: each engine must find
 * a winning move (evidence that the end rules and the engines agree). */
static const win_case wins[] = {
    {"games/alignment/connect-four.game", "d1 d2 e1 e2 f1 f2"},
    {"games/alignment/gomoku.game", "a1 a15 b1 c15 c1 e15 d1 g15"},
    {"games/chess/chess.game", "f2f3 e7e5 g2g4"},
    {"games/connection/hex.game", "a1 k1 a2 k2 a3 k3 a4 k4 a5 k5 a6 k6 a7 k7 a8 k8 a9 k9 a10 k10"},
    {"tests/positions/draughts_last.game", ""},
    {"tests/positions/knightthrough_far.game", ""},
    {"tests/positions/amazons_trapped.game", ""},
    {"tests/positions/reversi_pass.game", "pass"},
    {"games/territory/go9.game", "e5 pass"},
    /* the fox on h2, the hounds' row open before it (seed 2, 49 plies) */
    {"games/hunt/fox-and-hounds.game",
     "h8 h8-g7 g1-f2 g7-h6 c1-b2 h6-g5 e1-d2 g5-h4 f2-g3 h4-g5 "
     "b2-a3 g5-h4 d2-e3 h4-g5 a3-b4 g5-f4 g3-h4 f4-g5 b4-c5 g5-h6 "
     "h4-g5 h6-g7 e3-f4 g7-h6 g5-f6 h6-g5 c5-d6 g5-h4 d6-c7 h4-g5 "
     "c7-d8 g5-h4 f4-e5 h4-g3 a1-b2 g3-h4 b2-c3 h4-g5 c3-d4 g5-f4 "
     "f6-e7 f4-g3 e7-f8 g3-h4 e5-d6 h4-g3 d6-c7 g3-h2 c7-b8"},
};

int main(int argc, char **argv)
{
    const struct CMUnitTest own[] = {
        cmocka_unit_test(test_go_ko),
    };
    return CLASSICS_MAIN("test_classics", own, CLASSICS_COUNT(own));
}
