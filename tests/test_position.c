/*
 * test_position.c -- the position notation (position.c): every shipped
 * game's positions along random playouts are written, read back into a
 * fresh state and must give the same slots (hash), the same legal moves
 * and the same text; hand-written positions mean what docs/position.md
 * says; malformed texts are refused with the field and the reason, and
 * leave the state as it was.
 */
#include "plateau_test.h"

static pl_program *load(const char *game)
{
    pl_program *prog = NULL;
    assert_int_equal(pl_load(game, NULL, &prog), PL_OK);
    return prog;
}

/* The sorted-insensitive check that two lists hold the same move texts. */
static void assert_same_moves(pl_movelist *a, pl_movelist *b)
{
    assert_int_equal(pl_movelist_count(a), pl_movelist_count(b));
    for (int i = 0; i < pl_movelist_count(a); i++)
        assert_int_not_equal(pl_movelist_find(b, pl_move_text(a, i)), PL_NO_MOVE);
}

/* Every move of a is in b. */
static void assert_moves_within(pl_movelist *a, pl_movelist *b)
{
    for (int i = 0; i < pl_movelist_count(a); i++)
        assert_int_not_equal(pl_movelist_find(b, pl_move_text(a, i)), PL_NO_MOVE);
}

/* Does the game ask its history (`repeated`, `board_repeated`)?  A
 * position read from text has none: a move that the history refuses (Go's
 * superko) is legal there. */
static int asks_history(const pl_program *p)
{
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        if (p->code[pc] == PL_OP_REPEATED || p->code[pc] == PL_OP_BOARDREP)
            return 1;
    return 0;
}

/* Write st's position, read it into `copy`, compare. */
static void round_trip(pl_state *st, pl_state *copy, pl_movelist *ml, pl_movelist *ml2)
{
    char *text = NULL, *again = NULL;
    assert_int_equal(pl_state_to_position(st, &text), PL_OK);
    pl_position_error err;
    pl_err e = pl_state_from_position(copy, text, &err);
    if (e != PL_OK)
        fail_msg("%s: field %d: %s", text, err.field, err.message);
    assert_int_equal(pl_state_hash(copy), pl_state_hash(st));
    assert_int_equal(pl_state_to_move(copy), pl_state_to_move(st));
    assert_int_equal(pl_state_ply(copy), 0);
    assert_int_equal(pl_state_to_position(copy, &again), PL_OK);
    assert_string_equal(again, text);
    assert_int_equal(pl_generate(st, ml), PL_OK);
    assert_int_equal(pl_generate(copy, ml2), PL_OK);
    if (asks_history(pl_state_program(st)))
        assert_moves_within(ml, ml2);
    else
        assert_same_moves(ml, ml2);
    assert_null(strchr(text, '\n'));
    pl_free(text);
    pl_free(again);
}

static void test_round_trip_every_game(void **state)
{
    (void)state;
    int n = 0;
    char **games = pl_paths_list_games(&n);
    assert_true(n >= 9);
    pl_movelist *ml = pl_movelist_new(), *ml2 = pl_movelist_new();
    pl_rng rng;
    pl_rng_seed(&rng, 19);
    for (int g = 0; g < n; g++) {
        pl_program *prog = load(games[g]);
        pl_state *st = pl_state_new(prog), *copy = pl_state_new(prog);
        for (int playout = 0; playout < 3; playout++) {
            pl_state_reset(st);
            for (int ply = 0; ply < 200; ply++) {
                round_trip(st, copy, ml, ml2);
                int r;
                assert_int_equal(pl_status(st, ml, &r), PL_OK);
                if (r != PL_RESULT_NONE || pl_movelist_count(ml) == 0)
                    break;
                pl_apply(st, ml, (int)pl_rng_below(&rng, (uint32_t)pl_movelist_count(ml)));
            }
        }
        pl_state_free(st);
        pl_state_free(copy);
        pl_program_free(prog);
    }
    pl_paths_free_list(games, n);
    pl_movelist_delete(ml);
    pl_movelist_delete(ml2);
}

static const char *position_of(pl_state *st, char *buf, size_t len)
{
    char *text = NULL;
    assert_int_equal(pl_state_to_position(st, &text), PL_OK);
    snprintf(buf, len, "%s", text);
    pl_free(text);
    return buf;
}

static void test_written_forms(void **state)
{
    (void)state;
    char buf[512];
    pl_program *prog = load("tic-tac-toe");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    assert_string_equal(position_of(st, buf, sizeof buf), "3/3/3 x");
    assert_int_equal(pl_generate(st, ml), PL_OK);
    pl_apply(st, ml, pl_movelist_find(ml, "b2"));
    assert_string_equal(position_of(st, buf, sizeof buf), "3/1X1/3 o");
    /* the bracket form is read too, and names are case-insensitive */
    assert_int_equal(pl_state_from_position(st, "(token:O)2/3/2X X", NULL), PL_OK);
    assert_string_equal(position_of(st, buf, sizeof buf), "O2/3/2X x");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("ruches");           /* holes skipped, two attributes */
    st = pl_state_new(prog);
    assert_int_equal(pl_state_from_position(st, "3/4/3/4/(token:bees){5,1}2/4/3/4/3 "
                                            "bumblebees score=3,4", NULL), PL_OK);
    assert_string_equal(position_of(st, buf, sizeof buf),
                        "3/4/3/4/B{5,1}2/4/3/4/3 bumblebees last_could=0 last_captured=0 "
                        "unplaced=1023,1023 score=3,4 arrived=0,0");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("chess");            /* declared letters: FEN's */
    st = pl_state_new(prog);
    assert_int_equal(pl_state_from_position(st, "4k3/8/8/8/8/8/8/RN2K3 white", NULL), PL_OK);
    position_of(st, buf, sizeof buf);
    assert_int_equal(strncmp(buf, "4k3/8/8/8/8/8/8/RN2K3 white", 27), 0);
    assert_int_equal(pl_state_from_position(st, "(king:black)7/8/8/8/8/8/8/(knight:white)7 white",
                                            NULL), PL_OK);
    position_of(st, buf, sizeof buf);
    assert_int_equal(strncmp(buf, "k7/8/8/8/8/8/8/N7 white", 23), 0);
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("knight-chase");     /* marks: cleared unless given */
    st = pl_state_new(prog);
    assert_int_equal(pl_state_from_position(st, "8/8/8/8/8/8/8/P6U pursuer burnt=c3:2",
                                            NULL), PL_OK);
    assert_string_equal(position_of(st, buf, sizeof buf),
                        "8/8/8/8/8/8/8/P6U pursuer passing=0 burnt=c3:2");
    pl_state_free(st);
    pl_program_free(prog);
    pl_movelist_delete(ml);
}

/* `text` is refused in field `field` with a message containing `why`. */
static void refused(pl_state *st, const char *text, int field, const char *why)
{
    char before[512], after[512];
    position_of(st, before, sizeof before);
    pl_position_error err;
    assert_int_equal(pl_state_from_position(st, text, &err), PL_ERR_ARGUMENT);
    assert_int_equal(err.field, field);
    if (!strstr(err.message, why))
        fail_msg("'%s': expected '%s' in '%s'", text, why, err.message);
    assert_string_equal(position_of(st, after, sizeof after), before);
}

static void test_malformed(void **state)
{
    (void)state;
    pl_program *prog = load("breakthrough");
    pl_state *st = pl_state_new(prog);
    refused(st, "", 1, "rank 8");
    refused(st, "8/8/8/8/8/8/8 white", 1, "8 ranks");
    refused(st, "8/8/8/8/8/8/8/8/8 white", 1, "only 8 ranks");
    refused(st, "9/8/8/8/8/8/8/8 white", 1, "rank 8 has 8 cells");
    refused(st, "7/8/8/8/8/8/8/8 white", 1, "the text gives 7");
    refused(st, "Q7/8/8/8/8/8/8/8 white", 1, "'Q' is not a piece");
    refused(st, "(queen)7/8/8/8/8/8/8/8 white", 1, "no piece kind 'queen'");
    refused(st, "(pawn:red)7/8/8/8/8/8/8/8 white", 1, "no player 'red'");
    refused(st, "(pawn:white}7/8/8/8/8/8/8/8 white", 1, "expected ')'");
    refused(st, "W{1}7/8/8/8/8/8/8/8 white", 1, "0 attributes");
    refused(st, "8/8/8/8/8/8/8/8|1 white", 1, "no extra cells");
    refused(st, "8/8/8/8/8/8/8/8", 2, "missing");
    refused(st, "8/8/8/8/8/8/8/8 green", 2, "'green' is not a player");
    refused(st, "8/8/8/8/8/8/8/8 white x=1", 3, "'x' is not a variable");
    refused(st, "8/8/8/8/8/8/8/8 white junk", 3, "expected NAME=VALUE");
    refused(st, "99999999999/8/8/8/8/8/8/8 white", 1, "out of range");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("ruches");
    st = pl_state_new(prog);
    refused(st, "3/4/3/4/B{5,1,2}2/4/3/4/3 bees", 1, "2 attributes");
    refused(st, "3/4/3/4/B{2000}2/4/3/4/3 bees", 1, "not in 0..1023");
    refused(st, "3/4/3/4/3/4/3/4/3 bees score=1", 3, "2 values");
    refused(st, "3/4/3/4/3/4/3/4/3 bees score=1,x", 3, "expected a number");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("gyges");
    st = pl_state_new(prog);
    refused(st, "6/6/6/6/6/6 south", 1, "'|'");
    refused(st, "6/6/6/6/6/6|3 south", 1, "extra cells has 2");
    pl_state_free(st);
    pl_program_free(prog);

    prog = load("knight-chase");
    st = pl_state_new(prog);
    refused(st, "8/8/8/8/8/8/8/8 pursued burnt=z9", 3, "no cell 'z9'");
    pl_state_free(st);
    pl_program_free(prog);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_game),
        cmocka_unit_test(test_written_forms),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
