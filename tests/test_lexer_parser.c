/*
 * test_lexer_parser.c -- the front end: what compiles, and what a broken
 * game file is told.
 *
 * Valid snippets cover the statement and declaration forms of
 * docs/language.md.  Each tests/broken/NAME.game is paired with
 * tests/broken/NAME.err, the exact output of pl_diags_print for it
 * (`file:line:col: error: message`, the source line, the caret line): the
 * messages are part of the interface, so a change to one shows up here.
 * To regenerate one after an intended change, print the diagnostics of the
 * file with `plateau validate`, check them by eye, and save them.
 */
#include "plateau_test.h"

/* ---------------------------------------------------------------------- */
/* valid snippets */

#define HEADER "import grid\nboard 3 x 3\nplayers x o\npiece token\n"

static const char *const valid_snippets[] = {
    /* the smallest game */
    HEADER "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n}\n",
    /* no final newline, ';' as a separator, comments everywhere */
    HEADER "# a comment\nmoves { pick c in empty_cells; place mover token at c; text c }  # end",
    /* CRLF line ends */
    "import grid\r\nboard 3 x 3\r\nplayers x o\r\npiece token\r\nmoves {\r\n  pick c in empty_cells\r\n"
    "  place mover token at c\r\n  text c\r\n}\r\n",
    /* a condition broken over lines inside parentheses */
    HEADER "moves {\n  pick c in empty_cells where (row(c) == 1\n      or col(c) == 1)\n"
           "  place mover token at c\n  text c\n}\n",
    /* either / or, first / or, if / else if / else, pass */
    HEADER "moves {\n  either {\n    pick c in empty_cells\n    place mover token at c\n    text c\n"
           "  } or {\n    pass\n  }\n}\n",
    HEADER "moves {\n  first {\n    pick c in empty_cells where row(c) == 2\n    place mover token at c\n"
           "    text c\n  } or { pass }\n}\n",
    HEADER "moves {\n  pick c in empty_cells\n  if row(c) == 1 {\n    text \"low\" c\n"
           "  } else if row(c) == 2 {\n    text \"mid\" c\n  } else {\n    text \"high\" c\n  }\n"
           "  place mover token at c\n}\n",
    /* sided directions and regions, a range of cells */
    "import grid\nboard 8 x 8\nplayers white black\npiece pawn\n"
    "directions forward {\n  white: n ne nw\n  black: s se sw\n}\n"
    "region goal {\n  white: a8..h8\n  black: a1..h1\n}\nregion home = a1..h2 d4\n"
    "setup {\n  place white pawn at a1..h2\n  place black pawn at a7..h8\n}\n"
    "moves {\n  pick from in pieces(mover)\n  pick dir in forward\n  let dest = from + dir\n"
    "  require empty(dest)\n  move from to dest\n  text from \"-\" dest\n}\n"
    "end {\n  mover wins when any(c in goal where own(c))\n  no moves: draw\n}\n",
    /* definitions: value, set, statements; marks, variables, player variables */
    HEADER "mark seen\nvar turns = 0\nplayer var score = 0\n"
           "def free(c) = empty(c) and not seen(c)\ndef spots = empty_cells\n"
           "def put(c) {\n  place mover token at c\n  mark seen at c\n  text c\n}\n"
           "moves {\n  pick c in spots where free(c)\n  set turns = turns + 1\n"
           "  set score(mover) = score(mover) + 1\n  put(c)\n}\n"
           "end {\n  draw when turns >= 9\n}\n",
    /* possible { }, repeat, while, for, first x in */
    HEADER "piece ring(size)\nmoves {\n  first r in range(1, 3) {\n    pick c in empty_cells where row(c) == r\n"
           "    require possible { place mover token at c }\n    let k = 0\n    repeat 2 { set k = k + 1 }\n"
           "    while k > 0 { set k = k - 1 }\n    place mover token at c\n    text c k\n  }\n}\n",
    HEADER "piece ring(size)\nsetup {\n  place nobody ring(2) at b2\n}\nmoves {\n"
           "  for t in pieces(nobody) {\n    set size(t) = size(t) + 1\n  }\n  pass\n}\n",
    /* board holes, extra cells, evaluate, setup with marks, variables and turn */
    "import grid\nboard 7 x 9 where (col + row) % 2 == 1\ncell pool\ncell S beyond b1 toward s\n"
    "players a b\npiece token\nmark hot\nvar v = 2\nplayer var p = 1\n"
    "setup {\n  place a token at b1\n  mark hot at a2 = 3\n  set v = 5\n  set p(b) = 4\n  turn b\n}\n"
    "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n}\n"
    "evaluate count(pieces(mover)) - count(pieces(opponent))\n",
    /* a line that ends with an operator goes on */
    HEADER "def corner(c) = (row(c) == 1 or row(c) == 3) and\n    (col(c) == 1 or col(c) == 3)\n"
    "moves {\n  pick c in empty_cells where corner(c) or\n\n      c == b2\n"
    "  let k = 1 +\n    2\n  place mover token at c\n  text c\n}\nend {\n  draw when\n"
    "    count(empty_cells) == 4\n}\n",
    /* string escapes and quoted imports */
    "game \"Tab\\tquote\\\"back\\\\slash\"\nabout \"a\\nb\"\nimport \"grid\"\nimport knight\n"
    "board 3 x 3\nplayers x o\npiece token\n"
    "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c \"!\"\n}\n",
};

static void test_valid_snippets(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof valid_snippets / sizeof valid_snippets[0]; i++) {
        pl_diags d;
        pl_diags_init(&d);
        const char *text = valid_snippets[i];
        pl_program *p = pl_compile_string("snippet.game", text, strlen(text), PT_STDLIB, &d);
        if (!p || d.errors) {
            fprintf(stderr, "snippet %zu does not compile:\n%s\n", i, text);
            pl_diags_print(&d, stderr);
        }
        assert_non_null(p);
        assert_int_equal(d.errors, 0);
        pl_program_free(p);
        pl_diags_free(&d);
    }
}

/* the string escapes snippet is the last one */
static void test_string_escapes(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("snippet.game", valid_snippets[sizeof valid_snippets /
                                                                   sizeof valid_snippets[0] - 1]);
    assert_string_equal(p->title, "Tab\tquote\"back\\slash");
    assert_string_equal(p->about, "a\nb");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_generate(st, &ml);
    assert_true(pl_movelist_find(&ml, "b2!") >= 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* Without `game`, the title is the file name. */
static void test_title_defaults_to_name(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("snippet.game", valid_snippets[0]);
    assert_non_null(p->title);
    assert_non_null(strstr(p->title, "snippet"));
    pl_program_free(p);
}

/* Statements and declarations are cut at newlines, not inside parentheses:
 * a condition broken after an operator still compiles; `} or {` must stay
 * on one line (see or_on_next_line.game below). */
static void test_newlines_inside_parentheses(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("snippet.game", valid_snippets[3]);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_assert_moves(st, &ml, "a1 a2 a3 b1 c1");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* ---------------------------------------------------------------------- */
/* broken files and their exact diagnostics */

/* Fill some freed heap blocks with 'Z': a compiler that reads past the
 * end of its copy of the source (for example to print a line that does
 * not end) then prints Z's instead of passing by chance. */
static void dirty_heap(void)
{
    static const size_t sizes[] = {4096, 4097, 8192, 64, 256, 1024};
    void *blocks[sizeof sizes / sizeof sizes[0]];
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        blocks[i] = malloc(sizes[i]);
        if (blocks[i])
            memset(blocks[i], 'Z', sizes[i]);
    }
    for (size_t i = sizeof sizes / sizeof sizes[0]; i-- > 0;)
        free(blocks[i]);
}

static void check_broken(const char *name, int want_errors)
{
    char game[256], err[256];
    snprintf(game, sizeof game, "tests/broken/%s.game", name);
    snprintf(err, sizeof err, "tests/broken/%s.err", name);
    char *want = pt_read_file(err, NULL);
    if (!want)
        fprintf(stderr, "missing %s\n", err);
    assert_non_null(want);

    dirty_heap();
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_file(game, PT_STDLIB, &d);
    char *got = pt_diags_text(&d);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "--- %s: expected\n%s--- got\n%s---\n", game, want, got);
    assert_null(p);
    assert_true(d.errors >= 1);
    assert_string_equal(got, want);
    if (want_errors > 0)
        assert_int_equal(d.errors, want_errors);
    free(got);
    free(want);
    pl_diags_free(&d);
}

static void test_broken(void **state)
{
    check_broken((const char *)*state, 0);
}

#define BROKEN(name) { "broken/" name, test_broken, NULL, NULL, (void *)name }

/* Recovery at statement level: one run reports every broken statement,
 * each with its own line, and the file still fails to compile. */
static void test_several_errors_in_one_run(void **state)
{
    (void)state;
    check_broken("several_errors", 6);
    check_broken("several_syntax_errors", 5);
}

/* After max_errors errors the list closes with one note. */
static void test_error_limit(void **state)
{
    (void)state;
    char text[8192];
    size_t o = (size_t)snprintf(text, sizeof text, "%smoves {\n", HEADER);
    for (int i = 0; i < 30; i++)
        o += (size_t)snprintf(text + o, sizeof text - o, "  require nothing%d(1)\n", i);
    snprintf(text + o, sizeof text - o, "  pass\n}\n");
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("many.game", text, strlen(text), PT_STDLIB, &d);
    assert_null(p);
    assert_int_equal(d.errors, 20);
    assert_int_equal(d.count, 21);
    assert_int_equal(d.items[20].severity, PL_SEV_NOTE);
    assert_non_null(strstr(d.items[20].message, "too many errors"));
    /* the errors are the first twenty, in order */
    assert_int_equal(d.items[0].line, 6);
    assert_int_equal(d.items[19].line, 25);
    pl_diags_free(&d);

    /* a caller may choose another limit */
    pl_diags_init(&d);
    d.max_errors = 3;
    p = pl_compile_string("many.game", text, strlen(text), PT_STDLIB, &d);
    assert_null(p);
    assert_int_equal(d.errors, 3);
    pl_diags_free(&d);
}

/* Diagnostics of text compiled from memory carry the given name. */
static void test_string_name_in_diagnostics(void **state)
{
    (void)state;
    const char *text = HEADER "moves {\n  pick c in empty_cells\n  place mover tokn at c\n  text c\n}\n";
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("memory.game", text, strlen(text), PT_STDLIB, &d);
    assert_null(p);
    char *got = pt_diags_text(&d);
    assert_string_equal(got,
        "memory.game:7:15: error: 'tokn' is not a piece kind; did you mean 'token'?\n"
        "   7 |   place mover tokn at c\n"
        "     |               ^~~~\n");
    free(got);
    pl_diags_free(&d);
}

static void test_missing_file(void **state)
{
    (void)state;
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_file("tests/broken/does-not-exist.game", PT_STDLIB, &d);
    assert_null(p);
    assert_int_equal(d.errors, 1);
    char *got = pt_diags_text(&d);
    assert_string_equal(got, "tests/broken/does-not-exist.game: error: cannot open file\n");
    free(got);
    pl_diags_free(&d);
}

/* A warning alone does not stop compilation. */
static void test_warning_is_not_an_error(void **state)
{
    (void)state;
    const char *text = HEADER "piece spare\nmoves {\n  pick c in empty_cells\n"
                       "  place mover token at c\n  text c\n}\n";
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("warn.game", text, strlen(text), PT_STDLIB, &d);
    assert_non_null(p);
    assert_int_equal(d.errors, 0);
    int warnings = 0;
    for (int i = 0; i < d.count; i++)
        if (d.items[i].severity == PL_SEV_WARNING) {
            warnings++;
            assert_non_null(strstr(d.items[i].message, "spare"));
            assert_int_equal(d.items[i].line, 5);
        }
    assert_int_equal(warnings, 1);
    pl_program_free(p);
    pl_diags_free(&d);
}

/* Lists longer than the compiler's fixed limits are errors, and lists of
 * any other length compile whole: nothing is silently dropped. */
static pl_program *compile_built(const char *text, pl_diags *d)
{
    pl_diags_init(d);
    return pl_compile_string("big.game", text, strlen(text), PT_STDLIB, d);
}

/* 100 alternatives of `either` and 300 `moves` blocks: every one of them
 * gives its move (the compiler once kept 64 jump sites, then 256 blocks
 * and dropped the others without a word). */
static void test_many_alternatives_and_blocks(void **state)
{
    (void)state;
    size_t cap = 1 << 16, o;
    char *text = malloc(cap);
    o = (size_t)snprintf(text, cap, "%smoves {\n  either {\n    text \"m0\"\n  }", HEADER);
    for (int i = 1; i < 100; i++)
        o += (size_t)snprintf(text + o, cap - o, " or {\n    text \"m%d\"\n  }", i);
    snprintf(text + o, cap - o, "\n}\n");
    pl_diags d;
    pl_program *p = compile_built(text, &d);
    if (!p)
        pl_diags_print(&d, stderr);
    assert_non_null(p);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_generate(st, &ml), 100);
    assert_true(pl_movelist_find(&ml, "m99") >= 0);
    pl_state_free(st);
    pl_program_free(p);
    pl_diags_free(&d);

    o = (size_t)snprintf(text, cap, "%s", HEADER);
    for (int i = 0; i < 300; i++)
        o += (size_t)snprintf(text + o, cap - o, "moves {\n  text \"b%d\"\n}\n", i);
    p = compile_built(text, &d);
    assert_non_null(p);
    st = pl_state_new(p);
    assert_int_equal(pt_generate(st, &ml), 300);
    assert_true(pl_movelist_find(&ml, "b0") >= 0 && pl_movelist_find(&ml, "b299") >= 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    pl_diags_free(&d);
    free(text);
}

/* The shape of the code of a block of n alternatives in the first
 * player's move program (each player has its copy): n - 1 instructions
 * `op` (FORK for either, FIRST for first), each jumping forward to the
 * start of the next alternative, every target a different instruction
 * start, in order. */
static void check_alternatives_shape(const pl_program *p, int32_t op, int n)
{
    int found = 0;
    int32_t last_target = -1, from = p->entry_moves[0], to = p->entry_moves[1];
    char *starts = calloc((size_t)p->ncode + 1, 1);
    for (int32_t pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        starts[pc] = 1;
    assert_true(from < to);
    for (int32_t pc = from; pc < to; pc += 1 + pl_opinfo_table[p->code[pc]].nops) {
        if (p->code[pc] != op)
            continue;
        assert_int_equal(pl_opinfo_table[op].kind[0], PL_K_JUMP);
        int32_t target = p->code[pc + 1];
        assert_true(target > pc && target < to);
        assert_true(starts[target]);
        assert_true(target > last_target);
        last_target = target;
        found++;
    }
    free(starts);
    assert_int_equal(found, n - 1);
}

/* 100 alternatives of `first` of which the first 80 fail: the 81st is the
 * move; and the code of either and first has one jump per alternative. */
static void test_large_blocks_shape(void **state)
{
    (void)state;
    static const char *const kw[] = {"either", "first"};
    static const int32_t ops[] = {PL_OP_FORK, PL_OP_FIRST};
    size_t cap = 1 << 16, o;
    char *text = malloc(cap);
    for (int k = 0; k < 2; k++) {
        o = (size_t)snprintf(text, cap, "%smoves {\n  %s {\n    require 0 >= 80\n    text \"m0\"\n  }",
                             HEADER, kw[k]);
        for (int i = 1; i < 100; i++)
            o += (size_t)snprintf(text + o, cap - o, " or {\n    require %d >= 80\n    text \"m%d\"\n  }", i, i);
        snprintf(text + o, cap - o, "\n}\n");
        pl_diags d;
        pl_program *p = compile_built(text, &d);
        if (!p)
            pl_diags_print(&d, stderr);
        assert_non_null(p);
        check_alternatives_shape(p, ops[k], 100);
        pl_state *st = pl_state_new(p);
        pl_movelist ml;
        pl_movelist_init(&ml);
        assert_int_equal(pt_generate(st, &ml), k == 0 ? 20 : 1);
        assert_true(pl_movelist_find(&ml, "m80") >= 0 && pl_movelist_find(&ml, "m99") == (k == 0 ? 19 : -1));
        pl_movelist_free(&ml);
        pl_state_free(st);
        pl_program_free(p);
        pl_diags_free(&d);
    }
    free(text);
}

/* 300 extra cells and 300 setup blocks: all of them are kept (the compiler
 * once kept 256 of the first and 4 per file of the second, silently). */
static void test_many_cells_and_setups(void **state)
{
    (void)state;
    size_t cap = 1 << 16, o;
    char *text = malloc(cap);
    o = (size_t)snprintf(text, cap, "%s", HEADER);
    for (int i = 0; i < 300; i++)
        o += (size_t)snprintf(text + o, cap - o, "cell x%d\nsetup {\n  place x token at x%d\n}\n", i, i);
    snprintf(text + o, cap - o, "moves {\n  text count(pieces(x))\n  pass\n}\n");
    pl_diags d;
    pl_program *p = compile_built(text, &d);
    if (!p)
        pl_diags_print(&d, stderr);
    assert_non_null(p);
    assert_int_equal(pl_program_ncells(p), 9 + 300);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_generate(st, &ml), 1);
    assert_string_equal(pl_move_text(&ml, 0), "300");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    pl_diags_free(&d);
    free(text);
}

/* A shipped game is imported by the name `plateau list` gives it, from
 * anywhere: words joined by '-' need no quotes. */
static void test_import_a_shipped_game_by_name(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "import lines-of-action\n",
        "import \"lines-of-action\"\n",
        "# a variant: Lines of Action as shipped, under another title\n"
        "game \"LOA again\"\nimport lines-of-action\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        pl_program *p = pt_compile_text("elsewhere/variant.game", texts[i]);
        pl_state *st = pl_state_new(p);
        pl_movelist mls[3];
        for (int k = 0; k < 3; k++)
            pl_movelist_init(&mls[k]);
        assert_int_equal(pt_perft(st, mls, 2), 1244);   /* Lines of Action's */
        for (int k = 0; k < 3; k++)
            pl_movelist_free(&mls[k]);
        pl_state_free(st);
        pl_program_free(p);
    }
    pl_diags d;
    const char *bad = "import missing-game-here\n";
    pl_diags_init(&d);
    assert_null(pl_compile_string("variant.game", bad, strlen(bad), PT_STDLIB, &d));
    char *got = pt_diags_text(&d);
    assert_non_null(strstr(got, "cannot find 'missing-game-here' to import (looked in stdlib, "
                                "next to variant.game and among the shipped games)"));
    free(got);
    pl_diags_free(&d);
}

/* The importing file's declarations win over the imported file's wherever
 * its `import` line stands (docs/language.md, section 4): the title, the
 * board, the end block and a definition, written above or below
 * `import tic-tac-toe`, give the same game: Four in a row on 4 x 4. */
static void test_import_order_does_not_matter(void **state)
{
    (void)state;
    static const char *const own =
        "board 4 x 4\n"
        "end {\n  mover wins when has_run(mover, 4, lines)\n  draw when count(empty_cells) == 0\n}\n"
        "def open_line(p, c, d) = 0\n"
        "game \"Four\"\n";
    char above[1024], below[1024];
    snprintf(above, sizeof above, "%simport tic-tac-toe\n", own);
    snprintf(below, sizeof below, "import tic-tac-toe\n%s", own);
    const char *texts[] = {above, below};
    for (int i = 0; i < 2; i++) {
        pl_program *p = pt_compile_text("elsewhere/four.game", texts[i]);
        assert_string_equal(p->title, "Four");
        assert_int_equal(p->ncells, 16);
        pl_state *st = pl_state_new(p);
        pl_movelist ml;
        pl_movelist_init(&ml);
        pt_play(st, &ml, "a1 a2 b1 b2 c1 c2");  /* three in a row: not the end */
        assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
        pt_play(st, &ml, "d1");
        assert_int_not_equal(pt_status(st, &ml), PL_RESULT_NONE);
        int32_t v = 1;   /* the evaluation uses the game's open_line, 0 everywhere */
        assert_int_equal(pl_evaluate(st, 0, &v), PL_OK);
        assert_int_equal(v, 0);
        pl_movelist_free(&ml);
        pl_state_free(st);
        pl_program_free(p);
    }
}

/* A region may repeat cells, but a list of more cells than a board may
 * have (4096) is refused with an error at the list. */
static void test_cell_list_too_long(void **state)
{
    (void)state;
    size_t cap = 1 << 16, o;
    char *text = malloc(cap);
    o = (size_t)snprintf(text, cap, "%sregion r =", HEADER);
    for (int i = 0; i < 4097; i++)
        o += (size_t)snprintf(text + o, cap - o, " a1");
    snprintf(text + o, cap - o, "\nmoves {\n  pick c in r\n  text c\n}\n");
    pl_diags d;
    pl_program *p = compile_built(text, &d);
    assert_null(p);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].message, "this list names more than 4096 cells");
    assert_int_equal(d.items[0].line, 5);
    pl_diags_free(&d);

    /* 4096 entries are fine */
    o = (size_t)snprintf(text, cap, "%sregion r =", HEADER);
    for (int i = 0; i < 4096; i++)
        o += (size_t)snprintf(text + o, cap - o, " a1");
    snprintf(text + o, cap - o, "\nmoves {\n  pick c in r\n  text c\n}\n");
    p = compile_built(text, &d);
    assert_non_null(p);
    pl_program_free(p);
    pl_diags_free(&d);
    free(text);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_snippets),
        cmocka_unit_test(test_string_escapes),
        cmocka_unit_test(test_title_defaults_to_name),
        cmocka_unit_test(test_newlines_inside_parentheses),
        cmocka_unit_test(test_several_errors_in_one_run),
        cmocka_unit_test(test_error_limit),
        cmocka_unit_test(test_string_name_in_diagnostics),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_warning_is_not_an_error),
        cmocka_unit_test(test_many_alternatives_and_blocks),
        cmocka_unit_test(test_large_blocks_shape),
        cmocka_unit_test(test_many_cells_and_setups),
        cmocka_unit_test(test_import_a_shipped_game_by_name),
        cmocka_unit_test(test_import_order_does_not_matter),
        cmocka_unit_test(test_cell_list_too_long),
        /* syntax */
        BROKEN("missing_brace"),
        BROKEN("bad_token"),
        BROKEN("unterminated_string"),
        BROKEN("unknown_escape"),
        BROKEN("stray_character"),
        BROKEN("number_too_large"),
        BROKEN("or_on_next_line"),
        BROKEN("and_on_next_line"),
        /* names */
        BROKEN("unknown_name"),
        BROKEN("unknown_function"),
        BROKEN("unknown_player"),
        BROKEN("unknown_import"),
        BROKEN("duplicate_piece"),
        BROKEN("duplicate_direction"),
        BROKEN("duplicate_player"),
        /* types and calls */
        BROKEN("cell_plus_number"),
        BROKEN("compare_cell_player"),
        BROKEN("set_wrong_type"),
        BROKEN("wrong_arg_count"),
        BROKEN("wrong_arg_count_def"),
        BROKEN("builtin_wrong_arg_count"),
        BROKEN("recursive_def"),
        BROKEN("where_outside_set"),
        BROKEN("text_of_direction"),
        BROKEN("for_with_pick"),
        /* the game as a whole */
        BROKEN("board_too_big"),
        BROKEN("board_zero"),
        BROKEN("no_board"),
        BROKEN("no_players"),
        BROKEN("no_moves_block"),
        BROKEN("var_cell_given_a_number"),
        BROKEN("var_cell_not_a_cell"),
        BROKEN("var_number_compared_with_cell"),
        BROKEN("setup_cell_var_number"),
        BROKEN("set_algebra_not_cells"),
        BROKEN("set_algebra_too_large"),
        BROKEN("capture_set_of_numbers"),
        BROKEN("def_output_not_bound"),
        /* last: while the compiler reads past the end of the source to
           print line 10 of a 9-line file, ASan stops the whole suite here */
        BROKEN("unclosed_block"),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
