/*
 * builtins.c -- the builtin table of builtins.h as data: names, arities,
 * argument kinds, result types, lowerings and docs, for code generation,
 * the "did you mean" hints and the tests.
 *
 * Like opinfo.c, designated initializers tie each row to its enum value.
 * The lowering target is resolved here for the regular lowerings (an
 * opcode, a set kind); a HANDLER row names a function of codegen.c,
 * which builds its own table of them from the same rows.
 */
#include <stdio.h>
#include <string.h>
#include "compile_int.h"

/* Result columns: the type of a value, or of a set's elements. */
#define BI_TYPE_NUMBER  T_INT
#define BI_TYPE_CELL    T_CELL
#define BI_TYPE_DIR     T_DIR
#define BI_TYPE_PLAYER  T_PLAYER
#define BI_TYPE_KIND    T_KIND
#define BI_TYPE_CELLS   T_CELL
#define BI_TYPE_NUMBERS T_INT

/* Lowering columns: the opcode or set kind the target names. */
#define BI_TARGET_OP(t)      PL_OP_##t
#define BI_TARGET_SET(t)     PL_SET_##t
#define BI_TARGET_HANDLER(t) -1

const cc_builtin cc_builtins[CC_BI_COUNT] = {
#define BUILTIN(name, min, max, a1, a2, a3, result, lowering, target, range, doc) \
    [CC_BI_##name] = { #name, min, max, { BA_##a1, BA_##a2, BA_##a3 },            \
                       BI_TYPE_##result, BL_##lowering,                           \
                       BI_TARGET_##lowering(target), doc },
#include "builtins.h"
#undef BUILTIN
};

const cc_builtin_name cc_builtin_names[CC_BN_COUNT] = {
#define BUILTIN_NAME(name, result, lowering, target, doc)                         \
    [CC_BN_##name] = { #name, BI_TYPE_##result, BL_##lowering,                    \
                       BI_TARGET_##lowering(target), doc },
#include "builtins.h"
#undef BUILTIN_NAME
};

/* Both lookups run for most names the compiler meets (a fifth to two
 * fifths of the time of compiling a large game went to strcmp here):
 * the first letter, compared inline, rules out most entries. */
const cc_builtin *cc_builtin_find(const char *name)
{
    for (int i = 0; i < CC_BI_COUNT; i++)
        if (cc_builtins[i].name[0] == name[0] && strcmp(cc_builtins[i].name, name) == 0)
            return &cc_builtins[i];
    return NULL;
}

const cc_builtin_name *cc_builtin_name_find(const char *name)
{
    for (int i = 0; i < CC_BN_COUNT; i++)
        if (cc_builtin_names[i].name[0] == name[0] && strcmp(cc_builtin_names[i].name, name) == 0)
            return &cc_builtin_names[i];
    return NULL;
}

const char *cc_builtin_arity(const cc_builtin *b, char *buf, size_t size)
{
    if (b->min_args == b->max_args)
        snprintf(buf, size, "%d argument%s", b->min_args, b->min_args == 1 ? "" : "s");
    else
        snprintf(buf, size, "%d %s %d arguments", b->min_args,
                 b->max_args == b->min_args + 1 ? "or" : "to", b->max_args);
    return buf;
}
