/*
 * test_runtime.c -- runtime errors of move programs and end rules.
 *
 * A rule that goes wrong while it runs (division by zero, moving from an
 * empty cell, a loop that never ends, ...) does not crash and does not
 * print: pl_generate() and pl_status() return PL_ERR_RUNTIME and pl_state_error()
 * says what happened and where, as `NAME:LINE:COL: runtime error: ...`,
 * NAME being the name the game was compiled under.  The position is left
 * as it was.
 */
#include "plateau_test.h"

/* Lines 1-5 of every test game; its own rules start at line 6. */
#define HEAD "import grid\nboard 3 x 3\nplayers x o\npiece token\nvar zero = 0\n"

/* Compile `text` as rt.game and expect the first generation to fail with
 * exactly `want`. */
static void expect_generate_error(const char *text, const char *want)
{
    pl_program *p = pt_compile_text("rt.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_null(pl_state_error(st));
    uint64_t hash = pl_state_hash(st);
    assert_int_equal(pl_generate(st, &ml), PL_ERR_RUNTIME);
    assert_non_null(pl_state_error(st));
    assert_string_equal(pl_state_error(st), want);
    /* the position is untouched, and pl_status reports the error too */
    assert_int_equal(pl_state_hash(st), hash);
    assert_int_equal(pl_state_ply(st), 0);
    int r;
    assert_int_equal(pl_status(st, &ml, &r), PL_ERR_RUNTIME);
    assert_non_null(strstr(pl_state_error(st), "runtime error"));
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* A variable `not in position` (a move counter) does not keep a position
 * from repeating: repetition compares everything else; the state's hash
 * still tells the two states apart. */
static void test_variable_not_in_position(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("rt.game",
        "import grid\nboard 2 x 1\nplayers x o\npiece token\n"
        "var plies = 0 not in position\n"
        "player var tally = 0\n"
        "setup {\n  place x token at a1\n  place o token at b1\n}\n"
        "moves {\n  set plies = plies + 1\n  pass\n}\n"
        "end {\n  draw when repeated(3)\n}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t start = pl_state_hash(st);
    pt_play(st, &ml, "pass pass");
    assert_true(pl_state_hash(st) != start);          /* plies differs */
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    pt_play(st, &ml, "pass pass");
    assert_int_equal(pt_status(st, &ml), 2);           /* the third time: a draw */
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    /* the words are checked */
    const char *bad = "import grid\nboard 2 x 1\nplayers x o\npiece token\n"
                      "var plies = 0 not in positon\nmoves {\n  pass\n}\n";
    pl_diags d;
    pl_diags_init(&d);
    assert_null(pl_compile_string("rt.game", bad, strlen(bad), PT_STDLIB, &d));
    char *got = pt_diags_text(&d);
    assert_non_null(strstr(got, "rt.game:5:22: error: expected 'not in position'"));
    free(got);
    pl_diags_free(&d);
}

static void test_division_by_zero(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require 6 / zero == 1\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n",
        "rt.game:8:11: runtime error: division by zero");
}

static void test_remainder_by_zero(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require 6 % zero == 1\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n",
        "rt.game:8:11: runtime error: division by zero");
}

/* Numbers are 32-bit: an operation whose result does not fit stops with
 * a runtime error naming it, never a silent wrap; results at the limits
 * are fine. */
static void test_arithmetic_overflow(void **state)
{
    (void)state;
    static const struct { const char *expr, *want; } cases[] = {
        {"big * 2 + big", "arithmetic overflow: 1999999998 + 999999999 does not fit in 32 bits"},
        {"big * 3", "arithmetic overflow: 999999999 * 3 does not fit in 32 bits"},
        {"(zero - big) * 3", "arithmetic overflow: -999999999 * 3 does not fit in 32 bits"},
        {"(zero - big) * 2 - big", "arithmetic overflow: -1999999998 - 999999999 does not fit in 32 bits"},
        {"-((zero - big) * 2 - 147483650)", "arithmetic overflow: -(-2147483648) does not fit in 32 bits"},
        {"((zero - big) * 2 - 147483650) / (zero - 1)",
         "arithmetic overflow: -2147483648 / -1 does not fit in 32 bits"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512], want[256];
        snprintf(text, sizeof text, HEAD "var big = 999999999\n"
                 "moves {\n  pick c in empty_cells\n  require %s != 0\n"
                 "  place mover token at c\n  text c\n}\n", cases[i].expr);
        snprintf(want, sizeof want, "rt.game:9:...: runtime error: %s", cases[i].want);
        pl_program *p = pt_compile_text("rt.game", text);
        pl_state *st = pl_state_new(p);
        pl_movelist ml;
        pl_movelist_init(&ml);
        assert_int_equal(pl_generate(st, &ml), PL_ERR_RUNTIME);
        const char *got = pl_state_error(st);
        if (!strstr(got, cases[i].want) || strncmp(got, "rt.game:9:", 10) != 0)
            fail_msg("%s: got '%s', want '%s'", cases[i].expr, got, want);
        pl_movelist_free(&ml);
        pl_state_free(st);
        pl_program_free(p);
    }
    /* at the limits: 2147483647 and -2147483648 are numbers */
    pl_program *p = pt_compile_text("rt.game", HEAD "var big = 999999999\n"
        "moves {\n  pick c in empty_cells\n"
        "  require big * 2 + 147483649 - big * 2 == 147483649\n"
        "  require (zero - big) * 2 - 147483650 < 0\n"
        "  place mover token at c\n  text c\n}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pl_generate(st, &ml), PL_OK);
    assert_int_equal(pl_movelist_count(&ml), 9);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* explain says why a move is rejected: with the rule's own words when it
 * has them (require ... else "..."), for each part of an `and`; else in
 * words derived from the rule, then the rule with its line. */
static void test_explain_uses_the_rules_words(void **state)
{
    (void)state;
    const char *text = HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require c != b2 and c != a1 else \"b2 and a1 stay empty\"\n"
        "  require c != c3\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n";
    pl_program *p = pt_compile_text("rt.game", text);
    pl_state *st = pl_state_new(p);
    char buf[256];
    assert_string_equal(pl_explain_move(st, "b2", text, buf, sizeof buf), "b2: b2 and a1 stay empty");
    assert_string_equal(pl_explain_move(st, "a1", text, buf, sizeof buf), "a1: b2 and a1 stay empty");
    assert_string_equal(pl_explain_move(st, "c3", text, buf, sizeof buf),
                        "c3: c3 is not allowed here\n  (the rule at rt.game:9: require c != c3)");
    assert_string_equal(pl_explain_move(st, "a2", text, buf, sizeof buf), "a2 is a legal move");
    pl_explanation ex;
    assert_int_equal(pl_explain(st, "a1", &ex), PL_OK);
    assert_string_equal(ex.message, "b2 and a1 stay empty");
    assert_int_equal(ex.fail_line, 8);
    /* the words change nothing else: the same moves as without them */
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pl_generate(st, &ml), PL_OK);
    assert_int_equal(pl_movelist_count(&ml), 6);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* `turn P` in a move: P moves next (here x twice at the start, then the
 * order goes on); perft counts every ply, the position says who is to
 * move, and undo gives the turn back. */
static void test_turn_in_a_move(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("rt.game", HEAD
        "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n"
        "  if count(empty_cells) == 8 {\n    turn mover\n  }\n}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    long want[] = {9, 72, 504};
    pl_movelist mls[4];
    for (int d = 0; d < 4; d++)
        pl_movelist_init(&mls[d]);
    for (int d = 1; d <= 3; d++)
        assert_int_equal(pt_perft(st, mls, d), want[d - 1]);
    for (int d = 0; d < 4; d++)
        pl_movelist_free(&mls[d]);
    assert_int_equal(pl_state_to_move(st), 0);
    pt_play(st, &ml, "b2");
    assert_int_equal(pl_state_to_move(st), 0);       /* x again */
    pt_play(st, &ml, "a1");
    assert_int_equal(pl_state_to_move(st), 1);       /* then o */
    pt_play(st, &ml, "c3");
    assert_int_equal(pl_state_to_move(st), 0);
    pl_undo(st);
    pl_undo(st);
    assert_int_equal(pl_state_to_move(st), 0);
    pl_undo(st);
    assert_int_equal(pl_state_to_move(st), 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

static void test_move_from_empty_cell(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  move c to b2\n"
        "  text c\n"
        "}\n",
        "rt.game:8:3: runtime error: move: no piece on a1");
}

static void test_place_on_occupied_cell(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "setup {\n"
        "  place x token at a1\n"
        "}\n"
        "moves {\n"
        "  pick c in cells\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n",
        "rt.game:11:3: runtime error: place: a1 is occupied");
}

/* `place P KIND(v) at C` checks its values as `set value(C) = v` does;
 * the placing of an occupied cell is still reported first. */
static void test_place_with_attribute_out_of_range(void **state)
{
    (void)state;
    expect_generate_error("import grid\nboard 3 x 3\nplayers x o\npiece token(value)\n"
        "var zero = 0\n"
        "moves {\n"
        "  pick c in empty_cells\n"
        "  place mover token(1024 + zero) at c\n"
        "  text c\n"
        "}\n",
        "rt.game:8:3: runtime error: attribute value 1024 out of range 0..1023");
    expect_generate_error("import grid\nboard 3 x 3\nplayers x o\npiece token(value, age)\n"
        "var zero = 0\n"
        "moves {\n"
        "  pick c in empty_cells\n"
        "  place mover token(3, zero - 1) at c\n"
        "  text c\n"
        "}\n",
        "rt.game:8:3: runtime error: attribute value -1 out of range 0..1023");
    expect_generate_error("import grid\nboard 3 x 3\nplayers x o\npiece token(value)\n"
        "setup {\n"
        "  place x token at a1\n"
        "}\n"
        "moves {\n"
        "  pick c in cells\n"
        "  place mover token(2000) at c\n"
        "  text c\n"
        "}\n",
        "rt.game:10:3: runtime error: place: a1 is occupied");
}

static void test_bit_out_of_range(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require bit(31 + zero) > 0\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n",
        "rt.game:8:11: runtime error: bit(31): out of range 0..30");
}

static void test_line_count_off_the_board(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require line_count(c + n + n + n, n) > zero\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n",
        "rt.game:8:11: runtime error: line_count: no such cell (off the board?)");
}

/* A loop that never ends stops at the step budget with a clear message
 * pointing at the loop. */
static void test_runaway_loop_hits_the_budget(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  let k = zero\n"
        "  while k == 0 {\n"
        "    set k = zero\n"
        "  }\n"
        "  pass\n"
        "}\n",
        "rt.game:8:3: runtime error: the move program ran too long (more than 50000000 steps): "
        "a runaway loop?");
}

/* Text written in a loop stops at a size, with an error, long before any
 * size could overflow. */
static void test_move_text_too_long(void **state)
{
    (void)state;
    expect_generate_error(HEAD
        "moves {\n"
        "  repeat 100000 {\n"
        "    text \"abcdefghij\"\n"
        "  }\n"
        "  pass\n"
        "}\n",
        "rt.game:8:10: runtime error: the move text is longer than 65536 bytes");
}

/* A range's numbers may be negative: no number ends the set early. */
static void test_negative_ranges(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("rt.game", HEAD
        "moves {\n"
        "  pick k in range(-2, 2)\n"
        "  require count(j in range(-3, -1)) == 3 and any(j in range(-5, -1) where j == -3)\n"
        "  require count(j in range(k - 3, k - 1) where j < 0) >= 1\n"
        "  text k\n"
        "  pass\n"
        "}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_assert_moves(st, &ml, "-1 -2 0 1 2");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* Numbers in move texts, negative ones and zero included. */
static void test_numbers_in_move_texts(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("rt.game", HEAD
        "moves {\n"
        "  pick j in range(0, 2)\n"
        "  let k = j - 12\n"
        "  text k \"/\" (k + 12) \"/\" (k * 100000)\n"
        "  pass\n"
        "}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_assert_moves(st, &ml, "-10/2/-1000000 -11/1/-1100000 -12/0/-1200000");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* An error in the end rules: pl_status() fails after the move. */
static void test_error_in_end_rules(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("rt.game", HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n"
        "end {\n"
        "  draw when 1 / zero == 0\n"
        "}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    /* end rules are not checked before the first move */
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    assert_null(pl_state_error(st));
    pt_play(st, &ml, "b2");
    int result;
    assert_int_equal(pl_end_result(st, &result), PL_ERR_RUNTIME);
    assert_string_equal(pl_state_error(st), "rt.game:12:13: runtime error: division by zero");
    int r;
    assert_int_equal(pl_status(st, &ml, &r), PL_ERR_RUNTIME);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* An error on one path only: the position where it happens fails, the
 * others work, and the error names the place of the failing rule. */
static void test_error_depends_on_position(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("rt.game", HEAD
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require 9 / (count(empty_cells) - 7) != 100\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_generate(st, &ml), 9);
    pt_play(st, &ml, "a1");
    assert_int_equal(pt_generate(st, &ml), 8);
    pt_play(st, &ml, "a2");                    /* 7 empty cells: 9 / 0 */
    assert_int_equal(pl_generate(st, &ml), PL_ERR_RUNTIME);
    assert_string_equal(pl_state_error(st), "rt.game:8:11: runtime error: division by zero");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* The name given to pl_compile_file() is the one in runtime errors. */
static void test_error_names_the_game_file(void **state)
{
    (void)state;
    const char *path = "tests/positions/loa_single_piece.game";
    pl_program *p = pt_compile(path);
    pl_state *st = pl_state_new(p);
    assert_null(pl_state_error(st));
    assert_string_equal(p->source_name, path);
    pl_state_free(st);
    pl_program_free(p);
}

/* A destination computed after the rule (`let dest = ray(k, e, 2)`): the
 * path that fails a rule runs on past it to the move it would make, so
 * explain blames the rule of the path that makes the typed move, not the
 * last rule that failed.  Both paths fail at their first rule, before any
 * destination is known; the east one then moves onto an occupied cell (the
 * effect is skipped on such a path) and writes c1e1. */
static const char *const HOP =
    "import grid\n"
    "board 5 x 1\n"
    "players x o\n"
    "piece king\n"
    "piece stone\n"
    "setup {\n"
    "  place x king at c1\n"
    "  place o stone at b1 d1 e1\n"
    "}\n"
    "moves {\n"
    "  pick k in pieces(mover, king)\n"
    "  either {\n"
    "    require empty(k + e)\n"                   /* line 13 */
    "    let dest = ray(k, e, 2)\n"
    "    move k to dest\n"
    "    text k dest\n"
    "  } or {\n"
    "    require empty(k + w)\n"                   /* line 18 */
    "    let dest = ray(k, w, 2)\n"
    "    move k to dest\n"
    "    text k dest\n"
    "  } or {\n"
    "    require possible { require empty(k + e) }\n" /* line 23: not run past */
    "    text \"wait\"\n"
    "  }\n"
    "}\n";

static void test_explain_follows_a_computed_destination(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("hop.game", HOP);
    pl_state *st = pl_state_new(p);
    pl_explanation ex;
    assert_int_equal(pl_explain(st, "c1e1", &ex), PL_OK);
    assert_false(ex.legal);
    assert_int_equal(ex.fail_line, 13);        /* was 18: the last rule that failed */
    assert_int_equal(pl_explain(st, "c1a1", &ex), PL_OK);
    assert_int_equal(ex.fail_line, 18);
    /* a move no path makes, even past its rules: the near miss is kept */
    assert_int_equal(pl_explain(st, "wait", &ex), PL_OK);
    assert_int_equal(ex.fail_line, 23);
    /* explain changes nothing: no move, the position as it was */
    uint64_t hash = pl_state_hash(st);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pl_generate(st, &ml), PL_OK);
    assert_int_equal(pl_movelist_count(&ml), 0);
    assert_true(pl_state_hash(st) == hash);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* Without `else "..."`, the words come from the condition, with the
 * values the rules saw: a cell computed by steps from a local, a
 * definition's name and its arguments, a comparison turned round. */
static void test_explain_words_from_the_rule(void **state)
{
    (void)state;
    const char *text = HEAD
        "def far_from(a, b) = abs(col(a) - col(b)) + abs(row(a) - row(b)) >= 2\n"
        "moves {\n"
        "  pick c in cells\n"
        "  require empty(c)\n"                           /* line 9 */
        "  require not far_from(c, a1)\n"                /* line 10 */
        "  require col(c) != 2 or row(c) != 1\n"         /* line 11 */
        "  place mover token at c\n"
        "  text c\n"
        "}\n";
    pl_program *p = pt_compile_text("rt.game", text);
    pl_state *st = pl_state_new(p);
    char buf[512];
    assert_string_equal(pl_explain_move(st, "c3", text, buf, sizeof buf),
                        "c3: far from (c3, a1) holds\n  (the rule at rt.game:10: require not far_from(c, a1))");
    pl_explanation ex;
    assert_int_equal(pl_explain(st, "b1", &ex), PL_OK);
    assert_int_equal(ex.fail_line, 11);
    assert_string_equal(ex.words, "the column of b1 is 2 and the row of b1 is 1");
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "a1");
    pl_movelist_free(&ml);
    assert_int_equal(pl_explain(st, "a1", &ex), PL_OK);
    assert_string_equal(ex.words, "a1 is not empty");
    assert_string_equal(ex.message, "");
    pl_state_free(st);
    pl_program_free(p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variable_not_in_position),
        cmocka_unit_test(test_division_by_zero),
        cmocka_unit_test(test_remainder_by_zero),
        cmocka_unit_test(test_arithmetic_overflow),
        cmocka_unit_test(test_explain_uses_the_rules_words),
        cmocka_unit_test(test_explain_follows_a_computed_destination),
        cmocka_unit_test(test_explain_words_from_the_rule),
        cmocka_unit_test(test_turn_in_a_move),
        cmocka_unit_test(test_move_from_empty_cell),
        cmocka_unit_test(test_place_on_occupied_cell),
        cmocka_unit_test(test_bit_out_of_range),
        cmocka_unit_test(test_line_count_off_the_board),
        cmocka_unit_test(test_runaway_loop_hits_the_budget),
        cmocka_unit_test(test_move_text_too_long),
        cmocka_unit_test(test_numbers_in_move_texts),
        cmocka_unit_test(test_negative_ranges),
        cmocka_unit_test(test_place_with_attribute_out_of_range),
        cmocka_unit_test(test_error_in_end_rules),
        cmocka_unit_test(test_error_depends_on_position),
        cmocka_unit_test(test_error_names_the_game_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
