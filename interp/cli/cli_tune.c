/*
 * cli_tune.c -- `plateau tune`: SPSA over a game's tunable constants by
 * self-play (cli_tune.h), then a verification match of the tuned values
 * against the file's, reported as `match` reports a score and an Elo
 * difference (cli_tourney.c).
 *
 * Two sets of values are two programs, each compiled from the game's
 * source with its values (pl_load_tuned).  A game between them keeps one
 * state per program, each searched by its own player; every move is
 * played on both by its text, and the first program's state judges the
 * end (the values are meant for `evaluate`: a value that changes the
 * rules so that a move is legal for one and not the other stops the run).
 * Games come in pairs on one random opening, each side playing it from
 * both seats, so that a fixed-depth search, which plays the same game
 * every time from a position, still plays different games.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_tourney.h"
#include "cli_tune.h"

/* --- SPSA --------------------------------------------------------------- */

void pl_spsa_init(pl_spsa *s, int n, const int32_t *values, const int32_t *lo,
                  const int32_t *hi, int iterations, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    for (int i = 0; i < n; i++) {
        s->theta[i] = values[i];
        s->lo[i] = lo[i];
        s->hi[i] = hi[i];
    }
    s->c = 0.1;
    s->big_a = iterations / 10.0;
    /* at k = 1, score 1 and a perturbation of c: the step is c, which
       puts the value on theta+ (a_1 / (2c) = c) */
    s->a = 2 * s->c * s->c * pow(1 + s->big_a, 0.602);
    pl_rng_seed(&s->rng, seed);
}

static int32_t clamp_round(double v, int32_t lo, int32_t hi)
{
    double r = floor(v + 0.5);
    return r < lo ? lo : r > hi ? hi : (int32_t)r;
}

void pl_spsa_perturb(pl_spsa *s, int k, int32_t *plus, int32_t *minus)
{
    double ck = s->c / pow(k, 0.101);
    for (int i = 0; i < s->n; i++) {
        double range = (double)s->hi[i] - s->lo[i];
        double d = floor(ck * range + 0.5);
        if (d < 1)
            d = 1;
        s->sign[i] = pl_rng_below(&s->rng, 2) ? 1 : -1;
        plus[i] = clamp_round(s->theta[i] + s->sign[i] * d, s->lo[i], s->hi[i]);
        minus[i] = clamp_round(s->theta[i] - s->sign[i] * d, s->lo[i], s->hi[i]);
    }
}

void pl_spsa_update(pl_spsa *s, int k, const int32_t *plus, const int32_t *minus,
                    double score)
{
    double ak = s->a / pow(k + s->big_a, 0.602), f = 2 * score - 1;
    for (int i = 0; i < s->n; i++) {
        double range = (double)s->hi[i] - s->lo[i];
        if (plus[i] == minus[i] || range <= 0)  /* a range of one value */
            continue;
        /* the perturbation actually played, as a fraction of the range
           (rounding and the bounds make it differ from c_k) */
        double delta = (plus[i] - minus[i]) / range;
        double v = s->theta[i] + ak * f / delta * range;
        s->theta[i] = v < s->lo[i] ? s->lo[i] : v > s->hi[i] ? s->hi[i] : v;
    }
}

void pl_spsa_values(const pl_spsa *s, int32_t *out)
{
    for (int i = 0; i < s->n; i++)
        out[i] = clamp_round(s->theta[i], s->lo[i], s->hi[i]);
}

/* --- games between two sets of values ------------------------------------- */

typedef struct {
    const char *path;                /* the game's source */
    const pl_program *base;          /* with the file's values */
    int n;
    const char *names[PL_TUNE_MAX];
    pl_player_spec spec;
    int openings, max_plies;
    uint64_t seed;
} tune_ctx;

typedef struct {
    pl_program *prog[2];             /* p1's and p2's values */
    pl_state *st[2];
    pl_search *eng[2];
    pl_movelist *ml;
} duel;

/* The game compiled with `values`; NULL when it fails (reported). */
static pl_program *compile_with(const tune_ctx *t, const int32_t *values)
{
    pl_tune_value tv[PL_TUNE_MAX];
    for (int i = 0; i < t->n; i++)
        tv[i] = (pl_tune_value){t->names[i], values[i]};
    pl_diags *d = pl_diags_new();
    pl_program *p = NULL;
    if (!d || pl_load_tuned(t->path, tv, t->n, d, &p) != PL_OK) {
        if (d)
            pl_diags_print(d, stderr);
        pl_cli_fail("tune", "cannot compile %s with the values tried", t->path);
    }
    pl_diags_delete(d);
    return p;
}

static void duel_free(duel *du)
{
    for (int k = 0; k < 2; k++) {
        pl_search_free(du->eng[k]);
        pl_state_free(du->st[k]);
        pl_program_free(du->prog[k]);
    }
    pl_movelist_delete(du->ml);
    memset(du, 0, sizeof *du);
}

/* Play the move `text` on both states and tell both players.  0, or 1
 * (reported) when one side's rules do not have it. */
static int play_text(duel *du, const char *text)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", text);      /* text may live in du->ml */
    for (int k = 0; k < 2; k++) {
        int i = -1;
        if (pl_generate(du->st[k], du->ml) == PL_OK)
            i = pl_movelist_find(du->ml, copy);
        if (i < 0)
            return pl_cli_fail("tune", "the move '%s' is legal with one set of values and "
                               "not with the other: tunables must not change the moves", copy);
        pl_apply(du->st[k], du->ml, i);
        if (pl_search_played(du->eng[k], copy) != PL_OK)
            return pl_cli_fail("tune", "out of memory");
    }
    return 0;
}

/* `plies` random plies from the start, the same for every game that uses
 * `rng_seed`; a ply that would end the game is taken back and the
 * opening stops there.  0 or 1. */
static int play_opening(duel *du, int plies, uint64_t rng_seed)
{
    pl_rng rng;
    pl_rng_seed(&rng, rng_seed);
    for (int n = 0; n < plies; n++) {
        int r;
        if (pl_status(du->st[0], du->ml, &r) != PL_OK)
            return pl_cli_runtime_error("tune", du->st[0]);
        int count = pl_movelist_count(du->ml);
        if (r != PL_RESULT_NONE || count == 0)
            return 0;
        int i = (int)pl_rng_below(&rng, (uint32_t)count);
        if (play_text(du, pl_move_text(du->ml, i)) != 0)
            return 1;
        if (pl_status(du->st[0], du->ml, &r) != PL_OK)
            return pl_cli_runtime_error("tune", du->st[0]);
        if (r != PL_RESULT_NONE || pl_movelist_count(du->ml) == 0) {
            for (int k = 0; k < 2; k++) {
                pl_undo(du->st[k]);
                pl_search_undo(du->eng[k]);
            }
            return 0;
        }
    }
    return 0;
}

/* One game of prog[0] (p1, in seat p1_seat) against prog[1]: p1's score
 * in *score (1, 1/2, 0).  0 or 1 (reported). */
static int play_game(const tune_ctx *t, duel *du, int p1_seat, uint64_t seed,
                     uint64_t opening, double *score)
{
    for (int k = 0; k < 2; k++) {
        pl_state_reset(du->st[k]);
        pl_player_spec spec = t->spec;
        spec.seed = seed + 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1);
        spec.has_seed = 1;
        pl_search_free(du->eng[k]);
        du->eng[k] = pl_search_new(du->prog[k], &spec);
        if (!du->eng[k])
            return pl_cli_fail("tune", "the players could not start");
    }
    if (play_opening(du, t->openings, opening) != 0)
        return 1;
    for (;;) {
        int r;
        if (pl_status(du->st[0], du->ml, &r) != PL_OK)
            return pl_cli_runtime_error("tune", du->st[0]);
        if (r != PL_RESULT_NONE || pl_movelist_count(du->ml) == 0 ||
            pl_state_ply(du->st[0]) >= t->max_plies) {
            *score = r == p1_seat ? 1 : r == 1 - p1_seat ? 0 : 0.5;
            return 0;
        }
        int mover = pl_state_to_move(du->st[0]), k = mover == p1_seat ? 0 : 1, i = -1;
        pl_search_info info;
        pl_err err = pl_search_think(du->eng[k], du->st[k], &i, &info);
        if (err != PL_OK || !info.best || !info.best[0]) {
            const char *e = pl_search_error(du->eng[k]);
            return pl_cli_fail("tune", "the search failed: %s", e ? e : pl_err_text(err));
        }
        if (play_text(du, info.best) != 0)
            return 1;
    }
}

/* `games` games (an even number: pairs on one opening, seats swapped) of
 * values `a` against `b`: a's wins, draws and losses.  0 or 1. */
static int play_match(const tune_ctx *t, const int32_t *a, const int32_t *b, int games,
                      uint64_t seed, int wdl[3])
{
    duel du = {0};
    int rc = 0;
    wdl[0] = wdl[1] = wdl[2] = 0;
    du.prog[0] = compile_with(t, a);
    du.prog[1] = du.prog[0] ? compile_with(t, b) : NULL;
    du.ml = pl_movelist_new();
    for (int k = 0; du.prog[1] && du.ml && k < 2; k++)
        du.st[k] = pl_state_new(du.prog[k]);
    if (!du.st[0] || !du.st[1])
        rc = du.prog[1] ? pl_cli_fail("tune", "out of memory") : 1;
    for (int g = 0; rc == 0 && g < games; g++) {
        double score = 0;
        uint64_t gs = pl_tourney_game_seed(seed, g);
        rc = play_game(t, &du, g % 2, gs, pl_tourney_game_seed(seed ^ 0x6f70656eull, g / 2), &score);
        if (rc == 0)
            wdl[score == 1 ? 0 : score == 0 ? 2 : 1]++;
    }
    duel_free(&du);
    return rc;
}

/* --- the command ------------------------------------------------------------- */

static void print_values(const tune_ctx *t, const int32_t *v, FILE *out)
{
    for (int i = 0; i < t->n; i++)
        fprintf(out, "%s%s %d", i ? ", " : "", t->names[i], (int)v[i]);
}

static int run_spsa(const tune_ctx *t, pl_spsa *s, int iterations, int games)
{
    for (int k = 1; k <= iterations; k++) {
        int32_t plus[PL_TUNE_MAX], minus[PL_TUNE_MAX];
        int wdl[3];
        pl_spsa_perturb(s, k, plus, minus);
        if (play_match(t, plus, minus, games, pl_tourney_game_seed(t->seed, k), wdl) != 0)
            return 1;
        double score = (wdl[0] + 0.5 * wdl[1]) / games;
        pl_spsa_update(s, k, plus, minus, score);
        printf("iteration %d: (", k);
        print_values(t, plus, stdout);
        printf(") scored %.1f/%d against (", wdl[0] + 0.5 * wdl[1], games);
        print_values(t, minus, stdout);
        printf("); now");
        for (int i = 0; i < t->n; i++)
            printf("%s %s %.2f", i ? "," : "", t->names[i], s->theta[i]);
        printf("\n");
    }
    return 0;
}

/* The tuned values against the file's, and the lines to paste. */
static int verify(const tune_ctx *t, const int32_t *tuned, const int32_t *file,
                  const int32_t *lo, const int32_t *hi, int games)
{
    int same = memcmp(tuned, file, (size_t)t->n * sizeof *tuned) == 0;
    if (same) {
        printf("the tuned values are the file's: no verification match\n");
    } else {
        int wdl[3];
        /* its own seed: index -1, where the iterations use 1..K */
        if (play_match(t, tuned, file, games, pl_tourney_game_seed(t->seed, -1), wdl) != 0)
            return 1;
        double mean, l, h;
        char e[3][32];
        pl_tourney_score_interval(wdl[0], wdl[1], wdl[2], &mean, &l, &h);
        pl_tourney_elo_text(mean, e[0], sizeof e[0]);
        pl_tourney_elo_text(l, e[1], sizeof e[1]);
        pl_tourney_elo_text(h, e[2], sizeof e[2]);
        printf("verification: the tuned values against the file's, %d games: "
               "%d wins, %d draws, %d losses\n", games, wdl[0], wdl[1], wdl[2]);
        printf("score of the tuned values: %.1f/%d = %.1f%% (95%%: %.1f%% .. %.1f%%)\n",
               wdl[0] + 0.5 * wdl[1], games, 100 * mean, 100 * l, 100 * h);
        printf("elo difference: %s (95%%: %s .. %s)\n", e[0], e[1], e[2]);
    }
    printf("tuned values (to paste into the game file):\n");
    for (int i = 0; i < t->n; i++)
        printf("tune %s = %d in %d..%d\n", t->names[i], (int)tuned[i], (int)lo[i], (int)hi[i]);
    return 0;
}

typedef struct {
    long long games, iterations, verify, openings, max_plies, seed;
    double time;
    const char *player;
} tune_options;

static int parse_options(pl_cli_opt *o, tune_options *to)
{
    enum { O_GAMES, O_TIME, O_SEED, O_ITER, O_VERIFY, O_PLAYER, O_OPENINGS, O_MAXPLIES };
    *to = (tune_options){.games = 8, .iterations = 20, .verify = 40, .openings = 2,
                         .max_plies = 300, .player = "alphabeta:depth=2"};
    int rc = 0;
    if (o[O_GAMES].value)
        rc = pl_cli_int("tune", "--games", o[O_GAMES].value, 2, 100000, &to->games);
    if (rc == 0 && to->games % 2)
        rc = pl_cli_usage("tune", "--games must be even (each opening is played from both "
                          "seats), not %lld", to->games);
    if (rc == 0 && o[O_ITER].value)
        rc = pl_cli_int("tune", "--iterations", o[O_ITER].value, 1, 100000, &to->iterations);
    if (rc == 0 && o[O_VERIFY].value)
        rc = pl_cli_int("tune", "--verify", o[O_VERIFY].value, 0, 100000, &to->verify);
    if (rc == 0 && to->verify % 2)
        rc = pl_cli_usage("tune", "--verify must be even, not %lld", to->verify);
    if (rc == 0 && o[O_SEED].value)
        rc = pl_cli_int("tune", "--seed", o[O_SEED].value, 0, INT64_MAX, &to->seed);
    if (rc == 0 && o[O_OPENINGS].value)
        rc = pl_cli_int("tune", "--openings", o[O_OPENINGS].value, 0, 1000, &to->openings);
    if (rc == 0 && o[O_MAXPLIES].value)
        rc = pl_cli_int("tune", "--max-plies", o[O_MAXPLIES].value, 1, 1000000, &to->max_plies);
    if (rc == 0 && o[O_TIME].value && o[O_PLAYER].value)
        rc = pl_cli_usage("tune", "give --time or --player, not both");
    if (rc == 0 && o[O_TIME].value)
        rc = pl_cli_seconds("tune", "--time", o[O_TIME].value, &to->time);
    if (rc == 0 && o[O_TIME].value && to->time <= 0)
        rc = pl_cli_usage("tune", "--time must be more than 0");
    if (rc == 0 && o[O_PLAYER].value)
        to->player = o[O_PLAYER].value;
    return rc;
}

/* The game's tunables into t (and their values and ranges).  0 or 1. */
static int read_tunables(tune_ctx *t, const char *game, int32_t *file, int32_t *lo,
                         int32_t *hi)
{
    int n = pl_program_ntunables(t->base);
    if (n == 0)
        return pl_cli_fail("tune", "%s has no tunable constants: mark the weights to tune "
                           "with 'tune NAME = VALUE in LO..HI' (docs/language.md, \"tune\")", game);
    if (n > PL_TUNE_MAX)
        return pl_cli_fail("tune", "%s has %d tunable constants; tune takes at most %d",
                           game, n, PL_TUNE_MAX);
    if (pl_program_nplayers(t->base) != 2)
        return pl_cli_fail("tune", "tune plays two-player games; %s has %d players", game,
                           pl_program_nplayers(t->base));
    t->n = n;
    for (int i = 0; i < n; i++)
        t->names[i] = pl_program_tunable(t->base, i, &file[i], &lo[i], &hi[i]);
    return 0;
}

static int tune_game(const char *game, const tune_options *to)
{
    tune_ctx t = {.openings = (int)to->openings, .max_plies = (int)to->max_plies,
                  .seed = (uint64_t)to->seed};
    pl_program *base = NULL;
    char *path = NULL, err[256], spectext[64];
    int32_t file[PL_TUNE_MAX], lo[PL_TUNE_MAX], hi[PL_TUNE_MAX], tuned[PL_TUNE_MAX];
    const char *player = to->player;
    if (to->time > 0) {
        snprintf(spectext, sizeof spectext, "alphabeta:time=%g", to->time);
        player = spectext;
    }
    int rc = pl_player_spec_parse(player, 0, &t.spec, err, sizeof err) == PL_OK
                 ? 0 : pl_cli_usage("tune", "--player: %s", err);
    if (rc == 0 && (t.spec.kind == PL_PLAYER_HUMAN || t.spec.kind == PL_PLAYER_RANDOM))
        rc = pl_cli_usage("tune", "--player must be a searching engine (mcts, alphabeta, "
                          "ai), not '%s'", player);
    if (rc == 0)
        rc = pl_cli_load("tune", game, &base, NULL, &path);
    t.base = base;
    t.path = path;
    if (rc == 0)
        rc = read_tunables(&t, game, file, lo, hi);
    if (rc == 0) {
        pl_player_spec_for_game(&t.spec, base);
        char desc[128];
        printf("tune: %s, %d tunable%s, %lld iteration%s of %lld games, %s (%s)\n",
               pl_program_title(base), t.n, t.n == 1 ? "" : "s", to->iterations,
               to->iterations == 1 ? "" : "s", to->games,
               t.spec.text, pl_player_spec_describe(&t.spec, desc, sizeof desc));
        printf("start: ");
        print_values(&t, file, stdout);
        printf("\n");
        pl_spsa s;
        pl_spsa_init(&s, t.n, file, lo, hi, (int)to->iterations, t.seed);
        rc = run_spsa(&t, &s, (int)to->iterations, (int)to->games);
        pl_spsa_values(&s, tuned);
    }
    if (rc == 0)
        rc = verify(&t, tuned, file, lo, hi, (int)to->verify);
    pl_program_free(base);
    free(path);
    return rc;
}

int pl_cli_tune(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--games", 1, NULL}, {"--time", 1, NULL}, {"--seed", 1, NULL},
                         {"--iterations", 1, NULL}, {"--verify", 1, NULL},
                         {"--player", 1, NULL}, {"--openings", 1, NULL},
                         {"--max-plies", 1, NULL}};
    pl_cli_args a;
    tune_options to;
    int rc = pl_cli_parse(&a, "tune", opts, (int)(sizeof opts / sizeof opts[0]), argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("tune", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("tune", "no GAME given");
    if (rc == 0)
        rc = parse_options(opts, &to);
    if (rc == 0)
        rc = tune_game(a.pos[0], &to);
    pl_cli_args_free(&a);
    return rc;
}
