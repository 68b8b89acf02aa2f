/*
 * test_classics_f.c -- Fanorona (games/draughts/fanorona.game): perft from
 * the start and from mid-game positions against the independent generator
 * tests/reference/fanorona_ref.py (no perft figures are published for
 * Fanorona), the rules that perft alone would not pin down (compulsory
 * capture, the capturing sequence's two bans, paika on weak and strong
 * points, the draws), and both engines finding a winning capture.
 *
 * Perft counts as docs/cli.md defines it: one move per distinct move text;
 * a whole capturing sequence, stopped at any point, is one move.  The
 * mid-game positions are seeded random games of the reference script:
 * `fanorona_ref.py --make SEED PLIES`.  CI checks depth 4 (the start:
 * 18026); `test_classics_f slow` the whole table (the start to depth 6).
 */
#include "classics.h"

#define FANORONA "games/draughts/fanorona.game"

static const classic_case cases[] = {
    /* fanorona_ref.py 6 */
    {FANORONA, "", 4, 6, {5, 39, 724, 18026, 431852, 9205774}},
    /* --make 1 8 */
    {FANORONA,
     "d3-e3a c3-d3a e2-e3a c4-c3a f2-f3a g5-f4a-e5w f3-g3a-f2w-e3a-e4a "
     "g4-g3a-h3a", 4, 5, {6,80,662,5297,27040}},
    /* --make 3 20 */
    {FANORONA,
     "d3-e3a c3-d3w c2-c3a-b3w d4-d3a-c3a-d2a-c2w e3-e2w-d2a-c3a-b3a-b4a "
     "h3-h2a b4-c4w f4-e5w i3-i2w h2-g3w g1-g2a f5-g5 g2-f2 h4-g3a f1-e1 "
     "g3-f2a b2-c2 e5-f4 i2-i3 g5-h4a", 4, 5, {14,289,3502,61468,793401}},
    /* --make 5 30 */
    {FANORONA,
     "f2-e3a d5-d4a f1-f2a g5-f4a-f3a g3-f4a c3-d2a g2-g3a-f2w-e3a-d3w-d4w "
     "e4-e3a-f2w-g2a-g3w-h2a-g1w-f1w b3-c3w-d2w c4-c3a-d4w-d3a a2-a3a d3-d4 "
     "f4-e4a h5-h4 b1-c1 h3-h2 c1-b2 h4-h3 a3-a4 i4-i5 b2-a1 b5-a5 a4-a3w "
     "i5-h4 a3-a4 h2-g3 e4-d4 g3-f4 d4-e4a f1-g1", 4, 5, {10,122,1359,17391,198763}},
    /* --make 5 50 */
    {FANORONA,
     "f2-e3a d5-d4a f1-f2a g5-f4a-f3a g3-f4a c3-d2a g2-g3a-f2w-e3a-d3w-d4w "
     "e4-e3a-f2w-g2a-g3w-h2a-g1w-f1w b3-c3w-d2w c4-c3a-d4w-d3a a2-a3a d3-d4 "
     "f4-e4a h5-h4 b1-c1 h3-h2 c1-b2 h4-h3 a3-a4 i4-i5 b2-a1 b5-a5 a4-a3w "
     "i5-h4 a3-a4 h2-g3 e4-d4 g3-f4 d4-e4a f1-g1 e4-f4 h4-g4a a1-b1 g1-g2 "
     "a4-a3 g2-f2 a3-b3 f2-g2 b1-b2 g2-g3 b2-c1 g3-h4 b3-c3 h4-h5 c3-d2 h5-i5 "
     "c1-d1 g4-g5 d2-c2 h3-h2", 4, 5, {7,112,975,12813,113991}},
    /* --make 7 25 */
    {FANORONA,
     "d3-e3w b4-c3a-d3w c2-c3a-b3a-b4a-c4w d3-c3w-c2a-d2w c4-b4w-c3a-d4a "
     "i5-h4a d4-d3w-e3a g5-f4a-g3a-g4w h1-h2a g4-g5 i3-h4a a5-a4 b1-b2 f5-e5 "
     "h4-g3 e5-f4a b2-c2 a4-a5 i2-h2 f4-g3a a1-b1 g3-h3 c2-b2 a5-b4 b2-b3a", 4, 5, {4,68,411,5955,25850}},
    /* --make 7 40 */
    {FANORONA,
     "d3-e3w b4-c3a-d3w c2-c3a-b3a-b4a-c4w d3-c3w-c2a-d2w c4-b4w-c3a-d4a "
     "i5-h4a d4-d3w-e3a g5-f4a-g3a-g4w h1-h2a g4-g5 i3-h4a a5-a4 b1-b2 f5-e5 "
     "h4-g3 e5-f4a b2-c2 a4-a5 i2-h2 f4-g3a a1-b1 g3-h3 c2-b2 a5-b4 b2-b3a "
     "h3-i3 b1-b2 i3-h3 b2-a2 h3-h2 d1-e1 h2-i2 a2-b2 i2-i3 b2-b1 i3-i4 b3-b2 "
     "i4-i5 b2-b3 i5-h4", 4, 5, {15,99,1565,5960,93645}},
    /* --make 9 30 */
    {FANORONA,
     "e2-e3a f4-e5w-e4a d3-e3a-f4a-f3w-g3a d4-e3a-e2a-f2a d2-e2a-e3a c3-d3a "
     "c2-c3a-d2w h4-g5w g3-h4a b5-b4a-c3a-b2a d1-d2a-c2a i4-i3a h4-h3w-g3w-g2w "
     "a3-b2a c2-d2w a4-a3a g2-h2 d5-d4 d2-d3a a3-a4 h1-g1 a4-a3 d3-e3 a3-a4 "
     "h2-h3 a4-b4 e3-d4 b4-c4a f1-f2 c4-c5", 4, 5, {15,71,913,4227,54408}},
    /* --make 9 60 */
    {FANORONA,
     "e2-e3a f4-e5w-e4a d3-e3a-f4a-f3w-g3a d4-e3a-e2a-f2a d2-e2a-e3a c3-d3a "
     "c2-c3a-d2w h4-g5w g3-h4a b5-b4a-c3a-b2a d1-d2a-c2a i4-i3a h4-h3w-g3w-g2w "
     "a3-b2a c2-d2w a4-a3a g2-h2 d5-d4 d2-d3a a3-a4 h1-g1 a4-a3 d3-e3 a3-a4 "
     "h2-h3 a4-b4 e3-d4 b4-c4a f1-f2 c4-c5 f2-f1 c5-b5 h3-g3 b5-a5 g3-h3 a5-b4 "
     "g1-g2 b4-c4 g2-g1 c4-c5 f1-e1 c5-b5 h3-h2 b5-a5 h2-i1 a5-a4 g1-f2 a4-a5 "
     "e1-e2 a5-a4 f2-e1 a4-a5 e1-d2 a5-b5 d2-c1 b5-a5 i1-h1 a5-a4 c1-d1 a4-a5", 4, 5, {10,30,340,1377,15381}},
    /* --make 11 35 */
    {FANORONA,
     "e2-e3a f4-e5w-e4a d3-e3w-f4a h4-g3a d2-d3a-e3a-d4a "
     "c4-c3a-d3w-d2a-e3a-f2a g2-h2w e4-f4w-g3a b2-b3a-c3w-b4a a4-a3a "
     "i3-h3a-h4a-g3w i4-i3a-h3a b4-c5w h3-h2a f1-e1 h2-i1 e1-f1 f5-e5 c5-d5a "
     "g4-h4 b1-c1 i1-h2 c1-b1 h2-g3 b1-a1 g3-f2 d5-c5 f2-f3w a1-a2 h4-h3 c5-c4 "
     "h3-i3 c4-c3 f3-g3 c3-d2", 4, 5, {13,123,1152,10085,95707}},
    /* --make 15 54 */
    {FANORONA,
     "d3-e3a c3-d3a b3-c3a d4-d3a-e3w-d2a-c3w e2-e3a-d3a-d4a b4-b3a c2-c3a "
     "f4-e4a g3-f3w g4-g3a-f4w c3-b4a-c4w h4-g3a i3-h3a-h4a-g4w-g3w e4-d4a "
     "g3-h2w f5-f4a h2-g3a-h4a a3-a4w h4-g4 b3-c3 g4-g5 c3-c4 g5-f4 d4-e4a "
     "i2-i3 c4-b4 h1-g1 b5-c5 i3-h3 e4-e3 g1-f2a a4-a5 f2-g2 c5-c4 g2-g3 b4-c5 "
     "g3-h4 c4-d4 h4-i4 d4-d5 i4-h4 c5-d4 h4-i5 a5-b4 i5-h4 b4-a3 h3-g3 a3-b2 "
     "g3-f4 d4-e4a h4-g4 e4-f4a f1-e1 b2-b1", 4, 5, {5,31,90,644,2764}},
};

enum { WHITE = 0, BLACK = 1, DRAW = 2 };

/* --make 1 30: white b2 (a strong point) and e2 (weak) against black h1 */
#define PAIKA30 \
    "d3-e3a c3-d3a e2-e3a c4-c3a f2-f3a g5-f4a-e5w f3-g3a-f2w-e3a-e4a " \
    "g4-g3a-h3a e1-d2a h3-h2a b3-b4a-c5w a4-a3a-b4a-c3a i2-i3a c3-d4w e4-f4w " \
    "h2-g1w-h1w d1-d2a h5-h4 f4-g4a h1-i1 g4-g3 i1-h2a d2-e2 d5-d4 b1-c1 " \
    "d4-c3 c1-c2a h2-g1 c2-b2 g1-h1"

#define QUIET95 \
    "h1-i1 b2-a2 i1-i2 a2-a3 i2-i3 a3-b3 i3-i2 e3-d3 i2-i3 d3-c3 i3-i4 b3-b4 " \
    "i4-i5 b4-b5 i5-h4 c3-b3 h4-i4 b3-b4 i4-i3 b4-a4 i3-h4 a4-b4 h4-g3 b4-b3 " \
    "g3-f3 b3-b2 f3-e3 b5-a5 e3-f4 b2-b1 f4-e4 a5-a4 e4-f4 a4-a3 f4-e4 b1-b2 " \
    "e4-f4 b2-b3 f4-f5 b3-b2 f5-g5 a3-b3 g5-h4 b2-b1 h4-g4 b3-c3 g4-g3 c3-c2 " \
    "g3-g2 b1-b2 g2-g1 c2-c1 g1-f1 c1-c2 f1-g1 c2-c1 g1-f1 c1-b1 f1-f2 b1-c1 " \
    "f2-g1 c1-b1 g1-h2 b2-c2 h2-i1 c2-b2 i1-i2 b2-a1 i2-h2 a1-b2 h2-g2 b1-a1 " \
    "g2-h2 b2-c1 h2-i3 a1-b1 i3-h4 b1-b2 h4-i5 b2-b3 i5-h5 c1-c2 h5-h4 b3-b4 " \
    "h4-i5 b4-c5 i5-h5 c5-b4 h5-i5 b4-a3 i5-h4 a3-b3 h4-h5 c2-c3 h5-g5"

static const rule_case rules[] = {
    {"fanorona: the start: five captures into e3, d3 chooses approach or withdrawal", FANORONA, "",
     "d2-e3a d3-e3a d3-e3w e2-e3a f2-e3a", NULL, NULL, PL_RESULT_NONE},
    {"fanorona: a capture exists: no paika", FANORONA, "", NULL, "d3-e3a", "d3-e3 e2-e3", PL_RESULT_NONE},
    {"fanorona: a sequence never returns to a point of this turn", FANORONA, "d3-e3a", NULL,
     "c3-d3a c3-d3w", "c3-d3a-c3a c3-d3w-c3w c3-d3a-c3w", PL_RESULT_NONE},
    {"fanorona: a sequence never steps twice in a row the same way", FANORONA, "d3-e3a c3-d3a", NULL,
     "g3-f3w f2-f3a-e3a-f4a d2-e3a-f3w-f4a", "g3-f3w-e3a g3-f3w-e3w", PL_RESULT_NONE},
    {"fanorona: paika from a strong point goes eight ways, from a weak one four", FANORONA, PAIKA30,
     "b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-c1 b2-c2 b2-c3 e2-d2 e2-e1 e2-e3 e2-f2", NULL, NULL,
     PL_RESULT_NONE},
    {"fanorona: h1 is a weak point: no diagonal", FANORONA, PAIKA30 " e2-e3", "h1-g1 h1-h2 h1-i1", NULL,
     NULL, PL_RESULT_NONE},
    {"fanorona: a position seen the third time is a draw", FANORONA,
     PAIKA30 " e2-e3 h1-i1 b2-a2 i1-h1 a2-b2 h1-i1 b2-a2 i1-h1 a2-b2", NULL, NULL, NULL, DRAW},
    {"fanorona: 99 plies without a capture: the game goes on", FANORONA, PAIKA30 " e2-e3 " QUIET95,
     NULL, "c3-d2", NULL, PL_RESULT_NONE},
    {"fanorona: 100 plies without a capture: a draw", FANORONA, PAIKA30 " e2-e3 " QUIET95 " c3-d2",
     NULL, NULL, NULL, DRAW},
    {"fanorona: the last enemy stone taken: a win", FANORONA,
     "f2-e3a f3-f2a g3-f3w h4-h3a i3-h4a-g3w i4-i3a-h2a-i2w g3-g2w f2-g1w-f1a a2-a1w e4-e3a "
     "g2-h2a-g3a c3-d4w c2-c3a h3-i3w c3-b2w d5-d4a-c3a-d3w", NULL, NULL, NULL, BLACK},
};

/* Only a whole sequence takes the last stones: each engine must find it. */
static const win_case wins[] = {
    /* --make 95 15: d5-d4a-c3a-d3w of 7 moves */
    {FANORONA,
     "f2-e3a f3-f2a g3-f3w h4-h3a i3-h4a-g3w i4-i3a-h2a-i2w g3-g2w f2-g1w-f1a "
     "a2-a1w e4-e3a g2-h2a-g3a c3-d4w c2-c3a h3-i3w c3-b2w"},
    /* --make 105 11: h3-g3w-g2a-f2w-g1w-f1w of 11 moves */
    {FANORONA,
     "f2-e3a d5-d4a e3-d3w-d2w c3-d4w-d3a a2-a1w d3-c3a-d2a e2-f2w "
     "f4-f3a-e3w-d2a g2-g3a-f2w-e2a c4-c3a-b2a-b3w e2-e3a"},
    /* --make 102 22: b4-c4w-c3w-b2w of 8 moves */
    {FANORONA,
     "d3-e3a d4-d3a e3-d2w e4-e3a-f3a-f4w d2-e3a-e4a-f4a-f3w-g3a-h4a c3-d4w "
     "b3-c3w-b2w c4-c3a-d4w a2-a3a h5-g5 h4-i4 g5-h4a-h3a i2-h2 h3-h4w-g4w "
     "g2-g3a d4-e5 g3-f4a d3-c3 a3-b3a b4-a4 b3-b4a d5-d4"},
};

int main(int argc, char **argv)
{
    enum { N = sizeof cases / sizeof cases[0], R = sizeof rules / sizeof rules[0],
           W = sizeof wins / sizeof wins[0] };
    struct CMUnitTest more[R];
    for (int i = 0; i < R; i++)
        more[i] = (struct CMUnitTest){rules[i].what, classics_test_rule, NULL, NULL,
                                       (void *)&rules[i]};
    return classics_main("test_classics_f", argc, argv, cases, N, more, R, wins, W);
}
