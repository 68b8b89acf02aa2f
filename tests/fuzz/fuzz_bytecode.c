/*
 * fuzz_bytecode.c -- libFuzzer harness for the bytecode loader and
 * verifier: the input is a .pbc file; what loads is disassembled and
 * played for a few plies (see pl_fuzz_bytecode in fuzz_targets.h).
 * Built and run by tests/fuzz/run.
 */
#include "fuzz_targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return pl_fuzz_bytecode(data, size);
}
