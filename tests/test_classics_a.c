/*
 * test_classics_a.c -- Nine men's morris and Pentago, each proven by perft
 * from its start position against the published figures (Regular
 * Boardgames' reasoners), and from mid-game positions against the
 * independent generators tests/reference/morris_ref.py and
 * tests/reference/pentago_ref.py.
 *
 * Perft counts as docs/cli.md defines it: one move per distinct move text
 * (a placement with its removal, a placement with its quarter turn, is one
 * move).  Run without arguments (label fast, in CI), each case is checked
 * to the depth that runs in about a second; run as `test_classics_a slow`
 * (label slow, not in CI), to the whole table.  The mid-game positions are
 * seeded random games of the reference scripts (`--make SEED PLIES`), cut
 * where they reach the phase or the rule named in the comment.
 */
#include "classics.h"

static const classic_case cases[] = {
    /* published: 24, 552, 12144, 255024, 5140800 */
    {"games/mill/morris.game", "", 4, 5, {24, 552, 12144, 255024, 5140800}},
    /* seed 19, 12 plies: placing: a mill; every black man is in a mill, any may go */
    {"games/mill/morris.game",
     "g1 a4 e5 b4 f4 c4xf4 e3 d7 g7 d5 c3 d6xc3",
     3, 3, {24, 336, 4524}},
    /* seed 5, 18 plies: the first slides */
    {"games/mill/morris.game",
     "f4 c5 d5 g7 f2 a1 e5 d1 a7 c4 b6 d6 g1 c3xf2 e3 f6 b2 d3",
     3, 3, {16, 112, 1341}},
    /* seed 11, 40 plies: sliding, after five removals */
    {"games/mill/morris.game",
     "d7 f2 e3 e4 f6 g7 c3 b6 f4 d1 c4 a4 d3xe4 c5 b2 a7 g4 g1 f6-d6 "
     "a4-a1xc4 e3-e4xf2 c5-c4 e4-e3xb6 d1-d2 f4-e4 a7-a4 b2-b4 "
     "d2-d1xg4 b4-b6 a4-a7 b6-b4 a7-a4 d6-b6 g7-g4 b4-b2 g4-g7 e4-e5 "
     "c4-b4 e5-d5 g7-g4",
     3, 3, {13, 63, 697}},
    /* seed 6, 41 plies: white down to three: white flies */
    {"games/mill/morris.game",
     "f2 a7 e4 d1 a4 a1 c4 g4 f4 e5 d3 b2 c5 g1xf4 c3xb2 g7xd3 d5 "
     "d7xe4 f2-d2 g4-f4 a4-b4 e5-e4 d5-e5 g1-g4xe5 c5-d5 d1-g1xb4 "
     "d2-f2 e4-e5 c4-b4 e5-e4xc3 f2-a4 g1-d1 b4-c4 f4-f2 a4-d3 d7-d6 "
     "d3-c5 d1-d2 c4-b4 g4-f4 b4-e5xd6",
     3, 3, {14, 462, 5990}},
    /* seed 2, 37 plies: black flies */
    {"games/mill/morris.game",
     "a4 b2 b4 d7 c4xd7 d6 d5 d2 a7 d3 f4 f2xd5 g1 e5 g7 d5 d7xe5 e5 "
     "f4-g4xd5 f2-f4 c4-c3 d2-d1 a4-a1 d3-e3 b4-a4xf4 d6-f6 d7-d6 "
     "e5-e4 d6-d7xe3 d1-d2 d7-d6 d2-d3 c3-c4 d3-d2 a1-d1 d2-d3 "
     "d1-a1xd3",
     3, 3, {39, 517, 16383}},
    /* seed 22, 141 plies: both fly */
    {"games/mill/morris.game",
     "b4 c5 a1 g4 e5 c4 b6 d6 b2xc4 d5 d1 a7 f6 e3 d7 g1 f2 g7xf2 "
     "a1-a4 c5-c4 e5-e4 d5-c5 d1-a1 e3-d3 b2-d2 d3-c3xa1 b4-b2 g1-d1 "
     "d2-d3 d6-d5 e4-e5 c4-b4 d7-d6xd5 d1-g1xa4 d6-d7 b4-c4xb2 e5-e4 "
     "c5-d5 f6-f4 g1-d1 f4-f6 d1-d2 d7-d6xc3 c4-c5 d3-e3 d2-f2 b6-b4 "
     "f2-f4 b4-c4 a7-a4 d6-d7 a4-b4 e4-e5 b4-b6 e5-e4 d5-e5 f6-d6 "
     "c5-d5 c4-c5 f4-f6 e4-f4 g4-g1 c5-c4 e5-e4 e3-d3 g1-g4 d7-a7 "
     "b6-b4 a7-d7 g4-g1 d6-b6 b4-b2 d3-d2 f6-d6 b6-b4 d6-f6 d7-d6 "
     "e4-e5 d2-f2 b2-d2 b4-b2 g7-g4 c4-b4 d2-d3 b2-d2 g1-d1 b4-b2xg4 "
     "d3-c3 d2-d3 d1-d2 d6-b6 f6-d6 b6-b4 d6-b6 b4-a4 b6-b4 f4-f6 "
     "b4-c4 b2-b4 d5-c5xf2 f6-d6 c5-d5 a4-a1 c4-c5xd6 b4-f2 c3-c4 "
     "a1-e3 d5-d6 e3-g1 c4-b4 d3-d1 e5-e4 g1-d7 d6-b6 d1-d6 d2-d3 "
     "d7-a7 e4-f4 f2-g7 d3-e3 d6-e4 b4-b2 g7-d1 c5-d5 a7-d3 f4-g4 "
     "d3-a1 b2-d2 a1-a7 d2-b2 e4-a1 d5-d6 d1-a4xg4 b2-d2 a4-c5 d2-b2 "
     "a1-e5 e3-d3 e5-d5 d3-d2 a7-e5xb6",
     3, 3, {56, 2862, 157782}},
    /* seed 1347, 16 plies: white is blocked after the last placement */
    {"games/mill/morris.game",
     "e3 f2 c4 a4 e4 d1 d2 b4 c3 f4 b6 e5 d3xa4 f6xb6 b2 d5",
     3, 3, {13, 157, 338}},
    /* seed 417, 51 plies: a threefold repetition draw within reach */
    {"games/mill/morris.game",
     "f4 a7 a4 d7 d3 b2 e4 a1 g4xa1 a1 f6 g1 c3 b4 e3xb4 d2 b4 d1xb4 "
     "a4-b4 d2-f2 d3-d2 a1-a4 d2-d3xa7 d1-d2xf6 b4-b6 d7-g7 e4-e5 "
     "a4-a1 e5-e4xg7 g1-d1 e4-e5 d1-g1 b6-d6 d2-d1xg4 d6-d7 d1-d2xf4 "
     "d7-a7 b2-b4 e3-e4 f2-f4 d3-e3xf4 d2-d3 c3-c4 d3-c3 a7-d7 c3-d3 "
     "d7-a7 b4-a4 c4-c3 a4-b4 a7-a4",
     3, 3, {7, 33, 258}},
    /* seed 33, 43 plies, then b6-b4: repetition: some lines repeat a position for the third time */
    {"games/mill/morris.game",
     "f2 b6 g4 c5 d2 f4 f6 g7 b2xf4 d7 f4xg7 d3 e5 c3 a7 c4xe5 e3 d5 "
     "f6-d6 d7-g7 a7-d7 d5-e5 e3-e4xd3 c5-d5 d6-f6xc3 c4-b4 e4-e3 "
     "e5-e4 d2-d3 b4-a4 b2-b4 b6-d6 d3-d2 a4-a7 b4-b2xa7 d6-b6 d2-d1 "
     "e4-e5 e3-d3 b6-d6 d3-e3 d6-b6 e3-d3 b6-b4",
     3, 3, {25, 696, 8122}},
    /* published: 288, 80640, 21934080 */
    {"games/alignment/pentago.game", "", 2, 3, {288, 80640, 21934080}},
    /* seed 72, 24 plies: a move makes five for both players: a draw (ply 25) */
    {"games/alignment/pentago.game",
     "a5/se- c1/sw- e1/ne+ e3/sw- d4/se- e4/se- e5/sw- e2/sw- d5/ne- "
     "a6/ne- f1/nw- f2/ne- c2/sw- b5/nw- c6/ne- a5/se+ a1/sw+ b4/ne+ "
     "f3/se+ a1/nw- f5/nw+ a4/ne+ f3/nw+ c3/se-",
     3, 3, {96, 6688, 473760}},
    /* seed 4, 19 plies: a turn gives the opponent five (ply 20) */
    {"games/alignment/pentago.game",
     "c4/ne+ d3/nw- b1/se+ e4/nw+ f5/se- a5/sw- a3/sw- a4/ne- a2/se- "
     "d2/sw+ e2/se+ c3/nw+ a2/sw- c4/ne+ e6/se- f2/ne- d6/se+ c6/sw+ "
     "b5/se+",
     2, 3, {136, 15104, 1703040}},
    /* seed 8, 33 plies: the board fills up without five: a draw */
    {"games/alignment/pentago.game",
     "c3/se+ e1/se- e2/ne+ b3/ne+ c2/nw+ e3/se+ a2/nw- a4/se- b1/nw- "
     "b5/sw- f6/sw- d6/ne- b6/se- d5/sw+ f5/se+ a1/sw- e5/se- f2/se+ "
     "f1/se+ e6/nw- f6/sw+ d3/ne- b4/ne+ c4/nw- a5/nw- e4/sw+ c1/se- "
     "a1/nw+ d2/nw+ d3/ne- c5/nw+ f3/sw+ f6/ne+",
     3, 3, {24, 336, 1936}},
    /* seed 3, 29 plies: five for the mover at ply 31 */
    {"games/alignment/pentago.game",
     "c4/ne- f6/sw+ b3/nw+ e2/se- f4/nw+ d5/ne+ d3/se+ a3/ne+ e1/nw- "
     "a1/nw- d2/ne+ b6/nw+ e3/se- b6/nw- b5/ne- e5/ne+ f3/nw+ f4/se+ "
     "e6/ne- d3/se- b2/sw+ a6/se- e4/ne- a5/nw- d2/nw+ c4/ne- a1/ne- "
     "b1/ne+ b4/se+",
     3, 3, {56, 2256, 70840}},
    /* seed 169, 12 plies: a turn gives the opponent five as early as ply 13 */
    {"games/alignment/pentago.game",
     "c5/nw+ f5/nw+ c1/ne- f6/se- b3/sw+ d2/sw- f1/nw+ f3/se+ c3/ne+ "
     "f6/se+ f1/ne+ e1/ne+",
     2, 3, {192, 30912, 5043808}},
    /* seed 32, 32 plies: five for both at ply 34 */
    {"games/alignment/pentago.game",
     "a5/sw- c3/se- b5/nw+ d5/nw- d1/ne- d2/sw- a1/sw+ f1/ne+ a2/ne- "
     "b1/ne- c5/nw- e2/nw+ c6/se+ a4/sw+ e6/se- e4/ne+ d6/sw+ a2/ne+ "
     "f5/nw+ b2/ne+ a3/nw+ d4/sw+ f2/se- f6/nw+ c1/ne- c6/se+ c5/ne- "
     "f3/ne- a4/nw+ d3/se- a2/sw- b6/nw+",
     3, 3, {32, 624, 7536}},
    /* seed 5, 10 plies: an open middle game */
    {"games/alignment/pentago.game",
     "c5/nw+ d6/sw- f6/sw- a2/sw+ f3/sw+ e4/sw+ b3/sw- e1/sw+ a2/se- "
     "b2/ne+",
     2, 3, {208, 41600, 7987200}},
};

enum { FIRST_PLAYER = 0, SECOND_PLAYER = 1, DRAW = 2 };   /* the order of `players` */

#define MORRIS "games/mill/morris.game"
#define PENTAGO "games/alignment/pentago.game"

static const rule_case rules[] = {
    {"morris: a placement that closes a mill removes a man not in a mill", MORRIS,
     "a1 a7 d1 d7 f4 g7xf4 f4 b6", NULL, "g1xb6", "g1 g1xa7 g1xd7 g1xg7", PL_RESULT_NONE},
    {"morris: when every enemy man is in a mill, any of them may go", MORRIS,
     "a1 a7 d1 d7 f4 g7xf4", NULL, "g1xa7 g1xd7 g1xg7", "g1", PL_RESULT_NONE},
    {"morris: men slide to neighbouring points; a slide into a mill removes", MORRIS,
     "f4 c5 d5 g7 f2 a1 e5 d1 a7 c4 b6 d6 g1 c3xf2 e3 f6 b2 d3",
     "a7-a4 a7-d7 b2-b4 b2-d2 b6-b4 e3-e4 e5-e4 f4-e4xa1 f4-e4xd1 f4-e4xd3 f4-e4xd6 "
     "f4-e4xf6 f4-e4xg7 f4-f2 f4-g4 g1-g4", NULL, NULL, PL_RESULT_NONE},
    {"morris: with three men, a man flies to any empty point", MORRIS,
     "a4 b2 b4 d7 c4xd7 d6 d5 d2 a7 d3 f4 f2xd5 g1 e5 g7 d5 d7xe5 e5 "
     "f4-g4xd5 f2-f4 c4-c3 d2-d1 a4-a1 d3-e3 b4-a4xf4 d6-f6 d7-d6 "
     "e5-e4 d6-d7xe3 d1-d2 d7-d6 d2-d3 c3-c4 d3-d2 a1-d1 d2-d3 "
     "d1-a1xd3",
     "b2-b4 b2-b6 b2-c3 b2-c5 b2-d1 b2-d2 b2-d3 b2-d5 b2-d7 b2-e3 b2-e5 b2-f2 b2-f4 "
     "e4-b4 e4-b6 e4-c3 e4-c5 e4-d1 e4-d2 e4-d3 e4-d5 e4-d7 e4-e3 e4-e5 e4-f2 e4-f4 "
     "f6-b4 f6-b6 f6-c3 f6-c5 f6-d1 f6-d2 f6-d3 f6-d5 f6-d7 f6-e3 f6-e5 f6-f2 f6-f4",
     NULL, NULL, PL_RESULT_NONE},
    {"morris: a player left with two men loses", MORRIS,
     "b4 f4 a7 d2 b6 f6 e4 f2xb6 e3 b6 c3 d6xe3 a1 e3 d3 a4 g1 b2xd3 "
     "c3-c4 e3-d3 a7-d7 d3-c3 a1-d1 a4-a1 b4-a4 f4-g4 e4-f4 b2-b4 "
     "d7-g7 c3-d3 f4-e4 g4-f4xg7 a4-a7 f4-g4 a7-d7 d6-d5 e4-f4 "
     "d5-d6xd1 c4-c5 d2-b2xc5 f4-c3 d3-d2xg1",
     NULL, NULL, NULL, SECOND_PLAYER},
    {"morris: a player who cannot move loses (blocked after the placements)", MORRIS,
     "e3 f2 c4 a4 e4 d1 d2 b4 c3 f4 b6 e5 d3xa4 f6xb6 b2 d5 a7 c5xa7",
     NULL, NULL, NULL, SECOND_PLAYER},
    {"morris: a position seen for the third time is a draw", MORRIS,
     "f4 a7 a4 d7 d3 b2 e4 a1 g4xa1 a1 f6 g1 c3 b4 e3xb4 d2 b4 d1xb4 "
     "a4-b4 d2-f2 d3-d2 a1-a4 d2-d3xa7 d1-d2xf6 b4-b6 d7-g7 e4-e5 "
     "a4-a1 e5-e4xg7 g1-d1 e4-e5 d1-g1 b6-d6 d2-d1xg4 d6-d7 d1-d2xf4 "
     "d7-a7 b2-b4 e3-e4 f2-f4 d3-e3xf4 d2-d3 c3-c4 d3-c3 a7-d7 c3-d3 "
     "d7-a7 b4-a4 c4-c3 a4-b4 a7-a4 g1-g4 a4-a7 g4-g1",
     NULL, NULL, NULL, DRAW},
    {"pentago: a clockwise turn takes the corner a1 to a3", PENTAGO, "a1/sw+", NULL,
     "a1/ne+ b2/ne+", "a3/ne+", PL_RESULT_NONE},
    {"pentago: corners and edges go round: a3 to c3, b1 to a2", PENTAGO,
     "a1/sw+ b1/sw+", NULL, "a1/ne+ a3/ne+ b1/ne+", "a2/ne+ c3/ne+", PL_RESULT_NONE},
    {"pentago: an anticlockwise turn takes a1 to c1; other quadrants stay", PENTAGO,
     "a1/sw- b1/se-", NULL, "a1/ne+", "b1/ne+ c1/ne+", PL_RESULT_NONE},
    {"pentago: five for both players after the turn is a draw", PENTAGO,
     "a5/se- c1/sw- e1/ne+ e3/sw- d4/se- e4/se- e5/sw- e2/sw- d5/ne- "
     "a6/ne- f1/nw- f2/ne- c2/sw- b5/nw- c6/ne- a5/se+ a1/sw+ b4/ne+ "
     "f3/se+ a1/nw- f5/nw+ a4/ne+ f3/nw+ c3/se- b1/nw-",
     NULL, NULL, NULL, DRAW},
    {"pentago: a turn that makes five for the opponent alone loses", PENTAGO,
     "c4/ne+ d3/nw- b1/se+ e4/nw+ f5/se- a5/sw- a3/sw- a4/ne- a2/se- "
     "d2/sw+ e2/se+ c3/nw+ a2/sw- c4/ne+ e6/se- f2/ne- d6/se+ c6/sw+ "
     "b5/se+ b2/nw-",
     NULL, NULL, NULL, FIRST_PLAYER},
    {"pentago: five in a row after the turn wins", PENTAGO,
     "c4/ne- f6/sw+ b3/nw+ e2/se- f4/nw+ d5/ne+ d3/se+ a3/ne+ e1/nw- "
     "a1/nw- d2/ne+ b6/nw+ e3/se- b6/nw- b5/ne- e5/ne+ f3/nw+ f4/se+ "
     "e6/ne- d3/se- b2/sw+ a6/se- e4/ne- a5/nw- d2/nw+ c4/ne- a1/ne- "
     "b1/ne+ b4/se+ f1/ne+ d5/se-",
     NULL, NULL, NULL, FIRST_PLAYER},
    {"pentago: a full board without five is a draw", PENTAGO,
     "c3/se+ e1/se- e2/ne+ b3/ne+ c2/nw+ e3/se+ a2/nw- a4/se- b1/nw- "
     "b5/sw- f6/sw- d6/ne- b6/se- d5/sw+ f5/se+ a1/sw- e5/se- f2/se+ "
     "f1/se+ e6/nw- f6/sw+ d3/ne- b4/ne+ c4/nw- a5/nw- e4/sw+ c1/se- "
     "a1/nw+ d2/nw+ d3/ne- c5/nw+ f3/sw+ f6/ne+ c6/sw- a6/nw- b2/se+",
     NULL, NULL, NULL, DRAW},
};

/* Positions where the player to move wins at once: each engine must find
 * a winning move (the end rules and the heuristics agree with the engines). */
static const win_case wins[] = {
    /* black takes White's third man: d3-d2xg1 */
    {MORRIS,
     "b4 f4 a7 d2 b6 f6 e4 f2xb6 e3 b6 c3 d6xe3 a1 e3 d3 a4 g1 b2xd3 "
     "c3-c4 e3-d3 a7-d7 d3-c3 a1-d1 a4-a1 b4-a4 f4-g4 e4-f4 b2-b4 "
     "d7-g7 c3-d3 f4-e4 g4-f4xg7 a4-a7 f4-g4 a7-d7 d6-d5 e4-f4 "
     "d5-d6xd1 c4-c5 d2-b2xc5 f4-c3"},
    /* white makes five: d5/se- */
    {PENTAGO,
     "c4/ne- f6/sw+ b3/nw+ e2/se- f4/nw+ d5/ne+ d3/se+ a3/ne+ e1/nw- "
     "a1/nw- d2/ne+ b6/nw+ e3/se- b6/nw- b5/ne- e5/ne+ f3/nw+ f4/se+ "
     "e6/ne- d3/se- b2/sw+ a6/se- e4/ne- a5/nw- d2/nw+ c4/ne- a1/ne- "
     "b1/ne+ b4/se+ f1/ne+"},
};

int main(int argc, char **argv)
{
    return CLASSICS_MAIN("test_classics_a", NULL, 0);
}
