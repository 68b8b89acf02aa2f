/*
 * test_lang3.c -- two leftovers of "language v2" (issue 13):
 *
 * - a filtered set, `x in S where C`, as an operand of set algebra
 *   (union, inter, minus, neighbors and group of a set), nested too: its
 *   cells against the same set written out by hand, wherever a set is
 *   used, on boards of one word and of several; a condition that reads an
 *   outer local, the position, or is a board predicate; picks resumed
 *   over it; the compiler's located errors, the verifier, the
 *   disassembler and the .pbc format;
 * - the words that explain derives from a rule without `else "..."`;
 * - `place P KIND(v1, v2) at C` in a move program: the piece gets its
 *   attributes in one effect, as `place` then `set` gave them; too many
 *   values is a located error.
 */
#include "plateau_test.h"

#define HEAD(board)                                   \
    "game \"lang3\"\n"                                \
    "import grid\n"                                   \
    "board " board "\n"                               \
    "players black white\n"                           \
    "piece stone\n"                                   \
    "piece queen\n"

/* The small position of most tests: black and white stones, a white
 * queen, two regions written by hand. */
#define SETUP5                                             \
    "setup {\n"                                            \
    "  place black stone at a1 b1 b2 d4\n"                 \
    "  place white stone at c1 c2 b3\n"                    \
    "  place white queen at e5 a4\n"                       \
    "}\n"                                                  \
    "region row1 = a1..e1\n"                               \
    "region low = a1..e1 a2..e2\n"                         \
    "region col1 = a1..a5\n"                               \
    "region upper = a3..e3 a4..e4 a5..e5\n"                \
    "region row3 = a3..e3\n"                               \
    "region row5 = a5..e5\n"

static char *moves_of(const char *text)
{
    pl_program *p = pt_compile_text("lang3.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    char *got = pt_moves(st, &ml);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
    return got;
}

/* The cells of set expression `filtered`, walked by `for`, counted and
 * picked, are those of `by_hand`, and are `want` (so that neither side
 * can be empty by mistake). */
static void same_cells(const char *head, const char *filtered, const char *by_hand, const char *want)
{
    const char *sets[2] = {filtered, by_hand};
    char *got[2];
    for (int i = 0; i < 2; i++) {
        char text[4096];
        snprintf(text, sizeof text,
                 "%s"
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "  for c in %s { text c }\n"
                 "  text \"/\" count(%s)\n"
                 "}\n"
                 "moves {\n"
                 "  pick c in %s\n"
                 "  text \"p\" c\n"
                 "}\n",
                 head, sets[i], sets[i], sets[i]);
        got[i] = moves_of(text);
    }
    if (strcmp(got[0], got[1]) != 0)
        fail_msg("%s gives\n  %s\nwhere %s gives\n  %s", filtered, got[0], by_hand, got[1]);
    if (want && strcmp(got[0], want) != 0)
        fail_msg("%s gives\n  %s\nnot\n  %s", filtered, got[0], want);
    free(got[0]);
    free(got[1]);
}

/* The examples of the issue, each against the same set by hand. */
static void test_filtered_operands(void **state)
{
    (void)state;
    const char *h = HEAD("5 x 5") SETUP5;
    same_cells(h, "union(c in empty_cells where row(c) == 1, pieces(mover))",
               "union(minus(row1, union(pieces(black), pieces(white))), pieces(black))",
               "a1b1d1e1b2d4/6 pa1 pb1 pb2 pd1 pd4 pe1");
    same_cells(h, "minus(neighbors(pieces(black), orthogonal), c in cells where owner(c) == white)",
               "minus(neighbors(pieces(black), orthogonal), pieces(white))",
               "a2d3c4e4d5/5 pa2 pc4 pd3 pd5 pe4");
    same_cells(h, "inter(upper, c in pieces(opponent) where kind(c) == queen)",
               "inter(upper, pieces(white, queen))", "a4e5/2 pa4 pe5");
    same_cells(h, "group(c in pieces(mover) where row(c) <= 1, orthogonal)",
               "group(inter(pieces(black), row1), orthogonal)", "a1b1b2/3 pa1 pb1 pb2");
    same_cells(h, "neighbors(c in pieces(white) where kind(c) == queen, orthogonal)",
               "neighbors(pieces(white, queen), orthogonal)", "a3b4e4a5d5/5 pa3 pa5 pb4 pd5 pe4");
}

/* Nested filters, filters of algebra, a definition whose body is a
 * filtered set, and a condition that is itself a comprehension over a
 * filtered algebra set. */
static void test_nested(void **state)
{
    (void)state;
    const char *h = HEAD("5 x 5") SETUP5
        "def lower(s) = c in s where row(c) <= 2\n"
        "def crowded(c) = count(x in neighbors(c, all8) where not empty(x)) >= 3\n"
        "region crowd = b1 b2 c1 a2 c2 a3 b3 c3\n"
        "region wq = b3 a4\n";
    same_cells(h, "union(x in inter(y in cells where col(y) >= 2, pieces(white)) where row(x) != 3, "
                  "c in empty_cells where col(c) == 1)",
               "union(minus(inter(minus(cells, col1), pieces(white)), row3), minus(col1, minus(cells, empty_cells)))",
               "c1a2c2a3a5e5/6 pa2 pa3 pa5 pc1 pc2 pe5");
    same_cells(h, "union(lower(pieces(mover)), lower(pieces(white)))",
               "inter(low, union(pieces(black), pieces(white)))", "a1b1c1b2c2/5 pa1 pb1 pb2 pc1 pc2");
    same_cells(h, "minus(c in cells where crowded(c), pieces(mover))",
               "minus(crowd, pieces(black))", "c1a2c2a3b3c3/6 pa2 pa3 pb3 pc1 pc2 pc3");
    /* a condition with a filtered algebra set inside it */
    same_cells(h, "inter(cells, w in pieces(white) where any(inter(y in pieces(black) where col(y) == col(w), low)))",
               "inter(pieces(white), wq)", "b3a4/2 pa4 pb3");
}

/* The condition reads an outer local (a pick's element) and the position
 * as it is when the set is used: a pick resumed over a filtered set sees
 * the cells of its own way, on a board of one word and of several. */
static void test_locals_and_position(void **state)
{
    (void)state;
    for (int big = 0; big < 2; big++) {
        char text[4096];
        snprintf(text, sizeof text, "%s"
                 "setup { place black stone at a1 c1 }\n"
                 "moves {\n"
                 "  pick a in cells where row(a) == 1 and col(a) <= 3\n"
                 "  pick b in union(c in cells where col(c) == col(a) and row(c) == 2 and empty(a), "
                 "x in pieces(mover) where x != a)\n"
                 "  text a b\n"
                 "}\n"
                 "moves {\n"
                 "  pick a in cells where a == b1\n"
                 "  place mover stone at a\n"
                 "  text \"x\" count(union(c in pieces(black) where col(c) <= 2, c in cells where c == e1))\n"
                 "}\n",
                 big ? HEAD("9 x 9") : HEAD("5 x 5"));
        char *got = moves_of(text);
        assert_string_equal(got, "a1c1 b1a1 b1b2 b1c1 c1a1 x3");
        free(got);
    }
    /* several words: the bitset spans three locals */
    same_cells(HEAD("9 x 9") "setup { place black stone at a1 i9 e5 h9 }\n"
               "region far = a9..i9 a8..i8\n"
               "region i89 = i8 i9\n",
               "union(c in pieces(mover) where row(c) >= 8, c in empty_cells where col(c) == 9 and row(c) >= 8)",
               "union(inter(pieces(black), far), minus(i89, pieces(black)))",
               "i8h9i9/3 ph9 pi8 pi9");
}

/* A `for` over a set with a filtered operand follows the position as its
 * block changes it, as `for x in S where C` does: the filter is computed
 * again before each element. */
static void test_for_follows_the_position(void **state)
{
    (void)state;
    const char *loops[2] = {
        "  for x in inter(cells, y in empty_cells where row(y) == 1 and count(pieces(mover)) < 3) {\n",
        "  for x in row1 where empty(x) and count(pieces(mover)) < 3 {\n",
    };
    for (int i = 0; i < 2; i++) {
        char text[1024];
        snprintf(text, sizeof text, HEAD("5 x 5")
                 "region row1 = a1..e1\n"
                 "setup { place black stone at b1 }\n"
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "%s"
                 "    place mover stone at x\n"
                 "    text x\n"
                 "  }\n"
                 "  text \"/\" count(pieces(mover))\n"
                 "}\n",
                 loops[i]);
        char *got = moves_of(text);
        /* the third stone ends the loop: the set made once would have
           gone on to d1 and e1 */
        assert_string_equal(got, "a1c1/3");
        free(got);
    }
}

static int occurrences(const char *text, const char *what)
{
    int n = 0;
    for (const char *at = strstr(text, what); at; at = strstr(at + 1, what))
        n++;
    return n;
}

/* The disassembly of text, into *out (malloc'ed). */
static void disasm_of(const char *text, char **out)
{
    pl_program *p = pt_compile_text("lang3.game", text);
    size_t len = 0;
    FILE *f = open_memstream(out, &len);
    pl_disasm(p, NULL, f);
    fclose(f);
    pl_program_free(p);
}

/* A condition of the cell and the mover only is a board predicate: the
 * filtered set is its mask and the set (MASKBITS), the loop after it runs
 * only where the runtime has no mask; a condition that reads the
 * position keeps the loop alone.  Both give the cells by hand. */
static void test_board_predicates(void **state)
{
    (void)state;
    const char *h = HEAD("9 x 9") "setup { place black stone at b1 c5 h9 i2 }\n"
                    "region right = f1..i1 f2..i2 f3..i3 f4..i4 f5..i5 f6..i6 f7..i7 f8..i8 f9..i9\n";
    same_cells(h, "inter(x in cells where col(x) >= 6, pieces(mover))", "inter(right, pieces(black))",
               "i2h9/2 ph9 pi2");
    /* 12 / (col - 1) fails on column a: no mask, the loop (over pieces
       that are not there) computes it */
    same_cells(h, "union(x in pieces(mover) where 12 / (col(x) - 1) < 4, empty_cells)",
               "union(inter(right, pieces(black)), empty_cells)", NULL);
    char *d = NULL;
    disasm_of(HEAD("5 x 5")
              "moves {\n"
              "  pick c in union(x in cells where row(x) == 1, y in cells where empty(y))\n"
              "  text c\n"
              "}\n", &d);
    assert_non_null(strstr(d, "MASKBITS #0{cells} P"));
    /* the move program of each player: a mask for row(x) == 1, none for
       empty(y), which reads the position; a loop for each */
    assert_int_equal(occurrences(d, "MASKBITS"), 2);
    assert_int_equal(occurrences(d, "BITSADD"), 4);
    free(d);
}

/* Wherever a set is: count, any, none, all, in, capture, first. */
static void test_wherever_a_set_is(void **state)
{
    (void)state;
    char *got = moves_of(HEAD("5 x 5") SETUP5
                         "def q(s) = c in s where kind(c) == queen\n"
                         "moves {\n"
                         "  pick k in range(1, 1)\n"
                         "  text any(union(q(pieces(white)), row1)) none(inter(q(pieces(white)), low))\n"
                         "  text all(x in union(q(cells), q(empty_cells)) where owner(x) == white)\n"
                         "  text (e5 in union(q(cells), row1)) (c2 in union(q(cells), row1))\n"
                         "  capture minus(c in pieces(white) where col(c) >= 3, q(cells))\n"
                         "  text \"/\" count(pieces(white))\n"
                         "}\n"
                         "moves {\n"
                         "  first c in minus(y in cells where row(y) == 5, q(cells)) {\n"
                         "    text \"f\" c\n"
                         "  }\n"
                         "}\n");
    assert_string_equal(got, "11110/3 fa5");
    free(got);
}

/* The same game said with filters and by hand: perft agrees (the move
 * generator's pruning, sampling and text proofs see the new set). */
static void test_perft_agrees(void **state)
{
    (void)state;
    const char *bodies[2] = {
        "  pick c in union(x in empty_cells where row(x) <= 2 or col(x) == col(last), "
        "y in neighbors(pieces(mover), orthogonal) where empty(y))\n",
        "  pick c in empty_cells where row(c) <= 2 or col(c) == col(last) or "
        "any(y in neighbors(c, orthogonal) where own(y))\n",
    };
    long n[2][4];
    for (int i = 0; i < 2; i++) {
        char text[2048];
        snprintf(text, sizeof text, HEAD("4 x 5")
                 "var last = a1\n"
                 "moves {\n"
                 "%s"
                 "  place mover stone at c\n"
                 "  set last = c\n"
                 "  text c\n"
                 "}\n",
                 bodies[i]);
        pl_program *p = pt_compile_text("lang3.game", text);
        pl_state *st = pl_state_new(p);
        pl_movelist mls[5];
        for (int k = 0; k < 5; k++)
            pl_movelist_init(&mls[k]);
        for (int d = 1; d <= 3; d++)
            n[i][d] = pt_perft(st, mls, d);
        for (int k = 0; k < 5; k++)
            pl_movelist_free(&mls[k]);
        pl_state_free(st);
        pl_program_free(p);
    }
    for (int d = 1; d <= 3; d++)
        assert_int_equal(n[0][d], n[1][d]);
    assert_int_equal(n[0][1], 11);   /* rows 1 and 2 of 4 columns, a3..a5 */
}

static void expect_error(const char *text, const char *where, const char *message)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("lang3.game", text, strlen(text), PT_STDLIB, &d);
    assert_null(p);
    assert_int_equal(d.errors, 1);
    char *got = pt_diags_text(&d);
    pl_diags_free(&d);
    if (!strstr(got, where) || !strstr(got, message))
        fail_msg("expected %s %s in:\n%s", where, message, got);
    free(got);
}

/* `place mover token(n, 2 * n) at c` and the same by `place` then two
 * `set`s: the same moves, the same perft, and the piece carries its
 * values (shown by a text of them in the next move).  One value given:
 * the other is 0. */
static void test_place_with_attributes(void **state)
{
    (void)state;
    static const char *places[3] = {
        "    place mover token(n, 2 * n) at c\n",
        "    place mover token at c\n"
        "    set value(c) = n\n"
        "    set twice(c) = 2 * n\n",
        "    place mover token(n) at c\n",
    };
    char *got[3];
    long perft[3];
    for (int i = 0; i < 3; i++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "game \"lang3\"\n"
                 "import grid\n"
                 "board 3 x 2\n"
                 "players black white\n"
                 "piece token(value, twice)\n"
                 "moves {\n"
                 "  first {\n"
                 "    require count(pieces(mover)) == 0\n"
                 "    pick n in range(1, 3)\n"
                 "    pick c in empty_cells where row(c) == 1\n"
                 "%s"
                 "    text n \"@\" c\n"
                 "  } or {\n"
                 "    pick c in pieces(mover)\n"
                 "    pick d in empty_cells\n"
                 "    move c to d\n"
                 "    text \"v\" value(d) \"t\" twice(d) \"-\" d\n"
                 "  }\n"
                 "}\n",
                 places[i]);
        pl_program *p = pt_compile_text("lang3.game", text);
        pl_state *st = pl_state_new(p);
        pl_movelist ml;
        pl_movelist_init(&ml);
        pt_play(st, &ml, "3@b1 1@c1");
        got[i] = pt_moves(st, &ml);
        pl_movelist_free(&ml);
        pl_state_free(st);
        perft[i] = pt_perft_of(p, 4);
        pl_program_free(p);
    }
    assert_string_equal(got[0], got[1]);
    assert_non_null(strstr(got[0], "v3t6-a2"));
    assert_non_null(strstr(got[2], "v3t0-a2"));
    assert_int_equal(perft[0], perft[1]);
    assert_int_equal(perft[0], perft[2]);
    for (int i = 0; i < 3; i++)
        free(got[i]);
}

/* A wrong use: a located error. */
static void test_errors(void **state)
{
    (void)state;
    expect_error(HEAD("3 x 3")
                 "moves {\n"
                 "  pick c in union(n in range(1, 3) where n > 1, cells)\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:8:24: error:",
                 "a filtered set inside set algebra is a set of cells: 'n' takes its elements from a set of numbers");
    expect_error(HEAD("3 x 3")
                 "moves {\n"
                 "  pick c in inter(pieces(mover) where own(c), cells)\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:8:19: error:", "name the element being tested");
    expect_error(HEAD("3 x 3")
                 "moves {\n"
                 "  pick c in minus(cells, x in cells where nothing(x))\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:8:43: error:", "unknown function 'nothing'");
    /* the limit of a set tree counts filtered sets and what they filter */
    expect_error(HEAD("3 x 3")
                 "def s0 = x in empty_cells where row(x) > 1\n"
                 "def s1 = union(s0, s0)\n"
                 "def s2 = union(s1, s1)\n"
                 "def s3 = union(s2, s2)\n"
                 "def s4 = union(s3, s3)\n"
                 "def s5 = union(s4, s4)\n"
                 "moves {\n"
                 "  pick c in s5\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:", "holds more than 64 sets");
    expect_error(HEAD("3 x 3")
                 "moves {\n"
                 "  pick c in cells\n"
                 "  let s = x in cells where x != c\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:9:11: error:", "'where' filters a set");
    expect_error(HEAD("3 x 3")
                 "moves {\n"
                 "  pick c in empty_cells\n"
                 "  place mover stone(1) at c\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:9:21: error:", "'stone' has 0 attributes");
    expect_error(HEAD("3 x 3")
                 "moves {\n"
                 "  pick c in empty_cells\n"
                 "  place mover rock(1) at c\n"
                 "  text c\n"
                 "}\n",
                 "lang3.game:9:15: error:", "'rock' is not a piece kind");
}

static pl_program *filter_game(void)
{
    return pt_compile_text("lang3.game", HEAD("9 x 9")
                           "setup { place black stone at a1 i9 }\n"
                           "moves {\n"
                           "  pick c in union(x in cells where row(x) == 9 and own(x), empty_cells)\n"
                           "  text c\n"
                           "}\n");
}

/* The verifier checks the filtered set's operand and its bitset's
 * locals; the disassembler shows both; the .pbc format keeps it. */
static void test_verifier_disassembler_bytecode(void **state)
{
    (void)state;
    pl_program *p = filter_game();
    char err[256];
    int w = -1;
    for (int i = 0; i < p->nsets; i++)
        if (p->sets[i].kind == PL_SET_WHERE)
            w = i;
    assert_true(w > 0);
    assert_int_equal(pl_verify(p, err, sizeof err), 0);
    pl_setdesc kept = p->sets[w];
    p->sets[w].arg0 = w;
    assert_int_equal(pl_verify(p, err, sizeof err), -1);
    assert_non_null(strstr(err, "not an earlier set"));
    p->sets[w] = kept;
    p->sets[w].arg1 = p->nlocals - 1;   /* 81 cells need 3 locals */
    assert_int_equal(pl_verify(p, err, sizeof err), -1);
    assert_non_null(strstr(err, "needs 3 locals"));
    p->sets[w] = kept;
    assert_int_equal(pl_verify(p, err, sizeof err), 0);

    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    pl_disasm(p, NULL, out);
    fclose(out);
    char want[64];
    snprintf(want, sizeof want, "{where #%d bits L%d}", kept.arg0, kept.arg1);
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, "BITSCLEAR L"));
    assert_non_null(strstr(text, "BITSADD L"));
    free(text);

    uint8_t *buf;
    assert_int_equal(pl_bytecode_write(p, &buf, &len), 0);
    pl_program *q = pl_bytecode_read(buf, len, err, sizeof err);
    assert_non_null(q);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_state *a = pl_state_new(p), *b = pl_state_new(q);
    char *ma = pt_moves(a, &ml), *mb = pt_moves(b, &ml);
    assert_string_equal(ma, mb);
    assert_non_null(strstr(ma, "i9"));
    assert_null(strstr(ma, "a1"));
    free(ma);
    free(mb);
    pl_movelist_free(&ml);
    pl_state_free(a);
    pl_state_free(b);
    pl_program_free(q);
    free(buf);
    pl_program_free(p);
}

/* ---------------------------------------------------------------------- */
/* words derived from a rule without `else "..."` */

/* The words explain gives for `move` after `moves` in a game whose move
 * program is `body` (a 3 x 3 board, black to move first). */
static void expect_words(const char *body, const char *setup, const char *moves, const char *move,
                         const char *want)
{
    char text[2048];
    snprintf(text, sizeof text, HEAD("3 x 3")
             "var ko = off\n"
             "region upper = a3..c3\n"
             "setup {\n%s}\n"
             "moves {\n"
             "%s"
             "}\n"
             "moves {\n  pass\n}\n",
             setup, body);
    pl_program *p = pt_compile_text("lang3.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    if (moves[0])
        pt_play(st, &ml, moves);
    pl_explanation ex;
    assert_int_equal(pl_explain(st, move, &ex), PL_OK);
    assert_false(ex.legal);
    if (strcmp(ex.words, want) != 0)
        fail_msg("%s after \"%s\": \"%s\", not \"%s\"\nin:\n%s", move, moves, ex.words, want, body);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

#define PLACE "  place mover stone at c\n  text c\n"

/* An inequality that fails says no "c3 is c3". */
static void test_words_of_equal_values(void **state)
{
    (void)state;
    expect_words("  pick c in empty_cells\n  require c != c3\n" PLACE, "", "", "c3",
                 "c3 is not allowed here");
    expect_words("  pick c in empty_cells\n  let here = c\n  pick from in empty_cells where from == b2\n"
                 "  require here != from\n  place mover stone at c\n  text c\n",
                 "", "", "b2", "here and from are both b2");
    expect_words("  pick c in cells\n  require c != ko\n  set ko = c\n  text c\n", "", "a1", "a1",
                 "a1 is ko");
    expect_words("  pick c in empty_cells\n  require c + n != off\n" PLACE, "", "", "b3",
                 "there is no cell n of b3");
    expect_words("  pick c in empty_cells\n  let next = c + e\n  require next != off\n" PLACE, "", "",
                 "c2", "next is off the board");
    /* an equality that fails against a local with a name: its name too */
    expect_words("  pick c in empty_cells\n  let target = b2\n  require c == target\n" PLACE, "", "",
                 "a1", "a1 is not target (b2)");
    expect_words("  pick c in empty_cells\n  let t = b2\n  require c == t\n" PLACE, "", "",
                 "a1", "a1 is not b2");
}

#define IF_C1(rule) "  pick c in empty_cells\n  if c == c1 { " rule " }\n" PLACE

/* Counts, kinds, owners, quantifiers, bits and tests by name. */
static void test_words_in_words(void **state)
{
    (void)state;
    expect_words(IF_C1("require count(pieces(mover)) < 1"), "  place black stone at a1\n", "", "c1",
                 "black has pieces");
    expect_words(IF_C1("require count(pieces(mover)) < 2"), "  place black stone at a1 b1\n", "",
                 "c1", "black has at least 2 pieces");
    expect_words(IF_C1("require count(pieces(opponent)) == 0"), "  place white stone at a1\n", "",
                 "c1", "white has pieces");
    expect_words(IF_C1("require count(pieces(mover, queen)) >= 3"), "", "", "c1",
                 "black has fewer than 3 queen pieces");
    expect_words(IF_C1("require count(pieces(opponent)) > 0"), "", "", "c1", "white has no pieces");
    expect_words(IF_C1("require any(pieces(opponent))"), "", "", "c1", "white has no pieces");
    expect_words(IF_C1("require none(pieces(mover, queen))"), "  place black queen at a1\n", "", "c1",
                 "black has queen pieces");
    expect_words(IF_C1("require any(x in cells where row(x) == 3 and empty(x))"),
                 "  place black stone at a3 b3 c3\n", "", "c1",
                 "there is no x in cells where the row of x is 3 and x is empty");
    expect_words("  pick c in cells\n  require kind(c) == queen\n  text c\n",
                 "  place black stone at a1\n", "", "a1", "a1 does not hold a queen");
    expect_words("  pick c in cells\n  require owner(c) == nobody\n  text c\n",
                 "  place black stone at a1\n", "", "a1", "a1 is not empty");
    expect_words("  pick c in cells\n  require owner(c) == mover\n  text c\n",
                 "  place white stone at a1\n", "", "a1", "a1 does not hold a piece of black");
    expect_words("  pick c in empty_cells\n  require any(x in neighbors(c, orthogonal) where own(x))\n"
                 PLACE, "  place white stone at a1\n", "", "c3",
                 "there is no x in neighbors (c3, orthogonal) where x holds a piece of yours");
    expect_words("  pick c in empty_cells\n  require none(x in neighbors(c, orthogonal) where enemy(x))\n"
                 PLACE, "  place white stone at a1\n", "", "b1",
                 "there is an x in neighbors (b1, orthogonal) where x holds an opponent's piece");
    expect_words("  pick c in empty_cells\n  require all(x in neighbors(c, orthogonal) where empty(x))\n"
                 PLACE, "  place white stone at a1\n", "", "b1",
                 "there is an x in neighbors (b1, orthogonal) where x is not empty");
    expect_words("  pick c in empty_cells\n  require not (row(c) == 1 and col(c) == 1)\n" PLACE, "", "",
                 "a1", "the row of a1 is 1 and the column of a1 is 1");
    expect_words("  pick c in empty_cells\n  require row(c) == 1 and col(c) == 1 or row(c) == 3\n" PLACE,
                 "", "", "b2",
                 "the row of b2 is not 1 or the column of b2 is not 1 and the row of b2 is not 3");
    expect_words("  pick c in empty_cells\n  let ok = row(c) > 1\n  require ok\n" PLACE, "", "", "b1",
                 "ok does not hold");
    expect_words("  pick c in empty_cells\n  let used = bit(2) | bit(4)\n  pick k in range(1, 5)\n"
                 "  require used & bit(k) != 0\n  place mover stone at c\n  text c k\n",
                 "", "", "a13", "3 is not in used");
    expect_words("  pick c in empty_cells\n  require false\n" PLACE, "", "", "a1",
                 "this is never allowed");
    expect_words(IF_C1("require not can_move(opponent)"), "", "", "c1", "white can move");
    expect_words(IF_C1("require count(x in neighbors(c, orthogonal) where empty(x)) == 0"), "", "",
                 "c1", "there is an x in neighbors (c1, orthogonal) where x is empty");
    expect_words(IF_C1("require count(x in neighbors(c, orthogonal) where own(x)) >= 1"), "", "",
                 "c1", "there is no x in neighbors (c1, orthogonal) where x holds a piece of yours");
    expect_words(IF_C1("require count(x in neighbors(c, orthogonal) where empty(x)) < 2"), "", "",
                 "c1", "the number of x in neighbors (c1, orthogonal) where x is empty is at least 2");
    /* a filtered set in set algebra: its condition as a sentence */
    expect_words(IF_C1("require count(inter(upper, x in pieces(opponent) where kind(x) == queen)) == 0"),
                 "  place white queen at a3\n", "", "c1",
                 "inter (upper, x in pieces (white) where x holds a queen) is not empty");
    expect_words(IF_C1("require none(union(x in pieces(opponent) where row(x) >= 3, y in cells where y == c))"),
                 "", "", "c1", "union (x in pieces (white) where the row of x is at least 3, "
                 "y in cells where y is c1) is not empty");
}

/* A rule of an imported file (go9.game imports go.game's rules): its
 * words, though it has no line of the game's own file. */
static void test_words_of_an_imported_rule(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/territory/go9.game");
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "e5 b1 e6 a2");
    size_t len;
    char *source = pt_read_file("games/territory/go9.game", &len);
    char buf[512];
    assert_string_equal(pl_explain_move(st, "a1", source, buf, sizeof buf),
                        "a1: libs (group (a1, orthogonal)) is empty");
    free(source);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* Words too long for an explanation are cut at a word, with "...". */
static void test_long_words_cut_at_a_word(void **state)
{
    (void)state;
    const char *text = HEAD("3 x 3")
        "def far_enough_from_every_corner_of_the_board(c) = row(c) > 1\n"
        "moves {\n"
        "  pick c in empty_cells\n"
        "  require any(x in neighbors(c, all8) where far_enough_from_every_corner_of_the_board(x) and "
        "far_enough_from_every_corner_of_the_board(c) and x != c)\n"
        "  place mover stone at c\n"
        "  text c\n"
        "}\n";
    pl_program *p = pt_compile_text("lang3.game", text);
    pl_state *st = pl_state_new(p);
    pl_explanation ex;
    assert_int_equal(pl_explain(st, "a1", &ex), PL_OK);
    size_t n = strlen(ex.words);
    assert_true(n > 60 && n < sizeof ex.words);
    assert_string_equal(ex.words + n - 3, "...");
    /* what comes before "..." is the sentence up to the end of a word */
    const char *full = "there is no x in neighbors (a1, all8) where far enough from every corner "
                       "of the board (x) holds and far enough from every corner of the board (a1) "
                       "holds and x is not a1";
    assert_true(n - 3 < strlen(full));
    assert_memory_equal(ex.words, full, n - 3);
    assert_int_equal(full[n - 3], ' ');
    pl_state_free(st);
    pl_program_free(p);
}

/* The templates of every shipped game: never "c3 is c3" (the words of
 * `a != b` failed, with two values that are then the same: "\x01c5\x02 is
 * \x01c7\x02"), never "off is off", never a number tested alone ("0 does
 * not hold"). */
static void no_tautology(const char *path)
{
    pl_program *p = pt_compile(path);
    for (int i = 0; i < p->nwords; i++) {
        const char *t = p->words[i].text;
        if (strstr(t, "\x02 is \x01") || strstr(t, "\x02 is off"))
            fail_msg("%s: words \"%s\" say that a value is itself", path, t);
        if (t[0] == '\x01' && t[1] == 'n' && strstr(t, "\x02 does not hold"))
            fail_msg("%s: words \"%s\" test a number alone", path, t);
    }
    pl_program_free(p);
}

static void test_shipped_games_words(void **state)
{
    (void)state;
    assert_true(pt_for_each_game("games", no_tautology) > 20);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filtered_operands),
        cmocka_unit_test(test_nested),
        cmocka_unit_test(test_locals_and_position),
        cmocka_unit_test(test_for_follows_the_position),
        cmocka_unit_test(test_board_predicates),
        cmocka_unit_test(test_wherever_a_set_is),
        cmocka_unit_test(test_perft_agrees),
        cmocka_unit_test(test_place_with_attributes),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_verifier_disassembler_bytecode),
        cmocka_unit_test(test_words_of_equal_values),
        cmocka_unit_test(test_words_in_words),
        cmocka_unit_test(test_words_of_an_imported_rule),
        cmocka_unit_test(test_long_words_cut_at_a_word),
        cmocka_unit_test(test_shipped_games_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
