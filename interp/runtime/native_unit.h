/*
 * native_unit.h -- the start of every generated native unit (native.c):
 * the library's functions vm.c calls, as calls through the table the
 * library hands over when it loads the code (native_host.h), then vm.c
 * itself.  Not part of the library's build: it is written out, with the
 * headers it needs, next to each game's generated code.
 */
#define PL_NATIVE_UNIT 1
#include <stdlib.h>
#include "state_int.h"
#include "native.h"

static const pl_native_host *pl_host;

#define NATIVE_FN(ret, name, params, args) \
    ret name params { return pl_host->name args; }
#define NATIVE_VOID(name, params, args) \
    void name params { pl_host->name args; }
#include "native_host.h"
#undef NATIVE_FN
#undef NATIVE_VOID

_Noreturn void pl_out_of_memory(size_t size)
{
    pl_host->pl_out_of_memory(size);
    abort();   /* the library's never returns */
}

#define pl_vm_collision_check (*pl_host->pl_vm_collision_check_of_thread())
#define pl_setkind_table (pl_host->setkind_table)

#include "vm.c"
