/*
 * test_rules.c -- one test per tricky rule of the shipped games, on small
 * positions.
 *
 * A position is a game file under tests/positions/ that imports a shipped
 * game and replaces its setup (and, with `turn`, who moves first); the
 * board, the moves and the end rules are the shipped ones.  Rules are
 * those of the game's page in docs/games/ (one .md per game).  Move lists are compared
 * exactly, as sorted texts.
 */
#include "plateau_test.h"

/* A position, its move lists and the player indices of its game. */
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

static int draw_of(const pos *p)
{
    return p->prog->nplayers;
}

/* Players by their place in the `players` line. */
enum { BLACK = 0, WHITE = 1 };                /* Lines of Action */
enum { PURSUED = 0, PURSUER = 1 };            /* knight chase */
enum { BT_WHITE = 0, BT_BLACK = 1 };          /* Breakthrough */
enum { TTT_X = 0, TTT_O = 1 };                /* tic-tac-toe */

/* ---------------------------------------------------------------------- */
/* Lines of Action */

/* N counts the pieces of both colours on the whole line, on both sides of
 * the piece: c1 moves 3 up column c (c1, c3, c6), jumping its own c3; c3
 * moves 2 along the long diagonal (c3, h8).  Moves off the board (c3 down
 * the column) do not exist. */
static void test_loa_line_count_counts_both_colours(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_line_count.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml,
        "c1-b1 c1-b2 c1-c4 c1-d1 c1-d2 c3-a1 c3-b3 c3-b4 c3-d2 c3-d3 c3-e5 c3xc6");
    pos_close(&p);
}

/* Own pieces may be jumped, enemy pieces never: white e5 has 3 pieces on
 * its diagonal (c3, d4 black) and may go to h8 but not to b2. */
static void test_loa_jump_own_not_enemy(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_jump_enemy.game");
    assert_int_equal(pl_state_to_move(p.st), WHITE);
    pt_assert_moves(p.st, &p.ml, "e5-d5 e5-d6 e5-e4 e5-e6 e5-f4 e5-f5 e5-h8");
    pos_close(&p);
}

/* Landing on an enemy piece captures it; the text has an `x`.  Here the
 * capture leaves white a single piece (h8): white is connected, black is
 * not, so white, the opponent of the mover, wins. */
static void test_loa_capture_leaving_opponent_connected(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_line_count.game");
    pt_play(p.st, &p.ml, "c3xc6");
    assert_int_equal(pl_state_slot(p.st, pl_program_find_cell(p.prog, "c6")) != 0, 1);
    assert_int_equal(pl_state_slot(p.st, pl_program_find_cell(p.prog, "c3")), 0);
    assert_int_equal(status(&p), WHITE);
    pos_close(&p);
}

/* A non-capturing move that connects nobody goes on. */
static void test_loa_game_goes_on(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_line_count.game");
    pt_play(p.st, &p.ml, "c1-c4");   /* c3 c4 are adjacent: black connected */
    assert_int_equal(status(&p), BLACK);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "c1-d1");   /* c3 and d1 are not */
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* Both players connected after a move: the mover wins.  White (g7 h8) is
 * connected from the start; black d1-b1 joins a1. */
static void test_loa_both_connected_mover_wins(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_both_connect.game");
    pt_assert_moves(p.st, &p.ml, "a1-a2 a1-c1 a1-d4 d1-b1 d1-c2 d1-d2 d1-e2 d1-f1");
    pt_play(p.st, &p.ml, "d1-b1");
    assert_int_equal(status(&p), BLACK);
    pl_undo(p.st);
    /* a move that leaves black apart: white, connected, wins */
    pt_play(p.st, &p.ml, "a1-a2");
    assert_int_equal(status(&p), WHITE);
    pos_close(&p);
}

/* A single remaining piece is a connected group. */
static void test_loa_single_piece_is_connected(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_single_piece.game");
    pt_assert_moves(p.st, &p.ml, "d4-c4 d4-c5 d4-d3 d4-d5 d4-e3 d4-e4 d4-g7 d4xa1");
    pt_play(p.st, &p.ml, "d4-c4");
    assert_int_equal(status(&p), BLACK);
    pl_undo(p.st);
    /* capturing a1 leaves white one piece (h8) too: both connected */
    pt_play(p.st, &p.ml, "d4xa1");
    assert_int_equal(status(&p), BLACK);
    pos_close(&p);
}

/* No move, but the opponent could move: the only move is `pass`, and the
 * game goes on with the opponent to move. */
static void test_loa_pass_when_blocked(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_pass.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "pass");
    assert_true(p.ml.moves[0].is_pass);
    pt_play(p.st, &p.ml, "pass");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    assert_int_equal(pl_state_to_move(p.st), WHITE);
    assert_true(p.ml.count > 0);
    assert_int_equal(pl_movelist_find(&p.ml, "pass"), -1);
    pos_close(&p);
}

/* Neither player can move after a move: a draw (black's only move is a
 * capture on a crowded board; nobody is connected).  The rules check
 * "neither can move" last, after connection and repetition. */
static void test_loa_draw_when_neither_can_move(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_blocked.game");
    pt_assert_moves(p.st, &p.ml, "h5xe8");
    pt_play(p.st, &p.ml, "h5xe8");
    assert_int_equal(status(&p), draw_of(&p));
    assert_int_equal(pt_generate(p.st, &p.ml), 0);
    pos_close(&p);
}

/* Threefold repetition of board and side to move is a draw; the start
 * position counts as the first occurrence. */
static void test_loa_threefold_repetition(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/connection/lines-of-action.game");
    pt_play(p.st, &p.ml, "b1-b3 a2-c2 b3-b1 c2-a2");   /* second time */
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "b1-b3 a2-c2 b3-b1");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "c2-a2");                     /* third time */
    assert_int_equal(status(&p), draw_of(&p));
    /* undo forgets the occurrence */
    pl_undo(p.st);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    /* another way back to the same board: a third occurrence too */
    pt_play(p.st, &p.ml, "c2-a2");
    assert_int_equal(status(&p), draw_of(&p));
    pos_close(&p);
}

/* `turn` in a setup decides who moves first. */
static void test_loa_turn_in_setup(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/loa_turn_white.game");
    assert_int_equal(pl_state_to_move(p.st), WHITE);
    assert_int_equal(pt_generate(p.st, &p.ml), 36);
    assert_true(pl_movelist_find(&p.ml, "a2-c2") >= 0);
    assert_int_equal(pl_movelist_find(&p.ml, "b1-b3"), -1);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* knight chase */

/* A capture, when possible, is the pursuer's only move, and it wins. */
static void test_kc_forced_capture(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/kc_forced_capture.game");
    assert_int_equal(pl_state_to_move(p.st), PURSUER);
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "d4");
    pt_play(p.st, &p.ml, "d4");
    assert_int_equal(status(&p), PURSUER);
    pos_close(&p);
}

/* The pursued knight, blocked while the pursuer can move, passes, and
 * then passes on every turn; the pursuer, stuck in turn, loses. */
static void test_kc_pass_then_pursuer_stuck(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/kc_pursued_blocked.game");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "pass");
    pt_play(p.st, &p.ml, "pass");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "g6");
    pt_play(p.st, &p.ml, "g6");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "pass");
    pt_play(p.st, &p.ml, "pass");
    /* the pursuer on g6 has nowhere to go: the pursued knight wins */
    assert_int_equal(status(&p), PURSUED);
    pos_close(&p);
}

/* The pursued knight passes for good, "without testing again": once the
 * pursuer is stuck on g6, a first pass would not be allowed (the pursuer
 * cannot move), but a knight already passing still passes. */
static void test_kc_passing_is_for_good(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/kc_pursued_blocked.game");
    pt_play(p.st, &p.ml, "pass g6");
    pt_assert_moves(p.st, &p.ml, "pass");
    pos_close(&p);
}

/* Both knights blocked at once: a draw, whoever is to move. */
static void test_kc_draw_when_both_blocked(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/kc_both_blocked.game");
    assert_int_equal(pl_state_to_move(p.st), PURSUED);
    assert_int_equal(status(&p), draw_of(&p));
    pos_close(&p);
    pos_open(&p, "tests/positions/kc_both_blocked_pursuer.game");
    assert_int_equal(pl_state_to_move(p.st), PURSUER);
    assert_int_equal(status(&p), draw_of(&p));
    pos_close(&p);
}

/* The pursuer blocked while the pursued knight could move: pursued wins. */
static void test_kc_pursued_wins_when_pursuer_blocked(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/kc_pursuer_blocked.game");
    assert_int_equal(status(&p), PURSUED);
    pos_close(&p);
}

/* Burnt squares: a square a knight has stood on is never landed on again;
 * from the start, the pursued knight's two jumps burn their squares. */
static void test_kc_burnt_squares(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/chess/knight-chase.game");
    pt_assert_moves(p.st, &p.ml, "b3 c2");
    pt_play(p.st, &p.ml, "b3");
    pt_assert_moves(p.st, &p.ml, "f7 g6");
    pt_play(p.st, &p.ml, "g6");
    /* a1, where the pursued knight started, is burnt */
    pt_assert_moves(p.st, &p.ml, "a5 c1 c5 d2 d4");
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* Breakthrough */

static void test_bt_reaching_last_row_wins(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/bt_last_row.game");
    pt_assert_moves(p.st, &p.ml, "b7-a8 b7-b8 b7-c8 h2-g3 h2-h3");
    pt_play(p.st, &p.ml, "b7-b8");
    assert_int_equal(status(&p), BT_WHITE);
    pl_undo(p.st);
    pt_play(p.st, &p.ml, "h2-h3");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pos_close(&p);
}

/* Pawns capture diagonally only: b4 may not take b5, nor step onto it. */
static void test_bt_no_straight_capture(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/bt_no_straight_capture.game");
    pt_assert_moves(p.st, &p.ml, "b4-c5 b4xa5");
    pos_close(&p);
}

static void test_bt_capturing_everything_wins(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "tests/positions/bt_capture_all.game");
    pt_assert_moves(p.st, &p.ml, "b4-b5 b4-c5 b4xa5");
    pt_play(p.st, &p.ml, "b4xa5");
    assert_int_equal(status(&p), BT_WHITE);
    pos_close(&p);
}

/* ---------------------------------------------------------------------- */
/* tic-tac-toe */

static void test_ttt_diagonal_wins(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/alignment/tic-tac-toe.game");
    pt_play(p.st, &p.ml, "a1 b1 b2 c1");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "c3");
    assert_int_equal(status(&p), TTT_X);
    pl_state_reset(p.st);
    pt_play(p.st, &p.ml, "a1 c1 a2 b2 c2 a3");     /* o on the other diagonal */
    assert_int_equal(status(&p), TTT_O);
    pos_close(&p);
}

static void test_ttt_full_board_draw(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/alignment/tic-tac-toe.game");
    pt_play(p.st, &p.ml, "a1 b2 c3 b1 b3 a3 c1 c2");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_assert_moves(p.st, &p.ml, "a2");
    pt_play(p.st, &p.ml, "a2");
    assert_int_equal(status(&p), draw_of(&p));
    pos_close(&p);
}

/* A win on the last square is a win, not a draw. */
static void test_ttt_win_on_last_square(void **state)
{
    (void)state;
    pos p;
    pos_open(&p, "games/alignment/tic-tac-toe.game");
    pt_play(p.st, &p.ml, "a1 b1 c1 a2 b2 c2 b3 a3");
    assert_int_equal(status(&p), PL_RESULT_NONE);
    pt_play(p.st, &p.ml, "c3");                          /* a1 b2 c3 */
    assert_int_equal(status(&p), TTT_X);
    pos_close(&p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loa_line_count_counts_both_colours),
        cmocka_unit_test(test_loa_jump_own_not_enemy),
        cmocka_unit_test(test_loa_capture_leaving_opponent_connected),
        cmocka_unit_test(test_loa_game_goes_on),
        cmocka_unit_test(test_loa_both_connected_mover_wins),
        cmocka_unit_test(test_loa_single_piece_is_connected),
        cmocka_unit_test(test_loa_pass_when_blocked),
        cmocka_unit_test(test_loa_draw_when_neither_can_move),
        cmocka_unit_test(test_loa_threefold_repetition),
        cmocka_unit_test(test_loa_turn_in_setup),
        cmocka_unit_test(test_kc_forced_capture),
        cmocka_unit_test(test_kc_pass_then_pursuer_stuck),
        cmocka_unit_test(test_kc_passing_is_for_good),
        cmocka_unit_test(test_kc_draw_when_both_blocked),
        cmocka_unit_test(test_kc_pursued_wins_when_pursuer_blocked),
        cmocka_unit_test(test_kc_burnt_squares),
        cmocka_unit_test(test_bt_reaching_last_row_wins),
        cmocka_unit_test(test_bt_no_straight_capture),
        cmocka_unit_test(test_bt_capturing_everything_wins),
        cmocka_unit_test(test_ttt_diagonal_wins),
        cmocka_unit_test(test_ttt_full_board_draw),
        cmocka_unit_test(test_ttt_win_on_last_square),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
