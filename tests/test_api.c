/*
 * test_api.c -- the public API as an embedding program sees it: only
 * plateau.h is included.  Loading by name, by path and from memory with
 * the diagnostics as data; copies of states; status codes instead of
 * magic numbers.  Runs from the source tree with PLATEAU_PATH set to it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "plateau.h"

static pl_program *load(const char *game)
{
    pl_program *prog = NULL;
    assert_int_equal(pl_load(game, NULL, &prog), PL_OK);
    assert_non_null(prog);
    return prog;
}

/* Play `text`, which must be a legal move in a game that goes on. */
static void play(pl_state *st, pl_movelist *ml, const char *text)
{
    int result;
    assert_int_equal(pl_status(st, ml, &result), PL_OK);
    assert_int_equal(result, PL_RESULT_NONE);
    int i = pl_movelist_find(ml, text);
    assert_int_not_equal(i, PL_NO_MOVE);
    assert_int_equal(pl_apply(st, ml, i), PL_OK);
}

/* --- loading ------------------------------------------------------------------ */

static void test_load_by_name(void **state)
{
    (void)state;
    pl_diags *d = pl_diags_new();
    pl_program *prog = NULL;
    assert_int_equal(pl_load("tic-tac-toe", d, &prog), PL_OK);
    assert_int_equal(pl_diags_errors(d), 0);
    assert_string_equal(pl_program_title(prog), "Tic-tac-toe");
    assert_int_equal(pl_program_nplayers(prog), 2);
    assert_string_equal(pl_program_player_name(prog, 0), "x");
    assert_null(pl_program_player_name(prog, 2));
    assert_int_equal(pl_program_ncells(prog), 9);
    assert_int_equal(pl_program_find_cell(prog, "B2"), pl_program_find_cell(prog, "b2"));
    assert_string_equal(pl_program_cell_name(prog, pl_program_find_cell(prog, "c3")), "c3");
    pl_program_free(prog);
    pl_diags_delete(d);
}

static void test_load_unknown_name(void **state)
{
    (void)state;
    pl_diags *d = pl_diags_new();
    pl_program *prog = (pl_program *)d;   /* must be cleared */
    assert_int_equal(pl_load("no-such-game", d, &prog), PL_ERR_NOT_FOUND);
    assert_null(prog);
    assert_int_equal(pl_diags_count(d), 1);
    const pl_diag *g = pl_diags_get(d, 0);
    assert_int_equal(g->severity, PL_SEV_ERROR);
    assert_string_equal(g->message, "unknown game 'no-such-game'");
    assert_null(pl_diags_get(d, 1));
    pl_diags_delete(d);
}

/* The compiler's errors come back as data, exactly as the CLI prints them
 * (tests/broken/missing_brace.err). */
static void test_load_compile_errors(void **state)
{
    (void)state;
    pl_diags *d = pl_diags_new();
    pl_program *prog = NULL;
    assert_int_equal(pl_load("tests/broken/missing_brace.game", d, &prog), PL_ERR_COMPILE);
    assert_null(prog);
    assert_int_equal(pl_diags_errors(d), 2);
    const pl_diag *g = pl_diags_get(d, 0);
    assert_string_equal(g->file, "tests/broken/missing_brace.game");
    assert_int_equal(g->line, 12);
    assert_int_equal(g->col, 1);
    assert_string_equal(g->message, "unexpected 'end'");
    assert_string_equal(g->source_line, "end {");
    assert_string_equal(pl_diags_get(d, 1)->message, "unexpected 'draw'");
    pl_diags_delete(d);
}

static void test_load_unreadable_file(void **state)
{
    (void)state;
    pl_diags *d = pl_diags_new();
    pl_program *prog = NULL;
    assert_int_equal(pl_load("tests/no/such/file.game", d, &prog), PL_ERR_IO);
    assert_null(prog);
    assert_int_equal(pl_diags_errors(d), 1);
    assert_string_equal(pl_diags_get(d, 0)->file, "tests/no/such/file.game");
    pl_diags_delete(d);
}

/* Source in memory, then its bytecode read back: the same rules. */
static void test_load_string_and_bytecode(void **state)
{
    (void)state;
    pl_program *prog = load("tic-tac-toe");
    uint8_t *data = NULL;
    size_t len = 0;
    assert_int_equal(pl_program_write(prog, &data, &len), PL_OK);
    pl_program *back = NULL;
    assert_int_equal(pl_load_string("ttt.pbc", (const char *)data, len, NULL, &back), PL_OK);
    assert_true(pl_program_rules_hash(back) == pl_program_rules_hash(prog));
    data[len / 2] ^= 0x55;                   /* a damaged file is refused */
    pl_diags *d = pl_diags_new();
    pl_program *bad = NULL;
    pl_err err = pl_load_string("bad.pbc", (const char *)data, len, d, &bad);
    if (err != PL_OK) {
        assert_int_equal(err, PL_ERR_BYTECODE);
        assert_non_null(strstr(pl_diags_get(d, 0)->message, "invalid bytecode"));
    }
    pl_program_free(bad);
    pl_diags_delete(d);

    const char *text = "game \"g\"\nboard 2 x 2\nplayers a b\nmoves {\n  pick c in cels\n}\n";
    d = pl_diags_new();
    assert_int_equal(pl_load_string("g.game", text, strlen(text), d, &bad), PL_ERR_COMPILE);
    assert_true(pl_diags_errors(d) >= 1);
    assert_int_equal(pl_diags_get(d, 0)->line, 5);
    pl_diags_delete(d);
    pl_free(data);
    pl_program_free(back);
    pl_program_free(prog);
}

/* --- states ------------------------------------------------------------------- */

/* A copy has the same position and history; after that the two are
 * independent: moves on one do not show on the other, each undoes its own
 * history, and the copy outlives the original. */
static void test_state_copy(void **state)
{
    (void)state;
    pl_program *prog = load("tic-tac-toe");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    play(st, ml, "b2");
    play(st, ml, "a1");
    play(st, ml, "c3");
    uint64_t at_copy = pl_state_hash(st);

    pl_state *copy = pl_state_copy(st);
    assert_non_null(copy);
    assert_true(pl_state_hash(copy) == at_copy);
    assert_int_equal(pl_state_ply(copy), 3);
    assert_int_equal(pl_state_to_move(copy), pl_state_to_move(st));

    play(st, ml, "a3");                      /* they diverge */
    play(copy, ml, "c1");
    assert_true(pl_state_hash(st) != pl_state_hash(copy));
    assert_int_equal(pl_state_ply(st), 4);
    assert_int_equal(pl_state_ply(copy), 4);

    /* the copy's history goes back to the start, as the original's */
    for (int k = 0; k < 4; k++)
        assert_int_equal(pl_undo(copy), PL_OK);
    assert_int_equal(pl_undo(copy), PL_ERR_ARGUMENT);
    pl_state *fresh = pl_state_new(prog);
    assert_true(pl_state_hash(copy) == pl_state_hash(fresh));
    assert_int_equal(pl_state_ply(st), 4);   /* untouched */
    assert_int_equal(pl_undo(st), PL_OK);
    assert_true(pl_state_hash(st) == at_copy);

    pl_state_free(st);                       /* the copy lives on */
    play(copy, ml, "a2");
    assert_int_equal(pl_state_ply(copy), 1);
    pl_state_free(fresh);
    pl_state_free(copy);
    pl_movelist_delete(ml);
    pl_program_free(prog);
}

/* Bad arguments give a status, not a crash. */
static void test_bad_arguments(void **state)
{
    (void)state;
    pl_program *prog = load("tic-tac-toe");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    assert_int_equal(pl_generate(st, ml), PL_OK);
    assert_int_equal(pl_movelist_count(ml), 9);
    assert_int_equal(pl_apply(st, ml, 9), PL_ERR_ARGUMENT);
    assert_int_equal(pl_apply(st, ml, -1), PL_ERR_ARGUMENT);
    assert_null(pl_move_text(ml, 9));
    assert_int_equal(pl_movelist_find(ml, "z9"), PL_NO_MOVE);
    assert_int_equal(pl_undo(st), PL_ERR_ARGUMENT);
    int32_t v;
    assert_int_equal(pl_evaluate(st, 7, &v), PL_ERR_ARGUMENT);
    assert_int_equal(pl_load(NULL, NULL, NULL), PL_ERR_ARGUMENT);
    assert_string_equal(pl_err_text(PL_ERR_GAME_OVER), "the game is over");
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* The decisive-move check finds the move that wins at once, and only one
 * that wins for the player to move. */
static void test_find_win(void **state)
{
    (void)state;
    pl_program *prog = load("tic-tac-toe");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    int result, i = 0;
    assert_int_equal(pl_status(st, ml, &result), PL_OK);
    assert_int_equal(pl_find_win(st, ml, &i), PL_OK);
    assert_int_equal(i, -1);                       /* nothing wins at once */
    const char *moves[] = {"a1", "b1", "a2", "b2"};
    for (int k = 0; k < 4; k++)
        play(st, ml, moves[k]);
    /* x to move: a3 completes the a-file (o's b3 would win only for o) */
    uint64_t hash = pl_state_hash(st);
    int ply = pl_state_ply(st);
    assert_int_equal(pl_status(st, ml, &result), PL_OK);
    assert_int_equal(pl_find_win(st, ml, &i), PL_OK);
    assert_true(i >= 0);
    assert_string_equal(pl_move_text(ml, i), "a3");
    assert_int_equal(pl_state_hash(st), hash);     /* given back */
    assert_int_equal(pl_state_ply(st), ply);
    /* o to move after x's c3: o has b3 */
    play(st, ml, "c3");
    assert_int_equal(pl_status(st, ml, &result), PL_OK);
    assert_int_equal(pl_find_win(st, ml, &i), PL_OK);
    assert_string_equal(pl_move_text(ml, i), "b3");
    assert_int_equal(pl_find_win(st, NULL, &i), PL_ERR_ARGUMENT);
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A search in a finished game says so with a status. */
static void test_search_game_over(void **state)
{
    (void)state;
    pl_program *prog = load("tic-tac-toe");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    const char *moves[] = {"a1", "b1", "a2", "b2", "a3"};
    for (int k = 0; k < 5; k++)
        play(st, ml, moves[k]);
    pl_player_spec spec;
    char err[128];
    assert_int_equal(pl_player_spec_parse("mcts:iterations=50,seed=1", 0, &spec, err,
                                          sizeof err), PL_OK);
    pl_search *s = pl_search_new(prog, &spec);
    int move = 0;
    assert_int_equal(pl_search_think(s, st, &move, NULL), PL_ERR_GAME_OVER);
    assert_int_equal(pl_player_spec_parse("mcts:tme=2", 0, &spec, err, sizeof err),
                     PL_ERR_ARGUMENT);
    pl_search_free(s);
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
}


/* --- the last move's changes ------------------------------------------------------ */

/* The changes of the last move as "a2+ b3- c4x" (left -, arrived +,
 * removed x), in the order of the cells. */
static const char *changes(const pl_state *st, char *buf, size_t size)
{
    int cells[16], how[16];
    int n = pl_state_last_changes(st, cells, how, 16);
    assert_true(n <= 16);
    size_t len = 0;
    buf[0] = 0;
    for (int k = 0; k < n; k++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s%c", k ? " " : "",
                                pl_program_cell_name(pl_state_program(st), cells[k]),
                                how[k] == PL_CHANGE_LEFT ? '-'
                                : how[k] == PL_CHANGE_ARRIVED ? '+'
                                : how[k] == PL_CHANGE_REMOVED ? 'x' : '?');
    return buf;
}

static void test_last_changes(void **state)
{
    (void)state;
    char buf[256];
    pl_program *prog = load("chess");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    assert_int_equal(pl_state_last_changes(st, NULL, NULL, 0), 0);   /* the start */
    play(st, ml, "e2e4");
    assert_string_equal(changes(st, buf, sizeof buf), "e2- e4+");
    play(st, ml, "d7d5");
    play(st, ml, "e4d5");                    /* a capture: the taker arrives */
    assert_string_equal(changes(st, buf, sizeof buf), "e4- d5+");
    play(st, ml, "e7e5");
    play(st, ml, "d5e6");                    /* en passant: the pawn of e5 removed */
    assert_string_equal(changes(st, buf, sizeof buf), "d5- e5x e6+");
    /* generating the moves after it changes nothing */
    int r;
    assert_int_equal(pl_status(st, ml, &r), PL_OK);
    assert_string_equal(changes(st, buf, sizeof buf), "d5- e5x e6+");
    /* only the first `max` are written; the count is all of them */
    int cell = -1;
    assert_int_equal(pl_state_last_changes(st, &cell, NULL, 1), 3);
    assert_string_equal(pl_program_cell_name(prog, cell), "d5");
    /* after an undo: the move before */
    assert_int_equal(pl_undo(st), PL_OK);
    assert_string_equal(changes(st, buf, sizeof buf), "e5+ e7-");
    play(st, ml, "g1f3");
    play(st, ml, "g8f6");
    play(st, ml, "f1e2");
    play(st, ml, "a7a6");
    play(st, ml, "e1g1");                    /* castling: two pieces move */
    assert_string_equal(changes(st, buf, sizeof buf), "e1- f1+ g1+ h1-");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("english-draughts");         /* a jump removes the jumped man */
    st = pl_state_new(prog);
    play(st, ml, "c3-d4");
    play(st, ml, "f6-e5");
    play(st, ml, "d4xf6");
    assert_string_equal(changes(st, buf, sizeof buf), "d4- e5x f6+");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("tic-tac-toe");              /* a position has no last move */
    st = pl_state_new(prog);
    play(st, ml, "b2");
    assert_string_equal(changes(st, buf, sizeof buf), "b2+");
    assert_int_equal(pl_state_from_position(st, "3/1X1/3 o", NULL), PL_OK);
    assert_int_equal(pl_state_last_changes(st, NULL, NULL, 0), 0);
    pl_state_free(st);
    pl_movelist_delete(ml);
    pl_program_free(prog);
}


/* The line of the end rule that ended the game. */
static void test_end_line(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "board 3 x 1\n"                               /* 1 */
        "players a b\n"                               /* 2 */
        "piece p\n"                                   /* 3 */
        "moves { pick c in empty_cells; place mover p at c; text c }\n"
        "end {\n"                                     /* 5 */
        "  b wins when count(pieces(a)) == 2\n"       /* 6 */
        "  no moves {\n"                              /* 7 */
        "    draw when mover == b\n"                  /* 8 */
        "  }\n"
        "}\n",
        "board 2 x 1\n"
        "players a b\n"
        "piece p\n"
        "moves { pick c in empty_cells; place mover p at c; text c }\n"
        "end {\n"
        "  b wins when count(pieces(a)) == 2\n"
        "  no moves {\n"
        "    draw when mover == b\n"                  /* 8 */
        "  }\n"
        "}\n"};
    for (int k = 0; k < 2; k++) {
        pl_program *prog = NULL;
        assert_int_equal(pl_load_string("end.game", texts[k], strlen(texts[k]), NULL, &prog),
                         PL_OK);
        pl_state *st = pl_state_new(prog);
        pl_movelist *ml = pl_movelist_new();
        int r;
        play(st, ml, "a1");
        assert_int_equal(pl_status(st, ml, &r), PL_OK);
        assert_int_equal(r, PL_RESULT_NONE);
        assert_int_equal(pl_state_end_line(st), 0);       /* the game goes on */
        play(st, ml, "b1");
        if (k == 0) {
            play(st, ml, "c1");                          /* a has two pieces */
            assert_int_equal(pl_status(st, ml, &r), PL_OK);
            assert_int_equal(r, 1);
            assert_int_equal(pl_state_end_line(st), 6);
            /* the no-moves rules here: mover a, so the default (a wins),
               which no line of the file says */
            assert_int_equal(pl_nomoves_result(st, &r), PL_OK);
            assert_int_equal(r, 0);
            assert_int_equal(pl_state_end_line(st), 0);
        } else {
            assert_int_equal(pl_status(st, ml, &r), PL_OK);   /* a cannot move */
            assert_int_equal(r, 2);                           /* a draw, by line 8 */
            assert_int_equal(pl_state_end_line(st), 8);
        }
        pl_movelist_delete(ml);
        pl_state_free(st);
        pl_program_free(prog);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_by_name),
        cmocka_unit_test(test_load_unknown_name),
        cmocka_unit_test(test_load_compile_errors),
        cmocka_unit_test(test_load_unreadable_file),
        cmocka_unit_test(test_load_string_and_bytecode),
        cmocka_unit_test(test_state_copy),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_search_game_over),
        cmocka_unit_test(test_last_changes),
        cmocka_unit_test(test_end_line),
        cmocka_unit_test(test_find_win),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
