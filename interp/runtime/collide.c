/*
 * collide.c -- the check behind `validate --playouts`: two ways of the
 * move program that give one move text must do the same thing.
 *
 * The VM drops a way whose text is already in the move list ("the same
 * text is the same move"); when the check is on (per thread), it first
 * asks pl_vm_note_collision whether the dropped way's effects equal those
 * of the move already recorded.  Kept out of vm.c: only validation pays
 * for it, and the interpreter stays about interpreting.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "state_int.h"
#include "util.h"

/* --- validation: moves whose texts collide --------------------------------
 *
 * A way whose text is already in the move list is dropped: "the same text
 * is the same move".  When two ways with one text do different things,
 * the rules are wrong (the second move can never be played).  `plateau
 * validate --playouts` turns this check on for its thread (searches run
 * generations in other threads) and collects what it finds. */

_Thread_local int pl_vm_collision_check;
static _Thread_local long collisions;
static _Thread_local char collision_text[128];
/* Per slot, the epoch at which same_effects last saw it (see there). */
static _Thread_local int32_t *stamp;
static _Thread_local int32_t stamp_cap, epoch;

void pl_vm_check_collisions(int on)
{
    pl_vm_collision_check = on;
    collisions = 0;
    if (!on) {
        free(stamp);
        stamp = NULL;
        stamp_cap = epoch = 0;
    }
}

/* The collisions seen since the last call, and the text of the first. */
long pl_vm_take_collisions(char *text, size_t size)
{
    long n = collisions;
    if (n > 0 && size > 0)
        snprintf(text, size, "%s", collision_text);
    collisions = 0;
    return n;
}

/* A fresh pair of epochs for same_effects, with a stamp for each slot;
 * 0 when out of memory. */
static int32_t new_epoch(int32_t nslots)
{
    if (nslots > stamp_cap || epoch > INT32_MAX - 4) {
        int32_t *s = pl_calloc((size_t)nslots, sizeof *s);
        if (!s)
            return 0;
        free(stamp);
        stamp = s;
        stamp_cap = nslots;
        epoch = 0;
    }
    return epoch += 2;
}

/* Does the current way leave the state as move `m` of the list would?
 * Both start from the state before the generation.  The slots m writes
 * must hold m's values now; every other slot the way wrote must be back
 * to its value before the generation, which its first trail entry since
 * then holds.  Stamps (e: written by m, e + 1: seen in the trail) keep
 * this linear in the length of the trail. */
static int same_effects(const pl_state *st, const pl_movelist *ml, const pl_move *m)
{
    int32_t e = new_epoch(st->nslots);
    if (e == 0)
        return 1;   /* no memory to check: say nothing */
    /* a list whose moves wrote nothing yet has no writes array at all */
    const int32_t *w = m->nwrites > 0 ? ml->writes + m->write_off : NULL;
    for (int k = 0; k < m->nwrites; k++) {
        if (st->slot[w[2 * k]] != w[2 * k + 1])
            return 0;
        stamp[w[2 * k]] = e;
    }
    for (int i = st->gen_trail; i < st->ntrail; i += 2) {
        int32_t idx = st->trail[i];
        if (idx >= st->nslots || stamp[idx] == e || stamp[idx] == e + 1)
            continue;
        if (st->slot[idx] != st->trail[i + 1])
            return 0;
        stamp[idx] = e + 1;
    }
    return 1;
}

void pl_vm_note_collision(pl_state *st, int existing, const char *text, int len)
{
    if (existing < 0 || existing >= st->out->count ||
        same_effects(st, st->out, &st->out->moves[existing]))
        return;
    if (collisions++ == 0)
        snprintf(collision_text, sizeof collision_text, "%.*s", len, text);
}
