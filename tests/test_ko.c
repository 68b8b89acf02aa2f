/*
 * test_ko.c -- position identity for superko: board_repeated(n), the
 * board of the current position (its cells and their marks; no variable,
 * not the player to move) against the boards of the game's history.  A
 * small game written here, then Go's positional superko on a double ko.
 */
#include "plateau_test.h"

/* One stone that either player moves to any empty cell, never back to a
 * board seen before.  The count changes with every move, so the state as
 * `repeated` compares it never repeats; the board does.  No other code of
 * the move program reads the hash: were board_repeated not counted as a
 * reader of it (state.c, reads_hash), the runs of the move program would
 * not hash their writes and it would compare a stale board (tried: a1
 * comes out legal after b1). */
#define CYCLE                                                  \
    "game \"cycle\"\n"                                         \
    "import grid\n"                                            \
    "board 4 x 1\n"                                            \
    "players south north\n"                                    \
    "piece stone\n"                                            \
    "var count = 0\n"                                          \
    "player var turns = 0\n"                                   \
    "setup { place south stone at a1 }\n"                      \
    "moves {\n"                                                \
    "  pick s in pieces(south)\n"                              \
    "  pick c in empty_cells\n"                                \
    "  move s to c\n"                                          \
    "  set count = count + 1\n"                                \
    "  set turns(mover) = turns(mover) + 1\n"                  \
    "  require not board_repeated(1)\n"                        \
    "  text c\n"                                               \
    "}\n"                                                      \
    "end { no moves: draw }\n"

typedef struct {
    pl_program *prog;
    pl_state *st;
    pl_movelist ml;
} game;

static void open_game(game *g, const char *name, const char *text)
{
    g->prog = text ? pt_compile_text(name, text) : pt_compile(name);
    g->st = pl_state_new(g->prog);
    pl_movelist_init(&g->ml);
}

static void close_game(game *g)
{
    pl_movelist_free(&g->ml);
    pl_state_free(g->st);
    pl_program_free(g->prog);
}

/* A move that recreates an earlier board is refused, a new board is not;
 * the variables (count, turns) are no part of the board. */
static void test_an_earlier_board_is_refused(void **state)
{
    (void)state;
    game g;
    open_game(&g, "cycle.game", CYCLE);
    pt_assert_moves(g.st, &g.ml, "b1 c1 d1");
    pt_play(g.st, &g.ml, "b1");
    pt_assert_moves(g.st, &g.ml, "c1 d1");      /* a1: the start's board */
    pt_play(g.st, &g.ml, "c1");
    pt_assert_moves(g.st, &g.ml, "d1");         /* a1 and b1 seen */
    pt_play(g.st, &g.ml, "d1");
    pt_assert_moves(g.st, &g.ml, "");
    assert_int_equal(pt_status(g.st, &g.ml), 2);   /* no moves: a draw */
    pl_movelist mls[5];
    for (int i = 0; i < 5; i++)
        pl_movelist_init(&mls[i]);
    pl_state *st = pl_state_new(g.prog);
    assert_int_equal(pt_perft(st, mls, 1), 3);
    assert_int_equal(pt_perft(st, mls, 2), 6);
    assert_int_equal(pt_perft(st, mls, 3), 6);
    assert_int_equal(pt_perft(st, mls, 4), 0);   /* each order of the three cells, then no board left */
    for (int i = 0; i < 5; i++)
        pl_movelist_free(&mls[i]);
    pl_state_free(st);
    close_game(&g);
}

/* The player to move is no part of the board: after b1 c1 it is south's
 * turn, and a1 would give the start's board with north to move (the start
 * had south to move): refused all the same.  After b1 alone, north's a1
 * would give it with south to move, as at the start: refused too. */
static void test_the_mover_is_no_part_of_it(void **state)
{
    (void)state;
    game g;
    open_game(&g, "cycle.game", CYCLE);
    pt_play(g.st, &g.ml, "c1 b1");
    assert_int_equal(pl_state_to_move(g.st), 0);
    pt_assert_moves(g.st, &g.ml, "d1");
    pl_state_free(g.st);
    g.st = pl_state_new(g.prog);
    pt_play(g.st, &g.ml, "d1");
    assert_int_equal(pl_state_to_move(g.st), 1);
    pt_assert_moves(g.st, &g.ml, "b1 c1");
    close_game(&g);
}

/* Undo takes the undone positions out of the history; a copy keeps the
 * history; a position read from text starts a new one. */
static void test_undo_copy_and_a_position_read(void **state)
{
    (void)state;
    game g;
    open_game(&g, "cycle.game", CYCLE);
    pt_play(g.st, &g.ml, "b1 c1");
    pt_assert_moves(g.st, &g.ml, "d1");
    pl_state *copy = pl_state_copy(g.st);
    assert_int_equal(pl_undo(g.st), PL_OK);        /* c1 is no longer seen */
    pt_assert_moves(g.st, &g.ml, "c1 d1");
    pt_play(g.st, &g.ml, "d1");
    pt_assert_moves(g.st, &g.ml, "c1");
    assert_int_equal(pl_undo(g.st), PL_OK);
    assert_int_equal(pl_undo(g.st), PL_OK);
    pt_assert_moves(g.st, &g.ml, "b1 c1 d1");
    pt_play(g.st, &g.ml, "c1");
    pt_assert_moves(g.st, &g.ml, "b1 d1");
    pt_assert_moves(copy, &g.ml, "d1");            /* the copy: a1 b1 c1 seen */
    assert_int_equal(pl_undo(copy), PL_OK);
    pt_assert_moves(copy, &g.ml, "c1 d1");

    /* the position after b1 c1 read from its text: only c1 is seen */
    pt_play(copy, &g.ml, "c1");
    char *text = NULL;
    assert_int_equal(pl_state_to_position(copy, &text), PL_OK);
    pl_state *read = pl_state_new(g.prog);
    pl_position_error err;
    assert_int_equal(pl_state_from_position(read, text, &err), PL_OK);
    pt_assert_moves(read, &g.ml, "a1 b1 d1");
    pl_free(text);
    pl_state_free(read);
    pl_state_free(copy);
    close_game(&g);
}

/* Situational superko, board_repeated(n, P): the board with P to move.
 * After b1 c1, south's a1 gives the start's board with north to move; the
 * start had south to move, so it is no repetition of the situation, while
 * b1 gives b1's board with north to move, as after the first move. */
static void test_with_the_player_to_move(void **state)
{
    (void)state;
    const char *from = "  require not board_repeated(1)\n";
    const char *to = "  require not board_repeated(1, other(mover))\n";
    char text[1024];
    const char *at = strstr(CYCLE, from);
    assert_non_null(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - CYCLE), CYCLE, to, at + strlen(from));
    game g;
    open_game(&g, "situations.game", text);
    pt_play(g.st, &g.ml, "b1 c1");
    pt_assert_moves(g.st, &g.ml, "a1 d1");
    pt_play(g.st, &g.ml, "a1");
    pt_assert_moves(g.st, &g.ml, "b1 d1");       /* c1: c1's board with south to move again */
    assert_int_equal(pl_undo(g.st), PL_OK);
    pl_state *copy = pl_state_copy(g.st);
    pt_assert_moves(copy, &g.ml, "a1 d1");
    pl_state_free(copy);
    close_game(&g);
}

/* Marks are part of the board: after b1 and north's burning of b1, a1 is
 * the start's cells with a mark that the start did not have. */
static void test_marks_are_part_of_the_board(void **state)
{
    (void)state;
    game g;
    open_game(&g, "marks.game",
              "game \"marks\"\n"
              "import grid\n"
              "board 2 x 1\n"
              "players south north\n"
              "piece stone\n"
              "mark burnt\n"
              "setup { place south stone at a1 }\n"
              "moves {\n"
              "  pick s in pieces(south)\n"
              "  pick c in empty_cells\n"
              "  move s to c\n"
              "  require not board_repeated(1)\n"
              "  text c\n"
              "}\n"
              "moves {\n"
              "  pick s in pieces(south) where burnt(s) == 0\n"
              "  mark burnt at s\n"
              "  require not board_repeated(1)\n"
              "  text \"x\" s\n"
              "}\n"
              "end { no moves: draw }\n");
    pt_play(g.st, &g.ml, "b1");
    pt_assert_moves(g.st, &g.ml, "xb1");            /* a1: the start's board */
    pt_play(g.st, &g.ml, "xb1");
    pt_assert_moves(g.st, &g.ml, "a1");             /* b1 is burnt now */
    pt_play(g.st, &g.ml, "a1");
    pt_assert_moves(g.st, &g.ml, "xa1");            /* b1: seen, burnt */
    close_game(&g);
}

/* In an end rule the position after the move is in the history: it counts
 * itself, so board_repeated(2) is "this board was seen before". */
static void test_in_an_end_rule(void **state)
{
    (void)state;
    game g;
    open_game(&g, "again.game",
              "game \"again\"\n"
              "import grid\n"
              "board 3 x 1\n"
              "players south north\n"
              "piece stone\n"
              "var count = 0\n"
              "setup { place south stone at a1 }\n"
              "moves {\n"
              "  pick s in pieces(south)\n"
              "  pick c in empty_cells\n"
              "  move s to c\n"
              "  set count = count + 1\n"
              "  text c\n"
              "}\n"
              "end {\n"
              "  mover loses when board_repeated(2)\n"
              "  draw when not board_repeated(1)\n"   /* never: counts itself */
              "}\n");
    pt_play(g.st, &g.ml, "b1 c1");
    assert_int_equal(pt_status(g.st, &g.ml), PL_RESULT_NONE);
    pt_play(g.st, &g.ml, "a1");           /* south's a1: the start's board */
    assert_int_equal(pt_status(g.st, &g.ml), 1);
    assert_int_equal(pl_undo(g.st), PL_OK);
    pt_play(g.st, &g.ml, "b1");           /* b1: seen after the first move */
    assert_int_equal(pt_status(g.st, &g.ml), 1);
    close_game(&g);
}

/* Go, positional superko.  Two kos, one on each edge; in both Black may
 * take.  Black takes the first, White passes, Black takes the second,
 * White retakes the first, Black passes: White's retaking of the second
 * would recreate the board Black took the first from.  Simple ko allowed
 * it (the pass lifted the ban); superko does not. */
#define GO9 "games/territory/go9.game"
#define DOUBLE_KO "b1 e1 c2 d2 b9 e9 c8 d8 pass c1 pass c9"

static void test_go_superko(void **state)
{
    (void)state;
    game g;
    open_game(&g, GO9, NULL);
    pt_play(g.st, &g.ml, DOUBLE_KO " d1");
    assert_true(pl_movelist_find(&g.ml, "c1") < 0);   /* the simple ko, as before */
    pt_play(g.st, &g.ml, "pass d9 c1 pass");
    assert_int_equal(pt_status(g.st, &g.ml), PL_RESULT_NONE);
    assert_true(pl_movelist_find(&g.ml, "c9") < 0);   /* superko */
    assert_true(pl_movelist_find(&g.ml, "a5") >= 0);
    assert_true(pl_movelist_find(&g.ml, "pass") >= 0);
    assert_int_equal(g.ml.count, 81 - 10 + 1 - 1);     /* empty points, a pass, not c9 */
    pl_explanation ex;
    assert_int_equal(pl_explain(g.st, "c9", &ex), PL_OK);
    assert_false(ex.legal);
    assert_non_null(strstr(ex.message, "earlier board"));
    /* a stone of Black's instead of the pass: White's c9 makes a new board */
    assert_int_equal(pl_undo(g.st), PL_OK);
    pt_play(g.st, &g.ml, "a5");
    assert_int_equal(pt_status(g.st, &g.ml), PL_RESULT_NONE);
    assert_true(pl_movelist_find(&g.ml, "c9") >= 0);
    close_game(&g);
}

/* Perft across the double ko, equal to tests/reference/go_ref.py's (which
 * keeps the boards of the game in a set of its own): 72 at depth 1 under
 * simple ko, 71 under superko. */
static void test_go_superko_perft(void **state)
{
    (void)state;
    static const pt_perft_case c = {GO9, DOUBLE_KO " d1 pass d9 c1 pass", 3, {71, 4970, 347835}};
    pt_check_perft_case(&c, pt_play);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_an_earlier_board_is_refused),
        cmocka_unit_test(test_the_mover_is_no_part_of_it),
        cmocka_unit_test(test_undo_copy_and_a_position_read),
        cmocka_unit_test(test_with_the_player_to_move),
        cmocka_unit_test(test_marks_are_part_of_the_board),
        cmocka_unit_test(test_in_an_end_rule),
        cmocka_unit_test(test_go_superko),
        cmocka_unit_test(test_go_superko_perft),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
