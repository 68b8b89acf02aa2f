/*
 * engine.h -- the private interface between the search facade (search.c)
 * and the engines.  Not installed: a program that embeds Plateau sees
 * only pl_search_* in plateau.h.
 *
 *   search.c     player specs ("mcts:time=2,threads=4"), levels, the
 *                pl_search facade, the game record the engines follow
 *   mcts.c       UCT with random (or greedy) playouts, a solver for proven
 *                results, GRAVE, tree reuse between moves, root-parallel
 *                threads
 *   alphabeta.c  negamax with iterative deepening, a transposition table,
 *                killer and history move ordering
 *   random.c     a uniform choice among the legal moves, no search
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

/*
 * An engine is one table of functions.  search.c finds it by the spec's
 * kind and calls nothing else; an engine calls nothing of search.c.
 * Adding an engine: a file defining one of these, a row in search.c's
 * `engines` table, a player kind and its spec keys (HACKING.md).
 */
typedef struct {
    pl_player_kind kind;
    const char *name;         /* in specs: "mcts:time=2" */
    const char *alias;        /* another name, or NULL */
    /* A new engine for `prog` (NULL when out of memory); `seed` for its
     * random choices. */
    void *(*create)(const pl_program *prog, const pl_player_spec *spec,
                    uint64_t seed);
    void (*destroy)(void *engine);
    /* The game went on by `text` / what was kept no longer applies (a move
     * taken back, a new game).  NULL: the engine keeps nothing. */
    pl_err (*played)(void *engine, const char *text);
    void (*forget)(void *engine);
    /* Choose a move in call->st, given back unchanged: what
     * pl_search_think returns (the move in *move); on PL_ERR_RUNTIME the
     * message is copied to `err`. */
    pl_err (*think)(void *engine, const pl_search_call *call, int *move,
                    pl_search_info *info, char *err, size_t errlen);
} pl_engine_ops;

extern const pl_engine_ops pl_engine_random;      /* random.c */
extern const pl_engine_ops pl_engine_mcts;        /* mcts.c */
extern const pl_engine_ops pl_engine_alphabeta;   /* alphabeta.c */

/* For the tests (mcts.c): GRAVE's invariants over thread 0's tree.  Every
 * child of an expanded node counts in *children; a child whose AMAF count
 * is below its own visits (each visit played its move first) or above
 * its parent's visits (an iteration counts a move once) counts in *bad;
 * *amaf is the sum of the AMAF counts. */
void pl_mcts_amaf_check(const void *engine, long long *children, long long *bad,
                        long long *amaf);
/* For the tests: the node of thread 0's tree reached from the root by
 * `path`, move texts separated by spaces ("b2" a root child, "b2 a1" one
 * of its children): its visits, AMAF count and AMAF mean.  0, or -1 when
 * there is none. */
int pl_mcts_amaf_of(const void *engine, const char *path, long long *visits,
                    long long *amaf_n, double *amaf_mean);

#endif
