/*
 * cli_rules.c -- `plateau rules GAME`: how a game is played, for a player
 * at the terminal.  The title and the `about` line of the game file, then
 * the game's page, docs/games/NAME.md of the data root (installed with
 * the games); for a game without a page (a file of one's own), a summary
 * drawn from the compiled game: its players, its board at the start with
 * the legend of the pieces, and how its moves are written.
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* How many first moves the summary shows as examples of the notation. */
enum { RULES_SAMPLE_MOVES = 12 };

/* docs/games/NAME.md of the data root, or NULL (malloc'ed path). */
static char *page_path(const char *name)
{
    const char *root = pl_paths_data_dir();
    if (!root || strchr(name, '/'))
        return NULL;
    size_t len = strlen(root) + strlen(name) + 32;
    char *path = malloc(len);
    if (!path)
        return NULL;
    snprintf(path, len, "%s/docs/games/%s.md", root, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        free(path);
        return NULL;
    }
    fclose(f);
    return path;
}

/* Copy a file to stdout; 0 or -1. */
static int print_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char buf[4096];
    size_t n;
    int last = '\n';
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        fwrite(buf, 1, n, stdout);
        last = buf[n - 1];
    }
    int bad = ferror(f);
    fclose(f);
    if (last != '\n')
        putchar('\n');
    return bad ? -1 : 0;
}

/* The summary of a game without a page: drawn from the compiled game. */
static int print_summary(pl_cli_game *g)
{
    const pl_program *prog = g->prog;
    int np = pl_program_nplayers(prog);
    printf("Players (%d):", np);
    for (int p = 0; p < np; p++)
        printf("%s %s%s", p ? "," : "", pl_esc(pl_program_player_name(prog, p)),
               p == 0 ? (np > 1 ? " (south, moves first)" : "")
                      : p == 1 ? " (north)" : "");
    putchar('\n');
    int nc = pl_program_ncells(prog);
    printf("Board: %d cell%s, %s to %s\n", nc, nc == 1 ? "" : "s",
           pl_esc(pl_program_cell_name(prog, 0)), pl_esc(pl_program_cell_name(prog, nc - 1)));
    puts("\nThe start:");
    pl_state_render(g->st, stdout);
    int r;
    if (pl_status(g->st, g->ml, &r) != PL_OK)
        return pl_cli_runtime_error("rules", g->st);
    int n = pl_movelist_count(g->ml);
    if (r != PL_RESULT_NONE || n == 0) {
        puts("\nNo move can be made at the start.");
        return 0;
    }
    const char **v = pl_cli_sorted_moves(g->ml);
    if (!v)
        return pl_cli_fail("rules", "out of memory");
    printf("\nMoves are written like these, %s legal move%s at the start:\n ",
           n <= RULES_SAMPLE_MOVES ? "the" : "the first of the", n == 1 ? "" : "s");
    for (int i = 0; i < n && i < RULES_SAMPLE_MOVES; i++)
        printf(" %s", pl_esc(v[i]));
    if (n > RULES_SAMPLE_MOVES)
        printf(" ... (%d in all)", n);
    putchar('\n');
    free((void *)v);
    puts("\nAt 'plateau play', 'moves' lists the legal moves and 'moves CELL' those"
         "\nof a piece; 'plateau explain' says why a move is not legal.");
    return 0;
}

int pl_cli_rules(int argc, char **argv)
{
    pl_cli_args a;
    pl_cli_game g;
    memset(&g, 0, sizeof g);
    int rc = pl_cli_parse(&a, "rules", NULL, 0, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("rules", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("rules", "no GAME given");
    char name[256], hint[512];
    const char *arg = rc == 0 ? a.pos[0] : NULL;
    if (rc == 0 && pl_cli_match_game(arg, name, sizeof name, hint, sizeof hint))
        arg = name;
    if (rc == 0)
        rc = pl_cli_game_open(&g, "rules", arg, NULL, NULL);
    if (rc == 0) {
        const char *title = pl_program_title(g.prog), *about = pl_program_about(g.prog);
        printf("%s (%s)\n", pl_esc(title && *title ? title : arg), pl_esc(arg));
        if (about && *about)
            printf("%s\n", pl_esc(about));
        putchar('\n');
        char *page = pl_paths_is_file(arg) ? NULL : page_path(arg);
        if (page) {
            if (print_file(page) != 0)
                rc = pl_cli_fail("rules", "cannot read %s", page);
        } else {
            rc = print_summary(&g);
        }
        free(page);
    }
    pl_cli_game_close(&g);
    pl_cli_args_free(&a);
    return rc;
}
