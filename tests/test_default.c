/*
 * test_default.c -- the default computer player, `ai`, is the engine the
 * game file names (its `engine` declaration, chosen by measurement with
 * tests/strength/tune; docs/engine.md, "The default player per game").
 *
 * A game with `engine alphabeta` gets alpha-beta as `ai` (and it is
 * alpha-beta that searches: nodes, no iterations), at the budgets of the
 * same level; `engine mcts` and a game without the declaration keep
 * MCTS, the default before.  A spec that names its engine is never
 * changed.  A bad engine name is a compile error at the name, a second
 * declaration an error at the second; the name survives the bytecode, and
 * bytecode naming another engine is refused.  `ai` takes only the keys
 * that mean the same in every engine.  The founding games name the
 * engine their tuning chose.
 *
 * Also the rest of issue 16's engine work: `match` reports each player's
 * search speed per phase (the thirds of each game), which add up to the
 * totals and survive --json; MCTS's progressive bias (bias=on) changes
 * the search only where the game has `evaluate`, and only once a node
 * has its visits.
 */
#include <math.h>
#include "plateau_test.h"
#include "cli.h"
#include "cli_tourney.h"

#define TTT "games/alignment/tic-tac-toe.game"

/* The rest of an open file from its start, as a string (malloc'ed); the
 * file is closed. */
static char *slurp(FILE *f)
{
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* Tic-tac-toe without its own `engine` line and with `line` added before
 * its first line (declarations may come in any order), compiled; NULL and
 * the diagnostics in *diags when it does not compile. */
static pl_program *ttt_with(const char *line, pl_diags *diags)
{
    FILE *f = fopen(TTT, "r");
    assert_non_null(f);
    char *game = slurp(f);
    size_t len = strlen(game);
    char *own = strstr(game, "\nengine ");   /* the shipped file's own choice: out */
    if (own)
        own[1] = '#';
    size_t n = strlen(line) + len + 2;
    char *text = malloc(n);
    assert_non_null(text);
    snprintf(text, n, "%s\n%s", line, game);
    pl_program *prog = NULL;
    pl_load_string("ttt-engine.game", text, strlen(text), diags, &prog);
    free(text);
    free(game);
    return prog;
}

static pl_program *must_compile(const char *line)
{
    pl_diags *d = pl_diags_new();
    pl_program *prog = ttt_with(line, d);
    if (!prog)
        pl_diags_print(d, stderr);
    assert_non_null(prog);
    pl_diags_delete(d);
    return prog;
}

/* `text` parsed at `level`, then made the game's. */
static pl_player_spec spec_for(const char *text, int level, const pl_program *prog)
{
    pl_player_spec spec;
    char err[256];
    pl_err rc = pl_player_spec_parse(text, level, &spec, err, sizeof err);
    if (rc != PL_OK)
        fprintf(stderr, "spec '%s': %s\n", text, err);
    assert_int_equal(rc, PL_OK);
    pl_player_spec_for_game(&spec, prog);
    return spec;
}

/* One search from the start by a pl_search made from the unresolved spec
 * `text` (pl_search_new applies the game's engine itself): its kind, and
 * the work it reports in *iterations and *nodes. */
static pl_player_kind searched_by(const pl_program *prog, const char *text,
                                  long long *iterations, long long *nodes)
{
    pl_player_spec spec;
    char err[256];
    assert_int_equal(pl_player_spec_parse(text, 2, &spec, err, sizeof err), PL_OK);
    spec.has_seed = 1;
    spec.seed = 7;
    pl_search *s = pl_search_new(prog, &spec);
    assert_non_null(s);
    pl_state *st = pl_state_new(prog);
    pl_search_info info;
    int move = -1;
    assert_int_equal(pl_search_think(s, st, &move, &info), PL_OK);
    assert_true(move >= 0);
    *iterations = info.iterations;
    *nodes = info.nodes;
    pl_player_kind kind = pl_search_spec(s)->kind;
    pl_state_free(st);
    pl_search_free(s);
    return kind;
}

static void test_alphabeta_named(void **state)
{
    (void)state;
    pl_program *prog = must_compile("engine alphabeta");
    assert_string_equal(pl_program_engine(prog), "alphabeta");

    /* the levels' budgets, of alpha-beta now: depth at 1-6, time at 7-10 */
    pl_player_spec spec = spec_for("ai", 3, prog);
    assert_int_equal(spec.kind, PL_PLAYER_ALPHABETA);
    assert_int_equal(spec.depth, 4);
    assert_int_equal(spec.iterations, 0);
    assert_true(spec.time == 2);                  /* level 3's cap */
    assert_int_equal(spec.decisive, PL_DECISIVE_ON);
    char buf[128];
    assert_string_equal(pl_player_spec_describe(&spec, buf, sizeof buf),
                        "alphabeta depth 4, 2 s");
    spec = spec_for("ai", 0, prog);               /* the default level: 1 s */
    assert_int_equal(spec.kind, PL_PLAYER_ALPHABETA);
    assert_int_equal(spec.depth, 0);
    assert_true(spec.time == 1);
    spec = spec_for("ai:time=0.25,seed=4", 0, prog);
    assert_int_equal(spec.kind, PL_PLAYER_ALPHABETA);
    assert_true(spec.time == 0.25);
    assert_int_equal(spec.depth, 0);
    pl_player_spec again = spec;                  /* applying it twice changes nothing */
    pl_player_spec_for_game(&again, prog);
    assert_memory_equal(&again, &spec, sizeof spec);

    /* what pl_search_new builds from a bare "ai" searches as alpha-beta */
    long long iterations, nodes;
    assert_int_equal(searched_by(prog, "ai", &iterations, &nodes), PL_PLAYER_ALPHABETA);
    assert_int_equal(iterations, 0);
    assert_true(nodes > 0);

    /* a spec naming its engine stays that engine */
    spec = spec_for("mcts", 3, prog);
    assert_int_equal(spec.kind, PL_PLAYER_MCTS);
    assert_int_equal(spec.iterations, 100);
    assert_int_equal(searched_by(prog, "mcts:iterations=50", &iterations, &nodes),
                     PL_PLAYER_MCTS);
    assert_int_equal(iterations, 50);
    pl_program_free(prog);
}

static void test_mcts_and_none(void **state)
{
    (void)state;
    const char *lines[] = {"engine mcts", "# no engine"};
    for (int k = 0; k < 2; k++) {
        pl_program *prog = must_compile(lines[k]);
        if (k == 0)
            assert_string_equal(pl_program_engine(prog), "mcts");
        else
            assert_null(pl_program_engine(prog));
        pl_player_spec spec = spec_for("ai", 3, prog);
        assert_int_equal(spec.kind, PL_PLAYER_MCTS);
        assert_int_equal(spec.iterations, 100);
        assert_int_equal(spec.depth, 0);
        assert_int_equal(spec.decisive, PL_DECISIVE_OFF);
        long long iterations, nodes;
        assert_int_equal(searched_by(prog, "ai", &iterations, &nodes), PL_PLAYER_MCTS);
        assert_true(iterations > 0);
        /* an alpha-beta spec is not turned into the game's MCTS */
        assert_int_equal(searched_by(prog, "alphabeta:depth=2", &iterations, &nodes),
                         PL_PLAYER_ALPHABETA);
        assert_true(nodes > 0);
        pl_program_free(prog);
    }
}

/* Compile `line` + tic-tac-toe, which must fail with one error at
 * line 1, column `col`, whose message holds `want`. */
static void expect_error(const char *line, int at_line, int col, const char *want)
{
    pl_diags *d = pl_diags_new();
    pl_program *prog = ttt_with(line, d);
    assert_null(prog);
    assert_int_equal(pl_diags_errors(d), 1);
    const pl_diag *e = pl_diags_get(d, 0);
    if (!strstr(e->message, want))
        fprintf(stderr, "got: %s\n", e->message);
    assert_non_null(strstr(e->message, want));
    assert_int_equal(e->line, at_line);
    assert_int_equal(e->col, col);
    pl_diags_delete(d);
}

static void test_bad_engine(void **state)
{
    (void)state;
    expect_error("engine alphabta", 1, 8, "unknown engine 'alphabta' (mcts or alphabeta)");
    expect_error("engine random", 1, 8, "unknown engine 'random'");
    expect_error("engine ai", 1, 8, "unknown engine 'ai'");
    expect_error("engine mcts\nengine alphabeta", 2, 8, "the engine is declared twice");
    expect_error("engine", 1, 7, "expecting name");
}

static void test_bytecode(void **state)
{
    (void)state;
    pl_program *prog = must_compile("engine alphabeta");
    uint8_t *data;
    size_t len;
    assert_int_equal(pl_program_write(prog, &data, &len), PL_OK);
    pl_program *back = NULL;
    assert_int_equal(pl_load_string("ttt.pbc", (const char *)data, len, NULL, &back), PL_OK);
    assert_string_equal(pl_program_engine(back), "alphabeta");
    pl_program_free(back);

    /* the same file naming an engine the compiler would refuse */
    uint8_t *at = NULL;
    for (size_t i = 0; i + 9 <= len && !at; i++)
        if (memcmp(data + i, "alphabeta", 9) == 0)
            at = data + i;
    assert_non_null(at);
    at[8] = 'x';
    pl_diags *d = pl_diags_new();
    assert_int_equal(pl_load_string("bad.pbc", (const char *)data, len, d, &back),
                     PL_ERR_BYTECODE);
    assert_null(back);
    char *text = pt_diags_text(d);
    if (!strstr(text, "engine"))
        fprintf(stderr, "got: %s\n", text);
    assert_non_null(strstr(text, "the engine of ai is neither mcts nor alphabeta"));
    free(text);
    pl_diags_delete(d);
    pl_free(data);
    pl_program_free(prog);
}

static void test_ai_keys(void **state)
{
    (void)state;
    pl_player_spec spec;
    char err[256];
    const char *engine_keys[] = {"ai:iterations=5", "ai:depth=2", "ai:threads=2",
                                 "ai:cutoff=4", "ai:lmr=off"};
    for (size_t i = 0; i < sizeof engine_keys / sizeof engine_keys[0]; i++) {
        assert_int_equal(pl_player_spec_parse(engine_keys[i], 0, &spec, err, sizeof err),
                         PL_ERR_ARGUMENT);
        assert_non_null(strstr(err, "'ai' takes the keys time, level and seed"));
    }
    assert_int_equal(pl_player_spec_parse("ai:tme=1", 0, &spec, err, sizeof err),
                     PL_ERR_ARGUMENT);
    assert_non_null(strstr(err, "(keys: time, level, seed)"));
    assert_int_equal(pl_player_spec_parse("ai:level=4,seed=2", 0, &spec, err, sizeof err),
                     PL_OK);
    assert_true(spec.ai);
    assert_int_equal(pl_player_spec_parse("mcts:iterations=5", 0, &spec, err, sizeof err),
                     PL_OK);
    assert_false(spec.ai);
}

/* The founding games and Knightthrough were tuned (docs/engine.md, "The
 * default player per game"): each records the engine that won, and `ai`
 * is that engine. */
static void test_founding_games_tuned(void **state)
{
    (void)state;
    static const char *const games[] = {
        "games/race/breakthrough.game", "games/connection/lines-of-action.game",
        "games/west-african/yote.game", "games/west-african/wali.game",
        "games/race/gyges.game", "games/draughts/ruches.game",
        "games/chess/knight-chase.game", "games/west-african/dara.game", TTT,
        "games/race/knightthrough.game",   /* imports Breakthrough, measured on its own */
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        pl_program *prog = pt_compile(games[i]);
        const char *engine = pl_program_engine(prog);
        if (!engine)
            fprintf(stderr, "%s names no engine: run tests/strength/tune\n", games[i]);
        assert_non_null(engine);
        pl_player_spec spec = spec_for("ai", 0, prog);
        assert_int_equal(spec.kind, strcmp(engine, "alphabeta") == 0 ? PL_PLAYER_ALPHABETA
                                                                    : PL_PLAYER_MCTS);
        pl_program_free(prog);
    }
}

/* --- speed per phase (cli_match, cli_tourney) ------------------------------------ */

/* A game's plies fall in thirds, in order, of sizes that differ by one at
 * most, whatever its length. */
static void test_phase_of_ply(void **state)
{
    (void)state;
    assert_int_equal(pl_tourney_phase(0, 30), 0);
    assert_int_equal(pl_tourney_phase(9, 30), 0);
    assert_int_equal(pl_tourney_phase(10, 30), 1);
    assert_int_equal(pl_tourney_phase(19, 30), 1);
    assert_int_equal(pl_tourney_phase(20, 30), 2);
    assert_int_equal(pl_tourney_phase(29, 30), 2);
    assert_int_equal(pl_tourney_phase(40, 30), 2);   /* past the end: the end */
    assert_int_equal(pl_tourney_phase(3, 0), 0);
    for (int plies = 1; plies <= 100; plies++) {
        int size[PL_TOURNEY_PHASES] = {0, 0, 0}, last = 0;
        for (int ply = 0; ply < plies; ply++) {
            int p = pl_tourney_phase(ply, plies);
            assert_true(p >= last && p < PL_TOURNEY_PHASES);
            last = p;
            size[p]++;
        }
        for (int p = 0; p < PL_TOURNEY_PHASES; p++)
            assert_true(size[p] >= plies / 3 && size[p] <= plies / 3 + 1);
    }
}

/* What `match` prints after its games (malloc'ed). */
static char *report_of(const pl_tourney *t)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    pl_tourney_print_match(t, 1.0, f);
    return slurp(f);
}

/* A run of one game by hand: p1 searched 2 moves in the opening (0.5 s,
 * 1000 iterations in all) and one at the end; p2 (alpha-beta) one in the
 * middle. */
static void one_game_run(pl_tourney *t)
{
    pl_tourney_init(t);
    t->command = pl_strdup("match");
    t->game = pl_strdup("tic-tac-toe");
    t->title = pl_strdup("Tic-tac-toe");
    t->nplayers = 2;
    t->seat_names[0] = pl_strdup("x");
    t->seat_names[1] = pl_strdup("o");
    for (int k = 0; k < 2; k++) {
        t->spec[k] = pl_strdup(k ? "alphabeta:depth=2" : "mcts:iterations=500");
        t->describe[k] = pl_strdup(k ? "alphabeta depth 2" : "mcts 500 iterations");
        t->unit[k] = pl_strdup(k ? "nodes" : "iterations");
    }
    t->total = 1;
    t->max_plies = 1000;
    pl_tourney_game *g = pl_tourney_add_game(t);
    g->seed = pl_tourney_game_seed(0, 0);
    g->seat_player[1] = 1;
    g->outcome = PL_TOURNEY_DRAW;
    g->result = pl_strdup("draw");
    g->plies = 9;
    const struct { int k, ply; double s; long long work; } searches[] = {
        {0, 0, 0.25, 400}, {0, 2, 0.25, 600}, {1, 4, 0.1, 3000}, {0, 8, 0.5, 100},
    };
    for (int i = 0; i < 4; i++) {
        int k = searches[i].k;
        g->think[k] += searches[i].s;
        g->work[k] += searches[i].work;
        g->chosen[k]++;
        pl_tourney_game_add_phase(g, k, pl_tourney_phase(searches[i].ply, g->plies),
                                  searches[i].s, searches[i].work);
    }
    for (int i = 0; i < 9; i++)
        pl_tourney_game_add_move(g, "a1");
}

static void expect_phase_lines(const char *report)
{
    const char *want[] = {
        "p1 search: 0.333 s/move, 1100 iterations/s\n"
        "  opening:  0.250 s/move, 2000 iterations/s, 1000 iterations over 2 moves\n"
        "  end:      0.500 s/move, 200 iterations/s, 100 iterations over 1 move\n",
        "p2 search: 0.100 s/move, 30000 nodes/s\n"
        "  middle:   0.100 s/move, 30000 nodes/s, 3000 nodes over 1 move\n",
    };
    for (int i = 0; i < 2; i++) {
        if (!strstr(report, want[i]))
            fprintf(stderr, "report:\n%s", report);
        assert_non_null(strstr(report, want[i]));
    }
}

/* The report by phase, and the phases through --json and back (what
 * `merge` reads): the same report.  A file of an older version, without
 * phases, still reads, and reports none. */
static void test_phases_reported_and_kept(void **state)
{
    (void)state;
    pl_tourney t, back, old;
    one_game_run(&t);
    char *report = report_of(&t);
    expect_phase_lines(report);

    char path[] = "/tmp/plateau-test-default-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(pl_tourney_write_json(&t, path), 0);
    char err[256] = "";
    pl_tourney_init(&back);
    if (pl_tourney_read_json(&back, path, err, sizeof err) != 0)
        fprintf(stderr, "read: %s\n", err);
    assert_int_equal(back.ngames, 1);
    char *again = report_of(&back);
    assert_string_equal(again, report);

    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char *json = slurp(in);
    int removed = 0;
    for (char *at; (at = strstr(json, ", \"phases\": [")) != NULL; removed++) {
        char *close = strchr(at, ']');   /* the phases' objects hold no array */
        assert_non_null(close);
        memmove(at, close + 1, strlen(close + 1) + 1);
    }
    assert_int_equal(removed, 2);
    assert_null(strstr(json, "phases"));
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(json, f);
    fclose(f);
    pl_tourney_init(&old);
    if (pl_tourney_read_json(&old, path, err, sizeof err) != 0)
        fprintf(stderr, "read old: %s\n", err);
    assert_int_equal(old.ngames, 1);
    char *plain = report_of(&old);
    assert_non_null(strstr(plain, "p1 search: 0.333 s/move, 1100 iterations/s\n"));
    assert_null(strstr(plain, "opening:"));
    remove(path);
    free(json);
    free(plain);
    free(again);
    free(report);
    pl_tourney_free(&old);
    pl_tourney_free(&back);
    pl_tourney_free(&t);
}

/* A real match, through the command: every search counted in one phase,
 * the phases adding up to the totals. */
static void test_match_phases_add_up(void **state)
{
    (void)state;
    char path[] = "/tmp/plateau-test-default-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char *argv[] = {"match", "games/race/breakthrough.game", "--p1", "mcts:iterations=30",
                    "--p2", "alphabeta:depth=1", "--games", "2", "--seed", "3",
                    "--json", path, NULL};
    assert_int_equal(pl_cli_match(12, argv), PL_EXIT_OK);
    pl_tourney t;
    pl_tourney_init(&t);
    char err[256] = "";
    if (pl_tourney_read_json(&t, path, err, sizeof err) != 0)
        fprintf(stderr, "read: %s\n", err);
    assert_int_equal(t.ngames, 2);
    for (int i = 0; i < t.ngames; i++) {
        const pl_tourney_game *g = &t.games[i];
        for (int k = 0; k < 2; k++) {
            long long work = 0, chosen = 0;
            double think = 0;
            for (int p = 0; p < PL_TOURNEY_PHASES; p++) {
                work += g->phase_work[k][p];
                chosen += g->phase_chosen[k][p];
                think += g->phase_think[k][p];
                assert_true(g->phase_chosen[k][p] > 0);   /* every third has moves */
            }
            assert_int_equal(work, g->work[k]);
            assert_int_equal(chosen, g->chosen[k]);
            assert_true(fabs(think - g->think[k]) < 1e-3);
        }
        /* p1 runs 30 iterations a move (the root proven sooner: fewer) */
        assert_true(g->phase_work[0][0] <= 30 * g->phase_chosen[0][0]);
    }
    remove(path);
    pl_tourney_free(&t);
}

/* --- MCTS progressive bias (bias=on) ------------------------------------------------ */

/* The move `spec` plays from the start of `prog`, and the iterations it
 * ran; the state is given back as it was. */
static const char *bias_move(const pl_program *prog, const char *spec, char *best, size_t len)
{
    pl_search *s = pt_new_search(prog, spec);
    pl_state *st = pl_state_new(prog);
    uint64_t hash = pl_state_hash(st);
    pl_search_info info;
    int move = -1;
    assert_int_equal(pl_search_think(s, st, &move, &info), PL_OK);
    assert_int_equal(pl_state_hash(st), hash);
    snprintf(best, len, "%s", info.best);
    pl_state_free(st);
    pl_search_free(s);
    return best;
}

static void test_bias_spec(void **state)
{
    (void)state;
    pl_player_spec spec;
    char err[256];
    assert_int_equal(pl_player_spec_parse("mcts", 0, &spec, err, sizeof err), PL_OK);
    assert_int_equal(spec.bias, PL_MCTS_BIAS_DEFAULT);
    assert_int_equal(pl_player_spec_parse("mcts:bias=on", 0, &spec, err, sizeof err), PL_OK);
    assert_int_equal(spec.bias, 1);
    assert_int_equal(pl_player_spec_parse("mcts:bias=off", 0, &spec, err, sizeof err), PL_OK);
    assert_int_equal(spec.bias, 0);
    assert_int_equal(pl_player_spec_parse("mcts:bias=2", 0, &spec, err, sizeof err),
                     PL_ERR_ARGUMENT);
    assert_non_null(strstr(err, "bias must be on or off"));
    assert_int_equal(pl_player_spec_parse("alphabeta:bias=on", 0, &spec, err, sizeof err),
                     PL_ERR_ARGUMENT);
    assert_non_null(strstr(err, "unknown key 'bias'"));
}

/* The bias changes the search only where it should.  In tic-tac-toe (with
 * its `evaluate`), 40 iterations from the start rate the root's children
 * (the root has its 16 visits after 17 iterations): for some seed the
 * move played differs from the one without the bias.  16 iterations rate
 * nothing yet: the same moves, seed for seed.  Without `evaluate` nothing
 * is rated: the same moves too. */
static int same_moves(const pl_program *prog, int iterations)
{
    char on[64], off[64], spec[96];
    int same = 1;
    for (int seed = 1; seed <= 12; seed++) {
        snprintf(spec, sizeof spec, "mcts:iterations=%d,bias=on,seed=%d", iterations, seed);
        bias_move(prog, spec, on, sizeof on);
        snprintf(spec, sizeof spec, "mcts:iterations=%d,bias=off,seed=%d", iterations, seed);
        same &= strcmp(bias_move(prog, spec, off, sizeof off), on) == 0;
    }
    return same;
}

static void test_bias_acts(void **state)
{
    (void)state;
    pl_program *prog = pt_compile(TTT);
    assert_false(same_moves(prog, 40));
    assert_true(same_moves(prog, 16));
    pl_program_free(prog);

    pl_program *plain = NULL;   /* tic-tac-toe without its `evaluate` line */
    {
        FILE *f = fopen(TTT, "r");
        assert_non_null(f);
        char *text = slurp(f);
        char *ev = strstr(text, "\nevaluate ");
        assert_non_null(ev);
        ev[1] = '#';
        char *own = strstr(text, "\nengine ");
        if (own)
            own[1] = '#';
        assert_int_equal(pl_load_string("ttt-plain.game", text, strlen(text), NULL, &plain),
                         PL_OK);
        free(text);
    }
    pl_state *st = pl_state_new(plain);
    int32_t v;
    assert_int_equal(pl_evaluate(st, 0, &v), PL_ERR_NOT_FOUND);
    pl_state_free(st);
    assert_true(same_moves(plain, 40));
    pl_program_free(plain);
}

/* Helper threads rate the nodes of their own trees (run under
 * ThreadSanitizer: the `threads` label). */
static void test_bias_threads(void **state)
{
    (void)state;
    pl_program *prog = pt_compile("games/connection/lines-of-action.game");
    char best[64];
    bias_move(prog, "mcts:iterations=600,threads=2,bias=on,seed=5", best, sizeof best);
    assert_true(best[0] != '\0');
    pl_program_free(prog);
}

int main(void)
{
    pt_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alphabeta_named),
        cmocka_unit_test(test_mcts_and_none),
        cmocka_unit_test(test_bad_engine),
        cmocka_unit_test(test_bytecode),
        cmocka_unit_test(test_ai_keys),
        cmocka_unit_test(test_founding_games_tuned),
        cmocka_unit_test(test_phase_of_ply),
        cmocka_unit_test(test_phases_reported_and_kept),
        cmocka_unit_test(test_match_phases_add_up),
        cmocka_unit_test(test_bias_spec),
        cmocka_unit_test(test_bias_acts),
        {"threads: progressive bias", test_bias_threads, NULL, NULL, NULL},
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
