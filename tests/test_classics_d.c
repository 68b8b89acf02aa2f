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
#define SHOGI "games/east-asian-chess/shogi.game"

static const classic_case cases[] = {
    /* published: 44, 1920, 79666, 3290240 */
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
    /* seed 20, 82 plies: red is in check and has three answers */
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
    /* published (Talkchess "Shogi Perft numbers"; Qiita, ak11): 30, 900, 25470, 719731 */
    {SHOGI, "", 3, 4, {30, 900, 25470, 719731}},
    /* seed 2, 40 plies: a promoted bishop, golds and pawns dropped */
    {SHOGI,
     "h3h4 h7h6 a3a4 b7b6 b3b4 c9c8 d1d2 i7i6 h2g2 g9g8 i1i2 d9d8 d2c2 g7g6 "
     "c1d2 b6b5 f3f4 d8d9 e1e2 h8c3+ g1h2 g6g5 f1g1 g8h7 h4h5 f7f6 e2d1 d7d6 "
     "h5h6 P*h5 P*c4 e9d8 h6h7 d8d7 b2c1 e7e6 h2i1 c3c2 d1e2 G*e9",
     3, 3, {70, 2791, 124609}},
    /* seed 4, 80 plies: promoted lance and bishop, a rook and bishops dropped */
    {SHOGI,
     "d1d2 c7c6 c1c2 f9f8 e3e4 e7e6 c2d1 b7b6 b2c1 a7a6 e1f2 e6e5 i1i2 b6b5 "
     "d2c2 f7f6 c1h6 b9c7 c3c4 d9c8 f1e1 i9i8 a3a4 g9g8 e1f1 g8f7 f1g2 c9d8 "
     "c4c5 f6f5 f2f1 f7g6 b3b4 f8e8 h6c1 e8e7 c2b2 c8c9 c1h6 h8g9 f1e1 b8b6 "
     "h6i7+ e7f7 a1a2 e9f8 f3f4 i8i7 b2c2 c9b8 d3d4 i7i5 c2d2 d7d6 e1e2 B*e3 "
     "d2c2 e3d2 c2c3 a9a8 b1a3 b5b4 d1d2 i5i3+ B*h5 f8g8 g2f2 i3h2 e2f3 h2i1 "
     "d2e1 R*c2 i2i6 b6b7 P*b6 c2e2 e1e2 h9i7 e2d3 c7d5",
     3, 3, {76, 3454, 191868}},
    /* seed 6, 120 plies: twelve drops, both sides with pieces in hand */
    {SHOGI,
     "h2g2 e9e8 h3h4 b7b6 f1f2 g9g8 d1e2 a9a8 a1a2 b8d8 h4h5 f9f8 e3e4 e7e6 "
     "a3a4 d9c8 e4e5 d7d6 h5h6 e8e7 f2f1 f8f9 g2f2 c8b7 c1c2 e7f6 f2h2 f9e9 "
     "e5e6 f6f5 b2c1 h7h6 f1g2 e9e8 a4a5 f5e5 e6e7 d8d9 f3f4 b7a6 c1e3 e5e6 "
     "a5a6 P*e9 g2f3 d6d5 h2h6 e6e7 d3d4 i7i6 G*f1 e7d8 g1g2 g8h7 h6h3 i6i5 "
     "f3f2 i9i8 P*e5 h7h6 f1g1 c9b8 g1f1 c7c6 e5e6 b8b7 a2a4 e8d7 d4d5 P*h7 "
     "e3b6 d7c7 b6c7 d8c9 c7b6+ c9c8 G*d4 h8g9 b6c5 h6i7 h3h4 f7f6 P*h2 c8c7 "
     "c5b4 a7a6 h2h3 d9d5 e2d3 i5i4 f1g1 g9e7 b4e7 d5d6 P*a3 i7i6 P*d8 d6d4 "
     "B*d2 d4a4 c3c4 G*e4 e7g9 h9i7 i1i2 a4a3+ d2a5 c7d7 d3e3 L*c7 g9e7 d7c8 "
     "e7e8 c8b8 h4i4 P*d2 e8f7 e4e5 f2f3 b8c8",
     3, 3, {52, 1857, 99225}},
    /* seed 8, 160 plies: six promotions (a knight forced on the last rank), 21 drops */
    {SHOGI,
     "d1d2 c9d8 e3e4 b8c8 d2d1 i7i6 a3a4 b7b6 c3c4 d7d6 h2d2 c8c9 e1f2 h8i7 "
     "a1a3 f9f8 i3i4 f8f9 f2g2 f9g8 d1c2 i7h8 h1i3 e9f9 b2a1 f9f8 d2d1 a7a6 "
     "d1e1 f8e9 g2f2 f7f6 f3f4 i6i5 b3b4 h8i7 e1d1 b6b5 a1f6 e9e8 i3h5 i7f4 "
     "f2g2 a6a5 h5g7 P*f7 f6a1 e8e9 a1b2 g9f8 h3h4 e9e8 i4i5 d8d7 i5i6 b5b4 "
     "g2h3 P*g5 g1h2 d7e6 a4a5 h7h6 f1g1 g8h8 g1f1 e8d8 h2i3 f4c1+ d3d4 S*d5 "
     "a3a4 h8h7 P*f3 g5g4 d1d3 h9i7 d3e3 i9i8 f3f4 f8g9 h3i2 c1e3 e4e5 R*d7 "
     "f1f2 g9f8 d4d5 f8e9 S*a7 h6h5 g7f9+ e3c1 c2d2 c1c2 P*b3 d6d5 d2c3 c2b3 "
     "b2a1 P*a6 f2e3 c9c8 c4c5 d5d4 e3d3 b3c3 d3d4 G*d1 a1b2 g4g3+ P*b5 P*i5 "
     "P*g8 c3c4 a7b6 P*d2 f9f8 d1e1 b2c3 g3f2 f8g9 c4e2 b6b7 e2f3 i6i7+ f2g1 "
     "b7c8+ d8e8 N*c4 f3h1 i2h3 e6d5 R*b2 a9a8 P*i4 d2d1+ h3g4 h5h4 c8d8 "
     "d9d8 i3h2 d5d4 b2g2 G*d3 e5e6 P*d6 c3e1 a6a5 c4d6 e8f8 g2b2 S*b6 i7i6 "
     "d1d2 P*a1 d2e1 b1a3 B*a2 g4g5 b9a7",
     2, 3, {78, 4935, 274459}},
    /* seed 1, 106 plies: P*f3 would mate the king on f4: uchifuzume */
    {SHOGI,
     "c1d2 e9e8 i1i2 h7h6 b2c1 c9d8 c1b2 f7f6 i3i4 e8f7 f1g2 f9e8 e1f2 i9i8 "
     "d1c2 b8a8 h1i3 a7a6 f2f1 e7e6 i3h5 g9f8 i4i5 a6a5 h5i7+ h8i7 d3d4 N*h7 "
     "g3g4 i7h8 b3b4 f7g6 a1a2 a8a6 a3a4 h8i7 a2a3 f8e9 h2h1 a9a7 f1e1 i7g9 "
     "a4a5 i8i7 c2d3 g9f8 e3e4 f8b4 e1d1 b4g9 d2c1 c7c6 h3h4 d9c8 P*b4 f6f5 "
     "h1i1 h6h5 g2g3 P*i6 c1d2 g6h6 g3h3 h7g5 d1e2 c8c9 g1h2 g9h8 i1h1 h8i9 "
     "e2d1 d8c7 g4g5 e9d8 i2i3 e8f7 N*g6 f7g6 b2a1 N*i8 d1e1 d8e9 e1f2 h6g5 "
     "d2e1 c7d8 i5i6 i8h6 f3f4 P*a8 h2g1 i7i6 h1i1 a6b6 a3a4 i9h8 f2g2 g5f4 "
     "g2f2 P*i4 g1h2 a7a6 c3c4 h8i7 i1g1 h5h4",
     3, 3, {49, 1210, 58598}},
    /* a random game (seed 4, legal-move order), 94 plies: black mates (h8g8+ or h7g8) */
    {SHOGI,
     "e1e2 f9f8 d1d2 b8a8 e3e4 e7e6 f1e1 c9b8 g1g2 d9d8 e2d1 e6e5 h3h4 e9e8 "
     "f3f4 d8d9 e1f1 f8g8 i3i4 d7d6 f1e1 b7b6 d3d4 h7h6 a1a2 g8h7 e1f2 b8b7 "
     "d4d5 a8b8 c3c4 e8d8 e4e5 d9e8 d1e2 g9f8 e5e6 d8d9 g2f1 b7a8 h2h3 i7i6 "
     "d2d3 b8c8 f4f5 i9i7 d3e3 h7g6 b1c3 e8d7 e2f3 d7e7 f3g4 b6b5 d5d6 i6i5 "
     "f1g2 c8d8 c3b5 h6h5 h4h5 d9e9 d6d7+ e9f9 h1i3 f7f6 i1i2 e7d6 d7e7 a8b7 "
     "g2f1 b7c8 P*d3 d8d7 e3f3 h8g9 f2e2 c7c6 e7d7 i7i6 R*h8 c8d7 f3e4 d6c5 "
     "e6e7 c5d5 e2f3 P*e5 h5h6 d5d4 e4e5 f8e9 h6h7+ d7d6",
     3, 3, {65, 1653, 98842}},
};

enum { FIRST_PLAYER = 0, SECOND_PLAYER = 1 };   /* the order of `players` */

static const rule_case rules[] = {
    {"xiangqi: a horse is blocked at the leg", XIANGQI, "", NULL,
     "b1a3 b1c3 h1g3 h1i3", "b1d2 h1f2", PL_RESULT_NONE},
    {"xiangqi: an elephant moves two points diagonally over an empty eye", XIANGQI, "", NULL,
     "c1a3 c1e3 g1e3 g1i3", "c1b2 c1d2", PL_RESULT_NONE},
    {"xiangqi: a cannon captures by jumping exactly one screen", XIANGQI, "", NULL,
     "b3b10 b3b7 h3h10", "b3b8 b3b9 h3h8 h3h9", PL_RESULT_NONE},
    {"xiangqi: general and advisors stay in the palace", XIANGQI, "", NULL,
     "e1e2 d1e2 f1e2", "d1c2 e1d2", PL_RESULT_NONE},
    {"xiangqi: a soldier steps forward only before the river", XIANGQI, "", NULL,
     "e4e5", "e4d4 e4f4 e4e3", PL_RESULT_NONE},
    {"xiangqi: across the river a soldier also steps sideways, never back", XIANGQI,
     "e4e5 a7a6 e5e6 a6a5", NULL, "e6d6 e6e7 e6f6", "e6e5", PL_RESULT_NONE},
    {"xiangqi: an elephant never crosses the river", XIANGQI,
     "c1e3 a7a6 e3c5 a6a5", NULL, "c5a3 c5e3", "c5a7 c5e7", PL_RESULT_NONE},
    {"xiangqi: the generals may not face each other on an open file", XIANGQI,
     "e4e5 a7a6 e5e6 a6a5 e6d6 e7e6 d6d7 e6e5 a4a5", NULL, "e5e4", "e5d5 e5f5", PL_RESULT_NONE},
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
     "a4d4", NULL,
     NULL, NULL, SECOND_PLAYER},
    {"shogi: promotion in the zone is optional: two moves", SHOGI, "c3c4 g7g6", NULL,
     "b2g7 b2g7+ b2h8 b2h8+", "b2d4+", PL_RESULT_NONE},
    {"shogi: a captured piece goes to the hand and may be dropped", SHOGI, "c3c4 g7g6 b2h8+ g9h8", NULL,
     "B*e5 B*a8 B*g9", "B*e9 P*e5", PL_RESULT_NONE},
    {"shogi: no pawn drop on a file with an unpromoted pawn of one's own (nifu)", SHOGI,
     "h3h4 a7a6 h4h5 a6a5 h5h6 a5a4 h6h7 i9i8", NULL, "h7h8 h7h8+", "P*h4 P*h5 P*e5", PL_RESULT_NONE},
    {"shogi: a tokin does not count for nifu", SHOGI,
     "h3h4 a7a6 h4h5 a6a5 h5h6 a5a4 h6h7+ i9i8", NULL, "P*h4 P*h5 h7g8", "P*e5", PL_RESULT_NONE},
    {"shogi: a pawn reaching the last rank must promote", SHOGI,
     "h3h4 a7a6 h4h5 a6a5 h5h6 a5a4 h6h7 i9i8 h7h8 e9e8", NULL, "h8h9+", "h8h9", PL_RESULT_NONE},
    {"shogi: no drop where the piece could never move", SHOGI,
     "h3h4 a7a6 h4h5 a6a5 h5h6 a5a4 h6h7 i9i8 h7h8 e9e8 h8h9+ e8e9", NULL, "N*a7 P*h8 P*h3", "N*a8 N*e8 N*i9", PL_RESULT_NONE},
    {"shogi: a knight reaching the last two ranks must promote", SHOGI,
     "d1d2 c9d8 e3e4 b8c8 d2d1 i7i6 a3a4 b7b6 c3c4 d7d6 h2d2 c8c9 e1f2 h8i7 "
     "a1a3 f9f8 i3i4 f8f9 f2g2 f9g8 d1c2 i7h8 h1i3 e9f9 b2a1 f9f8 d2d1 a7a6 "
     "d1e1 f8e9 g2f2 f7f6 f3f4 i6i5 b3b4 h8i7 e1d1 b6b5 a1f6 e9e8 i3h5 i7f4 "
     "f2g2 a6a5 h5g7 P*f7", NULL, "g7f9+ g7h9+", "g7f9 g7h9", PL_RESULT_NONE},
    {"shogi: a pawn drop may not give checkmate (uchifuzume)", SHOGI,
     "c1d2 e9e8 i1i2 h7h6 b2c1 c9d8 c1b2 f7f6 i3i4 e8f7 f1g2 f9e8 e1f2 i9i8 "
     "d1c2 b8a8 h1i3 a7a6 f2f1 e7e6 i3h5 g9f8 i4i5 a6a5 h5i7+ h8i7 d3d4 N*h7 "
     "g3g4 i7h8 b3b4 f7g6 a1a2 a8a6 a3a4 h8i7 a2a3 f8e9 h2h1 a9a7 f1e1 i7g9 "
     "a4a5 i8i7 c2d3 g9f8 e3e4 f8b4 e1d1 b4g9 d2c1 c7c6 h3h4 d9c8 P*b4 f6f5 "
     "h1i1 h6h5 g2g3 P*i6 c1d2 g6h6 g3h3 h7g5 d1e2 c8c9 g1h2 g9h8 i1h1 h8i9 "
     "e2d1 d8c7 g4g5 e9d8 i2i3 e8f7 N*g6 f7g6 b2a1 N*i8 d1e1 d8e9 e1f2 h6g5 "
     "d2e1 c7d8 i5i6 i8h6 f3f4 P*a8 h2g1 i7i6 h1i1 a6b6 a3a4 i9h8 f2g2 g5f4 "
     "g2f2 P*i4 g1h2 a7a6 c3c4 h8i7 i1g1 h5h4", NULL,
     "P*f1 P*f6 e4e5", "P*f3", PL_RESULT_NONE},
};

/* Positions where the player to move wins at once: each engine must find
 * a winning move (the end rules and the heuristics agree with the engines). */
static const win_case wins[] = {
    /* red mates: c7c10 (the cannon takes the elephant over the horse and checks over the advisor) */
    {XIANGQI,
     "d1e2 b8b6 g4g5 h8h6 b1a3 b10c8 h3i3 b6b4 i3c3 h6h7 a1b1 h7h8 c3c7 "
     "a10b10 b3c3 h10i8 e4e5 b10b7 c4c5 b4c4 h1i3 f10e9"},
    /* black mates: h8g8+ or h7g8 */
    {SHOGI,
     "e1e2 f9f8 d1d2 b8a8 e3e4 e7e6 f1e1 c9b8 g1g2 d9d8 e2d1 e6e5 h3h4 e9e8 "
     "f3f4 d8d9 e1f1 f8g8 i3i4 d7d6 f1e1 b7b6 d3d4 h7h6 a1a2 g8h7 e1f2 b8b7 "
     "d4d5 a8b8 c3c4 e8d8 e4e5 d9e8 d1e2 g9f8 e5e6 d8d9 g2f1 b7a8 h2h3 i7i6 "
     "d2d3 b8c8 f4f5 i9i7 d3e3 h7g6 b1c3 e8d7 e2f3 d7e7 f3g4 b6b5 d5d6 i6i5 "
     "f1g2 c8d8 c3b5 h6h5 h4h5 d9e9 d6d7+ e9f9 h1i3 f7f6 i1i2 e7d6 d7e7 a8b7 "
     "g2f1 b7c8 P*d3 d8d7 e3f3 h8g9 f2e2 c7c6 e7d7 i7i6 R*h8 c8d7 f3e4 d6c5 "
     "e6e7 c5d5 e2f3 P*e5 h5h6 d5d4 e4e5 f8e9 h6h7+ d7d6"},
};

int main(int argc, char **argv)
{
    return CLASSICS_MAIN("test_classics_d", NULL, 0);
}
