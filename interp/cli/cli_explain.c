/*
 * cli_explain.c -- `plateau explain GAME [--moves "..."] MOVE`: why a move
 * is not legal, pointing to the rule of the game file that rejects it.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int pl_cli_explain(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--moves", 1, NULL}, {"--position", 1, NULL}};
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "explain", opts, 2, argc, argv, 0);
    if (rc != 0 || pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return rc;
    }
    if (a.npos < 2) {
        pl_cli_args_free(&a);
        return pl_cli_usage("explain", "expected a GAME and a MOVE");
    }
    /* the move may contain spaces ("huff c2"): join the remaining words */
    size_t n = 1;
    for (int i = 1; i < a.npos; i++)
        n += strlen(a.pos[i]) + 1;
    char *move = pl_calloc(1, n);
    for (int i = 1; i < a.npos; i++) {
        if (i > 1)
            strcat(move, " ");
        strcat(move, a.pos[i]);
    }
    pl_cli_game g;
    rc = pl_cli_game_open(&g, "explain", a.pos[0], opts[1].value, opts[0].value);
    pl_state *st = g.st;
    pl_movelist *ml = g.ml;
    if (rc == 0) {
        int r;
        pl_err err = pl_status(st, ml, &r);
        char buf[512];
        if (err != PL_OK) {
            rc = pl_cli_runtime_error("explain", st);
        } else if (r != PL_RESULT_NONE) {
            printf("%s: the game is over (%s)\n", move, pl_state_outcome(st, r, buf, sizeof buf));
            rc = PL_EXIT_FAIL;
        } else {
            printf("%s\n", pl_explain_move(st, move, g.source, buf, sizeof buf));
            if (pl_cli_find_move(ml, move) < 0) {
                printf("legal moves: ");
                pl_cli_print_moves(ml, " ", stdout);
                printf("\n");
                rc = PL_EXIT_FAIL;
            }
        }
    }
    free(move);
    pl_cli_game_close(&g);
    pl_cli_args_free(&a);
    return rc;
}
