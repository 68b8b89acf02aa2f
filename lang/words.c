/*
 * words.c -- the words of a rule without a message: from the condition of
 * a `require` (or a `pick ... where`), a sentence saying what is the case
 * when it fails, for `explain` and `play` (docs/cli.md, explain).
 *
 * Made at compile time from the syntax tree, kept in the program's words
 * table under the failing test's location (program.h).  The operands that
 * are locals (`let`, `pick`, loop variables, and definition parameters
 * bound to them) and `mover`/`opponent` become placeholders that
 * explain.c fills with the values the VM saw on the path it blames:
 * "\x01" TYPE SLOT "\x02", TYPE one of c (a cell), n (a number), p (a
 * player), k (a piece kind), d (a direction); "\x01M\x02" the mover,
 * "\x01O\x02" the opponent; "\x01s" CODE "\x02" a cell a few steps from a local
 * cell (`k + e`, `ray(k, e, 2)`): "c" SLOT, then ",d" DIRECTION or ",D" SLOT
 * (a direction in a local) for each step.  The rest is said from the source: a name with
 * its underscores as spaces, a call as "name (arguments)", a few builtins
 * in words ("the row of c3", "white has fewer than 3 pieces", "there is no
 * d in all8 where ...").  An inequality that fails is never said "c3 is
 * c3": the constant is not allowed, two locals are both the value, a local
 * is the name it equals.
 *
 *   require empty(dest)                   ->  "g1 is not empty"
 *   require not in_row_or_column_run(c, 3) -> "in row or column run (c3, 3) holds"
 *   require kind(x) == rook               ->  "h1 does not hold a rook"
 *   require c != ko                       ->  "c5 is ko"
 *   require count(pieces(fox)) == 0       ->  "fox has pieces"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile_int.h"
#include "parser.h"

typedef struct {
    char *s;
    size_t len, cap;
    int depth;
    int names;      /* locals said by their names, not their values */
} wbuf;

static void put(wbuf *b, const char *s)
{
    size_t n = strlen(s);
    PL_GROW(b->s, b->cap, b->len + n + 1);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

/* A name as words: its underscores as spaces. */
static void put_name(wbuf *b, const char *name)
{
    for (const char *c = name; *c; c++) {
        char one[2] = {*c == '_' ? ' ' : *c, 0};
        put(b, one);
    }
}

static void term(cc_t *cc, wbuf *b, const ast *e);
static void bare_term(cc_t *cc, wbuf *b, const ast *e);
static void sentence(cc_t *cc, wbuf *b, const ast *e, int negated);

/* A call of builtin `name` with one argument (not a parameter of that
 * name). */
static int is_builtin_call(cc_t *cc, const ast *e, const char *name)
{
    return e->kind == A_CALL && strcmp(e->name, name) == 0 && !cg_find_local(cc, name) && e->a &&
           !e->a->next;
}

static void put_local(wbuf *b, const cc_local *l)
{
    char ph[24];
    char t = l->type == T_CELL ? 'c' : l->type == T_PLAYER ? 'p' : l->type == T_KIND ? 'k'
           : l->type == T_DIR ? 'd' : 'n';
    snprintf(ph, sizeof ph, "\x01%c%d\x02", t, l->slot);
    put(b, ph);
}

static void name_term(cc_t *cc, wbuf *b, const ast *e)
{
    cc_local *l = cg_find_local(cc, e->name);
    if (l && l->is_param && l->arg && b->depth < 16) {
        int head = cc->head;       /* the argument, where it was written */
        cc->head = l->caller_head;
        b->depth++;
        term(cc, b, l->arg);
        b->depth--;
        cc->head = head;
    } else if (l && !l->is_param && b->names) {
        put_name(b, l->name);
    } else if (l && !l->is_param) {
        put_local(b, l);
    } else if (!l && strcmp(e->name, "mover") == 0) {
        put(b, "\x01M\x02");
    } else if (!l && strcmp(e->name, "opponent") == 0) {
        put(b, "\x01O\x02");
    } else {
        put_name(b, e->name);
    }
}

static const char *op_text(int op)
{
    switch (op) {
    case EQ: return " == ";
    case NE: return " != ";
    case LE: return " <= ";
    case GE: return " >= ";
    case '<': return " < ";
    case '>': return " > ";
    case '+': return " + ";
    case '-': return " - ";
    case '*': return " * ";
    case '/': return " / ";
    case '%': return " % ";
    case '&': return " & ";
    case '|': return " | ";
    default: return " ? ";
    }
}

/* A name's binding: a definition's parameter resolved to the argument it
 * was given, in the scope it was written in (cc->head moved there; the
 * caller restores it). */
static const ast *resolve(cc_t *cc, const ast *e, cc_local **local)
{
    for (int hops = 0; e && e->kind == A_NAME && hops < 16; hops++) {
        cc_local *l = cg_find_local(cc, e->name);
        if (!l || !l->is_param || !l->arg) {
            *local = l;
            return e;
        }
        cc->head = l->caller_head;
        e = l->arg;
    }
    *local = NULL;
    return e;
}

/* A direction: "d<index>" (a declared one) or "D<slot>" (a local). */
static int dir_code(cc_t *cc, wbuf *b, const ast *e)
{
    int head = cc->head, ok = 0;
    cc_local *l;
    e = resolve(cc, e, &l);
    char code[24];
    if (e && e->kind == A_NAME && l && l->type == T_DIR) {
        snprintf(code, sizeof code, ",D%d", l->slot);
        put(b, code);
        ok = 1;
    } else if (e && e->kind == A_NAME && !l) {
        cc_symbol *s = cc_lookup(cc, e->name);
        if (s && s->kind == SYM_DIR) {
            snprintf(code, sizeof code, ",d%d", s->index);
            put(b, code);
            ok = 1;
        }
    }
    cc->head = head;
    return ok;
}

/* A cell computed from a local by steps, `c + d` and `ray(c, d, n)`, as
 * "c<slot>" then one direction code a step: explain.c walks it. */
static int cell_code(cc_t *cc, wbuf *b, const ast *e, int depth)
{
    int head = cc->head, ok = 0;
    cc_local *l;
    e = resolve(cc, e, &l);
    if (!e || depth > 8) {
        ok = 0;
    } else if (e->kind == A_NAME && l && l->type == T_CELL) {
        char code[24];
        snprintf(code, sizeof code, "c%d", l->slot);
        put(b, code);
        ok = 1;
    } else if (e->kind == A_BINOP && e->op == '+') {
        ok = cell_code(cc, b, e->a, depth + 1) && dir_code(cc, b, e->b);
    } else if (e->kind == A_CALL && strcmp(e->name, "ray") == 0 && !cg_find_local(cc, "ray") &&
               e->a && e->a->next && e->a->next->next && !e->a->next->next->next &&
               e->a->next->next->kind == A_INT && e->a->next->next->ival >= 0 &&
               e->a->next->next->ival <= 64) {
        ok = cell_code(cc, b, e->a, depth + 1);
        for (int i = 0; ok && i < e->a->next->next->ival; i++)
            ok = dir_code(cc, b, e->a->next);
    }
    cc->head = head;
    return ok;
}

/* An expression as a noun phrase. */
static void term(cc_t *cc, wbuf *b, const ast *e)
{
    char num[24];
    if (!e) {
        put(b, "?");
        return;
    }
    if (e->kind == A_BINOP || e->kind == A_CALL) {   /* a cell a few steps from a local */
        wbuf c = {0};
        if (cell_code(cc, &c, e, 0)) {
            put(b, "\x01s");
            put(b, c.s);
            put(b, "\x02");
            free(c.s);
            return;
        }
        free(c.s);
    }
    switch (e->kind) {
    case A_INT:
        snprintf(num, sizeof num, "%lld", (long long)e->ival);
        put(b, num);
        return;
    case A_OFF:
        put(b, "off");
        return;
    case A_NAME:
        name_term(cc, b, e);
        return;
    case A_CALL: {
        static const char *const of[][2] = {
            {"row", "the row of "}, {"col", "the column of "}, {"kind", "the kind of "},
            {"owner", "the owner of "},
        };
        for (size_t i = 0; i < sizeof of / sizeof of[0]; i++)
            if (is_builtin_call(cc, e, of[i][0])) {
                put(b, of[i][1]);
                term(cc, b, e->a);
                return;
            }
        if (is_builtin_call(cc, e, "count")) {
            put(b, "the number of ");
            term(cc, b, e->a);
            return;
        }
        /* a parameter called as a function stands for the name it was given */
        int head = cc->head;
        cc_local *l;
        ast self = *e;
        self.kind = A_NAME;
        const ast *named = resolve(cc, &self, &l);
        cc->head = head;
        put_name(b, named && named->kind == A_NAME ? named->name : e->name);
        if (!e->a)
            return;
        put(b, " (");
        for (const ast *a = e->a; a; a = a->next) {
            bare_term(cc, b, a);
            if (a->next)
                put(b, ", ");
        }
        put(b, ")");
        return;
    }
    case A_BINOP:
        put(b, "(");
        term(cc, b, e->a);
        put(b, op_text(e->op));
        term(cc, b, e->b);
        put(b, ")");
        return;
    case A_NEG:
        put(b, "-");
        term(cc, b, e->a);
        return;
    case A_NOT:
        put(b, "not ");
        term(cc, b, e->a);
        return;
    case A_AND:
    case A_OR:
        put(b, "(");
        term(cc, b, e->a);
        put(b, e->kind == A_AND ? " and " : " or ");
        term(cc, b, e->b);
        put(b, ")");
        return;
    case A_IN:
        term(cc, b, e->a);
        put(b, " in ");
        term(cc, b, e->b);
        return;
    case A_WHERE:       /* a filtered set: its condition as a sentence */
        term(cc, b, e->a);
        put(b, " where ");
        sentence(cc, b, e->b, 1);
        return;
    default:
        put(b, "...");
        return;
    }
}

/* A term at the top of a sentence: without its outer parentheses. */
static void bare_term(cc_t *cc, wbuf *b, const ast *e)
{
    if (e && (e->kind == A_BINOP || e->kind == A_AND || e->kind == A_OR)) {
        size_t at = b->len;
        term(cc, b, e);
        if (b->len > at + 1 && b->s[at] == '(' && b->s[b->len - 1] == ')') {
            memmove(b->s + at, b->s + at + 1, b->len - at - 2);
            b->len -= 2;
            b->s[b->len] = 0;
        }
        return;
    }
    term(cc, b, e);
}

/* The relation that holds when `a OP b` does not (negated: when it
 * does). */
static int relation(int op, int negated)
{
    if (negated)
        return op;
    switch (op) {
    case EQ: return NE;
    case NE: return EQ;
    case '<': return GE;
    case LE: return '>';
    case '>': return LE;
    case GE: return '<';
    default: return 0;
    }
}

static const char *relation_words(int rel)
{
    switch (rel) {
    case EQ: return " is ";
    case NE: return " is not ";
    case '<': return " is less than ";
    case LE: return " is at most ";
    case '>': return " is more than ";
    case GE: return " is at least ";
    default: return NULL;
    }
}

/* What e stands for once parameters are resolved: `off`, a local (*local
 * set), a literal, or something else.  cc->head is kept. */
enum { V_OTHER, V_OFF, V_LOCAL, V_LITERAL };

static int value_kind(cc_t *cc, const ast *e, cc_local **local)
{
    int head = cc->head, k = V_OTHER;
    cc_local *l = NULL;
    const ast *r = resolve(cc, e, &l);
    if (r && r->kind == A_OFF)
        k = V_OFF;
    else if (r && r->kind == A_INT)
        k = V_LITERAL;
    else if (r && r->kind == A_NAME && l && !l->is_param)
        k = V_LOCAL;
    else if (r && r->kind == A_NAME && !l && cc_cell(cc, r->name) >= 0 && !cc_lookup(cc, r->name))
        k = V_LITERAL;
    cc->head = head;
    *local = k == V_LOCAL ? l : NULL;
    return k;
}

/* A term with its locals said by their names. */
static void named_term(cc_t *cc, wbuf *b, const ast *e)
{
    int was = b->names;
    b->names = 1;
    bare_term(cc, b, e);
    b->names = was;
}

/* `a` and `b` are equal (`a != b` failed): said without "c3 is c3". */
static void same_value(cc_t *cc, wbuf *b, const ast *x, const ast *y)
{
    cc_local *lx, *ly;
    int kx = value_kind(cc, x, &lx), ky = value_kind(cc, y, &ly);
    if (kx == V_OFF || ky == V_OFF) {       /* `c != off`: no cell there */
        const ast *cell = kx == V_OFF ? y : x;
        wbuf code = {0};
        int head = cc->head;
        cc_local *l;
        const ast *r = resolve(cc, cell, &l);
        if (r && r->kind == A_BINOP && r->op == '+' && cell_code(cc, &code, r->a, 0)) {
            put(b, "there is no cell ");
            bare_term(cc, b, r->b);
            put(b, " of ");
            term(cc, b, r->a);
        } else {
            named_term(cc, b, cell);
            put(b, " is off the board");
        }
        cc->head = head;
        free(code.s);
        return;
    }
    if (kx == V_LOCAL && ky == V_LOCAL) {   /* `here != from` */
        named_term(cc, b, x);
        put(b, " and ");
        named_term(cc, b, y);
        put(b, " are both ");
        term(cc, b, x);
        return;
    }
    if ((kx == V_LOCAL && ky == V_LITERAL) || (kx == V_LITERAL && ky == V_LOCAL) ||
        (kx == V_LITERAL && ky == V_LITERAL)) {   /* `c != c3` */
        term(cc, b, kx == V_LITERAL ? x : y);
        put(b, " is not allowed here");
        return;
    }
    if (kx == V_LOCAL || ky == V_LOCAL) {   /* a local and a name: `c != ko` */
        cc_local *l = kx == V_LOCAL ? lx : ly;
        const ast *local = kx == V_LOCAL ? x : y, *other = kx == V_LOCAL ? y : x;
        int binder = other->kind == A_NAME && !cg_find_local(cc, other->name) &&
                     !cc_lookup(cc, other->name) && !cc_builtin_name_find(other->name);
        if (l->type == T_INT || binder) {   /* a number: its name says more; a
                                               comprehension's element first */
            bare_term(cc, b, other);
            put(b, " is ");
            if (binder)
                term(cc, b, local);
            else
                named_term(cc, b, local);
        } else {
            term(cc, b, local);
            put(b, " is ");
            bare_term(cc, b, other);
        }
        return;
    }
    bare_term(cc, b, x);
    put(b, " is ");
    bare_term(cc, b, y);
}

/* "a" or "an" before a name (a letter alone as it is said: "an x"). */
static void article(wbuf *b, const char *name)
{
    const char *vowels = name[0] && !name[1] ? "aefhilmnorsxAEFHILMNORSX" : "aeioAEIO";
    put(b, name[0] && strchr(vowels, name[0]) ? "an " : "a ");
}

/* count(pieces(P[, K])) compared: "P has fewer than 3 pieces". */
static int pieces_count(cc_t *cc, wbuf *b, const ast *count, const ast *n, int rel)
{
    const ast *set = count->a;
    if (set->kind != A_CALL || strcmp(set->name, "pieces") != 0 || cg_find_local(cc, "pieces") ||
        !set->a || (set->a->next && set->a->next->next))
        return 0;
    int zero = n->kind == A_INT && n->ival == 0, one = n->kind == A_INT && n->ival == 1;
    const char *how = NULL;
    switch (rel) {
    case EQ: how = zero ? "has no " : "has exactly "; break;
    case NE: how = zero ? "has " : "does not have exactly "; break;
    case '<': how = one ? "has no " : "has fewer than "; break;
    case LE: how = zero ? "has no " : "has at most "; break;
    case '>': how = zero ? "has " : "has more than "; break;
    case GE: how = one ? "has " : "has at least "; break;
    default: return 0;
    }
    term(cc, b, set->a);
    put(b, " ");
    put(b, how);
    int said = strcmp(how, "has no ") != 0 && strcmp(how, "has ") != 0;
    if (said) {
        term(cc, b, n);
        put(b, " ");
    }
    if (set->a->next) {
        term(cc, b, set->a->next);
        put(b, " ");
    }
    put(b, said && one ? "piece" : "pieces");
    return 1;
}

/* Set S is empty (or not): "white has no pieces", "libs (c3) is empty". */
static void set_is_empty(cc_t *cc, wbuf *b, const ast *set, int empty)
{
    if (set->kind == A_CALL && strcmp(set->name, "pieces") == 0 && !cg_find_local(cc, "pieces") &&
        set->a && (!set->a->next || !set->a->next->next)) {
        term(cc, b, set->a);
        put(b, empty ? " has no " : " has ");
        if (set->a->next) {
            term(cc, b, set->a->next);
            put(b, " ");
        }
        put(b, "pieces");
        return;
    }
    bare_term(cc, b, set);
    put(b, empty ? " is empty" : " is not empty");
}

/* A comprehension's parts: binder (or NULL), set, condition (or NULL). */
static void parts(const ast *arg, const ast **binder, const ast **set, const ast **cond)
{
    *binder = NULL;
    *cond = NULL;
    *set = arg;
    const ast *in = arg;
    if (arg->kind == A_WHERE) {
        in = arg->a;
        *cond = arg->b;
    }
    if (in->kind == A_IN && in->a->kind == A_NAME) {
        *binder = in->a;
        *set = in->b;
    }
}

/* "there is (no) x in S where C" (C as what holds when it is true, or
 * when `holds` is 0, false). */
static void there_is(cc_t *cc, wbuf *b, int exists, const ast *binder, const ast *set,
                     const ast *cond, int holds)
{
    if (exists) {
        put(b, "there is ");
        article(b, binder->name);
    } else {
        put(b, "there is no ");
    }
    put_name(b, binder->name);
    put(b, " in ");
    term(cc, b, set);
    put(b, " where ");
    sentence(cc, b, cond, holds);
}

/* any, none, all over a set: "there is no d in all8 where ...". */
static int quantified(cc_t *cc, wbuf *b, const ast *e, int negated)
{
    int any = is_builtin_call(cc, e, "any"), none = is_builtin_call(cc, e, "none"),
        all = is_builtin_call(cc, e, "all");
    if (!any && !none && !all)
        return 0;
    const ast *binder, *set, *cond;
    parts(e->a, &binder, &set, &cond);
    /* what holds: an element for which cond holds (any, none; all: fails),
       or none (any fails, none and all hold) */
    int exists = any ? negated : !negated;
    if (!binder || !cond) {             /* any(S), none(S): S is (not) empty */
        set_is_empty(cc, b, set, !exists);
        return 1;
    }
    /* all(...) fails: an element where cond does not hold */
    there_is(cc, b, exists, binder, set, cond, !all);
    return 1;
}

/* What is the case when `e` is false (`negated`: when it is true). */
static void sentence(cc_t *cc, wbuf *b, const ast *e, int negated)
{
    if (e->kind == A_NOT) {
        sentence(cc, b, e->a, !negated);
        return;
    }
    if ((e->kind == A_OR && !negated) || (e->kind == A_AND && negated)) {
        sentence(cc, b, e->a, negated);   /* both parts fail (both hold, under `not`) */
        put(b, " and ");
        sentence(cc, b, e->b, negated);
        return;
    }
    if ((e->kind == A_AND && !negated) || (e->kind == A_OR && negated)) {
        sentence(cc, b, e->a, negated);   /* one part fails at least */
        put(b, " or ");
        sentence(cc, b, e->b, negated);
        return;
    }
    if (e->kind == A_INT) {
        put(b, (e->ival != 0) == !!negated ? "this is never allowed" : "this always holds");
        return;
    }
    if (is_builtin_call(cc, e, "empty")) {
        term(cc, b, e->a);
        put(b, negated ? " is empty" : " is not empty");
        return;
    }
    if (is_builtin_call(cc, e, "own")) {
        term(cc, b, e->a);
        put(b, negated ? " holds a piece of yours" : " does not hold a piece of yours");
        return;
    }
    if (is_builtin_call(cc, e, "enemy")) {
        term(cc, b, e->a);
        put(b, negated ? " holds an opponent's piece" : " does not hold an opponent's piece");
        return;
    }
    if (quantified(cc, b, e, negated))
        return;
    if (is_builtin_call(cc, e, "can_move")) {
        term(cc, b, e->a);
        put(b, negated ? " can move" : " cannot move");
        return;
    }
    if (is_builtin_call(cc, e, "repeated")) {
        put(b, negated ? "the position has occurred " : "the position has occurred fewer than ");
        term(cc, b, e->a);
        put(b, " times");
        return;
    }
    if (e->kind == A_BINOP && relation_words(e->op)) {
        int rel = relation(e->op, negated);
        const ast *x = e->a, *y = e->b;
        if (is_builtin_call(cc, x, "count") && pieces_count(cc, b, x, y, rel))
            return;
        if (is_builtin_call(cc, x, "count") && y->kind == A_INT &&
            (((rel == EQ || rel == LE || rel == NE || rel == '>') && y->ival == 0) ||
             ((rel == '<' || rel == GE) && y->ival == 1))) {
            /* count(S) against 0: S is (not) empty; count(x in S where C):
               there is (no) x in S where C */
            const ast *binder, *set, *cond;
            parts(x->a, &binder, &set, &cond);
            int none = rel == EQ || rel == LE || rel == '<';
            if (!cond) {
                set_is_empty(cc, b, set, none);
                return;
            }
            if (binder) {
                there_is(cc, b, !none, binder, set, cond, 1);
                return;
            }
        }
        if ((is_builtin_call(cc, x, "kind") || is_builtin_call(cc, x, "owner")) &&
            (rel == EQ || rel == NE)) {
            int kind = x->name[0] == 'k';
            cc_local *l;
            int nobody = !kind && y->kind == A_NAME && strcmp(y->name, "nobody") == 0 &&
                         value_kind(cc, y, &l) == V_OTHER && !cc_lookup(cc, "nobody");
            term(cc, b, x->a);
            if (nobody) {
                put(b, rel == EQ ? " is empty" : " is not empty");
                return;
            }
            put(b, rel == EQ ? " holds " : " does not hold ");
            if (kind && y->kind == A_NAME && value_kind(cc, y, &l) == V_OTHER)
                article(b, y->name);
            else if (kind)
                put(b, "a ");
            else
                put(b, "a piece of ");
            term(cc, b, y);
            return;
        }
        if (x->kind == A_BINOP && x->op == '&' && y->kind == A_INT && y->ival == 0 &&
            (rel == EQ || rel == NE)) {
            /* `set & bit(n) != 0`: a set of numbers as bits */
            const ast *bits = is_builtin_call(cc, x->b, "bit") ? x->b
                            : is_builtin_call(cc, x->a, "bit") ? x->a : NULL;
            if (bits) {
                bare_term(cc, b, bits->a);
                put(b, rel == EQ ? " is not in " : " is in ");
                named_term(cc, b, bits == x->b ? x->a : x->b);   /* a bitmask: its name */
                return;
            }
        }
        if (rel == EQ) {
            same_value(cc, b, x, y);
            return;
        }
        cc_local *ly;
        if (rel == NE && value_kind(cc, y, &ly) == V_LOCAL && strlen(ly->name) > 2) {
            /* `dest == en_passant_now`: "e3 is not en passant now (c6)" */
            bare_term(cc, b, x);
            put(b, " is not ");
            named_term(cc, b, y);
            put(b, " (");
            term(cc, b, y);
            put(b, ")");
            return;
        }
        bare_term(cc, b, x);
        put(b, relation_words(rel));
        bare_term(cc, b, y);
        return;
    }
    if (e->kind == A_IN) {
        term(cc, b, e->a);
        put(b, negated ? " is in " : " is not in ");
        term(cc, b, e->b);
        return;
    }
    {   /* a local used as a condition: its name, not 0 or 1 */
        cc_local *l;
        if (e->kind == A_NAME && value_kind(cc, e, &l) == V_LOCAL && l->type == T_INT) {
            named_term(cc, b, e);
            put(b, negated ? " holds" : " does not hold");
            return;
        }
    }
    bare_term(cc, b, e);
    put(b, negated ? " holds" : " does not hold");
}

char *pl_words_of(cc_t *cc, const ast *cond)
{
    wbuf b = {0};
    int head = cc->head;
    sentence(cc, &b, cond, 0);
    cc->head = head;
    return b.s;
}
