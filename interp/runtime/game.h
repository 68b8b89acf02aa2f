/*
 * game.h -- the runtime's internal view of states and move lists, for the
 * engines and the tests.  The public API (plateau.h) declares the same
 * functions over opaque types; this header adds what an engine needs to
 * run without a call per access: the move list's layout, a list embedded
 * by value (pl_movelist_init/free), and slot reads.
 *
 * A pl_state is a position plus the history needed to undo moves and detect
 * repetitions.  Legal moves are produced by running the game's move program
 * (vm.c) into a caller-owned pl_movelist, which is reused from ply to ply:
 * after warm-up no allocation happens per move.
 */
#ifndef PLATEAU_GAME_H
#define PLATEAU_GAME_H

#include <stdint.h>
#include <stdio.h>
#include "plateau.h"
#include "program.h"

/* One legal move: writes (slot, value) and its canonical text. */
typedef struct {
    int32_t write_off, nwrites;   /* pairs in pl_movelist.writes */
    int32_t text_off, text_len;   /* bytes in pl_movelist.text (NUL-terminated) */
    uint8_t is_pass;
} pl_move;

struct pl_movelist {
    int count, cap;
    pl_move *moves;
    int32_t *writes;              /* slot, value, slot, value, ... */
    int nwrites, writes_cap;      /* in int32 units */
    char *text;
    int text_len, text_cap;
    uint64_t *seen;               /* open-addressing set of text hashes */
    uint32_t *seen_at;            /* seen_cap / 2: the entry of each move in
                                     `seen`, so that a new list clears
                                     those, not the whole set */
    int seen_cap;
    int seen_n;                   /* moves [0, seen_n) are in `seen` */
};

/* A list held by value (engines keep one per ply): init, then free. */
void pl_movelist_init(pl_movelist *ml);
void pl_movelist_free(pl_movelist *ml);

/* Slot `slot` of the position (see program.h for the layout). */
int32_t pl_state_slot(const pl_state *st, int slot);

/* In games that keep scores (a `score` player variable): `player`'s score
 * minus the best score of the others.  Returns 1, or 0 when the game keeps
 * none.  The engines maximise the chance of winning first, then this. */
int pl_state_margin(const pl_state *st, int player, int32_t *margin);

#endif
