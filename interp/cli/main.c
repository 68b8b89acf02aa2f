/*
 * main.c -- the `plateau` executable.  Everything lives in the library
 * (cli*.c) so that tests can drive the command line in-process.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

int main(int argc, char **argv)
{
    int rc = pl_cli_main(argc, argv);
    /* A failed write (full disk, closed pipe) must not pass for success:
     * fflush for what is still buffered, ferror for what failed before,
     * fclose for what the system reports only then. */
    errno = 0;
    int failed = fflush(stdout) != 0 || ferror(stdout);
    failed |= fclose(stdout) != 0;
    if (failed) {
        fprintf(stderr, "plateau: cannot write the output: %s\n",
                errno ? strerror(errno) : "write error");
        if (rc == PL_EXIT_OK)
            rc = PL_EXIT_FAIL;
    }
    return rc;
}
