/*
 * state.c -- game positions: creation from a program's start position,
 * legal-move generation (through vm.c), apply and undo through the trail,
 * position history for repetitions, end rules and results (the board as
 * text is render.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "state_int.h"

void pl_state_grow_trail(pl_state *st)
{
    PL_GROW(st->trail, st->trail_cap, st->trail_cap + 1);
}

void pl_state_grow_ltrail(pl_state *st)
{
    PL_GROW(st->ltrail, st->ltrail_cap, st->ltrail_cap + 1);
}

/* ---------------------------------------------------------------------- */
/* move lists */

void pl_movelist_init(pl_movelist *ml)
{
    memset(ml, 0, sizeof *ml);
}

void pl_movelist_free(pl_movelist *ml)
{
    free(ml->moves);
    free(ml->writes);
    free(ml->text);
    free(ml->seen);
    free(ml->seen_at);
    memset(ml, 0, sizeof *ml);
}

pl_movelist *pl_movelist_new(void)
{
    return pl_calloc(1, sizeof(pl_movelist));
}

void pl_movelist_delete(pl_movelist *ml)
{
    if (!ml)
        return;
    pl_movelist_free(ml);
    free(ml);
}

int pl_movelist_count(const pl_movelist *ml)
{
    return ml ? ml->count : 0;
}

const char *pl_move_text(const pl_movelist *ml, int i)
{
    if (!ml || i < 0 || i >= ml->count)
        return NULL;
    return ml->text + ml->moves[i].text_off;
}

int pl_move_is_pass(const pl_movelist *ml, int i)
{
    return ml && i >= 0 && i < ml->count && ml->moves[i].is_pass;
}

int pl_movelist_find(const pl_movelist *ml, const char *text)
{
    for (int i = 0; text && i < ml->count; i++)
        if (strcasecmp(ml->text + ml->moves[i].text_off, text) == 0)
            return i;
    return PL_NO_MOVE;
}

/* ---------------------------------------------------------------------- */
/* states */

static uint64_t full_hash(const pl_state *st)
{
    uint64_t h = 0;
    for (int i = 0; i < st->nslots; i++)
        if (!(st->apart && st->apart[i]))
            h ^= pl_zobrist(i, st->slot[i]);
    return h;
}

/* The hash of the board alone, from scratch: the cells and their marks
 * (every slot before the variables). */
static uint64_t board_hash(const pl_state *st)
{
    uint64_t h = 0;
    for (int i = 0; i < st->prog->var_base; i++)
        h ^= pl_zobrist(i, st->slot[i]);
    return h;
}

/* What the key of `player` to move adds to a board hash. */
static uint64_t turn_key(const pl_state *st, int player)
{
    return pl_zobrist(st->prog->tomove_slot, player);
}

/* Which slots the hash leaves out: the variables `not in position`. */
static uint8_t *apart_slots(const pl_program *p)
{
    int any = 0;
    for (int v = 0; v < p->nvars; v++)
        any |= p->var_apart[v];
    for (int v = 0; v < p->npvars; v++)
        any |= p->pvar_apart[v];
    if (!any)
        return NULL;
    uint8_t *apart = pl_calloc((size_t)p->nslots, 1);
    for (int v = 0; v < p->nvars; v++)
        apart[p->var_base + v] = (uint8_t)p->var_apart[v];
    for (int v = 0; v < p->npvars; v++)
        for (int pl = 0; pl < p->nplayers; pl++)
            apart[p->pvar_base + v * p->nplayers + pl] = (uint8_t)p->pvar_apart[v];
    return apart;
}

static int find_score_var(const pl_program *p);

/* ---------------------------------------------------------------------- */
/* consistency: what st_write keeps incrementally, recomputed from scratch */

static int check_occupancy(const pl_state *st, char *why, size_t len)
{
    const pl_program *p = st->prog;
    for (int c = 0; c < p->ncells; c++) {
        int32_t v = st->slot[c];
        for (int row = 0; row <= p->nplayers; row++) {
            int has = (int)(st->occ[row * st->nwords + (c >> 6)] >> (c & 63) & 1);
            int want = v != 0 && PL_PIECE_OWNER(v) + 1 == row;
            if (has != want) {
                snprintf(why, len, "occupancy of cell %s for owner %d is %d, the cell holds %d",
                         p->cell_names[c], row - 1, has, (int)v);
                return -1;
            }
        }
    }
    return 0;
}

int pl_state_check(const pl_state *st, char *why, size_t len)
{
    if (!st->hash_lazy) {     /* a lazy state keeps no hash to check */
        uint64_t h = full_hash(st);
        if (h != st->hash) {
            snprintf(why, len, "hash %016llx, the slots give %016llx",
                     (unsigned long long)st->hash, (unsigned long long)h);
            return -1;
        }
        if (st->hash_from > st->ply || st->hashes[st->ply] != st->hash) {
            snprintf(why, len, "history hash of ply %d differs from the hash", st->ply);
            return -1;
        }
    }
    if (st->keeps_boards && st->bhashes[st->ply] != board_hash(st)) {
        snprintf(why, len, "board hash of ply %d differs from the board's slots", st->ply);
        return -1;
    }
    if (st->keeps_turns &&
        st->shashes[st->ply] != (board_hash(st) ^ turn_key(st, pl_state_to_move(st)))) {
        snprintf(why, len, "board and turn hash of ply %d differs from the slots", st->ply);
        return -1;
    }
    if (st->ntrail < 0 || st->ntrail % 2 || st->ntrail > st->trail_cap ||
        (st->ply > 0 && st->hist[st->ply - 1].trail_mark > st->ntrail)) {
        snprintf(why, len, "trail of %d entries does not hold ply %d's mark", st->ntrail, st->ply);
        return -1;
    }
    return check_occupancy(st, why, len);
}

#ifndef NDEBUG
/* Debug builds check every apply and undo: a wrong incremental update is
 * caught at the move that made it, not plies later as a wrong result. */
static void debug_check(const pl_state *st, const char *after)
{
    char why[256];
    if (pl_state_check(st, why, sizeof why) != 0) {
        fprintf(stderr, "plateau: internal error: inconsistent state after %s (ply %d): %s\n",
                after, st->ply, why);
        abort();
    }
}
#define DEBUG_CHECK(st, after) debug_check(st, after)
#else
#define DEBUG_CHECK(st, after) ((void)0)
#endif

/* ---------------------------------------------------------------------- */
/* the repetition table: occurrences of each hash of the history */

/* Does any code of the program use opcode `op` (REPEATED, BOARDREP)?
 * Walks instruction by instruction: an operand may hold the opcode's
 * number. */
static int program_uses(const pl_program *p, int op)
{
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        if (p->code[pc] == op)
            return 1;
    return 0;
}

/* A set whose cells are cached by the state's hash (group and border:
 * vm.c, group_set; the set algebra: alg_set)? */
static int set_keyed_by_hash(int kind)
{
    switch (kind) {
    case PL_SET_GROUP: case PL_SET_BORDER: case PL_SET_UNION: case PL_SET_INTER:
    case PL_SET_MINUS: case PL_SET_AROUND: case PL_SET_GROUPS:
        return 1;
    default:
        return 0;
    }
}

/* Does the instruction at pc read the state's hash: `repeated`,
 * `board_repeated` (the board hash is the hash without the variables), or
 * a set that the hash keys? */
static int reads_hash(const pl_program *p, int pc)
{
    const pl_opinfo *o = &pl_opinfo_table[p->code[pc]];
    if (p->code[pc] == PL_OP_REPEATED || p->code[pc] == PL_OP_BOARDREP ||
        p->code[pc] == PL_OP_BOARDREPP)
        return 1;
    for (int k = 0; k < o->nops; k++)
        if (o->kind[k] == PL_K_SET && set_keyed_by_hash(p->sets[p->code[pc + 1 + k]].kind))
            return 1;
    return 0;
}

/* Which code may read the hash during a run (st->runs_read_hash: any;
 * st->moves_read_hash: the code the move programs reach) and which code
 * they reach (st->in_moves), so that runs of move code in a game whose
 * end rules ask `repeated` need not hash their writes. */
static void find_hash_readers(pl_state *st)
{
    const pl_program *p = st->prog;
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        st->runs_read_hash |= reads_hash(p, pc);
    st->in_moves = pl_calloc((size_t)p->ncode + 1, 1);
    int32_t *todo = pl_malloc(((size_t)p->ncode + 1) * sizeof *todo);
    int n = 0;
    for (int pl = 0; pl < p->nplayers; pl++) {
        int e = p->entry_moves[pl];
        if (e >= 0 && e < p->ncode && !st->in_moves[e]) {
            st->in_moves[e] = 1;
            todo[n++] = e;
        }
    }
    while (n > 0) {
        int pc = todo[--n];
        st->moves_read_hash |= reads_hash(p, pc);
        /* a board predicate's code (MASKAGG) is run apart: count it in */
        const pl_opinfo *o = &pl_opinfo_table[p->code[pc]];
        for (int k = 0; k < o->nops; k++)
            if (o->kind[k] == PL_K_PRED)
                st->moves_read_hash |= st->runs_read_hash;
        int32_t next[2];
        int k = pl_code_successors(p, pc, next);
        for (int i = 0; i < k; i++)
            if (next[i] >= 0 && next[i] < p->ncode && !st->in_moves[next[i]]) {
                st->in_moves[next[i]] = 1;
                todo[n++] = next[i];
            }
    }
    free(todo);
}

/* The slot of `hash` in table t: the one holding it, or the free slot
 * where it goes. */
static int rep_slot(const pl_reptable *t, uint64_t hash)
{
    size_t mask = (size_t)t->cap - 1, k = (size_t)(hash ^ hash >> 29) & mask;
    while (t->counts[k] >= 0 && t->keys[k] != hash)
        k = (k + 1) & mask;
    return (int)k;
}

static void rep_add(pl_reptable *t, const uint64_t *hist, int ply, uint64_t hash);

/* Refill table t from the history hist[0..ply], dropping keys counted 0;
 * grows it when the live keys alone would fill more than a quarter of it. */
static void rep_rebuild(pl_reptable *t, const uint64_t *hist, int ply)
{
    int need = 4 * (ply + 1);
    if (need > t->cap) {
        int cap = t->cap ? t->cap : 64;
        while (cap < need)
            cap *= 2;
        free(t->keys);
        free(t->counts);
        t->keys = pl_malloc((size_t)cap * sizeof *t->keys);
        t->counts = pl_malloc((size_t)cap * sizeof *t->counts);
        t->cap = cap;
    }
    memset(t->counts, 0xff, (size_t)t->cap * sizeof *t->counts);
    t->used = 0;
    for (int i = 0; i <= ply; i++)
        rep_add(t, hist, ply, hist[i]);
}

/* Count `hash`, the last of hist[0..ply] (a rebuild counts them all). */
static void rep_add(pl_reptable *t, const uint64_t *hist, int ply, uint64_t hash)
{
    if (2 * (t->used + 1) > t->cap) {
        rep_rebuild(t, hist, ply);   /* counts hist[0..ply], this one included */
        return;
    }
    int k = rep_slot(t, hash);
    if (t->counts[k] < 0) {
        t->keys[k] = hash;
        t->counts[k] = 0;
        t->used++;
    }
    t->counts[k]++;
}

static void rep_remove(pl_reptable *t, uint64_t hash)
{
    int k = rep_slot(t, hash);
    if (t->counts[k] > 0)
        t->counts[k]--;
}

static int rep_count(const pl_reptable *t, uint64_t hash)
{
    int k = rep_slot(t, hash);
    return t->counts[k] > 0 ? t->counts[k] : 0;
}

static void rep_free(pl_reptable *t)
{
    free(t->keys);
    free(t->counts);
}

int pl_state_repetitions(const pl_state *st, uint64_t hash)
{
    if (!st->keeps_reps) {   /* a program without REPEATED: scan what is kept */
        int n = 0;
        for (int i = st->hash_from; i <= st->ply; i++)
            n += st->hashes[i] == hash;
        return n;
    }
    return rep_count(&st->reps, hash);
}

int pl_state_board_repetitions(const pl_state *st, int player)
{
    if (player >= 0)
        return st->keeps_turns ? rep_count(&st->turns, st_board_hash(st) ^ turn_key(st, player)) : 0;
    return st->keeps_boards ? rep_count(&st->boards, st_board_hash(st)) : 0;
}

/* The slots the hash counts that are not on the board: the variables,
 * player variables and the player to move, but those `not in position`. */
static void list_board_off(pl_state *st)
{
    const pl_program *p = st->prog;
    st->board_off = pl_malloc(((size_t)(p->nslots - p->var_base) + 1) * sizeof *st->board_off);
    for (int i = p->var_base; i < p->nslots; i++)
        if (!(st->apart && st->apart[i]))
            st->board_off[st->nboard_off++] = i;
}

pl_state *pl_state_new(const pl_program *prog)
{
    /* pl_calloc never returns NULL (util.h: out of memory calls the
     * handler), so nothing below checks. */
    pl_state *st = pl_calloc(1, sizeof *st);
    st->step_budget = VM_STEP_BUDGET;
    st->prog = prog;
    st->score_var = find_score_var(prog);
    st->nslots = prog->nslots;
    st->slot = pl_calloc((size_t)(prog->nslots + prog->nlocals), sizeof(int32_t));
    st->stack_cap = (prog->max_stack + 16) * (VM_MAX_NEST + 1);
    st->stack = pl_calloc((size_t)st->stack_cap, sizeof(int32_t));
    st->hist_cap = 256;
    st->hist = pl_calloc((size_t)st->hist_cap, sizeof *st->hist);
    st->hashes = pl_calloc((size_t)st->hist_cap + 1, sizeof *st->hashes);
    st->keeps_turns = program_uses(prog, PL_OP_BOARDREPP);
    st->keeps_boards = st->keeps_turns || program_uses(prog, PL_OP_BOARDREP);
    if (st->keeps_boards)
        st->bhashes = pl_calloc((size_t)st->hist_cap + 1, sizeof *st->bhashes);
    if (st->keeps_turns)
        st->shashes = pl_calloc((size_t)st->hist_cap + 1, sizeof *st->shashes);
    int gsize = prog->ncols * prog->nrows;
    st->grid = pl_malloc((size_t)(gsize > 0 ? gsize : 1) * sizeof(int32_t));
    st->queue = pl_malloc((size_t)(prog->ncells + 1) * sizeof(int32_t));
    st->seen = pl_calloc((size_t)prog->ncells + 1, 1);
    for (int pl = 0; pl < PL_MAX_PLAYERS; pl++)
        st->groups_of[pl].count = -1;
    st->written = pl_calloc((size_t)prog->nslots + 1, sizeof *st->written);
    st->pw_final = pl_calloc((size_t)prog->nslots + 1, sizeof *st->pw_final);
    st->nwords = (prog->ncells + 63) / 64;
    st->occ = pl_calloc((size_t)(prog->nplayers + 1) * (size_t)st->nwords + 1, sizeof(uint64_t));
    st->grp = pl_calloc((size_t)st->nwords + 1, sizeof(uint64_t));
    st->name_len = pl_malloc((size_t)prog->ncells + 1);
    st->str_len = pl_malloc(((size_t)prog->nstrings + 1) * sizeof(int32_t));
    st->str_word = pl_calloc((size_t)prog->nstrings + 1, sizeof *st->str_word);
    for (int i = 0; i < prog->nstrings; i++) {
        st->str_len[i] = prog->strings[i] ? (int32_t)strnlen(prog->strings[i], INT32_MAX) : 0;
        if (st->str_len[i] <= 8)
            memcpy(&st->str_word[i], prog->strings[i], (size_t)st->str_len[i]);
    }
    st->apart = apart_slots(prog);
    for (int i = 0; st->apart && i < prog->nslots; i++)
        if (st->apart[i]) {
            st->apart_list = pl_realloc_array(st->apart_list, (size_t)st->napart + 1,
                                              sizeof *st->apart_list);
            st->apart_list[st->napart++] = i;
        }
    st->saved_locals = pl_malloc(((size_t)prog->nlocals + 1) * (VM_MAX_NEST + 1) * sizeof(int32_t));
    for (int i = 0; i < gsize; i++)
        st->grid[i] = -1;
    st->name_word = pl_calloc((size_t)prog->ncells + 1, sizeof *st->name_word);
    for (int c = 0; c < prog->ncells; c++) {
        size_t n = strlen(prog->cell_names[c]);
        st->name_len[c] = (uint8_t)(n > 255 ? 255 : n);
        if (n <= 8)
            memcpy(&st->name_word[c], prog->cell_names[c], n);
    }
    for (int c = 0; c < prog->ncells; c++) /* cells off the grid have no place on it */
        if (prog->cell_row[c] >= 0 && prog->cell_row[c] < prog->nrows &&
            prog->cell_col[c] >= 0 && prog->cell_col[c] < prog->ncols)
            st->grid[prog->cell_row[c] * prog->ncols + prog->cell_col[c]] = c;
    pl_state_grow_trail(st);
    st->keeps_reps = program_uses(prog, PL_OP_REPEATED);
    if (st->keeps_boards)
        list_board_off(st);
    find_hash_readers(st);
    st->hash_lazy = !st->runs_read_hash && !st->keeps_reps && !st->keeps_boards &&
                    pl_memo_plan_of(st)->npoints == 0;
    pl_state_reset(st);
    return st;
}

/* Make room for `ply` plies of history (hist[0..ply-1], hashes[0..ply]);
 * hashes has one more entry than hist.  Out of memory is util.h's policy. */
static void reserve_history(pl_state *st, int ply)
{
    if (ply < st->hist_cap)
        return;
    st->hist_cap = (int)pl_grow_capacity((size_t)st->hist_cap, (size_t)ply + 1);
    st->hist = pl_realloc_array(st->hist, (size_t)st->hist_cap, sizeof *st->hist);
    st->hashes = pl_realloc_array(st->hashes, (size_t)st->hist_cap + 1, sizeof *st->hashes);
    if (st->keeps_boards)
        st->bhashes = pl_realloc_array(st->bhashes, (size_t)st->hist_cap + 1, sizeof *st->bhashes);
    if (st->keeps_turns)
        st->shashes = pl_realloc_array(st->shashes, (size_t)st->hist_cap + 1, sizeof *st->shashes);
}

pl_state *pl_state_copy(const pl_state *src)
{
    pl_state *st = pl_state_new(src->prog);
    if (!st)
        return NULL;
    /* The trail below each ply's mark is what pl_undo unwinds: copy it all
     * with the history, so the copy can go back as far as the original. */
    PL_GROW(st->trail, st->trail_cap, src->ntrail + 2);
    reserve_history(st, src->ply + 1);
    const pl_program *p = src->prog;
    memcpy(st->slot, src->slot, (size_t)(p->nslots + p->nlocals) * sizeof(int32_t));
    memcpy(st->trail, src->trail, (size_t)src->ntrail * sizeof(int32_t));
    memcpy(st->hist, src->hist, (size_t)src->ply * sizeof *st->hist);
    memcpy(st->hashes, src->hashes, ((size_t)src->ply + 1) * sizeof *st->hashes);
    if (st->keeps_boards)
        memcpy(st->bhashes, src->bhashes, ((size_t)src->ply + 1) * sizeof *st->bhashes);
    if (st->keeps_turns)
        memcpy(st->shashes, src->shashes, ((size_t)src->ply + 1) * sizeof *st->shashes);
    memcpy(st->occ, src->occ, (size_t)(p->nplayers + 1) * (size_t)st->nwords * sizeof(uint64_t));
    st->ntrail = src->ntrail;
    st->ply = src->ply;
    st->start_mover = src->start_mover;
    st->hash = src->hash;
    st->hash_lazy = src->hash_lazy;
    st->hash_from = src->hash_from;
    st->hashless = src->hashless;
    st->step_budget = src->step_budget;
    st->has_err = src->has_err;
    memcpy(st->err, src->err, sizeof st->err);
    if (st->keeps_reps)
        rep_rebuild(&st->reps, st->hashes, st->ply);      /* the tables of the copied history */
    if (st->keeps_boards)
        rep_rebuild(&st->boards, st->bhashes, st->ply);
    if (st->keeps_turns)
        rep_rebuild(&st->turns, st->shashes, st->ply);
    DEBUG_CHECK(st, "copy");
    return st;
}

void pl_state_free(pl_state *st)
{
    if (!st)
        return;
    free(st->slot);
    free(st->trail);
    free(st->ltrail);
    free(st->hist);
    free(st->hashes);
    free(st->stack);
    free(st->forks);
    free(st->text);
    free(st->grid);
    free(st->queue);
    free(st->seen);
    free(st->written);
    free(st->occ);
    free(st->grp);
    free(st->alg);
    free(st->alg_key);
    free(st->name_len);
    free(st->str_len);
    free(st->pw);
    free(st->pw_final);
    free(st->name_word);
    free(st->str_word);
    free(st->apart);
    free(st->apart_list);
    free(st->saved_locals);
    pl_input_masks_free(st->input_masks);
    rep_free(&st->reps);
    rep_free(&st->boards);
    rep_free(&st->turns);
    free(st->bhashes);
    free(st->shashes);
    free(st->board_off);
    free(st->memo_keys);
    free(st->memo_gens);
    free(st->in_moves);
    pl_sampler_free(st->sampler);
    free(st->elems);
    free(st->named);
    free(st->stext);
    free(st);
}

void pl_state_reset(pl_state *st)
{
    pl_state_start_from(st, st->prog->slot_init);
}

void pl_state_start_from(pl_state *st, const int32_t *slots)
{
    const pl_program *p = st->prog;
    memmove(st->slot, slots, (size_t)p->nslots * sizeof(int32_t));
    st->start_mover = -1;
    memset(st->slot + p->nslots, 0, (size_t)p->nlocals * sizeof(int32_t));
    memset(st->occ, 0, (size_t)(p->nplayers + 1) * (size_t)st->nwords * sizeof(uint64_t));
    for (int c = 0; c < p->ncells; c++)
        if (st->slot[c])
            st_occ(st, c, 0, st->slot[c]);
    st->ntrail = 0;
    st->ply = 0;
    st->hash = st->hash_lazy ? 0 : full_hash(st);
    st->hashes[0] = st->hash;
    st->hash_from = st->hash_lazy ? INT_MAX : 0;
    st->hashless = st->hash_lazy;
    if (st->keeps_reps)
        rep_rebuild(&st->reps, st->hashes, 0);
    if (st->keeps_boards) {
        st->bhashes[0] = st_board_hash(st);
        rep_rebuild(&st->boards, st->bhashes, 0);
    }
    if (st->keeps_turns) {
        st->shashes[0] = st->bhashes[0] ^ turn_key(st, pl_state_to_move(st));
        rep_rebuild(&st->turns, st->shashes, 0);
    }
    st->has_err = 0;
    st->err[0] = 0;
    st->nforks = 0;
    st->sp = 0;
    st->text_len = 0;
}

const pl_program *pl_state_program(const pl_state *st) { return st->prog; }
int pl_state_to_move(const pl_state *st) { return st->slot[st->prog->tomove_slot]; }
int pl_state_ply(const pl_state *st) { return st->ply; }
/* The hash from the slots, kept from this ply on (hash_from). */
static void keep_hash_from_here(pl_state *st)
{
    st->hash = full_hash(st);
    st->hashes[st->ply] = st->hash;
    st->hash_from = st->ply;
}

/* The hash of a lazy state is made when first asked, and kept from then
 * on (an engine that asks once asks at every node).  The state is const
 * to the caller: the hash is what it always was, computed late. */
uint64_t pl_state_hash(const pl_state *st)
{
    if (st->hash_lazy) {
        pl_state *keeper = (pl_state *)st;
        keep_hash_from_here(keeper);
        keeper->hash_lazy = 0;
        keeper->hashless = 0;
    }
    return st_full_hash(st);
}
int32_t pl_state_slot(const pl_state *st, int slot) { return st->slot[slot]; }
const char *pl_state_error(const pl_state *st) { return st->has_err ? st->err : NULL; }

/* Counting runs whose proof's condition fails, beyond those it held for,
 * before a state stops trying it; under a proof in part, generations too
 * (a game past the part it covers stops paying for the checks). */
enum { TALLY_MISSES = 64 };

/* Whether different ways of the move program are proven to write
 * different texts; asked once per state (the plan is the program's). */
int pl_state_texts_distinct(pl_state *st)
{
    if (st->distinct_texts == 0) {
        const pl_sample_plan *plan = pl_sample_plan_of(st);
        int proven = (plan->exact || plan->partial) && plan->distinct;
        st->distinct_texts = !proven ? 1 : plan->check_rays || plan->single ? 3 : 2;
        st->proof_in_part = proven && plan->partial;
        st->single = proven ? plan->single : NULL;
        st->check_rays = proven && plan->check_rays;
        st->dead_write = plan->dead_write;
        st->dead_yield = plan->dead_yield;
        st->bulk_run = plan->bulk_run;
    }
    return st->distinct_texts == 2;
}

/* A run under a proof on condition met it (st->unproven clear) or not:
 * past TALLY_MISSES more misses than hits the state stops trying the
 * proof (a proof in part stops checking its conditions at all). */
static void note_proof_held(pl_state *st)
{
    st->tally_misses += st->unproven ? 1 : st->tally_misses > 0 ? -1 : 0;
    if (st->tally_misses > TALLY_MISSES) {
        st->distinct_texts = 1;
        if (st->proof_in_part)
            st->single = NULL;
    }
}

pl_err pl_generate(pl_state *st, pl_movelist *ml)
{
    pl_state_texts_distinct(st);
    st->mover = pl_state_to_move(st);
    pl_err err;
    for (;;) {
        pl_movelist_reset(ml);
        pl_memo_new_generation(st);
        st->out = ml;
        st->budget = st->step_budget;
        st->recorded_units = 0;
        st->unproven = 0;
        err = pl_vm_run(st, st->prog->entry_moves[st->mover], VM_GEN, NULL);
        st->out = NULL;
        if (!st->lean_redo)
            break;
        /* the proof's condition failed after moves were passed over
           unlisted (state_int.h): again, listing every move; the draws
           start afresh (whether a run stops depends on the position only,
           so the move kept is still uniform) */
        st->lean_redo = 0;
        st->lean_off = 1;
        st_keep_restart(st);
    }
    st->lean_off = 0;
    if (st->proof_in_part && st->distinct_texts == 3)
        note_proof_held(st);
    return err;
}

pl_err pl_apply(pl_state *st, const pl_movelist *ml, int i)
{
    const pl_program *p = st->prog;
    if (i < 0 || i >= ml->count)
        return PL_ERR_ARGUMENT;
    const pl_move *m = &ml->moves[i];
    reserve_history(st, st->ply + 1);
    int mover = pl_state_to_move(st);
    st->hist[st->ply] = (ply_record){st->ntrail, mover};
    const int32_t *w = m->nwrites ? ml->writes + m->write_off : NULL; /* a pass writes nothing */
    for (int k = 0; k < m->nwrites; k++)
        st_write(st, w[2 * k], w[2 * k + 1]);
    /* the next player, or the one the move chose (`turn P` wrote the
       player before P: vm.c, SETTURN) */
    int32_t next = st->slot[p->tomove_slot] + 1;
    if (next < 0 || next >= p->nplayers)      /* (slot + 1) % nplayers, dividing seldom */
        next = next == p->nplayers ? 0 : next % p->nplayers;
    st_write(st, p->tomove_slot, next);
    st->ply++;
    st->hashes[st->ply] = st->hash;
    if (st->keeps_reps)
        rep_add(&st->reps, st->hashes, st->ply, st->hash);
    if (st->keeps_boards) {
        st->bhashes[st->ply] = st_board_hash(st);
        rep_add(&st->boards, st->bhashes, st->ply, st->bhashes[st->ply]);
    }
    if (st->keeps_turns) {
        st->shashes[st->ply] = st->bhashes[st->ply] ^ turn_key(st, pl_state_to_move(st));
        rep_add(&st->turns, st->shashes, st->ply, st->shashes[st->ply]);
    }
    DEBUG_CHECK(st, "apply");
    return PL_OK;
}

pl_err pl_undo(pl_state *st)
{
    if (st->ply == 0)
        return PL_ERR_ARGUMENT;
    if (st->keeps_reps)
        rep_remove(&st->reps, st->hashes[st->ply]);
    if (st->keeps_boards)
        rep_remove(&st->boards, st->bhashes[st->ply]);
    if (st->keeps_turns)
        rep_remove(&st->turns, st->shashes[st->ply]);
    st->ply--;
    st_unwind(st, st->hist[st->ply].trail_mark);
    if (st->ply >= st->hash_from) {
        st->hash = st->hashes[st->ply];
    } else if (!st->hash_lazy) {     /* a ply from before the hash was kept */
        keep_hash_from_here(st);
    }
    DEBUG_CHECK(st, "undo");
    return PL_OK;
}

int pl_state_end_line(const pl_state *st)
{
    return st ? st->end_line : 0;
}

/* The trail of the last ply runs from its mark to the end of the trail
 * (between runs of the VM, which unwind what they write): the first old
 * value pushed for a cell is its value before the move. */
int pl_state_last_changes(const pl_state *st, int *cells, int *how, int max)
{
    if (!st || st->ply == 0)
        return 0;
    const pl_program *p = st->prog;
    int from = st->hist[st->ply - 1].trail_mark, mover = st->hist[st->ply - 1].mover;
    int n = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        int k = from;
        while (k < st->ntrail && st->trail[k] != cell)
            k += 2;
        if (k >= st->ntrail)
            continue;
        int32_t old = st->trail[k + 1], now = st->slot[cell];
        if (old == now)
            continue;
        int what = now != 0 ? PL_CHANGE_ARRIVED
                 : PL_PIECE_OWNER(old) == mover || PL_PIECE_OWNER(old) < 0 ? PL_CHANGE_LEFT
                 : PL_CHANGE_REMOVED;
        if (n < max) {
            if (cells)
                cells[n] = cell;
            if (how)
                how[n] = what;
        }
        n++;
    }
    return n;
}

static pl_err eval_rules(pl_state *st, int entry, int mover, int *result)
{
    st->mover = mover;
    st->budget = st->step_budget;
    int32_t r = PL_RESULT_NONE;
    st->result_pc = -1;
    st->end_line = 0;
    pl_err err = pl_vm_run(st, entry, VM_EVAL, &r);
    if (err != PL_OK)
        return err;
    const pl_program *p = st->prog;
    if (r != PL_RESULT_NONE && p->code_line && st->result_pc >= 0 && st->result_pc < p->ncode)
        st->end_line = p->code_line[st->result_pc];
    if (r != PL_RESULT_NONE && (r < 0 || r > st->prog->nplayers)) {
        snprintf(st->err, sizeof st->err, "%s: runtime error: end rule gave an invalid result %d",
                 st->prog->source_name, (int)r);
        st->has_err = 1;
        return PL_ERR_RUNTIME;
    }
    *result = r;
    return PL_OK;
}

pl_err pl_evaluate(pl_state *st, int player, int32_t *value)
{
    if (st->prog->entry_eval < 0)
        return PL_ERR_NOT_FOUND;
    if (player < 0 || player >= st->prog->nplayers)
        return PL_ERR_ARGUMENT;
    st->mover = player;
    st->budget = st->step_budget;
    return pl_vm_run(st, st->prog->entry_eval, VM_EVAL, value);
}

pl_err pl_explain(pl_state *st, const char *text, pl_explanation *ex)
{
    const pl_program *p = st->prog;
    memset(ex, 0, sizeof *ex);
    st->xtarget = text;
    st->xtarget_len = (int)strlen(text);
    st->xpicks = 0;
    st->xshadow = -1;
    st->xbest_pc = -1;
    st->xbest_picks = 0;
    st->xbest_text = -1;
    st->xbest_relaxed = 0;
    st->xbest_tier = 0;
    st->xfirst_pc = -1;
    st->xbest_words[0] = 0;
    st->xrelax_left = PL_EXPLAIN_RELAX_MAX;
    st->xhas_try = 0;
    for (int pc = 0; pc < p->ncode && !st->xhas_try; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        st->xhas_try = p->code[pc] == PL_OP_TRY;
    st->xother[0] = 0;
    st->xfound = 0;
    st->xfound_shadow = -1;
    st->mover = pl_state_to_move(st);
    st->budget = st->step_budget;
    pl_err err = pl_vm_run(st, p->entry_moves[st->mover], VM_EXPLAIN, NULL);
    if (err != PL_OK)
        return err;
    ex->legal = st->xfound && st->xfound_shadow < 0;
    if (st->xfound && st->xfound_shadow >= 0)
        ex->priority_line = p->code_line[st->xfound_shadow];
    /* a rule is blamed on a path that picked a cell of the text, or wrote
       all of it (past its rules: "pass", a drop that names no cell) */
    if (st->xbest_pc >= 0 && (st->xbest_picks > 0 || (st->xbest_tier > 0 && st->xbest_text == st->xtarget_len))) {
        ex->fail_line = p->code_line[st->xbest_pc];
        ex->fail_col = p->code_col[st->xbest_pc];
        if (p->code[st->xbest_pc] == PL_OP_REQUIREM)
            snprintf(ex->message, sizeof ex->message, "%s", p->strings[p->code[st->xbest_pc + 1]]);
        else
            snprintf(ex->words, sizeof ex->words, "%s", st->xbest_words);
    } else if (st->xbest_picks > 0) {
        snprintf(ex->instead, sizeof ex->instead, "%s", st->xother);
    }
    ex->agreeing_picks = st->xbest_picks;
    return PL_OK;
}

pl_err pl_end_result(pl_state *st, int *result)
{
    *result = PL_RESULT_NONE;
    if (st->ply == 0 && st->start_mover < 0)
        return PL_OK;
    int mover = st->ply > 0 ? st->hist[st->ply - 1].mover : st->start_mover;
    return eval_rules(st, st->prog->entry_end, mover, result);
}

pl_err pl_nomoves_result(pl_state *st, int *result)
{
    int np = st->prog->nplayers;
    int mover = st->ply > 0 ? st->hist[st->ply - 1].mover : (pl_state_to_move(st) + np - 1) % np;
    *result = PL_RESULT_NONE;
    return eval_rules(st, st->prog->entry_nomoves, mover, result);
}

pl_err pl_status(pl_state *st, pl_movelist *ml, int *result)
{
    ml->count = 0;
    pl_err err = pl_end_result(st, result);
    if (err != PL_OK || *result != PL_RESULT_NONE)
        return err;
    err = pl_generate(st, ml);
    if (err != PL_OK || ml->count > 0)
        return err;
    return pl_nomoves_result(st, result);
}

pl_err pl_find_win(pl_state *st, const pl_movelist *ml, int *index)
{
    *index = -1;
    if (!ml)
        return PL_ERR_ARGUMENT;
    int mover = pl_state_to_move(st);
    for (int i = 0; i < ml->count; i++) {
        int r;
        pl_err err = pl_apply(st, ml, i);
        if (err != PL_OK)
            return err;
        err = pl_end_result(st, &r);
        pl_undo(st);
        if (err != PL_OK)
            return err;
        if (r == mover) {
            *index = i;
            return PL_OK;
        }
    }
    return PL_OK;
}

static pl_err count_generated(pl_state *st, pl_movelist *ml, int *result, int64_t *count)
{
    pl_err err = pl_status(st, ml, result);
    if (err == PL_OK && *result == PL_RESULT_NONE)
        *count = ml->count;
    return err;
}

/* Counting needs no texts or effects where different ways are proven to
 * write different texts (distinct.c, through the sampling plan): every
 * way to YIELD is then a move of its own.  A proof on condition (no ray
 * of distance 0, no `single` PICK of two elements) is checked by the
 * run, which stops at once where it fails.  Elsewhere the moves are
 * generated in full, into ml, and counted. */
pl_err pl_count_moves(pl_state *st, pl_movelist *ml, int *result, int64_t *count)
{
    *count = 0;
    pl_state_texts_distinct(st);
    if (st->distinct_texts == 1)
        return count_generated(st, ml, result, count);
    ml->count = 0;
    pl_err err = pl_end_result(st, result);
    if (err != PL_OK || *result != PL_RESULT_NONE)
        return err;
    pl_memo_new_generation(st);
    st->mover = pl_state_to_move(st);
    st->budget = st->step_budget;
    st->tallied = 0;
    st->unproven = 0;
    err = pl_vm_run(st, st->prog->entry_moves[st->mover], VM_TALLY, NULL);
    if (st->distinct_texts == 3)
        note_proof_held(st);
    if (err == PL_OK && st->unproven)  /* the proof does not cover this position */
        return count_generated(st, ml, result, count);
    if (err != PL_OK || st->tallied > 0) {
        *count = st->tallied;
        return err;
    }
    return pl_nomoves_result(st, result);
}

const char *pl_result_text(const pl_program *prog, int result, char *buf, size_t len)
{
    if (result == PL_RESULT_NONE)
        snprintf(buf, len, "game in progress");
    else if (result >= 0 && result < prog->nplayers)
        snprintf(buf, len, "%s %s", prog->player_names[result],
                 prog->player_plural && prog->player_plural[result] ? "win" : "wins");
    else if (result == prog->nplayers)
        snprintf(buf, len, "draw");
    else
        snprintf(buf, len, "error");
    return buf;
}

/* Is `text` NAME VERB, ignoring case? */
static int names_a_win(const char *text, const char *name, const char *verb)
{
    size_t n = strlen(name);
    return strncasecmp(text, name, n) == 0 && text[n] == ' ' &&
           strcasecmp(text + n + 1, verb) == 0;
}

int pl_result_from_text(const pl_program *prog, const char *text)
{
    if (!text)
        return -2;
    if (strcasecmp(text, "game in progress") == 0)
        return PL_RESULT_NONE;
    if (strcasecmp(text, "draw") == 0)
        return prog->nplayers;
    for (int r = 0; r < prog->nplayers; r++) {
        int plural = prog->player_plural && prog->player_plural[r];
        /* "hounds win", and "hounds wins" as records said it before
           players had a number */
        if (names_a_win(text, prog->player_names[r], plural ? "win" : "wins") ||
            names_a_win(text, prog->player_names[r], "wins"))
            return r;
    }
    return -2;
}

/* The player variable that holds the scores, by its name; -1 if none. */
static int find_score_var(const pl_program *p)
{
    for (int v = 0; v < p->npvars; v++)
        if (strcmp(p->pvar_names[v], "score") == 0)
            return v;
    return -1;
}

int pl_state_score(const pl_state *st, int player, int32_t *score)
{
    const pl_program *p = st->prog;
    if (st->score_var < 0 || player < 0 || player >= p->nplayers)
        return 0;
    *score = st->slot[p->pvar_base + st->score_var * p->nplayers + player];
    return 1;
}

int pl_state_margin(const pl_state *st, int player, int32_t *margin)
{
    int32_t mine, best = INT32_MIN, other;
    if (!pl_state_score(st, player, &mine))
        return 0;
    for (int q = 0; q < st->prog->nplayers; q++)
        if (q != player && pl_state_score(st, q, &other) && other > best)
            best = other;
    int64_t d = best == INT32_MIN ? mine : (int64_t)mine - best;
    *margin = (int32_t)(d > INT32_MAX ? INT32_MAX : d < -INT32_MAX ? -INT32_MAX : d);
    return 1;
}

const char *pl_state_outcome(const pl_state *st, int result, char *buf, size_t len)
{
    const pl_program *p = st->prog;
    pl_result_text(p, result, buf, len);
    size_t n = strlen(buf);
    int32_t score;
    for (int i = 0; i < p->nplayers && n + 1 < len && pl_state_score(st, i, &score); i++) {
        snprintf(buf + n, len - n, "%s%s %d%s", i ? ", " : " (", p->player_names[i], (int)score,
                 i + 1 == p->nplayers ? ")" : "");
        n = strlen(buf);
    }
    return buf;
}

void pl_state_set_step_budget(pl_state *st, long steps)
{
    st->step_budget = steps > 0 ? steps : VM_STEP_BUDGET;
}
