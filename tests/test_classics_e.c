/*
 * test_classics_e.c -- the 15-puzzle (games/puzzle/fifteen.game), a game
 * for one player: perft from the solved start against the published
 * figures (2, 6, 18, 58, 186, 602, 1946), deeper and from mid-game
 * positions against the independent generator
 * tests/reference/fifteen_ref.py, the end rules (a win only once the tiles
 * have been scrambled, a draw after 200 moves), and both engines finding
 * the winning move of a one-player game.
 *
 * Perft counts as docs/cli.md defines it: one move per distinct move text,
 * the move that undoes the last one included; a finished game counts 1 at
 * depth 0 and 0 beyond.  Every case runs in well under a second, so the
 * whole table is checked in CI (no slow suite).  The mid-game positions
 * are seeded games of the reference script: `--make SEED PLIES` (random
 * moves), `--return SEED PLIES CUT` (random moves, then the same moves
 * undone up to the win, less the last CUT).
 */
#include "classics.h"

#define FIFTEEN "games/puzzle/fifteen.game"

static const classic_case cases[] = {
    /* published to depth 7; 8..10 from fifteen_ref.py */
    {FIFTEEN, "", 10, 10, {2, 6, 18, 58, 186, 602, 1946, 6298, 20378, 65946}},
    /* --make 4 25: not scrambled yet, 9 steps from order, the hole on b2 */
    {FIFTEEN,
     "c1-d1 c2-c1 b2-c2 c2-b2 d2-c2 c2-d2 b2-c2 a2-b2 a1-a2 b1-a1 c1-b1 "
     "c2-c1 b2-c2 b1-b2 c1-b1 d1-c1 d2-d1 d1-d2 c1-d1 b1-c1 b2-b1 b1-b2 "
     "a1-b1 b1-a1 b2-b1",
     8, 8, {4, 14, 46, 150, 486, 1574, 5094, 16486}},
    /* --make 7 25: scrambled at move 16, back to 9 steps from order, the hole on b2 */
    {FIFTEEN,
     "d2-d1 c2-d2 d2-c2 d3-d2 c3-d3 b3-c3 a3-b3 a4-a3 a3-a4 b3-a3 b2-b3 "
     "a2-b2 a1-a2 b1-a1 b2-b1 a2-b2 a1-a2 a2-a1 b2-a2 c2-b2 b2-c2 a2-b2 "
     "a1-a2 a2-a1 b2-a2",
     8, 8, {4, 14, 46, 150, 486, 1574, 5094, 16486}},
    /* --return 13 40 6: scrambled, 6 steps from order: games end at depth 6 */
    {FIFTEEN,
     "d2-d1 d1-d2 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 b1-c1 c1-b1 d1-c1 c1-d1 "
     "b1-c1 a1-b1 a2-a1 b2-a2 b3-b2 a3-b3 a4-a3 a3-a4 b3-a3 a3-b3 a4-a3 "
     "a3-a4 a2-a3 a3-a2 a4-a3 b4-a4 a4-b4 b4-a4 b3-b4 b2-b3 c2-b2 d2-c2 "
     "d3-d2 d2-d3 d1-d2 d2-d1 d3-d2 c3-d3 c4-c3 c3-c4 d3-c3 d2-d3 d1-d2 "
     "d2-d1 d3-d2 d2-d3 c2-d2 b2-c2 b3-b2 b4-b3 a4-b4 b4-a4 a4-b4 a3-a4 "
     "a2-a3 a3-a2 a4-a3 a3-a4 b3-a3 a3-b3 a4-a3 a3-a4 b3-a3",
     8, 8, {4, 14, 46, 150, 486, 1574, 5092, 16480}},
    /* --return 11 40 3: scrambled, one step from order (the hole on c1) */
    {FIFTEEN,
     "d2-d1 d3-d2 d2-d3 d1-d2 c1-d1 b1-c1 c1-b1 c2-c1 c1-c2 b1-c1 b2-b1 "
     "b3-b2 b2-b3 a2-b2 b2-a2 a2-b2 b2-a2 c2-b2 d2-c2 d3-d2 d4-d3 c4-d4 "
     "d4-c4 c4-d4 d4-c4 c4-d4 b4-c4 a4-b4 a3-a4 a2-a3 b2-a2 a2-b2 a3-a2 "
     "a4-a3 b4-a4 c4-b4 b4-c4 c4-b4 b4-c4 c4-b4 b4-c4 c4-b4 b4-c4 c4-b4 "
     "b4-c4 a4-b4 a3-a4 a2-a3 b2-a2 a2-b2 a3-a2 a4-a3 b4-a4 c4-b4 d4-c4 "
     "c4-d4 d4-c4 c4-d4 d4-c4 d3-d4 d2-d3 c2-d2 b2-c2 a2-b2 b2-a2 a2-b2 "
     "b2-a2 b3-b2 b2-b3 b1-b2 c1-b1 c2-c1 c1-c2",
     8, 8, {3, 7, 23, 71, 231, 733, 2377, 7603}},
    /* --make 21 196: four moves before the 200-move draw */
    {FIFTEEN,
     "c1-d1 c2-c1 d2-c2 d3-d2 d2-d3 d1-d2 c1-d1 c2-c1 c1-c2 d1-c1 c1-d1 "
     "b1-c1 a1-b1 b1-a1 c1-b1 c2-c1 b2-c2 b1-b2 a1-b1 a2-a1 b2-a2 a2-b2 "
     "a3-a2 b3-a3 c3-b3 d3-c3 c3-d3 c4-c3 d4-c4 d3-d4 d4-d3 c4-d4 d4-c4 "
     "d3-d4 c3-d3 c2-c3 b2-c2 a2-b2 a1-a2 b1-a1 a1-b1 b1-a1 b2-b1 c2-b2 "
     "c1-c2 b1-c1 c1-b1 b1-c1 b2-b1 b1-b2 a1-b1 a2-a1 a1-a2 a2-a1 a1-a2 "
     "b1-a1 c1-b1 c2-c1 c1-c2 c2-c1 c1-c2 d1-c1 d2-d1 d1-d2 d2-d1 d1-d2 "
     "d2-d1 d1-d2 d2-d1 d1-d2 d2-d1 c2-d2 b2-c2 b1-b2 c1-b1 d1-c1 d2-d1 "
     "c2-d2 d2-c2 c2-d2 c1-c2 d1-c1 d2-d1 d3-d2 d4-d3 c4-d4 b4-c4 c4-b4 "
     "b4-c4 c4-b4 c3-c4 c4-c3 c3-c4 c4-c3 b4-c4 a4-b4 a3-a4 a2-a3 a1-a2 "
     "b1-a1 b2-b1 b1-b2 c1-b1 b1-c1 c1-b1 d1-c1 c1-d1 c2-c1 c1-c2 d1-c1 "
     "c1-d1 c2-c1 d2-c2 d3-d2 d2-d3 d3-d2 c3-d3 c2-c3 c1-c2 d1-c1 c1-d1 "
     "c2-c1 d2-c2 d3-d2 d2-d3 c2-d2 c3-c2 b3-c3 b4-b3 c4-b4 c3-c4 b3-c3 "
     "c3-b3 c2-c3 c1-c2 c2-c1 b2-c2 b3-b2 b2-b3 b1-b2 c1-b1 d1-c1 d2-d1 "
     "c2-d2 c3-c2 c2-c3 d2-c2 c2-d2 c1-c2 c2-c1 c1-c2 c2-c1 d2-c2 d1-d2 "
     "d2-d1 d1-d2 c1-d1 d1-c1 d2-d1 c2-d2 b2-c2 c2-b2 c1-c2 d1-c1 c1-d1 "
     "c2-c1 c3-c2 c2-c3 d2-c2 d1-d2 d2-d1 c2-d2 c1-c2 b1-c1 a1-b1 b1-a1 "
     "a1-b1 a2-a1 a1-a2 b1-a1 a1-b1 a2-a1 a1-a2 b1-a1 a1-b1 b1-a1 c1-b1 "
     "c2-c1 d2-c2 d1-d2 c1-d1 d1-c1 c1-d1 b1-c1 a1-b1 b1-a1",
     8, 8, {3, 9, 29, 93, 0, 0, 0, 0}},
};

enum { SOLVER = 0, DRAW = 1 };   /* one player: a draw is result 1 */

/* The hole walks a snake d1 c1 b1 a1 a2 b2 c2 d2 d3 c3 b3: each of the
 * ten moves takes one more tile one step from home. */
#define SNAKE9 "c1-d1 b1-c1 a1-b1 a2-a1 b2-a2 c2-b2 d2-c2 d3-d2 c3-d3 "
#define UNDO9 "d3-c3 d2-d3 c2-d2 b2-c2 a2-b2 a1-a2 b1-a1 c1-b1 d1-c1"

static const rule_case rules[] = {
    {"fifteen: the start, the hole on d1", FIFTEEN, "", "c1-d1 d2-d1", NULL, NULL, PL_RESULT_NONE},
    {"fifteen: in order again before any scramble: no win", FIFTEEN, "c1-d1 d1-c1", "c1-d1 d2-d1", NULL, NULL,
     PL_RESULT_NONE},
    {"fifteen: nine steps from order is not scrambled: no win", FIFTEEN, SNAKE9 UNDO9, "c1-d1 d2-d1", NULL, NULL,
     PL_RESULT_NONE},
    {"fifteen: the hole on d4, a corner: two moves", FIFTEEN, SNAKE9 "c4-c3 d4-c4", "c4-d4 d3-d4", NULL, NULL,
     PL_RESULT_NONE},
    {"fifteen: ten steps from order, then back in order: a win", FIFTEEN,
     SNAKE9 "b3-c3 c3-b3 " UNDO9, NULL, NULL, NULL, SOLVER},
    {"fifteen: the 200th move ends the game in a draw", FIFTEEN,
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 "
     "c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1 c1-d1 d1-c1",
     NULL, NULL, NULL, DRAW},
};

/* The one player wins at once: each engine must find the move. */
static const win_case wins[] = {
    /* back in order with d1-c1, after ten steps away */
    {FIFTEEN, SNAKE9 "b3-c3 c3-b3 d3-c3 d2-d3 c2-d2 b2-c2 a2-b2 a1-a2 b1-a1 c1-b1"},
    /* --return 11 40 1: d1-c1 */
    {FIFTEEN,
     "d2-d1 d3-d2 d2-d3 d1-d2 c1-d1 b1-c1 c1-b1 c2-c1 c1-c2 b1-c1 b2-b1 "
     "b3-b2 b2-b3 a2-b2 b2-a2 a2-b2 b2-a2 c2-b2 d2-c2 d3-d2 d4-d3 c4-d4 "
     "d4-c4 c4-d4 d4-c4 c4-d4 b4-c4 a4-b4 a3-a4 a2-a3 b2-a2 a2-b2 a3-a2 "
     "a4-a3 b4-a4 c4-b4 b4-c4 c4-b4 b4-c4 c4-b4 b4-c4 c4-b4 b4-c4 c4-b4 "
     "b4-c4 a4-b4 a3-a4 a2-a3 b2-a2 a2-b2 a3-a2 a4-a3 b4-a4 c4-b4 d4-c4 "
     "c4-d4 d4-c4 c4-d4 d4-c4 d3-d4 d2-d3 c2-d2 b2-c2 a2-b2 b2-a2 a2-b2 "
     "b2-a2 b3-b2 b2-b3 b1-b2 c1-b1 c2-c1 c1-c2 b1-c1 c1-b1"},
};

int main(int argc, char **argv)
{
    return CLASSICS_MAIN("test_classics_e", NULL, 0);
}
