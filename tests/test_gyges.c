/*
 * test_gyges.c -- Gygès through the generic engine: perft from the start
 * and from positions of real games, and one test per rule of
 * docs/games/gyges.md.
 *
 * Positions are either a move sequence from the start (taken from seeded
 * random games: `plateau play gyges --south random --north random --seed
 * N`) or a file tests/positions/gyges_*.game that imports the shipped game
 * and replaces its setup (rings are placed as `place nobody ring(K) at
 * ...`, the rings in hand set to 0: the play phase).  Move lists are
 * compared exactly, as sorted texts.
 *
 * Every perft value of the table below was computed by the engine AND by
 * the independent reference tests/reference/gyges_ref.py (written from
 * the rule text, no code shared); only values on which both agree are
 * kept.  The table is the same as POSITIONS in that script: change both
 * together.  The script also compares the move lists of whole random CLI
 * games ply by ply (`--games N PLATEAU`).
 */
#include "plateau_test.h"


/* Players by their place in the `players` line. */
enum { SOUTH = 0, NORTH = 1, DRAW = 2 };

/* ---------------------------------------------------------------------- */
/* perft */

typedef pt_perft_case perft_case;

static const perft_case cases[] = {
    {"games/race/gyges.game", "",
     3, {36, 1296, 42768}},
    {"games/race/gyges.game", /* seed 1, 6 plies: setup, kinds running out */
     "1@c2 1@f6 3@e1 3@b5 2@a2 1@a5",
     3, {27, 486, 7776}},
    {"games/race/gyges.game", /* seed 11, 11 plies: the last placement, then play */
     "1@e2 1@c5 2@f2 3@b6 1@b1 1@d5 2@c1 3@d6 3@a2 2@a5 3@e1",
     3, {7, 952, 89292}},
    {"games/race/gyges.game", /* seed 11, 12 plies: South's first move */
     "1@e2 1@c5 2@f2 3@b6 1@b1 1@d5 2@c1 3@d6 3@a2 2@a5 3@e1 2@c6",
     2, {136, 14587}},
    {"games/race/gyges.game", /* seed 1, 16 plies */
     "1@c2 1@f6 3@e1 3@b5 2@a2 1@a5 1@a1 3@f5 3@d1 2@c6 2@c1 2@e5 "
     "a1-c2/a6 a6-a5/e6 e1-d1/b4 c6-f6/e1",
     2, {63, 5720}},
    {"games/race/gyges.game", /* seed 2, 16 plies */
     "3@a2 3@d6 3@e1 2@a5 1@c2 1@c5 1@a1 3@b5 2@d1 1@a6 2@c1 2@f5 "
     "d1-a2/b1 d6-f5/c6 c1-e1/f3 c6-c5/c6",
     2, {144, 12421}},
    {"games/race/gyges.game", /* seed 3, 45 plies */
     "1@c1 3@a6 3@f1 1@a5 1@b1 2@c5 3@e1 1@c6 2@d1 3@d5 2@c2 2@e6 "
     "d1-b1/c3 c6-b1/e2 b1-f1/f2 e6-d5/d2 f1-e1/b4 a6-c2/d3 c1-d3/f1 "
     "d5-e2/d6 e1-b4/b1 d6-a5/b6 b1-c3/a4 b6-c6 f1-c5/a1 c6-c2/f5 a1-c1 "
     "a5-a4/d1 d1-c1/c4 f5-d3/a3 c1-d6 d6-e6 d2-e2/c6 c6-e6/b5 f2-d3/b1 "
     "e6-c6 b1-b4/a2 c6-c3/f5 c2-b5/b2 c5-d4 b2-b4/c2 b5-a4/b2 c2-a3/f3 "
     "f5-d4/f6 b2-a4/e5",
     2, {25, 5700}},
    {"games/race/gyges.game", /* seed 2, 60 plies: many boxes */
     "3@a2 3@d6 3@e1 2@a5 1@c2 1@c5 1@a1 3@b5 2@d1 1@a6 2@c1 2@f5 "
     "d1-a2/b1 d6-f5/c6 c1-e1/f3 c6-c5/c6 a1-a2/e6 e6-c5/b6 b1-e1/a1 "
     "c6-c5/f2 e1-f3/d1 a6-a5/c3 d1-a5/e4 b6-c3/d6 a1-b2 d6-c3/e3 "
     "b2-e3/d4 c5-e3/d5 f2-d4/a4 d5-f3/b6 c2-e3/a3 b6-f3/b2 b2-a5/c5 "
     "b5-a4/e2 a2-e3/b1 a5-c5/c6 b1-b2 c6-c5/f6 e2-f3/d6 f6-e4/b4 b2-a2 "
     "d6-c3/e2 e2-f3/a5 f5-a4/f6 a2-a4/a2 f6-e4/f5 a2-f3/a2 f5-e4/c6 "
     "a2-c2 c6-a4/b2 b2-c2/f1 a5-b4/b5 f1-f3/d1 c5-b5/d3 d1-b1 b5-c3/d2 "
     "b1-a3/b2 a4-a3/b3 c2-c3/c2 b4-e3/c6",
     2, {644, 17191}},
    {"games/race/gyges.game", /* seed 4, 60 plies: two moves only */
     "1@a1 3@a5 1@d2 3@d5 2@b1 1@b6 3@c1 1@b5 2@a2 2@c5 3@d1 2@d6 "
     "c1-d2/d4 b6-b5/e2 a1-d1/c3 d6-c5/c4 d1-e2/c2 d5-a2/e3 b1-c5/b1 "
     "a5-b5/a5 b1-c4/d1 b5-c5/a6 d1-c3/e4 a6-b5 c2-c1 a5-c4/f4 c1-b1 "
     "c5-c3/f3 b1-b2 b5-f4/b5 d2-a2/f1 b5-c3/d6 f1-c1 d6-e4/a5 c1-f4/a1 "
     "a5-a2/b1 b1-b2/f1 e4-d4/c1 a1-e2/e4 d4-a2/e1 f1-f3/f1 f4-c3/d3 "
     "e1-b2/f2 c4-e4/d4 c1-c2 d4-d3/f4 f1-e4/d4 d4-e4/f5 c2-d3/b5 "
     "f5-e3/f6 b2-f4/a6 f6-f4/a3 f2-c3/a5 a6-b5/c2 c2-e4/e1 a5-b5/c1 "
     "c1-f4/f2 b5-e2/a1 e1-c2 e4-f4/b4",
     3, {2, 584, 132400}},
    {"games/race/gyges.game", /* seed 10, 90 plies */
     "2@f1 2@e6 1@a2 1@b5 1@d1 2@a6 2@b1 1@f6 3@f2 3@a5 3@d2 3@d5 "
     "b1-d2/e2 f6-d2/c4 f1-f2/b6 b6-e2/b2 d1-e1 a6-d4 e1-f1 e6-e4 "
     "f1-f2/f3 a5-b5/c2 b2-d2/f1 d5-b6 f1-e2/c3 b6-c2/a5 d2-e4/f4 "
     "a5-c4/a3 c2-a2/c5 c5-a3/d3 a2-c4/a1 b5-f4/e6 a1-b1 e6-e4/e6 b1-c1 "
     "e6-f4/c6 c1-d1 c6-d4/a6 d1-e1 a6-a4 e1-d3/f1 e4-e2/a6 f1-a3/c2 "
     "a6-a5 c2-c3/c2 a5-c3/b2 e2-e4 f4-c3/e2 c2-b2/d2 d4-f2/a6 f2-a6/d4 "
     "a6-c5 e2-f3/a2 c5-b2/f2 f2-c3/b3 e4-f3/f5 b2-b3/b1 f5-f4 b1-a5 "
     "a5-a4/d6 d2-c4/c1 d6-c4/c5 c1-c4/b4 c5-c4/c5 a2-b3/e2 c5-f5 "
     "e2-c3/d2 f5-d3/c5 d2-f3/d2 c5-b3/b6 d2-c3/e1 b6-b4/e3 e1-c2 "
     "d4-c3/d6 c2-f3/b1 d6-f6 b1-b3/d4 f6-c3/d5 d3-d4/b2 d5-d4/f2 f2-f1 "
     "d4-c3/b5 f1-f2 b5-b4/c2 f2-c2/d4 a4-c4/d2 b2-b1 f4-a3/d1 d1-a4 "
     "d4-c2/f2",
     3, {3, 695, 34044}},
    {"tests/positions/gyges_box.game", "",
     3, {29, 679, 19014}},
    {"tests/positions/gyges_chain.game", "",
     2, {76, 497}},
    {"tests/positions/gyges_goal_last.game", "",
     2, {40, 270}},
    {"tests/positions/gyges_fallback.game", "",
     2, {485, 17709}},
    {"tests/positions/gyges_no_move.game", "",  /* no-move losses inside */
     3, {38, 412, 24796}},
    {"tests/positions/gyges_repetition.game", /* draws inside */
     "a1-b1 f6-e6 b1-a1 e6-f6 a1-b1 f6-e6",
     4, {3, 9, 25, 73}},
};

static void test_perft(void **state)
{
    pt_check_perft_case(*state, pt_play);
}

/* ---------------------------------------------------------------------- */
/* positions */

typedef struct {
    pl_program *prog;
    pl_state *st;
    pl_movelist ml;
} pos;

static void pos_open(pos *p, const char *path)
{
    p->prog = pt_compile(path);
    p->st = pl_state_new(p->prog);
    assert_non_null(p->st);
    pl_movelist_init(&p->ml);
}

static void pos_close(pos *p)
{
    pl_movelist_free(&p->ml);
    pl_state_free(p->st);
    pl_program_free(p->prog);
}

static int status(pos *p)
{
    return pt_status(p->st, &p->ml);
}

/* The kind (1, 2, 3) of the ring on `cell` (a square, "S" or "N"), or 0
 * when it is empty. */
static int ring(const pos *p, const char *cell)
{
    int c = pl_program_find_cell(p->prog, cell);
    assert_true(c >= 0);
    int32_t piece = pl_state_slot(p->st, c);
    if (!piece)
        return 0;
    assert_int_equal(PL_PIECE_OWNER(piece), -1);    /* rings belong to nobody */
    return PL_PIECE_ATTR(piece, 0);
}

/* How many legal moves have a text starting with `prefix`. */
static int count_prefix(pos *p, const char *prefix)
{
    pt_generate(p->st, &p->ml);
    int n = 0;
    for (int i = 0; i < p->ml.count; i++)
        n += strncmp(pl_move_text(&p->ml, i), prefix, strlen(prefix)) == 0;
    return n;
}

/* How many legal moves leave from a square of row `row`. */
static int count_from_row(pos *p, int row)
{
    pt_generate(p->st, &p->ml);
    int n = 0;
    for (int i = 0; i < p->ml.count; i++) {
        const char *t = pl_move_text(&p->ml, i);
        n += t[1] - '0' == row && t[2] == '-';
    }
    return n;
}

/* There are moves, and all leave from row `row`. */
static int all_from_row(pos *p, int row)
{
    int n = count_from_row(p, row);
    return n > 0 && n == p->ml.count;
}

static int legal(pos *p, const char *text)
{
    pt_generate(p->st, &p->ml);
    return pl_movelist_find(&p->ml, text) >= 0;
}

/* ---------------------------------------------------------------------- */
/* setup phase */

/* South places first: one of its rings (three kinds) on one of the 12
 * empty squares of rows 1-2; North then on rows 5-6.  Text `2@c1`. */
static void test_setup_placement(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/race/gyges.game");
    assert_int_equal(pl_state_to_move(p.st), SOUTH);
    assert_int_equal(pt_generate(p.st, &p.ml), 36);
    assert_int_equal(count_prefix(&p, "1@"), 12);
    assert_int_equal(count_prefix(&p, "2@"), 12);
    assert_int_equal(count_prefix(&p, "3@"), 12);
    assert_true(legal(&p, "3@f2"));
    assert_false(legal(&p, "3@a3"));
    assert_false(legal(&p, "4@a1"));
    pt_play(p.st, &p.ml, "2@C1");                   /* any case */
    assert_int_equal(ring(&p, "c1"), 2);
    assert_int_equal(pl_state_to_move(p.st), NORTH);
    assert_int_equal(pt_generate(p.st, &p.ml), 36);
    assert_true(legal(&p, "1@a5"));
    assert_true(legal(&p, "3@f6"));
    assert_false(legal(&p, "1@a4"));
    assert_false(legal(&p, "1@c2"));
    pt_play(p.st, &p.ml, "2@c6");
    /* c1 is taken; South still holds 1, 1, 2, 3, 3 */
    assert_int_equal(pt_generate(p.st, &p.ml), 33);
    assert_false(legal(&p, "1@c1"));
    pt_play(p.st, &p.ml, "2@d1 1@d6");
    /* both doubles placed: no more 2@ for South */
    assert_int_equal(count_prefix(&p, "2@"), 0);
    assert_int_equal(pt_generate(p.st, &p.ml), 20);
    pos_close(&p);
}

/* After the 12 placements (South, North, ... North last) the play phase
 * begins and South moves first. */
static void test_setup_then_play(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/race/gyges.game");
    pt_play(p.st, &p.ml, "1@e2 1@c5 2@f2 3@b6 1@b1 1@d5 2@c1 3@d6 3@a2 "
                         "2@a5 3@e1");
    assert_int_equal(pl_state_to_move(p.st), NORTH);
    /* North's last ring: a double, on one of the 7 empty squares left */
    pt_assert_moves(p.st, &p.ml, "2@a6 2@b5 2@c6 2@e5 2@e6 2@f5 2@f6");
    pt_play(p.st, &p.ml, "2@c6");
    assert_int_equal(pl_state_to_move(p.st), SOUTH);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    assert_int_equal(count_prefix(&p, "1@") + count_prefix(&p, "2@") +
                     count_prefix(&p, "3@"), 0);
    /* row 1 (b1 c1 e1) is South's playable row */
    assert_int_equal(pt_generate(p.st, &p.ml), 136);
    assert_int_equal(count_from_row(&p, 1), 136);
    pt_play(p.st, &p.ml, "b1-c1/a3");
    assert_int_equal(ring(&p, "b1"), 0);
    assert_int_equal(ring(&p, "c1"), 1);              /* the moving single */
    assert_int_equal(ring(&p, "a3"), 2);              /* the boxed double */
    /* North looks from row 6: b6 and d6 (c6 is walled in) */
    assert_int_equal(count_from_row(&p, 6), 83);
    assert_int_equal(p.ml.count, 83);
    assert_int_equal(count_prefix(&p, "c6-"), 0);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* a move */

/* A ring makes exactly as many hops as its kind: the double c1 reaches the
 * squares two hops away (b2 by two paths: one move), never one or three;
 * the triple d6 reaches three hops away, also by detours (c6, d5, e6). */
static void test_exact_hop_count(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_hops.game");
    pt_assert_moves(p.st, &p.ml, "c1-a1 c1-b2 c1-c3 c1-d2 c1-e1");
    pt_play(p.st, &p.ml, "c1-c3");
    assert_int_equal(ring(&p, "c1"), 0);
    assert_int_equal(ring(&p, "c3"), 2);             /* the ring keeps its kind */
    pt_assert_moves(p.st, &p.ml,
        "d6-a6 d6-b5 d6-c4 d6-c6 d6-d3 d6-d5 d6-e4 d6-e6 d6-f5");
    pos_close(&p);
}

/* Every hop but the last lands on an empty square: with c2 taken, the
 * double c1 cannot reach c3. */
static void test_pass_over_empty_only(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_pass.game");
    pt_assert_moves(p.st, &p.ml, "c1-a1 c1-b2 c1-d2 c1-e1");
    pos_close(&p);
}

/* The start square counts as empty during the move: f2-e1 exists only by
 * hopping over f2 (f2-e2-e3-f3, bounce, f3-f2-f1-e1). */
static void test_start_square_empty(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_start_square.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 45);
    assert_true(legal(&p, "f2-e1"));
    assert_true(legal(&p, "f2-f3/f2"));       /* the boxed ring may go there */
    pt_play(p.st, &p.ml, "f2-e1");
    assert_int_equal(ring(&p, "f2"), 0);
    assert_int_equal(ring(&p, "e1"), 3);
    assert_int_equal(ring(&p, "f3"), 3);
    pos_close(&p);
}

/* ... but a move may not end there: the bounces b2-a2-a1-b1 and
 * b2-c2-c1-b1 give no move b1-b1, while the boxed triple may be put on
 * b1. */
static void test_start_square_not_final(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_not_final.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 45);
    assert_false(legal(&p, "b1-b1"));
    assert_true(legal(&p, "b1-b2/b1"));
    assert_int_equal(count_prefix(&p, "b1-b2/"), 34);  /* 36 - b2 - f6 */
    pt_play(p.st, &p.ml, "b1-b2/b1");
    assert_int_equal(ring(&p, "b1"), 3);
    assert_int_equal(ring(&p, "b2"), 1);
    pos_close(&p);
}

/* Bounces chain across the board, and a bounce series may end in the
 * goal: a1-a2 (bounce on the triple) a3 a4 a5 (bounce on the double) a6
 * N.  Entering the goal South attacks wins at once. */
static void test_bounce_chain_to_goal(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_chain.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 76);
    assert_true(legal(&p, "a1-N"));
    assert_true(legal(&p, "a1-n"));
    assert_true(legal(&p, "a1-b6"));         /* the same chain, last hop east */
    assert_true(legal(&p, "a1-a5/f5"));      /* box at the end of the 2nd series */
    pt_play(p.st, &p.ml, "a1-N");
    assert_int_equal(ring(&p, "N"), 1);
    assert_int_equal(ring(&p, "a1"), 0);
    assert_int_equal(ring(&p, "a2"), 3);     /* bounced on: still there */
    assert_int_equal(ring(&p, "a5"), 2);
    assert_int_equal(status(&p), SOUTH);
    pos_close(&p);
}

/* Box: the ring landed on goes to any empty square not beyond the
 * opponent's front row: for South, rows 1-4 here (e4 is the northernmost
 * ring), the start square c1 included, rows 5-6 excluded. */
static void test_box_destination(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_box.game");
    /* 24 squares on rows 1-4, minus c2 (the moving ring) and e4 */
    assert_int_equal(count_prefix(&p, "c1-c2/"), 22);
    assert_true(legal(&p, "c1-c2/c1"));
    assert_true(legal(&p, "c1-c2/f4"));
    assert_false(legal(&p, "c1-c2/a5"));
    assert_false(legal(&p, "c1-c2/e4"));
    assert_false(legal(&p, "c1-c2"));         /* no move ends on a ring */
    pt_play(p.st, &p.ml, "c1-c2/c1");
    assert_int_equal(ring(&p, "c1"), 2);
    assert_int_equal(ring(&p, "c2"), 1);
    pos_close(&p);

    /* North: rows 2-6 (b2 is the southernmost ring), d5 included */
    pos_open(&p, "tests/positions/gyges_box_north.game");
    assert_int_equal(count_prefix(&p, "d5-d4/"), 28);
    assert_true(legal(&p, "d5-d4/d5"));
    assert_true(legal(&p, "d5-d4/a2"));
    assert_false(legal(&p, "d5-d4/a1"));
    pt_play(p.st, &p.ml, "d5-d4/a2");
    assert_int_equal(ring(&p, "d4"), 1);
    assert_int_equal(ring(&p, "a2"), 2);
    assert_int_equal(ring(&p, "d5"), 0);
    pos_close(&p);
}

/* Both players may play from the same row, and the box limit is the
 * opponent's front row: rows 1-3 for South, rows 3-6 for North. */
static void test_same_row_and_box_sides(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_same_row.game");
    pt_assert_moves(p.st, &p.ml,
        "c3-b3 c3-c2 c3-c4 c3-d1 c3-d3/a1 c3-d3/a2 c3-d3/a3 c3-d3/b1 "
        "c3-d3/b2 c3-d3/b3 c3-d3/c1 c3-d3/c2 c3-d3/c3 c3-d3/d1 c3-d3/d2 "
        "c3-d3/e1 c3-d3/e2 c3-d3/e3 c3-d3/f1 c3-d3/f2 c3-d3/f3 c3-d5 "
        "c3-e2 c3-e4 c3-f3 d3-c2 d3-c4 d3-d1 d3-d5 d3-e2 d3-e4 d3-f3");
    pt_play(p.st, &p.ml, "c3-b3");
    /* North: b3 and d3, both on row 3 */
    assert_true(all_from_row(&p, 3));
    assert_true(count_prefix(&p, "b3-") > 0);
    assert_true(count_prefix(&p, "d3-") > 0);
    pos_close(&p);
}

/* No connection twice in one move, in either direction: with b2 taken
 * the triple a1 would reach a2 or b1 only by a1-b1-a1-a2 or a1-a2-a1-b1. */
static void test_connection_once(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_edge_once.game");
    pt_assert_moves(p.st, &p.ml, "a1-a4 a1-b3 a1-c2 a1-d1");
    pos_close(&p);
}

/* A square may be crossed again through another connection: f1-e2 goes
 * f1-e1-e2-f2 (bounce on the triple) f2-f3-e3-e2. */
static void test_square_crossed_twice(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_recross.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 41);
    assert_true(legal(&p, "f1-e2"));
    pt_play(p.st, &p.ml, "f1-e2");
    assert_int_equal(ring(&p, "e2"), 3);
    assert_int_equal(ring(&p, "f2"), 3);
    assert_int_equal(ring(&p, "f1"), 0);
    pos_close(&p);
}

/* The goal only as the last hop of a series, and never hopped through:
 * after a4-a5 (bounce on the triple), a5-a6-N is the second hop of three
 * and a5-a6-N-b6 would leave the goal. */
static void test_goal_last_hop_only(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_goal_last.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 40);
    assert_false(legal(&p, "a4-N"));
    assert_int_equal(count_prefix(&p, "a4-b6"), 0);
    assert_true(legal(&p, "a4-c6"));        /* a5-b5-c5-c6 */
    pos_close(&p);
}

/* A player may not enter the goal they defend. */
static void test_defended_goal(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_defended.game");
    pt_assert_moves(p.st, &p.ml, "c1-b1 c1-c2 c1-d1");
    pt_play(p.st, &p.ml, "c1-c2");
    pt_assert_moves(p.st, &p.ml, "f6-e6 f6-f5");
    pos_close(&p);
}

/* The playable row is the first row holding a ring that has a legal
 * move: row 1's rings are all stuck (the triples b1 and d1 can make a
 * first hop, but no complete move), so South plays from row 2. */
static void test_playable_row_fallback(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_fallback.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    assert_int_equal(pt_generate(p.st, &p.ml), 485);
    assert_int_equal(count_from_row(&p, 2), 485);
    assert_int_equal(count_from_row(&p, 1), 0);
    /* every ring of row 2 moves */
    const char *row2[] = {"a2-", "b2-", "c2-", "d2-", "e2-", "f2-"};
    for (int i = 0; i < 6; i++)
        assert_true(count_prefix(&p, row2[i]) > 0);
    /* c2-c4 frees c2: b1 (b1-c1-c2-c3 ...) and d1 can move again, so
     * North, which looks from row 6, plays the single c5 */
    pt_play(p.st, &p.ml, "c2-c4");
    assert_true(all_from_row(&p, 5));
    pt_play(p.st, &p.ml, "c5-c6");
    assert_true(count_prefix(&p, "b1-") > 0);
    assert_true(count_prefix(&p, "d1-") > 0);
    assert_int_equal(count_from_row(&p, 2), 0);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* the end */

/* The third occurrence of a position (the start counts) is a draw. */
static void test_repetition_draw(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_repetition.game");
    pt_play(p.st, &p.ml, "a1-b1 f6-e6 b1-a1 e6-f6");  /* the start, twice */
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "a1-b1 f6-e6 b1-a1");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "e6-f6");                    /* the start, 3rd time */
    assert_int_equal(status(&p), DRAW);
    /* another last move: no draw */
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "e6-d6");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* A player with no legal move loses.  (With the 12 rings of a real game
 * this never happens: a single always has a move.  Positions of 18
 * triples.) */
static void test_no_move_loses(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/gyges_stuck.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 0);
    assert_int_equal(status(&p), NORTH);        /* South, to move, lost */
    pos_close(&p);

    pos_open(&p, "tests/positions/gyges_no_move.game");
    assert_int_equal(pt_generate(p.st, &p.ml), 38);
    assert_int_equal(count_prefix(&p, "b1-"), 38);
    pt_play(p.st, &p.ml, "b1-a3/a1");
    assert_int_equal(pt_generate(p.st, &p.ml), 0);
    assert_int_equal(status(&p), SOUTH);        /* North cannot move */
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "b1-a3/a2");           /* a2 is not walled in */
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

int main(void)
{
    pt_init();
    enum { N = sizeof cases / sizeof cases[0] };
    static const struct CMUnitTest rules[] = {
        cmocka_unit_test(test_setup_placement),
        cmocka_unit_test(test_setup_then_play),
        cmocka_unit_test(test_exact_hop_count),
        cmocka_unit_test(test_pass_over_empty_only),
        cmocka_unit_test(test_start_square_empty),
        cmocka_unit_test(test_start_square_not_final),
        cmocka_unit_test(test_bounce_chain_to_goal),
        cmocka_unit_test(test_box_destination),
        cmocka_unit_test(test_same_row_and_box_sides),
        cmocka_unit_test(test_connection_once),
        cmocka_unit_test(test_square_crossed_twice),
        cmocka_unit_test(test_goal_last_hop_only),
        cmocka_unit_test(test_defended_goal),
        cmocka_unit_test(test_playable_row_fallback),
        cmocka_unit_test(test_repetition_draw),
        cmocka_unit_test(test_no_move_loses),
    };
    enum { R = sizeof rules / sizeof rules[0] };
    struct CMUnitTest tests[N + R];
    static char names[N][96];
    for (int i = 0; i < N; i++) {
        const char *g = strrchr(cases[i].game, '/') + 1;
        int plies = 0;
        for (const char *m = cases[i].moves; *m; m++)
            plies += (m == cases[i].moves || m[-1] == ' ') && *m != ' ';
        if (plies)
            snprintf(names[i], sizeof names[i], "perft %02d %.*s after %d", i,
                     (int)(strlen(g) - 5), g, plies);
        else
            snprintf(names[i], sizeof names[i], "perft %02d %.*s", i,
                     (int)(strlen(g) - 5), g);
        tests[i] = (struct CMUnitTest){names[i], test_perft, NULL, NULL,
                                       (void *)&cases[i]};
    }
    for (int i = 0; i < R; i++)
        tests[N + i] = rules[i];
    return _cmocka_run_group_tests("test_gyges", tests, N + R, NULL, NULL);
}
