/*
 * record.h -- game records: a small text file that says which game was
 * played under which rules, by whom, when, how it ended, and the moves.
 *
 *     # plateau game record
 *     format 3
 *     game GAME
 *     rules 9f3a61c2d07e4b15
 *     south human
 *     north mcts:time=2
 *     date 2026-11-22T21:00:00Z
 *     result PLAYER wins
 *     moves M1 M2 "huff b5" ...
 *     end 3
 *
 * One `KEY VALUE` per line; `#` starts a comment line; `moves` may be
 * repeated (the lists are joined).  Seats: south (the first player), north
 * (the second), then seat3, seat4, seat5, seat6.  `format` (second line) and `end N`
 * (last line, N the number of moves) let a reader see a record cut short:
 * from format 2 on the `end` line must be there; a record without
 * `format` (written before they existed) is still read, but a last line
 * without its newline is reported as truncated.  In format 3 a move text
 * that is empty or holds a blank, a comma, a quote, a backslash or a
 * control byte is written in double quotes with the escapes \" \\ \n \r
 * \t \xHH, and so is a value with a control byte, a leading quote or
 * blanks at its ends: any text round-trips and none can start a line.
 * Formats 1 and 2 are read without quotes, as they were written.  `rules`
 * is the hash of the rule file (pl_program.source_hash) in hex.  `result`
 * is the text of pl_result_text ("black wins", "draw"), or "unfinished".
 * `reason` (optional, after `result`) says why a game ended that the
 * rules did not end: "white resigned", "draw agreed".
 * `clock` (optional) is the clocks of a timed game (`play --time`):
 * seconds on each clock at the start, `+` the seconds added after each
 * move, then each seat's time left in seconds, south first:
 * `clock 300+3 287.4 290.125`.
 * Unknown keys are skipped, so that later versions can add some.
 */
#ifndef PLATEAU_RECORD_H
#define PLATEAU_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include "plateau.h"

typedef struct {
    char *game;                        /* name or path, as given to plateau */
    uint64_t rules;                    /* source hash of the rules */
    int has_rules;
    char *players[PL_MAX_PLAYERS];     /* spec text of each seat, or NULL */
    char *date;                        /* UTC, ISO 8601 */
    char *result;                      /* "black wins", "draw", "unfinished" */
    char *reason;                      /* a result not given by the rules:
                                          "white resigned", "draw agreed" */
    int has_clock;                     /* a `clock` line: a timed game */
    double clock_base, clock_inc;      /* seconds on each clock at the start,
                                          seconds added after each move */
    int nclocks;                       /* seats whose time left is given */
    double clock_left[PL_MAX_PLAYERS]; /* each seat's time left, seconds */
    char **moves;
    int nmoves, capmoves;
} pl_record;

void pl_record_init(pl_record *r);
void pl_record_free(pl_record *r);

/* Setters copy their argument; 0, or -1 when out of memory. */
int pl_record_set(char **field, const char *value);
int pl_record_add_move(pl_record *r, const char *text);
/* Set the date to now. */
int pl_record_stamp(pl_record *r);

/* The key of seat i: "south", "north", "seat3", "seat4", "seat5", "seat6". */
const char *pl_record_seat_key(int seat);

/* Write to `path`.  0, or -1 with a message in err. */
int pl_record_save(const pl_record *r, const char *path, char *err,
                   size_t errlen);
/* Can a record be written to `path` later?  Tried the way pl_record_save
 * writes (a temporary file next to it, removed at once; `path` must not
 * be a directory), so that nothing is left behind.  0, or -1 with a
 * message in err ("cannot write x.rec: No such file or directory"). */
int pl_record_check_writable(const char *path, char *err, size_t errlen);
/* Read `path`.  0, or -1 with a message in err ("game.rec:3: ..."). */
int pl_record_load(pl_record *r, const char *path, char *err, size_t errlen);

#endif
