/*
 * cli_json.h -- just enough JSON for the command line's result files
 * (`match --json`, `merge`, `balance --json`): a reader into a small tree
 * and a writer of escaped strings.  The results are ours, so no schema
 * language; but a file is input, so a bad one gets an error with its line
 * and column, never a crash (nesting is bounded, every byte is checked).
 */
#ifndef PLATEAU_CLI_JSON_H
#define PLATEAU_CLI_JSON_H

#include <stdint.h>
#include <stdio.h>

typedef enum {
    PL_JSON_NULL, PL_JSON_BOOL, PL_JSON_NUMBER, PL_JSON_STRING,
    PL_JSON_ARRAY, PL_JSON_OBJECT
} pl_json_kind;

typedef struct pl_json pl_json;
struct pl_json {
    pl_json_kind kind;
    int boolean;
    double number;
    char *text;          /* a string's value, or a number as written */
    pl_json **items;     /* array elements, object values */
    char **keys;         /* object keys (NULL for an array) */
    int n;
};

/* Parse a whole text: the tree, or NULL with "line L, column C: why" in err. */
pl_json *pl_json_parse(const char *text, char *err, size_t errlen);
void pl_json_free(pl_json *v);

/* The member `key` of an object (NULL when absent or not an object). */
const pl_json *pl_json_get(const pl_json *obj, const char *key);
/* The member `key` if it has kind `kind`, else NULL. */
const pl_json *pl_json_get_kind(const pl_json *obj, const char *key,
                                pl_json_kind kind);
/* A whole number written without fraction or exponent, in [min, max]:
 * 0 and *out, or -1. */
int pl_json_integer(const pl_json *v, long long min, long long max,
                    long long *out);
/* The same for an unsigned 64-bit number (seeds use the whole range). */
int pl_json_u64(const pl_json *v, uint64_t *out);

/* Write `s` as a JSON string, quoted and escaped. */
void pl_json_write_string(FILE *out, const char *s);

#endif
