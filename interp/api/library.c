/*
 * library.c -- the parts of plateau.h that are not the runtime or the
 * engines: loading a game by name or by path with its diagnostics as data
 * (the CLI used to do this itself, printing as it went), the diagnostics
 * list as an opaque object, the game's metadata, and the status codes.
 *
 * Nothing here prints.  A caller that wants the compiler's messages reads
 * them from the pl_diags it passed, or prints them with pl_diags_print.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "plateau.h"
#include "bytecode.h"
#include "compile.h"
#include "diag.h"
#include "paths.h"
#include "native.h"
#include "program.h"
#include "util.h"

#ifndef PLATEAU_VERSION
#define PLATEAU_VERSION "unknown"
#endif

const char *pl_version(void)
{
    return PLATEAU_VERSION;
}

const char *pl_err_text(pl_err err)
{
    switch (err) {
    case PL_OK: return "no error";
    case PL_ERR_MEMORY: return "out of memory";
    case PL_ERR_RUNTIME: return "runtime error in the rules";
    case PL_ERR_COMPILE: return "the game does not compile";
    case PL_ERR_IO: return "cannot read or write the file";
    case PL_ERR_NOT_FOUND: return "not found";
    case PL_ERR_BYTECODE: return "invalid bytecode";
    case PL_ERR_ILLEGAL_MOVE: return "not a legal move";
    case PL_ERR_ARGUMENT: return "bad argument";
    case PL_ERR_GAME_OVER: return "the game is over";
    }
    return "unknown error";
}

void pl_free(void *p)
{
    free(p);
}

/* --- diagnostics ------------------------------------------------------------ */

pl_diags *pl_diags_new(void)
{
    pl_diags *d = pl_malloc(sizeof *d);
    if (d)
        pl_diags_init(d);
    return d;
}

void pl_diags_delete(pl_diags *d)
{
    if (!d)
        return;
    pl_diags_free(d);
    free(d);
}

int pl_diags_count(const pl_diags *d) { return d ? d->count : 0; }
int pl_diags_errors(const pl_diags *d) { return d ? d->errors : 0; }

const pl_diag *pl_diags_get(const pl_diags *d, int i)
{
    return d && i >= 0 && i < d->count ? &d->items[i] : NULL;
}

/* --- loading ------------------------------------------------------------------ */


static pl_err read_bytecode(const char *name, const char *data, size_t len,
                            pl_diags *d, pl_program **prog)
{
    char err[256] = "";
    *prog = pl_bytecode_read((const uint8_t *)data, len, err, sizeof err);
    if (*prog)
        return PL_OK;
    pl_diag_add(d, PL_SEV_ERROR, name, NULL, 0, 0, 0, "invalid bytecode: %s", err);
    return PL_ERR_BYTECODE;
}

/* The compiler reports its own failures, out of memory included, as
 * diagnostics: no program means the game does not compile. */
static pl_err compiled(pl_program *prog, pl_program **out)
{
    *out = prog;
    return prog ? PL_OK : PL_ERR_COMPILE;
}

/* Values for tunables, as the compiler takes them (pl_load_tuned). */
typedef struct {
    const char *const *names;
    const int32_t *values;
    int n;
} tune_set;

/* pl_load_file with a diagnostics list that is never NULL. */
static pl_err load_file(const char *path, pl_diags *d, pl_program **prog,
                        char **source, const tune_set *tune)
{
    size_t len = 0;
    char *data = NULL;
    pl_read_status r = pl_read_file(path, PL_MAX_INPUT_BYTES, &data, &len);
    if (r != PL_READ_OK) {
        int why = errno;
        char msg[256];
        pl_read_error(msg, sizeof msg, r, why, PL_MAX_INPUT_BYTES);
        pl_diag_add(d, PL_SEV_ERROR, path, NULL, 0, 0, 0, "%s", msg);
        return why == ENOMEM ? PL_ERR_MEMORY : PL_ERR_IO;
    }
    pl_err err;
    if (pl_bytecode_is_bytecode((const uint8_t *)data, len) && tune->n > 0) {
        pl_diag_add(d, PL_SEV_ERROR, path, NULL, 0, 0, 0,
                    "values for tunable constants need the game's source, not its bytecode");
        err = PL_ERR_ARGUMENT;
    } else if (pl_bytecode_is_bytecode((const uint8_t *)data, len)) {
        err = read_bytecode(path, data, len, d, prog);
    } else {
        err = compiled(pl_compile_file_tuned(path, pl_paths_stdlib_dir(), tune->names,
                                             tune->values, tune->n, d), prog);
        if (err == PL_OK && source) {
            *source = data;
            data = NULL;
        }
    }
    free(data);
    return err;
}

static pl_err load_file_tuned(const char *path, pl_diags *diags, pl_program **prog,
                              char **source, const tune_set *tune)
{
    if (source)
        *source = NULL;
    if (!prog)
        return PL_ERR_ARGUMENT;
    *prog = NULL;
    if (!path)
        return PL_ERR_ARGUMENT;
    pl_diags local;
    pl_diags_init(&local);
    pl_err err = load_file(path, diags ? diags : &local, prog, source, tune);
    pl_diags_free(&local);
    return err;
}

pl_err pl_load_file(const char *path, pl_diags *diags, pl_program **prog,
                    char **source)
{
    tune_set none = {0};
    return load_file_tuned(path, diags, prog, source, &none);
}

static pl_err load_tuned(const char *name_or_path, const tune_set *tune,
                         pl_diags *diags, pl_program **prog)
{
    if (!prog)
        return PL_ERR_ARGUMENT;
    *prog = NULL;
    if (!name_or_path)
        return PL_ERR_ARGUMENT;
    char *path = pl_paths_resolve_game(name_or_path);
    if (!path) {
        char *conflict = pl_paths_game_conflict(name_or_path);
        if (diags && conflict)
            pl_diag_add(diags, PL_SEV_ERROR, NULL, NULL, 0, 0, 0, "%s", conflict);
        else if (diags)
            pl_diag_add(diags, PL_SEV_ERROR, NULL, NULL, 0, 0, 0,
                        "unknown game '%s'%s", name_or_path,
                        pl_paths_data_dir() ? "" : " (no games directory found; set PLATEAU_PATH)");
        free(conflict);
        return PL_ERR_NOT_FOUND;
    }
    pl_err err = load_file_tuned(path, diags, prog, NULL, tune);
    free(path);
    return err;
}

pl_err pl_load(const char *name_or_path, pl_diags *diags, pl_program **prog)
{
    tune_set none = {0};
    return load_tuned(name_or_path, &none, diags, prog);
}

pl_err pl_load_tuned(const char *name_or_path, const pl_tune_value *values, int nvalues,
                     pl_diags *diags, pl_program **prog)
{
    if (nvalues < 0 || (nvalues > 0 && !values)) {
        if (prog)
            *prog = NULL;
        return PL_ERR_ARGUMENT;
    }
    const char **names = pl_calloc((size_t)nvalues + 1, sizeof *names);
    int32_t *vals = pl_calloc((size_t)nvalues + 1, sizeof *vals);
    for (int i = 0; i < nvalues; i++) {
        names[i] = values[i].name ? values[i].name : "";
        vals[i] = values[i].value;
    }
    tune_set tune = {names, vals, nvalues};
    pl_err err = load_tuned(name_or_path, &tune, diags, prog);
    free(names);
    free(vals);
    return err;
}

int pl_program_ntunables(const pl_program *prog) { return prog ? prog->ntunables : 0; }

const char *pl_program_tunable(const pl_program *prog, int i, int32_t *value, int32_t *lo,
                               int32_t *hi)
{
    if (!prog || i < 0 || i >= prog->ntunables)
        return NULL;
    const pl_tunable *t = &prog->tunables[i];
    if (value)
        *value = t->value;
    if (lo)
        *lo = t->lo;
    if (hi)
        *hi = t->hi;
    return t->name;
}

pl_err pl_load_string(const char *name, const char *text, size_t len,
                      pl_diags *diags, pl_program **prog)
{
    if (!prog)
        return PL_ERR_ARGUMENT;
    *prog = NULL;
    if (!text)
        return PL_ERR_ARGUMENT;
    if (!name)
        name = "<string>";
    pl_diags local;
    pl_diags_init(&local);
    pl_diags *d = diags ? diags : &local;
    pl_err err = pl_bytecode_is_bytecode((const uint8_t *)text, len)
        ? read_bytecode(name, text, len, d, prog)
        : compiled(pl_compile_string(name, text, len, pl_paths_stdlib_dir(), d), prog);
    pl_diags_free(&local);
    return err;
}

pl_err pl_program_use_native(pl_program *prog, char *note, size_t cap)
{
    if (!prog)
        return PL_ERR_ARGUMENT;
    char so[4200], why[512] = "";
    int built = 0;
    double seconds = 0;
    if (note && cap)
        note[0] = 0;
    if (!pl_native_build(prog, so, sizeof so, &built, &seconds, why, sizeof why) ||
        !pl_native_attach(prog, so, why, sizeof why)) {
        if (note && cap)
            snprintf(note, cap, "native code unavailable, using the interpreter: %s", why);
        return PL_ERR_IO;
    }
    if (built && note && cap)
        snprintf(note, cap, "compiled %s to native code in %.1f s", prog->title ? prog->title : "the game",
                 seconds);
    return PL_OK;
}

pl_err pl_program_use_cached_native(pl_program *prog, char *note, size_t cap)
{
    if (!prog)
        return PL_ERR_ARGUMENT;
    char so[4200], why[512] = "";
    if (note && cap)
        note[0] = 0;
    int found = pl_native_lookup(prog, so, sizeof so, why, sizeof why);
    if (found == 0)
        return PL_ERR_NOT_FOUND;
    if (found == 1 && pl_native_attach(prog, so, why, sizeof why))
        return PL_OK;
    if (note && cap)
        snprintf(note, cap, "native code unavailable, using the interpreter: %s", why);
    return PL_ERR_IO;
}

pl_err pl_program_build_native_later(const pl_program *prog, char *const argv[], long *pid,
                                     char *note, size_t cap)
{
    if (!prog || !argv || !argv[0])
        return PL_ERR_ARGUMENT;
    char why[512] = "";
    if (note && cap)
        note[0] = 0;
    long id = pl_native_spawn_builder(prog, argv, why, sizeof why);
    if (pid)
        *pid = id > 0 ? id : 0;
    if (id < 0 && note && cap)
        snprintf(note, cap, "cannot build native code in the background: %s", why);
    return id > 0 ? PL_OK : id == 0 ? PL_ERR_NOT_FOUND : PL_ERR_IO;
}

int pl_program_runs_native(const pl_program *prog)
{
    return prog && atomic_load_explicit(&((pl_program *)prog)->native, memory_order_acquire) != NULL;
}

pl_err pl_program_write_native(const pl_program *prog, const char *so_path, const char *c_dir,
                               double *seconds, char *why, size_t cap)
{
    double ignored;
    if (!prog || (!so_path && !c_dir))
        return PL_ERR_ARGUMENT;
    if (why && cap)
        why[0] = 0;
    return pl_native_export(prog, so_path, c_dir, seconds ? seconds : &ignored, why, cap)
        ? PL_OK : PL_ERR_IO;
}

pl_err pl_program_write(const pl_program *prog, uint8_t **data, size_t *len)
{
    if (!prog || !data || !len)
        return PL_ERR_ARGUMENT;
    return pl_bytecode_write(prog, data, len) == 0 ? PL_OK : PL_ERR_MEMORY;
}

void pl_program_disasm(const pl_program *prog, const char *source, FILE *out)
{
    pl_disasm(prog, source, out);
}

/* --- metadata ------------------------------------------------------------------ */

const char *pl_program_title(const pl_program *prog) { return prog->title; }
const char *pl_program_about(const pl_program *prog) { return prog->about; }
const char *pl_program_engine(const pl_program *prog)
{
    return prog->engine && prog->engine[0] ? prog->engine : NULL;
}
const char *pl_program_source_name(const pl_program *prog) { return prog->source_name; }
uint64_t pl_program_rules_hash(const pl_program *prog) { return prog->source_hash; }
int pl_program_nplayers(const pl_program *prog) { return prog->nplayers; }
int pl_program_ncells(const pl_program *prog) { return prog->ncells; }

const char *pl_program_player_name(const pl_program *prog, int i)
{
    return i >= 0 && i < prog->nplayers ? prog->player_names[i] : NULL;
}

int pl_program_player_plural(const pl_program *prog, int i)
{
    return i >= 0 && i < prog->nplayers && prog->player_plural && prog->player_plural[i];
}

const char *pl_program_cell_name(const pl_program *prog, int cell)
{
    return cell >= 0 && cell < prog->ncells ? prog->cell_names[cell] : NULL;
}
