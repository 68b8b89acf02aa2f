/*
 * masks.c -- the board predicates of a program (lang/predicates.c)
 * tabulated into bit masks: for each predicate and each player as the
 * mover, the cells where it holds.  MASKAGG (vm.c) then answers
 * `count(c in pieces(p) where P(c))` and its kin with a few word
 * operations on the occupancy bitsets.
 *
 * Built once per program on first use, by running each predicate on a
 * scratch state for every (mover, cell): a predicate reads nothing of the
 * board, so any state gives the same answers.  A predicate with inputs
 * (locals, variables) has a mask for each value of them instead, made by
 * the state that asks (below).  A predicate that fails
 * on some cell (a division by zero, the step budget that all the runs
 * share) gets no mask; its
 * MASKAGG falls back to the loop the compiler left after it, which reports
 * the failure where and when the rules would.  Published with a
 * compare-and-swap like the sample plan, since states of one program may
 * live in several threads.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "state_int.h"
#include "../../lang/util.h"

static void masks_free(pl_program_cache *cache)
{
    pl_masks *m = (pl_masks *)cache;
    free(m->valid);
    free(m->inputs);
    free(m->bits);
    free(m->neighbors);
    free(m->line_neighbors);
    free(m->unsided);
    free(m->line_through);
    free(m->between);
    free(m->lines);
    free(m->regions);
    free(m->region_ok);
    free(m->dir_delta);
    free(m->dir_valid);
    free(m->ray_room);
    free(m->ray_bits);
    free(m->leap_off);
    free(m->leap_to);
    free(m->leapers);
    free(m);
}

/* Predicate k for every cell with `mover` to move, run on the scratch
 * state t (its budget spent by all the runs), into bits (cleared first);
 * 0 when it failed on some cell. */
static int predicate_bits(pl_state *t, int k, int mover, uint64_t *bits)
{
    const pl_program *p = t->prog;
    memset(bits, 0, (size_t)t->nwords * sizeof *bits);
    for (int c = 0; c < p->ncells; c++) {
        int32_t v = 0;
        t->mover = mover;
        t->slot[t->nslots + p->pred_local[k]] = c;
        if (pl_vm_run(t, p->pred_entry[k], VM_EVAL, &v) != PL_OK) {
            t->has_err = 0;
            return 0;
        }
        if (v)
            bits[c >> 6] |= 1ull << (c & 63);
    }
    return 1;
}

/* Predicate k for every (mover, cell) of p, run on the scratch state t. */
static void tabulate(pl_masks *m, pl_state *t, int k)
{
    m->valid[k] = 1;
    for (int mover = 0; mover < t->prog->nplayers && m->valid[k]; mover++)
        m->valid[k] = (uint8_t)predicate_bits(t, k, mover, (uint64_t *)pl_mask(m, k, mover));
}

/* On a board of one word: the neighbours of every cell along every
 * direction set (each player's side), for flood fills by bits; and along
 * each direction of the set or its reverse (m->line_neighbors), where a
 * run through the cell would go on. */
static void tabulate_neighbors(pl_masks *m, const pl_program *p)
{
    int np = p->nplayers;
    m->neighbors = pl_calloc((size_t)p->dsets.count * (size_t)np * (size_t)p->ncells + 1,
                             sizeof *m->neighbors);
    m->line_neighbors = pl_calloc((size_t)p->dsets.count * (size_t)np * (size_t)p->ncells + 1,
                                  sizeof *m->line_neighbors);
    for (int d = 0; d < p->dsets.count; d++)
        for (int side = 0; side < np; side++) {
            int k = d * np + side, n = p->dsets.offset[k + 1] - p->dsets.offset[k];
            const int32_t *dirs = p->dsets.data + p->dsets.offset[k];
            uint64_t *out = (uint64_t *)pl_dset_neighbors(m, p, d, side);
            uint64_t *line = (uint64_t *)pl_dset_line_neighbors(m, p, d, side);
            for (int c = 0; c < p->ncells; c++)
                for (int i = 0; i < n; i++) {
                    int32_t y = p->neighbor[c * p->ndirs + dirs[i]];
                    int back = p->dir_opposite[dirs[i]];
                    int32_t z = back >= 0 ? p->neighbor[c * p->ndirs + back] : -1;
                    if (y >= 0)
                        out[c] |= 1ull << y;
                    line[c] |= (y >= 0 ? 1ull << y : 0) | (z >= 0 ? 1ull << z : 0);
                }
        }
    m->unsided = pl_calloc((size_t)p->dsets.count + 1, 1);
    for (int d = 0; d < p->dsets.count; d++) {
        m->unsided[d] = 1;
        for (int side = 1; side < np; side++)
            m->unsided[d] &= memcmp(pl_dset_neighbors(m, p, d, side), pl_dset_neighbors(m, p, d, 0),
                                    (size_t)p->ncells * sizeof *m->neighbors) == 0;
    }
}

/* On a board of one word, between(a, b) for every two cells
 * (pl_between_word, which larger boards read at each use). */
static void tabulate_between(pl_masks *m, const pl_program *p)
{
    m->between = pl_calloc((size_t)p->ncells * (size_t)p->ncells + 1, sizeof *m->between);
    for (int a = 0; a < p->ncells; a++)
        for (int b = 0; b < p->ncells; b++)
            if (a != b)
                m->between[(size_t)a * (size_t)p->ncells + (size_t)b] =
                    pl_between_word(m, p, a, b, 0);
}

/* For every direction and cell, the cells line_count(cell, direction)
 * counts the pieces of (vm.c): the cell, and the cells along the
 * direction and along its reverse, as far as the neighbours go (the
 * verifier refuses a direction that comes back to a cell). */
static void tabulate_line_through(pl_masks *m, const pl_program *p)
{
    m->line_through = pl_calloc((size_t)p->ndirs * (size_t)p->ncells + 1, sizeof *m->line_through);
    for (int d = 0; d < p->ndirs; d++)
        for (int c = 0; c < p->ncells; c++) {
            uint64_t *out = &m->line_through[(size_t)d * (size_t)p->ncells + (size_t)c];
            *out = 1ull << c;
            int ways[2] = {d, p->dir_opposite[d]};
            for (int i = 0; i < 2; i++)
                if (ways[i] >= 0)
                    for (int32_t t = p->neighbor[c * p->ndirs + ways[i]]; t >= 0;
                         t = p->neighbor[t * p->ndirs + ways[i]])
                        *out |= 1ull << t;
        }
}

/* For every direction set, side and cell, the cells one step along each
 * of the set's directions reaches, in the set's order (m->leap_off,
 * m->leap_to): the elements of leaps(cell, set) as a PICK's list, where
 * walking the directions cost a call and a neighbour lookup each; and the
 * cells that have one (m->leapers), for the steps of a count. */
static void tabulate_leaps(pl_masks *m, const pl_program *p)
{
    int np = p->nplayers;
    size_t lists = (size_t)p->dsets.count * (size_t)np * (size_t)p->ncells, total = 0;
    for (int k = 0; k < p->dsets.count * np; k++)
        total += (size_t)(p->dsets.offset[k + 1] - p->dsets.offset[k]) * (size_t)p->ncells;
    m->leap_off = pl_malloc((lists + 1) * sizeof *m->leap_off);
    m->leap_to = pl_malloc((total + 1) * sizeof *m->leap_to);
    m->leapers = pl_calloc((size_t)p->dsets.count * (size_t)np * (size_t)m->nwords + 1,
                           sizeof *m->leapers);
    int32_t n = 0;
    size_t at = 0;
    for (int k = 0; k < p->dsets.count * np; k++) {
        const int32_t *dirs = p->dsets.data + p->dsets.offset[k];
        int ndirs = p->dsets.offset[k + 1] - p->dsets.offset[k];
        for (int c = 0; c < p->ncells; c++) {
            m->leap_off[at++] = n;
            for (int i = 0; i < ndirs; i++) {
                int32_t y = p->neighbor[c * p->ndirs + dirs[i]];
                if (y >= 0) {
                    m->leap_to[n++] = y;
                    m->leapers[(size_t)k * (size_t)m->nwords + (size_t)(c >> 6)] |= 1ull << (c & 63);
                }
            }
        }
    }
    m->leap_off[at] = n;
}

/* For every cell and grid direction, the cells along it up to the
 * grid's edge or a hole (m->lines): between(a, b) is then the cells
 * from a toward b less those from b on. */
static void tabulate_lines(pl_masks *m, const pl_program *p, const int32_t *grid)
{
    m->lines = pl_calloc((size_t)p->ncells * 8 * (size_t)m->nwords + 1, sizeof *m->lines);
    for (int c = 0; c < p->ncells; c++)
        for (int dc = -1; dc <= 1; dc++)
            for (int dr = -1; dr <= 1; dr++) {
                if (!dc && !dr)
                    continue;
                uint64_t *out = m->lines + ((size_t)c * 8 + (size_t)pl_line_dir(dc, dr)) *
                                               (size_t)m->nwords;
                for (int col = p->cell_col[c] + dc, row = p->cell_row[c] + dr;
                     col >= 0 && col < p->ncols && row >= 0 && row < p->nrows;
                     col += dc, row += dr) {
                    int32_t e = grid[row * p->ncols + col];
                    if (e < 0)
                        break;
                    out[e >> 6] |= 1ull << (e & 63);
                }
            }
}

/* room[c]: the steps cell c has along direction d before the board ends,
 * each cell's from the next one's (a walk from each cell would cost a
 * board's length per cell); ncells for the cells whose walk meets a cycle
 * (a hand-made .pbc), which walk. */
static void ray_rooms(const pl_program *p, int d, int32_t *room, int32_t *path)
{
    enum { UNKNOWN = -1, ON_PATH = -2 };
    for (int c = 0; c < p->ncells; c++)
        room[c] = UNKNOWN;
    for (int c = 0; c < p->ncells; c++) {
        int n = 0;
        int32_t y = c;
        while (y >= 0 && room[y] == UNKNOWN) {
            room[y] = ON_PATH;
            path[n++] = y;
            y = p->neighbor[y * p->ndirs + d];
        }
        /* beyond the path's last cell: off the board (-1), a cycle, or a
           cell whose room is known */
        int32_t after = y < 0 ? -1 : room[y] == ON_PATH ? p->ncells : room[y];
        for (int i = n - 1; i >= 0; i--) {
            after = after >= p->ncells ? p->ncells : after + 1;
            room[path[i]] = after;
        }
    }
}

/* For every direction, whether a step along it adds one number to every
 * cell that has a neighbour there (m->dir_delta), and those cells
 * (m->dir_valid): then the cells whose neighbour is in a set are the
 * set shifted, which is how has_run finds runs.  And how many steps
 * along it each cell has before the board ends (m->ray_room), with which
 * ray(c, d, k) along such a direction is one test and a multiply; on a
 * board of one word, those cells as bits (m->ray_bits), in which a run
 * of one owner's pieces ends at the first cell that is not theirs. */
static void tabulate_steps(pl_masks *m, const pl_program *p)
{
    m->dir_delta = pl_malloc(((size_t)p->ndirs + 1) * sizeof *m->dir_delta);
    m->dir_valid = pl_calloc((size_t)p->ndirs * (size_t)m->nwords + 1, sizeof *m->dir_valid);
    for (int d = 0; d < p->ndirs; d++) {
        int32_t delta = INT32_MIN;
        uint64_t *valid = m->dir_valid + (size_t)d * (size_t)m->nwords;
        for (int c = 0; c < p->ncells; c++) {
            int32_t y = p->neighbor[c * p->ndirs + d];
            if (y < 0)
                continue;
            if (delta == INT32_MIN)
                delta = y - c;
            if (y - c != delta || delta == 0) {
                delta = INT32_MIN;
                break;
            }
            valid[c >> 6] |= 1ull << (c & 63);
        }
        m->dir_delta[d] = delta;
    }
    m->ray_room = pl_malloc(((size_t)p->ndirs * (size_t)p->ncells + 1) * sizeof *m->ray_room);
    int32_t *path = pl_malloc(((size_t)p->ncells + 1) * sizeof *path);
    for (int d = 0; d < p->ndirs; d++)
        ray_rooms(p, d, m->ray_room + (size_t)d * (size_t)p->ncells, path);
    free(path);
    if (m->nwords != 1)
        return;
    m->ray_bits = pl_calloc((size_t)p->ndirs * (size_t)p->ncells + 1, sizeof *m->ray_bits);
    for (int d = 0; d < p->ndirs; d++) {
        if (m->dir_delta[d] == INT32_MIN)
            continue;           /* not a shift: its rays stay 0 (walked) */
        for (int c = 0; c < p->ncells; c++) {
            int32_t room = m->ray_room[(size_t)d * (size_t)p->ncells + (size_t)c];
            /* a constant step that is not 0 never comes back: no cycle */
            for (int32_t k = 1; k <= room; k++)
                m->ray_bits[(size_t)d * (size_t)p->ncells + (size_t)c] |=
                    1ull << (c + k * m->dir_delta[d]);
        }
    }
}

/* Each side of each region as a bitset, where its list names valid cells,
 * each once: as a set, it is those bits (a region's PICK keeps the list's
 * order, and does not ask). */
static void tabulate_regions(pl_masks *m, const pl_program *p)
{
    size_t sides = (size_t)p->regions.count * (size_t)p->nplayers;
    m->regions = pl_calloc(sides * (size_t)m->nwords + 1, sizeof *m->regions);
    m->region_ok = pl_calloc(sides + 1, 1);
    for (size_t k = 0; k < sides; k++) {
        uint64_t *bits = m->regions + k * (size_t)m->nwords;
        int ok = 1;
        for (int32_t i = p->regions.offset[k]; i < p->regions.offset[k + 1] && ok; i++) {
            int32_t c = p->regions.data[i];
            ok = c >= 0 && c < p->ncells && !(bits[c >> 6] >> (c & 63) & 1);
            if (ok)
                bits[c >> 6] |= 1ull << (c & 63);
        }
        m->region_ok[k] = (uint8_t)ok;
    }
}

/* The inputs of predicate k (m->inputs[k]), read off its code as the
 * compiler did, which ends where the next predicate's begins (or the
 * program).  0 when the code is not a predicate (a hand-made program). */
static int read_inputs(pl_masks *m, const pl_program *p, int k)
{
    int start = p->pred_entry[k], end = p->ncode;
    for (int j = 0; j < p->npreds; j++)
        if (p->pred_entry[j] > start && p->pred_entry[j] < end)
            end = p->pred_entry[j];
    return pl_pred_inputs_of(p, p->code, start, end, p->pred_local[k], p->nlocals, m->inputs, k,
                             &m->inputs[k]);
}

static pl_masks *masks_build(const pl_program *p, long step_budget)
{
    pl_masks *m = pl_calloc(1, sizeof *m);
    m->cache.free = masks_free;
    m->npreds = p->npreds;
    m->nplayers = p->nplayers;
    m->nwords = (p->ncells + 63) / 64;
    m->valid = pl_calloc((size_t)p->npreds + 1, 1);
    m->inputs = pl_calloc((size_t)p->npreds + 1, sizeof *m->inputs);
    m->bits = pl_calloc((size_t)p->npreds * (size_t)p->nplayers * (size_t)m->nwords + 1,
                        sizeof *m->bits);
    if (m->nwords == 1) {
        tabulate_neighbors(m, p);
        tabulate_line_through(m, p);
    }
    pl_state *t = pl_state_new(p);
    tabulate_lines(m, p, t->grid);    /* before the predicates, which may use between() */
    if (m->nwords == 1)
        tabulate_between(m, p);
    tabulate_steps(m, p);             /* ... and has_run() */
    tabulate_regions(m, p);
    tabulate_leaps(m, p);
    /* One step budget for all the runs, not one each: a predicate of a
       hostile .pbc that loops would otherwise cost a budget per cell;
       the budget of the state that asked, as its own runs have. */
    t->step_budget = t->budget = step_budget;
    /* A predicate may hold a comprehension with a predicate of its own,
       which comes first (codegen sets the inner one aside first): the
       runs use the masks built so far, and the loop for the others. */
    t->masks = m;
    for (int k = 0; k < p->npreds; k++) {
        if (!read_inputs(m, p, k))
            m->inputs[k].n = -1;      /* not a predicate: the loop, always */
        else if (m->inputs[k].n == 0)
            tabulate(m, t, k);
    }
    pl_state_free(t);
    return m;
}

const pl_masks *pl_masks_of(pl_state *st)
{
    /* like the sample plan: the one part of a shared, const program that
       its users fill, through this atomic pointer only */
    pl_program *prog = (pl_program *)st->prog;
    pl_program_cache *have = atomic_load_explicit(&prog->masks, memory_order_acquire);
    if (!have) {
        pl_masks *mine = masks_build(prog, st->step_budget);
        if (atomic_compare_exchange_strong_explicit(&prog->masks, &have, &mine->cache,
                                                    memory_order_acq_rel, memory_order_acquire))
            have = &mine->cache;
        else
            masks_free(&mine->cache);
    }
    st->masks = (const pl_masks *)have;
    return st->masks;
}

/* ---------------------------------------------------------------------- */
/* predicates with inputs: masks of each state's own */

/* A predicate with inputs (`depth(c) <= front`, front a local) has a mask
 * for each value of them.  A state keeps those it made for each such
 * predicate in a table of INPUT_ENTRIES, by a hash of the mover and the
 * inputs' values (a key that meets another's place takes it): made on a
 * scratch state of its own (the inputs copied in, the predicate run for
 * every cell, as for the shared masks), they are found again while the
 * values repeat (a front row computed once per move takes a few).  A
 * predicate whose inputs keep changing (a key missed more than one time
 * in INPUT_MISS_RATIO, past the first INPUT_WARMUP misses) is left to its
 * loop from then on in this state: a mask costs a run for every cell. */
enum { INPUT_ENTRIES = 64, INPUT_WARMUP = 64, INPUT_MISS_RATIO = 8,
       INPUT_KEY = 1 + PL_PRED_MAX_INPUTS * PL_MAX_PLAYERS };

typedef struct input_entry {
    int32_t key[INPUT_KEY];
    int8_t used, ok;          /* ok 0: the predicate failed on a cell: no mask */
} input_entry;

typedef struct input_pred {
    long lookups, misses;
    int disabled, last;       /* last: the entry found last, looked at first */
    int nslots;               /* the key: the mover, then these slots of the state */
    int32_t slots[INPUT_KEY - 1];
    input_entry *entry;       /* INPUT_ENTRIES, made on first use */
    uint64_t *bits;           /* INPUT_ENTRIES * nwords */
} input_pred;

struct pl_input_masks {
    pl_state *scratch;        /* where the predicates run */
    int npreds;
    input_pred *pred;         /* npreds */
};

void pl_input_masks_free(struct pl_input_masks *im)
{
    if (!im)
        return;
    pl_state_free(im->scratch);
    for (int k = 0; k < im->npreds; k++) {
        free(im->pred[k].entry);
        free(im->pred[k].bits);
    }
    free(im->pred);
    free(im);
}

/* The slots of st that predicate k's inputs are, in ip->slots: a local's,
 * a game variable's, each player's of a player variable. */
static void input_slots(input_pred *ip, const pl_program *p, const pl_pred_inputs *in)
{
    int np = p->nplayers;
    ip->nslots = 0;
    for (int i = 0; i < in->n; i++) {
        int32_t id = in->what[i].id;
        switch (in->what[i].kind) {
        case PL_PRED_LOCAL: ip->slots[ip->nslots++] = p->nslots + id; break;
        case PL_PRED_VAR: ip->slots[ip->nslots++] = p->var_base + id; break;
        default:
            for (int pl = 0; pl < np; pl++)
                ip->slots[ip->nslots++] = p->pvar_base + id * np + pl;
        }
    }
}

/* Predicate k on every cell into bits, on the scratch state with the
 * inputs of key (the mover, then the values of ip's slots); 0 when it
 * failed on some cell. */
static int tabulate_input(pl_state *t, int k, const input_pred *ip, const int32_t *key,
                          uint64_t *bits)
{
    for (int i = 0; i < ip->nslots; i++)
        t->slot[ip->slots[i]] = key[i + 1];
    t->budget = t->step_budget;   /* one budget for the cells, as masks_build */
    return predicate_bits(t, k, key[0], bits);
}

static int same_key(const int32_t *a, const int32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static int key_slot(const int32_t *key, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint32_t)key[i]) * 0x100000001b3ull;
    return (int)((h ^ h >> 29) & (INPUT_ENTRIES - 1));
}

const uint64_t *pl_input_mask(pl_state *st, const pl_masks *m, int k)
{
    struct pl_input_masks *im = st->input_masks;
    if (!im) {
        im = st->input_masks = pl_calloc(1, sizeof *im);
        im->npreds = m->npreds;
        im->pred = pl_calloc((size_t)m->npreds + 1, sizeof *im->pred);
    }
    input_pred *ip = &im->pred[k];
    if (!ip->entry) {
        ip->entry = pl_calloc(INPUT_ENTRIES, sizeof *ip->entry);
        ip->bits = pl_calloc((size_t)INPUT_ENTRIES * (size_t)m->nwords, sizeof *ip->bits);
        input_slots(ip, st->prog, &m->inputs[k]);
    }
    int32_t key[INPUT_KEY];
    int n = 1 + ip->nslots;
    key[0] = st->mover;
    for (int i = 0; i < ip->nslots; i++)
        key[i + 1] = st->slot[ip->slots[i]];
    ip->lookups++;
    int e = ip->last;
    if (!ip->entry[e].used || !same_key(ip->entry[e].key, key, n))
        e = key_slot(key, n);
    input_entry *at = &ip->entry[e];
    uint64_t *bits = ip->bits + (size_t)e * (size_t)m->nwords;
    if (at->used && same_key(at->key, key, n)) {
        ip->last = e;
        return at->ok ? bits : NULL;
    }
    if (ip->disabled)
        return NULL;
    if (++ip->misses > INPUT_WARMUP && ip->misses * INPUT_MISS_RATIO > ip->lookups) {
        ip->disabled = 1;
        return NULL;
    }
    if (!im->scratch) {
        im->scratch = pl_state_new(st->prog);
        im->scratch->step_budget = st->step_budget;
        im->scratch->masks = m;
    }
    memcpy(at->key, key, (size_t)n * sizeof *key);
    at->used = 1;
    at->ok = (int8_t)tabulate_input(im->scratch, k, ip, key, bits);
    ip->last = e;
    return at->ok ? bits : NULL;
}
