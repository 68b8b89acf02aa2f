/*
 * test_search.c -- the computer players (plateau.h, engine.h): MCTS and alpha-beta.
 *
 * In every shipped game, positions from tests/positions/search_*.game:
 *   - a winning move exists: both engines, at small budgets, play one;
 *   - every move but one loses at once: both find the saving move (the
 *     test first checks, by enumeration, that the position is such);
 * in these positions and in games played by the engines from the start,
 * searching leaves the state exactly as it was (slots, hash, ply);
 * and: a seed with an iteration budget gives the same move every run;
 * tree reuse and helper threads follow a game to its end; player specs
 * parse (and fail) as documented, every level with its time cap; a level
 * stops at its cap in a slow game; a game record survives a round trip,
 * whatever its move texts.  Budgets are in iterations and depths, never
 * seconds (but for the cap's own test): the suite is fast and gives the
 * same answers on every machine.
 */
#include "plateau_test.h"
#include "record.h"
#include "engine.h"

/* Each position or game is searched by a set of engines. */
typedef struct {
    const char *path;
    const char *const *engines;
    int nengines;
} search_case;
#define ENGINES(set) set, (int)(sizeof set / sizeof set[0])
enum { MAX_ENGINES = 8 };

static const char *const engines[] = {
    "mcts:iterations=300,seed=1",
    "mcts:iterations=300,seed=7,threads=2",
    "mcts:iterations=300,seed=3,playout=greedy",
    "mcts:iterations=300,seed=5,cutoff=4",
    "mcts:iterations=300,seed=4,decisive=on",
    "alphabeta:depth=2",
    "alphabeta:depth=3,tt=1",
    /* the decisive-move checks: depth 1 sees its own win in one at once,
       and the opponent's win in one only by the check at its leaves with
       the root's verification (the default, decisive=on) or the root's
       verification alone (decisive=root); without them (decisive=off) it
       blunders in Knight chase, Lines of Action and Gygès */
    "alphabeta:depth=1",
    "alphabeta:depth=1,decisive=root",
};

/* Smaller budgets for whole games (Lines of Action playouts are slow; a
 * greedy playout applies and evaluates every move at every ply). */
static const char *const game_engines[] = {
    "mcts:iterations=60,seed=1",
    "mcts:iterations=30,seed=4,decisive=on,cutoff=8",
    "mcts:iterations=10,seed=8,decisive=on,playout=greedy",
    "mcts:iterations=60,seed=7,threads=2",
    "mcts:iterations=20,seed=3,playout=greedy",
    "alphabeta:depth=2",
    "alphabeta:depth=3,tt=1",
};

/* Wali, Dara, Yoté and Bataille de ruches: smaller budgets still, to keep
 * the suite under a minute with the sanitizers (what a whole game checks,
 * the state after every search, tree reuse and undo, needs no more). */
static const char *const light_game_engines[] = {
    "mcts:iterations=10,seed=1",
    "mcts:iterations=10,seed=7,threads=2",
    "mcts:iterations=2,seed=3,playout=greedy",
    "alphabeta:depth=2",
    "alphabeta:depth=3,tt=1",
};

/* Gygès: random play seldom brings a ring home, so a random playout is
 * hundreds of plies long (about 100 playouts a second with five rings on
 * the board, 4 a second from the start).  Its positions get a few MCTS
 * iterations: enough to expand every move of the root, which proves lost
 * each move that lets the opponent win at once.  From the start (the
 * placement phase) and in a game from such a position, only alpha-beta
 * searches. */
static const char *const gyges_engines[] = {
    "mcts:iterations=8,seed=1",
    "mcts:iterations=8,seed=7,threads=2",
    "mcts:iterations=8,seed=3,playout=greedy",
    "alphabeta:depth=2",
    "alphabeta:depth=3,tt=1",
};
static const char *const gyges_placing_engines[] = {
    "alphabeta:depth=2",
    "alphabeta:depth=3,tt=1",
};
static const char *const gyges_moving_engines[] = {
    "alphabeta:depth=1",
    "alphabeta:depth=2,tt=1",
};

/* Ask for a move; it must be legal here.  Returns its index in ml. */
static int think(pl_search *s, pl_state *st, pl_movelist *ml, pl_search_info *info)
{
    int i = -1;
    pl_err err = pl_search_think(s, st, &i, info);
    if (err != PL_OK)
        fprintf(stderr, "search failed (%s): %s\n", pl_err_text(err),
                pl_search_error(s) ? pl_search_error(s) : "");
    assert_int_equal(err, PL_OK);
    assert_true(i >= 0);
    assert_int_equal(pt_status(st, ml), PL_RESULT_NONE);
    assert_true(i < ml->count);
    assert_string_equal(pl_move_text(ml, i), info->best);
    return i;
}

/* --- the state after a search ------------------------------------------------------- */

typedef struct {
    int32_t *slots;
    int nslots;
    uint64_t hash;
    int ply, to_move;
} snapshot;

static void take(const pl_state *st, snapshot *s)
{
    s->nslots = pl_state_program(st)->nslots;
    s->slots = malloc(sizeof *s->slots * (size_t)s->nslots);
    for (int i = 0; i < s->nslots; i++)
        s->slots[i] = pl_state_slot(st, i);
    s->hash = pl_state_hash(st);
    s->ply = pl_state_ply(st);
    s->to_move = pl_state_to_move(st);
}

static void check_same(const pl_state *st, const snapshot *s)
{
    for (int i = 0; i < s->nslots; i++)
        assert_int_equal(pl_state_slot(st, i), s->slots[i]);
    assert_int_equal(pl_state_hash(st), s->hash);
    assert_int_equal(pl_state_ply(st), s->ply);
    assert_int_equal(pl_state_to_move(st), s->to_move);
}

/* --- positions with a winning move ---------------------------------------------- */

static const search_case win_positions[] = {
    {"tests/positions/search_ttt_win.game", ENGINES(engines)},
    {"tests/positions/search_bt_win.game", ENGINES(engines)},
    {"tests/positions/search_bt_eval_win.game", ENGINES(engines)},
    {"tests/positions/search_loa_win.game", ENGINES(engines)},
    {"tests/positions/search_kc_win.game", ENGINES(engines)},
    {"tests/positions/search_kc_blocked.game", ENGINES(engines)},
    {"tests/positions/search_wali_win.game", ENGINES(engines)},
    {"tests/positions/search_dara_win.game", ENGINES(engines)},
    {"tests/positions/search_yote_win.game", ENGINES(engines)},
    {"tests/positions/search_gyges_win.game", ENGINES(gyges_engines)},
    {"tests/positions/search_ruches_win.game", ENGINES(engines)},
};

static void test_finds_win(void **state)
{
    const search_case *tc = *state;
    const char *path = tc->path;
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    int me = pl_state_to_move(st);
    for (int e = 0; e < tc->nengines; e++) {
        pl_search *s = pt_new_search(prog, tc->engines[e]);
        pl_search_info info;
        snapshot before;
        take(st, &before);
        int i = think(s, st, &ml, &info);
        check_same(st, &before);
        free(before.slots);
        int r = pt_result_after(st, &ml, i);
        if (r != me)
            fprintf(stderr, "%s: %s played %s, which does not win\n", path,
                    tc->engines[e], info.best);
        assert_int_equal(r, me);
        pl_search_free(s);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- positions where one move saves the game ------------------------------------ */

static const search_case save_positions[] = {
    {"tests/positions/search_ttt_save.game", ENGINES(engines)},
    {"tests/positions/search_bt_save.game", ENGINES(engines)},
    {"tests/positions/search_loa_save.game", ENGINES(engines)},
    {"tests/positions/search_kc_save.game", ENGINES(engines)},
    {"tests/positions/search_wali_save.game", ENGINES(engines)},
    {"tests/positions/search_dara_save.game", ENGINES(engines)},
    {"tests/positions/search_yote_save.game", ENGINES(engines)},
    {"tests/positions/search_gyges_save.game", ENGINES(gyges_engines)},
    {"tests/positions/search_ruches_save.game", ENGINES(engines)},
};

static void test_finds_save(void **state)
{
    const search_case *tc = *state;
    const char *path = tc->path;
    pl_program *prog = pt_compile(path);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    /* the position is what it claims: exactly one move does not lose */
    int saving = -1, nsafe = 0;
    for (int i = 0; i < ml.count; i++)
        if (!pt_loses_at_once(st, &ml, i)) {
            saving = i;
            nsafe++;
        }
    assert_int_equal(nsafe, 1);
    assert_true(ml.count >= 2);
    char want[64];
    snprintf(want, sizeof want, "%s", pl_move_text(&ml, saving));
    for (int e = 0; e < tc->nengines; e++) {
        pl_search *s = pt_new_search(prog, tc->engines[e]);
        pl_search_info info;
        snapshot before;
        take(st, &before);
        think(s, st, &ml, &info);
        check_same(st, &before);
        free(before.slots);
        if (strcmp(info.best, want) != 0)
            fprintf(stderr, "%s: %s played %s, not the saving %s\n", path,
                    tc->engines[e], info.best, want);
        assert_string_equal(info.best, want);
        pl_search_free(s);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- whole games ------------------------------------------------------------------- */

/* Root-parallel MCTS only: these are the cases the thread-sanitizer build
 * runs (PLATEAU_TEST_FILTER="threads*", see CMakeLists.txt). */
static const char *const threaded_engines[] = {
    "mcts:iterations=200,seed=7,threads=2",
    "mcts:iterations=60,seed=5,threads=3",
};
static const search_case threaded_games[] = {
    {"games/race/breakthrough.game", ENGINES(threaded_engines)},
    {"games/chess/knight-chase.game", ENGINES(threaded_engines)},
};

static const search_case games[] = {
    {"games/alignment/tic-tac-toe.game", ENGINES(game_engines)},
    {"games/race/breakthrough.game", ENGINES(game_engines)},
    {"games/connection/lines-of-action.game", ENGINES(game_engines)},
    {"games/chess/knight-chase.game", ENGINES(game_engines)},
    {"games/west-african/wali.game", ENGINES(light_game_engines)},
    {"games/west-african/dara.game", ENGINES(light_game_engines)},
    {"games/west-african/yote.game", ENGINES(light_game_engines)},
    {"games/race/gyges.game", ENGINES(gyges_placing_engines)},  /* 10 plies: placing */
    {"tests/positions/search_gyges_save.game", ENGINES(gyges_moving_engines)}, /* moving */
    {"games/draughts/ruches.game", ENGINES(light_game_engines)},
    {"tests/positions/search_bt_evaluate.game", ENGINES(game_engines)},
};

/* Play a game between the engines, each move chosen by the next engine
 * in turn; before and after each search the state must be the same, and
 * every search object follows the game (tree reuse, helper threads). */
/* A game where a rule gives the mover a second move in a row (`turn
 * mover`): x, with a stone on a1, moves twice; it wins only if its first
 * move is on the one line o leaves open (b2 or c3), which its second
 * completes.  A search that took the second
 * move for the opponent's would think every such move loses. */
#define TWICE_GAME \
    "import grid\nboard 3 x 3\nplayers x o\npiece token\n" \
    "var moves_made = 0\n" \
    "setup {\n  place x token at a1\n  place o token at a3\n  place o token at c1\n}\n" \
    "moves {\n  pick c in empty_cells\n  place mover token at c\n  text c\n" \
    "  set moves_made = moves_made + 1\n" \
    "  if moves_made == 1 {\n    turn mover\n  }\n}\n" \
    "end {\n  mover wins when has_run(mover, 3, lines)\n" \
    "  draw when count(empty_cells) == 0\n}\n"

/* The playout policy, seen through the win rate of a search too small to
 * prove anything: each move of the root gets one playout (the expansion
 * of a node asks the end rules after each of its moves, which proves a
 * win in one at the root, so the positions have none to find there).
 * Tic-tac-toe positions, each checked first: no move of the mover ends
 * the game, and no reply to one ends it either.
 *
 * BLOCK: x to move with three cells left (b2, a3, c3).  Two of x's moves
 * make a line of x that o must block, after which the last cell draws.
 * With the checks o always blocks (it has another choice than the move
 * that loses at once): every playout is a draw, win rate 1/2.  A random
 * o fails to block half of the time, and x then wins.
 *
 * TWO: o to move after x's b3, four cells left (a2, c2, a3, c3).  With
 * the checks, every playout from each of o's moves is a draw: x blocks
 * o's threats, o blocks x's.  At random either may win. */
#define TTT_GAME(setup) \
    "import grid\nboard 3 x 3\nplayers x o\npiece stone\n" \
    "setup {\n" setup "}\n" \
    "moves {\n  pick c in empty_cells\n  place mover stone at c\n  text c\n}\n" \
    "end {\n  mover wins when has_run(mover, 3, lines)\n" \
    "  draw when count(empty_cells) == 0\n}\n"
#define BLOCK_GAME TTT_GAME("  place x stone at a1 b1 c2\n  place o stone at c1 a2 b3\n")
#define TWO_GAME TTT_GAME("  place x stone at a1 c1\n  place o stone at b1 b2\n")

/* MCTS (`iterations`, decisive checks on or off, `seed`) in the position
 * after `moves` (space-separated texts, from the setup): its win rate. */
static double playout_winrate(const char *text, const char *moves, int iterations,
                              int decisive, int seed)
{
    pl_program *prog = pt_compile_text("ttt.game", text);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml, replies;
    pl_movelist_init(&ml);
    pl_movelist_init(&replies);
    char buf[64];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *m = strtok(buf, " "); m; m = strtok(NULL, " ")) {
        assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
        int i = pl_movelist_find(&ml, m);
        assert_true(i >= 0);
        pl_apply(st, &ml, i);
    }
    /* no move here, and no reply to one, ends the game */
    assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
    for (int i = 0; i < ml.count; i++) {
        pl_apply(st, &ml, i);
        assert_int_equal(pt_status(st, &replies), PL_RESULT_NONE);
        for (int j = 0; j < replies.count; j++)
            assert_int_equal(pt_result_after(st, &replies, j), PL_RESULT_NONE);
        pl_undo(st);
    }
    /* UCT's order, each root move once (GRAVE, on by default in this
       placement game, chooses by AMAF values: docs/engine.md) */
    char spec[80];
    snprintf(spec, sizeof spec, "mcts:iterations=%d,seed=%d,decisive=%s,rave=off", iterations,
             seed, decisive ? "on" : "off");
    pl_search *s = pt_new_search(prog, spec);
    pl_search_info info;
    think(s, st, &ml, &info);
    assert_int_equal(info.proven, 0);
    pl_search_free(s);
    pl_movelist_free(&replies);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
    return info.winrate;
}

static void test_decisive_playouts(void **state)
{
    (void)state;
    int random_differs[2] = {0, 0};
    for (int seed = 1; seed <= 5; seed++) {
        assert_true(playout_winrate(BLOCK_GAME, "", 4, 1, seed) == 0.5);
        assert_true(playout_winrate(TWO_GAME, "b3", 5, 1, seed) == 0.5);
        random_differs[0] += playout_winrate(BLOCK_GAME, "", 4, 0, seed) != 0.5;
        random_differs[1] += playout_winrate(TWO_GAME, "b3", 5, 0, seed) != 0.5;
    }
    /* without the checks the same searches see other results */
    assert_true(random_differs[0] > 0);
    assert_true(random_differs[1] > 0);
}

static void test_finds_win_over_two_moves_in_a_row(void **state)
{
    (void)state;
    pl_program *prog = pt_compile_text("twice.game", TWICE_GAME);
    static const char *const specs[] = {"alphabeta:depth=2", "alphabeta:depth=3",
                                        "mcts:iterations=2000,seed=3"};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        pl_state *st = pl_state_new(prog);
        pl_movelist ml, after;
        pl_movelist_init(&ml);
        pl_movelist_init(&after);
        pl_search *s = pt_new_search(prog, specs[k]);
        pl_search_info info;
        int i = think(s, st, &ml, &info);
        pl_apply(st, &ml, i);
        assert_int_equal(pl_state_to_move(st), 0);       /* x again */
        /* x now has a move that completes a line with a1 and this one */
        int wins = 0;
        assert_int_equal(pt_status(st, &after), PL_RESULT_NONE);
        for (int j = 0; j < after.count; j++)
            wins += pt_result_after(st, &after, j) == 0;
        if (!wins)
            fprintf(stderr, "%s played %s first: no win follows\n", specs[k], pl_move_text(&ml, i));
        assert_true(wins > 0);
        pl_search_free(s);
        pl_movelist_free(&after);
        pl_movelist_free(&ml);
        pl_state_free(st);
    }
    pl_program_free(prog);
}

static void test_state_unchanged(void **state)
{
    const search_case *tc = *state;
    const int n = tc->nengines;
    pl_program *prog = pt_compile(tc->path);
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_search *s[MAX_ENGINES];
    assert_true(n <= MAX_ENGINES);
    for (int e = 0; e < n; e++)
        s[e] = pt_new_search(prog, tc->engines[e]);
    for (int ply = 0; ply < 10 && pt_status(st, &ml) == PL_RESULT_NONE; ply++) {
        snapshot before;
        take(st, &before);
        pl_search_info info;
        int i = think(s[ply % n], st, &ml, &info);
        check_same(st, &before);
        free(before.slots);
        for (int e = 0; e < n; e++)
            assert_int_equal(pl_search_played(s[e], pl_move_text(&ml, i)), PL_OK);
        pl_apply(st, &ml, i);
    }
    /* take a move back: the searches follow */
    if (pl_state_ply(st) > 0) {
        pl_undo(st);
        for (int e = 0; e < n; e++)
            pl_search_undo(s[e]);
        if (pt_status(st, &ml) == PL_RESULT_NONE)
            for (int e = 0; e < n; e++) {
                snapshot before;
                take(st, &before);
                pl_search_info info;
                think(s[e], st, &ml, &info);
                check_same(st, &before);
                free(before.slots);
            }
    }
    for (int e = 0; e < n; e++)
        pl_search_free(s[e]);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* --- reproducibility and full games ----------------------------------------------- */

static void test_seed_reproducible(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/race/breakthrough.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pt_play(st, &ml, "a2-a3 h7-h6 b2-b3");
    char first[64] = "";
    for (int run = 0; run < 3; run++) {
        pl_search *s = pt_new_search(prog, "mcts:iterations=300,seed=42");
        pl_search_info info;
        think(s, st, &ml, &info);
        assert_int_equal(info.iterations, 300);
        if (run == 0)
            snprintf(first, sizeof first, "%s", info.best);
        assert_string_equal(info.best, first);
        pl_search_free(s);
    }
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A win in three is proven by the first search; after the opponent's
 * reply the kept subtree already knows the win: no iteration is needed. */
static void test_tree_reuse(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("tests/positions/search_ttt_fork.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_search *s = pt_new_search(prog, "mcts:iterations=5000,seed=1");
    pl_search_info info;
    int i = think(s, st, &ml, &info);
    assert_string_equal(info.best, "c3");
    assert_int_equal(info.proven, 1);
    assert_true(info.iterations < 5000);          /* stopped when proven */
    pl_search_played(s, info.best);
    pl_apply(st, &ml, i);
    for (int reply = 0; reply < 2; reply++) {     /* o blocks c2, or b2 */
        assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
        int j = pl_movelist_find(&ml, reply ? "b2" : "c2");
        assert_true(j >= 0);
        pl_search_played(s, pl_move_text(&ml, j));
        pl_apply(st, &ml, j);
        think(s, st, &ml, &info);
        assert_int_equal(info.proven, 1);
        /* proven at once: the root screen proved c3 (a win in two) after
           the first search's first iteration, before the tree under it
           was built, so the win in one here takes one expansion */
        assert_true(info.iterations <= 1);
        assert_int_equal(pt_result_after(st, &ml, pl_movelist_find(&ml, info.best)), 0);
        /* back to the position before the reply: undo drops the tree */
        pl_undo(st);
        pl_search_undo(s);
        if (reply == 0) {
            assert_int_equal(pt_status(st, &ml), PL_RESULT_NONE);
            think(s, st, &ml, &info);             /* a new tree */
            assert_true(info.iterations > 0);
        }
    }
    pl_search_free(s);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Tic-tac-toe is a draw: strong enough players never lose it.  The MCTS
 * player keeps its tree from move to move. */
static void play_ttt(const char *a, const char *b, int want)
{
    pl_program *prog = pt_compile("games/alignment/tic-tac-toe.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_search *s[2] = {pt_new_search(prog, a), pt_new_search(prog, b)};
    int r;
    while ((r = pt_status(st, &ml)) == PL_RESULT_NONE) {
        pl_search_info info;
        int i = think(s[pl_state_to_move(st)], st, &ml, &info);
        for (int k = 0; k < 2; k++)
            pl_search_played(s[k], pl_move_text(&ml, i));
        pl_apply(st, &ml, i);
    }
    assert_int_equal(r, want);
    pl_search_free(s[0]);
    pl_search_free(s[1]);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

static void test_ttt_draws(void **state)
{
    (void)state;
    play_ttt("mcts:iterations=20000,seed=1", "mcts:iterations=20000,seed=2", 2);
    play_ttt("alphabeta:depth=9", "alphabeta:depth=9", 2);
    play_ttt("alphabeta:depth=9", "mcts:iterations=20000,seed=5", 2);
}

/* Random is beaten by either engine (and the random player plays legal
 * moves only). */
static void test_beats_random(void **state)
{
    (void)state;
    play_ttt("alphabeta:depth=9", "random:seed=3", 0);
}

/* --- specs -------------------------------------------------------------------------- */

static void test_specs(void **state)
{
    (void)state;
    pl_player_spec sp;
    char err[256];
    assert_int_equal(pl_player_spec_parse("human", 0, &sp, err, sizeof err), PL_OK);
    assert_int_equal(sp.kind, PL_PLAYER_HUMAN);
    assert_int_equal(pl_player_spec_parse("random", 0, &sp, err, sizeof err), 0);
    assert_int_equal(sp.kind, PL_PLAYER_RANDOM);

    /* ai: MCTS, 1 s by default, the level's budget otherwise */
    assert_int_equal(pl_player_spec_parse("ai", 0, &sp, err, sizeof err), 0);
    assert_int_equal(sp.kind, PL_PLAYER_MCTS);
    assert_true(sp.time == 1.0 && sp.iterations == 0);
    assert_int_equal(pl_player_spec_parse("ai", 3, &sp, err, sizeof err), 0);
    assert_true(sp.time == 2 && sp.iterations == 100);  /* capped at 2 s */
    assert_string_equal(sp.text, "ai:level=3");
    /* every level is bounded in time (docs/engine.md, the table) */
    static const double cap[PL_LEVEL_MAX + 1] = {0, 0.5, 1, 2, 3, 5, 10, 1, 3, 10, 30};
    for (int lv = PL_LEVEL_MIN; lv <= PL_LEVEL_MAX; lv++) {
        char text[32];
        snprintf(text, sizeof text, "mcts:level=%d", lv);
        assert_int_equal(pl_player_spec_parse(text, 0, &sp, err, sizeof err), 0);
        assert_true(sp.time == cap[lv]);
        assert_true(lv <= 6 ? sp.iterations > 0 : sp.iterations == 0);
        snprintf(text, sizeof text, "alphabeta:level=%d", lv);
        assert_int_equal(pl_player_spec_parse(text, 0, &sp, err, sizeof err), 0);
        assert_true(sp.time == cap[lv]);
        assert_int_equal(sp.depth, lv <= 6 ? lv + 1 : 0);   /* one ply more than the level */
    }
    /* a named budget has no cap: reproducible anywhere */
    assert_int_equal(pl_player_spec_parse("mcts:iterations=300", 4, &sp, err, sizeof err), 0);
    assert_true(sp.time == 0 && sp.iterations == 300);

    assert_int_equal(pl_player_spec_parse("mcts:time=2.5,threads=4,seed=9,c=0.7,"
                                          "playout=greedy,eps=0.2", 5, &sp, err,
                                          sizeof err), 0);
    assert_int_equal(sp.kind, PL_PLAYER_MCTS);
    assert_true(sp.time == 2.5 && sp.iterations == 0); /* a named budget wins */
    assert_int_equal(sp.threads, 4);
    assert_true(sp.has_seed && sp.seed == 9);
    assert_true(sp.c == 0.7 && sp.epsilon == 0.2);
    assert_int_equal(sp.playout, PL_PLAYOUT_GREEDY);
    assert_int_equal(sp.decisive, 0);               /* MCTS: off unless asked */
    assert_int_equal(sp.cutoff, PL_MCTS_CUTOFF_DEFAULT);
    assert_int_equal(pl_player_spec_parse("mcts:decisive=on,cutoff=6", 0, &sp, err,
                                          sizeof err), 0);
    assert_true(sp.decisive == 1 && sp.cutoff == 6);
    assert_int_equal(pl_player_spec_parse("alphabeta", 0, &sp, err, sizeof err), 0);
    assert_int_equal(sp.decisive, PL_DECISIVE_ON);  /* alpha-beta: on */
    assert_int_equal(pl_player_spec_parse("alphabeta:decisive=root", 0, &sp, err,
                                          sizeof err), 0);
    assert_int_equal(sp.decisive, PL_DECISIVE_ROOT);
    assert_int_equal(pl_player_spec_parse("alphabeta:decisive=off", 0, &sp, err,
                                          sizeof err), 0);
    assert_int_equal(sp.decisive, 0);

    assert_int_equal(pl_player_spec_parse("alphabeta:depth=6,time=3", 0, &sp, err,
                                          sizeof err), 0);
    assert_int_equal(sp.kind, PL_PLAYER_ALPHABETA);
    assert_true(sp.depth == 6 && sp.time == 3.0);
    assert_int_equal(pl_player_spec_parse("alphabeta:level=4", 0, &sp, err,
                                          sizeof err), 0);
    assert_int_equal(sp.depth, 5);   /* one ply more than the level */

    static const char *const bad[][2] = {
        {"robot", "unknown player 'robot'"},
        {"mcts:tme=2", "unknown key 'tme'"},
        {"mcts:depth=2", "unknown key 'depth'"},
        {"alphabeta:iterations=9", "unknown key 'iterations'"},
        {"mcts:time=0", "time must be"},
        {"mcts:time=abc", "time must be"},
        {"mcts:threads=0", "threads must be"},
        {"mcts:playout=smart", "playout must be random or greedy"},
        {"alphabeta:depth=65", "depth must be"},
        {"mcts:level=11", "level must be"},
        {"mcts:time", "expected KEY=VALUE"},
        {"human:time=1", "takes no options"},
        {"mcts:decisive=yes", "decisive must be on or off"},
        {"mcts:decisive=cutoff", "decisive must be on or off"},
        {"mcts:decisive=root", "decisive must be on or off"},
        {"mcts:cutoff=-1", "cutoff must be"},
        {"alphabeta:cutoff=4", "unknown key 'cutoff'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(pl_player_spec_parse(bad[i][0], 0, &sp, err, sizeof err),
                         PL_ERR_ARGUMENT);
        if (!strstr(err, bad[i][1]))
            fprintf(stderr, "'%s': message '%s' lacks '%s'\n", bad[i][0], err,
                    bad[i][1]);
        assert_non_null(strstr(err, bad[i][1]));
    }
}

/* --- records --------------------------------------------------------------------------- */

static void test_record_round_trip(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/chess/knight-chase.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_search *s[2] = {pt_new_search(prog, "mcts:iterations=200,seed=4"),
                       pt_new_search(prog, "random:seed=4")};
    pl_record rec;
    pl_record_init(&rec);
    assert_int_equal(pl_record_set(&rec.game, "knight-chase"), 0);
    rec.rules = prog->source_hash;
    rec.has_rules = 1;
    assert_int_equal(pl_record_set(&rec.players[0], "mcts:iterations=200,seed=4"), 0);
    assert_int_equal(pl_record_set(&rec.players[1], "random:seed=4"), 0);
    assert_int_equal(pl_record_stamp(&rec), 0);
    int r;
    while ((r = pt_status(st, &ml)) == PL_RESULT_NONE) {
        pl_search_info info;
        int i = think(s[pl_state_to_move(st)], st, &ml, &info);
        assert_int_equal(pl_record_add_move(&rec, pl_move_text(&ml, i)), 0);
        pl_apply(st, &ml, i);
    }
    char buf[64];
    assert_int_equal(pl_record_set(&rec.result, pl_result_text(prog, r, buf, sizeof buf)), 0);

    char path[] = "/tmp/plateau-test-record.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char err[512];
    assert_int_equal(pl_record_save(&rec, path, err, sizeof err), 0);
    pl_record back;
    assert_int_equal(pl_record_load(&back, path, err, sizeof err), 0);
    unlink(path);

    assert_string_equal(back.game, rec.game);
    assert_true(back.has_rules && back.rules == rec.rules);
    assert_string_equal(back.players[0], rec.players[0]);
    assert_string_equal(back.players[1], rec.players[1]);
    assert_null(back.players[2]);
    assert_string_equal(back.date, rec.date);
    assert_int_equal(strlen(back.date), 20);     /* 2026-11-22T21:00:00Z */
    assert_string_equal(back.result, rec.result);
    assert_int_equal(back.nmoves, rec.nmoves);
    for (int k = 0; k < rec.nmoves; k++)
        assert_string_equal(back.moves[k], rec.moves[k]);

    /* replaying the loaded moves gives the same game and result */
    pl_state *st2 = pl_state_new(prog);
    for (int k = 0; k < back.nmoves; k++) {
        assert_int_equal(pt_status(st2, &ml), PL_RESULT_NONE);
        int i = pl_movelist_find(&ml, back.moves[k]);
        assert_true(i >= 0);
        pl_apply(st2, &ml, i);
    }
    int r2 = pt_status(st2, &ml);
    assert_int_equal(r2, r);
    assert_string_equal(pl_result_text(prog, r2, buf, sizeof buf), back.result);
    assert_int_equal(pl_state_hash(st2), pl_state_hash(st));

    /* a file that is not a record */
    FILE *f = fopen(path, "w");
    fputs("hello\n", f);
    fclose(f);
    pl_record bad;
    assert_int_equal(pl_record_load(&bad, path, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a game record"));
    unlink(path);

    pl_record_free(&back);
    pl_record_free(&rec);
    pl_search_free(s[0]);
    pl_search_free(s[1]);
    pl_state_free(st2);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* A level counted in iterations stops at its time cap in a game whose
 * iterations are slow: Gygès, where 30 iterations (level 2) take about
 * 1.8 s from the start on a 2026 laptop core; the cap is 1 s. */
static void test_level_time_cap(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/race/gyges.game");
    pl_state *st = pl_state_new(prog);
    pl_movelist ml;
    pl_movelist_init(&ml);
    pl_player_spec spec;
    char err[256];
    assert_int_equal(pl_player_spec_parse("mcts:seed=1", 2, &spec, err, sizeof err), 0);
    assert_true(spec.iterations == 30 && spec.time == 1.0);
    pl_search *s = pl_search_new(prog, &spec);
    assert_non_null(s);
    pl_search_info info;
    double start = pl_now();
    think(s, st, &ml, &info);
    double took = pl_now() - start;
    /* The cap is checked between iterations: allow a few of them (their
     * time grows with the machine's load), at least half a second.  Without
     * the cap, 30 iterations take far longer than the cap plus three. */
    double per = took / (double)(info.iterations > 0 ? info.iterations : 1);
    double slack = 3 * per > 0.5 ? 3 * per : 0.5;
    if (took > spec.time + slack)
        fail_msg("a level-2 move took %.2f s (%lld iterations); its cap is %.1f s",
                 took, info.iterations, spec.time);
    pl_search_free(s);
    pl_movelist_free(&ml);
    pl_state_free(st);
    pl_program_free(prog);
}

/* Write `text` to a fresh file; its path in `path` (a mkstemp template). */
static void write_file(char *path, const char *text)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Any move text and any value survive a save and a load: blanks, commas,
 * quotes, backslashes, control bytes, UTF-8, the empty text. */
static void test_record_texts(void **state)
{
    (void)state;
    static const char *const moves[] = {
        "huff b5", "a,b", "\"", "\\", "x\ny", "\nend 0\nmoves z", "tab\there",
        "cr\r", "\x01\x1f\x7f", "", " lead", "trail ", "caf\xc3\xa9", "#c",
        "\"quoted\"", "\\x41", "plain", "b1-b3", "e6!d7",
    };
    enum { NM = sizeof moves / sizeof moves[0] };
    pl_record rec;
    pl_record_init(&rec);
    assert_int_equal(pl_record_set(&rec.game, " /tmp/a \"game\"\nresult x wins"), 0);
    assert_int_equal(pl_record_set(&rec.players[0], "ugi:plateau ugi \\ x"), 0);
    assert_int_equal(pl_record_set(&rec.players[1], "\"q"), 0);
    assert_int_equal(pl_record_set(&rec.result, "a\tb wins "), 0);
    for (int round = 0; round < 3; round++) /* more than one `moves` line */
        for (int k = 0; k < NM; k++)
            assert_int_equal(pl_record_add_move(&rec, moves[k]), 0);

    char path[] = "/tmp/plateau-test-record.XXXXXX";
    write_file(path, "");
    char err[512];
    assert_int_equal(pl_record_save(&rec, path, err, sizeof err), 0);
    pl_record back;
    if (pl_record_load(&back, path, err, sizeof err) != 0)
        fail_msg("%s", err);
    unlink(path);
    assert_string_equal(back.game, rec.game);
    assert_string_equal(back.players[0], rec.players[0]);
    assert_string_equal(back.players[1], rec.players[1]);
    assert_string_equal(back.result, rec.result);
    assert_int_equal(back.nmoves, 3 * NM);
    for (int k = 0; k < back.nmoves; k++)
        assert_string_equal(back.moves[k], moves[k % NM]);
    pl_record_free(&back);
    pl_record_free(&rec);
}

/* Records of formats 1 and 2 are read as they were written (a quote is an
 * ordinary character there); bad quoting in format 3 is an error that
 * names the line. */
static void test_record_formats(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int nmoves;            /* -1: refused */
        const char *last;      /* the last move, or a part of the error */
    } cases[] = {
        {"game g\nmoves a1 \"b2\"\n", 2, "\"b2\""},
        {"format 2\ngame \"g\"\nmoves a1,\"b 2\"\nend 3\n", 3, "2\""},
        {"format 3\ngame g\nmoves a1,\"b 2\"\nend 2\n", 2, "b 2"},
        {"format 3\ngame \"g\"\nmoves \"\" \"\\x41\\t\"\nend 2\n", 2, "A\t"},
        {"format 3\ngame g\nmoves \"b2\nend 1\n", -1, ":3: a quoted text has no closing quote"},
        {"format 3\ngame g\nmoves \"b\\q\"\nend 1\n", -1, ":3: a quoted text has an unknown escape"},
        {"format 3\ngame g\nmoves \"b\\x0\"\nend 1\n", -1, ":3: a quoted text has a bad \\x escape"},
        {"format 3\ngame g\nmoves \"b\\x00\"\nend 1\n", -1, ":3: a quoted text has a bad \\x escape"},
        {"format 3\ngame g\nmoves \"b\"c\nend 1\n", -1, ":3: a quoted move text must be followed"},
        {"format 3\ngame \"g\" x\nend 0\n", -1, ":2: text after a quoted value"},
        {"game \"g\"\nformat 3\nend 0\n", -1, ":2: the 'format' line must come before"},
        {"format 4\ngame g\nend 0\n", -1, "record format 4 is newer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[] = "/tmp/plateau-test-record.XXXXXX";
        write_file(path, cases[i].text);
        pl_record r;
        char err[512];
        int rc = pl_record_load(&r, path, err, sizeof err);
        unlink(path);
        if (cases[i].nmoves < 0) {
            if (rc == 0 || !strstr(err, cases[i].last))
                fail_msg("case %zu: expected an error with '%s', got %s", i,
                         cases[i].last, rc == 0 ? "none" : err);
            continue;
        }
        if (rc != 0)
            fail_msg("case %zu: %s", i, err);
        assert_int_equal(r.nmoves, cases[i].nmoves);
        assert_string_equal(r.moves[r.nmoves - 1], cases[i].last);
        pl_record_free(&r);
    }
}

int main(void)
{
    pt_init();
    enum {
        NWIN = sizeof win_positions / sizeof win_positions[0],
        NSAVE = sizeof save_positions / sizeof save_positions[0],
        NGAMES = sizeof games / sizeof games[0],
        NTHREADED = sizeof threaded_games / sizeof threaded_games[0],
        NT = NWIN + NSAVE + NGAMES + NTHREADED + 11
    };
    static char names[NT][96];
    struct CMUnitTest tests[NT];
    int n = 0;
    for (int i = 0; i < NWIN; i++) {
        snprintf(names[n], sizeof names[n], "finds the win: %s", strrchr(win_positions[i].path, '/') + 1);
        tests[n] = (struct CMUnitTest){names[n], test_finds_win, NULL, NULL, (void *)&win_positions[i]};
        n++;
    }
    for (int i = 0; i < NSAVE; i++) {
        snprintf(names[n], sizeof names[n], "finds the save: %s", strrchr(save_positions[i].path, '/') + 1);
        tests[n] = (struct CMUnitTest){names[n], test_finds_save, NULL, NULL, (void *)&save_positions[i]};
        n++;
    }
    for (int i = 0; i < NGAMES; i++) {
        snprintf(names[n], sizeof names[n], "state unchanged: %s", strrchr(games[i].path, '/') + 1);
        tests[n] = (struct CMUnitTest){names[n], test_state_unchanged, NULL, NULL, (void *)&games[i]};
        n++;
    }
    for (int i = 0; i < NTHREADED; i++) {
        snprintf(names[n], sizeof names[n], "threads: state unchanged: %s",
                 strrchr(threaded_games[i].path, '/') + 1);
        tests[n] = (struct CMUnitTest){names[n], test_state_unchanged, NULL, NULL,
                                       (void *)&threaded_games[i]};
        n++;
    }
    tests[n++] = (struct CMUnitTest){"seed reproducible", test_seed_reproducible, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"tree reuse", test_tree_reuse, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"tic-tac-toe draws", test_ttt_draws, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"beats random", test_beats_random, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"specs", test_specs, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"level time cap", test_level_time_cap, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"record round trip", test_record_round_trip, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"record texts", test_record_texts, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"record formats", test_record_formats, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"decisive playouts", test_decisive_playouts, NULL, NULL, NULL};
    tests[n++] = (struct CMUnitTest){"finds a win over two moves in a row",
                                     test_finds_win_over_two_moves_in_a_row, NULL, NULL, NULL};
    return _cmocka_run_group_tests("test_search", tests, (size_t)n, NULL, NULL);
}
