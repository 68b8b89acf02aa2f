/*
 * compile.c -- the compiler driver: reads the game file and its imports,
 * collects declarations into name tables, builds the board, the sets and
 * the start position, then asks codegen.c for the move programs and the
 * end rules, and finally verifies the result like any loaded bytecode.
 *
 * Definitions (`def`) from an imported file may be redefined by the file
 * that imports it: that is how variants are written.  Every other name must
 * be declared once.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "bytecode.h"
#include "compile.h"
#include "compile_int.h"
#include "parser.h"

#define MAX_SOURCE_BYTES (4 * 1024 * 1024)

/* The letter a piece declaration gives its kind (piece NAME "L"), upper
 * case, or 0: one letter, not another kind's. */
static int32_t piece_letter(cc_t *cc, const ast *d, int k)
{
    const ast *s = d->c;
    if (!s)
        return 0;
    const char *t = s->name;
    if (!t || !isalpha((unsigned char)t[0]) || t[1] || (unsigned char)t[0] > 127) {
        cc_error(cc, s, "a piece's letter is one letter, A to Z (piece %s \"%c\")", d->name,
                 toupper((unsigned char)d->name[0]));
        return 0;
    }
    int32_t c = toupper((unsigned char)t[0]);
    const pl_program *p = cc->prog;
    for (int j = 0; j < k; j++)
        if (p->kind_letter[j] == c)
            cc_error(cc, s, "%s and %s both show as %c: give each kind its own letter",
                     p->kind_names[j], d->name, (char)c);
    return c;
}

/* ---------------------------------------------------------------------- */
/* diagnostics */

/* The innermost call being expanded that is written in the game file
 * itself (file 0), or NULL: where the game used a definition of an
 * imported file. */
const ast *cc_game_site(const cc_t *cc)
{
    for (int i = cc->expansion_depth - 1; i >= 0; i--)
        if (cc->expansion[i]->file == 0)
            return cc->expansion[i];
    return NULL;
}

static int add_at(cc_t *cc, pl_severity sev, const ast *at, const char *msg)
{
    /* A diagnostic about the whole game (no board, no players) still names
     * the main file, so that editors and tools can place it. */
    const ast_source *s = at ? &cc->src[at->file] : (cc->nsrc > 0 ? &cc->src[0] : NULL);
    return pl_diag_add(cc->diags, sev, s ? s->name : NULL, at && s ? s->text : NULL,
                       at ? at->line : 0, at ? at->col : 0, at ? at->end_col : 0, "%s", msg);
}

/* A problem inside a definition of an imported file (the stdlib, a base
 * game) depends on how the game file used it: name each expansion from
 * the innermost out to the game file's own line, as compilers do for
 * macros. */
static void expansion_notes(cc_t *cc, const ast *at)
{
    for (int i = cc->expansion_depth - 1; i >= 0; i--) {
        const ast *call = cc->expansion[i];
        char msg[160];
        snprintf(msg, sizeof msg, "in expansion of '%.100s'", call->name ? call->name : "?");
        if (call->file != at->file || call->line != at->line)
            add_at(cc, PL_SEV_NOTE, call, msg);
        if (call->file == 0)
            break;
    }
}

static void vdiag(cc_t *cc, pl_severity sev, const ast *at, const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (add_at(cc, sev, at, msg) && at && at->file != 0 && cc_game_site(cc))
        expansion_notes(cc, at);
}

void cc_error(cc_t *cc, const ast *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(cc, PL_SEV_ERROR, at, fmt, ap);
    va_end(ap);
}

void cc_warning(cc_t *cc, const ast *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(cc, PL_SEV_WARNING, at, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------------- */
/* symbols */

cc_symbol *cc_lookup(cc_t *cc, const char *name)
{
    int i = pl_names_find(&cc->sym_index, name);
    return i >= 0 ? &cc->syms[i] : NULL;
}

static const char *sym_kind_name(sym_kind k)
{
    static const char *names[] = {"name", "direction", "direction set", "region",
                                  "player", "piece kind", "attribute", "mark",
                                  "variable", "player variable", "definition",
                                  "scratch mark"};
    return names[k];
}

static cc_symbol *add_symbol(cc_t *cc, const ast *decl, const char *name, sym_kind kind, int index)
{
    cc_symbol *old = cc_lookup(cc, name);
    if (old) {
        /* A definition may override one imported from another file. */
        if (kind == SYM_DEF && old->kind == SYM_DEF && old->decl->file != decl->file) {
            if (decl->file < old->decl->file) /* the importing file wins */
                old->decl = decl;
            return old;
        }
        if (old->decl && old->decl->file != decl->file)
            cc_error(cc, decl, "'%s' is already declared as a %s (%s:%d)", name, sym_kind_name(old->kind),
                     cc->src[old->decl->file].name, old->decl->line);
        else
            cc_error(cc, decl, "'%s' is already declared as a %s (line %d)", name,
                     sym_kind_name(old->kind), old->decl ? old->decl->line : 0);
        return NULL;
    }
    PL_GROW(cc->syms, cc->syms_cap, cc->nsyms + 1);
    cc_symbol *s = &cc->syms[cc->nsyms];
    *s = (cc_symbol){.name = name, .kind = kind, .index = index, .decl = decl};
    pl_names_put(&cc->sym_index, name, cc->nsyms++);
    return s;
}

static int edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 30 || lb > 30)
        return 99;
    int d[32][32];
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c)
                c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c)
                c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

/* How much of `name` `candidate` explains from the start: the length of
 * their common start, doubled, plus one when that is all of `candidate`
 * (the name is the candidate with something typed after it). */
static size_t start_match(const char *name, const char *candidate)
{
    size_t n = 0;
    while (name[n] && name[n] == candidate[n])
        n++;
    return 2 * n + (candidate[n] == '\0');
}

/* Keep `candidate` if it is closer to `name` than the best so far; of two
 * as close, the one that explains more of its start ("groupq": group,
 * not groups). */
static void closer(const char *name, const char *candidate, const char **best, int *bestd)
{
    int d = edit_distance(name, candidate);
    if (d < *bestd ||
        (d == *bestd && *best && start_match(name, candidate) > start_match(name, *best))) {
        *bestd = d;
        *best = candidate;
    }
}

/* The closest known name, for "did you mean" hints: declarations, then
 * the builtins of builtins.h, then the locals in scope. */
const char *cc_suggest(cc_t *cc, const char *name)
{
    const char *best = NULL;
    int bestd = (int)strlen(name) <= 3 ? 1 : 2;
    bestd++;
    for (int i = 0; i < cc->nsyms; i++)
        closer(name, cc->syms[i].name, &best, &bestd);
    for (int i = 0; i < CC_BN_COUNT; i++)
        closer(name, cc_builtin_names[i].name, &best, &bestd);
    for (int i = 0; i < CC_BI_COUNT; i++)
        closer(name, cc_builtins[i].name, &best, &bestd);
    for (int i = cc->head; i >= 0; i = cc->locals[i].parent)
        closer(name, cc->locals[i].name, &best, &bestd);
    return best;
}

/* The cell named `name` (its index is filled by build_board), or -1. */
int cc_cell(cc_t *cc, const char *name)
{
    return pl_names_find(&cc->cell_index, name);
}

/* The entry of `s` in the program's string table, added if new.  The
 * table grows by doubling (strings_cap): a move text per statement in a
 * 100,000-line block must not copy the table each time. */
int cc_add_string(cc_t *cc, const char *s)
{
    pl_program *p = cc->prog;
    int i = pl_names_find(&cc->string_index, s);
    if (i >= 0)
        return i;
    PL_GROW(p->strings, cc->strings_cap, p->nstrings + 1);
    p->strings[p->nstrings] = pl_strdup(s);
    pl_names_put(&cc->string_index, p->strings[p->nstrings], p->nstrings);
    return p->nstrings++;
}

/* ---------------------------------------------------------------------- */
/* sources and imports */

static char *read_file(const char *path, size_t *len, const char **why)
{
    char *buf;
    size_t n;
    *why = NULL;
    pl_read_status r = pl_read_file(path, MAX_SOURCE_BYTES, &buf, &n);
    if (r != PL_READ_OK) {
        *why = r == PL_READ_IS_DIRECTORY ? "is a directory, not a game file"
             : r == PL_READ_TOO_LARGE ? "file is larger than 4 MiB"
             : pl_read_status_text(r);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        if (buf[i] == 0) {
            free(buf);
            *why = "file contains a NUL byte (not a text file?)";
            return NULL;
        }
    buf[n] = '\0'; /* the lexer gets a length, the diagnostics a C string */
    *len = n;
    return buf;
}

static int add_source(cc_t *cc, const char *name, char *text, size_t len)
{
    if (cc->nsrc == CC_MAX_FILES)
        return -1;
    /* A UTF-8 byte-order mark, which some Windows editors write first, is
     * no part of the game: drop it, so that columns are counted as the
     * editor shows them. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        memmove(text, text + 3, len - 3 + 1);
        len -= 3;
    }
    ast_source *s = &cc->src[cc->nsrc];
    s->name = pl_strdup(name);
    s->text = text;
    s->len = len;
    struct stat st;
    cc->src_file[cc->nsrc].known = stat(name, &st) == 0;
    cc->src_file[cc->nsrc].dev = (uintmax_t)st.st_dev;
    cc->src_file[cc->nsrc].ino = (uintmax_t)st.st_ino;
    cc->src_file[cc->nsrc].open = 0;
    return cc->nsrc++;
}

static void collect_decls(cc_t *cc, ast *decls);

/* stat, not open: opening a FIFO would block (read_file refuses it). */
static int file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

/* The source already read from the file at path (same device and inode,
 * whatever the spelling), or -1. */
static int source_of_file(const cc_t *cc, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    for (int i = 0; i < cc->nsrc; i++)
        if (cc->src_file[i].known && cc->src_file[i].dev == (uintmax_t)st.st_dev
            && cc->src_file[i].ino == (uintmax_t)st.st_ino)
            return i;
    return -1;
}

/* Collect the declarations of source `file`, marked open meanwhile so
 * that an import of it from within is seen as a cycle. */
static void collect_file(cc_t *cc, int file, ast *decls)
{
    cc->src_file[file].open = 1;
    collect_decls(cc, decls);
    cc->src_file[file].open = 0;
}

/* import NAME: the stdlib directory first, then the importing file's. */
/* A shipped game by name, as `plateau list` names it: games/ is next to
 * the stdlib (in the source tree and installed), one folder per family. */
static int find_shipped_game(const char *stdlib_dir, const char *name, const char *ext,
                             char *path, size_t size)
{
    char games[4096];
    int n = snprintf(games, sizeof games, "%s/../games", stdlib_dir);
    if (n < 0 || (size_t)n >= sizeof games)
        return 0;
    n = snprintf(path, size, "%s/%s%s", games, name, ext);
    if (n >= 0 && (size_t)n < size && file_exists(path))
        return 1;
    DIR *dir = opendir(games);
    struct dirent *e;
    int found = 0;
    while (dir && !found && (e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        n = snprintf(path, size, "%s/%s/%s%s", games, e->d_name, name, ext);
        found = n >= 0 && (size_t)n < size && file_exists(path);
    }
    if (dir)
        closedir(dir);
    return found;
}

static void do_import(cc_t *cc, const ast *imp)
{
    char path[4096];
    const char *name = imp->name;
    int has_ext = strlen(name) > 5 && strcmp(name + strlen(name) - 5, ".game") == 0;
    const char *ext = has_ext ? "" : ".game";
    const char *from = cc->src[imp->file].name;
    const char *slash = strrchr(from, '/');
    int found = 0;
    if (cc->stdlib_dir && !strchr(name, '/')) {
        snprintf(path, sizeof path, "%s/%s%s", cc->stdlib_dir, name, ext);
        found = file_exists(path);
    }
    if (!found && name[0] == '/') {
        snprintf(path, sizeof path, "%s%s", name, ext);
        found = file_exists(path);
    } else if (!found) {
        if (slash)
            snprintf(path, sizeof path, "%.*s/%s%s", (int)(slash - from), from, name, ext);
        else
            snprintf(path, sizeof path, "%s%s", name, ext);
        found = file_exists(path);
    }
    if (!found && cc->stdlib_dir && !strchr(name, '/'))
        found = find_shipped_game(cc->stdlib_dir, name, ext, path, sizeof path);
    if (!found) {
        cc_error(cc, imp, "cannot find '%s' to import (looked in %s, next to %s and among "
                 "the shipped games)", name, cc->stdlib_dir ? cc->stdlib_dir : "(no stdlib)", from);
        return;
    }
    int seen = source_of_file(cc, path);
    if (seen == imp->file) {
        cc_error(cc, imp, "'%s' imports itself", cc->src[seen].name);
        return;
    }
    if (seen >= 0 && cc->src_file[seen].open) {
        cc_error(cc, imp, "import cycle: '%s' is imported again by a file it imports",
                 cc->src[seen].name);
        return;
    }
    if (seen >= 0)
        return; /* already read: imports are idempotent (a diamond) */
    size_t len;
    const char *why;
    char *text = read_file(path, &len, &why);
    if (!text) {
        cc_error(cc, imp, "cannot import '%s': %s", path, why);
        return;
    }
    int file = add_source(cc, path, text, len);
    if (file < 0) {
        free(text);
        cc_error(cc, imp, "too many imported files (at most %d)", CC_MAX_FILES);
        return;
    }
    ast *decls = pl_parse(&cc->arena, cc->diags, &cc->src[file], file);
    collect_file(cc, file, decls);
}

/* ---------------------------------------------------------------------- */
/* declarations -> symbols */

/* Files are numbered in the order they are met, so an importing file has
 * a lower number than every file it imports: the lower number wins. */
static void set_once(cc_t *cc, const ast **slot, const ast *d, const char *what)
{
    if (*slot && (*slot)->file == d->file) {
        cc_error(cc, d, "%s is declared twice (first at line %d)", what, (*slot)->line);
        return;
    }
    if (!*slot || d->file < (*slot)->file)
        *slot = d; /* the importing file wins over an imported one */
}

/* `engine NAME`: the computer player that `ai` is in this game, chosen by
 * measurement (tests/strength/tune).  Checked here, at its name, so that a
 * misspelt engine is an error of the file and never a silent default. */
static void set_engine(cc_t *cc, const ast *d)
{
    if (!pl_engine_name_valid(d->name)) {
        cc_error(cc, d, "unknown engine '%s' (mcts or alphabeta)", d->name);
        return;
    }
    set_once(cc, &cc->engine, d, "the engine");
}

static char **grow_names(char **names, int n)
{
    return pl_realloc_array(names, (size_t)n + 1, sizeof *names);
}


/* A game or player variable: its name, whether it holds a cell, whether
 * it is part of the position, in the program's tables. */
static void declare_variable(cc_t *cc, const ast *d, sym_kind kind, char ***names,
                             int32_t **holds_cell, int32_t **apart, int32_t *count)
{
    cc_symbol *s = add_symbol(cc, d, d->name, kind, *count);
    if (!s)
        return;
    s->holds_cell = d->c != NULL;
    *names = grow_names(*names, *count);
    *holds_cell = pl_realloc_array(*holds_cell, (size_t)*count + 1, sizeof **holds_cell);
    *apart = pl_realloc_array(*apart, (size_t)*count + 1, sizeof **apart);
    (*holds_cell)[*count] = s->holds_cell;
    (*apart)[*count] = d->op;
    (*names)[(*count)++] = pl_strdup(d->name);
}

/* `tune NAME = V in LO..HI`: a constant definition whose value a run may
 * replace (pl_compile_file_tuned) within its range.  The replacement is
 * made here, in the syntax tree, so the rest of the compiler sees a
 * literal like any other `def`; like a `def`, an importing file may
 * declare it again (then its value and range are the ones used). */
static void declare_tunable(cc_t *cc, ast *d)
{
    ast *def = d->b, *val = def->b;
    const ast *range = d->a;
    long long lo = range->a->ival, hi = range->b->ival;
    /* errors do not stop the declaration: the uses of the name compile */
    if (lo > hi)
        cc_error(cc, range, "the range of '%s' is empty: %lld is more than %lld", d->name, lo, hi);
    else if (val->ival < lo || val->ival > hi)
        cc_error(cc, val, "'%s' = %lld is outside its range %lld..%lld", d->name, (long long)val->ival, lo, hi);
    for (int i = 0; i < cc->ntune; i++) {
        if (strcmp(cc->tune_names[i], d->name) != 0)
            continue;
        if (cc->tune_values[i] < lo || cc->tune_values[i] > hi)
            cc_error(cc, d, "the value %d given for '%s' is outside its range %lld..%lld",
                     (int)cc->tune_values[i], d->name, lo, hi);
        val->ival = val->value = cc->tune_values[i];
    }
    add_symbol(cc, def, d->name, SYM_DEF, 0);
}

/* The program's list of tunables, from the definitions that won (an
 * importing file's `def` of the same name makes it a plain constant), and
 * an error for each value given for a name that is no tunable. */
static void build_tunables(cc_t *cc)
{
    pl_program *p = cc->prog;
    for (int i = 0; i < cc->nsyms; i++) {
        const ast *def = cc->syms[i].decl;
        if (cc->syms[i].kind != SYM_DEF || def->op != AST_DEF_TUNABLE)
            continue;
        p->tunables = pl_realloc_array(p->tunables, (size_t)p->ntunables + 1, sizeof *p->tunables);
        p->tunables[p->ntunables++] = (pl_tunable){
            .name = pl_strdup(def->name), .value = (int32_t)def->b->ival,
            .lo = (int32_t)def->ival, .hi = def->value, .line = def->line};
    }
    for (int i = 0; i < cc->ntune; i++) {
        int known = 0;
        for (int k = 0; k < p->ntunables; k++)
            known |= strcmp(p->tunables[k].name, cc->tune_names[i]) == 0;
        if (!known)
            cc_error(cc, NULL, "a value is given for '%s', which is no tunable constant of the game "
                     "(declared with 'tune')", cc->tune_names[i]);
    }
}

static void collect_decls(cc_t *cc, ast *decls)
{
    pl_program *p = cc->prog;
    for (ast *d = decls; d; d = d->next) {
        switch (d->kind) {
        case A_GAME: set_once(cc, &cc->title, d, "the game title"); break;
        case A_ABOUT: set_once(cc, &cc->about, d, "the game description"); break;
        case A_ENGINE: set_engine(cc, d); break;
        case A_IMPORT: do_import(cc, d); break;
        case A_BOARD: set_once(cc, &cc->board, d, "the board"); break;
        case A_PLAYERS: set_once(cc, &cc->players, d, "the list of players"); break;
        case A_DIRECTION:
            if (p->ndirs == PL_MAX_DIRS) {
                cc_error(cc, d, "too many directions (at most %d)", PL_MAX_DIRS);
                break;
            }
            if (add_symbol(cc, d, d->name, SYM_DIR, p->ndirs)) {
                p->dir_names = grow_names(p->dir_names, p->ndirs);
                p->dir_names[p->ndirs] = pl_strdup(d->name);
                p->dir_dx = pl_realloc_array(p->dir_dx, (size_t)p->ndirs + 1, sizeof(int32_t));
                p->dir_dy = pl_realloc_array(p->dir_dy, (size_t)p->ndirs + 1, sizeof(int32_t));
                p->dir_dx[p->ndirs] = (int32_t)d->ival;
                p->dir_dy[p->ndirs] = (int32_t)d->op;
                if (d->ival == 0 && d->op == 0)
                    cc_error(cc, d, "direction '%s' does not move: (0, 0)", d->name);
                p->ndirs++;
            }
            break;
        case A_DIRECTIONS:
            if (p->dsets.count == PL_LIMIT_SIDED) {
                cc_error(cc, d, "too many direction sets (at most %d)", PL_LIMIT_SIDED);
                break;
            }
            if (add_symbol(cc, d, d->name, SYM_DSET, p->dsets.count)) {
                p->dset_names = grow_names(p->dset_names, p->dsets.count);
                p->dset_names[p->dsets.count++] = pl_strdup(d->name);
            }
            break;
        case A_REGION:
            if (p->regions.count == PL_LIMIT_SIDED) {
                cc_error(cc, d, "too many regions (at most %d)", PL_LIMIT_SIDED);
                break;
            }
            if (add_symbol(cc, d, d->name, SYM_REGION, p->regions.count)) {
                p->region_names = grow_names(p->region_names, p->regions.count);
                p->region_names[p->regions.count++] = pl_strdup(d->name);
            }
            break;
        case A_PIECE:
            if (p->nkinds == PL_MAX_KINDS) {
                cc_error(cc, d, "too many piece kinds (at most %d)", PL_MAX_KINDS);
                break;
            }
            if (add_symbol(cc, d, d->name, SYM_KIND, p->nkinds)) {
                int k = p->nkinds++;
                p->kind_names = grow_names(p->kind_names, k);
                p->kind_names[k] = pl_strdup(d->name);
                p->kind_nattrs = pl_realloc_array(p->kind_nattrs, (size_t)p->nkinds, sizeof(int32_t));
                p->kind_letter = pl_realloc_array(p->kind_letter, (size_t)p->nkinds, sizeof(int32_t));
                p->kind_letter[k] = piece_letter(cc, d, k);
                p->kind_attr_names = pl_realloc_array(p->kind_attr_names,
                                                      (size_t)p->nkinds * PL_MAX_ATTRS, sizeof(char *));
                int na = 0;
                for (ast *a = d->a; a; a = a->next) {
                    if (na == PL_MAX_ATTRS) {
                        cc_error(cc, a, "a piece has at most %d attributes", PL_MAX_ATTRS);
                        break;
                    }
                    cc_symbol *s = cc_lookup(cc, a->name);
                    if (s && s->kind == SYM_ATTR && s->index != na)
                        cc_error(cc, a, "attribute '%s' must come at the same position in every piece", a->name);
                    else if (!s)
                        add_symbol(cc, a, a->name, SYM_ATTR, na);
                    else if (s->kind != SYM_ATTR)
                        cc_error(cc, a, "'%s' is already declared as a %s", a->name, sym_kind_name(s->kind));
                    p->kind_attr_names[k * PL_MAX_ATTRS + na] = pl_strdup(a->name);
                    na++;
                }
                for (int i = na; i < PL_MAX_ATTRS; i++)
                    p->kind_attr_names[k * PL_MAX_ATTRS + i] = NULL;
                p->kind_nattrs[k] = na;
            }
            break;
        case A_CELLDECL:
            if (cc->nextra < PL_MAX_CELLS) {
                PL_GROW(cc->extra_cells, cc->extra_cap, cc->nextra + 1);
                cc->extra_cells[cc->nextra++] = d;
            } else {
                cc_error(cc, d, "too many cells (at most %d)", PL_MAX_CELLS);
            }
            break;
        case A_MARKDECL:
            if (d->ival) {
                add_symbol(cc, d, d->name, SYM_SMARK, cc->nscratch++);
                break;
            }
            if (p->nmarks == PL_LIMIT_MARKS) {
                cc_error(cc, d, "too many marks (at most %d)", PL_LIMIT_MARKS);
                break;
            }
            if (add_symbol(cc, d, d->name, SYM_MARK, p->nmarks)) {
                p->mark_names = grow_names(p->mark_names, p->nmarks);
                p->mark_names[p->nmarks++] = pl_strdup(d->name);
            }
            break;
        case A_VAR:
            declare_variable(cc, d, SYM_VAR, &p->var_names, &p->var_holds_cell, &p->var_apart,
                             &p->nvars);
            break;
        case A_PVAR:
            declare_variable(cc, d, SYM_PVAR, &p->pvar_names, &p->pvar_holds_cell,
                             &p->pvar_apart, &p->npvars);
            break;
        case A_DEF:
            add_symbol(cc, d, d->name, SYM_DEF, 0);
            break;
        case A_TUNE:
            declare_tunable(cc, d);
            break;
        case A_SETUP:
            PL_GROW(cc->decls_setup, cc->setup_cap, cc->nsetup + 1);
            cc->decls_setup[cc->nsetup++] = d;
            break;
        case A_MOVES:
        case A_END:
        case A_EVAL:
        case A_SHOW:          /* once every variable is declared */
            PL_GROW(cc->code_decls, cc->code_decls_cap, cc->ncode_decls + 1);
            cc->code_decls[cc->ncode_decls++] = d;
            break; /* compiled after all declarations are known */
        default:
            cc_error(cc, d, "unexpected declaration");
        }
    }
}

/* ---------------------------------------------------------------------- */
/* board */

static void cell_name(char *buf, size_t len, int col, int row)
{
    if (col < 26)
        snprintf(buf, len, "%c%d", 'a' + col, row + 1);
    else
        snprintf(buf, len, "%c%c%d", 'a' + col / 26 - 1, 'a' + col % 26, row + 1);
}

static int expand_cells(cc_t *cc, const ast *items, int32_t *out, int max);

/* An arithmetic step of the board filter, as the VM would compute it (32
 * bits), except that a result outside 32 bits or a division by zero is
 * an error at the operator, naming the square where it happened. */
static int32_t filter_arith(cc_t *cc, const ast *e, int op, int32_t a, int32_t b,
                            int32_t col, int32_t row, int *bad)
{
    int32_t v;
    ast_arith_status st = ast_arith(op, a, b, &v);
    if (st == AST_ARITH_OK)
        return v;
    cc_error(cc, e, "arithmetic in the board filter %s at column %d, row %d", ast_arith_problem(st), col, row);
    *bad = 1;
    return 0;
}

/* The board filter `board 7 x 9 where (col + row) % 2 == 1`, evaluated at
 * compile time for each square (col and row count from 1). */
static int32_t board_filter(cc_t *cc, const ast *e, int32_t col, int32_t row, int *bad)
{
    if (*bad)
        return 0;
    switch (e->kind) {
    case A_INT: return (int32_t)e->ival;   /* 9 digits at most (lexer.l) */
    case A_NAME:
        if (strcmp(e->name, "col") == 0) return col;
        if (strcmp(e->name, "row") == 0) return row;
        break;
    case A_NOT: return !board_filter(cc, e->a, col, row, bad);
    case A_NEG: return filter_arith(cc, e, '-', 0, board_filter(cc, e->a, col, row, bad), col, row, bad);
    case A_AND: return board_filter(cc, e->a, col, row, bad) && board_filter(cc, e->b, col, row, bad);
    case A_OR: return board_filter(cc, e->a, col, row, bad) || board_filter(cc, e->b, col, row, bad);
    case A_BINOP: {
        int32_t a = board_filter(cc, e->a, col, row, bad), b = board_filter(cc, e->b, col, row, bad);
        if (*bad)
            return 0;
        switch (e->op) {
        case '+': case '-': case '*': case '/': case '%':
            return filter_arith(cc, e, e->op, a, b, col, row, bad);
        case EQ: return a == b;
        case NE: return a != b;
        case '<': return a < b;
        case '>': return a > b;
        case LE: return a <= b;
        case GE: return a >= b;
        default: break;
        }
        break;
    }
    default: break;
    }
    cc_error(cc, e, "a board filter may use only numbers, 'col', 'row' and arithmetic");
    *bad = 1;
    return 0;
}

static void build_board(cc_t *cc)
{
    pl_program *p = cc->prog;
    const ast *b = cc->board;
    if (!b) {
        cc_error(cc, NULL, "the game has no board: add a line such as 'board 8 x 8'");
        return;
    }
    if (strcmp(b->a->name, "x") != 0)
        cc_error(cc, b->a, "expected 'x' between the board's columns and rows, as in 'board 8 x 8'");
    long long cols = b->ival, rows = b->b->ival;
    if (cols < 1 || rows < 1 || cols > 64 || rows > 64 || cols * rows + cc->nextra > PL_MAX_CELLS) {
        cc_error(cc, b, "board size %lld x %lld is out of range (1..64 each)", cols, rows);
        return;
    }
    p->ncols = (int32_t)cols;
    p->nrows = (int32_t)rows;
    /* squares kept by the filter become cells, in board order */
    cc->gridmap = pl_malloc((size_t)(cols * rows) * sizeof(int32_t));
    int ngrid = 0, bad = 0;
    for (int r = 0; r < p->nrows; r++)
        for (int c = 0; c < p->ncols; c++) {
            int keep = !b->c || board_filter(cc, b->c, c + 1, r + 1, &bad) != 0;
            cc->gridmap[r * p->ncols + c] = keep ? ngrid++ : -1;
        }
    if (ngrid == 0 && !bad)
        cc_error(cc, b, "the board filter keeps no square");
    p->ncells = ngrid + cc->nextra;
    p->cell_names = pl_calloc((size_t)p->ncells + 1, sizeof(char *));
    p->cell_col = pl_calloc((size_t)p->ncells + 1, sizeof(int32_t));
    p->cell_row = pl_calloc((size_t)p->ncells + 1, sizeof(int32_t));
    for (int r = 0; r < p->nrows; r++)
        for (int c = 0; c < p->ncols; c++) {
            char nm[16];
            int i = cc->gridmap[r * p->ncols + c];
            if (i < 0)
                continue;
            cell_name(nm, sizeof nm, c, r);
            p->cell_names[i] = pl_strdup(nm);
            pl_names_put(&cc->cell_index, p->cell_names[i], i);
            p->cell_col[i] = c;
            p->cell_row[i] = r;
        }
    for (int i = 0; i < cc->nextra; i++) { /* extra cells: off the grid */
        const ast *d = cc->extra_cells[i];
        if (cc_cell(cc, d->name) >= 0)
            cc_error(cc, d, "cell '%s' already exists", d->name);
        p->cell_names[ngrid + i] = pl_strdup(d->name);
        if (cc_cell(cc, d->name) < 0)
            pl_names_put(&cc->cell_index, p->cell_names[ngrid + i], ngrid + i);
        p->cell_col[ngrid + i] = -1;
        p->cell_row[ngrid + i] = -1;
    }
    p->dir_opposite = pl_calloc((size_t)p->ndirs + 1, sizeof(int32_t));
    for (int d = 0; d < p->ndirs; d++) {
        p->dir_opposite[d] = -1;
        for (int e = 0; e < p->ndirs; e++)
            if (p->dir_dx[e] == -p->dir_dx[d] && p->dir_dy[e] == -p->dir_dy[d])
                p->dir_opposite[d] = e;
    }
    p->neighbor = pl_malloc((size_t)p->ncells * (size_t)(p->ndirs ? p->ndirs : 1) * sizeof(int32_t));
    for (int i = 0; i < p->ncells; i++)
        for (int d = 0; d < p->ndirs; d++) {
            int c = p->cell_col[i] + p->dir_dx[d], r = p->cell_row[i] + p->dir_dy[d];
            p->neighbor[i * p->ndirs + d] = i < ngrid && c >= 0 && c < p->ncols && r >= 0 && r < p->nrows
                                                ? cc->gridmap[r * p->ncols + c] : -1;
        }
    /* `cell N beyond a6..f6 toward n`: from each listed cell, n leads to N */
    for (int i = 0; i < cc->nextra; i++) {
        const ast *d = cc->extra_cells[i];
        if (!d->b)
            continue;
        cc_symbol *dir = cc_lookup(cc, d->b->name);
        if (!dir || dir->kind != SYM_DIR) {
            cc_error(cc, d->b, "'%s' is not a direction", d->b->name);
            continue;
        }
        dir->used = 1;
        int32_t cells[PL_MAX_CELLS];
        int n = expand_cells(cc, d->a, cells, PL_MAX_CELLS);
        for (int j = 0; j < n; j++)
            p->neighbor[cells[j] * p->ndirs + dir->index] = ngrid + i;
    }
}

/* A player is named in expressions, where the builtin names (`nobody`,
 * `mover`, `cells` ...) and functions already mean something: a player
 * called `nobody` would own pieces that `pieces(nobody)` does not list. */
static void reserved_player_name(cc_t *cc, const ast *name)
{
    const cc_builtin_name *b = cc_builtin_name_find(name->name);
    if (b)
        cc_error(cc, name, "'%s' cannot name a player: it is a reserved name (%s)", name->name, b->doc);
    else if (cc_builtin_find(name->name))
        cc_error(cc, name, "'%s' cannot name a player: it is a builtin function", name->name);
}

_Static_assert((int)PL_LIMIT_PLAYERS == (int)PL_MAX_PLAYERS, "the limits table's players row is plateau.h's cap");

static void build_players(cc_t *cc)
{
    pl_program *p = cc->prog;
    if (!cc->players) {
        cc_error(cc, NULL, "the game has no players: add a line such as 'players black white'");
        return;
    }
    int n = ast_list_len(cc->players->a);
    if (n > PL_MAX_PLAYERS) {   /* at the first name too many */
        const ast *extra = cc->players->a;
        for (int i = 0; i < PL_MAX_PLAYERS; i++)
            extra = extra->next;
        cc_error(cc, extra, "too many players (at most %d)", PL_MAX_PLAYERS);
        n = PL_MAX_PLAYERS;
    }
    p->player_names = pl_calloc((size_t)n, sizeof(char *));
    p->player_plural = pl_calloc((size_t)n, sizeof(int32_t));
    const ast *a = cc->players->a;
    for (int i = 0; i < n; i++, a = a->next) {
        p->player_names[i] = pl_strdup(a->name);
        p->player_plural[i] = a->ival != 0;
        reserved_player_name(cc, a);
        add_symbol(cc, a, a->name, SYM_PLAYER, i);
    }
    p->nplayers = n;
}

/* Cells named by a list of items `b1 c1 a2..a7`; ranges are rectangles. */
/* Grid coordinates of a square name such as "c7", hole or not; 0 if none. */
static int square_coords(const pl_program *p, const char *name, int *col, int *row)
{
    /* At most two letters and three digits (boards are at most 64 x 64):
     * a longer name is no square, and must not overflow on the way. */
    int c = 0, i = 0, r = 0;
    while (i < 3 && name[i] >= 'a' && name[i] <= 'z')
        c = c * 26 + (name[i++] - 'a' + 1);
    if (i == 0 || i > 2 || name[i] < '1' || name[i] > '9')
        return 0;
    for (int d = 0; name[i] >= '0' && name[i] <= '9'; d++, i++) {
        if (d == 3)
            return 0;
        r = r * 10 + (name[i] - '0');
    }
    if (name[i] != '\0')
        return 0;
    if (c < 1 || c > p->ncols || r < 1 || r > p->nrows)
        return 0;
    *col = c - 1;
    *row = r - 1;
    return 1;
}

/* The cells a list names, ranges expanded, into out[0..max).  A longer
 * list (cells may repeat) is an error, not a silently shorter one. */
static int expand_cells(cc_t *cc, const ast *items, int32_t *out, int max)
{
    pl_program *p = cc->prog;
    int n = 0, too_many = 0;
    for (const ast *it = items; it; it = it->next) {
        const ast *lo = it->kind == A_RANGE ? it->a : it;
        const ast *hi = it->kind == A_RANGE ? it->b : it;
        int a = cc_cell(cc, lo->name), b = cc_cell(cc, hi->name);
        int c0, c1, r0, r1;
        if (it->kind == A_RANGE && square_coords(p, lo->name, &c0, &r0) &&
            square_coords(p, hi->name, &c1, &r1)) {
            /* a range names a rectangle of the grid; its corners may be holes */
        } else if (a < 0 || b < 0) {
            const ast *bad = a < 0 ? lo : hi;
            cc_error(cc, bad, "'%s' is not a cell of the board", bad->name);
            continue;
        } else if (p->cell_col[a] < 0 || p->cell_col[b] < 0) { /* extra cells: no ranges */
            if (a != b)
                cc_error(cc, it, "a range '..' may only join squares of the grid");
            else if (n < max)
                out[n++] = a;
            else
                too_many = 1;
            continue;
        } else {
            c0 = p->cell_col[a], c1 = p->cell_col[b], r0 = p->cell_row[a], r1 = p->cell_row[b];
        }
        if (c0 > c1) { int t = c0; c0 = c1; c1 = t; }
        if (r0 > r1) { int t = r0; r0 = r1; r1 = t; }
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++)
                if (cc->gridmap[r * p->ncols + c] < 0) /* holes are skipped */
                    continue;
                else if (n < max)
                    out[n++] = cc->gridmap[r * p->ncols + c];
                else
                    too_many = 1;
    }
    if (too_many)
        cc_error(cc, items, "this list names more than %d cells", max);
    return n;
}

static int find_player(cc_t *cc, const ast *name)
{
    cc_symbol *s = cc_lookup(cc, name->name);
    if (s && s->kind == SYM_PLAYER) {
        s->used = 1;
        return s->index;
    }
    const char *hint = cc_suggest(cc, name->name);
    if (hint)
        cc_error(cc, name, "'%s' is not a player; did you mean '%s'?", name->name, hint);
    else
        cc_error(cc, name, "'%s' is not a player", name->name);
    return -1;
}

/* Direction sets and regions: plain (same for every player) or sided. */
static void build_sided(cc_t *cc, pl_sided_table *t, ast_kind kind)
{
    pl_program *p = cc->prog;
    int np = p->nplayers ? p->nplayers : 1;
    t->offset = pl_calloc((size_t)t->count * (size_t)np + 1, sizeof(int32_t));
    int cap = 64, n = 0;
    t->data = pl_malloc((size_t)cap * sizeof(int32_t));
    int idx = 0;
    for (int i = 0; i < cc->nsyms; i++) {
        cc_symbol *s = &cc->syms[i];
        if ((kind == A_DIRECTIONS && s->kind != SYM_DSET) || (kind == A_REGION && s->kind != SYM_REGION))
            continue;
        const ast *d = s->decl;
        idx = s->index;
        for (int pl = 0; pl < np; pl++) {
            const ast *items = d->a;
            if (d->b) { /* sided: find this player's entry */
                items = NULL;
                int found = 0;
                for (const ast *e = d->b; e; e = e->next)
                    if (p->player_names && pl < p->nplayers && strcmp(e->name, p->player_names[pl]) == 0) {
                        items = e->a;
                        found = 1;
                    }
                if (!found && p->nplayers)
                    cc_error(cc, d, "'%s' gives nothing for player '%s'", d->name, p->player_names[pl]);
            }
            t->offset[idx * np + pl] = n;
            int32_t buf[PL_MAX_CELLS];
            int m = 0;
            if (kind == A_REGION) {
                m = expand_cells(cc, items, buf, PL_MAX_CELLS);
            } else {
                for (const ast *it = items; it; it = it->next) {
                    cc_symbol *ds = it->kind == A_NAME ? cc_lookup(cc, it->name) : NULL;
                    if (!ds || ds->kind != SYM_DIR) {
                        cc_error(cc, it, "'%s' is not a direction", it->kind == A_NAME ? it->name : "..");
                        continue;
                    }
                    ds->used = 1;
                    if (m == PL_MAX_CELLS) { /* an error, not a shorter list */
                        cc_error(cc, it, "this list names more than %d directions", PL_MAX_CELLS);
                        break;
                    }
                    buf[m++] = ds->index;
                }
            }
            if ((int64_t)n + m > PL_LIMIT_SIDED_DATA) {   /* what the .pbc reader takes */
                cc_error(cc, d, "the %s name more than %d %s in all",
                         kind == A_REGION ? "regions" : "direction sets", PL_LIMIT_SIDED_DATA,
                         kind == A_REGION ? "cells" : "directions");
                t->offset[t->count * np] = n;
                return;
            }
            PL_GROW(t->data, cap, n + m);
            memcpy(t->data + n, buf, (size_t)m * sizeof(int32_t));
            n += m;
        }
        if (d->b)
            for (const ast *e = d->b; e; e = e->next)
                find_player(cc, &(ast){.kind = A_NAME, .name = e->name, .line = e->line,
                                       .col = e->col, .end_col = e->col + (int)strlen(e->name) - 1,
                                       .file = e->file});
    }
    (void)idx;
    /* offsets are filled per (set, player) in symbol order; sets are
       numbered in declaration order too, so fill the final sentinel. */
    t->offset[t->count * np] = n;
}

/* The value of a variable's initializer: its number, or for one holding a
 * cell the cell named (`off`: -1).  A number where a cell is wanted, or
 * the reverse, is an error at `at`. */
static int32_t initial_value(cc_t *cc, const cc_symbol *s, const ast *at, const ast *cell,
                             long long number)
{
    if (!s->holds_cell) {
        if (cell)
            cc_error(cc, cell, "'%s' holds a number, not a cell", s->name);
        return (int32_t)number;
    }
    if (!cell) {
        cc_error(cc, at, "'%s' holds a cell (or off), not a number", s->name);
        return -1;
    }
    if (cell->kind == A_OFF)
        return -1;
    int c = cc_cell(cc, cell->name);
    if (c < 0)
        cc_error(cc, cell, "'%s' is not a cell of the board", cell->name);
    return c;
}

static void build_layout(cc_t *cc)
{
    pl_program *p = cc->prog;
    p->mark_base = p->ncells;
    p->var_base = p->mark_base + p->nmarks * p->ncells;
    p->pvar_base = p->var_base + p->nvars;
    p->tomove_slot = p->pvar_base + p->npvars * p->nplayers;
    p->nslots = p->tomove_slot + 1;
    p->slot_init = pl_calloc((size_t)p->nslots, sizeof(int32_t));
    for (int i = 0; i < cc->nsyms; i++) {
        cc_symbol *s = &cc->syms[i];
        if (s->kind == SYM_VAR)
            p->slot_init[p->var_base + s->index] =
                initial_value(cc, s, s->decl, s->decl->c, s->decl->ival);
        else if (s->kind == SYM_PVAR)
            for (int pl = 0; pl < p->nplayers; pl++)
                p->slot_init[p->pvar_base + s->index * p->nplayers + pl] =
                    initial_value(cc, s, s->decl, s->decl->c, s->decl->ival);
    }
}

/* The game file's own setup replaces imported ones: a variant or a test
 * position imports a game and gives a new start position. */
static void build_setup(cc_t *cc)
{
    pl_program *p = cc->prog;
    int own = 0;
    for (int i = 0; i < cc->nsetup; i++)
        own |= cc->decls_setup[i]->file == 0;
    for (int i = 0; i < cc->nsetup; i++)
        for (const ast *st = own && cc->decls_setup[i]->file != 0 ? NULL : cc->decls_setup[i]->a; st;
             st = st->next) {
            int32_t cells[PL_MAX_CELLS];
            if (st->kind == A_SPLACE) {
                int nobody = strcmp(st->a->name, "nobody") == 0; /* ownerless pieces */
                int pl = nobody ? -1 : find_player(cc, st->a);
                if (pl < 0 && !nobody)
                    continue;
                cc_symbol *k = cc_lookup(cc, st->b->name);
                if (!k || k->kind != SYM_KIND) {
                    cc_error(cc, st->b, "'%s' is not a piece kind", st->b->name);
                    continue;
                }
                k->used = 1;
                int attr[PL_MAX_ATTRS] = {0}, na = 0; /* place P KIND(v1, v2) at ... */
                for (const ast *v = st->b->next; v; v = v->next, na++) {
                    if (na >= p->kind_nattrs[k->index]) {
                        cc_error(cc, v, "'%s' has %d attribute%s", k->name, p->kind_nattrs[k->index],
                                 p->kind_nattrs[k->index] == 1 ? "" : "s");
                        break;
                    }
                    if (v->ival < 0 || v->ival > PL_ATTR_MAX)
                        cc_error(cc, v, "attribute values are 0..%d", PL_ATTR_MAX);
                    else
                        attr[na] = (int)v->ival;
                }
                int n = expand_cells(cc, st->c, cells, PL_MAX_CELLS);
                for (int j = 0; j < n; j++)
                    if (pl >= -1)
                        p->slot_init[cells[j]] = PL_PIECE(k->index, pl, attr[0], attr[1]);
            } else if (st->kind == A_SMARK) {
                cc_symbol *m = cc_lookup(cc, st->a->name);
                if (!m || m->kind != SYM_MARK) {
                    cc_error(cc, st->a, "'%s' is not a mark", st->a->name);
                    continue;
                }
                m->used = 1;
                int n = expand_cells(cc, st->c, cells, PL_MAX_CELLS);
                for (int j = 0; j < n; j++)
                    p->slot_init[p->mark_base + m->index * p->ncells + cells[j]] = (int32_t)st->ival;
            } else if (st->kind == A_STURN) {
                int pl = find_player(cc, st->a);
                if (pl >= 0)
                    p->slot_init[p->tomove_slot] = pl;
            } else if (st->kind == A_SSET) {
                cc_symbol *v = cc_lookup(cc, st->a->name);
                if (v && v->kind == SYM_VAR && !st->b) {
                    p->slot_init[p->var_base + v->index] = initial_value(cc, v, st, st->c, st->ival);
                } else if (v && v->kind == SYM_PVAR && st->b) {
                    int pl = find_player(cc, st->b);
                    if (pl >= 0)
                        p->slot_init[p->pvar_base + v->index * p->nplayers + pl] =
                            initial_value(cc, v, st, st->c, st->ival);
                } else {
                    cc_error(cc, st->a, "'%s' is not a %svariable", st->a->name, st->b ? "player " : "");
                }
            }
        }
}

/* ---------------------------------------------------------------------- */
/* code */

/* The game file's own moves blocks replace imported ones, if it has any. */
/* `show VAR ["LABEL" [MAX]]`: what the board shows of the variables; the
 * others it hides (a phase flag, a bitmask).  Every variable gets its
 * entry, -2 (hidden) unless shown. */
static void declare_shows(cc_t *cc, const ast *const *decls, int ndecls)
{
    pl_program *p = cc->prog;
    p->var_show = pl_realloc_array(NULL, (size_t)p->nvars + 1, sizeof(int32_t));
    p->var_show_max = pl_realloc_array(NULL, (size_t)p->nvars + 1, sizeof(int32_t));
    p->pvar_show = pl_realloc_array(NULL, (size_t)p->npvars + 1, sizeof(int32_t));
    p->pvar_show_max = pl_realloc_array(NULL, (size_t)p->npvars + 1, sizeof(int32_t));
    for (int i = 0; i < p->nvars; i++)
        p->var_show[i] = -2, p->var_show_max[i] = 0;
    for (int i = 0; i < p->npvars; i++)
        p->pvar_show[i] = -2, p->pvar_show_max[i] = 0;
    for (int i = 0; i < ndecls; i++) {
        const ast *d = decls[i];
        if (d->kind != A_SHOW)
            continue;
        cc_symbol *s = cc_lookup(cc, d->name);
        if (!s || (s->kind != SYM_VAR && s->kind != SYM_PVAR)) {
            cc_error(cc, d, "'%s' is not a variable: show names a var or a player var", d->name);
            continue;
        }
        s->used = 1;
        int32_t *show = s->kind == SYM_VAR ? &p->var_show[s->index] : &p->pvar_show[s->index];
        int32_t *max = s->kind == SYM_VAR ? &p->var_show_max[s->index] : &p->pvar_show_max[s->index];
        if (*show != -2) {
            cc_error(cc, d, "'%s' is shown twice", d->name);
            continue;
        }
        if (d->ival < 0 || (d->ival > 0 && s->holds_cell)) {
            cc_error(cc, d, "the largest value of '%s' must be a positive number, for a number", d->name);
            continue;
        }
        *show = d->c ? cc_add_string(cc, d->c->name) : -1;
        *max = (int32_t)d->ival;
    }
}

static void collect_code_decls(cc_t *cc, const ast *const *decls, int ndecls)
{
    pl_program *p = cc->prog;
    const ast **blocks = pl_malloc((size_t)ndecls * sizeof *blocks); /* enough for all */
    int own_moves = 0;
    for (int i = 0; i < ndecls; i++)
        if (decls[i]->kind == A_MOVES && decls[i]->file == 0)
            own_moves = 1;
    for (int i = 0; i < ndecls; i++)   /* once per block, not per player */
        if (decls[i]->kind == A_MOVES && decls[i]->file == 0)
            an_texts(cc, decls[i]);
    for (int pl = 0; pl < p->nplayers; pl++) {
        int n = 0;
        for (int i = 0; i < ndecls; i++) {
            const ast *d = decls[i];
            if (d->kind != A_MOVES || (own_moves && d->file != 0))
                continue;
            if (d->b) {
                cc_symbol *s = cc_lookup(cc, d->b->name);
                if (!s || s->kind != SYM_PLAYER) {
                    if (pl == 0)
                        find_player(cc, d->b);
                    continue;
                }
                s->used = 1;
                if (s->index != pl)
                    continue;
            }
            blocks[n++] = d;
        }
        if (n == 0 && pl == 0)
            cc_error(cc, NULL, "the game has no 'moves' block");
        p->entry_moves[pl] = cg_here(cc);
        cg_moves(cc, pl, blocks, n);
    }
    free(blocks);
    const ast *end = NULL;
    for (int i = 0; i < ndecls; i++)
        if (decls[i]->kind == A_END)
            set_once(cc, &end, decls[i], "the 'end' block");
    p->entry_end = cg_here(cc);
    cg_end_rules(cc, end ? end->a : NULL, 0);
    p->entry_nomoves = cg_here(cc);
    cg_end_rules(cc, end ? end->a : NULL, 1);
    const ast *eval = NULL;
    for (int i = 0; i < ndecls; i++)
        if (decls[i]->kind == A_EVAL)
            set_once(cc, &eval, decls[i], "the 'evaluate' expression");
    p->entry_eval = -1;
    if (eval) {
        p->entry_eval = cg_here(cc);
        cg_evaluate(cc, eval->a);
    }
    cg_predicates_append(cc);
}

static pl_program *compile_main(cc_t *cc, const char *name, char *text, size_t len)
{
    cc->prog = pl_calloc(1, sizeof *cc->prog);
    pl_program *p = cc->prog;
    int file = add_source(cc, name, text, len);
    ast *decls = pl_parse(&cc->arena, cc->diags, &cc->src[file], file);
    if (cc->diags->errors)
        return NULL;
    /* Declarations of imports first (collect_decls recurses into them). */
    collect_file(cc, file, decls);
    build_tunables(cc);
    if (cc->diags->errors)
        return NULL;
    build_players(cc);
    build_board(cc);
    if (cc->diags->errors)
        return NULL;
    build_sided(cc, &p->dsets, A_DIRECTIONS);
    build_sided(cc, &p->regions, A_REGION);
    build_layout(cc);
    build_setup(cc);
    p->title = pl_strdup(cc->title ? cc->title->name : name);
    p->about = pl_strdup(cc->about ? cc->about->name : "");
    p->engine = pl_strdup(cc->engine ? cc->engine->name : "");
    p->source_name = pl_strdup(name);
    uint64_t h = PL_FNV_OFFSET;
    for (int i = 0; i < cc->nsrc; i++)
        h = pl_hash_bytes(h, cc->src[i].text, cc->src[i].len);
    for (int i = 0; i < cc->ntune; i++) { /* values given for tunables change the game too */
        h = pl_hash_bytes(h, cc->tune_names[i], strlen(cc->tune_names[i]) + 1);
        h = pl_hash_bytes(h, &cc->tune_values[i], sizeof cc->tune_values[i]);
    }
    p->source_hash = h;
    if (cc->diags->errors)
        return NULL;

    /* Scratch marks take the first locals: ncells slots each. */
    for (int i = 0; i < cc->nsyms; i++)
        if (cc->syms[i].kind == SYM_SMARK)
            cc->syms[i].index *= p->ncells;
    cc->next_slot = cc->max_slot = cc->nscratch * p->ncells;
    an_prepare(cc);
    declare_shows(cc, cc->code_decls, cc->ncode_decls);
    collect_code_decls(cc, cc->code_decls, cc->ncode_decls);
    if (cc->diags->errors)
        return NULL;
    p->code = cc->code;
    p->code_line = cc->line;
    p->code_col = cc->col;
    p->ncode = cc->ncode;
    cc->code = cc->line = cc->col = NULL;
    if (p->ncode > PL_LIMIT_CODE) {
        cc_error(cc, NULL, "the compiled rules are too large (more than %d words)", PL_LIMIT_CODE);
        return NULL;
    }
    p->nlocals = cc->max_slot > 0 ? cc->max_slot : 1;
    if (p->nlocals > PL_MAX_LOCALS)     /* reported where it happened (new_slot) */
        return NULL;
    an_declarations(cc);
    an_flush_warnings(cc);
    for (int i = 0; i < cc->nsyms; i++) {
        cc_symbol *s = &cc->syms[i];
        if (!s->used && s->decl && s->decl->file == 0 && s->kind != SYM_DIR && s->kind != SYM_ATTR && s->kind != SYM_PLAYER)
            cc_warning(cc, s->decl, "%s '%s' is never used", sym_kind_name(s->kind), s->name);
    }
    pl_peephole(p);
    char err[256];
    if (pl_verify(p, err, sizeof err) != 0) {
        cc_error(cc, NULL, "internal error: generated code fails verification: %s", err);
        return NULL;
    }
    cc->prog = NULL;
    return p;
}

static pl_program *compile_text(const char *name, char *text, size_t len,
                                const char *stdlib_dir, pl_diags *d,
                                const char *const *tune_names, const int32_t *tune_values,
                                int ntune)
{
    cc_t cc = {0};
    cc.head = -1;
    cc.diags = d;
    cc.stdlib_dir = stdlib_dir;
    cc.tune_names = tune_names;
    cc.tune_values = tune_values;
    cc.ntune = ntune;

    int errors_before = d->errors;
    pl_program *p = compile_main(&cc, name, text, len);
    pl_diags_finish(d, name);
    if (d->errors > errors_before && p) {
        pl_program_free(p);
        p = NULL;
    }
    if (cc.prog)
        pl_program_free(cc.prog);
    for (int i = 0; i < cc.nsrc; i++) {
        free(cc.src[i].name);
        free(cc.src[i].text);
    }
    free(cc.syms);
    pl_names_free(&cc.sym_index);
    pl_names_free(&cc.cell_index);
    pl_names_free(&cc.string_index);
    free(cc.decls_setup);
    free(cc.code_decls);
    free(cc.extra_cells);
    free(cc.gridmap);
    free(cc.code);
    free(cc.line);
    free(cc.col);
    free(cc.pcode);
    free(cc.pline);
    free(cc.pcol);
    free(cc.pred_off);
    free(cc.pred_local);
    free(cc.pred_inputs);
    free(cc.locals);
    pl_names_free(&cc.local_names);
    free(cc.set_index);
    ast_arena_free(&cc.arena);
    return p;
}

pl_program *pl_compile_file_tuned(const char *path, const char *stdlib_dir,
                                  const char *const *names, const int32_t *values,
                                  int n, pl_diags *d)
{
    size_t len;
    const char *why;
    char *text = read_file(path, &len, &why);
    if (!text) {
        pl_diag_add(d, PL_SEV_ERROR, path, NULL, 0, 0, 0, "%s", why);
        return NULL;
    }
    return compile_text(path, text, len, stdlib_dir, d, names, values, n);
}

pl_program *pl_compile_file(const char *path, const char *stdlib_dir, pl_diags *d)
{
    return pl_compile_file_tuned(path, stdlib_dir, NULL, NULL, 0, d);
}

pl_program *pl_compile_string(const char *name, const char *text, size_t len,
                              const char *stdlib_dir, pl_diags *d)
{
    if (len > MAX_SOURCE_BYTES) {
        pl_diag_add(d, PL_SEV_ERROR, name, NULL, 0, 0, 0, "file is larger than 4 MiB");
        return NULL;
    }
    return compile_text(name, pl_strndup(text, len), len, stdlib_dir, d, NULL, NULL, 0);
}
