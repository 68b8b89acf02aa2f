/*
 * test_predicates.c -- count/any/none/all over sets: the answers of the
 * compiled forms (a set counted without a loop, a board predicate answered
 * from its mask, the loop kept where a predicate reads the position or
 * fails on some cell) equal what the rules say, for each mover, and
 * survive a trip through a .pbc file; sum adds up a number over a set.
 */
#include "plateau_test.h"

/* 4 x 4; a on a1 b1 c2, b on d4 c4.  `up` is north for a, south for b. */
#define BOARD \
    "game \"predicates\"\n" \
    "board 4 x 4\n" \
    "players a b\n" \
    "piece p\n" \
    "import grid\n" \
    "directions up {\n  a: n\n  b: s\n}\n" \
    "region low {\n  a: a1..d1\n  b: a4..d4\n}\n" \
    "setup {\n" \
    "  place a p at a1 b1 c2\n" \
    "  place b p at d4 c4\n" \
    "}\n" \
    "moves { pick c in empty_cells where row(c) == 3\n" \
    "  place mover p at c\n" \
    "  text c }\n"

static int32_t eval_for(const char *text, int player)
{
    pl_program *prog = pt_compile_text("predicates.game", text);
    pl_state *st = pl_state_new(prog);
    int32_t v = -1;
    assert_int_equal(pl_evaluate(st, player, &v), PL_OK);
    pl_state_free(st);
    pl_program_free(prog);
    return v;
}

/* Whether evaluating for player succeeds: PL_OK, or the error. */
static pl_err eval_status(const char *text, int player)
{
    pl_program *prog = pt_compile_text("predicates.game", text);
    pl_state *st = pl_state_new(prog);
    int32_t v;
    pl_err e = pl_evaluate(st, player, &v);
    pl_state_free(st);
    pl_program_free(prog);
    return e;
}

static void test_counts_of_sets_without_condition(void **state)
{
    (void)state;
    const char *g = BOARD
        "evaluate count(pieces(mover)) + 10 * count(pieces(opponent)) + 100 * count(empty_cells)"
        " + 10000 * count(cells) + 1000000 * any(pieces(opponent)) + 10000000 * none(low)\n";
    /* a: 3 + 20 + 1100 + 160000 + 1000000; b: 2 + 30 + ... */
    assert_int_equal(eval_for(g, 0), 3 + 20 + 1100 + 160000 + 1000000);
    assert_int_equal(eval_for(g, 1), 2 + 30 + 1100 + 160000 + 1000000);
}

static void test_board_predicates_each_aggregate(void **state)
{
    (void)state;
    const char *g = BOARD
        "evaluate (count(c in pieces(mover) where row(c) == 1)\n"
        "  + 10 * any(c in pieces(opponent) where col(c) == 4)\n"
        "  + 100 * none(c in empty_cells where row(c) == 1 and col(c) <= 2)\n"
        "  + 1000 * all(c in pieces(mover) where row(c) <= 2)\n"
        "  + 10000 * count(c in cells where col(c) + row(c) == 5)\n"
        "  + 100000 * count(c in low where col(c) >= 3))\n";
    /* a: 2 + 10 + 100 + 1000 + 40000 + 200000 */
    assert_int_equal(eval_for(g, 0), 2 + 10 + 100 + 1000 + 40000 + 200000);
    /* b: pieces d4 c4 (row 4: 0), a's a1 b1 c2 (none on col 4),
       empty cells of row 1 with col <= 2: none (a1 b1 taken), all of b's
       rows <= 2: no; its low region a4..d4 has 2 cells with col >= 3 */
    assert_int_equal(eval_for(g, 1), 0 + 0 + 100 + 0 + 40000 + 200000);
}

/* A condition on the mover's side of a direction set: tabulated per mover. */
static void test_board_predicate_per_mover(void **state)
{
    (void)state;
    const char *g = BOARD
        "evaluate (count(c in cells where row(c) == 1 and count(neighbors(c, up)) == 1)\n"
        "  + 10 * count(c in pieces(mover) where count(neighbors(c, up)) == 1))\n";
    /* a looks north: row 1 has a cell there, and so have a1 b1 c2 */
    assert_int_equal(eval_for(g, 0), 4 + 10 * 3);
    /* b looks south: row 1 has none; d4 c4 have one */
    assert_int_equal(eval_for(g, 1), 0 + 10 * 2);
}

/* Conditions that read the position keep their loop and still answer. */
static void test_conditions_on_the_position(void **state)
{
    (void)state;
    const char *g = BOARD
        "evaluate (count(c in pieces(mover) where empty(c + n))\n"
        "  + 10 * any(c in cells where own(c) and row(c) == 2))\n";
    /* a1's north a2, b1's b2 and c2's c3 are empty; c2 is on row 2 */
    assert_int_equal(eval_for(g, 0), 3 + 10);
}

/* Occupancy tests of the element (empty, own, enemy, negated) over any
 * set, each aggregate: answered from the occupancy without a loop, and
 * equal to the loop that the same tests behind a definition keep. */
static void test_occupancy_tests(void **state)
{
    (void)state;
#define OCC_SUM(EMPTY, OWN, ENEMY) \
    "(count(c in between(a1, d1) where " OWN "(c))\n" \
    "  + 10 * any(c in between(a4, d4) where " ENEMY "(c))\n" \
    "  + 100 * none(c in pieces(opponent) where " EMPTY "(c))\n" \
    "  + 1000 * all(c in between(a2, d2) where not " ENEMY "(c))\n" \
    "  + 10000 * count(c in cells where not " EMPTY "(c)))\n"
    const char *direct = BOARD "evaluate " OCC_SUM("empty", "own", "enemy");
    const char *wrapped = BOARD
        "def is_empty(x) = empty(x)\n"
        "def is_own(x) = own(x)\n"
        "def is_enemy(x) = enemy(x)\n"
        "evaluate " OCC_SUM("is_empty", "is_own", "is_enemy");
#undef OCC_SUM
    /* a: b1 is its own; c4 is b's; b's pieces are not empty; b2 c2 hold
       no enemy; 5 pieces on the board */
    assert_int_equal(eval_for(direct, 0), 1 + 10 + 100 + 1000 + 50000);
    /* b: nothing of b's on b1 c1, c4 is its own, c2 is an enemy */
    assert_int_equal(eval_for(direct, 1), 0 + 0 + 100 + 0 + 50000);
    for (int player = 0; player < 2; player++)
        assert_int_equal(eval_for(wrapped, player), eval_for(direct, player));
}

/* A predicate that fails on a cell has no mask: the loop answers, and
 * fails only when it meets that cell, as the rules say. */
static void test_predicate_failing_on_some_cell(void **state)
{
    (void)state;
    const char *ok = BOARD "evaluate count(c in pieces(opponent) where 12 / (col(c) - 1) > 3)\n";
    assert_int_equal(eval_for(ok, 0), 2);          /* c4: 12/2 = 6; d4: 12/3 = 4: both > 3 */
    const char *bad = BOARD "evaluate count(c in pieces(mover) where 12 / (col(c) - 1) > 3)\n";
    assert_int_equal(eval_status(bad, 0), PL_ERR_RUNTIME);   /* a1: 12 / 0 */
}

/* The counts stay right as the position changes. */
static void test_after_moves(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("moves.game", BOARD
        "evaluate count(c in pieces(mover) where row(c) == 3) + 10 * count(empty_cells)\n");
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    pt_play(st, ml, "a3 b3");
    int32_t v;
    assert_int_equal(pl_evaluate(st, 0, &v), PL_OK);
    assert_int_equal(v, 1 + 10 * 9);
    assert_int_equal(pl_evaluate(st, 1, &v), PL_OK);
    assert_int_equal(v, 1 + 10 * 9);
    pl_movelist_delete(ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Board predicates survive the .pbc format. */
static void test_bytecode_round_trip(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("rt.game", BOARD
        "evaluate count(c in pieces(mover) where row(c) == 1) + 10 * count(pieces(opponent))\n");
    uint8_t *buf;
    size_t len;
    assert_int_equal(pl_bytecode_write(prog, &buf, &len), 0);
    char err[256];
    pl_program *back = pl_bytecode_read(buf, len, err, sizeof err);
    if (!back)
        fprintf(stderr, "%s\n", err);
    assert_non_null(back);
    assert_int_equal(back->npreds, prog->npreds);
    pl_state *st = pl_state_new(back);
    int32_t v;
    assert_int_equal(pl_evaluate(st, 0, &v), PL_OK);
    assert_int_equal(v, 2 + 20);
    pl_state_free(st);
    /* a predicate whose local is out of range is refused */
    if (back->npreds > 0) {
        back->pred_local[0] = back->nlocals;
        assert_int_not_equal(pl_verify(back, err, sizeof err), 0);
    }
    pl_program_free(back);
    free(buf);
    pl_program_free(prog);
}

/* A condition that reads locals of the code around it, game variables or
 * player variables besides the cell (a predicate with inputs) has a mask
 * for each value of them, made by the state that asks: the answers equal
 * those of the loop, which the same conditions keep where they also read
 * the position, for every value -- a few, repeated, or more values than
 * the state keeps masks for. */
#define INPUTS \
    "var lim = 2\n" \
    "player var reach = 1\n" \
    "setup {\n  set reach(b) = 3\n}\n"
static void test_predicates_with_inputs(void **state)
{
    (void)state;
#define INPUT_SUM(ALWAYS) \
    "(sum(k in range(0, 5), (k + 1) * count(c in cells where row(c) + col(c) == k + lim" ALWAYS "))\n" \
    "  + 1000 * count(c in pieces(mover) where row(c) <= reach(mover)" ALWAYS ")\n" \
    "  + 10000 * count(c in empty_cells where row(c) < reach(opponent)" ALWAYS ")\n" \
    "  + 100000 * sum(k in range(0, 300), any(c in cells where row(c) * 100 + col(c) == k" ALWAYS ")))\n"
    const char *masked = BOARD INPUTS "evaluate " INPUT_SUM("");
    const char *looped = BOARD INPUTS "evaluate " INPUT_SUM(" and (empty(c) or not empty(c))");
#undef INPUT_SUM
    /* k + 2 from 2 to 7 (a range holds both ends): 1, 2, 3, 4, 3, 2
       cells; the cells of rows 1 and 2 at k = 101..104, 201..204.  a:
       its pieces on rows up to 1, a1 b1; the empty cells of the rows
       below b's 3, c1 d1 a2 b2 d2.  b: its pieces on rows up to 3, none;
       the empty cells below a's row 1, none. */
    int32_t shared = 1 * 1 + 2 * 2 + 3 * 3 + 4 * 4 + 5 * 3 + 6 * 2 + 100000 * 8;
    assert_int_equal(eval_for(masked, 0), shared + 1000 * 2 + 10000 * 5);
    assert_int_equal(eval_for(masked, 1), shared);
    for (int player = 0; player < 2; player++)
        assert_int_equal(eval_for(masked, player), eval_for(looped, player));
    /* the four conditions are predicates where they do not read the
       position (the move programs have theirs, one for each player) */
    pl_program *prog = pt_compile_text("inputs.game", masked);
    pl_program *loops = pt_compile_text("looped.game", looped);
    assert_int_equal(prog->npreds, loops->npreds + 4);
    pl_program_free(prog);
    pl_program_free(loops);
}

/* A predicate with inputs that fails on some cell for some values has no
 * mask for those: the loop answers, and fails only where the rules do. */
static void test_predicate_with_inputs_failing(void **state)
{
    (void)state;
    const char *g = BOARD "var lim = 4\n"
        "evaluate count(c in pieces(mover) where 6 / (col(c) - lim) < -2)\n";
    assert_int_equal(eval_for(g, 0), 2);            /* a1: -2; b1: -3; c2: -6 */
    assert_int_equal(eval_status(g, 1), PL_ERR_RUNTIME);   /* d4: 6 / 0 */
}

/* A game of placements whose cells are picked `where` a condition of the
 * cell, a variable that counts the turns and a player variable holds; or
 * the same condition reading the position too (the pick and a test). */
static pl_program *filtered_pick_game(int masked)
{
    char text[1024];
    snprintf(text, sizeof text,
             "game \"picks\"\nimport grid\nboard 5 x 5\nplayers a b\npiece p\n"
             "var played = 0\nplayer var side = 1\nsetup {\n  set side(b) = 5\n}\n"
             "moves {\n"
             "  pick c in empty_cells where (row(c) + col(c) + played) %% 3 != 0 and\n"
             "      abs(row(c) - side(mover)) <= 2 + played %% 3%s\n"
             "  place mover p at c\n  set played = played + 1\n  text c\n}\n"
             "end {\n  draw when count(empty_cells) < 4\n}\n",
             masked ? "" : " and (empty(c) or not empty(c))");
    return pt_compile_text("picks.game", text);
}

/* `pick x in S where C` with C a predicate (with inputs here): a pick over
 * the cells where C holds, which gives the same moves in the same order as
 * the pick and the test, in every position of seeded random games, and the
 * same perft; explain still names the rule a cell fails. */
static void test_picks_filtered_by_a_predicate(void **state)
{
    (void)state;
    pl_program *fast = filtered_pick_game(1), *plain = filtered_pick_game(0);
    assert_true(fast->npreds > 0);
    assert_int_equal(plain->npreds, 0);
    assert_int_equal(pt_perft_of(fast, 4), pt_perft_of(plain, 4));
    pl_state *s1 = pl_state_new(fast), *s2 = pl_state_new(plain);
    pl_movelist *ml1 = pl_movelist_new(), *ml2 = pl_movelist_new();
    uint64_t rng = 7;
    for (int game = 0; game < 30; game++) {
        pl_state_reset(s1);
        pl_state_reset(s2);
        for (;;) {
            int r1, r2;
            assert_int_equal(pl_status(s1, ml1, &r1), PL_OK);
            assert_int_equal(pl_status(s2, ml2, &r2), PL_OK);
            assert_int_equal(r1, r2);
            assert_int_equal(pl_movelist_count(ml1), pl_movelist_count(ml2));
            if (r1 != PL_RESULT_NONE || pl_movelist_count(ml1) == 0)
                break;
            for (int i = 0; i < pl_movelist_count(ml1); i++)
                assert_string_equal(pl_move_text(ml1, i), pl_move_text(ml2, i));
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            int pick = (int)((rng >> 33) % (uint64_t)pl_movelist_count(ml1));
            assert_int_equal(pl_apply(s1, ml1, pick), PL_OK);
            assert_int_equal(pl_apply(s2, ml2, pick), PL_OK);
        }
    }
    /* the rule a cell fails, at the start (nothing played, a's side 1) */
    pl_explanation ex;
    pl_state_reset(s1);
    assert_int_equal(pl_explain(s1, "a2", &ex), PL_OK);     /* (2 + 1 + 0) % 3 == 0 */
    assert_int_equal(ex.fail_line, 12);
    assert_int_equal(pl_explain(s1, "e5", &ex), PL_OK);     /* row 5: 4 from side 1 */
    assert_int_equal(ex.fail_line, 12);
    pl_movelist_delete(ml1);
    pl_movelist_delete(ml2);
    pl_state_free(s1);
    pl_state_free(s2);
    pl_program_free(fast);
    pl_program_free(plain);
}

/* sum(x in S where C, n): the total of n over the elements, nested too;
 * an element must be named. */
static void test_sums(void **state)
{
    (void)state;
    const char *g = BOARD
        "evaluate (sum(c in pieces(mover), row(c))\n"
        "  + 100 * sum(c in pieces(mover) where col(c) >= 2, 10 * col(c))\n"
        "  + 10000 * sum(c in empty_cells where row(c) == 5, 1)\n"
        "  + 100000 * sum(c in pieces(mover), count(x in pieces(opponent) where col(x) >= col(c))))\n";
    /* a on a1 b1 c2: rows 4; cols >= 2: 20 + 30; none; 2 + 2 + 2
       b on d4 c4: rows 8; 40 + 30; none; 0 + 1 */
    assert_int_equal(eval_for(g, 0), 4 + 100 * 50 + 100000 * 6);
    assert_int_equal(eval_for(g, 1), 8 + 100 * 70 + 100000 * 1);
    int errors = 0;
    char *msg = pt_messages_of("sum.game", BOARD "evaluate sum(pieces(mover), 1)\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(msg, "name the element to add up"));
    free(msg);
}

/* A game of placements on `board` that ends when the mover has a line
 * of four, said by `has_run` (found by shifting bitsets where every
 * direction is a uniform step, by walking the cells elsewhere), by `run`
 * through each piece, or by `run` through the piece just placed, the only
 * one that can have made the line (each direction of `lines` and its
 * reverse: a piece at either end of a line). */
static pl_program *line_game(const char *board, int how)
{
    static const char *const ends[] = {
        "has_run(mover, 4, lines)",
        "any(c in pieces(mover) where run(c, lines) >= 4)",
        "run(last, lines) >= 4",
    };
    char text[1024];
    snprintf(text, sizeof text,
             "game \"Lines\"\nimport grid\n%s\nplayers a b\npiece p\nvar last = off\n"
             "moves { pick c in empty_cells\n  place mover p at c\n  set last = c\n  text c }\n"
             "end {\n  mover wins when %s\n  draw when count(empty_cells) == 0\n}\n",
             board, ends[how]);
    return pt_compile_text("lines.game", text);
}

/* The same seeded random games on the files: the same results at the
 * same plies, on boards of one to three words, with and without holes. */
static void test_has_run_agrees_with_run(void **state)
{
    (void)state;
    static const char *const boards[] = {
        "board 3 x 3", "board 5 x 5", "board 10 x 10", "board 12 x 12",
        "board 9 x 9 where (col + row) % 4 != 0", "board 11 x 7 where col != 6",
    };
    for (size_t k = 0; k < 2 * sizeof boards / sizeof *boards; k++) {
        size_t b = k / 2;
        pl_program *fast = line_game(boards[b], 0), *walked = line_game(boards[b], 1 + (int)(k % 2));
        pl_state *s1 = pl_state_new(fast), *s2 = pl_state_new(walked);
        pl_movelist *ml1 = pl_movelist_new(), *ml2 = pl_movelist_new();
        for (int game = 0; game < 40; game++) {
            uint64_t rng1 = 1000 + (uint64_t)game, rng2 = rng1;
            pl_state_reset(s1);
            pl_state_reset(s2);
            for (;;) {
                int r1, r2;
                assert_int_equal(pl_status_random(s1, &rng1, ml1, &r1), PL_OK);
                assert_int_equal(pl_status_random(s2, &rng2, ml2, &r2), PL_OK);
                assert_int_equal(r1, r2);
                if (r1 != PL_RESULT_NONE)
                    break;
                assert_string_equal(pl_move_text(ml1, 0), pl_move_text(ml2, 0));
                assert_int_equal(pl_apply(s1, ml1, 0), PL_OK);
                assert_int_equal(pl_apply(s2, ml2, 0), PL_OK);
            }
            assert_int_equal(pl_state_ply(s1), pl_state_ply(s2));
        }
        pl_movelist_delete(ml1);
        pl_movelist_delete(ml2);
        pl_state_free(s1);
        pl_state_free(s2);
        pl_program_free(fast);
        pl_program_free(walked);
    }
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_of_sets_without_condition),
        cmocka_unit_test(test_board_predicates_each_aggregate),
        cmocka_unit_test(test_board_predicate_per_mover),
        cmocka_unit_test(test_conditions_on_the_position),
        cmocka_unit_test(test_occupancy_tests),
        cmocka_unit_test(test_predicate_failing_on_some_cell),
        cmocka_unit_test(test_after_moves),
        cmocka_unit_test(test_bytecode_round_trip),
        cmocka_unit_test(test_predicates_with_inputs),
        cmocka_unit_test(test_predicate_with_inputs_failing),
        cmocka_unit_test(test_picks_filtered_by_a_predicate),
        cmocka_unit_test(test_sums),
        cmocka_unit_test(test_has_run_agrees_with_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
