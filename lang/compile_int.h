/*
 * compile_int.h -- state shared by the two halves of the compiler:
 * compile.c (sources, imports, declarations, tables, setup) and codegen.c
 * (statements and expressions to bytecode).  Not a public interface.
 */
#ifndef PLATEAU_COMPILE_INT_H
#define PLATEAU_COMPILE_INT_H

#include <stdint.h>
#include "ast.h"
#include "program.h"
#include "diag.h"
#include "util.h"
#include "limit_table.h"
#include "names.h"

enum { CC_MAX_FILES = PL_LIMIT_FILES, CC_MAX_EXPANSION = PL_LIMIT_EXPAND_CALLS };

/* Kinds of global names. */
typedef enum {
    SYM_NONE, SYM_DIR, SYM_DSET, SYM_REGION, SYM_PLAYER, SYM_KIND, SYM_ATTR,
    SYM_MARK, SYM_VAR, SYM_PVAR, SYM_DEF, SYM_SMARK
} sym_kind;

typedef struct {
    const char *name;
    sym_kind kind;
    int index;          /* into the program table of that kind */
    const ast *decl;    /* declaring node (SYM_DEF: the A_DEF) */
    int used;
    long long lo, hi;   /* SYM_VAR, SYM_PVAR: every value it can take (analyze.c) */
    int placed;         /* SYM_KIND: some setup line or `place` puts one */
    int in_rules;       /* SYM_DIR: named in the rules as a value (`x + n`), not only in a set */
    int holds_cell;     /* SYM_VAR, SYM_PVAR: a cell (`var ko = off`), not a number */
} cc_symbol;

/* A warning kept until the end of compilation (analyze.c). */
typedef struct an_deferred {
    const ast *at;
    const char *msg;
    struct an_deferred *next;
} an_deferred;

/* Where a condition is, for the wording of "can never hold". */
typedef enum { AN_END_RULE, AN_REQUIRE, AN_IF, AN_WHILE } an_context;

/* Types of expressions. */
typedef enum {
    T_ERR, T_INT, T_CELL, T_DIR, T_PLAYER, T_KIND, T_CELLSET, T_DIRSET, T_VOID
} cc_type;

/* The builtins of builtins.h, read as data (the columns are described
 * there).  codegen.c and analyze.c include builtins.h again for what only
 * they need: the handlers and the range rules. */
typedef enum {
    BA_NONE, BA_CELL, BA_DIR, BA_NUMBER, BA_PLAYER, BA_NUMBER_OR_DIR,
    BA_DIR_OR_DSET, BA_DSET, BA_KIND, BA_SET, BA_CELLS, BA_CELL_OR_CELLS
} cc_argkind;
typedef enum { BL_OP, BL_SET, BL_HANDLER } cc_lowering;

typedef enum {
#define BUILTIN(name, ...) CC_BI_##name,
#include "builtins.h"
#undef BUILTIN
    CC_BI_COUNT
} cc_builtin_id;

typedef enum {
#define BUILTIN_NAME(name, ...) CC_BN_##name,
#include "builtins.h"
#undef BUILTIN_NAME
    CC_BN_COUNT
} cc_builtin_name_id;

typedef struct {
    const char *name;
    int min_args, max_args;
    cc_argkind arg[3];
    cc_type result;      /* for a set: the type of its elements */
    cc_lowering lowering; /* BL_SET: a set, usable only where one is expected */
    int target;          /* BL_OP: the opcode; BL_SET: the set kind; else -1 */
    const char *doc;
} cc_builtin;

typedef struct {
    const char *name;
    cc_type result;      /* for a set: the type of its elements */
    cc_lowering lowering;
    int target;
    const char *doc;
} cc_builtin_name;

extern const cc_builtin cc_builtins[CC_BI_COUNT];
extern const cc_builtin_name cc_builtin_names[CC_BN_COUNT];

/* A name visible in code: a local variable or a macro parameter. */
typedef struct {
    const char *name;
    int is_param;
    int slot;            /* local slot */
    cc_type type;
    const ast *arg;      /* parameter: the argument expression */
    const ast *call;     /* parameter: the call that bound it */
    int caller_head;     /* parameter: scope in which to compile arg */
    int parent;          /* previous visible name (-1: none) */
    const ast *decl;
    int used;
    /* For lookups in constant time whatever the number of locals: the
     * binding of the same name made before this one (visible or not), and
     * the scope chain's depth and a jump pointer up it (codegen.c). */
    int same_name, depth, jump;
} cc_local;

typedef struct {
    pl_diags *diags;
    ast_arena arena;
    ast_source src[CC_MAX_FILES];
    int nsrc;
    /* The file behind each source, by device and inode (not by the
     * spelling of its path): an import of a file already read is skipped
     * (a diamond declares its names once), one of a file whose
     * declarations are being collected (`open`) is a cycle. */
    struct {
        uintmax_t dev, ino;
        int known, open;
    } src_file[CC_MAX_FILES];
    const char *stdlib_dir;
    /* values for tunables (pl_compile_file_tuned) */
    const char *const *tune_names;
    const int32_t *tune_values;
    int ntune;

    cc_symbol *syms;
    int nsyms, syms_cap;
    /* Hashed indexes (names.h): a name to its symbol, a cell name to its
     * cell, a string to its entry in the program's string table. */
    pl_names sym_index, cell_index, string_index;
    int strings_cap;     /* capacity of prog->strings (cc_add_string) */

    pl_program *prog;
    const ast *board, *players, *title, *about, *engine;
    /* declarations kept for later, in file order (they grow: no fixed
       table may drop one) */
    const ast **decls_setup;
    int nsetup, setup_cap;
    const ast **code_decls;       /* moves and end blocks, all files */
    int code_decls_cap;
    const ast **extra_cells;      /* `cell` declarations */
    int nextra, extra_cap;
    int32_t *gridmap;             /* (row, col) -> cell, -1 for a hole */
    int nscratch;                 /* scratch marks: locals 0 .. nscratch*ncells-1 */
    int loop_depth;               /* inside repeat/while: locals are trailed */
    int in_for;                   /* inside for: no choices allowed */
    int ncode_decls;

    /* code buffer */
    int32_t *code, *line, *col;
    int ncode, code_cap;
    int cur_line, cur_col;
    const ast *cur_node;      /* the construct being compiled (located errors) */

    /* board predicates set aside until the end of the code (predicates.c) */
    int32_t *pcode, *pline, *pcol;
    int npcode, pcode_cap;
    int32_t *pred_off, *pred_local;
    pl_pred_inputs *pred_inputs;  /* what each reads besides its cell and the mover */
    int npreds, preds_cap;

    /* the program's sets, deduplicated through an open-addressing index
       (codegen.c add_set): expansions make many, a scan would be quadratic */
    int *set_index;      /* set number + 1, 0: free */
    int set_index_cap, sets_cap;

    /* locals */
    cc_local *locals;
    int nlocals_scope, locals_cap;
    int head;            /* newest visible local (-1: none); see cc_local.parent */
    pl_names local_names; /* a name to its newest local (cc_local.same_name) */
    int next_slot, max_slot;
    int expansion_depth;
    /* What is compiled, definitions expanded (codegen.c): the recursion
     * depth bounds the C stack, the count bounds time and memory. */
    int gen_depth;
    long gen_nodes;
    int gen_over;        /* a budget was exceeded (reported once) */
    const ast *expansion[CC_MAX_EXPANSION];   /* the calls being expanded */
    const ast *expansion_def[CC_MAX_EXPANSION]; /* their definitions */
    int in_end_rules;
    an_deferred *deferred, *deferred_last;   /* warnings of analyze.c */
    int max_pieces;      /* most pieces an owner can have (INT_MAX: any) */
    unsigned line_warned; /* BUILTIN_LINE builtins warned about holes (analyze.c) */
} cc_t;

/* compile.c */
void cc_error(cc_t *cc, const ast *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void cc_warning(cc_t *cc, const ast *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
cc_symbol *cc_lookup(cc_t *cc, const char *name);
int cc_cell(cc_t *cc, const char *name);
int cc_add_string(cc_t *cc, const char *s);
const char *cc_suggest(cc_t *cc, const char *name);
const ast *cc_game_site(const cc_t *cc);

/* builtins.c */
const cc_builtin *cc_builtin_find(const char *name);            /* or NULL */
const cc_builtin_name *cc_builtin_name_find(const char *name);  /* or NULL */
/* "1 argument", "1 or 2 arguments", "2 to 3 arguments": the count a
 * builtin takes, as the arity messages word it. */
const char *cc_builtin_arity(const cc_builtin *b, char *buf, size_t size);

/* codegen.c */
void cg_emit_op(cc_t *cc, int op);
void cg_emit_arg(cc_t *cc, int32_t v);
int cg_here(cc_t *cc);
void cg_patch(cc_t *cc, int at, int target);
void cg_moves(cc_t *cc, int player, const ast *const *blocks, int nblocks);
void cg_end_rules(cc_t *cc, const ast *rules, int nomoves);
void cg_evaluate(cc_t *cc, const ast *e);
cc_local *cg_find_local(cc_t *cc, const char *name);
/* words.c: what is the case when a rule's condition fails, as a template */
char *pl_words_of(cc_t *cc, const ast *cond);
/* Bind a definition's parameters to a call's arguments (reports a wrong
 * count); leaves cc->head at the parameters.  Returns 0 on a wrong count. */
int cg_bind_params(cc_t *cc, const ast *call, const ast *def, int caller_head);
/* Forget the locals bound since cc->nlocals_scope was `mark`, newest first.
 * For bindings made only to look (analyze.c), which nothing refers to
 * afterwards: without it every lookup walks every binding ever made. */
void cg_unbind_to(cc_t *cc, int mark);

/* predicates.c: code[start, ncode) is a condition just compiled on its own,
 * for the cell in local x, ending in RESULT.  When it depends only on that
 * cell and the mover (and compiling it added no diagnostic), it is set
 * aside as a board predicate and its index returned; else -1.  Either way
 * the code is taken out of the buffer. */
int cg_board_predicate(cc_t *cc, int start, int x, int diags_before);
/* Append the board predicates after all entries (their offsets go into
 * the program). */
void cg_predicates_append(cc_t *cc);

/* analyze.c: checks beyond types (see there) */
void an_prepare(cc_t *cc);                    /* before code generation */
void an_condition(cc_t *cc, const ast *cond, an_context where);
void an_while(cc_t *cc, const ast *loop);
void an_texts(cc_t *cc, const ast *moves);    /* an A_MOVES of the game file */
void an_declarations(cc_t *cc);               /* after code generation */
void an_line_builtin(cc_t *cc, const ast *at, const char *name); /* holes cut lines */
void an_warning(cc_t *cc, const ast *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void an_flush_warnings(cc_t *cc);             /* only for a file without errors */

#endif
