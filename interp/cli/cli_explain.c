/*
 * cli_explain.c -- `plateau explain GAME [--moves "..."] MOVE`: why a move
 * is not legal, pointing to the rule of the game file that rejects it.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int pl_cli_explain(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--moves", 1, NULL}};
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "explain", opts, 1, argc, argv, 0);
    if (rc != 0)
        return rc;
    if (a.help) {
        pl_cli_command_help("explain", stdout);
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (a.npos < 2) {
        pl_cli_args_free(&a);
        return pl_cli_usage("explain", "expected a GAME and a MOVE");
    }
    /* the move may contain spaces ("huff c2"): join the remaining words */
    size_t n = 1;
    for (int i = 1; i < a.npos; i++)
        n += strlen(a.pos[i]) + 1;
    char *move = calloc(1, n);
    for (int i = 1; i < a.npos; i++) {
        if (i > 1)
            strcat(move, " ");
        strcat(move, a.pos[i]);
    }
    pl_program *prog = NULL;
    char *source = NULL;
    rc = pl_cli_load("explain", a.pos[0], &prog, &source, NULL);
    pl_state *st = rc == 0 ? pl_state_new(prog) : NULL;
    pl_movelist *ml = pl_movelist_new();
    if (rc == 0 && (!st || !ml))
        rc = pl_cli_fail("explain", "out of memory");
    if (rc == 0 && opts[0].value)
        rc = pl_cli_apply_moves(st, ml, "explain", opts[0].value);
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
            printf("%s\n", pl_explain_move(st, move, source, buf, sizeof buf));
            if (pl_movelist_find(ml, move) < 0) {
                printf("legal moves: ");
                pl_cli_print_moves(ml, " ", stdout);
                printf("\n");
                rc = PL_EXIT_FAIL;
            }
        }
    }
    free(move);
    free(source);
    pl_movelist_delete(ml);
    if (st)
        pl_state_free(st);
    if (prog)
        pl_program_free(prog);
    pl_cli_args_free(&a);
    return rc;
}
