/*
 * diag.h -- diagnostics as data.  The front end, the checker, the compiler
 * and the bytecode loader add diagnostics to a pl_diags; only the CLI prints
 * them.  Each diagnostic keeps a copy of its source line so that printing
 * needs nothing else.
 */
#ifndef PLATEAU_DIAG_H
#define PLATEAU_DIAG_H

#include <stdint.h>
#include <stdio.h>
#include "plateau.h"

/* pl_severity and pl_diag are public (plateau.h); the list is not. */
struct pl_diags {
    pl_diag *items;
    int count, cap;
    int errors;        /* number of PL_SEV_ERROR items */
    int max_errors;    /* stop recording errors after this many (0: 20) */
    int warnings;      /* number of PL_SEV_WARNING items */
    /* Warnings past PL_DIAG_MAX_WARNINGS are counted, not kept: a
     * generated file can earn one per declaration.  Each distinct one is
     * counted once (a set of their hashes); pl_diags_finish reports them. */
    int more_warnings;
    uint64_t *more_seen;
    size_t more_seen_cap;
};

/* Warnings recorded before the rest are only counted. */
enum { PL_DIAG_MAX_WARNINGS = 100 };

void pl_diags_init(pl_diags *d);
void pl_diags_free(pl_diags *d);
/* Forget the diagnostics added after the first `count` (warnings only
 * counted past the cap are not forgotten: none is added meanwhile). */
void pl_diags_truncate(pl_diags *d, int count);
/* End a list: the warnings past the cap become one note, "N more
 * warnings", naming `file`.  The compiler calls it once it is done. */
void pl_diags_finish(pl_diags *d, const char *file);

/* Add a diagnostic.  `text` is the whole source (may be NULL); the line is
 * copied out of it (a window around the columns when the line is longer
 * than 200 bytes).  Printf-style message.  Returns 1 when the diagnostic
 * was recorded, 0 when it was dropped: the same one already recorded (a
 * rule compiled once per player), or the list closed after max_errors. */
int pl_diag_add(pl_diags *d, pl_severity sev, const char *file,
                 const char *text, int line, int col, int end_col,
                 const char *fmt, ...) PL_PRINTF(8, 9);

/* Print every diagnostic as
 *   file:line:col: error: message
 *      12 | source line
 *         |     ^~~~
 * A window of a long line is printed, with "..." where the line is cut.
 */
void pl_diags_print(const pl_diags *d, FILE *out);

/* The same as JSON, one object per diagnostic and per line (JSON Lines):
 *   {"file":"g.game","line":12,"col":5,"end_col":8,"severity":"error",
 *    "message":"...","source":"  pick c in empty_celss"}
 * "file" and "source" are null when unknown; line and col are 0 when
 * unknown.  Columns count bytes from 1, as in the text form. */
void pl_diag_print_json(const pl_diag *g, FILE *out);
void pl_diags_print_json(const pl_diags *d, FILE *out);

/* Write `s` as a JSON string with its quotes (null when s is NULL).
 * Quotes, backslashes and control characters are escaped, and bytes that
 * are not valid UTF-8 become U+FFFD, so the output is always valid JSON
 * whatever the input file holds. */
void pl_json_string(const char *s, FILE *out);

/* "error", "warning" or "note". */
const char *pl_severity_name(pl_severity sev);

#endif
