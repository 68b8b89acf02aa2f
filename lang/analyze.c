/*
 * analyze.c -- checks beyond the grammar and the types, for rules that
 * compile but cannot mean what their author meant.  All are warnings (the
 * file still compiles), reported only for a file without errors:
 *
 *   - conditions that can never hold: an end rule that never applies, a
 *     `require` after which no move is ever generated (a phase never
 *     reached), an `if` or `while` whose block never runs.  Found by value
 *     ranges: constants, counts bounded by the board, and the values every
 *     variable can take (its initial value, the setup, every `set` of it);
 *   - a `while` loop that never ends once entered: its body changes
 *     nothing and cannot fail;
 *   - piece kinds that are used but never placed (no setup line, no
 *     `place` statement);
 *   - directions that lead off the board from every cell, regions that
 *     hold no cell;
 *   - choices that do not show in a move's text: a `pick` or an `either`
 *     that changes what a move does but not its text, so that two
 *     different moves can get the same text, and only the first is kept.
 *
 * Everything here is conservative: a range is widened, and a value that
 * cannot be followed is "anything", whenever in doubt, so that a warning
 * means the problem is certain (or, for texts, that two moves *can*
 * collide).  Only constructs of the game file itself are reported.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile_int.h"
#include "parser.h"

enum {
    AN_MAX_DEPTH = 200,   /* recursion through parameters and definitions */
    AN_MAX_FACTS = 4,
    AN_MAX_CHOICES = 64,  /* one bit each */
};

/* ---------------------------------------------------------------------- */
/* deferred warnings: reported only for a file without errors */

void an_warning(cc_t *cc, const ast *at, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    an_deferred *w = ast_alloc(&cc->arena, sizeof *w);
    w->at = at;
    w->msg = ast_strdup(&cc->arena, msg, strlen(msg));
    w->next = NULL;
    if (cc->deferred_last)
        cc->deferred_last->next = w;
    else
        cc->deferred = w;
    cc->deferred_last = w;
}

void an_flush_warnings(cc_t *cc)
{
    if (cc->diags->errors == 0)
        for (const an_deferred *w = cc->deferred; w; w = w->next)
            cc_warning(cc, w->at, "%s", w->msg);
    cc->deferred = cc->deferred_last = NULL;
}

/* ---------------------------------------------------------------------- */
/* value ranges */

typedef struct { long long lo, hi; } an_range;

static const an_range ANY = {INT32_MIN, INT32_MAX};
static const an_range BOOL = {0, 1};

static an_range exact(long long v) { return (an_range){v, v}; }
static int is_any(an_range r) { return r.lo <= INT32_MIN && r.hi >= INT32_MAX; }
static int is_false(an_range r) { return r.lo == 0 && r.hi == 0; }
static int is_true(an_range r) { return r.lo > 0 || r.hi < 0; }
static an_range hull(an_range a, an_range b)
{
    return (an_range){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}
/* A result outside int32 wraps in the VM: anything. */
static an_range clamp(long long lo, long long hi)
{
    if (lo < INT32_MIN || hi > INT32_MAX)
        return ANY;
    return (an_range){lo, hi};
}

/* The facts a range used, for the message ("'phase' is only ever 0..2"). */
typedef struct {
    cc_t *cc;
    int depth;
    long steps;          /* nodes visited, definitions expanded: bounded */
    char facts[AN_MAX_FACTS][112];
    int nfacts;
} an_ctx;

static void fact(an_ctx *a, const char *fmt, ...)
{
    char f[112];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f, sizeof f, fmt, ap);
    va_end(ap);
    for (int i = 0; i < a->nfacts; i++)
        if (strcmp(a->facts[i], f) == 0)
            return;
    if (a->nfacts < AN_MAX_FACTS)
        memcpy(a->facts[a->nfacts++], f, sizeof f);
}

/* Of the facts an expression added from `base` on, keep only [from, to):
 * those of the operand that decided.  The facts before `base` are the
 * enclosing expressions' and stay (an `and` inside an `and` used to move
 * its facts to the front, over its parent's, which then found fewer facts
 * than it had counted: a negative size, a fuzzer's crash). */
static void keep_facts(an_ctx *a, int base, int from, int to)
{
    if (to < from)
        to = from;
    if (from > base)
        memmove(a->facts[base], a->facts[from], (size_t)(to - from) * sizeof a->facts[0]);
    a->nfacts = base + (to - from);
}

static void range_fact(an_ctx *a, const char *what, an_range r)
{
    if (r.lo == r.hi)
        fact(a, "%s is always %lld", what, r.lo);
    else if (r.hi == r.lo + 1)
        fact(a, "%s is only ever %lld or %lld", what, r.lo, r.hi);
    else
        fact(a, "%s is only ever %lld..%lld", what, r.lo, r.hi);
}

static an_range range_of(an_ctx *a, const ast *e);

/* The range of a parameter's argument, in the scope of the call. */
static an_range param_range(an_ctx *a, const cc_local *l)
{
    int saved = a->cc->head;
    const ast *arg = l->arg;
    a->cc->head = l->caller_head;
    an_range r = range_of(a, arg);
    a->cc->head = saved;
    return r;
}

/* A definition's body with its parameters bound to the call's arguments
 * (the same binding as code generation, see cg_bind_params). */
static an_range def_range(an_ctx *a, const ast *call, const ast *def)
{
    if (!def->b || ast_list_len(def->a) != ast_list_len(call->a))
        return ANY;
    int saved = a->cc->head, mark = a->cc->nlocals_scope;
    an_range r = ANY;
    if (cg_bind_params(a->cc, call, def, saved))
        r = range_of(a, def->b);
    a->cc->head = saved;
    cg_unbind_to(a->cc, mark);
    return r;
}

static an_range name_range(an_ctx *a, const ast *e)
{
    cc_t *cc = a->cc;
    cc_local *l = cg_find_local(cc, e->name);
    if (l)
        return l->is_param ? param_range(a, l) : ANY;
    cc_symbol *s = cc_lookup(cc, e->name);
    if (!s)
        return ANY;
    if (s->kind == SYM_VAR) {
        an_range r = {s->lo, s->hi};
        if (!is_any(r)) {
            char what[80];
            snprintf(what, sizeof what, "'%.60s'", s->name);
            range_fact(a, what, r);
        }
        return r;
    }
    if (s->kind == SYM_DEF && s->decl->b && !s->decl->a) {
        int saved = cc->head;
        cc->head = -1;
        an_range r = range_of(a, s->decl->b);
        cc->head = saved;
        return r;
    }
    return ANY;
}

/* How many elements a set expression can have at most (LLONG_MAX: no
 * bound known).  Cells and directions are bounded by the board;
 * range(a, b) by its bounds; a piece kind never placed has no pieces. */
static long long set_bound(an_ctx *a, const ast *set)
{
    cc_t *cc = a->cc;
    const pl_program *p = cc->prog;
    long long board = p->ncells > p->ndirs ? p->ncells : p->ndirs;
    if (set->kind == A_WHERE)
        set = set->a;
    if (set->kind == A_IN && set->a->kind == A_NAME)
        set = set->b;
    if (set->kind == A_NAME) {
        cc_local *l = cg_find_local(cc, set->name);
        if (l && l->is_param) {
            int saved = cc->head;
            const ast *arg = l->arg;
            cc->head = l->caller_head;
            long long n = set_bound(a, arg);
            cc->head = saved;
            return n;
        }
        cc_symbol *s = l ? NULL : cc_lookup(cc, set->name);
        if (s && s->kind == SYM_DEF && s->decl->b && !s->decl->a && a->depth < AN_MAX_DEPTH) {
            int saved = cc->head;
            cc->head = -1;
            a->depth++;
            long long n = set_bound(a, s->decl->b);
            a->depth--;
            cc->head = saved;
            return n;
        }
        if (s && s->kind != SYM_DEF)
            return board;   /* regions, direction sets */
        if (!l && !s && (strcmp(set->name, "cells") == 0 || strcmp(set->name, "empty_cells") == 0))
            return board;
        return LLONG_MAX;
    }
    if (set->kind != A_CALL || cg_find_local(cc, set->name))
        return LLONG_MAX;
    if (strcmp(set->name, "range") == 0 && ast_list_len(set->a) == 2) {
        an_range lo = range_of(a, set->a), hi = range_of(a, set->a->next);
        if (is_any(lo) || is_any(hi))
            return LLONG_MAX;
        return hi.hi - lo.lo + 1 > 0 ? hi.hi - lo.lo + 1 : 0;
    }
    if (strcmp(set->name, "pieces") == 0 && ast_list_len(set->a) == 2 &&
        set->a->next->kind == A_NAME) {
        cc_symbol *k = cc_lookup(cc, set->a->next->name);
        if (k && k->kind == SYM_KIND && !k->placed) {
            fact(a, "no '%.60s' is ever placed on the board", k->name);
            return 0;
        }
        return board;
    }
    if (strcmp(set->name, "pieces") == 0 || strcmp(set->name, "leaps") == 0 ||
        strcmp(set->name, "neighbors") == 0 || strcmp(set->name, "between") == 0 ||
        strcmp(set->name, "group") == 0 || strcmp(set->name, "border") == 0 ||
        strcmp(set->name, "slide") == 0 || strcmp(set->name, "reach") == 0 ||
        strcmp(set->name, "union") == 0 || strcmp(set->name, "inter") == 0 ||
        strcmp(set->name, "minus") == 0)
        return board;
    cc_symbol *s = cc_lookup(cc, set->name);
    if (s && (s->kind == SYM_REGION || s->kind == SYM_DSET))
        return board;
    if (s && s->kind == SYM_DEF && s->decl->b && !s->decl->c &&
        ast_list_len(s->decl->a) == ast_list_len(set->a) && a->depth < AN_MAX_DEPTH) {
        int saved = cc->head, mark = cc->nlocals_scope;
        long long n = LLONG_MAX;
        a->depth++;
        if (cg_bind_params(cc, set, s->decl, saved))
            n = set_bound(a, s->decl->b);
        a->depth--;
        cc->head = saved;
        cg_unbind_to(cc, mark);
        return n;
    }
    return LLONG_MAX;
}

static an_range count_range(an_ctx *a, const ast *e)
{
    if (ast_list_len(e->a) != 1)
        return ANY;
    long long n = set_bound(a, e->a);
    if (n == LLONG_MAX)
        return (an_range){0, INT32_MAX};
    const pl_program *p = a->cc->prog;
    if (n > 0 && n == (p->ncells > p->ndirs ? p->ncells : p->ndirs))
        fact(a, "a count on this board is at most %lld", n);
    return (an_range){0, n};
}

/* The range column of builtins.h, by row. */
typedef enum { BR_ANY, BR_BOOL, BR_ROWS, BR_COLS, BR_CELLS, BR_RULE } an_builtin_range;

static const an_builtin_range builtin_range[CC_BI_COUNT] = {
#define BUILTIN(name, min, max, a1, a2, a3, result, lowering, target, range, doc) \
    [CC_BI_##name] = BR_##range,
#include "builtins.h"
#undef BUILTIN
};

/* The builtins whose range is a RULE: computed from their arguments. */
static an_range builtin_rule(an_ctx *a, const ast *e, cc_builtin_id id)
{
    switch (id) {
    case CC_BI_count:
        return count_range(a, e);
    case CC_BI_abs: {
        an_range r = range_of(a, e->a);
        if (is_any(r) || r.lo == INT32_MIN)
            return ANY;
        if (r.lo >= 0)
            return r;
        if (r.hi <= 0)
            return (an_range){-r.hi, -r.lo};
        return (an_range){0, -r.lo > r.hi ? -r.lo : r.hi};
    }
    case CC_BI_min:
    case CC_BI_max: {
        an_range x = range_of(a, e->a), y = range_of(a, e->a->next);
        if (id == CC_BI_min)
            return (an_range){x.lo < y.lo ? x.lo : y.lo, x.hi < y.hi ? x.hi : y.hi};
        return (an_range){x.lo > y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi};
    }
    default:
        return ANY;
    }
}

/* What builtins.h says of a builtin call's value (with a wrong number of
 * arguments it does not compile: anything). */
static an_range builtin_call_range(an_ctx *a, const ast *e, const cc_builtin *b)
{
    const pl_program *p = a->cc->prog;
    int na = ast_list_len(e->a);
    if (na < b->min_args || na > b->max_args)
        return ANY;
    cc_builtin_id id = (cc_builtin_id)(b - cc_builtins);
    switch (builtin_range[id]) {
    case BR_BOOL: return BOOL;
    case BR_ROWS: return (an_range){0, p->nrows};
    case BR_COLS: return (an_range){0, p->ncols};
    case BR_CELLS: return (an_range){0, p->ncells};
    case BR_RULE: return builtin_rule(a, e, id);
    default: return ANY;
    }
}

static an_range call_range(an_ctx *a, const ast *e)
{
    cc_t *cc = a->cc;
    const char *fn = e->name;
    int na = ast_list_len(e->a);
    if (cg_find_local(cc, fn))
        return ANY;
    const cc_builtin *b = cc_builtin_find(fn);
    if (b && b->lowering != BL_SET)
        return builtin_call_range(a, e, b);
    cc_symbol *s = cc_lookup(cc, fn);
    if (!s)
        return ANY;
    if (s->kind == SYM_PVAR && na == 1) {
        an_range r = {s->lo, s->hi};
        if (!is_any(r)) {
            char what[80];
            snprintf(what, sizeof what, "'%.60s'", s->name);
            range_fact(a, what, r);
        }
        return r;
    }
    if (s->kind == SYM_ATTR && na == 1)
        return (an_range){0, PL_ATTR_MAX};
    if (s->kind == SYM_DEF)
        return def_range(a, e, s->decl);
    return ANY;
}

static an_range compare(int op, an_range x, an_range y)
{
    switch (op) {
    case EQ:
        if (x.lo == x.hi && y.lo == y.hi && x.lo == y.lo)
            return exact(1);
        return x.hi < y.lo || y.hi < x.lo ? exact(0) : BOOL;
    case NE:
        if (x.lo == x.hi && y.lo == y.hi && x.lo == y.lo)
            return exact(0);
        return x.hi < y.lo || y.hi < x.lo ? exact(1) : BOOL;
    case '<': return x.hi < y.lo ? exact(1) : x.lo >= y.hi ? exact(0) : BOOL;
    case '>': return x.lo > y.hi ? exact(1) : x.hi <= y.lo ? exact(0) : BOOL;
    case LE: return x.hi <= y.lo ? exact(1) : x.lo > y.hi ? exact(0) : BOOL;
    case GE: return x.lo >= y.hi ? exact(1) : x.hi < y.lo ? exact(0) : BOOL;
    }
    return BOOL;
}

static an_range binop_range(an_ctx *a, const ast *e)
{
    an_range x = range_of(a, e->a), y = range_of(a, e->b);
    switch (e->op) {
    case '+': return is_any(x) || is_any(y) ? ANY : clamp(x.lo + y.lo, x.hi + y.hi);
    case '-': return is_any(x) || is_any(y) ? ANY : clamp(x.lo - y.hi, x.hi - y.lo);
    case '*': {
        if (is_any(x) || is_any(y))
            return ANY;
        long long c[4] = {x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi};
        an_range r = {c[0], c[0]};
        for (int i = 1; i < 4; i++)
            r = hull(r, exact(c[i]));
        return clamp(r.lo, r.hi);
    }
    case '/': case '%': case '&': case '|':
        return ANY;
    default:
        /* Only numbers have ranges: a comparison of cells, players or
         * kinds sees ANY on both sides and stays undecided. */
        return compare(e->op, x, y);
    }
}

static an_range range_of(an_ctx *a, const ast *e)
{
    /* Definitions that use each other twice expand exponentially: past
     * the budget nothing more is known (ANY), which is always safe. */
    if (!e || a->depth >= AN_MAX_DEPTH || ++a->steps > PL_LIMIT_EXPAND_NODES)
        return ANY;
    a->depth++;
    an_range r = ANY;
    switch (e->kind) {
    case A_INT: r = exact(e->ival); break;
    case A_NAME: r = name_range(a, e); break;
    case A_CALL: r = call_range(a, e); break;
    case A_IN: case A_POSSIBLE: r = BOOL; break;
    case A_NOT: {
        an_range x = range_of(a, e->a);
        r = is_false(x) ? exact(1) : is_true(x) ? exact(0) : BOOL;
        break;
    }
    case A_NEG: {
        an_range x = range_of(a, e->a);
        r = is_any(x) ? ANY : clamp(-x.hi, -x.lo);
        break;
    }
    case A_AND: {   /* the VM's value: a when a is 0, else b */
        int f0 = a->nfacts;
        an_range x = range_of(a, e->a);
        int f1 = a->nfacts;
        an_range y = range_of(a, e->b);
        if (is_false(x)) {
            keep_facts(a, f0, f0, f1);
            r = exact(0);
        } else if (is_false(y)) {
            keep_facts(a, f0, f1, a->nfacts);
            r = exact(0);
        } else {
            r = is_true(x) ? y : hull(y, exact(0));
        }
        break;
    }
    case A_OR: {    /* a when a is not 0, else b */
        an_range x = range_of(a, e->a), y = range_of(a, e->b);
        r = is_true(x) ? x : is_false(x) ? y : hull(x, y);
        break;
    }
    case A_BINOP: r = binop_range(a, e); break;
    default: break;
    }
    a->depth--;
    return r;
}

/* ---------------------------------------------------------------------- */
/* conditions that can never hold */

/* A condition of the game file itself, compiled outside any expansion
 * (inside a definition it may hold for another call). */
static int own_construct(const cc_t *cc, const ast *n)
{
    return n && n->file == 0 && cc->expansion_depth == 0;
}

void an_condition(cc_t *cc, const ast *cond, an_context what)
{
    if (!own_construct(cc, cond))
        return;
    an_ctx a = {.cc = cc};
    int saved_head = cc->head;
    an_range r = range_of(&a, cond);
    cc->head = saved_head;
    if (!is_false(r))
        return;
    char why[AN_MAX_FACTS * 116] = "";
    size_t o = 0;
    for (int i = 0; i < a.nfacts && o < sizeof why; i++)
        o += (size_t)snprintf(why + o, sizeof why - o, "%s%s", i ? "; " : "", a.facts[i]);
    char because[sizeof why + 8] = "";
    if (a.nfacts)
        snprintf(because, sizeof because, " (%s)", why);
    switch (what) {
    case AN_END_RULE:
        an_warning(cc, cond, "this end rule can never apply: its condition is always false%s", because);
        break;
    case AN_REQUIRE:
        an_warning(cc, cond, "this condition can never hold%s: no move is ever generated past it", because);
        break;
    case AN_IF:
        an_warning(cc, cond, "this condition can never hold%s: its block never runs", because);
        break;
    case AN_WHILE:
        an_warning(cc, cond, "this condition can never hold%s: the loop never runs", because);
        break;
    }
}

/* Can `list` end the current way or change what a condition reads?  A
 * body that cannot ("inert") makes a `while` loop endless once entered.
 * Only these statements are inert: let, text, and if / for / blocks made
 * of inert statements.  Anything else (a set, an effect, a require, a
 * pick, a call of a definition, a nested loop) might. */
static int inert(const ast *list)
{
    for (const ast *s = list; s; s = s->next) {
        switch (s->kind) {
        case A_LET: case A_TEXT: break;
        case A_BLOCK: if (!inert(s->a)) return 0; break;
        case A_FOR: if (!inert(s->c->a)) return 0; break;
        case A_IF:
            if (!inert(s->b->a) || (s->c && !inert(s->c->a)))
                return 0;
            break;
        default: return 0;
        }
    }
    return 1;
}

void an_while(cc_t *cc, const ast *s)
{
    if (s->file != 0 || !inert(s->b->a))
        return;
    an_ctx a = {.cc = cc};
    int saved_head = cc->head;
    an_range r = range_of(&a, s->a);
    cc->head = saved_head;
    if (is_false(r))
        return;   /* never entered: an_condition says so */
    /* A warning, not an error: the loop is harmless if it is never
     * entered, which only running the game tells (validate --playouts). */
    an_warning(cc, s, "this loop never ends once entered: its body changes nothing and cannot "
                      "fail, so its condition stays true (a runaway loop)");
}

/* ---------------------------------------------------------------------- */
/* the values of variables, before code generation */

/* The value of `e` if it is a constant (numbers, signs, + - *). */
static int constant(const ast *e, long long *v)
{
    long long x, y;
    switch (e->kind) {
    case A_INT: *v = e->ival; return 1;
    case A_NEG: if (!constant(e->a, &x)) return 0; *v = -x; return 1;
    case A_BINOP:
        if ((e->op != '+' && e->op != '-' && e->op != '*') || !constant(e->a, &x) || !constant(e->b, &y))
            return 0;
        if (x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX)
            return 0;
        *v = e->op == '+' ? x + y : e->op == '-' ? x - y : x * y;
        return *v >= INT32_MIN && *v <= INT32_MAX;
    default: return 0;
    }
}

static void widen(cc_symbol *s, int known, long long v)
{
    if (!known) {
        s->lo = INT32_MIN;
        s->hi = INT32_MAX;
    } else {
        if (v < s->lo) s->lo = v;
        if (v > s->hi) s->hi = v;
    }
}

/* Every `set` of a variable and every `place` in `n` and below.  Names are
 * not resolved against locals: a local that hides a variable only widens
 * the variable's range, which is safe. */
static void scan_writes(cc_t *cc, const ast *n, int depth)
{
    for (; n; n = n->next) {
        if (depth > AN_MAX_DEPTH * 20)
            return;
        if (n->kind == A_ASSIGN && n->a && n->a->kind == A_NAME) {
            cc_symbol *s = cc_lookup(cc, n->a->name);
            long long v = 0;
            if (s && ((s->kind == SYM_VAR && !n->c) || (s->kind == SYM_PVAR && n->c))) {
                int known = constant(n->b, &v);
                widen(s, known, v);
            }
        } else if (n->kind == A_PLACE && n->b && n->b->kind == A_NAME) {
            cc_symbol *k = cc_lookup(cc, n->b->name);
            if (k && k->kind == SYM_KIND)
                k->placed = 1;
            cc->max_pieces = INT_MAX;   /* pieces may be added during play */
        }
        scan_writes(cc, n->a, depth + 1);
        scan_writes(cc, n->b, depth + 1);
        scan_writes(cc, n->c, depth + 1);
    }
}

/* The most pieces one owner has at the start. */
static int start_pieces(const pl_program *p)
{
    int n[PL_MAX_PLAYERS + 1] = {0}, most = 0;
    for (int c = 0; c < p->ncells; c++)
        if (p->slot_init[c]) {
            int o = PL_PIECE_OWNER(p->slot_init[c]) + 1;
            if (o >= 0 && o <= PL_MAX_PLAYERS && ++n[o] > most)
                most = n[o];
        }
    return most;
}

void an_prepare(cc_t *cc)
{
    cc->max_pieces = start_pieces(cc->prog);
    for (int i = 0; i < cc->nsyms; i++) {
        cc_symbol *s = &cc->syms[i];
        if (s->kind == SYM_VAR || s->kind == SYM_PVAR) {
            s->lo = s->hi = (int32_t)s->decl->ival;   /* as slot_init holds it */
            if (s->holds_cell)
                s->lo = INT32_MIN, s->hi = INT32_MAX;  /* cells: no number facts */
        }
    }
    /* every setup, used or replaced: more values only widen */
    for (int i = 0; i < cc->nsetup; i++)
        for (const ast *st = cc->decls_setup[i]->a; st; st = st->next) {
            cc_symbol *s = st->a && st->a->name ? cc_lookup(cc, st->a->name) : NULL;
            if (st->kind == A_SSET && s && (s->kind == SYM_VAR || s->kind == SYM_PVAR))
                widen(s, !s->holds_cell, (int32_t)st->ival);
            if (st->kind == A_SPLACE && st->b) {
                cc_symbol *k = cc_lookup(cc, st->b->name);
                if (k && k->kind == SYM_KIND)
                    k->placed = 1;
            }
        }
    for (int i = 0; i < cc->ncode_decls; i++)
        scan_writes(cc, cc->code_decls[i]->a, 0);
    for (int i = 0; i < cc->nsyms; i++)
        if (cc->syms[i].kind == SYM_DEF) {
            const ast *d = cc->syms[i].decl;
            scan_writes(cc, d->b, 0);
            scan_writes(cc, d->c, 0);
        }
}

/* ---------------------------------------------------------------------- */
/* lines across holes */

/* A hole inside the board: a grid square without a cell that has cells
 * on both sides along a declared direction.  1 with their names. */
static int interior_hole(const cc_t *cc, const char **before, const char **after)
{
    const pl_program *p = cc->prog;
    if (!cc->gridmap)
        return 0;
    for (int r = 0; r < p->nrows; r++)
        for (int c = 0; c < p->ncols; c++) {
            if (cc->gridmap[r * p->ncols + c] >= 0)
                continue;
            for (int d = 0; d < p->ndirs; d++) {
                int c0 = c - p->dir_dx[d], r0 = r - p->dir_dy[d];
                int c1 = c + p->dir_dx[d], r1 = r + p->dir_dy[d];
                if (c0 < 0 || c0 >= p->ncols || r0 < 0 || r0 >= p->nrows || c1 < 0 ||
                    c1 >= p->ncols || r1 < 0 || r1 >= p->nrows)
                    continue;
                int a = cc->gridmap[r0 * p->ncols + c0], b = cc->gridmap[r1 * p->ncols + c1];
                if (a >= 0 && b >= 0) {
                    *before = p->cell_names[a];
                    *after = p->cell_names[b];
                    return 1;
                }
            }
        }
    return 0;
}

void an_line_builtin(cc_t *cc, const ast *at, const char *name)
{
    static const char *const lines[] = {
#define BUILTIN_LINE(n) #n,
#include "builtins.h"
#undef BUILTIN_LINE
    };
    for (unsigned i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        if (strcmp(lines[i], name) != 0 || cc->line_warned & 1u << i)
            continue;
        const char *before, *after;
        cc->line_warned |= 1u << i;
        if (interior_hole(cc, &before, &after))
            an_warning(cc, at, "'%s' on a board with holes: a line ends at a hole (one lies "
                               "between %s and %s), so cells on one line across it are not in "
                               "one line; list such lines in regions", name, before, after);
    }
}

/* ---------------------------------------------------------------------- */
/* pieces, directions, regions */

/* Does entry k of a sided direction table hold a direction declared in
 * an imported file? */
static int has_imported_dir(const cc_t *cc, const pl_sided_table *t, int k)
{
    for (int i = t->offset[k]; i < t->offset[k + 1]; i++) {
        int j = pl_names_find(&cc->sym_index, cc->prog->dir_names[t->data[i]]);
        if (j >= 0 && cc->syms[j].kind == SYM_DIR && cc->syms[j].decl && cc->syms[j].decl->file != 0)
            return 1;
    }
    return 0;
}

/* A direction set the game uses whose directions, for some side, lead
 * off the board from every cell: `n` of the grid on a board of dark
 * squares, so that "no cell ahead" holds everywhere.  Checked wherever the
 * set was declared (an imported game's `ahead` on a variant's board). */
static void dset_goes_nowhere(cc_t *cc, const cc_symbol *s)
{
    const pl_program *p = cc->prog;
    int np = p->nplayers ? p->nplayers : 1;
    const pl_sided_table *t = &p->dsets;
    if (p->ncells == 0)
        return;
    for (int pl = 0; pl < np; pl++) {
        int k = s->index * np + pl, anywhere = 0;
        for (int i = t->offset[k]; i < t->offset[k + 1] && !anywhere; i++)
            for (int c = 0; c < p->ncells && !anywhere; c++)
                anywhere = p->neighbor[c * p->ndirs + t->data[i]] >= 0;
        if (anywhere || t->offset[k + 1] == t->offset[k] || !has_imported_dir(cc, t, k))
            continue;   /* the game's own directions have their own warning */
        if (s->decl->b && p->nplayers)
            an_warning(cc, s->decl, "direction set '%s' leads off the board from every cell "
                                    "for player '%s'", s->name, p->player_names[pl]);
        else
            an_warning(cc, s->decl, "direction set '%s' leads off the board from every cell",
                       s->name);
        return;
    }
}

/* A direction declared in an imported file (`n` of the grid) that the game
 * uses, and that leads off the board from every cell: on a board of dark
 * squares "x + n == off" (no cell ahead) holds everywhere. */
static void dir_goes_nowhere(cc_t *cc, const cc_symbol *s)
{
    const pl_program *p = cc->prog;
    for (int c = 0; c < p->ncells; c++)
        if (p->neighbor[c * p->ndirs + s->index] >= 0)
            return;
    if (p->ncells > 0)
        an_warning(cc, s->decl, "direction '%s' = (%d, %d), used by the game, leads off the board "
                                "from every cell", s->name, p->dir_dx[s->index], p->dir_dy[s->index]);
}

void an_declarations(cc_t *cc)
{
    const pl_program *p = cc->prog;
    for (int i = 0; i < cc->nsyms; i++) {
        const cc_symbol *s = &cc->syms[i];
        if (s->decl && s->kind == SYM_DSET && s->used)
            dset_goes_nowhere(cc, s);
        if (s->decl && s->kind == SYM_DIR && s->in_rules && s->decl->file != 0)
            dir_goes_nowhere(cc, s);
        if (!s->decl || s->decl->file != 0)
            continue;
        if (s->kind == SYM_KIND && s->used && !s->placed)
            an_warning(cc, s->decl, "piece kind '%s' is never placed: no setup line and no 'place' "
                                    "statement puts one on the board", s->name);
        if (s->kind == SYM_DIR && p->ncells > 0) {
            int moves = 0;
            for (int c = 0; c < p->ncells && !moves; c++)
                moves = p->neighbor[c * p->ndirs + s->index] >= 0;
            if (!moves)
                an_warning(cc, s->decl, "direction '%s' = (%d, %d) leads off the board from every cell",
                           s->name, p->dir_dx[s->index], p->dir_dy[s->index]);
        }
        if (s->kind == SYM_REGION) {
            int np = p->nplayers ? p->nplayers : 1;
            const pl_sided_table *t = &p->regions;
            for (int pl = 0; pl < np; pl++) {
                int k = s->index * np + pl;
                if (t->offset[k + 1] > t->offset[k])
                    continue;
                if (s->decl->b && p->nplayers)
                    an_warning(cc, s->decl, "region '%s' holds no cell for player '%s'", s->name,
                               p->player_names[pl]);
                else
                    an_warning(cc, s->decl, "region '%s' holds no cell", s->name);
                break;
            }
        }
    }
}

/* ---------------------------------------------------------------------- */
/* choices that do not show in the move's text */

/* A walk over a moves block that follows which choices each local
 * depends on (one bit per `pick` or `either`), and collects the choices
 * the text depends on and those the effects depend on.  A choice in the
 * effects and not in the text lets two different moves have one text. */
typedef struct {
    const char *name;
    uint64_t deps;
    int shadowed;        /* the binding of the same name it hides, or -1 */
} tx_var;

/* The bindings are a stack; `names` maps a name to its newest binding, so
 * a lookup is a hash probe whatever the number of `let`s before it. */
typedef struct {
    cc_t *cc;
    tx_var *vars;
    int nvars, cap;
    pl_names names;
    int base;                         /* a definition's body sees from here */
    const ast *choice[AN_MAX_CHOICES];
    int nchoices;
    uint64_t shown, effects;
    int depth;
    long steps;          /* nodes visited, definitions expanded: bounded */
    uint64_t *var_deps;  /* per symbol: the choices a value set into that
                            game or player variable during the move
                            depends on, for a text that reads it later */
} tx_ctx;

static void tx_bind(tx_ctx *t, const char *name, uint64_t deps)
{
    PL_GROW(t->vars, t->cap, t->nvars + 1);
    t->vars[t->nvars] = (tx_var){name, deps, pl_names_find(&t->names, name)};
    pl_names_put(&t->names, name, t->nvars++);
}

/* Forget the bindings from n on (the end of a block), newest first, so
 * that each name maps to the binding it had before them again. */
static void tx_pop(tx_ctx *t, int n)
{
    while (t->nvars > n) {
        const tx_var *v = &t->vars[--t->nvars];
        pl_names_put(&t->names, v->name, v->shadowed);
    }
}

/* The newest binding of `name` visible from here: a definition's body
 * sees only the bindings from t->base (its parameters).  Bindings are
 * stacked, so the newest one is the only candidate. */
static tx_var *tx_find(tx_ctx *t, const char *name)
{
    int i = pl_names_find(&t->names, name);
    return i >= t->base ? &t->vars[i] : NULL;
}

static uint64_t tx_deps(tx_ctx *t, const ast *e);

static uint64_t tx_deps_list(tx_ctx *t, const ast *list)
{
    uint64_t d = 0;
    for (; list; list = list->next)
        d |= tx_deps(t, list);
    return d;
}

/* The choices an expression depends on: those of the locals it names
 * (a definition's result depends at most on its arguments).  The names a
 * `possible` block reads count; its own choices are not the move's. */
static uint64_t tx_deps(tx_ctx *t, const ast *e)
{
    if (!e || t->depth > AN_MAX_DEPTH || ++t->steps > PL_LIMIT_EXPAND_NODES)
        return 0;
    uint64_t d = 0;
    if ((e->kind == A_NAME || e->kind == A_CALL) && e->name) {
        tx_var *v = tx_find(t, e->name);
        const cc_symbol *sym = v ? NULL : cc_lookup(t->cc, e->name);
        if (v && e->kind == A_NAME)
            d |= v->deps;
        else if (sym && ((sym->kind == SYM_VAR && e->kind == A_NAME) ||
                         (sym->kind == SYM_PVAR && e->kind == A_CALL)))
            d |= t->var_deps[sym - t->cc->syms];   /* a variable the move set */
    }
    t->depth++;
    d |= tx_deps_list(t, e->a) | tx_deps_list(t, e->b) | tx_deps_list(t, e->c);
    t->depth--;
    return d;
}

static uint64_t tx_new_choice(tx_ctx *t, const ast *at)
{
    if (t->nchoices >= AN_MAX_CHOICES)
        return 0;
    t->choice[t->nchoices] = at;
    return 1ull << t->nchoices++;
}

static void tx_stmts(tx_ctx *t, const ast *list, uint64_t ctrl);

static void tx_block(tx_ctx *t, const ast *b, uint64_t ctrl)
{
    int n = t->nvars;
    if (b)
        tx_stmts(t, b->a, ctrl);
    tx_pop(t, n);
}

static void tx_call(tx_ctx *t, const ast *s, uint64_t ctrl)
{
    cc_symbol *sym = tx_find(t, s->name) ? NULL : cc_lookup(t->cc, s->name);
    if (!sym || sym->kind != SYM_DEF || !sym->decl->c || t->depth >= CC_MAX_EXPANSION ||
        ++t->steps > PL_LIMIT_EXPAND_NODES ||
        ast_list_len(sym->decl->a) != ast_list_len(s->a) || ast_list_len(s->a) > 64)
        return; /* not analysed rather than half analysed (args[] below) */
    int n = t->nvars, base = t->base;
    uint64_t args[64];
    int na = 0;
    for (const ast *a = s->a; a && na < 64; a = a->next)
        args[na++] = tx_deps(t, a);
    t->base = t->nvars;
    na = 0;
    for (const ast *p = sym->decl->a; p && na < 64; p = p->next)
        tx_bind(t, p->name, args[na++]);
    t->depth++;
    tx_stmts(t, sym->decl->c->a, ctrl);
    t->depth--;
    tx_pop(t, n);
    t->base = base;
}

static void tx_assign(tx_ctx *t, const ast *s, uint64_t ctrl)
{
    uint64_t d = tx_deps(t, s->b) | ctrl;
    tx_var *v = s->c ? NULL : tx_find(t, s->a->name);
    if (v) {
        v->deps |= d;   /* a local: later uses depend on this value too */
        return;
    }
    cc_symbol *sym = cc_lookup(t->cc, s->a->name);
    if (sym && sym->kind == SYM_SMARK)
        return;
    if (sym && (sym->kind == SYM_VAR || sym->kind == SYM_PVAR))
        t->var_deps[sym - t->cc->syms] |= d | tx_deps(t, s->c);
    t->effects |= d | tx_deps(t, s->c);
}

/* Does the sided table entry `index` hold at most one element for every
 * player? */
static int sided_at_most_one(const cc_t *cc, const pl_sided_table *t, int index)
{
    int np = cc->prog->nplayers ? cc->prog->nplayers : 1;
    for (int pl = 0; pl < np; pl++)
        if (t->offset[index * np + pl + 1] - t->offset[index * np + pl] > 1)
            return 0;
    return 1;
}

/* The global direction set or region (`kind`) that `e` names, not hidden
 * by a local of that name; or NULL. */
static const cc_symbol *tx_global(tx_ctx *t, const ast *e, sym_kind kind)
{
    if (!e || e->kind != A_NAME || tx_find(t, e->name))
        return NULL;
    const cc_symbol *sym = cc_lookup(t->cc, e->name);
    return sym && sym->kind == kind ? sym : NULL;
}

/* A set that never holds more than one element, so that a `pick` over it
 * is no choice: pieces(P) when every owner has at most one piece, the
 * cells one step along a direction set of one direction per player
 * (`leaps(c, ahead)`), such a direction set itself, a region of at most
 * one cell per player. */
static int tx_at_most_one(tx_ctx *t, const ast *set)
{
    const cc_t *cc = t->cc;
    const cc_symbol *sym;
    if ((sym = tx_global(t, set, SYM_DSET)))
        return sided_at_most_one(cc, &cc->prog->dsets, sym->index);
    if ((sym = tx_global(t, set, SYM_REGION)))
        return sided_at_most_one(cc, &cc->prog->regions, sym->index);
    if (set->kind != A_CALL || tx_find(t, set->name))
        return 0;
    if (strcmp(set->name, "pieces") == 0)
        return cc->max_pieces <= 1;
    if (strcmp(set->name, "leaps") == 0) {
        /* not neighbors(): its first argument may be a set of cells */
        const ast *c = set->a;
        if (!c || !c->next || c->next->next)
            return 0;
        sym = tx_global(t, c->next, SYM_DSET);
        return sym && sided_at_most_one(cc, &cc->prog->dsets, sym->index);
    }
    return 0;
}

static void tx_stmt(tx_ctx *t, const ast *s, uint64_t ctrl)
{
    switch (s->kind) {
    case A_PICK: {
        /* A pick over a set of at most one element is no choice. */
        const ast *set = s->b->kind == A_WHERE ? s->b->a : s->b;
        if (tx_at_most_one(t, set)) {
            tx_bind(t, s->a->name, tx_deps(t, set));
            break;
        }
        tx_bind(t, s->a->name, tx_new_choice(t, s));
        break;
    }
    case A_LET: tx_bind(t, s->a->name, tx_deps(t, s->b)); break;
    case A_ASSIGN: tx_assign(t, s, ctrl); break;
    case A_IF: {
        uint64_t c = ctrl | tx_deps(t, s->a);
        tx_block(t, s->b, c);
        tx_block(t, s->c, c);
        break;
    }
    case A_EITHER: {
        uint64_t bit = tx_new_choice(t, s);
        for (const ast *b = s->a; b; b = b->next)
            tx_block(t, b, ctrl | bit);
        break;
    }
    case A_FIRST:
        for (const ast *b = s->a; b; b = b->next)
            tx_block(t, b, ctrl);
        break;
    case A_FIRSTIN: case A_FOR: {
        /* not a free choice: `first` takes one element, `for` all */
        int n = t->nvars;
        tx_bind(t, s->a->name, tx_deps(t, s->b));
        tx_stmts(t, s->c->a, ctrl);
        tx_pop(t, n);
        break;
    }
    case A_REPEAT: case A_WHILE: tx_block(t, s->b, ctrl | tx_deps(t, s->a)); break;
    case A_MOVE: case A_CAPTURE: case A_PLACE:
        t->effects |= ctrl | tx_deps(t, s->a) | tx_deps(t, s->b) | tx_deps(t, s->c);
        break;
    case A_MARK: case A_UNMARK: {
        cc_symbol *m = cc_lookup(t->cc, s->a->name);
        if (!m || m->kind != SYM_SMARK)   /* scratch marks are not part of the position */
            t->effects |= ctrl | tx_deps(t, s->b) | tx_deps(t, s->c);
        break;
    }
    case A_TEXT:
        t->shown |= ctrl;
        for (const ast *it = s->a; it; it = it->next)
            if (it->kind != A_STR)
                t->shown |= tx_deps(t, it);
        break;
    case A_CALLSTMT: tx_call(t, s, ctrl); break;
    case A_BLOCK: tx_block(t, s, ctrl); break;
    default: break;
    }
}

static void tx_stmts(tx_ctx *t, const ast *list, uint64_t ctrl)
{
    for (const ast *s = list; s; s = s->next)
        tx_stmt(t, s, ctrl);
}

void an_texts(cc_t *cc, const ast *moves)
{
    tx_ctx t = {.cc = cc};
    t.var_deps = pl_calloc((size_t)cc->nsyms + 1, sizeof *t.var_deps);
    tx_block(&t, moves->a, 0);
    free(t.var_deps);
    free(t.vars);
    pl_names_free(&t.names);
    for (int i = 0; i < t.nchoices; i++) {
        const ast *c = t.choice[i];
        uint64_t bit = 1ull << i;
        if (!(t.effects & bit) || (t.shown & bit) || c->file != 0)
            continue;
        if (c->kind == A_PICK)
            an_warning(cc, c->a, "the choice of '%s' changes the move but not its text: moves that "
                                 "differ only in '%s' get the same text, and only the first is kept "
                                 "(write '%s' in the text)", c->a->name, c->a->name, c->a->name);
        else
            an_warning(cc, c, "the choice between the blocks of this 'either' changes the move but "
                              "not its text: two different moves can get the same text, and only "
                              "the first is kept (write a different text in each block)");
    }
}
