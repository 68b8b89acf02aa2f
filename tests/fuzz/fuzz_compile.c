/*
 * fuzz_compile.c -- libFuzzer harness for the front end: the input is the
 * text of a game file, compiled with the stdlib of the source tree (see
 * pl_fuzz_compile in fuzz_targets.h).  Built and run by tests/fuzz/run.
 */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pl_fuzz_compile(data, size);
}
