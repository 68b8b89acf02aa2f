/*
 * vm.c -- the bytecode interpreter: runs move programs (enumerating every
 * legal move by backtracking), existence tests (can_move) and end rules.
 *
 * Model: jq's backtracking executor.  Choice instructions push a vm_fork
 * (resume address, trail mark, stack height, text length, hash); FAIL,
 * REQUIRE on zero and YIELD jump to `backtrack`, which unwinds the trail to
 * the newest fork and resumes it.  A PICK fork also remembers its cursor,
 * so resuming it tries the next element of the set.  Effects write slots
 * through the trail: the effects of a move are exactly the state slots the
 * trail touched since generation began.  Nothing here allocates except to
 * grow buffers the first times they fill up.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "state_int.h"
#include "native.h"

static void vm_error(pl_state *st, int pc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void vm_error(pl_state *st, int pc, const char *fmt, ...)
{
    if (st->has_err)
        return;
    const pl_program *p = st->prog;
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = pc >= 0 && pc < p->ncode ? p->code_line[pc] : 0;
    int col = pc >= 0 && pc < p->ncode ? p->code_col[pc] : 0;
    if (line > 0)
        snprintf(st->err, sizeof st->err, "%s:%d:%d: runtime error: %s", p->source_name, line, col, msg);
    else
        snprintf(st->err, sizeof st->err, "%s: runtime error: %s", p->source_name, msg);
    st->has_err = 1;
}

/* ---------------------------------------------------------------------- */
/* buffers */

static void grow_forks(pl_state *st)
{
    PL_GROW(st->forks, st->fork_cap, st->fork_cap + 1);
}

static void grow_path_writes(pl_state *st)
{
    PL_GROW(st->pw, st->pw_cap, st->pw_len + 2);
}

/* A move's text, and the texts of one position's moves together, stay
 * far below INT_MAX: a rule that writes text in a loop gets a runtime
 * error, not an overflow (sizes are ints throughout the move list). */
enum { VM_MAX_TEXT = 1 << 16, VM_MAX_LIST_TEXT = 1 << 28 };

static void text_reserve(pl_state *st, int extra)
{
    /* 8 more: room for text_add_word's store of a whole word */
    PL_GROW(st->text, st->text_cap, st->text_len + extra + 9);
}

/* Decimal digits of v into buf (no NUL); their number.  TEXTINT runs
 * once per move in games that write numbers: snprintf costs ten times. */
static int format_int(char buf[16], int32_t v)
{
    char tmp[12];
    uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
    int n = 0, k = 0;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        buf[k++] = '-';
    while (n > 0)
        buf[k++] = tmp[--n];
    return k;
}

__attribute__((noinline, cold)) static int text_too_long(pl_state *st, int pc)
{
    vm_error(st, pc, "the move text is longer than %d bytes", VM_MAX_TEXT);
    return -1;
}

/* 0, or -1 when the text would pass VM_MAX_TEXT (reported). */
static inline int text_add(pl_state *st, int pc, const char *s, int n)
{
    if (__builtin_expect(n > VM_MAX_TEXT - st->text_len, 0))
        return text_too_long(st, pc);
    text_reserve(st, n);
    memcpy(st->text + st->text_len, s, (size_t)n);
    st->text_len += n;
    return 0;
}

/* text_add for a text of at most 8 bytes, given as a word padded with
 * NULs (st->name_word, st->str_word): one store of 8 bytes where there is
 * room, instead of a call to memcpy -- moves are texts of a few short
 * names, appended once per way. */
static inline __attribute__((always_inline)) int text_add_word(pl_state *st, int pc, uint64_t word,
                                                               const char *s, int n)
{
    if (__builtin_expect(n <= 8 && st->text_len <= VM_MAX_TEXT - 8 &&
                         st->text_cap - st->text_len > 8, 1)) {
        memcpy(st->text + st->text_len, &word, sizeof word);
        st->text_len += n;
        return 0;
    }
    return text_add(st, pc, s, n);
}

/* ---------------------------------------------------------------------- */
/* sets */

static inline const int32_t *sided(const pl_sided_table *t, int id, int player, int np, int *n)
{
    int k = id * np + player;
    *n = t->offset[k + 1] - t->offset[k];
    return t->data + t->offset[k];
}

static inline __attribute__((always_inline)) int valid_cell(const pl_program *p, int32_t c)
{
    return c >= 0 && c < p->ncells;
}

static int set_player(pl_state *st, const pl_setdesc *d)
{
    if (d->player < 0)
        return st->mover;
    return st->slot[st->nslots + d->player];
}

static int sgn(int v) { return (v > 0) - (v < 0); }

/* The index of set d, which points into the program's table of sets or,
 * in native code, into the constant copy the handlers read (VM_PROG). */
static inline int set_index(const pl_state *st, const pl_setdesc *d)
{
    uintptr_t at = (uintptr_t)d, own = (uintptr_t)st->prog->sets;
    if (at >= own && at < own + (uintptr_t)st->prog->nsets * sizeof *d)
        return (int)((at - own) / sizeof *d);
#ifdef VM_PROG_sets
    return (int)((at - (uintptr_t)VM_PROG_sets) / sizeof *d);
#else
    return -1;   /* not reached: sets come from the program */
#endif
}

static const uint64_t *group_set(pl_state *st, const pl_setdesc *d);
static const uint64_t *alg_set(pl_state *st, const pl_setdesc *d);

/* Word w (64 cells) of a filtered set: its bitset in locals arg1.. (32
 * cells per local; the verifier checked that they are locals). */
static inline uint64_t where_word(const pl_state *st, const pl_setdesc *d, int w)
{
    const pl_program *p = st->prog;
    const int32_t *bits = st->slot + st->nslots + d->arg1;
    int32_t n = pl_bits_words(p->ncells), left = p->ncells - (w << 6);
    uint64_t v = (uint32_t)bits[2 * w];
    if (2 * w + 1 < n)
        v |= (uint64_t)(uint32_t)bits[2 * w + 1] << 32;
    return v & (left >= 64 ? ~0ull : (1ull << left) - 1);
}
static int set_next(pl_state *st, const pl_setdesc *d, int32_t *cursor, int pc, int32_t *out);

/* Every grid square strictly between cells a and b (on one row, column or
 * diagonal) holds a cell: a hole ends a line, so between(a, b) across one
 * is empty, never the part before the hole. */
static int no_hole_between(const pl_state *st, int32_t a, int32_t b)
{
    const pl_program *p = st->prog;
    int sc = sgn(p->cell_col[b] - p->cell_col[a]), sr = sgn(p->cell_row[b] - p->cell_row[a]);
    if (sc == 0 && sr == 0)   /* one square (the verifier refuses it): no line */
        return 0;
    for (int col = p->cell_col[a] + sc, row = p->cell_row[a] + sr;
         col >= 0 && col < p->ncols && row >= 0 && row < p->nrows; col += sc, row += sr) {
        int32_t e = st->grid[row * p->ncols + col];
        if (e == b)
            return 1;
        if (e < 0)
            return 0;
    }
    return 0;
}

/* Next cell or direction of set d after *cursor; -1 at the end (or on
 * bad input, reported through st->has_err).  Not for ranges, whose
 * numbers may be negative: set_next. */
static int32_t next_cell_or_dir(pl_state *st, const pl_setdesc *d, int32_t *cursor, int pc)
{
    const pl_program *p = st->prog;
    const int32_t *s = st->slot;
    int np = p->nplayers;
    /* *cursor is -1 or an element's position: PICK starts it and its fork
       keeps it, NEXT checks the one it reads from a local. */
    switch (d->kind) {
    case PL_SET_CELLS:
        if (*cursor + 1 < p->ncells)
            return ++*cursor;
        return -1;
    case PL_SET_EMPTY: {
        for (int c = *cursor + 1; c < p->ncells; c = (c | 63) + 1) {
            int w = c >> 6;
            uint64_t bits = ~pl_occupied_word(st, np, w) & (~0ull << (c & 63));
            if (bits) {
                int e = (w << 6) + __builtin_ctzll(bits);
                return e < p->ncells ? (*cursor = e) : -1;
            }
        }
        return -1;
    }
    case PL_SET_PIECES: {
        int pl = set_player(st, d);
        if (pl < -1 || pl >= np)
            return -1;
        const uint64_t *occ = st->occ + (pl + 1) * st->nwords;
        for (int c = *cursor + 1; c < p->ncells; c = (c | 63) + 1) {
            uint64_t bits = occ[c >> 6] & (~0ull << (c & 63));
            while (bits) {
                int e = ((c >> 6) << 6) + __builtin_ctzll(bits);
                if (d->id < 0 || PL_PIECE_KIND(s[e]) == d->id)
                    return *cursor = e;
                bits &= bits - 1;
            }
        }
        return -1;
    }
    case PL_SET_REGION:
    case PL_SET_DIRS: {
        int pl = set_player(st, d);
        if (pl < 0 || pl >= np) {
            vm_error(st, pc, "player %d does not exist", pl);
            return -1;
        }
        int n;
        const int32_t *items = sided(d->kind == PL_SET_DIRS ? &p->dsets : &p->regions, d->id, pl, np, &n);
        if (*cursor + 1 < n)
            return items[++*cursor];
        return -1;
    }
    case PL_SET_LEAPS: {   /* *cursor: a position in the masks' list */
        int32_t c = s[st->nslots + d->arg0];
        if (!valid_cell(p, c) || st->mover < 0 || st->mover >= np)
            return -1;
        const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
        int32_t n;
        const int32_t *to = pl_dset_leaps(m, p, d->id, st->mover, c, &n);
        if (*cursor + 1 < n)
            return to[++*cursor];
        return -1;
    }
    case PL_SET_BETWEEN: {
        int32_t a = s[st->nslots + d->arg0], b = s[st->nslots + d->arg1];
        if (!valid_cell(p, a) || !valid_cell(p, b) || a == b)
            return -1;
        int dc = p->cell_col[b] - p->cell_col[a], dr = p->cell_row[b] - p->cell_row[a];
        if (dc != 0 && dr != 0 && dc != dr && dc != -dr)
            return -1; /* not on one line: nothing between */
        if (*cursor >= 0 && !valid_cell(p, *cursor)) {   /* hand-made bytecode (NEXT) */
            vm_error(st, pc, "iteration cursor %d is outside the set", (int)*cursor);
            return -1;
        }
        if (*cursor < 0 && !no_hole_between(st, a, b))
            return -1;
        int from = *cursor < 0 ? a : *cursor;
        int col = p->cell_col[from] + sgn(dc), row = p->cell_row[from] + sgn(dr);
        if (col < 0 || col >= p->ncols || row < 0 || row >= p->nrows)
            return -1;
        int32_t next = st->grid[row * p->ncols + col];
        if (next == b || next < 0)
            return -1;
        return *cursor = next;
    }
    case PL_SET_SLIDE:
    case PL_SET_REACH: {
        int32_t from = s[st->nslots + d->arg0], dir = s[st->nslots + d->arg1];
        if (!valid_cell(p, from) || dir < 0 || dir >= p->ndirs)
            return -1;
        if (*cursor >= 0) {
            if (!valid_cell(p, *cursor)) {          /* hand-made bytecode (NEXT) */
                vm_error(st, pc, "iteration cursor %d is outside the set", (int)*cursor);
                return -1;
            }
            if (s[*cursor])                         /* reach: the piece met was the last */
                return -1;
            from = *cursor;
        }
        int32_t t = p->neighbor[from * p->ndirs + dir];
        if (t < 0 || (s[t] && d->kind == PL_SET_SLIDE))
            return -1;
        return *cursor = t;
    }
    case PL_SET_WHERE:
        if (*cursor < -1 || *cursor >= p->ncells)
            return -1;
        for (int c = *cursor + 1; c < p->ncells; c = (c | 63) + 1) {
            uint64_t w = where_word(st, d, c >> 6) & (~0ull << (c & 63));
            if (w)
                return *cursor = ((c >> 6) << 6) + __builtin_ctzll(w);
        }
        return -1;
    case PL_SET_GROUP:
    case PL_SET_BORDER:
    case PL_SET_UNION:
    case PL_SET_INTER:
    case PL_SET_MINUS:
    case PL_SET_AROUND:
    case PL_SET_GROUPS: {
        if (*cursor < -1 || *cursor >= p->ncells)
            return -1;
        const uint64_t *bits = d->kind == PL_SET_GROUP || d->kind == PL_SET_BORDER
                                   ? group_set(st, d) : alg_set(st, d);
        if (st->has_err)
            return -1;
        for (int c = *cursor + 1; c < p->ncells; c = (c | 63) + 1) {
            uint64_t w = bits[c >> 6] & (~0ull << (c & 63));
            if (w)
                return *cursor = ((c >> 6) << 6) + __builtin_ctzll(w);
        }
        return -1;
    }
    default:
        vm_error(st, pc, "bad set kind %d", d->kind);
        return -1;
    }
}

/* Next element of set d after *cursor into *out: 1, or 0 at the end (or
 * on bad input, reported through st->has_err).  The end is the return
 * value, never an element: a range's numbers may be anything. */
__attribute__((noinline))   /* three call sites in the VM's loop: keep it small */
static int set_next(pl_state *st, const pl_setdesc *d, int32_t *cursor, int pc, int32_t *out)
{
    if (d->kind == PL_SET_RANGE) {
        int32_t lo = st->slot[st->nslots + d->arg0], hi = st->slot[st->nslots + d->arg1];
        if ((int64_t)lo + *cursor + 1 > hi)
            return 0;
        ++*cursor;
        *out = (int32_t)((int64_t)lo + *cursor);
        return 1;
    }
    int32_t v = next_cell_or_dir(st, d, cursor, pc);
    if (v < 0)
        return 0;
    *out = v;
    return 1;
}

/* ---------------------------------------------------------------------- */
/* comprehensions without a loop: COUNTSET and MASKAGG */

/* Word w of between(a, b): the cells strictly between two cells of one
 * row, column or diagonal with no hole between them (none otherwise), by
 * the masks' lines -- the cells set_next walks, as bits.  Out of line:
 * set_word, which most sets go through, stays small. */
static __attribute__((noinline)) uint64_t between_word(pl_state *st, const pl_setdesc *d, int w)
{
    const pl_program *p = st->prog;
    int32_t a = st->slot[st->nslots + d->arg0], b = st->slot[st->nslots + d->arg1];
    if (!valid_cell(p, a) || !valid_cell(p, b) || a == b)
        return 0;
    const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
    if (m->between)
        return m->between[(size_t)a * (size_t)p->ncells + (size_t)b];
    return pl_between_word(m, p, a, b, w);
}

/* Word w of the cells of set d, for the sets the state keeps as bitsets:
 * every cell, the empty cells, the pieces of a player (any kind), and
 * those computed as bits (between, filtered sets, groups, set algebra).
 * 0 with *ok = 0 for the others. */
/* Word w of a region (masks.c, tabulate_regions), or *ok = 0 where its
 * list names a cell twice.  Out of line: it would burden set_word's
 * frame. */
static __attribute__((noinline)) uint64_t region_word(pl_state *st, const pl_setdesc *d, int w,
                                                      int *ok)
{
    const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
    int np = st->prog->nplayers, pl = set_player(st, d), k = d->id * np + pl;
    if (pl < 0 || pl >= np || !m->region_ok[k]) {
        *ok = 0;
        return 0;
    }
    return m->regions[(size_t)k * (size_t)st->nwords + (size_t)w];
}

static uint64_t set_word(pl_state *st, const pl_setdesc *d, int w, int *ok)
{
    const pl_program *p = st->prog;
    int np = p->nplayers, base = w << 6, n = p->ncells - base;
    uint64_t in_board = n >= 64 ? ~0ull : (1ull << n) - 1;
    switch (d->kind) {
    case PL_SET_CELLS:
        return in_board;
    case PL_SET_EMPTY:
        return ~pl_occupied_word(st, np, w) & in_board;
    case PL_SET_PIECES: {
        if (d->id >= 0)
            break;
        int pl = set_player(st, d);
        return pl < -1 || pl >= np ? 0 : st->occ[(pl + 1) * st->nwords + w];
    }
    case PL_SET_REGION:     /* not for a PICK: pick_start keeps the list */
        return region_word(st, d, w, ok);
    case PL_SET_BETWEEN:
        return between_word(st, d, w);
    case PL_SET_WHERE:
        return where_word(st, d, w);
    case PL_SET_GROUP:
    case PL_SET_BORDER:
        return group_set(st, d)[w];
    case PL_SET_UNION:
    case PL_SET_INTER:
    case PL_SET_MINUS:
    case PL_SET_AROUND:
    case PL_SET_GROUPS:
        return alg_set(st, d)[w];
    default:
        break;
    }
    *ok = 0;
    return 0;
}

/* Word w of the elements of a FK_PICKBITS set: those set_word gives, or
 * for the pieces of one kind, all the player's pieces (checked as taken,
 * take_bit).  Only the sets that pick_start takes as bits. */
static uint64_t pick_word(pl_state *st, const pl_setdesc *d, int w)
{
    int ok = 1;
    uint64_t bits = set_word(st, d, w, &ok);
    if (ok)
        return bits;
    int pl = set_player(st, d);   /* PL_SET_PIECES of one kind */
    return pl < -1 || pl >= st->prog->nplayers ? 0 : st->occ[(pl + 1) * st->nwords + w];
}

/* PICK: the whole set when that is cheap (see FK_PICKBITS): returns the
 * fork kind to push, with the elements in *bits (of word 0: pickbits_next
 * goes on to the others) or the list in *items[0, *end); 0 when set_next
 * must walk it.  The position is the same whenever the PICK resumes (its
 * fork restores it), so the elements and their order are those set_next
 * would give.  On boards of more than one word, only the sets a word of
 * which costs a few operations (the cells, the empty cells, pieces).
 * Lists: a direction set, a region, and leaps (the masks' table, in the
 * order of the directions). */
static inline __attribute__((always_inline)) int pick_start(pl_state *st, const pl_setdesc *d, uint64_t *bits,
                      const int32_t **items, int32_t *end)
{
    const pl_program *p = st->prog;
    /* not between(a, b): its elements come in order from a */
    int by_word = st->nwords == 1 ? d->kind != PL_SET_DIRS && d->kind != PL_SET_REGION &&
                                    d->kind != PL_SET_BETWEEN && d->kind != PL_SET_LEAPS
                : d->kind == PL_SET_CELLS || d->kind == PL_SET_EMPTY || d->kind == PL_SET_PIECES;
    if (by_word) {
        int ok = 1;
        *bits = set_word(st, d, 0, &ok);
        if (ok)
            return FK_PICKBITS;
        if (d->kind == PL_SET_PIECES) {   /* one kind: checked as taken */
            *bits = pick_word(st, d, 0);
            return FK_PICKBITS;
        }
    }
    if (d->kind == PL_SET_LEAPS) {
        int32_t c = st->slot[st->nslots + d->arg0];
        if (!valid_cell(p, c) || st->mover < 0 || st->mover >= p->nplayers)
            return 0;            /* set_next gives nothing */
        const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
        *items = pl_dset_leaps(m, p, d->id, st->mover, c, end);
        return FK_PICKLIST;
    }
    if (d->kind == PL_SET_DIRS || d->kind == PL_SET_REGION) {
        int pl = set_player(st, d);
        if (pl < 0 || pl >= p->nplayers)
            return 0;            /* set_next reports it */
        *items = sided(d->kind == PL_SET_DIRS ? &p->dsets : &p->regions, d->id, pl,
                       p->nplayers, end);
        return FK_PICKLIST;
    }
    return 0;
}

static int set_cells(pl_state *st, const pl_setdesc *d, uint64_t *out, int pc);

/* MASKBITS: the cells of set d within mask into the bitset at locals
 * bits.. (checked by the caller); 0 on an error (reported).  Out of line:
 * its words would burden the interpreter's frame. */
static __attribute__((noinline)) int mask_bits(pl_state *st, const pl_setdesc *d,
                                               const uint64_t *mask, int32_t bits, int pc)
{
    uint64_t cells[PL_MAX_CELLS / 64 + 1];
    if (!set_cells(st, d, cells, pc))
        return 0;
    for (int j = 0; j < pl_bits_words(st->prog->ncells); j++)
        st_write_local(st, st->nslots + bits + j,
                       (int32_t)(uint32_t)((cells[j >> 1] & mask[j >> 1]) >> (32 * (j & 1))));
    return 1;
}

/* The next element of a FK_PICKBITS set in *bits, the cells of word
 * `base` / 64 still to come, or -1. */
static inline int32_t take_bit(const pl_state *st, const pl_setdesc *d, uint64_t *bits, int base)
{
    while (*bits) {
        int32_t e = base + __builtin_ctzll(*bits);
        *bits &= *bits - 1;
        if (d->kind != PL_SET_PIECES || d->id < 0 || PL_PIECE_KIND(st->slot[e]) == d->id)
            return e;
    }
    return -1;
}

/* pickbits_next past the end of word *word, or when it has no more:
 * the later words (v: what that word gave, -1 for nothing). */
static __attribute__((noinline)) int32_t pickbits_later(pl_state *st, const pl_setdesc *d,
                                                        uint64_t *bits, int32_t *word, int32_t v)
{
    while (v < 0 && *word + 1 < st->nwords) {
        *bits = pick_word(st, d, ++*word);
        v = take_bit(st, d, bits, *word << 6);
    }
    while (*bits == 0 && *word + 1 < st->nwords)
        *bits = pick_word(st, d, ++*word);
    return v;
}

/* The next element of a FK_PICKBITS set, or -1: from *bits, the elements
 * to come of word *word, then from the later words.  Leaves *bits at the
 * next word that has some, so that 0 says none are left (the last
 * element needs no fork).  On a board of one word, take_bit alone. */
static inline int32_t pickbits_next(pl_state *st, const pl_setdesc *d, uint64_t *bits,
                                    int32_t *word)
{
    int32_t v = take_bit(st, d, bits, *word << 6);
    if (st->nwords > 1 && (v < 0 || *bits == 0))
        v = pickbits_later(st, d, bits, word, v);
    return v;
}

/* How many elements of set d have their bit in `mask` (every element
 * when mask is NULL; the others when `outside`), walking no further than
 * the `enough`-th (any/none/all need one).  -1 on an error (reported),
 * -2 when the step budget runs out: the loop it replaces would have
 * counted one step per element. */
static long count_in(pl_state *st, const pl_setdesc *d, const uint64_t *mask, int outside,
                     long enough, long *budget, int pc)
{
    const pl_program *p = st->prog;
    int ok = 1;
    long n = 0;
    for (int w = 0; w < st->nwords && ok; w++) {
        uint64_t bits = set_word(st, d, w, &ok);
        if (mask)
            bits &= outside ? ~mask[w] : mask[w];
        n += __builtin_popcountll(bits);
    }
    if (ok)
        return n;
    if (d->kind == PL_SET_RANGE && !mask) {
        int64_t lo = st->slot[st->nslots + d->arg0], hi = st->slot[st->nslots + d->arg1];
        return hi >= lo ? (long)(hi - lo + 1) : 0;
    }
    n = 0;
    int32_t cursor = -1, e;
    while (set_next(st, d, &cursor, pc, &e)) {
        if (--*budget < 0)
            return -2;
        if ((!mask || (valid_cell(p, e) && (int)(mask[e >> 6] >> (e & 63) & 1) != outside)) &&
            ++n >= enough)
            break;
    }
    return st->has_err ? -1 : n;
}

/* The cells that pass an occupancy test for the mover (OCCAGG): empty
 * (0), the mover's pieces (1), another player's pieces (2; not the
 * pieces of nobody), one word per 64 cells into mask[]. */
static inline __attribute__((always_inline)) void occupancy_mask(const pl_state *st, int test,
                                                                  uint64_t *mask)
{
    const pl_program *p = st->prog;
    int np = p->nplayers;
    for (int w = 0; w < st->nwords; w++) {
        uint64_t m = 0;
        if (test == 0) {
            int n = p->ncells - (w << 6);
            m = ~pl_occupied_word(st, np, w) & (n >= 64 ? ~0ull : (1ull << n) - 1);
        } else if (test == 1 && st->mover >= 0 && st->mover < np) {
            m = st->occ[(st->mover + 1) * st->nwords + w];
        } else if (test == 2) {
            for (int r = 0; r < np; r++)
                if (r != st->mover)
                    m |= st->occ[(r + 1) * st->nwords + w];
        }
        mask[w] = m;
    }
}

/* OCCAGG at pc over between(a, b) on a board of one word, inline (a
 * slider's `none(c in between(from, to) where ...)` at every move tried):
 * the count, or -1 where occupancy_count must answer. */
static inline __attribute__((always_inline)) long occupancy_between(pl_state *st, int pc)
{
    const pl_program *p = st->prog;
    const int32_t *code = p->code;
    const pl_setdesc *d = &p->sets[code[pc + 1]];
    const pl_masks *m = st->masks;
    if (st->nwords != 1 || d->kind != PL_SET_BETWEEN || !m || !m->between)
        return -1;
    int32_t a = st->slot[st->nslots + d->arg0], b = st->slot[st->nslots + d->arg1];
    int test = code[pc + 2], agg = code[pc + 3], outside = ((test & 4) != 0) ^ (agg == 3);
    uint64_t bits = 0, mask;
    if (valid_cell(p, a) && valid_cell(p, b) && a != b)
        bits = m->between[(size_t)a * (size_t)p->ncells + (size_t)b];
    occupancy_mask(st, test & 3, &mask);
    return __builtin_popcountll(bits & (outside ? ~mask : mask));
}

/* OCCAGG at pc: the cells of its set that pass its test (those that fail
 * it, for `all`), or count_in's -1 or -2.  Out of line: its mask would
 * burden the interpreter's frame. */
static __attribute__((noinline)) long occupancy_count(pl_state *st, int pc, long *budget)
{
    const int32_t *code = st->prog->code;
    uint64_t mask[PL_MAX_CELLS / 64];
    int test = code[pc + 2], agg = code[pc + 3], outside = ((test & 4) != 0) ^ (agg == 3);
    const pl_setdesc *d = &st->prog->sets[code[pc + 1]];
    occupancy_mask(st, test & 3, mask);
    if (st->nwords == 1) {    /* a set kept as bits: one word, no loop */
        int ok = 1;
        uint64_t bits = set_word(st, d, 0, &ok);
        if (ok)
            return __builtin_popcountll(bits & (outside ? ~mask[0] : mask[0]));
    }
    return count_in(st, d, mask, outside, agg == 0 ? LONG_MAX : 1, budget, pc);
}

static inline int owner_of(int32_t v) { return PL_PIECE_OWNER(v); }

static inline int walk_same(const pl_program *p, const int32_t *s, int32_t c, int d, int owner)
{
    int n = 0;
    if (d < 0)
        return 0;
    for (c = p->neighbor[c * p->ndirs + d]; c >= 0; c = p->neighbor[c * p->ndirs + d]) {
        if (!s[c] || owner_of(s[c]) != owner)
            break;
        n++;
    }
    return n;
}

/* walk_same on a board of one word along a direction that is a shift
 * (masks.c, ray_bits): the cells of the ray before the first that does
 * not hold a piece of the owner (whose pieces are `own`), counted at
 * once; -1 along other directions. */
static inline int walk_same_bits(const pl_masks *m, int ncells, uint64_t own, int32_t c, int d)
{
    if (d < 0 || m->dir_delta[d] == INT32_MIN)
        return -1;
    uint64_t ray = m->ray_bits[(size_t)d * (size_t)ncells + (size_t)c], stop = ray & ~own;
    if (!stop)
        return __builtin_popcountll(ray);
    if (m->dir_delta[d] > 0)      /* the ray goes up the numbers: below the first stop */
        return __builtin_popcountll(ray & ((stop & -stop) - 1));
    return __builtin_popcountll(ray & ~((2ull << (63 - __builtin_clzll(stop))) - 1));
}

/* The length of the run of the owner's pieces through cell c (theirs)
 * along direction d and its reverse. */
static inline int run_along(pl_state *st, int32_t c, int d, int owner)
{
    const pl_program *p = st->prog;
    int back = d >= 0 ? p->dir_opposite[d] : -1;
    if (st->nwords == 1 && owner < p->nplayers) {
        const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
        uint64_t own = st->occ[owner + 1];
        int ahead = walk_same_bits(m, p->ncells, own, c, d);
        int behind = back < 0 ? 0 : walk_same_bits(m, p->ncells, own, c, back);
        if (ahead >= 0 && behind >= 0)
            return 1 + ahead + behind;
    }
    return 1 + walk_same(p, st->slot, c, d, owner) + walk_same(p, st->slot, c, back, owner);
}

static int line_count(const pl_program *p, const int32_t *s, int32_t c, int d)
{
    int n = s[c] != 0;
    for (int32_t t = p->neighbor[c * p->ndirs + d]; t >= 0; t = p->neighbor[t * p->ndirs + d])
        n += s[t] != 0;
    int o = p->dir_opposite[d];
    if (o >= 0)
        for (int32_t t = p->neighbor[c * p->ndirs + o]; t >= 0; t = p->neighbor[t * p->ndirs + o])
            n += s[t] != 0;
    return n;
}

/* line_count on a board of one word: the pieces of any player (or of
 * nobody) on the cells of the line (masks.c, tabulate_line_through). */
static inline int line_count_by_bits(pl_state *st, int32_t c, int d)
{
    const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
    return __builtin_popcountll(pl_occupied_word(st, st->prog->nplayers, 0) &
                                m->line_through[(size_t)d * (size_t)st->prog->ncells + (size_t)c]);
}

/* run_through past its first test: the walk along each direction. */
static __attribute__((noinline)) int run_walk(pl_state *st, int32_t c, int dset)
{
    const pl_program *p = st->prog;
    if (st->nwords == 1 && !st->masks)
        pl_masks_of(st);      /* for run_through's test from now on */
    const int32_t *s = st->slot;
    int owner = owner_of(s[c]), n, best = 0;
    const int32_t *dirs = sided(&p->dsets, dset, st->mover, p->nplayers, &n);
    for (int i = 0; i < n; i++) {
        int len = run_along(st, c, dirs[i], owner);
        if (len > best)
            best = len;
    }
    return best;
}

/* run(c, dset): 0 on an empty cell; on a board of one word, 1 without a
 * walk when no neighbour of c along the set's directions or their
 * reverses holds a piece of c's owner (the masks' line_neighbors), the
 * common case of a placement.  Inlined: the test is cheaper than a call. */
static inline int run_through(pl_state *st, int32_t c, int dset)
{
    const pl_program *p = st->prog;
    const int32_t *s = st->slot;
    if (!valid_cell(p, c) || !s[c])
        return 0;
    int owner = owner_of(s[c]), k = dset * p->nplayers + st->mover;
    if (st->nwords == 1 && st->masks && owner < p->nplayers &&
        p->dsets.offset[k + 1] > p->dsets.offset[k] &&
        /* pl_dset_line_neighbors(masks, p, dset, mover)[c], its index from
           k (the accessor, which recomputes it, cost a row-forming game's perft 0.7 %) */
        !(st->masks->line_neighbors[(size_t)k * (size_t)p->ncells + (size_t)c] &
          st->occ[owner + 1]))
        return 1;
    return run_walk(st, c, dset);
}

/* out := the cells c of `valid` whose c + delta is in `in` (nwords words):
 * `in` shifted by delta cells toward the lower numbers.  Inlined: a call
 * per direction cost has_run 1.5 % of a placement game's ply. */
static inline __attribute__((always_inline)) void shift_cells(const uint64_t *in, int32_t delta,
                                                               const uint64_t *valid,
                                                               uint64_t *out, int nwords)
{
    int words = (delta < 0 ? -delta : delta) >> 6, bits = (delta < 0 ? -delta : delta) & 63;
    for (int w = 0; w < nwords; w++) {
        uint64_t v = 0;
        if (delta > 0) {        /* bit c of out is bit c + delta of in */
            int from = w + words;
            if (from < nwords)
                v = in[from] >> bits;
            if (bits && from + 1 < nwords)
                v |= in[from + 1] << (64 - bits);
        } else {                /* bit c of out is bit c - |delta| of in */
            int from = w - words;
            if (from >= 0)
                v = in[from] << bits;
            if (bits && from - 1 >= 0)
                v |= in[from - 1] >> (64 - bits);
        }
        out[w] = v & valid[w];
    }
}

/* has_run_by_bits on a board of one word: a shift per step, no loop
 * over words (a 3 x 3 board's end rule spent half its time in the scan
 * by cells this replaces). */
static int has_run_in_word(const pl_masks *m, uint64_t own, int len, const int32_t *dirs, int n)
{
    if (!own || len <= 1)
        return own != 0;
    if (__builtin_popcountll(own) < len)
        return 0;       /* too few pieces for a run, whatever the directions */
    for (int i = 0; i < n; i++) {
        int32_t delta = m->dir_delta[dirs[i]];
        if (delta == INT32_MIN)
            return -1;  /* (a run found before it is one all the same) */
        uint64_t valid = m->dir_valid[dirs[i]], run = own;
        for (int k = 1; k < len && run; k++)
            run = (delta > 0 ? run >> delta : run << -delta) & valid & own;
        if (run)
            return 1;
    }
    return 0;
}

/* has_run by bits, where every direction of the set is a uniform step
 * (masks.c, dir_delta): the cells that start a run of k + 1 along d are
 * the player's cells whose neighbour along d starts a run of k.  -1 when
 * a direction is not such a step. */
static int has_run_by_bits(pl_state *st, int player, int len, const int32_t *dirs, int n)
{
    const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
    int nw = st->nwords;
    const uint64_t *own = st->occ + (size_t)(player + 1) * (size_t)nw;
    uint64_t run[PL_MAX_CELLS / 64 + 1], next[PL_MAX_CELLS / 64 + 1], pieces = 0;
    if (nw == 1)
        return has_run_in_word(m, own[0], len, dirs, n);
    for (int i = 0; i < n; i++)
        if (m->dir_delta[dirs[i]] == INT32_MIN)
            return -1;
    for (int w = 0; w < nw; w++)
        pieces |= own[w];
    if (!pieces || len <= 1)
        return pieces != 0;
    for (int i = 0; i < n; i++) {
        const uint64_t *valid = m->dir_valid + (size_t)dirs[i] * (size_t)nw;
        uint64_t left = 1;      /* some run of k still goes on */
        memcpy(run, own, (size_t)nw * sizeof *run);
        for (int k = 1; k < len && left; k++) {
            shift_cells(run, m->dir_delta[dirs[i]], valid, next, nw);
            left = 0;
            for (int w = 0; w < nw; w++)
                left |= run[w] = next[w] & own[w];
        }
        if (left)
            return 1;
    }
    return 0;
}

static int has_run(pl_state *st, int player, int len, int dset)
{
    const pl_program *p = st->prog;
    const int32_t *s = st->slot;
    int n;
    const int32_t *dirs = sided(&p->dsets, dset, st->mover, p->nplayers, &n);
    if (player >= 0) {
        int by_bits = has_run_by_bits(st, player, len, dirs, n);
        if (by_bits >= 0)
            return by_bits;
    }
    for (int c = 0; c < p->ncells; c++) {
        if (!s[c] || owner_of(s[c]) != player)
            continue;
        for (int i = 0; i < n; i++)
            if (1 + walk_same(p, s, c, dirs[i], player) >= len)
                return 1;
    }
    return 0;
}

/* What joins cells into one group: the same owner, or both empty. */
static inline int contents_class(int32_t v) { return v ? owner_of(v) : -2; }

/* The group of cell c: a breadth-first walk through the cells of the same
 * contents along `dirs`, marked in st->seen (which the caller cleared) and
 * listed in st->queue; returns how many. */
static int flood(pl_state *st, int32_t c, const int32_t *dirs, int n)
{
    const pl_program *p = st->prog;
    const int32_t *s = st->slot;
    int cls = contents_class(s[c]), head = 0, tail = 0;
    st->queue[tail++] = c;
    st->seen[c] = 1;
    while (head < tail) {
        int32_t x = st->queue[head++];
        for (int i = 0; i < n; i++) {
            int32_t y = p->neighbor[x * p->ndirs + dirs[i]];
            if (y >= 0 && !st->seen[y] && contents_class(s[y]) == cls) {
                st->seen[y] = 1;
                st->queue[tail++] = y;
            }
        }
    }
    return tail;
}

/* groups() on a board of one word: flood fills by bits over the
 * neighbour masks of the direction set (masks.c), `most` of them at
 * most: pieces left after those, the answer is `most` + 1 (groups_upto). */
static int groups_bits(pl_state *st, int player, int dset, int most)
{
    const pl_masks *mk = st->masks ? st->masks : pl_masks_of(st);
    const uint64_t *nbr = pl_dset_neighbors(mk, st->prog, dset, st->mover);
    uint64_t left = st->occ[player + 1];
    int side = mk->unsided[dset] ? 0 : st->mover;
    pl_groups_kept *kept = &st->groups_of[player];
    if (kept->count >= 0 && kept->pieces == left && kept->dset == dset && kept->side == side) {
        if (kept->exact)
            return kept->count <= most ? kept->count : most + 1;
        if (kept->count >= most)        /* more than that many */
            return most + 1;
    }
    kept->pieces = left;
    kept->dset = dset;
    kept->side = side;
    int count = 0;
    while (left && count < most) {
        /* breadth first, a ring at a time: the neighbours of a ring's cells
           are loaded independently of each other */
        uint64_t group = left & -left, frontier = group;
        while (frontier) {
            uint64_t more = 0;
            for (uint64_t f = frontier; f; f &= f - 1)
                more |= nbr[__builtin_ctzll(f)];
            frontier = more & left & ~group;
            group |= frontier;
        }
        left &= ~group;
        count++;
    }
    kept->count = count;
    kept->exact = left == 0;
    return left ? most + 1 : count;
}

/* The number of groups of `player`'s pieces connected along the set's
 * directions, or `most` + 1 when there are more than `most`: a test of
 * groups(P, D) == k floods k groups at most. */
static int groups_upto(pl_state *st, int player, int dset, int most)
{
    if (st->nwords == 1 && player >= 0 && player < st->prog->nplayers &&
        st->mover >= 0 && st->mover < st->prog->nplayers)
        return groups_bits(st, player, dset, most);
    const pl_program *p = st->prog;
    const int32_t *s = st->slot;
    int n, count = 0;
    const int32_t *dirs = sided(&p->dsets, dset, st->mover, p->nplayers, &n);
    memset(st->seen, 0, (size_t)p->ncells);
    for (int c = 0; c < p->ncells; c++) {
        if (!s[c] || owner_of(s[c]) != player || st->seen[c])
            continue;
        if (count == most)
            return most + 1;
        count++;
        flood(st, c, dirs, n);
    }
    return count;
}

static int groups(pl_state *st, int player, int dset)
{
    return groups_upto(st, player, dset, INT32_MAX - 1);
}

/* ---------------------------------------------------------------------- */
/* group(c, D) and border(c, D) */

/* Fill st->grp with the cells of set d (GROUP or BORDER), from the group
 * of its cell (flood). */
static void group_fill(pl_state *st, const pl_setdesc *d, int32_t c)
{
    const pl_program *p = st->prog;
    memset(st->grp, 0, (size_t)st->nwords * sizeof(uint64_t));
    if (!valid_cell(p, c))
        return;
    int n;
    const int32_t *dirs = sided(&p->dsets, d->id, st->mover, p->nplayers, &n);
    memset(st->seen, 0, (size_t)p->ncells);
    int size = flood(st, c, dirs, n);
    for (int i = 0; i < size; i++) {
        int32_t x = st->queue[i];
        if (d->kind == PL_SET_GROUP) {
            st->grp[x >> 6] |= 1ull << (x & 63);
            continue;
        }
        for (int k = 0; k < n; k++) {
            int32_t y = p->neighbor[x * p->ndirs + dirs[k]];
            if (y >= 0 && !st->seen[y])
                st->grp[y >> 6] |= 1ull << (y & 63);
        }
    }
}

/* The cells of set d (GROUP or BORDER) as a bitset of nwords words, kept
 * for as long as the position and the set's arguments stay the same: a
 * PICK resumed over a group, or a count after it, finds it made. */
static const uint64_t *group_set(pl_state *st, const pl_setdesc *d)
{
    int32_t c = st->slot[st->nslots + d->arg0];
    if (!st->grp_valid || st->grp_hash != st->hash || st->grp_cell != c ||
        st->grp_dset != d->id || st->grp_kind != d->kind || st->grp_mover != st->mover) {
        group_fill(st, d, c);
        st->grp_valid = 1;
        st->grp_hash = st->hash;
        st->grp_cell = c;
        st->grp_dset = d->id;
        st->grp_kind = d->kind;
        st->grp_mover = st->mover;
    }
    return st->grp;
}

/* ---------------------------------------------------------------------- */
/* set algebra: union(A, B), inter(A, B), minus(A, B), neighbors(S, D) */

/* What an algebra set was last computed for: the position (its hash),
 * the mover and the values of the locals its operands read (`slot`, the
 * list found once by a walk of its tree).  More locals than ALG_KEYS:
 * never kept. */
enum { ALG_KEYS = 16 };
struct pl_alg_key {
    uint64_t hash;
    int32_t mover, valid, n;
    int32_t slot[ALG_KEYS];
    int32_t val[ALG_KEYS];
};

static int is_alg(int kind)
{
    return kind == PL_SET_UNION || kind == PL_SET_INTER || kind == PL_SET_MINUS ||
           kind == PL_SET_AROUND || kind == PL_SET_GROUPS;
}

/* The locals the tree of set i reads, appended to key->slot (key->n past
 * ALG_KEYS: too many to keep). */
static void alg_slots_of(const pl_program *p, int i, struct pl_alg_key *key)
{
    const pl_setdesc *d = &p->sets[i];
    const pl_setkind_info *k = &pl_setkind_table[d->kind];
    const int32_t args[3] = {d->arg0, d->arg1, d->player};
    if (k->args == PL_SETARGS_FILTER) {   /* its cells are its bitset's locals */
        for (int w = 0; w < pl_bits_words(p->ncells); w++, key->n++)
            if (key->n < ALG_KEYS)
                key->slot[key->n] = d->arg1 + w;
        return;
    }
    for (int a = 0; a < 3; a++) {
        if (args[a] < 0)
            continue;
        if (a < 2 && k->args == PL_SETARGS_SETS) {
            alg_slots_of(p, args[a], key);
            continue;
        }
        if (key->n < ALG_KEYS)
            key->slot[key->n] = args[a];
        key->n++;
    }
}

/* The cells of set d (a set of cells) into out[0, nwords): 0 on an
 * error (reported). */
static int set_cells(pl_state *st, const pl_setdesc *d, uint64_t *out, int pc)
{
    const pl_program *p = st->prog;
    if (pl_setkind_table[d->kind].element != PL_SETELEM_CELL) {
        vm_error(st, pc, "set %d is not a set of cells", set_index(st, d));
        return 0;
    }
    int ok = 1;
    for (int w = 0; w < st->nwords && ok; w++)
        out[w] = set_word(st, d, w, &ok);
    if (ok)
        return !st->has_err;
    memset(out, 0, (size_t)st->nwords * sizeof *out);
    int32_t cursor = -1, e;
    while (set_next(st, d, &cursor, pc, &e))
        if (valid_cell(p, e))
            out[e >> 6] |= 1ull << (e & 63);
    return !st->has_err;
}

/* The cells of set i (any set of cells) into row i of st->alg. */
static const uint64_t *cell_bits(pl_state *st, int i)
{
    const pl_setdesc *d = &st->prog->sets[i];
    if (is_alg(d->kind))
        return alg_set(st, d);
    uint64_t *out = st->alg + (size_t)i * (size_t)st->nwords;
    set_cells(st, d, out, -1);
    return out;
}

/* The cells of an algebra set as a bitset of nwords words, kept while the
 * position, the mover and the locals its operands read stay the same (a
 * PICK resumed over it, a count after it, finds it made). */
static const uint64_t *alg_set(pl_state *st, const pl_setdesc *d)
{
    const pl_program *p = st->prog;
    int i = set_index(st, d), nw = st->nwords;
    if (!st->alg) {
        st->alg = pl_calloc((size_t)p->nsets * (size_t)nw + 1, sizeof *st->alg);
        st->alg_key = pl_calloc((size_t)p->nsets + 1, sizeof *st->alg_key);
        for (int k = 0; k < p->nsets; k++)
            if (is_alg(p->sets[k].kind))
                alg_slots_of(p, k, &st->alg_key[k]);
    }
    uint64_t *out = st->alg + (size_t)i * (size_t)nw;
    struct pl_alg_key *kept = &st->alg_key[i];
    const int32_t *locals = st->slot + st->nslots;
    if (kept->valid && kept->hash == st->hash && kept->mover == st->mover) {
        int same = 1;
        for (int k = 0; k < kept->n && same; k++)
            same = kept->val[k] == locals[kept->slot[k]];
        if (same)
            return out;
    }
    kept->valid = 0;
    if (d->kind == PL_SET_AROUND) {
        const uint64_t *a = cell_bits(st, d->arg0);
        uint64_t grown[PL_MAX_CELLS / 64 + 1] = {0};
        int n;
        const int32_t *dirs = sided(&p->dsets, d->id, st->mover, p->nplayers, &n);
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = a[w]; bits; bits &= bits - 1) {
                int32_t x = (w << 6) + __builtin_ctzll(bits);
                for (int k = 0; k < n; k++) {
                    int32_t y = p->neighbor[x * p->ndirs + dirs[k]];
                    if (y >= 0)
                        grown[y >> 6] |= 1ull << (y & 63);
                }
            }
        for (int w = 0; w < nw; w++)
            out[w] = grown[w] & ~a[w];
    } else if (d->kind == PL_SET_GROUPS) {
        const uint64_t *a = cell_bits(st, d->arg0);
        uint64_t all[PL_MAX_CELLS / 64 + 1] = {0};
        int n;
        const int32_t *dirs = sided(&p->dsets, d->id, st->mover, p->nplayers, &n);
        memset(st->seen, 0, (size_t)p->ncells);
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = a[w]; bits; bits &= bits - 1) {
                int32_t x = (w << 6) + __builtin_ctzll(bits);
                if (st->seen[x])
                    continue;
                int size = flood(st, x, dirs, n);
                for (int k = 0; k < size; k++)
                    all[st->queue[k] >> 6] |= 1ull << (st->queue[k] & 63);
            }
        memcpy(out, all, (size_t)nw * sizeof *out);
    } else {
        /* the first operand's row may be overwritten by the second's
           computation only if they are one set: then both are the same */
        uint64_t first[PL_MAX_CELLS / 64 + 1];
        memcpy(first, cell_bits(st, d->arg0), (size_t)nw * sizeof *first);
        const uint64_t *b = cell_bits(st, d->arg1);
        for (int w = 0; w < nw; w++)
            out[w] = d->kind == PL_SET_UNION ? first[w] | b[w]
                   : d->kind == PL_SET_INTER ? first[w] & b[w] : first[w] & ~b[w];
    }
    if (kept->n <= ALG_KEYS && !st->has_err) {
        kept->valid = 1;
        kept->hash = st->hash;
        kept->mover = st->mover;
        for (int k = 0; k < kept->n; k++)
            kept->val[k] = locals[kept->slot[k]];
    }
    return out;
}

static int repeated(pl_state *st)
{
    return pl_state_repetitions(st, st->hash);
}

/* ---------------------------------------------------------------------- */
/* recording a move */

/* Move idx's entry k in the text set. */
static inline void seen_store(pl_movelist *ml, size_t k, uint64_t h, int idx)
{
    ml->seen[k] = (h << 24) | (uint64_t)(idx + 1);
    ml->seen_at[idx] = (uint32_t)k;
}

static void seen_put(pl_movelist *ml, uint64_t h, int idx)
{
    size_t mask = (size_t)ml->seen_cap - 1, k = (size_t)h & mask;
    while (ml->seen[k])
        k = (k + 1) & mask;
    seen_store(ml, k, h, idx);
}

static void seen_rehash(pl_movelist *ml)
{
    int cap = ml->seen_cap ? ml->seen_cap * 2 : 256;
    free(ml->seen);
    free(ml->seen_at);
    ml->seen = pl_calloc((size_t)cap, sizeof *ml->seen);
    ml->seen_at = pl_calloc((size_t)cap / 2, sizeof *ml->seen_at);
    ml->seen_cap = cap;
    for (int i = 0; i < ml->count; i++) {
        const pl_move *m = &ml->moves[i];
        seen_put(ml, pl_hash_bytes_nocase(PL_FNV_OFFSET, ml->text + m->text_off,
                                          (size_t)m->text_len), i);
    }
    ml->seen_n = ml->count;
}

/* Returns 1 if the text is new (and remembers it as move `idx`), else 0
 * with the move that has it in *existing. */
static int seen_insert(pl_movelist *ml, const char *text, int len, int idx, int *existing)
{
    if ((ml->count + 1) * 2 > ml->seen_cap)
        seen_rehash(ml);
    for (; ml->seen_n < ml->count; ml->seen_n++) {   /* the first move, kept out */
        const pl_move *m = &ml->moves[ml->seen_n];
        seen_put(ml, pl_hash_bytes_nocase(PL_FNV_OFFSET, ml->text + m->text_off,
                                          (size_t)m->text_len), ml->seen_n);
    }
    uint64_t h = pl_hash_bytes_nocase(PL_FNV_OFFSET, text, (size_t)len);
    size_t mask = (size_t)ml->seen_cap - 1, k = (size_t)h & mask;
    while (ml->seen[k]) {
        uint64_t e = ml->seen[k];
        if ((e >> 24) == (h & ((1ull << 40) - 1))) {
            const pl_move *m = &ml->moves[(e & 0xffffff) - 1];
            if (m->text_len == len && strncasecmp(ml->text + m->text_off, text, (size_t)len) == 0) {
                *existing = (int)(e & 0xffffff) - 1;
                return 0;
            }
        }
        k = (k + 1) & mask;
    }
    seen_store(ml, k, h, idx);
    ml->seen_n = idx + 1;
    return 1;
}

/* Legal moves of one position at most (the move list's index has 24 bits;
 * a million moves is already far beyond any game's). */
enum { VM_MAX_MOVES = 1 << 20 };
_Static_assert(VM_MAX_MOVES < (1 << 24), "seen[] keeps index + 1 in its low 24 bits");

/* The limits of full generation, whose errors record_error words: a list
 * with no room for another move of text length len; the moves the
 * reservoir has seen (as many as a full list); what the way adds to the
 * recorded units (its text and writes) and whether the budget holds it. */
static inline int list_full(const pl_movelist *ml, int len)
{
    return ml->count >= VM_MAX_MOVES || ml->text_len > VM_MAX_LIST_TEXT - len - 1;
}
static inline int keep_full(const pl_state *st, int len)
{
    return st->keep_n >= VM_MAX_MOVES || st->keep_text > VM_MAX_LIST_TEXT - len - 1;
}
static inline long way_units(const pl_state *st, int len)
{
    return len + (st->ntrail - st->gen_trail + st->pw_len) / 2;
}
static inline int over_units(const pl_state *st, long units)
{
    return units > st->step_budget * VM_RECORD_UNITS_PER_STEP;
}

/* Inlined: called out of line, it changed how the compiler keeps
 * pl_vm_run's registers, 2 to 3 % more instructions per move (callgrind). */
static inline __attribute__((always_inline)) void record_error(pl_state *st, int pc)
{
    int moves = st->keep_rng ? st->keep_n : st->out->count;
    if (over_units(st, st->recorded_units))
        vm_error(st, pc, "the move program ran too long (its moves, %ld bytes of text and "
                 "writes, more than %d per step of its budget of %ld): a runaway loop?",
                 st->recorded_units, VM_RECORD_UNITS_PER_STEP, st->step_budget);
    else if (moves >= VM_MAX_MOVES)
        vm_error(st, pc, "too many legal moves in one position (at most %d)", VM_MAX_MOVES);
    else
        vm_error(st, pc, "the texts of one position's moves take more than %d bytes",
                 VM_MAX_LIST_TEXT);
}

/* Add (idx, v) to the effects of move m. */
static inline void list_write(pl_movelist *ml, pl_move *m, int32_t idx, int32_t v)
{
    PL_GROW(ml->writes, ml->writes_cap, ml->nwrites + 2);
    ml->writes[ml->nwrites++] = idx;
    ml->writes[ml->nwrites++] = v;
    m->nwrites++;
}

/* The commonest way's effects: no write on the board since generation
 * began and at most `most` path writes, each to a slot of its own (a few
 * comparisons tell).  Its effects are then those writes that change
 * their slot, in order (list_own_writes), with no marks to keep. */
enum { FEW_WRITES = 4 };
static inline __attribute__((always_inline)) int own_writes(const pl_state *st, int most)
{
    int n = st->pw_len / 2;
    const int32_t *pw = st->pw;
    if (st->ntrail != st->gen_trail || n > most)
        return 0;
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            if (pw[2 * i] == pw[2 * j])
                return 0;
    return 1;
}
static inline __attribute__((always_inline)) void list_own_writes(pl_state *st, pl_movelist *ml,
                                                                 pl_move *m)
{
    int n = st->pw_len / 2;
    const int32_t *pw = st->pw;
    PL_GROW(ml->writes, ml->writes_cap, ml->nwrites + 2 * n);
    for (int i = 0; i < n; i++)
        if (pw[2 * i + 1] != st->slot[pw[2 * i]]) {
            ml->writes[ml->nwrites++] = pw[2 * i];
            ml->writes[ml->nwrites++] = pw[2 * i + 1];
            m->nwrites++;
        }
}

/* The effects of the way being recorded: each slot it changed, once, with
 * its final value, in the order the way first changed them.  The trail
 * since generation began holds the writes made on the board; the path's
 * writes (st->pw) come after them all, and the last of a slot's is its
 * value.  `written` keeps this linear however many slots the way writes:
 * mark, a path write gives the slot's value (pw_final); mark + 1, the
 * board does (a path write set it back to the board's value); mark + 2,
 * listed. */
static inline __attribute__((always_inline)) void record_writes(pl_state *st, pl_movelist *ml,
                                                               pl_move *m)
{
    if (own_writes(st, FEW_WRITES)) {
        list_own_writes(st, ml, m);
        return;
    }
    int32_t nslots = st->nslots;
    uint32_t *written = st->written;
    st->written_mark += 3;
    if (st->written_mark < 3) {        /* wrapped: forget every old mark */
        memset(written, 0, (size_t)nslots * sizeof *written);
        st->written_mark = 3;
    }
    uint32_t mark = st->written_mark;
    for (int i = st->pw_len - 2; i >= 0; i -= 2) {
        int32_t idx = st->pw[i], v = st->pw[i + 1];
        if (written[idx] == mark || written[idx] == mark + 1)
            continue;
        written[idx] = v == st->slot[idx] ? mark + 1 : mark;
        st->pw_final[idx] = v;
    }
    for (int i = st->gen_trail; i < st->ntrail; i += 2) {
        int32_t idx = st->trail[i];
        if (idx >= nslots || written[idx] == mark + 2)
            continue;
        int32_t v = written[idx] == mark ? st->pw_final[idx] : st->slot[idx];
        if (v == st->trail[i + 1])
            continue;
        written[idx] = mark + 2;
        list_write(ml, m, idx, v);
    }
    for (int i = 0; i < st->pw_len; i += 2) {
        int32_t idx = st->pw[i];
        if (written[idx] == mark) {
            written[idx] = mark + 2;
            list_write(ml, m, idx, st->pw_final[idx]);
        }
    }
}

/* Reservoir sampling (st->keep_rng): whether the move being recorded, a
 * new one of text length len, replaces the one kept so far.  The caller
 * checked the limits (keep_move). */
static inline int keep_draw(pl_state *st, int len)
{
    st->keep_n++;
    st->keep_text += len + 1;
    return st->keep_n == 1 || pl_rng_word_below(st->keep_rng, (uint32_t)st->keep_n) == 0;
}

/* keep_draw, or -1 past the limits of full generation. */
static int keep_move(pl_state *st, int len)
{
    if (keep_full(st, len))
        return -1;
    return keep_draw(st, len);
}

/* record_move for the commonest way of a generation whose texts are proven
 * distinct (no check for repeated texts) and that keeps every move: a
 * short text, no write on the board since generation began, and at most
 * two path writes to different slots.  1 when it recorded the move; 0
 * when the way is not such a way (or a limit is near), and record_move
 * does it all. */
static inline __attribute__((always_inline)) int record_lean(pl_state *st)
{
    pl_movelist *ml = st->out;
    int len = st->text_len, npw = st->pw_len / 2;
    if (!own_writes(st, 2) || len > 16 || (st->is_pass && len == 0) || st->text_cap < 16 ||
        ml->count >= ml->cap || ml->count >= VM_MAX_MOVES ||
        ml->text_cap - ml->text_len <= 17 + len || ml->text_len > VM_MAX_LIST_TEXT - 17 ||
        ml->writes_cap - ml->nwrites < 4)
        return 0;
    if (over_units(st, st->recorded_units + len + npw))
        return 0;                         /* record_move counts them and fails */
    st->recorded_units += len + npw;
    pl_move *m = &ml->moves[ml->count++];
    m->text_off = ml->text_len;
    m->text_len = len;
    memcpy(ml->text + ml->text_len, st->text, 16);
    ml->text_len += len;
    ml->text[ml->text_len++] = 0;
    m->is_pass = (uint8_t)st->is_pass;
    m->write_off = ml->nwrites;
    m->nwrites = 0;
    list_own_writes(st, ml, m);
    return 1;
}

/* The text of the way being followed ("pass" for a pass without text). */
static const char *way_text(const pl_state *st, int *len)
{
    *len = st->text_len;
    if (st->is_pass && st->text_len == 0) {
        *len = 4;
        return "pass";
    }
    return st->text ? st->text : "";
}

/* The reservoir's draw for a move of a generation that keeps one and
 * whose texts are proven distinct, before anything of it is recorded: 0,
 * passed over (most moves: nothing more to do); 1, kept (list_kept lists
 * it); -1 near a limit, where record_move does it all and says why.  It
 * counts the move's units as record_move would. */
static int keep_lean_draw(pl_state *st)
{
    int len;
    way_text(st, &len);
    long units = st->recorded_units + way_units(st, len);
    if (list_full(st->out, len) || over_units(st, units) || keep_full(st, len))
        return -1;
    st->recorded_units = units;
    return keep_draw(st, len);
}

/* Append the way's move to the list: its text, and its effects when
 * `effects` (a move only listed for its text, which a later way may
 * repeat, needs none). */
static inline __attribute__((always_inline)) void list_move(pl_state *st, pl_movelist *ml,
                                                           const char *text, int len, int effects)
{
    PL_GROW(ml->moves, ml->cap, ml->count + 1);
    PL_GROW(ml->text, ml->text_cap, ml->text_len + len + 17);   /* 16 more: see below */
    pl_move *m = &ml->moves[ml->count++];
    m->text_off = ml->text_len;
    m->text_len = len;
    if (len <= 16 && text == st->text && st->text_cap >= 16 && ml->text_cap - ml->text_len > 16) {
        /* a short text, as two words (both buffers have room) */
        memcpy(ml->text + ml->text_len, text, 16);
    } else if (len) {
        memcpy(ml->text + ml->text_len, text, (size_t)len);
    }
    ml->text_len += len;
    ml->text[ml->text_len++] = 0;
    m->is_pass = (uint8_t)st->is_pass;
    m->write_off = ml->nwrites;
    m->nwrites = 0;
    if (effects)
        record_writes(st, ml, m);
}

/* A move keep_lean_draw kept: it replaces the one kept before, alone in
 * the list, as record_move does for texts proven distinct. */
static void list_kept(pl_state *st)
{
    pl_movelist *ml = st->out;
    int len;
    const char *text = way_text(st, &len);
    ml->count = ml->text_len = 0;
    ml->nwrites = 0;
    st->keep_idx = 0;
    list_move(st, ml, text, len, 1);
}

static int record_move(pl_state *st)
{
    pl_movelist *ml = st->out;
    int len;
    const char *text = way_text(st, &len);
    if (list_full(ml, len))
        return -1;
    /* the work below grows with the way: its text and its trail */
    st->recorded_units += way_units(st, len);
    if (over_units(st, st->recorded_units))
        return -1;
    int existing = -1;
    /* The first move of a list cannot repeat one: it enters the text set
       only when a second comes (so a sampled move never does); nor can any
       where the texts are proven distinct (but when the test of hash
       collisions wants every text in the set). */
    int distinct = st->distinct_texts == 2 && !pl_vm_collision_check;
    /* proven on condition (distinct_texts 3): no check while the run meets
       the condition; once it does not (vm_fork resume, RAY), the check
       catches up with the moves listed so far (seen_insert) */
    int proven = distinct || (st->distinct_texts == 3 && !st->unproven && !pl_vm_collision_check);
    if (ml->count > 0 && !proven && !seen_insert(ml, text, len, ml->count, &existing)) {
        if (pl_vm_collision_check)
            pl_vm_note_collision(st, existing, text, len);
        return 0;
    }
    int keep = 1;
    if (st->keep_rng) {
        keep = keep_move(st, len);
        if (keep < 0)
            return -1;
        if (distinct) {       /* no later text can repeat: list the kept one only */
            if (!keep)
                return 0;
            ml->count = ml->text_len = 0;
        }
        if (keep) {
            ml->nwrites = 0;
            st->keep_idx = ml->count;
        }
    }
    list_move(st, ml, text, len, keep);
    return 0;
}

/* ---------------------------------------------------------------------- */
/* random ways (VM_SAMPLE) and counting the ways of one text (VM_COUNT);
 * sample.c explains why this gives every legal move the same chance */

/* A uniform index in [0, k), k > 0; a choice of one draws nothing. */
static inline __attribute__((always_inline)) int sample_below(pl_state *st, int k)
{
    return k == 1 ? 0 : (int)pl_rng_word_below(st->rng, (uint32_t)k);
}

/* The bits of a PICK over all pieces of a player or over the empty cells
 * (word w); 0 and *ok = 0 for other sets. */
static uint64_t pick_bits(const pl_state *st, const pl_setdesc *d, int w, int *ok)
{
    int np = st->prog->nplayers;
    if (d->kind == PL_SET_PIECES && d->id < 0) {
        int pl = set_player((pl_state *)st, d);
        if (pl < -1 || pl >= np)
            return 0;
        return st->occ[(pl + 1) * st->nwords + w];
    }
    if (d->kind == PL_SET_EMPTY) {
        int base = w << 6, n = st->prog->ncells - base;
        return ~pl_occupied_word(st, np, w) & (n >= 64 ? ~0ull : (1ull << n) - 1);
    }
    *ok = 0;
    return 0;
}

/* The position of the i-th set bit of `bits` (i below its popcount),
 * without a branch (a loop over the bits mispredicts its exit, the index
 * being random): the byte that holds it, from the bytes' running counts
 * (compared with i all at once, a byte each), then its bit in that
 * byte, the same way. */
static inline __attribute__((always_inline)) int select_bit(uint64_t bits, int i)
{
    const uint64_t ones8 = 0x0101010101010101ull, high8 = 0x8080808080808080ull;
    uint64_t s = bits - ((bits >> 1) & 0x5555555555555555ull);
    s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
    s = (s + (s >> 4)) & 0x0f0f0f0f0f0f0f0full;
    uint64_t upto = s * ones8;                /* byte j: the bits of bytes 0..j */
    int byte = __builtin_popcountll(((((uint64_t)i * ones8) | high8) - upto) & high8);
    int rank = i - (int)(((upto << 8) >> (8 * byte)) & 0xFF);
    uint64_t b = (bits >> (8 * byte)) & 0xFF;
    /* byte j of `each`: bit j of b, as 0 or 1 */
    uint64_t each = ((((b * ones8) & 0x8040201008040201ull) + 0x7F7F7F7F7F7F7F7Full) >> 7) & ones8;
    return 8 * byte + __builtin_popcountll(((((uint64_t)rank * ones8) | high8) - each * ones8) & high8);
}

/* PICK in VM_SAMPLE over a bitset: count the bits, take the i-th.  The
 * pieces of one player are a row of the occupancy bitsets, read in place
 * (one word on boards up to 64 cells); -1 for sets not kept as bitsets.
 * *size: the number of elements it chose among. */
static int sample_bits(pl_state *st, const pl_setdesc *d, int32_t *out, int *size)
{
    int ok = 1, k = 0, nw = st->nwords;
    if (d->kind == PL_SET_PIECES && d->id < 0) {
        int pl = set_player(st, d);
        if (pl < -1 || pl >= st->prog->nplayers)
            return 0;
        const uint64_t *row = st->occ + (pl + 1) * nw;
        for (int w = 0; w < nw; w++)
            k += __builtin_popcountll(row[w]);
        if (k == 0)
            return 0;
        int i = sample_below(st, k);
        for (int w = 0;; w++) {
            int n = __builtin_popcountll(row[w]);
            if (i < n) {
                *out = (w << 6) + select_bit(row[w], i);
                *size = k;
                st->weight *= k;
                return 1;
            }
            i -= n;
        }
    }
    if (d->kind != PL_SET_EMPTY)
        return -1;
    for (int w = 0; w < nw && ok; w++)
        k += __builtin_popcountll(pick_bits(st, d, w, &ok));
    if (k == 0)
        return 0;
    int i = sample_below(st, k);
    for (int w = 0;; w++) {
        uint64_t bits = pick_bits(st, d, w, &ok);
        int n = __builtin_popcountll(bits);
        if (i < n) {
            *out = (w << 6) + select_bit(bits, i);
            *size = k;
            st->weight *= k;
            return 1;
        }
        i -= n;
    }
}

/* PICK in VM_SAMPLE: one element of the set, each with the same chance;
 * the way's weight grows by the number of elements.  0: the set is empty. */
static int sample_pick(pl_state *st, const int32_t *code, int pc)
{
    const pl_setdesc *d = &st->prog->sets[code[pc + 1]];
    int32_t *local = &st->slot[st->nslots + code[pc + 2]];
    int size = 0;
    int r = sample_bits(st, d, local, &size);
    if (r > 0 && size > 1 && st->single && st->single[pc])
        st->unproven = 1;     /* two elements or more: see distinct.c */
    if (r >= 0)
        return r;
    if ((d->kind == PL_SET_DIRS || d->kind == PL_SET_REGION) && d->player < 0) {
        int n;   /* a list of the mover's side: take its i-th item */
        const pl_program *p = st->prog;
        const int32_t *items = sided(d->kind == PL_SET_DIRS ? &p->dsets : &p->regions, d->id,
                                     st->mover, p->nplayers, &n);
        if (n == 0)
            return 0;
        *local = items[sample_below(st, n)];
        st->weight *= n;
        if (n > 1 && st->single && st->single[pc])
            st->unproven = 1;
        return 1;
    }
    int32_t cursor = -1, v;
    int k = 0;
    while (set_next(st, d, &cursor, pc, &v))
        st->elems[k++] = v;
    if (k == 0)
        return 0;
    *local = st->elems[sample_below(st, k)];
    st->weight *= k;
    if (k > 1 && st->single && st->single[pc])
        st->unproven = 1;
    return 1;
}

/* sample_pick for the sets most picks are over, in the interpreter's loop:
 * a player's pieces on a board of one word, a direction set of the
 * mover's side (a call, and the walk through the general case, cost as
 * much as the choice); the others out of line. */
static inline __attribute__((always_inline)) int sample_pick_inline(pl_state *st,
                                                                  const int32_t *code, int pc)
{
    const pl_program *p = st->prog;
    const pl_setdesc *d = &p->sets[code[pc + 1]];
    int k;
    int32_t v;
    if (d->kind == PL_SET_PIECES && d->id < 0 && st->nwords == 1) {
        int pl = d->player < 0 ? st->mover : st->slot[st->nslots + d->player];
        if (pl < -1 || pl >= p->nplayers)
            return 0;
        uint64_t row = st->occ[pl + 1];
        k = __builtin_popcountll(row);
        if (k == 0)
            return 0;
        v = select_bit(row, sample_below(st, k));
    } else if (d->kind == PL_SET_DIRS && d->player < 0) {
        const int32_t *items = sided(&p->dsets, d->id, st->mover, p->nplayers, &k);
        if (k == 0)
            return 0;
        v = items[sample_below(st, k)];
    } else {
        return sample_pick(st, code, pc);
    }
    st->slot[st->nslots + code[pc + 2]] = v;
    st->weight *= k;
    if (k > 1 && st->single && st->single[pc])
        st->unproven = 1;     /* two elements or more: see distinct.c */
    return 1;
}

/* FORK in VM_SAMPLE: a branch, chosen in proportion to the bound of the
 * ways below it; returns its address, or -1 when neither has any way. */
static int sample_branch(pl_state *st, const int32_t *code, int pc)
{
    const pl_snode *n = &st->sampler->nodes[st->sampler->node_of[pc]];
    double a = n->branch[0], b = n->branch[1], total = a + b;
    if (total <= 0)
        return -1;
    if (n->exclusive >= 0) {
        /* Only the branch whose test the cell passes can have ways (the
           second tests for itself).  The FORK's bound is the larger
           branch's: the way goes on into the smaller one in proportion,
           its weight grown to match, and is rejected here otherwise, as
           it would be at its end, before the rest of it is run. */
        int32_t c = st->slot[st->nslots + n->guard];
        int holds = 0;
        if (valid_cell(st->prog, c)) {      /* as EMPTY, OWN and ENEMY say */
            int32_t v = st->slot[c], owner = v ? owner_of(v) : -1;
            holds = n->exclusive == 0 ? v == 0
                  : n->exclusive == 1 ? v && owner == st->mover
                                      : owner >= 0 && owner != st->mover;
        }
        double mine = holds ? a : b;
        if (mine <= 0 || (mine < n->size && pl_rng_word_unit(st->rng) * n->size >= mine))
            return -1;
        st->weight *= n->grow[!holds];
        return holds ? pc + 2 : code[pc + 1];
    }
    if (pl_rng_word_unit(st->rng) * total < a) {
        st->weight *= n->grow[0];
        return pc + 2;
    }
    st->weight *= n->grow[1];
    return code[pc + 1];
}

/* PICK in VM_COUNT: the next element, skipping the cells whose name the
 * counted text does not contain (st->named) when every way from this PICK
 * writes its cell there. */
static int count_next(pl_state *st, const int32_t *code, int pc, int32_t *cursor, int32_t *out)
{
    const pl_setdesc *d = &st->prog->sets[code[pc + 1]];
    int named = st->sampler->nodes[st->sampler->node_of[pc]].named;
    /* sets whose cursor is the cell itself can jump to the next named one */
    int by_cell = d->kind == PL_SET_PIECES || d->kind == PL_SET_EMPTY || d->kind == PL_SET_CELLS;
    int32_t v;
    while (set_next(st, d, cursor, pc, &v)) {
        if (!named || (st->named[v >> 6] >> (v & 63) & 1)) {
            *out = v;
            return 1;
        }
        if (!by_cell)
            continue;
        int w = v >> 6;
        uint64_t bits = st->named[w] & (~0ull << (v & 63));
        while (!bits && ++w < st->nwords)
            bits = st->named[w];
        if (!bits)
            return 0;
        *cursor = (w << 6) + __builtin_ctzll(bits) - 1;
    }
    return 0;
}

/* VM_COUNT: does the text written so far begin the counted one? */
static int text_agrees(const pl_state *st)
{
    return st->text_len <= st->xtarget_len &&
           strncasecmp(st->text, st->xtarget, (size_t)st->text_len) == 0;
}

/* FIRST in VM_SAMPLE and VM_COUNT: instead of a fork that counts the moves
 * yielded since, ask whether the first alternative (and what follows it)
 * has any way at all, passes included.  1, 0, or -1 on a runtime error. */
static int first_has_ways(pl_state *st, int pc, int sp, long *budget)
{
    const pl_program *p = st->prog;
    int32_t *locals = st->slot + st->nslots;
    int32_t *saved = st->saved_locals + (size_t)st->nest * (size_t)p->nlocals;
    memcpy(saved, locals, (size_t)p->nlocals * sizeof(int32_t));
    st->sp = sp;
    st->budget = *budget;
    int32_t r = 0;
    pl_err e = pl_vm_run(st, pc, VM_ANY, &r);
    *budget = st->budget;
    memcpy(locals, saved, (size_t)p->nlocals * sizeof(int32_t));
    return e != PL_OK ? -1 : r;
}

/* ---------------------------------------------------------------------- */
/* the interpreter */

#include "vm_ops.h"

/*
 * Dispatch, as in Lua's lvm.c: computed goto where the compiler has it
 * (one indirect jump per handler predicts far better than one shared
 * switch jump), a plain switch otherwise.  The verifier guarantees that
 * every opcode is valid, so the label table needs no bounds check.
 */
#if defined(__GNUC__) && !defined(PL_VM_SWITCH)
#define VM_COMPUTED_GOTO 1
#define vmdispatch(o) goto *vm_labels[o];
#define vmcase(name) L_##name:
#define vmbreak goto *vm_labels[*ip]
#else
#define vmdispatch(o) switch ((pl_opcode)(o))
#define vmcase(name) case PL_OP_##name:
#define vmbreak continue
#endif

/* A bulk run's move whose text of len bytes is written at the end of
 * ml's texts: listed (room reserved), its writes to follow. */
static inline pl_move *bulk_move(pl_movelist *ml, int len)
{
    pl_move *m = &ml->moves[ml->count++];
    m->text_off = ml->text_len;
    m->text_len = len;
    ml->text_len += len;
    ml->text[ml->text_len++] = 0;
    m->is_pass = 0;
    m->write_off = ml->nwrites;
    return m;
}

/* Add the move placing `piece` on cell v to ml (its room reserved): the
 * cell's name (len bytes); the piece, then the cell into variable slot
 * kept_var (-1: none) unless it holds it already. */
static inline __attribute__((always_inline)) void record_place(pl_state *st, pl_movelist *ml,
                                                               int32_t v, int len, int32_t piece,
                                                               int kept_var)
{
    if (len <= 8)
        memcpy(ml->text + ml->text_len, &st->name_word[v], 8);
    else
        memcpy(ml->text + ml->text_len, st->prog->cell_names[v], (size_t)len);
    pl_move *m = bulk_move(ml, len);
    m->nwrites = 1;
    ml->writes[ml->nwrites++] = v;
    ml->writes[ml->nwrites++] = piece;
    if (kept_var >= 0 && st->slot[kept_var] != v) {
        ml->writes[ml->nwrites++] = kept_var;
        ml->writes[ml->nwrites++] = v;
        m->nwrites = 2;
    }
}

/*
 * Bulk runs: move programs whose ways the VM lists or counts without the
 * interpreter (sample.c, find_bulk_runs), with the moves, texts, writes,
 * yields, steps and random draws the instructions give.  Each returns 0
 * when it cannot be sure of finishing so (a limit near, a proof that needs
 * checks); the interpreter then runs the program and meets the limit where
 * it would.
 *
 * A run of a move program that is one PICK over the empty cells whose
 * every element is a move placing the mover's piece there (BULK_PLACE
 * at the entry: `PICK empty L; MOVER; LOAD L; PLACE k; [LOAD L; SETVAR
 * v;] TEXTLOC L; YIELD`, the placement games' whole program), listed
 * (VM_GEN; one kept by reservoir sampling, st->keep_rng) or counted
 * (VM_TALLY) without the interpreter: the moves, their order, texts and
 * writes, yields, steps and random draws are those the instructions give
 * (as record_lean records them: the piece, then the variable unless it
 * holds the cell already).  0 when this run cannot be sure of finishing
 * so (a limit near; not the lean record); the interpreter then runs it and
 * meets the limit where it would.
 */
static int place_run(pl_state *st, int entry, int mode)
{
    const pl_program *p = st->prog;
    const pl_setdesc *d = &p->sets[p->code[entry + 1]];
    int n = 0;
    for (int w = 0; w < st->nwords; w++) {
        int ok = 1;
        n += __builtin_popcountll(set_word(st, d, w, &ok));
    }
    /* every element but the first comes back by a backtrack; after the
       last, one more ends the run: a step each */
    long steps = n > 1 ? n : 1;
    if (st->nest > 0 || steps > st->budget || st->pw_len != 0 || st->text_len != 0 ||
        st->has_err)
        return 0;
    if (mode == VM_TALLY) {
        if (st->single && st->single[entry])
            return 0;
        st->tallied += n;
    } else {
        /* texts proven distinct (no set of texts), plain recording for
           the test of hash collisions */
        pl_movelist *ml = st->out;
        int kept_var = st->bulk_run[entry] == BULK_PLACE_KEPT ? p->var_base + p->code[entry + 11] : -1;
        if (pl_vm_collision_check || st->distinct_texts != 2 ||
            st->mover < 0 || st->mover >= p->nplayers ||
            ml->count > VM_MAX_MOVES - n || ml->text_len > VM_MAX_LIST_TEXT - 65 * n - 17 ||
            (st->keep_rng && (st->keep_n > VM_MAX_MOVES - n ||
                              st->keep_text > VM_MAX_LIST_TEXT - 65 * n - 17)) ||
            over_units(st, st->recorded_units + 66L * n))
            return 0;
        PL_GROW(ml->moves, ml->cap, ml->count + n);
        PL_GROW(ml->text, ml->text_cap, ml->text_len + 65 * n + 17);
        PL_GROW(ml->writes, ml->writes_cap, ml->nwrites + 4 * n);
        int32_t piece = PL_PIECE(p->code[entry + 7], st->mover, 0, 0);
        for (int w = 0; w < st->nwords; w++) {
            int ok = 1;
            for (uint64_t bits = set_word(st, d, w, &ok); bits; bits &= bits - 1) {
                int32_t v = (w << 6) + __builtin_ctzll(bits);
                int len = st->name_len[v];
                st->recorded_units += len + 1 + (kept_var >= 0);
                if (st->keep_rng) {     /* its limits are checked above */
                    if (!keep_draw(st, len))
                        continue;
                    ml->count = ml->text_len = ml->nwrites = 0;
                    st->keep_idx = 0;
                }
                record_place(st, ml, v, len, piece, kept_var);
            }
        }
    }
    st->yields += n;
    st->runs++;
    st->budget -= steps;
    return 1;
}

/* The directions (or leaps) of the step way at pc, for the mover. */
static inline const int32_t *step_dirs(const pl_state *st, int pc, int *ndirs)
{
    const pl_program *p = st->prog;
    const int32_t *c = p->code;
    int leaps = c[pc + 3] != PL_OP_PICK;
    return sided(&p->dsets, p->sets[c[leaps ? pc + 8 : pc + 4]].id, st->mover, p->nplayers, ndirs);
}

/* How many of the pieces in own have no leap along direction set `dset`
 * on the board (masks' leapers).  Out of line: count_steps stays small
 * for the step ways. */
static __attribute__((noinline)) long stuck_leapers(const pl_state *st, const pl_masks *m,
                                                    int dset, const uint64_t *own)
{
    const uint64_t *leapers = pl_dset_leapers(m, dset, st->mover);
    long n = 0;
    for (int w = 0; w < st->nwords; w++)
        n += __builtin_popcountll(own[w] & ~leapers[w]);
    return n;
}

/* One way of a BULK_STEPS program (sample.c, step_way) at pc, counted:
 * for each direction of its set, the mover's pieces whose neighbour there
 * is a target (empty, or an enemy's piece), found by shifting the targets
 * (masks.c, dir_delta); with per_dir, each direction's count there.  Adds
 * the moves to *n and the steps of the
 * backtracks to *steps: every element of the inner PICK ends in one, as
 * does an empty PICK (of leaps: a piece with none on the board); a PICK of
 * directions or leaps is a list, whose fork goes with its last element.
 * 0 when a direction is not one step in cell numbers everywhere. */
static int count_steps(pl_state *st, const pl_masks *m, int pc, long *n, long *steps,
                       uint32_t *per_dir)
{
    const pl_program *p = st->prog;
    const int32_t *c = p->code;
    int nw = st->nwords, ndirs, leaps = c[pc + 3] != PL_OP_PICK;
    const uint64_t *own = st->occ + (size_t)(st->mover + 1) * (size_t)nw;
    uint64_t target[PL_MAX_CELLS / 64 + 1], from[PL_MAX_CELLS / 64 + 1];
    const int32_t *dirs = step_dirs(st, pc, &ndirs);
    occupancy_mask(st, c[pc + 10] == PL_OP_REQEMPTY ? 0 : 2, target);
    long pieces = 0, elements = 0;
    for (int w = 0; w < nw; w++)
        pieces += __builtin_popcountll(own[w]);
    for (int i = 0; i < ndirs; i++) {
        int32_t delta = m->dir_delta[dirs[i]];
        if (delta == INT32_MIN)
            return 0;
        const uint64_t *valid = m->dir_valid + (size_t)dirs[i] * (size_t)nw;
        shift_cells(target, delta, valid, from, nw);
        uint32_t k = 0;
        for (int w = 0; w < nw; w++) {
            k += (uint32_t)__builtin_popcountll(from[w] & own[w]);
            elements += __builtin_popcountll(valid[w] & own[w]);
        }
        *n += k;
        if (per_dir)
            per_dir[i] = k;
    }
    if (pieces == 0)
        *steps += 1;
    else if (leaps)
        *steps += elements + stuck_leapers(st, m, p->sets[c[pc + 8]].id, own);
    else
        *steps += pieces * (ndirs > 0 ? ndirs : 1);
    return 1;
}

enum { STEP_TOKENS = 16 };   /* texts of a step way listed at once */

/* The effect of a step way at pc (sample.c, step_way) whose write is
 * dead, after which come its texts: the MOVE, or the REMOVE of a capture
 * that does not move. */
static int step_effect(const pl_state *st, int pc)
{
    const int32_t *c = st->prog->code;
    if (c[pc + 10] == PL_OP_REQEMPTY)
        return pc + 15;
    return st->dead_write[pc + 16] ? pc + 16 : pc + 20;
}

/* The texts of a step way, after its effect up to its YIELD
 * (find_dead_writes: cells of its locals, strings): into tokens, -1 for
 * the cell of local fl (the piece's), -2 for the other (its target), a
 * string's index else.  Returns their number, or -1 past max. */
static int step_tokens(const pl_state *st, int at, int32_t fl, int32_t *tokens, int max)
{
    const int32_t *c = st->prog->code;
    int n = 0;
    for (int k = 0; k < 64 && c[at] != PL_OP_YIELD; k++) {
        int op = c[at];
        if (op == PL_OP_JUMP) {
            at = c[at + 1];
            continue;
        }
        if (op == PL_OP_NOP) {
            at++;
            continue;
        }
        if ((op != PL_OP_TEXTLOC && op != PL_OP_TEXTSTR) || n == max)
            return -1;
        tokens[n++] = op == PL_OP_TEXTSTR ? c[at + 1] : c[at + 1] == fl ? -1 : -2;
        at += 2;
    }
    return c[at] == PL_OP_YIELD ? n : -1;
}

/* The text of a step way from f to t into out (8 bytes of room past it):
 * its tokens (step_tokens).  Returns its length. */
static inline int step_text(const pl_state *st, const int32_t *tokens, int ntokens, int32_t f,
                            int32_t t, char *out)
{
    const pl_program *p = st->prog;
    int len = 0;
    for (int i = 0; i < ntokens; i++) {
        int32_t k = tokens[i], cell = k == -1 ? f : t;
        int n = k >= 0 ? st->str_len[k] : st->name_len[cell];
        if (n <= 8)
            memcpy(out + len, k >= 0 ? &st->str_word[k] : &st->name_word[cell], 8);
        else
            memcpy(out + len, k >= 0 ? p->strings[k] : p->cell_names[cell], (size_t)n);
        len += n;
    }
    return len;
}

/* The longest text of tokens (cell names have at most 63 bytes). */
static int step_text_bound(const pl_state *st, const int32_t *tokens, int ntokens)
{
    int len = 0;
    for (int i = 0; i < ntokens; i++)
        len += tokens[i] >= 0 ? st->str_len[tokens[i]] : 63;
    return len;
}

/* What list_steps needs of a step way at pc, once per way. */
typedef struct {
    int ntokens, moves, units, ndirs;
    int32_t tokens[STEP_TOKENS];
    const int32_t *dirs;
} step_way_info;

static int step_way_info_of(const pl_state *st, int pc, step_way_info *w)
{
    const pl_program *p = st->prog;
    const int32_t *c = p->code;
    int at = step_effect(st, pc);
    w->moves = c[at] == PL_OP_MOVE;
    /* the units record_move (or record_lean) counts: the text, and the
       writes on the board (a capture that moves) and in the path */
    w->units = w->moves ? 2 + (c[pc + 10] != PL_OP_REQEMPTY) : 1;
    w->ntokens = step_tokens(st, at + 1, c[pc + 2], w->tokens, STEP_TOKENS);
    w->dirs = step_dirs(st, pc, &w->ndirs);
    return w->ntokens >= 0;
}

/* Add the move of a step way from f to t to ml (its room reserved): its
 * text, and its writes: the piece onto its target and its cell emptied
 * (a capture that moves takes the piece first, which the piece's write
 * covers), or the target emptied.  With keep_rng, reservoir sampling
 * keeps one.  Returns the length of its text. */
static inline int record_step(pl_state *st, pl_movelist *ml, const step_way_info *w, int32_t f,
                              int32_t t)
{
    int len = step_text(st, w->tokens, w->ntokens, f, t, ml->text + ml->text_len);
    if (st->keep_rng) {     /* its limits are checked by the caller */
        if (!keep_draw(st, len))
            return len;
        /* the text goes to the start of the emptied list */
        memmove(ml->text, ml->text + ml->text_len, (size_t)len);
        ml->count = ml->text_len = ml->nwrites = 0;
        st->keep_idx = 0;
    }
    pl_move *m = bulk_move(ml, len);
    if (w->moves) {
        ml->writes[ml->nwrites++] = t;
        ml->writes[ml->nwrites++] = st->slot[f];
        ml->writes[ml->nwrites++] = f;
        ml->writes[ml->nwrites++] = 0;
        m->nwrites = 2;
    } else {
        ml->writes[ml->nwrites++] = t;
        ml->writes[ml->nwrites++] = 0;
        m->nwrites = 1;
    }
    return len;
}

/* Whether a step way's target t takes the move (empty, or an enemy's
 * piece for a capture). */
static inline int step_target(const pl_state *st, int capture, int32_t t)
{
    int32_t v = st->slot[t];
    return capture ? v && owner_of(v) >= 0 && owner_of(v) != st->mover : v == 0;
}

/* The moves of one step way at pc, listed in the interpreter's order (the
 * pieces by cell, then the directions of the set) with their texts and
 * writes (record_step).  A generation of a program of such ways. */
static void list_steps(pl_state *st, int pc)
{
    const pl_program *p = st->prog;
    pl_movelist *ml = st->out;
    int capture = p->code[pc + 10] != PL_OP_REQEMPTY, nd = p->ndirs;
    step_way_info w;
    step_way_info_of(st, pc, &w);   /* steps_run checked it */
    const uint64_t *own = st->occ + (size_t)(st->mover + 1) * (size_t)st->nwords;
    for (int word = 0; word < st->nwords; word++)
        for (uint64_t bits = own[word]; bits; bits &= bits - 1) {
            int32_t f = (word << 6) + __builtin_ctzll(bits);
            for (int i = 0; i < w.ndirs; i++) {
                int32_t t = p->neighbor[f * nd + w.dirs[i]];
                if (t >= 0 && step_target(st, capture, t))
                    st->recorded_units += record_step(st, ml, &w, f, t) + w.units;
            }
        }
}

/* The ways of a BULK_STEPS program at entry, alternatives of FORKs, in
 * the interpreter's order into ways[]: their number, or -1 where one's
 * `single` PICK needs the interpreter's check of its proof.  The plan
 * bounds them (sample.c, MAX_STEP_WAYS). */
enum { STEP_WAYS = 32 };

static int step_ways_of(const pl_state *st, int entry, int *ways)
{
    const int32_t *c = st->prog->code;
    int todo[STEP_WAYS], ntodo = 0, nways = 0;
    todo[ntodo++] = entry;
    while (ntodo > 0) {
        int pc = todo[--ntodo];
        if (c[pc] == PL_OP_FORK && ntodo + 2 <= STEP_WAYS) {
            todo[ntodo++] = c[pc + 1];
            todo[ntodo++] = pc + 2;
            continue;
        }
        if (c[pc] == PL_OP_FORK || nways == STEP_WAYS ||
            (st->single && (st->single[pc] || st->single[pc + 3] || st->single[pc + 7])))
            return -1;
        ways[nways++] = pc;
    }
    return nways;
}

/* A count (VM_TALLY) or a generation (VM_GEN) of a BULK_STEPS program:
 * its ways, alternatives of FORKs, each counted by count_steps, then
 * listed by list_steps. */
static int steps_run(pl_state *st, int entry, int mode)
{
    if (st->nest > 0 || st->pw_len != 0 || st->text_len != 0 || st->has_err ||
        st->mover < 0 || st->mover >= st->prog->nplayers)
        return 0;
    const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
    int ways[STEP_WAYS], nways = step_ways_of(st, entry, ways), longest = 0;
    long n = 0, steps = 0;
    if (nways < 0)
        return 0;
    for (int i = 0; i < nways; i++) {
        if (!count_steps(st, m, ways[i], &n, &steps, NULL))
            return 0;
        if (mode == VM_GEN) {
            step_way_info w;
            if (!step_way_info_of(st, ways[i], &w))
                return 0;
            int bound = step_text_bound(st, w.tokens, w.ntokens);
            longest = bound > longest ? bound : longest;
        }
    }
    if (steps > st->budget)
        return 0;
    if (mode == VM_TALLY) {
        st->tallied += n;
    } else {
        /* texts proven distinct (no set of texts), plain recording for
           the test of hash collisions, no memo of ways */
        pl_movelist *ml = st->out;
        long text = (longest + 1) * n + 17;
        if (pl_vm_collision_check || st->distinct_texts != 2 ||
            (st->memo && st->memo->npoints > 0) ||
            ml->count > VM_MAX_MOVES - n || ml->text_len > VM_MAX_LIST_TEXT - text ||
            (st->keep_rng && (st->keep_n > VM_MAX_MOVES - n ||
                              st->keep_text > VM_MAX_LIST_TEXT - text)) ||
            over_units(st, st->recorded_units + (longest + 3) * n))
            return 0;
        PL_GROW(ml->moves, ml->cap, ml->count + n);
        PL_GROW(ml->text, ml->text_cap, ml->text_len + text + longest + 8);
        PL_GROW(ml->writes, ml->writes_cap, ml->nwrites + 4 * n);
        for (int i = 0; i < nways; i++)
            list_steps(st, ways[i]);
    }
    st->yields += n;
    st->runs++;
    st->budget -= steps;
    return 1;
}

/* The cell of the r-th (from 0) element of a set given by its words. */
static int32_t nth_cell(const uint64_t *words, uint32_t r)
{
    int w = 0, k;
    while (r >= (uint32_t)(k = __builtin_popcountll(words[w])))
        r -= (uint32_t)k, w++;
    return (w << 6) + select_bit(words[w], (int)r);
}

/* A placement program's random move: a random element of its PICK's set. */
static int draw_place(pl_state *st, int entry, uint64_t *rng, pl_movelist *ml)
{
    const pl_program *p = st->prog;
    const pl_setdesc *d = &p->sets[p->code[entry + 1]];
    uint64_t words[PL_MAX_CELLS / 64 + 1];
    long n = 0;
    for (int w = 0; w < st->nwords; w++) {
        int ok = 1;
        words[w] = set_word(st, d, w, &ok);
        n += __builtin_popcountll(words[w]);
    }
    if (n == 0)
        return 0;
    int32_t v = nth_cell(words, pl_rng_word_below(rng, (uint32_t)n));
    int kept_var = st->bulk_run[entry] == BULK_PLACE_KEPT ? p->var_base + p->code[entry + 11] : -1;
    PL_GROW(ml->moves, ml->cap, 1);
    PL_GROW(ml->text, ml->text_cap, 64 + 17);
    PL_GROW(ml->writes, ml->writes_cap, 4);
    record_place(st, ml, v, st->name_len[v], PL_PIECE(p->code[entry + 7], st->mover, 0, 0),
                 kept_var);
    return 1;
}

/* A step program's random move: the moves counted (count_steps) by way
 * and direction, the r-th found by those counts, then among the pieces
 * that step along its direction. */
enum { DRAW_COUNTS = 256 };

static int draw_step(pl_state *st, int entry, uint64_t *rng, pl_movelist *ml)
{
    const pl_program *p = st->prog;
    const int32_t *c = p->code;
    const pl_masks *m = st->masks ? st->masks : pl_masks_of(st);
    int ways[STEP_WAYS], nways = step_ways_of(st, entry, ways), nw = st->nwords, used = 0;
    uint32_t counts[DRAW_COUNTS];
    long n = 0, steps = 0;
    if (nways < 0)
        return -1;
    for (int i = 0; i < nways; i++) {
        int ndirs;
        step_dirs(st, ways[i], &ndirs);
        if (used + ndirs > DRAW_COUNTS || !count_steps(st, m, ways[i], &n, &steps, counts + used))
            return -1;
        used += ndirs;
    }
    if (n == 0)     /* (its steps: a sample follows one way, far from any limit) */
        return 0;
    uint32_t r = pl_rng_word_below(rng, (uint32_t)n);
    /* the ways again, in the same order, to the count that holds r */
    used = 0;
    for (int i = 0; i < nways; i++) {
        int pc = ways[i];
        step_way_info w;
        if (!step_way_info_of(st, pc, &w))
            return -1;
        for (int j = 0; j < w.ndirs; j++) {
            if (r >= counts[used + j]) {
                r -= counts[used + j];
                continue;
            }
            int32_t dir = w.dirs[j];
            const uint64_t *own = st->occ + (size_t)(st->mover + 1) * (size_t)nw;
            uint64_t target[PL_MAX_CELLS / 64 + 1], from[PL_MAX_CELLS / 64 + 1];
            occupancy_mask(st, c[pc + 10] == PL_OP_REQEMPTY ? 0 : 2, target);
            shift_cells(target, m->dir_delta[dir], m->dir_valid + (size_t)dir * (size_t)nw, from,
                        nw);
            for (int word = 0; word < nw; word++)
                from[word] &= own[word];
            int32_t f = nth_cell(from, r), t = p->neighbor[f * p->ndirs + dir];
            PL_GROW(ml->moves, ml->cap, 1);
            PL_GROW(ml->text, ml->text_cap, step_text_bound(st, w.tokens, w.ntokens) + 8 + 17);
            PL_GROW(ml->writes, ml->writes_cap, 4);
            record_step(st, ml, &w, f, t);
            return 1;
        }
        used += w.ndirs;
    }
    return -1;          /* not reached: the counts add up to n */
}

int pl_vm_bulk_draw(pl_state *st, uint64_t *rng, pl_movelist *ml)
{
    const pl_program *p = st->prog;
    if (st->mover < 0 || st->mover >= p->nplayers || st->distinct_texts != 2 ||
        !st->bulk_run || pl_vm_collision_check || st->has_err || st->nest > 0 ||
        st->pw_len != 0 || st->text_len != 0 || st->keep_rng)
        return -1;
    int entry = p->entry_moves[st->mover];
    if (entry < 0 || entry >= p->ncode || !st->bulk_run[entry])
        return -1;
    pl_movelist_reset(ml);
    return st->bulk_run[entry] == BULK_STEPS ? draw_step(st, entry, rng, ml)
                                            : draw_place(st, entry, rng, ml);
}

pl_err pl_vm_run(pl_state *st, int entry, int mode, int32_t *value)
{
    if (__builtin_expect(st->bulk_run != NULL, 0) && (mode == VM_GEN || mode == VM_TALLY) &&
        st->bulk_run[entry] &&
        (st->bulk_run[entry] == BULK_STEPS ? steps_run(st, entry, mode)
                                           : place_run(st, entry, mode))) {
        if (value)
            *value = 0;
        return PL_OK;
    }
    /* a program with native code runs there (native.c), but explain, which
       stays on the reference */
    pl_program_cache *native = atomic_load_explicit(&((pl_program *)st->prog)->native,
                                                    memory_order_acquire);
    if (native && mode != VM_EXPLAIN)
        return ((const struct pl_native *)native)->run(st, entry, mode, value);
    vm_regs r;
    if (!vm_enter(st, &r, entry, mode))
        return PL_ERR_RUNTIME;
    const int32_t *code = st->prog->code;
    long budget = st->budget;
    /* The instruction as a pointer: one register where an index and its
       base would take two. */
    const int32_t *ip = code + entry;
#ifdef VM_COMPUTED_GOTO
    static const void *const vm_labels[PL_OP_COUNT] = {
#define OP(name, nops, k1, k2, k3, k4, pop, push, doc) &&L_##name,
#include "opcodes.h"
#undef OP
    };
#endif
    for (;;) {
        /* Each opcode's handler (vm_ops.h), then what it asks for next;
           the handler is inlined, so the switch folds to its answers. */
        vmdispatch(ip[0]) {
#define OP(name, nops, k1, k2, k3, k4, pop, push, doc) \
        vmcase(name) \
            switch (vmop_##name(st, &r, ip, code, &budget)) { \
            case VA_NEXT: ip += 1 + (nops); vmbreak; \
            case VA_GOTO: ip = code + r.target; vmbreak; \
            case VA_BACKTRACK: goto backtrack; \
            case VA_DONE: goto done; \
            case VA_RESAMPLE: goto resample; \
            default: goto fail; \
            }
#include "opcodes.h"
#undef OP
#ifndef VM_COMPUTED_GOTO
        default:
            vm_error(st, (int)(ip - code), "bad opcode %d", (int)ip[0]);
            goto fail;
#endif
        }
    backtrack:
        switch (vm_backtrack(st, &r, code, &budget, (int)(ip - code))) {
        case VA_GOTO: ip = code + r.target; continue;
        case VA_DONE: goto done;
        case VA_RESAMPLE: goto resample;
        default: goto fail;
        }
    resample:
        vm_resample(st, &r, &budget);
        ip = code + entry;
        continue;
    fail:   /* st->has_err is set */
        if (vm_failed(st, &r, budget) == VA_BACKTRACK)
            goto backtrack;
        goto done;
    }
done:
    return vm_leave(st, &r, budget, value);
}
