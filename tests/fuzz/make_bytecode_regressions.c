/*
 * make_bytecode_regressions.c -- write the bytecode regressions of
 * tests/fuzz/bytecode_regressions.h as tests/fuzz/regressions/bytecode-NAME,
 * in the current bytecode format.
 *
 * Usage: make_bytecode_regressions [DIR]   (default tests/fuzz/regressions,
 * from the source tree; `cmake --build build --target bytecode_regressions`
 * runs it there).  Run it after every change of the format
 * (PL_BYTECODE_VERSION): tests/test_validate.c fails on a kept file
 * written in another version.  Each file is checked before it is written:
 * it must do what its row says (refused by the verifier with its message,
 * a runtime error, or the row's checks of play).  Exit status 1 when a row
 * cannot be made or does not do it, nothing written for that row.
 */
#include "bytecode_regressions.h"

static const char *outcome_text(const pl_bcreg *r)
{
    switch (r->outcome) {
    case PL_BCREG_REFUSED: return "refused by the verifier";
    case PL_BCREG_RUNTIME_ERROR: return "loads, stops with a runtime error";
    default: return "loads and plays";
    }
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/fuzz/regressions";
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: make_bytecode_regressions [DIR]\n");
        return 2;
    }
    int failed = 0;
    for (int i = 0; i < PL_BCREG_COUNT; i++) {
        const pl_bcreg *r = &pl_bcreg_table[i];
        char why[1024], path[4096];
        uint8_t *bytes;
        size_t len;
        snprintf(path, sizeof path, "%s/bytecode-%s", dir, r->name);
        if (pl_bcreg_make(r, &bytes, &len, why, sizeof why) != 0 ||
            pl_bcreg_check(r, bytes, len, why, sizeof why) != NULL) {
            fprintf(stderr, "%s: not written: %s\n", path, why);
            free(bytes);
            failed = 1;
            continue;
        }
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0) {
            perror(path);
            free(bytes);
            return 1;
        }
        free(bytes);
        printf("%s: %zu bytes, version %d: %s%s%s%s\n", path, len, PL_BYTECODE_VERSION,
               outcome_text(r), r->message ? " (\"" : "", r->message ? r->message : "",
               r->message ? "\")" : "");
    }
    return failed;
}
