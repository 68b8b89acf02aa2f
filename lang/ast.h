/*
 * ast.h -- the syntax tree of a game file.
 *
 * One node type for everything: a kind, a source location, a name or an
 * integer, up to three children and a `next` link for lists.  Nodes live in
 * an arena owned by the parse context and are freed all at once after code
 * generation.
 */
#ifndef PLATEAU_AST_H
#define PLATEAU_AST_H

#include <stdint.h>
#include <stddef.h>
#include "diag.h"

typedef enum {
    /* declarations */
    A_GAME, A_ABOUT, A_IMPORT, A_BOARD, A_DIRECTION, A_DIRECTIONS, A_REGION,
    A_PLAYERS, A_PIECE, A_SHOW, A_TURNTO, A_MARKDECL, A_VAR, A_PVAR, A_SETUP, A_MOVES, A_END,
    A_DEF, A_EVAL, A_CELLDECL, A_ENGINE,
    A_TUNE,       /* `tune`: a: the range, b: its A_DEF (parser.y, tune_decl) */
    /* parts of declarations */
    A_SIDED,      /* name: player, a: list of items */
    A_RANGE,      /* a..b cells: a, b are A_NAME */
    A_PARAM,
    /* setup statements */
    A_SPLACE, A_SMARK, A_SSET, A_STURN,
    /* move statements */
    A_PICK, A_LET, A_ASSIGN, A_REQUIRE, A_IF, A_EITHER, A_FIRST, A_MOVE,
    A_CAPTURE, A_PLACE, A_MARK, A_UNMARK, A_TEXT, A_PASS, A_CALLSTMT,
    A_FIRSTIN, A_REPEAT, A_WHILE, A_FOR,
    A_BLOCK,
    /* end rules */
    A_WINS, A_LOSES, A_DRAW, A_NOMOVES,
    /* expressions */
    A_INT, A_STR, A_NAME, A_CALL, A_OFF,
    A_BINOP, A_NOT, A_NEG, A_AND, A_OR, A_IN, A_WHERE, A_POSSIBLE
} ast_kind;

enum { AST_DEF_TUNABLE = 1 };   /* ast.op of the A_DEF of a `tune` */

typedef struct ast ast;
struct ast {
    ast_kind kind;
    int line, col, end_col;   /* end_col: last column on `line` */
    int op;                   /* A_BINOP: the operator token; A_DEF:
                                 AST_DEF_TUNABLE for a `tune` constant
                                 (its range in ival..value) */
    char *name;               /* identifiers, strings */
    int64_t ival;
    ast *a, *b, *c;
    ast *next;
    ast *tail;                /* a list's head: its last node, so appending
                                 is constant time (ast_append) */
    int file;                 /* index of the source file */
    int depth;                /* expressions: height of the operator tree */
    int known;                /* arithmetic of numbers only: its value is... */
    int32_t value;            /* ...this (A_INT, and + - * / % & | and signs of them) */
};

/* Arena: all nodes and strings of one compilation. */
typedef struct ast_chunk ast_chunk;
typedef struct {
    ast_chunk *chunks;
} ast_arena;

void *ast_alloc(ast_arena *ar, size_t size);
char *ast_strdup(ast_arena *ar, const char *s, size_t len);
void ast_arena_free(ast_arena *ar);

/* Source files of one compilation (the game and its imports). */
typedef struct {
    char *name;
    char *text;
    size_t len;
} ast_source;

enum { PL_MAX_OPEN = 64 };

/* Shared by lexer and parser. */
typedef struct {
    ast_arena *arena;
    pl_diags *diags;
    const ast_source *src;
    int file;                 /* index of src */
    ast *decls;               /* result: list of declarations */
    ast *last_decl;
    int last_token;           /* the scanner's last token: a line that ends with an
                                 operator goes on on the next one */
    int last_line, last_first_col, last_last_col;   /* and where it was */
    int paren_depth;          /* newlines inside ( ) are not separators... */
    char brackets[64];        /* ...unless a { } is open inside the ( ) */
    /* Every open bracket, for hints ("to close the '{' opened at line 6"):
     * the innermost PL_MAX_OPEN are kept, `nopen` counts them all. */
    struct { int line, col, indent; char ch; } open[PL_MAX_OPEN];
    int nopen;
    int indent_line, indent_col;  /* the first token of the latest line */
    int misindent_line, misindent_col;    /* a '{' whose '}' is indented */
    int misindent_close;                  /* unlike it, and that '}' line */
    int bad_close_line, bad_close_col;    /* a bracket that closes nothing */
    char bad_close_hint[96];              /* ... and what it should have */
    int depth;                /* nesting depth guard */
    int deep_reported;        /* an expression too deep was reported */
    char *strbuf;             /* string literal being scanned */
    int strbuf_len, strbuf_cap;
    int str_line, str_col;    /* where that literal started */
} pl_parse_ctx;

/* Operator trees deeper than this are an error: the compiler walks them
 * recursively, and `1 + 1 + ... + 1` could otherwise exhaust the C stack. */
enum { AST_MAX_EXPR_DEPTH = 500 };

void pl_lex_strbuf_add(pl_parse_ctx *ctx, char ch);
/* The scanner's bracket bookkeeping, for the parser's hints. */
void pl_lex_open(pl_parse_ctx *ctx, char ch, int line, int col);
void pl_lex_close(pl_parse_ctx *ctx, char ch, int line, int col);
int pl_lex_is_keyword(const char *s);

/* Arithmetic on the 32-bit numbers of the language, as the VM does it,
 * for the values the compiler computes itself (constants, the board
 * filter): op is one of + - * / % & |.  Never undefined behaviour: a
 * result outside 32 bits and a division by zero are reported instead. */
typedef enum { AST_ARITH_OK, AST_ARITH_OVERFLOW, AST_ARITH_DIV_ZERO } ast_arith_status;
ast_arith_status ast_arith(int op, int32_t a, int32_t b, int32_t *out);
/* The phrase for a status that is not OK, after "... ": "leaves the
 * 32-bit range (-2147483648..2147483647)" or "divides by zero". */
const char *ast_arith_problem(ast_arith_status st);

ast *ast_new(pl_parse_ctx *ctx, ast_kind kind, int line, int col, int end_col);
/* Append list b to list a (either may be NULL); returns the head.  The
 * parser builds every list by appending one item at a time, so the head
 * keeps its tail: a 100,000-line block costs no walk along it. */
ast *ast_append(ast *a, ast *b);
int ast_list_len(const ast *a);

/* Parse one source; returns the declarations (NULL + diagnostics on error). */
ast *pl_parse(ast_arena *arena, pl_diags *diags, const ast_source *src,
              int file);

#endif
