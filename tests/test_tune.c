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
 *
 * SPSA (cli_tune.h): a first step after a match won outright lands on
 * the winning side's values, a drawn match moves nothing, the points stay
 * in range, and on a fake game whose better side is the one nearer a
 * target it walks to the target.  `plateau tune` runs on the tiny game
 * (fixed depth, a few games) and prints the lines to paste; it refuses a
 * game with no tunables, bad numbers, an odd number of games.
 */
#include <math.h>
#include "plateau_test.h"
#include <unistd.h>
#include "cli.h"
#include "cli_tune.h"

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

static void test_spsa_first_step(void **unused)
{
    (void)unused;
    int32_t v[2] = {3, 0}, lo[2] = {0, -4}, hi[2] = {10, 4};
    pl_spsa s;
    pl_spsa_init(&s, 2, v, lo, hi, 10, 7);
    int32_t plus[2], minus[2];
    pl_spsa_perturb(&s, 1, plus, minus);
    /* a tenth of the range, at least one unit: 1 for both */
    for (int i = 0; i < 2; i++) {
        assert_int_equal(abs(plus[i] - v[i]), 1);
        assert_int_equal(plus[i] - v[i], v[i] - minus[i]);
        assert_int_equal(plus[i] - v[i], s.sign[i]);
    }
    pl_spsa_update(&s, 1, plus, minus, 1.0);     /* theta+ won every game */
    int32_t now[2];
    pl_spsa_values(&s, now);
    assert_int_equal(now[0], plus[0]);
    assert_int_equal(now[1], plus[1]);
    pl_spsa_update(&s, 2, plus, minus, 0.5);     /* an even match: no move */
    pl_spsa_values(&s, now);
    assert_int_equal(now[0], plus[0]);
    /* a quarter of a win: a quarter of the step, at iteration 1 */
    pl_spsa_init(&s, 2, v, lo, hi, 10, 7);
    pl_spsa_perturb(&s, 1, plus, minus);
    pl_spsa_update(&s, 1, plus, minus, 0.625);
    assert_true(fabs(s.theta[0] - (3 + 0.25 * s.sign[0])) < 1e-9);
    /* the bounds: a value at the top of its range stays in it */
    int32_t top[1] = {10}, l1[1] = {0}, h1[1] = {10};
    pl_spsa_init(&s, 1, top, l1, h1, 10, 1);
    for (int k = 1; k <= 20; k++) {
        pl_spsa_perturb(&s, k, plus, minus);
        assert_true(plus[0] >= 0 && plus[0] <= 10 && minus[0] >= 0 && minus[0] <= 10);
        pl_spsa_update(&s, k, plus, minus, plus[0] > minus[0] ? 1.0 : 0.0);
        assert_true(s.theta[0] >= 0 && s.theta[0] <= 10);
    }
    pl_spsa_values(&s, now);
    assert_int_equal(now[0], 10);
}

/* A fake game: the side whose values are nearer (7, -2) wins 3 games of
 * 4, an equal distance is an even match.  SPSA walks there from (2, 3). */
static void test_spsa_converges(void **unused)
{
    (void)unused;
    int32_t v[2] = {2, 3}, lo[2] = {0, -5}, hi[2] = {20, 5}, target[2] = {7, -2};
    pl_spsa s;
    pl_spsa_init(&s, 2, v, lo, hi, 200, 11);
    for (int k = 1; k <= 200; k++) {
        int32_t plus[2], minus[2];
        pl_spsa_perturb(&s, k, plus, minus);
        int dp = 0, dm = 0;
        for (int i = 0; i < 2; i++) {
            dp += abs(plus[i] - target[i]);
            dm += abs(minus[i] - target[i]);
        }
        pl_spsa_update(&s, k, plus, minus, dp < dm ? 0.75 : dp > dm ? 0.25 : 0.5);
    }
    int32_t now[2];
    pl_spsa_values(&s, now);
    assert_true(abs(now[0] - target[0]) <= 1);
    assert_true(abs(now[1] - target[1]) <= 1);
}

/* Run `plateau tune ARGS...` with standard output into `out` (malloc'ed
 * text); its exit status. */
static int run_tune(char **out, int argc, char **argv)
{
    fflush(stdout);
    FILE *f = tmpfile();
    assert_non_null(f);
    int saved = dup(1);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(f), 1) >= 0);
    int rc = pl_cli_tune(argc, argv);
    fflush(stdout);
    assert_true(dup2(saved, 1) >= 0);
    close(saved);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    *out = calloc((size_t)n + 1, 1);
    assert_non_null(*out);
    assert_int_equal(fread(*out, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return rc;
}

static void test_command(void **unused)
{
    (void)unused;
    char *out = NULL;
    char *run[] = {"tune", TINY, "--iterations", "3", "--games", "4", "--verify", "4",
                   "--seed", "5"};
    assert_int_equal(run_tune(&out, 10, run), PL_EXIT_OK);
    assert_non_null(strstr(out, "tune: Tiny tune, 2 tunables, 3 iterations of 4 games"));
    assert_non_null(strstr(out, "iteration 3: "));
    assert_non_null(strstr(out, "tuned values (to paste into the game file):\ntune w_centre = "));
    assert_non_null(strstr(out, " in -4..4\n"));
    free(out);
    /* the verification match, when the values moved (with this seed the
       first match moves w_centre to 3.5, which rounds to 4; a fixed depth
       makes the run deterministic) */
    char *moved[] = {"tune", TINY, "--iterations", "1", "--games", "2", "--verify", "4",
                     "--openings", "1", "--player", "alphabeta:depth=1", "--seed", "7"};
    assert_int_equal(run_tune(&out, 14, moved), PL_EXIT_OK);
    assert_non_null(strstr(out, "verification: the tuned values against the file's, 4 games"));
    assert_non_null(strstr(out, "score of the tuned values: "));
    assert_non_null(strstr(out, "elo difference: "));
    assert_non_null(strstr(out, "tune w_centre = 4 in 0..10\n"));
    free(out);

    char *none[] = {"tune", "tests/tune/none.game"};
    assert_int_equal(run_tune(&out, 2, none), PL_EXIT_FAIL);
    free(out);
    char *odd[] = {"tune", TINY, "--games", "3"};
    assert_int_equal(run_tune(&out, 4, odd), PL_EXIT_USAGE);
    free(out);
    char *bad[] = {"tune", TINY, "--iterations", "x"};
    assert_int_equal(run_tune(&out, 4, bad), PL_EXIT_USAGE);
    free(out);
    char *zero[] = {"tune", TINY, "--time", "0"};
    assert_int_equal(run_tune(&out, 4, zero), PL_EXIT_USAGE);
    free(out);
    char *rnd[] = {"tune", TINY, "--player", "random"};
    assert_int_equal(run_tune(&out, 4, rnd), PL_EXIT_USAGE);
    free(out);
    char *nogame[] = {"tune"};
    assert_int_equal(run_tune(&out, 1, nogame), PL_EXIT_USAGE);
    free(out);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_declared_and_listed),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_override),
        cmocka_unit_test(test_imports),
        cmocka_unit_test(test_spsa_first_step),
        cmocka_unit_test(test_spsa_converges),
        cmocka_unit_test(test_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
