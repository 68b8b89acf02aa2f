/*
 * cli_tourney.c -- the results of a run of games (cli_tourney.h): game
 * seeds and shards, the list of games, and the printed reports of `match`
 * and `balance`, computed from the games alone so that `merge` prints
 * what the run played in one piece would have printed.
 *
 * Statistics.  A game scores 1, 1/2 or 0 for p1; over n games the mean is
 * m and the variance of one game v = (W(1-m)^2 + D(1/2-m)^2 + L m^2) / n.
 * The interval is Wilson's score interval with v in place of m(1-m): it
 * stays inside [0, 1] and does not shrink to nothing when every game had
 * the same result.  The Elo difference is -400 log10(1/m - 1), and its
 * interval that of the bounds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_tourney.h"

uint64_t pl_tourney_game_seed(uint64_t seed, int index)
{
    pl_rng r;
    pl_rng_seed(&r, seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(index + 1)));
    return pl_rng_next(&r);
}

int pl_tourney_in_shard(int index, int shard, int nshards)
{
    return index % nshards == shard - 1;
}

int pl_tourney_parse_shard(const char *cmd, const char *text, int *shard,
                           int *nshards)
{
    const char *slash = strchr(text, '/');
    long long k, n;
    char kbuf[32];
    if (!slash || (size_t)(slash - text) >= sizeof kbuf)
        return pl_cli_usage(cmd, "--shard: '%s' is not K/N (e.g. 2/8)", text);
    memcpy(kbuf, text, (size_t)(slash - text));
    kbuf[slash - text] = '\0';
    if (pl_cli_int(cmd, "--shard N", slash + 1, 1, 1000000, &n) != 0 ||
        pl_cli_int(cmd, "--shard K", kbuf, 1, n, &k) != 0)
        return PL_EXIT_USAGE;
    *shard = (int)k;
    *nshards = (int)n;
    return 0;
}

void pl_tourney_init(pl_tourney *t)
{
    memset(t, 0, sizeof *t);
    t->shard = t->nshards = 1;
}

static void free_game(pl_tourney_game *g)
{
    for (int k = 0; k < g->nmoves; k++)
        free(g->moves[k]);
    free(g->moves);
    free(g->result);
    free(g->estimate);
}

void pl_tourney_free(pl_tourney *t)
{
    for (int i = 0; i < t->ngames; i++)
        free_game(&t->games[i]);
    free(t->games);
    free(t->command);
    free(t->game);
    free(t->title);
    for (int s = 0; s < PL_MAX_PLAYERS; s++)
        free(t->seat_names[s]);
    for (int k = 0; k < 2; k++) {
        free(t->spec[k]);
        free(t->describe[k]);
        free(t->unit[k]);
    }
    free(t->moves);
    pl_tourney_init(t);
}

pl_tourney_game *pl_tourney_add_game(pl_tourney *t)
{
    int need = t->ngames + 1;
    PL_GROW(t->games, t->capgames, need);
    pl_tourney_game *g = &t->games[t->ngames++];
    memset(g, 0, sizeof *g);
    g->winner = -1;
    return g;
}

void pl_tourney_game_add_move(pl_tourney_game *g, const char *text)
{
    int need = g->nmoves + 1;
    PL_GROW(g->moves, g->capmoves, need);
    g->moves[g->nmoves++] = pl_strdup(text);
}

void pl_tourney_game_add_estimate(pl_tourney_game *g, double p1_estimate)
{
    int need = g->nestimate + 1;
    PL_GROW(g->estimate, g->capestimate, need);
    g->estimate[g->nestimate++] = p1_estimate;
}

int pl_tourney_phase(int ply, int plies)
{
    if (plies <= 0 || ply <= 0)
        return 0;
    int phase = (int)((long long)ply * PL_TOURNEY_PHASES / plies);
    return phase < PL_TOURNEY_PHASES ? phase : PL_TOURNEY_PHASES - 1;
}

void pl_tourney_game_add_phase(pl_tourney_game *g, int k, int phase, double seconds,
                               long long work)
{
    g->phase_think[k][phase] += seconds;
    g->phase_work[k][phase] += work;
    g->phase_chosen[k][phase]++;
}

static int by_index(const void *a, const void *b)
{
    const pl_tourney_game *x = a, *y = b;
    return (x->index > y->index) - (x->index < y->index);
}

void pl_tourney_sort(pl_tourney *t)
{
    if (t->ngames > 1)
        qsort(t->games, (size_t)t->ngames, sizeof *t->games, by_index);
}

void pl_tourney_print_game(const pl_tourney *t, const pl_tourney_game *g,
                           FILE *out)
{
    fprintf(out, "game %d: ", g->index + 1);
    for (int s = 0; s < t->nplayers; s++)
        fprintf(out, "%s%s = p%d", s ? ", " : "", t->seat_names[s],
                g->seat_player[s] + 1);
    fprintf(out, ": %s in %d plies\n", g->result, g->plies);
}

/* --- statistics ------------------------------------------------------------------- */

typedef struct {
    int tally[PL_MAX_PLAYERS][3];   /* [seat of p1][win, draw, loss] */
    int w, d, l, n;
    long long plies;
    int minlen, maxlen, capped;
} tourney_stats;

static int p1_seat(const pl_tourney *t, const pl_tourney_game *g)
{
    for (int s = 0; s < t->nplayers; s++)
        if (g->seat_player[s] == 0)
            return s;
    return 0;
}

static void gather(const pl_tourney *t, tourney_stats *st)
{
    memset(st, 0, sizeof *st);
    st->minlen = -1;
    for (int i = 0; i < t->ngames; i++) {
        const pl_tourney_game *g = &t->games[i];
        st->tally[p1_seat(t, g)][g->outcome]++;
        st->w += g->outcome == PL_TOURNEY_WIN;
        st->d += g->outcome == PL_TOURNEY_DRAW;
        st->l += g->outcome == PL_TOURNEY_LOSS;
        st->plies += g->plies;
        st->capped += g->capped;
        if (st->minlen < 0 || g->plies < st->minlen)
            st->minlen = g->plies;
        if (g->plies > st->maxlen)
            st->maxlen = g->plies;
    }
    st->n = t->ngames;
}

void pl_tourney_score_interval(int w, int d, int l, double *mean, double *lo,
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

void pl_tourney_elo_text(double score, char *buf, size_t len)
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

/* "match: Title, 10 games in 1.2 s" and the shard this is, if a part. */
static void print_heading(const pl_tourney *t, int n, double seconds, FILE *out)
{
    fprintf(out, "%s: %s, %d game%s", t->command, pl_esc(t->title), n, n == 1 ? "" : "s");
    if (seconds >= 0)
        fprintf(out, " in %.1f s", seconds);
    fputc('\n', out);
    if (t->nshards > 1)
        fprintf(out, "shard %d/%d of a run of %d games (seed %llu)\n",
                t->shard, t->nshards, t->total, (unsigned long long)t->seed);
}

void pl_tourney_searches_add(pl_tourney_searches *s, int k, int ply, double seconds,
                             long long work)
{
    PL_GROW(s->v, s->cap, s->n + 1);
    s->v[s->n++] = (pl_tourney_search){k, ply, seconds, work};
}

void pl_tourney_phase_sums(const pl_tourney_searches *s, int k, int plies, double *think,
                           long long *work, long long *chosen)
{
    for (int i = 0; i < s->n; i++) {
        const pl_tourney_search *x = &s->v[i];
        if (x->k != k)
            continue;
        int p = pl_tourney_phase(x->ply, plies);
        think[p] += x->seconds;
        work[p] += x->work;
        chosen[p]++;
    }
}

void pl_tourney_print_phases(const double *think, const long long *work,
                             const long long *chosen, const char *unit, FILE *out)
{
    static const char *const names[PL_TOURNEY_PHASES] = {"opening:", "middle:", "end:"};
    for (int p = 0; p < PL_TOURNEY_PHASES; p++) {
        if (chosen[p] == 0)
            continue;
        fprintf(out, "  %-9s %.3f s/move, %.0f %s/s, %lld %s over %lld move%s\n", names[p],
                think[p] / (double)chosen[p], think[p] > 0 ? (double)work[p] / think[p] : 0.0,
                unit, work[p], unit, chosen[p], chosen[p] == 1 ? "" : "s");
    }
}

/* Player k's speed in each third of the games: where a search costs more
 * (a crowded middle game, a long endgame playout) it shows here. */
static void print_phase_speed(const pl_tourney *t, int k, FILE *out)
{
    double think[PL_TOURNEY_PHASES] = {0};
    long long work[PL_TOURNEY_PHASES] = {0}, chosen[PL_TOURNEY_PHASES] = {0};
    for (int p = 0; p < PL_TOURNEY_PHASES; p++)
        for (int i = 0; i < t->ngames; i++) {
            think[p] += t->games[i].phase_think[k][p];
            work[p] += t->games[i].phase_work[k][p];
            chosen[p] += t->games[i].phase_chosen[k][p];
        }
    pl_tourney_print_phases(think, work, chosen, t->unit[k], out);
}

static void print_search_speed(const pl_tourney *t, FILE *out)
{
    for (int k = 0; k < 2; k++) {
        double think = 0;
        long long work = 0, chosen = 0;
        for (int i = 0; i < t->ngames; i++) {
            think += t->games[i].think[k];
            work += t->games[i].work[k];
            chosen += t->games[i].chosen[k];
        }
        if (!t->unit[k] || chosen == 0)
            continue;
        fprintf(out, "p%d search: %.3f s/move, %.0f %s/s\n", k + 1,
                think / (double)chosen, think > 0 ? (double)work / think : 0.0,
                t->unit[k]);
        print_phase_speed(t, k, out);
    }
}

void pl_tourney_print_match(const pl_tourney *t, double seconds, FILE *out)
{
    tourney_stats st;
    gather(t, &st);
    print_heading(t, st.n, seconds, out);
    fprintf(out, "p1: %s (%s)\np2: %s (%s)\n", t->spec[0], t->describe[0],
            t->spec[1], t->describe[1]);
    if (st.n == 0)
        return;
    fprintf(out, "%-14s %6s %6s %6s %7s\n", "p1", "games", "wins", "draws", "losses");
    fprintf(out, "%-14s %6d %6d %6d %7d\n", "total", st.n, st.w, st.d, st.l);
    for (int s = 0; s < t->nplayers; s++) {
        const int *c = st.tally[s];
        char label[64];
        snprintf(label, sizeof label, "as %s", t->seat_names[s]);
        fprintf(out, "%-14s %6d %6d %6d %7d\n", label, c[0] + c[1] + c[2], c[0],
                c[1], c[2]);
    }
    double mean, lo, hi;
    pl_tourney_score_interval(st.w, st.d, st.l, &mean, &lo, &hi);
    char e[3][32];
    pl_tourney_elo_text(mean, e[0], sizeof e[0]);
    pl_tourney_elo_text(lo, e[1], sizeof e[1]);
    pl_tourney_elo_text(hi, e[2], sizeof e[2]);
    fprintf(out, "score of p1: %.1f/%d = %.1f%% (95%%: %.1f%% .. %.1f%%)\n",
            st.w + 0.5 * st.d, st.n, 100 * mean, 100 * lo, 100 * hi);
    fprintf(out, "elo difference: %s (95%%: %s .. %s)\n", e[0], e[1], e[2]);
    fprintf(out, "average game length: %.1f plies (shortest %d, longest %d)\n",
            (double)st.plies / st.n, st.minlen, st.maxlen);
    if (st.capped)
        fprintf(out, "games stopped at %d plies (counted as draws): %d\n",
                t->max_plies, st.capped);
    if (seconds >= 0)
        print_search_speed(t, out);
}

/* --- balance ---------------------------------------------------------------------- */

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of sorted[0..n-1], interpolated between ranks. */
static double quantile(const int *sorted, int n, double q)
{
    double pos = q * (n - 1);
    int i = (int)pos;
    if (i >= n - 1)
        return sorted[n - 1];
    return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
}

/* The first known estimate at or after half the game, or -1. */
static double estimate_at_half(const pl_tourney_game *g)
{
    for (int k = g->plies / 2; k < g->plies && k < g->nestimate; k++)
        if (g->estimate[k] >= 0)
            return g->estimate[k];
    return -1;
}

/* Decided games, and those decided early (see PL_TOURNEY_EARLY). */
static void count_early(const pl_tourney *t, int *judged, int *early)
{
    *judged = *early = 0;
    for (int i = 0; i < t->ngames; i++) {
        const pl_tourney_game *g = &t->games[i];
        double e = estimate_at_half(g);
        if (g->winner < 0 || e < 0)
            continue;
        (*judged)++;
        *early += g->winner == 0 ? e >= PL_TOURNEY_EARLY : e <= 1 - PL_TOURNEY_EARLY;
    }
}

static void print_lengths(const pl_tourney *t, const tourney_stats *st, FILE *out)
{
    int *len = pl_malloc((size_t)st->n * sizeof *len);
    for (int i = 0; i < st->n; i++)
        len[i] = t->games[i].plies;
    qsort(len, (size_t)st->n, sizeof *len, by_int);
    fprintf(out, "length: min %d, quartiles %.1f / %.1f / %.1f, max %d, "
            "mean %.1f plies\n", len[0], quantile(len, st->n, 0.25),
            quantile(len, st->n, 0.5), quantile(len, st->n, 0.75),
            len[st->n - 1], (double)st->plies / st->n);
    free(len);
}

void pl_tourney_print_balance(const pl_tourney *t, double seconds, FILE *out)
{
    tourney_stats st;
    gather(t, &st);
    print_heading(t, st.n, seconds, out);
    fprintf(out, "player: %s (%s) on every side\n", t->spec[0], t->describe[0]);
    if (st.n == 0)
        return;
    double mean, lo, hi;
    pl_tourney_score_interval(st.w, st.d, st.l, &mean, &lo, &hi);
    fprintf(out, "first player (%s): %d wins, %d draws, %d losses\n",
            t->seat_names[0], st.w, st.d, st.l);
    fprintf(out, "score of the first player: %.1f/%d = %.1f%% (95%%: %.1f%% .. %.1f%%)\n",
            st.w + 0.5 * st.d, st.n, 100 * mean, 100 * lo, 100 * hi);
    fprintf(out, "draws: %d (%.1f%%)\n", st.d, 100.0 * st.d / st.n);
    print_lengths(t, &st, out);
    if (st.capped)
        fprintf(out, "games stopped at %d plies (counted as draws): %d\n",
                t->max_plies, st.capped);
    int judged, early;
    count_early(t, &judged, &early);
    if (judged == 0)
        fprintf(out, "decided early: unknown (no decided game with a win "
                "estimate at half its length; mcts players give one)\n");
    else
        fprintf(out, "decided early: %d of %d decided games (%.1f%%): the win "
                "estimate at half length was already %.0f%% for the winner\n",
                early, judged, 100.0 * early / judged, 100 * PL_TOURNEY_EARLY);
    if (seconds >= 0)
        print_search_speed(t, out);
}
