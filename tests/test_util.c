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
#include <fcntl.h>
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
    const char *path = "games/draughts/ruches.game";
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(pl_read_file(path, (size_t)1 << 24, &data, &len), PL_READ_OK);
    assert_int_equal(len, (size_t)sb.st_size);
    assert_int_equal(strlen(data), len);
    free(data);
}

/* Special files are refused before a byte is read: none of these may
 * block or read without end. */
static void test_read_file_special(void **state)
{
    (void)state;
    char *data = (char *)1;
    assert_int_equal(pl_read_file("/dev/zero", 100, &data, NULL), PL_READ_NOT_REGULAR);
    assert_null(data);
    char dir[] = "/tmp/plateau_test_fifo_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/f", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    /* no writer: a blocking open would never return */
    assert_int_equal(pl_read_file(fifo, 100, &data, NULL), PL_READ_NOT_REGULAR);
    char msg[128];
    assert_string_equal(pl_read_error(msg, sizeof msg, PL_READ_NOT_REGULAR, 0, 100),
                        "not a regular file (a FIFO, a device ...)");
    unlink(fifo);
    assert_int_equal(pl_read_file(dir, 100, &data, NULL), PL_READ_IS_DIRECTORY);
    assert_int_equal(errno, EISDIR);
    /* a sparse file far past the limit: refused by its size, unread */
    char big[64];
    snprintf(big, sizeof big, "%s/big", dir);
    int fd = open(big, O_WRONLY | O_CREAT, 0600);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)1 << 32), 0);
    close(fd);
    assert_int_equal(pl_read_file(big, PL_MAX_INPUT_BYTES, &data, NULL), PL_READ_TOO_LARGE);
    assert_string_equal(pl_read_error(msg, sizeof msg, PL_READ_TOO_LARGE, 0, PL_MAX_INPUT_BYTES),
                        "file is too large (more than 16 MiB)");
    unlink(big);
    rmdir(dir);
}

static void test_escape(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(pl_escape(buf, sizeof buf, "plain a1-b2", 0), 11);
    assert_string_equal(buf, "plain a1-b2");
    pl_escape(buf, sizeof buf, "\x1b]0;t\x07\x7f", 0);
    assert_string_equal(buf, "\\x1b]0;t\\x07\\x7f");
    /* valid UTF-8 passes, a C1 control and stray bytes do not */
    pl_escape(buf, sizeof buf, "caf\xc3\xa9 \xc2\x9b \xff\xc3", 0);
    assert_string_equal(buf, "caf\xc3\xa9 \\u009b \\xff\\xc3");
    /* overlong and surrogate encodings are not valid UTF-8 */
    pl_escape(buf, sizeof buf, "\xc0\xaf\xed\xa0\x80", 0);
    assert_string_equal(buf, "\\xc0\\xaf\\xed\\xa0\\x80");
    pl_escape(buf, sizeof buf, "a\tb\nc", 0);
    assert_string_equal(buf, "a\\x09b\\x0ac");
    pl_escape(buf, sizeof buf, "a\tb\nc\r", PL_ESC_KEEP_LINES);
    assert_string_equal(buf, "a\tb\nc\\x0d");
    /* cut: never half an escape, the full length returned */
    assert_int_equal(pl_escape(buf, 6, "ab\x1b", 0), 6);
    assert_string_equal(buf, "ab");
    assert_string_equal(pl_esc(NULL), "");
    /* idempotent on its own output */
    assert_string_equal(pl_esc(pl_esc("\x1b")), "\\x1b");
    char *long_text = malloc(10000);
    memset(long_text, 1, 9999);
    long_text[9999] = 0;
    const char *e = pl_esc(long_text);
    assert_int_equal(strlen(e), 4095);
    assert_string_equal(e + 4092, "...");
    free(long_text);
    /* the stream form */
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(pl_fputs_escaped("x\x1by", f, 0), 0);
    rewind(f);
    char got[16] = "";
    assert_non_null(fgets(got, sizeof got, f));
    assert_string_equal(got, "x\\x1by");
    fclose(f);
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
        cmocka_unit_test(test_read_file_special),
        cmocka_unit_test(test_escape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
