/*
 * cli_bench.c -- `plateau bench`: how fast a game runs.
 *
 * A third of the time goes to uniform random playouts from the start with
 * moves drawn by pl_random_move (sampled, when the game allows it), a
 * third to the same playouts with every move generated and one chosen
 * (the two must agree on lengths and results: a test checks it), a third
 * to perft of growing depth (1, 2, 3, ... until the time is up, the last
 * depth usually cut short).  Perft here counts every node it visits,
 * internal and leaf, without the bulk counting of `plateau perft`: the
 * figure is meant to compare move generation plus apply/undo speed.
 *
 * With --threads N each thread owns its state and move lists; the program
 * is shared read-only.  Figures are totals over all threads divided by the
 * wall time of the phase.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

enum {
    PL_BENCH_MAX_PLIES = 5000,  /* a playout this long is cut ("capped") */
    PL_BENCH_MAX_DEPTH = 64,
    PL_BENCH_MAX_THREADS = 256,
    PL_BENCH_CLOCK_EVERY = 1024 /* perft visits between clock reads */
};

/* Random playouts of one kind. */
typedef struct {
    uint64_t playouts, plies, capped;
    uint64_t results[PL_MAX_PLAYERS + 1];   /* wins per player, then draws */
} playout_stats;

enum { SAMPLED, GENERATED };

typedef struct {
    const pl_program *prog;
    double deadline;        /* monotonic time at which to stop */
    uint64_t seed;
    pl_state *st;
    pl_movelist *ml[PL_BENCH_MAX_DEPTH];
    int stop;
    /* playouts: moves drawn by pl_random_move, or all generated */
    int how;                /* SAMPLED or GENERATED */
    playout_stats stats[2];
    /* perft */
    uint64_t nodes;
    uint64_t visits;        /* calls, for the clock: nodes grow by bulk */
    int depth_done;         /* deepest perft completed before the deadline */
    /* a runtime error of the rules stops the worker */
    int error;
    char errmsg[256];
} bench_worker;

static void worker_error(bench_worker *w, const char *msg)
{
    w->error = 1;
    w->stop = 1;
    snprintf(w->errmsg, sizeof w->errmsg, "%s", msg ? msg : "(no message)");
}

/* One playout from the start; 0, or -1 on an error. */
static int playout(bench_worker *w, pl_rng *rng)
{
    playout_stats *ps = &w->stats[w->how];
    pl_state_reset(w->st);
    for (;;) {
        int r;
        pl_err e = w->how == SAMPLED ? pl_status_random(w->st, &rng->s, w->ml[0], &r)
                                     : pl_status(w->st, w->ml[0], &r);
        if (e != PL_OK) {
            worker_error(w, pl_state_error(w->st));
            return -1;
        }
        if (r != PL_RESULT_NONE) {
            if (r >= 0 && r <= pl_program_nplayers(w->prog))
                ps->results[r]++;
            break;
        }
        int count = pl_movelist_count(w->ml[0]);
        if (count == 0) {
            worker_error(w, "no legal move and no result");
            return -1;
        }
        if (pl_state_ply(w->st) >= PL_BENCH_MAX_PLIES) {
            ps->capped++;
            break;
        }
        pl_apply(w->st, w->ml[0], w->how == SAMPLED ? 0 : (int)pl_rng_below(rng, (uint32_t)count));
    }
    ps->playouts++;
    ps->plies += (uint64_t)pl_state_ply(w->st);
    return 0;
}

static void *run_playouts(void *arg)
{
    bench_worker *w = arg;
    pl_rng rng;
    pl_rng_seed(&rng, w->seed);
    while (pl_now() < w->deadline)
        if (playout(w, &rng) != 0)
            break;
    return NULL;
}

/* Visit the tree to `depth`, counting nodes, until the deadline. */
static void perft_nodes(bench_worker *w, pl_movelist *const *ml, int depth)
{
    w->nodes++;
    if (++w->visits % PL_BENCH_CLOCK_EVERY == 0 && pl_now() >= w->deadline)
        w->stop = 1;
    if (w->stop || depth == 0)
        return;
    int r;
    if (depth == 1) {       /* the leaves below: counted, as perft does */
        int64_t leaves;
        if (pl_count_moves(w->st, *ml, &r, &leaves) != PL_OK)
            worker_error(w, pl_state_error(w->st));
        else
            w->nodes += leaves;
        return;
    }
    if (pl_status(w->st, *ml, &r) != PL_OK) {
        worker_error(w, pl_state_error(w->st));
        return;
    }
    if (r != PL_RESULT_NONE)
        return;
    int count = pl_movelist_count(*ml);
    for (int i = 0; i < count && !w->stop; i++) {
        pl_apply(w->st, *ml, i);
        perft_nodes(w, ml + 1, depth - 1);
        pl_undo(w->st);
    }
}

static void *run_perft(void *arg)
{
    bench_worker *w = arg;
    pl_state_reset(w->st);
    for (int d = 1; d < PL_BENCH_MAX_DEPTH && !w->stop; d++) {
        perft_nodes(w, w->ml, d);
        if (!w->stop)
            w->depth_done = d;
        if (pl_now() >= w->deadline)
            w->stop = 1;
    }
    return NULL;
}

/* Run `fn` on every worker, each in its own thread, with a common
 * deadline `seconds` from now.  Returns the elapsed time, or -1. */
static double run_phase(bench_worker *w, int n, void *(*fn)(void *),
                        double seconds)
{
    pthread_t *tid = malloc((size_t)n * sizeof *tid);
    if (!tid)
        return -1;
    double start = pl_now();
    int started = 0;
    for (int i = 0; i < n; i++) {
        w[i].deadline = start + seconds;
        w[i].stop = 0;
        if (pthread_create(&tid[i], NULL, fn, &w[i]) != 0)
            break;
        started++;
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    free(tid);
    return started == n ? pl_now() - start : -1;
}

static void print_results(const pl_program *prog, const bench_worker *w,
                          int n, int how, const char *prefix, uint64_t playouts)
{
    char buf[64];
    printf("%sresults:", prefix);
    for (int r = 0; r <= pl_program_nplayers(prog); r++) {
        uint64_t k = 0;
        for (int i = 0; i < n; i++)
            k += w[i].stats[how].results[r];
        printf("%s %s %.1f%%", r ? "," : "", pl_result_text(prog, r, buf, sizeof buf),
               playouts ? 100.0 * (double)k / (double)playouts : 0.0);
    }
    putchar('\n');
}

/* The playouts of one kind, each line prefixed ("sampled " or ""). */
static void report_playouts(const pl_program *prog, const bench_worker *w, int n,
                            int how, const char *prefix, double t_play)
{
    uint64_t playouts = 0, plies = 0, capped = 0;
    for (int i = 0; i < n; i++) {
        playouts += w[i].stats[how].playouts;
        plies += w[i].stats[how].plies;
        capped += w[i].stats[how].capped;
    }
    printf("%splayouts: %llu in %.2f s\n", prefix, (unsigned long long)playouts, t_play);
    printf("%splayouts/s: %.0f\n", prefix, t_play > 0 ? (double)playouts / t_play : 0.0);
    printf("%saverage length: %.1f\n", prefix,
           playouts ? (double)plies / (double)playouts : 0.0);
    print_results(prog, w, n, how, prefix, playouts);
    printf("%scapped at %d plies: %llu\n", prefix, PL_BENCH_MAX_PLIES,
           (unsigned long long)capped);
}

static void report(const pl_program *prog, const bench_worker *w, int n,
                   const double t_play[2], double t_perft)
{
    uint64_t nodes = 0;
    int depth = PL_BENCH_MAX_DEPTH;
    for (int i = 0; i < n; i++) {
        nodes += w[i].nodes;
        if (w[i].depth_done < depth)
            depth = w[i].depth_done;
    }
    const char *why = pl_random_move_method(w[0].st);
    printf("game: %s\n", pl_esc(pl_program_title(prog)));
    printf("rules run by: %s\n", pl_program_runs_native(prog) ? "native code" : "the interpreter");
    printf("threads: %d\n", n);
    if (why)
        printf("random moves: every move generated (%s)\n", why);
    else
        printf("random moves: sampled\n");
    report_playouts(prog, w, n, SAMPLED, "sampled ", t_play[SAMPLED]);
    report_playouts(prog, w, n, GENERATED, "", t_play[GENERATED]);
    printf("perft: %llu nodes in %.2f s, depth %d completed\n",
           (unsigned long long)nodes, t_perft, depth);
    printf("nodes/s: %.0f\n", t_perft > 0 ? (double)nodes / t_perft : 0.0);
}

/* Run one phase; 0, or an exit status after reporting the failure. */
static int phase(bench_worker *w, int n, void *(*fn)(void *), double seconds,
                 double *elapsed)
{
    *elapsed = run_phase(w, n, fn, seconds);
    if (*elapsed < 0)
        return pl_cli_fail("bench", "cannot start %d threads", n);
    for (int i = 0; i < n; i++)
        if (w[i].error)
            return pl_cli_fail("bench", "runtime error in the rules: %s",
                               w[i].errmsg);
    return 0;
}

static int bench(const pl_program *prog, double seconds, int nthreads,
                 uint64_t seed)
{
    bench_worker *w = calloc((size_t)nthreads, sizeof *w);
    if (!w)
        return pl_cli_fail("bench", "out of memory");
    int rc = PL_EXIT_OK;
    for (int i = 0; i < nthreads; i++) {
        w[i].prog = prog;
        w[i].seed = seed + (uint64_t)i;
        w[i].st = pl_state_new(prog);
        int ok = w[i].st != NULL;
        for (int d = 0; d < PL_BENCH_MAX_DEPTH; d++)
            ok &= (w[i].ml[d] = pl_movelist_new()) != NULL;
        if (!ok && rc == PL_EXIT_OK)
            rc = pl_cli_fail("bench", "out of memory");
    }

    /* The plan for sampled moves is made once per game (and decides,
       along a probe game, whether sampling pays): made before the clock
       starts, as a warm-up, so that the figure is the playouts' own. */
    for (int i = 0; i < nthreads && rc == 0; i++)
        pl_random_move_method(w[i].st);
    double t_play[2] = {0, 0}, t_perft = 0;
    for (int how = SAMPLED; how <= GENERATED && rc == 0; how++) {
        for (int i = 0; i < nthreads; i++)
            w[i].how = how;
        rc = phase(w, nthreads, run_playouts, seconds / 3, &t_play[how]);
    }
    if (rc == 0)
        rc = phase(w, nthreads, run_perft, seconds / 3, &t_perft);
    if (rc == 0)
        report(prog, w, nthreads, t_play, t_perft);

    for (int i = 0; i < nthreads; i++) {
        if (w[i].st)
            pl_state_free(w[i].st);
        for (int d = 0; d < PL_BENCH_MAX_DEPTH; d++)
            pl_movelist_delete(w[i].ml[d]);
    }
    free(w);
    return rc;
}

int pl_cli_bench(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"--seconds", 1, NULL}, {"--threads", 1, NULL},
                         {"--seed", 1, NULL}};
    pl_cli_args a;
    double seconds = 3;
    long long threads = 1, seed = 1;
    int rc = pl_cli_parse(&a, "bench", opts, 3, argc, argv, 0);
    if (rc == 0 && pl_cli_handle_help(&a)) {
        pl_cli_args_free(&a);
        return PL_EXIT_OK;
    }
    if (rc == 0 && a.npos != 1)
        rc = a.npos ? pl_cli_usage("bench", "unexpected argument '%s'", a.pos[1])
                    : pl_cli_usage("bench", "no GAME given");
    if (rc == 0 && opts[0].value)
        rc = pl_cli_seconds("bench", "--seconds", opts[0].value, &seconds);
    if (rc == 0 && opts[1].value)
        rc = pl_cli_int("bench", "--threads", opts[1].value, 1,
                        PL_BENCH_MAX_THREADS, &threads);
    if (rc == 0 && opts[2].value)
        rc = pl_cli_int("bench", "--seed", opts[2].value, 0, INT64_MAX, &seed);

    pl_program *prog = NULL;
    if (rc == 0)
        rc = pl_cli_load("bench", a.pos[0], &prog, NULL, NULL);
    if (rc == 0)
        rc = bench(prog, seconds, (int)threads, (uint64_t)seed);
    if (prog)
        pl_program_free(prog);
    pl_cli_args_free(&a);
    return rc;
}
