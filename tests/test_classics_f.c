/*
 * test_classics_f.c -- Fanorona (games/draughts/fanorona.game) and
 * Breakthru (games/hunt/breakthru.game).
 *
 * Fanorona: perft from the start and from mid-game positions against the
 * independent generator tests/reference/fanorona_ref.py (no perft figures
 * are published for Fanorona), the rules that perft alone would not pin down (compulsory
 * capture, the capturing sequence's two bans, paika on weak and strong
 * points, the draws), and both engines finding a winning capture.
 *
 * Perft counts as docs/cli.md defines it: one move per distinct move text;
 * a whole capturing sequence, stopped at any point, is one move.  The
 * mid-game positions are seeded random games of the reference script:
 * `fanorona_ref.py --make SEED PLIES`.  CI checks depth 4 (the start:
 * 18026); `test_classics_f slow` the whole table (the start to depth 6).
 * Every Breakthru case runs to depth 3 in CI (the start: 4), some to 4
 * in the slow suite.
 *
 * Breakthru: perft from the start against the published figures of
 * Regular Boardgames (24, 552, 12144, 255024: gold's first four escort
 * placements), and from positions of play (every ply a move, the two moves
 * of a turn two plies) against tests/reference/breakthru_ref.py
 * (`--make SEED PLIES`); the turn's rules; both engines finding the
 * flagship's escape and its capture.
 */
#include "classics.h"

#define FANORONA "games/draughts/fanorona.game"
#define BREAKTHRU "games/hunt/breakthru.game"

static const classic_case cases[] = {
    /* fanorona_ref.py 6 */
    {FANORONA, "", 4, 6, {5, 39, 724, 18026, 431852, 9205774}},
    /* --make 1 8 */
    {FANORONA,
     "d3-e3a c3-d3a e2-e3a c4-c3a f2-f3a g5-f4a-e5w f3-g3a-f2w-e3a-e4a "
     "g4-g3a-h3a", 4, 5, {6, 80, 662, 5297, 27040}},
    /* --make 3 20 */
    {FANORONA,
     "d3-e3a c3-d3w c2-c3a-b3w d4-d3a-c3a-d2a-c2w e3-e2w-d2a-c3a-b3a-b4a "
     "h3-h2a b4-c4w f4-e5w i3-i2w h2-g3w g1-g2a f5-g5 g2-f2 h4-g3a f1-e1 "
     "g3-f2a b2-c2 e5-f4 i2-i3 g5-h4a", 4, 5, {14, 289, 3502, 61468, 793401}},
    /* --make 5 30 */
    {FANORONA,
     "f2-e3a d5-d4a f1-f2a g5-f4a-f3a g3-f4a c3-d2a g2-g3a-f2w-e3a-d3w-d4w "
     "e4-e3a-f2w-g2a-g3w-h2a-g1w-f1w b3-c3w-d2w c4-c3a-d4w-d3a a2-a3a d3-d4 "
     "f4-e4a h5-h4 b1-c1 h3-h2 c1-b2 h4-h3 a3-a4 i4-i5 b2-a1 b5-a5 a4-a3w "
     "i5-h4 a3-a4 h2-g3 e4-d4 g3-f4 d4-e4a f1-g1", 4, 5, {10, 122, 1359, 17391, 198763}},
    /* --make 5 50 */
    {FANORONA,
     "f2-e3a d5-d4a f1-f2a g5-f4a-f3a g3-f4a c3-d2a g2-g3a-f2w-e3a-d3w-d4w "
     "e4-e3a-f2w-g2a-g3w-h2a-g1w-f1w b3-c3w-d2w c4-c3a-d4w-d3a a2-a3a d3-d4 "
     "f4-e4a h5-h4 b1-c1 h3-h2 c1-b2 h4-h3 a3-a4 i4-i5 b2-a1 b5-a5 a4-a3w "
     "i5-h4 a3-a4 h2-g3 e4-d4 g3-f4 d4-e4a f1-g1 e4-f4 h4-g4a a1-b1 g1-g2 "
     "a4-a3 g2-f2 a3-b3 f2-g2 b1-b2 g2-g3 b2-c1 g3-h4 b3-c3 h4-h5 c3-d2 h5-i5 "
     "c1-d1 g4-g5 d2-c2 h3-h2", 4, 5, {7, 112, 975, 12813, 113991}},
    /* --make 7 25 */
    {FANORONA,
     "d3-e3w b4-c3a-d3w c2-c3a-b3a-b4a-c4w d3-c3w-c2a-d2w c4-b4w-c3a-d4a "
     "i5-h4a d4-d3w-e3a g5-f4a-g3a-g4w h1-h2a g4-g5 i3-h4a a5-a4 b1-b2 f5-e5 "
     "h4-g3 e5-f4a b2-c2 a4-a5 i2-h2 f4-g3a a1-b1 g3-h3 c2-b2 a5-b4 b2-b3a", 4, 5, {4, 68, 411, 5955, 25850}},
    /* --make 7 40 */
    {FANORONA,
     "d3-e3w b4-c3a-d3w c2-c3a-b3a-b4a-c4w d3-c3w-c2a-d2w c4-b4w-c3a-d4a "
     "i5-h4a d4-d3w-e3a g5-f4a-g3a-g4w h1-h2a g4-g5 i3-h4a a5-a4 b1-b2 f5-e5 "
     "h4-g3 e5-f4a b2-c2 a4-a5 i2-h2 f4-g3a a1-b1 g3-h3 c2-b2 a5-b4 b2-b3a "
     "h3-i3 b1-b2 i3-h3 b2-a2 h3-h2 d1-e1 h2-i2 a2-b2 i2-i3 b2-b1 i3-i4 b3-b2 "
     "i4-i5 b2-b3 i5-h4", 4, 5, {15, 99, 1565, 5960, 93645}},
    /* --make 9 30 */
    {FANORONA,
     "e2-e3a f4-e5w-e4a d3-e3a-f4a-f3w-g3a d4-e3a-e2a-f2a d2-e2a-e3a c3-d3a "
     "c2-c3a-d2w h4-g5w g3-h4a b5-b4a-c3a-b2a d1-d2a-c2a i4-i3a h4-h3w-g3w-g2w "
     "a3-b2a c2-d2w a4-a3a g2-h2 d5-d4 d2-d3a a3-a4 h1-g1 a4-a3 d3-e3 a3-a4 "
     "h2-h3 a4-b4 e3-d4 b4-c4a f1-f2 c4-c5", 4, 5, {15, 71, 913, 4227, 54408}},
    /* --make 9 60 */
    {FANORONA,
     "e2-e3a f4-e5w-e4a d3-e3a-f4a-f3w-g3a d4-e3a-e2a-f2a d2-e2a-e3a c3-d3a "
     "c2-c3a-d2w h4-g5w g3-h4a b5-b4a-c3a-b2a d1-d2a-c2a i4-i3a h4-h3w-g3w-g2w "
     "a3-b2a c2-d2w a4-a3a g2-h2 d5-d4 d2-d3a a3-a4 h1-g1 a4-a3 d3-e3 a3-a4 "
     "h2-h3 a4-b4 e3-d4 b4-c4a f1-f2 c4-c5 f2-f1 c5-b5 h3-g3 b5-a5 g3-h3 a5-b4 "
     "g1-g2 b4-c4 g2-g1 c4-c5 f1-e1 c5-b5 h3-h2 b5-a5 h2-i1 a5-a4 g1-f2 a4-a5 "
     "e1-e2 a5-a4 f2-e1 a4-a5 e1-d2 a5-b5 d2-c1 b5-a5 i1-h1 a5-a4 c1-d1 a4-a5", 4, 5, {10, 30, 340, 1377, 15381}},
    /* --make 11 35 */
    {FANORONA,
     "e2-e3a f4-e5w-e4a d3-e3w-f4a h4-g3a d2-d3a-e3a-d4a "
     "c4-c3a-d3w-d2a-e3a-f2a g2-h2w e4-f4w-g3a b2-b3a-c3w-b4a a4-a3a "
     "i3-h3a-h4a-g3w i4-i3a-h3a b4-c5w h3-h2a f1-e1 h2-i1 e1-f1 f5-e5 c5-d5a "
     "g4-h4 b1-c1 i1-h2 c1-b1 h2-g3 b1-a1 g3-f2 d5-c5 f2-f3w a1-a2 h4-h3 c5-c4 "
     "h3-i3 c4-c3 f3-g3 c3-d2", 4, 5, {13, 123, 1152, 10085, 95707}},
    /* --make 15 54 */
    {FANORONA,
     "d3-e3a c3-d3a b3-c3a d4-d3a-e3w-d2a-c3w e2-e3a-d3a-d4a b4-b3a c2-c3a "
     "f4-e4a g3-f3w g4-g3a-f4w c3-b4a-c4w h4-g3a i3-h3a-h4a-g4w-g3w e4-d4a "
     "g3-h2w f5-f4a h2-g3a-h4a a3-a4w h4-g4 b3-c3 g4-g5 c3-c4 g5-f4 d4-e4a "
     "i2-i3 c4-b4 h1-g1 b5-c5 i3-h3 e4-e3 g1-f2a a4-a5 f2-g2 c5-c4 g2-g3 b4-c5 "
     "g3-h4 c4-d4 h4-i4 d4-d5 i4-h4 c5-d4 h4-i5 a5-b4 i5-h4 b4-a3 h3-g3 a3-b2 "
     "g3-f4 d4-e4a h4-g4 e4-f4a f1-e1 b2-b1", 4, 5, {5, 31, 90, 644, 2764}},
    /* Breakthru: published (RBG) */
    {BREAKTHRU, "", 4, 4, {24, 552, 12144, 255024}},
    /* --make 1 5: placing */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4",
     3, 3, {19, 342, 5814}},
    /* --make 1 11: the last placement */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5",
     3, 3, {13, 689, 33399}},
    /* --make 1 12: gold's first turn */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5",
     3, 3, {53, 2584, 203837}},
    /* --make 1 13: between the two moves of a turn */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6",
     3, 4, {45, 3553, 269053, 15870938}},
    /* --make 1 16: the flagship can capture */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6 d5-d3 g2-g5 h2-i2",
     3, 3, {67, 3862, 354577}},
    /* --make 1 18: silver can capture the flagship */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6 d5-d3 g2-g5 h2-i2 d3-a3 h7-i7",
     3, 3, {95, 7920, 670816}},
    /* --make 1 43: the flagship can reach the edge */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6 d5-d3 g2-g5 h2-i2 d3-a3 h7-i7 "
     "g5xf4 e4-e3 e5-e8 i2-k2 b6-a6 f6-e6 a6-a5 b4-b2 a3-b3 d6-b6 k2-k9 f10-f8 "
     "e3xf4 f2-j2 k9-k1 b3-d3 g7-g2 k1-j1 g10-g11 g8-h8 i7-i1 b7-h7 f8-f10 "
     "e6-e4 j2xi1",
     3, 4, {87, 6151, 710244, 73456146}},
    /* --make 2 33 */
    {BREAKTHRU,
     "d5 d7 d8 g4 e7 f8 f7 f4 d6 g8 h5 e5 f7-g7 h5-h8 h2-h4 j6-k6 f4-f3 g7-i7 "
     "h4-h3 j7-j6 f6-f5 b4-c4 b5-b3 g4-g5 f8-e8 k6-k5 d10-d11 h8-h5 f3-f4 "
     "d11-f11 h10-j10 e7-g7 d8-d10",
     3, 3, {123, 13691, 1045443}},
    /* --make 3 50 */
    {BREAKTHRU,
     "e6 h4 g8 d8 f8 h5 d6 d4 h8 e7 g4 e5 e5-c5 h8-h6 j4-j3 j8-j9 h6-g6 e7-d7 "
     "h10-i10 j9-g9 d4-e4 d6-c6 j3-e3 d10-d9 h5-g5 d8-e8 j5-j4 b4-b1 c6-c10 "
     "d7-h7 i10-i2 g10-g11 c10-c8 e8-d8 b1-f1 j6-j5 e6-e9 h7-h5 i2-i11 h2-k2 "
     "g6-g7 e4-e6 j5-k5 k2-j2 d8-d3 h5-h11 i11-i5 b7-f7 c5-c6 e6-e7",
     3, 3, {131, 15051, 1373990}},
    /* --make 1 100 */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6 d5-d3 g2-g5 h2-i2 d3-a3 h7-i7 "
     "g5xf4 e4-e3 e5-e8 i2-k2 b6-a6 f6-e6 a6-a5 b4-b2 a3-b3 d6-b6 k2-k9 f10-f8 "
     "e3xf4 f2-j2 k9-k1 b3-d3 g7-g2 k1-j1 g10-g11 g8-h8 i7-i1 b7-h7 f8-f10 "
     "e6-e4 j2xi1 d8-d9 h5-c5 e2xd3 b6-c6 g2-h2 b8-b9 f10-f5 h8-i8 h2-f2 "
     "g11-g10 b5-b3 e4xd3 i1-i6 j4-j2 f2-h2 f4-g4 g10-g8 j8-j11 h6-g6 d9-f9 "
     "h10-h9 g8-h8 g6-h6 h4-h3 j7-j8 e10-g10 h2-g2 c5-c4 j11-g11 f5-g5 i8-i11 "
     "g2-e2 i6-i7 h8-f8 d3-c3 g5-g6 j6-i6 e8-e9 c4-f4 h9-k9 j2-j3 c6-c11 e9-e6 "
     "j5-c5 i7-i10 f4-e4 f9-e9 a5-a7 j1-b1 c11-c8 e6-e5 j8-j4 k9-k10 h6-h4 "
     "e5-e7 k10-k11 c5-c4",
     3, 3, {71, 4922, 786815}},
    /* --make 2 150 */
    {BREAKTHRU,
     "d5 d7 d8 g4 e7 f8 f7 f4 d6 g8 h5 e5 f7-g7 h5-h8 h2-h4 j6-k6 f4-f3 g7-i7 "
     "h4-h3 j7-j6 f6-f5 b4-c4 b5-b3 g4-g5 f8-e8 k6-k5 d10-d11 h8-h5 f3-f4 "
     "d11-f11 h10-j10 e7-g7 d8-d10 c4-c5 b3-b4 e5-e6 f4-c4 c5-c8 d2-d1 h5-h6 "
     "i7-j7 f10-f7 g10-i10 h6-i6 c4-i4 i10-i7 j10-f10 j7-k7 i4-i1 h3-g3 j6-k6 "
     "g8-g9 e6-g6 j4-k4 b8-b11 g9-f9 i1-h1 j8-g8 g2-i2 h1-h9 d6-f6 i7-i11 "
     "f10-j10 h9-h8 k7-k9 j10-j9 g3-d3 h8-h10 i6-j6 i11xh10 f9xg8 j9-g9 k4-j4 "
     "j6-j9 g5-g4 d3-e3 g9-c9 e8-d8 j9-j8 k5-k4 e2-a2 j8-j11 f6-c6 e3-a3 j5-j7 "
     "j11-g11 k9-k7 k4-k1 k6-h6 g4-g1 d5-d4 c9-e9 j7-i7 g6-d6 g7-h7 k1-i1 "
     "a3-h3 f5-i5 a2-a11 e9-g9 d4-d2 c6-c4 j4-j2 b11-b9 d7-e7 k7-k6 f11-f9 "
     "h3-h2 k6-k9 c4-k4 j2-j6 b4-b2 k9-k6 g1-g2 f2-f1 i7-i6 e7-e2 d2-d4 "
     "h10-k10 a11-a8 d4-c4 g2-g7 g9-i9 d1-c1 d8-e8 k6-k5 a8-a5 b6-b5 c4xb5 "
     "b7-b6 a5-a6 b5-e5 d10-c10 h2-h1 f1-f6 d6-d9 e5-e7 c8-c3 h1-h2 i5-b5 "
     "a6-a1 e10-j10 c10-a10 e8-c8 c3-c2 a1-a6 a10-a7 g11-a11 k10-k9 i9-i10",
     3, 4, {131, 13249, 1596976, 176953854}},
    /* --make 3 300 */
    {BREAKTHRU,
     "e6 h4 g8 d8 f8 h5 d6 d4 h8 e7 g4 e5 e5-c5 h8-h6 j4-j3 j8-j9 h6-g6 e7-d7 "
     "h10-i10 j9-g9 d4-e4 d6-c6 j3-e3 d10-d9 h5-g5 d8-e8 j5-j4 b4-b1 c6-c10 "
     "d7-h7 i10-i2 g10-g11 c10-c8 e8-d8 b1-f1 j6-j5 e6-e9 h7-h5 i2-i11 h2-k2 "
     "g6-g7 e4-e6 j5-k5 k2-j2 d8-d3 h5-h11 i11-i5 b7-f7 c5-c6 e6-e7 k5-k4 "
     "d9-d6 e9-f9 h11-j11 g11-i11 f1-j1 g8-i8 g7-g8 i5-i6 i11-a11 h4-h9 g8-g6 "
     "e3-e5 k4-k2 f8xg9 a11-a7 e2-e4 h9-j9 d3-e3 g2-g1 f2-f4 i8-i10 j9-i9 "
     "b8-b7 j2-h2 j11-a11 e3-g3 k2-k6 d6-d11 f6-e6 d11-d5 a7-a9 g3xf4 j4-j5 "
     "b7-b11 f9-f8 i10-h10 b11-b9 f10-f9 c6xd5 a9-a5 e4-b4 f4-f3 g4-e4 d2-a2 "
     "a5-a8 f8-i8 g6-g7 a2-g2 f9-f10 g9-e9 g5-i5 f10-g10 h2-h8 i9-i11 e4-c4 "
     "g2-b2 e10-e11 a11-d11 e7-e8 a8-a10 b2-i2 c4-k4 i11-i10 j7-j8 a10-a8 "
     "d5-d3 g7-g9 g1-a1 f7-i7 d11-d6 c8-c3 h8-h4 i2-e2 f3-f11 d3-f3 h4-h8 "
     "i7-j7 f3-f2 g9-k9 h8-h7 g10-g5 d6-d3 k4-d4 k6-k3 b6-a6 e9-f9 i8-f8 e2-e4 "
     "h7-h3 f2-f5 f11-h11 j8-j10 h3-e3 h10-h2 f9-e9 a1-a4 j7-h7 f8-f11 i10-d10 "
     "h7-h4 a4-a3 e8-e7 h2-k2 b5-b8 a6-a7 h11-h10 k2-g2 h4-k4 e5-c5 e7-j7 "
     "i5-i4 i6-h6 g5-g7 f5-i5 k9-k7 j5-j3 a3-a4 g2-g6 d10-c10 k4-k5 h6-j6 "
     "c10-c11 g6-h6 b8-i8 g7-i7 f11-h11 h10-e10 i8-c8 b4-b6 e9-i9 e10-c10 "
     "e4-f4 j1-k1 h11-h9 h6-h3 e3-e2 j10-e10 d3-d1 c10-d10 b9-b7 c8-g8 h3-f3 "
     "d10-c10 e2-d2 b7-d7 e6-e7 c5-g5 j6-f6 i4-k4 c3-a3 b6-b9 g5-d5 e7-e8 "
     "f6-c6 f4-j4 k7-k9 d4-f4 g8-i8 j3-g3 d1-g1 c10-c9 e10-h10 d2-j2 h9-h5 "
     "i9-g9 e11-e9 d7-d10 j7-j6 c11-j11 a7-b7 d5-c5 f4-f8 j11-k11 c5-f5 e9-e11 "
     "g1-d1 c9-d9 k5-k6 g3-g6 h5-h3 d1-e1 h10xg9 e8-e3 j2-b2 e11-e4 h3-i3 "
     "i5-i4 g6-g2 e4-d4 f8xg9 j4-j1 g2-c2 a3-d3 j6-h6 b9-a9 c6-a6 d3-a3 i4-f4 "
     "j1-j11 i8-c8 h6-h2 f4-g4 a6-e6 j11-b11 k4-i4 k9-k7 i7-d7 d10-g10 h2-h8 "
     "g9-h9 c8-c3 a9-c9 i4-i5 g4-j4 b2-b1 c9-c5 d9-c9 e1-d1 g10-g4 c2-e2 "
     "h9-h10 j4-j5 a8-c8 a4-a6 h8-h9 d1-d3 b7-b8 g4-h4 h9-e9 h10-i10 a6-a8 "
     "k1-h1 j5-j11 i5-h5 b1-b7 k6-f6 j11-f11 e9-d9 e6-e8 b7-b3 f11-d11 k11-j11 "
     "h4-h3 f6-k6 k7-j7 c9-b9 e8xd9 e3-e9 d4-e4",
     3, 3, {116, 12374, 1046975}},
    /* LAST_ESCORT below: gold has moved its last escort, then only pass */
    {BREAKTHRU,
     "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g7-f7 d5-d3 e2xd3 f7-d7 h4-i4 d3xe4 "
     "h7-f7 g6-i6 j5xi6 h5-h9 e5-e7 g10xh9 f7-g7 d6-d3 e4xd3 d7-d4 i4-i3 j4xi3 "
     "d4-c4 f4-h4 d3xc4 g8-e8 d8-d3 c4xd3 h4-d4 e8-i8 h9xi8 e7-e9 d4-f4 d10xe9 "
     "g7-g10 f4-f5 b4-d4 i3-h3 g10-g9 f5-d5 f10xg9 d5-h5",
     3, 3, {1, 163, 24894}},
};

enum { WHITE = 0, BLACK = 1, DRAW = 2 };
enum { GOLD = 0, SILVER = 1 };

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

/* Breakthru: gold's escorts placed, gold to play its first turn */
#define PLACED "d4 e4 g4 h4 d8 e8 g8 h8 d6 h6 f4 f8"

/* --make 1 16: gold to move; the flagship (f6) and the escort on h4 can take g5 */
#define MOVES16 \
    "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6 d5-d3 g2-g5 h2-i2"

/* --make 1 43: gold to move; e4-a4 takes the flagship to the edge */
#define MOVES43 \
    "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g6-h6 d5-d3 g2-g5 h2-i2 d3-a3 h7-i7 " \
    "g5xf4 e4-e3 e5-e8 i2-k2 b6-a6 f6-e6 a6-a5 b4-b2 a3-b3 d6-b6 k2-k9 f10-f8 " \
    "e3xf4 f2-j2 k9-k1 b3-d3 g7-g2 k1-j1 g10-g11 g8-h8 i7-i1 b7-h7 f8-f10 " \
    "e6-e4 j2xi1"

/* a game of the reference where silver captured an escort whenever it
 * could: gold has just moved its last escort (h5) */
#define LAST_ESCORT \
    "d8 h4 d6 f4 e4 h5 g8 h7 g6 g7 e5 d5 g7-f7 d5-d3 e2xd3 f7-d7 h4-i4 d3xe4 " \
    "h7-f7 g6-i6 j5xi6 h5-h9 e5-e7 g10xh9 f7-g7 d6-d3 e4xd3 d7-d4 i4-i3 j4xi3 " \
    "d4-c4 f4-h4 d3xc4 g8-e8 d8-d3 c4xd3 h4-d4 e8-i8 h9xi8 e7-e9 d4-f4 d10xe9 " \
    "g7-g10 f4-f5 b4-d4 i3-h3 g10-g9 f5-d5 f10xg9 d5-h5"

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
    {"breakthru: the start: gold places an escort on the free squares of d4..h8", BREAKTHRU, "",
     NULL, "d4 h8 e6 g5", "f6 c3 i9 d3 f6-f5", PL_RESULT_NONE},
    {"breakthru: after the twelfth placement gold plays the first turn", BREAKTHRU, PLACED,
     NULL, "f6-f5 d8-c8 d8-d9", "d2-d1 b4-a4", PL_RESULT_NONE},
    {"breakthru: the second move: another ship, not the flagship, no capture", BREAKTHRU,
     MOVES16 " d8-c8", NULL, "g8-g9 d3-a3 e4-e3", "c8-c9 c8-d8 f6-f7 f6xg5 h4xg5 d2-d1", PL_RESULT_NONE},
    {"breakthru: the second move ends the turn", BREAKTHRU, MOVES16 " d8-c8 g8-g9", NULL,
     "d2-d1 g5-g6", "d3-a3 e4-e3", PL_RESULT_NONE},
    {"breakthru: the flagship moves alone", BREAKTHRU, PLACED " f6-f5", NULL, "d2-d1 b4-a4",
     "d8-c8 f5-f4", PL_RESULT_NONE},
    {"breakthru: the flagship captures, and the turn ends", BREAKTHRU, MOVES16 " f6xg5", NULL,
     "d2-d1", "g5-g4 d8-c8", PL_RESULT_NONE},
    {"breakthru: an escort captures, and the turn ends", BREAKTHRU, MOVES16 " h4xg5", NULL,
     "d2-d1", "g5-g4 d8-c8", PL_RESULT_NONE},
    {"breakthru: no other ship can move: the second move is pass", BREAKTHRU, LAST_ESCORT, "pass",
     NULL, NULL, PL_RESULT_NONE},
    {"breakthru: the flagship on the edge: gold wins", BREAKTHRU, MOVES43 " e4-a4", NULL, NULL, NULL,
     GOLD},
    {"breakthru: the flagship near the edge: the game goes on", BREAKTHRU, MOVES43 " e4-b4", NULL,
     NULL, NULL, PL_RESULT_NONE},
    {"breakthru: the flagship captured: silver wins", BREAKTHRU, MOVES16 " d3-a3 h7-i7 g5xf6", NULL,
     NULL, NULL, SILVER},
    {"breakthru: a position seen the third time is a draw", BREAKTHRU,
     PLACED " d8-c8 h8-i8 d2-d1 h2-h1 c8-d8 i8-h8 d1-d2 h1-h2"
            " d8-c8 h8-i8 d2-d1 h2-h1 c8-d8 i8-h8 d1-d2 h1-h2", NULL, NULL, NULL, DRAW},
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
    /* Breakthru, MOVES43: e4-a4, the flagship's escape, among 87 moves */
    {BREAKTHRU, MOVES43},
    /* Breakthru, --make 1 18: g5xf6, the flagship's capture, among 95 moves */
    {BREAKTHRU, MOVES16 " d3-a3 h7-i7"},
};

int main(int argc, char **argv)
{
    return CLASSICS_MAIN("test_classics_f", NULL, 0);
}
