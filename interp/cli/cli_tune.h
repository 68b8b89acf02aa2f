/*
 * cli_tune.h -- SPSA (simultaneous perturbation stochastic approximation)
 * over a game's tunable constants, for `plateau tune` (cli_tune.c).
 *
 * Each tunable is kept as a real number in its range.  Iteration k
 * (1-based) perturbs every one at once by +/- c_k of its range (at least
 * one unit), in random directions; a match of the values above (theta+)
 * against those below (theta-) gives theta+'s score s; each value then
 * moves by a_k (2s - 1) / (its perturbation, as a fraction of its range),
 * times its range: towards the side that won, as far as the match was
 * one-sided.  The gains are Spall's: c_k = c / k^0.101 and
 * a_k = a / (k + A)^0.602 with A a tenth of the iterations; a is chosen
 * so that at k = 1 a match won outright moves a value to the winning
 * side's value.
 */
#ifndef PLATEAU_CLI_TUNE_H
#define PLATEAU_CLI_TUNE_H

#include <stdint.h>
#include "../../lang/util.h"  /* pl_rng */

enum { PL_TUNE_MAX = 32 };          /* tunables a run changes at most */

typedef struct {
    int n;                          /* tunables */
    double theta[PL_TUNE_MAX];      /* the current values, in [lo, hi] */
    int32_t lo[PL_TUNE_MAX], hi[PL_TUNE_MAX];
    int sign[PL_TUNE_MAX];          /* this iteration's directions, +1 or -1 */
    double c;                       /* perturbation at k = 1, as a fraction of the range */
    double a, big_a;                /* step gain and its stability constant A */
    pl_rng rng;
} pl_spsa;

/* Start from `values` (each in its range) for `iterations` iterations. */
void pl_spsa_init(pl_spsa *s, int n, const int32_t *values, const int32_t *lo,
                  const int32_t *hi, int iterations, uint64_t seed);
/* Iteration k's two points: theta+ and theta- (integers in range). */
void pl_spsa_perturb(pl_spsa *s, int k, int32_t *plus, int32_t *minus);
/* Update theta after iteration k, whose theta+ scored `score` (0..1,
 * win 1, draw 1/2) against theta- over its games. */
void pl_spsa_update(pl_spsa *s, int k, const int32_t *plus, const int32_t *minus,
                    double score);
/* The current values, rounded. */
void pl_spsa_values(const pl_spsa *s, int32_t *out);

#endif
