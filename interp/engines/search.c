/*
 * search.c -- player specs, levels, and pl_search: the one face of the
 * computer players (random, MCTS, alpha-beta) that `play` and `match` use.
 *
 * A spec is KIND[:KEY=VALUE,...].  It is parsed here and nowhere else; the
 * keys each kind accepts are listed in one table (spec_keys) that the
 * parser, the error messages and docs/engine.md follow.
 *
 * A pl_search follows one game through pl_search_played/undo/reset, which
 * MCTS uses to keep the subtree of the moves played.  Its helper threads
 * start from copies of the caller's state (pl_state_copy carries the
 * history that repetition rules read).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "engine.h"

/* Every engine, found by the kind of the spec (engine.h). */
static const pl_engine_ops *const engines[] = {
    &pl_engine_random,
    &pl_engine_mcts,
    &pl_engine_alphabeta,
};

/* The engine a spec names ("mcts", "alphabeta" or its alias "ab"), or NULL. */
static const pl_engine_ops *engine_named(const char *name)
{
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (strcasecmp(engines[i]->name, name) == 0 ||
            (engines[i]->alias && strcasecmp(engines[i]->alias, name) == 0))
            return engines[i];
    return NULL;
}

static const pl_engine_ops *engine_of(pl_player_kind kind)
{
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (engines[i]->kind == kind)
            return engines[i];
    return NULL;
}

/* --- levels ------------------------------------------------------------------ */

/* Level -> budget.  Levels 1-6 count work (the same moves on every
 * machine, as long as the work fits in the level's time cap), 7-10 count
 * seconds.  Alpha-beta searches one ply more than the level: depth 2 is
 * the shallowest search whose leaf check (decisive=on) sees a win in two,
 * which the default player must find at level 1 in the games where `ai`
 * is alpha-beta (the tactics suite, as MCTS's root screen does).  Every level is bounded in time: the cap of levels 1-6 stops a
 * search whose iterations or depth take longer (a slow game, a huge
 * branching factor), so that no level looks hung.  Keep docs/engine.md
 * and `plateau play --help` in step. */
static const struct {
    long long iterations;
    int depth;
    double time;     /* levels 7-10: the budget; 1-6: the cap */
} levels[PL_LEVEL_MAX + 1] = {
    {0, 0, 0},
    {10, 2, 0.5}, {30, 3, 1},   {100, 4, 2},   {300, 5, 3},  {1000, 6, 5},
    {3000, 7, 10}, {0, 0, 1},   {0, 0, 3},     {0, 0, 10},   {0, 0, 30},
};

/* The work budget of a level for the spec's engine (levels 7-10: none). */
static void level_work(pl_player_spec *spec, int level)
{
    spec->iterations = 0;
    spec->depth = 0;
    if (spec->kind == PL_PLAYER_MCTS)
        spec->iterations = levels[level].iterations;
    else if (spec->kind == PL_PLAYER_ALPHABETA)
        spec->depth = levels[level].depth;
}

void pl_player_spec_apply_level(pl_player_spec *spec, int level)
{
    if (level < PL_LEVEL_MIN)
        level = PL_LEVEL_MIN;
    if (level > PL_LEVEL_MAX)
        level = PL_LEVEL_MAX;
    spec->level = level;
    spec->time = levels[level].time;
    level_work(spec, level);
}

/* --- parsing ---------------------------------------------------------------- */

enum {
    K_TIME, K_ITERATIONS, K_DEPTH, K_LEVEL, K_THREADS, K_SEED, K_C,
    K_PLAYOUT, K_EPS, K_MEMORY, K_TT, K_DECISIVE, K_CUTOFF, K_ASPIRATION, K_LMR,
    K_NULLMOVE, K_BIAS, K_RAVE, K_REF
};

/* Which kinds take which key: bit 1 << kind. */
#define FOR_RANDOM (1u << PL_PLAYER_RANDOM)
#define FOR_MCTS (1u << PL_PLAYER_MCTS)
#define FOR_AB (1u << PL_PLAYER_ALPHABETA)

static const struct {
    const char *name;
    int key;
    unsigned kinds;
} spec_keys[] = {
    {"time", K_TIME, FOR_MCTS | FOR_AB},
    {"iterations", K_ITERATIONS, FOR_MCTS},
    {"depth", K_DEPTH, FOR_AB},
    {"level", K_LEVEL, FOR_MCTS | FOR_AB},
    {"threads", K_THREADS, FOR_MCTS},
    {"seed", K_SEED, FOR_RANDOM | FOR_MCTS},
    {"c", K_C, FOR_MCTS},
    {"playout", K_PLAYOUT, FOR_MCTS},
    {"eps", K_EPS, FOR_MCTS},
    {"memory", K_MEMORY, FOR_MCTS},
    {"tt", K_TT, FOR_AB},
    {"decisive", K_DECISIVE, FOR_MCTS | FOR_AB},
    {"cutoff", K_CUTOFF, FOR_MCTS},
    {"aspiration", K_ASPIRATION, FOR_AB},
    {"lmr", K_LMR, FOR_AB},
    {"nullmove", K_NULLMOVE, FOR_AB},
    {"bias", K_BIAS, FOR_MCTS},
    {"rave", K_RAVE, FOR_MCTS},
    {"ref", K_REF, FOR_MCTS},
};

enum { NKEYS = (int)(sizeof spec_keys / sizeof spec_keys[0]) };

static const char *const kind_names[] = {"human", "random", "mcts", "alphabeta"};

static pl_err spec_error(char *err, size_t errlen, const char *fmt, const char *a,
                         const char *b)
{
    if (err && errlen)
        snprintf(err, errlen, fmt, a, b);
    return PL_ERR_ARGUMENT;
}

static int parse_double(const char *v, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (errno || end == v || *end || !(d >= min && d <= max))
        return -1;
    *out = d;
    return 0;
}

static int parse_ll(const char *v, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*v))
        return -1;
    long long n = strtoll(v, &end, 10);
    if (errno || *end || n < min || n > max)
        return -1;
    *out = n;
    return 0;
}

/* on or off: *off is 1 for off.  0, or -1 for anything else. */
static int parse_off(const char *v, int *off)
{
    if (strcasecmp(v, "on") == 0 || strcasecmp(v, "off") == 0) {
        *off = strcasecmp(v, "off") == 0;
        return 0;
    }
    return -1;
}

/* The keys of `ai`: those that mean the same in every engine, since the
 * game chooses the engine (pl_player_spec_for_game) after parsing. */
static int ai_key(int key)
{
    return key == K_TIME || key == K_LEVEL || key == K_SEED;
}

/* One KEY=VALUE of a spec of kind `kind`. */
static pl_err parse_key(pl_player_spec *spec, const char *key, const char *val,
                     int *budget, int *level, const char *text, char *err,
                     size_t errlen)
{
    int k = -1;
    for (int i = 0; i < NKEYS; i++)
        if (strcasecmp(spec_keys[i].name, key) == 0)
            k = i;
    if (k >= 0 && spec->ai && !ai_key(spec_keys[k].key))
        return spec_error(err, errlen, "'ai' takes the keys time, level and seed, "
                          "not '%s' (the game chooses its engine: name one, "
                          "mcts:%s=... or alphabeta:..., for its own keys)", key, key);
    if (k < 0 || !(spec_keys[k].kinds & (1u << spec->kind))) {
        char valid[160] = "";
        for (int i = 0; i < NKEYS; i++)
            if ((spec_keys[i].kinds & (1u << spec->kind)) &&
                (!spec->ai || ai_key(spec_keys[i].key))) {
                size_t n = strlen(valid);
                snprintf(valid + n, sizeof valid - n, "%s%s", n ? ", " : "",
                         spec_keys[i].name);
            }
        char what[200];
        snprintf(what, sizeof what, "%s' in '%s", key, text);
        return spec_error(err, errlen, "unknown key '%s' (keys: %s)", what,
                          valid[0] ? valid : "none");
    }
    long long n = 0;
    double d = 0;
    int bad = 0;
    switch (spec_keys[k].key) {
    case K_TIME:
        bad = parse_double(val, 0.001, 86400, &spec->time);
        *budget = 1;
        break;
    case K_ITERATIONS:
        bad = parse_ll(val, 1, 1000000000000LL, &spec->iterations);
        *budget = 1;
        break;
    case K_DEPTH:
        bad = parse_ll(val, 1, PL_SEARCH_MAX_DEPTH, &n);
        spec->depth = (int)n;
        *budget = 1;
        break;
    case K_LEVEL:
        bad = parse_ll(val, PL_LEVEL_MIN, PL_LEVEL_MAX, &n);
        *level = (int)n;
        break;
    case K_THREADS:
        bad = parse_ll(val, 1, PL_SEARCH_MAX_THREADS, &n);
        spec->threads = (int)n;
        break;
    case K_SEED:
        bad = parse_ll(val, 0, INT64_MAX, &n);
        spec->seed = (uint64_t)n;
        spec->has_seed = 1;
        break;
    case K_C:
        bad = parse_double(val, 0, 100, &spec->c);
        break;
    case K_PLAYOUT:
        if (strcasecmp(val, "random") == 0)
            spec->playout = PL_PLAYOUT_RANDOM;
        else if (strcasecmp(val, "greedy") == 0)
            spec->playout = PL_PLAYOUT_GREEDY;
        else
            return spec_error(err, errlen, "playout must be random or greedy, "
                              "not '%s'%s", val, "");
        break;
    case K_EPS:
        bad = parse_double(val, 0, 1, &d);
        spec->epsilon = d;
        break;
    case K_MEMORY:
        bad = parse_ll(val, 1, 1 << 20, &n);
        spec->memory_mb = (int)n;
        break;
    case K_TT:
        bad = parse_ll(val, 1, 1 << 16, &n);
        spec->tt_mb = (int)n;
        break;
    case K_DECISIVE:
        if (strcasecmp(val, "on") == 0)
            spec->decisive = PL_DECISIVE_ON;
        else if (strcasecmp(val, "off") == 0)
            spec->decisive = PL_DECISIVE_OFF;
        else if (strcasecmp(val, "root") == 0 && spec->kind == PL_PLAYER_ALPHABETA)
            spec->decisive = PL_DECISIVE_ROOT;
        else
            bad = 1;
        break;
    case K_CUTOFF:
        bad = parse_ll(val, 0, 1000, &n);
        spec->cutoff = (int)n;
        break;
    case K_ASPIRATION:
        bad = parse_off(val, &spec->no_aspiration);
        break;
    case K_LMR:
        bad = parse_off(val, &spec->no_lmr);
        break;
    case K_NULLMOVE:
        bad = parse_off(val, &spec->no_nullmove);
        break;
    case K_BIAS: {
        int off = 0;
        bad = parse_off(val, &off);
        spec->bias = !off;
        break;
    }
    case K_RAVE: {
        int off = 0;
        if (strcasecmp(val, "auto") == 0)
            spec->rave = PL_RAVE_AUTO;
        else if ((bad = parse_off(val, &off)) == 0)
            spec->rave = off ? PL_RAVE_OFF : PL_RAVE_ON;
        break;
    }
    case K_REF:
        bad = parse_ll(val, 1, 1000000000, &n);
        spec->rave_ref = (int)n;
        break;
    }
    if (bad) {
        static const char *const ranges[] = {
            [K_TIME] = "a number of seconds in (0, 86400]",
            [K_ITERATIONS] = "a whole number >= 1",
            [K_DEPTH] = "a whole number in 1..64",
            [K_LEVEL] = "a whole number in 1..10",
            [K_THREADS] = "a whole number in 1..256",
            [K_SEED] = "a whole number >= 0",
            [K_C] = "a number in [0, 100]",
            [K_PLAYOUT] = "random or greedy",
            [K_EPS] = "a number in [0, 1]",
            [K_MEMORY] = "a number of megabytes >= 1",
            [K_TT] = "a number of megabytes in 1..65536",
            [K_DECISIVE] = "on or off (alphabeta: or root)",
            [K_CUTOFF] = "a whole number of plies in 0..1000",
            [K_ASPIRATION] = "on or off",
            [K_LMR] = "on or off",
            [K_NULLMOVE] = "on or off",
            [K_BIAS] = "on or off",
            [K_RAVE] = "on, off or auto",
            [K_REF] = "a whole number of playouts >= 1",
        };
        char what[200];
        snprintf(what, sizeof what, "%s must be %s", spec_keys[k].name,
                 ranges[spec_keys[k].key]);
        return spec_error(err, errlen, "%s, not '%s'", what, val);
    }
    return PL_OK;
}

/* The decisive-move checks: on in alpha-beta, where they cost little; off
 * in MCTS playouts, where they cost more than they gain at equal time in
 * the games measured (docs/engine.md). */
static int default_decisive(pl_player_kind kind)
{
    return kind == PL_PLAYER_ALPHABETA ? PL_DECISIVE_ON : PL_DECISIVE_OFF;
}

pl_err pl_player_spec_parse(const char *text, int level, pl_player_spec *spec,
                            char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    spec->threads = 1;
    spec->c = 1.0;
    spec->epsilon = 0.1;
    spec->memory_mb = 1024;
    spec->tt_mb = 16;
    spec->cutoff = PL_MCTS_CUTOFF_DEFAULT;
    spec->bias = PL_MCTS_BIAS_DEFAULT;
    spec->rave = PL_MCTS_RAVE_DEFAULT;
    spec->rave_ref = PL_MCTS_RAVE_REF_DEFAULT;
    /* alpha-beta's null move: off unless asked for (nullmove=on); it lost
       strength in a measured game at 0.1 s a move (docs/engine.md) */
    spec->no_nullmove = 1;
    if (strlen(text) >= PL_SPEC_TEXT)
        return spec_error(err, errlen, "player spec too long: '%.40s...'%s",
                          text, "");
    snprintf(spec->text, sizeof spec->text, "%s", text);

    char buf[PL_SPEC_TEXT];
    snprintf(buf, sizeof buf, "%s", text);
    char *opts = strchr(buf, ':');
    if (opts)
        *opts++ = '\0';
    int is_ai = 0;
    const pl_engine_ops *named = engine_named(buf);
    if (strcasecmp(buf, "human") == 0)
        spec->kind = PL_PLAYER_HUMAN;
    else if (strcasecmp(buf, "ai") == 0)   /* MCTS until the game says */
        spec->kind = PL_PLAYER_MCTS, is_ai = spec->ai = 1;
    else if (named)
        spec->kind = named->kind;
    else
        return spec_error(err, errlen, "unknown player '%s' (human, random, ai, "
                          "mcts[:KEY=V,...] or alphabeta[:KEY=V,...])%s",
                          buf, "");

    spec->decisive = default_decisive(spec->kind);

    int budget = 0, key_level = 0;
    if (opts && *opts) {
        if (spec->kind == PL_PLAYER_HUMAN)
            return spec_error(err, errlen, "'%s' takes no options%s", text, "");
        for (char *item = strtok(opts, ","); item; item = strtok(NULL, ",")) {
            char *eq = strchr(item, '=');
            if (!eq || eq == item || !eq[1])
                return spec_error(err, errlen, "expected KEY=VALUE, not '%s' "
                                  "in '%s'", item, text);
            *eq = '\0';
            if (parse_key(spec, item, eq + 1, &budget, &key_level, text, err,
                          errlen) != PL_OK)
                return PL_ERR_ARGUMENT;
        }
    } else if (opts && spec->kind == PL_PLAYER_HUMAN) {
        return spec_error(err, errlen, "'%s' takes no options%s", text, "");
    }

    /* Budgets: named ones win; else the spec's level, the --level given, or
     * the default level (1 s). */
    if (spec->kind == PL_PLAYER_MCTS || spec->kind == PL_PLAYER_ALPHABETA) {
        if (!budget) {
            int lv = key_level ? key_level : level ? level : PL_LEVEL_DEFAULT;
            pl_player_spec_apply_level(spec, lv);
            if (is_ai && !key_level && level && !opts)
                snprintf(spec->text, sizeof spec->text, "ai:level=%d", level);
            else if (!key_level && !level)
                spec->level = 0;
        }
    }
    return PL_OK;
}

/* `ai` becomes the engine the game names (its `engine` declaration, chosen
 * by tests/strength/tune), MCTS when it names none.  Only the kind, its
 * decisive default and a level's work budget change: a budget in seconds,
 * the time cap, the seed and anything the caller set stay, so this can be
 * applied twice (by the CLI, then by pl_search_new) to the same effect. */
void pl_player_spec_for_game(pl_player_spec *spec, const pl_program *prog)
{
    if (!spec || !spec->ai || !prog)
        return;
    const char *name = pl_program_engine(prog);
    const pl_engine_ops *e = name ? engine_named(name) : &pl_engine_mcts;
    if (!e || e->kind == spec->kind)
        return;
    spec->kind = e->kind;
    spec->decisive = default_decisive(spec->kind);
    spec->iterations = 0;
    spec->depth = 0;
    if (spec->level >= PL_LEVEL_MIN && spec->level <= PL_LEVEL_MAX)
        level_work(spec, spec->level);
}

static void fmt_num(char *buf, size_t len, double v)
{
    if (v == (double)(long long)v)
        snprintf(buf, len, "%lld", (long long)v);
    else
        snprintf(buf, len, "%g", v);
}

const char *pl_player_spec_describe(const pl_player_spec *spec, char *buf,
                                    size_t len)
{
    char t[32];
    fmt_num(t, sizeof t, spec->time);
    switch (spec->kind) {
    case PL_PLAYER_HUMAN:
    case PL_PLAYER_RANDOM:
        snprintf(buf, len, "%s", kind_names[spec->kind]);
        break;
    case PL_PLAYER_MCTS:
        if (spec->iterations && spec->time)
            snprintf(buf, len, "mcts %lld iterations, %s s", spec->iterations, t);
        else if (spec->iterations)
            snprintf(buf, len, "mcts %lld iterations", spec->iterations);
        else
            snprintf(buf, len, "mcts %s s", t);
        if (spec->threads > 1) {
            size_t n = strlen(buf);
            snprintf(buf + n, len - n, ", %d threads", spec->threads);
        }
        break;
    case PL_PLAYER_ALPHABETA:
        if (spec->depth && spec->time)
            snprintf(buf, len, "alphabeta depth %d, %s s", spec->depth, t);
        else if (spec->depth)
            snprintf(buf, len, "alphabeta depth %d", spec->depth);
        else
            snprintf(buf, len, "alphabeta %s s", t);
        break;
    }
    return buf;
}

/* --- the facade ---------------------------------------------------------------- */

struct pl_search {
    const pl_program *prog;
    pl_player_spec spec;
    const pl_engine_ops *ops;
    void *engine;
    pl_search_progress progress;
    void *progress_ctx;
    double interval;
    volatile int stop;
    char best[128];
    char err[512];
};

pl_search *pl_search_new(const pl_program *prog, const pl_player_spec *spec)
{
    const pl_engine_ops *ops = engine_of(spec->kind);
    if (!ops)   /* a human */
        return NULL;
    pl_search *s = pl_calloc(1, sizeof *s);
    s->prog = prog;
    s->spec = *spec;
    pl_player_spec_for_game(&s->spec, prog);
    s->interval = 0.25;
    s->ops = engine_of(s->spec.kind);
    uint64_t seed = spec->has_seed ? spec->seed : pl_time_seed();
    s->engine = s->ops->create(prog, &s->spec, seed);
    if (!s->engine) {
        free(s);
        return NULL;
    }
    return s;
}

void pl_search_free(pl_search *s)
{
    if (!s)
        return;
    s->ops->destroy(s->engine);
    free(s);
}

const pl_player_spec *pl_search_spec(const pl_search *s)
{
    return &s->spec;
}

void pl_search_set_progress(pl_search *s, pl_search_progress fn, void *ctx,
                            double interval)
{
    s->progress = fn;
    s->progress_ctx = ctx;
    s->interval = interval > 0 ? interval : 0.25;
}

pl_err pl_search_played(pl_search *s, const char *text)
{
    return s->ops->played ? s->ops->played(s->engine, text) : PL_OK;
}

/* A move taken back or a new game: what the engine kept no longer applies. */
void pl_search_undo(pl_search *s)
{
    if (s->ops->forget)
        s->ops->forget(s->engine);
}

void pl_search_reset(pl_search *s)
{
    if (s->ops->forget)
        s->ops->forget(s->engine);
}

void pl_search_stop(pl_search *s)
{
    s->stop = 1;
}

const char *pl_search_error(const pl_search *s)
{
    return s->err[0] ? s->err : NULL;
}

pl_err pl_search_think(pl_search *s, pl_state *st, int *move,
                       pl_search_info *info)
{
    int local_move;
    if (!move)
        move = &local_move;
    *move = -1;
    pl_search_info local;
    if (!info)
        info = &local;
    memset(info, 0, sizeof *info);
    info->move = -1;
    info->best = "";
    info->winrate = -1;
    info->threads = 1;
    s->err[0] = '\0';
    s->best[0] = '\0';
    s->stop = 0;
    pl_search_call call = {
        .st = st,
        .progress = s->progress,
        .progress_ctx = s->progress_ctx,
        .interval = s->interval,
        .stop = &s->stop,
    };
    pl_err r = s->ops->think(s->engine, &call, move, info, s->err, sizeof s->err);
    /* info->best points into the engine; keep a copy of our own. */
    snprintf(s->best, sizeof s->best, "%s", info->best ? info->best : "");
    info->best = s->best;
    return r;
}
