/*
 * verify.c -- the verifier: a program that passes it can be run by the VM
 * without any check on the code or the tables, whatever file it came from.
 *
 * Two parts.  The table checks make every array the VM indexes agree with
 * its count and every stored index point inside its target (neighbors are
 * cells, direction sets hold directions, the state layout is the one
 * program.h documents, ...).  The code checks then
 *   1. decode the code linearly from offset 0: valid opcodes, operands
 *      present; this fixes the set of instruction starts;
 *   2. range-check every operand by its kind (opcodes.h), jump targets
 *      against the instruction starts;
 *   3. check that the entry points are instruction starts;
 *   4. run a stack-depth dataflow from the entry points: at each reachable
 *      instruction the value-stack height is the same on every path, never
 *      negative and bounded, and no path runs off the end of the code.
 * The deepest height seen becomes prog->max_stack, so the VM can allocate
 * its value stack once and never check for overflow.
 *
 * Runtime values (a cell popped from the stack, a player, a divisor) cannot
 * be checked here; the VM checks those.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bytecode.h"
#include "limit_table.h"
#include "names.h"
#include "util.h"

/* Bound on the value-stack height.  Compiled expressions stay far below. */
enum { VERIFY_MAX_STACK = 4096 };

typedef struct {
    pl_program *prog;
    char *err;
    size_t errlen;
    uint8_t *start;      /* ncode: 1 at each instruction start */
    int32_t *height;     /* ncode: stack height on entry, -1 if unreached */
    int32_t *work;       /* worklist of offsets whose height is new */
    int nwork;
    int max;             /* deepest height seen */
} verifier;

static int fail(verifier *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Record the message and return -1, so checks read `return fail(...)`. */
static int fail(verifier *v, const char *fmt, ...)
{
    if (v->err && v->errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(v->err, v->errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- tables ------------------------------------------------------------ */

static int check_range(verifier *v, const char *what, int64_t n,
                       int64_t lo, int64_t hi)
{
    if (n < lo || n > hi)
        return fail(v, "%s %lld out of range %lld..%lld", what, (long long)n,
                    (long long)lo, (long long)hi);
    return 0;
}

/* Counts come first: every later check indexes arrays by them. */
static int check_counts(verifier *v)
{
    const pl_program *p = v->prog;
    if (check_range(v, "cell count", p->ncells, 1, PL_MAX_CELLS) ||
        check_range(v, "grid width", p->ncols, 0, PL_MAX_CELLS) ||
        check_range(v, "grid height", p->nrows, 0, PL_MAX_CELLS) ||
        check_range(v, "direction count", p->ndirs, 0, PL_MAX_DIRS) ||
        check_range(v, "player count", p->nplayers, 1, PL_MAX_PLAYERS) ||
        check_range(v, "kind count", p->nkinds, 0, PL_MAX_KINDS) ||
        check_range(v, "local count", p->nlocals, 0, PL_MAX_LOCALS) ||
        check_range(v, "code size", p->ncode, 1, PL_LIMIT_CODE) ||
        /* the limits the compiler and the .pbc reader apply (limit_table.h) */
        check_range(v, "mark count", p->nmarks, 0, PL_LIMIT_MARKS) ||
        check_range(v, "variable count", p->nvars, 0, PL_LIMIT_VARS) ||
        check_range(v, "player variable count", p->npvars, 0, PL_LIMIT_VARS) ||
        check_range(v, "direction set count", p->dsets.count, 0, PL_LIMIT_SIDED) ||
        check_range(v, "region count", p->regions.count, 0, PL_LIMIT_SIDED) ||
        check_range(v, "string count", p->nstrings, 0, PL_LIMIT_STRINGS) ||
        check_range(v, "set count", p->nsets, 0, PL_LIMIT_SETS) ||
        check_range(v, "slot count", p->nslots, 0, PL_LIMIT_SLOTS))
        return -1;
    if (p->nmarks < 0 || p->nvars < 0 || p->npvars < 0 || p->nstrings < 0 ||
        p->nsets < 0 || p->dsets.count < 0 || p->regions.count < 0)
        return fail(v, "negative table count");
    return 0;
}

/* An array the VM will index must exist when its count is not zero. */
static int need(verifier *v, const void *ptr, int64_t n, const char *what)
{
    if (!ptr && n > 0)
        return fail(v, "missing %s table", what);
    return 0;
}

static int check_arrays(verifier *v)
{
    const pl_program *p = v->prog;
    int64_t nk = p->nkinds;
    if (need(v, p->cell_names, p->ncells, "cell name") ||
        need(v, p->cell_col, p->ncells, "cell column") ||
        need(v, p->cell_row, p->ncells, "cell row") ||
        need(v, p->dir_names, p->ndirs, "direction name") ||
        need(v, p->dir_dx, p->ndirs, "direction dx") ||
        need(v, p->dir_dy, p->ndirs, "direction dy") ||
        need(v, p->dir_opposite, p->ndirs, "opposite direction") ||
        need(v, p->neighbor, (int64_t)p->ncells * p->ndirs, "neighbor") ||
        need(v, p->player_names, p->nplayers, "player name") ||
        need(v, p->player_plural, p->nplayers, "player number") ||
        need(v, p->kind_names, nk, "kind name") ||
        need(v, p->kind_nattrs, nk, "kind attribute count") ||
        need(v, p->kind_letter, nk, "kind letter") ||
        need(v, p->kind_attr_names, nk * PL_MAX_ATTRS, "attribute name") ||
        need(v, p->mark_names, p->nmarks, "mark name") ||
        need(v, p->var_names, p->nvars, "variable name") ||
        need(v, p->var_holds_cell, p->nvars, "variable type") ||
        need(v, p->var_apart, p->nvars, "variable position flag") ||
        need(v, p->pvar_names, p->npvars, "player variable name") ||
        need(v, p->pvar_holds_cell, p->npvars, "player variable type") ||
        need(v, p->pvar_apart, p->npvars, "player variable position flag") ||
        need(v, p->var_show, p->nvars, "variable display") ||
        need(v, p->var_show_max, p->nvars, "variable display bound") ||
        need(v, p->pvar_show, p->npvars, "player variable display") ||
        need(v, p->pvar_show_max, p->npvars, "player variable display bound") ||
        need(v, p->dset_names, p->dsets.count, "direction set name") ||
        need(v, p->region_names, p->regions.count, "region name") ||
        need(v, p->dsets.offset, 1, "direction set offset") ||
        need(v, p->regions.offset, 1, "region offset") ||
        need(v, p->slot_init, 1, "initial slot") ||
        need(v, p->strings, p->nstrings, "string") ||
        need(v, p->sets, p->nsets, "set") ||
        need(v, p->code, p->ncode, "code") ||
        need(v, p->code_line, p->ncode, "line") ||
        need(v, p->code_col, p->ncode, "column"))
        return -1;
    return 0;
}

/* A name as the compiler writes one: an identifier of the language
 * (letters, digits, '_', not starting with a digit), at most
 * VERIFY_MAX_NAME bytes.  A loaded file's names are printed, looked up
 * and typed back by users: an empty one, or one with spaces or control
 * bytes, would make moves and positions ambiguous or unreadable. */
enum { VERIFY_MAX_NAME = PL_LIMIT_NAME_BYTES };

static int is_identifier(const char *s)
{
    if (!(s[0] == '_' || (s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
        return 0;
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    return s[n] == '\0' && n <= VERIFY_MAX_NAME;
}

/* Every name of a table is present (attribute slots may be empty when
 * `optional`), an identifier, and different from the others of the table
 * (a cell named twice could not be told apart in a move's text). */
static int check_names(verifier *v, char **names, int64_t n, const char *what, int optional)
{
    pl_names seen = {0};
    int rc = 0;
    for (int64_t i = 0; i < n && rc == 0; i++) {
        if (!names[i]) {
            if (!optional)
                rc = fail(v, "%s %lld has no name", what, (long long)i);
        } else if (!is_identifier(names[i])) {
            rc = fail(v, "%s %lld: its name is not an identifier (%s)", what, (long long)i,
                      names[i][0] ? "letters, digits and '_', at most 256 bytes" : "empty");
        } else if (!optional && pl_names_find(&seen, names[i]) >= 0) {
            rc = fail(v, "%s %lld: name '%s' is used twice", what, (long long)i, names[i]);
        } else if (!optional) {
            pl_names_put(&seen, names[i], (int)i);
        }
    }
    pl_names_free(&seen);
    return rc;
}

static int check_all_names(verifier *v)
{
    const pl_program *p = v->prog;
    if (check_names(v, p->cell_names, p->ncells, "cell", 0) ||
        check_names(v, p->dir_names, p->ndirs, "direction", 0) ||
        check_names(v, p->player_names, p->nplayers, "player", 0) ||
        check_names(v, p->kind_names, p->nkinds, "kind", 0) ||
        check_names(v, p->kind_attr_names, (int64_t)p->nkinds * PL_MAX_ATTRS, "attribute", 1) ||
        check_names(v, p->mark_names, p->nmarks, "mark", 0) ||
        check_names(v, p->var_names, p->nvars, "variable", 0) ||
        check_names(v, p->pvar_names, p->npvars, "player variable", 0) ||
        check_names(v, p->dset_names, p->dsets.count, "direction set", 0) ||
        check_names(v, p->region_names, p->regions.count, "region", 0))
        return -1;
    /* Texts (the title, move text strings) may hold anything but a NUL,
     * which the reader refuses; printing escapes the rest.  They must be
     * there: every command prints the title and the source's name. */
    if (!p->title || !p->about || !p->source_name)
        return fail(v, "the %s is missing", !p->title ? "title" : !p->about ? "description" : "source name");
    /* the engine of `ai`: a name the compiler would have accepted, or none */
    if (p->engine && p->engine[0] && !pl_engine_name_valid(p->engine))
        return fail(v, "the engine of ai is neither mcts nor alphabeta");
    for (int i = 0; i < p->nstrings; i++)
        if (!p->strings[i])
            return fail(v, "string constant %d is null", i);
    return 0;
}

/* Rays (slides, line counts, runs) follow one direction until they leave
 * the board, so no direction may lead around a cycle.  Along one direction
 * each cell has at most one successor: walk from every cell, colouring the
 * cells of the current walk, and stop at a cell already known to end. */
static int check_rays_end(verifier *v)
{
    const pl_program *p = v->prog;
    uint8_t *state = pl_malloc((size_t)(unsigned)p->ncells); /* 0 new, 1 on this walk, 2 ends */
    if (!state)
        return fail(v, "out of memory");
    int bad = 0;
    for (int d = 0; d < p->ndirs && !bad; d++) {
        memset(state, 0, (size_t)(unsigned)p->ncells);
        for (int start = 0; start < p->ncells && !bad; start++) {
            int c = start;
            while (c >= 0 && state[c] == 0) {
                state[c] = 1;
                c = p->neighbor[c * p->ndirs + d];
            }
            if (c >= 0 && state[c] == 1)
                bad = fail(v, "direction %s leads around a cycle through cell %s",
                           p->dir_names[d], p->cell_names[c]);
            for (c = start; c >= 0 && state[c] == 1; c = p->neighbor[c * p->ndirs + d])
                state[c] = 2;
        }
    }
    free(state);
    return bad;
}

static int compare_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* At most one cell on each square of the grid: lines (between, runs)
 * walk the grid from square to square, and two cells on one square would
 * make a line that never moves. */
static int check_shared_squares(verifier *v)
{
    const pl_program *p = v->prog;
    int64_t *at = pl_malloc(((size_t)p->ncells + 1) * sizeof *at);
    int n = 0;
    for (int c = 0; c < p->ncells; c++)
        if (p->cell_col[c] >= 0 && p->cell_row[c] >= 0)
            at[n++] = (int64_t)p->cell_row[c] * p->ncols + p->cell_col[c];
    qsort(at, (size_t)n, sizeof *at, compare_i64);
    int shared = -1;
    for (int i = 1; i < n && shared < 0; i++)
        if (at[i] == at[i - 1])
            shared = (int)i;
    int64_t square = shared >= 0 ? at[shared] : 0;
    free(at);
    if (shared < 0)
        return 0;
    return fail(v, "two cells are on the square at column %d, row %d of the grid",
                (int)(square % p->ncols), (int)(square / p->ncols));
}

static int check_board(verifier *v)
{
    const pl_program *p = v->prog;
    for (int c = 0; c < p->ncells; c++)
        for (int d = 0; d < p->ndirs; d++) {
            int32_t n = p->neighbor[c * p->ndirs + d];
            if (n < -1 || n >= p->ncells)
                return fail(v, "neighbor of cell %s along %s is %d, not a "
                            "cell", p->cell_names[c], p->dir_names[d], n);
        }
    for (int c = 0; c < p->ncells; c++)
        if (p->cell_col[c] < -1 || p->cell_col[c] >= p->ncols ||
            p->cell_row[c] < -1 || p->cell_row[c] >= p->nrows)
            return fail(v, "cell %s is at column %d, row %d: outside the %d x %d grid",
                        p->cell_names[c], p->cell_col[c], p->cell_row[c], p->ncols, p->nrows);
    if (check_shared_squares(v))
        return -1;
    if (check_rays_end(v))
        return -1;
    for (int i = 0; i < p->nvars + p->npvars; i++) {
        int32_t show = i < p->nvars ? p->var_show[i] : p->pvar_show[i - p->nvars];
        int32_t max = i < p->nvars ? p->var_show_max[i] : p->pvar_show_max[i - p->nvars];
        if (show < -2 || show >= p->nstrings || max < 0)
            return fail(v, "variable display %d (out of %d) names no string", show, max);
    }
    for (int d = 0; d < p->ndirs; d++)
        if (p->dir_opposite[d] < -1 || p->dir_opposite[d] >= p->ndirs)
            return fail(v, "opposite of direction %s is %d, not a direction",
                        p->dir_names[d], p->dir_opposite[d]);
    for (int k = 0; k < p->nkinds; k++) {
        if (p->kind_nattrs[k] < 0 || p->kind_nattrs[k] > PL_MAX_ATTRS)
            return fail(v, "kind %s has %d attributes (at most %d)",
                        p->kind_names[k], p->kind_nattrs[k], PL_MAX_ATTRS);
        int32_t c = p->kind_letter[k];
        if (c != 0 && (c < 'A' || c > 'Z'))
            return fail(v, "kind %s has letter %d, not A..Z", p->kind_names[k], c);
        for (int j = 0; j < k && c; j++)
            if (p->kind_letter[j] == c)
                return fail(v, "kinds %s and %s have the same letter", p->kind_names[j],
                            p->kind_names[k]);
    }
    return 0;
}

/* A sided table: offsets start at 0 and never decrease; every datum is an
 * index below `limit` (directions for dsets, cells for regions). */
static int check_sided(verifier *v, const pl_sided_table *t, char **names,
                       const char *what, int limit)
{
    int n = t->count * v->prog->nplayers;
    if (t->offset[0] != 0)
        return fail(v, "%s table: first offset is %d, not 0", what,
                    t->offset[0]);
    for (int i = 0; i < n; i++)
        if (t->offset[i + 1] < t->offset[i])
            return fail(v, "%s %s: offsets decrease (%d after %d)", what,
                        names[i / v->prog->nplayers], t->offset[i + 1],
                        t->offset[i]);
    if (need(v, t->data, t->offset[n], what))
        return -1;
    for (int i = 0; i < n; i++)
        for (int j = t->offset[i]; j < t->offset[i + 1]; j++)
            if (t->data[j] < 0 || t->data[j] >= limit)
                return fail(v, "%s %s holds %d (must be 0..%d)", what,
                            names[i / v->prog->nplayers], t->data[j],
                            limit - 1);
    return 0;
}

static int check_slot(verifier *v, const char *name, int64_t have,
                      int64_t want, const char *formula)
{
    if (have != want)
        return fail(v, "state layout: %s is %lld, expected %lld (%s)", name,
                    (long long)have, (long long)want, formula);
    return 0;
}

/* The layout of program.h, recomputed in 64 bits so no count overflows. */
static int check_layout(verifier *v)
{
    const pl_program *p = v->prog;
    int64_t mark = p->ncells;
    int64_t var = mark + (int64_t)p->nmarks * p->ncells;
    int64_t pvar = var + p->nvars;
    int64_t tomove = pvar + (int64_t)p->npvars * p->nplayers;
    if (check_slot(v, "mark_base", p->mark_base, mark, "ncells") ||
        check_slot(v, "var_base", p->var_base, var,
                   "mark_base + nmarks * ncells") ||
        check_slot(v, "pvar_base", p->pvar_base, pvar, "var_base + nvars") ||
        check_slot(v, "tomove_slot", p->tomove_slot, tomove,
                   "pvar_base + npvars * nplayers") ||
        check_slot(v, "nslots", p->nslots, tomove + 1, "tomove_slot + 1"))
        return -1;
    return 0;
}

/* A variable is a number or a cell; a cell one starts on a cell or off. */
static int check_cell_variables(verifier *v)
{
    const pl_program *p = v->prog;
    for (int i = 0; i < p->nplayers; i++)
        if (p->player_plural[i] != 0 && p->player_plural[i] != 1)
            return fail(v, "player %d: number %d is neither singular (0) nor plural (1)", i,
                        p->player_plural[i]);
    for (int i = 0; i < p->nvars; i++) {
        int32_t x = p->slot_init[p->var_base + i];
        if (p->var_apart[i] != 0 && p->var_apart[i] != 1)
            return fail(v, "variable %d: position flag %d is neither 0 nor 1", i, p->var_apart[i]);
        if (p->var_holds_cell[i] != 0 && p->var_holds_cell[i] != 1)
            return fail(v, "variable %d: type %d is neither a number (0) nor a cell (1)", i,
                        p->var_holds_cell[i]);
        if (p->var_holds_cell[i] && (x < -1 || x >= p->ncells))
            return fail(v, "start position: variable %s holds %d, not a cell", p->var_names[i], x);
    }
    for (int i = 0; i < p->npvars; i++) {
        if (p->pvar_apart[i] != 0 && p->pvar_apart[i] != 1)
            return fail(v, "player variable %d: position flag %d is neither 0 nor 1", i,
                        p->pvar_apart[i]);
        if (p->pvar_holds_cell[i] != 0 && p->pvar_holds_cell[i] != 1)
            return fail(v, "player variable %d: type %d is neither a number (0) nor a cell (1)",
                        i, p->pvar_holds_cell[i]);
        for (int pl = 0; pl < p->nplayers && p->pvar_holds_cell[i]; pl++) {
            int32_t x = p->slot_init[p->pvar_base + i * p->nplayers + pl];
            if (x < -1 || x >= p->ncells)
                return fail(v, "start position: player variable %s holds %d, not a cell",
                            p->pvar_names[i], x);
        }
    }
    return 0;
}

/* The start position: board cells hold 0 or a piece of a known kind and
 * player; the side to move is a player.  Marks and variables are free. */
static int check_start(verifier *v)
{
    const pl_program *p = v->prog;
    for (int c = 0; c < p->ncells; c++) {
        int32_t pc = p->slot_init[c];
        if (pc == 0)
            continue;
        int k = PL_PIECE_KIND(pc), o = PL_PIECE_OWNER(pc);
        if (k < 0 || k >= p->nkinds || o >= p->nplayers)
            return fail(v, "start position: cell %s holds bad piece code "
                        "0x%08x", p->cell_names[c], (unsigned)pc);
    }
    int32_t t = p->slot_init[p->tomove_slot];
    if (t < 0 || t >= p->nplayers)
        return fail(v, "start position: player to move is %d, not a player",
                    t);
    return check_cell_variables(v);
}

/* A local operand of a set: a local slot, or -1 (unused / the mover). */
static int check_set_local(verifier *v, int i, const char *field, int32_t l,
                           int required)
{
    if (l == -1 && !required)
        return 0;
    if (l < 0 || l >= v->prog->nlocals)
        return fail(v, "set %d: %s is %d, not a local (nlocals %d)", i, field,
                    l, v->prog->nlocals);
    return 0;
}

/* The id of a set descriptor, in the range its kind gives it. */
static int check_set_id(verifier *v, int i, const pl_setkind_info *k, int32_t id)
{
    const pl_program *p = v->prog;
    int32_t lo = 0, hi = -1;    /* id must be in lo..hi */
    switch (k->id) {
    case PL_SETID_NONE: lo = hi = -1; break;
    case PL_SETID_KIND: lo = -1, hi = p->nkinds - 1; break;
    case PL_SETID_REGION: hi = p->regions.count - 1; break;
    case PL_SETID_DSET: hi = p->dsets.count - 1; break;
    }
    if (id < lo || id > hi)
        return fail(v, "set %d: id %d out of range %d..%d", i, id, lo, hi);
    return 0;
}

/* A field the kind does not use must be -1, so that a descriptor has one
 * meaning. */
static int check_set_unused(verifier *v, int i, const char *field, int32_t x)
{
    if (x != -1)
        return fail(v, "set %d: %s is %d, but a %s set has none", i, field, x,
                    pl_setkind_table[v->prog->sets[i].kind].name);
    return 0;
}

/* An operand of set algebra: an earlier set of cells, so that the sets
 * form a tree (walked by the VM), bounded in size after check_set. */
static int check_set_operand(verifier *v, int i, const char *field, int32_t x)
{
    const pl_program *p = v->prog;
    if (x < 0 || x >= i)
        return fail(v, "set %d: %s is %d, not an earlier set (0..%d)", i, field, x, i - 1);
    if (pl_setkind_table[p->sets[x].kind].element != PL_SETELEM_CELL)
        return fail(v, "set %d: %s is set %d, not a set of cells", i, field, x);
    return 0;
}

/* A set descriptor against its kind's row of setkinds.h. */
static int check_set(verifier *v, int i)
{
    const pl_setdesc *s = &v->prog->sets[i];
    if (s->kind < 0 || s->kind >= PL_SET_COUNT)
        return fail(v, "set %d: unknown set kind %d", i, s->kind);
    const pl_setkind_info *k = &pl_setkind_table[s->kind];
    if (check_set_id(v, i, k, s->id))
        return -1;
    const int32_t args[2] = {s->arg0, s->arg1};
    static const char *const arg_field[2] = {"arg0", "arg1"};
    for (int a = 0; a < 2; a++)
        if (!k->arg_label[a] ? check_set_unused(v, i, arg_field[a], args[a])
            : k->args == PL_SETARGS_SETS || (k->args == PL_SETARGS_FILTER && a == 0)
                ? check_set_operand(v, i, arg_field[a], args[a])
                : check_set_local(v, i, arg_field[a], args[a], 1))
            return -1;
    if (k->args == PL_SETARGS_FILTER &&   /* the bitset's locals, all of them */
        s->arg1 > v->prog->nlocals - pl_bits_words(v->prog->ncells))
        return fail(v, "set %d: the bitset at local %d needs %d locals (nlocals %d)", i, s->arg1,
                    pl_bits_words(v->prog->ncells), v->prog->nlocals);
    if (k->args != PL_SETARGS_LOCALS && pl_set_tree_size(v->prog, i, PL_LIMIT_SET_TREE + 1) > PL_LIMIT_SET_TREE)
        return fail(v, "set %d: made of more than %d sets", i, PL_LIMIT_SET_TREE);
    if (k->player == PL_SETSIDE_SIDE)
        return check_set_local(v, i, "player", s->player, 0);
    return check_set_unused(v, i, "player", s->player);
}

static int check_tables(verifier *v)
{
    pl_program *p = v->prog;
    if (check_counts(v) || check_arrays(v) || check_all_names(v) ||
        check_board(v) ||
        check_sided(v, &p->dsets, p->dset_names, "direction set",
                    p->ndirs) ||
        check_sided(v, &p->regions, p->region_names, "region", p->ncells) ||
        check_layout(v) || check_start(v))
        return -1;
    for (int i = 0; i < p->nsets; i++)
        if (check_set(v, i))
            return -1;
    return 0;
}

/* ---- code -------------------------------------------------------------- */

/* Pass 1: decode linearly and mark the instruction starts. */
static int decode(verifier *v)
{
    const pl_program *p = v->prog;
    int32_t pc = 0;
    while (pc < p->ncode) {
        int32_t op = p->code[pc];
        if (op < 0 || op >= PL_OP_COUNT)
            return fail(v, "code offset %d: bad opcode %d", pc, op);
        int nops = pl_opinfo_table[op].nops;
        if (nops > p->ncode - pc - 1)
            return fail(v, "code offset %d: %s is missing operands (needs "
                        "%d, code ends after %d)", pc,
                        pl_opinfo_table[op].name, nops, p->ncode - pc - 1);
        v->start[pc] = 1;
        pc += 1 + nops;
    }
    return 0;
}

/* How many objects an operand of kind k may index; -1 when any is fine. */
static int64_t operand_limit(const pl_program *p, pl_operand_kind k)
{
    switch (k) {
    case PL_K_LOCAL: return p->nlocals;
    case PL_K_VAR:   return p->nvars;
    case PL_K_PVAR:  return p->npvars;
    case PL_K_STR:   return p->nstrings;
    case PL_K_SET:   return p->nsets;
    case PL_K_DSET:  return p->dsets.count;
    case PL_K_REG:   return p->regions.count;
    case PL_K_MARK:  return p->nmarks;
    case PL_K_KIND:  return p->nkinds;
    case PL_K_PRED:  return p->npreds;
    case PL_K_JUMP:  return p->ncode;
    default:         return -1;
    }
}

static const char *kind_word(pl_operand_kind k)
{
    static const char *const words[] = {
        "none", "integer", "jump target", "local", "variable",
        "player variable", "string", "set", "direction set", "region",
        "mark", "kind", "board predicate"
    };
    return (unsigned)k < sizeof words / sizeof words[0] ? words[k] : "?";
}

/* Pass 2: every operand in range for its kind. */
static int check_operands(verifier *v)
{
    const pl_program *p = v->prog;
    for (int32_t pc = 0; pc < p->ncode; pc++) {
        if (!v->start[pc])
            continue;
        const pl_opinfo *in = &pl_opinfo_table[p->code[pc]];
        for (int i = 0; i < in->nops; i++) {
            int32_t a = p->code[pc + 1 + i];
            int64_t lim = operand_limit(p, in->kind[i]);
            if (lim < 0)
                continue;
            if (a < 0 || a >= lim) {
                if (lim == 0)
                    return fail(v, "code offset %d: %s operand %d: %s %d "
                                "but the program has none", pc, in->name,
                                i + 1, kind_word(in->kind[i]), a);
                return fail(v, "code offset %d: %s operand %d: %s %d out "
                            "of range 0..%lld", pc, in->name, i + 1,
                            kind_word(in->kind[i]), a, (long long)lim - 1);
            }
            if (in->kind[i] == PL_K_JUMP && !v->start[a])
                return fail(v, "code offset %d: jump target %d is not an "
                            "instruction start", pc, a);
        }
    }
    return 0;
}

/* Set the height at `pc`, queueing it the first time; a second path must
 * agree with the first. */
static int reach(verifier *v, int32_t from, int32_t pc, int h)
{
    if (pc >= v->prog->ncode)
        return fail(v, "code offset %d: execution runs off the end of the "
                    "code", from);
    if (h > VERIFY_MAX_STACK)
        return fail(v, "code offset %d: stack deeper than %d", from,
                    VERIFY_MAX_STACK);
    if (h > v->max)
        v->max = h;
    if (v->height[pc] < 0) {
        v->height[pc] = h;
        v->work[v->nwork++] = pc;
    } else if (v->height[pc] != h) {
        return fail(v, "code offset %d: stack height %d here but %d on "
                    "another path", pc, h, v->height[pc]);
    }
    return 0;
}

/* Follow one instruction: its successors and their heights. */
static int flow(verifier *v, int32_t pc)
{
    const pl_program *p = v->prog;
    int32_t op = p->code[pc];
    const pl_opinfo *in = &pl_opinfo_table[op];
    int h = v->height[pc];
    if (h < in->pop)
        return fail(v, "code offset %d: stack underflow (%s pops %d, height "
                    "is %d)", pc, in->name, in->pop, h);
    int after = h - in->pop + in->push;
    int32_t next = pc + 1 + in->nops;
    int32_t target = in->nops > 0 ? p->code[pc + 1] : -1;  /* for jumps */
    switch (op) {
    case PL_OP_JUMP:
        return reach(v, pc, target, after);
    case PL_OP_JUMPF: case PL_OP_JUMPT:
    case PL_OP_FORK: case PL_OP_FIRST:
        /* a choice point resumes with the height it saved */
        return reach(v, pc, next, after) || reach(v, pc, target, after);
    case PL_OP_TRY:
        /* the failure path resumes at the target with 0 pushed */
        return reach(v, pc, next, after) || reach(v, pc, target, after + 1);
    case PL_OP_MASKAGG:
        /* with a mask: the answer pushed, at the target; without: on */
        return reach(v, pc, next, h) || reach(v, pc, p->code[pc + 4], after);
    case PL_OP_NEXT:
        return reach(v, pc, next, after) ||
               reach(v, pc, p->code[pc + 4], after);
    case PL_OP_FAIL: case PL_OP_YIELD: case PL_OP_RESULT: case PL_OP_RETURN:
        return 0;   /* these push nothing, so no new height */
    default:
        /* PICK included: its later elements resume right after it too */
        return reach(v, pc, next, after);
    }
}

static int check_entry(verifier *v, const char *what, int32_t e, int optional)
{
    if (e == -1 && optional)
        return 0;
    if (e < 0 || e >= v->prog->ncode || !v->start[e])
        return fail(v, "entry %s: offset %d is not an instruction start",
                    what, e);
    return reach(v, e, e, 0);
}

/* Pass 3 and 4: entries, then the worklist until every path is seen. */
static int check_flow(verifier *v)
{
    const pl_program *p = v->prog;
    char what[64];
    for (int i = 0; i < PL_MAX_PLAYERS; i++) {
        /* players beyond nplayers have no move program: -1 or any start */
        int unused = i >= p->nplayers;
        snprintf(what, sizeof what, "moves(%s)",
                 unused ? "unused player" : p->player_names[i]);
        if (check_entry(v, what, p->entry_moves[i], unused))
            return -1;
    }
    if (check_entry(v, "end", p->entry_end, 0) ||
        check_entry(v, "nomoves", p->entry_nomoves, 0) ||
        (p->entry_eval != -1 && check_entry(v, "evaluate", p->entry_eval, 0)))
        return -1;
    if (p->npreds > 0 && (!p->pred_entry || !p->pred_local))
        return fail(v, "board predicates without their tables");
    for (int k = 0; k < p->npreds; k++) {
        snprintf(what, sizeof what, "board predicate %d", k);
        if (p->pred_local[k] < 0 || p->pred_local[k] >= p->nlocals)
            return fail(v, "%s: local %d out of range 0..%d", what,
                        p->pred_local[k], p->nlocals - 1);
        if (check_entry(v, what, p->pred_entry[k], 0))
            return -1;
    }
    while (v->nwork > 0)
        if (flow(v, v->work[--v->nwork]))
            return -1;
    return 0;
}

int pl_verify(pl_program *prog, char *err, size_t errlen)
{
    verifier v = { .prog = prog, .err = err, .errlen = errlen };
    if (!prog)
        return fail(&v, "no program");
    if (check_tables(&v))
        return -1;
    size_t n = (size_t)prog->ncode;
    v.start = pl_calloc(n, 1);
    v.height = pl_malloc(n * sizeof *v.height);
    v.work = pl_malloc(n * sizeof *v.work);
    int rc = -1;
    if (!v.start || !v.height || !v.work) {
        fail(&v, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        v.height[i] = -1;
    if (decode(&v) || check_operands(&v) || check_flow(&v))
        goto done;
    prog->max_stack = v.max;
    rc = 0;
done:
    free(v.start);
    free(v.height);
    free(v.work);
    return rc;
}
