/*
 * test_classics_g.c -- Chinese checkers (games/race/chinese-checkers.game,
 * six players, and its variants chinese-checkers-2, -3, -4, -5), and the
 * engines with three and six players.
 *
 * Perft from the start: the published figures of Regular Boardgames (24,
 * 579, 13968, 336969) count, besides the moves, the "move" that lifts a
 * peg and puts it back (one per peg); tests/positions/chinese_checkers_rbg.game
 * adds that move to the game's own and must give exactly those figures,
 * which checks the board, the steps and the hop chains.  The game itself
 * (no such move) and its variants are checked from the start and from
 * positions of play against the independent generator
 * tests/reference/chinese_checkers_ref.py: seeded random games
 * (`--make SEED PLIES`) and seeded greedy races that end in a win
 * (`--race SEED 2000`), a few plies before the win so that games end
 * inside the count, and one random game three plies before the draw of
 * the 400th move.  CI checks depth 3; `test_classics_g slow` the whole
 * table.
 *
 * Then the rules that perft does not pin down (a chain changing
 * direction, no hop over a hole, no move back to the start, a walled-in
 * player passes, the win, a goal spoiled by another's peg, the draw), and
 * both engines finding a winning chain with six and with three players.
 *
 * The engines with more than two players: in the small games
 * tests/positions/gifts3.game and gifts6.game every engine, at every
 * seat, plays for itself through a whole game (alpha-beta is paranoid,
 * MCTS gives each player its own reward: docs/engine.md).
 */
#include "classics.h"

#define CC6 "games/race/chinese-checkers.game"
#define CC2 "games/race/chinese-checkers-2.game"
#define CC3 "games/race/chinese-checkers-3.game"
#define CC4 "games/race/chinese-checkers-4.game"
#define CC5 "games/race/chinese-checkers-5.game"
#define CCRBG "tests/positions/chinese_checkers_rbg.game"

enum { RED = 0, DRAW2 = 2 };

/* --race 1 2000 of two players: red wins at ply 161 */
#define RACE2_131 \
    "p4-q5 k15-i13 n2-r6 m17-m13 m3-q7 i13-h12 q5-o7 o15-g11 o3-m5 l14-n12 l4-p8 m15-m11 " \
    "r6-p6 n14-n10 p6-n8 m11-m7 q7-o13 m13-m9 n4-l6 n10-l4 o7-q9 m7-m3 p8-n10 h12-f10 " \
    "n8-p10 l4-n2 q9-m17 g11-e9 m5-k7 e9-f8 m1-o3 f8-g7 l6-j8 n16-m15 k7-i9 l16-l12 l2-n4 " \
    "m9-n8 j8-h10 f10-f6 o3-m5 n2-m1 i9-g11 f6-g5 n4-l6 m3-l2 m5-k7 n12-o11 n10-l16 p14-n12 " \
    "k3-e5 o11-q9 l6-j8 n12-m11 k7-i9 l12-f6 h10-i11 m11-n10 j8-j12 n10-l8 g11-o15 f6-h6 " \
    "i11-k13 g7-k3 j12-n16 q9-s9 e5-d6 j14-l12 d6-e7 l12-k11 e7-f8 l8-k7 i9-h10 s9-r8 " \
    "k13-l14 m15-k13 f8-e9 k13-l12 j4-i5 l12-d8 i5-g7 k7-j6 e9-f10 j6-k5 p10-o9 k5-l4 " \
    "f10-l12 h6-i5 o9-n10 g5-m3 o13-n14 r8-q9 l12-m13 l4-n2 l16-m15 k11-l12 n14-l16 i5-g5 " \
    "m13-k15 n8-o7 g7-h8 d8-e9 h10-i11 q9-r8 n10-o11 e9-f8 i11-h12 r8-s7 o11-n12 l12-m11 " \
    "n12-l10 m11-k9 l10-n10 k9-j8 h8-d8 s7-r6 h12-i13 g5-i5 d8-e9 o7-n6 n10-o11 n6-m5 " \
    "e9-f10 i5-k5 i13-j14 m5-l4 o11-n12 j8-k7 j14-k13 r6-q5 n12-o13"

#define RACE2_158 \
    RACE2_131 " q5-p4 o13-n14 f8-g9 f10-g11 k5-j4 l16-j14 k7-l6 l14-m13 g9-f8 n14-l16 f8-g7 m13-l14 " \
    "g7-f8 g11-h12 f8-g7 h12-i11 g7-h6 i11-j12 p4-o3 j12-i13 h6-i5 l14-n14 l6-m5 k13-l14 " \
    "m5-n4 i13-k13 l4-p4"

#define RACE2_160 \
    RACE2_158 " l14-p14 n4-l4"

/* --race 1 2000 of six players: purple wins at ply 294 */
#define RACE6_234 \
    "p4-q5 c7-e9 d12-h12 k15-g11 u13-s11 s5-o5 n2-r6 a5-g7 e13-m13 m17-e13 y13-q13 w5-q7 " \
    "j4-i5 f6-h8 d10-j4 p14-t10 s13-k13 w7-o7 n4-n8 d6-j8 b12-h6 n16-r12 w11-s7 t6-r8 l4-t8 " \
    "g5-k9 g13-i11 m15-q11 v10-r10 y5-u9 l2-p6 g7-m9 h12-p4 l14-h10 u11-s9 q7-p8 i5-i9 " \
    "d8-n10 f12-f8 r12-p10 v12-j12 p8-d12 r6-h12 h8-p8 j4-n4 q11-q7 s9-m7 u7-o13 o3-m5 " \
    "k9-s13 i11-w5 n14-l12 k13-g5 o13-g13 t8-f10 e7-u11 e11-s9 e13-k11 t12-d8 u9-o11 n8-l10 " \
    "e5-g7 a13-i13 l12-n2 r10-f6 u5-q9 f10-n14 p8-t12 c13-o9 p10-l6 j12-d10 r8-l14 n14-j6 " \
    "n10-v10 i13-k13 j14-l4 m7-e7 o5-c13 m3-m11 j8-h8 o9-s5 q7-m3 s11-u5 x6-n12 j6-r10 " \
    "h8-p12 m13-a13 h10-i11 f6-e5 d12-e11 r10-n14 u11-v12 a13-m13 t10-u9 u5-y5 v8-p10 " \
    "m11-m15 g7-h8 w5-u5 i11-i7 w13-u11 p10-q11 m5-g7 t12-s11 k13-o9 l6-k5 x12-n6 q11-i11 " \
    "p6-n16 h8-x12 n4-x6 u9-t8 u11-g9 e11-f10 i9-h8 s13-w13 s9-w5 t8-r6 e5-a5 i11-m11 " \
    "l10-j12 p12-t12 w5-u7 l16-k15 d10-b12 m11-e11 k3-i5 v12-r12 h6-v8 o15-m17 b12-d10 " \
    "v6-t8 m1-m5 s11-y13 f8-d6 m17-o15 d10-f8 f10-d10 g7-i9 r12-v12 o9-s9 n2-m1 e7-c7 " \
    "n12-f12 h8-l12 e9-k7 c11-g7 i7-o5 c7-c11 t8-p8 i5-e9 c5-q7 s5-w5 l4-n2 f8-r8 d10-b12 " \
    "n14-l16 b6-j10 g7-i7 k5-j4 r8-t6 l14-n8 j12-l14 q7-s13 m13-n14 o15-m13 t6-f8 p8-d12 " \
    "q5-c7 j10-r10 w5-v6 g11-h10 a5-c5 n8-j12 i9-i13 s13-m11 s9-q11 k11-j10 s7-a5 o11-a13 " \
    "e9-k11 k7-i9 q11-s9 h10-l2 y5-e5 q9-i5 m5-s11 m11-u11 u7-w5 j10-j6 f8-l10 i5-g7 " \
    "n16-m17 i9-j10 u5-q9 m13-n12 e5-k7 o7-i5 k11-o15 j10-n10 q9-y5 k15-o11 d8-b6 g13-e13 " \
    "i13-k15 m9-m13 i7-m7 n12-r8 g9-f8 c13-k9 l14-n16 n10-p12 s9-s5 r6-q5 l10-h6 e11-c13 " \
    "s11-r12 r10-t10 d6-e5 q5-o3 q13-m5 g7-e9 r12-l14 m13-o13 m7-o7 j4-k3 f8-e7 i5-g7 " \
    "h12-i13 t12-u13 e5-i5 o11-p10 h6-d6 e9-d10"

#define RACE6_287 \
    RACE6_234 " l12-j14 p12-r12 n14-t12 j6-k5 n6-j6 g7-f8 c7-e9 r12-s13 o7-q7 r8-n4 j6-h6 k9-i9 e9-f10 " \
    "u11-w11 p4-q5 p10-q9 c11-c7 d10-c11 f10-g11 o13-m13 q5-u5 n4-l4 k7-i7 i9-h10 g11-h12 " \
    "w11-u9 t12-s11 q9-p8 i7-g7 h10-f10 j14-n14 u9-w11 s11-w7 p8-r6 h6-f6 f8-e9 h12-j14 " \
    "t10-u11 q7-s7 k5-j4 g7-e5 f10-e11 n14-p14 m13-o13 s7-u7 r6-q5 m5-k5 e9-d10 p14-n14 " \
    "o13-q13 i5-m5 o5-p4 k5-i5"

#define RACE6_293 \
    RACE6_287 " j12-h12 l14-p14 v10-t12 m5-o5 q5-m5 c7-g7"

/* --race 1 3000 of five players: it ends at ply 275 */
#define RACE5_269 \
    "p4-q5 c7-e9 d12-h12 k15-g11 u13-s11 j4-i5 a5-g7 d10-j4 m17-m13 y13-q13 n2-r6 d6-d10 " \
    "j4-d6 p14-t10 s13-k13 l2-f8 e7-g9 d6-l2 n16-r12 u11-o13 m3-q7 g5-s5 f12-h10 m13-l12 " \
    "w13-s9 q5-s7 d10-p14 b12-n12 t10-p6 q13-i13 r6-r10 c5-o5 h12-h8 r12-p12 v12-r8 o3-o7 " \
    "d8-h12 n12-t10 o15-o11 w11-q9 f8-n12 e9-i9 h10-j4 l14-h6 s9-o9 l4-n10 f6-j6 e11-i11 " \
    "o11-m9 o13-m11 q7-o13 o5-s13 h8-j8 m9-l8 o9-c5 i5-m17 g7-u13 j8-n8 g11-i5 r8-l10 " \
    "o7-o15 g9-f10 c11-b12 m15-l14 i13-e9 o13-m15 s13-w13 e13-u5 l14-f8 m11-e7 n12-n16 " \
    "p14-v12 t10-n12 p6-q5 e9-a5 s7-t8 u13-y13 a13-o7 l8-n6 e7-d8 t8-u9 s5-s13 n12-v8 " \
    "p12-q11 t12-u11 u9-q13 i9-h8 i11-k11 q11-m3 a5-k15 k3-m5 e5-m13 g13-w5 f8-j8 k15-a5 " \
    "n4-p6 h8-p8 l2-n4 m3-m7 u11-g5 r10-q11 v12-w11 u5-y5 m7-m3 k13-k5 m1-l2 p8-t12 k11-m9 " \
    "i5-m1 s11-o11 m5-i9 j6-r6 n4-p4 q5-k3 g5-k13 l2-n4 h12-j12 o7-s7 l12-k11 k13-i7 p6-p14 " \
    "s13-s9 j4-t6 j8-d10 i7-g5 n10-p12 s9-m7 m9-q5 k3-e5 o11-m11 q11-o13 m7-s9 s7-u5 d10-e9 " \
    "m11-g9 i9-h10 f10-j10 b12-c11 k11-o3 v10-u9 h10-i11 j10-l12 q5-s5 e5-m5 x12-l8 i11-k13 " \
    "j12-v12 p4-o5 n6-n2 l10-k9 n4-l6 t12-x12 n8-o9 e9-k7 q9-c7 l6-l10 l12-n12 o5-q5 m5-l4 " \
    "k9-j8 k13-l14 n12-r12 o9-p10 n14-l12 l8-f6 p12-n14 b6-d6 t6-v6 o3-g7 d8-b6 l10-j10 " \
    "r12-t12 c13-d12 m3-o3 u9-o11 l14-k15 r6-s7 p10-r10 g7-k3 f6-e5 j10-i9 s9-u9 d12-f12 " \
    "l12-k11 j8-f8 i9-h10 d6-e7 v8-w7 l4-m3 f8-d6 h10-i11 u9-t8 w7-x6 m3-l4 g9-e9 n16-p10 " \
    "s7-u9 r10-q9 k7-j6 e9-d8 p10-n16 t8-v10 q9-s9 h6-l2 o11-m11 i11-h12 e7-g7 f12-n12 " \
    "j14-k13 c5-e7 h12-i13 g7-h8 n12-o11 l16-n10 m11-i11 n14-l16 t12-u13 s9-t8 k11-l10 " \
    "e7-c5 i13-j14 h8-j8 o11-p10 k13-l12 i11-g11 o13-n14 m13-o13 v6-t6 l10-m9 g11-f10 " \
    "n14-l14 o13-s13 p10-r10 n10-l8 k5-i5 j14-n14 j8-n8 t8-u7 m9-k7 f10-e9 q13-o13 n8-o9 " \
    "x6-w7 l12-k11 g5-f6 l16-j14 o9-q9 t6-x6 k11-j10 i5-g5 j14-l16 q9-s11 c11-d10 k7-i5 " \
    "c5-e7 n14-j14 u13-t12 d10-f8 l8-k7 g5-c5 m15-n14 s11-u13 r10-t10 l4-m3 e9-g7 n14-p12 " \
    "s13-u11 f8-l6 k7-m5"

/* --race 1 2000 of three players (ends at ply 233), --race 2 2000 of four (at 176) */
#define RACE3_229 \
    "p4-q5 c11-e9 v12-t10 n2-r6 a13-g11 s13-q13 m3-q7 f12-h10 w13-o13 k3-m5 d12-j10 q13-m13 " \
    "q7-s5 e11-k9 u13-u9 m1-i5 g11-m9 v10-r10 l4-n6 h10-n8 x12-t8 s5-o9 j10-p8 u11-s11 " \
    "m5-q9 n8-v8 t10-j8 o3-o7 d10-f8 u9-s7 o9-s13 k9-u7 w11-u11 j4-h6 e9-g7 u11-e7 n4-m5 " \
    "e13-i13 o13-k13 h6-i7 f8-j4 j8-d6 q5-p6 g7-k7 e7-c5 p6-r12 j4-t6 s7-q5 i7-q11 k7-l6 " \
    "t12-p12 q11-o13 l6-p6 p12-h12 i5-h6 g13-i11 r10-j14 r6-q7 p8-v6 s11-u11 s13-q13 " \
    "b12-a13 k13-j12 n6-r10 i13-k11 j12-h10 r12-l14 i11-m11 m13-i9 q13-k15 m11-s9 c5-a5 " \
    "q9-s11 a13-e13 u11-q11 r10-n14 c13-o9 d6-b6 o7-q9 o9-m11 t8-l4 o13-m15 u7-w5 q5-o5 " \
    "n14-p14 m11-o9 i9-h8 m15-o15 t6-x6 b6-d6 m5-s7 p6-t6 h10-f10 s7-w7 w5-y5 o5-m5 p14-n16 " \
    "o9-p8 m5-k3 q7-k9 p8-t8 q11-r10 w7-u9 v6-w7 r10-p8 k9-i9 s9-s5 h12-g11 l2-j4 t6-v6 " \
    "k3-i5 o15-m17 e13-f12 f10-e11 q9-r10 f12-j8 y13-x12 k15-l16 m9-n8 p8-l8 s11-q11 s5-u5 " \
    "d6-c7 r10-p12 t8-u7 l4-m3 q11-o13 x6-w5 e11-d10 p12-n14 v8-x6 h8-g7 h6-g5 j8-k7 i5-e5 " \
    "i9-j10 k7-o7 x12-w11 o13-m15 n8-p6 g11-f10 j10-l12 o7-q5 l8-k7 l12-k13 q5-s5 j14-j10 " \
    "g5-f6 v6-x12 g7-e7 f6-d8 x12-v6 d10-e9 n14-o15 k11-l10 w11-u11 u9-t10 p6-r6 u11-s9 " \
    "j4-k5 l10-m9 j10-i9 n16-p14 u7-t6 i9-g9 p14-n16 m9-o9 s9-r8 k5-l6 o9-p8 r8-n8 l6-j8 " \
    "p8-r8 k7-l8 j8-i9 r6-p6 n8-d6 i9-j10 v6-u7 e7-c5 j10-k11 p6-r6 m3-l4 k13-j14 w7-s7 " \
    "l4-k5 k11-j12 r6-q5 l8-j8 t10-s11 s7-w7 j8-h8 j12-i13 r8-t8 c7-b6 i13-k15 t8-v6 e9-c7 " \
    "l14-n14 t6-v8 h8-i9 d8-e9 v6-t6 f10-d8 m15-l14 u7-v6 g9-f8 e9-f10 t6-u7 k5-i5 l14-m15 " \
    "v8-t6 i5-g5 s11-r12 u7-v8 i9-g9 f10-g11 q5-p6 g9-e7 g11-h12 p6-r6 f8-e9 r12-q13 r6-q5 " \
    "g5-f6 q13-p14 q5-r6 e9-f8 h12-i13"

#define RACE4_171 \
    "k3-i5 d8-f8 o15-q13 v12-r12 m1-m5 b6-h8 m17-m13 s13-k13 m3-o5 c7-i9 m15-q11 w13-m15 " \
    "n4-p6 e7-k9 k15-i13 u13-o11 o3-o7 c5-i7 l14-p10 t12-n10 j4-l10 d6-l6 n16-n12 v10-l12 " \
    "p6-h10 g5-q7 m13-m9 x12-p12 o5-i11 k9-s13 q11-m3 m15-c5 l2-j8 i7-q11 j14-j10 k13-g5 " \
    "i11-m15 i9-o15 q13-s11 o11-g7 m5-m13 o15-u13 j10-i11 n10-f10 m13-m17 h8-x12 s11-m1 " \
    "w11-e9 h10-j12 q7-p8 i11-k5 f10-e11 i5-j4 f6-r10 i13-q9 y13-i13 l4-j6 e5-q5 p10-p6 " \
    "l12-m11 p4-r6 r10-p10 m9-n8 m11-e7 o7-k11 a5-k7 q9-o7 i13-g13 j6-d12 q5-s7 o7-q5 " \
    "p12-j10 k11-w11 k7-s11 q5-k3 g7-c7 j4-n4 s13-w13 k5-j4 e11-f10 n2-l4 q11-s13 j4-l2 " \
    "u11-k5 l4-j6 s7-q13 m3-n2 f10-b6 j12-k13 q13-c11 k3-l4 c7-a5 n4-o5 c11-q13 p6-j4 e9-c7 " \
    "d12-f12 u13-y13 p14-j12 g13-e11 l10-m11 q13-u13 n12-l10 g5-e5 f12-g13 f8-g9 l10-f8 " \
    "e11-f10 g13-i13 g9-i9 n14-m13 j10-f6 j8-h10 p8-o9 l16-l8 f10-d8 m15-l14 o9-u11 f8-h6 " \
    "k5-g5 k13-m15 u11-v12 l8-j8 r12-q11 l14-n16 i9-s7 j12-k11 q11-k5 r6-t8 s7-u9 j8-i9 " \
    "e7-d6 h10-i11 s11-u11 k11-q9 e5-k3 t8-t12 u9-v10 i9-j8 k3-e5 n16-n12 p10-q11 m13-k11 " \
    "k5-i5 w11-m13 u11-w11 n8-m7 d8-e7 n12-n16 l6-n8 j4-k3 f6-d8 o5-p6 q11-s11 h6-n4 d8-f6 " \
    "p6-q7 s11-u11 q9-r8 i5-h6 q7-s9 n8-p8 r8-l6 e5-i5 j6-l8 p8-q9 m7-m3 i5-e5 m15-l16 " \
    "w11-u9 k11-l10"

static const classic_case cases[] = {
    /* Regular Boardgames' count (with the lift-and-put-back move) */
    {CCRBG, "", 3, 4, {24, 579, 13968, 336969}},
    /* the game's own moves: chinese_checkers_ref.py P 5 */
    {CC6, "", 3, 5, {14, 199, 2828, 40189, 571130}},
    {CC2, "", 3, 5, {14, 196, 4760, 115600, 3188520}},
    {CC3, "", 3, 5, {14, 196, 2744, 66640, 1618400}},
    {CC4, "", 3, 5, {14, 199, 2786, 39601, 958384}},
    {CC5, "", 3, 5, {14, 199, 2828, 40189, 571130}},
    /* --make 1 40 (of 2 players) */
    {CC2,
     "k3-i5 n14-o13 p4-q5 p14-q13 i5-k5 l14-n14 l2-k3 o13-n12 q5-o5 n14-l14 o3-i5 q13-r12 "
     "k5-g5 k15-i13 n4-p4 i13-h12 m3-k5 n12-o11 o5-q5 h12-f12 p4-o3 m15-k15 k5-j6 j14-i13 "
     "k3-l2 f12-e11 g5-f6 e11-d10 q5-r6 r12-q13 f6-d6 o11-m11 j4-k3 n16-m15 d6-c5 o15-n14 "
     "k3-j4 m15-k13 o3-m3 m11-l10",
     3, 4, {43, 2279, 97259, 4872215}},
    /* --make 4 100 (of 2 players) */
    {CC2,
     "k3-m5 l14-k13 l2-k3 p14-o13 m5-l6 n14-p12 k3-k7 k13-l12 k7-i7 j14-k13 n4-l2 p12-q13 "
     "l6-k7 k13-l14 k7-l8 q13-p12 p4-o5 n16-r12 l4-n4 r12-q11 l8-j8 l12-j12 l2-k3 l14-m13 "
     "i7-h6 p12-r12 k3-g7 m13-l12 h6-j6 k15-l14 j8-k7 m17-k15 o3-q5 q11-s13 o5-m5 s13-q11 "
     "n2-l4 j12-n12 n4-o5 n12-o11 m3-l2 o15-n16 l4-k5 l14-m13 j4-l4 n16-j12 l4-n4 m13-l14 "
     "g7-i7 r12-s11 k7-i5 j12-h12 k5-g5 o11-m11 o5-s5 s11-q13 i7-o5 q13-o11 n4-p6 l12-j12 "
     "o5-k5 o13-m13 q5-p4 m11-k11 m5-n4 q11-g13 i5-q5 k11-m11 m1-k3 l16-m17 s5-q7 m17-n16 "
     "g5-h6 g13-o13 h6-g7 o13-n12 p4-r6 k15-j14 n4-m5 o11-o15 p6-o5 o15-g11 o5-p4 h12-n10 "
     "q5-o3 m11-i11 g7-h8 m15-l16 r6-s7 j12-k13 o3-n4 m13-o13 l2-m1 k13-i13 j6-l6 i13-q13 "
     "m5-l4 o13-p14 n4-m3 l14-n14",
     3, 3, {54, 2916, 157442}},
    /* --make 7 397 (of 2 players) */
    {CC2,
     "l4-m5 k15-i13 m5-o5 n14-o13 j4-k5 i13-k15 p4-q5 o13-p12 k5-l6 o15-n14 l6-j6 p14-q13 "
     "n4-p4 m15-q11 j6-i5 k15-o15 n2-l4 o15-k15 i5-k5 m17-o15 k5-j6 q11-m15 o5-p6 k15-m13 "
     "q5-s5 l14-r12 l4-n2 r12-n12 p6-n6 p12-l12 j6-i5 n16-r12 n6-p6 m15-s13 i5-h6 m13-k11 "
     "h6-g5 o15-m15 s5-u5 l12-k13 m3-n4 m15-o13 k3-j4 k13-l12 o3-m5 n14-p12 u5-s5 l12-j10 "
     "j4-k5 q13-m13 n4-o5 o13-q11 m1-o3 m13-l14 k5-j6 p12-t12 p6-o7 j10-l10 o7-n8 j14-n14 "
     "o5-q5 l14-j14 p4-n4 s13-q13 n8-o9 r12-l14 s5-r6 l14-n8 o3-k3 n8-m9 r6-t6 n12-l12 m5-o3 "
     "l10-p14 l2-m1 q13-o15 k3-l2 t12-r12 n2-p4 k11-j10 q5-r6 l16-n16 p4-n2 o15-m13 o3-m3 "
     "q11-o11 o9-n10 m13-l14 r6-v6 j10-k9 j6-k5 n14-o13 n10-p10 l12-j12 n2-l4 j14-k15 n4-o5 "
     "l14-m15 g5-h6 o11-q9 h6-i7 q9-p8 o5-n4 n16-o15 v6-w5 r12-s11 m1-i5 m15-n16 p10-n10 "
     "m9-o11 n10-p10 o15-m13 n4-l6 p8-r8 t6-r6 j12-k13 i7-h6 m13-l14 l4-k3 p14-o15 p10-q9 "
     "k13-m13 h6-i7 r8-p14 q9-p10 n16-l16 m3-n4 o13-m15 n4-o3 o11-n10 k5-j4 s11-t12 l6-m5 "
     "t12-s13 m5-l4 k15-m17 p10-h6 m13-o13 i5-k5 o15-n14 h6-p10 n14-o15 i7-j6 l16-k15 k5-m5 "
     "k9-l10 l2-m1 n10-o9 m5-n6 o15-u13 j6-i5 l10-n10 p10-l10 o13-n14 r6-p6 n10-m11 k3-l2 "
     "o9-m9 n6-o7 m15-l16 w5-x6 m9-o9 l4-m5 o9-m9 l10-n8 l16-j14 j4-h6 l14-m15 i5-j6 m11-n12 "
     "p6-r6 m15-n16 h6-f6 n16-o15 o7-p8 m9-l10 m1-n2 n12-m13 f6-d6 l10-k11 n8-m9 s13-q13 "
     "m9-l8 u13-v12 p8-o7 m17-n16 j6-i7 p14-r12 o7-p8 r12-p12 r6-q7 v12-u13 d6-e5 n16-n12 "
     "q7-r8 o15-p14 n2-m1 n12-r12 m5-n6 n14-o15 i7-h8 p14-o13 r8-q7 o13-w13 e5-g5 k15-l16 "
     "h8-f8 l16-n16 o3-n2 m13-k13 g5-f6 o15-m17 q7-p6 j14-l12 f8-d8 k11-i11 p8-o9 k13-l14 "
     "p6-l6 l12-j12 l8-n8 r12-t12 d8-e7 i11-k11 l2-m3 u13-s13 m3-n4 k11-l10 n6-o7 l14-m15 "
     "n2-l2 s13-u11 n4-l4 q13-p14 f6-d8 l10-k11 n8-p10 p12-o13 o7-n8 p14-n12 l6-k5 j12-l12 "
     "k5-i5 k11-m9 l4-m5 t12-v12 l2-n2 n12-p12 x6-y5 m15-o15 o9-p8 l12-k11 i5-k5 o15-n14 "
     "n2-l2 m17-o15 p8-q9 o15-m15 d8-e9 v12-t12 n8-o9 n14-p14 p10-r8 k11-m11 r8-p8 u11-w11 "
     "k5-o5 p14-n12 o5-n4 m9-k9 n4-l4 w11-v12 l4-j4 p12-n10 p8-q7 t12-u11 q7-o7 n10-n6 q9-p8 "
     "m15-n14 o9-p10 v12-x12 y5-w5 n12-l10 l2-k3 n16-m15 w5-v6 x12-y13 j4-l4 l10-n16 p10-o9 "
     "n6-m7 m1-n2 u11-w11 e7-d6 k9-j10 v6-t6 m7-l6 o7-m9 m11-l12 k3-l2 w11-x12 n2-o3 m15-o15 "
     "m5-o5 x12-w11 m9-l10 n16-j12 d6-f6 j12-p14 f6-e5 l6-k7 o5-n4 l12-j12 l4-k5 k7-j6 o3-i5 "
     "w13-u13 o9-n10 j10-h10 l2-m3 w11-v10 k5-m5 v10-w11 i5-h6 w11-x12 l10-j10 o13-m15 n4-p4 "
     "j12-l12 m5-k5 j6-l4 m3-k3 u13-t12 j10-l10 h10-j10 t6-u5 x12-w13 k5-m3 o15-m9 l10-p10 "
     "w13-u13 e9-d8 u13-s11 h6-g7 l12-m13 g7-e7 j10-i11 e7-d6 n14-o13 n10-r10 t12-s13 r10-l8 "
     "l4-n2 p4-o3 y13-w13 p8-o7 n2-m1 p10-q9 m15-n16 e5-c5 p14-n14 q9-o9 m13-k13 c5-b6 "
     "i11-g11 u5-t6 s11-u11 d6-e5 o13-p12 t6-u5 k13-j14 o3-n2 m9-k7 k3-l2 g11-f10 l8-k9 "
     "k7-l6 l2-k3 p12-q13 k3-o3 s13-u13 m3-l4 m1-l2 o7-m7 n16-l16 e5-c5 f10-g11 u5-t6 l6-n8 "
     "n2-p4 u13-t12 p4-n4 w13-y13 o3-k3 n8-m9 n4-m3",
     3, 3, {51, 2305, 116877}},
    /* --make 1 40 (of 6 players) */
    {CC6,
     "k3-i5 f6-g7 g13-i13 p14-o13 v12-t10 s5-r6 j4-k5 d6-f6 f12-g13 o13-m13 u13-s11 w7-q5 "
     "l4-k3 e5-d6 d10-e9 o15-p14 s11-q11 u5-u13 l2-f12 g7-e5 b12-d10 p14-o15 w11-u9 u13-v12 "
     "k5-m5 d6-j4 d12-f10 j14-d12 q11-p10 q5-p6 p4-o5 b6-d6 e9-g9 n16-p14 t12-s11 w5-u5 "
     "f12-g11 e7-f8 d10-e9 o15-u13",
     3, 4, {39, 1566, 53928, 1645719}},
    /* --make 3 100 (of 6 players) */
    {CC6,
     "k3-m5 e7-f8 e11-g11 k15-i13 u11-t10 w7-u9 n4-o5 f6-g7 g13-i11 m15-k15 s13-s9 v8-t8 "
     "j4-i5 g7-h8 e13-g13 n16-m15 t10-s11 t6-t10 o5-n6 f8-j8 i11-h10 l16-n16 w13-q11 t10-v8 "
     "m1-k3 h8-l8 d10-e9 m17-l16 v10-t10 v8-w7 i5-h6 d6-e7 c13-i11 o15-m13 q11-p12 u5-t6 "
     "h6-g7 e7-k9 g13-e11 p14-o15 t10-u11 w5-u5 n2-m1 l8-m7 f12-f8 j14-j10 u11-t10 t6-r6 "
     "g7-h6 d8-j14 g11-f10 l14-n12 s9-r10 x6-n4 n6-l8 j8-i9 f10-g11 n12-o11 t10-u11 u9-s9 "
     "m5-l6 k9-m9 h10-g9 n14-l12 v12-l14 s9-m11 l6-k5 b6-d8 f8-f12 o11-q13 u11-v10 n4-l6 "
     "p4-q5 g5-i5 i11-o9 q13-p14 u13-w13 l6-n8 q5-p6 d8-h8 e9-d8 l16-n14 l14-p10 m11-q11 "
     "l8-n10 m9-k9 g11-f10 j10-i11 s11-m9 n8-l6 l4-j6 c7-e9 b12-c13 n16-j12 p12-r12 v6-w5 "
     "m3-l4 e5-g5 a13-g11 m13-n12",
     3, 3, {57, 3538, 192640}},
    /* RACE2_131: 30 plies before the end */
    {CC2, RACE2_131, 3, 3, {39, 1326, 55363}},
    /* RACE2_158: 3 plies before the end */
    {CC2, RACE2_158, 3, 4, {19, 361, 9177, 227022}},
    /* RACE2_160: 1 plies before the end */
    {CC2, RACE2_160, 3, 3, {25, 480, 13620}},
    /* RACE6_234: 60 plies before the end */
    {CC6, RACE6_234, 3, 3, {49, 2421, 90920}},
    /* RACE6_287: 7 plies before the end */
    {CC6, RACE6_287, 3, 4, {25, 564, 11131, 236057}},
    /* RACE6_293: 1 plies before the end */
    {CC6, RACE6_293, 3, 3, {22, 366, 6485}},
    /* RACE3_229: 4 plies before the end */
    {CC3, RACE3_229, 3, 3, {19, 361, 6859}},
    /* RACE4_171: 5 plies before the end */
    {CC4, RACE4_171, 3, 3, {23, 1047, 34038}},
    /* RACE5_269: 6 plies before the end */
    {CC5, RACE5_269, 3, 3, {25, 850, 16900}},
};

/* After red's m3-o5 and green's m15-k13 (two players). */
#define OPEN2 "m3-o5 m15-k13"

static const rule_case rules[] = {
    {"chinese checkers: the start: four pegs step, three hop, each to two holes", CC6, "",
     "j4-i5 j4-k5 k3-i5 k3-m5 l4-k5 l4-m5 m3-k5 m3-o5 n4-m5 n4-o5 o3-m5 o3-q5 p4-o5 p4-q5",
     NULL, NULL, PL_RESULT_NONE},
    {"chinese checkers: a chain of hops changes direction; every hole it reaches is a move",
     CC2, OPEN2, NULL, "k3-m5 k3-q5 o5-k5 o5-m3 l2-m3", NULL, PL_RESULT_NONE},
    {"chinese checkers: no hop over a hole, no move back to the start",
     CC2, OPEN2, NULL, NULL, "j4-l6 k3-k3 o5-o5 l2-l2", PL_RESULT_NONE},
    {"chinese checkers: a walled-in player passes", "tests/positions/cc_pass.game", "", "pass",
     NULL, NULL, PL_RESULT_NONE},
    {"chinese checkers: after the pass the other player moves", "tests/positions/cc_pass.game",
     "pass", NULL, "m9-l8 k3-j4", "pass", PL_RESULT_NONE},
    {"chinese checkers: the tenth peg home wins (six players)", "tests/positions/cc6_win.game",
     "f10-j14", NULL, NULL, NULL, RED},
    {"chinese checkers: nine pegs home and the tenth on the way: no win",
     "tests/positions/cc6_win.game", "f10-h12", NULL, NULL, NULL, PL_RESULT_NONE},
    {"chinese checkers: the goal full, yellow's peg in its last hole: no win for red",
     "tests/positions/cc6_win.game", "f10-h10 g11-f12 i13-j14 m9-l8 m5-l6 q9-p8 h10-i11",
     NULL, NULL, NULL, PL_RESULT_NONE},
    {"chinese checkers: the tenth peg home wins (three players)", "tests/positions/cc3_win.game",
     "f10-j14", NULL, NULL, NULL, RED},
    {"chinese checkers: the 400th move of two players ends in a draw",
     "tests/positions/cc_limit.game", "m3-o5", NULL, NULL, NULL, DRAW2},
    {"chinese checkers: the 399th does not", "tests/positions/cc_limit.game", "", NULL,
     "m3-o5", NULL, PL_RESULT_NONE},
};

/* The winning chain f10-h12-j14, among 25 moves: six players, then three. */
static const win_case wins[] = {
    {"tests/positions/cc6_win.game", ""},
    {"tests/positions/cc3_win.game", ""},
};

/* Engines with three and six players play for themselves: in the gifts
 * games a player adds 2 to its own score or gives 5 to the player two
 * seats on; every engine, at every seat, must keep the points (a search
 * that negated one player's value into the next one's gave them away).
 * A whole game, each seat its own engine, to the draw of the 30th move,
 * the state as it was after every search.  Alpha-beta keeps the points
 * at every move; MCTS is checked on the first round only: later, when
 * one player leads, a gift between the two others changes neither's
 * margin behind the leader (its reward), and random playouts may then
 * prefer either. */
static void engines_keep_for_themselves(const char *game, int np)
{
    static const char *const engines[] = {
        "alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3",
        "mcts:iterations=1000,seed=1",
    };
    pl_program *prog = pt_compile(game);
    assert_int_equal(pl_program_nplayers(prog), np);
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        pl_player_spec spec;
        char err[256];
        assert_int_equal(pl_player_spec_parse(engines[e], 0, &spec, err, sizeof err), PL_OK);
        pl_search *seat[6];
        for (int s = 0; s < np; s++) {
            seat[s] = pl_search_new(prog, &spec);
            assert_non_null(seat[s]);
        }
        pl_state *st = pl_state_new(prog);
        pl_movelist ml;
        pl_movelist_init(&ml);
        int plies = 0;
        while (pt_status(st, &ml) == PL_RESULT_NONE) {
            int me = pl_state_to_move(st), i = -1;
            uint64_t before = pl_state_hash(st);
            pl_search_info info;
            assert_int_equal(pl_search_think(seat[me], st, &i, &info), PL_OK);
            assert_int_equal(pl_state_hash(st), before);
            assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
            int checked = engines[e][0] == 'a' || plies < np;
            if (checked && strcmp(pl_move_text(&ml, i), "mine") != 0)
                fprintf(stderr, "%s: %s at seat %d, ply %d: %s\n", game, engines[e], me, plies,
                        pl_move_text(&ml, i));
            if (checked)
                assert_string_equal(pl_move_text(&ml, i), "mine");
            for (int s = 0; s < np; s++)
                assert_int_equal(pl_search_played(seat[s], pl_move_text(&ml, i)), PL_OK);
            pl_apply(st, &ml, i);
            plies++;
        }
        assert_int_equal(plies, 30);
        assert_int_equal(pt_status(st, &ml), np);   /* a draw */
        pl_movelist_free(&ml);
        pl_state_free(st);
        for (int s = 0; s < np; s++)
            pl_search_free(seat[s]);
    }
    pl_program_free(prog);
}

static void test_engines_three_players(void **state)
{
    (void)state;
    engines_keep_for_themselves("tests/positions/gifts3.game", 3);
}

static void test_engines_six_players(void **state)
{
    (void)state;
    engines_keep_for_themselves("tests/positions/gifts6.game", 6);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest own[] = {
        {"engines with three players play for themselves", test_engines_three_players,
         NULL, NULL, NULL},
        {"engines with six players play for themselves", test_engines_six_players,
         NULL, NULL, NULL},
    };
    return CLASSICS_MAIN("test_classics_g", own, CLASSICS_COUNT(own));
}
