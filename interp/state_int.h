/*
 * state_int.h -- the inside of a pl_state, shared by state.c (positions,
 * apply/undo, history, rendering) and vm.c (the bytecode interpreter).
 *
 * One trail serves both: every write to a slot pushes (slot, old value).
 * Applied moves are undone by unwinding to the ply's trail mark; choice
 * points of the move program unwind to theirs.  Locals of the move program
 * are slots too (after the state slots) so they are restored the same way.
 */
#ifndef PLATEAU_STATE_INT_H
#define PLATEAU_STATE_INT_H

#include "game.h"

enum { VM_GEN, VM_EXISTS, VM_EVAL };
enum { FK_BASE, FK_FORK, FK_PICK, FK_FIRST, FK_TRY };
enum { VM_MAX_NEST = 6 };
#define VM_ERROR (-100)
#define VM_STEP_BUDGET 50000000L

typedef struct {
    int32_t pc, kind, trail, sp, text_len, aux, yields, is_pass;
    uint64_t hash;
} vm_fork;

typedef struct {
    int32_t trail_mark;
    int32_t mover;
} ply_record;

struct pl_state {
    const pl_program *prog;
    int32_t *slot;            /* nslots state slots, then nlocals locals */
    int32_t nslots;
    uint64_t hash;

    int32_t *trail;           /* pairs: slot, old value */
    int ntrail, trail_cap;    /* in int32 units */

    ply_record *hist;
    uint64_t *hashes;         /* hashes[i]: hash after i moves */
    int ply, hist_cap;

    /* VM registers and stacks */
    int32_t *stack;
    int sp, stack_cap;
    vm_fork *forks;
    int nforks, fork_cap;
    char *text;
    int text_len, text_cap;
    int mover, yields, is_pass, mode, nest;
    int gen_trail;            /* trail index where the current generation began */
    long budget;
    pl_movelist *out;

    /* scratch for connectivity */
    int32_t *grid;            /* ncols*nrows -> cell or -1 */
    int32_t *queue;
    uint8_t *seen;

    char err[512];
    int has_err;
};

uint64_t pl_zobrist(int32_t slot, int32_t value);

/* Write a slot through the trail, keeping the hash. */
static inline void st_write(pl_state *st, int32_t idx, int32_t v)
{
    int32_t old = st->slot[idx];
    if (old == v)
        return;
    if (st->ntrail + 2 > st->trail_cap) {
        extern void pl_state_grow_trail(pl_state *st);
        pl_state_grow_trail(st);
    }
    st->trail[st->ntrail++] = idx;
    st->trail[st->ntrail++] = old;
    st->slot[idx] = v;
    if (idx < st->nslots)
        st->hash ^= pl_zobrist(idx, old) ^ pl_zobrist(idx, v);
}

/* Unwind the trail to `mark` (hash is restored by the caller). */
static inline void st_unwind(pl_state *st, int mark)
{
    int32_t *t = st->trail, *s = st->slot;
    int n = st->ntrail;
    while (n > mark) {
        n -= 2;
        s[t[n]] = t[n + 1];
    }
    st->ntrail = n;
}

/* vm.c */
int pl_vm_run(pl_state *st, int pc, int mode);

#endif
