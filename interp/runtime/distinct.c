/*
 * distinct.c -- a proof, from the bytecode, that two different ways of a
 * move program always write different move texts.  When it holds, a way
 * sampled by pl_random_move (sample.c) is the only way to its move, and
 * the run that counts the ways of the text (VM_COUNT) can be skipped.
 * When it does not, sampling stays exact through that count.
 *
 * Two different ways p and q agree up to a first choice X where they part:
 * a PICK that gives them different elements, or a FORK whose branches they
 * take.  Up to X they ran the same code on the same values, so their texts
 * share a prefix and every local written before X holds the same value in
 * both.  From X on, the proof follows every path of the code to YIELD
 * (both sides of each test, every later choice), keeping for each value on
 * the stack and in the locals a symbolic form: a value from before X
 * (equal in p and q), the element X chose (different in p and q), a step
 * or ray from an earlier cell along the chosen direction, or unknown.  The
 * texts are sequences of tokens: constant strings, cell names, integers.
 * Walking the token sequences of any two paths (two paths from one PICK;
 * a path of each branch of a FORK) side by side, both texts stay aligned
 * while the tokens are equal or could be; they are proven different at
 * the first pair of tokens that cannot be equal: two constants where
 * neither begins the other, two cells that are different functions of the
 * element X chose (their names then differ at the same offset: where cell
 * names are prefix-free, always; where one begins another, a1 and a10, if
 * what follows each cannot continue it, see name_ends), a constant whose
 * first letter begins no cell name against a cell, or one text ending
 * while the other goes on.  A pair where nothing is proven defeats the
 * proof.
 *
 * A ray from a cell along the chosen direction is a different cell for
 * each direction only if its distance is at least 1: the proof assumes it
 * and sets `check_rays`; the sampler then counts the ways of any way that
 * ran a ray of distance 0 (VM_SAMPLE notes it).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "state_int.h"

enum {
    MAX_PATHS = 2048,         /* paths from one choice: more defeats the proof */
    MAX_TOKENS = 16,          /* tokens a path may write after the choice */
    MAX_WRITTEN = 64,         /* locals a path may write after the choice */
    MAX_DEPTH = 64,           /* symbolic stack */
    MAX_NESTED_WALKS = 64     /* branches along one path */
};

/* Symbolic values. */
/* SV_STEP: one step from a cell along the chosen direction; SV_FAR: two
 * steps or more (a step from a step); SV_RAY: a ray's cell, at a distance
 * that may be 0. */
typedef enum { SV_UNKNOWN, SV_BEFORE, SV_CHOSEN, SV_STEP, SV_FAR, SV_RAY } sv_kind;

typedef struct {
    int8_t kind;
    int32_t local;            /* SV_BEFORE: the local; SV_STEP/RAY: the earlier cell's local */
} symval;

typedef enum { TK_CONST, TK_CELL, TK_INT } tk_kind;

typedef struct {
    int8_t kind;
    int32_t str;              /* TK_CONST: string index, -1 for "pass" */
    symval v;
} token;

typedef struct {
    token t[MAX_TOKENS];
    int n;
} tokens;

typedef struct {
    const pl_program *p;
    tokens *paths;
    int npaths, failed;
    int depth;                /* walks open inside each other (one per branch) */
    int uses_rays;
    uint8_t *on_path;         /* ncode */
    const uint8_t *in_loop;   /* ncode: the instruction lies on a cycle */
} prover;

/* Path state, copied at each branch. */
typedef struct {
    symval stack[MAX_DEPTH];
    int sp;
    int32_t wrote[MAX_WRITTEN];
    symval wrote_val[MAX_WRITTEN];
    int nwrote;
    tokens tk;
    int pass;
} pstate;

static symval sym(int kind, int32_t local)
{
    symval v = {(int8_t)kind, local};
    return v;
}

static symval local_value(const pstate *ps, int32_t l)
{
    for (int i = ps->nwrote - 1; i >= 0; i--)
        if (ps->wrote[i] == l)
            return ps->wrote_val[i];
    return sym(SV_BEFORE, l);   /* not written since X: as before X */
}

static void write_local(prover *pv, pstate *ps, int32_t l, symval v)
{
    if (ps->nwrote == MAX_WRITTEN) {
        pv->failed = 1;
        return;
    }
    ps->wrote[ps->nwrote] = l;
    ps->wrote_val[ps->nwrote++] = v;
}

static symval pop(pstate *ps)
{
    if (ps->sp > 0)
        return ps->stack[--ps->sp];
    return sym(SV_BEFORE, -1);   /* pushed before X: the same in both */
}

static void push(prover *pv, pstate *ps, symval v)
{
    if (ps->sp == MAX_DEPTH) {
        pv->failed = 1;
        return;
    }
    ps->stack[ps->sp++] = v;
}

static void add_token(prover *pv, pstate *ps, int kind, int32_t str, symval v)
{
    if (ps->tk.n == MAX_TOKENS) {
        pv->failed = 1;
        return;
    }
    token *t = &ps->tk.t[ps->tk.n++];
    t->kind = (int8_t)kind;
    t->str = str;
    t->v = v;
}

static void end_path(prover *pv, pstate *ps)
{
    if (pv->npaths == MAX_PATHS) {
        pv->failed = 1;
        return;
    }
    tokens *t = &pv->paths[pv->npaths++];
    *t = ps->tk;
    if (t->n == 0 && ps->pass) {      /* a pass without text reads "pass" */
        t->t[0].kind = TK_CONST;
        t->t[0].str = -1;
        t->n = 1;
    }
}

/* The value of a cell from a STEP or RAY whose start is known and whose
 * direction is the element X chose. */
static symval moved(const symval *from, const symval *dir, int kind)
{
    if (from->kind == SV_BEFORE && from->local >= 0 && dir->kind == SV_CHOSEN)
        return sym(kind, from->local);
    /* moved on along the same chosen direction: a ray from the same start
       (a jump over the next cell lands two steps away) */
    if ((from->kind == SV_STEP || from->kind == SV_FAR || from->kind == SV_RAY) &&
        dir->kind == SV_CHOSEN)
        return sym(from->kind == SV_RAY ? SV_RAY : SV_FAR, from->local);
    return sym(SV_UNKNOWN, 0);
}

static void walk(prover *pv, int pc, pstate *ps);

/* Run one instruction symbolically; returns the next pc, -1 when the path
 * ends or fails, -2 after branching (walk() followed the branches). */
static int step(prover *pv, int pc, pstate *ps)
{
    const pl_program *p = pv->p;
    const int32_t *code = p->code;
    int op = code[pc];
    symval a, b;
    switch (op) {
    case PL_OP_YIELD: end_path(pv, ps); return -1;
    case PL_OP_FAIL:
    case PL_OP_RESULT:
    case PL_OP_RETURN: return -1;
    case PL_OP_PASS: ps->pass = 1; return pc + 1;
    case PL_OP_LOAD:
        push(pv, ps, local_value(ps, code[pc + 1]));
        return pc + 2;
    case PL_OP_STORE:
    case PL_OP_ASSIGN:
        a = pop(ps);
        /* a store on a cycle may run again with other inputs */
        write_local(pv, ps, code[pc + 1], op == PL_OP_STORE && !pv->in_loop[pc] ? a : sym(SV_UNKNOWN, 0));
        return pc + 2;
    case PL_OP_LOAD2:
        push(pv, ps, local_value(ps, code[pc + 1]));
        push(pv, ps, local_value(ps, code[pc + 2]));
        return pc + 3;
    case PL_OP_STEPTO:                        /* LOAD a; LOAD b; STEP; STORE c */
        a = local_value(ps, code[pc + 1]);
        b = local_value(ps, code[pc + 2]);
        write_local(pv, ps, code[pc + 3], !pv->in_loop[pc] ? moved(&a, &b, SV_STEP) : sym(SV_UNKNOWN, 0));
        return pc + 4;
    case PL_OP_DUP:
        a = pop(ps);
        push(pv, ps, a);
        push(pv, ps, a);
        return pc + 1;
    case PL_OP_STEP:
        b = pop(ps);
        a = pop(ps);
        push(pv, ps, moved(&a, &b, SV_STEP));
        return pc + 1;
    case PL_OP_RAY:
        pop(ps);                        /* the distance */
        b = pop(ps);
        a = pop(ps);
        push(pv, ps, moved(&a, &b, SV_RAY));
        return pc + 1;
    case PL_OP_TEXTCELL:
        add_token(pv, ps, TK_CELL, 0, pop(ps));
        return pc + 1;
    case PL_OP_TEXTLOC:
        add_token(pv, ps, TK_CELL, 0, local_value(ps, code[pc + 1]));
        return pc + 2;
    case PL_OP_TEXTINT:
        add_token(pv, ps, TK_INT, 0, pop(ps));
        return pc + 1;
    case PL_OP_TEXTSTR:
        if (p->strings[code[pc + 1]][0])    /* an empty string writes nothing */
            add_token(pv, ps, TK_CONST, code[pc + 1], sym(SV_UNKNOWN, 0));
        return pc + 2;
    case PL_OP_PICK: {
        /* a cell of slide(c, d) or reach(c, d): on the line from c along
           d, one step or more away -- along the chosen direction, as far
           (SV_FAR) as two steps for the proof */
        const pl_setdesc *d = &p->sets[code[pc + 1]];
        symval v = sym(SV_UNKNOWN, 0);
        if ((d->kind == PL_SET_SLIDE || d->kind == PL_SET_REACH) && !pv->in_loop[pc]) {
            a = local_value(ps, d->arg0);
            b = local_value(ps, d->arg1);
            v = moved(&a, &b, SV_FAR);
        }
        write_local(pv, ps, code[pc + 2], v);
        return pc + 3;
    }
    case PL_OP_NEXT: {
        write_local(pv, ps, code[pc + 2], sym(SV_UNKNOWN, 0));
        write_local(pv, ps, code[pc + 3], sym(SV_UNKNOWN, 0));
        pstate copy = *ps;
        walk(pv, code[pc + 4], &copy);
        return pc + 5;
    }
    case PL_OP_MASKAGG: {                     /* answered here, or by the loop after */
        pstate copy = *ps;
        push(pv, &copy, sym(SV_UNKNOWN, 0));
        walk(pv, code[pc + 4], &copy);
        return pc + 5;
    }
    case PL_OP_JUMP: return code[pc + 1];
    case PL_OP_JUMPF:
    case PL_OP_JUMPT: {
        pop(ps);
        pstate copy = *ps;
        walk(pv, code[pc + 1], &copy);
        return pc + 2;
    }
    case PL_OP_FORK:
    case PL_OP_FIRST: {
        pstate copy = *ps;
        walk(pv, code[pc + 1], &copy);
        return pc + 2;
    }
    case PL_OP_TRY:                           /* a test: 0 or 1 after the block */
        push(pv, ps, sym(SV_UNKNOWN, 0));
        return code[pc + 1];
    default: {
        const pl_opinfo *info = &pl_opinfo_table[op];
        for (int i = 0; i < info->pop; i++)
            pop(ps);
        for (int i = 0; i < info->push; i++)
            push(pv, ps, sym(SV_UNKNOWN, 0));
        return pc + 1 + info->nops;
    }
    }
}

/* Follow every path from pc to its end.  A path that comes back to an
 * instruction it ran is dropped: the loop's exit is followed from its
 * first pass, and a loop that writes text defeats the proof. */
static void walk(prover *pv, int pc, pstate *ps)
{
    /* each branch opens a walk inside this one, with a copy of the path
       state on the C stack: a long chain of branches gives up the proof
       rather than the stack */
    if (pv->depth >= MAX_NESTED_WALKS) {
        pv->failed = 1;
        return;
    }
    pv->depth++;
    int start_tokens = ps->tk.n;
    int visited[1024], nvisited = 0;
    while (pc >= 0 && !pv->failed) {
        if (pv->on_path[pc]) {
            if (ps->tk.n != start_tokens && pv->in_loop[pc])
                pv->failed = 1;
            break;
        }
        if (nvisited == (int)(sizeof visited / sizeof visited[0])) {
            pv->failed = 1;
            break;
        }
        pv->on_path[pc] = 1;
        visited[nvisited++] = pc;
        if (pv->in_loop[pc] && (pv->p->code[pc] == PL_OP_TEXTCELL || pv->p->code[pc] == PL_OP_TEXTLOC ||
                                pv->p->code[pc] == PL_OP_TEXTSTR ||
                                pv->p->code[pc] == PL_OP_TEXTINT)) {
            pv->failed = 1;              /* text written in a loop */
            break;
        }
        pc = step(pv, pc, ps);
    }
    for (int i = 0; i < nvisited; i++)
        pv->on_path[visited[i]] = 0;
    pv->depth--;
}

/* ---------------------------------------------------------------------- */
/* comparing two token sequences */

typedef struct {
    const pl_program *p;
    uint8_t first_letter[256];   /* letters that begin a cell name (lowercase) */
    /* Cell names where one begins another (a1, a10 on a board of ten rows
       or more): cont[ch] for each character that follows the shorter one
       in the longer (lowercase: '0'..'9' there).  A name is then told
       apart from the others by what follows it (name_ends). */
    int prefix_free;
    uint8_t cont[256];
    int cells_break;             /* no cell name begins with a cont character */
    int cell_dirs_ok;            /* the chosen element gives distinct STEP cells */
    int ray_dirs_ok;             /* ... and distinct RAY cells (distance >= 1) */
    int chosen_distinct;         /* the elements of X's set are distinct */
} facts;

static const char *const_text(const pl_program *p, int32_t str)
{
    return str < 0 ? "pass" : p->strings[str];
}

/* 1 when the two values are different in p and q (given the element X
 * chose differs), 0 when they could be equal. */
static int on_a_line(const symval *v)
{
    return v->kind == SV_STEP || v->kind == SV_FAR || v->kind == SV_RAY;
}

static int surely_differ(const facts *f, prover *pv, const symval *a, const symval *b)
{
    if (on_a_line(a) && on_a_line(b)) {
        if (a->local != b->local)
            return 0;
        if (a->kind == SV_STEP && b->kind == SV_STEP)
            return f->cell_dirs_ok;
        /* cells along distinct lines from one start, at distances of 1 or
           more: a ray's distance is checked as the way runs (check_rays) */
        if (!f->ray_dirs_ok)
            return 0;
        if (a->kind == SV_RAY || b->kind == SV_RAY)
            pv->uses_rays = 1;
        return 1;
    }
    if (a->kind != b->kind)
        return 0;
    return a->kind == SV_CHOSEN && f->chosen_distinct;
}

static int same_before(const symval *a, const symval *b)
{
    return a->kind == SV_BEFORE && b->kind == SV_BEFORE && a->local == b->local && a->local >= 0;
}

/* The cell name of token i of x is followed by nothing that could
 * continue it into a longer name: the end of the text, a constant whose
 * first character continues no name, or another cell whose name begins
 * with no such character. */
static int name_ends(const facts *f, const tokens *x, int i)
{
    if (i + 1 == x->n)
        return 1;
    const token *t = &x->t[i + 1];
    if (t->kind == TK_CELL)
        return f->cells_break;
    if (t->kind != TK_CONST)
        return 0;   /* an integer: its digits may continue a name */
    unsigned char c = (unsigned char)const_text(f->p, t->str)[0];
    return c != 0 && !f->cont[c] && !f->cont[c | 0x20];
}

/* The number of token i of x is followed by nothing that could continue
 * its digits: the end, a constant that does not begin with a digit, a
 * cell where no name does. */
static int number_ends(const facts *f, const tokens *x, int i)
{
    if (i + 1 == x->n)
        return 1;
    const token *t = &x->t[i + 1];
    if (t->kind == TK_CELL) {
        for (unsigned char c = '0'; c <= '9'; c++)
            if (f->first_letter[c])
                return 0;
        return 1;
    }
    if (t->kind != TK_CONST)
        return 0;
    unsigned char c = (unsigned char)const_text(f->p, t->str)[0];
    return c != 0 && (c < '0' || c > '9');
}

/* Text beginning with constant c could be a cell name and what follows
 * it: some name agrees with c over the length of the shorter ("pass"
 * and p1 do not, on a board with a column p). */
static int may_begin_with_a_name(const facts *f, const char *c)
{
    unsigned char c0 = (unsigned char)c[0];
    if (c0 == 0)
        return 1;   /* an empty constant: what follows it meets the cell */
    if (!f->first_letter[c0 | 0x20] && !f->first_letter[c0])
        return 0;
    size_t n = strlen(c);
    for (int k = 0; k < f->p->ncells; k++) {
        const char *name = f->p->cell_names[k];
        size_t m = strlen(name);
        if (strncasecmp(name, c, m < n ? m : n) == 0)
            return 1;
    }
    return 0;
}

/* Are texts with these tokens after a common prefix always different? */
static int texts_differ(const facts *f, prover *pv, const tokens *x, const tokens *y, int from_pick)
{
    /* ox, oy: how much of the current constant each side has matched
       already, when it began a longer constant of the other side ("/"
       against "/r"): the texts stay aligned, character for character */
    size_t ox = 0, oy = 0;
    for (int i = 0, j = 0;;) {
        if (i == x->n || j == y->n)
            return (i == x->n) != (j == y->n);   /* one goes on with a non-empty token */
        const token *s = &x->t[i], *t = &y->t[j];
        if (s->kind == TK_CONST && t->kind == TK_CONST) {
            const char *a = const_text(f->p, s->str) + ox, *b = const_text(f->p, t->str) + oy;
            size_t na = strlen(a), nb = strlen(b), n = na < nb ? na : nb;
            if (strncasecmp(a, b, n) != 0)
                return 1;
            if (na <= nb) {
                i++;
                ox = 0;
                oy = na == nb ? 0 : oy + n;
            }
            if (nb <= na) {
                j++;
                oy = 0;
                ox = na == nb ? 0 : ox + n;
            }
            continue;
        }
        if ((s->kind == TK_CONST && t->kind == TK_CELL) || (s->kind == TK_CELL && t->kind == TK_CONST))
            return !may_begin_with_a_name(f, s->kind == TK_CONST ? const_text(f->p, s->str) + ox
                                                                 : const_text(f->p, t->str) + oy);
        if (s->kind == TK_CELL && t->kind == TK_CELL) {
            /* two different names end the same text only where one is
               not followed by what would continue it into the other */
            if (!f->prefix_free && !same_before(&s->v, &t->v) &&
                !(name_ends(f, x, i) && name_ends(f, y, j)))
                return 0;
            if (from_pick && surely_differ(f, pv, &s->v, &t->v))
                return 1;
        } else if (s->kind == TK_INT && t->kind == TK_INT) {
            /* two different numbers, each followed by no digit */
            if (from_pick && s->v.kind == SV_CHOSEN && t->v.kind == SV_CHOSEN &&
                f->chosen_distinct && number_ends(f, x, i) && number_ends(f, y, j))
                return 1;
            if (!same_before(&s->v, &t->v))
                return 0;
        } else {
            return 0;
        }
        i++;                                 /* equal, or the texts differ here */
        j++;
    }
}

/* ---------------------------------------------------------------------- */
/* facts about the board */

static int cmp_name(const void *a, const void *b)
{
    return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether every cell name is non-empty: then f->prefix_free when no name
 * begins another (ignoring case), else the characters that continue one
 * name into another in f->cont, and f->cells_break. */
static int learn_names(const pl_program *p, facts *f)
{
    const char **names = pl_malloc(((size_t)p->ncells + 1) * sizeof *names);
    for (int c = 0; c < p->ncells; c++)
        names[c] = p->cell_names[c];
    qsort(names, (size_t)p->ncells, sizeof *names, cmp_name);
    int ok = 1;
    f->prefix_free = 1;
    for (int c = 0; c < p->ncells && ok; c++) {
        size_t n = strlen(names[c]);
        if (n == 0)
            ok = 0;
        /* sorted: the names that begin with this one come right after it */
        for (int d = c + 1; d < p->ncells && strncasecmp(names[c], names[d], n) == 0; d++) {
            f->prefix_free = 0;
            f->cont[(unsigned char)names[d][n] | 0x20] = 1;
            f->cont[(unsigned char)names[d][n]] = 1;
        }
    }
    f->cells_break = 1;
    for (int c = 0; c < p->ncells && ok; c++)
        if (f->cont[(unsigned char)p->cell_names[c][0]])
            f->cells_break = 0;
    free(names);
    return ok;
}

/* The directions of set `id` (every player's side) are distinct, lead
 * from any cell to distinct cells in one step, and (rays) along distinct
 * lines that never come back to the start. */
static int dirs_distinct(const pl_program *p, int id, int rays)
{
    int np = p->nplayers;
    int32_t *mark = pl_malloc(((size_t)p->ncells + 1) * sizeof *mark);
    int ok = 1;
    for (int pl = 0; pl < np && ok; pl++) {
        int k = id * np + pl, n = p->dsets.offset[k + 1] - p->dsets.offset[k];
        const int32_t *dirs = p->dsets.data + p->dsets.offset[k];
        for (int i = 0; i < n && ok; i++)
            for (int j = 0; j < i; j++)
                ok &= dirs[i] != dirs[j];
        for (int c = 0; c < p->ncells && ok; c++) {
            for (int x = 0; x < p->ncells; x++)
                mark[x] = -1;
            mark[c] = n;                      /* the start: no ray may reach it */
            for (int i = 0; i < n && ok; i++) {
                int32_t t = p->neighbor[c * p->ndirs + dirs[i]];
                for (int len = 0; t >= 0 && ok && len < p->ncells; len++) {
                    if (mark[t] >= 0 && mark[t] != i)
                        ok = 0;
                    mark[t] = i;
                    if (!rays)
                        break;
                    t = p->neighbor[t * p->ndirs + dirs[i]];
                }
            }
        }
    }
    free(mark);
    return ok;
}

/* Every player's list of item `id` of a sided table holds distinct values. */
static int sided_distinct(const pl_program *p, const pl_sided_table *t, int id)
{
    int np = p->nplayers, ok = 1;
    for (int pl = 0; pl < np && ok; pl++) {
        int k = id * np + pl, n = t->offset[k + 1] - t->offset[k];
        const int32_t *items = t->data + t->offset[k];
        for (int i = 0; i < n && ok; i++)
            for (int j = 0; j < i; j++)
                ok &= items[i] != items[j];
    }
    return ok;
}

/* The elements of a PICK's set are distinct values. */
static int set_distinct(const pl_program *p, const pl_setdesc *d)
{
    switch (d->kind) {
    case PL_SET_CELLS:
    case PL_SET_EMPTY:
    case PL_SET_PIECES:
    case PL_SET_BETWEEN:
    case PL_SET_GROUP:
    case PL_SET_BORDER:
    case PL_SET_SLIDE:
    case PL_SET_REACH:
    case PL_SET_UNION:      /* set algebra: a bitset, each cell once */
    case PL_SET_INTER:
    case PL_SET_MINUS:
    case PL_SET_AROUND:
    case PL_SET_GROUPS:
    case PL_SET_WHERE:
    case PL_SET_RANGE: return 1;
    case PL_SET_LEAPS: return dirs_distinct(p, d->id, 0);
    case PL_SET_DIRS: return sided_distinct(p, &p->dsets, d->id);
    case PL_SET_REGION: return sided_distinct(p, &p->regions, d->id);
    default: return 0;
    }
}

/* The set has two elements or more whoever moves, in every position
 * (every side of a list of directions or a region, all the cells): a
 * `single` condition on it would never hold. */
static int never_single(const pl_program *p, const pl_setdesc *d)
{
    const pl_sided_table *t = d->kind == PL_SET_DIRS ? &p->dsets : d->kind == PL_SET_REGION ? &p->regions : NULL;
    if (d->kind == PL_SET_CELLS)
        return p->ncells >= 2;
    if (!t)
        return 0;
    for (int pl = 0; pl < p->nplayers; pl++) {
        int k = d->id * p->nplayers + pl;
        if (t->offset[k + 1] - t->offset[k] < 2)
            return 0;
    }
    return 1;
}

/* Instructions on a cycle of the code: those of a strongly connected
 * component of more than one instruction, or that jump to themselves
 * (Tarjan's algorithm, iterative: linear in the code, where a search from
 * every instruction was quadratic -- a second and more for the 30,000
 * instructions a few nested definitions expand to). */
static uint8_t *mark_loops(const pl_program *p)
{
    int n = p->ncode;
    uint8_t *in_loop = pl_calloc((size_t)n + 1, 1);
    uint8_t *on_stack = pl_calloc((size_t)n + 1, 1);
    int32_t *index = pl_malloc(((size_t)n + 1) * sizeof *index);
    int32_t *low = pl_malloc(((size_t)n + 1) * sizeof *low);
    int32_t *stack = pl_malloc(((size_t)n + 1) * sizeof *stack);
    int32_t *frame = pl_malloc(((size_t)n + 1) * sizeof *frame);  /* the DFS path */
    uint8_t *next_k = pl_calloc((size_t)n + 1, 1);     /* successors tried, per pc */
    for (int i = 0; i <= n; i++)
        index[i] = -1;
    int counter = 0, sp = 0;
    for (int root = 0; root < n; root += 1 + pl_opinfo_table[p->code[root]].nops) {
        if (index[root] >= 0)
            continue;
        int fp = 0;
        frame[fp++] = root;
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        on_stack[root] = 1;
        while (fp > 0) {
            int v = frame[fp - 1];
            int32_t next[2];
            int k = pl_code_successors(p, v, next);
            if (next_k[v] < k) {
                int32_t w = next[next_k[v]++];
                if (w < 0 || w >= n)
                    continue;
                if (w == v) {
                    in_loop[v] = 1;
                } else if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack[sp++] = w;
                    on_stack[w] = 1;
                    frame[fp++] = w;
                } else if (on_stack[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            fp--;
            if (fp > 0 && low[v] < low[frame[fp - 1]])
                low[frame[fp - 1]] = low[v];
            if (low[v] == index[v]) {       /* v roots a component: pop it */
                int top = sp, w;
                do {
                    w = stack[--sp];
                    on_stack[w] = 0;
                } while (w != v);
                if (top - sp > 1)
                    for (int q = sp; q < top; q++)
                        in_loop[stack[q]] = 1;
            }
        }
    }
    free(on_stack);
    free(index);
    free(low);
    free(stack);
    free(frame);
    free(next_k);
    return in_loop;
}

/* Different ways parting at the choice node `n` write different texts. */
static int choice_proven(prover *pv, facts *f, int op, int pc)
{
    const pl_program *p = pv->p;
    pstate *ps = pl_calloc(1, sizeof *ps);
    int ok = 1;
    pv->npaths = 0;
    pv->failed = 0;
    if (op == PL_OP_PICK) {
        const pl_setdesc *d = &p->sets[p->code[pc + 1]];
        f->chosen_distinct = set_distinct(p, d);
        int dirs = d->kind == PL_SET_DIRS;
        f->cell_dirs_ok = dirs && dirs_distinct(p, d->id, 0);
        f->ray_dirs_ok = dirs && dirs_distinct(p, d->id, 1);
        write_local(pv, ps, p->code[pc + 2], sym(SV_CHOSEN, 0));
        walk(pv, pc + 3, ps);
        for (int i = 0; i < pv->npaths && ok && !pv->failed; i++)
            for (int j = 0; j <= i && ok; j++)
                ok = texts_differ(f, pv, &pv->paths[i], &pv->paths[j], 1);
    } else if (op == PL_OP_FORK) {
        walk(pv, pc + 2, ps);
        int nfirst = pv->npaths;
        memset(ps, 0, sizeof *ps);
        walk(pv, p->code[pc + 1], ps);
        for (int i = 0; i < nfirst && ok && !pv->failed; i++)
            for (int j = nfirst; j < pv->npaths && ok; j++)
                ok = texts_differ(f, pv, &pv->paths[i], &pv->paths[j], 0);
    }
    free(ps);
    return ok && !pv->failed;
}

/* What the comparison of texts knows of the cell names: 0 where a name
 * is empty or too long for the proof. */
static int learn_facts(const pl_program *p, facts *f)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    if (!learn_names(p, f))
        return 0;
    for (int c = 0; c < p->ncells; c++) {
        unsigned char ch = (unsigned char)p->cell_names[c][0];
        f->first_letter[ch] = 1;
        f->first_letter[ch | 0x20] = 1;
    }
    return 1;
}

static void prover_open(prover *pv, const pl_program *p)
{
    memset(pv, 0, sizeof *pv);
    pv->p = p;
    pv->paths = pl_malloc(MAX_PATHS * sizeof *pv->paths);
    pv->on_path = pl_calloc((size_t)p->ncode + 1, 1);
    pv->in_loop = mark_loops(p);
}

static void prover_close(prover *pv)
{
    free(pv->paths);
    free(pv->on_path);
    free((void *)pv->in_loop);
}

int pl_sampler_prove_distinct(const pl_program *p, const pl_sample_plan *s, int *check_rays,
                              uint8_t **single)
{
    *check_rays = 0;
    *single = NULL;
    facts f;
    if (!learn_facts(p, &f))
        return 0;
    prover pv;
    prover_open(&pv, p);
    int ok = 1;
    for (int i = 0; i < s->nnodes && ok; i++) {
        const pl_snode *n = &s->nodes[i];
        if (n->op != PL_OP_PICK && n->op != PL_OP_FORK)
            continue;
        ok = choice_proven(&pv, &f, n->op, n->pc);
        /* Ways part at a PICK only when its set has two elements: one
           whose texts are not proven apart holds on condition that it
           never has (the VM checks, run by run: `single`). */
        if (!ok && !pv.failed && n->op == PL_OP_PICK &&
            !never_single(p, &p->sets[p->code[n->pc + 1]])) {
            if (!*single)
                *single = pl_calloc((size_t)p->ncode + 1, 1);
            (*single)[n->pc] = 1;
            ok = 1;
        }
    }
    *check_rays = pv.uses_rays;
    prover_close(&pv);
    if (!ok) {
        free(*single);
        *single = NULL;
    }
    return ok;
}

/*
 * The proof for part of a program, where a loop holds a choice (sampling
 * is then off): every choice a move program reaches is proven where it
 * can be, and the others -- a choice on a cycle of the code, whose ways
 * may meet it again (the walk, which drops a path that comes back to an
 * instruction, would not see them), or one whose texts are not proven
 * apart -- are marked in *single as conditions the VM checks run by run:
 * a PICK resumed for a second element (bit 1, at the PICK), a FORK
 * resumed for its second branch (bit 2, at that branch).  While a run
 * meets them, every two of its ways parted at a proven choice: a setup
 * phase whose ways part at a number and a square is proven where a
 * series of hops after it is not, and counting in the setup needs no
 * texts.  1 when some choice is proven and so the condition can hold.
 */
int pl_sampler_prove_distinct_in_part(const pl_program *p, int *check_rays, uint8_t **single)
{
    *check_rays = 0;
    *single = NULL;
    facts f;
    if (!learn_facts(p, &f))
        return 0;
    uint8_t *reached = pl_calloc((size_t)p->ncode + 1, 1);
    int32_t *todo = pl_malloc(((size_t)p->ncode + PL_MAX_PLAYERS + 1) * sizeof *todo);
    int ntodo = 0;
    for (int pl = 0; pl < p->nplayers; pl++) {
        int32_t e = p->entry_moves[pl];
        if (e >= 0 && e < p->ncode && !reached[e]) {
            reached[e] = 1;
            todo[ntodo++] = e;
        }
    }
    pl_code_mark_reachable(p, todo, ntodo, reached);
    free(todo);
    prover pv;
    prover_open(&pv, p);
    *single = pl_calloc((size_t)p->ncode + 1, 1);
    int proven = 0;
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops) {
        int op = p->code[pc];
        if (!reached[pc] || (op != PL_OP_PICK && op != PL_OP_FORK))
            continue;
        if (!pv.in_loop[pc] && choice_proven(&pv, &f, op, pc)) {
            proven++;
            continue;
        }
        if (op == PL_OP_PICK)
            (*single)[pc] |= 1;
        else if (p->code[pc + 1] >= 0 && p->code[pc + 1] < p->ncode)
            (*single)[p->code[pc + 1]] |= 2;
    }
    *check_rays = pv.uses_rays;
    prover_close(&pv);
    free(reached);
    if (!proven) {
        free(*single);
        *single = NULL;
        *check_rays = 0;
    }
    return proven > 0;
}
