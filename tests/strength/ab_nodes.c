/*
 * ab_nodes.c -- what alpha-beta's prunings save (docs/engine.md): for
 * each player spec, the nodes, seconds and mean depth of one search in
 * each of NPOS positions of GAME reached by PLIES seeded random plies
 * (a few more for each position).  Not part of CI; build and run by hand:
 *
 *   cc -O2 -Iinterp/api tests/strength/ab_nodes.c build/libplateau.a -lm -lpthread -o ab_nodes
 *   ./ab_nodes games/race/breakthrough.game 8 10 alphabeta:depth=5 alphabeta:depth=5,lmr=off
 */
#include <stdio.h>
#include <stdlib.h>
#include "plateau.h"

/* The position after about `plies` random plies, or NULL if it ended. */
static pl_state *position(const pl_program *prog, pl_movelist *ml, int p, int plies)
{
    pl_state *st = pl_state_new(prog);
    uint64_t rng = 0x9E3779B97F4A7C15ull * (uint64_t)(p + 1);
    int r;
    for (int i = 0; i <= plies + p % 7; i++) {
        if (!st || pl_status(st, ml, &r) != PL_OK || r != PL_RESULT_NONE ||
            pl_movelist_count(ml) == 0) {
            pl_state_free(st);
            return NULL;
        }
        if (i == plies + p % 7)
            break;
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        pl_apply(st, ml, (int)(rng % (uint64_t)pl_movelist_count(ml)));
    }
    return st;
}

int main(int argc, char **argv)
{
    pl_program *prog;
    if (argc < 5 || pl_load(argv[1], NULL, &prog) != PL_OK) {
        fprintf(stderr, "usage: ab_nodes GAME NPOS PLIES SPEC...\n");
        return 2;
    }
    int npos = atoi(argv[2]), plies = atoi(argv[3]);
    pl_movelist *ml = pl_movelist_new();
    for (int k = 4; k < argc; k++) {
        pl_player_spec spec;
        char err[256];
        if (pl_player_spec_parse(argv[k], 0, &spec, err, sizeof err) != PL_OK) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        long long nodes = 0;
        double secs = 0, depth = 0;
        int n = 0;
        for (int p = 0; p < npos; p++) {
            pl_state *st = position(prog, ml, p, plies);
            if (!st)
                continue;
            pl_search *s = pl_search_new(prog, &spec);
            pl_search_info info = {0};
            int move;
            if (s && pl_search_think(s, st, &move, &info) == PL_OK) {
                nodes += info.nodes;
                secs += info.seconds;
                depth += info.depth;
                n++;
            }
            pl_search_free(s);
            pl_state_free(st);
        }
        printf("%-50s %d positions: %lld nodes (%.0f a search), %.3f s, %.0f nodes/s, "
               "depth %.2f\n", argv[k], n, nodes, n ? (double)nodes / n : 0.0, secs,
               secs > 0 ? (double)nodes / secs : 0.0, n ? depth / n : 0.0);
    }
    pl_movelist_delete(ml);
    pl_program_free(prog);
    return 0;
}
