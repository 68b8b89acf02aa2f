/*
 * cli_tourney_json.c -- a run of games as JSON (`match --json`,
 * `balance --json`) and back (`merge`).  The file holds everything the
 * reports need, so `merge` does not load the game: the settings, then per
 * game its index, seed, seats, result, plies, record, time and search
 * figures, then a summary for readers other than `merge` (which recomputes
 * it from the games).  The format is described in docs/tournaments.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_json.h"
#include "cli_tourney.h"

enum { TOURNEY_JSON_VERSION = 1, TOURNEY_JSON_MAX_BYTES = 1 << 30 };

static const char *const outcome_names[] = {"win", "draw", "loss"};

static void write_string_or_null(FILE *out, const char *s)
{
    if (s)
        pl_json_write_string(out, s);
    else
        fputs("null", out);
}

static void write_settings(const pl_tourney *t, FILE *out)
{
    fprintf(out, "{\n  \"plateau\": %d,\n  \"command\": ", TOURNEY_JSON_VERSION);
    pl_json_write_string(out, t->command);
    fputs(",\n  \"settings\": {\"game\": ", out);
    pl_json_write_string(out, t->game);
    fputs(", \"title\": ", out);
    pl_json_write_string(out, t->title);
    fputs(", \"seats\": [", out);
    for (int s = 0; s < t->nplayers; s++) {
        fputs(s ? ", " : "", out);
        pl_json_write_string(out, t->seat_names[s]);
    }
    fputs("],\n    \"players\": [", out);
    for (int k = 0; k < 2; k++) {
        fputs(k ? ", " : "", out);
        fputs("{\"spec\": ", out);
        pl_json_write_string(out, t->spec[k]);
        fputs(", \"describe\": ", out);
        pl_json_write_string(out, t->describe[k]);
        fputs(", \"unit\": ", out);
        write_string_or_null(out, t->unit[k]);
        fputc('}', out);
    }
    fprintf(out, "],\n    \"seed\": %" PRIu64 ", \"games\": %d, \"shard\": [%d, %d], "
            "\"max_plies\": %d, \"moves\": ", t->seed, t->total, t->shard,
            t->nshards, t->max_plies);
    write_string_or_null(out, t->moves);
    fprintf(out, ", \"openings\": %d},\n", t->openings);
}

static void write_game(const pl_tourney *t, const pl_tourney_game *g, FILE *out)
{
    fprintf(out, "    {\"index\": %d, \"seed\": %" PRIu64 ", \"seats\": [",
            g->index, g->seed);
    for (int s = 0; s < t->nplayers; s++)
        fprintf(out, "%s\"p%d\"", s ? ", " : "", g->seat_player[s] + 1);
    fputs("], \"winner\": ", out);
    write_string_or_null(out, g->winner >= 0 ? t->seat_names[g->winner] : NULL);
    fprintf(out, ", \"p1\": \"%s\", \"capped\": %s, \"result\": ",
            outcome_names[g->outcome], g->capped ? "true" : "false");
    pl_json_write_string(out, g->result);
    fprintf(out, ", \"plies\": %d, \"time\": %.6f,\n     \"moves\": [", g->plies,
            g->seconds);
    for (int k = 0; k < g->nmoves; k++) {
        fputs(k ? ", " : "", out);
        pl_json_write_string(out, g->moves[k]);
    }
    fputs("],\n     \"search\": [", out);
    for (int k = 0; k < 2; k++) {
        fprintf(out, "%s{\"time\": %.6f, \"work\": %lld, \"moves\": %lld, \"phases\": [",
                k ? ", " : "", g->think[k], g->work[k], g->chosen[k]);
        for (int p = 0; p < PL_TOURNEY_PHASES; p++)
            fprintf(out, "%s{\"time\": %.6f, \"work\": %lld, \"moves\": %lld}", p ? ", " : "",
                    g->phase_think[k][p], g->phase_work[k][p], g->phase_chosen[k][p]);
        fputs("]}", out);
    }
    fputs("],\n     \"estimates\": [", out);
    for (int k = 0; k < g->nestimate; k++) {    /* null: the search gave none */
        fputs(k ? ", " : "", out);
        if (g->estimate[k] < 0)
            fputs("null", out);
        else
            fprintf(out, "%.4f", g->estimate[k]);
    }
    fputs("]}", out);
}

static void write_summary(const pl_tourney *t, FILE *out)
{
    int n[3] = {0, 0, 0};
    long long plies = 0;
    for (int i = 0; i < t->ngames; i++) {
        n[t->games[i].outcome]++;
        plies += t->games[i].plies;
    }
    fprintf(out, "  \"summary\": {\"games\": %d, \"wins\": %d, \"draws\": %d, "
            "\"losses\": %d, \"score\": %.6f, \"average_plies\": %.3f}\n}\n",
            t->ngames, n[0], n[1], n[2],
            t->ngames ? (n[0] + 0.5 * n[1]) / t->ngames : 0.0,
            t->ngames ? (double)plies / t->ngames : 0.0);
}

int pl_tourney_write_json(const pl_tourney *t, const char *path)
{
    int to_stdout = strcmp(path, "-") == 0;
    FILE *out = to_stdout ? stdout : fopen(path, "w");
    if (!out)
        return -1;
    write_settings(t, out);
    fputs("  \"games\": [\n", out);
    for (int i = 0; i < t->ngames; i++) {
        write_game(t, &t->games[i], out);
        fputs(i + 1 < t->ngames ? ",\n" : "\n", out);
    }
    fputs("  ],\n", out);
    write_summary(t, out);
    int bad = ferror(out);
    if (to_stdout)
        bad |= fflush(out) != 0;
    else
        bad |= fclose(out) != 0;
    if (bad && !errno)
        errno = EIO;
    return bad ? -1 : 0;
}

/* --- reading ---------------------------------------------------------------------- */

typedef struct {
    char *err;
    size_t errlen;
    int failed;
} json_check;

/* Record the first problem: "games[3].plies: a whole number expected". */
static int bad(json_check *c, const char *where, const char *what)
{
    if (!c->failed)
        snprintf(c->err, c->errlen, "%s: %s", where, what);
    c->failed = 1;
    return -1;
}

static char *get_string(json_check *c, const pl_json *obj, const char *key,
                        int nullable)
{
    const pl_json *v = pl_json_get(obj, key);
    if (v && v->kind == PL_JSON_STRING)
        return pl_strdup(v->text);
    if (!(nullable && v && v->kind == PL_JSON_NULL))
        bad(c, key, nullable ? "a string or null expected" : "a string expected");
    return NULL;
}

static long long get_int(json_check *c, const pl_json *obj, const char *key,
                         long long min, long long max)
{
    long long n = 0;
    if (pl_json_integer(pl_json_get(obj, key), min, max, &n) != 0)
        bad(c, key, "a whole number in range expected");
    return n;
}

static double get_number(json_check *c, const pl_json *obj, const char *key)
{
    const pl_json *v = pl_json_get_kind(obj, key, PL_JSON_NUMBER);
    if (!v)
        return bad(c, key, "a number expected"), 0;
    return v->number;
}

/* The search of player k by phase ("phases", one object per phase): absent
 * in the files of older versions, which then report no phases. */
static void read_phases(json_check *c, pl_tourney_game *g, int k, const pl_json *search)
{
    const pl_json *v = pl_json_get(search, "phases");
    if (!v)
        return;
    if (v->kind != PL_JSON_ARRAY || v->n != PL_TOURNEY_PHASES)
        return (void)bad(c, "search.phases", "an array of 3 objects expected");
    for (int p = 0; p < PL_TOURNEY_PHASES; p++) {
        g->phase_think[k][p] = get_number(c, v->items[p], "time");
        g->phase_work[k][p] = get_int(c, v->items[p], "work", 0, INT64_MAX);
        g->phase_chosen[k][p] = get_int(c, v->items[p], "moves", 0, INT64_MAX);
    }
}

static void read_players(json_check *c, pl_tourney *t, const pl_json *set)
{
    const pl_json *seats = pl_json_get_kind(set, "seats", PL_JSON_ARRAY);
    if (!seats || seats->n < 2 || seats->n > PL_MAX_PLAYERS)
        return (void)bad(c, "settings.seats", "an array of 2 or more names expected");
    t->nplayers = seats->n;
    for (int s = 0; s < seats->n; s++) {
        if (seats->items[s]->kind != PL_JSON_STRING)
            return (void)bad(c, "settings.seats", "names expected");
        t->seat_names[s] = pl_strdup(seats->items[s]->text);
    }
    const pl_json *players = pl_json_get_kind(set, "players", PL_JSON_ARRAY);
    if (!players || players->n != 2)
        return (void)bad(c, "settings.players", "an array of 2 players expected");
    for (int k = 0; k < 2; k++) {
        t->spec[k] = get_string(c, players->items[k], "spec", 0);
        t->describe[k] = get_string(c, players->items[k], "describe", 0);
        t->unit[k] = get_string(c, players->items[k], "unit", 1);
    }
}

static void read_settings(json_check *c, pl_tourney *t, const pl_json *root)
{
    const pl_json *set = pl_json_get_kind(root, "settings", PL_JSON_OBJECT);
    if (!set)
        return (void)bad(c, "settings", "an object expected");
    t->game = get_string(c, set, "game", 0);
    t->title = get_string(c, set, "title", 0);
    read_players(c, t, set);
    if (pl_json_u64(pl_json_get(set, "seed"), &t->seed) != 0)
        bad(c, "settings.seed", "a whole number expected");
    t->total = (int)get_int(c, set, "games", 1, 1000000);
    const pl_json *shard = pl_json_get_kind(set, "shard", PL_JSON_ARRAY);
    long long k = 0, n = 0;
    if (!shard || shard->n != 2 ||
        pl_json_integer(shard->items[1], 1, 1000000, &n) != 0 ||
        pl_json_integer(shard->items[0], 1, n, &k) != 0)
        bad(c, "settings.shard", "[K, N] with 1 <= K <= N expected");
    t->shard = (int)k;
    t->nshards = (int)n;
    t->max_plies = (int)get_int(c, set, "max_plies", 1, 1000000);
    t->moves = get_string(c, set, "moves", 1);
    t->openings = (int)get_int(c, set, "openings", 0, 1000);
}

static void read_game_lists(json_check *c, pl_tourney_game *g, const pl_json *obj)
{
    const pl_json *moves = pl_json_get_kind(obj, "moves", PL_JSON_ARRAY);
    const pl_json *est = pl_json_get_kind(obj, "estimates", PL_JSON_ARRAY);
    const pl_json *search = pl_json_get_kind(obj, "search", PL_JSON_ARRAY);
    if (!moves || !est || !search || search->n != 2)
        return (void)bad(c, "moves, estimates, search", "arrays expected");
    for (int k = 0; k < moves->n; k++) {
        if (moves->items[k]->kind != PL_JSON_STRING)
            return (void)bad(c, "moves", "move texts expected");
        pl_tourney_game_add_move(g, moves->items[k]->text);
    }
    for (int k = 0; k < est->n; k++) {
        const pl_json *e = est->items[k];
        if (e->kind == PL_JSON_NULL)
            pl_tourney_game_add_estimate(g, -1);
        else if (e->kind == PL_JSON_NUMBER && e->number >= 0 && e->number <= 1)
            pl_tourney_game_add_estimate(g, e->number);
        else
            return (void)bad(c, "estimates", "numbers in [0, 1] or null expected");
    }
    for (int k = 0; k < 2; k++) {
        g->think[k] = get_number(c, search->items[k], "time");
        g->work[k] = get_int(c, search->items[k], "work", 0, INT64_MAX);
        g->chosen[k] = get_int(c, search->items[k], "moves", 0, INT64_MAX);
        read_phases(c, g, k, search->items[k]);
    }
}

static void read_game(json_check *c, pl_tourney *t, const pl_json *obj)
{
    pl_tourney_game *g = pl_tourney_add_game(t);
    g->index = (int)get_int(c, obj, "index", 0, t->total - 1);
    if (pl_json_u64(pl_json_get(obj, "seed"), &g->seed) != 0)
        bad(c, "seed", "a whole number expected");
    const pl_json *seats = pl_json_get_kind(obj, "seats", PL_JSON_ARRAY);
    if (!seats || seats->n != t->nplayers)
        return (void)bad(c, "seats", "one entry per seat expected");
    for (int s = 0; s < seats->n; s++) {
        const char *p = seats->items[s]->kind == PL_JSON_STRING ? seats->items[s]->text : "";
        if (strcmp(p, "p1") != 0 && strcmp(p, "p2") != 0)
            return (void)bad(c, "seats", "\"p1\" or \"p2\" expected");
        g->seat_player[s] = p[1] - '1';
    }
    char *winner = get_string(c, obj, "winner", 1);
    for (int s = 0; winner && s < t->nplayers; s++)
        if (strcmp(winner, t->seat_names[s]) == 0)
            g->winner = s;
    if (winner && g->winner < 0)
        bad(c, "winner", "not a seat of the game");
    free(winner);
    char *p1 = get_string(c, obj, "p1", 0);
    g->outcome = -1;
    for (int k = 0; p1 && k < 3; k++)
        if (strcmp(p1, outcome_names[k]) == 0)
            g->outcome = k;
    if (p1 && g->outcome < 0)
        bad(c, "p1", "\"win\", \"draw\" or \"loss\" expected");
    if (g->outcome < 0)
        g->outcome = PL_TOURNEY_DRAW;
    free(p1);
    const pl_json *capped = pl_json_get_kind(obj, "capped", PL_JSON_BOOL);
    if (!capped)
        bad(c, "capped", "true or false expected");
    g->capped = capped && capped->boolean;
    g->result = get_string(c, obj, "result", 0);
    g->plies = (int)get_int(c, obj, "plies", 0, INT32_MAX);
    g->seconds = get_number(c, obj, "time");
    read_game_lists(c, g, obj);
}

static int read_tree(pl_tourney *t, const pl_json *root, char *err, size_t errlen)
{
    json_check c = {err, errlen, 0};
    long long version = 0;
    if (pl_json_integer(pl_json_get(root, "plateau"), 1, 1000, &version) != 0)
        return bad(&c, "plateau", "not a result file of plateau (no version)");
    if (version != TOURNEY_JSON_VERSION)
        return bad(&c, "plateau", "a version this plateau does not read");
    t->command = get_string(&c, root, "command", 0);
    if (t->command && strcmp(t->command, "match") != 0 &&
        strcmp(t->command, "balance") != 0)
        bad(&c, "command", "\"match\" or \"balance\" expected");
    read_settings(&c, t, root);
    const pl_json *games = pl_json_get_kind(root, "games", PL_JSON_ARRAY);
    if (!games)
        bad(&c, "games", "an array expected");
    for (int i = 0; !c.failed && i < games->n; i++) {
        char where[64];
        snprintf(where, sizeof where, "games[%d]", i);
        read_game(&c, t, games->items[i]);
        if (c.failed) {      /* name the game in the message */
            char inner[400];
            snprintf(inner, sizeof inner, "%s", err);
            snprintf(err, errlen, "%s.%s", where, inner);
        }
    }
    return c.failed ? -1 : 0;
}

int pl_tourney_read_json(pl_tourney *t, const char *path, char *err,
                         size_t errlen)
{
    char *text = NULL, perr[256];
    pl_read_status st = pl_read_file(path, TOURNEY_JSON_MAX_BYTES, &text, NULL);
    if (st != PL_READ_OK) {
        snprintf(err, errlen, "%s: %s", pl_read_status_text(st), strerror(errno));
        return -1;
    }
    pl_json *root = pl_json_parse(text, perr, sizeof perr);
    free(text);
    if (!root) {
        snprintf(err, errlen, "not valid JSON: %s", perr);
        return -1;
    }
    int rc = read_tree(t, root, err, errlen);
    pl_json_free(root);
    return rc;
}
