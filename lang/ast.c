/*
 * ast.c -- arena allocation of syntax-tree nodes and small list helpers.
 * Nodes are never freed one by one: the whole arena goes after compilation.
 */
#include <stdlib.h>
#include <string.h>
#include "ast.h"
#include "util.h"

struct ast_chunk {
    ast_chunk *next;
    size_t used, cap;
    max_align_t data[];
};

void *ast_alloc(ast_arena *ar, size_t size)
{
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    ast_chunk *c = ar->chunks;
    if (!c || c->used + size > c->cap) {
        size_t cap = size > 65536 ? size : 65536;
        c = pl_malloc(sizeof *c + cap); /* never NULL: util.h's policy */
        c->next = ar->chunks;
        c->used = 0;
        c->cap = cap;
        ar->chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *ast_strdup(ast_arena *ar, const char *s, size_t len)
{
    char *p = ast_alloc(ar, len + 1);
    if (len) /* s may be NULL for an empty string */
        memcpy(p, s, len);
    p[len] = 0;
    return p;
}

void ast_arena_free(ast_arena *ar)
{
    ast_chunk *c = ar->chunks;
    while (c) {
        ast_chunk *n = c->next;
        free(c);
        c = n;
    }
    ar->chunks = NULL;
}

ast_arith_status ast_arith(int op, int32_t a, int32_t b, int32_t *out)
{
    int over = 0;
    switch (op) {
    case '+': over = __builtin_add_overflow(a, b, out); break;
    case '-': over = __builtin_sub_overflow(a, b, out); break;
    case '*': over = __builtin_mul_overflow(a, b, out); break;
    case '/': case '%':
        if (b == 0)
            return AST_ARITH_DIV_ZERO;
        if (a == INT32_MIN && b == -1) /* the one quotient that does not fit */
            return AST_ARITH_OVERFLOW;
        *out = op == '/' ? a / b : a % b;
        break;
    case '&': *out = a & b; break;
    case '|': *out = a | b; break;
    default: *out = 0; break;
    }
    return over ? AST_ARITH_OVERFLOW : AST_ARITH_OK;
}

const char *ast_arith_problem(ast_arith_status st)
{
    return st == AST_ARITH_DIV_ZERO ? "divides by zero"
                                    : "leaves the 32-bit range (-2147483648..2147483647)";
}

ast *ast_new(pl_parse_ctx *ctx, ast_kind kind, int line, int col, int end_col)
{
    ast *n = ast_alloc(ctx->arena, sizeof *n);
    n->kind = kind;
    n->line = line;
    n->col = col;
    n->end_col = end_col < col ? col : end_col;
    n->file = ctx->file;
    return n;
}

/* The last node of the list at `a`: from its recorded tail when it has
 * one (a stale tail, of a node that has since been appended to, is only a
 * shorter walk), so the walk is short whatever the list's length. */
static ast *last_node(ast *a)
{
    ast *t = a->tail ? a->tail : a;
    while (t->next)
        t = t->next;
    return t;
}

ast *ast_append(ast *a, ast *b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    ast *b_last = last_node(b);
    last_node(a)->next = b;
    a->tail = b_last;
    return a;
}

int ast_list_len(const ast *a)
{
    int n = 0;
    for (; a; a = a->next)
        n++;
    return n;
}
