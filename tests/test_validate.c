/*
 * test_validate.c -- what `plateau validate` relies on, and the inputs
 * that once broke the front end or the loader:
 *
 *   - every file of tests/fuzz/regressions/ replayed through the fuzz
 *     target it was found by (compile-*, bytecode-*, movetext-*), without
 *     a crash: the same code as the libFuzzer harnesses (fuzz_targets.h);
 *     the bytecode ones are made from source by bytecode_regressions.h,
 *     made again here, and checked for their outcome (refused with the
 *     verifier's message, the VM's runtime error, or play) and for their
 *     format: a kept file of another bytecode version fails the test;
 *   - every tests/broken/v_*.game against its exact diagnostics in
 *     v_*.err, and the same diagnostics as JSON Lines;
 *   - every tests/broken/w_*.game (compiles, with warnings) against w_*.err;
 *   - runaway loops, which compile but stop at run time with a "ran too
 *     long" error that names the line;
 *   - the JSON string escaping of diag.c.
 *
 * Crashers that are still open live in tests/fuzz/regressions/open/ and
 * are not replayed (they would stop the suite); they move up one level
 * when fixed.
 */
#include "plateau_test.h"
#include <dirent.h>
#include <sys/stat.h>
#include "fuzz/fuzz_targets.h"
#include "fuzz/bytecode_regressions.h"

#define REGRESSIONS "tests/fuzz/regressions"

/* The names of the regular files of `dir` matching prefix/suffix, sorted
 * (NULL-terminated, malloc'ed); subdirectories are left out. */
static char **list_files(const char *dir, const char *prefix, const char *suffix)
{
    DIR *d = opendir(dir);
    size_t n = 0, cap = 0;
    char **names = NULL;
    PL_GROW(names, cap, 1); /* the NULL at the end, even for no file */
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), pl = strlen(prefix), sl = strlen(suffix);
        if (e->d_name[0] == '.' || len < pl + sl ||
            strncmp(e->d_name, prefix, pl) != 0 ||
            strcmp(e->d_name + len - sl, suffix) != 0)
            continue;
        char path[1024];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        PL_GROW(names, cap, n + 2); /* room for the NULL at the end */
        names[n++] = pl_strdup(e->d_name);
    }
    if (d)
        closedir(d);
    qsort(names, n, sizeof *names, pt_cmp_str);
    names[n] = NULL;
    return names;
}

static void free_list(char **names)
{
    for (char **p = names; *p; p++)
        free(*p);
    free(names);
}

/* ---------------------------------------------------------------------- */
/* fuzz regressions */

/* A kept .pbc regression: in the current format (one in another version
 * is refused at its header, before the check it was kept for: the test
 * fails and says to regenerate it), made by a row of
 * bytecode_regressions.h, doing what the row says, and through the fuzz
 * target. */
static void replay_bytecode(const char *path, const char *name,
                            const uint8_t *bytes, size_t len)
{
    char why[1024];
    const pl_bcreg *r = pl_bcreg_find(name);
    uint32_t stale = 0;
    if (pl_bcreg_stale(bytes, len, &stale) && r)
        fail_msg("%s: %s", path, pl_bcreg_check(r, bytes, len, why, sizeof why));
    if (pl_bcreg_stale(bytes, len, &stale))
        fail_msg("%s: written in bytecode version %u, the loader reads version %d: "
                 "refused at its header, it no longer tests anything: make it a row of "
                 "tests/fuzz/bytecode_regressions.h (docs/validate.md)", path, stale,
                 PL_BYTECODE_VERSION);
    if (!r)
        fail_msg("%s: no row of tests/fuzz/bytecode_regressions.h makes it: the "
                 "bytes of a fuzzer go stale at the next change of the format; "
                 "add a row (docs/validate.md, \"Bytecode regressions across format "
                 "changes\")", path);
    if (pl_bcreg_check(r, bytes, len, why, sizeof why))
        fail_msg("%s: %s", path, why);
    pl_fuzz_bytecode(bytes, len);
}

static void test_fuzz_regressions(void **state)
{
    (void)state;
    struct stat sb;
    assert_int_equal(stat(REGRESSIONS, &sb), 0);
    char **names = list_files(REGRESSIONS, "", "");
    int replayed = 0;
    for (char **p = names; *p; p++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", REGRESSIONS, *p);
        size_t len = 0;
        char *data = pt_read_file(path, &len);
        assert_non_null(data);
        fprintf(stderr, "replaying %s\n", path);
        const uint8_t *bytes = (const uint8_t *)data;
        if (strncmp(*p, "compile-", 8) == 0)
            pl_fuzz_compile_play(bytes, len, 3);   /* play, whatever the budget */
        else if (strncmp(*p, "bytecode-", 9) == 0)
            replay_bytecode(path, *p + 9, bytes, len);
        else if (strncmp(*p, "movetext-", 9) == 0)
            pl_fuzz_movetext(bytes, len);
        else if (strncmp(*p, "gen-", 4) == 0)
            pl_fuzz_gen(bytes, len);
        else
            fail_msg("%s: a regression file is named TARGET-NAME, TARGET "
                     "being compile, bytecode, movetext or gen", path);
        free(data);
        replayed++;
    }
    free_list(names);

    char **open = list_files(REGRESSIONS "/open", "", "");
    int nopen = 0;
    for (char **p = open; *p; p++, nopen++)
        fprintf(stderr, "note: not replayed (open): %s/open/%s\n", REGRESSIONS, *p);
    free_list(open);
    fprintf(stderr, "%d fuzz regressions replayed, %d open\n", replayed, nopen);
}

/* Each row of bytecode_regressions.h, made again from its source in the
 * current format: it does what the row says (refused by the verifier with
 * its message, stopped by the VM with its runtime error, or played with
 * the row's checks), and the fuzz target takes it; its file is kept. */
static void test_bytecode_regressions_from_source(void **state)
{
    (void)state;
    for (int i = 0; i < PL_BCREG_COUNT; i++) {
        const pl_bcreg *r = &pl_bcreg_table[i];
        char why[1024], path[512];
        uint8_t *bytes;
        size_t len;
        if (pl_bcreg_make(r, &bytes, &len, why, sizeof why) != 0)
            fail_msg("bytecode-%s: %s", r->name, why);
        if (pl_bcreg_check(r, bytes, len, why, sizeof why))
            fail_msg("bytecode-%s, made from source: %s", r->name, why);
        snprintf(path, sizeof path, "%s/bytecode-%s", REGRESSIONS, r->name);
        size_t kept_len = 0;
        char *kept = pt_read_file(path, &kept_len);
        if (!kept)
            fail_msg("%s is missing: cmake --build build --target bytecode_regressions", path);
        /* the kept file went through the fuzz target already (a runaway
           loop costs its whole step budget: seconds under ASan) */
        if (kept_len != len || memcmp(kept, bytes, len) != 0)
            pl_fuzz_bytecode(bytes, len);
        free(kept);
        free(bytes);
    }
    fprintf(stderr, "%d bytecode regressions made from source\n", (int)PL_BCREG_COUNT);
}

/* The checks of a row can fail: a row's file written in another bytecode
 * version fails with the advice to regenerate it; the program as
 * compiled, without its corruption, does not pass for the regression, nor
 * does another game for a row that plays. */
static void test_bytecode_regressions_can_fail(void **state)
{
    (void)state;
    char why[1024];
    for (int i = 0; i < PL_BCREG_COUNT; i++) {
        const pl_bcreg *r = &pl_bcreg_table[i];
        uint8_t *bytes;
        size_t len;
        assert_int_equal(pl_bcreg_make(r, &bytes, &len, why, sizeof why), 0);
        assert_null(pl_bcreg_check(r, bytes, len, why, sizeof why));
        bytes[4] = (uint8_t)(bytes[4] - 1);   /* the version before */
        uint32_t version = 0;
        assert_true(pl_bcreg_stale(bytes, len, &version));
        assert_int_equal(version, PL_BYTECODE_VERSION - 1);
        const char *msg = pl_bcreg_check(r, bytes, len, why, sizeof why);
        assert_non_null(msg);
        assert_non_null(strstr(msg, "regenerate it"));
        free(bytes);
        /* without its corruption; a row that plays, with the slides of
           the first row instead of its own game (moves with texts and
           effects, more than one) */
        pl_bcreg control = *r;
        control.corrupt = NULL;
        if (!r->corrupt)
            control.game = pl_bcreg_table[0].game;
        assert_int_equal(pl_bcreg_make(&control, &bytes, &len, why, sizeof why), 0);
        assert_non_null(pl_bcreg_check(r, bytes, len, why, sizeof why));
        free(bytes);
    }
}

/* The grammar of fuzz_gen writes valid games: were it to write broken
 * ones, the target would test the parser again and nothing beyond.  Every
 * game of a spread of inputs (short ones too: choices run out as 0)
 * compiles without an error, and most have legal moves. */
static void test_fuzz_gen_writes_valid_games(void **state)
{
    (void)state;
    static pl_gen g;
    uint64_t s = 7;
    int with_moves = 0;
    for (int i = 0; i < 300; i++) {
        uint8_t bytes[400];
        for (size_t k = 0; k < sizeof bytes; k++)
            bytes[k] = (uint8_t)(pl_fuzz_rand(&s) >> 56);
        pl_gen_game(&g, bytes, (size_t)i % sizeof bytes);
        assert_true(g.n + 1 < sizeof g.text);   /* never cut */
        pl_diags d;
        pl_diags_init(&d);
        pl_program *p = pl_compile_string("gen.game", g.text, g.n, PL_FUZZ_STDLIB, &d);
        if (!p) {
            fprintf(stderr, "%s", g.text);
            pl_diags_print(&d, stderr);
        }
        assert_non_null(p);
        pl_state *st = pl_state_new(p);
        pl_movelist ml;
        pl_movelist_init(&ml);
        int r;
        if (pl_status(st, &ml, &r) == PL_OK && r == PL_RESULT_NONE && ml.count > 0)
            with_moves++;
        pl_movelist_free(&ml);
        pl_state_free(st);
        pl_program_free(p);
        pl_diags_free(&d);
        pl_fuzz_gen(bytes, (size_t)i % sizeof bytes);
    }
    fprintf(stderr, "fuzz_gen: 300 games compiled, %d with legal moves\n", with_moves);
    assert_true(with_moves >= 100);
}

/* The seed inputs of each target go through without a problem: the
 * harness code itself is sound on valid input. */
static void test_fuzz_targets_on_valid_input(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = pt_read_file("games/alignment/tic-tac-toe.game", &len);
    assert_non_null(text);
    pl_fuzz_compile((const uint8_t *)text, len);
    free(text);

    pl_program *p = pt_compile("games/race/breakthrough.game");
    uint8_t *bytes;
    assert_int_equal(pl_bytecode_write(p, &bytes, &len), 0);
    pl_fuzz_bytecode(bytes, len);
    free(bytes);
    pl_program_free(p);

    pl_fuzz_game_list *games = pl_fuzz_games();
    assert_true(games->count > 0);
    for (int g = 0; g < games->count; g++) {
        assert_non_null(games->progs[g]);
        static const char *const texts[] = {"", "a1", "A1", "pass", "zz99-a1",
                                            "b1-b3", "\xff\xfe"};
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            uint8_t in[64] = {(uint8_t)g, (uint8_t)(i * 3)};
            size_t n = strlen(texts[i]);
            memcpy(in + 2, texts[i], n);
            pl_fuzz_movetext(in, n + 2);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* broken files v_*.game and their diagnostics */

static char *json_text(const pl_diags *d)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    pl_diags_print_json(d, f);
    fclose(f);
    return buf;
}

static void test_broken_files(void **state)
{
    (void)state;
    char **names = list_files("tests/broken", "v_", ".game");
    int checked = 0, failed = 0;
    for (char **p = names; *p; p++) {
        char game[512], err[512];
        snprintf(game, sizeof game, "tests/broken/%s", *p);
        snprintf(err, sizeof err, "tests/broken/%.*s.err", (int)strlen(*p) - 5, *p);
        char *want = pt_read_file(err, NULL);
        if (!want) {
            fprintf(stderr, "missing %s\n", err);
            failed++;
            continue;
        }
        pl_diags d;
        pl_diags_init(&d);
        pl_program *prog = pl_compile_file(game, PT_STDLIB, &d);
        char *got = pt_diags_text(&d);
        if (prog || d.errors == 0 || strcmp(got, want) != 0) {
            fprintf(stderr, "--- %s: expected\n%s--- got (%s, %d errors)\n%s---\n",
                    game, want, prog ? "compiled" : "not compiled", d.errors, got);
            failed++;
        }
        /* the JSON form: one line per diagnostic, each an object */
        char *json = json_text(&d);
        int lines = 0;
        for (char *l = json; *l; lines++) {
            assert_true(strncmp(l, "{\"file\":", 8) == 0);
            char *nl = strchr(l, '\n');
            assert_non_null(nl);
            assert_true(nl > l && nl[-1] == '}');
            l = nl + 1;
        }
        assert_int_equal(lines, d.count);
        free(json);
        if (prog)
            pl_program_free(prog);
        free(got);
        free(want);
        pl_diags_free(&d);
        checked++;
    }
    free_list(names);
    fprintf(stderr, "%d v_*.game files checked, %d failed\n", checked, failed);
    assert_true(checked >= 30);
    assert_int_equal(failed, 0);
}

/* w_*.game: files that compile, with warnings (conditions that can never
 * hold, runaway loops, pieces never placed, choices missing from the move
 * text, ...), each against its exact diagnostics in w_*.err. */
static void test_warning_files(void **state)
{
    (void)state;
    char **names = list_files("tests/broken", "w_", ".game");
    int checked = 0, failed = 0;
    for (char **p = names; *p; p++) {
        char game[512], err[512];
        snprintf(game, sizeof game, "tests/broken/%s", *p);
        snprintf(err, sizeof err, "tests/broken/%.*s.err", (int)strlen(*p) - 5, *p);
        char *want = pt_read_file(err, NULL);
        if (!want) {
            fprintf(stderr, "missing %s\n", err);
            failed++;
            continue;
        }
        pl_diags d;
        pl_diags_init(&d);
        pl_program *prog = pl_compile_file(game, PT_STDLIB, &d);
        char *got = pt_diags_text(&d);
        if (!prog || d.errors != 0 || d.count == 0 || strcmp(got, want) != 0) {
            fprintf(stderr, "--- %s: expected\n%s--- got (%s, %d errors)\n%s---\n",
                    game, want, prog ? "compiled" : "not compiled", d.errors, got);
            failed++;
        }
        for (int i = 0; i < d.count; i++)
            assert_int_equal(d.items[i].severity, PL_SEV_WARNING);
        if (prog)
            pl_program_free(prog);
        free(got);
        free(want);
        pl_diags_free(&d);
        checked++;
    }
    free_list(names);
    fprintf(stderr, "%d w_*.game files checked, %d failed\n", checked, failed);
    assert_true(checked >= 10);
    assert_int_equal(failed, 0);
}

/* ---------------------------------------------------------------------- */
/* runaway loops: compile errors they are not, runtime errors they are.
 * (Loops whose body makes a choice, `while 1 { pick d in orthogonal }`,
 * also stop at the step budget, but only after growing the choice stack
 * to gigabytes: too heavy for a unit test.) */

#define RT_HEADER "import grid\nboard 3 x 3\nplayers x o\npiece token\n"

static void test_runaway_while(void **state)
{
    (void)state;
    const char *text = RT_HEADER
        "moves {\n"
        "  pick c in empty_cells\n"
        "  while 1 { }\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n";
    pl_program *p = pt_compile_text("runaway.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    /* pl_generate itself reports the error, with the line of the loop */
    assert_int_equal(pl_generate(st, &ml), PL_ERR_RUNTIME);
    const char *e = pl_state_error(st);
    assert_non_null(e);
    assert_non_null(strstr(e, "ran too long"));
    assert_true(strncmp(e, "runaway.game:7:", 15) == 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* Definitions are limited on what they expand to: 40 definitions that
 * each use the next twice (2^40 constructs) and 63 that each nest 490
 * operators are one located error naming the chain, not hours, gigabytes
 * or a stack overflow. */
static char *expansion_text(int ndefs, const char *open, const char *close, int nest)
{
    size_t cap = (size_t)ndefs * (size_t)nest * (strlen(open) + strlen(close)) + 4096;
    char *t = malloc(cap), *w = t;
    assert_non_null(t);
    w += sprintf(w, RT_HEADER);
    for (int i = 0; i < ndefs; i++) {
        char next[16];
        snprintf(next, sizeof next, i + 1 < ndefs ? "d%d" : "1", i + 1);
        w += sprintf(w, "def d%d = ", i);
        for (int k = 0; k < nest; k++)
            w += sprintf(w, "%s", open);
        w += sprintf(w, nest ? "%s" : "%s + %s", next, next);
        for (int k = 0; k < nest; k++)
            w += sprintf(w, "%s", close);
        w += sprintf(w, "\n");
    }
    sprintf(w, "moves {\n  require d0 > 0\n  pick c in empty_cells\n"
               "  place mover token at c\n  text c\n}\n");
    return t;
}

static void check_expansion_error(char *text, const char *want)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("expand.game", text, strlen(text), PT_STDLIB, &d);
    char *out = pt_diags_text(&d);
    assert_null(p);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(out, "expand.game:"));
    free(out);
    pl_diags_free(&d);
    free(text);
}

static void test_expansion_budgets(void **state)
{
    (void)state;
    check_expansion_error(expansion_text(40, "", "", 0),
                          "error: expanding d0 -> d1 -> d2 -> d3 -> ... -> d38 -> d39 makes more than");
    check_expansion_error(expansion_text(63, "abs(", ")", 490),
                          "error: expanding d0 -> d1 -> d2 nests more than 1000 levels deep");
    /* within the budgets: 12 doublings and 2 nested definitions compile */
    char *ok = expansion_text(12, "", "", 0);
    pl_program_free(pt_compile_text("ok.game", ok));
    free(ok);
    ok = expansion_text(2, "abs(", ")", 400);
    pl_program_free(pt_compile_text("ok.game", ok));
    free(ok);
}

/* End rules have their own budget: a huge comprehension stops too.  The
 * end rules run after the first move, so play one. */
static void test_runaway_end_rule(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("runaway.game", RT_HEADER
        "moves {\n"
        "  pick c in empty_cells\n"
        "  place mover token at c\n"
        "  text c\n"
        "}\n"
        "end {\n"
        "  draw when count(k in range(1, 999999999) where k > 0) == 0\n"
        "}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    pl_apply(st, &ml, 0);
    int r;
    assert_int_equal(pl_status(st, &ml, &r), PL_ERR_RUNTIME);
    assert_non_null(strstr(pl_state_error(st), "ran too long"));
    assert_non_null(strstr(pl_state_error(st), "runaway.game:11:"));
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* More legal moves in one position than the move list takes: a runtime
 * error with the line, not a silent cut (4096 x 4096 ways, a million
 * kept). */
static void test_too_many_moves(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("many.game",
        "board 64 x 64\nplayers x o\npiece token\n"
        "moves {\n"
        "  pick a in cells\n"
        "  pick b in cells\n"
        "  text a \"-\" b\n"
        "}\n");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pl_generate(st, &ml), PL_ERR_RUNTIME);
    const char *e = pl_state_error(st);
    assert_non_null(e);
    assert_non_null(strstr(e, "too many legal moves in one position"));
    assert_true(strncmp(e, "many.game:7:", 12) == 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* ---------------------------------------------------------------------- */
/* JSON */

static char *json_of(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    pl_json_string(s, f);
    fclose(f);
    return buf;
}

static void check_json(const char *in, const char *want)
{
    char *got = json_of(in);
    assert_string_equal(got, want);
    free(got);
}

static void test_json_strings(void **state)
{
    (void)state;
    check_json(NULL, "null");
    check_json("", "\"\"");
    check_json("plain text", "\"plain text\"");
    check_json("say \"hi\" \\ there", "\"say \\\"hi\\\" \\\\ there\"");
    check_json("tab\there\nnew\rret", "\"tab\\there\\nnew\\rret\"");
    check_json("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
    /* valid UTF-8 passes through: é, “, 😀 */
    check_json("\xc3\xa9 \xe2\x80\x9c \xf0\x9f\x98\x80", "\"\xc3\xa9 \xe2\x80\x9c \xf0\x9f\x98\x80\"");
    /* invalid bytes become U+FFFD: a stray continuation, a truncated
       sequence, an overlong '/', a surrogate, a byte that is never UTF-8 */
    check_json("a\x80z", "\"a\\ufffdz\"");
    check_json("\xe2\x80", "\"\\ufffd\\ufffd\"");
    check_json("\xc0\xaf", "\"\\ufffd\\ufffd\"");
    check_json("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
    check_json("\xff", "\"\\ufffd\"");
}

static void test_json_diagnostic(void **state)
{
    (void)state;
    pl_diags d;
    pl_diags_init(&d);
    const char *text = "line one\n  pick c in empty_celss\n";
    pl_diag_add(&d, PL_SEV_ERROR, "g.game", text, 2, 13, 23,
                "unknown name '%s'; did you mean '%s'?", "empty_celss", "empty_cells");
    pl_diag_add(&d, PL_SEV_WARNING, NULL, NULL, 0, 0, 0, "no place");
    char *got = json_text(&d);
    assert_string_equal(got,
        "{\"file\":\"g.game\",\"line\":2,\"col\":13,\"end_col\":23,\"severity\":\"error\","
        "\"message\":\"unknown name 'empty_celss'; did you mean 'empty_cells'?\","
        "\"source\":\"  pick c in empty_celss\"}\n"
        "{\"file\":null,\"line\":0,\"col\":0,\"end_col\":0,\"severity\":\"warning\","
        "\"message\":\"no place\",\"source\":null}\n");
    free(got);
    pl_diags_free(&d);
}

/* ---------------------------------------------------------------------- */
/* long source lines: a window around the caret */

static void test_long_line_window(void **state)
{
    (void)state;
    /* a 1 MB line with the mistake in its middle */
    size_t pad = 1 << 20;
    char *text = malloc(pad + 64);
    assert_non_null(text);
    size_t o = (size_t)sprintf(text, "x = 1");
    memset(text + o, ' ', pad);
    o += pad;
    o += (size_t)sprintf(text + o, "+ zork ");
    memset(text + o, ' ', 30);
    strcpy(text + o + 30, "\nend\n");
    pl_diags d;
    pl_diags_init(&d);
    int col = (int)pad + 8;   /* the 'z' */
    assert_int_equal(pl_diag_add(&d, PL_SEV_ERROR, "big.game", text, 1, col, col + 3,
                                 "unknown name 'zork'"), 1);
    free(text);
    const pl_diag *g = &d.items[0];
    assert_true(g->source_start > 0);
    assert_true(strlen(g->source_line) < 400);
    char *got = pt_diags_text(&d);
    /* "...", 60 bytes before the caret, the name, what follows; the caret
       under the name, three columns further for the "..." */
    char want[1024];
    snprintf(want, sizeof want,
             "big.game:1:%d: error: unknown name 'zork'\n"
             "   1 | ...%*s+ zork%*s\n"
             "     |    %*s^~~~\n",
             col, 58, "", 31, "", 60, "");
    assert_string_equal(got, want);
    free(got);
    char *json = json_text(&d);
    assert_non_null(strstr(json, "\"source\":\"..."));
    assert_true(strlen(json) < 600);
    free(json);
    pl_diags_free(&d);

    /* a line just at the limit is printed whole */
    char line[256];
    memset(line, 'a', 200);
    line[200] = '\0';
    pl_diags_init(&d);
    pl_diag_add(&d, PL_SEV_ERROR, "g.game", line, 1, 200, 200, "here");
    assert_int_equal(d.items[0].source_start, 0);
    assert_int_equal(d.items[0].source_more, 0);
    assert_int_equal((int)strlen(d.items[0].source_line), 200);
    pl_diags_free(&d);
}

/* ---------------------------------------------------------------------- */
/* moves whose texts collide, as validate --playouts finds them */


static long collisions_at_start(const char *file)
{
    pl_program *p = pt_compile(file);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_vm_check_collisions(1);
    assert_int_equal(pl_generate(st, &ml), PL_OK);
    char text[128] = "";
    long n = pl_vm_take_collisions(text, sizeof text);
    pl_vm_check_collisions(0);
    if (n > 0)
        assert_string_equal(text, "a1");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    return n;
}

static void test_text_collisions(void **state)
{
    (void)state;
    /* a token or a stone under one text: 9 collisions, one per cell */
    assert_int_equal(collisions_at_start("tests/broken/w_either_same_text.game"), 9);
    /* ways with one text and the same effects are one move, no collision */
    assert_int_equal(collisions_at_start("games/alignment/tic-tac-toe.game"), 0);
    assert_int_equal(collisions_at_start("games/race/gyges.game"), 0);
}

/* A pick over a set that never holds more than one element is no choice:
 * the step ahead along a direction set of one direction per player, such
 * a set itself, a region of one cell per player.  With two directions
 * for a player the warning stays. */
static void test_pick_of_one_is_no_choice(void **state)
{
    (void)state;
    static const char *const game =
        "game \"t\"\nimport grid\nboard 4 x 4\nplayers white black\npiece man\n"
        "directions ahead {\n  white: %s\n  black: s\n}\n"
        "region home {\n  white: a1\n  black: a4\n}\n"
        "setup {\n  place white man at b1 c1\n  place black man at b4 c4\n}\n"
        "moves {\n  pick c in pieces(mover)\n  %s\n  require empty(t)\n  move c to t\n  text c\n}\n";
    static const char *const picks[] = {
        "pick t in leaps(c, ahead)",
        "pick d in ahead\n  let t = c + d",
        "pick t in home",
    };
    for (size_t i = 0; i < sizeof picks / sizeof picks[0]; i++) {
        char text[1024];
        int errors = 0;
        snprintf(text, sizeof text, game, "n", picks[i]);
        char *got = pt_messages_of("one.game", text, &errors);
        assert_int_equal(errors, 0);
        if (strstr(got, "changes the move"))
            fprintf(stderr, "%s\n", got);
        assert_null(strstr(got, "changes the move"));
        free(got);
        if (i == 2)
            break;
        snprintf(text, sizeof text, game, "n ne", picks[i]);
        got = pt_messages_of("two.game", text, &errors);
        assert_non_null(strstr(got, "changes the move but not its text"));
        free(got);
    }
}

/* A text that reads a game or player variable the move set sees the
 * choices that value came from: each block of the `either` sets `v`, the
 * text writes it, no warning; a text without it still warns. */
static void test_text_reads_a_variable_the_move_set(void **state)
{
    (void)state;
    static const char *const game =
        "game \"t\"\nimport grid\nboard 3 x 3\nplayers a b\npiece p\n"
        "var v = 0\nplayer var tally = 0\n"
        "moves {\n  pick c in empty_cells\n  place mover p at c\n"
        "  either {\n    set %s = 1\n  } or {\n    set %s = 2\n  }\n"
        "  text c %s\n}\n";
    static const char *const cases[][3] = {
        {"v", "v", "v"}, {"tally(mover)", "tally(mover)", "tally(mover)"}, {"v", "v", "\"\""},
    };
    for (int i = 0; i < 3; i++) {
        char text[1024];
        int errors = 0;
        snprintf(text, sizeof text, game, cases[i][0], cases[i][1], cases[i][2]);
        char *got = pt_messages_of("var.game", text, &errors);
        assert_int_equal(errors, 0);
        if (i < 2)
            assert_null(strstr(got, "changes the move"));
        else
            assert_non_null(strstr(got, "this 'either' changes the move but not its text"));
        free(got);
    }
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_strings),
        cmocka_unit_test(test_json_diagnostic),
        cmocka_unit_test(test_long_line_window),
        cmocka_unit_test(test_text_collisions),
        cmocka_unit_test(test_pick_of_one_is_no_choice),
        cmocka_unit_test(test_text_reads_a_variable_the_move_set),
        cmocka_unit_test(test_broken_files),
        cmocka_unit_test(test_warning_files),
        cmocka_unit_test(test_fuzz_targets_on_valid_input),
        cmocka_unit_test(test_fuzz_regressions),
        cmocka_unit_test(test_bytecode_regressions_from_source),
        cmocka_unit_test(test_bytecode_regressions_can_fail),
        cmocka_unit_test(test_fuzz_gen_writes_valid_games),
        cmocka_unit_test(test_runaway_while),
        cmocka_unit_test(test_expansion_budgets),
        cmocka_unit_test(test_runaway_end_rule),
        cmocka_unit_test(test_too_many_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
