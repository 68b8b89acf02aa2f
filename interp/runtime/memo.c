/*
 * memo.c -- repeated continuations pruned during move generation.
 *
 * A move program with a loop of choices can reach the same point many
 * times by different routes: a piece bounced along different paths lands
 * on the same square, and each route then tries every way of finishing
 * from there again; in one shipped game three yields in four were moves
 * already generated, which the move list drops by their text.  What a way does
 * from a point on depends only on what it can read there: the position
 * (slots, in the state's hash), the move text written so far, whether it
 * is a pass, and the locals it reads before writing them (its *live*
 * locals; scratch marks are locals too).  When a way reaches a point with
 * all of these equal to an earlier way's, everything it would yield has
 * been yielded with the same text and the same effects: it stops there.
 *
 * Where: the second branch of each `either` (a FORK's target) that lies
 * on a cycle of the code, the places where routes meet.  The live locals
 * of each come from a backward dataflow over the bytecode, conservative
 * where an instruction's use of a local is not known (an operand naming a
 * local counts as a read).  `first` counts yields, duplicates included,
 * to decide whether its alternative runs: the key holds the number of
 * `first` decisions taken so far, so a way is only pruned against one
 * that ran under the same decisions.  Only full generation (VM_GEN) prunes;
 * explain, sampling and the existence tests follow every way.
 *
 * The plan is built once per program and shared (atomic publication like
 * the sample plan); each state keeps its own table of keys, tagged with
 * the generation they belong to so that it never needs clearing.
 */
#include <stdlib.h>
#include <string.h>
#include "state_int.h"

static void plan_free(pl_program_cache *cache)
{
    pl_memo_plan *m = (pl_memo_plan *)cache;
    free(m->point_of);
    free(m->live_off);
    free(m->live);
    free(m);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xbf58476d1ce4e5b9ull;
}

static int width(const pl_program *p, int pc) { return 1 + pl_opinfo_table[p->code[pc]].nops; }

#define SET(v, l) ((l) >= 0 && (l) < p->nlocals ? (v)[(l) >> 6] |= 1ull << ((l) & 63) : 0)
/* The locals set s reads: its arguments, or for set algebra those of its
 * operands (a tree of at most PL_LIMIT_SET_TREE sets, the verifier says). */
static void set_reads(const pl_program *p, int s, uint64_t *r)
{
    const pl_setdesc *d = &p->sets[s];
    if (pl_setkind_table[d->kind].args == PL_SETARGS_SETS) {
        set_reads(p, d->arg0, r);
        if (d->arg1 >= 0)
            set_reads(p, d->arg1, r);
    } else if (pl_setkind_table[d->kind].args == PL_SETARGS_FILTER) {
        for (int k = 0; k < pl_bits_words(p->ncells); k++)   /* its bitset */
            SET(r, d->arg1 + k);
    } else {
        SET(r, d->arg0);
        SET(r, d->arg1);
    }
    SET(r, d->player);
}

/* The locals an instruction reads (set bits in r) and surely writes (w). */
static void uses(const pl_program *p, int pc, uint64_t *r, uint64_t *w)
{
    const int32_t *code = p->code;
    const pl_opinfo *in = &pl_opinfo_table[code[pc]];
    for (int k = 0; k < in->nops; k++) {
        int32_t a = code[pc + 1 + k];
        if (in->kind[k] == PL_K_LOCAL)
            SET(r, a);
        if (in->kind[k] == PL_K_SET && a >= 0 && a < p->nsets)
            set_reads(p, a, r);
    }
    switch (code[pc]) {
    case PL_OP_STORE: case PL_OP_ASSIGN:
        r[code[pc + 1] >> 6] &= ~(1ull << (code[pc + 1] & 63));   /* a write only */
        SET(w, code[pc + 1]);
        break;
    case PL_OP_STEPTO:
        if (code[pc + 3] != code[pc + 1] && code[pc + 3] != code[pc + 2])
            r[code[pc + 3] >> 6] &= ~(1ull << (code[pc + 3] & 63));
        SET(w, code[pc + 3]);
        break;
    case PL_OP_PICK:
        r[code[pc + 2] >> 6] &= ~(1ull << (code[pc + 2] & 63));
        SET(w, code[pc + 2]);
        break;
    case PL_OP_SMARKED: case PL_OP_SSETMARK:   /* the marks of every cell */
        for (int c = 0; c < p->ncells; c++)
            SET(r, code[pc + 1] + c);
        break;
    case PL_OP_BITSCLEAR:                       /* a whole bitset, written */
        for (int k = 0; k < pl_bits_words(p->ncells); k++) {
            int32_t l = code[pc + 1] + k;
            if (l >= 0 && l < p->nlocals)
                r[l >> 6] &= ~(1ull << (l & 63));
            SET(w, l);
        }
        break;
    case PL_OP_BITSADD:                         /* one bit of a bitset: read and written */
        for (int k = 0; k < pl_bits_words(p->ncells); k++)
            SET(r, code[pc + 1] + k);
        break;
    default:
        break;
    }
#undef SET
}

/* Does the instruction at `from` lie on a cycle of the code? */
static int on_cycle(const pl_program *p, int from, uint8_t *seen, int32_t *todo)
{
    memset(seen, 0, (size_t)p->ncode);
    int n = 0;
    int32_t next[2];
    for (int k = pl_code_successors(p, from, next), i = 0; i < k; i++)
        if (next[i] >= 0 && next[i] < p->ncode && !seen[next[i]])
            seen[next[i]] = 1, todo[n++] = next[i];
    while (n > 0) {
        int pc = todo[--n];
        if (pc == from)
            return 1;
        for (int k = pl_code_successors(p, pc, next), i = 0; i < k; i++)
            if (next[i] >= 0 && next[i] < p->ncode && !seen[next[i]])
                seen[next[i]] = 1, todo[n++] = next[i];
    }
    return 0;
}

/* live[pc]: the locals some way from pc reads before writing them. */
static uint64_t *liveness(const pl_program *p, int words, const uint8_t *start)
{
    size_t n = (size_t)p->ncode * (size_t)words;
    uint64_t *live = pl_calloc(n + 1, sizeof *live);
    uint64_t *r = pl_malloc((size_t)words * sizeof *r), *w = pl_malloc((size_t)words * sizeof *w);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int pc = p->ncode - 1; pc >= 0; pc--) {
            if (!start[pc])
                continue;
            memset(r, 0, (size_t)words * sizeof *r);
            memset(w, 0, (size_t)words * sizeof *w);
            uses(p, pc, r, w);
            int32_t next[2];
            uint64_t *out = live + (size_t)pc * (size_t)words;
            for (int k = pl_code_successors(p, pc, next), i = 0; i < k; i++) {
                if (next[i] < 0 || next[i] >= p->ncode)
                    continue;
                const uint64_t *in = live + (size_t)next[i] * (size_t)words;
                for (int j = 0; j < words; j++) {
                    uint64_t v = out[j] | r[j] | (in[j] & ~w[j]);
                    if (v != out[j])
                        out[j] = v, changed = 1;
                }
            }
            for (int j = 0; j < words; j++) {
                uint64_t v = out[j] | r[j];
                if (v != out[j])
                    out[j] = v, changed = 1;
            }
        }
    }
    free(r);
    free(w);
    return live;
}

/* The live locals of point `from` again, along the ways that can run:
 * a forward walk that knows the constants stored in locals (PUSH c;
 * STORE/ASSIGN l) and follows only the branch a JUMPF/JUMPT on such a
 * local takes.  The backward dataflow cannot tell that `set going = 0`
 * ends a `while going` loop, and would count every local the loop body
 * reads (every scratch mark, say).  Walks (pc, written locals, known
 * constants) at most once each, within a budget; 0 when it runs out (the
 * dataflow's answer stands). */
enum { WALK_BUDGET = 1 << 16, WALK_CONSTS = 8 };

typedef struct {
    int32_t pc;
    int nconst;
    int32_t local[WALK_CONSTS], value[WALK_CONSTS];
    int has_top;          /* the value on top of the stack is known: top */
    int32_t top;
    uint64_t *written;    /* words of locals this way wrote */
} walk_state;

typedef struct {
    const pl_program *p;
    int words;
    uint64_t *live;       /* the answer */
    uint64_t *seen;       /* hashes of walked states (open addressing) */
    int seen_cap, steps;
} walker;

static int known(const walk_state *w, int32_t l, int32_t *v)
{
    for (int i = 0; i < w->nconst; i++)
        if (w->local[i] == l) {
            *v = w->value[i];
            return 1;
        }
    return 0;
}

static void forget(walk_state *w, int32_t l)
{
    for (int i = 0; i < w->nconst; i++)
        if (w->local[i] == l) {
            w->local[i] = w->local[--w->nconst];
            w->value[i] = w->value[w->nconst];
            return;
        }
}

/* 1 the first time this state is seen. */
static int first_visit(walker *k, const walk_state *w)
{
    uint64_t h = mix((uint64_t)w->pc, (uint64_t)w->has_top << 32 | (uint32_t)w->top);
    for (int j = 0; j < k->words; j++)
        h = mix(h, w->written[j]);
    uint64_t c = 0;
    for (int i = 0; i < w->nconst; i++)
        c += mix((uint64_t)(uint32_t)w->local[i], (uint64_t)(uint32_t)w->value[i]);
    h = mix(h, c) | 1;
    size_t mask = (size_t)k->seen_cap - 1, j = (size_t)h & mask;
    for (; k->seen[j]; j = (j + 1) & mask)
        if (k->seen[j] == h)
            return 0;
    k->seen[j] = h;
    return 1;
}

static int walk(walker *k, walk_state *w)
{
    const pl_program *p = k->p;
    const int32_t *code = p->code;
    uint64_t r[k->words], wr[k->words];
    while (w->pc >= 0 && w->pc < p->ncode) {
        if (++k->steps > WALK_BUDGET)
            return 0;
        if (!first_visit(k, w))
            return 1;
        int pc = w->pc, op = code[pc];
        memset(r, 0, sizeof r);
        memset(wr, 0, sizeof wr);
        uses(p, pc, r, wr);
        for (int j = 0; j < k->words; j++) {
            k->live[j] |= r[j] & ~w->written[j];
            w->written[j] |= wr[j];
        }
        int32_t v, next[2];
        int has_top = 0, top = 0;
        switch (op) {
        case PL_OP_PUSH: has_top = 1, top = code[pc + 1]; break;
        case PL_OP_LOAD: has_top = known(w, code[pc + 1], &v), top = has_top ? v : 0; break;
        case PL_OP_STORE: case PL_OP_ASSIGN:
            forget(w, code[pc + 1]);
            if (w->has_top && w->nconst < WALK_CONSTS) {
                w->local[w->nconst] = code[pc + 1];
                w->value[w->nconst++] = w->top;
            }
            break;
        case PL_OP_BITSCLEAR: case PL_OP_BITSADD: case PL_OP_MASKBITS:   /* a whole bitset */
            for (int i = 0; i < pl_bits_words(p->ncells); i++)
                forget(w, code[pc + (op == PL_OP_MASKBITS ? 3 : 1)] + i);
            break;
        default:
            for (int i = 0; i < pl_opinfo_table[op].nops; i++)
                if (pl_opinfo_table[op].kind[i] == PL_K_LOCAL)
                    forget(w, code[pc + 1 + i]);   /* written, maybe */
            break;
        }
        if ((op == PL_OP_JUMPF || op == PL_OP_JUMPT) && w->has_top) {
            w->pc = (w->top != 0) == (op == PL_OP_JUMPT) ? code[pc + 1] : pc + 2;
            w->has_top = 0;
            continue;
        }
        w->has_top = has_top;
        w->top = top;
        int n = pl_code_successors(p, pc, next);
        if (n == 0)
            return 1;
        if (n == 2) {     /* the other branch on a copy */
            uint64_t written[k->words];
            memcpy(written, w->written, sizeof written);
            walk_state other = *w;
            other.written = written;
            other.pc = next[1];
            other.has_top = 0;
            if (!walk(k, &other))
                return 0;
        }
        if (n == 2)
            w->has_top = 0;
        w->pc = next[0];
    }
    return 1;
}

/* live (words) := the locals read from `from` on, along runnable ways;
 * 0 when the walk ran out of budget. */
static int live_by_walk(const pl_program *p, int from, int words, uint64_t *live)
{
    walker k = { .p = p, .words = words, .live = live, .seen_cap = 2 * WALK_BUDGET };
    k.seen = pl_calloc((size_t)k.seen_cap, sizeof *k.seen);
    uint64_t written[words];
    memset(written, 0, sizeof written);
    memset(live, 0, (size_t)words * sizeof *live);
    walk_state w = { .pc = from, .written = written };
    int ok = walk(&k, &w);
    free(k.seen);
    return ok;
}

static pl_memo_plan *plan_build(const pl_program *p)
{
    pl_memo_plan *m = pl_calloc(1, sizeof *m);
    m->cache.free = plan_free;
    m->point_of = pl_malloc(((size_t)p->ncode + 1) * sizeof *m->point_of);
    for (int pc = 0; pc <= p->ncode; pc++)
        m->point_of[pc] = -1;
    uint8_t *start = pl_calloc((size_t)p->ncode + 1, 1), *seen = pl_malloc((size_t)p->ncode + 1);
    int32_t *todo = pl_malloc(((size_t)p->ncode + 1) * sizeof *todo);
    int32_t *points = pl_malloc(((size_t)p->ncode + 1) * sizeof *points);
    for (int pc = 0; pc < p->ncode; pc += width(p, pc))
        start[pc] = 1;
    for (int pc = 0; pc < p->ncode; pc += width(p, pc)) {
        int32_t t = p->code[pc] == PL_OP_FORK ? p->code[pc + 1] : -1;
        if (t >= 0 && t < p->ncode && m->point_of[t] < 0 && on_cycle(p, pc, seen, todo)) {
            m->point_of[t] = m->npoints;
            points[m->npoints++] = t;
        }
    }
    m->live_off = pl_calloc((size_t)m->npoints + 1, sizeof *m->live_off);
    if (m->npoints > 0) {
        int words = (p->nlocals + 63) / 64;
        uint64_t *live = liveness(p, words, start);
        int nlive = 0;
        for (int k = 0; k < m->npoints; k++) {
            uint64_t *l = live + (size_t)points[k] * (size_t)words;
            uint64_t *walked = pl_calloc((size_t)words, sizeof *walked);
            if (live_by_walk(p, points[k], words, walked))
                memcpy(l, walked, (size_t)words * sizeof *l);
            free(walked);
            for (int j = 0; j < words; j++)
                nlive += __builtin_popcountll(l[j]);
        }
        m->live = pl_malloc(((size_t)nlive + 1) * sizeof *m->live);
        nlive = 0;
        for (int k = 0; k < m->npoints; k++) {
            const uint64_t *l = live + (size_t)points[k] * (size_t)words;
            m->live_off[k] = nlive;
            for (int j = 0; j < words; j++)
                for (uint64_t b = l[j]; b; b &= b - 1)
                    m->live[nlive++] = j * 64 + __builtin_ctzll(b);
        }
        m->live_off[m->npoints] = nlive;
        free(live);
    }
    free(start);
    free(seen);
    free(todo);
    free(points);
    return m;
}

const pl_memo_plan *pl_memo_plan_of(pl_state *st)
{
    pl_program *prog = (pl_program *)st->prog;
    pl_program_cache *have = atomic_load_explicit(&prog->memo_plan, memory_order_acquire);
    if (!have) {
        pl_memo_plan *mine = plan_build(prog);
        if (atomic_compare_exchange_strong_explicit(&prog->memo_plan, &have, &mine->cache,
                                                    memory_order_acq_rel, memory_order_acquire))
            have = &mine->cache;
        else
            plan_free(&mine->cache);
    }
    return (const pl_memo_plan *)have;
}

/* The key of a way at memo point k: what the rest of it can read. */
static uint64_t way_key(const pl_state *st, const pl_memo_plan *m, int k)
{
    uint64_t h = mix(st_full_hash(st), (uint64_t)k);
    h = mix(h, (uint64_t)(uint32_t)st->first_epoch << 1 | (uint64_t)st->is_pass);
    const int32_t *locals = st->slot + st->nslots;
    for (int i = m->live_off[k]; i < m->live_off[k + 1]; i++)
        h = mix(h, (uint32_t)locals[m->live[i]]);
    h = mix(h, (uint64_t)st->text_len);
    for (int i = 0; i < st->text_len; i++)
        h = mix(h, (unsigned char)st->text[i]);
    return h | 1;     /* 0 marks a free entry */
}

static void table_grow(pl_state *st)
{
    int cap = st->memo_cap ? st->memo_cap * 2 : 1024;
    uint64_t *keys = pl_calloc((size_t)cap, sizeof *keys);
    uint32_t *gens = pl_calloc((size_t)cap, sizeof *gens);
    for (int i = 0; i < st->memo_cap; i++) {
        if (st->memo_gens[i] != st->memo_gen || !st->memo_keys[i])
            continue;
        size_t j = (size_t)st->memo_keys[i] & (size_t)(cap - 1);
        while (keys[j])
            j = (j + 1) & (size_t)(cap - 1);
        keys[j] = st->memo_keys[i];
        gens[j] = st->memo_gen;
    }
    free(st->memo_keys);
    free(st->memo_gens);
    st->memo_keys = keys;
    st->memo_gens = gens;
    st->memo_cap = cap;
}

int pl_memo_seen(pl_state *st, int k)
{
    const pl_memo_plan *m = st->memo;
    /* The key hashes the text and the live locals: a long text (a runaway
       loop's) would make each point met cost its length, so such a way
       goes on unpruned; and past a bound on the words one generation
       hashes, as on the bytes it records (VM_RECORD_UNITS_PER_STEP), the
       memo stops: the steps then cost what they cost without it. */
    int live = m->live_off[k + 1] - m->live_off[k];
    if (st->text_len > PL_MEMO_MAX_TEXT)
        return 0;
    st->memo_hashed += st->text_len + live;
    if (st->memo_hashed > st->step_budget * VM_RECORD_UNITS_PER_STEP)
        return 0;
    if ((st->memo_used + 1) * 2 > st->memo_cap)
        table_grow(st);
    uint64_t key = way_key(st, m, k);
    size_t mask = (size_t)st->memo_cap - 1, j = (size_t)key & mask;
    for (; st->memo_keys[j] && st->memo_gens[j] == st->memo_gen; j = (j + 1) & mask)
        if (st->memo_keys[j] == key)
            return 1;
    st->memo_keys[j] = key;
    st->memo_gens[j] = st->memo_gen;
    st->memo_used++;
    return 0;
}

void pl_memo_new_generation(pl_state *st)
{
    if (!st->memo)
        st->memo = pl_memo_plan_of(st);
    st->memo_used = 0;
    st->memo_hashed = 0;
    if (++st->memo_gen == 0) {      /* wrapped: forget every tag */
        if (st->memo_gens)
            memset(st->memo_gens, 0, (size_t)st->memo_cap * sizeof *st->memo_gens);
        st->memo_gen = 1;
    }
}
