/*
 * test_native_cli.c -- `plateau compile --native` and the native fuzz
 * check.
 *
 *   - compile --native writes an ELF shared object that exports the entry
 *     native.c looks up (PL_NATIVE_INIT), read from the file's dynamic
 *     symbol table, and --emit-c the C it was made of; the object is this
 *     game's code (the library's own check accepts it, and it gives the
 *     interpreter's perft);
 *   - every failure (no compiler, a compiler that fails, a game too large,
 *     an output that cannot be written, --emit-c without --native) exits
 *     non-zero, says why, and leaves no output file;
 *   - a game of the fuzzer's grammar (gen_game.h) gives the same trace
 *     on native code and on the interpreter (pl_fuzz_native_check: perft,
 *     playouts, evaluations, runtime errors), the CI's share of the
 *     gen_native fuzz target.  `test_native_cli slow N [FIRST]` checks N
 *     of them (inputs FIRST.., default 1000, of the seeded series).
 *
 * Skipped, with a message, where no C compiler works.
 */
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "plateau_test.h"
#include "cli.h"
#include "fuzz/fuzz_targets.h"

static char scratch[512];   /* this run's directory, under TMPDIR */

static void use_test_cache(void)
{
    const char *tmp = getenv("TMPDIR");
    char dir[512];
    snprintf(dir, sizeof dir, "%s/plateau-test-cache-%ld", tmp && *tmp ? tmp : "/tmp",
             (long)getuid());
    setenv("PLATEAU_CACHE", dir, 1);
    snprintf(scratch, sizeof scratch, "%s/plateau-native-cli-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch))
        abort();
}

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* Redirect a stream's descriptor into a file; the saved descriptor. */
static int redirect(FILE *stream, const char *path)
{
    fflush(stream);
    int saved = dup(fileno(stream));
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, fileno(stream));
    close(fd);
    return saved;
}

static void restore(FILE *stream, int saved)
{
    fflush(stream);
    dup2(saved, fileno(stream));
    close(saved);
}

/* Run `plateau compile ARGS...` in this process; its stdout and stderr
   into out and err (to free). */
static int run_compile(const char *const *args, char **out, char **err)
{
    char *argv[16] = {"compile"};
    int argc = 1;
    for (; args[argc - 1]; argc++)
        argv[argc] = (char *)args[argc - 1];
    char out_path[600], err_path[600];
    snprintf(out_path, sizeof out_path, "%s/stdout", scratch);
    snprintf(err_path, sizeof err_path, "%s/stderr", scratch);
    int so = redirect(stdout, out_path), se = redirect(stderr, err_path);
    int rc = pl_cli_compile(argc, argv);
    restore(stdout, so);
    restore(stderr, se);
    *out = pt_read_file(out_path, NULL);
    *err = pt_read_file(err_path, NULL);
    assert_true(*out && *err);
    return rc;
}

/* The bytes of a file (to free). */
static unsigned char *read_bytes(const char *path, size_t *len)
{
    char *b = pt_read_file(path, len);
    assert_non_null(b);
    return (unsigned char *)b;
}

/* 1 when the file is a 64-bit ELF shared object whose dynamic symbol table
   defines `name` as a global function of default visibility: what dlsym
   finds.  Read from the file: nothing is loaded. */
static int elf_exports(const char *path, const char *name)
{
    size_t len;
    unsigned char *b = read_bytes(path, &len);
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)b;
    int found = 0;
    if (len < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_type != ET_DYN ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > len) {
        free(b);
        return 0;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(b + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum && !found; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_link >= eh->e_shnum)
            continue;
        const Elf64_Shdr *strs = &sh[sh[i].sh_link];
        const Elf64_Sym *sym = (const Elf64_Sym *)(b + sh[i].sh_offset);
        size_t n = sh[i].sh_size / sizeof *sym;
        assert_true(sh[i].sh_offset + sh[i].sh_size <= len && strs->sh_offset + strs->sh_size <= len);
        for (size_t k = 0; k < n && !found; k++)
            found = sym[k].st_name < strs->sh_size &&
                    strcmp((const char *)b + strs->sh_offset + sym[k].st_name, name) == 0 &&
                    sym[k].st_shndx != SHN_UNDEF && ELF64_ST_BIND(sym[k].st_info) == STB_GLOBAL &&
                    ELF64_ST_TYPE(sym[k].st_info) == STT_FUNC &&
                    ELF64_ST_VISIBILITY(sym[k].st_other) == STV_DEFAULT;
    }
    free(b);
    return found;
}

/* The written object is an ELF shared object exporting pl_native_init, the
   C is there, and the object is the game's code: the library's check of a
   unit (the code hash it was made from) accepts it, and it counts the
   interpreter's perft. */
static void writes_a_shared_object(void **state)
{
    (void)state;
    char so[600], dir[600], unit[700];
    snprintf(so, sizeof so, "%s/ttt.so", scratch);
    snprintf(dir, sizeof dir, "%s/c", scratch);
    snprintf(unit, sizeof unit, "%s/unit.c", dir);
    const char *args[] = {"--native", "tic-tac-toe", "-o", so, "--emit-c", dir, NULL};
    char *out, *err;
    /* the command is tested, not the optimizer: -O0 (PLATEAU_CFLAGS come
       after -O2) compiles in a fifth of the time */
    setenv("PLATEAU_CFLAGS", "-O0", 1);
    int rc = run_compile(args, &out, &err);
    unsetenv("PLATEAU_CFLAGS");
    if (rc != 0 && strstr(err, "no C compiler")) {
        fprintf(stderr, "skipped: %s", err);
        free(out);
        free(err);
        skip();
    }
    if (rc != 0)
        fprintf(stderr, "%s", err);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "compiled Tic-tac-toe to native code in "));
    assert_non_null(strstr(out, so));
    assert_true(elf_exports(so, PL_NATIVE_INIT));
    assert_false(elf_exports(so, "pl_vm_run"));   /* the check can fail: the library's own */
    char *c = pt_read_file(unit, NULL);
    assert_non_null(c);
    assert_non_null(strstr(c, PL_NATIVE_INIT));
    free(c);

    pl_program *vm = pt_compile("games/alignment/tic-tac-toe.game");
    pl_program *native = pt_compile("games/alignment/tic-tac-toe.game");
    char why[600];
    assert_true(pl_native_attach(native, so, why, sizeof why));
    assert_int_equal(pt_perft_of(native, 4), pt_perft_of(vm, 4));
    pl_program *other = pt_compile("games/race/breakthrough.game");
    assert_false(pl_native_attach(other, so, why, sizeof why));   /* another game's */
    assert_non_null(strstr(why, "not made from this game's code"));
    pl_program_free(other);
    pl_program_free(vm);
    pl_program_free(native);
    free(out);
    free(err);
}

/* `compile ARGS` fails with status `want`, says `says` on stderr and
   leaves nothing at `so`. */
static void fails(const char *const *args, int want, const char *says, const char *so)
{
    char *out, *err;
    int rc = run_compile(args, &out, &err);
    if (!strstr(err, says))
        fprintf(stderr, "expected '%s' in: %s", says, err);
    assert_int_equal(rc, want);
    assert_non_null(strstr(err, says));
    assert_string_equal(out, "");
    if (so)
        assert_false(exists(so));
    free(out);
    free(err);
}

static void failures_say_why(void **state)
{
    (void)state;
    char so[600], log[700];
    snprintf(so, sizeof so, "%s/none.so", scratch);
    const char *unwritable[] = {"--native", "tic-tac-toe", "-o", "/nonexistent/dir/x.so", NULL};
    fails(unwritable, 1, "cannot write /nonexistent/dir/x.so", NULL);
    const char *large[] = {"--native", "shogi", "-o", so, NULL};
    fails(large, 1, "too large for native code", so);
    const char *no_native[] = {"tic-tac-toe", "--emit-c", scratch, NULL};
    fails(no_native, 2, "--emit-c goes with --native", NULL);

    const char *plain[] = {"--native", "tic-tac-toe", "-o", so, NULL};
    setenv("PLATEAU_CC", "/nonexistent/cc", 1);
    fails(plain, 1, "no C compiler (/nonexistent/cc) found", so);
    /* a compiler that fails: the message names its log, which is kept */
    setenv("PLATEAU_CC", "false", 1);
    char *out, *err;
    assert_int_equal(run_compile(plain, &out, &err), 1);
    assert_false(exists(so));
    const char *see = strstr(err, "the C compiler (false) failed: see ");
    assert_non_null(see);
    snprintf(log, sizeof log, "%.*s", (int)strcspn(see + 35, "\n"), see + 35);
    assert_true(exists(log));
    *strrchr(log, '/') = 0;   /* the scratch directory of the build */
    char cmd[800];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", log);
    assert_int_equal(system(cmd), 0);
    unsetenv("PLATEAU_CC");
    free(out);
    free(err);
}

/* The game gen_game.h writes from the i-th input of a seeded series, into
   g; the input's last byte, the small step budget of the trace. */
static long generated(pl_gen *g, int i)
{
    uint8_t bytes[300];
    uint64_t s = 0x5eed0000u + (uint64_t)i;
    for (size_t k = 0; k < sizeof bytes; k++)
        bytes[k] = (uint8_t)(pl_fuzz_rand(&s) >> 56);
    pl_gen_game(g, bytes, sizeof bytes);
    return 5 + bytes[sizeof bytes - 1];
}

/* Games `first` to `first + count - 1` of the series on both back ends:
   how many were compared (*lines: their traces' lines in all). */
static int compare_generated(int first, int count, long *lines)
{
    static pl_gen g;
    int compared = 0;
    *lines = 0;
    for (int i = first; i < first + count; i++) {
        long budget = generated(&g, i);
        long n = pl_fuzz_native_check(g.text, g.n, budget);
        if (n >= 0) {
            compared++;
            *lines += n;
        }
        fprintf(stderr, "generated game %d: %ld lines of trace agree\n", i, n);
    }
    return compared;
}

/* The CI's share of the gen_native fuzz target: one generated game (a C
   compile costs 2 s), input 35 of the series, chosen for its trace: perft
   and playouts of about 6,000 lines with a runtime error among them. */
static void generated_games_agree(void **state)
{
    (void)state;
    static pl_gen g;
    long budget = generated(&g, 35), lines;
    pl_program *p = pt_compile_text("gen.game", g.text);
    char *trace = pl_fuzz_native_trace(p, budget, &lines);
    assert_non_null(strstr(trace, "runtime error"));
    assert_true(lines > 5000);
    free(trace);
    pl_program_free(p);
    if (compare_generated(35, 1, &lines) == 0) {
        fprintf(stderr, "skipped: no C compiler\n");
        skip();
    }
    assert_true(lines > 5000);
}

static void remove_scratch(void)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", scratch);
}

int main(int argc, char **argv)
{
    pt_init();
    use_test_cache();
    int rc;
    if (argc > 2 && strcmp(argv[1], "slow") == 0) {
        int n = atoi(argv[2]), first = argc > 3 ? atoi(argv[3]) : 1000;
        long lines;
        int compared = compare_generated(first, n, &lines);
        fprintf(stderr, "%d of %d generated games compared, %ld lines of trace, all agree\n",
                compared, n, lines);
        rc = 0;
    } else {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(writes_a_shared_object),
            cmocka_unit_test(failures_say_why),
            cmocka_unit_test(generated_games_agree),
        };
        rc = cmocka_run_group_tests(tests, NULL, NULL);
    }
    remove_scratch();
    return rc;
}
