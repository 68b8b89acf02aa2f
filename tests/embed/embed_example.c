/* embed_example.c -- a program that embeds Plateau (docs/embedding.md):
 * load a game, play a random game, then ask MCTS for a move. */
#include <stdio.h>
#include <stdlib.h>
#include <plateau.h>

int main(int argc, char **argv)
{
    pl_diags *diags = pl_diags_new();
    pl_program *game;
    if (pl_load(argc > 1 ? argv[1] : "tic-tac-toe", diags, &game) != PL_OK) {
        pl_diags_print(diags, stderr);          /* file:line:col: error: ... */
        return 1;
    }
    pl_state *st = pl_state_new(game);
    pl_movelist *moves = pl_movelist_new();
    int result;
    srand(1);
    while (pl_status(st, moves, &result) == PL_OK && result == PL_RESULT_NONE)
        pl_apply(st, moves, rand() % pl_movelist_count(moves));
    char text[128];
    printf("%s: random game of %d plies: %s\n", pl_program_title(game),
           pl_state_ply(st), pl_state_outcome(st, result, text, sizeof text));

    pl_player_spec spec;
    pl_player_spec_parse("mcts:iterations=2000,seed=1", 0, &spec, text, sizeof text);
    pl_search *ai = pl_search_new(game, &spec);
    pl_state_reset(st);
    int move;
    pl_search_info info;
    if (pl_search_think(ai, st, &move, &info) == PL_OK)
        printf("mcts opens with %s (win rate %.2f)\n", info.best, info.winrate);
    pl_search_free(ai);
    pl_movelist_delete(moves);
    pl_state_free(st);
    pl_program_free(game);
    pl_diags_delete(diags);
    return 0;
}
