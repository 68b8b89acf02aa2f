/*
 * test_util.c -- the shared helpers of lang/util.h.
 *
 * The out-of-memory policy is tested the way util.h promises a test can:
 * an allocator that fails, a handler that jumps back here instead of
 * aborting.  The rest pins what the callers rely on: the FNV-1a values of
 * the reference vectors (the .pbc source hash and move matching use them),
 * case folding, the generator's range and determinism, the growth rule,
 * file reading with its limit, and trimming.
 */
#include <errno.h>
#include <sys/stat.h>
#include "plateau_test.h"

/* --- memory ------------------------------------------------------------------ */

static jmp_buf oom_jump;
static size_t oom_size;

static void jump_on_oom(size_t size)
{
    oom_size = size;
    longjmp(oom_jump, 1);
}

static void *failing_allocator(void *p, size_t size)
{
    (void)p;
    (void)size;
    return NULL;
}

static void test_oom_calls_the_handler_and_keeps_the_old_block(void **state)
{
    (void)state;
    int32_t *volatile items = NULL;
    volatile size_t cap = 0;
    PL_GROW(items, cap, 3);
    assert_true(cap >= 3);
    items[2] = 42;
    pl_set_oom_handler(jump_on_oom);
    pl_set_allocator(failing_allocator);
    if (setjmp(oom_jump) == 0) {
        PL_GROW(items, cap, 1000);
        fail_msg("a failed allocation returned");
    }
    pl_set_allocator(NULL);
    pl_set_oom_handler(NULL);
    assert_true(oom_size >= 1000 * sizeof(int32_t));
    assert_int_equal(items[2], 42); /* the old block survives the failure */
    free(items);
}

static void test_oom_on_size_overflow(void **state)
{
    (void)state;
    pl_set_oom_handler(jump_on_oom);
    oom_size = 0;
    if (setjmp(oom_jump) == 0) {
        void *p = pl_realloc_array(NULL, SIZE_MAX / 2, 4);
        free(p);
        fail_msg("an overflowing size was allocated");
    }
    pl_set_oom_handler(NULL);
    assert_true(oom_size == SIZE_MAX);
}

static void test_grow_capacity_doubles(void **state)
{
    (void)state;
    assert_int_equal(pl_grow_capacity(0, 1), 8);
    assert_int_equal(pl_grow_capacity(8, 8), 8);
    assert_int_equal(pl_grow_capacity(8, 9), 16);
    assert_int_equal(pl_grow_capacity(16, 100), 128);
    int32_t *a = NULL;
    int cap = 0;
    for (int i = 0; i < 1000; i++) {
        PL_GROW(a, cap, i + 1);
        a[i] = i;
    }
    assert_true(cap >= 1000 && cap < 2000);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(a[i], i);
    free(a);
    char *z = pl_calloc(100, 1);
    for (int i = 0; i < 100; i++)
        assert_int_equal(z[i], 0);
    free(z);
}

/* --- strings ----------------------------------------------------------------- */

static void test_strings(void **state)
{
    (void)state;
    char *s = pl_strdup("abc");
    assert_string_equal(s, "abc");
    free(s);
    assert_null(pl_strdup(NULL));
    s = pl_strndup("abcdef", 3);
    assert_string_equal(s, "abc");
    free(s);
    char buf[] = " \t a b \n";
    assert_string_equal(pl_trim(buf), "a b");
    char blank[] = "   ";
    assert_string_equal(pl_trim(blank), "");
}

/* --- hashing ----------------------------------------------------------------- */

static void test_fnv1a_reference_values(void **state)
{
    (void)state;
    /* the published FNV-1a 64 test vectors */
    assert_true(pl_hash_text("") == 0xcbf29ce484222325ull);
    assert_true(pl_hash_text("a") == 0xaf63dc4c8601ec8cull);
    assert_true(pl_hash_text("foobar") == 0x85944171f73967e8ull);
    assert_true(pl_hash_bytes(PL_FNV_OFFSET, "foobar", 6) == pl_hash_text("foobar"));
    assert_true(pl_hash_text_nocase("A1-B2") == pl_hash_text("a1-b2"));
    assert_true(pl_hash_text_nocase("a1-b2") != pl_hash_text_nocase("a1-b3"));
    assert_true(pl_hash_bytes_nocase(PL_FNV_OFFSET, "XYZ", 3) == pl_hash_text("xyz"));
}

/* --- random numbers and time ------------------------------------------------- */

static void test_rng_range_and_determinism(void **state)
{
    (void)state;
    pl_rng a, b, c;
    pl_rng_seed(&a, 7);
    pl_rng_seed(&b, 7);
    pl_rng_seed(&c, 8);
    int differ = 0, seen[5] = {0};
    for (int i = 0; i < 1000; i++) {
        uint64_t x = pl_rng_next(&a);
        assert_true(x == pl_rng_next(&b));
        differ += x != pl_rng_next(&c);
        uint32_t k = pl_rng_below(&a, 5);
        assert_true(k < 5);
        seen[k]++;
        double u = pl_rng_unit(&b);
        assert_true(u >= 0.0 && u < 1.0);
    }
    assert_true(differ > 990);
    for (int k = 0; k < 5; k++)
        assert_true(seen[k] > 100); /* 200 expected each */
    pl_rng zero;
    pl_rng_seed(&zero, 0);
    assert_true(pl_rng_next(&zero) != 0);
}

static void test_clock_is_monotonic(void **state)
{
    (void)state;
    double t0 = pl_now();
    double t1 = pl_now();
    assert_true(t0 > 0.0 && t1 >= t0);
}

/* --- files ------------------------------------------------------------------- */

static void test_read_file(void **state)
{
    (void)state;
    char path[] = "/tmp/plateau_test_util_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "hello\n", 6), 6);
    close(fd);
    char *data;
    size_t len = 0;
    assert_int_equal(pl_read_file(path, 100, &data, &len), PL_READ_OK);
    assert_int_equal(len, 6);
    assert_string_equal(data, "hello\n");
    free(data);
    assert_int_equal(pl_read_file(path, 5, &data, NULL), PL_READ_TOO_LARGE);
    assert_null(data);
    assert_int_equal(errno, EFBIG);
    assert_int_equal(pl_read_file(path, 6, &data, NULL), PL_READ_OK);
    free(data);
    unlink(path);
    assert_int_equal(pl_read_file(path, 100, &data, NULL), PL_READ_CANNOT_OPEN);
    assert_int_equal(errno, ENOENT);
    assert_int_equal(pl_read_file("games", 100, &data, NULL), PL_READ_IS_DIRECTORY);
    assert_string_equal(pl_read_status_text(PL_READ_TOO_LARGE), "file is too large");
}

static void test_read_file_larger_than_one_block(void **state)
{
    (void)state;
    char *data;
    size_t len;
    /* a shipped game file: several reads, content checked against stat */
    const char *path = "games/ruches.game";
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(pl_read_file(path, (size_t)1 << 24, &data, &len), PL_READ_OK);
    assert_int_equal(len, (size_t)sb.st_size);
    assert_int_equal(strlen(data), len);
    free(data);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oom_calls_the_handler_and_keeps_the_old_block),
        cmocka_unit_test(test_oom_on_size_overflow),
        cmocka_unit_test(test_grow_capacity_doubles),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_fnv1a_reference_values),
        cmocka_unit_test(test_rng_range_and_determinism),
        cmocka_unit_test(test_clock_is_monotonic),
        cmocka_unit_test(test_read_file),
        cmocka_unit_test(test_read_file_larger_than_one_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
