/*
 * fuzz_gen_native.c -- libFuzzer harness for native code: the games of
 * gen_game.h (as fuzz_gen) compiled to native code as well, whose trace
 * must be the interpreter's (pl_fuzz_gen_native in fuzz_targets.h).  Each
 * input costs a run of the C compiler (about 2 s): run it on its own,
 * `tests/fuzz/run 1800 gen_native`; the fast suite checks two games
 * (tests/test_native_cli.c).
 */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pl_fuzz_gen_native(data, size);
}
