/*
 * test_groups.c -- cells in the language beyond one step: group(c, D), the
 * cells joined to a cell through the same contents, and border(c, D), the
 * cells around that group (what Go's captures and Hex's connection are
 * made of); lines on boards with holes, which a hole ends; and variables
 * that hold a cell (an en-passant square, a ko point).
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

/* groups(p, D) as the position changes, both players' and along a
 * direction set that differs by side: on a board of one word (flood fills
 * by bits, an answer kept while the player's pieces stay) the same counts
 * as on a larger board of the same rows (the walk), at every ply of
 * seeded random games of placements and captures.  Each count is asked of
 * both players in turn, as end rules and heuristics do, and compared with
 * a number (groups(p, D) == k, which stops counting past k) before and
 * after the count itself is asked. */
static pl_program *groups_game(const char *board, const char *dirs)
{
    char text[1024];
    snprintf(text, sizeof text, HEAD("%s")
             "directions fwd {\n  black: n ne e\n  white: s sw w\n}\n"
             "moves {\n  either {\n    pick c in empty_cells where row(c) <= 5\n"
             "    place mover stone at c\n    text c\n  } or {\n"
             "    pick v in pieces(opponent)\n    capture v\n    text \"x\" v\n  }\n}\n"
             "end {\n  draw when count(pieces(mover)) >= 12\n}\n"
             "evaluate 1000 * (groups(opponent, %s) == 1) + 2000 * (groups(opponent, %s) == 2)"
             " + groups(mover, %s) + 10 * groups(opponent, %s)"
             " + 4000 * (groups(mover, %s) == 3) + 8000 * (groups(mover, %s) == 0)\n",
             board, dirs, dirs, dirs, dirs, dirs, dirs);
    return pt_compile_text("groups.game", text);
}

static void groups_agree(const char *dirs)
{
    pl_program *bits = groups_game("5 x 5", dirs), *walked = groups_game("5 x 14", dirs);
    pl_state *s1 = pl_state_new(bits), *s2 = pl_state_new(walked);
    pl_movelist *ml1 = pl_movelist_new(), *ml2 = pl_movelist_new();
    uint64_t rng = 11;
    int several = 0, tests_held = 0;
    for (int game = 0; game < 20; game++) {
        pl_state_reset(s1);
        pl_state_reset(s2);
        for (;;) {
            int r1, r2;
            for (int player = 0; player < 2; player++) {
                int32_t v1, v2;
                assert_int_equal(pl_evaluate(s1, player, &v1), PL_OK);
                assert_int_equal(pl_evaluate(s2, player, &v2), PL_OK);
                assert_int_equal(v1, v2);
                several += v1 % 1000 > 22;
                tests_held |= v1 / 1000;
            }
            assert_int_equal(pl_status(s1, ml1, &r1), PL_OK);
            assert_int_equal(pl_status(s2, ml2, &r2), PL_OK);
            assert_int_equal(r1, r2);
            if (r1 != PL_RESULT_NONE || pl_movelist_count(ml1) == 0)
                break;
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            int pick = (int)((rng >> 33) % (uint64_t)pl_movelist_count(ml1));
            assert_string_equal(pl_move_text(ml1, pick), pl_move_text(ml2, pick));
            assert_int_equal(pl_apply(s1, ml1, pick), PL_OK);
            assert_int_equal(pl_apply(s2, ml2, pick), PL_OK);
        }
    }
    assert_true(several > 20);      /* positions of several groups each */
    assert_int_equal(tests_held, 15);  /* each test (== k) held somewhere */
    pl_movelist_delete(ml1);
    pl_movelist_delete(ml2);
    pl_state_free(s1);
    pl_state_free(s2);
    pl_program_free(bits);
    pl_program_free(walked);
}

static void test_groups_follow_the_position(void **state)
{
    (void)state;
    groups_agree("all8");
    groups_agree("fwd");
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

/* A hole ends a line: between() across one is empty (not the cells before
 * it), and a step into it is off, so ray() and run() stop there. */
static void test_a_hole_ends_a_line(void **state)
{
    (void)state;
    expect_moves("game \"holes\"\n"
                 "import grid\n"
                 "board 5 x 2 where not (col == 3 and row == 1)\n"
                 "players black white\n"
                 "piece stone\n"
                 "setup {\n"
                 "  place black stone at a1 b1 d1 e1 a2 b2 c2 d2 e2\n"
                 "}\n"
                 "moves {\n"
                 "  text count(between(a1, e1)) count(between(e1, a1)) count(between(a2, e2))\n"
                 "  text \"/\" (ray(a1, e, 2) == off) (ray(a2, e, 2) == c2)\n"
                 "  text \"/\" run(a1, e) run(a2, e) has_run(black, 5, rows_and_columns)\n"
                 "  pass\n"
                 "}\n",
                 "003/11/251");
}

/* Where a line builtin meets a board with a hole inside it, the compiler
 * says so once per builtin; a board whose holes are only at its edges, or
 * a game without line builtins, gets no such warning. */
static char *warnings_of(const char *text)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *p = pl_compile_string("holes.game", text, strlen(text), PT_STDLIB, &d);
    assert_non_null(p);
    pl_program_free(p);
    char *got = pt_diags_text(&d);
    pl_diags_free(&d);
    return got;
}

#define HOLES_HEAD(where)                                                       \
    "game \"holes\"\nimport grid\nboard 5 x 5 where " where "\n"                \
    "players black white\npiece stone\nmoves {\n  pick c in empty_cells\n"      \
    "  place mover stone at c\n  text c\n}\n"

static void test_line_builtins_on_boards_with_holes_warn(void **state)
{
    (void)state;
    char *got = warnings_of(HOLES_HEAD("not (col == 3 and row == 3)")
                            "end {\n  mover wins when has_run(mover, 3, lines)\n"
                            "  mover wins when run(c2, n) > 1 and run(a1, e) > 4\n}\n");
    assert_non_null(strstr(got, "warning: 'has_run' on a board with holes: a line ends at a "
                                "hole (one lies between"));
    assert_non_null(strstr(got, "warning: 'run' on a board with holes"));
    assert_null(strstr(strstr(got, "'run'") + 1, "'run'"));     /* once */
    free(got);
    got = warnings_of(HOLES_HEAD("row > 1")
                      "end {\n  mover wins when has_run(mover, 3, lines)\n}\n");
    assert_null(strstr(got, "holes"));
    free(got);
    got = warnings_of(HOLES_HEAD("not (col == 3 and row == 3)")
                      "end {\n  draw when count(empty_cells) == 0\n}\n");
    assert_null(strstr(got, "holes"));
    free(got);
}

/* The far-row idiom "no cell ahead" on a board of dark squares: `n` leads
 * nowhere, so it would hold on every cell.  The direction set says so, be
 * it the game's own or imported with the rules of another game. */
static void test_direction_set_that_goes_nowhere_warns(void **state)
{
    (void)state;
    const char *own = "game \"dark\"\nimport grid\nboard 4 x 4 where (col + row) % 2 == 0\n"
                      "players white black\npiece man\n"
                      "directions ahead {\n  white: %s\n  black: sw\n}\n"
                      "setup {\n  place white man at a1\n}\n"
                      "moves {\n  pick c in pieces(mover)\n"
                      "  pick t in neighbors(c, diagonal) where empty(t)\n"
                      "  move c to t\n  text c \"-\" t\n}\n"
                      "end {\n  mover wins when any(c in pieces(mover) where "
                      "count(neighbors(c, ahead)) == 0)\n}\n";
    char text[1024];
    snprintf(text, sizeof text, own, "n");
    char *got = warnings_of(text);
    assert_non_null(strstr(got, "holes.game:6:12: warning: direction set 'ahead' leads off the "
                                "board from every cell for player 'white'"));
    free(got);
    snprintf(text, sizeof text, own, "ne");
    got = warnings_of(text);
    assert_null(strstr(got, "direction set"));
    free(got);
    got = warnings_of("import \"games/race/breakthrough.game\"\n"
                      "board 8 x 8 where (col + row) % 2 == 0\n"
                      "setup {\n  place white pawn at a1 c1\n  place black pawn at b8 d8\n}\n");
    assert_non_null(strstr(got, "breakthrough.game"));
    assert_non_null(strstr(got, "warning: direction set 'ahead' leads off the board from every "
                                "cell for player 'white'"));
    free(got);
}

/* The same idiom with a direction of the grid written as a value
 * ("x + n == off"): the imported direction the rules name leads nowhere
 * on a board of dark squares, and says so; one that only a direction set
 * of the grid names (`e` in `orthogonal`) does not. */
static void test_imported_direction_that_goes_nowhere_warns(void **state)
{
    (void)state;
    const char *game = "game \"dark\"\nimport grid\nboard 4 x 4 where (col + row) % 2 == 0\n"
                       "players white black\npiece man\n"
                       "setup {\n  place white man at a1\n}\n"
                       "moves {\n  pick c in pieces(mover)\n"
                       "  pick t in neighbors(c, diagonal) where empty(t)\n"
                       "  move c to t\n  text c \"-\" t\n}\n"
                       "end {\n  mover wins when any(c in pieces(mover) where c + %s == off)\n}\n";
    char text[1024];
    snprintf(text, sizeof text, game, "n");
    char *got = warnings_of(text);
    assert_non_null(strstr(got, "grid.game:6:11: warning: direction 'n' = (0, 1), used by the game, "
                                "leads off the board from every cell"));
    assert_null(strstr(got, "direction 'e'"));
    free(got);
    snprintf(text, sizeof text, game, "ne");
    got = warnings_of(text);
    assert_null(strstr(got, "leads off the board"));
    free(got);
}

/* A rider's squares: slide() the empty cells along a direction up to the
 * first piece, reach() the same and that piece; nearest first; a hole or
 * the edge ends them like a piece. */
static void test_slide_and_reach(void **state)
{
    (void)state;
    expect_moves("game \"riders\"\nimport grid\n"
                 "board 6 x 2 where not (col == 6 and row == 2)\n"
                 "players black white\npiece stone\n"
                 "setup {\n  place black stone at a1 e1\n  place white stone at c2\n}\n"
                 "moves {\n"
                 "  text \"s\"\n"
                 "  for x in slide(a1, e) { text x }\n"
                 "  text \"/r\"\n"
                 "  for x in reach(a1, e) { text x }\n"
                 "  text \"/\" count(reach(a2, e)) count(slide(a1, w)) count(reach(f1, n))\n"
                 "  text count(reach(a1, ne)) count(x in reach(e1, w) where enemy(x))\n"
                 "  pick d in orthogonal\n"
                 "  pick t in reach(e1, d)\n"
                 "  text \"/\" t\n"
                 "}\n",
                 "sb1c1d1/rb1c1d1e1/20010/a1 sb1c1d1/rb1c1d1e1/20010/b1 "
                 "sb1c1d1/rb1c1d1e1/20010/c1 "
                 "sb1c1d1/rb1c1d1e1/20010/d1 sb1c1d1/rb1c1d1e1/20010/e2 "
                 "sb1c1d1/rb1c1d1e1/20010/f1");   /* west: up to black's own a1 */
}

/* A variable declared with a cell (or off) holds a cell: compared with
 * cells, stepped from, named in a text, set in a setup, shown and read
 * back by name in a position, kept through a compiled program. */
#define LAST_MOVE                                                               \
    "game \"last\"\nimport grid\nboard 3 x 3\nplayers x o\npiece token\n"      \
    "var last = off\n"                                                          \
    "player var home = b2\n"                                                    \
    "setup {\n  set home(o) = off\n}\n"                                          \
    "moves {\n"                                                                 \
    "  pick c in empty_cells where c != home(mover) and (last == off or\n"     \
    "      c == last + n or c == last + e)\n"                                  \
    "  place mover token at c\n"                                                \
    "  set last = c\n"                                                          \
    "  text c\n"                                                                \
    "}\n"

static void test_variables_holding_cells(void **state)
{
    (void)state;
    pl_program *p = pt_compile_text("last.game", LAST_MOVE);
    pl_state *st = pl_state_new(p);
    pl_movelist ml;
    pl_movelist_init(&ml);
    /* x may not use its home b2; after a1, o goes north or east of it */
    pt_assert_moves(st, &ml, "a1 a2 a3 b1 b3 c1 c2 c3");
    pt_play(st, &ml, "a1");
    pt_assert_moves(st, &ml, "a2 b1");
    pt_play(st, &ml, "b1");
    pt_assert_moves(st, &ml, "c1");         /* b2 is x's home */
    char *text = NULL;
    assert_int_equal(pl_state_to_position(st, &text), PL_OK);
    assert_string_equal(text, "3/3/XO1 x last=b1 home=b2,off");
    pl_state *back = pl_state_new(p);
    pl_position_error perr;
    assert_int_equal(pl_state_from_position(back, text, &perr), PL_OK);
    pt_assert_moves(back, &ml, "c1");
    pl_free(text);
    /* through the bytecode format */
    uint8_t *data;
    size_t len;
    assert_int_equal(pl_program_write(p, &data, &len), PL_OK);
    pl_program *q = NULL;
    assert_int_equal(pl_load_string("last.pbc", (const char *)data, len, NULL, &q), PL_OK);
    pl_state *again = pl_state_new(q);
    pt_play(again, &ml, "a1 b1");
    pt_assert_moves(again, &ml, "c1");
    pl_free(data);
    pl_state_free(again);
    pl_program_free(q);
    pl_state_free(back);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(p);
}

/* Two files of the same rules, one with group() and set algebra, one
 * with hand-made fixed-point loops (tests/bench/fixed-point/, the
 * yardsticks of the speed figures in docs/games/hex.md and go.md): the same
 * moves, results and evaluations along `games` seeded random games, each
 * played to its end or to max_plies.  The results seen are counted in
 * results[] (nplayers + 1 of them: the wins, then draws). */
static void expect_same_games(const char *sets, const char *fixed, int games, int max_plies,
                              int *results)
{
    pl_program *p = pt_compile(sets);
    pl_program *q = pt_compile(fixed);
    pl_movelist ml, mq;
    pl_movelist_init(&ml);
    pl_movelist_init(&mq);
    uint64_t seed = 2026;
    for (int game = 0; game < games; game++) {
        pl_state *a = pl_state_new(p), *b = pl_state_new(q);
        for (int ply = 0; ply < max_plies; ply++) {
            int ra = pt_status(a, &ml), rb = pt_status(b, &mq);
            assert_int_equal(ra, rb);
            if (ra != PL_RESULT_NONE) {
                assert_true(ra >= 0 && ra <= pl_program_nplayers(p));
                results[ra]++;
                break;
            }
            char *ta = pt_join_moves(&ml), *tb = pt_join_moves(&mq);
            assert_string_equal(ta, tb);
            free(ta);
            free(tb);
            int32_t va = 0, vb = 0;
            assert_int_equal(pl_evaluate(a, 0, &va), PL_OK);
            assert_int_equal(pl_evaluate(b, 0, &vb), PL_OK);
            assert_int_equal(va, vb);
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int k = (int)((seed >> 33) % (uint64_t)ml.count);
            int kq = pl_movelist_find(&mq, pl_move_text(&ml, k));
            assert_true(kq >= 0);
            pl_apply(a, &ml, k);
            pl_apply(b, &mq, kq);
        }
        pl_state_free(a);
        pl_state_free(b);
    }
    pl_movelist_free(&ml);
    pl_movelist_free(&mq);
    pl_program_free(p);
    pl_program_free(q);
}

/* Hex's connection in one line of set algebra against a fixed-point loop
 * in the end rule: both connections (red's, blue's) are met. */
static void test_hex_agrees_with_its_fixed_point_yardstick(void **state)
{
    (void)state;
    int results[3] = {0, 0, 0};
    expect_same_games("games/connection/hex.game", "tests/bench/fixed-point/hex.game", 24, 200,
                      results);
    assert_true(results[0] > 0 && results[1] > 0);   /* no draw in Hex */
    assert_int_equal(results[2], 0);
}

/* Go's captures, suicide, superko and area scoring with group() and set
 * algebra against the same rules with every group flooded by hand, on
 * 5 x 5: games that end (two passes) with wins of both sides, and long
 * ones cut after 150 plies. */
static void test_go_agrees_with_its_fixed_point_yardstick(void **state)
{
    (void)state;
    int results[3] = {0, 0, 0};
    expect_same_games("tests/bench/fixed-point/go5-sets.game", "tests/bench/fixed-point/go5.game",
                      30, 150, results);
    assert_true(results[0] > 0 && results[1] > 0);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_and_border),
        cmocka_unit_test(test_group_of_empty_cells_and_off),
        cmocka_unit_test(test_group_on_a_large_board),
        cmocka_unit_test(test_group_follows_the_position),
        cmocka_unit_test(test_groups_follow_the_position),
        cmocka_unit_test(test_go_capture_and_suicide),
        cmocka_unit_test(test_a_hole_ends_a_line),
        cmocka_unit_test(test_line_builtins_on_boards_with_holes_warn),
        cmocka_unit_test(test_direction_set_that_goes_nowhere_warns),
        cmocka_unit_test(test_imported_direction_that_goes_nowhere_warns),
        cmocka_unit_test(test_variables_holding_cells),
        cmocka_unit_test(test_slide_and_reach),
        cmocka_unit_test(test_hex_agrees_with_its_fixed_point_yardstick),
        cmocka_unit_test(test_go_agrees_with_its_fixed_point_yardstick),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
