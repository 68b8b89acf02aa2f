/*
 * cli_match.c -- computer against computer, and game records:
 *
 *   plateau match GAME --p1 SPEC --p2 SPEC --games N   play N games with
 *       the seats alternating, then a table: wins, draws and losses of p1,
 *       its score with a 95% interval, the Elo difference, game lengths
 *   plateau balance GAME --player SPEC --games N      self-play of one
 *       player on every side: the first player's advantage, draws, lengths
 *   plateau replay FILE                               replay a record
 *       under the current rules: the first illegal move, the result
 *
 * The games of a run are numbered over the whole run and each gets its own
 * seed and fresh engines (cli_tourney.h), so a run can be cut into shards
 * (--shard K/N) played anywhere and merged by `plateau merge`.  The
 * results are gathered as data (pl_tourney); the statistics and the
 * printed tables are in cli_tourney.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "cli_tourney.h"
#include "cli_ugi_player.h"
#include "record.h"

enum { MATCH_MAX_PLIES_DEFAULT = 1000 };

typedef struct {
    pl_player_spec spec;
    pl_search *engine;         /* new for each game, seeded by its index */
    int is_ugi;                /* an external engine (ugi:CMD): */
    pl_ugi_spec ugi;           /* its command and time per move */
    pl_ugi_player *proc;       /* the running process, kept from game to game */
} match_player;

typedef struct {
    pl_cli_game g;
    const char *game_arg;         /* GAME: the installed game's own name when it matched one */
    char game_name[256];
    const char *cmd;           /* "match" or "balance" */
    match_player p[2];
    int games, max_plies;
    uint64_t seed;
    int shard, nshards;        /* play the games of shard K of N */
    int self_play;             /* balance: p1 always takes the first seat */
    const char *records;
    const char *moves;         /* --moves: the opening of every game */
    int openings;              /* --openings: random plies after them */
    int live;                  /* the live line on stderr */
    int quiet;                 /* no line per game */
    pl_tourney t;              /* the results */
    char **texts;              /* the moves of the game being played */
    int ntexts, captexts;
    pl_tourney_searches searches; /* its searches, put in their phases at its end */
} match_ctx;

/* A game that could not be played (the reason was printed): never a result.
 * A forfeit: an external engine crashed, timed out or played an illegal
 * move, and lost the game. */
enum { MATCH_FAILED = -2, MATCH_FORFEIT = -3 };

static int add_text(match_ctx *m, const char *text)
{
    if (m->ntexts == m->captexts) {
        int cap = m->captexts ? m->captexts * 2 : 256;
        char **t = realloc(m->texts, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        m->texts = t;
        m->captexts = cap;
    }
    m->texts[m->ntexts] = strdup(text);
    return m->texts[m->ntexts++] ? 0 : -1;
}

static void clear_texts(match_ctx *m)
{
    while (m->ntexts > 0)
        free(m->texts[--m->ntexts]);
}

static void add_search(match_ctx *m, int k, double seconds, long long work)
{
    pl_tourney_searches_add(&m->searches, k, pl_state_ply(m->g.st), seconds, work);
}

/* The game is over: each of its searches counts in its third of the game. */
static void count_phases(match_ctx *m, pl_tourney_game *tg)
{
    for (int k = 0; k < 2; k++)
        pl_tourney_phase_sums(&m->searches, k, tg->plies, tg->phase_think[k],
                              tg->phase_work[k], tg->phase_chosen[k]);
    m->searches.n = 0;
}

/* The name of the game for file names: the stem of GAME. */
static void game_stem(const char *arg, char *buf, size_t len)
{
    const char *base = strrchr(arg, '/');
    base = base ? base + 1 : arg;
    snprintf(buf, len, "%s", base);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf)
        *dot = '\0';
}

/* A record of each game; a game the rules did not end (stopped at
 * --max-plies, lost by forfeit) says why in its `reason`, so that
 * `replay` accepts its result. */
static int write_record(match_ctx *m, int game, const pl_tourney_game *tg, int r)
{
    const int *seat_player = tg->seat_player;
    char stem[128], path[4096], buf[64], err[512];
    game_stem(m->game_arg, stem, sizeof stem);
    snprintf(path, sizeof path, "%s/%s-%03d.rec", m->records, stem, game);
    pl_record rec;
    pl_record_init(&rec);
    const pl_program *prog = m->g.prog;
    int rc = pl_record_set(&rec.game, m->game_arg);
    rec.rules = pl_program_rules_hash(prog);
    rec.has_rules = 1;
    for (int s = 0; s < pl_program_nplayers(prog) && rc == 0; s++)
        rc = pl_record_set(&rec.players[s], m->p[seat_player[s]].spec.text);
    if (rc == 0)
        rc = pl_record_stamp(&rec);
    if (rc == 0)
        rc = pl_record_set(&rec.result, r == PL_RESULT_NONE ? "unfinished"
                           : pl_result_text(prog, r, buf, sizeof buf));
    if (rc == 0 && tg->capped) {
        char why[96];
        snprintf(why, sizeof why, "stopped at %d plies, the --max-plies cap", tg->plies);
        rc = pl_record_set(&rec.reason, why);
    } else if (rc == 0 && tg->forfeit) {
        rc = pl_record_set(&rec.reason, "forfeit");
    }
    for (int k = 0; k < m->ntexts && rc == 0; k++)
        rc = pl_record_add_move(&rec, m->texts[k]);
    if (rc != 0)
        snprintf(err, sizeof err, "out of memory");
    else
        rc = pl_record_save(&rec, path, err, sizeof err);
    pl_record_free(&rec);
    if (rc != 0)
        return pl_cli_fail("match", "%s", err);
    return 0;
}

/* Play move i of the match's move list: record it, tell both players. */
static int push_move(match_ctx *m, int i)
{
    const char *text = pl_move_text(m->g.ml, i);
    if (add_text(m, text) != 0)
        return -1;
    for (int k = 0; k < 2; k++)
        if (m->p[k].engine && pl_search_played(m->p[k].engine, text) != 0)
            return -1;
    pl_apply(m->g.st, m->g.ml, i);
    return 0;
}

static void pop_move(match_ctx *m)
{
    pl_undo(m->g.st);
    free(m->texts[--m->ntexts]);
    for (int k = 0; k < 2; k++)
        if (m->p[k].engine)
            pl_search_undo(m->p[k].engine);
}

/* The start of a game: --moves, then --openings random plies, the same
 * for every game of a group of nplayers games (one per seat of p1).  An
 * opening that ends the game is drawn again.  0, or MATCH_FAILED (reported). */
static int play_opening(match_ctx *m, int game)
{
    pl_state *st = m->g.st;
    pl_movelist *ml = m->g.ml;
    if (m->moves) {
        char *copy = strdup(m->moves);
        if (!copy)
            return pl_cli_fail("match", "out of memory"), MATCH_FAILED;
        for (char *w = strtok(copy, " \t\n,"); w; w = strtok(NULL, " \t\n,")) {
            pl_generate(st, ml);             /* legal: checked at the start */
            int i = pl_cli_find_move(ml, w);
            const char *next = i < 0 ? strtok(NULL, " \t\n,") : NULL;
            if (next) {   /* a text with a space ("huff c2"), as --moves joins */
                char joined[512];
                snprintf(joined, sizeof joined, "%s %s", w, next);
                i = pl_movelist_find(ml, joined);
            }
            if (i < 0 || push_move(m, i) != 0) {
                free(copy);
                return pl_cli_fail("match", "out of memory"), MATCH_FAILED;
            }
        }
        free(copy);
    }
    if (m->openings <= 0)
        return 0;
    pl_rng rng;
    int group = (game - 1) / pl_program_nplayers(m->g.prog);
    pl_rng_seed(&rng, m->seed ^ (0x6f70656e696e67ull + (uint64_t)group * 0x9e3779b97f4a7c15ull));
    for (int attempt = 0; attempt < 100; attempt++) {
        int n = 0, r = PL_RESULT_NONE;
        pl_err err = PL_OK;
        while (n < m->openings && (err = pl_status(st, ml, &r)) == PL_OK &&
               r == PL_RESULT_NONE && pl_movelist_count(ml) > 0) {
            if (push_move(m, (int)pl_rng_below(&rng, (uint32_t)pl_movelist_count(ml))) != 0)
                return pl_cli_fail("match", "out of memory"), MATCH_FAILED;
            n++;
        }
        if (err != PL_OK)
            return pl_cli_runtime_error("match", st), MATCH_FAILED;
        if (pl_status(st, ml, &r) == PL_OK && r == PL_RESULT_NONE &&
            pl_movelist_count(ml) > 0)
            return 0;
        while (n-- > 0)
            pop_move(m);
    }
    return 0;                               /* every opening ends: play on */
}

/* An external engine ready for a new game: started (again, after a
 * crash) and told of the new game.  0, or -1 (reported). */
static int start_ugi(match_ctx *m, int k)
{
    match_player *mp = &m->p[k];
    char err[256];
    if (mp->proc && pl_ugi_player_newgame(mp->proc, err, sizeof err) == 0)
        return 0;
    pl_ugi_player_free(mp->proc);
    mp->proc = pl_ugi_player_start(mp->ugi.command, err, sizeof err);
    if (mp->proc && pl_ugi_player_newgame(mp->proc, err, sizeof err) == 0)
        return 0;
    pl_cli_fail(m->cmd, "p%d (%s): %s", k + 1, mp->spec.text, err);
    return -1;
}

/* Fresh engines for game `index`, seeded from its seed (or from the
 * spec's own seed and the index), so that the game does not depend on
 * the games played before it.  0, or -1 when out of memory. */
static int new_engines(match_ctx *m, int index, uint64_t game_seed)
{
    for (int k = 0; k < 2; k++) {
        if (m->p[k].is_ugi) {
            if (start_ugi(m, k) != 0)
                return -1;
            continue;
        }
        pl_player_spec spec = m->p[k].spec;
        spec.seed = spec.has_seed ? pl_tourney_game_seed(spec.seed, index)
                                  : game_seed + 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1);
        spec.has_seed = 1;
        pl_search_free(m->p[k].engine);
        m->p[k].engine = pl_search_new(m->g.prog, &spec);
        if (!m->p[k].engine)
            return -1;
    }
    return 0;
}

/* The first seat's chance to win as the search sees it after choosing a
 * move, or -1 when it gives none (random, an unproven alpha-beta value, a
 * game of more than two players seen from another seat). */
static double first_seat_estimate(const pl_search_info *info, int mover, int np)
{
    double w = info->proven == 1 ? 1 : info->proven == -1 ? 0
             : info->proven == 2 ? 0.5 : info->winrate;
    if (w < 0 || w > 1)
        return -1;
    return mover == 0 ? w : np == 2 ? 1 - w : -1;
}

/* The external engine's move: its index in ml (generated at st), or
 * MATCH_FORFEIT after saying why it loses the game. */
static int ugi_move(match_ctx *m, int k, pl_tourney_game *tg)
{
    match_player *mp = &m->p[k];
    char move[1024], err[512];
    double start = pl_now();
    if (pl_ugi_player_move(mp->proc, m->g.position, m->texts, m->ntexts, mp->ugi.seconds,
                           move, sizeof move, err, sizeof err) != 0) {
        pl_ugi_player_free(mp->proc);   /* restarted for the next game */
        mp->proc = NULL;
    } else if (pl_cli_find_move(m->g.ml, move) < 0) {
        snprintf(err, sizeof err, "illegal move '%.200s'", move);
    } else {
        tg->think[k] += pl_now() - start;
        tg->chosen[k]++;
        add_search(m, k, pl_now() - start, 0);
        return pl_cli_find_move(m->g.ml, move);
    }
    fprintf(stderr, "plateau %s: game %d: p%d (%s) loses by forfeit: %s\n", m->cmd,
            tg->index + 1, k + 1, mp->spec.text, err);
    return MATCH_FORFEIT;
}

/* One move of the player to move; 0, MATCH_FORFEIT or MATCH_FAILED (reported). */
static int play_move(match_ctx *m, pl_tourney_game *tg)
{
    pl_state *st = m->g.st;
    pl_movelist *ml = m->g.ml;
    int mover = pl_state_to_move(st), k = tg->seat_player[mover];
    match_player *mp = &m->p[k];
    if (mp->is_ugi) {
        int i = ugi_move(m, k, tg);
        if (i < 0)
            return i;
        while (tg->nestimate < pl_state_ply(st) + 1)
            pl_tourney_game_add_estimate(tg, -1);
        return push_move(m, i) == 0 ? 0 : (pl_cli_fail(m->cmd, "out of memory"), MATCH_FAILED);
    }
    pl_search_info info;
    int i = -1;
    pl_cli_engine_poll(pl_state_program(st));   /* native code built meanwhile */
    pl_err err = pl_search_think(mp->engine, st, &i, &info);
    if (err == PL_ERR_RUNTIME || err == PL_ERR_MEMORY) {
        const char *e = pl_search_error(mp->engine);
        pl_cli_fail(m->cmd, "runtime error in the rules: %s", e ? e : "(no message)");
        return MATCH_FAILED;
    }
    if (i >= 0 && i < pl_movelist_count(ml) &&
        strcasecmp(pl_move_text(ml, i), info.best) != 0)
        i = pl_movelist_find(ml, info.best);
    if (i < 0 || i >= pl_movelist_count(ml)) {
        pl_cli_fail(m->cmd, "%s found no move", mp->spec.text);
        return MATCH_FAILED;
    }
    tg->think[k] += info.seconds;
    tg->work[k] += mp->spec.kind == PL_PLAYER_MCTS ? info.iterations : info.nodes;
    tg->chosen[k]++;
    add_search(m, k, info.seconds, mp->spec.kind == PL_PLAYER_MCTS ? info.iterations : info.nodes);
    while (tg->nestimate < pl_state_ply(st))         /* the opening's plies */
        pl_tourney_game_add_estimate(tg, -1);
    pl_tourney_game_add_estimate(tg, first_seat_estimate(&info, mover,
                                 pl_program_nplayers(m->g.prog)));
    if (push_move(m, i) != 0) {
        pl_cli_fail(m->cmd, "out of memory");
        return MATCH_FAILED;
    }
    return 0;
}

/* The player to move lost by forfeit: the game goes to the first seat of
 * the other player.  That seat's result. */
static int forfeit(match_ctx *m, pl_tourney_game *tg, int p1_seat)
{
    pl_state *st = m->g.st;
    int np = pl_program_nplayers(m->g.prog), loser = tg->seat_player[pl_state_to_move(st)];
    int winner = 0;
    while (winner < np - 1 && tg->seat_player[winner] == loser)
        winner++;
    char buf[160], res[200];
    tg->plies = pl_state_ply(st);
    tg->winner = winner;
    tg->forfeit = 1;
    tg->outcome = winner == p1_seat ? PL_TOURNEY_WIN : PL_TOURNEY_LOSS;
    snprintf(res, sizeof res, "%s (p%d forfeits)",
             pl_result_text(m->g.prog, winner, buf, sizeof buf), loser + 1);
    tg->result = pl_strdup(res);
    for (int k = 0; k < m->ntexts; k++)
        pl_tourney_game_add_move(tg, m->texts[k]);
    return winner;
}

/* Play game `index` (0-based) into tg: p1 sits in seat index mod n (in
 * a balance, always in the first seat).  0, or MATCH_FAILED. */
static int play_one(match_ctx *m, int index, pl_tourney_game *tg)
{
    const pl_program *prog = m->g.prog;
    pl_state *st = m->g.st;
    pl_movelist *ml = m->g.ml;
    int np = pl_program_nplayers(prog), p1_seat = m->self_play ? 0 : index % np;
    tg->index = index;
    tg->seed = pl_tourney_game_seed(m->seed, index);
    for (int s = 0; s < np; s++)
        tg->seat_player[s] = s == p1_seat ? 0 : 1;
    clear_texts(m);
    m->searches.n = 0;
    if (new_engines(m, index, tg->seed) != 0)
        return pl_cli_fail(m->cmd, "the players could not start"), MATCH_FAILED;
    pl_cli_game_restart(&m->g);
    if (play_opening(m, index + 1) != 0)
        return MATCH_FAILED;
    for (;;) {
        int r;
        if (pl_status(st, ml, &r) != PL_OK) {
            pl_cli_runtime_error(m->cmd, st);
            return MATCH_FAILED;
        }
        int capped = r == PL_RESULT_NONE && pl_movelist_count(ml) > 0 &&
                     pl_state_ply(st) >= m->max_plies;
        if (r != PL_RESULT_NONE || pl_movelist_count(ml) == 0 || capped) {
            char buf[160];
            tg->plies = pl_state_ply(st);
            tg->capped = capped;
            tg->winner = r >= 0 && r < np ? r : -1;
            tg->outcome = tg->winner < 0 ? PL_TOURNEY_DRAW
                        : tg->winner == p1_seat ? PL_TOURNEY_WIN : PL_TOURNEY_LOSS;
            tg->result = pl_strdup(pl_state_outcome(st, r == PL_RESULT_NONE ? np : r,
                                                    buf, sizeof buf));
            for (int k = 0; k < m->ntexts; k++)
                pl_tourney_game_add_move(tg, m->texts[k]);
            return r == PL_RESULT_NONE ? np : r;
        }
        int rc = play_move(m, tg);
        if (rc == MATCH_FORFEIT)
            return forfeit(m, tg, p1_seat);
        if (rc != 0)
            return MATCH_FAILED;
    }
}

static void live_line(const match_ctx *m)
{
    int n[3] = {0, 0, 0}, done = m->t.ngames;
    for (int i = 0; i < done; i++)
        n[m->t.games[i].outcome]++;
    fprintf(stderr, "\r\033[K%s %d/%d: p1 %d wins, %d draws, %d losses "
            "(score %.1f%%)", m->cmd, done, m->games, n[0], n[1], n[2],
            100.0 * (n[0] + 0.5 * n[1]) / (done ? done : 1));
    fflush(stderr);
}

/* --- the run ---------------------------------------------------------------------- */

/* The settings of the run, copied into the results (for --json, merge). */
static void describe_run(match_ctx *m)
{
    const pl_program *prog = m->g.prog;
    pl_tourney *t = &m->t;
    t->command = pl_strdup(m->cmd);
    t->game = pl_strdup(m->game_arg);
    t->title = pl_strdup(pl_program_title(prog));
    t->nplayers = pl_program_nplayers(prog);
    for (int s = 0; s < t->nplayers; s++)
        t->seat_names[s] = pl_strdup(pl_program_player_name(prog, s));
    for (int k = 0; k < 2; k++) {
        const pl_player_spec *spec = &m->p[k].spec;
        char desc[128];
        t->spec[k] = pl_strdup(spec->text);
        if (m->p[k].is_ugi)
            snprintf(desc, sizeof desc, "ugi engine, %g s per move", m->p[k].ugi.seconds);
        t->describe[k] = pl_strdup(m->p[k].is_ugi ? desc
                                   : pl_player_spec_describe(spec, desc, sizeof desc));
        t->unit[k] = spec->kind == PL_PLAYER_MCTS ? pl_strdup("iterations")
                   : spec->kind == PL_PLAYER_ALPHABETA ? pl_strdup("nodes") : NULL;
    }
    t->seed = m->seed;
    t->total = m->games;
    t->shard = m->shard;
    t->nshards = m->nshards;
    t->max_plies = m->max_plies;
    t->moves = pl_strdup(m->moves);
    t->openings = m->openings;
}

/* Play the games of the shard; 0 or PL_EXIT_FAIL (reported). */
static int run_games(match_ctx *m)
{
    describe_run(m);
    for (int index = 0; index < m->games; index++) {
        if (!pl_tourney_in_shard(index, m->shard, m->nshards))
            continue;
        pl_tourney_game *tg = pl_tourney_add_game(&m->t);
        double start = pl_now();
        int r = play_one(m, index, tg);
        tg->seconds = pl_now() - start;
        if (r < 0)
            return PL_EXIT_FAIL;
        count_phases(m, tg);
        if (m->records && write_record(m, index + 1, tg, r) != 0)
            return PL_EXIT_FAIL;
        if (m->live)
            fputs("\r\033[K", stderr);
        if (!m->quiet) {
            pl_tourney_print_game(&m->t, tg, stdout);
            fflush(stdout);
        }
        if (m->live)
            live_line(m);
    }
    if (m->live)
        fputs("\r\033[K", stderr);
    return PL_EXIT_OK;
}

static int make_dir(const char *dir)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) {
        struct stat sb;
        if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
            return 0;
        errno = ENOTDIR;
    }
    return -1;
}

/* What `match` and `balance` share after their own options. */
typedef struct {
    const char *games, *seed, *level, *moves, *max_plies, *openings;
    const char *records, *shard, *json, *svg;
    int no_times, quiet;
    const char *spec[2];          /* NULL: ai */
    const char *position;         /* --position: where every game starts */
} run_options;

static int parse_run_options(match_ctx *m, const run_options *o, long long *level)
{
    const char *cmd = m->cmd;
    long long games = 10, seed = 0, openings = 0;
    long long max_plies = MATCH_MAX_PLIES_DEFAULT;
    int rc = 0;
    m->shard = m->nshards = 1;
    if (o->games)
        rc = pl_cli_int(cmd, "--games", o->games, 1, 1000000, &games);
    if (rc == 0 && o->seed)
        rc = pl_cli_int(cmd, "--seed", o->seed, 0, INT64_MAX, &seed);
    else if (rc == 0)
        seed = (long long)(pl_time_seed() >> 1);
    if (rc == 0 && o->level)
        rc = pl_cli_int(cmd, "--level", o->level, PL_LEVEL_MIN, PL_LEVEL_MAX, level);
    if (rc == 0 && o->openings)
        rc = pl_cli_int(cmd, "--openings", o->openings, 0, 1000, &openings);
    if (rc == 0 && o->max_plies)
        rc = pl_cli_int(cmd, "--max-plies", o->max_plies, 1, 1000000, &max_plies);
    if (rc == 0 && o->shard)
        rc = pl_tourney_parse_shard(cmd, o->shard, &m->shard, &m->nshards);
    if (rc == 0 && o->shard && !o->seed)
        rc = pl_cli_usage(cmd, "--shard needs --seed: every shard must play "
                          "the same run");
    m->games = (int)games;
    m->seed = (uint64_t)seed;
    m->openings = (int)openings;
    m->max_plies = (int)max_plies;
    return rc;
}

static int parse_players(match_ctx *m, const run_options *o, int level)
{
    for (int k = 0; k < 2; k++) {
        const char *text = o->spec[k] ? o->spec[k] : "ai";
        char err[256];
        int ugi = pl_ugi_spec_parse(text, &m->p[k].ugi, err, sizeof err);
        if (ugi > 0)
            return pl_cli_usage(m->cmd, "%s", err);
        if (ugi == 0) {
            m->p[k].is_ugi = 1;
            m->p[k].spec.kind = PL_PLAYER_RANDOM;    /* not used: never searched */
            snprintf(m->p[k].spec.text, sizeof m->p[k].spec.text, "%s", text);
            continue;
        }
        if (pl_player_spec_parse(text, level, &m->p[k].spec, err, sizeof err) != 0)
            return m->self_play ? pl_cli_usage(m->cmd, "--player: %s", err)
                                : pl_cli_usage(m->cmd, "--p%d: %s", k + 1, err);
        if (m->p[k].spec.kind == PL_PLAYER_HUMAN && m->self_play)
            return pl_cli_usage(m->cmd, "--player: a balance is between "
                                "computer players, not '%s'", text);
        if (m->p[k].spec.kind == PL_PLAYER_HUMAN)
            return pl_cli_usage(m->cmd, "--p%d: a match is between computer "
                                "players, not '%s'", k + 1, text);
    }
    return 0;
}

/* The report, --json and --svg after the games. */
static int report(match_ctx *m, const run_options *o, double seconds)
{
    /* with --json -, standard output is the JSON alone */
    FILE *out = o->json && strcmp(o->json, "-") == 0 ? stderr : stdout;
    if (o->no_times)
        seconds = -1;
    if (m->self_play)
        pl_tourney_print_balance(&m->t, seconds, out);
    else
        pl_tourney_print_match(&m->t, seconds, out);
    fflush(out);
    if (o->json && pl_tourney_write_json(&m->t, o->json) != 0)
        return pl_cli_fail(m->cmd, "cannot write %s: %s", o->json, strerror(errno));
    if (o->svg && pl_tourney_write_svg(&m->t, o->svg) != 0)
        return pl_cli_fail(m->cmd, "cannot write %s: %s", o->svg, strerror(errno));
    return PL_EXIT_OK;
}

/* Play the run described by `o` on GAME and report it. */
static int run_command(match_ctx *m, const char *game, const run_options *o)
{
    long long level = 0;
    int rc = parse_run_options(m, o, &level);
    if (rc == 0)
        rc = parse_players(m, o, (int)level);
    if (rc == 0 && o->json && o->svg && strcmp(o->json, "-") == 0)
        rc = pl_cli_usage(m->cmd, "--json - writes to the standard output: "
                          "give --svg a file");
    if (rc == 0 && o->records && make_dir(o->records) != 0)
        rc = pl_cli_fail(m->cmd, "cannot make directory %s: %s", o->records,
                         strerror(errno));
    if (rc == 0 && o->records && o->position)
        rc = pl_cli_usage(m->cmd, "--records start from the start position: "
                          "they cannot be combined with --position");
    if (rc == 0)    /* --position and --moves are checked here, once */
        rc = pl_cli_game_open(&m->g, m->cmd, game, o->position, o->moves);
    if (rc != 0)
        return rc;
    for (int k = 0; k < 2; k++)   /* `ai`: the game's engine, shown in the report */
        if (!m->p[k].is_ugi)
            pl_player_spec_for_game(&m->p[k].spec, m->g.prog);
    char hint[512];
    m->game_arg = pl_cli_match_game(game, m->game_name, sizeof m->game_name, hint, sizeof hint)
                  ? m->game_name : game;
    m->records = o->records;
    m->moves = o->moves;
    m->quiet = o->quiet || (o->json && strcmp(o->json, "-") == 0);
    m->live = isatty(fileno(stderr));
    double start = pl_now();
    rc = run_games(m);
    return rc != 0 ? rc : report(m, o, pl_now() - start);
}

static void match_free(match_ctx *m)
{
    clear_texts(m);
    free(m->texts);
    free(m->searches.v);
    for (int k = 0; k < 2; k++) {
        pl_search_free(m->p[k].engine);
        pl_ugi_player_free(m->p[k].proc);
    }
    pl_tourney_free(&m->t);
    pl_cli_game_close(&m->g);
}

int pl_cli_match(int argc, char **argv)
{
    enum { O_P1, O_P2, O_GAMES, O_RECORDS, O_SEED, O_LEVEL, O_MOVES,
           O_MAXPLIES, O_OPENINGS, O_SHARD, O_JSON, O_NOTIMES, O_POSITION, NOPTS };
    pl_cli_opt opts[NOPTS] = {
        {"--p1", 1, NULL},      {"--p2", 1, NULL},    {"--games", 1, NULL},
        {"--records", 1, NULL}, {"--seed", 1, NULL},  {"--level", 1, NULL},
        {"--moves", 1, NULL},   {"--max-plies", 1, NULL},
        {"--openings", 1, NULL}, {"--shard", 1, NULL}, {"--json", 1, NULL},
        {"--no-times", 0, NULL}, {"--position", 1, NULL}};
    pl_cli_args a;
    match_ctx m;
    memset(&m, 0, sizeof m);
    pl_tourney_init(&m.t);
    m.cmd = "match";
    int rc = pl_cli_parse(&a, "match", opts, NOPTS, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("match", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("match", "no GAME given");
    if (rc == 0) {
        run_options o = {
            opts[O_GAMES].value, opts[O_SEED].value, opts[O_LEVEL].value,
            opts[O_MOVES].value, opts[O_MAXPLIES].value, opts[O_OPENINGS].value,
            opts[O_RECORDS].value, opts[O_SHARD].value, opts[O_JSON].value, NULL,
            opts[O_NOTIMES].value != NULL, 0, {opts[O_P1].value, opts[O_P2].value},
            opts[O_POSITION].value};
        rc = run_command(&m, a.pos[0], &o);
    }
    match_free(&m);
    pl_cli_args_free(&a);
    return rc;
}

int pl_cli_balance(int argc, char **argv)
{
    enum { O_PLAYER, O_GAMES, O_RECORDS, O_SEED, O_LEVEL, O_MOVES, O_MAXPLIES,
           O_OPENINGS, O_SHARD, O_JSON, O_SVG, O_NOTIMES, O_QUIET, O_POSITION, NOPTS };
    pl_cli_opt opts[NOPTS] = {
        {"--player", 1, NULL},  {"--games", 1, NULL}, {"--records", 1, NULL},
        {"--seed", 1, NULL},    {"--level", 1, NULL}, {"--moves", 1, NULL},
        {"--max-plies", 1, NULL}, {"--openings", 1, NULL}, {"--shard", 1, NULL},
        {"--json", 1, NULL},    {"--svg", 1, NULL},   {"--no-times", 0, NULL},
        {"--quiet", 0, NULL},   {"--position", 1, NULL}};
    pl_cli_args a;
    match_ctx m;
    memset(&m, 0, sizeof m);
    pl_tourney_init(&m.t);
    m.cmd = "balance";
    m.self_play = 1;
    int rc = pl_cli_parse(&a, "balance", opts, NOPTS, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("balance", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("balance", "no GAME given");
    if (rc == 0) {
        const char *player = opts[O_PLAYER].value;
        run_options o = {
            opts[O_GAMES].value, opts[O_SEED].value, opts[O_LEVEL].value,
            opts[O_MOVES].value, opts[O_MAXPLIES].value, opts[O_OPENINGS].value,
            opts[O_RECORDS].value, opts[O_SHARD].value, opts[O_JSON].value,
            opts[O_SVG].value, opts[O_NOTIMES].value != NULL,
            opts[O_QUIET].value != NULL, {player, player}, opts[O_POSITION].value};
        rc = run_command(&m, a.pos[0], &o);
    }
    match_free(&m);
    pl_cli_args_free(&a);
    return rc;
}

/* --- replay ---------------------------------------------------------------------- */

/* replay --step: wait for a line of input between moves (a prompt on a
 * terminal).  1 when it asks to stop (q), 0 to go on; at the end of input
 * the replay goes on without waiting. */
static int step_wait(void)
{
    static int input_over;
    char line[128];
    if (input_over)
        return 0;
    int tty = isatty(fileno(stdin));
    if (tty) {
        fputs("(Enter: the next move, q: stop) ", stdout);
        fflush(stdout);
    }
    if (!fgets(line, sizeof line, stdin)) {
        input_over = 1;
        if (tty)
            putchar('\n');
        return 0;
    }
    char *s = pl_trim(line);
    return strcasecmp(s, "q") == 0 || strcasecmp(s, "quit") == 0;
}

int pl_cli_replay(int argc, char **argv)
{
    enum { O_GAME, O_SHOW, O_STEP, O_COLOR, NOPTS };
    pl_cli_opt opts[NOPTS] = {{"--game", 1, NULL}, {"--show", 0, NULL},
                              {"--step", 0, NULL}, {"--color", 1, NULL}};
    int color = 0, stopped = 0;
    pl_cli_args a;
    pl_cli_game g;
    pl_record rec;
    memset(&g, 0, sizeof g);
    pl_record_init(&rec);
    char err[512], buf[64];
    int rc = pl_cli_parse(&a, "replay", opts, NOPTS, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("replay", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("replay", "no FILE given");
    if (rc == 0)
        rc = pl_cli_color("replay", opts[O_COLOR].value, &color);
    if (rc == 0 && pl_record_load(&rec, a.pos[0], err, sizeof err) != 0)
        rc = pl_cli_fail("replay", "%s", err);
    const char *game = opts[O_GAME].value ? opts[O_GAME].value : rec.game;
    if (rc == 0)
        rc = pl_cli_game_open(&g, "replay", game, NULL, NULL);
    if (rc == 0) {
        const pl_program *prog = g.prog;
        printf("%s: %s, %d move%s\n", pl_esc(a.pos[0]), pl_esc(pl_program_title(prog)), rec.nmoves,
               rec.nmoves == 1 ? "" : "s");
        if (rec.has_rules && rec.rules != pl_program_rules_hash(prog))
            fprintf(stderr, "plateau replay: warning: the rules of %s changed "
                    "since the game was recorded (rules %016" PRIx64 ", now %016"
                    PRIx64 ")\n", game, rec.rules, pl_program_rules_hash(prog));
        if (rec.has_clock) {
            /* a timed game: its clocks as `play --time` gives them, and
               where they stood when it was saved */
            char min[32], inc[32], clk[32];
            snprintf(min, sizeof min, "%.3f", rec.clock_base / 60);
            snprintf(inc, sizeof inc, "%.3f", rec.clock_inc);
            for (char *t = min; t; t = t == min ? inc : NULL) {
                char *e = t + strlen(t);
                while (e[-1] == '0')
                    *--e = '\0';
                if (e[-1] == '.')
                    *--e = '\0';
            }
            printf("clock %s+%s:", min, inc);
            for (int s = 0; s < rec.nclocks; s++) {
                const char *who = pl_program_player_name(prog, s);
                printf("%s %s %s left", s ? "," : "", pl_esc(who ? who : pl_record_seat_key(s)),
                       pl_cli_clock_text(rec.clock_left[s], clk, sizeof clk));
            }
            putchar('\n');
        }
        int step = opts[O_STEP].value != NULL, flags = PL_RENDER_LAST_MOVE |
                   (color ? PL_RENDER_COLOR : 0);
        if (step) {
            puts("the start:");
            pl_state_render_with(g.st, stdout, flags);
        }
        for (int k = 0; k < rec.nmoves && rc == 0 && !stopped; k++) {
            int r;
            if (pl_status(g.st, g.ml, &r) != PL_OK) {
                rc = pl_cli_runtime_error("replay", g.st);
                break;
            }
            if (r != PL_RESULT_NONE) {
                rc = pl_cli_fail("replay", "move %d '%s': the game is already "
                                 "over (%s)", k + 1, rec.moves[k],
                                 pl_result_text(prog, r, buf, sizeof buf));
                break;
            }
            int i = pl_cli_find_move(g.ml, rec.moves[k]);
            if (i < 0) {
                rc = pl_cli_fail("replay", "move %d '%s' (%s to move) is not "
                                 "legal under the current rules", k + 1,
                                 rec.moves[k],
                                 pl_program_player_name(prog, pl_state_to_move(g.st)));
                fputs("legal moves: ", stderr);
                pl_cli_print_moves(g.ml, " ", stderr);
                fputc('\n', stderr);
                break;
            }
            int mover = pl_state_to_move(g.st);
            pl_apply(g.st, g.ml, i);
            if (step) {
                /* --step: each move and its board; a line of input
                   between moves (q stops), none at the end of input */
                printf("move %d: %s %s %s\n", k + 1,
                       pl_esc(pl_program_player_name(prog, mover)),
                       pl_cli_verb(prog, mover, "plays", "play"), pl_esc(rec.moves[k]));
                pl_state_render_with(g.st, stdout, flags);
                if (k + 1 < rec.nmoves && step_wait())
                    stopped = 1;
            }
        }
        if (stopped) {
            printf("stopped after move %d of %d\n", pl_state_ply(g.st), rec.nmoves);
            pl_record_free(&rec);
            pl_cli_game_close(&g);
            pl_cli_args_free(&a);
            return PL_EXIT_OK;
        }
        int r = PL_RESULT_NONE;
        if (rc == 0 && pl_status(g.st, g.ml, &r) != PL_OK)
            rc = pl_cli_runtime_error("replay", g.st);
        if (rc == 0) {
            const char *now = r == PL_RESULT_NONE ? "unfinished"
                            : pl_result_text(prog, r, buf, sizeof buf);
            if (opts[O_SHOW].value)
                pl_state_render(g.st, stdout);
            /* the recorded result, read as pl_result_from_text reads it:
               a record written before players had a grammatical number
               says "hounds wins" where one of today says "hounds win" */
            int said = !rec.result ? -2
                     : strcasecmp(rec.result, "unfinished") == 0 ? PL_RESULT_NONE
                     : pl_result_from_text(prog, rec.result);
            if (!rec.result)
                printf("result: %s (none recorded)\n", now);
            else if (said == r && strcasecmp(rec.result, now) == 0)
                printf("result: %s, as recorded\n", now);
            else if (said == r)
                printf("result: %s, as recorded ('%s')\n", now, pl_esc(rec.result));
            else if (r == PL_RESULT_NONE && rec.reason)
                /* a game the rules did not end: a resignation, a draw agreed */
                printf("result: %s (%s), as recorded\n", pl_esc(rec.result),
                       pl_esc(rec.reason));
            else
                rc = pl_cli_fail("replay", "the record says '%s' but the moves "
                                 "give '%s'", rec.result, now);
        }
    }
    pl_record_free(&rec);
    pl_cli_game_close(&g);
    pl_cli_args_free(&a);
    return rc;
}
