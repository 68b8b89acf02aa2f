/*
 * test_state.c -- positions: apply and undo, hashing, move lists.
 *
 * Random games (a seeded xorshift generator, so every run plays the same
 * moves) in every shipped game: after each move the whole position (every
 * slot) and its hash are recorded; undoing all the way back must give each
 * of them again, exactly.  Along the way every move list must hold each
 * move text once, whatever the case.
 */
#include <ctype.h>
#include <dirent.h>
#include <strings.h>
#include <signal.h>
#include <sys/wait.h>
#include "plateau_test.h"
#include "state_int.h"   /* pl_state_repetitions: the repetition table */

#define MAX_PLIES 200

typedef struct {
    int32_t *slots;
    uint64_t hash;
    int to_move, ply;
} snapshot;

static void take(const pl_state *st, int nslots, snapshot *s)
{
    s->slots = malloc(sizeof(int32_t) * (size_t)nslots);
    for (int i = 0; i < nslots; i++)
        s->slots[i] = pl_state_slot(st, i);
    s->hash = pl_state_hash(st);
    s->to_move = pl_state_to_move(st);
    s->ply = pl_state_ply(st);
}

static void check_same(const pl_state *st, int nslots, const snapshot *s, const char *game, int ply)
{
    for (int i = 0; i < nslots; i++) {
        if (pl_state_slot(st, i) != s->slots[i])
            fprintf(stderr, "%s: slot %d differs after undo to ply %d (%d, was %d)\n", game, i,
                    ply, pl_state_slot(st, i), s->slots[i]);
        assert_int_equal(pl_state_slot(st, i), s->slots[i]);
    }
    assert_int_equal(pl_state_hash(st), s->hash);
    assert_int_equal(pl_state_to_move(st), s->to_move);
    assert_int_equal(pl_state_ply(st), s->ply);
}

/* No two moves of a list have the same text, ignoring case; every text is
 * non-empty and a pass is found under its own text. */
static void check_unique_texts(const pl_movelist *ml, const char *game)
{
    char **t = malloc(sizeof *t * (size_t)(ml->count + 1));
    for (int i = 0; i < ml->count; i++) {
        t[i] = strdup(pl_move_text(ml, i));
        assert_true(strlen(t[i]) > 0);
        for (char *c = t[i]; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        /* every move is found by its own text */
        assert_int_equal(pl_movelist_find(ml, pl_move_text(ml, i)), i);
    }
    qsort(t, (size_t)ml->count, sizeof *t, pt_cmp_str);
    for (int i = 1; i < ml->count; i++) {
        if (strcmp(t[i - 1], t[i]) == 0)
            fprintf(stderr, "%s: move '%s' listed twice\n", game, t[i]);
        assert_string_not_equal(t[i - 1], t[i]);
    }
    for (int i = 0; i < ml->count; i++)
        free(t[i]);
    free(t);
}

/* One random game of at most MAX_PLIES moves, then undo to the start. */
static void random_game(const char *path, uint64_t seed)
{
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    assert_non_null(st);
    int nslots = prog->nslots;
    pl_movelist ml;
    pl_movelist_init(&ml);
    snapshot snaps[MAX_PLIES + 1];
    char texts[MAX_PLIES + 1][64];
    int n = 0;
    take(st, nslots, &snaps[0]);
    pl_rng rng;
    pl_rng_seed(&rng, seed);
    while (n < MAX_PLIES) {
        int r = pt_status(st, &ml);
        if (r != PL_RESULT_NONE)
            break;
        assert_true(ml.count > 0);
        check_unique_texts(&ml, path);
        int k = (int)pl_rng_below(&rng, (uint32_t)ml.count);
        snprintf(texts[n + 1], sizeof texts[n + 1], "%s", pl_move_text(&ml, k));
        pl_apply(st, &ml, k);
        n++;
        assert_int_equal(pl_state_ply(st), n);
        take(st, nslots, &snaps[n]);
    }
    /* the position and the history survive going back and forth: undo
     * half the game, replay the same moves by text, then undo everything */
    for (int i = n; i > n / 2; i--) {
        pl_undo(st);
        check_same(st, nslots, &snaps[i - 1], path, i - 1);
    }
    for (int i = n / 2 + 1; i <= n; i++) {
        pt_generate(st, &ml);
        int k = pl_movelist_find(&ml, texts[i]);
        assert_true(k >= 0);
        pl_apply(st, &ml, k);
        check_same(st, nslots, &snaps[i], path, i);
    }
    for (int i = n; i > 0; i--) {
        pl_undo(st);
        check_same(st, nslots, &snaps[i - 1], path, i - 1);
    }
    for (int i = 0; i <= n; i++)
        free(snaps[i].slots);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A few seeded random games in the game at `path`. */
static void random_games(const char *path)
{
    for (uint64_t seed = 1; seed <= 8; seed++)
        random_game(path, 0x9E3779B97F4A7C15ull * seed);
}

static void test_apply_undo_random_games(void **state)
{
    (void)state;
    assert_true(pt_for_each_game("games", random_games) >= 9);
}

/* A state keeps no hash until asked (state_int.h, hash_lazy): one that
 * is asked for it first late in a game, after undos below that ply, or
 * as a copy, answers what a state asked at every ply answers. */
static void hash_asked_late(const char *path)
{
    pl_program *prog = pt_compile(path);
    pl_state *every = pl_state_new(prog), *late = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_rng rng;
    pl_rng_seed(&rng, 99);
    enum { STEPS = 400 };
    int first_ask = (int)pl_rng_below(&rng, 60), asked = 0;
    for (int step = 0; step < STEPS; step++) {
        uint64_t want = pl_state_hash(every);
        if (step >= first_ask && pl_rng_below(&rng, 4) == 0) {
            assert_int_equal(pl_state_hash(late), want);
            asked++;
        }
        if (pl_rng_below(&rng, 16) == 0) {    /* a copy answers too */
            pl_state *copy = pl_state_copy(late);
            assert_int_equal(pl_state_hash(copy), want);
            pl_state_free(copy);
        }
        int n = pt_generate(every, &ml);
        if (pl_state_ply(every) > 0 && (n == 0 || pl_rng_below(&rng, 3) == 0)) {
            pl_undo(every);
            pl_undo(late);
        } else if (n > 0) {
            int k = (int)pl_rng_below(&rng, (uint32_t)n);
            pl_apply(every, &ml, k);
            pl_apply(late, &ml, k);
        }
    }
    assert_true(asked > 0);
    pl_movelist_free(&ml);
    pl_state_free(every);
    pl_state_free(late);
    pl_program_free(prog);
}

static void test_hash_asked_late(void **state)
{
    (void)state;
    assert_true(pt_for_each_game("games", hash_asked_late) >= 9);
}

/* The same position reached in two orders has the same hash and slots;
 * a different position has another hash. */
static void test_hash_is_a_function_of_the_position(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *a = pl_state_new(prog), *b = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t start = pl_state_hash(a);
    pt_play(a, &ml, "a1 b1 c1");
    pt_play(b, &ml, "c1 b1 a1");
    assert_int_equal(pl_state_hash(a), pl_state_hash(b));
    for (int i = 0; i < prog->nslots; i++)
        assert_int_equal(pl_state_slot(a, i), pl_state_slot(b, i));
    pl_undo(b);
    pt_play(b, &ml, "a2");
    assert_int_not_equal(pl_state_hash(a), pl_state_hash(b));
    /* reset goes back to the start */
    pl_state_reset(a);
    assert_int_equal(pl_state_hash(a), start);
    assert_int_equal(pl_state_ply(a), 0);
    pl_movelist_free(&ml);
    pl_state_free(a);
    pl_state_free(b);
    pl_program_free(prog);
}

/* Lines of Action: four moves that come back to the start give the start
 * hash again. */
static void test_hash_after_a_cycle(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/connection/lines-of-action.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t start = pl_state_hash(st);
    pt_play(st, &ml, "b1-b3 a2-c2");
    assert_int_not_equal(pl_state_hash(st), start);
    pt_play(st, &ml, "b3-b1 c2-a2");
    assert_int_equal(pl_state_hash(st), start);
    assert_int_equal(pl_state_ply(st), 4);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* The side to move is part of the position: a pass changes nothing on the
 * board but the hash; the same board with the other side to move (set by
 * `turn` in a setup) hashes differently. */
static void test_hash_depends_on_side_to_move(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("tests/positions/loa_pass.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t before = pl_state_hash(st);
    int32_t *slots = malloc(sizeof(int32_t) * (size_t)prog->nslots);
    for (int i = 0; i < prog->nslots; i++)
        slots[i] = pl_state_slot(st, i);
    pt_play(st, &ml, "pass");
    int differ = 0;
    for (int i = 0; i < prog->nslots; i++)
        differ += pl_state_slot(st, i) != slots[i];
    assert_int_equal(differ, 1);
    assert_int_not_equal(pl_state_slot(st, prog->tomove_slot), slots[prog->tomove_slot]);
    assert_int_not_equal(pl_state_hash(st), before);
    pl_undo(st);
    assert_int_equal(pl_state_hash(st), before);
    free(slots);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);

    pl_program *pb = pt_compile("games/connection/lines-of-action.game");
    pl_program *pw = pt_compile("tests/positions/loa_turn_white.game");
    pl_state *sb = pl_state_new(pb), *sw = pl_state_new(pw);
    assert_int_equal(pb->nslots, pw->nslots);
    for (int i = 0; i < pb->nslots; i++)
        if (i != pb->tomove_slot)
            assert_int_equal(pl_state_slot(sb, i), pl_state_slot(sw, i));
    assert_int_not_equal(pl_state_to_move(sb), pl_state_to_move(sw));
    assert_int_not_equal(pl_state_hash(sb), pl_state_hash(sw));
    pl_state_free(sb);
    pl_state_free(sw);
    pl_program_free(pb);
    pl_program_free(pw);
}

/* Typed moves are case-insensitive; nothing but the whole text matches. */
/* Occurrences of `h` in hist[0..n], the way `repeated` used to count. */
static int scan_count(const uint64_t *hist, int n, uint64_t h)
{
    int k = 0;
    for (int i = 0; i <= n; i++)
        k += hist[i] == h;
    return k;
}

/* The repetition table kept by apply and undo agrees with a scan of the
 * history, for the current position and for every earlier one, over a
 * long random walk of applies and undos in a game that uses `repeated`
 * (Lines of Action), with back-and-forth moves so that positions come
 * back often, and long enough to make the table grow and be rebuilt. */
static void test_repetition_table_matches_history(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/connection/lines-of-action.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    enum { STEPS = 3000, MAXPLY = 400 };
    uint64_t hist[MAXPLY + 1];
    int n = 0, repeats = 0;
    hist[0] = pl_state_hash(st);
    pl_rng rng;
    pl_rng_seed(&rng, 12345);
    for (int step = 0; step < STEPS; step++) {
        uint32_t r = pl_rng_below(&rng, 8);
        if ((r < 3 && n > 0) || n == MAXPLY) {
            pl_undo(st);
            n--;
        } else {
            assert_true(pt_generate(st, &ml) > 0);
            /* mostly the first moves, so that positions repeat */
            int k = (int)pl_rng_below(&rng, (uint32_t)(r < 6 && ml.count > 2 ? 2 : ml.count));
            pl_apply(st, &ml, k);
            hist[++n] = pl_state_hash(st);
        }
        assert_int_equal(pl_state_ply(st), n);
        assert_int_equal(pl_state_hash(st), hist[n]);
        int now = pl_state_repetitions(st, hist[n]);
        assert_int_equal(now, scan_count(hist, n, hist[n]));
        repeats += now >= 3;
        int i = (int)pl_rng_below(&rng, (uint32_t)(n + 1));
        assert_int_equal(pl_state_repetitions(st, hist[i]), scan_count(hist, n, hist[i]));
        assert_int_equal(pl_state_repetitions(st, hist[n] ^ 1), scan_count(hist, n, hist[n] ^ 1));
    }
    assert_true(repeats > 0);   /* the walk did repeat positions */
    /* a reset empties the history: only the start position is counted */
    pl_state_reset(st);
    assert_int_equal(pl_state_repetitions(st, pl_state_hash(st)), 1);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

static void test_movelist_find(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/connection/lines-of-action.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_generate(st, &ml);
    int k = pl_movelist_find(&ml, "b1-b3");
    assert_true(k >= 0);
    assert_string_equal(pl_move_text(&ml, k), "b1-b3");
    assert_int_equal(pl_movelist_find(&ml, "B1-B3"), k);
    assert_int_equal(pl_movelist_find(&ml, "b1-B3"), k);
    assert_int_equal(pl_movelist_find(&ml, "b1-b"), -1);
    assert_int_equal(pl_movelist_find(&ml, "b1-b3 "), -1);
    assert_int_equal(pl_movelist_find(&ml, "b1-b4"), -1);
    assert_int_equal(pl_movelist_find(&ml, ""), -1);
    assert_int_equal(pl_movelist_find(&ml, "pass"), -1);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);

    prog = pt_compile("tests/positions/loa_pass.game");
    st = pl_state_new(prog);
    pl_movelist_init(&ml);
    pt_generate(st, &ml);
    assert_int_equal(pl_movelist_find(&ml, "PASS"), 0);
    assert_int_equal(pl_movelist_find(&ml, "Pass"), 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A move list is reused from position to position: the second generation
 * replaces the first entirely. */
static void test_movelist_reuse(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_generate(st, &ml), 9);
    pt_play(st, &ml, "b2 a1 c3 a3");
    pt_assert_moves(st, &ml, "a2 b1 b3 c1 c2");
    assert_int_equal(pl_movelist_find(&ml, "b2"), -1);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A move without text is named by its empty text, and all such moves are
 * one (docs/language.md, "Move text and identity"). */
static void test_move_without_text(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("notext.game",
        "import grid\nboard 3 x 3\nplayers x o\npiece token\n"
        "moves {\n  pick c in empty_cells\n  place mover token at c\n}\n");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    for (int ply = 0; ply < 3; ply++) {
        assert_int_equal(pt_generate(st, &ml), 1);
        assert_string_equal(pl_move_text(&ml, 0), "");
        assert_int_equal(pl_movelist_find(&ml, ""), 0);
        pl_apply(st, &ml, 0);
    }
    /* the first way found keeps its effects: a1, then b1, then c1 */
    assert_true(pl_state_slot(st, pl_program_find_cell(prog, "c1")) != 0);
    assert_int_equal(pl_state_slot(st, pl_program_find_cell(prog, "a2")), 0);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* The consistency check (state_int.h) recomputes what st_write keeps
 * incrementally.  A state corrupted behind st_write's back -- a slot
 * written directly, an occupancy bit flipped -- must be caught, and a
 * repaired one accepted again. */
static void test_consistency_check_catches_corruption(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_state_hash(st);          /* asked once: the state keeps its hash from then on */
    pt_generate(st, &ml);
    pt_play(st, &ml, "b2 a1");
    char why[256];
    assert_int_equal(pl_state_check(st, why, sizeof why), 0);

    int c3 = pl_program_find_cell(prog, "c3");
    int32_t b2 = st->slot[pl_program_find_cell(prog, "b2")];
    st->slot[c3] = b2; /* a piece appears without st_write */
    assert_int_equal(pl_state_check(st, why, sizeof why), -1);
    assert_non_null(strstr(why, "hash"));
    st->hash ^= pl_zobrist(c3, 0) ^ pl_zobrist(c3, b2);
    st->hashes[st->ply] = st->hash;
    assert_int_equal(pl_state_check(st, why, sizeof why), -1); /* hash fixed, occupancy not */
    assert_non_null(strstr(why, "occupancy of cell c3"));
    st->occ[(PL_PIECE_OWNER(b2) + 1) * st->nwords + (c3 >> 6)] |= 1ull << (c3 & 63);
    assert_int_equal(pl_state_check(st, why, sizeof why), 0);

    st->hashes[st->ply] ^= 1; /* the history disagrees with the hash */
    assert_int_equal(pl_state_check(st, why, sizeof why), -1);
    assert_non_null(strstr(why, "history"));
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

#ifndef NDEBUG
/* Debug builds run the check after every apply and undo and abort on a
 * difference: a child process corrupts its state and applies a move. */
static void test_debug_build_aborts_on_corruption(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_generate(st, &ml);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr)) /* the expected message */
            _exit(2);
        st->slot[pl_program_find_cell(prog, "a1")] = PL_PIECE(0, 1, 0, 0);
        pl_apply(st, &ml, pl_movelist_find(&ml, "b2"));
        _exit(0); /* not reached when the check works */
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGABRT);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}
#endif

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_apply_undo_random_games),
        cmocka_unit_test(test_hash_asked_late),
        cmocka_unit_test(test_hash_is_a_function_of_the_position),
        cmocka_unit_test(test_hash_after_a_cycle),
        cmocka_unit_test(test_hash_depends_on_side_to_move),
        cmocka_unit_test(test_repetition_table_matches_history),
        cmocka_unit_test(test_movelist_find),
        cmocka_unit_test(test_movelist_reuse),
        cmocka_unit_test(test_move_without_text),
        cmocka_unit_test(test_consistency_check_catches_corruption),
#ifndef NDEBUG
        cmocka_unit_test(test_debug_build_aborts_on_corruption),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
