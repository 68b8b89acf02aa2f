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
 * its underscores as spaces, a call as "name (arguments)".
 *
 *   require empty(dest)                   ->  "g1 is not empty"
 *   require not in_row_or_column_run(c, 3) -> "in row or column run (c3, 3) holds"
 *   require kind(x) == rook               ->  "kind (h1) is not rook"
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
            term(cc, b, a);
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
    case A_WHERE:
        term(cc, b, e->a);
        put(b, " where ");
        term(cc, b, e->b);
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

static int is_builtin_call(cc_t *cc, const ast *e, const char *name)
{
    return e->kind == A_CALL && strcmp(e->name, name) == 0 && !cg_find_local(cc, name) && e->a &&
           !e->a->next;
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
    if (e->kind == A_BINOP) {
        const char *rel = NULL;
        switch (e->op) {   /* the relation that holds when the comparison does not */
        case EQ: rel = negated ? " is " : " is not "; break;
        case NE: rel = negated ? " is not " : " is "; break;
        case '<': rel = negated ? " is less than " : " is at least "; break;
        case LE: rel = negated ? " is at most " : " is more than "; break;
        case '>': rel = negated ? " is more than " : " is at most "; break;
        case GE: rel = negated ? " is at least " : " is less than "; break;
        default: break;
        }
        if (rel) {
            bare_term(cc, b, e->a);
            put(b, rel);
            bare_term(cc, b, e->b);
            return;
        }
    }
    if (e->kind == A_IN) {
        term(cc, b, e->a);
        put(b, negated ? " is in " : " is not in ");
        term(cc, b, e->b);
        return;
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
