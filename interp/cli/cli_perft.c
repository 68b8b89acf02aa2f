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

enum { PL_PERFT_MAX_DEPTH = 64 };

/* Sequences of length depth >= 1 from the current position; -1 on a
 * runtime error.  `ml` points at depth many move lists. */
static int64_t perft(pl_state *st, pl_movelist *ml, int depth)
{
    int r = pl_status(st, ml);
    if (r == -2)
        return -1;
    if (r != PL_RESULT_NONE)
        return 0;
    /* Bulk count: every child contributes 1 at depth 0, terminal or not. */
    if (depth == 1)
        return ml->count;
    int64_t total = 0;
    for (int i = 0; i < ml->count; i++) {
        pl_apply(st, ml, i);
        int64_t n = perft(st, ml + 1, depth - 1);
        pl_undo(st);
        if (n < 0)
            return -1;
        total += n;
    }
    return total;
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

/* Print "MOVE: N" per first move, sorted; returns the total or -1. */
static int64_t divide(pl_state *st, pl_movelist *ml, int depth)
{
    int r = pl_status(st, ml);
    if (r == -2)
        return -1;
    if (r != PL_RESULT_NONE || ml->count == 0)
        return 0;
    divide_entry *e = malloc((size_t)ml->count * sizeof *e);
    if (!e)
        return -1;
    int64_t total = 0;
    for (int i = 0; i < ml->count; i++) {
        int64_t n = 1;
        if (depth > 1) {
            pl_apply(st, ml, i);
            n = perft(st, ml + 1, depth - 1);
            pl_undo(st);
        }
        if (n < 0) {
            free(e);
            return -1;
        }
        e[i].text = pl_move_text(ml, i);
        e[i].count = n;
        total += n;
    }
    qsort(e, (size_t)ml->count, sizeof *e, cmp_divide);
    for (int i = 0; i < ml->count; i++)
        printf("%s: %lld\n", e[i].text, (long long)e[i].count);
    free(e);
    return total;
}

static int run_perft(pl_cli_game *g, int depth, int want_divide)
{
    pl_movelist *ml = malloc((size_t)depth * sizeof *ml);
    if (!ml)
        return pl_cli_fail("perft", "out of memory");
    for (int i = 0; i < depth; i++)
        pl_movelist_init(&ml[i]);

    int rc = PL_EXIT_OK;
    for (int d = 1; d <= depth; d++) {
        int64_t n = want_divide && d == depth ? divide(g->st, ml, d)
                                              : perft(g->st, ml, d);
        if (n < 0) {
            rc = pl_state_error(g->st) ? pl_cli_runtime_error("perft", g->st)
                                       : pl_cli_fail("perft", "out of memory");
            break;
        }
        printf("perft(%d) = %lld\n", d, (long long)n);
        fflush(stdout);
    }
    for (int i = 0; i < depth; i++)
        pl_movelist_free(&ml[i]);
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
    if (a->help) {
        pl_cli_command_help(cmd, stdout);
        return -1;
    }
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
    pl_cli_opt opts[] = {{"--moves", 1, NULL}, {"--divide", 0, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    memset(&g, 0, sizeof g);
    long long depth = 0;
    int rc = parse_position(&a, "perft", opts, 2, argc, argv, 2);
    /* DEPTH is checked before loading: a typo should not wait for a compile. */
    if (rc == 0)
        rc = pl_cli_int("perft", "DEPTH", a.pos[1], 1, PL_PERFT_MAX_DEPTH,
                        &depth);
    if (rc == 0)
        rc = pl_cli_game_open(&g, "perft", a.pos[0], opts[0].value);
    if (rc == 0)
        rc = run_perft(&g, (int)depth, opts[1].value != NULL);
    return finish(&a, &g, rc);
}

int pl_cli_moves(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--moves", 1, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    memset(&g, 0, sizeof g);
    int rc = parse_position(&a, "moves", opts, 1, argc, argv, 1);
    if (rc == 0)
        rc = pl_cli_game_open(&g, "moves", a.pos[0], opts[0].value);
    if (rc != 0)
        return finish(&a, &g, rc);

    int r = pl_status(g.st, &g.ml);
    char buf[64];
    if (r == -2) {
        rc = pl_cli_runtime_error("moves", g.st);
    } else if (r != PL_RESULT_NONE) {
        printf("game over: %s\n", pl_state_outcome(g.st, r, buf, sizeof buf));
    } else {
        pl_cli_print_moves(&g.ml, "\n", stdout);
        if (g.ml.count > 0)
            putchar('\n');
    }
    return finish(&a, &g, rc);
}

int pl_cli_show(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--moves", 1, NULL}};
    pl_cli_args a;
    pl_cli_game g;
    memset(&g, 0, sizeof g);
    int rc = parse_position(&a, "show", opts, 1, argc, argv, 1);
    if (rc == 0)
        rc = pl_cli_game_open(&g, "show", a.pos[0], opts[0].value);
    if (rc != 0)
        return finish(&a, &g, rc);

    int r = pl_status(g.st, &g.ml);
    char buf[64];
    if (r == -2) {
        rc = pl_cli_runtime_error("show", g.st);
    } else {
        pl_state_render(g.st, stdout);
        if (r == PL_RESULT_NONE)
            printf("to move: %s\n",
                   g.prog->player_names[pl_state_to_move(g.st)]);
        printf("ply: %d\n", pl_state_ply(g.st));
        if (r != PL_RESULT_NONE)
            printf("game over: %s\n", pl_state_outcome(g.st, r, buf, sizeof buf));
    }
    return finish(&a, &g, rc);
}
