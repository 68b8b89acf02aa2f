/*
 * test_wali_yote.c -- Wali, its variant Dara and Yote through the generic
 * engine: perft from the start and from mid-game positions, and one test
 * per rule of docs/games/wali.md and yote.md.
 *
 * Positions are either a move sequence from the start (taken from seeded
 * random games: `plateau play wali --south random --north random --seed
 * N`) or a file under tests/positions/ that imports the shipped game and
 * replaces its setup.  Move lists are compared exactly, as sorted texts.
 *
 * Every perft value of the table below was computed by the engine AND by
 * the independent reference tests/reference/wali_yote_ref.py (written from
 * the rule texts, no code shared); only values on which both agree are
 * kept.  The table is the same as POSITIONS in that script: change both
 * together.  The script also replays thousands of random CLI games move by
 * move (`--games N`).
 */
#include "plateau_test.h"


/* Players by their place in the `players` line of the three games. */
enum { SOUTH = 0, NORTH = 1, DRAW = 2 };

/* ---------------------------------------------------------------------- */
/* perft */

typedef pt_perft_case perft_case;

static const perft_case cases[] = {
    {"games/west-african/wali.game", "",
     4, {30, 870, 24360, 657720}},
    {"games/west-african/dara.game", "",
     4, {30, 870, 24360, 657720}},
    {"games/west-african/yote.game", "",
     4, {30, 870, 27180, 827952}},
    {"games/west-african/wali.game", /* seed 1, 20 plies, the last placements */
     "c2 b5 f2 a2 c5 a1 e1 a4 d5 c1 b2 d1 d4 f3 e3 f1 a3 c4 b3 c3",
     5, {4, 28, 60, 276, 11200}},
    {"games/west-african/wali.game", /* seed 167, 23 plies, a piece left in hand */
     "c4 b1 e3 f2 f4 f1 e4 e5 d1 a5 b5 b3 a2 c1 e1 d5 f5 e2 b4 a3 d2 d4 "
     "c2",
     4, {9, 349, 5410, 200073}},
    {"games/west-african/wali.game", /* seed 1, 30 plies, movement phase */
     "c2 b5 f2 a2 c5 a1 e1 a4 d5 c1 b2 d1 d4 f3 e3 f1 a3 c4 b3 c3 f5 f4 "
     "a5 e5 f2-e2xf3 f1-f2 e2-d2xa4 a1-b1xf5 d2-d3xc1 b1-c1",
     4, {28, 409, 14230, 202252}},
    {"games/west-african/wali.game", /* seed 3, 112 plies, few pieces left */
     "c5 c2 c4 b3 e1 e2 d4 d3 d1 f3 a1 e4 a3 a2 d5 e5 a4 b4 f2 f1 f4 f5 "
     "b1 c1 c5-b5 d3-e3xd4 b5-a5xa2 b3-c3xa4 b1-b2 b4-b5 b2-a2xe5 b5-b4 "
     "a5-a4xc2 c3-d3xe1 d5-e5 e2-d2 a3-b3 d2-e2xd1 a4-a3xf1 e2-e1 "
     "c4-c3xe3 e4-e3xb3 a3-b3 d3-d2 b3-a3xb4 e3-e2 c3-d3 f3-e3xd3 e5-d5 "
     "e3-e4 d5-d4 d2-d1xf4 f2-f3 d1-d2 a3-b3 e4-f4 d4-c4 c1-b1 b3-a3xd2 "
     "f4-e4 a2-b2 e4-e3xb2 a3-b3 e3-e4 b3-b4 e4-e3xa1 c4-d4 e1-f1 b4-a4 "
     "f5-f4 f3-f2 e2-e1 d4-c4 e1-d1 f2-f3 f1-f2 a4-b4 f2-f1 c4-c3 f1-e1 "
     "b4-a4 b1-a1 c3-c4 f4-e4 c4-c3 e4-e5 a4-a3 d1-c1 c3-b3 e5-d5 a3-a2 "
     "a1-b1 b3-b2 e1-d1xb2 f3-f4 d5-c5 a2-a1 e3-d3 f4-f3 d1-d2 a1-a2 "
     "c5-b5 a2-a1 d2-c2 a1-a2 b5-c5 a2-a1 c2-c3 f3-f2 c1-c2 a1-a2 "
     "c5-c4xa2",
     5, {3, 39, 104, 1386, 3500}},
    {"games/west-african/wali.game", /* seed 2, 131 plies, quiet = 47: the draw */
     "e3 c1 d5 d1 f2 b4 a4 c2 a1 a2 f5 d2 d4 a3 b2 c4 f4 c5 e2 a5 c3 b3 "
     "f1 e5 e3-d3xd2 b4-b5xf4 e2-d2xe5 c4-b4xd5 d4-d5 c1-b1 d3-d4 d1-e1 "
     "d2-e2 e1-d1 c3-d3xd1 c5-c4 f5-e5 c4-c3xe2 d4-e4 b1-c1xf2 d3-e3xa2 "
     "c1-b1 d5-c5 b1-c1xf1 e5-f5 b4-c4xc5 f5-e5xa3 c1-d1 e5-d5 d1-c1xa4 "
     "d5-e5xb3 c4-c5xe4 e3-f3 c3-c4 e5-e4 c4-c3xb2 e4-d4 c3-c4 a1-b1 "
     "c2-d2 f3-f2 d2-d1 f2-e2 d1-e1 b1-a1 c1-d1 a1-b1 c4-b4 d4-c4 b4-a4 "
     "b1-a1 a4-b4 e2-d2 c5-d5 d2-c2 d5-e5 c2-d2 d1-c1 d2-d1 e5-d5 d1-d2 "
     "b4-b3 a1-b1 d5-c5xb1 d2-d3 e1-f1 d3-d4 c1-c2 c4-c3 c2-b2 d4-d3 "
     "c5-c4 c3-c2 f1-f2 c2-c3 b2-b1 c3-c2 b5-c5 d3-c3 c4-d4 c2-d2 c5-d5 "
     "d2-c2 b1-a1 c2-c1 f2-e2 c1-c2 d5-e5 c2-d2 e5-d5 d2-d1 b3-b2 d1-d2 "
     "b2-b1 d2-d1 d4-e4 c3-b3 d5-d4 b3-b2 b1-c1 d1-e1 a5-a4 b2-b1 a4-b4 "
     "e1-d1 b4-b3 d1-d2 e2-e1 b1-b2 d4-c4 d2-c2",
     6, {18, 72, 1207, 90, 1402, 3975}},
    {"games/west-african/dara.game", /* seed 3, 40 plies, movement phase */
     "c5 c2 c4 b3 e1 e2 d4 d3 d1 f3 a1 e4 a3 a2 d5 e5 a4 b4 f2 f1 f4 f5 "
     "b1 c1 c5-b5 b3-b2xa4 c4-c5xe4 d3-c3xd4 d1-d2 b4-c4 f4-e4 f3-e3 "
     "a3-b3 a2-a3 b5-b4 a3-a2xc5 b3-a3 b2-b3 b4-b5 b3-b2xd2",
     4, {11, 155, 1594, 37309}},
    {"games/west-african/dara.game", /* seed 3, 84 plies, few pieces left */
     "c5 c2 c4 b3 e1 e2 d4 d3 d1 f3 a1 e4 a3 a2 d5 e5 a4 b4 f2 f1 f4 f5 "
     "b1 c1 c5-b5 b3-b2xa4 c4-c5xe4 d3-c3xd4 d1-d2 b4-c4 f4-e4 f3-e3 "
     "a3-b3 a2-a3 b5-b4 a3-a2xc5 b3-a3 b2-b3 b4-b5 b3-b2xd2 b5-b4 c4-c5 "
     "b4-b5 c3-d3 b5-b4 f5-f4 b4-c4 f4-f3xe4 d5-d4 e5-e4xf2 d4-d5 "
     "d3-c3xb1 a3-a4 a2-a3 e1-d1 c3-d3xa4 d5-d4 e2-f2xd4 d1-e1 e4-e5 "
     "a1-a2 d3-c3xe1 a2-a1 e3-e4 a1-a2 f3-e3xa2 c4-b4 f2-f3 b4-b3 c5-b5 "
     "b3-b4 a3-b3 b4-a4 b3-b4 a4-a5 c3-b3 a5-a4 e3-e2 a4-a3 f3-e3 a3-a2 "
     "e2-f2 a2-a3 e5-d5",
     5, {2, 46, 75, 1823, 2472}},
    {"games/west-african/dara.game", /* seed 2, 142 plies, quiet = 46: the draw */
     "e3 c1 d5 d1 f2 b4 a4 c2 a1 a2 f5 d2 d4 a3 b2 c4 f4 c5 e2 a5 c3 b3 "
     "f1 e5 e3-d3xa5 c5-b5xb2 d3-e3 b5-c5 d4-d3xc1 a2-b2xa1 f2-f3xc2 "
     "d1-e1 f3-f2 b2-a2 e3-e4 c5-b5xf5 d5-c5 e5-f5 e4-e5 a2-b2 e2-e3xc4 "
     "e1-e2 c5-c4 b2-c2xf2 f4-e4xf5 b5-c5 c4-d4 c2-c1 e5-d5xb4 c1-c2xe3 "
     "e4-f4 e2-f2 d4-e4 f2-e2xf1 d5-d4xd2 a3-a2 f4-f5 e2-f2 d3-d2 f2-e2 "
     "a4-a5 e2-e1 e4-e5 c2-c1 c3-c4 c1-d1 c4-b4 b3-b2 f5-f4 b2-c2 b4-b3 "
     "c2-c1xb3 a5-a4 c5-b5 f4-f3 a2-a1 a4-b4 a1-a2 b4-b3 b5-a5 f3-f4 "
     "e1-f1 b3-b4 a2-a1 d2-c2 a1-b1xe5 c2-d2 b1-b2 d2-e2 f1-e1xd4 f4-f5 "
     "a5-a4 e2-e3 c1-c2 e3-f3 d1-d2xb4 f3-f2 a4-b4 f5-e5 d2-e2 f2-f3 "
     "b4-b3 f3-e3 e1-d1 e3-f3 c2-c3 f3-f4 c3-d3 f4-f5 d3-c3 e5-e4 e2-e3 "
     "e4-e5 b2-b1 e5-e4 b3-a3 f5-e5 e3-e2 e5-f5 b1-a1 e4-f4 c3-b3 f5-e5 "
     "e2-f2 e5-e4 f2-e2 e4-d4 e2-e3 d4-d5 e3-f3 d5-c5 a3-a4 c5-c4 a4-b4 "
     "f4-e4 f3-f2 e4-f4 b4-a4 f4-e4 f2-e2 c4-b4 d1-e1",
     5, {6, 75, 471, 6317, 505}},
    {"games/west-african/yote.game", /* seed 1, 16 plies */
     "@c2 @b5 @a3 @a2 c2-b2 @a1 @e1 @a5 b2-c2 @d1 @f2 @c1 e1-f1 @d5 @d4 "
     "@b2",
     3, {27, 1316, 41063}},
    {"games/west-african/yote.game", /* seed 1, 32 plies, after captures */
     "@c2 @b5 @a3 @a2 c2-b2 @a1 @e1 @a5 b2-c2 @d1 @f2 @c1 e1-f1 @d5 @d4 "
     "@b2 @e2 a2xa4/f1 @d2 @f4 e2-e1 b2-b1 f2-f3 d5xd3/c2 @d4 a1-a2 @c3 "
     "a2-b2 @c4 @a2 c3-b3 d1xf1/c4",
     3, {37, 1748, 64007}},
    {"games/west-african/yote.game", /* seed 5, 38 plies, reserves empty */
     "@c1 @e1 @f2 @e3 @d1 @b2 @e5 @f1 @b4 @c2 c1xc3/r @b3 @b5 b3-a3 "
     "b4-c4 e1xc1/r @b3 @b4 @d4 @a5 e5-f5 @e5 b3xb1/f1 a5xc5/f5 c4xa4/r "
     "a3xa5/c3 f2-f1 c1xa1/d4 @a4 a1-b1 @a2 @c2 a2-b2 c5-d5 f1-e1 "
     "b1xb3/e1 @f3 b3-b2",
     4, {9, 114, 802, 10528}},
    {"games/west-african/yote.game", /* seed 2, 74 plies */
     "@e3 @c1 e3-e4 @e1 @b3 @d4 @b5 @d2 @b1 @f1 b5-b4 @b2 b3-a3 @f2 @c4 "
     "@d5 b1xd1/d4 b2-a2 d1xd3/e1 a2xa4/d3 b4-b5 @e2 @e3 f2-f3 @f5 @c3 "
     "c4-c5 f3xd3/r e4-d4 @c1 @e3 @e1 @e4 e2-d2 @b4 d5-e5 f5xd5/a4 "
     "d3xf3/b5 @f5 c1-b1 b4-a4 b1-c1 f5-f4 c1-d1 c5-c4 f3xf5/d5 d4-d5 "
     "d1-c1 d5-c5 c1-b1 e4-e5 d2-e2 c4xc2/e2 b1-a1 e5-e4 f1-f2 c5-b5 "
     "e1-f1 c2-b2 f1-e1 a4-a3 e1-d1 e4-f4 d1-e1 b2-b1 a1xc1/a3 f4-e4 "
     "f2-f3 b5-a5 f3-f4 e4-e3 e1-f1 e3-d3 f5-e5",
     5, {6, 66, 421, 4371, 28324}},
    {"games/west-african/yote.game", /* seed 6, 100 plies, few pieces left */
     "@d2 @e3 @b1 @f3 @c3 @e4 @f2 @e1 d2-c2 @c4 c3xc5/f3 @f4 @d2 @b2 "
     "c2xa2/e1 @b5 @a5 f4-f3 @e5 b5xd5/e5 @d1 f3xf1/a2 d2-d3 @b2 @c5 "
     "e4-e5 @a1 @c4 @a4 e3-f3 d3-c3 b2-b3 @a3 @b4 b1-b2 c4xc2/b2 "
     "a4xc4/f3 @b4 a3-a4 b4xd4/a5 d1-d2 b3-b2 a4-a3 b2-b1 d2xb2/d5 d4-e4 "
     "c5-b5 e5-f5 b2-c2 f5-f4 a1-a2 f1-f2 a3-a4 b1-c1 b5-a5 f2-f1 a2-a3 "
     "e4-e3 c2-b2 f1-e1 b2-a2 c1-b1 a4-b4 b1-b2 a2xc2/f4 e1-e2 a3-a4 "
     "e3-d3 b4-b3 e2-e3 b3-b2 e3-e4 b2-b3 d3-d4 c2-b2 d4-c4 b2-a2 e4-e5 "
     "b3-b4 c4-c3 a2-b2 c3-b3 b4-c4 b3xb1/c4 a4-b4 b1-b2 b4-b5 e5-d5 "
     "a5-a4 d5-d4 a4-a3 b2-b1 a3-a4 b1-a1 a4-a3 d4-d5 b5-a5 a1-a2 a3-a4 "
     "d5-c5",
     4, {3, 18, 90, 475}},
    {"tests/positions/wali_ban.game", "",
     4, {14, 225, 2544, 32572}},
    {"tests/positions/dara_ban.game", "",
     4, {13, 185, 2022, 23764}},
    {"tests/positions/wali_pass.game", "",
     5, {1, 5, 195, 6742, 250610}},
    {"tests/positions/wali_nobody.game", "",
     3, {31, 1160, 29801}},
    {"tests/positions/wali_four.game", "",
     4, {36, 124, 3824, 13866}},
    {"tests/positions/dara_four.game", "",
     4, {30, 111, 3107, 12457}},
    {"tests/positions/wali_cheval_double.game", "",
     4, {14, 126, 1738, 17378}},
    {"tests/positions/wali_quiet.game", "",
     2, {14, 0}},
    {"tests/positions/wali_quiet46.game", "",
     6, {11, 105, 1137, 11610, 13186, 96516}},
    {"tests/positions/yote_reserve.game", "",
     4, {7, 229, 1530, 51451}},
    {"tests/positions/yote_quiet.game", "",
     2, {8, 0}},
    {"tests/positions/yote_quiet46.game", "",
     5, {30, 851, 8188, 74415, 110611}},
};

static void test_perft(void **state)
{
    pt_check_perft_case(*state, pt_play);
}

/* ---------------------------------------------------------------------- */
/* positions and variables */

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

/* The game variable `name` (placing, quiet). */
static int32_t var(const pos *p, const char *name)
{
    for (int v = 0; v < p->prog->nvars; v++)
        if (strcmp(p->prog->var_names[v], name) == 0)
            return pl_state_slot(p->st, p->prog->var_base + v);
    fail_msg("no game variable %s", name);
    return -1;
}

/* The player variable `name` of `player` (hand, reserve). */
static int32_t pvar(const pos *p, const char *name, int player)
{
    for (int v = 0; v < p->prog->npvars; v++)
        if (strcmp(p->prog->pvar_names[v], name) == 0)
            return pl_state_slot(p->st, p->prog->pvar_base +
                                            v * p->prog->nplayers + player);
    fail_msg("no player variable %s", name);
    return -1;
}

/* The owner of the piece on `cell`, or -1 when it is empty. */
static int owner(const pos *p, const char *cell)
{
    int c = pl_program_find_cell(p->prog, cell);
    assert_true(c >= 0);
    int32_t piece = pl_state_slot(p->st, c);
    return piece ? PL_PIECE_OWNER(piece) : -1;
}

/* How many pieces `player` has on the board. */
static int count_pieces(const pos *p, int player)
{
    int n = 0;
    for (int c = 0; c < p->prog->ncells; c++) {
        int32_t piece = pl_state_slot(p->st, c);
        n += piece && PL_PIECE_OWNER(piece) == player;
    }
    return n;
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

static int legal(pos *p, const char *text)
{
    pt_generate(p->st, &p->ml);
    return pl_movelist_find(&p->ml, text) >= 0;
}

/* ---------------------------------------------------------------------- */
/* Wali: placement */

/* Each player starts with 12 pieces in hand; South places first, on any
 * of the 30 squares, and the hand goes down. */
static void test_wali_start(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/west-african/wali.game");
    assert_int_equal(pl_state_to_move(p.st), SOUTH);
    assert_int_equal(pvar(&p, "hand", SOUTH), 12);
    assert_int_equal(pvar(&p, "hand", NORTH), 12);
    assert_int_equal(pt_generate(p.st, &p.ml), 30);
    pt_play(p.st, &p.ml, "c3");
    assert_int_equal(owner(&p, "c3"), SOUTH);
    assert_int_equal(pvar(&p, "hand", SOUTH), 11);
    assert_int_equal(pl_state_to_move(p.st), NORTH);
    assert_int_equal(pt_generate(p.st, &p.ml), 29);
    pos_close(&p);
}

/* No placement may make three own pieces in a row or a column: c1 (a1 b1
 * c1), d2 and d5 (with d3 d4), b5 (between a5 and c5) are not offered. */
static void test_wali_placement_ban(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_ban.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "a2 a3 a4 b2 b4 c3 c4 d1 e2 e3 e4 f1 f3 f5");
    pos_close(&p);
}

/* Dara keeps the ban "three or more": c1, which would make five in a row,
 * is refused like c3 (three), f1, a2 and b2. */
static void test_dara_placement_ban_three_or_more(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/dara_ban.game");
    pt_assert_moves(p.st, &p.ml, "a4 a5 b4 c2 c5 d2 d3 d4 e2 e3 e4 f3 f5");
    pos_close(&p);
}

/* South has a piece in hand and no allowed square while North can place:
 * South passes.  After North's last placement nobody can place: the
 * placement phase ends, South's piece in hand leaves the game and South,
 * whose turn it is, steps first. */
static void test_wali_pass_then_phase_switch(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_pass.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "pass");
    assert_true(p.ml.moves[0].is_pass);
    pt_play(p.st, &p.ml, "pass");
    assert_int_equal(pvar(&p, "hand", SOUTH), 1);
    assert_int_equal(pl_state_to_move(p.st), NORTH);
    pt_assert_moves(p.st, &p.ml, "b2 c4 d4 e2 f4");
    pt_play(p.st, &p.ml, "b2");
    assert_int_equal(pvar(&p, "hand", NORTH), 0);
    /* South still holds a piece, but only steps are offered */
    assert_int_equal(status(&p), PL_RESULT_NONE);
    assert_int_equal(pl_state_to_move(p.st), SOUTH);
    assert_int_equal(pt_generate(p.st, &p.ml), 44);
    assert_int_equal(count_prefix(&p, "c5-c4x"), 12);
    assert_false(legal(&p, "pass"));
    assert_false(legal(&p, "c4"));
    pt_play(p.st, &p.ml, "c2-c1");
    assert_int_equal(var(&p, "placing"), 0);
    assert_int_equal(pvar(&p, "hand", SOUTH), 0);
    assert_int_equal(var(&p, "quiet"), 1);
    pos_close(&p);
}

/* Both players hold a piece but neither has an allowed square: the
 * movement phase begins at once, both pieces in hand leave. */
static void test_wali_nobody_can_place(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_nobody.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml,
        "a4-a5 b1-b2 b3-b2 b3-c3 c1-d1 "
        "d2-d1xa1 d2-d1xa2 d2-d1xb4 d2-d1xb5 d2-d1xc2 d2-d1xc4 d2-d1xc5 "
        "d2-d1xd3 d2-d1xe1 d2-d1xf1 d2-d1xf3 "
        "e2-e3xa1 e2-e3xa2 e2-e3xb4 e2-e3xb5 e2-e3xc2 e2-e3xc4 e2-e3xc5 "
        "e2-e3xd3 e2-e3xe1 e2-e3xf1 e2-e3xf3 "
        "e2-f2 e4-d4 e4-e3 e5-d5");
    pt_play(p.st, &p.ml, "a4-a5");
    assert_int_equal(pvar(&p, "hand", SOUTH), 0);
    assert_int_equal(pvar(&p, "hand", NORTH), 0);
    assert_int_equal(var(&p, "placing"), 0);
    pos_close(&p);
}

/* After 24 placements the movement phase begins with South; placements
 * do not count towards the 50-turn draw. */
static void test_wali_phase_switch_after_24(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/west-african/wali.game");
    pt_play(p.st, &p.ml, "c2 b5 f2 a2 c5 a1 e1 a4 d5 c1 b2 d1 d4 f3 e3 f1 "
                         "a3 c4 b3 c3 f5 f4 a5 e5");
    assert_int_equal(pvar(&p, "hand", SOUTH), 0);
    assert_int_equal(pvar(&p, "hand", NORTH), 0);
    assert_int_equal(pl_state_to_move(p.st), SOUTH);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    assert_int_equal(var(&p, "quiet"), 0);
    /* e3-d3 lines up d3 d4 d5, f2-e2 e1 e2 e3: 12 North pieces each */
    pt_assert_moves(p.st, &p.ml,
        "b2-b1 b3-b4 c2-d2 d4-d3 d4-e4 e1-e2 "
        "e3-d3xa1 e3-d3xa2 e3-d3xa4 e3-d3xb5 e3-d3xc1 e3-d3xc3 e3-d3xc4 "
        "e3-d3xd1 e3-d3xe5 e3-d3xf1 e3-d3xf3 e3-d3xf4 e3-e2 e3-e4 "
        "f2-e2xa1 f2-e2xa2 f2-e2xa4 f2-e2xb5 f2-e2xc1 f2-e2xc3 f2-e2xc4 "
        "f2-e2xd1 f2-e2xe5 f2-e2xf1 f2-e2xf3 f2-e2xf4");
    pos_close(&p);
}

/* From a real game (seed 167): after 23 placements North keeps a piece
 * but every empty square is banned for it and South's hand is empty:
 * North steps, and its last piece in hand leaves the game. */
static void test_wali_phase_switch_with_piece_in_hand(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/west-african/wali.game");
    pt_play(p.st, &p.ml, "c4 b1 e3 f2 f4 f1 e4 e5 d1 a5 b5 b3 a2 c1 e1 d5 "
                         "f5 e2 b4 a3 d2 d4 c2");
    assert_int_equal(pvar(&p, "hand", NORTH), 1);
    assert_int_equal(pl_state_to_move(p.st), NORTH);
    pt_assert_moves(p.st, &p.ml,
        "a3-a4 a5-a4 b1-a1 b1-b2 b3-b2 b3-c3 d4-d3 d5-c5 f2-f3");
    pt_play(p.st, &p.ml, "a3-a4");
    assert_int_equal(pvar(&p, "hand", NORTH), 0);
    assert_int_equal(var(&p, "placing"), 0);
    assert_int_equal(pl_state_to_move(p.st), SOUTH);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* Wali: movement and removal */

/* d1-c1 lines up a1 b1 c1: one move per North piece that may be removed. */
static void test_wali_run_removes(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_run.game");
    pt_assert_moves(p.st, &p.ml, "a1-a2 b1-b2 b1-c1 d1-c1xe5 d1-c1xf5 d1-d2 d1-e1");
    assert_int_equal(pl_movelist_find(&p.ml, "D1-C1XE5"),
                     pl_movelist_find(&p.ml, "d1-c1xe5"));   /* any case */
    pt_play(p.st, &p.ml, "d1-c1xe5");
    assert_int_equal(owner(&p, "c1"), SOUTH);
    assert_int_equal(owner(&p, "d1"), -1);
    assert_int_equal(owner(&p, "e5"), -1);
    assert_int_equal(owner(&p, "f5"), NORTH);
    assert_int_equal(var(&p, "quiet"), 0);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* a1 b1 c1 already stands: no move removes (e3 moving, a piece leaving
 * the run).  The "cheval simple": c1 steps out and back in, and every
 * return re-forms the run and removes. */
static void test_wali_existing_run_and_cheval_simple(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_existing_run.game");
    pt_assert_moves(p.st, &p.ml, "a1-a2 b1-b2 c1-c2 c1-d1 e3-d3 e3-e2 e3-e4 e3-f3");
    pt_play(p.st, &p.ml, "c1-c2 f5-f4");
    assert_int_equal(var(&p, "quiet"), 2);
    assert_int_equal(count_prefix(&p, "c2-c1"), 3);      /* one per North piece */
    assert_false(legal(&p, "c2-c1"));
    pt_play(p.st, &p.ml, "c2-c1xd5 e5-e4");
    assert_int_equal(count_pieces(&p, NORTH), 2);
    pt_play(p.st, &p.ml, "c1-c2 f4-f5");
    pt_assert_moves(p.st, &p.ml,
        "a1-a2 b1-b2 b1-c1 c2-b2 c2-c1xe4 c2-c1xf5 c2-c3 c2-d2 e3-d3 e3-e2 e3-f3");
    pt_play(p.st, &p.ml, "c2-c1xe4");
    assert_int_equal(count_pieces(&p, NORTH), 1);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* d2-c2 forms a row (a2 b2 c2) and a column (c1 c2 c3) together: one
 * removal, so one move per North piece (b2-c2, c1-c2 and c3-c2 form one
 * run each). */
static void test_wali_row_and_column_one_removal(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_row_column.game");
    pt_assert_moves(p.st, &p.ml,
        "a2-a1 a2-a3 b2-b1 b2-b3 b2-c2xe4 b2-c2xe5 b2-c2xf5 c1-b1 "
        "c1-c2xe4 c1-c2xe5 c1-c2xf5 c1-d1 c3-b3 c3-c2xe4 c3-c2xe5 c3-c2xf5 "
        "c3-c4 c3-d3 d2-c2xe4 d2-c2xe5 d2-c2xf5 d2-d1 d2-d3 d2-e2");
    pt_play(p.st, &p.ml, "d2-c2xe4");
    assert_int_equal(count_pieces(&p, NORTH), 2);
    assert_int_equal(owner(&p, "e5"), NORTH);
    assert_int_equal(owner(&p, "f5"), NORTH);
    pos_close(&p);
}

/* Wali: "three or more" -- a run of four (d2-d1), of five (e3-e4, e5-e4)
 * or four and three at once (f4-e4) all remove. */
static void test_wali_four_removes(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_four.game");
    pt_assert_moves(p.st, &p.ml,
        "a1-a2 b1-b2 b4-a4 b4-b3 b4-b5 c1-c2 c1-d1 c4-c3 c4-c5 d2-c2 "
        "d2-d1xa5 d2-d1xf1 d2-d1xf5 d2-d3 d2-e2 d4-d3 d4-d5 "
        "d4-e4xa5 d4-e4xf1 d4-e4xf5 e3-d3xa5 e3-d3xf1 e3-d3xf5 e3-e2 "
        "e3-e4xa5 e3-e4xf1 e3-e4xf5 e3-f3 e5-d5 e5-e4xa5 e5-e4xf1 e5-e4xf5 "
        "f4-e4xa5 f4-e4xf1 f4-e4xf5 f4-f3");
    pos_close(&p);
}

/* Dara: only exactly three counts.  d2-d1 (four), e3-e4 and e5-e4 (five)
 * remove nothing; f4-e4 (four in the row, three in the column) removes
 * once, like d4-e4 and e3-d3 (three in a column). */
static void test_dara_only_three_removes(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/dara_four.game");
    pt_assert_moves(p.st, &p.ml,
        "a1-a2 b1-b2 b4-a4 b4-b3 b4-b5 c1-c2 c1-d1 c4-c3 c4-c5 d2-c2 "
        "d2-d1 d2-d3 d2-e2 d4-d3 d4-d5 d4-e4xa5 d4-e4xf1 d4-e4xf5 "
        "e3-d3xa5 e3-d3xf1 e3-d3xf5 e3-e2 e3-e4 e3-f3 e5-d5 e5-e4 "
        "f4-e4xa5 f4-e4xf1 f4-e4xf5 f4-f3");
    pt_play(p.st, &p.ml, "f4-e4xf5");
    assert_int_equal(count_pieces(&p, NORTH), 2);
    pos_close(&p);
}

/* The "cheval double": c1-c2 breaks the row a1 b1 c1 and forms the
 * column c2 c3 c4; c2-c1 the other way round.  Every step removes. */
static void test_wali_cheval_double(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_cheval_double.game");
    pt_assert_moves(p.st, &p.ml,
        "a1-a2 b1-b2 c1-c2xe4 c1-c2xe5 c1-c2xf3 c1-c2xf4 c1-c2xf5 c1-d1 "
        "c3-b3 c3-c2 c3-d3 c4-b4 c4-c5 c4-d4");
    pt_play(p.st, &p.ml, "c1-c2xf5 e5-d5");
    assert_int_equal(count_prefix(&p, "c2-c1x"), 4);
    pt_play(p.st, &p.ml, "c2-c1xd5 f4-f5");
    assert_int_equal(count_prefix(&p, "c1-c2x"), 3);
    pt_play(p.st, &p.ml, "c1-c2xf5");
    assert_int_equal(count_pieces(&p, NORTH), 2);
    assert_int_equal(var(&p, "quiet"), 0);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* Wali: the end */

/* Removing North's last piece wins at once. */
static void test_wali_no_pieces_loses(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_last_piece.game");
    pt_play(p.st, &p.ml, "d1-c1xf5");
    assert_int_equal(count_pieces(&p, NORTH), 0);
    assert_int_equal(status(&p), SOUTH);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "d1-d2");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* North, walled in during the movement phase, loses. */
static void test_wali_no_move_loses(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_no_move.game");
    pt_play(p.st, &p.ml, "c1-b1");
    assert_int_equal(pt_generate(p.st, &p.ml), 0);
    assert_int_equal(status(&p), SOUTH);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "a2-a3");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "a1-a2 a1-b1");
    pos_close(&p);
}

/* 46 quiet turns: the 50th quiet turn ends the game in a draw, right
 * after it is played; a removal starts the count again. */
static void test_wali_fifty_turn_draw(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_quiet46.game");
    pt_play(p.st, &p.ml, "a1-a2 a5-a4 a2-a1");
    assert_int_equal(var(&p, "quiet"), 49);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "a4-a5");
    assert_int_equal(var(&p, "quiet"), 50);
    assert_int_equal(status(&p), DRAW);
    pl_state_reset(p.st);
    pt_play(p.st, &p.ml, "d2-c2 a5-a4 c2-c1xb5");
    assert_int_equal(var(&p, "quiet"), 0);
    pt_play(p.st, &p.ml, "a4-a5");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* The 50th quiet turn draws even when it leaves the next player without
 * a move (c1-b1 walls North in); a removal on that turn is no quiet turn
 * (f2-f3 lines up d3 e3 f3 and takes North's last piece). */
static void test_wali_draw_before_no_move(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/wali_quiet.game");
    pt_play(p.st, &p.ml, "c1-b1");
    assert_int_equal(status(&p), DRAW);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "e3-e4");
    assert_int_equal(status(&p), DRAW);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "f2-f3xa1");
    assert_int_equal(status(&p), SOUTH);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* Yote */

/* Drops from the reserve and steps; a piece next to an enemy may jump it
 * (here the second removal can only be a reserve piece: `/r`). */
static void test_yote_drop_and_step(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/west-african/yote.game");
    assert_int_equal(pvar(&p, "reserve", SOUTH), 12);
    assert_int_equal(pt_generate(p.st, &p.ml), 30);
    assert_int_equal(count_prefix(&p, "@"), 30);
    pt_play(p.st, &p.ml, "@c3");
    assert_int_equal(owner(&p, "c3"), SOUTH);
    assert_int_equal(pvar(&p, "reserve", SOUTH), 11);
    pt_play(p.st, &p.ml, "@c4");
    assert_int_equal(pt_generate(p.st, &p.ml), 32);   /* 28 drops, 3 steps, 1 jump */
    assert_int_equal(count_prefix(&p, "@"), 28);
    assert_true(legal(&p, "c3-c2"));
    assert_true(legal(&p, "c3-b3"));
    assert_true(legal(&p, "c3-d3"));
    assert_false(legal(&p, "c3-c4"));
    assert_true(legal(&p, "c3xc5/r"));
    pt_play(p.st, &p.ml, "c3-c2");
    assert_int_equal(owner(&p, "c3"), -1);
    assert_int_equal(owner(&p, "c2"), SOUTH);
    assert_int_equal(pvar(&p, "reserve", SOUTH), 11);
    assert_int_equal(var(&p, "quiet"), 3);
    pos_close(&p);
}

/* c3xc5 takes c4, then e2 (the only other North piece); the steps stay
 * legal (capturing is not forced).  North has nothing left and loses. */
static void test_yote_capture_second_from_board(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/yote_capture.game");
    pt_assert_moves(p.st, &p.ml, "a1-a2 a1-b1 c3-b3 c3-c2 c3-d3 c3xc5/e2");
    pt_play(p.st, &p.ml, "c3xc5/e2");
    assert_int_equal(owner(&p, "c3"), -1);
    assert_int_equal(owner(&p, "c4"), -1);
    assert_int_equal(owner(&p, "c5"), SOUTH);
    assert_int_equal(owner(&p, "e2"), -1);
    assert_int_equal(status(&p), SOUTH);
    pos_close(&p);
}

/* With North's 3 reserve pieces the second removal may be one of them:
 * `/r` is one move.  A player with an empty board but a reserve plays on
 * (drops only). */
static void test_yote_capture_second_from_reserve(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/yote_reserve.game");
    pt_assert_moves(p.st, &p.ml,
        "a1-a2 a1-b1 c3-b3 c3-c2 c3-d3 c3xc5/e2 c3xc5/r");
    pt_play(p.st, &p.ml, "c3xc5/r");
    assert_int_equal(pvar(&p, "reserve", NORTH), 2);
    assert_int_equal(owner(&p, "c4"), -1);
    assert_int_equal(owner(&p, "e2"), NORTH);
    assert_int_equal(var(&p, "quiet"), 0);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "c3xc5/e2");
    assert_int_equal(count_pieces(&p, NORTH), 0);
    assert_int_equal(pvar(&p, "reserve", NORTH), 3);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    assert_int_equal(p.ml.count, 28);
    assert_int_equal(count_prefix(&p, "@"), 28);
    pos_close(&p);
}

/* The jumped piece was North's last: no second removal, North loses. */
static void test_yote_no_second_removal(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/yote_last.game");
    pt_assert_moves(p.st, &p.ml, "c3-b3 c3-c2 c3-d3 c3xc5");
    pt_play(p.st, &p.ml, "c3xc5");
    assert_int_equal(status(&p), SOUTH);
    pos_close(&p);
}

/* The last reserve piece goes as the second removal: North has no piece
 * left, board and reserve together, and loses. */
static void test_yote_no_pieces_with_reserve_loses(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/yote_last_reserve.game");
    pt_assert_moves(p.st, &p.ml, "c3-b3 c3-c2 c3-d3 c3xc5/r");
    pt_play(p.st, &p.ml, "c3xc5/r");
    assert_int_equal(pvar(&p, "reserve", NORTH), 0);
    assert_int_equal(status(&p), SOUTH);
    pos_close(&p);
}

/* North, with no reserve and a1 walled in, has no move and loses. */
static void test_yote_no_move_loses(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/yote_no_move.game");
    pt_assert_moves(p.st, &p.ml,
        "a3-a2 a3-a4 a3-b3 b2-a2 b2-b3 b2-c2 c1-c2 c1-d1");
    pt_play(p.st, &p.ml, "b2-a2");
    assert_int_equal(pt_generate(p.st, &p.ml), 0);
    assert_int_equal(status(&p), SOUTH);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "a3-a4");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "a1-a2");
    pos_close(&p);
}

/* 50 turns without a capture, drops and steps alike, from the start: the
 * game is drawn right after the 50th. */
static void test_yote_fifty_turn_draw_from_start(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/west-african/yote.game");
    pt_play(p.st, &p.ml, "@a1 @a5 @b1 @b5 @c1 @c5 @d1 @d5 @e1 @e5 @f1 @f5 "
                         "@a2 @a4 @b2 @b4 @c2 @c4 @d2 @d4 @e2 @e4 @f2 @f4");
    assert_int_equal(var(&p, "quiet"), 24);
    for (int i = 0; i < 6; i++)
        pt_play(p.st, &p.ml, "a2-a3 f4-f3 a3-a2 f3-f4");
    pt_play(p.st, &p.ml, "a2-a3");
    assert_int_equal(var(&p, "quiet"), 49);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "f4-f3");
    assert_int_equal(status(&p), DRAW);
    pos_close(&p);
}

/* The 50th quiet turn draws before North could lose for having no move;
 * a capture starts the count again. */
static void test_yote_draw_before_no_move(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/yote_quiet.game");
    pt_play(p.st, &p.ml, "b2-a2");
    assert_int_equal(status(&p), DRAW);
    pos_close(&p);
    pos_open(&p, "tests/positions/yote_quiet46.game");
    pt_play(p.st, &p.ml, "a1-a2 f5-f4 a2-a1");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "f4-f5");
    assert_int_equal(status(&p), DRAW);
    pl_state_reset(p.st);
    pt_play(p.st, &p.ml, "b1xd1/r");
    assert_int_equal(var(&p, "quiet"), 0);
    assert_int_equal(pvar(&p, "reserve", NORTH), 0);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

int main(void)
{
    pt_init();
    enum { N = sizeof cases / sizeof cases[0] };
    static const struct CMUnitTest rules[] = {
        cmocka_unit_test(test_wali_start),
        cmocka_unit_test(test_wali_placement_ban),
        cmocka_unit_test(test_dara_placement_ban_three_or_more),
        cmocka_unit_test(test_wali_pass_then_phase_switch),
        cmocka_unit_test(test_wali_nobody_can_place),
        cmocka_unit_test(test_wali_phase_switch_after_24),
        cmocka_unit_test(test_wali_phase_switch_with_piece_in_hand),
        cmocka_unit_test(test_wali_run_removes),
        cmocka_unit_test(test_wali_existing_run_and_cheval_simple),
        cmocka_unit_test(test_wali_row_and_column_one_removal),
        cmocka_unit_test(test_wali_four_removes),
        cmocka_unit_test(test_dara_only_three_removes),
        cmocka_unit_test(test_wali_cheval_double),
        cmocka_unit_test(test_wali_no_pieces_loses),
        cmocka_unit_test(test_wali_no_move_loses),
        cmocka_unit_test(test_wali_fifty_turn_draw),
        cmocka_unit_test(test_wali_draw_before_no_move),
        cmocka_unit_test(test_yote_drop_and_step),
        cmocka_unit_test(test_yote_capture_second_from_board),
        cmocka_unit_test(test_yote_capture_second_from_reserve),
        cmocka_unit_test(test_yote_no_second_removal),
        cmocka_unit_test(test_yote_no_pieces_with_reserve_loses),
        cmocka_unit_test(test_yote_no_move_loses),
        cmocka_unit_test(test_yote_fifty_turn_draw_from_start),
        cmocka_unit_test(test_yote_draw_before_no_move),
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
    return _cmocka_run_group_tests("test_wali_yote", tests, N + R, NULL, NULL);
}
