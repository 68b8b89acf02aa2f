/*
 * codegen.c -- statements and expressions to bytecode, with type checks.
 *
 * A move program is nondeterministic: `pick` and `either` push choice
 * points, `require` and `FAIL` backtrack, and every path that reaches the
 * end of the program yields one legal move (jq's generator model).  `first`
 * pushes a choice point that is resumed only if no move was yielded since,
 * which gives "if any move of this kind exists, only these".
 *
 * Definitions (`def`) are expanded inline with call-by-name parameters:
 * an argument is compiled where the parameter is used, in the caller's
 * scope.  Scopes are chains of cc_local entries (see compile_int.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile_int.h"
#include "parser.h"

static cc_type expr(cc_t *cc, const ast *e);
static void stmts(cc_t *cc, const ast *list);
static void block(cc_t *cc, const ast *b);

static const char *type_name(cc_type t)
{
    static const char *n[] = {"error", "number", "cell", "direction", "player",
                              "piece kind", "set of cells", "set of directions", "nothing"};
    return n[t];
}

/* ---------------------------------------------------------------------- */
/* emission */

/* The location of the code emitted next: the construct's own, or, for
 * code expanded from a definition of an imported file, the game file's
 * line that used the definition, so that a runtime error there still
 * points into the game file. */
static void at(cc_t *cc, const ast *n)
{
    if (!n)
        return;
    if (n->file != 0)
        n = cc_game_site(cc);
    cc->cur_line = n ? n->line : 0;
    cc->cur_col = n ? n->col : 0;
    cc->cur_node = n;
}

static void emit_word(cc_t *cc, int32_t w)
{
    if (cc->ncode == cc->code_cap) { /* three arrays, one capacity */
        cc->code_cap = (int)pl_grow_capacity((size_t)cc->code_cap, (size_t)cc->ncode + 1);
        cc->code = pl_realloc_array(cc->code, (size_t)cc->code_cap, sizeof(int32_t));
        cc->line = pl_realloc_array(cc->line, (size_t)cc->code_cap, sizeof(int32_t));
        cc->col = pl_realloc_array(cc->col, (size_t)cc->code_cap, sizeof(int32_t));
    }
    cc->code[cc->ncode] = w;
    cc->line[cc->ncode] = cc->cur_line;
    cc->col[cc->ncode] = cc->cur_col;
    cc->ncode++;
}

void cg_emit_op(cc_t *cc, int op) { emit_word(cc, op); }
void cg_emit_arg(cc_t *cc, int32_t v) { emit_word(cc, v); }
int cg_here(cc_t *cc) { return cc->ncode; }
void cg_patch(cc_t *cc, int at_, int target) { cc->code[at_] = target; }

static void op0(cc_t *cc, int op) { emit_word(cc, op); }
static void op1(cc_t *cc, int op, int32_t a) { emit_word(cc, op); emit_word(cc, a); }

/* Emit a jump-like op with a target to patch later; returns the operand. */
static int jump(cc_t *cc, int op)
{
    emit_word(cc, op);
    emit_word(cc, -1);
    return cc->ncode - 1;
}

static void land(cc_t *cc, int operand) { cc->code[operand] = cc->ncode; }

/* ---------------------------------------------------------------------- */
/* scopes */

static int new_slot(cc_t *cc)
{
    int s = cc->next_slot++;
    if (cc->next_slot > cc->max_slot)
        cc->max_slot = cc->next_slot;
    /* said once, where the program first needs one too many */
    if (cc->max_slot == PL_MAX_LOCALS + 1 && s == PL_MAX_LOCALS)
        cc_error(cc, cc->cur_node, "the move program needs more than %d local variables "
                 "(lets, loop variables and scratch marks)", PL_MAX_LOCALS);
    return s;
}

/* The locals form a tree: each points at the one visible before it
 * (`parent`, always an older local), and the head may move to any node (a
 * macro argument is compiled in its caller's scope).  A name is looked up
 * among its own bindings (a hash gives the newest, `same_name` the older
 * ones), each tested for being on the chain from the head.  That test uses
 * jump pointers (Myers' skew-binary scheme): from any node, the ancestor
 * at a given depth is O(log n) steps away, so ten thousand `let`s in one
 * block do not make every lookup walk them. */
static void set_jump(cc_t *cc, cc_local *l)
{
    if (l->parent < 0) {
        l->depth = 0;
        l->jump = (int)(l - cc->locals);
        return;
    }
    const cc_local *p = &cc->locals[l->parent];
    const cc_local *pj = &cc->locals[p->jump];
    l->depth = p->depth + 1;
    l->jump = p->depth - pj->depth == pj->depth - cc->locals[pj->jump].depth ? pj->jump : l->parent;
}

/* Is local a on the scope chain from local h (h itself included)? */
static int on_chain(const cc_t *cc, int a, int h)
{
    int depth = cc->locals[a].depth;
    while (h >= a && cc->locals[h].depth > depth) {
        const cc_local *l = &cc->locals[h];
        h = cc->locals[l->jump].depth >= depth ? l->jump : l->parent;
    }
    return h == a;
}

static cc_local *bind(cc_t *cc, const ast *decl, const char *name)
{
    PL_GROW(cc->locals, cc->locals_cap, cc->nlocals_scope + 1);
    int i = cc->nlocals_scope++;
    cc_local *l = &cc->locals[i];
    memset(l, 0, sizeof *l);
    l->name = name;
    l->decl = decl;
    l->parent = cc->head;
    l->same_name = pl_names_find(&cc->local_names, name);
    set_jump(cc, l);
    pl_names_put(&cc->local_names, name, i);
    cc->head = i;
    return l;
}

static cc_local *find_local(cc_t *cc, const char *name)
{
    if (cc->head < 0)
        return NULL;
    for (int i = pl_names_find(&cc->local_names, name); i >= 0; i = cc->locals[i].same_name)
        if (i <= cc->head && on_chain(cc, i, cc->head))
            return &cc->locals[i];
    return NULL;
}

cc_local *cg_find_local(cc_t *cc, const char *name)
{
    return find_local(cc, name);
}

void cg_unbind_to(cc_t *cc, int mark)
{
    while (cc->nlocals_scope > mark) {
        const cc_local *l = &cc->locals[--cc->nlocals_scope];
        pl_names_put(&cc->local_names, l->name, l->same_name);
    }
}

typedef struct { int head, next_slot, nlocals; } scope_mark;

static scope_mark scope_push(cc_t *cc)
{
    return (scope_mark){cc->head, cc->next_slot, cc->nlocals_scope};
}

/* Slots are never reused: each local has a single writer, which is what
 * lets STORE and PICK skip the trail (see vm.c).  The scope's bindings are
 * forgotten: a lookup walks only the bindings of its name still live, not
 * every expansion of a definition ever compiled. */
static void scope_pop(cc_t *cc, scope_mark m)
{
    cc->head = m.head;
    cg_unbind_to(cc, m.nlocals);
}

/* Compile a parameter's argument in the scope of the call. */
#define IN_CALLER_SCOPE(cc, l, call)                                        \
    do {                                                                    \
        int saved_head_ = (cc)->head;                                       \
        (cc)->head = (l)->caller_head;                                      \
        call;                                                               \
        (cc)->head = saved_head_;                                           \
    } while (0)

/* Bind a definition's parameters to the call's arguments.  Returns 0 if the
 * argument count is wrong. */
int cg_bind_params(cc_t *cc, const ast *call, const ast *def, int caller_head)
{
    int np = ast_list_len(def->a), na = ast_list_len(call->a);
    if (np != na) {
        cc_error(cc, call, "'%s' takes %d argument%s, not %d (defined at line %d)",
                 def->name, np, np == 1 ? "" : "s", na, def->line);
        return 0;
    }
    cc->head = -1; /* a definition sees only globals and its parameters */
    const ast *a = call->a;
    for (const ast *p = def->a; p; p = p->next, a = a->next) {
        cc_local *l = bind(cc, p, p->name);
        l->is_param = 1;
        l->call = call;
        l->arg = a;
        l->caller_head = caller_head;
    }
    return 1;
}

/* Whether `node` is `root`, or in it or in the list it heads. */
static int ast_within(const ast *root, const ast *node)
{
    for (; root; root = root->next)
        if (root == node || ast_within(root->a, node) || ast_within(root->b, node) ||
            ast_within(root->c, node))
            return 1;
    return 0;
}

/* A call of `def` made from def's own body while def is being expanded:
 * recursion, an error at once.  (The same definition may be on the stack
 * without recursion: f(f(x)) expands the inner f inside the outer, from
 * the caller's text.)  Recursion through other definitions is caught by
 * the depth limit, or by the budget on expanded constructs. */
static int calls_itself(const cc_t *cc, const ast *call, const ast *def)
{
    for (int i = 0; i < cc->expansion_depth; i++)
        if (cc->expansion_def[i] == def)
            return ast_within(def->b, call) || ast_within(def->c, call);
    return 0;
}

static int enter_expansion(cc_t *cc, const ast *call, const ast *def)
{
    if (cc->expansion_depth >= CC_MAX_EXPANSION || calls_itself(cc, call, def)) {
        cc_error(cc, call, "'%s' expands into itself (recursive definitions are not allowed)",
                 call->name);
        return 0;
    }
    cc->expansion_def[cc->expansion_depth] = def;
    cc->expansion[cc->expansion_depth++] = call;
    return 1;
}

static void leave_expansion(cc_t *cc)
{
    cc->expansion_depth--;
}

/* ---------------------------------------------------------------------- */
/* types */

static int expect(cc_t *cc, const ast *e, cc_type got, cc_type want)
{
    if (got == T_ERR || got == want)
        return got != T_ERR;
    /* A parameter has the type of its argument: blame the argument, which
     * is where the call went wrong (the body may be in another file). */
    cc_local *l = e->kind == A_NAME ? find_local(cc, e->name) : NULL;
    if (l && l->is_param && l->call && l->call->name) {
        cc_error(cc, l->arg, "'%s' needs a %s for its parameter '%s', not a %s", l->call->name,
                 type_name(want), l->name, type_name(got));
        return 0;
    }
    cc_error(cc, e, "expected a %s here, not a %s", type_name(want), type_name(got));
    return 0;
}

static void expr_as(cc_t *cc, const ast *e, cc_type want)
{
    expect(cc, e, expr(cc, e), want);
}

/* "unknown name 'x'" or "unknown function 'x'", with a hint if one is close. */
static void unknown(cc_t *cc, const ast *e, const char *what, const char *name)
{
    const char *hint = cc_suggest(cc, name);
    if (hint)
        cc_error(cc, e, "unknown %s '%s'; did you mean '%s'?", what, name, hint);
    else
        cc_error(cc, e, "unknown %s '%s'", what, name);
}

/* The direction set named by e (following parameters), or -1. */
static int dset_of(cc_t *cc, const ast *e)
{
    if (e->kind == A_NAME) {
        cc_local *l = find_local(cc, e->name);
        if (l && l->is_param) {
            int r = -1;
            IN_CALLER_SCOPE(cc, l, r = dset_of(cc, l->arg));
            return r;
        }
        cc_symbol *s = l ? NULL : cc_lookup(cc, e->name);
        if (s && s->kind == SYM_DSET) {
            s->used = 1;
            return s->index;
        }
    }
    cc_error(cc, e, "expected the name of a direction set (such as 'all8')");
    return -1;
}

/* ---------------------------------------------------------------------- */
/* sets */

/* Where set d is, or would go, in the index (a power-of-two table). */
static int *set_index_slot(cc_t *cc, const pl_setdesc *d)
{
    const pl_program *p = cc->prog;
    size_t mask = (size_t)cc->set_index_cap - 1;
    for (size_t i = pl_hash_bytes(PL_FNV_OFFSET, d, sizeof *d) & mask;; i = (i + 1) & mask) {
        int *at = &cc->set_index[i];
        if (*at == 0 || memcmp(&p->sets[*at - 1], d, sizeof *d) == 0)
            return at;
    }
}

static void set_index_grow(cc_t *cc)
{
    int old_cap = cc->set_index_cap, *old = cc->set_index;
    cc->set_index_cap = old_cap ? 2 * old_cap : 64;
    cc->set_index = pl_calloc((size_t)cc->set_index_cap, sizeof *cc->set_index);
    for (int i = 0; i < old_cap; i++)
        if (old[i])
            *set_index_slot(cc, &cc->prog->sets[old[i] - 1]) = old[i];
    free(old);
}

/* The number of set d in the program, added if new. */
static int add_set(cc_t *cc, pl_setdesc d)
{
    pl_program *p = cc->prog;
    if (2 * (p->nsets + 1) > cc->set_index_cap)   /* half full at most */
        set_index_grow(cc);
    int *at = set_index_slot(cc, &d);
    if (*at)
        return *at - 1;
    PL_GROW(p->sets, cc->sets_cap, p->nsets + 1);
    p->sets[p->nsets] = d;
    *at = p->nsets + 1;
    return p->nsets++;
}

/* Inside repeat/while a local is written once per iteration, so a choice
 * point of an earlier iteration must see its old value again: there the
 * write goes through the trail (ASSIGN) instead of STORE. */
static int store_op(cc_t *cc)
{
    return cc->loop_depth > 0 ? PL_OP_ASSIGN : PL_OP_STORE;
}

/* Whether node n (with the rest of its list when `list`) holds a
 * statement that can leave a choice point behind it: one a backtrack
 * returns to after the code that follows it has run (the moves of a
 * `possible` end with it, a comprehension makes none; a statement
 * definition may hold any, and loops are counted whole). */
static int leaves_choice(const ast *n, int list)
{
    for (; n; n = list ? n->next : NULL) {
        switch (n->kind) {
        case A_PICK: case A_EITHER: case A_FIRST: case A_FIRSTIN: case A_REPEAT:
        case A_WHILE: case A_CALLSTMT:
            return 1;
        default:
            break;
        }
        if (leaves_choice(n->a, 1) || leaves_choice(n->b, 1) || leaves_choice(n->c, 1))
            return 1;
    }
    return 0;
}

/* Whether `name` occurs anywhere in node n (with the rest of its list
 * when `list`): a read, a write or another local of that name alike. */
static int mentions(const ast *n, const char *name, int list)
{
    for (; n; n = list ? n->next : NULL)
        if ((n->name && strcmp(n->name, name) == 0) || mentions(n->a, name, 1) ||
            mentions(n->b, name, 1) || mentions(n->c, name, 1))
            return 1;
    return 0;
}

/* A local bound by the statement before `rest` (a `let`, a `pick`) in a
 * loop needs the trail only if some statement of `rest`, its scope, reads
 * it after a choice point that follows the binding: a backtrack to that
 * point, made after a later turn of the loop rewrote the slot, would read
 * the later value.  Before any such point a backtrack can only return to
 * the binding or before it, and run the binding again.  A name that is a
 * parameter may be an output of a statement definition, whose scope goes
 * on in the caller: always trailed. */
static int loop_local_needs_trail(cc_t *cc, const ast *rest, const char *name)
{
    if (cc->loop_depth == 0)
        return 0;
    const cc_local *l = find_local(cc, name);
    if (l && l->is_param)
        return 1;
    int choice = 0;
    for (const ast *s = rest; s; s = s->next) {
        int here = leaves_choice(s, 0);
        if (mentions(s, name, 0) && (choice || here))
            return 1;
        choice |= here;
    }
    return 0;
}

/* Evaluate e into a fresh local; returns the slot. */
static int temp_of(cc_t *cc, const ast *e, cc_type want)
{
    expr_as(cc, e, want);
    int s = new_slot(cc);
    op1(cc, store_op(cc), s);
    return s;
}

static int player_arg(cc_t *cc, const ast *e)
{
    if (e->kind == A_NAME && strcmp(e->name, "mover") == 0 && !find_local(cc, "mover"))
        return -1;
    return temp_of(cc, e, T_PLAYER);
}

/* The type of the elements of a set of kind k (setkinds.h). */
static cc_type set_element(int k)
{
    switch (pl_setkind_table[k].element) {
    case PL_SETELEM_DIR: return T_DIR;
    case PL_SETELEM_NUMBER: return T_INT;
    default: return T_CELL;
    }
}

/* The type a value argument of a builtin must have. */
static cc_type arg_type(cc_argkind k)
{
    switch (k) {
    case BA_CELL: return T_CELL;
    case BA_DIR: return T_DIR;
    case BA_PLAYER: return T_PLAYER;
    default: return T_INT;
    }
}

/* A call of a builtin with as many arguments as its row allows; else the
 * table's message. */
static int arity_ok(cc_t *cc, const ast *e, const cc_builtin *b, int na)
{
    if (na >= b->min_args && na <= b->max_args)
        return 1;
    char takes[40];
    cc_builtin_arity(b, takes, sizeof takes);
    if (b->arg[0] == BA_SET)     /* a comprehension: show one */
        cc_error(cc, e, "'%s' takes %s, not %d, as in %s(c in cells where empty(c)%s)", b->name,
                 takes, na, b->name, b->max_args == 2 ? ", row(c)" : "");
    else
        cc_error(cc, e, "'%s' takes %s, not %d", b->name, takes, na);
    return 0;
}

/* NEXT: the next element of set `set` after cursor local `cur` into local
 * `x` (a set that failed to compile, -1, stands as set 0: the error is
 * reported).  Returns the operand of its exit jump, for land(). */
static int emit_next(cc_t *cc, int set, int cur, int x)
{
    op0(cc, PL_OP_NEXT);
    emit_word(cc, set < 0 ? 0 : set);
    emit_word(cc, cur);
    emit_word(cc, x);
    int exit = cc->ncode;
    emit_word(cc, -1);
    return exit;
}

/* The head of a loop over a set: cursor local `cur` set before the first
 * element; the offset the loop's body jumps back to (its emit_next). */
static int loop_head(cc_t *cc, int cur)
{
    op1(cc, PL_OP_PUSH, -1);
    op1(cc, PL_OP_STORE, cur);
    return cg_here(cc);
}

/* The piece kind named by e, or -1 (reported). */
static int kind_of(cc_t *cc, const ast *e)
{
    cc_symbol *k = e->kind == A_NAME ? cc_lookup(cc, e->name) : NULL;
    if (!k || k->kind != SYM_KIND) {
        cc_error(cc, e, "expected a piece kind");
        return -1;
    }
    k->used = 1;
    return k->index;
}

/* Whether e is written as a set (a set builtin, a builtin set name, a
 * region, a definition whose body is one, or a parameter bound to one),
 * rather than a value: what neighbors(c or S, D) is given. */
static int is_set_ast(cc_t *cc, const ast *e, int depth)
{
    if (depth > CC_MAX_EXPANSION)
        return 0;
    if (e->kind == A_WHERE)      /* x in S where C: a filtered set */
        return 1;
    if (e->kind != A_NAME && e->kind != A_CALL)
        return 0;
    cc_local *l = find_local(cc, e->name);
    if (l) {
        if (!l->is_param || e->kind != A_NAME)
            return 0;
        int r = 0;
        IN_CALLER_SCOPE(cc, l, r = is_set_ast(cc, l->arg, depth + 1));
        return r;
    }
    if (e->kind == A_NAME) {
        const cc_builtin_name *bn = cc_builtin_name_find(e->name);
        if (bn)
            return bn->lowering == BL_SET;
    } else {
        const cc_builtin *b = cc_builtin_find(e->name);
        if (b)
            return b->lowering == BL_SET;
    }
    cc_symbol *s = cc_lookup(cc, e->name);
    if (!s)
        return 0;
    if (s->kind == SYM_REGION)
        return 1;
    if (s->kind != SYM_DEF || !s->decl->b || s->decl->c)
        return 0;
    if (ast_list_len(s->decl->a) != (e->kind == A_CALL ? ast_list_len(e->a) : 0))
        return 0;
    int saved = cc->head, mark = cc->nlocals_scope, r = 0;
    if (cg_bind_params(cc, e, s->decl, saved))
        r = is_set_ast(cc, s->decl->b, depth + 1);
    cc->head = saved;
    cg_unbind_to(cc, mark);
    return r;
}

static int set_expr(cc_t *cc, const ast *e, cc_type *elem);
static int filtered_set(cc_t *cc, const ast *e);
static int board_predicate(cc_t *cc, const ast *cond, int x);

/* Whether set expression e holds a filtered set (`x in S where C`) as an
 * operand, through definitions and parameters: a `for` over it computes
 * it again before each element (for_stmt). */
static int has_filter(cc_t *cc, const ast *e, int depth)
{
    if (depth > CC_MAX_EXPANSION)
        return 0;
    if (e->kind == A_WHERE)
        return 1;
    if (e->kind != A_NAME && e->kind != A_CALL)
        return 0;
    cc_local *l = find_local(cc, e->name);
    if (l) {
        if (!l->is_param || e->kind != A_NAME)
            return 0;
        int r = 0;
        IN_CALLER_SCOPE(cc, l, r = has_filter(cc, l->arg, depth + 1));
        return r;
    }
    if (e->kind == A_CALL) {
        const cc_builtin *b = cc_builtin_find(e->name);
        if (b) {
            if (b->lowering != BL_SET)
                return 0;
            for (const ast *a = e->a; a; a = a->next)
                if (has_filter(cc, a, depth + 1))
                    return 1;
            return 0;
        }
    }
    cc_symbol *s = cc_lookup(cc, e->name);
    if (!s || s->kind != SYM_DEF || !s->decl->b || s->decl->c)
        return 0;
    if (ast_list_len(s->decl->a) != (e->kind == A_CALL ? ast_list_len(e->a) : 0))
        return 0;
    int saved = cc->head, mark = cc->nlocals_scope, r = 0;
    if (e->kind == A_NAME)
        cc->head = -1;
    if (e->kind == A_NAME || cg_bind_params(cc, e, s->decl, saved))
        r = has_filter(cc, s->decl->b, depth + 1);
    cc->head = saved;
    cg_unbind_to(cc, mark);
    return r;
}

/* An operand of set algebra: a set of cells, compiled; its index. */
static int set_operand(cc_t *cc, const ast *a, const char *fn)
{
    cc_type el;
    int s = set_expr(cc, a, &el);
    if (s >= 0 && el != T_CELL) {
        cc_error(cc, a, "'%s' takes sets of cells, not a set of %s", fn,
                 el == T_DIR ? "directions" : "numbers");
        return -1;
    }
    return s;
}

/* A SET lowering (builtins.h): a descriptor of the row's set kind, its
 * value arguments computed into locals arg0 and arg1, in order; the
 * operands of set algebra (CELLS) are set descriptors instead, and
 * neighbors of a set of cells is the kind AROUND. */
static int lower_set(cc_t *cc, const ast *e, const cc_builtin *b, cc_type *elem)
{
    pl_setdesc d = {b->target, -1, -1, -1, -1};
    int32_t *value_args[2] = {&d.arg0, &d.arg1};
    int nvalues = 0, k = 0;
    for (const ast *a = e->a; a; a = a->next, k++) {
        cc_argkind kind = b->arg[k];
        if (kind == BA_CELL_OR_CELLS) {
            kind = is_set_ast(cc, a, 0) ? BA_CELLS : BA_CELL;
            if (kind == BA_CELLS)      /* neighbors(S, D), group(S, D) */
                d.kind = d.kind == PL_SET_GROUP ? PL_SET_GROUPS : PL_SET_AROUND;
        }
        switch (kind) {
        case BA_PLAYER: d.player = player_arg(cc, a); break;
        case BA_DSET: d.id = dset_of(cc, a); break;
        case BA_KIND: d.id = kind_of(cc, a); break;
        case BA_CELLS:
            if ((*value_args[nvalues++] = set_operand(cc, a, b->name)) < 0)
                return -1;
            break;
        default: *value_args[nvalues++] = temp_of(cc, a, arg_type(kind)); break;
        }
        if ((kind == BA_DSET || kind == BA_KIND) && d.id < 0)
            return -1;
    }
    *elem = set_element(d.kind);
    int i = add_set(cc, d);
    if (pl_set_tree_size(cc->prog, i, PL_LIMIT_SET_TREE + 1) > PL_LIMIT_SET_TREE) {
        cc_error(cc, e, "a set made with union, inter, minus and neighbors holds more than %d sets",
                 PL_LIMIT_SET_TREE);
        return -1;
    }
    return i;
}

/* Compile a set expression: emits code that stores its arguments in
 * locals and returns the set descriptor index (-1 on error). */
static int set_expr(cc_t *cc, const ast *e, cc_type *elem)
{
    *elem = T_CELL;
    at(cc, e);
    if (e->kind == A_WHERE)
        return filtered_set(cc, e);
    if (e->kind == A_NAME) {
        cc_local *l = find_local(cc, e->name);
        if (l && l->is_param) {
            int r = -1;
            IN_CALLER_SCOPE(cc, l, r = set_expr(cc, l->arg, elem));
            return r;
        }
        const cc_builtin_name *bn = l ? NULL : cc_builtin_name_find(e->name);
        if (bn && bn->lowering == BL_SET) {
            *elem = set_element(bn->target);
            return add_set(cc, (pl_setdesc){bn->target, -1, -1, -1, -1});
        }
        cc_symbol *s = l ? NULL : cc_lookup(cc, e->name);
        if (s && s->kind == SYM_DSET) {
            s->used = 1;
            *elem = set_element(PL_SET_DIRS);
            return add_set(cc, (pl_setdesc){PL_SET_DIRS, s->index, -1, -1, -1});
        }
        if (s && s->kind == SYM_REGION) {
            s->used = 1;
            return add_set(cc, (pl_setdesc){PL_SET_REGION, s->index, -1, -1, -1});
        }
        if (s && s->kind == SYM_DEF && !s->decl->a && s->decl->b) {
            s->used = 1;
            if (!enter_expansion(cc, e, s->decl))
                return -1;
            scope_mark m = scope_push(cc);
            cc->head = -1;
            int r = set_expr(cc, s->decl->b, elem);
            scope_pop(cc, m);
            cc->next_slot = cc->next_slot > m.next_slot ? cc->next_slot : m.next_slot;
            leave_expansion(cc);
            return r;
        }
        if (!l && !s) {
            unknown(cc, e, "name", e->name);
            return -1;
        }
    } else if (e->kind == A_CALL) {
        int na = ast_list_len(e->a);
        const ast *a0 = e->a;
        const cc_builtin *b = cc_builtin_find(e->name);
        if (b && b->lowering == BL_SET) {
            an_line_builtin(cc, e, e->name);
            return arity_ok(cc, e, b, na) ? lower_set(cc, e, b, elem) : -1;
        }
        cc_symbol *s = find_local(cc, e->name) ? NULL : cc_lookup(cc, e->name);
        if (s && (s->kind == SYM_DSET || s->kind == SYM_REGION) && na == 1) {
            s->used = 1;
            int pl = player_arg(cc, a0);
            *elem = set_element(s->kind == SYM_DSET ? PL_SET_DIRS : PL_SET_REGION);
            return add_set(cc, (pl_setdesc){s->kind == SYM_DSET ? PL_SET_DIRS : PL_SET_REGION,
                                            s->index, -1, -1, pl});
        }
        if (s && s->kind == SYM_DEF && s->decl->b && !s->decl->c) {
            s->used = 1;
            if (!enter_expansion(cc, e, s->decl))
                return -1;
            scope_mark m = scope_push(cc);
            int r = -1;
            if (cg_bind_params(cc, e, s->decl, m.head))
                r = set_expr(cc, s->decl->b, elem);
            scope_pop(cc, m);
            cc->next_slot = cc->next_slot > m.next_slot ? cc->next_slot : m.next_slot;
            leave_expansion(cc);
            return r;
        }
        if (!s && !b && !find_local(cc, e->name)) {
            unknown(cc, e, "function", e->name);
            return -1;
        }
    }
    cc_error(cc, e, "expected a set of cells or directions (such as 'pieces(mover)', "
                    "'empty_cells', 'leaps(c, dirs)' or a direction set)");
    return -1;
}

/* Split `x in S where C` into binder, set and condition. */
static int split_binder(cc_t *cc, const ast *arg, const ast **binder, const ast **set, const ast **cond)
{
    *binder = NULL;
    *cond = NULL;
    *set = arg;
    const ast *in = arg;
    if (arg->kind == A_WHERE) {
        in = arg->a;
        *cond = arg->b;
    }
    if (in->kind == A_IN && in->a->kind == A_NAME && !find_local(cc, in->a->name)) {
        *binder = in->a;
        *set = in->b;
        return 1;
    }
    if (arg->kind == A_WHERE) {
        cc_error(cc, arg, "name the element being tested, as in 'c in empty_cells where ...'");
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------- */
/* conditions as jumps (as Lua's lcode.c does): where a condition only
 * decides a jump, `A and B`, `A or B` and `not A` jump on each part
 * instead of computing a value first (DUP, JUMPF, POP, NOT) and testing
 * it.  The same parts are evaluated in the same order. */

typedef struct {
    int *at;             /* operand words of the jumps to patch */
    int n, cap;
} jump_list;

static void jl_add(jump_list *l, int operand)
{
    PL_GROW(l->at, l->cap, (size_t)l->n + 1);
    l->at[l->n++] = operand;
}

static void jl_land(cc_t *cc, jump_list *l, int target)
{
    for (int i = 0; i < l->n; i++)
        cc->code[l->at[i]] = target;
    free(l->at);
    *l = (jump_list){0};
}

/* Code that jumps (the jumps go into *l) when cond is true (when_true)
 * or false, and goes on otherwise. */
static void cond_jump(cc_t *cc, const ast *cond, int when_true, jump_list *l)
{
    if (cond->kind == A_NOT) {
        cond_jump(cc, cond->a, !when_true, l);
        return;
    }
    if (cond->kind == A_AND || cond->kind == A_OR) {
        int is_and = cond->kind == A_AND;
        if (is_and != when_true) {   /* and: false if either is; or: true if either is */
            cond_jump(cc, cond->a, when_true, l);
            cond_jump(cc, cond->b, when_true, l);
        } else {                     /* and: true if both are; or: false if both are */
            jump_list other = {0};
            cond_jump(cc, cond->a, !when_true, &other);
            cond_jump(cc, cond->b, when_true, l);
            jl_land(cc, &other, cg_here(cc));
        }
        return;
    }
    expr_as(cc, cond, T_INT);
    at(cc, cond);
    jl_add(l, jump(cc, when_true ? PL_OP_JUMPT : PL_OP_JUMPF));
}

/* Keep the words of a rule without a message for the test about to be
 * emitted (words.c). */
static void rule_words(cc_t *cc, const ast *cond)
{
    char *text = pl_words_of(cc, cond);
    if (text)
        pl_program_add_words(cc->prog, cc->ncode, text);
}

/* require COND (and pick ... where COND): `A and B` as two REQUIREs;
 * with `else "message"` (message >= 0: its string), REQUIREMs that give
 * explain the author's words. */
static void require_cond_msg(cc_t *cc, const ast *cond, const ast *site, int message)
{
    if (cond->kind == A_AND) {
        require_cond_msg(cc, cond->a, site, message);
        require_cond_msg(cc, cond->b, site, message);
        return;
    }
    expr_as(cc, cond, T_INT);
    at(cc, site);
    if (message >= 0) {
        op1(cc, PL_OP_REQUIREM, message);
        return;
    }
    rule_words(cc, cond);
    op0(cc, PL_OP_REQUIRE);
}

static void require_cond(cc_t *cc, const ast *cond, const ast *site)
{
    require_cond_msg(cc, cond, site, -1);
}

/* `x in S where C` as a set (an operand of set algebra, or the body of a
 * definition used as one): the cells of S for which C holds, found here,
 * where the set is written, by the loop a comprehension would run (C may
 * read what a comprehension's condition reads), into a bitset of locals
 * (BITSCLEAR, then BITSADD for each cell kept) that the set WHERE reads.
 * Its descriptor keeps S as its operand: the set tree, as written. */
static int filtered_set(cc_t *cc, const ast *e)
{
    const ast *binder, *set, *cond;
    if (split_binder(cc, e, &binder, &set, &cond) <= 0)
        return -1;
    scope_mark m = scope_push(cc);
    cc_type elem;
    int s = set_expr(cc, set, &elem);
    if (s >= 0 && elem != T_CELL) {
        cc_error(cc, set, "a filtered set inside set algebra is a set of cells: '%s' takes its "
                 "elements from a set of %s", binder->name, elem == T_DIR ? "directions" : "numbers");
        s = -1;
    }
    int bits = new_slot(cc);
    for (int k = 1; k < pl_bits_words(cc->prog->ncells); k++)
        new_slot(cc);
    int cur = new_slot(cc), x = new_slot(cc);
    cc_local *l = bind(cc, binder, binder->name);
    l->slot = x;
    l->type = s < 0 ? T_ERR : T_CELL;
    /* a board predicate: its mask, when the runtime has one */
    int pred = s >= 0 ? board_predicate(cc, cond, x) : -1, masked = -1;
    at(cc, e);
    if (pred >= 0) {
        op0(cc, PL_OP_MASKBITS);
        emit_word(cc, s);
        emit_word(cc, pred);
        emit_word(cc, bits);
        masked = jump(cc, PL_OP_JUMPT);
    }
    op1(cc, PL_OP_BITSCLEAR, bits);
    int loop = loop_head(cc, cur);
    int end = emit_next(cc, s, cur, x);
    jump_list skip = {0};
    cond_jump(cc, cond, 0, &skip);
    jl_land(cc, &skip, loop);
    at(cc, e);
    op1(cc, PL_OP_LOAD, x);
    op1(cc, PL_OP_BITSADD, bits);
    op1(cc, PL_OP_JUMP, loop);
    land(cc, end);
    if (masked >= 0)
        land(cc, masked);
    scope_pop(cc, m);
    if (s < 0)
        return -1;
    int i = add_set(cc, (pl_setdesc){PL_SET_WHERE, -1, s, bits, -1});
    if (pl_set_tree_size(cc->prog, i, PL_LIMIT_SET_TREE + 1) > PL_LIMIT_SET_TREE) {
        cc_error(cc, e, "a set made with union, inter, minus and neighbors holds more than %d sets",
                 PL_LIMIT_SET_TREE);
        return -1;
    }
    return i;
}

/* What a comprehension computes: MASKAGG's third operand. */
enum { AGG_COUNT, AGG_ANY, AGG_NONE, AGG_ALL };

static int aggregate_of(const char *fn)
{
    return strcmp(fn, "any") == 0 ? AGG_ANY : strcmp(fn, "none") == 0 ? AGG_NONE
         : strcmp(fn, "all") == 0 ? AGG_ALL : AGG_COUNT;
}

/* Compile cond once more on its own, for the cell in local x, and keep it
 * as a board predicate when it depends on that cell and the mover only
 * (predicates.c).  Its diagnostics are dropped: the loop compiled after
 * reports them once.  Returns the predicate's index or -1. */
static int board_predicate(cc_t *cc, const ast *cond, int x)
{
    int diags = cc->diags->count, head = cc->head, slots = cc->next_slot;
    unsigned line_warned = cc->line_warned;   /* its warnings are the loop's to give */
    an_deferred *last = cc->deferred_last;
    int start = cc->ncode;
    expr_as(cc, cond, T_INT);
    op0(cc, PL_OP_RESULT);
    int k = cg_board_predicate(cc, start, x, diags);
    pl_diags_truncate(cc->diags, diags);
    while (cc->prog->nwords > 0 && cc->prog->words[cc->prog->nwords - 1].pc >= start)
        free(cc->prog->words[--cc->prog->nwords].text);   /* that code was set aside */
    cc->deferred_last = last;
    if (last)
        last->next = NULL;
    else
        cc->deferred = NULL;
    cc->head = head;
    cc->next_slot = slots;
    cc->line_warned = line_warned;
    return k;
}

/* The condition of a comprehension when it is an occupancy test of the
 * element itself, empty(x), own(x) or enemy(x), or its negation: the
 * OCCAGG operand (0, 1, 2, plus 4 for `not`), else -1.  The builtins
 * cannot be redefined, but a parameter may be called by their name. */
static int occupancy_test(cc_t *cc, const ast *cond, const ast *binder)
{
    int negated = 0;
    while (cond->kind == A_NOT) {
        negated ^= 4;
        cond = cond->a;
    }
    if (!binder || cond->kind != A_CALL || find_local(cc, cond->name) || !cond->a ||
        cond->a->next || cond->a->kind != A_NAME || strcmp(cond->a->name, binder->name) != 0)
        return -1;
    static const char *const tests[] = {"empty", "own", "enemy"};
    for (int i = 0; i < 3; i++)
        if (strcmp(cond->name, tests[i]) == 0)
            return i | negated;
    return -1;
}

/* count / any / all / none over a set: a deterministic loop (a HANDLER
 * of builtins.h, like every builtin_ function below).  Without a
 * condition, COUNTSET counts the set; with a board predicate (a condition
 * of the cell and the mover only), MASKAGG answers from its mask and the
 * loop after it runs only where the runtime has no mask. */
static cc_type builtin_comprehension(cc_t *cc, const ast *call)
{
    const char *fn = call->name;
    const ast *binder, *set, *cond;
    if (split_binder(cc, call->a, &binder, &set, &cond) < 0)
        return T_ERR;
    int agg = aggregate_of(fn);
    if (agg == AGG_ALL && !cond) {
        cc_error(cc, call, "'all' needs a condition: all(c in SET where CONDITION)");
        return T_ERR;
    }
    scope_mark m = scope_push(cc);
    cc_type elem;
    int s = set_expr(cc, set, &elem);
    if (!cond) {
        at(cc, call);
        op1(cc, PL_OP_COUNTSET, s < 0 ? 0 : s);
        if (agg == AGG_ANY) {
            op1(cc, PL_OP_PUSH, 0);
            op0(cc, PL_OP_GT);
        } else if (agg == AGG_NONE) {
            op0(cc, PL_OP_NOT);
        }
        scope_pop(cc, m);
        return s < 0 ? T_ERR : T_INT;
    }
    int occ = s >= 0 && elem == T_CELL ? occupancy_test(cc, cond, binder) : -1;
    if (occ >= 0) {     /* one instruction: masks of the occupancy, no loop */
        at(cc, call);
        op0(cc, PL_OP_OCCAGG);
        emit_word(cc, s);
        emit_word(cc, occ);
        emit_word(cc, agg);
        scope_pop(cc, m);
        return T_INT;
    }
    int cur = new_slot(cc), x = new_slot(cc), acc = new_slot(cc);
    if (binder) {
        cc_local *l = bind(cc, binder, binder->name);
        l->slot = x;
        l->type = elem;
    }
    int pred = s >= 0 && elem == T_CELL ? board_predicate(cc, cond, x) : -1;
    at(cc, call);
    int skip = -1;
    if (pred >= 0) {
        op0(cc, PL_OP_MASKAGG);
        emit_word(cc, s);
        emit_word(cc, pred);
        emit_word(cc, agg);
        skip = cc->ncode;
        emit_word(cc, -1);
    }
    op1(cc, PL_OP_PUSH, 0);
    op1(cc, PL_OP_STORE, acc);
    int loop = loop_head(cc, cur);
    int end = emit_next(cc, s, cur, x);
    jump_list next = {0};
    cond_jump(cc, cond, agg == AGG_ALL, &next);
    jl_land(cc, &next, loop);
    at(cc, call);
    if (agg == AGG_COUNT) {
        op1(cc, PL_OP_LOAD, acc);
        op1(cc, PL_OP_PUSH, 1);
        op0(cc, PL_OP_ADD);
        op1(cc, PL_OP_STORE, acc);
        op1(cc, PL_OP_JUMP, loop);
    } else {
        op1(cc, PL_OP_PUSH, 1);
        op1(cc, PL_OP_STORE, acc);
    }
    land(cc, end);
    op1(cc, PL_OP_LOAD, acc);
    if (agg == AGG_NONE || agg == AGG_ALL)
        op0(cc, PL_OP_NOT);
    if (skip >= 0)
        land(cc, skip);
    scope_pop(cc, m);
    if (s < 0)
        return T_ERR;
    return T_INT;
}

/* sum(x in S where C, E): a deterministic loop adding E, a number of the
 * element, over the elements for which C holds (0 for none); the element
 * is named by a binder, as in every comprehension. */
static cc_type builtin_sum(cc_t *cc, const ast *call)
{
    const ast *binder, *set, *cond;
    int named = split_binder(cc, call->a, &binder, &set, &cond);
    if (named < 0)
        return T_ERR;
    if (named == 0) {
        cc_error(cc, call->a, "name the element to add up, as in 'sum(c in pieces(mover), row(c))'");
        return T_ERR;
    }
    scope_mark m = scope_push(cc);
    cc_type elem;
    int s = set_expr(cc, set, &elem);
    int cur = new_slot(cc), x = new_slot(cc), acc = new_slot(cc);
    cc_local *l = bind(cc, binder, binder->name);
    l->slot = x;
    l->type = elem;
    at(cc, call);
    op1(cc, PL_OP_PUSH, 0);
    op1(cc, PL_OP_STORE, acc);
    int loop = loop_head(cc, cur);
    int end = emit_next(cc, s, cur, x);
    if (cond) {
        jump_list next = {0};
        cond_jump(cc, cond, 0, &next);
        jl_land(cc, &next, loop);
    }
    at(cc, call);
    op1(cc, PL_OP_LOAD, acc);
    expr_as(cc, call->a->next, T_INT);
    at(cc, call);
    op0(cc, PL_OP_ADD);
    op1(cc, PL_OP_STORE, acc);
    op1(cc, PL_OP_JUMP, loop);
    land(cc, end);
    op1(cc, PL_OP_LOAD, acc);
    scope_pop(cc, m);
    return s < 0 ? T_ERR : T_INT;
}

/* ---------------------------------------------------------------------- */
/* expressions */

static cc_type builtin_nobody(cc_t *cc, const ast *e)
{
    (void)e;
    op1(cc, PL_OP_PUSH, -1);
    return T_PLAYER;
}

static cc_type builtin_opponent(cc_t *cc, const ast *e)
{
    (void)e;
    op0(cc, PL_OP_MOVER);
    op0(cc, PL_OP_OTHER);
    return T_PLAYER;
}

/* The HANDLER lowerings of builtins.h, by row; NULL for the regular ones. */
typedef cc_type (*builtin_handler)(cc_t *cc, const ast *call);
#define BI_HANDLER_OP(target) NULL
#define BI_HANDLER_SET(target) NULL
#define BI_HANDLER_HANDLER(target) builtin_##target

static const builtin_handler name_handlers[CC_BN_COUNT] = {
#define BUILTIN_NAME(name, result, lowering, target, doc) \
    [CC_BN_##name] = BI_HANDLER_##lowering(target),
#include "builtins.h"
#undef BUILTIN_NAME
};

static cc_type name_expr(cc_t *cc, const ast *e)
{
    cc_local *l = find_local(cc, e->name);
    if (l) {
        l->used = 1;
        if (l->is_param) {
            cc_type t = T_ERR;
            IN_CALLER_SCOPE(cc, l, t = expr(cc, l->arg));
            return t;
        }
        op1(cc, PL_OP_LOAD, l->slot);
        return l->type;
    }
    const cc_builtin_name *bn = cc_builtin_name_find(e->name);
    if (bn && bn->lowering == BL_SET) {
        cc_error(cc, e, "'%s' is a set: use it in 'pick' or in count(...)", e->name);
        return T_ERR;
    }
    if (bn && bn->lowering == BL_OP) {
        op0(cc, bn->target);
        return bn->result;
    }
    if (bn)
        return name_handlers[bn - cc_builtin_names](cc, e);
    cc_symbol *s = cc_lookup(cc, e->name);
    if (s) {
        s->used = 1;
        switch (s->kind) {
        case SYM_PLAYER: op1(cc, PL_OP_PUSH, s->index); return T_PLAYER;
        case SYM_KIND: op1(cc, PL_OP_PUSH, s->index); return T_KIND;
        case SYM_DIR: s->in_rules = 1; op1(cc, PL_OP_PUSH, s->index); return T_DIR;
        case SYM_VAR: op1(cc, PL_OP_GETVAR, s->index); return s->holds_cell ? T_CELL : T_INT;
        case SYM_DEF:
            if (s->decl->b && !s->decl->a) {
                if (!enter_expansion(cc, e, s->decl))
                    return T_ERR;
                scope_mark m = scope_push(cc);
                cc->head = -1;
                cc_type t = expr(cc, s->decl->b);
                scope_pop(cc, m);
                cc->next_slot = cc->next_slot > m.next_slot ? cc->next_slot : m.next_slot;
                leave_expansion(cc);
                return t;
            }
            cc_error(cc, e, "'%s' is a definition that needs arguments or is a block of statements", e->name);
            return T_ERR;
        case SYM_DSET:
        case SYM_REGION:
            cc_error(cc, e, "'%s' is a set: use it in 'pick', 'in' or count(...)", e->name);
            return T_ERR;
        default:
            cc_error(cc, e, "'%s' is a %s and needs an argument, as in %s(c)", e->name,
                     s->kind == SYM_MARK ? "mark" : s->kind == SYM_ATTR ? "attribute" : "player variable",
                     e->name);
            return T_ERR;
        }
    }
    int c = cc_cell(cc, e->name);
    if (c >= 0) {
        op1(cc, PL_OP_PUSH, c);
        return T_CELL;
    }
    unknown(cc, e, "name", e->name);
    return T_ERR;
}

static cc_type def_call(cc_t *cc, const ast *e, cc_symbol *s)
{
    const ast *def = s->decl;
    if (!def->b) {
        cc_error(cc, e, "'%s' is a block of statements, not a value", e->name);
        return T_ERR;
    }
    if (!enter_expansion(cc, e, def))
        return T_ERR;
    scope_mark m = scope_push(cc);
    cc_type t = T_ERR;
    if (cg_bind_params(cc, e, def, m.head))
        t = expr(cc, def->b);
    scope_pop(cc, m);
    cc->next_slot = cc->next_slot > m.next_slot ? cc->next_slot : m.next_slot;
    leave_expansion(cc);
    return t;
}

/* An OP lowering (builtins.h): the value arguments in order, then the
 * opcode, whose operand is the direction set argument if it has one. */
static cc_type lower_op(cc_t *cc, const ast *e, const cc_builtin *b)
{
    int operand = 0, k = 0;
    for (const ast *a = e->a; a; a = a->next, k++) {
        if (b->arg[k] == BA_DSET) {
            int d = dset_of(cc, a);
            operand = d < 0 ? 0 : d;
        } else {
            expr_as(cc, a, arg_type(b->arg[k]));
        }
    }
    at(cc, e);
    if (pl_opinfo_table[b->target].nops > 0)
        op1(cc, b->target, operand);
    else
        op0(cc, b->target);
    return b->result;
}

/* bit(n), bit(d): a direction stands for its number. */
static cc_type builtin_bit(cc_t *cc, const ast *e)
{
    cc_type t = expr(cc, e->a);
    if (t != T_INT && t != T_DIR && t != T_ERR)
        cc_error(cc, e->a, "bit() takes a number or a direction, not a %s", type_name(t));
    at(cc, e);
    op0(cc, PL_OP_BIT);
    return T_INT;
}

/* run(c, D) along a direction set, run(c, d) along one direction. */
static cc_type builtin_run(cc_t *cc, const ast *e)
{
    const ast *a0 = e->a, *a1 = a0->next;
    expr_as(cc, a0, T_CELL);
    cc_symbol *ds = a1->kind == A_NAME && !find_local(cc, a1->name) ? cc_lookup(cc, a1->name) : NULL;
    if (!ds || ds->kind != SYM_DSET) { /* one direction (and its reverse) */
        expr_as(cc, a1, T_DIR);
        at(cc, e);
        op0(cc, PL_OP_RUNDIR);
        return T_INT;
    }
    int d = dset_of(cc, a1);
    at(cc, e);
    op1(cc, PL_OP_RUN, d < 0 ? 0 : d);
    return T_INT;
}

static cc_type builtin_abs(cc_t *cc, const ast *e)
{
    expr_as(cc, e->a, T_INT);
    at(cc, e);
    op0(cc, PL_OP_DUP);
    op1(cc, PL_OP_PUSH, 0);
    op0(cc, PL_OP_LT);
    int skip = jump(cc, PL_OP_JUMPF);
    op0(cc, PL_OP_NEG);
    land(cc, skip);
    return T_INT;
}

/* board_repeated(n): the board, whoever was to move (BOARDREP);
 * board_repeated(n, P): the board with P to move (BOARDREPP).  Two
 * opcodes, so that a game keeps the history of the second only when it
 * asks it (state.c). */
static cc_type builtin_board_repeated(cc_t *cc, const ast *e)
{
    expr_as(cc, e->a, T_INT);
    if (e->a->next)
        expr_as(cc, e->a->next, T_PLAYER);
    at(cc, e);
    op0(cc, e->a->next ? PL_OP_BOARDREPP : PL_OP_BOARDREP);
    return T_INT;
}

/* min(n, m) and max(n, m): each argument computed once, into a local. */
static cc_type builtin_minmax(cc_t *cc, const ast *e)
{
    int ta = temp_of(cc, e->a, T_INT), tb = temp_of(cc, e->a->next, T_INT);
    at(cc, e);
    op1(cc, PL_OP_LOAD, ta);
    op1(cc, PL_OP_LOAD, tb);
    op0(cc, strcmp(e->name, "min") == 0 ? PL_OP_LT : PL_OP_GT);
    int other = jump(cc, PL_OP_JUMPF);
    op1(cc, PL_OP_LOAD, ta);
    int done = jump(cc, PL_OP_JUMP);
    land(cc, other);
    op1(cc, PL_OP_LOAD, tb);
    land(cc, done);
    return T_INT;
}

static const builtin_handler call_handlers[CC_BI_COUNT] = {
#define BUILTIN(name, min, max, a1, a2, a3, result, lowering, target, range, doc) \
    [CC_BI_##name] = BI_HANDLER_##lowering(target),
#include "builtins.h"
#undef BUILTIN
};

static cc_type call_expr(cc_t *cc, const ast *e)
{
    const char *fn = e->name;
    int na = ast_list_len(e->a);
    const ast *a0 = e->a;
    cc_local *fl = find_local(cc, fn);
    if (fl && fl->is_param && fl->arg->kind == A_NAME) {
        /* A parameter bound to a name may be called: def f(count_of) = count_of(mover) */
        int saved = cc->head;
        const char *name = fl->arg->name;
        cc->head = fl->caller_head;
        cc_local *again = find_local(cc, name);
        cc->head = saved;
        if (!again) {
            ast call = *e;
            call.name = (char *)name;
            return call_expr(cc, &call);
        }
    }
    if (fl) {
        cc_error(cc, e, "'%s' is a local name, not a function", fn);
        return T_ERR;
    }
    const cc_builtin *b = cc_builtin_find(fn);
    if (b && b->lowering != BL_SET) {
        if (!arity_ok(cc, e, b, na))
            return T_ERR;
        an_line_builtin(cc, e, fn);
        if (b->lowering == BL_OP)
            return lower_op(cc, e, b);
        return call_handlers[b - cc_builtins](cc, e);
    }
    cc_symbol *s = cc_lookup(cc, fn);
    if (s) {
        s->used = 1;
        switch (s->kind) {
        case SYM_MARK:
        case SYM_SMARK:
            if (na != 1)
                break;
            expr_as(cc, a0, T_CELL);
            at(cc, e);
            op1(cc, s->kind == SYM_MARK ? PL_OP_MARKED : PL_OP_SMARKED, s->index);
            return T_INT;
        case SYM_ATTR:
            if (na != 1)
                break;
            expr_as(cc, a0, T_CELL);
            at(cc, e);
            op1(cc, PL_OP_ATTR, s->index);
            return T_INT;
        case SYM_PVAR:
            if (na != 1)
                break;
            expr_as(cc, a0, T_PLAYER);
            at(cc, e);
            op1(cc, PL_OP_GETPVAR, s->index);
            return s->holds_cell ? T_CELL : T_INT;
        case SYM_DEF:
            return def_call(cc, e, s);
        case SYM_DSET:
        case SYM_REGION:
            cc_error(cc, e, "'%s' is a set: use it in 'pick', 'in' or count(...)", fn);
            return T_ERR;
        default:
            cc_error(cc, e, "'%s' is a %s, not a function", fn,
                     s->kind == SYM_PLAYER ? "player" : s->kind == SYM_KIND ? "piece kind" : "direction");
            return T_ERR;
        }
        cc_error(cc, e, "'%s' takes one argument", fn);
        return T_ERR;
    }
    if (b) {    /* a set builtin */
        cc_error(cc, e, "'%s(...)' is a set: use it in 'pick' or in count(...)", fn);
        return T_ERR;
    }
    unknown(cc, e, "function", fn);
    return T_ERR;
}

/* `x in S`: a direction in a direction set, a cell in a region, or a cell
 * in any set of cells (a loop). */
static cc_type in_expr(cc_t *cc, const ast *e)
{
    const ast *rhs = e->b;
    if (rhs->kind == A_NAME && !find_local(cc, rhs->name)) {
        cc_symbol *s = cc_lookup(cc, rhs->name);
        if (s && s->kind == SYM_DSET) {
            s->used = 1;
            expr_as(cc, e->a, T_DIR);
            at(cc, e);
            op1(cc, PL_OP_DIRIN, s->index);
            return T_INT;
        }
        if (s && s->kind == SYM_REGION) {
            s->used = 1;
            expr_as(cc, e->a, T_CELL);
            at(cc, e);
            op0(cc, PL_OP_MOVER);
            op1(cc, PL_OP_INREGION, s->index);
            return T_INT;
        }
    }
    if (rhs->kind == A_CALL && ast_list_len(rhs->a) == 1 && !find_local(cc, rhs->name)) {
        cc_symbol *s = cc_lookup(cc, rhs->name);
        if (s && s->kind == SYM_REGION) {
            s->used = 1;
            expr_as(cc, e->a, T_CELL);
            expr_as(cc, rhs->a, T_PLAYER);
            at(cc, e);
            op1(cc, PL_OP_INREGION, s->index);
            return T_INT;
        }
    }
    /* general: any(x in S where x == lhs) */
    scope_mark m = scope_push(cc);
    cc_type elem;
    int s = set_expr(cc, rhs, &elem);
    int lhs = temp_of(cc, e->a, s < 0 ? T_CELL : elem);
    int cur = new_slot(cc), x = new_slot(cc), acc = new_slot(cc);
    at(cc, e);
    op1(cc, PL_OP_PUSH, 0);
    op1(cc, PL_OP_STORE, acc);
    int loop = loop_head(cc, cur);
    int end = emit_next(cc, s, cur, x);
    op1(cc, PL_OP_LOAD, x);
    op1(cc, PL_OP_LOAD, lhs);
    op0(cc, PL_OP_EQ);
    op1(cc, PL_OP_JUMPF, loop);
    op1(cc, PL_OP_PUSH, 1);
    op1(cc, PL_OP_STORE, acc);
    land(cc, end);
    op1(cc, PL_OP_LOAD, acc);
    scope_pop(cc, m);
    return s < 0 ? T_ERR : T_INT;
}

static cc_type binop_expr(cc_t *cc, const ast *e)
{
    cc_type ta = expr(cc, e->a);
    cc_type tb = expr(cc, e->b);
    at(cc, e);
    if (ta == T_ERR || tb == T_ERR)
        return T_ERR;
    switch (e->op) {
    case '+':
        if (ta == T_CELL && tb == T_DIR) {
            op0(cc, PL_OP_STEP);
            return T_CELL;
        }
        /* fall through */
    case '-': case '*': case '/': case '%':
        if (ta != T_INT || tb != T_INT) {
            cc_error(cc, e, "arithmetic needs numbers, not a %s and a %s%s", type_name(ta), type_name(tb),
                     e->op == '+' ? " (a cell plus a direction is the next cell)" : "");
            return T_ERR;
        }
        op0(cc, e->op == '+' ? PL_OP_ADD : e->op == '-' ? PL_OP_SUB : e->op == '*' ? PL_OP_MUL
                : e->op == '/' ? PL_OP_DIV : PL_OP_MOD);
        return T_INT;
    default:
        if (ta != tb) {
            cc_error(cc, e, "cannot compare a %s with a %s", type_name(ta), type_name(tb));
            return T_ERR;
        }
        if (e->op == '&' || e->op == '|') {
            if (ta != T_INT) {
                cc_error(cc, e, "bitwise operators need numbers, not a %s", type_name(ta));
                return T_ERR;
            }
            op0(cc, e->op == '&' ? PL_OP_BAND : PL_OP_BOR);
            return T_INT;
        }
        if (e->op != EQ && e->op != NE && ta != T_INT) {
            cc_error(cc, e, "only numbers can be ordered, not a %s", type_name(ta));
            return T_ERR;
        }
        op0(cc, e->op == EQ ? PL_OP_EQ : e->op == NE ? PL_OP_NE : e->op == '<' ? PL_OP_LT
                : e->op == '>' ? PL_OP_GT : e->op == LE ? PL_OP_LE : PL_OP_GE);
        return T_INT;
    }
}

/* The chain of definitions being expanded, "d0 -> d1 -> d2", shortened
 * in the middle when long. */
static void expansion_chain(const cc_t *cc, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < cc->expansion_depth && used + 1 < size; i++) {
        if (cc->expansion_depth > 8 && i == 4) {
            used += (size_t)snprintf(buf + used, size - used, " -> ...");
            i = cc->expansion_depth - 3;
            continue;
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%.40s", i ? " -> " : "",
                                 cc->expansion[i]->name);
    }
}

/* Limits on what is compiled, not on what was written: definitions can
 * nest (63 definitions each 490 operators deep) or double at each level
 * (`def d0 = d1 + d1`), so the depth of the recursion below and the number
 * of constructs compiled are counted as they happen.  Past either budget
 * one error names the chain and everything after it compiles to nothing,
 * which ends the expansion in linear time. */
static int within_budget(cc_t *cc, const ast *n)
{
    if (cc->gen_over)
        return 0;
    char what[64];
    if (cc->gen_depth >= PL_LIMIT_EXPAND_DEPTH)
        snprintf(what, sizeof what, "nests more than %d levels deep", PL_LIMIT_EXPAND_DEPTH);
    else if (++cc->gen_nodes > PL_LIMIT_EXPAND_NODES)
        snprintf(what, sizeof what, "makes more than %d constructs", PL_LIMIT_EXPAND_NODES);
    else
        return 1;
    cc->gen_over = 1;
    const ast *site = cc->expansion_depth ? cc->expansion[0] : n;
    if (site->file != 0 && cc_game_site(cc))
        site = cc_game_site(cc);
    if (cc->expansion_depth) {
        char chain[256];
        expansion_chain(cc, chain, sizeof chain);
        cc_error(cc, site, "expanding %s %s: simplify the definitions", chain, what);
    } else {
        cc_error(cc, site, "the rules %s", what);
    }
    return 0;
}

static cc_type expr_node(cc_t *cc, const ast *e);

static cc_type expr(cc_t *cc, const ast *e)
{
    if (!within_budget(cc, e))
        return T_ERR;
    cc->gen_depth++;
    cc_type t = expr_node(cc, e);
    cc->gen_depth--;
    return t;
}

static cc_type expr_node(cc_t *cc, const ast *e)
{
    at(cc, e);
    switch (e->kind) {
    case A_INT:
        op1(cc, PL_OP_PUSH, (int32_t)e->ival);
        return T_INT;
    case A_OFF:
        op1(cc, PL_OP_PUSH, -1);
        return T_CELL;
    case A_STR:
        cc_error(cc, e, "a string may only appear in 'text'");
        return T_ERR;
    case A_NAME:
        return name_expr(cc, e);
    case A_CALL:
        return call_expr(cc, e);
    case A_NOT:
        expr_as(cc, e->a, T_INT);
        at(cc, e);
        op0(cc, PL_OP_NOT);
        return T_INT;
    case A_NEG:
        expr_as(cc, e->a, T_INT);
        at(cc, e);
        op0(cc, PL_OP_NEG);
        return T_INT;
    case A_AND:
    case A_OR: {
        expr_as(cc, e->a, T_INT);
        at(cc, e);
        op0(cc, PL_OP_DUP);
        int end = jump(cc, e->kind == A_AND ? PL_OP_JUMPF : PL_OP_JUMPT);
        op0(cc, PL_OP_POP);
        expr_as(cc, e->b, T_INT);
        land(cc, end);
        return T_INT;
    }
    case A_IN:
        return in_expr(cc, e);
    case A_WHERE:
        cc_error(cc, e, "'where' filters a set: use it after 'pick x in', inside count(...) "
                        "or as a set of union, inter, minus, neighbors or group");
        return T_ERR;
    case A_POSSIBLE: {
        /* 1 if the block can run to its end, else 0; its effects are undone */
        int was_end = cc->in_end_rules;
        cc->in_end_rules = 0;
        int after = jump(cc, PL_OP_TRY);
        block(cc, e->a);
        at(cc, e);
        op0(cc, PL_OP_OK);
        land(cc, after);
        cc->in_end_rules = was_end;
        return T_INT;
    }
    case A_BINOP:
        return binop_expr(cc, e);
    default:
        cc_error(cc, e, "expected an expression");
        return T_ERR;
    }
}

/* ---------------------------------------------------------------------- */
/* statements */

static void block(cc_t *cc, const ast *b)
{
    scope_mark m = scope_push(cc);
    stmts(cc, b->a);
    scope_pop(cc, m);
}

/* `pick x in S where C` with C a board predicate, S walked in board
 * order (every cell, the empty cells, pieces): when the predicate has a
 * mask, the pick is over the cells of S where C holds (MASKBITS, then a
 * WHERE set), so that the cells where C fails cost nothing, where they
 * cost a choice and a test each -- the same elements in the same order.
 * Without a mask (a predicate that failed on some cell), and in explain,
 * which tells which rule a cell fails, MASKBITS pushes 0 and the jump
 * emitted here (returned in *plain) goes to the pick and the test as
 * written.  Returns the WHERE set, or -1 for another condition (nothing
 * emitted). */
static int pick_filter(cc_t *cc, const ast *s, const ast *binder, int si, const ast *cond,
                       int *plain)
{
    int kind = cc->prog->sets[si].kind;
    if (kind != PL_SET_CELLS && kind != PL_SET_EMPTY && kind != PL_SET_PIECES)
        return -1;
    scope_mark m = scope_push(cc);
    int most = cc->max_slot;
    int x = new_slot(cc);
    cc_local *l = bind(cc, binder, binder->name);
    l->slot = x;
    l->type = T_CELL;
    int pred = board_predicate(cc, cond, x);
    scope_pop(cc, m);
    if (pred < 0) {       /* nothing was emitted: the slot is not used */
        cc->next_slot = m.next_slot;
        cc->max_slot = most;
        return -1;
    }
    int bits = new_slot(cc);
    for (int k = 1; k < pl_bits_words(cc->prog->ncells); k++)
        new_slot(cc);
    at(cc, s);
    op0(cc, PL_OP_MASKBITS);
    emit_word(cc, si);
    emit_word(cc, pred);
    emit_word(cc, bits);
    *plain = jump(cc, PL_OP_JUMPF);
    return add_set(cc, (pl_setdesc){PL_SET_WHERE, -1, si, bits, -1});
}

/* PICK from set si into pick_slot, copied to slot when they differ. */
static void emit_pick(cc_t *cc, int si, int slot, int pick_slot)
{
    op0(cc, PL_OP_PICK);
    emit_word(cc, si < 0 ? 0 : si);
    emit_word(cc, pick_slot);
    if (pick_slot != slot) {
        op1(cc, PL_OP_LOAD, pick_slot);
        op1(cc, PL_OP_ASSIGN, slot);
    }
}

static void pick_stmt(cc_t *cc, const ast *s)
{
    const ast *binder = s->a, *set = s->b, *cond = NULL;
    if (set->kind == A_WHERE) {
        cond = set->b;
        set = set->a;
    }
    cc_type elem;
    int si = set_expr(cc, set, &elem);
    int plain = -1, filtered = -1, joined = -1;
    if (cond && si >= 0 && elem == T_CELL)
        filtered = pick_filter(cc, s, binder, si, cond, &plain);
    int slot = new_slot(cc);
    /* in a loop, the PICK's own slot is rewritten by its later turns: a
       copy on the trail keeps the value where it is read after a choice */
    int pick_slot = loop_local_needs_trail(cc, s->next, binder->name) ? new_slot(cc) : slot;
    at(cc, s);
    if (filtered >= 0) {
        emit_pick(cc, filtered, slot, pick_slot);
        joined = jump(cc, PL_OP_JUMP);
        land(cc, plain);
    }
    emit_pick(cc, si, slot, pick_slot);
    cc_local *l = bind(cc, binder, binder->name);
    l->slot = slot;
    l->type = si < 0 ? T_ERR : elem;
    if (cond)
        require_cond(cc, cond, s);
    if (joined >= 0)
        land(cc, joined);
}

static void assign_stmt(cc_t *cc, const ast *s)
{
    const ast *target = s->a;
    cc_local *l = find_local(cc, target->name);
    ast renamed;
    if (l && l->is_param && l->arg->kind == A_NAME) {
        /* passed by name: `set p = v` sets what the argument names, a
         * local of the caller (an output of a statement definition) or a
         * variable; the value is computed here */
        int saved = cc->head;
        while (l && l->is_param && l->arg->kind == A_NAME) {
            renamed = *l->arg;
            target = &renamed;
            cc->head = l->caller_head;
            l = find_local(cc, target->name);
        }
        cc->head = saved;
        if (l && l->is_param) {
            cc_error(cc, s->a, "cannot set '%s': its argument is not a name", s->a->name);
            return;
        }
    }
    if (l && !s->c && !l->is_param) {
        /* copied first: compiling the value may bind names (a definition's
         * parameters) and move the table `l` points into */
        int slot = l->slot;
        cc_type want = l->type;
        cc_type t = expr(cc, s->b);
        if (t != T_ERR && want != T_ERR && t != want)
            cc_error(cc, s->b, "'%s' holds a %s, not a %s", target->name, type_name(want), type_name(t));
        at(cc, s);
        op1(cc, PL_OP_ASSIGN, slot);
        return;
    }
    cc_symbol *sym = l ? NULL : cc_lookup(cc, target->name);
    if (sym && sym->kind == SYM_VAR && !s->c) {
        sym->used = 1;
        expr_as(cc, s->b, sym->holds_cell ? T_CELL : T_INT);
        at(cc, s);
        op1(cc, PL_OP_SETVAR, sym->index);
        return;
    }
    if (sym && sym->kind == SYM_PVAR && s->c) {
        sym->used = 1;
        expr_as(cc, s->c, T_PLAYER);
        expr_as(cc, s->b, sym->holds_cell ? T_CELL : T_INT);
        at(cc, s);
        op1(cc, PL_OP_SETPVAR, sym->index);
        return;
    }
    if (sym && sym->kind == SYM_ATTR && s->c) {
        sym->used = 1;
        expr_as(cc, s->c, T_CELL);
        expr_as(cc, s->b, T_INT);
        at(cc, s);
        op1(cc, PL_OP_SETATTR, sym->index);
        return;
    }
    if (!l && !sym) {
        unknown(cc, target, "name", target->name);
        return;
    }
    cc_error(cc, target, "cannot set '%s'%s", target->name,
             sym && sym->kind == SYM_PVAR ? ": a player variable needs its player, as in set score(mover) = 1"
                                          : "");
}

static void text_stmt(cc_t *cc, const ast *s)
{
    for (const ast *it = s->a; it; it = it->next) {
        if (it->kind == A_STR) {
            at(cc, it);
            op1(cc, PL_OP_TEXTSTR, cc_add_string(cc, it->name));
            continue;
        }
        cc_type t = expr(cc, it);
        at(cc, it);
        if (t == T_CELL)
            op0(cc, PL_OP_TEXTCELL);
        else if (t == T_INT)
            op0(cc, PL_OP_TEXTINT);
        else if (t != T_ERR)
            cc_error(cc, it, "a move's text can hold cells, numbers and strings, not a %s", type_name(t));
    }
}

/* either/first: alternatives joined by choice points. */
static void alternatives(cc_t *cc, const ast *s, int op)
{
    int *ends = NULL, nends = 0, cap = 0; /* as many as there are alternatives */
    for (const ast *b = s->a; b; b = b->next) {
        int next = -1;
        at(cc, b);
        if (b->next)
            next = jump(cc, op);
        block(cc, b);
        if (b->next) {
            PL_GROW(ends, cap, nends + 1);
            ends[nends++] = jump(cc, PL_OP_JUMP);
            land(cc, next);
        }
    }
    for (int i = 0; i < nends; i++)
        land(cc, ends[i]);
    free(ends);
}

/* for x in S [where C] { body }: the body once for each element (for
 * which C holds, tested as each comes), in order, on the same way.  The
 * body makes no choices, so the loop locals need no trail (like NEXT in
 * comprehensions). */
static void for_stmt(cc_t *cc, const ast *s)
{
    const ast *set = s->b, *cond = NULL;
    if (set->kind == A_WHERE) {
        cond = set->b;
        set = set->a;
    }
    scope_mark m = scope_push(cc);
    cc_type elem;
    /* a filtered set inside is computed again before each element, so
       that the set follows the position as the block changes it */
    int refresh = has_filter(cc, set, 0), cur = -1, top = -1;
    if (refresh) {
        cur = new_slot(cc);
        at(cc, s);
        top = loop_head(cc, cur);
    }
    int si = set_expr(cc, set, &elem);
    if (!refresh) {
        cur = new_slot(cc);
        at(cc, s);
        top = loop_head(cc, cur);
    }
    int x = new_slot(cc);
    at(cc, s);
    int exhausted = emit_next(cc, si, cur, x);
    cc_local *l = bind(cc, s->a, s->a->name);
    l->slot = x;
    l->type = si < 0 ? T_ERR : elem;
    jump_list skip = {0};
    if (cond) {
        an_condition(cc, cond, AN_IF);
        cond_jump(cc, cond, 0, &skip);
    }
    cc->in_for++;
    stmts(cc, s->c->a);
    cc->in_for--;
    at(cc, s);
    jl_land(cc, &skip, cg_here(cc));
    op1(cc, PL_OP_JUMP, top);
    land(cc, exhausted);
    scope_pop(cc, m);
}

/* first x in S { body }: try the elements in order; the first one for
 * which the rest of the move program yields a move is the only one used
 * (each element is an alternative of a `first`). */
static void first_in_stmt(cc_t *cc, const ast *s)
{
    if (cc->loop_depth > 0) {
        cc_error(cc, s, "'first ... in' cannot be used inside repeat or while");
        return;
    }
    const ast *set = s->b, *cond = NULL;
    if (set->kind == A_WHERE) {   /* first x in S where C: the elements where C holds */
        cond = set->b;
        set = set->a;
    }
    cc_type elem;
    int si = set_expr(cc, set, &elem);
    int cur = new_slot(cc), x = new_slot(cc);
    at(cc, s);
    op1(cc, PL_OP_PUSH, -1);
    op1(cc, PL_OP_STORE, cur);
    int top = cg_here(cc);
    int exhausted = emit_next(cc, si, cur, x);
    int next = jump(cc, PL_OP_FIRST);
    scope_mark m = scope_push(cc);
    cc_local *l = bind(cc, s->a, s->a->name);
    l->slot = x;
    l->type = si < 0 ? T_ERR : elem;
    if (cond)
        require_cond(cc, cond, s);
    stmts(cc, s->c->a);
    scope_pop(cc, m);
    int done = jump(cc, PL_OP_JUMP);
    land(cc, next);
    op1(cc, PL_OP_JUMP, top);
    land(cc, exhausted);
    op0(cc, PL_OP_FAIL);
    land(cc, done);
}

/* Does `name` name nothing (no local, global, builtin or cell) in the
 * scope whose head is `head`? */
static int names_nothing(cc_t *cc, const char *name, int head)
{
    int saved = cc->head;
    cc->head = head;
    int none = !find_local(cc, name);
    cc->head = saved;
    return none && !cc_lookup(cc, name) && !cc_builtin_name_find(name) &&
           !cc_builtin_find(name) && cc_cell(cc, name) < 0;
}

/* Is the argument `name`, in the scope whose head is `head`, an output:
 * a name that names nothing, or a parameter whose argument is one (an
 * output passed on by the definition that received it)? */
static int is_output(cc_t *cc, const char *name, int head)
{
    int saved = cc->head;
    cc->head = head;
    cc_local *l = find_local(cc, name);
    while (l && l->is_param && l->arg->kind == A_NAME) {
        name = l->arg->name;
        head = l->caller_head;
        cc->head = head;
        l = find_local(cc, name);
    }
    cc->head = saved;
    return !l && names_nothing(cc, name, head);
}

static void call_stmt(cc_t *cc, const ast *s)
{
    cc_local *fl = find_local(cc, s->name);
    if (fl && fl->is_param && fl->arg->kind == A_NAME) {
        /* a parameter bound to the name of a statement definition is
         * called like it (def both(step) { step(n); step(e) }); its
         * arguments are compiled here, where they are written */
        int saved = cc->head;
        const char *name = NULL;
        for (cc_local *l = fl; l && l->is_param && l->arg->kind == A_NAME;) {
            name = l->arg->name;
            cc->head = l->caller_head;
            l = find_local(cc, name);
            if (l && !l->is_param)
                name = NULL;
        }
        cc->head = saved;
        if (name) {
            ast call = *s;
            call.name = (char *)name;
            call_stmt(cc, &call);
            return;
        }
    }
    cc_symbol *sym = fl ? NULL : cc_lookup(cc, s->name);
    if (!sym || sym->kind != SYM_DEF) {
        if (fl)
            cc_error(cc, s, "'%s' is a local name, not a statement", s->name);
        else if (!sym)
            unknown(cc, s, "name", s->name);
        else
            cc_error(cc, s, "'%s' is a %s, not a statement", s->name, "name");
        return;
    }
    sym->used = 1;
    if (!sym->decl->c) {
        cc_error(cc, s, "'%s' is a value, not a block of statements", s->name);
        return;
    }
    if (!enter_expansion(cc, s, sym->decl))
        return;
    scope_mark m = scope_push(cc);
    /* outputs: an argument that names nothing yet is bound by the body
       (`let p = ...`, `pick p in ...` at its top level) and is a local of
       the caller after the call */
    enum { MAX_OUT = 16 };
    const ast *out_arg[MAX_OUT], *out_param[MAX_OUT];
    int nout = 0;
    for (const ast *p = sym->decl->a, *a = s->a; p && a; p = p->next, a = a->next)
        if (a->kind == A_NAME && nout < MAX_OUT && is_output(cc, a->name, m.head)) {
            out_arg[nout] = a;
            out_param[nout++] = p;
        }
    int bound = cg_bind_params(cc, s, sym->decl, m.head);
    struct { int slot; cc_type type; int ok, param, used; } got[MAX_OUT];
    for (int i = 0; bound && i < nout; i++)
        got[i].param = (int)(find_local(cc, out_param[i]->name) - cc->locals);
    if (bound) {
        stmts(cc, sym->decl->c->a);
        for (int i = 0; i < nout; i++) {
            got[i].used = cc->locals[got[i].param].used;   /* (unbound below) */
            cc_local *l = find_local(cc, out_param[i]->name);
            got[i].ok = l && !l->is_param;
            if (got[i].ok) {
                got[i].slot = l->slot;
                got[i].type = l->type;
            }
        }
    }
    scope_pop(cc, m);
    cc->next_slot = cc->next_slot > m.next_slot ? cc->next_slot : m.next_slot;
    leave_expansion(cc);
    /* An output the body did not bind; unless the body read it as a value,
       which reported the unknown name already (a misspelt argument). */
    for (int i = 0; bound && i < nout; i++)
        if (!got[i].ok && !got[i].used) {
            const char *hint = cc_suggest(cc, out_arg[i]->name);
            cc_error(cc, out_arg[i], "unknown name '%s'%s%s%s ('%s' does not bind its parameter '%s' "
                     "with let or pick, so it cannot give a new name to its caller)",
                     out_arg[i]->name, hint ? "; did you mean '" : "", hint ? hint : "",
                     hint ? "'?" : "", s->name, out_param[i]->name);
        }
    for (int i = 0; bound && i < nout; i++) {  /* (reported: an error type, no cascade) */
        cc_local *l = bind(cc, out_arg[i], out_arg[i]->name);
        l->slot = got[i].ok ? got[i].slot : new_slot(cc);
        l->type = got[i].ok ? got[i].type : T_ERR;
        l->used = 1;
    }
}

static cc_symbol *named(cc_t *cc, const ast *n, sym_kind kind, const char *what)
{
    cc_symbol *s = cc_lookup(cc, n->name);
    if (!s || s->kind != kind) {
        const char *hint = cc_suggest(cc, n->name);
        if (hint)
            cc_error(cc, n, "'%s' is not a %s; did you mean '%s'?", n->name, what, hint);
        else
            cc_error(cc, n, "'%s' is not a %s", n->name, what);
        return NULL;
    }
    s->used = 1;
    return s;
}

/* The attribute values of `place P KIND(v1, v2) at C`, pushed as two
 * numbers: a value left out is 0, as in the setup.  The VM checks the
 * range (0..PL_ATTR_MAX) when it places the piece. */
static void place_attributes(cc_t *cc, const ast *kind, const cc_symbol *k)
{
    int most = k ? cc->prog->kind_nattrs[k->index] : PL_MAX_ATTRS, n = 0;
    for (const ast *v = kind->a; v; v = v->next, n++) {
        if (n == most) {
            cc_error(cc, v, "'%s' has %d attribute%s", kind->name, most, most == 1 ? "" : "s");
            break;
        }
        expr_as(cc, v, T_INT);
    }
    for (; n < PL_MAX_ATTRS; n++)
        op1(cc, PL_OP_PUSH, 0);
}

static void stmt_node(cc_t *cc, const ast *s);

static void stmt(cc_t *cc, const ast *s)
{
    if (!within_budget(cc, s))
        return;
    cc->gen_depth++;
    stmt_node(cc, s);
    cc->gen_depth--;
}

static void stmt_node(cc_t *cc, const ast *s)
{
    at(cc, s);
    if (cc->in_end_rules) {
        cc_error(cc, s, "statements are not allowed in end rules");
        return;
    }
    if (cc->in_for && (s->kind == A_PICK || s->kind == A_EITHER || s->kind == A_FIRST ||
                       s->kind == A_FIRSTIN || s->kind == A_PASS)) {
        cc_error(cc, s, "a 'for' body does the same for every element: it cannot make choices "
                        "(pick, either, first) or pass");
        return;
    }
    switch (s->kind) {
    case A_PICK: pick_stmt(cc, s); break;
    case A_LET: {
        cc_type t = expr(cc, s->b);
        int slot = new_slot(cc);
        at(cc, s);
        op1(cc, loop_local_needs_trail(cc, s->next, s->a->name) ? PL_OP_ASSIGN : PL_OP_STORE,
            slot);
        cc_local *l = bind(cc, s->a, s->a->name);
        l->slot = slot;
        l->type = t;
        break;
    }
    case A_ASSIGN: assign_stmt(cc, s); break;
    case A_REQUIRE:
        an_condition(cc, s->a, AN_REQUIRE);
        require_cond_msg(cc, s->a, s, s->name ? cc_add_string(cc, s->name) : -1);
        break;
    case A_IF: {
        an_condition(cc, s->a, AN_IF);
        jump_list skip = {0};
        cond_jump(cc, s->a, 0, &skip);
        at(cc, s);
        block(cc, s->b);
        if (s->c) {
            int end = jump(cc, PL_OP_JUMP);
            jl_land(cc, &skip, cg_here(cc));
            block(cc, s->c);
            land(cc, end);
        } else {
            jl_land(cc, &skip, cg_here(cc));
        }
        break;
    }
    case A_EITHER: alternatives(cc, s, PL_OP_FORK); break;
    case A_FIRST: alternatives(cc, s, PL_OP_FIRST); break;
    case A_MOVE:
        expr_as(cc, s->a, T_CELL);
        expr_as(cc, s->b, T_CELL);
        at(cc, s);
        op0(cc, PL_OP_MOVE);
        break;
    case A_CAPTURE:
        if (is_set_ast(cc, s->a, 0)) {      /* capture S: every piece of a set of cells */
            int k = set_operand(cc, s->a, "capture");
            at(cc, s);
            op1(cc, PL_OP_REMOVESET, k < 0 ? 0 : k);
            break;
        }
        expr_as(cc, s->a, T_CELL);
        at(cc, s);
        op0(cc, PL_OP_REMOVE);
        break;
    case A_PLACE: {
        expr_as(cc, s->a, T_PLAYER);
        expr_as(cc, s->c, T_CELL);
        cc_symbol *k = named(cc, s->b, SYM_KIND, "piece kind");
        if (s->b->a) {      /* place P KIND(v1, v2) at C: both values, 0 for one left out */
            place_attributes(cc, s->b, k);
            at(cc, s);
            op1(cc, PL_OP_PLACEATTR, k ? k->index : 0);
            break;
        }
        at(cc, s);
        op1(cc, PL_OP_PLACE, k ? k->index : 0);
        break;
    }
    case A_MARK:
    case A_UNMARK: {
        cc_symbol *m = cc_lookup(cc, s->a->name);
        if (!m || m->kind != SYM_SMARK)
            m = named(cc, s->a, SYM_MARK, "mark");
        m = m ? m : NULL;
        expr_as(cc, s->b, T_CELL);
        if (s->c)
            expr_as(cc, s->c, T_INT);
        else
            op1(cc, PL_OP_PUSH, s->kind == A_MARK ? 1 : 0);
        at(cc, s);
        if (m && m->kind == SYM_SMARK)
            op1(cc, PL_OP_SSETMARK, m->index);
        else
            op1(cc, PL_OP_SETMARK, m ? m->index : 0);
        break;
    }
    case A_REPEAT: {
        /* repeat N { body }: the counter is trailed like every loop local */
        cc->loop_depth++;
        expr_as(cc, s->a, T_INT);
        int counter = new_slot(cc);
        at(cc, s);
        op1(cc, PL_OP_ASSIGN, counter);
        int top = cg_here(cc);
        op1(cc, PL_OP_LOAD, counter);
        op1(cc, PL_OP_PUSH, 0);
        op0(cc, PL_OP_GT);
        int out = jump(cc, PL_OP_JUMPF);
        block(cc, s->b);
        at(cc, s);
        op1(cc, PL_OP_LOAD, counter);
        op1(cc, PL_OP_PUSH, 1);
        op0(cc, PL_OP_SUB);
        op1(cc, PL_OP_ASSIGN, counter);
        op1(cc, PL_OP_JUMP, top);
        land(cc, out);
        cc->loop_depth--;
        break;
    }
    case A_WHILE: {
        an_condition(cc, s->a, AN_WHILE);
        an_while(cc, s);
        cc->loop_depth++;
        int top = cg_here(cc);
        jump_list out = {0};
        cond_jump(cc, s->a, 0, &out);
        at(cc, s);
        block(cc, s->b);
        at(cc, s);
        op1(cc, PL_OP_JUMP, top);
        jl_land(cc, &out, cg_here(cc));
        cc->loop_depth--;
        break;
    }
    case A_FIRSTIN: first_in_stmt(cc, s); break;
    case A_FOR: for_stmt(cc, s); break;
    case A_TEXT: text_stmt(cc, s); break;
    case A_PASS: op0(cc, PL_OP_PASS); break;
    case A_TURNTO:            /* after this move, that player moves */
        expr_as(cc, s->a, T_PLAYER);
        at(cc, s);
        op0(cc, PL_OP_SETTURN);
        break;
    case A_CALLSTMT: call_stmt(cc, s); break;
    case A_BLOCK: block(cc, s); break;
    default: cc_error(cc, s, "unexpected statement");
    }
}

static void stmts(cc_t *cc, const ast *list)
{
    for (const ast *s = list; s; s = s->next)
        stmt(cc, s);
}

void cg_moves(cc_t *cc, int player, const ast *const *blocks, int nblocks)
{
    (void)player;
    cc->head = -1;
    if (nblocks == 0) {
        op0(cc, PL_OP_FAIL);
        return;
    }
    int *ends = pl_malloc((size_t)nblocks * sizeof *ends), nends = 0;
    for (int i = 0; i < nblocks; i++) {
        int next = -1;
        at(cc, blocks[i]);
        if (i + 1 < nblocks)
            next = jump(cc, PL_OP_FORK);
        block(cc, blocks[i]->a);
        if (i + 1 < nblocks) {
            ends[nends++] = jump(cc, PL_OP_JUMP);
            land(cc, next);
        }
    }
    for (int i = 0; i < nends; i++)
        land(cc, ends[i]);
    free(ends);
    op0(cc, PL_OP_YIELD);
}

static void end_rule(cc_t *cc, const ast *r)
{
    at(cc, r);
    jump_list skip = {0};
    if (r->b) {
        an_condition(cc, r->b, AN_END_RULE);
        cond_jump(cc, r->b, 0, &skip);
        at(cc, r);
    }
    if (r->kind == A_DRAW) {
        op1(cc, PL_OP_PUSH, cc->prog->nplayers);
    } else {
        expr_as(cc, r->a, T_PLAYER);
        at(cc, r);
        if (r->kind == A_LOSES)
            op0(cc, PL_OP_OTHER);
    }
    op0(cc, PL_OP_RESULT);
    jl_land(cc, &skip, cg_here(cc));
}

void cg_end_rules(cc_t *cc, const ast *rules, int nomoves)
{
    cc->head = -1;
    cc->in_end_rules = 1;
    for (const ast *r = rules; r; r = r->next) {
        if (r->kind == A_NOMOVES) {
            if (nomoves)
                for (const ast *q = r->a; q; q = q->next)
                    end_rule(cc, q);
        } else if (!nomoves) {
            end_rule(cc, r);
        }
    }
    cc->in_end_rules = 0;
    if (nomoves) {
        /* Default: the player who cannot move loses.  No rule of the
           file says it: no line (pl_state_end_line gives 0). */
        cc->cur_line = cc->cur_col = 0;
        cc->cur_node = NULL;
        op0(cc, PL_OP_MOVER);
        op0(cc, PL_OP_RESULT);
    } else {
        op0(cc, PL_OP_RETURN);
    }
}

/* evaluate EXPR: a number, higher is better for `mover`. */
void cg_evaluate(cc_t *cc, const ast *e)
{
    cc->head = -1;
    cc->in_end_rules = 1;
    expr_as(cc, e, T_INT);
    cc->in_end_rules = 0;
    at(cc, e);
    op0(cc, PL_OP_RESULT);
}
