/*
 * test_sets.c -- set algebra: union(A, B), inter(A, B), minus(A, B), the
 * neighbours of a set (neighbors(S, D)), the groups of a set (group(S, D))
 * and `capture S`; their use wherever a set is (pick, for, count, any,
 * none, all, in, with and without conditions), on boards of one word and
 * of several; the cache of a set's cells against the position and the
 * locals it reads; the compiler's and the verifier's checks; the .pbc
 * round trip.
 */
#include "plateau_test.h"

#define HEAD(board)                                   \
    "game \"sets\"\n"                                 \
    "import grid\n"                                   \
    "board " board "\n"                               \
    "players black white\n"                           \
    "piece stone\n"

static void expect_moves(const char *text, const char *want)
{
    pl_program *p = pt_compile_text("sets.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_assert_moves(st, &ml, want);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

static char *messages_of(const char *text, int *errors)
{
    return pt_messages_of("sets.game", text, errors);
}

#define SETUP5                                         \
    "setup {\n"                                        \
    "  place black stone at a1 b1 b2 d4\n"             \
    "  place white stone at c1 c2 b3 e5\n"             \
    "}\n"

/* A region is a list of cells: a loop takes them in its order and a count
 * counts its list, a cell named twice twice; in set algebra it is its
 * cells, each once (the VM keeps a region that names each cell once as a
 * bitset, masks.c, and walks the others). */
static void test_regions_as_lists_and_sets(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5") SETUP5
                 "region back = e1 a1 c1\n"
                 "region twice = b2 a1 b2\n"
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "  for c in back { text c }\n"
                 "  text \"/\" count(back) \"/\" count(twice) \"/\" count(c in twice where own(c))\n"
                 "  text \"/\" count(c in back where empty(c)) \"/\"\n"
                 "  for c in union(back, twice) { text c }\n"
                 "}\n",
                 "e1a1c1/3/3/3/1/a1c1e1b2");
}

/* Each operation's cells, each once, in board order. */
static void test_union_inter_minus(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5") SETUP5
                 "region row1 = a1..e1\n"
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "  text \"u\"\n"
                 "  for c in union(pieces(white), row1) { text c }\n"
                 "  text \"/i\"\n"
                 "  for c in inter(row1, pieces(black)) { text c }\n"
                 "  text \"/m\"\n"
                 "  for c in minus(row1, pieces(mover)) { text c }\n"
                 "  text \"/e\"\n"
                 "  for c in inter(pieces(black), pieces(white)) { text c }\n"
                 "}\n",
                 "ua1b1c1d1e1c2b3e5/ia1b1/mc1d1e1/e");
}

/* neighbors(S, D): one step from a cell of S, not in S; neighbors(c, D)
 * is unchanged (a cell: the leaps).  group(S, D): the union of the
 * groups of S's cells (of any contents). */
static void test_neighbors_and_group_of_a_set(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5") SETUP5
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "  text \"n\"\n"
                 "  for c in neighbors(pieces(black), orthogonal) { text c }\n"
                 "  text \"/c\"\n"
                 "  for c in neighbors(b2, orthogonal) { text c }\n"
                 "  text \"/g\"\n"
                 "  for c in group(two, orthogonal) { text c }\n"
                 "  text \"/x\"\n"
                 "  for c in neighbors(group(c1, orthogonal), orthogonal) { text c }\n"
                 "}\n"
                 "region two = e5 b1\n",
                 "nc1a2c2b3d3c4e4d5/cb3c2b1a2/ga1b1b2e5/xb1d1b2d2c3");
}

/* Used wherever a set is: pick (with where), count, any, none, all and
 * `in`, with conditions that are board predicates, occupancy tests or
 * neither. */
static void test_used_wherever_a_set_is(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5") SETUP5
                 "def libs(s) = inter(neighbors(s, orthogonal), empty_cells)\n"
                 "moves {\n"
                 "  pick c in libs(group(b1, orthogonal)) where row(c) > 0\n"
                 "  text c count(libs(group(b1, orthogonal)))\n"
                 "  text \":\" count(x in union(pieces(black), pieces(white)) where col(x) == 2)\n"
                 "  text \":\" count(x in minus(cells, empty_cells) where empty(x))\n"
                 "  text \":\" count(x in minus(cells, empty_cells) where not empty(x))\n"
                 "  text \":\" any(x in libs(c) where x == a3)\n"
                 "  text \":\" none(libs(group(c1, orthogonal)))\n"
                 "  text \":\" all(x in inter(pieces(black), pieces(white)) where false)\n"
                 "  text \":\" (c in libs(a1)) (d4 in minus(pieces(black), libs(c)))\n"
                 "}\n",
                 "a21:3:0:8:1:0:1:11");
}

/* Past 64 cells the sets span several words of the bitsets; a pick over
 * an algebra set there walks the kept set element by element. */
static void test_several_words(void **state)
{
    (void)state;
    expect_moves(HEAD("12 x 12")
                 "setup {\n"
                 "  place black stone at a1..l1 l2 a3..l3 a4 a5..l5\n"
                 "  place white stone at a2 k12\n"
                 "}\n"
                 "def libs(s) = inter(neighbors(s, orthogonal), empty_cells)\n"
                 "moves {\n"
                 "  pick c in minus(libs(group(a1, orthogonal)), union(row6, inter(cells, row2)))\n"
                 "  text c \"/\" count(libs(group(a1, orthogonal))) \"/\" count(neighbors(pieces(white), all8))\n"
                 "}\n"
                 "region row6 = a6..l6\n"
                 "region row2 = b2..k2\n",
                 "b4/33/10 c4/33/10 d4/33/10 e4/33/10 f4/33/10 g4/33/10 h4/33/10 i4/33/10 j4/33/10 "
                 "k4/33/10 l4/33/10");
}

/* A set is the cells of the position as it is when the set is used: after
 * an effect of the same way, and for the value a local has then (the
 * kept cells are those of one position and one set of arguments). */
static void test_follows_the_position_and_the_locals(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5")
                 "setup {\n"
                 "  place black stone at a1 c1\n"
                 "}\n"
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "  text count(group(pieces(black), orthogonal))\n"
                 "  place mover stone at b1\n"
                 "  text \"/\" count(group(pieces(black), orthogonal))\n"
                 "  for x in pieces(black) {\n"
                 "    text \"/\" x count(minus(neighbors(x, all8), empty_cells))\n"
                 "  }\n"
                 "  remove b1\n"
                 "  text \"/\" count(group(pieces(black), orthogonal))\n"
                 "}\n",
                 "2/3/a11/b12/c11/2");
}

/* The cache of a set follows the writes of the run that reads it: each
 * way places its own stone, then asks for the set again (a cache keyed by
 * a hash the run did not keep would give every way the first one's). */
static void test_follows_each_way(void **state)
{
    (void)state;
    expect_moves(HEAD("3 x 1")
                 "moves {\n"
                 "  pick c in empty_cells\n"
                 "  place mover stone at c\n"
                 "  require c in union(pieces(black), pieces(white))\n"
                 "  text c count(minus(empty_cells, pieces(white)))\n"
                 "}\n",
                 "a12 b12 c12");
}

/* capture S: every piece on a cell of S leaves, the set taken first (a
 * group walked while it is removed would shrink); empty cells skipped. */
static void test_capture_a_set(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5")
                 "setup {\n"
                 "  place black stone at a1 b1 b2 d4 d2 c3\n"
                 "  place white stone at c1 c2 b3 e5\n"
                 "}\n"
                 "def libs(s) = inter(neighbors(s, orthogonal), empty_cells)\n"
                 "moves {\n"
                 "  pick c in empty_cells where c == d1 or c == a2\n"
                 "  place mover stone at c\n"
                 "  for x in neighbors(c, orthogonal) {\n"
                 "    if enemy(x) and none(libs(group(x, orthogonal))) { capture group(x, orthogonal) }\n"
                 "  }\n"
                 "  capture inter(row5, cells)\n"
                 "  text c \"/\" count(pieces(white)) count(pieces(black))\n"
                 "}\n"
                 "region row5 = a5..e5\n",
                 "a2/37 d1/17");
    /* the group walked one cell at a time would become the empty area
       once a1 leaves: all three leave */
    expect_moves(HEAD("4 x 2")
                 "setup {\n"
                 "  place white stone at a1 b1 c1\n"
                 "  place black stone at a2 b2 c2\n"
                 "}\n"
                 "moves {\n"
                 "  pick c in empty_cells\n"
                 "  place mover stone at c\n"
                 "  capture minus(group(a1, orthogonal), group(c, orthogonal))\n"
                 "  text c count(pieces(white))\n"
                 "}\n",
                 "d10 d20");
}

/* The compiler's messages: operands that are not sets of cells, a tree
 * of more than 64 sets. */
static void test_errors(void **state)
{
    (void)state;
    int errors;
    char *got = messages_of(HEAD("3 x 3")
                            "moves {\n"
                            "  pick c in union(orthogonal, empty_cells)\n"
                            "  text c\n"
                            "}\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(got, "'union' takes sets of cells, not a set of directions"));
    free(got);
    got = messages_of(HEAD("3 x 3")
                      "moves {\n"
                      "  pick c in minus(cells, range(1, 2))\n"
                      "  text c\n"
                      "}\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(got, "'minus' takes sets of cells, not a set of numbers"));
    free(got);
    /* 2^7 sets as written, though only 8 different ones */
    got = messages_of(HEAD("3 x 3")
                      "def s0 = empty_cells\n"
                      "def s1 = union(s0, s0)\n"
                      "def s2 = union(s1, s1)\n"
                      "def s3 = union(s2, s2)\n"
                      "def s4 = union(s3, s3)\n"
                      "def s5 = union(s4, s4)\n"
                      "def s6 = union(s5, s5)\n"
                      "moves {\n"
                      "  pick c in s6\n"
                      "  text c\n"
                      "}\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(got, "holds more than 64 sets"));
    free(got);
    got = messages_of(HEAD("3 x 3")
                      "moves {\n"
                      "  pick c in empty_cells\n"
                      "  capture union(c, cells)\n"
                      "  text c\n"
                      "}\n", &errors);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(got, "expected a set"));
    free(got);
}

/* The verifier refuses an operand that is not an earlier set of cells. */
static void test_verifier(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("sets.game", HEAD("3 x 3")
                                    "moves {\n"
                                    "  pick c in union(empty_cells, minus(cells, pieces(mover)))\n"
                                    "  text c\n"
                                    "}\n");
    char err[256];
    int u = -1;
    for (int i = 0; i < p->nsets; i++)
        if (p->sets[i].kind == PL_SET_UNION)
            u = i;
    assert_true(u > 0);
    assert_int_equal(pl_verify(p, err, sizeof err), 0);
    int32_t kept = p->sets[u].arg1;
    p->sets[u].arg1 = u;                /* itself: a cycle */
    assert_int_equal(pl_verify(p, err, sizeof err), -1);
    assert_non_null(strstr(err, "not an earlier set"));
    p->sets[u].arg1 = kept;
    pl_setdesc extra = {PL_SET_DIRS, 0, -1, -1, -1};
    p->sets = realloc(p->sets, (size_t)(p->nsets + 2) * sizeof *p->sets);
    p->sets[p->nsets] = extra;
    p->sets[p->nsets + 1] = (pl_setdesc){PL_SET_INTER, -1, p->nsets, 0, -1};
    p->nsets += 2;
    assert_int_equal(pl_verify(p, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a set of cells"));
    p->sets[p->nsets - 2] = (pl_setdesc){PL_SET_CELLS, -1, -1, -1, -1};
    assert_int_equal(pl_verify(p, err, sizeof err), 0);
    pl_program_free(p);
}

/* A game with set algebra goes through the .pbc format and back with the
 * same moves. */
static void test_bytecode_round_trip(void **state)
{
    (void)state;
    pl_program *p = pt_compile("games/territory/go9.game");
    uint8_t *buf;
    size_t len;
    assert_int_equal(pl_bytecode_write(p, &buf, &len), 0);
    char err[256];
    pl_program *q = pl_bytecode_read(buf, len, err, sizeof err);
    assert_non_null(q);
    assert_int_equal(q->nsets, p->nsets);
    assert_memory_equal(q->sets, p->sets, (size_t)p->nsets * sizeof *p->sets);
    pl_state *a = pl_state_new(p), *b = pl_state_new(q);
    pl_movelist ml[4];
    for (int i = 0; i < 4; i++)
        pl_movelist_init(&ml[i]);
    const char *moves = "e5 d5 e4 d4 e3 d3 e6 d6 e7 d7 e2 d2 e8 d8 e9 d9 e1";
    pt_play(a, &ml[0], moves);
    pt_play(b, &ml[0], moves);
    assert_int_equal(pt_perft(a, ml, 2), pt_perft(b, ml, 2));
    for (int i = 0; i < 4; i++)
        pl_movelist_free(&ml[i]);
    pl_state_free(a);
    pl_state_free(b);
    pl_program_free(p);
    pl_program_free(q);
    free(buf);
}

/* Loops of choices whose sets read the loop's locals: the same moves with
 * set algebra as with the plain sets (full generation prunes repeated
 * continuations by the locals the sets read: memo.c). */
static void test_loops_read_the_operands_locals(void **state)
{
    (void)state;
    const char *plain = HEAD("4 x 4")
        "setup { place black stone at a1\n place white stone at c3 }\n"
        "moves {\n"
        "  pick from in pieces(mover)\n"
        "  let pos = from\n"
        "  text from\n"
        "  repeat 3 {\n"
        "    pick next in neighbors(pos, orthogonal) where empty(next) and next != c2\n"
        "    set pos = next\n"
        "    text \"-\" pos\n"
        "  }\n"
        "  move from to pos\n"
        "}\n";
    const char *algebra = HEAD("4 x 4")
        "setup { place black stone at a1\n place white stone at c3 }\n"
        "region c2 = c2\n"
        "moves {\n"
        "  pick from in pieces(mover)\n"
        "  let pos = from\n"
        "  text from\n"
        "  repeat 3 {\n"
        "    pick next in minus(inter(neighbors(pos, orthogonal), empty_cells), c2)\n"
        "    set pos = next\n"
        "    text \"-\" pos\n"
        "  }\n"
        "  move from to pos\n"
        "}\n";
    pl_program *p = pt_compile_text("plain.game", plain);
    pl_program *q = pt_compile_text("algebra.game", algebra);
    pl_state *a = pl_state_new(p), *b = pl_state_new(q);
    pl_movelist ml;
    pl_movelist_init(&ml);
    char *want = pt_moves(a, &ml);
    char *got = pt_moves(b, &ml);
    assert_true(strlen(want) > 0);
    assert_string_equal(got, want);
    free(want);
    free(got);
    pl_movelist mls[4];
    for (int i = 0; i < 4; i++)
        pl_movelist_init(&mls[i]);
    assert_int_equal(pt_perft(a, mls, 3), pt_perft(b, mls, 3));
    for (int i = 0; i < 4; i++)
        pl_movelist_free(&mls[i]);
    pl_movelist_free(&ml);
    pl_state_free(a);
    pl_state_free(b);
    pl_program_free(p);
    pl_program_free(q);
}

/* A `while` whose ways meet at a memo point (the second branch of an
 * `either` on the loop) with the same position and text: the local the
 * next pick's set reads (`pos`, through an operand) tells them apart, so
 * full generation prunes no way that the plain set would keep.  (The
 * lets put the locals' numbers past the sets' own.) */
static void test_memo_points_read_the_operands_locals(void **state)
{
    (void)state;
    const char *head = HEAD("4 x 4")
        "setup { place black stone at a1 d4\n place white stone at c3 }\n";
    const char *loop_plain =
        "moves {\n"
        "  pick from in pieces(mover)\n"
        "  let pos = from\n"
        "  let going = 1\n"
        "  let steps = 0\n"
        "  while going {\n"
        "    pick next in neighbors(pos, orthogonal) where not own(next)\n"
        "    set pos = next\n"
        "    set steps = steps + 1\n"
        "    either { set going = 0 } or { require steps < 3 }\n"
        "  }\n"
        "  text from \"-\" pos\n"
        "}\n";
    const char *loop_algebra =
        "moves {\n"
        "  let a = 1; let b = 2; let c = 3; let d = 4; let e = 5; let f = 6\n"
        "  pick from in pieces(mover)\n"
        "  let pos = from\n"
        "  let going = a\n"
        "  let steps = b + c + d + e + f - 20\n"
        "  while going {\n"
        "    pick next in minus(neighbors(pos, orthogonal), pieces(mover))\n"
        "    set pos = next\n"
        "    set steps = steps + 1\n"
        "    either { set going = 0 } or { require steps < 3 }\n"
        "  }\n"
        "  text from \"-\" pos\n"
        "}\n";
    char a_text[2048], b_text[2048];
    snprintf(a_text, sizeof a_text, "%s%s", head, loop_plain);
    snprintf(b_text, sizeof b_text, "%s%s", head, loop_algebra);
    pl_program *p = pt_compile_text("plain.game", a_text);
    pl_program *q = pt_compile_text("algebra.game", b_text);
    pl_state *a = pl_state_new(p), *b = pl_state_new(q);
    pl_movelist ml;
    pl_movelist_init(&ml);
    char *want = pt_moves(a, &ml);
    char *got = pt_moves(b, &ml);
    assert_non_null(strstr(want, "a1-d1"));
    assert_string_equal(got, want);
    free(want);
    free(got);
    pl_movelist_free(&ml);
    pl_state_free(a);
    pl_state_free(b);
    pl_program_free(p);
    pl_program_free(q);
}

/* for x in S where C, first x in S where C: the block only for the
 * elements where C holds, C tested as each element comes (after the block ran for the earlier
 * ones); the set of elements is a set as anywhere else. */
static void test_for_where(void **state)
{
    (void)state;
    /* black at d1 takes the white group c1 c2, black at a3 nothing: the
       count of what the loop took, and the white stones left */
    expect_moves(HEAD("5 x 5")
                 "setup {\n"
                 "  place black stone at a1 b1 b2 c3 d2\n"
                 "  place white stone at c1 c2 b3 e5\n"
                 "}\n"
                 "var taken = 0\n"
                 "def libs(s) = inter(neighbors(s, orthogonal), empty_cells)\n"
                 "moves {\n"
                 "  pick c in empty_cells where c == a3 or c == d1\n"
                 "  place mover stone at c\n"
                 "  for x in neighbors(c, orthogonal) where enemy(x) and none(libs(group(x, orthogonal))) {\n"
                 "    set taken = taken + count(group(x, orthogonal))\n"
                 "    capture group(x, orthogonal)\n"
                 "  }\n"
                 "  text c \"/\" taken count(pieces(white))\n"
                 "}\n",
                 "a3/04 d1/22");
    /* the condition sees the earlier elements' effects: the first empty
       neighbours are filled, then the count of empty cells is too low */
    expect_moves(HEAD("3 x 3")
                 "var k = 0\n"
                 "moves {\n"
                 "  pick c in empty_cells where c == b2\n"
                 "  for x in neighbors(c, orthogonal) where count(empty_cells) > 7 {\n"
                 "    place mover stone at x\n"
                 "    set k = k + 1\n"
                 "  }\n"
                 "  text c k\n"
                 "}\n",
                 "b22");
    /* first x in S where C: the first element where C holds that yields
       a move; row 1 is skipped by the condition */
    expect_moves(HEAD("3 x 3")
                 "moves {\n"
                 "  first r in range(1, 3) where r >= 2 {\n"
                 "    pick c in empty_cells where row(c) == r and col(c) < 3\n"
                 "    place mover stone at c\n"
                 "    text c\n"
                 "  }\n"
                 "}\n",
                 "a2 b2");   /* 9 empty: one placed, 8: another, 7: no more */
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_union_inter_minus),
        cmocka_unit_test(test_regions_as_lists_and_sets),
        cmocka_unit_test(test_neighbors_and_group_of_a_set),
        cmocka_unit_test(test_used_wherever_a_set_is),
        cmocka_unit_test(test_several_words),
        cmocka_unit_test(test_follows_the_position_and_the_locals),
        cmocka_unit_test(test_follows_each_way),
        cmocka_unit_test(test_capture_a_set),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_verifier),
        cmocka_unit_test(test_bytecode_round_trip),
        cmocka_unit_test(test_loops_read_the_operands_locals),
        cmocka_unit_test(test_memo_points_read_the_operands_locals),
        cmocka_unit_test(test_for_where),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
