/*
 * test_hostile.c -- game files written to hurt (issue 18), one test per
 * class of harm, each input small or generated here:
 *
 *   - size: 50,000 declarations and a 100,000-line moves block compile in
 *     linear time (a generous bound: they once took most of a minute), and
 *     warnings stop at 100 with one "N more warnings" note;
 *   - overflow: constants folded by the compiler and the board filter's
 *     arithmetic that leave 32 / 64 bits are located errors, not wrapping;
 *   - edges: a byte-order mark, every table-full error with its place, a
 *     reserved word as a player's name, malformed strings in a .pbc;
 *   - limits: lang/limit_table.h and docs/validate.md agree.
 */
#include "plateau_test.h"
#include <time.h>
#include "diag.h"
#include "limit_table.h"

/* Seconds of processor time since start: the budget of the big inputs is
 * loose (a sanitizer build is many times slower), but a return of the
 * quadratic front end (40 s in a release build) cannot pass it. */
static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

enum { BIG_BUDGET_SECONDS = 30 };

/* A growing text buffer for generated game files. */
typedef struct {
    char *text;
    size_t len, cap;
} gen_buf;

static void gen(gen_buf *b, const char *fmt, ...) PL_PRINTF(2, 3);
static void gen(gen_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert_true(n >= 0);
    PL_GROW(b->text, b->cap, b->len + (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Compile `text`; the diagnostics stay in *d for the caller. */
static pl_program *compile_in(const char *name, const char *text, pl_diags *d)
{
    pl_diags_init(d);
    return pl_compile_string(name, text, strlen(text), PT_STDLIB, d);
}

static int count_severity(const pl_diags *d, pl_severity sev)
{
    int n = 0;
    for (int i = 0; i < d->count; i++)
        n += d->items[i].severity == sev;
    return n;
}

static const pl_diag *find_message(const pl_diags *d, const char *part)
{
    for (int i = 0; i < d->count; i++)
        if (strstr(d->items[i].message, part))
            return &d->items[i];
    return NULL;
}

#define HEADER "import grid\nboard 8 x 8\nplayers x o\npiece token\n"
#define MOVES "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n}\n"

/* ---------------------------------------------------------------------- */
/* size */

/* 50,000 declarations of every kind that has a name table, each kind
 * referring to earlier ones, none used by the rules: they compile, with
 * 100 "never used" warnings and a note counting the rest. */
static void test_many_declarations(void **state)
{
    (void)state;
    gen_buf b = {0};
    gen(&b, HEADER);
    for (int i = 0; i < 50000; i++)
        switch (i % 7) {
        case 0: gen(&b, i < 7 * PL_LIMIT_MARKS ? "mark m%d\n" : "def m%d = 1\n", i); break;
        case 1: gen(&b, "var v%d = %d\n", i, i); break;
        case 2: gen(&b, "def d%d(c) = c + %d\n", i, i); break;
        case 3: gen(&b, "region r%d = a1 b2 c%d..d%d\n", i, i % 8 + 1, i * 7 % 8 + 1); break;
        case 4: gen(&b, "directions s%d = n e s\n", i); break;
        case 5: gen(&b, "player var p%d = 0\n", i); break;
        default: gen(&b, "def e%d = d%d(1) + v%d\n", i, i - 4, i - 5); break;
        }
    gen(&b, MOVES);
    double t0 = cpu_seconds();
    pl_diags d;
    pl_program *p = compile_in("many.game", b.text, &d);
    double spent = cpu_seconds() - t0;
    if (!p)
        pl_diags_print(&d, stderr);
    assert_non_null(p);
    assert_true(spent < BIG_BUDGET_SECONDS);
    assert_int_equal(count_severity(&d, PL_SEV_WARNING), PL_DIAG_MAX_WARNINGS);
    /* every declaration is never used (a definition used only by an
     * unused one is never compiled, so unused too) */
    char want[64];
    snprintf(want, sizeof want, "%d more warnings", 50000 - PL_DIAG_MAX_WARNINGS);
    const pl_diag *note = find_message(&d, "more warnings");
    assert_non_null(note);
    assert_string_equal(note->message, want);
    assert_int_equal(note->severity, PL_SEV_NOTE);
    assert_string_equal(note->file, "many.game");
    pl_program_free(p);
    pl_diags_free(&d);
    free(b.text);
}

/* A moves block of 100,000 statements, a quarter of them `let`s (so many
 * locals are visible at once, and the state needs more locals than the
 * limit allows): one located limit error, quickly.  Without the lets it
 * compiles. */
static void check_long_block(int with_lets)
{
    gen_buf b = {0};
    gen(&b, HEADER "var v = 0\nmoves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n");
    for (int i = 0; i < 100000; i++)
        switch (i % 4) {
        case 0: gen(&b, with_lets ? "  let x%d = v + %d\n" : "  set v = %d + %d\n", i, i); break;
        case 1: gen(&b, "  require v < %d\n", i + 1); break;
        case 2: gen(&b, "  if v == %d { set v = %d }\n", i, i); break;
        default: gen(&b, "  set v = v + 1\n"); break;
        }
    gen(&b, "}\n");
    double t0 = cpu_seconds();
    pl_diags d;
    pl_program *p = compile_in("long.game", b.text, &d);
    double spent = cpu_seconds() - t0;
    assert_true(spent < BIG_BUDGET_SECONDS);
    if (with_lets) {
        assert_null(p);
        assert_int_equal(d.errors, 1);
        /* located at the let that needs one too many: the 16385th */
        const pl_diag *e = find_message(&d, "the move program needs more than 16384 local variables");
        assert_non_null(e);
        assert_int_equal(e->line, 6 + 4 * 16384);
    } else {
        if (!p)
            pl_diags_print(&d, stderr);
        assert_non_null(p);
        pl_program_free(p);
    }
    pl_diags_free(&d);
    free(b.text);
}

static void test_long_moves_block(void **state)
{
    (void)state;
    check_long_block(1);
    check_long_block(0);
}

/* A region listing 100,000 cells: the list is an error at its start, and
 * costs no time. */
static void test_huge_region(void **state)
{
    (void)state;
    gen_buf b = {0};
    gen(&b, "board 64 x 64\nplayers x o\npiece token\nregion big =");
    for (int i = 0; i < 100000; i++)
        gen(&b, " %c%d", 'a' + i % 26, i % 64 + 1);
    gen(&b, "\nmoves {\n  pick c in big\n  place mover token at c\n  text c\n}\n");
    double t0 = cpu_seconds();
    pl_diags d;
    pl_program *p = compile_in("region.game", b.text, &d);
    assert_true(cpu_seconds() - t0 < BIG_BUDGET_SECONDS);
    assert_null(p);
    const pl_diag *e = find_message(&d, "names more than 4096 cells");
    assert_non_null(e);
    assert_int_equal(e->line, 4);
    pl_diags_free(&d);
    free(b.text);
}

/* The warning cap counts each distinct warning once: a file of 150 unused
 * marks has 100 warnings and "50 more warnings". */
static void test_warning_cap(void **state)
{
    (void)state;
    gen_buf b = {0};
    gen(&b, HEADER);
    for (int i = 0; i < 150; i++)
        gen(&b, "mark m%d\n", i);
    gen(&b, MOVES);
    pl_diags d;
    pl_program *p = compile_in("cap.game", b.text, &d);
    assert_non_null(p);
    assert_int_equal(count_severity(&d, PL_SEV_WARNING), 100);
    const pl_diag *last = &d.items[d.count - 1];
    assert_string_equal(last->message, "50 more warnings");
    /* under the cap, no note */
    pl_program_free(p);
    pl_diags_free(&d);
    b.len = 0;
    gen(&b, HEADER "mark one\n" MOVES);
    p = compile_in("cap.game", b.text, &d);
    assert_non_null(p);
    assert_int_equal(d.count, 1);
    assert_null(find_message(&d, "more warning"));
    pl_program_free(p);
    pl_diags_free(&d);
    free(b.text);
}

/* ---------------------------------------------------------------------- */
/* overflow */

/* The one error of compiling `text`: its message contains `want` and it
 * is at line:col of "h.game". */
static void check_error_at(const char *text, const char *want, int line, int col)
{
    pl_diags d;
    pl_program *p = compile_in("h.game", text, &d);
    if (p || d.errors != 1 || !find_message(&d, want)) {
        fprintf(stderr, "for:\n%s", text);
        pl_diags_print(&d, stderr);
    }
    assert_null(p);
    assert_int_equal(d.errors, 1);
    const pl_diag *e = find_message(&d, want);
    assert_non_null(e);
    assert_int_equal(e->severity, PL_SEV_ERROR);
    assert_string_equal(e->file, "h.game");
    assert_int_equal(e->line, line);
    assert_int_equal(e->col, col);
    pl_diags_free(&d);
}

#define RANGE32 "leaves the 32-bit range (-2147483648..2147483647)"
#define BODY "players x o\npiece t\n"
#define PICK "  pick c in empty_cells\n  place mover t at c\n  text c\n}\n"

static void test_constant_overflow(void **state)
{
    (void)state;
    check_error_at("board 3 x 3\n" BODY "moves {\n  require 999999999 * 3 > 0\n" PICK,
                   "this arithmetic of constants " RANGE32, 5, 11);
    /* -2147483648 fits; its negation and its quotient by -1 do not */
    check_error_at("board 3 x 3\n" BODY "moves {\n  require -(-999999999 * 2 - 147483650) > 0\n" PICK,
                   "this arithmetic of constants " RANGE32, 5, 11);
    check_error_at("board 3 x 3\n" BODY "moves {\n  let x = 1 + (-999999999 * 2 - 147483650) / -1\n" PICK,
                   "this arithmetic of constants " RANGE32, 5, 15);
    check_error_at("board 3 x 3\n" BODY "moves {\n  require 1 - 999999999 - 999999999 - 999999999 < 0\n" PICK,
                   "this arithmetic of constants " RANGE32, 5, 11);
    /* at the edges of the range, the values the VM computes */
    pl_program *p = pt_compile_text("h.game", "board 3 x 3\n" BODY
        "moves {\n  require (999999999 * 2 + 147483649) / 7 == 306783378\n"
        "  require (-999999999 * 2 - 147483650) / 8 == -268435456\n"
        "  require (-999999999 * 2 - 147483650) % 1000 == -648\n" PICK);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_generate(st, &ml), 9);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

static void test_board_filter_overflow(void **state)
{
    (void)state;
    check_error_at("board 3 x 3 where col * 999999999 * 999999999 > 0\n" BODY "moves {\n" PICK,
                   "arithmetic in the board filter " RANGE32 " at column 1, row 1", 1, 19);
    /* col * 999999999 fits for columns 1 and 2, not 3 */
    check_error_at("board 3 x 3 where col * 999999999 > 0\n" BODY "moves {\n" PICK,
                   "arithmetic in the board filter " RANGE32 " at column 3, row 1", 1, 19);
    check_error_at("board 3 x 3 where row * -999999999 - 999999999 < 0\n" BODY "moves {\n" PICK,
                   "arithmetic in the board filter " RANGE32 " at column 1, row 2", 1, 19);
    check_error_at("board 3 x 3 where col % (row - 2) == 0\n" BODY "moves {\n" PICK,
                   "arithmetic in the board filter divides by zero at column 1, row 2", 1, 19);
    pl_program *p = pt_compile_text("h.game", "board 2 x 2 where col * 999999999 > 999999999\n"
                                    BODY "moves {\n" PICK);
    assert_int_equal(p->ncells, 2);   /* the second column */
    pl_program_free(p);
}

/* ---------------------------------------------------------------------- */
/* edges */

/* A byte-order mark is dropped: the file compiles, and columns on the
 * first line are counted without it. */
static void test_byte_order_mark(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("bom.game", "\xEF\xBB\xBFgame \"B\"\n" HEADER MOVES);
    assert_string_equal(p->title, "B");
    pl_program_free(p);
    check_error_at("\xEF\xBB\xBF" "board 3 x 3 where col / (row - 1) == 1\n" BODY "moves {\n" PICK,
                   "divides by zero", 1, 19);
}

/* A definition that calls itself from its own body is refused at that
 * call, at once: one that calls itself twice used to expand to the budget
 * of constructs first (2^21 copies, seconds; a fuzzer's slow input).  The
 * same definition twice on the stack without recursion, f(f(x)), is fine. */
static void test_recursion_refused_at_once(void **state)
{
    (void)state;
    pl_diags d;
    pl_program *p = compile_in("h.game", "board 3 x 3\n" BODY
                               "def twice(c) {\n  twice(c)\n  twice(c)\n}\n"
                               "moves {\n  pick c in empty_cells\n  twice(c)\n"
                               "  place mover t at c\n  text c\n}\n", &d);
    assert_null(p);
    assert_int_equal(d.errors, 2);    /* each call in the body, once */
    for (int i = 0; i < 2; i++) {
        assert_non_null(strstr(d.items[i].message,
                               "'twice' expands into itself (recursive definitions are not allowed)"));
        assert_int_equal(d.items[i].line, 5 + i);
        assert_int_equal(d.items[i].col, 3);
    }
    pl_diags_free(&d);
    p = pt_compile_text("nested.game", "board 3 x 3\n" BODY
                                    "def up(k) = k + 1\n"
                                    "moves {\n  pick c in empty_cells\n  require up(up(row(c))) > 2\n"
                                    "  place mover t at c\n  text c\n}\n");
    assert_non_null(p);
    pl_program_free(p);
}

/* Every table that can be full says so at the declaration that does not
 * fit, not at some other line. */
static void test_table_full_located(void **state)
{
    (void)state;
    gen_buf b = {0};
    gen(&b, "board 3 x 3\n" BODY);
    for (int i = 0; i < PL_LIMIT_DIRS + 1; i++)
        gen(&b, "direction d%d = (%d, 1)\n", i, i + 1);
    gen(&b, "moves {\n" PICK);
    check_error_at(b.text, "too many directions (at most 64)", 3 + PL_LIMIT_DIRS + 1, 11);
    b.len = 0;
    gen(&b, "board 3 x 3\nplayers x o\n");
    for (int i = 0; i < PL_LIMIT_KINDS + 1; i++)
        gen(&b, "piece k%d\n", i);
    gen(&b, "moves {\n  pick c in empty_cells\n  place mover k0 at c\n  text c\n}\n");
    check_error_at(b.text, "too many piece kinds (at most 250)", 2 + PL_LIMIT_KINDS + 1, 7);
    check_error_at("board 3 x 3\nplayers a b c d e f g\npiece t\nmoves {\n" PICK,
                   "too many players (at most 6)", 2, 21);
    free(b.text);
}

/* Names the language gives a meaning cannot name a player. */
static void test_reserved_player_names(void **state)
{
    (void)state;
    const char *names[] = {"nobody", "mover", "opponent", "cells", "empty_cells"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char text[512], want[64];
        snprintf(text, sizeof text, "board 3 x 3\nplayers x %s\npiece t\nmoves {\n" PICK, names[i]);
        snprintf(want, sizeof want, "'%s' cannot name a player: it is a reserved name", names[i]);
        check_error_at(text, want, 2, 11);
    }
    check_error_at("board 3 x 3\nplayers count o\npiece t\nmoves {\n" PICK,
                   "'count' cannot name a player: it is a builtin function", 2, 9);
}

/* A .pbc's names are checked like the compiler writes them: present,
 * identifiers, different within their table; its texts present. */
static void check_pbc_refused(const pl_program *good, void (*spoil)(pl_program *), const char *want)
{
    uint8_t *bytes;
    size_t len;
    pl_program *p = pl_bytecode_read((uint8_t *)"", 0, NULL, 0);
    assert_null(p);
    /* spoil a copy: write, read back, change, write, read */
    assert_int_equal(pl_bytecode_write(good, &bytes, &len), 0);
    char err[256];
    p = pl_bytecode_read(bytes, len, err, sizeof err);
    free(bytes);
    assert_non_null(p);
    spoil(p);
    assert_int_equal(pl_bytecode_write(p, &bytes, &len), 0);
    pl_program_free(p);
    err[0] = 0;
    p = pl_bytecode_read(bytes, len, err, sizeof err);
    free(bytes);
    if (p || !strstr(err, want))
        fprintf(stderr, "expected '%s', got '%s'\n", want, err);
    assert_null(p);
    assert_non_null(strstr(err, want));
}

static void set_name(char **slot, const char *name)
{
    free(*slot);
    *slot = name ? pl_strdup(name) : NULL;
}

static void empty_cell_name(pl_program *p) { set_name(&p->cell_names[4], ""); }
static void twice_cell_name(pl_program *p) { set_name(&p->cell_names[4], "a1"); }
static void spaced_player_name(pl_program *p) { set_name(&p->player_names[1], "o o"); }
static void escape_kind_name(pl_program *p) { set_name(&p->kind_names[0], "t\x1b[2J"); }
static void no_source_name(pl_program *p) { set_name(&p->source_name, NULL); }
static void no_title(pl_program *p) { set_name(&p->title, NULL); }
static void long_direction_name(pl_program *p)
{
    char name[300];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = 0;
    set_name(&p->dir_names[0], name);
}

static void test_pbc_names(void **state)
{
    (void)state;
    pl_program *good = pt_compile_text("h.game", HEADER MOVES);
    check_pbc_refused(good, empty_cell_name, "cell 4: its name is not an identifier (empty)");
    check_pbc_refused(good, twice_cell_name, "cell 4: name 'a1' is used twice");
    check_pbc_refused(good, spaced_player_name, "player 1: its name is not an identifier");
    check_pbc_refused(good, escape_kind_name, "kind 0: its name is not an identifier");
    check_pbc_refused(good, long_direction_name, "direction 0: its name is not an identifier");
    check_pbc_refused(good, no_source_name, "the source name is missing");
    check_pbc_refused(good, no_title, "the title is missing");
    pl_program_free(good);
}

/* ---------------------------------------------------------------------- */
/* limits */

/* docs/validate.md lists every row of lang/limit_table.h with its value
 * and message, as the table has them. */
static void test_limits_documented(void **state)
{
    (void)state;
    char *doc = NULL;
    size_t doc_len = 0;
    assert_int_equal(pl_read_file("docs/validate.md", PL_MAX_INPUT_BYTES, &doc, &doc_len), PL_READ_OK);
    assert_non_null(doc);
    int rows = 0;
#define LIMIT(name, value, what, message)                                      \
    do {                                                                       \
        char row_[512];                                                        \
        snprintf(row_, sizeof row_, "| %s | %d | `%s` |", what, value, message); \
        if (!strstr(doc, row_))                                                \
            fprintf(stderr, "docs/validate.md lacks the row\n%s\n", row_);    \
        assert_non_null(strstr(doc, row_));                                    \
        rows++;                                                                \
    } while (0);
#include "limit_table.h"
#undef LIMIT
    assert_true(rows >= 20);
    /* and no row the table no longer has */
    const char *header = strstr(doc, "| What is bounded | At most | Reported as |");
    assert_non_null(header);
    size_t at = (size_t)(header - doc);
    int listed = 0;
    while (doc[at] == '|') {            /* the header, the rule, the rows */
        listed += strncmp(doc + at, "| ---", 5) != 0;
        at += strcspn(doc + at, "\n");
        at += doc[at] == '\n';
    }
    listed--;                           /* the header */
    assert_int_equal(listed, rows);
    free(doc);
}

/* Each table the .pbc reader bounds is bounded by the compiler too, at
 * the declaration: 257 marks are an error, not a .pbc nobody can load. */
static void test_compiler_keeps_format_limits(void **state)
{
    (void)state;
    gen_buf b = {0};
    gen(&b, "board 3 x 3\n" BODY);
    for (int i = 0; i <= PL_LIMIT_MARKS; i++)
        gen(&b, "mark m%d\n", i);
    gen(&b, "moves {\n" PICK);
    check_error_at(b.text, "too many marks (at most 256)", 3 + PL_LIMIT_MARKS + 1, 6);
    b.len = 0;
    gen(&b, "board 3 x 3\n" BODY "var ");
    for (int i = 0; i <= PL_LIMIT_NAME_BYTES; i++)
        gen(&b, "v");
    gen(&b, " = 1\nmoves {\n" PICK);
    check_error_at(b.text, "a name has at most 256 bytes", 4, 5);
    /* one byte less compiles, and its .pbc loads */
    b.len = 0;
    gen(&b, "board 3 x 3\n" BODY "var ");
    for (int i = 0; i < PL_LIMIT_NAME_BYTES; i++)
        gen(&b, "v");
    gen(&b, " = 1\nmoves {\n  require ");
    for (int i = 0; i < PL_LIMIT_NAME_BYTES; i++)
        gen(&b, "v");
    gen(&b, " == 1\n" PICK);
    pl_program *p = pt_compile_text("h.game", b.text);
    uint8_t *bytes;
    size_t len;
    char err[256];
    assert_int_equal(pl_bytecode_write(p, &bytes, &len), 0);
    pl_program *back = pl_bytecode_read(bytes, len, err, sizeof err);
    assert_non_null(back);
    pl_program_free(back);
    pl_program_free(p);
    free(bytes);
    free(b.text);
}

/* A 1 KB game whose nested definitions expand to some 100,000
 * words of code (within the expansion budget): the analyses that plan
 * random moves are linear in the code.  Finding the instructions on a
 * cycle from every instruction in turn took 2.6 s for 60,000 (a case
 * found by fuzz_gen, 30 s under the sanitizers). */
static void test_move_analyses_linear_in_code(void **state)
{
    (void)state;
    static const char text[] =
    "game \"Generated\"\n"
    "import grid\n"
    "import runs\n"
    "board 2 x 2\n"
    "players p0 p1 p2\n"
    "piece k0\n"
    "directions ds0 = ne\n"
    "player var pv0 = 1\n"
    "player var pv1 = 2\n"
    "def f0(x0, x1) = ((x0 + x0) - ((x1 - pv1(mover)) + 3))\n"
    "def f1(x0, x1) = f0(f0(f0(x1, x0), -55), (4 - (x1 - pv1(mover))))\n"
    "def f2 = f1(f1(f1(9, 2), f1(9, 9)), f1(f1(count(pieces(mover)), count(empty_cells)), f1(0, 9)))\n"
    "def f3 = f0(-100, -100)\n"
    "def f4 = f1(f1(-100, -100), -100)\n"
    "def f5 = (f4() + f4())\n"
    "def f6 = f3()\n"
    "def f7 = f3()\n"
    "def f8(x0, x1) = f1(f1(f0(9, 9), -100), -100)\n"
    "def f9 = -51\n"
    "def f10 = f9()\n"
    "setup {\n"
    "  place p0 k0 at a1\n"
    "}\n"
    "moves {\n"
    "    pick c in pieces(mover)\n"
    "    pick d in ds0 where c + d != off and empty(c + d)\n"
    "    move c to c + d\n"
    "    set pv0(mover) = pv0(mover) + 1\n"
    "    require owner(c) == mover\n"
    "    text c \"b\"\n"
    "}\n"
    "end {\n"
    "  mover wins when f7() != f0(f2(), f7())\n"
    "  draw when count(empty_cells) == 0\n"
    "}\n"
    "evaluate f2() - f2() + f2()\n";
    pl_diags d;
    pl_program *p = compile_in("nested.game", text, &d);
    assert_non_null(p);
    assert_true(p->ncode > 60000);         /* words of code */
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t rng = 1;
    double t0 = cpu_seconds();
    assert_int_equal(pl_random_move(st, &rng, &ml), PL_OK);
    double spent = cpu_seconds() - t0;
    if (spent > 1.5)
        fprintf(stderr, "planning random moves took %.2f s for %d words of code\n", spent, p->ncode);
    assert_true(spent < 1.5);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    pl_diags_free(&d);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_declarations),
        cmocka_unit_test(test_long_moves_block),
        cmocka_unit_test(test_huge_region),
        cmocka_unit_test(test_warning_cap),
        cmocka_unit_test(test_constant_overflow),
        cmocka_unit_test(test_board_filter_overflow),
        cmocka_unit_test(test_byte_order_mark),
        cmocka_unit_test(test_table_full_located),
        cmocka_unit_test(test_recursion_refused_at_once),
        cmocka_unit_test(test_reserved_player_names),
        cmocka_unit_test(test_pbc_names),
        cmocka_unit_test(test_limits_documented),
        cmocka_unit_test(test_compiler_keeps_format_limits),
        cmocka_unit_test(test_move_analyses_linear_in_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
