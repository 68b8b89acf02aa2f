/*
 * test_tourney.c -- the pieces under `match --shard`, `merge` and
 * `balance` that a shell test reaches badly: the JSON reader (valid
 * texts, escapes, 64-bit numbers, errors with their place, nesting
 * bounded) and the shard arithmetic (disjoint shards covering the run,
 * game seeds that depend only on the run's seed and the game's number).
 * The end-to-end behaviour is tests/tourney/tourney_test.py.
 */
#include "plateau_test.h"
#include "cli_json.h"
#include "cli_tourney.h"

static void test_json_values(void **state)
{
    (void)state;
    char err[128];
    pl_json *v = pl_json_parse(" {\"a\": [1, -2.5e1, true, false, null],"
                               " \"s\": \"q\\\"\\\\\\n\\u00e9\\ud83d\\ude00\","
                               " \"seed\": 18446744073709551615} ", err, sizeof err);
    assert_non_null(v);
    const pl_json *a = pl_json_get_kind(v, "a", PL_JSON_ARRAY);
    assert_non_null(a);
    assert_int_equal(a->n, 5);
    assert_true(a->items[1]->number == -25.0);
    assert_int_equal(a->items[2]->kind, PL_JSON_BOOL);
    assert_int_equal(a->items[2]->boolean, 1);
    assert_int_equal(a->items[4]->kind, PL_JSON_NULL);
    long long n;
    assert_int_equal(pl_json_integer(a->items[0], 0, 10, &n), 0);
    assert_int_equal(n, 1);
    assert_int_equal(pl_json_integer(a->items[0], 2, 10, &n), -1);   /* range */
    assert_int_equal(pl_json_integer(a->items[1], -100, 100, &n), -1); /* fraction */
    assert_string_equal(pl_json_get(v, "s")->text,
                        "q\"\\\n\xc3\xa9\xf0\x9f\x98\x80");
    uint64_t seed;
    assert_int_equal(pl_json_u64(pl_json_get(v, "seed"), &seed), 0);
    assert_true(seed == UINT64_MAX);
    assert_null(pl_json_get(v, "missing"));
    assert_null(pl_json_get_kind(v, "s", PL_JSON_NUMBER));
    pl_json_free(v);
}

static void expect_error(const char *text, const char *want)
{
    char err[128];
    pl_json *v = pl_json_parse(text, err, sizeof err);
    assert_null(v);
    if (!strstr(err, want))
        fail_msg("'%s': got '%s', expected '%s'", text, err, want);
}

static void test_json_errors(void **state)
{
    (void)state;
    expect_error("", "line 1, column 1: unexpected end");
    expect_error("{\"a\": 1,\n \"b\" 2}", "line 2, column 6: ':' expected");
    expect_error("[1, 2", "',' or ']' expected");
    expect_error("\"abc", "unterminated string");
    expect_error("\"a\\qb\"", "bad escape");
    expect_error("\"\\ud83d\"", "unpaired surrogate");
    expect_error("\"a\tb\"", "control character");
    expect_error("01", "text after the end");
    expect_error("-", "unexpected character");
    expect_error("1.", "digits expected after '.'");
    expect_error("1e+", "digits expected in the exponent");
    expect_error("{1: 2}", "a key in quotes");
    expect_error("[] x", "text after the end");
    char deep[200];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    expect_error(deep, "nested more than 64 deep");
}

static void test_json_write_string_round_trip(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    pl_json_write_string(f, "a\"b\\c\nd\te\x01 huff c2");
    fclose(f);
    char err[128];
    pl_json *v = pl_json_parse(buf, err, sizeof err);
    assert_non_null(v);
    assert_string_equal(v->text, "a\"b\\c\nd\te\x01 huff c2");
    pl_json_free(v);
    free(buf);
}

static void test_shards_cover_the_run_once(void **state)
{
    (void)state;
    for (int n = 1; n <= 7; n++)
        for (int i = 0; i < 50; i++) {
            int owners = 0;
            for (int k = 1; k <= n; k++)
                owners += pl_tourney_in_shard(i, k, n);
            assert_int_equal(owners, 1);
        }
    assert_true(pl_tourney_in_shard(4, 1, 2));
    assert_false(pl_tourney_in_shard(4, 2, 2));
}

static void test_game_seeds(void **state)
{
    (void)state;
    /* a function of (seed, index) alone, and different between games */
    assert_true(pl_tourney_game_seed(11, 3) == pl_tourney_game_seed(11, 3));
    assert_true(pl_tourney_game_seed(11, 3) != pl_tourney_game_seed(11, 4));
    assert_true(pl_tourney_game_seed(11, 3) != pl_tourney_game_seed(12, 3));
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_values),
        cmocka_unit_test(test_json_errors),
        cmocka_unit_test(test_json_write_string_round_trip),
        cmocka_unit_test(test_shards_cover_the_run_once),
        cmocka_unit_test(test_game_seeds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
