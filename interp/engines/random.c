/*
 * random.c -- the random player: a uniform choice among the legal moves,
 * no search.  An engine like the others (engine.h), so that `random` is
 * one more row of the facade's table.
 *
 * It generates the moves and picks one, rather than drawing one with
 * pl_random_move: pl_search_think answers with an index in pl_generate's
 * order (the CLI and embedders apply it to their own list), so the list is
 * needed anyway, and a sampled move would cost a generation more.
 */
#include <stdio.h>
#include <stdlib.h>
#include "engine.h"

typedef struct {
    pl_rng rng;
    pl_movelist ml;
    char best[128];
} random_player;

static void *random_new(const pl_program *prog, const pl_player_spec *spec,
                        uint64_t seed)
{
    (void)prog;
    (void)spec;
    random_player *r = pl_calloc(1, sizeof *r);
    pl_rng_seed(&r->rng, seed);
    pl_movelist_init(&r->ml);
    return r;
}

static void random_free(void *engine)
{
    random_player *r = engine;
    if (!r)
        return;
    pl_movelist_free(&r->ml);
    free(r);
}

static pl_err random_think(void *engine, const pl_search_call *call, int *move,
                           pl_search_info *info, char *err, size_t errlen)
{
    random_player *r = engine;
    int result;
    if (pl_status(call->st, &r->ml, &result) != PL_OK) {
        const char *e = pl_state_error(call->st);
        snprintf(err, errlen, "%s", e ? e : "runtime error");
        return PL_ERR_RUNTIME;
    }
    if (result != PL_RESULT_NONE || r->ml.count == 0)
        return PL_ERR_GAME_OVER;
    int i = (int)pl_rng_below(&r->rng, (uint32_t)r->ml.count);
    snprintf(r->best, sizeof r->best, "%s", pl_move_text(&r->ml, i));
    info->move = i;
    info->best = r->best;
    *move = i;
    return PL_OK;
}

const pl_engine_ops pl_engine_random = {
    .kind = PL_PLAYER_RANDOM,
    .name = "random",
    .create = random_new,
    .destroy = random_free,
    .think = random_think,
};
