/*
 * cli_merge.c -- `plateau merge FILE...`: the shards of one run (written
 * by `match --shard K/N --json` or `balance ... --json`) put back
 * together, printed as the run played in one piece prints itself.
 *
 * The shards must belong together: the same command, game, players,
 * seed, number of games and settings, and each shard K of N exactly once,
 * each holding exactly its games.  Anything else is refused with the file
 * and the reason, because a report silently merged from two different
 * runs would be worse than none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_tourney.h"

static int same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Why shard `s` does not belong with `first`, or NULL. */
static const char *mismatch(const pl_tourney *first, const pl_tourney *s)
{
    if (!same_text(first->command, s->command))
        return "it comes from another command";
    if (!same_text(first->game, s->game) || !same_text(first->title, s->title))
        return "it is of another game";
    if (first->nplayers != s->nplayers)
        return "its game has another number of players";
    for (int k = 0; k < 2; k++)
        if (!same_text(first->spec[k], s->spec[k]))
            return "it has other players";
    if (first->seed != s->seed)
        return "it has another seed";
    if (first->total != s->total)
        return "its run has another number of games";
    if (first->nshards != s->nshards)
        return "its run is cut into another number of shards";
    if (first->max_plies != s->max_plies || first->openings != s->openings ||
        !same_text(first->moves, s->moves))
        return "it has other --max-plies, --openings or --moves";
    return NULL;
}

/* Does shard `s` hold exactly the games of its K of N? */
static const char *wrong_games(const pl_tourney *s)
{
    int want = 0;
    for (int i = 0; i < s->total; i++)
        want += pl_tourney_in_shard(i, s->shard, s->nshards);
    for (int i = 0; i < s->ngames; i++)
        if (!pl_tourney_in_shard(s->games[i].index, s->shard, s->nshards))
            return "it holds a game of another shard";
    for (int i = 1; i < s->ngames; i++)
        if (s->games[i].index <= s->games[i - 1].index)
            return "it holds a game twice or out of order";
    return s->ngames == want ? NULL : "it does not hold all the games of its shard";
}

/* Move the games of `from` to the end of `into`. */
static void take_games(pl_tourney *into, pl_tourney *from)
{
    for (int i = 0; i < from->ngames; i++) {
        pl_tourney_game *g = pl_tourney_add_game(into);
        *g = from->games[i];
    }
    free(from->games);
    from->games = NULL;
    from->ngames = from->capgames = 0;
}

/* Read and check every file, gathering the games into `run`. */
static int merge_files(pl_tourney *run, char **files, int nfiles)
{
    char err[512];
    const char **seen = NULL;
    int rc = 0;
    for (int f = 0; f < nfiles && rc == 0; f++) {
        pl_tourney s;
        pl_tourney_init(&s);
        const char *why = NULL;
        if (pl_tourney_read_json(&s, files[f], err, sizeof err) != 0)
            rc = pl_cli_fail("merge", "%s: %s", files[f], err);
        else if (f > 0 && (why = mismatch(run, &s)) != NULL)
            rc = pl_cli_fail("merge", "%s does not belong with %s: %s", files[f],
                             files[0], why);
        else if ((why = wrong_games(&s)) != NULL)
            rc = pl_cli_fail("merge", "%s (shard %d/%d): %s", files[f], s.shard,
                             s.nshards, why);
        if (rc == 0 && f == 0) {
            *run = s;        /* the first file gives the settings */
            pl_tourney_init(&s);
            seen = pl_calloc((size_t)run->nshards, sizeof *seen);
            seen[run->shard - 1] = files[f];
            continue;
        }
        if (rc == 0 && seen[s.shard - 1])
            rc = pl_cli_fail("merge", "%s and %s are both shard %d/%d", seen[s.shard - 1],
                             files[f], s.shard, s.nshards);
        if (rc == 0) {
            seen[s.shard - 1] = files[f];
            take_games(run, &s);
        }
        pl_tourney_free(&s);
    }
    for (int k = 0; rc == 0 && k < run->nshards; k++)
        if (!seen[k])
            rc = pl_cli_fail("merge", "shard %d/%d is missing (%d file%s given)",
                             k + 1, run->nshards, nfiles, nfiles == 1 ? "" : "s");
    free(seen);
    return rc;
}

int pl_cli_merge(int argc, char **argv)
{
    enum { O_JSON, O_SVG, O_NOTIMES, O_QUIET, NOPTS };
    pl_cli_opt opts[NOPTS] = {{"--json", 1, NULL}, {"--svg", 1, NULL},
                              {"--no-times", 0, NULL}, {"--quiet", 0, NULL}};
    pl_cli_args a;
    pl_tourney run;
    pl_tourney_init(&run);
    int rc = pl_cli_parse(&a, "merge", opts, NOPTS, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos == 0)
        rc = pl_cli_usage("merge", "no FILE given");
    const char *json = opts[O_JSON].value, *svg = opts[O_SVG].value;
    if (rc == 0 && svg && json && strcmp(json, "-") == 0)
        rc = pl_cli_usage("merge", "--json - writes to the standard output: "
                          "give --svg a file");
    if (rc == 0)
        rc = merge_files(&run, a.pos, a.npos);
    if (rc == 0 && svg && strcmp(run.command, "balance") != 0)
        rc = pl_cli_usage("merge", "--svg: the chart is of a balance run, "
                          "these are shards of a %s", run.command);
    if (rc == 0) {
        pl_tourney_sort(&run);
        run.shard = run.nshards = 1;        /* now the whole run */
        double seconds = 0;
        for (int i = 0; i < run.ngames; i++)
            seconds += run.games[i].seconds;
        if (opts[O_NOTIMES].value)
            seconds = -1;
        /* with --json -, standard output is the JSON alone */
        int to_stdout = json && strcmp(json, "-") == 0;
        FILE *out = to_stdout ? stderr : stdout;
        for (int i = 0; i < run.ngames && !opts[O_QUIET].value && !to_stdout; i++)
            pl_tourney_print_game(&run, &run.games[i], out);
        if (strcmp(run.command, "balance") == 0)
            pl_tourney_print_balance(&run, seconds, out);
        else
            pl_tourney_print_match(&run, seconds, out);
        fflush(out);
        if (json && pl_tourney_write_json(&run, json) != 0)
            rc = pl_cli_fail("merge", "cannot write %s: %s", json, strerror(errno));
        if (rc == 0 && svg && pl_tourney_write_svg(&run, svg) != 0)
            rc = pl_cli_fail("merge", "cannot write %s: %s", svg, strerror(errno));
    }
    pl_tourney_free(&run);
    pl_cli_args_free(&a);
    return rc;
}
