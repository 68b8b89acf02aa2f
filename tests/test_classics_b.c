/*
 * test_classics_b.c -- international draughts (10 x 10) and Yavalath,
 * each proven by perft from its start position against the published
 * figures, and on mid-game positions against the independent generators
 * tests/reference/intl_draughts_ref.py and tests/reference/yavalath_ref.py.
 *
 * Perft is counted as docs/cli.md defines it: one move per distinct move
 * text, a whole capture sequence being one move.  Run without arguments
 * (label fast, in CI), each start is checked to the depth that runs in a
 * fraction of a second; run as `test_classics_b slow` (label slow,
 * `ctest -L slow`, not in CI), to the whole published table.
 *
 * The mid-game positions are the seeded random games of the references
 * (`--random SEED PLIES`; for Yavalath a random choice among the moves
 * that neither win nor lose at once, so that the game goes on close to
 * its end), and their figures are the references' `perft 3` after those
 * moves.  The draughts ones hold kings, long captures and (seeds 69, 214,
 * 259) captures with the same start and end that take different pieces;
 * the Yavalath ones leave both players cells that would make a four and
 * cells that would make a three.
 */
#include "classics.h"

static const classic_case cases[] = {
    /* published: 9, 81, 658, 4265, 27117, 167140 */
    {"games/draughts/international-draughts.game", "", 5, 6,
     {9, 81, 658, 4265, 27117, 167140}},
    /* published: 61, 3660, 215940, 12524520 (no line of three before ply 5) */
    {"games/alignment/yavalath.game", "", 3, 4, {61, 3660, 215940, 12524520}},
    /* seed 1, 62 plies: 13 pieces, 1 king, longest capture now 2 */
    {"games/draughts/international-draughts.game",
     "32-27 17-21 34-29 21x32 38x27 20-24 29x20 15x24 33-28 11-17 39-33 "
     "10-15 35-30 24x35 43-38 7-11 27-21 17x26 37-32 26x37 42x31 16-21 "
     "28-22 18x27 31x22 2-7 41-37 11-16 47-42 5-10 32-28 19-24 48-43 12-17 "
     "22x2x7x17 21-27 37-32 24-30 32x21 16x27 28-22 27x18 40-34 "
     "30x37x34x42x43 2-11 6x17 49-43 35-40 44x35 13-19 38-32 "
     "37x48x32x33x43 45-40 48-39 46-41 39-43 50-45 18-22 40-34 43x30 "
     "35x2x8x19x30 3-8",
     3, 3, {2, 16, 134}},
    /* seed 11, 62 plies: 18 pieces, 1 king, longest capture now 2 */
    {"games/draughts/international-draughts.game",
     "34-30 20-25 39-34 19-23 43-39 23-29 33x24 14-20 48-43 20x29 34x23 "
     "18x29 39-34 15-20 34x23 25x34 40x29 20-25 32-28 17-22 28x17 11x22 "
     "38-33 10-15 23-18 12x34x18x29 33-29 34x23 45-40 13-18 43-39 7-11 "
     "42-38 22-28 40-34 25-30 35x24 28-32 37x19x23x32 8-13 19x8 3x12 44-40 "
     "16-21 49-44 2-8 24-20 15x24 38-33 8-13 33-29 24x33 39x28 11-16 47-42 "
     "12-17 40-35 13-19 34-29 21-26 28-23 26x48x31x42",
     3, 3, {2, 20, 77}},
    /* seed 14, 98 plies: 8 pieces, 2 kings, longest capture now 0 */
    {"games/draughts/international-draughts.game",
     "31-27 20-25 33-28 17-22 28x17 11x31x17x27 36x27 7-11 38-33 15-20 "
     "35-30 20-24 37-31 24x35 43-38 10-15 33-28 14-20 49-43 18-23 34-30 "
     "35x24 39-33 5-10 43-39 24-30 41-36 11-17 28-22 17x26x22x31x32 33-28 "
     "23x34x28x38x39 40x29 10-14 45-40 19-23 29x7x12x23 1x12 40-35 13-19 "
     "35x13x19x30 9x18 48-43 25-30 46-41 18-22 27x7x12x22 2x11 42-37 14-19 "
     "47-42 30-34 42-38 20-24 44-40 34x45 38-32 24-29 43-38 19-24 32-27 "
     "15-20 27-22 26-31 37x26 16-21 26x17 24-30 41-37 30-34 22-18 "
     "11x13x17x18 38-32 34-40 32-28 4-9 37-31 6-11 31-26 29-34 36-31 34-39 "
     "31-27 8-12 26-21 13-18 28-22 3-8 22x2x8x18 39-44 50x39 11-17 21-16 "
     "17-22 27x7x12x22 9-14 2-30 45-50",
     3, 3, {13, 38, 191}},
    /* seed 15, 74 plies: 11 pieces, 1 king, longest capture now 0 */
    {"games/draughts/international-draughts.game",
     "32-28 16-21 37-32 11-16 31-26 19-23 28x19 13x24 33-28 9-13 35-30 "
     "24x35 28-23 18x29 34x23 7-11 38-33 14-19 23x25x19x20 13-19 36-31 "
     "15-20 25x23x19x20 2-7 42-38 3-9 32-27 21x32 38x27 16-21 27x16 9-13 "
     "40-34 10-15 34-30 35x24 41-36 4-9 33-29 24x33 39x28 13-18 44-40 "
     "18x29 31-27 17-21 26x17 12x23x17x27x28 43-39 8-13 47-42 13-19 39-33 "
     "29x47x33x42 49-43 15-20 40-34 9-13 50-44 20-25 44-40 47-20 36-31 "
     "7-12 16x9x11x12x13 20x3 34-30 25x34 40x18x23x34 19-24 43-39 3-20 "
     "46-41 20-9",
     3, 3, {11, 18, 90}},
    /* seed 16, 92 plies: 8 pieces, 1 king, longest capture now 0 */
    {"games/draughts/international-draughts.game",
     "33-29 20-24 29x20 15x24 35-30 24x35 39-33 10-15 34-29 5-10 32-27 "
     "17-21 31-26 21x32 38x27 16-21 27x16 14-20 44-39 35x44 49x40 18-22 "
     "40-35 13-18 26-21 12-17 21x25x17x18x19x20 8-13 37-32 7-12 "
     "16x27x11x12x22 13-19 39-34 2-7 35-30 7-11 27-22 19-23 29x18 9-13 "
     "18x9 4x13 22-18 13x22 30-24 1-7 50-44 22-28 32x23 15-20 24x4x10x20 "
     "3-8 4-13 8x50x13x23x33x44 43-38 50-44 34-29 44-17 42-37 17-8 25-20 "
     "8-2 38-32 11-16 37-31 2-13 32-28 7-11 45-40 13-18 31-27 18x45x29x40 "
     "27-21 16x27 47-42 45-12 20-14 11-17 42-37 12-8 37-31 8-2 31x11x17x27 "
     "2x16 41-37 16-2 14-9 2-8 28-23 8-17 23-18 17-3",
     3, 3, {9, 25, 164}},
    /* seed 18, 98 plies: 7 pieces, 2 kings, longest capture now 0 */
    {"games/draughts/international-draughts.game",
     "32-27 17-21 37-32 19-24 33-28 14-19 38-33 9-14 35-30 24x35 41-37 "
     "19-23 28x19 14x23 33-28 18-22 28x26x21x22 11-17 34-30 35x24 32-28 "
     "23x21x27x28 39-34 13-19 42-38 4-9 44-39 19-23 49-44 7-11 40-35 17-22 "
     "26x30x21x22x23x24 12-18 30-24 20x49x24x34x44 39-33 15-20 48-42 8-12 "
     "45-40 20-25 46-41 2-8 43-39 49x27 31x15x9x10x18x27 16-21 40-34 11-16 "
     "34-30 25x43x30x39 50-45 5-10 15x4 43-49 37-32 49x27 4x31 6-11 31-22 "
     "21-27 22x6 12-17 6x31x17x27 8-12 31-27 16-21 27x16 3-9 42-38 1-6 "
     "33-29 12-18 29-24 18-23 24-20 23-28 16-27 28-32 27x4 32x43 47-42 "
     "6-11 41-37 11-16 37-31 43-49 42-38 49x21 4-15 21-38 45-40 38-33 15-4 "
     "33x15 4-22 15-24",
     3, 3, {17, 176, 2062}},
    /* seed 11, 86 plies: 10 pieces, 2 kings, longest capture now 0 */
    {"games/draughts/international-draughts.game",
     "34-30 20-25 39-34 19-23 43-39 23-29 33x24 14-20 48-43 20x29 34x23 "
     "18x29 39-34 15-20 34x23 25x34 40x29 20-25 32-28 17-22 28x17 11x22 "
     "38-33 10-15 23-18 12x34x18x29 33-29 34x23 45-40 13-18 43-39 7-11 "
     "42-38 22-28 40-34 25-30 35x24 28-32 37x19x23x32 8-13 19x8 3x12 44-40 "
     "16-21 49-44 2-8 24-20 15x24 38-33 8-13 33-29 24x33 39x28 11-16 47-42 "
     "12-17 40-35 13-19 34-29 21-26 28-23 26x48x31x42 23x21x17x18 16x27 "
     "36-31 27x47x31x41 44-39 48x7x29x39 50-45 6-11 35-30 7-2 30-25 9-14 "
     "45-40 4-10 25-20 47x15 40-35 1-6 46-41 2-13 35-30 13-22 30-25 22-44",
     3, 3, {3, 43, 98}},
    /* seed 13, 74 plies: 11 pieces, 1 king, longest capture now 0 */
    {"games/draughts/international-draughts.game",
     "33-28 18-23 31-27 17-21 34-29 23x34 39x30 12-18 28-22 8-12 32-28 "
     "21x23x27x28 22-17 12x21 36-31 3-8 43-39 11-17 37-32 19-24 "
     "30x28x23x24 8-12 42-37 18-23 28x8x13x23 2x13 32-27 21x34x27x38x39 "
     "40x29 14-19 44-39 9-14 49-43 6-11 37-32 19-23 29x9x13x23 14x3 39-33 "
     "3-9 47-42 17-21 43-38 21-26 42-37 9-14 32-28 20-25 48-43 16-21 43-39 "
     "11-17 35-30 25x23x28x30x38x39 33-28 23x32 37x28 26x37 41x32 15-20 "
     "46-41 17-22 28x8x12x22 14-19 8-3 21-27 32x21 7-12 3x17 10-15 41-36 "
     "20-25 17-22 1-7",
     3, 3, {17, 129, 1428}},
    /* seed 69, 38 plies: 26 pieces, 1 king, longest capture now 3 */
    {"games/draughts/international-draughts.game",
     "31-26 17-21 26x17 11x22 34-30 20-24 40-34 22-27 32x21 16x27 45-40 "
     "27-31 37x26 7-11 42-37 18-23 33-28 23x32 38x27 11-16 37-31 14-20 "
     "27-22 12-18 30-25 18x27 25x23x19x20 8-12 31x22 10-14 22-18 13x22 "
     "43-38 12-18 23x12 3-8 12x3 14-19",
     3, 3, {4, 26, 411}},
    /* seed 214, 58 plies: 17 pieces, 1 king, longest capture now 3 */
    {"games/draughts/international-draughts.game",
     "35-30 19-23 33-28 17-22 28x19 13x35x19x30 38-33 11-17 33-28 22x33 "
     "39x28 16-21 44-39 35x22x28x39x40 34-29 8-13 43-39 22-28 32x23 18-22 "
     "49-44 7-11 44-40 20-25 48-43 11-16 50-44 14-19 23x14 9x20 31-27 "
     "21x32 37x28 22x24x28x29 42-38 1-7 38-32 17-22 40-35 4-9 32-27 22x31 "
     "36x27 25-30 47-42 30-34 39x17x12x13x24x34 3-8 45-40 20-25 42-38 6-11 "
     "17x6 16-21 27x16 9-13 6-1 10-14",
     3, 3, {2, 4, 36}},
    /* seed 259, 59 plies: 22 pieces, 1 king, longest capture now 3 */
    {"games/draughts/international-draughts.game",
     "31-26 20-25 32-27 18-23 37-31 19-24 42-37 24-29 33x24 13-18 48-42 "
     "14-19 24x22x18x19 17x28 34-29 23x34 39x30 25x34 40x29 11-17 38-32 "
     "8-13 32x23 17-22 27x18 13x22 29-24 22-28 23x32 3-8 31-27 7-11 44-39 "
     "8-13 27-21 16x38x21x32 42x33 11-16 43-38 15-20 24x15 2-7 39-34 12-17 "
     "45-40 17-22 35-30 22-27 36-31 27x36 50-45 10-14 40-35 7-11 47-42 "
     "36x47 34-29 47-41 37-32",
     3, 3, {2, 23, 250}},
    /* seed 1, 40 plies: white: 2 winning, 15 losing cells; black: 3 winning, 8 losing cells */
    {"games/alignment/yavalath.game",
     "d6 k1 o5 n6 m9 c5 f8 d8 j8 o7 j4 j6 n4 i1 f6 d4 m5 b4 k9 l8 j2 a5 m7 "
     "i3 f4 n8 g1 k5 e1 h4 c3 c7 e3 d2 k7 h6 l2 o3 e9 k3",
     3, 3, {21, 80, 722}},
    /* seed 2, 38 plies: white: 1 winning, 12 losing cells; black: 2 winning, 8 losing cells */
    {"games/alignment/yavalath.game",
     "o3 n8 c3 d2 d4 h6 q5 e7 n6 p6 m5 g9 g5 m1 f8 m3 b6 m7 f6 k1 k7 n2 g7 "
     "l8 j4 e5 b4 a5 i9 i5 j2 h8 k9 m9 e1 p4 e3 g3",
     3, 3, {23, 220, 2562}},
    /* seed 3, 44 plies: white: 5 winning, 7 losing cells; black: 4 winning, 10 losing cells */
    {"games/alignment/yavalath.game",
     "f2 k3 j6 d6 h4 l4 j8 m7 m1 c5 m9 a5 k7 g9 n8 g5 f4 n2 q5 p6 o3 k9 i7 "
     "o5 d2 e9 d8 i5 j2 b6 c7 g3 m5 i1 b4 g1 e1 h6 n6 o7 l2 h8 f8 p4",
     3, 3, {17, 80, 225}},
    /* seed 4, 42 plies: white: 4 winning, 7 losing cells; black: 2 winning, 11 losing cells */
    {"games/alignment/yavalath.game",
     "f2 g3 d2 m7 i3 j4 e1 c7 d4 b4 k1 l8 i1 c5 h6 m9 o5 j8 i9 g1 e9 i7 i5 "
     "b6 o7 m3 p4 g7 q5 h2 f6 g9 k5 l2 l4 o3 h4 e3 n2 m1 k7 l6",
     3, 3, {19, 144, 799}},
    /* seed 5, 46 plies: white: 3 winning, 8 losing cells; black: 9 winning, 4 losing cells */
    {"games/alignment/yavalath.game",
     "k5 f4 m7 g9 o3 m3 q5 n4 l8 j6 b4 i9 f6 o7 c5 e5 e1 j4 l4 h6 j8 i7 d8 "
     "k7 e9 a5 n2 e7 i1 h2 f2 m9 f8 n6 d2 c7 k3 p4 e3 d4 b6 g1 i5 k1 i3 j2",
     3, 3, {15, 56, 91}},
    /* seed 6, 36 plies: white: 2 winning, 5 losing cells; black: 1 winning, 12 losing cells */
    {"games/alignment/yavalath.game",
     "m9 j8 n8 c7 i9 n4 f6 b6 a5 e7 n2 m1 k1 i5 h4 c3 h2 l8 f8 l2 o5 q5 e1 "
     "g5 h8 l4 m5 k9 k7 d2 i1 h6 d4 l6 m3 o7",
     3, 3, {25, 432, 4738}},
    /* seed 7, 30 plies: white: 2 winning, 10 losing cells; black: 3 winning, 8 losing cells */
    {"games/alignment/yavalath.game",
     "g3 d8 h8 l6 c3 c7 p6 k9 d6 i7 m3 d2 l2 g5 b6 e3 k7 l8 e1 i3 e7 n6 e5 "
     "o3 l4 d4 h4 n4 o7 n2",
     3, 3, {31, 570, 10672}},
};

enum { FIRST_PLAYER = 0, SECOND_PLAYER = 1, DRAW = 2 };   /* results: the order of `players` */

#define LONE "tests/positions/intl_draughts_lone.game"
#define KINGS "tests/positions/intl_draughts_kings.game"
#define LONE_9 "50-33 1-7 46-10 7-1 10-46 1-45 46-14 45-34 14-46"
#define KINGS_49                                                                   \
    "50-45 1-6 45-1 6-22 1-45 22-39 45-29 39-30 29-40 30-39 40-29 39-50 29-15 "   \
    "50-22 15-24 22-17 24-47 17-26 47-24 26-21 24-15 21-16 15-47 16-49 47-36 "    \
    "49-38 36-18 38-33 18-36 33-29 36-31 29-40 31-48 40-49 48-42 49-40 42-31 "    \
    "40-1 31-9 1-12 9-20 12-34 20-15 34-48 15-33 48-30 33-20 30-39 20-24"

/* A filling of the hexagon with no three of a colour in a row (found by
 * a search with tests/reference/yavalath_ref.py), played in order. */
#define YAVALATH_FULL_60                                                         \
    "e1 i1 g1 f2 k1 l2 m1 c3 d2 i3 h2 o3 j2 f4 n2 l4 e3 c5 g3 i5 k3 k5 m3 o5 "  \
    "b4 q5 d4 b6 h4 f6 j4 h6 n4 l6 p4 n6 a5 c7 e5 e7 g5 i7 m5 k7 d6 o7 j6 f8 "  \
    "p6 h8 g7 l8 m7 n8 d8 e9 j8 i9 g9 k9"

static const rule_case rules[] = {
    {"international draughts: the opening moves, numbered 1-50",
     "games/draughts/international-draughts.game", "",
     "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30", NULL, NULL, PL_RESULT_NONE},
    {"international draughts: the longest capture is compulsory",
     "tests/positions/intl_draughts_max.game", "", "28x8x12x22", NULL, NULL, PL_RESULT_NONE},
    {"international draughts: a man captures backward too",
     "tests/positions/intl_draughts_backward.game", "", "28x17 28x39 46x37", NULL, NULL, PL_RESULT_NONE},
    {"international draughts: passing the far row does not crown",
     "tests/positions/intl_draughts_pass.game", "", "11x13x7x8", NULL, NULL, PL_RESULT_NONE},
    {"international draughts: ... and the man on f8 only steps",
     "tests/positions/intl_draughts_pass.game", "11x13x7x8 5-10", "13-8 13-9", NULL, NULL,
     PL_RESULT_NONE},
    {"international draughts: a king flies over a piece to any square beyond",
     "tests/positions/intl_draughts_flying.game", "", "36x13 36x18 36x22 36x4 36x9", NULL, NULL,
     PL_RESULT_NONE},
    {"international draughts: taking the last piece wins",
     "tests/positions/intl_draughts_flying.game", "36x9", "", NULL, NULL, FIRST_PLAYER},
    {"international draughts: Turkish strike: a taken piece blocks until the end",
     "tests/positions/intl_draughts_turkish.game", "", "36x26x27x29x37x43 36x31x27x29x37x43", NULL, NULL,
     PL_RESULT_NONE},
    {"international draughts: a man may capture around and end where it began",
     "tests/positions/intl_draughts_diamond.game", "", "28x28x12x13x22x23", NULL, NULL, PL_RESULT_NONE},
    {"international draughts: same start and end, different pieces: two moves (seed 69)",
     "games/draughts/international-draughts.game",
     "31-26 17-21 26x17 11x22 34-30 20-24 40-34 22-27 32x21 16x27 45-40 "
     "27-31 37x26 7-11 42-37 18-23 33-28 23x32 38x27 11-16 37-31 14-20 "
     "27-22 12-18 30-25 18x27 25x23x19x20 8-12 31x22 10-14 22-18 13x22 "
     "43-38 12-18 23x12 3-8 12x3 14-19",
     "3x11x9x19x22 3x11x9x22x24 3x17x9x19x22 3x17x9x22x24", NULL, NULL, PL_RESULT_NONE},
    {"international draughts: two kings against one: 5 moves each go on",
     LONE, LONE_9, NULL, NULL, NULL, PL_RESULT_NONE},
    {"international draughts: two kings against one: drawn after 5 moves each",
     LONE, LONE_9 " 34-39", "", NULL, NULL, DRAW},
    {"international draughts: 25 moves each of kings only: not yet",
     KINGS, KINGS_49, NULL, NULL, NULL, PL_RESULT_NONE},
    {"international draughts: 25 moves each of kings only: drawn",
     KINGS, KINGS_49 " 39-33", "", NULL, NULL, DRAW},
    {"international draughts: threefold repetition", KINGS,
     "50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1", "", NULL, NULL, DRAW},
    {"yavalath: three in a row loses", "games/alignment/yavalath.game",
     "a5 e1 c5 m1 e5", "", NULL, NULL, SECOND_PLAYER},
    {"yavalath: three along a slanted line loses too", "games/alignment/yavalath.game",
     "e1 a5 f2 c5 g3", "", NULL, NULL, SECOND_PLAYER},
    {"yavalath: two and one with a gap is not three", "games/alignment/yavalath.game",
     "a5 e1 c5 m1 g5", NULL, NULL, NULL, PL_RESULT_NONE},
    {"yavalath: four in a row wins", "games/alignment/yavalath.game",
     "a5 e1 e5 m1 g5 m9 c5", "", NULL, NULL, FIRST_PLAYER},
    {"yavalath: four and three at once wins", "games/alignment/yavalath.game",
     "a5 e1 e5 m1 g5 m9 d6 e9 e7 q5 c5", "", NULL, NULL, FIRST_PLAYER},
    {"yavalath: five in a row wins", "games/alignment/yavalath.game",
     "a5 e1 c5 m1 g5 m9 i5 e9 e5", "", NULL, NULL, FIRST_PLAYER},
    {"yavalath: 60 stones and no three: one cell left", "games/alignment/yavalath.game",
     YAVALATH_FULL_60, "m9", NULL, NULL, PL_RESULT_NONE},
    {"yavalath: a full board without three or four is a draw", "games/alignment/yavalath.game",
     YAVALATH_FULL_60 " m9", "", NULL, NULL, DRAW},
    {"yavalath: the second player's three loses", "games/alignment/yavalath.game",
     "a5 e1 m9 f2 e9 g3", "", NULL, NULL, FIRST_PLAYER},
};

/* Yavalath's board: 61 cells, a hexagon of rows of 5, 6, ..., 9, ..., 5. */
static void test_yavalath_board(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/yavalath.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    assert_int_equal(ml.count, 61);
    static const char *const rows[] = {"e1 g1 i1 k1 m1", "a5 c5 e5 g5 i5 k5 m5 o5 q5",
                                       "e9 g9 i9 k9 m9", "d2 f2 h2 j2 l2 n2"};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char buf[64];
        snprintf(buf, sizeof buf, "%s", rows[i]);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            assert_true(pl_movelist_find(&ml, t) >= 0);
    }
    assert_true(pl_movelist_find(&ml, "a1") < 0);
    assert_true(pl_movelist_find(&ml, "b5") < 0);
    assert_true(pl_movelist_find(&ml, "c9") < 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Positions where the player to move wins at once: each engine must find
 * a winning move (evidence that the end rules and the engines agree). */
static const win_case wins[] = {
    {"games/alignment/yavalath.game", "a5 e1 e5 m1 g5 m9 d6 e9 e7 q5"},
    {"tests/positions/intl_draughts_flying.game", ""},
};

int main(int argc, char **argv)
{
    const struct CMUnitTest own[] = {
        cmocka_unit_test(test_yavalath_board),
    };
    return CLASSICS_MAIN("test_classics_b", own, CLASSICS_COUNT(own));
}
