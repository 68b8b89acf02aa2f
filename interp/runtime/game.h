/*
 * game.h -- the generic game-state API: everything the CLI and the search
 * engine may use.  Nothing here knows any particular game.
 *
 * A pl_state is a position plus the history needed to undo moves and detect
 * repetitions.  Legal moves are produced by running the game's move program
 * (vm.c) into a caller-owned pl_movelist, which is reused from ply to ply:
 * after warm-up no allocation happens per move.
 *
 * Results: PL_RESULT_NONE (-1) while the game goes on; r in 0..nplayers-1
 * when player r has won; nplayers for a draw.
 */
#ifndef PLATEAU_GAME_H
#define PLATEAU_GAME_H

#include <stdint.h>
#include <stdio.h>
#include "program.h"

/* One legal move: writes (slot, value) and its canonical text. */
typedef struct {
    int32_t write_off, nwrites;   /* pairs in pl_movelist.writes */
    int32_t text_off, text_len;   /* bytes in pl_movelist.text (NUL-terminated) */
    uint8_t is_pass;
} pl_move;

typedef struct {
    int count, cap;
    pl_move *moves;
    int32_t *writes;              /* slot, value, slot, value, ... */
    int nwrites, writes_cap;      /* in int32 units */
    char *text;
    int text_len, text_cap;
    uint64_t *seen;               /* open-addressing set of text hashes */
    int seen_cap;
} pl_movelist;

void pl_movelist_init(pl_movelist *ml);
void pl_movelist_free(pl_movelist *ml);
static inline const char *pl_move_text(const pl_movelist *ml, int i)
{
    return ml->text + ml->moves[i].text_off;
}
/* Index of the move whose text equals `text` ignoring case, or -1. */
int pl_movelist_find(const pl_movelist *ml, const char *text);

typedef struct pl_state pl_state;

/* A new state at the start position.  NULL only when out of memory. */
pl_state *pl_state_new(const pl_program *prog);
void pl_state_free(pl_state *st);
void pl_state_reset(pl_state *st);
const pl_program *pl_state_program(const pl_state *st);

int pl_state_to_move(const pl_state *st);
int pl_state_ply(const pl_state *st);           /* moves applied since start */
uint64_t pl_state_hash(const pl_state *st);
int32_t pl_state_slot(const pl_state *st, int slot);

/* Fill `ml` with the legal moves of the player to move (end rules are not
 * consulted).  Returns the count, or -1 on a runtime error of the move
 * program (see pl_state_error). */
int pl_generate(pl_state *st, pl_movelist *ml);

/* Apply move i of `ml` (generated in this very position), then pass the
 * turn.  pl_undo() takes the last applied move back exactly. */
void pl_apply(pl_state *st, const pl_movelist *ml, int i);
void pl_undo(pl_state *st);

/* End rules after the last move: PL_RESULT_NONE while the game goes on.
 * Always PL_RESULT_NONE before the first move.  -2 on a runtime error. */
int pl_end_result(pl_state *st);
/* Result when the player to move has no legal move.  -2 on error. */
int pl_nomoves_result(pl_state *st);

/* The game status: the end-rule result if any; otherwise generates the
 * moves into ml and, when there are none, returns the no-move result.
 * Returns PL_RESULT_NONE when the game goes on (ml then holds the moves),
 * a result, or -2 on a runtime error. */
int pl_status(pl_state *st, pl_movelist *ml);

/* The game's own heuristic (`evaluate` in the game file) for `player`:
 * returns 1 and sets *value (higher is better for player), 0 when the game
 * declares none, -2 on a runtime error. */
int pl_evaluate(pl_state *st, int player, int32_t *value);

/* The result with the scores when the game keeps a player variable named
 * `score`: "bees wins (bees 23, bumblebees 17)". */
const char *pl_state_outcome(const pl_state *st, int result, char *buf, size_t len);

/* The `score` player variable of `player`: returns 1 and sets *score, or 0
 * when the game keeps no scores. */
int pl_state_score(const pl_state *st, int player, int32_t *score);

/* Why is `text` not a legal move here?  Follows the move program along the
 * paths that agree with the typed text (the cells it picks appear in the
 * text, the text written so far begins it) and reports the rule where the
 * furthest such path failed. */
typedef struct {
    int legal;            /* the text is a legal move */
    int priority_line;    /* the move exists but a `first` at this line gives
                             priority to other moves (0: not the case) */
    int fail_line, fail_col; /* the rule that rejected it (0: none found) */
    int agreeing_picks;   /* how far the best path got (cells of the text picked) */
    char instead[64];     /* or: the move that the closest path made instead */
} pl_explanation;

int pl_explain(pl_state *st, const char *text, pl_explanation *ex);

/* Text of a result: "black wins", "draw". */
const char *pl_result_text(const pl_program *prog, int result, char *buf,
                           size_t len);

/* Last runtime error ("games/x.game:12:5: division by zero"), or NULL. */
const char *pl_state_error(const pl_state *st);

/* The steps (backtracks and loop iterations) one run of a move program may
 * take before it fails with "ran too long" (default 50 million; <= 0
 * restores it).  A runaway rule becomes an error instead of a hang. */
void pl_state_set_step_budget(pl_state *st, long steps);

/* Text collisions (for `validate --playouts` and tests): when on, each
 * generation in this thread also checks that two ways giving one move text
 * have the same effects; pl_vm_take_collisions returns how many did not
 * since the last call, with the first text.  Off by default (it costs). */
void pl_vm_check_collisions(int on);
long pl_vm_take_collisions(char *text, size_t size);

/* Draw the board (with coordinates) and the side to move. */
void pl_state_render(const pl_state *st, FILE *out);

#endif
