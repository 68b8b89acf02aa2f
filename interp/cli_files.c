/*
 * cli_files.c -- commands about game files rather than positions:
 * list, validate, compile, disasm.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "paths.h"
#include "../lang/bytecode.h"
#include "../lang/compile.h"
#include "../lang/diag.h"

/* Print the help when asked; returns 1 if it did. */
static int handle_help(pl_cli_args *a)
{
    if (!a->help)
        return 0;
    pl_cli_command_help(a->cmd, stdout);
    return 1;
}

/* --- list --------------------------------------------------------------------- */

/* Compile quietly: a broken game must not flood the listing. */
static pl_program *load_quiet(const char *path, int *errors)
{
    size_t len;
    char *data = pl_cli_read_file(path, &len);
    *errors = 1;
    if (!data)
        return NULL;
    pl_program *prog = NULL;
    if (pl_bytecode_is_bytecode((const uint8_t *)data, len)) {
        char err[256];
        prog = pl_bytecode_read((const uint8_t *)data, len, err, sizeof err);
    } else {
        pl_diags d;
        pl_diags_init(&d);
        prog = pl_compile_file(path, pl_paths_stdlib_dir(), &d);
        *errors = d.errors;
        pl_diags_free(&d);
    }
    free(data);
    return prog;
}

static void list_one(const char *name, int width)
{
    char *path = pl_paths_resolve_game(name);
    int errors = 0;
    pl_program *prog = path ? load_quiet(path, &errors) : NULL;
    if (!prog) {
        fprintf(stderr, "note: skipping %s: it does not compile (%d error%s; "
                "run 'plateau validate %s')\n", name, errors,
                errors == 1 ? "" : "s", path ? path : name);
    } else {
        const char *title = prog->title && *prog->title ? prog->title : name;
        if (prog->about && *prog->about)
            printf("%-*s  %s: %s\n", width, name, title, prog->about);
        else
            printf("%-*s  %s\n", width, name, title);
        pl_program_free(prog);
    }
    free(path);
}

int pl_cli_list(int argc, char **argv)
{
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "list", NULL, 0, argc, argv, 0);
    if (rc == 0 && !handle_help(&a) && a.npos > 0)
        rc = pl_cli_usage("list", "unexpected argument '%s'", a.pos[0]);
    if (rc != 0 || a.help) {
        pl_cli_args_free(&a);
        return rc;
    }
    pl_cli_args_free(&a);

    if (!pl_paths_data_dir())
        return pl_cli_fail("list", "no games directory found; set "
                           "PLATEAU_PATH to a directory holding games/");
    int n;
    char **names = pl_paths_list_games(&n);
    int width = 0;
    for (int i = 0; i < n; i++)
        if ((int)strlen(names[i]) > width)
            width = (int)strlen(names[i]);
    for (int i = 0; i < n; i++)
        list_one(names[i], width);
    if (n == 0)
        fprintf(stderr, "note: no games in %s/games\n", pl_paths_data_dir());
    pl_paths_free_list(names, n);
    return PL_EXIT_OK;
}

/* --- validate ----------------------------------------------------------------- */

static int validate_bytecode(const char *path, const char *data, size_t len)
{
    char err[256] = "";
    pl_program *prog = pl_bytecode_read((const uint8_t *)data, len, err,
                                        sizeof err);
    if (!prog) {
        fprintf(stderr, "%s: error: invalid bytecode: %s\n", path, err);
        return 0;
    }
    pl_program_free(prog);
    return 1;
}

static int validate_source(const char *path)
{
    pl_diags d;
    pl_diags_init(&d);
    pl_program *prog = pl_compile_file(path, pl_paths_stdlib_dir(), &d);
    pl_diags_print(&d, stderr);
    int ok = prog != NULL && d.errors == 0;
    pl_diags_free(&d);
    if (prog)
        pl_program_free(prog);
    return ok;
}

/* Returns 1 if `arg` is a valid game file. */
static int validate_one(const char *arg)
{
    char *path = pl_paths_resolve_game(arg);
    if (!path) {
        fprintf(stderr, "%s: error: no such game or file\n", arg);
        return 0;
    }
    size_t len;
    char *data = pl_cli_read_file(path, &len);
    int ok = 0;
    if (!data)
        fprintf(stderr, "%s: error: cannot read: %s\n", path, strerror(errno));
    else if (pl_bytecode_is_bytecode((const uint8_t *)data, len))
        ok = validate_bytecode(path, data, len);
    else
        ok = validate_source(path);
    if (ok)
        printf("%s: ok\n", arg);
    free(data);
    free(path);
    return ok;
}

int pl_cli_validate(int argc, char **argv)
{
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "validate", NULL, 0, argc, argv, 0);
    if (rc == 0 && !handle_help(&a) && a.npos == 0)
        rc = pl_cli_usage("validate", "no FILE given");
    if (rc != 0 || a.help) {
        pl_cli_args_free(&a);
        return rc;
    }
    int all_ok = 1;
    for (int i = 0; i < a.npos; i++)
        all_ok &= validate_one(a.pos[i]);
    pl_cli_args_free(&a);
    return all_ok ? PL_EXIT_OK : PL_EXIT_FAIL;
}

/* --- compile ------------------------------------------------------------------ */

/* FILE with its extension replaced by .pbc; for a game name, NAME.pbc in
 * the current directory (never write into the installed data). */
static char *default_output(const char *arg)
{
    const char *base = arg;
    size_t len = strlen(arg);
    const char *slash = strrchr(arg, '/');
    const char *dot = strrchr(slash ? slash : arg, '.');
    if (dot && dot != (slash ? slash + 1 : arg))
        len = (size_t)(dot - base);
    char *out = malloc(len + 5);
    if (out) {
        memcpy(out, base, len);
        strcpy(out + len, ".pbc");
    }
    return out;
}

static int write_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t n = fwrite(data, 1, len, f);
    int rc = fclose(f);
    return n == len && rc == 0 ? 0 : -1;
}

static int compile_to(const char *arg, const char *out)
{
    pl_program *prog;
    int rc = pl_cli_load("compile", arg, &prog, NULL, NULL);
    if (rc != 0)
        return rc;
    uint8_t *data = NULL;
    size_t len = 0;
    if (pl_bytecode_write(prog, &data, &len) != 0)
        rc = pl_cli_fail("compile", "cannot serialize %s", arg);
    else if (write_file(out, data, len) != 0)
        rc = pl_cli_fail("compile", "cannot write %s: %s", out,
                         strerror(errno));
    free(data);
    pl_program_free(prog);
    return rc;
}

int pl_cli_compile(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"-o", 1, NULL}, {"--output", 1, NULL}};
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "compile", opts, 2, argc, argv, 0);
    if (rc == 0 && !handle_help(&a)) {
        if (a.npos != 1)
            rc = pl_cli_usage("compile", a.npos ? "too many arguments"
                                                : "no FILE given");
    }
    if (rc != 0 || a.help) {
        pl_cli_args_free(&a);
        return rc;
    }
    const char *out = opts[0].value ? opts[0].value : opts[1].value;
    char *def = out ? NULL : default_output(a.pos[0]);
    if (!out)
        out = def;
    rc = out ? compile_to(a.pos[0], out) : pl_cli_fail("compile", "out of memory");
    free(def);
    pl_cli_args_free(&a);
    return rc;
}

/* --- disasm ------------------------------------------------------------------- */

int pl_cli_disasm(int argc, char **argv)
{
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "disasm", NULL, 0, argc, argv, 0);
    if (rc == 0 && !handle_help(&a) && a.npos != 1)
        rc = pl_cli_usage("disasm", a.npos ? "too many arguments"
                                           : "no FILE given");
    if (rc != 0 || a.help) {
        pl_cli_args_free(&a);
        return rc;
    }
    pl_program *prog;
    char *source = NULL;
    rc = pl_cli_load("disasm", a.pos[0], &prog, &source, NULL);
    if (rc == 0) {
        pl_disasm(prog, source, stdout);
        pl_program_free(prog);
    }
    free(source);
    pl_cli_args_free(&a);
    return rc;
}
