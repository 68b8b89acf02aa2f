/*
 * native.c -- native code for a program: generating its C unit, compiling
 * it with the system's C compiler into a shared object in a cache, and
 * loading it (dlopen) so that pl_vm_run hands the program's runs to it.
 *
 * The unit (native.h): vm.c and its headers, embedded in the library at
 * build time (cmake/embed.cmake) and written out once per build into the
 * cache, then per program one file: its code as a constant array and one
 * run function in which every instruction is its vm_ops.h handler,
 * expanded in place.  An instruction's "next" is a direct jump to the
 * following one; its jumps compare the target with its jump operands, a
 * constant, and go straight there; anything else (a backtrack's resume
 * point) goes through one switch over the instructions.
 *
 * Trust: only code generated here is loaded.  A cache entry is named by
 * the hash of its unit's code and the library's sources; before dlopen the
 * shared object's bytes are checked against the hash recorded when this
 * library built it, and the unit reports the code hash it was made from.
 */
#define _GNU_SOURCE 1   /* dladdr, flock, POSIX_SPAWN_SETSID */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "native.h"

/* ---------------------------------------------------------------------- */
/* the unit's source */

/* The hash of the sources every unit is compiled with: computed once
   (200 KB of text), by whichever thread comes first. */
static uint64_t sources_hash(void)
{
    static _Atomic uint64_t known;
    uint64_t h = atomic_load_explicit(&known, memory_order_relaxed);
    if (h)
        return h;
    h = PL_FNV_OFFSET;
    for (const pl_native_file *f = pl_native_files; f->name; f++) {
        h = pl_hash_bytes(h, f->name, strlen(f->name) + 1);
        h = pl_hash_bytes(h, f->text, strlen(f->text) + 1);
    }
    h |= 1;   /* never 0, which means "not yet" */
    atomic_store_explicit(&known, h, memory_order_relaxed);
    return h;
}

/* The sizes and slots of a program a unit is compiled with (VM_PROG). */
#define NATIVE_SCALARS(X) \
    X(ncells) X(ndirs) X(nplayers) X(var_base) X(pvar_base) X(mark_base) X(tomove_slot) \
    X(nlocals)

uint64_t pl_native_code_hash(const pl_program *p)
{
    uint64_t h = pl_hash_bytes(sources_hash(), &p->ncode, sizeof p->ncode);
    h = pl_hash_bytes(h, p->code, (size_t)p->ncode * sizeof *p->code);
#define HASH_SCALAR(f) h = pl_hash_bytes(h, &p->f, sizeof p->f);
    NATIVE_SCALARS(HASH_SCALAR)
#undef HASH_SCALAR
    h = pl_hash_bytes(h, &p->nsets, sizeof p->nsets);
    h = pl_hash_bytes(h, p->sets, (size_t)p->nsets * sizeof *p->sets);
    h = pl_hash_bytes(h, p->neighbor, (size_t)p->ncells * (size_t)p->ndirs * sizeof *p->neighbor);
    return pl_hash_bytes(h, p->dir_opposite, (size_t)p->ndirs * sizeof *p->dir_opposite);
}

/* A table of int32 as a constant array (one element at least: C has no
   empty arrays). */
static void emit_table(FILE *out, const char *name, const int32_t *v, long n)
{
    fprintf(out, "static const int32_t %s[%ld] = {", name, n > 0 ? n : 1);
    for (long i = 0; i < n; i++)
        fprintf(out, "%s%d,", i % 16 ? " " : "\n    ", (int)v[i]);
    fprintf(out, "%s};\n", n > 0 ? "\n" : "0");
}

/* The program's tables the handlers read through VM_PROG, as constants. */
static void emit_program_tables(const pl_program *p, FILE *out)
{
    fprintf(out, "#include \"program.h\"\n");
    fprintf(out, "static const pl_setdesc native_sets[%d] = {", p->nsets > 0 ? (int)p->nsets : 1);
    for (int i = 0; i < p->nsets; i++) {
        const pl_setdesc *d = &p->sets[i];
        fprintf(out, "\n    {%d, %d, %d, %d, %d},", (int)d->kind, (int)d->id, (int)d->arg0,
                (int)d->arg1, (int)d->player);
    }
    fprintf(out, "%s};\n", p->nsets > 0 ? "\n" : "{0}");
    emit_table(out, "native_neighbor", p->neighbor, (long)p->ncells * p->ndirs);
    emit_table(out, "native_dir_opposite", p->dir_opposite, p->ndirs);
    fprintf(out, "#define VM_PROG(field) VM_PROG_##field\n"
                 "#define VM_PROG_sets native_sets\n"
                 "#define VM_PROG_neighbor native_neighbor\n"
                 "#define VM_PROG_dir_opposite native_dir_opposite\n");
#define EMIT_SCALAR(f) fprintf(out, "#define VM_PROG_" #f " %d\n", (int)p->f);
    NATIVE_SCALARS(EMIT_SCALAR)
#undef EMIT_SCALAR
    fprintf(out, "\n");
}

/* The jump operands of the instruction at pc, into t; their number. */
static int jump_targets(const pl_program *p, int pc, int32_t t[4])
{
    const pl_opinfo *o = &pl_opinfo_table[p->code[pc]];
    int n = 0;
    for (int k = 0; k < o->nops; k++)
        if (o->kind[k] == PL_K_JUMP)
            t[n++] = p->code[pc + 1 + k];
    return n;
}

/* One instruction: its handler, then where each answer goes. */
static void emit_instruction(const pl_program *p, int pc, FILE *out)
{
    const pl_opinfo *o = &pl_opinfo_table[p->code[pc]];
    int32_t t[4];
    int nt = jump_targets(p, pc, t);
    fprintf(out, "I%d: switch (vmop_%s(st, &r, code + %d, code, &budget)) {\n", pc, o->name, pc);
    fprintf(out, "    case VA_NEXT: goto I%d;\n", pc + 1 + o->nops);
    fprintf(out, "    case VA_GOTO:");
    for (int k = 0; k < nt; k++)
        fprintf(out, " if (r.target == %d) goto I%d;", (int)t[k], (int)t[k]);
    fprintf(out, " goto dispatch;\n");
    fprintf(out, "    case VA_BACKTRACK: pc = %d; goto backtrack;\n", pc);
    fprintf(out, "    case VA_DONE: goto done;\n");
    fprintf(out, "    case VA_RESAMPLE: goto resample;\n");
    fprintf(out, "    default: goto fail;\n    }\n");
}

/* Text from the game (its title, its file's name) inside a C comment:
   only characters that cannot end the comment or the line. */
static void emit_comment_text(FILE *out, const char *s)
{
    for (; s && *s; s++)
        fputc((*s >= ' ' && *s <= '~' && *s != '*' && *s != '/' && *s != '\\') ||
              (unsigned char)*s >= 0x80 ? *s : '_', out);
}

void pl_native_source(const pl_program *p, FILE *out)
{
    fprintf(out, "/* native code of ");
    emit_comment_text(out, p->title ? p->title : "a game");
    fprintf(out, " (");
    emit_comment_text(out, p->source_name);
    fprintf(out, "), generated by Plateau: do not edit */\n");
    emit_program_tables(p, out);
    fprintf(out, "#include \"native_unit.h\"\n\n");
    emit_table(out, "code", p->code, p->ncode);
    fprintf(out, "\n");
    fprintf(out, "static pl_err run(pl_state *st, int entry, int mode, int32_t *value)\n{\n"
                 "    vm_regs r;\n"
                 "    if (!vm_enter(st, &r, entry, mode))\n"
                 "        return PL_ERR_RUNTIME;\n"
                 "    long budget = st->budget;\n"
                 "    int pc = entry;   /* the instruction a backtrack leaves */\n"
                 "    goto dispatch;\n");
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        emit_instruction(p, pc, out);
    /* past the last instruction: the verifier lets no path get there */
    fprintf(out, "I%d:\n    vm_error(st, %d, \"past the end of the code\");\n    goto fail;\n",
            (int)p->ncode, (int)p->ncode - 1);
    fprintf(out, "dispatch:\n    switch (r.target) {\n");
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        fprintf(out, "    case %d: goto I%d;\n", pc, pc);
    fprintf(out, "    default:\n"
                 "        vm_error(st, pc, \"jump to %%d: not an instruction\", (int)r.target);\n"
                 "        goto fail;\n    }\n");
    fprintf(out, "backtrack:\n"
                 "    switch (vm_backtrack(st, &r, code, &budget, pc)) {\n"
                 "    case VA_GOTO: goto dispatch;\n"
                 "    case VA_DONE: goto done;\n"
                 "    case VA_RESAMPLE: goto resample;\n"
                 "    default: goto fail;\n    }\n"
                 "resample:\n"
                 "    vm_resample(st, &r, &budget);\n"
                 "    r.target = entry;\n"
                 "    goto dispatch;\n"
                 "fail:   /* st->has_err is set */\n"
                 "    if (vm_failed(st, &r, budget) == VA_BACKTRACK)\n"
                 "        goto backtrack;\n"
                 "done:\n"
                 "    return vm_leave(st, &r, budget, value);\n}\n\n");
    fprintf(out, "__attribute__((visibility(\"default\")))\n"
                 "pl_native_run " PL_NATIVE_INIT "(const pl_native_host *host, uint64_t *code_hash)\n"
                 "{\n"
                 "    if (host->size != sizeof *host)\n"
                 "        return 0;\n"
                 "    pl_host = host;\n"
                 "    *code_hash = 0x%016llxull;\n"
                 "    return run;\n}\n",
            (unsigned long long)pl_native_code_hash(p));
}

/* ---------------------------------------------------------------------- */
/* loading */

/* state_int.h declares them inside st_write and st_write_local, where
   the trails grow */
void pl_state_grow_trail(pl_state *st);
void pl_state_grow_ltrail(pl_state *st);

int *pl_vm_collision_check_of_thread(void);
int *pl_vm_collision_check_of_thread(void)
{
    return &pl_vm_collision_check;
}

static const pl_native_host host = {
    .size = sizeof(pl_native_host),
#define NATIVE_FN(ret, name, params, args) .name = name,
#define NATIVE_VOID(name, params, args) .name = name,
#include "native_host.h"
#undef NATIVE_FN
#undef NATIVE_VOID
    .pl_out_of_memory = pl_out_of_memory,
    .setkind_table = pl_setkind_table,
};

static void native_free(pl_program_cache *c)
{
    pl_native *n = (pl_native *)c;
    /* the handle stays open: a thread of the process may still be in the
       code (programs are freed when no state uses them, but a library may
       be loaded by several programs); the OS reclaims it at exit */
    free(n);
}

/* FNV-1a of a file's bytes; 0 when it cannot be read. */
static uint64_t file_hash(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint64_t h = PL_FNV_OFFSET;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        h = pl_hash_bytes(h, buf, n);
    int bad = ferror(f);
    fclose(f);
    return bad ? 0 : h;
}

static void say(char *why, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t cap, const char *fmt, ...)
{
    if (!why || !cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
}

int pl_native_attach(pl_program *p, const char *so_path, char *why, size_t cap)
{
    void *h = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        say(why, cap, "cannot load %s: %s", so_path, dlerror());
        return 0;
    }
    pl_native_init_fn init;
    *(void **)&init = dlsym(h, PL_NATIVE_INIT);
    uint64_t made_from = 0;
    pl_native_run run = init ? init(&host, &made_from) : NULL;
    if (!run || made_from != pl_native_code_hash(p)) {
        say(why, cap, "%s was not made from this game's code by this build", so_path);
        dlclose(h);
        return 0;
    }
    pl_native *n = pl_calloc(1, sizeof *n);
    n->base.free = native_free;
    n->run = run;
    n->handle = h;
    pl_program_cache *expected = NULL;
    if (!atomic_compare_exchange_strong(&p->native, &expected, &n->base))
        free(n);     /* another thread attached first: the same code */
    return 1;
}

/* ---------------------------------------------------------------------- */
/* building, into the cache */

static int instructions(const pl_program *p)
{
    int n = 0;
    for (int pc = 0; pc < p->ncode; pc += 1 + pl_opinfo_table[p->code[pc]].nops)
        n++;
    return n;
}

/* The C compiler: PLATEAU_CC, else cc. */
static const char *compiler(void)
{
    const char *cc = getenv("PLATEAU_CC");
    return cc && *cc ? cc : "cc";
}

/* The cache: PLATEAU_CACHE, else $XDG_CACHE_HOME/plateau, else
   ~/.cache/plateau; then a directory per build of the library (the hash of
   the sources its units are made of). */
static int cache_dir(char *out, size_t cap)
{
    const char *env = getenv("PLATEAU_CACHE"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (env && *env)
        n = snprintf(out, cap, "%s", env);
    else if (xdg && *xdg)
        n = snprintf(out, cap, "%s/plateau", xdg);
    else if (home && *home)
        n = snprintf(out, cap, "%s/.cache/plateau", home);
    else
        return 0;
    if (n < 0 || (size_t)n >= cap)
        return 0;
    size_t len = (size_t)n;
    /* the compiler and its extra flags make other objects of the same code */
    const char *flags = getenv("PLATEAU_CFLAGS");
    uint64_t h = pl_hash_bytes(sources_hash(), compiler(), strlen(compiler()) + 1);
    h = pl_hash_bytes(h, flags ? flags : "", flags ? strlen(flags) : 0);
    n = snprintf(out + len, cap - len, "/native-%016llx", (unsigned long long)h);
    return n > 0 && (size_t)n < cap - len;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof buf)
        return 0;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != 0)
            continue;
        char c = buf[i];
        buf[i] = 0;
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return 0;
        buf[i] = c;
    }
    return 1;
}

/* Write text to path through a temporary file and a rename, so that a
   reader never sees half of it. */
static int write_file(const char *path, const char *text, size_t len)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return 0;
    int ok = fwrite(text, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok)
        remove(tmp);
    return ok;
}

static int write_sources(const char *dir)
{
    char path[4200];
    for (const pl_native_file *f = pl_native_files; f->name; f++) {
        snprintf(path, sizeof path, "%s/%s", dir, f->name);
        if (!write_file(path, f->text, strlen(f->text)))
            return 0;
    }
    return 1;
}


/* Run the C compiler on src into so; its messages into log.  1 if it made
   the shared object; 0 when it could not be started (nothing in log), -1
   when it ran and failed (its messages in log). */
static int run_compiler(const char *dir, const char *src, const char *so, const char *log,
                        char *why, size_t cap)
{
    char inc[4200], flags[512];
    snprintf(inc, sizeof inc, "-I%s", dir);
    const char *argv[40] = {compiler(), "-std=gnu11", "-O2", "-fPIC", "-shared",
                            "-fvisibility=hidden", "-DNDEBUG",
#ifdef __POPCNT__
                            "-mpopcnt",   /* the library's own popcount */
#endif
    };
    int n = 0;
    while (argv[n])
        n++;
    /* PLATEAU_CFLAGS: more flags, separated by spaces (-g to profile) */
    const char *extra = getenv("PLATEAU_CFLAGS");
    snprintf(flags, sizeof flags, "%s", extra ? extra : "");
    for (char *f = strtok(flags, " "); f && n < 34; f = strtok(NULL, " "))
        argv[n++] = f;
    argv[n++] = inc;
    argv[n++] = "-o";
    argv[n++] = so;
    argv[n++] = src;
    argv[n] = NULL;
    posix_spawn_file_actions_t io;
    posix_spawn_file_actions_init(&io);
    posix_spawn_file_actions_addopen(&io, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&io, 1, 2);
    pid_t pid;
    extern char **environ;
    int err = posix_spawnp(&pid, argv[0], &io, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&io);
    if (err != 0) {
        if (err == ENOENT)
            say(why, cap, "no C compiler (%s) found", argv[0]);
        else
            say(why, cap, "cannot start the C compiler (%s): %s", argv[0], strerror(err));
        return 0;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        say(why, cap, "no C compiler (%s) found", argv[0]);
        return 0;
    }
    say(why, cap, "the C compiler (%s) failed: see %s", argv[0], log);
    return -1;
}

/* The recorded hash of a shared object this library built: <so>.sum. */
static uint64_t recorded_hash(const char *sum)
{
    FILE *f = fopen(sum, "r");
    unsigned long long h = 0;
    if (!f)
        return 0;
    if (fscanf(f, "%llx", &h) != 1)
        h = 0;
    fclose(f);
    return h;
}

/* Whether the C compiler can be found: an executable file at its path,
   or in a directory of PATH; else 0 and why. */
static int compiler_found(char *why, size_t cap)
{
    const char *cc = compiler();
    char file[4200];
    if (strchr(cc, '/')) {
        if (access(cc, X_OK) == 0)
            return 1;
    } else {
        const char *path = getenv("PATH");
        if (!path)
            path = "/usr/local/bin:/usr/bin:/bin";
        for (const char *dir = path; ; ) {
            size_t n = strcspn(dir, ":");     /* an empty entry is the current directory */
            int len = n ? snprintf(file, sizeof file, "%.*s/%s", (int)n, dir, cc)
                        : snprintf(file, sizeof file, "./%s", cc);
            if (len > 0 && (size_t)len < sizeof file && access(file, X_OK) == 0)
                return 1;
            if (!dir[n])
                break;
            dir += n + 1;
        }
    }
    say(why, cap, "no C compiler (%s) found", cc);
    return 0;
}

/* 1 when the program is small enough to compile; else 0 and why. */
static int small_enough(const pl_program *p, char *why, size_t cap)
{
    int n = instructions(p);
    if (n <= PL_NATIVE_MAX_INSTRUCTIONS)
        return 1;
    say(why, cap, "the game is too large for native code (%d instructions; the limit is %d, "
        "as the C compiler's time grows faster than the code)", n, PL_NATIVE_MAX_INSTRUCTIONS);
    return 0;
}

/* Write the program's unit as src and the sources it includes into dir
   (the compiler's -I).  0 with the reason when a file cannot be written. */
static int write_unit(const pl_program *p, const char *dir, const char *src, char *why, size_t cap)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int ok = mem != NULL;
    if (ok) {
        pl_native_source(p, mem);
        ok = fclose(mem) == 0;
    }
    if (!ok || !write_sources(dir) || !write_file(src, text, len)) {
        say(why, cap, "cannot write the generated code into %s: %s", dir, strerror(errno));
        ok = 0;
    }
    free(text);
    return ok;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

/* The program's entry in the cache: its directory (created) into dir,
   its shared object's path into so.  0 with the reason when there is
   none. */
static int cache_entry(const pl_program *p, char *dir, size_t dir_cap, char *so, size_t so_cap,
                       char *why, size_t cap)
{
    if (!cache_dir(dir, dir_cap)) {
        say(why, cap, "no cache directory (set PLATEAU_CACHE or HOME)");
        return 0;
    }
    if (!make_dirs(dir)) {
        say(why, cap, "cannot create the cache directory %s: %s", dir, strerror(errno));
        return 0;
    }
    snprintf(so, so_cap, "%s/%016llx.so", dir, (unsigned long long)pl_native_code_hash(p));
    return 1;
}

/* Whether the shared object at so is one this library built, unchanged:
   its bytes hash to what <so>.sum recorded. */
static int entry_built(const char *so)
{
    char sum[4300];
    snprintf(sum, sizeof sum, "%s.sum", so);
    uint64_t have = recorded_hash(sum);
    return have != 0 && have == file_hash(so);
}

/* The lock a builder in the background holds on its cache entry for as
   long as it runs (pl_native_spawn_builder): open on <so>.building, taken
   without waiting.  The descriptor, or -1 when another process holds it
   (or it cannot be opened). */
static int claim_entry(const char *so)
{
    char path[4300];
    snprintf(path, sizeof path, "%s.building", so);
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

int pl_native_lookup(const pl_program *p, char *so, size_t so_cap, char *why, size_t cap)
{
    char dir[4096], failed[4200], reason[512];
    if (!small_enough(p, why, cap) || !cache_entry(p, dir, sizeof dir, so, so_cap, why, cap))
        return -1;
    if (entry_built(so))
        return 1;
    /* a build that failed is not tried again by itself (auto would start
       it at every run): its reason stays until the file is deleted */
    snprintf(failed, sizeof failed, "%s.failed", so);
    FILE *f = fopen(failed, "r");
    if (f) {
        size_t n = fread(reason, 1, sizeof reason - 1, f);
        fclose(f);
        reason[n] = 0;
        reason[strcspn(reason, "\n")] = 0;
        say(why, cap, "building it failed before (%s); delete %s to try again", reason, failed);
        return -1;
    }
    return compiler_found(why, cap) ? 0 : -1;
}

long pl_native_spawn_builder(const pl_program *p, char *const argv[], char *why, size_t cap)
{
    char dir[4096], so[4200];
    if (!cache_entry(p, dir, sizeof dir, so, sizeof so, why, cap))
        return -1;
    int lock = claim_entry(so);
    if (lock < 0)
        return 0;      /* a builder is at work */
    if (entry_built(so)) {    /* one finished since the caller looked */
        close(lock);
        return 0;
    }
    /* the builder inherits the locked descriptor: the entry stays claimed
       until it (and the compiler it runs) exits, whatever this process does */
    posix_spawnattr_t attr;
    posix_spawn_file_actions_t io;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
    posix_spawn_file_actions_init(&io);
    posix_spawn_file_actions_addopen(&io, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&io, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&io, 1, 2);
    extern char **environ;
    pid_t pid;
    int err = posix_spawn(&pid, argv[0], &io, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&io);
    posix_spawnattr_destroy(&attr);
    close(lock);
    if (err != 0) {
        say(why, cap, "cannot start %s: %s", argv[0], strerror(err));
        return -1;
    }
    return (long)pid;
}

int pl_native_build(const pl_program *p, char *so, size_t so_cap, int *built, double *seconds,
                    char *why, size_t cap)
{
    char dir[4096], path[4200], sum[4200], log[4200], failed[4200];
    *built = 0;
    *seconds = 0;
    if (!small_enough(p, why, cap) || !cache_entry(p, dir, sizeof dir, so, so_cap, why, cap))
        return 0;
    unsigned long long key = (unsigned long long)pl_native_code_hash(p);
    snprintf(sum, sizeof sum, "%s.sum", so);
    snprintf(failed, sizeof failed, "%s.failed", so);
    /* one builder at a time: another process may be building the same */
    snprintf(path, sizeof path, "%s/lock", dir);
    int lock = open(path, O_RDWR | O_CREAT, 0644);
    if (lock < 0 || flock(lock, LOCK_EX) != 0) {
        say(why, cap, "cannot lock the cache %s: %s", path, strerror(errno));
        if (lock >= 0)
            close(lock);
        return 0;
    }
    int ok = entry_built(so);
    if (!ok) {
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        char src[4200], tmp[4200];
        snprintf(src, sizeof src, "%s/%016llx.c", dir, key);
        snprintf(tmp, sizeof tmp, "%s.%ld.tmp", so, (long)getpid());
        snprintf(log, sizeof log, "%s/%016llx.log", dir, key);
        int compiled = write_unit(p, dir, src, why, cap) ? run_compiler(dir, src, tmp, log, why, cap) : 0;
        ok = compiled == 1 && rename(tmp, so) == 0;
        if (!ok)
            remove(tmp);
        if (compiled == -1) {     /* the compiler ran and failed: remembered */
            char line[600];
            int n = snprintf(line, sizeof line, "%s\n", why ? why : "the C compiler failed");
            write_file(failed, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
        }
        if (ok) {
            remove(failed);
            char line[32];
            int n = snprintf(line, sizeof line, "%016llx\n", (unsigned long long)file_hash(so));
            ok = write_file(sum, line, (size_t)n);
            if (!ok)
                say(why, cap, "cannot write %s", sum);
        }
        *seconds = seconds_since(&t0);
        *built = ok;
    }
    flock(lock, LOCK_UN);
    close(lock);
    return ok;
}

/* ---------------------------------------------------------------------- */
/* exporting, out of the cache (plateau compile --native) */

/* Remove what write_unit and the compiler left in a scratch directory,
   then the directory. */
static void remove_unit(const char *dir)
{
    char path[4200];
    for (const pl_native_file *f = pl_native_files; f->name; f++) {
        snprintf(path, sizeof path, "%s/%s", dir, f->name);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/unit.c", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/unit.log", dir);
    remove(path);
    rmdir(dir);
}

/* The directory the unit is written to: c_dir (created), else a scratch
   directory under TMPDIR (into dir, *scratch set). */
static int export_dir(const char *c_dir, char *dir, size_t dir_cap, int *scratch, char *why,
                      size_t cap)
{
    *scratch = !c_dir;
    if (c_dir) {
        snprintf(dir, dir_cap, "%s", c_dir);
        if (strlen(c_dir) < dir_cap && make_dirs(c_dir))
            return 1;
        say(why, cap, "cannot create %s: %s", c_dir, strerror(errno));
        return 0;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, dir_cap, "%s/plateau-native-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir))
        return 1;
    say(why, cap, "cannot create a scratch directory %s: %s", dir, strerror(errno));
    return 0;
}

/* Compile dir/unit.c into so_path, through a temporary file and a rename
   (nothing is left at so_path when it fails): run_compiler's answer, or 0
   when so_path cannot be written. */
static int compile_unit_to(const char *dir, const char *so_path, double *seconds, char *why,
                           size_t cap)
{
    char src[4200], log[4200], tmp[4200];
    snprintf(src, sizeof src, "%s/unit.c", dir);
    snprintf(log, sizeof log, "%s/unit.log", dir);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", so_path, (long)getpid());
    /* the output's directory is checked before the compiler's seconds */
    FILE *f = fopen(tmp, "wb");
    if (!f || fclose(f) != 0) {
        say(why, cap, "cannot write %s: %s", so_path, strerror(errno));
        return 0;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int compiled = run_compiler(dir, src, tmp, log, why, cap);
    *seconds = seconds_since(&t0);
    if (compiled == 1 && rename(tmp, so_path) != 0) {
        say(why, cap, "cannot write %s: %s", so_path, strerror(errno));
        compiled = 0;
    }
    if (compiled != 1)
        remove(tmp);
    return compiled;
}

int pl_native_export(const pl_program *p, const char *so_path, const char *c_dir,
                     double *seconds, char *why, size_t cap)
{
    char dir[4096], src[4200];
    int scratch;
    *seconds = 0;
    if (!small_enough(p, why, cap) || !export_dir(c_dir, dir, sizeof dir, &scratch, why, cap))
        return 0;
    snprintf(src, sizeof src, "%s/unit.c", dir);
    int ok = write_unit(p, dir, src, why, cap), compiled = 0;
    if (ok && so_path) {
        compiled = compile_unit_to(dir, so_path, seconds, why, cap);
        ok = compiled == 1;
    }
    /* a failed compile keeps its scratch directory: the message names its log */
    if (scratch && compiled != -1)
        remove_unit(dir);
    return ok;
}
