/*
 * cli_perft.c -- commands that look at one position: perft, moves, show.
 *
 * Perft follows the rules' definition: a terminal position contributes 1
 * at depth 0 and 0 beyond.  pl_status() tells both at once whether a node
 * is terminal and, when it is not, fills the move list; so each depth has
 * its own move list, allocated once, and the walk itself never allocates.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "record.h"

enum { PL_PERFT_MAX_DEPTH = 64 };

/* Sequences of length depth >= 1 from the current position, in *count.
 * `ml` points at depth many move lists. */
static pl_err perft(pl_state *st, pl_movelist *const *ml, int depth,
                    int64_t *count)
{
    int r;
    *count = 0;
    /* Bulk count: every child contributes 1 at depth 0, terminal or not. */
    if (depth == 1)
        return pl_count_moves(st, *ml, &r, count);
    pl_err err = pl_status(st, *ml, &r);
    if (err != PL_OK || r != PL_RESULT_NONE)
        return err;
    int n = pl_movelist_count(*ml);
    for (int i = 0; i < n; i++) {
        int64_t below;
        pl_apply(st, *ml, i);
        err = perft(st, ml + 1, depth - 1, &below);
        pl_undo(st);
        if (err != PL_OK)
            return err;
        *count += below;
    }
    return PL_OK;
}

typedef struct {
    const char *text;
    int64_t count;
} divide_entry;

static int cmp_divide(const void *a, const void *b)
{
    return strcmp(((const divide_entry *)a)->text,
                  ((const divide_entry *)b)->text);
}

/* Print "MOVE: N" per first move, sorted; the total in *count. */
static pl_err divide(pl_state *st, pl_movelist *const *ml, int depth,
                     int64_t *count)
{
    int r;
    *count = 0;
    pl_err err = pl_status(st, *ml, &r);
    int n = pl_movelist_count(*ml);
    if (err != PL_OK || r != PL_RESULT_NONE || n == 0)
        return err;
    divide_entry *e = malloc((size_t)n * sizeof *e);
    if (!e)
        return PL_ERR_MEMORY;
    for (int i = 0; i < n && err == PL_OK; i++) {
        int64_t below = 1;
        if (depth > 1) {
            pl_apply(st, *ml, i);
            err = perft(st, ml + 1, depth - 1, &below);
            pl_undo(st);
        }
        e[i].text = pl_move_text(*ml, i);
        e[i].count = below;
        *count += below;
    }
    if (err == PL_OK) {
        qsort(e, (size_t)n, sizeof *e, cmp_divide);
        for (int i = 0; i < n; i++)
            printf("%s: %lld\n", pl_esc(e[i].text), (long long)e[i].count);
    }
    free(e);
    return err;
}

static int run_perft(pl_cli_game *g, int depth, int want_divide)
{
    pl_movelist **ml = calloc((size_t)depth, sizeof *ml);
    int rc = ml ? PL_EXIT_OK : pl_cli_fail("perft", "out of memory");
    for (int i = 0; rc == PL_EXIT_OK && i < depth; i++)
        if (!(ml[i] = pl_movelist_new()))
            rc = pl_cli_fail("perft", "out of memory");

    for (int d = 1; rc == PL_EXIT_OK && d <= depth; d++) {
        int64_t n;
        pl_err err = want_divide && d == depth ? divide(g->st, ml, d, &n)
                                               : perft(g->st, ml, d, &n);
        if (err != PL_OK) {
            rc = err == PL_ERR_RUNTIME ? pl_cli_runtime_error("perft", g->st)
                                       : pl_cli_fail("perft", "out of memory");
            break;
        }
        printf("perft(%d) = %lld\n", d, (long long)n);
        fflush(stdout);
    }
    for (int i = 0; ml && i < depth; i++)
        pl_movelist_delete(ml[i]);
    free(ml);
    return rc;
}

/* Parse "CMD GAME [--moves ...]" with `npos` positional arguments (perft
 * adds DEPTH).  Returns 0, an exit status, or -1 when the help was shown. */
static int parse_position(pl_cli_args *a, const char *cmd, pl_cli_opt *opts,
                          int nopts, int argc, char **argv, int npos)
{
    int rc = pl_cli_parse(a, cmd, opts, nopts, argc, argv, 0);
    if (rc != 0)
        return rc;
    if (pl_cli_handle_help(a))
        return -1;
    if (a->npos < npos)
        return pl_cli_usage(cmd, a->npos == 0 ? "no GAME given"
                                              : "missing argument");
    if (a->npos > npos)
        return pl_cli_usage(cmd, "unexpected argument '%s'", a->pos[npos]);
    return 0;
}

/* Finish a command: help counts as success. */
static int finish(pl_cli_args *a, pl_cli_game *g, int rc)
{
    pl_cli_game_close(g);
    pl_cli_args_free(a);
    return rc < 0 ? PL_EXIT_OK : rc;
}

int pl_cli_perft(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--moves", 1, NULL}, {"--position", 1, NULL},
                         {"--divide", 0, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    memset(&g, 0, sizeof g);
    long long depth = 0;
    int rc = parse_position(&a, "perft", opts, 3, argc, argv, 2);
    /* DEPTH is checked before loading: a typo should not wait for a compile. */
    if (rc == 0)
        rc = pl_cli_int("perft", "DEPTH", a.pos[1], 1, PL_PERFT_MAX_DEPTH,
                        &depth);
    if (rc == 0)
        rc = pl_cli_game_open(&g, "perft", a.pos[0], opts[1].value, opts[0].value);
    if (rc == 0)
        rc = run_perft(&g, (int)depth, opts[2].value != NULL);
    return finish(&a, &g, rc);
}

/* The prologue of moves and show: parse "CMD GAME [--moves ...]
 * [--position ...]" (opts[0], opts[1], then the command's own), open the
 * position and get its result in *r.  0 or an exit status (-1: help). */
static int open_position(pl_cli_args *a, pl_cli_game *g, pl_cli_opt *opts,
                         int nopts, const char *cmd, int argc, char **argv, int *r)
{
    memset(g, 0, sizeof *g);
    int rc = parse_position(a, cmd, opts, nopts, argc, argv, 1);
    if (rc == 0)
        rc = pl_cli_game_open(g, cmd, a->pos[0], opts[1].value, opts[0].value);
    if (rc == 0 && pl_status(g->st, g->ml, r) != PL_OK)
        rc = pl_cli_runtime_error(cmd, g->st);
    return rc;
}

int pl_cli_moves(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--moves", 1, NULL}, {"--position", 1, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    int r;
    char buf[64];
    int rc = open_position(&a, &g, opts, 2, "moves", argc, argv, &r);
    if (rc == 0 && r != PL_RESULT_NONE) {
        printf("game over: %s\n", pl_state_outcome(g.st, r, buf, sizeof buf));
    } else if (rc == 0) {
        pl_cli_print_moves(g.ml, "\n", stdout);
        if (pl_movelist_count(g.ml) > 0)
            putchar('\n');
    }
    return finish(&a, &g, rc);
}

/* show --load FILE: GAME (the record's unless given) after the record's
 * moves.  0, 1 or 2. */
static int open_record(pl_cli_args *a, pl_cli_game *g, const char *file)
{
    pl_record rec;
    pl_record_init(&rec);
    char err[512];
    int rc = 0;
    if (a->npos > 1)
        rc = pl_cli_usage("show", "unexpected argument '%s'", a->pos[1]);
    else if (pl_record_load(&rec, file, err, sizeof err) != 0)
        rc = pl_cli_fail("show", "%s", err);
    const char *game = a->npos ? a->pos[0] : rec.game;
    if (rc == 0 && !game)
        rc = pl_cli_fail("show", "%s names no game: give GAME", file);
    if (rc == 0)
        rc = pl_cli_game_open(g, "show", game, NULL, NULL);
    for (int k = 0; rc == 0 && k < rec.nmoves; k++) {
        int r;
        if (pl_status(g->st, g->ml, &r) != PL_OK) {
            rc = pl_cli_runtime_error("show", g->st);
            break;
        }
        int i = r == PL_RESULT_NONE ? pl_cli_find_move(g->ml, rec.moves[k]) : -1;
        if (i < 0) {
            rc = pl_cli_fail("show", "%s: move %d '%s' is not legal under the current "
                             "rules ('plateau replay %s' says more)", file, k + 1,
                             pl_esc(rec.moves[k]), file);
            break;
        }
        pl_apply(g->st, g->ml, i);
    }
    pl_record_free(&rec);
    return rc;
}

int pl_cli_show(int argc, char **argv)
{
    enum { O_MOVES, O_POSITION, O_FORMAT, O_COLOR, O_FLIP, O_PLY, O_LOAD, NOPTS };
    pl_cli_opt opts[NOPTS] = {{"--moves", 1, NULL}, {"--position", 1, NULL},
                              {"--format", 1, NULL}, {"--color", 1, NULL},
                              {"--flip", 0, NULL}, {"--ply", 1, NULL},
                              {"--load", 1, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    int r = PL_RESULT_NONE, color = 0;
    long long ply = -1;
    char buf[64];
    memset(&g, 0, sizeof g);
    int rc = pl_cli_parse(&a, "show", opts, NOPTS, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a))
        rc = -1;
    if (rc == 0 && opts[O_LOAD].value) {
        /* a record: GAME is optional */
        rc = opts[O_MOVES].value || opts[O_POSITION].value
             ? pl_cli_usage("show", "--load cannot be combined with --moves or --position")
             : open_record(&a, &g, opts[O_LOAD].value);
    } else if (rc == 0) {
        if (a.npos != 1)
            rc = a.npos ? pl_cli_usage("show", "unexpected argument '%s'", a.pos[1])
                        : pl_cli_usage("show", "no GAME given");
        else
            rc = pl_cli_game_open(&g, "show", a.pos[0], opts[O_POSITION].value,
                                  opts[O_MOVES].value);
    }
    if (rc == 0 && pl_status(g.st, g.ml, &r) != PL_OK)
        rc = pl_cli_runtime_error("show", g.st);
    if (rc == 0 && opts[O_PLY].value) {
        /* --ply N: the position after the first N moves of --moves or of
           the record (counted from the start, or from --position) */
        rc = pl_cli_int("show", "--ply", opts[O_PLY].value, 0, pl_state_ply(g.st), &ply);
        while (rc == 0 && pl_state_ply(g.st) > ply)
            pl_undo(g.st);
        if (rc == 0 && pl_status(g.st, g.ml, &r) != PL_OK)
            rc = pl_cli_runtime_error("show", g.st);
    }
    if (rc == 0)
        rc = pl_cli_color("show", opts[O_COLOR].value, &color);
    const char *format = opts[O_FORMAT].value ? opts[O_FORMAT].value : "board";
    if (rc == 0 && strcmp(format, "position") == 0) {
        char *text = NULL;
        if (pl_state_to_position(g.st, &text) != PL_OK)
            rc = pl_cli_fail("show", "cannot write the position");
        else
            printf("%s\n", text);
        pl_free(text);
    } else if (rc == 0 && strcmp(format, "board") != 0) {
        rc = pl_cli_usage("show", "--format must be board or position, not '%s'", format);
    } else if (rc == 0) {
        pl_state_render_with(g.st, stdout, PL_RENDER_LAST_MOVE |
                             (color ? PL_RENDER_COLOR : 0) |
                             (opts[O_FLIP].value ? PL_RENDER_FLIP : 0));
        if (r == PL_RESULT_NONE)
            printf("to move: %s\n",
                   pl_program_player_name(g.prog, pl_state_to_move(g.st)));
        printf("ply: %d\n", pl_state_ply(g.st));
        if (r != PL_RESULT_NONE)
            printf("game over: %s\n", pl_state_outcome(g.st, r, buf, sizeof buf));
    }
    return finish(&a, &g, rc);
}
