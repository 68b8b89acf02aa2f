/*
 * cli_match.c -- computer against computer, and game records:
 *
 *   plateau match GAME --p1 SPEC --p2 SPEC --games N   play N games with
 *       the seats alternating, then a table: wins, draws and losses of p1,
 *       its score with a 95% interval, the Elo difference, game lengths
 *   plateau replay FILE                               replay a record
 *       under the current rules: the first illegal move, the result
 *
 * Statistics.  A game scores 1, 1/2 or 0 for p1; over n games the mean is
 * m and the variance of one game v = (W(1-m)^2 + D(1/2-m)^2 + L m^2) / n.
 * The interval is Wilson's score interval with v in place of m(1-m): it
 * stays inside [0, 1] and does not shrink to nothing when every game had
 * the same result.  The Elo difference is -400 log10(1/m - 1), and its
 * interval that of the bounds.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "record.h"

enum { MATCH_MAX_PLIES_DEFAULT = 1000 };

typedef struct {
    pl_player_spec spec;
    pl_search *engine;
    double seconds;            /* thinking time over the match */
    long long work;            /* iterations or nodes */
    long long moves;           /* moves chosen */
} match_player;

typedef struct {
    pl_cli_game g;
    const char *game_arg;
    match_player p[2];
    int games, max_plies;
    uint64_t seed;
    const char *records;
    const char *moves;         /* --moves: the opening of every game */
    int openings;              /* --openings: random plies after them */
    int live;                  /* the live line on stderr */
    /* results of p1: [seat of p1][win, draw, loss] */
    int tally[PL_MAX_PLAYERS][3];
    long long plies;
    int capped, minlen, maxlen;
    char **texts;              /* the moves of the game being played */
    int ntexts, captexts;
} match_ctx;

/* A game that could not be played (the reason was printed): never a result. */
enum { MATCH_FAILED = -2 };

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

static int write_record(match_ctx *m, int game, const int *seat_player, int r)
{
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
        if (pl_search_played(m->p[k].engine, text) != 0)
            return -1;
    pl_apply(m->g.st, m->g.ml, i);
    return 0;
}

static void pop_move(match_ctx *m)
{
    pl_undo(m->g.st);
    free(m->texts[--m->ntexts]);
    for (int k = 0; k < 2; k++)
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
            int i = pl_movelist_find(ml, w);
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

/* Play game number `game` (1-based): p1 sits in seat (game-1) mod n.
 * Returns the result (nplayers for a draw or a capped game), or MATCH_FAILED. */
static int play_one(match_ctx *m, int game, int *seat_player, int *length)
{
    const pl_program *prog = m->g.prog;
    pl_state *st = m->g.st;
    pl_movelist *ml = m->g.ml;
    int np = pl_program_nplayers(prog), p1_seat = (game - 1) % np;
    for (int s = 0; s < np; s++)
        seat_player[s] = s == p1_seat ? 0 : 1;
    clear_texts(m);
    for (int k = 0; k < 2; k++)
        pl_search_reset(m->p[k].engine);
    pl_state_reset(st);
    if (play_opening(m, game) != 0)
        return MATCH_FAILED;
    for (;;) {
        int r;
        if (pl_status(st, ml, &r) != PL_OK) {
            pl_cli_runtime_error("match", st);
            return MATCH_FAILED;
        }
        if (r != PL_RESULT_NONE) {
            *length = pl_state_ply(st);
            return r;
        }
        if (pl_movelist_count(ml) == 0 || pl_state_ply(st) >= m->max_plies) {
            *length = pl_state_ply(st);
            m->capped += pl_movelist_count(ml) > 0;
            return np;
        }
        match_player *mp = &m->p[seat_player[pl_state_to_move(st)]];
        pl_search_info info;
        int i = -1;
        pl_err err = pl_search_think(mp->engine, st, &i, &info);
        if (err == PL_ERR_RUNTIME || err == PL_ERR_MEMORY) {
            const char *e = pl_search_error(mp->engine);
            pl_cli_fail("match", "runtime error in the rules: %s",
                        e ? e : "(no message)");
            return MATCH_FAILED;
        }
        if (i >= 0 && i < pl_movelist_count(ml) &&
            strcasecmp(pl_move_text(ml, i), info.best) != 0)
            i = pl_movelist_find(ml, info.best);
        if (i < 0 || i >= pl_movelist_count(ml)) {
            pl_cli_fail("match", "%s found no move", mp->spec.text);
            return MATCH_FAILED;
        }
        mp->seconds += info.seconds;
        mp->work += mp->spec.kind == PL_PLAYER_MCTS ? info.iterations : info.nodes;
        mp->moves++;
        if (push_move(m, i) != 0) {
            pl_cli_fail("match", "out of memory");
            return MATCH_FAILED;
        }
    }
}

/* --- statistics ------------------------------------------------------------------- */

static void score_interval(int w, int d, int l, double *mean, double *lo,
                           double *hi)
{
    double n = w + d + l, z = 1.959964;
    double m = (w + 0.5 * d) / n;
    double v = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
    double denom = 1 + z * z / n;
    double center = (m + z * z / (2 * n)) / denom;
    double half = z * sqrt(v / n + z * z / (4 * n * n)) / denom;
    *mean = m;
    *lo = center - half < 0 ? 0 : center - half;
    *hi = center + half > 1 ? 1 : center + half;
}

static void fmt_elo(double score, char *buf, size_t len)
{
    if (score <= 1e-9)
        snprintf(buf, len, "-inf");
    else if (score >= 1 - 1e-9)
        snprintf(buf, len, "+inf");
    else {
        double elo = -400.0 * log10(1.0 / score - 1.0);
        snprintf(buf, len, "%+.0f", fabs(elo) < 0.5 ? 0.0 : elo);
    }
}

static void tally_sum(const match_ctx *m, int *w, int *d, int *l)
{
    *w = *d = *l = 0;
    for (int s = 0; s < PL_MAX_PLAYERS; s++) {
        *w += m->tally[s][0];
        *d += m->tally[s][1];
        *l += m->tally[s][2];
    }
}

static void live_line(const match_ctx *m, int done)
{
    int w, d, l;
    tally_sum(m, &w, &d, &l);
    fprintf(stderr, "\r\033[Kgame %d/%d: p1 %d wins, %d draws, %d losses "
            "(score %.1f%%)", done, m->games, w, d, l,
            100.0 * (w + 0.5 * d) / (done ? done : 1));
    fflush(stderr);
}

static void print_table(const match_ctx *m, double seconds)
{
    const pl_program *prog = m->g.prog;
    int w, d, l;
    tally_sum(m, &w, &d, &l);
    int n = w + d + l;
    char desc[2][128];
    for (int k = 0; k < 2; k++)
        pl_player_spec_describe(&m->p[k].spec, desc[k], sizeof desc[k]);
    printf("match: %s, %d game%s in %.1f s\n", pl_program_title(prog), n, n == 1 ? "" : "s",
           seconds);
    printf("p1: %s (%s)\np2: %s (%s)\n", m->p[0].spec.text, desc[0],
           m->p[1].spec.text, desc[1]);
    if (n == 0)
        return;
    printf("%-14s %6s %6s %6s %7s\n", "p1", "games", "wins", "draws", "losses");
    printf("%-14s %6d %6d %6d %7d\n", "total", n, w, d, l);
    for (int s = 0; s < pl_program_nplayers(prog); s++) {
        const int *t = m->tally[s];
        char label[64];
        snprintf(label, sizeof label, "as %s", pl_program_player_name(prog, s));
        printf("%-14s %6d %6d %6d %7d\n", label, t[0] + t[1] + t[2], t[0], t[1],
               t[2]);
    }
    double mean, lo, hi;
    score_interval(w, d, l, &mean, &lo, &hi);
    char e[3][32];
    fmt_elo(mean, e[0], sizeof e[0]);
    fmt_elo(lo, e[1], sizeof e[1]);
    fmt_elo(hi, e[2], sizeof e[2]);
    printf("score of p1: %.1f/%d = %.1f%% (95%%: %.1f%% .. %.1f%%)\n",
           w + 0.5 * d, n, 100 * mean, 100 * lo, 100 * hi);
    printf("elo difference: %s (95%%: %s .. %s)\n", e[0], e[1], e[2]);
    printf("average game length: %.1f plies (shortest %d, longest %d)\n",
           (double)m->plies / n, m->minlen, m->maxlen);
    if (m->capped)
        printf("games stopped at %d plies (counted as draws): %d\n",
               m->max_plies, m->capped);
    for (int k = 0; k < 2; k++) {
        const match_player *p = &m->p[k];
        if (p->spec.kind != PL_PLAYER_MCTS && p->spec.kind != PL_PLAYER_ALPHABETA)
            continue;
        if (p->moves == 0)
            continue;
        printf("p%d search: %.3f s/move, %.0f %s/s\n", k + 1,
               p->seconds / (double)p->moves,
               p->seconds > 0 ? (double)p->work / p->seconds : 0.0,
               p->spec.kind == PL_PLAYER_MCTS ? "iterations" : "nodes");
    }
}

/* --- match ------------------------------------------------------------------------ */

static int run_match(match_ctx *m)
{
    const pl_program *prog = m->g.prog;
    double start = pl_now();
    char buf[160];
    int done = 0;
    m->minlen = -1;
    for (int game = 1; game <= m->games; game++) {
        int seat_player[PL_MAX_PLAYERS], length = 0;
        int r = play_one(m, game, seat_player, &length);
        if (r < 0)
            return PL_EXIT_FAIL;
        int p1_seat = (game - 1) % pl_program_nplayers(prog);
        int outcome = r == p1_seat ? 0 : r == pl_program_nplayers(prog) ? 1 : 2;
        m->tally[p1_seat][outcome]++;
        m->plies += length;
        if (m->minlen < 0 || length < m->minlen)
            m->minlen = length;
        if (length > m->maxlen)
            m->maxlen = length;
        done++;
        if (m->records && write_record(m, game, seat_player, r) != 0)
            return PL_EXIT_FAIL;
        if (m->live)
            fputs("\r\033[K", stderr);
        printf("game %d: ", game);
        for (int s = 0; s < pl_program_nplayers(prog); s++)
            printf("%s%s = p%d", s ? ", " : "", pl_program_player_name(prog, s),
                   seat_player[s] + 1);
        printf(": %s in %d plies\n", pl_state_outcome(m->g.st, r, buf, sizeof buf),
               length);
        fflush(stdout);
        if (m->live)
            live_line(m, done);
    }
    if (m->live)
        fputs("\r\033[K", stderr);
    print_table(m, pl_now() - start);
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

int pl_cli_match(int argc, char **argv)
{
    enum { O_P1, O_P2, O_GAMES, O_RECORDS, O_SEED, O_LEVEL, O_MOVES,
           O_MAXPLIES, O_OPENINGS, NOPTS };
    pl_cli_opt opts[NOPTS] = {
        {"--p1", 1, NULL},      {"--p2", 1, NULL},    {"--games", 1, NULL},
        {"--records", 1, NULL}, {"--seed", 1, NULL},  {"--level", 1, NULL},
        {"--moves", 1, NULL},   {"--max-plies", 1, NULL},
        {"--openings", 1, NULL}};
    pl_cli_args a;
    match_ctx m;
    memset(&m, 0, sizeof m);
    long long games = 10, seed = 0, level = 0, openings = 0;
    long long max_plies = MATCH_MAX_PLIES_DEFAULT;
    int rc = pl_cli_parse(&a, "match", opts, NOPTS, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("match", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("match", "no GAME given");
    if (rc == 0 && opts[O_GAMES].value)
        rc = pl_cli_int("match", "--games", opts[O_GAMES].value, 1, 1000000, &games);
    if (rc == 0 && opts[O_SEED].value)
        rc = pl_cli_int("match", "--seed", opts[O_SEED].value, 0, INT64_MAX, &seed);
    else if (rc == 0)
        seed = (long long)(pl_time_seed() >> 1);
    if (rc == 0 && opts[O_LEVEL].value)
        rc = pl_cli_int("match", "--level", opts[O_LEVEL].value, PL_LEVEL_MIN,
                        PL_LEVEL_MAX, &level);
    if (rc == 0 && opts[O_OPENINGS].value)
        rc = pl_cli_int("match", "--openings", opts[O_OPENINGS].value, 0, 1000,
                        &openings);
    if (rc == 0 && opts[O_MAXPLIES].value)
        rc = pl_cli_int("match", "--max-plies", opts[O_MAXPLIES].value, 1,
                        1000000, &max_plies);
    for (int k = 0; k < 2 && rc == 0; k++) {
        const char *text = opts[k].value ? opts[k].value : "ai";
        char err[256];
        if (pl_player_spec_parse(text, (int)level, &m.p[k].spec, err, sizeof err) != 0)
            rc = pl_cli_usage("match", "--p%d: %s", k + 1, err);
        else if (m.p[k].spec.kind == PL_PLAYER_HUMAN)
            rc = pl_cli_usage("match", "--p%d: a match is between computer "
                              "players, not '%s'", k + 1, text);
    }
    if (rc == 0 && opts[O_RECORDS].value && make_dir(opts[O_RECORDS].value) != 0)
        rc = pl_cli_fail("match", "cannot make directory %s: %s",
                         opts[O_RECORDS].value, strerror(errno));
    if (rc == 0)    /* --moves are checked here, once */
        rc = pl_cli_game_open(&m.g, "match", a.pos[0], opts[O_MOVES].value);
    if (rc == 0) {
        m.game_arg = a.pos[0];
        m.games = (int)games;
        m.max_plies = (int)max_plies;
        m.seed = (uint64_t)seed;
        m.records = opts[O_RECORDS].value;
        m.moves = opts[O_MOVES].value;
        m.openings = (int)openings;
        m.live = isatty(fileno(stderr));
        for (int k = 0; k < 2 && rc == 0; k++) {
            pl_player_spec *spec = &m.p[k].spec;
            if (!spec->has_seed) {
                spec->has_seed = 1;
                spec->seed = m.seed + 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1);
            }
            m.p[k].engine = pl_search_new(m.g.prog, spec);
            if (!m.p[k].engine)
                rc = pl_cli_fail("match", "out of memory");
        }
    }
    if (rc == 0)
        rc = run_match(&m);
    clear_texts(&m);
    free(m.texts);
    for (int k = 0; k < 2; k++)
        pl_search_free(m.p[k].engine);
    pl_cli_game_close(&m.g);
    pl_cli_args_free(&a);
    return rc;
}

/* --- replay ---------------------------------------------------------------------- */

int pl_cli_replay(int argc, char **argv)
{
    enum { O_GAME, O_SHOW, NOPTS };
    pl_cli_opt opts[NOPTS] = {{"--game", 1, NULL}, {"--show", 0, NULL}};
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
    if (rc == 0 && pl_record_load(&rec, a.pos[0], err, sizeof err) != 0)
        rc = pl_cli_fail("replay", "%s", err);
    const char *game = opts[O_GAME].value ? opts[O_GAME].value : rec.game;
    if (rc == 0)
        rc = pl_cli_game_open(&g, "replay", game, NULL);
    if (rc == 0) {
        const pl_program *prog = g.prog;
        printf("%s: %s, %d move%s\n", a.pos[0], pl_program_title(prog), rec.nmoves,
               rec.nmoves == 1 ? "" : "s");
        if (rec.has_rules && rec.rules != pl_program_rules_hash(prog))
            fprintf(stderr, "plateau replay: warning: the rules of %s changed "
                    "since the game was recorded (rules %016" PRIx64 ", now %016"
                    PRIx64 ")\n", game, rec.rules, pl_program_rules_hash(prog));
        for (int k = 0; k < rec.nmoves && rc == 0; k++) {
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
            int i = pl_movelist_find(g.ml, rec.moves[k]);
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
            pl_apply(g.st, g.ml, i);
        }
        int r = PL_RESULT_NONE;
        if (rc == 0 && pl_status(g.st, g.ml, &r) != PL_OK)
            rc = pl_cli_runtime_error("replay", g.st);
        if (rc == 0) {
            const char *now = r == PL_RESULT_NONE ? "unfinished"
                            : pl_result_text(prog, r, buf, sizeof buf);
            if (opts[O_SHOW].value)
                pl_state_render(g.st, stdout);
            if (!rec.result)
                printf("result: %s (none recorded)\n", now);
            else if (strcasecmp(rec.result, now) == 0)
                printf("result: %s, as recorded\n", now);
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
