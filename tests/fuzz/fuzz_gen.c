/*
 * fuzz_gen.c -- libFuzzer harness past the parser: the input is a string
 * of grammar choices, from which gen_game.h writes a valid game file that
 * is compiled, checked and played (see pl_fuzz_gen in fuzz_targets.h).
 * Byte-level fuzzing of the source (fuzz_compile) mostly stops at syntax
 * errors; these games reach the analyses, the code generator, the
 * verifier and the VM.  Built and run by tests/fuzz/run.
 */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pl_fuzz_gen(data, size);
}
