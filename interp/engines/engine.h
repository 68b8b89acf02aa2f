/*
 * engine.h -- the private interface between the search facade (search.c)
 * and the engines.  Not installed: a program that embeds Plateau sees
 * only pl_search_* in plateau.h.
 *
 *   search.c     player specs ("mcts:time=2,threads=4"), levels, the
 *                pl_search facade, the game record the engines follow
 *   mcts.c       UCT with random (or greedy) playouts, a solver for proven
 *                results, tree reuse between moves, root-parallel threads
 *   alphabeta.c  negamax with iterative deepening, a transposition table,
 *                killer and history move ordering
 *
 * The engines see only game.h: they play every game, and no game is known
 * here.  The facade hands each search the caller's state, which is searched
 * in place and given back exactly as it was (same slots, same hash, same
 * history); MCTS helper threads search copies of it (pl_state_copy).
 *
 * Results are game results: PL_RESULT_NONE, a winner 0..n-1, or n for a
 * draw.  Values are from the point of view of the player to move: MCTS
 * counts a win 1, a draw 1/2 and a loss 0; alpha-beta scores are the
 * game's `evaluate` (or material and mobility), with wins and losses
 * beyond every heuristic value.
 */
#ifndef PLATEAU_ENGINE_H
#define PLATEAU_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "game.h"
#include "util.h"

/* --- the engines (used by search.c) ----------------------------------------- */

/* Everything an engine needs from its caller at each search. */
typedef struct {
    pl_state *st;
    pl_search_progress progress;
    void *progress_ctx;
    double interval;
    volatile int *stop;           /* set to 1 to stop early */
} pl_search_call;

/* Each engine returns what pl_search_think returns (the move in *move);
 * on PL_ERR_RUNTIME the message is copied to `err`. */
typedef struct pl_mcts pl_mcts;
pl_mcts *pl_mcts_new(const pl_program *prog, const pl_player_spec *spec,
                     uint64_t seed);
void pl_mcts_free(pl_mcts *m);
pl_err pl_mcts_played(pl_mcts *m, const char *text);
void pl_mcts_forget(pl_mcts *m);
pl_err pl_mcts_think(pl_mcts *m, const pl_search_call *call, int *move,
                     pl_search_info *info, char *err, size_t errlen);

typedef struct pl_ab pl_ab;
pl_ab *pl_ab_new(const pl_program *prog, const pl_player_spec *spec);
void pl_ab_free(pl_ab *ab);
pl_err pl_ab_think(pl_ab *ab, const pl_search_call *call, int *move,
                   pl_search_info *info, char *err, size_t errlen);

/* --- shared helpers (util.h has the generic ones: pl_rng, pl_now, move
 *     texts hashed by pl_hash_text_nocase) ----------------------------- */

/* In games that keep scores (a `score` player variable): `player`'s score
 * minus the best score of the others.  Returns 1, or 0 when the game keeps
 * none.  The engines maximise the chance of winning first, then this. */
int pl_search_margin(const pl_state *st, int player, int32_t *margin);

#endif
