/*
 * search.h -- the computer players: player specs, and one interface over
 * the search engines (MCTS, alpha-beta) and the random player.
 *
 *   search.c     player specs ("mcts:time=2,threads=4"), levels, the
 *                pl_search facade, the game record the engines follow
 *   mcts.c       UCT with random (or greedy) playouts, a solver for proven
 *                results, tree reuse between moves, root-parallel threads
 *   alphabeta.c  negamax with iterative deepening, a transposition table,
 *                killer and history move ordering
 *
 * The engines see only game.h: they play every game, and no game is known
 * here.  A search object follows one game: the caller reports each move
 * played (pl_search_played), each move taken back (pl_search_undo) and a
 * new game (pl_search_reset), then asks for a move in the position of its
 * own pl_state (pl_search_think).  The state is searched in place and
 * given back exactly as it was (same slots, same hash, same history).
 *
 * Results are game results (game.h): PL_RESULT_NONE, a winner 0..n-1, or
 * n for a draw.  Values are from the point of view of the player to move:
 * MCTS counts a win 1, a draw 1/2 and a loss 0; alpha-beta scores are the
 * game's `evaluate` (or material and mobility), with wins and losses
 * beyond every heuristic value.
 */
#ifndef PLATEAU_SEARCH_H
#define PLATEAU_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "game.h"
#include "util.h"

/* --- player specs ---------------------------------------------------------- */

typedef enum {
    PL_PLAYER_HUMAN,
    PL_PLAYER_RANDOM,
    PL_PLAYER_MCTS,
    PL_PLAYER_ALPHABETA
} pl_player_kind;

enum { PL_PLAYOUT_RANDOM, PL_PLAYOUT_GREEDY };

enum {
    PL_LEVEL_MIN = 1,
    PL_LEVEL_MAX = 10,
    PL_LEVEL_DEFAULT = 7,        /* what `ai` means without a level */
    PL_SEARCH_MAX_THREADS = 256,
    PL_SEARCH_MAX_DEPTH = 64,    /* alpha-beta plies */
    PL_SPEC_TEXT = 160           /* longest spec text kept */
};

/* A player, as parsed from "human", "random", "ai", "mcts:time=2,..." or
 * "alphabeta:depth=6".  Zero budgets mean "not limited by this". */
typedef struct {
    pl_player_kind kind;
    double time;            /* seconds per move (0: none) */
    long long iterations;   /* MCTS iterations per move, all threads (0: none) */
    int depth;              /* alpha-beta depth (0: none) */
    int level;              /* the level the budgets came from (0: none) */
    int threads;            /* MCTS root-parallel threads */
    int has_seed;
    uint64_t seed;
    double c;               /* MCTS exploration constant */
    int playout;            /* PL_PLAYOUT_RANDOM or PL_PLAYOUT_GREEDY */
    double epsilon;         /* greedy playouts: chance of a random move */
    int memory_mb;          /* MCTS tree memory, all threads */
    int tt_mb;              /* alpha-beta transposition table */
    char text[PL_SPEC_TEXT]; /* the spec as given ("ai" becomes "ai:level=N"
                                when a level was applied) */
} pl_player_spec;

/* Parse a spec.  `level` (0: none) sets the budget of `ai` and of a bare
 * `mcts` or `alphabeta` that names no budget.  Returns 0, or -1 with a
 * message in err ("unknown key 'tme' in 'mcts:tme=2'"). */
int pl_player_spec_parse(const char *text, int level, pl_player_spec *spec,
                         char *err, size_t errlen);

/* The budgets of a level (1..10) for an engine kind (see docs/engine.md). */
void pl_player_spec_apply_level(pl_player_spec *spec, int level);

/* "mcts 1 s", "mcts 1000 iterations", "alphabeta depth 4, 2 s": the budget
 * in words, for tables and announcements. */
const char *pl_player_spec_describe(const pl_player_spec *spec, char *buf,
                                    size_t len);

/* --- searching -------------------------------------------------------------- */

/* What a search knows, passed to the progress callback while it runs and
 * filled in at the end. */
typedef struct {
    double seconds;           /* since the search began */
    long long iterations;     /* MCTS iterations (all threads) */
    long long nodes;          /* alpha-beta positions visited */
    int depth;                /* alpha-beta: last depth completed;
                                 MCTS: the deepest line of the tree */
    int move;                 /* best move so far (index in pl_generate's
                                 order at the root), -1 if none yet */
    const char *best;         /* its text ("" if none) */
    double winrate;           /* MCTS: expected result of `best` for the
                                 mover, win 1, draw 1/2; -1 for alpha-beta */
    int32_t score;            /* alpha-beta: value of `best` for the mover */
    int proven;               /* the best move wins (1), loses (-1) or
                                 draws (2) whatever the opponents do; 0 */
    int plies_to_end;         /* alpha-beta, when proven: plies to the end */
    int threads;              /* threads that searched */
} pl_search_info;

typedef void (*pl_search_progress)(void *ctx, const pl_search_info *info);

typedef struct pl_search pl_search;

/* A computer player for `prog` (spec kind random, mcts or alphabeta).
 * NULL when out of memory or for a human. */
pl_search *pl_search_new(const pl_program *prog, const pl_player_spec *spec);
void pl_search_free(pl_search *s);
const pl_player_spec *pl_search_spec(const pl_search *s);

/* Call `fn` about every `interval` seconds while thinking (from the
 * thinking thread; NULL to stop). */
void pl_search_set_progress(pl_search *s, pl_search_progress fn, void *ctx,
                            double interval);

/* The game went on by the move `text` (either side's).  MCTS keeps the
 * subtree under that move.  Returns 0, -1 when out of memory. */
int pl_search_played(pl_search *s, const char *text);
/* The last move was taken back. */
void pl_search_undo(pl_search *s);
/* A new game from the start position. */
void pl_search_reset(pl_search *s);

/* Choose a move for the player to move in `st`.  Returns its index in the
 * order of pl_generate() at `st` (>= 0); -1 when the game is over or there
 * is no move; -2 on a runtime error of the rules (see pl_state_error(st)).
 * `st` is given back unchanged.  `info` (may be NULL) receives the final
 * figures; info->best stays valid until the next call. */
int pl_search_think(pl_search *s, pl_state *st, pl_search_info *info);

/* A way to stop a search early from another thread (or a signal handler):
 * the search returns its best move so far. */
void pl_search_stop(pl_search *s);

/* After pl_search_think returned -2: the runtime error of the rules (it
 * may have happened in a helper thread's state, not in `st`). */
const char *pl_search_error(const pl_search *s);

/* --- the engines (used by search.c) ----------------------------------------- */

/* Everything an engine needs from its caller at each search. */
typedef struct {
    pl_state *st;
    const char *const *history;   /* the moves from the start to st */
    int nhistory;
    pl_search_progress progress;
    void *progress_ctx;
    double interval;
    volatile int *stop;           /* set to 1 to stop early */
} pl_search_call;

/* Each engine returns what pl_search_think returns; on -2 the message is
 * copied to `err`. */
typedef struct pl_mcts pl_mcts;
pl_mcts *pl_mcts_new(const pl_program *prog, const pl_player_spec *spec,
                     uint64_t seed);
void pl_mcts_free(pl_mcts *m);
int pl_mcts_played(pl_mcts *m, const char *text);
void pl_mcts_forget(pl_mcts *m);
int pl_mcts_think(pl_mcts *m, const pl_search_call *call, pl_search_info *info,
                  char *err, size_t errlen);

typedef struct pl_ab pl_ab;
pl_ab *pl_ab_new(const pl_program *prog, const pl_player_spec *spec);
void pl_ab_free(pl_ab *ab);
int pl_ab_think(pl_ab *ab, const pl_search_call *call, pl_search_info *info,
                char *err, size_t errlen);

/* --- shared helpers (util.h has the generic ones: pl_rng, pl_now, move
 *     texts hashed by pl_hash_text_nocase) ----------------------------- */

/* In games that keep scores (a `score` player variable): `player`'s score
 * minus the best score of the others.  Returns 1, or 0 when the game keeps
 * none.  The engines maximise the chance of winning first, then this. */
int pl_search_margin(const pl_state *st, int player, int32_t *margin);

#endif
