/*
 * test_record.c -- generation records the same moves however it records
 * them.  Generation keeps the last effects of a way in a path buffer
 * instead of making them on the board, and records the commonest ways by a
 * short path (vm.c, record_lean); the test of hash collisions turns both
 * off (pl_vm_check_collisions), recording every way from the trail as
 * before.  In every shipped game, along seeded random games, the two lists
 * must be equal move for move: text, pass flag, and writes in order.
 */
#include "plateau_test.h"

enum { GAMES_PER_FILE = 2, MAX_PLIES = 80 };

/* The two lists are the same, in the same order. */
static void assert_same_lists(const pl_movelist *a, const pl_movelist *b, const char *where)
{
    if (a->count != b->count)
        fail_msg("%s: %d moves, %d with the plain record", where, a->count, b->count);
    for (int i = 0; i < a->count; i++) {
        const pl_move *x = &a->moves[i], *y = &b->moves[i];
        if (strcmp(pl_move_text(a, i), pl_move_text(b, i)) != 0 || x->is_pass != y->is_pass ||
            x->nwrites != y->nwrites)
            fail_msg("%s: move %d is %s (%d writes), %s (%d writes) with the plain record", where,
                     i, pl_move_text(a, i), x->nwrites, pl_move_text(b, i), y->nwrites);
        for (int k = 0; k < 2 * x->nwrites; k++)
            if (a->writes[x->write_off + k] != b->writes[y->write_off + k])
                fail_msg("%s: move %s writes differ at %d", where, pl_move_text(a, i), k);
    }
}

static long moves_compared;

/* The moves of st's position into lean (path writes, the lean record)
 * and plain (the collision test's plain record), which must be the same. */
static void generate_both_ways(pl_state *st, pl_movelist *lean, pl_movelist *plain,
                               const char *where)
{
    pl_movelist_init(lean);
    pl_movelist_init(plain);
    assert_int_equal(pl_generate(st, lean), PL_OK);
    pl_vm_check_collisions(1);
    assert_int_equal(pl_generate(st, plain), PL_OK);
    pl_vm_check_collisions(0);
    pl_vm_take_collisions(NULL, 0);
    assert_same_lists(lean, plain, where);
}

static void compare_game(const char *path)
{
    pl_program *p = pt_compile(path);
    pl_state *st = pl_state_new(p);
    pl_movelist lean, plain;
    pl_movelist_init(&lean);
    pl_movelist_init(&plain);
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (int g = 0; g < GAMES_PER_FILE; g++) {
        pl_state_reset(st);
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            int result;
            assert_int_equal(pl_status(st, &lean, &result), PL_OK);
            if (result != PL_RESULT_NONE || lean.count == 0)
                break;
            pl_vm_check_collisions(1);
            assert_int_equal(pl_generate(st, &plain), PL_OK);
            pl_vm_check_collisions(0);
            char where[1200];
            snprintf(where, sizeof where, "%s, game %d, ply %d", path, g, ply);
            assert_same_lists(&lean, &plain, where);
            moves_compared += lean.count;
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            assert_int_equal(pl_apply(st, &lean, (int)(rng % (uint64_t)lean.count)), PL_OK);
        }
    }
    pl_vm_take_collisions(NULL, 0);
    pl_movelist_free(&lean);
    pl_movelist_free(&plain);
    pl_state_free(st);
    pl_program_free(p);
}

static void test_every_game_records_the_same_moves(void **state)
{
    (void)state;
    int n = pt_for_each_game("games", compare_game);
    assert_true(n >= 30);
    print_message("%d games, %ld moves compared\n", n, moves_compared);
    assert_true(moves_compared > 10000);
}

/* The cases the merge of path writes and trail must get right, in one
 * small game: a slot written on the board then by a path write (a capture
 * then the move onto the square), a path write that sets a slot back to
 * its value on the board, two path writes to one slot. */
static void test_path_writes_merge_with_the_trail(void **state)
{
    (void)state;
    static const char game[] =
        "game \"t\"\n"
        "board 3 x 1\n"
        "players one two\n"
        "piece man\n"
        "var v = 0\n"
        "setup {\n"
        "  place one man at a1\n"
        "  place two man at b1\n"
        "}\n"
        "moves {\n"
        "  either {\n"
        "    pick from in pieces(mover)\n"
        "    pick dest in pieces(opponent)\n"
        "    capture dest\n"
        "    move from to dest\n"
        "    text from \"x\" dest\n"
        "  } or {\n"
        "    set v = 1\n"
        "    require v == 1\n"
        "    set v = 0\n"
        "    text \"back\"\n"
        "  } or {\n"
        "    set v = 2\n"
        "    set v = 3\n"
        "    text \"twice\"\n"
        "  }\n"
        "}\n";
    pl_program *p = pt_compile_text("merge.game", game);
    pl_state *st = pl_state_new(p);
    pl_movelist lean, plain;
    generate_both_ways(st, &lean, &plain, "merge.game");
    assert_int_equal(lean.count, 3);
    /* the capture: a1 empty, b1 the mover's man; "back" leaves the
       position as it was; "twice" leaves v = 3 */
    assert_int_equal(lean.moves[0].nwrites, 2);
    assert_int_equal(lean.moves[2].nwrites, 1);
    assert_int_equal(lean.writes[lean.moves[2].write_off + 1], 3);
    uint64_t before = pl_state_hash(st);
    assert_int_equal(pl_apply(st, &lean, 1), PL_OK);
    assert_int_equal(pl_state_slot(st, p->var_base), 0);
    assert_int_equal(pl_undo(st), PL_OK);
    assert_true(pl_state_hash(st) == before);
    pl_movelist_free(&lean);
    pl_movelist_free(&plain);
    pl_state_free(st);
    pl_program_free(p);
}

/* An effect followed by reads of other variables is made last, in the
 * path's writes (sample.c, find_dead_writes); one whose variable is read
 * again before the move ends is made on the board, so that the read sees
 * it: here `a` and `x` must be read back, `b` and `y` need not. */
/* A loop that ends on its flag (`while going { ... set going = 0 }`):
 * the way goes from the flag's assignment straight where the loop's test
 * would send it (peephole.c), out of the loop for 0, into the body again
 * for 1, and the piece placed last is then the way's own write.  The same
 * moves, recorded the same way, and the same perft as with a flag the
 * compiler cannot know (`set going = steps < 3`). */
static void test_loops_that_end_on_their_flag(void **state)
{
    (void)state;
    static const char *ends[2] = {
        "    if steps >= 3 {\n"
        "      place mover man(steps) at c\n"
        "      text c \"s\" steps\n"
        "      set going = 0\n"
        "    } else {\n"
        "      set going = 1\n"
        "    }\n",
        "    set going = steps < 3\n"
        "    if not going {\n"
        "      place mover man(steps) at c\n"
        "      text c \"s\" steps\n"
        "    }\n",
    };
    char *got[2];
    long perft[2];
    for (int i = 0; i < 2; i++) {
        char game[1024];
        snprintf(game, sizeof game,
                 "game \"t\"\n"
                 "import grid\n"
                 "board 3 x 1\n"
                 "players one two\n"
                 "piece man(size)\n"
                 "moves {\n"
                 "  pick c in empty_cells\n"
                 "  let going = 1\n"
                 "  let steps = 0\n"
                 "  while going {\n"
                 "    pick k in range(1, 2)\n"
                 "    set steps = steps + k\n"
                 "%s"
                 "  }\n"
                 "}\n",
                 ends[i]);
        pl_program *p = pt_compile_text("flag.game", game);
        pl_state *st = pl_state_new(p);
        pl_movelist lean, plain;
        generate_both_ways(st, &lean, &plain, "flag.game");
        got[i] = pt_join_moves(&lean);
        assert_int_equal(pl_apply(st, &lean, pl_movelist_find(&lean, "b1s4")), PL_OK);
        assert_int_equal(PL_PIECE_ATTR(pl_state_slot(st, 1), 0), 4);
        pl_movelist_free(&lean);
        pl_movelist_free(&plain);
        pl_state_free(st);
        perft[i] = pt_perft_of(p, 3);
        pl_program_free(p);
    }
    assert_string_equal(got[0], got[1]);
    assert_string_equal(got[0], "a1s3 a1s4 b1s3 b1s4 c1s3 c1s4");
    assert_int_equal(perft[0], perft[1]);
    assert_int_equal(perft[0], 6 * 4 * 2);
    free(got[0]);
    free(got[1]);
}

static void test_variables_read_back_after_their_write(void **state)
{
    (void)state;
    static const char game[] =
        "game \"t\"\n"
        "board 2 x 1\n"
        "players one two\n"
        "piece man\n"
        "var x = 0\n"
        "var y = 0\n"
        "player var a = 5\n"
        "player var b = 0\n"
        "moves {\n"
        "  either {\n"
        "    place mover man at a1\n"
        "    set a(mover) = a(mover) - 1\n"
        "    set b(mover) = b(mover) + a(mover)\n"
        "    text \"place\"\n"
        "  } or {\n"
        "    set x = x + 1\n"
        "    set y = x + 10\n"
        "    text \"vars\"\n"
        "  }\n"
        "}\n";
    pl_program *p = pt_compile_text("reads.game", game);
    pl_state *st = pl_state_new(p);
    pl_movelist lean, plain;
    generate_both_ways(st, &lean, &plain, "reads.game");
    assert_int_equal(lean.count, 2);
    int a = p->pvar_base + 0 * p->nplayers, b = p->pvar_base + 1 * p->nplayers;
    assert_int_equal(pl_apply(st, &lean, pl_movelist_find(&lean, "place")), PL_OK);
    assert_int_equal(pl_state_slot(st, a), 4);
    assert_int_equal(pl_state_slot(st, b), 4);
    assert_int_equal(pl_undo(st), PL_OK);
    assert_int_equal(pl_apply(st, &lean, pl_movelist_find(&lean, "vars")), PL_OK);
    assert_int_equal(pl_state_slot(st, p->var_base), 1);
    assert_int_equal(pl_state_slot(st, p->var_base + 1), 11);
    pl_movelist_free(&lean);
    pl_movelist_free(&plain);
    pl_state_free(st);
    pl_program_free(p);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_writes_merge_with_the_trail),
        cmocka_unit_test(test_variables_read_back_after_their_write),
        cmocka_unit_test(test_loops_that_end_on_their_flag),
        cmocka_unit_test(test_every_game_records_the_same_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
