/*
 * fuzz_movetext.c -- libFuzzer harness for typed moves: a shipped game, a
 * few random plies, then the input as a move text for pl_movelist_find and
 * pl_explain (see pl_fuzz_movetext in fuzz_targets.h).  Built and run by
 * tests/fuzz/run.
 */
#include "fuzz_targets.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Compile the games before the first input, not during it. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    pl_fuzz_games();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pl_fuzz_movetext(data, size);
}
