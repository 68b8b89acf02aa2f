/*
 * test_groups.c -- connectivity in the language: group(c, D), the cells
 * joined to a cell through the same contents, and border(c, D), the cells
 * around that group.  What Go's captures and Hex's connection are made of.
 */
#include "plateau_test.h"

#define HEAD(board)                                   \
    "game \"groups\"\n"                               \
    "import grid\n"                                   \
    "board " board "\n"                               \
    "players black white\n"                           \
    "piece stone\n"

static void expect_moves(const char *text, const char *want)
{
    pl_program *p = pt_compile_text("groups.game", text);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_assert_moves(st, &ml, want);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* A group holds the cells of one owner joined by the directions given; its
 * border, the cells next to it of any other contents.  Both are walked in
 * board order. */
static void test_group_and_border(void **state)
{
    (void)state;
    expect_moves(HEAD("5 x 5")
                 "setup {\n"
                 "  place black stone at a1 b1 b2 d4\n"
                 "  place white stone at c1 c2 b3\n"
                 "}\n"
                 "moves {\n"
                 "  pick k in range(1, 1)\n"
                 "  text \"g\"\n"
                 "  for c in group(b2, orthogonal) { text c }\n"
                 "  text \"/b\"\n"
                 "  for c in border(b2, orthogonal) { text c }\n"
                 "  text \"/w\"\n"
                 "  for c in group(c2, orthogonal) { text c }\n"
                 "  text \"/d\"\n"
                 "  for c in group(b2, all8) { text c }\n"
                 "}\n",
                 "ga1b1b2/bc1a2c2b3/wc1c2/da1b1b2");
}

/* The empty cells make groups too (a Go territory); `off` has none. */
static void test_group_of_empty_cells_and_off(void **state)
{
    (void)state;
    expect_moves(HEAD("4 x 3")
                 "setup {\n"
                 "  place black stone at b1 b2 b3\n"
                 "}\n"
                 "moves {\n"
                 "  pick c in cells where empty(c)\n"
                 "  text c \":\" count(group(c, orthogonal)) \"/\" count(border(c, orthogonal))\n"
                 "  require count(group(a1 + w, orthogonal)) == 0\n"
                 "  require count(border(c + w + w + w + w, orthogonal)) == 0\n"
                 "}\n",
                 "a1:3/3 a2:3/3 a3:3/3 c1:6/3 c2:6/3 c3:6/3 d1:6/3 d2:6/3 d3:6/3");
}

/* Past 64 cells a group spans several words of the bitsets: a snake
 * across a 12 x 12 board, and the liberties along it. */
static void test_group_on_a_large_board(void **state)
{
    (void)state;
    expect_moves(HEAD("12 x 12")
                 "setup {\n"
                 "  place black stone at a1..l1 l2 a3..l3 a4 a5..l5\n"
                 "  place white stone at a2\n"
                 "}\n"
                 "moves {\n"
                 "  pick c in range(1, 1)\n"
                 "  text count(group(l5, orthogonal)) \",\"\n"
                 "  text count(x in border(l5, orthogonal) where empty(x)) \",\"\n"
                 "  text count(x in border(a1, orthogonal) where enemy(x))\n"
                 "  pick g in group(a2, orthogonal)\n"
                 "  pick b in border(a2, orthogonal)\n"
                 "  text \",\" g b\n"
                 "}\n",
                 "38,33,1,a2a1 38,33,1,a2a3 38,33,1,a2b2");
}

/* The sets follow the position: a stone placed by the move joins groups,
 * and backtracking to the next choice gives the old position's groups. */
static void test_group_follows_the_position(void **state)
{
    (void)state;
    expect_moves(HEAD("3 x 3")
                 "setup {\n"
                 "  place black stone at a1 c1\n"
                 "}\n"
                 "moves {\n"
                 "  text count(group(a1, orthogonal))\n"
                 "  pick c in empty_cells where row(c) == 1\n"
                 "  place mover stone at c\n"
                 "  text c count(group(a1, orthogonal))\n"
                 "}\n",
                 "1b13");
}

/* Go in a few lines: a stone captures the enemy groups it leaves without
 * an empty neighbour, and may not leave its own group without one. */
#define MINI_GO HEAD("3 x 3")                                                   \
    "scratch mark doomed\n"                                                    \
    "def liberties(c) = count(x in border(c, orthogonal) where empty(x))\n"     \
    "moves {\n"                                                                \
    "  pick c in empty_cells\n"                                                \
    "  place mover stone at c\n"                                               \
    "  for x in neighbors(c, orthogonal) {\n"                                  \
    "    if enemy(x) and liberties(x) == 0 {\n"                                \
    "      for y in group(x, orthogonal) { mark doomed at y }\n"               \
    "    }\n"                                                                  \
    "  }\n"                                                                    \
    "  for y in cells {\n"                                                     \
    "    if doomed(y) > 0 { remove y }\n"                                      \
    "  }\n"                                                                    \
    "  require liberties(c) > 0\n"                                             \
    "  text c\n"                                                               \
    "}\n"

static void test_go_capture_and_suicide(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("go.game", MINI_GO);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    /* black b1 b2 around white's a1 a2: a3 takes them */
    pt_play(st, &ml, "b1 a1 b2 a2");
    pt_assert_moves(st, &ml, "a3 b3 c1 c2 c3");
    pt_play(st, &ml, "a3");
    pt_assert_moves(st, &ml, "a1 a2 b3 c1 c2 c3");
    pl_state_free(st);
    /* white may not play a1 or a3 where no stone is taken and its own
       would have no liberty; b2 and c1 keep one */
    st = pl_state_new(p);
    pt_play(st, &ml, "a2 c3 b1 c2 b3");
    pt_assert_moves(st, &ml, "b2 c1");
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_and_border),
        cmocka_unit_test(test_group_of_empty_cells_and_off),
        cmocka_unit_test(test_group_on_a_large_board),
        cmocka_unit_test(test_group_follows_the_position),
        cmocka_unit_test(test_go_capture_and_suicide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
