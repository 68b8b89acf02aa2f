/*
 * test_tune.c -- tunable constants and `plateau tune` (issue 16).
 *
 * `tune NAME = V in LO..HI` is a constant the game's rules and evaluate
 * read like a `def`; the program lists it with its value and range; a bad
 * range, a value outside it, a second declaration in the same file are
 * errors at their line:col; an importing file's `def` makes it a plain
 * constant, its `tune` declares it again.  pl_load_tuned compiles the game
 * with other values, which `evaluate` then uses, and refuses unknown names
 * and values out of range.
 */
#include "plateau_test.h"
#include "cli.h"

#define TINY "tests/tune/tiny.game"

static const char *tiny_head =
    "import grid\nboard 3 x 3\nplayers x o\npiece token\n"
    "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n}\n"
    "end {\n  draw when count(empty_cells) == 0\n}\n";

/* The messages of compiling the tiny head followed by `tail`. */
static char *messages(const char *tail, int *errors)
{
    char text[2048];
    snprintf(text, sizeof text, "%s%s", tiny_head, tail);
    return pt_messages_of("t.game", text, errors);
}

/* The evaluation for x after x plays `moves` in `prog`. */
static int32_t eval_after(const pl_program *prog, const char *moves)
{
    pl_state *st = pl_state_new(prog);
    pl_movelist *ml = pl_movelist_new();
    pt_play(st, ml, moves);
    int32_t v = 0;
    assert_int_equal(pl_evaluate(st, 0, &v), PL_OK);
    pl_movelist_delete(ml);
    pl_state_free(st);
    return v;
}

static void test_declared_and_listed(void **unused)
{
    (void)unused;
    pl_program *p = pt_compile(TINY);
    assert_int_equal(pl_program_ntunables(p), 2);
    int32_t v, lo, hi;
    assert_string_equal(pl_program_tunable(p, 0, &v, &lo, &hi), "w_centre");
    assert_int_equal(v, 3);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 10);
    assert_string_equal(pl_program_tunable(p, 1, &v, &lo, &hi), "w_corner");
    assert_int_equal(v, 1);
    assert_int_equal(lo, -4);
    assert_int_equal(hi, 4);
    assert_null(pl_program_tunable(p, 2, &v, &lo, &hi));
    assert_null(pl_program_tunable(p, -1, NULL, NULL, NULL));
    /* x in the centre, o in a corner: 3 - 1 for x */
    assert_int_equal(eval_after(p, "b2 a1"), 2);
    pl_program_free(p);
}

static void test_errors(void **unused)
{
    (void)unused;
    int errors;
    char *m = messages("tune wt = 3 in 5..1\nevaluate wt\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(m, "the range of 'wt' is empty: 5 is more than 1"));
    free(m);
    m = messages("tune wt = 7 in 0..5\nevaluate wt\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(m, "'wt' = 7 is outside its range 0..5"));
    free(m);
    m = messages("tune wt = 1 in 0..5\ntune wt = 2 in 0..5\nevaluate wt\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(m, "'wt' is already declared"));
    free(m);
    m = messages("tune wt = x in 0..5\nevaluate wt\n", &errors);
    assert_true(errors >= 1);
    free(m);
    /* the positions of the errors: the range, the value, the second name */
    pl_diags d;
    pl_diags_init(&d);
    char text[2048];
    snprintf(text, sizeof text, "%s%s", tiny_head,
             "tune wt = 3 in 5..1\ntune vt = -9 in -5..5\ntune ut = 1 in 0..1\ntune ut = 0 in 0..1\n"
             "evaluate wt + vt + ut\n");
    pl_program *p = pl_compile_string("t.game", text, strlen(text), PT_STDLIB, &d);
    assert_null(p);
    assert_int_equal(d.errors, 3);
    assert_int_equal(d.items[0].line, 13);
    assert_int_equal(d.items[0].col, 16);
    assert_int_equal(d.items[1].line, 14);
    assert_int_equal(d.items[1].col, 11);
    assert_int_equal(d.items[2].line, 16);
    assert_int_equal(d.items[2].col, 6);
    pl_diags_free(&d);
}

static void test_override(void **unused)
{
    (void)unused;
    pl_tune_value vals[] = {{"w_corner", -4}, {"w_centre", 10}};
    pl_program *p = NULL;
    pl_diags *d = pl_diags_new();
    assert_int_equal(pl_load_tuned(TINY, vals, 2, d, &p), PL_OK);
    int32_t v;
    pl_program_tunable(p, 0, &v, NULL, NULL);
    assert_int_equal(v, 10);
    pl_program_tunable(p, 1, &v, NULL, NULL);
    assert_int_equal(v, -4);
    assert_int_equal(eval_after(p, "b2 a1"), 14);   /* 10 - (-4) */
    /* other values are other rules to a record */
    pl_program *plain = pt_compile(TINY);
    assert_true(pl_program_rules_hash(p) != pl_program_rules_hash(plain));
    pl_program_free(plain);
    pl_program_free(p);

    pl_tune_value out[] = {{"w_corner", 5}};
    assert_int_equal(pl_load_tuned(TINY, out, 1, d, &p), PL_ERR_COMPILE);
    assert_null(p);
    char *text = pt_diags_text(d);
    assert_non_null(strstr(text, "the value 5 given for 'w_corner' is outside its range -4..4"));
    free(text);
    pl_diags_delete(d);

    d = pl_diags_new();
    pl_tune_value unknown[] = {{"w_edge", 1}};
    assert_int_equal(pl_load_tuned(TINY, unknown, 1, d, &p), PL_ERR_COMPILE);
    text = pt_diags_text(d);
    assert_non_null(strstr(text, "a value is given for 'w_edge', which is no tunable constant"));
    free(text);
    pl_diags_delete(d);
    assert_int_equal(pl_load_tuned(TINY, NULL, 1, NULL, &p), PL_ERR_ARGUMENT);
}

static void test_imports(void **unused)
{
    (void)unused;
    pl_program *p = pt_compile("tests/tune/none.game");
    assert_int_equal(pl_program_ntunables(p), 0);
    assert_int_equal(eval_after(p, "b2 a1"), 2);
    pl_program_free(p);
    p = pt_compile("tests/tune/retuned.game");
    assert_int_equal(pl_program_ntunables(p), 2);
    int32_t v, lo, hi;
    assert_string_equal(pl_program_tunable(p, 1, &v, &lo, &hi), "w_corner");
    assert_int_equal(v, 2);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 3);
    assert_int_equal(eval_after(p, "b2 a1"), 1);     /* 3 - 2 */
    pl_program_free(p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_declared_and_listed),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_override),
        cmocka_unit_test(test_imports),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
