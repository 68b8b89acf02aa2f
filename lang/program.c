/*
 * program.c -- freeing and querying a compiled program (program.h).
 *
 * pl_program_free() is the one destructor for programs from the compiler
 * and from the bytecode reader.  Both may give up half way, so it accepts a
 * program whose arrays are only partly allocated: every pointer may be
 * NULL, and string arrays may hold NULL entries.  The counts, however, must
 * describe the arrays that are allocated (callers set a count before they
 * allocate the array it sizes, with calloc).
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "util.h"

/* Free an array of n strings, each of which may be NULL. */
static void free_strings(char **v, int64_t n)
{
    if (!v)
        return;
    for (int64_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void free_sided(pl_sided_table *t)
{
    free(t->offset);
    free(t->data);
}

int pl_engine_name_valid(const char *name)
{
    return name && (strcmp(name, "mcts") == 0 || strcmp(name, "alphabeta") == 0);
}

void pl_program_free(pl_program *prog)
{
    if (!prog)
        return;
    free(prog->title);
    free(prog->about);
    free(prog->engine);
    free(prog->source_name);
    for (int i = 0; i < prog->ntunables; i++)
        free(prog->tunables[i].name);
    free(prog->tunables);
    for (int i = 0; i < prog->nwords; i++)
        free(prog->words[i].text);
    free(prog->words);

    free_strings(prog->cell_names, prog->ncells);
    free(prog->cell_col);
    free(prog->cell_row);
    free_strings(prog->dir_names, prog->ndirs);
    free(prog->dir_dx);
    free(prog->dir_dy);
    free(prog->dir_opposite);
    free(prog->neighbor);

    free_strings(prog->player_names, prog->nplayers);
    free(prog->player_plural);
    free_strings(prog->kind_names, prog->nkinds);
    free(prog->kind_nattrs);
    free(prog->kind_letter);
    free_strings(prog->kind_attr_names, (int64_t)prog->nkinds * PL_MAX_ATTRS);
    free_strings(prog->mark_names, prog->nmarks);
    free_strings(prog->var_names, prog->nvars);
    free_strings(prog->pvar_names, prog->npvars);
    free(prog->var_holds_cell);
    free(prog->pvar_holds_cell);
    free(prog->var_apart);
    free(prog->pvar_apart);
    free(prog->var_show);
    free(prog->var_show_max);
    free(prog->pvar_show);
    free(prog->pvar_show_max);

    free_strings(prog->dset_names, prog->dsets.count);
    free_sided(&prog->dsets);
    free_strings(prog->region_names, prog->regions.count);
    free_sided(&prog->regions);

    free(prog->slot_init);
    free_strings(prog->strings, prog->nstrings);
    free(prog->sets);
    free(prog->code);
    free(prog->code_line);
    free(prog->code_col);
    free(prog->pred_entry);
    free(prog->pred_local);
    pl_program_cache *plan = atomic_load(&prog->sample_plan);
    if (plan)
        plan->free(plan);
    pl_program_cache *masks = atomic_load(&prog->masks);
    if (masks)
        masks->free(masks);
    pl_program_cache *memo = atomic_load(&prog->memo_plan);
    if (memo)
        memo->free(memo);
    pl_program_cache *native = atomic_load(&prog->native);
    if (native)
        native->free(native);
    free(prog);
}

/* ASCII case folding: cell names are identifiers, and tolower() would
 * depend on the locale. */
static int fold(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int same_name(const char *a, const char *b)
{
    while (*a && fold((unsigned char)*a) == fold((unsigned char)*b))
        a++, b++;
    return fold((unsigned char)*a) == fold((unsigned char)*b);
}

int pl_program_find_cell(const pl_program *prog, const char *name)
{
    if (!prog || !prog->cell_names || !name)
        return -1;
    for (int i = 0; i < prog->ncells; i++)
        if (prog->cell_names[i] && same_name(prog->cell_names[i], name))
            return i;
    return -1;
}

int pl_set_tree_size(const pl_program *prog, int i, int limit)
{
    const pl_setdesc *d = &prog->sets[i];
    if (limit <= 1 || d->kind < 0 || d->kind >= PL_SET_COUNT ||
        pl_setkind_table[d->kind].args == PL_SETARGS_LOCALS)
        return 1;
    int n = 1 + pl_set_tree_size(prog, d->arg0, limit - 1);
    if (n <= limit && d->arg1 >= 0 && pl_setkind_table[d->kind].args == PL_SETARGS_SETS)
        n += pl_set_tree_size(prog, d->arg1, limit - n);
    return n;
}

void pl_program_add_words(pl_program *prog, int32_t pc, char *text)
{
    int32_t n = prog->nwords;   /* the capacity: 8, then the powers of two */
    if (n == 0 || (n >= 8 && (n & (n - 1)) == 0))
        prog->words = pl_realloc_array(prog->words, n < 8 ? 8 : (size_t)n * 2, sizeof *prog->words);
    prog->words[prog->nwords++] = (struct pl_rule_words){pc, text};
}
