/*
 * sample.c -- a uniform random legal move without generating them all:
 * random playouts (bench, MCTS, the random player) need one move per ply,
 * and generating every move with its text and effects to keep one of them
 * costs most of a playout.
 *
 * The method is exact rejection sampling over the ways of the move
 * program.  A way is one path from the entry to YIELD: one element for
 * each PICK, one branch for each FORK.  VM_SAMPLE follows one way, taking
 * each element of a PICK with the same chance (1/k) and each branch of a
 * FORK in proportion to a bound on the ways below it; `weight` is one over
 * the probability of the way taken.  A bound W on `weight` over all ways of
 * the position is known before starting (below), so accepting a finished
 * way with probability weight / W gives every way the same chance, 1/W,
 * per attempt.  Several ways may write the same text (the list keeps such a
 * move once): VM_COUNT counts the ways m that write the text found, and
 * the way is kept with probability 1/m, so every *move* has chance 1/W per
 * attempt.  VM_COUNT also records the move as generation would: the
 * effects of the first way with that text.  Rejected attempts start again;
 * after MAX_ATTEMPTS the position is generated in full and a move chosen
 * uniformly, which keeps the result exact, since every attempt gives each
 * move the same chance.
 *
 * `first { A } or { B }` has the moves of A when A has any: a nested
 * existence run (VM_ANY) decides, and the way goes on into the chosen
 * alternative.
 *
 * W comes from the choice skeleton (state_int.h), built once per program
 * from the bytecode and shared by its states (pl_sample_plan): a bound
 * per PICK (its set's largest size; for pieces or empty cells, their
 * number in this position when no effect before the PICK can add to it),
 * the sum of both branches for FORK (the larger, for branches that begin
 * with exclusive tests of one cell: mark_exclusive_forks), the larger
 * alternative for FIRST, 1
 * for YIELD, the largest next node after deterministic code.  The proof
 * needs every choice bounded (not a PICK over a range of integers) and no loop
 * around a choice (`repeat`/`while` with picks); otherwise the game
 * falls back to full generation and says why.  The block of a `possible`
 * is a test, not a part of the way: the sampling modes run it on its own
 * (VM_POSSIBLE), with the backtracking it needs.
 *
 * VM_COUNT prunes: it follows only ways whose text so far begins the
 * counted text and, for a PICK of a cell that every way from there writes
 * into the text, only cells whose name the text contains.  Where
 * distinct.c proves that different ways write different texts, there is
 * nothing to count: the sampled way records its move itself.
 *
 * Both methods are exact; which is cheaper depends on the game (few moves,
 * or deterministic tests that every attempt repeats, favour generating
 * them all).  The plan decides once per program: full generation when no
 * position can have MIN_WAYS_TO_SAMPLE ways (by the static bounds), else
 * by measuring both along a probe game from the start with a fixed seed
 * (sampling_pays), so the moves drawn depend only on the position and the
 * caller's generator, whichever state or thread built the plan.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "state_int.h"

/* Attempts before generating in full; and the bound below which full
 * generation is as cheap as sampling (a handful of moves: the attempts,
 * the counting run and the `first` tests would cost more), measured on
 * the shipped games. */
enum { MAX_ATTEMPTS = 32, PROBE_PLIES = 60 };
/* The sizes kept for the piece counts met (size_ways): entries, and the
 * most nodes a mover resizes for them to be kept (a few kilobytes). */
enum { SIZES_ENTRIES = 64, SIZES_MOST_NODES = 32, SIZES_PER_NODE = 5 };
#define MIN_WAYS_TO_SAMPLE 16     /* a macro: the message below spells it */
#define SPELL_(x) #x
#define SPELL(x) SPELL_(x)

/* ---------------------------------------------------------------------- */
/* building the choice skeleton */

typedef struct {
    const pl_program *p;
    pl_sample_plan *s;
    int32_t *stamp;           /* ncode: visit marks of reach() and friends */
    int32_t *todo;            /* 2 ncode: the work list of reach() and mark_after()
                                 (each pc pushed once, and once more as an op) */
    int32_t epoch;
    int edges_cap;
    int failed;
} builder;

static void fail(builder *b, const char *why, int pc)
{
    if (b->failed)
        return;
    b->failed = 1;
    const pl_program *p = b->p;
    int line = pc >= 0 && pc < p->ncode ? p->code_line[pc] : 0;
    if (line > 0)
        snprintf(b->s->why, sizeof b->s->why, "%s (line %d)", why, line);
    else
        snprintf(b->s->why, sizeof b->s->why, "%s", why);
}

static int is_choice(int op)
{
    return op == PL_OP_PICK || op == PL_OP_FORK || op == PL_OP_FIRST || op == PL_OP_YIELD;
}

static int node_at(builder *b, int pc)
{
    pl_sample_plan *s = b->s;
    if (s->node_of[pc] < 0) {
        pl_snode *n = &s->nodes[s->nnodes];
        memset(n, 0, sizeof *n);
        n->pc = pc;
        n->op = b->p->code[pc];
        s->node_of[pc] = s->nnodes++;
    }
    return s->node_of[pc];
}

static void add_edge(builder *b, int node)
{
    pl_sample_plan *s = b->s;
    PL_GROW(s->edges, b->edges_cap, s->nedges + 1);
    s->edges[s->nedges++] = node;
}

static int code_successors(const pl_program *p, int pc, int32_t next[2])
{
    const int32_t *code = p->code;
    switch (code[pc]) {
    case PL_OP_JUMP: next[0] = code[pc + 1]; return 1;
    case PL_OP_JUMPF:
    case PL_OP_JUMPT: next[0] = pc + 2; next[1] = code[pc + 1]; return 2;
    case PL_OP_NEXT:
    case PL_OP_MASKAGG: next[0] = pc + 5; next[1] = code[pc + 4]; return 2;
    case PL_OP_FAIL:
    case PL_OP_RESULT:
    case PL_OP_RETURN:
    case PL_OP_YIELD: return 0;
    case PL_OP_PICK: next[0] = pc + 3; return 1;
    case PL_OP_FORK:
    case PL_OP_FIRST:
    case PL_OP_TRY: next[0] = pc + 2; next[1] = code[pc + 1]; return 2;
    default: next[0] = pc + 1 + pl_opinfo_table[code[pc]].nops; return 1;
    }
}

/* Only successors inside the code: the verifier refuses a path that runs
 * off its end from an entry, but the analyses also walk code no entry
 * reaches, which hand-made bytecode may end with a fall-through. */
int pl_code_successors(const pl_program *p, int pc, int32_t next[2])
{
    int k = code_successors(p, pc, next), n = 0;
    for (int i = 0; i < k; i++)
        if (next[i] >= 0 && next[i] < p->ncode)
            next[n++] = next[i];
    return n;
}

void pl_code_mark_reachable(const pl_program *p, int32_t *todo, int n, uint8_t *reached)
{
    while (n > 0) {
        int pc = todo[--n];
        int32_t next[2];
        int k = pl_code_successors(p, pc, next);
        for (int i = 0; i < k; i++)
            if (!reached[next[i]]) {
                reached[next[i]] = 1;
                todo[n++] = next[i];
            }
    }
}

/* The block of the `possible` whose TRY is at pc, as the compiler lays it
 * out: every instruction it can reach before its OK lies between the TRY
 * and the TRY's target, none yields, and the OK is just before the target
 * (where both answers go on).  The sampling modes then run the block on
 * its own (VM_POSSIBLE).  Hand-made bytecode that jumps out is refused. */
static int possible_block_closed(builder *b, int pc)
{
    const pl_program *p = b->p;
    int32_t target = p->code[pc + 1];
    if (target <= pc + 2 || p->code[target - 1] != PL_OP_OK)
        return 0;
    uint8_t *seen = pl_calloc((size_t)(target - pc) + 1, 1);
    int32_t *todo = pl_malloc(((size_t)(target - pc) + 1) * sizeof *todo);
    int n = 0, ok = 1;
    todo[n++] = pc + 2;
    seen[2] = 1;
    while (n > 0 && ok) {
        int at = todo[--n], op = p->code[at];
        if (op == PL_OP_OK)
            continue;
        if (op == PL_OP_YIELD || op == PL_OP_PASS) {
            ok = 0;
            break;
        }
        int32_t next[2];
        int k = pl_code_successors(p, at, next);
        for (int i = 0; i < k && ok; i++) {
            if (next[i] <= pc || next[i] >= target)
                ok = 0;
            else if (!seen[next[i] - pc]) {
                seen[next[i] - pc] = 1;
                todo[n++] = next[i];
            }
        }
    }
    free(seen);
    free(todo);
    return ok;
}

/* The nodes that deterministic code from pc can reach first: appended to
 * the edges, as a group [*from, *to). */
static void reach(builder *b, int start, int32_t group[2])
{
    const pl_program *p = b->p;
    group[0] = b->s->nedges;
    int32_t epoch = ++b->epoch, *todo = b->todo;
    int n = 0;
    todo[n++] = start;
    b->stamp[start] = epoch;
    while (n > 0 && !b->failed) {
        int pc = todo[--n], op = p->code[pc];
        if (op == PL_OP_OK) {
            fail(b, "an OK outside its `possible` block", pc);
            break;
        }
        if (op == PL_OP_TRY) {   /* a test: the sampled way goes on after it */
            if (!possible_block_closed(b, pc)) {
                fail(b, "a `possible` block that does not end at its OK", pc);
                break;
            }
            int32_t after = p->code[pc + 1];
            if (b->stamp[after] != epoch) {
                b->stamp[after] = epoch;
                todo[n++] = after;
            }
            continue;
        }
        if (is_choice(op)) {
            add_edge(b, node_at(b, pc));
            continue;
        }
        int32_t next[2];
        int k = pl_code_successors(p, pc, next);
        for (int i = 0; i < k; i++)
            if (b->stamp[next[i]] != epoch) {
                b->stamp[next[i]] = epoch;
                todo[n++] = next[i];
            }
    }
    group[1] = b->s->nedges;
}

/* The set a filtered set (WHERE) takes its cells from, as far down as
 * they go: a bound on it bounds the filtered set too, and `pick c in
 * pieces(mover) where C` keeps the bound of pieces(mover) in this
 * position (pick_size_now). */
static const pl_setdesc *unfiltered(const pl_program *p, const pl_setdesc *d)
{
    while (d->kind == PL_SET_WHERE && d->arg0 >= 0 && d->arg0 < p->nsets)
        d = &p->sets[d->arg0];
    return d;
}

/* The static bound of a PICK's set, or -1 when it has none. */
static int32_t set_bound(const pl_program *p, const pl_setdesc *d)
{
    int np = p->nplayers, most = 0;
    const pl_sided_table *t = d->kind == PL_SET_DIRS || d->kind == PL_SET_LEAPS ? &p->dsets : &p->regions;
    switch (d->kind) {
    case PL_SET_CELLS:
    case PL_SET_EMPTY:
    case PL_SET_PIECES:
    case PL_SET_GROUP:
    case PL_SET_BORDER:
    case PL_SET_UNION:
    case PL_SET_INTER:
    case PL_SET_MINUS:
    case PL_SET_AROUND:
    case PL_SET_GROUPS:
    case PL_SET_WHERE: return p->ncells;
    case PL_SET_BETWEEN: return p->ncols > p->nrows ? p->ncols : p->nrows;
    case PL_SET_SLIDE:
    case PL_SET_REACH:      /* a straight line, then perhaps one extra cell */
        return (p->ncols > p->nrows ? p->ncols : p->nrows) + 1;
    case PL_SET_REGION:
    case PL_SET_DIRS:
    case PL_SET_LEAPS:
        /* the largest side covers every player */
        for (int pl = 0; pl < np; pl++) {
            int k = d->id * np + pl;
            int size = t->offset[k + 1] - t->offset[k];
            if (size > most)
                most = size;
        }
        return most;
    default: return -1;       /* a range of integers: no bound */
    }
}

/* pcs reachable from the instruction after one of opcode `op`: a PICK
 * there may see the board changed by it.  Moving a piece keeps the number
 * of pieces of each player and of empty cells; only PLACE (PLACEATTR) adds a piece and
 * only REMOVE adds an empty cell, so a PICK over pieces after no PLACE, or
 * over empty cells after no REMOVE, has at most as many elements as now. */
static void mark_after(builder *b, int op, uint8_t *after)
{
    const pl_program *p = b->p;
    int32_t *todo = b->todo;
    int n = 0;
    memset(after, 0, (size_t)p->ncode);
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        if (p->code[pc] == op || (op == PL_OP_REMOVE && p->code[pc] == PL_OP_REMOVESET) ||
            (op == PL_OP_PLACE && p->code[pc] == PL_OP_PLACEATTR))
            todo[n++] = pc;
    pl_code_mark_reachable(p, todo, n, after);
}

/* What writes_in_text decides at pc alone: 1 or 0, or -1 when the answer
 * is that of the instructions after it (next[0..*k), the TRY's target
 * only: the text of a `possible` block is undone). */
static int text_step(const pl_program *p, int pc, int32_t l, int32_t next[2], int *k)
{
    const int32_t *code = p->code;
    int op = code[pc];
    if (op == PL_OP_YIELD)
        return 0;
    if ((op == PL_OP_LOAD && code[pc + 1] == l && code[pc + 2] == PL_OP_TEXTCELL) ||
        (op == PL_OP_LOAD2 && code[pc + 2] == l && code[pc + 3] == PL_OP_TEXTCELL) ||
        (op == PL_OP_TEXTLOC && code[pc + 1] == l))
        return 1;
    if (((op == PL_OP_STORE || op == PL_OP_ASSIGN) && code[pc + 1] == l) ||
        (op == PL_OP_STEPTO && code[pc + 3] == l) ||
        (op == PL_OP_PICK && code[pc + 2] == l) ||
        (op == PL_OP_NEXT && (code[pc + 2] == l || code[pc + 3] == l)))
        return 0;
    if (op == PL_OP_FAIL || op == PL_OP_RESULT || op == PL_OP_RETURN)
        return 1;
    if (op == PL_OP_TRY) {
        next[0] = code[pc + 1];
        *k = 1;
    } else {
        *k = pl_code_successors(p, pc, next);
    }
    return -1;
}

/* Does every way from pc write local `l` into the text (LOAD l; TEXTCELL,
 * LOAD2 _ l; TEXTCELL, or TEXTLOC l) before it yields or writes l again?  Ways that
 * fail do not matter; a loop back to a pc being examined is assumed to (it
 * either reaches one of the other answers or never ends).  A depth-first
 * walk with a stack of its own: straight code as long as the program
 * (thousands of instructions) would overflow the C stack by recursion. */
static int writes_in_text(builder *b, int pc, int32_t l, int32_t epoch, uint8_t *memo)
{
    const pl_program *p = b->p;
    struct frame { int32_t pc, next[2]; int8_t k, i, ok; } *st =
        pl_malloc(((size_t)p->ncode + 1) * sizeof *st);
    int sp = 0, result = 1;
    int32_t at = pc;
    for (;;) {
        /* enter `at`: its answer now, or a frame for its successors */
        int answer;
        if (b->stamp[at] == epoch) {
            answer = memo[at];
        } else {
            b->stamp[at] = epoch;
            memo[at] = 1;     /* while open: a loop back to it is assumed to */
            struct frame *f = &st[sp];
            int k = 0;
            answer = text_step(p, at, l, f->next, &k);
            if (answer < 0) {
                f->pc = at;
                f->k = (int8_t)k;
                f->i = 0;
                f->ok = 1;
                sp++;
            } else {
                memo[at] = (uint8_t)answer;
            }
        }
        /* go on with the innermost open frame */
        for (;;) {
            if (answer >= 0) {
                if (sp == 0) {
                    result = answer;
                    goto done;
                }
                st[sp - 1].ok = (int8_t)(st[sp - 1].ok && answer);
            }
            struct frame *f = &st[sp - 1];
            if (f->ok && f->i < f->k) {
                at = f->next[f->i++];
                break;
            }
            memo[f->pc] = (uint8_t)f->ok;
            answer = f->ok;
            sp--;
        }
    }
done:
    free(st);
    return result;
}

/* Order the nodes so that each comes after every node it reaches; -1, or
 * the pc of a node that reaches itself (a loop around a choice). */
static int order_nodes(pl_sample_plan *s)
{
    int looping = -1;
    uint8_t *state = pl_calloc((size_t)s->nnodes + 1, 1); /* 0 new, 1 open, 2 done */
    int32_t *stack = pl_malloc(((size_t)s->nnodes + 1) * 2 * sizeof *stack);
    int norder = 0, ok = 1;
    for (int root = 0; root < s->nnodes && ok; root++) {
        if (state[root])
            continue;
        int sp = 0;
        stack[sp++] = root;
        stack[sp++] = 0;      /* next edge to follow, over both groups */
        state[root] = 1;
        while (sp > 0 && ok) {
            int v = stack[sp - 2], e = stack[sp - 1];
            const pl_snode *n = &s->nodes[v];
            int n0 = n->group[0][1] - n->group[0][0], n1 = n->group[1][1] - n->group[1][0];
            if (e < n0 + n1) {
                stack[sp - 1]++;
                int w = s->edges[e < n0 ? n->group[0][0] + e : n->group[1][0] + e - n0];
                if (state[w] == 1) {
                    ok = 0;
                    looping = s->nodes[w].pc;
                }
                else if (state[w] == 0) {
                    state[w] = 1;
                    stack[sp++] = w;
                    stack[sp++] = 0;
                }
            } else {
                state[v] = 2;
                s->order[norder++] = v;
                sp -= 2;
            }
        }
    }
    free(state);
    free(stack);
    return looping;
}

static void build_nodes(builder *b)
{
    const pl_program *p = b->p;
    pl_sample_plan *s = b->s;
    for (int pl = 0; pl < p->nplayers && !b->failed; pl++)
        reach(b, p->entry_moves[pl], s->entry[pl]);
    /* nodes are appended while their successors are found */
    for (int i = 0; i < s->nnodes && !b->failed; i++) {
        int pc = s->nodes[i].pc, op = s->nodes[i].op;
        int32_t g[2][2] = {{0, 0}, {0, 0}};
        if (op == PL_OP_PICK) {
            reach(b, pc + 3, g[0]);
        } else if (op == PL_OP_FORK || op == PL_OP_FIRST) {
            reach(b, pc + 2, g[0]);
            reach(b, p->code[pc + 1], g[1]);
        }
        memcpy(s->nodes[i].group, g, sizeof g);
    }
}

/* Bounds and flags of the PICK nodes. */
static void describe_picks(builder *b)
{
    const pl_program *p = b->p;
    pl_sample_plan *s = b->s;
    uint8_t *after_place = pl_calloc((size_t)p->ncode + 1, 1);
    uint8_t *after_remove = pl_calloc((size_t)p->ncode + 1, 1);
    uint8_t *memo = pl_malloc((size_t)p->ncode + 1);
    mark_after(b, PL_OP_PLACE, after_place);
    mark_after(b, PL_OP_REMOVE, after_remove);
    for (int i = 0; i < s->nnodes && !b->failed; i++) {
        pl_snode *n = &s->nodes[i];
        if (n->op != PL_OP_PICK)
            continue;
        const pl_setdesc *d = unfiltered(p, &p->sets[p->code[n->pc + 1]]);
        n->bound = set_bound(p, d);
        if (n->bound < 0) {
            fail(b, "a pick over a range of integers has no bound", n->pc);
            break;
        }
        n->popcount = (d->kind == PL_SET_PIECES && !after_place[n->pc]) ||
                      (d->kind == PL_SET_EMPTY && !after_remove[n->pc]);
        n->named = d->kind != PL_SET_DIRS && d->kind != PL_SET_RANGE &&
                   writes_in_text(b, n->pc + 3, p->code[n->pc + 2], ++b->epoch, memo);
    }
    free(after_place);
    free(after_remove);
    free(memo);
}

/* The table of cell names, to find the cells a move text names; 0 when
 * a name is empty or longer than 63 characters (it could not prune). */
static int index_names(const pl_program *p, pl_sample_plan *s)
{
    int cap = 16, ok = 1;
    while (cap < 2 * p->ncells)
        cap *= 2;
    s->names = pl_malloc((size_t)cap * sizeof *s->names);
    s->names_cap = cap;
    for (int i = 0; i < cap; i++)
        s->names[i] = -1;
    for (int c = 0; c < p->ncells; c++) {
        size_t len = strlen(p->cell_names[c]);
        if (len == 0 || len > 63) {
            ok = 0;
            continue;
        }
        s->name_lengths |= 1ull << len;
        size_t k = (size_t)pl_hash_bytes_nocase(PL_FNV_OFFSET, p->cell_names[c], len) & (size_t)(cap - 1);
        while (s->names[k] >= 0)
            k = (k + 1) & (size_t)(cap - 1);
        s->names[k] = c;
    }
    return ok;
}

/* The FIRSTs that only deterministic code from an entry reaches (in an
 * entry group, after no choice): their decision is made once a position. */
static void mark_top_firsts(pl_sample_plan *s)
{
    for (int i = 0; i < s->nnodes; i++)
        s->nodes[i].top = 0;
    for (int pl = 0; pl < PL_MAX_PLAYERS; pl++)
        for (int e = s->entry[pl][0]; e < s->entry[pl][1]; e++)
            s->nodes[s->edges[e]].top = s->nodes[s->edges[e]].op == PL_OP_FIRST;
    for (int i = 0; i < s->nnodes; i++)
        for (int g = 0; g < 2; g++)
            for (int e = s->nodes[i].group[g][0]; e < s->nodes[i].group[g][1]; e++)
                s->nodes[s->edges[e]].top = 0;
}

/* The test of a cell's contents a branch begins with: REQEMPTY L, or LOAD
 * L, then EMPTY, OWN or ENEMY, then REQUIRE: 0, 1 or 2, with L in *local;
 * -1 for any other start. */
static int leading_occupancy_test(const pl_program *p, int pc, int32_t *local)
{
    const int32_t *c = p->code;
    if (pc < 0 || pc + 3 >= p->ncode)
        return -1;
    if (c[pc] == PL_OP_REQEMPTY) {
        *local = c[pc + 1];
        return 0;
    }
    if (c[pc] != PL_OP_LOAD || c[pc + 3] != PL_OP_REQUIRE)
        return -1;
    *local = c[pc + 1];
    return c[pc + 2] == PL_OP_EMPTY ? 0 : c[pc + 2] == PL_OP_OWN ? 1 : c[pc + 2] == PL_OP_ENEMY ? 2 : -1;
}

/* FORKs whose branches begin with different tests of one cell's contents
 * (a step to an empty cell, or a jump over an enemy piece): in any
 * position at most one branch has ways, so the FORK's bound is the larger
 * of its branches', not their sum, and sampling goes where the first
 * branch's test sends it (vm.c, sample_branch). */
static void mark_exclusive_forks(pl_sample_plan *s, const pl_program *p)
{
    for (int i = 0; i < s->nnodes; i++) {
        pl_snode *n = &s->nodes[i];
        int32_t a = -1, b = -1;
        n->exclusive = -1;
        if (n->op != PL_OP_FORK)
            continue;
        int ta = leading_occupancy_test(p, n->pc + 2, &a);
        int tb = leading_occupancy_test(p, p->code[n->pc + 1], &b);
        if (ta >= 0 && tb >= 0 && ta != tb && a == b) {
            n->exclusive = (int8_t)ta;
            n->guard = a;
        }
    }
}

static void size_node(const pl_sample_plan *plan, pl_snode *nodes, int i, const pl_state *st,
                      const int *rows);
static double group_size(const pl_sample_plan *plan, const pl_snode *nodes, const int32_t g[2]);

/* The test `require V op k` that branch b of FORK n begins at pc, V a
 * game variable or a player variable of the mover (GETVAR or GETMYVAR,
 * then EQK .. GEK, then REQUIRE): 1 with it in n->test[b], 0 for any
 * other start. */
static int leading_variable_test(const pl_program *p, int pc, pl_snode *n, int b)
{
    const int32_t *c = p->code;
    if (pc < 0 || pc + 4 >= p->ncode || (c[pc] != PL_OP_GETVAR && c[pc] != PL_OP_GETMYVAR) ||
        c[pc + 4] != PL_OP_REQUIRE)
        return 0;
    switch (c[pc + 2]) {
    case PL_OP_EQK: case PL_OP_NEK: case PL_OP_LTK: case PL_OP_LEK: case PL_OP_GTK: case PL_OP_GEK:
        break;
    default:
        return 0;
    }
    n->test[b].var = c[pc + 1];
    n->test[b].mine = (int8_t)(c[pc] == PL_OP_GETMYVAR);
    n->test[b].op = (int8_t)c[pc + 2];
    n->test[b].k = c[pc + 3];
    return 1;
}

/* A FORK that is a player's entry, whose branches begin with tests of
 * variables (`require reserve(mover) > 0` before a drop): the
 * tests read the position as it is, nothing having been written before
 * them, so size_ways evaluates them and gives a branch whose test fails no
 * ways -- attempts spent there fail, and its bound would loosen W. */
static void mark_tested_entries(pl_sample_plan *s, const pl_program *p)
{
    for (int pl = 0; pl < PL_MAX_PLAYERS; pl++) {
        s->tested[pl] = -1;
        int e = pl < p->nplayers ? p->entry_moves[pl] : -1;
        if (e < 0 || e >= p->ncode || s->node_of[e] < 0 || p->code[e] != PL_OP_FORK)
            continue;
        pl_snode *n = &s->nodes[s->node_of[e]];
        if (leading_variable_test(p, e + 2, n, 0) | leading_variable_test(p, p->code[e + 1], n, 1))
            s->tested[pl] = s->node_of[e];
    }
}

/* Does branch b's test hold in st's position? */
static int test_holds(const pl_state *st, const pl_snode *n, int b)
{
    const pl_program *p = st->prog;
    int32_t v = n->test[b].mine ? st->slot[p->pvar_base + n->test[b].var * p->nplayers + st->mover]
                                : st->slot[p->var_base + n->test[b].var];
    int32_t k = n->test[b].k;
    switch (n->test[b].op) {
    case PL_OP_EQK: return v == k;
    case PL_OP_NEK: return v != k;
    case PL_OP_LTK: return v < k;
    case PL_OP_LEK: return v <= k;
    case PL_OP_GTK: return v > k;
    default: return v >= k;
    }
}

/* Every node's size from the static bounds alone (every PICK's set as
 * large as it can be), kept in the plan's nodes, which each state copies:
 * a state recomputes only the nodes in `redo`, those whose size depends
 * on the position (a PICK sized by its count now, or a node above one),
 * and of those only the ones below the mover's entry (`redo_of`). */
static void size_statically(pl_sample_plan *s, int nplayers)
{
    uint8_t *redo = pl_calloc((size_t)s->nnodes + 1, 1);
    for (int i = 0; i < s->nnodes; i++) {
        int v = s->order[i];
        const pl_snode *n = &s->nodes[v];
        size_node(s, s->nodes, v, NULL, NULL);
        redo[v] = n->popcount || n->test[0].op || n->test[1].op;
        for (int g = 0; g < 2; g++)
            for (int e = n->group[g][0]; e < n->group[g][1]; e++)
                redo[v] |= redo[s->edges[e]];
    }
    /* below each entry: the nodes its group reaches, found by walking
       `order` backwards (every node comes after the nodes it reaches) */
    uint8_t *below = pl_malloc((size_t)s->nnodes + 1);
    s->redo = pl_malloc(((size_t)s->nnodes * (size_t)nplayers + 1) * sizeof *s->redo);
    for (int pl = 0; pl < nplayers; pl++) {
        memset(below, 0, (size_t)s->nnodes + 1);
        for (int e = s->entry[pl][0]; e < s->entry[pl][1]; e++)
            below[s->edges[e]] = 1;
        for (int i = s->nnodes - 1; i >= 0; i--) {
            const pl_snode *n = &s->nodes[s->order[i]];
            if (below[s->order[i]])
                for (int g = 0; g < 2; g++)
                    for (int e = n->group[g][0]; e < n->group[g][1]; e++)
                        below[s->edges[e]] = 1;
        }
        s->redo_of[pl][0] = s->nredo;
        for (int i = 0; i < s->nnodes; i++)
            if (redo[s->order[i]] && below[s->order[i]]) {
                s->redo[s->nredo++] = s->order[i];
                if (redo[s->order[i]] & 2)
                    s->redo_shared = 1;
                redo[s->order[i]] |= 2;   /* listed for a player */
            }
        s->redo_of[pl][1] = s->nredo;
    }
    free(below);
    free(redo);
}

/* The most ways any position can have, from the static bounds alone. */
static double most_ways(const pl_sample_plan *s, int nplayers)
{
    double most = 0;
    for (int pl = 0; pl < nplayers; pl++) {
        double w = group_size(s, s->nodes, s->entry[pl]);
        most = w > most ? w : most;
    }
    return most;
}

static int sampling_pays(const pl_program *prog, const pl_sample_plan *plan);

/* Dead writes: an effect is dead for the runs that only count or test
 * the ways (VM_TALLY, VM_EXISTS, VM_ANY) when nothing after it, up to the
 * YIELD that ends the way, reads the position: texts, locals, constants
 * and arithmetic only, along straight code and JUMPs.  Another effect
 * after it reads the position too (a move checks that its square is
 * empty), so only the last effect of a way can be dead; its own checks
 * still run, so errors are those of full generation. */
static int reads_no_state(int op)
{
    switch (op) {
    case PL_OP_TEXTLOC: case PL_OP_TEXTSTR: case PL_OP_TEXTCELL: case PL_OP_TEXTINT:
    case PL_OP_LOAD: case PL_OP_LOAD2: case PL_OP_STORE: case PL_OP_ASSIGN:
    case PL_OP_PUSH: case PL_OP_POP: case PL_OP_DUP:
    case PL_OP_NOP: case PL_OP_MOVER: case PL_OP_ADD: case PL_OP_SUB: case PL_OP_MUL:
    case PL_OP_DIV: case PL_OP_MOD: case PL_OP_NEG: case PL_OP_BAND: case PL_OP_BOR:
    case PL_OP_BIT: case PL_OP_NOT: case PL_OP_EQ: case PL_OP_NE: case PL_OP_LT:
    case PL_OP_LE: case PL_OP_GT: case PL_OP_GE: case PL_OP_EQK: case PL_OP_NEK:
    case PL_OP_LTK: case PL_OP_LEK: case PL_OP_GTK: case PL_OP_GEK:
        return 1;
    default:
        return 0;
    }
}

static int writes_state(int op)
{
    switch (op) {
    case PL_OP_MOVE: case PL_OP_REMOVE: case PL_OP_PLACE: case PL_OP_PLACEATTR:
    case PL_OP_SETATTR:
    case PL_OP_SETMARK: case PL_OP_SETVAR: case PL_OP_SETPVAR: case PL_OP_SETTURN:
        return 1;
    default:
        return 0;
    }
}

/* Effects that write without reading anything of the state (the mark,
 * variable or player variable they set is not read first): a write
 * before them is still the last thing the way does to the state it sets. */
static int writes_blind(int op)
{
    return op == PL_OP_SETMARK || op == PL_OP_SETVAR || op == PL_OP_SETPVAR;
}

/* Whether the instruction at `at` reads only a variable or a player
 * variable that the effect at pc cannot have written: another one, or any
 * after an effect on the board's cells or marks. */
static int reads_apart(const pl_program *p, int pc, int at)
{
    const int32_t *c = p->code;
    int var = c[at] == PL_OP_GETVAR, pvar = c[at] == PL_OP_GETPVAR || c[at] == PL_OP_GETMYVAR;
    if (!var && !pvar)
        return 0;
    switch (c[pc]) {
    case PL_OP_MOVE: case PL_OP_REMOVE: case PL_OP_PLACE: case PL_OP_PLACEATTR:
    case PL_OP_SETATTR:
    case PL_OP_SETMARK:
        return 1;
    case PL_OP_SETVAR:
        return pvar || c[at + 1] != c[pc + 1];
    case PL_OP_SETPVAR:
        return var || c[at + 1] != c[pc + 1];
    default:
        return 0;
    }
}

/* Whether a write that is not dead comes after the dead write at pc on
 * its way to the YIELD (the walk find_dead_writes made). */
static int live_write_after(const pl_program *p, const uint8_t *dead, int pc)
{
    int at = pc + 1 + pl_opinfo_table[p->code[pc]].nops;
    for (int steps = 0; steps < 64 && at >= 0 && at < p->ncode; steps++) {
        int op = p->code[at];
        if (op == PL_OP_YIELD)
            return 0;
        if (writes_state(op) && !dead[at])
            return 1;
        at = op == PL_OP_JUMP ? p->code[at + 1] : at + 1 + pl_opinfo_table[op].nops;
    }
    return 1;
}

/* One walk from each effect to its YIELD finds both: `dead` marks the
 * effects followed only by texts, locals, constants, blind writes
 * (themselves dead then) and reads of variables the effect does not
 * write (`set twos(mover) = twos(mover) - 1` after `set ones(mover) =
 * ...`); `yields` (two
 * words an instruction) gives, where those are texts of strings and of at
 * most two locals, the YIELD a counting run may jump to and the locals,
 * each plus one, in 16 bits -- a text of a local that is not a cell is an
 * error, which the run checks before jumping (vm.c, dead_next). */
static uint8_t *find_dead_writes(const pl_program *p, int32_t **yields)
{
    uint8_t *dead = pl_calloc((size_t)p->ncode + 1, 1);
    int32_t *to = pl_malloc(2 * ((size_t)p->ncode + 1) * sizeof *to);
    for (int pc = 0; pc <= p->ncode; pc++) {
        to[2 * pc] = -1;
        to[2 * pc + 1] = 0;
    }
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops) {
        if (!writes_state(p->code[pc]))
            continue;
        int at = pc + 1 + pl_opinfo_table[p->code[pc]].nops, nlocals = 0, texts_only = 1;
        int32_t check = 0;
        for (int steps = 0; steps < 64 && at >= 0 && at < p->ncode; steps++) {
            int op = p->code[at];
            if (op == PL_OP_YIELD) {
                dead[pc] = 1;
                if (texts_only) {
                    to[2 * pc] = at;
                    to[2 * pc + 1] = check;
                }
                break;
            }
            if (op == PL_OP_TEXTLOC && nlocals < 2 && p->code[at + 1] >= 0 &&
                p->code[at + 1] < 0xffff)
                check |= (p->code[at + 1] + 1) << (16 * nlocals++);
            else if (op != PL_OP_TEXTSTR && op != PL_OP_NOP && op != PL_OP_JUMP)
                texts_only = 0;
            if (op == PL_OP_JUMP)
                at = p->code[at + 1];
            else if (reads_no_state(op) || writes_blind(op) || reads_apart(p, pc, at))
                at += 1 + pl_opinfo_table[op].nops;
            else
                break;
        }
    }
    /* The path's writes are made after the board's: a dead write with a
       live one after it (one whose variable is read again) would be made
       out of order, so it stays on the board too. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
            if (dead[pc] && live_write_after(p, dead, pc)) {
                dead[pc] = 0;
                to[2 * pc] = -1;
                changed = 1;
            }
    }
    *yields = to;
    return dead;
}

/* A PICK at pc whose every element is a move that places a piece of the
 * mover there: a PICK over the empty cells into local L followed by
 * exactly `MOVER; LOAD L; PLACE k; TEXTLOC L; YIELD` (the placement
 * games' whole move program): BULK_PLACE, or with `LOAD L; SETVAR v`
 * (the cell kept in a variable) before the TEXTLOC, BULK_PLACE_KEPT;
 * else BULK_NONE. */
static int place_pick(const pl_program *p, int pc)
{
    const int32_t *c = p->code;
    if (pc + 11 > p->ncode || c[pc] != PL_OP_PICK || p->sets[c[pc + 1]].kind != PL_SET_EMPTY)
        return BULK_NONE;
    int32_t l = c[pc + 2];
    if (c[pc + 3] != PL_OP_MOVER || c[pc + 4] != PL_OP_LOAD || c[pc + 5] != l ||
        c[pc + 6] != PL_OP_PLACE)
        return BULK_NONE;
    int text = pc + 8, kept = pc + 14 <= p->ncode && c[pc + 8] == PL_OP_LOAD &&
               c[pc + 9] == l && c[pc + 10] == PL_OP_SETVAR;
    if (kept)
        text = pc + 12;
    if (c[text] == PL_OP_TEXTLOC && c[text + 1] == l && c[text + 2] == PL_OP_YIELD)
        return kept ? BULK_PLACE_KEPT : BULK_PLACE;
    return BULK_NONE;
}

/* A way at pc that steps one of the mover's pieces: `PICK pieces(mover)
 * F; PICK dirs D; STEPTO F D T` or `PICK pieces(mover) F; LOAD F; STORE
 * G; PICK leaps(from G) T` (the steps that stay on the board), then
 * `REQEMPTY T; LOAD2 F T; MOVE` (onto an empty cell) or `LOAD T; ENEMY;
 * REQUIRE; LOAD T; REMOVE[; LOAD2 F T; MOVE]` (onto an enemy's piece,
 * taken), the last effect dead up to a YIELD of texts of F and T only
 * (find_dead_writes).  A count adds, for each direction, the pieces whose
 * neighbour there is a target (vm.c, count_steps): the effects' own
 * checks hold by the test before them. */
static int step_way(const pl_program *p, const uint8_t *dead, const int32_t *yields, int pc)
{
    const int32_t *c = p->code;
    if (pc + 21 > p->ncode || c[pc] != PL_OP_PICK)
        return 0;
    const pl_setdesc *from = &p->sets[c[pc + 1]];
    int32_t f = c[pc + 2], t = c[pc + 9];
    if (from->kind != PL_SET_PIECES || from->id >= 0 || from->player >= 0 || f == t)
        return 0;
    if (c[pc + 3] == PL_OP_PICK) {
        const pl_setdesc *dirs = &p->sets[c[pc + 4]];
        int32_t d = c[pc + 5];
        if (dirs->kind != PL_SET_DIRS || dirs->player >= 0 || c[pc + 6] != PL_OP_STEPTO ||
            c[pc + 7] != f || c[pc + 8] != d || f == d || d == t)
            return 0;
    } else {
        const pl_setdesc *leaps = &p->sets[c[pc + 8]];
        int32_t g = c[pc + 6];
        if (c[pc + 3] != PL_OP_LOAD || c[pc + 4] != f || c[pc + 5] != PL_OP_STORE ||
            c[pc + 7] != PL_OP_PICK || leaps->kind != PL_SET_LEAPS || leaps->player >= 0 ||
            leaps->arg0 != g || g == f || g == t)
            return 0;
    }
    int at = pc + 10;
    if (c[at] == PL_OP_REQEMPTY && c[at + 1] == t) {
        at += 2;
    } else if (c[at] == PL_OP_LOAD && c[at + 1] == t && c[at + 2] == PL_OP_ENEMY &&
               c[at + 3] == PL_OP_REQUIRE && c[at + 4] == PL_OP_LOAD && c[at + 5] == t &&
               c[at + 6] == PL_OP_REMOVE) {
        at += 6;
        if (!dead[at])      /* the move after the capture: its checks hold too */
            at++;
    } else {
        return 0;
    }
    if (c[at] != PL_OP_REMOVE) {
        if (c[at] != PL_OP_LOAD2 || c[at + 1] != f || c[at + 2] != t || c[at + 3] != PL_OP_MOVE)
            return 0;
        at += 3;
    }
    if (!dead[at] || yields[2 * at] < 0)
        return 0;
    int32_t l1 = (yields[2 * at + 1] & 0xffff) - 1, l2 = (yields[2 * at + 1] >> 16) - 1;
    return (l1 < 0 || l1 == f || l1 == t) && (l2 < 0 || l2 == f || l2 == t);
}

/* Alternatives (FORKs) whose every way is a step_way: how many ways (at
 * most MAX_STEP_WAYS, the VM's room for them), or 0. */
enum { MAX_STEP_WAYS = 16 };

static int step_ways(const pl_program *p, const uint8_t *dead, const int32_t *yields, int pc,
                     int depth)
{
    if (pc < 0 || pc >= p->ncode || depth > MAX_STEP_WAYS)
        return 0;
    if (p->code[pc] != PL_OP_FORK)
        return step_way(p, dead, yields, pc);
    int a = step_ways(p, dead, yields, pc + 2, depth + 1);
    int b = a ? step_ways(p, dead, yields, p->code[pc + 1], depth + 1) : 0;
    return a && b && a + b <= MAX_STEP_WAYS ? a + b : 0;
}

/* The entries of the moves that the VM lists or counts at once (vm.c,
 * bulk runs), BULK_* at each; NULL when there is none. */
static uint8_t *find_bulk_runs(const pl_program *p, const uint8_t *dead, const int32_t *yields)
{
    uint8_t *at = pl_calloc((size_t)p->ncode + 1, 1);
    int found = 0;
    for (int pl = 0; pl < p->nplayers; pl++) {
        int entry = p->entry_moves[pl];
        if (entry < 0 || entry >= p->ncode)
            continue;
        at[entry] = (uint8_t)place_pick(p, entry);
        if (!at[entry] && step_ways(p, dead, yields, entry, 0))
            at[entry] = BULK_STEPS;
        found |= at[entry];
    }
    if (!found) {     /* none: pl_vm_run tests one pointer */
        free(at);
        at = NULL;
    }
    return at;
}

static void plan_free(pl_program_cache *cache)
{
    pl_sample_plan *s = (pl_sample_plan *)cache;
    free(s->dead_write);
    free(s->dead_yield);
    free(s->bulk_run);
    free(s->single);
    free(s->node_of);
    free(s->nodes);
    free(s->order);
    free(s->redo);
    free(s->edges);
    free(s->names);
    free(s);
}

/* Sampling or full generation: full generation when no position can
 * have the ways that make sampling worth it (small boards), else as the
 * probe game measures them.  Decided when a random move is first asked
 * for, not with the plan: generation asks the plan only for its proof of
 * distinct texts, and must not pay for a probe game.  Threads that race
 * decide the same (the probe is seeded); the decision is one atomic int,
 * the only part of a published plan ever written. */
enum { METHOD_UNKNOWN, METHOD_SMALL, METHOD_COSTS_MORE, METHOD_SAMPLE };

static int plan_method(const pl_program *p, const pl_sample_plan *plan)
{
    pl_sample_plan *s = (pl_sample_plan *)plan;
    int m = atomic_load_explicit(&s->method, memory_order_acquire);
    if (m != METHOD_UNKNOWN)
        return m;
    if (most_ways(s, p->nplayers) < MIN_WAYS_TO_SAMPLE)
        m = METHOD_SMALL;
    else
        m = sampling_pays(p, s) ? METHOD_SAMPLE : METHOD_COSTS_MORE;
    atomic_store_explicit(&s->method, m, memory_order_release);
    return m;
}

_Atomic long pl_sample_plans_built;

static pl_sample_plan *plan_build(const pl_program *p)
{
    atomic_fetch_add_explicit(&pl_sample_plans_built, 1, memory_order_relaxed);
    pl_sample_plan *s = pl_calloc(1, sizeof *s);
    builder b = {p, s, NULL, NULL, 0, 0, 0};
    s->cache.free = plan_free;
    s->node_of = pl_malloc(((size_t)p->ncode + 1) * sizeof *s->node_of);
    s->nodes = pl_malloc(((size_t)p->ncode + 1) * sizeof *s->nodes);
    s->order = pl_malloc(((size_t)p->ncode + 1) * sizeof *s->order);
    b.stamp = pl_calloc((size_t)p->ncode + 1, sizeof *b.stamp);
    b.todo = pl_malloc(((size_t)p->ncode + 1) * 2 * sizeof *b.todo);
    for (int i = 0; i < p->ncode; i++)
        s->node_of[i] = -1;
    build_nodes(&b);
    int looping = b.failed ? -1 : order_nodes(s);
    if (looping >= 0)
        fail(&b, "a loop contains a choice", looping);
    if (!b.failed)
        describe_picks(&b);
    mark_top_firsts(s);
    mark_exclusive_forks(s, p);
    mark_tested_entries(s, p);
    free(b.stamp);
    free(b.todo);
    if (!index_names(p, s))
        fail(&b, "a cell name is empty or longer than 63 characters", -1);
    s->exact = !b.failed;
    s->dead_write = find_dead_writes(p, &s->dead_yield);
    s->bulk_run = find_bulk_runs(p, s->dead_write, s->dead_yield);
    s->most = p->ncells;
    for (int i = 0; i < s->nnodes; i++)
        if (s->nodes[i].bound > s->most)
            s->most = s->nodes[i].bound;
    if (s->exact) {
        size_statically(s, p->nplayers);
        s->distinct = pl_sampler_prove_distinct(p, s, &s->check_rays, &s->single);
    } else {
        s->distinct = s->partial =
            pl_sampler_prove_distinct_in_part(p, &s->check_rays, &s->single);
    }
    return s;
}

/* The plan is built at most once per program by whichever state asks
 * first; threads that race may each build one (the same one: the probe
 * game is seeded), and all but the first published are freed. */
const pl_sample_plan *pl_sample_plan_of(pl_state *st)
{
    /* the cache is the one part of a shared, const program that its
       users fill, through this atomic pointer only */
    pl_program *prog = (pl_program *)st->prog;
    pl_program_cache *have = atomic_load_explicit(&prog->sample_plan, memory_order_acquire);
    if (have)
        return (const pl_sample_plan *)have;
    pl_sample_plan *mine = plan_build(prog);
    if (atomic_compare_exchange_strong_explicit(&prog->sample_plan, &have, &mine->cache,
                                                memory_order_acq_rel, memory_order_acquire))
        return mine;
    plan_free(&mine->cache);
    return (const pl_sample_plan *)have;
}

/* A state's own view of the plan, and the scratch the sampling modes of
 * the VM need: cheap, so that copies of a state make their own. */
static pl_sampler *sampler_new(pl_state *st, const pl_sample_plan *plan)
{
    pl_sampler *s = pl_calloc(1, sizeof *s);
    s->plan = plan;
    s->node_of = plan->node_of;
    s->distinct = plan->distinct;
    s->check_rays = plan->check_rays;
    s->force = -1;
    if (plan->exact && plan->distinct) {  /* the conditions of the proof */
        st->single = plan->single;
        st->check_rays = plan->check_rays;
    }
    s->nodes = pl_malloc(((size_t)plan->nnodes + 1) * sizeof *s->nodes);
    st->elems = pl_malloc(((size_t)plan->most + 1) * sizeof *st->elems);
    st->named = pl_calloc((size_t)st->nwords + 1, sizeof *st->named);
    memcpy(s->nodes, plan->nodes, (size_t)plan->nnodes * sizeof *s->nodes);
    int most = 0;       /* the most nodes any mover resizes */
    for (int pl = 0; pl < st->prog->nplayers; pl++)
        if (plan->redo_of[pl][1] - plan->redo_of[pl][0] > most)
            most = plan->redo_of[pl][1] - plan->redo_of[pl][0];
    if (most > 0 && most <= SIZES_MOST_NODES) {
        s->sizes_stride = SIZES_PER_NODE * most;
        s->sizes = pl_malloc((size_t)SIZES_ENTRIES * (size_t)s->sizes_stride * sizeof *s->sizes);
        s->sizes_key = pl_malloc(SIZES_ENTRIES * sizeof *s->sizes_key);
        for (int e = 0; e < SIZES_ENTRIES; e++)
            s->sizes_key[e][0] = -1;
    }
    return s;
}

void pl_sampler_free(pl_sampler *s)
{
    if (!s)
        return;
    free(s->nodes);
    free(s->sizes);
    free(s->sizes_key);
    free(s);
}

/* ---------------------------------------------------------------------- */
/* sampling */

static int popcount_row(const pl_state *st, int row)
{
    int n = 0;
    for (int w = 0; w < st->nwords; w++)
        n += __builtin_popcountll(st->occ[row * st->nwords + w]);
    return n;
}

/* A bound on the size of a PICK's set on any way from this position:
 * its size now (see mark_after), from `rows`, the number of pieces of
 * each player (row r: player r - 1; row 0 unused here). */
static double pick_size_now(const pl_state *st, const pl_snode *n, const int *rows)
{
    const pl_program *p = st->prog;
    const pl_setdesc *d = unfiltered(p, &p->sets[p->code[n->pc + 1]]);
    if (d->kind == PL_SET_EMPTY) {
        int full = 0;
        for (int r = 0; r <= p->nplayers; r++)
            full += rows[r];
        return p->ncells - full;
    }
    if (d->player < 0)
        return rows[st->mover + 1];
    int most = 0;             /* a player from a local: any of them */
    for (int r = 0; r <= p->nplayers; r++)
        most = rows[r] > most ? rows[r] : most;
    return most;
}

static double group_size(const pl_sample_plan *plan, const pl_snode *nodes, const int32_t g[2])
{
    double most = 0;
    for (int e = g[0]; e < g[1]; e++)
        if (nodes[plan->edges[e]].size > most)
            most = nodes[plan->edges[e]].size;
    return most;
}

/* The bound of node i and of its groups, its successors being sized: in
 * the position of st with its piece counts `rows`, or from the static
 * bounds alone (st NULL). */
static void size_node(const pl_sample_plan *plan, pl_snode *nodes, int i, const pl_state *st,
                      const int *rows)
{
    pl_snode *n = &nodes[i];
    double a = group_size(plan, nodes, n->group[0]), b = group_size(plan, nodes, n->group[1]);
    n->branch[0] = a;
    n->branch[1] = b;
    switch (n->op) {
    case PL_OP_YIELD: n->size = 1; break;
    case PL_OP_FORK:
        if (st) {     /* a branch whose test fails has no way (size_ways) */
            a = n->blocked[0] ? 0 : a;
            b = n->blocked[1] ? 0 : b;
            n->branch[0] = a;
            n->branch[1] = b;
        }
        n->size = n->exclusive >= 0 ? (a > b ? a : b) : a + b;
        n->grow[0] = a > 0 ? n->size / a : 0;
        n->grow[1] = b > 0 ? n->size / b : 0;
        break;
    case PL_OP_FIRST: n->size = a > b ? a : b; break;
    default: n->size = (st && n->popcount ? pick_size_now(st, n, rows) : n->bound) * a; break;
    }
}

/* Size the nodes of range (the mover's) for rows and the tests of its
 * entry (`blocked`): from the entry of the sizes kept for (mover, blocked,
 * rows) when there is one, else anew, kept there. */
static void size_range(pl_state *st, const int32_t *range, const int *rows, int blocked)
{
    pl_sampler *s = st->sampler;
    const pl_sample_plan *plan = s->plan;
    int np = st->prog->nplayers;
    int32_t key[PL_MAX_PLAYERS + 2] = {st->mover | blocked << 8};
    uint64_t h = (uint64_t)key[0] + 1;
    for (int r = 0; r <= np; r++) {
        key[r + 1] = rows[r];
        h = (h ^ (uint64_t)rows[r]) * 0x100000001b3ull;
    }
    int e = (int)((h ^ h >> 32) & (SIZES_ENTRIES - 1));
    double *d = s->sizes ? s->sizes + (size_t)e * (size_t)s->sizes_stride : NULL;
    if (d && memcmp(s->sizes_key[e], key, sizeof key) == 0) {
        for (int i = range[0]; i < range[1]; i++, d += SIZES_PER_NODE) {
            pl_snode *n = &s->nodes[plan->redo[i]];
            n->size = d[0];
            n->branch[0] = d[1];
            n->branch[1] = d[2];
            n->grow[0] = d[3];
            n->grow[1] = d[4];
        }
        return;
    }
    for (int i = range[0]; i < range[1]; i++)
        size_node(plan, s->nodes, plan->redo[i], st, rows);
    if (!d)
        return;
    memcpy(s->sizes_key[e], key, sizeof key);
    for (int i = range[0]; i < range[1]; i++, d += SIZES_PER_NODE) {
        const pl_snode *n = &s->nodes[plan->redo[i]];
        d[0] = n->size;
        d[1] = n->branch[0];
        d[2] = n->branch[1];
        d[3] = n->grow[0];
        d[4] = n->grow[1];
    }
}

/* The bound of every node below the mover's entry in this position,
 * successors first (the others keep their static bounds, copied from
 * the plan); returns W. */
static double size_ways(pl_state *st)
{
    pl_sampler *s = st->sampler;
    const pl_sample_plan *plan = s->plan;
    const int32_t *range = plan->redo_of[st->mover];
    if (range[0] < range[1]) {
        int np = st->prog->nplayers, rows[PL_MAX_PLAYERS + 1], same = s->sized[st->mover];
        for (int r = 0; r <= np; r++) {
            rows[r] = popcount_row(st, r);
            same &= rows[r] == s->rows_of[st->mover][r];
        }
        int blocked = 0;
        if (plan->tested[st->mover] >= 0) {
            pl_snode *n = &s->nodes[plan->tested[st->mover]];
            for (int b = 0; b < 2; b++) {
                n->blocked[b] = (uint8_t)(n->test[b].op && !test_holds(st, n, b));
                blocked |= n->blocked[b] << b;
            }
            same &= blocked == s->blocked_of[st->mover];
        }
        if (!same) {          /* else the sizes of the last time hold */
            s->blocked_of[st->mover] = (uint8_t)blocked;
            size_range(st, range, rows, blocked);
            /* a node below two entries was sized for this mover only */
            if (plan->redo_shared)
                memset(s->sized, 0, sizeof s->sized);
            s->sized[st->mover] = 1;
            memcpy(s->rows_of[st->mover], rows, sizeof rows);
        }
    }
    return group_size(plan, s->nodes, plan->entry[st->mover]);
}

static void movelist_clear(pl_movelist *ml)
{
    pl_movelist_reset(ml);
}

/* st->named := the cells whose name occurs in the text st->stext, found
 * by looking up every substring of a length that some name has. */
static void named_cells(pl_state *st)
{
    const pl_sample_plan *s = st->sampler->plan;
    const pl_program *p = st->prog;
    size_t mask = (size_t)s->names_cap - 1;
    memset(st->named, 0, (size_t)st->nwords * sizeof *st->named);
    for (int i = 0; i < st->stext_len; i++)
        for (int len = 1; len <= 63 && i + len <= st->stext_len; len++) {
            if (!(s->name_lengths >> len & 1))
                continue;
            const char *t = st->stext + i;
            size_t k = (size_t)pl_hash_bytes_nocase(PL_FNV_OFFSET, t, (size_t)len) & mask;
            for (; s->names[k] >= 0; k = (k + 1) & mask) {
                int c = s->names[k];
                if (st->name_len[c] == len && strncasecmp(p->cell_names[c], t, (size_t)len) == 0)
                    st->named[c >> 6] |= 1ull << (c & 63);
            }
        }
}

/* The ways of the move program that write the text st->stext; the first
 * one is recorded into ml.  -1 on a runtime error. */
static long count_ways(pl_state *st, pl_movelist *ml)
{
    movelist_clear(ml);
    st->out = ml;
    st->xtarget = st->stext;
    st->xtarget_len = st->stext_len;
    st->scount = 0;
    named_cells(st);
    st->budget = st->step_budget;
    pl_err e = pl_vm_run(st, st->prog->entry_moves[st->mover], VM_COUNT, NULL);
    st->out = NULL;
    return e != PL_OK ? -1 : st->scount;
}

static pl_sampler *sampler_of(pl_state *st)
{
    if (!st->sampler)
        st->sampler = sampler_new(st, pl_sample_plan_of(st));
    return st->sampler;
}

/* Sampling starts in st's position: its mover; the decisions of top
 * FIRSTs, made in the position before, are forgotten. */
static void new_position(pl_state *st)
{
    st->mover = pl_state_to_move(st);
    st->sampler->position++;
}

long pl_random_move_ways(pl_state *st, const char *text, pl_movelist *ml)
{
    pl_sampler *s = sampler_of(st);
    if (!s->plan->exact)
        return -1;
    int len = (int)strlen(text);
    PL_GROW(st->stext, st->stext_cap, len + 1);
    memcpy(st->stext, text, (size_t)len + 1);
    st->stext_len = len;
    new_position(st);
    return count_ways(st, ml);
}

/* Every move generated, one kept uniformly by reservoir sampling (vm.c,
 * record_move: only the kept move's effects are recorded, and with
 * texts proven distinct only its text), left alone at the front of ml;
 * 1, 0 when there is no move, -1 on a runtime error.  The runs, their
 * steps and errors are those of pl_generate. */
static int random_move_in_full(pl_state *st, uint64_t *rng, pl_movelist *ml)
{
    st->keep_rng = rng;
    st_keep_restart(st);
    pl_err e = pl_generate(st, ml);
    st->keep_rng = NULL;
    if (e != PL_OK)
        return -1;
    if (ml->count == 0)
        return 0;
    int i = st->keep_idx;
    pl_move m = ml->moves[0];
    ml->moves[0] = ml->moves[i];
    ml->moves[i] = m;
    ml->count = 1;
    return 1;
}

/* The steps the last run took. */
static long steps_taken(const pl_state *st)
{
    return st->step_budget - st->budget;
}

/* What a random move costs, roughly: its steps, and a run of the VM (the
 * attempts, the `first` and `possible` tests of sampling) as RUN_COST. */
enum { RUN_COST = 12 };

/* Attempts until one is accepted; 1, or 0 when MAX_ATTEMPTS were not
 * enough, -1 on a runtime error.  *steps: what it took. */
static int sample(pl_state *st, uint64_t *rng, pl_movelist *ml, double bound, long *steps)
{
    int entry = st->prog->entry_moves[st->mover];
    st->rng = rng;
    st->sbound = bound;
    for (int attempt = 0; attempt < MAX_ATTEMPTS;) {
        st->weight = 1;
        st->unproven = 0;
        st->nguesses = 0;
        st->budget = st->step_budget;
        /* the run starts over by itself after a failed or rejected
           attempt, up to the attempts left */
        st->sample_tries = MAX_ATTEMPTS - attempt - 1;
        st->sample_steps = 0;
        movelist_clear(ml);
        st->out = ml;
        int32_t r = 0;
        pl_err e = pl_vm_run(st, entry, VM_SAMPLE, &r);
        st->out = NULL;
        *steps += steps_taken(st) + st->sample_steps;
        attempt = MAX_ATTEMPTS - st->sample_tries;
        if (e != PL_OK)
            return -1;
        if (r == 2)           /* accepted, and the only way to its move */
            return 1;
        if (r == 0)           /* failed, or not accepted, every attempt */
            continue;
        long ways = count_ways(st, ml);
        *steps += steps_taken(st);
        if (ways < 0)
            return -1;
        if (ways == 1 || (ways > 1 && pl_rng_word_unit(rng) * (double)ways < 1))
            return 1;
    }
    return 0;
}

/* Sampling or full generation for this game, decided once from the cost
 * of each (steps, runs of the VM) along a random game from the start,
 * played on a state of its own with a fixed seed: the choice, and so the
 * moves drawn after it, do not depend on the history of `st`. */
static int sampling_pays(const pl_program *prog, const pl_sample_plan *plan)
{
    pl_state *probe = pl_state_new(prog);
    if (!probe)
        return 1;
    probe->sampler = sampler_new(probe, plan);
    /* the probe's texts are not the caller's: validation must not see them */
    int checking = pl_vm_collision_check;
    pl_vm_collision_check = 0;
    pl_movelist ml;
    pl_movelist_init(&ml);
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    long cost[2] = {0, 0};
    int result = PL_RESULT_NONE;
    for (int ply = 0; ply < PROBE_PLIES && pl_end_result(probe, &result) == PL_OK &&
                      result == PL_RESULT_NONE; ply++) {
        new_position(probe);
        double bound = size_ways(probe);
        long runs = probe->runs, steps = 0;
        if (bound <= 0 || sample(probe, &rng, &ml, bound, &steps) < 0)
            break;
        cost[1] += steps + RUN_COST * (probe->runs - runs);
        runs = probe->runs;
        if (random_move_in_full(probe, &rng, &ml) <= 0)
            break;
        cost[0] += steps_taken(probe) + RUN_COST * (probe->runs - runs);
        pl_apply(probe, &ml, 0);
    }
    pl_movelist_free(&ml);
    pl_state_free(probe);
    pl_vm_collision_check = checking;
    return cost[1] < cost[0];
}

/* 1 with the move in ml, 0 when there is none, -1 on a runtime error. */
static int random_move(pl_state *st, uint64_t *rng, pl_movelist *ml)
{
    pl_sampler *s = sampler_of(st);
    if (s->force != 0 && pl_state_texts_distinct(st)) {
        /* a bulk run's program draws its move at once */
        st->mover = pl_state_to_move(st);
        int r = pl_vm_bulk_draw(st, rng, ml);
        if (r >= 0)
            return r;
    }
    if (!s->plan->exact || s->force == 0 ||
        (s->force < 0 && plan_method(st->prog, s->plan) != METHOD_SAMPLE))
        return random_move_in_full(st, rng, ml);
    new_position(st);
    double bound = size_ways(st);
    if (bound <= 0) {         /* no way reaches YIELD: no move */
        movelist_clear(ml);
        return 0;
    }
    if (bound >= MIN_WAYS_TO_SAMPLE || s->force == 1) {
        long steps = 0;
        int r = sample(st, rng, ml, bound, &steps);
        if (r != 0)
            return r;
    }
    return random_move_in_full(st, rng, ml);
}

pl_err pl_random_move(pl_state *st, uint64_t *rng, pl_movelist *ml)
{
    return random_move(st, rng, ml) < 0 ? PL_ERR_RUNTIME : PL_OK;
}

pl_err pl_status_random(pl_state *st, uint64_t *rng, pl_movelist *ml, int *result)
{
    ml->count = 0;
    pl_err e = pl_end_result(st, result);
    if (e != PL_OK || *result != PL_RESULT_NONE)
        return e;
    int n = random_move(st, rng, ml);
    if (n < 0)
        return PL_ERR_RUNTIME;
    if (n > 0)
        return PL_OK;
    return pl_nomoves_result(st, result);
}

void pl_random_move_force(pl_state *st, int how)
{
    sampler_of(st)->force = how;
}

int pl_random_move_exact(pl_state *st)
{
    return sampler_of(st)->plan->exact;
}

/* Every player's moves are a bulk run's (vm.c, pl_vm_bulk_draw), whose
 * texts are proven distinct: its random moves are drawn at once. */
static int drawn_in_bulk(const pl_program *p, const pl_sample_plan *s)
{
    if (!s->exact || !s->distinct || s->check_rays || s->single || !s->bulk_run)
        return 0;
    for (int pl = 0; pl < p->nplayers; pl++)
        if (p->entry_moves[pl] < 0 || !s->bulk_run[p->entry_moves[pl]])
            return 0;
    return 1;
}

const char *pl_random_move_method(pl_state *st)
{
    const pl_sample_plan *s = pl_sample_plan_of(st);
    if (drawn_in_bulk(st->prog, s))
        return NULL;
    if (!s->exact)
        return s->why;
    switch (plan_method(st->prog, s)) {
    case METHOD_SMALL:
        return "no position has " SPELL(MIN_WAYS_TO_SAMPLE)
               " ways, where sampling starts to pay";
    case METHOD_COSTS_MORE:
        return "sampling would be exact, but costs more here";
    default:
        return NULL;
    }
}
