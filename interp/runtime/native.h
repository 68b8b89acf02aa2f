/*
 * native.h -- native code: a game's move programs compiled to machine code
 * through the system's C compiler (native.c).
 *
 * The generated unit is vm.c itself (the interpreter, with its helpers)
 * followed by one function that runs the game's code: each instruction is
 * its handler from vm_ops.h, expanded in place with the code a constant
 * array, so operands are constants and the dispatch is gone.  The same
 * handlers run the interpreter: the two back ends cannot disagree.
 */
#ifndef PLATEAU_NATIVE_H
#define PLATEAU_NATIVE_H

#include <stdint.h>
#include "state_int.h"

/* The largest program compiled to native code, in instructions: the C
   compiler's time grows faster than the unit (3,000 instructions took
   about 45 s on a 2-core machine, 17,000 more than 10 minutes). */
enum { PL_NATIVE_MAX_INSTRUCTIONS = 4000 };

/* A source file the unit is compiled with (embedded at build time). */
typedef struct {
    const char *name;
    const char *text;
} pl_native_file;
extern const pl_native_file pl_native_files[];

/* The library's functions native code calls (native_host.h). */
typedef struct pl_native_host {
    uint32_t size;            /* sizeof(pl_native_host): a unit of another build refuses */
#define NATIVE_FN(ret, name, params, args) ret (*name) params;
#define NATIVE_VOID(name, params, args) void (*name) params;
#include "native_host.h"
#undef NATIVE_FN
#undef NATIVE_VOID
    void (*pl_out_of_memory)(size_t size);
    const pl_setkind_info *setkind_table;
} pl_native_host;

/* A run of the game's code: pl_vm_run's contract. */
typedef pl_err (*pl_native_run)(pl_state *st, int entry, int mode, int32_t *value);

/* What a unit exports: given the host, its run function and the hash of
   the code it was generated from (0 when the host does not fit). */
typedef pl_native_run (*pl_native_init_fn)(const pl_native_host *host, uint64_t *code_hash);
#define PL_NATIVE_INIT "pl_native_init"

/* The native code of a program, held by it (pl_program.native). */
typedef struct pl_native {
    pl_program_cache base;
    pl_native_run run;
    void *handle;             /* dlopen's */
} pl_native;

#ifndef PL_NATIVE_UNIT
/* The unit of a program as C source, into out. */
void pl_native_source(const pl_program *p, FILE *out);
/* The hash of the code a unit is generated from. */
uint64_t pl_native_code_hash(const pl_program *p);
/* Whether the cache holds the program's native code, without building
   it or waiting for a builder: 1 and its path into so; 0 when it does not
   but a build may make it; -1 with the reason in why when no build will
   (too large, no C compiler, a build that failed before). */
int pl_native_lookup(const pl_program *p, char *so, size_t so_cap, char *why, size_t cap);
/* Start argv (a command that builds the program's native code into the
   cache, such as `plateau compile --native --cache --background GAME`)
   in a session of its own, its output discarded, not waited for.  At most
   one builder per cache entry: it holds a lock on the entry till it exits.
   The builder's pid; 0 when one is at work already (or the code is
   built); -1 with the reason in why. */
long pl_native_spawn_builder(const pl_program *p, char *const argv[], char *why, size_t cap);
/* Make sure the cache holds the program's native code, building it with
   the C compiler if not (one process at a time): its path into so; *built
   says whether it was built now, *seconds how long that took.  0 with the
   reason in why when it cannot. */
int pl_native_build(const pl_program *p, char *so, size_t so_cap, int *built, double *seconds,
                    char *why, size_t cap);
/* Load the shared object at so_path, which must hold this program's
   native code made by this build: from then on the program's runs go to
   it.  0 with the reason in why when it cannot. */
int pl_native_attach(pl_program *p, const char *so_path, char *why, size_t cap);
/* Write the program's native code out of the cache (plateau compile
   --native): its unit as c_dir/unit.c with the sources it includes when
   c_dir is not NULL, and the shared object the C compiler makes of it
   (same compiler, flags and PLATEAU_CFLAGS as the cache's) as so_path
   when that is not NULL; *seconds, the compiler's time.  Nothing here
   loads it.  0 with the reason in why when it cannot. */
int pl_native_export(const pl_program *p, const char *so_path, const char *c_dir,
                     double *seconds, char *why, size_t cap);
#endif

#endif
