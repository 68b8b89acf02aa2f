/*
 * main.c -- the `plateau` executable.  Everything lives in the library
 * (cli*.c) so that tests can drive the command line in-process.
 */
#include <stdio.h>
#include "cli.h"

int main(int argc, char **argv)
{
    int rc = pl_cli_main(argc, argv);
    /* A failed write (full disk, closed pipe) must not pass for success. */
    if (fflush(stdout) != 0 && rc == PL_EXIT_OK)
        rc = PL_EXIT_FAIL;
    return rc;
}
