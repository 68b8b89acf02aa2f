/*
 * cli_tourney.h -- the results of a run of computer games as data: what
 * `match` and `balance` play, write with --json, and what `merge` reads
 * back from the shards of a run.
 *
 * The printed reports are computed here from the games alone, never from
 * counters kept while playing, so that a report merged from shards is the
 * same, byte for byte, as the report of the run played in one piece.
 *
 * Sharding.  Game i (0-based over the whole run of `total` games) belongs
 * to shard K of N when i mod N == K - 1, and everything random in it comes
 * from pl_tourney_game_seed(seed, i): a game does not depend on the games
 * played before it in the same process.
 */
#ifndef PLATEAU_CLI_TOURNEY_H
#define PLATEAU_CLI_TOURNEY_H

#include <stdint.h>
#include <stdio.h>
#include "plateau.h"

/* p1's outcome in one game */
enum { PL_TOURNEY_WIN, PL_TOURNEY_DRAW, PL_TOURNEY_LOSS };

/* A game with a winner was decided early when the win estimate at half its
 * length already gave the winner this much (see docs/tournaments.md). */
#define PL_TOURNEY_EARLY 0.9

/* The phases of a game for the search speed: its plies cut in thirds,
 * the opening, the middle and the end (a game file declares no phases:
 * docs/engine.md, "Speed per phase"). */
enum { PL_TOURNEY_PHASES = 3 };

typedef struct {
    int index;                        /* 0-based over the whole run */
    uint64_t seed;                    /* pl_tourney_game_seed(seed, index) */
    int seat_player[PL_MAX_PLAYERS];  /* 0: p1, 1: p2 */
    int winner;                       /* a seat, or -1 (draw, capped) */
    int outcome;                      /* p1's: PL_TOURNEY_WIN, ... */
    int capped;                       /* stopped at max_plies */
    int forfeit;                      /* won by forfeit (match, ugi players) */
    char *result;                     /* "x wins", as `match` prints it */
    int plies;
    char **moves;                     /* the record */
    int nmoves, capmoves;
    double seconds;                   /* wall time of the game */
    double think[2];                  /* thinking time of p1 and p2 */
    long long work[2];                /* their iterations or nodes */
    long long chosen[2];              /* their moves */
    double phase_think[2][PL_TOURNEY_PHASES];    /* the same three, per */
    long long phase_work[2][PL_TOURNEY_PHASES];  /* phase of the game */
    long long phase_chosen[2][PL_TOURNEY_PHASES];
    double *estimate;                 /* per ply: the first seat's win
                                         estimate after the move, or -1 */
    int nestimate, capestimate;
} pl_tourney_game;

typedef struct {
    char *command;                    /* "match" or "balance" */
    char *game;                       /* GAME as given */
    char *title;
    int nplayers;
    char *seat_names[PL_MAX_PLAYERS];
    char *spec[2], *describe[2];      /* p1 and p2 (balance: the same) */
    char *unit[2];                    /* "iterations", "nodes" or NULL */
    uint64_t seed;
    int total;                        /* games of the whole run */
    int shard, nshards;               /* K of N, 1 of 1 when unsharded */
    int max_plies;
    char *moves;                      /* --moves, or NULL */
    int openings;
    pl_tourney_game *games;
    int ngames, capgames;
} pl_tourney;

/* The seed of game `index` of a run seeded with `seed`. */
uint64_t pl_tourney_game_seed(uint64_t seed, int index);
/* Does game `index` belong to shard K of N? */
int pl_tourney_in_shard(int index, int shard, int nshards);
/* Parse "K/N" (1 <= K <= N <= 1000000): 0, or PL_EXIT_USAGE (printed). */
int pl_tourney_parse_shard(const char *cmd, const char *text, int *shard,
                           int *nshards);

void pl_tourney_init(pl_tourney *t);
void pl_tourney_free(pl_tourney *t);
/* A new empty game at the end (zeroed, estimates none). */
pl_tourney_game *pl_tourney_add_game(pl_tourney *t);
void pl_tourney_game_add_move(pl_tourney_game *g, const char *text);
void pl_tourney_game_add_estimate(pl_tourney_game *g, double p1_estimate);
/* The phase (0..PL_TOURNEY_PHASES-1) of a move made at `ply` (0-based)
 * in a game of `plies` plies. */
int pl_tourney_phase(int ply, int plies);
/* Count a search of player k (0: p1) that took `seconds` and did `work`
 * iterations or nodes in phase `phase` of game g. */
void pl_tourney_game_add_phase(pl_tourney_game *g, int k, int phase, double seconds,
                               long long work);
/* The searches of a game being played, each put in its phase when the
 * game's length is known: `match` and `play --verbose` share them. */
typedef struct {
    int k, ply;                /* the player (match: 0 for p1), the ply it moved at */
    double seconds;
    long long work;            /* iterations or nodes */
} pl_tourney_search;

typedef struct {
    pl_tourney_search *v;
    int n, cap;
} pl_tourney_searches;

/* Note a search of player k made at `ply`. */
void pl_tourney_searches_add(pl_tourney_searches *s, int k, int ply, double seconds,
                             long long work);
/* Player k's searches summed per phase of a game of `plies` plies (each
 * array has PL_TOURNEY_PHASES entries, added to). */
void pl_tourney_phase_sums(const pl_tourney_searches *s, int k, int plies, double *think,
                           long long *work, long long *chosen);
/* The lines "  opening:  0.100 s/move, 6157 iterations/s, ..." of the
 * phases with a search, from the sums of pl_tourney_phase_sums. */
void pl_tourney_print_phases(const double *think, const long long *work,
                             const long long *chosen, const char *unit, FILE *out);

/* Sort the games by index (merged shards arrive in any order). */
void pl_tourney_sort(pl_tourney *t);

/* The score of p1 over w wins, d draws and l losses (n > 0): its mean
 * and 95% interval (the statistics at the top of cli_tourney.c). */
void pl_tourney_score_interval(int w, int d, int l, double *mean, double *lo,
                               double *hi);
/* The Elo difference of a score, "+35", "-inf", "+inf". */
void pl_tourney_elo_text(double score, char *buf, size_t len);

/* The line of one game: "game 3: x = p1, o = p2: x wins in 7 plies". */
void pl_tourney_print_game(const pl_tourney *t, const pl_tourney_game *g,
                           FILE *out);
/* The summary table of `match`.  `seconds` < 0 leaves the measured times
 * out (--no-times: reports that can be compared byte for byte). */
void pl_tourney_print_match(const pl_tourney *t, double seconds, FILE *out);
/* The report of `balance` (same convention for `seconds`). */
void pl_tourney_print_balance(const pl_tourney *t, double seconds, FILE *out);
/* The SVG chart of a balance run; 0, or -1 with errno when it cannot be
 * written. */
int pl_tourney_write_svg(const pl_tourney *t, const char *path);

/* Write the run as JSON to `path` ("-": stdout): 0, or -1 with errno. */
int pl_tourney_write_json(const pl_tourney *t, const char *path);
/* Read a file written by pl_tourney_write_json into `t` (initialised):
 * 0, or -1 with the reason in err. */
int pl_tourney_read_json(pl_tourney *t, const char *path, char *err,
                         size_t errlen);

#endif
