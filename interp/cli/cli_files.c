/*
 * cli_files.c -- commands about game files rather than positions:
 * list, compile, disasm (validate has its own file, cli_validate.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "cli.h"

/* --- list --------------------------------------------------------------------- */

/* Compile quietly: a broken game must not flood the listing. */
static pl_program *load_quiet(const char *path, int *errors)
{
    pl_diags *d = pl_diags_new();
    pl_program *prog = NULL;
    pl_err err = pl_load_file(path, d, &prog, NULL);
    /* unreadable or invalid bytecode: one error; else the compiler's count */
    *errors = err == PL_ERR_COMPILE ? pl_diags_errors(d) : err != PL_OK;
    pl_diags_delete(d);
    return prog;
}

static void list_one(const char *name, int width)
{
    char *path = pl_paths_resolve_game(name);
    char *conflict = path ? NULL : pl_paths_game_conflict(name);
    if (conflict) {
        fprintf(stderr, "note: skipping %s: %s\n", name, conflict);
        free(conflict);
        return;
    }
    int errors = 0;
    pl_program *prog = path ? load_quiet(path, &errors) : NULL;
    if (!prog) {
        fprintf(stderr, "note: skipping %s: it does not compile (%d error%s; "
                "run 'plateau validate %s')\n", name, errors,
                errors == 1 ? "" : "s", path ? path : name);
    } else {
        const char *title = pl_program_title(prog), *about = pl_program_about(prog);
        if (!title || !*title)
            title = name;
        if (about && *about)
            printf("%-*s  %s: %s\n", width, pl_esc(name), pl_esc(title), pl_esc(about));
        else
            printf("%-*s  %s\n", width, pl_esc(name), pl_esc(title));
        pl_program_free(prog);
    }
    free(path);
}

int pl_cli_list(int argc, char **argv)
{
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "list", NULL, 0, argc, argv, 0);
    if (rc == 0 && !pl_cli_handle_help(&a) && a.npos > 0)
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

/* --- compile ------------------------------------------------------------------ */

/* FILE with its extension replaced by ext (".pbc", ".so"); for a game
 * name, NAME.pbc (or .so) in the current directory (never write into the
 * installed data). */
static char *default_output(const char *arg, const char *ext)
{
    const char *base = arg;
    size_t len = strlen(arg);
    const char *slash = strrchr(arg, '/');
    const char *dot = strrchr(slash ? slash : arg, '.');
    if (dot && dot != (slash ? slash + 1 : arg))
        len = (size_t)(dot - base);
    char *out = malloc(len + strlen(ext) + 1);
    if (out) {
        memcpy(out, base, len);
        strcpy(out + len, ext);
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

/* True when `a` and `b` name the same file (device and inode), whatever
 * their spelling ("X.game" and "./X.game", a link). */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev
           && sa.st_ino == sb.st_ino;
}

static int compile_to(const char *arg, const char *out)
{
    pl_program *prog;
    char *path;
    int rc = pl_cli_load("compile", arg, &prog, NULL, &path);
    if (rc != 0)
        return rc;
    if (same_file(path, out)) {
        rc = pl_cli_fail("compile", "refusing to write %s over its own "
                         "source (give another -o FILE)", pl_esc(out));
        free(path);
        pl_program_free(prog);
        return rc;
    }
    free(path);
    uint8_t *data = NULL;
    size_t len = 0;
    if (pl_program_write(prog, &data, &len) != PL_OK)
        rc = pl_cli_fail("compile", "cannot serialize %s", arg);
    else if (write_file(out, data, len) != 0)
        rc = pl_cli_fail("compile", "cannot write %s: %s", out,
                         strerror(errno));
    pl_free(data);
    pl_program_free(prog);
    return rc;
}

/* compile --native: the game's native code (the shared object as `out`
 * unless NULL, the generated C into `c_dir` unless NULL), made as the
 * cache's is; the time the C compiler took on stdout. */
static int compile_native(const char *arg, const char *out, const char *c_dir)
{
    pl_program *prog;
    char *path;
    int rc = pl_cli_load("compile", arg, &prog, NULL, &path);
    if (rc != 0)
        return rc;
    char why[600];
    double seconds = 0;
    const char *title = pl_program_title(prog) ? pl_program_title(prog) : arg;
    if (out && same_file(path, out))
        rc = pl_cli_fail("compile", "refusing to write %s over its own "
                         "source (give another -o FILE)", pl_esc(out));
    else if (pl_program_write_native(prog, out, c_dir, &seconds, why, sizeof why) != PL_OK)
        rc = pl_cli_fail("compile", "%s", why);
    if (rc == 0 && c_dir)
        printf("wrote the generated C of %s to %s/unit.c\n", title, c_dir);
    if (rc == 0 && out)
        printf("compiled %s to native code in %.1f s: %s\n", title, seconds, out);
    free(path);
    pl_program_free(prog);
    return rc;
}

/* compile --native --cache: the game's native code into the cache that
 * --engine native and auto load it from; `background` (what auto starts):
 * at a low priority, saying nothing. */
static int compile_into_cache(const char *arg, int background)
{
    if (background)   /* the command that started it keeps its speed */
        setpriority(PRIO_PROCESS, 0, 10);
    pl_program *prog;
    int rc = pl_cli_load("compile", arg, &prog, NULL, NULL);
    if (rc != 0)
        return rc;
    char note[600];
    if (pl_program_use_native(prog, note, sizeof note) != PL_OK)
        rc = pl_cli_fail("compile", "%s", note);
    else if (!background)
        printf("%s\n", note[0] ? note : "the cache already holds this game's native code");
    pl_program_free(prog);
    return rc;
}

int pl_cli_compile(int argc, char **argv)
{
    pl_cli_opt opts[] = {{"-o", 1, NULL}, {"--output", 1, NULL}, {"--native", 0, NULL},
                         {"--emit-c", 1, NULL}, {"--cache", 0, NULL}, {"--background", 0, NULL}};
    pl_cli_args a;
    int rc = pl_cli_parse(&a, "compile", opts, 6, argc, argv, 0);
    int cache = opts[4].value != NULL, background = opts[5].value != NULL;
    if (rc == 0 && !pl_cli_handle_help(&a)) {
        if (a.npos != 1)
            rc = pl_cli_usage("compile", a.npos ? "too many arguments"
                                                : "no FILE given");
        else if (opts[3].value && !opts[2].value)
            rc = pl_cli_usage("compile", "--emit-c goes with --native");
        else if ((cache || background) && !opts[2].value)
            rc = pl_cli_usage("compile", "%s goes with --native", cache ? "--cache" : "--background");
        else if (background && !cache)
            rc = pl_cli_usage("compile", "--background goes with --cache");
        else if (cache && (opts[0].value || opts[1].value || opts[3].value))
            rc = pl_cli_usage("compile", "--cache writes into the cache: no -o or --emit-c");
    }
    if (rc != 0 || a.help) {
        pl_cli_args_free(&a);
        return rc;
    }
    if (cache) {
        rc = compile_into_cache(a.pos[0], background);
        pl_cli_args_free(&a);
        return rc;
    }
    const char *out = opts[0].value ? opts[0].value : opts[1].value;
    int native = opts[2].value != NULL;
    const char *c_dir = opts[3].value;
    /* --emit-c alone writes the C only: no compile unless -o asks for it */
    char *def = out || c_dir ? NULL : default_output(a.pos[0], native ? ".so" : ".pbc");
    if (!out)
        out = def;
    if (native)
        rc = out || c_dir ? compile_native(a.pos[0], out, c_dir)
                          : pl_cli_fail("compile", "out of memory");
    else
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
    if (rc == 0 && !pl_cli_handle_help(&a) && a.npos != 1)
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
        pl_program_disasm(prog, source, stdout);
        pl_program_free(prog);
    }
    free(source);
    pl_cli_args_free(&a);
    return rc;
}
